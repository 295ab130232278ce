/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Mv (matrix-vector product), TriangularSolve (batched triangular
 * systems with broadcasting) and Ger (outer product).
 *
 *  LA1. Mv accumulates each row's dot product in double and rounds once to
 *      out's type; cubeMathType USE_FP16 rounds float32 inputs to float16
 *      first, as Mm does.
 *  LA2. TriangularSolve solves in double by substitution, one right-hand
 *      column at a time; op(A) is A or A^T, so the effective triangle is
 *      `upper` xor `transpose`. mOut gets the used triangle of A (the other
 *      one zero, the diagonal as stored). A zero pivot gives inf/NaN, as
 *      the division does.
 *  LC3. Ger (outer product): self [n] is seen as [n, 1] and vec2 [m] as
 *      [1, m]; the elementwise engine (engine/ew.c) broadcasts both to out
 *      [n, m] and multiplies in the promoted type (integers wrap, BOOL is
 *      logical and).
 */
#include <stdlib.h>
#include <string.h>

#include "aclnnop/aclnn_ger.h"
#include "aclnnop/aclnn_mv.h"
#include "aclnnop/aclnn_triangular_solve.h"
#include "ops/engine/engine.h"
#include "ops/engine/ew_build.h"
#include "ops/matmul/table.h"

/* ---- Mv ------------------------------------------------------------------------------------- */

struct mv_plan {
    struct ops_tensor a, v, o;
    bool fp16;
};

static int32_t mv_run(const struct aclOpExecutor *e, void *const *addr)
{
    const struct mv_plan *p = e->plan;
    const int64_t n = p->a.dims[0], m = p->a.dims[1];
    float *buf = malloc((size_t)(2 * (m ? m : 1)) * sizeof(float));
    if (!buf)
        return ACL_ERROR_BAD_ALLOC;
    float *vec = buf, *row = buf + m;
    ops_gather_nd(vec, CK_F32, ops_base(&p->v, addr), p->v.dt, 1, p->v.dims, p->v.strides);
    if (p->fp16)
        ops_round_f32(vec, m, DT_F16);
    ops_load_fn ld = ops_loader(CK_F32, p->a.dt);
    ops_store_fn st = ops_storer(CK_F32, p->o.dt);
    const int64_t ea = ops_dt_size(p->a.dt), eo = ops_dt_size(p->o.dt);
    const char *ab = ops_base(&p->a, addr);
    char *ob = ops_base(&p->o, addr);
    for (int64_t i = 0; i < n; i++) {
        ld(row, ab + i * p->a.strides[0] * ea, p->a.strides[1] * ea, m);
        if (p->fp16)
            ops_round_f32(row, m, DT_F16);
        double s = 0;
        for (int64_t j = 0; j < m; j++)
            s += (double)row[j] * vec[j];
        float f = (float)s;
        st(ob + i * p->o.strides[0] * eo, eo, &f, 1);
    }
    free(buf);
    return 0;
}

aclnnStatus aclnnMvGetWorkspaceSize(const aclTensor *self, const aclTensor *vec, aclTensor *out,
                                    int8_t cubeMathType, uint64_t *workspaceSize,
                                    aclOpExecutor **executor)
{
    const char *name = "aclnnMv";
    OPS_CHECK_NULLS(name, self, vec, out, workspaceSize, executor);
    aclnnStatus rc;
    if ((rc = ops_check_dims(self, name, "self")) || (rc = ops_check_dims(vec, name, "vec")) ||
        (rc = ops_check_dims(out, name, "out")))
        return rc;
    int ad = ops_dt_index(self->dtype), vd = ops_dt_index(vec->dtype),
        od = ops_dt_index(out->dtype);
    if (ad < 0 || vd < 0 || od < 0 || !(DTM(ad) & OPS_DT_Mv) || !(DTM(vd) & OPS_DT_Mv) ||
        !(DTM(od) & OPS_DT_Mv))
        return ops_err(ACLNN_ERR_PARAM_INVALID,
                       "%s: types %s @ %s -> %s are not supported (FLOAT, FLOAT16, BFLOAT16)", name,
                       ops_dt_name(self->dtype), ops_dt_name(vec->dtype), ops_dt_name(out->dtype));
    if (cubeMathType < 0 || cubeMathType > 3)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: cubeMathType %d is not 0..3", name,
                       (int)cubeMathType);
    if (self->ndim != 2 || vec->ndim != 1 || out->ndim != 1 || self->dims[1] != vec->dims[0] ||
        out->dims[0] != self->dims[0])
        return ops_err(ACLNN_ERR_PARAM_INVALID,
                       "%s: needs self [n, m], vec [m] and out [n] (got %u-D, %u-D, %u-D)", name,
                       self->ndim, vec->ndim, out->ndim);
    OPS_PLAN(e, p, name, 2, 1, struct mv_plan, NULL, {&p->a, self, "self"}, {&p->v, vec, "vec"},
             {&p->o, out, "out"});
    p->fp16 = cubeMathType == 2 && ad == DT_F32 && vd == DT_F32;
    e->run = p->o.numel ? mv_run : NULL;
    return ops_exec_done(e, workspaceSize, executor);
}
PHASE2(Mv)

