/* SPDX-License-Identifier: Apache-2.0 */
/*
 * MaxUnpool2d and MaxUnpool3d: the max poolings' inverse, self's elements put back at the
 * flat positions of their indices in a zeroed out (torch.nn.functional.max_unpool2d/3d;
 * ops-nn's index/scatter_elements, its checks).
 *
 *  MU1. self and indices of one shape: MaxUnpool2d (C, H, W) or (N, C, H, W), MaxUnpool3d
 *      (N, D, H, W) or (N, C, D, H, W); self FLOAT, FLOAT16, DOUBLE, INT8, UINT8, INT16, INT32,
 *      INT64, indices INT32 or INT64, out of self's type. outputSize holds the out's spatial
 *      sizes (2 or 3, each > 0, their product at least self's spatial one); out's leading dims
 *      are self's. Every dim of self but the first must be > 0; an empty self runs nothing.
 *      MaxUnpool3d's stride (3 elements, each > 0) and padding (3 elements) are checked and
 *      unused (CANN: reserved).
 *  MU2. Per plane (the leading dims), out is zeroed and out[indices[i]] = self[i] over the
 *      plane's flat spatial positions in order: of equal indices the last wins (CANN's
 *      ScatterElements and torch leave the order unspecified). Element bits move unchanged. An
 *      index outside [0, the out plane's size) fails the launch with
 *      ACL_ERROR_RT_AICORE_EXCEPTION before anything is written (as Embedding).
 *  MU3. MaxUnpool2dBackward / 3dBackward: out[plane][i] = gradOutput[plane][indices[plane][i]]
 *      (a gather), out of self's and indices' shape, gradOutput of self's leading dims and
 *      outputSize's spatial ones, gradOutput of self's type cast to out's (CANN's lists: 2d
 *      FLOAT, FLOAT16, INT8, UINT8, INT16, INT32, INT64, BOOL; 3d FLOAT, FLOAT16, DOUBLE, INT8,
 *      UINT8, INT16, INT32, INT64, out contiguous). An index outside the gradOutput plane fails
 *      the launch before any write, as MU2. An empty self runs nothing; an empty gradOutput
 *      with a non-empty self is refused (161002, CANN's check).
 */
#include <stdlib.h>
#include <string.h>

#include "aclnnop/aclnn_max_unpool2d.h"
#include "aclnnop/aclnn_max_unpool2d_backward.h"
#include "aclnnop/aclnn_max_unpool3d.h"
#include "aclnnop/aclnn_max_unpool3d_backward.h"
#include "ops/engine/engine.h"
#include "ops/pool/table.h"

struct mu_plan {
    struct ops_tensor self, indices, out, grad; /* grad: the backward's gradOutput (MU3) */
    int64_t planes, in_plane, out_plane;
};

/* The indices as int64 into ix, each checked to lie in [0, out_plane) before the caller writes
 * anything (MU2, MU3): 0, or ACL_ERROR_RT_AICORE_EXCEPTION. */
static int32_t mu_indices(const struct mu_plan *p, void *const *addr, int64_t *ix)
{
    const struct ops_tensor *t = &p->indices;
    ops_gather_nd(ix, CK_I64, ops_base(t, addr), t->dt, t->ndim, t->dims, t->strides);
    for (int64_t i = 0; i < t->numel; i++)
        if (ix[i] < 0 || ix[i] >= p->out_plane)
            return ACL_ERROR_RT_AICORE_EXCEPTION;
    return 0;
}

static int32_t mu_run(const struct aclOpExecutor *e, void *const *addr)
{
    const struct mu_plan *p = e->plan;
    const int ck = ops_ck_raw(p->self.dt);
    const size_t es = (size_t)ops_ck_size(ck);
    char *v = malloc((size_t)p->self.numel * es);
    int64_t *ix = malloc((size_t)p->indices.numel * sizeof(int64_t));
    char *o = calloc((size_t)p->out.numel, es); /* zero bits: 0 in every type */
    int32_t rc = 0;
    if (!v || !ix || !o) {
        rc = ACL_ERROR_BAD_ALLOC;
        goto done;
    }
    const struct ops_tensor *s = &p->self, *d = &p->out;
    ops_gather_nd(v, ck, ops_base(s, addr), s->dt, s->ndim, s->dims, s->strides);
    if ((rc = mu_indices(p, addr, ix)))
        goto done;
    for (int64_t pl = 0; pl < p->planes; pl++)
        for (int64_t i = 0; i < p->in_plane; i++) {
            int64_t src = pl * p->in_plane + i;
            memcpy(o + (size_t)(pl * p->out_plane + ix[src]) * es, v + (size_t)src * es, es);
        }
    ops_scatter_nd(o, ck, ops_base(d, addr), d->dt, d->ndim, d->dims, d->strides);
done:
    free(v);
    free(ix);
    free(o);
    return rc;
}

