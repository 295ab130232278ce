/* SPDX-License-Identifier: Apache-2.0 */
/*
 * TDT channels (core/tdt/channel.c) and queues (core/tdt/queue.c): what the surface
 * (core/api/tdt.c) calls. Data items and datasets are plain user records, checked by a
 * magic number; channels and queues are found in the room's registries before any use
 * (a destroyed handle or queue id is rejected, never dereferenced).
 */
#ifndef CPUACL_CORE_TDT_TDT_H
#define CPUACL_CORE_TDT_TDT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "acl/acl_tdt.h"
#include "acl/acl_tdt_queue.h"

struct core_buf; /* core/memory/buf.h */

#define CORE_TDT_ITEM_MAGIC 0x74647449u /* "tdtI" */
#define CORE_TDT_SET_MAGIC 0x74647453u  /* "tdtS" */
#define CORE_TDT_NAME_MAX                                                                          \
    128 /* channel and queue names incl. the terminator (RT_MQ_MAX_NAME_LEN) */
#define CORE_TDT_MAX_DIMS 128
#define CORE_TDT_CAP_MIN 2
#define CORE_TDT_CAP_MAX 8192
#define CORE_TDT_CAP_DEFAULT 128 /* acltdtCreateChannel: docs/runtime.md */
#define CORE_TDTQ_DEPTH_MAX 8192
#define CORE_TDTQ_PERM_ALL                                                                         \
    (ACL_TDT_QUEUE_PERMISSION_MANAGE | ACL_TDT_QUEUE_PERMISSION_DEQUEUE |                          \
     ACL_TDT_QUEUE_PERMISSION_ENQUEUE)

/* ---- channels: data items, datasets (channel.c) ----------------------------------- */

struct acltdtDataItem {
    uint32_t magic;
    acltdtTensorType type;
    aclDataType dt;
    size_t ndims;
    int64_t *dims;
    void *data;
    size_t size;
    bool owns_data;       /* received items own a copy */
    acltdtDataset *owner; /* the receiving dataset that frees it, or NULL */
    size_t slice_num, slice_id;
};

struct acltdtDataset {
    uint32_t magic;
    bool received; /* items belong to the dataset */
    size_t n, cap;
    acltdtDataItem **items;
    char name[CORE_TDT_NAME_MAX];
};

static inline bool core_tdt_item_ok(const acltdtDataItem *it)
{
    return it && it->magic == CORE_TDT_ITEM_MAGIC;
}

static inline bool core_tdt_set_ok(const acltdtDataset *d)
{
    return d && d->magic == CORE_TDT_SET_MAGIC;
}

/* A data item over the caller's data (dims copied; NULL out of memory, nothing
 * recorded); freed (with its data if it owns a copy). */
acltdtDataItem *core_tdt_item_new(acltdtTensorType t, const int64_t *dims, size_t nd,
                                  aclDataType dt, void *data, size_t size);
void core_tdt_item_free(acltdtDataItem *it);
/* An empty dataset (NULL with ACL_ERROR_BAD_ALLOC recorded under fn); freed with the
 * items it received. */
acltdtDataset *core_tdt_set_new(const char *fn);
void core_tdt_set_free(acltdtDataset *d);
/* Append it to the user's dataset d: 0 / -ENOMEM. */
int core_tdt_set_push(acltdtDataset *d, acltdtDataItem *it);

/* ---- channels (channel.c) --------------------------------------------------------- */

/* A channel of dev named name (arguments checked) holding cap messages; with_cap: made
 * by acltdtCreateChannelWithCapacity. NULL out of memory, nothing recorded. */
acltdtChannelHandle *core_tdt_channel_new(uint32_t dev, const char *name, size_t cap,
                                          bool with_cap);
/* Destroy the live channel h (not NULL): ACL_ERROR_INVALID_PARAM under fn if it is not. */
aclError core_tdt_channel_destroy(acltdtChannelHandle *h, const char *fn);
/* The calls that act on a live channel's queue: stop it, or (channels made with a
 * capacity only) drain it or count its messages into *size. */
enum core_tdt_ch_op { CORE_TDT_CH_STOP, CORE_TDT_CH_CLEAN, CORE_TDT_CH_SIZE };
aclError core_tdt_channel_op(const acltdtChannelHandle *h, enum core_tdt_ch_op op, size_t *size,
                             const char *fn);
/* Send a copy of dataset (live) to channel h, receive a message into dataset (live,
 * empty or holding received items); timeout -1, 0 or > 0 ms. */
