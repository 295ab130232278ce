/* SPDX-License-Identifier: Apache-2.0 */
/*
 * ops/image/grid_sample.c: GridSampler2D (CANN's IR type; ONNX's GridSample
 * of opset 16 and torch's grid_sample define the same sampling). For output
 * point (oh, ow) of image b, grid[b, oh, ow] = (gx, gy) in [-1, 1] names a
 * point of x[b]: unnormalised to pixels as
 *
 *   align_corners  ix = (gx + 1) / 2 * (w - 1)
 *   otherwise      ix = ((gx + 1) * w - 1) / 2      (the same for iy with h)
 *
 * padding_mode border clamps a coordinate into [0, w - 1]; reflection
 * reflects it about the borders (the pixel centres 0 and w - 1 with
 * align_corners, else the edges -0.5 and w - 0.5) and clamps; zeros reads 0
 * for a tap outside the image. bilinear and nearest (rounding half to even)
 * pad the coordinate first; bicubic (Keys, A = -0.75) takes the 4 x 4 taps
 * around the unpadded point and pads each tap's index, as torch does.
 * Computed in double; a NaN or infinite grid point gives 0 **(choice)**.
 */
#include <math.h>
#include <stdlib.h>

#include "core/err.h"
#include "ops/engine/engine.h"
#include "ops/image/image.h"

static double unnormalize(double g, int64_t size, bool align)
{
    return align ? (g + 1) / 2 * (double)(size - 1) : ((g + 1) * (double)size - 1) / 2;
}

/* v reflected into [lo2 / 2, hi2 / 2] (the bounds given doubled). */
static double reflect(double v, double lo2, double hi2)
{
    if (lo2 == hi2)
        return 0;
    double lo = lo2 / 2, span = (hi2 - lo2) / 2;
    v = fabs(v - lo);
    double extra = fmod(v, span);
    int64_t flips = (int64_t)floor(v / span);
    return flips % 2 == 0 ? extra + lo : span - extra + lo;
}

static double clampd(double v, double lo, double hi)
{
    return v < lo ? lo : v > hi ? hi : v;
}

/* The padded coordinate (border / reflection); zeros leaves it. */
static double pad_coord(const struct ops_grid_sample *g, double v, int64_t size)
{
    if (g->pad == OPS_GRID_BORDER)
        return clampd(v, 0, (double)(size - 1));
    if (g->pad == OPS_GRID_REFLECTION) {
        v = g->align_corners ? reflect(v, 0, 2 * (double)(size - 1))
                             : reflect(v, -1, 2 * (double)size - 1);
        return clampd(v, 0, (double)(size - 1));
    }
    return v;
}

/* x[iy, ix] of one plane, 0 outside. */
static double at(const double *plane, const struct ops_grid_sample *g, int64_t iy, int64_t ix)
{
    if (iy < 0 || iy >= g->h || ix < 0 || ix >= g->w)
        return 0;
    return plane[iy * g->w + ix];
}

static void cubic_weights(double t, double w[4])
{
    const double A = -0.75;
    double d;
    d = t + 1, w[0] = ((A * d - 5 * A) * d + 8 * A) * d - 4 * A;
    d = t, w[1] = ((A + 2) * d - (A + 3)) * d * d + 1;
    d = 1 - t, w[2] = ((A + 2) * d - (A + 3)) * d * d + 1;
    d = 2 - t, w[3] = ((A * d - 5 * A) * d + 8 * A) * d - 4 * A;
}

static double sample(const struct ops_grid_sample *g, const double *plane, double gx, double gy)
{
    double ix = unnormalize(gx, g->w, g->align_corners);
    double iy = unnormalize(gy, g->h, g->align_corners);
    if (!isfinite(ix) || !isfinite(iy))
        return 0; /* a NaN or infinite point reads nothing */
    /* far outside is outside: bounded so the casts to int64_t below stay defined */
    ix = clampd(ix, -1e12, 1e12);
    iy = clampd(iy, -1e12, 1e12);
    if (g->mode == OPS_GRID_BICUBIC) {
        double fx = floor(ix), fy = floor(iy), wx[4], wy[4], v = 0;
        cubic_weights(ix - fx, wx);
        cubic_weights(iy - fy, wy);
        for (int r = 0; r < 4; r++) {
            double row = 0;
            for (int k = 0; k < 4; k++) {
                /* each tap's index padded, as a coordinate */
                double px = pad_coord(g, fx - 1 + k, g->w), py = pad_coord(g, fy - 1 + r, g->h);
                row += wx[k] * at(plane, g, (int64_t)py, (int64_t)px);
            }
            v += wy[r] * row;
        }
        return v;
    }
    ix = pad_coord(g, ix, g->w);
    iy = pad_coord(g, iy, g->h);
    if (g->mode == OPS_GRID_NEAREST)
        return at(plane, g, (int64_t)nearbyint(iy), (int64_t)nearbyint(ix));
    double fx = floor(ix), fy = floor(iy), tx = ix - fx, ty = iy - fy;
    int64_t x0 = (int64_t)fx, y0 = (int64_t)fy;
    return at(plane, g, y0, x0) * (1 - tx) * (1 - ty) + at(plane, g, y0, x0 + 1) * tx * (1 - ty) +
           at(plane, g, y0 + 1, x0) * (1 - tx) * ty + at(plane, g, y0 + 1, x0 + 1) * tx * ty;
}

int32_t ops_grid_sample_run(const void *x, const void *grid, void *y,
                            const struct ops_grid_sample *g)
{
    int64_t nx = g->n * g->c * g->h * g->w, ng = g->n * g->oh * g->ow * 2;
    int64_t ny = g->n * g->c * g->oh * g->ow;
    if (ny == 0)
        return 0;
    double *bx = malloc((size_t)(nx ? nx : 1) * sizeof(double));
    double *bg = malloc((size_t)ng * sizeof(double));
    double *by = malloc((size_t)ny * sizeof(double));
    if (!bx || !bg || !by) {
        free(bx);
        free(bg);
        free(by);
        return core_err(ACL_ERROR_BAD_ALLOC, "GridSampler2D: out of memory");
    }
    ops_loader(CK_F64, g->dt)(bx, x, ops_dt_size(g->dt), nx);
    ops_loader(CK_F64, g->grid_dt)(bg, grid, ops_dt_size(g->grid_dt), ng);
    int64_t plane = g->h * g->w, opl = g->oh * g->ow;
    for (int64_t b = 0; b < g->n; b++)
        for (int64_t ch = 0; ch < g->c; ch++) {
            const double *src = bx + (b * g->c + ch) * plane;
            double *dst = by + (b * g->c + ch) * opl;
            const double *pts = bg + b * opl * 2;
            for (int64_t p = 0; p < opl; p++)
                dst[p] = plane ? sample(g, src, pts[2 * p], pts[2 * p + 1]) : 0;
        }
    ops_round_f64(by, ny, g->dt);
    ops_storer(CK_F64, g->dt)(y, ops_dt_size(g->dt), by, ny);
    free(bx);
    free(bg);
    free(by);
    return 0;
}
