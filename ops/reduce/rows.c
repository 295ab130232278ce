/* SPDX-License-Identifier: Apache-2.0 */
/*
 * The row reductions: every operator whose result at a kept position needs the
 * whole row of reduced elements at once (an order statistic, a two-pass
 * moment, a stable log of a sum, a value with its index, a running scan).
 * One plan and one kernel serve all of them; each operator is a kind (RW_*)
 * with its checks and its row step:
 *   MaxDim, MinDim, Max, Min, MaxV2, Aminmax, AminmaxAll, AminmaxDim,
 *   Median, MedianDim, NanMedian, NanMedianDim, Kthvalue,
 *   Std, Var, VarCorrection, VarMean, StdMeanCorrection,
 *   LogSumExp, ReduceNansum, ReduceLogSum,
 *   Cumprod, InplaceCumprod, Cummax, Cummin (the scans: the row is one dim,
 *   the results a row of the same length).
 *
 *  RW1. The kernel walks the kept positions (self's dims not reduced, in
 *      row-major order); for each it gathers the reduced elements (the
 *      reduced dims in self's order, row-major) into a buffer of double (a
 *      floating self, or a floating result from an integer self) or int64 (an
 *      integer or bool self whose results keep its type: exact for all of
 *      int64), applies the kind's step and stores its one or two results
 *      (values, and indices or a second statistic).
 *  RW2. The kept positions split across the device's workers (EX6) when a
 *      launch reads at least RW_SPLIT_MIN elements: block i of n takes the
 *      positions [i*P/n, (i+1)*P/n), each with a buffer of its own; the
 *      results do not depend on the split.
 *  RW3. NaN: max / min (with or without an index) and the scans propagate the
 *      first NaN (its index), so does Median (torch.median); Kthvalue orders
 *      NaN above everything; NanMedian ignores NaN (all NaN: NaN); ReduceNansum adds NaN as 0.
 * Ties: MaxDim / MinDim / ArgMax give the first index, Median / Kthvalue the index of the k-th
 * element of a stable sort (equal values in row order), Cummax / Cummin the last (torch's >= / <=).
 *  RW4. Std / Var: the mean first, then the sum of squared deviations over
 *      max(0, N - correction) (torch's divisor: 0 gives inf, or NaN for 0/0);
 *      unbiased is correction 1. LogSumExp: max + log(sum(exp(x - max)));
 *      a row of -inf (or empty) gives -inf, one with +inf gives +inf.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "aclnnop/aclnn_aminmax.h"
#include "aclnnop/aclnn_aminmax_all.h"
#include "aclnnop/aclnn_aminmax_dim.h"
#include "aclnnop/aclnn_cummax.h"
#include "aclnnop/aclnn_cummin.h"
#include "aclnnop/aclnn_cumprod.h"
#include "aclnnop/aclnn_kthvalue.h"
#include "aclnnop/aclnn_logsumexp.h"
#include "aclnnop/aclnn_max.h"
#include "aclnnop/aclnn_max_dim.h"
#include "aclnnop/aclnn_max_v2.h"
#include "aclnnop/aclnn_median.h"
#include "aclnnop/aclnn_min.h"
#include "aclnnop/aclnn_min_dim.h"
#include "aclnnop/aclnn_reduce_log_sum.h"
#include "aclnnop/aclnn_reduce_nansum.h"
#include "aclnnop/aclnn_std.h"
#include "aclnnop/aclnn_std_mean_correction.h"
#include "aclnnop/aclnn_var.h"
#include "aclnnop/aclnn_var_mean.h"
#include "ops/engine/engine.h"
#include "ops/reduce/extreme.h"
#include "ops/reduce/table.h"

#pragma GCC optimize("O3")

#define RW_SPLIT_MIN (64 * 1024) /* RW2: elements a block reads at least */

enum rw_kind {
    RW_MAX,       /* value (+ index) of the largest */
    RW_MIN,       /* value (+ index) of the smallest */
    RW_AMINMAX,   /* min, max */
    RW_MEDIAN,    /* value (+ index) */
    RW_NANMEDIAN, /* value (+ index), NaN ignored */
    RW_KTH,       /* the k-th smallest (+ index) */
    RW_VAR,       /* var (+ mean) */
    RW_STD,       /* std (+ mean) */
    RW_LSE,       /* log-sum-exp */
    RW_NANSUM,    /* the sum, NaN as 0 */
    RW_LOGSUM,    /* log of the sum */
    RW_CUMPROD,   /* scans: */
    RW_CUMMAX,
    RW_CUMMIN,
};

struct rows_plan {
    const struct ops_split *split; /* first: ops_split_of (EX6) */
    struct ops_tensor x, out[2];
    int kind, nout, ck; /* ck: CK_F64 or CK_I64 (RW1) */
    int rdt;            /* DT_*: the type self converts to before the step (DT_NONE: none) */
    bool scan, has_idx; /* out[1] holds indices */
    int nk, nr;
    int64_t kdims[OPS_MAX_DIMS], kxst[OPS_MAX_DIMS], kost[2][OPS_MAX_DIMS];
    int64_t rdims[OPS_MAX_DIMS], rxst[OPS_MAX_DIMS];
    int64_t rlen, npos;
    int64_t rost[2]; /* scans: the outs' strides along dim */
    int64_t k;       /* Kthvalue's k */
    double corr;     /* Std / Var correction */
};

