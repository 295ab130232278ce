/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_fake_quant_per_channel_affine_cachemask.h: Fake quantisation
 * (quantise, clamp to [quantMin, quantMax], dequantise) and the mask of the
 * values that were in range, as torch's fake_quantize_per_channel_affine_cachemask,
 * with a scale and zero point per element of self's dim axis (zeroPoint INT32,
 * FLOAT16 or FLOAT).
 *
 * Two phases as every aclnn operator (aclnn/aclnn_base.h); workspaceSize is
 * always 0 in cpuacl. docs/operators.md ("Quantisation") lists types and codes.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_FAKE_QUANT_PER_CHANNEL_AFFINE_CACHEMASK_H
#define CPUACL_ACLNNOP_ACLNN_FAKE_QUANT_PER_CHANNEL_AFFINE_CACHEMASK_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

ACL_FUNC_VISIBILITY aclnnStatus aclnnFakeQuantPerChannelAffineCachemaskGetWorkspaceSize(const aclTensor *self, const aclTensor *scale, const aclTensor *zeroPoint, int64_t axis, int64_t quantMin, int64_t quantMax, aclTensor *out, aclTensor *mask, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnFakeQuantPerChannelAffineCachemask(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_FAKE_QUANT_PER_CHANNEL_AFFINE_CACHEMASK_H */
