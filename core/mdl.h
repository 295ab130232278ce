/* SPDX-License-Identifier: Apache-2.0 */
/*
 * core/mdl.h: the mdl room's interface to the layers above it (graph/):
 * writing a model file from a compiled graph's description (the io section
 * through core/mdl/desc.c's encoder, the graph and weights sections as the
 * graph layer serialised them), and the provider of model graphs.
 *
 * core/ runs no graph itself: aclmdlLoad* hands the graph and weights
 * sections of a model file to the provider (installed once by graph/ from a
 * constructor with core_mdl_provide), which decodes and compiles them;
 * aclmdlExecute* checks the datasets against the io section and asks the
 * provider to run. Until a provider is installed a load fails with
 * ACL_ERROR_FEATURE_UNSUPPORTED.
 */
#ifndef CPUACL_CORE_MDL_H
#define CPUACL_CORE_MDL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "acl/acl_base.h"
#include "acl/acl_rt.h"

/* One model input or output as the io section describes it. */
struct core_mdl_io {
    const char *name;
    aclDataType dtype;
    aclFormat format;
    size_t ndims;
    const int64_t *dims;
    size_t size; /* bytes */
};

/* A model file of nin inputs and nout outputs (io[0, nin) then the
 * outputs), the graph section (glen bytes) and the weights section (wlen
 * bytes, none when 0), needing work_size bytes of working memory: *out
 * (free() it), *len bytes. ACL_ERROR_INVALID_PARAM / BAD_ALLOC naming fn. */
aclError core_mdl_model_write(const struct core_mdl_io *io, size_t nin, size_t nout,
                              const void *graph, size_t glen, const void *weights, size_t wlen,
                              uint64_t work_size, void **out, size_t *len, const char *fn);
/* Add the AIPP section (slen bytes at sec, written by graph/'s
 * INSERT_OP_FILE) to the model file *buf of *len bytes, and give each image
 * input it names its V1 dims (the io section's dims become its V2 dims when
 * they differ): *buf and *len replaced. On failure *buf is freed and NULL;
 * ACL_ERROR_BAD_ALLOC / ACL_ERROR_INVALID_PARAM naming fn. */
aclError core_mdl_model_add_aipp(void **buf, size_t *len, const void *sec, size_t slen,
                                 const char *fn);
/* Write len bytes to path (replaced atomically); ACL_ERROR_INVALID_FILE. */
aclError core_mdl_model_save(const char *path, const void *buf, size_t len, const char *fn);

/* ---- the provider of model graphs ------------------------------------------ */

struct core_mdl_provider {
    /* Decode the graph section (glen bytes at graph) with its weights
     * section (wlen bytes, may be 0) and compile it: the model has nin
     * inputs and nout outputs of these byte sizes (the io section's).
     * ACL_ERROR_DESERIALIZE_MODEL for malformed bytes, ACL_ERROR_PARSE_MODEL
     * for a well-formed graph that does not compile or does not match the
     * io section, ACL_ERROR_BAD_ALLOC; messages prefixed by fn. */
    aclError (*load)(const void *graph, size_t glen, const void *weights, size_t wlen, size_t nin,
                     const size_t *in_size, size_t nout, const size_t *out_size, void **model,
                     const char *fn);
    /* Run model once: in/out are the dataset addresses (sizes checked by
     * the caller). sync: on the model's own stream, returning when done;
     * else queued on stream. ACL_SUCCESS or a code with its message. */
    aclError (*execute)(void *model, aclrtStream stream, bool sync, void *const *in,
                        const size_t *in_size, void *const *out, const size_t *out_size,
                        const char *fn);
    /* Wait for the executions queued on the model, then free it. */
    void (*release)(void *model);
};

/* Install the provider (once, at load; later calls replace it). */
void core_mdl_provide(const struct core_mdl_provider *p);

#endif /* CPUACL_CORE_MDL_H */
