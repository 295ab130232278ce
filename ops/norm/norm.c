/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Normalisations: RmsNorm, LayerNorm, AddRmsNorm, GroupNorm and Norm (p-norm).
 *
 *  NR2. RmsNorm and LayerNorm work row by row: a row (the normalised trailing
 *      dims) is gathered into a float buffer, processed, and scattered back,
 *      so any strides work; float16/bfloat16 compute in float32. The row's
 *      statistics are ops/engine/simd.h's sums (K5: float32 vector lanes in
 *      chunks of 1024, the chunks added in double), the output its
 *      norm_apply, in the widest vector build of the CPU.
 *  NR3. A float32 row whose normalised dims are contiguous is read in place
 *      (no gather) and written in place (no scatter). When y overlaps x other
 *      than element for element, the launch runs whole on one block, each
 *      row gathered before it is written, as the unsplit run did.
 *  NR4. A launch splits its rows across the device's workers (engine.h's
 *      ops_split) from 2 x 64 Ki elements, each block at least 64 Ki
 *      elements of whole rows: a row is the same computation in any block,
 *      so results are bit-identical for any worker count.
 *  NR5. A float32 output of 16 MiB or more, written in place and not onto
 *      x, is stored around the cache (non-temporal stores, as memcpy does
 *      for large copies): it would not stay in the cache, and the store
 *      then skips reading each line first.
 *  NR6. With x and y in place (NR3), a row's pass that writes y also sums the
 *      next row of the block (simd.h K13, norm_apply_next: LayerNorm's sum,
 *      RmsNorm's sum of squares), so that the next row's first read from
 *      memory overlaps this row's stores; the same values as the sums run
 *      alone.
 *  NM1. Row kernels: a row (or a group) is gathered into a float32/double
 *      buffer with the view converters, reduced in double, written back
 *      through the converters (rounded once to the out's type).
 *  NM2. AddRmsNorm normalises the float32 sum x1 + x2 (not its rounded
 *      copy); xOut gets the sum rounded to its type. FusedAddRmsNorm is the same
 *      with x1 scale + x2 (scale rounded to float32).
 *  NB1. LayerNormBackward and RmsNormGrad share one row kernel: per row,
 *      dy, x and gamma in double, xhat = (x - mean) * rstd (mean 0 for
 *      RmsNorm), g = dy * gamma, dx = rstd * (g - mean(g) - xhat * mean(g *
 *      xhat)) (no mean(g) term for RmsNorm), rounded once to dx's type;
 *      dgamma = sum over rows of dy * xhat and dbeta = sum of dy, in double,
 *      rounded once at the end. The stored mean and rstd are used as given.
 *      GroupNormBackward is the same with a group (cpg channels x HxW) as
 *      the row and gamma per channel.
 *  NB2. LayerNormalizationGrad (ops-nn's experimental op) is LayerNormBackward's kernel with
 *      k = gamma's dims and all three gradients; every tensor of x's type (the op's def).
 *  NB3. GroupNormalizationGrad (ops-nn's experimental op, its docs' formula): x [N, G, *],
 *      gamma already broadcast to x's shape, mean / rstd [N, G]; per group of M elements,
 *      xhat = (x - mean) rstd, s1 = sum(dy gamma), s2 = sum(dy gamma xhat), dx = rstd gamma
 *      (dy - s1 / M - xhat s2 / M), in double, rounded once. gamma multiplies outside the
 *      bracket as CANN documents (equal to torch's only for a gamma constant per group).
 *  NM4. GroupNormSilu(V2) and GroupNormSwish are GroupNorm's kernel with the activation applied to
 *      each normalised value before it is rounded: v sigmoid(v) (silu), v sigmoid(scale v)
 *      (swish); N, C and HxW come from self's shape; gamma and beta may be FLOAT under a
 *      FLOAT16 / BFLOAT16 self (CANN's mixed form).
 *  NM7. GroupNormSiluQuant is GroupNormSilu's kernel whose result is quantised before it is
 *      stored: round(v / quantScale[c]) (one scale, or one per channel), half to even, saturated
 *      to INT8 (ops/quant's qt_round_sat); gamma, beta, meanOut and rstdOut of self's type.
 *  NM6. InstanceNorm is GroupNorm's kernel with one channel per group on (N, C, H, W) views of
 *      x and y (an "NHWC" x permuted), storing the biased variance (not rstd) beside the mean,
 *      each (N, C) value at its place in the 4-d mean / variance.
 *  NB5. RmsNormGradQuant is RmsNormGrad (NB1) whose dx is quantised before it is stored:
 *      round(dx * scalesX + offsetX) (divMode: dx / scalesX), half to even, saturated to INT8
 *      (ops/quant's qt_round_sat), from the unrounded double dx; dgamma as RmsNormGrad's.
 *  NB6. AddLayerNormGrad and DeepNormGrad are LayerNormBackward's kernel (NB1) on the forward's
 *      sum, x1 + x2 or alpha x + gx (gathered per row in double), with the stored mean and rstd;
 *      AddLayerNormGrad adds dsumOptional to dx; DeepNormGrad writes the sum's gradient to
 *      dgxOut and alpha times it to dxOut (CANN's formulas); dgamma, dbeta FLOAT.
 *  NB7. GroupNormSwishGrad is GroupNormBackward's kernel (NB1) on dy through the swish of the
 *      forward's output: v = xhat gamma + beta, dy' = dy sigmoid(s v) (1 + s v (1 - sigmoid(s
 *      v))) (s: swishScale), then dx, dgamma = sum dy' xhat, dbeta = sum dy' per channel - the
 *      derivative of its docs' forward (their dx formula read as GroupNormBackward's of dy').
 *  NB4. AdaLayerNormBackward is LayerNormBackward's kernel (H normalised) on dy (1 + scale),
 *      scale the row's batch's: per batch, gradScale = sum over its S rows of dy (xhat w + b),
 *      gradShift = sum of dy; gradWeight and gradBias sum dy (1 + scale) xhat and dy (1 +
 *      scale) over every row (CANN's formulas), in double, rounded once.
 *  NM3. Norm reduces any set of dims (empty = all); p = 0 counts non-zeros,
 *      +inf / -inf take max / min |x|, 1 and 2 are the usual norms, other
 *      p give (sum |x|^p)^(1/p). LinalgVectorNorm is Norm with out's type named by dtype.
 *  NM5. LpNormV3 (ops-nn's experimental op) normalises: y = x / norm, norm = (sum |x|^p +
 *      1e-6)^(1/p) (its kernel's epsilon) over all of x (axis -1), each row (axis 0) or each
 *      column (axis 1) of a 2-d x, as its kernel's rows / columns; p = +inf takes max |x|
 *      (its example's other case), without epsilon. In double, rounded once.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "aclnnop/aclnn_ada_layer_norm_backward.h"
#include "aclnnop/aclnn_add_layer_norm_grad.h"
#include "aclnnop/aclnn_add_rms_norm.h"
#include "aclnnop/aclnn_deep_norm_grad.h"
#include "aclnnop/aclnn_fused_add_rms_norm.h"
#include "aclnnop/aclnn_group_norm.h"
#include "aclnnop/aclnn_group_norm_backward.h"
#include "aclnnop/aclnn_group_normalization_grad.h"
#include "aclnnop/aclnn_group_norm_silu.h"
#include "aclnnop/aclnn_group_norm_silu_quant.h"
#include "aclnnop/aclnn_group_norm_swish.h"
#include "aclnnop/aclnn_group_norm_swish_grad.h"
#include "aclnnop/aclnn_instance_norm.h"
#include "aclnnop/aclnn_layer_norm.h"
#include "aclnnop/aclnn_layer_norm_backward.h"
#include "aclnnop/aclnn_layer_normalization_grad.h"
#include "aclnnop/aclnn_linalg_vector_norm.h"
#include "aclnnop/aclnn_lp_norm_v3.h"
#include "aclnnop/aclnn_norm.h"
#include "aclnnop/aclnn_rms_norm.h"
#include "aclnnop/aclnn_rms_norm_grad.h"
#include "aclnnop/aclnn_rms_norm_grad_quant.h"
#include "ops/engine/engine.h"
#include "ops/engine/simd.h"
#include "ops/norm/table.h"
#include "ops/quant/quant.h"

#pragma GCC optimize("O3")

/* Element offset of the r-th block of a view whose first `lead` dims index
 * blocks (row-major). */
static int64_t lead_offset(const struct ops_tensor *t, int lead, int64_t r)
{
    int64_t off = 0;
    for (int d = lead - 1; d >= 0; d--) {
        off += (r % t->dims[d]) * t->strides[d];
        r /= t->dims[d];
    }
    return off;
}

/* ---- RmsNorm / LayerNorm ------------------------------------------------------------------------
 */

/* Normalisation over the trailing `k` dims of x: rows = leading dims. */
struct norm_plan {
    const struct ops_split *split; /* first (engine.h: ops_split_run) */
    struct ops_tensor x, y, gamma, beta, mean, rstd;
    bool has_gamma, has_beta, has_mean, has_rstd;
    bool x_in_place, y_in_place; /* NR3: float32 rows, read / written in place */
    int k;                       /* normalised trailing dims */
    int64_t D;                   /* elements per row */
    double eps;
    bool layer; /* LayerNorm (subtract the mean) */
};

/* Whether t's trailing k dims are one contiguous float32 run. */
static bool norm_row_contig(const struct ops_tensor *t, int k)
{
    if (t->dt != DT_F32)
        return false;
    int64_t st = 1;
    for (int d = t->ndim - 1; d >= t->ndim - k; d--) {
        if (t->dims[d] != 1 && t->strides[d] != st)
            return false;
        st *= t->dims[d];
    }
    return true;
}

/* NR4: rows per block at least NORM_SPLIT_MIN elements' worth. */
#define NORM_SPLIT_MIN (64 * 1024)

static uint32_t norm_blocks(const struct aclOpExecutor *e)
{
    const struct norm_plan *p = e->plan;
    const int64_t rows = ops_numel(p->x.dims, p->x.ndim - p->k);
    return ops_split_rows(rows, rows * p->D, NORM_SPLIT_MIN);
}

/* Block bi of bn: rows [r0, r1) (NR4). */
static int32_t norm_block(const struct aclOpExecutor *e, void *const *addr, uint32_t bi,
                          uint32_t bn)
{
    const struct norm_plan *p = e->plan;
    const struct ks_ops *ks = ks_get();
    const int64_t D = p->D;
    const int lead = p->x.ndim - p->k;
    int64_t r0, r1;
    const bool alias = ops_views_alias(&p->x, &p->y, addr);
    if (alias && bi) /* NR3: the whole run, in order, on block 0 */
        return 0;
    ops_split_range(ops_numel(p->x.dims, lead), 1, alias ? 0 : bi, alias ? 1 : bn, &r0, &r1);
    if (r0 >= r1)
        return 0;
    const bool x_in = p->x_in_place && !alias, y_in = p->y_in_place && !alias;
    /* NR5: an output from KS_STREAM_MIN bytes is stored around the cache
     * when x is not y (a read-modify-write run keeps its lines) */
    const bool nt =
        y_in && p->y.numel * 4 >= KS_STREAM_MIN && ops_base(&p->x, addr) != ops_base(&p->y, addr);
    float *row = ks_scratch((size_t)D * sizeof(float) * 3);
    if (!row)
        return ACL_ERROR_BAD_ALLOC;
    float *g = p->has_gamma ? row + D : NULL, *b = p->has_beta ? row + 2 * D : NULL;
    if (g)
        ops_gather_nd(g, CK_F32, ops_base(&p->gamma, addr), p->gamma.dt, p->gamma.ndim,
                      p->gamma.dims, p->gamma.strides);
    if (b)
        ops_gather_nd(b, CK_F32, ops_base(&p->beta, addr), p->beta.dt, p->beta.ndim, p->beta.dims,
                      p->beta.strides);
    const char *xb = ops_base(&p->x, addr);
    char *yb = ops_base(&p->y, addr);
    const int64_t xe = ops_dt_size(p->x.dt), ye = ops_dt_size(p->y.dt);
    double next = 0;  /* NR6: the row's first sum, from the step before */
    bool known = false; /* whether next holds it */
    for (int64_t r = r0; r < r1; r++) {
        const char *xr = xb + lead_offset(&p->x, lead, r) * xe;
        char *yr = yb + lead_offset(&p->y, lead, r) * ye;
        const float *in = (const float *)xr;
        if (!x_in) {
            ops_gather_nd(row, CK_F32, xr, p->x.dt, p->k, p->x.dims + lead, p->x.strides + lead);
            in = row;
        }
        /* the sum (LayerNorm) or the sum of squares (RmsNorm) of the row */
        const double s1 = known ? next : !D ? 0 : p->layer ? ks->sum(in, D) : ks->sum_sq(in, D, 0);
        float m = 0;
        if (p->layer)
            m = D ? (float)(s1 / (double)D) : 0;
        const double var = !D ? 0 : p->layer ? ks->sum_sq(in, D, m) / (double)D : s1 / (double)D;
        float rstd = (float)(1.0 / sqrt(var + p->eps));
        known = x_in && y_in && D && r + 1 < r1;
        if (known) { /* NR6 */
            const float *xn = (const float *)(const void *)(xb + lead_offset(&p->x, lead, r + 1) * xe);
            next = ks->norm_apply_next((float *)yr, in, D, m, rstd, g, b, nt, xn, !p->layer);
        } else if (y_in) {
            ks->norm_apply((float *)yr, in, D, m, rstd, g, b, nt);
        } else {
            ks->norm_apply(row, in, D, m, rstd, g, b, false);
            ops_scatter_nd(row, CK_F32, yr, p->y.dt, p->k, p->y.dims + lead, p->y.strides + lead);
        }
        if (p->has_mean)
            ops_storer(CK_F32, p->mean.dt)(ops_base(&p->mean, addr) +
                                               lead_offset(&p->mean, p->mean.ndim, r) *
                                                   ops_dt_size(p->mean.dt),
                                           0, &m, 1);
        if (p->has_rstd)
            ops_storer(CK_F32, p->rstd.dt)(ops_base(&p->rstd, addr) +
                                               lead_offset(&p->rstd, p->rstd.ndim, r) *
                                                   ops_dt_size(p->rstd.dt),
                                           0, &rstd, 1);
    }
    if (nt)
        ks->st_fence();
    return 0;
}

static const struct ops_split norm_split = {norm_blocks, norm_block};

/* Checks shared by both: x a float trio type, y = x's shape and type. */
static aclnnStatus norm_common(const char *name, unsigned types, const aclTensor *x,
                               const aclTensor *y, int k)
{
    aclnnStatus rc;
    if ((rc = ops_check_dims(x, name, "x")) || (rc = ops_check_dims(y, name, "out")))
        return rc;
    int xdt = ops_dt_index(x->dtype);
    if (xdt < 0 || !(DTM(xdt) & types))
        return ops_err(ACLNN_ERR_PARAM_INVALID,
                       "%s: input type %s is not supported (FLOAT, "
                       "FLOAT16, BFLOAT16)",
                       name, ops_dt_name(x->dtype));
    if (y->dtype != x->dtype)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: out type %s differs from input type %s", name,
                       ops_dt_name(y->dtype), ops_dt_name(x->dtype));
    if (!ops_same_shape(x, y))
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: out's shape differs from the input's", name);
    if (k < 1 || k > (int)x->ndim)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: %d normalised dims for a %u-dim input", name,
                       k, x->ndim);
    return ACLNN_SUCCESS;
}

/* A parameter tensor (gamma, beta) must match x's trailing k dims. */
static aclnnStatus norm_param(const char *name, const char *what, const aclTensor *t,
                              const aclTensor *x, int k)
{
    aclnnStatus rc;
    if ((rc = ops_check_dims(t, name, what)))
        return rc;
    int dt = ops_dt_index(t->dtype);
    if (dt < 0 || !(t->dtype == x->dtype || dt == DT_F32))
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: %s type %s is not supported with input %s",
                       name, what, ops_dt_name(t->dtype), ops_dt_name(x->dtype));
    bool ok = (int)t->ndim == k;
    for (int i = 0; ok && i < k; i++)
        ok = t->dims[i] == x->dims[x->ndim - k + i];
    if (!ok)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: %s's shape is not the input's last %d dims",
                       name, what, k);
    return ACLNN_SUCCESS;
}

/* Per-row statistics outputs: one element per row, a floating type. */
static aclnnStatus norm_stat(const char *name, const char *what, const aclTensor *t,
                             const aclTensor *x, int k, unsigned types)
{
    aclnnStatus rc;
    if ((rc = ops_check_dims(t, name, what)))
        return rc;
    int dt = ops_dt_index(t->dtype);
    if (dt < 0 || !(DTM(dt) & types))
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: %s type %s is not supported", name, what,
                       ops_dt_name(t->dtype));
    int64_t rows = ops_numel(x->dims, (int)x->ndim - k);
    if (ops_numel(t->dims, (int)t->ndim) != rows)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: %s must hold one value per row (%lld)", name,
                       what, (long long)rows);
    return ACLNN_SUCCESS;
}

static aclnnStatus norm_build(const char *name, bool layer, const aclTensor *x, const aclTensor *g,
                              const aclTensor *b, double eps, const aclTensor *y,
                              const aclTensor *mean, const aclTensor *rstd, int k, uint64_t *ws,
                              aclOpExecutor **ex)
{
    struct aclOpExecutor *e = ops_exec_plan(name, 3, 3, sizeof(struct norm_plan), NULL);
    if (!e)
        return ACLNN_ERR_INNER_CREATE_EXECUTOR;
    struct norm_plan *p = e->plan;
    aclnnStatus rc =
        OPS_VIEWS(e, {&p->x, x, "x"}, {&p->gamma, g, "gamma"}, {&p->beta, b, "beta"},
                  {&p->y, y, "out"}, {&p->mean, mean, "meanOut"}, {&p->rstd, rstd, "rstdOut"});
    if (rc)
        return rc;
    p->has_gamma = g != NULL;
    p->has_beta = b != NULL;
    p->has_mean = mean != NULL;
    p->has_rstd = rstd != NULL;
    p->k = k;
    p->D = ops_numel(x->dims + x->ndim - k, k);
    p->eps = eps;
    p->layer = layer;
    p->split = &norm_split;
    p->x_in_place = norm_row_contig(&p->x, k);
    p->y_in_place = norm_row_contig(&p->y, k);
    e->run = p->x.numel ? ops_split_run : NULL;
    return ops_exec_done(e, ws, ex);
}

aclnnStatus aclnnRmsNormGetWorkspaceSize(const aclTensor *x, const aclTensor *gamma, double epsilon,
                                         const aclTensor *yOut, const aclTensor *rstdOut, WS)
{
    const char *name = "aclnnRmsNorm";
    OPS_CHECK_NULLS(name, x, gamma, yOut, rstdOut, workspaceSize, executor);
    aclnnStatus rc;
    if ((rc = ops_check_dims(gamma, name, "gamma")))
        return rc;
    int k = (int)gamma->ndim;
    if ((rc = norm_common(name, OPS_DT_RmsNorm, x, yOut, k)) ||
        (rc = norm_param(name, "gamma", gamma, x, k)) ||
        (rc = norm_stat(name, "rstdOut", rstdOut, x, k, OPS_DT2_RmsNorm)))
        return rc;
    return norm_build(name, false, x, gamma, NULL, epsilon, yOut, NULL, rstdOut, k, workspaceSize,
                      executor);
}
PHASE2(RmsNorm)

static aclnnStatus layer_norm_p1(const char *name, unsigned types, const aclTensor *input,
                                 const aclIntArray *normalizedShape,
                                 const aclTensor *weightOptional, const aclTensor *biasOptional,
                                 double eps, aclTensor *out, aclTensor *meanOutOptional,
                                 aclTensor *rstdOutOptional, WS)
{
    OPS_CHECK_NULLS(name, input, normalizedShape, out, workspaceSize, executor);
    int k = (int)normalizedShape->n;
    aclnnStatus rc;
    if ((rc = norm_common(name, types, input, out, k)))
        return rc;
    for (int i = 0; i < k; i++)
        if (normalizedShape->v[i] != input->dims[input->ndim - k + i])
            return ops_err(ACLNN_ERR_PARAM_INVALID,
                           "%s: normalizedShape is not the input's last %d dims", name, k);
    if ((weightOptional && (rc = norm_param(name, "weight", weightOptional, input, k))) ||
        (biasOptional && (rc = norm_param(name, "bias", biasOptional, input, k))) ||
        (meanOutOptional && (rc = norm_stat(name, "meanOut", meanOutOptional, input, k, types))) ||
        (rstdOutOptional && (rc = norm_stat(name, "rstdOut", rstdOutOptional, input, k, types))))
        return rc;
    return norm_build(name, true, input, weightOptional, biasOptional, eps, out, meanOutOptional,
                      rstdOutOptional, k, workspaceSize, executor);
}
/* LayerNorm's three entry points: FastLayerNorm and LayerNormWithImplMode (whose implMode
 * chooses the NPU's precision/speed trade-off) compute the same (double statistics). */
#define LAYER_NORM_ENTRY(OP, T)                                                                    \
    aclnnStatus aclnn##OP##GetWorkspaceSize(                                                       \
        const aclTensor *input, const aclIntArray *normalizedShape,                                \
        const aclTensor *weightOptional, const aclTensor *biasOptional, double eps,                \
        aclTensor *out, aclTensor *meanOutOptional, aclTensor *rstdOutOptional, WS)                \
    {                                                                                              \
        return layer_norm_p1("aclnn" #OP, (T), input, normalizedShape, weightOptional,             \
                             biasOptional, eps, out, meanOutOptional, rstdOutOptional,             \
                             workspaceSize, executor);                                             \
    }                                                                                              \
    PHASE2(OP)
LAYER_NORM_ENTRY(LayerNorm, OPS_DT_LayerNorm)
LAYER_NORM_ENTRY(FastLayerNorm, OPS_DT_FastLayerNorm)

aclnnStatus aclnnLayerNormWithImplModeGetWorkspaceSize(
    const aclTensor *input, const aclIntArray *normalizedShape, const aclTensor *weightOptional,
    const aclTensor *biasOptional, double eps, aclTensor *out, aclTensor *meanOutOptional,
    aclTensor *rstdOutOptional, int32_t implMode, WS)
{
    const char *name = "aclnnLayerNormWithImplMode";
    if (implMode < 0 || implMode > 2)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: implMode %d is not 0, 1 or 2", name,
                       (int)implMode);
    return layer_norm_p1(name, OPS_DT_LayerNormWithImplMode, input, normalizedShape, weightOptional,
                         biasOptional, eps, out, meanOutOptional, rstdOutOptional, workspaceSize,
                         executor);
}
PHASE2(LayerNormWithImplMode)

/* ---- LayerNormBackward / RmsNormGrad (NB1) --------------------------------------------------- */

/* A row per k trailing dims (LayerNormBackward, RmsNormGrad) or a group of
 * [N, C, HxW] (GroupNormBackward: N, C, HW, G). */
struct nbw_plan {
    struct ops_tensor dy, x, mean, rstd, g, sc, bias, qsc, qoff, x2, dsum, dx, dg, db, dsc, dsh,
        dx2;
    bool has_mean, has_g, has_dx, has_dg, has_db, layer;
    bool ada; /* NB4: AdaLayerNormBackward (sc, bias; dsc, dsh when given) */
    bool has_bias, has_dsc, has_dsh;
    bool quant, qdiv, has_qoff;     /* NB5: dx quantised to INT8 (RmsNormGradQuant) */
    bool has_x2, has_dsum, has_dx2; /* NB6: x = alpha x + x2; dx + dsum; dx2 the unscaled dx */
    double alpha;
    bool swish; /* NB7: GroupNormSwishGrad (alpha: swishScale, bias: beta) */
    int k;
    int64_t D, N, C, HW, G;
    int64_t S; /* ada: rows per batch */
};

/* The tensors beyond LayerNormBackward's: AdaLayerNormBackward's (NB4: scale, bias, dscale,
 * dshift) or RmsNormGradQuant's (NB5: qscale, qoffset and qdiv). */
struct nbw_ada {
    const aclTensor *scale, *bias, *dscale, *dshift, *qscale, *qoffset;
    bool qdiv;
    const aclTensor *x2, *dsum, *dx2; /* NB6: AddLayerNormGrad, DeepNormGrad */
    double alpha;
};

/* ada: the H values of batch bi of a [B..., H] or [B..., 1, H] tensor (x [B..., S, H]). */
static char *nbw_batch(const struct nbw_plan *p, const struct ops_tensor *t, void *const *addr,
                       int64_t bi)
{
    return ops_elem(t, addr, lead_offset(t, p->x.ndim - 2, bi));
}

/* gamma (n values, ones when absent), the per-row mean (when given) and rstd into double. */
static void nbw_load(const struct nbw_plan *p, void *const *addr, int64_t n, double *g,
                     double *mean, double *rstd)
{
    for (int64_t i = 0; i < n; i++)
        g[i] = 1.0;
    const struct ops_tensor *t[3] = {p->has_g ? &p->g : NULL, p->has_mean ? &p->mean : NULL,
                                     &p->rstd};
    double *to[3] = {g, mean, rstd};
    for (int i = 0; i < 3; i++)
        if (t[i])
            ops_gather_nd(to[i], CK_F64, ops_base(t[i], addr), t[i]->dt, t[i]->ndim, t[i]->dims,
                          t[i]->strides);
}

/* outputMask: 3 values; an asked-for gradient may not be NULL. */
static aclnnStatus nbw_mask(const char *name, const aclBoolArray *mask, const aclTensor *const o[3],
                            const char *const on[3])
{
    if (mask->n != 3)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: outputMask has %llu values, expected 3", name,
                       (unsigned long long)mask->n);
    for (int i = 0; i < 3; i++)
        if (mask->v[i] && !o[i])
            return ops_err(ACLNN_ERR_PARAM_NULLPTR, "%s: %s is NULL", name, on[i]);
    return ACLNN_SUCCESS;
}

static int32_t nbw_run(const struct aclOpExecutor *e, void *const *addr)
{
    const struct nbw_plan *p = e->plan;
    const int64_t D = p->D;
    const int lead = p->x.ndim - p->k;
    const int64_t rows = ops_numel(p->x.dims, lead);
    double *buf = calloc((size_t)(10 * D + 2 * rows + 1), sizeof(double));
    if (!buf)
        return ACL_ERROR_BAD_ALLOC;
    double *dy = buf, *x = dy + D, *g = x + D, *ag = g + D, *ab = ag + D, *mean = ab + D,
           *rstd = mean + rows, *asc = rstd + rows, *bias = asc + D, *gsc = bias + D,
           *gsh = gsc + D, *t2 = gsh + D; /* t2: a row of x2, then of dsum */
    nbw_load(p, addr, D, g, mean, rstd);
    double qs = 1, qo = 0; /* NB5's scale and offset (one value each) */
    if (p->quant)
        ops_gather_nd(&qs, CK_F64, ops_base(&p->qsc, addr), p->qsc.dt, p->qsc.ndim, p->qsc.dims,
                      p->qsc.strides);
    if (p->has_qoff)
        ops_gather_nd(&qo, CK_F64, ops_base(&p->qoff, addr), p->qoff.dt, p->qoff.ndim, p->qoff.dims,
                      p->qoff.strides);
    if (p->has_bias)
        ops_gather_nd(bias, CK_F64, ops_base(&p->bias, addr), p->bias.dt, p->bias.ndim,
                      p->bias.dims, p->bias.strides);
    for (int64_t r = 0; r < rows; r++) {
        if (p->ada && r % p->S == 0) { /* a batch begins: its scale, zeroed sums */
            ops_gather_nd(asc, CK_F64, nbw_batch(p, &p->sc, addr, r / p->S), p->sc.dt, 1,
                          p->sc.dims + p->sc.ndim - 1, p->sc.strides + p->sc.ndim - 1);
            memset(gsc, 0, (size_t)D * sizeof(double));
            memset(gsh, 0, (size_t)D * sizeof(double));
        }
        ops_gather_nd(dy, CK_F64, ops_elem(&p->dy, addr, lead_offset(&p->dy, lead, r)), p->dy.dt,
                      p->k, p->dy.dims + lead, p->dy.strides + lead);
        ops_gather_nd(x, CK_F64, ops_elem(&p->x, addr, lead_offset(&p->x, lead, r)), p->x.dt, p->k,
                      p->x.dims + lead, p->x.strides + lead);
        if (p->has_x2) { /* NB6: the forward's sum */
            ops_gather_nd(t2, CK_F64, ops_elem(&p->x2, addr, lead_offset(&p->x2, lead, r)),
                          p->x2.dt, p->k, p->x2.dims + lead, p->x2.strides + lead);
            for (int64_t i = 0; i < D; i++)
                x[i] = p->alpha * x[i] + t2[i];
        }
        const double m = p->has_mean ? mean[r] : 0, rs = rstd[r];
        double s1 = 0, s2 = 0;
        for (int64_t i = 0; i < D; i++) {
            const double xh = (x[i] - m) * rs;
            if (p->ada) { /* dout of LayerNorm's result: dy (1 + scale) */
                gsc[i] += dy[i] * (xh * g[i] + bias[i]);
                gsh[i] += dy[i];
                dy[i] *= 1.0 + asc[i];
            }
            const double gi = dy[i] * g[i];
            ag[i] += dy[i] * xh;
            ab[i] += dy[i];
            x[i] = xh;
            s1 += gi;
            s2 += gi * xh;
        }
        if (p->ada && r % p->S == p->S - 1) { /* a batch ends: its scale and shift gradients */
            if (p->has_dsc)
                ops_scatter_nd(gsc, CK_F64, nbw_batch(p, &p->dsc, addr, r / p->S), p->dsc.dt, 1,
                               p->dsc.dims + p->dsc.ndim - 1, p->dsc.strides + p->dsc.ndim - 1);
            if (p->has_dsh)
                ops_scatter_nd(gsh, CK_F64, nbw_batch(p, &p->dsh, addr, r / p->S), p->dsh.dt, 1,
                               p->dsh.dims + p->dsh.ndim - 1, p->dsh.strides + p->dsh.ndim - 1);
        }
        if (!p->has_dx)
            continue;
        s1 = p->layer ? s1 / (double)D : 0;
        s2 /= (double)D;
        for (int64_t i = 0; i < D; i++)
            dy[i] = rs * (dy[i] * g[i] - s1 - x[i] * s2);
        if (p->has_dx2) { /* NB6: the gradient of the sum, then alpha times it for x */
            ops_scatter_nd(dy, CK_F64, ops_elem(&p->dx2, addr, lead_offset(&p->dx2, lead, r)),
                           p->dx2.dt, p->k, p->dx2.dims + lead, p->dx2.strides + lead);
            for (int64_t i = 0; i < D; i++)
                dy[i] *= p->alpha;
        }
        if (p->has_dsum) {
            ops_gather_nd(t2, CK_F64, ops_elem(&p->dsum, addr, lead_offset(&p->dsum, lead, r)),
                          p->dsum.dt, p->k, p->dsum.dims + lead, p->dsum.strides + lead);
            for (int64_t i = 0; i < D; i++)
                dy[i] += t2[i];
        }
        if (p->quant) /* NB5: round(dx * scale + offset) (qdiv: dx / scale), half to even */
            for (int64_t i = 0; i < D; i++)
                dy[i] =
                    (double)qt_round_sat((p->qdiv ? dy[i] / qs : dy[i] * qs) + qo, 0, -128, 127);
        ops_scatter_nd(dy, CK_F64, ops_elem(&p->dx, addr, lead_offset(&p->dx, lead, r)), p->dx.dt,
                       p->k, p->dx.dims + lead, p->dx.strides + lead);
    }
    if (p->has_dg)
        ops_scatter_nd(ag, CK_F64, ops_base(&p->dg, addr), p->dg.dt, p->dg.ndim, p->dg.dims,
                       p->dg.strides);
    if (p->has_db)
        ops_scatter_nd(ab, CK_F64, ops_base(&p->db, addr), p->db.dt, p->db.ndim, p->db.dims,
                       p->db.strides);
    free(buf);
    return 0;
}

/* t must have ref's shape and type; names t in the message. */
static aclnnStatus nbw_like(const char *name, const char *what, const aclTensor *t,
                            const char *refname, const aclTensor *ref)
{
    aclnnStatus rc;
    if ((rc = ops_check_dims(t, name, what)))
        return rc;
    if (t->dtype != ref->dtype)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: %s type %s differs from %s's %s", name, what,
                       ops_dt_name(t->dtype), refname, ops_dt_name(ref->dtype));
    if (!ops_same_shape(t, ref))
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: %s's shape differs from %s's", name, what,
                       refname);
    return ACLNN_SUCCESS;
}

/* The input x: a type of `types` and k normalised dims (1 <= k <= ndim). */
static aclnnStatus nbw_input(const char *name, const char *what, const aclTensor *x, int k,
                             unsigned types)
{
    aclnnStatus rc;
    if ((rc = ops_check_dims(x, name, what)))
        return rc;
    int dt = ops_dt_index(x->dtype);
    if (dt < 0 || !(DTM(dt) & types))
        return ops_err(ACLNN_ERR_PARAM_INVALID,
                       "%s: %s type %s is not supported (FLOAT, FLOAT16, BFLOAT16)", name, what,
                       ops_dt_name(x->dtype));
    if (k < 1 || k > (int)x->ndim)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: %d normalised dims for a %u-dim %s", name, k,
                       x->ndim, what);
    return ACLNN_SUCCESS;
}

