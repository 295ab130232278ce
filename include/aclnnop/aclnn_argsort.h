/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_argsort.h: Indices (INT64) that sort self along dim, ascending or
 * descending; the sort is stable.
 *
 * Two phases as every aclnn operator (aclnn/aclnn_base.h); workspaceSize is
 * always 0 in cpuacl. Tensors may be non-contiguous views of up to 8 dims.
 * docs/operators.md lists types, attributes and codes.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_ARGSORT_H
#define CPUACL_ACLNNOP_ACLNN_ARGSORT_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

ACL_FUNC_VISIBILITY aclnnStatus aclnnArgsortGetWorkspaceSize(const aclTensor *self, int64_t dim, bool descending, aclTensor *out, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnArgsort(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_ARGSORT_H */
