/* SPDX-License-Identifier: Apache-2.0 */
/* Device variables (aclrtGetSymbolAddress, aclrtGetSymbolSize, aclrtMemcpyToSymbol(Async),
 * aclrtMemcpyFromSymbol(Async); docs/memory.md): on cpuacl a kernel binary is a host
 * shared object and a device variable one of its exported data objects. The test loads
 * one with aclrtBinaryLoadFromFile, takes a variable's address as a program linked
 * against it would (dlsym, or aclrtBinaryGetGlobal), writes it from the host, launches a
 * kernel that reads it, reads back what the kernel wrote into another variable, and
 * checks the misuse codes: a function or an interior address is not a symbol, bounds,
 * kinds, an unloaded binary's variables are refused, and a copy queued before the unload
 * still completes. */
#include <dlfcn.h>
#include <sched.h>
#include <stdatomic.h>
#include <stdint.h>
#include <string.h>

#include "acl/acl.h"
#include "testutil.h"

#ifndef VARS_SO
#error VARS_SO (path of the kernel binary with variables) must be defined
#endif

struct apply_args {
    const float *x;
    float *y;
    uint32_t n;
};

static atomic_int g_release;

static void hold_stream(void *arg)
{
    (void)arg;
    while (!atomic_load_explicit(&g_release, memory_order_acquire))
        sched_yield();
}

