/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_pad_v2.h: constant padding of up to 4 dims with the pads as attributes (ops-math
 * experimental/conversion/pad_v2).
 *
 * Each operator runs in two phases (aclnn/aclnn_base.h): the
 * ...GetWorkspaceSize call validates the arguments and builds an executor
 * (workspaceSize is always 0 in cpuacl), the second call (its parameters:
 * CPUACL_ACLNN_LAUNCH_PARAMS) queues it on a stream. Tensors may be
 * non-contiguous views.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_PAD_V2_H
#define CPUACL_ACLNNOP_ACLNN_PAD_V2_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* aclnnPadV2: y = x (FLOAT, FLOAT16, INT16, INT32; 1 to 4 dims) with dim d padded by pad(2d)
 * before and pad(2d + 1) after (each >= 0) with value (converted to x's type); mode is not read
 * (CANN's kernel pads with value in every mode). */
ACL_FUNC_VISIBILITY aclnnStatus aclnnPadV2GetWorkspaceSize(const aclTensor *x, int64_t mode, int64_t value, int64_t pad0, int64_t pad1, int64_t pad2, int64_t pad3, int64_t pad4, int64_t pad5, int64_t pad6, int64_t pad7, aclTensor *y, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnPadV2(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_PAD_V2_H */
