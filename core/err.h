/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Error recording for every layer above sched/ and mem/ (core, ops, graph):
 * the message aclGetRecentErrMsg returns and the thread's last error.
 * Part of core's interface to the layers above it, with core/launch.h.
 */
#ifndef CPUACL_CORE_ERR_H
#define CPUACL_CORE_ERR_H

#include "acl/acl_base.h"

/* Record `code` with a printf-style message for aclGetRecentErrMsg and the
 * thread's last error; returns code so entry points can `return core_err(...)`. */
aclError core_err(aclError code, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* Record an error code found asynchronously (stream error state). */
aclError core_err_async(aclError code, const char *what);

#endif
