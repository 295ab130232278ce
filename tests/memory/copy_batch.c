/* SPDX-License-Identifier: Apache-2.0 */
/* Batched copies (aclrtMemcpyBatch, aclrtMemcpyBatchV2, aclrtMemcpyBatchAsync,
 * aclrtMemcpyBatchAsyncV2; docs/memory.md): host-to-device and device-to-host
 * batches with one attribute and with several (attrsIndexes), pinned and pageable host
 * memory, a batch captured into a model and replayed, and the misuse codes with the
 * failIndex each one reports. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "acl/acl.h"
#include "testutil.h"

enum { N = 6, LEN = 4096 };

static aclrtMemcpyBatchAttr attr(aclrtMemLocationType dst, uint32_t dstId,
                                 aclrtMemLocationType src, uint32_t srcId)
{
    aclrtMemcpyBatchAttr a;
    memset(&a, 0, sizeof(a));
    a.dstLoc.type = dst;
    a.dstLoc.id = dstId;
    a.srcLoc.type = src;
    a.srcLoc.id = srcId;
    return a;
}

static void fill(unsigned char *p, size_t n, unsigned seed)
{
    for (size_t i = 0; i < n; i++)
        p[i] = (unsigned char)(seed * 31u + i * 7u);
}

static int same(const unsigned char *p, size_t n, unsigned seed)
{
    for (size_t i = 0; i < n; i++)
        if (p[i] != (unsigned char)(seed * 31u + i * 7u))
            return 0;
    return 1;
}

int main(void)
{
    size_t fi = 0;
    CHECK_ACL(ACL_ERROR_UNINITIALIZE,
              aclrtMemcpyBatch(NULL, NULL, NULL, NULL, 0, NULL, NULL, 0, &fi));
    TEST_OPEN();
    aclrtStream stream;
    CHECK_OK(aclrtCreateStream(&stream));

    void *dev[N], *pin[N], *out[N];
    void *page[N];
    size_t sizes[N], maxs[N];
    for (int i = 0; i < N; i++) {
        CHECK_OK(aclrtMalloc(&dev[i], LEN, ACL_MEM_MALLOC_HUGE_FIRST));
        CHECK_OK(aclrtMallocHost(&pin[i], LEN));
        CHECK_OK(aclrtMallocHost(&out[i], LEN));
        page[i] = malloc(LEN);
        CHECK(page[i]);
        sizes[i] = (size_t)(LEN - 64 * i); /* different lengths */
        maxs[i] = LEN;
        fill(pin[i], LEN, (unsigned)i + 1);
        fill(page[i], LEN, (unsigned)i + 11);
    }
    aclrtMemcpyBatchAttr h2d = attr(ACL_MEM_LOCATION_TYPE_DEVICE, 0, ACL_MEM_LOCATION_TYPE_HOST, 0);
    aclrtMemcpyBatchAttr d2h = attr(ACL_MEM_LOCATION_TYPE_HOST, 0, ACL_MEM_LOCATION_TYPE_DEVICE, 0);
    size_t idx0[1] = {0};

    /* ---- synchronous H2D (pinned sources) then D2H (pageable destinations) ---- */
    fi = 7;
    CHECK_OK(aclrtMemcpyBatch(dev, maxs, pin, sizes, N, &h2d, idx0, 1, &fi));
    CHECK(fi == SIZE_MAX);
    for (int i = 0; i < N; i++)
        CHECK(same(dev[i], sizes[i], (unsigned)i + 1));
    for (int i = 0; i < N; i++)
        memset(page[i], 0, LEN);
    CHECK_OK(aclrtMemcpyBatchV2(page, maxs, dev, sizes, N, &d2h, idx0, 1));
    for (int i = 0; i < N; i++) {
        CHECK(same(page[i], sizes[i], (unsigned)i + 1));
        CHECK(sizes[i] == LEN || ((unsigned char *)page[i])[sizes[i]] == 0); /* no byte more */
    }

    /* ---- two attributes: copies 0..2 H2D from pinned, 3..5 H2D from pageable (HOST_NUMA
     * means host too) ---- */
    void *srcs[N];
    for (int i = 0; i < N; i++) {
        srcs[i] = i < 3 ? pin[i] : page[i];
        fill(srcs[i], LEN, (unsigned)i + 40);
    }
    aclrtMemcpyBatchAttr two[2] = {h2d, attr(ACL_MEM_LOCATION_TYPE_DEVICE, 0,
                                             ACL_MEM_LOCATION_TYPE_HOST_NUMA, 0)};
    size_t idx2[2] = {0, 3};
    CHECK_OK(aclrtMemcpyBatch(dev, maxs, srcs, sizes, N, two, idx2, 2, &fi));
    for (int i = 0; i < N; i++)
        CHECK(same(dev[i], sizes[i], (unsigned)i + 40));

    /* ---- asynchronous, all pinned/device: one task in stream order ---- */
    for (int i = 0; i < N; i++)
        fill(pin[i], LEN, (unsigned)i + 70);
    CHECK_OK(aclrtMemcpyBatchAsync(dev, maxs, pin, sizes, N, &h2d, idx0, 1, &fi, stream));
    CHECK(fi == SIZE_MAX);
    CHECK_OK(aclrtMemcpyBatchAsyncV2(out, maxs, dev, sizes, N, &d2h, idx0, 1, stream));
    CHECK_OK(aclrtSynchronizeStream(stream));
    for (int i = 0; i < N; i++)
        CHECK(same(out[i], sizes[i], (unsigned)i + 70));

    /* ---- asynchronous with pageable members: synchronous for those, still in order ---- */
    for (int i = 0; i < N; i++)
        fill(page[i], LEN, (unsigned)i + 90);
    CHECK_OK(aclrtMemcpyBatchAsync(dev, maxs, page, sizes, N, &h2d, idx0, 1, &fi, stream));
    CHECK_OK(aclrtMemcpyBatchAsyncV2(out, maxs, dev, sizes, N, &d2h, idx0, 1, stream));
    CHECK_OK(aclrtSynchronizeStream(stream));
    for (int i = 0; i < N; i++)
        CHECK(same(out[i], sizes[i], (unsigned)i + 90));

    /* ---- all sizes 0: success, nothing checked ---- */
    size_t zeros[N] = {0};
    CHECK_OK(aclrtMemcpyBatch(NULL, NULL, NULL, zeros, N, NULL, NULL, 0, &fi));
    CHECK(fi == SIZE_MAX);

    /* ---- misuse: argument errors leave failIndex at SIZE_MAX ---- */
    fi = 3;
    CHECK_ACL(ACL_ERROR_INVALID_PARAM, aclrtMemcpyBatch(dev, maxs, pin, NULL, N, &h2d, idx0, 1, &fi));
    CHECK(fi == SIZE_MAX);
    CHECK_ACL(ACL_ERROR_INVALID_PARAM, aclrtMemcpyBatch(dev, maxs, pin, sizes, 0, &h2d, idx0, 1, &fi));
    CHECK_ACL(ACL_ERROR_INVALID_PARAM, aclrtMemcpyBatch(dev, maxs, pin, sizes, N, &h2d, idx0, 1, NULL));
    CHECK_ACL(ACL_ERROR_INVALID_PARAM, aclrtMemcpyBatch(dev, NULL, pin, sizes, N, &h2d, idx0, 1, &fi));
    size_t small[N];
    memcpy(small, maxs, sizeof(small));
    small[4] = 10;
    fi = 3;
    CHECK_ACL(ACL_ERROR_INVALID_PARAM, aclrtMemcpyBatch(dev, small, pin, sizes, N, &h2d, idx0, 1, &fi));
    CHECK(fi == SIZE_MAX);
    aclrtMemcpyBatchAttr bad_rsv = h2d;
    bad_rsv.rsv[3] = 1;
    CHECK_ACL(ACL_ERROR_INVALID_PARAM, aclrtMemcpyBatch(dev, maxs, pin, sizes, N, &bad_rsv, idx0, 1, &fi));
    size_t idx_bad0[1] = {1};
    CHECK_ACL(ACL_ERROR_RT_PARAM_INVALID, aclrtMemcpyBatch(dev, maxs, pin, sizes, N, &h2d, idx_bad0, 1, &fi));
    size_t idx_dec[2] = {0, 0};
    CHECK_ACL(ACL_ERROR_RT_PARAM_INVALID, aclrtMemcpyBatch(dev, maxs, pin, sizes, N, two, idx_dec, 2, &fi));
    size_t idx_big[2] = {0, N};
    CHECK_ACL(ACL_ERROR_RT_PARAM_INVALID, aclrtMemcpyBatch(dev, maxs, pin, sizes, N, two, idx_big, 2, &fi));
    CHECK(fi == SIZE_MAX);
    CHECK_ACL(ACL_ERROR_RT_PARAM_INVALID, aclrtMemcpyBatch(dev, maxs, pin, sizes, 1, two, idx2, 2, &fi));

    /* ---- misuse of one copy: failIndex names it, nothing is copied ---- */
    for (int i = 0; i < N; i++)
        memset(dev[i], 0xEE, LEN);
    void *mixed[N];
    memcpy(mixed, pin, sizeof(mixed));
    mixed[4] = dev[0]; /* device to device: not a batch direction */
    fi = 0;
    CHECK_ACL(ACL_ERROR_RT_PARAM_INVALID, aclrtMemcpyBatch(dev, maxs, mixed, sizes, N, &h2d, idx0, 1, &fi));
    CHECK(fi == 4);
    CHECK(((unsigned char *)dev[0])[0] == 0xEE); /* checked before copying */
    /* the attribute says device 1, the memory is device 0's */
    aclrtMemcpyBatchAttr wrong_id = attr(ACL_MEM_LOCATION_TYPE_DEVICE, 1, ACL_MEM_LOCATION_TYPE_HOST, 0);
    aclrtMemcpyBatchAttr h2d_two[2] = {h2d, wrong_id};
    size_t idx5[2] = {0, 5};
    CHECK_ACL(ACL_ERROR_RT_PARAM_INVALID, aclrtMemcpyBatch(dev, maxs, pin, sizes, N, h2d_two, idx5, 2, &fi));
    CHECK(fi == 5);
    /* the attribute says host, the destination is device memory */
    CHECK_ACL(ACL_ERROR_RT_PARAM_INVALID, aclrtMemcpyBatch(dev, maxs, pin, sizes, N, &d2h, idx0, 1, &fi));
    CHECK(fi == 0);
    void *nulls[N];
    memcpy(nulls, pin, sizeof(nulls));
    nulls[2] = NULL;
    CHECK_ACL(ACL_ERROR_RT_PARAM_INVALID, aclrtMemcpyBatchAsync(dev, maxs, nulls, sizes, N, &h2d, idx0, 1, &fi, stream));
    CHECK(fi == 2);
    size_t with0[N];
    memcpy(with0, sizes, sizeof(with0));
    with0[1] = 0; /* the asynchronous form refuses an empty member */
    CHECK_ACL(ACL_ERROR_RT_PARAM_INVALID, aclrtMemcpyBatchAsync(dev, maxs, pin, with0, N, &h2d, idx0, 1, &fi, stream));
    CHECK(fi == 1);
    CHECK_OK(aclrtMemcpyBatch(dev, maxs, pin, with0, N, &h2d, idx0, 1, &fi)); /* the sync one skips it */
    /* freed memory in the middle of a batch */
    void *gone;
    CHECK_OK(aclrtMalloc(&gone, LEN, ACL_MEM_MALLOC_HUGE_FIRST));
    CHECK_OK(aclrtFree(gone));
    void *dsts_gone[N];
    memcpy(dsts_gone, dev, sizeof(dsts_gone));
    dsts_gone[3] = gone;
    CHECK_ACL(ACL_ERROR_INVALID_PARAM, aclrtMemcpyBatchV2(dsts_gone, maxs, pin, sizes, N, &h2d, idx0, 1));
    /* a pinned address off the 64-byte rule of asynchronous copies */
    void *off[N];
    memcpy(off, pin, sizeof(off));
    off[0] = (char *)pin[0] + 8;
    size_t sz8[N];
    memcpy(sz8, sizes, sizeof(sz8));
    sz8[0] = 64;
    CHECK_ACL(ACL_ERROR_RT_ADDR_UNALIGNED, aclrtMemcpyBatchAsyncV2(dev, maxs, off, sz8, N, &h2d, idx0, 1, stream));
    /* a destroyed stream */
    aclrtStream dead;
    CHECK_OK(aclrtCreateStream(&dead));
    CHECK_OK(aclrtDestroyStream(dead));
    CHECK_ACL(ACL_ERROR_RT_INVALID_HANDLE, aclrtMemcpyBatchAsyncV2(dev, maxs, pin, sizes, N, &h2d, idx0, 1, dead));

    /* ---- captured: nothing runs at capture, every replay copies the current bytes ---- */
    aclrtStream cap;
    CHECK_OK(aclrtCreateStream(&cap));
    CHECK_OK(aclmdlRICaptureBegin(cap, ACL_MODEL_RI_CAPTURE_MODE_RELAXED));
    for (int i = 0; i < N; i++)
        memset(out[i], 0, LEN);
    CHECK_OK(aclrtMemcpyBatchAsync(dev, maxs, pin, sizes, N, &h2d, idx0, 1, &fi, cap));
    CHECK_OK(aclrtMemcpyBatchAsyncV2(out, maxs, dev, sizes, N, &d2h, idx0, 1, cap));
    /* pageable memory cannot be captured: refused with nothing recorded */
    CHECK_ACL(ACL_ERROR_RT_PARAM_INVALID, aclrtMemcpyBatchAsync(dev, maxs, page, sizes, N, &h2d, idx0, 1, &fi, cap));
    aclmdlRI ri;
    CHECK_OK(aclmdlRICaptureEnd(cap, &ri));
    CHECK(((unsigned char *)out[0])[0] == 0); /* not run yet */
    for (unsigned rep = 0; rep < 3; rep++) {
        for (int i = 0; i < N; i++)
            fill(pin[i], LEN, 200 + rep * 10 + (unsigned)i);
        CHECK_OK(aclmdlRIExecuteAsync(ri, stream));
        CHECK_OK(aclrtSynchronizeStream(stream));
        for (int i = 0; i < N; i++)
            CHECK(same(out[i], sizes[i], 200 + rep * 10 + (unsigned)i));
    }
    CHECK_OK(aclmdlRIDestroy(ri));
    CHECK_OK(aclrtDestroyStream(cap));

    for (int i = 0; i < N; i++) {
        CHECK_OK(aclrtFree(dev[i]));
        CHECK_OK(aclrtFreeHost(pin[i]));
        CHECK_OK(aclrtFreeHost(out[i]));
        free(page[i]);
    }
    CHECK_OK(aclrtDestroyStream(stream));
    TEST_CLOSE();
    return 0;
}
