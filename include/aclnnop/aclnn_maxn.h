/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_maxn.h: aclnnMaxN (elementwise maximum over a list of
 * tensors) under the header name CANN gives it. The declarations live in
 * aclnnop/aclnn_max_n.h, cpuacl's earlier name, which stays as an alias.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_MAXN_H
#define CPUACL_ACLNNOP_ACLNN_MAXN_H

#include "aclnnop/aclnn_max_n.h"

#endif /* CPUACL_ACLNNOP_ACLNN_MAXN_H */
