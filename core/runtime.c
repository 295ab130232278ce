/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Runtime lifetime (aclInit / aclFinalize), version queries, handle tables,
 * RCU thread registration, and the small acl_base utilities (data buffers,
 * float16, type sizes).
 */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/core.h"
#include "core/obs.h"
#include "core/report.h"
#include "core/rt_devinfo.h"
#include "core/trace.h"
#include "cpuacl/cpuacl.h"
#include "mem/mem.h"
#include "sched/sched.h"
#include "sched/worker.h"

struct core_runtime g_rt = {.lock = PTHREAD_MUTEX_INITIALIZER};

/* A finalize in progress (it drops g_rt.lock while streams drain): aclInit and
 * a second aclFinalize wait on g_fin_cv until it is over (T3). g_rt.lock. */
static bool g_finalizing;
static pthread_cond_t g_fin_cv = PTHREAD_COND_INITIALIZER;

aclError core_lock_live(const char *fn)
{
    pthread_mutex_lock(&g_rt.lock);
    /* relaxed: written under the lock we hold. */
    if (__builtin_expect(atomic_load_explicit(&g_rt.initialised, memory_order_relaxed), 1))
        return ACL_SUCCESS;
    pthread_mutex_unlock(&g_rt.lock);
    return core_err(ACL_ERROR_UNINITIALIZE, "%s: the runtime is not initialised (aclInit), or "
                    "aclFinalize is under way", fn);
}

/* ---- RCU thread registration ------------------------------------------ */

static pthread_key_t g_rcu_key;
static pthread_once_t g_rcu_once = PTHREAD_ONCE_INIT;
static __thread bool t_rcu_online;

static void rcu_thread_exit(void *arg)
{
    (void)arg;
    if (t_rcu_online) {
        urcu_memb_unregister_thread();
        t_rcu_online = false;
    }
}

static void rcu_key_init(void)
{
    pthread_key_create(&g_rcu_key, rcu_thread_exit);
}

void core_rcu_thread_online(void)
{
    if (__builtin_expect(t_rcu_online, 1))
        return;
    pthread_once(&g_rcu_once, rcu_key_init);
    urcu_memb_register_thread();
    t_rcu_online = true;
    /* The destructor runs at thread exit only for a non-NULL value. */
    pthread_setspecific(g_rcu_key, (void *)1);
}

/* ---- handle tables ------------------------------------------------------ */

uint64_t core_table_insert(struct core_table *t, void *obj)
{
    uint32_t idx;
    if (t->nfree) {
        idx = t->free[--t->nfree];
    } else {
        if (t->nslots == CORE_TABLE_CHUNK * CORE_TABLE_CHUNKS)
            return 0;
        idx = t->nslots;
        uint32_t ci = idx / CORE_TABLE_CHUNK;
        /* relaxed: chunks are installed only here, under g_rt.lock. */
        if (!atomic_load_explicit(&t->chunks[ci], memory_order_relaxed)) {
            struct core_slot *c = calloc(CORE_TABLE_CHUNK, sizeof(*c));
            if (!c)
                return 0;
            /* release: lookups that find the chunk see it zeroed. */
            atomic_store_explicit(&t->chunks[ci], c, memory_order_release);
        }
        t->nslots++;
    }
    struct core_slot *s = &t->chunks[idx / CORE_TABLE_CHUNK][idx % CORE_TABLE_CHUNK];
    uint32_t gen = atomic_load_explicit(&s->gen, memory_order_relaxed); /* relaxed: lock held */
    /* release: publishes the initialised object to lock-free lookups. */
    atomic_store_explicit(&s->obj, obj, memory_order_release);
    return ((uint64_t)t->tag << 56) | ((uint64_t)gen << 24) | (idx + 1);
}

void core_table_remove(struct core_table *t, uint64_t h)
{
    uint32_t idx = (uint32_t)(h & 0xFFFFFF) - 1;
    struct core_slot *s = &t->chunks[idx / CORE_TABLE_CHUNK][idx % CORE_TABLE_CHUNK];
    /* relaxed: lookups check obj first; a lookup that still sees the old obj
     * with the old gen raced with destroy, which L1/L2 make memory-safe. */
    atomic_store_explicit(&s->gen, (uint32_t)(h >> 24) + 1, memory_order_relaxed);
    /* release: a slot reused later is seen empty before its new object. */
    atomic_store_explicit(&s->obj, NULL, memory_order_release);
    if (t->nfree == t->capfree) {
        uint32_t cap = t->capfree ? t->capfree * 2 : 256;
        uint32_t *n = realloc(t->free, cap * sizeof(*n));
        if (!n)
            return; /* the slot leaks; the table stays correct */
        t->free = n;
        t->capfree = cap;
    }
    t->free[t->nfree++] = idx;
}

