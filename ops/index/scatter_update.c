/* SPDX-License-Identifier: Apache-2.0 */
/*
 * InplaceScatterUpdate: blocks of updates written into data at per-batch offsets along an axis,
 * the KV-cache update of ops-nn's index/scatter (aclnn_scatter_update.h; CANN's Scatter kernel).
 *
 *  XS1. data and updates of one type and rank (2 to 8 dims), neither empty; axis in (-rank, rank)
 *      and not dim 0 once wrapped; indices (INT32, INT64) of 0, 1 or 2 dims, not empty: 0-d
 *      means updates' dim 0 is 1; otherwise indices' dim 0 is updates' dim 0, and a 2-d one is
 *      [n, 2]. updates' dim 0 is at most data's, its axis dim at most data's, the other dims
 *      equal. These are CANN's checks (docs and tiling).
 *  XS2. Block i (updates[i, ...]) goes to data[b, ..., s + k (along axis), ...] for its k-th
 *      element along axis, with (b, s) = (i, indices[i]) for 1-d indices, (0, indices) for 0-d,
 *      (indices[i, 0], indices[i, 1]) for 2-d (CANN's kernel's address computation).
 *  XS3. The indices are data, read at the launch: CANN supports only non-negative, in-range
 *      ones; every block is checked before any write and one that would leave data (b outside
 *      data's dim 0, s < 0, s + the block's axis length past data's) fails the launch with
 *      ACL_ERROR_RT_AICORE_EXCEPTION. Repeated positions: the later block stays (CANN does not
 *      guarantee which).
 */
#include <stdlib.h>
#include <string.h>

#include "aclnnop/aclnn_scatter_update.h"
#include "ops/engine/engine.h"
#include "ops/index/table.h"

struct su_plan {
    struct ops_tensor data, idx, upd;
    int axis, idim; /* the wrapped axis; indices' rank */
};

static int32_t su_run(const struct aclOpExecutor *e, void *const *addr)
{
    const struct su_plan *p = e->plan;
    const struct ops_tensor *d = &p->data, *ix = &p->idx, *u = &p->upd;
    const int esz = (int)ops_dt_size(d->dt), nd = d->ndim, ax = p->axis;
    int64_t n = u->dims[0], ni = ix->numel;
    int64_t *iv = malloc((size_t)ni * sizeof(int64_t)), *off = malloc((size_t)n * sizeof(int64_t));
    if (!iv || !off) {
        free(iv);
        free(off);
        return ACL_ERROR_BAD_ALLOC;
    }
    ops_gather_nd(iv, CK_I64, ops_base(ix, addr), ix->dt, ix->ndim, ix->dims, ix->strides);
    for (int64_t i = 0; i < n; i++) { /* XS2, XS3: every block first */
        int64_t b = p->idim == 2 ? iv[2 * i] : p->idim == 1 ? i : 0;
        int64_t s = p->idim == 2 ? iv[2 * i + 1] : p->idim == 1 ? iv[i] : iv[0];
        if (b < 0 || b >= d->dims[0] || s < 0 || s > d->dims[ax] - u->dims[ax]) {
            free(iv);
            free(off);
            return ACL_ERROR_RT_AICORE_EXCEPTION;
        }
        off[i] = b * d->strides[0] + s * d->strides[ax];
    }
    char *db = ops_base(d, addr);
    const char *ub = ops_base(u, addr);
    int64_t blk = ops_numel(u->dims + 1, nd - 1);
    for (int64_t i = 0; i < n; i++) {
        int64_t t[OPS_MAX_DIMS] = {0};
        for (int64_t q = 0; q < blk; q++) { /* the block's elements, dims 1.. of updates */
            int64_t doff = off[i] + ops_odo_off(t, d->strides + 1, nd - 1);
            int64_t uoff = i * u->strides[0] + ops_odo_off(t, u->strides + 1, nd - 1);
            memcpy(db + doff * esz, ub + uoff * esz, (size_t)esz);
            ops_odo_next(t, u->dims + 1, nd - 1);
        }
    }
    free(iv);
    free(off);
    return 0;
}

aclnnStatus aclnnInplaceScatterUpdateGetWorkspaceSize(aclTensor *data, const aclTensor *indices,
                                                      const aclTensor *updates, int64_t axis, WS)
{
    static const char name[] = "aclnnInplaceScatterUpdate";
    OPS_CHECK_NULLS(name, data, indices, updates, workspaceSize, executor);
    aclnnStatus rc;
    int dt, idt, udt;
    if ((rc = ops_check_dims(data, name, "data")) ||
        (rc = ops_check_dims(indices, name, "indices")) ||
        (rc = ops_check_dims(updates, name, "updates")) ||
        (rc = ops_need_dt(name, "data", data->dtype, OPS_DT_ScatterUpdate, &dt)) ||
        (rc = ops_need_dt(name, "indices", indices->dtype, OPS_DT2_ScatterUpdate, &idt)) ||
        (rc = ops_need_dt(name, "updates", updates->dtype, OPS_DT_ScatterUpdate, &udt)))
        return rc;
    if (udt != dt)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: updates must have data's type", name);
    int nd = (int)data->ndim, qd = (int)indices->ndim;
    if (nd < 2 || (int)updates->ndim != nd)
        return ops_err(
            ACLNN_ERR_PARAM_INVALID,
            "%s: data and updates must have one rank of 2 to 8 dims, they have %d and %d", name, nd,
            (int)updates->ndim);
    if (!ops_numel(data->dims, nd) || !ops_numel(updates->dims, nd) ||
        !ops_numel(indices->dims, qd))
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: data, indices and updates must not be empty",
                       name);
    if (axis <= -nd || axis >= nd)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: axis %lld is outside (-%d, %d)", name,
                       (long long)axis, nd, nd);
    int ax = (int)(axis < 0 ? axis + nd : axis);
    if (ax == 0)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: axis must not be dim 0 (the batch)", name);
    if (qd > 2)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: indices has %d dims, 0, 1 or 2 are supported",
                       name, qd);
    int64_t n = updates->dims[0];
    if ((qd == 0 && n != 1) || (qd >= 1 && indices->dims[0] != n) ||
        (qd == 2 && indices->dims[1] != 2))
        return ops_err(
            ACLNN_ERR_PARAM_INVALID,
            "%s: indices does not match updates' %lld blocks (0-d: one block; 1-d: [%lld]; "
            "2-d: [%lld, 2])",
            name, (long long)n, (long long)n, (long long)n);
    for (int k = 0; k < nd; k++) {
        bool ok = k == 0 || k == ax ? updates->dims[k] <= data->dims[k]
                                    : updates->dims[k] == data->dims[k];
        if (!ok)
            return ops_err(ACLNN_ERR_PARAM_INVALID,
                           "%s: updates' dim %d is %lld, data's %lld (dims 0 and axis may be "
                           "smaller, the others equal)",
                           name, k, (long long)updates->dims[k], (long long)data->dims[k]);
    }
    OPS_PLAN(e, p, name, 2, 1, struct su_plan, NULL, {&p->idx, indices, "indices"},
             {&p->upd, updates, "updates"}, {&p->data, data, "data"});
    p->axis = ax;
    p->idim = qd;
    e->run = su_run;
    return ops_exec_done(e, workspaceSize, executor);
}

PHASE2(InplaceScatterUpdate)
