/* SPDX-License-Identifier: Apache-2.0 */
/*
 * TDT queues and shared buffers (acl/acl_tdt_queue.h); the entry points, their argument
 * checks and errors are in core/api/tdt.c.
 *
 * Queues: a table of TDTQ_MAX slots under g_q_lock; a queue id is a counter
 * value whose slot (id % TDTQ_MAX) holds the queue while it lives, so an id of
 * a destroyed queue finds either an empty slot or a queue with another id and
 * is rejected (ACL_ERROR_INVALID_QUEUE_ID... see qcode) without touching freed
 * memory. Calls hold a reference (refs, g_q_lock) while they use a queue;
 * destroy unlinks it, stops its core_bq (waking waiters) and frees it after
 * the last reference is dropped.
 *
 * Buffers: the shared implementation of core/memory/buf.c (acltdtBuf and aclrtMbuf
 * are the same objects; the acltdt*Buf entry points call it directly). Queues hold struct core_buf
 * records; a dequeue hands out the record's handle.
 *
 * Routes: g_routes (under g_q_lock) holds the bound (src, dst) pairs. An
 * enqueue onto a source queue with bound routes delivers the buffer to each
 * destination instead (the first gets the buffer, the others a reference
 * copy), with the caller's timeout: the forwarding a route does on a device,
 * done in the enqueuing thread.
 *
 * Processes: queues live in the creating process. acltdtGrantQueue records
 * permissions per pid; acltdtAttachQueue reports the calling process's
 * permissions (its creator has all three).
 */
#include <errno.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "core/err.h"
#include "core/memory/buf.h"
#include "core/runtime/fault.h"
#include "core/runtime/runtime.h"
#include "core/tdt/bq_pvt.h"
#include "core/tdt/tdt.h"

#define TDTQ_MAX 4096
#define TDTQ_NAME_MAX CORE_TDT_NAME_MAX
#define TDTQ_DEPTH_DEFAULT 8
#define TDTQ_GRANTS 16
#define TDTQ_PERM_ALL CORE_TDTQ_PERM_ALL

struct tagMemQueueAttr {
    char name[TDTQ_NAME_MAX];
    uint32_t depth;
};

struct acltdtQueueRoute {
    uint32_t srcId, dstId;
    int32_t status;
};

struct acltdtQueueRouteList {
    size_t n, cap;
    struct acltdtQueueRoute *r;
};

struct acltdtQueueRouteQueryInfo {
    int32_t mode;
    uint32_t src, dst;
    bool has_mode, has_src, has_dst;
};

struct tdtq {
    uint32_t id;   /* I */
    uint32_t refs; /* g_q_lock */
    pthread_cond_t gone;
    struct core_bq q;
    struct {
        int32_t pid;
        uint32_t perm;
    } grant[TDTQ_GRANTS]; /* g_q_lock */
    uint32_t ngrant;
    char name[TDTQ_NAME_MAX];
};

static pthread_mutex_t g_q_lock = PTHREAD_MUTEX_INITIALIZER;
static struct tdtq *g_q[TDTQ_MAX];
static uint32_t g_next_id = 1;
static struct acltdtQueueRoute *g_routes; /* bound routes, g_q_lock */
static size_t g_nroutes, g_caproutes;

/* ---- queue attributes ------------------------------------------------------------ */

acltdtQueueAttr *core_tdtq_attr_new(const char *fn)
{
    acltdtQueueAttr *a = core_zalloc(sizeof(*a), fn);
    if (!a)
        return NULL;
    a->depth = TDTQ_DEPTH_DEFAULT;
    return a;
}

void core_tdtq_record_free(const void *p)
{
    free((void *)p);
}

uint32_t core_tdtq_depth(const acltdtQueueAttr *attr)
{
    return attr ? attr->depth : TDTQ_DEPTH_DEFAULT;
}

/* The attributes other than the name: only the depth, a uint32_t in len >= 4 bytes. */
static aclError attr_depth_check(acltdtQueueAttrType type, size_t len, const char *fn)
{
    if (type != ACL_TDT_QUEUE_DEPTH_UINT32)
        return core_err(ACL_ERROR_INVALID_PARAM,
                        "%s: type %d is not in [ACL_TDT_QUEUE_NAME_PTR, "
                        "ACL_TDT_QUEUE_DEPTH_UINT32]",
                        fn, (int)type);
    if (len < sizeof(uint32_t))
        return core_err(ACL_ERROR_INVALID_PARAM, "%s: len %zu < 4", fn, len);
    return ACL_SUCCESS;
}

