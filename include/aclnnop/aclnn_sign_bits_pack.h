/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_sign_bits_pack.h: pack the signs of a float vector into bits (1-bit Adam).
 *
 * Each operator runs in two phases (aclnn/aclnn_base.h): the
 * ...GetWorkspaceSize call validates the arguments and builds an executor
 * (workspaceSize is always 0 in cpuacl), the second call (its parameters:
 * CPUACL_ACLNN_LAUNCH_PARAMS) queues it on a stream.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_SIGN_BITS_PACK_H
#define CPUACL_ACLNNOP_ACLNN_SIGN_BITS_PACK_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* aclnnSignBitsPack: self (1-d, FLOAT or FLOAT16) to out (UINT8, [size, ceil(n / 8) / size]):
 * bit i % 8 (lowest first) of byte i / 8 is 1 when self[i] >= 0 (-0.0 too; NaN gives 0), 0
 * when it is negative; the last byte's missing elements give 0 bits. size > 0 must divide the
 * ceil(n / 8) bytes. */
ACL_FUNC_VISIBILITY aclnnStatus aclnnSignBitsPackGetWorkspaceSize(const aclTensor *self, int64_t size, aclTensor *out, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnSignBitsPack(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_SIGN_BITS_PACK_H */
