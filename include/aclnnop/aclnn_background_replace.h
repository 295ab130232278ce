/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_background_replace.h: a new background through a mask (ops-cv objdetect/background_replace).
 *
 * Two phases as every aclnn operator (aclnn/aclnn_base.h); workspaceSize is
 * always 0 in cpuacl. See docs/operators.md.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_BACKGROUND_REPLACE_H
#define CPUACL_ACLNNOP_ACLNN_BACKGROUND_REPLACE_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* aclnnBackgroundReplace: bkg, src HWC (C = 1 or 3) UINT8 or FLOAT16, mask HW1 FLOAT16;
 * out = bkg (1 - mask) + src mask, of bkg's shape and type. */
ACL_FUNC_VISIBILITY aclnnStatus aclnnBackgroundReplaceGetWorkspaceSize(
    const aclTensor *bkg, const aclTensor *src, const aclTensor *mask, const aclTensor *out,
    uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnBackgroundReplace(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_BACKGROUND_REPLACE_H */
