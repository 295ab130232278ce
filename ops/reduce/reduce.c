/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Reductions over a set of dims: ReduceSum and Mean (reduce_run), Amax, Amin, Prod,
 * ProdDim, All and Any (fold_run). (ArgMax, ArgMin and Cumsum,
 * along one dim, are in along_dim.c; the norms in norm/.)
 *
 *  RD1. ReduceSum/Mean read the input in memory order and accumulate into a
 *      contiguous accumulator over the kept dimensions (double for floating
 *      results, int64 for integer ones), so a reduction over any set of
 *      dims makes one pass over the input with unit-stride inner loops when
 *      the input is contiguous. The input is first converted to the
 *      requested dtype (AscendCL casts self to dtype, then reduces).
 *  RD3. An empty reduction sums to 0 (Mean of nothing is NaN).
 *  RD4. (red_sum_f64)
 *  RD6. (reduce_rows_split: the split of a last-dim float32 sum by rows)
 *  RD7. (aclnnReduceSum / Mean phase 1: trailing reduced dims merged when contiguous) */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "aclnnop/aclnn_all.h"
#include "aclnnop/aclnn_amax.h"
#include "aclnnop/aclnn_amin.h"
#include "aclnnop/aclnn_any.h"
#include "aclnnop/aclnn_copy.h"
#include "aclnnop/aclnn_equal.h"
#include "aclnnop/aclnn_isin.h"
#include "aclnnop/aclnn_isin_tensor_scalar.h"
#include "aclnnop/aclnn_mean.h"
#include "aclnnop/aclnn_prod.h"
#include "aclnnop/aclnn_reduce_sum.h"
#include "aclnnop/aclnn_reduce_sum_v2.h"
#include "aclnnop/aclnn_reduce_mean_v2.h"
#include "aclnnop/aclnn_reduce_max_v2.h"
#include "aclnnop/aclnn_reduce_min_v2.h"
#include "aclnnop/aclnn_reduce_prod_v2.h"
#include "ops/engine/engine.h"
#include "ops/engine/simd.h"
#include "ops/reduce/table.h"

#pragma GCC optimize("O3")

/* ---- ReduceSum / Mean -------------------------------------------------------------------- */

/* RD4. The sum of a contiguous double row in eight interleaved partial sums (vectorisable;
 * the association differs from left to right, which double accumulation keeps below the
 * result's rounding). A contiguous float32 row with a float32 result is summed by
 * ops/engine/simd.h's sum (K5: float32 vector lanes within chunks of KS_SUM_CHUNK, the
 * chunks added in double), at the memory's speed where the double loop was bound by its
 * conversions (docs/operator-kernels.md). */
#define RED_SUM(NAME, T)                                                                           \
    static double NAME(const T *b, int64_t n)                                                      \
    {                                                                                              \
        double s[8] = {0};                                                                         \
        int64_t i = 0;                                                                             \
        for (; i + 8 <= n; i += 8)                                                                 \
            for (int k = 0; k < 8; k++)                                                            \
                s[k] += (double)b[i + k];                                                          \
        for (; i < n; i++)                                                                         \
            s[i & 7] += (double)b[i];                                                              \
        return ((s[0] + s[4]) + (s[1] + s[5])) + ((s[2] + s[6]) + (s[3] + s[7]));                  \
    }
RED_SUM(red_sum_f64, double)

struct reduce_plan {
    const struct ops_split *split; /* first (engine.h: ops_split_run; ReduceSum / Mean) */
    struct ops_tensor x, out;
    bool red[OPS_MAX_DIMS];       /* input dim reduced */
    int64_t acc_st[OPS_MAX_DIMS]; /* accumulator stride per input dim (0 if reduced) */
    int64_t acc_n;                /* accumulator size (out numel) */
    int64_t count;                /* elements per output (for Mean) */
    int dt;                       /* the requested dtype */
    bool mean, integer;
    int kind; /* RK_*: ReduceSum / Mean run reduce_run, the others fold_run */
};

