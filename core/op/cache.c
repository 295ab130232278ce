/* SPDX-License-Identifier: Apache-2.0 */
/*
 * The plan cache (core/op/exec.h): the plans of the operator instances run
 * so far, looked up by every aclopExecuteV2 (and aclopCompile, the handle
 * calls) so that an instance is checked and planned by the provider once.
 *
 *  - Keys: the instance flattened to 64-bit words: the op type, the counts,
 *    each input's dtype, format, dims and fixed value (const, or
 *    host-placed: its bytes), each output's dtype, format and dims, then
 *    every attribute (name, type, values) in name order. The provider's
 *    prepare reads nothing else, so equal keys give equal plans. A hit
 *    compares the whole key, not only its hash.
 *  - Lookups take no lock: a liburcu lock-free hash table (cds_lfht,
 *    the urcu-memb flavour core uses for events), read under
 *    urcu_memb_read_lock. A hit takes a reference on the plan before the
 *    read section ends.
 *  - Inserts and evictions take g_fill (misses only): the plans in
 *    insertion order (FIFO); beyond the bound (aclopSetMaxOpQueueNum,
 *    20000 by default) the oldest is unlinked and its cache reference
 *    dropped by call_rcu, after every reader that could have found it
 *    took its own reference. A plan is freed by its last reference: a
 *    queued or captured task keeps an evicted plan alive.
 *  - Plans stay cached until evicted (aclFinalize keeps them: they are
 *    host objects of the operator types, valid for any device).
 *  - The memo: in front of the table, each thread keeps a memo of the plans it
 *    used last (MEMO_SLOTS, direct-mapped by hash), each slot holding a
 *    batch of references (credits) of its plan: a repeated instance is
 *    found, and its reference taken, without an atomic operation or a
 *    read section, so threads running the same instance do not share a
 *    written cache line. A memo may keep an evicted plan alive (and
 *    running: plans are immutable) until its slot is reused or the
 *    thread exits.
 */
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

#include <urcu/urcu-memb.h>
/* the flavour first: rculfhash.h needs it */
#include <urcu/rculfhash.h>

#include "core/err.h"
#include "core/op/attr.h"
#include "core/op/exec.h"
#include "core/runtime/fault.h"
#include "core/runtime/runtime.h"
#include "core/runtime/tensor_desc.h"

#define KEY_INLINE 256 /* words on the stack; longer keys go to the heap */
#define NO_VALUE 0x6e6f76616c7565ull
#define ABSENT 0x616273656e74ull

/* ---- keys ---------------------------------------------------------------- */

struct key {
    uint64_t *w;
    size_t n, cap;
    bool failed; /* out of memory */
    uint64_t in[KEY_INLINE];
};

static void key_grow(struct key *k, size_t more)
{
    size_t cap = k->cap * 2 > k->n + more ? k->cap * 2 : k->n + more;
    uint64_t *w = k->w == k->in ? core_malloc(cap * 8) : core_realloc(k->w, cap * 8);
    if (!w) {
        k->failed = true;
        return;
    }
    if (k->w == k->in)
        memcpy(w, k->in, k->n * 8);
    k->w = w;
    k->cap = cap;
}

static inline void put(struct key *k, uint64_t v)
{
    if (__builtin_expect(k->n == k->cap, 0)) {
        key_grow(k, 1);
        if (k->failed)
            return;
    }
    k->w[k->n++] = v;
}

/* len, then the bytes zero-padded to words. */
static void put_bytes(struct key *k, const void *p, size_t len)
{
    size_t words = (len + 7) / 8;
    put(k, len);
    if (k->n + words > k->cap)
        key_grow(k, words);
    if (k->failed)
        return;
    if (words) {
        k->w[k->n + words - 1] = 0;
        memcpy(&k->w[k->n], p, len);
    }
    k->n += words;
}

static void put_str(struct key *k, const char *s)
{
    put_bytes(k, s, strlen(s));
}

static void put_desc(struct key *k, const aclTensorDesc *d)
{
    size_t nd = core_tdesc_rank(d);
    put(k, (uint32_t)core_tdesc_type(d) | (uint64_t)(uint32_t)core_tdesc_format(d) << 32);
    put(k, nd);
    for (size_t i = 0; i < nd; i++)
        put(k, (uint64_t)core_tdesc_dim(d, i));
}

