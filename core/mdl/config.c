/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Load and execution configurations: one table per handle type giving each
 * option's value type and range, the shared setter, and the external weights.
 * Their entry points are core/api/mdl.c; docs/mdl.md, "Configuration
 * handles", is the table in prose.
 */
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "core/device/facts.h"
#include "core/err.h"
#include "core/mdl/config.h"
#include "core/runtime/fault.h"

enum opt_kind {
    OPT_I32,    /* int32_t within [lo, hi] */
    OPT_PRIO,   /* int32_t within the stream priority range */
    OPT_SIZE,   /* size_t within [lo, hi] (hi < 0: unbounded) */
    OPT_PTR,    /* a pointer, NULL allowed, not copied */
    OPT_PTR_NN, /* a pointer, not NULL, not copied */
    OPT_STR,    /* a string, not NULL, copied */
};

struct opt_rule {
    const char *name;
    enum opt_kind kind;
    int64_t lo, hi;
};

/* The options in enum order. An option's value type is its name's suffix (_INT32: any
 * int32, _SIZET: any size_t, _PTR: any pointer); g_special gives the others. */
#define LOAD_OPTS(X)                                                                               \
    X(ACL_MDL_PRIORITY_INT32)                                                                      \
    X(ACL_MDL_LOAD_TYPE_SIZET)                                                                     \
    X(ACL_MDL_PATH_PTR) X(ACL_MDL_MEM_ADDR_PTR) X(ACL_MDL_MEM_SIZET) X(ACL_MDL_WEIGHT_ADDR_PTR)    \
        X(ACL_MDL_WEIGHT_SIZET) X(ACL_MDL_WORKSPACE_ADDR_PTR) X(ACL_MDL_WORKSPACE_SIZET)           \
            X(ACL_MDL_INPUTQ_NUM_SIZET) X(ACL_MDL_INPUTQ_ADDR_PTR) X(ACL_MDL_OUTPUTQ_NUM_SIZET)    \
                X(ACL_MDL_OUTPUTQ_ADDR_PTR) X(ACL_MDL_WORKSPACE_MEM_OPTIMIZE)                      \
                    X(ACL_MDL_WEIGHT_PATH_PTR) X(ACL_MDL_MODEL_DESC_PTR)                           \
                        X(ACL_MDL_MODEL_DESC_SIZET) X(ACL_MDL_KERNEL_PTR) X(ACL_MDL_KERNEL_SIZET)  \
                            X(ACL_MDL_KERNEL_ARGS_PTR) X(ACL_MDL_KERNEL_ARGS_SIZET)                \
                                X(ACL_MDL_STATIC_TASK_PTR) X(ACL_MDL_STATIC_TASK_SIZET)            \
                                    X(ACL_MDL_DYNAMIC_TASK_PTR) X(ACL_MDL_DYNAMIC_TASK_SIZET)      \
                                        X(ACL_MDL_MEM_MALLOC_POLICY_SIZET) X(ACL_MDL_FIFO_PTR)     \
                                            X(ACL_MDL_FIFO_SIZET) X(ACL_MDL_WITHOUT_GRAPH_INT32)   \
                                                X(ACL_NPU_PERF_MODE)
#define EXEC_OPTS(X)                                                                               \
    X(ACL_MDL_STREAM_SYNC_TIMEOUT)                                                                 \
    X(ACL_MDL_EVENT_SYNC_TIMEOUT)                                                                  \
    X(ACL_MDL_WORK_ADDR_PTR) X(ACL_MDL_WORK_SIZET) X(ACL_MDL_MPAIMID_SIZET)                        \
        X(ACL_MDL_AICQOS_SIZET) X(ACL_MDL_AICOST_SIZET) X(ACL_MDL_MEC_TIMETHR_SIZET)               \
            X(ACL_MDL_EXEC_PRIORITY_INT32) X(ACL_MDL_NPU_PERF_MODE)
#define NAME(attr) [attr] = #attr,
static const char *const g_load_names[CORE_MDL_CONFIG_OPTS] = {LOAD_OPTS(NAME)};
static const char *const g_exec_names[CORE_MDL_EXEC_OPTS] = {EXEC_OPTS(NAME)};

