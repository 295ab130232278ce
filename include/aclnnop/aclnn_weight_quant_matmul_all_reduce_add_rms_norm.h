/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_weight_quant_matmul_all_reduce_add_rms_norm.h: mm_out =
 * allreduce(x1 @ ((x2 + antiquantOffset) * antiquantScale) + bias) for an int8 weight x2,
 * y = mm_out + residual, normOut = RmsNorm(y) * gamma.
 *
 * Two phases as every aclnn operator (aclnn/aclnn_base.h); workspaceSize is
 * always 0 in cpuacl. group is a communicator's name (HcclGetCommName); the
 * program must have created the communicator with libhccl (-lhccl).
 * docs/operators.md lists types, attributes and codes; docs/hccl.md how the
 * group is found.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_WEIGHT_QUANT_MATMUL_ALL_REDUCE_ADD_RMS_NORM_H
#define CPUACL_ACLNNOP_ACLNN_WEIGHT_QUANT_MATMUL_ALL_REDUCE_ADD_RMS_NORM_H

#include "aclnn/aclnn_base.h"
#include "hccl/hccl.h"
#include "hccl/hccl_types.h"

#ifdef __cplusplus
extern "C" {
#endif

ACL_FUNC_VISIBILITY aclnnStatus aclnnWeightQuantMatmulAllReduceAddRmsNormGetWorkspaceSize(const aclTensor *x1, const aclTensor *x2, const aclTensor *bias, const aclTensor *antiquantScale, const aclTensor *antiquantOffset, const aclTensor *residual, const aclTensor *gamma, double epsilon, const char *group, const char *reduceOp, int64_t commTurn, int64_t streamMode, int64_t antiquantGroupSize, const aclTensor *y, const aclTensor *normOut, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnWeightQuantMatmulAllReduceAddRmsNorm(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_WEIGHT_QUANT_MATMUL_ALL_REDUCE_ADD_RMS_NORM_H */
