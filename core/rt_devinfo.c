/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Device facts, compute groups, device id mappings, resource limits, operator
 * timeouts, runtime parameters, the application log, and the init / finalize /
 * device-state / task-abort / model-destroy callbacks (issue 15, rt5).
 * Behaviour and codes per call: docs/rt-device.md.
 *
 * The devices are sets of host worker threads sharing the host's memory
 * (core/device.c), presenting an Ascend910B3 (aclrtGetSocName). Facts of the
 * SoC come from that chip's platform description; facts the host decides
 * (memory size, cache size, NUMA placement) come from the host.
 *
 * Invariants:
 *  DI1. Every callback registry is a small array under its own leaf mutex;
 *       firing copies the entries under the mutex and calls the copies after
 *       it, outside every runtime lock, so a callback may call AscendCL and
 *       (un)register callbacks itself.
 *  DI2. Values set by the process (limits, timeouts, parameters) are atomics
 *       read and written relaxed: each is one independent value, nothing is
 *       published through it, and a reader racing with a writer sees either.
 *  DI3. A handle kept in a side table (contexts, models) is re-checked with a
 *       table lookup before use; an entry whose object died is stale and is
 *       pruned, never dereferenced.
 */
#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

#include "acl/acl_platform.h"
#include "core/core.h"
#include "core/errinfo.h"
#include "core/rt_devinfo.h"
#include "mem/devmem.h"
#include "sched/clock.h"
#include "sched/sched.h"
#include "sched/worker.h"

static aclError check_dev(int32_t deviceId, const char *fn)
{
    CORE_REQUIRE_INIT_AS(fn);
    if (deviceId < 0 || (uint32_t)deviceId >= g_rt.cfg.device_count)
        return core_err(ACL_ERROR_RT_INVALID_DEVICEID, "%s: device %d does not exist (%u devices)",
                        fn, deviceId, g_rt.cfg.device_count);
    return ACL_SUCCESS;
}

/* The arguments of fn are usable (else ACL_ERROR_INVALID_PARAM with `what`), then
 * check_dev: the reference's order of checks. */
static aclError args_dev(bool ok, int32_t deviceId, const char *what, const char *fn)
{
    if (!ok)
        return core_err(ACL_ERROR_INVALID_PARAM, "%s: %s", fn, what);
    return check_dev(deviceId, fn);
}

static struct core_ctx *need_ctx(const char *fn, aclError *rc)
{
    struct core_ctx *c = core_ctx_current();
    if (!c)
        *rc = core_err(ACL_ERROR_RT_CONTEXT_NULL,
                       "%s: the thread has no current context (call aclrtSetDevice)", fn);
    return c;
}

/* ==== application log ==================================================== */

#define LOG_LINE_MAX 1024
static const char log_trunc_mark[] = "...[truncated]";

static int log_threshold(void)
{
    const char *s = getenv("ASCEND_GLOBAL_LOG_LEVEL");
    if (s && s[0] >= '0' && s[0] <= '4' && !s[1])
        return s[0] - '0'; /* 4: nothing is logged */
    return ACL_ERROR;
}

static void mkdir_p(char *path)
{
    for (char *p = path + 1; *p; p++)
        if (*p == '/') {
            *p = 0;
            (void)mkdir(path, 0750);
            *p = '/';
        }
    (void)mkdir(path, 0750);
}

void aclAppLog(aclLogLevel logLevel, const char *func, const char *file, uint32_t line,
               const char *fmt, ...)
{
    static const char *const names[] = {"DEBUG", "INFO", "WARNING", "ERROR"};
    if ((int)logLevel < ACL_DEBUG || (int)logLevel > ACL_ERROR || !fmt ||
        (int)logLevel < log_threshold())
        return;
    char msg[LOG_LINE_MAX];
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(msg, sizeof(msg), fmt, ap);
    va_end(ap);
    if (n < 0)
        return;
    if ((size_t)n >= sizeof(msg)) /* cut, and say so, within the 1024 bytes */
        memcpy(msg + sizeof(msg) - sizeof(log_trunc_mark), log_trunc_mark, sizeof(log_trunc_mark));
    struct timespec ts;
    clock_gettime(CLOCK_REALTIME, &ts);
    struct tm tm;
    localtime_r(&ts.tv_sec, &tm);
    const char *base = file ? strrchr(file, '/') : NULL;
    base = base ? base + 1 : file ? file : "";
    char out[LOG_LINE_MAX + 512];
    int len = snprintf(
        out, sizeof(out),
        "[%s] APP(%d,%s):%04d-%02d-%02d-%02d:%02d:%02d.%03ld.%03ld [%s:%u]%ld %s: %s\n",
        names[logLevel], (int)getpid(), program_invocation_short_name, tm.tm_year + 1900,
        tm.tm_mon + 1, tm.tm_mday, tm.tm_hour, tm.tm_min, tm.tm_sec, ts.tv_nsec / 1000000,
        ts.tv_nsec / 1000 % 1000, base, line, (long)syscall(SYS_gettid), func ? func : "", msg);
    if (len < 0)
        return;
    if ((size_t)len >= sizeof(out))
        len = (int)sizeof(out) - 1;
    const char *so = getenv("ASCEND_SLOG_PRINT_TO_STDOUT");
    if (so && so[0] == '1') {
        fwrite(out, 1, (size_t)len, stdout);
        fflush(stdout);
        return;
    }
    char path[4096];
    const char *dir = getenv("ASCEND_PROCESS_LOG_PATH");
    const char *home = getenv("HOME");
    if (dir && *dir)
        snprintf(path, sizeof(path), "%s/plog", dir);
    else
        snprintf(path, sizeof(path), "%s/ascend/log/plog", home && *home ? home : "/tmp");
    mkdir_p(path);
    size_t pl = strlen(path);
    snprintf(path + pl, sizeof(path) - pl, "/plog-%d.log", (int)getpid());
    int fd = open(path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0640);
    if (fd < 0)
        return;
    /* One write per line with O_APPEND: concurrent lines do not interleave. */
    ssize_t w = write(fd, out, (size_t)len);
    (void)w;
    close(fd);
}

/* ==== SoC facts ========================================================== */

/* Ascend910B3, the SoC cpuacl presents: core counts live in errinfo.c
 * (core_res_default); the per-core sizes and versions are these. */
#define SOC_UB_SIZE 196608u
#define SOC_L0A_SIZE 65536u
#define SOC_L0B_SIZE 65536u
#define SOC_L0C_SIZE 131072u
#define SOC_L1_SIZE 524288u
#define SOC_BT_SIZE 1024u
#define SOC_CUBE_FREQ_MHZ 1800u
#define SOC_AIC_VERSION "AIC-C-220"

struct soc_arch {
    const char *name;
    int32_t arch;
};

/* SoC names and their NPU architecture (aclrtCheckArchCompatibility). */
static const struct soc_arch soc_archs[] = {
    {"Ascend910A", 1001},     {"Ascend910B", 1001},     {"Ascend910PremiumA", 1001},
    {"Ascend910ProA", 1001},  {"Ascend910ProB", 1001},  {"Ascend310P1", 2002},
    {"Ascend310P3", 2002},    {"Ascend310P5", 2002},    {"Ascend310P7", 2002},
    {"Ascend910B1", 2201},    {"Ascend910B2", 2201},    {"Ascend910B2C", 2201},
    {"Ascend910B3", 2201},    {"Ascend910B4", 2201},    {"Ascend910B4-1", 2201},
    {"Ascend910_9362", 2201}, {"Ascend910_9363", 2201}, {"Ascend910_9372", 2201},
    {"Ascend910_9381", 2201}, {"Ascend910_9382", 2201}, {"Ascend910_9391", 2201},
    {"Ascend910_9392", 2201}, {"Ascend310B1", 3002},    {"Ascend310B2", 3002},
    {"Ascend310B3", 3002},    {"Ascend310B4", 3002},    {"Ascend031", 3004},
    {"Ascend035", 3505},      {"Ascend035A", 3505},     {"Ascend035B", 3505},
};

static int32_t soc_arch_of(const char *name)
{
    for (size_t i = 0; i < sizeof(soc_archs) / sizeof(soc_archs[0]); i++)
        if (strcmp(soc_archs[i].name, name) == 0)
            return soc_archs[i].arch;
    return -1;
}

static long host_llc(void)
{
    long l3 = sysconf(_SC_LEVEL3_CACHE_SIZE), l2 = sysconf(_SC_LEVEL2_CACHE_SIZE);
    return l3 > 0 ? l3 : l2 > 0 ? l2 : 0;
}

static uint64_t device_memory_bytes(void)
{
    if (core_initialised())
        return g_rt.cfg.device_memory;
    struct core_config cfg;
    if (core_config_load(&cfg, NULL))
        return 0;
    return cfg.device_memory;
}

static aclError copy_str(const char *src, char *dst, uint32_t maxLen, const char *fn)
{
    size_t n = strlen(src) + 1;
    if (n > maxLen)
        return core_err(ACL_ERROR_INVALID_PARAM,
                        "%s: the value \"%s\" needs %zu bytes, maxLen is %u", fn, src, n, maxLen);
    memcpy(dst, src, n);
    return ACL_SUCCESS;
}

