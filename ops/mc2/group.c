/* SPDX-License-Identifier: Apache-2.0 */
/*
 * MC2's communicators and chains: how a matmul + collective operator finds
 * the communicator its `group` names, and how its executor (mc2.h) is
 * queued.
 *
 *  GP1. libcpuacl does not link libhccl (libhccl links libcpuacl, and a
 *      program without HCCL must not load MPI). The MC2 operators bind
 *      libhccl's public entry points (HcclCommGetHandleWithName,
 *      HcclGetRankSize, HcclGetRankId, HcclAllReduce, HcclReduceScatter,
 *      HcclAllGather, HcclAlltoAll) from the copy the process has already loaded
 *      (dlopen with RTLD_NOLOAD: never loading it themselves). Without
 *      libhccl there can be no communicator: a group then names none
 *      (161002), and every other operator is untouched. The binding is
 *      retried until it succeeds (a program may dlopen libhccl late) and
 *      then kept: the library is never unloaded while bound (the NOLOAD
 *      handle holds a reference).
 *  GP2. A group is looked up by name when phase 1 checks shapes against the
 *      group's size and again when phase 2 queues the collective: an
 *      executor never keeps a communicator handle, so a communicator
 *      destroyed in between is not found (161002 naming the group, nothing
 *      queued) instead of being used. libhccl itself checks a handle against
 *      its registry at the call and when its task runs (hccl/comm.c).
 *  GP3. Phase 2 queues the steps (each an executor of an existing operator,
 *      launched as that operator's phase 2 would, or a small kernel of the
 *      MC2 operator's own) and the collective (two for QuantMatmulAllReduceV3's
 *      low-bit communication) in the plan's order, then the MC2 executor itself, an empty task
 * whose release frees the plan's temporaries after every step that reads or writes them. An MC2
 * executor runs once: its steps are single-use executors (aclSetAclOpExecutorRepeatable is refused
 * by its phase 2).
 */
#include <dlfcn.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "hccl/hccl.h"
#include "ops/engine/public.h"
#include "ops/mc2/mc2.h"

#ifndef CPUACL_HCCL_SONAME
#define CPUACL_HCCL_SONAME "libhccl.so.0"
#endif

/* ---- the binding (GP1) ------------------------------------------------------------------ */

struct gp_hccl {
    __typeof__(HcclCommGetHandleWithName) *by_name;
    __typeof__(HcclGetRankSize) *size;
    __typeof__(HcclGetRankId) *rank;
    __typeof__(HcclAllReduce) *all_reduce;
    __typeof__(HcclReduceScatter) *reduce_scatter;
    __typeof__(HcclAllGather) *all_gather;
    __typeof__(HcclAlltoAll) *all_to_all;
};

static struct gp_hccl g_hccl; /* written once under g_bind_mu, before g_bound */
static _Atomic int g_bound;   /* A */
static pthread_mutex_t g_bind_mu = PTHREAD_MUTEX_INITIALIZER;

static int bind_sym(void *h, const char *name, void *fp)
{
    void *f = dlsym(h, name);
    memcpy(fp, &f, sizeof f); /* object -> function pointer (POSIX) */
    return f != NULL;
}

static const struct gp_hccl *gp_bind(void)
{
    /* acquire: pairs with the release below; g_hccl is complete once seen bound */
    if (atomic_load_explicit(&g_bound, memory_order_acquire))
        return &g_hccl;
    pthread_mutex_lock(&g_bind_mu);
    if (!atomic_load_explicit(&g_bound, memory_order_relaxed)) { /* relaxed: under the mutex */
        void *h = dlopen(CPUACL_HCCL_SONAME, RTLD_NOW | RTLD_NOLOAD);
        struct gp_hccl f;
        if (h && bind_sym(h, "HcclCommGetHandleWithName", &f.by_name) &&
            bind_sym(h, "HcclGetRankSize", &f.size) && bind_sym(h, "HcclGetRankId", &f.rank) &&
            bind_sym(h, "HcclAllReduce", &f.all_reduce) &&
            bind_sym(h, "HcclReduceScatter", &f.reduce_scatter) &&
            bind_sym(h, "HcclAllGather", &f.all_gather) &&
            bind_sym(h, "HcclAlltoAll", &f.all_to_all)) {
            g_hccl = f;
            /* release: publishes g_hccl to the acquire loads above */
            atomic_store_explicit(&g_bound, 1, memory_order_release);
        } else if (h) {
            dlclose(h);
        }
    }
    pthread_mutex_unlock(&g_bind_mu);
    return atomic_load_explicit(&g_bound, memory_order_relaxed) ? &g_hccl : NULL;
}

