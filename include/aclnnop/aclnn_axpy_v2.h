/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_axpy_v2.h: out = self + alpha * other, broadcast.
 *
 * Declared as ops-math's experimental/math/axpy_v2 defines the operator. Each
 * operator runs in two phases (aclnn/aclnn_base.h): the ...GetWorkspaceSize
 * call validates the arguments and builds an executor (workspaceSize is
 * always 0 in cpuacl), the second call (its parameters:
 * CPUACL_ACLNN_LAUNCH_PARAMS) queues it on a stream. Tensors may be
 * non-contiguous views of up to 8 dimensions.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_AXPY_V2_H
#define CPUACL_ACLNNOP_ACLNN_AXPY_V2_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* aclnnAxpyV2: as aclnnAdd: alpha must cast to the promoted type. */
ACL_FUNC_VISIBILITY aclnnStatus aclnnAxpyV2GetWorkspaceSize(const aclTensor *self, const aclTensor *other, const aclScalar *alpha, aclTensor *out, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnAxpyV2(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_AXPY_V2_H */