/* ---- TriangularSolve ------------------------------------------------------------------------ */

struct ts_plan {
    int nb;
    int64_t bdims[OPS_MAX_DIMS];
    int64_t m, k;
    bool upper, transpose, unit;
    struct ops_tensor b, a, x, mo; /* matrices: the last two dims */
    int64_t bst[4][OPS_MAX_DIMS];  /* batch strides of b, a, x, mo (0 = broadcast) */
};

static int32_t ts_run(const struct aclOpExecutor *e, void *const *addr)
{
    const struct ts_plan *p = e->plan;
    const int64_t m = p->m, k = p->k;
    double *A = malloc((size_t)(m * m + m * k + 1) * sizeof(double));
    if (!A)
        return ACL_ERROR_BAD_ALLOC;
    double *X = A + m * m;
    const struct ops_tensor *v[4] = {&p->b, &p->a, &p->x, &p->mo};
    const bool up = p->upper != p->transpose; /* the triangle of op(A) */
    int64_t idx[OPS_MAX_DIMS] = {0}, nbatch = ops_numel(p->bdims, p->nb);
    for (int64_t bi = 0; bi < nbatch; bi++) {
        char *base[4];
        for (int t = 0; t < 4; t++) {
            int64_t off = 0;
            for (int d = 0; d < p->nb; d++)
                off += idx[d] * p->bst[t][d];
            base[t] = ops_base(v[t], addr) + off * (int64_t)ops_dt_size(v[t]->dt);
        }
        const int ms = p->a.ndim - 2, bs = p->b.ndim - 2;
        ops_gather_nd(A, CK_F64, base[1], p->a.dt, 2, p->a.dims + ms, p->a.strides + ms);
        ops_gather_nd(X, CK_F64, base[0], p->b.dt, 2, p->b.dims + bs, p->b.strides + bs);
        /* mOut: the used triangle of A as stored */
        for (int64_t i = 0; i < m; i++)
            for (int64_t j = 0; j < m; j++)
                if (p->upper ? j < i : j > i)
                    A[i * m + j] = 0;
        ops_scatter_nd(A, CK_F64, base[3], p->mo.dt, 2, p->mo.dims + p->mo.ndim - 2,
                       p->mo.strides + p->mo.ndim - 2);
        for (int64_t c = 0; c < k; c++) {
            for (int64_t s = 0; s < m; s++) {
                const int64_t i = up ? m - 1 - s : s;
                double acc = X[i * k + c];
                for (int64_t j = up ? i + 1 : 0; up ? j < m : j < i; j++) {
                    double aij = p->transpose ? A[j * m + i] : A[i * m + j];
                    acc -= aij * X[j * k + c];
                }
                X[i * k + c] = p->unit ? acc : acc / A[i * m + i];
            }
        }
        ops_scatter_nd(X, CK_F64, base[2], p->x.dt, 2, p->x.dims + p->x.ndim - 2,
                       p->x.strides + p->x.ndim - 2);
        for (int d = p->nb - 1; d >= 0; d--) {
            if (++idx[d] < p->bdims[d])
                break;
            idx[d] = 0;
        }
    }
    free(A);
    return 0;
}