aclError aclplatformGetDeviceInfo(aclplatformDevInfo infoType, char *value, uint32_t maxLen)
{
    static const char fn[] = "aclplatformGetDeviceInfo";
    if ((unsigned)infoType > ACL_PLATFORM_MEMORY_TYPE)
        return core_err(ACL_ERROR_INVALID_PARAM, "%s: unknown info type %d", fn, (int)infoType);
    if (!value || !maxLen)
        return core_err(ACL_ERROR_INVALID_PARAM, "%s: value is NULL or maxLen is 0", fn);
    char buf[64];
    unsigned long long v;
    switch (infoType) {
    case ACL_PLATFORM_AICORE_CNT:
    case ACL_PLATFORM_CUBE_CORE_CNT:
        v = core_res_default(ACL_RT_DEV_RES_CUBE_CORE);
        break;
    case ACL_PLATFORM_VECTOR_CORE_CNT:
        v = core_res_default(ACL_RT_DEV_RES_VECTOR_CORE);
        break;
    case ACL_PLATFORM_AICORE_UB_SIZE:
        v = SOC_UB_SIZE;
        break;
    case ACL_PLATFORM_L2_SIZE:
        v = (unsigned long long)host_llc();
        break;
    case ACL_PLATFORM_MEMORY_SIZE:
        v = device_memory_bytes();
        break;
    case ACL_PLATFORM_CUBE_FREQ:
        v = SOC_CUBE_FREQ_MHZ;
        break;
    case ACL_PLATFORM_BT_SIZE:
        v = SOC_BT_SIZE;
        break;
    case ACL_PLATFORM_L0_A_SIZE:
        v = SOC_L0A_SIZE;
        break;
    case ACL_PLATFORM_L0_B_SIZE:
        v = SOC_L0B_SIZE;
        break;
    case ACL_PLATFORM_L0_C_SIZE:
        v = SOC_L0C_SIZE;
        break;
    case ACL_PLATFORM_L1_SIZE:
        v = SOC_L1_SIZE;
        break;
    case ACL_PLATFORM_SOC_VERSION:
        return copy_str(aclrtGetSocName(), value, maxLen, fn);
    case ACL_PLATFORM_AIC_VERSION:
        return copy_str(SOC_AIC_VERSION, value, maxLen, fn);
    case ACL_PLATFORM_NPU_ARCH: {
        int32_t a = soc_arch_of(aclrtGetSocName());
        if (a < 0)
            return core_err(ACL_ERROR_INVALID_PARAM, "%s: SoC \"%s\" has no known NPU arch", fn,
                            aclrtGetSocName());
        v = (unsigned long long)a;
        break;
    }
    default: /* VEC_FREQ, MEMORY_TYPE: the Ascend910B3 description has no value */
        return core_err(ACL_ERROR_INVALID_PARAM, "%s: info type %d has no value on %s", fn,
                        (int)infoType, aclrtGetSocName());
    }
    snprintf(buf, sizeof(buf), "%llu", v);
    return copy_str(buf, value, maxLen, fn);
}

struct intrinsic {
    const char *name, *dtypes;
};

/* Data types of the Ascend910B3 vector intrinsics (both core types) that
 * cpuacl lists; the cube's matrix instruction is the AI core's only. */
static const struct intrinsic intrinsics[] = {
    {"Intrinsic_vrec", "float16,float32"},
    {"Intrinsic_vadd", "float16,float32,int32,int16"},
    {"Intrinsic_vadds", "float16,float32,int32,int16"},
    {"Intrinsic_vsub", "float16,float32,int32,int16"},
    {"Intrinsic_vdiv", "float16,float32"},
    {"Intrinsic_vrsqrt", "float16,float32"},
    {"Intrinsic_vmul", "float16,float32,int32,int16"},
    {"Intrinsic_vmax", "float16,float32,int32,int16"},
    {"Intrinsic_vmin", "float16,float32,int32,int16"},
    {"Intrinsic_vln", "float16,float32"},
    {"Intrinsic_vexp", "float16,float32"},
    {"Intrinsic_vmuls", "float16,float32,int32,int16"},
    {"Intrinsic_vabs", "float16,float32"},
    {"Intrinsic_vcmax", "float16,float32"},
    {"Intrinsic_vcmin", "float16,float32"},
    {"Intrinsic_vcadd", "float16,float32"},
    {"Intrinsic_vor", "int16,uint16"},
    {"Intrinsic_vand", "int16,uint16"},
    {"Intrinsic_vnot", "int16,uint16"},
    {"Intrinsic_vsqrt", "float16,float32"},
    {"Intrinsic_vrelu", "float16,float32,int32"},
    {"Intrinsic_vmadd", "float16,float32"},
    {"Intrinsic_vmaddrelu", "float16,float32"},
    {"Intrinsic_vsel", "float16,float32"},
    {"Intrinsic_vlrelu", "float16,float32"},
    {"Intrinsic_vmaxs", "float16,float32,int32,int16"},
    {"Intrinsic_vmins", "float16,float32,int32,int16"},
    {"Intrinsic_vshl", "int16,uint16,int32,uint32"},
    {"Intrinsic_vshr", "uint16,int16,uint32,int32"},
    {"Intrinsic_vgather", "int16,uint16,float16,float32,int32,uint32"},
    {"Intrinsic_data_move_pad", "uint8,int8,uint16,int16,float16,int32,float32,uint32,bfloat16"},
};
static const struct intrinsic cube_mmad = {
    "Intrinsic_mmad",
    "u32u8u8,s32s8s8,s32u8s8,f16f16f16,f32f16f16,f16f16u2,u8,s8,f162f16,f162f32,f16u2,u8s8,"
    "h322f32,f32f32f32,f322f32"};

aclError aclplatformGetInstructionInfo(aclplatformCoreType type, const char *instruction,
                                       char *value, uint32_t maxLen)
{
    static const char fn[] = "aclplatformGetInstructionInfo";
    if (type != ACL_PLATFORM_CORE_TYPE_AI_CORE && type != ACL_PLATFORM_CORE_TYPE_VECTOR_CORE)
        return core_err(ACL_ERROR_INVALID_PARAM, "%s: unknown core type %d", fn, (int)type);
    if (!instruction || !value || !maxLen)
        return core_err(ACL_ERROR_INVALID_PARAM, "%s: instruction or value is NULL, or maxLen 0",
                        fn);
    if (type == ACL_PLATFORM_CORE_TYPE_AI_CORE && strcmp(instruction, cube_mmad.name) == 0)
        return copy_str(cube_mmad.dtypes, value, maxLen, fn);
    for (size_t i = 0; i < sizeof(intrinsics) / sizeof(intrinsics[0]); i++)
        if (strcmp(intrinsics[i].name, instruction) == 0)
            return copy_str(intrinsics[i].dtypes, value, maxLen, fn);
    return core_err(ACL_ERROR_INVALID_PARAM, "%s: instruction \"%s\" is not known for core type %d",
                    fn, instruction, (int)type);
}

aclError aclrtCheckArchCompatibility(const char *socVersion, int32_t *canCompatible)
{
    static const char fn[] = "aclrtCheckArchCompatibility";
    if (!socVersion || !canCompatible)
        return core_err(ACL_ERROR_INVALID_PARAM, "%s: NULL argument", fn);
    int32_t theirs = soc_arch_of(socVersion), ours = soc_arch_of(aclrtGetSocName());
    if (theirs < 0)
        return core_err(ACL_ERROR_RT_PARAM_INVALID, "%s: SoC version \"%s\" is invalid", fn,
                        socVersion);
    if (ours < 0)
        return core_err(ACL_ERROR_RT_PARAM_INVALID, "%s: the device's SoC \"%s\" is unknown", fn,
                        aclrtGetSocName());
    *canCompatible = theirs == ours ? 1 : 0;
    return ACL_SUCCESS;
}

aclError aclGetDeviceCapability(uint32_t deviceId, aclDeviceInfo deviceInfo, int64_t *value)
{
    static const char fn[] = "aclGetDeviceCapability";
    aclError rc =
        args_dev(value, deviceId > INT32_MAX ? -1 : (int32_t)deviceId, "value is NULL", fn);
    if (rc)
        return rc;
    switch ((int)deviceInfo) {
    case ACL_DEVICE_INFO_AI_CORE_NUM:
        *value = core_res_default(ACL_RT_DEV_RES_CUBE_CORE);
        break;
    case ACL_DEVICE_INFO_VECTOR_CORE_NUM:
        *value = core_res_default(ACL_RT_DEV_RES_VECTOR_CORE);
        break;
    case ACL_DEVICE_INFO_L2_SIZE:
        *value = host_llc();
        break;
    default:
        return core_err(ACL_ERROR_INVALID_PARAM, "%s: unknown device info %d", fn, (int)deviceInfo);
    }
    return ACL_SUCCESS;
}

aclError aclrtGetDeviceCapability(int32_t deviceId, aclrtDevFeatureType devFeatureType,
                                  int32_t *value)
{
    static const char fn[] = "aclrtGetDeviceCapability";
    aclError rc = args_dev(value, deviceId, "value is NULL", fn);
    if (rc)
        return rc;
    switch ((int)devFeatureType) {
    case ACL_FEATURE_TSCPU_TASK_UPDATE_SUPPORT_AIC_AIV: /* aclmdlRITaskSetParams on kernels */
        *value = ACL_DEV_FEATURE_SUPPORT;
        return ACL_SUCCESS;
    case ACL_FEATURE_SYSTEM_MEMQ_EVENT_CROSS_DEV: /* no memory-queue events */
        *value = ACL_DEV_FEATURE_NOT_SUPPORT;
        return ACL_SUCCESS;
    default:
        return core_err(ACL_ERROR_INVALID_PARAM, "%s: unknown feature type %d", fn,
                        (int)devFeatureType);
    }
}

/* ==== device identity ==================================================== */

#define PCI_DOMAIN 0u
#define PCI_BUS_BASE 0xC0u /* devices 0..63 on buses 0xc0..0xff, device 0, function 0 */

aclError aclrtDeviceGetPCIBusId(int32_t deviceId, char *pciBusId, int32_t len)
{
    static const char fn[] = "aclrtDeviceGetPCIBusId";
    if (!pciBusId || len < 13)
        return core_err(ACL_ERROR_INVALID_PARAM, "%s: pciBusId is NULL or len %d is below 13", fn,
                        len);
    aclError rc = check_dev(deviceId, fn);
    if (rc)
        return rc;
    snprintf(pciBusId, (size_t)len, "%04x:%02x:00.0", PCI_DOMAIN,
             PCI_BUS_BASE + (unsigned)deviceId);
    return ACL_SUCCESS;
}

