/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_round.h: out = self rounded to the nearest integer (half to even), or to decimals places.
 *
 * Each operator runs in two phases (aclnn/aclnn_base.h): the
 * ...GetWorkspaceSize call validates the arguments and builds an executor
 * (workspaceSize is always 0 in cpuacl), the second call (its parameters:
 * CPUACL_ACLNN_LAUNCH_PARAMS) queues it on a stream. Tensors may be
 * non-contiguous views of up to 8 dimensions.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_ROUND_H
#define CPUACL_ACLNNOP_ACLNN_ROUND_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* aclnnRound: out: self's shape. */
ACL_FUNC_VISIBILITY aclnnStatus aclnnRoundGetWorkspaceSize(const aclTensor *self, aclTensor *out, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnRound(CPUACL_ACLNN_LAUNCH_PARAMS);

/* aclnnInplaceRound: Round written back into its first tensor. */
ACL_FUNC_VISIBILITY aclnnStatus aclnnInplaceRoundGetWorkspaceSize(const aclTensor *selfRef, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnInplaceRound(CPUACL_ACLNN_LAUNCH_PARAMS);

/* aclnnRoundDecimals: rounds self * 10^decimals half to even and scales back (decimals < 0: tens, hundreds...). */
ACL_FUNC_VISIBILITY aclnnStatus aclnnRoundDecimalsGetWorkspaceSize(const aclTensor *self, int64_t decimals, aclTensor *out, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnRoundDecimals(CPUACL_ACLNN_LAUNCH_PARAMS);

/* aclnnInplaceRoundDecimals: RoundDecimals written back into its first tensor. */
ACL_FUNC_VISIBILITY aclnnStatus aclnnInplaceRoundDecimalsGetWorkspaceSize(aclTensor *selfRef, int64_t decimals, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnInplaceRoundDecimals(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_ROUND_H */
