/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_isneginf.h: aclnnIsNegInf (1 where self is -inf) under the header name CANN gives it
 * (ops-math's math/ folder). The declarations live in aclnnop/aclnn_is_neg_inf.h,
 * the name of its experimental/ copy, which stays.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_ISNEGINF_H
#define CPUACL_ACLNNOP_ACLNN_ISNEGINF_H

#include "aclnnop/aclnn_is_neg_inf.h"

#endif /* CPUACL_ACLNNOP_ACLNN_ISNEGINF_H */
