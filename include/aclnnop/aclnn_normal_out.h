/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_normal_out.h: draw from normal distributions of given means and standard deviations into out.
 *
 * Each operator runs in two phases (aclnn/aclnn_base.h): the
 * ...GetWorkspaceSize call validates the arguments and builds an executor
 * (workspaceSize is always 0 in cpuacl), the second call (its parameters:
 * CPUACL_ACLNN_LAUNCH_PARAMS) queues it on a stream. The numbers come from
 * Philox4x32-10 keyed by seed, its counter starting at offset: equal seed and
 * offset give equal numbers (not the NPU's bits).
 */
#ifndef CPUACL_ACLNNOP_ACLNN_NORMAL_OUT_H
#define CPUACL_ACLNNOP_ACLNN_NORMAL_OUT_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* aclnnNormalTensorTensor: out[i] = mean[i] + std[i] * z[i], z standard normal (mean and std
 * broadcast to out's shape, std >= 0: a negative one fails the launch). out: FLOAT, FLOAT16,
 * BFLOAT16, DOUBLE; mean and std any of those. Equal seed and offset give equal numbers. */
ACL_FUNC_VISIBILITY aclnnStatus aclnnNormalTensorTensorGetWorkspaceSize(const aclTensor *mean, const aclTensor *std, int64_t seed, int64_t offset, aclTensor *out, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnNormalTensorTensor(CPUACL_ACLNN_LAUNCH_PARAMS);

/* aclnnNormalTensorFloat: as NormalTensorTensor with one std (>= 0). */
ACL_FUNC_VISIBILITY aclnnStatus aclnnNormalTensorFloatGetWorkspaceSize(const aclTensor *mean, float std, int64_t seed, int64_t offset, aclTensor *out, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnNormalTensorFloat(CPUACL_ACLNN_LAUNCH_PARAMS);

/* aclnnNormalFloatTensor: as NormalTensorTensor with one mean. */
ACL_FUNC_VISIBILITY aclnnStatus aclnnNormalFloatTensorGetWorkspaceSize(float mean, const aclTensor *std, int64_t seed, int64_t offset, aclTensor *out, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnNormalFloatTensor(CPUACL_ACLNN_LAUNCH_PARAMS);

/* aclnnNormalFloatFloat: out of its own shape filled with mean + std * z. */
ACL_FUNC_VISIBILITY aclnnStatus aclnnNormalFloatFloatGetWorkspaceSize(float mean, float std, int64_t seed, int64_t offset, aclTensor *out, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnNormalFloatFloat(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_NORMAL_OUT_H */
