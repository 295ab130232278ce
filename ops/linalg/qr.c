/* SPDX-License-Identifier: Apache-2.0 */
/*
 * LinalgQr and Qr: the QR decomposition of each matrix of a batch (torch.linalg.qr and
 * torch.qr; ops-math's aclnn_linalg_qr.h and aclnn_qr.h, the Qr kernel both call).
 *
 *  QR1. self [..., m, n] (2 to 8 dims), k = min(m, n). Reduced (LinalgQr mode 0, Qr some true):
 *      Q [..., m, k], R [..., k, n]; complete (mode 1, some false): Q [..., m, m], R [..., m, n];
 *      r (mode 2): Q must be [0] and is not written, R [..., k, n]. Q and R may be of any of
 *      the row's types, each rounded from double once (CANN casts the kernel's results to
 *      them). Nothing runs when neither output has an element; an empty self with a non-empty
 *      Q (self [..., m, 0], complete) gives Q = I, as CANN's kernel does.
 *  QR2. Householder reflections in double as LAPACK's geqrf / orgqr, which torch calls: for
 *      column j the reflector maps x = A[j:, j] to beta e1 with beta = -sign(x0) |x| (a zero
 *      x below the diagonal reflects nothing), so R's diagonal carries those signs and Q, R
 *      agree with torch's up to rounding (the decomposition is unique only up to the signs of
 *      Q's columns / R's rows; CANN's docs example shows the same negative diagonal).
 *      Q = H_0 H_1 ... H_{k-1} applied to the first columns of I.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "aclnnop/aclnn_linalg_qr.h"
#include "aclnnop/aclnn_qr.h"
#include "ops/engine/engine.h"
#include "ops/linalg/table.h"

struct qr_plan {
    struct ops_tensor self, q, r;
    int64_t batch, m, n, qc, rr; /* Q is m x qc, R rr x n */
    bool want_q;
};

/* a (m x n, row-major) becomes R's first rows in its upper triangle and the reflectors below it
 * (v with v0 = 1 implied, as geqrf stores them); tau[0..k) their scales. QR2. */
static void qr_householder(double *a, double *tau, int64_t m, int64_t n, int64_t k)
{
    for (int64_t j = 0; j < k; j++) {
        double alpha = a[j * n + j], xn = 0;
        for (int64_t i = j + 1; i < m; i++)
            xn = hypot(xn, a[i * n + j]);
        if (xn == 0) { /* nothing below the diagonal: H = I */
            tau[j] = 0;
            continue;
        }
        double beta = -copysign(hypot(alpha, xn), alpha);
        tau[j] = (beta - alpha) / beta;
        double sc = 1 / (alpha - beta);
        for (int64_t i = j + 1; i < m; i++)
            a[i * n + j] *= sc;
        a[j * n + j] = beta;
        /* the columns right of j: c -= tau v (v^T c) */
        for (int64_t c = j + 1; c < n; c++) {
            double s = a[j * n + c];
            for (int64_t i = j + 1; i < m; i++)
                s += a[i * n + j] * a[i * n + c];
            s *= tau[j];
            a[j * n + c] -= s;
            for (int64_t i = j + 1; i < m; i++)
                a[i * n + c] -= s * a[i * n + j];
        }
    }
}

/* q (m x qc) = H_0 ... H_{k-1} I[:, :qc], from a's reflectors (qr_householder). QR2. */
static void qr_form_q(const double *a, const double *tau, double *q, int64_t m, int64_t n,
                      int64_t k, int64_t qc)
{
    memset(q, 0, (size_t)(m * qc) * sizeof(double));
    for (int64_t i = 0; i < m && i < qc; i++)
        q[i * qc + i] = 1;
    for (int64_t j = k - 1; j >= 0; j--) {
        if (tau[j] == 0)
            continue;
        for (int64_t c = 0; c < qc; c++) {
            double s = q[j * qc + c];
            for (int64_t i = j + 1; i < m; i++)
                s += a[i * n + j] * q[i * qc + c];
            s *= tau[j];
            q[j * qc + c] -= s;
            for (int64_t i = j + 1; i < m; i++)
                q[i * qc + c] -= s * a[i * n + j];
        }
    }
}

