/* SPDX-License-Identifier: Apache-2.0 */
/*
 * p-norm distances between rows: Pdist and PdistForward (every pair of one matrix's rows),
 * Cdist (every row of x1 against every row of x2, batched) and CdistBackward (Cdist's
 * gradient with respect to x1).
 *
 *  DS1. dist(a, b) = (sum_k |a_k - b_k|^p)^(1/p) for 0 < p < inf; p = 0 counts the k with
 *      a_k != b_k, p = inf takes max_k |a_k - b_k|; p = 1 and p = 2 in their direct forms
 *      (sum |d|, sqrt(sum d^2)), as torch's kernels. Computed in double, rounded to out's
 *      type (self's, x1's) once; NaN propagates.
 *  DS2. Pdist: self [N, M] gives out [N (N - 1) / 2], the pairs i < j in row-major order
 *      (out_01, ..., out_0,N-1, out_12, ...). Cdist: x1 [..., P, M] and x2 [..., R, M], their
 *      batch dims broadcast, give out [..., P, R]; compute_mode (torch's choice of a matmul
 *      form for p = 2) does not change the result here: every mode computes directly.
 *  DS3. CdistBackward: out [..., P, M] = sum_j grad[..., i, j] * g(d, dist[..., i, j]) with
 *      d = x1[i, k] - x2[j, k] (torch's _cdist_backward): p 0 gives 0; p 1 sign(d); p < 2
 *      sign(d) |d|^(p-1) / dist^(p-1) (0 where dist is 0, or d is 0 with p < 1); p 2
 *      d / dist; p > 2 d |d|^(p-2) / dist^(p-1) (0 where dist is 0); p inf sign(d) where
 *      |d| (rounded to cdist's type, as the forward rounded its maximum) == dist. grad, x1, x2,
 * cdist and out share the batch dims and one type.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "aclnnop/aclnn_cdist.h"
#include "aclnnop/aclnn_cdist_backward.h"
#include "aclnnop/aclnn_pdist.h"
#include "aclnnop/aclnn_pdist_forward.h"
#include "ops/engine/engine.h"
#include "ops/matmul/table.h"

struct ds_plan {
    struct ops_tensor a, b, out; /* Cdist: a, b viewed with out's batch dims (stride 0) */
    bool cdist;
    double p;
    int64_t batch, rows_a, rows_b, m;
};

static double ds_dist(const double *a, const double *b, int64_t m, double p)
{
    double s = 0;
    if (p == 0) {
        for (int64_t k = 0; k < m; k++)
            s += a[k] != b[k];
        return s;
    }
    if (isinf(p)) {
        for (int64_t k = 0; k < m; k++) {
            double d = fabs(a[k] - b[k]);
            s = d > s || isnan(d) ? d : s;
        }
        return s;
    }
    for (int64_t k = 0; k < m; k++) {
        double d = fabs(a[k] - b[k]);
        s += p == 1 ? d : p == 2 ? d * d : pow(d, p);
    }
    return p == 1 ? s : p == 2 ? sqrt(s) : pow(s, 1 / p);
}

static int32_t ds_run(const struct aclOpExecutor *e, void *const *addr)
{
    const struct ds_plan *p = e->plan;
    const struct ops_tensor *o = &p->out;
    int64_t na = p->a.numel, nb = p->cdist ? p->b.numel : 0;
    double *a = malloc((size_t)(na ? na : 1) * sizeof(double));
    double *b = p->cdist ? malloc((size_t)(nb ? nb : 1) * sizeof(double)) : NULL;
    double *r = malloc((size_t)o->numel * sizeof(double));
    int32_t rc = 0;
    if (!a || !r || (p->cdist && !b)) {
        rc = ACL_ERROR_BAD_ALLOC;
        goto done;
    }
    ops_gather_nd(a, CK_F64, ops_base(&p->a, addr), p->a.dt, p->a.ndim, p->a.dims, p->a.strides);
    if (b)
        ops_gather_nd(b, CK_F64, ops_base(&p->b, addr), p->b.dt, p->b.ndim, p->b.dims,
                      p->b.strides);
    int64_t k = 0, m = p->m;
    for (int64_t t = 0; t < p->batch; t++) { /* DS2 */
        const double *ab = a + t * p->rows_a * m;
        if (b) {
            const double *bb = b + t * p->rows_b * m;
            for (int64_t i = 0; i < p->rows_a; i++)
                for (int64_t j = 0; j < p->rows_b; j++)
                    r[k++] = ds_dist(ab + i * m, bb + j * m, m, p->p);
        } else {
            for (int64_t i = 0; i < p->rows_a; i++)
                for (int64_t j = i + 1; j < p->rows_a; j++)
                    r[k++] = ds_dist(ab + i * m, ab + j * m, m, p->p);
        }
    }
    ops_scatter_nd(r, CK_F64, ops_base(o, addr), o->dt, o->ndim, o->dims, o->strides);
done:
    free(a);
    free(b);
    free(r);
    return rc;
}

