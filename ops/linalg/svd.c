/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Svd: the singular value decomposition of each matrix of a batch, input = u diag(sigma) v^T
 * (torch.svd's outputs: v, not its transpose; ops-math's aclnn_svd.h).
 *
 *  VD1. input [..., m, n] (2 to 8 dims), k = min(m, n); sigma [..., k]; fullMatrices: u
 *      [..., m, m], v [..., n, n], else u [..., m, k], v [..., n, k]; all of input's type
 *      (CANN's check). computeUV false writes sigma only and does not look at u's and v's
 *      shapes (CANN's check; their types are still checked). An empty input runs nothing, as
 *      CANN's first phase returns at once for it.
 *  VD2. One-sided Jacobi (Hestenes) in double on B = input (m >= n) or input^T (m < n), p x q
 *      with p >= q: column pairs are rotated until every pair is orthogonal to within
 *      DBL_EPSILON relative to the columns' norms (at most SV_SWEEPS sweeps); then sigma_j is
 *      column j's norm, the left vectors the normalised columns, the right ones the rotations'
 *      product. For input^T the two sides swap. sigma is sorted descending, the vectors with it.
 *  VD3. Left vectors of a zero singular value, and the extra columns of a full u / v, are
 *      completed to an orthonormal basis by Gram-Schmidt on the unit vectors (each time the one
 *      whose remainder is largest), so u and v are always orthogonal.
 *  VD4. Signs: the decomposition fixes each pair (u_j, v_j) only up to a common sign (and the
 *      vectors of repeated or zero singular values only up to a rotation); CANN's docs fix
 *      none, neither does torch (LAPACK's gesdd). cpuacl's choice is deterministic: each v_j
 *      has its largest-magnitude component (the first of equal ones) positive.
 *  VD5. A NaN in a matrix gives NaN in all of its outputs.
 */
#include <float.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "aclnnop/aclnn_svd.h"
#include "ops/engine/engine.h"
#include "ops/linalg/table.h"

#define SV_SWEEPS 80 /* VD2: Jacobi converges quadratically; 80 sweeps is far beyond need */

struct svd_plan {
    struct ops_tensor input, sigma, u, v;
    int64_t batch, m, n;
    bool full, uv;
};

/* VD3: columns [from, to) of w (p rows, ld columns per row) become unit vectors orthogonal to
 * columns [0, to) before them; tmp holds p doubles. */
static void svd_complete(double *w, int64_t p, int64_t ld, int64_t from, int64_t to, double *tmp)
{
    for (int64_t c = from; c < to; c++) {
        double best = -1;
        int64_t bi = 0;
        for (int64_t e = 0; e < p; e++) { /* the unit vector with the largest remainder */
            double r = 1;
            for (int64_t j = 0; j < c; j++)
                r -= w[e * ld + j] * w[e * ld + j];
            if (r > best + 1e-12) {
                best = r;
                bi = e;
            }
        }
        for (int64_t i = 0; i < p; i++)
            tmp[i] = i == bi;
        for (int pass = 0; pass < 2; pass++) /* twice: Gram-Schmidt's lost orthogonality */
            for (int64_t j = 0; j < c; j++) {
                double d = 0;
                for (int64_t i = 0; i < p; i++)
                    d += w[i * ld + j] * tmp[i];
                for (int64_t i = 0; i < p; i++)
                    tmp[i] -= d * w[i * ld + j];
            }
        double nr = 0;
        for (int64_t i = 0; i < p; i++)
            nr = hypot(nr, tmp[i]);
        for (int64_t i = 0; i < p; i++)
            w[i * ld + c] = tmp[i] / nr;
    }
}

/* b (p x q, row-major, p >= q) -> w (p x wc: left vectors, wc = q or p), s[q] descending, vj
 * (q x q: right vectors as columns). VD2-VD4. tmp: p + q doubles. */
static void svd_tall(double *b, int64_t p, int64_t q, double *w, int64_t wc, double *s, double *vj,
                     double *tmp)
{
    memset(vj, 0, (size_t)(q * q) * sizeof(double));
    for (int64_t i = 0; i < q; i++)
        vj[i * q + i] = 1;
    for (int sweep = 0; sweep < SV_SWEEPS; sweep++) {
        bool rotated = false;
        for (int64_t c1 = 0; c1 < q - 1; c1++)
            for (int64_t c2 = c1 + 1; c2 < q; c2++) {
                double al = 0, be = 0, ga = 0;
                for (int64_t i = 0; i < p; i++) {
                    double x = b[i * q + c1], y = b[i * q + c2];
                    al += x * x;
                    be += y * y;
                    ga += x * y;
                }
                if (ga == 0 || fabs(ga) <= DBL_EPSILON * sqrt(al * be))
                    continue;
                rotated = true;
                double zeta = (be - al) / (2 * ga);
                double t = copysign(1.0, zeta) / (fabs(zeta) + sqrt(1 + zeta * zeta));
                double c = 1 / sqrt(1 + t * t), sn = c * t;
                for (int64_t i = 0; i < p; i++) {
                    double x = b[i * q + c1], y = b[i * q + c2];
                    b[i * q + c1] = c * x - sn * y;
                    b[i * q + c2] = sn * x + c * y;
                }
                for (int64_t i = 0; i < q; i++) {
                    double x = vj[i * q + c1], y = vj[i * q + c2];
                    vj[i * q + c1] = c * x - sn * y;
                    vj[i * q + c2] = sn * x + c * y;
                }
            }
        if (!rotated)
            break;
    }
    /* sigma and the order: a selection sort of the column norms, descending */
    int64_t *ord = (int64_t *)(tmp + p); /* q slots after tmp's p */
    for (int64_t j = 0; j < q; j++) {
        double nr = 0;
        for (int64_t i = 0; i < p; i++)
            nr = hypot(nr, b[i * q + j]);
        s[j] = nr;
        ord[j] = j;
    }
    for (int64_t i = 0; i < q; i++)
        for (int64_t j = i + 1; j < q; j++)
            if (s[ord[j]] > s[ord[i]]) {
                int64_t t = ord[i];
                ord[i] = ord[j];
                ord[j] = t;
            }
    /* w's columns in that order, normalised; then s and vj's columns permuted the same way,
     * row by row through tmp */
    double smax = q ? s[ord[0]] : 0;
    int64_t nz = 0; /* VD3: columns of a (numerically) zero singular value are completed */
    for (int64_t j = 0; j < q; j++) {
        double sj = s[ord[j]];
        bool zero = !(sj > smax * DBL_EPSILON * (double)p) || sj == 0;
        for (int64_t i = 0; i < p; i++)
            w[i * wc + j] = zero ? 0 : b[i * q + ord[j]] / sj;
        if (!zero)
            nz = j + 1;
    }
    double *sv = tmp; /* the sorted sigma, then back into s */
    for (int64_t j = 0; j < q; j++)
        sv[j] = s[ord[j]];
    memcpy(s, sv, (size_t)q * sizeof(double));
    for (int64_t i = 0; i < q; i++) {
        for (int64_t j = 0; j < q; j++)
            sv[j] = vj[i * q + ord[j]];
        memcpy(vj + i * q, sv, (size_t)q * sizeof(double));
    }
    svd_complete(w, p, wc, nz, wc, tmp);
    for (int64_t j = 0; j < q; j++) { /* VD4: v_j's largest component positive */
        int64_t bi = 0;
        for (int64_t i = 1; i < q; i++)
            if (fabs(vj[i * q + j]) > fabs(vj[bi * q + j]))
                bi = i;
        if (vj[bi * q + j] < 0) {
            for (int64_t i = 0; i < q; i++)
                vj[i * q + j] = -vj[i * q + j];
            for (int64_t i = 0; i < p; i++)
                w[i * wc + j] = -w[i * wc + j];
        }
    }
}

static int32_t svd_run(const struct aclOpExecutor *e, void *const *addr)
{
    const struct svd_plan *p = e->plan;
    int64_t m = p->m, n = p->n, k = m < n ? m : n, bp = m > n ? m : n;
    int64_t uc = p->full ? m : k, vc = p->full ? n : k, wc = p->full ? bp : k;
    size_t nb = (size_t)p->batch;
    double *a = malloc(nb * (size_t)(m * n) * sizeof(double));
    double *b = malloc((size_t)(m * n) * sizeof(double));
    double *w = malloc((size_t)(bp * wc) * sizeof(double));
    double *vj = malloc((size_t)(k * k) * sizeof(double));
    double *tmp = malloc((size_t)(bp + k) * sizeof(double) + (size_t)k * sizeof(int64_t));
    double *s = malloc(nb * (size_t)k * sizeof(double));
    double *u = malloc(nb * (size_t)(m * uc) * sizeof(double));
    double *v = malloc(nb * (size_t)(n * vc) * sizeof(double));
    int32_t rc = 0;
    if (!a || !b || !w || !vj || !tmp || !s || !u || !v) {
        rc = ACL_ERROR_BAD_ALLOC;
        goto out;
    }
    const struct ops_tensor *x = &p->input;
    ops_gather_nd(a, CK_F64, ops_base(x, addr), x->dt, x->ndim, x->dims, x->strides);
    for (size_t bi = 0; bi < nb; bi++) {
        const double *ab = a + bi * (size_t)(m * n);
        double *sb = s + bi * (size_t)k, *ub = u + bi * (size_t)(m * uc),
               *vb = v + bi * (size_t)(n * vc);
        bool nan = false;
        for (int64_t i = 0; i < m * n; i++)
            nan |= isnan(ab[i]);
        if (nan) { /* VD5 */
            for (int64_t i = 0; i < k; i++)
                sb[i] = NAN;
            for (int64_t i = 0; i < m * uc; i++)
                ub[i] = NAN;
            for (int64_t i = 0; i < n * vc; i++)
                vb[i] = NAN;
            continue;
        }
        /* B = A (m >= n) or A^T: p x q with p >= q (VD2) */
        bool tr = m < n;
        for (int64_t i = 0; i < m; i++)
            for (int64_t j = 0; j < n; j++)
                b[tr ? j * m + i : i * n + j] = ab[i * n + j];
        svd_tall(b, bp, k, w, wc, sb, vj, tmp);
        /* the left side of B is w (bp x wc), the right vj (k x k) */
        double *lft = tr ? vb : ub, *rgt = tr ? ub : vb;
        int64_t lc = tr ? vc : uc, rc2 = tr ? uc : vc;
        for (int64_t i = 0; i < bp; i++)
            memcpy(lft + i * lc, w + i * wc, (size_t)lc * sizeof(double));
        for (int64_t i = 0; i < k; i++)
            memcpy(rgt + i * rc2, vj + i * k, (size_t)rc2 * sizeof(double));
        if (tr) { /* VD4 holds for v: with input^T, v is B's left side; flip by v's columns */
            for (int64_t j = 0; j < k; j++) {
                int64_t mi = 0;
                for (int64_t i = 1; i < n; i++)
                    if (fabs(vb[i * vc + j]) > fabs(vb[mi * vc + j]))
                        mi = i;
                if (vb[mi * vc + j] < 0) {
                    for (int64_t i = 0; i < n; i++)
                        vb[i * vc + j] = -vb[i * vc + j];
                    for (int64_t i = 0; i < m; i++)
                        ub[i * uc + j] = -ub[i * uc + j];
                }
            }
        }
    }
    const struct ops_tensor *so = &p->sigma;
    ops_scatter_nd(s, CK_F64, ops_base(so, addr), so->dt, so->ndim, so->dims, so->strides);
    if (p->uv) {
        const struct ops_tensor *uo = &p->u, *vo = &p->v;
        if (uo->numel)
            ops_scatter_nd(u, CK_F64, ops_base(uo, addr), uo->dt, uo->ndim, uo->dims, uo->strides);
        if (vo->numel)
            ops_scatter_nd(v, CK_F64, ops_base(vo, addr), vo->dt, vo->ndim, vo->dims, vo->strides);
    }
out:
    free(a);
    free(b);
    free(w);
    free(vj);
    free(tmp);
    free(s);
    free(u);
    free(v);
    return rc;
}

aclnnStatus aclnnSvdGetWorkspaceSize(const aclTensor *input, const bool fullMatrices,
                                     const bool computeUV, aclTensor *sigma, aclTensor *u,
                                     aclTensor *v, WS)
{
    static const char name[] = "aclnnSvd";
    OPS_CHECK_NULLS(name, input, sigma, u, v, workspaceSize, executor);
    aclnnStatus rc;
    int dt, odt;
    if ((rc = ops_check_dims(input, name, "input")) ||
        (rc = ops_need_dt(name, "input", input->dtype, OPS_DT_Svd, &dt)))
        return rc;
    const aclTensor *outs[3] = {sigma, u, v};
    static const char *const onames[3] = {"sigma", "u", "v"};
    for (int i = 0; i < 3; i++) {
        if ((rc = ops_check_dims(outs[i], name, onames[i])) ||
            (rc = ops_need_dt(name, onames[i], outs[i]->dtype, OPS_DT_Svd, &odt)))
            return rc;
        if (odt != dt)
            return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: %s must have input's type", name,
                           onames[i]);
    }
    int nd = (int)input->ndim;
    if (nd < 2)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: input has %d dims, at least 2 are needed",
                       name, nd);
    int64_t m = input->dims[nd - 2], n = input->dims[nd - 1], k = m < n ? m : n;
    int64_t sd[OPS_MAX_DIMS], ud[OPS_MAX_DIMS], vd[OPS_MAX_DIMS];
    memcpy(sd, input->dims, (size_t)nd * sizeof(int64_t));
    memcpy(ud, input->dims, (size_t)nd * sizeof(int64_t));
    memcpy(vd, input->dims, (size_t)nd * sizeof(int64_t));
    sd[nd - 2] = k;
    ud[nd - 1] = fullMatrices ? m : k;
    vd[nd - 2] = n;
    vd[nd - 1] = fullMatrices ? n : k;
    if ((rc = ops_check_shape(name, sd, nd - 1, sigma, "sigma")))
        return rc;
    if (computeUV && ((rc = ops_check_shape(name, ud, nd, u, "u")) ||
                      (rc = ops_check_shape(name, vd, nd, v, "v"))))
        return rc;
    OPS_PLAN(e, p, name, 1, 3, struct svd_plan, NULL, {&p->input, input, "input"},
             {&p->sigma, sigma, "sigma"}, {computeUV ? &p->u : NULL, u, "u"},
             {computeUV ? &p->v : NULL, v, "v"});
    p->m = m;
    p->n = n;
    p->full = fullMatrices;
    p->uv = computeUV;
    p->batch = ops_numel(input->dims, nd) ? ops_numel(input->dims, nd - 2) : 0; /* VD1 */
    e->run = p->batch ? svd_run : NULL;
    return ops_exec_done(e, workspaceSize, executor);
}

PHASE2(Svd)
