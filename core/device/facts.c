/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Device facts (issue 15, rt5): the SoC's platform description, device
 * identity (PCI bus ids, UUIDs, id mappings), primary context and peer state,
 * topology, atomic capabilities, utilization, memory usage and UCE, and
 * compute groups. Behaviour and codes per call: docs/device.md. The entry
 * points are core/api/facts.c; they check the arguments and call these.
 *
 * The devices are sets of host worker threads sharing the host's memory
 * (core/device/device.c), presenting an Ascend910B3 (core_soc_name, aclrtGetSocName). Facts of the
 * SoC come from that chip's platform description; facts the host decides
 * (memory size, cache size, NUMA placement) come from the host.
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
#include "core/device/device.h"
#include "core/device/errors.h"
#include "core/device/facts.h"
#include "core/err.h"
#include "core/runtime/config.h"
#include "core/runtime/hash.h"
#include "core/runtime/runtime.h"
#include "mem/devmem.h"
#include "sched/clock.h"
#include "sched/sched.h"
#include "sched/worker.h"

/* ==== SoC facts ========================================================== */

/* Ascend910B3, the SoC cpuacl presents: core counts live in core/device/errors.c
 * (core_res_default); the per-core sizes and versions are these. */
#define SOC_UB_SIZE 196608u
#define SOC_L0A_SIZE 65536u
#define SOC_L0B_SIZE 65536u
#define SOC_L0C_SIZE 131072u
#define SOC_L1_SIZE 524288u
#define SOC_BT_SIZE 1024u
#define SOC_CUBE_FREQ_MHZ 1800u
#define SOC_AIC_VERSION "AIC-C-220"

const char *core_soc_name(void)
{
    const char *s = getenv("CPUACL_SOC_NAME");
    return s && *s ? s : "Ascend910B3";
}

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

int32_t core_soc_arch(const char *name)
{
    for (size_t i = 0; i < sizeof(soc_archs) / sizeof(soc_archs[0]); i++)
        if (strcmp(soc_archs[i].name, name) == 0)
            return soc_archs[i].arch;
    return -1;
}

long core_host_llc(void)
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

