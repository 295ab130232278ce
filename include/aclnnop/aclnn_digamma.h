/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_digamma.h: out = digamma(self).
 *
 * Each operator runs in two phases (aclnn/aclnn_base.h): the
 * ...GetWorkspaceSize call validates the arguments and builds an executor
 * (workspaceSize is always 0 in cpuacl), the second call (its parameters:
 * CPUACL_ACLNN_LAUNCH_PARAMS) queues it on a stream. Tensors may be
 * non-contiguous views of up to 8 dimensions.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_DIGAMMA_H
#define CPUACL_ACLNNOP_ACLNN_DIGAMMA_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* aclnnDigamma: out = d/dx ln Gamma(x) at self (torch.digamma: -inf at +0, NaN at negative integers); self and out FLOAT, FLOAT16 or DOUBLE. */
ACL_FUNC_VISIBILITY aclnnStatus aclnnDigammaGetWorkspaceSize(const aclTensor *self, aclTensor *out, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnDigamma(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_DIGAMMA_H */