/* ---- the row steps ----------------------------------------------------------------------- */

struct rw_pair {
    double v;
    int64_t i;
};

/* NaN above everything; equal values in row order (a stable order). */
static int rw_cmp_f(const void *a, const void *b)
{
    const struct rw_pair *x = a, *y = b;
    bool nx = x->v != x->v, ny = y->v != y->v;
    if (nx != ny)
        return nx ? 1 : -1;
    if (!nx && x->v != y->v)
        return x->v < y->v ? -1 : 1;
    return (x->i > y->i) - (x->i < y->i);
}

struct rw_ipair {
    int64_t v, i;
};

static int rw_cmp_i(const void *a, const void *b)
{
    const struct rw_ipair *x = a, *y = b;
    if (x->v != y->v)
        return x->v < y->v ? -1 : 1;
    return (x->i > y->i) - (x->i < y->i);
}

/* The k-th smallest (0-based) of row[0..n) with its index (RW3); pairs: room for n. */
static void rw_select(const void *row, int64_t n, int64_t k, bool fl, bool skip_nan, void *pairs,
                      double *v, int64_t *vi, int64_t *iv)
{
    if (fl) {
        const double *r = row;
        struct rw_pair *pp = pairs;
        int64_t m = 0;
        for (int64_t i = 0; i < n; i++)
            if (!skip_nan || r[i] == r[i])
                pp[m++] = (struct rw_pair){r[i], i};
        if (m == 0) { /* NanMedian of NaN only */
            *v = NAN;
            *iv = 0;
            return;
        }
        if (skip_nan)
            k = (m - 1) / 2;
        qsort(pp, (size_t)m, sizeof(*pp), rw_cmp_f);
        *v = pp[k].v;
        *iv = pp[k].i;
    } else {
        const int64_t *r = row;
        struct rw_ipair *pp = pairs;
        for (int64_t i = 0; i < n; i++)
            pp[i] = (struct rw_ipair){r[i], i};
        qsort(pp, (size_t)n, sizeof(*pp), rw_cmp_i);
        *vi = pp[k].v;
        *iv = pp[k].i;
    }
}

/* Whether the row holds a NaN, the first one's index into *iv. */
static bool rw_first_nan(const double *r, int64_t n, int64_t *iv)
{
    for (int64_t i = 0; i < n; i++)
        if (r[i] != r[i]) {
            *iv = i;
            return true;
        }
    return false;
}

/* The extreme of a row and its first index (RW3: the first NaN wins; extreme.h). */
static void rw_extreme(const void *row, int64_t n, bool fl, bool min, double *v, int64_t *vi,
                       int64_t *iv)
{
    *iv = fl ? red_extreme_f64(row, n, min, v) : red_extreme_i64(row, n, min, vi);
}

/* The scans in place over row[0..n), the indices into idx (Cummax / Cummin). */
static void rw_scan(int kind, void *row, int64_t n, bool fl, int64_t *idx)
{
    if (kind == RW_CUMPROD) {
        if (fl) {
            double *r = row, s = 1;
            for (int64_t i = 0; i < n; i++)
                r[i] = (s *= r[i]);
        } else {
            int64_t *r = row;
            uint64_t s = 1; /* integers wrap */
            for (int64_t i = 0; i < n; i++)
                r[i] = (int64_t)(s *= (uint64_t)r[i]);
        }
        return;
    }
    bool mx = kind == RW_CUMMAX;
    int64_t bi = 0;
    if (fl) {
        double *r = row, m = n ? r[0] : 0;
        for (int64_t i = 0; i < n; i++) {
            double x = r[i];
            if (x != x || (m == m && (mx ? x >= m : x <= m))) {
                m = x;
                bi = i;
            }
            r[i] = m;
            idx[i] = bi;
        }
    } else {
        int64_t *r = row, m = n ? r[0] : 0;
        for (int64_t i = 0; i < n; i++) {
            if (mx ? r[i] >= m : r[i] <= m) {
                m = r[i];
                bi = i;
            }
            r[i] = m;
            idx[i] = bi;
        }
    }
}

/* The reductions to one or two doubles (RW4). */
static void rw_float(int kind, const double *r, int64_t n, double corr, double *res)
{
    switch (kind) {
    case RW_VAR:
    case RW_STD: {
        double s = 0, q = 0;
        for (int64_t i = 0; i < n; i++)
            s += r[i];
        double mean = s / (double)n;
        for (int64_t i = 0; i < n; i++)
            q += (r[i] - mean) * (r[i] - mean);
        double div = (double)n - corr;
        double var = q / (div > 0 ? div : 0.0);
        res[0] = kind == RW_STD ? sqrt(var) : var;
        res[1] = mean;
        break;
    }
    case RW_LSE: {
        double m = -INFINITY, s = 0;
        for (int64_t i = 0; i < n; i++)
            if (r[i] > m || r[i] != r[i])
                m = r[i];
        if (isinf(m) || m != m) {
            res[0] = m;
            break;
        }
        for (int64_t i = 0; i < n; i++)
            s += exp(r[i] - m);
        res[0] = m + log(s);
        break;
    }
    case RW_NANSUM:
    case RW_LOGSUM: {
        double s = 0;
        for (int64_t i = 0; i < n; i++)
            if (kind == RW_LOGSUM || r[i] == r[i])
                s += r[i];
        res[0] = kind == RW_LOGSUM ? log(s) : s;
        break;
    }
    default:
        break;
    }
}

