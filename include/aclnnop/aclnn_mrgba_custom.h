/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_mrgba_custom.h: an image times its alpha (ops-cv objdetect/mrgba_custom).
 *
 * Two phases as every aclnn operator (aclnn/aclnn_base.h); workspaceSize is
 * always 0 in cpuacl. See docs/operators.md.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_MRGBA_CUSTOM_H
#define CPUACL_ACLNNOP_ACLNN_MRGBA_CUSTOM_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* aclnnMrgbaCustom: rgb HWC (C = 3) and alpha HW1, UINT8; out = rgb alpha / 255 rounded down,
 * of rgb's shape, UINT8. */
ACL_FUNC_VISIBILITY aclnnStatus aclnnMrgbaCustomGetWorkspaceSize(const aclTensor *rgb,
                                                                 const aclTensor *alpha,
                                                                 const aclTensor *out,
                                                                 uint64_t *workspaceSize,
                                                                 aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnMrgbaCustom(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_MRGBA_CUSTOM_H */