static aclnnStatus nbw_build(const char *name, bool layer, const aclTensor *dy, const aclTensor *x,
                             const aclTensor *mean, const aclTensor *rstd, const aclTensor *g,
                             const aclTensor *dx, const aclTensor *dg, const aclTensor *db, int k,
                             const struct nbw_ada *ada, uint64_t *ws, aclOpExecutor **ex)
{
    const struct nbw_ada none = {0}, *a = ada ? ada : &none;
    OPS_PLAN(e, p, name, 11, 6, struct nbw_plan, NULL, {&p->dy, dy, "gradOut"}, {&p->x, x, "input"},
             {&p->mean, mean, "mean"}, {&p->rstd, rstd, "rstd"}, {&p->g, g, "weight"},
             {&p->sc, a->scale, "scale"}, {&p->bias, a->bias, "biasOptional"},
             {&p->qsc, a->qscale, "scalesX"}, {&p->qoff, a->qoffset, "offsetXOptional"},
             {&p->x2, a->x2, "x2"}, {&p->dsum, a->dsum, "dsumOptional"},
             {&p->dx, dx, "gradInputOut"}, {&p->dg, dg, "gradWeightOut"},
             {&p->db, db, "gradBiasOut"}, {&p->dsc, a->dscale, "gradScaleOut"},
             {&p->dsh, a->dshift, "gradShiftOut"}, {&p->dx2, a->dx2, "dgxOut"});
    p->ada = a->scale != NULL;
    p->quant = a->qscale != NULL;
    p->qdiv = a->qdiv;
    p->has_qoff = a->qoffset != NULL;
    p->has_x2 = a->x2 != NULL;
    p->has_dsum = a->dsum != NULL;
    p->has_dx2 = a->dx2 != NULL;
    p->alpha = a->x2 ? a->alpha : 1.0;
    p->has_bias = a->bias != NULL;
    p->has_dsc = a->dscale != NULL;
    p->has_dsh = a->dshift != NULL;
    p->S = p->ada ? x->dims[x->ndim - 2] : 1;
    p->has_mean = mean != NULL;
    p->has_g = g != NULL;
    p->has_dx = dx != NULL;
    p->has_dg = dg != NULL;
    p->has_db = db != NULL;
    p->layer = layer;
    p->k = k;
    p->D = ops_numel(x->dims + x->ndim - k, k);
    const bool work = (p->has_dx && p->x.numel) || ((p->has_dg || p->has_db) && p->D) ||
                      ((p->has_dsc || p->has_dsh) && p->x.numel);
    e->run = work ? nbw_run : NULL;
    return ops_exec_done(e, ws, ex);
}

