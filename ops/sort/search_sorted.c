/* SPDX-License-Identifier: Apache-2.0 */
/*
 * SearchSorted and SearchSorteds: where values would be inserted into sorted rows.
 *
 *  SST1. sortedSequence's last dim holds the rows (N values each, ascending, in the order
 *      sorter gives when there is one: row[j] = seq[sorter[j]]); out[i] is the first j in
 *      [0, N] with row[j] >= x (right: > x), N when there is none (torch.searchsorted). A 1-d
 *      sequence serves every value; an n-d one's leading dims must equal self's, row r
 *      serving self's r-th last-dim slice.
 *  SST2. The sequence and the values promote; the comparison runs in double (INT64 values
 *      beyond 2^53 compare rounded) as torch's does: the search moves right while row[j] >= x
 *      (right: > x) is false, so a NaN value lands at N. out is
 *      INT32 with outInt32, else INT64, of self's shape (SearchSorteds: one element).
 *  SST3. A sorter value outside [0, N) fails the launch (507015) before anything is written.
 */
#include <stdlib.h>
#include <string.h>

#include "aclnnop/aclnn_searchsorted.h"
#include "ops/engine/engine.h"
#include "ops/sort/table.h"

struct ss_plan {
    struct ops_tensor seq, self, sorter, out;
    bool has_sorter, right, scalar_self;
    double value;         /* SearchSorteds' value */
    int64_t rows, n, per; /* rows of N values; values per row (0: every value, 1-d sequence) */
};

static int32_t ss_run(const struct aclOpExecutor *e, void *const *addr)
{
    const struct ss_plan *p = e->plan;
    const struct ops_tensor *o = &p->out;
    int64_t nseq = p->rows * p->n, nv = o->numel;
    double *seq = malloc((size_t)(nseq ? nseq : 1) * sizeof(double));
    double *v = malloc((size_t)(nv ? nv : 1) * sizeof(double));
    int64_t *srt = p->has_sorter ? malloc((size_t)(nseq ? nseq : 1) * sizeof(int64_t)) : NULL;
    int64_t *res = malloc((size_t)(nv ? nv : 1) * sizeof(int64_t));
    int32_t rc = 0;
    if (!seq || !v || !res || (p->has_sorter && !srt)) {
        rc = ACL_ERROR_BAD_ALLOC;
        goto done;
    }
    ops_gather_nd(seq, CK_F64, ops_base(&p->seq, addr), p->seq.dt, p->seq.ndim, p->seq.dims,
                  p->seq.strides);
    if (p->scalar_self)
        v[0] = p->value;
    else
        ops_gather_nd(v, CK_F64, ops_base(&p->self, addr), p->self.dt, p->self.ndim, p->self.dims,
                      p->self.strides);
    if (srt) {
        ops_gather_nd(srt, CK_I64, ops_base(&p->sorter, addr), p->sorter.dt, p->sorter.ndim,
                      p->sorter.dims, p->sorter.strides);
        for (int64_t i = 0; i < nseq; i++)
            if (srt[i] < 0 || srt[i] >= p->n) { /* SST3 */
                rc = ACL_ERROR_RT_AICORE_EXCEPTION;
                goto done;
            }
    }
    for (int64_t i = 0; i < nv; i++) { /* SST1: binary search */
        int64_t r = p->per ? i / p->per : 0, lo = 0, hi = p->n;
        const double *row = seq + r * p->n;
        const int64_t *ord = srt ? srt + r * p->n : NULL;
        while (lo < hi) {
            int64_t mid = lo + (hi - lo) / 2;
            double s = row[ord ? ord[mid] : mid];
            bool go_right = p->right ? !(s > v[i]) : !(s >= v[i]); /* SST2 */
            if (go_right)
                lo = mid + 1;
            else
                hi = mid;
        }
        res[i] = lo;
    }
    ops_scatter_nd(res, CK_I64, ops_base(o, addr), o->dt, o->ndim, o->dims, o->strides);
done:
    free(seq);
    free(v);
    free(srt);
    free(res);
    return rc;
}

