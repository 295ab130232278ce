/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_trans_quant_param_v3.h: TransQuantParamV2 with a roundMode: 1 rounds the scale to
 * its high 19 bits first, 0 truncates.
 *
 * Two phases as every aclnn operator (aclnn/aclnn_base.h); workspaceSize is
 * always 0 in cpuacl. docs/operators.md ("Quantisation") lists types and codes.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_TRANS_QUANT_PARAM_V3_H
#define CPUACL_ACLNNOP_ACLNN_TRANS_QUANT_PARAM_V3_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

ACL_FUNC_VISIBILITY aclnnStatus aclnnTransQuantParamV3GetWorkspaceSize(const aclTensor *scale, const aclTensor *offset, int64_t roundMode, const aclTensor *out, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnTransQuantParamV3(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_TRANS_QUANT_PARAM_V3_H */
