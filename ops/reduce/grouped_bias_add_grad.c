/* SPDX-License-Identifier: Apache-2.0 */
/*
 * GroupedBiasAddGrad and V2: the gradient of a bias added per group of rows, each group's rows of
 * gradY summed (ops-math's aclnn_grouped_bias_add_grad.h).
 *
 *  GB1. With groupIdxOptional ([G], INT32 / INT64, G <= 2048): gradY [rows, H], out [G, H];
 *      group j is rows [start(j), end(j)), start(0) = 0, start(j) = end(j - 1); end(j) is
 *      groupIdxOptional[j] (V1, V2 groupIdxType 0) or the running sum of the counts (V2
 *      groupIdxType 1). Without it: gradY [G, C, H], out [G, H], the sum over C.
 *      gradY and out of one type (FLOAT, FLOAT16, BFLOAT16). These are CANN's checks.
 *  GB2. The indices are data: read at the launch. CANN requires them ascending, non-negative,
 *      the last one rows; cpuacl clamps each end to [start, rows] so bad data cannot read
 *      outside gradY (a group past the rows sums nothing, rows past the last end are not
 *      read): an open choice, recorded in docs/operators.md.
 *  GB3. Sums in double in row order, rounded to out's type once.
 */
#include <stdlib.h>
#include <string.h>

#include "aclnnop/aclnn_grouped_bias_add_grad.h"
#include "ops/engine/engine.h"
#include "ops/reduce/table.h"

#define GB_MAX_GROUPS 2048 /* GB1: CANN's limit */

struct gbag_plan {
    struct ops_tensor grad, idx, out;
    int64_t groups, rows, h; /* rows: gradY's first dim (2-d) or C (3-d) */
    bool has_idx, counts;
};

static int32_t gbag_run(const struct aclOpExecutor *e, void *const *addr)
{
    const struct gbag_plan *p = e->plan;
    const struct ops_tensor *g = &p->grad, *o = &p->out;
    int64_t h = p->h;
    double *gv = malloc((size_t)(g->numel ? g->numel : 1) * sizeof(double));
    double *ov = calloc((size_t)(p->groups * h), sizeof(double));
    int64_t *iv = malloc((size_t)p->groups * sizeof(int64_t));
    if (!gv || !ov || !iv) {
        free(gv);
        free(ov);
        free(iv);
        return ACL_ERROR_BAD_ALLOC;
    }
    if (g->numel)
        ops_gather_nd(gv, CK_F64, ops_base(g, addr), g->dt, g->ndim, g->dims, g->strides);
    if (p->has_idx)
        ops_gather_nd(iv, CK_I64, ops_base(&p->idx, addr), p->idx.dt, p->idx.ndim, p->idx.dims,
                      p->idx.strides);
    int64_t start = 0;
    for (int64_t j = 0; j < p->groups; j++) {
        int64_t lo = p->has_idx ? start : j * p->rows, hi = (j + 1) * p->rows;
        if (p->has_idx) { /* GB2 */
            int64_t end = p->counts ? start + iv[j] : iv[j];
            hi = end < start ? start : end > p->rows ? p->rows : end;
            start = hi;
        }
        for (int64_t r = lo; r < hi; r++) /* GB3 */
            for (int64_t c = 0; c < h; c++)
                ov[j * h + c] += gv[r * h + c];
    }
    ops_scatter_nd(ov, CK_F64, ops_base(o, addr), o->dt, o->ndim, o->dims, o->strides);
    free(gv);
    free(ov);
    free(iv);
    return 0;
}

static aclnnStatus gbag_op(const char *name, unsigned types, unsigned itypes,
                           const aclTensor *gradY, const aclTensor *idx, bool counts,
                           aclTensor *out, uint64_t *ws, aclOpExecutor **ex)
{
    aclnnStatus rc;
    int dt, odt, idt;
    if ((rc = ops_check_dims(gradY, name, "gradY")) || (rc = ops_check_dims(out, name, "out")) ||
        (idx && (rc = ops_check_dims(idx, name, "groupIdxOptional"))) ||
        (rc = ops_need_dt(name, "gradY", gradY->dtype, types, &dt)) ||
        (rc = ops_need_dt(name, "out", out->dtype, types, &odt)) ||
        (idx && (rc = ops_need_dt(name, "groupIdxOptional", idx->dtype, itypes, &idt))))
        return rc;
    if (odt != dt)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: out must have gradY's type", name);
    int want_nd = idx ? 2 : 3;
    if ((int)gradY->ndim != want_nd)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: gradY has %d dims, %d are needed %s", name,
                       (int)gradY->ndim, want_nd,
                       idx ? "with groupIdxOptional" : "without groupIdxOptional");
    int64_t groups = idx ? (idx->ndim == 1 ? idx->dims[0] : -1) : gradY->dims[0];
    if (idx && idx->ndim != 1)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: groupIdxOptional has %d dims, 1 is needed",
                       name, (int)idx->ndim);
    if (groups > GB_MAX_GROUPS)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: %lld groups, at most %d", name,
                       (long long)groups, GB_MAX_GROUPS);
    int64_t h = gradY->dims[want_nd - 1], od[2] = {groups, h};
    if ((rc = ops_check_shape(name, od, 2, out, "out")))
        return rc;
    OPS_PLAN(e, p, name, 2, 1, struct gbag_plan, NULL, {&p->grad, gradY, "gradY"},
             {idx ? &p->idx : NULL, idx, "groupIdxOptional"}, {&p->out, out, "out"});
    p->groups = groups;
    p->rows = idx ? gradY->dims[0] : gradY->dims[1];
    p->h = h;
    p->has_idx = idx != NULL;
    p->counts = counts;
    e->run = groups && h ? gbag_run : NULL;
    return ops_exec_done(e, ws, ex);
}

aclnnStatus aclnnGroupedBiasAddGradGetWorkspaceSize(const aclTensor *gradY,
                                                    const aclTensor *groupIdxOptional,
                                                    aclTensor *out, WS)
{
    static const char name[] = "aclnnGroupedBiasAddGrad";
    OPS_CHECK_NULLS(name, gradY, out, workspaceSize, executor);
    return gbag_op(name, OPS_DT_GroupedBiasAddGrad, OPS_DT2_GroupedBiasAddGrad, gradY,
                   groupIdxOptional, false, out, workspaceSize, executor);
}

aclnnStatus aclnnGroupedBiasAddGradV2GetWorkspaceSize(const aclTensor *gradY,
                                                      const aclTensor *groupIdxOptional,
                                                      int64_t groupIdxType, aclTensor *out, WS)
{
    static const char name[] = "aclnnGroupedBiasAddGradV2";
    OPS_CHECK_NULLS(name, gradY, out, workspaceSize, executor);
    if (groupIdxType != 0 && groupIdxType != 1)
        return ops_err(ACLNN_ERR_PARAM_INVALID,
                       "%s: groupIdxType is %lld, it must be 0 (end rows) or 1 (row counts)", name,
                       (long long)groupIdxType);
    return gbag_op(name, OPS_DT_GroupedBiasAddGradV2, OPS_DT2_GroupedBiasAddGradV2, gradY,
                   groupIdxOptional, groupIdxType == 1, out, workspaceSize, executor);
}

PHASE2(GroupedBiasAddGrad)
PHASE2(GroupedBiasAddGradV2)
