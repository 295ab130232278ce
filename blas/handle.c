/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclBLAS handles, logger and the shared plumbing of every entry point
 * (blas/blas_internal.h, docs/blas.md).
 *
 *  BH1. A handle is valid from aclblasCreate until aclblasDestroy: live handles
 *      are kept in a registry (g_handles, under g_lock), and every entry point
 *      looks its handle up there before use. A destroyed or foreign pointer is
 *      never dereferenced: the call returns ACLBLAS_STATUS_NOT_INITIALIZED with
 *      a message; NULL returns ACLBLAS_STATUS_HANDLE_IS_NULLPTR.
 *  BH2. aclblasDestroy and aclblasSetStream first synchronise the handle's
 *      current stream (work queued through the handle finishes before the
 *      handle or its stream binding goes), as the real library does; a failed
 *      synchronisation returns ACLBLAS_STATUS_EXECUTION_FAILED.
 */
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "blas/blas_internal.h"
#include "core/err.h"
#include "core/half.h"
#include "ops/engine/engine.h"

#define BLAS_VERSION_NUMBER 10000 /* 1.0.0 as major*10000 + minor*100 + patch */

struct _aclblas_handle {
    struct _aclblas_handle *next;
    aclrtStream stream;
    void *workspace; /* user workspace (SetWorkspace); the CPU kernels need none */
    size_t workspace_size;
};

static pthread_mutex_t g_lock = PTHREAD_MUTEX_INITIALIZER;
static struct _aclblas_handle *g_handles; /* BH1, under g_lock */

/* Logger state, under g_lock. */
static int g_log_on, g_log_stdout, g_log_stderr;
static FILE *g_log_file;
static aclblasLogCallback g_log_cb;

static void blas_log_call(const char *fn)
{
    pthread_mutex_lock(&g_lock);
    if (g_log_on) {
        if (g_log_stdout)
            fprintf(stdout, "aclblas: %s\n", fn);
        if (g_log_stderr)
            fprintf(stderr, "aclblas: %s\n", fn);
        if (g_log_file)
            fprintf(g_log_file, "aclblas: %s\n", fn);
    }
    aclblasLogCallback cb = g_log_cb;
    pthread_mutex_unlock(&g_lock);
    if (cb)
        cb(fn);
}

aclblasStatus_t blas_fail(aclblasStatus_t st, const char *fmt, ...)
{
    char msg[512];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    core_err(st == ACLBLAS_STATUS_ALLOC_FAILED ? ACL_ERROR_BAD_ALLOC : ACL_ERROR_INVALID_PARAM,
             "%s (aclblasStatus %d)", msg, (int)st);
    return st;
}

static int handle_live_locked(const struct _aclblas_handle *h)
{
    for (const struct _aclblas_handle *p = g_handles; p; p = p->next)
        if (p == h)
            return 1;
    return 0;
}

/* The functions whose ops-blas host code answers a NULL handle with NOT_INITIALIZED (the
 * others: HANDLE_IS_NULLPTR). */
static int null_is_not_initialized(const char *fn)
{
    static const char *const names[] = {"aclblasSasum",  "aclblasSnrm2", "aclblasSnrm2Ex",
                                        "aclblasCdotu",  "aclblasCdotc", "aclblasSrotm",
                                        "aclblasStpttr", "aclblasStrttp"};
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
        if (!strcmp(fn, names[i]))
            return 1;
    return 0;
}

aclblasStatus_t blas_begin(aclblasHandle_t h, const char *fn, aclrtStream *stream)
{
    if (!h)
        return blas_fail(null_is_not_initialized(fn) ? ACLBLAS_STATUS_NOT_INITIALIZED
                                                     : ACLBLAS_STATUS_HANDLE_IS_NULLPTR,
                         "%s: handle is NULL", fn);
    pthread_mutex_lock(&g_lock);
    int live = handle_live_locked(h);
    if (live && stream)
        *stream = h->stream;
    pthread_mutex_unlock(&g_lock);
    if (!live)
        return blas_fail(ACLBLAS_STATUS_NOT_INITIALIZED,
                         "%s: handle %p was not created by aclblasCreate or is destroyed", fn,
                         (void *)h);
    blas_log_call(fn);
    return ACLBLAS_STATUS_SUCCESS;
}

blas_task *blas_task_new(size_t tail, const char *fn)
{
    blas_task *t = calloc(1, sizeof(*t) + tail);
    if (!t) {
        blas_fail(ACLBLAS_STATUS_ALLOC_FAILED, "%s: out of memory", fn);
        return NULL;
    }
    t->tail_len = tail;
    return t;
}

