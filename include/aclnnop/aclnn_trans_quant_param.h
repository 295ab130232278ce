/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_trans_quant_param.h: The 64-bit quantisation words of
 * aclnnTransQuantParamV2 made on the host: scale's bits with the low 13 cleared, bit 46
 * set, and with an offset its value rounded half to even, clamped to [-256, 255], in bits
 * 37..45.
 *
 * One phase: the words go into an array this call allocates with malloc
 * (*quantParam, *quantParamSize elements; the caller frees it).
 */
#ifndef CPUACL_ACLNNOP_ACLNN_TRANS_QUANT_PARAM_H
#define CPUACL_ACLNNOP_ACLNN_TRANS_QUANT_PARAM_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* aclnnTransQuantParam: scaleSize and offsetSize are 1 or n (offsetSize 0 without
 * offsetArray); n words are made. 161001 for a NULL scaleArray, quantParam or
 * quantParamSize; 161002 for the sizes. */
ACL_FUNC_VISIBILITY aclnnStatus aclnnTransQuantParam(const float *scaleArray, uint64_t scaleSize, const float *offsetArray, uint64_t offsetSize, uint64_t **quantParam, uint64_t *quantParamSize);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_TRANS_QUANT_PARAM_H */