aclError core_platform_info(aclplatformDevInfo infoType, char *value, uint32_t maxLen,
                            const char *fn)
{
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
        v = (unsigned long long)core_host_llc();
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
        return copy_str(core_soc_name(), value, maxLen, fn);
    case ACL_PLATFORM_AIC_VERSION:
        return copy_str(SOC_AIC_VERSION, value, maxLen, fn);
    case ACL_PLATFORM_NPU_ARCH: {
        int32_t a = core_soc_arch(core_soc_name());
        if (a < 0)
            return core_err(ACL_ERROR_INVALID_PARAM, "%s: SoC \"%s\" has no known NPU arch", fn,
                            core_soc_name());
        v = (unsigned long long)a;
        break;
    }
    default: /* VEC_FREQ, MEMORY_TYPE: the Ascend910B3 description has no value */
        return core_err(ACL_ERROR_INVALID_PARAM, "%s: info type %d has no value on %s", fn,
                        (int)infoType, core_soc_name());
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

aclError core_platform_instruction(aclplatformCoreType type, const char *instruction, char *value,
                                   uint32_t maxLen, const char *fn)
{
    if (type == ACL_PLATFORM_CORE_TYPE_AI_CORE && strcmp(instruction, cube_mmad.name) == 0)
        return copy_str(cube_mmad.dtypes, value, maxLen, fn);
    for (size_t i = 0; i < sizeof(intrinsics) / sizeof(intrinsics[0]); i++)
        if (strcmp(intrinsics[i].name, instruction) == 0)
            return copy_str(intrinsics[i].dtypes, value, maxLen, fn);
    return core_err(ACL_ERROR_INVALID_PARAM, "%s: instruction \"%s\" is not known for core type %d",
                    fn, instruction, (int)type);
}

aclError core_device_info(aclDeviceInfo deviceInfo, int64_t *value, const char *fn)
{
    switch ((int)deviceInfo) {
    case ACL_DEVICE_INFO_AI_CORE_NUM:
        *value = core_res_default(ACL_RT_DEV_RES_CUBE_CORE);
        break;
    case ACL_DEVICE_INFO_VECTOR_CORE_NUM:
        *value = core_res_default(ACL_RT_DEV_RES_VECTOR_CORE);
        break;
    case ACL_DEVICE_INFO_L2_SIZE:
        *value = core_host_llc();
        break;
    default:
        return core_err(ACL_ERROR_INVALID_PARAM, "%s: unknown device info %d", fn, (int)deviceInfo);
    }
    return ACL_SUCCESS;
}

aclError core_device_feature(aclrtDevFeatureType devFeatureType, int32_t *value, const char *fn)
{
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

void core_device_pci_bus_id(int32_t deviceId, char *pciBusId, int32_t len)
{
    snprintf(pciBusId, (size_t)len, "%04x:%02x:00.0", PCI_DOMAIN,
             PCI_BUS_BASE + (unsigned)deviceId);
}

aclError core_device_by_pci_bus_id(const char *pciBusId, int32_t *deviceId, const char *fn)
{
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

void core_device_uuid(int32_t deviceId, aclrtUuid *uuid)
{
    /* Stable per host and device: the machine id, "cpuacl" and the device id. */
    char mid[64] = "";
    FILE *f = fopen("/etc/machine-id", "r");
    if (f) {
        if (!fgets(mid, sizeof(mid), f))
            mid[0] = 0;
        fclose(f);
    }
    uint64_t h1 = core_fnv1a(CORE_FNV1A_BASIS, mid, strlen(mid));
    h1 = core_fnv1a(h1, "cpuacl", 6);
    h1 = core_fnv1a(h1, &deviceId, sizeof(deviceId));
    uint64_t h2 = core_fnv1a(h1 ^ 0x9e3779b97f4a7c15ULL, &deviceId, sizeof(deviceId));
    memcpy(uuid->bytes, &h1, 8);
    memcpy(uuid->bytes + 8, &h2, 8);
    uuid->bytes[6] = (char)((uuid->bytes[6] & 0x0f) | 0x80); /* RFC 9562 version 8 (custom) */
    uuid->bytes[8] = (char)((uuid->bytes[8] & 0x3f) | 0x80); /* variant 10 */
}

/* ==== device state ======================================================= */

bool core_device_primary_active(int32_t deviceId)
{
    pthread_mutex_lock(&g_rt.lock);
    bool active = core_devices[deviceId].default_ctx != NULL;
    pthread_mutex_unlock(&g_rt.lock);
    return active;
}

aclError core_device_peer_status(int32_t deviceId, int32_t peerDeviceId, int32_t *status,
                                 const char *fn)
{
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

aclError core_devices_topo(uint32_t deviceId, uint32_t otherDeviceId, uint64_t *value,
                           const char *fn)
{
    uint32_t n = g_rt.cfg.device_count;
    if (deviceId >= n || otherDeviceId >= n)
        return core_err(ACL_ERROR_RT_INVALID_DEVICEID, "%s: devices %u and %u (%u devices)", fn,
                        deviceId, otherDeviceId, n);
    if (deviceId == otherDeviceId)
        return core_err(ACL_ERROR_INVALID_PARAM, "%s: a device has no link to itself", fn);
    /* Where a device's first worker runs (core_device_worker_cpu): devices whose cores
     * share a NUMA node share its memory controller, coherently (HCCS); otherwise their
     * memory meets across the SMP interconnect (SYS). */
    int a = cpu_node((uint32_t)core_device_worker_cpu(deviceId, 0));
    int b = cpu_node((uint32_t)core_device_worker_cpu(otherDeviceId, 0));
    *value = a == b ? ACL_RT_DEVS_TOPOLOGY_HCCS : ACL_RT_DEVS_TOPOLOGY_SYS;
    return ACL_SUCCESS;
}

void core_stream_priority_range(int32_t *leastPriority, int32_t *greatestPriority)
{
    *leastPriority = 7; /* the reference's range: 0 (highest) .. 7 (lowest) */
    *greatestPriority = 0;
}

void core_device_l2_flush(void)
{
    /* The host's caches are coherent: nothing is left to write back. A full
     * fence orders this thread's earlier stores before its later ones. */
    atomic_thread_fence(memory_order_seq_cst); /* seq_cst: the flush's ordering promise */
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

aclError core_atomic_caps(uint32_t *caps, const aclrtAtomicOperation *ops, uint32_t count,
                          const char *fn)
{
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

void core_device_facts_started(struct core_device *d)
{
    uint64_t now = sched_now_ns();
    uint64_t busy = device_busy_ns(d, d->nworkers, now);
    pthread_mutex_lock(&util_lock);
    util_last[d->id] = (struct util_sample){now, busy};
    pthread_mutex_unlock(&util_lock);
}

void core_device_utilization(int32_t deviceId, aclrtUtilizationInfo *utilizationInfo)
{
    struct core_device *d = &core_devices[deviceId];
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
}

/* ---- memory usage and UCE ----------------------------------------------- */

void core_device_mem_usage(int32_t deviceId, aclrtMemUsageInfo *memUsageInfo, size_t *outputNum)
{
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
}

/* ==== groups ============================================================= */

/* One group per device: all of it (group id 0). */
struct tagRtGroupInfo {
    int32_t id;
    int32_t aicore, aiv, aic, sdma, asq;
};
#define GROUP_COUNT CORE_GROUP_COUNT

aclrtGroupInfo *core_group_info_new(const char *fn)
{
    return core_zalloc(GROUP_COUNT * sizeof(struct tagRtGroupInfo), fn);
}

void core_group_info_free(aclrtGroupInfo *groupInfo)
{
    free(groupInfo);
}

void core_group_info_fill(aclrtGroupInfo *groupInfo)
{
    groupInfo[0] = (struct tagRtGroupInfo){
        .id = 0,
        .aicore = (int32_t)core_res_default(ACL_RT_DEV_RES_CUBE_CORE),
        .aiv = (int32_t)core_res_default(ACL_RT_DEV_RES_VECTOR_CORE),
        .aic = (int32_t)core_res_default(ACL_RT_DEV_RES_CUBE_CORE),
        .sdma = (int32_t)g_rt.cfg.workers,           /* copies run on the workers */
        .asq = (int32_t)CORE_MAX_STREAMS_PER_DEVICE, /* task queues: the stream limit */
    };
}

aclError core_group_attr(const aclrtGroupInfo *groupInfo, int32_t groupIndex, aclrtGroupAttr attr,
                         int32_t *value, const char *fn)
{
    const struct tagRtGroupInfo *g = &groupInfo[groupIndex];
    switch ((int)attr) {
    case ACL_GROUP_AICORE_INT:
        *value = g->aicore;
        break;
    case ACL_GROUP_AIV_INT:
        *value = g->aiv;
        break;
    case ACL_GROUP_AIC_INT:
        *value = g->aic;
        break;
    case ACL_GROUP_SDMANUM_INT:
        *value = g->sdma;
        break;
    case ACL_GROUP_ASQNUM_INT:
        *value = g->asq;
        break;
    case ACL_GROUP_GROUPID_INT:
        *value = g->id;
        break;
    default:
        return core_err(ACL_ERROR_INVALID_PARAM, "%s: unknown attribute %d", fn, (int)attr);
    }
    return ACL_SUCCESS;
}