aclnnStatus aclnnLayerNormBackwardGetWorkspaceSize(
    const aclTensor *gradOut, const aclTensor *input, const aclIntArray *normalizedShape,
    const aclTensor *mean, const aclTensor *rstd, const aclTensor *weightOptional,
    const aclTensor *biasOptional, const aclBoolArray *outputMask, aclTensor *gradInputOut,
    aclTensor *gradWeightOut, aclTensor *gradBiasOut, uint64_t *workspaceSize,
    aclOpExecutor **executor)
{
    const char *name = "aclnnLayerNormBackward";
    OPS_CHECK_NULLS(name, gradOut, input, normalizedShape, mean, rstd, outputMask, workspaceSize,
                    executor);
    const aclTensor *const outs[3] = {gradInputOut, gradWeightOut, gradBiasOut};
    static const char *const on[3] = {"gradInputOut", "gradWeightOut", "gradBiasOut"};
    aclnnStatus rc;
    if ((rc = nbw_mask(name, outputMask, outs, on)))
        return rc;
    const bool *m = outputMask->v;
    const int k = (int)normalizedShape->n;
    const unsigned types = OPS_DT_LayerNormBackward;
    if ((rc = nbw_input(name, "input", input, k, types)) ||
        (rc = nbw_like(name, "gradOut", gradOut, "input", input)))
        return rc;
    for (int i = 0; i < k; i++)
        if (normalizedShape->v[i] != input->dims[input->ndim - k + i])
            return ops_err(ACLNN_ERR_PARAM_INVALID,
                           "%s: normalizedShape is not the input's last %d dims", name, k);
    if ((rc = norm_stat(name, "mean", mean, input, k, types)) ||
        (rc = norm_stat(name, "rstd", rstd, input, k, types)) ||
        (weightOptional && (rc = norm_param(name, "weight", weightOptional, input, k))) ||
        (biasOptional && (rc = norm_param(name, "bias", biasOptional, input, k))) ||
        (m[0] && (rc = nbw_like(name, "gradInputOut", gradInputOut, "input", input))) ||
        (m[1] && (rc = norm_param(name, "gradWeightOut", gradWeightOut, input, k))) ||
        (m[2] && (rc = norm_param(name, "gradBiasOut", gradBiasOut, input, k))))
        return rc;
    return nbw_build(name, true, gradOut, input, mean, rstd, weightOptional,
                     m[0] ? gradInputOut : NULL, m[1] ? gradWeightOut : NULL,
                     m[2] ? gradBiasOut : NULL, k, NULL, workspaceSize, executor);
}
PHASE2(LayerNormBackward)

aclnnStatus aclnnRmsNormGradGetWorkspaceSize(const aclTensor *dy, const aclTensor *x,
                                             const aclTensor *rstd, const aclTensor *gamma,
                                             const aclTensor *dxOut, const aclTensor *dgammaOut,
                                             uint64_t *workspaceSize, aclOpExecutor **executor)
{
    const char *name = "aclnnRmsNormGrad";
    OPS_CHECK_NULLS(name, dy, x, rstd, gamma, dxOut, dgammaOut, workspaceSize, executor);
    aclnnStatus rc;
    if ((rc = ops_check_dims(gamma, name, "gamma")))
        return rc;
    const int k = (int)gamma->ndim;
    if ((rc = nbw_input(name, "x", x, k, OPS_DT_RmsNormGrad)) ||
        (rc = nbw_like(name, "dy", dy, "x", x)) || (rc = nbw_like(name, "dxOut", dxOut, "x", x)) ||
        (rc = norm_param(name, "gamma", gamma, x, k)) ||
        (rc = norm_stat(name, "rstd", rstd, x, k, OPS_DT2_RmsNormGrad)) ||
        (rc = norm_stat(name, "dgammaOut", dgammaOut, gamma, 0, OPS_DT2_RmsNormGrad)))
        return rc;
    if (!ops_same_shape(dgammaOut, gamma))
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: dgammaOut's shape differs from gamma's", name);
    return nbw_build(name, false, dy, x, NULL, rstd, gamma, dxOut, dgammaOut, NULL, k, NULL,
                     workspaceSize, executor);
}
PHASE2(RmsNormGrad)

