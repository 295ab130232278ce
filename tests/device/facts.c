/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Device facts, identity, limits, groups, parameters, timeouts, utilization,
 * memory usage and the application log (docs/device.md; limits, parameters,
 * timeouts and the log: docs/runtime.md), in the order a
 * program asks for them, with the misuse codes.
 */
#include <dirent.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "acl/acl.h"
#include "acl/acl_platform.h"
#include "cpuacl/cpuacl.h"
#include "testutil.h"

static void sleep_ms(long ms)
{
    struct timespec ts = {ms / 1000, (ms % 1000) * 1000000L};
    nanosleep(&ts, NULL);
}

static int32_t spin_kernel(void *args)
{
    long ms = (long)(intptr_t)args;
    struct timespec a, b;
    clock_gettime(CLOCK_MONOTONIC, &a);
    do { /* busy: the worker is running a task all along */
        clock_gettime(CLOCK_MONOTONIC, &b);
    } while ((b.tv_sec - a.tv_sec) * 1000L + (b.tv_nsec - a.tv_nsec) / 1000000L < ms);
    return 0;
}

/* A host function (it runs on a host thread, not on a device worker) that
 * holds its stream until the gate opens. */
static void gate_host(void *args)
{
    atomic_int *gate = args;
    while (!atomic_load_explicit(gate, memory_order_acquire)) /* acquire: the host's release */
        sleep_ms(1);
}

/* aclrtSetOpWaitTimeout: a wait queued afterwards gives up after the limit and
 * the waiting stream's synchronize reports it; the limit 0 waits for ever. */
static void test_wait_timeout(void)
{
    aclrtStream busy, waiter;
    aclrtEvent ev;
    CHECK_OK(aclrtCreateStream(&busy));
    CHECK_OK(aclrtCreateStream(&waiter));
    CHECK_OK(aclrtCreateEvent(&ev));
    atomic_int gate = 0;
    CHECK_OK(aclrtLaunchHostFunc(busy, gate_host, &gate));
    CHECK_OK(aclrtRecordEvent(ev, busy)); /* completes only when the gate opens */
    CHECK_OK(aclrtSetOpWaitTimeout(1));
    CHECK_OK(aclrtStreamWaitEvent(waiter, ev));
    CHECK_ACL(ACL_ERROR_RT_EVENT_SYNC_TIMEOUT, aclrtSynchronizeStream(waiter));
    CHECK_OK(aclrtSetOpWaitTimeout(0));
    CHECK_OK(aclrtStreamWaitEvent(waiter, ev));            /* no limit: waits for the gate */
    atomic_store_explicit(&gate, 1, memory_order_release); /* release: the kernel's acquire */
    CHECK_OK(aclrtSynchronizeStream(waiter));
    CHECK_OK(aclrtSynchronizeStream(busy));
    CHECK_OK(aclrtDestroyEvent(ev));
    CHECK_OK(aclrtDestroyStream(waiter));
    CHECK_OK(aclrtDestroyStream(busy));
}

static void test_before_init(void)
{
    int32_t v;
    CHECK_ACL(ACL_ERROR_UNINITIALIZE,
              aclrtGetDeviceCapability(0, ACL_FEATURE_TSCPU_TASK_UPDATE_SUPPORT_AIC_AIV, &v));
    CHECK_ACL(ACL_ERROR_UNINITIALIZE, aclrtGetLogicDevIdByUserDevId(0, &v));
    CHECK_ACL(ACL_ERROR_UNINITIALIZE, aclrtSetOpExecuteTimeOut(3));
    CHECK(aclrtCreateGroupInfo() == NULL);
    /* Platform facts and the compatibility check need no runtime. */
    char buf[64];
    CHECK_OK(aclplatformGetDeviceInfo(ACL_PLATFORM_SOC_VERSION, buf, sizeof(buf)));
    CHECK(strcmp(buf, aclrtGetSocName()) == 0);
    int32_t ok = -1;
    CHECK_OK(aclrtCheckArchCompatibility("Ascend910B1", &ok));
    CHECK(ok == 1);
}

