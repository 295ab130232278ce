/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_pack_v2.h: two tensors stacked on a new dim (ops-math experimental/conversion/pack_v2).
 *
 * Each operator runs in two phases (aclnn/aclnn_base.h): the
 * ...GetWorkspaceSize call validates the arguments and builds an executor
 * (workspaceSize is always 0 in cpuacl), the second call (its parameters:
 * CPUACL_ACLNN_LAUNCH_PARAMS) queues it on a stream. Inputs may be
 * non-contiguous views of up to 8 dimensions.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_PACK_V2_H
#define CPUACL_ACLNNOP_ACLNN_PACK_V2_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* aclnnPackV2: z = x and y (one type: FLOAT, FLOAT16, INT32, INT16; one shape) stacked on a
 * new dim d (in [-rank - 1, rank]), written in row-major order into z (dense, holding twice
 * x's elements). */
ACL_FUNC_VISIBILITY aclnnStatus aclnnPackV2GetWorkspaceSize(const aclTensor *x, const aclTensor *y, int64_t d, aclTensor *z, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnPackV2(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_PACK_V2_H */
