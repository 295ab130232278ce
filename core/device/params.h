/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Values the process sets (core/device/params.c): what other rooms read.
 */
#ifndef CPUACL_CORE_DEVICE_PARAMS_H
#define CPUACL_CORE_DEVICE_PARAMS_H

#include <stdint.h>

/* The wait timeout aclrtSetOpWaitTimeout set, in ms (0: none); aclrtStreamWaitEvent
 * gives it to the waits it queues. */
uint32_t core_op_wait_timeout_ms(void);
/* The runtime is gone (g_rt.lock held; takes only leaf locks): forget the
 * per-context parameters. */
void core_params_clear(void);

#endif
