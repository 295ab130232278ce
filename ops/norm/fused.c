/* SPDX-License-Identifier: Apache-2.0 */
/*
 * The fused normalisations: one row kernel, parameterised, behind every
 * "residual add, normalise, then cast or quantise" operator of CANN's norm
 * family: AddRmsNormQuant(V2), AddRmsNormDynamicQuant(V2), AddRmsNormCast,
 * InplaceAddRmsNorm, RmsNormQuant, RmsNormDynamicQuant, GemmaRmsNorm,
 * AddLayerNorm, DeepNorm, AdaLayerNorm(V2); AdaLayerNormQuant, LayerNormQuant,
 * AddLayerNormQuant(V2), RmsNormQuantV3.
 *
 *  FN1. Per row (the trailing dims gamma spans; leading 1-dims of gamma do
 *      not count): a = alpha * x1 (+ x2) (+ bias), in double; xOut gets a
 *      rounded to its type. Statistics of a in double: mean (LayerNorm
 *      forms; 0 for RmsNorm), biased variance, rstd = 1 / sqrt(var + eps).
 *      n = (a - mean) * rstd * gamma (Gemma: * (1 + gamma)); y = n + beta.
 *      The float outputs (y in one or two types, rmsNormOut = n, mean,
 *      rstd) are rounded once from double. The Ada forms (AdaLayerNorm(V2)) then take
 *      y = y (1 + scale) + shift, scale and shift the H values of the row's batch (x
 *      [B..., S, H]: S rows a batch); their gamma and beta (weight, bias) may be absent.
 *  FN2. Static quantisation: q = round(y * scale + zeroPoint) (divMode:
 *      y / scale), each output with its own scale and zero point (one per
 *      channel or one for all); dynamic: v = y * smoothScale (when given),
 *      scale = max|v| / 127 per row, q = round(v / scale) (an all-zero row:
 *      scale 0, q 0). Rounding is the quantisation room's (ops/quant/quant.h
 *      qt_round_sat: half to even, saturated to INT8, NaN to 0).
 *  FN3. A launch splits its rows across the device's workers as norm.c's
 *      row kernels do (NR4); a row is the same computation in any block.
 *      Outputs may be the inputs element for element (InplaceAddRmsNorm):
 *      a row is gathered whole before any of it is written.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "aclnnop/aclnn_ada_layer_norm.h"
#include "aclnnop/aclnn_ada_layer_norm_v2.h"
#include "aclnnop/aclnn_ada_layer_norm_quant.h"
#include "aclnnop/aclnn_add_layer_norm.h"
#include "aclnnop/aclnn_add_layer_norm_quant.h"
#include "aclnnop/aclnn_add_layer_norm_quant_v2.h"
#include "aclnnop/aclnn_add_rms_norm_cast.h"
#include "aclnnop/aclnn_add_rms_norm_dynamic_quant.h"
#include "aclnnop/aclnn_add_rms_norm_dynamic_quant_v2.h"
#include "aclnnop/aclnn_add_rms_norm_quant.h"
#include "aclnnop/aclnn_add_rms_norm_quant_v2.h"
#include "aclnnop/aclnn_deep_norm.h"
#include "aclnnop/aclnn_gemma_rms_norm.h"
#include "aclnnop/aclnn_inplace_add_rms_norm.h"
#include "aclnnop/aclnn_layer_norm_quant.h"
#include "aclnnop/aclnn_rms_norm_dynamic_quant.h"
#include "aclnnop/aclnn_rms_norm_quant.h"
#include "aclnnop/aclnn_rms_norm_quant_v3.h"
#include "ops/engine/engine.h"
#include "ops/norm/table.h"
#include "ops/quant/quant.h"

/* The tensors of a fused norm, inputs then outputs (slot order). */
enum {
    FN_X1,
    FN_X2,
    FN_BIAS,
    FN_G,
    FN_B,
    FN_SC1, /* static scale or dynamic smooth scale */
    FN_SC2,
    FN_ZP1,
    FN_ZP2,
    FN_ASC, /* adaptive scale and shift (the Ada forms), one H row per batch */
    FN_ASH,
    FN_NIN,
    FN_Y = FN_NIN, /* y = n + beta */
    FN_Y2,         /* y again in a second float type (AddRmsNormCast) */
    FN_N,          /* n (rmsNormOut) */
    FN_XO,
    FN_MEAN,
    FN_RSTD,
    FN_Q1,
    FN_Q2,
    FN_QS1, /* dynamic scales out */
    FN_QS2,
    FN_NT
};

static const char *const fn_what_default[FN_NT] = {
    "x1",          "x2",          "bias",    "gamma", "beta",  "scales1",   "scales2",
    "zeroPoints1", "zeroPoints2", "scale",   "shift", "y",     "y2",        "rmsNormOut",
    "xOut",        "meanOut",     "rstdOut", "y1Out", "y2Out", "scale1Out", "scale2Out"};

enum fn_quant { FN_QNONE, FN_QSTATIC, FN_QDYNAMIC };

/* What an entry point asks of the kernel. */
struct fn_flags {
    bool layer, gemma, div;
    bool cast; /* y may have another float type than x1 (AddRmsNormCast's FLOAT y1Out) */
    bool ada;  /* y = (n + beta) (1 + scale) + shift, per batch (FN1) */
    double alpha, eps;
    enum fn_quant quant;
};

struct fn_desc {
    const char *name;
    const aclTensor *t[FN_NT];
    const char *what[FN_NT]; /* parameter names (NULL: the default) */
    struct fn_flags f;
};

struct fn_plan {
    const struct ops_split *split; /* first (engine.h: ops_split_run) */
    struct ops_tensor t[FN_NT];
    bool has[FN_NT];
    struct fn_flags f;
    int k;
    int64_t D;
    int64_t S; /* the Ada forms: rows per batch (x's dim -2) */
};

/* Element offset of the r-th row of a view whose first `lead` dims index rows. */
static int64_t fn_row_offset(const struct ops_tensor *t, int lead, int64_t r)
{
    int64_t off = 0;
    for (int d = lead - 1; d >= 0; d--) {
        off += (r % t->dims[d]) * t->strides[d];
        r /= t->dims[d];
    }
    return off;
}

/* A per-channel parameter (D values, or one value for all) into double. */
static void fn_param(const struct fn_plan *p, void *const *addr, int i, double *to, double dflt)
{
    const struct ops_tensor *t = &p->t[i];
    if (!p->has[i]) {
        for (int64_t j = 0; j < p->D; j++)
            to[j] = dflt;
        return;
    }
    ops_gather_nd(to, CK_F64, ops_base(t, addr), t->dt, t->ndim, t->dims, t->strides);
    if (t->numel == 1)
        for (int64_t j = 1; j < p->D; j++)
            to[j] = to[0];
}

static void fn_row_io(const struct fn_plan *p, void *const *addr, int i, int64_t r, double *buf,
                      bool store)
{
    const struct ops_tensor *t = &p->t[i];
    const int lead = t->ndim - p->k;
    char *base = ops_elem(t, addr, fn_row_offset(t, lead, r));
    if (store)
        ops_scatter_nd(buf, CK_F64, base, t->dt, p->k, t->dims + lead, t->strides + lead);
    else
        ops_gather_nd(buf, CK_F64, base, t->dt, p->k, t->dims + lead, t->strides + lead);
}

/* The Ada forms' scale or shift of batch bi: its H values (x's leading dims but the last two
 * index batches; a [B..., 1, H] tensor's 1 adds nothing to the offset). */
