/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Tensor dump (core/tools/dump.c): what the surface (core/api/tools.c) calls. The
 * operator side (core_dump_op) and aclInit's configuration (core_dump_from_init,
 * core_dump_fini) are declared in core/obs.h.
 */
#ifndef CPUACL_CORE_TOOLS_DUMP_H
#define CPUACL_CORE_TOOLS_DUMP_H

#include <stddef.h>

#include "acl/acl_dump.h"

/* aclmdlInitDump: start the dump session (a registered callback turns the dump on at
 * once). ACL_ERROR_REPEAT_INITIALIZE / ACL_ERROR_DUMP_ALREADY_RUN, recorded. */
aclError core_dump_init(const char *fn);
/* aclmdlSetDump: apply the "dump" object of the JSON file at path (not NULL). */
aclError core_dump_set(const char *path, const char *fn);
/* aclmdlFinalizeDump: end the session; ACL_ERROR_DUMP_NOT_RUN without one. */
aclError core_dump_finalize(const char *fn);
/* acldumpRegCallback (cb not NULL) / acldumpUnregCallback (cb NULL: flag unused). */
void core_dump_callback(int32_t (*cb)(const acldumpChunk *, int32_t), int32_t flag);
/* acldumpGetPath(DATA_DUMP): the dump path while a configuration is set, else NULL. */
const char *core_dump_path(void);
/* aclopStartDumpArgs (path not NULL: created, ACL_ERROR_INVALID_PARAM if it cannot be)
 * and aclopStopDumpArgs (path NULL). */
aclError core_dump_args(const char *path, const char *fn);
/* The exception info directory, <ASCEND_WORK_PATH or .>/extra-info/data-dump, into
 * path (maxLen > 0): ACL_ERROR_INVALID_PARAM "fn: maxLen too small" if it does not fit. */
aclError core_dump_exception_path(char *path, size_t maxLen, const char *fn);
/* acldumpSaveExceptionInfo's file (arguments checked): tensorCount tensors written to
 * <exception path>/<fileName>.<userTag>. */
aclError core_dump_save_exception(const char *fileName, const char *userTag,
                                  const acldumpTensorInfo *tensors, size_t tensorCount,
                                  const char *fn);

#endif
