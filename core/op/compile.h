/* SPDX-License-Identifier: Apache-2.0 */
/*
 * The compile side of aclop (core/op/compile.c): the model directory, the
 * compile options and flag, the compile types, the single-op graph dump and
 * the kernel-selector bookkeeping. Entry points: core/api/op.c.
 */
#ifndef CPUACL_CORE_OP_COMPILE_H
#define CPUACL_CORE_OP_COMPILE_H

#include <stdbool.h>
#include <stddef.h>

#include "acl/acl_op.h"
#include "acl/acl_op_compiler.h"
#include "core/op/exec.h"

aclError core_op_set_model_dir(const char *dir, const char *fn);

aclError core_op_set_compileopt(aclCompileOpt opt, const char *value, const char *fn);
size_t core_op_compileopt_size(aclCompileOpt opt, const char *fn);
aclError core_op_get_compileopt(aclCompileOpt opt, char *value, size_t length, const char *fn);
aclError core_op_set_compile_flag(aclOpCompileFlag flag, const char *fn);
/* The engine and compile types and opPath of a compile call. */
aclError core_op_compile_types(aclopEngineType engine, aclopCompileType compile, const char *opPath,
                               const char *fn);

/* aclGenGraphAndDumpForOp's file (c checked). */
aclError core_op_dump_graph(const struct core_op_call *c, const char *path, const char *fn);

aclError core_op_register_selector(const char *type, aclopCompileFunc func, const char *fn);
aclError core_op_unregister_selector(const char *type, const char *fn);
bool core_op_selector_registered(const char *type);
aclError core_op_create_kernel(const char *type, const char *id, const char *name, void *bin,
                               int size, aclopEngineType engine, aclDataDeallocator dealloc,
                               const char *fn);
aclError core_op_set_kernel_args(aclopKernelDesc *d, const char *id, uint32_t blockDim,
                                 const void *args, uint32_t argSize, const char *fn);
aclError core_op_set_kernel_workspaces(aclopKernelDesc *d, int n, const size_t *sizes,
                                       const char *fn);
/* aclopUpdateParams (c checked, no buffers): run the selector, check its kernel. */
aclError core_op_update_params(const struct core_op_call *c);

#endif
