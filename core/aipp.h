/* SPDX-License-Identifier: Apache-2.0 */
/*
 * core/aipp.h: the AIPP parameter block, core's interface to the layers
 * above that run AIPP (ops/image's kernel, graph/'s INSERT_OP_FILE).
 *
 * One byte layout carries AIPP's parameters everywhere: AscendCL's
 * dynamic-AIPP parameter input (aclmdlGetAippDataSize bytes: a 64-byte block
 * for the set, then 96 bytes per image). aclmdlSetInputAIPP writes it into
 * the dataset buffer of a dynamic-AIPP model; a static configuration
 * (atc --insert_op_conf, ge.insertOpFile) is the same block stored as a
 * constant. The Aipp operator reads its `params` input in this layout in
 * both cases, so static and dynamic AIPP run the same kernel.
 * docs/aipp.md gives the layout, the formulas and the checks.
 */
#ifndef CPUACL_CORE_AIPP_H
#define CPUACL_CORE_AIPP_H

#include <stddef.h>
#include <stdint.h>

#include "acl/acl_mdl.h"

#define CORE_AIPP_SET_BYTES 64u
#define CORE_AIPP_IMAGE_BYTES 96u
#define CORE_AIPP_MAX_BATCH 127u /* the block's batch count is an int8 */

/* The set: what applies to every image. */
struct core_aipp_set {
    int32_t format; /* aclAippInputFormat */
    int8_t csc, rbuv_swap, ax_swap;
    uint32_t batch;
    int32_t src_w, src_h;
    int16_t matrix[9]; /* row-major R0C0 .. R2C2 */
    uint8_t out_bias[3], in_bias[3];
    float pad_value;  /* cpuacl's: the value of padded pixels (0 from a dynamic set) */
    uint8_t src_auto; /* cpuacl's: the source is the model input's H x W (static AIPP
                         with dynamic H*W gears: src_image_size 0), src_w/h 0 */
};

/* One image's stages. */
struct core_aipp_image {
    int8_t crop, scf, pad;
    int32_t crop_x, crop_y, crop_w, crop_h; /* load_start_pos_w/h, crop_size_w/h */
    int32_t scf_in_w, scf_in_h, scf_out_w, scf_out_h;
    int32_t pad_top, pad_bottom, pad_left, pad_right;
    int16_t mean[4];
    float min[4], var_reci[4]; /* float16 values */
};

/* Bytes of the block of batch images (0 for a batch outside 1 .. 127). */
size_t core_aipp_block_bytes(uint32_t batch);
/* Decode the set of block [p, p + len); -1 when len is too short for the
 * batch it gives (or the batch is 0). */
int core_aipp_decode(const void *p, size_t len, struct core_aipp_set *s);
/* Decode image i (< s->batch) of the block. */
void core_aipp_decode_image(const void *p, uint32_t i, struct core_aipp_image *im);
/* Encode: the block of set s and its s->batch images into out (cap bytes,
 * at least core_aipp_block_bytes(s->batch)). */
void core_aipp_encode(const struct core_aipp_set *s, const struct core_aipp_image *im, void *out);

/* Channels of an image format at the input (YUV420SP: 3, after
 * upsampling its chroma), 0 for a format cpuacl does not run. */
int core_aipp_format_channels(int32_t format);
/* Bytes of a w x h source image of the format (0 for one not run). */
size_t core_aipp_src_bytes(int32_t format, int64_t w, int64_t h);

/* A set whose source size comes from the model input (src_auto) takes
 * out_w x out_h, the H x W of the gear being run (no crop nor padding: the
 * output is the source); any other set is left as it is. */
void core_aipp_resolve_src(struct core_aipp_set *s, int64_t out_h, int64_t out_w);

/* Check image im of set s against the model: a supported format, the crop
 * inside the source (even for YUV420SP), no scaling (cpuacl does not scale),
 * the output out_h x out_w with out_c channels, a source of at most
 * image_bytes bytes. 0, or -1 with a message in msg (cap bytes). */
int core_aipp_check(const struct core_aipp_set *s, const struct core_aipp_image *im, int64_t out_h,
                    int64_t out_w, int64_t out_c, size_t image_bytes, char *msg, size_t cap);

/* The block of a parameter set (aclmdlAIPP) into out (cap bytes); -1 when
 * cap is too small. */
int core_aipp_serialize(const aclmdlAIPP *a, void *out, size_t cap);
/* A static configuration's padding value (the dynamic setters have none). */
void core_aipp_set_pad_value(aclmdlAIPP *a, float v);
/* A static configuration whose source is the model input's H x W (dynamic
 * H*W gears, src_image_size_w/h 0): the block's src_auto. */
void core_aipp_set_src_auto(aclmdlAIPP *a);
/* The batch of a parameter set. */
uint64_t core_aipp_batch(const aclmdlAIPP *a);

#endif /* CPUACL_CORE_AIPP_H */
