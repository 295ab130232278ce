/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Repeating elements by counts read at launch: RepeatInterleave, RepeatInterleaveWithDim,
 * RepeatInterleaveInt, RepeatInterleaveTensor and RepeatInterleaveGrad (the fixed-count form
 * along a dim, RepeatInterleaveIntWithDim, is a per-dim map in ops/shape/remap.c).
 *
 *  RI1. Along a dim d of self (size n; the forms without a dim flatten self to [numel] in
 *      row-major order, d = 0), element i is repeated r_i times, in order: out's size along d
 *      is sum(r_i) and must equal outputSize (out's other dims are self's; the flat forms'
 *      out is 1-d). repeats is a 0-d or 1-d INT32/INT64 tensor with 1 element (every r_i is
 *      that one) or n; the Int forms take one count from the host. Counts are read by the
 *      kernel: a negative count, or a sum other than outputSize, fails the launch with
 *      ACL_ERROR_RT_AICORE_EXCEPTION before anything is written.
 *  RI2. RepeatInterleaveTensor(repeats) is torch.repeat_interleave(repeats): value i repeated
 *      repeats[i] times, out 1-d of repeats' type with outputSize elements.
 *  RI3. RepeatInterleaveGrad(yGrad, repeats, axis) sums the groups RI1 made back: out has
 *      yGrad's shape with the axis's size the number of groups (repeats' element count, or
 *      yGrad.size(axis) / repeats when repeats has one element); each out element is the sum
 *      of its group's yGrad elements, accumulated in double and rounded once to out's type.
 *      The counts must sum to yGrad.size(axis) (checked at launch as in RI1).
 */
#include <stdlib.h>
#include <string.h>

#include "aclnnop/aclnn_repeat_interleave.h"
#include "aclnnop/aclnn_repeat_interleave_grad.h"
#include "ops/engine/engine.h"
#include "ops/index/table.h"

enum ri_kind { RI_FWD, RI_TENSOR, RI_GRAD };

struct ri_plan {
    struct ops_tensor x, rep, out;
    int kind;
    int dim;        /* d of RI1 (0 for the flat forms) */
    bool flat;      /* self read in row-major order as one dim */
    bool host_rep;  /* the count is `count`, not the repeats tensor */
    int64_t count;  /* the Int forms' count */
    int64_t groups; /* n: the elements repeated */
    int64_t total;  /* the repeated size: outputSize, or yGrad's size along the axis */
};

/* src[o] for o in [0, total): the group each repeated position belongs to (RI1); false when a
 * count is negative or the counts do not add up to total. */
static bool ri_map(const struct ri_plan *p, void *const *addr, int64_t *src)
{
    int64_t m = p->host_rep ? 1 : p->rep.numel, one = p->count;
    int64_t *r = NULL;
    if (!p->host_rep) {
        r = malloc((size_t)m * sizeof(int64_t));
        if (!r)
            return false;
        ops_gather_nd(r, CK_I64, ops_base(&p->rep, addr), p->rep.dt, p->rep.ndim, p->rep.dims,
                      p->rep.strides);
        one = r[0];
    }
    int64_t o = 0;
    bool ok = true;
    for (int64_t i = 0; i < p->groups && ok; i++) {
        int64_t c = m == 1 ? one : r[i];
        if (c < 0 || c > p->total - o) {
            ok = false;
            break;
        }
        for (int64_t k = 0; k < c; k++)
            src[o++] = i;
    }
    free(r);
    return ok && o == p->total;
}

/* Offset (elements) of self's element at out position idx whose repeated index is s. */
static int64_t ri_src_off(const struct ops_tensor *x, const int64_t *idx, int d, bool flat,
                          int64_t s)
{
    int64_t off = 0;
    if (flat) {
        for (int k = x->ndim - 1; k >= 0; k--) {
            off += (s % x->dims[k]) * x->strides[k];
            s /= x->dims[k];
        }
        return off;
    }
    for (int k = 0; k < x->ndim; k++)
        off += (k == d ? s : idx[k]) * x->strides[k];
    return off;
}