static aclnnStatus pdist_op(const char *name, unsigned types, const aclTensor *self, double p,
                            const aclTensor *out, uint64_t *ws, aclOpExecutor **ex)
{
    aclnnStatus rc;
    int sdt, odt;
    if ((rc = ops_check_dims(self, name, "self")) || (rc = ops_check_dims(out, name, "out")) ||
        (rc = ops_need_dt(name, "self", self->dtype, types, &sdt)) ||
        (rc = ops_need_dt(name, "out", out->dtype, types, &odt)))
        return rc;
    if (sdt != odt)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: out is %s, self %s (one type)", name,
                       ops_dt_name(out->dtype), ops_dt_name(self->dtype));
    if (self->ndim != 2)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: self has %u dims (2)", name,
                       (unsigned)self->ndim);
    if (!(p >= 0))
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: p %g must be >= 0", name, p);
    int64_t n = self->dims[0], want = n * (n - 1) / 2;
    if ((rc = ops_check_shape(name, &want, 1, out, "out")))
        return rc;
    OPS_PLAN(e, q, name, 1, 1, struct ds_plan, NULL, {&q->a, self, "self"}, {&q->out, out, "out"});
    q->p = p;
    q->batch = 1;
    q->rows_a = n;
    q->m = self->dims[1];
    e->run = want ? ds_run : NULL;
    return ops_exec_done(e, ws, ex);
}

aclnnStatus aclnnPdistGetWorkspaceSize(const aclTensor *self, float p, aclTensor *out, WS)
{
    OPS_CHECK_NULLS("aclnnPdist", self, out, workspaceSize, executor);
    return pdist_op("aclnnPdist", OPS_DT_Pdist, self, p, out, workspaceSize, executor);
}
aclnnStatus aclnnPdistForwardGetWorkspaceSize(const aclTensor *self, const aclScalar *pScalar,
                                              aclTensor *out, WS)
{
    const char *name = "aclnnPdistForward";
    OPS_CHECK_NULLS(name, self, pScalar, out, workspaceSize, executor);
    aclnnStatus rc = ops_check_scalar(name, "pScalar", pScalar, NULL);
    if (rc)
        return rc;
    return pdist_op(name, OPS_DT_PdistForward, self, ops_scalar_f64(pScalar), out, workspaceSize,
                    executor);
}

/* t [..., rows, M] viewed with the batch dims bd[0..nbd) of the broadcast (missing and
 * size-1 batch dims stride 0) and its last two dims kept. */
static void ds_bcast(struct ops_tensor *t, const int64_t *bd, int nbd)
{
    int nd = t->ndim, off = nbd - (nd - 2);
    int64_t dims[OPS_MAX_DIMS], st[OPS_MAX_DIMS];
    for (int d = 0; d < nbd; d++) {
        int s = d - off;
        dims[d] = bd[d];
        st[d] = s < 0 || t->dims[s] == 1 ? 0 : t->strides[s];
    }
    for (int d = 0; d < 2; d++) {
        dims[nbd + d] = t->dims[nd - 2 + d];
        st[nbd + d] = t->strides[nd - 2 + d];
    }
    t->ndim = (int8_t)(nbd + 2);
    memcpy(t->dims, dims, sizeof(int64_t) * (size_t)t->ndim);
    memcpy(t->strides, st, sizeof(int64_t) * (size_t)t->ndim);
    t->numel = ops_numel(dims, t->ndim);
}

