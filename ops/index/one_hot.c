/* SPDX-License-Identifier: Apache-2.0 */
/*
 * OneHot: class numbers spread into one-hot rows along a new axis.
 *
 *  OH1. self (UINT8 / INT32 / INT64, 1 to 7 dims) gives out, self's shape with
 *      numClasses inserted at axis (-1 = after the last dim; [-1, rank(self)]).
 *      out[p] = onValue's first element where self[p without axis] == p[axis],
 *      else offValue's first element (element bits moved; onValue, offValue and
 *      out share one type). Values outside [0, numClasses), negative ones
 *      included, give a row of offValue (CANN's rule). numClasses 0 with a
 *      non-empty self gives an empty out; numClasses < 0, or <= 0 with an empty
 *      self, is refused (161002).
 *  OH2. Onehot (ops-math's experimental conversion/onehot): x INT32 of 1 to 7 dims, z INT32 of
 *      x's shape plus depth last, 1 where x equals the position, else 0 (OH1 with onValue 1,
 *      offValue 0, axis -1); values outside [0, depth) give a row of 0. depth < 0, or 0 with
 *      an empty x, is refused (161002).
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "aclnnop/aclnn_one_hot.h"
#include "aclnnop/aclnn_onehot.h"
#include "ops/engine/engine.h"
#include "ops/index/table.h"

struct one_hot_plan {
    struct ops_tensor self, on, off, out;
    int axis;
    bool fixed; /* Onehot: INT32 1 and 0 instead of onValue / offValue (OH2) */
};

static const int32_t oh_one = 1, oh_zero = 0;

static int32_t one_hot_run(const struct aclOpExecutor *e, void *const *addr)
{
    const struct one_hot_plan *p = e->plan;
    const struct ops_tensor *x = &p->self, *o = &p->out;
    int64_t *sv = malloc((size_t)x->numel * sizeof(int64_t));
    if (!sv)
        return ACL_ERROR_BAD_ALLOC;
    ops_gather_nd(sv, CK_I64, ops_base(x, addr), x->dt, x->ndim, x->dims, x->strides);
    const int esz = (int)ops_dt_size(o->dt), ax = p->axis;
    const char *on = p->fixed ? (const char *)&oh_one : ops_base(&p->on, addr);
    const char *off = p->fixed ? (const char *)&oh_zero : ops_base(&p->off, addr);
    char *ob = ops_base(o, addr);
    int64_t idx[OPS_MAX_DIMS] = {0};
    do {
        int64_t lin = 0; /* self's row-major position: idx without the axis */
        for (int d = 0; d < o->ndim; d++)
            if (d != ax)
                lin = lin * o->dims[d] + idx[d];
        memcpy(ob + ops_odo_off(idx, o->strides, o->ndim) * esz, sv[lin] == idx[ax] ? on : off,
               (size_t)esz);
    } while (ops_odo_next(idx, o->dims, o->ndim));
    free(sv);
    return 0;
}

