/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclsolver handles and runs (solver/solver.h).
 *
 *  SL1. A handle is used only after it is found among the live handles (under g_handles.lock):
 *       a pointer that is not one (destroyed, never created) is refused, never dereferenced.
 *       A NULL handle in a computing call means the default stream, as in CANN.
 *  SL2. A computing call queues one multi-block task on the handle's stream (the matrices of
 *       a batch split across the device's workers), in stream order, then waits for the stream
 *       as CANN's calls do (the result is in the caller's arrays on return); on a capturing
 *       stream it only records, and each replay recomputes from the arrays' contents then.
 */
#include "solver/solver.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "core/err.h"
#include "core/launch.h"
#include "solver/lu.h"

#define SOLVER_MAGIC 0x534f4c56u

typedef struct solver_handle {
    uint32_t magic;
    aclrtStream stream;
    struct solver_handle *next;
} solver_handle;

static struct {
    pthread_mutex_t lock;
    solver_handle *head;
} g_handles = {PTHREAD_MUTEX_INITIALIZER, NULL};

/* Called with g_handles.lock held. */
static solver_handle *find_locked(void *h)
{
    for (solver_handle *p = g_handles.head; p; p = p->next)
        if (p == h && p->magic == SOLVER_MAGIC)
            return p;
    return NULL;
}

int solver_handle_create(void **handle)
{
    if (!handle)
        return SOLVER_ST_HANDLE_IS_NULLPTR;
    if (*handle) {
        core_err(ACL_ERROR_INVALID_PARAM, "aclsolverCreate: *handle must be NULL on entry");
        return SOLVER_ST_INVALID_VALUE;
    }
    solver_handle *h = calloc(1, sizeof(*h));
    if (!h)
        return SOLVER_ST_ALLOC_FAILED;
    h->magic = SOLVER_MAGIC;
    pthread_mutex_lock(&g_handles.lock);
    h->next = g_handles.head;
    g_handles.head = h;
    pthread_mutex_unlock(&g_handles.lock);
    *handle = h;
    return SOLVER_ST_SUCCESS;
}

int solver_handle_destroy(void *handle)
{
    if (!handle)
        return SOLVER_ST_HANDLE_IS_NULLPTR;
    pthread_mutex_lock(&g_handles.lock);
    solver_handle *h = find_locked(handle);
    if (h) {
        for (solver_handle **pp = &g_handles.head; *pp; pp = &(*pp)->next)
            if (*pp == h) {
                *pp = h->next;
                break;
            }
        h->magic = 0;
    }
    pthread_mutex_unlock(&g_handles.lock);
    if (!h) {
        core_err(ACL_ERROR_INVALID_PARAM, "aclsolverDestroy: not a live handle (destroyed?)");
        return SOLVER_ST_INVALID_VALUE;
    }
    free(h);
    return SOLVER_ST_SUCCESS;
}

int solver_handle_set_stream(void *handle, aclrtStream stream)
{
    if (!handle)
        return SOLVER_ST_HANDLE_IS_NULLPTR;
    pthread_mutex_lock(&g_handles.lock);
    solver_handle *h = find_locked(handle);
    if (h)
        h->stream = stream;
    pthread_mutex_unlock(&g_handles.lock);
    if (!h)
        core_err(ACL_ERROR_INVALID_PARAM, "aclsolverSetStream: not a live handle (destroyed?)");
    return h ? SOLVER_ST_SUCCESS : SOLVER_ST_INVALID_VALUE;
}

int solver_handle_get_stream(void *handle, aclrtStream *stream)
{
    if (!handle)
        return SOLVER_ST_HANDLE_IS_NULLPTR;
    if (!stream)
        return SOLVER_ST_INVALID_VALUE;
    pthread_mutex_lock(&g_handles.lock);
    solver_handle *h = find_locked(handle);
    if (h)
        *stream = h->stream;
    pthread_mutex_unlock(&g_handles.lock);
    if (!h)
        core_err(ACL_ERROR_INVALID_PARAM, "aclsolverGetStream: not a live handle (destroyed?)");
    return h ? SOLVER_ST_SUCCESS : SOLVER_ST_INVALID_VALUE;
}

/* SL1: the stream of a computing call. */
static aclError stream_of(const char *fn, void *handle, aclrtStream *stream)
{
    *stream = NULL;
    if (!handle)
        return ACL_SUCCESS;
    pthread_mutex_lock(&g_handles.lock);
    solver_handle *h = find_locked(handle);
    if (h)
        *stream = h->stream;
    pthread_mutex_unlock(&g_handles.lock);
    return h ? ACL_SUCCESS
             : core_err(ACL_ERROR_INVALID_PARAM, "%s: handle is not a live aclsolver handle", fn);
}

typedef struct {
    int getrf, cplx;
    int64_t m, n, lda, ldi, batch;
    void *a, *ainv;
    int32_t *ipiv, *info;
} solver_job;