/* ---- worker hooks ------------------------------------------------------- */

static void worker_started(void)
{
    core_rcu_thread_online(); /* workers call call_rcu when they drop events */
}

static void worker_stopping(void)
{
    rcu_thread_exit(NULL);
}

/* ---- init / finalize ---------------------------------------------------- */

static void finalize_locked(void);

aclError aclInit(const char *configPath)
{
    pthread_mutex_lock(&g_rt.lock);
    while (g_finalizing)
        pthread_cond_wait(&g_fin_cv, &g_rt.lock);
    if (g_rt.init_count) {
        g_rt.init_count++;
        pthread_mutex_unlock(&g_rt.lock);
        return core_err(ACL_ERROR_REPEAT_INITIALIZE,
                        "aclInit: already initialised (reference count now %u)", g_rt.init_count);
    }
    struct core_config cfg;
    aclError rc = core_config_load(&cfg, configPath);
    if (rc == ACL_SUCCESS) /* the "dump" section: as aclmdlSetDump (core/dump.c) */
        rc = core_dump_from_init(configPath);
    if (rc) {
        pthread_mutex_unlock(&g_rt.lock);
        return rc;
    }
    struct sched_config sc = {.spin_ns = cfg.spin_ns,
                              .ring_slots = cfg.ring_slots,
                              .pin_workers = cfg.pin_workers,
                              .trace_events = cfg.trace_events};
    sched_init(&sc);
    sched_worker_hooks(worker_started, worker_stopping, core_stream_released);
    if (mem_init()) {
        pthread_mutex_unlock(&g_rt.lock);
        return core_err(ACL_ERROR_RT_MEMORY_ALLOCATION, "aclInit: cannot set up the memory layer");
    }
    g_rt.cfg = cfg;
    g_rt.ctxs.tag = CORE_H_CONTEXT;
    g_rt.streams.tag = CORE_H_STREAM;
    g_rt.events.tag = CORE_H_EVENT;
    g_rt.models.tag = CORE_H_MODEL;
    g_rt.taskgrps.tag = CORE_H_TASKGRP;
    for (uint32_t i = 0; i < CORE_MAX_DEVICES; i++) {
        struct core_device *d = &g_rt.dev[i];
        d->id = (int32_t)i;
        d->worker_base = i * CORE_MAX_WORKERS_PER_DEVICE;
    }
    g_rt.init_count = 1;
    /* release: entry points that see initialised also see the config. */
    atomic_store_explicit(&g_rt.initialised, true, memory_order_release);
    pthread_mutex_unlock(&g_rt.lock);
    /* Init callbacks (aclInitCallbackRegister), outside the lock; a failing
     * one fails aclInit, which then leaves nothing initialised. */
    rc = core_devinfo_after_init(configPath);
    if (rc) {
        pthread_mutex_lock(&g_rt.lock);
        if (g_rt.init_count && !g_finalizing)
            finalize_locked();
        pthread_mutex_unlock(&g_rt.lock);
    }
    return rc;
}



static void finalize_locked(void)
{
    /* T3: dead first, so nothing is created while the lock is dropped below;
     * release: pairs with the acquire in core_initialised. */
    g_finalizing = true;
    atomic_store_explicit(&g_rt.initialised, false, memory_order_release);
    /* T4: report queues close (blocked callbacks are released unrun, waiters
     * in aclrtProcessReport wake) before streams drain. */
    core_report_close_all();
    for (uint32_t i = 0; i < CORE_MAX_DEVICES; i++)
        core_device_teardown_locked(&g_rt.dev[i]);
    core_hostpool_fini(); /* every stream drained: no host function in flight */
    if (g_rt.cfg.trace_file[0])
        core_trace_write(g_rt.cfg.trace_file); /* workers stopped: buffers are final */
    core_report_fini_all();
    core_dump_fini(); /* aclInit's dump configuration ends with it */
    core_devinfo_after_finalize(); /* model-destroy callbacks, kept configuration */
    mem_fini();
    g_rt.init_count = 0;
    /* Let pending call_rcu frees run before the process may exit. */
    urcu_memb_barrier();
    g_finalizing = false;
    pthread_cond_broadcast(&g_fin_cv);
}