aclError core_tdt_send(const acltdtChannelHandle *h, const acltdtDataset *dataset, int32_t timeout,
                       const char *fn);
aclError core_tdt_receive(const acltdtChannelHandle *h, acltdtDataset *dataset, int32_t timeout,
                          const char *fn);

/* ---- queues (queue.c) ------------------------------------------------------------- */

/* Queue attributes, routes, route lists and route queries: new ones (NULL with
 * ACL_ERROR_BAD_ALLOC recorded under fn), freed (route lists with their routes). */
acltdtQueueAttr *core_tdtq_attr_new(const char *fn);
acltdtQueueRoute *core_tdtq_route_new(uint32_t src, uint32_t dst, const char *fn);
acltdtQueueRouteList *core_tdtq_list_new(const char *fn);
acltdtQueueRouteQueryInfo *core_tdtq_query_new(const char *fn);
void core_tdtq_record_free(const void *attr_route_or_query);
void core_tdtq_list_free(const acltdtQueueRouteList *l);
/* Set or get one attribute of attr (not NULL; param not NULL), checked by type. */
aclError core_tdtq_attr_set(acltdtQueueAttr *attr, acltdtQueueAttrType type, size_t len,
                            const void *param, const char *fn);
aclError core_tdtq_attr_get(const acltdtQueueAttr *attr, acltdtQueueAttrType type, size_t len,
                            size_t *paramRetSize, void *param, const char *fn);
/* The depth a queue made with attr (NULL: the default) would have. */
uint32_t core_tdtq_depth(const acltdtQueueAttr *attr);
/* One field of a route (not NULL), checked by type and len. */
aclError core_tdtq_route_param(const acltdtQueueRoute *route, acltdtQueueRouteParamType type,
                               size_t len, size_t *paramRetSize, void *param, const char *fn);
/* Route lists: append a copy of r (0 / -ENOMEM), the number of routes, route index
 * (< the number) copied out. */
int core_tdtq_list_add(acltdtQueueRouteList *l, const acltdtQueueRoute *r);
size_t core_tdtq_list_count(const acltdtQueueRouteList *l);
void core_tdtq_list_get(const acltdtQueueRouteList *l, size_t index, acltdtQueueRoute *route);
/* Set one field of a route query (value of 4 bytes), checked by type. */
aclError core_tdtq_query_set(acltdtQueueRouteQueryInfo *q, acltdtQueueRouteQueryInfoParamType type,
                             const void *value, const char *fn);

/* A queue made with attr (NULL: defaults) and depth (checked), its id into *qid; destroyed
 * (ACL_ERROR_FAILURE while it is in a bound route). Errors recorded under fn. */
aclError core_tdtq_create(const acltdtQueueAttr *attr, uint32_t depth, uint32_t *qid,
                          const char *fn);
aclError core_tdtq_destroy(uint32_t qid, const char *fn);
/* Enqueue b (an unchained head buffer) onto qid, following its bound routes: b is consumed
 * on success. Dequeue into *buf. timeout -1, 0 or > 0 ms. */
aclError core_tdtq_enqueue(uint32_t qid, struct core_buf *b, int32_t timeout, const char *fn);
aclError core_tdtq_dequeue(uint32_t qid, acltdtBuf *buf, int32_t timeout, const char *fn);
/* Enqueue a new buffer holding a copy of data and userData (checked); dequeue one into
 * data (if it fits: else it stays queued) and userData. */
aclError core_tdtq_enqueue_data(uint32_t qid, const void *data, size_t dataSize,
                                const void *userData, size_t userDataSize, int32_t timeout,
                                const char *fn);
aclError core_tdtq_dequeue_data(uint32_t qid, void *data, size_t dataSize, size_t *retDataSize,
                                void *userData, size_t userDataSize, int32_t timeout,
                                const char *fn);
/* Grant pid permission (checked) on qid; the calling process's permissions on qid. */
aclError core_tdtq_grant(uint32_t qid, int32_t pid, uint32_t permission, const char *fn);
aclError core_tdtq_attach(uint32_t qid, uint32_t *permission, const char *fn);
/* Bind / unbind the routes of a list (statuses set), routes matching a query into a list. */
aclError core_tdtq_bind(acltdtQueueRouteList *l, const char *fn);
aclError core_tdtq_unbind(acltdtQueueRouteList *l, const char *fn);
aclError core_tdtq_query(const acltdtQueueRouteQueryInfo *q, acltdtQueueRouteList *l,
                         const char *fn);

#endif