static void fn_batch_io(const struct fn_plan *p, void *const *addr, int i, int64_t bi, double *buf)
{
    const struct ops_tensor *t = &p->t[i];
    const int last = t->ndim - 1;
    char *base = ops_elem(t, addr, fn_row_offset(t, p->t[FN_X1].ndim - 2, bi));
    ops_gather_nd(buf, CK_F64, base, t->dt, 1, t->dims + last, t->strides + last);
}

/* One value of a per-row output (mean, rstd, dynamic scale). */
static void fn_row_stat(const struct fn_plan *p, void *const *addr, int i, int64_t r, double v)
{
    const struct ops_tensor *t = &p->t[i];
    ops_storer(CK_F64, t->dt)(ops_elem(t, addr, fn_row_offset(t, t->ndim, r)), 0, &v, 1);
}

/* FN2: one quantised output of row y into q (as doubles, stored by the caller). */
static double fn_quant_row(const struct fn_plan *p, const double *y, const double *sc,
                           const double *zp, double *q)
{
    const int64_t D = p->D;
    if (p->f.quant == FN_QSTATIC) {
        for (int64_t i = 0; i < D; i++) {
            const double v = p->f.div ? y[i] / sc[i] : y[i] * sc[i];
            q[i] = (double)qt_round_sat(v + zp[i], 0, -128, 127);
        }
        return 0;
    }
    double mx = 0;
    for (int64_t i = 0; i < D; i++) {
        q[i] = y[i] * sc[i];
        mx = fabs(q[i]) > mx || isnan(q[i]) ? fabs(q[i]) : mx;
    }
    const double s = mx / 127.0;
    for (int64_t i = 0; i < D; i++)
        q[i] = s > 0 ? (double)qt_round_sat(q[i] / s, 0, -128, 127) : 0;
    return s;
}

#define FN_SPLIT_MIN (64 * 1024)

static uint32_t fn_blocks(const struct aclOpExecutor *e)
{
    const struct fn_plan *p = e->plan;
    const int64_t rows = ops_numel(p->t[FN_X1].dims, p->t[FN_X1].ndim - p->k);
    return ops_split_rows(rows, rows * p->D, FN_SPLIT_MIN);
}

static int32_t fn_block(const struct aclOpExecutor *e, void *const *addr, uint32_t bi, uint32_t bn)
{
    const struct fn_plan *p = e->plan;
    const int64_t D = p->D;
    int64_t r0, r1;
    ops_split_range(ops_numel(p->t[FN_X1].dims, p->t[FN_X1].ndim - p->k), 1, bi, bn, &r0, &r1);
    if (r0 >= r1)
        return 0;
    double *buf = malloc((size_t)D * 12 * sizeof(double));
    if (!buf)
        return ACL_ERROR_BAD_ALLOC;
    double *a = buf, *x2 = a + D, *g = x2 + D, *b = g + D, *bias = b + D, *n = bias + D,
           *sc[2] = {n + D, n + 2 * D}, *zp[2] = {n + 3 * D, n + 4 * D}, *asc = n + 5 * D,
           *ash = n + 6 * D;
    int64_t batch = -1; /* the batch whose scale and shift asc / ash hold */
    fn_param(p, addr, FN_G, g, 1.0);
    fn_param(p, addr, FN_B, b, 0.0);
    if (p->has[FN_BIAS] && p->t[FN_BIAS].ndim <= p->k)
        fn_param(p, addr, FN_BIAS, bias, 0.0);
    for (int j = 0; j < 2; j++) {
        fn_param(p, addr, FN_SC1 + j, sc[j], 1.0);
        fn_param(p, addr, FN_ZP1 + j, zp[j], 0.0);
    }
    if (p->f.gemma)
        for (int64_t i = 0; i < D; i++)
            g[i] += 1.0;
    for (int64_t r = r0; r < r1; r++) {
        fn_row_io(p, addr, FN_X1, r, a, false);
        if (p->has[FN_X2])
            fn_row_io(p, addr, FN_X2, r, x2, false);
        if (p->has[FN_BIAS] && p->t[FN_BIAS].ndim > p->k) /* a full-shape bias */
            fn_row_io(p, addr, FN_BIAS, r, bias, false);
        for (int64_t i = 0; i < D; i++)
            a[i] =
                p->f.alpha * a[i] + (p->has[FN_X2] ? x2[i] : 0) + (p->has[FN_BIAS] ? bias[i] : 0);
        double mean = 0, var = 0;
        if (p->f.layer) {
            for (int64_t i = 0; i < D; i++)
                mean += a[i];
            mean = D ? mean / (double)D : 0;
        }
        for (int64_t i = 0; i < D; i++)
            var += (a[i] - mean) * (a[i] - mean);
        var = D ? var / (double)D : 0;
        const double rstd = 1.0 / sqrt(var + p->f.eps);
        for (int64_t i = 0; i < D; i++)
            n[i] = (a[i] - mean) * rstd * g[i];
        /* every input of the row is read: the outputs may now overwrite them */
        if (p->has[FN_XO])
            fn_row_io(p, addr, FN_XO, r, a, true);
        if (p->has[FN_N])
            fn_row_io(p, addr, FN_N, r, n, true);
        for (int64_t i = 0; i < D; i++)
            a[i] = n[i] + b[i];
        if (p->f.ada) {
            if (r / p->S != batch) {
                batch = r / p->S;
                fn_batch_io(p, addr, FN_ASC, batch, asc);
                fn_batch_io(p, addr, FN_ASH, batch, ash);
            }
            for (int64_t i = 0; i < D; i++)
                a[i] = a[i] * (1.0 + asc[i]) + ash[i];
        }
        if (p->has[FN_Y])
            fn_row_io(p, addr, FN_Y, r, a, true);
        if (p->has[FN_Y2])
            fn_row_io(p, addr, FN_Y2, r, a, true);
        if (p->has[FN_MEAN])
            fn_row_stat(p, addr, FN_MEAN, r, mean);
        if (p->has[FN_RSTD])
            fn_row_stat(p, addr, FN_RSTD, r, rstd);
        for (int j = 0; j < 2 && p->f.quant != FN_QNONE; j++) {
            if (!p->has[FN_Q1 + j])
                continue;
            const double s = fn_quant_row(p, a, sc[j], zp[j], x2);
            fn_row_io(p, addr, FN_Q1 + j, r, x2, true);
            if (p->has[FN_QS1 + j])
                fn_row_stat(p, addr, FN_QS1 + j, r, s);
        }
    }
    free(buf);
    return 0;
}

static const struct ops_split fn_split = {fn_blocks, fn_block};

static const char *fn_what(const struct fn_desc *d, int i)
{
    return d->what[i] ? d->what[i] : fn_what_default[i];
}

static aclnnStatus fn_type(const struct fn_desc *d, int i, unsigned types, const char *list)
{
    const aclTensor *t = d->t[i];
    int dt = ops_dt_index(t->dtype);
    if (dt < 0 || !(DTM(dt) & types))
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: %s type %s is not supported (%s)", d->name,
                       fn_what(d, i), ops_dt_name(t->dtype), list);
    return ACLNN_SUCCESS;
}

