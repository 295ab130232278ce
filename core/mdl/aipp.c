/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Dynamic AIPP parameter sets (aclmdlAIPP): creation, the parameter-block
 * size and the setters with AscendCL's ranges. Their entry points are
 * core/api/mdl.c; docs/mdl.md, "AIPP parameter sets", lists each range.
 */
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/aipp.h"
#include "core/err.h"
#include "core/half.h"
#include "core/mdl/bytes.h"
#include "core/mdl/dataset.h"
#include "core/mdl/desc.h"
#include "core/mdl/file.h"
#include "core/mdl/load.h"
#include "core/mdl.h"
#include "core/mdl/aipp.h"
#include "core/runtime/base.h"
#include "core/runtime/fault.h"

/* AscendCL's documented ranges. */
enum {
    IMAGE_MAX = 4096,     /* source, crop and scaling-input sizes */
    SCF_MIN = 16,         /* scaling sizes */
    SCF_OUT_W_MAX = 1920, /* scaling output width */
    SCF_RATIO = 16,       /* output / input within [1/16, 16] */
    PAD_MAX = 32,         /* each padding size */
    MEAN_MAX = 255,       /* channel means */
    CSC_MIN = -32677,     /* matrix entries: the documented [-32677, 32676] */
    CSC_MAX = 32676,
};
#define MIN_CHN_MAX 255.0f
#define VAR_RECI_MAX 65504.0f /* the largest float16 */

/* Bytes of the parameter block (AscendCL's kAippDynamicPara without its
 * batch entry) and of one batch entry (kAippDynamicBatchPara). */
#define AIPP_SET_BYTES CORE_AIPP_SET_BYTES
#define AIPP_BATCH_BYTES CORE_AIPP_IMAGE_BYTES

aclmdlAIPP *core_mdl_aipp_new(uint64_t batch, const char *fn)
{
    if (!batch) {
        core_err(ACL_ERROR_INVALID_PARAM, "%s: batchSize is 0", fn);
        return NULL;
    }
    aclmdlAIPP *a = NULL;
    if (batch <= (SIZE_MAX - sizeof(*a)) / sizeof(a->b[0]))
        a = core_calloc(1, sizeof(*a) + (size_t)batch * sizeof(a->b[0]));
    if (!a) {
        core_err(ACL_ERROR_BAD_ALLOC, "%s: out of memory for a batch of %llu", fn,
                 (unsigned long long)batch);
        return NULL;
    }
    a->batch = batch;
    for (uint64_t i = 0; i < batch; i++)
        for (int c = 0; c < 4; c++)
            a->b[i].var_reci[c] = 1.0f;
    return a;
}

void core_mdl_aipp_free(const aclmdlAIPP *a)
{
    free((aclmdlAIPP *)a);
}

aclError core_mdl_aipp_data_size(uint64_t batch, size_t *size, const char *fn)
{
    if (!batch || batch > (SIZE_MAX - AIPP_SET_BYTES) / AIPP_BATCH_BYTES)
        return core_err(ACL_ERROR_INVALID_PARAM, "%s: batchSize %llu (must be 1 .. %zu)", fn,
                        (unsigned long long)batch,
                        (size_t)((SIZE_MAX - AIPP_SET_BYTES) / AIPP_BATCH_BYTES));
    *size = AIPP_SET_BYTES + (size_t)batch * AIPP_BATCH_BYTES;
    return ACL_SUCCESS;
}

/* v within [lo, hi], else ACL_ERROR_INVALID_PARAM naming fn and what. */
static aclError range(int64_t v, int64_t lo, int64_t hi, const char *what, const char *fn)
{
    if (v < lo || v > hi)
        return core_err(ACL_ERROR_INVALID_PARAM, "%s: %s is %lld, outside [%lld, %lld]", fn, what,
                        (long long)v, (long long)lo, (long long)hi);
    return ACL_SUCCESS;
}

/* The same for n floats (a NaN is outside every range). */
static aclError frange(const float *v, int n, float lo, float hi, const char *what, const char *fn)
{
    for (int i = 0; i < n; i++)
        if (!(v[i] >= lo && v[i] <= hi))
            return core_err(ACL_ERROR_INVALID_PARAM, "%s: %s of channel %d is %g, outside [%g, %g]",
                            fn, what, i, (double)v[i], (double)lo, (double)hi);
    return ACL_SUCCESS;
}

/* Batch entry index of a, or NULL with the error recorded. */
static struct core_mdl_aipp_batch *entry(aclmdlAIPP *a, uint64_t index, const char *fn)
{
    if (index < a->batch)
        return &a->b[index];
    core_err(ACL_ERROR_INVALID_PARAM, "%s: batchIndex %llu, the set's batchSize is %llu", fn,
             (unsigned long long)index, (unsigned long long)a->batch);
    return NULL;
}

/* Check every value of a list against [lo, hi]; names[i] names value i. */
static aclError ranges(const int64_t *v, int n, int64_t lo, int64_t hi, const char *const *names,
                       const char *fn)
{
    for (int i = 0; i < n; i++) {
        aclError rc = range(v[i], lo, hi, names[i], fn);
        if (rc != ACL_SUCCESS)
            return rc;
    }
    return ACL_SUCCESS;
}

aclError core_mdl_aipp_set_format(aclmdlAIPP *a, aclAippInputFormat format, const char *fn)
{
    aclError rc = range(format, ACL_YUV420SP_U8, ACL_RAW24, "inputFormat", fn);
    if (rc == ACL_SUCCESS)
        a->format = format;
    return rc;
}

aclError core_mdl_aipp_set_csc(aclmdlAIPP *a, int8_t sw, const int16_t matrix[9],
                               const uint8_t out_bias[3], const uint8_t in_bias[3], const char *fn)
{
    static const char *const names[9] = {"cscMatrixR0C0", "cscMatrixR0C1", "cscMatrixR0C2",
                                         "cscMatrixR1C0", "cscMatrixR1C1", "cscMatrixR1C2",
                                         "cscMatrixR2C0", "cscMatrixR2C1", "cscMatrixR2C2"};
    int64_t m[9];
    for (int i = 0; i < 9; i++)
        m[i] = matrix[i];
    aclError rc = range(sw, 0, 1, "cscSwitch", fn);
    if (rc == ACL_SUCCESS && sw)
        rc = ranges(m, 9, CSC_MIN, CSC_MAX, names, fn);
    if (rc != ACL_SUCCESS)
        return rc;
    a->csc_switch = sw;
    if (!sw)
        return ACL_SUCCESS;
    for (int i = 0; i < 9; i++)
        a->matrix[i] = matrix[i];
    for (int i = 0; i < 3; i++) {
        a->out_bias[i] = out_bias[i];
        a->in_bias[i] = in_bias[i];
    }
    return ACL_SUCCESS;
}

