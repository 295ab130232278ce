/* SPDX-License-Identifier: Apache-2.0 */
/*
 * HCCL types: result codes, communicator handle, reduction operations, data
 * types and the root-info block, with the values of Ascend's HCCL.
 * Clean as C and as C++ (constants are macros, not const objects, so the
 * header can be included from several C files).
 */
#ifndef HCCL_TYPES_H_
#define HCCL_TYPES_H_

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Return value of every HCCL function. */
typedef enum {
    HCCL_SUCCESS = 0,              /* success */
    HCCL_E_PARA = 1,               /* parameter error */
    HCCL_E_PTR = 2,                /* NULL pointer */
    HCCL_E_MEMORY = 3,             /* memory error */
    HCCL_E_INTERNAL = 4,           /* internal error */
    HCCL_E_NOT_SUPPORT = 5,        /* feature not supported */
    HCCL_E_NOT_FOUND = 6,          /* resource not found */
    HCCL_E_UNAVAIL = 7,            /* resource unavailable */
    HCCL_E_SYSCALL = 8,            /* system call failed */
    HCCL_E_TIMEOUT = 9,            /* timeout */
    HCCL_E_OPEN_FILE_FAILURE = 10, /* cannot open a file */
    HCCL_E_TCP_CONNECT = 11,       /* TCP connect failed */
    HCCL_E_ROCE_CONNECT = 12,      /* RoCE connect failed */
    HCCL_E_TCP_TRANSFER = 13,      /* TCP transfer failed */
    HCCL_E_ROCE_TRANSFER = 14,     /* RoCE transfer failed */
    HCCL_E_RUNTIME = 15,           /* a runtime (AscendCL) call failed */
    HCCL_E_DRV = 16,               /* a driver call failed */
    HCCL_E_PROFILING = 17,         /* a profiling call failed */
    HCCL_E_CCE = 18,               /* a CCE call failed */
    HCCL_E_NETWORK = 19,           /* a network call failed (cpuacl: MPI) */
    HCCL_E_AGAIN = 20,             /* try again */
    HCCL_E_REMOTE = 21,            /* remote error */
    HCCL_E_SUSPENDING = 22,        /* communicator suspending */
    HCCL_E_OPRETRY_FAIL = 23,      /* operation retry failed */
    HCCL_E_RESERVED                /* reserved */
} HcclResult;

/* Handle to a communicator. */
typedef void *HcclComm;

/* Reduction operations. */
typedef enum {
    HCCL_REDUCE_SUM = 0,
    HCCL_REDUCE_PROD = 1,
    HCCL_REDUCE_MAX = 2,
    HCCL_REDUCE_MIN = 3,
    HCCL_REDUCE_RESERVED = 255
} HcclReduceOp;

/* Element types. cpuacl supports every value up to HCCL_DATA_TYPE_BFP16;
 * INT128 and the 8-bit float formats give HCCL_E_NOT_SUPPORT. */
typedef enum {
    HCCL_DATA_TYPE_INT8 = 0,
    HCCL_DATA_TYPE_INT16 = 1,
    HCCL_DATA_TYPE_INT32 = 2,
    HCCL_DATA_TYPE_FP16 = 3,
    HCCL_DATA_TYPE_FP32 = 4,
    HCCL_DATA_TYPE_INT64 = 5,
    HCCL_DATA_TYPE_UINT64 = 6,
    HCCL_DATA_TYPE_UINT8 = 7,
    HCCL_DATA_TYPE_UINT16 = 8,
    HCCL_DATA_TYPE_UINT32 = 9,
    HCCL_DATA_TYPE_FP64 = 10,
    HCCL_DATA_TYPE_BFP16 = 11,
    HCCL_DATA_TYPE_INT128 = 12,
    HCCL_DATA_TYPE_HIF8 = 14,
    HCCL_DATA_TYPE_FP8E4M3 = 15,
    HCCL_DATA_TYPE_FP8E5M2 = 16,
    HCCL_DATA_TYPE_FP8E8M0 = 17,
    HCCL_DATA_TYPE_RESERVED = 255
} HcclDataType;

#define HCCL_ROOT_INFO_BYTES 4108u /* size of HcclRootInfo */
#define COMM_NAME_MAX_LENGTH 128u  /* communicator name length */
#define UDI_MAX_LENGTH 128u

/* Opaque block made by HcclGetRootInfo on one rank and handed (by the
 * program: MPI_Bcast, a file, shared memory) to every rank's
 * HcclCommInitRootInfo. */
typedef struct HcclRootInfoDef {
    char internal[HCCL_ROOT_INFO_BYTES];
} HcclRootInfo;

/* Direction of one item of a batched send/receive. */
typedef enum { HCCL_SEND = 0, HCCL_RECV = 1, HCCL_SEND_RECV_RESERVED } HcclSendRecvType;

/* One item of HcclBatchSendRecv: send `count` elements of `buf` to, or
 * receive them from, rank `remoteRank`. */
typedef struct HcclSendRecvItemDef {
    HcclSendRecvType sendRecvType;
    void *buf;
    uint64_t count;
    HcclDataType dataType;
    uint32_t remoteRank;
} HcclSendRecvItem;

