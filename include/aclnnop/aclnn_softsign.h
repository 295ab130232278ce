/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_softsign.h: softsign, x / (1 + |x|).
 *
 * Each operator runs in two phases (aclnn/aclnn_base.h): the
 * ...GetWorkspaceSize call validates the arguments and builds an executor
 * (workspaceSize is always 0 in cpuacl), the second call (its parameters:
 * CPUACL_ACLNN_LAUNCH_PARAMS) queues it on a stream. Tensors may be
 * non-contiguous views of up to 8 dimensions.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_SOFTSIGN_H
#define CPUACL_ACLNNOP_ACLNN_SOFTSIGN_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* aclnnSoftsign: out = self / (1 + |self|); FLOAT, FLOAT16, BFLOAT16. */
ACL_FUNC_VISIBILITY aclnnStatus aclnnSoftsignGetWorkspaceSize(const aclTensor *self, const aclTensor *out, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnSoftsign(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_SOFTSIGN_H */