aclError aclFinalize(void)
{
    /* Finalize callbacks (aclFinalizeCallbackRegister) first, outside the lock;
     * a failing one stops the finalize, as on the reference. */
    if (core_initialised()) {
        aclError frc = core_devinfo_before_finalize();
        if (frc)
            return frc;
    }
    pthread_mutex_lock(&g_rt.lock);
    while (g_finalizing)
        pthread_cond_wait(&g_fin_cv, &g_rt.lock);
    if (!g_rt.init_count) {
        pthread_mutex_unlock(&g_rt.lock);
        return core_err(ACL_ERROR_REPEAT_FINALIZE, "aclFinalize: not initialised");
    }
    finalize_locked();
    pthread_mutex_unlock(&g_rt.lock);
    core_ss_flush(); /* DESTROY_PRE of the default streams that went (stream_attr.c) */
    return ACL_SUCCESS;
}

aclError aclFinalizeReference(uint64_t *refCount)
{
    pthread_mutex_lock(&g_rt.lock);
    bool last = g_rt.init_count == 1 && !g_finalizing;
    pthread_mutex_unlock(&g_rt.lock);
    if (last) { /* this call will finalize: its callbacks first, as aclFinalize */
        aclError frc = core_devinfo_before_finalize();
        if (frc)
            return frc;
    }
    pthread_mutex_lock(&g_rt.lock);
    while (g_finalizing)
        pthread_cond_wait(&g_fin_cv, &g_rt.lock);
    if (!g_rt.init_count) {
        pthread_mutex_unlock(&g_rt.lock);
        if (refCount)
            *refCount = 0;
        return core_err(ACL_ERROR_REPEAT_FINALIZE, "aclFinalizeReference: not initialised");
    }
    if (--g_rt.init_count == 0) {
        g_rt.init_count = 1; /* finalize_locked resets it */
        finalize_locked();
    }
    if (refCount)
        *refCount = g_rt.init_count;
    pthread_mutex_unlock(&g_rt.lock);
    return ACL_SUCCESS;
}

/* ---- versions and system queries --------------------------------------- */

aclError aclrtGetVersion(int32_t *majorVersion, int32_t *minorVersion, int32_t *patchVersion)
{
    if (!majorVersion || !minorVersion || !patchVersion)
        return core_err(ACL_ERROR_INVALID_PARAM, "aclrtGetVersion: NULL output pointer");
    *majorVersion = ACL_MAJOR_VERSION;
    *minorVersion = ACL_MINOR_VERSION;
    *patchVersion = ACL_PATCH_VERSION;
    return ACL_SUCCESS;
}

#define STR2(x) #x
#define STR(x) STR2(x)
#define CORE_VERSION_STR STR(ACL_MAJOR_VERSION) "." STR(ACL_MINOR_VERSION) "." STR(ACL_PATCH_VERSION)

aclError aclsysGetVersionStr(char *pkgName, char *versionStr)
{
    if (!pkgName || !versionStr)
        return core_err(ACL_ERROR_INVALID_PARAM, "aclsysGetVersionStr: NULL argument");
    snprintf(versionStr, ACL_PKG_VERSION_MAX_SIZE, "%s (cpuacl %d.%d.%d)", CORE_VERSION_STR,
             CPUACL_VERSION_MAJOR, CPUACL_VERSION_MINOR, CPUACL_VERSION_PATCH);
    return ACL_SUCCESS;
}

aclError aclsysGetVersionNum(char *pkgName, int32_t *versionNum)
{
    if (!pkgName || !versionNum)
        return core_err(ACL_ERROR_INVALID_PARAM, "aclsysGetVersionNum: NULL argument");
    *versionNum = ACL_MAJOR_VERSION * 10000 + ACL_MINOR_VERSION * 100 + ACL_PATCH_VERSION;
    return ACL_SUCCESS;
}

aclError aclrtGetRunMode(aclrtRunMode *runMode)
{
    if (!runMode)
        return core_err(ACL_ERROR_INVALID_PARAM, "aclrtGetRunMode: runMode is NULL");
    *runMode = ACL_HOST; /* the program runs on the host CPU, as with a PCIe card */
    return ACL_SUCCESS;
}

const char *aclrtGetSocName(void)
{
    const char *s = getenv("CPUACL_SOC_NAME");
    return s && *s ? s : "Ascend910B3";
}

/* ---- acl_base utilities ------------------------------------------------- */

struct aclDataBuffer {
    void *data;
    size_t size;
};

