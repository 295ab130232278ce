/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Profiling and the mstx marks (core/tools/prof.c): what the other rooms and the
 * surface (core/api/tools.c) call.
 */
#ifndef CPUACL_CORE_TOOLS_PROF_H
#define CPUACL_CORE_TOOLS_PROF_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "acl/acl_prof.h"
#include "mstx/ms_tools_ext.h"

#define CORE_PROF_PATH_MAX 4096 /* profiling paths, the terminator included */
#define CORE_PROF_MSG_MAX 256   /* stamp and mark messages, the terminator included */

/* aclprofMarkEx's mark of msg (msgLen bytes, 1 <= msgLen < 256): recorded only
 * while profiling collects marks. */
void core_prof_mark(const char *msg, size_t msgLen);
/* Record a mark (range false) or open a range of domain (NULL: "default") with the
 * first len bytes of msg, while profiling collects marks (ACL_PROF_MSPROFTX); returns
 * the range's id (0: not recorded; 1 for a recorded mark). */
uint64_t core_prof_mark_add(const char *domain, const char *msg, size_t len, bool range);
/* Close the open range id; false if there is none. */
bool core_prof_range_end(uint64_t id);
/* The calling thread's stack of pushed ranges (aclprofPush/Pop, aclprofRangePushEx/Pop):
 * push id (ACL_ERROR_FAILURE past 64 ranges), pop and close the top one
 * (ACL_ERROR_FAILURE if none), errors recorded under fn. */
aclError core_prof_push(uint64_t id, const char *fn);
aclError core_prof_pop(const char *fn);
/* Open a range named by the aclprofStr2Id string name_id ("op" if it names none). */
uint64_t core_prof_range_named(uint64_t name_id);
/* aclprofStr2Id: the id of message (registered on first use); 0 out of memory. */
uint64_t core_prof_str_id(const char *message);

/* Stamps (aclprofCreateStamp...): a new one (NULL out of memory, nothing recorded),
 * destroyed (ignored unless a live stamp), its message (NULL with
 * ACL_ERROR_INVALID_PARAM recorded under fn unless a live stamp), its message set
 * (msgLen < CORE_PROF_MSG_MAX, stamp checked). */
void *core_prof_stamp_new(void);
void core_prof_stamp_destroy(void *stamp);
const char *core_prof_stamp_msg(void *stamp, const char *fn);
void core_prof_stamp_set(void *stamp, const char *msg, uint32_t msgLen);

/* Step infos (aclprofCreateStepInfo...): a new one (NULL out of memory, nothing
 * recorded), destroyed (ignored unless live), whether live; a step's start opens a range
 * "step" while collecting, its end closes it. */
aclprofStepInfo *core_prof_step_new(void);
void core_prof_step_destroy(aclprofStepInfo *s);
bool core_prof_step_ok(const aclprofStepInfo *s);
void core_prof_step(aclprofStepInfo *s, bool start);

/* mstx domains: a new one named name (not empty; NULL out of memory), destroyed (ignored
 * unless live), its name (NULL unless live). */
mstxDomainHandle_t core_prof_domain_new(const char *name);
void core_prof_domain_destroy(mstxDomainHandle_t d);
const char *core_prof_domain_name(mstxDomainHandle_t d);

/* Profiling configurations: a new one (arguments checked; NULL out of memory, nothing
 * recorded), whether live, destroyed (live). */
aclprofConfig *core_prof_config_new(const uint32_t *dev, uint32_t ndev,
                                    aclprofAicoreMetrics metrics, uint64_t types);
bool core_prof_config_ok(const aclprofConfig *c);
void core_prof_config_destroy(const aclprofConfig *c);

/* For the msprof reporting interface (core/tools/aprof.c): a closed range of domain named
 * msg from t0 to t1 ns (t1 0: an instant mark) recorded while collecting (false: not
 * collecting); whether collecting, with its data types and devices (dev: CORE_MAX_DEVICES
 * entries) and the output path ("" before aclprofInit) into path[n]; the string of an
 * aclprofStr2Id id (NULL: none; never freed). */
bool core_prof_range_add(const char *domain, const char *msg, uint64_t t0, uint64_t t1);
bool core_prof_state(uint64_t *types, uint32_t *ndev, uint32_t *dev, char *path, size_t n);
const char *core_prof_str_of(uint64_t id);
/* Tell the modules registered with MsprofRegisterCallback (aprof.c) a command
 * (PROF_COMMANDHANDLE_TYPE_*) with the data types and devices collected. */
void core_aprof_notify(uint32_t type, uint64_t types, uint32_t ndev, const uint32_t *dev);

/* Collection, errors recorded under fn: aclprofInit (path of length bytes, checked:
 * created here), the output path set (ACL_PROF_PATH, created already), start and stop
 * with a live configuration, finalize (writes the output). */
aclError core_prof_init(const char *path, size_t length, const char *fn);
void core_prof_set_path(const char *path, size_t length);
aclError core_prof_start(const aclprofConfig *c, const char *fn);
aclError core_prof_stop(const aclprofConfig *c, const char *fn);
aclError core_prof_finalize(const char *fn);

#endif
