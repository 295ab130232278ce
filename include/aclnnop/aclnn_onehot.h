/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_onehot.h: INT32 one-hot rows along a new last dim (ops-math
 * experimental/conversion/onehot).
 *
 * Each operator runs in two phases (aclnn/aclnn_base.h): the
 * ...GetWorkspaceSize call validates the arguments and builds an executor
 * (workspaceSize is always 0 in cpuacl), the second call (its parameters:
 * CPUACL_ACLNN_LAUNCH_PARAMS) queues it on a stream. Tensors may be
 * non-contiguous views of up to 8 dimensions.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_ONEHOT_H
#define CPUACL_ACLNNOP_ACLNN_ONEHOT_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* aclnnOnehot: z (INT32, x's shape plus depth last) = 1 where x (INT32) equals the position
 * along the new dim, else 0; values outside [0, depth) give a row of 0. */
ACL_FUNC_VISIBILITY aclnnStatus aclnnOnehotGetWorkspaceSize(const aclTensor *x, int64_t depth, const aclTensor *z, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnOnehot(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_ONEHOT_H */