/* RmsNormGradQuant (NB5): RmsNormGrad with dx quantised statically to INT8. */
aclnnStatus aclnnRmsNormGradQuantGetWorkspaceSize(
    const aclTensor *dy, const aclTensor *x, const aclTensor *rstd, const aclTensor *gamma,
    const aclTensor *scalesX, const aclTensor *offsetXOptional, const char *quantMode, bool divMode,
    aclTensor *dxOut, aclTensor *dgammaOut, uint64_t *workspaceSize, aclOpExecutor **executor)
{
    const char *name = "aclnnRmsNormGradQuant";
    OPS_CHECK_NULLS(name, dy, x, rstd, gamma, scalesX, quantMode, dxOut, dgammaOut, workspaceSize,
                    executor);
    aclnnStatus rc;
    if (strcmp(quantMode, "static") != 0)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: quantMode is \"%s\" (only \"static\")", name,
                       quantMode);
    if ((rc = ops_check_dims(gamma, name, "gamma")))
        return rc;
    const int k = (int)gamma->ndim;
    if ((rc = nbw_input(name, "x", x, k, OPS_DT_RmsNormGradQuant)) ||
        (rc = nbw_like(name, "dy", dy, "x", x)) || (rc = norm_param(name, "gamma", gamma, x, k)) ||
        (rc = norm_stat(name, "rstd", rstd, x, k, DTM(DT_F32))) ||
        (rc = norm_stat(name, "dgammaOut", dgammaOut, gamma, 0, DTM(DT_F32))) ||
        (rc = ops_check_dims(scalesX, name, "scalesX")) ||
        (offsetXOptional && (rc = ops_check_dims(offsetXOptional, name, "offsetXOptional"))) ||
        (rc = ops_check_dims(dxOut, name, "dxOut")))
        return rc;
    if (x->ndim < 2)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: x has %d dims (2 to 8)", name, (int)x->ndim);
    if (!ops_same_shape(dgammaOut, gamma))
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: dgammaOut's shape differs from gamma's", name);
    if (!ops_dt_in(dxOut->dtype, OPS_DT2_RmsNormGradQuant) || !ops_same_shape(dxOut, x))
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: dxOut must be INT8 of x's shape (it is %s)",
                       name, ops_dt_name(dxOut->dtype));
    if (ops_numel(scalesX->dims, (int)scalesX->ndim) != 1 ||
        (scalesX->dtype != x->dtype && scalesX->dtype != ACL_FLOAT))
        return ops_err(ACLNN_ERR_PARAM_INVALID,
                       "%s: scalesX must be one value ([1]) of x's type or FLOAT (it is %s)", name,
                       ops_dt_name(scalesX->dtype));
    if (offsetXOptional && (ops_numel(offsetXOptional->dims, (int)offsetXOptional->ndim) != 1 ||
                            offsetXOptional->dtype != ACL_INT32))
        return ops_err(ACLNN_ERR_PARAM_INVALID,
                       "%s: offsetXOptional must be one INT32 value ([1]) (it is %s)", name,
                       ops_dt_name(offsetXOptional->dtype));
    const struct nbw_ada q = {.qscale = scalesX, .qoffset = offsetXOptional, .qdiv = divMode};
    return nbw_build(name, false, dy, x, NULL, rstd, gamma, dxOut, dgammaOut, NULL, k, &q,
                     workspaceSize, executor);
}
PHASE2(RmsNormGradQuant)

/* ---- LayerNormalizationGrad (NB2) ------------------------------------------------------------ */

/* t: x's type, then the shape check of norm_param (x's trailing k dims). */
static aclnnStatus lng_param(const char *name, const char *what, const aclTensor *t,
                             const aclTensor *x, int k)
{
    aclnnStatus rc;
    if ((rc = norm_param(name, what, t, x, k)))
        return rc;
    if (t->dtype != x->dtype)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: %s type %s differs from x's %s", name, what,
                       ops_dt_name(t->dtype), ops_dt_name(x->dtype));
    return ACLNN_SUCCESS;
}

aclnnStatus aclnnLayerNormalizationGradGetWorkspaceSize(
    const aclTensor *dy, const aclTensor *x, const aclTensor *gamma, const aclTensor *mean,
    const aclTensor *rstd, aclTensor *dx, aclTensor *dgamma, aclTensor *dbeta,
    uint64_t *workspaceSize, aclOpExecutor **executor)
{
    const char *name = "aclnnLayerNormalizationGrad";
    OPS_CHECK_NULLS(name, dy, x, gamma, mean, rstd, dx, dgamma, dbeta, workspaceSize, executor);
    aclnnStatus rc;
    if ((rc = ops_check_dims(gamma, name, "gamma")))
        return rc;
    const int k = (int)gamma->ndim;
    if ((rc = nbw_input(name, "x", x, k, OPS_DT_LayerNormalizationGrad)))
        return rc;
    const unsigned xt = DTM(ops_dt_index(x->dtype)); /* one type for every tensor (the def's) */
    if ((rc = nbw_like(name, "dy", dy, "x", x)) || (rc = nbw_like(name, "dx", dx, "x", x)) ||
        (rc = lng_param(name, "gamma", gamma, x, k)) ||
        (rc = lng_param(name, "dgamma", dgamma, x, k)) ||
        (rc = lng_param(name, "dbeta", dbeta, x, k)) ||
        (rc = norm_stat(name, "mean", mean, x, k, xt)) ||
        (rc = norm_stat(name, "rstd", rstd, x, k, xt)))
        return rc;
    return nbw_build(name, true, dy, x, mean, rstd, gamma, dx, dgamma, dbeta, k, NULL,
                     workspaceSize, executor);
}
PHASE2(LayerNormalizationGrad)

/* ---- AddLayerNormGrad, DeepNormGrad (NB6) --------------------------------------------------- */

/* The checks both share: x (and dy, x2, the data outputs) of one type and shape, gamma x's
 * trailing dims, mean / rstd FLOAT one per row, dgamma / dbeta FLOAT gamma's shape. */
static aclnnStatus nbw_sum_checks(const char *name, unsigned types, const aclTensor *dy,
                                  const aclTensor *x, const char *xn,
                                  const aclTensor *const like[3], const char *const likn[3],
                                  const aclTensor *mean, const aclTensor *rstd,
                                  const aclTensor *gamma, const aclTensor *dg, const char *dgn,
                                  const aclTensor *db, const char *dbn, int *k)
{
    aclnnStatus rc;
    if ((rc = ops_check_dims(gamma, name, "gamma")))
        return rc;
    *k = (int)gamma->ndim;
    if ((rc = nbw_input(name, xn, x, *k, types)) || (rc = nbw_like(name, "dy", dy, xn, x)) ||
        (rc = norm_param(name, "gamma", gamma, x, *k)) ||
        (rc = norm_stat(name, "mean", mean, x, *k, DTM(DT_F32))) ||
        (rc = norm_stat(name, "rstd", rstd, x, *k, DTM(DT_F32))) ||
        (rc = norm_stat(name, dgn, dg, gamma, 0, DTM(DT_F32))) ||
        (rc = norm_stat(name, dbn, db, gamma, 0, DTM(DT_F32))))
        return rc;
    for (int i = 0; i < 3; i++)
        if (like[i] && (rc = nbw_like(name, likn[i], like[i], xn, x)))
            return rc;
    if (!ops_same_shape(dg, gamma) || !ops_same_shape(db, gamma))
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: %s and %s must have gamma's shape", name, dgn,
                       dbn);
    return ACLNN_SUCCESS;
}

/* AddLayerNormGrad: LayerNormBackward of x1 + x2, dsumOptional added to dx. */
aclnnStatus aclnnAddLayerNormGradGetWorkspaceSize(
    const aclTensor *dy, const aclTensor *x1, const aclTensor *x2, const aclTensor *rstd,
    const aclTensor *mean, const aclTensor *gamma, const aclTensor *dsumOptional,
    const aclTensor *dxOut, const aclTensor *dgammaOut, const aclTensor *dbetaOut,
    uint64_t *workspaceSize, aclOpExecutor **executor)
{
    const char *name = "aclnnAddLayerNormGrad";
    OPS_CHECK_NULLS(name, dy, x1, x2, rstd, mean, gamma, dxOut, dgammaOut, dbetaOut, workspaceSize,
                    executor);
    const aclTensor *const like[3] = {x2, dsumOptional, dxOut};
    static const char *const likn[3] = {"x2", "dsumOptional", "dxOut"};
    aclnnStatus rc;
    int k;
    if ((rc = nbw_sum_checks(name, OPS_DT_AddLayerNormGrad, dy, x1, "x1", like, likn, mean, rstd,
                             gamma, dgammaOut, "dgammaOut", dbetaOut, "dbetaOut", &k)))
        return rc;
    const struct nbw_ada a = {.x2 = x2, .dsum = dsumOptional, .alpha = 1.0};
    return nbw_build(name, true, dy, x1, mean, rstd, gamma, dxOut, dgammaOut, dbetaOut, k, &a,
                     workspaceSize, executor);
}
PHASE2(AddLayerNormGrad)

/* DeepNormGrad: LayerNormBackward of alpha x + gx; dgx that gradient, dx alpha times it. */
aclnnStatus aclnnDeepNormGradGetWorkspaceSize(const aclTensor *dy, const aclTensor *x,
                                              const aclTensor *gx, const aclTensor *gamma,
                                              const aclTensor *mean, const aclTensor *rstd,
                                              double alpha, const aclTensor *dxOut,
                                              const aclTensor *dgxOut, const aclTensor *dbetaOut,
                                              const aclTensor *dgammaOut, uint64_t *workspaceSize,
                                              aclOpExecutor **executor)
{
    const char *name = "aclnnDeepNormGrad";
    OPS_CHECK_NULLS(name, dy, x, gx, gamma, mean, rstd, dxOut, dgxOut, dbetaOut, dgammaOut,
                    workspaceSize, executor);
    const aclTensor *const like[3] = {gx, dxOut, dgxOut};
    static const char *const likn[3] = {"gx", "dxOut", "dgxOut"};
    aclnnStatus rc;
    int k;
    if ((rc = nbw_sum_checks(name, OPS_DT_DeepNormGrad, dy, x, "x", like, likn, mean, rstd, gamma,
                             dgammaOut, "dgammaOut", dbetaOut, "dbetaOut", &k)))
        return rc;
    if (x->ndim < 2)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: x has %d dims (2 to 8)", name, (int)x->ndim);
    const struct nbw_ada a = {.x2 = gx, .dx2 = dgxOut, .alpha = alpha};
    return nbw_build(name, true, dy, x, mean, rstd, gamma, dxOut, dgammaOut, dbetaOut, k, &a,
                     workspaceSize, executor);
}
PHASE2(DeepNormGrad)

/* ---- AdaLayerNormBackward (NB4) -------------------------------------------------------------- */

/* scale, shift and their gradients: [B..., H] or [B..., 1, H] of input's type (input [B..., S,
 * H]). */
static aclnnStatus alnb_batch(const char *name, const char *what, const aclTensor *t,
                              const aclTensor *x)
{
    aclnnStatus rc;
    if ((rc = ops_check_dims(t, name, what)))
        return rc;
    if (t->dtype != x->dtype)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: %s type %s differs from input's %s", name,
                       what, ops_dt_name(t->dtype), ops_dt_name(x->dtype));
    const int nb = (int)x->ndim - 2;
    bool ok = ((int)t->ndim == nb + 1 || ((int)t->ndim == nb + 2 && t->dims[nb] == 1)) &&
              t->dims[t->ndim - 1] == x->dims[x->ndim - 1];
    for (int j = 0; ok && j < nb; j++)
        ok = t->dims[j] == x->dims[j];
    if (ok)
        return ACLNN_SUCCESS;
    char s1[96];
    return ops_err(ACLNN_ERR_PARAM_INVALID,
                   "%s: %s has shape %s; it must be [B..., H] or [B..., 1, "
                   "H] (input [B..., S, H])",
                   name, what, ops_shape_str(s1, sizeof(s1), t->dims, t->ndim));
}