static int32_t ri_run(const struct aclOpExecutor *e, void *const *addr)
{
    const struct ri_plan *p = e->plan;
    int64_t *src = malloc((size_t)(p->total ? p->total : 1) * sizeof(int64_t));
    if (!src)
        return ACL_ERROR_BAD_ALLOC;
    if (!ri_map(p, addr, src)) {
        free(src);
        return ACL_ERROR_RT_AICORE_EXCEPTION;
    }
    const struct ops_tensor *x = &p->x, *o = &p->out;
    char *ob = ops_base(o, addr);
    int64_t idx[OPS_MAX_DIMS] = {0};
    if (p->kind == RI_TENSOR) {
        for (int64_t j = 0; j < o->numel; j++)
            ops_store_i64(ob + j * o->strides[0] * (int64_t)ops_dt_size(o->dt), o->dt, src[j]);
    } else if (p->kind == RI_FWD && o->numel > 0) {
        const int esz = (int)ops_dt_size(x->dt);
        const char *xb = ops_base(x, addr);
        do {
            int64_t s = src[idx[p->dim]];
            memcpy(ob + ops_odo_off(idx, o->strides, o->ndim) * esz,
                   xb + ri_src_off(x, idx, p->dim, p->flat, s) * esz, (size_t)esz);
        } while (ops_odo_next(idx, o->dims, o->ndim));
    } else if (p->kind == RI_GRAD && o->numel > 0) { /* RI3: x is yGrad, out the sums */
        double *acc = calloc((size_t)o->numel, sizeof(double)), v;
        ops_load_fn load = ops_loader(CK_F64, x->dt);
        if (!acc) {
            free(src);
            return ACL_ERROR_BAD_ALLOC;
        }
        const char *xb = ops_base(x, addr);
        int64_t ost[OPS_MAX_DIMS], st = 1; /* acc is out's shape, row-major */
        for (int k = o->ndim - 1; k >= 0; k--) {
            ost[k] = st;
            st *= o->dims[k];
        }
        const int64_t esz = ops_dt_size(x->dt);
        while (x->numel > 0) {
            int64_t a = 0;
            for (int k = 0; k < x->ndim; k++)
                a += (k == p->dim ? src[idx[k]] : idx[k]) * ost[k];
            load(&v, xb + ops_odo_off(idx, x->strides, x->ndim) * esz, 0, 1);
            acc[a] += v;
            if (!ops_odo_next(idx, x->dims, x->ndim))
                break;
        }
        ops_scatter_nd(acc, CK_F64, ob, o->dt, o->ndim, o->dims, o->strides);
        free(acc);
    }
    free(src);
    return 0;
}

/* The shared phase 1. self is yGrad for RI_GRAD and NULL for RI_TENSOR; rep is NULL for the
 * Int forms (count holds the count); dim < 0 with flat. */
static aclnnStatus ri_op(const char *name, int kind, const aclTensor *self, const aclTensor *rep,
                         bool host, int64_t count, bool flat, int64_t dim, int64_t outputSize,
                         const aclTensor *out, unsigned types, unsigned rtypes, uint64_t *ws,
                         aclOpExecutor **ex)
{
    aclnnStatus rc;
    int sdt = DT_NONE, rdt, odt, d = 0;
    const aclTensor *repeats = rep; /* named as the parameter in messages */
    const aclTensor *yGrad = self;
    if (kind == RI_GRAD)
        OPS_CHECK_NULL(name, yGrad);
    else if (kind != RI_TENSOR)
        OPS_CHECK_NULL(name, self);
    if (!host)
        OPS_CHECK_NULLS(name, repeats, out, ws, ex);
    else
        OPS_CHECK_NULLS(name, out, ws, ex);
    const char *sname = kind == RI_GRAD ? "yGrad" : "self";
    if ((rc = ops_check_dims(out, name, "out")) ||
        (self && ((rc = ops_check_dims(self, name, sname)) ||
                  (rc = ops_need_dt(name, sname, self->dtype, types, &sdt)))) ||
        (rep && ((rc = ops_check_dims(rep, name, "repeats")) ||
                 (rc = ops_need_dt(name, "repeats", rep->dtype, rtypes, &rdt)))) ||
        (rc = ops_need_dt(name, "out", out->dtype, kind == RI_TENSOR ? DTM_IDX : types, &odt)))
        return rc;
    if (odt != (kind == RI_TENSOR ? rdt : sdt))
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: out has type %s, %s has %s; they must match",
                       name, ops_dt_name(out->dtype), kind == RI_TENSOR ? "repeats" : sname,
                       ops_dt_name(kind == RI_TENSOR ? rep->dtype : self->dtype));
    if (rep && rep->ndim > 1)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: repeats has %u dims, it must be 0-d or 1-d",
                       name, rep->ndim);
    int64_t rn = rep ? ops_numel(rep->dims, (int)rep->ndim) : 1;
    int nd = self ? (int)self->ndim : 1;
    int64_t n; /* the groups */
    if (kind == RI_TENSOR) {
        n = rn;
    } else if (flat) {
        n = ops_numel(self->dims, nd);
    } else {
        if (nd == 0)
            return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: %s is 0-d, it has no dim %lld", name,
                           sname, (long long)dim);
        if ((rc = ops_wrap_dim(name, dim, nd, &d)))
            return rc;
        n = self->dims[d];
    }
    int64_t want[OPS_MAX_DIMS];
    int nw = 1;
    if (kind == RI_GRAD) {
        int64_t m = self->dims[d];
        n = rn;
        memcpy(want, self->dims, (size_t)nd * sizeof(int64_t));
        nw = nd;
        if (rn == 1) { /* one count c: m / c groups, out's size there says which */
            if ((int)out->ndim != nd || out->dims[d] <= 0 || m % out->dims[d])
                return ops_err(ACLNN_ERR_PARAM_INVALID,
                               "%s: out's size along axis %d must divide yGrad's (%lld)", name, d,
                               (long long)m);
            n = out->dims[d];
        }
        want[d] = n;
        outputSize = m;
    } else {
        if (rn != 1 && rn != n)
            return ops_err(ACLNN_ERR_PARAM_INVALID,
                           "%s: repeats has %lld elements, it must have 1 or %lld", name,
                           (long long)rn, (long long)n);
        if (outputSize < 0)
            return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: outputSize %lld is negative", name,
                           (long long)outputSize);
        if (!rep) {
            int64_t size;
            if (count < 0 || __builtin_mul_overflow(count, n, &size) || size != outputSize)
                return ops_err(ACLNN_ERR_PARAM_INVALID,
                               "%s: outputSize %lld is not repeats (%lld) times %lld", name,
                               (long long)outputSize, (long long)count, (long long)n);
        }
        if (kind == RI_FWD && !flat) {
            memcpy(want, self->dims, (size_t)nd * sizeof(int64_t));
            nw = nd;
        }
        want[flat || kind == RI_TENSOR ? 0 : d] = outputSize;
    }
    if ((rc = ops_check_shape(name, want, nw, out, "out")))
        return rc;
    struct ri_plan *p;
    struct aclOpExecutor *e;
    if (kind == RI_TENSOR) {
        OPS_PLAN(e1, p1, name, 1, 1, struct ri_plan, NULL, {&p1->rep, rep, "repeats"},
                 {&p1->out, out, "out"});
        e = e1, p = p1;
    } else if (rep) {
        OPS_PLAN(e2, p2, name, 2, 1, struct ri_plan, NULL, {&p2->x, self, sname},
                 {&p2->rep, rep, "repeats"}, {&p2->out, out, "out"});
        e = e2, p = p2;
    } else {
        OPS_PLAN(e3, p3, name, 1, 1, struct ri_plan, NULL, {&p3->x, self, sname},
                 {&p3->out, out, "out"});
        e = e3, p = p3;
    }
    p->kind = kind;
    p->dim = d;
    p->flat = flat;
    p->host_rep = !rep;
    p->count = count;
    p->groups = n;
    p->total = outputSize;
    /* No groups and an empty out: nothing to check or write (groups with an empty out still
     * have their counts checked). */
    e->run = n > 0 || ops_numel(out->dims, (int)out->ndim) > 0 ? ri_run : NULL;
    return ops_exec_done(e, ws, ex);
}

