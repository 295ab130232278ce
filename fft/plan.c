/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclfft plans and executions (include/cann_ops_fft.h, docs/fft.md).
 *
 *  PN1. A plan handle is used only after it is found in the registry of live plans (under
 *       g_plans.lock): NULL is ACLFFT_INVALID_VALUE, a pointer that is not a live plan
 *       (destroyed, never created) ACLFFT_INVALID_PLAN; it is never dereferenced first.
 *  PN2. An execution queues one multi-block task per axis on the plan's stream, in stream
 *       order; each task holds a reference to the job (engines, layout, temporary buffer),
 *       so destroying the plan while a task is queued or captured is safe. Outside a capture
 *       the call then waits for the stream, as CANN's does (its Exec returns when the result
 *       is in odata); on a capturing stream it only records, and each replay recomputes.
 *  PN3. Transforms are unnormalised in both directions (backward of forward = n * x).
 *       R2C writes n/2+1 values along the last axis; C2R reads them and ignores the
 *       imaginary parts of the bins 0 and n/2 (n even), as numpy.fft.irfftn does.
 *  PN4. R2C/C2R in place (idata == odata) use the padded real rows of 2*(n/2+1) values;
 *       in place with a column (VERTICAL) or SetStride layout is ACLFFT_NOT_SUPPORTED.
 *       C2R never writes idata (multi-dimensional C2R works on a temporary copy).
 */
#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "cann_ops_fft.h"
#include "core/err.h"
#include "core/launch.h"
#include "fft/engine.h"

#define FFT_PLAN_MAGIC 0x46465450u /* "PTFF" */
#define FFT_MAX_ELEMS ((size_t)1 << 40)
#define FFT_VERSION_MAJOR 1
#define FFT_VERSION_MINOR 0
#define FFT_VERSION_PATCH 0

typedef struct fft_job fft_job;

/* One axis of one execution: `lines` 1-D transforms of length n. Line i starts at
 * (i / inner) * dist_outer + (i % inner) * dist_inner; its elements are es apart
 * (in elements of the side's type: complex or real). */
typedef struct {
    size_t dist_outer, dist_inner, es;
} fft_side;

enum { FFT_K_C2C, FFT_K_R2C, FFT_K_C2R };

typedef struct {
    fft_job *job;
    const fft_engine *eng;
    size_t n, lines, inner;
    int kind, inverse;
    const void *in;
    void *out;
    fft_side is, os;
} fft_axis_task;

/* A plan's engines (twiddles), one per axis (equal lengths share one), made by MakePlan;
 * shared by the plan and the jobs of its executions. */
typedef struct {
    int refs; /* atomic: engines_put */
    fft_engine *eng[3];
} fft_engines;

struct fft_job {
    int refs;      /* tasks still holding the job: atomic, see job_release */
    int dbl;       /* double precision */
    fft_engines *engs;
    fft_engine *eng[3];
    void *tmp;
    size_t ntask;
    fft_axis_task task[3];
};

struct aclfftHandle_t {
    uint32_t magic;
    int made;
    int rank;
    int n[3];
    int batch;
    aclfftType type;
    int dim_type;
    int32_t stride; /* 1-D element stride set by aclfftSetStride; 0: the layout's own */
    aclrtStream stream;
    void *work_area;
    int auto_alloc;
    fft_engines *engs;
    struct aclfftHandle_t *next;
};

static struct {
    pthread_mutex_t lock;
    struct aclfftHandle_t *head;
} g_plans = {PTHREAD_MUTEX_INITIALIZER, NULL};

static aclfftResult fail(aclfftResult r, const char *fn, const char *what)
{
    core_err(ACL_ERROR_INVALID_PARAM, "%s: %s (%s)", fn, what, aclfftGetErrorString(r));
    return r;
}

/* PN1: called with g_plans.lock held. */
static aclfftResult find_locked(aclfftHandle plan, const char *fn)
{
    if (!plan)
        return fail(ACLFFT_INVALID_VALUE, fn, "plan is NULL");
    for (struct aclfftHandle_t *p = g_plans.head; p; p = p->next)
        if (p == plan && p->magic == FFT_PLAN_MAGIC)
            return ACLFFT_SUCCESS;
    return fail(ACLFFT_INVALID_PLAN, fn, "plan is not a live plan (destroyed or never created)");
}