aclnnStatus aclnnAdaLayerNormBackwardGetWorkspaceSize(
    const aclTensor *gradOut, const aclTensor *input, const aclIntArray *normalizedShape,
    const aclTensor *rstd, const aclTensor *mean, const aclTensor *scale, const aclTensor *shift,
    const aclTensor *weightOptional, const aclTensor *biasOptional, aclTensor *gradInputOut,
    aclTensor *gradScaleOut, aclTensor *gradShiftOut, aclTensor *gradWeightOut,
    aclTensor *gradBiasOut, uint64_t *workspaceSize, aclOpExecutor **executor)
{
    const char *name = "aclnnAdaLayerNormBackward";
    OPS_CHECK_NULLS(name, gradOut, input, normalizedShape, rstd, mean, scale, shift, workspaceSize,
                    executor);
    aclnnStatus rc;
    if ((rc = nbw_input(name, "gradOut", gradOut, 1, OPS_DT_AdaLayerNormBackward)) ||
        (rc = nbw_like(name, "input", input, "gradOut", gradOut)))
        return rc;
    if (input->ndim < 2)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: input has %d dims; it must be [B..., S, H]",
                       name, (int)input->ndim);
    if (normalizedShape->n != 1 || normalizedShape->v[0] != input->dims[input->ndim - 1])
        return ops_err(ACLNN_ERR_PARAM_INVALID,
                       "%s: normalizedShape must be [H], input's last dim (%lld)", name,
                       (long long)input->dims[input->ndim - 1]);
    const unsigned xt = DTM(ops_dt_index(input->dtype));
    if ((rc = norm_stat(name, "mean", mean, input, 1, xt)) ||
        (rc = norm_stat(name, "rstd", rstd, input, 1, xt)) ||
        (rc = alnb_batch(name, "scale", scale, input)) ||
        (rc = alnb_batch(name, "shift", shift, input)) ||
        (weightOptional && (rc = norm_param(name, "weightOptional", weightOptional, input, 1))) ||
        (biasOptional && (rc = norm_param(name, "biasOptional", biasOptional, input, 1))))
        return rc;
    /* the affine parameters' type: input's or FLOAT, the two alike; their gradients have it */
    const aclTensor *wt = weightOptional ? weightOptional : biasOptional;
    if (weightOptional && biasOptional && weightOptional->dtype != biasOptional->dtype)
        return ops_err(ACLNN_ERR_PARAM_INVALID,
                       "%s: weightOptional type %s differs from biasOptional's %s", name,
                       ops_dt_name(weightOptional->dtype), ops_dt_name(biasOptional->dtype));
    const aclTensor *pg[2] = {gradWeightOut, gradBiasOut};
    static const char *const pn[2] = {"gradWeightOut", "gradBiasOut"};
    for (int i = 0; i < 2; i++) {
        if (!pg[i])
            continue;
        if ((rc = norm_param(name, pn[i], pg[i], input, 1)))
            return rc;
        if (pg[i]->dtype != (wt ? wt->dtype : input->dtype))
            return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: %s type %s is not weightOptional's %s",
                           name, pn[i], ops_dt_name(pg[i]->dtype),
                           ops_dt_name(wt ? wt->dtype : input->dtype));
    }
    if ((gradInputOut && (rc = nbw_like(name, "gradInputOut", gradInputOut, "input", input))) ||
        (gradScaleOut && (rc = alnb_batch(name, "gradScaleOut", gradScaleOut, input))) ||
        (gradShiftOut && (rc = alnb_batch(name, "gradShiftOut", gradShiftOut, input))))
        return rc;
    if (gradScaleOut && !ops_same_shape(gradScaleOut, scale))
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: gradScaleOut's shape differs from scale's",
                       name);
    if (gradShiftOut && !ops_same_shape(gradShiftOut, shift))
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: gradShiftOut's shape differs from shift's",
                       name);
    const struct nbw_ada ada = {
        .scale = scale, .bias = biasOptional, .dscale = gradScaleOut, .dshift = gradShiftOut};
    return nbw_build(name, true, gradOut, input, mean, rstd, weightOptional, gradInputOut,
                     gradWeightOut, gradBiasOut, 1, &ada, workspaceSize, executor);
}
PHASE2(AdaLayerNormBackward)

/* ---- AddRmsNorm ---------------------------------------------------------------------------- */

struct arn_plan {
    struct ops_tensor x1, x2, g, y, rstd, xo;
    int k;
    int64_t D;
    double eps;
    float scale; /* x1's factor (FusedAddRmsNorm; 1: AddRmsNorm, exact) */
};

static int32_t arn_run(const struct aclOpExecutor *e, void *const *addr)
{
    const struct arn_plan *p = e->plan;
    const int64_t D = p->D;
    const int lead = p->x1.ndim - p->k;
    const int64_t rows = ops_numel(p->x1.dims, lead);
    float *a = malloc((size_t)(3 * D) * sizeof(float));
    if (!a)
        return ACL_ERROR_BAD_ALLOC;
    float *b = a + D, *g = b + D;
    ops_gather_nd(g, CK_F32, ops_base(&p->g, addr), p->g.dt, p->g.ndim, p->g.dims, p->g.strides);
    const int kd = lead;
    for (int64_t r = 0; r < rows; r++) {
        ops_gather_nd(a, CK_F32, ops_elem(&p->x1, addr, lead_offset(&p->x1, lead, r)), p->x1.dt,
                      p->k, p->x1.dims + kd, p->x1.strides + kd);
        ops_gather_nd(b, CK_F32, ops_elem(&p->x2, addr, lead_offset(&p->x2, lead, r)), p->x2.dt,
                      p->k, p->x2.dims + kd, p->x2.strides + kd);
        double ss = 0;
        for (int64_t i = 0; i < D; i++) {
            a[i] = a[i] * p->scale + b[i];
            ss += (double)a[i] * a[i];
        }
        ops_scatter_nd(a, CK_F32, ops_elem(&p->xo, addr, lead_offset(&p->xo, lead, r)), p->xo.dt,
                       p->k, p->xo.dims + kd, p->xo.strides + kd);
        float rstd = (float)(1.0 / sqrt(ss / (double)D + p->eps));
        for (int64_t i = 0; i < D; i++)
            a[i] = a[i] * rstd * g[i];
        ops_scatter_nd(a, CK_F32, ops_elem(&p->y, addr, lead_offset(&p->y, lead, r)), p->y.dt, p->k,
                       p->y.dims + kd, p->y.strides + kd);
        ops_storer(CK_F32, p->rstd.dt)(
            ops_elem(&p->rstd, addr, lead_offset(&p->rstd, p->rstd.ndim, r)), 0, &rstd, 1);
    }
    free(a);
    return 0;
}

static aclnnStatus arn_build(const char *name, unsigned types, unsigned rtypes, const aclTensor *x1,
                             const aclTensor *x2, const aclTensor *gamma, double epsilon,
                             double scale, const aclTensor *yOut, const aclTensor *rstdOut,
                             const aclTensor *xOut, uint64_t *workspaceSize,
                             aclOpExecutor **executor)
{
    OPS_CHECK_NULLS(name, x1, x2, gamma, yOut, rstdOut, xOut, workspaceSize, executor);
    aclnnStatus rc;
    const aclTensor *all[] = {x1, x2, gamma, yOut, rstdOut, xOut};
    for (int i = 0; i < 6; i++)
        if ((rc = ops_check_dims(all[i], name, "tensor")))
            return rc;
    if (!ops_dt_in(x1->dtype, types) || x2->dtype != x1->dtype || yOut->dtype != x1->dtype ||
        xOut->dtype != x1->dtype || !(gamma->dtype == x1->dtype || gamma->dtype == ACL_FLOAT) ||
        !ops_dt_in(rstdOut->dtype, rtypes))
        return ops_err(ACLNN_ERR_PARAM_INVALID,
                       "%s: x1/x2/yOut/xOut must share one of FLOAT16, BFLOAT16, FLOAT, gamma "
                       "that type (or FLOAT), rstdOut FLOAT (got x1 %s, x2 %s, gamma %s, rstd %s)",
                       name, ops_dt_name(x1->dtype), ops_dt_name(x2->dtype),
                       ops_dt_name(gamma->dtype), ops_dt_name(rstdOut->dtype));
    if (!ops_same_shape(x1, x2) || !ops_same_shape(x1, yOut) || !ops_same_shape(x1, xOut))
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: x1, x2, yOut and xOut must have one shape",
                       name);
    int k = (int)gamma->ndim;
    bool ok = k >= 1 && k <= (int)x1->ndim;
    for (int i = 0; ok && i < k; i++)
        ok = gamma->dims[i] == x1->dims[x1->ndim - k + i];
    if (!ok)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: gamma's shape is not x1's trailing dims",
                       name);
    int64_t rows = ops_numel(x1->dims, (int)x1->ndim - k);
    if (ops_numel(rstdOut->dims, (int)rstdOut->ndim) != rows)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: rstdOut must hold one value per row (%lld)",
                       name, (long long)rows);
    OPS_PLAN(e, p, name, 3, 3, struct arn_plan, NULL, {&p->x1, x1, "x1"}, {&p->x2, x2, "x2"},
             {&p->g, gamma, "gamma"}, {&p->y, yOut, "yOut"}, {&p->rstd, rstdOut, "rstdOut"},
             {&p->xo, xOut, "xOut"});
    p->k = k;
    p->D = ops_numel(gamma->dims, k);
    p->eps = epsilon;
    p->scale = (float)scale;
    e->run = p->x1.numel ? arn_run : NULL;
    return ops_exec_done(e, workspaceSize, executor);
}

aclnnStatus aclnnAddRmsNormGetWorkspaceSize(const aclTensor *x1, const aclTensor *x2,
                                            const aclTensor *gamma, double epsilon, aclTensor *yOut,
                                            aclTensor *rstdOut, aclTensor *xOut,
                                            uint64_t *workspaceSize, aclOpExecutor **executor)
{
    return arn_build("aclnnAddRmsNorm", OPS_DT_AddRmsNorm, OPS_DT2_AddRmsNorm, x1, x2, gamma,
                     epsilon, 1.0, yOut, rstdOut, xOut, workspaceSize, executor);
}
PHASE2(AddRmsNorm)

/* FusedAddRmsNorm (ops-nn's experimental folder): AddRmsNorm of x1 scale + x2 (NM2). */
aclnnStatus aclnnFusedAddRmsNormGetWorkspaceSize(const aclTensor *x1, const aclTensor *x2,
                                                 const aclTensor *gamma, double epsilon,
                                                 double scale, const aclTensor *yOut,
                                                 const aclTensor *rstdOut, const aclTensor *xOut,
                                                 uint64_t *workspaceSize, aclOpExecutor **executor)
{
    return arn_build("aclnnFusedAddRmsNorm", OPS_DT_FusedAddRmsNorm, OPS_DT2_FusedAddRmsNorm, x1,
                     x2, gamma, epsilon, scale, yOut, rstdOut, xOut, workspaceSize, executor);
}
PHASE2(FusedAddRmsNorm)

/* ---- GroupNorm ----------------------------------------------------------------------------- */

/* self is viewed as [N, C, HxW] (trailing dims flattened in row-major
 * order, so any view works through a multi-index walk). */
struct gn_plan {
    struct ops_tensor x, g, b, y, mean, rstd;
    bool has_g, has_b;
    bool act;     /* NM4: v sigmoid(scale v) after the affine step */
    double scale; /* the activation's scale (1 for silu) */
    bool var;     /* NM6: the biased variance in rstd's place (InstanceNorm) */
    bool quant;   /* NM7: out = round(v / quantScale[c]) (GroupNormSiluQuant) */
    struct ops_tensor qs;
    int64_t N, C, HW, G;
    double eps;
};

static int32_t gn_run(const struct aclOpExecutor *e, void *const *addr)
{
    const struct gn_plan *p = e->plan;
    const int64_t cpg = p->C / p->G, per = cpg * p->HW;
    const int nd = p->x.ndim;
    double *buf =
        malloc((size_t)(per > 0 ? per : 1) * sizeof(double) + (size_t)(3 * p->C) * sizeof(float));
    if (!buf)
        return ACL_ERROR_BAD_ALLOC;
    float *gm = (float *)(void *)(buf + (per > 0 ? per : 1)), *bt = gm + p->C, *qs = bt + p->C;
    for (int64_t c = 0; c < p->C; c++)
        gm[c] = 1.0f, bt[c] = 0.0f;
    if (p->quant) { /* one quantScale for all channels, or one per channel */
        ops_gather_nd(qs, CK_F32, ops_base(&p->qs, addr), p->qs.dt, 1, p->qs.dims, p->qs.strides);
        for (int64_t c = p->qs.numel; c < p->C; c++)
            qs[c] = qs[0];
    }
    if (p->has_g)
        ops_gather_nd(gm, CK_F32, ops_base(&p->g, addr), p->g.dt, 1, p->g.dims, p->g.strides);
    if (p->has_b)
        ops_gather_nd(bt, CK_F32, ops_base(&p->b, addr), p->b.dt, 1, p->b.dims, p->b.strides);
    ops_store_fn mst = ops_storer(CK_F64, p->mean.dt), rst = ops_storer(CK_F64, p->rstd.dt);
    for (int64_t n = 0; n < p->N; n++)
        for (int64_t g = 0; g < p->G; g++) {
            /* a group: channels [g*cpg, (g+1)*cpg) of sample n, each HW elements */
            for (int64_t c = 0; c < cpg; c++) {
                int64_t off = n * p->x.strides[0] + (g * cpg + c) * p->x.strides[1];
                ops_gather_nd(buf + c * p->HW, CK_F64, ops_elem(&p->x, addr, off), p->x.dt, nd - 2,
                              p->x.dims + 2, p->x.strides + 2);
            }
            double mean = 0, var = 0;
            for (int64_t i = 0; i < per; i++)
                mean += buf[i];
            mean = per ? mean / (double)per : 0;
            for (int64_t i = 0; i < per; i++)
                var += (buf[i] - mean) * (buf[i] - mean);
            var = per ? var / (double)per : 0;
            double rstd = 1.0 / sqrt(var + p->eps);
            for (int64_t c = 0; c < cpg; c++) {
                const int64_t ch = g * cpg + c;
                double *row = buf + c * p->HW;
                for (int64_t i = 0; i < p->HW; i++)
                    row[i] = (row[i] - mean) * rstd * gm[ch] + bt[ch];
                if (p->act)
                    for (int64_t i = 0; i < p->HW; i++)
                        row[i] = row[i] / (1.0 + exp(-p->scale * row[i]));
                if (p->quant)
                    for (int64_t i = 0; i < p->HW; i++)
                        row[i] = (double)qt_round_sat(row[i] / qs[ch], 0, -128, 127);
                int64_t off = n * p->y.strides[0] + ch * p->y.strides[1];
                ops_scatter_nd(row, CK_F64, ops_elem(&p->y, addr, off), p->y.dt, nd - 2,
                               p->y.dims + 2, p->y.strides + 2);
            }
            mst(ops_elem(&p->mean, addr, n * p->mean.strides[0] + g * p->mean.strides[1]), 0, &mean,
                1);
            rst(ops_elem(&p->rstd, addr, n * p->rstd.strides[0] + g * p->rstd.strides[1]), 0,
                p->var ? &var : &rstd, 1);
        }
    free(buf);
    return 0;
}

