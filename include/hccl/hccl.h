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
HCCL_API HcclResult HcclCommInitClusterInfo(const char *clusterInfo, uint32_t rank,
                                            HcclComm *comm);

/* One communicator per device of this process: comms[i] is rank i, on
 * devices[i]. */
HCCL_API HcclResult HcclCommInitAll(uint32_t ndev, int32_t *devices, HcclComm *comms);

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
HCCL_API HcclResult HcclBroadcast(void *buf, uint64_t count, HcclDataType dataType,
                                  uint32_t root, HcclComm comm, aclrtStream stream);

/* Block r of recvBuf (recvCount elements) = op over ranks of block r of sendBuf. */
HCCL_API HcclResult HcclReduceScatter(void *sendBuf, void *recvBuf, uint64_t recvCount,
                                      HcclDataType dataType, HcclReduceOp op, HcclComm comm,
                                      aclrtStream stream);

/* Block q of recvBuf = sendBuf of rank q (sendCount elements each). */
HCCL_API HcclResult HcclAllGather(void *sendBuf, void *recvBuf, uint64_t sendCount,
                                  HcclDataType dataType, HcclComm comm, aclrtStream stream);

/* recvBuf of rank `root` = op over ranks of sendBuf. */
HCCL_API HcclResult HcclReduce(void *sendBuf, void *recvBuf, uint64_t count,
                               HcclDataType dataType, HcclReduceOp op, uint32_t root,
                               HcclComm comm, aclrtStream stream);

/* Block q of recvBuf = block r (this rank) of sendBuf of rank q. */
HCCL_API HcclResult HcclAlltoAll(const void *sendBuf, uint64_t sendCount, HcclDataType sendType,
                                 const void *recvBuf, uint64_t recvCount,
                                 HcclDataType recvType, HcclComm comm, aclrtStream stream);

/* Like HcclAlltoAll with per-rank counts and displacements (uint64_t arrays of
 * rank-size entries, in elements; copied at the call). */
HCCL_API HcclResult HcclAlltoAllV(const void *sendBuf, const void *sendCounts,
                                  const void *sdispls, HcclDataType sendType,
                                  const void *recvBuf, const void *recvCounts,
                                  const void *rdispls, HcclDataType recvType, HcclComm comm,
                                  aclrtStream stream);

/* Point to point: matched in order per (sender, receiver) pair. */
HCCL_API HcclResult HcclSend(void *sendBuf, uint64_t count, HcclDataType dataType,
                             uint32_t destRank, HcclComm comm, aclrtStream stream);
HCCL_API HcclResult HcclRecv(void *recvBuf, uint64_t count, HcclDataType dataType,
                             uint32_t srcRank, HcclComm comm, aclrtStream stream);

/* Completes on every rank's stream once every rank's stream reached it. */
HCCL_API HcclResult HcclBarrier(HcclComm comm, aclrtStream stream);

#ifdef __cplusplus
}
#endif

#endif /* HCCL_H_ */