static int type_known(aclfftType t)
{
    return t == ACLFFT_C2C || t == ACLFFT_R2C || t == ACLFFT_C2R || t == ACLFFT_Z2Z ||
           t == ACLFFT_D2Z || t == ACLFFT_Z2D;
}

static int type_real_in(aclfftType t) { return t == ACLFFT_R2C || t == ACLFFT_D2Z; }
static int type_real_out(aclfftType t) { return t == ACLFFT_C2R || t == ACLFFT_Z2D; }
static int type_double(aclfftType t) { return t == ACLFFT_Z2Z || t == ACLFFT_D2Z || t == ACLFFT_Z2D; }

/* Lengths and batch of a plan to make. */
static aclfftResult check_shape(const char *fn, int rank, const int *n, int batch)
{
    size_t total = (size_t)(batch > 0 ? batch : 1);
    for (int i = 0; i < rank; i++) {
        if (n[i] <= 0)
            return fail(ACLFFT_INVALID_SIZE, fn, "every length must be at least 1");
        total *= (size_t)n[i];
        if (total > FFT_MAX_ELEMS)
            return fail(ACLFFT_INVALID_SIZE, fn, "transform too large");
    }
    if (batch <= 0)
        return fail(ACLFFT_INVALID_SIZE, fn, "batch must be at least 1");
    return ACLFFT_SUCCESS;
}

/* CANN's order: sizes, then the dimension type (1-D), then the transform type. */
static aclfftResult check_plan_args(const char *fn, int rank, const int *n, int batch,
                                    aclfftType type, int dim_type)
{
    aclfftResult r = check_shape(fn, rank, n, batch);
    if (r == ACLFFT_SUCCESS && dim_type != ACLFFT_HORIZONTAL && dim_type != ACLFFT_VERTICAL)
        r = fail(ACLFFT_INVALID_VALUE, fn, "dimType must be ACLFFT_HORIZONTAL or ACLFFT_VERTICAL");
    if (r == ACLFFT_SUCCESS && !type_known(type))
        r = fail(ACLFFT_INVALID_TYPE, fn, "unknown transform type");
    return r;
}

static void engines_put(fft_engines *e)
{
    /* acq_rel: the thread that frees must see every other holder's use finished. */
    if (!e || __atomic_sub_fetch(&e->refs, 1, __ATOMIC_ACQ_REL) != 0)
        return;
    for (int i = 0; i < 3; i++) {
        int dup = 0;
        for (int j = 0; j < i; j++)
            dup |= e->eng[j] == e->eng[i];
        if (!dup)
            fft_engine_free(e->eng[i]);
    }
    free(e);
}

static fft_engines *engines_new(int rank, const int *n)
{
    fft_engines *e = calloc(1, sizeof(*e));
    if (!e)
        return NULL;
    e->refs = 1;
    for (int i = 0; i < rank; i++) {
        for (int j = 0; j < i && !e->eng[i]; j++)
            if (n[j] == n[i])
                e->eng[i] = e->eng[j];
        if (!e->eng[i] && !(e->eng[i] = fft_engine_new((size_t)n[i]))) {
            engines_put(e);
            return NULL;
        }
    }
    return e;
}

aclfftResult aclfftCreate(aclfftHandle *plan)
{
    if (!plan)
        return fail(ACLFFT_INVALID_VALUE, "aclfftCreate", "plan is NULL");
    struct aclfftHandle_t *p = calloc(1, sizeof(*p));
    if (!p)
        return fail(ACLFFT_ALLOC_FAILED, "aclfftCreate", "out of memory");
    p->magic = FFT_PLAN_MAGIC;
    p->batch = 1;
    p->type = ACLFFT_C2C;
    p->auto_alloc = 1;
    pthread_mutex_lock(&g_plans.lock);
    p->next = g_plans.head;
    g_plans.head = p;
    pthread_mutex_unlock(&g_plans.lock);
    *plan = p;
    return ACLFFT_SUCCESS;
}

