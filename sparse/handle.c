/* SPDX-License-Identifier: Apache-2.0 */
/*
 * sparse/handle.c: the aclsparse handle (stream, workspace, pointer mode, version), the
 * legacy matrix descriptor, and the registry of live library objects.
 *
 *  HN1. Every object the library hands out (handle, descriptor) is in the registry from its
 *       creation until its destroy call; an entry point looks its argument up before it
 *       reads it, so a NULL, destroyed or foreign pointer is rejected, never dereferenced.
 *       The registry is a pointer set under one mutex: lookups compare addresses only.
 *  HN2. A handle's workspace is its own 4 MiB block (aclrtMalloc at aclsparseCreate) until
 *       aclsparseSetWorkspace names a user block; SetWorkspace(NULL) goes back to its own.
 *       The user block is never freed by the library.
 */
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

#include "acl/acl.h"
#include "core/err.h"
#include "sparse/sparse.h"

/* ---- Registry (HN1) ---------------------------------------------------------------------- */

struct reg_slot {
    const void *obj;   /* NULL: empty; REG_GONE: deleted */
    int kind;
};
#define REG_GONE ((const void *)1)

static pthread_mutex_t g_reg_lock = PTHREAD_MUTEX_INITIALIZER;
static struct reg_slot *g_reg;
static size_t g_reg_cap, g_reg_used; /* used counts live and deleted slots */

static size_t reg_hash(const void *p, size_t cap)
{
    uint64_t x = (uint64_t)(uintptr_t)p;
    x ^= x >> 33;
    x *= 0xff51afd7ed558ccdULL;
    x ^= x >> 33;
    return (size_t)x & (cap - 1);
}

static int reg_grow_locked(void)
{
    size_t cap = g_reg_cap ? g_reg_cap * 2 : 64;
    struct reg_slot *n = calloc(cap, sizeof *n);
    if (!n)
        return -1;
    size_t used = 0;
    for (size_t i = 0; i < g_reg_cap; i++) {
        if (g_reg[i].obj == NULL || g_reg[i].obj == REG_GONE)
            continue;
        size_t j = reg_hash(g_reg[i].obj, cap);
        while (n[j].obj)
            j = (j + 1) & (cap - 1);
        n[j] = g_reg[i];
        used++;
    }
    free(g_reg);
    g_reg = n;
    g_reg_cap = cap;
    g_reg_used = used;
    return 0;
}

/* The slot holding obj, or NULL. */
static struct reg_slot *reg_find_locked(const void *obj)
{
    if (!g_reg_cap)
        return NULL;
    size_t j = reg_hash(obj, g_reg_cap);
    for (size_t n = 0; n < g_reg_cap; n++) {
        if (g_reg[j].obj == NULL)
            return NULL;
        if (g_reg[j].obj == obj)
            return &g_reg[j];
        j = (j + 1) & (g_reg_cap - 1);
    }
    return NULL;
}

int sparse_reg_add(const void *obj, enum sparse_kind kind)
{
    int rc = 0;
    pthread_mutex_lock(&g_reg_lock);
    if ((g_reg_used + 1) * 2 > g_reg_cap && reg_grow_locked() != 0) {
        rc = -1;
    } else {
        size_t j = reg_hash(obj, g_reg_cap);
        while (g_reg[j].obj != NULL && g_reg[j].obj != REG_GONE)
            j = (j + 1) & (g_reg_cap - 1);
        if (g_reg[j].obj == NULL)
            g_reg_used++;
        g_reg[j].obj = obj;
        g_reg[j].kind = (int)kind;
    }
    pthread_mutex_unlock(&g_reg_lock);
    return rc;
}

bool sparse_reg_live(const void *obj, enum sparse_kind kind)
{
    if (obj == NULL)
        return false;
    pthread_mutex_lock(&g_reg_lock);
    struct reg_slot *s = reg_find_locked(obj);
    bool ok = s && s->kind == (int)kind;
    pthread_mutex_unlock(&g_reg_lock);
    return ok;
}

bool sparse_reg_remove(const void *obj, enum sparse_kind kind)
{
    if (obj == NULL)
        return false;
    pthread_mutex_lock(&g_reg_lock);
    struct reg_slot *s = reg_find_locked(obj);
    bool ok = s && s->kind == (int)kind;
    if (ok) {
        s->obj = REG_GONE;
        s->kind = 0;
    }
    pthread_mutex_unlock(&g_reg_lock);
    return ok;
}

/* ---- Shared checks ------------------------------------------------------------------------ */

