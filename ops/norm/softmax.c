/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Softmax, LogSoftmax and SoftmaxCrossEntropyWithLogits.
 *
 *  SR2. Softmax works row by row: a row (the softmax dim) is gathered into a
 *      float buffer, processed, and scattered back, so any strides work.
 *      float16/bfloat16/float32 compute in float32 with ops/engine/simd.h's
 *      row_max, exp_sum_to (the vector exp, about 2 ulp; K3) and norm_apply
 *      (times 1 / sum), in the widest vector build of the CPU; float64 in
 *      double with libm.
 *  SR3. A float32 row along a contiguous dim is read in place (no gather)
 *      and written in place (no scatter). When out overlaps self other than
 *      element for element, the launch runs whole on one block, each row
 *      gathered before it is written, as the unsplit run did.
 *  SR4. A launch splits its rows across the device's workers (engine.h's
 *      ops_split) from 2 x 64 Ki elements, each block at least 64 Ki
 *      elements of whole rows: a row is the same computation in any block,
 *      so results are bit-identical for any worker count.
 *  SR5. A float32 Softmax output of KS_STREAM_MIN (16 MiB) or more, written
 *      in place and not onto self, is stored around the cache (simd.h).
 *  SR6. While a float32 row read in place computes its exponentials, the
 *      block's next row is prefetched (simd.h K6): the row's first read
 *      from memory overlaps the arithmetic of the one before.
 *  SR7. A block's float32 rows read and written in place (SR3), two or
 *      more, not LogSoftmax, run as a pipeline (simd.h K13, softmax_pipe):
 *      a row's exponentials, the next row's max and the previous row's
 *      stores in one pass, so that reading from memory, the arithmetic and
 *      the stores overlap where they ran one after another (three passes
 *      a row, SR6's prefetch hid little of the next row's first read).
 *      Each row's values are those of the row alone.
 *  SM1. ScaledMaskedSoftmax (ops-nn's vfusion op): per row of x's last dim, v = scale x, -10000
 *      where mask is true (its kernel's MASK_VAL), y = softmax(v); the backward: out = scale (dy
 *      y - sum(dy y) y), 0 where mask is true. x [B, N, S1, S2], mask BOOL [B or 1, N or 1, S1,
 *      S2] read broadcast; rows gathered into double and rounded once.
 *  SM2. MaskedSoftmaxWithRelPosBias (Swin's window attention): out = softmax over the last dim
 *      of scaleValue x + attenMask + relativePosBias, x (B*W, N, S1, S2) or (B, W, N, S1, S2)
 *      read as 5-d, the mask (per window W) and bias (per head N) broadcast to it by stride 0;
 *      in double, rounded once (innerPrecisionMode, 0 or 1, changes nothing here).
 *  SN1. SoftmaxCrossEntropyWithLogits: a row is gathered into a double
 *      buffer with the view converters, reduced in double, written back
 *      through the converters (rounded once to the out's type).
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "aclnnop/aclnn_logsoftmax.h"
#include "aclnnop/aclnn_logsoftmax_backward.h"
#include "aclnnop/aclnn_masked_softmax_with_rel_pos_bias.h"
#include "aclnnop/aclnn_scaled_masked_softmax.h"
#include "aclnnop/aclnn_scaled_masked_softmax_backward.h"
#include "aclnnop/aclnn_softmax.h"
#include "aclnnop/aclnn_softmax_grad.h"
#include "aclnnop/aclnn_softmax_v2.h"
#include "aclnnop/aclnn_softmax_backward.h"
#include "aclnnop/aclnn_softmax_cross_entropy_with_logits.h"
#include "ops/engine/engine.h"
#include "ops/engine/simd.h"
#include "ops/norm/table.h"

#pragma GCC optimize("O3")

/* ---- Softmax --------------------------------------------------------------------------------- */

struct softmax_plan {
    const struct ops_split *split; /* first (engine.h: ops_split_run) */
    struct ops_tensor x, out;
    int dim;
    bool log; /* LogSoftmax: (self - max) - log(sum(exp(self - max))) */
};

/* One float32 row: out = softmax(in), or the log-softmax; in and out may
 * be the same buffer; tmp: n floats apart from both; nt: out stored
 * around the cache (SR5); pf: the next row, n floats, prefetched (SR6). */
static void softmax_row_f32(const struct ks_ops *ks, float *out, const float *in, int64_t n,
                            bool log, float *tmp, bool nt, const float *pf)
{
    const float m = ks->row_max(in, n);
    const float sum = ks->exp_sum_to(tmp, in, n, m, pf);
    if (log) { /* (x - max) - log(sum): exp only feeds the sum */
        const float ls = logf(sum);
        for (int64_t i = 0; i < n; i++)
            out[i] = (in[i] - m) - ls;
    } else { /* exp(x - max) / sum, as (e - 0) * (1 / sum) */
        ks->norm_apply(out, tmp, n, 0.0f, 1.0f / sum, NULL, NULL, nt);
    }
}

/* One double row, in place. */
static void softmax_row_f64(double *row, int64_t len, bool lg)
{
    double m = -INFINITY, sum = 0;
    for (int64_t i = 0; i < len; i++)
        m = row[i] > m ? row[i] : m;
    if (lg) {
        for (int64_t i = 0; i < len; i++)
            sum += exp(row[i] -= m);
        double ls = log(sum);
        for (int64_t i = 0; i < len; i++)
            row[i] -= ls;
    } else {
        for (int64_t i = 0; i < len; i++)
            sum += (row[i] = exp(row[i] - m));
        for (int64_t i = 0; i < len; i++)
            row[i] /= sum;
    }
}

/*
 * SR7: n > 1 float32 rows of len read and written in place, from the row at
 * the odometer idx (of the outer dims od, x's strides xs, out's os, in
 * elements), in a pipeline (simd.h K13): each step computes a row's
 * exponentials into one of two buffers of len floats at t, the next row's
 * max, and stores the row before from the other buffer. Every row's values
 * are softmax_row_f32's.
 */
static void softmax_pipe(const struct ks_ops *ks, const float *xb, float *ob, const int64_t *od,
                         const int64_t *xs, const int64_t *os, int on, int64_t *idx, int64_t n,
                         int64_t len, float *t, bool nt)
{
    const float *xc = xb + ops_odo_off(idx, xs, on), *xn = NULL;
    float *oc = ob + ops_odo_off(idx, os, on), *op = NULL, *on_ = NULL;
    const float *tp = NULL;
    float mc = ks->row_max(xc, len), sp = 0;
    for (int64_t j = 0; j < n; j++) {
        if (j + 1 < n) {
            ops_odo_next(idx, od, on);
            xn = xb + ops_odo_off(idx, xs, on);
            on_ = ob + ops_odo_off(idx, os, on);
        } else {
            xn = NULL;
        }
        float *tc = t + (j & 1) * len, mn = 0, s;
        if (op && xn) {
            s = ks->softmax_step(tc, xc, len, mc, xn, &mn, op, tp, 1.0f / sp, nt);
        } else { /* the first and last rows: the passes one by one */
            s = ks->exp_sum_to(tc, xc, len, mc, xn);
            if (op)
                ks->norm_apply(op, tp, len, 0.0f, 1.0f / sp, NULL, NULL, nt);
            if (xn)
                mn = ks->row_max(xn, len);
        }
        op = oc, tp = tc, sp = s;
        xc = xn, oc = on_, mc = mn;
    }
    ks->norm_apply(op, tp, len, 0.0f, 1.0f / sp, NULL, NULL, nt);
}

/* SR4: rows per block at least SOFTMAX_SPLIT_MIN elements' worth. */
#define SOFTMAX_SPLIT_MIN (64 * 1024)

static uint32_t softmax_blocks(const struct aclOpExecutor *e)
{
    const struct softmax_plan *p = e->plan;
    const int64_t len = p->x.ndim ? p->x.dims[p->dim] : 1;
    return ops_split_rows(len ? p->x.numel / len : 0, p->x.numel, SOFTMAX_SPLIT_MIN);
}

/* Block bi of bn: rows [r0, r1) of the outer index space (every dim but
 * the softmax dim, row-major). */
static int32_t softmax_block(const struct aclOpExecutor *e, void *const *addr, uint32_t bi,
                             uint32_t bn)
{
    const struct softmax_plan *p = e->plan;
    const struct ks_ops *ks = ks_get();
    const int nd = p->x.ndim, dim = p->dim;
    const int64_t len = nd ? p->x.dims[dim] : 1;
    const int ck = p->x.dt == DT_F64 || p->out.dt == DT_F64 ? CK_F64 : CK_F32;
    /* Outer index space: every dim but `dim`. */
    int64_t odims[OPS_MAX_DIMS], xst[OPS_MAX_DIMS], ost[OPS_MAX_DIMS];
    int on = 0;
    for (int d = 0; d < nd; d++)
        if (d != dim) {
            odims[on] = p->x.dims[d];
            xst[on] = p->x.strides[d];
            ost[on] = p->out.strides[d];
            on++;
        }
    const bool alias = ops_views_alias(&p->x, &p->out, addr);
    if (alias && bi) /* SR3: the whole run, in order, on block 0 */
        return 0;
    int64_t r0, r1;
    ops_split_range(ops_numel(odims, on), 1, alias ? 0 : bi, alias ? 1 : bn, &r0, &r1);
    if (r0 >= r1)
        return 0;
    const int64_t xe = ops_dt_size(p->x.dt), oe = ops_dt_size(p->out.dt);
    const int64_t xs = nd ? p->x.strides[dim] : 1, os = nd ? p->out.strides[dim] : 1;
    /* SR3: float32 rows along a contiguous dim read and written in place */
    const bool x_in = !alias && p->x.dt == DT_F32 && (xs == 1 || len == 1);
    const bool o_in = !alias && p->out.dt == DT_F32 && (os == 1 || len == 1);
    /* SR5: a float32 output from KS_STREAM_MIN bytes is stored around the
     * cache, unless it is self (a read-modify-write run keeps its lines) */
    const bool nt = o_in && !p->log && p->out.numel * 4 >= KS_STREAM_MIN &&
                    ops_base(&p->x, addr) != ops_base(&p->out, addr);
    double *row = ks_scratch((size_t)len * sizeof(double));
    if (!row)
        return ACL_ERROR_BAD_ALLOC;
    ops_load_fn ld = ops_loader(ck, p->x.dt);
    ops_store_fn st = ops_storer(ck, p->out.dt);
    const char *xb = ops_base(&p->x, addr);
    char *ob = ops_base(&p->out, addr);
    int64_t idx[OPS_MAX_DIMS] = {0};
    for (int64_t r = r0, d = on - 1; d >= 0; d--) { /* the odometer at r0 */
        idx[d] = r % odims[d];
        r /= odims[d];
    }
    if (ck == CK_F32 && x_in && o_in && !p->log && r1 - r0 > 1) { /* SR7 */
        softmax_pipe(ks, (const float *)(const void *)xb, (float *)(void *)ob, odims, xst, ost, on,
                     idx, r1 - r0, len, (float *)row, nt);
        if (nt)
            ks->st_fence();
        return 0;
    }
    for (int64_t r = r0; r < r1; r++) {
        int64_t xo = 0, oo = 0;
        for (int d = 0; d < on; d++) {
            xo += idx[d] * xst[d];
            oo += idx[d] * ost[d];
        }
        const char *xr = xb + xo * xe;
        const float *pf = NULL; /* SR6: the block's next row, read in place */
        if (x_in && r + 1 < r1) {
            int64_t nx[OPS_MAX_DIMS], no = 0;
            memcpy(nx, idx, sizeof(int64_t) * (size_t)on);
            ops_odo_next(nx, odims, on);
            for (int d = 0; d < on; d++)
                no += nx[d] * xst[d];
            pf = (const float *)(const void *)(xb + no * xe);
        }
        char *orow = ob + oo * oe;
        if (ck == CK_F64) {
            ld(row, xr, xs * xe, len);
            softmax_row_f64(row, len, p->log);
            st(orow, os * oe, row, len);
        } else {
            float *f = (float *)row, *tmp = f + len;
            const float *in = (const float *)xr;
            if (!x_in) {
                ld(f, xr, xs * xe, len);
                in = f;
            }
            if (o_in) {
                softmax_row_f32(ks, (float *)orow, in, len, p->log, tmp, nt, pf);
            } else {
                softmax_row_f32(ks, f, in, len, p->log, tmp, false, pf);
                st(orow, os * oe, f, len);
            }
        }
        ops_odo_next(idx, odims, on);
    }
    if (nt)
        ks->st_fence();
    return 0;
}

static const struct ops_split softmax_split = {softmax_blocks, softmax_block};

static aclnnStatus softmax_op(const char *name, bool log, const aclTensor *self, int64_t dim,
                              const aclTensor *out, WS)
{
    OPS_CHECK_NULLS(name, self, out, workspaceSize, executor);
    aclnnStatus rc;
    if ((rc = ops_check_dims(self, name, "self")) || (rc = ops_check_dims(out, name, "out")))
        return rc;
    int sdt = ops_dt_index(self->dtype), odt = ops_dt_index(out->dtype);
    const unsigned types = log ? OPS_DT_LogSoftmax : OPS_DT_Softmax; /* table.h */
    if (sdt < 0 || !(DTM(sdt) & types) || odt < 0 || !(DTM(odt) & types))
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: self %s / out %s: floating types only", name,
                       ops_dt_name(self->dtype), ops_dt_name(out->dtype));
    int nd = (int)self->ndim, lim = nd ? nd : 1;
    if (dim < -lim || dim >= lim)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: dim %lld is out of range for %d dims", name,
                       (long long)dim, nd);
    if (!ops_same_shape(self, out))
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: out's shape differs from self's", name);
    OPS_PLAN(e, p, name, 1, 1, struct softmax_plan, NULL, {&p->x, self, "self"},
             {&p->out, out, "out"});
    p->dim = nd ? (int)(dim < 0 ? dim + nd : dim) : 0;
    p->log = log;
    p->split = &softmax_split;
    e->run = p->x.numel ? ops_split_run : NULL;
    return ops_exec_done(e, workspaceSize, executor);
}

aclnnStatus aclnnSoftmaxGetWorkspaceSize(const aclTensor *self, int64_t dim, aclTensor *out, WS)
{
    return softmax_op("aclnnSoftmax", false, self, dim, out, workspaceSize, executor);
}
PHASE2(Softmax)

aclnnStatus aclnnLogSoftmaxGetWorkspaceSize(const aclTensor *self, int64_t dim, aclTensor *out, WS)
{
    return softmax_op("aclnnLogSoftmax", true, self, dim, out, workspaceSize, executor);
}
PHASE2(LogSoftmax)

/* ---- SoftmaxCrossEntropyWithLogits ---------------------------------------------------------- */

struct sce_plan {
    struct ops_tensor f, l, loss, bp;
};

static int32_t sce_run(const struct aclOpExecutor *e, void *const *addr)
{
    const struct sce_plan *p = e->plan;
    const int64_t B = p->f.dims[0], K = p->f.dims[1];
    double *f = malloc((size_t)(2 * (K ? K : 1)) * sizeof(double));
    if (!f)
        return ACL_ERROR_BAD_ALLOC;
    double *l = f + K;
    ops_store_fn lst = ops_storer(CK_F64, p->loss.dt);
    for (int64_t b = 0; b < B; b++) {
        ops_gather_nd(f, CK_F64, ops_elem(&p->f, addr, b * p->f.strides[0]), p->f.dt, 1,
                      p->f.dims + 1, p->f.strides + 1);
        ops_gather_nd(l, CK_F64, ops_elem(&p->l, addr, b * p->l.strides[0]), p->l.dt, 1,
                      p->l.dims + 1, p->l.strides + 1);
        double mx = -INFINITY, s = 0, loss = 0;
        for (int64_t i = 0; i < K; i++)
            mx = f[i] > mx ? f[i] : mx;
        for (int64_t i = 0; i < K; i++)
            s += exp(f[i] - mx);
        const double lse = mx + log(s);
        for (int64_t i = 0; i < K; i++) {
            loss -= l[i] * (f[i] - lse);
            f[i] = exp(f[i] - lse) - l[i];
        }
        lst(ops_elem(&p->loss, addr, b * p->loss.strides[0]), 0, &loss, 1);
        ops_scatter_nd(f, CK_F64, ops_elem(&p->bp, addr, b * p->bp.strides[0]), p->bp.dt, 1,
                       p->bp.dims + 1, p->bp.strides + 1);
    }
    free(f);
    return 0;
}

aclnnStatus aclnnSoftmaxCrossEntropyWithLogitsGetWorkspaceSize(const aclTensor *features,
                                                               aclTensor *labels, aclTensor *loss,
                                                               aclTensor *backprop,
                                                               uint64_t *workspaceSize,
                                                               aclOpExecutor **executor)
{
    const char *name = "aclnnSoftmaxCrossEntropyWithLogits";
    OPS_CHECK_NULLS(name, features, labels, loss, backprop, workspaceSize, executor);
    aclnnStatus rc;
    if ((rc = ops_check_dims(features, name, "features")) ||
        (rc = ops_check_dims(labels, name, "labels")) ||
        (rc = ops_check_dims(loss, name, "loss")) ||
        (rc = ops_check_dims(backprop, name, "backprop")))
        return rc;
    aclDataType t = features->dtype;
    if (!ops_dt_in(t, OPS_DT_SoftmaxCrossEntropyWithLogits) || labels->dtype != t ||
        loss->dtype != t || backprop->dtype != t)
        return ops_err(ACLNN_ERR_PARAM_INVALID,
                       "%s: features, labels, loss and backprop must share one of FLOAT, FLOAT16, "
                       "BFLOAT16",
                       name);
    if (features->ndim != 2 || !ops_same_shape(features, labels) ||
        !ops_same_shape(features, backprop) || loss->ndim != 1 ||
        loss->dims[0] != features->dims[0])
        return ops_err(ACLNN_ERR_PARAM_INVALID,
                       "%s: needs features, labels and backprop [batch, classes] and loss [batch]",
                       name);
    OPS_PLAN(e, p, name, 2, 2, struct sce_plan, NULL, {&p->f, features, "features"},
             {&p->l, labels, "labels"}, {&p->loss, loss, "loss"}, {&p->bp, backprop, "backprop"});
    e->run = p->loss.numel ? sce_run : NULL;
    return ops_exec_done(e, workspaceSize, executor);
}
PHASE2(SoftmaxCrossEntropyWithLogits)

/* ---- SoftmaxBackward, LogSoftmaxBackward ---------------------------------------------------- */

/*  SB1. The gradients take the forward's output (not its input), row by row
 *      along dim in double: softmax out = y (g - sum(g y)); log-softmax
 *      out = g - exp(y) sum(g). Any strides; rounded once to out's type. */
struct smb_plan {
    struct ops_tensor g, y, out;
    int dim;
    bool log;
};

static int32_t smb_run(const struct aclOpExecutor *e, void *const *addr)
{
    const struct smb_plan *p = e->plan;
    const struct ops_tensor *t[3] = {&p->g, &p->y, &p->out};
    const int nd = p->out.ndim, dim = p->dim;
    const int64_t len = nd ? p->out.dims[dim] : 1;
    double *g = malloc((size_t)(2 * len) * sizeof(double));
    if (!g)
        return ACL_ERROR_BAD_ALLOC;
    double *y = g + len;
    int64_t odims[OPS_MAX_DIMS], st[3][OPS_MAX_DIMS], rs[3], idx[OPS_MAX_DIMS] = {0};
    int on = 0;
    for (int d = 0; d < nd; d++) {
        if (d == dim)
            continue;
        odims[on] = p->out.dims[d];
        for (int k = 0; k < 3; k++)
            st[k][on] = t[k]->strides[d];
        on++;
    }
    for (int k = 0; k < 3; k++)
        rs[k] = (nd ? t[k]->strides[dim] : 1) * ops_dt_size(t[k]->dt);
    ops_load_fn lg = ops_loader(CK_F64, p->g.dt), ly = ops_loader(CK_F64, p->y.dt);
    ops_store_fn so = ops_storer(CK_F64, p->out.dt);
    const int64_t outer = ops_numel(odims, on);
    for (int64_t o = 0; o < outer; o++, ops_odo_next(idx, odims, on)) {
        lg(g, ops_elem(&p->g, addr, ops_odo_off(idx, st[0], on)), rs[0], len);
        ly(y, ops_elem(&p->y, addr, ops_odo_off(idx, st[1], on)), rs[1], len);
        double s = 0;
        for (int64_t i = 0; i < len; i++)
            s += p->log ? g[i] : g[i] * y[i];
        for (int64_t i = 0; i < len; i++)
            g[i] = p->log ? g[i] - exp(y[i]) * s : y[i] * (g[i] - s);
        so(ops_elem(&p->out, addr, ops_odo_off(idx, st[2], on)), rs[2], g, len);
    }
    free(g);
    return 0;
}

static aclnnStatus smb_op(const char *name, bool log, unsigned types, const aclTensor *gradOutput,
                          const aclTensor *output, int64_t dim, const aclTensor *out, WS)
{
    OPS_CHECK_NULLS(name, gradOutput, output, out, workspaceSize, executor);
    aclnnStatus rc;
    if ((rc = ops_check_dims(gradOutput, name, "gradOutput")) ||
        (rc = ops_check_dims(output, name, "output")) || (rc = ops_check_dims(out, name, "out")))
        return rc;
    if (!ops_dt_in(gradOutput->dtype, types) || output->dtype != gradOutput->dtype ||
        out->dtype != gradOutput->dtype)
        return ops_err(ACLNN_ERR_PARAM_INVALID,
                       "%s: gradOutput, output and out must share one of FLOAT, FLOAT16, "
                       "BFLOAT16, DOUBLE (got %s, %s, %s)",
                       name, ops_dt_name(gradOutput->dtype), ops_dt_name(output->dtype),
                       ops_dt_name(out->dtype));
    if (!ops_same_shape(gradOutput, output) || !ops_same_shape(gradOutput, out))
        return ops_err(ACLNN_ERR_PARAM_INVALID,
                       "%s: gradOutput, output and out must have one shape", name);
    int nd = (int)out->ndim, d;
    if ((rc = ops_wrap_dim(name, dim, nd, &d)))
        return rc;
    OPS_PLAN(e, p, name, 2, 1, struct smb_plan, NULL, {&p->g, gradOutput, "gradOutput"},
             {&p->y, output, "output"}, {&p->out, out, "out"});
    p->dim = nd ? d : 0;
    p->log = log;
    e->run = p->out.numel ? smb_run : NULL;
    return ops_exec_done(e, workspaceSize, executor);
}

aclnnStatus aclnnSoftmaxBackwardGetWorkspaceSize(const aclTensor *gradOutput,
                                                 const aclTensor *output, int64_t dim,
                                                 aclTensor *out, WS)
{
    return smb_op("aclnnSoftmaxBackward", false, OPS_DT_SoftmaxBackward, gradOutput, output, dim,
                  out, workspaceSize, executor);
}
PHASE2(SoftmaxBackward)

aclnnStatus aclnnLogSoftmaxBackwardGetWorkspaceSize(const aclTensor *gradOutput,
                                                    const aclTensor *output, int64_t dim,
                                                    aclTensor *out, WS)
{
    return smb_op("aclnnLogSoftmaxBackward", true, OPS_DT_LogSoftmaxBackward, gradOutput, output,
                  dim, out, workspaceSize, executor);
}
PHASE2(LogSoftmaxBackward)

/* ---- the later versions (ops-nn's experimental folder) ------------------------------------- */

/* SoftmaxV2: Softmax with the row's types; SoftmaxGrad: SoftmaxBackward along the last dim, from
 * the forward result y and its gradient dy. */
aclnnStatus aclnnSoftmaxV2GetWorkspaceSize(const aclTensor *x, int64_t dim, aclTensor *y, WS)
{
    const char *name = "aclnnSoftmaxV2";
    OPS_CHECK_NULLS(name, x, y, workspaceSize, executor);
    int dt;
    aclnnStatus rc;
    if ((rc = ops_need_dt(name, "x", x->dtype, OPS_DT_SoftmaxV2, &dt)) ||
        (rc = ops_need_dt(name, "y", y->dtype, OPS_DT_SoftmaxV2, &dt)))
        return rc;
    return softmax_op(name, false, x, dim, y, workspaceSize, executor);
}
PHASE2(SoftmaxV2)

aclnnStatus aclnnSoftmaxGradGetWorkspaceSize(const aclTensor *y, const aclTensor *dy, aclTensor *dx,
                                             WS)
{
    return smb_op("aclnnSoftmaxGrad", false, OPS_DT_SoftmaxGrad, dy, y, -1, dx, workspaceSize,
                  executor);
}
PHASE2(SoftmaxGrad)

/* ---- ScaledMaskedSoftmax and its backward (SM1) -----------------------------------------------
 */

/* x (gradOutput), y (the backward's softmax output), mask as a view broadcast to x's shape, out:
 * rows of x's last dim. */
struct sms_plan {
    struct ops_tensor x, y, mask, out;
    bool backward;
    double scale;
    int64_t rows, D;
};

/* Element offset of the r-th row of a 4-d view. */
static int64_t sms_row(const struct ops_tensor *t, int64_t r)
{
    int64_t off = 0;
    for (int d = 2; d >= 0; d--) {
        off += (r % t->dims[d]) * t->strides[d];
        r /= t->dims[d];
    }
    return off;
}

static int32_t sms_run(const struct aclOpExecutor *e, void *const *addr)
{
    const struct sms_plan *p = e->plan;
    const int64_t D = p->D;
    double *buf = malloc((size_t)(3 * D) * sizeof(double));
    if (!buf)
        return ACL_ERROR_BAD_ALLOC;
    double *x = buf, *y = buf + D, *m = buf + 2 * D;
    for (int64_t r = 0; r < p->rows; r++) {
        ops_gather_nd(x, CK_F64, ops_elem(&p->x, addr, sms_row(&p->x, r)), p->x.dt, 1,
                      p->x.dims + 3, p->x.strides + 3);
        ops_gather_nd(m, CK_F64, ops_elem(&p->mask, addr, sms_row(&p->mask, r)), p->mask.dt, 1,
                      p->mask.dims + 3, p->mask.strides + 3);
        if (p->backward) { /* out = scale (dy y - sum(dy y) y), 0 where masked */
            ops_gather_nd(y, CK_F64, ops_elem(&p->y, addr, sms_row(&p->y, r)), p->y.dt, 1,
                          p->y.dims + 3, p->y.strides + 3);
            double s = 0;
            for (int64_t i = 0; i < D; i++)
                s += x[i] * y[i];
            for (int64_t i = 0; i < D; i++)
                x[i] = m[i] != 0 ? 0 : p->scale * (x[i] - s) * y[i];
        } else { /* softmax of scale x, masked elements -10000 (CANN's kernel's value) */
            double mx = -INFINITY, s = 0;
            for (int64_t i = 0; i < D; i++) {
                x[i] = m[i] != 0 ? -10000.0 : p->scale * x[i];
                mx = x[i] > mx ? x[i] : mx;
            }
            for (int64_t i = 0; i < D; i++)
                s += (x[i] = exp(x[i] - mx));
            for (int64_t i = 0; i < D; i++)
                x[i] /= s;
        }
        ops_scatter_nd(x, CK_F64, ops_elem(&p->out, addr, sms_row(&p->out, r)), p->out.dt, 1,
                       p->out.dims + 3, p->out.strides + 3);
    }
    free(buf);
    return 0;
}

/* The checks both share: x (and y, out) 4-d [B, N, S1, S2] of one type, mask BOOL [B|1, N|1,
 * S1, S2] viewed at x's shape, fixTriuMask false. */
static aclnnStatus sms_build(const char *name, unsigned types, const char *xn, const aclTensor *x,
                             const aclTensor *y, const aclTensor *mask, double scale, bool triu,
                             aclTensor *out, WS)
{
    aclnnStatus rc;
    int dt;
    const aclTensor *t[3] = {x, y, out};
    const char *tn[3] = {xn, "y", y ? "out" : "y"};
    for (int i = 0; i < 3; i++)
        if (t[i] && (rc = ops_check_dims(t[i], name, tn[i])))
            return rc;
    if ((rc = ops_check_dims(mask, name, "mask")) ||
        (rc = ops_need_dt(name, xn, x->dtype, types, &dt)))
        return rc;
    if (triu)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: %s is true (only false)", name,
                       y ? "fixTriuMask" : "fixedTriuMask");
    if (x->ndim != 4)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: %s has %d dims; it must be [B, N, S1, S2]",
                       name, xn, (int)x->ndim);
    for (int i = 1; i < 3; i++)
        if (t[i] && (t[i]->dtype != x->dtype || !ops_same_shape(t[i], x)))
            return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: %s must have %s's shape and type", name,
                           tn[i], xn);
    bool ok = mask->dtype == ACL_BOOL && mask->ndim == 4 && mask->dims[2] == x->dims[2] &&
              mask->dims[3] == x->dims[3];
    for (int d = 0; ok && d < 2; d++)
        ok = mask->dims[d] == x->dims[d] || mask->dims[d] == 1;
    if (!ok) {
        char s1[96];
        return ops_err(ACLNN_ERR_PARAM_INVALID,
                       "%s: mask is %s %s; it must be BOOL [B or 1, N or 1, S1, S2] of %s", name,
                       ops_dt_name(mask->dtype), ops_shape_str(s1, sizeof(s1), mask->dims, 4), xn);
    }
    aclTensor mv = *mask; /* broadcast to x's shape (stride 0 along a dim of 1) */
    for (int d = 0; d < 2; d++)
        if (mask->dims[d] != x->dims[d])
            mv.dims[d] = x->dims[d], mv.strides[d] = 0;
    OPS_PLAN(e, p, name, 3, 1, struct sms_plan, NULL, {&p->x, x, xn}, {&p->y, y, "y"},
             {&p->mask, &mv, "mask"}, {&p->out, out, tn[2]});
    p->backward = y != NULL;
    p->scale = scale;
    p->D = x->dims[3];
    p->rows = x->dims[0] * x->dims[1] * x->dims[2];
    e->run = p->rows > 0 && p->D > 0 ? sms_run : NULL;
    return ops_exec_done(e, workspaceSize, executor);
}