/* An Ada form's scale or shift: [B..., H] or [B..., 1, H], x being [B..., S, H]. */
static aclnnStatus fn_ada_shape(const struct fn_desc *d, int i)
{
    const aclTensor *x = d->t[FN_X1], *t = d->t[i];
    const int nb = (int)x->ndim - 2;
    bool ok = ((int)t->ndim == nb + 1 || ((int)t->ndim == nb + 2 && t->dims[nb] == 1)) &&
              t->dims[t->ndim - 1] == x->dims[x->ndim - 1];
    for (int j = 0; ok && j < nb; j++)
        ok = t->dims[j] == x->dims[j];
    if (ok)
        return ACLNN_SUCCESS;
    char s1[96], s2[96];
    return ops_err(ACLNN_ERR_PARAM_INVALID,
                   "%s: %s has shape %s; with %s %s it must be [B..., H] "
                   "or [B..., 1, H]",
                   d->name, fn_what(d, i), ops_shape_str(s1, sizeof(s1), t->dims, t->ndim),
                   fn_what(d, FN_X1), ops_shape_str(s2, sizeof(s2), x->dims, x->ndim));
}

/* Checks every tensor of d against x1 and builds the executor (FN1). */
/* types: the data tensors'; dt2: the quantised outputs' (quantising forms) or the
 * per-row statistics' (the others). */
static aclnnStatus fn_build(const struct fn_desc *d, unsigned types, unsigned dt2, uint64_t *ws,
                            aclOpExecutor **ex)
{
    const char *name = d->name;
    const aclTensor *x = d->t[FN_X1], *gamma = d->t[FN_G];
    aclnnStatus rc;
    for (int i = 0; i < FN_NT; i++)
        if (d->t[i] && (rc = ops_check_dims(d->t[i], name, fn_what(d, i))))
            return rc;
    if ((rc = fn_type(d, FN_X1, types, "FLOAT, FLOAT16, BFLOAT16")))
        return rc;
    if (d->f.ada && x->ndim < 2)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: %s has %d dims; it must be [B..., S, H]", name,
                       fn_what(d, FN_X1), (int)x->ndim);
    /* k: gamma's dims without its leading 1s, x's trailing dims (no gamma: the Ada forms'
     * optional weight, the last dim) */
    int k = gamma ? (int)gamma->ndim : 1;
    while (gamma && k > 1 && gamma->dims[gamma->ndim - k] == 1)
        k--;
    bool ok = k >= 1 && k <= (int)x->ndim && (!d->f.ada || k == 1);
    for (int i = 0; ok && gamma && i < k; i++)
        ok = gamma->dims[gamma->ndim - k + i] == x->dims[x->ndim - k + i];
    if (!ok)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: %s's shape is not %s's trailing dims", name,
                       fn_what(d, FN_G), fn_what(d, FN_X1));
    const int64_t D = gamma ? ops_numel(gamma->dims, (int)gamma->ndim) : x->dims[x->ndim - 1];
    const int64_t rows = ops_numel(x->dims, (int)x->ndim - k);
    for (int i = 0; i < FN_NT; i++) {
        const aclTensor *t = d->t[i];
        if (!t || i == FN_X1)
            continue;
        const int64_t numel = ops_numel(t->dims, (int)t->ndim);
        switch (i) {
        case FN_X2:
        case FN_XO:
        case FN_Y:
        case FN_N:
            rc = fn_type(d, i, types, "FLOAT, FLOAT16, BFLOAT16");
            if (!rc && (i != FN_Y || !d->f.cast) && t->dtype != x->dtype)
                rc = ops_err(ACLNN_ERR_PARAM_INVALID, "%s: %s type %s differs from %s's %s", name,
                             fn_what(d, i), ops_dt_name(t->dtype), fn_what(d, FN_X1),
                             ops_dt_name(x->dtype));
            if (!rc && !ops_same_shape(t, x))
                rc = ops_err(ACLNN_ERR_PARAM_INVALID, "%s: %s's shape differs from %s's", name,
                             fn_what(d, i), fn_what(d, FN_X1));
            break;
        case FN_Y2:
            rc = fn_type(d, i, types, "FLOAT, FLOAT16, BFLOAT16");
            if (!rc && !ops_same_shape(t, x))
                rc = ops_err(ACLNN_ERR_PARAM_INVALID, "%s: %s's shape differs from %s's", name,
                             fn_what(d, i), fn_what(d, FN_X1));
            break;
        case FN_BIAS:
            rc = fn_type(d, i, types, "FLOAT, FLOAT16, BFLOAT16");
            if (!rc && numel != D && !ops_same_shape(t, x))
                rc = ops_err(ACLNN_ERR_PARAM_INVALID,
                             "%s: %s must have %s's shape or %lld elements (one per channel)", name,
                             fn_what(d, i), fn_what(d, FN_X1), (long long)D);
            break;
        case FN_G:
        case FN_B:
        case FN_SC1:
        case FN_SC2:
            rc = fn_type(d, i, types, "FLOAT, FLOAT16, BFLOAT16");
            if (!rc && numel != D && !((i == FN_SC1 || i == FN_SC2) && numel == 1))
                rc = ops_err(ACLNN_ERR_PARAM_INVALID, "%s: %s must hold %lld values (%s's)", name,
                             fn_what(d, i), (long long)D, fn_what(d, FN_G));
            break;
        case FN_ASC:
        case FN_ASH:
            rc = t->dtype != x->dtype
                     ? ops_err(ACLNN_ERR_PARAM_INVALID, "%s: %s type %s differs from %s's %s", name,
                               fn_what(d, i), ops_dt_name(t->dtype), fn_what(d, FN_X1),
                               ops_dt_name(x->dtype))
                     : fn_ada_shape(d, i);
            break;
        case FN_ZP1:
        case FN_ZP2:
            rc = fn_type(d, i, DTM_F3 | DTM(DT_I8) | DTM(DT_I32),
                         "INT8, INT32, FLOAT, FLOAT16, BFLOAT16");
            if (!rc && numel != D && numel != 1)
                rc = ops_err(ACLNN_ERR_PARAM_INVALID, "%s: %s must hold %lld values or one", name,
                             fn_what(d, i), (long long)D);
            break;
        case FN_Q1:
        case FN_Q2:
            rc = fn_type(d, i, dt2, "INT8");
            if (!rc && !ops_same_shape(t, x))
                rc = ops_err(ACLNN_ERR_PARAM_INVALID, "%s: %s's shape differs from %s's", name,
                             fn_what(d, i), fn_what(d, FN_X1));
            break;
        default: /* mean, rstd, dynamic scales: FLOAT, one value per row */
            rc = fn_type(d, i, d->f.quant == FN_QNONE ? dt2 : DTM(DT_F32), "FLOAT");
            if (!rc && numel != rows)
                rc = ops_err(ACLNN_ERR_PARAM_INVALID, "%s: %s must hold one value per row (%lld)",
                             name, fn_what(d, i), (long long)rows);
            break;
        }
        if (rc)
            return rc;
    }
    OPS_PLAN(
        e, p, name, FN_NIN, FN_NT - FN_NIN, struct fn_plan, NULL,
        {&p->t[FN_X1], d->t[FN_X1], fn_what(d, FN_X1)},
        {&p->t[FN_X2], d->t[FN_X2], fn_what(d, FN_X2)},
        {&p->t[FN_BIAS], d->t[FN_BIAS], fn_what(d, FN_BIAS)},
        {&p->t[FN_G], d->t[FN_G], fn_what(d, FN_G)}, {&p->t[FN_B], d->t[FN_B], fn_what(d, FN_B)},
        {&p->t[FN_SC1], d->t[FN_SC1], fn_what(d, FN_SC1)},
        {&p->t[FN_SC2], d->t[FN_SC2], fn_what(d, FN_SC2)},
        {&p->t[FN_ZP1], d->t[FN_ZP1], fn_what(d, FN_ZP1)},
        {&p->t[FN_ZP2], d->t[FN_ZP2], fn_what(d, FN_ZP2)},
        {&p->t[FN_ASC], d->t[FN_ASC], fn_what(d, FN_ASC)},
        {&p->t[FN_ASH], d->t[FN_ASH], fn_what(d, FN_ASH)},
        {&p->t[FN_Y], d->t[FN_Y], fn_what(d, FN_Y)}, {&p->t[FN_Y2], d->t[FN_Y2], fn_what(d, FN_Y2)},
        {&p->t[FN_N], d->t[FN_N], fn_what(d, FN_N)}, {&p->t[FN_XO], d->t[FN_XO], fn_what(d, FN_XO)},
        {&p->t[FN_MEAN], d->t[FN_MEAN], fn_what(d, FN_MEAN)},
        {&p->t[FN_RSTD], d->t[FN_RSTD], fn_what(d, FN_RSTD)},
        {&p->t[FN_Q1], d->t[FN_Q1], fn_what(d, FN_Q1)},
        {&p->t[FN_Q2], d->t[FN_Q2], fn_what(d, FN_Q2)},
        {&p->t[FN_QS1], d->t[FN_QS1], fn_what(d, FN_QS1)},
        {&p->t[FN_QS2], d->t[FN_QS2], fn_what(d, FN_QS2)});
    for (int i = 0; i < FN_NT; i++)
        p->has[i] = d->t[i] != NULL;
    p->split = &fn_split;
    p->f = d->f;
    p->k = k;
    p->D = D;
    p->S = d->f.ada ? x->dims[x->ndim - 2] : 1;
    e->run = rows > 0 && D > 0 ? ops_split_run : NULL;
    return ops_exec_done(e, ws, ex);
}

