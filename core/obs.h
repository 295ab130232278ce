/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Observation of operator runs (core/tools/prof.c, core/tools/dump.c): the profiler
 * (acl/acl_prof.h) records each aclnn operator's run, the dump
 * (acl/acl_dump.h) writes its input and output tensors. The operator layer
 * (ops/engine/exec.c) describes its tensors at phase 1 while core_obs_active() and
 * reports each run with core_obs_op.
 */
#ifndef CPUACL_CORE_OBS_H
#define CPUACL_CORE_OBS_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>

#define CORE_OBS_MAX_DIMS 25

/* One tensor of an operator: its view over the device address of its slot. */
struct core_obs_tensor {
    int32_t dt, fmt; /* aclDataType, aclFormat */
    uint32_t ndim;
    int64_t offset; /* elements */
    int64_t dims[CORE_OBS_MAX_DIMS];
    int64_t strides[CORE_OBS_MAX_DIMS];
};

#define CORE_OBS_PROF 1u
#define CORE_OBS_DUMP 2u
/* A: which observers are on (prof.c and dump.c set and clear their bit). */
extern _Atomic uint32_t core_obs_mask;

static inline bool core_obs_active(void)
{
    /* relaxed: a hint checked at phase 1 and per run; turning an observer on
     * or off is not ordered with operators already in flight. */
    return atomic_load_explicit(&core_obs_mask, memory_order_relaxed) != 0;
}

uint64_t core_obs_now_ns(void);
/* mkdir -p path: 0 / -errno (prof.c). */
int core_obs_mkdirs(const char *path);
/* An operator ran from t0 to t1 (ns, core_obs_now_ns) on the calling worker.
 * t[i] / addr[i]: its nin inputs then nout outputs (addr NULL: absent). */
void core_obs_op(const char *op, const struct core_obs_tensor *t, void *const *addr, uint32_t nin,
                 uint32_t nout, uint64_t t0, uint64_t t1);

/* subscribe.c: model-subscription profiling (aclprofModelSubscribe). A: the number of
 * live subscriptions; the executors read it relaxed, as a hint (a subscription made while
 * an execution is under way may miss that execution's first ops). */
extern _Atomic uint32_t core_sub_live;
uint32_t core_sub_tag_slow(uint32_t id);
/* The tag of an execution of model id: id + 1 while the model is subscribed (records on),
 * else 0; one relaxed load when nothing is subscribed. */
static inline uint32_t core_prof_sub_tag(uint32_t id)
{
    /* relaxed: a hint, see core_sub_live */
    if (!atomic_load_explicit(&core_sub_live, memory_order_relaxed))
        return 0;
    return core_sub_tag_slow(id);
}
/* An op (type, name) of an execution tagged tag (non-zero) ran from t0 to t1
 * (core_obs_now_ns): queue its record for the subscription's writer (dropped and counted
 * when its queue is full or the model is no longer subscribed). Never blocks on the fd. */
void core_prof_sub_op(uint32_t tag, const char *type, const char *name, uint64_t t0, uint64_t t1);

/* dump.c: write one operator's tensors (CORE_OBS_DUMP set). */
void core_dump_op(const char *op, const struct core_obs_tensor *t, void *const *addr, uint32_t nin,
                  uint32_t nout);
/* dump.c: apply the "dump" object of aclInit's configuration file (if any),
 * as aclmdlSetDump would; and end that configuration at aclFinalize. */
aclError core_dump_from_init(const char *path);
void core_dump_fini(void);
/* prof.c: record one operator run (CORE_OBS_PROF set). */
void core_prof_op(const char *op, const struct core_obs_tensor *t, uint32_t nin, uint32_t nout,
                  uint64_t t0, uint64_t t1);

#endif