aclnnStatus aclnnOneHotGetWorkspaceSize(const aclTensor *self, int numClasses,
                                        const aclTensor *onValue, const aclTensor *offValue,
                                        int64_t axis, aclTensor *out, WS)
{
    const char *name = "aclnnOneHot";
    OPS_CHECK_NULLS(name, self, onValue, offValue, out, workspaceSize, executor);
    aclnnStatus rc;
    int sdt, ndt, fdt, odt;
    if ((rc = ops_check_dims(self, name, "self")) ||
        (rc = ops_check_dims(onValue, name, "onValue")) ||
        (rc = ops_check_dims(offValue, name, "offValue")) ||
        (rc = ops_check_dims(out, name, "out")) ||
        (rc = ops_need_dt(name, "self", self->dtype, OPS_DT2_OneHot, &sdt)) ||
        (rc = ops_need_dt(name, "onValue", onValue->dtype, OPS_DT_OneHot, &ndt)) ||
        (rc = ops_need_dt(name, "offValue", offValue->dtype, OPS_DT_OneHot, &fdt)) ||
        (rc = ops_need_dt(name, "out", out->dtype, OPS_DT_OneHot, &odt)))
        return rc;
    if (ndt != odt || fdt != odt)
        return ops_err(ACLNN_ERR_PARAM_INVALID,
                       "%s: onValue (%s) and offValue (%s) must have out's type (%s)", name,
                       ops_dt_name(onValue->dtype), ops_dt_name(offValue->dtype),
                       ops_dt_name(out->dtype));
    const int nd = (int)self->ndim;
    if (nd < 1 || nd > OPS_MAX_DIMS - 1)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: self has %d dims, 1 to 7 are supported", name,
                       nd);
    const int64_t sn = ops_numel(self->dims, nd);
    if (numClasses < 0 || (sn == 0 && numClasses <= 0))
        return ops_err(ACLNN_ERR_PARAM_INVALID,
                       "%s: numClasses is %d; it must be >= 0 (> 0 for an empty self)", name,
                       numClasses);
    if (axis < -1 || axis > nd)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: axis is %lld, it must be in [-1, %d]", name,
                       (long long)axis, nd);
    const int ax = axis < 0 ? nd : (int)axis;
    if (ops_numel(onValue->dims, (int)onValue->ndim) == 0 ||
        ops_numel(offValue->dims, (int)offValue->ndim) == 0)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: onValue and offValue must not be empty", name);
    int64_t want[OPS_MAX_DIMS];
    for (int d = 0, s = 0; d <= nd; d++)
        want[d] = d == ax ? numClasses : self->dims[s++];
    if ((rc = ops_check_shape(name, want, nd + 1, out, "out")))
        return rc;
    OPS_PLAN(e, p, name, 3, 1, struct one_hot_plan, NULL, {&p->self, self, "self"},
             {&p->on, onValue, "onValue"}, {&p->off, offValue, "offValue"}, {&p->out, out, "out"});
    p->axis = ax;
    e->run = p->out.numel > 0 ? one_hot_run : NULL;
    return ops_exec_done(e, workspaceSize, executor);
}
PHASE2(OneHot)

aclnnStatus aclnnOnehotGetWorkspaceSize(const aclTensor *x, int64_t depth, const aclTensor *z, WS)
{
    const char *name = "aclnnOnehot";
    OPS_CHECK_NULLS(name, x, z, workspaceSize, executor);
    aclnnStatus rc;
    int xdt, zdt;
    if ((rc = ops_check_dims(x, name, "x")) || (rc = ops_check_dims(z, name, "z")) ||
        (rc = ops_need_dt(name, "x", x->dtype, OPS_DT_Onehot, &xdt)) ||
        (rc = ops_need_dt(name, "z", z->dtype, OPS_DT_Onehot, &zdt)))
        return rc;
    const int nd = (int)x->ndim;
    if (nd < 1 || nd > OPS_MAX_DIMS - 1)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: x has %d dims, 1 to 7 are supported", name,
                       nd);
    if (depth < 0 || depth > INT32_MAX || (ops_numel(x->dims, nd) == 0 && depth == 0))
        return ops_err(ACLNN_ERR_PARAM_INVALID,
                       "%s: depth is %lld; it must be >= 0 (> 0 for an empty x)", name,
                       (long long)depth);
    int64_t want[OPS_MAX_DIMS];
    memcpy(want, x->dims, (size_t)nd * sizeof(int64_t));
    want[nd] = depth;
    if ((rc = ops_check_shape(name, want, nd + 1, z, "z")))
        return rc;
    OPS_PLAN(e, p, name, 1, 1, struct one_hot_plan, NULL, {&p->self, x, "x"}, {&p->out, z, "z"});
    p->axis = nd;
    p->fixed = true;
    e->run = p->out.numel > 0 ? one_hot_run : NULL;
    return ops_exec_done(e, workspaceSize, executor);
}
PHASE2(Onehot)