#define FN_DESC(nm, ...) struct fn_desc d = {.name = (nm), .f.alpha = 1.0, __VA_ARGS__}

/* ---- RmsNorm forms ----------------------------------------------------------------------------
 */

/* AddRmsNormQuant and its V2 (beta, rmsNormOut): y2Out only when scales2 is given. */
static aclnnStatus fn_static(const char *name, unsigned types, unsigned dt2,
                             const aclTensor *const in[8], int64_t axis, double epsilon,
                             bool divMode, aclTensor *y1Out, aclTensor *y2Out, aclTensor *xOut,
                             aclTensor *rmsNormOut, WS)
{
    static const char *const req[4] = {"x1", "x2", "gamma", "scales1"};
    for (int i = 0; i < 4; i++)
        if (!in[i])
            return ops_err(ACLNN_ERR_PARAM_NULLPTR, "%s: %s is NULL", name, req[i]);
    OPS_CHECK_NULLS(name, y1Out, y2Out, xOut, workspaceSize, executor);
    if (axis != -1)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: axis %lld is not -1", name, (long long)axis);
    FN_DESC(name, .f.eps = epsilon, .f.div = divMode, .f.quant = FN_QSTATIC,
            .t = {[FN_X1] = in[0],
                  [FN_X2] = in[1],
                  [FN_G] = in[2],
                  [FN_SC1] = in[3],
                  [FN_SC2] = in[4],
                  [FN_ZP1] = in[5],
                  [FN_ZP2] = in[6],
                  [FN_B] = in[7],
                  [FN_Q1] = y1Out,
                  [FN_Q2] = in[4] ? y2Out : NULL,
                  [FN_XO] = xOut,
                  [FN_N] = rmsNormOut},
            .what = {[FN_B] = "betaOptional"});
    return fn_build(&d, types, dt2, workspaceSize, executor);
}

aclnnStatus aclnnAddRmsNormQuantGetWorkspaceSize(const aclTensor *x1, const aclTensor *x2,
                                                 const aclTensor *gamma, const aclTensor *scales1,
                                                 const aclTensor *scales2Optional,
                                                 const aclTensor *zeroPoints1Optional,
                                                 const aclTensor *zeroPoints2Optional, int64_t axis,
                                                 double epsilon, bool divMode, aclTensor *y1Out,
                                                 aclTensor *y2Out, aclTensor *xOut,
                                                 uint64_t *workspaceSize, aclOpExecutor **executor)
{
    const aclTensor *const in[8] = {
        x1, x2, gamma, scales1, scales2Optional, zeroPoints1Optional, zeroPoints2Optional, NULL};
    return fn_static("aclnnAddRmsNormQuant", OPS_DT_AddRmsNormQuant, OPS_DT2_AddRmsNormQuant, in,
                     axis, epsilon, divMode, y1Out, y2Out, xOut, NULL, workspaceSize, executor);
}
PHASE2(AddRmsNormQuant)

aclnnStatus aclnnAddRmsNormQuantV2GetWorkspaceSize(
    const aclTensor *x1, const aclTensor *x2, const aclTensor *gamma, const aclTensor *scales1,
    const aclTensor *scales2Optional, const aclTensor *zeroPoints1Optional,
    const aclTensor *zeroPoints2Optional, const aclTensor *betaOptional, int64_t axis,
    double epsilon, bool divMode, aclTensor *y1Out, aclTensor *y2Out, aclTensor *xOut,
    aclTensor *rmsNormOut, uint64_t *workspaceSize, aclOpExecutor **executor)
{
    const aclTensor *const in[8] = {
        x1,          x2, gamma, scales1, scales2Optional, zeroPoints1Optional, zeroPoints2Optional,
        betaOptional};
    return fn_static("aclnnAddRmsNormQuantV2", OPS_DT_AddRmsNormQuantV2, OPS_DT2_AddRmsNormQuantV2,
                     in, axis, epsilon, divMode, y1Out, y2Out, xOut, rmsNormOut, workspaceSize,
                     executor);
}
PHASE2(AddRmsNormQuantV2)

static aclnnStatus fn_dynamic(const char *name, unsigned types, unsigned dt2, const aclTensor *x1,
                              const aclTensor *x2, const aclTensor *gamma, const aclTensor *sm1,
                              const aclTensor *sm2, const aclTensor *beta, double epsilon,
                              const bool mask[2], aclTensor *y1Out, aclTensor *y2Out,
                              aclTensor *xOut, aclTensor *scale1Out, aclTensor *scale2Out, WS)
{
    if (sm2 && !sm1)
        return ops_err(ACLNN_ERR_PARAM_INVALID,
                       "%s: smoothScale2Optional is given without smoothScale1Optional", name);
    const bool two = mask ? mask[1] : sm2 != NULL;
    FN_DESC(name, .f.eps = epsilon, .f.quant = FN_QDYNAMIC,
            .t = {[FN_X1] = x1,
                  [FN_X2] = x2,
                  [FN_G] = gamma,
                  [FN_B] = beta,
                  [FN_SC1] = sm1,
                  [FN_SC2] = sm2,
                  [FN_Q1] = !mask || mask[0] ? y1Out : NULL,
                  [FN_QS1] = !mask || mask[0] ? scale1Out : NULL,
                  [FN_Q2] = two ? y2Out : NULL,
                  [FN_QS2] = two ? scale2Out : NULL,
                  [FN_XO] = xOut},
            .what = {[FN_SC1] = "smoothScale1Optional",
                     [FN_SC2] = "smoothScale2Optional",
                     [FN_B] = "betaOptional"});
    return fn_build(&d, types, dt2, workspaceSize, executor);
}