static void test_platform(void)
{
    char buf[256];
    CHECK_OK(aclplatformGetDeviceInfo(ACL_PLATFORM_NPU_ARCH, buf, sizeof(buf)));
    CHECK(strcmp(buf, "2201") == 0);
    CHECK_OK(aclplatformGetDeviceInfo(ACL_PLATFORM_AICORE_CNT, buf, sizeof(buf)));
    int64_t n = 0;
    CHECK_OK(aclGetDeviceCapability(0, ACL_DEVICE_INFO_AI_CORE_NUM, &n));
    CHECK(atoll(buf) == n && n == 20);
    CHECK_OK(aclplatformGetDeviceInfo(ACL_PLATFORM_VECTOR_CORE_CNT, buf, sizeof(buf)));
    CHECK_OK(aclGetDeviceCapability(0, ACL_DEVICE_INFO_VECTOR_CORE_NUM, &n));
    CHECK(atoll(buf) == n && n == 40);
    int64_t info = 0;
    CHECK_OK(aclrtGetDeviceInfo(0, ACL_DEV_ATTR_VECTOR_CORE_NUM, &info));
    CHECK(info == n);
    CHECK_OK(aclplatformGetDeviceInfo(ACL_PLATFORM_MEMORY_SIZE, buf, sizeof(buf)));
    CHECK_OK(aclrtGetDeviceInfo(0, ACL_DEV_ATTR_TOTAL_GLOBAL_MEM_SIZE, &info));
    CHECK(atoll(buf) == info && info > 0);
    CHECK_OK(aclplatformGetDeviceInfo(ACL_PLATFORM_L2_SIZE, buf, sizeof(buf)));
    CHECK_OK(aclGetDeviceCapability(0, ACL_DEVICE_INFO_L2_SIZE, &n));
    CHECK(atoll(buf) == n);
    CHECK_OK(aclrtGetDeviceInfo(0, ACL_DEV_ATTR_L2_CACHE_SIZE, &info));
    CHECK(info == n);
    CHECK_OK(aclplatformGetDeviceInfo(ACL_PLATFORM_L0_C_SIZE, buf, sizeof(buf)));
    CHECK(strcmp(buf, "131072") == 0);
    CHECK_OK(aclplatformGetDeviceInfo(ACL_PLATFORM_AIC_VERSION, buf, sizeof(buf)));
    CHECK(strcmp(buf, "AIC-C-220") == 0);
    /* The SoC has no memory type or vector frequency entry. */
    CHECK_ACL(ACL_ERROR_INVALID_PARAM,
              aclplatformGetDeviceInfo(ACL_PLATFORM_MEMORY_TYPE, buf, sizeof(buf)));
    CHECK_ACL(ACL_ERROR_INVALID_PARAM,
              aclplatformGetDeviceInfo(ACL_PLATFORM_VEC_FREQ, buf, sizeof(buf)));
    CHECK_ACL(ACL_ERROR_INVALID_PARAM, aclplatformGetDeviceInfo(ACL_PLATFORM_SOC_VERSION, buf, 2));
    CHECK_ACL(ACL_ERROR_INVALID_PARAM,
              aclplatformGetDeviceInfo(ACL_PLATFORM_SOC_VERSION, NULL, 64));
    CHECK_ACL(ACL_ERROR_INVALID_PARAM, aclplatformGetDeviceInfo(ACL_PLATFORM_SOC_VERSION, buf, 0));
    CHECK_ACL(ACL_ERROR_INVALID_PARAM, aclplatformGetDeviceInfo((aclplatformDevInfo)999, buf, 64));
    CHECK_OK(aclplatformGetInstructionInfo(ACL_PLATFORM_CORE_TYPE_AI_CORE, "Intrinsic_vadd", buf,
                                           sizeof(buf)));
    CHECK(strcmp(buf, "float16,float32,int32,int16") == 0);
    CHECK_OK(aclplatformGetInstructionInfo(ACL_PLATFORM_CORE_TYPE_VECTOR_CORE, "Intrinsic_vrec",
                                           buf, sizeof(buf)));
    CHECK(strcmp(buf, "float16,float32") == 0);
    CHECK_OK(aclplatformGetInstructionInfo(ACL_PLATFORM_CORE_TYPE_AI_CORE, "Intrinsic_mmad", buf,
                                           sizeof(buf)));
    CHECK(strncmp(buf, "u32u8u8,s32s8s8", 15) == 0);
    CHECK_ACL(ACL_ERROR_INVALID_PARAM,
              aclplatformGetInstructionInfo(ACL_PLATFORM_CORE_TYPE_VECTOR_CORE, "Intrinsic_mmad",
                                            buf, sizeof(buf)));
    CHECK_ACL(ACL_ERROR_INVALID_PARAM,
              aclplatformGetInstructionInfo(ACL_PLATFORM_CORE_TYPE_AI_CORE, "Intrinsic_nope", buf,
                                            sizeof(buf)));
    CHECK_ACL(ACL_ERROR_INVALID_PARAM, aclplatformGetInstructionInfo(ACL_PLATFORM_CORE_TYPE_AI_CORE,
                                                                     NULL, buf, sizeof(buf)));
    CHECK_ACL(
        ACL_ERROR_INVALID_PARAM,
        aclplatformGetInstructionInfo((aclplatformCoreType)7, "Intrinsic_vadd", buf, sizeof(buf)));
    CHECK_ACL(ACL_ERROR_INVALID_PARAM, aclplatformGetInstructionInfo(ACL_PLATFORM_CORE_TYPE_AI_CORE,
                                                                     "Intrinsic_vadd", buf, 5));
    CHECK_ACL(ACL_ERROR_INVALID_PARAM, aclGetDeviceCapability(0, ACL_DEVICE_INFO_UNDEFINED, &n));
    CHECK_ACL(ACL_ERROR_RT_INVALID_DEVICEID,
              aclGetDeviceCapability(99, ACL_DEVICE_INFO_L2_SIZE, &n));
    CHECK_ACL(ACL_ERROR_INVALID_PARAM, aclGetDeviceCapability(0, ACL_DEVICE_INFO_L2_SIZE, NULL));

    int32_t c = -1;
    CHECK_OK(aclrtCheckArchCompatibility("Ascend910_9392", &c));
    CHECK(c == 1);
    CHECK_OK(aclrtCheckArchCompatibility("Ascend310P3", &c));
    CHECK(c == 0);
    CHECK_ACL(ACL_ERROR_RT_PARAM_INVALID, aclrtCheckArchCompatibility("Ascend999", &c));
    CHECK_ACL(ACL_ERROR_INVALID_PARAM, aclrtCheckArchCompatibility(NULL, &c));

    int32_t f = -1;
    CHECK_OK(aclrtGetDeviceCapability(0, ACL_FEATURE_TSCPU_TASK_UPDATE_SUPPORT_AIC_AIV, &f));
    CHECK(f == ACL_DEV_FEATURE_SUPPORT);
    CHECK_OK(aclrtGetDeviceCapability(0, ACL_FEATURE_SYSTEM_MEMQ_EVENT_CROSS_DEV, &f));
    CHECK(f == ACL_DEV_FEATURE_NOT_SUPPORT);
    CHECK_ACL(ACL_ERROR_INVALID_PARAM, aclrtGetDeviceCapability(0, (aclrtDevFeatureType)5, &f));
    CHECK_ACL(ACL_ERROR_RT_INVALID_DEVICEID,
              aclrtGetDeviceCapability(-1, ACL_FEATURE_SYSTEM_MEMQ_EVENT_CROSS_DEV, &f));
}

