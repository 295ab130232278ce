/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_matmul_all_reduce_v2.h: output = allreduce(x1 @ x2 + bias + x3) over
 * the communicator named group.
 *
 * Two phases as every aclnn operator (aclnn/aclnn_base.h); workspaceSize is
 * always 0 in cpuacl. group is a communicator's name (HcclGetCommName); the
 * program must have created the communicator with libhccl (-lhccl).
 * docs/operators.md lists types, attributes and codes; docs/hccl.md how the
 * group is found.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_MATMUL_ALL_REDUCE_V2_H
#define CPUACL_ACLNNOP_ACLNN_MATMUL_ALL_REDUCE_V2_H

#include "aclnn/aclnn_base.h"
#include "hccl/hccl.h"
#include "hccl/hccl_types.h"

#ifdef __cplusplus
extern "C" {
#endif

ACL_FUNC_VISIBILITY aclnnStatus aclnnMatmulAllReduceV2GetWorkspaceSize(const aclTensor *x1, const aclTensor *x2, const aclTensor *bias, const aclTensor *x3, const char *group, const char *reduceOp, int64_t commTurn, int64_t streamMode, const aclTensor *output, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnMatmulAllReduceV2(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_MATMUL_ALL_REDUCE_V2_H */
