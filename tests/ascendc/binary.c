/* SPDX-License-Identifier: Apache-2.0 */
/* Kernel binaries with Ascend C kernels (tests/ascendc/binary_kernels.cpp, docs/ascendc.md):
 * a launch by aclrtLaunchKernelWithHostArgs runs every block with its Ascend C context
 * (GetBlockIdx/GetBlockNum, a unified buffer for TPipe), SyncAll across its blocks, and a
 * trap in a block fails the launch with ACL_ERROR_RT_AICORE_EXCEPTION; captured launches
 * replay. With CPUACL_WORKERS > 1 (the second ctest run) a launch's blocks run on more
 * than one worker, eagerly and replayed. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "acltest.h"

#ifndef KERNEL_SO
#error KERNEL_SO must be defined
#endif

int main(void)
{
    TEST_OPEN();
    aclrtStream s;
    CHECK_OK(aclrtCreateStream(&s));
    aclrtBinHandle bin;
    CHECK_OK(aclrtBinaryLoadFromFile(KERNEL_SO, NULL, &bin));
    aclrtFuncHandle ctx, trap;
    CHECK_OK(aclrtBinaryGetFunction(bin, "ctx_kernel_cpu", &ctx));
    CHECK_OK(aclrtBinaryGetFunction(bin, "trap_kernel_cpu", &trap));
    aclrtFuncHandle spread;
    CHECK_OK(aclrtBinaryGetFunction(bin, "spread_kernel_cpu", &spread));

    enum { N = 6 };
    void *out, *slot;
    CHECK_OK(aclrtMalloc(&out, N * sizeof(int32_t), ACL_MEM_MALLOC_HUGE_FIRST));
    CHECK_OK(aclrtMalloc(&slot, N * sizeof(int32_t), ACL_MEM_MALLOC_HUGE_FIRST));
    void *args[2] = {out, slot};
    for (int rep = 0; rep < 2; rep++) {
        aclmdlRI ri = NULL;
        CHECK_OK(aclrtMemset(out, N * sizeof(int32_t), 0, N * sizeof(int32_t)));
        if (rep)
            CHECK_OK(aclmdlRICaptureBegin(s, ACL_MODEL_RI_CAPTURE_MODE_GLOBAL));
        CHECK_OK(aclrtLaunchKernelWithHostArgs(ctx, N, s, NULL, args, sizeof args, NULL, 0));
        if (rep) {
            CHECK_OK(aclmdlRICaptureEnd(s, &ri));
            CHECK_OK(aclmdlRIExecuteAsync(ri, s));
        }
        CHECK_OK(aclrtSynchronizeStream(s));
        int32_t h[N];
        CHECK_OK(aclrtMemcpy(h, sizeof h, out, sizeof h, ACL_MEMCPY_DEVICE_TO_HOST));
        for (int i = 0; i < N; i++)
            if (h[i] != i * 100 + N + 21 * 10000) {
                fprintf(stderr, "rep %d: out[%d] = %d, want %d\n", rep, i, h[i],
                        i * 100 + N + 21 * 10000);
                return 1;
            }
        if (ri)
            CHECK_OK(aclmdlRIDestroy(ri));
    }

    CHECK_OK(aclrtLaunchKernelWithHostArgs(trap, 4, s, NULL, args, sizeof args, NULL, 0));
    CHECK_ACL(ACL_ERROR_RT_AICORE_EXCEPTION, aclrtSynchronizeStream(s));
    CHECK_OK(aclrtLaunchKernelWithHostArgs(ctx, N, s, NULL, args, sizeof args, NULL, 0));
    CHECK_OK(aclrtSynchronizeStream(s));

    /* Blocks in parallel: with W > 1 workers, a launch's blocks run on >= 2 threads. */
    const char *we = getenv("CPUACL_WORKERS");
    int workers = we ? atoi(we) : 1;
    enum { NB = 16 };
    uint64_t *tid;
    CHECK_OK(aclrtMalloc((void **)&tid, NB * sizeof(uint64_t), ACL_MEM_MALLOC_HUGE_FIRST));
    for (int rep = 0; workers > 1 && rep < 2; rep++) { /* one worker: 2 s per block */
        aclmdlRI ri = NULL;
        CHECK_OK(aclrtMemset(tid, NB * sizeof(uint64_t), 0, NB * sizeof(uint64_t)));
        if (rep)
            CHECK_OK(aclmdlRICaptureBegin(s, ACL_MODEL_RI_CAPTURE_MODE_GLOBAL));
        CHECK_OK(aclrtLaunchKernelWithHostArgs(spread, NB, s, NULL, &tid, sizeof tid, NULL, 0));
        if (rep) {
            CHECK_OK(aclmdlRICaptureEnd(s, &ri));
            CHECK_OK(aclmdlRIExecuteAsync(ri, s));
        }
        CHECK_OK(aclrtSynchronizeStream(s));
        uint64_t h[NB];
        CHECK_OK(aclrtMemcpy(h, sizeof h, tid, sizeof h, ACL_MEMCPY_DEVICE_TO_HOST));
        int distinct = 0;
        for (int i = 0; i < NB; i++) {
            if (!h[i]) {
                fprintf(stderr, "spread rep %d: block %d did not run\n", rep, i);
                return 1;
            }
            int seen = 0;
            for (int k = 0; k < i; k++)
                seen |= h[k] == h[i];
            distinct += !seen;
        }
        printf("spread rep %d: %d blocks on %d threads (%d workers)\n", rep, NB, distinct, workers);
        if (distinct < 2) {
            fprintf(stderr, "spread rep %d: all blocks ran on one thread with %d workers\n", rep,
                    workers);
            return 1;
        }
        if (ri)
            CHECK_OK(aclmdlRIDestroy(ri));
    }
    CHECK_OK(aclrtFree(tid));

    FREE_DEVICE(out, slot);
    CHECK_OK(aclrtBinaryUnLoad(bin));
    CHECK_OK(aclrtDestroyStream(s));
    TEST_CLOSE();
    printf("ascendc_binary: ok\n");
    return 0;
}
