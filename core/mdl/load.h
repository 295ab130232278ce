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

/* Load the model file image [buf, buf + len) (the caller keeps it). work /
 * weight: the caller's memory (NULL: none given); given memory must be at
 * least the sizes aclmdlQuerySize answers (ACL_ERROR_INVALID_PARAM), and is
 * left unused (the model keeps its own). *id on success. */
aclError core_mdl_load(const void *buf, size_t len, void *work, size_t work_size, void *weight,
                       size_t weight_size, uint32_t *id, const char *fn);
/* ACL_ERROR_INVALID_MODEL_ID for an id not loaded (or already unloaded). */
aclError core_mdl_unload(uint32_t id, const char *fn);
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

/* A reference on loaded model id, as an execution holds (NULL when id is not
 * loaded): *d its description, *g its gears (NULL without). Drop it with
 * core_mdl_release. */
struct core_mdl_geared;
void *core_mdl_acquire(uint32_t id, const aclmdlDesc **d, struct core_mdl_geared **g);
void core_mdl_release(void *ref);

#endif /* CPUACL_CORE_MDL_LOAD_H */
