/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_trans_quant_param_v2.h: Quantisation parameters into the 64-bit words the quantised
 * matmuls take: scale (FLOAT) with its low 13 mantissa bits cleared in bits 0..31,
 * bit 46 set, the optional offset rounded to 9 bits in bits 37..45.
 *
 * Two phases as every aclnn operator (aclnn/aclnn_base.h); workspaceSize is
 * always 0 in cpuacl. docs/operators.md ("Quantisation") lists types and codes.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_TRANS_QUANT_PARAM_V2_H
#define CPUACL_ACLNNOP_ACLNN_TRANS_QUANT_PARAM_V2_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

ACL_FUNC_VISIBILITY aclnnStatus aclnnTransQuantParamV2GetWorkspaceSize(const aclTensor *scale, const aclTensor *offset, const aclTensor *out, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnTransQuantParamV2(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_TRANS_QUANT_PARAM_V2_H */
