/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Device facts (core/device/facts.c): the SoC cpuacl presents, what device
 * set-up calls, and what the surface (core/api/facts.c) calls once it checked
 * the arguments (a device id passed here names a device of the configuration).
 */
#ifndef CPUACL_CORE_DEVICE_FACTS_H
#define CPUACL_CORE_DEVICE_FACTS_H

#include <stdbool.h>
#include <stdint.h>

#include "acl/acl.h"
#include "acl/acl_platform.h"

struct core_device;

/* The SoC cpuacl presents (aclrtGetSocName): $CPUACL_SOC_NAME when set and not
 * empty, else Ascend910B3. */
const char *core_soc_name(void);
/* A device's workers started (g_rt.lock held): the utilization baseline. */
void core_device_facts_started(struct core_device *d);

/* The NPU architecture of a SoC name (aclrtCheckArchCompatibility), -1 unknown. */
int32_t core_soc_arch(const char *name);
/* The host's last-level cache size in bytes (0 unknown). */
long core_host_llc(void);

/* The platform description's value of infoType (known), or of an instruction of
 * a core type (known), as text into value (maxLen > 0 bytes); errors name fn. */
aclError core_platform_info(aclplatformDevInfo infoType, char *value, uint32_t maxLen,
                            const char *fn);
aclError core_platform_instruction(aclplatformCoreType type, const char *instruction, char *value,
                                   uint32_t maxLen, const char *fn);
/* aclGetDeviceCapability's and aclrtGetDeviceCapability's values. */
aclError core_device_info(aclDeviceInfo deviceInfo, int64_t *value, const char *fn);
aclError core_device_feature(aclrtDevFeatureType devFeatureType, int32_t *value, const char *fn);

/* Device identity: the PCI bus id (len >= 13 bytes), the device at a PCI
 * address (errors name fn), the UUID (stable per host and device). */
void core_device_pci_bus_id(int32_t deviceId, char *pciBusId, int32_t len);
aclError core_device_by_pci_bus_id(const char *pciBusId, int32_t *deviceId, const char *fn);
void core_device_uuid(int32_t deviceId, aclrtUuid *uuid);

/* Whether the device's default (primary) context exists. Takes g_rt.lock. */
bool core_device_primary_active(int32_t deviceId);
/* Peer access from deviceId to peerDeviceId (both checked here, errors name fn). */
aclError core_device_peer_status(int32_t deviceId, int32_t peerDeviceId, int32_t *status,
                                 const char *fn);
/* The link between two devices (both checked here, errors name fn). */
aclError core_devices_topo(uint32_t deviceId, uint32_t otherDeviceId, uint64_t *value,
                           const char *fn);
/* The stream priorities: 0 (greatest) .. 7 (least). */
void core_stream_priority_range(int32_t *leastPriority, int32_t *greatestPriority);
/* The L2 cache flush: a full fence (the host's caches are coherent). */
void core_device_l2_flush(void);
/* The capabilities of count (> 0) atomic operations (arrays not NULL) on the
 * host's memory; an unknown operation fails naming fn. */
aclError core_atomic_caps(uint32_t *caps, const aclrtAtomicOperation *ops, uint32_t count,
                          const char *fn);
/* The device's utilization since the last call (or its set-up), and its memory use. */
void core_device_utilization(int32_t deviceId, aclrtUtilizationInfo *utilizationInfo);
void core_device_mem_usage(int32_t deviceId, aclrtMemUsageInfo *memUsageInfo, size_t *outputNum);

/* Compute groups: one per device, all of it (group 0). */
#define CORE_GROUP_COUNT 1u
/* Group information for CORE_GROUP_COUNT groups (NULL with ACL_ERROR_BAD_ALLOC
 * naming fn when out of memory), freed, filled, and one attribute of a group. */
aclrtGroupInfo *core_group_info_new(const char *fn);
void core_group_info_free(aclrtGroupInfo *groupInfo);
void core_group_info_fill(aclrtGroupInfo *groupInfo);
aclError core_group_attr(const aclrtGroupInfo *groupInfo, int32_t groupIndex, aclrtGroupAttr attr,
                         int32_t *value, const char *fn);

#endif
