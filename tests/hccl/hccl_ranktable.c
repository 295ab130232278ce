/* SPDX-License-Identifier: Apache-2.0 */
/*
 * A program that never calls MPI itself, started by `mpirun -np N`: one rank
 * per process from a rank table file (libhccl initialises and finalises MPI),
 * an all-reduce and a broadcast checked on every rank. Run without mpirun it
 * skips (77).
 */
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include "hccl/hccl.h"

#define FAIL(...)                                                                                  \
    do {                                                                                           \
        fprintf(stderr, __VA_ARGS__);                                                              \
        fputc('\n', stderr);                                                                       \
        return 1;                                                                                  \
    } while (0)

int main(void)
{
    const char *ws = getenv("OMPI_COMM_WORLD_SIZE"), *wr = getenv("OMPI_COMM_WORLD_RANK");
    if (!ws || !wr || atoi(ws) < 2)
        return 77;
    uint32_t n = (uint32_t)atoi(ws), me = (uint32_t)atoi(wr);
    char path[64];
    snprintf(path, sizeof path, "/tmp/hccl_rt2_%d.json", (int)getpid());
    FILE *f = fopen(path, "w");
    if (!f)
        FAIL("cannot write %s", path);
    fprintf(f, "{\"status\":\"completed\",\"version\":\"1.0\",\"server_count\":\"%u\","
               "\"server_list\":[", n);
    for (uint32_t r = 0; r < n; r++) /* one server per rank, as across machines */
        fprintf(f, "%s{\"server_id\":\"node_%u\",\"device\":[{\"device_id\":\"0\","
                   "\"device_ip\":\"127.0.0.%u\",\"rank_id\":\"%u\"}]}", r ? "," : "", r, r + 1, r);
    fprintf(f, "]}\n");
    fclose(f);
    if (aclInit(NULL) != ACL_SUCCESS || aclrtSetDevice(0) != ACL_SUCCESS)
        FAIL("runtime init failed");
    HcclComm comm;
    HcclResult rc = HcclCommInitClusterInfo(path, me, &comm);
    unlink(path);
    if (rc != HCCL_SUCCESS)
        FAIL("HcclCommInitClusterInfo: %s", HcclGetErrorString(rc));
    aclrtStream s;
    int64_t *d, h[100];
    if (aclrtCreateStream(&s) || aclrtMalloc((void **)&d, sizeof h, ACL_MEM_MALLOC_HUGE_FIRST))
        FAIL("stream/malloc failed");
    for (int k = 0; k < 100; k++)
        h[k] = (int64_t)me * 1000 + k;
    aclrtMemcpy(d, sizeof h, h, sizeof h, ACL_MEMCPY_HOST_TO_DEVICE);
    if ((rc = HcclAllReduce(d, d, 100, HCCL_DATA_TYPE_INT64, HCCL_REDUCE_SUM, comm, s)) ||
        aclrtSynchronizeStream(s))
        FAIL("allreduce failed: %s", HcclGetErrorString(rc));
    aclrtMemcpy(h, sizeof h, d, sizeof h, ACL_MEMCPY_DEVICE_TO_HOST);
    for (int k = 0; k < 100; k++)
        if (h[k] != (int64_t)(n * (n - 1) / 2) * 1000 + (int64_t)n * k)
            FAIL("rank %u: allreduce [%d] = %lld", me, k, (long long)h[k]);
    if (me == n - 1)
        for (int k = 0; k < 100; k++)
            h[k] = -k;
    aclrtMemcpy(d, sizeof h, h, sizeof h, ACL_MEMCPY_HOST_TO_DEVICE);
    if ((rc = HcclBroadcast(d, 100, HCCL_DATA_TYPE_INT64, n - 1, comm, s)) ||
        aclrtSynchronizeStream(s))
        FAIL("broadcast failed: %s", HcclGetErrorString(rc));
    aclrtMemcpy(h, sizeof h, d, sizeof h, ACL_MEMCPY_DEVICE_TO_HOST);
    for (int k = 0; k < 100; k++)
        if (h[k] != -k)
            FAIL("rank %u: broadcast [%d] = %lld", me, k, (long long)h[k]);
    aclrtFree(d);
    aclrtDestroyStream(s);
    if (HcclCommDestroy(comm) != HCCL_SUCCESS)
        FAIL("destroy failed");
    aclFinalize();
    if (me == 0)
        printf("hccl_ranktable (%u processes): pass\n", n);
    return 0;
}