aclError aclrtDeviceGetByPCIBusId(const char *pciBusId, int32_t *deviceId)
{
    static const char fn[] = "aclrtDeviceGetByPCIBusId";
    CORE_REQUIRE_INIT();
    if (!pciBusId || !deviceId)
        return core_err(ACL_ERROR_INVALID_PARAM, "%s: NULL argument", fn);
    unsigned dom = 0, bus, dev, func;
    int end = 0;
    /* domain:bus:device.function, or bus:device.function (domain 0) */
    if (!(sscanf(pciBusId, "%x:%x:%x.%x%n", &dom, &bus, &dev, &func, &end) == 4 &&
          !pciBusId[end])) {
        dom = 0;
        end = 0;
        if (!(sscanf(pciBusId, "%x:%x.%x%n", &bus, &dev, &func, &end) == 3 && !pciBusId[end]))
            return core_err(ACL_ERROR_INVALID_PARAM, "%s: \"%s\" is not domain:bus:device.function",
                            fn, pciBusId);
    }
    if (dom != PCI_DOMAIN || dev || func || bus < PCI_BUS_BASE ||
        bus - PCI_BUS_BASE >= g_rt.cfg.device_count)
        return core_err(ACL_ERROR_RT_INVALID_DEVICEID, "%s: no device at PCI address %s", fn,
                        pciBusId);
    *deviceId = (int32_t)(bus - PCI_BUS_BASE);
    return ACL_SUCCESS;
}

static uint64_t fnv1a(uint64_t h, const void *p, size_t n)
{
    const unsigned char *b = p;
    for (size_t i = 0; i < n; i++) {
        h ^= b[i];
        h *= 0x100000001b3ULL;
    }
    return h;
}

aclError aclrtDeviceGetUuid(int32_t deviceId, aclrtUuid *uuid)
{
    static const char fn[] = "aclrtDeviceGetUuid";
    aclError rc = args_dev(uuid, deviceId, "uuid is NULL", fn);
    if (rc)
        return rc;
    /* Stable per host and device: the machine id, "cpuacl" and the device id. */
    char mid[64] = "";
    FILE *f = fopen("/etc/machine-id", "r");
    if (f) {
        if (!fgets(mid, sizeof(mid), f))
            mid[0] = 0;
        fclose(f);
    }
    uint64_t h1 = fnv1a(0xcbf29ce484222325ULL, mid, strlen(mid));
    h1 = fnv1a(h1, "cpuacl", 6);
    h1 = fnv1a(h1, &deviceId, sizeof(deviceId));
    uint64_t h2 = fnv1a(h1 ^ 0x9e3779b97f4a7c15ULL, &deviceId, sizeof(deviceId));
    memcpy(uuid->bytes, &h1, 8);
    memcpy(uuid->bytes + 8, &h2, 8);
    uuid->bytes[6] = (char)((uuid->bytes[6] & 0x0f) | 0x80); /* RFC 9562 version 8 (custom) */
    uuid->bytes[8] = (char)((uuid->bytes[8] & 0x3f) | 0x80); /* variant 10 */
    return ACL_SUCCESS;
}

static aclError id_map(int32_t in, int32_t *out, const char *fn)
{
    aclError rc = args_dev(out, in, "output is NULL", fn);
    if (rc)
        return rc;
    *out = in; /* no ASCEND_RT_VISIBLE_DEVICES remapping, no container: one id space */
    return ACL_SUCCESS;
}

aclError aclrtGetLogicDevIdByUserDevId(const int32_t userDevid, int32_t *const logicDevId)
{
    return id_map(userDevid, logicDevId, "aclrtGetLogicDevIdByUserDevId");
}

aclError aclrtGetUserDevIdByLogicDevId(const int32_t logicDevId, int32_t *const userDevid)
{
    return id_map(logicDevId, userDevid, "aclrtGetUserDevIdByLogicDevId");
}

aclError aclrtGetLogicDevIdByPhyDevId(const int32_t phyDevId, int32_t *const logicDevId)
{
    return id_map(phyDevId, logicDevId, "aclrtGetLogicDevIdByPhyDevId");
}

aclError aclrtGetPhyDevIdByLogicDevId(const int32_t logicDevId, int32_t *const phyDevId)
{
    return id_map(logicDevId, phyDevId, "aclrtGetPhyDevIdByLogicDevId");
}

aclError aclrtGetUserDevIdByPhyDevId(const int32_t phyDevId, int32_t *const userDevId)
{
    return id_map(phyDevId, userDevId, "aclrtGetUserDevIdByPhyDevId");
}

aclError aclrtGetPhyDevIdByUserDevId(const int32_t userDevId, int32_t *const phyDevId)
{
    return id_map(userDevId, phyDevId, "aclrtGetPhyDevIdByUserDevId");
}

/* ==== device state ======================================================= */

aclError aclrtGetPrimaryCtxState(int32_t deviceId, uint32_t *flags, int32_t *active)
{
    static const char fn[] = "aclrtGetPrimaryCtxState";
    aclError rc =
        args_dev(!flags && active, deviceId, "flags must be NULL and active not NULL", fn);
    if (rc)
        return rc;
    pthread_mutex_lock(&g_rt.lock);
    *active = g_rt.dev[deviceId].default_ctx ? 1 : 0;
    pthread_mutex_unlock(&g_rt.lock);
    return ACL_SUCCESS;
}

aclError aclrtDevicePeerAccessStatus(int32_t deviceId, int32_t peerDeviceId, int32_t *status)
{
    static const char fn[] = "aclrtDevicePeerAccessStatus";
    CORE_REQUIRE_INIT();
    if (!status)
        return core_err(ACL_ERROR_INVALID_PARAM, "%s: status is NULL", fn);
    uint32_t n = g_rt.cfg.device_count;
    if (deviceId < 0 || (uint32_t)deviceId >= n || peerDeviceId < 0 || (uint32_t)peerDeviceId >= n)
        return core_err(ACL_ERROR_RT_PARAM_INVALID, "%s: devices %d and %d (%u devices)", fn,
                        deviceId, peerDeviceId, n);
    /* relaxed: one bit read once; enable/disable racing with the query is the caller's race. */
    uint64_t m = atomic_load_explicit(&g_rt.peer[deviceId], memory_order_relaxed);
    *status = (int32_t)((m >> peerDeviceId) & 1);
    return ACL_SUCCESS;
}

static int cpu_node(uint32_t cpu)
{
    char path[96];
    snprintf(path, sizeof(path), "/sys/devices/system/cpu/cpu%u", cpu);
    DIR *d = opendir(path);
    if (!d)
        return 0;
    int node = 0;
    struct dirent *e;
    while ((e = readdir(d)))
        if (strncmp(e->d_name, "node", 4) == 0 && isdigit((unsigned char)e->d_name[4])) {
            node = atoi(e->d_name + 4);
            break;
        }
    closedir(d);
    return node;
}

aclError aclrtGetDevicesTopo(uint32_t deviceId, uint32_t otherDeviceId, uint64_t *value)
{
    static const char fn[] = "aclrtGetDevicesTopo";
    CORE_REQUIRE_INIT();
    if (!value)
        return core_err(ACL_ERROR_INVALID_PARAM, "%s: value is NULL", fn);
    uint32_t n = g_rt.cfg.device_count;
    if (deviceId >= n || otherDeviceId >= n)
        return core_err(ACL_ERROR_RT_INVALID_DEVICEID, "%s: devices %u and %u (%u devices)", fn,
                        deviceId, otherDeviceId, n);
    if (deviceId == otherDeviceId)
        return core_err(ACL_ERROR_INVALID_PARAM, "%s: a device has no link to itself", fn);
    /* A device's first worker runs on core (id * workers + 1) % ncpu (core/device.c):
     * devices whose cores share a NUMA node share its memory controller, coherently
     * (HCCS); otherwise their memory meets across the SMP interconnect (SYS). */
    uint32_t w = g_rt.cfg.workers, ncpu = sched_ncpu();
    int a = cpu_node((deviceId * w + 1) % ncpu), b = cpu_node((otherDeviceId * w + 1) % ncpu);
    *value = a == b ? ACL_RT_DEVS_TOPOLOGY_HCCS : ACL_RT_DEVS_TOPOLOGY_SYS;
    return ACL_SUCCESS;
}

aclError aclrtDeviceGetStreamPriorityRange(int32_t *leastPriority, int32_t *greatestPriority)
{
    static const char fn[] = "aclrtDeviceGetStreamPriorityRange";
    CORE_REQUIRE_INIT();
    if (!leastPriority || !greatestPriority)
        return core_err(ACL_ERROR_INVALID_PARAM, "%s: NULL argument", fn);
    aclError rc = ACL_SUCCESS;
    if (!need_ctx(fn, &rc))
        return rc;
    *leastPriority = 7; /* the reference's range: 0 (highest) .. 7 (lowest) */
    *greatestPriority = 0;
    return ACL_SUCCESS;
}

aclError aclrtDeviceL2CacheFlush(void *rsv)
{
    static const char fn[] = "aclrtDeviceL2CacheFlush";
    CORE_REQUIRE_INIT();
    if (rsv)
        return core_err(ACL_ERROR_INVALID_PARAM, "%s: rsv must be NULL", fn);
    aclError rc = ACL_SUCCESS;
    if (!need_ctx(fn, &rc))
        return rc;
    /* The host's caches are coherent: nothing is left to write back. A full
     * fence orders this thread's earlier stores before its later ones. */
    atomic_thread_fence(memory_order_seq_cst); /* seq_cst: the flush's ordering promise */
    return ACL_SUCCESS;
}

/* ---- atomic capabilities ------------------------------------------------ */

static pthread_once_t cas128_once = PTHREAD_ONCE_INIT;
static bool cas128; /* written once under cas128_once */

