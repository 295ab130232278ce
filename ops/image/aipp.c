/* SPDX-License-Identifier: Apache-2.0 */
/*
 * AIPP, the kernel of CANN's Aipp operator (ops/image/image.h). One output
 * row at a time, in four passes over row buffers so that each inner loop is
 * a plain loop over pixels the compiler vectorises:
 *   1. load: the source row's three channels as int32 (the format's byte
 *      layout, the R/B-U/V and A/X swaps);
 *   2. csc: the 3x3 fixed-point matrix (>> 8) with the input or output
 *      biases, clamped to [0, 255], when csc_switch is on;
 *   3. normalise: (x - mean - min) * var_reci per channel, in float;
 *   4. store: float16 or float32, planar (NCHW) or interleaved (NHWC);
 * padding rows and columns get the padding value. docs/aipp.md states each
 * formula with its source.
 */
#include <stdlib.h>
#include <string.h>

#include "core/aipp.h"
#include "core/err.h"
#include "core/half.h"
#include "ops/image/image.h"

#define MAX_W (4096 + 64) /* a source or crop width plus padding */

struct row {
    int32_t ch[3][MAX_W];
    float f[3][MAX_W];
};

static int32_t clamp255(int32_t v)
{
    return v < 0 ? 0 : v > 255 ? 255 : v;
}

/* Three channels of w pixels packed `step` bytes apart (inlined with a
 * constant step, so each format's loop is vectorised for its stride). */
static inline __attribute__((always_inline)) void load_packed(const uint8_t *p, int step, int64_t w,
                                                              int32_t *c0, int32_t *c1, int32_t *c2)
{
    for (int64_t x = 0; x < w; x++) {
        c0[x] = p[step * x];
        c1[x] = p[step * x + 1];
        c2[x] = p[step * x + 2];
    }
}

/* Pass 1: w pixels of source row sy from column sx0 into r->ch. */
static void load_row(const struct core_aipp_set *s, const uint8_t *img, int64_t sy, int64_t sx0,
                     int64_t w, struct row *r)
{
    int32_t *c0 = r->ch[0], *c1 = r->ch[1], *c2 = r->ch[2];
    int64_t W = s->src_w;
    switch (s->format) {
    case ACL_RGB888_U8:
        load_packed(img + (sy * W + sx0) * 3, 3, w, c0, c1, c2);
        break;
    case ACL_XRGB8888_U8:
        /* R G B X; with ax_swap the A/X byte comes first, X R G B (the ATC
         * guide: XRGB package with ax_swap_switch true, RGBX with false) */
        load_packed(img + (sy * W + sx0) * 4 + (s->ax_swap ? 1 : 0), 4, w, c0, c1, c2);
        break;
    case ACL_YUV420SP_U8: {
        /* NV12: the Y plane, then H/2 rows of interleaved U V, one pair a
         * 2x2 block; rbuv_swap reads V U (NV21) */
        const uint8_t *y = img + sy * W + sx0;
        const uint8_t *uv = img + W * (int64_t)s->src_h + (sy / 2) * W;
        for (int64_t x = 0; x < w; x++) {
            int64_t k = (sx0 + x) & ~(int64_t)1;
            c0[x] = y[x];
            c1[x] = uv[k];
            c2[x] = uv[k + 1];
        }
        break;
    }
    default: { /* YUV400_U8 */
        const uint8_t *y = img + sy * W + sx0;
        for (int64_t x = 0; x < w; x++)
            c0[x] = y[x];
        break;
    }
    }
    if (s->rbuv_swap && s->format != ACL_YUV400_U8)
        for (int64_t x = 0; x < w; x++) {
            int32_t t = c0[x];
            c0[x] = c2[x];
            c2[x] = t;
        }
}

/* Pass 2. YUV sources: out = (M (in - input_bias)) >> 8; RGB sources:
 * out = ((M in) >> 8) + output_bias; each clamped to [0, 255]. The shift is
 * arithmetic (rounds towards minus infinity). */
static void csc_row(const struct core_aipp_set *s, int64_t w, struct row *r)
{
    bool yuv = s->format == ACL_YUV420SP_U8;
    int32_t ib[3], ob[3], m[9];
    for (int k = 0; k < 3; k++) {
        ib[k] = yuv ? s->in_bias[k] : 0;
        ob[k] = yuv ? 0 : s->out_bias[k];
    }
    for (int k = 0; k < 9; k++)
        m[k] = s->matrix[k];
    int32_t *c0 = r->ch[0], *c1 = r->ch[1], *c2 = r->ch[2];
    for (int64_t x = 0; x < w; x++) {
        int32_t a = c0[x] - ib[0], b = c1[x] - ib[1], c = c2[x] - ib[2];
        int32_t o0 = ((m[0] * a + m[1] * b + m[2] * c) >> 8) + ob[0];
        int32_t o1 = ((m[3] * a + m[4] * b + m[5] * c) >> 8) + ob[1];
        int32_t o2 = ((m[6] * a + m[7] * b + m[8] * c) >> 8) + ob[2];
        c0[x] = clamp255(o0);
        c1[x] = clamp255(o1);
        c2[x] = clamp255(o2);
    }
}

