/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_quantize.h: Quantisation with a scale and a zero point along one
 * dim of x: out = round(x / scales + zeroPoints), of type dtype.
 *
 * Two phases as every aclnn operator (aclnn/aclnn_base.h); workspaceSize is
 * always 0 in cpuacl. docs/operators.md ("Quantisation") lists types and codes.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_QUANTIZE_H
#define CPUACL_ACLNNOP_ACLNN_QUANTIZE_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* aclnnQuantize: dtype ACL_INT8, ACL_UINT8 or ACL_INT32 (the float8 types are
 * refused by cpuacl, 161002); rounding half to even, saturated to dtype. */
ACL_FUNC_VISIBILITY aclnnStatus aclnnQuantizeGetWorkspaceSize(const aclTensor *x, const aclTensor *scales, const aclTensor *zeroPoints, aclDataType dtype, int32_t axis, aclTensor *out, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnQuantize(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_QUANTIZE_H */
