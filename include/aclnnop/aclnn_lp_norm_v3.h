/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_lp_norm_v3.h: LpNormV3 (ops-nn's experimental folder), x divided by its
 * p-norm over all of x, each row or each column.
 *
 * Each operator runs in two phases (aclnn/aclnn_base.h): the
 * ...GetWorkspaceSize call validates the arguments and builds an executor
 * (workspaceSize is always 0 in cpuacl), the second call (its parameters:
 * CPUACL_ACLNN_LAUNCH_PARAMS) queues it on a stream. Tensors may be
 * non-contiguous views of up to 8 dimensions.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_LP_NORM_V3_H
#define CPUACL_ACLNNOP_ACLNN_LP_NORM_V3_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* aclnnLpNormV3: x and y one shape and type (FLOAT, FLOAT16); y = x / (sum |x|^p +
 * 1e-6)^(1/p) over all of x (axis -1) or, x 2-d, each row (axis 0) or column (axis 1);
 * p > 0 (+inf: max |x|). */
ACL_FUNC_VISIBILITY aclnnStatus aclnnLpNormV3GetWorkspaceSize(const aclTensor *x, double p,
                                                              int64_t axis, aclTensor *y,
                                                              uint64_t *workspaceSize,
                                                              aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnLpNormV3(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_LP_NORM_V3_H */