static void put_attr(struct key *k, const struct core_op_attr_value *v)
{
    put(k, (uint64_t)v->type << 32 | (uint32_t)v->n);
    switch (v->type) {
    case CORE_OP_ATTR_BOOL:
        put(k, v->u.b);
        break;
    case CORE_OP_ATTR_INT:
        put(k, (uint64_t)v->u.i);
        break;
    case CORE_OP_ATTR_FLOAT:
        put_bytes(k, &v->u.f, sizeof(v->u.f));
        break;
    case CORE_OP_ATTR_DTYPE:
        put(k, (uint32_t)v->u.dt);
        break;
    case CORE_OP_ATTR_STRING:
        put_str(k, v->u.s);
        break;
    case CORE_OP_ATTR_LIST_BOOL:
        put_bytes(k, v->u.bools, v->n * sizeof(bool));
        break;
    case CORE_OP_ATTR_LIST_INT:
        put_bytes(k, v->u.ints, v->n * sizeof(int64_t));
        break;
    case CORE_OP_ATTR_LIST_FLOAT:
        put_bytes(k, v->u.floats, v->n * sizeof(float));
        break;
    case CORE_OP_ATTR_LIST_DTYPE:
        put_bytes(k, v->u.dts, v->n * sizeof(aclDataType));
        break;
    case CORE_OP_ATTR_LIST_STRING:
        for (size_t i = 0; i < v->n; i++)
            put_str(k, v->u.strs[i]);
        break;
    case CORE_OP_ATTR_LIST_LIST_INT:
        for (size_t i = 0; i < v->n; i++) {
            const int64_t *row;
            size_t len = core_op_attr_row(v, i, &row);
            put_bytes(k, row, len * sizeof(int64_t));
        }
        break;
    }
}

static void key_build(struct key *k, const struct core_op_call *c)
{
    k->w = k->in;
    k->n = 0;
    k->cap = KEY_INLINE;
    k->failed = false;
    put(k, (uint64_t)(uint32_t)c->nin << 32 | (uint32_t)c->nout);
    put_str(k, c->type);
    for (int i = 0; i < c->nin; i++) {
        if (core_op_absent(c, i)) {
            put(k, ABSENT);
            continue;
        }
        put_desc(k, c->in_desc[i]);
        size_t len = 0;
        const void *v = core_op_input_value(c, i, &len);
        if (v)
            put_bytes(k, v, len);
        else
            put(k, NO_VALUE);
    }
    for (int i = 0; i < c->nout; i++)
        put_desc(k, c->out_desc[i]);
    size_t na = core_op_attr_count(c->attr);
    put(k, na);
    for (size_t i = 0; i < na; i++) {
        put_str(k, core_op_attr_name(c->attr, i));
        put_attr(k, core_op_attr_at(c->attr, i));
    }
}

static void key_free(struct key *k)
{
    if (k->w != k->in)
        free(k->w);
}

/* Two independent lanes (even and odd words) so that the multiplications
 * overlap, then a final mix: a few cycles a word on the hit path. */
static uint64_t key_hash(const struct key *k)
{
    uint64_t a = 0x243f6a8885a308d3ull ^ k->n, b = 0x13198a2e03707344ull;
    size_t i = 0;
    for (; i + 1 < k->n; i += 2) {
        a = (a ^ k->w[i]) * 0x9e3779b97f4a7c15ull;
        b = (b ^ k->w[i + 1]) * 0xc2b2ae3d27d4eb4full;
        a ^= a >> 29;
        b ^= b >> 31;
    }
    if (i < k->n)
        a = (a ^ k->w[i]) * 0x9e3779b97f4a7c15ull;
    uint64_t h = (a ^ (b >> 17) ^ (b << 47)) * 0xff51afd7ed558ccdull;
    return h ^ (h >> 33);
}

/* ---- entries ------------------------------------------------------------------- */

struct entry {
    struct cds_lfht_node node;
    struct rcu_head rcu;
    struct core_op_plan p;
};

static int match(struct cds_lfht_node *node, const void *arg)
{
    const struct key *k = arg;
    const struct entry *e = caa_container_of(node, struct entry, node);
    return e->p.nkey == k->n && !memcmp(e->p.key, k->w, k->n * 8);
}

/* Drop n references of p. */
static void plan_put_n(struct core_op_plan *p, uint32_t n)
{
    /* acq_rel: the last reference sees every use of the plan (the runs of
     * the tasks that held it) before it frees it. */
    if (atomic_fetch_sub_explicit(&p->refs, n, memory_order_acq_rel) != n)
        return;
    p->prov->release(p->plan);
    free(caa_container_of(p, struct entry, p));
}

void core_op_plan_put(struct core_op_plan *p)
{
    plan_put_n(p, 1);
}

static void put_rcu(struct rcu_head *head)
{
    core_op_plan_put(&caa_container_of(head, struct entry, rcu)->p);
}

