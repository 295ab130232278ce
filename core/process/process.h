/* SPDX-License-Identifier: Apache-2.0 */
/*
 * The process room's object side, what core/api/process.c calls: the runtime's
 * lifetime (core/process/init.c), init and finalize callbacks (callbacks.c),
 * snapshots (snapshot.c) and the versions and CANN attributes (version.c).
 */
#ifndef CPUACL_CORE_PROCESS_PROCESS_H
#define CPUACL_CORE_PROCESS_PROCESS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "acl/acl.h"

/* aclInit's work (errors name fn): the configuration, the scheduler and memory
 * layers, the devices, then the init callbacks. */
aclError core_process_init(const char *configPath, const char *fn);
/* aclFinalize (whole) and aclFinalizeReference (one reference; *refCount, if not
 * NULL, the references left). */
aclError core_process_finalize(bool whole, uint64_t *refCount, const char *fn);

/* Register an init callback (called at once, outside every lock, when the
 * runtime is up already) or a finalize callback; cbFunc is not NULL. */
aclError core_life_init_register(aclRegisterCallbackType type, aclInitCallbackFunc cbFunc,
                                 void *userData, const char *fn);
aclError core_life_fini_register(aclRegisterCallbackType type, aclFinalizeCallbackFunc cbFunc,
                                 void *userData, const char *fn);
/* Unregister cbFunc (not NULL) of type from the init (init) or finalize callbacks. */
aclError core_life_unregister(bool init, aclRegisterCallbackType type, void *cbFunc,
                              const char *fn);

/* Snapshot stages: 0 .. CORE_SNAP_STAGES - 1. */
#define CORE_SNAP_STAGES (ACL_RT_SNAPSHOT_UNLOCK_POST + 1)
/* Add or remove a snapshot callback of a valid stage (callback not NULL). */
aclError core_snapshot_cb_add(aclrtSnapShotStage stage, aclrtSnapShotCallBack callback, void *args,
                              const char *fn);
aclError core_snapshot_cb_del(aclrtSnapShotStage stage, aclrtSnapShotCallBack callback,
                              const char *fn);
/* The snapshot operations on the calling process, arguments checked
 * (core/process/snapshot.c: states, SN1). */
aclError core_snapshot_lock(const char *fn);
aclError core_snapshot_unlock(const char *fn);
aclError core_snapshot_backup(const char *fn);
aclError core_snapshot_restore(const char *fn);

/* Versions and CANN attributes (core/process/version.c). */
const aclCannAttr *core_cann_attrs(size_t *num);
/* An attribute's value: false when the attribute is unknown. */
bool core_cann_attr(aclCannAttr attr, int32_t *value);
/* A package of the CANN toolkit: 1 part of cpuacl, 0 not installed, -1 unknown. */
int core_cann_package(aclCANNPackageName name);
void core_cann_version(aclCANNPackageVersion *version);
void core_version(int32_t *major, int32_t *minor, int32_t *patch);
/* The version string (ACL_PKG_VERSION_MAX_SIZE bytes) and number of the runtime. */
void core_version_str(char *out);
int32_t core_version_num(void);
/* The process's thread group id, and where the program runs. */
int32_t core_process_tgid(void);
aclrtRunMode core_run_mode(void);

#endif
