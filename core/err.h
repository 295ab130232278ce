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
 * thread's last error; returns code so entry points can `return core_err(...)`. */
aclError core_err(aclError code, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* calloc(1, size) for an object API call `fn` returns, recording ACL_ERROR_BAD_ALLOC
 * ("fn: out of memory") when it fails. */
void *core_zalloc(size_t size, const char *fn);
/* Record an error code found asynchronously (stream error state). */
aclError core_err_async(aclError code, const char *what);

#endif
