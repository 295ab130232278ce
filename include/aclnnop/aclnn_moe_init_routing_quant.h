/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_moe_init_routing_quant.h: the MoE dispatch with the rows quantised to INT8
 * (ops-transformer moe/moe_init_routing_quant).
 *
 * Each operator runs in two phases (aclnn/aclnn_base.h): the
 * ...GetWorkspaceSize call validates the arguments and builds an executor
 * (workspaceSize is always 0 in cpuacl), the second call (its parameters:
 * CPUACL_ACLNN_LAUNCH_PARAMS) queues it on a stream. Tensors may be
 * non-contiguous views.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_MOE_INIT_ROUTING_QUANT_H
#define CPUACL_ACLNNOP_ACLNN_MOE_INIT_ROUTING_QUANT_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* aclnnMoeInitRoutingQuant: aclnnMoeInitRouting (aclnn_moe_init_routing.h) with expandedXOut INT8
 * = rint(x * scale + offset) saturated to [-128, 127], computed in FLOAT16 as CANN's kernel
 * does (x, scale and offset rounded to FLOAT16, each step rounded). */
ACL_FUNC_VISIBILITY aclnnStatus aclnnMoeInitRoutingQuantGetWorkspaceSize(const aclTensor *x, const aclTensor *rowIdx, const aclTensor *expertIdx, int64_t activeNum, double scale, double offset, const aclTensor *expandedXOut, const aclTensor *expandedRowIdxOut, const aclTensor *expandedExpertIdxOut, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnMoeInitRoutingQuant(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_MOE_INIT_ROUTING_QUANT_H */
