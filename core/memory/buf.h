/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Shared buffers (core/memory/buf.c): the one implementation behind aclrtMbuf
 * (aclrtAllocBuf ...) and acltdtBuf (acltdtAllocBuf ..., core/tdt/queue.c). A handle is a
 * core_table value (tag CORE_H_MBUF), never a pointer: a freed or foreign handle fails
 * the lookup and is never dereferenced.
 *
 * A buffer is a management record (valid data length, 96-byte private area, chain) over
 * a reference-counted data block; a reference copy is a second record over the same
 * block. A chain head owns its members: freeing the head frees the chain.
 */
#ifndef CPUACL_CORE_RT_BUF_H
#define CPUACL_CORE_RT_BUF_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <urcu/urcu-memb.h>

#include "acl/acl_base.h"

#define CORE_BUF_PRIV 96       /* private (user data) area */
#define CORE_BUF_CHAIN_MAX 128 /* buffers in a chain, head included */

struct core_buf_block {
    _Atomic uint32_t refs; /* A: records over this block */
    size_t size;
    unsigned char bytes[];
};

/* A record's state (B4): what may happen to it next. */
enum core_buf_state {
    CORE_BUF_LIVE = 0,    /* the user's: free, enqueue, append */
    CORE_BUF_QUEUED = 1,  /* in a queue, which owns it until it is dequeued */
    CORE_BUF_CHAINED = 2, /* a member of a chain, which its head owns */
    CORE_BUF_DEAD = 3,    /* freed (its handle is unlinked) */
};

struct core_buf {
    uint64_t handle; /* I: the table value users hold */
    struct core_buf_block *blk;
    _Atomic uint32_t refs;  /* A: the owner's (1) plus one per call using the record (B5) */
    _Atomic uint32_t state; /* A: enum core_buf_state (B4) */
    size_t len;             /* valid data length */
    unsigned char priv[CORE_BUF_PRIV];
    uint32_t nchain; /* buffers after the head; under g_buf_lock */
    struct core_buf *chain[CORE_BUF_CHAIN_MAX - 1];
    struct rcu_head rcu;
};

/* The live buffer named by handle h with a reference taken (drop it with core_buf_put), or
 * NULL: a stale, freed or foreign handle (core/memory/buf.c B5). */
struct core_buf *core_buf_get(const void *h);
void core_buf_put(struct core_buf *b);
/* A new buffer of size bytes (len = len0); NULL when out of memory or handles. */
struct core_buf *core_buf_new(size_t size, size_t len0);
/* A new record over b's block (same length and private data); NULL when out of memory. */
struct core_buf *core_buf_ref(struct core_buf *b);
/* Free b's record (its chain with it), its block with its last record: the owner's drop, made
 * by whoever owns it (the user after winning the LIVE -> DEAD change, a queue, a head). */
void core_buf_release(struct core_buf *b);
/* Queues (B4): LIVE -> QUEUED before a push (else the code and message), back to LIVE when a
 * push fails or a dequeue hands the buffer to the user. */
aclError core_buf_enqueue_begin(struct core_buf *b, const char *fn);
void core_buf_dequeued(struct core_buf *b);
static inline void *core_buf_handle(const struct core_buf *b)
{
    return (void *)(uintptr_t)b->handle;
}

/* The calls of both APIs; fn names the API function in messages. */
/* full: the valid length starts at size (acltdtAllocBuf), else at 0 (aclrtAllocBuf). */
aclError core_buf_alloc(void **buf, size_t size, bool full, const char *fn);
aclError core_buf_free(void *buf, const char *fn);
aclError core_buf_get_data(const void *buf, void **dataPtr, size_t *size, const char *fn);
aclError core_buf_set_len(void *buf, size_t len, const char *fn);
aclError core_buf_get_len(void *buf, size_t *len, const char *fn);
aclError core_buf_append(void *head, void *buf, const char *fn);
aclError core_buf_chain_num(void *head, uint32_t *num, const char *fn);
aclError core_buf_from_chain(void *head, uint32_t index, void **buf, const char *fn);
aclError core_buf_user_data(void *buf, void *dataPtr, size_t size, size_t offset, bool set,
                            const char *fn);
aclError core_buf_copy_ref(const void *buf, void **newBuf, const char *fn);

#endif
