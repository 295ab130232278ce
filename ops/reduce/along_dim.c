/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Reductions and scans along one dim: ArgMax / ArgMin (the index of the largest /
 * smallest value) and Cumsum (the running sum).
 *
 * Semantics follow AscendCL's operators (ops-nn / ops-math op_api sources,
 * Ascend910B data type lists):
 *  AD2. ArgMax returns the first index of the largest value along dim; a NaN
 *      counts as larger than everything (the first NaN wins). out is INT32 or
 *      INT64. An argmax over a zero-length dim with a non-empty out is
 *      refused with 161002 (there is no answer to write).
 *  AD4. CumsumV2 (out of self's type): exclusive leaves x[i] out of y[i] (y[0] = 0),
 *      reverse sums from the last element (y[i] = x[i] + ... + x[n-1]); both: x[i+1..n-1].
 *  AD3. Cumsum converts self to out's type as aclnnCast would (dtype must be
 *      out's type; float to integer truncates and saturates) and sums in it:
 *      floating sums accumulate in double and round per element to out's
 *      type, integer sums wrap (two's complement).
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "aclnnop/aclnn_argmax.h"
#include "aclnnop/aclnn_argmin.h"
#include "aclnnop/aclnn_cumsum.h"
#include "ops/engine/engine.h"
#include "ops/reduce/extreme.h"
#include "ops/reduce/table.h"
#pragma GCC optimize("O3")

/* ---- ArgMax ---------------------------------------------------------------------------------- */

struct argmax_plan {
    struct ops_tensor x, out;
    int dim; /* self's dim (0 for a 0-d self) */
    int on;  /* outer dims: every self dim but dim */
    int64_t odims[OPS_MAX_DIMS], xst[OPS_MAX_DIMS], ost[OPS_MAX_DIMS];
    bool min; /* ArgMin */
};

static int32_t argmax_run(const struct aclOpExecutor *e, void *const *addr)
{
    const struct argmax_plan *p = e->plan;
    const struct ops_tensor *x = &p->x;
    bool fl = ops_dt_is_float(x->dt);
    int ck = fl ? CK_F64 : CK_I64;
    int64_t len = x->ndim ? x->dims[p->dim] : 1;
    void *row = malloc((size_t)len * 8);
    if (!row)
        return ACL_ERROR_BAD_ALLOC;
    ops_load_fn ld = ops_loader(ck, x->dt);
    int64_t xe = ops_dt_size(x->dt), oe = ops_dt_size(p->out.dt);
    int64_t xs = (x->ndim ? x->strides[p->dim] : 1) * xe;
    const char *xb = ops_base(x, addr);
    char *ob = ops_base(&p->out, addr);
    int64_t idx[OPS_MAX_DIMS] = {0};
    do {
        ld(row, xb + ops_odo_off(idx, p->xst, p->on) * xe, xs, len);
        double vf;
        int64_t vi;
        const int64_t best =
            fl ? red_extreme_f64(row, len, p->min, &vf) : red_extreme_i64(row, len, p->min, &vi);
        ops_store_i64(ob + ops_odo_off(idx, p->ost, p->on) * oe, p->out.dt, best);
    } while (ops_odo_next(idx, p->odims, p->on));
    free(row);
    return 0;
}

/* The argument checks both operators start with: ranks, then the two types in the order
 * the reference checks them (out_first: out's type before self's). */
static aclnnStatus along_args(const char *name, const aclTensor *self, const aclTensor *out,
                              unsigned self_mask, unsigned out_mask, bool out_first, int *sdt,
                              int *odt)
{
    aclnnStatus rc;
    if ((rc = ops_check_dims(self, name, "self")) || (rc = ops_check_dims(out, name, "out")))
        return rc;
    if (out_first && (rc = ops_need_dt(name, "out", out->dtype, out_mask, odt)))
        return rc;
    if ((rc = ops_need_dt(name, "self", self->dtype, self_mask, sdt)))
        return rc;
    return out_first ? ACLNN_SUCCESS : ops_need_dt(name, "out", out->dtype, out_mask, odt);
}

static aclnnStatus arg_op(const char *name, bool min, const aclTensor *self, int64_t dim,
                          bool keepdim, aclTensor *out, uint64_t *workspaceSize,
                          aclOpExecutor **executor)
{
    OPS_CHECK_NULLS(name, self, out, workspaceSize, executor);
    aclnnStatus rc;
    int sdt, odt, d = 0;
    if ((rc = along_args(name, self, out, min ? OPS_DT_ArgMin : OPS_DT_ArgMax,
                         min ? OPS_DT2_ArgMin : OPS_DT2_ArgMax, false, &sdt, &odt)))
        return rc;
    int nd = (int)self->ndim;
    if ((rc = ops_wrap_dim(name, dim, nd, &d)))
        return rc;
    int64_t want[OPS_MAX_DIMS];
    int nw = 0;
    for (int q = 0; q < nd; q++)
        if (q != d)
            want[nw++] = self->dims[q];
        else if (keepdim)
            want[nw++] = 1;
    /* A 0-d self: a 0-d out, or [1] (AscendCL reshapes self to [1]). */
    bool ok = nd ? ops_shape_is(out, want, nw)
                 : (out->ndim == 0 || (out->ndim == 1 && out->dims[0] == 1));
    if (!ok)
        return ops_shape_err(name, "out", out, want, nw);
    int64_t on_el = ops_numel(out->dims, (int)out->ndim);
    if (on_el > 0 && ops_numel(self->dims, nd) == 0)
        return ops_err(ACLNN_ERR_PARAM_INVALID,
                       "%s: an index over the empty dim %d of self has no result", name, d);

    OPS_PLAN(e, p, name, 1, 1, struct argmax_plan, NULL, {&p->x, self, "self"},
             {&p->out, out, "out"});
    p->dim = d;
    p->min = min;
    for (int q = 0, oq = 0; q < nd; q++) {
        if (q == d) {
            oq += keepdim;
            continue;
        }
        p->odims[p->on] = self->dims[q];
        p->xst[p->on] = self->strides[q];
        p->ost[p->on] = out->strides[oq++];
        p->on++;
    }
    e->run = on_el > 0 ? argmax_run : NULL;
    return ops_exec_done(e, workspaceSize, executor);
}

aclnnStatus aclnnArgMaxGetWorkspaceSize(const aclTensor *self, int64_t dim, bool keepdim,
                                        aclTensor *out, WS)
{
    return arg_op("aclnnArgMax", false, self, dim, keepdim, out, workspaceSize, executor);
}
PHASE2(ArgMax)

aclnnStatus aclnnArgMinGetWorkspaceSize(const aclTensor *self, int64_t dim, bool keepdim,
                                        aclTensor *out, WS)
{
    return arg_op("aclnnArgMin", true, self, dim, keepdim, out, workspaceSize, executor);
}
PHASE2(ArgMin)

/* ---- Cumsum ---------------------------------------------------------------------------------- */

struct cumsum_plan {
    struct ops_tensor x, out;
    int dim;                 /* (0 for a 0-d self) */
    int on;                  /* outer dims: every dim but dim */
    bool exclusive, reverse; /* CumsumV2 (AD4) */
    int64_t odims[OPS_MAX_DIMS], xst[OPS_MAX_DIMS], ost[OPS_MAX_DIMS];
};

static int32_t cumsum_run(const struct aclOpExecutor *e, void *const *addr)
{
    const struct cumsum_plan *p = e->plan;
    const struct ops_tensor *x = &p->x, *o = &p->out;
    bool fl = ops_dt_is_float(o->dt), from_float = ops_dt_is_float(x->dt);
    int ck = fl ? CK_F64 : CK_I64;
    int64_t lo, hi;
    ops_dt_int_range(o->dt, &lo, &hi);
    int64_t len = x->ndim ? x->dims[p->dim] : 1;
    void *row = malloc((size_t)len * 8);
    if (!row)
        return ACL_ERROR_BAD_ALLOC;
    ops_load_fn ld = ops_loader(ck, x->dt);
    ops_store_fn st = ops_storer(ck, o->dt);
    int64_t xe = ops_dt_size(x->dt), oe = ops_dt_size(o->dt);
    int64_t xs = (x->ndim ? x->strides[p->dim] : 1) * xe;
    int64_t os = (o->ndim ? o->strides[p->dim] : 1) * oe;
    const char *xb = ops_base(x, addr);
    char *ob = ops_base(o, addr);
    int64_t idx[OPS_MAX_DIMS] = {0};
    do {
        ld(row, xb + ops_odo_off(idx, p->xst, p->on) * xe, xs, len);
        /* i runs from first to last, or backwards (reverse); exclusive sums leave x[i] out */
        int64_t first = p->reverse ? len - 1 : 0, step = p->reverse ? -1 : 1;
        if (fl) {
            double *r = row, s = 0;
            ops_round_f64(r, len, o->dt); /* self converted to out's type first (AD3) */
            for (int64_t k = 0, i = first; k < len; k++, i += step) {
                double v = r[i];
                r[i] = p->exclusive ? s : s + v;
                s += v;
            }
        } else { /* the wrapped int64 sum stores as the wrapped sum in out's type */
            int64_t *r = row;
            uint64_t s = 0;
            if (from_float) /* a float -> integer Cast saturates (to int64 by the loader) */
                for (int64_t i = 0; i < len; i++)
                    r[i] = r[i] < lo ? lo : r[i] > hi ? hi : r[i];
            for (int64_t k = 0, i = first; k < len; k++, i += step) {
                uint64_t v = (uint64_t)r[i];
                r[i] = (int64_t)(p->exclusive ? s : s + v);
                s += v;
            }
        }
        st(ob + ops_odo_off(idx, p->ost, p->on) * oe, os, row, len);
    } while (ops_odo_next(idx, p->odims, p->on));
    free(row);
    return 0;
}

static aclnnStatus cumsum_op(const char *name, const aclTensor *self, int64_t dim,
                             aclDataType dtype, bool exclusive, bool reverse, const aclTensor *out,
                             uint64_t *workspaceSize, aclOpExecutor **executor)
{
    OPS_CHECK_NULLS(name, self, out, workspaceSize, executor);
    aclnnStatus rc;
    int sdt, odt, d = 0;
    if ((rc = along_args(name, self, out, OPS_DT_Cumsum, OPS_DT2_Cumsum, true, &sdt, &odt)))
        return rc;
    if (dtype != out->dtype)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: dtype %s differs from out's type %s", name,
                       ops_dt_name(dtype), ops_dt_name(out->dtype));
    if (!ops_same_shape(self, out))
        return ops_shape_err(name, "out", out, self->dims, (int)self->ndim);
    int nd = (int)self->ndim;
    if ((rc = ops_wrap_dim(name, dim, nd, &d)))
        return rc;
    OPS_PLAN(e, p, name, 1, 1, struct cumsum_plan, NULL, {&p->x, self, "self"},
             {&p->out, out, "out"});
    p->dim = d;
    p->exclusive = exclusive;
    p->reverse = reverse;
    for (int q = 0; q < nd; q++)
        if (q != d) {
            p->odims[p->on] = self->dims[q];
            p->xst[p->on] = self->strides[q];
            p->ost[p->on] = out->strides[q];
            p->on++;
        }
    e->run = p->x.numel > 0 ? cumsum_run : NULL;
    return ops_exec_done(e, workspaceSize, executor);
}

aclnnStatus aclnnCumsumGetWorkspaceSize(const aclTensor *self, int64_t dim, aclDataType dtype,
                                        aclTensor *out, WS)
{
    return cumsum_op("aclnnCumsum", self, dim, dtype, false, false, out, workspaceSize, executor);
}
PHASE2(Cumsum)

/* CumsumV2: out of self's type (AD4). */
aclnnStatus aclnnCumsumV2GetWorkspaceSize(const aclTensor *self, int64_t dim, bool exclusive,
                                          bool reverse, aclTensor *out, WS)
{
    _Static_assert(OPS_DT_CumsumV2 == OPS_DT_Cumsum && OPS_DT2_CumsumV2 == OPS_DT2_Cumsum,
                   "CumsumV2 takes Cumsum's types");
    if (self && out && self->dtype != out->dtype)
        return ops_err(ACLNN_ERR_PARAM_INVALID,
                       "aclnnCumsumV2: out has type %s, self %s (they "
                       "must match)",
                       ops_dt_name(out->dtype), ops_dt_name(self->dtype));
    return cumsum_op("aclnnCumsumV2", self, dim, out ? out->dtype : ACL_DT_UNDEFINED, exclusive,
                     reverse, out, workspaceSize, executor);
}
PHASE2(CumsumV2)