/* MU3: out = gradOutput gathered at indices, per plane (out_plane: gradOutput's). */
static int32_t mu_bwd_run(const struct aclOpExecutor *e, void *const *addr)
{
    const struct mu_plan *p = e->plan;
    const struct ops_tensor *g = &p->grad, *t = &p->indices, *d = &p->out;
    /* integers stay exact as int64, floats as double */
    const int ck = ops_dt_is_float(g->dt) || ops_dt_is_float(d->dt) ? CK_F64 : CK_I64;
    char *gv = malloc((size_t)g->numel * 8), *o = malloc((size_t)d->numel * 8);
    int64_t *ix = malloc((size_t)t->numel * sizeof(int64_t));
    int32_t rc = 0;
    if (!gv || !o || !ix) {
        rc = ACL_ERROR_BAD_ALLOC;
        goto done;
    }
    ops_gather_nd(gv, ck, ops_base(g, addr), g->dt, g->ndim, g->dims, g->strides);
    if ((rc = mu_indices(p, addr, ix)))
        goto done;
    for (int64_t pl = 0; pl < p->planes; pl++)
        for (int64_t i = 0; i < p->in_plane; i++) {
            int64_t k = pl * p->in_plane + i;
            memcpy(o + (size_t)k * 8, gv + (size_t)(pl * p->out_plane + ix[k]) * 8, 8);
        }
    ops_scatter_nd(o, ck, ops_base(d, addr), d->dt, d->ndim, d->dims, d->strides);
done:
    free(gv);
    free(o);
    free(ix);
    return rc;
}

/* The shared phase 1: k spatial dims (2 or 3) at the end of self, whose rank is k + 1 or
 * k + 2 (MU1). */
static aclnnStatus mu_op(const char *name, const aclTensor *self, const aclTensor *indices,
                         const aclIntArray *outputSize, aclTensor *out, const char *oname, int k,
                         unsigned types, unsigned itypes, WS)
{
    aclnnStatus rc;
    int dt, idt;
    if ((rc = ops_check_dims(self, name, "self")) ||
        (rc = ops_check_dims(indices, name, "indices")) ||
        (rc = ops_check_dims(out, name, oname)) ||
        (rc = ops_need_dt(name, "self", self->dtype, types, &dt)) ||
        (rc = ops_need_dt(name, "indices", indices->dtype, itypes, &idt)))
        return rc;
    if (out->dtype != self->dtype)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: %s is %s, self %s (they must match)", name,
                       oname, ops_dt_name(out->dtype), ops_dt_name(self->dtype));
    int nd = (int)self->ndim;
    if (nd != k + 1 && nd != k + 2)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: self has %d dims, %d or %d are needed", name,
                       nd, k + 1, k + 2);
    if ((rc = ops_check_shape(name, self->dims, nd, indices, "indices")))
        return rc;
    for (int i = 1; i < nd; i++)
        if (self->dims[i] <= 0)
            return ops_err(ACLNN_ERR_PARAM_INVALID,
                           "%s: self's dim %d is %lld, every dim but the first must be > 0", name,
                           i, (long long)self->dims[i]);
    if (outputSize->n != (uint64_t)k)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: outputSize has %llu elements, %d are needed",
                       name, (unsigned long long)outputSize->n, k);
    int lead = nd - k;
    int64_t want[5], in_plane = 1, out_plane = 1;
    memcpy(want, self->dims, (size_t)lead * sizeof(int64_t));
    for (int i = 0; i < k; i++) {
        int64_t s = outputSize->v[i];
        if (s <= 0)
            return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: outputSize[%d] is %lld, it must be > 0",
                           name, i, (long long)s);
        if (__builtin_mul_overflow(out_plane, s, &out_plane))
            return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: outputSize's product overflows", name);
        want[lead + i] = s;
        in_plane *= self->dims[lead + i];
    }
    if (out_plane < in_plane)
        return ops_err(ACLNN_ERR_PARAM_INVALID,
                       "%s: outputSize's product %lld is less than self's spatial size %lld", name,
                       (long long)out_plane, (long long)in_plane);
    if ((rc = ops_check_shape(name, want, nd, out, oname)))
        return rc;
    OPS_PLAN(e, p, name, 2, 1, struct mu_plan, NULL, {&p->self, self, "self"},
             {&p->indices, indices, "indices"}, {&p->out, out, oname});
    p->in_plane = in_plane;
    p->out_plane = out_plane;
    p->planes = p->self.numel / in_plane;
    e->run = p->self.numel ? mu_run : NULL; /* MU1: an empty self runs nothing */
    return ops_exec_done(e, workspaceSize, executor);
}