static void cas128_probe(void)
{
    FILE *f = fopen("/proc/cpuinfo", "r");
    if (!f)
        return;
    char line[4096];
    while (fgets(line, sizeof(line), f)) {
        /* x86-64: cmpxchg16b ("cx16"); arm64: LSE CASP ("atomics") */
        if ((strncmp(line, "flags", 5) == 0 || strncmp(line, "Features", 8) == 0) &&
            (strstr(line, " cx16") || strstr(line, " atomics"))) {
            cas128 = true;
            break;
        }
    }
    fclose(f);
}

static aclError atomic_caps(uint32_t *caps, const aclrtAtomicOperation *ops, uint32_t count,
                            const char *fn)
{
    if (!caps || !ops || !count)
        return core_err(ACL_ERROR_INVALID_PARAM, "%s: NULL array or count 0", fn);
    pthread_once(&cas128_once, cas128_probe);
    const uint32_t ints = ACL_RT_ATOMIC_CAPABILITY_SIGNED | ACL_RT_ATOMIC_CAPABILITY_UNSIGNED |
                          ACL_RT_ATOMIC_CAPABILITY_SCALAR8 | ACL_RT_ATOMIC_CAPABILITY_SCALAR16 |
                          ACL_RT_ATOMIC_CAPABILITY_SCALAR32 | ACL_RT_ATOMIC_CAPABILITY_SCALAR64;
    for (uint32_t i = 0; i < count; i++) {
        switch ((int)ops[i]) {
        case ACL_RT_ATOMIC_OPERATION_INTEGER_ADD:
        case ACL_RT_ATOMIC_OPERATION_INTEGER_MIN:
        case ACL_RT_ATOMIC_OPERATION_INTEGER_MAX:
        case ACL_RT_ATOMIC_OPERATION_INTEGER_INCREMENT:
        case ACL_RT_ATOMIC_OPERATION_INTEGER_DECREMENT:
        case ACL_RT_ATOMIC_OPERATION_AND:
        case ACL_RT_ATOMIC_OPERATION_OR:
        case ACL_RT_ATOMIC_OPERATION_XOR:
            caps[i] = ints | ACL_RT_ATOMIC_CAPABILITY_REDUCTION;
            break;
        case ACL_RT_ATOMIC_OPERATION_EXCHANGE:
        case ACL_RT_ATOMIC_OPERATION_CAS:
            caps[i] = ints | (cas128 ? ACL_RT_ATOMIC_CAPABILITY_SCALAR128 : 0);
            break;
        case ACL_RT_ATOMIC_OPERATION_FLOAT_ADD: /* compare-and-swap loops on 2/4/8 bytes */
        case ACL_RT_ATOMIC_OPERATION_FLOAT_MIN:
        case ACL_RT_ATOMIC_OPERATION_FLOAT_MAX:
            caps[i] = ACL_RT_ATOMIC_CAPABILITY_SIGNED | ACL_RT_ATOMIC_CAPABILITY_REDUCTION |
                      ACL_RT_ATOMIC_CAPABILITY_SCALAR16 | ACL_RT_ATOMIC_CAPABILITY_SCALAR32 |
                      ACL_RT_ATOMIC_CAPABILITY_SCALAR64;
            break;
        case ACL_RT_ATOMIC_OPERATION_DMA_ADD: /* no DMA engine, no vector-unit atomics */
        case ACL_RT_ATOMIC_OPERATION_DMA_MIN:
        case ACL_RT_ATOMIC_OPERATION_DMA_MAX:
        case ACL_RT_ATOMIC_OPERATION_SIMD_SCALAR_ADD:
        case ACL_RT_ATOMIC_OPERATION_SIMD_SCALAR_MIN:
        case ACL_RT_ATOMIC_OPERATION_SIMD_SCALAR_MAX:
        case ACL_RT_ATOMIC_OPERATION_SIMD_SCALAR_CAS:
        case ACL_RT_ATOMIC_OPERATION_SIMD_SCALAR_EXCH:
            caps[i] = 0;
            break;
        default:
            return core_err(ACL_ERROR_INVALID_PARAM, "%s: operations[%u] = %d is unknown", fn, i,
                            (int)ops[i]);
        }
    }
    return ACL_SUCCESS;
}

aclError aclrtDeviceGetHostAtomicCapabilities(uint32_t *capabilities,
                                              const aclrtAtomicOperation *operations,
                                              const uint32_t count, int32_t deviceId)
{
    static const char fn[] = "aclrtDeviceGetHostAtomicCapabilities";
    aclError rc = check_dev(deviceId, fn);
    return rc ? rc : atomic_caps(capabilities, operations, count, fn);
}

aclError aclrtDeviceGetP2PAtomicCapabilities(uint32_t *capabilities,
                                             const aclrtAtomicOperation *operations,
                                             const uint32_t count, int32_t srcDeviceId,
                                             int32_t dstDeviceId)
{
    static const char fn[] = "aclrtDeviceGetP2PAtomicCapabilities";
    aclError rc = check_dev(srcDeviceId, fn);
    if (!rc)
        rc = check_dev(dstDeviceId, fn);
    if (rc)
        return rc;
    if (srcDeviceId == dstDeviceId)
        return core_err(ACL_ERROR_INVALID_PARAM, "%s: source and destination are device %d", fn,
                        srcDeviceId);
    /* Both devices' memory is the host's: the same atomics as the host's. */
    return atomic_caps(capabilities, operations, count, fn);
}

/* ---- utilization -------------------------------------------------------- */

struct util_sample {
    uint64_t t, busy; /* wall clock and the device's summed worker busy time */
};
static pthread_mutex_t util_lock = PTHREAD_MUTEX_INITIALIZER; /* leaf */
static struct util_sample util_last[CORE_MAX_DEVICES];        /* util_lock */

static uint64_t device_busy_ns(const struct core_device *d, uint32_t nworkers, uint64_t now)
{
    uint64_t sum = 0;
    for (uint32_t i = 0; i < nworkers; i++) {
        struct sched_worker *w = sched_worker_get(d->worker_base + i);
        sum += sched_worker_busy_ns(w, now); /* a busy period still open counts up to now */
    }
    return sum;
}

void core_devinfo_device_started(struct core_device *d)
{
    uint64_t now = sched_now_ns();
    uint64_t busy = device_busy_ns(d, d->nworkers, now);
    pthread_mutex_lock(&util_lock);
    util_last[d->id] = (struct util_sample){now, busy};
    pthread_mutex_unlock(&util_lock);
}

aclError aclrtGetDeviceUtilizationRate(int32_t deviceId, aclrtUtilizationInfo *utilizationInfo)
{
    static const char fn[] = "aclrtGetDeviceUtilizationRate";
    if (!utilizationInfo)
        return core_err(ACL_ERROR_INVALID_PARAM, "%s: utilizationInfo is NULL", fn);
    aclError rc = args_dev(!utilizationInfo->utilizationExtend, deviceId,
                           "utilizationExtend is reserved (NULL)", fn);
    if (rc)
        return rc;
    struct core_device *d = &g_rt.dev[deviceId];
    int32_t pct = 0;
    pthread_mutex_lock(&g_rt.lock); /* the workers stay while it is held */
    if (d->active && d->nworkers) {
        uint64_t now = sched_now_ns(), busy = device_busy_ns(d, d->nworkers, now);
        pthread_mutex_lock(&util_lock);
        struct util_sample *s = &util_last[deviceId];
        uint64_t dt = now > s->t ? now - s->t : 0, db = busy > s->busy ? busy - s->busy : 0;
        if (dt) {
            uint64_t p = db * 100 / (dt * d->nworkers);
            pct = (int32_t)(p > 100 ? 100 : p);
            *s = (struct util_sample){now, busy};
        }
        pthread_mutex_unlock(&util_lock);
    }
    pthread_mutex_unlock(&g_rt.lock);
    /* One pool of workers runs cube, vector and AI CPU work alike. */
    utilizationInfo->cubeUtilization = pct;
    utilizationInfo->vectorUtilization = pct;
    utilizationInfo->aicpuUtilization = pct;
    utilizationInfo->memoryUtilization = -1; /* not reported, as the reference */
    return ACL_SUCCESS;
}

/* ---- memory usage and UCE ----------------------------------------------- */

aclError aclrtGetMemUsageInfo(int32_t deviceId, aclrtMemUsageInfo *memUsageInfo, size_t inputNum,
                              size_t *outputNum)
{
    static const char fn[] = "aclrtGetMemUsageInfo";
    aclError rc = args_dev(memUsageInfo && outputNum && inputNum, deviceId,
                           "NULL argument or inputNum 0", fn);
    if (rc)
        return rc;
    struct mem_dev_stats st;
    if (mem_dev_stats(deviceId, &st)) /* no pool: the device is not set and holds nothing */
        memset(&st, 0, sizeof(st));
    /* One component: everything the device's pool holds (aclrtMalloc*, physical
     * handles, managed memory), current and peak since the device was set. */
    memset(&memUsageInfo[0], 0, sizeof(memUsageInfo[0]));
    snprintf(memUsageInfo[0].name, sizeof(memUsageInfo[0].name), "%s", "aclrt_device_memory");
    memUsageInfo[0].curMemSize = st.used;
    memUsageInfo[0].memPeakSize = st.peak > st.used ? st.peak : st.used;
    *outputNum = 1;
    return ACL_SUCCESS;
}

aclError aclrtGetMemUceInfo(int32_t deviceId, aclrtMemUceInfo *memUceInfoArray, size_t arraySize,
                            size_t *retSize)
{
    static const char fn[] = "aclrtGetMemUceInfo";
    aclError rc = args_dev(memUceInfoArray && retSize && arraySize, deviceId,
                           "NULL argument or arraySize 0", fn);
    if (rc)
        return rc;
    *retSize = 0; /* host memory errors are the kernel's: no address is ever reported */
    return ACL_SUCCESS;
}

