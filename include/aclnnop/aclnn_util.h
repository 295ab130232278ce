/* SPDX-License-Identifier: Apache-2.0 */
/*
 * ACLNN_API: the export marker AscendCL's operator headers put on their
 * functions, for programs that declare operators of their own with it.
 * cpuacl's operator headers use ACL_FUNC_VISIBILITY (acl/acl_base.h).
 */
#ifndef CPUACL_ACLNNOP_ACLNN_UTIL_H
#define CPUACL_ACLNNOP_ACLNN_UTIL_H

#ifndef ACLNN_API
#define ACLNN_API __attribute__((visibility("default")))
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_UTIL_H */
