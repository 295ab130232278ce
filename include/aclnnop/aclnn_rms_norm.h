/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_rms_norm.h: RMS normalisation over the trailing dimensions that
 * gamma spans.
 *
 * Each operator runs in two phases (aclnn/aclnn_base.h): the
 * ...GetWorkspaceSize call validates the arguments and builds an executor
 * (workspaceSize is always 0 in cpuacl), the second call (its parameters:
 * CPUACL_ACLNN_LAUNCH_PARAMS) queues it on a stream. Tensors may be
 * non-contiguous views of up to 8 dimensions.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_RMS_NORM_H
#define CPUACL_ACLNNOP_ACLNN_RMS_NORM_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* aclnnRmsNorm: yOut = x / sqrt(mean(x^2) + epsilon) * gamma; rstdOut (float32) gets
 * 1 / sqrt(mean(x^2) + epsilon) per row, shaped as x's leading dims
 * (optionally followed by ones). */
ACL_FUNC_VISIBILITY aclnnStatus aclnnRmsNormGetWorkspaceSize(const aclTensor *x, const aclTensor *gamma, double epsilon, const aclTensor *yOut, const aclTensor *rstdOut, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnRmsNorm(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_RMS_NORM_H */
