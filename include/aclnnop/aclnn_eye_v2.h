/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_eye_v2.h: the identity matrix (ops-math experimental).
 *
 * Each operator runs in two phases (aclnn/aclnn_base.h): the
 * ...GetWorkspaceSize call validates the arguments and builds an executor
 * (workspaceSize is always 0 in cpuacl), the second call (its parameters:
 * CPUACL_ACLNN_LAUNCH_PARAMS) queues it on a stream.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_EYE_V2_H
#define CPUACL_ACLNNOP_ACLNN_EYE_V2_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* aclnnEyeV2: out [rows, cols] = 1 on the main diagonal, 0 elsewhere; x (FLOAT, FLOAT16,
 * INT32, INT16; its values unused) and out of those types. */
ACL_FUNC_VISIBILITY aclnnStatus aclnnEyeV2GetWorkspaceSize(const aclTensor *x, int64_t rows, int64_t cols, aclTensor *out, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnEyeV2(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_EYE_V2_H */
