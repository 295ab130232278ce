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
    /* NULL, or one [min, max] a dim (the io section's shape range): an output whose dims
     * are data-dependent has -1 dims with their bounds as the maxima, size their product */
    const int64_t (*ranges)[2];
};

/* A model file of nin inputs and nout outputs (io[0, nin) then the
 * outputs), the graph section (glen bytes) and the weights section (wlen
 * bytes, none when 0), needing work_size bytes of working memory: *out
 * (free() it), *len bytes. ACL_ERROR_INVALID_PARAM / BAD_ALLOC naming fn. */
aclError core_mdl_model_write(const struct core_mdl_io *io, size_t nin, size_t nout,
                              const void *graph, size_t glen, const void *weights, size_t wlen,
                              uint64_t work_size, void **out, size_t *len, const char *fn);
/* Dynamic gears of a model (docs/mdl.md, "Section 4: gears"): kind 1
 * batch, 2 H*W, 3 dims (enum core_mdl_gear_kind of core/mdl/desc.h), count
 * gears of width values each. */
struct core_mdl_gear_table {
    int kind;
    size_t count, width;
    const uint64_t *values; /* count x width */
    /* H*W only, per input (NULL: none): the input is a YUV420SP_U8 image of
     * static AIPP, whose bytes hold 1.5 rows a pixel row: its height dim is
     * the gear's height x 3 / 2 (core_mdl_aipp_gear_rows) */
    const bool *yuv_rows;
};
/* core_mdl_model_write with a gears section (gears NULL or count 0: none);
 * the io entries must then end with the gear input (ACL_DYNAMIC_TENSOR_NAME). */
aclError core_mdl_model_write_gears(const struct core_mdl_io *io, size_t nin, size_t nout,
                                    const struct core_mdl_gear_table *gears, const void *graph,
                                    size_t glen, const void *weights, size_t wlen,
                                    uint64_t work_size, void **out, size_t *len, const char *fn);
/* Whether gears t fit inputs whose dims (ndims[i] each, concatenated) mark
 * the gear dims with -1: NULL, or why not (batch: one -1 in each input that
 * has any; H*W: two, height then width; dims: one value a -1; at least one
 * -1 in all, or hidden > 0: gear dims outside the inputs, the H and W of a
 * dynamic AIPP's output). */
const char *core_mdl_gear_check(const struct core_mdl_gear_table *t, size_t nin,
                                const size_t *ndims, const int64_t *dims, size_t hidden);
/* The inputs' dims at gear g of t: each -1 of dims replaced by its value
 * (a yuv_rows input's height: the value x 3 / 2). */
void core_mdl_gear_fill(const struct core_mdl_gear_table *t, size_t g, size_t nin,
                        const size_t *ndims, const int64_t *dims, int64_t *out);
/* The largest gear (the largest product of its values; the first of equals),
 * the one a model runs when none is selected. */
size_t core_mdl_gear_largest(const struct core_mdl_gear_table *t);
/* Add the AIPP section (slen bytes at sec, written by graph/'s
 * INSERT_OP_FILE) to the model file *buf of *len bytes, and give each image
 * input it names its V1 dims (the io section's dims become its V2 dims when
 * they differ): *buf and *len replaced. On failure *buf is freed and NULL;
 * ACL_ERROR_BAD_ALLOC / ACL_ERROR_INVALID_PARAM naming fn. */
aclError core_mdl_model_add_aipp(void **buf, size_t *len, const void *sec, size_t slen,
                                 const char *fn);
/* rows[i] (nin of them) of the AIPP section (slen bytes at sec; NULL: none):
 * input i is the YUV420SP_U8 image of a static AIPP whose source is the H*W
 * gear's (struct core_mdl_gear_table's yuv_rows). ACL_ERROR_DESERIALIZE_MODEL
 * for a malformed section, BAD_ALLOC; messages prefixed by fn. */
aclError core_mdl_aipp_gear_rows(const void *sec, size_t slen, size_t nin, bool *rows,
                                 const char *fn);
/* An aclmdlModel (aclgrphBuildModelFromFile / FromData, aclmdlLoadFromModel):
 * a validated, loadable model file image held in memory. core_mdl_image_new
 * copies len bytes at buf into *out (a model file with a graph section, not
 * a bundle: else the reader's codes or ACL_ERROR_PARSE_MODEL);
 * core_mdl_image_view gives its bytes, NULL when img is not one. */
