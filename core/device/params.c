/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Values the process sets: device resource limits (aclrtDeviceSetLimit),
 * runtime parameters per process and per context (aclrt[Ctx]SetSysParamOpt)
 * and operator timeouts (aclrtSetOpExecuteTimeOut*, aclrtSetOpWaitTimeout).
 * The entry points are core/api/device.c. Behaviour and codes: docs/runtime.md.
 *
 * Invariants:
 *  DI2. Values set by the process (limits, timeouts, parameters) are atomics
 *       read and written relaxed: each is one independent value, nothing is
 *       published through it, and a reader racing with a writer sees either.
 *  DI3. A handle kept in a side table (contexts here, models in
 *       core/model/callbacks.c) is re-checked with a table lookup before use; an
 *       entry whose object died is stale and is pruned, never dereferenced.
 */
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
#include "core/device/facts.h"
#include "core/device/params.h"
#include "core/err.h"
#include "core/runtime/fault.h"
#include "core/runtime/handle.h"
#include "core/runtime/runtime.h"

/* ==== limits, parameters, timeouts ======================================= */

static _Atomic size_t lim_simd_stack = 32768;  /* DI2 */
static _Atomic size_t lim_simd_printf = 32768; /* DI2 */

/* The value of a device limit, or NULL with *rc set: SIMT limits do not exist
 * on the SoC (ACL_ERROR_RT_FEATURE_NOT_SUPPORT), others are unknown. */
static _Atomic size_t *limit_slot(aclrtDeviceLimit limit, aclError *rc, const char *fn)
{
    switch ((int)limit) {
    case ACL_RT_DEV_LIMIT_SIMD_STACK_SIZE:
        return &lim_simd_stack;
    case ACL_RT_DEV_LIMIT_SIMD_PRINTF_FIFO_SIZE_PER_CORE:
        return &lim_simd_printf;
    case ACL_RT_DEV_LIMIT_SIMT_STACK_SIZE:
    case ACL_RT_DEV_LIMIT_SIMT_DVG_WARP_STACK_SIZE:
    case ACL_RT_DEV_LIMIT_SIMT_PRINTF_FIFO_SIZE:
        *rc = core_err(ACL_ERROR_RT_FEATURE_NOT_SUPPORT,
                       "%s: SIMT limits do not exist on %s (SIMD only)", fn, core_soc_name());
        return NULL;
    default:
        *rc = core_err(ACL_ERROR_INVALID_PARAM, "%s: unknown limit %d", fn, (int)limit);
        return NULL;
    }
}

aclError core_limit_set(aclrtDeviceLimit limit, size_t value, const char *fn)
{
    aclError rc = ACL_SUCCESS;
    _Atomic size_t *slot = limit_slot(limit, &rc, fn);
    if (!slot)
        return rc;
    if (slot == &lim_simd_stack) {
        if (value > 196608)
            return core_err(ACL_ERROR_RT_PARAM_INVALID, "%s: SIMD stack %zu above 196608 bytes", fn,
                            value);
        value = value <= 32768 ? 32768 : (value + 16383) / 16384 * 16384;
    } else {
        if (value < 1024 || value > 67108864)
            return core_err(ACL_ERROR_RT_PARAM_INVALID,
                            "%s: printf FIFO %zu outside [1024, 67108864] bytes", fn, value);
        value = (value + 7) / 8 * 8;
    }
    atomic_store_explicit(slot, value, memory_order_relaxed); /* relaxed: DI2 */
    return ACL_SUCCESS;
}