/* ---- communicator configuration (HcclCommInitRootInfoConfig,
 * HcclCommInitClusterInfoConfig, HcclCreateSubCommConfig) ---- */

#define HCCL_COMM_CONFIG_INFO_BYTES 24u         /* size, magic word, version, reserved */
#define HCCL_COMM_CONFIG_MAGIC_WORD 0xf0f0f0f0u /* set by HcclCommConfigInit */
#define HCCL_COMM_CONFIG_VERSION 10u            /* layout version of HcclCommConfig */
#define HCCL_COMM_DEFAULT_BUFFSIZE 200u         /* MB */
#define HCCL_COMM_BUFFSIZE_CONFIG_NOT_SET 0xffffffffu
#define HCCL_COMM_DEFAULT_DETERMINISTIC 0u
#define HCCL_COMM_DETERMINISTIC_CONFIG_NOT_SET 0xffffffffu
#define HCCL_COMM_DEFAULT_OP_EXPANSION_MODE 0u
#define HCCL_COMM_TRAFFIC_CLASS_CONFIG_NOT_SET 0xffffffffu
#define HCCL_COMM_SERVICE_LEVEL_CONFIG_NOT_SET 0xffffffffu
#define HCCL_COMM_EXECTIMEOUT_CONFIG_NOT_SET ((int32_t)0xffffffff)
#define HCCL_COMM_QOS_CONFIG_NOT_SET 0xffffffffu
#define HCCL_DEFAULT_SYMMETRIC_MEMORY_STRIDE 16ull /* GB */
#define BUFFER_NAME_MAX_LENGTH 128u
#define HCCL_COMM_ALGO_MAX_LENGTH 1600u
#define HCCL_COMM_RETRY_ENABLE_MAX_LENGTH 50u
#define HCCL_COMM_RETRY_PARAMS_MAX_LENGTH 128u

/* What HcclGetCommConfigCapability compares against: a configuration item is
 * supported when the capability is greater than its value. */
typedef enum {
    HCCL_COMM_CONFIG_BUFFER_SIZE = 0,
    HCCL_COMM_CONFIG_DETERMINISTIC = 1,
    HCCL_COMM_CONFIG_COMM_NAME = 2,
    HCCL_COMM_CONFIG_OP_EXPANSION = 3,
    HCCL_COMM_CONFIG_SUPPORT_INIT_BY_ENV = 4,
    HCCL_COMM_CONFIG_WORLD_RANKID = 5,
    HCCL_COMM_CONFIG_JOBID = 6,
    HCCL_COMM_CONFIG_ACLGRAPH_ZEROCOPY_ENABLE = 7,
    HCCL_COMM_CONFIG_EXEC_TIMEOUT = 8,
    HCCL_COMM_CONFIG_ALGO = 9,
    HCCL_COMM_CONFIG_RETRY = 10,
    HCCL_COMM_CONFIG_BUFFER_NAME = 11,
    HCCL_COMM_CONFIG_RESERVED
} HcclCommConfigCapability;

/* Process-wide settings of HcclSetConfig / HcclGetConfig. */
typedef enum {
    HCCL_DETERMINISTIC = 0, /* 0: non-deterministic, 1: deterministic */
    HCCL_CONFIG_RESERVED
} HcclConfig;

union HcclConfigValue {
    int32_t value;
};
typedef union HcclConfigValue HcclConfigValue;

/* Communicator configuration: initialise with HcclCommConfigInit, then set
 * fields. The first 24 bytes (size, magic word, version) are checked by the
 * library; fields of a later version than the caller's are ignored. */
typedef struct HcclCommConfigDef {
    char reserved[HCCL_COMM_CONFIG_INFO_BYTES];
    uint32_t hcclBufferSize;    /* MB, >= 1 */
    uint32_t hcclDeterministic; /* 0 off, 1 on, 2 strict */
    char hcclCommName[COMM_NAME_MAX_LENGTH];
    char hcclUdi[UDI_MAX_LENGTH];
    uint32_t hcclOpExpansionMode; /* 0 default, 1 host, 2 aicpu, 3 aiv */
    uint32_t hcclRdmaTrafficClass;
    uint32_t hcclRdmaServiceLevel;
    uint32_t hcclWorldRankID;
    uint64_t hcclJobID;
    uint8_t aclGraphZeroCopyEnable; /* 0 or 1 */
    int32_t hcclExecTimeOut;        /* seconds */
    char hcclAlgo[HCCL_COMM_ALGO_MAX_LENGTH];
    char hcclRetryEnable[HCCL_COMM_RETRY_ENABLE_MAX_LENGTH];
    char hcclRetryParams[HCCL_COMM_RETRY_PARAMS_MAX_LENGTH];
    char hcclBufferName[BUFFER_NAME_MAX_LENGTH];
    uint32_t hcclQos;
    uint64_t hcclSymWinMaxMemSizePerRank; /* GB */
} HcclCommConfig;

#ifdef __cplusplus
}
#endif

#endif /* HCCL_TYPES_H_ */
