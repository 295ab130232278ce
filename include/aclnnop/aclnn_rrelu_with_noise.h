/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_rrelu_with_noise.h: the randomized leaky ReLU with its noise (ops-nn
 * activation/leaky_relu).
 *
 * Each operator runs in two phases (aclnn/aclnn_base.h): the
 * ...GetWorkspaceSize call validates the arguments and builds an executor
 * (workspaceSize is always 0 in cpuacl), the second call (its parameters:
 * CPUACL_ACLNN_LAUNCH_PARAMS) queues it on a stream. Tensors may be
 * non-contiguous views of up to 8 dimensions.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_RRELU_WITH_NOISE_H
#define CPUACL_ACLNNOP_ACLNN_RRELU_WITH_NOISE_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* aclnnRReluWithNoise: training: noise = U(lower, upper) (Philox at seed, offset) where
 * self < 0, else 1, written to noise's first numel(self) elements; out = self * noise. Eval:
 * out = LeakyRelu(self, (lower + upper) / 2). self, noise, out FLOAT, FLOAT16, BFLOAT16 of
 * one type; lower, upper FLOAT, FLOAT16, BFLOAT16 or DOUBLE. */
ACL_FUNC_VISIBILITY aclnnStatus aclnnRReluWithNoiseGetWorkspaceSize(const aclTensor *self, const aclTensor *noise, const aclScalar *lower, const aclScalar *upper, bool training, int64_t seed, int64_t offset, aclTensor *out, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnRReluWithNoise(CPUACL_ACLNN_LAUNCH_PARAMS);
/* aclnnInplaceRReluWithNoise: as aclnnRReluWithNoise with out = self. */
ACL_FUNC_VISIBILITY aclnnStatus aclnnInplaceRReluWithNoiseGetWorkspaceSize(const aclTensor *self, const aclTensor *noise, const aclScalar *lower, const aclScalar *upper, bool training, int64_t seed, int64_t offset, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnInplaceRReluWithNoise(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_RRELU_WITH_NOISE_H */