/* ---- the kernel (RW1, RW2) ----------------------------------------------------------------- */

static void rw_put(const struct ops_tensor *o, void *const *addr, int64_t off, bool fl, double v,
                   int64_t vi)
{
    char *dst = ops_elem(o, addr, off);
    if (fl)
        ops_store_f64(dst, o->dt, v);
    else
        ops_store_i64(dst, o->dt, vi);
}

static uint32_t rows_blocks(const struct aclOpExecutor *e)
{
    const struct rows_plan *p = e->plan;
    int64_t b = p->npos * (p->rlen ? p->rlen : 1) / RW_SPLIT_MIN;
    if (b > p->npos)
        b = p->npos;
    return b < 1 ? 1 : b > 256 ? 256 : (uint32_t)b;
}

static int32_t rows_block(const struct aclOpExecutor *e, void *const *addr, uint32_t bi,
                          uint32_t bn)
{
    const struct rows_plan *p = e->plan;
    int64_t j0, j1;
    ops_split_range(p->npos, 1, bi, bn, &j0, &j1);
    if (j0 >= j1)
        return 0;
    const int64_t n = p->rlen, nb = n ? n : 1;
    const bool fl = p->ck == CK_F64;
    /* row, then the selection's pairs or the scan's indices */
    char *mem = malloc((size_t)nb * (8 + 16));
    if (!mem)
        return ACL_ERROR_BAD_ALLOC;
    void *row = mem, *aux = mem + nb * 8;
    const int64_t xe = ops_dt_size(p->x.dt);
    const char *xb = ops_base(&p->x, addr);
    int64_t idx[OPS_MAX_DIMS] = {0}, rem = j0;
    for (int d = p->nk - 1; d >= 0; d--) {
        idx[d] = rem % p->kdims[d];
        rem /= p->kdims[d];
    }
    for (int64_t j = j0; j < j1; j++, ops_odo_next(idx, p->kdims, p->nk)) {
        const int64_t xo = ops_odo_off(idx, p->kxst, p->nk);
        const int64_t o0 = ops_odo_off(idx, p->kost[0], p->nk);
        const int64_t o1 = p->nout > 1 ? ops_odo_off(idx, p->kost[1], p->nk) : 0;
        ops_gather_nd(row, p->ck, xb + xo * xe, p->x.dt, p->nr, p->rdims, p->rxst);
        if (p->rdt != DT_NONE) { /* self converted to the result's type first */
            if (fl)
                ops_round_f64(row, n, p->rdt);
            else
                for (int64_t i = 0; i < n; i++)
                    ((int64_t *)row)[i] = ops_dt_wrap(p->rdt, ((int64_t *)row)[i]);
        }
        double v = 0, res[2] = {0, 0};
        int64_t vi = 0, iv = 0;
        switch (p->kind) {
        case RW_MAX:
        case RW_MIN:
            rw_extreme(row, n, fl, p->kind == RW_MIN, &v, &vi, &iv);
            rw_put(&p->out[0], addr, o0, fl, v, vi);
            if (p->has_idx)
                ops_store_i64(ops_elem(&p->out[1], addr, o1), p->out[1].dt, iv);
            break;
        case RW_AMINMAX:
            rw_extreme(row, n, fl, true, &v, &vi, &iv);
            rw_put(&p->out[0], addr, o0, fl, v, vi);
            rw_extreme(row, n, fl, false, &v, &vi, &iv);
            rw_put(&p->out[1], addr, o1, fl, v, vi);
            break;
        case RW_MEDIAN:
        case RW_NANMEDIAN:
        case RW_KTH: {
            int64_t k = p->kind == RW_KTH ? p->k - 1 : (n - 1) / 2;
            if (p->kind == RW_MEDIAN && fl && rw_first_nan(row, n, &iv))
                v = NAN; /* RW3: a NaN makes the median NaN */
            else
                rw_select(row, n, k, fl, p->kind == RW_NANMEDIAN, aux, &v, &vi, &iv);
            rw_put(&p->out[0], addr, o0, fl, v, vi);
            if (p->has_idx)
                ops_store_i64(ops_elem(&p->out[1], addr, o1), p->out[1].dt, iv);
            break;
        }
        case RW_CUMPROD:
        case RW_CUMMAX:
        case RW_CUMMIN: {
            int64_t *ix = aux;
            rw_scan(p->kind, row, n, fl, ix);
            const struct ops_tensor *o = &p->out[0];
            ops_storer(p->ck, o->dt)(ops_elem(o, addr, o0), p->rost[0] * ops_dt_size(o->dt), row,
                                     n);
            if (p->has_idx)
                ops_storer(CK_I64, p->out[1].dt)(ops_elem(&p->out[1], addr, o1),
                                                 p->rost[1] * ops_dt_size(p->out[1].dt), ix, n);
            break;
        }
        default:       /* the floating reductions */
            if (!fl) { /* ReduceNansum of integers: a wrapped int64 sum */
                uint64_t s = 0;
                for (int64_t i = 0; i < n; i++)
                    s += (uint64_t)((int64_t *)row)[i];
                ops_store_i64(ops_elem(&p->out[0], addr, o0), p->out[0].dt, (int64_t)s);
                break;
            }
            rw_float(p->kind, row, n, p->corr, res);
            ops_store_f64(ops_elem(&p->out[0], addr, o0), p->out[0].dt, res[0]);
            if (p->nout > 1)
                ops_store_f64(ops_elem(&p->out[1], addr, o1), p->out[1].dt, res[1]);
            break;
        }
    }
    free(mem);
    return 0;
}