aclnnStatus aclnnRepeatInterleaveGetWorkspaceSize(const aclTensor *self, const aclTensor *repeats,
                                                  int64_t outputSize, aclTensor *out, WS)
{
    return ri_op("aclnnRepeatInterleave", RI_FWD, self, repeats, false, 0, true, -1, outputSize,
                 out, OPS_DT_RepeatInterleave, OPS_DT2_RepeatInterleave, workspaceSize, executor);
}
PHASE2(RepeatInterleave)

aclnnStatus aclnnRepeatInterleaveWithDimGetWorkspaceSize(const aclTensor *self,
                                                         const aclTensor *repeats, int64_t dim,
                                                         int64_t outputSize, aclTensor *out, WS)
{
    return ri_op("aclnnRepeatInterleaveWithDim", RI_FWD, self, repeats, false, 0, false, dim,
                 outputSize, out, OPS_DT_RepeatInterleaveWithDim, OPS_DT2_RepeatInterleaveWithDim,
                 workspaceSize, executor);
}
PHASE2(RepeatInterleaveWithDim)

aclnnStatus aclnnRepeatInterleaveIntGetWorkspaceSize(const aclTensor *self, int64_t repeats,
                                                     int64_t outputSize, aclTensor *out, WS)
{
    return ri_op("aclnnRepeatInterleaveInt", RI_FWD, self, NULL, true, repeats, true, -1,
                 outputSize, out, OPS_DT_RepeatInterleaveInt, 0, workspaceSize, executor);
}
PHASE2(RepeatInterleaveInt)

aclnnStatus aclnnRepeatInterleaveTensorGetWorkspaceSize(const aclTensor *repeats,
                                                        int64_t outputSize, aclTensor *out, WS)
{
    return ri_op("aclnnRepeatInterleaveTensor", RI_TENSOR, NULL, repeats, false, 0, true, -1,
                 outputSize, out, OPS_DT_RepeatInterleaveTensor, OPS_DT2_RepeatInterleaveTensor,
                 workspaceSize, executor);
}
PHASE2(RepeatInterleaveTensor)

aclnnStatus aclnnRepeatInterleaveGradGetWorkspaceSize(const aclTensor *yGrad,
                                                      const aclTensor *repeats, int64_t axis,
                                                      aclTensor *out, WS)
{
    return ri_op("aclnnRepeatInterleaveGrad", RI_GRAD, yGrad, repeats, false, 0, false, axis, 0,
                 out, OPS_DT_RepeatInterleaveGrad, OPS_DT2_RepeatInterleaveGrad, workspaceSize,
                 executor);
}
PHASE2(RepeatInterleaveGrad)