static void test_identity(uint32_t ndev)
{
    char bus[16], bus2[16];
    int32_t id = -1;
    for (uint32_t d = 0; d < ndev; d++) {
        CHECK_OK(aclrtDeviceGetPCIBusId((int32_t)d, bus, sizeof(bus)));
        CHECK(strlen(bus) == 12 && bus[4] == ':' && bus[7] == ':' && bus[10] == '.');
        CHECK_OK(aclrtDeviceGetByPCIBusId(bus, &id));
        CHECK(id == (int32_t)d);
        CHECK_OK(aclrtDeviceGetByPCIBusId(bus + 5, &id)); /* without the domain */
        CHECK(id == (int32_t)d);
    }
    CHECK_OK(aclrtDeviceGetPCIBusId(0, bus, 13));
    if (ndev > 1) {
        CHECK_OK(aclrtDeviceGetPCIBusId(1, bus2, sizeof(bus2)));
        CHECK(strcmp(bus, bus2) != 0);
    }
    CHECK_ACL(ACL_ERROR_INVALID_PARAM, aclrtDeviceGetPCIBusId(0, bus, 12));
    CHECK_ACL(ACL_ERROR_INVALID_PARAM, aclrtDeviceGetPCIBusId(0, NULL, 13));
    CHECK_ACL(ACL_ERROR_RT_INVALID_DEVICEID, aclrtDeviceGetPCIBusId((int32_t)ndev, bus, 13));
    CHECK_ACL(ACL_ERROR_INVALID_PARAM, aclrtDeviceGetByPCIBusId("not-a-bus", &id));
    CHECK_ACL(ACL_ERROR_RT_INVALID_DEVICEID, aclrtDeviceGetByPCIBusId("0000:3d:00.0", &id));
    CHECK_ACL(ACL_ERROR_INVALID_PARAM, aclrtDeviceGetByPCIBusId(NULL, &id));

    aclrtUuid u0, u0b, u1;
    CHECK_OK(aclrtDeviceGetUuid(0, &u0));
    CHECK_OK(aclrtDeviceGetUuid(0, &u0b));
    CHECK(memcmp(&u0, &u0b, sizeof(u0)) == 0); /* stable */
    if (ndev > 1) {
        CHECK_OK(aclrtDeviceGetUuid(1, &u1));
        CHECK(memcmp(&u0, &u1, sizeof(u0)) != 0); /* unique */
    }
    CHECK_ACL(ACL_ERROR_INVALID_PARAM, aclrtDeviceGetUuid(0, NULL));

    /* User, logical and physical ids agree (no visible-device remapping). */
    int32_t (*fns[])(int32_t, int32_t *const) = {
        aclrtGetLogicDevIdByUserDevId, aclrtGetUserDevIdByLogicDevId, aclrtGetLogicDevIdByPhyDevId,
        aclrtGetPhyDevIdByLogicDevId,  aclrtGetUserDevIdByPhyDevId,   aclrtGetPhyDevIdByUserDevId};
    for (size_t i = 0; i < sizeof(fns) / sizeof(fns[0]); i++) {
        int32_t out = -1;
        CHECK_OK(fns[i]((int32_t)ndev - 1, &out));
        CHECK(out == (int32_t)ndev - 1);
        CHECK_ACL(ACL_ERROR_RT_INVALID_DEVICEID, fns[i]((int32_t)ndev, &out));
        CHECK_ACL(ACL_ERROR_INVALID_PARAM, fns[i](0, NULL));
    }

    int32_t act = -1;
    CHECK_OK(aclrtGetPrimaryCtxState(0, NULL, &act));
    CHECK(act == 1);
    if (ndev > 1) {
        CHECK_OK(aclrtGetPrimaryCtxState(1, NULL, &act));
        CHECK(act == 0);
        CHECK_OK(aclrtSetDevice(1));
        CHECK_OK(aclrtGetPrimaryCtxState(1, NULL, &act));
        CHECK(act == 1);
        CHECK_OK(aclrtResetDevice(1));
        CHECK_OK(aclrtGetPrimaryCtxState(1, NULL, &act));
        CHECK(act == 0);
        CHECK_OK(aclrtSetDevice(0)); /* current device again */
        CHECK_OK(aclrtResetDevice(0));
    }
    uint32_t flags = 0;
    CHECK_ACL(ACL_ERROR_INVALID_PARAM, aclrtGetPrimaryCtxState(0, &flags, &act));
    CHECK_ACL(ACL_ERROR_RT_INVALID_DEVICEID, aclrtGetPrimaryCtxState(-3, NULL, &act));

    if (ndev > 1) {
        int32_t st = -1;
        CHECK_OK(aclrtDevicePeerAccessStatus(0, 1, &st));
        CHECK(st == 0);
        CHECK_OK(aclrtDeviceEnablePeerAccess(1, 0));
        CHECK_OK(aclrtDevicePeerAccessStatus(0, 1, &st));
        CHECK(st == 1);
        CHECK_OK(aclrtDeviceDisablePeerAccess(1));
        CHECK_OK(aclrtDevicePeerAccessStatus(0, 1, &st));
        CHECK(st == 0);
        uint64_t topo = 0;
        CHECK_OK(aclrtGetDevicesTopo(0, 1, &topo));
        CHECK(topo == ACL_RT_DEVS_TOPOLOGY_HCCS || topo == ACL_RT_DEVS_TOPOLOGY_SYS);
        uint64_t back = 0;
        CHECK_OK(aclrtGetDevicesTopo(1, 0, &back));
        CHECK(back == topo);
        CHECK_ACL(ACL_ERROR_RT_PARAM_INVALID, aclrtDevicePeerAccessStatus(0, (int32_t)ndev, &st));
    }
    uint64_t topo;
    CHECK_ACL(ACL_ERROR_INVALID_PARAM, aclrtGetDevicesTopo(0, 0, &topo));
    CHECK_ACL(ACL_ERROR_RT_INVALID_DEVICEID, aclrtGetDevicesTopo(0, ndev, &topo));

    aclrtAtomicOperation ops[] = {ACL_RT_ATOMIC_OPERATION_INTEGER_ADD, ACL_RT_ATOMIC_OPERATION_CAS,
                                  ACL_RT_ATOMIC_OPERATION_FLOAT_ADD,
                                  ACL_RT_ATOMIC_OPERATION_DMA_ADD};
    uint32_t caps[4] = {0};
    CHECK_OK(aclrtDeviceGetHostAtomicCapabilities(caps, ops, 4, 0));
    CHECK(caps[0] & ACL_RT_ATOMIC_CAPABILITY_SCALAR32 && caps[0] & ACL_RT_ATOMIC_CAPABILITY_SIGNED);
    CHECK(caps[0] & ACL_RT_ATOMIC_CAPABILITY_SCALAR64 &&
          caps[1] & ACL_RT_ATOMIC_CAPABILITY_SCALAR64);
    CHECK(caps[2] & ACL_RT_ATOMIC_CAPABILITY_SCALAR32 &&
          !(caps[2] & ACL_RT_ATOMIC_CAPABILITY_UNSIGNED));
    CHECK(caps[3] == 0);
    if (ndev > 1) {
        uint32_t p2p[4] = {0};
        CHECK_OK(aclrtDeviceGetP2PAtomicCapabilities(p2p, ops, 4, 0, 1));
        CHECK(memcmp(p2p, caps, sizeof(caps)) == 0);
    }
    CHECK_ACL(ACL_ERROR_INVALID_PARAM, aclrtDeviceGetP2PAtomicCapabilities(caps, ops, 4, 0, 0));
    aclrtAtomicOperation bad = (aclrtAtomicOperation)13;
    CHECK_ACL(ACL_ERROR_INVALID_PARAM, aclrtDeviceGetHostAtomicCapabilities(caps, &bad, 1, 0));
    CHECK_ACL(ACL_ERROR_INVALID_PARAM, aclrtDeviceGetHostAtomicCapabilities(caps, ops, 0, 0));
    CHECK_ACL(ACL_ERROR_RT_INVALID_DEVICEID,
              aclrtDeviceGetHostAtomicCapabilities(caps, ops, 1, -1));
}

