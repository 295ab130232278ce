/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_einsum.h: Einstein summation of two tensors, "term1,term2->out": the
 * output's entries are sums over the labels missing from it of the products of the
 * inputs' entries.
 *
 * Two phases as every aclnn operator (aclnn/aclnn_base.h); workspaceSize is
 * always 0 in cpuacl. docs/operators.md ("matmul") lists types and codes.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_EINSUM_H
#define CPUACL_ACLNNOP_ACLNN_EINSUM_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* aclnnEinsum: tensors holds two tensors; equation "abcd,abced->abce" or "a,b->ab" (the
 * ones CANN supports); tensors and output of one type (FLOAT16, FLOAT, INT16, INT32,
 * INT64; the unsigned types are refused by cpuacl). */
ACL_FUNC_VISIBILITY aclnnStatus aclnnEinsumGetWorkspaceSize(const aclTensorList *tensors, const char *equation, aclTensor *output, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnEinsum(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_EINSUM_H */