aclError core_mdl_aipp_set_swap(aclmdlAIPP *a, int which, int8_t sw, const char *fn)
{
    aclError rc = range(sw, 0, 1, which ? "axSwapSwitch" : "rbuvSwapSwitch", fn);
    if (rc == ACL_SUCCESS)
        *(which ? &a->ax_swap : &a->rbuv_swap) = sw;
    return rc;
}

aclError core_mdl_aipp_set_src_size(aclmdlAIPP *a, int32_t w, int32_t h, const char *fn)
{
    aclError rc = range(w, 2, IMAGE_MAX, "srcImageSizeW", fn);
    if (rc == ACL_SUCCESS)
        rc = range(h, 1, IMAGE_MAX, "srcImageSizeH", fn);
    if (rc == ACL_SUCCESS) {
        a->src_w = w;
        a->src_h = h;
    }
    return rc;
}

/* Each stage's switch, value names and ranges (AscendCL's). */
static const struct {
    const char *sw, *names[4];
    int64_t lo[4], hi[4];
} g_stage[CORE_MDL_AIPP_STAGES] = {
    [CORE_MDL_AIPP_CROP] = {"cropSwitch",
                            {"cropStartPosW", "cropStartPosH", "cropSizeW", "cropSizeH"},
                            {0, 0, 1, 1},
                            {IMAGE_MAX - 1, IMAGE_MAX - 1, IMAGE_MAX, IMAGE_MAX}},
    [CORE_MDL_AIPP_SCF] = {"scfSwitch",
                           {"scfInputSizeW", "scfInputSizeH", "scfOutputSizeW", "scfOutputSizeH"},
                           {SCF_MIN, SCF_MIN, SCF_MIN, SCF_MIN},
                           {IMAGE_MAX, IMAGE_MAX, SCF_OUT_W_MAX, IMAGE_MAX}},
    [CORE_MDL_AIPP_PADDING] = {"paddingSwitch",
                               {"paddingSizeTop", "paddingSizeBottom", "paddingSizeLeft",
                                "paddingSizeRight"},
                               {0, 0, 0, 0},
                               {PAD_MAX, PAD_MAX, PAD_MAX, PAD_MAX}},
};

/* Scaling by more than SCF_RATIO either way, in either dimension. */
static bool scf_ratio_bad(const int32_t v[4])
{
    for (int d = 0; d < 2; d++)
        if ((int64_t)v[2 + d] * SCF_RATIO < v[d] || v[2 + d] > (int64_t)v[d] * SCF_RATIO)
            return true;
    return false;
}

aclError core_mdl_aipp_set_stage(aclmdlAIPP *a, enum core_mdl_aipp_stage stage, int8_t sw,
                                 const int32_t v[4], uint64_t batch_index, const char *fn)
{
    struct core_mdl_aipp_batch *e = entry(a, batch_index, fn);
    if (!e)
        return ACL_ERROR_INVALID_PARAM;
    aclError rc = range(sw, 0, 1, g_stage[stage].sw, fn);
    for (int i = 0; sw && i < 4 && rc == ACL_SUCCESS; i++)
        rc = range(v[i], g_stage[stage].lo[i], g_stage[stage].hi[i], g_stage[stage].names[i], fn);
    if (rc == ACL_SUCCESS && sw && stage == CORE_MDL_AIPP_SCF && scf_ratio_bad(v))
        rc = core_err(ACL_ERROR_INVALID_PARAM,
                      "%s: scaling %dx%d to %dx%d: each ratio must be within [1/16, 16]", fn, v[0],
                      v[1], v[2], v[3]);
    if (rc != ACL_SUCCESS)
        return rc;
    e->stage[stage].on = sw;
    for (int i = 0; sw && i < 4; i++)
        e->stage[stage].v[i] = v[i];
    return ACL_SUCCESS;
}

aclError core_mdl_aipp_set_mean(aclmdlAIPP *a, const int16_t mean[4], uint64_t batch_index,
                                const char *fn)
{
    static const char *const names[4] = {"dtcPixelMeanChn0", "dtcPixelMeanChn1", "dtcPixelMeanChn2",
                                         "dtcPixelMeanChn3"};
    struct core_mdl_aipp_batch *e = entry(a, batch_index, fn);
    if (!e)
        return ACL_ERROR_INVALID_PARAM;
    const int64_t v[4] = {mean[0], mean[1], mean[2], mean[3]};
    aclError rc = ranges(v, 4, 0, MEAN_MAX, names, fn);
    if (rc == ACL_SUCCESS)
        for (int c = 0; c < 4; c++)
            e->mean[c] = mean[c];
    return rc;
}

aclError core_mdl_aipp_set_norm(aclmdlAIPP *a, int which, const float v[4], uint64_t batch_index,
                                const char *fn)
{
    struct core_mdl_aipp_batch *e = entry(a, batch_index, fn);
    if (!e)
        return ACL_ERROR_INVALID_PARAM;
    aclError rc = which ? frange(v, 4, -VAR_RECI_MAX, VAR_RECI_MAX, "dtcPixelVarReci", fn)
                        : frange(v, 4, 0.0f, MIN_CHN_MAX, "dtcPixelMin", fn);
    if (rc != ACL_SUCCESS)
        return rc;
    float *dst = which ? e->var_reci : e->min;
    for (int c = 0; c < 4; c++)
        dst[c] = core_f16_to_float(core_float_to_f16(v[c]));
    return ACL_SUCCESS;
}

/* ---- the parameter block (core/aipp.h) ------------------------------------------- */

/* Offsets in the set block and in an image entry (AscendCL's layout; the
 * set block's byte 48 holds cpuacl's padding value, reserved in AscendCL's). */
enum {
    S_FORMAT = 0, /* u8 */
    S_CSC = 1,
    S_RBUV = 2,
    S_AX = 3,
    S_BATCH = 4, /* i8 */
    S_SRC_W = 8, /* i32 */
    S_SRC_H = 12,
    S_MATRIX = 16,   /* 9 x i16 */
    S_OUT_BIAS = 40, /* 3 x u8 */
    S_IN_BIAS = 43,
    S_PAD_VALUE = 48, /* f32 */
    S_SRC_AUTO = 52,  /* u8, cpuacl's: the source is the model input's H x W */
    I_CROP = 0,       /* i8 switches */
    I_SCF = 1,
    I_PAD = 2,
    I_CROP_V = 8, /* 4 x i32: start W, start H, size W, size H */
    I_SCF_V = 24, /* 4 x i32: in W, in H, out W, out H */
    I_PAD_V = 40, /* 4 x i32: top, bottom, left, right */
    I_MEAN = 56,  /* 4 x i16 */
    I_MIN = 64,   /* 4 x float16 */
    I_VAR = 72,   /* 4 x float16 */
};

