/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_masked_fill.h: fill the masked elements with a scalar, out of place (ops-math experimental).
 *
 * Each operator runs in two phases (aclnn/aclnn_base.h): the
 * ...GetWorkspaceSize call validates the arguments and builds an executor
 * (workspaceSize is always 0 in cpuacl), the second call (its parameters:
 * CPUACL_ACLNN_LAUNCH_PARAMS) queues it on a stream.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_MASKED_FILL_H
#define CPUACL_ACLNNOP_ACLNN_MASKED_FILL_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* aclnnMaskedFill: out = value where mask (BOOL) is set, selfRef elsewhere (selfRef and mask
 * broadcast to out; out of selfRef's type, any supported type). */
ACL_FUNC_VISIBILITY aclnnStatus aclnnMaskedFillGetWorkspaceSize(const aclTensor *selfRef, const aclTensor *mask, const aclScalar *value, aclTensor *out, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnMaskedFill(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_MASKED_FILL_H */
