/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_dropout_gen_mask.h: draw a dropout bit mask.
 *
 * Each operator runs in two phases (aclnn/aclnn_base.h): the
 * ...GetWorkspaceSize call validates the arguments and builds an executor
 * (workspaceSize is always 0 in cpuacl), the second call (its parameters:
 * CPUACL_ACLNN_LAUNCH_PARAMS) queues it on a stream. The mask is CANN's bit
 * mask: element i of the data is bit i % 8 (lowest first) of UINT8 byte i / 8,
 * 1 keeps it; align(n, 128) / 8 bytes for n elements.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_DROPOUT_GEN_MASK_H
#define CPUACL_ACLNNOP_ACLNN_DROPOUT_GEN_MASK_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* aclnnDropoutGenMask: out (UINT8) gets the mask of the elements of a tensor of the given
 * shape (1 to 8 dims), each bit 0 with probability prob (in [0, 1]); the bits come from
 * Philox4x32-10 keyed by seed, its counter starting at offset (equal seed and offset give
 * equal masks, not the NPU's bits). */
ACL_FUNC_VISIBILITY aclnnStatus aclnnDropoutGenMaskGetWorkspaceSize(const aclIntArray *shape, double prob, int64_t seed, int64_t offset, aclTensor *out, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnDropoutGenMask(CPUACL_ACLNN_LAUNCH_PARAMS);

/* aclnnDropoutGenMaskV2: the same with prob rounded to probDataType (FLOAT, FLOAT16,
 * BFLOAT16) first. */
ACL_FUNC_VISIBILITY aclnnStatus aclnnDropoutGenMaskV2GetWorkspaceSize(const aclIntArray *shape, double prob, int64_t seed, int64_t offset, aclDataType probDataType, aclTensor *out, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnDropoutGenMaskV2(CPUACL_ACLNN_LAUNCH_PARAMS);

/* aclnnDropoutGenMaskV2Tensor: V2 with the seed and the offset read when the operator runs:
 * seed = seedTensor's one INT64 element, offset = offsetTensor's one INT64 element + offset. */
ACL_FUNC_VISIBILITY aclnnStatus aclnnDropoutGenMaskV2TensorGetWorkspaceSize(const aclIntArray *shape, double prob, const aclTensor *seedTensor, const aclTensor *offsetTensor, int64_t offset, aclDataType probDataType, aclTensor *out, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnDropoutGenMaskV2Tensor(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_DROPOUT_GEN_MASK_H */