aclnnStatus aclnnMaxUnpool2dGetWorkspaceSize(const aclTensor *self, const aclTensor *indices,
                                             const aclIntArray *outputSize, aclTensor *out, WS)
{
    static const char name[] = "aclnnMaxUnpool2d";
    OPS_CHECK_NULLS(name, self, indices, outputSize, out, workspaceSize, executor);
    return mu_op(name, self, indices, outputSize, out, "out", 2, OPS_DT_MaxUnpool2d,
                 OPS_DT2_MaxUnpool2d, workspaceSize, executor);
}
PHASE2(MaxUnpool2d)

/* MaxUnpool3d's (and its backward's) stride and padding: 3 values each, strides > 0 (the 3-d
 * operators take them; the 2-d ones have none). */
static aclnnStatus mu_3d_params(const char *name, const aclIntArray *stride,
                                const aclIntArray *padding)
{
    if (stride->n != 3 || padding->n != 3)
        return ops_err(ACLNN_ERR_PARAM_INVALID,
                       "%s: stride and padding have %llu and %llu elements, 3 are needed", name,
                       (unsigned long long)stride->n, (unsigned long long)padding->n);
    for (int i = 0; i < 3; i++)
        if (stride->v[i] <= 0)
            return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: stride[%d] is %lld, it must be > 0", name,
                           i, (long long)stride->v[i]);
    return ACLNN_SUCCESS;
}

aclnnStatus aclnnMaxUnpool3dGetWorkspaceSize(const aclTensor *self, const aclTensor *indices,
                                             const aclIntArray *outputSize,
                                             const aclIntArray *stride, const aclIntArray *padding,
                                             aclTensor *outRef, WS)
{
    static const char name[] = "aclnnMaxUnpool3d";
    aclnnStatus rc;
    OPS_CHECK_NULLS(name, self, indices, outputSize, stride, padding, outRef, workspaceSize,
                    executor);
    if ((rc = mu_3d_params(name, stride, padding)))
        return rc;
    return mu_op(name, self, indices, outputSize, outRef, "outRef", 3, OPS_DT_MaxUnpool3d,
                 OPS_DT2_MaxUnpool3d, workspaceSize, executor);
}
PHASE2(MaxUnpool3d)

/* MU3's phase 1: self (and indices, out) of rank k + 1 or k + 2 with k spatial dims,
 * gradOutput of self's leading dims and outputSize's spatial ones. */