aclnnStatus aclnnScaledMaskedSoftmaxGetWorkspaceSize(const aclTensor *x, const aclTensor *mask,
                                                     double scale, bool fixedTriuMask, aclTensor *y,
                                                     uint64_t *workspaceSize,
                                                     aclOpExecutor **executor)
{
    const char *name = "aclnnScaledMaskedSoftmax";
    OPS_CHECK_NULLS(name, x, mask, y, workspaceSize, executor);
    return sms_build(name, OPS_DT_ScaledMaskedSoftmax, "x", x, NULL, mask, scale, fixedTriuMask, y,
                     workspaceSize, executor);
}
PHASE2(ScaledMaskedSoftmax)

aclnnStatus aclnnScaledMaskedSoftmaxBackwardGetWorkspaceSize(
    const aclTensor *gradOutput, const aclTensor *y, const aclTensor *mask, double scale,
    bool fixTriuMask, aclTensor *out, uint64_t *workspaceSize, aclOpExecutor **executor)
{
    const char *name = "aclnnScaledMaskedSoftmaxBackward";
    OPS_CHECK_NULLS(name, gradOutput, y, mask, out, workspaceSize, executor);
    return sms_build(name, OPS_DT_ScaledMaskedSoftmaxBackward, "gradOutput", gradOutput, y, mask,
                     scale, fixTriuMask, out, workspaceSize, executor);
}
PHASE2(ScaledMaskedSoftmaxBackward)

