/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_quantized_batch_norm.h: batch normalisation (inference: mean and var given) of
 * a quantised NCHW input: dequantised with inputScale / inputZeroPoint, normalised,
 * requantised with outputScale / outputZeroPoint into input's integer type.
 *
 * Two phases as every aclnn operator (aclnn/aclnn_base.h); workspaceSize is
 * always 0 in cpuacl. docs/operators.md lists types, attributes and codes.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_QUANTIZED_BATCH_NORM_H
#define CPUACL_ACLNNOP_ACLNN_QUANTIZED_BATCH_NORM_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

ACL_FUNC_VISIBILITY aclnnStatus aclnnQuantizedBatchNormGetWorkspaceSize(const aclTensor *input, const aclTensor *mean, const aclTensor *var, const aclScalar *inputScale, const aclScalar *inputZeroPoint, const aclScalar *outputScale, const aclScalar *outputZeroPoint, aclTensor *weight, aclTensor *bias, float epsilon, aclTensor *output, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnQuantizedBatchNorm(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_QUANTIZED_BATCH_NORM_H */
