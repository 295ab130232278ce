/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Per-thread error reporting: the message behind aclGetRecentErrMsg and the
 * code behind aclrtGetLastError / aclrtPeekAtLastError (entry points:
 * core/api/base.c). Thread-local, but for the detail of the last failed task that had one
 * (under its lock).
 */
#include <pthread.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/err.h"
#include "core/runtime/base.h"
#include "core/runtime/fault.h"
#include "core/runtime/runtime.h"
#include "core/runtime/thread_cold.h"

#define MSG_MAX CORE_ERR_MSG_MAX

/* The message buffers (latest message, "" = none; what the last aclGetRecentErrMsg returned)
 * are in the thread's cold block, out of static TLS (thread_cold.h). */
static __thread aclError t_last;

aclError core_err_at(const char *file, int line, aclError code, const char *fmt, ...)
{
    t_last = code;
    struct core_thread_cold *c = core_thread_cold();
    if (!c) /* no memory for the block: the code is kept, the message is lost */
        return code;
    char *msg = c->err_pending;
    va_list ap;
    int n = snprintf(msg, MSG_MAX, "[cpuacl] error %d: ", (int)code);
    va_start(ap, fmt);
    if (n > 0 && (size_t)n < MSG_MAX)
        vsnprintf(msg + n, MSG_MAX - (size_t)n, fmt, ap);
    va_end(ap);
    /* "Not complete" answers a query; it is no error to log. */
    if (code != ACL_ERROR_RT_EVENT_NOT_COMPLETE && code != ACL_ERROR_RT_STREAM_NOT_COMPLETE)
        core_log_error(file, line, msg);
    return code;
}

void *core_zalloc(size_t size, const char *fn)
{
    void *p = core_calloc(1, size);
    if (!p)
        core_err(ACL_ERROR_BAD_ALLOC, "%s: out of memory", fn);
    return p;
}

/* The detail of the last task failure that had one (an Ascend C kernel's trap: kernel,
 * block, message), process-wide under its lock: a synchronisation reporting that code
 * quotes it. */
static pthread_mutex_t g_async_lock = PTHREAD_MUTEX_INITIALIZER;
static char g_async_msg[MSG_MAX];
static aclError g_async_code;

void core_err_async_detail(aclError code, const char *msg)
{
    pthread_mutex_lock(&g_async_lock);
    g_async_code = code;
    snprintf(g_async_msg, sizeof(g_async_msg), "%s", msg);
    pthread_mutex_unlock(&g_async_lock);
}

aclError core_err_async(aclError code, const char *what)
{
    char detail[MSG_MAX];
    pthread_mutex_lock(&g_async_lock);
    bool have = g_async_code == code && g_async_msg[0];
    if (have)
        memcpy(detail, g_async_msg, sizeof(detail));
    pthread_mutex_unlock(&g_async_lock);
    if (have)
        return core_err(code, "%s: a task queued earlier failed (asynchronous error): %s", what,
                        detail);
    return core_err(code, "%s: a task queued earlier failed (asynchronous error)", what);
}

const char *core_err_recent(void)
{
    struct core_thread_cold *c = core_thread_cold_peek();
    if (!c || !c->err_pending[0])
        return NULL;
    memcpy(c->err_returned, c->err_pending, sizeof(c->err_returned));
    c->err_pending[0] = '\0';
    return c->err_returned;
}

aclError core_err_last(bool clear)
{
    aclError e = t_last;
    if (clear)
        t_last = ACL_SUCCESS;
    return e;
}
