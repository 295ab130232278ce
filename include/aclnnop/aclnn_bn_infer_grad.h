/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_bn_infer_grad.h: the input gradient of inference-mode batch normalisation
 * (ops-nn experimental/norm/bn_infer_grad).
 *
 * Each operator runs in two phases (aclnn/aclnn_base.h): the
 * ...GetWorkspaceSize call validates the arguments and builds an executor
 * (workspaceSize is always 0 in cpuacl), the second call (its parameters:
 * CPUACL_ACLNN_LAUNCH_PARAMS) queues it on a stream. Tensors may be
 * non-contiguous views of up to 8 dimensions.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_BN_INFER_GRAD_H
#define CPUACL_ACLNNOP_ACLNN_BN_INFER_GRAD_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* aclnnBnInferGrad: xBackprop = grads scale[c] / sqrt(batchVariance[c] + epsilon), c each
 * element's channel by formatMode (0 NCHW, 1 NHWC, 2 NC1HWC0); grads and xBackprop FLOAT,
 * FLOAT16 or BFLOAT16, scale and batchVariance FLOAT. */
ACL_FUNC_VISIBILITY aclnnStatus aclnnBnInferGradGetWorkspaceSize(const aclTensor *grads, const aclTensor *scale, const aclTensor *batchVariance, float epsilon, int64_t formatMode, aclTensor *xBackprop, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnBnInferGrad(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_BN_INFER_GRAD_H */
