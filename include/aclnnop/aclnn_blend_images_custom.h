/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_blend_images_custom.h: alpha blending of two images (ops-cv objdetect/blend_images_custom).
 *
 * Two phases as every aclnn operator (aclnn/aclnn_base.h); workspaceSize is
 * always 0 in cpuacl. See docs/operators.md.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_BLEND_IMAGES_CUSTOM_H
#define CPUACL_ACLNNOP_ACLNN_BLEND_IMAGES_CUSTOM_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* aclnnBlendImagesCustom: rgb, frame HWC (C = 3) and alpha HW1, UINT8;
 * out = rgb alpha / 255 + frame (1 - alpha / 255), of frame's shape, UINT8. */
ACL_FUNC_VISIBILITY aclnnStatus aclnnBlendImagesCustomGetWorkspaceSize(
    const aclTensor *rgb, const aclTensor *alpha, const aclTensor *frame, const aclTensor *out,
    uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnBlendImagesCustom(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_BLEND_IMAGES_CUSTOM_H */
