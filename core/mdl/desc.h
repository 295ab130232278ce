/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Model descriptions (aclmdlDesc, acl/acl_mdl.h), object side of the
 * description calls of core/api/mdl.c: a model's inputs and outputs (name,
 * data type, format, size, dims, dim ranges), its dynamic gears (batch, H*W
 * or dims) and the operator attributes aclmdlGetOpAttr answers.
 *
 * A description is created empty and filled by the constructors below: from
 * the io, gears and op-attrs sections of a model file (core_mdl_desc_decode,
 * aclmdlGetDescFromFile/FromMem) or, for a loaded model, by the loader
 * (core_mdl_desc_bind and core_mdl_desc_set_cur_output for the real output
 * dims after an execution). A plain heap object like aclTensorDesc: the
 * caller owns it and synchronises threads sharing it; nothing here locks.
 * docs/mdl.md, "Model descriptions", is what each getter returns.
 */
#ifndef CPUACL_CORE_MDL_DESC_H
#define CPUACL_CORE_MDL_DESC_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "acl/acl_mdl.h"
#include "core/mdl/file.h"
#include "core/runtime/tensor_desc.h"

struct core_mdl_tensor {
    char *name;
    aclDataType dtype;
    aclFormat format;
    size_t size;              /* bytes, at the largest gear */
    struct core_i64s dims;    /* -1: a dim a gear or the shape range sets */
    struct core_i64s ranges;  /* [min, max] per dim (2 per dim), or none */
    struct core_i64s dims_v2; /* aclmdlGetInputDimsV2's, when unlike dims (static AIPP) */
    struct core_i64s cur;     /* outputs: the dims of the latest execution */
    bool has_cur;
};

enum core_mdl_gear_kind {
    CORE_MDL_GEARS_NONE = 0,
    CORE_MDL_GEARS_BATCH = 1, /* one value a gear: the batch */
    CORE_MDL_GEARS_HW = 2,    /* two: height, width */
    CORE_MDL_GEARS_DIMS = 3,  /* one value for each -1 dim of the inputs, in input order */
};

struct core_mdl_op_attr {
    char *op, *attr, *value;
};

struct aclmdlDesc {
    uint32_t model_id;
    bool loaded; /* describes a loaded model (aclmdlGetDesc), not a file */
    size_t n[2]; /* [0] inputs, [1] outputs */
    struct core_mdl_tensor *t[2];
    enum core_mdl_gear_kind gear_kind;
    size_t ngears, gear_width;
    uint64_t *gears; /* ngears x gear_width */
    size_t nattrs;
    struct core_mdl_op_attr *attrs;
};

/* ---- constructors ---- */

/* An empty description; NULL when out of memory. */
aclmdlDesc *core_mdl_desc_new(void);
void core_mdl_desc_free(aclmdlDesc *d);
/* Back to empty (what aclmdlCreateDesc gives). */
void core_mdl_desc_clear(aclmdlDesc *d);

/* Append an input (output: an output) with copies of name (NULL: ""), dims and
 * nranges [min, max] pairs (0, or one a dim). ACL_ERROR_INVALID_PARAM naming
 * fn for more than ACL_MAX_DIM_CNT dims or a range count unlike the dims';
 * ACL_ERROR_BAD_ALLOC. */
aclError core_mdl_desc_add_tensor(aclmdlDesc *d, bool output, const char *name, aclDataType dtype,
                                  aclFormat format, size_t size, size_t ndims, const int64_t *dims,
                                  size_t nranges, const int64_t (*ranges)[2], const char *fn);
/* The dims aclmdlGetInputDimsV2 reports for input index (< inputs). */
aclError core_mdl_desc_set_dims_v2(aclmdlDesc *d, size_t index, size_t ndims, const int64_t *dims,
                                   const char *fn);
/* The gears: count x width values (kind BATCH: width 1, HW: 2, DIMS: the
 * number of -1 dims of the inputs). ACL_ERROR_INVALID_PARAM naming fn for a
 * width unlike the kind's, more than 128 gears, a value of 0; BAD_ALLOC. */
aclError core_mdl_desc_set_gears(aclmdlDesc *d, enum core_mdl_gear_kind kind, size_t count,
                                 size_t width, const uint64_t *values, const char *fn);