aclError core_tdtq_attr_set(acltdtQueueAttr *attr, acltdtQueueAttrType type, size_t len,
                            const void *param, const char *fn)
{
    if (type == ACL_TDT_QUEUE_NAME_PTR) {
        if (len < sizeof(char *))
            return core_err(ACL_ERROR_INVALID_PARAM, "%s: len %zu (a name is passed as a char *)",
                            fn, len);
        const char *s;
        memcpy(&s, param, sizeof(s));
        if (!s)
            return core_err(ACL_ERROR_INVALID_PARAM, "%s: the name is NULL", fn);
        size_t n = strnlen(s, TDTQ_NAME_MAX);
        if (n + 1 > TDTQ_NAME_MAX)
            return core_err(ACL_ERROR_INVALID_PARAM, "%s: queue name length must be in [0, %d]", fn,
                            TDTQ_NAME_MAX);
        memcpy(attr->name, s, n + 1);
        return ACL_SUCCESS;
    }
    aclError rc = attr_depth_check(type, len, fn);
    if (rc == ACL_SUCCESS)
        memcpy(&attr->depth, param, sizeof(uint32_t));
    return rc;
}

aclError core_tdtq_attr_get(const acltdtQueueAttr *attr, acltdtQueueAttrType type, size_t len,
                            size_t *paramRetSize, void *param, const char *fn)
{
    if (type == ACL_TDT_QUEUE_NAME_PTR) {
        if (len < sizeof(char *))
            return core_err(ACL_ERROR_INVALID_PARAM, "%s: len %zu too small", fn, len);
        const char *s = attr->name;
        memcpy(param, &s, sizeof(s));
        *paramRetSize = sizeof(s);
        return ACL_SUCCESS;
    }
    aclError rc = attr_depth_check(type, len, fn);
    if (rc == ACL_SUCCESS) {
        memcpy(param, &attr->depth, sizeof(uint32_t));
        *paramRetSize = sizeof(uint32_t);
    }
    return rc;
}

/* ---- queues ---------------------------------------------------------------------- */

aclError core_tdtq_create(const acltdtQueueAttr *attr, uint32_t depth, uint32_t *qid,
                          const char *fn)
{
    struct tdtq *q = core_calloc(1, sizeof(*q));
    if (!q || core_bq_init(&q->q, depth)) {
        free(q);
        return core_err(ACL_ERROR_BAD_ALLOC, "%s: out of memory", fn);
    }
    pthread_cond_init(&q->gone, NULL);
    q->grant[0].pid = (int32_t)getpid();
    q->grant[0].perm = TDTQ_PERM_ALL;
    q->ngrant = 1;
    pthread_mutex_lock(&g_q_lock);
    uint32_t id = 0;
    for (uint32_t tries = 0; tries < TDTQ_MAX; tries++) {
        uint32_t c = g_next_id++;
        if (c == 0)
            c = g_next_id++;
        if (!g_q[c % TDTQ_MAX]) {
            id = c;
            break;
        }
    }
    if (!id) {
        pthread_mutex_unlock(&g_q_lock);
        core_bq_fini(&q->q);
        free(q);
        return core_err(ACL_ERROR_FAILURE, "%s: %d queues exist already", fn, TDTQ_MAX);
    }
    q->id = id;
    if (attr && attr->name[0])
        memcpy(q->name, attr->name, TDTQ_NAME_MAX);
    else
        snprintf(q->name, sizeof(q->name), "queue_%u", id);
    g_q[id % TDTQ_MAX] = q;
    pthread_mutex_unlock(&g_q_lock);
    *qid = id;
    return ACL_SUCCESS;
}

static struct tdtq *q_get_locked(uint32_t qid)
{
    struct tdtq *q = g_q[qid % TDTQ_MAX];
    if (!q || q->id != qid)
        return NULL;
    q->refs++;
    return q;
}

static struct tdtq *q_get(uint32_t qid, const char *fn)
{
    pthread_mutex_lock(&g_q_lock);
    struct tdtq *q = q_get_locked(qid);
    pthread_mutex_unlock(&g_q_lock);
    if (!q)
        core_err(ACL_ERROR_INVALID_PARAM, "%s: queue %u does not exist", fn, qid);
    return q;
}

