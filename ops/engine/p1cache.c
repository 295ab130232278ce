/* SPDX-License-Identifier: Apache-2.0 */
/*
 * The first-phase cache (engine.h, "the first-phase cache"): per thread, the
 * executor templates and elementwise plans of successful first-phase calls,
 * keyed on everything the call's result depends on.
 *
 * Measured with perf on a loop of aclnnAddGetWorkspaceSize + aclnnAdd
 * (4x2 float32, issue 16): of ~200 ns per pair, the launch itself
 * (core_launch_owned) is ~25 ns; the rest was validation (null / dims /
 * dtype / promotion / broadcast checks, ~50 ns), copying the views and
 * planning (ops_tensor_from + ew_plan_init, ~40 ns), the executor set-up
 * and the cache lines of header and plan (~700 B) the worker had read and
 * written since, each a cross-core transfer when the header came back.
 *
 * Rules:
 *  PC1. A key holds the entry point (name pointer), the caller's site word,
 *      and for each tensor argument its dtype, format, rank, offset, dims,
 *      strides and which earlier argument it is (the same aclTensor: slots
 *      share an address group), for each scalar its dtype and value bytes.
 *      Validation and planning read nothing else, so equal keys give equal
 *      results; only successes are kept (errors always run uncached).
 *  PC2. An entry's tag is unique in the process (g_tag, never reused). A
 *      header whose plan_tag equals it still holds that entry's template
 *      fields and plan: nothing writes them between (exec_free leaves them,
 *      fini is NULL for a cached executor; ops_exec_new clears the tag).
 *      A hit on such a header writes only the addresses, run, plan and the
 *      state: two or three cache lines, the plan stays shared.
 *  PC3. The cache is the calling thread's own: no atomics, no locks. It is
 *      freed when the thread exits (the executors keep nothing of it).
 */
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

#include "acl/acl.h"
#include "core/obs.h"
#include "ops/engine/engine.h"

#define KEY_WORDS (2 + OPS_P1_MAX_T * (3 + 2 * OPS_MAX_DIMS) + OPS_P1_MAX_S * 3)
#define P1_SETS 16 /* power of two */
#define P1_WAYS 2

struct p1_entry {
    uint64_t tag; /* 0 = empty (PC2) */
    uint64_t h;
    unsigned n;
    /* the executor template */
    uint16_t nin, nout, nslots, ngroups;
    int16_t slot_group[OPS_EXEC_INLINE_SLOTS];
    uint8_t group_need[OPS_EXEC_INLINE_SLOTS];
    uint8_t group_arg[OPS_EXEC_INLINE_SLOTS]; /* group -> index into the key's tensors */
    uint16_t n_ir_in, n_ir_out, ir_first[8], ir_count[8];
    const char *op;
    ops_run_fn run;
    uint32_t plan_bytes;
    _Alignas(16) unsigned char plan[sizeof(struct ew_plan)];
    uint64_t w[KEY_WORDS];
};

struct p1_cache {
    struct p1_entry e[P1_SETS][P1_WAYS];
    uint8_t mru[P1_SETS]; /* the way hit or filled last */
};

static _Atomic uint64_t g_tag;
static __thread struct p1_cache *t_cache __attribute__((tls_model("initial-exec")));
static pthread_key_t g_key;
static pthread_once_t g_once = PTHREAD_ONCE_INIT;
static bool g_key_ok;

static void cache_thread_exit(void *c)
{
    free(c);
}

static void key_make(void)
{
    g_key_ok = pthread_key_create(&g_key, cache_thread_exit) == 0;
}

static struct p1_cache *cache_get(void)
{
    if (t_cache)
        return t_cache;
    pthread_once(&g_once, key_make);
    if (!g_key_ok) /* no way to free it at thread exit: do without */
        return NULL;
    struct p1_cache *c = calloc(1, sizeof(*c));
    if (!c)
        return NULL;
    if (pthread_setspecific(g_key, c) != 0) {
        free(c);
        return NULL;
    }
    t_cache = c;
    return c;
}

enum walk { W_EQUAL, W_WRITE };

/* The set of a key, and whether it can be cached at all (every tensor and
 * scalar valid, ranks within OPS_MAX_DIMS): a hash of the entry point, the
 * site and a few words of each argument (dtype, rank, first and last
 * dimension, offset; a scalar's dtype and first value word), not of every
 * word. The hit compares every word anyway (W_EQUAL), so this only has to
 * spread the shapes one thread uses over the sets; hashing the whole key
 * as well cost about a third of a hit (perf, small aclnnAdd loop). */
