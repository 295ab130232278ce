/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_modulate.h: Modulate, adaLN's scale and shift.
 *
 * Each operator runs in two phases (aclnn/aclnn_base.h): the
 * ...GetWorkspaceSize call validates the arguments and builds an executor
 * (workspaceSize is always 0 in cpuacl), the second call (its parameters:
 * CPUACL_ACLNN_LAUNCH_PARAMS) queues it on a stream. Tensors may be
 * non-contiguous views of up to 8 dimensions.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_MODULATE_H
#define CPUACL_ACLNNOP_ACLNN_MODULATE_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* aclnnModulate: out = self (1 + scaleOptional) + shiftOptional; self (B, L, D), the
 * optional tensors (B, 1, D) or (B, D) of self's type (NULL: scale 0, shift 0). */
ACL_FUNC_VISIBILITY aclnnStatus aclnnModulateGetWorkspaceSize(const aclTensor *self, const aclTensor *scaleOptional, const aclTensor *shiftOptional, aclTensor *out, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnModulate(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_MODULATE_H */
