/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_group_quant.h: Grouped quantisation of x [S, H]: the rows of group e
 * (groupIndex: cumulative row ends) take scale [e, :]: y = round(x * scale + offset)
 * into INT8, INT4 (two a byte) or INT32 (eight INT4 a word).
 *
 * Two phases as every aclnn operator (aclnn/aclnn_base.h); workspaceSize is
 * always 0 in cpuacl. docs/operators.md ("Quantisation") lists types and codes.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_GROUP_QUANT_H
#define CPUACL_ACLNNOP_ACLNN_GROUP_QUANT_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* aclnnGroupQuant: dstType 2 (INT8), 3 (INT32) or 29 (INT4), y's type; a packed y is
 * contiguous. */
ACL_FUNC_VISIBILITY aclnnStatus aclnnGroupQuantGetWorkspaceSize(const aclTensor *x, const aclTensor *scale, const aclTensor *groupIndex, const aclTensor *offsetOptional, int32_t dstType, aclTensor *y, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnGroupQuant(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_GROUP_QUANT_H */