/* ---- MaskedSoftmaxWithRelPosBias (SM2) --------------------------------------------------------
 */

/* x, the mask and the bias as 5-d views (B, W, N, S1, S2) of x's shape (the mask and bias
 * broadcast by stride 0), out x's: rows of the last dim. */
struct mrp_plan {
    struct ops_tensor x, mask, bias, out;
    bool has_mask;
    double scale;
    int64_t rows, D;
};

/* Element offset of the r-th row of a 5-d view. */
static int64_t mrp_row(const struct ops_tensor *t, int64_t r)
{
    int64_t off = 0;
    for (int d = 3; d >= 0; d--) {
        off += (r % t->dims[d]) * t->strides[d];
        r /= t->dims[d];
    }
    return off;
}

static int32_t mrp_run(const struct aclOpExecutor *e, void *const *addr)
{
    const struct mrp_plan *p = e->plan;
    const int64_t D = p->D;
    double *buf = malloc((size_t)(2 * D) * sizeof(double));
    if (!buf)
        return ACL_ERROR_BAD_ALLOC;
    double *x = buf, *t = buf + D;
    for (int64_t r = 0; r < p->rows; r++) {
        ops_gather_nd(x, CK_F64, ops_elem(&p->x, addr, mrp_row(&p->x, r)), p->x.dt, 1,
                      p->x.dims + 4, p->x.strides + 4);
        for (int64_t i = 0; i < D; i++)
            x[i] *= p->scale;
        const struct ops_tensor *add[2] = {p->has_mask ? &p->mask : NULL, &p->bias};
        for (int k = 0; k < 2; k++) {
            if (!add[k])
                continue;
            ops_gather_nd(t, CK_F64, ops_elem(add[k], addr, mrp_row(add[k], r)), add[k]->dt, 1,
                          add[k]->dims + 4, add[k]->strides + 4);
            for (int64_t i = 0; i < D; i++)
                x[i] += t[i];
        }
        double mx = -INFINITY, s = 0;
        for (int64_t i = 0; i < D; i++)
            mx = x[i] > mx ? x[i] : mx;
        for (int64_t i = 0; i < D; i++)
            s += (x[i] = exp(x[i] - mx));
        for (int64_t i = 0; i < D; i++)
            x[i] /= s;
        ops_scatter_nd(x, CK_F64, ops_elem(&p->out, addr, mrp_row(&p->out, r)), p->out.dt, 1,
                       p->out.dims + 4, p->out.strides + 4);
    }
    free(buf);
    return 0;
}

