/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_channel_shuffle.h: Shuffle the channels of a tensor across groups.
 *
 * Each operator runs in two phases (aclnn/aclnn_base.h): the
 * ...GetWorkspaceSize call validates the arguments and builds an executor
 * (workspaceSize is always 0 in cpuacl), the second call (its parameters:
 * CPUACL_ACLNN_LAUNCH_PARAMS) queues it on a stream. Tensors may be
 * non-contiguous views of up to 8 dimensions.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_CHANNEL_SHUFFLE_H
#define CPUACL_ACLNNOP_ACLNN_CHANNEL_SHUFFLE_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* aclnnChannelShuffle: self (N, C, ...) with C a multiple of groups; out
 * channel j * groups + g is self channel g * (C / groups) + j. */
ACL_FUNC_VISIBILITY aclnnStatus aclnnChannelShuffleGetWorkspaceSize(const aclTensor *self, int64_t groups, aclTensor *out, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnChannelShuffle(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_CHANNEL_SHUFFLE_H */
