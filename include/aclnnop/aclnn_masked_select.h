/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_masked_select.h: The elements of a tensor a mask selects, as one row.
 *
 * Each operator runs in two phases (aclnn/aclnn_base.h): the
 * ...GetWorkspaceSize call validates the arguments and builds an executor
 * (workspaceSize is always 0 in cpuacl), the second call (its parameters:
 * CPUACL_ACLNN_LAUNCH_PARAMS) queues it on a stream. Tensors may be
 * non-contiguous views of up to 8 dimensions.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_MASKED_SELECT_H
#define CPUACL_ACLNNOP_ACLNN_MASKED_SELECT_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* aclnnMaskedSelect: self and mask (BOOL or UINT8) broadcast together; the
 * elements of self where mask is nonzero, in row-major order, go to the first
 * positions of out, a 1-d tensor of self's type holding as many elements as
 * the broadcast shape (the rest of out is left as it was). */
ACL_FUNC_VISIBILITY aclnnStatus aclnnMaskedSelectGetWorkspaceSize(const aclTensor *self, const aclTensor *mask, aclTensor *out, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnMaskedSelect(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_MASKED_SELECT_H */
