/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Values the process sets (core/device/params.c): what other rooms read and the
 * surface (core/api/device.c) calls.
 */
#ifndef CPUACL_CORE_DEVICE_PARAMS_H
#define CPUACL_CORE_DEVICE_PARAMS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "acl/acl.h"

struct core_ctx;

/* Device limit limit (aclrtDeviceSetLimit / GetLimit): checked, rounded and set,
 * or read; an unknown or SIMT limit fails with fn's code. */
aclError core_limit_set(aclrtDeviceLimit limit, size_t value, const char *fn);
aclError core_limit_get(aclrtDeviceLimit limit, size_t *value, const char *fn);

/* A runtime parameter: the option is known (and for a set, the value is in its
 * range), else ACL_ERROR_INVALID_PARAM naming fn. */
aclError core_sysopt_check(aclSysParamOpt opt, int64_t value, bool set, const char *fn);
/* The process's value of a (checked) option, set and read (DI2). */
void core_sysopt_set(aclSysParamOpt opt, int64_t value);
int64_t core_sysopt_get(aclSysParamOpt opt);
/* Context c's value of a (checked) option: set (ACL_ERROR_BAD_ALLOC naming fn when
 * out of memory), and read (the process's value when c never set it). */
aclError core_ctx_sysopt_set(const struct core_ctx *c, aclSysParamOpt opt, int64_t value,
                             const char *fn);
int64_t core_ctx_sysopt_get(const struct core_ctx *c, aclSysParamOpt opt);

/* Granularity of an operator timeout (aclrtGetOpTimeOutInterval), in microseconds. */
#define CORE_OP_TIMEOUT_INTERVAL_US 4294967ULL
/* Set the operator execution timeout to us microseconds, rounded to whole
 * intervals (1 .. 254, 0 the longest); *actual (if not NULL) the result. */
aclError core_op_timeout_set(uint64_t us, uint64_t *actual);
/* The operator execution timeout in milliseconds. */
uint32_t core_op_timeout_ms(void);
/* aclrtSetOpWaitTimeout: the wait timeout in seconds (0: none). */
void core_op_wait_timeout_set(uint32_t timeout_s);

/* The wait timeout aclrtSetOpWaitTimeout set, in ms (0: none); aclrtStreamWaitEvent
 * gives it to the waits it queues. */
uint32_t core_op_wait_timeout_ms(void);
/* The runtime is gone (g_rt.lock held; takes only leaf locks): forget the
 * per-context parameters. */
void core_params_clear(void);

#endif
