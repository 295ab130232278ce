/* SPDX-License-Identifier: Apache-2.0 */
/*
 * LinalgCross: the cross product of 3-vectors along one dim.
 *
 *  CR1. self and other broadcast together (to out's shape), whose dim (wrapped against
 *      self's dims, as CANN checks it) must have 3 elements; out = (a1 b2 - a2 b1,
 *      a2 b0 - a0 b2, a0 b1 - a1 b0) along it (torch.linalg.cross). The three tensors are of
 *      one type; floating types compute in double and round to it once, integers in int64
 *      with wrap-around (two's complement, as torch's integer arithmetic).
 */
#include <stdlib.h>
#include <string.h>

#include "aclnnop/aclnn_linalg_cross.h"
#include "ops/engine/engine.h"
#include "ops/matmul/table.h"

struct cr_plan {
    struct ops_tensor a, b, out; /* a, b viewed with out's dims (broadcast strides 0) */
    int64_t inner;               /* elements after dim, in out's row-major order */
    bool ints;
};

/* t viewed with the dims of o (t's dims right-aligned; size-1 and missing dims stride 0). */
static void cr_bcast(struct ops_tensor *t, const struct ops_tensor *o)
{
    int64_t st[OPS_MAX_DIMS] = {0};
    int off = o->ndim - t->ndim;
    for (int d = off; d < o->ndim; d++)
        st[d] = t->dims[d - off] == 1 ? 0 : t->strides[d - off];
    memcpy(t->strides, st, sizeof(st));
    memcpy(t->dims, o->dims, sizeof(st));
    t->ndim = o->ndim;
}

static int32_t cr_run(const struct aclOpExecutor *e, void *const *addr)
{
    const struct cr_plan *p = e->plan;
    const struct ops_tensor *o = &p->out;
    int64_t n = o->numel, in = p->inner;
    int ck = p->ints ? CK_I64 : CK_F64;
    char *buf = malloc((size_t)n * 8 * 3);
    if (!buf)
        return ACL_ERROR_BAD_ALLOC;
    void *av = buf, *bv = buf + n * 8, *ov = buf + 2 * n * 8;
    ops_gather_nd(av, ck, ops_base(&p->a, addr), p->a.dt, p->a.ndim, p->a.dims, p->a.strides);
    ops_gather_nd(bv, ck, ops_base(&p->b, addr), p->b.dt, p->b.ndim, p->b.dims, p->b.strides);
    for (int64_t base = 0; base < n; base += 3 * in) /* each block: the 3 slices along dim */
        for (int64_t j = 0; j < in; j++) {
            int64_t i0 = base + j, i1 = i0 + in, i2 = i1 + in;
            if (p->ints) { /* CR1: wrap-around */
                const uint64_t *a = av, *b = bv;
                uint64_t *r = ov;
                r[i0] = a[i1] * b[i2] - a[i2] * b[i1];
                r[i1] = a[i2] * b[i0] - a[i0] * b[i2];
                r[i2] = a[i0] * b[i1] - a[i1] * b[i0];
            } else {
                const double *a = av, *b = bv;
                double *r = ov;
                r[i0] = a[i1] * b[i2] - a[i2] * b[i1];
                r[i1] = a[i2] * b[i0] - a[i0] * b[i2];
                r[i2] = a[i0] * b[i1] - a[i1] * b[i0];
            }
        }
    ops_scatter_nd(ov, ck, ops_base(o, addr), o->dt, o->ndim, o->dims, o->strides);
    free(buf);
    return 0;
}

aclnnStatus aclnnLinalgCrossGetWorkspaceSize(const aclTensor *self, const aclTensor *other,
                                             int64_t dim, aclTensor *out, WS)
{
    const char *name = "aclnnLinalgCross";
    OPS_CHECK_NULLS(name, self, other, out, workspaceSize, executor);
    aclnnStatus rc;
    int sdt, odt, rdt, d;
    if ((rc = ops_check_dims(self, name, "self")) || (rc = ops_check_dims(other, name, "other")) ||
        (rc = ops_check_dims(out, name, "out")) ||
        (rc = ops_need_dt(name, "self", self->dtype, OPS_DT_LinalgCross, &sdt)) ||
        (rc = ops_need_dt(name, "other", other->dtype, OPS_DT_LinalgCross, &odt)) ||
        (rc = ops_need_dt(name, "out", out->dtype, OPS_DT_LinalgCross, &rdt)))
        return rc;
    if (sdt != odt || sdt != rdt)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: self %s, other %s and out %s must be one type",
                       name, ops_dt_name(self->dtype), ops_dt_name(other->dtype),
                       ops_dt_name(out->dtype));
    if ((rc = ops_check_broadcast(name, self, other, out, "out")) ||
        (rc = ops_wrap_dim(name, dim, (int)self->ndim, &d)))
        return rc;
    int od = (int)out->ndim, bd = d + od - (int)self->ndim; /* dim in the broadcast shape */
    if (od == 0 || out->dims[bd] != 3)
        return ops_err(ACLNN_ERR_PARAM_INVALID,
                       "%s: dim %lld of the broadcast shape has %lld elements (3)", name,
                       (long long)dim, (long long)(od ? out->dims[bd] : 0));
    OPS_PLAN(e, p, name, 2, 1, struct cr_plan, NULL, {&p->a, self, "self"}, {&p->b, other, "other"},
             {&p->out, out, "out"});
    cr_bcast(&p->a, &p->out);
    cr_bcast(&p->b, &p->out);
    p->inner = ops_numel(out->dims + bd + 1, od - bd - 1);
    p->ints = !ops_dt_is_float(sdt);
    e->run = p->out.numel ? cr_run : NULL;
    return ops_exec_done(e, workspaceSize, executor);
}

PHASE2(LinalgCross)