static void q_put(struct tdtq *q)
{
    pthread_mutex_lock(&g_q_lock);
    if (--q->refs == 0)
        pthread_cond_broadcast(&q->gone);
    pthread_mutex_unlock(&g_q_lock);
}

static void drop_buf(void *p)
{
    core_buf_release(p);
}

aclError core_tdtq_destroy(uint32_t qid, const char *fn)
{
    pthread_mutex_lock(&g_q_lock);
    struct tdtq *q = g_q[qid % TDTQ_MAX];
    if (!q || q->id != qid) {
        pthread_mutex_unlock(&g_q_lock);
        return core_err(ACL_ERROR_INVALID_PARAM, "%s: queue %u does not exist", fn, qid);
    }
    for (size_t i = 0; i < g_nroutes; i++)
        if (g_routes[i].srcId == qid || g_routes[i].dstId == qid) {
            pthread_mutex_unlock(&g_q_lock);
            return core_err(ACL_ERROR_FAILURE,
                            "%s: queue %u is in a bound route (%u -> %u); unbind it first", fn, qid,
                            g_routes[i].srcId, g_routes[i].dstId);
        }
    g_q[qid % TDTQ_MAX] = NULL; /* no new reference from now on */
    pthread_mutex_unlock(&g_q_lock);
    core_bq_stop(&q->q);
    pthread_mutex_lock(&g_q_lock);
    while (q->refs)
        pthread_cond_wait(&q->gone, &g_q_lock);
    pthread_mutex_unlock(&g_q_lock);
    core_bq_drain(&q->q, drop_buf);
    core_bq_fini(&q->q);
    pthread_cond_destroy(&q->gone);
    free(q);
    return ACL_SUCCESS;
}

static aclError q_code(int r, const char *fn, uint32_t qid, bool enq, int32_t timeout)
{
    char what[32];
    snprintf(what, sizeof(what), "queue %u", qid);
    return core_bq_err(r, fn, what, enq, timeout);
}

/* The destinations bound to src (at most `max`); n returned. g_q_lock held. */
static size_t routes_from(uint32_t src, uint32_t *dst, size_t max)
{
    size_t n = 0;
    for (size_t i = 0; i < g_nroutes && n < max; i++)
        if (g_routes[i].srcId == src)
            dst[n++] = g_routes[i].dstId;
    return n;
}

aclError core_tdtq_enqueue(uint32_t qid, struct core_buf *b, int32_t timeout, const char *fn)
{
    uint32_t dst[16];
    pthread_mutex_lock(&g_q_lock);
    struct tdtq *src = q_get_locked(qid);
    size_t nd = src ? routes_from(qid, dst, 16) : 0;
    pthread_mutex_unlock(&g_q_lock);
    if (!src)
        return core_err(ACL_ERROR_INVALID_PARAM, "%s: queue %u does not exist", fn, qid);
    aclError rc = ACL_SUCCESS;
    if (!nd) {
        int r = core_bq_push(&src->q, b, timeout);
        if (r)
            rc = q_code(r, fn, qid, true, timeout);
        q_put(src);
        return rc;
    }
    q_put(src);
    /* Forward along the routes: every destination gets the data. */
    for (size_t i = 0; i < nd && rc == ACL_SUCCESS; i++) {
        struct core_buf *x = i + 1 < nd ? core_buf_ref(b) : b;
        if (!x)
            return core_err(ACL_ERROR_BAD_ALLOC, "%s: out of memory", fn);
        if (x != b)
            core_buf_enqueue_begin(x, fn); /* a fresh record: LIVE -> QUEUED cannot fail */
        struct tdtq *d = q_get(dst[i], fn);
        if (!d) {
            if (x != b)
                core_buf_release(x);
            return ACL_ERROR_INVALID_PARAM;
        }
        int r = core_bq_push(&d->q, x, timeout);
        if (r) {
            if (x != b)
                core_buf_release(x);
            rc = q_code(r, fn, dst[i], true, timeout);
        }
        q_put(d);
    }
    return rc;
}

