/* SPDX-License-Identifier: Apache-2.0 */
/*
 * ExpSegsum and ExpSegsumBackward: the exponentiated segment sums of Mamba-2's SSD and their
 * gradient (ops-math's aclnn_segsum.h and aclnn_exp_segsum_backward.h).
 *
 *  EG1. ExpSegsum: self [..., T] (3 or 4 dims), out [..., T, T] of self's type (CANN's docs):
 *      out[i][j] = exp(self[j + 1] + ... + self[i]) for i >= j (an empty sum, 1, on the
 *      diagonal) and 0 for j > i. CANN's docs spell it as masks: self broadcast to [T, T] along
 *      the rows, zeroed where j >= i, a cumsum down the rows, -inf where j > i, exp. The sums
 *      run down each column in double (as the cumsum does, not as differences of prefix sums,
 *      which would cancel), rounded to out's type once.
 *  EG2. ExpSegsumBackward: gradOutput and gradSelf (the forward's out) [..., T, T] (4 or 5 dims)
 *      of one type, gradInput [..., T] of it: with M = gradOutput * gradSelf below the diagonal
 *      (0 on and above it), CANN's steps (a reversed cumsum down the rows, the mask again, each
 *      row's sum) give gradInput[k] = sum over j < k of sum over i >= k of M[i][j], the
 *      gradient of EG1 (torch.autograd agrees). In double, rounded once.
 *  EG3. Empty tensors run nothing (CANN accepts them).
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "aclnnop/aclnn_exp_segsum_backward.h"
#include "aclnnop/aclnn_segsum.h"
#include "ops/engine/engine.h"
#include "ops/reduce/table.h"

struct segsum_plan {
    struct ops_tensor a, b, out; /* forward: a self, b unused; backward: a gradOutput, b gradSelf */
    int64_t rows, t;
};

static int32_t segsum_run(const struct aclOpExecutor *e, void *const *addr)
{
    const struct segsum_plan *p = e->plan;
    int64_t t = p->t, tt = t * t;
    double *x = malloc((size_t)(p->rows * t) * sizeof(double));
    double *o = malloc((size_t)(p->rows * tt) * sizeof(double));
    if (!x || !o) {
        free(x);
        free(o);
        return ACL_ERROR_BAD_ALLOC;
    }
    const struct ops_tensor *a = &p->a;
    ops_gather_nd(x, CK_F64, ops_base(a, addr), a->dt, a->ndim, a->dims, a->strides);
    for (int64_t r = 0; r < p->rows; r++) {
        const double *xr = x + r * t;
        double *orow = o + r * tt;
        for (int64_t j = 0; j < t; j++) { /* EG1: column j, down the rows */
            double s = 0;
            for (int64_t i = 0; i < j; i++)
                orow[i * t + j] = 0;
            orow[j * t + j] = 1;
            for (int64_t i = j + 1; i < t; i++) {
                s += xr[i];
                orow[i * t + j] = exp(s);
            }
        }
    }
    const struct ops_tensor *out = &p->out;
    ops_scatter_nd(o, CK_F64, ops_base(out, addr), out->dt, out->ndim, out->dims, out->strides);
    free(x);
    free(o);
    return 0;
}

static int32_t segsum_backward_run(const struct aclOpExecutor *e, void *const *addr)
{
    const struct segsum_plan *p = e->plan;
    int64_t t = p->t, tt = t * t;
    double *g = malloc((size_t)(p->rows * tt) * sizeof(double));
    double *y = malloc((size_t)(p->rows * tt) * sizeof(double));
    double *gi = malloc((size_t)(p->rows * t) * sizeof(double));
    if (!g || !y || !gi) {
        free(g);
        free(y);
        free(gi);
        return ACL_ERROR_BAD_ALLOC;
    }
    const struct ops_tensor *a = &p->a, *b = &p->b;
    ops_gather_nd(g, CK_F64, ops_base(a, addr), a->dt, a->ndim, a->dims, a->strides);
    ops_gather_nd(y, CK_F64, ops_base(b, addr), b->dt, b->ndim, b->dims, b->strides);
    for (int64_t r = 0; r < p->rows; r++) {
        const double *gr = g + r * tt, *yr = y + r * tt;
        double *out = gi + r * t;
        memset(out, 0, (size_t)t * sizeof(double));
        for (int64_t j = 0; j + 1 < t; j++) { /* EG2: column j's sums from the bottom up */
            double s = 0;
            for (int64_t i = t - 1; i > j; i--) {
                s += gr[i * t + j] * yr[i * t + j];
                out[i] += s; /* k = i > j: the rows i' >= i of column j */
            }
        }
    }
    const struct ops_tensor *o = &p->out;
    ops_scatter_nd(gi, CK_F64, ops_base(o, addr), o->dt, o->ndim, o->dims, o->strides);
    free(g);
    free(y);
    free(gi);
    return 0;
}

