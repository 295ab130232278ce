/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_renorm.h: each slice along dim whose p-norm exceeds maxNorm is scaled
 * to norm maxNorm (torch.renorm), out of place or in place.
 *
 * Two phases as every aclnn operator (aclnn/aclnn_base.h); workspaceSize is
 * always 0 in cpuacl. docs/operators.md lists types, attributes and codes.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_RENORM_H
#define CPUACL_ACLNNOP_ACLNN_RENORM_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

ACL_FUNC_VISIBILITY aclnnStatus aclnnRenormGetWorkspaceSize(const aclTensor *self, const aclScalar *p, int64_t dim, const aclScalar *maxNorm, aclTensor *out, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnRenorm(CPUACL_ACLNN_LAUNCH_PARAMS);
ACL_FUNC_VISIBILITY aclnnStatus aclnnInplaceRenormGetWorkspaceSize(aclTensor *selfRef, const aclScalar *p, int64_t dim, const aclScalar *maxNorm, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnInplaceRenorm(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_RENORM_H */
