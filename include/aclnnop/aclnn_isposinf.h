/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_isposinf.h: aclnnIsPosInf (1 where self is +inf) under the header name CANN gives it
 * (ops-math's math/ folder). The declarations live in aclnnop/aclnn_is_pos_inf.h,
 * the name of its experimental/ copy, which stays.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_ISPOSINF_H
#define CPUACL_ACLNNOP_ACLNN_ISPOSINF_H

#include "aclnnop/aclnn_is_pos_inf.h"

#endif /* CPUACL_ACLNNOP_ACLNN_ISPOSINF_H */
