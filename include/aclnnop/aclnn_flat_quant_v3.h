/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_flat_quant_v3.h: Per token m of x [M, N1, N2]: x'' = kroneckerP1 @
 * x[m] @ kroneckerP2, quantScale[m] = max|x''| * clipRatio / 7 and out = x'' /
 * quantScale as INT4 (or INT32 holding eight INT4 values).
 *
 * Two phases as every aclnn operator (aclnn/aclnn_base.h); workspaceSize is
 * always 0 in cpuacl. docs/operators.md ("Quantisation") lists types and codes.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_FLAT_QUANT_V3_H
#define CPUACL_ACLNNOP_ACLNN_FLAT_QUANT_V3_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* groupListOptional (INT64; groupListType 0 cumulative sizes, 1 sizes, 2 [index, size]
 * pairs) selects the first tokens to compute; the others are not written. */
ACL_FUNC_VISIBILITY aclnnStatus aclnnFlatQuantV3GetWorkspaceSize(const aclTensor *x, const aclTensor *kroneckerP1, const aclTensor *kroneckerP2, const aclTensor *groupListOptional, double clipRatio, double dstTypeMax, int64_t groupListType, aclTensor *out, aclTensor *quantScale, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnFlatQuantV3(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_FLAT_QUANT_V3_H */
