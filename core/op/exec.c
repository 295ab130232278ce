/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Operator instances and their launches (core/op/exec.h): the argument rows
 * every aclop call shares, the values of an instance's tensors as the
 * provider reads them (struct core_op_val), and the one task a run queues.
 *
 * A launch is one owned task (core/launch.h) whose argument is a record made
 * for it: the plan (a reference) and the operand addresses of this call. The
 * record goes when the task ran, or with the model run instance when the
 * launch was captured (the task then runs the same record at each replay).
 */
#include <pthread.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "core/err.h"
#include "core/launch.h"
#include "core/op/exec.h"
#include "core/runtime/base.h"
#include "core/runtime/fault.h"
#include "core/runtime/runtime.h"
#include "core/tools/trace.h"
#include "sched/worker.h"
#include "core/runtime/tensor_desc.h"

/* ---- arguments --------------------------------------------------------------- */

static bool host_placed(const aclTensorDesc *d)
{
    return d->placement == ACL_MEMTYPE_HOST || d->placement == ACL_MEMTYPE_HOST_COMPILE_INDEPENDENT;
}

const void *core_op_input_value_slow(const struct core_op_call *c, int k, size_t *len)
{
    const aclTensorDesc *d = c->in_desc[k];
    if (d->const_data) {
        *len = d->const_len;
        return d->const_data;
    }
    if (!c->in_buf || !(c->read_data || host_placed(d)))
        return NULL;
    const aclDataBuffer *b = c->in_buf[k];
    size_t need = core_tdesc_bytes(d);
    if (!core_databuf_addr(b) || core_databuf_size(b) < need)
        return NULL; /* core_op_check refused it when host-placed */
    *len = need;
    return core_databuf_addr(b);
}

aclError core_op_no_host(const struct core_op_call *c)
{
    for (int k = 0; k < c->nin + c->nout; k++) {
        bool in = k < c->nin;
        if (host_placed(in ? c->in_desc[k] : c->out_desc[k - c->nin]))
            return core_err(ACL_ERROR_API_NOT_SUPPORT,
                            "%s: %s: %s %d is host-placed (ACL_MEMTYPE_HOST*), which this call "
                            "does not take (give a fixed value with aclSetTensorConst)",
                            c->fn, c->type, in ? "input" : "output", in ? k : k - c->nin);
    }
    return ACL_SUCCESS;
}

/* The rows of one array: NULL with n > 0, NULL elements. */
static aclError check_array(const void *const *a, int n, const char *what, const char *fn,
                            const char *type)
{
    if (n > 0 && !a)
        return core_err(ACL_ERROR_INVALID_PARAM, "%s: %s: %s is NULL for a count of %d", fn, type,
                        what, n);
    for (int k = 0; k < n; k++)
        if (!a[k])
            return core_err(ACL_ERROR_INVALID_PARAM, "%s: %s: %s[%d] is NULL", fn, type, what, k);
    return ACL_SUCCESS;
}

/* Buffer b of tensor `what` k described by d holds what d describes. */
static aclError check_buffer(const aclTensorDesc *d, const aclDataBuffer *b, const char *what,
                             int k, const struct core_op_call *c)
{
    size_t need = core_tdesc_bytes(d);
    if (core_databuf_size(b) < need)
        return core_err(ACL_ERROR_INVALID_PARAM,
                        "%s: %s: %s %d: the buffer holds %zu bytes, its description (%d-d of "
                        "dtype %d) needs %zu",
                        c->fn, c->type, what, k, core_databuf_size(b), (int)core_tdesc_rank(d),
                        (int)core_tdesc_type(d), need);
    if (need && !core_databuf_addr(b))
        return core_err(ACL_ERROR_INVALID_PARAM,
                        "%s: %s: %s %d: the buffer's address is NULL for %zu bytes", c->fn, c->type,
                        what, k, need);
    return ACL_SUCCESS;
}

aclError core_op_check(const struct core_op_call *c)
{
    const char *fn = c->fn;
    if (!c->type)
        return core_err(ACL_ERROR_INVALID_PARAM, "%s: opType is NULL", fn);
    if (c->nin < 0 || c->nout < 0)
        return core_err(ACL_ERROR_INVALID_PARAM,
                        "%s: %s: negative count (numInputs %d, "
                        "numOutputs %d)",
                        fn, c->type, c->nin, c->nout);
    aclError rc;
    if ((rc = check_array((const void *const *)c->in_desc, c->nin, "inputDesc", fn, c->type)) ||
        (rc = check_array((const void *const *)c->out_desc, c->nout, "outputDesc", fn, c->type)))
        return rc;
    if (!c->bufs)
        return ACL_SUCCESS;
    if ((rc = check_array((const void *const *)c->in_buf, c->nin, "inputs", fn, c->type)) ||
        (rc = check_array((const void *const *)c->out_buf, c->nout, "outputs", fn, c->type)))
        return rc;
    for (int k = 0; k < c->nin; k++) {
        const aclTensorDesc *d = c->in_desc[k];
        if (core_op_absent(c, k))
            continue;
        if (d->const_data) { /* the value is the description's; the buffer may be (NULL, 0) */
            size_t need = core_tdesc_bytes(d);
            if (d->const_len < need)
                return core_err(ACL_ERROR_INVALID_PARAM,
                                "%s: %s: input %d: the const value holds %zu bytes, its "
                                "description needs %zu",
                                fn, c->type, k, d->const_len, need);
            continue;
        }
        if ((rc = check_buffer(d, c->in_buf[k], "input", k, c)))
            return rc;
    }
    for (int k = 0; k < c->nout; k++)
        if ((rc = check_buffer(c->out_desc[k], c->out_buf[k], "output", k, c)))
            return rc;
    return ACL_SUCCESS;
}