static const struct ops_split rows_split = {rows_blocks, rows_block};

/* ---- phase 1 ------------------------------------------------------------------------------- */

/* What an operator asks of the engine. */
struct rw_req {
    const char *name;
    int kind;
    const aclTensor *self;
    const aclIntArray *dim; /* the reduced dims (empty: all) */
    bool keepdim;
    const aclTensor *out[2];
    const char *out_name[2];
    unsigned self_types, out_types[2]; /* masks; 0: out must have self's type */
    bool has_idx, scan, need_nonempty;
    bool none; /* no dim reduced: out has self's shape, each result from one element */
    int64_t k;
    double corr;
    aclDataType dtype; /* ReduceNansum / Cumprod: the type self converts to */
};

static aclnnStatus rows_op(const struct rw_req *q, uint64_t *ws, aclOpExecutor **ex)
{
    const char *name = q->name;
    const aclTensor *self = q->self;
    const int nout = q->out[1] ? 2 : 1;
    aclnnStatus rc;
    int sdt, odt[2] = {DT_NONE, DT_NONE};
    if ((rc = ops_check_dims(self, name, "self")) ||
        (rc = ops_need_dt(name, "self", self->dtype, q->self_types, &sdt)))
        return rc;
    for (int i = 0; i < nout; i++) {
        if ((rc = ops_check_dims(q->out[i], name, q->out_name[i])))
            return rc;
        unsigned m = q->out_types[i] ? q->out_types[i] : DTM(sdt);
        if ((rc = ops_need_dt(name, q->out_name[i], q->out[i]->dtype, m, &odt[i])))
            return rc;
    }
    const int nd = (int)self->ndim;
    bool red[OPS_MAX_DIMS];
    int64_t count = 1;
    if (q->none) {
        for (int i = 0; i < OPS_MAX_DIMS; i++)
            red[i] = false;
        if (!ops_same_shape(self, q->out[0]))
            return ops_shape_err(name, q->out_name[0], q->out[0], self->dims, nd);
    } else if (q->scan) {
        int d;
        if ((rc = ops_wrap_dim(name, q->dim->v[0], nd, &d)))
            return rc;
        for (int i = 0; i < OPS_MAX_DIMS; i++)
            red[i] = i == d && nd;
        for (int i = 0; i < nout; i++)
            if (!ops_same_shape(self, q->out[i]))
                return ops_shape_err(name, q->out_name[i], q->out[i], self->dims, nd);
        count = nd ? self->dims[d] : 1;
    } else {
        for (int i = 0; i < nout; i++)
            if ((rc = ops_reduce_shape(name, self, q->dim, q->keepdim, q->out[i], red, &count)))
                return rc;
    }
    int64_t on = ops_numel(q->out[0]->dims, (int)q->out[0]->ndim);
    if (q->kind == RW_KTH && (q->k < 1 || q->k > (count > 0 ? count : 1)))
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: k %lld is out of range [1, %lld]", name,
                       (long long)q->k, (long long)(count > 0 ? count : 1));
    if (q->need_nonempty && count == 0 && on > 0)
        return ops_err(ACLNN_ERR_PARAM_INVALID,
                       "%s: the reduced dims of self are empty: no value to write", name);
    struct aclOpExecutor *e =
        ops_exec_plan(name, 1, (uint16_t)nout, sizeof(struct rows_plan), NULL);
    if (!e)
        return ACLNN_ERR_INNER_CREATE_EXECUTOR;
    struct rows_plan *p = e->plan;
    if ((rc = nout == 2
                  ? OPS_VIEWS(e, {&p->x, self, "self"}, {&p->out[0], q->out[0], q->out_name[0]},
                              {&p->out[1], q->out[1], q->out_name[1]})
                  : OPS_VIEWS(e, {&p->x, self, "self"}, {&p->out[0], q->out[0], q->out_name[0]})))
        return rc;
    p->split = &rows_split;
    p->kind = q->kind;
    p->nout = nout;
    p->scan = q->scan;
    p->has_idx = q->has_idx;
    p->k = q->k;
    p->corr = q->corr;
    /* RW1: the compute kind; rdt: the conversion before the step */
    const int rt = q->dtype != ACL_DT_UNDEFINED ? ops_dt_index(q->dtype) : odt[0];
    p->ck = ops_dt_is_float(rt) || ops_dt_is_float(sdt) ? CK_F64 : CK_I64;
    p->rdt = rt != sdt && (q->kind == RW_NANSUM || q->kind == RW_CUMPROD) ? rt : DT_NONE;
    if (p->ck == CK_I64 && ops_dt_is_float(sdt))
        p->ck = CK_F64;
    if (p->ck == CK_F64 && !ops_dt_is_float(rt) && (q->kind == RW_NANSUM || q->kind == RW_CUMPROD))
        p->rdt = rt; /* float self to an integer result: truncated by the round */
    int oq[2] = {0, 0};
    for (int d = 0; d < nd; d++) {
        if (red[d]) {
            p->rdims[p->nr] = self->dims[d];
            p->rxst[p->nr++] = self->strides[d];
            for (int i = 0; i < nout; i++) {
                if (q->scan)
                    p->rost[i] = q->out[i]->strides[d];
                oq[i] += q->scan || q->keepdim;
            }
            continue;
        }
        p->kdims[p->nk] = self->dims[d];
        p->kxst[p->nk] = self->strides[d];
        for (int i = 0; i < nout; i++) {
            /* an out of one element for a one-element result (ops_reduce_shape) */
            bool one = (int)q->out[i]->ndim <= oq[i];
            p->kost[i][p->nk] = one ? 0 : q->out[i]->strides[oq[i]++];
        }
        p->nk++;
    }
    p->rlen = count;
    p->npos = ops_numel(p->kdims, p->nk);
    e->run = on > 0 ? ops_split_run : NULL;
    return ops_exec_done(e, ws, ex);
}