size_t core_aipp_block_bytes(uint32_t batch)
{
    return batch && batch <= CORE_AIPP_MAX_BATCH ? AIPP_SET_BYTES + batch * AIPP_BATCH_BYTES : 0;
}

static uint16_t get16(const unsigned char *p)
{
    return (uint16_t)(p[0] | p[1] << 8);
}

static void put16(unsigned char *p, uint16_t v)
{
    p[0] = (unsigned char)v;
    p[1] = (unsigned char)(v >> 8);
}

int core_aipp_decode(const void *p, size_t len, struct core_aipp_set *s)
{
    const unsigned char *b = p;
    if (len < AIPP_SET_BYTES)
        return -1;
    memset(s, 0, sizeof(*s));
    s->format = b[S_FORMAT];
    s->csc = (int8_t)b[S_CSC];
    s->rbuv_swap = (int8_t)b[S_RBUV];
    s->ax_swap = (int8_t)b[S_AX];
    int8_t batch = (int8_t)b[S_BATCH];
    s->batch = batch > 0 ? (uint32_t)batch : 0;
    s->src_w = (int32_t)core_mdl_get32(b + S_SRC_W);
    s->src_h = (int32_t)core_mdl_get32(b + S_SRC_H);
    for (int i = 0; i < 9; i++)
        s->matrix[i] = (int16_t)get16(b + S_MATRIX + 2 * i);
    for (int i = 0; i < 3; i++) {
        s->out_bias[i] = b[S_OUT_BIAS + i];
        s->in_bias[i] = b[S_IN_BIAS + i];
    }
    uint32_t pv = core_mdl_get32(b + S_PAD_VALUE);
    memcpy(&s->pad_value, &pv, 4);
    s->src_auto = b[S_SRC_AUTO];
    size_t want = core_aipp_block_bytes(s->batch);
    return want && want <= len ? 0 : -1;
}

/* The stages of an image: switches, then crop, scaling and padding values
 * (4 each, in the block's order). */
static void image_stages(struct core_aipp_image *im, int8_t crop, int8_t scf, int8_t pad,
                         const int32_t v[12])
{
    *im = (struct core_aipp_image){.crop = crop, .scf = scf, .pad = pad};
    int32_t *dst[12] = {&im->crop_x,   &im->crop_y,     &im->crop_w,    &im->crop_h,
                        &im->scf_in_w, &im->scf_in_h,   &im->scf_out_w, &im->scf_out_h,
                        &im->pad_top,  &im->pad_bottom, &im->pad_left,  &im->pad_right};
    for (int k = 0; k < 12; k++)
        *dst[k] = v[k];
}

void core_aipp_decode_image(const void *p, uint32_t i, struct core_aipp_image *im)
{
    const unsigned char *b = (const unsigned char *)p + AIPP_SET_BYTES + i * AIPP_BATCH_BYTES;
    int32_t v[12];
    for (int k = 0; k < 12; k++)
        v[k] = (int32_t)core_mdl_get32(b + I_CROP_V + 4 * k);
    image_stages(im, (int8_t)b[I_CROP], (int8_t)b[I_SCF], (int8_t)b[I_PAD], v);
    for (int c = 0; c < 4; c++) {
        im->mean[c] = (int16_t)get16(b + I_MEAN + 2 * c);
        im->min[c] = half_f16_to_f32(get16(b + I_MIN + 2 * c));
        im->var_reci[c] = half_f16_to_f32(get16(b + I_VAR + 2 * c));
    }
}

void core_aipp_encode(const struct core_aipp_set *s, const struct core_aipp_image *im, void *out)
{
    unsigned char *b = out;
    memset(b, 0, core_aipp_block_bytes(s->batch));
    b[S_FORMAT] = (unsigned char)s->format;
    b[S_CSC] = (unsigned char)s->csc;
    b[S_RBUV] = (unsigned char)s->rbuv_swap;
    b[S_AX] = (unsigned char)s->ax_swap;
    b[S_BATCH] = (unsigned char)s->batch;
    core_mdl_put32(b + S_SRC_W, (uint32_t)s->src_w);
    core_mdl_put32(b + S_SRC_H, (uint32_t)s->src_h);
    for (int i = 0; i < 9; i++)
        put16(b + S_MATRIX + 2 * i, (uint16_t)s->matrix[i]);
    for (int i = 0; i < 3; i++) {
        b[S_OUT_BIAS + i] = s->out_bias[i];
        b[S_IN_BIAS + i] = s->in_bias[i];
    }
    uint32_t pv;
    memcpy(&pv, &s->pad_value, 4);
    core_mdl_put32(b + S_PAD_VALUE, pv);
    b[S_SRC_AUTO] = s->src_auto;
    for (uint32_t i = 0; i < s->batch; i++) {
        unsigned char *e = b + AIPP_SET_BYTES + i * AIPP_BATCH_BYTES;
        const struct core_aipp_image *m = &im[i];
        e[I_CROP] = (unsigned char)m->crop;
        e[I_SCF] = (unsigned char)m->scf;
        e[I_PAD] = (unsigned char)m->pad;
        const int32_t v[12] = {m->crop_x,   m->crop_y,     m->crop_w,    m->crop_h,
                               m->scf_in_w, m->scf_in_h,   m->scf_out_w, m->scf_out_h,
                               m->pad_top,  m->pad_bottom, m->pad_left,  m->pad_right};
        for (int k = 0; k < 12; k++)
            core_mdl_put32(e + I_CROP_V + 4 * k, (uint32_t)v[k]);
        for (int c = 0; c < 4; c++) {
            put16(e + I_MEAN + 2 * c, (uint16_t)m->mean[c]);
            put16(e + I_MIN + 2 * c, half_f32_to_f16(m->min[c]));
            put16(e + I_VAR + 2 * c, half_f32_to_f16(m->var_reci[c]));
        }
    }
}

int core_aipp_format_channels(int32_t format)
{
    switch (format) {
    case ACL_YUV420SP_U8:
    case ACL_RGB888_U8:
    case ACL_XRGB8888_U8:
        return 3;
    case ACL_YUV400_U8:
        return 1;
    default:
        return 0;
    }
}

size_t core_aipp_src_bytes(int32_t format, int64_t w, int64_t h)
{
    if (w <= 0 || h <= 0 || w > IMAGE_MAX || h > IMAGE_MAX)
        return 0;
    size_t px = (size_t)w * (size_t)h;
    switch (format) {
    case ACL_YUV420SP_U8:
        return px * 3 / 2;
    case ACL_RGB888_U8:
        return px * 3;
    case ACL_XRGB8888_U8:
        return px * 4;
    case ACL_YUV400_U8:
        return px;
    default:
        return 0;
    }
}

