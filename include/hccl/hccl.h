/* SPDX-License-Identifier: Apache-2.0 */
/*
 * HCCL, Ascend's collective communication library, on cpuacl (link -lhccl).
 *
 * Communicators are made from a root info (HcclGetRootInfo on one rank,
 * HcclCommInitRootInfo on every rank), a rank table file
 * (HcclCommInitClusterInfo) or the devices of one process (HcclCommInitAll).
 * Every collective and point-to-point call is a task on `stream`: it returns
 * at once and the data moves when the stream reaches it. Ranks of one process
 * exchange through device memory directly; ranks in other processes or on
 * other machines are reached through MPI (Open MPI, `mpirun`). See docs/hccl.md.
 */
#ifndef HCCL_H_
#define HCCL_H_

#include <stddef.h>
#include <stdint.h>

#include "acl/acl.h"
#include "hccl/hccl_types.h"

#ifdef __cplusplus
extern "C" {
#endif

#if defined(__GNUC__)
#define HCCL_API __attribute__((visibility("default")))
#else
#define HCCL_API
#endif

/* ---- communicators ------------------------------------------------------ */

/* Fill a root info for a new communicator (call on one rank, share it). */
HCCL_API HcclResult HcclGetRootInfo(HcclRootInfo *rootInfo);

/* Join communicator `rootInfo` as rank `rank` of `nRanks`. Blocks until every
 * rank joined (HCCL_CONNECT_TIMEOUT seconds, default 120: HCCL_E_TIMEOUT).
 * The calling thread's current device is the rank's device. */
HCCL_API HcclResult HcclCommInitRootInfo(uint32_t nRanks, const HcclRootInfo *rootInfo,
                                         uint32_t rank, HcclComm *comm);

/* Join the communicator described by the rank table file `clusterInfo`
 * (JSON: status, version, server_count, server_list[].device[] with
 * device_id and rank_id) as rank `rank`. */
HCCL_API HcclResult HcclCommInitClusterInfo(const char *clusterInfo, uint32_t rank, HcclComm *comm);

/* One communicator per device of this process: comms[i] is rank i, on
 * devices[i]. */
HCCL_API HcclResult HcclCommInitAll(uint32_t ndev, int32_t *devices, HcclComm *comms);

/* Initialise a configuration with its size, magic word, version and every
 * field "not set" (then the environment or the default applies). */
static inline void HcclCommConfigInit(HcclCommConfig *config)
{
    typedef struct {
        size_t size;
        uint32_t magicWord;
        uint32_t version;
        uint64_t reserved;
    } configInfo_t;
    if (config == NULL)
        return;
    configInfo_t *info = (configInfo_t *)config;
    info->size = sizeof(HcclCommConfig);
    info->magicWord = HCCL_COMM_CONFIG_MAGIC_WORD;
    info->version = HCCL_COMM_CONFIG_VERSION;
    info->reserved = 0;
    config->hcclBufferSize = HCCL_COMM_BUFFSIZE_CONFIG_NOT_SET;
    config->hcclDeterministic = HCCL_COMM_DETERMINISTIC_CONFIG_NOT_SET;
    config->hcclCommName[0] = '\0';
    config->hcclUdi[0] = '\0';
    config->hcclOpExpansionMode = HCCL_COMM_DEFAULT_OP_EXPANSION_MODE;
    config->hcclRdmaTrafficClass = HCCL_COMM_TRAFFIC_CLASS_CONFIG_NOT_SET;
    config->hcclRdmaServiceLevel = HCCL_COMM_SERVICE_LEVEL_CONFIG_NOT_SET;
    config->hcclWorldRankID = 0;
    config->hcclJobID = 0;
    config->aclGraphZeroCopyEnable = 0;
    config->hcclExecTimeOut = HCCL_COMM_EXECTIMEOUT_CONFIG_NOT_SET;
    config->hcclAlgo[0] = '\0';
    config->hcclRetryEnable[0] = '\0';
    config->hcclRetryParams[0] = '\0';
    config->hcclBufferName[0] = '\0';
    config->hcclQos = HCCL_COMM_QOS_CONFIG_NOT_SET;
    config->hcclSymWinMaxMemSizePerRank = HCCL_DEFAULT_SYMMETRIC_MEMORY_STRIDE;
}

/* HcclCommInitRootInfo / HcclCommInitClusterInfo with a configuration
 * (checked first: HCCL_E_PARA for a bad magic word, size or field value). */
HCCL_API HcclResult HcclCommInitRootInfoConfig(uint32_t nRanks, const HcclRootInfo *rootInfo,
                                               uint32_t rank, const HcclCommConfig *config,
                                               HcclComm *comm);
HCCL_API HcclResult HcclCommInitClusterInfoConfig(const char *clusterInfo, uint32_t rank,
                                                  HcclCommConfig *config, HcclComm *comm);

/* A communicator over ranks rankIds[0..rankNum-1] (ascending ranks of *comm)
 * in which this rank is subCommRankId (its index in rankIds). Called by every
 * member with the same rankNum, rankIds and subCommId; blocks until all
 * joined. A rank that is no member may call it with rankIds NULL and
 * subCommId 0xFFFFFFFF: *subComm is set to NULL. */
HCCL_API HcclResult HcclCreateSubCommConfig(HcclComm *comm, uint32_t rankNum, uint32_t *rankIds,
                                            uint64_t subCommId, uint32_t subCommRankId,
                                            HcclCommConfig *config, HcclComm *subComm);

/* The communicator's name (COMM_NAME_MAX_LENGTH bytes with the NUL): the
 * config's hcclCommName, else one derived from the root info or rank table
 * (the same on every rank), "<parent>_sub_<subCommId>" for a sub-communicator. */
HCCL_API HcclResult HcclGetCommName(HcclComm comm, char *commName);

/* The live communicator of this process named commName (HcclGetCommName's
 * name); when several ranks of this process share the name, the one on the
 * current device, else the latest made. HCCL_E_NOT_FOUND if none. */
HCCL_API HcclResult HcclCommGetHandleWithName(const char *commName, HcclComm *comm);

/* Configuration items this library supports: every HcclCommConfigCapability
 * value below the result (HCCL_COMM_CONFIG_RESERVED: all of them). */
HCCL_API uint32_t HcclGetCommConfigCapability(void);

/* Process-wide setting (HCCL_DETERMINISTIC only: 0 off, 1 on); Get gives the
 * value set, else the HCCL_DETERMINISTIC environment variable's. */
HCCL_API HcclResult HcclSetConfig(HcclConfig config, HcclConfigValue configValue);
HCCL_API HcclResult HcclGetConfig(HcclConfig config, HcclConfigValue *configValue);

/* Destroy a communicator (after its tasks completed). */
HCCL_API HcclResult HcclCommDestroy(HcclComm comm);

HCCL_API HcclResult HcclGetRankSize(HcclComm comm, uint32_t *rankSize);
HCCL_API HcclResult HcclGetRankId(HcclComm comm, uint32_t *rank);

/* The first error a task of this communicator met while it ran (a mismatch
 * between ranks, an MPI failure, a timeout), HCCL_SUCCESS if none. */
HCCL_API HcclResult HcclGetCommAsyncError(HcclComm comm, HcclResult *asyncError);

/* Readable name of a result code. */
HCCL_API const char *HcclGetErrorString(HcclResult code);

/* ---- collectives (stream tasks) ----------------------------------------- */

/* recvBuf[i] = op over ranks of sendBuf[i], on every rank (in place: same buffer). */
HCCL_API HcclResult HcclAllReduce(void *sendBuf, void *recvBuf, uint64_t count,
                                  HcclDataType dataType, HcclReduceOp op, HcclComm comm,
                                  aclrtStream stream);

/* buf of rank `root` copied to buf of every rank. */
HCCL_API HcclResult HcclBroadcast(void *buf, uint64_t count, HcclDataType dataType, uint32_t root,
                                  HcclComm comm, aclrtStream stream);

/* Block r of recvBuf (recvCount elements) = op over ranks of block r of sendBuf. */
HCCL_API HcclResult HcclReduceScatter(void *sendBuf, void *recvBuf, uint64_t recvCount,
                                      HcclDataType dataType, HcclReduceOp op, HcclComm comm,
                                      aclrtStream stream);

/* Block q of recvBuf = sendBuf of rank q (sendCount elements each). */
HCCL_API HcclResult HcclAllGather(void *sendBuf, void *recvBuf, uint64_t sendCount,
                                  HcclDataType dataType, HcclComm comm, aclrtStream stream);

/* recvBuf of rank `root` = op over ranks of sendBuf. */
HCCL_API HcclResult HcclReduce(void *sendBuf, void *recvBuf, uint64_t count, HcclDataType dataType,
                               HcclReduceOp op, uint32_t root, HcclComm comm, aclrtStream stream);

/* Block q of recvBuf = block r (this rank) of sendBuf of rank q. */
HCCL_API HcclResult HcclAlltoAll(const void *sendBuf, uint64_t sendCount, HcclDataType sendType,
                                 const void *recvBuf, uint64_t recvCount, HcclDataType recvType,
                                 HcclComm comm, aclrtStream stream);

/* Like HcclAlltoAllV with the counts of every rank in one matrix:
 * sendCountMatrix[i * rankSize + j] (uint64_t) elements go from rank i to rank
 * j; blocks are packed in rank order in both buffers. Every rank passes the
 * same matrix. */
HCCL_API HcclResult HcclAlltoAllVC(const void *sendBuf, const void *sendCountMatrix,
                                   HcclDataType sendType, const void *recvBuf,
                                   HcclDataType recvType, HcclComm comm, aclrtStream stream);

/* Like HcclAlltoAll with per-rank counts and displacements (uint64_t arrays of
 * rank-size entries, in elements; copied at the call). */
HCCL_API HcclResult HcclAlltoAllV(const void *sendBuf, const void *sendCounts, const void *sdispls,
                                  HcclDataType sendType, const void *recvBuf,
                                  const void *recvCounts, const void *rdispls,
                                  HcclDataType recvType, HcclComm comm, aclrtStream stream);

/* recvBuf of rank r = block r (recvCount elements) of sendBuf of rank `root`
 * (sendBuf may be NULL on the other ranks). */
HCCL_API HcclResult HcclScatter(void *sendBuf, void *recvBuf, uint64_t recvCount,
                                HcclDataType dataType, uint32_t root, HcclComm comm,
                                aclrtStream stream);

/* recvBuf + recvDispls[q] (recvCounts[q] elements) = sendBuf of rank q, whose
 * sendCount is recvCounts[q] (uint64_t arrays of rank-size entries, copied). */
HCCL_API HcclResult HcclAllGatherV(void *sendBuf, uint64_t sendCount, void *recvBuf,
                                   const void *recvCounts, const void *recvDispls,
                                   HcclDataType dataType, HcclComm comm, aclrtStream stream);

/* recvBuf of rank r (recvCount == sendCounts[r] elements) = op over ranks of
 * sendBuf + sendDispls[r] (uint64_t arrays of rank-size entries, copied). */
HCCL_API HcclResult HcclReduceScatterV(void *sendBuf, const void *sendCounts,
                                       const void *sendDispls, void *recvBuf, uint64_t recvCount,
                                       HcclDataType dataType, HcclReduceOp op, HcclComm comm,
                                       aclrtStream stream);

/* Every send and receive of sendRecvInfo[0..itemNum-1] at once (one stream
 * task; no item waits for another, so any mix of peers cannot deadlock).
 * Items with one peer and direction are matched in order, like HcclSend /
 * HcclRecv, with which they interoperate; a rank may send to itself. */
HCCL_API HcclResult HcclBatchSendRecv(HcclSendRecvItem *sendRecvInfo, uint32_t itemNum,
                                      HcclComm comm, aclrtStream stream);

/* Point to point: matched in order per (sender, receiver) pair. */
HCCL_API HcclResult HcclSend(void *sendBuf, uint64_t count, HcclDataType dataType,
                             uint32_t destRank, HcclComm comm, aclrtStream stream);
HCCL_API HcclResult HcclRecv(void *recvBuf, uint64_t count, HcclDataType dataType, uint32_t srcRank,
                             HcclComm comm, aclrtStream stream);

/* Completes on every rank's stream once every rank's stream reached it. */
HCCL_API HcclResult HcclBarrier(HcclComm comm, aclrtStream stream);

#ifdef __cplusplus
}
#endif

#endif /* HCCL_H_ */
