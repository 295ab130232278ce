/* SPDX-License-Identifier: Apache-2.0 */
/* Kernel functions (docs/kernel.md): parameter layout and attributes read from a
 * kernel's exported descriptor, launches by argument array (by handle and by entry
 * address), SIMT launches (one call per grid thread), AI CPU registration, and a
 * kernel failing through cpuaclKernelFail: the stream's error, the binary's own
 * exception callback with the function and its arguments; misuse codes. */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "acltest.h"
#include "cpuacl/cpuacl_kernel.h"

#ifndef KERNEL_SO
#error KERNEL_SO (path of the kernel shared object) must be defined
#endif

static _Atomic int g_calls;
static aclrtFuncHandle g_seen_func;
static uint32_t g_seen_code;
static void *g_seen_args;
static unsigned char g_seen_bytes[8]; /* the block lives only while the callback runs */
static uint32_t g_seen_len;
static void *g_seen_ud;

static void on_exception(aclrtExceptionInfo *info, void *userData)
{
    atomic_fetch_add(&g_calls, 1);
    aclrtGetFuncHandleFromExceptionInfo(info, &g_seen_func);
    aclrtGetArgsFromExceptionInfo(info, &g_seen_args, &g_seen_len);
    if (g_seen_args && g_seen_len == sizeof g_seen_bytes)
        memcpy(g_seen_bytes, g_seen_args, sizeof g_seen_bytes);
    g_seen_code = aclrtGetErrorCodeFromExceptionInfo(info);
    g_seen_ud = userData;
}