/* Whether b holds need bytes at a non-NULL address (check_buffer's rows). */
static inline bool holds(const aclDataBuffer *b, size_t need)
{
    return core_databuf_size(b) >= need && (!need || core_databuf_addr(b));
}

/* Whether the n elements of a are all non-NULL (a itself too, when n > 0). */
static inline bool all_set(const void *const *a, int n)
{
    if (n > 0 && !a)
        return false;
    for (int k = 0; k < n; k++)
        if (!a[k])
            return false;
    return true;
}

struct core_op_plan *core_op_repeat(const struct core_op_call *c)
{
    /* core_op_check's rows of pointers and counts, before anything is read through them */
    if (__builtin_expect(!c->type || c->nin < 0 || c->nout < 0 || !c->bufs || c->read_data, 0) ||
        !all_set((const void *const *)c->in_desc, c->nin) ||
        !all_set((const void *const *)c->out_desc, c->nout) ||
        !all_set((const void *const *)c->in_buf, c->nin) ||
        !all_set((const void *const *)c->out_buf, c->nout))
        return NULL;
    struct core_op_plan *p = core_op_plan_last(c);
    if (!p || p->empty)
        return NULL; /* every output empty: the full path queues nothing */
    /* its buffer rows: the descriptions are the plan's instance (its key compared equal: the
     * types and dims, so the sizes), so a buffer needs what the plan says, except where the
     * plan fixed the value (need 0): the description's bytes then, as core_op_check */
    for (int k = 0; k < c->nin; k++) {
        const aclTensorDesc *d = c->in_desc[k];
        if (core_op_absent(c, k))
            continue;
        if (__builtin_expect(d->const_data != NULL, 0)) {
            if (d->const_len < core_tdesc_bytes(d))
                return NULL;
            continue;
        }
        if (!holds(c->in_buf[k], p->fixed[k] ? core_tdesc_bytes(d) : p->need[k]))
            return NULL;
    }
    for (int k = 0; k < c->nout; k++)
        if (!holds(c->out_buf[k], p->need[c->nin + k]))
            return NULL;
    return p;
}

bool core_op_outputs_empty(const struct core_op_call *c)
{
    if (c->nout == 0)
        return false;
    for (int k = 0; k < c->nout; k++) {
        const aclTensorDesc *d = c->out_desc[k];
        bool zero = false;
        for (size_t i = 0; i < core_tdesc_rank(d); i++)
            zero |= core_tdesc_dim(d, i) == 0;
        if (!zero)
            return false;
    }
    return true;
}

/* d as a value (dims clipped to CORE_OP_MAX_DIMS; the provider refuses more). */
static void val_of(const aclTensorDesc *d, struct core_op_val *v)
{
    memset(v, 0, sizeof(*v));
    v->dtype = core_tdesc_type(d);
    v->format = core_tdesc_format(d);
    size_t nd = core_tdesc_rank(d);
    if (nd == 1 && core_tdesc_dim(d, 0) == CORE_TDESC_UNKNOWN_RANK) {
        v->nd = -1;
        return;
    }
    v->nd = (int32_t)nd;
    for (size_t i = 0; i < nd && i < CORE_OP_MAX_DIMS; i++)
        v->dims[i] = core_tdesc_dim(d, i);
}

void core_op_vals(const struct core_op_call *c, struct core_op_val *vals)
{
    for (int k = 0; k < c->nin; k++) {
        struct core_op_val *v = &vals[k];
        val_of(c->in_desc[k], v);
        if (core_op_absent(c, k)) {
            v->absent = true;
            v->nd = 0;
            continue;
        }
        v->data = core_op_input_value(c, k, &v->bytes);
        if (!v->data)
            v->bytes = 0;
    }
    for (int k = 0; k < c->nout; k++)
        val_of(c->out_desc[k], &vals[c->nin + k]);
}

/* ---- launch records ------------------------------------------------------------ */

/* A launch record: the plan (a reference) and the operands. Records of up
 * to REC_OPS operands come from the calling thread's pool and go back to it
 * from the worker that ran them (a stack the workers push onto and the owner
 * takes whole: no ABA), so the hit path does not allocate; longer ones are
 * allocated and freed. A thread's pool outlives it (orphaned at its exit,
 * adopted by a later thread): records still queued return to it. */