/* Batch strides of t (batch dims right-aligned against bd[nb]). */
static void ts_bstrides(int64_t *st, const aclTensor *t, int nb, const int64_t *bd)
{
    int tb = (int)t->ndim - 2;
    for (int d = 0; d < nb; d++) {
        int td = d - (nb - tb);
        st[d] = (td < 0 || t->dims[td] == 1 || bd[d] == 1) ? 0 : t->strides[td];
    }
}

static bool ts_out_ok(const aclTensor *t, int nb, const int64_t *bd, int64_t r, int64_t c)
{
    if ((int)t->ndim != nb + 2 || t->dims[nb] != r || t->dims[nb + 1] != c)
        return false;
    for (int d = 0; d < nb; d++)
        if (t->dims[d] != bd[d])
            return false;
    return true;
}

aclnnStatus aclnnTriangularSolveGetWorkspaceSize(const aclTensor *self, const aclTensor *A,
                                                 bool upper, bool transpose, bool unitriangular,
                                                 aclTensor *xOut, aclTensor *mOut,
                                                 uint64_t *workspaceSize, aclOpExecutor **executor)
{
    const char *name = "aclnnTriangularSolve";
    OPS_CHECK_NULLS(name, self, A, xOut, mOut, workspaceSize, executor);
    aclnnStatus rc;
    if ((rc = ops_check_dims(self, name, "self")) || (rc = ops_check_dims(A, name, "A")) ||
        (rc = ops_check_dims(xOut, name, "xOut")) || (rc = ops_check_dims(mOut, name, "mOut")))
        return rc;
    aclDataType t = self->dtype;
    if (!ops_dt_in(t, OPS_DT_TriangularSolve) || A->dtype != t || xOut->dtype != t ||
        mOut->dtype != t || (unitriangular && t != ACL_FLOAT))
        return ops_err(ACLNN_ERR_PARAM_INVALID,
                       "%s: self, A, xOut and mOut must all be FLOAT or DOUBLE (FLOAT only with "
                       "unitriangular); got %s, %s, %s, %s",
                       name, ops_dt_name(t), ops_dt_name(A->dtype), ops_dt_name(xOut->dtype),
                       ops_dt_name(mOut->dtype));
    if (self->ndim < 2 || A->ndim < 2)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: self and A need at least 2 dims", name);
    const int64_t m = A->dims[A->ndim - 1], k = self->dims[self->ndim - 1];
    if (A->dims[A->ndim - 2] != m || self->dims[self->ndim - 2] != m)
        return ops_err(ACLNN_ERR_PARAM_INVALID,
                       "%s: A must be square and self's rows must match it (A [.., %lld, %lld], "
                       "self [.., %lld, %lld])",
                       name, (long long)A->dims[A->ndim - 2], (long long)m,
                       (long long)self->dims[self->ndim - 2], (long long)k);
    int64_t bd[OPS_MAX_DIMS];
    int nb = 0;
    if (!ops_broadcast(self->dims, (int)self->ndim - 2, A->dims, (int)A->ndim - 2, bd, &nb) ||
        nb + 2 > OPS_MAX_DIMS)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: batch dims of self and A do not broadcast",
                       name);
    if (!ts_out_ok(xOut, nb, bd, m, k) || !ts_out_ok(mOut, nb, bd, m, m))
        return ops_err(ACLNN_ERR_PARAM_INVALID,
                       "%s: xOut must be [batch.., %lld, %lld] and mOut [batch.., %lld, %lld]",
                       name, (long long)m, (long long)k, (long long)m, (long long)m);
    OPS_PLAN(e, p, name, 2, 2, struct ts_plan, NULL, {&p->b, self, "self"}, {&p->a, A, "A"},
             {&p->x, xOut, "xOut"}, {&p->mo, mOut, "mOut"});
    p->nb = nb;
    memcpy(p->bdims, bd, sizeof(int64_t) * (size_t)nb);
    p->m = m, p->k = k;
    p->upper = upper, p->transpose = transpose, p->unit = unitriangular;
    ts_bstrides(p->bst[0], self, nb, bd);
    ts_bstrides(p->bst[1], A, nb, bd);
    ts_bstrides(p->bst[2], xOut, nb, bd);
    ts_bstrides(p->bst[3], mOut, nb, bd);
    e->run = p->mo.numel ? ts_run : NULL;
    return ops_exec_done(e, workspaceSize, executor);
}
PHASE2(TriangularSolve)