static void test_limits_params_timeouts(void)
{
    size_t v = 0;
    CHECK_OK(aclrtDeviceGetLimit(ACL_RT_DEV_LIMIT_SIMD_STACK_SIZE, &v));
    CHECK(v == 32768);
    CHECK_OK(aclrtDeviceSetLimit(ACL_RT_DEV_LIMIT_SIMD_STACK_SIZE, 40000));
    CHECK_OK(aclrtDeviceGetLimit(ACL_RT_DEV_LIMIT_SIMD_STACK_SIZE, &v));
    CHECK(v == 49152); /* whole 16 KiB steps */
    CHECK_OK(aclrtDeviceSetLimit(ACL_RT_DEV_LIMIT_SIMD_STACK_SIZE, 100));
    CHECK_OK(aclrtDeviceGetLimit(ACL_RT_DEV_LIMIT_SIMD_STACK_SIZE, &v));
    CHECK(v == 32768);
    CHECK_ACL(ACL_ERROR_RT_PARAM_INVALID,
              aclrtDeviceSetLimit(ACL_RT_DEV_LIMIT_SIMD_STACK_SIZE, 196609));
    CHECK_OK(aclrtDeviceSetLimit(ACL_RT_DEV_LIMIT_SIMD_PRINTF_FIFO_SIZE_PER_CORE, 1025));
    CHECK_OK(aclrtDeviceGetLimit(ACL_RT_DEV_LIMIT_SIMD_PRINTF_FIFO_SIZE_PER_CORE, &v));
    CHECK(v == 1032);
    CHECK_ACL(ACL_ERROR_RT_PARAM_INVALID,
              aclrtDeviceSetLimit(ACL_RT_DEV_LIMIT_SIMD_PRINTF_FIFO_SIZE_PER_CORE, 1000));
    CHECK_ACL(ACL_ERROR_RT_FEATURE_NOT_SUPPORT,
              aclrtDeviceSetLimit(ACL_RT_DEV_LIMIT_SIMT_STACK_SIZE, 1024));
    CHECK_ACL(ACL_ERROR_RT_FEATURE_NOT_SUPPORT,
              aclrtDeviceGetLimit(ACL_RT_DEV_LIMIT_SIMT_PRINTF_FIFO_SIZE, &v));
    CHECK_ACL(ACL_ERROR_INVALID_PARAM, aclrtDeviceGetLimit((aclrtDeviceLimit)9, &v));
    CHECK_ACL(ACL_ERROR_INVALID_PARAM, aclrtDeviceGetLimit(ACL_RT_DEV_LIMIT_SIMD_STACK_SIZE, NULL));

    int64_t p = -1;
    CHECK_OK(aclrtGetSysParamOpt(ACL_OPT_DETERMINISTIC, &p));
    CHECK(p == 0);
    CHECK_OK(aclrtSetSysParamOpt(ACL_OPT_DETERMINISTIC, 2));
    CHECK_OK(aclrtGetSysParamOpt(ACL_OPT_DETERMINISTIC, &p));
    CHECK(p == 2);
    CHECK_ACL(ACL_ERROR_INVALID_PARAM, aclrtSetSysParamOpt(ACL_OPT_DETERMINISTIC, 4));
    CHECK_ACL(ACL_ERROR_INVALID_PARAM, aclrtSetSysParamOpt(ACL_OPT_ENABLE_DEBUG_KERNEL, 2));
    CHECK_ACL(ACL_ERROR_INVALID_PARAM, aclrtSetSysParamOpt((aclSysParamOpt)4, 0));
    /* A context starts with the process's values, and keeps its own. */
    CHECK_OK(aclrtCtxGetSysParamOpt(ACL_OPT_DETERMINISTIC, &p));
    CHECK(p == 2);
    aclrtContext mine, def;
    CHECK_OK(aclrtGetCurrentContext(&def));
    CHECK_OK(aclrtCreateContext(&mine, 0));
    CHECK_OK(aclrtCtxSetSysParamOpt(ACL_OPT_DETERMINISTIC, 1));
    CHECK_OK(aclrtCtxSetSysParamOpt(ACL_OPT_ENABLE_KERNEL_EARLY_START, 1));
    CHECK_OK(aclrtCtxGetSysParamOpt(ACL_OPT_DETERMINISTIC, &p));
    CHECK(p == 1);
    CHECK_OK(aclrtSetCurrentContext(def));
    CHECK_OK(aclrtCtxGetSysParamOpt(ACL_OPT_DETERMINISTIC, &p));
    CHECK(p == 2);
    CHECK_OK(aclrtCtxGetSysParamOpt(ACL_OPT_ENABLE_KERNEL_EARLY_START, &p));
    CHECK(p == 0);
    CHECK_OK(aclrtSetCurrentContext(mine));
    CHECK_OK(aclrtCtxGetSysParamOpt(ACL_OPT_ENABLE_KERNEL_EARLY_START, &p));
    CHECK(p == 1);
    CHECK_OK(aclrtDestroyContext(mine));
    CHECK_ACL(ACL_ERROR_RT_CONTEXT_NULL, aclrtCtxGetSysParamOpt(ACL_OPT_DETERMINISTIC, &p));
    CHECK_OK(aclrtSetCurrentContext(def));
    CHECK_OK(aclrtSetSysParamOpt(ACL_OPT_DETERMINISTIC, 0));

    uint32_t ms = 0;
    uint64_t interval = 0, actual = 0;
    CHECK_OK(aclrtGetOpTimeOutInterval(&interval));
    CHECK(interval > 0);
    CHECK_OK(aclrtGetOpExecuteTimeout(&ms));
    CHECK(ms == interval * 254 / 1000); /* the default: the longest */
    CHECK_OK(aclrtSetOpExecuteTimeOutV2(interval + 1, &actual));
    CHECK(actual == 2 * interval); /* rounded up to whole steps */
    CHECK_OK(aclrtGetOpExecuteTimeout(&ms));
    CHECK(ms == actual / 1000);
    CHECK_OK(aclrtSetOpExecuteTimeOutV2(1, &actual));
    CHECK(actual == interval);
    CHECK_OK(aclrtSetOpExecuteTimeOutV2(interval * 1000, &actual));
    CHECK(actual == interval * 254);
    CHECK_OK(aclrtSetOpExecuteTimeOut(30));
    CHECK_OK(aclrtGetOpExecuteTimeout(&ms));
    CHECK(ms == (30000000 + interval - 1) / interval * interval / 1000);
    CHECK_OK(aclrtSetOpExecuteTimeOutWithMs(1));
    CHECK_OK(aclrtGetOpExecuteTimeout(&ms));
    CHECK(ms == interval / 1000);
    CHECK_OK(aclrtSetOpExecuteTimeOut(0));
    CHECK_OK(aclrtGetOpExecuteTimeout(&ms));
    CHECK(ms == interval * 254 / 1000);
    CHECK_OK(aclrtSetOpWaitTimeout(5));
    CHECK_OK(aclrtSetOpWaitTimeout(0));
    CHECK_ACL(ACL_ERROR_INVALID_PARAM, aclrtSetOpExecuteTimeOutV2(1, NULL));
    CHECK_ACL(ACL_ERROR_INVALID_PARAM, aclrtGetOpExecuteTimeout(NULL));

    int32_t least = -1, greatest = -1;
    CHECK_OK(aclrtDeviceGetStreamPriorityRange(&least, &greatest));
    CHECK(least == 7 && greatest == 0);
    CHECK_ACL(ACL_ERROR_INVALID_PARAM, aclrtDeviceGetStreamPriorityRange(NULL, &greatest));
    CHECK_OK(aclrtSetTsDevice(ACL_TS_ID_AIVECTOR));
    CHECK_OK(aclrtSetTsDevice(ACL_TS_ID_AICORE));
    CHECK_ACL(ACL_ERROR_INVALID_PARAM, aclrtSetTsDevice(ACL_TS_ID_RESERVED));
    CHECK_OK(aclrtDeviceL2CacheFlush(NULL));
    int dummy;
    CHECK_ACL(ACL_ERROR_INVALID_PARAM, aclrtDeviceL2CacheFlush(&dummy));
}

