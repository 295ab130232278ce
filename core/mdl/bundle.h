/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Bundles (aclmdlBundle*, acl/acl_mdl.h): several models packed in one model
 * file (docs/mdl.md, "Bundles"), as aclgrphBundleBuildModel makes them. The
 * file is a cpuacl model file whose bundle section (id 7) gives the model
 * count and the variable-weight size, and whose sections 8 .. 8 + count - 1
 * each hold one whole model file. This room reads and writes that layout,
 * answers the size queries (aclmdlBundleQueryInfo) and keeps the table of
 * bundle ids: each bundle keeps its image and the ids of the models loaded
 * from it, which core/mdl/load.c marks as the bundle's (aclmdlUnload refuses
 * them).
 *
 * Bundle ids come from the model ids' sequence (core_mdl_new_id), so a bundle
 * id is never a model id. The table is under one mutex, held while a model
 * of the bundle loads, so an unload never frees the image under a load.
 */
#ifndef CPUACL_CORE_MDL_BUNDLE_H
#define CPUACL_CORE_MDL_BUNDLE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "acl/acl_mdl.h"

struct core_mdl_load_opts;

struct aclmdlBundleQueryInfo {
    size_t n;              /* models */
    size_t var_size;       /* variable weights the models share */
    size_t *work, *weight; /* per model: aclmdlQuerySize's sizes */
};

aclmdlBundleQueryInfo *core_mdl_bundle_query_new(void);
void core_mdl_bundle_query_free(aclmdlBundleQueryInfo *q);
/* Fill q from the bundle image [buf, buf + len) (replacing what it held; on
 * failure q is unchanged). Not a model file: the reader's codes; a model file
 * that is no bundle, a malformed bundle section, a missing or malformed
 * model: ACL_ERROR_INVALID_PARAM (GE's code for "not a bundle om") or the
 * reader's codes for the model. */
aclError core_mdl_bundle_query(const void *buf, size_t len, aclmdlBundleQueryInfo *q,
                               const char *fn);

/* A bundle of the image (copied), its variable weights at var (NULL: the
 * bundle's own), var_size bytes. all: load every model now (aclmdlBundleLoad*,
 * whose ids aclmdlBundleGetModelId gives), else none (aclmdlBundleInit*).
 * *id the bundle id. */
aclError core_mdl_bundle_open(const void *buf, size_t len, void *var, size_t var_size, bool all,
                              uint32_t *id, const char *fn);
/* Unload every model loaded from bundle id and forget it. */
aclError core_mdl_bundle_close(uint32_t id, const char *fn);
/* The number of models of bundle id. */
aclError core_mdl_bundle_count(uint32_t id, size_t *n, const char *fn);
/* The id of model index of a bundle opened with all
 * (ACL_ERROR_API_NOT_SUPPORT for one opened without, as GE). */
aclError core_mdl_bundle_model_id(uint32_t id, size_t index, uint32_t *model, const char *fn);
/* Load model index of bundle id with the options o (its bundle field is
 * set here); *model its id. */
aclError core_mdl_bundle_load(uint32_t id, size_t index, struct core_mdl_load_opts *o,
                              uint32_t *model, const char *fn);
/* Unload model of bundle id (ACL_ERROR_INVALID_PARAM when it is not one of
 * the bundle's loaded models). */
aclError core_mdl_bundle_unload(uint32_t id, uint32_t model, const char *fn);

#endif /* CPUACL_CORE_MDL_BUNDLE_H */