/* ---- the operators ------------------------------------------------------------------------- */

static const struct aclIntArray rw_all = {0}; /* no dims: every dim */

/* A one-dim aclIntArray on the stack. */
#define RW_DIM(name, d)                                                                            \
    struct {                                                                                       \
        uint64_t n;                                                                                \
        int64_t v[1];                                                                              \
    } name##_ = {1, {(d)}};                                                                        \
    const aclIntArray *name = (const aclIntArray *)&name##_

static aclnnStatus rw_dim_op(const char *name, int kind, const aclTensor *self, int64_t dim,
                             bool keepdim, const aclTensor *out, const aclTensor *indices,
                             unsigned types, unsigned itypes, int64_t k, uint64_t *ws,
                             aclOpExecutor **ex)
{
    OPS_CHECK_NULLS(name, self, out, indices, ws, ex);
    RW_DIM(d, dim);
    struct rw_req q = {.name = name,
                       .kind = kind,
                       .self = self,
                       .dim = d,
                       .keepdim = keepdim,
                       .out = {out, indices},
                       .out_name = {kind <= RW_MIN ? "out" : "valuesOut",
                                    kind <= RW_MIN ? "indices" : "indicesOut"},
                       .self_types = types,
                       .out_types = {0, itypes}};
    q.has_idx = true;
    q.need_nonempty = true;
    q.k = k;
    q.dtype = ACL_DT_UNDEFINED;
    return rows_op(&q, ws, ex);
}

aclnnStatus aclnnMaxDimGetWorkspaceSize(const aclTensor *self, int64_t dim, bool keepdim,
                                        aclTensor *out, aclTensor *indices, WS)
{
    return rw_dim_op("aclnnMaxDim", RW_MAX, self, dim, keepdim, out, indices, OPS_DT_MaxDim,
                     OPS_DT2_MaxDim, 0, workspaceSize, executor);
}
PHASE2(MaxDim)

aclnnStatus aclnnMinDimGetWorkspaceSize(const aclTensor *self, int64_t dim, bool keepdim,
                                        aclTensor *out, aclTensor *indices, WS)
{
    return rw_dim_op("aclnnMinDim", RW_MIN, self, dim, keepdim, out, indices, OPS_DT_MinDim,
                     OPS_DT2_MinDim, 0, workspaceSize, executor);
}
PHASE2(MinDim)

aclnnStatus aclnnMedianDimGetWorkspaceSize(const aclTensor *self, int64_t dim, bool keepDim,
                                           aclTensor *valuesOut, aclTensor *indicesOut, WS)
{
    return rw_dim_op("aclnnMedianDim", RW_MEDIAN, self, dim, keepDim, valuesOut, indicesOut,
                     OPS_DT_MedianDim, OPS_DT2_MedianDim, 0, workspaceSize, executor);
}
PHASE2(MedianDim)

aclnnStatus aclnnNanMedianDimGetWorkspaceSize(const aclTensor *self, int64_t dim, bool keepDim,
                                              aclTensor *valuesOut, aclTensor *indicesOut, WS)
{
    return rw_dim_op("aclnnNanMedianDim", RW_NANMEDIAN, self, dim, keepDim, valuesOut, indicesOut,
                     OPS_DT_NanMedianDim, OPS_DT2_NanMedianDim, 0, workspaceSize, executor);
}
PHASE2(NanMedianDim)

