/* SPDX-License-Identifier: Apache-2.0 */
/*
 * acl/acl_tdt.h: tensor data transfer (TDT) channels, AscendCL's host <->
 * device tensor queues. In cpuacl a channel is a bounded in-process queue of
 * datasets: acltdtSendTensor copies the dataset's items into the channel,
 * acltdtReceiveTensor hands them to the receiver's dataset, which then owns
 * them. Capacity, timeouts and codes: docs/runtime.md ("TDT channels").
 * Library link name: -lacl_tdt_channel.
 */
#ifndef CPUACL_ACL_ACL_TDT_H
#define CPUACL_ACL_ACL_TDT_H

#include "acl/acl_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* What a data item carries. */
typedef enum acltdtTensorType {
    ACL_TENSOR_DATA_UNDEFINED = -1,
    ACL_TENSOR_DATA_TENSOR,          /* a tensor */
    ACL_TENSOR_DATA_END_OF_SEQUENCE, /* the sender has no more data */
    ACL_TENSOR_DATA_ABNORMAL,        /* the sender failed */
    ACL_TENSOR_DATA_SLICE_TENSOR,    /* one slice of a sliced tensor */
    ACL_TENSOR_DATA_END_TENSOR       /* the last slice */
} acltdtTensorType;

typedef struct acltdtDataItem acltdtDataItem;
typedef struct acltdtDataset acltdtDataset;
typedef struct acltdtChannelHandle acltdtChannelHandle;

/* ---- data items: one tensor (type, shape, data type, bytes) ---- */
ACL_FUNC_VISIBILITY acltdtTensorType acltdtGetTensorTypeFromItem(const acltdtDataItem *dataItem);
ACL_FUNC_VISIBILITY aclDataType acltdtGetDataTypeFromItem(const acltdtDataItem *dataItem);
ACL_FUNC_VISIBILITY void *acltdtGetDataAddrFromItem(const acltdtDataItem *dataItem);
ACL_FUNC_VISIBILITY size_t acltdtGetDataSizeFromItem(const acltdtDataItem *dataItem);
ACL_FUNC_VISIBILITY size_t acltdtGetDimNumFromItem(const acltdtDataItem *dataItem);
ACL_FUNC_VISIBILITY aclError acltdtGetSliceInfoFromItem(const acltdtDataItem *dataItem,
                                                        size_t *sliceNum, size_t *sliceId);
ACL_FUNC_VISIBILITY aclError acltdtGetDimsFromItem(const acltdtDataItem *dataItem, int64_t *dims,
                                                   size_t dimNum);
/* The item refers to data (not copied) until it is sent. */
ACL_FUNC_VISIBILITY acltdtDataItem *acltdtCreateDataItem(acltdtTensorType tdtType,
                                                        const int64_t *dims, size_t dimNum,
                                                        aclDataType dataType, void *data,
                                                        size_t size);
ACL_FUNC_VISIBILITY aclError acltdtDestroyDataItem(acltdtDataItem *dataItem);

/* ---- datasets: an ordered list of items ---- */
ACL_FUNC_VISIBILITY acltdtDataset *acltdtCreateDataset(void);
ACL_FUNC_VISIBILITY aclError acltdtDestroyDataset(acltdtDataset *dataset);
ACL_FUNC_VISIBILITY acltdtDataItem *acltdtGetDataItem(const acltdtDataset *dataset, size_t index);
ACL_FUNC_VISIBILITY aclError acltdtAddDataItem(acltdtDataset *dataset, acltdtDataItem *dataItem);
ACL_FUNC_VISIBILITY size_t acltdtGetDatasetSize(const acltdtDataset *dataset);
ACL_FUNC_VISIBILITY const char *acltdtGetDatasetName(const acltdtDataset *dataset);

/* ---- channels ---- */
/* Wake the threads blocked in send/receive on handle (they fail). */
ACL_FUNC_VISIBILITY aclError acltdtStopChannel(acltdtChannelHandle *handle);
ACL_FUNC_VISIBILITY acltdtChannelHandle *acltdtCreateChannel(uint32_t deviceId, const char *name);
/* capacity: datasets the channel holds, [2, 8192]. */
ACL_FUNC_VISIBILITY acltdtChannelHandle *acltdtCreateChannelWithCapacity(uint32_t deviceId,
                                                                         const char *name,
                                                                         size_t capacity);
ACL_FUNC_VISIBILITY aclError acltdtDestroyChannel(acltdtChannelHandle *handle);
ACL_FUNC_VISIBILITY aclError acltdtCleanChannel(acltdtChannelHandle *handle);
/* timeout: -1 waits for room, 0 fails at once when full, > 0 waits that many ms. */
ACL_FUNC_VISIBILITY aclError acltdtSendTensor(const acltdtChannelHandle *handle,
                                              const acltdtDataset *dataset, int32_t timeout);
/* timeout: -1 waits for data, 0 fails at once when empty, > 0 waits that many ms. */
ACL_FUNC_VISIBILITY aclError acltdtReceiveTensor(const acltdtChannelHandle *handle,
                                                 acltdtDataset *dataset, int32_t timeout);
ACL_FUNC_VISIBILITY aclError acltdtQueryChannelSize(const acltdtChannelHandle *handle,
                                                    size_t *size);

#ifdef __cplusplus
}
#endif

#endif