aclfftResult aclfftDestroy(aclfftHandle plan)
{
    pthread_mutex_lock(&g_plans.lock);
    aclfftResult r = find_locked(plan, "aclfftDestroy");
    if (r == ACLFFT_SUCCESS) {
        for (struct aclfftHandle_t **pp = &g_plans.head; *pp; pp = &(*pp)->next)
            if (*pp == plan) {
                *pp = plan->next;
                break;
            }
        plan->magic = 0;
    }
    pthread_mutex_unlock(&g_plans.lock);
    if (r == ACLFFT_SUCCESS) {
        engines_put(plan->engs);
        free(plan);
    }
    return r;
}

static aclfftResult make(const char *fn, aclfftHandle plan, int rank, const int *n, int batch,
                         aclfftType type, int dim_type, size_t *workSize)
{
    pthread_mutex_lock(&g_plans.lock);
    aclfftResult r = find_locked(plan, fn);
    if (r == ACLFFT_SUCCESS && plan->made)
        r = fail(ACLFFT_INVALID_VALUE, fn, "the plan is already made");
    if (r == ACLFFT_SUCCESS)
        r = check_plan_args(fn, rank, n, batch, type, dim_type);
    fft_engines *engs = NULL;
    if (r == ACLFFT_SUCCESS && !(engs = engines_new(rank, n)))
        r = fail(ACLFFT_ALLOC_FAILED, fn, "out of memory for the twiddle tables");
    if (r == ACLFFT_SUCCESS) {
        plan->engs = engs;
        plan->rank = rank;
        for (int i = 0; i < 3; i++)
            plan->n[i] = i < rank ? n[i] : 1;
        plan->batch = batch;
        plan->type = type;
        plan->dim_type = dim_type;
        plan->made = 1;
        if (workSize)
            *workSize = 0; /* the library keeps its own scratch */
    }
    pthread_mutex_unlock(&g_plans.lock);
    return r;
}

aclfftResult aclfftMakePlan1d(aclfftHandle plan, int nx, aclfftType type, int batch, int stride,
                              size_t *workSize)
{
    return make("aclfftMakePlan1d", plan, 1, &nx, batch, type, stride, workSize);
}

aclfftResult aclfftMakePlan2d(aclfftHandle plan, int batch, int nx, int ny, aclfftType type,
                              size_t *workSize)
{
    int n[2] = {nx, ny};
    return make("aclfftMakePlan2d", plan, 2, n, batch, type, ACLFFT_HORIZONTAL, workSize);
}

aclfftResult aclfftMakePlan3d(aclfftHandle plan, int nx, int ny, int nz, aclfftType type,
                              size_t *workSize)
{
    int n[3] = {nx, ny, nz};
    return make("aclfftMakePlan3d", plan, 3, n, 1, type, ACLFFT_HORIZONTAL, workSize);
}

/* aclfftPlan*d: create and make; on failure nothing is left and *plan is NULL. */
static aclfftResult plan_new(const char *fn, aclfftHandle *plan, int rank, const int *n, int batch,
                             aclfftType type, int dim_type)
{
    if (!plan)
        return fail(ACLFFT_INVALID_VALUE, fn, "plan is NULL");
    aclfftResult r = check_plan_args(fn, rank, n, batch, type, dim_type);
    if (r != ACLFFT_SUCCESS)
        return r;
    if ((r = aclfftCreate(plan)) != ACLFFT_SUCCESS)
        return r;
    r = make(fn, *plan, rank, n, batch, type, dim_type, NULL);
    if (r != ACLFFT_SUCCESS) {
        aclfftDestroy(*plan);
        *plan = NULL;
    }
    return r;
}

aclfftResult aclfftPlan1d(aclfftHandle *plan, int nx, aclfftType type, int batch, int dimType)
{
    return plan_new("aclfftPlan1d", plan, 1, &nx, batch, type, dimType);
}

