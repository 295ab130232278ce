/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_trans_matmul_weight.h: prepare a matmul weight tensor in the
 * layout the matrix products like best, and the storage size it needs.
 *
 * On cpuacl the preferred layout of a matmul weight is ND itself: the
 * products read ND (any strides) through the BLAS. aclnnTransMatmulWeight
 * therefore validates its tensor (FLOAT16, BFLOAT16, INT8 or UINT8, 2 to 6
 * dims, not empty) and leaves the data as it is, and the size functions
 * return the plain element count (the product of the dims), which is what
 * the runtime returns when it keeps the ND format.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_TRANS_MATMUL_WEIGHT_H
#define CPUACL_ACLNNOP_ACLNN_TRANS_MATMUL_WEIGHT_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Elements the weight of shape tensorShape (2 to 6 dims, none zero) needs
 * after aclnnTransMatmulWeight (multiply by the type size for bytes). */
ACL_FUNC_VISIBILITY aclnnStatus aclnnCalculateMatmulWeightSizeV2(const aclIntArray *tensorShape, aclDataType dataType, uint64_t *weightTensorSize);
/* The same for a FLOAT16 weight of exactly 2 dims. */
ACL_FUNC_VISIBILITY aclnnStatus aclnnCalculateMatmulWeightSize(const aclIntArray *tensorShape, uint64_t *weightTensorSize);
ACL_FUNC_VISIBILITY aclnnStatus aclnnTransMatmulWeightGetWorkspaceSize(aclTensor *mmWeightRef, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnTransMatmulWeight(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_TRANS_MATMUL_WEIGHT_H */