/* t (mask: (W, S1, S2), (W, 1, S1, S2) or (1, W, 1, S1, S2); bias: (N, S1, S2), (1, N, S1, S2)
 * or (1, 1, N, S1, S2)) as a 5-d view of x5's shape: its one varying leading dim is W (mask,
 * dim 1 of the view) or N (bias, dim 2). */
static aclnnStatus mrp_param(const char *name, const char *what, const aclTensor *t,
                             const aclTensor *x5, int vary, aclTensor *v)
{
    aclnnStatus rc;
    if ((rc = ops_check_dims(t, name, what)))
        return rc;
    if (t->dtype != x5->dtype)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: %s type %s differs from x's %s", name, what,
                       ops_dt_name(t->dtype), ops_dt_name(x5->dtype));
    const int nd = (int)t->ndim;
    /* the varying dim's place in t: first of 3-d; for 4-d, 0 (mask) or 1 (bias); 5-d: vary */
    const int at = nd == 3 ? 0 : nd == 4 ? vary - 1 : vary;
    bool ok = nd >= 3 && nd <= 5 && t->dims[nd - 1] == x5->dims[4] &&
              t->dims[nd - 2] == x5->dims[3] && t->dims[at] == x5->dims[vary];
    for (int d = 0; ok && d < nd - 2; d++)
        ok = d == at || t->dims[d] == 1;
    if (!ok) {
        char s1[96];
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: %s has shape %s, not one of its forms for x",
                       name, what, ops_shape_str(s1, sizeof(s1), t->dims, t->ndim));
    }
    *v = *t;
    v->ndim = 5;
    for (int d = 0; d < 5; d++)
        v->dims[d] = x5->dims[d], v->strides[d] = 0;
    v->strides[vary] = t->strides[at];
    v->strides[3] = t->strides[nd - 2];
    v->strides[4] = t->strides[nd - 1];
    return ACLNN_SUCCESS;
}

