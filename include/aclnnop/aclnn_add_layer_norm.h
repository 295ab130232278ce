/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_add_layer_norm.h: x = x1 + x2 (+ bias) layer-normalised over the
 * trailing dims gamma spans, with its mean, rstd and (optionally) x.
 *
 * Two phases as every aclnn operator (aclnn/aclnn_base.h); workspaceSize is
 * always 0 in cpuacl. docs/operators.md lists types, attributes and codes.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_ADD_LAYER_NORM_H
#define CPUACL_ACLNNOP_ACLNN_ADD_LAYER_NORM_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

ACL_FUNC_VISIBILITY aclnnStatus aclnnAddLayerNormGetWorkspaceSize(const aclTensor *x1, const aclTensor *x2, const aclTensor *gamma, const aclTensor *beta, const aclTensor *biasOptional, double epsilon, bool additionalOutput, const aclTensor *yOut, const aclTensor *meanOut, const aclTensor *rstdOut, const aclTensor *xOut, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnAddLayerNorm(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_ADD_LAYER_NORM_H */
