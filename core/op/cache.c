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
 *  - The next plan: the memo remembers which slot this thread used last and,
 *    for each slot, which one it used after it; core_op_plan_last compares an
 *    instance with the plan of the slot that followed the last one as the key
 *    is walked (key_walk in its comparing mode): a repeated call, or a call of
 *    a repeated sequence, neither writes nor hashes its key. Only contents are
 *    compared, never the addresses of descriptions or sets, so one changed, or
 *    destroyed and made again at the same address, differs like any other
 *    instance.
 */
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

#include <urcu/urcu-memb.h>
/* the flavour first: rculfhash.h needs it */
#include <urcu/rculfhash.h>

#include "base/barrier.h"
#include "core/err.h"
#include "core/op/attr.h"
#include "core/op/exec.h"
#include "core/runtime/fault.h"
#include "core/runtime/runtime.h"
#include "core/runtime/tensor_desc.h"

/* The table publishes an entry with liburcu's barriers (rcu_assign_pointer,
 * rcu_dereference) and hands an evicted one to call_rcu's thread, neither of
 * which TSan models: under TSan the insert and each match, the eviction and
 * its callback say it (happens-before from one to the other: base/barrier.h).
 * Nothing in other builds. */

#define KEY_INLINE 256 /* words on the stack; longer keys go to the heap */
#define NO_VALUE 0x6e6f76616c7565ull
#define ABSENT 0x616273656e74ull

/* ---- keys ---------------------------------------------------------------- */

struct key {
    uint64_t *w;
    size_t n, cap;
    uint64_t h;  /* the running hash of w[0, n) (key_hash finishes it) */
    bool failed; /* out of memory */
    uint64_t in[KEY_INLINE];
};

/* A stored key compared with an instance as the instance is walked
 * (key_matches): nothing is written or hashed. */
struct key_cmp {
    const uint64_t *ref;
    size_t n, nref;
    uint64_t diff; /* nonzero: a word differed, or the walk ran past nref */
};

/* The walk (put ... key_walk) either writes a key (k) or compares one (v):
 * exactly one of the two is non-NULL, a constant at each of the two callers.
 * Always inlined, so each mode is code of its own without the other's
 * branches, and the key's layout has one definition for both. */
#define WALK static inline __attribute__((always_inline))

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

WALK void put(struct key *k, struct key_cmp *v, uint64_t x)
{
    if (v) {
        /* past the stored key: differs (and ref is not read there) */
        v->diff |= v->n < v->nref ? v->ref[v->n] ^ x : 1;
        v->n++;
        return;
    }
    if (__builtin_expect(k->n == k->cap, 0)) {
        key_grow(k, 1);
        if (k->failed)
            return;
    }
    k->w[k->n++] = x;
    /* hashed as it is written: the multiplications overlap the loads of the
     * descriptions instead of forming a chain of their own afterwards */
    k->h = (k->h ^ x) * 0x9e3779b97f4a7c15ull;
    k->h ^= k->h >> 29;
}

/* len, then the bytes in words (the last zero-padded), each stored whole: a
 * word written in pieces and read whole at once stalls the hash's loads. */
WALK void put_bytes(struct key *k, struct key_cmp *v, const void *p, size_t len)
{
    const unsigned char *b = p;
    put(k, v, len);
    for (; len >= 8; len -= 8, b += 8) {
        uint64_t w;
        memcpy(&w, b, 8);
        put(k, v, w);
    }
    if (len) { /* assembled in a register: no store of bytes read back whole */
        uint64_t w = 0;
        for (size_t i = 0; i < len; i++)
            w |= (uint64_t)b[i] << (8 * i);
        put(k, v, w);
    }
}

WALK void put_str(struct key *k, struct key_cmp *v, const char *s)
{
    put_bytes(k, v, s, strlen(s));
}

