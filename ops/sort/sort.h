/* SPDX-License-Identifier: Apache-2.0 */
/*
 * ops/sort: the entry other rooms build on. ops_topk is aclnnTopk's phase 1 for the IR type
 * TopKV2 (ops/proto), whose indices may be int32 as well (its indices_dtype); messages name
 * TopKV2.
 */
#ifndef CPUACL_OPS_SORT_SORT_H
#define CPUACL_OPS_SORT_SORT_H

#include <stdbool.h>
#include <stdint.h>

#include "aclnn/aclnn_base.h"

/* values, indices: the k largest (largest) or smallest elements of self along dim and their
 * positions (INT32 or INT64), as aclnnTopk (AS3 in sort.c). */
aclnnStatus ops_topk(const aclTensor *self, int64_t k, int64_t dim, bool largest, aclTensor *values,
                     aclTensor *indices, uint64_t *workspaceSize, aclOpExecutor **executor);

#endif /* CPUACL_OPS_SORT_SORT_H */
