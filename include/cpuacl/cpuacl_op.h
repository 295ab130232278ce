/* SPDX-License-Identifier: Apache-2.0 */
/*
 * cpuacl/cpuacl_op.h: writing single-operator model files, the files
 * `atc --singleop` makes and aclopSetModelDir / aclopLoad read (docs/op.md,
 * "Single-operator models"; the file: docs/mdl.md, "Section 72: op"). A
 * cpuacl name, not AscendCL's: CANN builds these files inside atc.
 */
#ifndef CPUACL_CPUACL_OP_H
#define CPUACL_CPUACL_OP_H

#include <stdint.h>

#include "acl/acl_base.h"
#include "acl/acl_op.h"

#ifdef __cplusplus
extern "C" {
#endif

/*
 * Write the single-op model of operator opType with these input and output
 * descriptions (data type, format, shape, shape range, name, dynamic-input
 * name, an input's const value) and attributes (NULL: none) to path (created
 * or replaced). compileFlag is recorded (atc's compile_flag). Needs no
 * aclInit. ACL_ERROR_INVALID_PARAM: path NULL or empty, the argument rows of
 * aclopCompile, no input and no output; ACL_ERROR_INVALID_FILE: path cannot
 * be written.
 */
ACL_FUNC_VISIBILITY aclError cpuaclOpSaveModel(const char *path, const char *opType, int numInputs,
                                               const aclTensorDesc *const inputDesc[],
                                               int numOutputs,
                                               const aclTensorDesc *const outputDesc[],
                                               const aclopAttr *attr, int32_t compileFlag);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_CPUACL_OP_H */
