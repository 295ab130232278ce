/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_histc.h: a histogram of equal-width bins.
 *
 * Each operator runs in two phases (aclnn/aclnn_base.h): the
 * ...GetWorkspaceSize call validates the arguments and builds an executor
 * (workspaceSize is always 0 in cpuacl), the second call (its parameters:
 * CPUACL_ACLNN_LAUNCH_PARAMS) queues it on a stream.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_HISTC_H
#define CPUACL_ACLNNOP_ACLNN_HISTC_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* aclnnHistc: out (1-d, bins elements) counts the elements of self in bins equal-width bins over
 * [min, max] (torch.histc: values outside and NaN not counted; min == max takes the data's
 * range). self and out: FLOAT, FLOAT16, INT8, UINT8, INT16, INT32, INT64. */
ACL_FUNC_VISIBILITY aclnnStatus aclnnHistcGetWorkspaceSize(const aclTensor *self, int64_t bins, const aclScalar *min, const aclScalar *max, aclTensor *out, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnHistc(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_HISTC_H */