aclfftResult aclfftPlan2d(aclfftHandle *plan, int batch, int nx, int ny, aclfftType type)
{
    int n[2] = {nx, ny};
    return plan_new("aclfftPlan2d", plan, 2, n, batch, type, ACLFFT_HORIZONTAL);
}

aclfftResult aclfftPlan3d(aclfftHandle *plan, int nx, int ny, int nz, aclfftType type)
{
    int n[3] = {nx, ny, nz};
    return plan_new("aclfftPlan3d", plan, 3, n, 1, type, ACLFFT_HORIZONTAL);
}

static aclfftResult get_size(const char *fn, aclfftHandle plan, int rank, const int *n, int batch,
                             aclfftType type, size_t *workSize)
{
    pthread_mutex_lock(&g_plans.lock);
    aclfftResult r = find_locked(plan, fn);
    pthread_mutex_unlock(&g_plans.lock);
    if (r == ACLFFT_SUCCESS && rank)
        r = check_plan_args(fn, rank, n, batch, type, ACLFFT_HORIZONTAL);
    if (r == ACLFFT_SUCCESS && !workSize)
        r = fail(ACLFFT_INVALID_VALUE, fn, "workSize is NULL");
    if (r == ACLFFT_SUCCESS)
        *workSize = 0;
    return r;
}

aclfftResult aclfftGetSize1d(aclfftHandle plan, int nx, aclfftType type, int batch, size_t *workSize)
{
    return get_size("aclfftGetSize1d", plan, 1, &nx, batch, type, workSize);
}

aclfftResult aclfftGetSize2d(aclfftHandle plan, int nx, int ny, aclfftType type, size_t *workSize)
{
    int n[2] = {nx, ny};
    return get_size("aclfftGetSize2d", plan, 2, n, 1, type, workSize);
}

aclfftResult aclfftGetSize3d(aclfftHandle plan, int nx, int ny, int nz, aclfftType type,
                             size_t *workSize)
{
    int n[3] = {nx, ny, nz};
    return get_size("aclfftGetSize3d", plan, 3, n, 1, type, workSize);
}

aclfftResult aclfftGetSize(aclfftHandle plan, size_t *workSize)
{
    return get_size("aclfftGetSize", plan, 0, NULL, 1, ACLFFT_C2C, workSize);
}

aclfftResult aclfftSetAutoAllocation(aclfftHandle plan, int autoAllocate)
{
    pthread_mutex_lock(&g_plans.lock);
    aclfftResult r = find_locked(plan, "aclfftSetAutoAllocation");
    if (r == ACLFFT_SUCCESS)
        plan->auto_alloc = autoAllocate != 0;
    pthread_mutex_unlock(&g_plans.lock);
    return r;
}

aclfftResult aclfftSetWorkArea(aclfftHandle plan, void *workArea)
{
    pthread_mutex_lock(&g_plans.lock);
    aclfftResult r = find_locked(plan, "aclfftSetWorkArea");
    if (r == ACLFFT_SUCCESS)
        plan->work_area = workArea; /* a work size of 0 bytes: never touched */
    pthread_mutex_unlock(&g_plans.lock);
    return r;
}

aclfftResult aclfftSetStream(aclfftHandle plan, aclrtStream stream)
{
    pthread_mutex_lock(&g_plans.lock);
    aclfftResult r = find_locked(plan, "aclfftSetStream");
    if (r == ACLFFT_SUCCESS)
        plan->stream = stream;
    pthread_mutex_unlock(&g_plans.lock);
    return r;
}

aclfftResult aclfftSetStride(aclfftHandle plan, int32_t stride)
{
    pthread_mutex_lock(&g_plans.lock);
    aclfftResult r = find_locked(plan, "aclfftSetStride");
    if (r == ACLFFT_SUCCESS && !plan->made)
        r = fail(ACLFFT_INVALID_PLAN, "aclfftSetStride", "the plan is not made yet");
    if (r == ACLFFT_SUCCESS && plan->rank != 1)
        r = fail(ACLFFT_NOT_SUPPORTED, "aclfftSetStride", "strides apply to 1-D plans only");
    if (r == ACLFFT_SUCCESS && stride <= 0)
        r = fail(ACLFFT_INVALID_VALUE, "aclfftSetStride", "stride must be at least 1");
    if (r == ACLFFT_SUCCESS)
        plan->stride = stride;
    pthread_mutex_unlock(&g_plans.lock);
    return r;
}

