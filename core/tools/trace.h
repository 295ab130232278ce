/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Timeline tracing (core/tools/trace.c).
 */
#ifndef CPUACL_CORE_TRACE_H
#define CPUACL_CORE_TRACE_H

#include "acl/acl_base.h"

/* Write the timeline trace as Chrome trace JSON (trace.c). */
aclError core_trace_write(const char *path);
/* cpuaclTraceDump's snapshot (path not NULL): ACL_ERROR_FEATURE_UNSUPPORTED, recorded
 * under fn, while tracing is off. */
aclError core_trace_dump(const char *path, const char *fn);

#endif