#define REC_OPS 8

struct rec_pool;

struct op_rec {
    struct op_rec *next;   /* on a pool's lists */
    struct rec_pool *pool; /* NULL: allocated for this launch */
    struct core_op_plan *p;
    void *ops[]; /* inputs then outputs */
};

struct rec_pool {
    struct op_rec *free;          /* the owner's */
    struct rec_pool *next_orphan; /* g_orphans, g_lock */
    /* written by the workers: a cache line of its own, so that reading
     * free does not wait for the line a worker just wrote */
    _Alignas(64) _Atomic(struct op_rec *) back;
};

static __thread struct rec_pool *t_pool __attribute__((tls_model("initial-exec")));
static __thread bool t_noted __attribute__((tls_model("initial-exec")));
static pthread_mutex_t g_lock = PTHREAD_MUTEX_INITIALIZER;
static struct rec_pool *g_orphans; /* g_lock */
static pthread_key_t g_key;
static pthread_once_t g_key_once = PTHREAD_ONCE_INIT;

static void thread_exit(void *arg)
{
    (void)arg;
    core_op_memo_exit();
    if (t_pool) {
        pthread_mutex_lock(&g_lock);
        t_pool->next_orphan = g_orphans;
        g_orphans = t_pool;
        pthread_mutex_unlock(&g_lock);
        t_pool = NULL;
    }
    t_noted = false;
}

static void key_init(void)
{
    (void)pthread_key_create(&g_key, thread_exit);
}

void core_op_thread_note(void)
{
    if (__builtin_expect(t_noted, 1))
        return;
    pthread_once(&g_key_once, key_init);
    t_noted = pthread_setspecific(g_key, (void *)1) == 0;
}

static struct rec_pool *pool_get(void)
{
    if (__builtin_expect(t_pool != NULL, 1))
        return t_pool;
    core_op_thread_note();
    pthread_mutex_lock(&g_lock);
    struct rec_pool *p = g_orphans;
    if (p)
        g_orphans = p->next_orphan;
    pthread_mutex_unlock(&g_lock);
    if (!p && (p = core_aligned_alloc(64, sizeof(*p))))
        memset(p, 0, sizeof(*p));
    return t_pool = p;
}

static struct op_rec *rec_new(uint32_t n)
{
    struct rec_pool *pool = n <= REC_OPS ? pool_get() : NULL;
    struct op_rec *r = NULL;
    if (pool) {
        if (!pool->free)
            /* acquire: pairs with the release push in rec_release; the
             * workers' last reads of the records happen before their reuse */
            pool->free = atomic_exchange_explicit(&pool->back, NULL, memory_order_acquire);
        if ((r = pool->free)) {
            pool->free = r->next;
            if (r->next) /* last written by a worker: fetch it before it is needed */
                __builtin_prefetch(r->next, 1);
            return r;
        }
        n = REC_OPS;
    }
    r = core_malloc(sizeof(*r) + n * sizeof(void *));
    if (r)
        r->pool = pool;
    return r;
}

/* ---- launches ------------------------------------------------------------------ */

static int32_t rec_run(void *arg)
{
    struct op_rec *r = arg;
    return r->p->prov->run(r->p->plan, r->ops);
}

static void rec_release(void *arg)
{
    struct op_rec *r = arg;
    core_op_plan_put(r->p);
    struct rec_pool *pool = r->pool;
    if (!pool) {
        free(r);
        return;
    }
    /* relaxed: only the CAS publishes */
    struct op_rec *top = atomic_load_explicit(&pool->back, memory_order_relaxed);
    do
        r->next = top;
    /* release: our reads of r happen before the owner reuses it (its acquire
     * exchange in rec_new) */
    while (!atomic_compare_exchange_weak_explicit(&pool->back, &top, r, memory_order_release,
                                                  memory_order_relaxed));
}

aclError core_op_launch(struct core_op_plan *p, const aclDataBuffer *const *in,
                        const aclDataBuffer *const *out, aclrtStream stream, const char *type,
                        const char *fn)
{
    struct op_rec *r = rec_new(p->nin + p->nout);
    if (!r) {
        core_op_plan_put(p);
        return core_err(ACL_ERROR_BAD_ALLOC, "%s: out of memory", fn);
    }
    r->p = p;
    for (uint32_t k = 0; k < p->nin; k++)
        r->ops[k] = p->fixed[k] ? (void *)p->fixed[k] : core_databuf_addr(in[k]);
    for (uint32_t k = 0; k < p->nout; k++)
        r->ops[p->nin + k] = core_databuf_addr(out[k]);
    /* the trace's name of the task ("aclop Add"), made only while tracing */
    const char *name =
        __builtin_expect(sched_trace_on, 0) ? core_trace_intern("aclop ", type) : NULL;
    aclError rc = core_launch_owned_as(stream, rec_run, r, rec_release, fn, name ? name : fn);
    if (rc != ACL_SUCCESS) /* nothing queued; the stream recorded its message */
        rec_release(r);
    return rc;
}
