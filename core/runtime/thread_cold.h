/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Per-thread cold buffers (error messages, profiling range stacks): kept out of the library's
 * static TLS. Every byte of libcpuacl's PT_TLS segment must come from the static TLS block
 * (its hot variables are initial-exec), and glibc keeps only about 1.6 KB of that block for
 * libraries opened with dlopen after start-up (docs/notes/tls-research.md): `import acl` in
 * a plain python3 fails with "cannot allocate memory in static TLS block" when the segment
 * is larger. Buffers touched only on error or profiling paths live instead in one heap block
 * per thread, reached through one TLS pointer, allocated on first use and freed at thread
 * exit (a pthread key destructor).
 */
#ifndef CORE_RUNTIME_THREAD_COLD_H
#define CORE_RUNTIME_THREAD_COLD_H

#include <stdint.h>

#define CORE_ERR_MSG_MAX 512 /* core/runtime/err.c's message buffers */
#define CORE_PROF_STACK 64   /* core/tools/prof.c's nested ranges per thread */

struct core_thread_cold {
    char err_pending[CORE_ERR_MSG_MAX];   /* latest error message, "" = none (err.c)       */
    char err_returned[CORE_ERR_MSG_MAX];  /* what the last aclGetRecentErrMsg returned      */
    uint64_t prof_stack[CORE_PROF_STACK]; /* ranges pushed by aclprofPush/RangePush (prof.c) */
    uint32_t prof_depth;
};

/* This thread's block, zeroed when first made; NULL if it cannot be allocated (callers
 * degrade: a message is dropped, a push is refused). */
struct core_thread_cold *core_thread_cold(void);

/* This thread's block if it was made, else NULL (never allocates: for readers). */
struct core_thread_cold *core_thread_cold_peek(void);

#endif