void core_aipp_resolve_src(struct core_aipp_set *s, int64_t out_h, int64_t out_w)
{
    if (!s->src_auto)
        return;
    /* a gear's H and W are at most INT32_MAX (the gear options' bound) */
    s->src_w = (int32_t)out_w;
    s->src_h = (int32_t)out_h;
}

int core_aipp_check(const struct core_aipp_set *s, const struct core_aipp_image *im, int64_t out_h,
                    int64_t out_w, int64_t out_c, size_t image_bytes, char *msg, size_t cap)
{
    static const char *const names[] = {[ACL_YUV420SP_U8] = "YUV420SP_U8",
                                        [ACL_XRGB8888_U8] = "XRGB8888_U8",
                                        [ACL_RGB888_U8] = "RGB888_U8",
                                        [ACL_YUV400_U8] = "YUV400_U8"};
    if (!core_aipp_format_channels(s->format)) {
        snprintf(msg, cap,
                 "input format %d is not run by cpuacl (YUV420SP_U8 1, XRGB8888_U8 2, "
                 "RGB888_U8 3, YUV400_U8 4)",
                 (int)s->format);
        return -1;
    }
    const char *fname = names[s->format];
    if (s->src_w < 2 || s->src_w > IMAGE_MAX || s->src_h < 1 || s->src_h > IMAGE_MAX) {
        snprintf(msg, cap, "source image %dx%d (W x H) is outside [2, 4096] x [1, 4096]",
                 (int)s->src_w, (int)s->src_h);
        return -1;
    }
    bool yuv420 = s->format == ACL_YUV420SP_U8;
    if (yuv420 && (s->src_w % 2 || s->src_h % 2)) {
        snprintf(msg, cap, "a YUV420SP_U8 source needs an even width and height, not %dx%d",
                 (int)s->src_w, (int)s->src_h);
        return -1;
    }
    size_t need = core_aipp_src_bytes(s->format, s->src_w, s->src_h);
    if (need > image_bytes) {
        snprintf(msg, cap, "a %dx%d %s image is %zu bytes, the model's image input holds %zu",
                 (int)s->src_w, (int)s->src_h, fname, need, image_bytes);
        return -1;
    }
    if (s->csc && s->format == ACL_YUV400_U8) {
        snprintf(msg, cap, "colour-space conversion is not allowed for YUV400_U8");
        return -1;
    }
    if (s->csc > 1 || s->csc < 0 || s->rbuv_swap < 0 || s->rbuv_swap > 1 || s->ax_swap < 0 ||
        s->ax_swap > 1 || im->crop < 0 || im->crop > 1 || im->pad < 0 || im->pad > 1 ||
        im->scf < 0 || im->scf > 1) {
        snprintf(msg, cap, "a switch is neither 0 nor 1");
        return -1;
    }
    for (int i = 0; s->csc && i < 9; i++)
        if (s->matrix[i] < CSC_MIN || s->matrix[i] > CSC_MAX) {
            snprintf(msg, cap, "csc matrix entry %d is %d, outside [%d, %d]", i, (int)s->matrix[i],
                     CSC_MIN, CSC_MAX);
            return -1;
        }
    if (im->scf) {
        snprintf(msg, cap, "scaling (resize) is not run by cpuacl");
        return -1;
    }
    int64_t w = s->src_w, h = s->src_h;
    if (im->crop) {
        if (im->crop_x < 0 || im->crop_y < 0 || im->crop_w < 1 || im->crop_h < 1 ||
            (int64_t)im->crop_x + im->crop_w > s->src_w ||
            (int64_t)im->crop_y + im->crop_h > s->src_h) {
            snprintf(msg, cap,
                     "the crop %dx%d at (%d, %d) (W x H at load_start_pos_w, _h) is not inside "
                     "the %dx%d source image",
                     (int)im->crop_w, (int)im->crop_h, (int)im->crop_x, (int)im->crop_y,
                     (int)s->src_w, (int)s->src_h);
            return -1;
        }
        if (yuv420 && (im->crop_x % 2 || im->crop_y % 2 || im->crop_w % 2 || im->crop_h % 2)) {
            snprintf(msg, cap,
                     "a YUV420SP_U8 crop needs even start positions and sizes, not %dx%d at "
                     "(%d, %d)",
                     (int)im->crop_w, (int)im->crop_h, (int)im->crop_x, (int)im->crop_y);
            return -1;
        }
        w = im->crop_w;
        h = im->crop_h;
    }
    if (im->pad) {
        const int32_t p[4] = {im->pad_top, im->pad_bottom, im->pad_left, im->pad_right};
        for (int k = 0; k < 4; k++)
            if (p[k] < 0 || p[k] > PAD_MAX) {
                snprintf(msg, cap, "a padding size is %d, outside [0, %d]", (int)p[k], PAD_MAX);
                return -1;
            }
        w += im->pad_left + im->pad_right;
        h += im->pad_top + im->pad_bottom;
    }
    if (w != out_w || h != out_h) {
        snprintf(msg, cap,
                 "the AIPP output is %lldx%lld (W x H: crop or source, plus padding), the "
                 "model's input is %lldx%lld",
                 (long long)w, (long long)h, (long long)out_w, (long long)out_h);
        return -1;
    }
    if (out_c != core_aipp_format_channels(s->format)) {
        snprintf(msg, cap, "%s gives %d channels, the model's input has %lld", fname,
                 core_aipp_format_channels(s->format), (long long)out_c);
        return -1;
    }
    return 0;
}

