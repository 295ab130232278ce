/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_asinh_v2.h: y = asinh(x), float32 and float16.
 *
 * Declared as ops-math's experimental/math/asinh_v2 defines the operator. Each
 * operator runs in two phases (aclnn/aclnn_base.h): the ...GetWorkspaceSize
 * call validates the arguments and builds an executor (workspaceSize is
 * always 0 in cpuacl), the second call (its parameters:
 * CPUACL_ACLNN_LAUNCH_PARAMS) queues it on a stream. Tensors may be
 * non-contiguous views of up to 8 dimensions.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_ASINH_V2_H
#define CPUACL_ACLNNOP_ACLNN_ASINH_V2_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* aclnnAsinhV2: out: x's shape and type. */
ACL_FUNC_VISIBILITY aclnnStatus aclnnAsinhV2GetWorkspaceSize(const aclTensor *x, aclTensor *out, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnAsinhV2(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_ASINH_V2_H */
