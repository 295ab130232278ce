/* SPDX-License-Identifier: Apache-2.0 */
/*
 * TDT channels (acl/acl_tdt.h): data items, datasets and channels.
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

#include "acl/acl_tdt.h"
#include "core/err.h"
#include "core/runtime/fault.h"
#include "core/runtime/runtime.h"
#include "core/tdt/bq_pvt.h"

#define TDT_ITEM_MAGIC 0x74647449u /* "tdtI" */
#define TDT_SET_MAGIC 0x74647453u  /* "tdtS" */
#define TDT_CH_MAGIC 0x74647443u   /* "tdtC" */
#define TDT_NAME_MAX 128           /* names incl. the terminator (RT_MQ_MAX_NAME_LEN) */
#define TDT_MAX_DIMS 128
#define TDT_CAP_MIN 2
#define TDT_CAP_MAX 8192
#define TDT_CAP_DEFAULT 128 /* acltdtCreateChannel: docs/runtime.md */

struct acltdtDataItem {
    uint32_t magic;
    acltdtTensorType type;
    aclDataType dt;
    size_t ndims;
    int64_t *dims;
    void *data;
    size_t size;
    bool owns_data;        /* received items own a copy */
    acltdtDataset *owner;  /* the receiving dataset that frees it, or NULL */
    size_t slice_num, slice_id;
};

struct acltdtDataset {
    uint32_t magic;
    bool received; /* items belong to the dataset */
    size_t n, cap;
    acltdtDataItem **items;
    char name[TDT_NAME_MAX];
};

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
    char name[TDT_NAME_MAX];
};

static pthread_mutex_t g_ch_lock = PTHREAD_MUTEX_INITIALIZER;
static struct acltdtChannelHandle *g_ch;

/* ---- data items ------------------------------------------------------------------ */

static bool item_ok(const acltdtDataItem *it)
{
    return it && it->magic == TDT_ITEM_MAGIC;
}

