/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_masked_fill_tensor.h: fill the masked elements with a value held in a tensor.
 *
 * Each operator runs in two phases (aclnn/aclnn_base.h): the
 * ...GetWorkspaceSize call validates the arguments and builds an executor
 * (workspaceSize is always 0 in cpuacl), the second call (its parameters:
 * CPUACL_ACLNN_LAUNCH_PARAMS) queues it on a stream.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_MASKED_FILL_TENSOR_H
#define CPUACL_ACLNNOP_ACLNN_MASKED_FILL_TENSOR_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* aclnnInplaceMaskedFillTensor: selfRef[i] = value where mask (BOOL, broadcast to selfRef) is
 * set; value a one-element tensor (no more dims than selfRef) of a type that converts to
 * selfRef's, read when the operator runs; selfRef of any supported type. */
ACL_FUNC_VISIBILITY aclnnStatus aclnnInplaceMaskedFillTensorGetWorkspaceSize(aclTensor *selfRef, const aclTensor *mask, const aclTensor *value, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnInplaceMaskedFillTensor(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_MASKED_FILL_TENSOR_H */