aclsparseStatus_t sparse_fail(aclsparseStatus_t status, const char *fn, const char *fmt, ...)
{
    char msg[384];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    aclError code = status == ACL_SPARSE_STATUS_ALLOC_FAILED ? ACL_ERROR_BAD_ALLOC
                    : status == ACL_SPARSE_STATUS_NOT_SUPPORTED ? ACL_ERROR_FEATURE_UNSUPPORTED
                                                                : ACL_ERROR_INVALID_PARAM;
    (void)core_err(code, "%s: %s", fn, msg);
    return status;
}

bool sparse_value_type_ok(aclDataType t)
{
    switch (t) {
    case ACL_FLOAT: case ACL_FLOAT16: case ACL_DOUBLE: case ACL_INT8: case ACL_INT16:
    case ACL_INT32: case ACL_INT64: case ACL_UINT8: case ACL_UINT16: case ACL_UINT32:
    case ACL_UINT64: case ACL_BF16: case ACL_FLOAT8_E4M3FN: case ACL_FLOAT8_E5M2:
    case ACL_FLOAT4_E2M1: case ACL_COMPLEX64: case ACL_COMPLEX128:
        return true;
    default:
        return false;
    }
}

bool sparse_index_type_ok(aclsparseIndexType_t t)
{
    return t == ACL_SPARSE_INDEX_32I || t == ACL_SPARSE_INDEX_64I;
}

bool sparse_base_ok(aclsparseIndexBase_t b)
{
    return b == ACL_SPARSE_INDEX_BASE_ZERO || b == ACL_SPARSE_INDEX_BASE_ONE;
}

struct aclsparseContext *sparse_handle(aclsparseHandle_t handle, const char *fn,
                                       aclsparseStatus_t *st)
{
    if (handle == NULL) {
        *st = sparse_fail(ACL_SPARSE_STATUS_HANDLE_IS_NULLPTR, fn, "handle is NULL");
        return NULL;
    }
    if (!sparse_reg_live(handle, SPARSE_KIND_HANDLE)) {
        *st = sparse_fail(ACL_SPARSE_STATUS_NOT_INITIALIZED, fn,
                          "handle %p is not a live aclsparse handle (destroyed or never created)",
                          (void *)handle);
        return NULL;
    }
    *st = ACL_SPARSE_STATUS_SUCCESS;
    return handle;
}

/* ---- Handle ------------------------------------------------------------------------------- */

aclsparseStatus_t aclsparseCreate(aclsparseHandle_t *handle)
{
    static const char fn[] = "aclsparseCreate";
    if (handle == NULL)
        return sparse_fail(ACL_SPARSE_STATUS_HANDLE_IS_NULLPTR, fn, "handle is NULL");
    if (*handle != NULL)
        return sparse_fail(ACL_SPARSE_STATUS_INVALID_VALUE, fn,
                           "*handle is not NULL (initialise it to NULL before the call)");
    struct aclsparseContext *h = calloc(1, sizeof *h);
    if (!h)
        return sparse_fail(ACL_SPARSE_STATUS_ALLOC_FAILED, fn, "out of memory");
    if (aclrtMalloc(&h->own_ws, SPARSE_DEFAULT_WORKSPACE, ACL_MEM_MALLOC_HUGE_FIRST) !=
        ACL_SUCCESS) {
        free(h);
        return sparse_fail(ACL_SPARSE_STATUS_ALLOC_FAILED, fn,
                           "cannot allocate the default workspace (is a device set?)");
    }
    h->own_ws_size = SPARSE_DEFAULT_WORKSPACE;
    h->pointer_mode = ACL_SPARSE_POINTER_MODE_HOST;
    if (sparse_reg_add(h, SPARSE_KIND_HANDLE) != 0) {
        (void)aclrtFree(h->own_ws);
        free(h);
        return sparse_fail(ACL_SPARSE_STATUS_ALLOC_FAILED, fn, "out of memory");
    }
    *handle = h;
    return ACL_SPARSE_STATUS_SUCCESS;
}

aclsparseStatus_t aclsparseDestroy(aclsparseHandle_t handle)
{
    static const char fn[] = "aclsparseDestroy";
    if (handle == NULL)
        return sparse_fail(ACL_SPARSE_STATUS_HANDLE_IS_NULLPTR, fn, "handle is NULL");
    if (!sparse_reg_remove(handle, SPARSE_KIND_HANDLE))
        return sparse_fail(ACL_SPARSE_STATUS_NOT_INITIALIZED, fn,
                           "handle %p is not a live aclsparse handle", (void *)handle);
    /* Work queued with the handle may still use its workspace: wait for it. */
    if (handle->stream != NULL)
        (void)aclrtSynchronizeStream(handle->stream);
    if (handle->own_ws)
        (void)aclrtFree(handle->own_ws);
    free(handle);
    return ACL_SPARSE_STATUS_SUCCESS;
}

