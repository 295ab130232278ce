/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_scale.h: Caffe's Scale layer, y = x * scale (+ bias) (ops-math math/scale).
 *
 * Each operator runs in two phases (aclnn/aclnn_base.h): the
 * ...GetWorkspaceSize call validates the arguments and builds an executor
 * (workspaceSize is always 0 in cpuacl), the second call (its parameters:
 * CPUACL_ACLNN_LAUNCH_PARAMS) queues it on a stream.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_SCALE_H
#define CPUACL_ACLNNOP_ACLNN_SCALE_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* aclnnScale: y = x * scale + bias (bias optional: NULL), all of one type (FLOAT, FLOAT16,
 * BFLOAT16), y of x's shape; scale (and bias, of scale's shape) spans x's dims from axis on:
 * numAxes of them (-1: to the last) when scaleFromBlob, else as many as scale has; a scale of
 * one element broadcasts to all of x. */
ACL_FUNC_VISIBILITY aclnnStatus aclnnScaleGetWorkspaceSize(const aclTensor *x, const aclTensor *scale, const aclTensor *bias, int64_t axis, int64_t numAxes, bool scaleFromBlob, aclTensor *y, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnScale(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_SCALE_H */