aclError core_tdtq_dequeue(uint32_t qid, acltdtBuf *buf, int32_t timeout, const char *fn)
{
    struct tdtq *q = q_get(qid, fn);
    if (!q)
        return ACL_ERROR_INVALID_PARAM;
    void *p = NULL;
    int r = core_bq_pop(&q->q, &p, timeout);
    aclError rc = r ? q_code(r, fn, qid, false, timeout) : ACL_SUCCESS;
    if (!r) {
        core_buf_dequeued(p); /* the user's from here (core/memory/buf.c B4) */
        *buf = core_buf_handle(p);
    }
    q_put(q);
    return rc;
}

aclError core_tdtq_enqueue_data(uint32_t qid, const void *data, size_t dataSize,
                                const void *userData, size_t userDataSize, int32_t timeout,
                                const char *fn)
{
    if (dataSize > 0xFFFFFFFFull)
        return core_err(ACL_ERROR_INVALID_PARAM, "%s: dataSize %zu exceeds 4G", fn, dataSize);
    struct core_buf *b = core_buf_new(dataSize, dataSize);
    if (!b)
        return core_err(ACL_ERROR_BAD_ALLOC, "%s: out of memory (%zu bytes)", fn, dataSize);
    core_buf_enqueue_begin(b, fn); /* never the user's: LIVE -> QUEUED cannot fail */
    aclError rc;
    if (dataSize)
        memcpy(b->blk->bytes, data, dataSize);
    if (userDataSize)
        memcpy(b->priv, userData, userDataSize);
    rc = core_tdtq_enqueue(qid, b, timeout, fn);
    if (rc)
        core_buf_release(b);
    return rc;
}

struct deq_need {
    size_t data, have;
};

/* Under the queue lock: take the head buffer only if the caller's area fits it. */
static int deq_fits(void *item, void *ctx)
{
    struct deq_need *n = ctx;
    n->have = ((struct core_buf *)item)->len;
    return n->have <= n->data ? 0 : -EMSGSIZE;
}

aclError core_tdtq_dequeue_data(uint32_t qid, void *data, size_t dataSize, size_t *retDataSize,
                                void *userData, size_t userDataSize, int32_t timeout,
                                const char *fn)
{
    struct tdtq *q = q_get(qid, fn);
    if (!q)
        return ACL_ERROR_INVALID_PARAM;
    struct deq_need need = {dataSize, 0};
    void *p = NULL;
    int r = core_bq_pop_if(&q->q, &p, timeout, deq_fits, &need);
    aclError rc = ACL_SUCCESS;
    if (r == -EMSGSIZE) {
        rc = core_err(ACL_ERROR_INVALID_PARAM,
                      "%s: dataSize %zu is smaller than the data (%zu bytes); the data stays "
                      "queued",
                      fn, dataSize, need.have);
    } else if (r) {
        rc = q_code(r, fn, qid, false, timeout);
    } else {
        struct core_buf *b = p;
        if (b->len)
            memcpy(data, b->blk->bytes, b->len);
        *retDataSize = b->len;
        if (userDataSize)
            memcpy(userData, b->priv, userDataSize);
        core_buf_release(b);
    }
    q_put(q);
    return rc;
}

aclError core_tdtq_grant(uint32_t qid, int32_t pid, uint32_t permission, const char *fn)
{
    struct tdtq *q = q_get(qid, fn);
    if (!q)
        return ACL_ERROR_INVALID_PARAM;
    aclError rc = ACL_SUCCESS;
    pthread_mutex_lock(&g_q_lock);
    uint32_t i = 0;
    while (i < q->ngrant && q->grant[i].pid != pid)
        i++;
    if (i == q->ngrant) {
        if (i == TDTQ_GRANTS) {
            rc = ACL_ERROR_FAILURE;
        } else {
            q->grant[i].pid = pid;
            q->grant[i].perm = 0;
            q->ngrant++;
        }
    }
    if (rc == ACL_SUCCESS)
        q->grant[i].perm |= permission;
    pthread_mutex_unlock(&g_q_lock);
    q_put(q);
    if (rc)
        return core_err(rc, "%s: queue %u has %d grants already", fn, qid, TDTQ_GRANTS);
    return ACL_SUCCESS;
}

aclError core_tdtq_attach(uint32_t qid, uint32_t *permission, const char *fn)
{
    struct tdtq *q = q_get(qid, fn);
    if (!q)
        return ACL_ERROR_INVALID_PARAM;
    int32_t me = (int32_t)getpid();
    uint32_t perm = 0;
    pthread_mutex_lock(&g_q_lock);
    for (uint32_t i = 0; i < q->ngrant; i++)
        if (q->grant[i].pid == me)
            perm = q->grant[i].perm;
    pthread_mutex_unlock(&g_q_lock);
    q_put(q);
    if (!perm)
        return core_err(ACL_ERROR_FAILURE, "%s: this process has no permission on queue %u", fn,
                        qid);
    *permission = perm;
    return ACL_SUCCESS;
}

