/* SPDX-License-Identifier: Apache-2.0 */
/*
 * The rank program of the multi-host test (hccl_multihost.sh starts it under
 * mpirun across network namespaces, Open MPI over TCP only). One mode per run:
 *
 *   ranktable FILE  libhccl initialises MPI itself; the communicator comes
 *                   from a CANN rank table whose server_id is each host's
 *                   address: the rank checks it runs on the host the table
 *                   gives it, then all-reduces every type and op and checks
 *                   the results against the deterministic reference.
 *   exit            the last rank dies (_exit) while a 16 MiB all-reduce is
 *                   in flight.
 *   linkdown        every rank all-reduces in a loop; the script takes a
 *                   host's link down (ip link set down) once `ready` exists.
 *   late            the last rank never comes to HcclCommInitRootInfo.
 *
 * In the fault modes every surviving rank must see the documented error
 * (synchronize fails, HcclGetCommAsyncError = HCCL_E_TIMEOUT or
 * HCCL_E_NETWORK; init returns HCCL_E_TIMEOUT) within the timeout and a
 * slack, then destroy the communicator. Each rank writes one line to
 * OUTDIR/rank<N> ("ok ..." / "victim" / "FAIL ..."): the script checks them,
 * since after a fault mpirun's own exit status says little.
 */
#include <arpa/inet.h>
#include <ifaddrs.h>
#include <netinet/in.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include <mpi.h>

#include "hccl_common.h"

static int g_rank = -1, g_size;
static const char *g_out = "/tmp";

