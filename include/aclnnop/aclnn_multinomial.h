/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_multinomial.h: draw category indices from rows of weights.
 *
 * Each operator runs in two phases (aclnn/aclnn_base.h): the
 * ...GetWorkspaceSize call validates the arguments and builds an executor
 * (workspaceSize is always 0 in cpuacl), the second call (its parameters:
 * CPUACL_ACLNN_LAUNCH_PARAMS) queues it on a stream. The numbers come from
 * Philox4x32-10 keyed by seed, its counter starting at offset: equal seed and
 * offset give equal numbers (not the NPU's bits).
 */
#ifndef CPUACL_ACLNNOP_ACLNN_MULTINOMIAL_H
#define CPUACL_ACLNNOP_ACLNN_MULTINOMIAL_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* aclnnMultinomial: self holds non-negative weights, [C] or [R, C] (FLOAT, FLOAT16, BFLOAT16,
 * DOUBLE); out (INT64, [numsamples] or [R, numsamples]) gets category indices drawn with
 * probabilities proportional to the weights, with or without replacement (without: at most
 * as many samples as nonzero weights). A negative, infinite or NaN weight or an all-zero row
 * fails the launch. */
ACL_FUNC_VISIBILITY aclnnStatus aclnnMultinomialGetWorkspaceSize(const aclTensor *self, int64_t numsamples, bool replacement, int64_t seed, int64_t offset, aclTensor *out, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnMultinomial(CPUACL_ACLNN_LAUNCH_PARAMS);

/* aclnnMultinomialTensor: the same with the seed and base offset in INT64 device tensors. */
ACL_FUNC_VISIBILITY aclnnStatus aclnnMultinomialTensorGetWorkspaceSize(const aclTensor *self, int64_t numsamples, bool replacement, const aclTensor *seedTensor, const aclTensor *offsetTensor, int64_t offset, aclTensor *out, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnMultinomialTensor(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_MULTINOMIAL_H */