aclnnStatus aclnnMaskedSoftmaxWithRelPosBiasGetWorkspaceSize(
    const aclTensor *x, const aclTensor *attenMaskOptional, const aclTensor *relativePosBias,
    double scaleValue, int64_t innerPrecisionMode, const aclTensor *out, uint64_t *workspaceSize,
    aclOpExecutor **executor)
{
    const char *name = "aclnnMaskedSoftmaxWithRelPosBias";
    OPS_CHECK_NULLS(name, x, relativePosBias, out, workspaceSize, executor);
    aclnnStatus rc;
    int dt;
    if ((rc = ops_check_dims(x, name, "x")) || (rc = ops_check_dims(out, name, "out")) ||
        (rc = ops_need_dt(name, "x", x->dtype, OPS_DT_MaskedSoftmaxWithRelPosBias, &dt)))
        return rc;
    if (innerPrecisionMode != 0 && innerPrecisionMode != 1)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: innerPrecisionMode %lld is not 0 or 1", name,
                       (long long)innerPrecisionMode);
    if (x->ndim != 4 && x->ndim != 5)
        return ops_err(ACLNN_ERR_PARAM_INVALID,
                       "%s: x has %d dims; it must be (B*W, N, S1, S2) or (B, W, N, S1, S2)", name,
                       (int)x->ndim);
    if (out->dtype != x->dtype || !ops_same_shape(out, x))
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: out must have x's shape and type", name);
    /* x as (B, W, N, S1, S2); a 4-d x takes W from the mask (1 without one) */
    aclTensor x5 = *x, o5 = *out;
    if (x->ndim == 4) {
        const aclTensor *m = attenMaskOptional;
        const int64_t W = m && m->ndim >= 3 ? m->dims[m->ndim == 5 ? 1 : 0] : 1;
        if (W <= 0 || x->dims[0] % W)
            return ops_err(ACLNN_ERR_PARAM_INVALID,
                           "%s: x's first dim %lld is not B * W (W = %lld, the mask's)", name,
                           (long long)x->dims[0], (long long)W);
        const aclTensor *src[2] = {x, out};
        aclTensor *dst[2] = {&x5, &o5};
        for (int k = 0; k < 2; k++) {
            dst[k]->ndim = 5;
            for (int d = 4; d >= 2; d--)
                dst[k]->dims[d] = src[k]->dims[d - 1], dst[k]->strides[d] = src[k]->strides[d - 1];
            dst[k]->dims[0] = x->dims[0] / W, dst[k]->strides[0] = src[k]->strides[0] * W;
            dst[k]->dims[1] = W, dst[k]->strides[1] = src[k]->strides[0];
        }
    }
    aclTensor mv, bv;
    if ((attenMaskOptional &&
         (rc = mrp_param(name, "attenMaskOptional", attenMaskOptional, &x5, 1, &mv))) ||
        (rc = mrp_param(name, "relativePosBias", relativePosBias, &x5, 2, &bv)))
        return rc;
    OPS_PLAN(e, p, name, 3, 1, struct mrp_plan, NULL, {&p->x, &x5, "x"},
             {&p->mask, attenMaskOptional ? &mv : NULL, "attenMaskOptional"},
             {&p->bias, &bv, "relativePosBias"}, {&p->out, &o5, "out"});
    p->has_mask = attenMaskOptional != NULL;
    p->scale = scaleValue;
    p->D = x5.dims[4];
    p->rows = x5.dims[0] * x5.dims[1] * x5.dims[2] * x5.dims[3];
    e->run = p->rows > 0 && p->D > 0 ? mrp_run : NULL;
    return ops_exec_done(e, workspaceSize, executor);
}
PHASE2(MaskedSoftmaxWithRelPosBias)