aclError core_limit_get(aclrtDeviceLimit limit, size_t *value, const char *fn)
{
    aclError rc = ACL_SUCCESS;
    _Atomic size_t *slot = limit_slot(limit, &rc, fn);
    if (!slot)
        return rc;
    *value = atomic_load_explicit(slot, memory_order_relaxed); /* relaxed: DI2 */
    return ACL_SUCCESS;
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

aclError core_sysopt_check(aclSysParamOpt opt, int64_t value, bool set, const char *fn)
{
    if ((unsigned)opt >= SYSOPT_N)
        return core_err(ACL_ERROR_INVALID_PARAM, "%s: unknown option %d", fn, (int)opt);
    int64_t max = opt == ACL_OPT_DETERMINISTIC ? 3 : 1;
    if (set && (value < 0 || value > max))
        return core_err(ACL_ERROR_INVALID_PARAM, "%s: option %d takes 0..%lld, not %lld", fn,
                        (int)opt, (long long)max, (long long)value);
    return ACL_SUCCESS;
}

void core_sysopt_set(aclSysParamOpt opt, int64_t value)
{
    atomic_store_explicit(&sysopt_proc[opt], value, memory_order_relaxed); /* relaxed: DI2 */
}

int64_t core_sysopt_get(aclSysParamOpt opt)
{
    return atomic_load_explicit(&sysopt_proc[opt], memory_order_relaxed); /* relaxed: DI2 */
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
        struct ctx_opts *n = core_realloc(ctxopts, cap * sizeof(*n));
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

aclError core_ctx_sysopt_set(const struct core_ctx *c, aclSysParamOpt opt, int64_t value,
                             const char *fn)
{
    pthread_mutex_lock(&ctxopt_lock);
    struct ctx_opts *e = ctxopt_find(c->handle, true);
    if (e) {
        e->v[opt] = value;
        e->set |= (uint8_t)(1u << opt);
    }
    pthread_mutex_unlock(&ctxopt_lock);
    return e ? ACL_SUCCESS : core_err(ACL_ERROR_BAD_ALLOC, "%s: out of memory", fn);
}

int64_t core_ctx_sysopt_get(const struct core_ctx *c, aclSysParamOpt opt)
{
    pthread_mutex_lock(&ctxopt_lock);
    struct ctx_opts *e = ctxopt_find(c->handle, false);
    bool set = e && (e->set >> opt & 1);
    int64_t v = set ? e->v[opt] : 0;
    pthread_mutex_unlock(&ctxopt_lock);
    /* Not set in the context: the process's value (relaxed: DI2). */
    return set ? v : atomic_load_explicit(&sysopt_proc[opt], memory_order_relaxed);
}

/* ---- operator timeouts -------------------------------------------------- */

#define OP_TIMEOUT_INTERVAL_US CORE_OP_TIMEOUT_INTERVAL_US
#define OP_TIMEOUT_STEPS 254ULL /* the 910B's default 1091 s */

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

aclError core_op_timeout_set(uint64_t us, uint64_t *actual)
{
    uint64_t a = op_timeout_round(us);
    atomic_store_explicit(&op_exec_timeout_us, a, memory_order_relaxed); /* relaxed: DI2 */
    if (actual)
        *actual = a;
    return ACL_SUCCESS;
}

uint32_t core_op_timeout_ms(void)
{
    /* relaxed: DI2 */
    return (uint32_t)(atomic_load_explicit(&op_exec_timeout_us, memory_order_relaxed) / 1000u);
}

uint32_t core_op_wait_timeout_ms(void)
{
    uint64_t ms = (uint64_t)atomic_load_explicit(&op_wait_timeout_s, memory_order_relaxed) *
                  1000u; /* relaxed: DI2 */
    return ms > UINT32_MAX ? UINT32_MAX : (uint32_t)ms;
}

void core_op_wait_timeout_set(uint32_t timeout_s)
{
    atomic_store_explicit(&op_wait_timeout_s, timeout_s, memory_order_relaxed); /* relaxed: DI2 */
}


void core_params_clear(void)
{
    pthread_mutex_lock(&ctxopt_lock);
    free(ctxopts);
    ctxopts = NULL;
    nctxopts = capctxopts = 0;
    pthread_mutex_unlock(&ctxopt_lock);
}