static aclnnStatus ss_op(const char *name, const aclTensor *seq, const aclTensor *self,
                         const aclScalar *value, bool outInt32, bool right, const aclTensor *sorter,
                         const aclTensor *out, uint64_t *ws, aclOpExecutor **ex)
{
    aclnnStatus rc;
    int qdt, vdt, odt;
    if ((rc = ops_check_dims(seq, name, "sortedSequence")) ||
        (rc = ops_check_dims(out, name, "out")) ||
        (rc = ops_need_dt(name, "sortedSequence", seq->dtype, OPS_DT_SearchSorted, &qdt)) ||
        (rc = ops_need_dt(name, "out", out->dtype, OPS_DT2_SearchSorted, &odt)))
        return rc;
    if (self) {
        if ((rc = ops_check_dims(self, name, "self")) ||
            (rc = ops_need_dt(name, "self", self->dtype, OPS_DT_SearchSorted, &vdt)))
            return rc;
    } else if ((rc = ops_check_scalar(name, "self", value, &vdt))) {
        return rc;
    }
    if (ops_promote(qdt, vdt) < 0)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: sortedSequence %s and self %s do not promote",
                       name, ops_dt_name(seq->dtype),
                       ops_dt_name(self ? self->dtype : value->dtype));
    if (odt != (outInt32 ? DT_I32 : DT_I64))
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: out is %s but outInt32 is %s", name,
                       ops_dt_name(out->dtype), outInt32 ? "true" : "false");
    int sd = (int)seq->ndim;
    if (sd < 1)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: sortedSequence must have at least 1 dim",
                       name);
    if (sorter) {
        int tdt;
        if ((rc = ops_check_dims(sorter, name, "sorter")) ||
            (rc = ops_need_dt(name, "sorter", sorter->dtype, DTM(DT_I64), &tdt)) ||
            (rc = ops_check_shape(name, seq->dims, sd, sorter, "sorter")))
            return rc;
    }
    int64_t n = seq->dims[sd - 1], rows = ops_numel(seq->dims, sd - 1), per = 0;
    if (self) {
        int vd = (int)self->ndim;
        if (sd > 1) {
            if (vd != sd || memcmp(self->dims, seq->dims, (size_t)(sd - 1) * sizeof(int64_t)))
                return ops_err(ACLNN_ERR_PARAM_INVALID,
                               "%s: self's leading dims must equal sortedSequence's (%d dims)",
                               name, sd);
            per = self->dims[vd - 1];
        }
        if ((rc = ops_check_shape(name, self->dims, vd, out, "out")))
            return rc;
    } else {
        if (sd != 1)
            return ops_err(ACLNN_ERR_PARAM_INVALID,
                           "%s: a scalar self needs a 1-d sortedSequence (it has %d dims)", name,
                           sd);
        if (ops_numel(out->dims, (int)out->ndim) != 1)
            return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: out must hold one element", name);
    }
    OPS_PLAN(e, p, name, 3, 1, struct ss_plan, NULL, {&p->seq, seq, "sortedSequence"},
             {&p->self, self, "self"}, {&p->sorter, sorter, "sorter"}, {&p->out, out, "out"});
    p->has_sorter = sorter != NULL;
    p->right = right;
    p->scalar_self = self == NULL;
    p->value = self ? 0 : ops_scalar_f64(value);
    p->rows = rows;
    p->n = n;
    p->per = per;
    e->run = p->out.numel ? ss_run : NULL;
    return ops_exec_done(e, ws, ex);
}

aclnnStatus aclnnSearchSortedGetWorkspaceSize(const aclTensor *sortedSequence,
                                              const aclTensor *self, bool outInt32, bool right,
                                              const aclTensor *sorter, aclTensor *out, WS)
{
    const char *name = "aclnnSearchSorted";
    OPS_CHECK_NULLS(name, sortedSequence, self, out, workspaceSize, executor);
    return ss_op(name, sortedSequence, self, NULL, outInt32, right, sorter, out, workspaceSize,
                 executor);
}
aclnnStatus aclnnSearchSortedsGetWorkspaceSize(const aclTensor *sortedSequence,
                                               const aclScalar *self, const bool outInt32,
                                               const bool right, const aclTensor *sorter,
                                               aclTensor *out, WS)
{
    const char *name = "aclnnSearchSorteds";
    OPS_CHECK_NULLS(name, sortedSequence, self, out, workspaceSize, executor);
    (void)OPS_DT_SearchSorteds;
    (void)OPS_DT2_SearchSorteds;
    return ss_op(name, sortedSequence, NULL, self, outInt32, right, sorter, out, workspaceSize,
                 executor);
}
PHASE2(SearchSorted)
PHASE2(SearchSorteds)
