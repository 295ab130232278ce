/* SPDX-License-Identifier: Apache-2.0 */
/*
 * The surface of TDT (issue 26): channels, data items and datasets (acl/acl_tdt.h:
 * acltdt*), queues, routes and the shared buffers seen as acltdtBuf
 * (acl/acl_tdt_queue.h: acltdt*). Each entry point checks its arguments, records errors
 * and calls the tdt room (core/tdt/tdt.h) or, for buffers, the memory room
 * (core/memory/buf.h), with its own name as fn.
 */
#include <stdbool.h>
#include <stdint.h>
#include <string.h>

#include "acl/acl_tdt.h"
#include "acl/acl_tdt_queue.h"
#include "core/err.h"
#include "core/memory/buf.h"
#include "core/runtime/runtime.h"
#include "core/tdt/tdt.h"

/* ---- data items ------------------------------------------------------------------ */

acltdtDataItem *acltdtCreateDataItem(acltdtTensorType tdtType, const int64_t *dims, size_t dimNum,
                                     aclDataType dataType, void *data, size_t size)
{
    if (tdtType < ACL_TENSOR_DATA_TENSOR || tdtType > ACL_TENSOR_DATA_END_TENSOR) {
        core_err(ACL_ERROR_INVALID_PARAM, "acltdtCreateDataItem: tensor type %d is invalid",
                 (int)tdtType);
        return NULL;
    }
    if (dimNum > CORE_TDT_MAX_DIMS || (dimNum && !dims)) {
        core_err(ACL_ERROR_INVALID_PARAM, "acltdtCreateDataItem: dimNum %zu (max %d) or dims NULL",
                 dimNum, CORE_TDT_MAX_DIMS);
        return NULL;
    }
    if (size && !data) {
        core_err(ACL_ERROR_INVALID_PARAM, "acltdtCreateDataItem: data is NULL with size %zu", size);
        return NULL;
    }
    for (size_t i = 0; i < dimNum; i++)
        if (dims[i] < -1) { /* -1: unknown dimension */
            core_err(ACL_ERROR_INVALID_PARAM, "acltdtCreateDataItem: dims[%zu] = %lld", i,
                     (long long)dims[i]);
            return NULL;
        }
    acltdtDataItem *it = core_tdt_item_new(tdtType, dims, dimNum, dataType, data, size);
    if (!it)
        core_err(ACL_ERROR_BAD_ALLOC, "acltdtCreateDataItem: out of memory");
    return it;
}

aclError acltdtDestroyDataItem(acltdtDataItem *dataItem)
{
    if (!dataItem)
        return core_err(ACL_ERROR_INVALID_PARAM, "acltdtDestroyDataItem: dataItem is NULL");
    if (!core_tdt_item_ok(dataItem))
        return core_err(ACL_ERROR_INVALID_PARAM, "acltdtDestroyDataItem: not a data item");
    if (dataItem->owner)
        return core_err(ACL_ERROR_INVALID_PARAM,
                        "acltdtDestroyDataItem: the item was received into a dataset, which "
                        "owns it (acltdtDestroyDataset frees it)");
    core_tdt_item_free(dataItem);
    return ACL_SUCCESS;
}

/* The item and dataset getters' check: ok, with "fn: what is NULL or invalid" recorded
 * unless it is. */
static bool checked(bool ok, const char *what, const char *fn)
{
    if (!ok)
        core_err(ACL_ERROR_INVALID_PARAM, "%s: %s is NULL or invalid", fn, what);
    return ok;
}

acltdtTensorType acltdtGetTensorTypeFromItem(const acltdtDataItem *dataItem)
{
    return checked(core_tdt_item_ok(dataItem), "dataItem", __func__) ? dataItem->type
                                                                     : ACL_TENSOR_DATA_UNDEFINED;
}

aclDataType acltdtGetDataTypeFromItem(const acltdtDataItem *dataItem)
{
    return checked(core_tdt_item_ok(dataItem), "dataItem", __func__) ? dataItem->dt
                                                                     : ACL_DT_UNDEFINED;
}

void *acltdtGetDataAddrFromItem(const acltdtDataItem *dataItem)
{
    return checked(core_tdt_item_ok(dataItem), "dataItem", __func__) ? dataItem->data : NULL;
}

