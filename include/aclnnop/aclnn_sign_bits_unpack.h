/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_sign_bits_unpack.h: unpack sign bits into +1 and -1 (1-bit Adam).
 *
 * Each operator runs in two phases (aclnn/aclnn_base.h): the
 * ...GetWorkspaceSize call validates the arguments and builds an executor
 * (workspaceSize is always 0 in cpuacl), the second call (its parameters:
 * CPUACL_ACLNN_LAUNCH_PARAMS) queues it on a stream.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_SIGN_BITS_UNPACK_H
#define CPUACL_ACLNNOP_ACLNN_SIGN_BITS_UNPACK_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* aclnnSignBitsUnpack: self (1-d, UINT8, n bytes) to out (dtype: FLOAT or FLOAT16, [size,
 * 8 n / size]): element i is +1.0 when bit i % 8 (lowest first) of byte i / 8 is 1, else -1.0.
 * size > 0 must divide 8 n. */
ACL_FUNC_VISIBILITY aclnnStatus aclnnSignBitsUnpackGetWorkspaceSize(const aclTensor *self, int64_t size, aclDataType dtype, aclTensor *out, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnSignBitsUnpack(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_SIGN_BITS_UNPACK_H */