aclnnStatus aclnnCdistGetWorkspaceSize(const aclTensor *x1, const aclTensor *x2, float p,
                                       int64_t compute_mode, aclTensor *out, WS)
{
    const char *name = "aclnnCdist";
    OPS_CHECK_NULLS(name, x1, x2, out, workspaceSize, executor);
    aclnnStatus rc;
    int d1, d2, dout;
    if ((rc = ops_check_dims(x1, name, "x1")) || (rc = ops_check_dims(x2, name, "x2")) ||
        (rc = ops_check_dims(out, name, "out")) ||
        (rc = ops_need_dt(name, "x1", x1->dtype, OPS_DT_Cdist, &d1)) ||
        (rc = ops_need_dt(name, "x2", x2->dtype, OPS_DT_Cdist, &d2)) ||
        (rc = ops_need_dt(name, "out", out->dtype, OPS_DT_Cdist, &dout)))
        return rc;
    if (d1 != d2 || d1 != dout)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: x1 %s, x2 %s and out %s must be one type",
                       name, ops_dt_name(x1->dtype), ops_dt_name(x2->dtype),
                       ops_dt_name(out->dtype));
    int n1 = (int)x1->ndim, n2 = (int)x2->ndim;
    if (n1 < 2 || n2 < 2)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: x1 and x2 need 2 dims or more (%d, %d)", name,
                       n1, n2);
    if (x1->dims[n1 - 1] != x2->dims[n2 - 1])
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: x1 has %lld features, x2 %lld", name,
                       (long long)x1->dims[n1 - 1], (long long)x2->dims[n2 - 1]);
    if (!(p >= 0))
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: p %g must be >= 0", name, (double)p);
    (void)compute_mode; /* DS2 */
    int64_t bd[OPS_MAX_DIMS];
    int nbd;
    if (!ops_broadcast(x1->dims, n1 - 2, x2->dims, n2 - 2, bd, &nbd))
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: the batch dims of x1 and x2 do not broadcast",
                       name);
    if (nbd + 2 > OPS_MAX_DIMS)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: too many dims", name);
    int64_t want[OPS_MAX_DIMS];
    memcpy(want, bd, sizeof(int64_t) * (size_t)nbd);
    want[nbd] = x1->dims[n1 - 2];
    want[nbd + 1] = x2->dims[n2 - 2];
    if ((rc = ops_check_shape(name, want, nbd + 2, out, "out")))
        return rc;
    OPS_PLAN(e, q, name, 2, 1, struct ds_plan, NULL, {&q->a, x1, "x1"}, {&q->b, x2, "x2"},
             {&q->out, out, "out"});
    ds_bcast(&q->a, bd, nbd);
    ds_bcast(&q->b, bd, nbd);
    q->cdist = true;
    q->p = p;
    q->batch = ops_numel(bd, nbd);
    q->rows_a = want[nbd];
    q->rows_b = want[nbd + 1];
    q->m = x1->dims[n1 - 1];
    e->run = q->out.numel ? ds_run : NULL;
    return ops_exec_done(e, workspaceSize, executor);
}

/* ---- CdistBackward (DS3) ------------------------------------------------------------------ */

struct cdb_plan {
    struct ops_tensor grad, x1, x2, dist, out;
    double p;
    int64_t batch, rows_a, rows_b, m;
};

static double sgn(double v)
{
    return (v > 0) - (v < 0);
}

/* dt: cdist's type, in which p inf compares |d| with the distance (the forward's maximum was
 * rounded to it) */
static double cdb_term(double d, double dist, double p, int dt)
{
    if (p == 0)
        return 0;
    if (p == 1)
        return sgn(d);
    if (isinf(p)) {
        double ad = fabs(d);
        ops_round_f64(&ad, 1, dt);
        return ad == dist ? sgn(d) : 0;
    }
    if (dist == 0)
        return 0;
    if (p < 2)
        return d == 0 && p < 1 ? 0 : sgn(d) * pow(fabs(d), p - 1) / pow(dist, p - 1);
    if (p == 2)
        return d / dist;
    return d * pow(fabs(d), p - 2) / pow(dist, p - 1);
}

