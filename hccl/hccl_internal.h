/* SPDX-License-Identifier: Apache-2.0 */
/*
 * libhccl internals: the communicator, one collective's descriptor, the two
 * transports (local: ranks of one process; mpi: one rank per process).
 *
 * Field tags: I set at init, never written again; A atomic; L under the
 * registry lock; W written only by the rank's own executing task.
 */
#ifndef CPUACL_HCCL_INTERNAL_H
#define CPUACL_HCCL_INTERNAL_H

#include <stdatomic.h>
#include <stddef.h>
#include <stdint.h>

#include "hccl/hccl.h"

enum hccl_kind {
    HK_ALLREDUCE,
    HK_BROADCAST,
    HK_ALLGATHER,
    HK_REDUCE_SCATTER,
    HK_REDUCE,
    HK_ALLTOALL,
    HK_ALLTOALLV,
    HK_SEND,
    HK_RECV,
    HK_BARRIER,
    HK_SCATTER,
    HK_ALLGATHERV,
    HK_REDUCE_SCATTERV,
    HK_BATCH,
};

enum hccl_mode { HCCL_MODE_LOCAL, HCCL_MODE_MPI };

struct hccl_group;
struct hccl_mpi;

struct hccl_comm {
    uint64_t serial;           /* I: unique over the process, never reused */
    uint32_t rank, size;       /* I */
    int32_t device;            /* I: -1 when unknown */
    enum hccl_mode mode;       /* I */
    struct hccl_group *group;  /* I: local mode */
    struct hccl_mpi *mpi;      /* I: mpi mode */
    uint32_t refs;             /* L: tasks running on it */
    int dead;                  /* L: destroyed, waiting for refs to drain */
    _Atomic int32_t async_err; /* A: first execution error (HcclResult) */
    uint64_t *send_seq;        /* W: per peer, point-to-point sequence (local) */
    uint64_t *recv_seq;        /* W */
    void *scratch;             /* W: private copy of an overlapping send buffer */
    size_t scratch_size;       /* W */
    struct hccl_comm *next;    /* L: registry list */
    char name[COMM_NAME_MAX_LENGTH]; /* I: HcclGetCommName */
};

/* One call, owned by its stream task (freed by the task's release). */
struct hccl_op {
    struct hccl_comm *comm; /* looked up again by (comm, serial) when the task runs */
    uint64_t serial;
    enum hccl_kind kind;
    HcclDataType dtype;
    HcclReduceOp op;
    uint32_t root; /* root, or the peer of send/recv */
    uint64_t count;
    const void *send;
    void *recv;
    uint64_t *v;             /* alltoallv: sendCounts, sdispls, recvCounts, rdispls (4 x size);
                              * allgatherv: recvCounts, recvDispls; reduce-scatterv: sendCounts,
                              * sendDispls (2 x size) */
    HcclSendRecvItem *items; /* batch: `count` items, copied at the call */
};

/* ---- helpers (comm.c) ---- */
size_t hccl_dtype_size(HcclDataType t);
/* Record a readable message (stderr when HCCL_DEBUG is set) and return code. */
HcclResult hccl_err(HcclResult code, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* Take / drop a reference on a live communicator; NULL if destroyed. */
struct hccl_comm *hccl_comm_acquire(void *handle, uint64_t serial);
void hccl_comm_release(struct hccl_comm *c);
uint64_t hccl_now_ns(void);
uint64_t hccl_env_seconds(const char *name, uint64_t dflt);
/* Buffer that holds a copy of the op's send block when it overlaps recv. */
void *hccl_scratch(struct hccl_comm *c, size_t bytes);

/* ---- communicator creation (comm.c) ---- */
/* Join the in-process communicator `uid` of n ranks as `rank` on `device`. */
HcclResult hccl_local_join(const uint8_t uid[16], uint32_t n, uint32_t rank, int32_t device,
                           HcclComm *out, const char *fn);
/* A communicator over parent ranks ids[0..n-1] (validated), this rank being
 * `me`; local parents join in process, MPI parents split their MPI group. */
HcclResult hccl_comm_sub(struct hccl_comm *parent, uint32_t n, const uint32_t *ids, uint32_t me,
                         uint64_t id, HcclComm *out, const char *fn);

/* ---- configuration (config.c) ---- */
/* Check a user configuration (HCCL_E_PTR / HCCL_E_PARA with a message). */
HcclResult hccl_config_check(const HcclCommConfig *cfg, const char *fn);
/* Apply a checked configuration to a new communicator (its name). */
void hccl_config_apply(struct hccl_comm *c, const HcclCommConfig *cfg);

/* ---- reductions (reduce.c) ---- */
/* dst[i] = src0[i] op src1[i] ... : acc is float for fp16/bf16, native otherwise. */
size_t hccl_acc_size(HcclDataType t);
void hccl_acc_load(HcclDataType t, void *acc, const void *src, size_t n);
void hccl_acc_reduce(HcclDataType t, HcclReduceOp op, void *acc, const void *src, size_t n);
void hccl_acc_store(HcclDataType t, void *dst, const void *acc, size_t n);

/* ---- local transport (local.c) ---- */
struct hccl_group *hccl_group_new(uint32_t n);
void hccl_group_put(struct hccl_group *g); /* drop one rank's reference */
HcclResult hccl_local_run(struct hccl_comm *c, const struct hccl_op *op);
/* Bytes of send and receive buffer the op touches on this rank. */
void hccl_extents(const struct hccl_comm *c, const struct hccl_op *op, size_t es,
                  size_t *sbytes, size_t *rbytes);
/* op->send, or a scratch copy of it when it overlaps op->recv and is not at
 * `safe` (the kind's in-place address, 0 for none); NULL: out of memory. */
void *hccl_send_copy(struct hccl_comm *c, const struct hccl_op *op, size_t es, uintptr_t safe);

/* ---- MPI transport (mpi.c) ---- */
/* Size of the MPI job this process belongs to (1 when not under mpirun). */
uint32_t hccl_mpi_world_size(void);
HcclResult hccl_mpi_comm_init(struct hccl_comm *c, const uint8_t uid[16], uint32_t nranks,
                              uint32_t rank);
void hccl_mpi_comm_fini(struct hccl_comm *c);
HcclResult hccl_mpi_run(struct hccl_comm *c, const struct hccl_op *op);
/* HM7: MPI is initialised and not finalised; this process's rank in the job
 * (-1 outside mpirun); a member announced itself for root info `uid` (to its
 * creator); c made over n < job size processes from root info of world rank
 * `creator`. */
int hccl_mpi_ready(void);
int32_t hccl_mpi_world_rank(void);
int hccl_mpi_subset_probe(const uint8_t uid[16]);
HcclResult hccl_mpi_comm_subset(struct hccl_comm *c, const uint8_t uid[16], uint32_t n,
                                uint32_t rank, int32_t creator);
/* c: an MPI sub-communicator of `parent` over parent ranks ids[0..n-1]. */
HcclResult hccl_mpi_comm_sub(struct hccl_comm *c, const struct hccl_comm *parent, uint32_t n,
                             const uint32_t *ids, uint64_t id);

static inline int hccl_overlaps(const void *a, size_t an, const void *b, size_t bn)
{
    uintptr_t x = (uintptr_t)a, y = (uintptr_t)b;
    return an && bn && x < y + bn && y < x + an;
}

/* Futex helpers (local.c). */
void hccl_futex_wait(_Atomic uint32_t *w, uint32_t old, uint64_t timeout_ns);
void hccl_futex_wake(_Atomic uint32_t *w);

#endif