int core_aipp_serialize(const aclmdlAIPP *a, void *out, size_t cap)
{
    size_t need = core_aipp_block_bytes(a->batch > CORE_AIPP_MAX_BATCH ? 0 : (uint32_t)a->batch);
    if (!need || cap < need)
        return -1;
    struct core_aipp_set s = {.format = a->format,
                              .csc = a->csc_switch,
                              .rbuv_swap = a->rbuv_swap,
                              .ax_swap = a->ax_swap,
                              .batch = (uint32_t)a->batch,
                              .src_w = a->src_w,
                              .src_h = a->src_h};
    memcpy(s.matrix, a->matrix, sizeof(s.matrix));
    memcpy(s.out_bias, a->out_bias, 3);
    memcpy(s.in_bias, a->in_bias, 3);
    s.pad_value = a->pad_value;
    s.src_auto = a->src_auto;
    struct core_aipp_image *im = calloc(a->batch, sizeof(*im));
    if (!im)
        return -1;
    for (uint64_t i = 0; i < a->batch; i++) {
        const struct core_mdl_aipp_batch *e = &a->b[i];
        const int32_t *c = e->stage[CORE_MDL_AIPP_CROP].v, *f = e->stage[CORE_MDL_AIPP_SCF].v,
                      *p = e->stage[CORE_MDL_AIPP_PADDING].v;
        int32_t v[12];
        for (int k = 0; k < 4; k++) {
            v[k] = c[k];
            v[4 + k] = f[k];
            v[8 + k] = p[k];
        }
        image_stages(&im[i], e->stage[CORE_MDL_AIPP_CROP].on, e->stage[CORE_MDL_AIPP_SCF].on,
                     e->stage[CORE_MDL_AIPP_PADDING].on, v);
        for (int k = 0; k < 4; k++) {
            im[i].mean[k] = e->mean[k];
            im[i].min[k] = e->min[k];
            im[i].var_reci[k] = e->var_reci[k];
        }
    }
    core_aipp_encode(&s, im, out);
    free(im);
    return 0;
}

void core_aipp_set_pad_value(aclmdlAIPP *a, float v)
{
    a->pad_value = v;
}

void core_aipp_set_src_auto(aclmdlAIPP *a)
{
    a->src_auto = 1;
}

uint64_t core_aipp_batch(const aclmdlAIPP *a)
{
    return a->batch;
}

/* ---- the AIPP section (docs/mdl.md, "Section 5: aipp") --------------------------- */

aclError core_mdl_aipp_section_decode(const void *p, size_t len, struct core_mdl_aipp_entry **out,
                                      size_t *n, const char *fn)
{
    struct core_mdl_reader r = {p, (const unsigned char *)p + len, false};
    uint32_t count = core_mdl_read32(&r);
    struct core_mdl_aipp_entry *e =
        !r.bad && count <= len / 4 ? calloc(count + 1, sizeof(*e)) : NULL;
    const char *why = r.bad || count > len / 4 ? "its entry count" : NULL;
    if (!why && !e)
        return core_err(ACL_ERROR_BAD_ALLOC, "%s: out of memory", fn);
    for (uint32_t i = 0; !why && i < count; i++) {
        struct core_mdl_aipp_entry *x = &e[i];
        x->input = core_mdl_read32(&r);
        x->mode = core_mdl_read32(&r);
        x->params_input = core_mdl_read32(&r);
        x->image_nd = core_mdl_read32(&r);
        for (int k = 0; k < 4; k++)
            x->image_dims[k] = (int64_t)core_mdl_read64(&r);
        x->out_dtype = (int32_t)core_mdl_read32(&r);
        x->out_format = (int32_t)core_mdl_read32(&r);
        for (int k = 0; k < 4; k++)
            x->out_dims[k] = (int64_t)core_mdl_read64(&r);
        x->max_src = core_mdl_read64(&r);
        x->block_len = core_mdl_read32(&r);
        x->block = core_mdl_take(&r, x->block_len);
        struct core_aipp_set s;
        if (r.bad)
            why = "an entry runs past its end";
        else if ((x->mode != 1 && x->mode != 2) || x->image_nd > 4 ||
                 (x->mode == 1 &&
                  (x->block_len == 0 || core_aipp_decode(x->block, x->block_len, &s))) ||
                 (x->mode == 2 && (x->block_len || x->params_input == UINT32_MAX)))
            why = "an entry is not a static or dynamic AIPP entry";
    }
    if (!why && r.p != r.end)
        why = "bytes after the last entry";
    if (why) {
        free(e);
        return core_err(ACL_ERROR_DESERIALIZE_MODEL, "%s: section 5 (aipp) is malformed: %s", fn,
                        why);
    }
    *out = e;
    *n = count;
    return ACL_SUCCESS;
}

aclError core_mdl_aipp_gear_rows(const void *sec, size_t slen, size_t nin, bool *rows,
                                 const char *fn)
{
    for (size_t i = 0; i < nin; i++)
        rows[i] = false;
    if (!sec)
        return ACL_SUCCESS;
    struct core_mdl_aipp_entry *e = NULL;
    size_t n = 0;
    aclError rc = core_mdl_aipp_section_decode(sec, slen, &e, &n, fn);
    for (size_t k = 0; rc == ACL_SUCCESS && k < n; k++) {
        struct core_aipp_set s;
        if (e[k].mode == 1 && e[k].input < nin && !core_aipp_decode(e[k].block, e[k].block_len, &s))
            rows[e[k].input] = s.src_auto && s.format == ACL_YUV420SP_U8;
    }
    free(e);
    return rc;
}

long core_mdl_aipp_hw_params(const void *sec, size_t len)
{
    struct core_mdl_aipp_entry *e = NULL;
    size_t n = 0;
    long pin = -1;
    if (!sec || core_mdl_aipp_section_decode(sec, len, &e, &n, "load"))
        return -1; /* the load has decoded the section already: not reached */
    for (size_t k = 0; k < n && pin < 0; k++) {
        bool nhwc = e[k].out_format == ACL_FORMAT_NHWC;
        if (e[k].mode == 2 && (e[k].out_dims[nhwc ? 1 : 2] < 0 || e[k].out_dims[nhwc ? 2 : 3] < 0))
            pin = (long)e[k].params_input;
    }
    free(e);
    return pin;
}

aclError core_mdl_aipp_check_gear(const void *params, size_t plen, uint64_t h, uint64_t w,
                                  const char *fn)
{
    struct core_aipp_set s;
    if (core_aipp_decode(params, plen, &s))
        return core_err(ACL_ERROR_INVALID_PARAM,
                        "%s: the %s input holds no AIPP parameters: set them with "
                        "aclmdlSetInputAIPP",
                        fn, ACL_DYNAMIC_AIPP_NAME);
    if ((uint64_t)s.src_h != h || (uint64_t)s.src_w != w)
        return core_err(
            ACL_ERROR_INVALID_PARAM,
            "%s: the dynamic AIPP parameters are for a %dx%d (W x H) source, the H*W "
            "gear this execution runs is (%llu,%llu) (height,width): the source must be "
            "the gear's image",
            fn, (int)s.src_w, (int)s.src_h, (unsigned long long)h, (unsigned long long)w);
    return ACL_SUCCESS;
}