static int32_t job_block(void *arg, uint32_t blk, uint32_t nblk)
{
    const solver_job *j = arg;
    if (j->getrf) {
        *j->info = j->cplx ? solver_getrf_c(j->m, j->n, j->a, j->lda, j->ipiv)
                           : solver_getrf_s(j->m, j->n, j->a, j->lda, j->ipiv);
        return 0;
    }
    int64_t lo = j->batch * blk / nblk, hi = j->batch * (blk + 1) / nblk;
    if (lo == hi)
        return 0;
    size_t esz = j->cplx ? sizeof(float _Complex) : sizeof(float);
    size_t n = (size_t)j->n;
    void *work = malloc((n * n + n) * esz + n * sizeof(int32_t));
    if (!work) {
        core_err_async_detail(ACL_ERROR_BAD_ALLOC, "aclsolver: out of memory for the work area");
        return ACL_ERROR_BAD_ALLOC;
    }
    for (int64_t b = lo; b < hi; b++) {
        size_t ao = (size_t)(b * j->n * j->lda), io = (size_t)(b * j->n * j->ldi);
        j->info[b] = j->cplx ? solver_inv_c(j->n, (const float _Complex *)j->a + ao, j->lda,
                                            (float _Complex *)j->ainv + io, j->ldi, work)
                             : solver_inv_s(j->n, (const float *)j->a + ao, j->lda,
                                            (float *)j->ainv + io, j->ldi, work);
    }
    free(work);
    return 0;
}

static aclError run(const char *fn, aclrtStream stream, solver_job *job)
{
    aclmdlRICaptureStatus cap = ACL_MODEL_RI_CAPTURE_STATUS_NONE;
    if (stream && aclmdlRICaptureGetInfo(stream, &cap, NULL) != ACL_SUCCESS)
        cap = ACL_MODEL_RI_CAPTURE_STATUS_NONE;
    uint32_t nb = job->getrf ? 1 : job->batch > 64 ? 64 : (uint32_t)job->batch;
    aclError rc = core_launch_blocks(stream, job_block, job, nb, CORE_BLOCKS_UPTO, free, fn);
    if (rc != ACL_SUCCESS) {
        free(job);
        return rc;
    }
    if (cap != ACL_MODEL_RI_CAPTURE_STATUS_NONE)
        return ACL_SUCCESS;
    return aclrtSynchronizeStream(stream);
}

aclError solver_getrf(const char *fn, void *handle, int cplx, int64_t m, int64_t n, void *a,
                      int64_t lda, int32_t *ipiv, int32_t *info)
{
    if (m <= 0 || n <= 0 || lda <= 0 || !a || !ipiv || !info)
        return core_err(ACL_ERROR_INVALID_PARAM,
                        "%s: m, n and lda must be positive and A, ipiv, info not NULL", fn);
    if (lda < n)
        return core_err(ACL_ERROR_INVALID_PARAM, "%s: lda (%lld) below n (%lld): rows overlap",
                        fn, (long long)lda, (long long)n);
    aclrtStream stream;
    aclError rc = stream_of(fn, handle, &stream);
    if (rc != ACL_SUCCESS)
        return rc;
    solver_job *job = calloc(1, sizeof(*job));
    if (!job)
        return core_err(ACL_ERROR_BAD_ALLOC, "%s: out of memory", fn);
    *job = (solver_job){.getrf = 1, .cplx = cplx, .m = m, .n = n, .lda = lda, .batch = 1,
                        .a = a, .ipiv = ipiv, .info = info};
    return run(fn, stream, job);
}

aclError solver_inverse(const char *fn, void *handle, int cplx, int64_t n, void *a, int64_t lda,
                        void *ainv, int64_t ldi, int32_t *info, int64_t batch)
{
    if (n <= 0 || lda <= 0 || ldi <= 0 || batch <= 0 || !a || !ainv || !info)
        return core_err(ACL_ERROR_INVALID_PARAM,
                        "%s: n, lda, batch must be positive and the arrays not NULL", fn);
    if (lda < n || ldi < n)
        return core_err(ACL_ERROR_INVALID_PARAM, "%s: a leading dimension is below n (%lld)",
                        fn, (long long)n);
    if (n > 46340) /* n*n must fit the work area's size arithmetic */
        return core_err(ACL_ERROR_INVALID_PARAM, "%s: n (%lld) too large", fn, (long long)n);
    aclrtStream stream;
    aclError rc = stream_of(fn, handle, &stream);
    if (rc != ACL_SUCCESS)
        return rc;
    solver_job *job = calloc(1, sizeof(*job));
    if (!job)
        return core_err(ACL_ERROR_BAD_ALLOC, "%s: out of memory", fn);
    *job = (solver_job){.cplx = cplx, .n = n, .lda = lda, .ldi = ldi, .batch = batch, .a = a,
                        .ainv = ainv, .info = info};
    return run(fn, stream, job);
}