aclnnStatus aclnnKthvalueGetWorkspaceSize(const aclTensor *self, int64_t k, int64_t dim,
                                          bool keepdim, aclTensor *valuesOut, aclTensor *indicesOut,
                                          WS)
{
    return rw_dim_op("aclnnKthvalue", RW_KTH, self, dim, keepdim, valuesOut, indicesOut,
                     OPS_DT_Kthvalue, OPS_DT2_Kthvalue, k, workspaceSize, executor);
}
PHASE2(Kthvalue)

/* One result over every element (Median, NanMedian, Max, Min): out of self's type, 0-d or
 * of one element. */
static aclnnStatus rw_all_op(const char *name, int kind, const aclTensor *self,
                             const aclTensor *out, unsigned types, uint64_t *ws, aclOpExecutor **ex)
{
    OPS_CHECK_NULLS(name, self, out, ws, ex);
    struct rw_req q = {.name = name,
                       .kind = kind,
                       .self = self,
                       .dim = &rw_all,
                       .keepdim = false,
                       .out = {out, NULL},
                       .out_name = {kind == RW_MEDIAN ? "valuesOut" : "out", NULL},
                       .self_types = types};
    q.need_nonempty = true;
    q.dtype = ACL_DT_UNDEFINED;
    return rows_op(&q, ws, ex);
}

aclnnStatus aclnnMedianGetWorkspaceSize(const aclTensor *self, aclTensor *valuesOut, WS)
{
    return rw_all_op("aclnnMedian", RW_MEDIAN, self, valuesOut, OPS_DT_Median, workspaceSize,
                     executor);
}
PHASE2(Median)

aclnnStatus aclnnNanMedianGetWorkspaceSize(const aclTensor *self, aclTensor *out, WS)
{
    return rw_all_op("aclnnNanMedian", RW_NANMEDIAN, self, out, OPS_DT_NanMedian, workspaceSize,
                     executor);
}
PHASE2(NanMedian)

aclnnStatus aclnnMaxGetWorkspaceSize(const aclTensor *self, aclTensor *out, WS)
{
    return rw_all_op("aclnnMax", RW_MAX, self, out, OPS_DT_Max, workspaceSize, executor);
}
PHASE2(Max)

aclnnStatus aclnnMinGetWorkspaceSize(const aclTensor *self, aclTensor *out, WS)
{
    return rw_all_op("aclnnMin", RW_MIN, self, out, OPS_DT_Min, workspaceSize, executor);
}
PHASE2(Min)

/* MaxV2: the largest over dims; no dims with noopWithEmptyDims: out = self. */
aclnnStatus aclnnMaxV2GetWorkspaceSize(const aclTensor *self, const aclIntArray *dims,
                                       bool keepDims, bool noopWithEmptyDims, aclTensor *out, WS)
{
    const char *name = "aclnnMaxV2";
    OPS_CHECK_NULLS(name, self, dims, out, workspaceSize, executor);
    struct rw_req q = {.name = name,
                       .kind = RW_MAX,
                       .self = self,
                       .dim = dims,
                       .keepdim = keepDims,
                       .out = {out, NULL},
                       .out_name = {"out", NULL},
                       .self_types = OPS_DT_MaxV2};
    q.need_nonempty = true;
    q.none = dims->n == 0 && noopWithEmptyDims;
    q.dtype = ACL_DT_UNDEFINED;
    return rows_op(&q, workspaceSize, executor);
}
PHASE2(MaxV2)

static aclnnStatus rw_aminmax(const char *name, const aclTensor *self, const aclIntArray *dim,
                              bool keepDim, const aclTensor *minOut, const aclTensor *maxOut,
                              unsigned types, uint64_t *ws, aclOpExecutor **ex)
{
    OPS_CHECK_NULLS(name, self, dim, minOut, maxOut, ws, ex);
    struct rw_req q = {.name = name,
                       .kind = RW_AMINMAX,
                       .self = self,
                       .dim = dim,
                       .keepdim = keepDim,
                       .out = {minOut, maxOut},
                       .out_name = {"minOut", "maxOut"},
                       .self_types = types};
    q.need_nonempty = true;
    q.dtype = ACL_DT_UNDEFINED;
    return rows_op(&q, ws, ex);
}

aclnnStatus aclnnAminmaxGetWorkspaceSize(const aclTensor *self, const aclIntArray *dim,
                                         bool keepDim, aclTensor *minOut, aclTensor *maxOut, WS)
{
    return rw_aminmax("aclnnAminmax", self, dim, keepDim, minOut, maxOut, OPS_DT_Aminmax,
                      workspaceSize, executor);
}
PHASE2(Aminmax)

aclnnStatus aclnnAminmaxAllGetWorkspaceSize(const aclTensor *self, aclTensor *minOut,
                                            aclTensor *maxOut, WS)
{
    return rw_aminmax("aclnnAminmaxAll", self, &rw_all, false, minOut, maxOut, OPS_DT_AminmaxAll,
                      workspaceSize, executor);
}
PHASE2(AminmaxAll)

aclnnStatus aclnnAminmaxDimGetWorkspaceSize(const aclTensor *self, const int64_t dim, bool keepDim,
                                            aclTensor *minOut, aclTensor *maxOut, WS)
{
    RW_DIM(d, dim);
    return rw_aminmax("aclnnAminmaxDim", self, d, keepDim, minOut, maxOut, OPS_DT_AminmaxDim,
                      workspaceSize, executor);
}
PHASE2(AminmaxDim)

