/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_embedding_renorm.h: the rows of selfRef that indices names, each scaled to
 * norm maxNorm when its normType-norm exceeds it (torch.embedding_renorm_).
 *
 * Two phases as every aclnn operator (aclnn/aclnn_base.h); workspaceSize is
 * always 0 in cpuacl. docs/operators.md lists types, attributes and codes.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_EMBEDDING_RENORM_H
#define CPUACL_ACLNNOP_ACLNN_EMBEDDING_RENORM_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

ACL_FUNC_VISIBILITY aclnnStatus aclnnEmbeddingRenormGetWorkspaceSize(aclTensor *selfRef, const aclTensor *indices, double maxNorm, double normType, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnEmbeddingRenorm(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_EMBEDDING_RENORM_H */
