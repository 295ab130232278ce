/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Reductions over a set of dims: ReduceSum and Mean. (ArgMax and Cumsum,
 * along one dim, are in along_dim.c; the norms in norm/.)
 *
 *  RD1. ReduceSum/Mean read the input in memory order and accumulate into a
 *      contiguous accumulator over the kept dimensions (double for floating
 *      results, int64 for integer ones), so a reduction over any set of
 *      dims makes one pass over the input with unit-stride inner loops when
 *      the input is contiguous. The input is first converted to the
 *      requested dtype (AscendCL casts self to dtype, then reduces).
 *  RD3. An empty reduction sums to 0 (Mean of nothing is NaN).
 *  RD4. (red_sum_f64) */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "aclnnop/aclnn_mean.h"
#include "aclnnop/aclnn_reduce_sum.h"
#include "ops/engine/engine.h"
#include "ops/reduce/table.h"

#pragma GCC optimize("O3")

/* ---- ReduceSum / Mean -------------------------------------------------------------------- */

/* RD4. The sum of a contiguous row in eight interleaved partial sums (vectorisable; the
 * association differs from left to right, which double accumulation of float data keeps
 * below the result's rounding). */
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
RED_SUM(red_sum_f32, float)

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
        bool fast = inner_red && !p->integer && x->dt == DT_F32 && p->dt == DT_F32 &&
                    (nd == 0 || x->strides[nd - 1] == 1);
        for (int64_t o = 0; o < outer; o++) {
            int64_t off = 0, apos = 0;
            for (int d = 0; d < nd - 1; d++) {
                off += idx[d] * x->strides[d];
                apos += idx[d] * p->acc_st[d];
            }
            if (fast) /* RD4: float32 rows summed where they lie */
                ((double *)acc)[apos] += red_sum_f32((const float *)(base + off * esz), inner);
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
    /* The types of self and of dtype / out: the rows of table.h. */
    const unsigned types = mean ? OPS_DT_Mean : OPS_DT_ReduceSum;
    const unsigned res_types = mean ? OPS_DT2_Mean : OPS_DT2_ReduceSum;
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
