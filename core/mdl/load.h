/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Loaded models (aclmdlLoad*, aclmdlUnload, aclmdlGetDesc, aclmdlExecute*),
 * object side of the load and execute calls of core/api/mdl.c: the table of
 * model ids and what each id holds (the provider's compiled graph, its
 * description), the dataset checks, and the provider slot of core/mdl.h.
 *
 * Ids: numbered from 1 and never reused, in a table under one mutex. An
 * execution takes a reference on its model under the lock and drops it when
 * it returns; aclmdlUnload removes the id first (from then on every call
 * naming it fails with ACL_ERROR_INVALID_MODEL_ID, an execution racing with
 * the unload included), waits for the references to drop, and then has the
 * provider wait for the executions queued on streams before freeing the
 * graph. So an unload never frees a model under an execution.
 */
#ifndef CPUACL_CORE_MDL_LOAD_H
#define CPUACL_CORE_MDL_LOAD_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "acl/acl_mdl.h"

/* How a model is loaded: the caller's memory (NULL: none given; given
 * memory must be at least the sizes aclmdlQuerySize answers, else
 * ACL_ERROR_INVALID_PARAM, and is left unused: the model keeps its own), its
 * initial priority (aclmdlGetAttribute), and the bundle that owns it (0:
 * none; core/mdl/bundle.h). */
struct core_mdl_load_opts {
    void *work, *weight;
    size_t work_size, weight_size;
    uint32_t priority;
    uint32_t bundle;
    /* a load with queues (queues true): one queue a model input and output
     * (core/mdl/queue.h) */
    bool queues;
    const uint32_t *inq, *outq;
    size_t ninq, noutq;
};

/* Load the model file image [buf, buf + len) (the caller keeps it); *id on
 * success. A bundle file is ACL_ERROR_PARSE_MODEL (its models load through
 * the bundle calls). */
aclError core_mdl_load(const void *buf, size_t len, const struct core_mdl_load_opts *o,
                       uint32_t *id, const char *fn);
/* Unload model id. bundle 0 (aclmdlUnload): a model of a bundle is
 * ACL_ERROR_INVALID_PARAM; else the model must be of that bundle
 * (ACL_ERROR_INVALID_PARAM). ACL_ERROR_INVALID_MODEL_ID for an id not loaded
 * (or already unloaded). */
/* aclFinalize: stop the queue worker of every model loaded with queues (each returns from
 * the execution under way and starts none), leaving the models loaded; a later
 * aclmdlUnload has no worker to stop. Called without the runtime's lock (an execution may
 * take it). */
void core_mdl_queues_stop_all(void);
aclError core_mdl_unload(uint32_t id, uint32_t bundle, const char *fn);
/* A fresh id from the model ids' sequence (bundles take theirs there, so a
 * bundle id is never a model id); 0 when none is left. */
uint32_t core_mdl_new_id(void);
/* aclmdlSetAttribute / aclmdlGetAttribute of ACL_MDL_ATTR_PRIORITY_INT32:
 * set (value in the stream priority range, else ACL_ERROR_INVALID_PARAM) or
 * read model id's priority; ACL_ERROR_GE_EXEC_MODEL_ID_INVALID for an id not
 * loaded (GE's code). */
aclError core_mdl_priority(uint32_t id, bool set, uint32_t *value, const char *fn);
/* Fill d with the description of loaded model id. */
aclError core_mdl_get_desc(aclmdlDesc *d, uint32_t id, const char *fn);
/* A copy of loaded model id's meta file (its io and AIPP sections): *copy
 * (free() it), *len bytes. */
aclError core_mdl_meta(uint32_t id, void **copy, size_t *len, const char *fn);
/* Run model id over the datasets: sync (stream ignored) or queued on stream.
 * Dataset counts and buffers smaller than the model's inputs/outputs are
 * ACL_ERROR_INVALID_PARAM naming the index and the sizes. */
aclError core_mdl_execute(uint32_t id, const aclmdlDataset *in, aclmdlDataset *out,
                          aclrtStream stream, bool sync, const char *fn);

/* aclmdlExecuteV2 (async false) / aclmdlExecuteAsyncV2 with configuration
 * h (NULL: none, as aclmdlExecute / aclmdlExecuteAsync): output buffers
 * given empty (NULL data, size 0) get memory of the output's size from
 * aclrtMalloc, the caller's to free; ACL_MDL_WORK_ADDR_PTR smaller than the
 * work size (ACL_MDL_WORK_SIZET) is ACL_ERROR_INVALID_PARAM; a synchronous
 * execution waits at most ACL_MDL_STREAM_SYNC_TIMEOUT ms (-1: forever). */
aclError core_mdl_execute_v2(uint32_t id, const aclmdlDataset *in, aclmdlDataset *out,
                             aclrtStream stream, const aclmdlExecConfigHandle *h, bool async,
                             const char *fn);

/* A reference on loaded model id, as an execution holds (NULL when id is not
 * loaded): *d its description, *g its gears (NULL without). Drop it with
 * core_mdl_release. */
struct core_mdl_geared;
void *core_mdl_acquire(uint32_t id, const aclmdlDesc **d, struct core_mdl_geared **g);
void core_mdl_release(void *ref);
/* Output index of loaded model id, a dynamic-shape model (its io dims [-2]): the
 * dims its latest execution's plan gave it into out; false when id is no such
 * model or has not executed (out untouched). */
bool core_mdl_dyn_cur_output(uint32_t id, size_t index, aclmdlIODims *out);

#endif /* CPUACL_CORE_MDL_LOAD_H */