aclfftResult aclfftGetVersion(int *version)
{
    if (!version)
        return fail(ACLFFT_INVALID_VALUE, "aclfftGetVersion", "version is NULL");
    *version = FFT_VERSION_MAJOR * 10000 + FFT_VERSION_MINOR * 100 + FFT_VERSION_PATCH;
    return ACLFFT_SUCCESS;
}

aclfftResult aclfftGetProperty(aclfftLibraryPropertyType type, int *value)
{
    if (!value)
        return fail(ACLFFT_INVALID_VALUE, "aclfftGetProperty", "value is NULL");
    switch (type) {
    case ACLFFT_MAJOR_VERSION:
        *value = FFT_VERSION_MAJOR;
        return ACLFFT_SUCCESS;
    case ACLFFT_MINOR_VERSION:
        *value = FFT_VERSION_MINOR;
        return ACLFFT_SUCCESS;
    case ACLFFT_PATCH_LEVEL:
        *value = FFT_VERSION_PATCH;
        return ACLFFT_SUCCESS;
    }
    return fail(ACLFFT_INVALID_VALUE, "aclfftGetProperty", "unknown property");
}

const char *aclfftGetErrorString(aclfftResult result)
{
    switch (result) {
    case ACLFFT_SUCCESS: return "Success";
    case ACLFFT_INVALID_PLAN: return "Invalid plan handle";
    case ACLFFT_ALLOC_FAILED: return "Memory allocation failed";
    case ACLFFT_INVALID_TYPE: return "Invalid data type";
    case ACLFFT_INVALID_VALUE: return "Invalid parameter value";
    case ACLFFT_INTERNAL_ERROR: return "Internal error";
    case ACLFFT_EXEC_FAILED: return "Execution failed";
    case ACLFFT_SETUP_FAILED: return "Setup failed";
    case ACLFFT_INVALID_SIZE: return "Invalid size parameter";
    case ACLFFT_UNALIGNED_DATA: return "Data not aligned";
    case ACLFFT_INCOMPLETE_PARAMETER_LIST: return "Incomplete parameter list";
    case ACLFFT_INVALID_DEVICE: return "Invalid device";
    case ACLFFT_PARSE_ERROR: return "Parse error";
    case ACLFFT_NO_WORKSPACE: return "No workspace available";
    case ACLFFT_NOT_IMPLEMENTED: return "Feature not implemented";
    case ACLFFT_NOT_SUPPORTED: return "Feature not supported";
    }
    return "Unknown error";
}

/* ---------------------------------------------------------------- execution */

static void job_free(fft_job *job)
{
    engines_put(job->engs);
    free(job->tmp);
    free(job);
}

static void job_release(void *arg)
{
    fft_axis_task *t = arg;
    fft_job *job = t->job;
    /* acq_rel: the last release must see every other task's use of the job finished
     * (their decrements release it) before freeing it. */
    if (__atomic_sub_fetch(&job->refs, 1, __ATOMIC_ACQ_REL) == 0)
        job_free(job);
}

static inline fft_cplx load_c(const void *base, size_t idx, int dbl)
{
    if (dbl) {
        const aclfftDoubleComplex *c = (const aclfftDoubleComplex *)base + idx;
        return (fft_cplx){c->x, c->y};
    }
    const aclfftComplex *c = (const aclfftComplex *)base + idx;
    return (fft_cplx){c->x, c->y};
}

static inline void store_c(void *base, size_t idx, fft_cplx v, int dbl)
{
    if (dbl) {
        aclfftDoubleComplex *c = (aclfftDoubleComplex *)base + idx;
        c->x = v.re;
        c->y = v.im;
    } else {
        aclfftComplex *c = (aclfftComplex *)base + idx;
        c->x = (float)v.re;
        c->y = (float)v.im;
    }
}