aclError core_mdl_model_add_aipp(void **buf, size_t *len, const void *sec, size_t slen,
                                 const char *fn)
{
    struct core_mdl_file f;
    struct core_mdl_aipp_entry *e = NULL;
    size_t ne = 0;
    aclmdlDesc *d = core_mdl_desc_new();
    void *io = NULL, *nb = NULL;
    size_t iolen = 0;
    aclError rc = d ? ACL_SUCCESS : core_err(ACL_ERROR_BAD_ALLOC, "%s: out of memory", fn);
    if (rc == ACL_SUCCESS)
        rc = core_mdl_file_parse(*buf, *len, &f, fn);
    if (rc == ACL_SUCCESS)
        rc = core_mdl_aipp_section_decode(sec, slen, &e, &ne, fn);
    if (rc == ACL_SUCCESS)
        rc = core_mdl_desc_decode(d, &f, fn);
    for (size_t i = 0; rc == ACL_SUCCESS && i < ne; i++) {
        if (e[i].input >= d->n[0]) {
            rc = core_err(ACL_ERROR_INVALID_PARAM, "%s: AIPP on input %u of %zu", fn, e[i].input,
                          d->n[0]);
            break;
        }
        struct core_mdl_tensor *t = &d->t[0][e[i].input];
        bool same = t->dims.n == e[i].image_nd;
        for (size_t k = 0; same && k < t->dims.n; k++)
            same = t->dims.v[k] == e[i].image_dims[k];
        if (same)
            continue;
        rc = core_mdl_desc_set_dims_v2(d, e[i].input, t->dims.n, t->dims.v, fn);
        int64_t *v = rc == ACL_SUCCESS ? malloc(4 * sizeof(int64_t)) : NULL;
        if (rc == ACL_SUCCESS && !v)
            rc = core_err(ACL_ERROR_BAD_ALLOC, "%s: out of memory", fn);
        if (rc == ACL_SUCCESS) {
            memcpy(v, e[i].image_dims, 4 * sizeof(int64_t));
            free(t->dims.v);
            t->dims.v = v;
            t->dims.n = e[i].image_nd;
        }
    }
    if (rc == ACL_SUCCESS)
        rc = core_mdl_desc_encode(d, CORE_MDL_SEC_IO, &io, &iolen, fn);
    struct core_mdl_section s[CORE_MDL_MAX_SECTIONS];
    size_t ns = 0;
    for (size_t i = 0; rc == ACL_SUCCESS && i < f.n; i++) {
        if (f.sec[i].id == CORE_MDL_SEC_AIPP)
            continue;
        s[ns] = f.sec[i];
        if (s[ns].id == CORE_MDL_SEC_IO) {
            s[ns].data = io;
            s[ns].size = iolen;
        }
        ns++;
    }
    if (rc == ACL_SUCCESS && ns == CORE_MDL_MAX_SECTIONS)
        rc = core_err(ACL_ERROR_INVALID_PARAM, "%s: too many sections", fn);
    size_t cap = 0, nlen = 0;
    if (rc == ACL_SUCCESS) {
        s[ns++] = (struct core_mdl_section){CORE_MDL_SEC_AIPP, sec, slen};
        cap = core_mdl_file_size(s, ns);
        nb = cap ? malloc(cap) : NULL;
        if (!nb)
            rc = core_err(ACL_ERROR_BAD_ALLOC, "%s: out of memory (a model of %zu bytes)", fn, cap);
    }
    if (rc == ACL_SUCCESS)
        rc = core_mdl_file_write(s, ns, f.work_size, nb, cap, &nlen, fn);
    free(io);
    free(e);
    core_mdl_desc_free(d);
    free(*buf);
    *buf = NULL;
    if (rc != ACL_SUCCESS) {
        free(nb);
        return rc;
    }
    *buf = nb;
    *len = nlen;
    return ACL_SUCCESS;
}

/* ---- AIPP on a loaded model --------------------------------------------------------- */

/* What the AIPP calls read of loaded model id: its inputs and AIPP entries. */
struct view {
    void *meta;
    aclmdlDesc *d;
    struct core_mdl_aipp_entry *e;
    size_t ne;
};

static void view_free(struct view *v)
{
    free(v->e);
    if (v->d)
        core_mdl_desc_free(v->d);
    free(v->meta);
}

/* Open model id's view; index (when not SIZE_MAX) must name one of its inputs. */
static aclError view_open(struct view *v, uint32_t id, size_t index, const char *fn)
{
    memset(v, 0, sizeof(*v));
    size_t len = 0;
    struct core_mdl_file f;
    aclError rc = core_mdl_meta(id, &v->meta, &len, fn);
    if (rc == ACL_SUCCESS)
        rc = core_mdl_file_parse(v->meta, len, &f, fn);
    if (rc == ACL_SUCCESS && !(v->d = core_mdl_desc_new()))
        rc = core_err(ACL_ERROR_BAD_ALLOC, "%s: out of memory", fn);
    if (rc == ACL_SUCCESS)
        rc = core_mdl_desc_decode(v->d, &f, fn);
    const struct core_mdl_section *s = rc == ACL_SUCCESS ? core_mdl_file_section(&f, 5) : NULL;
    if (s)
        rc = core_mdl_aipp_section_decode(s->data, s->size, &v->e, &v->ne, fn);
    if (rc == ACL_SUCCESS && index != SIZE_MAX && index >= v->d->n[0])
        rc = core_err(ACL_ERROR_INVALID_PARAM, "%s: index %zu, the model has %zu inputs", fn, index,
                      v->d->n[0]);
    if (rc != ACL_SUCCESS)
        view_free(v);
    return rc;
}

/* The entry of data input index, NULL when it has no AIPP. */
static const struct core_mdl_aipp_entry *entry_of(const struct view *v, size_t index)
{
    for (size_t i = 0; i < v->ne; i++)
        if (v->e[i].input == index)
            return &v->e[i];
    return NULL;
}

aclError core_mdl_aipp_type(uint32_t id, size_t index, aclmdlInputAippType *type, size_t *attached,
                            const char *fn)
{
    struct view v;
    aclError rc = view_open(&v, id, index, fn);
    if (rc != ACL_SUCCESS)
        return rc;
    const struct core_mdl_aipp_entry *e = entry_of(&v, index);
    *type = ACL_DATA_WITHOUT_AIPP;
    *attached = 0xFFFFFFFFu;
    if (e && e->mode == 1) {
        *type = ACL_DATA_WITH_STATIC_AIPP;
    } else if (e) {
        *type = ACL_DATA_WITH_DYNAMIC_AIPP;
        *attached = e->params_input;
    }
    for (size_t i = 0; !e && i < v.ne; i++)
        if (v.e[i].mode == 2 && v.e[i].params_input == index)
            *type = ACL_DYNAMIC_AIPP_NODE;
    view_free(&v);
    return ACL_SUCCESS;
}

/* The images entry e's input holds: its batch, or with dynamic batch (a -1
 * batch, as built) the largest gear (CANN: aclmdlCreateAIPP takes it, and the
 * dynamic AIPP input is sized for it). */
