/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_norm.h: p-norm over the given dims: (sum |x|^p)^(1/p); p = 0 counts
 * non-zeros, p = +inf / -inf take the max / min of |x|.
 *
 * Two phases as every aclnn operator (aclnn/aclnn_base.h); workspaceSize is
 * always 0 in cpuacl. Tensors may be non-contiguous views of up to 8 dims.
 * docs/operators.md lists types, attributes and codes.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_NORM_H
#define CPUACL_ACLNNOP_ACLNN_NORM_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

ACL_FUNC_VISIBILITY aclnnStatus aclnnNormGetWorkspaceSize(const aclTensor *self, const aclScalar *pScalar, const aclIntArray *dim, bool keepdim, aclTensor *out, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnNorm(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_NORM_H */
