/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Reductions and normalisations: ReduceSum, Mean, Softmax, RmsNorm,
 * LayerNorm.
 *
 *  R1. ReduceSum/Mean read the input in memory order and accumulate into a
 *      contiguous accumulator over the kept dimensions (double for floating
 *      results, int64 for integer ones), so a reduction over any set of
 *      dims makes one pass over the input with unit-stride inner loops when
 *      the input is contiguous. The input is first converted to the
 *      requested dtype (AscendCL casts self to dtype, then reduces).
 *  R2. Softmax, RmsNorm and LayerNorm work row by row: a row (the softmax
 *      dim, or the normalised trailing dims) is gathered into a float
 *      buffer, processed, and scattered back, so any strides work.
 *      Statistics accumulate in double; float16/bfloat16 compute in float32.
 *  R3. An empty reduction sums to 0 (Mean of nothing is NaN).
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "ops/ops.h"
#include "ops/op_public.h"

#pragma GCC optimize("O3")

/* Move an nd-dim block (row-major) between a view and a contiguous compute
 * buffer, one row (the inner dim) at a time through the converters: into
 * the buffer (store false) or out of it (store true). */
static void move_nd(void *buf, int ck, char *base, int dt, int nd, const int64_t *dims,
                    const int64_t *strides, bool store)
{
    ops_load_fn ld = store ? NULL : ops_loader(ck, dt);
    ops_store_fn st = store ? ops_storer(ck, dt) : NULL;
    int64_t esz = ops_dt_size(dt), csz = ops_ck_size(ck);
    int64_t inner = nd ? dims[nd - 1] : 1, outer = nd ? ops_numel(dims, nd - 1) : 1;
    int64_t rs = nd ? strides[nd - 1] * esz : esz; /* row stride in bytes */
    int64_t idx[OPS_MAX_DIMS] = {0};
    char *b = buf;
    for (int64_t o = 0; o < outer; o++, ops_odo_next(idx, dims, nd - 1)) {
        char *v = base + ops_odo_off(idx, strides, nd - 1) * esz;
        if (store)
            st(v, rs, b + o * inner * csz, inner);
        else
            ld(b + o * inner * csz, v, rs, inner);
    }
}

void ops_gather_nd(void *buf, int ck, const char *base, int dt, int nd, const int64_t *dims,
                   const int64_t *strides)
{
    move_nd(buf, ck, (char *)base, dt, nd, dims, strides, false);
}

void ops_scatter_nd(const void *buf, int ck, char *base, int dt, int nd, const int64_t *dims,
                    const int64_t *strides)
{
    move_nd((void *)buf, ck, base, dt, nd, dims, strides, true);
}

static inline int64_t wrap_to(int dt, int64_t v)
{
    switch (dt) {
    case DT_I8:
        return (int8_t)v;
    case DT_U8:
        return (uint8_t)v;
    case DT_I16:
        return (int16_t)v;
    case DT_I32:
        return (int32_t)v;
    case DT_BOOL:
        return v != 0;
    default:
        return v;
    }
}

/* ---- ReduceSum / Mean -------------------------------------------------------------------- */

struct reduce_plan {
    struct ops_tensor x, out;
    bool red[OPS_MAX_DIMS];       /* input dim reduced */
    int64_t acc_st[OPS_MAX_DIMS]; /* accumulator stride per input dim (0 if reduced) */
    int64_t acc_n;                /* accumulator size (out numel) */
    int64_t count;                /* elements per output (for Mean) */
    int dt;                       /* the requested dtype */
    bool mean, integer;
};

