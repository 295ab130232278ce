/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_trilu.h: y = the upper (upper != 0) or lower triangle of x.
 *
 * Declared as ops-math's experimental/math/trilu defines the operator. Each
 * operator runs in two phases (aclnn/aclnn_base.h): the ...GetWorkspaceSize
 * call validates the arguments and builds an executor (workspaceSize is
 * always 0 in cpuacl), the second call (its parameters:
 * CPUACL_ACLNN_LAUNCH_PARAMS) queues it on a stream. Tensors may be
 * non-contiguous views of up to 8 dimensions.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_TRILU_H
#define CPUACL_ACLNNOP_ACLNN_TRILU_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* aclnnTrilu: as aclnnTriu / aclnnTril over the last two dims; the rest is 0. */
ACL_FUNC_VISIBILITY aclnnStatus aclnnTriluGetWorkspaceSize(const aclTensor *x, int64_t diagonal, int64_t upper, aclTensor *y, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnTrilu(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_TRILU_H */