/* The live communicator named group (GP2); 161002 naming it otherwise. */
static aclnnStatus gp_find(const char *op, const char *group, const struct gp_hccl **f,
                           HcclComm *comm, uint32_t *ranks, uint32_t *rank)
{
    if (strnlen(group, COMM_NAME_MAX_LENGTH) == COMM_NAME_MAX_LENGTH)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: group is longer than %u characters", op,
                       COMM_NAME_MAX_LENGTH - 1);
    if (!(*f = gp_bind()))
        return ops_err(ACLNN_ERR_PARAM_INVALID,
                       "%s: group \"%s\" names no communicator (libhccl is not loaded: create "
                       "the communicator with HCCL first)",
                       op, group);
    uint32_t r = 0;
    if ((*f)->by_name(group, comm) != HCCL_SUCCESS || (*f)->size(*comm, ranks) != HCCL_SUCCESS ||
        (*f)->rank(*comm, rank ? rank : &r) != HCCL_SUCCESS)
        return ops_err(ACLNN_ERR_PARAM_INVALID,
                       "%s: group \"%s\" names no live communicator (HcclGetCommName gives the "
                       "name; a destroyed communicator's name names none)",
                       op, group);
    return ACLNN_SUCCESS;
}

aclnnStatus mc2_group(const char *op, const char *group, uint32_t *ranks, uint32_t *rank)
{
    const struct gp_hccl *f;
    HcclComm comm;
    return gp_find(op, group, &f, &comm, ranks, rank);
}

HcclDataType mc2_hccl_dtype(int dt)
{
    switch (dt) {
    case DT_F16:
        return HCCL_DATA_TYPE_FP16;
    case DT_BF16:
        return HCCL_DATA_TYPE_BFP16;
    case DT_F32:
        return HCCL_DATA_TYPE_FP32;
    default:
        return HCCL_DATA_TYPE_RESERVED;
    }
}

aclnnStatus mc2_check_opts(const char *op, const char *reduceOp, int64_t commTurn,
                           int64_t streamMode)
{
    /* commTurn only splits the NPU's pipelining of product and transfer: any count gives the
     * same result, so any non-negative one is accepted. streamMode 1 is the only value CANN
     * documents; others are refused as CANN refuses them. */
    if (reduceOp && strcmp(reduceOp, "sum"))
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: reduceOp \"%s\" is not supported (\"sum\")",
                       op, reduceOp);
    if (commTurn < 0)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: commTurn %lld is negative", op,
                       (long long)commTurn);
    if (streamMode != 1)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: streamMode %lld is not supported (1)", op,
                       (long long)streamMode);
    return ACLNN_SUCCESS;
}

/* ---- the chain (GP3) --------------------------------------------------------------------- */

static void mc2_fini(struct aclOpExecutor *e)
{
    struct mc2_plan *p = e->plan;
    if (!p)
        return;
    for (int i = 0; i < p->nsteps; i++)
        if (p->step[i]) /* never queued (phase 1 failed, or the executor was destroyed) */
            aclDestroyAclOpExecutor(p->step[i]);
    for (int i = 0; i < MC2_MAX_TEMPS; i++)
        if (p->temp_t[i])
            aclDestroyTensor(p->temp_t[i]);
    if (p->one)
        aclDestroyScalar(p->one);
    free(p->temp);
    free(p);
}

struct aclOpExecutor *mc2_new(const char *op)
{
    struct aclOpExecutor *e = ops_exec_plan(op, 0, 0, sizeof(struct mc2_plan), mc2_fini);
    if (e)
        e->run = NULL; /* the executor's own task only releases the plan (GP3) */
    return e;
}

