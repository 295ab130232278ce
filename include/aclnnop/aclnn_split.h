/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_split.h: numpy's split into a tensor list (ops-math
 * experimental/conversion/split).
 *
 * Each operator runs in two phases (aclnn/aclnn_base.h): the
 * ...GetWorkspaceSize call validates the arguments and builds an executor
 * (workspaceSize is always 0 in cpuacl), the second call (its parameters:
 * CPUACL_ACLNN_LAUNCH_PARAMS) queues it on a stream. Tensors may be
 * non-contiguous views of up to 8 dimensions.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_SPLIT_H
#define CPUACL_ACLNNOP_ACLNN_SPLIT_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* aclnnSplit: y = the pieces of x along axis (-1: x flattened, x dense): one entry k of
 * indices_or_sections gives k equal pieces, more entries a0 <= a1 <= ... the pieces [0, a0),
 * [a0, a1), ..., [a_last, N). Types: FLOAT, FLOAT16, DOUBLE, BFLOAT16, INT8, INT16, INT32, INT64,
 * UINT8, BOOL; every piece of x's type. */
ACL_FUNC_VISIBILITY aclnnStatus aclnnSplitGetWorkspaceSize(const aclTensor *x, const aclIntArray *indices_or_sections, int64_t axis, aclTensorList *y, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnSplit(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_SPLIT_H */