/* ---- routes ---------------------------------------------------------------------- */

acltdtQueueRoute *core_tdtq_route_new(uint32_t srcId, uint32_t dstId, const char *fn)
{
    acltdtQueueRoute *r = core_zalloc(sizeof(*r), fn);
    if (!r)
        return NULL;
    r->srcId = srcId;
    r->dstId = dstId;
    r->status = ACL_TDT_QUEUE_ROUTE_UNBIND;
    return r;
}

aclError core_tdtq_route_param(const acltdtQueueRoute *route, acltdtQueueRouteParamType type,
                               size_t len, size_t *paramRetSize, void *param, const char *fn)
{
    const void *src;
    switch (type) {
    case ACL_TDT_QUEUE_ROUTE_SRC_UINT32:
        src = &route->srcId;
        break;
    case ACL_TDT_QUEUE_ROUTE_DST_UINT32:
        src = &route->dstId;
        break;
    case ACL_TDT_QUEUE_ROUTE_STATUS_INT32:
        src = &route->status;
        break;
    default:
        return core_err(ACL_ERROR_INVALID_PARAM, "%s: type %d is invalid", fn, (int)type);
    }
    if (len < 4)
        return core_err(ACL_ERROR_INVALID_PARAM, "%s: len %zu < 4", fn, len);
    memcpy(param, src, 4);
    *paramRetSize = 4;
    return ACL_SUCCESS;
}

acltdtQueueRouteList *core_tdtq_list_new(const char *fn)
{
    return core_zalloc(sizeof(acltdtQueueRouteList), fn);
}

void core_tdtq_list_free(const acltdtQueueRouteList *routeList)
{
    free(routeList->r);
    free((void *)routeList);
}

int core_tdtq_list_add(acltdtQueueRouteList *l, const acltdtQueueRoute *r)
{
    if (l->n == l->cap) {
        size_t nc = l->cap ? 2 * l->cap : 8;
        struct acltdtQueueRoute *nr = core_realloc(l->r, nc * sizeof(*nr));
        if (!nr)
            return -ENOMEM;
        l->r = nr;
        l->cap = nc;
    }
    l->r[l->n++] = *r;
    return 0;
}

size_t core_tdtq_list_count(const acltdtQueueRouteList *l)
{
    return l->n;
}

void core_tdtq_list_get(const acltdtQueueRouteList *l, size_t index, acltdtQueueRoute *route)
{
    *route = l->r[index];
}

aclError core_tdtq_bind(acltdtQueueRouteList *qRouteList, const char *fn)
{
    bool failed = false;
    pthread_mutex_lock(&g_q_lock);
    for (size_t i = 0; i < qRouteList->n; i++) {
        struct acltdtQueueRoute *r = &qRouteList->r[i];
        struct tdtq *s = g_q[r->srcId % TDTQ_MAX], *d = g_q[r->dstId % TDTQ_MAX];
        bool dup = false;
        for (size_t j = 0; j < g_nroutes; j++)
            dup |= g_routes[j].srcId == r->srcId && g_routes[j].dstId == r->dstId;
        if (!s || s->id != r->srcId || !d || d->id != r->dstId || r->srcId == r->dstId || dup) {
            r->status = ACL_TDT_QUEUE_ROUTE_BIND_ABNORMAL;
            failed = true;
            continue;
        }
        if (g_nroutes == g_caproutes) {
            size_t nc = g_caproutes ? 2 * g_caproutes : 16;
            struct acltdtQueueRoute *nr = core_realloc(g_routes, nc * sizeof(*nr));
            if (!nr) {
                r->status = ACL_TDT_QUEUE_ROUTE_BIND_ABNORMAL;
                failed = true;
                continue;
            }
            g_routes = nr;
            g_caproutes = nc;
        }
        r->status = ACL_TDT_QUEUE_ROUTE_BIND;
        g_routes[g_nroutes++] = *r;
    }
    pthread_mutex_unlock(&g_q_lock);
    if (failed)
        return core_err(ACL_ERROR_FAILURE,
                        "%s: some routes could not be bound (their status is "
                        "ACL_TDT_QUEUE_ROUTE_BIND_ABNORMAL: a queue does not exist, src == dst, "
                        "or the route is bound already)",
                        fn);
    return ACL_SUCCESS;
}

