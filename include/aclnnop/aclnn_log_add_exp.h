/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_log_add_exp.h: aclnnLogAddExp under the header name of ops-math's experimental/ copy
 * (its example includes it). The declarations live in aclnnop/aclnn_logaddexp.h.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_LOG_ADD_EXP_H
#define CPUACL_ACLNNOP_ACLNN_LOG_ADD_EXP_H

#include "aclnnop/aclnn_logaddexp.h"

#endif /* CPUACL_ACLNNOP_ACLNN_LOG_ADD_EXP_H */