/* Std / Var and their mean forms: floating self, floating outs (RW4). */
static aclnnStatus rw_moment(const char *name, int kind, const aclTensor *self,
                             const aclIntArray *dim, double corr, bool keepdim,
                             const aclTensor *out, const aclTensor *mean, unsigned types,
                             uint64_t *ws, aclOpExecutor **ex)
{
    OPS_CHECK_NULLS(name, self, dim, out, ws, ex);
    struct rw_req q = {
        .name = name,
        .kind = kind,
        .self = self,
        .dim = dim,
        .keepdim = keepdim,
        .out = {out, mean},
        .out_name = {kind == RW_STD ? (mean ? "stdOut" : "out") : (mean ? "varOut" : "out"),
                     "meanOut"},
        .self_types = types,
        .out_types = {types, types}};
    q.corr = corr;
    q.dtype = ACL_DT_UNDEFINED;
    return rows_op(&q, ws, ex);
}

aclnnStatus aclnnStdGetWorkspaceSize(const aclTensor *self, const aclIntArray *dim,
                                     const int64_t correction, bool keepdim, aclTensor *out, WS)
{
    return rw_moment("aclnnStd", RW_STD, self, dim, (double)correction, keepdim, out, NULL,
                     OPS_DT_Std, workspaceSize, executor);
}
PHASE2(Std)

aclnnStatus aclnnVarGetWorkspaceSize(const aclTensor *self, const aclIntArray *dim, bool unbiased,
                                     bool keepdim, aclTensor *out, WS)
{
    return rw_moment("aclnnVar", RW_VAR, self, dim, unbiased ? 1.0 : 0.0, keepdim, out, NULL,
                     OPS_DT_Var, workspaceSize, executor);
}
PHASE2(Var)

aclnnStatus aclnnVarCorrectionGetWorkspaceSize(const aclTensor *self, const aclIntArray *dim,
                                               int64_t correction, bool keepdim, aclTensor *out, WS)
{
    return rw_moment("aclnnVarCorrection", RW_VAR, self, dim, (double)correction, keepdim, out,
                     NULL, OPS_DT_VarCorrection, workspaceSize, executor);
}
PHASE2(VarCorrection)

aclnnStatus aclnnVarMeanGetWorkspaceSize(const aclTensor *self, const aclIntArray *dim,
                                         int64_t correction, bool keepdim, aclTensor *varOut,
                                         aclTensor *meanOut, WS)
{
    const char *name = "aclnnVarMean";
    OPS_CHECK_NULL(name, meanOut);
    return rw_moment(name, RW_VAR, self, dim, (double)correction, keepdim, varOut, meanOut,
                     OPS_DT_VarMean, workspaceSize, executor);
}
PHASE2(VarMean)

aclnnStatus aclnnStdMeanCorrectionGetWorkspaceSize(const aclTensor *self, const aclIntArray *dim,
                                                   int64_t correction, bool keepdim,
                                                   aclTensor *stdOut, aclTensor *meanOut, WS)
{
    const char *name = "aclnnStdMeanCorrection";
    OPS_CHECK_NULL(name, meanOut);
    return rw_moment(name, RW_STD, self, dim, (double)correction, keepdim, stdOut, meanOut,
                     OPS_DT_StdMeanCorrection, workspaceSize, executor);
}
PHASE2(StdMeanCorrection)

aclnnStatus aclnnLogSumExpGetWorkspaceSize(const aclTensor *self, const aclIntArray *dim,
                                           bool keepDim, aclTensor *out, WS)
{
    const char *name = "aclnnLogSumExp";
    OPS_CHECK_NULLS(name, self, dim, out, workspaceSize, executor);
    struct rw_req q = {.name = name,
                       .kind = RW_LSE,
                       .self = self,
                       .dim = dim,
                       .keepdim = keepDim,
                       .out = {out, NULL},
                       .out_name = {"out", NULL},
                       .self_types = OPS_DT_LogSumExp,
                       .out_types = {OPS_DT2_LogSumExp}};
    q.dtype = ACL_DT_UNDEFINED;
    return rows_op(&q, workspaceSize, executor);
}
PHASE2(LogSumExp)

aclnnStatus aclnnReduceNansumGetWorkspaceSize(const aclTensor *self, const aclIntArray *dim,
                                              bool keepDim, aclDataType dtype, aclTensor *out, WS)
{
    const char *name = "aclnnReduceNansum";
    OPS_CHECK_NULLS(name, self, dim, out, workspaceSize, executor);
    if (dtype != out->dtype)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: dtype %s differs from out's type %s", name,
                       ops_dt_name(dtype), ops_dt_name(out->dtype));
    struct rw_req q = {.name = name,
                       .kind = RW_NANSUM,
                       .self = self,
                       .dim = dim,
                       .keepdim = keepDim,
                       .out = {out, NULL},
                       .out_name = {"out", NULL},
                       .self_types = OPS_DT_ReduceNansum,
                       .out_types = {OPS_DT2_ReduceNansum}};
    q.dtype = dtype;
    return rows_op(&q, workspaceSize, executor);
}
PHASE2(ReduceNansum)

