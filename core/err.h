/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Error recording for every layer above sched/ and mem/ (core, ops, graph):
 * the message aclGetRecentErrMsg returns and the thread's last error.
 * Part of core's interface to the layers above it, with core/launch.h.
 */
#ifndef CPUACL_CORE_ERR_H
#define CPUACL_CORE_ERR_H

#include <stddef.h>

#include "acl/acl_base.h"

/* Record `code` with a printf-style message for aclGetRecentErrMsg and the
 * thread's last error; returns code so entry points can `return core_err(...)`.
 * The message also goes to CANN's log (stdout or the plog file, per the
 * ASCEND_* log variables: core/runtime/log.c) with the file and line of the call. */
aclError core_err_at(const char *file, int line, aclError code, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
#define core_err(...) core_err_at(__FILE__, __LINE__, __VA_ARGS__)
/* calloc(1, size) for an object API call `fn` returns, recording ACL_ERROR_BAD_ALLOC
 * ("fn: out of memory") when it fails. */
void *core_zalloc(size_t size, const char *fn);
/* Record an error code found asynchronously (stream error state); the message quotes the
 * detail last noted for that code, if any. */
aclError core_err_async(aclError code, const char *what);
/* Note the detail of a failing task (on the worker that ran it) for core_err_async. */
void core_err_async_detail(aclError code, const char *msg);

#endif