int main(void)
{
    float w[16] = {0};
    size_t sz = 0;
    CHECK_ACL(ACL_ERROR_UNINITIALIZE, aclrtGetSymbolSize(w, &sz));
    TEST_OPEN();
    aclrtStream stream;
    CHECK_OK(aclrtCreateStream(&stream));

    aclrtBinHandle bin;
    CHECK_OK(aclrtBinaryLoadFromFile(VARS_SO, NULL, &bin));
    /* What "&g_weights" is in a program linked against the kernel binary. */
    void *self = dlopen(VARS_SO, RTLD_NOW | RTLD_NOLOAD);
    CHECK(self);
    float *weights = dlsym(self, "g_weights");
    uint32_t *launches = dlsym(self, "g_launches");
    void *kernel_fn = dlsym(self, "apply_weights");
    CHECK(weights && launches && kernel_fn);
    void *global = NULL;
    size_t gsz = 0;
    CHECK_OK(aclrtBinaryGetGlobal(bin, "g_weights", &global, &gsz));
    CHECK(global == weights);

    /* ---- address and size ---- */
    void *addr = NULL;
    CHECK_OK(aclrtGetSymbolAddress(weights, &addr));
    CHECK(addr == weights);
    CHECK_OK(aclrtGetSymbolSize(weights, &sz));
    CHECK(sz == 16 * sizeof(float));
    CHECK_OK(aclrtGetSymbolSize(launches, &sz));
    CHECK(sz == sizeof(uint32_t));

    /* ---- read the initial values, write new ones, a kernel uses them ---- */
    CHECK_OK(aclrtMemcpyFromSymbol(w, sizeof(w), weights, sizeof(w), 0, ACL_MEMCPY_DEVICE_TO_HOST));
    for (int i = 0; i < 16; i++)
        CHECK(w[i] == (float)(i + 1));
    for (int i = 0; i < 16; i++)
        w[i] = 0.5f * (float)i;
    CHECK_OK(aclrtMemcpyToSymbol(weights, w, sizeof(w), 0, ACL_MEMCPY_HOST_TO_DEVICE));
    float three = 3.0f; /* then element 5 alone, through an offset */
    CHECK_OK(aclrtMemcpyToSymbol(weights, &three, sizeof(three), 5 * sizeof(float), ACL_MEMCPY_DEFAULT));
    enum { N = 64 };
    float *x, *y;
    CHECK_OK(aclrtMalloc((void **)&x, N * sizeof(float), ACL_MEM_MALLOC_HUGE_FIRST));
    CHECK_OK(aclrtMalloc((void **)&y, N * sizeof(float), ACL_MEM_MALLOC_HUGE_FIRST));
    for (int i = 0; i < N; i++)
        x[i] = (float)(i + 1);
    aclrtFuncHandle apply;
    CHECK_OK(aclrtBinaryGetFunction(bin, "apply_weights", &apply));
    struct apply_args a = {x, y, N};
    CHECK_OK(aclrtLaunchKernel(apply, 1, &a, sizeof(a), stream));
    CHECK_OK(aclrtSynchronizeStream(stream));
    for (int i = 0; i < N; i++) {
        float want = (float)(i + 1) * (i % 16 == 5 ? 3.0f : 0.5f * (float)(i % 16));
        CHECK(y[i] == want);
    }
    uint32_t count = 0;
    CHECK_OK(aclrtMemcpyFromSymbol(&count, sizeof(count), launches, sizeof(count), 0, ACL_MEMCPY_DEFAULT));
    CHECK(count == 1);

    /* ---- asynchronous, in stream order: write, launch, read back (pinned host) ---- */
    float *hw, *hr;
    CHECK_OK(aclrtMallocHost((void **)&hw, 64 * sizeof(float)));
    CHECK_OK(aclrtMallocHost((void **)&hr, 64 * sizeof(float)));
    for (int i = 0; i < 16; i++)
        hw[i] = 2.0f;
    CHECK_OK(aclrtMemcpyToSymbolAsync(weights, hw, 16 * sizeof(float), 0, ACL_MEMCPY_HOST_TO_DEVICE, stream));
    CHECK_OK(aclrtLaunchKernel(apply, 1, &a, sizeof(a), stream));
    CHECK_OK(aclrtMemcpyFromSymbolAsync(hr, 64 * sizeof(float), launches, sizeof(uint32_t), 0,
                                        ACL_MEMCPY_DEVICE_TO_HOST, stream));
    CHECK_OK(aclrtSynchronizeStream(stream));
    for (int i = 0; i < N; i++)
        CHECK(y[i] == 2.0f * (float)(i + 1));
    memcpy(&count, hr, sizeof(count));
    CHECK(count == 2);
    /* device memory on the other side: only with ACL_MEMCPY_DEFAULT */
    CHECK_OK(aclrtMemcpyToSymbolAsync(weights, x, 16 * sizeof(float), 0, ACL_MEMCPY_DEFAULT, stream));
    CHECK_OK(aclrtSynchronizeStream(stream));
    CHECK(weights[7] == 8.0f);
    CHECK_ACL(ACL_ERROR_INVALID_PARAM,
              aclrtMemcpyToSymbol(weights, x, sizeof(float), 0, ACL_MEMCPY_HOST_TO_DEVICE));
    /* pageable host memory: the async copy becomes synchronous */
    float page[16];
    for (int i = 0; i < 16; i++)
        page[i] = -1.0f;
    CHECK_OK(aclrtMemcpyToSymbolAsync(weights, page, sizeof(page), 0, ACL_MEMCPY_HOST_TO_DEVICE, stream));
    CHECK(weights[15] == -1.0f);

    /* ---- misuse ---- */
    CHECK_ACL(ACL_ERROR_INVALID_PARAM, aclrtGetSymbolAddress(NULL, &addr));
    CHECK_ACL(ACL_ERROR_INVALID_PARAM, aclrtGetSymbolAddress(weights, NULL));
    CHECK_ACL(ACL_ERROR_INVALID_PARAM, aclrtGetSymbolSize(weights, NULL));
    CHECK_ACL(ACL_ERROR_RT_INVALID_SYMBOL, aclrtGetSymbolAddress(weights + 1, &addr)); /* interior */
    CHECK_ACL(ACL_ERROR_RT_INVALID_SYMBOL, aclrtGetSymbolSize(kernel_fn, &sz));        /* a function */
    CHECK_ACL(ACL_ERROR_RT_INVALID_SYMBOL, aclrtGetSymbolSize(w, &sz));                 /* a stack array */
    CHECK_ACL(ACL_ERROR_RT_INVALID_SYMBOL, aclrtGetSymbolSize(x, &sz));                 /* device memory */
    CHECK_ACL(ACL_ERROR_INVALID_PARAM,
              aclrtMemcpyToSymbol(weights, w, sizeof(w), 4, ACL_MEMCPY_HOST_TO_DEVICE)); /* past the end */
    CHECK_ACL(ACL_ERROR_INVALID_PARAM,
              aclrtMemcpyToSymbol(weights, w, 4, SIZE_MAX, ACL_MEMCPY_HOST_TO_DEVICE));
    CHECK_ACL(ACL_ERROR_INVALID_PARAM,
              aclrtMemcpyToSymbol(weights, w, 4, 0, ACL_MEMCPY_DEVICE_TO_HOST)); /* wrong kind */
    CHECK_ACL(ACL_ERROR_INVALID_PARAM,
              aclrtMemcpyFromSymbol(w, sizeof(w), weights, 4, 0, ACL_MEMCPY_HOST_TO_DEVICE));
    CHECK_ACL(ACL_ERROR_INVALID_PARAM,
              aclrtMemcpyFromSymbol(w, 2, weights, 4, 0, ACL_MEMCPY_DEVICE_TO_HOST)); /* dstMax */
    CHECK_ACL(ACL_ERROR_INVALID_PARAM,
              aclrtMemcpyFromSymbol(NULL, 4, weights, 4, 0, ACL_MEMCPY_DEVICE_TO_HOST));
    CHECK_ACL(ACL_ERROR_RT_ADDR_UNALIGNED,
              aclrtMemcpyToSymbolAsync(weights, hw + 1, 4, 0, ACL_MEMCPY_HOST_TO_DEVICE, stream));
    aclrtStream dead;
    CHECK_OK(aclrtCreateStream(&dead));
    CHECK_OK(aclrtDestroyStream(dead));
    CHECK_ACL(ACL_ERROR_RT_INVALID_HANDLE,
              aclrtMemcpyToSymbolAsync(weights, hw, 4, 0, ACL_MEMCPY_HOST_TO_DEVICE, dead));

    /* ---- a copy queued before the unload completes; afterwards the symbol is gone ---- */
    for (int i = 0; i < 16; i++)
        hw[i] = 42.0f;
    CHECK_OK(aclrtLaunchHostFunc(stream, hold_stream, NULL));
    CHECK_OK(aclrtMemcpyToSymbolAsync(weights, hw, 16 * sizeof(float), 0, ACL_MEMCPY_HOST_TO_DEVICE, stream));
    CHECK_OK(aclrtBinaryUnLoad(bin));
    CHECK_ACL(ACL_ERROR_RT_INVALID_SYMBOL, aclrtGetSymbolAddress(weights, &addr));
    CHECK_ACL(ACL_ERROR_RT_INVALID_SYMBOL,
              aclrtMemcpyToSymbol(weights, w, 4, 0, ACL_MEMCPY_HOST_TO_DEVICE));
    atomic_store_explicit(&g_release, 1, memory_order_release);
    CHECK_OK(aclrtSynchronizeStream(stream));
    CHECK(weights[0] == 42.0f && weights[15] == 42.0f); /* our dlopen keeps it mapped */
    dlclose(self);

    CHECK_OK(aclrtFreeHost(hw));
    CHECK_OK(aclrtFreeHost(hr));
    CHECK_OK(aclrtFree(x));
    CHECK_OK(aclrtFree(y));
    CHECK_OK(aclrtDestroyStream(stream));
    TEST_CLOSE();
    return 0;
}
