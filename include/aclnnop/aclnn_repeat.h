/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_repeat.h: Tile a tensor along each dimension.
 *
 * Each operator runs in two phases (aclnn/aclnn_base.h): the
 * ...GetWorkspaceSize call validates the arguments and builds an executor
 * (workspaceSize is always 0 in cpuacl), the second call (its parameters:
 * CPUACL_ACLNN_LAUNCH_PARAMS) queues it on a stream. Tensors may be
 * non-contiguous views of up to 8 dimensions.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_REPEAT_H
#define CPUACL_ACLNNOP_ACLNN_REPEAT_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* aclnnRepeat: repeats has at least as many entries as self has dims (self
 * is viewed with leading dims of size 1 to match); out dim i is
 * repeats[i] * self dim i. Entries must be >= 0. */
ACL_FUNC_VISIBILITY aclnnStatus aclnnRepeatGetWorkspaceSize(const aclTensor *self, const aclIntArray *repeats, aclTensor *out, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnRepeat(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_REPEAT_H */
