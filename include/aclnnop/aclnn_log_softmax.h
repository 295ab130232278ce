/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_log_softmax.h: aclnnLogSoftmax under the header name CANN's
 * experimental operators give it. The declarations live in
 * aclnnop/aclnn_logsoftmax.h, the classic name.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_LOG_SOFTMAX_H
#define CPUACL_ACLNNOP_ACLNN_LOG_SOFTMAX_H

#include "aclnnop/aclnn_logsoftmax.h"

#endif /* CPUACL_ACLNNOP_ACLNN_LOG_SOFTMAX_H */