WALK void put_desc(struct key *k, struct key_cmp *v, const aclTensorDesc *d)
{
    size_t nd = core_tdesc_rank(d);
    put(k, v, (uint32_t)core_tdesc_type(d) | (uint64_t)(uint32_t)core_tdesc_format(d) << 32);
    put(k, v, nd);
    for (size_t i = 0; i < nd; i++)
        put(k, v, (uint64_t)core_tdesc_dim(d, i));
}

WALK void put_attr(struct key *k, struct key_cmp *v, const struct core_op_attr_value *a)
{
    put(k, v, (uint64_t)a->type << 32 | (uint32_t)a->n);
    switch (a->type) {
    case CORE_OP_ATTR_BOOL:
        put(k, v, a->u.b);
        break;
    case CORE_OP_ATTR_INT:
        put(k, v, (uint64_t)a->u.i);
        break;
    case CORE_OP_ATTR_FLOAT:
        put_bytes(k, v, &a->u.f, sizeof(a->u.f));
        break;
    case CORE_OP_ATTR_DTYPE:
        put(k, v, (uint32_t)a->u.dt);
        break;
    case CORE_OP_ATTR_STRING:
        put_str(k, v, a->u.s);
        break;
    case CORE_OP_ATTR_LIST_BOOL:
    case CORE_OP_ATTR_LIST_INT:
    case CORE_OP_ATTR_LIST_FLOAT:
    case CORE_OP_ATTR_LIST_DTYPE: {
        /* one array each, whatever its element type (the union's pointers) */
        size_t size = a->type == CORE_OP_ATTR_LIST_BOOL    ? sizeof(bool)
                      : a->type == CORE_OP_ATTR_LIST_INT   ? sizeof(int64_t)
                      : a->type == CORE_OP_ATTR_LIST_FLOAT ? sizeof(float)
                                                           : sizeof(aclDataType);
        put_bytes(k, v, a->u.ints, a->n * size);
        break;
    }
    case CORE_OP_ATTR_LIST_STRING:
        for (size_t i = 0; i < a->n; i++)
            put_str(k, v, a->u.strs[i]);
        break;
    case CORE_OP_ATTR_LIST_LIST_INT:
        for (size_t i = 0; i < a->n; i++) {
            const int64_t *row;
            size_t len = core_op_attr_row(a, i, &row);
            put_bytes(k, v, row, len * sizeof(int64_t));
        }
        break;
    }
}

/* c's key into k, or compared with v's; a comparison stops at the first
 * tensor or attribute that differs (the rest would only add to diff). */
WALK void key_walk(struct key *k, struct key_cmp *v, const struct core_op_call *c)
{
#define DIFFERS (v && v->diff)
    put(k, v, (uint64_t)(uint32_t)c->nin << 32 | (uint32_t)c->nout);
    put_str(k, v, c->type);
    for (int i = 0; i < c->nin; i++) {
        if (DIFFERS)
            return;
        if (core_op_absent(c, i)) {
            put(k, v, ABSENT);
            continue;
        }
        put_desc(k, v, c->in_desc[i]);
        size_t len = 0;
        const void *val = core_op_input_value(c, i, &len);
        if (val)
            put_bytes(k, v, val, len);
        else
            put(k, v, NO_VALUE);
    }
    for (int i = 0; i < c->nout; i++) {
        if (DIFFERS)
            return;
        put_desc(k, v, c->out_desc[i]);
    }
    size_t na = core_op_attr_count(c->attr);
    put(k, v, na);
    for (size_t i = 0; i < na; i++) {
        if (DIFFERS)
            return;
        put_str(k, v, core_op_attr_name(c->attr, i));
        put_attr(k, v, core_op_attr_at(c->attr, i));
    }
#undef DIFFERS
}

static void key_build(struct key *k, const struct core_op_call *c)
{
    k->w = k->in;
    k->n = 0;
    k->cap = KEY_INLINE;
    k->h = 0x243f6a8885a308d3ull;
    k->failed = false;
    key_walk(k, NULL, c);
}