/* The options their suffix does not describe: (table, option) -> rule. */
static const struct {
    bool exec;
    int attr;
    struct opt_rule r;
} g_special[] = {
    {false, ACL_MDL_PRIORITY_INT32, {NULL, OPT_PRIO, 0, 0}},
    {false,
     ACL_MDL_LOAD_TYPE_SIZET,
     {NULL, OPT_SIZE, ACL_MDL_LOAD_FROM_FILE, ACL_MDL_LOAD_FROM_MEM_WITH_Q}},
    {false, ACL_MDL_PATH_PTR, {NULL, OPT_STR, 0, 0}},
    {false, ACL_MDL_WEIGHT_PATH_PTR, {NULL, OPT_STR, 0, 0}},
    {false, ACL_MDL_MEM_ADDR_PTR, {NULL, OPT_PTR_NN, 0, 0}},
    {false, ACL_MDL_INPUTQ_ADDR_PTR, {NULL, OPT_PTR_NN, 0, 0}},
    {false, ACL_MDL_OUTPUTQ_ADDR_PTR, {NULL, OPT_PTR_NN, 0, 0}},
    {false,
     ACL_MDL_WORKSPACE_MEM_OPTIMIZE,
     {NULL, OPT_SIZE, ACL_WORKSPACE_MEM_OPTIMIZE_DEFAULT, ACL_WORKSPACE_MEM_OPTIMIZE_INPUTOUTPUT}},
    {false, ACL_MDL_WITHOUT_GRAPH_INT32, {NULL, OPT_I32, 0, 1}},
    {false, ACL_NPU_PERF_MODE, {NULL, OPT_I32, INT32_MIN, INT32_MAX}},
    {true, ACL_MDL_STREAM_SYNC_TIMEOUT, {NULL, OPT_I32, -1, INT32_MAX}},
    {true, ACL_MDL_EVENT_SYNC_TIMEOUT, {NULL, OPT_I32, -1, INT32_MAX}},
    {true, ACL_MDL_EXEC_PRIORITY_INT32, {NULL, OPT_PRIO, 0, 0}},
    {true, ACL_MDL_NPU_PERF_MODE, {NULL, OPT_I32, INT32_MIN, INT32_MAX}},
};

static bool ends_with(const char *s, const char *suffix)
{
    size_t n = strlen(s), k = strlen(suffix);
    return n >= k && !strcmp(s + n - k, suffix);
}

/* The rule of option attr (< the table's count) of the load (exec: execution) table. */
static struct opt_rule rule_of(bool exec, int attr)
{
    struct opt_rule r = {exec ? g_exec_names[attr] : g_load_names[attr], OPT_SIZE, 0, -1};
    for (size_t i = 0; i < sizeof(g_special) / sizeof(g_special[0]); i++)
        if (g_special[i].exec == exec && g_special[i].attr == attr) {
            const char *name = r.name;
            r = g_special[i].r;
            r.name = name;
            return r;
        }
    if (ends_with(r.name, "_INT32"))
        r = (struct opt_rule){r.name, OPT_I32, INT32_MIN, INT32_MAX};
    else if (ends_with(r.name, "_PTR"))
        r.kind = OPT_PTR;
    return r;
}

static size_t kind_size(enum opt_kind k)
{
    return k == OPT_I32 || k == OPT_PRIO ? sizeof(int32_t)
           : k == OPT_SIZE               ? sizeof(size_t)
                                         : sizeof(void *);
}

/* Check value against rule r and store it into *slot (a copied string
 * replacing the old one). */