static int32_t axis_block(void *arg, uint32_t blk, uint32_t nblk)
{
    const fft_axis_task *t = arg;
    const int dbl = t->job->dbl;
    const size_t n = t->n, nh = n / 2 + 1;
    size_t lo = t->lines * blk / nblk, hi = t->lines * (blk + 1) / nblk;
    if (lo == hi)
        return 0;
    fft_cplx *x = malloc((n + fft_engine_scratch(t->eng)) * sizeof(fft_cplx));
    if (!x) {
        core_err_async_detail(ACL_ERROR_BAD_ALLOC, "aclfftExec: out of memory for scratch");
        return ACL_ERROR_BAD_ALLOC;
    }
    fft_cplx *scratch = x + n;
    for (size_t l = lo; l < hi; l++) {
        size_t ib = (l / t->inner) * t->is.dist_outer + (l % t->inner) * t->is.dist_inner;
        size_t ob = (l / t->inner) * t->os.dist_outer + (l % t->inner) * t->os.dist_inner;
        size_t ies = t->is.es, oes = t->os.es;
        switch (t->kind) {
        case FFT_K_C2C:
            for (size_t k = 0; k < n; k++)
                x[k] = load_c(t->in, ib + k * ies, dbl);
            break;
        case FFT_K_R2C:
            for (size_t k = 0; k < n; k++)
                x[k] = (fft_cplx){dbl ? ((const double *)t->in)[ib + k * ies]
                                      : ((const float *)t->in)[ib + k * ies], 0.0};
            break;
        default: /* C2R: rebuild the Hermitian spectrum from its first half */
            for (size_t k = 0; k < nh; k++)
                x[k] = load_c(t->in, ib + k * ies, dbl);
            for (size_t k = nh; k < n; k++)
                x[k] = (fft_cplx){x[n - k].re, -x[n - k].im};
            break;
        }
        fft_engine_run(t->eng, x, scratch, t->inverse);
        switch (t->kind) {
        case FFT_K_C2C:
            for (size_t k = 0; k < n; k++)
                store_c(t->out, ob + k * oes, x[k], dbl);
            break;
        case FFT_K_R2C:
            for (size_t k = 0; k < nh; k++)
                store_c(t->out, ob + k * oes, x[k], dbl);
            break;
        default:
            for (size_t k = 0; k < n; k++) {
                if (dbl)
                    ((double *)t->out)[ob + k * oes] = x[k].re;
                else
                    ((float *)t->out)[ob + k * oes] = (float)x[k].re;
            }
            break;
        }
    }
    free(x);
    return 0;
}

/* The dense layout of axis a of a row-major array of dims d[0..rank) times batch. */
static void dense_axis(fft_axis_task *t, int rank, const size_t *d, size_t batch, int a)
{
    size_t inner = 1, outer = batch;
    for (int i = a + 1; i < rank; i++)
        inner *= d[i];
    for (int i = 0; i < a; i++)
        outer *= d[i];
    t->inner = inner;
    t->lines = inner * outer;
    t->is = t->os = (fft_side){d[a] * inner, 1, inner};
}

static aclfftResult exec_made(const char *fn, const struct aclfftHandle_t *pp, const void *idata,
                              void *odata, int direction, int kind, int dbl);

static aclfftResult exec(const char *fn, aclfftHandle plan, const void *idata, void *odata,
                         int direction, int kind, int dbl)
{
    pthread_mutex_lock(&g_plans.lock);
    aclfftResult r = find_locked(plan, fn);
    struct aclfftHandle_t p = {0};
    if (r == ACLFFT_SUCCESS) {
        p = *plan;
        if (p.made) /* relaxed: the lock orders this against the plan's destruction */
            __atomic_add_fetch(&p.engs->refs, 1, __ATOMIC_RELAXED);
    }
    pthread_mutex_unlock(&g_plans.lock);
    if (r != ACLFFT_SUCCESS)
        return r;
    if (!p.made)
        return fail(ACLFFT_INVALID_PLAN, fn, "the plan is not made yet");
    r = exec_made(fn, &p, idata, odata, direction, kind, dbl);
    engines_put(p.engs);
    return r;
}