static double now_s(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/* Record this rank's verdict (one line) and return the exit code. */
static int verdict(int ok, const char *fmt, ...)
{
    char line[512], path[512];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(line, sizeof line, fmt, ap);
    va_end(ap);
    snprintf(path, sizeof path, "%s/rank%d", g_out, g_rank);
    FILE *f = fopen(path, "w");
    if (f) {
        fprintf(f, "%s %s\n", ok ? "ok" : "FAIL", line);
        fclose(f);
    }
    fprintf(ok ? stdout : stderr, "[rank %d] %s %s\n", g_rank, ok ? "ok" : "FAIL", line);
    return ok ? 0 : 1;
}

#define DIE(...) exit(verdict(0, __VA_ARGS__))

/* Is addr one of this host's (this namespace's) IPv4 addresses? */
static int my_address(const char *addr)
{
    struct ifaddrs *all, *i;
    int found = 0;
    if (getifaddrs(&all) != 0)
        return 0;
    for (i = all; i && !found; i = i->ifa_next) {
        char buf[INET_ADDRSTRLEN];
        if (i->ifa_addr && i->ifa_addr->sa_family == AF_INET &&
            inet_ntop(AF_INET, &((struct sockaddr_in *)i->ifa_addr)->sin_addr, buf, sizeof buf))
            found = !strcmp(buf, addr);
    }
    freeifaddrs(all);
    return found;
}

/* The server_id of `rank` in the table (a crude scan of the JSON the script
 * wrote: server_id comes before its devices' rank_ids). */
static int table_server(const char *path, int rank, char *server, size_t n)
{
    FILE *f = fopen(path, "r");
    if (!f)
        return 0;
    static char text[65536];
    size_t len = fread(text, 1, sizeof text - 1, f);
    fclose(f);
    text[len] = 0;
    char want[32];
    snprintf(want, sizeof want, "\"rank_id\":\"%d\"", rank);
    char *hit = strstr(text, want);
    if (!hit)
        return 0;
    char *srv = NULL;
    for (char *p = strstr(text, "\"server_id\":\""); p && p < hit;
         p = strstr(p + 1, "\"server_id\":\""))
        srv = p + 13;
    if (!srv)
        return 0;
    size_t k = strcspn(srv, "\"");
    snprintf(server, n, "%.*s", (int)(k < n ? k : n - 1), srv);
    return 1;
}

static const HcclDataType TYPES[] = {
    HCCL_DATA_TYPE_INT8,   HCCL_DATA_TYPE_INT16,  HCCL_DATA_TYPE_INT32,  HCCL_DATA_TYPE_FP16,
    HCCL_DATA_TYPE_FP32,   HCCL_DATA_TYPE_INT64,  HCCL_DATA_TYPE_UINT64, HCCL_DATA_TYPE_UINT8,
    HCCL_DATA_TYPE_UINT16, HCCL_DATA_TYPE_UINT32, HCCL_DATA_TYPE_FP64,   HCCL_DATA_TYPE_BFP16};

static int mode_ranktable(const char *table)
{
    char server[64];
    if (!table_server(table, g_rank, server, sizeof server))
        DIE("rank %d not in %s", g_rank, table);
    if (!my_address(server))
        DIE("the table puts rank %d on server %s, which is not this host", g_rank, server);
    if (aclInit(NULL) != ACL_SUCCESS || aclrtSetDevice(0) != ACL_SUCCESS)
        DIE("runtime init failed");
    HcclComm comm;
    HcclResult rc = HcclCommInitClusterInfo(table, (uint32_t)g_rank, &comm);
    if (rc != HCCL_SUCCESS)
        DIE("HcclCommInitClusterInfo: %s", HcclGetErrorString(rc));
    uint32_t n = 0;
    HcclGetRankSize(comm, &n);
    aclrtStream s;
    enum { COUNT = 1031 };
    void *d;
    static unsigned char h[COUNT * 8];
    if (aclrtCreateStream(&s) || aclrtMalloc(&d, sizeof h, ACL_MEM_MALLOC_HUGE_FIRST))
        DIE("stream/malloc failed");
    unsigned seed = 100, checked = 0;
    for (size_t ti = 0; ti < sizeof TYPES / sizeof TYPES[0]; ti++)
        for (int op = 0; op < 4; op++, seed++) {
            HcclDataType t = TYPES[ti];
            for (uint64_t k = 0; k < COUNT; k++)
                tc_put(t, h, k, tc_gen(t, (uint32_t)g_rank, k, seed));
            aclrtMemcpy(d, sizeof h, h, COUNT * tc_size(t), ACL_MEMCPY_HOST_TO_DEVICE);
            if ((rc = HcclAllReduce(d, d, COUNT, t, (HcclReduceOp)op, comm, s)) ||
                aclrtSynchronizeStream(s))
                DIE("allreduce type %d op %d failed: %s", (int)t, op, HcclGetErrorString(rc));
            aclrtMemcpy(h, sizeof h, d, COUNT * tc_size(t), ACL_MEMCPY_DEVICE_TO_HOST);
            for (uint64_t k = 0; k < COUNT; k++, checked++) {
                double want = tc_ref(t, (HcclReduceOp)op, n, k, seed);
                unsigned char cell[8];
                tc_put(t, cell, 0, want); /* bit-identical: compare the stored bytes */
                if (memcmp(cell, h + k * tc_size(t), tc_size(t)))
                    DIE("type %d op %d [%llu] = %g, expected %g", (int)t, op, (unsigned long long)k,
                        tc_get(t, h, k), want);
            }
        }
    aclrtFree(d);
    aclrtDestroyStream(s);
    if ((rc = HcclCommDestroy(comm)) != HCCL_SUCCESS)
        DIE("destroy: %s", HcclGetErrorString(rc));
    aclFinalize();
    return verdict(1, "ranktable server %s, %u ranks, %u elements checked", server, n, checked);
}

/* The fault modes: MPI initialised here, root info broadcast across hosts. */
static int mode_fault(const char *mode, double limit)
{
    int prov = 0;
    MPI_Init_thread(NULL, NULL, MPI_THREAD_MULTIPLE, &prov);
    int victim = g_size - 1;
    if (aclInit(NULL) != ACL_SUCCESS || aclrtSetDevice(0) != ACL_SUCCESS)
        DIE("runtime init failed");
    HcclRootInfo info;
    if (g_rank == 0 && HcclGetRootInfo(&info) != HCCL_SUCCESS)
        DIE("HcclGetRootInfo failed");
    MPI_Bcast(&info, sizeof info, MPI_BYTE, 0, MPI_COMM_WORLD);
    if (!strcmp(mode, "late") && g_rank == victim) {
        verdict(1, "victim: never makes the communicator");
        sleep((unsigned)limit - 3); /* the others give up meanwhile (limit = timeout + 5) */
        _exit(0);                   /* and never comes: no finalize either */
    }
    HcclComm comm = NULL;
    double t0 = now_s();
    HcclResult rc = HcclCommInitRootInfo((uint32_t)g_size, &info, (uint32_t)g_rank, &comm);
    double took = now_s() - t0;
    if (!strcmp(mode, "late")) {
        if (rc != HCCL_E_TIMEOUT)
            DIE("init with a rank missing: %s, expected HCCL_E_TIMEOUT", HcclGetErrorString(rc));
        if (took > limit)
            DIE("init gave up after %.1f s (limit %.1f)", took, limit);
        aclFinalize();
        verdict(1, "late: init HCCL_E_TIMEOUT after %.1f s", took);
        MPI_Finalize(); /* returns once the absent rank is gone (or comes to finalize) */
        return 0;
    }
    if (rc != HCCL_SUCCESS)
        DIE("HcclCommInitRootInfo: %s", HcclGetErrorString(rc));
    aclrtStream s;
    size_t big = 64u << 20; /* the exit mode's all-reduce: ~100 MB moved per rank */
    void *d;
    if (aclrtCreateStream(&s) || aclrtMalloc(&d, big, ACL_MEM_MALLOC_HUGE_FIRST) ||
        aclrtMemset(d, big, 0, big))
        DIE("stream/malloc failed");
    /* a first good all-reduce: every connection is up */
    if ((rc = HcclAllReduce(d, d, 1024, HCCL_DATA_TYPE_FP32, HCCL_REDUCE_SUM, comm, s)) ||
        aclrtSynchronizeStream(s))
        DIE("first all-reduce failed: %s", HcclGetErrorString(rc));
    MPI_Barrier(MPI_COMM_WORLD);
    aclError sync = ACL_SUCCESS;
    if (!strcmp(mode, "exit")) {
        if (g_rank == victim) {
            HcclAllReduce(d, d, big / 4, HCCL_DATA_TYPE_FP32, HCCL_REDUCE_SUM, comm, s);
            /* the transfer has started, and is far from done: 30 ms and 16 MiB let the
             * all-reduce finish first once (the others then succeeded, CI emulation of
             * 929d9d7); whether it dies before or during its first send, the others see the
             * peer go */
            usleep(2000);
            verdict(1, "victim: exits mid all-reduce");
            _exit(0); /* no destroy, no finalize: as if killed */
        }
        t0 = now_s();
        rc = HcclAllReduce(d, d, big / 4, HCCL_DATA_TYPE_FP32, HCCL_REDUCE_SUM, comm, s);
        sync = aclrtSynchronizeStream(s);
        took = now_s() - t0;
    } else { /* linkdown: loop until the link goes and a call fails */
        char ready[512];
        snprintf(ready, sizeof ready, "%s/ready", g_out);
        if (g_rank == 0) {
            FILE *f = fopen(ready, "w");
            if (f)
                fclose(f);
        }
        double end = now_s() + 30;
        while (sync == ACL_SUCCESS && rc == HCCL_SUCCESS && now_s() < end) {
            t0 = now_s();
            rc = HcclAllReduce(d, d, 4096, HCCL_DATA_TYPE_FP32, HCCL_REDUCE_SUM, comm, s);
            sync = aclrtSynchronizeStream(s);
            took = now_s() - t0;
            usleep(20000);
        }
    }
    HcclResult async = HCCL_SUCCESS;
    HcclGetCommAsyncError(comm, &async);
    if (rc != HCCL_SUCCESS || sync != ACL_ERROR_RT_AICORE_EXCEPTION)
        DIE("%s: call %s, synchronize %d: expected the stream to fail", mode,
            HcclGetErrorString(rc), (int)sync);
    if (async != HCCL_E_TIMEOUT && async != HCCL_E_NETWORK)
        DIE("%s: HcclGetCommAsyncError = %s", mode, HcclGetErrorString(async));
    if (took > limit)
        DIE("%s: the failing call took %.1f s (limit %.1f)", mode, took, limit);
    /* the communicator is broken for good: the next call fails at once */
    t0 = now_s();
    HcclAllReduce(d, d, 8, HCCL_DATA_TYPE_FP32, HCCL_REDUCE_SUM, comm, s);
    aclError again = aclrtSynchronizeStream(s);
    double took2 = now_s() - t0;
    if (again != ACL_ERROR_RT_AICORE_EXCEPTION || took2 > 1.0)
        DIE("%s: a call on the broken communicator: synchronize %d after %.2f s", mode, (int)again,
            took2);
    t0 = now_s();
    if ((rc = HcclCommDestroy(comm)) != HCCL_SUCCESS)
        DIE("destroy: %s", HcclGetErrorString(rc));
    double tdestroy = now_s() - t0;
    aclrtFree(d);
    aclrtDestroyStream(s);
    aclFinalize();
    int code = verdict(tdestroy < 2.0, "%s: %s after %.1f s, destroy %.2f s", mode,
                       HcclGetErrorString(async), took, tdestroy);
    /* Open MPI's finalize waits for every process to finalize or die: the
     * dead one is gone (mpirun runs with orte_allowed_exit_without_sync), a
     * downed link is up again by then (the script restores it). */
    MPI_Finalize();
    return code;
}

int main(int argc, char **argv)
{
    const char *ws = getenv("OMPI_COMM_WORLD_SIZE"), *wr = getenv("OMPI_COMM_WORLD_RANK");
    const char *out = getenv("HCCL_MH_OUT");
    if (!ws || !wr || atoi(ws) < 2 || argc < 2) {
        fprintf(stderr, "hccl_multihost: run by hccl_multihost.sh under mpirun\n");
        return 77;
    }
    g_size = atoi(ws);
    g_rank = atoi(wr);
    if (out)
        g_out = out;
    if (!strcmp(argv[1], "ranktable") && argc > 2)
        return mode_ranktable(argv[2]);
    /* timeouts + slack: HCCL_EXEC_TIMEOUT / HCCL_CONNECT_TIMEOUT as the script set them */
    const char *et = getenv("HCCL_EXEC_TIMEOUT"), *ct = getenv("HCCL_CONNECT_TIMEOUT");
    double limit = (!strcmp(argv[1], "late") ? (ct ? atof(ct) : 120) : (et ? atof(et) : 1836)) + 5;
    if (!strcmp(argv[1], "exit") || !strcmp(argv[1], "linkdown") || !strcmp(argv[1], "late"))
        return mode_fault(argv[1], limit);
    fprintf(stderr, "hccl_multihost: unknown mode %s\n", argv[1]);
    return 2;
}
