/* SPDX-License-Identifier: Apache-2.0 */
/* Kernel binaries on CPU (acl/acl_rt_kernel.h): load a host shared object
 * built by this test's CMake, get its kernels, build argument lists (append,
 * placeholder, update, user memory), launch with aclrtLaunchKernelWithConfig,
 * aclrtLaunchKernel and aclrtLaunchKernelWithHostArgs, check the computed
 * values and the misuse codes (unknown kernel, unloaded handles, bad cfg). */
#include <stdint.h>
#include <stdio.h>

#include "acl/acl.h"
#include "testutil.h"

#ifndef KERNEL_SO
#error KERNEL_SO (path of the kernel shared object) must be defined
#endif

struct add_args {
    const float *x, *y;
    float *z;
    uint32_t n;
};

int main(void)
{
    aclrtBinHandle bin;
    CHECK_ACL(ACL_ERROR_UNINITIALIZE, aclrtBinaryLoadFromFile(KERNEL_SO, NULL, &bin));
    TEST_OPEN();
    aclrtStream stream;
    CHECK_OK(aclrtCreateStream(&stream));

    /* ---- load, get the function, args list, launch ---- */
    aclrtBinaryLoadOption opt = {.type = ACL_RT_BINARY_LOAD_OPT_LAZY_LOAD,
                                 .value = {.isLazyLoad = 1}};
    aclrtBinaryLoadOptions opts = {&opt, 1};
    CHECK_OK(aclrtBinaryLoadFromFile(KERNEL_SO, &opts, &bin));
    aclrtFuncHandle add, add2;
    CHECK_OK(aclrtBinaryGetFunction(bin, "vector_add", &add));
    CHECK_OK(aclrtBinaryGetFunction(bin, "vector_add", &add2));
    CHECK(add == add2);
    char name[32];
    CHECK_OK(aclrtGetFunctionName(add, sizeof(name), name));
    CHECK(strcmp(name, "vector_add") == 0);
    CHECK_ACL(ACL_ERROR_INVALID_PARAM, aclrtGetFunctionName(add, 5, name));
    aclrtBinHandle owner;
    CHECK_OK(aclrtFunctionGetBinary(add, &owner));
    CHECK(owner == bin);

    enum { N = 1000 };
    float *x, *y, *z;
    CHECK_OK(aclrtMalloc((void **)&x, N * sizeof(float), ACL_MEM_MALLOC_HUGE_FIRST));
    CHECK_OK(aclrtMalloc((void **)&y, N * sizeof(float), ACL_MEM_MALLOC_HUGE_FIRST));
    CHECK_OK(aclrtMalloc((void **)&z, N * sizeof(float), ACL_MEM_MALLOC_HUGE_FIRST));
    for (int i = 0; i < N; i++) {
        x[i] = (float)i;
        y[i] = 0.5f * (float)i;
        z[i] = -1;
    }
    aclrtArgsHandle args;
    CHECK_OK(aclrtKernelArgsInit(add, &args));
    aclrtParamHandle px, py, pz, pn;
    CHECK_OK(aclrtKernelArgsAppend(args, &x, sizeof(x), &px));
    CHECK_OK(aclrtKernelArgsAppend(args, &y, sizeof(y), &py));
    CHECK_OK(aclrtKernelArgsAppend(args, &z, sizeof(z), &pz));
    uint32_t n = N;
    CHECK_OK(aclrtKernelArgsAppend(args, &n, sizeof(n), &pn));
    CHECK_OK(aclrtKernelArgsFinalize(args));
    CHECK_ACL(ACL_ERROR_INVALID_PARAM, aclrtKernelArgsAppend(args, &n, sizeof(n), &pn));
    aclrtLaunchKernelAttr attr = {.id = ACL_RT_LAUNCH_KERNEL_ATTR_ENGINE_TYPE,
                                  .value = {.engineType = ACL_RT_ENGINE_TYPE_AIV}};
    aclrtLaunchKernelCfg cfg = {&attr, 1};
    CHECK_OK(aclrtLaunchKernelWithConfig(add, 7, stream, &cfg, args, NULL));
    /* Update n and launch again at once: the first launch keeps its snapshot. */
    uint32_t half = N / 2;
    CHECK_OK(aclrtKernelArgsParaUpdate(args, pn, &half, sizeof(half)));
    CHECK_OK(aclrtLaunchKernelWithConfig(add, 3, stream, NULL, args, NULL));
    CHECK_OK(aclrtSynchronizeStream(stream));
    for (int i = 0; i < N; i++)
        if (z[i] != 1.5f * (float)i) { fprintf(stderr, "z[%d]=%g\n", i, z[i]); CHECK(0); }
    CHECK_ACL(ACL_ERROR_INVALID_PARAM, aclrtKernelArgsParaUpdate(args, pn, &half, 8));

    /* ---- aclrtLaunchKernel with an argument block in device memory ---- */
    struct add_args *dev_args;
    CHECK_OK(aclrtMalloc((void **)&dev_args, sizeof(*dev_args), ACL_MEM_MALLOC_HUGE_FIRST));
    for (int i = 0; i < N; i++)
        y[i] = 2.0f;
    *dev_args = (struct add_args){x, y, z, N};
    CHECK_OK(aclrtLaunchKernel(add, 4, dev_args, sizeof(*dev_args), stream));
    CHECK_OK(aclrtSynchronizeStream(stream));
    for (int i = 0; i < N; i++)
        CHECK(z[i] == (float)i + 2.0f);

    /* ---- block indices and counts, args in user memory ---- */
    aclrtFuncHandle ids;
    CHECK_OK(aclrtBinaryGetFunction(bin, "block_ids", &ids));
    size_t hsz = 0, asz = 0;
    CHECK_OK(aclrtKernelArgsGetHandleMemSize(ids, &hsz));
    CHECK_OK(aclrtKernelArgsGetMemSize(ids, sizeof(void *), &asz));
    CHECK(hsz > 0 && asz >= sizeof(void *));
    void *hmem = malloc(hsz), *amem = malloc(asz);
    aclrtArgsHandle uargs = hmem;
    CHECK_OK(aclrtKernelArgsInitByUserMem(ids, uargs, amem, asz));
    uint32_t *out;
    CHECK_OK(aclrtMalloc((void **)&out, 16 * sizeof(uint32_t), ACL_MEM_MALLOC_HUGE_FIRST));
    memset(out, 0xFF, 16 * sizeof(uint32_t));
    aclrtParamHandle po;
    CHECK_OK(aclrtKernelArgsAppend(uargs, &out, sizeof(out), &po));
    CHECK_OK(aclrtKernelArgsFinalize(uargs));
    CHECK_OK(aclrtLaunchKernelWithConfig(ids, 16, stream, NULL, uargs, NULL));
    CHECK_OK(aclrtSynchronizeStream(stream));
    for (uint32_t b = 0; b < 16; b++)
        CHECK(out[b] == b * 100 + 16);
    /* a launch with another function's args list is refused */
    CHECK_ACL(ACL_ERROR_INVALID_PARAM, aclrtLaunchKernelWithConfig(add, 1, stream, NULL, uargs, NULL));

    /* ---- placeholders, and the same kernel loaded from memory ---- */
    FILE *f = fopen(KERNEL_SO, "rb");
    CHECK(f);
    fseek(f, 0, SEEK_END);
    long len = ftell(f);
    fseek(f, 0, SEEK_SET);
    unsigned char *image = malloc((size_t)len);
    CHECK(fread(image, 1, (size_t)len, f) == (size_t)len);
    fclose(f);
    aclrtBinary blob = aclrtCreateBinary(image, (size_t)len);
    CHECK(blob);
    aclrtBinHandle bin2;
    CHECK_OK(aclrtBinaryLoad(blob, &bin2));
    CHECK_OK(aclrtDestroyBinary(blob));
    aclrtBinHandle bin3;
    CHECK_OK(aclrtBinaryLoadFromData(image, (size_t)len, NULL, &bin3));
    free(image);
    CHECK(bin2 != bin && bin3 != bin2);
    aclrtFuncHandle sc;
    CHECK_OK(aclrtBinaryGetFunction(bin2, "scale_tiling", &sc));
    float *sout;
    CHECK_OK(aclrtMalloc((void **)&sout, 4 * sizeof(float), ACL_MEM_MALLOC_HUGE_FIRST));
    aclrtArgsHandle sa;
    CHECK_OK(aclrtKernelArgsInit(sc, &sa));
    aclrtParamHandle p0, p1, p2;
    CHECK_OK(aclrtKernelArgsAppend(sa, &sout, sizeof(sout), &p0));
    CHECK_OK(aclrtKernelArgsAppendPlaceHolder(sa, &p1));
    float scale = 3.0f;
    CHECK_OK(aclrtKernelArgsAppend(sa, &scale, sizeof(scale), &p2));
    float *tiling;
    CHECK_ACL(ACL_ERROR_INVALID_PARAM, aclrtKernelArgsGetPlaceHolderBuffer(sa, p0, 16, (void **)&tiling));
    CHECK_ACL(ACL_ERROR_INVALID_PARAM, aclrtLaunchKernelWithConfig(sc, 1, stream, NULL, sa, NULL));
    CHECK_OK(aclrtKernelArgsGetPlaceHolderBuffer(sa, p1, 4 * sizeof(float), (void **)&tiling));
    for (int i = 0; i < 4; i++)
        tiling[i] = (float)(i + 1);
    CHECK_OK(aclrtKernelArgsFinalize(sa));
    CHECK_OK(aclrtLaunchKernelWithConfig(sc, 2, stream, NULL, sa, NULL));
    tiling[0] = 1000; /* after the launch call: not seen by it */
    CHECK_OK(aclrtSynchronizeStream(stream));
    CHECK(sout[0] == 3 && sout[1] == 6 && sout[2] == 9 && sout[3] == 12);

    /* aclrtLaunchKernelWithHostArgs with a placeholder */
    unsigned char host[64];
    memset(host, 0, sizeof(host));
    memcpy(host, &sout, sizeof(sout));
    float two = 2.0f;
    memcpy(host + 16, &two, sizeof(two));
    float tl[4] = {10, 20, 30, 40};
    memcpy(host + 32, tl, sizeof(tl));
    aclrtPlaceHolderInfo ph = {.addrOffset = 8, .dataOffset = 32};
    CHECK_OK(aclrtLaunchKernelWithHostArgs(sc, 1, stream, NULL, host, 48, &ph, 1));
    memset(host, 0, sizeof(host)); /* copied at the call */
    CHECK_OK(aclrtSynchronizeStream(stream));
    CHECK(sout[0] == 20 && sout[3] == 80);
    aclrtPlaceHolderInfo bad = {.addrOffset = 44, .dataOffset = 0};
    CHECK_ACL(ACL_ERROR_INVALID_PARAM,
              aclrtLaunchKernelWithHostArgs(sc, 1, stream, NULL, host, 48, &bad, 1));

    /* ---- globals ---- */
    void *g;
    size_t gsz = 0;
    CHECK_OK(aclrtBinaryGetGlobal(bin, "kernel_table", &g, &gsz));
    CHECK(gsz == 6 * sizeof(int32_t) && ((int32_t *)g)[5] == 6);
    CHECK_ACL(ACL_ERROR_RT_SYMBOL_NOT_FOUND, aclrtBinaryGetGlobal(bin, "no_such", &g, &gsz));

    /* ---- misuse ---- */
    aclrtFuncHandle none;
    CHECK_ACL(ACL_ERROR_RT_KERNEL_LOOKUP, aclrtBinaryGetFunction(bin, "no_kernel", &none));
    CHECK_ACL(ACL_ERROR_INVALID_FILE, aclrtBinaryLoadFromFile("/nonexistent/k.so", NULL, &bin3));
    CHECK_ACL(ACL_ERROR_INVALID_FILE, aclrtBinaryLoadFromData("not an elf", 10, NULL, &bin3));
    CHECK_ACL(ACL_ERROR_INVALID_PARAM, aclrtBinaryLoadFromData(NULL, 10, NULL, &bin3));
    aclrtBinaryLoadOption badopt = {.type = (aclrtBinaryLoadOptionType)77};
    aclrtBinaryLoadOptions badopts = {&badopt, 1};
    CHECK_ACL(ACL_ERROR_INVALID_PARAM, aclrtBinaryLoadFromFile(KERNEL_SO, &badopts, &bin3));
    CHECK_ACL(ACL_ERROR_INVALID_PARAM, aclrtLaunchKernel(add, 0, dev_args, sizeof(*dev_args), stream));
    aclrtLaunchKernelAttr two_to[2] = {{.id = ACL_RT_LAUNCH_KERNEL_ATTR_TIMEOUT},
                                       {.id = ACL_RT_LAUNCH_KERNEL_ATTR_TIMEOUT_US}};
    aclrtLaunchKernelCfg badcfg = {two_to, 2};
    CHECK_ACL(ACL_ERROR_INVALID_PARAM,
              aclrtLaunchKernelV2(add, 1, dev_args, sizeof(*dev_args), &badcfg, stream));
    /* A launch queued before the unload still runs (the binary is kept alive). */
    for (int i = 0; i < N; i++)
        z[i] = 0;
    CHECK_OK(aclrtLaunchKernel(add, 2, dev_args, sizeof(*dev_args), stream));
    CHECK_OK(aclrtBinaryUnLoad(bin));
    CHECK_OK(aclrtSynchronizeStream(stream));
    CHECK(z[N - 1] == (float)(N - 1) + 2.0f);
    /* Unloaded: the binary and its functions are rejected. */
    CHECK_ACL(ACL_ERROR_RT_INVALID_HANDLE, aclrtBinaryUnLoad(bin));
    CHECK_ACL(ACL_ERROR_RT_INVALID_HANDLE, aclrtBinaryGetFunction(bin, "vector_add", &none));
    CHECK_ACL(ACL_ERROR_RT_INVALID_HANDLE, aclrtLaunchKernel(add, 1, dev_args, sizeof(*dev_args), stream));
    CHECK_ACL(ACL_ERROR_RT_INVALID_HANDLE, aclrtGetFunctionName(add, sizeof(name), name));
    CHECK_ACL(ACL_ERROR_RT_INVALID_HANDLE, aclrtKernelArgsInit(ids, &args));
    CHECK_OK(aclrtBinaryUnLoad(bin2));
    CHECK_OK(aclrtBinaryUnLoad(bin3));

    free(hmem);
    free(amem);
    FREE_DEVICE(x, y, z, out, sout, dev_args);
    CHECK_OK(aclrtDestroyStream(stream));
    TEST_CLOSE();
    printf("kernel_binary: ok\n");
    return 0;
}
