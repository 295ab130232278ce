/* SPDX-License-Identifier: Apache-2.0 */
/* Ascend C kernels written against cpuacl's kernel_operator.h (tests/ascendc/kernels.cpp),
 * launched through cpuaclAscendcLaunch (docs/ascendc.md): a multi-block Add with TPipe/TQue
 * double buffering; block ids, counts and GetTPipePtr; SyncAll with 8 blocks over GlobalTensor
 * (run with CPUACL_WORKERS 1 and 4); SetAtomicAdd accumulation across 16 blocks (float through
 * DataCopy, int32 through DataCopyPad); DataCopyPad's padding; and each misuse failing the
 * launch at synchronisation with ACL_ERROR_RT_AICORE_EXCEPTION, a message naming the kernel
 * and block, while the stream's next launch runs: UB over-allocation, queue depth exceeded,
 * misaligned DataCopy, trap, assert, DeQue of an empty queue, FreeTensor of a foreign tensor,
 * GlobalTensor out of bounds (checked build), a TransDataTo5HD address outside the unified
 * buffer. A captured Add replays. */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "acltest.h"
#include "kernels.h"

static void *dev(size_t bytes)
{
    void *p = NULL;
    CHECK_OK(aclrtMalloc(&p, bytes, ACL_MEM_MALLOC_HUGE_FIRST));
    CHECK_OK(aclrtMemset(p, bytes, 0, bytes));
    return p;
}

static void put(void *d, const void *h, size_t bytes)
{
    CHECK_OK(aclrtMemcpy(d, bytes, h, bytes, ACL_MEMCPY_HOST_TO_DEVICE));
}

static void get(void *h, const void *d, size_t bytes)
{
    CHECK_OK(aclrtMemcpy(h, bytes, d, bytes, ACL_MEMCPY_DEVICE_TO_HOST));
}

static _Atomic int g_cb;
static void on_exc(aclrtExceptionInfo *info)
{
    (void)info;
    atomic_fetch_add(&g_cb, 1);
}

static void check_add(aclrtStream s, uint32_t dim, uint32_t n, uint32_t tile)
{
    size_t bytes = n * sizeof(float);
    float *hx = malloc(bytes), *hy = malloc(bytes), *hz = malloc(bytes);
    CHECK(hx && hy && hz);
    for (uint32_t i = 0; i < n; i++) {
        hx[i] = (float)i * 0.5f;
        hy[i] = (float)(n - i);
    }
    void *x = dev(bytes), *y = dev(bytes), *z = dev(bytes);
    put(x, hx, bytes);
    put(y, hy, bytes);
    CHECK_OK(launch_add(dim, s, x, y, z, n, tile));
    CHECK_OK(aclrtSynchronizeStream(s));
    get(hz, z, bytes);
    for (uint32_t i = 0; i < n; i++)
        if (hz[i] != hx[i] + hy[i]) {
            fprintf(stderr, "add blockDim %u: z[%u] = %g, want %g\n", dim, i, hz[i], hx[i] + hy[i]);
            exit(1);
        }

    /* Captured: every replay runs the blocks again. */
    aclmdlRI ri;
    CHECK_OK(aclrtMemset(z, bytes, 0, bytes));
    CHECK_OK(aclmdlRICaptureBegin(s, ACL_MODEL_RI_CAPTURE_MODE_GLOBAL));
    CHECK_OK(launch_add(dim, s, x, x, z, n, tile));
    CHECK_OK(aclmdlRICaptureEnd(s, &ri));
    CHECK_OK(aclmdlRIExecuteAsync(ri, s));
    CHECK_OK(aclrtSynchronizeStream(s));
    get(hz, z, bytes);
    for (uint32_t i = 0; i < n; i++)
        CHECK(hz[i] == hx[i] * 2);
    CHECK_OK(aclmdlRIDestroy(ri));
    FREE_DEVICE(x, y, z);
    free(hx);
    free(hy);
    free(hz);
}

