/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_swi_glu.h: the Swish gated linear unit.
 *
 * Each operator runs in two phases (aclnn/aclnn_base.h): the
 * ...GetWorkspaceSize call validates the arguments and builds an executor
 * (workspaceSize is always 0 in cpuacl), the second call (its parameters:
 * CPUACL_ACLNN_LAUNCH_PARAMS) queues it on a stream. Tensors may be
 * non-contiguous views of up to 8 dimensions.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_SWI_GLU_H
#define CPUACL_ACLNNOP_ACLNN_SWI_GLU_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* aclnnSwiGlu: x splits along dim (in [-x.dim(), x.dim() - 1], of even size)
 * into halves A and B; out = silu(A) * B, of x's type (FLOAT, FLOAT16,
 * BFLOAT16) and x's shape with dim halved. */
ACL_FUNC_VISIBILITY aclnnStatus aclnnSwiGluGetWorkspaceSize(const aclTensor *x, int64_t dim, const aclTensor *out, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnSwiGlu(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_SWI_GLU_H */
