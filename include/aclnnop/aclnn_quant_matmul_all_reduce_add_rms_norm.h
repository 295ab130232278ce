/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_quant_matmul_all_reduce_add_rms_norm.h: mm_out = allreduce(dequantScale
 * * (x1 @ x2 + bias)) for int8 x1, x2, y = mm_out + residual, normOut = RmsNorm(y) * gamma.
 *
 * Two phases as every aclnn operator (aclnn/aclnn_base.h); workspaceSize is
 * always 0 in cpuacl. group is a communicator's name (HcclGetCommName); the
 * program must have created the communicator with libhccl (-lhccl).
 * docs/operators.md lists types, attributes and codes; docs/hccl.md how the
 * group is found.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_QUANT_MATMUL_ALL_REDUCE_ADD_RMS_NORM_H
#define CPUACL_ACLNNOP_ACLNN_QUANT_MATMUL_ALL_REDUCE_ADD_RMS_NORM_H

#include "aclnn/aclnn_base.h"
#include "hccl/hccl.h"
#include "hccl/hccl_types.h"

#ifdef __cplusplus
extern "C" {
#endif

ACL_FUNC_VISIBILITY aclnnStatus aclnnQuantMatmulAllReduceAddRmsNormGetWorkspaceSize(const aclTensor *x1, const aclTensor *x2, const aclTensor *bias, const aclTensor *dequantScale, const aclTensor *residual, const aclTensor *gamma, double epsilon, const char *group, const char *reduceOp, int64_t commTurn, int64_t streamMode, const aclTensor *y, const aclTensor *normOut, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnQuantMatmulAllReduceAddRmsNorm(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_QUANT_MATMUL_ALL_REDUCE_ADD_RMS_NORM_H */
