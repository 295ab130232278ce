/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Model-subscription profiling (core/tools/subscribe.c): subscription configurations,
 * the subscriptions of model ids to a pipe, and the parsing of the op records the pipe
 * carries (aclprofModelSubscribe ... aclprofGetOp*; docs/tools.md "Model subscription").
 * The record producer (core_prof_sub_op) and the per-execution tag (core_prof_sub_tag)
 * are declared in core/obs.h for the model executors.
 */
#ifndef CPUACL_CORE_TOOLS_SUBSCRIBE_H
#define CPUACL_CORE_TOOLS_SUBSCRIBE_H

#include <stddef.h>
#include <stdint.h>

#include "acl/acl_prof.h"

#define CORE_SUB_MAGIC 0x42555343u /* "CSUB" */
#define CORE_SUB_TYPE_MAX 64       /* op type bytes, the terminator included */
#define CORE_SUB_NAME_MAX 152      /* op name bytes, the terminator included */

/* One op record as written to the subscribed fd (host byte order, 256 bytes; names
 * truncated to fit, always terminated). */
struct core_sub_record {
    uint32_t magic;                /* CORE_SUB_MAGIC */
    uint32_t model;                /* the subscribed model id */
    uint64_t start, end, duration; /* ns, the host monotonic clock (MsprofSysCycleTime) */
    uint32_t tid;                  /* the worker thread that ran the op */
    uint32_t flag;                 /* aclprofSubscribeOpFlag: ACL_SUBSCRIBE_OP */
    char type[CORE_SUB_TYPE_MAX];  /* op type (the IR type, e.g. "MatMulV2") */
    char name[CORE_SUB_NAME_MAX];  /* op (node) name */
};
_Static_assert(sizeof(struct core_sub_record) == 256, "the record layout is documented");

/* Configurations: a new one (arguments checked, NULL with the error recorded under fn),
 * whether live, destroyed (live). */
aclprofSubscribeConfig *core_sub_config_new(int8_t timeInfoSwitch, aclprofAicoreMetrics m, void *fd,
                                            const char *fn);
bool core_sub_config_ok(const aclprofSubscribeConfig *c);
void core_sub_config_destroy(const aclprofSubscribeConfig *c);
/* Subscribe model (loaded, or set with MsprofSetDeviceIdByGeModelIdx) with live config c;
 * unsubscribe: flush the queued records and close the write end. Errors under fn. */
aclError core_sub_subscribe(uint32_t model, const aclprofSubscribeConfig *c, const char *fn);
aclError core_sub_unsubscribe(uint32_t model, const char *fn);
/* Record index of the len bytes at data (whole records): NULL with ACL_ERROR_INVALID_PARAM
 * recorded under fn when data is NULL, len not a positive multiple of the record size,
 * index out of range or the record not one; the number of records into *n (may be NULL). */
const struct core_sub_record *core_sub_record_at(const void *data, size_t len, uint32_t index,
                                                 uint32_t *n, const char *fn);

#endif