static inline __attribute__((always_inline)) bool key_hash(const struct ops_p1key *k, uint64_t *h)
{
    uint64_t acc = (uint64_t)(uintptr_t)k->op * 0x9E3779B97F4A7C15ull ^ k->site;
    for (unsigned j = 0; j < k->nt; j++) {
        const aclTensor *t = k->t[j];
        uint64_t v = 0;
        if (t) {
            if (t->magic != OPS_MAGIC_TENSOR || t->ndim > OPS_MAX_DIMS)
                return false;
            uint32_t nd = t->ndim;
            v = (uint64_t)(uint32_t)t->dtype << 40 ^ (uint64_t)nd << 32 ^ (uint64_t)t->offset;
            if (nd)
                v ^= (uint64_t)t->dims[0] * 0xFF51AFD7ED558CCDull ^ (uint64_t)t->dims[nd - 1] << 17;
        }
        acc = (acc ^ v) * 0xC4CEB9FE1A85EC53ull;
    }
    for (unsigned j = 0; j < k->ns; j++) {
        const aclScalar *sc = k->s[j];
        uint64_t v = 0;
        if (sc) {
            if (sc->magic != OPS_MAGIC_SCALAR)
                return false;
            v = (uint64_t)(uint32_t)sc->dtype << 48 ^ sc->v.u64;
        }
        acc = (acc ^ v) * 0xC4CEB9FE1A85EC53ull;
    }
    *h = acc ^ acc >> 31;
    return true;
}

/* One pass over the key's words (PC1), read in place from the arguments:
 * W_EQUAL compares them with w[0..n) (true when equal), W_WRITE stores them
 * into w and sets *np; the arguments were checked by key_hash. With the mode
 * a constant, each use compiles to its own loop; W_EQUAL stores nothing to
 * memory, which matters: a hit issues few stores, so the stores still
 * draining from the previous launch (ring lines the worker reads) do not fill
 * the store queue and stall the caller. */
static inline __attribute__((always_inline)) bool walk(const struct ops_p1key *k, enum walk mode,
                                                         uint64_t *w, unsigned *np)
{
    unsigned i = 0;
#define WORD(v)                                                                                        do {                                                                                                   uint64_t v_ = (v);                                                                                 if (mode == W_EQUAL && (i >= *np || w[i] != v_))                                                  return false;                                                                                  else if (mode == W_WRITE)                                                                              w[i] = v_;                                                                                     i++;                                                                                           } while (0)
    WORD((uint64_t)(uintptr_t)k->op);
    WORD(k->site);
    for (unsigned j = 0; j < k->nt; j++) {
        const aclTensor *t = k->t[j];
        if (!t) {
            WORD(0);
            continue;
        }
        uint64_t alias = 0;
        for (unsigned q = 0; q < j; q++)
            if (k->t[q] == t) {
                alias = q + 1;
                break;
            }
        uint32_t nd = t->ndim;
        WORD((uint64_t)(uint32_t)t->dtype | (uint64_t)(uint32_t)t->format << 32);
        WORD((uint64_t)nd | alias << 8 | 1u << 16);
        WORD((uint64_t)t->offset);
        for (uint32_t d = 0; d < nd; d++) {
            WORD((uint64_t)t->dims[d]);
            WORD((uint64_t)t->strides[d]);
        }
    }
    for (unsigned j = 0; j < k->ns; j++) {
        const aclScalar *sc = k->s[j];
        if (!sc) {
            WORD(0);
            continue;
        }
        uint64_t v[2];
        memcpy(v, sc->v.bytes, sizeof(v));
        WORD((uint64_t)(uint32_t)sc->dtype | 1ull << 32);
        WORD(v[0]);
        WORD(v[1]);
    }
#undef WORD
    if (mode == W_EQUAL)
        return i == *np;
    if (mode == W_WRITE)
        *np = i;
    return true;
}

static inline unsigned set_of(uint64_t h)
{
    return (unsigned)(h >> 40) & (P1_SETS - 1);
}

