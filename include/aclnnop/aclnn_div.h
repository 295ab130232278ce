/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_div.h: Division. Integer and bool inputs divide as float32
 * (true division); the DivMod forms take a rounding mode: 0 none, 1 toward
 * zero, 2 floor (integer inputs then divide as integers).
 *
 * Each operator runs in two phases (aclnn/aclnn_base.h): the
 * ...GetWorkspaceSize call validates the arguments and builds an executor
 * (workspaceSize is always 0 in cpuacl), the second call (its parameters:
 * CPUACL_ACLNN_LAUNCH_PARAMS) queues it on a stream. Tensors may be
 * non-contiguous views of up to 8 dimensions.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_DIV_H
#define CPUACL_ACLNNOP_ACLNN_DIV_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* aclnnDiv: out = self / other. */
ACL_FUNC_VISIBILITY aclnnStatus aclnnDivGetWorkspaceSize(const aclTensor *self, const aclTensor *other, aclTensor *out, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnDiv(CPUACL_ACLNN_LAUNCH_PARAMS);

/* aclnnDivs: out = self / other for a scalar other. */
ACL_FUNC_VISIBILITY aclnnStatus aclnnDivsGetWorkspaceSize(const aclTensor *self, const aclScalar *other, aclTensor *out, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnDivs(CPUACL_ACLNN_LAUNCH_PARAMS);

/* aclnnDivMod: out = round_mode(self / other). */
ACL_FUNC_VISIBILITY aclnnStatus aclnnDivModGetWorkspaceSize(const aclTensor *self, const aclTensor *other, int mode, aclTensor *out, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnDivMod(CPUACL_ACLNN_LAUNCH_PARAMS);

/* aclnnDivMods: out = round_mode(self / other) for a scalar other. */
ACL_FUNC_VISIBILITY aclnnStatus aclnnDivModsGetWorkspaceSize(const aclTensor *self, const aclScalar *other, int mode, aclTensor *out, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnDivMods(CPUACL_ACLNN_LAUNCH_PARAMS);

/* aclnnInplaceDiv: selfRef /= other. */
ACL_FUNC_VISIBILITY aclnnStatus aclnnInplaceDivGetWorkspaceSize(aclTensor *selfRef, const aclTensor *other, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnInplaceDiv(CPUACL_ACLNN_LAUNCH_PARAMS);

/* aclnnInplaceDivs: selfRef /= other for a scalar other. */
ACL_FUNC_VISIBILITY aclnnStatus aclnnInplaceDivsGetWorkspaceSize(aclTensor *selfRef, const aclScalar *other, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnInplaceDivs(CPUACL_ACLNN_LAUNCH_PARAMS);

/* aclnnInplaceDivMod: selfRef = round_mode(selfRef / other). */
ACL_FUNC_VISIBILITY aclnnStatus aclnnInplaceDivModGetWorkspaceSize(aclTensor *selfRef, const aclTensor *other, int mode, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnInplaceDivMod(CPUACL_ACLNN_LAUNCH_PARAMS);

/* aclnnInplaceDivMods: As aclnnInplaceDivMod for a scalar other. */
ACL_FUNC_VISIBILITY aclnnStatus aclnnInplaceDivModsGetWorkspaceSize(aclTensor *selfRef, const aclScalar *other, int mode, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnInplaceDivMods(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_DIV_H */