static aclnnStatus mu_bwd_op(const char *name, const aclTensor *gradOutput, const aclTensor *self,
                             const aclTensor *indices, const aclIntArray *outputSize,
                             aclTensor *out, int k, unsigned types, unsigned itypes, WS)
{
    aclnnStatus rc;
    int dt, gdt, odt, idt;
    if ((rc = ops_check_dims(gradOutput, name, "gradOutput")) ||
        (rc = ops_check_dims(self, name, "self")) ||
        (rc = ops_check_dims(indices, name, "indices")) ||
        (rc = ops_check_dims(out, name, "out")) ||
        (rc = ops_need_dt(name, "gradOutput", gradOutput->dtype, types, &gdt)) ||
        (rc = ops_need_dt(name, "self", self->dtype, types, &dt)) ||
        (rc = ops_need_dt(name, "out", out->dtype, types, &odt)) ||
        (rc = ops_need_dt(name, "indices", indices->dtype, itypes, &idt)))
        return rc;
    if (gradOutput->dtype != self->dtype)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: gradOutput is %s, self %s (they must match)",
                       name, ops_dt_name(gradOutput->dtype), ops_dt_name(self->dtype));
    if (!ops_can_cast(gdt, odt))
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: gradOutput's %s cannot be cast to out's %s",
                       name, ops_dt_name(gradOutput->dtype), ops_dt_name(out->dtype));
    int nd = (int)self->ndim;
    if (nd != k + 1 && nd != k + 2)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: self has %d dims, %d or %d are needed", name,
                       nd, k + 1, k + 2);
    if ((rc = ops_check_shape(name, self->dims, nd, indices, "indices")) ||
        (rc = ops_check_shape(name, self->dims, nd, out, "out")))
        return rc;
    if (outputSize->n != (uint64_t)k)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: outputSize has %llu elements, %d are needed",
                       name, (unsigned long long)outputSize->n, k);
    int lead = nd - k;
    int64_t want[5], in_plane = 1, out_plane = 1;
    memcpy(want, self->dims, (size_t)lead * sizeof(int64_t));
    for (int i = 0; i < k; i++) {
        want[lead + i] = outputSize->v[i];
        if (outputSize->v[i] <= 0)
            return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: outputSize[%d] is %lld, it must be > 0",
                           name, i, (long long)outputSize->v[i]);
        if (__builtin_mul_overflow(out_plane, outputSize->v[i], &out_plane))
            return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: outputSize's product overflows", name);
        in_plane *= self->dims[lead + i];
    }
    if ((rc = ops_check_shape(name, want, nd, gradOutput, "gradOutput")))
        return rc;
    int64_t n = ops_numel(self->dims, nd);
    if (n && !ops_numel(gradOutput->dims, nd))
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: gradOutput is empty, self is not", name);
    OPS_PLAN(e, p, name, 3, 1, struct mu_plan, NULL, {&p->grad, gradOutput, "gradOutput"},
             {NULL, self, "self"}, {&p->indices, indices, "indices"}, {&p->out, out, "out"});
    p->in_plane = in_plane;
    p->out_plane = out_plane;
    p->planes = in_plane ? n / in_plane : 0;
    e->run = n ? mu_bwd_run : NULL; /* MU3: an empty self runs nothing */
    return ops_exec_done(e, workspaceSize, executor);
}

aclnnStatus aclnnMaxUnpool2dBackwardGetWorkspaceSize(const aclTensor *gradOutput,
                                                     const aclTensor *self,
                                                     const aclTensor *indices,
                                                     const aclIntArray *outputSize, aclTensor *out,
                                                     WS)
{
    static const char name[] = "aclnnMaxUnpool2dBackward";
    OPS_CHECK_NULLS(name, gradOutput, self, indices, outputSize, out, workspaceSize, executor);
    return mu_bwd_op(name, gradOutput, self, indices, outputSize, out, 2,
                     OPS_DT_MaxUnpool2dBackward, OPS_DT2_MaxUnpool2dBackward, workspaceSize,
                     executor);
}
PHASE2(MaxUnpool2dBackward)

aclnnStatus aclnnMaxUnpool3dBackwardGetWorkspaceSize(const aclTensor *gradOutput,
                                                     const aclTensor *self,
                                                     const aclTensor *indices,
                                                     const aclIntArray *outputSize,
                                                     const aclIntArray *stride,
                                                     const aclIntArray *padding, aclTensor *out, WS)
{
    static const char name[] = "aclnnMaxUnpool3dBackward";
    aclnnStatus rc;
    OPS_CHECK_NULLS(name, gradOutput, self, indices, outputSize, stride, padding, out,
                    workspaceSize, executor);
    if ((rc = mu_3d_params(name, stride, padding)))
        return rc;
    for (uint32_t i = 1; i < self->ndim; i++)
        if (self->dims[i] <= 0)
            return ops_err(ACLNN_ERR_PARAM_INVALID,
                           "%s: self's dim %u is %lld, every dim but the first must be > 0", name,
                           i, (long long)self->dims[i]);
    if (!ops_view_dense(out))
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: out must be contiguous (CANN's check)", name);
    return mu_bwd_op(name, gradOutput, self, indices, outputSize, out, 3,
                     OPS_DT_MaxUnpool3dBackward, OPS_DT2_MaxUnpool3dBackward, workspaceSize,
                     executor);
}
PHASE2(MaxUnpool3dBackward)
