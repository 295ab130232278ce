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
 *
 * The aclnn operators GridSampler2D and GridSampler3D run the same sampling on strided
 * views:
 *  GS1. interpolationMode 0 bilinear, 1 nearest, 2 bicubic (2-d only); paddingMode 0 zeros,
 *       1 border, 2 reflection (the enum order of ops_grid_mode / ops_grid_pad). The 3-d
 *       grid is (N, D_out, H_out, W_out, 3) holding (x, y, z) = (w, h, d) coordinates;
 *       trilinear weighs the 8 corners, nearest rounds half to even, each axis padded as
 *       the 2-d ones are.
 *  GS2. A launch splits by images (N): a block gathers its image and grid to double,
 *       samples every channel and stores rounded once; no block reads another's output,
 *       so results are bit-identical for any worker count.
 *  GS3. GridSampler2DBackward (bilinear and nearest; bicubic is refused, 161002): torch's
 *       gradients. inputGrad sums gradOutput times each tap's weight at the taps inside the
 *       image; gridGrad is the derivative of the bilinear blend by ix and iy times the
 *       derivative of the coordinate by the grid value (unnormalisation (W - 1) / 2 or W / 2,
 *       times 0 where border or reflection clips, -1 where reflection flips), 0 for
 *       nearest; a NaN or infinite point contributes nothing. outputMask picks the outputs
 *       written. Split by images as GS2 (an image's sums in one fixed order).
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "aclnnop/aclnn_grid_sampler2d.h"
#include "aclnnop/aclnn_grid_sampler2d_backward.h"
#include "aclnnop/aclnn_grid_sampler3d.h"
#include "core/err.h"
#include "ops/engine/engine.h"
#include "ops/image/image.h"
#include "ops/image/table.h"

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

/* ---- 3-d sampling (GS1) ---------------------------------------------------------------------- */

/* x[iz, iy, ix] of one volume (d x h x w), 0 outside. */
static double at3(const double *vol, int64_t d, int64_t h, int64_t w, int64_t iz, int64_t iy,
                  int64_t ix)
{
    if (iz < 0 || iz >= d || iy < 0 || iy >= h || ix < 0 || ix >= w)
        return 0;
    return vol[(iz * h + iy) * w + ix];
}

static double sample3(const struct ops_grid_sample *g, int64_t d, const double *vol, double gx,
                      double gy, double gz)
{
    double ix = unnormalize(gx, g->w, g->align_corners);
    double iy = unnormalize(gy, g->h, g->align_corners);
    double iz = unnormalize(gz, d, g->align_corners);
    if (!isfinite(ix) || !isfinite(iy) || !isfinite(iz))
        return 0;
    ix = pad_coord(g, clampd(ix, -1e12, 1e12), g->w);
    iy = pad_coord(g, clampd(iy, -1e12, 1e12), g->h);
    iz = pad_coord(g, clampd(iz, -1e12, 1e12), d);
    if (g->mode == OPS_GRID_NEAREST)
        return at3(vol, d, g->h, g->w, (int64_t)nearbyint(iz), (int64_t)nearbyint(iy),
                   (int64_t)nearbyint(ix));
    double fx = floor(ix), fy = floor(iy), fz = floor(iz);
    double t[3] = {ix - fx, iy - fy, iz - fz}, v = 0;
    for (int c = 0; c < 8; c++) {
        int bx = c & 1, by = (c >> 1) & 1, bz = c >> 2;
        double wgt = (bx ? t[0] : 1 - t[0]) * (by ? t[1] : 1 - t[1]) * (bz ? t[2] : 1 - t[2]);
        v += wgt * at3(vol, d, g->h, g->w, (int64_t)fz + bz, (int64_t)fy + by, (int64_t)fx + bx);
    }
    return v;
}

/* ---- aclnnGridSampler2D / 3D (GS1, GS2) ---------------------------------------------------------
 */

struct gs_plan {
    const struct ops_split *split; /* first (engine.h: ops_split_run) */
    struct ops_tensor x, grid, y;
    struct ops_grid_sample g;
    int nsp;   /* 2 or 3 */
    int64_t d; /* 3-d: the input's depth */
    int64_t od;
};

static int32_t gs_block(const struct aclOpExecutor *e, void *const *addr, uint32_t bi, uint32_t bn)
{
    const struct gs_plan *p = e->plan;
    const struct ops_grid_sample *g = &p->g;
    int64_t d = p->nsp == 3 ? p->d : 1, od = p->nsp == 3 ? p->od : 1;
    int64_t vol = d * g->h * g->w, opts = od * g->oh * g->ow, k = p->nsp;
    double *bx = malloc((size_t)(g->c * vol + 1) * sizeof(double));
    double *bg = malloc((size_t)(opts * k + 1) * sizeof(double));
    double *by = malloc((size_t)(g->c * opts + 1) * sizeof(double));
    if (!bx || !bg || !by) {
        free(bx), free(bg), free(by);
        return ACL_ERROR_BAD_ALLOC;
    }
    int64_t b0, b1;
    ops_split_range(g->n, 1, bi, bn, &b0, &b1);
    for (int64_t b = b0; b < b1; b++) {
        const struct ops_tensor *x = &p->x, *gr = &p->grid, *y = &p->y;
        ops_gather_nd(bx, CK_F64, ops_elem(x, addr, b * x->strides[0]), x->dt, x->ndim - 1,
                      x->dims + 1, x->strides + 1);
        ops_gather_nd(bg, CK_F64, ops_elem(gr, addr, b * gr->strides[0]), gr->dt, gr->ndim - 1,
                      gr->dims + 1, gr->strides + 1);
        for (int64_t ch = 0; ch < g->c; ch++) {
            const double *src = bx + ch * vol;
            double *dst = by + ch * opts;
            for (int64_t q = 0; q < opts; q++) {
                const double *pt = bg + q * k;
                if (vol == 0)
                    dst[q] = 0;
                else if (p->nsp == 2)
                    dst[q] = sample(g, src, pt[0], pt[1]);
                else
                    dst[q] = sample3(g, d, src, pt[0], pt[1], pt[2]);
            }
        }
        ops_round_f64(by, g->c * opts, y->dt);
        ops_scatter_nd(by, CK_F64, ops_elem(y, addr, b * y->strides[0]), y->dt, y->ndim - 1,
                       y->dims + 1, y->strides + 1);
    }
    free(bx), free(bg), free(by);
    return 0;
}

static uint32_t gs_blocks(const struct aclOpExecutor *e)
{
    const struct gs_plan *p = e->plan;
    return ops_split_rows(p->g.n, p->y.numel, EW_SPLIT_MIN / 4);
}

static const struct ops_split gs_split = {gs_blocks, gs_block};

static aclnnStatus gs_build(const char *op, int nsp, unsigned dts, const aclTensor *input,
                            const aclTensor *grid, int64_t interpolationMode, int64_t paddingMode,
                            bool alignCorners, aclTensor *out, WS)
{
    OPS_CHECK_NULLS(op, input, grid, out, workspaceSize, executor);
    aclnnStatus rc;
    int dt, gdt, odt;
    if ((rc = ops_check_dims(input, op, "input")) || (rc = ops_check_dims(grid, op, "grid")) ||
        (rc = ops_check_dims(out, op, "out")) ||
        (rc = ops_need_dt(op, "input", input->dtype, dts, &dt)) ||
        (rc = ops_need_dt(op, "grid", grid->dtype, dts, &gdt)) ||
        (rc = ops_need_dt(op, "out", out->dtype, dts, &odt)))
        return rc;
    if (gdt != dt || odt != dt)
        return ops_err(
            ACLNN_ERR_PARAM_INVALID, "%s: input, grid and out must have one data type (%s, %s, %s)",
            op, ops_dt_name(input->dtype), ops_dt_name(grid->dtype), ops_dt_name(out->dtype));
    if (interpolationMode < 0 || interpolationMode > (nsp == 2 ? 2 : 1))
        return ops_err(ACLNN_ERR_PARAM_INVALID,
                       "%s: interpolationMode %lld is not supported (0 bilinear, 1 nearest%s)", op,
                       (long long)interpolationMode, nsp == 2 ? ", 2 bicubic" : "");
    if (paddingMode < 0 || paddingMode > 2)
        return ops_err(ACLNN_ERR_PARAM_INVALID,
                       "%s: paddingMode %lld is not supported (0 zeros, 1 border, 2 reflection)",
                       op, (long long)paddingMode);
    int nd = nsp + 2;
    if ((int)input->ndim != nd || (int)grid->ndim != nd || grid->dims[0] != input->dims[0] ||
        grid->dims[nd - 1] != nsp)
        return ops_err(ACLNN_ERR_PARAM_INVALID,
                       "%s: input must be %d-d (N, C, spatial...) and grid %d-d (N, spatial "
                       "out..., %d) with input's N",
                       op, nd, nd, nsp);
    int64_t want[5] = {input->dims[0], input->dims[1]};
    for (int a = 0; a < nsp; a++)
        want[2 + a] = grid->dims[1 + a];
    if ((rc = ops_check_out_shape(op, out, want, nd)))
        return rc;
    OPS_PLAN(e, p, op, 2, 1, struct gs_plan, NULL, {&p->x, input, "input"},
             {&p->grid, grid, "grid"}, {&p->y, out, "out"});
    p->split = &gs_split;
    p->nsp = nsp;
    struct ops_grid_sample *g = &p->g;
    g->n = input->dims[0], g->c = input->dims[1];
    g->h = input->dims[nd - 2], g->w = input->dims[nd - 1];
    g->oh = grid->dims[nd - 3], g->ow = grid->dims[nd - 2];
    if (nsp == 3)
        p->d = input->dims[2], p->od = grid->dims[1];
    g->dt = g->grid_dt = DT_F64; /* the block works on gathered doubles */
    g->mode = (enum ops_grid_mode)interpolationMode;
    g->pad = (enum ops_grid_pad)paddingMode;
    g->align_corners = alignCorners;
    e->run = out->dims[0] * out->dims[1] > 0 && p->y.numel > 0 ? ops_split_run : NULL;
    return ops_exec_done(e, workspaceSize, executor);
}

aclnnStatus aclnnGridSampler2DGetWorkspaceSize(const aclTensor *input, const aclTensor *grid,
                                               int64_t interpolationMode, int64_t paddingMode,
                                               bool alignCorners, aclTensor *out, WS)
{
    return gs_build("aclnnGridSampler2D", 2, OPS_DT_GridSampler2D, input, grid, interpolationMode,
                    paddingMode, alignCorners, out, workspaceSize, executor);
}
PHASE2(GridSampler2D)

aclnnStatus aclnnGridSampler3DGetWorkspaceSize(const aclTensor *input, const aclTensor *grid,
                                               int64_t interpolationMode, int64_t paddingMode,
                                               bool alignCorners, aclTensor *out, WS)
{
    return gs_build("aclnnGridSampler3D", 3, OPS_DT_GridSampler3D, input, grid, interpolationMode,
                    paddingMode, alignCorners, out, workspaceSize, executor);
}
PHASE2(GridSampler3D)

/* ---- aclnnGridSampler2DBackward (GS3) ------------------------------------------------------ */

/* v clipped into [0, size - 1]; *d the derivative (0 where clipped). */
static double clip_grad(double v, int64_t size, double *d)
{
    if (v <= 0) {
        *d = 0;
        return 0;
    }
    if (v >= (double)(size - 1)) {
        *d = 0;
        return (double)(size - 1);
    }
    *d = 1;
    return v;
}

/* reflect() with its derivative (+-1). */
static double reflect_grad(double v, double lo2, double hi2, double *d)
{
    if (lo2 == hi2) {
        *d = 0;
        return 0;
    }
    double lo = lo2 / 2, span = (hi2 - lo2) / 2, m = 1;
    v -= lo;
    if (v < 0)
        m = -1, v = -v;
    double extra = fmod(v, span);
    int64_t flips = (int64_t)floor(v / span);
    if (flips % 2 == 0) {
        *d = m;
        return extra + lo;
    }
    *d = -m;
    return span - extra + lo;
}

/* The source coordinate of grid value gv along a dim of size, and d(coordinate) / d(gv). */
static double coord_grad(const struct ops_grid_sample *g, double gv, int64_t size, double *mult)
{
    double v = unnormalize(gv, size, g->align_corners), d1 = 1, d2 = 1;
    *mult = g->align_corners ? (double)(size - 1) / 2 : (double)size / 2;
    v = clampd(v, -1e12, 1e12);
    if (g->pad == OPS_GRID_BORDER) {
        v = clip_grad(v, size, &d1);
    } else if (g->pad == OPS_GRID_REFLECTION) {
        v = g->align_corners ? reflect_grad(v, 0, 2 * (double)(size - 1), &d1)
                             : reflect_grad(v, -1, 2 * (double)size - 1, &d1);
        v = clip_grad(v, size, &d2);
    }
    *mult *= d1 * d2;
    return v;
}

struct gsb_plan {
    const struct ops_split *split; /* first (engine.h: ops_split_run) */
    struct ops_tensor go, x, grid, gx, gg;
    struct ops_grid_sample g;
    bool want_x, want_grid;
};

static void gsb_add(double *plane, const struct ops_grid_sample *g, int64_t iy, int64_t ix,
                    double v)
{
    if (iy >= 0 && iy < g->h && ix >= 0 && ix < g->w)
        plane[iy * g->w + ix] += v;
}

static int32_t gsb_block(const struct aclOpExecutor *e, void *const *addr, uint32_t bi, uint32_t bn)
{
    const struct gsb_plan *p = e->plan;
    const struct ops_grid_sample *g = &p->g;
    const int64_t plane = g->h * g->w, opts = g->oh * g->ow;
    double *bx = malloc((size_t)(g->c * plane + 1) * sizeof(double));
    double *bgo = malloc((size_t)(g->c * opts + 1) * sizeof(double));
    double *bg = malloc((size_t)(opts * 2 + 1) * sizeof(double));
    double *dx = malloc((size_t)(g->c * plane + 1) * sizeof(double));
    double *dg = malloc((size_t)(opts * 2 + 1) * sizeof(double));
    if (!bx || !bgo || !bg || !dx || !dg) {
        free(bx), free(bgo), free(bg), free(dx), free(dg);
        return ACL_ERROR_BAD_ALLOC;
    }
    int64_t b0, b1;
    ops_split_range(g->n, 1, bi, bn, &b0, &b1);
    for (int64_t b = b0; b < b1; b++) {
        const struct ops_tensor *go = &p->go, *x = &p->x, *gr = &p->grid;
        ops_gather_nd(bx, CK_F64, ops_elem(x, addr, b * x->strides[0]), x->dt, 3, x->dims + 1,
                      x->strides + 1);
        ops_gather_nd(bgo, CK_F64, ops_elem(go, addr, b * go->strides[0]), go->dt, 3, go->dims + 1,
                      go->strides + 1);
        ops_gather_nd(bg, CK_F64, ops_elem(gr, addr, b * gr->strides[0]), gr->dt, 3, gr->dims + 1,
                      gr->strides + 1);
        memset(dx, 0, (size_t)(g->c * plane) * sizeof(double));
        for (int64_t q = 0; q < opts; q++) {
            double mx, my, gix = 0, giy = 0;
            dg[2 * q] = dg[2 * q + 1] = 0;
            if (!isfinite(bg[2 * q]) || !isfinite(bg[2 * q + 1]) || plane == 0)
                continue;
            double ix = coord_grad(g, bg[2 * q], g->w, &mx);
            double iy = coord_grad(g, bg[2 * q + 1], g->h, &my);
            if (g->mode == OPS_GRID_NEAREST) {
                int64_t nx = (int64_t)nearbyint(ix), ny = (int64_t)nearbyint(iy);
                for (int64_t ch = 0; ch < g->c; ch++)
                    gsb_add(dx + ch * plane, g, ny, nx, bgo[ch * opts + q]);
                continue;
            }
            double fx = floor(ix), fy = floor(iy);
            int64_t x0 = (int64_t)fx, y0 = (int64_t)fy;
            double wx1 = ix - fx, wx0 = 1 - wx1, wy1 = iy - fy, wy0 = 1 - wy1;
            for (int64_t ch = 0; ch < g->c; ch++) {
                const double *src = bx + ch * plane;
                double go_v = bgo[ch * opts + q], *d = dx + ch * plane;
                gsb_add(d, g, y0, x0, wx0 * wy0 * go_v);
                gsb_add(d, g, y0, x0 + 1, wx1 * wy0 * go_v);
                gsb_add(d, g, y0 + 1, x0, wx0 * wy1 * go_v);
                gsb_add(d, g, y0 + 1, x0 + 1, wx1 * wy1 * go_v);
                double nw = at(src, g, y0, x0), ne = at(src, g, y0, x0 + 1);
                double sw = at(src, g, y0 + 1, x0), se = at(src, g, y0 + 1, x0 + 1);
                gix += ((ne - nw) * wy0 + (se - sw) * wy1) * go_v;
                giy += ((sw - nw) * wx0 + (se - ne) * wx1) * go_v;
            }
            dg[2 * q] = mx * gix;
            dg[2 * q + 1] = my * giy;
        }
        if (p->want_x) {
            ops_round_f64(dx, g->c * plane, p->gx.dt);
            ops_scatter_nd(dx, CK_F64, ops_elem(&p->gx, addr, b * p->gx.strides[0]), p->gx.dt, 3,
                           p->gx.dims + 1, p->gx.strides + 1);
        }
        if (p->want_grid) {
            ops_round_f64(dg, opts * 2, p->gg.dt);
            ops_scatter_nd(dg, CK_F64, ops_elem(&p->gg, addr, b * p->gg.strides[0]), p->gg.dt, 3,
                           p->gg.dims + 1, p->gg.strides + 1);
        }
    }
    free(bx), free(bgo), free(bg), free(dx), free(dg);
    return 0;
}

static uint32_t gsb_blocks(const struct aclOpExecutor *e)
{
    const struct gsb_plan *p = e->plan;
    return ops_split_rows(p->g.n, p->go.numel + p->x.numel, EW_SPLIT_MIN / 4);
}

static const struct ops_split gsb_split = {gsb_blocks, gsb_block};

aclnnStatus aclnnGridSampler2DBackwardGetWorkspaceSize(
    const aclTensor *gradOutput, const aclTensor *input, const aclTensor *grid,
    int64_t interpolationMode, int64_t paddingMode, bool alignCorners,
    const aclBoolArray *outputMask, aclTensor *inputGrad, aclTensor *gridGrad, WS)
{
    const char *op = "aclnnGridSampler2DBackward";
    OPS_CHECK_NULLS(op, gradOutput, input, grid, outputMask, inputGrad, gridGrad, workspaceSize,
                    executor);
    aclnnStatus rc;
    const aclTensor *ts[5] = {gradOutput, input, grid, inputGrad, gridGrad};
    const char *names[5] = {"gradOutput", "input", "grid", "inputGrad", "gridGrad"};
    int dt[5];
    for (int i = 0; i < 5; i++)
        if ((rc = ops_check_dims(ts[i], op, names[i])) ||
            (rc = ops_need_dt(op, names[i], ts[i]->dtype, OPS_DT_GridSampler2DBackward, &dt[i])))
            return rc;
    for (int i = 1; i < 5; i++)
        if (dt[i] != dt[0])
            return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: %s has data type %s; it must be %s's", op,
                           names[i], ops_dt_name(ts[i]->dtype), "gradOutput");
    if (interpolationMode < 0 || interpolationMode > 1)
        return ops_err(ACLNN_ERR_PARAM_INVALID,
                       "%s: interpolationMode %lld is not supported (0 bilinear, 1 nearest; "
                       "bicubic's gradient is not implemented)",
                       op, (long long)interpolationMode);
    if (paddingMode < 0 || paddingMode > 2)
        return ops_err(ACLNN_ERR_PARAM_INVALID,
                       "%s: paddingMode %lld is not supported (0 zeros, 1 border, 2 reflection)",
                       op, (long long)paddingMode);
    if (outputMask->n != 2)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: outputMask has %llu values; it needs 2", op,
                       (unsigned long long)outputMask->n);
    if (input->ndim != 4 || grid->ndim != 4 || grid->dims[0] != input->dims[0] ||
        grid->dims[3] != 2)
        return ops_err(ACLNN_ERR_PARAM_INVALID,
                       "%s: input must be 4-d (N, C, H, W) and grid (N, H_out, W_out, 2) with "
                       "input's N",
                       op);
    const int64_t want[4] = {input->dims[0], input->dims[1], grid->dims[1], grid->dims[2]};
    if ((rc = ops_check_shape(op, want, 4, gradOutput, "gradOutput")) ||
        (rc = ops_check_shape(op, input->dims, 4, inputGrad, "inputGrad")) ||
        (rc = ops_check_shape(op, grid->dims, 4, gridGrad, "gridGrad")))
        return rc;
    OPS_PLAN(e, p, op, 3, 2, struct gsb_plan, NULL, {&p->go, gradOutput, "gradOutput"},
             {&p->x, input, "input"}, {&p->grid, grid, "grid"}, {&p->gx, inputGrad, "inputGrad"},
             {&p->gg, gridGrad, "gridGrad"});
    p->split = &gsb_split;
    p->want_x = outputMask->v[0];
    p->want_grid = outputMask->v[1];
    struct ops_grid_sample *g = &p->g;
    g->n = input->dims[0], g->c = input->dims[1], g->h = input->dims[2], g->w = input->dims[3];
    g->oh = grid->dims[1], g->ow = grid->dims[2];
    g->dt = g->grid_dt = DT_F64;
    g->mode = (enum ops_grid_mode)interpolationMode;
    g->pad = (enum ops_grid_pad)paddingMode;
    g->align_corners = alignCorners;
    e->run = g->n > 0 && (p->want_x || p->want_grid) ? ops_split_run : NULL;
    return ops_exec_done(e, workspaceSize, executor);
}
PHASE2(GridSampler2DBackward)
