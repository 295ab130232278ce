/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_concat_v2.h: two tensors concatenated along one dim (ops-math experimental/conversion/concat_v2).
 *
 * Each operator runs in two phases (aclnn/aclnn_base.h): the
 * ...GetWorkspaceSize call validates the arguments and builds an executor
 * (workspaceSize is always 0 in cpuacl), the second call (its parameters:
 * CPUACL_ACLNN_LAUNCH_PARAMS) queues it on a stream. Inputs may be
 * non-contiguous views of up to 8 dimensions.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_CONCAT_V2_H
#define CPUACL_ACLNNOP_ACLNN_CONCAT_V2_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* aclnnConcatV2: y = x1 and x2 (one type: FLOAT, FLOAT16, INT32, INT16; one shape but along
 * dim d, which wraps) concatenated along d, written in row-major order into y (dense, holding
 * that many elements). */
ACL_FUNC_VISIBILITY aclnnStatus aclnnConcatV2GetWorkspaceSize(const aclTensor *x1, const aclTensor *x2, int64_t d, aclTensor *y, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnConcatV2(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_CONCAT_V2_H */