static int32_t cdb_run(const struct aclOpExecutor *e, void *const *addr)
{
    const struct cdb_plan *p = e->plan;
    const struct ops_tensor *t[4] = {&p->grad, &p->x1, &p->x2, &p->dist};
    double *buf[4] = {0}, *r = malloc((size_t)p->out.numel * sizeof(double));
    int32_t rc = r ? 0 : ACL_ERROR_BAD_ALLOC;
    for (int i = 0; i < 4 && !rc; i++) {
        buf[i] = malloc((size_t)(t[i]->numel ? t[i]->numel : 1) * sizeof(double));
        if (!buf[i])
            rc = ACL_ERROR_BAD_ALLOC;
        else
            ops_gather_nd(buf[i], CK_F64, ops_base(t[i], addr), t[i]->dt, t[i]->ndim, t[i]->dims,
                          t[i]->strides);
    }
    if (!rc) {
        int64_t P = p->rows_a, R = p->rows_b, M = p->m;
        for (int64_t b = 0; b < p->batch; b++) {
            const double *g = buf[0] + b * P * R, *a = buf[1] + b * P * M, *c = buf[2] + b * R * M,
                         *dd = buf[3] + b * P * R;
            double *o = r + b * P * M;
            for (int64_t i = 0; i < P; i++)
                for (int64_t k = 0; k < M; k++) {
                    double s = 0;
                    for (int64_t j = 0; j < R; j++)
                        s += g[i * R + j] *
                             cdb_term(a[i * M + k] - c[j * M + k], dd[i * R + j], p->p, p->dist.dt);
                    o[i * M + k] = s;
                }
        }
        const struct ops_tensor *o = &p->out;
        ops_scatter_nd(r, CK_F64, ops_base(o, addr), o->dt, o->ndim, o->dims, o->strides);
    }
    for (int i = 0; i < 4; i++)
        free(buf[i]);
    free(r);
    return rc;
}

aclnnStatus aclnnCdistBackwardGetWorkspaceSize(const aclTensor *grad, const aclTensor *x1,
                                               const aclTensor *x2, const aclTensor *cdist, float p,
                                               aclTensor *out, WS)
{
    const char *name = "aclnnCdistBackward";
    OPS_CHECK_NULLS(name, grad, x1, x2, cdist, out, workspaceSize, executor);
    const aclTensor *t[5] = {grad, x1, x2, cdist, out};
    static const char *const tn[5] = {"grad", "x1", "x2", "cdist", "out"};
    aclnnStatus rc;
    int dt[5];
    for (int i = 0; i < 5; i++)
        if ((rc = ops_check_dims(t[i], name, tn[i])) ||
            (rc = ops_need_dt(name, tn[i], t[i]->dtype, OPS_DT_CdistBackward, &dt[i])))
            return rc;
    for (int i = 1; i < 5; i++)
        if (dt[i] != dt[0])
            return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: %s is %s, grad %s (one type)", name, tn[i],
                           ops_dt_name(t[i]->dtype), ops_dt_name(grad->dtype));
    int nd = (int)x1->ndim;
    if (nd < 2 || (int)x2->ndim != nd ||
        memcmp(x1->dims, x2->dims, (size_t)(nd - 2) * sizeof(int64_t)) ||
        x1->dims[nd - 1] != x2->dims[nd - 1])
        return ops_err(ACLNN_ERR_PARAM_INVALID,
                       "%s: x1 [..., P, M] and x2 [..., R, M] need one rank (2 or more), the same "
                       "batch dims and M",
                       name);
    if (!(p >= 0))
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: p %g must be >= 0", name, (double)p);
    int64_t want[OPS_MAX_DIMS];
    memcpy(want, x1->dims, sizeof(int64_t) * (size_t)nd);
    want[nd - 1] = x2->dims[nd - 2];
    if ((rc = ops_check_shape(name, want, nd, grad, "grad")) ||
        (rc = ops_check_shape(name, want, nd, cdist, "cdist")) ||
        (rc = ops_check_shape(name, x1->dims, nd, out, "out")))
        return rc;
    OPS_PLAN(e, q, name, 4, 1, struct cdb_plan, NULL, {&q->grad, grad, "grad"}, {&q->x1, x1, "x1"},
             {&q->x2, x2, "x2"}, {&q->dist, cdist, "cdist"}, {&q->out, out, "out"});
    q->p = p;
    q->batch = ops_numel(x1->dims, nd - 2);
    q->rows_a = x1->dims[nd - 2];
    q->rows_b = x2->dims[nd - 2];
    q->m = x1->dims[nd - 1];
    e->run = q->out.numel ? cdb_run : NULL;
    return ops_exec_done(e, workspaceSize, executor);
}

PHASE2(Pdist)
PHASE2(PdistForward)
PHASE2(Cdist)
PHASE2(CdistBackward)