static aclError opt_set(const struct opt_rule *r, union core_mdl_opt *slot, bool was_set,
                        const void *value, size_t valueSize, const char *fn)
{
    if (valueSize != kind_size(r->kind))
        return core_err(ACL_ERROR_INVALID_PARAM, "%s: %s: valueSize %zu, the option's type has %zu",
                        fn, r->name, valueSize, kind_size(r->kind));
    union core_mdl_opt v;
    int64_t lo = r->lo, hi = r->hi;
    switch (r->kind) {
    case OPT_PRIO: {
        int32_t least, greatest;
        core_stream_priority_range(&least, &greatest);
        lo = greatest;
        hi = least;
    } /* fall through */
    case OPT_I32:
        memcpy(&v.i32, value, sizeof(v.i32));
        if (v.i32 < lo || v.i32 > hi)
            return core_err(ACL_ERROR_INVALID_PARAM, "%s: %s is %d, outside [%lld, %lld]", fn,
                            r->name, v.i32, (long long)lo, (long long)hi);
        break;
    case OPT_SIZE:
        memcpy(&v.size, value, sizeof(v.size));
        if (hi >= 0 && (v.size < (uint64_t)lo || v.size > (uint64_t)hi))
            return core_err(ACL_ERROR_INVALID_PARAM, "%s: %s is %zu, outside [%lld, %lld]", fn,
                            r->name, v.size, (long long)lo, (long long)hi);
        break;
    default:
        memcpy(&v.ptr, value, sizeof(v.ptr));
        if (r->kind != OPT_PTR && !v.ptr)
            return core_err(ACL_ERROR_INVALID_PARAM, "%s: %s points to NULL", fn, r->name);
        if (r->kind == OPT_STR && !(v.str = core_strdup(v.str)))
            return core_err(ACL_ERROR_BAD_ALLOC, "%s: %s: out of memory", fn, r->name);
        if (r->kind == OPT_STR && was_set)
            free(slot->str);
        break;
    }
    *slot = v;
    return ACL_SUCCESS;
}

aclmdlConfigHandle *core_mdl_config_new(void)
{
    return core_calloc(1, sizeof(aclmdlConfigHandle));
}

void core_mdl_config_free(aclmdlConfigHandle *h)
{
    for (int a = 0; a < CORE_MDL_CONFIG_OPTS; a++)
        if (rule_of(false, a).kind == OPT_STR && (h->set >> a & 1))
            free(h->v[a].str);
    for (size_t i = 0; i < h->next; i++)
        free(h->ext[i].name);
    free(h->ext);
    free(h);
}

aclmdlExecConfigHandle *core_mdl_exec_config_new(void)
{
    return core_calloc(1, sizeof(aclmdlExecConfigHandle));
}

void core_mdl_exec_config_free(const aclmdlExecConfigHandle *h)
{
    free((aclmdlExecConfigHandle *)h);
}

/* Option attr of a handle of the load (exec: execution) table of count options: its bit of
 * *set and its value slot v[attr]. */
static aclError set_opt(bool exec, int count, uint64_t *set, union core_mdl_opt *v, int attr,
                        const void *value, size_t valueSize, const char *fn)
{
    if ((unsigned)attr >= (unsigned)count)
        return core_err(ACL_ERROR_INVALID_PARAM, "%s: attr %d is not an option (0 .. %d)", fn, attr,
                        count - 1);
    struct opt_rule r = rule_of(exec, attr);
    aclError rc = opt_set(&r, &v[attr], *set >> attr & 1, value, valueSize, fn);
    if (rc == ACL_SUCCESS)
        *set |= 1ull << attr;
    return rc;
}

aclError core_mdl_config_set(aclmdlConfigHandle *h, aclmdlConfigAttr attr, const void *value,
                             size_t valueSize, const char *fn)
{
    return set_opt(false, CORE_MDL_CONFIG_OPTS, &h->set, h->v, (int)attr, value, valueSize, fn);
}

aclError core_mdl_exec_config_set(aclmdlExecConfigHandle *h, aclmdlExecConfigAttr attr,
                                  const void *value, size_t valueSize, const char *fn)
{
    return set_opt(true, CORE_MDL_EXEC_OPTS, &h->set, h->v, (int)attr, value, valueSize, fn);
}

aclError core_mdl_config_ext_weight(aclmdlConfigHandle *h, const char *name, void *addr,
                                    size_t size, const char *fn)
{
    if (!size || size % 32)
        return core_err(ACL_ERROR_INVALID_PARAM,
                        "%s: weight file %s: size %zu (must be above 0 and a multiple of 32)", fn,
                        name, size);
    for (size_t i = 0; i < h->next; i++)
        if (!strcmp(h->ext[i].name, name)) {
            h->ext[i].addr = addr;
            h->ext[i].size = size;
            return ACL_SUCCESS;
        }
    struct core_mdl_ext_weight w = {core_strdup(name), addr, size};
    struct core_mdl_ext_weight *grown =
        w.name ? core_realloc(h->ext, (h->next + 1) * sizeof(w)) : NULL;
    if (!grown) {
        free(w.name);
        return core_err(ACL_ERROR_BAD_ALLOC, "%s: out of memory", fn);
    }
    h->ext = grown;
    h->ext[h->next++] = w;
    return ACL_SUCCESS;
}
