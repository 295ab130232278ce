/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_tf_scatter_add.h: TensorFlow's scatter_add / scatter_nd_add into a variable
 * (ops-nn index/tf_scatter_add).
 *
 * Each operator runs in two phases (aclnn/aclnn_base.h): the
 * ...GetWorkspaceSize call validates the arguments and builds an executor
 * (workspaceSize is always 0 in cpuacl), the second call (its parameters:
 * CPUACL_ACLNN_LAUNCH_PARAMS) queues it on a stream. Tensors may be
 * non-contiguous views of up to 8 dimensions.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_TF_SCATTER_ADD_H
#define CPUACL_ACLNNOP_ACLNN_TF_SCATTER_ADD_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* aclnnTfScatterAdd: varRef (FLOAT, FLOAT16, BFLOAT16, INT32, INT8, UINT8) gets updates (its
 * type) added at indices (INT32, INT64): varRef[indices[i, :]] += updates[i, ...] when
 * updates.shape = indices.shape[:-1] + varRef.shape[indices.shape[-1]:] (tf.scatter_nd_add),
 * else varRef[indices[i, ..., j], ...] += updates[i, ..., j, ...] with updates.shape =
 * indices.shape + varRef.shape[1:] (tf.scatter_add); repeated indices accumulate. */
ACL_FUNC_VISIBILITY aclnnStatus aclnnTfScatterAddGetWorkspaceSize(aclTensor *varRef, const aclTensor *indices, const aclTensor *updates, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnTfScatterAdd(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_TF_SCATTER_ADD_H */
