/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_minn.h: aclnnMinN (elementwise minimum over a list of
 * tensors) under the header name CANN gives it. The declarations live in
 * aclnnop/aclnn_min_n.h, cpuacl's earlier name, which stays as an alias.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_MINN_H
#define CPUACL_ACLNNOP_ACLNN_MINN_H

#include "aclnnop/aclnn_min_n.h"

#endif /* CPUACL_ACLNNOP_ACLNN_MINN_H */