static acltdtDataItem *item_new(acltdtTensorType t, const int64_t *dims, size_t nd,
                                aclDataType dt, void *data, size_t size)
{
    acltdtDataItem *it = core_calloc(1, sizeof(*it));
    if (!it)
        return NULL;
    *it = (acltdtDataItem){
        .magic = TDT_ITEM_MAGIC, .type = t, .dt = dt, .ndims = nd, .data = data, .size = size};
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

static void item_free(acltdtDataItem *it)
{
    if (!it)
        return;
    it->magic = 0;
    if (it->owns_data)
        free(it->data);
    free(it->dims);
    free(it);
}

acltdtDataItem *acltdtCreateDataItem(acltdtTensorType tdtType, const int64_t *dims, size_t dimNum,
                                     aclDataType dataType, void *data, size_t size)
{
    if (tdtType < ACL_TENSOR_DATA_TENSOR || tdtType > ACL_TENSOR_DATA_END_TENSOR) {
        core_err(ACL_ERROR_INVALID_PARAM, "acltdtCreateDataItem: tensor type %d is invalid",
                 (int)tdtType);
        return NULL;
    }
    if (dimNum > TDT_MAX_DIMS || (dimNum && !dims)) {
        core_err(ACL_ERROR_INVALID_PARAM,
                 "acltdtCreateDataItem: dimNum %zu (max %d) or dims NULL", dimNum, TDT_MAX_DIMS);
        return NULL;
    }
    if (size && !data) {
        core_err(ACL_ERROR_INVALID_PARAM, "acltdtCreateDataItem: data is NULL with size %zu",
                 size);
        return NULL;
    }
    for (size_t i = 0; i < dimNum; i++)
        if (dims[i] < -1) { /* -1: unknown dimension */
            core_err(ACL_ERROR_INVALID_PARAM, "acltdtCreateDataItem: dims[%zu] = %lld",
                     i, (long long)dims[i]);
            return NULL;
        }
    acltdtDataItem *it = item_new(tdtType, dims, dimNum, dataType, data, size);
    if (!it)
        core_err(ACL_ERROR_BAD_ALLOC, "acltdtCreateDataItem: out of memory");
    return it;
}

aclError acltdtDestroyDataItem(acltdtDataItem *dataItem)
{
    if (!dataItem)
        return core_err(ACL_ERROR_INVALID_PARAM, "acltdtDestroyDataItem: dataItem is NULL");
    if (!item_ok(dataItem))
        return core_err(ACL_ERROR_INVALID_PARAM, "acltdtDestroyDataItem: not a data item");
    if (dataItem->owner)
        return core_err(ACL_ERROR_INVALID_PARAM,
                        "acltdtDestroyDataItem: the item was received into a dataset, which "
                        "owns it (acltdtDestroyDataset frees it)");
    item_free(dataItem);
    return ACL_SUCCESS;
}

#define ITEM_GET(fn, ret0)                                                           \
    do {                                                                             \
        if (!item_ok(dataItem)) {                                                    \
            core_err(ACL_ERROR_INVALID_PARAM, "%s: dataItem is NULL or invalid", fn); \
            return ret0;                                                             \
        }                                                                            \
    } while (0)

acltdtTensorType acltdtGetTensorTypeFromItem(const acltdtDataItem *dataItem)
{
    ITEM_GET(__func__, ACL_TENSOR_DATA_UNDEFINED);
    return dataItem->type;
}

aclDataType acltdtGetDataTypeFromItem(const acltdtDataItem *dataItem)
{
    ITEM_GET(__func__, ACL_DT_UNDEFINED);
    return dataItem->dt;
}

void *acltdtGetDataAddrFromItem(const acltdtDataItem *dataItem)
{
    ITEM_GET(__func__, NULL);
    return dataItem->data;
}

size_t acltdtGetDataSizeFromItem(const acltdtDataItem *dataItem)
{
    ITEM_GET(__func__, 0);
    return dataItem->size;
}

size_t acltdtGetDimNumFromItem(const acltdtDataItem *dataItem)
{
    ITEM_GET(__func__, 0);
    return dataItem->ndims;
}

aclError acltdtGetSliceInfoFromItem(const acltdtDataItem *dataItem, size_t *sliceNum,
                                    size_t *sliceId)
{
    if (!item_ok(dataItem) || !sliceNum || !sliceId)
        return core_err(ACL_ERROR_INVALID_PARAM,
                        "acltdtGetSliceInfoFromItem: dataItem, sliceNum or sliceId is NULL");
    *sliceNum = dataItem->slice_num;
    *sliceId = dataItem->slice_id;
    return ACL_SUCCESS;
}

aclError acltdtGetDimsFromItem(const acltdtDataItem *dataItem, int64_t *dims, size_t dimNum)
{
    if (!item_ok(dataItem) || (!dims && dataItem->ndims))
        return core_err(ACL_ERROR_INVALID_PARAM, "acltdtGetDimsFromItem: dataItem or dims is NULL");
    if (dimNum < dataItem->ndims)
        return core_err(ACL_ERROR_INVALID_PARAM,
                        "acltdtGetDimsFromItem: dimNum %zu is smaller than the item's %zu dims",
                        dimNum, dataItem->ndims);
    if (dataItem->ndims)
        memcpy(dims, dataItem->dims, dataItem->ndims * sizeof(int64_t));
    return ACL_SUCCESS;
}

/* ---- datasets -------------------------------------------------------------------- */

static bool set_ok(const acltdtDataset *d)
{
    return d && d->magic == TDT_SET_MAGIC;
}

acltdtDataset *acltdtCreateDataset(void)
{
    acltdtDataset *d = core_zalloc(sizeof(*d), "acltdtCreateDataset");
    if (!d)
        return NULL;
    d->magic = TDT_SET_MAGIC;
    return d;
}

static void set_clear_received(acltdtDataset *d)
{
    if (d->received)
        for (size_t i = 0; i < d->n; i++)
            item_free(d->items[i]);
    d->n = 0;
    d->received = false;
}

aclError acltdtDestroyDataset(acltdtDataset *dataset)
{
    if (!set_ok(dataset))
        return core_err(ACL_ERROR_INVALID_PARAM, "acltdtDestroyDataset: dataset is NULL or invalid");
    set_clear_received(dataset);
    dataset->magic = 0;
    free(dataset->items);
    free(dataset);
    return ACL_SUCCESS;
}

static int set_push(acltdtDataset *d, acltdtDataItem *it)
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

aclError acltdtAddDataItem(acltdtDataset *dataset, acltdtDataItem *dataItem)
{
    if (!set_ok(dataset) || !item_ok(dataItem))
        return core_err(ACL_ERROR_INVALID_PARAM,
                        "acltdtAddDataItem: dataset or dataItem is NULL or invalid");
    if (dataset->received)
        return core_err(ACL_ERROR_FEATURE_UNSUPPORTED,
                        "acltdtAddDataItem: the dataset holds received items; items cannot be "
                        "added to it");
    if (dataItem->owner)
        return core_err(ACL_ERROR_INVALID_PARAM,
                        "acltdtAddDataItem: the item belongs to a received dataset");
    if (set_push(dataset, dataItem))
        return core_err(ACL_ERROR_BAD_ALLOC, "acltdtAddDataItem: out of memory");
    return ACL_SUCCESS;
}

acltdtDataItem *acltdtGetDataItem(const acltdtDataset *dataset, size_t index)
{
    if (!set_ok(dataset)) {
        core_err(ACL_ERROR_INVALID_PARAM, "acltdtGetDataItem: dataset is NULL or invalid");
        return NULL;
    }
    if (index >= dataset->n) {
        core_err(ACL_ERROR_INVALID_PARAM,
                 "acltdtGetDataItem: index %zu is greater than or equal to dataset size %zu",
                 index, dataset->n);
        return NULL;
    }
    return dataset->items[index];
}

size_t acltdtGetDatasetSize(const acltdtDataset *dataset)
{
    if (!set_ok(dataset)) {
        core_err(ACL_ERROR_INVALID_PARAM, "acltdtGetDatasetSize: dataset is NULL or invalid");
        return 0;
    }
    return dataset->n;
}

const char *acltdtGetDatasetName(const acltdtDataset *dataset)
{
    if (!set_ok(dataset)) {
        core_err(ACL_ERROR_INVALID_PARAM, "acltdtGetDatasetName: dataset is NULL or invalid");
        return NULL;
    }
    return dataset->name;
}

/* ---- channels -------------------------------------------------------------------- */

static void msg_free(void *p)
{
    struct tdt_msg *m = p;
    for (size_t i = 0; i < m->n; i++)
        item_free(m->items[i]);
    free(m);
}

static acltdtChannelHandle *ch_create(uint32_t dev, const char *name, size_t cap, bool with_cap,
                                      const char *fn)
{
    if (!core_initialised()) {
        core_err(ACL_ERROR_UNINITIALIZE, "%s: aclInit has not been called", fn);
        return NULL;
    }
    if (!name) {
        core_err(ACL_ERROR_INVALID_PARAM, "%s: name is NULL", fn);
        return NULL;
    }
    if (strnlen(name, TDT_NAME_MAX) + 1 > TDT_NAME_MAX) {
        core_err(ACL_ERROR_INVALID_PARAM, "%s: name length %zu cannot be larger than %d", fn,
                 strlen(name) + 1, TDT_NAME_MAX);
        return NULL;
    }
    if (dev >= g_rt.cfg.device_count) {
        core_err(ACL_ERROR_INVALID_PARAM, "%s: device id %u is out of range [0, %u)", fn, dev,
                 g_rt.cfg.device_count);
        return NULL;
    }
    if (with_cap && (cap < TDT_CAP_MIN || cap > TDT_CAP_MAX)) {
        core_err(ACL_ERROR_INVALID_PARAM, "%s: capacity %zu is out of range [%d, %d]", fn, cap,
                 TDT_CAP_MIN, TDT_CAP_MAX);
        return NULL;
    }
    acltdtChannelHandle *h = core_calloc(1, sizeof(*h));
    if (!h || core_bq_init(&h->q, (uint32_t)cap)) {
        free(h);
        core_err(ACL_ERROR_BAD_ALLOC, "%s: out of memory", fn);
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

acltdtChannelHandle *acltdtCreateChannel(uint32_t deviceId, const char *name)
{
    return ch_create(deviceId, name, TDT_CAP_DEFAULT, false, __func__);
}

acltdtChannelHandle *acltdtCreateChannelWithCapacity(uint32_t deviceId, const char *name,
                                                     size_t capacity)
{
    return ch_create(deviceId, name, capacity, true, __func__);
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

aclError acltdtDestroyChannel(acltdtChannelHandle *handle)
{
    if (!handle)
        return core_err(ACL_ERROR_INVALID_PARAM, "acltdtDestroyChannel: handle is NULL");
    pthread_mutex_lock(&g_ch_lock);
    acltdtChannelHandle **pp = &g_ch;
    while (*pp && *pp != handle)
        pp = &(*pp)->next;
    if (!*pp) {
        pthread_mutex_unlock(&g_ch_lock);
        return core_err(ACL_ERROR_INVALID_PARAM,
                        "acltdtDestroyChannel: the handle is not a live channel (destroyed?)");
    }
    *pp = handle->next; /* no new reference can be taken from now on */
    pthread_mutex_unlock(&g_ch_lock);
    core_bq_stop(&handle->q); /* wakes blocked senders and receivers (B2) */
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

/* The calls that act on a live channel's queue under a reference: stop it, or (channels
 * made with a capacity only) drain it or count its messages into *size. */
enum ch_op { CH_STOP, CH_CLEAN, CH_SIZE };

static aclError ch_queue_op(const acltdtChannelHandle *handle, enum ch_op op, size_t *size,
                            const char *fn)
{
    acltdtChannelHandle *c = ch_get(handle, fn);
    if (!c)
        return ACL_ERROR_INVALID_PARAM;
    aclError rc = ACL_SUCCESS;
    if (op == CH_STOP)
        core_bq_stop(&c->q);
    else if (!c->with_cap)
        rc = core_err(ACL_ERROR_FEATURE_UNSUPPORTED,
                      "%s: only channels made by acltdtCreateChannelWithCapacity %s", fn,
                      op == CH_CLEAN ? "can be cleaned" : "report their size");
    else if (op == CH_CLEAN)
        core_bq_drain(&c->q, msg_free);
    else
        *size = core_bq_count(&c->q);
    ch_put(c);
    return rc;
}

aclError acltdtStopChannel(acltdtChannelHandle *handle)
{
    return ch_queue_op(handle, CH_STOP, NULL, __func__);
}

aclError acltdtCleanChannel(acltdtChannelHandle *handle)
{
    return ch_queue_op(handle, CH_CLEAN, NULL, __func__);
}

aclError acltdtQueryChannelSize(const acltdtChannelHandle *handle, size_t *size)
{
    if (!size)
        return core_err(ACL_ERROR_INVALID_PARAM, "acltdtQueryChannelSize: size is NULL");
    return ch_queue_op(handle, CH_SIZE, size, __func__);
}

static aclError bq_code(int r, const char *fn, const char *name, bool send, int32_t timeout)
{
    char what[TDT_NAME_MAX + 16];
    snprintf(what, sizeof(what), "channel '%s'", name);
    return core_bq_err(r, fn, what, send, timeout);
}

aclError acltdtSendTensor(const acltdtChannelHandle *handle, const acltdtDataset *dataset,
                          int32_t timeout)
{
    if (!set_ok(dataset))
        return core_err(ACL_ERROR_INVALID_PARAM, "acltdtSendTensor: dataset is NULL or invalid");
    if (timeout < -1)
        return core_err(ACL_ERROR_INVALID_PARAM, "acltdtSendTensor: timeout %d (use -1, 0 or > 0)",
                        (int)timeout);
    acltdtChannelHandle *c = ch_get(handle, __func__);
    if (!c)
        return ACL_ERROR_INVALID_PARAM;
    struct tdt_msg *m = core_calloc(1, sizeof(*m) + dataset->n * sizeof(acltdtDataItem *));
    aclError rc = ACL_SUCCESS;
    if (!m) {
        rc = core_err(ACL_ERROR_BAD_ALLOC, "acltdtSendTensor: out of memory");
        goto out;
    }
    for (size_t i = 0; i < dataset->n; i++) {
        const acltdtDataItem *s = dataset->items[i];
        void *copy = s->size ? core_malloc(s->size) : NULL;
        acltdtDataItem *it =
            (copy || !s->size) ? item_new(s->type, s->dims, s->ndims, s->dt, copy, s->size) : NULL;
        if (!it) {
            free(copy);
            msg_free(m);
            rc = core_err(ACL_ERROR_BAD_ALLOC, "acltdtSendTensor: out of memory");
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
        rc = bq_code(r, "acltdtSendTensor", c->name, true, timeout);
    }
out:
    ch_put(c);
    return rc;
}

aclError acltdtReceiveTensor(const acltdtChannelHandle *handle, acltdtDataset *dataset,
                             int32_t timeout)
{
    if (!set_ok(dataset))
        return core_err(ACL_ERROR_INVALID_PARAM, "acltdtReceiveTensor: dataset is NULL or invalid");
    if (dataset->n && !dataset->received)
        return core_err(ACL_ERROR_INVALID_PARAM,
                        "acltdtReceiveTensor: the dataset holds items the user added; receive "
                        "into an empty dataset");
    if (timeout < -1)
        return core_err(ACL_ERROR_INVALID_PARAM,
                        "acltdtReceiveTensor: timeout %d (use -1, 0 or > 0)", (int)timeout);
    acltdtChannelHandle *c = ch_get(handle, __func__);
    if (!c)
        return ACL_ERROR_INVALID_PARAM;
    void *p = NULL;
    aclError rc = ACL_SUCCESS;
    int r = core_bq_pop(&c->q, &p, timeout);
    if (r) {
        rc = bq_code(r, "acltdtReceiveTensor", c->name, false, timeout);
        goto out;
    }
    struct tdt_msg *m = p;
    set_clear_received(dataset); /* a dataset reused for the next receive */
    if (dataset->cap < m->n) {
        acltdtDataItem **ni = core_realloc(dataset->items, m->n * sizeof(*ni));
        if (!ni) {
            msg_free(m);
            rc = core_err(ACL_ERROR_BAD_ALLOC, "acltdtReceiveTensor: out of memory");
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
