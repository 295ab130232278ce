/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_upsample_nearest_1d.h: nearest-neighbour resize of the last dim (PyTorch's upsample_nearest1d).
 *
 * Each operator runs in two phases (aclnn/aclnn_base.h): the
 * ...GetWorkspaceSize call validates the arguments and builds an executor
 * (workspaceSize is always 0 in cpuacl), the second call (its parameters:
 * CPUACL_ACLNN_LAUNCH_PARAMS) queues it on a stream. Tensors may be
 * non-contiguous views.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_UPSAMPLE_NEAREST_1D_H
#define CPUACL_ACLNNOP_ACLNN_UPSAMPLE_NEAREST_1D_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* aclnnUpsampleNearest1d: self is 3-d (N, C, L); outputSize = {OL}; out (N, C, OL) of self's type takes self's
 * element min(floor(ol * (float)L / OL), L - 1). */
ACL_FUNC_VISIBILITY aclnnStatus aclnnUpsampleNearest1dGetWorkspaceSize(const aclTensor *self, const aclIntArray *outputSize, aclTensor *out, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnUpsampleNearest1d(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_UPSAMPLE_NEAREST_1D_H */
