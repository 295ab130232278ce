/* SPDX-License-Identifier: Apache-2.0 */
/*
 * hccl-bench: all-reduce bus bandwidth by message size, as nccl-tests
 * reports it (algbw = bytes / time; busbw = algbw * 2 (n-1) / n), float32
 * sum, out of place.
 *
 *   hccl-bench --ranks N [--min B] [--max B] [--reps R] [--step F]
 *       N ranks in this process (HcclCommInitAll over N virtual devices).
 *   mpirun -np N hccl-bench [--min B] [--max B] [--reps R]
 *       one rank per process over MPI, and MPI_Allreduce called directly on
 *       the same buffers in the same run: the ratio HCCL / MPI.
 *
 * One grep-able line per size:
 *   collective mode=local ranks=4 bytes=1048576 us=123.4 algbw=8.5 busbw=12.7
 *   collective mode=mpi ranks=4 bytes=1048576 us=.. busbw=.. mpi_us=.. mpi_busbw=.. ratio=..
 *
 * --op allgatherv | reducescatterv | scatter | batch measures another call
 * (float32; `bytes` is the whole buffer, nccl-tests' convention: each rank
 * contributes or receives bytes / N; batch: every rank sends bytes / N to
 * every rank, itself included, in one HcclBatchSendRecv), beside
 * MPI_Allgatherv, MPI_Reduce_scatter, MPI_Scatter, MPI_Alltoall; busbw =
 * algbw (N-1)/N. Its lines start "collective_<op>".
 * Times are medians over R repetitions (each the mean of several iterations,
 * the slowest rank's time over MPI). GB/s = 1e9 bytes/s. Each line ends with
 * what one call cost a rank (its whole process: every thread), medians too:
 * vcsw / icsw voluntary / involuntary context switches (getrusage) and
 * cpu_us CPU time; over MPI the same for MPI's call (mpi_*), the mean of the
 * ranks. On a machine with more ranks than cores the CPU a rank burns
 * waiting is CPU its peers lack.
 */
#define _GNU_SOURCE
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>

#include <mpi.h>

#include "acl/acl.h"
#include "hccl/hccl.h"

#define MAXR 8
#define MAXREPS 64