/* A contiguous tensor of dims at data (element offset off), kept by the plan. */
static aclTensor *gp_tensor(struct mc2_plan *p, aclDataType dt, const int64_t *dims, int nd,
                            void *data, int64_t off)
{
    int slot = 0;
    while (slot < MC2_MAX_TEMPS && p->temp_t[slot])
        slot++;
    if (slot == MC2_MAX_TEMPS)
        return NULL;
    int64_t st[OPS_MAX_DIMS];
    int64_t s = 1;
    for (int d = nd - 1; d >= 0; d--) {
        st[d] = s;
        s *= dims[d];
    }
    p->temp_t[slot] =
        aclCreateTensor(dims, (uint64_t)nd, dt, st, off, ACL_FORMAT_ND, dims, (uint64_t)nd, data);
    return p->temp_t[slot];
}

struct aclOpExecutor *mc2_begin(const char *op, const char *group, uint32_t ranks)
{
    struct aclOpExecutor *e = mc2_new(op);
    if (e) {
        struct mc2_plan *p = e->plan;
        snprintf(p->group, sizeof p->group, "%s", group);
        p->ranks = ranks;
    }
    return e;
}

char *mc2_data(const aclTensor *t)
{
    return (char *)t->data + t->offset * (int64_t)ops_dt_size(ops_dt_index(t->dtype));
}

void mc2_allreduce_of(struct mc2_plan *p, const aclTensor *t, int dt, uint64_t count)
{
    p->coll =
        (struct mc2_coll_args){MC2_ALLREDUCE, mc2_data(t), mc2_data(t), count, mc2_hccl_dtype(dt)};
}

aclnnStatus mc2_dense(const char *op, const char *what, const aclTensor *t)
{
    if (!ops_view_dense(t)) /* matmul_comm.c CM2 */
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: %s must be contiguous on cpuacl", op, what);
    return ACLNN_SUCCESS;
}

aclTensor *mc2_temp_tensor(struct mc2_plan *p, aclDataType dt, const int64_t *dims, int nd,
                           size_t off)
{
    return gp_tensor(p, dt, dims, nd, (char *)p->temp + off, 0);
}

aclTensor *mc2_view(struct mc2_plan *p, const aclTensor *t, const int64_t *dims, int nd)
{
    return gp_tensor(p, t->dtype, dims, nd, t->data, t->offset);
}

aclnnStatus mc2_step(const char *op, struct mc2_plan *p, aclnnStatus rc, aclOpExecutor *const *sp)
{
    if (rc != ACLNN_SUCCESS)
        return rc;
    aclOpExecutor *s = *sp;
    if (p->nsteps == MC2_MAX_STEPS) {
        aclDestroyAclOpExecutor(s);
        return ops_err(ACLNN_ERR_INNER, "%s: too many steps", op);
    }
    p->step[p->nsteps++] = s;
    return ACLNN_SUCCESS;
}

aclnnStatus mc2_product(const char *op, struct mc2_plan *p, const aclTensor *x1,
                        const aclTensor *x2, const aclTensor *bias, const aclTensor *x3,
                        aclTensor *out)
{
    uint64_t ws = 0;
    aclOpExecutor *s = NULL;
    aclnnStatus rc = mc2_step(op, p, aclnnMatmulGetWorkspaceSize(x1, x2, out, 0, &ws, &s), &s);
    if (rc == ACLNN_SUCCESS && bias)
        rc = mc2_add(op, p, out, bias);
    if (rc == ACLNN_SUCCESS && x3)
        rc = mc2_add(op, p, out, x3);
    return rc;
}

aclnnStatus mc2_add(const char *op, struct mc2_plan *p, aclTensor *out, const aclTensor *addend)
{
    if (!p->one) {
        float one = 1.0f;
        if (!(p->one = aclCreateScalar(&one, ACL_FLOAT)))
            return ops_err(ACLNN_ERR_INNER, "%s: out of memory", op);
    }
    uint64_t ws = 0;
    aclOpExecutor *s = NULL;
    return mc2_step(op, p, aclnnInplaceAddGetWorkspaceSize(out, addend, p->one, &ws, &s), &s);
}

