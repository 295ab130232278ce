/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_fused_bias_leaky_relu.h: FusedBiasLeakyRelu, a bias add, LeakyRelu and a scale in one.
 *
 * Each operator runs in two phases (aclnn/aclnn_base.h): the
 * ...GetWorkspaceSize call validates the arguments and builds an executor
 * (workspaceSize is always 0 in cpuacl), the second call (its parameters:
 * CPUACL_ACLNN_LAUNCH_PARAMS) queues it on a stream. Tensors may be
 * non-contiguous views of up to 8 dimensions.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_FUSED_BIAS_LEAKY_RELU_H
#define CPUACL_ACLNNOP_ACLNN_FUSED_BIAS_LEAKY_RELU_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* aclnnFusedBiasLeakyRelu: v = x + bias (one shape); out = (v >= 0 ? v : negativeSlope v) scale. */
ACL_FUNC_VISIBILITY aclnnStatus aclnnFusedBiasLeakyReluGetWorkspaceSize(const aclTensor *x, const aclTensor *bias, double negativeSlope, double scale, const aclTensor *out, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnFusedBiasLeakyRelu(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_FUSED_BIAS_LEAKY_RELU_H */