aclsparseStatus_t aclsparseSetStream(aclsparseHandle_t handle, aclrtStream stream)
{
    aclsparseStatus_t st;
    struct aclsparseContext *h = sparse_handle(handle, "aclsparseSetStream", &st);
    if (!h)
        return st;
    h->stream = stream;
    return ACL_SPARSE_STATUS_SUCCESS;
}

aclsparseStatus_t aclsparseGetStream(aclsparseHandle_t handle, aclrtStream *stream)
{
    static const char fn[] = "aclsparseGetStream";
    aclsparseStatus_t st;
    struct aclsparseContext *h = sparse_handle(handle, fn, &st);
    if (!h)
        return st;
    if (stream == NULL)
        return sparse_fail(ACL_SPARSE_STATUS_INVALID_VALUE, fn, "stream is NULL");
    *stream = h->stream;
    return ACL_SPARSE_STATUS_SUCCESS;
}

aclsparseStatus_t aclsparseSetWorkspace(aclsparseHandle_t handle, void *workspace,
                                        size_t workspaceSize)
{
    static const char fn[] = "aclsparseSetWorkspace";
    aclsparseStatus_t st;
    struct aclsparseContext *h = sparse_handle(handle, fn, &st);
    if (!h)
        return st;
    if (workspace == NULL) { /* back to the handle's own block (HN2) */
        h->user_ws = NULL;
        h->user_ws_size = 0;
        return ACL_SPARSE_STATUS_SUCCESS;
    }
    if (workspaceSize == 0)
        return sparse_fail(ACL_SPARSE_STATUS_INVALID_VALUE, fn,
                           "workspaceSize is 0 for a non-NULL workspace");
    /* CANN keeps a user block already set that is at least as large. */
    if (h->user_ws != NULL && workspaceSize <= h->user_ws_size)
        return ACL_SPARSE_STATUS_SUCCESS;
    h->user_ws = workspace;
    h->user_ws_size = workspaceSize;
    return ACL_SPARSE_STATUS_SUCCESS;
}

aclsparseStatus_t aclsparseGetWorkspace(aclsparseHandle_t handle, void **workspace,
                                        size_t *workspaceSize)
{
    static const char fn[] = "aclsparseGetWorkspace";
    aclsparseStatus_t st;
    struct aclsparseContext *h = sparse_handle(handle, fn, &st);
    if (!h)
        return st;
    if (workspace == NULL || workspaceSize == NULL)
        return sparse_fail(ACL_SPARSE_STATUS_INVALID_VALUE, fn,
                           "workspace or workspaceSize is NULL");
    if (h->user_ws) {
        *workspace = h->user_ws;
        *workspaceSize = h->user_ws_size;
    } else {
        *workspace = h->own_ws;
        *workspaceSize = h->own_ws_size;
    }
    return ACL_SPARSE_STATUS_SUCCESS;
}

aclsparseStatus_t aclsparseGetVersion(aclsparseHandle_t handle, int *version)
{
    (void)handle; /* CANN answers without looking at the handle */
    if (version == NULL)
        return sparse_fail(ACL_SPARSE_STATUS_INVALID_VALUE, "aclsparseGetVersion",
                           "version is NULL");
    *version = SPARSE_VERSION;
    return ACL_SPARSE_STATUS_SUCCESS;
}

aclsparseStatus_t aclsparseSetPointerMode(aclsparseHandle_t handle, aclsparsePointerMode_t mode)
{
    static const char fn[] = "aclsparseSetPointerMode";
    aclsparseStatus_t st;
    struct aclsparseContext *h = sparse_handle(handle, fn, &st);
    if (!h)
        return st;
    if (mode != ACL_SPARSE_POINTER_MODE_HOST && mode != ACL_SPARSE_POINTER_MODE_DEVICE)
        return sparse_fail(ACL_SPARSE_STATUS_INVALID_VALUE, fn, "mode %d is not a pointer mode",
                           (int)mode);
    h->pointer_mode = mode;
    return ACL_SPARSE_STATUS_SUCCESS;
}

aclsparseStatus_t aclsparseGetPointerMode(aclsparseHandle_t handle, aclsparsePointerMode_t *mode)
{
    static const char fn[] = "aclsparseGetPointerMode";
    aclsparseStatus_t st;
    struct aclsparseContext *h = sparse_handle(handle, fn, &st);
    if (!h)
        return st;
    if (mode == NULL)
        return sparse_fail(ACL_SPARSE_STATUS_INVALID_VALUE, fn, "mode is NULL");
    *mode = h->pointer_mode;
    return ACL_SPARSE_STATUS_SUCCESS;
}