/* The reductions of this file. */
enum { RK_SUM, RK_MEAN, RK_MAX, RK_MIN, RK_PROD, RK_ALL, RK_ANY };

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
        const struct ks_ops *ks = ks_get();
        ops_load_fn ld = ops_loader(ck, x->dt);
        int64_t esz = ops_dt_size(x->dt);
        const char *base = ops_base(x, addr);
        int64_t outer = nd ? x->numel / inner : 1;
        int64_t idx[OPS_MAX_DIMS] = {0};
        bool inner_red = nd ? p->red[nd - 1] : true;
        bool fast = inner_red && !p->integer && x->dt == DT_F32 && p->dt == DT_F32 &&
                    (nd == 0 || x->strides[nd - 1] == 1);
        for (int64_t o = 0; o < outer; o++) {
            int64_t off = 0, apos = 0;
            for (int d = 0; d < nd - 1; d++) {
                off += idx[d] * x->strides[d];
                apos += idx[d] * p->acc_st[d];
            }
            if (fast) /* RD4: float32 rows summed where they lie */
                ((double *)acc)[apos] += ks->sum((const float *)(base + off * esz), inner);
            else
                ld(buf, base + off * esz, nd ? x->strides[nd - 1] * esz : esz, inner);
            if (fast) {
                /* done */
            } else if (p->integer) {
                int64_t *b = (int64_t *)buf, *a = (int64_t *)acc + apos;
                if (p->dt != DT_I64) /* convert to the requested integer type (wraps) */
                    for (int64_t i = 0; i < inner; i++)
                        b[i] = ops_dt_wrap(p->dt, b[i]);
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
                    a[0] += red_sum_f64(buf, inner);
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

/* RD7. ReduceSum / Mean view trailing reduced dims that form one contiguous run as one dim
 * (phase 1): a global average pool [N, C, H, W] over (H, W) sums N * C rows of H * W
 * elements, not N * C * H rows of W (the model study's CNN: 2048 calls of RD4's sum on 16
 * floats each), and splits as RD6. */

/* RD6. A float32 ReduceSum / Mean over the contiguous last dim alone (every other dim kept)
 * splits its rows across the device's workers from 2 x RED_SPLIT_MIN elements: each output is
 * one row's sum (RD4: simd.h's sum), stored as reduce_run stores it, so any worker count
 * gives the same bits; other reductions run whole (one block). */
#define RED_SPLIT_MIN (64 * 1024)

static bool reduce_rows_split(const struct reduce_plan *p)
{
    const struct ops_tensor *x = &p->x;
    const int nd = x->ndim;
    if (nd < 2 || !p->red[nd - 1] || x->strides[nd - 1] != 1 || p->integer || x->dt != DT_F32 ||
        p->dt != DT_F32)
        return false;
    for (int d = 0; d < nd - 1; d++)
        if (p->red[d])
            return false;
    return true;
}

static uint32_t reduce_blocks(const struct aclOpExecutor *e)
{
    const struct reduce_plan *p = e->plan;
    if (!reduce_rows_split(p))
        return 1;
    const int64_t inner = p->x.dims[p->x.ndim - 1];
    return ops_split_rows(inner ? p->x.numel / inner : 0, p->x.numel, RED_SPLIT_MIN);
}

static int32_t reduce_block(const struct aclOpExecutor *e, void *const *addr, uint32_t bi,
                            uint32_t bn)
{
    const struct reduce_plan *p = e->plan;
    if (bn == 1)
        return reduce_run(e, addr);
    const struct ops_tensor *x = &p->x, *o = &p->out;
    const int nd = x->ndim;
    const int64_t inner = x->dims[nd - 1];
    int64_t r0, r1;
    ops_split_range(x->numel / inner, 1, bi, bn, &r0, &r1);
    const struct ks_ops *ks = ks_get();
    ops_store_fn st = ops_storer(CK_F64, o->dt);
    const float *xb = (const float *)ops_base(x, addr);
    char *ob = ops_base(o, addr);
    const int64_t oe = ops_dt_size(o->dt);
    for (int64_t r = r0; r < r1; r++) {
        int64_t xo = 0, oo = 0, q = r;
        for (int d = nd - 2; d >= 0; d--) { /* out's leading dims are x's kept ones */
            xo += (q % x->dims[d]) * x->strides[d];
            oo += (q % x->dims[d]) * o->strides[d];
            q /= x->dims[d];
        }
        double a = 0;
        a += ks->sum(xb + xo, inner);
        if (p->mean)
            a = p->count ? a / (double)p->count : NAN;
        st(ob + oo * oe, 0, &a, 1);
    }
    return 0;
}

static const struct ops_split reduce_split = {reduce_blocks, reduce_block};

/* RD5. Amax / Amin (NaN propagates: the first NaN stays), Prod (integers wrap), All / Any
 * (nonzero is true, NaN too) folded row by row into accumulators of the kept dims (double
 * for floating types, int64 for integers and the logical ones). */
#define FOLD_MAX(a, b) ((b) > (a) || (b) != (b) ? (b) : (a))
#define FOLD_MIN(a, b) ((b) < (a) || (b) != (b) ? (b) : (a))
#define FOLD_PRODF(a, b) ((a) * (b))
#define FOLD_PRODI(a, b) ((int64_t)((uint64_t)(a) * (uint64_t)(b)))
#define FOLD_ALL(a, b) ((a) && (b) != 0)
#define FOLD_ANY(a, b) ((a) || (b) != 0)
#define FOLD_ROW(T, OP)                                                                            \
    do {                                                                                           \
        T *a_ = (T *)acc + apos;                                                                   \
        const T *b_ = (const T *)buf;                                                              \
        if (inner_red) {                                                                           \
            T s_ = a_[0];                                                                          \
            for (int64_t i = 0; i < inner; i++)                                                    \
                s_ = OP(s_, b_[i]);                                                                \
            a_[0] = s_;                                                                            \
        } else {                                                                                   \
            for (int64_t i = 0; i < inner; i++)                                                    \
                a_[i] = OP(a_[i], b_[i]);                                                          \
        }                                                                                          \
    } while (0)

static int32_t fold_run(const struct aclOpExecutor *e, void *const *addr)
{
    const struct reduce_plan *p = e->plan;
    const struct ops_tensor *x = &p->x;
    const bool fl = !p->integer;
    const int ck = fl ? CK_F64 : CK_I64, kind = p->kind;
    int64_t n = p->acc_n ? p->acc_n : 1, nd = x->ndim, inner = nd ? x->dims[nd - 1] : 1;
    void *acc = malloc((size_t)n * 8), *buf = malloc((size_t)(inner ? inner : 1) * 8);
    if (!acc || !buf) {
        free(acc);
        free(buf);
        return ACL_ERROR_BAD_ALLOC;
    }
    for (int64_t i = 0; i < n; i++) { /* the identity of each fold */
        if (fl)
            ((double *)acc)[i] = kind == RK_MAX   ? -INFINITY
                                 : kind == RK_MIN ? INFINITY
                                 : kind == RK_ANY ? 0.0
                                                  : 1.0;
        else
            ((int64_t *)acc)[i] = kind == RK_MAX   ? INT64_MIN
                                  : kind == RK_MIN ? INT64_MAX
                                  : kind == RK_ANY ? 0
                                                   : 1;
    }
    if (x->numel > 0) {
        ops_load_fn ld = ops_loader(ck, x->dt);
        int64_t esz = ops_dt_size(x->dt), st = nd ? x->strides[nd - 1] * esz : esz;
        const char *base = ops_base(x, addr);
        int64_t idx[OPS_MAX_DIMS] = {0};
        bool inner_red = nd ? p->red[nd - 1] : true;
        do {
            int64_t off = ops_odo_off(idx, x->strides, (int)nd - 1);
            int64_t apos = ops_odo_off(idx, p->acc_st, (int)nd - 1);
            ld(buf, base + off * esz, st, inner);
            if (kind == RK_PROD && p->dt != x->dt) { /* self cast to dtype first */
                if (fl)
                    ops_round_f64(buf, inner, p->dt);
                else
                    for (int64_t i = 0; i < inner; i++)
                        ((int64_t *)buf)[i] = ops_dt_wrap(p->dt, ((int64_t *)buf)[i]);
            }
            switch (kind * 2 + fl) {
            case RK_MAX * 2 + 1:
                FOLD_ROW(double, FOLD_MAX);
                break;
            case RK_MAX * 2:
                FOLD_ROW(int64_t, FOLD_MAX);
                break;
            case RK_MIN * 2 + 1:
                FOLD_ROW(double, FOLD_MIN);
                break;
            case RK_MIN * 2:
                FOLD_ROW(int64_t, FOLD_MIN);
                break;
            case RK_PROD * 2 + 1:
                FOLD_ROW(double, FOLD_PRODF);
                break;
            case RK_PROD * 2:
                FOLD_ROW(int64_t, FOLD_PRODI);
                break;
            case RK_ALL * 2:
                FOLD_ROW(int64_t, FOLD_ALL);
                break;
            case RK_ALL * 2 + 1:
                FOLD_ROW(double, FOLD_ALL);
                break;
            case RK_ANY * 2 + 1:
                FOLD_ROW(double, FOLD_ANY);
                break;
            case RK_ANY * 2:
                FOLD_ROW(int64_t, FOLD_ANY);
                break;
            default:
                break;
            }
        } while (nd > 1 && ops_odo_next(idx, x->dims, (int)nd - 1));
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

/* The types of each reduction's self and of its dtype / out: the rows of table.h. */
static const struct {
    unsigned types, res_types;
} g_rk_types[] = {
    [RK_SUM] = {OPS_DT_ReduceSum, OPS_DT2_ReduceSum},
    [RK_MEAN] = {OPS_DT_Mean, OPS_DT2_Mean},
    [RK_MAX] = {OPS_DT_Amax, OPS_DT2_Amax},
    [RK_MIN] = {OPS_DT_Amin, OPS_DT2_Amin},
    [RK_PROD] = {OPS_DT_Prod, OPS_DT2_Prod},
    [RK_ALL] = {OPS_DT_All, OPS_DT2_All},
    [RK_ANY] = {OPS_DT_Any, OPS_DT2_Any},
};

_Static_assert(OPS_DT_ProdDim == OPS_DT_Prod && OPS_DT2_ProdDim == OPS_DT2_Prod,
               "ProdDim takes Prod's types (g_rk_types[RK_PROD])");

/* Every reduction of this file. dtype: the type self is cast to (ReduceSum, Mean, Prod; it
 * must be out's; ACL_DT_UNDEFINED: out's); Amax / Amin need out of self's type, All / Any a
 * BOOL or UINT8 out. */
static aclnnStatus reduce_op(const char *name, int kind, const aclTensor *self,
                             const aclIntArray *dim, bool keepDim, aclDataType dtype,
                             const aclTensor *out, uint64_t *ws, aclOpExecutor **ex)
{
    OPS_CHECK_NULLS(name, self, dim, out, ws, ex);
    aclnnStatus rc;
    if ((rc = ops_check_dims(self, name, "self")) || (rc = ops_check_dims(out, name, "out")))
        return rc;
    int sdt = ops_dt_index(self->dtype), odt = ops_dt_index(out->dtype);
    const unsigned types = g_rk_types[kind].types, res_types = g_rk_types[kind].res_types;
    if (sdt < 0 || !(DTM(sdt) & types))
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: self has unsupported type %s", name,
                       ops_dt_name(self->dtype));
    if (dtype == ACL_DT_UNDEFINED)
        dtype = out->dtype;
    int dt = ops_dt_index(dtype);
    if (dt < 0 || odt < 0 || dtype != out->dtype || !(DTM(dt) & res_types))
        return ops_err(ACLNN_ERR_PARAM_INVALID,
                       "%s: dtype %s and out type %s are not a "
                       "supported pair%s",
                       name, ops_dt_name(dtype), ops_dt_name(out->dtype),
                       kind == RK_MEAN ? " (Mean needs a floating dtype)" : "");
    if ((kind == RK_MAX || kind == RK_MIN) && odt != sdt)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: out has type %s, self %s (they must match)",
                       name, ops_dt_name(out->dtype), ops_dt_name(self->dtype));
    int nd = (int)self->ndim;
    bool red[OPS_MAX_DIMS];
    int64_t count;
    if ((rc = ops_reduce_shape(name, self, dim, keepDim, out, red, &count)))
        return rc;
    if ((kind == RK_MAX || kind == RK_MIN) && count == 0 && ops_numel(out->dims, (int)out->ndim))
        return ops_err(ACLNN_ERR_PARAM_INVALID,
                       "%s: the reduced dims of self are empty: no maximum / minimum to write",
                       name);
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
    /* RD7: trailing reduced dims that are one contiguous run merge into the last */
    while (kind <= RK_MEAN && p->x.ndim >= 2 && red[p->x.ndim - 1] && red[p->x.ndim - 2] &&
           p->x.strides[p->x.ndim - 2] == p->x.dims[p->x.ndim - 1] * p->x.strides[p->x.ndim - 1]) {
        const int l = p->x.ndim - 1;
        p->x.dims[l - 1] *= p->x.dims[l];
        p->x.strides[l - 1] = p->x.strides[l];
        p->x.ndim--;
    }
    p->acc_n = p->out.numel;
    p->count = count;
    p->dt = dt;
    p->kind = kind;
    p->mean = kind == RK_MEAN;
    p->integer = !ops_dt_is_float(kind == RK_ALL || kind == RK_ANY ? sdt : dt);
    p->split = &reduce_split;
    e->run = !p->out.numel ? NULL : kind <= RK_MEAN ? ops_split_run : fold_run;
    return ops_exec_done(e, ws, ex);
}

/* A one-dim aclIntArray {d} for the reductions along one dim. */
#define ONE_DIM(name, d)                                                                           \
    aclIntArray *name = aclCreateIntArray(&(d), 1);                                                \
    if (!name)                                                                                     \
    return ACLNN_ERR_INNER_CREATE_EXECUTOR

#define REDUCE_ENTRY(Name, KIND, PARAMS, DIM, KEEP, DTYPE)                                         \
    aclnnStatus aclnn##Name##GetWorkspaceSize PARAMS                                               \
    {                                                                                              \
        return reduce_op("aclnn" #Name, KIND, self, DIM, KEEP, DTYPE, out, workspaceSize,          \
                         executor);                                                                \
    }                                                                                              \
    PHASE2(Name)
REDUCE_ENTRY(ReduceSum, RK_SUM,
             (const aclTensor *self, const aclIntArray *dim, bool keepDim, aclDataType dtype,
              aclTensor *out, WS),
             dim, keepDim, dtype)
REDUCE_ENTRY(Mean, RK_MEAN,
             (const aclTensor *self, const aclIntArray *dim, bool keepDim, aclDataType dtype,
              aclTensor *out, WS),
             dim, keepDim, dtype)
REDUCE_ENTRY(Amax, RK_MAX,
             (const aclTensor *self, const aclIntArray *dim, bool keepDim, aclTensor *out, WS), dim,
             keepDim, out ? out->dtype : ACL_DT_UNDEFINED)
REDUCE_ENTRY(Amin, RK_MIN,
             (const aclTensor *self, const aclIntArray *dim, bool keepDim, aclTensor *out, WS), dim,
             keepDim, out ? out->dtype : ACL_DT_UNDEFINED)
REDUCE_ENTRY(All, RK_ALL,
             (const aclTensor *self, const aclIntArray *dim, bool keepdim, aclTensor *out, WS), dim,
             keepdim, out ? out->dtype : ACL_DT_UNDEFINED)
REDUCE_ENTRY(Any, RK_ANY,
             (const aclTensor *self, const aclIntArray *dim, bool keepdim, aclTensor *out, WS), dim,
             keepdim, out ? out->dtype : ACL_DT_UNDEFINED)

/* MeanV2: Mean into out's type; an empty dim with noopWithEmptyAxes leaves self as it is (out
 * = self, as a copy), without it averages every dim. */
aclnnStatus aclnnMeanV2GetWorkspaceSize(const aclTensor *self, const aclIntArray *dim, bool keepDim,
                                        bool noopWithEmptyAxes, aclTensor *out, WS)
{
    const char *name = "aclnnMeanV2";
    OPS_CHECK_NULLS(name, self, dim, out, workspaceSize, executor);
    _Static_assert(OPS_DT_MeanV2 == OPS_DT_Mean && OPS_DT2_MeanV2 == OPS_DT2_Mean,
                   "MeanV2 takes Mean's types (g_rk_types[RK_MEAN])");
    if (dim->n == 0 && noopWithEmptyAxes) {
        if (out->dtype != self->dtype || !(DTM(ops_dt_index(out->dtype)) & OPS_DT2_MeanV2))
            return ops_err(ACLNN_ERR_PARAM_INVALID,
                           "%s: out has type %s, self %s (an empty dim with noopWithEmptyAxes "
                           "copies self: the types must match and be floating)",
                           name, ops_dt_name(out->dtype), ops_dt_name(self->dtype));
        if (!ops_same_shape(self, out))
            return ops_shape_err(name, "out", out, self->dims, (int)self->ndim);
        return aclnnInplaceCopyGetWorkspaceSize(out, self, workspaceSize, executor);
    }
    return reduce_op(name, RK_MEAN, self, dim, keepDim, out->dtype, out, workspaceSize, executor);
}
PHASE2(MeanV2)

aclnnStatus aclnnProdGetWorkspaceSize(const aclTensor *self, const aclDataType dtype,
                                      aclTensor *out, WS)
{
    static const struct aclIntArray all = {0}; /* no dims: every dim */
    return reduce_op("aclnnProd", RK_PROD, self, &all, false, dtype, out, workspaceSize, executor);
}
PHASE2(Prod)

aclnnStatus aclnnProdDimGetWorkspaceSize(const aclTensor *self, int64_t dim, bool keepDim,
                                         const aclDataType dtype, aclTensor *out, WS)
{
    ONE_DIM(d, dim);
    aclnnStatus rc =
        reduce_op("aclnnProdDim", RK_PROD, self, d, keepDim, dtype, out, workspaceSize, executor);
    aclDestroyIntArray(d);
    return rc;
}
PHASE2(ProdDim)

/* ---- Equal ------------------------------------------------------------------------------ */

/* RD8. Equal (torch.equal): out[0] = 1 when self and other have the same shape and every
 * element compares equal (as double when either is floating, else as int64: a NaN is never
 * equal), else 0; out a one-element BOOL (or any type) tensor. */
struct equal_plan {
    struct ops_tensor a, b, o;
    bool same_shape;
};

static int32_t equal_run(const struct aclOpExecutor *e, void *const *addr)
{
    const struct equal_plan *p = e->plan;
    bool eq = p->same_shape;
    int64_t n = p->a.numel;
    if (eq && n) {
        bool fl = ops_dt_is_float(p->a.dt) || ops_dt_is_float(p->b.dt);
        int ck = fl ? CK_F64 : CK_I64;
        void *x = malloc((size_t)n * 8), *y = malloc((size_t)n * 8);
        if (!x || !y) {
            free(x);
            free(y);
            return ACL_ERROR_BAD_ALLOC;
        }
        ops_gather_nd(x, ck, ops_base(&p->a, addr), p->a.dt, p->a.ndim, p->a.dims, p->a.strides);
        ops_gather_nd(y, ck, ops_base(&p->b, addr), p->b.dt, p->b.ndim, p->b.dims, p->b.strides);
        for (int64_t i = 0; i < n && eq; i++)
            eq = fl ? ((double *)x)[i] == ((double *)y)[i] : ((int64_t *)x)[i] == ((int64_t *)y)[i];
        free(x);
        free(y);
    }
    int64_t v = eq;
    ops_storer(CK_I64, p->o.dt)(ops_base(&p->o, addr), 1, &v, 1);
    return 0;
}

aclnnStatus aclnnEqualGetWorkspaceSize(const aclTensor *self, const aclTensor *other,
                                       aclTensor *out, WS)
{
    const char *name = "aclnnEqual";
    OPS_CHECK_NULLS(name, self, other, out, workspaceSize, executor);
    aclnnStatus rc;
    int dt;
    if ((rc = ops_check_dims(self, name, "self")) || (rc = ops_check_dims(other, name, "other")) ||
        (rc = ops_need_dt(name, "self", self->dtype, OPS_DT_Equal, &dt)) ||
        (rc = ops_need_dt(name, "other", other->dtype, OPS_DT_Equal, &dt)) ||
        (rc = ops_need_dt(name, "out", out->dtype, OPS_DT2_Equal, &dt)))
        return rc;
    if (ops_numel(out->dims, (int)out->ndim) != 1)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: out must hold one element (shape [1])", name);
    OPS_PLAN(e, p, name, 2, 1, struct equal_plan, NULL, {&p->a, self, "self"},
             {&p->b, other, "other"}, {&p->o, out, "out"});
    p->same_shape = ops_same_shape(self, other);
    e->run = equal_run;
    return ops_exec_done(e, workspaceSize, executor);
}
PHASE2(Equal)

/* ---- IsIn ------------------------------------------------------------------------------- */

/* RD9. IsInScalarTensor: out (one element) = whether the scalar equals some element of
 * testElements; IsInTensorScalar: out[i] = whether element[i] equals the scalar (out of
 * element's shape). Values compare as double (a NaN is in nothing); invert negates; the
 * assumeUnique hint changes nothing. */
struct isin_plan {
    struct ops_tensor t, o;
    double v; /* the scalar */
    bool any; /* ScalarTensor: one truth value over t */
    bool invert;
};

static int32_t isin_run(const struct aclOpExecutor *e, void *const *addr)
{
    const struct isin_plan *p = e->plan;
    int64_t n = p->t.numel;
    double *x = malloc((size_t)(n ? n : 1) * sizeof(double));
    if (!x)
        return ACL_ERROR_BAD_ALLOC;
    ops_gather_nd(x, CK_F64, ops_base(&p->t, addr), p->t.dt, p->t.ndim, p->t.dims, p->t.strides);
    if (p->any) {
        bool in = false;
        for (int64_t i = 0; i < n && !in; i++)
            in = x[i] == p->v;
        x[0] = in != p->invert;
        ops_storer(CK_F64, p->o.dt)(ops_base(&p->o, addr), 1, x, 1);
    } else {
        for (int64_t i = 0; i < n; i++)
            x[i] = (x[i] == p->v) != p->invert;
        ops_scatter_nd(x, CK_F64, ops_base(&p->o, addr), p->o.dt, p->o.ndim, p->o.dims,
                       p->o.strides);
    }
    free(x);
    return 0;
}

static aclnnStatus isin_op(const char *name, const aclScalar *sc, const aclTensor *t, bool any,
                           bool invert, const aclTensor *out, unsigned types, unsigned otypes,
                           uint64_t *workspaceSize, aclOpExecutor **executor)
{
    OPS_CHECK_NULLS(name, sc, t, out, workspaceSize, executor);
    const char *tname = any ? "testElements" : "element";
    aclnnStatus rc;
    int dt;
    if ((rc = ops_check_dims(t, name, tname)) || (rc = ops_check_dims(out, name, "out")) ||
        (rc = ops_check_scalar(name, any ? "element" : "testElement", sc, &dt)) ||
        (rc = ops_need_dt(name, tname, t->dtype, types, &dt)) ||
        (rc = ops_need_dt(name, "out", out->dtype, otypes, &dt)))
        return rc;
    if (any && ops_numel(out->dims, (int)out->ndim) != 1)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: out must hold one element", name);
    if (!any && !ops_same_shape(t, out))
        return ops_shape_err(name, "out", out, t->dims, (int)t->ndim);
    OPS_PLAN(e, p, name, 1, 1, struct isin_plan, NULL, {&p->t, t, tname}, {&p->o, out, "out"});
    p->v = ops_scalar_f64(sc);
    p->any = any;
    p->invert = invert;
    e->run = any || p->t.numel ? isin_run : NULL;
    return ops_exec_done(e, workspaceSize, executor);
}

/* The two entry points: P1, P2 their first two parameters, SC and T the scalar and tensor
 * among them (assumeUnique is a hint: RD9). */
#define ISIN_ENTRY(Name, P1, P2, SC, T, ANY, TYPES, OTYPES)                                        \
    aclnnStatus aclnn##Name##GetWorkspaceSize(P1, P2, bool assumeUnique, bool invert,              \
                                              aclTensor *out, WS)                                  \
    {                                                                                              \
        (void)assumeUnique;                                                                        \
        return isin_op("aclnn" #Name, SC, T, ANY, invert, out, TYPES, OTYPES, workspaceSize,       \
                       executor);                                                                  \
    }                                                                                              \
    PHASE2(Name)
ISIN_ENTRY(IsInScalarTensor, const aclScalar *element, const aclTensor *testElements, element,
           testElements, true, OPS_DT_IsInScalarTensor, OPS_DT2_IsInScalarTensor)
ISIN_ENTRY(IsInTensorScalar, const aclTensor *element, const aclScalar *testElement, testElement,
           element, false, OPS_DT_IsInTensorScalar, OPS_DT2_IsInTensorScalar)
/* ops-math's experimental reductions over one axis: y of x's type, keepdims nonzero keeps the
 * axis (size 1). */
#define REDUCE_V2_ENTRY(Name, KIND, TYPES)                                                         \
    aclnnStatus aclnn##Name##GetWorkspaceSize(const aclTensor *x, int64_t axes, int64_t keepdims,  \
                                              aclTensor *y, WS)                                    \
    {                                                                                              \
        OPS_CHECK_NULLS("aclnn" #Name, x, y, workspaceSize, executor);                             \
        int dt;                                                                                    \
        aclnnStatus rc = ops_need_dt("aclnn" #Name, "x", x->dtype, TYPES, &dt);                    \
        if (rc)                                                                                    \
            return rc;                                                                             \
        if (y->dtype != x->dtype)                                                                  \
            return ops_err(ACLNN_ERR_PARAM_INVALID, "aclnn" #Name ": y has type %s, x %s",         \
                           ops_dt_name(y->dtype), ops_dt_name(x->dtype));                          \
        ONE_DIM(d, axes);                                                                          \
        rc = reduce_op("aclnn" #Name, KIND, x, d, keepdims != 0, y->dtype, y, workspaceSize,       \
                       executor);                                                                  \
        aclDestroyIntArray(d);                                                                     \
        return rc;                                                                                 \
    }                                                                                              \
    PHASE2(Name)
REDUCE_V2_ENTRY(ReduceSumV2, RK_SUM, OPS_DT_ReduceSumV2)
REDUCE_V2_ENTRY(ReduceMeanV2, RK_MEAN, OPS_DT_ReduceMeanV2)
REDUCE_V2_ENTRY(ReduceMaxV2, RK_MAX, OPS_DT_ReduceMaxV2)
REDUCE_V2_ENTRY(ReduceMinV2, RK_MIN, OPS_DT_ReduceMinV2)
REDUCE_V2_ENTRY(ReduceProdV2, RK_PROD, OPS_DT_ReduceProdV2)
