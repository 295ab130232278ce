/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Device facts (core/device/facts.c): what device set-up calls.
 */
#ifndef CPUACL_CORE_DEVICE_FACTS_H
#define CPUACL_CORE_DEVICE_FACTS_H

struct core_device;

/* A device's workers started (g_rt.lock held): the utilization baseline. */
void core_device_facts_started(struct core_device *d);

#endif
