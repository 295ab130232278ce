/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Shared buffers: aclrtAllocBuf ... (acl/acl_rt.h) and the acltdt buffer calls of
 * core/tdt/queue.c, one implementation (core/memory/buf.h; the aclrt entry points are in
 * core/api/memory.c). Behaviour and codes: docs/memory.md.
 *
 * Invariants:
 *   B1. Handles are values of g_bufs (core_table, tag CORE_H_MBUF); insert and remove
 *       happen under g_buf_lock (the table's writer lock here, a leaf), lookups are
 *       lock-free (core_table_lookup). A removed handle's generation moved, so a stale
 *       handle is rejected without touching the record.
 *   B2. A block's refs counts the records over it (acq_rel decrement: the last one frees
 *       it after every other holder's writes).
 *   B3. A chain member is owned by its head (CHAINED): it cannot be freed, enqueued or
 *       appended by itself; freeing the head frees the members.
 *   B4. A record's state (LIVE, QUEUED, CHAINED, DEAD) changes by compare-and-swap only, so
 *       of two racing calls exactly one wins: a free (LIVE -> DEAD) and an enqueue (LIVE ->
 *       QUEUED) or an append (LIVE -> CHAINED) exclude each other, two frees cannot both
 *       release, and a buffer in a queue or a chain is refused by free with a message. The
 *       owner's reference travels with the state: the user's while LIVE, the queue's while
 *       QUEUED, the head's while CHAINED; the one who makes it DEAD releases it.
 *   B5. A record's refs counts its owner's reference plus one per call using it. Calls find
 *       the record under rcu_read_lock and take a reference only while refs > 0 (CAS); the
 *       last put frees the record after an RCU grace period (call_rcu). So a call racing a
 *       free of the same handle either fails the lookup or works on a record that stays
 *       allocated until it is done: never freed memory, never a double free.
 *   Concurrent calls on one buffer that all succeed (two SetBufDataLen) are the caller's
 *   race, as with the reference; none of them can corrupt the runtime.
 */
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "acl/acl.h"
#include "base/barrier.h"
#include "core/err.h"
#include "core/memory/buf.h"
#include "core/runtime/fault.h"
#include "core/runtime/handle.h"
#include "core/runtime/runtime.h"
#include <urcu/urcu-memb.h>

static struct core_table g_bufs = {.tag = CORE_H_MBUF};
static pthread_mutex_t g_buf_lock = PTHREAD_MUTEX_INITIALIZER; /* B1: table writers */

struct core_buf *core_buf_get(const void *h)
{
    if (!h)
        return NULL;
    core_rcu_thread_online();
    urcu_memb_read_lock();
    struct core_buf *b = core_table_lookup(&g_bufs, h);
    if (b && !core_ref_tryget(&b->refs)) /* B5 */
        b = NULL;
    urcu_memb_read_unlock();
    return b;
}

static void rec_free(struct rcu_head *head)
{
    struct core_buf *b = caa_container_of(head, struct core_buf, rcu);
    BASE_TSAN_ACQUIRE(b); /* the last put's (B5) */
    /* acq_rel: B2 */
    if (atomic_fetch_sub_explicit(&b->blk->refs, 1, memory_order_acq_rel) == 1)
        free(b->blk);
    free(b);
}

void core_buf_put(struct core_buf *b)
{
    /* acq_rel: the last dropper sees every other holder's writes before the record goes */
    if (atomic_fetch_sub_explicit(&b->refs, 1, memory_order_acq_rel) == 1) {
        BASE_TSAN_RELEASE(b); /* for rec_free, on liburcu's thread */
        urcu_memb_call_rcu(&b->rcu, rec_free);
    }
}

static struct core_buf *rec_new(struct core_buf_block *blk)
{
    struct core_buf *b = core_calloc(1, sizeof(*b));
    if (!b)
        return NULL;
    b->blk = blk;
    atomic_init(&b->refs, 1); /* the owner's */
    atomic_init(&b->state, CORE_BUF_LIVE);
    pthread_mutex_lock(&g_buf_lock);
    b->handle = core_table_insert(&g_bufs, b);
    pthread_mutex_unlock(&g_buf_lock);
    if (!b->handle) {
        free(b);
        return NULL;
    }
    return b;
}

struct core_buf *core_buf_new(size_t size, size_t len0)
{
    struct core_buf_block *blk = core_malloc(sizeof(*blk) + size);
    if (!blk)
        return NULL;
    atomic_init(&blk->refs, 1);
    blk->size = size;
    struct core_buf *b = rec_new(blk);
    if (!b) {
        free(blk);
        return NULL;
    }
    b->len = len0;
    return b;
}

struct core_buf *core_buf_ref(struct core_buf *b)
{
    /* relaxed: the caller holds a reference to b, whose record holds the block (B2) */
    atomic_fetch_add_explicit(&b->blk->refs, 1, memory_order_relaxed);
    struct core_buf *n = rec_new(b->blk);
    if (!n) {
        /* acq_rel: B2 (cannot be the last: b still holds it) */
        atomic_fetch_sub_explicit(&b->blk->refs, 1, memory_order_acq_rel);
        return NULL;
    }
    n->len = b->len;
    memcpy(n->priv, b->priv, CORE_BUF_PRIV);
    return n;
}

void core_buf_release(struct core_buf *b)
{
    /* release: a later get that still finds the record sees it dead; the owner of a chain
     * (B3) is the only one touching its members' states */
    atomic_store_explicit(&b->state, CORE_BUF_DEAD, memory_order_release);
    pthread_mutex_lock(&g_buf_lock);
    uint32_t n = b->nchain;
    b->nchain = 0;
    core_table_remove(&g_bufs, b->handle); /* B1: the handle dies first */
    pthread_mutex_unlock(&g_buf_lock);
    for (uint32_t i = 0; i < n; i++)
        core_buf_release(b->chain[i]);
    core_buf_put(b); /* the owner's reference (B4) */
}

/* LIVE -> want, or the reason it is not LIVE as an error (B4). */
static aclError claim(struct core_buf *b, uint32_t want, const char *fn, const char *what)
{
    uint32_t st = CORE_BUF_LIVE;
    /* acq_rel: the winner's later release publishes nothing new here, but the state must
     * order after the owner's writes (a dequeue's hand-back, an append's chain) */
    if (atomic_compare_exchange_strong_explicit(&b->state, &st, want, memory_order_acq_rel,
                                                memory_order_acquire))
        return ACL_SUCCESS;
    switch (st) {
    case CORE_BUF_QUEUED:
        return core_err(ACL_ERROR_INVALID_PARAM,
                        "%s: %s is in a queue, which owns it until it is dequeued", fn, what);
    case CORE_BUF_CHAINED:
        return core_err(ACL_ERROR_INVALID_PARAM,
                        "%s: %s is a chain member, owned by the chain's head (use the head)", fn,
                        what);
    default:
        return core_err(ACL_ERROR_INVALID_PARAM, "%s: %s was freed (by a racing call)", fn, what);
    }
}

aclError core_buf_enqueue_begin(struct core_buf *b, const char *fn)
{
    return claim(b, CORE_BUF_QUEUED, fn, "the buffer");
}

void core_buf_dequeued(struct core_buf *b)
{
    /* release: the queue's hand-back of ownership, after its last access */
    atomic_store_explicit(&b->state, CORE_BUF_LIVE, memory_order_release);
}

static aclError bad(const char *fn, const char *what)
{
    return core_err(ACL_ERROR_INVALID_PARAM,
                    "%s: %s is NULL or not a live buffer (freed, or not from an AllocBuf / "
                    "CopyBufRef call)",
                    fn, what);
}

aclError core_buf_alloc(void **buf, size_t size, bool full, const char *fn)
{
    if (!buf)
        return core_err(ACL_ERROR_INVALID_PARAM, "%s: buf is NULL", fn);
    if (size > 0xFFFFFFFFull)
        return core_err(ACL_ERROR_INVALID_PARAM, "%s: size %zu exceeds 4G", fn, size);
    struct core_buf *b = core_buf_new(size, full ? size : 0);
    if (!b)
        return core_err(ACL_ERROR_BAD_ALLOC, "%s: out of memory (%zu bytes)", fn, size);
    *buf = core_buf_handle(b);
    return ACL_SUCCESS;
}

aclError core_buf_free(void *buf, const char *fn)
{
    struct core_buf *b = core_buf_get(buf);
    if (!b)
        return bad(fn, "buf");
    aclError rc = claim(b, CORE_BUF_DEAD, fn, "the buffer");
    if (!rc)
        core_buf_release(b);
    core_buf_put(b);
    return rc;
}

/* The calls below run on a record whose reference they hold (B5): get, the call, put. */
#define WITH_BUF(b, h, name, body)                                                                 \
    do {                                                                                           \
        struct core_buf *b = core_buf_get(h);                                                      \
        if (!b)                                                                                    \
            return bad(fn, name);                                                                  \
        aclError rc_ = (body);                                                                     \
        core_buf_put(b);                                                                           \
        return rc_;                                                                                \
    } while (0)

static aclError get_data(struct core_buf *b, void **dataPtr, size_t *size, const char *fn)
{
    if (!dataPtr || !size)
        return core_err(ACL_ERROR_INVALID_PARAM, "%s: %s is NULL", fn,
                        dataPtr ? "size" : "dataPtr");
    *dataPtr = b->blk->bytes;
    *size = b->blk->size;
    return ACL_SUCCESS;
}

aclError core_buf_get_data(const void *buf, void **dataPtr, size_t *size, const char *fn)
{
    WITH_BUF(b, buf, "buf", get_data(b, dataPtr, size, fn));
}

static aclError set_len(struct core_buf *b, size_t len, const char *fn)
{
    if (len > b->blk->size)
        return core_err(ACL_ERROR_INVALID_PARAM, "%s: len %zu exceeds the data area (%zu bytes)",
                        fn, len, b->blk->size);
    b->len = len;
    return ACL_SUCCESS;
}

aclError core_buf_set_len(void *buf, size_t len, const char *fn)
{
    WITH_BUF(b, buf, "buf", set_len(b, len, fn));
}

static aclError get_len(struct core_buf *b, size_t *len, const char *fn)
{
    if (!len)
        return core_err(ACL_ERROR_INVALID_PARAM, "%s: len is NULL", fn);
    *len = b->len;
    return ACL_SUCCESS;
}

aclError core_buf_get_len(void *buf, size_t *len, const char *fn)
{
    WITH_BUF(b, buf, "buf", get_len(b, len, fn));
}

/* The head must stay a LIVE non-member; the member goes LIVE -> CHAINED (B4); the chain
 * itself changes under g_buf_lock, as core_buf_release takes it. */
static aclError append(struct core_buf *h, struct core_buf *b, const char *fn)
{
    if (h == b)
        return core_err(ACL_ERROR_INVALID_PARAM, "%s: a buffer cannot be appended to itself", fn);
    pthread_mutex_lock(&g_buf_lock);
    aclError rc = ACL_SUCCESS;
    /* acquire: pairs with the release of a state change */
    if (atomic_load_explicit(&h->state, memory_order_acquire) != CORE_BUF_LIVE || b->nchain)
        rc = core_err(ACL_ERROR_INVALID_PARAM,
                      "%s: a buffer may be in one chain, a chain head cannot be appended, and "
                      "the head must be the user's (not queued, not a member, not freed)",
                      fn);
    else if (h->nchain + 1 >= CORE_BUF_CHAIN_MAX)
        rc = core_err(ACL_ERROR_INVALID_PARAM, "%s: a chain holds at most %d buffers", fn,
                      CORE_BUF_CHAIN_MAX);
    else if (!(rc = claim(b, CORE_BUF_CHAINED, fn, "buf")))
        h->chain[h->nchain++] = b;
    pthread_mutex_unlock(&g_buf_lock);
    return rc;
}

aclError core_buf_append(void *head, void *buf, const char *fn)
{
    struct core_buf *h = core_buf_get(head);
    if (!h)
        return bad(fn, "headBuf");
    struct core_buf *b = core_buf_get(buf);
    aclError rc = b ? append(h, b, fn) : bad(fn, "buf");
    if (b)
        core_buf_put(b);
    core_buf_put(h);
    return rc;
}

static aclError chain_num(struct core_buf *h, uint32_t *num, const char *fn)
{
    if (!num)
        return core_err(ACL_ERROR_INVALID_PARAM, "%s: num is NULL", fn);
    pthread_mutex_lock(&g_buf_lock);
    *num = h->nchain + 1;
    pthread_mutex_unlock(&g_buf_lock);
    return ACL_SUCCESS;
}

aclError core_buf_chain_num(void *head, uint32_t *num, const char *fn)
{
    WITH_BUF(h, head, "headBuf", chain_num(h, num, fn));
}

static aclError from_chain(struct core_buf *h, uint32_t index, void **buf, const char *fn)
{
    if (!buf)
        return core_err(ACL_ERROR_INVALID_PARAM, "%s: buf is NULL", fn);
    aclError rc = ACL_SUCCESS;
    pthread_mutex_lock(&g_buf_lock);
    if (index > h->nchain)
        rc = core_err(ACL_ERROR_INVALID_PARAM, "%s: index %u is out of range [0, %u)", fn, index,
                      h->nchain + 1);
    else
        *buf = core_buf_handle(index ? h->chain[index - 1] : h);
    pthread_mutex_unlock(&g_buf_lock);
    return rc;
}

aclError core_buf_from_chain(void *head, uint32_t index, void **buf, const char *fn)
{
    WITH_BUF(h, head, "headBuf", from_chain(h, index, buf, fn));
}

static aclError user_data(struct core_buf *b, void *dataPtr, size_t size, size_t offset, bool set,
                          const char *fn)
{
    if (!dataPtr)
        return core_err(ACL_ERROR_INVALID_PARAM, "%s: dataPtr is NULL", fn);
    if (size > CORE_BUF_PRIV || offset > CORE_BUF_PRIV || size + offset > CORE_BUF_PRIV)
        return core_err(ACL_ERROR_INVALID_PARAM,
                        "%s: offset %zu + size %zu exceeds the %d-byte private area", fn, offset,
                        size, CORE_BUF_PRIV);
    if (set)
        memcpy(b->priv + offset, dataPtr, size);
    else
        memcpy(dataPtr, b->priv + offset, size);
    return ACL_SUCCESS;
}

aclError core_buf_user_data(void *buf, void *dataPtr, size_t size, size_t offset, bool set,
                            const char *fn)
{
    WITH_BUF(b, buf, "buf", user_data(b, dataPtr, size, offset, set, fn));
}

static aclError copy_ref(struct core_buf *b, void **newBuf, const char *fn)
{
    if (!newBuf)
        return core_err(ACL_ERROR_INVALID_PARAM, "%s: newBuf is NULL", fn);
    struct core_buf *n = core_buf_ref(b);
    if (!n)
        return core_err(ACL_ERROR_BAD_ALLOC, "%s: out of memory", fn);
    *newBuf = core_buf_handle(n);
    return ACL_SUCCESS;
}

aclError core_buf_copy_ref(const void *buf, void **newBuf, const char *fn)
{
    WITH_BUF(b, buf, "buf", copy_ref(b, newBuf, fn));
}

/* ---- aclrtMbuf (acl/acl_rt.h) ------------------------------------------------------ */