/* Whether c's key is the n words at ref, without building it. */
static bool key_matches(const struct core_op_call *c, const uint64_t *ref, size_t n)
{
    struct key_cmp v = {.ref = ref, .n = 0, .nref = n, .diff = 0};
    key_walk(NULL, &v, c);
    return !v.diff && v.n == n;
}

static void key_free(struct key *k)
{
    if (k->w != k->in)
        free(k->w);
}

static uint64_t key_hash(const struct key *k)
{
    uint64_t h = (k->h ^ k->n) * 0xff51afd7ed558ccdull;
    return h ^ (h >> 33);
}

/* Whether the n words at a and b are equal (short keys: no call). */
static inline bool words_equal(const uint64_t *a, const uint64_t *b, size_t n)
{
    uint64_t diff = 0;
    for (size_t i = 0; i < n; i++)
        diff |= a[i] ^ b[i];
    return !diff;
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
    BASE_TSAN_ACQUIRE(e); /* what the insert published (BASE_TSAN_RELEASE in miss) */
    return e->p.nkey == k->n && words_equal(e->p.key, k->w, k->n);
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
    struct entry *e = caa_container_of(head, struct entry, rcu);
    BASE_TSAN_ACQUIRE(e); /* the evicting thread's accesses (BASE_TSAN_RELEASE in evict_locked) */
    core_op_plan_put(&e->p);
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
    /* 64: the plan's reference count has a cache line of its own */
    struct entry *e = core_aligned_alloc(64, (size + vals + 63) & ~(size_t)63);
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
    p->empty = core_op_outputs_empty(c);
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
    /* relaxed: published by the insert (the table's publication) */
    atomic_store_explicit(&p->refs, 2, memory_order_relaxed);
    return e;
}

/* ---- the thread's memo -------------------------------------------------------- */

#define MEMO_SLOTS 16 /* power of two */
#define CREDITS 64

struct memo_slot {
    struct core_op_plan *p; /* NULL: empty */
    uint32_t credits;       /* references of p this slot holds, >= 1 while p is set */
    uint32_t next;          /* the slot the thread used after this one, last time */
};

/* The thread's slots, and the order it used them in: the slot used last, and for each slot
 * the one used after it (a hint: core_op_plan_last compares its plan with an instance before
 * anything is hashed, so an instance repeated, or a cycle of up to MEMO_SLOTS instances, as
 * a model's operators, is found without its key). */
struct memo {
    struct memo_slot slot[MEMO_SLOTS];
    uint32_t last;
};

/* The thread used slot j now (after memo->last). */
static inline void memo_used(struct memo *memo, uint32_t j)
{
    memo->slot[memo->last].next = j;
    memo->last = j;
}

/* The memo is a heap block per thread, made on first install and freed at thread exit
 * (core_op_memo_exit): only the pointer is TLS, so the library's static TLS stays small
 * enough for dlopen (core/runtime/thread_cold.h). */
static __thread struct memo *t_memo __attribute__((tls_model("initial-exec")));

/* This thread's slots, made if need be; NULL when out of memory (no memo then). */
static struct memo_slot *memo_slots(void)
{
    if (__builtin_expect(t_memo != NULL, 1))
        return t_memo->slot;
    core_op_thread_note(); /* its thread-exit hook frees the slots */
    t_memo = calloc(1, sizeof(struct memo));
    return t_memo ? t_memo->slot : NULL;
}

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

/* One reference of slot m's plan for the caller (the slot keeps one). */
static inline void memo_take(struct memo_slot *m)
{
    if (m->credits == 1) {
        /* relaxed: the slot's own reference keeps the plan alive */
        atomic_fetch_add_explicit(&m->p->refs, CREDITS, memory_order_relaxed);
        m->credits += CREDITS;
    }
    m->credits--;
}

