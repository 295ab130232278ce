/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_put.h: put values at flat positions.
 *
 * Each operator runs in two phases (aclnn/aclnn_base.h): the
 * ...GetWorkspaceSize call validates the arguments and builds an executor
 * (workspaceSize is always 0 in cpuacl), the second call (its parameters:
 * CPUACL_ACLNN_LAUNCH_PARAMS) queues it on a stream. Tensors may be
 * non-contiguous views of up to 8 dimensions.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_PUT_H
#define CPUACL_ACLNNOP_ACLNN_PUT_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* aclnnInplacePut: torch.Tensor.put_: selfRef read as 1-d (row-major); source's element j
 * replaces (accumulate: is added to) element index[j] (INT32/INT64, in [-numel, numel),
 * checked at launch); index and source have one element count. */
ACL_FUNC_VISIBILITY aclnnStatus aclnnInplacePutGetWorkspaceSize(aclTensor *selfRef, const aclTensor *index, const aclTensor *source, bool accumulate, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnInplacePut(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_PUT_H */