aclError core_tdtq_unbind(acltdtQueueRouteList *qRouteList, const char *fn)
{
    bool failed = false;
    pthread_mutex_lock(&g_q_lock);
    for (size_t i = 0; i < qRouteList->n; i++) {
        struct acltdtQueueRoute *r = &qRouteList->r[i];
        size_t j = 0;
        while (j < g_nroutes && !(g_routes[j].srcId == r->srcId && g_routes[j].dstId == r->dstId))
            j++;
        if (j == g_nroutes) {
            failed = true;
            continue;
        }
        g_routes[j] = g_routes[--g_nroutes];
        r->status = ACL_TDT_QUEUE_ROUTE_UNBIND;
    }
    pthread_mutex_unlock(&g_q_lock);
    if (failed)
        return core_err(ACL_ERROR_FAILURE, "%s: some routes were not bound", fn);
    return ACL_SUCCESS;
}

acltdtQueueRouteQueryInfo *core_tdtq_query_new(const char *fn)
{
    return core_zalloc(sizeof(acltdtQueueRouteQueryInfo), fn);
}

aclError core_tdtq_query_set(acltdtQueueRouteQueryInfo *param,
                             acltdtQueueRouteQueryInfoParamType type, const void *value,
                             const char *fn)
{
    switch (type) {
    case ACL_TDT_QUEUE_ROUTE_QUERY_MODE_ENUM:
        memcpy(&param->mode, value, 4);
        param->has_mode = true;
        return ACL_SUCCESS;
    case ACL_TDT_QUEUE_ROUTE_QUERY_SRC_ID_UINT32:
        memcpy(&param->src, value, 4);
        param->has_src = true;
        return ACL_SUCCESS;
    case ACL_TDT_QUEUE_ROUTE_QUERY_DST_ID_UINT32:
        memcpy(&param->dst, value, 4);
        param->has_dst = true;
        return ACL_SUCCESS;
    default:
        return core_err(ACL_ERROR_INVALID_PARAM, "%s: type %d invalid", fn, (int)type);
    }
}

aclError core_tdtq_query(const acltdtQueueRouteQueryInfo *queryInfo,
                         acltdtQueueRouteList *qRouteList, const char *fn)
{
    int32_t m = queryInfo->has_mode ? queryInfo->mode : ACL_TDT_QUEUE_ROUTE_QUERY_SRC;
    bool need_src =
        m == ACL_TDT_QUEUE_ROUTE_QUERY_SRC || m == ACL_TDT_QUEUE_ROUTE_QUERY_SRC_AND_DST;
    bool need_dst =
        m == ACL_TDT_QUEUE_ROUTE_QUERY_DST || m == ACL_TDT_QUEUE_ROUTE_QUERY_SRC_AND_DST;
    if (m != ACL_TDT_QUEUE_ROUTE_QUERY_ABNORMAL && !need_src && !need_dst)
        return core_err(ACL_ERROR_INVALID_PARAM, "%s: mode %d is invalid", fn, (int)m);
    if ((need_src && !queryInfo->has_src) || (need_dst && !queryInfo->has_dst))
        return core_err(ACL_ERROR_INVALID_PARAM, "%s: the query mode needs the %s id set", fn,
                        need_src && !queryInfo->has_src ? "source" : "destination");
    qRouteList->n = 0;
    int err = 0;
    pthread_mutex_lock(&g_q_lock);
    for (size_t i = 0; i < g_nroutes && !err; i++) {
        const struct acltdtQueueRoute *r = &g_routes[i];
        if (m == ACL_TDT_QUEUE_ROUTE_QUERY_ABNORMAL)
            continue; /* bound routes are never abnormal here */
        if ((need_src && r->srcId != queryInfo->src) || (need_dst && r->dstId != queryInfo->dst))
            continue;
        err = core_tdtq_list_add(qRouteList, r);
    }
    pthread_mutex_unlock(&g_q_lock);
    if (err)
        return core_err(ACL_ERROR_BAD_ALLOC, "%s: out of memory", fn);
    return ACL_SUCCESS;
}