static uint64_t now_ns(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

/* What this process (every thread: the caller, the device's workers, MPI's
 * and libhccl's threads) spent: context switches (voluntary: it slept or
 * waited; involuntary: preempted) and CPU time. */
struct cost {
    double vcsw, icsw, cpu_us;
};

static struct cost cost_now(void)
{
    struct rusage u;
    getrusage(RUSAGE_SELF, &u);
    return (struct cost){(double)u.ru_nvcsw, (double)u.ru_nivcsw,
                         (double)(u.ru_utime.tv_sec + u.ru_stime.tv_sec) * 1e6 +
                             (double)(u.ru_utime.tv_usec + u.ru_stime.tv_usec)};
}

/* (now - c0) / calls, averaged over the job's ranks. */
static struct cost cost_per_call(struct cost c0, unsigned calls, int mpi)
{
    struct cost c = cost_now(), d = {(c.vcsw - c0.vcsw) / calls, (c.icsw - c0.icsw) / calls,
                                     (c.cpu_us - c0.cpu_us) / calls};
    if (mpi) {
        int w = 1;
        double v[3] = {d.vcsw, d.icsw, d.cpu_us}, sum[3];
        MPI_Comm_size(MPI_COMM_WORLD, &w);
        MPI_Allreduce(v, sum, 3, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
        d = (struct cost){sum[0] / w, sum[1] / w, sum[2] / w};
    }
    return d;
}

static int cmp_d(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

static double median(double *v, unsigned n)
{
    qsort(v, n, sizeof *v, cmp_d);
    return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

#define DIE(...)                                                                                   \
    do {                                                                                           \
        fprintf(stderr, "hccl-bench: " __VA_ARGS__);                                               \
        fputc('\n', stderr);                                                                       \
        exit(1);                                                                                   \
    } while (0)
#define ACL(call)                                                                                  \
    do {                                                                                           \
        aclError e_ = (call);                                                                      \
        if (e_ != ACL_SUCCESS)                                                                     \
            DIE("%s = %d (%s)", #call, (int)e_, aclGetRecentErrMsg());                             \
    } while (0)
#define HC(call)                                                                                   \
    do {                                                                                           \
        HcclResult h_ = (call);                                                                    \
        if (h_ != HCCL_SUCCESS)                                                                    \
            DIE("%s = %s", #call, HcclGetErrorString(h_));                                         \
    } while (0)

/* Iterations per repetition: about 32 MiB of traffic, at least 2, at most 20. */
static unsigned iters_for(uint64_t bytes)
{
    uint64_t it = (32u << 20) / (bytes ? bytes : 1);
    return it < 2 ? 2 : it > 20 ? 20 : (unsigned)it;
}

enum bench_op { OP_ALLREDUCE, OP_ALLGATHERV, OP_REDUCESCATTERV, OP_SCATTER, OP_BATCH };
static const char *const OP_NAMES[] = {"allreduce", "allgatherv", "reducescatterv", "scatter",
                                       "batch"};
static enum bench_op g_op;

static double busbw(uint64_t bytes, double us, unsigned n)
{
    double f = g_op == OP_ALLREDUCE ? 2.0 * (n - 1) / n : (double)(n - 1) / n;
    return (double)bytes / (us * 1e3) * f;
}

/* One call of the measured operation by rank `r` of `n` on its buffers
 * (`count` float32 elements in all: the whole buffer of the V and batch ops). */
static HcclResult hccl_call(void *a, void *b, uint64_t count, uint32_t r, uint32_t n, HcclComm comm,
                            aclrtStream s)
{
    const HcclDataType f = HCCL_DATA_TYPE_FP32;
    uint64_t c = count / n, cnt[MAXR], disp[MAXR];
    HcclSendRecvItem it[2 * MAXR];
    for (uint32_t q = 0; q < n; q++) {
        cnt[q] = c;
        disp[q] = q * c;
        it[2 * q] = (HcclSendRecvItem){HCCL_SEND, (float *)a + q * c, c, f, q};
        it[2 * q + 1] = (HcclSendRecvItem){HCCL_RECV, (float *)b + q * c, c, f, q};
    }
    switch (g_op) {
    case OP_ALLGATHERV:
        return HcclAllGatherV(a, c, b, cnt, disp, f, comm, s);
    case OP_REDUCESCATTERV:
        return HcclReduceScatterV(a, cnt, disp, b, c, f, HCCL_REDUCE_SUM, comm, s);
    case OP_SCATTER:
        return HcclScatter(r == 0 ? a : NULL, b, c, f, 0, comm, s);
    case OP_BATCH:
        return HcclBatchSendRecv(it, 2 * n, comm, s);
    default:
        return HcclAllReduce(a, b, count, f, HCCL_REDUCE_SUM, comm, s);
    }
}

/* The MPI baseline of the same operation. */
static void mpi_call(void *a, void *b, uint64_t count, uint32_t n)
{
    int c = (int)(count / n), cnt[MAXR], disp[MAXR];
    for (uint32_t q = 0; q < n; q++) {
        cnt[q] = c;
        disp[q] = (int)q * c;
    }
    switch (g_op) {
    case OP_ALLGATHERV:
        MPI_Allgatherv(a, c, MPI_FLOAT, b, cnt, disp, MPI_FLOAT, MPI_COMM_WORLD);
        break;
    case OP_REDUCESCATTERV:
        MPI_Reduce_scatter(a, b, cnt, MPI_FLOAT, MPI_SUM, MPI_COMM_WORLD);
        break;
    case OP_SCATTER:
        MPI_Scatter(a, c, MPI_FLOAT, b, c, MPI_FLOAT, 0, MPI_COMM_WORLD);
        break;
    case OP_BATCH:
        MPI_Alltoall(a, c, MPI_FLOAT, b, c, MPI_FLOAT, MPI_COMM_WORLD);
        break;
    default:
        MPI_Allreduce(a, b, (int)count, MPI_FLOAT, MPI_SUM, MPI_COMM_WORLD);
        break;
    }
}

int main(int argc, char **argv)
{
    uint64_t lo = 8, hi = 16u << 20;
    unsigned ranks = 2, reps = 5;
    uint64_t step = 8;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
        if (!strcmp(a, "--ranks") && v)
            ranks = (unsigned)strtoul(argv[++i], NULL, 10);
        else if (!strcmp(a, "--min") && v)
            lo = strtoull(argv[++i], NULL, 10);
        else if (!strcmp(a, "--max") && v)
            hi = strtoull(argv[++i], NULL, 10);
        else if (!strcmp(a, "--reps") && v)
            reps = (unsigned)strtoul(argv[++i], NULL, 10);
        else if (!strcmp(a, "--step") && v)
            step = strtoull(argv[++i], NULL, 10);
        else if (!strcmp(a, "--op") && v) {
            unsigned k = 0;
            while (k < sizeof OP_NAMES / sizeof OP_NAMES[0] && strcmp(OP_NAMES[k], v))
                k++;
            if (k == sizeof OP_NAMES / sizeof OP_NAMES[0])
                DIE("--op: allreduce, allgatherv, reducescatterv, scatter or batch");
            g_op = (enum bench_op)k;
            i++;
        } else {
            fprintf(stderr, "usage: hccl-bench [--ranks N] [--min BYTES] [--max BYTES] [--reps R] "
                            "[--step FACTOR] [--op OP]\n"
                            "       mpirun -np N hccl-bench [...]\n");
            return 2;
        }
    }
    if (reps < 1 || reps > MAXREPS)
        reps = 5;
    if (lo < 4)
        lo = 4;
    if (step < 2)
        step = 8;
    const char *ws = getenv("OMPI_COMM_WORLD_SIZE");
    int mpi = ws && atoi(ws) > 1, me = 0;
    if (mpi) {
        /* More ranks than cores on the machines measured: unpinned workers let the
         * kernel balance them against MPI_Allreduce, the baseline, which runs on any
         * core. Unpinned unless the user says otherwise (docs/hccl.md). */
        setenv("CPUACL_PIN_WORKERS", "false", 0);
        int prov, w;
        MPI_Init_thread(&argc, &argv, MPI_THREAD_MULTIPLE, &prov);
        MPI_Comm_rank(MPI_COMM_WORLD, &me);
        MPI_Comm_size(MPI_COMM_WORLD, &w);
        ranks = (unsigned)w;
    } else {
        if (ranks < 1 || ranks > MAXR)
            DIE("--ranks must be 1..%d", MAXR);
        char cnt[8];
        snprintf(cnt, sizeof cnt, "%u", ranks);
        setenv("CPUACL_DEVICE_COUNT", cnt, 0);
    }
    ACL(aclInit(NULL));
    unsigned L = mpi ? 1 : ranks;
    HcclComm comm[MAXR];
    aclrtStream s[MAXR];
    void *a[MAXR], *b[MAXR];
    if (mpi) {
        HcclRootInfo info;
        if (me == 0)
            HC(HcclGetRootInfo(&info));
        MPI_Bcast(&info, sizeof info, MPI_BYTE, 0, MPI_COMM_WORLD);
        ACL(aclrtSetDevice(0));
        HC(HcclCommInitRootInfo(ranks, &info, (uint32_t)me, &comm[0]));
    } else {
        int32_t devs[MAXR];
        for (unsigned i = 0; i < ranks; i++)
            devs[i] = (int32_t)i;
        HC(HcclCommInitAll(ranks, devs, comm));
    }
    for (unsigned i = 0; i < L; i++) {
        ACL(aclrtSetDevice(mpi ? 0 : (int32_t)i));
        ACL(aclrtCreateStream(&s[i]));
        ACL(aclrtMalloc(&a[i], hi, ACL_MEM_MALLOC_HUGE_FIRST));
        ACL(aclrtMalloc(&b[i], hi, ACL_MEM_MALLOC_HUGE_FIRST));
        ACL(aclrtMemset(a[i], hi, 0, hi));
        ACL(aclrtMemset(b[i], hi, 0, hi));
    }
    for (uint64_t bytes = lo; bytes <= hi;
         bytes = bytes * step > hi && bytes < hi ? hi : bytes * step) {
        uint64_t count = bytes / 4;
        if (g_op != OP_ALLREDUCE) /* whole blocks of at least one element per rank */
            count = count < ranks ? ranks : count / ranks * ranks;
        unsigned it = iters_for(bytes);
        double t[MAXREPS], tm[MAXREPS], cv[3][MAXREPS], cm[3][MAXREPS];
        for (unsigned r = 0; r <= reps; r++) { /* r == 0: warm-up */
            if (mpi)
                MPI_Barrier(MPI_COMM_WORLD);
            struct cost c0 = cost_now();
            uint64_t t0 = now_ns();
            for (unsigned k = 0; k < it; k++)
                for (unsigned i = 0; i < L; i++) {
                    if (!mpi)
                        ACL(aclrtSetDevice((int32_t)i));
                    HC(hccl_call(a[i], b[i], count, mpi ? (uint32_t)me : i, ranks, comm[i], s[i]));
                }
            for (unsigned i = 0; i < L; i++) {
                if (!mpi)
                    ACL(aclrtSetDevice((int32_t)i));
                ACL(aclrtSynchronizeStream(s[i]));
            }
            double us = (double)(now_ns() - t0) / 1e3 / it, slow = us;
            struct cost ch = cost_per_call(c0, it * L, mpi), cmpi = {0, 0, 0};
            if (mpi) {
                MPI_Allreduce(&us, &slow, 1, MPI_DOUBLE, MPI_MAX, MPI_COMM_WORLD);
                /* the baseline: MPI_Allreduce on the same buffers, same processes */
                MPI_Barrier(MPI_COMM_WORLD);
                struct cost m0c = cost_now();
                uint64_t m0 = now_ns();
                for (unsigned k = 0; k < it; k++)
                    mpi_call(a[0], b[0], count, ranks);
                double mus = (double)(now_ns() - m0) / 1e3 / it, mslow = mus;
                cmpi = cost_per_call(m0c, it, mpi);
                MPI_Allreduce(&mus, &mslow, 1, MPI_DOUBLE, MPI_MAX, MPI_COMM_WORLD);
                if (r)
                    tm[r - 1] = mslow;
            }
            if (r) {
                t[r - 1] = slow;
                cv[0][r - 1] = ch.vcsw;
                cv[1][r - 1] = ch.icsw;
                cv[2][r - 1] = ch.cpu_us;
                cm[0][r - 1] = cmpi.vcsw;
                cm[1][r - 1] = cmpi.icsw;
                cm[2][r - 1] = cmpi.cpu_us;
            }
        }
        double us = median(t, reps), hc[3], mc[3];
        for (unsigned k = 0; k < 3; k++) {
            hc[k] = median(cv[k], reps);
            mc[k] = median(cm[k], reps);
        }
        if (me != 0)
            continue;
        if (mpi) {
            double mus = median(tm, reps);
            printf("collective%s%s mode=mpi ranks=%u bytes=%llu us=%.2f busbw=%.3f mpi_us=%.2f "
                   "mpi_busbw=%.3f ratio=%.3f vcsw=%.2f icsw=%.2f cpu_us=%.1f mpi_vcsw=%.2f "
                   "mpi_icsw=%.2f mpi_cpu_us=%.1f\n",
                   g_op ? "_" : "", g_op ? OP_NAMES[g_op] : "", ranks, (unsigned long long)bytes,
                   us, busbw(bytes, us, ranks), mus, busbw(bytes, mus, ranks), mus / us, hc[0],
                   hc[1], hc[2], mc[0], mc[1], mc[2]);
        } else {
            printf("collective%s%s mode=local ranks=%u bytes=%llu us=%.2f algbw=%.3f "
                   "busbw=%.3f vcsw=%.2f icsw=%.2f cpu_us=%.1f\n",
                   g_op ? "_" : "", g_op ? OP_NAMES[g_op] : "", ranks, (unsigned long long)bytes,
                   us, (double)bytes / (us * 1e3), busbw(bytes, us, ranks), hc[0], hc[1], hc[2]);
        }
        fflush(stdout);
        if (bytes == hi)
            break;
    }
    for (unsigned i = 0; i < L; i++) {
        ACL(aclrtSetDevice(mpi ? 0 : (int32_t)i));
        ACL(aclrtFree(a[i]));
        ACL(aclrtFree(b[i]));
        ACL(aclrtDestroyStream(s[i]));
        HC(HcclCommDestroy(comm[i]));
    }
    ACL(aclFinalize());
    if (mpi)
        MPI_Finalize();
    return 0;
}
