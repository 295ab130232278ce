/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_dropout.h: zero elements at random and scale the rest.
 *
 * Each operator runs in two phases (aclnn/aclnn_base.h): the
 * ...GetWorkspaceSize call validates the arguments and builds an executor
 * (workspaceSize is always 0 in cpuacl), the second call (its parameters:
 * CPUACL_ACLNN_LAUNCH_PARAMS) queues it on a stream. The mask is CANN's bit
 * mask: element i of the data is bit i % 8 (lowest first) of UINT8 byte i / 8,
 * 1 keeps it; align(n, 128) / 8 bytes for n elements.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_DROPOUT_H
#define CPUACL_ACLNNOP_ACLNN_DROPOUT_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* aclnnDropout: with train, each element of input is dropped (0) with probability p (in
 * [0, 1]) and the others scaled by 1 / (1 - p) into out (input's shape; FLOAT, FLOAT16,
 * BFLOAT16), maskOut (UINT8) getting the bits drawn; the bits come from Philox4x32-10 keyed by
 * seed, its counter starting at offset (equal seed and offset give equal masks, not the NPU's
 * bits). Without train, or with p 0 or 1, out is input (p 1: zeros) and maskOut is not
 * written. */
ACL_FUNC_VISIBILITY aclnnStatus aclnnDropoutGetWorkspaceSize(const aclTensor *input, double p, bool train, int64_t seed, int64_t offset, aclTensor *out, aclTensor *maskOut, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnDropout(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_DROPOUT_H */
