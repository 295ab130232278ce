/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_weight_quant_matmul_all_reduce.h: output = allreduce(x1 @ ((x2 +
 * antiquantOffset) * antiquantScale) + bias + x3) for an int8 weight x2.
 *
 * Two phases as every aclnn operator (aclnn/aclnn_base.h); workspaceSize is
 * always 0 in cpuacl. group is a communicator's name (HcclGetCommName); the
 * program must have created the communicator with libhccl (-lhccl).
 * docs/operators.md lists types, attributes and codes; docs/hccl.md how the
 * group is found.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_WEIGHT_QUANT_MATMUL_ALL_REDUCE_H
#define CPUACL_ACLNNOP_ACLNN_WEIGHT_QUANT_MATMUL_ALL_REDUCE_H

#include "aclnn/aclnn_base.h"
#include "hccl/hccl.h"
#include "hccl/hccl_types.h"

#ifdef __cplusplus
extern "C" {
#endif

ACL_FUNC_VISIBILITY aclnnStatus aclnnWeightQuantMatmulAllReduceGetWorkspaceSize(const aclTensor *x1, const aclTensor *x2, const aclTensor *bias, const aclTensor *antiquantScale, const aclTensor *antiquantOffset, const aclTensor *x3, const char *group, const char *reduceOp, int64_t commTurn, int64_t streamMode, int64_t antiquantGroupSize, const aclTensor *output, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnWeightQuantMatmulAllReduce(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_WEIGHT_QUANT_MATMUL_ALL_REDUCE_H */
