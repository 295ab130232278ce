/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_log_space.h: aclnnLogSpace under the header name of ops-math's experimental/ copy.
 * The declarations live in aclnnop/aclnn_logspace.h.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_LOG_SPACE_H
#define CPUACL_ACLNNOP_ACLNN_LOG_SPACE_H

#include "aclnnop/aclnn_logspace.h"

#endif /* CPUACL_ACLNNOP_ACLNN_LOG_SPACE_H */