/* ReduceLogSum: log of the sum over axes; no axes: every dim, or (noopWithEmptyAxes)
 * the log of each element. */
aclnnStatus aclnnReduceLogSumGetWorkspaceSize(const aclTensor *data, const aclIntArray *axes,
                                              bool keepDims, bool noopWithEmptyAxes,
                                              aclTensor *reduce, WS)
{
    const char *name = "aclnnReduceLogSum";
    OPS_CHECK_NULLS(name, data, axes, reduce, workspaceSize, executor);
    struct rw_req q = {.name = name,
                       .kind = RW_LOGSUM,
                       .self = data,
                       .dim = axes,
                       .keepdim = keepDims,
                       .out = {reduce, NULL},
                       .out_name = {"reduce", NULL},
                       .self_types = OPS_DT_ReduceLogSum,
                       .out_types = {OPS_DT_ReduceLogSum}};
    q.dtype = ACL_DT_UNDEFINED;
    q.none = axes->n == 0 && noopWithEmptyAxes; /* the log of each element */
    return rows_op(&q, workspaceSize, executor);
}
PHASE2(ReduceLogSum)

/* The scans along one dim (RW3). */
static aclnnStatus rw_scan_op(const char *name, int kind, const aclTensor *self, int64_t dim,
                              const aclTensor *out, const aclTensor *indices, unsigned types,
                              unsigned otypes, unsigned itypes, aclDataType dtype, uint64_t *ws,
                              aclOpExecutor **ex)
{
    RW_DIM(d, dim);
    struct rw_req q = {.name = name,
                       .kind = kind,
                       .self = self,
                       .dim = d,
                       .keepdim = false,
                       .out = {out, indices},
                       .out_name = {"valuesOut", "indicesOut"},
                       .self_types = types,
                       .out_types = {otypes, itypes}};
    q.scan = true;
    q.has_idx = indices != NULL;
    q.dtype = dtype;
    if (kind == RW_CUMPROD)
        q.out_name[0] = "out";
    return rows_op(&q, ws, ex);
}

aclnnStatus aclnnCummaxGetWorkspaceSize(const aclTensor *self, int64_t dim, aclTensor *valuesOut,
                                        aclTensor *indicesOut, WS)
{
    OPS_CHECK_NULLS("aclnnCummax", self, valuesOut, indicesOut, workspaceSize, executor);
    return rw_scan_op("aclnnCummax", RW_CUMMAX, self, dim, valuesOut, indicesOut, OPS_DT_Cummax, 0,
                      OPS_DT2_Cummax, ACL_DT_UNDEFINED, workspaceSize, executor);
}
PHASE2(Cummax)

aclnnStatus aclnnCumminGetWorkspaceSize(const aclTensor *self, int64_t dim, aclTensor *valuesOut,
                                        aclTensor *indicesOut, WS)
{
    OPS_CHECK_NULLS("aclnnCummin", self, valuesOut, indicesOut, workspaceSize, executor);
    return rw_scan_op("aclnnCummin", RW_CUMMIN, self, dim, valuesOut, indicesOut, OPS_DT_Cummin, 0,
                      OPS_DT2_Cummin, ACL_DT_UNDEFINED, workspaceSize, executor);
}
PHASE2(Cummin)

static aclnnStatus rw_cumprod(const char *name, const aclTensor *input, const aclScalar *dim,
                              aclDataType dtype, const aclTensor *out, uint64_t *ws,
                              aclOpExecutor **ex)
{
    OPS_CHECK_NULLS(name, input, dim, out, ws, ex);
    aclnnStatus rc;
    int ddt;
    if ((rc = ops_check_scalar(name, "dim", dim, &ddt)))
        return rc;
    if (!ops_dt_is_int(ddt))
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: dim must be an integer scalar, not %s", name,
                       ops_dt_name(dim->dtype));
    if (dtype == ACL_DT_UNDEFINED)
        dtype = out->dtype;
    if (dtype != out->dtype)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: dtype %s differs from out's type %s", name,
                       ops_dt_name(dtype), ops_dt_name(out->dtype));
    return rw_scan_op(name, RW_CUMPROD, input, ops_scalar_i64(dim), out, NULL, OPS_DT_Cumprod,
                      OPS_DT2_Cumprod, 0, dtype, ws, ex);
}

aclnnStatus aclnnCumprodGetWorkspaceSize(const aclTensor *input, const aclScalar *dim,
                                         const aclDataType dtype, aclTensor *out, WS)
{
    return rw_cumprod("aclnnCumprod", input, dim, dtype, out, workspaceSize, executor);
}
PHASE2(Cumprod)

/* InplaceCumprod: input's running product written over it, in its own type. */
aclnnStatus aclnnInplaceCumprodGetWorkspaceSize(aclTensor *input, const aclScalar *dim, WS)
{
    _Static_assert(OPS_DT_InplaceCumprod == OPS_DT_Cumprod, "InplaceCumprod takes Cumprod's types");
    return rw_cumprod("aclnnInplaceCumprod", input, dim, input ? input->dtype : ACL_DT_UNDEFINED,
                      input, workspaceSize, executor);
}
PHASE2(InplaceCumprod)