int main(void)
{
    CHECK_ACL(ACL_ERROR_UNINITIALIZE, aclrtFunctionGetParamCount((void *)1, &(size_t){0}));
    TEST_OPEN();
    aclrtStream s;
    CHECK_OK(aclrtCreateStream(&s));
    aclrtBinHandle bin;
    CHECK_OK(aclrtBinaryLoadFromFile(KERNEL_SO, NULL, &bin));
    aclrtFuncHandle axpy, fill, failing, plain;
    CHECK_OK(aclrtBinaryGetFunction(bin, "axpy", &axpy));
    CHECK_OK(aclrtBinaryGetFunction(bin, "simt_fill", &fill));
    CHECK_OK(aclrtBinaryGetFunction(bin, "failing", &failing));
    CHECK_OK(aclrtBinaryGetFunction(bin, "plain", &plain));

    /* ---- parameters from the descriptor ---- */
    size_t n = 0, off = 0, sz = 0;
    CHECK_OK(aclrtFunctionGetParamCount(axpy, &n));
    CHECK(n == 4);
    const size_t want_off[] = {0, 8, 16, 24}, want_sz[] = {4, 8, 8, 4};
    for (size_t i = 0; i < n; i++) {
        CHECK_OK(aclrtFunctionGetParamInfo(axpy, i, &off, &sz));
        CHECK(off == want_off[i] && sz == want_sz[i]);
    }
    CHECK_ERR(ACL_ERROR_INVALID_PARAM, aclrtFunctionGetParamInfo(axpy, 4, &off, &sz));
    CHECK_ERR(ACL_ERROR_INVALID_PARAM, aclrtFunctionGetParamCount(axpy, NULL));
    CHECK_ERR(ACL_ERROR_RT_FEATURE_NOT_SUPPORT, aclrtFunctionGetParamCount(plain, &n));
    CHECK_ERR(ACL_ERROR_INVALID_PARAM, aclrtFunctionGetParamCount(NULL, &n));
    /* the kernel's entry address names it too */
    void *aic = NULL, *aiv = NULL;
    CHECK_OK(aclrtGetFunctionAddr(fill, &aic, &aiv));
    CHECK_OK(aclrtFunctionGetParamCount(aic, &n));
    CHECK(n == 2);

    /* ---- attributes ---- */
    int64_t v = -1;
    CHECK_OK(aclrtGetFunctionAttribute(fill, ACL_FUNC_ATTR_KERNEL_TYPE, &v));
    CHECK(v == ACL_KERNEL_TYPE_VECTOR);
    CHECK_OK(aclrtGetFunctionAttribute(fill, ACL_FUNC_ATTR_KERNEL_RATIO, &v));
    uint16_t *ratio = (uint16_t *)&v;
    CHECK(ratio[1] == 1 && ratio[0] == 2); /* cube 1 : vector 2, as the docs read it */
    CHECK_OK(aclrtGetFunctionAttribute(fill, ACL_FUNC_ATTR_KERNEL_SCHED_MODE, &v));
    CHECK(v == 1);
    CHECK_OK(aclrtGetFunctionAttribute(failing, ACL_FUNC_ATTR_KERNEL_TYPE, &v));
    CHECK(v == ACL_KERNEL_TYPE_MIX);
    CHECK_OK(aclrtGetFunctionAttribute(plain, ACL_FUNC_ATTR_KERNEL_TYPE, &v));
    CHECK(v == ACL_KERNEL_TYPE_AICORE);
    CHECK_ERR(ACL_ERROR_INVALID_PARAM,
              aclrtGetFunctionAttribute(plain, (aclrtFuncAttribute)9, &v));
    size_t ub = 1;
    CHECK_OK(aclrtFunctionGetAvailDynUbufPerBlock(axpy, 0, &ub));
    CHECK(ub == 0); /* not SIMT */
    CHECK_OK(aclrtFunctionGetAvailDynUbufPerBlock(fill, 0, &ub));
    CHECK(ub == 4096);

    /* ---- AI CPU registration ---- */
    aclrtFuncHandle cpu, cpu2;
    CHECK_OK(aclrtRegisterCpuFunc(bin, "cpu_entry", "MyCpuOp", &cpu));
    CHECK_OK(aclrtRegisterCpuFunc(bin, "cpu_entry", "MyCpuOp", &cpu2));
    CHECK(cpu == cpu2);
    char name[32];
    CHECK_OK(aclrtGetFunctionName(cpu, sizeof(name), name));
    CHECK(strcmp(name, "MyCpuOp") == 0);
    CHECK_OK(aclrtGetFunctionAttribute(cpu, ACL_FUNC_ATTR_KERNEL_TYPE, &v));
    CHECK(v == ACL_KERNEL_TYPE_AICPU);
    CHECK_ERR(ACL_ERROR_RT_KERNEL_LOOKUP, aclrtRegisterCpuFunc(bin, "no_such", "X", &cpu2));
    CHECK_ERR(ACL_ERROR_INVALID_PARAM, aclrtRegisterCpuFunc(bin, "plain", "MyCpuOp", &cpu2));
    CHECK_ERR(ACL_ERROR_INVALID_PARAM, aclrtRegisterCpuFunc(bin, NULL, "X", &cpu2));
    int out7 = 0;
    int *p7 = &out7;
    CHECK_OK(aclrtLaunchKernelWithHostArgs(cpu, 1, s, NULL, &p7, sizeof(p7), NULL, 0));
    CHECK_OK(aclrtSynchronizeStream(s));
    CHECK(out7 == 7);

    /* ---- launch by argument array ---- */
    enum { N = 1000 };
    float *x, *y;
    CHECK_OK(aclrtMalloc((void **)&x, N * sizeof(float), ACL_MEM_MALLOC_HUGE_FIRST));
    CHECK_OK(aclrtMalloc((void **)&y, N * sizeof(float), ACL_MEM_MALLOC_HUGE_FIRST));
    for (int i = 0; i < N; i++) {
        x[i] = (float)i;
        y[i] = 1.0f;
    }
    float a = 2.0f;
    uint32_t cnt = N;
    void *argv[4] = {&a, &x, &y, &cnt};
    CHECK_OK(aclrtLaunchKernelWithArgsArray(axpy, 3, s, NULL, argv));
    a = 100.0f; /* snapshot taken at the call */
    CHECK_OK(aclrtSynchronizeStream(s));
    for (int i = 0; i < N; i++)
        CHECK(y[i] == 1.0f + 2.0f * (float)i);
    /* by entry address, with a launch configuration */
    CHECK_OK(aclrtGetFunctionAddr(axpy, &aic, &aiv));
    a = -2.0f;
    aclrtLaunchKernelAttr at = {.id = ACL_RT_LAUNCH_KERNEL_ATTR_SCHEM_MODE, .value = {.schemMode = 1}};
    aclrtLaunchKernelCfg cfg = {&at, 1};
    CHECK_OK(aclrtLaunchKernelWithArgsArray(aic, 1, s, &cfg, argv));
    CHECK(aclrtGetLastError(ACL_RT_THREAD_LEVEL) == ACL_SUCCESS); /* no stale error left */
    CHECK_OK(aclrtSynchronizeStream(s));
    for (int i = 0; i < N; i++)
        CHECK(y[i] == 1.0f);
    CHECK_ERR(ACL_ERROR_INVALID_PARAM, aclrtLaunchKernelWithArgsArray(axpy, 1, s, NULL, NULL));
    void *argv_null[4] = {&a, NULL, &y, &cnt};
    CHECK_ERR(ACL_ERROR_INVALID_PARAM, aclrtLaunchKernelWithArgsArray(axpy, 1, s, NULL, argv_null));
    CHECK_ERR(ACL_ERROR_INVALID_PARAM, aclrtLaunchKernelWithArgsArray(axpy, 0, s, NULL, argv));
    CHECK_ERR(ACL_ERROR_RT_FEATURE_NOT_SUPPORT,
              aclrtLaunchKernelWithArgsArray(plain, 1, s, NULL, argv));
    CHECK_ERR(ACL_ERROR_RT_INVALID_HANDLE,
              aclrtLaunchKernelWithArgsArray((void *)x, 1, s, NULL, argv));

    /* ---- SIMT: one call per grid thread ---- */
    uint32_t *cells;
    CHECK_OK(aclrtMalloc((void **)&cells, 64 * sizeof(uint32_t), ACL_MEM_MALLOC_HUGE_FIRST));
    memset(cells, 0xFF, 64 * sizeof(uint32_t));
    uint32_t mult = 3;
    void *fargv[2] = {&cells, &mult};
    dim3 grid = {2, 1, 1}, block = {3, 2, 1}; /* 2 blocks x 6 threads */
    CHECK_OK(aclrtLaunchSIMTKernelWithArgsArray(fill, grid, block, 1024, s, NULL, fargv));
    CHECK_OK(aclrtSynchronizeStream(s));
    for (uint32_t i = 0; i < 12; i++)
        CHECK(cells[i] == i * 3 + (12u << 16));
    CHECK(cells[12] == 0xFFFFFFFFu);
    CHECK_ERR(ACL_ERROR_INVALID_PARAM,
              aclrtLaunchSIMTKernelWithArgsArray(fill, grid, block, 8192, s, NULL, fargv));
    dim3 zero = {0, 1, 1};
    CHECK_ERR(ACL_ERROR_INVALID_PARAM,
              aclrtLaunchSIMTKernelWithArgsArray(fill, zero, block, 0, s, NULL, fargv));
    CHECK_ERR(ACL_ERROR_INVALID_PARAM, /* not SIMT: no dynamic buffer */
              aclrtLaunchSIMTKernelWithArgsArray(axpy, grid, block, 16, s, NULL, argv));
    /* host args with a placeholder: the kernel reads mult through the copied block */
    unsigned char host[24] = {0};
    memcpy(host, &cells, sizeof(cells));
    uint32_t m5 = 5;
    memcpy(host + 8, &m5, 4);
    dim3 g1 = {1, 1, 1}, b4 = {4, 1, 1};
    CHECK_OK(aclrtLaunchSIMTKernelWithHostArgs(fill, g1, b4, 0, s, NULL, host, sizeof(host), NULL,
                                               0));
    CHECK_OK(aclrtSynchronizeStream(s));
    for (uint32_t i = 0; i < 4; i++)
        CHECK(cells[i] == i * 5 + (4u << 16));
    CHECK(cells[4] == 4 * 3 + (12u << 16));

    /* ---- a failing kernel: stream error, the binary's callback ---- */
    static const char tag[] = "user data";
    CHECK_OK(aclrtBinarySetExceptionCallback(bin, on_exception, (void *)tag));
    uint32_t blocks_run = 0;
    uint32_t *pc = &blocks_run;
    void *failv[1] = {&pc};
    CHECK_OK(aclrtLaunchKernelWithArgsArray(failing, 4, s, NULL, failv));
    CHECK_ACL(ACL_ERROR_RT_AICORE_EXCEPTION, aclrtSynchronizeStream(s));
    CHECK(blocks_run == 2); /* blocks 0 and 1; the launch stops at the failure */
    CHECK(atomic_load(&g_calls) == 1);
    CHECK(g_seen_func == failing);
    CHECK(g_seen_code == ACL_ERROR_RT_AICORE_EXCEPTION);
    CHECK(g_seen_ud == tag);
    CHECK(g_seen_len == 8 && g_seen_args && memcmp(g_seen_bytes, &pc, 8) == 0);
    /* clearing it stops it */
    CHECK_OK(aclrtBinarySetExceptionCallback(bin, NULL, NULL));
    CHECK_OK(aclrtLaunchKernelWithArgsArray(failing, 4, s, NULL, failv));
    CHECK_ACL(ACL_ERROR_RT_AICORE_EXCEPTION, aclrtSynchronizeStream(s));
    CHECK(atomic_load(&g_calls) == 1);
    CHECK_OK(aclrtSynchronizeStream(s)); /* the error was reported once */
    CHECK_ERR(ACL_ERROR_INVALID_PARAM, aclrtBinarySetExceptionCallback(NULL, on_exception, NULL));
    cpuaclKernelFail(0); /* outside a kernel: no effect on the next launch */
    CHECK_OK(aclrtLaunchKernelWithArgsArray(axpy, 1, s, NULL, argv));
    CHECK_OK(aclrtSynchronizeStream(s));

    /* ---- information cached on the last captured task ---- */
    static const char opinfo[] = "op:axpy", ext[] = "{\"layer\": 7}";
    CHECK_ERR(ACL_ERROR_RT_STREAM_NOT_CAPTURED, aclrtCacheLastTaskExtendInfo(ext, sizeof(ext)));
    aclrtStreamAttrValue on = {.cacheOpInfoSwitch = 1};
    CHECK_OK(aclrtSetStreamAttribute(s, ACL_STREAM_ATTR_CACHE_OP_INFO, &on));
    CHECK_OK(aclmdlRICaptureBegin(s, ACL_MODEL_RI_CAPTURE_MODE_RELAXED));
    a = 1.0f;
    CHECK_OK(aclrtLaunchKernelWithArgsArray(axpy, 1, s, NULL, argv));
    CHECK_OK(aclrtCacheLastTaskOpInfo(opinfo, sizeof(opinfo)));
    CHECK_OK(aclrtCacheLastTaskExtendInfo(ext, sizeof(ext) - 1));
    CHECK_ERR(ACL_ERROR_INVALID_PARAM, aclrtCacheLastTaskOpInfo(opinfo, 0));
    CHECK_ERR(ACL_ERROR_INVALID_PARAM, aclrtCacheLastTaskOpInfo(opinfo, 64 * 1024 + 1));
    CHECK_ERR(ACL_ERROR_INVALID_PARAM, aclrtCacheLastTaskExtendInfo(NULL, 4));
    CHECK_OK(aclrtLaunchKernelWithArgsArray(axpy, 1, s, NULL, argv)); /* a second task: none */
    aclmdlRI model;
    CHECK_OK(aclmdlRICaptureEnd(s, &model));
    CHECK_ERR(ACL_ERROR_RT_STREAM_NOT_CAPTURED, aclrtCacheLastTaskOpInfo(opinfo, sizeof(opinfo)));
    aclrtStream ls[4];
    uint32_t ns = 4, nt = 4;
    aclmdlRITask tasks[4];
    CHECK_OK(aclmdlRIGetStreams(model, ls, &ns));
    CHECK(ns == 1);
    CHECK_OK(aclmdlRIGetTasksByStream(ls[0], tasks, &nt));
    CHECK(nt == 2);
    aclmdlRITaskParams tp;
    CHECK_OK(aclmdlRITaskGetParams(tasks[0], &tp));
    CHECK(tp.type == ACL_MODEL_RI_TASK_KERNEL && tp.kernelTaskParams.funcHandle == axpy);
    CHECK(tp.opInfoSize == sizeof(opinfo) && memcmp(tp.opInfoPtr, opinfo, sizeof(opinfo)) == 0);
    CHECK_OK(aclmdlRITaskGetParams(tasks[1], &tp));
    CHECK(tp.opInfoPtr == NULL && tp.opInfoSize == 0);
    char jpath[256];
    snprintf(jpath, sizeof(jpath), "%s/kernel_function_%d.json", getenv("TMPDIR") ? getenv("TMPDIR") : "/tmp",
             (int)getpid());
    CHECK_OK(aclmdlRIDebugJsonPrint(model, jpath, ACL_MDLRI_DEBUG_JSON_PRINT_VERBOSE));
    FILE *jf = fopen(jpath, "r");
    CHECK(jf != NULL);
    char jbuf[8192];
    size_t jn = fread(jbuf, 1, sizeof(jbuf) - 1, jf);
    jbuf[jn] = 0;
    fclose(jf);
    unlink(jpath);
    CHECK(strstr(jbuf, "\"extendInfo\"") && strstr(jbuf, "\"layer\""));
    for (int i = 0; i < N; i++)
        y[i] = 1.0f;
    CHECK_OK(aclmdlRIExecuteAsync(model, s)); /* it still runs: y += x twice */
    CHECK_OK(aclrtSynchronizeStream(s));
    CHECK(y[3] == 1.0f + 2.0f * 3.0f);
    CHECK_OK(aclmdlRIDestroy(model));
    /* op info needs the stream's switch on */
    on.cacheOpInfoSwitch = 0;
    CHECK_OK(aclrtSetStreamAttribute(s, ACL_STREAM_ATTR_CACHE_OP_INFO, &on));
    CHECK_OK(aclmdlRICaptureBegin(s, ACL_MODEL_RI_CAPTURE_MODE_RELAXED));
    CHECK_OK(aclrtLaunchKernelWithArgsArray(axpy, 1, s, NULL, argv));
    CHECK_OK(aclrtCacheLastTaskOpInfo(opinfo, sizeof(opinfo)));
    CHECK_OK(aclmdlRICaptureEnd(s, &model));
    CHECK_OK(aclmdlRIGetStreams(model, ls, &ns));
    nt = 4;
    CHECK_OK(aclmdlRIGetTasksByStream(ls[0], tasks, &nt));
    CHECK_OK(aclmdlRITaskGetParams(tasks[0], &tp));
    CHECK(tp.opInfoPtr == NULL);
    CHECK_OK(aclmdlRIDestroy(model));

    /* ---- an unloaded binary's handles are refused ---- */
    CHECK_OK(aclrtBinaryUnLoad(bin));
    CHECK_ERR(ACL_ERROR_RT_INVALID_HANDLE, aclrtFunctionGetParamCount(axpy, &n));
    CHECK_ERR(ACL_ERROR_RT_INVALID_HANDLE, aclrtGetFunctionAttribute(fill, ACL_FUNC_ATTR_KERNEL_TYPE, &v));
    CHECK_ERR(ACL_ERROR_RT_INVALID_HANDLE, aclrtLaunchKernelWithArgsArray(axpy, 1, s, NULL, argv));
    CHECK_ERR(ACL_ERROR_RT_INVALID_HANDLE, aclrtBinarySetExceptionCallback(bin, on_exception, NULL));
    CHECK_ERR(ACL_ERROR_RT_INVALID_HANDLE, aclrtRegisterCpuFunc(bin, "cpu_entry", "Y", &cpu2));

    FREE_DEVICE(x, y, cells);
    CHECK_OK(aclrtDestroyStream(s));
    TEST_CLOSE();
    printf("kernel_function: ok\n");
    return 0;
}