/* ---- Ger --------------------------------------------------------------------------------- */

EW_KERN2(f32_mul2, float, x *y)
EW_KERN2(f64_mul2, double, x *y)
EW_KERN2(i64_mul2, int64_t, (int64_t)((uint64_t)x *(uint64_t)y))

aclnnStatus aclnnGerGetWorkspaceSize(const aclTensor *self, const aclTensor *vec2, aclTensor *out,
                                     WS)
{
    const char *name = "aclnnGer";
    OPS_CHECK_NULLS(name, self, vec2, out, workspaceSize, executor);
    aclnnStatus rc;
    int sdt, vdt, odt;
    if ((rc = ops_check_dims(self, name, "self")) || (rc = ops_check_dims(vec2, name, "vec2")) ||
        (rc = ops_check_dims(out, name, "out")) ||
        (rc = ops_need_dt(name, "self", self->dtype, OPS_DT_Ger, &sdt)) ||
        (rc = ops_need_dt(name, "vec2", vec2->dtype, OPS_DT_Ger, &vdt)) ||
        (rc = ops_need_dt(name, "out", out->dtype, OPS_DT_Ger, &odt)))
        return rc;
    if (self->ndim != 1 || vec2->ndim != 1)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: self (%u dims) and vec2 (%u dims) must be 1-d",
                       name, self->ndim, vec2->ndim);
    int prom = ops_promote(sdt, vdt);
    if (prom < 0 || !ops_can_cast(prom, odt))
        return ops_err(ACLNN_ERR_PARAM_INVALID,
                       "%s: self %s and vec2 %s give no type that "
                       "converts to out's %s",
                       name, ops_dt_name(self->dtype), ops_dt_name(vec2->dtype),
                       ops_dt_name(out->dtype));
    int64_t want[2] = {self->dims[0], vec2->dims[0]};
    if ((rc = ops_check_shape(name, want, 2, out, "out")))
        return rc;
    struct aclOpExecutor *e = ops_exec_new(name, 2, 1);
    if (!e)
        return ACLNN_ERR_INNER_CREATE_EXECUTOR;
    struct ops_tensor ta, tb, to;
    struct ew_plan *pl = NULL;
    if ((rc = OPS_VIEWS(e, {&ta, self, "self"}, {&tb, vec2, "vec2"}, {&to, out, "out"})))
        return rc;
    /* LC3: self as a column, vec2 as a row. */
    ta.ndim = 2;
    ta.dims[1] = 1;
    ta.strides[1] = 1;
    tb.ndim = 2;
    tb.dims[1] = tb.dims[0];
    tb.strides[1] = tb.strides[0];
    tb.dims[0] = 1;
    tb.strides[0] = 0;
    const struct ops_tensor *pin[2] = {&ta, &tb};
    int ck = ops_ck_for(prom);
    if (!(pl = malloc(sizeof(*pl))) || ew_plan_init(pl, ck,
                                                    ck == CK_F32   ? f32_mul2
                                                    : ck == CK_F64 ? f64_mul2
                                                                   : i64_mul2,
                                                    &to, pin, 2)) {
        free(pl);
        ops_exec_discard(e);
        return ops_err(ACLNN_ERR_INNER_CREATE_EXECUTOR, "%s: out of memory", name);
    }
    pl->rt = (int8_t)prom;
    e->plan = pl;
    e->fini = ew_exec_fini;
    e->run = pl->numel ? ew_exec_run : NULL;
    return ops_exec_done(e, workspaceSize, executor);
}
PHASE2(Ger)
