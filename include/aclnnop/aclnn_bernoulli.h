/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_bernoulli.h: draw zeros and ones with given probabilities.
 *
 * Each operator runs in two phases (aclnn/aclnn_base.h): the
 * ...GetWorkspaceSize call validates the arguments and builds an executor
 * (workspaceSize is always 0 in cpuacl), the second call (its parameters:
 * CPUACL_ACLNN_LAUNCH_PARAMS) queues it on a stream. The numbers come from
 * Philox4x32-10 keyed by seed, its counter starting at offset: equal seed and
 * offset give equal numbers (not the NPU's bits).
 */
#ifndef CPUACL_ACLNNOP_ACLNN_BERNOULLI_H
#define CPUACL_ACLNNOP_ACLNN_BERNOULLI_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* aclnnBernoulli: out[i] = 1 with probability prob (in [0, 1]), else 0; out has self's
 * shape. self and out of any supported type. */
ACL_FUNC_VISIBILITY aclnnStatus aclnnBernoulliGetWorkspaceSize(const aclTensor *self, const aclScalar *prob, int64_t seed, int64_t offset, aclTensor *out, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnBernoulli(CPUACL_ACLNN_LAUNCH_PARAMS);

/* aclnnInplaceBernoulli: the same written into selfRef. */
ACL_FUNC_VISIBILITY aclnnStatus aclnnInplaceBernoulliGetWorkspaceSize(const aclTensor *selfRef, const aclScalar *prob, int64_t seed, int64_t offset, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnInplaceBernoulli(CPUACL_ACLNN_LAUNCH_PARAMS);

/* aclnnBernoulliTensor: the probabilities in a floating tensor broadcast to self's shape (one
 * outside [0, 1] fails the launch). */
ACL_FUNC_VISIBILITY aclnnStatus aclnnBernoulliTensorGetWorkspaceSize(const aclTensor *self, const aclTensor *prob, int64_t seed, int64_t offset, aclTensor *out, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnBernoulliTensor(CPUACL_ACLNN_LAUNCH_PARAMS);

/* aclnnInplaceBernoulliTensor: the same written into selfRef. */
ACL_FUNC_VISIBILITY aclnnStatus aclnnInplaceBernoulliTensorGetWorkspaceSize(const aclTensor *selfRef, const aclTensor *prob, int64_t seed, int64_t offset, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnInplaceBernoulliTensor(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_BERNOULLI_H */
