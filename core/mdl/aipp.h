/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Dynamic AIPP parameter sets (aclmdlAIPP, acl/acl_mdl.h), object side of
 * the AIPP calls of core/api/mdl.c: the image format, source size and colour
 * conversion of the whole set, and per batch entry the crop, scaling,
 * padding and normalisation an execution applies to an input before the
 * model reads it (the executor reads the fields below).
 *
 * Each setter checks its values against AscendCL's documented ranges (one
 * place: the static AIPP configuration of the converter reuses them) and
 * stores them; a switch of 0 stores the switch alone. Checks that relate
 * several setters (a crop inside the source image, a scaling input equal to
 * the crop) belong to the executor, which sees the whole set and the model.
 * A plain heap object: the caller owns and synchronises it; nothing locks.
 */
#ifndef CPUACL_CORE_MDL_AIPP_H
#define CPUACL_CORE_MDL_AIPP_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "acl/acl_mdl.h"

/* The switched stages of one image, each a switch and four values. */
enum core_mdl_aipp_stage {
    CORE_MDL_AIPP_CROP,    /* start W, start H, size W, size H */
    CORE_MDL_AIPP_SCF,     /* scaling: input W, input H, output W, output H */
    CORE_MDL_AIPP_PADDING, /* top, bottom, left, right */
    CORE_MDL_AIPP_STAGES
};

struct core_mdl_aipp_batch {
    struct {
        int8_t on;
        int32_t v[4];
    } stage[CORE_MDL_AIPP_STAGES];
    int16_t mean[4];
    float min[4], var_reci[4]; /* rounded to float16, as AscendCL holds them */
};

struct aclmdlAIPP {
    uint64_t batch;
    aclAippInputFormat format; /* 0 until set */
    int8_t csc_switch, rbuv_swap, ax_swap;
    int32_t src_w, src_h; /* 0 until set */
    int16_t matrix[9];    /* row-major R0C0 .. R2C2 */
    uint8_t out_bias[3], in_bias[3];
    float pad_value;                /* a static configuration's padding_value */
    uint8_t src_auto;               /* a static configuration's source from the gear */
    struct core_mdl_aipp_batch b[]; /* batch entries */
};

/* A set for batch (> 0) images: switches off, variance reciprocals 1.0.
 * NULL with ACL_ERROR_INVALID_PARAM (batch 0) or ACL_ERROR_BAD_ALLOC recorded
 * naming fn. */
aclmdlAIPP *core_mdl_aipp_new(uint64_t batch, const char *fn);
void core_mdl_aipp_free(const aclmdlAIPP *a);
/* The bytes of AscendCL's dynamic-AIPP parameter input for batch images:
 * a 64-byte block for the set and 96 per image. */
aclError core_mdl_aipp_data_size(uint64_t batch, size_t *size, const char *fn);

/* The setters; ACL_ERROR_INVALID_PARAM naming fn and the parameter for a
 * value out of its range or a batch index >= the set's batch. */
aclError core_mdl_aipp_set_format(aclmdlAIPP *a, aclAippInputFormat format, const char *fn);
aclError core_mdl_aipp_set_csc(aclmdlAIPP *a, int8_t sw, const int16_t matrix[9],
                               const uint8_t out_bias[3], const uint8_t in_bias[3], const char *fn);
/* which: 0 the R/B-U/V swap, 1 the A/X swap. */
aclError core_mdl_aipp_set_swap(aclmdlAIPP *a, int which, int8_t sw, const char *fn);
aclError core_mdl_aipp_set_src_size(aclmdlAIPP *a, int32_t w, int32_t h, const char *fn);
/* Stage stage of image batch_index: switch sw and, when on, v[4]. */
aclError core_mdl_aipp_set_stage(aclmdlAIPP *a, enum core_mdl_aipp_stage stage, int8_t sw,
                                 const int32_t v[4], uint64_t batch_index, const char *fn);
aclError core_mdl_aipp_set_mean(aclmdlAIPP *a, const int16_t mean[4], uint64_t batch_index,
                                const char *fn);
/* which: 0 the minimums, 1 the variance reciprocals. */
aclError core_mdl_aipp_set_norm(aclmdlAIPP *a, int which, const float v[4], uint64_t batch_index,
                                const char *fn);

/* ---- the AIPP section of a model file (docs/mdl.md, "Section 5: aipp") ---- */

struct core_mdl_aipp_entry {
    uint32_t input;        /* the model input AIPP applies to */
    uint32_t mode;         /* 1 static, 2 dynamic */
    uint32_t params_input; /* dynamic: the ACL_DYNAMIC_AIPP_NAME input; else UINT32_MAX */
    uint32_t image_nd;
    int64_t image_dims[4];         /* the input as aclmdlGetInputDims gives it */
    int32_t out_dtype, out_format; /* the tensor AIPP writes (the original input) */
    int64_t out_dims[4];
    uint64_t max_src;           /* dynamic: max_src_image_size */
    uint32_t block_len;         /* static: the parameter block (core/aipp.h) */
    const unsigned char *block; /* into the section's bytes */
};

/* Decode section bytes [p, p + len): *out (free() it; entries point into
 * p), *n entries. ACL_ERROR_DESERIALIZE_MODEL naming fn when malformed. */
aclError core_mdl_aipp_section_decode(const void *p, size_t len, struct core_mdl_aipp_entry **out,
                                      size_t *n, const char *fn);

/* A model with H*W gears and dynamic AIPP (its Aipp output's H and W the
 * gear's): the index of its ACL_DYNAMIC_AIPP_NAME input, from the AIPP
 * section [sec, sec + len) (NULL: none); -1 when it has none. */
long core_mdl_aipp_hw_params(const void *sec, size_t len);
/* Before an execution of such a model at the H*W gear (h, w): the parameter
 * block at params (plen bytes) is one and its source is h x w.
 * ACL_ERROR_INVALID_PARAM naming fn otherwise. */
aclError core_mdl_aipp_check_gear(const void *params, size_t plen, uint64_t h, uint64_t w,
                                  const char *fn);

/* The AIPP calls on a loaded model (aclmdlGetAippType, aclmdlGetFirstAippInfo,
 * aclmdlSetInputAIPP with by_data false, aclmdlSetAIPPByInputIndex with
 * by_data true); docs/aipp.md gives their codes. */
aclError core_mdl_aipp_type(uint32_t id, size_t index, aclmdlInputAippType *type, size_t *attached,
                            const char *fn);
aclError core_mdl_aipp_info(uint32_t id, size_t index, aclAippInfo *info, const char *fn);
aclError core_mdl_aipp_set_input(uint32_t id, aclmdlDataset *ds, size_t index, bool by_data,
                                 const aclmdlAIPP *a, const char *fn);

#endif /* CPUACL_CORE_MDL_AIPP_H */
