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

/*
 * CPUACL_ACLNN_LAUNCH_PARAMS: the parameter list of every operator's second
 * phase. All operators share it, because the executor the first phase built
 * carries everything else:
 *
 *     aclnnStatus aclnnXxx(void *workspace, uint64_t workspaceSize,
 *                          aclOpExecutor *executor, aclrtStream stream);
 *
 * The operator headers (aclnnop/) declare that phase as
 *     ACL_FUNC_VISIBILITY aclnnStatus aclnnAbs(CPUACL_ACLNN_LAUNCH_PARAMS);
 * which is, token for token after preprocessing, the prototype AscendCL's
 * headers spell out, in C and in C++ (the name stays written out, so grep,
 * ctags and the export check find it). The few operators whose real
 * prototype differs (aclnnCat, aclnnPermute, aclnnTril, aclnnInplaceTril and
 * aclnnFusedInferAttentionScoreV2 take `const aclrtStream stream`) are written
 * in full. The first phases, aclnnXxxGetWorkspaceSize, differ per operator and
 * are always written in full: one prototype per line, so that
 * `grep -rh aclnnSubGetWorkspaceSize include/` prints the whole parameter list
 * (the nine with ten or more parameters break after the opening parenthesis
 * and fill lines of 100 columns instead).
 * docs/headers.md has the conventions of the public headers.
 */
#define CPUACL_ACLNN_LAUNCH_PARAMS                                                                 \
    void *workspace, uint64_t workspaceSize, aclOpExecutor *executor, aclrtStream stream

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
