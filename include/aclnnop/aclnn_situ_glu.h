/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_situ_glu.h: the SiTU gated linear unit (ops-nn
 * activation/situ_glu).
 *
 * Each operator runs in two phases (aclnn/aclnn_base.h): the
 * ...GetWorkspaceSize call validates the arguments and builds an executor
 * (workspaceSize is always 0 in cpuacl), the second call (its parameters:
 * CPUACL_ACLNN_LAUNCH_PARAMS) queues it on a stream. Tensors may be
 * non-contiguous views of up to 8 dimensions.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_SITU_GLU_H
#define CPUACL_ACLNNOP_ACLNN_SITU_GLU_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* aclnnSituGlu: y = beta tanh(gate / beta) sigmoid(gate) up', up' = linearBeta tanh(up /
 * linearBeta) when linearBeta > 0 (else up); gate and up the halves of x at dim (gate first
 * when activateLeft); out (dim halved) of x's type (FLOAT, FLOAT16, BFLOAT16). */
ACL_FUNC_VISIBILITY aclnnStatus aclnnSituGluGetWorkspaceSize(const aclTensor *x, int64_t dim, double beta, double linearBeta, bool activateLeft, const aclTensor *out, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnSituGlu(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_SITU_GLU_H */
