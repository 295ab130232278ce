/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_quant_matmul_all_reduce_v3.h: QuantMatmulAllReduceV2, or with
 * commQuantScale1Optional / 2Optional its low-bit communication (int8 all-to-all, sum,
 * all-gather).
 *
 * Two phases as every aclnn operator (aclnn/aclnn_base.h); workspaceSize is
 * always 0 in cpuacl. group is a communicator's name (HcclGetCommName); the
 * program must have created the communicator with libhccl (-lhccl).
 * docs/operators.md lists types, attributes and codes; docs/hccl.md how the
 * group is found.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_QUANT_MATMUL_ALL_REDUCE_V3_H
#define CPUACL_ACLNNOP_ACLNN_QUANT_MATMUL_ALL_REDUCE_V3_H

#include "aclnn/aclnn_base.h"
#include "hccl/hccl.h"
#include "hccl/hccl_types.h"

#ifdef __cplusplus
extern "C" {
#endif

ACL_FUNC_VISIBILITY aclnnStatus aclnnQuantMatmulAllReduceV3GetWorkspaceSize(const aclTensor *x1, const aclTensor *x2, const aclTensor *biasOptional, const aclTensor *x3Optional, const aclTensor *dequantScale, const aclTensor *pertokenScaleOptional, const aclTensor *commQuantScale1Optional, const aclTensor *commQuantScale2Optional, const char *group, const char *reduceOp, int64_t commTurn, int64_t streamMode, const aclTensor *output, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnQuantMatmulAllReduceV3(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_QUANT_MATMUL_ALL_REDUCE_V3_H */