static size_t images_of(const struct view *v, const struct core_mdl_aipp_entry *e)
{
    if (e->out_dims[0] > 0)
        return (size_t)e->out_dims[0];
    uint64_t top = 0;
    for (size_t g = 0; v->d->gear_kind == CORE_MDL_GEARS_BATCH && g < v->d->ngears; g++)
        top = v->d->gears[g * v->d->gear_width] > top ? v->d->gears[g * v->d->gear_width] : top;
    return (size_t)top;
}

/* The H and W entry e's AIPP writes: its output's, or for the -1 H and W of
 * dynamic H*W the largest gear's (as GE answers the AIPP queries). */
static void largest_hw(const struct view *v, const struct core_mdl_aipp_entry *e, int64_t hw[2])
{
    bool nhwc = e->out_format == ACL_FORMAT_NHWC;
    hw[0] = e->out_dims[nhwc ? 1 : 2];
    hw[1] = e->out_dims[nhwc ? 2 : 3];
    if ((hw[0] < 0 || hw[1] < 0) && v->d->gear_kind == CORE_MDL_GEARS_HW) {
        struct core_mdl_gear_table t = {CORE_MDL_GEARS_HW, v->d->ngears, 2, v->d->gears, NULL};
        size_t g = core_mdl_gear_largest(&t);
        hw[0] = (int64_t)v->d->gears[2 * g];
        hw[1] = (int64_t)v->d->gears[2 * g + 1];
    }
}

/* dims (n of them) into an aclmdlIODims named name. */
static void io_dims(aclmdlIODims *o, const char *name, size_t n, const int64_t *dims)
{
    snprintf(o->name, sizeof(o->name), "%s", name);
    o->dimCount = n;
    for (size_t k = 0; k < n && k < ACL_MAX_DIM_CNT; k++)
        o->dims[k] = dims[k];
}

aclError core_mdl_aipp_info(uint32_t id, size_t index, aclAippInfo *info, const char *fn)
{
    struct view v;
    aclError rc = view_open(&v, id, index, fn);
    if (rc != ACL_SUCCESS)
        return rc;
    const struct core_mdl_aipp_entry *e = entry_of(&v, index);
    if (!e) {
        view_free(&v);
        return core_err((aclError)ACL_ERROR_GE_AIPP_NOT_EXIST,
                        "%s: input %zu of model %u has no AIPP", fn, index, id);
    }
    memset(info, 0, sizeof(*info));
    if (e->mode == 1) {
        struct core_aipp_set s;
        struct core_aipp_image im;
        core_aipp_decode(e->block, e->block_len, &s);
        core_aipp_decode_image(e->block, 0, &im);
        info->inputFormat = (aclAippInputFormat)s.format;
        info->srcImageSizeW = s.src_w;
        info->srcImageSizeH = s.src_h;
        info->cropSwitch = im.crop;
        info->loadStartPosW = im.crop_x;
        info->loadStartPosH = im.crop_y;
        info->cropSizeW = im.crop_w;
        info->cropSizeH = im.crop_h;
        info->paddingSwitch = im.pad;
        info->leftPaddingSize = im.pad_left;
        info->rightPaddingSize = im.pad_right;
        info->topPaddingSize = im.pad_top;
        info->bottomPaddingSize = im.pad_bottom;
        info->cscSwitch = s.csc;
        info->rbuvSwapSwitch = s.rbuv_swap;
        info->axSwapSwitch = s.ax_swap;
        info->matrixR0C0 = s.matrix[0];
        info->matrixR0C1 = s.matrix[1];
        info->matrixR0C2 = s.matrix[2];
        info->matrixR1C0 = s.matrix[3];
        info->matrixR1C1 = s.matrix[4];
        info->matrixR1C2 = s.matrix[5];
        info->matrixR2C0 = s.matrix[6];
        info->matrixR2C1 = s.matrix[7];
        info->matrixR2C2 = s.matrix[8];
        info->outputBias0 = s.out_bias[0];
        info->outputBias1 = s.out_bias[1];
        info->outputBias2 = s.out_bias[2];
        info->inputBias0 = s.in_bias[0];
        info->inputBias1 = s.in_bias[1];
        info->inputBias2 = s.in_bias[2];
        info->meanChn0 = im.mean[0];
        info->meanChn1 = im.mean[1];
        info->meanChn2 = im.mean[2];
        info->meanChn3 = im.mean[3];
        info->minChn0 = im.min[0];
        info->minChn1 = im.min[1];
        info->minChn2 = im.min[2];
        info->minChn3 = im.min[3];
        info->varReciChn0 = im.var_reci[0];
        info->varReciChn1 = im.var_reci[1];
        info->varReciChn2 = im.var_reci[2];
        info->varReciChn3 = im.var_reci[3];
    }
    const struct core_mdl_tensor *t = &v.d->t[0][index];
    /* the original input (what AIPP writes) */
    info->srcFormat = (aclFormat)e->out_format;
    info->srcDatatype = (aclDataType)e->out_dtype;
    info->srcDimNum = 4;
    info->shapeCount = 1;
    aclAippDims *od = &info->outDims[0];
    io_dims(&od->srcDims, t->name, t->dims.n, t->dims.v);
    od->srcSize = t->size;
    io_dims(&od->aippOutdims, t->name, 4, e->out_dims);
    size_t px = images_of(&v, e); /* at the largest gear with dynamic batch */
    int64_t hw[2];
    largest_hw(&v, e, hw); /* and with H*W gears */
    bool nhwc = e->out_format == ACL_FORMAT_NHWC;
    px *= (size_t)e->out_dims[nhwc ? 3 : 1] * (size_t)hw[0] * (size_t)hw[1];
    od->aippOutSize = px * (e->out_dtype == ACL_FLOAT16 ? 2 : 4);
    view_free(&v);
    return ACL_SUCCESS;
}

/* A dynamic set s (block blk of n images) for a model with H*W gears
 * (count of them, height then width): no image crops, resizes or pads, and
 * the source is the gear the dataset selects (chosen, 0 0 when none is) or
 * else one of the gears: *h, *w the source's. ACL_ERROR_INVALID_PARAM. */
