/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_convert_weight_to_int4_pack.h: Packs INT32 weights holding one
 * 4-bit value each into an INT4 tensor (two values a byte, the even element in
 * the low nibble) or an INT32 one (eight a word, the first in the low bits),
 * the layout aclnnWeightQuantBatchMatmulV2 and aclnnQuantMatmulV3/V4 read.
 *
 * Two phases as every aclnn operator (aclnn/aclnn_base.h); workspaceSize is
 * always 0 in cpuacl. docs/operators.md ("matmul") lists types and codes.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_CONVERT_WEIGHT_TO_INT4_PACK_H
#define CPUACL_ACLNNOP_ACLNN_CONVERT_WEIGHT_TO_INT4_PACK_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* aclnnConvertWeightToINT4Pack: weight INT32 [(b,) k, n] (ND); weightInt4Pack INT4 of
 * weight's shape, or INT32 with the last dim / 8; contiguous; its FRACTAL_NZ format is
 * ND in cpuacl (the same packing). */
ACL_FUNC_VISIBILITY aclnnStatus aclnnConvertWeightToINT4PackGetWorkspaceSize(const aclTensor *weight, aclTensor *weightInt4Pack, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnConvertWeightToINT4Pack(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_CONVERT_WEIGHT_TO_INT4_PACK_H */