/* GroupNorm's phase 1 for the forms (NM4). mixed: 0 every tensor of self's type; 1 gamma and
 * beta may both be FLOAT under another self type (GroupNormSilu); 2 that, and meanOut and rstdOut
 * then have gamma's type (GroupNormSwish). */
static aclnnStatus gn_build(const char *name, unsigned types, const aclTensor *self,
                            const aclTensor *gamma, const aclTensor *beta, int64_t N, int64_t C,
                            int64_t HxW, int64_t group, double eps, bool act, double scale,
                            int mixed, aclTensor *out, aclTensor *meanOut, aclTensor *rstdOut,
                            bool var, const aclTensor *qscale, uint64_t *workspaceSize,
                            aclOpExecutor **executor)
{
    OPS_CHECK_NULLS(name, self, out, meanOut, rstdOut, workspaceSize, executor);
    aclnnStatus rc;
    const aclTensor *all[] = {self, out, meanOut, rstdOut, gamma, beta};
    for (int i = 0; i < 6; i++)
        if (all[i] && (rc = ops_check_dims(all[i], name, "tensor")))
            return rc;
    aclDataType t = self->dtype;
    /* the affine parameters' type: self's, or (mixed) FLOAT for both */
    aclDataType at = gamma ? gamma->dtype : beta ? beta->dtype : t;
    if (!mixed || at != ACL_FLOAT)
        at = t;
    /* the statistics' type: self's (GroupNorm, Silu), the parameters' (Swish) */
    aclDataType st = mixed == 2 ? at : t;
    if (!ops_dt_in(t, types) || out->dtype != (qscale ? ACL_INT8 : t) || meanOut->dtype != st ||
        rstdOut->dtype != st || (gamma && gamma->dtype != at) || (beta && beta->dtype != at))
        return ops_err(ACLNN_ERR_PARAM_INVALID,
                       "%s: self and out must share one of FLOAT, FLOAT16, BFLOAT16 (out INT8 when "
                       "quantised), gamma and beta be %s, meanOut and rstdOut %s (self is %s)",
                       name, ops_dt_name(at), ops_dt_name(st), ops_dt_name(t));
    if (self->ndim < 2)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: self needs 2 to 8 dims", name);
    if (group <= 0 || C % group || !(eps > 0))
        return ops_err(ACLNN_ERR_PARAM_INVALID,
                       "%s: group %lld must be positive and divide C %lld; eps must be > 0", name,
                       (long long)group, (long long)C);
    int64_t hw = ops_numel(self->dims + 2, (int)self->ndim - 2);
    if (self->dims[0] != N || self->dims[1] != C || hw != HxW)
        return ops_err(ACLNN_ERR_PARAM_INVALID,
                       "%s: self's shape does not give N=%lld, C=%lld, HxW=%lld", name,
                       (long long)N, (long long)C, (long long)HxW);
    if (!ops_same_shape(self, out))
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: out's shape differs from self's", name);
    if (meanOut->ndim != 2 || rstdOut->ndim != 2 || meanOut->dims[0] != N ||
        meanOut->dims[1] != group || rstdOut->dims[0] != N || rstdOut->dims[1] != group)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: meanOut and rstdOut must be (N, group)", name);
    if ((gamma && (gamma->ndim != 1 || gamma->dims[0] != C)) ||
        (beta && (beta->ndim != 1 || beta->dims[0] != C)))
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: gamma and beta must be 1-D with C elements",
                       name);
    OPS_PLAN(e, p, name, 4, 3, struct gn_plan, NULL, {&p->x, self, "self"}, {&p->g, gamma, "gamma"},
             {&p->b, beta, "beta"}, {&p->qs, qscale, "quantScale"}, {&p->y, out, "out"},
             {&p->mean, meanOut, "meanOut"}, {&p->rstd, rstdOut, "rstdOut"});
    p->quant = qscale != NULL;
    p->has_g = gamma != NULL && ops_numel(gamma->dims, 1) > 0;
    p->has_b = beta != NULL && ops_numel(beta->dims, 1) > 0;
    p->act = act;
    p->scale = scale;
    p->var = var;
    p->N = N, p->C = C, p->HW = HxW, p->G = group, p->eps = eps;
    e->run = N * group > 0 ? gn_run : NULL;
    return ops_exec_done(e, workspaceSize, executor);
}

aclnnStatus aclnnGroupNormGetWorkspaceSize(const aclTensor *self, const aclTensor *gamma,
                                           const aclTensor *beta, int64_t N, int64_t C, int64_t HxW,
                                           int64_t group, double eps, aclTensor *out,
                                           aclTensor *meanOut, aclTensor *rstdOut,
                                           uint64_t *workspaceSize, aclOpExecutor **executor)
{
    return gn_build("aclnnGroupNorm", OPS_DT_GroupNorm, self, gamma, beta, N, C, HxW, group, eps,
                    false, 1.0, 0, out, meanOut, rstdOut, false, NULL, workspaceSize, executor);
}
PHASE2(GroupNorm)

/* GroupNormSilu(V2), GroupNormSwish (NM4): N, C, HxW from self's shape. */
static aclnnStatus gn_act(const char *name, unsigned types, const aclTensor *self,
                          const aclTensor *gamma, const aclTensor *beta, int64_t group, double eps,
                          bool act, double scale, int mixed, aclTensor *out, aclTensor *meanOut,
                          aclTensor *rstdOut, uint64_t *workspaceSize, aclOpExecutor **executor)
{
    OPS_CHECK_NULLS(name, self, out, meanOut, rstdOut, workspaceSize, executor);
    if (self->ndim < 2 || self->ndim > OPS_MAX_DIMS)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: self needs 2 to 8 dims (it has %d)", name,
                       (int)self->ndim);
    return gn_build(name, types, self, gamma, beta, self->dims[0], self->dims[1],
                    ops_numel(self->dims + 2, (int)self->ndim - 2), group, eps, act, scale, mixed,
                    out, meanOut, rstdOut, false, NULL, workspaceSize, executor);
}

aclnnStatus aclnnGroupNormSiluGetWorkspaceSize(const aclTensor *self, const aclTensor *gamma,
                                               const aclTensor *beta, int64_t group, double eps,
                                               aclTensor *out, aclTensor *meanOut,
                                               aclTensor *rstdOut, uint64_t *workspaceSize,
                                               aclOpExecutor **executor)
{
    return gn_act("aclnnGroupNormSilu", OPS_DT_GroupNormSilu, self, gamma, beta, group, eps, true,
                  1.0, 1, out, meanOut, rstdOut, workspaceSize, executor);
}
PHASE2(GroupNormSilu)

aclnnStatus aclnnGroupNormSiluV2GetWorkspaceSize(const aclTensor *self, const aclTensor *gamma,
                                                 const aclTensor *beta, int64_t group, double eps,
                                                 bool activateSilu, aclTensor *out,
                                                 aclTensor *meanOut, aclTensor *rstdOut,
                                                 uint64_t *workspaceSize, aclOpExecutor **executor)
{
    return gn_act("aclnnGroupNormSiluV2", OPS_DT_GroupNormSiluV2, self, gamma, beta, group, eps,
                  activateSilu, 1.0, 1, out, meanOut, rstdOut, workspaceSize, executor);
}
PHASE2(GroupNormSiluV2)

aclnnStatus aclnnGroupNormSwishGetWorkspaceSize(const aclTensor *x, const aclTensor *gamma,
                                                const aclTensor *beta, int64_t numGroups,
                                                char *dataFormatOptional, double eps,
                                                bool activateSwish, double swishScale,
                                                const aclTensor *yOut, const aclTensor *meanOut,
                                                const aclTensor *rstdOut, uint64_t *workspaceSize,
                                                aclOpExecutor **executor)
{
    const char *name = "aclnnGroupNormSwish";
    /* x is [N, C, ...] whatever dataFormatOptional says (CANN suggests "NCHW", the only layout
     * its kernel reads) */
    if (dataFormatOptional && strcmp(dataFormatOptional, "NCHW") != 0 &&
        strcmp(dataFormatOptional, "ND") != 0)
        return ops_err(ACLNN_ERR_PARAM_INVALID,
                       "%s: dataFormatOptional is \"%s\" (\"NCHW\" or \"ND\")", name,
                       dataFormatOptional);
    return gn_act(name, OPS_DT_GroupNormSwish, x, gamma, beta, numGroups, eps, activateSwish,
                  swishScale, 2, (aclTensor *)yOut, (aclTensor *)meanOut, (aclTensor *)rstdOut,
                  workspaceSize, executor);
}
PHASE2(GroupNormSwish)

/* GroupNormSiluQuant (NM7): GroupNormSilu, then out = round(silu / quantScale) to INT8. */
aclnnStatus aclnnGroupNormSiluQuantGetWorkspaceSize(
    const aclTensor *self, const aclTensor *gamma, const aclTensor *beta,
    const aclTensor *quantScale, int64_t group, double eps, bool activateSilu, aclTensor *out,
    aclTensor *meanOut, aclTensor *rstdOut, uint64_t *workspaceSize, aclOpExecutor **executor)
{
    const char *name = "aclnnGroupNormSiluQuant";
    OPS_CHECK_NULLS(name, self, quantScale, out, meanOut, rstdOut, workspaceSize, executor);
    aclnnStatus rc;
    if ((rc = ops_check_dims(self, name, "self")) ||
        (rc = ops_check_dims(quantScale, name, "quantScale")))
        return rc;
    if (!activateSilu)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: activateSilu is false (only true)", name);
    if (self->ndim < 2)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: self needs 2 to 8 dims (it has %d)", name,
                       (int)self->ndim);
    const int64_t C = self->dims[1];
    if (quantScale->dtype != ACL_FLOAT || quantScale->ndim != 1 ||
        (quantScale->dims[0] != 1 && quantScale->dims[0] != C))
        return ops_err(ACLNN_ERR_PARAM_INVALID,
                       "%s: quantScale must be FLOAT, 1-D with 1 or C (%lld) values", name,
                       (long long)C);
    return gn_build(name, OPS_DT_GroupNormSiluQuant, self, gamma, beta, self->dims[0], C,
                    ops_numel(self->dims + 2, (int)self->ndim - 2), group, eps, true, 1.0, 0, out,
                    meanOut, rstdOut, false, quantScale, workspaceSize, executor);
}
PHASE2(GroupNormSiluQuant)

/* ---- InstanceNorm (NM6) ---------------------------------------------------------------------- */

/* mean or variance: 4 dims, N and C where dataFormat puts them, 1 elsewhere; into v as (N, C). */
static aclnnStatus in_stat(const char *name, const char *what, const aclTensor *t, int cdim,
                           int64_t N, int64_t C, aclTensor *v)
{
    aclnnStatus rc;
    if ((rc = ops_check_dims(t, name, what)))
        return rc;
    bool ok = t->ndim == 4 && t->dims[0] == N && t->dims[cdim] == C;
    for (int i = 1; ok && i < 4; i++)
        ok = i == cdim || t->dims[i] == 1;
    if (!ok) {
        char s1[96];
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: %s has shape %s; it must be %s", name, what,
                       ops_shape_str(s1, sizeof(s1), t->dims, t->ndim),
                       cdim == 1 ? "(N, C, 1, 1)" : "(N, 1, 1, C)");
    }
    *v = *t;
    v->ndim = 2;
    v->dims[1] = C;
    v->strides[1] = t->strides[cdim];
    return ACLNN_SUCCESS;
}

aclnnStatus aclnnInstanceNormGetWorkspaceSize(const aclTensor *x, const aclTensor *gamma,
                                              const aclTensor *beta, const char *dataFormat,
                                              double eps, aclTensor *y, aclTensor *mean,
                                              aclTensor *variance, uint64_t *workspaceSize,
                                              aclOpExecutor **executor)
{
    const char *name = "aclnnInstanceNorm";
    OPS_CHECK_NULLS(name, x, gamma, beta, dataFormat, y, mean, variance, workspaceSize, executor);
    const bool nhwc = strcmp(dataFormat, "NHWC") == 0;
    if (!nhwc && strcmp(dataFormat, "NCHW") != 0)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: dataFormat is \"%s\" (\"NCHW\" or \"NHWC\")",
                       name, dataFormat);
    aclnnStatus rc;
    int dt;
    if ((rc = ops_check_dims(x, name, "x")) ||
        (rc = ops_need_dt(name, "x", x->dtype, OPS_DT_InstanceNorm, &dt)))
        return rc;
    if (x->ndim != 4)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: x has %d dims; it must have 4 (%s)", name,
                       (int)x->ndim, dataFormat);
    const aclTensor *same[5] = {gamma, beta, y, mean, variance};
    static const char *const sn[5] = {"gamma", "beta", "y", "mean", "variance"};
    for (int i = 0; i < 5; i++) {
        if ((rc = ops_check_dims(same[i], name, sn[i])))
            return rc;
        if (same[i]->dtype != x->dtype)
            return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: %s type %s differs from x's %s", name,
                           sn[i], ops_dt_name(same[i]->dtype), ops_dt_name(x->dtype));
    }
    const int cdim = nhwc ? 3 : 1;
    const int64_t N = x->dims[0], C = x->dims[cdim];
    if ((rc = ops_check_shape(name, x->dims, 4, y, "y")))
        return rc;
    for (int i = 0; i < 2; i++)
        if (same[i]->ndim != 1 || same[i]->dims[0] != C)
            return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: %s must be 1-D with x's C (%lld) values",
                           name, sn[i], (long long)C);
    /* x and y as (N, C, H, W) views, mean and variance as (N, C): GroupNorm's kernel with one
     * channel per group */
    aclTensor xv = *x, yv = *y, mv, vv;
    if ((rc = in_stat(name, "mean", mean, cdim, N, C, &mv)) ||
        (rc = in_stat(name, "variance", variance, cdim, N, C, &vv)))
        return rc;
    if (nhwc) {
        static const int perm[4] = {0, 3, 1, 2};
        for (int i = 0; i < 4; i++) {
            xv.dims[i] = x->dims[perm[i]], xv.strides[i] = x->strides[perm[i]];
            yv.dims[i] = y->dims[perm[i]], yv.strides[i] = y->strides[perm[i]];
        }
    }
    if (C == 0) { /* nothing to normalise (every tensor is empty) */
        OPS_PLAN(e, p, name, 1, 1, struct gn_plan, NULL, {&p->x, x, "x"}, {&p->y, y, "y"});
        e->run = NULL;
        return ops_exec_done(e, workspaceSize, executor);
    }
    /* an NCHW x and y are passed themselves (their addresses stay rebindable by tensor) */
    return gn_build(name, OPS_DT_InstanceNorm, nhwc ? &xv : x, gamma, beta, N, C,
                    xv.dims[2] * xv.dims[3], C, eps, false, 1.0, 0, nhwc ? &yv : y, &mv, &vv, true,
                    NULL, workspaceSize, executor);
}
PHASE2(InstanceNorm)