static int32_t reduce_run(const struct aclOpExecutor *e, void *const *addr)
{
    const struct reduce_plan *p = e->plan;
    const struct ops_tensor *x = &p->x;
    int ck = p->integer ? CK_I64 : CK_F64;
    void *acc = calloc((size_t)(p->acc_n ? p->acc_n : 1), 8);
    int64_t nd = x->ndim, inner = nd ? x->dims[nd - 1] : 1;
    double *buf = malloc((size_t)(inner ? inner : 1) * 8);
    if (!acc || !buf) {
        free(acc);
        free(buf);
        return ACL_ERROR_BAD_ALLOC;
    }
    if (x->numel > 0) {
        ops_load_fn ld = ops_loader(ck, x->dt);
        int64_t esz = ops_dt_size(x->dt);
        const char *base = ops_base(x, addr);
        int64_t outer = nd ? x->numel / inner : 1;
        int64_t idx[OPS_MAX_DIMS] = {0};
        bool inner_red = nd ? p->red[nd - 1] : true;
        for (int64_t o = 0; o < outer; o++) {
            int64_t off = 0, apos = 0;
            for (int d = 0; d < nd - 1; d++) {
                off += idx[d] * x->strides[d];
                apos += idx[d] * p->acc_st[d];
            }
            ld(buf, base + off * esz, nd ? x->strides[nd - 1] * esz : esz, inner);
            if (p->integer) {
                int64_t *b = (int64_t *)buf, *a = (int64_t *)acc + apos;
                if (p->dt != DT_I64) /* convert to the requested integer type (wraps) */
                    for (int64_t i = 0; i < inner; i++)
                        b[i] = wrap_to(p->dt, b[i]);
                if (inner_red) {
                    uint64_t s = 0;
                    for (int64_t i = 0; i < inner; i++)
                        s += (uint64_t)b[i];
                    a[0] = (int64_t)((uint64_t)a[0] + s);
                } else {
                    for (int64_t i = 0; i < inner; i++)
                        a[i] = (int64_t)((uint64_t)a[i] + (uint64_t)b[i]);
                }
            } else {
                double *a = (double *)acc + apos;
                if (p->dt != x->dt)
                    ops_round_f64(buf, inner, p->dt);
                if (inner_red) {
                    double s = 0;
                    for (int64_t i = 0; i < inner; i++)
                        s += buf[i];
                    a[0] += s;
                } else {
                    for (int64_t i = 0; i < inner; i++)
                        a[i] += buf[i];
                }
            }
            for (int d = (int)nd - 2; d >= 0; d--) {
                if (++idx[d] < x->dims[d])
                    break;
                idx[d] = 0;
            }
        }
    }
    if (p->mean) {
        double *a = acc;
        for (int64_t i = 0; i < p->acc_n; i++)
            a[i] = p->count ? a[i] / (double)p->count : NAN;
    }
    ops_scatter_nd(acc, ck, ops_base(&p->out, addr), p->out.dt, p->out.ndim, p->out.dims,
               p->out.strides);
    free(acc);
    free(buf);
    return 0;
}

aclnnStatus ops_reduce_shape(const char *op, const aclTensor *self, const aclIntArray *dim,
                             bool keepdim, const aclTensor *out, bool *red, int64_t *count)
{
    int nd = (int)self->ndim;
    for (int d = 0; d < OPS_MAX_DIMS; d++)
        red[d] = dim->n == 0 && d < nd;
    for (uint64_t i = 0; i < dim->n; i++) {
        int64_t d = dim->v[i], lim = nd ? nd : 1;
        if (d < -lim || d >= lim)
            return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: dim %lld is out of range for %d dims", op,
                           (long long)d, nd);
        if (d < 0)
            d += lim;
        if (nd && red[d])
            return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: dim %lld appears twice", op,
                           (long long)dim->v[i]);
        if (nd)
            red[d] = true;
    }
    int64_t want[OPS_MAX_DIMS];
    int nw = 0;
    *count = 1;
    for (int d = 0; d < nd; d++) {
        if (red[d]) {
            *count *= self->dims[d];
            if (keepdim)
                want[nw++] = 1;
        } else {
            want[nw++] = self->dims[d];
        }
    }
    /* CANN's CheckShapeAndScalarSame: the shapes match, or both hold one
     * element (ggml's cross-entropy sums into a [1] out with keepDim false). */
    if (ops_numel(want, nw) == 1 && ops_numel(out->dims, (int)out->ndim) == 1)
        return ACLNN_SUCCESS;
    return ops_check_out_shape(op, out, want, nw);
}