size_t acltdtGetDataSizeFromItem(const acltdtDataItem *dataItem)
{
    return checked(core_tdt_item_ok(dataItem), "dataItem", __func__) ? dataItem->size : 0;
}

size_t acltdtGetDimNumFromItem(const acltdtDataItem *dataItem)
{
    return checked(core_tdt_item_ok(dataItem), "dataItem", __func__) ? dataItem->ndims : 0;
}

aclError acltdtGetSliceInfoFromItem(const acltdtDataItem *dataItem, size_t *sliceNum,
                                    size_t *sliceId)
{
    if (!core_tdt_item_ok(dataItem) || !sliceNum || !sliceId)
        return core_err(ACL_ERROR_INVALID_PARAM,
                        "acltdtGetSliceInfoFromItem: dataItem, sliceNum or sliceId is NULL");
    *sliceNum = dataItem->slice_num;
    *sliceId = dataItem->slice_id;
    return ACL_SUCCESS;
}

aclError acltdtGetDimsFromItem(const acltdtDataItem *dataItem, int64_t *dims, size_t dimNum)
{
    if (!core_tdt_item_ok(dataItem) || (!dims && dataItem->ndims))
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

acltdtDataset *acltdtCreateDataset(void)
{
    return core_tdt_set_new(__func__);
}

aclError acltdtDestroyDataset(acltdtDataset *dataset)
{
    if (!core_tdt_set_ok(dataset))
        return core_err(ACL_ERROR_INVALID_PARAM,
                        "acltdtDestroyDataset: dataset is NULL or invalid");
    core_tdt_set_free(dataset);
    return ACL_SUCCESS;
}

aclError acltdtAddDataItem(acltdtDataset *dataset, acltdtDataItem *dataItem)
{
    if (!core_tdt_set_ok(dataset) || !core_tdt_item_ok(dataItem))
        return core_err(ACL_ERROR_INVALID_PARAM,
                        "acltdtAddDataItem: dataset or dataItem is NULL or invalid");
    if (dataset->received)
        return core_err(ACL_ERROR_FEATURE_UNSUPPORTED,
                        "acltdtAddDataItem: the dataset holds received items; items cannot be "
                        "added to it");
    if (dataItem->owner)
        return core_err(ACL_ERROR_INVALID_PARAM,
                        "acltdtAddDataItem: the item belongs to a received dataset");
    if (core_tdt_set_push(dataset, dataItem))
        return core_err(ACL_ERROR_BAD_ALLOC, "acltdtAddDataItem: out of memory");
    return ACL_SUCCESS;
}

acltdtDataItem *acltdtGetDataItem(const acltdtDataset *dataset, size_t index)
{
    if (!checked(core_tdt_set_ok(dataset), "dataset", __func__))
        return NULL;
    if (index >= dataset->n) {
        core_err(ACL_ERROR_INVALID_PARAM,
                 "acltdtGetDataItem: index %zu is greater than or equal to dataset size %zu", index,
                 dataset->n);
        return NULL;
    }
    return dataset->items[index];
}

size_t acltdtGetDatasetSize(const acltdtDataset *dataset)
{
    return checked(core_tdt_set_ok(dataset), "dataset", __func__) ? dataset->n : 0;
}

const char *acltdtGetDatasetName(const acltdtDataset *dataset)
{
    return checked(core_tdt_set_ok(dataset), "dataset", __func__) ? dataset->name : NULL;
}

/* ---- channels -------------------------------------------------------------------- */

/* acltdtCreateChannel (with_cap false: the default capacity) and
 * acltdtCreateChannelWithCapacity under the name fn. */
static acltdtChannelHandle *create_channel(uint32_t dev, const char *name, size_t cap,
                                           bool with_cap, const char *fn)
{
    if (!core_initialised()) {
        core_err(ACL_ERROR_UNINITIALIZE, "%s: aclInit has not been called", fn);
        return NULL;
    }
    if (!name) {
        core_err(ACL_ERROR_INVALID_PARAM, "%s: name is NULL", fn);
        return NULL;
    }
    if (strnlen(name, CORE_TDT_NAME_MAX) + 1 > CORE_TDT_NAME_MAX) {
        core_err(ACL_ERROR_INVALID_PARAM, "%s: name length %zu cannot be larger than %d", fn,
                 strlen(name) + 1, CORE_TDT_NAME_MAX);
        return NULL;
    }
    if (dev >= g_rt.cfg.device_count) {
        core_err(ACL_ERROR_INVALID_PARAM, "%s: device id %u is out of range [0, %u)", fn, dev,
                 g_rt.cfg.device_count);
        return NULL;
    }
    if (with_cap && (cap < CORE_TDT_CAP_MIN || cap > CORE_TDT_CAP_MAX)) {
        core_err(ACL_ERROR_INVALID_PARAM, "%s: capacity %zu is out of range [%d, %d]", fn, cap,
                 CORE_TDT_CAP_MIN, CORE_TDT_CAP_MAX);
        return NULL;
    }
    acltdtChannelHandle *h = core_tdt_channel_new(dev, name, cap, with_cap);
    if (!h)
        core_err(ACL_ERROR_BAD_ALLOC, "%s: out of memory", fn);
    return h;
}

acltdtChannelHandle *acltdtCreateChannel(uint32_t deviceId, const char *name)
{
    return create_channel(deviceId, name, CORE_TDT_CAP_DEFAULT, false, __func__);
}

acltdtChannelHandle *acltdtCreateChannelWithCapacity(uint32_t deviceId, const char *name,
                                                     size_t capacity)
{
    return create_channel(deviceId, name, capacity, true, __func__);
}

aclError acltdtDestroyChannel(acltdtChannelHandle *handle)
{
    if (!handle)
        return core_err(ACL_ERROR_INVALID_PARAM, "acltdtDestroyChannel: handle is NULL");
    return core_tdt_channel_destroy(handle, __func__);
}

aclError acltdtStopChannel(acltdtChannelHandle *handle)
{
    return core_tdt_channel_op(handle, CORE_TDT_CH_STOP, NULL, __func__);
}

aclError acltdtCleanChannel(acltdtChannelHandle *handle)
{
    return core_tdt_channel_op(handle, CORE_TDT_CH_CLEAN, NULL, __func__);
}

aclError acltdtQueryChannelSize(const acltdtChannelHandle *handle, size_t *size)
{
    if (!size)
        return core_err(ACL_ERROR_INVALID_PARAM, "acltdtQueryChannelSize: size is NULL");
    return core_tdt_channel_op(handle, CORE_TDT_CH_SIZE, size, __func__);
}

aclError acltdtSendTensor(const acltdtChannelHandle *handle, const acltdtDataset *dataset,
                          int32_t timeout)
{
    if (!core_tdt_set_ok(dataset))
        return core_err(ACL_ERROR_INVALID_PARAM, "acltdtSendTensor: dataset is NULL or invalid");
    if (timeout < -1)
        return core_err(ACL_ERROR_INVALID_PARAM, "acltdtSendTensor: timeout %d (use -1, 0 or > 0)",
                        (int)timeout);
    return core_tdt_send(handle, dataset, timeout, __func__);
}

aclError acltdtReceiveTensor(const acltdtChannelHandle *handle, acltdtDataset *dataset,
                             int32_t timeout)
{
    if (!core_tdt_set_ok(dataset))
        return core_err(ACL_ERROR_INVALID_PARAM, "acltdtReceiveTensor: dataset is NULL or invalid");
    if (dataset->n && !dataset->received)
        return core_err(ACL_ERROR_INVALID_PARAM,
                        "acltdtReceiveTensor: the dataset holds items the user added; receive "
                        "into an empty dataset");
    if (timeout < -1)
        return core_err(ACL_ERROR_INVALID_PARAM,
                        "acltdtReceiveTensor: timeout %d (use -1, 0 or > 0)", (int)timeout);
    return core_tdt_receive(handle, dataset, timeout, __func__);
}

/* ---- buffers (the shared implementation, core/memory/buf.c) ---------------------------- */

aclError acltdtAllocBuf(size_t size, uint32_t type, acltdtBuf *buf)
{
    if (buf && type != ACL_TDT_NORMAL_MEM && type != ACL_TDT_DVPP_MEM)
        return core_err(ACL_ERROR_INVALID_PARAM, "acltdtAllocBuf: type %u is invalid", type);
    return core_buf_alloc(buf, size, true, __func__);
}

aclError acltdtFreeBuf(acltdtBuf buf)
{
    return core_buf_free(buf, __func__);
}

aclError acltdtGetBufData(const acltdtBuf buf, void **dataPtr, size_t *size)
{
    return core_buf_get_data(buf, dataPtr, size, __func__);
}

aclError acltdtSetBufDataLen(acltdtBuf buf, size_t len)
{
    return core_buf_set_len(buf, len, __func__);
}

aclError acltdtGetBufDataLen(acltdtBuf buf, size_t *len)
{
    return core_buf_get_len(buf, len, __func__);
}

aclError acltdtAppendBufChain(acltdtBuf headBuf, acltdtBuf buf)
{
    return core_buf_append(headBuf, buf, __func__);
}

aclError acltdtGetBufChainNum(acltdtBuf headBuf, uint32_t *num)
{
    return core_buf_chain_num(headBuf, num, __func__);
}

aclError acltdtGetBufFromChain(acltdtBuf headBuf, uint32_t index, acltdtBuf *buf)
{
    return core_buf_from_chain(headBuf, index, buf, __func__);
}

aclError acltdtGetBufUserData(const acltdtBuf buf, void *dataPtr, size_t size, size_t offset)
{
    return core_buf_user_data(buf, dataPtr, size, offset, false, __func__);
}

aclError acltdtSetBufUserData(acltdtBuf buf, const void *dataPtr, size_t size, size_t offset)
{
    return core_buf_user_data(buf, (void *)dataPtr, size, offset, true, __func__);
}

aclError acltdtCopyBufRef(const acltdtBuf buf, acltdtBuf *newBuf)
{
    return core_buf_copy_ref(buf, newBuf, __func__);
}

/* ---- queue attributes ------------------------------------------------------------ */

acltdtQueueAttr *acltdtCreateQueueAttr(void)
{
    return core_tdtq_attr_new(__func__);
}

/* acltdtDestroyQueueAttr, acltdtDestroyQueueRoute, acltdtDestroyQueueRouteQueryInfo: the
 * record p, the argument named what, freed. */
static aclError destroy_record(const void *p, const char *what, const char *fn)
{
    if (!p)
        return core_err(ACL_ERROR_INVALID_PARAM, "%s: %s is NULL", fn, what);
    core_tdtq_record_free(p);
    return ACL_SUCCESS;
}

aclError acltdtDestroyQueueAttr(const acltdtQueueAttr *attr)
{
    return destroy_record(attr, "attr", __func__);
}

aclError acltdtSetQueueAttr(acltdtQueueAttr *attr, acltdtQueueAttrType type, size_t len,
                            const void *param)
{
    if (!attr || !param)
        return core_err(ACL_ERROR_INVALID_PARAM, "acltdtSetQueueAttr: attr or param is NULL");
    return core_tdtq_attr_set(attr, type, len, param, __func__);
}

aclError acltdtGetQueueAttr(const acltdtQueueAttr *attr, acltdtQueueAttrType type, size_t len,
                            size_t *paramRetSize, void *param)
{
    if (!attr || !param || !paramRetSize)
        return core_err(ACL_ERROR_INVALID_PARAM,
                        "acltdtGetQueueAttr: attr, paramRetSize or param is NULL");
    return core_tdtq_attr_get(attr, type, len, paramRetSize, param, __func__);
}

/* ---- queues ---------------------------------------------------------------------- */

aclError acltdtCreateQueue(const acltdtQueueAttr *attr, uint32_t *qid)
{
    CORE_REQUIRE_INIT();
    if (!qid)
        return core_err(ACL_ERROR_INVALID_PARAM, "acltdtCreateQueue: qid is NULL");
    uint32_t depth = core_tdtq_depth(attr);
    if (depth < 2 || depth > CORE_TDTQ_DEPTH_MAX)
        return core_err(ACL_ERROR_INVALID_PARAM,
                        "acltdtCreateQueue: depth %u is out of range [2, %d]", depth,
                        CORE_TDTQ_DEPTH_MAX);
    return core_tdtq_create(attr, depth, qid, __func__);
}

aclError acltdtDestroyQueue(uint32_t qid)
{
    return core_tdtq_destroy(qid, __func__);
}

aclError acltdtEnqueue(uint32_t qid, acltdtBuf buf, int32_t timeout)
{
    if (timeout < -1)
        return core_err(ACL_ERROR_INVALID_PARAM, "acltdtEnqueue: timeout %d", (int)timeout);
    struct core_buf *b = core_buf_get(buf);
    if (!b)
        return core_err(ACL_ERROR_INVALID_PARAM, "acltdtEnqueue: buf is NULL or invalid");
    /* the queue owns the buffer from here until it is dequeued (core/memory/buf.c B4) */
    aclError rc = core_buf_enqueue_begin(b, __func__);
    if (!rc && (rc = core_tdtq_enqueue(qid, b, timeout, __func__)))
        core_buf_dequeued(b); /* not queued: the user's again */
    core_buf_put(b);
    return rc;
}

aclError acltdtDequeue(uint32_t qid, acltdtBuf *buf, int32_t timeout)
{
    if (!buf)
        return core_err(ACL_ERROR_INVALID_PARAM, "acltdtDequeue: buf is NULL");
    if (timeout < -1)
        return core_err(ACL_ERROR_INVALID_PARAM, "acltdtDequeue: timeout %d", (int)timeout);
    return core_tdtq_dequeue(qid, buf, timeout, __func__);
}

/* The checks acltdtEnqueueData and acltdtDequeueData make after their NULL checks. */
static aclError data_checked(size_t userDataSize, int32_t timeout, const char *fn)
{
    if (userDataSize > CORE_BUF_PRIV)
        return core_err(ACL_ERROR_INVALID_PARAM, "%s: userDataSize %zu exceeds %d bytes", fn,
                        userDataSize, CORE_BUF_PRIV);
    if (timeout < -1)
        return core_err(ACL_ERROR_INVALID_PARAM, "%s: timeout %d", fn, (int)timeout);
    return ACL_SUCCESS;
}

aclError acltdtEnqueueData(uint32_t qid, const void *data, size_t dataSize, const void *userData,
                           size_t userDataSize, int32_t timeout, uint32_t rsv)
{
    (void)rsv; /* reserved */
    if ((!data && dataSize) || (!userData && userDataSize))
        return core_err(ACL_ERROR_INVALID_PARAM, "acltdtEnqueueData: data or userData is NULL");
    aclError rc = data_checked(userDataSize, timeout, __func__);
    if (rc)
        return rc;
    return core_tdtq_enqueue_data(qid, data, dataSize, userData, userDataSize, timeout, __func__);
}

aclError acltdtDequeueData(uint32_t qid, void *data, size_t dataSize, size_t *retDataSize,
                           void *userData, size_t userDataSize, int32_t timeout)
{
    if ((!data && dataSize) || !retDataSize || (!userData && userDataSize))
        return core_err(ACL_ERROR_INVALID_PARAM,
                        "acltdtDequeueData: data, retDataSize or userData is NULL");
    aclError rc = data_checked(userDataSize, timeout, __func__);
    if (rc)
        return rc;
    return core_tdtq_dequeue_data(qid, data, dataSize, retDataSize, userData, userDataSize, timeout,
                                  __func__);
}

aclError acltdtGrantQueue(uint32_t qid, int32_t pid, uint32_t permission, int32_t timeout)
{
    (void)timeout; /* the grant table is local: nothing to wait for */
    if (pid <= 0 || permission == 0 || (permission & ~(uint32_t)CORE_TDTQ_PERM_ALL))
        return core_err(ACL_ERROR_INVALID_PARAM,
                        "acltdtGrantQueue: pid %d or permission %u is invalid", (int)pid,
                        permission);
    return core_tdtq_grant(qid, pid, permission, __func__);
}

aclError acltdtAttachQueue(uint32_t qid, int32_t timeout, uint32_t *permission)
{
    (void)timeout;
    if (!permission)
        return core_err(ACL_ERROR_INVALID_PARAM, "acltdtAttachQueue: permission is NULL");
    return core_tdtq_attach(qid, permission, __func__);
}

/* ---- routes ---------------------------------------------------------------------- */

acltdtQueueRoute *acltdtCreateQueueRoute(uint32_t srcId, uint32_t dstId)
{
    return core_tdtq_route_new(srcId, dstId, __func__);
}

aclError acltdtDestroyQueueRoute(const acltdtQueueRoute *route)
{
    return destroy_record(route, "route", __func__);
}

aclError acltdtGetQueueRouteParam(const acltdtQueueRoute *route, acltdtQueueRouteParamType type,
                                  size_t len, size_t *paramRetSize, void *param)
{
    if (!route || !paramRetSize || !param)
        return core_err(ACL_ERROR_INVALID_PARAM,
                        "acltdtGetQueueRouteParam: route, paramRetSize or param is NULL");
    return core_tdtq_route_param(route, type, len, paramRetSize, param, __func__);
}

acltdtQueueRouteList *acltdtCreateQueueRouteList(void)
{
    return core_tdtq_list_new(__func__);
}

aclError acltdtDestroyQueueRouteList(const acltdtQueueRouteList *routeList)
{
    if (!routeList)
        return core_err(ACL_ERROR_INVALID_PARAM, "acltdtDestroyQueueRouteList: routeList is NULL");
    core_tdtq_list_free(routeList);
    return ACL_SUCCESS;
}

aclError acltdtAddQueueRoute(acltdtQueueRouteList *routeList, const acltdtQueueRoute *route)
{
    if (!routeList || !route)
        return core_err(ACL_ERROR_INVALID_PARAM, "acltdtAddQueueRoute: routeList or route is NULL");
    if (core_tdtq_list_add(routeList, route))
        return core_err(ACL_ERROR_BAD_ALLOC, "acltdtAddQueueRoute: out of memory");
    return ACL_SUCCESS;
}

aclError acltdtGetQueueRoute(const acltdtQueueRouteList *routeList, size_t index,
                             acltdtQueueRoute *route)
{
    if (!routeList || !route)
        return core_err(ACL_ERROR_INVALID_PARAM, "acltdtGetQueueRoute: routeList or route is NULL");
    size_t n = core_tdtq_list_count(routeList);
    if (index >= n)
        return core_err(ACL_ERROR_INVALID_PARAM,
                        "acltdtGetQueueRoute: index %zu is out of range [0, %zu)", index, n);
    core_tdtq_list_get(routeList, index, route);
    return ACL_SUCCESS;
}

size_t acltdtGetQueueRouteNum(const acltdtQueueRouteList *routeList)
{
    if (!routeList) {
        core_err(ACL_ERROR_INVALID_PARAM, "acltdtGetQueueRouteNum: routeList is NULL");
        return 0;
    }
    return core_tdtq_list_count(routeList);
}

aclError acltdtBindQueueRoutes(acltdtQueueRouteList *qRouteList)
{
    if (!qRouteList)
        return core_err(ACL_ERROR_INVALID_PARAM, "acltdtBindQueueRoutes: qRouteList is NULL");
    return core_tdtq_bind(qRouteList, __func__);
}

aclError acltdtUnbindQueueRoutes(acltdtQueueRouteList *qRouteList)
{
    if (!qRouteList)
        return core_err(ACL_ERROR_INVALID_PARAM, "acltdtUnbindQueueRoutes: qRouteList is NULL");
    return core_tdtq_unbind(qRouteList, __func__);
}

acltdtQueueRouteQueryInfo *acltdtCreateQueueRouteQueryInfo(void)
{
    return core_tdtq_query_new(__func__);
}

aclError acltdtDestroyQueueRouteQueryInfo(const acltdtQueueRouteQueryInfo *info)
{
    return destroy_record(info, "info", __func__);
}

aclError acltdtSetQueueRouteQueryInfo(acltdtQueueRouteQueryInfo *param,
                                      acltdtQueueRouteQueryInfoParamType type, size_t len,
                                      const void *value)
{
    if (!param || !value)
        return core_err(ACL_ERROR_INVALID_PARAM,
                        "acltdtSetQueueRouteQueryInfo: param or value is NULL");
    if (len < 4)
        return core_err(ACL_ERROR_INVALID_PARAM, "acltdtSetQueueRouteQueryInfo: len %zu < 4", len);
    return core_tdtq_query_set(param, type, value, __func__);
}

aclError acltdtQueryQueueRoutes(const acltdtQueueRouteQueryInfo *queryInfo,
                                acltdtQueueRouteList *qRouteList)
{
    if (!queryInfo || !qRouteList)
        return core_err(ACL_ERROR_INVALID_PARAM,
                        "acltdtQueryQueueRoutes: queryInfo or qRouteList is NULL");
    return core_tdtq_query(queryInfo, qRouteList, __func__);
}