static aclfftResult exec_made(const char *fn, const struct aclfftHandle_t *pp, const void *idata,
                              void *odata, int direction, int kind, int dbl)
{
    const struct aclfftHandle_t p = *pp;
    /* CANN's order: the data pointers, then the plan's type. */
    if (!idata || !odata)
        return fail(ACLFFT_INVALID_VALUE, fn, "idata or odata is NULL");
    int pkind = type_real_in(p.type) ? FFT_K_R2C : type_real_out(p.type) ? FFT_K_C2R : FFT_K_C2C;
    if (pkind != kind || type_double(p.type) != dbl)
        return fail(ACLFFT_INVALID_TYPE, fn, "the plan was made for another transform type");
    if (kind == FFT_K_C2C && direction != ACLFFT_FORWARD && direction != ACLFFT_BACKWARD)
        return fail(ACLFFT_INVALID_VALUE, fn, "direction must be ACLFFT_FORWARD or ACLFFT_BACKWARD");
    const int in_place = idata == odata;
    const int custom = p.rank == 1 && (p.dim_type == ACLFFT_VERTICAL || p.stride);
    if (kind != FFT_K_C2C && in_place && custom)
        return fail(ACLFFT_NOT_SUPPORTED, fn,
                    "in-place real transforms need the padded row layout (no VERTICAL or stride)");

    fft_job *job = calloc(1, sizeof(*job));
    if (!job)
        return fail(ACLFFT_ALLOC_FAILED, fn, "out of memory");
    job->dbl = dbl;
    job->engs = p.engs;
    __atomic_add_fetch(&p.engs->refs, 1, __ATOMIC_RELAXED); /* we hold one already */
    const int rank = p.rank, last = rank - 1;
    size_t d[3], dc[3]; /* the real (or complex) dims and the complex-side dims */
    for (int i = 0; i < rank; i++)
        d[i] = dc[i] = (size_t)p.n[i];
    if (kind != FFT_K_C2C)
        dc[last] = d[last] / 2 + 1;
    for (int i = 0; i < rank; i++)
        job->eng[i] = p.engs->eng[i];
    const size_t batch = (size_t)p.batch;
    const int inverse = kind == FFT_K_C2R || direction == ACLFFT_BACKWARD;
    size_t csize = batch * (dbl ? sizeof(aclfftDoubleComplex) : sizeof(aclfftComplex));
    for (int i = 0; i < rank; i++)
        csize *= dc[i];
    if (kind == FFT_K_C2R && rank > 1 && !(job->tmp = malloc(csize))) {
        job_free(job);
        return fail(ACLFFT_ALLOC_FAILED, fn, "out of memory for the temporary spectrum");
    }

    /* The tasks in execution order. */
    size_t nt = 0;
    fft_axis_task *t;
    if (kind == FFT_K_C2C) {
        for (int a = last; a >= 0; a--) {
            t = &job->task[nt++];
            dense_axis(t, rank, d, batch, a);
            t->in = a == last ? idata : odata;
            t->out = odata;
            t->kind = FFT_K_C2C;
            t->eng = job->eng[a];
        }
    } else if (kind == FFT_K_R2C) {
        t = &job->task[nt++];
        dense_axis(t, rank, dc, batch, last);
        t->is.dist_outer = in_place ? 2 * dc[last] : d[last];
        t->in = idata;
        t->out = odata;
        t->kind = FFT_K_R2C;
        t->eng = job->eng[last];
        for (int a = last - 1; a >= 0; a--) {
            t = &job->task[nt++];
            dense_axis(t, rank, dc, batch, a);
            t->in = t->out = odata;
            t->kind = FFT_K_C2C;
            t->eng = job->eng[a];
        }
    } else {
        const void *src = idata;
        for (int a = 0; a < last; a++) {
            t = &job->task[nt++];
            dense_axis(t, rank, dc, batch, a);
            t->in = src;
            t->out = job->tmp;
            src = job->tmp;
            t->kind = FFT_K_C2C;
            t->eng = job->eng[a];
        }
        t = &job->task[nt++];
        dense_axis(t, rank, dc, batch, last);
        t->os.dist_outer = in_place ? 2 * dc[last] : d[last];
        t->in = src;
        t->out = odata;
        t->kind = FFT_K_C2R;
        t->eng = job->eng[last];
    }
    if (custom) { /* 1-D: one task */
        t = &job->task[0];
        size_t es = p.stride ? (size_t)p.stride : p.dim_type == ACLFFT_VERTICAL ? batch : 1;
        if (p.dim_type == ACLFFT_VERTICAL) {
            t->inner = batch;
            t->is = t->os = (fft_side){0, 1, es};
        } else {
            t->inner = 1;
            t->is = (fft_side){(kind == FFT_K_R2C ? d[0] : dc[0]) * es, 0, es};
            t->os = (fft_side){(kind == FFT_K_C2R ? d[0] : dc[0]) * es, 0, es};
        }
        t->lines = batch;
    }
    for (size_t i = 0; i < nt; i++) {
        job->task[i].job = job;
        job->task[i].n = fft_engine_len(job->task[i].eng);
        job->task[i].inverse = inverse;
    }
    job->ntask = nt;
    job->refs = (int)nt;

    aclmdlRICaptureStatus cap = ACL_MODEL_RI_CAPTURE_STATUS_NONE;
    if (p.stream && aclmdlRICaptureGetInfo(p.stream, &cap, NULL) != ACL_SUCCESS)
        cap = ACL_MODEL_RI_CAPTURE_STATUS_NONE;
    for (size_t i = 0; i < nt; i++) {
        t = &job->task[i];
        uint32_t nb = t->lines > 64 ? 64 : (uint32_t)t->lines;
        if (core_launch_blocks(p.stream, axis_block, t, nb, CORE_BLOCKS_UPTO, job_release, fn) !=
            ACL_SUCCESS) {
            /* The tasks not queued will never release their references. */
            if (__atomic_sub_fetch(&job->refs, (int)(nt - i), __ATOMIC_ACQ_REL) == 0)
                job_free(job);
            return ACLFFT_EXEC_FAILED;
        }
    }
    if (cap != ACL_MODEL_RI_CAPTURE_STATUS_NONE)
        return ACLFFT_SUCCESS;
    if (aclrtSynchronizeStream(p.stream) != ACL_SUCCESS)
        return ACLFFT_EXEC_FAILED;
    return ACLFFT_SUCCESS;
}

