/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Nonzero: the coordinates of a tensor's nonzero elements, one row each.
 *
 *  NZ1. out is INT64 and 2-d, [numel(self), rank(self)] (CANN's sizing: the
 *      count is unknown before the kernel runs, so out has room for every
 *      element). Its first N rows (N = the nonzero count) get the coordinates
 *      of self's nonzero elements in row-major order, as torch.nonzero; the
 *      other rows keep what they held. Floats compare as values (-0.0 is zero,
 *      NaN is nonzero). An empty self, or a 0-d one (its rows have no columns),
 *      makes the launch a no-op.
 *  NZ2. NonzeroV2 writes the same coordinates transposed, one column each, into an INT64 out
 *      of [rank(self), M] (CANN sizes it [rank, N] with N the nonzero count): the first N
 *      columns get them, the others keep what they held; N > M fails the launch with
 *      ACL_ERROR_RT_AICORE_EXCEPTION before any write.
 */
#include <stdlib.h>

#include "aclnnop/aclnn_nonzero.h"
#include "aclnnop/aclnn_nonzero_v2.h"
#include "ops/engine/engine.h"
#include "ops/index/table.h"

struct nonzero_plan {
    struct ops_tensor self, out;
    bool columns; /* NZ2 */
};

static int32_t nonzero_run(const struct aclOpExecutor *e, void *const *addr)
{
    const struct nonzero_plan *p = e->plan;
    const struct ops_tensor *x = &p->self, *o = &p->out;
    const bool fl = ops_dt_is_float(x->dt);
    void *buf = malloc((size_t)x->numel * 8);
    if (!buf)
        return ACL_ERROR_BAD_ALLOC;
    ops_gather_nd(buf, fl ? CK_F64 : CK_I64, ops_base(x, addr), x->dt, x->ndim, x->dims,
                  x->strides);
    const double *fv = buf;
    const int64_t *iv = buf;
    int64_t *ob = (int64_t *)ops_base(o, addr), idx[OPS_MAX_DIMS] = {0}, k = 0;
    /* NZ1 rows (k, d) or NZ2 columns (d, k) */
    int64_t sk = p->columns ? o->strides[1] : o->strides[0];
    int64_t sd = p->columns ? o->strides[0] : o->strides[1];
    if (p->columns) {
        int64_t n = 0;
        for (int64_t j = 0; j < x->numel; j++)
            n += fl ? fv[j] != 0.0 : iv[j] != 0;
        if (n > o->dims[1]) {
            free(buf);
            return ACL_ERROR_RT_AICORE_EXCEPTION;
        }
    }
    for (int64_t j = 0; j < x->numel; j++) {
        if (fl ? fv[j] != 0.0 : iv[j] != 0) {
            for (int d = 0; d < x->ndim; d++)
                ob[k * sk + d * sd] = idx[d];
            k++;
        }
        ops_odo_next(idx, x->dims, x->ndim);
    }
    free(buf);
    return 0;
}

static aclnnStatus nonzero_op(const char *name, bool columns, const aclTensor *self,
                              const aclTensor *out, unsigned types, unsigned otypes, WS)
{
    OPS_CHECK_NULLS(name, self, out, workspaceSize, executor);
    aclnnStatus rc;
    int sdt, odt;
    if ((rc = ops_check_dims(self, name, "self")) || (rc = ops_check_dims(out, name, "out")) ||
        (rc = ops_need_dt(name, "self", self->dtype, types, &sdt)) ||
        (rc = ops_need_dt(name, "out", out->dtype, otypes, &odt)))
        return rc;
    int64_t want[2] = {ops_numel(self->dims, (int)self->ndim), (int64_t)self->ndim};
    if (columns) { /* NZ2: [rank, M], any M */
        want[0] = self->ndim;
        want[1] = out->ndim == 2 ? out->dims[1] : 0;
    }
    if ((rc = ops_check_shape(name, want, 2, out, "out")))
        return rc;
    if (columns)
        want[0] = ops_numel(self->dims, (int)self->ndim), want[1] = self->ndim;
    OPS_PLAN(e, p, name, 1, 1, struct nonzero_plan, NULL, {&p->self, self, "self"},
             {&p->out, out, "out"});
    p->columns = columns;
    e->run = want[0] > 0 && want[1] > 0 ? nonzero_run : NULL;
    return ops_exec_done(e, workspaceSize, executor);
}

aclnnStatus aclnnNonzeroGetWorkspaceSize(const aclTensor *self, aclTensor *out, WS)
{
    return nonzero_op("aclnnNonzero", false, self, out, OPS_DT_Nonzero, OPS_DT2_Nonzero,
                      workspaceSize, executor);
}
PHASE2(Nonzero)

aclnnStatus aclnnNonzeroV2GetWorkspaceSize(const aclTensor *self, aclTensor *out, WS)
{
    return nonzero_op("aclnnNonzeroV2", true, self, out, OPS_DT_NonzeroV2, OPS_DT2_NonzeroV2,
                      workspaceSize, executor);
}
PHASE2(NonzeroV2)
