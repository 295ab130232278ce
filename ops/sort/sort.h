/* SPDX-License-Identifier: Apache-2.0 */
/*
 * ops/sort: the entry other rooms build on. ops_topk is aclnnTopk's phase 1 for the IR type
 * TopKV2 (ops/proto), whose indices may be int32 as well (its indices_dtype); messages name
 * TopKV2. ops_sort_line is the stable line sort of Argsort, Sort and Topk, which the sampling
 * operators (sample.c) use too.
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

/* Sort idx[0..n) (positions into keys: double, or int64 when isint) by their keys with a stable
 * merge sort through tmp[0..n): ascending, or descending when desc; NaN goes first when desc or
 * nan_first, else last (AS1 in sort.c). sample.c sorts its rows with it. */
void ops_sort_line(int64_t *idx, int64_t *tmp, int64_t n, const void *keys, bool isint, bool desc,
                   bool nan_first);

#endif /* CPUACL_OPS_SORT_SORT_H */