/* Pass 3: channel k of w pixels into f[k], starting at column x0 of f. */
static void normalise_row(const struct core_aipp_image *im, int nc, int64_t x0, int64_t w,
                          struct row *r)
{
    for (int k = 0; k < nc; k++) {
        const int32_t *c = r->ch[k];
        float *f = r->f[k] + x0;
        float mean = (float)im->mean[k], min = im->min[k], var = im->var_reci[k];
        for (int64_t x = 0; x < w; x++)
            f[x] = ((float)c[x] - mean - min) * var;
    }
}

/* Pass 4: row y of image n. */
static void store_row(const struct ops_aipp_out *o, void *out, int64_t n, int64_t y,
                      const struct row *r)
{
    int64_t W = o->w, C = o->c;
    bool half = o->dtype == ACL_FLOAT16;
    for (int64_t k = 0; k < C; k++) {
        const float *f = r->f[k];
        /* element (n, k, y, 0) and the step between pixels */
        int64_t at = o->nhwc ? ((n * o->h + y) * W) * C + k : ((n * C + k) * o->h + y) * W;
        int64_t step = o->nhwc ? C : 1;
        if (half) {
            uint16_t *d = (uint16_t *)out + at;
            for (int64_t x = 0; x < W; x++)
                d[x * step] = half_f32_to_f16(f[x]);
        } else if (step == 1) { /* NCHW float32: a contiguous row */
            float *d = (float *)out + at;
            for (int64_t x = 0; x < W; x++)
                d[x] = f[x];
        } else {
            float *d = (float *)out + at;
            for (int64_t x = 0; x < W; x++)
                d[x * step] = f[x];
        }
    }
}

int32_t ops_aipp_run(const uint8_t *src, size_t image_bytes, const void *params, size_t plen,
                     void *out, const struct ops_aipp_out *o)
{
    struct core_aipp_set s;
    if (core_aipp_decode(params, plen, &s))
        return core_err(ACL_ERROR_INVALID_PARAM,
                        "Aipp: the AIPP parameters (%zu bytes) are not a parameter block: set "
                        "them with aclmdlSetInputAIPP",
                        plen);
    core_aipp_resolve_src(&s, o->h, o->w); /* static AIPP with H*W gears: the gear's size */
    if (s.batch != 1 && s.batch < (uint64_t)o->n)
        return core_err(ACL_ERROR_INVALID_PARAM,
                        "Aipp: the parameters are for %u images, the input has %lld", s.batch,
                        (long long)o->n);
    struct row *r = malloc(sizeof(*r));
    if (!r)
        return core_err(ACL_ERROR_BAD_ALLOC, "Aipp: out of memory");
    int32_t rc = 0;
    for (int64_t n = 0; n < o->n && !rc; n++) {
        struct core_aipp_image im;
        core_aipp_decode_image(params, s.batch == 1 ? 0 : (uint32_t)n, &im);
        char msg[256];
        if (core_aipp_check(&s, &im, o->h, o->w, o->c, image_bytes, msg, sizeof(msg))) {
            rc = core_err(ACL_ERROR_INVALID_PARAM, "Aipp: image %lld: %s", (long long)n, msg);
            break;
        }
        int64_t top = im.pad ? im.pad_top : 0, left = im.pad ? im.pad_left : 0;
        int64_t cw = im.crop ? im.crop_w : s.src_w, ch = im.crop ? im.crop_h : s.src_h;
        int64_t cx = im.crop ? im.crop_x : 0, cy = im.crop ? im.crop_y : 0;
        const uint8_t *img = src + (size_t)n * image_bytes;
        int nc = (int)o->c;
        for (int64_t y = 0; y < o->h; y++) {
            for (int k = 0; k < nc; k++)
                for (int64_t x = 0; x < o->w; x++)
                    r->f[k][x] = s.pad_value;
            if (y >= top && y < top + ch) {
                load_row(&s, img, cy + y - top, cx, cw, r);
                if (s.csc)
                    csc_row(&s, cw, r);
                normalise_row(&im, nc, left, cw, r);
            }
            store_row(o, out, n, y, r);
        }
    }
    free(r);
    return rc;
}
