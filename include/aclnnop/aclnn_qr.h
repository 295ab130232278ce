/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_qr.h: the QR decomposition, torch.qr's form (ops-math math/qr).
 *
 * Each operator runs in two phases (aclnn/aclnn_base.h): the
 * ...GetWorkspaceSize call validates the arguments and builds an executor
 * (workspaceSize is always 0 in cpuacl), the second call (its parameters:
 * CPUACL_ACLNN_LAUNCH_PARAMS) queues it on a stream.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_QR_H
#define CPUACL_ACLNNOP_ACLNN_QR_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* aclnnQr: self [..., m, n] (FLOAT, FLOAT16, DOUBLE) to Q and R (each any of those types): some
 * true gives Q [..., m, k], R [..., k, n] with k = min(m, n), false Q [..., m, m], R [..., m, n]
 * (torch.qr). */
ACL_FUNC_VISIBILITY aclnnStatus aclnnQrGetWorkspaceSize(const aclTensor *self, bool some, aclTensor *Q, aclTensor *R, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnQr(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_QR_H */
