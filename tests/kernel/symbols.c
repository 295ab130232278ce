/* SPDX-License-Identifier: Apache-2.0 */
/* Kernels by address (aclrtGetFuncBySymbol, aclrtBinaryGetFunctionByEntry,
 * aclrtGetFunctionAddr / Size, aclrtBinaryGetDevAddress) on a CPU kernel binary: a kernel's
 * entry is its exported host function; the handle found by address is the one found by
 * name and launches the same kernel; misuse and unloaded handles. */
#include <dlfcn.h>
#include <stdint.h>

#include "acltest.h"

int main(void)
{
    CHECK_OK(aclInit(NULL));
    CHECK_OK(aclrtSetDevice(0));
    aclrtBinHandle bin;
    CHECK_OK(aclrtBinaryLoadFromFile(KERNEL_SO, NULL, &bin));
    aclrtFuncHandle byname, bysym = NULL, byentry = NULL;
    CHECK_OK(aclrtBinaryGetFunction(bin, "block_ids", &byname));
    void *dl = dlopen(KERNEL_SO, RTLD_NOW | RTLD_NOLOAD); /* the copy the runtime loaded */
    CHECK(dl);
    void *sym = dlsym(dl, "block_ids");
    CHECK(sym);

    void *aic = NULL, *aiv = NULL;
    CHECK_OK(aclrtGetFunctionAddr(byname, &aic, &aiv));
    CHECK(aic == sym && aiv == sym);
    CHECK_OK(aclrtGetFuncBySymbol(sym, &bysym));
    CHECK(bysym == byname);
    CHECK_OK(aclrtBinaryGetFunctionByEntry(bin, (uint64_t)(uintptr_t)sym, &byentry));
    CHECK(byentry == byname);
    size_t sa = 0, sv = 0;
    CHECK_OK(aclrtGetFunctionSize(byname, &sa, &sv));
    CHECK(sa > 0 && sa == sv && sa < 4096);
    void *base = NULL;
    size_t len = 0;
    CHECK_OK(aclrtBinaryGetDevAddress(bin, &base, &len));
    CHECK((char *)sym >= (char *)base && (char *)sym + sa <= (char *)base + len);

    /* The handle found by address launches the kernel. */
    aclrtStream s;
    CHECK_OK(aclrtCreateStream(&s));
    uint32_t *out;
    CHECK_OK(aclrtMalloc((void **)&out, 64, ACL_MEM_MALLOC_NORMAL_ONLY));
    memset(out, 0, 64);
    CHECK_OK(aclrtLaunchKernelWithHostArgs(bysym, 2, s, NULL, &out, sizeof(out), NULL, 0));
    CHECK_OK(aclrtSynchronizeStream(s));
    CHECK(out[0] == 2 && out[1] == 102);

    /* Misuse. */
    CHECK_ERR(ACL_ERROR_INVALID_PARAM, aclrtGetFuncBySymbol(NULL, &bysym));
    CHECK_ERR(ACL_ERROR_RT_KERNEL_LOOKUP, aclrtGetFuncBySymbol((void *)main, &bysym));
    CHECK_ERR(ACL_ERROR_RT_KERNEL_LOOKUP, aclrtGetFuncBySymbol((char *)sym + 1, &bysym));
    CHECK_ERR(ACL_ERROR_RT_KERNEL_LOOKUP,
              aclrtBinaryGetFunctionByEntry(bin, (uint64_t)(uintptr_t)main, &byentry));
    CHECK_ERR(ACL_ERROR_INVALID_PARAM, aclrtGetFunctionAddr(byname, NULL, &aiv));
    CHECK_ERR(ACL_ERROR_INVALID_PARAM, aclrtGetFunctionSize(NULL, &sa, &sv));
    CHECK_ERR(ACL_ERROR_INVALID_PARAM, aclrtBinaryGetDevAddress(bin, NULL, &len));

    dlclose(dl);
    CHECK_OK(aclrtBinaryUnLoad(bin));
    CHECK_ERR(ACL_ERROR_RT_INVALID_HANDLE, aclrtGetFunctionAddr(byname, &aic, &aiv));
    CHECK_ERR(ACL_ERROR_RT_INVALID_HANDLE, aclrtBinaryGetDevAddress(bin, &base, &len));
    CHECK_ERR(ACL_ERROR_RT_INVALID_HANDLE,
              aclrtBinaryGetFunctionByEntry(bin, (uint64_t)(uintptr_t)sym, &byentry));
    CHECK_OK(aclrtFree(out));
    CHECK_OK(aclrtDestroyStream(s));
    CHECK_OK(aclrtResetDevice(0));
    CHECK_OK(aclFinalize());
    return 0;
}
