/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_aminmax_all.h: The smallest and largest elements of a tensor.
 *
 * Each operator runs in two phases (aclnn/aclnn_base.h): the
 * ...GetWorkspaceSize call validates the arguments and builds an executor
 * (workspaceSize is always 0 in cpuacl), the second call (its parameters:
 * CPUACL_ACLNN_LAUNCH_PARAMS) queues it on a stream. Tensors may be
 * non-contiguous views of up to 8 dimensions.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_AMINMAX_ALL_H
#define CPUACL_ACLNNOP_ACLNN_AMINMAX_ALL_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* aclnnAminmaxAll: minOut and maxOut (self's type, one element) = the
 * smallest and largest elements of self. */
ACL_FUNC_VISIBILITY aclnnStatus aclnnAminmaxAllGetWorkspaceSize(const aclTensor *self, aclTensor *minOut, aclTensor *maxOut, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnAminmaxAll(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_AMINMAX_ALL_H */