aclDataBuffer *aclCreateDataBuffer(void *data, size_t size)
{
    aclDataBuffer *b = malloc(sizeof(*b));
    if (!b) {
        core_err(ACL_ERROR_BAD_ALLOC, "aclCreateDataBuffer: out of memory");
        return NULL;
    }
    b->data = data;
    b->size = size;
    return b;
}

aclError aclDestroyDataBuffer(const aclDataBuffer *dataBuffer)
{
    if (!dataBuffer)
        return core_err(ACL_ERROR_INVALID_PARAM, "aclDestroyDataBuffer: NULL buffer");
    free((void *)dataBuffer);
    return ACL_SUCCESS;
}

aclError aclUpdateDataBuffer(aclDataBuffer *dataBuffer, void *data, size_t size)
{
    if (!dataBuffer)
        return core_err(ACL_ERROR_INVALID_PARAM, "aclUpdateDataBuffer: NULL buffer");
    dataBuffer->data = data;
    dataBuffer->size = size;
    return ACL_SUCCESS;
}

void *aclGetDataBufferAddr(const aclDataBuffer *dataBuffer)
{
    return dataBuffer ? dataBuffer->data : NULL;
}

uint32_t aclGetDataBufferSize(const aclDataBuffer *dataBuffer)
{
    return dataBuffer ? (uint32_t)dataBuffer->size : 0;
}

size_t aclGetDataBufferSizeV2(const aclDataBuffer *dataBuffer)
{
    return dataBuffer ? dataBuffer->size : 0;
}

size_t aclDataTypeSize(aclDataType dataType)
{
    switch ((int)dataType) {
    case ACL_BOOL: case ACL_INT8: case ACL_UINT8: case ACL_HIFLOAT8:
    case ACL_FLOAT8_E5M2: case ACL_FLOAT8_E4M3FN: case ACL_FLOAT8_E8M0:
        return 1;
    case ACL_FLOAT16: case ACL_BF16: case ACL_INT16: case ACL_UINT16:
        return 2;
    case ACL_FLOAT: case ACL_INT32: case ACL_UINT32: case ACL_COMPLEX32:
        return 4;
    case ACL_INT64: case ACL_UINT64: case ACL_DOUBLE: case ACL_COMPLEX64:
        return 8;
    case ACL_COMPLEX128:
        return 16;
    default: /* STRING, sub-byte types, undefined */
        return 0;
    }
}

float aclFloat16ToFloat(aclFloat16 value)
{
    uint32_t sign = (uint32_t)(value & 0x8000u) << 16;
    uint32_t exp = (value >> 10) & 0x1Fu, man = value & 0x3FFu, bits;
    if (exp == 0x1F) {
        bits = sign | 0x7F800000u | (man << 13); /* inf / nan */
    } else if (exp) {
        bits = sign | ((exp + 112u) << 23) | (man << 13);
    } else if (man) { /* subnormal: value = man * 2^-24 */
        float f = ldexpf((float)man, -24);
        return sign ? -f : f;
    } else {
        bits = sign;
    }
    float f;
    memcpy(&f, &bits, sizeof(f));
    return f;
}

aclFloat16 aclFloatToFloat16(float value)
{
    uint32_t x;
    memcpy(&x, &value, sizeof(x));
    uint16_t sign = (uint16_t)((x >> 16) & 0x8000u);
    uint32_t exp = (x >> 23) & 0xFFu, man = x & 0x7FFFFFu;
    if (exp == 0xFF) /* inf, or nan kept quiet */
        return (aclFloat16)(sign | 0x7C00u | (man ? 0x200u | (man >> 13) : 0));
    int32_t e = (int32_t)exp - 127 + 15;
    if (e >= 0x1F)
        return (aclFloat16)(sign | 0x7C00u); /* overflow to inf */
    if (e <= 0) {
        if (e < -10)
            return sign; /* underflow to zero */
        /* subnormal: shift the full mantissa, round to nearest even */
        man |= 0x800000u;
        uint32_t shift = (uint32_t)(14 - e);
        uint32_t half = 1u << (shift - 1), rest = man & ((1u << shift) - 1);
        uint32_t r = man >> shift;
        if (rest > half || (rest == half && (r & 1)))
            r++;
        return (aclFloat16)(sign | r);
    }
    uint32_t r = ((uint32_t)e << 10) | (man >> 13);
    uint32_t rest = man & 0x1FFFu;
    if (rest > 0x1000u || (rest == 0x1000u && (r & 1)))
        r++; /* may carry into the exponent, up to inf: correct */
    return (aclFloat16)(sign | r);
}