static aclnnStatus reduce_op(const char *name, bool mean, const aclTensor *self,
                             const aclIntArray *dim, bool keepDim, aclDataType dtype,
                             const aclTensor *out, uint64_t *ws, aclOpExecutor **ex)
{
    OPS_CHECK_NULLS(name, self, dim, out, ws, ex);
    aclnnStatus rc;
    if ((rc = ops_check_dims(self, name, "self")) || (rc = ops_check_dims(out, name, "out")))
        return rc;
    int sdt = ops_dt_index(self->dtype), odt = ops_dt_index(out->dtype);
    if (sdt < 0)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: self has unsupported type %s", name,
                       ops_dt_name(self->dtype));
    if (dtype == ACL_DT_UNDEFINED)
        dtype = out->dtype;
    int dt = ops_dt_index(dtype);
    if (dt < 0 || odt < 0 || dtype != out->dtype || (mean && !ops_dt_is_float(dt)))
        return ops_err(ACLNN_ERR_PARAM_INVALID,
                       "%s: dtype %s and out type %s are not a "
                       "supported pair%s",
                       name, ops_dt_name(dtype), ops_dt_name(out->dtype),
                       mean ? " (Mean needs a floating dtype)" : "");
    int nd = (int)self->ndim;
    bool red[OPS_MAX_DIMS];
    int64_t count;
    if ((rc = ops_reduce_shape(name, self, dim, keepDim, out, red, &count)))
        return rc;
    OPS_PLAN(e, p, name, 1, 1, struct reduce_plan, NULL, {&p->x, self, "self"},
             {&p->out, out, "out"});
    memcpy(p->red, red, sizeof(red));
    /* Accumulator strides: row-major over the kept dims. */
    int64_t s = 1;
    for (int d = nd - 1; d >= 0; d--) {
        p->acc_st[d] = red[d] ? 0 : s;
        if (!red[d])
            s *= self->dims[d];
    }
    p->acc_n = p->out.numel;
    p->count = count;
    p->dt = dt;
    p->mean = mean;
    p->integer = !ops_dt_is_float(dt);
    e->run = p->out.numel ? reduce_run : NULL;
    return ops_exec_done(e, ws, ex);
}

aclnnStatus aclnnReduceSumGetWorkspaceSize(const aclTensor *self, const aclIntArray *dim,
                                           bool keepDim, aclDataType dtype, aclTensor *out, WS)
{
    return reduce_op("aclnnReduceSum", false, self, dim, keepDim, dtype, out, workspaceSize,
                     executor);
}
PHASE2(ReduceSum)

aclnnStatus aclnnMeanGetWorkspaceSize(const aclTensor *self, const aclIntArray *dim, bool keepDim,
                                      aclDataType dtype, aclTensor *out, WS)
{
    return reduce_op("aclnnMean", true, self, dim, keepDim, dtype, out, workspaceSize, executor);
}
PHASE2(Mean)

/* ---- Softmax --------------------------------------------------------------------------------- */

struct softmax_plan {
    struct ops_tensor x, out;
    int dim;
    bool log; /* LogSoftmax: (self - max) - log(sum(exp(self - max))) */
};

