/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Tasks of model run instances as handles (core/model/ritask.c): aclmdlRITask values, their
 * parameters, and the changes aclmdlRIUpdate applies. Also the hooks other files give it.
 */
#ifndef CPUACL_CORE_RT_TASK_H
#define CPUACL_CORE_RT_TASK_H

#include <stdbool.h>

#include "acl/acl.h"
#include "sched/task.h"

struct core_model;
struct core_stream;

/* The aclmdlRITask of node `pos` of the lane run by (or bound to) stream handle `sh`. */
void *rt_task_handle(uint64_t sh, uint32_t pos);
/* The model and lane of a stream bound to a model being built, or of a lane stream of a
 * captured model (aclmdlRIGetStreams). g_rt.lock held. */
bool rt_task_lane_locked(struct core_stream *s, struct core_model **m, uint32_t *lane);
/* Drop the staged changes of m (its graph is going). g_rt.lock held. */
void rt_task_forget_locked(struct core_model *m);
/* Apply the task changes staged for m (SetParams, Disable). m idle, g_rt.lock held. */
void rt_task_apply_locked(struct core_model *m);

/* Kernel launches of loaded binaries (core/kernel/binary.c): is node one (captured), and with
 * what; a new launch block for new parameters (owned: release with core_bin_task_release). */
bool core_bin_task_params(const struct sched_task *node, aclrtFuncHandle *func, void **args,
                          size_t *size, uint32_t *nblocks);
/* A launch attribute of binary kernel node (id: SCHEM_MODE, DYN_UBUF_SIZE, DATA_DUMP, TIMEOUT or
 * TIMEOUT_US): the value it was launched with, 0 when not given. false: not such a node. */
bool core_bin_task_attr(const struct sched_task *node, aclrtLaunchKernelAttrId id,
                        aclrtLaunchKernelAttrValue *v);
aclError core_bin_task_make(aclrtFuncHandle func, uint32_t nblocks, const void *args, size_t size,
                            bool host, void **out, const char *fn);
void core_bin_task_release(void *launch);

/* Stream state callbacks (core/stream/state.c): call the registered ones, outside every lock. */
void rt_stream_state_fire(aclrtStream stream, aclrtStreamState state);

#endif
