/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Device facts (core/device/facts.c): the SoC cpuacl presents and what device
 * set-up calls.
 */
#ifndef CPUACL_CORE_DEVICE_FACTS_H
#define CPUACL_CORE_DEVICE_FACTS_H

struct core_device;

/* The SoC cpuacl presents (aclrtGetSocName): $CPUACL_SOC_NAME when set and not
 * empty, else Ascend910B3. */
const char *core_soc_name(void);
/* A device's workers started (g_rt.lock held): the utilization baseline. */
void core_device_facts_started(struct core_device *d);

#endif
