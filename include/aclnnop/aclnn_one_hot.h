/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_one_hot.h: One-hot encoding of a tensor of class numbers.
 *
 * Each operator runs in two phases (aclnn/aclnn_base.h): the
 * ...GetWorkspaceSize call validates the arguments and builds an executor
 * (workspaceSize is always 0 in cpuacl), the second call (its parameters:
 * CPUACL_ACLNN_LAUNCH_PARAMS) queues it on a stream. Tensors may be
 * non-contiguous views of up to 8 dimensions.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_ONE_HOT_H
#define CPUACL_ACLNNOP_ACLNN_ONE_HOT_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* aclnnOneHot: out = self's shape with numClasses inserted at axis (-1: last,
 * up to self's rank); an element is onValue's first element where self's
 * value equals its position along axis, offValue's first element elsewhere
 * (values outside [0, numClasses) give a row of offValue). onValue, offValue
 * and out share one type. */
ACL_FUNC_VISIBILITY aclnnStatus aclnnOneHotGetWorkspaceSize(const aclTensor *self, int numClasses, const aclTensor *onValue, const aclTensor *offValue, int64_t axis, aclTensor *out, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnOneHot(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_ONE_HOT_H */
