/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_apply_adagrad_d.h: ApplyAdagradD, TensorFlow's Adagrad step.
 *
 * Each operator runs in two phases (aclnn/aclnn_base.h): the
 * ...GetWorkspaceSize call validates the arguments and builds an executor
 * (workspaceSize is always 0 in cpuacl), the second call (its parameters:
 * CPUACL_ACLNN_LAUNCH_PARAMS) queues it on a stream. Tensors may be
 * non-contiguous views of up to 8 dimensions.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_APPLY_ADAGRAD_D_H
#define CPUACL_ACLNNOP_ACLNN_APPLY_ADAGRAD_D_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* aclnnApplyAdagradD: with updateSlots accum += grad^2; var -= lr grad / sqrt(accum); var and
 * accum updated in place; grad their shape, lr one element, one type (FLOAT, FLOAT16,
 * BFLOAT16). */
ACL_FUNC_VISIBILITY aclnnStatus aclnnApplyAdagradDGetWorkspaceSize(const aclTensor *var, const aclTensor *accum, const aclTensor *lr, const aclTensor *grad, bool updateSlots, bool useLocking, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnApplyAdagradD(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_APPLY_ADAGRAD_D_H */
