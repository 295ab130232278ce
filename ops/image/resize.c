/* SPDX-License-Identifier: Apache-2.0 */
/*
 * ops/image/resize.c: Resize (CANN's Resize IR type, ONNX's Resize of
 * opsets 11-17): nearest, linear and cubic interpolation of any axes of an
 * N-d tensor, with ONNX's coordinate transformations. The formulas are
 * ONNX's reference ones (onnx/backend/test/case/node/resize.py), for one
 * output coordinate x of an axis of length `in`, scale s:
 *
 *   half_pixel          x' = (x + 0.5) / s - 0.5
 *   pytorch_half_pixel  x' = out > 1 ? (x + 0.5) / s - 0.5 : -0.5
 *   align_corners       x' = s * in == 1 ? 0 : x * (in - 1) / (s * in - 1)
 *   asymmetric          x' = x / s
 *   tf_half_pixel_for_nn x' = (x + 0.5) / s
 *   tf_crop_and_resize  x' = start * (in - 1) + x * (end - start) * (in - 1) / (s * in - 1)
 *                       (s * in == 1: (end - start) * (in - 1) / 2 + start * (in - 1));
 *                       x' outside [0, in - 1] gives extrapolation_value
 *
 * s * in is a real number when scales were given (the reference's
 * output_width), not the floored output length. Nearest takes floor(x') or
 * floor(x') + 1 by nearest_mode (an integer x' itself); linear weighs
 * floor(x') and floor(x') + 1 by 1 - r, r (r = x' - floor(x')); cubic
 * floor(x') - 1 .. floor(x') + 2 by Keys' kernel with coefficient A. Taps
 * outside [0, in) read the edge element, or with exclude_outside weigh 0
 * and the rest are renormalised to sum 1.
 *
 * Every mode is a product of 1-d weights, so the kernel resizes one axis at
 * a time (axes whose mapping is the identity are skipped), in double, and
 * rounds once into the output type.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "core/err.h"
#include "ops/engine/engine.h"
#include "ops/image/image.h"

/* The taps of one output coordinate: n input indices and their weights;
 * extrap: the coordinate lies outside the crop (tf_crop_and_resize). */
struct tap {
    int64_t idx[4];
    double w[4];
    int n;
    bool extrap;
};

static double source_coord(const struct ops_resize *r, int a, int64_t x, bool *extrap)
{
    double in = (double)r->in[a], s = r->scale[a], width = s * in;
    *extrap = false;
    switch (r->coord) {
    case OPS_RESIZE_PYTORCH_HALF_PIXEL:
        return r->out[a] > 1 ? ((double)x + 0.5) / s - 0.5 : -0.5;
    case OPS_RESIZE_ALIGN_CORNERS:
        return width == 1 ? 0 : (double)x * (in - 1) / (width - 1);
    case OPS_RESIZE_ASYMMETRIC:
        return (double)x / s;
    case OPS_RESIZE_TF_HALF_PIXEL_FOR_NN:
        return ((double)x + 0.5) / s;
    case OPS_RESIZE_TF_CROP_AND_RESIZE: {
        double start = r->roi[a], end = r->roi[r->nd + a], v;
        if (width == 1)
            v = (end - start) * (in - 1) / 2;
        else
            v = (double)x * (end - start) * (in - 1) / (width - 1);
        v += start * (in - 1);
        *extrap = v < 0 || v > in - 1;
        return v;
    }
    case OPS_RESIZE_HALF_PIXEL:
    default:
        return ((double)x + 0.5) / s - 0.5;
    }
}

/* Keys' cubic kernel with coefficient A at distance d (|d| < 2). */
static double cubic(double d, double A)
{
    d = fabs(d);
    if (d <= 1)
        return ((A + 2) * d - (A + 3)) * d * d + 1;
    if (d < 2)
        return ((A * d - 5 * A) * d + 8 * A) * d - 4 * A;
    return 0;
}

