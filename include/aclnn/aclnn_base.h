/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnn base: the meta API (acl_meta.h), library init/finalize and the
 * aclnnStatus codes every operator returns. Each operator header
 * (aclnnop/aclnn_<op>.h) includes this one.
 *
 * Status codes: first-phase calls (aclnnXxxGetWorkspaceSize) validate their
 * arguments and return ACLNN_ERR_PARAM_NULLPTR for a required pointer that
 * is NULL and ACLNN_ERR_PARAM_INVALID for a data type, shape or attribute
 * the operator does not support; second-phase calls (aclnnXxx) return
 * ACLNN_ERR_RUNTIME_ERROR when the stream rejects the launch. Every failure
 * records a message for aclGetRecentErrMsg().
 */
#ifndef CPUACL_ACLNN_ACLNN_BASE_H
#define CPUACL_ACLNN_ACLNN_BASE_H

#include "aclnn/acl_meta.h"

#ifndef ACLNN_SUCCESS
#define ACLNN_SUCCESS 0
#define ACLNN_ERR_PARAM_NULLPTR 161001 /* a required argument is NULL */
#define ACLNN_ERR_PARAM_INVALID 161002 /* unsupported type, shape or value */
#define ACLNN_ERR_RUNTIME_ERROR 361001 /* the runtime refused the launch */
#define ACLNN_ERR_INNER 561000         /* internal error */
#define ACLNN_ERR_INNER_INFERSHAPE_ERROR 561001
#define ACLNN_ERR_INNER_TILING_ERROR 561002
#define ACLNN_ERR_INNER_FIND_KERNEL_ERROR 561003
#define ACLNN_ERR_INNER_CREATE_EXECUTOR 561101 /* out of memory making an executor */
#define ACLNN_ERR_INNER_NOT_TRANS_EXECUTOR 561102
#define ACLNN_ERR_INNER_NULLPTR 561103 /* NULL executor or tensor (meta API) */
#endif

#ifdef __cplusplus
extern "C" {
#endif

/* Optional: operators work without it. configPath may be NULL; it is not
 * read. Both return ACLNN_SUCCESS. */
ACL_FUNC_VISIBILITY aclnnStatus aclnnInit(const char *configPath);
ACL_FUNC_VISIBILITY aclnnStatus aclnnFinalize(void);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNN_ACLNN_BASE_H */
