/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_searchsorted.h: insertion points of values in sorted rows.
 *
 * Each operator runs in two phases (aclnn/aclnn_base.h): the
 * ...GetWorkspaceSize call validates the arguments and builds an executor
 * (workspaceSize is always 0 in cpuacl), the second call (its parameters:
 * CPUACL_ACLNN_LAUNCH_PARAMS) queues it on a stream.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_SEARCHSORTED_H
#define CPUACL_ACLNNOP_ACLNN_SEARCHSORTED_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* aclnnSearchSorted: out[i] = the first j in [0, N] with row[j] >= self[i] (right: > self[i]),
 * N if none, where the rows are sortedSequence's last dim (ascending; through sorter, INT64 of
 * sortedSequence's shape, when given: row[j] = seq[sorter[j]]); a 1-d sequence serves every
 * value, an n-d one row r for self's r-th last-dim slice (self's leading dims must equal it).
 * sortedSequence and self: DOUBLE, FLOAT, FLOAT16, UINT8, INT8, INT16, INT32, INT64, promoted
 * together; out of self's shape, INT32 with outInt32 else INT64. */
ACL_FUNC_VISIBILITY aclnnStatus aclnnSearchSortedGetWorkspaceSize(const aclTensor *sortedSequence, const aclTensor *self, bool outInt32, bool right, const aclTensor *sorter, aclTensor *out, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnSearchSorted(CPUACL_ACLNN_LAUNCH_PARAMS);

/* aclnnSearchSorteds: the same for one scalar value and a 1-d sortedSequence; out holds one
 * element. */
ACL_FUNC_VISIBILITY aclnnStatus aclnnSearchSortedsGetWorkspaceSize(const aclTensor *sortedSequence, const aclScalar *self, const bool outInt32, const bool right, const aclTensor *sorter, aclTensor *out, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnSearchSorteds(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_SEARCHSORTED_H */
