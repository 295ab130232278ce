/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_eltwise.h: ops-math's experimental Eltwise, Caffe's Eltwise layer (the header its
 * example includes; CANN generates it from the op definition).
 *
 * Each operator runs in two phases (aclnn/aclnn_base.h): the
 * ...GetWorkspaceSize call validates the arguments and builds an executor
 * (workspaceSize is always 0 in cpuacl), the second call (its parameters:
 * CPUACL_ACLNN_LAUNCH_PARAMS) queues it on a stream.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_ELTWISE_H
#define CPUACL_ACLNNOP_ACLNN_ELTWISE_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* aclnnEltwise: 1 to 32 inputs of one shape and type (FLOAT, FLOAT16, BFLOAT16) to out of them:
 * mode 0 their product, 1 their sum weighted by coeff (NULL or empty: all 1; else one value per
 * input), 2 their maximum; in float. */
ACL_FUNC_VISIBILITY aclnnStatus aclnnEltwiseGetWorkspaceSize(const aclTensorList *inputs, int64_t mode, const aclFloatArray *coeff, aclTensor *out, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnEltwise(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_ELTWISE_H */
