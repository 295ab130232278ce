/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_flat_quant_v2.h: Per token m of x [M, N1, N2]: x'' = kroneckerP1 @
 * x[m] @ kroneckerP2, quantScale[m] = max|x''| * clipRatio / 7 and out = x'' /
 * quantScale as INT4 (or INT32 holding eight INT4 values).
 *
 * Two phases as every aclnn operator (aclnn/aclnn_base.h); workspaceSize is
 * always 0 in cpuacl. docs/operators.md ("Quantisation") lists types and codes.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_FLAT_QUANT_V2_H
#define CPUACL_ACLNNOP_ACLNN_FLAT_QUANT_V2_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* dstTypeMax is read by the FLOAT4_E2M1 (per-group) form only, which cpuacl refuses. */
ACL_FUNC_VISIBILITY aclnnStatus aclnnFlatQuantV2GetWorkspaceSize(const aclTensor *x, const aclTensor *kroneckerP1, const aclTensor *kroneckerP2, double clipRatio, double dstTypeMax, aclTensor *out, aclTensor *quantScale, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnFlatQuantV2(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_FLAT_QUANT_V2_H */