aclnnStatus aclnnAddRmsNormDynamicQuantGetWorkspaceSize(
    const aclTensor *x1, const aclTensor *x2, const aclTensor *gamma,
    const aclTensor *smoothScale1Optional, const aclTensor *smoothScale2Optional, double epsilon,
    aclTensor *y1Out, aclTensor *y2Out, aclTensor *xOut, aclTensor *scale1Out, aclTensor *scale2Out,
    uint64_t *workspaceSize, aclOpExecutor **executor)
{
    const char *name = "aclnnAddRmsNormDynamicQuant";
    OPS_CHECK_NULLS(name, x1, x2, gamma, y1Out, y2Out, xOut, scale1Out, scale2Out, workspaceSize,
                    executor);
    return fn_dynamic(name, OPS_DT_AddRmsNormDynamicQuant, OPS_DT2_AddRmsNormDynamicQuant, x1, x2,
                      gamma, smoothScale1Optional, smoothScale2Optional, NULL, epsilon, NULL, y1Out,
                      y2Out, xOut, scale1Out, scale2Out, workspaceSize, executor);
}
PHASE2(AddRmsNormDynamicQuant)

aclnnStatus aclnnAddRmsNormDynamicQuantV2GetWorkspaceSize(
    const aclTensor *x1, const aclTensor *x2, const aclTensor *gamma,
    const aclTensor *smoothScale1Optional, const aclTensor *smoothScale2Optional,
    const aclTensor *betaOptional, double epsilon, const aclBoolArray *outputMask, aclTensor *y1Out,
    aclTensor *y2Out, aclTensor *xOut, aclTensor *scale1Out, aclTensor *scale2Out,
    uint64_t *workspaceSize, aclOpExecutor **executor)
{
    const char *name = "aclnnAddRmsNormDynamicQuantV2";
    OPS_CHECK_NULLS(name, x1, x2, gamma, xOut, workspaceSize, executor);
    bool mask[2] = {true, smoothScale2Optional != NULL};
    if (outputMask) {
        if (outputMask->n != 2)
            return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: outputMask has %llu values, expected 2",
                           name, (unsigned long long)outputMask->n);
        mask[0] = outputMask->v[0];
        mask[1] = outputMask->v[1];
    }
    if (mask[0])
        OPS_CHECK_NULLS(name, y1Out, scale1Out);
    if (mask[1])
        OPS_CHECK_NULLS(name, y2Out, scale2Out);
    return fn_dynamic(name, OPS_DT_AddRmsNormDynamicQuantV2, OPS_DT2_AddRmsNormDynamicQuantV2, x1,
                      x2, gamma, smoothScale1Optional, smoothScale2Optional, betaOptional, epsilon,
                      mask, y1Out, y2Out, xOut, scale1Out, scale2Out, workspaceSize, executor);
}
PHASE2(AddRmsNormDynamicQuantV2)

aclnnStatus aclnnAddRmsNormCastGetWorkspaceSize(const aclTensor *x1, const aclTensor *x2,
                                                const aclTensor *gamma, double epsilon,
                                                const aclTensor *y1Out, const aclTensor *y2Out,
                                                const aclTensor *rstdOut, const aclTensor *xOut,
                                                uint64_t *workspaceSize, aclOpExecutor **executor)
{
    const char *name = "aclnnAddRmsNormCast";
    OPS_CHECK_NULLS(name, x1, x2, gamma, y1Out, y2Out, rstdOut, xOut, workspaceSize, executor);
    if (!ops_dt_in(y1Out->dtype, OPS_DT2_AddRmsNormCast))
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: y1Out type %s is not FLOAT", name,
                       ops_dt_name(y1Out->dtype));
    if (y2Out->dtype != x1->dtype)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: y2Out type %s differs from x1's %s", name,
                       ops_dt_name(y2Out->dtype), ops_dt_name(x1->dtype));
    FN_DESC(name, .f.eps = epsilon, .f.cast = true,
            .t = {[FN_X1] = x1,
                  [FN_X2] = x2,
                  [FN_G] = gamma,
                  [FN_Y] = y1Out,
                  [FN_Y2] = y2Out,
                  [FN_RSTD] = rstdOut,
                  [FN_XO] = xOut},
            .what = {[FN_Y] = "y1Out", [FN_Y2] = "y2Out"});
    return fn_build(&d, OPS_DT_AddRmsNormCast, DTM(DT_F32), workspaceSize, executor);
}
PHASE2(AddRmsNormCast)

aclnnStatus aclnnInplaceAddRmsNormGetWorkspaceSize(aclTensor *x1Ref, aclTensor *x2Ref,
                                                   const aclTensor *gamma, double epsilon,
                                                   const aclTensor *rstdOut,
                                                   uint64_t *workspaceSize,
                                                   aclOpExecutor **executor)
{
    const char *name = "aclnnInplaceAddRmsNorm";
    OPS_CHECK_NULLS(name, x1Ref, x2Ref, gamma, rstdOut, workspaceSize, executor);
    FN_DESC(name, .f.eps = epsilon,
            .t = {[FN_X1] = x1Ref,
                  [FN_X2] = x2Ref,
                  [FN_G] = gamma,
                  [FN_Y] = x1Ref,
                  [FN_RSTD] = rstdOut,
                  [FN_XO] = x2Ref},
            .what = {[FN_X1] = "x1Ref", [FN_X2] = "x2Ref", [FN_Y] = "x1Ref", [FN_XO] = "x2Ref"});
    return fn_build(&d, OPS_DT_InplaceAddRmsNorm, OPS_DT2_InplaceAddRmsNorm, workspaceSize,
                    executor);
}
PHASE2(InplaceAddRmsNorm)

aclnnStatus aclnnRmsNormQuantGetWorkspaceSize(const aclTensor *x, const aclTensor *gamma,
                                              const aclTensor *beta, const aclTensor *scale,
                                              const aclTensor *offset, double epsilon, aclTensor *y,
                                              uint64_t *workspaceSize, aclOpExecutor **executor)
{
    const char *name = "aclnnRmsNormQuant";
    OPS_CHECK_NULLS(name, x, gamma, beta, scale, offset, y, workspaceSize, executor);
    FN_DESC(name, .f.eps = epsilon, .f.div = true, .f.quant = FN_QSTATIC,
            .t = {[FN_X1] = x,
                  [FN_G] = gamma,
                  [FN_B] = beta,
                  [FN_SC1] = scale,
                  [FN_ZP1] = offset,
                  [FN_Q1] = y},
            .what = {[FN_X1] = "x", [FN_SC1] = "scale", [FN_ZP1] = "offset", [FN_Q1] = "y"});
    return fn_build(&d, OPS_DT_RmsNormQuant, OPS_DT2_RmsNormQuant, workspaceSize, executor);
}
PHASE2(RmsNormQuant)

aclnnStatus aclnnRmsNormDynamicQuantGetWorkspaceSize(
    const aclTensor *x, const aclTensor *gamma, const aclTensor *smoothScalesOptional,
    const aclTensor *betaOptional, double epsilon, int64_t dstType, const aclTensor *yOut,
    const aclTensor *scaleOut, uint64_t *workspaceSize, aclOpExecutor **executor)
{
    const char *name = "aclnnRmsNormDynamicQuant";
    OPS_CHECK_NULLS(name, x, gamma, yOut, scaleOut, workspaceSize, executor);
    if (dstType != ACL_INT8)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: dstType %lld is not INT8 (2)", name,
                       (long long)dstType);
    FN_DESC(name, .f.eps = epsilon, .f.quant = FN_QDYNAMIC,
            .t = {[FN_X1] = x,
                  [FN_G] = gamma,
                  [FN_B] = betaOptional,
                  [FN_SC1] = smoothScalesOptional,
                  [FN_Q1] = yOut,
                  [FN_QS1] = scaleOut},
            .what = {[FN_X1] = "x",
                     [FN_B] = "betaOptional",
                     [FN_SC1] = "smoothScalesOptional",
                     [FN_Q1] = "yOut",
                     [FN_QS1] = "scaleOut"});
    return fn_build(&d, OPS_DT_RmsNormDynamicQuant, OPS_DT2_RmsNormDynamicQuant, workspaceSize,
                    executor);
}
PHASE2(RmsNormDynamicQuant)