void core_op_plan_take(struct core_op_plan *p)
{
    struct memo_slot *memo = memo_slots();
    if (__builtin_expect(!memo, 0)) {
        /* relaxed: the caller's reference keeps p alive; nothing is published */
        atomic_fetch_add_explicit(&p->refs, 1, memory_order_relaxed);
        return;
    }
    struct memo_slot *m = &memo[p->hash & (MEMO_SLOTS - 1)];
    if (__builtin_expect(m->p != p, 0))
        memo_install(m, p);
    memo_take(m);
}

void core_op_memo_exit(void)
{
    struct memo *memo = t_memo;
    if (!memo)
        return;
    for (unsigned i = 0; i < MEMO_SLOTS; i++)
        if (memo->slot[i].p)
            plan_put_n(memo->slot[i].p, memo->slot[i].credits);
    t_memo = NULL;
    free(memo);
}

struct core_op_plan *core_op_plan_last(const struct core_op_call *c)
{
    struct memo *memo = t_memo;
    if (__builtin_expect(!memo, 0))
        return NULL;
    uint32_t j = memo->slot[memo->last].next;
    struct core_op_plan *p = memo->slot[j].p;
    /* the counts first: they also bound what the walk reads of c's arrays */
    if (!p || p->nin != (uint32_t)c->nin || p->nout != (uint32_t)c->nout ||
        !key_matches(c, p->key, p->nkey))
        return NULL;
    memo->last = j; /* and slot[last].next is j already */
    return p;
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
        BASE_TSAN_RELEASE(e); /* for put_rcu, on liburcu's thread */
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
    BASE_TSAN_RELEASE(e); /* e's fields before its publication */
    urcu_memb_read_lock();
    struct cds_lfht_node *got = cds_lfht_add_unique(g_ht, h, match, k, &e->node);
    if (got != &e->node) { /* inserted by another thread meanwhile */
        struct entry *o = caa_container_of(got, struct entry, node);
        /* relaxed: g_fill orders o's insert before us; the cache's
         * reference keeps o alive in this read section */
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
    struct key k;
    key_build(&k, c);
    if (k.failed) {
        key_free(&k);
        return core_err(ACL_ERROR_BAD_ALLOC, "%s: out of memory", c->fn);
    }
    uint64_t h = key_hash(&k);
    struct memo_slot *memo = memo_slots();
    struct memo_slot *m = memo ? &memo[h & (MEMO_SLOTS - 1)] : NULL;
    struct core_op_plan *p = m ? m->p : NULL;
    if (__builtin_expect(p && p->hash == h && p->nkey == k.n && words_equal(p->key, k.w, k.n), 1)) {
        memo_take(m);
        memo_used(t_memo, (uint32_t)(m - memo));
        key_free(&k);
        *out = p;
        return ACL_SUCCESS;
    }
    /* the memo holds only plans a provider made: the checks below are for misses */
    const struct core_op_provider *prov = core_op_provider();
    if (!prov) {
        key_free(&k);
        return core_err(ACL_ERROR_OP_TYPE_NOT_MATCH,
                        "%s: operator type %s: this build has no operator types (no provider "
                        "installed)",
                        c->fn, c->type);
    }
    pthread_once(&g_ht_once, ht_init);
    if (!g_ht) {
        key_free(&k);
        return core_err(ACL_ERROR_BAD_ALLOC, "%s: out of memory for the plan cache", c->fn);
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
         * (inserts, above); its fields were published by the insert. */
        atomic_fetch_add_explicit(&p->refs, 1, memory_order_relaxed);
        urcu_memb_read_unlock();
    } else {
        urcu_memb_read_unlock();
        rc = miss(c, &k, h, prov, &p);
    }
    key_free(&k);
    if (rc == ACL_SUCCESS) {
        if (m) { /* else no memo (out of memory): the caller keeps the reference it got */
            memo_install(m, p);
            memo_used(t_memo, (uint32_t)(m - memo));
        }
        *out = p;
    }
    return rc;
}
