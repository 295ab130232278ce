/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Counting reductions: Bincount (occurrences of non-negative integers, optionally weighted)
 * and Histc (a histogram of equal-width bins).
 *
 *  HG1. Bincount: out[v] = the number of i with self[i] == v (with weights: their sum of
 *      weights[i]), counted in double and converted to out's type once; out's length is
 *      the caller's (CANN's max(max(self) + 1, minlength), known only from the data): it
 *      must be at least minlength, counts past the data's largest value are 0, and a
 *      negative value or one >= out's length fails the launch (507015) before anything is
 *      written, as the index kernels do with bad indices.
 *  HG2. Histc: bins equal-width bins over [min, max] (torch.histc): x goes to bin
 *      floor((x - min) * bins / (max - min)), x == max to the last one; values outside
 *      [min, max] and NaN are not counted. min == max takes the data's own minimum and
 *      maximum (finite values), and when those are equal too [min - 1, max + 1]. Computed in
 *      double, counts converted to out's type.
 */
#include <math.h>
#include <stdlib.h>

#include "aclnnop/aclnn_bincount.h"
#include "aclnnop/aclnn_histc.h"
#include "ops/engine/engine.h"
#include "ops/reduce/table.h"

struct hg_plan {
    struct ops_tensor self, weights, out;
    bool has_weights, histc;
    int64_t bins;
    double lo, hi;
};

static int32_t hg_run(const struct aclOpExecutor *e, void *const *addr)
{
    const struct hg_plan *p = e->plan;
    const struct ops_tensor *s = &p->self, *o = &p->out;
    int64_t n = s->numel, nb = o->numel;
    double *v = malloc((size_t)(n ? n : 1) * sizeof(double));
    double *w = p->has_weights ? malloc((size_t)(n ? n : 1) * sizeof(double)) : NULL;
    double *cnt = calloc((size_t)(nb ? nb : 1), sizeof(double));
    int32_t rc = 0;
    if (!v || !cnt || (p->has_weights && !w)) {
        rc = ACL_ERROR_BAD_ALLOC;
        goto done;
    }
    ops_gather_nd(v, CK_F64, ops_base(s, addr), s->dt, s->ndim, s->dims, s->strides);
    if (w)
        ops_gather_nd(w, CK_F64, ops_base(&p->weights, addr), p->weights.dt, p->weights.ndim,
                      p->weights.dims, p->weights.strides);
    if (!p->histc) { /* HG1 */
        for (int64_t i = 0; i < n; i++)
            if (!(v[i] >= 0 && v[i] < (double)nb)) {
                rc = ACL_ERROR_RT_AICORE_EXCEPTION;
                goto done;
            }
        for (int64_t i = 0; i < n; i++)
            cnt[(int64_t)v[i]] += w ? w[i] : 1.0;
    } else { /* HG2 */
        double lo = p->lo, hi = p->hi;
        if (lo == hi) {
            bool any = false;
            for (int64_t i = 0; i < n; i++)
                if (isfinite(v[i])) {
                    lo = any ? fmin(lo, v[i]) : v[i];
                    hi = any ? fmax(hi, v[i]) : v[i];
                    any = true;
                }
            if (lo == hi) {
                lo -= 1;
                hi += 1;
            }
        }
        for (int64_t i = 0; i < n; i++) {
            if (!(v[i] >= lo && v[i] <= hi))
                continue;
            int64_t b = (int64_t)((v[i] - lo) * (double)p->bins / (hi - lo));
            cnt[b >= p->bins ? p->bins - 1 : b] += 1.0;
        }
    }
    ops_scatter_nd(cnt, CK_F64, ops_base(o, addr), o->dt, o->ndim, o->dims, o->strides);
done:
    free(v);
    free(w);
    free(cnt);
    return rc;
}

aclnnStatus aclnnBincountGetWorkspaceSize(const aclTensor *self, const aclTensor *weights,
                                          int64_t minlength, aclTensor *out, WS)
{
    const char *name = "aclnnBincount";
    OPS_CHECK_NULLS(name, self, out, workspaceSize, executor);
    aclnnStatus rc;
    int sdt, wdt, odt;
    if ((rc = ops_check_dims(self, name, "self")) || (rc = ops_check_dims(out, name, "out")) ||
        (rc = ops_need_dt(name, "self", self->dtype, OPS_DT_Bincount, &sdt)) ||
        (rc = ops_need_dt(name, "out", out->dtype, OPS_DT2_Bincount, &odt)))
        return rc;
    if (weights && ((rc = ops_check_dims(weights, name, "weights")) ||
                    (rc = ops_need_dt(name, "weights", weights->dtype, DTM_BINCOUNT_W, &wdt)) ||
                    (rc = ops_check_shape(name, self->dims, (int)self->ndim, weights, "weights"))))
        return rc;
    if (self->ndim != 1 || out->ndim != 1)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: self and out must be 1-d (%u and %u dims)",
                       name, (unsigned)self->ndim, (unsigned)out->ndim);
    if (minlength < 0 || out->dims[0] < minlength)
        return ops_err(ACLNN_ERR_PARAM_INVALID,
                       "%s: out holds %lld counts, minlength is %lld (not negative, at most "
                       "out's length)",
                       name, (long long)out->dims[0], (long long)minlength);
    OPS_PLAN(e, p, name, 2, 1, struct hg_plan, NULL, {&p->self, self, "self"},
             {&p->weights, weights, "weights"}, {&p->out, out, "out"});
    p->has_weights = weights != NULL;
    e->run = p->out.numel ? hg_run : NULL;
    return ops_exec_done(e, workspaceSize, executor);
}

aclnnStatus aclnnHistcGetWorkspaceSize(const aclTensor *self, int64_t bins, const aclScalar *min,
                                       const aclScalar *max, aclTensor *out, WS)
{
    const char *name = "aclnnHistc";
    OPS_CHECK_NULLS(name, self, min, max, out, workspaceSize, executor);
    aclnnStatus rc;
    int sdt, odt;
    if ((rc = ops_check_dims(self, name, "self")) || (rc = ops_check_dims(out, name, "out")) ||
        (rc = ops_need_dt(name, "self", self->dtype, OPS_DT_Histc, &sdt)) ||
        (rc = ops_need_dt(name, "out", out->dtype, OPS_DT_Histc, &odt)) ||
        (rc = ops_check_scalar(name, "min", min, NULL)) ||
        (rc = ops_check_scalar(name, "max", max, NULL)))
        return rc;
    (void)OPS_DT2_Histc;
    if (bins <= 0)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: bins %lld must be positive", name,
                       (long long)bins);
    double lo = ops_scalar_f64(min), hi = ops_scalar_f64(max);
    if (!(lo <= hi) || !isfinite(lo) || !isfinite(hi))
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: min %g and max %g must be finite, min <= max",
                       name, lo, hi);
    if ((rc = ops_check_shape(name, &bins, 1, out, "out")))
        return rc;
    OPS_PLAN(e, p, name, 1, 1, struct hg_plan, NULL, {&p->self, self, "self"},
             {&p->out, out, "out"});
    p->histc = true;
    p->bins = bins;
    p->lo = lo;
    p->hi = hi;
    e->run = hg_run;
    return ops_exec_done(e, workspaceSize, executor);
}

PHASE2(Bincount)
PHASE2(Histc)