static aclError hw_source(const struct core_aipp_set *s, const unsigned char *blk, uint32_t n,
                          const uint64_t *gears, size_t count, const uint64_t chosen[2], int64_t *h,
                          int64_t *w, const char *fn)
{
    for (uint32_t i = 0; i < n; i++) {
        struct core_aipp_image im;
        core_aipp_decode_image(blk, i, &im);
        if (im.crop || im.scf || im.pad)
            return core_err(ACL_ERROR_INVALID_PARAM,
                            "%s: image %u: a model with dynamic H*W gears takes no crop, resize "
                            "or padding in its dynamic AIPP (the source is the gear's image)",
                            fn, i);
    }
    if (chosen[0] && ((uint64_t)s->src_h != chosen[0] || (uint64_t)s->src_w != chosen[1]))
        return core_err(ACL_ERROR_INVALID_PARAM,
                        "%s: the source image is %dx%d (W x H), the H*W gear the dataset selects "
                        "(aclmdlSetDynamicHWSize) is (%llu,%llu) (height,width)",
                        fn, (int)s->src_w, (int)s->src_h, (unsigned long long)chosen[0],
                        (unsigned long long)chosen[1]);
    for (size_t g = 0; g < count; g++)
        if ((uint64_t)s->src_h == gears[2 * g] && (uint64_t)s->src_w == gears[2 * g + 1]) {
            *h = s->src_h;
            *w = s->src_w;
            return ACL_SUCCESS;
        }
    return core_err(ACL_ERROR_INVALID_PARAM,
                    "%s: the source image is %dx%d (W x H), not the size of one of the model's "
                    "H*W gears (aclmdlSetAIPPSrcImageSize takes the gear's height and width)",
                    fn, (int)s->src_w, (int)s->src_h);
}

aclError core_mdl_aipp_set_input(uint32_t id, aclmdlDataset *ds, size_t index, bool by_data,
                                 const aclmdlAIPP *a, const char *fn)
{
    if (by_data && index >= core_mdl_dataset_count(ds))
        return core_err(ACL_ERROR_INVALID_PARAM, "%s: index %zu, the dataset has %zu buffers", fn,
                        index, core_mdl_dataset_count(ds));
    struct view v;
    aclError rc = view_open(&v, id, index, fn);
    if (rc != ACL_SUCCESS)
        return rc;
    const struct core_mdl_aipp_entry *e = NULL;
    for (size_t i = 0; i < v.ne && !e; i++)
        if (v.e[i].mode == 2 && (by_data ? v.e[i].input : v.e[i].params_input) == index)
            e = &v.e[i];
    if (!e) {
        view_free(&v);
        return by_data
                   ? core_err(ACL_ERROR_FAILURE,
                              "%s: input %zu of model %u has no dynamic AIPP linked", fn, index, id)
                   : core_err(ACL_ERROR_INVALID_PARAM,
                              "%s: input %zu of model %u is not a dynamic AIPP input (%s)", fn,
                              index, id, ACL_DYNAMIC_AIPP_NAME);
    }
    size_t pin = e->params_input, n = images_of(&v, e);
    bool nhwc = e->out_format == ACL_FORMAT_NHWC;
    int64_t c = e->out_dims[nhwc ? 3 : 1], h = e->out_dims[nhwc ? 1 : 2],
            w = e->out_dims[nhwc ? 2 : 3];
    uint64_t max_src = e->max_src;
    bool e_geared = e->out_dims[0] < 0;
    /* dynamic H*W: the source must be a gear's H x W, the one the dataset
     * selects when a setter has (CANN: aclmdlSetAIPPSrcImageSize's size
     * equals aclmdlSetDynamicHWSize's; no crop, resize nor padding) */
    bool hw_gears = h < 0 || w < 0;
    size_t ngears = v.d->ngears, gin = v.d->n[0] - 1;
    uint64_t *gears = NULL, chosen[2] = {0, 0};
    if (hw_gears) {
        gears = malloc(2 * ngears * sizeof(uint64_t) + 1);
        if (gears)
            memcpy(gears, v.d->gears, 2 * ngears * sizeof(uint64_t));
        aclDataBuffer *gb = ds->gear_set ? core_mdl_dataset_buf(ds, gin) : NULL;
        /* as the setter wrote them: uint64 when the buffer holds 16 bytes, else uint32 */
        for (int k = 0; gb && gb->data && gb->size >= 8 && k < 2; k++) {
            if (gb->size >= 16) {
                memcpy(&chosen[k], (const char *)gb->data + 8 * k, 8);
            } else {
                uint32_t x;
                memcpy(&x, (const char *)gb->data + 4 * k, 4);
                chosen[k] = x;
            }
        }
    }
    view_free(&v);
    if (hw_gears && !gears)
        return core_err(ACL_ERROR_BAD_ALLOC, "%s: out of memory", fn);
    if (a->batch != n) {
        free(gears);
        return core_err(ACL_ERROR_INVALID_PARAM,
                        "%s: the parameter set is for %llu images, the model's input has %zu%s", fn,
                        (unsigned long long)a->batch, n,
                        e_geared ? " (its largest batch gear: aclmdlCreateAIPP takes it)" : "");
    }
    size_t need = core_aipp_block_bytes((uint32_t)n);
    unsigned char *blk = malloc(need);
    if (!blk) {
        free(gears);
        return core_err(ACL_ERROR_BAD_ALLOC, "%s: out of memory", fn);
    }
    core_aipp_serialize(a, blk, need);
    struct core_aipp_set s;
    core_aipp_decode(blk, need, &s);
    size_t src = core_aipp_src_bytes(s.format, s.src_w, s.src_h);
    rc = ACL_SUCCESS;
    if (hw_gears)
        rc = hw_source(&s, blk, (uint32_t)n, gears, ngears, chosen, &h, &w, fn);
    free(gears);
    if (rc == ACL_SUCCESS && src && (uint64_t)src * n > max_src)
        rc = core_err(ACL_ERROR_INVALID_PARAM,
                      "%s: %zu images of %dx%d are %llu bytes, more than the model's "
                      "max_src_image_size %llu",
                      fn, n, (int)s.src_w, (int)s.src_h, (unsigned long long)src * n,
                      (unsigned long long)max_src);
    for (uint32_t i = 0; rc == ACL_SUCCESS && i < n; i++) {
        struct core_aipp_image im;
        core_aipp_decode_image(blk, i, &im);
        char msg[256];
        if (core_aipp_check(&s, &im, h, w, c, (size_t)(max_src / n), msg, sizeof(msg)))
            rc = core_err(ACL_ERROR_INVALID_PARAM, "%s: image %u: %s", fn, i, msg);
    }
    aclDataBuffer *b = rc == ACL_SUCCESS ? core_mdl_dataset_buf(ds, pin) : NULL;
    if (rc == ACL_SUCCESS && (!b || !b->data || b->size < need))
        rc = core_err(ACL_ERROR_INVALID_PARAM,
                      "%s: dataset buffer %zu (%s) must hold %zu bytes (aclmdlGetAippDataSize)", fn,
                      pin, ACL_DYNAMIC_AIPP_NAME, need);
    if (rc == ACL_SUCCESS)
        memcpy(b->data, blk, need);
    free(blk);
    return rc;
}