aclError aclrtMemUceRepair(int32_t deviceId, aclrtMemUceInfo *memUceInfoArray, size_t arraySize)
{
    static const char fn[] = "aclrtMemUceRepair";
    aclError rc = args_dev(memUceInfoArray && arraySize, deviceId, "NULL array or arraySize 0", fn);
    if (rc)
        return rc;
    return core_err(ACL_ERROR_INVALID_PARAM,
                    "%s: %p is not an uncorrectable-error address of device %d "
                    "(aclrtGetMemUceInfo reports none)",
                    fn, memUceInfoArray[0].addr, deviceId);
}

/* ==== groups ============================================================= */

/* One group per device: all of it (group id 0). */
struct tagRtGroupInfo {
    int32_t id;
    int32_t aicore, aiv, aic, sdma, asq;
};
#define GROUP_COUNT 1u

aclError aclrtGetGroupCount(uint32_t *count)
{
    static const char fn[] = "aclrtGetGroupCount";
    CORE_REQUIRE_INIT();
    if (!count)
        return core_err(ACL_ERROR_INVALID_PARAM, "%s: count is NULL", fn);
    aclError rc = ACL_SUCCESS;
    if (!need_ctx(fn, &rc))
        return rc;
    *count = GROUP_COUNT;
    return ACL_SUCCESS;
}

aclrtGroupInfo *aclrtCreateGroupInfo(void)
{
    static const char fn[] = "aclrtCreateGroupInfo";
    if (!core_initialised()) {
        core_err(ACL_ERROR_UNINITIALIZE, "%s: aclInit has not been called", fn);
        return NULL;
    }
    aclError rc = ACL_SUCCESS;
    if (!need_ctx(fn, &rc))
        return NULL;
    return core_zalloc(GROUP_COUNT * sizeof(struct tagRtGroupInfo), fn);
}

aclError aclrtDestroyGroupInfo(aclrtGroupInfo *groupInfo)
{
    if (!groupInfo)
        return core_err(ACL_ERROR_INVALID_PARAM, "aclrtDestroyGroupInfo: groupInfo is NULL");
    free(groupInfo);
    return ACL_SUCCESS;
}

aclError aclrtGetAllGroupInfo(aclrtGroupInfo *groupInfo)
{
    static const char fn[] = "aclrtGetAllGroupInfo";
    CORE_REQUIRE_INIT();
    if (!groupInfo)
        return core_err(ACL_ERROR_INVALID_PARAM, "%s: groupInfo is NULL", fn);
    aclError rc = ACL_SUCCESS;
    if (!need_ctx(fn, &rc))
        return rc;
    groupInfo[0] = (struct tagRtGroupInfo){
        .id = 0,
        .aicore = (int32_t)core_res_default(ACL_RT_DEV_RES_CUBE_CORE),
        .aiv = (int32_t)core_res_default(ACL_RT_DEV_RES_VECTOR_CORE),
        .aic = (int32_t)core_res_default(ACL_RT_DEV_RES_CUBE_CORE),
        .sdma = (int32_t)g_rt.cfg.workers,           /* copies run on the workers */
        .asq = (int32_t)CORE_MAX_STREAMS_PER_DEVICE, /* task queues: the stream limit */
    };
    return ACL_SUCCESS;
}

aclError aclrtGetGroupInfoDetail(const aclrtGroupInfo *groupInfo, int32_t groupIndex,
                                 aclrtGroupAttr attr, void *attrValue, size_t valueLen,
                                 size_t *paramRetSize)
{
    static const char fn[] = "aclrtGetGroupInfoDetail";
    CORE_REQUIRE_INIT();
    if (!groupInfo || !attrValue || !paramRetSize)
        return core_err(ACL_ERROR_INVALID_PARAM, "%s: NULL argument", fn);
    if (groupIndex < 0 || (uint32_t)groupIndex >= GROUP_COUNT)
        return core_err(ACL_ERROR_INVALID_PARAM, "%s: group index %d out of [0, %u)", fn,
                        groupIndex, GROUP_COUNT);
    const struct tagRtGroupInfo *g = &groupInfo[groupIndex];
    int32_t v;
    switch ((int)attr) {
    case ACL_GROUP_AICORE_INT:
        v = g->aicore;
        break;
    case ACL_GROUP_AIV_INT:
        v = g->aiv;
        break;
    case ACL_GROUP_AIC_INT:
        v = g->aic;
        break;
    case ACL_GROUP_SDMANUM_INT:
        v = g->sdma;
        break;
    case ACL_GROUP_ASQNUM_INT:
        v = g->asq;
        break;
    case ACL_GROUP_GROUPID_INT:
        v = g->id;
        break;
    default:
        return core_err(ACL_ERROR_INVALID_PARAM, "%s: unknown attribute %d", fn, (int)attr);
    }
    if (valueLen < sizeof(v))
        return core_err(ACL_ERROR_INVALID_PARAM, "%s: valueLen %zu is below %zu", fn, valueLen,
                        sizeof(v));
    memcpy(attrValue, &v, sizeof(v));
    *paramRetSize = sizeof(v);
    return ACL_SUCCESS;
}

aclError aclrtSetGroup(int32_t groupId)
{
    static const char fn[] = "aclrtSetGroup";
    CORE_REQUIRE_INIT();
    aclError rc = ACL_SUCCESS;
    if (!need_ctx(fn, &rc))
        return rc;
    if (groupId < 0 || (uint32_t)groupId >= GROUP_COUNT)
        return core_err(ACL_ERROR_INVALID_PARAM, "%s: no group %d (group 0 is the whole device)",
                        fn, groupId);
    return ACL_SUCCESS; /* group 0 is the whole device: tasks run as before */
}

aclError aclrtSetTsDevice(aclrtTsId tsId)
{
    static const char fn[] = "aclrtSetTsDevice";
    CORE_REQUIRE_INIT();
    if (tsId != ACL_TS_ID_AICORE && tsId != ACL_TS_ID_AIVECTOR)
        return core_err(ACL_ERROR_INVALID_PARAM, "%s: unknown task scheduler %d", fn, (int)tsId);
    /* One scheduler (the device's workers) takes both kinds of work. */
    return ACL_SUCCESS;
}

/* ==== limits, parameters, timeouts ======================================= */

static _Atomic size_t lim_simd_stack = 32768;  /* DI2 */
static _Atomic size_t lim_simd_printf = 32768; /* DI2 */

aclError aclrtDeviceSetLimit(aclrtDeviceLimit limit, size_t value)
{
    static const char fn[] = "aclrtDeviceSetLimit";
    CORE_REQUIRE_INIT();
    switch ((int)limit) {
    case ACL_RT_DEV_LIMIT_SIMD_STACK_SIZE:
        if (value > 196608)
            return core_err(ACL_ERROR_RT_PARAM_INVALID, "%s: SIMD stack %zu above 196608 bytes", fn,
                            value);
        value = value <= 32768 ? 32768 : (value + 16383) / 16384 * 16384;
        atomic_store_explicit(&lim_simd_stack, value, memory_order_relaxed); /* relaxed: DI2 */
        return ACL_SUCCESS;
    case ACL_RT_DEV_LIMIT_SIMD_PRINTF_FIFO_SIZE_PER_CORE:
        if (value < 1024 || value > 67108864)
            return core_err(ACL_ERROR_RT_PARAM_INVALID,
                            "%s: printf FIFO %zu outside [1024, 67108864] bytes", fn, value);
        /* relaxed: DI2 */
        atomic_store_explicit(&lim_simd_printf, (value + 7) / 8 * 8, memory_order_relaxed);
        return ACL_SUCCESS;
    case ACL_RT_DEV_LIMIT_SIMT_STACK_SIZE:
    case ACL_RT_DEV_LIMIT_SIMT_DVG_WARP_STACK_SIZE:
    case ACL_RT_DEV_LIMIT_SIMT_PRINTF_FIFO_SIZE:
        return core_err(ACL_ERROR_RT_FEATURE_NOT_SUPPORT,
                        "%s: SIMT limits do not exist on %s (SIMD only)", fn, aclrtGetSocName());
    default:
        return core_err(ACL_ERROR_INVALID_PARAM, "%s: unknown limit %d", fn, (int)limit);
    }
}

aclError aclrtDeviceGetLimit(aclrtDeviceLimit limit, size_t *value)
{
    static const char fn[] = "aclrtDeviceGetLimit";
    CORE_REQUIRE_INIT();
    if (!value)
        return core_err(ACL_ERROR_INVALID_PARAM, "%s: value is NULL", fn);
    switch ((int)limit) {
    case ACL_RT_DEV_LIMIT_SIMD_STACK_SIZE:
        *value = atomic_load_explicit(&lim_simd_stack, memory_order_relaxed); /* relaxed: DI2 */
        return ACL_SUCCESS;
    case ACL_RT_DEV_LIMIT_SIMD_PRINTF_FIFO_SIZE_PER_CORE:
        *value = atomic_load_explicit(&lim_simd_printf, memory_order_relaxed); /* relaxed: DI2 */
        return ACL_SUCCESS;
    case ACL_RT_DEV_LIMIT_SIMT_STACK_SIZE:
    case ACL_RT_DEV_LIMIT_SIMT_DVG_WARP_STACK_SIZE:
    case ACL_RT_DEV_LIMIT_SIMT_PRINTF_FIFO_SIZE:
        return core_err(ACL_ERROR_RT_FEATURE_NOT_SUPPORT,
                        "%s: SIMT limits do not exist on %s (SIMD only)", fn, aclrtGetSocName());
    default:
        return core_err(ACL_ERROR_INVALID_PARAM, "%s: unknown limit %d", fn, (int)limit);
    }
}

/* ---- runtime parameters ------------------------------------------------- */

#define SYSOPT_N 4
static _Atomic int64_t sysopt_proc[SYSOPT_N]; /* DI2 */