/* ---- GroupNormBackward (NB1) ----------------------------------------------------------------- */

static int32_t gnb_run(const struct aclOpExecutor *e, void *const *addr)
{
    const struct nbw_plan *p = e->plan;
    const int64_t cpg = p->C / p->G, per = cpg * p->HW, NG = p->N * p->G;
    const int nd = p->x.ndim;
    double *buf = calloc((size_t)(2 * per + 4 * p->C + 2 * NG + 1), sizeof(double));
    if (!buf)
        return ACL_ERROR_BAD_ALLOC;
    double *dy = buf, *x = dy + per, *gm = x + per, *ag = gm + p->C, *ab = ag + p->C,
           *mean = ab + p->C, *rstd = mean + NG, *bt = rstd + NG;
    nbw_load(p, addr, p->C, gm, mean, rstd);
    if (p->swish && p->has_bias)
        ops_gather_nd(bt, CK_F64, ops_base(&p->bias, addr), p->bias.dt, 1, p->bias.dims,
                      p->bias.strides);
    for (int64_t n = 0; n < p->N; n++)
        for (int64_t g = 0; g < p->G; g++) {
            for (int64_t c = 0; c < cpg; c++) {
                const int64_t ch = g * cpg + c;
                ops_gather_nd(dy + c * p->HW, CK_F64,
                              ops_elem(&p->dy, addr, n * p->dy.strides[0] + ch * p->dy.strides[1]),
                              p->dy.dt, nd - 2, p->dy.dims + 2, p->dy.strides + 2);
                ops_gather_nd(x + c * p->HW, CK_F64,
                              ops_elem(&p->x, addr, n * p->x.strides[0] + ch * p->x.strides[1]),
                              p->x.dt, nd - 2, p->x.dims + 2, p->x.strides + 2);
            }
            const double m = mean[n * p->G + g], rs = rstd[n * p->G + g];
            double s1 = 0, s2 = 0;
            for (int64_t c = 0; c < cpg; c++) {
                const int64_t ch = g * cpg + c;
                for (int64_t i = c * p->HW; i < (c + 1) * p->HW; i++) {
                    const double xh = (x[i] - m) * rs;
                    if (p->swish) { /* NB7: dy through swish(v) = v sigmoid(s v), v = xh g + b */
                        const double v = xh * gm[ch] + bt[ch],
                                     sg = 1.0 / (1.0 + exp(-p->alpha * v));
                        dy[i] *= sg * (1.0 + p->alpha * v * (1.0 - sg));
                    }
                    const double gi = dy[i] * gm[ch];
                    ag[ch] += dy[i] * xh;
                    ab[ch] += dy[i];
                    x[i] = xh;
                    s1 += gi;
                    s2 += gi * xh;
                }
            }
            if (!p->has_dx)
                continue;
            s1 /= (double)per;
            s2 /= (double)per;
            for (int64_t c = 0; c < cpg; c++) {
                const int64_t ch = g * cpg + c;
                for (int64_t i = c * p->HW; i < (c + 1) * p->HW; i++)
                    dy[i] = rs * (dy[i] * gm[ch] - s1 - x[i] * s2);
                ops_scatter_nd(dy + c * p->HW, CK_F64,
                               ops_elem(&p->dx, addr, n * p->dx.strides[0] + ch * p->dx.strides[1]),
                               p->dx.dt, nd - 2, p->dx.dims + 2, p->dx.strides + 2);
            }
        }
    if (p->has_dg)
        ops_scatter_nd(ag, CK_F64, ops_base(&p->dg, addr), p->dg.dt, 1, p->dg.dims, p->dg.strides);
    if (p->has_db)
        ops_scatter_nd(ab, CK_F64, ops_base(&p->db, addr), p->db.dt, 1, p->db.dims, p->db.strides);
    free(buf);
    return 0;
}

/* A [C] tensor of mean's type. */
static aclnnStatus gnb_chan(const char *name, const char *what, const aclTensor *t,
                            const aclTensor *mean, int64_t C)
{
    aclnnStatus rc;
    if ((rc = ops_check_dims(t, name, what)))
        return rc;
    if (t->dtype != mean->dtype)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: %s type %s differs from mean's %s", name, what,
                       ops_dt_name(t->dtype), ops_dt_name(mean->dtype));
    if (t->ndim != 1 || t->dims[0] != C)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: %s must be 1-D with C = %lld elements", name,
                       what, (long long)C);
    return ACLNN_SUCCESS;
}

aclnnStatus aclnnGroupNormBackwardGetWorkspaceSize(
    const aclTensor *gradOut, const aclTensor *input, const aclTensor *mean, const aclTensor *rstd,
    const aclTensor *gamma, int64_t N, int64_t C, int64_t HxW, int64_t group,
    const aclBoolArray *outputMask, aclTensor *gradInput, aclTensor *gradGammaOut,
    aclTensor *gradBetaOut, uint64_t *workspaceSize, aclOpExecutor **executor)
{
    const char *name = "aclnnGroupNormBackward";
    OPS_CHECK_NULLS(name, gradOut, input, mean, rstd, outputMask, workspaceSize, executor);
    const aclTensor *const outs[3] = {gradInput, gradGammaOut, gradBetaOut};
    static const char *const on[3] = {"gradInput", "gradGammaOut", "gradBetaOut"};
    aclnnStatus rc;
    if ((rc = nbw_mask(name, outputMask, outs, on)))
        return rc;
    const bool *m = outputMask->v;
    if ((rc = nbw_input(name, "input", input, 1, OPS_DT_GroupNormBackward)) ||
        (rc = nbw_like(name, "gradOut", gradOut, "input", input)))
        return rc;
    if (input->ndim < 2)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: input needs 2 to 8 dims", name);
    if (group <= 0 || C % group)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: group %lld must be positive and divide C %lld",
                       name, (long long)group, (long long)C);
    if (input->dims[0] != N || input->dims[1] != C ||
        ops_numel(input->dims + 2, (int)input->ndim - 2) != HxW)
        return ops_err(ACLNN_ERR_PARAM_INVALID,
                       "%s: input's shape does not give N=%lld, C=%lld, HxW=%lld", name,
                       (long long)N, (long long)C, (long long)HxW);
    const aclTensor *st[2] = {mean, rstd};
    static const char *const stn[2] = {"mean", "rstd"};
    for (int i = 0; i < 2; i++) {
        if ((rc = ops_check_dims(st[i], name, stn[i])))
            return rc;
        int dt = ops_dt_index(st[i]->dtype);
        if (dt < 0 || !(DTM(dt) & OPS_DT_GroupNormBackward) ||
            !(st[i]->dtype == input->dtype || st[i]->dtype == ACL_FLOAT) ||
            st[i]->dtype != mean->dtype)
            return ops_err(ACLNN_ERR_PARAM_INVALID,
                           "%s: %s type %s is not input's type or FLOAT (and mean's)", name, stn[i],
                           ops_dt_name(st[i]->dtype));
        if (ops_numel(st[i]->dims, (int)st[i]->ndim) != N * group)
            return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: %s must hold N * group = %lld values",
                           name, stn[i], (long long)(N * group));
    }
    if ((gamma && (rc = gnb_chan(name, "gamma", gamma, mean, C))) ||
        (m[0] && (rc = nbw_like(name, "gradInput", gradInput, "input", input))) ||
        (m[1] && (rc = gnb_chan(name, "gradGammaOut", gradGammaOut, mean, C))) ||
        (m[2] && (rc = gnb_chan(name, "gradBetaOut", gradBetaOut, mean, C))))
        return rc;
    OPS_PLAN(e, p, name, 5, 3, struct nbw_plan, NULL, {&p->dy, gradOut, "gradOut"},
             {&p->x, input, "input"}, {&p->mean, mean, "mean"}, {&p->rstd, rstd, "rstd"},
             {&p->g, gamma, "gamma"}, {&p->dx, m[0] ? gradInput : NULL, "gradInput"},
             {&p->dg, m[1] ? gradGammaOut : NULL, "gradGammaOut"},
             {&p->db, m[2] ? gradBetaOut : NULL, "gradBetaOut"});
    p->has_g = gamma != NULL;
    p->has_mean = true;
    p->has_dx = m[0];
    p->has_dg = m[1];
    p->has_db = m[2];
    p->N = N, p->C = C, p->HW = HxW, p->G = group;
    const bool work = (m[0] && p->x.numel) || ((m[1] || m[2]) && C);
    e->run = work ? gnb_run : NULL;
    return ops_exec_done(e, workspaceSize, executor);
}
PHASE2(GroupNormBackward)

/* GroupNormSwishGrad (NB7): GroupNormBackward of dy through the swish of the forward's output. */
aclnnStatus aclnnGroupNormSwishGradGetWorkspaceSize(
    const aclTensor *dy, const aclTensor *mean, const aclTensor *rstd, const aclTensor *x,
    const aclTensor *gamma, const aclTensor *beta, int64_t numGroups, char *dataFormatOptional,
    double swishScale, bool dgammaIsRequire, bool dbetaIsRequire, const aclTensor *dxOut,
    const aclTensor *dgammaOut, const aclTensor *dbetaOut, uint64_t *workspaceSize,
    aclOpExecutor **executor)
{
    const char *name = "aclnnGroupNormSwishGrad";
    OPS_CHECK_NULLS(name, dy, mean, rstd, x, gamma, beta, dxOut, workspaceSize, executor);
    if (dgammaIsRequire)
        OPS_CHECK_NULLS(name, dgammaOut);
    if (dbetaIsRequire)
        OPS_CHECK_NULLS(name, dbetaOut);
    aclnnStatus rc;
    if (dataFormatOptional && strcmp(dataFormatOptional, "NCHW") != 0 &&
        strcmp(dataFormatOptional, "ND") != 0)
        return ops_err(ACLNN_ERR_PARAM_INVALID,
                       "%s: dataFormatOptional is \"%s\" (\"NCHW\" or \"ND\")", name,
                       dataFormatOptional);
    if ((rc = nbw_input(name, "dy", dy, 1, OPS_DT_GroupNormSwishGrad)) ||
        (rc = nbw_like(name, "x", x, "dy", dy)) || (rc = nbw_like(name, "dxOut", dxOut, "dy", dy)))
        return rc;
    if (dy->ndim < 2)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: dy needs 2 to 8 dims [N, C, *]", name);
    const int64_t N = dy->dims[0], C = dy->dims[1];
    if (numGroups <= 0 || C % numGroups)
        return ops_err(ACLNN_ERR_PARAM_INVALID,
                       "%s: numGroups %lld must be positive and divide C %lld", name,
                       (long long)numGroups, (long long)C);
    const aclTensor *chan[4] = {gamma, beta, dgammaIsRequire ? dgammaOut : NULL,
                                dbetaIsRequire ? dbetaOut : NULL};
    static const char *const cn[4] = {"gamma", "beta", "dgammaOut", "dbetaOut"};
    for (int i = 0; i < 4; i++)
        if (chan[i] && (rc = gnb_chan(name, cn[i], chan[i], gamma, C)))
            return rc;
    const aclTensor *st[2] = {mean, rstd};
    static const char *const stn[2] = {"mean", "rstd"};
    for (int i = 0; i < 2; i++) {
        if ((rc = ops_check_dims(st[i], name, stn[i])))
            return rc;
        if (st[i]->dtype != gamma->dtype)
            return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: %s type %s differs from gamma's %s", name,
                           stn[i], ops_dt_name(st[i]->dtype), ops_dt_name(gamma->dtype));
        if (ops_numel(st[i]->dims, (int)st[i]->ndim) != N * numGroups)
            return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: %s must hold N * numGroups = %lld values",
                           name, stn[i], (long long)(N * numGroups));
    }
    OPS_PLAN(e, p, name, 6, 3, struct nbw_plan, NULL, {&p->dy, dy, "dy"}, {&p->x, x, "x"},
             {&p->mean, mean, "mean"}, {&p->rstd, rstd, "rstd"}, {&p->g, gamma, "gamma"},
             {&p->bias, beta, "beta"}, {&p->dx, dxOut, "dxOut"}, {&p->dg, chan[2], "dgammaOut"},
             {&p->db, chan[3], "dbetaOut"});
    p->has_g = p->has_mean = p->has_dx = p->has_bias = p->swish = true;
    p->has_dg = chan[2] != NULL;
    p->has_db = chan[3] != NULL;
    p->alpha = swishScale;
    p->N = N, p->C = C, p->HW = ops_numel(dy->dims + 2, (int)dy->ndim - 2), p->G = numGroups;
    e->run = p->x.numel || ((p->has_dg || p->has_db) && C) ? gnb_run : NULL;
    return ops_exec_done(e, workspaceSize, executor);
}
PHASE2(GroupNormSwishGrad)