bool ops_p1_hit(const struct ops_p1key *k, uint64_t *workspaceSize, aclOpExecutor **executor)
{
    struct p1_cache *c = t_cache;
    uint64_t h;
    if (!c || __builtin_expect(core_obs_active(), 0) || k->nt > OPS_P1_MAX_T ||
        k->ns > OPS_P1_MAX_S || !key_hash(k, &h))
        return false;
    unsigned set = set_of(h);
    struct p1_entry *ent = NULL;
    for (unsigned w = 0; w < P1_WAYS; w++) {
        struct p1_entry *x = &c->e[set][w];
        if (x->tag && x->h == h && walk(k, W_EQUAL, x->w, &x->n)) {
            ent = x;
            if (c->mru[set] != w)
                c->mru[set] = (uint8_t)w;
            break;
        }
    }
    if (!ent)
        return false;
    struct aclOpExecutor *e = ops_exec_header();
    if (!e)
        return false; /* the uncached path reports it */
    if (e->plan_tag != ent->tag) { /* PC2: write the template and the plan */
        e->nin = ent->nin;
        e->nout = ent->nout;
        e->nslots = ent->nslots;
        e->ngroups = ent->ngroups;
        e->fini = NULL;
        e->addr = e->addr_inline;
        e->slot_group = e->slot_group_inline;
        e->group_need = e->group_need_inline;
        e->group_src = e->group_src_inline;
        e->op = ent->op;
        memcpy(e->slot_group_inline, ent->slot_group, sizeof(ent->slot_group));
        memcpy(e->group_need_inline, ent->group_need, sizeof(ent->group_need));
        e->n_ir_in = ent->n_ir_in;
        e->n_ir_out = ent->n_ir_out;
        memcpy(e->ir_first, ent->ir_first, sizeof(ent->ir_first));
        memcpy(e->ir_count, ent->ir_count, sizeof(ent->ir_count));
        e->obs = NULL;
        memcpy(e->plan_inline, ent->plan, ent->plan_bytes);
        struct ew_plan *pl = (struct ew_plan *)(void *)e->plan_inline;
        pl->op = pl->op_inline;
        e->plan_tag = ent->tag;
    }
    e->gen++;
    e->run = ent->run;
    e->plan = e->plan_inline;
    for (unsigned g = 0; g < ent->ngroups; g++) {
        const aclTensor *t = k->t[ent->group_arg[g]];
        e->addr_inline[g] = t->data;
        e->group_src_inline[g] = t;
    }
    ops_exec_make_ready(e);
    *workspaceSize = 0;
    *executor = e;
    return true;
}

aclnnStatus ops_p1_keep(const struct ops_p1key *k, aclnnStatus rc, aclOpExecutor *const *executor)
{
    uint64_t h;
    if (rc != ACLNN_SUCCESS || __builtin_expect(core_obs_active(), 0) || k->nt > OPS_P1_MAX_T ||
        k->ns > OPS_P1_MAX_S || !key_hash(k, &h))
        return rc;
    struct aclOpExecutor *e = *executor;
    /* Only an ew_plan held inline, with its operands inline, and inline slots. */
    if (!e || e->obs || e->fini != ew_exec_fini || e->plan != (void *)e->plan_inline)
        return rc;
    const struct ew_plan *pl = e->plan;
    if (pl->op != pl->op_inline || pl->nops > 1 + EW_MAX_IN || e->nslots != e->nin + e->nout ||
        e->nslots > OPS_EXEC_INLINE_SLOTS || e->slot_group != e->slot_group_inline)
        return rc;
    uint8_t arg[OPS_EXEC_INLINE_SLOTS];
    for (unsigned g = 0; g < e->ngroups; g++) {
        unsigned i = 0;
        while (i < k->nt && (const void *)k->t[i] != e->group_src[g])
            i++;
        if (i == k->nt)
            return rc;
        arg[g] = (uint8_t)i;
    }
    struct p1_cache *c = cache_get();
    if (!c)
        return rc;
    unsigned set = set_of(h), w = 0;
    while (w < P1_WAYS && c->e[set][w].tag)
        w++;
    if (w == P1_WAYS) /* full: replace the way not used last */
        w = (c->mru[set] + 1) % P1_WAYS;
    c->mru[set] = (uint8_t)w;
    struct p1_entry *ent = &c->e[set][w];
    ent->h = h;
    walk(k, W_WRITE, ent->w, &ent->n);
    ent->nin = e->nin;
    ent->nout = e->nout;
    ent->nslots = e->nslots;
    ent->ngroups = e->ngroups;
    memcpy(ent->slot_group, e->slot_group_inline, sizeof(ent->slot_group));
    memcpy(ent->group_need, e->group_need_inline, sizeof(ent->group_need));
    memcpy(ent->group_arg, arg, sizeof(arg));
    ent->n_ir_in = e->n_ir_in;
    ent->n_ir_out = e->n_ir_out;
    memcpy(ent->ir_first, e->ir_first, sizeof(ent->ir_first));
    memcpy(ent->ir_count, e->ir_count, sizeof(ent->ir_count));
    ent->op = e->op;
    ent->run = e->run;
    ent->plan_bytes = (uint32_t)(offsetof(struct ew_plan, op_inline) +
                                 (size_t)pl->nops * sizeof(struct ew_operand));
    memcpy(ent->plan, pl, ent->plan_bytes);
    /* relaxed: the counter only has to hand out distinct values (PC2) */
    ent->tag = atomic_fetch_add_explicit(&g_tag, 1, memory_order_relaxed) + 1;
    /* This executor now holds the entry's template and plan: its fini only
     * cleared the inline plan's operand pointer, which PC2 needs intact. */
    e->fini = NULL;
    e->plan_tag = ent->tag;
    return rc;
}