struct ctx_opts {
    uint64_t ctx; /* context handle (DI3) */
    int64_t v[SYSOPT_N];
    uint8_t set; /* bit i: v[i] was set */
};
static pthread_mutex_t ctxopt_lock = PTHREAD_MUTEX_INITIALIZER; /* leaf */
static struct ctx_opts *ctxopts;                                /* ctxopt_lock */
static size_t nctxopts, capctxopts;                             /* ctxopt_lock */

static aclError sysopt_check(aclSysParamOpt opt, int64_t value, bool set, const char *fn)
{
    if ((unsigned)opt >= SYSOPT_N)
        return core_err(ACL_ERROR_INVALID_PARAM, "%s: unknown option %d", fn, (int)opt);
    int64_t max = opt == ACL_OPT_DETERMINISTIC ? 3 : 1;
    if (set && (value < 0 || value > max))
        return core_err(ACL_ERROR_INVALID_PARAM, "%s: option %d takes 0..%lld, not %lld", fn,
                        (int)opt, (long long)max, (long long)value);
    return ACL_SUCCESS;
}

aclError aclrtSetSysParamOpt(aclSysParamOpt opt, int64_t value)
{
    CORE_REQUIRE_INIT();
    aclError rc = sysopt_check(opt, value, true, "aclrtSetSysParamOpt");
    if (rc)
        return rc;
    atomic_store_explicit(&sysopt_proc[opt], value, memory_order_relaxed); /* relaxed: DI2 */
    return ACL_SUCCESS;
}

aclError aclrtGetSysParamOpt(aclSysParamOpt opt, int64_t *value)
{
    CORE_REQUIRE_INIT();
    if (!value)
        return core_err(ACL_ERROR_INVALID_PARAM, "aclrtGetSysParamOpt: value is NULL");
    aclError rc = sysopt_check(opt, 0, false, "aclrtGetSysParamOpt");
    if (rc)
        return rc;
    *value = atomic_load_explicit(&sysopt_proc[opt], memory_order_relaxed); /* relaxed: DI2 */
    return ACL_SUCCESS;
}

/* The entry of context c (ctxopt_lock held), created when make; stale entries
 * (their context destroyed) are dropped on the way (DI3). */
static struct ctx_opts *ctxopt_find(uint64_t c, bool make)
{
    for (size_t i = 0; i < nctxopts;) {
        if (ctxopts[i].ctx == c)
            return &ctxopts[i];
        if (!core_table_lookup(&g_rt.ctxs, (void *)(uintptr_t)ctxopts[i].ctx))
            ctxopts[i] = ctxopts[--nctxopts];
        else
            i++;
    }
    if (!make)
        return NULL;
    if (nctxopts == capctxopts) {
        size_t cap = capctxopts ? capctxopts * 2 : 16;
        struct ctx_opts *n = realloc(ctxopts, cap * sizeof(*n));
        if (!n)
            return NULL;
        ctxopts = n;
        capctxopts = cap;
    }
    struct ctx_opts *e = &ctxopts[nctxopts++];
    memset(e, 0, sizeof(*e));
    e->ctx = c;
    return e;
}

aclError aclrtCtxSetSysParamOpt(aclSysParamOpt opt, int64_t value)
{
    static const char fn[] = "aclrtCtxSetSysParamOpt";
    CORE_REQUIRE_INIT();
    aclError rc = sysopt_check(opt, value, true, fn);
    if (rc)
        return rc;
    struct core_ctx *c = need_ctx(fn, &rc);
    if (!c)
        return rc;
    pthread_mutex_lock(&ctxopt_lock);
    struct ctx_opts *e = ctxopt_find(c->handle, true);
    if (e) {
        e->v[opt] = value;
        e->set |= (uint8_t)(1u << opt);
    }
    pthread_mutex_unlock(&ctxopt_lock);
    return e ? ACL_SUCCESS : core_err(ACL_ERROR_BAD_ALLOC, "%s: out of memory", fn);
}

aclError aclrtCtxGetSysParamOpt(aclSysParamOpt opt, int64_t *value)
{
    static const char fn[] = "aclrtCtxGetSysParamOpt";
    CORE_REQUIRE_INIT();
    if (!value)
        return core_err(ACL_ERROR_INVALID_PARAM, "%s: value is NULL", fn);
    aclError rc = sysopt_check(opt, 0, false, fn);
    if (rc)
        return rc;
    struct core_ctx *c = need_ctx(fn, &rc);
    if (!c)
        return rc;
    pthread_mutex_lock(&ctxopt_lock);
    struct ctx_opts *e = ctxopt_find(c->handle, false);
    bool set = e && (e->set >> opt & 1);
    int64_t v = set ? e->v[opt] : 0;
    pthread_mutex_unlock(&ctxopt_lock);
    /* Not set in the context: the process's value (relaxed: DI2). */
    *value = set ? v : atomic_load_explicit(&sysopt_proc[opt], memory_order_relaxed);
    return ACL_SUCCESS;
}

/* ---- operator timeouts -------------------------------------------------- */

/* Granularity of an operator timeout: the 910B's default 1091 s is 254 steps. */
#define OP_TIMEOUT_INTERVAL_US 4294967ULL
#define OP_TIMEOUT_STEPS 254ULL

static _Atomic uint64_t op_exec_timeout_us = OP_TIMEOUT_INTERVAL_US * OP_TIMEOUT_STEPS; /* DI2 */
static _Atomic uint32_t op_wait_timeout_s;                                              /* DI2 */

/* The effective timeout of a request in microseconds: whole steps, 1..254 of
 * them, 0 asking for the longest. */
static uint64_t op_timeout_round(uint64_t us)
{
    if (!us)
        return OP_TIMEOUT_INTERVAL_US * OP_TIMEOUT_STEPS;
    uint64_t steps = us / OP_TIMEOUT_INTERVAL_US + (us % OP_TIMEOUT_INTERVAL_US != 0);
    if (steps > OP_TIMEOUT_STEPS)
        steps = OP_TIMEOUT_STEPS;
    return steps * OP_TIMEOUT_INTERVAL_US;
}

static aclError op_timeout_set(uint64_t us, uint64_t *actual)
{
    uint64_t a = op_timeout_round(us);
    atomic_store_explicit(&op_exec_timeout_us, a, memory_order_relaxed); /* relaxed: DI2 */
    if (actual)
        *actual = a;
    return ACL_SUCCESS;
}

aclError aclrtSetOpExecuteTimeOut(uint32_t timeout)
{
    CORE_REQUIRE_INIT();
    return op_timeout_set((uint64_t)timeout * 1000000u, NULL);
}

aclError aclrtSetOpExecuteTimeOutWithMs(uint32_t timeout)
{
    CORE_REQUIRE_INIT();
    return op_timeout_set((uint64_t)timeout * 1000u, NULL);
}

aclError aclrtSetOpExecuteTimeOutV2(uint64_t timeout, uint64_t *actualTimeout)
{
    static const char fn[] = "aclrtSetOpExecuteTimeOutV2";
    CORE_REQUIRE_INIT();
    if (!actualTimeout)
        return core_err(ACL_ERROR_INVALID_PARAM, "%s: actualTimeout is NULL", fn);
    aclError rc = ACL_SUCCESS;
    if (!need_ctx(fn, &rc))
        return rc;
    return op_timeout_set(timeout, actualTimeout);
}

aclError aclrtGetOpTimeOutInterval(uint64_t *interval)
{
    static const char fn[] = "aclrtGetOpTimeOutInterval";
    CORE_REQUIRE_INIT();
    if (!interval)
        return core_err(ACL_ERROR_INVALID_PARAM, "%s: interval is NULL", fn);
    aclError rc = ACL_SUCCESS;
    if (!need_ctx(fn, &rc))
        return rc;
    *interval = OP_TIMEOUT_INTERVAL_US;
    return ACL_SUCCESS;
}

aclError aclrtGetOpExecuteTimeout(uint32_t *const timeoutMs)
{
    CORE_REQUIRE_INIT();
    if (!timeoutMs)
        return core_err(ACL_ERROR_INVALID_PARAM, "aclrtGetOpExecuteTimeout: timeoutMs is NULL");
    /* relaxed: DI2 */
    *timeoutMs =
        (uint32_t)(atomic_load_explicit(&op_exec_timeout_us, memory_order_relaxed) / 1000u);
    return ACL_SUCCESS;
}

uint32_t core_op_wait_timeout_ms(void)
{
    uint64_t ms = (uint64_t)atomic_load_explicit(&op_wait_timeout_s, memory_order_relaxed) *
                  1000u; /* relaxed: DI2 */
    return ms > UINT32_MAX ? UINT32_MAX : (uint32_t)ms;
}

aclError aclrtSetOpWaitTimeout(uint32_t timeout)
{
    CORE_REQUIRE_INIT();
    atomic_store_explicit(&op_wait_timeout_s, timeout, memory_order_relaxed); /* relaxed: DI2 */
    return ACL_SUCCESS;
}

/* ==== named callback registries (device state, task abort) =============== */

static struct core_named_reg reg_state = CORE_NAMED_REG_INIT;
static struct core_named_reg reg_abort = CORE_NAMED_REG_INIT;

