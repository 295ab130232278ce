/* SPDX-License-Identifier: Apache-2.0 */
/*
 * TDT channels (acl/acl_tdt.h): data items, datasets and channels. The entry points,
 * their argument checks and errors are in core/api/tdt.c; the records are in
 * core/tdt/tdt.h.
 *
 * A channel is a core_bq (core/tdt/bq_pvt.h) of messages; a message is a copy of one
 * sent dataset (each item's bytes copied), so the sender may reuse its
 * buffers as soon as acltdtSendTensor returns. acltdtReceiveTensor moves one
 * message's items into the receiver's dataset, which owns them from then on
 * (acltdtDestroyDataset frees them).
 *
 * Handles: channels are found in a registry (g_ch, under g_ch_lock) before
 * any use, so a destroyed channel handle is rejected and never dereferenced.
 * A call that found a channel holds a reference (refs, under g_ch_lock);
 * destroy unlinks the channel, stops its queue (waking blocked senders and
 * receivers) and frees it once the last reference is dropped. Items and
 * datasets are plain user objects checked by a magic number.
 */
#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/err.h"
#include "core/runtime/fault.h"
#include "core/runtime/runtime.h"
#include "core/tdt/bq_pvt.h"
#include "core/tdt/tdt.h"

#define TDT_CH_MAGIC 0x74647443u /* "tdtC" */

struct tdt_msg {
    size_t n;
    acltdtDataItem *items[];
};

struct acltdtChannelHandle {
    uint32_t magic;
    uint32_t dev;
    bool with_cap;
    uint32_t refs; /* g_ch_lock */
    struct core_bq q;
    struct acltdtChannelHandle *next; /* g_ch list, g_ch_lock */
    pthread_cond_t gone;              /* refs reached 0 (g_ch_lock) */
    char name[CORE_TDT_NAME_MAX];
};

static pthread_mutex_t g_ch_lock = PTHREAD_MUTEX_INITIALIZER;
static struct acltdtChannelHandle *g_ch;

/* ---- data items ------------------------------------------------------------------ */

acltdtDataItem *core_tdt_item_new(acltdtTensorType t, const int64_t *dims, size_t nd,
                                  aclDataType dt, void *data, size_t size)
{
    acltdtDataItem *it = core_calloc(1, sizeof(*it));
    if (!it)
        return NULL;
    *it = (acltdtDataItem){
        .magic = CORE_TDT_ITEM_MAGIC, .type = t, .dt = dt, .ndims = nd, .data = data, .size = size};
    if (nd) {
        it->dims = core_malloc(nd * sizeof(int64_t));
        if (!it->dims) {
            free(it);
            return NULL;
        }
        memcpy(it->dims, dims, nd * sizeof(int64_t));
    }
    return it;
}

void core_tdt_item_free(acltdtDataItem *it)
{
    if (!it)
        return;
    it->magic = 0;
    if (it->owns_data)
        free(it->data);
    free(it->dims);
    free(it);
}

/* ---- datasets -------------------------------------------------------------------- */

acltdtDataset *core_tdt_set_new(const char *fn)
{
    acltdtDataset *d = core_zalloc(sizeof(*d), fn);
    if (!d)
        return NULL;
    d->magic = CORE_TDT_SET_MAGIC;
    return d;
}

static void set_clear_received(acltdtDataset *d)
{
    if (d->received)
        for (size_t i = 0; i < d->n; i++)
            core_tdt_item_free(d->items[i]);
    d->n = 0;
    d->received = false;
}

void core_tdt_set_free(acltdtDataset *dataset)
{
    set_clear_received(dataset);
    dataset->magic = 0;
    free(dataset->items);
    free(dataset);
}

int core_tdt_set_push(acltdtDataset *d, acltdtDataItem *it)
{
    if (d->n == d->cap) {
        size_t nc = d->cap ? 2 * d->cap : 4;
        acltdtDataItem **ni = core_realloc(d->items, nc * sizeof(*ni));
        if (!ni)
            return -ENOMEM;
        d->items = ni;
        d->cap = nc;
    }
    d->items[d->n++] = it;
    return 0;
}

/* ---- channels -------------------------------------------------------------------- */

static void msg_free(void *p)
{
    struct tdt_msg *m = p;
    for (size_t i = 0; i < m->n; i++)
        core_tdt_item_free(m->items[i]);
    free(m);
}

acltdtChannelHandle *core_tdt_channel_new(uint32_t dev, const char *name, size_t cap, bool with_cap)
{
    acltdtChannelHandle *h = core_calloc(1, sizeof(*h));
    if (!h || core_bq_init(&h->q, (uint32_t)cap)) {
        free(h);
        return NULL;
    }
    h->magic = TDT_CH_MAGIC;
    h->dev = dev;
    h->with_cap = with_cap;
    strcpy(h->name, name);
    pthread_cond_init(&h->gone, NULL);
    pthread_mutex_lock(&g_ch_lock);
    h->next = g_ch;
    g_ch = h;
    pthread_mutex_unlock(&g_ch_lock);
    return h;
}

/* Find a live channel and take a reference; NULL (message recorded) if none. */
static acltdtChannelHandle *ch_get(const acltdtChannelHandle *h, const char *fn)
{
    if (!h) {
        core_err(ACL_ERROR_INVALID_PARAM, "%s: handle is NULL", fn);
        return NULL;
    }
    pthread_mutex_lock(&g_ch_lock);
    acltdtChannelHandle *c = g_ch;
    while (c && c != h)
        c = c->next;
    if (c)
        c->refs++;
    pthread_mutex_unlock(&g_ch_lock);
    if (!c)
        core_err(ACL_ERROR_INVALID_PARAM, "%s: the channel handle is not a live channel "
                                          "(destroyed?)", fn);
    return c;
}