aclnnStatus aclnnGemmaRmsNormGetWorkspaceSize(const aclTensor *x, const aclTensor *gamma,
                                              double epsilon, const aclTensor *yOut,
                                              const aclTensor *rstdOut, uint64_t *workspaceSize,
                                              aclOpExecutor **executor)
{
    const char *name = "aclnnGemmaRmsNorm";
    OPS_CHECK_NULLS(name, x, gamma, yOut, rstdOut, workspaceSize, executor);
    FN_DESC(name, .f.eps = epsilon, .f.gemma = true,
            .t = {[FN_X1] = x, [FN_G] = gamma, [FN_Y] = yOut, [FN_RSTD] = rstdOut},
            .what = {[FN_X1] = "x", [FN_Y] = "yOut"});
    return fn_build(&d, OPS_DT_GemmaRmsNorm, OPS_DT2_GemmaRmsNorm, workspaceSize, executor);
}
PHASE2(GemmaRmsNorm)

/* ---- LayerNorm forms ------------------------------------------------------------------------ */

aclnnStatus aclnnAddLayerNormGetWorkspaceSize(const aclTensor *x1, const aclTensor *x2,
                                              const aclTensor *gamma, const aclTensor *beta,
                                              const aclTensor *biasOptional, double epsilon,
                                              bool additionalOutput, const aclTensor *yOut,
                                              const aclTensor *meanOut, const aclTensor *rstdOut,
                                              const aclTensor *xOut, uint64_t *workspaceSize,
                                              aclOpExecutor **executor)
{
    const char *name = "aclnnAddLayerNorm";
    OPS_CHECK_NULLS(name, x1, x2, gamma, beta, yOut, meanOut, rstdOut, xOut, workspaceSize,
                    executor);
    FN_DESC(name, .f.eps = epsilon, .f.layer = true,
            .t = {[FN_X1] = x1,
                  [FN_X2] = x2,
                  [FN_G] = gamma,
                  [FN_B] = beta,
                  [FN_BIAS] = biasOptional,
                  [FN_Y] = yOut,
                  [FN_MEAN] = meanOut,
                  [FN_RSTD] = rstdOut,
                  [FN_XO] = additionalOutput ? xOut : NULL},
            .what = {[FN_BIAS] = "biasOptional", [FN_Y] = "yOut"});
    return fn_build(&d, OPS_DT_AddLayerNorm, OPS_DT2_AddLayerNorm, workspaceSize, executor);
}
PHASE2(AddLayerNorm)

aclnnStatus aclnnDeepNormGetWorkspaceSize(const aclTensor *x, const aclTensor *gx,
                                          const aclTensor *beta, const aclTensor *gamma,
                                          double alpha, double epsilon, const aclTensor *meanOut,
                                          const aclTensor *rstdOut, const aclTensor *yOut,
                                          uint64_t *workspaceSize, aclOpExecutor **executor)
{
    const char *name = "aclnnDeepNorm";
    OPS_CHECK_NULLS(name, x, gx, beta, gamma, meanOut, rstdOut, yOut, workspaceSize, executor);
    FN_DESC(name, .f.eps = epsilon, .f.layer = true,
            .t = {[FN_X1] = x,
                  [FN_X2] = gx,
                  [FN_G] = gamma,
                  [FN_B] = beta,
                  [FN_Y] = yOut,
                  [FN_MEAN] = meanOut,
                  [FN_RSTD] = rstdOut},
            .what = {[FN_X1] = "x", [FN_X2] = "gx", [FN_Y] = "yOut"});
    d.f.alpha = alpha;
    return fn_build(&d, OPS_DT_DeepNorm, OPS_DT2_DeepNorm, workspaceSize, executor);
}
PHASE2(DeepNorm)

/* ---- AdaLayerNorm forms (FN1: LayerNorm, then the batch's adaptive scale and shift) ---------- */

/* The Ada forms' weightOptional and biasOptional: x's type (v2: or FLOAT, the two alike). */
static aclnnStatus fn_ada_affine(const char *name, bool v2, const aclTensor *x, const aclTensor *w,
                                 const aclTensor *b)
{
    const aclTensor *t[2] = {w, b};
    static const char *const what[2] = {"weightOptional", "biasOptional"};
    for (int i = 0; i < 2; i++)
        if (t[i] && t[i]->dtype != x->dtype && !(v2 && t[i]->dtype == ACL_FLOAT))
            return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: %s type %s is not x's %s%s", name, what[i],
                           ops_dt_name(t[i]->dtype), ops_dt_name(x->dtype), v2 ? " or FLOAT" : "");
    if (w && b && w->dtype != b->dtype)
        return ops_err(ACLNN_ERR_PARAM_INVALID,
                       "%s: weightOptional type %s differs from biasOptional's %s", name,
                       ops_dt_name(w->dtype), ops_dt_name(b->dtype));
    return ACLNN_SUCCESS;
}

/* The Ada forms' phase 1: AdaLayerNorm(V2) (y = out, mean, rstd) and AdaLayerNormQuant
 * (smooth, q = out and its per-row scale qs: FN2's dynamic quantisation). */
struct fn_ada_args {
    const aclTensor *x, *scale, *shift, *w, *b, *smooth;
    aclTensor *out, *mean, *rstd, *q, *qs;
};

static aclnnStatus fn_ada(const char *name, bool v2, unsigned types, unsigned dt2,
                          const struct fn_ada_args *a, double epsilon, WS)
{
    OPS_CHECK_NULLS(name, a->x, a->scale, a->shift, workspaceSize, executor);
    aclnnStatus rc;
    if ((rc = fn_ada_affine(name, v2, a->x, a->w, a->b)))
        return rc;
    const aclTensor *st[3] = {a->mean, a->rstd, a->smooth};
    static const char *const sn[3] = {"meanOutOptional", "rstdOutOptional", "smoothScalesOptional"};
    for (int i = 0; i < 3; i++)
        if (st[i] && st[i]->dtype != a->x->dtype)
            return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: %s type %s differs from x's %s", name,
                           sn[i], ops_dt_name(st[i]->dtype), ops_dt_name(a->x->dtype));
    FN_DESC(name, .f.eps = epsilon, .f.layer = true, .f.ada = true,
            .f.quant = a->q ? FN_QDYNAMIC : FN_QNONE,
            .t = {[FN_X1] = a->x,
                  [FN_G] = a->w,
                  [FN_B] = a->b,
                  [FN_ASC] = a->scale,
                  [FN_ASH] = a->shift,
                  [FN_SC1] = a->smooth,
                  [FN_Y] = a->out,
                  [FN_MEAN] = a->mean,
                  [FN_RSTD] = a->rstd,
                  [FN_Q1] = a->q,
                  [FN_QS1] = a->qs},
            .what = {[FN_X1] = "x",
                     [FN_G] = "weightOptional",
                     [FN_B] = "biasOptional",
                     [FN_SC1] = "smoothScalesOptional",
                     [FN_Y] = "out",
                     [FN_MEAN] = "meanOutOptional",
                     [FN_RSTD] = "rstdOutOptional",
                     [FN_Q1] = "out",
                     [FN_QS1] = "quantScale"});
    return fn_build(&d, types, dt2, workspaceSize, executor);
}