aclError core_named_set(struct core_named_reg *r, const char *name, void (*fn)(void), void *args,
                        const char *api)
{
    CORE_REQUIRE_INIT_AS(api);
    if (!name || !name[0])
        return core_err(ACL_ERROR_INVALID_PARAM, "%s: regName is NULL or empty", api);
    if (strnlen(name, CORE_NAMED_LEN) >= CORE_NAMED_LEN)
        return core_err(ACL_ERROR_INVALID_PARAM, "%s: regName is longer than %d bytes", api,
                        CORE_NAMED_LEN - 1);
    aclError rc = ACL_SUCCESS;
    pthread_mutex_lock(&r->lock);
    uint32_t i = 0;
    while (i < r->n && strcmp(r->cb[i].name, name) != 0)
        i++;
    if (fn && i < r->n)
        rc = core_err(ACL_ERROR_INVALID_PARAM,
                      "%s: \"%s\" is registered already (unregister it with a NULL callback "
                      "first)",
                      api, name);
    else if (fn && r->n == CORE_NAMED_MAX)
        rc = core_err(ACL_ERROR_INVALID_PARAM, "%s: %d callbacks are registered already", api,
                      CORE_NAMED_MAX);
    else if (fn) {
        strcpy(r->cb[r->n].name, name);
        r->cb[r->n].fn = fn;
        r->cb[r->n].args = args;
        r->n++;
    } else if (i == r->n) {
        rc = core_err(ACL_ERROR_INVALID_PARAM, "%s: \"%s\" is not registered", api, name);
    } else { /* unregister, keeping registration order */
        memmove(&r->cb[i], &r->cb[i + 1], (r->n - i - 1) * sizeof(r->cb[0]));
        r->n--;
    }
    atomic_store_explicit(&r->any, r->n, memory_order_relaxed); /* relaxed: a hint (A2) */
    pthread_mutex_unlock(&r->lock);
    return rc;
}

uint32_t core_named_snapshot(struct core_named_reg *r, struct core_named_cb *out)
{
    pthread_mutex_lock(&r->lock);
    uint32_t n = r->n;
    memcpy(out, r->cb, n * sizeof(out[0]));
    pthread_mutex_unlock(&r->lock);
    return n;
}

aclError aclrtRegDeviceStateCallback(const char *regName, aclrtDeviceStateCallback callback,
                                     void *args)
{
    return core_named_set(&reg_state, regName, (void (*)(void))callback, args,
                          "aclrtRegDeviceStateCallback");
}

bool core_devstate_wanted(void)
{
    return atomic_load_explicit(&reg_state.any, memory_order_relaxed) != 0; /* relaxed: hint */
}

void core_devstate_fire(int32_t deviceId, aclrtDeviceState state)
{
    struct core_named_cb copy[CORE_NAMED_MAX];
    uint32_t n = core_named_snapshot(&reg_state, copy);
    for (uint32_t i = 0; i < n; i++)
        ((aclrtDeviceStateCallback)copy[i].fn)(deviceId, state, copy[i].args);
}

aclError aclrtSetDeviceTaskAbortCallback(const char *regName, aclrtDeviceTaskAbortCallback callback,
                                         void *args)
{
    return core_named_set(&reg_abort, regName, (void (*)(void))callback, args,
                          "aclrtSetDeviceTaskAbortCallback");
}

static aclError abort_fire(int32_t dev, aclrtDeviceTaskAbortStage stage, uint32_t timeout,
                           const char *fn)
{
    struct core_named_cb copy[CORE_NAMED_MAX];
    uint32_t n = core_named_snapshot(&reg_abort, copy);
    for (uint32_t i = 0; i < n; i++) {
        int32_t r = ((aclrtDeviceTaskAbortCallback)copy[i].fn)(dev, stage, timeout, copy[i].args);
        if (r)
            return core_err(ACL_ERROR_INTERNAL_ERROR,
                            "%s: abort callback \"%s\" returned %d at stage %d", fn, copy[i].name,
                            (int)r, (int)stage);
    }
    return ACL_SUCCESS;
}

#define ABORT_TIMEOUT_MAX_MS (36u * 60u * 1000u)

aclError aclrtDeviceTaskAbort(int32_t deviceId, uint32_t timeout)
{
    static const char fn[] = "aclrtDeviceTaskAbort";
    aclError rc = check_dev(deviceId, fn);
    if (rc)
        return rc;
    if (timeout > ABORT_TIMEOUT_MAX_MS)
        return core_err(ACL_ERROR_INVALID_PARAM, "%s: timeout %u ms above 36 minutes", fn, timeout);
    uint64_t deadline = timeout ? sched_now_ns() + (uint64_t)timeout * 1000000u : 0;
    rc = abort_fire(deviceId, ACL_RT_DEVICE_TASK_ABORT_PRE, timeout, fn);
    if (rc)
        return rc;
    /* Snapshot the device's user streams (default and explicit of every
     * context) under the lock; streams are type-stable (L1) and re-checked by
     * handle before each step. Capturing streams hold no queued work. */
    struct core_device *d = &g_rt.dev[deviceId];
    pthread_mutex_lock(&g_rt.lock);
    uint32_t n = 0;
    for (struct core_ctx *c = d->contexts; c; c = c->next)
        for (struct core_stream *s = c->default_stream; s;
             s = s == c->default_stream ? c->streams : s->next)
            n++;
    struct core_stream **v = n ? malloc(n * sizeof(*v)) : NULL;
    uint64_t *h = n ? malloc(n * sizeof(*h)) : NULL;
    if (n && (!v || !h)) {
        pthread_mutex_unlock(&g_rt.lock);
        free(v);
        free(h);
        return core_err(ACL_ERROR_BAD_ALLOC, "%s: out of memory", fn);
    }
    uint32_t k = 0;
    for (struct core_ctx *c = d->contexts; c; c = c->next)
        for (struct core_stream *s = c->default_stream; s;
             s = s == c->default_stream ? c->streams : s->next)
            if (!atomic_load_explicit(&s->cap, memory_order_relaxed)) { /* relaxed: A1 (lock) */
                v[k] = s;
                h[k++] = s->handle;
            }
    pthread_mutex_unlock(&g_rt.lock);
    /* Every stream drops its unstarted tasks at once (the protocol of
     * aclrtStreamAbort), then each is waited for. release: the worker that
     * sees the flag drops what it has not started. */
    for (uint32_t i = 0; i < k; i++)
        if (core_table_lookup(&g_rt.streams, (void *)(uintptr_t)h[i]) == v[i]) {
            atomic_store_explicit(&v[i]->s.discard, 1, memory_order_release);
            sched_worker_kick(v[i]->s.worker);
        }
    bool late = false;
    for (uint32_t i = 0; i < k; i++) {
        if (core_table_lookup(&g_rt.streams, (void *)(uintptr_t)h[i]) != v[i])
            continue; /* destroyed meanwhile: its destroy drained it */
        if (!late && core_stream_wait_serving(&v[i]->s, sched_stream_submitted(&v[i]->s), deadline))
            late = true;
    }
    for (uint32_t i = 0; i < k; i++)
        if (core_table_lookup(&g_rt.streams, (void *)(uintptr_t)h[i]) == v[i]) {
            /* release: tasks submitted from now on run again */
            atomic_store_explicit(&v[i]->s.discard, 0, memory_order_release);
            (void)sched_stream_take_error(&v[i]->s); /* the dropped work's failure goes too */
        }
    free(v);
    free(h);
    if (late)
        return core_err(ACL_ERROR_RT_STREAM_SYNC_TIMEOUT,
                        "%s: device %d still ran a task after %u ms", fn, deviceId, timeout);
    return abort_fire(deviceId, ACL_RT_DEVICE_TASK_ABORT_POST, timeout, fn);
}

/* ==== init / finalize callbacks ========================================== */

struct life_cb {
    aclRegisterCallbackType type;
    void *fn; /* aclInitCallbackFunc or aclFinalizeCallbackFunc */
    void *ud;
};
struct life_reg {
    struct life_cb *v;
    size_t n, cap;
};
static pthread_mutex_t life_lock = PTHREAD_MUTEX_INITIALIZER; /* leaf */
static struct life_reg life_init, life_fini;                  /* life_lock */
static char *life_cfg;                                        /* life_lock: aclInit's file text */
static size_t life_cfg_len;                                   /* life_lock */

static aclError life_add(struct life_reg *r, aclRegisterCallbackType type, void *fn, void *ud,
                         const char *api)
{
    if (!fn)
        return core_err(ACL_ERROR_INVALID_PARAM, "%s: cbFunc is NULL", api);
    for (size_t i = 0; i < r->n; i++)
        if (type != ACL_REG_TYPE_OTHER && r->v[i].type == type)
            return core_err(ACL_ERROR_INTERNAL_ERROR,
                            "%s: type %d has a callback already (only ACL_REG_TYPE_OTHER takes "
                            "several)",
                            api, (int)type);
    if (r->n == r->cap) {
        size_t cap = r->cap ? r->cap * 2 : 8;
        struct life_cb *nv = realloc(r->v, cap * sizeof(*nv));
        if (!nv)
            return core_err(ACL_ERROR_BAD_ALLOC, "%s: out of memory", api);
        r->v = nv;
        r->cap = cap;
    }
    r->v[r->n++] = (struct life_cb){type, fn, ud};
    return ACL_SUCCESS;
}

static aclError life_del(struct life_reg *r, aclRegisterCallbackType type, void *fn,
                         const char *api)
{
    if (!fn)
        return core_err(ACL_ERROR_INVALID_PARAM, "%s: cbFunc is NULL", api);
    for (size_t i = 0; i < r->n; i++)
        if (r->v[i].type == type && r->v[i].fn == fn) {
            memmove(&r->v[i], &r->v[i + 1], (r->n - i - 1) * sizeof(r->v[0]));
            r->n--;
            return ACL_SUCCESS;
        }
    return core_err(ACL_ERROR_INTERNAL_ERROR, "%s: no such callback of type %d", api, (int)type);
}

aclError aclInitCallbackRegister(aclRegisterCallbackType type, aclInitCallbackFunc cbFunc,
                                 void *userData)
{
    pthread_mutex_lock(&life_lock);
    aclError rc = life_add(&life_init, type, (void *)cbFunc, userData, "aclInitCallbackRegister");
    char *cfg = NULL;
    size_t len = 0;
    bool now = rc == ACL_SUCCESS && core_initialised();
    if (now && life_cfg_len) {
        cfg = malloc(life_cfg_len + 1);
        if (cfg) {
            memcpy(cfg, life_cfg, life_cfg_len + 1);
            len = life_cfg_len;
        }
    }
    pthread_mutex_unlock(&life_lock);
    if (now) /* registered after aclInit: called at once (its result is not the call's) */
        (void)cbFunc(cfg ? cfg : "", len, userData);
    free(cfg);
    return rc;
}