/* A new entry for c's plan (its key k), refs 2: the cache's and the caller's. */
static struct entry *entry_new(const struct core_op_call *c, const struct key *k, uint64_t h,
                               const struct core_op_provider *prov, void *plan)
{
    uint32_t n = (uint32_t)c->nin + (uint32_t)c->nout;
    size_t vals = 0;
    for (int i = 0; i < c->nin; i++) {
        size_t len = 0;
        if (!core_op_absent(c, i) && core_op_input_value(c, i, &len))
            vals += (len + 15) & ~(size_t)15;
    }
    size_t size = sizeof(struct entry) + n * sizeof(size_t) + c->nin * sizeof(void *) + k->n * 8;
    size = (size + 15) & ~(size_t)15;
    struct entry *e = core_aligned_alloc(16, (size + vals + 15) & ~(size_t)15);
    if (!e)
        return NULL;
    struct core_op_plan *p = &e->p;
    p->nin = (uint32_t)c->nin;
    p->nout = (uint32_t)c->nout;
    p->prov = prov;
    p->plan = plan;
    p->need = (size_t *)(e + 1);
    p->fixed = (const void **)(p->need + n);
    p->key = (uint64_t *)(p->fixed + c->nin);
    p->nkey = k->n;
    p->hash = h;
    p->fifo_next = NULL;
    memcpy(p->key, k->w, k->n * 8);
    unsigned char *at = (unsigned char *)e + size;
    for (int i = 0; i < c->nin; i++) {
        size_t len = 0;
        const void *v = core_op_absent(c, i) ? NULL : core_op_input_value(c, i, &len);
        p->fixed[i] = NULL;
        p->need[i] = 0;
        if (v) {
            memcpy(at, v, len);
            p->fixed[i] = at;
            at += (len + 15) & ~(size_t)15;
        } else if (!core_op_absent(c, i)) {
            p->need[i] = core_tdesc_bytes(c->in_desc[i]);
        }
    }
    for (int i = 0; i < c->nout; i++)
        p->need[c->nin + i] = core_tdesc_bytes(c->out_desc[i]);
    /* relaxed: published to other threads by the table's insert (release) */
    atomic_store_explicit(&p->refs, 2, memory_order_relaxed);
    return e;
}

/* ---- the thread's memo -------------------------------------------------------- */

#define MEMO_SLOTS 16 /* power of two */
#define CREDITS 64

struct memo_slot {
    struct core_op_plan *p; /* NULL: empty */
    uint32_t credits;       /* references of p this slot holds, >= 1 while p is set */
};

static __thread struct memo_slot t_memo[MEMO_SLOTS] __attribute__((tls_model("initial-exec")));

/* Put p (a reference of the caller's keeps it alive) in slot m with fresh credits,
 * dropping the credits of the plan m held. */
static void memo_install(struct memo_slot *m, struct core_op_plan *p)
{
    core_op_thread_note();
    /* relaxed: the caller's reference keeps p alive; nothing is published */
    atomic_fetch_add_explicit(&p->refs, CREDITS, memory_order_relaxed);
    struct core_op_plan *old = m->p;
    uint32_t oldc = m->credits;
    m->p = p;
    m->credits = CREDITS;
    if (old)
        plan_put_n(old, oldc);
}

void core_op_memo_exit(void)
{
    for (unsigned i = 0; i < MEMO_SLOTS; i++)
        if (t_memo[i].p) {
            plan_put_n(t_memo[i].p, t_memo[i].credits);
            t_memo[i].p = NULL;
        }
}

/* ---- the table ---------------------------------------------------------------- */

static struct cds_lfht *g_ht;
static pthread_once_t g_ht_once = PTHREAD_ONCE_INIT;
static pthread_mutex_t g_fill = PTHREAD_MUTEX_INITIALIZER;
static struct entry *g_head, *g_tail; /* FIFO, g_fill */
static size_t g_count;                /* entries in the table, g_fill */
static _Atomic size_t g_count_hint;   /* g_count for readers without g_fill */
static uint64_t g_bound = 20000;      /* g_fill */

static void ht_init(void)
{
    g_ht = cds_lfht_new_flavor(1024, 1024, 0, CDS_LFHT_AUTO_RESIZE | CDS_LFHT_ACCOUNTING,
                               &urcu_memb_flavor, NULL);
}

/* g_fill held, in a read section: unlink the oldest plans beyond the bound. */
static void evict_locked(void)
{
    while (g_count > g_bound && g_head) {
        struct entry *e = g_head;
        g_head = e->p.fifo_next ? caa_container_of(e->p.fifo_next, struct entry, p) : NULL;
        if (!g_head)
            g_tail = NULL;
        cds_lfht_del(g_ht, &e->node);
        g_count--;
        urcu_memb_call_rcu(&e->rcu, put_rcu);
    }
    /* relaxed: a statistic (A2) */
    atomic_store_explicit(&g_count_hint, g_count, memory_order_relaxed);
}

void core_op_cache_bound(uint64_t max)
{
    pthread_once(&g_ht_once, ht_init);
    core_rcu_thread_online();
    pthread_mutex_lock(&g_fill);
    g_bound = max;
    if (g_ht) {
        urcu_memb_read_lock();
        evict_locked();
        urcu_memb_read_unlock();
    }
    pthread_mutex_unlock(&g_fill);
}

