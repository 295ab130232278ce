/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_linalg_qr.h: the QR decomposition, torch.linalg.qr's form (ops-math math/qr).
 *
 * Each operator runs in two phases (aclnn/aclnn_base.h): the
 * ...GetWorkspaceSize call validates the arguments and builds an executor
 * (workspaceSize is always 0 in cpuacl), the second call (its parameters:
 * CPUACL_ACLNN_LAUNCH_PARAMS) queues it on a stream.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_LINALG_QR_H
#define CPUACL_ACLNNOP_ACLNN_LINALG_QR_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* aclnnLinalgQr: self [..., m, n] (FLOAT, FLOAT16, DOUBLE) to Q and R (each any of those types);
 * mode 0 (reduced): Q [..., m, k], R [..., k, n] with k = min(m, n); 1 (complete): Q [..., m, m],
 * R [..., m, n]; 2 (r): Q is [0] and only R [..., k, n] is written. Householder reflections as
 * LAPACK's geqrf (torch.linalg.qr). */
ACL_FUNC_VISIBILITY aclnnStatus aclnnLinalgQrGetWorkspaceSize(const aclTensor *self, int64_t mode, aclTensor *Q, aclTensor *R, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnLinalgQr(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_LINALG_QR_H */