aclnnStatus aclnnAdaLayerNormGetWorkspaceSize(const aclTensor *x, const aclTensor *scale,
                                              const aclTensor *shift,
                                              const aclTensor *weightOptional,
                                              const aclTensor *biasOptional, double epsilon,
                                              aclTensor *out, uint64_t *workspaceSize,
                                              aclOpExecutor **executor)
{
    const char *name = "aclnnAdaLayerNorm";
    OPS_CHECK_NULLS(name, out);
    const struct fn_ada_args a = {
        .x = x, .scale = scale, .shift = shift, .w = weightOptional, .b = biasOptional, .out = out};
    return fn_ada(name, false, OPS_DT_AdaLayerNorm, OPS_DT_AdaLayerNorm, &a, epsilon, workspaceSize,
                  executor);
}
PHASE2(AdaLayerNorm)

aclnnStatus aclnnAdaLayerNormV2GetWorkspaceSize(const aclTensor *x, const aclTensor *scale,
                                                const aclTensor *shift,
                                                const aclTensor *weightOptional,
                                                const aclTensor *biasOptional, double epsilon,
                                                aclTensor *out, aclTensor *meanOutOptional,
                                                aclTensor *rstdOutOptional, uint64_t *workspaceSize,
                                                aclOpExecutor **executor)
{
    const char *name = "aclnnAdaLayerNormV2";
    OPS_CHECK_NULLS(name, out);
    const struct fn_ada_args a = {.x = x,
                                  .scale = scale,
                                  .shift = shift,
                                  .w = weightOptional,
                                  .b = biasOptional,
                                  .out = out,
                                  .mean = meanOutOptional,
                                  .rstd = rstdOutOptional};
    return fn_ada(name, true, OPS_DT_AdaLayerNormV2, OPS_DT_AdaLayerNormV2, &a, epsilon,
                  workspaceSize, executor);
}
PHASE2(AdaLayerNormV2)

/* AdaLayerNormQuant: AdaLayerNorm, then DynamicQuant of each row (FN2; INT8 out only). */
aclnnStatus aclnnAdaLayerNormQuantGetWorkspaceSize(
    const aclTensor *x, const aclTensor *scale, const aclTensor *shift,
    const aclTensor *weightOptional, const aclTensor *biasOptional,
    const aclTensor *smoothScalesOptional, double epsilon, const char *quantMode, aclTensor *out,
    aclTensor *quantScale, aclTensor *quantOffsetOptional, uint64_t *workspaceSize,
    aclOpExecutor **executor)
{
    const char *name = "aclnnAdaLayerNormQuant";
    OPS_CHECK_NULLS(name, out, quantScale, quantMode);
    if (strcmp(quantMode, "dynamic") != 0)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: quantMode is \"%s\" (only \"dynamic\")", name,
                       quantMode);
    if (quantOffsetOptional)
        return ops_err(ACLNN_ERR_PARAM_INVALID,
                       "%s: quantOffsetOptional must be NULL (asymmetric quantisation is not "
                       "supported)",
                       name);
    const struct fn_ada_args a = {.x = x,
                                  .scale = scale,
                                  .shift = shift,
                                  .w = weightOptional,
                                  .b = biasOptional,
                                  .smooth = smoothScalesOptional,
                                  .q = out,
                                  .qs = quantScale};
    return fn_ada(name, false, OPS_DT_AdaLayerNormQuant, OPS_DT2_AdaLayerNormQuant, &a, epsilon,
                  workspaceSize, executor);
}
PHASE2(AdaLayerNormQuant)

/* ---- LayerNorm / RmsNorm with a static or dynamic quantisation ------------------------------ */

/* LayerNormQuant: y / scale + zeroPoints, one scale for all (quantMode 0, the one CANN
 * supports). */
aclnnStatus aclnnLayerNormQuantGetWorkspaceSize(const aclTensor *x, const aclTensor *gammma,
                                                const aclTensor *beta, const aclTensor *scale,
                                                const aclTensor *zeroPointsOptional, int quantMode,
                                                double epsilon, aclTensor *res, aclTensor *scaleOut,
                                                uint64_t *workspaceSize, aclOpExecutor **executor)
{
    const char *name = "aclnnLayerNormQuant";
    (void)scaleOut; /* the dynamic mode's output: not written in the static one */
    OPS_CHECK_NULLS(name, x, gammma, beta, scale, res, workspaceSize, executor);
    if (quantMode != 0)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: quantMode %d is not 0 (static)", name,
                       quantMode);
    if (ops_numel(scale->dims, (int)scale->ndim) != 1)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: scale must hold one value ([1])", name);
    if (scale->dtype != x->dtype)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: scale type %s differs from x's %s", name,
                       ops_dt_name(scale->dtype), ops_dt_name(x->dtype));
    if (zeroPointsOptional && zeroPointsOptional->dtype != ACL_INT8)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: zeroPointsOptional type %s is not INT8", name,
                       ops_dt_name(zeroPointsOptional->dtype));
    FN_DESC(name, .f.eps = epsilon, .f.layer = true, .f.div = true, .f.quant = FN_QSTATIC,
            .t = {[FN_X1] = x,
                  [FN_G] = gammma,
                  [FN_B] = beta,
                  [FN_SC1] = scale,
                  [FN_ZP1] = zeroPointsOptional,
                  [FN_Q1] = res},
            .what = {[FN_X1] = "x",
                     [FN_G] = "gammma",
                     [FN_SC1] = "scale",
                     [FN_ZP1] = "zeroPointsOptional",
                     [FN_Q1] = "res"});
    return fn_build(&d, OPS_DT_LayerNormQuant, OPS_DT2_LayerNormQuant, workspaceSize, executor);
}
PHASE2(LayerNormQuant)

/* AddLayerNormQuant(V2): AddLayerNorm, then one or two quantisations of y, static (scale
 * multiplies or, divMode, divides; zero points added) or dynamic (scales1 / scales2 smooth),
 * with CANN's table of the optional inputs each mode takes. */
