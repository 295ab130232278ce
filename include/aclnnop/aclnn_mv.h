/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_mv.h: Matrix-vector product, out[n] = self[n, m] @ vec[m].
 *
 * Two phases as every aclnn operator (aclnn/aclnn_base.h); workspaceSize is
 * always 0 in cpuacl. Tensors may be non-contiguous views of up to 8 dims.
 * docs/operators.md lists types, attributes and codes.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_MV_H
#define CPUACL_ACLNNOP_ACLNN_MV_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

ACL_FUNC_VISIBILITY aclnnStatus aclnnMvGetWorkspaceSize(const aclTensor *self, const aclTensor *vec, aclTensor *out, int8_t cubeMathType, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnMv(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_MV_H */