/* ---- GroupNormalizationGrad (NB3) ------------------------------------------------------------ */

static int32_t gng_run(const struct aclOpExecutor *e, void *const *addr)
{
    const struct nbw_plan *p = e->plan;
    const int64_t D = p->D, rows = p->N * p->G;
    const int k = p->x.ndim - 2;
    double *buf = calloc((size_t)(3 * D + 2 * rows + 1), sizeof(double));
    if (!buf)
        return ACL_ERROR_BAD_ALLOC;
    double *dy = buf, *x = dy + D, *g = x + D, *mean = g + D, *rstd = mean + rows;
    ops_gather_nd(mean, CK_F64, ops_base(&p->mean, addr), p->mean.dt, p->mean.ndim, p->mean.dims,
                  p->mean.strides);
    ops_gather_nd(rstd, CK_F64, ops_base(&p->rstd, addr), p->rstd.dt, p->rstd.ndim, p->rstd.dims,
                  p->rstd.strides);
    const struct ops_tensor *src[3] = {&p->dy, &p->x, &p->g};
    double *to[3] = {dy, x, g};
    for (int64_t r = 0; r < rows; r++) {
        for (int i = 0; i < 3; i++)
            ops_gather_nd(to[i], CK_F64, ops_elem(src[i], addr, lead_offset(src[i], 2, r)),
                          src[i]->dt, k, src[i]->dims + 2, src[i]->strides + 2);
        const double m = mean[r], rs = rstd[r];
        double s1 = 0, s2 = 0;
        for (int64_t i = 0; i < D; i++) {
            const double xh = (x[i] - m) * rs, gi = dy[i] * g[i];
            x[i] = xh;
            s1 += gi;
            s2 += gi * xh;
        }
        s1 /= (double)D;
        s2 /= (double)D;
        for (int64_t i = 0; i < D; i++)
            dy[i] = rs * g[i] * (dy[i] - s1 - x[i] * s2);
        ops_scatter_nd(dy, CK_F64, ops_elem(&p->dx, addr, lead_offset(&p->dx, 2, r)), p->dx.dt, k,
                       p->dx.dims + 2, p->dx.strides + 2);
    }
    free(buf);
    return 0;
}

aclnnStatus aclnnGroupNormalizationGradGetWorkspaceSize(
    const aclTensor *x, const aclTensor *dy, const aclTensor *gamma, const aclTensor *mean,
    const aclTensor *rstd, aclTensor *dx, uint64_t *workspaceSize, aclOpExecutor **executor)
{
    const char *name = "aclnnGroupNormalizationGrad";
    OPS_CHECK_NULLS(name, x, dy, gamma, mean, rstd, dx, workspaceSize, executor);
    aclnnStatus rc;
    if ((rc = ops_check_dims(x, name, "x")))
        return rc;
    if (x->ndim < 3)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: x must be [N, G, *] (3 to 8 dims), got %u",
                       name, x->ndim);
    if ((rc = nbw_input(name, "x", x, (int)x->ndim - 2, OPS_DT_GroupNormalizationGrad)) ||
        (rc = nbw_like(name, "dy", dy, "x", x)) || (rc = nbw_like(name, "gamma", gamma, "x", x)) ||
        (rc = nbw_like(name, "dx", dx, "x", x)))
        return rc;
    const aclTensor *st[2] = {mean, rstd};
    static const char *const sn[2] = {"mean", "rstd"};
    for (int i = 0; i < 2; i++) {
        if ((rc = ops_check_dims(st[i], name, sn[i])))
            return rc;
        if (st[i]->dtype != x->dtype)
            return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: %s type %s differs from x's %s", name,
                           sn[i], ops_dt_name(st[i]->dtype), ops_dt_name(x->dtype));
        if (st[i]->ndim != 2 || st[i]->dims[0] != x->dims[0] || st[i]->dims[1] != x->dims[1])
            return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: %s must be [N, G] = x's first 2 dims",
                           name, sn[i]);
    }
    OPS_PLAN(e, p, name, 5, 1, struct nbw_plan, NULL, {&p->x, x, "x"}, {&p->dy, dy, "dy"},
             {&p->g, gamma, "gamma"}, {&p->mean, mean, "mean"}, {&p->rstd, rstd, "rstd"},
             {&p->dx, dx, "dx"});
    p->N = x->dims[0];
    p->G = x->dims[1];
    p->D = ops_numel(x->dims + 2, (int)x->ndim - 2);
    e->run = p->x.numel ? gng_run : NULL;
    return ops_exec_done(e, workspaceSize, executor);
}
PHASE2(GroupNormalizationGrad)

/* ---- Norm ---------------------------------------------------------------------------------- */

struct pn_plan {
    struct ops_tensor x, o;
    double p;
    bool red[OPS_MAX_DIMS];
};

static int32_t pn_run(const struct aclOpExecutor *e, void *const *addr)
{
    const struct pn_plan *p = e->plan;
    const int nd = p->x.ndim;
    const int64_t nin = p->x.numel, nout = p->o.numel > 0 ? p->o.numel : 1;
    double *in = malloc((size_t)(nin + nout) * sizeof(double));
    if (!in)
        return ACL_ERROR_BAD_ALLOC;
    double *acc = in + nin;
    ops_gather_nd(in, CK_F64, ops_base(&p->x, addr), p->x.dt, nd, p->x.dims, p->x.strides);
    const bool pinf = isinf(p->p) && p->p > 0, ninf = isinf(p->p) && p->p < 0;
    for (int64_t i = 0; i < nout; i++)
        acc[i] = pinf ? 0 : ninf ? INFINITY : 0;
    int64_t idx[OPS_MAX_DIMS] = {0};
    for (int64_t i = 0; i < nin; i++) {
        int64_t o = 0;
        for (int d = 0; d < nd; d++)
            if (!p->red[d])
                o = o * p->x.dims[d] + idx[d];
        double a = fabs(in[i]);
        if (pinf)
            acc[o] = a > acc[o] || isnan(a) ? a : acc[o];
        else if (ninf)
            acc[o] = a < acc[o] || isnan(a) ? a : acc[o];
        else if (p->p == 0)
            acc[o] += a != 0;
        else if (p->p == 1)
            acc[o] += a;
        else if (p->p == 2)
            acc[o] += a * a;
        else
            acc[o] += pow(a, p->p);
        for (int d = nd - 1; d >= 0; d--) {
            if (++idx[d] < p->x.dims[d])
                break;
            idx[d] = 0;
        }
    }
    if (!pinf && !ninf && p->p != 0 && p->p != 1)
        for (int64_t i = 0; i < nout; i++)
            acc[i] = p->p == 2 ? sqrt(acc[i]) : pow(acc[i], 1.0 / p->p);
    ops_scatter_nd(acc, CK_F64, ops_base(&p->o, addr), p->o.dt, p->o.ndim, p->o.dims, p->o.strides);
    free(in);
    return 0;
}

static aclnnStatus pn_build(const char *name, unsigned types, const aclTensor *self,
                            const aclScalar *pScalar, const aclIntArray *dim, bool keepdim,
                            aclTensor *out, uint64_t *workspaceSize, aclOpExecutor **executor)
{
    OPS_CHECK_NULLS(name, self, pScalar, dim, out, workspaceSize, executor);
    aclnnStatus rc;
    if ((rc = ops_check_dims(self, name, "self")) || (rc = ops_check_dims(out, name, "out")))
        return rc;
    if (!ops_dt_in(self->dtype, types) || !ops_dt_in(out->dtype, types))
        return ops_err(ACLNN_ERR_PARAM_INVALID,
                       "%s: self and out must be FLOAT, FLOAT16 or BFLOAT16 (got %s, %s)", name,
                       ops_dt_name(self->dtype), ops_dt_name(out->dtype));
    bool red[OPS_MAX_DIMS];
    int64_t count;
    if ((rc = ops_reduce_shape(name, self, dim, keepdim, out, red, &count)))
        return rc;
    OPS_PLAN(e, p, name, 1, 1, struct pn_plan, NULL, {&p->x, self, "self"}, {&p->o, out, "out"});
    memcpy(p->red, red, sizeof(red));
    p->p = ops_scalar_f64(pScalar);
    e->run = p->o.numel ? pn_run : NULL;
    return ops_exec_done(e, workspaceSize, executor);
}

aclnnStatus aclnnNormGetWorkspaceSize(const aclTensor *self, const aclScalar *pScalar,
                                      const aclIntArray *dim, bool keepdim, aclTensor *out,
                                      uint64_t *workspaceSize, aclOpExecutor **executor)
{
    return pn_build("aclnnNorm", OPS_DT_Norm, self, pScalar, dim, keepdim, out, workspaceSize,
                    executor);
}
PHASE2(Norm)

/* LinalgVectorNorm (torch.linalg.vector_norm): Norm (NM3) whose result type is dtype, out's. */
aclnnStatus aclnnLinalgVectorNormGetWorkspaceSize(const aclTensor *self, const aclScalar *ord,
                                                  const aclIntArray *dims, bool keepDims,
                                                  const aclDataType dtype, aclTensor *out,
                                                  uint64_t *workspaceSize, aclOpExecutor **executor)
{
    const char *name = "aclnnLinalgVectorNorm";
    OPS_CHECK_NULLS(name, self, ord, dims, out, workspaceSize, executor);
    if (out->dtype != dtype)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: out has type %s, dtype says %s", name,
                       ops_dt_name(out->dtype), ops_dt_name(dtype));
    return pn_build(name, OPS_DT_LinalgVectorNorm, self, ord, dims, keepDims, out, workspaceSize,
                    executor);
}
PHASE2(LinalgVectorNorm)

/* ---- LpNormV3 (NM5) ------------------------------------------------------------------------ */

struct lpv3_plan {
    struct ops_tensor x, y;
    double p;
    int axis;
    int64_t rows, cols;
};

static int32_t lpv3_run(const struct aclOpExecutor *e, void *const *addr)
{
    const struct lpv3_plan *p = e->plan;
    const int64_t n = p->x.numel, R = p->rows, C = p->cols;
    const int64_t nn = p->axis < 0 ? 1 : p->axis == 0 ? R : C;
    double *v = malloc((size_t)(n + nn) * sizeof(double));
    if (!v)
        return ACL_ERROR_BAD_ALLOC;
    double *norm = v + n;
    ops_gather_nd(v, CK_F64, ops_base(&p->x, addr), p->x.dt, p->x.ndim, p->x.dims, p->x.strides);
    const bool inf = isinf(p->p);
    for (int64_t k = 0; k < nn; k++)
        norm[k] = 0;
    for (int64_t i = 0; i < n; i++) { /* element i is (i / C, i % C) of the 2-d view */
        const int64_t k = p->axis < 0 ? 0 : p->axis == 0 ? i / C : i % C;
        const double a = fabs(v[i]);
        norm[k] = inf ? (a > norm[k] || isnan(a) ? a : norm[k]) : norm[k] + pow(a, p->p);
    }
    for (int64_t k = 0; k < nn; k++)
        norm[k] = inf ? norm[k] : pow(norm[k] + 1e-6, 1.0 / p->p);
    for (int64_t i = 0; i < n; i++)
        v[i] /= norm[p->axis < 0 ? 0 : p->axis == 0 ? i / C : i % C];
    ops_scatter_nd(v, CK_F64, ops_base(&p->y, addr), p->y.dt, p->y.ndim, p->y.dims, p->y.strides);
    free(v);
    return 0;
}

aclnnStatus aclnnLpNormV3GetWorkspaceSize(const aclTensor *x, double p, int64_t axis, aclTensor *y,
                                          uint64_t *workspaceSize, aclOpExecutor **executor)
{
    const char *name = "aclnnLpNormV3";
    OPS_CHECK_NULLS(name, x, y, workspaceSize, executor);
    aclnnStatus rc;
    int dt;
    if ((rc = ops_check_dims(x, name, "x")) ||
        (rc = ops_need_dt(name, "x", x->dtype, OPS_DT_LpNormV3, &dt)) ||
        (rc = norm_common(name, OPS_DT_LpNormV3, x, y, (int)x->ndim)))
        return rc;
    if (axis < -1 || axis > 1)
        return ops_err(ACLNN_ERR_PARAM_INVALID,
                       "%s: axis %lld is not -1 (all), 0 (rows) or 1 "
                       "(columns)",
                       name, (long long)axis);
    if (axis >= 0 && x->ndim != 2)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: axis %lld needs a 2-d x, got %u dims", name,
                       (long long)axis, x->ndim);
    if (isnan(p) || p <= 0 || (isinf(p) && p < 0))
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: p %g is not a positive order", name, p);
    OPS_PLAN(e, pl, name, 1, 1, struct lpv3_plan, NULL, {&pl->x, x, "x"}, {&pl->y, y, "y"});
    pl->p = p;
    pl->axis = (int)axis;
    pl->rows = x->ndim == 2 ? x->dims[0] : 1;
    pl->cols = x->ndim == 2 ? x->dims[1] : ops_numel(x->dims, (int)x->ndim);
    e->run = pl->x.numel ? lpv3_run : NULL;
    return ops_exec_done(e, workspaceSize, executor);
}
PHASE2(LpNormV3)
