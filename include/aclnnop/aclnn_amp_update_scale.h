/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_amp_update_scale.h: the dynamic loss scale update of mixed-precision training
 * (torch's _amp_update_scale_; ops-math math/amp_update_scale, the header its example includes,
 * which CANN generates).
 *
 * Each operator runs in two phases (aclnn/aclnn_base.h): the
 * ...GetWorkspaceSize call validates the arguments and builds an executor
 * (workspaceSize is always 0 in cpuacl), the second call (its parameters:
 * CPUACL_ACLNN_LAUNCH_PARAMS) queues it on a stream.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_AMP_UPDATE_SCALE_H
#define CPUACL_ACLNNOP_ACLNN_AMP_UPDATE_SCALE_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* aclnnAmpUpdateScale: currentScale and foundInf [1] (FLOAT, FLOAT16, BFLOAT16, one type),
 * growthTracker [1] INT32, to updatedScale [1] (currentScale's type) and updatedGrowthTracker [1]
 * INT32: foundInf != 0 backs the scale off by backoffFactor and resets the tracker; otherwise
 * the tracker counts up and, reaching growthInterval (1 to INT32_MAX), multiplies the scale by
 * growthFactor (kept when the product is not finite) and resets. */
ACL_FUNC_VISIBILITY aclnnStatus aclnnAmpUpdateScaleGetWorkspaceSize(const aclTensor *currentScale, const aclTensor *growthTracker, const aclTensor *foundInf, double growthFactor, double backoffFactor, int64_t growthInterval, const aclTensor *updatedScale, const aclTensor *updatedGrowthTracker, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnAmpUpdateScale(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_AMP_UPDATE_SCALE_H */