static void ch_put(acltdtChannelHandle *c)
{
    pthread_mutex_lock(&g_ch_lock);
    if (--c->refs == 0)
        pthread_cond_broadcast(&c->gone);
    pthread_mutex_unlock(&g_ch_lock);
}

aclError core_tdt_channel_destroy(acltdtChannelHandle *handle, const char *fn)
{
    pthread_mutex_lock(&g_ch_lock);
    acltdtChannelHandle **pp = &g_ch;
    while (*pp && *pp != handle)
        pp = &(*pp)->next;
    if (!*pp) {
        pthread_mutex_unlock(&g_ch_lock);
        return core_err(ACL_ERROR_INVALID_PARAM,
                        "%s: the handle is not a live channel (destroyed?)", fn);
    }
    *pp = handle->next; /* no new reference can be taken from now on */
    pthread_mutex_unlock(&g_ch_lock);
    core_bq_stop(&handle->q); /* wakes blocked senders and receivers (BQ2) */
    pthread_mutex_lock(&g_ch_lock);
    while (handle->refs)
        pthread_cond_wait(&handle->gone, &g_ch_lock);
    pthread_mutex_unlock(&g_ch_lock);
    core_bq_drain(&handle->q, msg_free);
    core_bq_fini(&handle->q);
    pthread_cond_destroy(&handle->gone);
    handle->magic = 0;
    free(handle);
    return ACL_SUCCESS;
}

aclError core_tdt_channel_op(const acltdtChannelHandle *handle, enum core_tdt_ch_op op,
                             size_t *size, const char *fn)
{
    acltdtChannelHandle *c = ch_get(handle, fn);
    if (!c)
        return ACL_ERROR_INVALID_PARAM;
    aclError rc = ACL_SUCCESS;
    if (op == CORE_TDT_CH_STOP)
        core_bq_stop(&c->q);
    else if (!c->with_cap)
        rc = core_err(ACL_ERROR_FEATURE_UNSUPPORTED,
                      "%s: only channels made by acltdtCreateChannelWithCapacity %s", fn,
                      op == CORE_TDT_CH_CLEAN ? "can be cleaned" : "report their size");
    else if (op == CORE_TDT_CH_CLEAN)
        core_bq_drain(&c->q, msg_free);
    else
        *size = core_bq_count(&c->q);
    ch_put(c);
    return rc;
}

static aclError bq_code(int r, const char *fn, const char *name, bool send, int32_t timeout)
{
    char what[CORE_TDT_NAME_MAX + 16];
    snprintf(what, sizeof(what), "channel '%s'", name);
    return core_bq_err(r, fn, what, send, timeout);
}

aclError core_tdt_send(const acltdtChannelHandle *handle, const acltdtDataset *dataset,
                       int32_t timeout, const char *fn)
{
    acltdtChannelHandle *c = ch_get(handle, fn);
    if (!c)
        return ACL_ERROR_INVALID_PARAM;
    struct tdt_msg *m = core_calloc(1, sizeof(*m) + dataset->n * sizeof(acltdtDataItem *));
    aclError rc = ACL_SUCCESS;
    if (!m) {
        rc = core_err(ACL_ERROR_BAD_ALLOC, "%s: out of memory", fn);
        goto out;
    }
    for (size_t i = 0; i < dataset->n; i++) {
        const acltdtDataItem *s = dataset->items[i];
        void *copy = s->size ? core_malloc(s->size) : NULL;
        acltdtDataItem *it =
            (copy || !s->size) ? core_tdt_item_new(s->type, s->dims, s->ndims, s->dt, copy, s->size)
                               : NULL;
        if (!it) {
            free(copy);
            msg_free(m);
            rc = core_err(ACL_ERROR_BAD_ALLOC, "%s: out of memory", fn);
            goto out;
        }
        if (s->size)
            memcpy(copy, s->data, s->size);
        it->owns_data = true;
        it->slice_num = s->slice_num;
        it->slice_id = s->slice_id;
        m->items[m->n++] = it;
    }
    int r = core_bq_push(&c->q, m, timeout);
    if (r) {
        msg_free(m);
        rc = bq_code(r, fn, c->name, true, timeout);
    }
out:
    ch_put(c);
    return rc;
}

aclError core_tdt_receive(const acltdtChannelHandle *handle, acltdtDataset *dataset,
                          int32_t timeout, const char *fn)
{
    acltdtChannelHandle *c = ch_get(handle, fn);
    if (!c)
        return ACL_ERROR_INVALID_PARAM;
    void *p = NULL;
    aclError rc = ACL_SUCCESS;
    int r = core_bq_pop(&c->q, &p, timeout);
    if (r) {
        rc = bq_code(r, fn, c->name, false, timeout);
        goto out;
    }
    struct tdt_msg *m = p;
    set_clear_received(dataset); /* a dataset reused for the next receive */
    if (dataset->cap < m->n) {
        acltdtDataItem **ni = core_realloc(dataset->items, m->n * sizeof(*ni));
        if (!ni) {
            msg_free(m);
            rc = core_err(ACL_ERROR_BAD_ALLOC, "%s: out of memory", fn);
            goto out;
        }
        dataset->items = ni;
        dataset->cap = m->n;
    }
    for (size_t i = 0; i < m->n; i++) {
        m->items[i]->owner = dataset;
        dataset->items[i] = m->items[i];
    }
    dataset->n = m->n;
    dataset->received = true;
    strcpy(dataset->name, c->name);
    free(m);
out:
    ch_put(c);
    return rc;
}
