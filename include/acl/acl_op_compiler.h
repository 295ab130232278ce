/* SPDX-License-Identifier: Apache-2.0 */
/*
 * acl/acl_op_compiler.h: compiling single operators (docs/op.md, "Compiling").
 * The declarations are AscendCL's. In cpuacl the kernels are built in: a
 * compile checks and plans the instance (the plan kept for later
 * executions), the compile options are stored and read back, and the graph
 * dump writes a text description of the single-operator graph.
 */
#ifndef CPUACL_ACL_ACL_OP_COMPILER_H
#define CPUACL_ACL_ACL_OP_COMPILER_H

#include <stddef.h>

#include "acl_base.h"
#include "acl_op.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef enum aclCompileType {
    ACL_COMPILE_SYS,          /* a registered operator type (the only value supported) */
    ACL_COMPILE_UNREGISTERED, /* compiled from opPath: not supported */
} aclopCompileType;

typedef enum {
    ACL_PRECISION_MODE,
    ACL_AICORE_NUM,
    ACL_AUTO_TUNE_MODE, /* discarded: setting it fails */
    ACL_OP_SELECT_IMPL_MODE,
    ACL_OPTYPELIST_FOR_IMPLMODE,
    ACL_OP_DEBUG_LEVEL,
    ACL_DEBUG_DIR,
    ACL_OP_COMPILER_CACHE_MODE,
    ACL_OP_COMPILER_CACHE_DIR,
    ACL_OP_PERFORMANCE_MODE,
    ACL_OP_JIT_COMPILE,
    ACL_OP_DETERMINISTIC,
    ACL_CUSTOMIZE_DTYPES,
    ACL_OP_PRECISION_MODE,
    ACL_ALLOW_HF32,
    ACL_PRECISION_MODE_V2,
    ACL_OP_DEBUG_OPTION,
} aclCompileOpt;

typedef enum aclCompileFlag {
    ACL_OP_COMPILE_DEFAULT, /* exact shapes (the default) */
    ACL_OP_COMPILE_FUZZ,    /* generalised shapes */
} aclOpCompileFlag;

typedef struct aclGraphDumpOption aclGraphDumpOption;

/* Check and plan an instance without running it (opPath must be NULL). */
ACL_FUNC_VISIBILITY aclError aclopCompile(const char *opType, int numInputs,
                                          const aclTensorDesc *const inputDesc[], int numOutputs,
                                          const aclTensorDesc *const outputDesc[],
                                          const aclopAttr *attr, aclopEngineType engineType,
                                          aclopCompileType compileFlag, const char *opPath);

/* aclopCompile, then aclopExecute / aclopExecuteV2 on stream. */
ACL_FUNC_VISIBILITY aclError aclopCompileAndExecute(
    const char *opType, int numInputs, const aclTensorDesc *const inputDesc[],
    const aclDataBuffer *const inputs[], int numOutputs, const aclTensorDesc *const outputDesc[],
    aclDataBuffer *const outputs[], const aclopAttr *attr, aclopEngineType engineType,
    aclopCompileType compileFlag, const char *opPath, aclrtStream stream);
ACL_FUNC_VISIBILITY aclError
aclopCompileAndExecuteV2(const char *opType, int numInputs, aclTensorDesc *inputDesc[],
                         aclDataBuffer *inputs[], int numOutputs, aclTensorDesc *outputDesc[],
                         aclDataBuffer *outputs[], aclopAttr *attr, aclopEngineType engineType,
                         aclopCompileType compileFlag, const char *opPath, aclrtStream stream);

/* Process-wide compile options, stored as strings. */
ACL_FUNC_VISIBILITY aclError aclSetCompileopt(aclCompileOpt opt, const char *value);
/* Bytes needed for opt's value with its terminator. */
ACL_FUNC_VISIBILITY size_t aclGetCompileoptSize(aclCompileOpt opt);
ACL_FUNC_VISIBILITY aclError aclGetCompileopt(aclCompileOpt opt, char *value, size_t length);

ACL_FUNC_VISIBILITY aclError aclopSetCompileFlag(aclOpCompileFlag flag);

/* Write a text description of the single-operator graph: to graphDumpPath
 * when it ends in ".txt", else into that (existing) directory. */
ACL_FUNC_VISIBILITY aclError aclGenGraphAndDumpForOp(
    const char *opType, int numInputs, const aclTensorDesc *const inputDesc[],
    const aclDataBuffer *const inputs[], int numOutputs, const aclTensorDesc *const outputDesc[],
    aclDataBuffer *const outputs[], const aclopAttr *attr, aclopEngineType engineType,
    const char *graphDumpPath, const aclGraphDumpOption *graphDumpOpt);

ACL_FUNC_VISIBILITY aclGraphDumpOption *aclCreateGraphDumpOpt(void);
ACL_FUNC_VISIBILITY aclError aclDestroyGraphDumpOpt(const aclGraphDumpOption *graphDumpOpt);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACL_ACL_OP_COMPILER_H */