aclfftResult aclfftExecC2C(aclfftHandle plan, aclfftComplex *idata, aclfftComplex *odata,
                           int direction)
{
    return exec("aclfftExecC2C", plan, idata, odata, direction, FFT_K_C2C, 0);
}

aclfftResult aclfftExecZ2Z(aclfftHandle plan, aclfftDoubleComplex *idata,
                           aclfftDoubleComplex *odata, int direction)
{
    return exec("aclfftExecZ2Z", plan, idata, odata, direction, FFT_K_C2C, 1);
}

aclfftResult aclfftExecR2C(aclfftHandle plan, aclfftReal *idata, aclfftComplex *odata)
{
    return exec("aclfftExecR2C", plan, idata, odata, ACLFFT_FORWARD, FFT_K_R2C, 0);
}

aclfftResult aclfftExecD2Z(aclfftHandle plan, aclfftDoubleReal *idata, aclfftDoubleComplex *odata)
{
    return exec("aclfftExecD2Z", plan, idata, odata, ACLFFT_FORWARD, FFT_K_R2C, 1);
}

aclfftResult aclfftExecC2R(aclfftHandle plan, aclfftComplex *idata, aclfftReal *odata)
{
    return exec("aclfftExecC2R", plan, idata, odata, ACLFFT_BACKWARD, FFT_K_C2R, 0);
}

aclfftResult aclfftExecZ2D(aclfftHandle plan, aclfftDoubleComplex *idata, aclfftDoubleReal *odata)
{
    return exec("aclfftExecZ2D", plan, idata, odata, ACLFFT_BACKWARD, FFT_K_C2R, 1);
}