aclError aclInitCallbackUnRegister(aclRegisterCallbackType type, aclInitCallbackFunc cbFunc)
{
    pthread_mutex_lock(&life_lock);
    aclError rc = life_del(&life_init, type, (void *)cbFunc, "aclInitCallbackUnRegister");
    pthread_mutex_unlock(&life_lock);
    return rc;
}

aclError aclFinalizeCallbackRegister(aclRegisterCallbackType type, aclFinalizeCallbackFunc cbFunc,
                                     void *userData)
{
    pthread_mutex_lock(&life_lock);
    aclError rc =
        life_add(&life_fini, type, (void *)cbFunc, userData, "aclFinalizeCallbackRegister");
    pthread_mutex_unlock(&life_lock);
    return rc;
}

aclError aclFinalizeCallbackUnRegister(aclRegisterCallbackType type, aclFinalizeCallbackFunc cbFunc)
{
    pthread_mutex_lock(&life_lock);
    aclError rc = life_del(&life_fini, type, (void *)cbFunc, "aclFinalizeCallbackUnRegister");
    pthread_mutex_unlock(&life_lock);
    return rc;
}

/* Run the callbacks of one type in registration order, outside life_lock (DI1);
 * stops at the first error. */
static aclError life_notify(struct life_reg *r, aclRegisterCallbackType type, bool init,
                            const char *cfg, size_t len, const char *api)
{
    pthread_mutex_lock(&life_lock);
    size_t n = 0;
    for (size_t i = 0; i < r->n; i++)
        n += r->v[i].type == type;
    struct life_cb *copy = n ? malloc(n * sizeof(*copy)) : NULL;
    size_t k = 0;
    for (size_t i = 0; copy && i < r->n; i++)
        if (r->v[i].type == type)
            copy[k++] = r->v[i];
    pthread_mutex_unlock(&life_lock);
    if (n && !copy)
        return core_err(ACL_ERROR_BAD_ALLOC, "%s: out of memory", api);
    aclError rc = ACL_SUCCESS;
    for (size_t i = 0; i < k && !rc; i++) {
        rc = init ? ((aclInitCallbackFunc)copy[i].fn)(cfg, len, copy[i].ud)
                  : ((aclFinalizeCallbackFunc)copy[i].fn)(copy[i].ud);
        if (rc)
            rc = core_err(rc, "%s: the %s callback of type %d failed with %d", api,
                          init ? "init" : "finalize", (int)type, (int)rc);
    }
    free(copy);
    return rc;
}

aclError core_devinfo_after_init(const char *configPath)
{
    char *text = NULL;
    size_t len = 0;
    if (configPath && configPath[0]) { /* aclInit read it already: it exists */
        FILE *f = fopen(configPath, "rb");
        if (f) {
            if (fseek(f, 0, SEEK_END) == 0) {
                long sz = ftell(f);
                if (sz >= 0 && fseek(f, 0, SEEK_SET) == 0 && (text = malloc((size_t)sz + 1))) {
                    len = fread(text, 1, (size_t)sz, f);
                    text[len] = 0;
                }
            }
            fclose(f);
        }
    }
    pthread_mutex_lock(&life_lock);
    free(life_cfg);
    life_cfg = text;
    life_cfg_len = len;
    pthread_mutex_unlock(&life_lock);
    static const char api[] = "aclInit";
    const char *cfg = text ? text : "";
    /* The reference's order; the operator executor's only with a configuration file. */
    aclError rc = life_notify(&life_init, ACL_REG_TYPE_ACL_MODEL, true, cfg, len, api);
    if (!rc && configPath && configPath[0])
        rc = life_notify(&life_init, ACL_REG_TYPE_ACL_OP_EXECUTOR, true, cfg, len, api);
    if (!rc)
        rc = life_notify(&life_init, ACL_REG_TYPE_ACL_DVPP, true, cfg, len, api);
    if (!rc)
        rc = life_notify(&life_init, ACL_REG_TYPE_OTHER, true, cfg, len, api);
    return rc;
}

aclError core_devinfo_before_finalize(void)
{
    static const char api[] = "aclFinalize";
    aclError rc = life_notify(&life_fini, ACL_REG_TYPE_ACL_OP_COMPILER, false, NULL, 0, api);
    if (!rc)
        rc = life_notify(&life_fini, ACL_REG_TYPE_ACL_MODEL, false, NULL, 0, api);
    if (!rc)
        rc = life_notify(&life_fini, ACL_REG_TYPE_ACL_DVPP, false, NULL, 0, api);
    if (!rc)
        rc = life_notify(&life_fini, ACL_REG_TYPE_OTHER, false, NULL, 0, api);
    return rc;
}

/* ==== model destroy callbacks ============================================ */

struct mdl_cb {
    uint64_t model; /* handle (DI3) */
    aclrtCallback fn;
    void *ud;
};
static pthread_mutex_t mdl_lock = PTHREAD_MUTEX_INITIALIZER; /* leaf */
static struct mdl_cb *mdl_cbs;                               /* mdl_lock */
static size_t nmdl, capmdl;                                  /* mdl_lock */

static aclError mdl_check(aclmdlRI modelRI, aclrtCallback func, const char *fn)
{
    CORE_REQUIRE_INIT_AS(fn);
    if (!modelRI || !func)
        return core_err(ACL_ERROR_INVALID_PARAM, "%s: modelRI or func is NULL", fn);
    if (!core_table_lookup(&g_rt.models, modelRI))
        return core_err(ACL_ERROR_RT_INVALID_HANDLE, "%s: %p is not a live model", fn, modelRI);
    return ACL_SUCCESS;
}

aclError aclmdlRIDestroyRegisterCallback(aclmdlRI modelRI, aclrtCallback func, void *userData)
{
    static const char fn[] = "aclmdlRIDestroyRegisterCallback";
    aclError rc = mdl_check(modelRI, func, fn);
    if (rc)
        return rc;
    uint64_t h = (uint64_t)(uintptr_t)modelRI;
    pthread_mutex_lock(&mdl_lock);
    for (size_t i = 0; i < nmdl;) {
        if (mdl_cbs[i].model == h && mdl_cbs[i].fn == func) {
            rc = core_err(ACL_ERROR_INVALID_PARAM, "%s: func is registered for this model already",
                          fn);
            break;
        }
        if (!core_table_lookup(&g_rt.models, (void *)(uintptr_t)mdl_cbs[i].model)) {
            memmove(&mdl_cbs[i], &mdl_cbs[i + 1], (nmdl - i - 1) * sizeof(mdl_cbs[0]));
            nmdl--; /* a model that died another way (its context went): DI3 */
        } else {
            i++;
        }
    }
    if (!rc && nmdl == capmdl) {
        size_t cap = capmdl ? capmdl * 2 : 16;
        struct mdl_cb *n = realloc(mdl_cbs, cap * sizeof(*n));
        if (n) {
            mdl_cbs = n;
            capmdl = cap;
        } else {
            rc = core_err(ACL_ERROR_BAD_ALLOC, "%s: out of memory", fn);
        }
    }
    if (!rc)
        mdl_cbs[nmdl++] = (struct mdl_cb){h, func, userData};
    pthread_mutex_unlock(&mdl_lock);
    return rc;
}

aclError aclmdlRIDestroyUnregisterCallback(aclmdlRI modelRI, aclrtCallback func)
{
    static const char fn[] = "aclmdlRIDestroyUnregisterCallback";
    aclError rc = mdl_check(modelRI, func, fn);
    if (rc)
        return rc;
    uint64_t h = (uint64_t)(uintptr_t)modelRI;
    pthread_mutex_lock(&mdl_lock);
    size_t i = 0;
    while (i < nmdl && !(mdl_cbs[i].model == h && mdl_cbs[i].fn == func))
        i++;
    if (i < nmdl) {
        memmove(&mdl_cbs[i], &mdl_cbs[i + 1], (nmdl - i - 1) * sizeof(mdl_cbs[0]));
        nmdl--;
    } else {
        rc = core_err(ACL_ERROR_INVALID_PARAM, "%s: func is not registered for this model", fn);
    }
    pthread_mutex_unlock(&mdl_lock);
    return rc;
}

void core_mdl_destroy_fire(aclmdlRI modelRI)
{
    uint64_t h = (uint64_t)(uintptr_t)modelRI;
    struct mdl_cb *run = NULL;
    size_t nrun = 0;
    pthread_mutex_lock(&mdl_lock);
    for (size_t i = 0; i < nmdl; i++)
        nrun += mdl_cbs[i].model == h;
    if (nrun)
        run = malloc(nrun * sizeof(*run));
    size_t k = 0, w = 0;
    for (size_t i = 0; i < nmdl; i++) {
        if (mdl_cbs[i].model == h) {
            if (run)
                run[k++] = mdl_cbs[i];
        } else {
            mdl_cbs[w++] = mdl_cbs[i];
        }
    }
    nmdl = w;
    pthread_mutex_unlock(&mdl_lock);
    for (size_t i = 0; i < k; i++) /* DI1: outside the lock, in registration order */
        run[i].fn(run[i].ud);
    free(run);
}

void core_devinfo_after_finalize(void)
{
    pthread_mutex_lock(&mdl_lock);
    free(mdl_cbs);
    mdl_cbs = NULL;
    nmdl = capmdl = 0;
    pthread_mutex_unlock(&mdl_lock);
    pthread_mutex_lock(&ctxopt_lock);
    free(ctxopts);
    ctxopts = NULL;
    nctxopts = capctxopts = 0;
    pthread_mutex_unlock(&ctxopt_lock);
    pthread_mutex_lock(&life_lock);
    free(life_cfg);
    life_cfg = NULL;
    life_cfg_len = 0;
    pthread_mutex_unlock(&life_lock);
}