static aclnnStatus fn_alnq(const char *name, unsigned types, unsigned dt2,
                           const aclTensor *const in[9], const char *quantMode, double epsilon,
                           bool additionalOutput, bool divMode, aclTensor *y1Out, aclTensor *y2Out,
                           aclTensor *xOut, aclTensor *lnRes, aclTensor *outScales1Out,
                           aclTensor *outScales2Out, WS)
{
    const aclTensor *s1 = in[5], *s2 = in[6], *z1 = in[7], *z2 = in[8];
    OPS_CHECK_NULLS(name, in[0], in[1], in[2], in[3], quantMode, y1Out, workspaceSize, executor);
    const bool dyn = strcmp(quantMode, "dynamic") == 0;
    if (!dyn && strcmp(quantMode, "static") != 0)
        return ops_err(ACLNN_ERR_PARAM_INVALID,
                       "%s: quantMode is \"%s\" (\"static\" or \"dynamic\")", name, quantMode);
    if (!dyn && !s1)
        return ops_err(ACLNN_ERR_PARAM_INVALID,
                       "%s: scales1Optional is NULL; quantMode \"static\" needs it", name);
    if (!dyn && (s2 ? !z1 != !z2 : z2 != NULL))
        return ops_err(ACLNN_ERR_PARAM_INVALID,
                       "%s: zeroPoints1Optional / zeroPoints2Optional: given for both outputs "
                       "or neither, zeroPoints2Optional only with scales2Optional",
                       name);
    if (dyn && (z1 || z2))
        return ops_err(ACLNN_ERR_PARAM_INVALID,
                       "%s: zeroPoints1Optional / zeroPoints2Optional are given with quantMode "
                       "\"dynamic\"",
                       name);
    if (dyn && s2 && !s1)
        return ops_err(ACLNN_ERR_PARAM_INVALID,
                       "%s: scales2Optional is given without scales1Optional", name);
    if (dyn && !ops_dt_in(in[0]->dtype, DTM(DT_F16) | DTM(DT_BF16)))
        return ops_err(ACLNN_ERR_PARAM_INVALID,
                       "%s: x1 type %s is not FLOAT16 or BFLOAT16 (quantMode \"dynamic\")", name,
                       ops_dt_name(in[0]->dtype));
    if (s2)
        OPS_CHECK_NULLS(name, y2Out);
    if (additionalOutput)
        OPS_CHECK_NULLS(name, xOut);
    if (dyn)
        OPS_CHECK_NULLS(name, outScales1Out);
    if (dyn && s2)
        OPS_CHECK_NULLS(name, outScales2Out);
    FN_DESC(name, .f.eps = epsilon, .f.layer = true, .f.div = divMode && !dyn,
            .f.quant = dyn ? FN_QDYNAMIC : FN_QSTATIC,
            .t = {[FN_X1] = in[0],
                  [FN_X2] = in[1],
                  [FN_G] = in[2],
                  [FN_B] = in[3],
                  [FN_BIAS] = in[4],
                  [FN_SC1] = s1,
                  [FN_SC2] = s2,
                  [FN_ZP1] = z1,
                  [FN_ZP2] = z2,
                  [FN_Y] = lnRes,
                  [FN_XO] = additionalOutput ? xOut : NULL,
                  [FN_Q1] = y1Out,
                  [FN_Q2] = s2 ? y2Out : NULL,
                  [FN_QS1] = dyn ? outScales1Out : NULL,
                  [FN_QS2] = dyn && s2 ? outScales2Out : NULL},
            .what = {[FN_BIAS] = "biasOptional",
                     [FN_SC1] = "scales1Optional",
                     [FN_SC2] = "scales2Optional",
                     [FN_ZP1] = "zeroPoints1Optional",
                     [FN_ZP2] = "zeroPoints2Optional",
                     [FN_Y] = "layernormRes",
                     [FN_QS1] = "outScales1Out",
                     [FN_QS2] = "outScales2Out"});
    return fn_build(&d, types, dt2, workspaceSize, executor);
}

aclnnStatus aclnnAddLayerNormQuantGetWorkspaceSize(
    const aclTensor *x1, const aclTensor *x2, const aclTensor *gamma, const aclTensor *beta,
    const aclTensor *biasOptional, const aclTensor *scales1Optional,
    const aclTensor *scales2Optional, const aclTensor *zeroPoints1Optional,
    const aclTensor *zeroPoints2Optional, const char *quantMode, double epsilon,
    bool additionalOutput, bool divMode, aclTensor *y1Out, aclTensor *y2Out, aclTensor *xOut,
    aclTensor *outScales1Out, aclTensor *outScales2Out, uint64_t *workspaceSize,
    aclOpExecutor **executor)
{
    const aclTensor *const in[9] = {x1,
                                    x2,
                                    gamma,
                                    beta,
                                    biasOptional,
                                    scales1Optional,
                                    scales2Optional,
                                    zeroPoints1Optional,
                                    zeroPoints2Optional};
    return fn_alnq("aclnnAddLayerNormQuant", OPS_DT_AddLayerNormQuant, OPS_DT2_AddLayerNormQuant,
                   in, quantMode, epsilon, additionalOutput, divMode, y1Out, y2Out, xOut, NULL,
                   outScales1Out, outScales2Out, workspaceSize, executor);
}
PHASE2(AddLayerNormQuant)

aclnnStatus aclnnAddLayerNormQuantV2GetWorkspaceSize(
    const aclTensor *x1, const aclTensor *x2, const aclTensor *gamma, const aclTensor *beta,
    const aclTensor *biasOptional, const aclTensor *scales1Optional,
    const aclTensor *scales2Optional, const aclTensor *zeroPoints1Optional,
    const aclTensor *zeroPoints2Optional, const char *quantMode, double epsilon,
    bool additionalOutput, bool divMode, aclTensor *y1Out, aclTensor *y2Out, aclTensor *xOut,
    aclTensor *layernormRes, aclTensor *outScales1Out, aclTensor *outScales2Out,
    uint64_t *workspaceSize, aclOpExecutor **executor)
{
    const char *name = "aclnnAddLayerNormQuantV2";
    OPS_CHECK_NULLS(name, layernormRes);
    const aclTensor *const in[9] = {x1,
                                    x2,
                                    gamma,
                                    beta,
                                    biasOptional,
                                    scales1Optional,
                                    scales2Optional,
                                    zeroPoints1Optional,
                                    zeroPoints2Optional};
    return fn_alnq(name, OPS_DT_AddLayerNormQuantV2, OPS_DT2_AddLayerNormQuantV2, in, quantMode,
                   epsilon, additionalOutput, divMode, y1Out, y2Out, xOut, layernormRes,
                   outScales1Out, outScales2Out, workspaceSize, executor);
}
PHASE2(AddLayerNormQuantV2)

/* RmsNormQuantV3: RmsNormQuant with divMode, an optional offset and beta, and rstd when
 * outputRstd (INT8 y; CANN's packed INT4-in-INT32 and FLOAT8 outs are not supported). */
aclnnStatus aclnnRmsNormQuantV3GetWorkspaceSize(const aclTensor *x, const aclTensor *gamma,
                                                const aclTensor *scale,
                                                const aclTensor *offsetOptional,
                                                const aclTensor *betaOptional, double epsilon,
                                                bool divMode, bool outputRstd, aclTensor *y,
                                                aclTensor *rstd, uint64_t *workspaceSize,
                                                aclOpExecutor **executor)
{
    const char *name = "aclnnRmsNormQuantV3";
    OPS_CHECK_NULLS(name, x, gamma, scale, y, workspaceSize, executor);
    if (outputRstd)
        OPS_CHECK_NULLS(name, rstd);
    if (scale->ndim != 1 || (offsetOptional && !ops_same_shape(offsetOptional, scale)))
        return ops_err(ACLNN_ERR_PARAM_INVALID,
                       "%s: scale must be 1-D and offsetOptional of scale's shape", name);
    FN_DESC(name, .f.eps = epsilon, .f.div = divMode, .f.quant = FN_QSTATIC,
            .t = {[FN_X1] = x,
                  [FN_G] = gamma,
                  [FN_B] = betaOptional,
                  [FN_SC1] = scale,
                  [FN_ZP1] = offsetOptional,
                  [FN_Q1] = y,
                  [FN_RSTD] = outputRstd ? rstd : NULL},
            .what = {[FN_X1] = "x",
                     [FN_B] = "betaOptional",
                     [FN_SC1] = "scale",
                     [FN_ZP1] = "offsetOptional",
                     [FN_Q1] = "y",
                     [FN_RSTD] = "rstd"});
    return fn_build(&d, OPS_DT_RmsNormQuantV3, OPS_DT2_RmsNormQuantV3, workspaceSize, executor);
}
PHASE2(RmsNormQuantV3)
