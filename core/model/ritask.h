/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Tasks of model run instances as handles (core/model/ritask.c): aclmdlRITask values, their
 * parameters, and the changes aclmdlRIUpdate applies.
 */
#ifndef CPUACL_CORE_MODEL_RITASK_H
#define CPUACL_CORE_MODEL_RITASK_H

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

/* The object work of the task entry points (core/api/model.c); task is resolved here. */
/* *(uint32_t *)out = the task's position (seq) or *(aclmdlRITaskType *)out = its type. */
aclError core_ritask_query(aclmdlRITask task, void *out, bool seq, const char *fn);
aclError core_ritask_kernel_attr(aclmdlRITask task, aclrtLaunchKernelAttrId attrId,
                                 aclrtLaunchKernelAttrValue *attrValue, const char *fn);
aclError core_ritask_params(aclmdlRITask task, aclmdlRITaskParams *params, const char *fn);
/* Stage new parameters for task (params NULL: disable it) until aclmdlRIUpdate. */
aclError core_ritask_stage(aclmdlRITask task, const aclmdlRITaskParams *params, const char *fn);

#endif