int main(void)
{
    TEST_OPEN();
    aclrtStream s;
    CHECK_OK(aclrtCreateStream(&s));

    /* Add: 8 blocks of 4096 floats in tiles of 256 (double buffered), 1 block, 3 blocks. */
    check_add(s, 8, 8 * 4096, 256);
    check_add(s, 1, 2048, 512);
    check_add(s, 3, 3 * 1024, 64);

    /* Block ids, counts, the block's pipe. */
    int32_t ids[12];
    void *dids = dev(sizeof ids);
    CHECK_OK(launch_ids(12, s, dids));
    CHECK_OK(aclrtSynchronizeStream(s));
    get(ids, dids, sizeof ids);
    for (int i = 0; i < 12; i++)
        CHECK(ids[i] == i * 1000 + 12 + 1);

    /* SyncAll: each block reads its neighbour's slot after the barrier, twice. */
    int32_t slot[8], got[16];
    void *dslot = dev(sizeof slot), *dgot = dev(sizeof got);
    CHECK_OK(launch_sync(8, s, dslot, dgot));
    CHECK_OK(aclrtSynchronizeStream(s));
    get(got, dgot, sizeof got);
    for (int r = 0; r < 2; r++)
        for (int i = 0; i < 8; i++)
            CHECK(got[r * 8 + i] == ((i + 1) % 8) * ((i + 1) % 8) + r);

    /* The vector mask survives SyncAll per block: block i wrote 7 into its first i + 1. */
    float mrow[8 * 64];
    void *dm = dev(sizeof mrow);
    CHECK_OK(launch_mask(8, s, dm));
    CHECK_OK(aclrtSynchronizeStream(s));
    get(mrow, dm, sizeof mrow);
    for (int b = 0; b < 8; b++)
        for (int e = 0; e < 64; e++)
            if (mrow[b * 64 + e] != (e <= b ? 7.0f : 0.0f)) {
                fprintf(stderr, "mask: block %d element %d = %g\n", b, e, mrow[b * 64 + e]);
                return 1;
            }

    /* SetAtomicAdd across 16 blocks: each adds idx + 1: 136 in every element. */
    enum { AN = 1000 }; /* 4000 bytes: DataCopy needs 32-byte multiples, so 1000 floats */
    float af[AN];
    int32_t ai[AN];
    void *daf = dev(sizeof af), *dai = dev(sizeof ai);
    for (int rep = 0; rep < 3; rep++)
        CHECK_OK(launch_atomic(16, s, daf, dai, AN));
    CHECK_OK(aclrtSynchronizeStream(s));
    get(af, daf, sizeof af);
    get(ai, dai, sizeof ai);
    for (int i = 0; i < AN; i++)
        if (af[i] != 3 * 136.0f || ai[i] != 3 * 136) {
            fprintf(stderr, "atomic: [%d] = %g / %d, want 408\n", i, af[i], ai[i]);
            return 1;
        }

    /* DataCopyPad: 5 rows of 3 floats, each row padded to 8 floats in the UB. */
    float px[15], py[15], pub[40];
    for (int i = 0; i < 15; i++)
        px[i] = (float)(i + 1);
    void *dpx = dev(sizeof px), *dpy = dev(sizeof py), *dpub = dev(sizeof pub);
    put(dpx, px, sizeof px);
    CHECK_OK(launch_pad(s, dpx, dpy, dpub, 5, 3, -7.0f));
    CHECK_OK(aclrtSynchronizeStream(s));
    get(py, dpy, sizeof py);
    get(pub, dpub, sizeof pub);
    CHECK(memcmp(px, py, sizeof px) == 0);
    for (int r = 0; r < 5; r++)
        for (int k = 0; k < 8; k++)
            CHECK(pub[r * 8 + k] == (k < 3 ? px[r * 3 + k] : -7.0f));

    /* Misuse in block 2 of 4: the launch fails, the message names kernel and block, the
     * callback fires, the next launch on the stream runs. */
    static const char *const what[] = {"over-allocation", "depth",      "misaligned",
                                       "trap",            "assert",     "DeQue",
                                       "FreeTensor",      "bounds",     "TransDataTo5HD"};
    CHECK_OK(aclrtSetExceptionInfoCallback(on_exc));
    void *dout = dev(64 * sizeof(float));
    for (uint32_t w = 0; w < 9; w++) {
        CHECK_OK(launch_misuse(4, s, w, 2, dout));
        aclError rc = aclrtSynchronizeStream(s);
        if (rc != ACL_ERROR_RT_AICORE_EXCEPTION) {
            fprintf(stderr, "misuse %u (%s): synchronisation returned %d\n", w, what[w], (int)rc);
            return 1;
        }
        const char *m = aclGetRecentErrMsg();
        if (!m || !strstr(m, "misuse_custom") || !strstr(m, "block 2 of 4")) {
            fprintf(stderr, "misuse %u (%s): message %s\n", w, what[w], m ? m : "(none)");
            return 1;
        }
        if (w == 8 && !strstr(m, "dstList[3]'s repeats reach 32 bytes")) {
            fprintf(stderr, "misuse 8 (%s): message %s\n", what[w], m);
            return 1;
        }
        printf("misuse %u: %s\n", w, m);
        CHECK(atomic_load(&g_cb) == (int)w + 1);
        CHECK_OK(launch_misuse(4, s, 99, 2, dout)); /* no misuse: runs */
        CHECK_OK(aclrtSynchronizeStream(s));
    }
    CHECK_OK(aclrtSetExceptionInfoCallback(NULL));

    FREE_DEVICE(dids, dslot, dgot, daf, dai, dpx, dpy, dpub, dout);
    CHECK_OK(aclrtDestroyStream(s));
    TEST_CLOSE();
    printf("ascendc_kernel_api: ok\n");
    return 0;
}
