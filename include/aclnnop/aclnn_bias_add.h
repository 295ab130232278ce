/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_bias_add.h: add a per-channel bias (ops-math experimental).
 *
 * Each operator runs in two phases (aclnn/aclnn_base.h): the
 * ...GetWorkspaceSize call validates the arguments and builds an executor
 * (workspaceSize is always 0 in cpuacl), the second call (its parameters:
 * CPUACL_ACLNN_LAUNCH_PARAMS) queues it on a stream.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_BIAS_ADD_H
#define CPUACL_ACLNNOP_ACLNN_BIAS_ADD_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* aclnnBiasAdd: out = x + bias along the channel dim dataFormatOptional names (the last dim for
 * "NHWC" / "NDHWC" and NULL, dim 1 for "NCHW" / "NCDHW"); bias 1-d of that dim's size; x, bias
 * and out of one type (FLOAT, FLOAT16, BFLOAT16, INT32), out of x's shape. */
ACL_FUNC_VISIBILITY aclnnStatus aclnnBiasAddGetWorkspaceSize(const aclTensor *x, const aclTensor *bias, char *dataFormatOptional, const aclTensor *out, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnBiasAdd(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_BIAS_ADD_H */
