/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_transposev.h: a permutation of a tensor's dims given as a tensor (ops-math
 * experimental/conversion/transposev).
 *
 * Each operator runs in two phases (aclnn/aclnn_base.h): the
 * ...GetWorkspaceSize call validates the arguments and builds an executor
 * (workspaceSize is always 0 in cpuacl), the second call (its parameters:
 * CPUACL_ACLNN_LAUNCH_PARAMS) queues it on a stream.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_TRANSPOSEV_H
#define CPUACL_ACLNNOP_ACLNN_TRANSPOSEV_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* aclnnTransposev: out = x (1 to 8 dims, any view) with its dims in the order perm (INT32 or
 * INT64, one entry per dim, in [-rank, rank), read at the launch), written in row-major order
 * into out (dense, x's type and element count). Types: FLOAT, FLOAT16, BFLOAT16, INT8, UINT8,
 * INT16, UINT16, INT32, UINT32, INT64, UINT64, BOOL. */
ACL_FUNC_VISIBILITY aclnnStatus aclnnTransposevGetWorkspaceSize(const aclTensor *x, const aclTensor *perm, aclTensor *out, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnTransposev(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_TRANSPOSEV_H */