static int32_t softmax_run(const struct aclOpExecutor *e, void *const *addr)
{
    const struct softmax_plan *p = e->plan;
    int nd = p->x.ndim, dim = p->dim;
    int64_t len = nd ? p->x.dims[dim] : 1;
    int ck = p->x.dt == DT_F64 || p->out.dt == DT_F64 ? CK_F64 : CK_F32;
    double *row = malloc((size_t)len * sizeof(double));
    if (!row)
        return ACL_ERROR_BAD_ALLOC;
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
    int64_t outer = ops_numel(odims, on), idx[OPS_MAX_DIMS] = {0};
    int64_t xe = ops_dt_size(p->x.dt), oe = ops_dt_size(p->out.dt);
    ops_load_fn ld = ops_loader(ck, p->x.dt);
    ops_store_fn st = ops_storer(ck, p->out.dt);
    const char *xb = ops_base(&p->x, addr);
    char *ob = ops_base(&p->out, addr);
    int64_t xs = nd ? p->x.strides[dim] * xe : xe, os = nd ? p->out.strides[dim] * oe : oe;
    for (int64_t o = 0; o < outer; o++) {
        int64_t xo = 0, oo = 0;
        for (int d = 0; d < on; d++) {
            xo += idx[d] * xst[d];
            oo += idx[d] * ost[d];
        }
        ld(row, xb + xo * xe, xs, len);
        if (ck == CK_F32) {
            float *r = (float *)row, m = -INFINITY, sum = 0;
            for (int64_t i = 0; i < len; i++)
                m = r[i] > m ? r[i] : m;
            if (p->log) { /* keep x - max; exp only feeds the sum */
                for (int64_t i = 0; i < len; i++)
                    sum += expf(r[i] -= m);
                float ls = logf(sum);
                for (int64_t i = 0; i < len; i++)
                    r[i] -= ls;
            } else {
                for (int64_t i = 0; i < len; i++)
                    sum += (r[i] = expf(r[i] - m));
                float inv = 1.0f / sum;
                for (int64_t i = 0; i < len; i++)
                    r[i] *= inv;
            }
        } else {
            double m = -INFINITY, sum = 0;
            for (int64_t i = 0; i < len; i++)
                m = row[i] > m ? row[i] : m;
            if (p->log) {
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
        st(ob + oo * oe, os, row, len);
        for (int d = on - 1; d >= 0; d--) {
            if (++idx[d] < odims[d])
                break;
            idx[d] = 0;
        }
    }
    free(row);
    return 0;
}

static aclnnStatus softmax_op(const char *name, bool log, const aclTensor *self, int64_t dim,
                              const aclTensor *out, WS)
{
    OPS_CHECK_NULLS(name, self, out, workspaceSize, executor);
    aclnnStatus rc;
    if ((rc = ops_check_dims(self, name, "self")) || (rc = ops_check_dims(out, name, "out")))
        return rc;
    int sdt = ops_dt_index(self->dtype), odt = ops_dt_index(out->dtype);
    if (sdt < 0 || !ops_dt_is_float(sdt) || odt < 0 || !ops_dt_is_float(odt))
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
    e->run = p->x.numel ? softmax_run : NULL;
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

/* ---- RmsNorm / LayerNorm ------------------------------------------------------------------------
 */

/* Normalisation over the trailing `k` dims of x: rows = leading dims. */
struct norm_plan {
    struct ops_tensor x, y, gamma, beta, mean, rstd;
    bool has_gamma, has_beta, has_mean, has_rstd;
    int k;     /* normalised trailing dims */
    int64_t D; /* elements per row */
    double eps;
    bool layer; /* LayerNorm (subtract the mean) */
};

/* Element offset of row r in a view whose leading (nd - k) dims index rows. */
static int64_t row_offset(const struct ops_tensor *t, int lead, int64_t r)
{
    int64_t off = 0;
    for (int d = lead - 1; d >= 0; d--) {
        int64_t n = t->dims[d];
        off += (r % n) * t->strides[d];
        r /= n;
    }
    return off;
}

/* Row offset for the per-row statistics tensors (mean/rstd): row-major over
 * their own dims (any trailing ones included). */
static int64_t stat_offset(const struct ops_tensor *t, int64_t r)
{
    int64_t off = 0;
    for (int d = t->ndim - 1; d >= 0; d--) {
        int64_t n = t->dims[d];
        off += (r % n) * t->strides[d];
        r /= n;
    }
    return off;
}

static int32_t norm_run(const struct aclOpExecutor *e, void *const *addr)
{
    const struct norm_plan *p = e->plan;
    int64_t D = p->D;
    int lead = p->x.ndim - p->k;
    int64_t rows = ops_numel(p->x.dims, lead);
    float *row = malloc((size_t)D * sizeof(float) * 3);
    if (!row)
        return ACL_ERROR_BAD_ALLOC;
    float *g = row + D, *b = row + 2 * D;
    if (p->has_gamma)
        ops_gather_nd(g, CK_F32, ops_base(&p->gamma, addr), p->gamma.dt, p->gamma.ndim, p->gamma.dims,
                  p->gamma.strides);
    if (p->has_beta)
        ops_gather_nd(b, CK_F32, ops_base(&p->beta, addr), p->beta.dt, p->beta.ndim, p->beta.dims,
                  p->beta.strides);
    const char *xb = ops_base(&p->x, addr);
    char *yb = ops_base(&p->y, addr);
    int64_t xe = ops_dt_size(p->x.dt), ye = ops_dt_size(p->y.dt);
    for (int64_t r = 0; r < rows; r++) {
        ops_gather_nd(row, CK_F32, xb + row_offset(&p->x, lead, r) * xe, p->x.dt, p->k,
                  p->x.dims + lead, p->x.strides + lead);
        double mean = 0, ss = 0;
        if (p->layer) {
            for (int64_t i = 0; i < D; i++)
                mean += row[i];
            mean = D ? mean / (double)D : 0;
            for (int64_t i = 0; i < D; i++) {
                double d = row[i] - mean;
                ss += d * d;
            }
        } else {
            for (int64_t i = 0; i < D; i++)
                ss += (double)row[i] * row[i];
        }
        double var = D ? ss / (double)D : 0;
        float rstd = (float)(1.0 / sqrt(var + p->eps)), m = (float)mean;
        for (int64_t i = 0; i < D; i++) {
            float v = (row[i] - m) * rstd;
            if (p->has_gamma)
                v *= g[i];
            if (p->has_beta)
                v += b[i];
            row[i] = v;
        }
        ops_scatter_nd(row, CK_F32, yb + row_offset(&p->y, lead, r) * ye, p->y.dt, p->k,
                   p->y.dims + lead, p->y.strides + lead);
        if (p->has_mean)
            ops_storer(CK_F32, p->mean.dt)(ops_base(&p->mean, addr) +
                                               stat_offset(&p->mean, r) * ops_dt_size(p->mean.dt),
                                           0, &m, 1);
        if (p->has_rstd)
            ops_storer(CK_F32, p->rstd.dt)(ops_base(&p->rstd, addr) +
                                               stat_offset(&p->rstd, r) * ops_dt_size(p->rstd.dt),
                                           0, &rstd, 1);
    }
    free(row);
    return 0;
}

/* Checks shared by both: x a float trio type, y = x's shape and type. */
static aclnnStatus norm_common(const char *name, const aclTensor *x, const aclTensor *y, int k)
{
    aclnnStatus rc;
    if ((rc = ops_check_dims(x, name, "x")) || (rc = ops_check_dims(y, name, "out")))
        return rc;
    int xdt = ops_dt_index(x->dtype);
    if (xdt < 0 || !(DTM(xdt) & DTM_F3))
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
                             const aclTensor *x, int k, bool f32_only)
{
    aclnnStatus rc;
    if ((rc = ops_check_dims(t, name, what)))
        return rc;
    int dt = ops_dt_index(t->dtype);
    if (dt < 0 || (f32_only ? dt != DT_F32 : !(DTM(dt) & DTM_F3)))
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
    e->run = p->x.numel ? norm_run : NULL;
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
    if ((rc = norm_common(name, x, yOut, k)) || (rc = norm_param(name, "gamma", gamma, x, k)) ||
        (rc = norm_stat(name, "rstdOut", rstdOut, x, k, true)))
        return rc;
    return norm_build(name, false, x, gamma, NULL, epsilon, yOut, NULL, rstdOut, k, workspaceSize,
                      executor);
}
PHASE2(RmsNorm)

aclnnStatus aclnnLayerNormGetWorkspaceSize(const aclTensor *input,
                                           const aclIntArray *normalizedShape,
                                           const aclTensor *weightOptional,
                                           const aclTensor *biasOptional, double eps,
                                           aclTensor *out, aclTensor *meanOutOptional,
                                           aclTensor *rstdOutOptional, WS)
{
    const char *name = "aclnnLayerNorm";
    OPS_CHECK_NULLS(name, input, normalizedShape, out, workspaceSize, executor);
    int k = (int)normalizedShape->n;
    aclnnStatus rc;
    if ((rc = norm_common(name, input, out, k)))
        return rc;
    for (int i = 0; i < k; i++)
        if (normalizedShape->v[i] != input->dims[input->ndim - k + i])
            return ops_err(ACLNN_ERR_PARAM_INVALID,
                           "%s: normalizedShape is not the input's last %d dims", name, k);
    if ((weightOptional && (rc = norm_param(name, "weight", weightOptional, input, k))) ||
        (biasOptional && (rc = norm_param(name, "bias", biasOptional, input, k))) ||
        (meanOutOptional && (rc = norm_stat(name, "meanOut", meanOutOptional, input, k, false))) ||
        (rstdOutOptional && (rc = norm_stat(name, "rstdOut", rstdOutOptional, input, k, false))))
        return rc;
    return norm_build(name, true, input, weightOptional, biasOptional, eps, out, meanOutOptional,
                      rstdOutOptional, k, workspaceSize, executor);
}
PHASE2(LayerNorm)