static void test_groups(void)
{
    aclrtGroupInfo *gi = aclrtCreateGroupInfo();
    CHECK(gi != NULL);
    CHECK_OK(aclrtGetAllGroupInfo(gi));
    uint32_t count = 0;
    CHECK_OK(aclrtGetGroupCount(&count));
    CHECK(count == 1);
    int32_t v = -1;
    size_t ret = 0;
    CHECK_OK(aclrtGetGroupInfoDetail(gi, 0, ACL_GROUP_AICORE_INT, &v, sizeof(v), &ret));
    CHECK(ret == sizeof(int32_t) && v == 20);
    CHECK_OK(aclrtGetGroupInfoDetail(gi, 0, ACL_GROUP_AIV_INT, &v, sizeof(v), &ret));
    CHECK(v == 40);
    CHECK_OK(aclrtGetGroupInfoDetail(gi, 0, ACL_GROUP_GROUPID_INT, &v, sizeof(v), &ret));
    CHECK(v == 0);
    CHECK_OK(aclrtSetGroup(v));
    CHECK_ACL(ACL_ERROR_INVALID_PARAM, aclrtSetGroup(1));
    CHECK_ACL(ACL_ERROR_INVALID_PARAM,
              aclrtGetGroupInfoDetail(gi, 1, ACL_GROUP_AIC_INT, &v, sizeof(v), &ret));
    CHECK_ACL(ACL_ERROR_INVALID_PARAM,
              aclrtGetGroupInfoDetail(gi, 0, ACL_GROUP_AIC_INT, &v, 2, &ret));
    CHECK_ACL(ACL_ERROR_INVALID_PARAM,
              aclrtGetGroupInfoDetail(gi, 0, (aclrtGroupAttr)9, &v, sizeof(v), &ret));
    CHECK_OK(aclrtDestroyGroupInfo(gi));
    CHECK_ACL(ACL_ERROR_INVALID_PARAM, aclrtDestroyGroupInfo(NULL));
    CHECK_ACL(ACL_ERROR_INVALID_PARAM, aclrtGetGroupCount(NULL));
}