aclnnStatus mc2_done(struct aclOpExecutor *e, uint64_t *workspaceSize, aclOpExecutor **executor)
{
    return ops_exec_done(e, workspaceSize, executor);
}

aclnnStatus mc2_fail(struct aclOpExecutor *e, aclnnStatus rc)
{
    ops_exec_discard(e);
    return rc;
}

static aclnnStatus gp_collective(const char *op, const struct gp_hccl *f, HcclComm comm,
                                 const struct mc2_coll_args *c, aclrtStream stream)
{
    HcclResult hr;
    void *send = (void *)(uintptr_t)c->send; /* HCCL's prototypes take void * */
    switch (c->kind) {
    case MC2_ALLREDUCE:
        hr = f->all_reduce(send, c->recv, c->count, c->dtype, HCCL_REDUCE_SUM, comm, stream);
        break;
    case MC2_REDUCE_SCATTER:
        hr = f->reduce_scatter(send, c->recv, c->count, c->dtype, HCCL_REDUCE_SUM, comm, stream);
        break;
    case MC2_ALLTOALL:
        hr = f->all_to_all(send, c->count, c->dtype, c->recv, c->count, c->dtype, comm, stream);
        break;
    default:
        hr = f->all_gather(send, c->recv, c->count, c->dtype, comm, stream);
        break;
    }
    if (hr != HCCL_SUCCESS)
        return ops_err(ACLNN_ERR_RUNTIME_ERROR, "%s: HCCL refused the collective (HcclResult %d)",
                       op, (int)hr);
    return ACLNN_SUCCESS;
}

aclnnStatus mc2_launch(aclOpExecutor *e, aclrtStream stream, const char *op)
{
    if (!e)
        return ops_err(ACLNN_ERR_PARAM_NULLPTR, "%s: executor is NULL", op);
    /* acquire: pairs with the state's release stores in exec.c (a READY header built by
     * another thread is complete once seen) */
    uint32_t st = atomic_load_explicit(&e->state, memory_order_acquire);
    if (e->fini != mc2_fini || (st != EXEC_READY && st != EXEC_REPEATABLE))
        return ops_err(ACLNN_ERR_PARAM_INVALID,
                       "%s: the executor is not a live executor of an MC2 operator's first phase",
                       op);
    if (st == EXEC_REPEATABLE)
        return ops_err(ACLNN_ERR_PARAM_INVALID,
                       "%s: an MC2 executor runs once (not repeatable on cpuacl)", op);
    struct mc2_plan *p = e->plan;
    const struct gp_hccl *f = NULL;
    HcclComm comm = NULL;
    uint32_t ranks = 0;
    aclnnStatus rc = gp_find(op, p->group, &f, &comm, &ranks, NULL); /* GP2 */
    if (rc != ACLNN_SUCCESS)
        return rc;
    if (ranks != p->ranks)
        return ops_err(ACLNN_ERR_PARAM_INVALID,
                       "%s: group \"%s\" has %u ranks now, %u at the first phase", op, p->group,
                       ranks, p->ranks);
    bool queued = false;
    for (int i = 0; i <= p->nsteps && rc == ACLNN_SUCCESS; i++) {
        if (i == p->coll_at && (rc = gp_collective(op, f, comm, &p->coll, stream)) == ACLNN_SUCCESS)
            queued = true;
        if (rc == ACLNN_SUCCESS && p->has_coll2 && i == p->coll2_at &&
            (rc = gp_collective(op, f, comm, &p->coll2, stream)) == ACLNN_SUCCESS)
            queued = true;
        if (i < p->nsteps && rc == ACLNN_SUCCESS &&
            (rc = ops_launch(NULL, 0, p->step[i], stream, op)) == ACLNN_SUCCESS) {
            p->step[i] = NULL; /* the stream owns and frees it now */
            queued = true;
        }
    }
    if (!queued)
        return rc; /* nothing queued: the caller may retry or destroy the executor */
    /* GP3: the plan's release after everything queued on it */
    aclnnStatus rel = ops_launch(NULL, 0, e, stream, op);
    return rc != ACLNN_SUCCESS ? rc : rel;
}
