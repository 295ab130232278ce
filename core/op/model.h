/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Single-operator models (core/op/model.c): the op section of the model file
 * (docs/mdl.md, "Section 72: op"), written by `atc --singleop` through
 * cpuaclOpSaveModel, and the registry of the models aclopSetModelDir and
 * aclopLoad read, which the execution calls match an instance against
 * (docs/op.md, "Single-operator models"). The registry is process-wide; no
 * call here is on the path of a type that has no registered model.
 */
#ifndef CPUACL_CORE_OP_MODEL_H
#define CPUACL_CORE_OP_MODEL_H

#include <stddef.h>
#include <stdint.h>

#include "core/op/exec.h"

/* Write the single-op model of instance c (descriptions and attributes;
 * c checked by core_op_check, no buffers) to path: a model file whose one
 * section is the op section. ACL_ERROR_INVALID_FILE when it cannot be
 * written, ACL_ERROR_BAD_ALLOC. */
aclError core_op_model_save(const struct core_op_call *c, int32_t compile_flag, const char *path,
                            const char *fn);

/* Register every single-op model of the *.om files under dir (a real path;
 * subfolders to depth 3, names in sorted order); *count the models added.
 * Files that are not cpuacl model files, and cpuacl models without an op
 * section, are skipped; a file that cannot be read, a damaged cpuacl model
 * file or a malformed op section fails the call with its code naming the
 * file, and then nothing of this call stays registered. */
aclError core_op_model_load_dir(const char *dir, size_t *count, const char *fn);
/* aclopLoad: register the single-op model of len bytes at buf (copied).
 * The reader's codes (ACL_ERROR_PARSE_MODEL, ACL_ERROR_DESERIALIZE_MODEL);
 * a model file without an op section: ACL_ERROR_MODEL_MISSING_ATTR. */
aclError core_op_model_load_mem(const void *buf, size_t len, const char *fn);

/* Whether instance c may run: ACL_SUCCESS when no model of its type is
 * registered (it runs by its type, the built-in kernels) or a registered
 * model matches it; ACL_ERROR_OP_NOT_FOUND naming c->fn otherwise. */
aclError core_op_model_match(const struct core_op_call *c);
/* A compiled instance (aclopCompile, aclopCompileAndExecute*) joins the
 * registry when models of its type are registered, as GE's online compile
 * registers the model it builds. */
aclError core_op_model_note_compiled(const struct core_op_call *c);
/* Models registered now (tests). */
size_t core_op_model_count(void);

#endif
