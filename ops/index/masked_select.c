/* SPDX-License-Identifier: Apache-2.0 */
/*
 * MaskedSelect: the elements of self a mask selects, packed into a 1-d out.
 *
 *  MS1. self (any type of its row) and mask (BOOL / UINT8) broadcast together
 *      (right-aligned, as torch.masked_select). out is 1-d, of self's type, with
 *      exactly as many elements as the broadcast shape (CANN's rule: the caller
 *      cannot know the true count beforehand, so out is sized for all of them).
 *      The elements of the broadcast self where mask is nonzero go, in row-major
 *      order, to out[0..count); out[count..] keep what they held. Element bits
 *      are moved (no conversion, NaN payloads kept). An empty broadcast shape
 *      makes the launch a no-op.
 */
#include <string.h>

#include "aclnnop/aclnn_masked_select.h"
#include "ops/engine/engine.h"
#include "ops/index/masked_select.h"
#include "ops/index/table.h"

struct mselect_plan {
    struct ops_tensor self, mask, out;
    int nd;                     /* the broadcast rank */
    int64_t dims[OPS_MAX_DIMS]; /* the broadcast shape */
    int64_t xst[OPS_MAX_DIMS];  /* self's strides over it (0: broadcast) */
    int64_t mst[OPS_MAX_DIMS];  /* mask's strides over it (0: broadcast) */
};

int64_t ops_masked_select_pack(char *out, int64_t ost, const char *x, const int64_t *xst,
                               size_t esz, const char *m, const int64_t *mst, int64_t mesz,
                               const int64_t *dims, int nd)
{
    int64_t idx[OPS_MAX_DIMS] = {0}, k = 0;
    do {
        if (m[ops_odo_off(idx, mst, nd) * mesz])
            memcpy(out + (k++) * ost * (int64_t)esz, x + ops_odo_off(idx, xst, nd) * (int64_t)esz,
                   esz);
    } while (ops_odo_next(idx, dims, nd));
    return k;
}

static int32_t mselect_run(const struct aclOpExecutor *e, void *const *addr)
{
    const struct mselect_plan *p = e->plan;
    ops_masked_select_pack(ops_base(&p->out, addr), p->out.strides[0], ops_base(&p->self, addr),
                           p->xst, (size_t)ops_dt_size(p->self.dt), ops_base(&p->mask, addr),
                           p->mst, ops_dt_size(p->mask.dt), p->dims, p->nd);
    return 0;
}

/* Strides of t over the broadcast shape dims[0..nd) (0 where t broadcasts). */
static void bcast_strides(int64_t *st, const aclTensor *t, const int64_t *dims, int nd)
{
    const int tnd = (int)t->ndim;
    for (int d = 0; d < nd; d++) {
        int td = d - (nd - tnd);
        st[d] = td < 0 || (t->dims[td] == 1 && dims[d] != 1) ? 0 : t->strides[td];
    }
}

aclnnStatus aclnnMaskedSelectGetWorkspaceSize(const aclTensor *self, const aclTensor *mask,
                                              aclTensor *out, WS)
{
    const char *name = "aclnnMaskedSelect";
    OPS_CHECK_NULLS(name, self, mask, out, workspaceSize, executor);
    aclnnStatus rc;
    int sdt, mdt, odt;
    if ((rc = ops_check_dims(self, name, "self")) || (rc = ops_check_dims(mask, name, "mask")) ||
        (rc = ops_check_dims(out, name, "out")) ||
        (rc = ops_need_dt(name, "self", self->dtype, OPS_DT_MaskedSelect, &sdt)) ||
        (rc = ops_need_dt(name, "mask", mask->dtype, OPS_DT2_MaskedSelect, &mdt)) ||
        (rc = ops_need_dt(name, "out", out->dtype, OPS_DT_MaskedSelect, &odt)))
        return rc;
    if (odt != sdt)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: out has type %s, self has %s; they must match",
                       name, ops_dt_name(out->dtype), ops_dt_name(self->dtype));
    int64_t dims[OPS_TENSOR_MAX_DIMS];
    int nd = 0;
    if (!ops_broadcast(self->dims, (int)self->ndim, mask->dims, (int)mask->ndim, dims, &nd))
        return ops_shape_err(name, "mask", mask, self->dims, (int)self->ndim);
    const int64_t n = ops_numel(dims, nd);
    if (out->ndim != 1 || out->dims[0] != n)
        return ops_err(ACLNN_ERR_PARAM_INVALID,
                       "%s: out must be 1-d with %lld elements (self and mask broadcast), it has "
                       "%u dims and %lld elements",
                       name, (long long)n, out->ndim,
                       (long long)ops_numel(out->dims, (int)out->ndim));
    OPS_PLAN(e, p, name, 2, 1, struct mselect_plan, NULL, {&p->self, self, "self"},
             {&p->mask, mask, "mask"}, {&p->out, out, "out"});
    p->nd = nd;
    memcpy(p->dims, dims, sizeof(int64_t) * (size_t)nd);
    bcast_strides(p->xst, self, dims, nd);
    bcast_strides(p->mst, mask, dims, nd);
    e->run = n > 0 ? mselect_run : NULL;
    return ops_exec_done(e, workspaceSize, executor);
}
PHASE2(MaskedSelect)
