/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_isin_tensor_scalar.h: which elements of a tensor equal a scalar.
 *
 * Each operator runs in two phases (aclnn/aclnn_base.h): the
 * ...GetWorkspaceSize call validates the arguments and builds an executor
 * (workspaceSize is always 0 in cpuacl), the second call (its parameters:
 * CPUACL_ACLNN_LAUNCH_PARAMS) queues it on a stream. Tensors may be
 * non-contiguous views of up to 8 dimensions.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_ISIN_TENSOR_SCALAR_H
#define CPUACL_ACLNNOP_ACLNN_ISIN_TENSOR_SCALAR_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* aclnnIsInTensorScalar: out[i] = whether element[i] equals testElement (as double; NaN never does), negated by invert; out of element's shape; assumeUnique is a hint. */
ACL_FUNC_VISIBILITY aclnnStatus aclnnIsInTensorScalarGetWorkspaceSize(const aclTensor *element, const aclScalar *testElement, bool assumeUnique, bool invert, aclTensor *out, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnIsInTensorScalar(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_ISIN_TENSOR_SCALAR_H */