static int32_t qr_run(const struct aclOpExecutor *e, void *const *addr)
{
    const struct qr_plan *p = e->plan;
    int64_t m = p->m, n = p->n, k = m < n ? m : n, mn = m * n;
    double *a = malloc((size_t)(p->batch * mn + 1) * sizeof(double));
    double *tau = malloc((size_t)(k + 1) * sizeof(double));
    double *q = malloc((size_t)(p->batch * m * p->qc + 1) * sizeof(double));
    double *r = malloc((size_t)(p->batch * p->rr * n + 1) * sizeof(double));
    if (!a || !tau || !q || !r) {
        free(a);
        free(tau);
        free(q);
        free(r);
        return ACL_ERROR_BAD_ALLOC;
    }
    const struct ops_tensor *x = &p->self;
    if (mn)
        ops_gather_nd(a, CK_F64, ops_base(x, addr), x->dt, x->ndim, x->dims, x->strides);
    for (int64_t b = 0; b < p->batch; b++) {
        double *ab = a + b * mn, *rb = r + b * p->rr * n;
        qr_householder(ab, tau, m, n, k);
        if (p->want_q)
            qr_form_q(ab, tau, q + b * m * p->qc, m, n, k, p->qc);
        for (int64_t i = 0; i < p->rr; i++) /* R: a's upper triangle, zero below */
            for (int64_t j = 0; j < n; j++)
                rb[i * n + j] = j >= i ? ab[i * n + j] : 0;
    }
    if (p->want_q && p->q.numel)
        ops_scatter_nd(q, CK_F64, ops_base(&p->q, addr), p->q.dt, p->q.ndim, p->q.dims,
                       p->q.strides);
    if (p->r.numel)
        ops_scatter_nd(r, CK_F64, ops_base(&p->r, addr), p->r.dt, p->r.ndim, p->r.dims,
                       p->r.strides);
    free(a);
    free(tau);
    free(q);
    free(r);
    return 0;
}

/* mode: 0 reduced, 1 complete, 2 r (QR1). */
static aclnnStatus qr_op(const char *name, unsigned types, const aclTensor *self, int64_t mode,
                         const aclTensor *Q, const aclTensor *R, uint64_t *ws, aclOpExecutor **ex)
{
    aclnnStatus rc;
    int dt;
    if ((rc = ops_check_dims(self, name, "self")) || (rc = ops_check_dims(Q, name, "Q")) ||
        (rc = ops_check_dims(R, name, "R")) ||
        (rc = ops_need_dt(name, "self", self->dtype, types, &dt)) ||
        (rc = ops_need_dt(name, "Q", Q->dtype, types, &dt)) ||
        (rc = ops_need_dt(name, "R", R->dtype, types, &dt)))
        return rc;
    int nd = (int)self->ndim;
    if (nd < 2)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: self has %d dims, at least 2 are needed", name,
                       nd);
    int64_t m = self->dims[nd - 2], n = self->dims[nd - 1], k = m < n ? m : n;
    int64_t qd[OPS_MAX_DIMS], rd[OPS_MAX_DIMS];
    memcpy(qd, self->dims, (size_t)nd * sizeof(int64_t));
    memcpy(rd, self->dims, (size_t)nd * sizeof(int64_t));
    qd[nd - 1] = mode == 1 ? m : k;
    rd[nd - 2] = mode == 1 ? m : k;
    if (mode == 2) {
        int64_t zero = 0;
        if ((rc = ops_check_shape(name, &zero, 1, Q, "Q")))
            return rc;
    } else if ((rc = ops_check_shape(name, qd, nd, Q, "Q"))) {
        return rc;
    }
    if ((rc = ops_check_shape(name, rd, nd, R, "R")))
        return rc;
    OPS_PLAN(e, p, name, 1, 2, struct qr_plan, NULL, {&p->self, self, "self"}, {&p->q, Q, "Q"},
             {&p->r, R, "R"});
    p->m = m;
    p->n = n;
    p->qc = qd[nd - 1];
    p->rr = rd[nd - 2];
    p->want_q = mode != 2;
    p->batch = ops_numel(self->dims, nd - 2);
    /* QR1: nothing to write when both outputs are empty */
    bool any = (p->want_q && ops_numel(Q->dims, (int)Q->ndim)) || ops_numel(R->dims, (int)R->ndim);
    e->run = p->batch && any ? qr_run : NULL;
    return ops_exec_done(e, ws, ex);
}

aclnnStatus aclnnLinalgQrGetWorkspaceSize(const aclTensor *self, int64_t mode, aclTensor *Q,
                                          aclTensor *R, WS)
{
    static const char name[] = "aclnnLinalgQr";
    OPS_CHECK_NULLS(name, self, Q, R, workspaceSize, executor);
    if (mode < 0 || mode > 2)
        return ops_err(ACLNN_ERR_PARAM_INVALID,
                       "%s: mode is %lld, it must be 0 (reduced), 1 (complete) or 2 (r)", name,
                       (long long)mode);
    return qr_op(name, OPS_DT_LinalgQr, self, mode, Q, R, workspaceSize, executor);
}

aclnnStatus aclnnQrGetWorkspaceSize(const aclTensor *self, bool some, aclTensor *Q, aclTensor *R,
                                    WS)
{
    static const char name[] = "aclnnQr";
    OPS_CHECK_NULLS(name, self, Q, R, workspaceSize, executor);
    return qr_op(name, OPS_DT_Qr, self, some ? 0 : 1, Q, R, workspaceSize, executor);
}

PHASE2(LinalgQr)
PHASE2(Qr)