aclblasStatus_t blas_queue(aclrtStream stream, core_kernel_fn fn, blas_task *t, const char *name)
{
    aclError e = core_launch_owned(stream, fn, t, free, name);
    if (e != ACL_SUCCESS) {
        free(t);
        return ACLBLAS_STATUS_EXECUTION_FAILED; /* message recorded by the launch */
    }
    return ACLBLAS_STATUS_SUCCESS;
}

void *blas_sym(const char *name)
{
    return ops_blas_sym(name);
}

aclblasStatus_t blas_need_lib(const char *fn)
{
    if (!ops_blas_load())
        return blas_fail(ACLBLAS_STATUS_NOT_INITIALIZED,
                         "%s: no BLAS library found (libopenblas.so.0, libblas.so.3)", fn);
    return ACLBLAS_STATUS_SUCCESS;
}

size_t blas_dtype_size(int t)
{
    switch (t) {
    case ACL_FLOAT:
    case ACL_INT32:
        return 4;
    case ACL_FLOAT16:
    case ACL_BF16:
        return 2;
    case ACL_DOUBLE:
    case ACL_COMPLEX64:
        return 8;
    case ACL_INT8:
        return 1;
    default:
        return 0;
    }
}

double blas_ld(const void *p, int t, int64_t i)
{
    switch (t) {
    case ACL_FLOAT:
        return ((const float *)p)[i];
    case ACL_FLOAT16:
        return half_f16_to_f32(((const uint16_t *)p)[i]);
    case ACL_BF16:
        return half_bf16_to_f32(((const uint16_t *)p)[i]);
    case ACL_DOUBLE:
        return ((const double *)p)[i];
    case ACL_INT8:
        return ((const int8_t *)p)[i];
    case ACL_INT32:
        return ((const int32_t *)p)[i];
    default:
        return 0;
    }
}

void blas_st(void *p, int t, int64_t i, double v)
{
    switch (t) {
    case ACL_FLOAT:
        ((float *)p)[i] = (float)v;
        break;
    case ACL_FLOAT16:
        ((uint16_t *)p)[i] = half_f32_to_f16((float)v);
        break;
    case ACL_BF16:
        ((uint16_t *)p)[i] = half_f32_to_bf16((float)v);
        break;
    case ACL_DOUBLE:
        ((double *)p)[i] = v;
        break;
    case ACL_INT8:
        ((int8_t *)p)[i] = (int8_t)(v > 127 ? 127 : v < -128 ? -128 : v);
        break;
    case ACL_INT32:
        ((int32_t *)p)[i] = (int32_t)v;
        break;
    default:
        break;
    }
}

ACL_FUNC_VISIBILITY aclblasStatus_t aclblasCreate(aclblasHandle_t *handle)
{
    if (!handle)
        return blas_fail(ACLBLAS_STATUS_HANDLE_IS_NULLPTR, "aclblasCreate: handle is NULL");
    if (*handle)
        return blas_fail(ACLBLAS_STATUS_INVALID_VALUE,
                         "aclblasCreate: *handle is not NULL (would overwrite a handle)");
    struct _aclblas_handle *h = calloc(1, sizeof(*h));
    if (!h)
        return blas_fail(ACLBLAS_STATUS_ALLOC_FAILED, "aclblasCreate: out of memory");
    pthread_mutex_lock(&g_lock);
    h->next = g_handles;
    g_handles = h;
    pthread_mutex_unlock(&g_lock);
    *handle = h;
    return ACLBLAS_STATUS_SUCCESS;
}

/* BH2: wait for the stream the handle queues on. */
static aclblasStatus_t handle_sync(aclrtStream s, const char *fn)
{
    if (aclrtSynchronizeStream(s) != ACL_SUCCESS)
        return blas_fail(ACLBLAS_STATUS_EXECUTION_FAILED,
                         "%s: synchronising the handle's stream failed", fn);
    return ACLBLAS_STATUS_SUCCESS;
}

