/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_ascend_anti_quant.h: Dequantisation of INT8, y = (x + offset) * scale (scale
 * squared when sqrtMode), into FLOAT16 or BFLOAT16 (dstType).
 *
 * Two phases as every aclnn operator (aclnn/aclnn_base.h); workspaceSize is
 * always 0 in cpuacl. docs/operators.md ("Quantisation") lists types and codes.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_ASCEND_ANTI_QUANT_H
#define CPUACL_ACLNNOP_ACLNN_ASCEND_ANTI_QUANT_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

ACL_FUNC_VISIBILITY aclnnStatus aclnnAscendAntiQuantGetWorkspaceSize(const aclTensor *x, const aclTensor *scale, const aclTensor *offset, int64_t dstType, bool sqrtMode, const aclTensor *y, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnAscendAntiQuant(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_ASCEND_ANTI_QUANT_H */