static void make_tap(const struct ops_resize *r, int a, int64_t x, struct tap *t)
{
    int64_t in = r->in[a];
    double xs = source_coord(r, a, x, &t->extrap);
    double f = floor(xs), ratio = xs - f;
    int64_t base = (int64_t)f;
    if (t->extrap) {
        t->n = 0;
        return;
    }
    switch (r->mode) {
    case OPS_RESIZE_NEAREST: {
        bool up;
        switch (r->round) {
        case OPS_RESIZE_ROUND_PREFER_CEIL:
            up = ratio >= 0.5;
            break;
        case OPS_RESIZE_FLOOR:
            up = false;
            break;
        case OPS_RESIZE_CEIL:
            up = ratio > 0;
            break;
        case OPS_RESIZE_ROUND_PREFER_FLOOR:
        default:
            up = ratio > 0.5;
        }
        t->n = 1;
        t->idx[0] = base + (up ? 1 : 0);
        t->w[0] = 1;
        break;
    }
    case OPS_RESIZE_LINEAR:
        t->n = 2;
        t->idx[0] = base, t->w[0] = 1 - ratio;
        t->idx[1] = base + 1, t->w[1] = ratio;
        break;
    case OPS_RESIZE_CUBIC:
    default:
        t->n = 4;
        for (int k = 0; k < 4; k++) {
            t->idx[k] = base - 1 + k;
            t->w[k] = cubic(ratio - (double)(k - 1), r->cubic_a);
        }
    }
    if (r->exclude_outside && r->mode != OPS_RESIZE_NEAREST) {
        double sum = 0;
        for (int k = 0; k < t->n; k++) {
            if (t->idx[k] < 0 || t->idx[k] >= in)
                t->w[k] = 0;
            sum += t->w[k];
        }
        for (int k = 0; k < t->n && sum != 0; k++)
            t->w[k] /= sum;
    }
    for (int k = 0; k < t->n; k++) /* edge padding */
        t->idx[k] = t->idx[k] < 0 ? 0 : t->idx[k] >= in ? in - 1 : t->idx[k];
}

/* Axis a maps every output coordinate onto itself: nothing to do. */
static bool identity_axis(const struct ops_resize *r, int a)
{
    return r->in[a] == r->out[a] && r->scale[a] == 1 && r->coord != OPS_RESIZE_TF_CROP_AND_RESIZE;
}

int32_t ops_resize_run(const void *x, void *y, const struct ops_resize *r)
{
    int64_t dims[8], n = 1, most = 1, longest = 1;
    for (int a = 0; a < r->nd; a++) {
        dims[a] = r->in[a];
        n *= r->in[a];
        longest = r->out[a] > longest ? r->out[a] : longest;
    }
    /* The largest intermediate: the input with a prefix of its axes resized. */
    int64_t cur = n;
    most = n;
    for (int a = 0; a < r->nd; a++) {
        if (r->in[a] == 0) {
            most = 0;
            break;
        }
        cur = cur / r->in[a] * r->out[a];
        most = cur > most ? cur : most;
    }
    int64_t nout = 1;
    for (int a = 0; a < r->nd; a++)
        nout *= r->out[a];
    if (nout == 0)
        return 0;
    double *buf = malloc((size_t)(most ? most : 1) * sizeof(double));
    double *nxt = malloc((size_t)(most ? most : 1) * sizeof(double));
    struct tap *taps = malloc((size_t)longest * sizeof(struct tap));
    if (!buf || !nxt || !taps) {
        free(buf);
        free(nxt);
        free(taps);
        return core_err(ACL_ERROR_BAD_ALLOC, "Resize: out of memory");
    }
    unsigned es = ops_dt_size(r->dt);
    ops_loader(CK_F64, r->dt)(buf, x, es, n);
    for (int a = 0; a < r->nd; a++) {
        if (identity_axis(r, a))
            continue;
        int64_t outer = 1, inner = 1, len = dims[a], olen = r->out[a];
        for (int k = 0; k < a; k++)
            outer *= dims[k];
        for (int k = a + 1; k < r->nd; k++)
            inner *= dims[k];
        for (int64_t o = 0; o < olen; o++)
            make_tap(r, a, o, &taps[o]);
        for (int64_t p = 0; p < outer; p++) {
            const double *src = buf + p * len * inner;
            double *dst = nxt + p * olen * inner;
            for (int64_t o = 0; o < olen; o++) {
                const struct tap *t = &taps[o];
                double *d = dst + o * inner;
                if (t->extrap) {
                    for (int64_t i = 0; i < inner; i++)
                        d[i] = r->extrapolation;
                    continue;
                }
                for (int64_t i = 0; i < inner; i++) {
                    double v = 0;
                    for (int k = 0; k < t->n; k++)
                        v += t->w[k] * src[t->idx[k] * inner + i];
                    d[i] = v;
                }
            }
        }
        dims[a] = olen;
        double *sw = buf;
        buf = nxt;
        nxt = sw;
    }
    ops_round_f64(buf, nout, r->dt);
    ops_storer(CK_F64, r->dt)(y, es, buf, nout);
    free(buf);
    free(nxt);
    free(taps);
    return 0;
}