static void test_usage(void)
{
    aclrtMemUsageInfo mu[4];
    size_t n = 0;
    CHECK_OK(aclrtGetMemUsageInfo(0, mu, 4, &n));
    CHECK(n == 1 && mu[0].name[0]);
    uint64_t base = mu[0].curMemSize;
    void *p = NULL;
    CHECK_OK(aclrtMalloc(&p, 8u << 20, ACL_MEM_MALLOC_NORMAL_ONLY));
    CHECK_OK(aclrtGetMemUsageInfo(0, mu, 4, &n));
    CHECK(mu[0].curMemSize >= base + (8u << 20));
    uint64_t high = mu[0].curMemSize;
    CHECK(mu[0].memPeakSize >= high);
    CHECK_OK(aclrtFree(p));
    CHECK_OK(aclrtGetMemUsageInfo(0, mu, 1, &n));
    CHECK(mu[0].curMemSize < high && mu[0].memPeakSize >= high); /* the peak stays */
    CHECK_ACL(ACL_ERROR_INVALID_PARAM, aclrtGetMemUsageInfo(0, mu, 0, &n));
    CHECK_ACL(ACL_ERROR_RT_INVALID_DEVICEID, aclrtGetMemUsageInfo(70, mu, 1, &n));

    aclrtMemUceInfo uce[4];
    size_t r = 99;
    CHECK_OK(aclrtGetMemUceInfo(0, uce, 4, &r));
    CHECK(r == 0);
    uce[0].addr = &r;
    uce[0].len = sizeof(r);
    CHECK_ACL(ACL_ERROR_INVALID_PARAM, aclrtMemUceRepair(0, uce, 1));
    CHECK_ACL(ACL_ERROR_INVALID_PARAM, aclrtGetMemUceInfo(0, NULL, 4, &r));

    /* Utilization: the workers' busy share since the previous query. */
    aclrtUtilizationInfo ui = {0};
    CHECK_OK(aclrtGetDeviceUtilizationRate(0, &ui)); /* opens the window */
    aclrtStream s;
    CHECK_OK(aclrtCreateStream(&s));
    CHECK_OK(cpuaclLaunchKernel(s, spin_kernel, (void *)(intptr_t)60));
    CHECK_OK(aclrtSynchronizeStream(s));
    CHECK_OK(aclrtGetDeviceUtilizationRate(0, &ui));
    int32_t busy = ui.cubeUtilization;
    CHECK(busy > 0 && busy <= 100);
    CHECK(ui.vectorUtilization == busy && ui.aicpuUtilization == busy);
    CHECK(ui.memoryUtilization == -1);
    /* Nothing runs now. A worker preempted before it saw 64 empty passes still
     * counts as busy, so on a loaded machine one idle window may not show it yet:
     * some window within a few tries must be below the busy one. */
    int32_t idle = busy;
    for (int t = 0; t < 10 && idle >= busy; t++) {
        sleep_ms(100);
        CHECK_OK(aclrtGetDeviceUtilizationRate(0, &ui));
        idle = ui.cubeUtilization;
    }
    CHECK(idle < busy);
    CHECK_OK(aclrtDestroyStream(s));
    aclrtUtilizationInfo bad = {.utilizationExtend = (aclrtUtilizationExtendInfo *)&ui};
    CHECK_ACL(ACL_ERROR_INVALID_PARAM, aclrtGetDeviceUtilizationRate(0, &bad));
    CHECK_ACL(ACL_ERROR_INVALID_PARAM, aclrtGetDeviceUtilizationRate(0, NULL));
}

