/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_arange.h: A 1-d sequence start, start + step, ... below end.
 *
 * Each operator runs in two phases (aclnn/aclnn_base.h): the
 * ...GetWorkspaceSize call validates the arguments and builds an executor
 * (workspaceSize is always 0 in cpuacl), the second call (its parameters:
 * CPUACL_ACLNN_LAUNCH_PARAMS) queues it on a stream. Tensors may be
 * non-contiguous views of up to 8 dimensions.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_ARANGE_H
#define CPUACL_ACLNNOP_ACLNN_ARANGE_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* aclnnArange: out[i] = start + i * step for the values in [start, end)
 * (or (end, start] for a negative step); out is 1-d with exactly that many
 * elements, FLOAT, FLOAT16, BFLOAT16, DOUBLE, INT32 or INT64. */
ACL_FUNC_VISIBILITY aclnnStatus aclnnArangeGetWorkspaceSize(const aclScalar *start, const aclScalar *end, const aclScalar *step, aclTensor *out, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnArange(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_ARANGE_H */
