/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Bucketize: torch.bucketize, each element's bucket among ascending boundaries (ops-nn's
 * aclnn_bucketize.h, index/bucketize_v2).
 *
 *  BZ1. self (0 to 8 dims) and boundaries (1-d, not empty: CANN's docs) of any of the row's types
 *      (every pair promotes, as CANN requires); out of self's shape, INT32 when outInt32 else
 *      INT64 (CANN's check).
 *  BZ2. out = the first j with self <= boundaries[j] (right: self < boundaries[j]), else the
 *      count of boundaries: a binary search as torch's, written so that a NaN element (every
 *      comparison false) lands past the last boundary, as in torch. Both integer: compared as
 *      int64; otherwise as double (every supported value is exact there). Boundaries not
 *      ascending give what the search gives (CANN requires them ascending).
 */
#include <stdlib.h>

#include "aclnnop/aclnn_bucketize.h"
#include "ops/engine/engine.h"
#include "ops/index/table.h"

struct bucket_plan {
    struct ops_tensor self, bnd, out;
    bool right, ints;
};

static int32_t bucket_run(const struct aclOpExecutor *e, void *const *addr)
{
    const struct bucket_plan *p = e->plan;
    const struct ops_tensor *x = &p->self, *b = &p->bnd, *o = &p->out;
    int ck = p->ints ? CK_I64 : CK_F64;
    int64_t n = x->numel, nb = b->numel;
    void *xv = malloc((size_t)n * 8), *bv = malloc((size_t)nb * 8);
    int64_t *ov = malloc((size_t)n * sizeof(int64_t));
    if (!xv || !bv || !ov) {
        free(xv);
        free(bv);
        free(ov);
        return ACL_ERROR_BAD_ALLOC;
    }
    ops_gather_nd(xv, ck, ops_base(x, addr), x->dt, x->ndim, x->dims, x->strides);
    ops_gather_nd(bv, ck, ops_base(b, addr), b->dt, b->ndim, b->dims, b->strides);
    for (int64_t i = 0; i < n; i++) { /* BZ2 */
        int64_t lo = 0, hi = nb;
        while (lo < hi) {
            int64_t mid = lo + (hi - lo) / 2;
            bool before; /* the element belongs after boundary mid */
            if (p->ints) {
                int64_t v = ((const int64_t *)xv)[i], bm = ((const int64_t *)bv)[mid];
                before = p->right ? !(v < bm) : !(v <= bm);
            } else {
                double v = ((const double *)xv)[i], bm = ((const double *)bv)[mid];
                before = p->right ? !(v < bm) : !(v <= bm);
            }
            if (before)
                lo = mid + 1;
            else
                hi = mid;
        }
        ov[i] = lo;
    }
    ops_scatter_nd(ov, CK_I64, ops_base(o, addr), o->dt, o->ndim, o->dims, o->strides);
    free(xv);
    free(bv);
    free(ov);
    return 0;
}

aclnnStatus aclnnBucketizeGetWorkspaceSize(const aclTensor *self, const aclTensor *boundaries,
                                           const bool outInt32, const bool right, aclTensor *out,
                                           WS)
{
    static const char name[] = "aclnnBucketize";
    OPS_CHECK_NULLS(name, self, boundaries, out, workspaceSize, executor);
    aclnnStatus rc;
    int dt, bdt, odt;
    if ((rc = ops_check_dims(self, name, "self")) ||
        (rc = ops_check_dims(boundaries, name, "boundaries")) ||
        (rc = ops_check_dims(out, name, "out")) ||
        (rc = ops_need_dt(name, "self", self->dtype, OPS_DT_Bucketize, &dt)) ||
        (rc = ops_need_dt(name, "boundaries", boundaries->dtype, OPS_DT_Bucketize, &bdt)) ||
        (rc = ops_need_dt(name, "out", out->dtype, OPS_DT2_Bucketize, &odt)))
        return rc;
    if (odt != (outInt32 ? DT_I32 : DT_I64))
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: out must be %s (outInt32 is %s)", name,
                       outInt32 ? "INT32" : "INT64", outInt32 ? "true" : "false");
    if (boundaries->ndim != 1 || boundaries->dims[0] == 0)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: boundaries must be 1-d and not empty", name);
    if ((rc = ops_check_shape(name, self->dims, (int)self->ndim, out, "out")))
        return rc;
    OPS_PLAN(e, p, name, 2, 1, struct bucket_plan, NULL, {&p->self, self, "self"},
             {&p->bnd, boundaries, "boundaries"}, {&p->out, out, "out"});
    p->right = right;
    p->ints = !ops_dt_is_float(dt) && !ops_dt_is_float(bdt);
    e->run = p->out.numel ? bucket_run : NULL;
    return ops_exec_done(e, workspaceSize, executor);
}

PHASE2(Bucketize)
