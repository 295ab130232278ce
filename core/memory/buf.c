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
 *   B3. A chain member is owned by its head (in_chain): it cannot be freed, enqueued or
 *       appended by itself; freeing the head frees the members.
 *   Concurrent calls on one buffer are the caller's race (as with the reference); calls on
 *   different buffers are independent.
 */
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "acl/acl.h"
#include "core/err.h"
#include "core/memory/buf.h"
#include "core/runtime/fault.h"
#include "core/runtime/handle.h"
#include "core/runtime/runtime.h"

static struct core_table g_bufs = {.tag = CORE_H_MBUF};
static pthread_mutex_t g_buf_lock = PTHREAD_MUTEX_INITIALIZER; /* B1: table writers */

struct core_buf *core_buf_of(const void *h)
{
    return h ? core_table_lookup(&g_bufs, h) : NULL;
}

static struct core_buf *rec_new(struct core_buf_block *blk)
{
    struct core_buf *b = core_calloc(1, sizeof(*b));
    if (!b)
        return NULL;
    b->blk = blk;
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
    /* relaxed: the caller holds a record, so the block stays alive (B2) */
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
    for (uint32_t i = 0; i < b->nchain; i++)
        core_buf_release(b->chain[i]);
    pthread_mutex_lock(&g_buf_lock);
    core_table_remove(&g_bufs, b->handle); /* B1: the handle dies first */
    pthread_mutex_unlock(&g_buf_lock);
    /* acq_rel: B2 */
    if (atomic_fetch_sub_explicit(&b->blk->refs, 1, memory_order_acq_rel) == 1)
        free(b->blk);
    free(b);
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
    struct core_buf *b = core_buf_of(buf);
    if (!b)
        return bad(fn, "buf");
    if (b->in_chain)
        return core_err(ACL_ERROR_INVALID_PARAM,
                        "%s: the buffer is in a chain; free the chain's head", fn);
    core_buf_release(b);
    return ACL_SUCCESS;
}

aclError core_buf_get_data(const void *buf, void **dataPtr, size_t *size, const char *fn)
{
    struct core_buf *b = core_buf_of(buf);
    if (!b)
        return bad(fn, "buf");
    if (!dataPtr || !size)
        return core_err(ACL_ERROR_INVALID_PARAM, "%s: %s is NULL", fn,
                        dataPtr ? "size" : "dataPtr");
    *dataPtr = b->blk->bytes;
    *size = b->blk->size;
    return ACL_SUCCESS;
}

aclError core_buf_set_len(void *buf, size_t len, const char *fn)
{
    struct core_buf *b = core_buf_of(buf);
    if (!b)
        return bad(fn, "buf");
    if (len > b->blk->size)
        return core_err(ACL_ERROR_INVALID_PARAM, "%s: len %zu exceeds the data area (%zu bytes)",
                        fn, len, b->blk->size);
    b->len = len;
    return ACL_SUCCESS;
}

aclError core_buf_get_len(void *buf, size_t *len, const char *fn)
{
    struct core_buf *b = core_buf_of(buf);
    if (!b)
        return bad(fn, "buf");
    if (!len)
        return core_err(ACL_ERROR_INVALID_PARAM, "%s: len is NULL", fn);
    *len = b->len;
    return ACL_SUCCESS;
}

aclError core_buf_append(void *head, void *buf, const char *fn)
{
    struct core_buf *h = core_buf_of(head), *b = core_buf_of(buf);
    if (!h)
        return bad(fn, "headBuf");
    if (!b)
        return bad(fn, "buf");
    if (h == b)
        return core_err(ACL_ERROR_INVALID_PARAM, "%s: a buffer cannot be appended to itself", fn);
    if (h->in_chain || b->in_chain || b->nchain)
        return core_err(ACL_ERROR_INVALID_PARAM,
                        "%s: a buffer may be in one chain, and a chain head cannot be appended",
                        fn);
    if (h->nchain + 1 >= CORE_BUF_CHAIN_MAX)
        return core_err(ACL_ERROR_INVALID_PARAM, "%s: a chain holds at most %d buffers", fn,
                        CORE_BUF_CHAIN_MAX);
    h->chain[h->nchain++] = b;
    b->in_chain = true;
    return ACL_SUCCESS;
}

aclError core_buf_chain_num(void *head, uint32_t *num, const char *fn)
{
    struct core_buf *h = core_buf_of(head);
    if (!h)
        return bad(fn, "headBuf");
    if (!num)
        return core_err(ACL_ERROR_INVALID_PARAM, "%s: num is NULL", fn);
    *num = h->nchain + 1;
    return ACL_SUCCESS;
}

aclError core_buf_from_chain(void *head, uint32_t index, void **buf, const char *fn)
{
    struct core_buf *h = core_buf_of(head);
    if (!h)
        return bad(fn, "headBuf");
    if (!buf)
        return core_err(ACL_ERROR_INVALID_PARAM, "%s: buf is NULL", fn);
    if (index > h->nchain)
        return core_err(ACL_ERROR_INVALID_PARAM, "%s: index %u is out of range [0, %u)", fn,
                        index, h->nchain + 1);
    *buf = core_buf_handle(index ? h->chain[index - 1] : h);
    return ACL_SUCCESS;
}

aclError core_buf_user_data(void *buf, void *dataPtr, size_t size, size_t offset, bool set,
                            const char *fn)
{
    struct core_buf *b = core_buf_of(buf);
    if (!b)
        return bad(fn, "buf");
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

aclError core_buf_copy_ref(const void *buf, void **newBuf, const char *fn)
{
    struct core_buf *b = core_buf_of(buf);
    if (!b)
        return bad(fn, "buf");
    if (!newBuf)
        return core_err(ACL_ERROR_INVALID_PARAM, "%s: newBuf is NULL", fn);
    struct core_buf *n = core_buf_ref(b);
    if (!n)
        return core_err(ACL_ERROR_BAD_ALLOC, "%s: out of memory", fn);
    *newBuf = core_buf_handle(n);
    return ACL_SUCCESS;
}

/* ---- aclrtMbuf (acl/acl_rt.h) ------------------------------------------------------ */