size_t core_op_cache_size(void)
{
    return atomic_load_explicit(&g_count_hint, memory_order_relaxed); /* relaxed: A2 */
}

/* The miss: prepare, then insert (or take the plan another thread inserted). */
static aclError miss(const struct core_op_call *c, const struct key *k, uint64_t h,
                     const struct core_op_provider *prov, struct core_op_plan **out)
{
    struct core_op_val inl[16];
    size_t n = (size_t)c->nin + (size_t)c->nout;
    struct core_op_val *vals = n <= 16 ? inl : core_malloc(n * sizeof(*vals));
    if (!vals)
        return core_err(ACL_ERROR_BAD_ALLOC, "%s: out of memory", c->fn);
    core_op_vals(c, vals);
    void *plan = NULL;
    aclError rc = prov->prepare(c->type, (uint32_t)c->nin, vals, (uint32_t)c->nout, vals + c->nin,
                                c->attr, CORE_OP_EXECUTE, &plan, c->fn);
    if (vals != inl)
        free(vals);
    if (rc != ACL_SUCCESS)
        return rc;
    struct entry *e = entry_new(c, k, h, prov, plan);
    if (!e) {
        prov->release(plan);
        return core_err(ACL_ERROR_BAD_ALLOC, "%s: out of memory", c->fn);
    }
    pthread_mutex_lock(&g_fill);
    urcu_memb_read_lock();
    struct cds_lfht_node *got = cds_lfht_add_unique(g_ht, h, match, k, &e->node);
    if (got != &e->node) { /* inserted by another thread meanwhile */
        struct entry *o = caa_container_of(got, struct entry, node);
        /* relaxed: the cache's reference keeps o alive in this read section */
        atomic_fetch_add_explicit(&o->p.refs, 1, memory_order_relaxed);
        urcu_memb_read_unlock();
        pthread_mutex_unlock(&g_fill);
        prov->release(plan);
        free(e);
        *out = &o->p;
        return ACL_SUCCESS;
    }
    if (g_tail)
        g_tail->p.fifo_next = &e->p;
    else
        g_head = e;
    g_tail = e;
    g_count++;
    evict_locked();
    urcu_memb_read_unlock();
    pthread_mutex_unlock(&g_fill);
    *out = &e->p;
    return ACL_SUCCESS;
}

aclError core_op_plan_get(const struct core_op_call *c, struct core_op_plan **out)
{
    const struct core_op_provider *prov = core_op_provider();
    if (__builtin_expect(!prov, 0))
        return core_err(ACL_ERROR_OP_TYPE_NOT_MATCH,
                        "%s: operator type %s: this build has no operator types (no provider "
                        "installed)",
                        c->fn, c->type);
    pthread_once(&g_ht_once, ht_init);
    if (__builtin_expect(!g_ht, 0))
        return core_err(ACL_ERROR_BAD_ALLOC, "%s: out of memory for the plan cache", c->fn);
    struct key k;
    key_build(&k, c);
    if (k.failed) {
        key_free(&k);
        return core_err(ACL_ERROR_BAD_ALLOC, "%s: out of memory", c->fn);
    }
    uint64_t h = key_hash(&k);
    struct memo_slot *m = &t_memo[h & (MEMO_SLOTS - 1)];
    struct core_op_plan *p = m->p;
    if (__builtin_expect(p && p->hash == h && p->nkey == k.n && !memcmp(p->key, k.w, k.n * 8), 1)) {
        if (m->credits == 1) { /* keep one: the slot's own hold on p */
            /* relaxed: that held reference keeps p alive */
            atomic_fetch_add_explicit(&p->refs, CREDITS, memory_order_relaxed);
            m->credits += CREDITS;
        }
        m->credits--; /* handed to the caller */
        key_free(&k);
        *out = p;
        return ACL_SUCCESS;
    }
    core_rcu_thread_online();
    urcu_memb_read_lock();
    struct cds_lfht_iter it;
    cds_lfht_lookup(g_ht, h, match, &k, &it);
    struct cds_lfht_node *node = cds_lfht_iter_get_node(&it);
    aclError rc = ACL_SUCCESS;
    if (node) {
        p = &caa_container_of(node, struct entry, node)->p;
        /* relaxed: the cache's reference keeps p alive in this read section
         * (inserts, above); the plan's fields were published by the insert. */
        atomic_fetch_add_explicit(&p->refs, 1, memory_order_relaxed);
        urcu_memb_read_unlock();
    } else {
        urcu_memb_read_unlock();
        rc = miss(c, &k, h, prov, &p);
    }
    key_free(&k);
    if (rc == ACL_SUCCESS) {
        memo_install(m, p);
        *out = p;
    }
    return rc;
}