aclError core_mdl_image_new(const void *buf, size_t len, void **out, const char *fn);
const void *core_mdl_image_view(const void *img, size_t *len);
void core_mdl_image_free(const void *img);
/* The whole of the file at path in *buf (free() it), *len bytes: the
 * model reader's codes (ACL_ERROR_INVALID_FILE, READ_MODEL_FAILURE). */
aclError core_mdl_model_read(const char *path, void **buf, size_t *len, const char *fn);
/* A bundle (docs/mdl.md, "Bundles") of the n model files models[k]
 * (lens[k] bytes each, 1 <= n <= 63, each a loadable model, none a bundle):
 * *out (free() it), *len bytes. ACL_ERROR_INVALID_PARAM naming fn for a
 * count out of range, a model file's reader codes for a bad model. */
aclError core_mdl_bundle_write(size_t n, const void *const *models, const size_t *lens, void **out,
                               size_t *len, const char *fn);
/* Write len bytes to path (replaced atomically); ACL_ERROR_INVALID_FILE. */
aclError core_mdl_model_save(const char *path, const void *buf, size_t len, const char *fn);

/* ---- the provider of model graphs ------------------------------------------ */

/* A model with gears as the provider compiles it: one plan a gear. The
 * graph has nin inputs (the model's inputs but the gear input) and nout
 * outputs. */
struct core_mdl_gear_plan {
    size_t ngears, nin, nout;
    const int32_t *in_dtype, *in_format; /* per input: aclDataType, aclFormat */
    const size_t *in_ndims;              /* per input */
    const int64_t *in_dims; /* gear g's dims of every input, concatenated, at g * in_stride */
    size_t in_stride;
    const size_t *in_size;   /* gear g's input bytes at g * nin */
    const size_t *out_ndims; /* per output (the io section's, at the largest gear) */
    const size_t *out_size;  /* per output: the largest bytes a gear may produce */
    int64_t *out_dims;       /* filled by the provider: gear g's output dims at g * out_stride */
    size_t out_stride;
    /* H*W gears: gear g's height and width at 2 * g, which the graph's Aipp
     * outputs of unknown H and W take; NULL for other kinds */
    const uint64_t *hw;
};

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
    /* Compile the graph once for each gear of plan (its inputs' dims fixed
     * to the gear's): models[g] is gear g's model (for execute and
     * release), its output dims written to plan->out_dims. Codes as load's;
     * an output whose rank differs from the io section's or whose bytes
     * exceed out_size is ACL_ERROR_PARSE_MODEL. On failure no model is left. */
    aclError (*load_gears)(const void *graph, size_t glen, const void *weights, size_t wlen,
                           const struct core_mdl_gear_plan *plan, void **models, const char *fn);
    /* Wait for the executions queued on the model, then free it. */
    void (*release)(void *model);
    /* Feed loaded model id from acltdt queues (aclmdlLoadFrom*WithQ):
     * q[0, nin) its input queues, q[nin, nin + nout) its output queues,
     * size[k] the bytes of input (output) k; *worker until queue_stop, which
     * returns when the worker has stopped (after the execution under way). */
    aclError (*queue_start)(uint32_t id, const uint32_t *q, size_t nin, size_t nout,
                            const size_t *size, void **worker, const char *fn);
    void (*queue_stop)(void *worker);
    /* The model-subscription tag of model's next executions (core/obs.h,
     * core_prof_sub_tag; 0: none): while non-zero, each op an execution runs
     * is timed and reported with core_prof_sub_op. Cheap: called before
     * every execution. */
    void (*prof_tag)(void *model, uint32_t tag);
    /* A dynamic-shape model's (docs/mdl.md, "Dynamic-shape models") output `index` as
     * its latest execution's plan gave it: its dims (at most ACL_MAX_DIM_CNT) into
     * dims, their count into *nd; false for another model, or before an execution. */
    bool (*cur_output)(void *model, size_t index, int64_t *dims, size_t *nd);
};

/* Install the provider (once, at load; later calls replace it). */
void core_mdl_provide(const struct core_mdl_provider *p);

#endif /* CPUACL_CORE_MDL_H */