/* ---- Legacy matrix descriptor -------------------------------------------------------------- */

aclsparseStatus_t aclsparseCreateMatDescr(aclsparseMatDescr_t *descr)
{
    static const char fn[] = "aclsparseCreateMatDescr";
    if (descr == NULL)
        return sparse_fail(ACL_SPARSE_STATUS_INVALID_VALUE, fn, "descr is NULL");
    struct aclsparseMatDescr *d = calloc(1, sizeof *d);
    if (!d || sparse_reg_add(d, SPARSE_KIND_MATDESCR) != 0) {
        free(d);
        return sparse_fail(ACL_SPARSE_STATUS_ALLOC_FAILED, fn, "out of memory");
    }
    d->type = ACL_SPARSE_MATRIX_TYPE_GENERAL;
    d->base = ACL_SPARSE_INDEX_BASE_ZERO;
    d->diag = ACL_SPARSE_DIAG_TYPE_NON_UNIT;
    d->fill = ACL_SPARSE_FILL_MODE_LOWER;
    *descr = d;
    return ACL_SPARSE_STATUS_SUCCESS;
}

aclsparseStatus_t aclsparseDestroyMatDescr(aclsparseMatDescr_t descr)
{
    if (descr == NULL)
        return ACL_SPARSE_STATUS_SUCCESS;
    if (!sparse_reg_remove(descr, SPARSE_KIND_MATDESCR))
        return sparse_fail(ACL_SPARSE_STATUS_INVALID_VALUE, "aclsparseDestroyMatDescr",
                           "descr %p is not a live matrix descriptor", (void *)descr);
    free(descr);
    return ACL_SPARSE_STATUS_SUCCESS;
}

/* The void setters and the getters cannot report: a dead descriptor or an out-of-range value
 * is ignored (setters) or answered with the default (getters), with a message. */
static bool mat_live(aclsparseMatDescr_t d, const char *fn)
{
    if (sparse_reg_live(d, SPARSE_KIND_MATDESCR))
        return true;
    (void)sparse_fail(ACL_SPARSE_STATUS_INVALID_VALUE, fn,
                      "descr %p is not a live matrix descriptor", (void *)d);
    return false;
}

void aclsparseSetMatType(aclsparseMatDescr_t descr, aclsparseMatrixType_t type)
{
    if (mat_live(descr, "aclsparseSetMatType") && type >= ACL_SPARSE_MATRIX_TYPE_GENERAL &&
        type <= ACL_SPARSE_MATRIX_TYPE_TRIANGULAR)
        descr->type = type;
}

void aclsparseSetMatIndexBase(aclsparseMatDescr_t descr, aclsparseIndexBase_t base)
{
    if (mat_live(descr, "aclsparseSetMatIndexBase") && sparse_base_ok(base))
        descr->base = base;
}

void aclsparseSetMatDiagType(aclsparseMatDescr_t descr, aclsparseDiagType_t diagType)
{
    if (mat_live(descr, "aclsparseSetMatDiagType") &&
        (diagType == ACL_SPARSE_DIAG_TYPE_NON_UNIT || diagType == ACL_SPARSE_DIAG_TYPE_UNIT))
        descr->diag = diagType;
}

void aclsparseSetMatFillMode(aclsparseMatDescr_t descr, aclsparseFillMode_t fillMode)
{
    if (mat_live(descr, "aclsparseSetMatFillMode") &&
        (fillMode == ACL_SPARSE_FILL_MODE_LOWER || fillMode == ACL_SPARSE_FILL_MODE_UPPER))
        descr->fill = fillMode;
}

aclsparseMatrixType_t aclsparseGetMatType(aclsparseMatDescr_t descr)
{
    return mat_live(descr, "aclsparseGetMatType") ? descr->type : ACL_SPARSE_MATRIX_TYPE_GENERAL;
}

aclsparseIndexBase_t aclsparseGetMatIndexBase(aclsparseMatDescr_t descr)
{
    return mat_live(descr, "aclsparseGetMatIndexBase") ? descr->base : ACL_SPARSE_INDEX_BASE_ZERO;
}

aclsparseDiagType_t aclsparseGetMatDiagType(aclsparseMatDescr_t descr)
{
    return mat_live(descr, "aclsparseGetMatDiagType") ? descr->diag
                                                       : ACL_SPARSE_DIAG_TYPE_NON_UNIT;
}

aclsparseFillMode_t aclsparseGetMatFillMode(aclsparseMatDescr_t descr)
{
    return mat_live(descr, "aclsparseGetMatFillMode") ? descr->fill : ACL_SPARSE_FILL_MODE_LOWER;
}