/* Operator op's attribute attr has value (copies; a later pair replaces). */
aclError core_mdl_desc_add_op_attr(aclmdlDesc *d, const char *op, const char *attr,
                                   const char *value, const char *fn);
/* The description is of loaded model model_id. */
void core_mdl_desc_bind(aclmdlDesc *d, uint32_t model_id);
/* The real dims of output index (< outputs) after an execution. */
aclError core_mdl_desc_set_cur_output(aclmdlDesc *d, size_t index, size_t ndims,
                                      const int64_t *dims, const char *fn);

/* Replace d's content by the io, gears and op-attrs sections of file f (an
 * io section is required). ACL_ERROR_DESERIALIZE_MODEL naming fn and the
 * section when one is malformed; BAD_ALLOC. On failure d is unchanged. */
aclError core_mdl_desc_decode(aclmdlDesc *d, const struct core_mdl_file *f, const char *fn);
/* The section id (IO, GEARS or OP_ATTRS) of d, encoded as the decoder reads
 * it: *out (free() it), *len bytes. */
aclError core_mdl_desc_encode(const aclmdlDesc *d, uint32_t id, void **out, size_t *len,
                              const char *fn);

/* ---- getters (NULL arguments are the caller's to refuse) ---- */

/* Input (output: output) index, NULL past the end. */
static inline const struct core_mdl_tensor *core_mdl_desc_tensor(const aclmdlDesc *d, bool output,
                                                                 size_t index)
{
    return index < d->n[output] ? &d->t[output][index] : NULL;
}
/* The bytes of input/output index (aclmdlGet*SizeByIndex): its size, or with
 * -1 dims and a shape range, the size at the range's maxima; 0 past the end
 * (ACL_ERROR_INVALID_PARAM recorded naming fn). */
size_t core_mdl_desc_size(const aclmdlDesc *d, bool output, size_t index, const char *fn);

enum core_mdl_dims_kind { CORE_MDL_DIMS, CORE_MDL_DIMS_V2, CORE_MDL_DIMS_CUR };
/* The name and dims of input/output index into *out. A name too long for
 * out->name is replaced by "acl_modelId_<id>_input_<index>" (or _output_),
 * which aclmdlGetTensorRealName maps back. CUR: a loaded model's output
 * dims of the latest execution (its static dims before one).
 * ACL_ERROR_INVALID_PARAM naming fn for a bad index or a CUR of a
 * description that is not of a loaded model. */
aclError core_mdl_desc_dims(const aclmdlDesc *d, bool output, size_t index,
                            enum core_mdl_dims_kind kind, aclmdlIODims *out, const char *fn);
/* The dim ranges of input index: per dim its [min, max] ([d, d] for a fixed
 * dim without ranges); none for a model with gears. */
aclError core_mdl_desc_dims_range(const aclmdlDesc *d, size_t index, aclmdlIODimsRange *out,
                                  const char *fn);
/* The index of the input/output named name (its real or converted name);
 * ACL_ERROR_INVALID_PARAM naming fn when none is. */
aclError core_mdl_desc_index(const aclmdlDesc *d, bool output, const char *name, size_t *index,
                             const char *fn);
/* The real name of a tensor given its real or converted name; NULL (error
 * recorded naming fn) when no input or output has it. */
const char *core_mdl_desc_real_name(const aclmdlDesc *d, const char *name, const char *fn);
/* The gears: batch (0 of them unless BATCH), HW (0 unless HW). */
void core_mdl_desc_batch(const aclmdlDesc *d, aclmdlBatch *out);
void core_mdl_desc_hw(const aclmdlDesc *d, aclmdlHW *out);
/* Dims gears: their count; each gear as the inputs' dims concatenated with
 * the gear's values in place of the -1s (gearCount >= their count, else
 * ACL_ERROR_INVALID_PARAM naming fn). */
size_t core_mdl_desc_dims_gear_count(const aclmdlDesc *d);
aclError core_mdl_desc_dims_gears(const aclmdlDesc *d, aclmdlIODims *dims, size_t gearCount,
                                  const char *fn);
/* The value of op's attribute attr; NULL when the model has none. */
const char *core_mdl_desc_op_attr(const aclmdlDesc *d, const char *op, const char *attr);

#endif /* CPUACL_CORE_MDL_DESC_H */