ACL_FUNC_VISIBILITY aclblasStatus_t aclblasDestroy(aclblasHandle_t handle)
{
    aclrtStream s;
    aclblasStatus_t st = blas_begin(handle, "aclblasDestroy", &s);
    if (st)
        return st;
    st = handle_sync(s, "aclblasDestroy");
    if (st)
        return st;
    pthread_mutex_lock(&g_lock);
    int found = 0;
    for (struct _aclblas_handle **pp = &g_handles; *pp; pp = &(*pp)->next)
        if (*pp == handle) {
            *pp = handle->next;
            found = 1;
            break;
        }
    pthread_mutex_unlock(&g_lock);
    if (!found) /* destroyed by another thread meanwhile */
        return blas_fail(ACLBLAS_STATUS_NOT_INITIALIZED,
                         "aclblasDestroy: handle already destroyed");
    free(handle);
    return ACLBLAS_STATUS_SUCCESS;
}

ACL_FUNC_VISIBILITY aclblasStatus_t aclblasSetStream(aclblasHandle_t handle, aclrtStream stream)
{
    aclrtStream s;
    aclblasStatus_t st = blas_begin(handle, "aclblasSetStream", &s);
    if (st)
        return st;
    st = handle_sync(s, "aclblasSetStream");
    if (st)
        return st;
    pthread_mutex_lock(&g_lock);
    if (handle_live_locked(handle)) {
        handle->stream = stream;
        handle->workspace = NULL; /* back to the library's workspace, as on a stream switch */
        handle->workspace_size = 0;
    }
    pthread_mutex_unlock(&g_lock);
    return ACLBLAS_STATUS_SUCCESS;
}

ACL_FUNC_VISIBILITY aclblasStatus_t aclblasGetStream(aclblasHandle_t handle, aclrtStream *stream)
{
    if (!handle)
        return blas_fail(ACLBLAS_STATUS_HANDLE_IS_NULLPTR, "aclblasGetStream: handle is NULL");
    BLAS_ARG(stream, "aclblasGetStream: stream is NULL");
    return blas_begin(handle, "aclblasGetStream", stream);
}

ACL_FUNC_VISIBILITY aclblasStatus_t aclblasSetWorkspace(aclblasHandle_t handle, void *workspace,
                                                        size_t workspaceSize)
{
    aclblasStatus_t st = blas_begin(handle, "aclblasSetWorkspace", NULL);
    if (st)
        return st;
    BLAS_ARG(workspace && workspaceSize, "aclblasSetWorkspace: workspace is NULL or its size 0");
    pthread_mutex_lock(&g_lock);
    if (handle_live_locked(handle) && workspaceSize > handle->workspace_size) {
        handle->workspace = workspace; /* grow-only, as the real library */
        handle->workspace_size = workspaceSize;
    }
    pthread_mutex_unlock(&g_lock);
    return ACLBLAS_STATUS_SUCCESS;
}

ACL_FUNC_VISIBILITY aclblasStatus_t aclblasGetVersion(aclblasHandle_t handle, int *version)
{
    (void)handle; /* the real function does not look at it either */
    BLAS_ARG(version, "aclblasGetVersion: version is NULL");
    *version = BLAS_VERSION_NUMBER;
    return ACLBLAS_STATUS_SUCCESS;
}

ACL_FUNC_VISIBILITY aclblasStatus_t aclblasLoggerConfigure(int logIsOn, int logToStdOut,
                                                           int logToStdErr, const char *logFile)
{
    FILE *f = NULL;
    if (logIsOn && logFile && logFile[0]) {
        f = fopen(logFile, "a");
        if (!f)
            return blas_fail(ACLBLAS_STATUS_INVALID_VALUE,
                             "aclblasLoggerConfigure: cannot open log file %s", logFile);
    }
    pthread_mutex_lock(&g_lock);
    FILE *old = g_log_file;
    g_log_on = logIsOn != 0;
    g_log_stdout = logToStdOut != 0;
    g_log_stderr = logToStdErr != 0;
    g_log_file = f;
    pthread_mutex_unlock(&g_lock);
    if (old)
        fclose(old);
    return ACLBLAS_STATUS_SUCCESS;
}

ACL_FUNC_VISIBILITY aclblasStatus_t aclblasSetLoggerCallback(aclblasLogCallback userCallback)
{
    pthread_mutex_lock(&g_lock);
    g_log_cb = userCallback;
    pthread_mutex_unlock(&g_lock);
    return ACLBLAS_STATUS_SUCCESS;
}

ACL_FUNC_VISIBILITY aclblasStatus_t aclblasGetLoggerCallback(aclblasLogCallback *userCallback)
{
    BLAS_ARG(userCallback, "aclblasGetLoggerCallback: userCallback is NULL");
    pthread_mutex_lock(&g_lock);
    *userCallback = g_log_cb;
    pthread_mutex_unlock(&g_lock);
    return ACLBLAS_STATUS_SUCCESS;
}
