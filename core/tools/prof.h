/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Profiling (core/tools/prof.c): what the other rooms call.
 */
#ifndef CPUACL_CORE_TOOLS_PROF_H
#define CPUACL_CORE_TOOLS_PROF_H

#include <stddef.h>

/* aclprofMarkEx's mark of msg (msgLen bytes, 1 <= msgLen < 256): recorded only
 * while profiling collects marks. */
void core_prof_mark(const char *msg, size_t msgLen);

#endif