aclnnStatus aclnnExpSegsumGetWorkspaceSize(const aclTensor *self, aclTensor *out, WS)
{
    static const char name[] = "aclnnExpSegsum";
    OPS_CHECK_NULLS(name, self, out, workspaceSize, executor);
    aclnnStatus rc;
    int dt, odt;
    if ((rc = ops_check_dims(self, name, "self")) || (rc = ops_check_dims(out, name, "out")) ||
        (rc = ops_need_dt(name, "self", self->dtype, OPS_DT_ExpSegsum, &dt)) ||
        (rc = ops_need_dt(name, "out", out->dtype, OPS_DT_ExpSegsum, &odt)))
        return rc;
    if (odt != dt)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: out must have self's type", name);
    int nd = (int)self->ndim;
    if (nd < 3 || nd > 4)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: self has %d dims, 3 or 4 are supported", name,
                       nd);
    int64_t want[OPS_MAX_DIMS];
    memcpy(want, self->dims, (size_t)nd * sizeof(int64_t));
    want[nd] = self->dims[nd - 1];
    if ((rc = ops_check_shape(name, want, nd + 1, out, "out")))
        return rc;
    OPS_PLAN(e, p, name, 1, 1, struct segsum_plan, NULL, {&p->a, self, "self"},
             {&p->out, out, "out"});
    p->t = self->dims[nd - 1];
    p->rows = p->t ? ops_numel(self->dims, nd - 1) : 0;
    e->run = p->rows ? segsum_run : NULL; /* EG3 */
    return ops_exec_done(e, workspaceSize, executor);
}

aclnnStatus aclnnExpSegsumBackwardGetWorkspaceSize(const aclTensor *gradOutput,
                                                   const aclTensor *gradSelf, aclTensor *gradInput,
                                                   WS)
{
    static const char name[] = "aclnnExpSegsumBackward";
    OPS_CHECK_NULLS(name, gradOutput, gradSelf, gradInput, workspaceSize, executor);
    aclnnStatus rc;
    int dt, dt2, dt3;
    if ((rc = ops_check_dims(gradOutput, name, "gradOutput")) ||
        (rc = ops_check_dims(gradSelf, name, "gradSelf")) ||
        (rc = ops_check_dims(gradInput, name, "gradInput")) ||
        (rc = ops_need_dt(name, "gradOutput", gradOutput->dtype, OPS_DT_ExpSegsumBackward, &dt)) ||
        (rc = ops_need_dt(name, "gradSelf", gradSelf->dtype, OPS_DT_ExpSegsumBackward, &dt2)) ||
        (rc = ops_need_dt(name, "gradInput", gradInput->dtype, OPS_DT_ExpSegsumBackward, &dt3)))
        return rc;
    if (dt2 != dt || dt3 != dt)
        return ops_err(ACLNN_ERR_PARAM_INVALID,
                       "%s: gradSelf and gradInput must have gradOutput's type", name);
    int nd = (int)gradOutput->ndim;
    if (nd < 4 || nd > 5)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: gradOutput has %d dims, 4 or 5 are supported",
                       name, nd);
    if (gradOutput->dims[nd - 1] != gradOutput->dims[nd - 2])
        return ops_err(ACLNN_ERR_PARAM_INVALID,
                       "%s: gradOutput must be [..., T, T], its last dims are %lld and %lld", name,
                       (long long)gradOutput->dims[nd - 2], (long long)gradOutput->dims[nd - 1]);
    if ((rc = ops_check_shape(name, gradOutput->dims, nd, gradSelf, "gradSelf")) ||
        (rc = ops_check_shape(name, gradOutput->dims, nd - 1, gradInput, "gradInput")))
        return rc;
    OPS_PLAN(e, p, name, 2, 1, struct segsum_plan, NULL, {&p->a, gradOutput, "gradOutput"},
             {&p->b, gradSelf, "gradSelf"}, {&p->out, gradInput, "gradInput"});
    p->t = gradOutput->dims[nd - 1];
    p->rows = p->t ? ops_numel(gradOutput->dims, nd - 2) : 0;
    e->run = p->rows ? segsum_backward_run : NULL; /* EG3 */
    return ops_exec_done(e, workspaceSize, executor);
}

PHASE2(ExpSegsum)
PHASE2(ExpSegsumBackward)