static void test_log(void)
{
    char dir[] = "/tmp/rt5logXXXXXX";
    CHECK(mkdtemp(dir) != NULL);
    setenv("ASCEND_PROCESS_LOG_PATH", dir, 1);
    setenv("ASCEND_GLOBAL_LOG_LEVEL", "1", 1);
    unsetenv("ASCEND_SLOG_PRINT_TO_STDOUT");
    ACL_APP_LOG(ACL_INFO, "model %u loaded", 7u);
    ACL_APP_LOG(ACL_DEBUG, "below the level %d", 1);
    char big[3000];
    memset(big, 'x', sizeof(big) - 1);
    big[sizeof(big) - 1] = 0;
    ACL_APP_LOG(ACL_ERROR, "%s", big);
    char path[256];
    snprintf(path, sizeof(path), "%s/plog/plog-%d.log", dir, (int)getpid());
    FILE *f = fopen(path, "r");
    CHECK(f != NULL);
    char line[4096];
    int lines = 0;
    bool info = false, trunc = false;
    while (fgets(line, sizeof(line), f)) {
        lines++;
        if (strstr(line, "[INFO]") && strstr(line, "model 7 loaded") &&
            strstr(line, "facts.c:") && strstr(line, "test_log"))
            info = true;
        char *x = strstr(line, "xxxx");
        if (strstr(line, "[ERROR]") && x) {
            char *end = strstr(x, "...[truncated]");
            CHECK(end && (size_t)(end - x) + strlen("...[truncated]") == 1023);
            trunc = true;
        }
        CHECK(!strstr(line, "below the level"));
    }
    fclose(f);
    CHECK(lines == 2 && info && trunc);
    unlink(path);
    snprintf(path, sizeof(path), "%s/plog", dir);
    rmdir(path);
    rmdir(dir);
    unsetenv("ASCEND_PROCESS_LOG_PATH");
    unsetenv("ASCEND_GLOBAL_LOG_LEVEL");
}

int main(void)
{
    test_before_init();
    TEST_OPEN();
    uint32_t ndev = 0;
    CHECK_OK(aclrtGetDeviceCount(&ndev));
    test_platform();
    test_identity(ndev);
    if (ndev > 1)
        CHECK_OK(aclrtSetDevice(0)); /* test_identity reset it once */
    test_limits_params_timeouts();
    test_groups();
    test_usage();
    test_wait_timeout();
    test_log();
    TEST_CLOSE();
    int32_t v;
    CHECK_ACL(ACL_ERROR_UNINITIALIZE, aclrtGetPrimaryCtxState(0, NULL, &v));
    printf("device_facts: ok\n");
    return 0;
}
