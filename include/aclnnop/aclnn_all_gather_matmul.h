/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_all_gather_matmul.h: gatherOut = allgather(x1) (the ranks' rows in
 * rank order) over the communicator named group, output = gatherOut @ x2 + bias.
 *
 * Two phases as every aclnn operator (aclnn/aclnn_base.h); workspaceSize is
 * always 0 in cpuacl. group is a communicator's name (HcclGetCommName); the
 * program must have created the communicator with libhccl (-lhccl).
 * docs/operators.md lists types, attributes and codes; docs/hccl.md how the
 * group is found.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_ALL_GATHER_MATMUL_H
#define CPUACL_ACLNNOP_ACLNN_ALL_GATHER_MATMUL_H

#include "aclnn/aclnn_base.h"
#include "hccl/hccl.h"
#include "hccl/hccl_types.h"

#ifdef __cplusplus
extern "C" {
#endif

ACL_FUNC_VISIBILITY aclnnStatus aclnnAllGatherMatmulGetWorkspaceSize(const aclTensor *x1, const aclTensor *x2, const aclTensor *bias, const char *group, int64_t gatherIndex, int64_t commTurn, int64_t streamMode, const aclTensor *output, const aclTensor *gatherOut, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnAllGatherMatmul(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_ALL_GATHER_MATMUL_H */
