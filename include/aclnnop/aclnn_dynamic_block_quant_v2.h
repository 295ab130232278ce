/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_dynamic_block_quant_v2.h: Block-wise dynamic quantisation: x's last two
 * dims in rowBlockSize x colBlockSize blocks, scaleOut = min(max|block| / 127,
 * 1 / minScale) per block, yOut = x / scaleOut rounded ("rint" or "round").
 * dstTypeMax names the float8 types' maximum and is unused for INT8.
 *
 * Two phases as every aclnn operator (aclnn/aclnn_base.h); workspaceSize is
 * always 0 in cpuacl. docs/operators.md ("Quantisation") lists types and codes.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_DYNAMIC_BLOCK_QUANT_V2_H
#define CPUACL_ACLNNOP_ACLNN_DYNAMIC_BLOCK_QUANT_V2_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* aclnnDynamicBlockQuantV2: dstType 2 (INT8) only in cpuacl (the float8 types: 161002). */
ACL_FUNC_VISIBILITY aclnnStatus aclnnDynamicBlockQuantV2GetWorkspaceSize(const aclTensor *x, double minScale, char *roundModeOptional, int64_t dstType, int64_t rowBlockSize, int64_t colBlockSize, double dstTypeMax, const aclTensor *yOut, const aclTensor *scaleOut, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnDynamicBlockQuantV2(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_DYNAMIC_BLOCK_QUANT_V2_H */
