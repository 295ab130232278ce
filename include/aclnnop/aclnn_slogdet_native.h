/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_slogdet_native.h: aclnnSlogdet under the header name of ops-math's
 * experimental/ copy. The declarations live in aclnnop/aclnn_slogdet.h (math/'s name).
 */
#ifndef CPUACL_ACLNNOP_ACLNN_SLOGDET_NATIVE_H
#define CPUACL_ACLNNOP_ACLNN_SLOGDET_NATIVE_H

#include "aclnnop/aclnn_slogdet.h"

#endif /* CPUACL_ACLNNOP_ACLNN_SLOGDET_NATIVE_H */
