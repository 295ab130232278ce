/* SPDX-License-Identifier: Apache-2.0 */
/*
 * The float matmul variants, one parameterised product
 *     out[b] = beta * C[b] + alpha * sum_s op(A)[b|s] @ op(B)[b|s]
 * serving Addmm (+Inplace), Baddbmm (+Inplace), Addbmm (+Inplace), Addmv,
 * Addr (+Inplace, V2), Dot, Gemm, MatmulWeightNz, BatchMatMulWeightNz and
 * TransposeBatchMatMul
 * (+WeightNz).
 *
 *  VA1. Every operand is a strided [rows, cols] view (element strides; a
 *      vector is a row or a column with a 0 stride along its missing dim), so
 *      transposes (Gemm's transA/transB) and vectors (Addmv, Addr, Dot) are
 *      stride swaps, and C (self) broadcasts to out with 0 strides.
 *  VA2. Float types run in float32 through the BLAS's sgemm (ops_blas_sgemm:
 *      matmul/matmul.c's loader), accumulating Addbmm's batches into one
 *      float32 block (sgemm's beta = 1); DOUBLE runs in double and the integer
 *      and BOOL types (Addr) in int64 by plain loops (integers wrap as
 *      torch's do; a BOOL out is nonzero-ness, which is torch's or/and).
 *  VA3. As torch: beta == 0 ignores self (its NaN/inf do not propagate);
 *      alpha and beta are read in the computing type. cubeMathType USE_FP16
 *      (2) rounds float32 operands to float16 first, as Mm does.
 *  VA4. In-place forms write selfRef, which must have the result's shape;
 *      each out element reads only its own C element, so the overlap is safe.
 *  VA5. MatmulWeightNz, BatchMatMulWeightNz: TransMatmulWeight keeps the ND
 *      layout (quant_matmul.c QM4), so the "NZ" weight is an ND tensor and the
 *      product is Matmul's (BatchMatMul's).
 *  VA6. TransposeBatchMatMul: the permutations are strides (VA1): A's batch,
 *      row and column are x1's dims permX1[0..2], B's x2's dims permX2[0..2],
 *      and the result's [b, m, n] lands in out's dims where permY puts them
 *      (out dim i holds the result's dim permY[i]). Only the permutations
 *      CANN documents are taken; its INT8 form (scale) and batchSplitFactor
 *      other than 1 are refused (161002).
 */
#include <cblas.h>
#include <stdlib.h>
#include <string.h>

#include "aclnnop/aclnn_addbmm.h"
#include "aclnnop/aclnn_addmm.h"
#include "aclnnop/aclnn_addmv.h"
#include "aclnnop/aclnn_addr.h"
#include "aclnnop/aclnn_addr_v2.h"
#include "aclnnop/aclnn_baddbmm.h"
#include "aclnnop/aclnn_batch_matmul.h"
#include "aclnnop/aclnn_dot.h"
#include "aclnnop/aclnn_gemm.h"
#include "aclnnop/aclnn_matmul.h"
#include "aclnnop/aclnn_transpose_batch_mat_mul.h"
#include "ops/engine/engine.h"
#include "ops/matmul/table.h"

typedef __typeof__(cblas_sgemm) sgemm_fn;

/* One operand: a [rows, cols] matrix per batch (VA1). */
struct vm_mat {
    int16_t slot;
    int8_t dt;
    int64_t off, bs, rs, cs; /* elements: batch, row and column strides */
};

struct vm_plan {
    sgemm_fn *gemm;
    int ck;         /* CK_F32 (sgemm), CK_F64 or CK_I64 (VA2) */
    int64_t nb, ns; /* out batches, summed batches (Addbmm) */
    int64_t m, k, n;
    bool has_c, fp16;   /* C read (beta != 0); USE_FP16 */
    double alpha, beta; /* CK_F32 / CK_F64 */
    int64_t ia, ib;     /* CK_I64 */
    struct vm_mat a, b, c, o;
};

/* The shape of one call: what the entry points fill before vm_build. */
struct vm_call {
    const char *name;
    unsigned types;
    const aclTensor *self, *a, *b; /* self NULL: no C (Dot, MatmulWeightNz) */
    const char *aname, *bname;
    const aclTensor *out;
    const aclScalar *alpha, *beta; /* NULL: 1 */
    double falpha, fbeta;          /* Gemm's float alpha, beta (when alpha is NULL) */
    int8_t cube;
    int64_t nb, ns, m, k, n;
    struct vm_mat ma, mb; /* slot filled by vm_build */
    bool has_mo;          /* out's strides given (VA6), not out broadcast to want */
    struct vm_mat mo;
};

/* The operands and dims of a call (the entry points fill the rest). */
static void vm_operands(struct vm_call *c, const aclTensor *self, const aclTensor *a,
                        const char *aname, const aclTensor *b, const char *bname)
{
    c->self = self, c->a = a, c->aname = aname, c->b = b, c->bname = bname;
}

static void vm_dims(struct vm_call *c, int64_t nb, int64_t ns, int64_t m, int64_t k, int64_t n)
{
    c->nb = nb, c->ns = ns, c->m = m, c->k = k, c->n = n;
}

static const char *vm_elem(const struct vm_mat *x, void *const *addr, int64_t bi, int64_t r,
                           int64_t c)
{
    return (const char *)addr[x->slot] +
           (x->off + bi * x->bs + r * x->rs + c * x->cs) * (int64_t)ops_dt_size(x->dt);
}

/* Load a [rows, cols] block of x (batch bi) into dst, row-major, kind ck. */
static void vm_load(void *dst, int ck, const struct vm_mat *x, void *const *addr, int64_t bi,
                    int64_t rows, int64_t cols)
{
    ops_load_fn ld = ops_loader(ck, x->dt);
    size_t es = (size_t)ops_ck_size(ck);
    int64_t xs = ops_dt_size(x->dt);
    for (int64_t r = 0; r < rows; r++)
        ld((char *)dst + (size_t)(r * cols) * es, vm_elem(x, addr, bi, r, 0), x->cs * xs, cols);
}

/* acc[m, n] += A[m, k] @ B[k, n] by plain loops (VA2). */
static void vm_loop(int ck, void *acc, const void *a, const void *b, int64_t m, int64_t k,
                    int64_t n)
{
    for (int64_t i = 0; i < m; i++)
        for (int64_t p = 0; p < k; p++) {
            if (ck == CK_F64) {
                double av = ((const double *)a)[i * k + p], *cr = (double *)acc + i * n;
                const double *br = (const double *)b + p * n;
                for (int64_t j = 0; j < n; j++)
                    cr[j] += av * br[j];
            } else {
                uint64_t av = (uint64_t)((const int64_t *)a)[i * k + p];
                int64_t *cr = (int64_t *)acc + i * n;
                const int64_t *br = (const int64_t *)b + p * n;
                for (int64_t j = 0; j < n; j++)
                    cr[j] = (int64_t)((uint64_t)cr[j] + av * (uint64_t)br[j]);
            }
        }
}

/* out = beta * C + alpha * acc on one row of n elements, in the kind ck (VA3). */
static void vm_combine(const struct vm_plan *p, void *acc, const void *crow, int64_t n)
{
    for (int64_t j = 0; j < n; j++) {
        if (p->ck == CK_F32) {
            float *v = (float *)acc + j;
            *v = (float)(p->alpha * *v);
            if (p->has_c)
                *v += (float)(p->beta * ((const float *)crow)[j]);
        } else if (p->ck == CK_F64) {
            double *v = (double *)acc + j;
            *v = p->alpha * *v + (p->has_c ? p->beta * ((const double *)crow)[j] : 0);
        } else {
            int64_t *v = (int64_t *)acc + j;
            uint64_t r = (uint64_t)p->ia * (uint64_t)*v;
            if (p->has_c)
                r += (uint64_t)p->ib * (uint64_t)((const int64_t *)crow)[j];
            *v = (int64_t)r;
        }
    }
}

static int32_t vm_run(const struct aclOpExecutor *e, void *const *addr)
{
    const struct vm_plan *p = e->plan;
    const int64_t m = p->m, k = p->k, n = p->n;
    const size_t es = (size_t)ops_ck_size(p->ck);
    const size_t na = (size_t)(m * k), nbk = (size_t)(k * n), nc = (size_t)(m * n);
    char *mem = malloc((na + nbk + nc + (size_t)n + 4) * es);
    if (!mem)
        return ACL_ERROR_BAD_ALLOC;
    char *A = mem, *B = A + na * es, *acc = B + nbk * es, *crow = acc + nc * es;
    ops_store_fn st = ops_storer(p->ck, p->o.dt);
    ops_load_fn ldc = p->has_c ? ops_loader(p->ck, p->c.dt) : NULL;
    const int64_t eo = ops_dt_size(p->o.dt), ec = p->has_c ? ops_dt_size(p->c.dt) : 0;
    for (int64_t bi = 0; bi < p->nb; bi++) {
        memset(acc, 0, nc * es);
        for (int64_t s = 0; s < p->ns && k > 0; s++) {
            int64_t ab = p->ns > 1 ? s : bi; /* Addbmm sums the batches */
            vm_load(A, p->ck, &p->a, addr, ab, m, k);
            vm_load(B, p->ck, &p->b, addr, ab, k, n);
            if (p->ck != CK_F32) {
                vm_loop(p->ck, acc, A, B, m, k, n);
                continue;
            }
            if (p->fp16) {
                ops_round_f32((float *)(void *)A, (int64_t)na, DT_F16);
                ops_round_f32((float *)(void *)B, (int64_t)nbk, DT_F16);
            }
            p->gemm(CblasRowMajor, CblasNoTrans, CblasNoTrans, (blasint)m, (blasint)n, (blasint)k,
                    1.0f, (const float *)(void *)A, (blasint)k, (const float *)(void *)B,
                    (blasint)n, 1.0f, (float *)(void *)acc, (blasint)n);
        }
        for (int64_t r = 0; r < m; r++) {
            char *row = acc + (size_t)(r * n) * es;
            if (p->has_c)
                ldc(crow, vm_elem(&p->c, addr, bi, r, 0), p->c.cs * ec, n);
            vm_combine(p, row, crow, n);
            st((char *)vm_elem(&p->o, addr, bi, r, 0), p->o.cs * eo, row, n);
        }
    }
    free(mem);
    return 0;
}

/* A view's strides as an operand's: rows and columns from dims rd, cd (-1:
 * absent, stride 0), the batch from dim bd (-1: none). */
static struct vm_mat vm_mat_of(const aclTensor *t, int bd, int rd, int cd)
{
    struct vm_mat x = {.dt = (int8_t)ops_dt_index(t->dtype), .off = t->offset};
    x.bs = bd >= 0 && t->dims[bd] != 1 ? t->strides[bd] : 0;
    x.rs = rd >= 0 ? t->strides[rd] : 0;
    x.cs = cd >= 0 ? t->strides[cd] : 0;
    return x;
}

/* C (self) broadcast to out's [nb?, m, n] (want, nw dims): right-aligned, a
 * size-1 or missing dim strides 0. */
static struct vm_mat vm_bcast_of(const aclTensor *t, int nw)
{
    struct vm_mat x = {.dt = (int8_t)ops_dt_index(t->dtype), .off = t->offset};
    int64_t st[3] = {0, 0, 0};
    for (int d = 0; d < (int)t->ndim; d++) {
        int w = nw - (int)t->ndim + d;
        st[w] = t->dims[d] == 1 ? 0 : t->strides[d];
    }
    /* out dims: [nb, m, n] when nw == 3, [m, n] when 2, [n] or [] below */
    x.bs = nw == 3 ? st[0] : 0;
    x.rs = nw >= 2 ? st[nw - 2] : 0;
    x.cs = nw >= 1 ? st[nw - 1] : 0;
    return x;
}

/* The shared checks and plan (want: out's shape, nw dims). */
static aclnnStatus vm_build(struct vm_call *c, const int64_t *want, int nw, WS)
{
    const char *name = c->name;
    aclnnStatus rc;
    int ad, bd, od, cd = -1;
    if ((rc = ops_check_dims(c->a, name, c->aname)) ||
        (rc = ops_check_dims(c->b, name, c->bname)) || (rc = ops_check_dims(c->out, name, "out")) ||
        (c->self && (rc = ops_check_dims(c->self, name, "self"))) ||
        (rc = ops_need_dt(name, c->aname, c->a->dtype, c->types, &ad)) ||
        (rc = ops_need_dt(name, c->bname, c->b->dtype, c->types, &bd)) ||
        (rc = ops_need_dt(name, "out", c->out->dtype, c->types, &od)) ||
        (c->self && (rc = ops_need_dt(name, "self", c->self->dtype, c->types, &cd))))
        return rc;
    int res = ops_promote(ad, bd);
    if (res >= 0 && cd >= 0)
        res = ops_promote(res, cd);
    if (res < 0 || !ops_can_cast(res, od))
        return ops_err(ACLNN_ERR_PARAM_INVALID,
                       "%s: %s %s and %s %s give no type that converts to out's %s", name, c->aname,
                       ops_dt_name(c->a->dtype), c->bname, ops_dt_name(c->b->dtype),
                       ops_dt_name(c->out->dtype));
    if (c->cube < 0 || c->cube > 3)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: cubeMathType %d is not 0..3", name,
                       (int)c->cube);
    if ((rc = ops_check_shape(name, want, nw, c->out, "out")))
        return rc;
    if (c->self) {
        int64_t bs[OPS_MAX_DIMS];
        int nbs = 0;
        if (!ops_broadcast(c->self->dims, (int)c->self->ndim, want, nw, bs, &nbs) ||
            !ops_shape_is(c->out, bs, nbs))
            return ops_shape_err(name, "self (broadcast to out)", c->self, want, nw);
    }
    double alpha = c->falpha, beta = c->fbeta;
    int64_t ia = 1, ib = 1;
    const aclScalar *sc[2] = {c->alpha, c->beta};
    const char *sn[2] = {"alpha", "beta"};
    for (int i = 0; i < 2; i++) {
        int sdt;
        if (!sc[i])
            continue;
        if ((rc = ops_check_scalar(name, sn[i], sc[i], &sdt)))
            return rc;
        *(i ? &beta : &alpha) = ops_scalar_f64(sc[i]);
        *(i ? &ib : &ia) = ops_scalar_i64(sc[i]);
    }
    int ck = res == DT_F64 ? CK_F64 : ops_dt_is_float(res) ? CK_F32 : CK_I64;
    sgemm_fn *gemm = NULL;
    if (ck == CK_F32) {
        void *g = ops_blas_sgemm(name);
        if (!g)
            return ACLNN_ERR_INNER_FIND_KERNEL_ERROR;
        memcpy(&gemm, &g, sizeof(g)); /* object -> function pointer (POSIX) */
    }
    OPS_PLAN(e, p, name, c->self ? 3 : 2, 1, struct vm_plan, NULL, {NULL, c->self, "self"},
             {NULL, c->a, c->aname}, {NULL, c->b, c->bname}, {NULL, c->out, "out"});
    /* slots in registration order; an absent self still takes slot 0 */
    p->gemm = gemm;
    p->ck = ck;
    p->nb = c->nb, p->ns = c->ns, p->m = c->m, p->k = c->k, p->n = c->n;
    p->a = c->ma, p->b = c->mb;
    p->a.slot = 1, p->b.slot = 2;
    p->has_c = c->self && (ck == CK_I64 ? ib != 0 : beta != 0);
    if (c->self) {
        p->c = vm_bcast_of(c->self, nw);
        p->c.slot = 0;
    }
    p->o = c->has_mo ? c->mo : vm_bcast_of(c->out, nw);
    p->o.slot = 3;
    p->alpha = alpha, p->beta = beta, p->ia = ia, p->ib = ib;
    p->fp16 = c->cube == 2 && ck == CK_F32 && ad == DT_F32 && bd == DT_F32;
    e->run = c->nb * c->m * c->n > 0 ? vm_run : NULL;
    return ops_exec_done(e, workspaceSize, executor);
}

/* ---- Addmm, Baddbmm, Addbmm: [b?, m, k] @ [b?, k, n] ------------------------------------------
 */

enum vm_mm { VM_ADDMM, VM_BADDBMM, VM_ADDBMM };

static aclnnStatus vm_mm(const char *name, enum vm_mm kind, unsigned types, const aclTensor *self,
                         const aclTensor *m1, const aclTensor *m2, const aclScalar *beta,
                         const aclScalar *alpha, const aclTensor *out, int8_t cube, bool inplace,
                         WS)
{
    const bool batched = kind != VM_ADDMM;
    const char *an = batched ? "batch1" : "mat1", *bn = batched ? "batch2" : "mat2";
    const void *const arg[7] = {self, m1, m2, beta, alpha, inplace ? self : out, workspaceSize};
    const char *const what[7] = {
        inplace ? "selfRef" : "self", an, bn, "beta", "alpha", "out", "workspaceSize"};
    for (int i = 0; i < 7; i++)
        if (!arg[i])
            return ops_err(ACLNN_ERR_PARAM_NULLPTR, "%s: %s is NULL", name, what[i]);
    if (!executor)
        return ops_err(ACLNN_ERR_PARAM_NULLPTR, "%s: executor is NULL", name);
    const unsigned r = batched ? 3 : 2;
    if (m1->ndim != r || m2->ndim != r || m1->dims[r - 1] != m2->dims[r - 2] ||
        (batched && m1->dims[0] != m2->dims[0]))
        return ops_err(ACLNN_ERR_PARAM_INVALID,
                       batched ? "%s: needs %s [b, m, k] and %s [b, k, n] (got %u-D and %u-D)"
                               : "%s: needs %s [m, k] and %s [k, n] (got %u-D and %u-D)",
                       name, an, bn, m1->ndim, m2->ndim);
    const int o = batched ? 1 : 0;
    struct vm_call c = {.name = name, .types = types, .out = inplace ? self : out};
    vm_operands(&c, self, m1, an, m2, bn);
    vm_dims(&c, 1, 1, m1->dims[o], m1->dims[o + 1], m2->dims[o + 1]);
    c.alpha = alpha;
    c.beta = beta;
    c.cube = cube;
    c.ma = vm_mat_of(m1, batched ? 0 : -1, o, o + 1);
    c.mb = vm_mat_of(m2, batched ? 0 : -1, o, o + 1);
    if (kind == VM_BADDBMM)
        c.nb = m1->dims[0];
    if (kind == VM_ADDBMM)
        c.ns = m1->dims[0];
    int64_t want[3] = {m1->dims[0], c.m, c.n};
    return kind == VM_BADDBMM ? vm_build(&c, want, 3, workspaceSize, executor)
                              : vm_build(&c, want + 1, 2, workspaceSize, executor);
}

aclnnStatus aclnnAddmmGetWorkspaceSize(const aclTensor *self, const aclTensor *mat1,
                                       const aclTensor *mat2, const aclScalar *beta,
                                       const aclScalar *alpha, aclTensor *out, int8_t cubeMathType,
                                       WS)
{
    return vm_mm("aclnnAddmm", VM_ADDMM, OPS_DT_Addmm, self, mat1, mat2, beta, alpha, out,
                 cubeMathType, false, workspaceSize, executor);
}
PHASE2(Addmm)

aclnnStatus aclnnInplaceAddmmGetWorkspaceSize(const aclTensor *selfRef, const aclTensor *mat1,
                                              const aclTensor *mat2, const aclScalar *beta,
                                              const aclScalar *alpha, int8_t cubeMathType, WS)
{
    return vm_mm("aclnnInplaceAddmm", VM_ADDMM, OPS_DT_Addmm, selfRef, mat1, mat2, beta, alpha,
                 NULL, cubeMathType, true, workspaceSize, executor);
}
PHASE2(InplaceAddmm)

aclnnStatus aclnnAddmmWeightNzGetWorkspaceSize(const aclTensor *self, const aclTensor *mat1,
                                               const aclTensor *mat2, const aclScalar *beta,
                                               const aclScalar *alpha, aclTensor *out,
                                               int8_t cubeMathType, WS)
{
    return vm_mm("aclnnAddmmWeightNz", VM_ADDMM, OPS_DT_AddmmWeightNz, self, mat1, mat2, beta,
                 alpha, out, cubeMathType, false, workspaceSize, executor);
}
PHASE2(AddmmWeightNz)

aclnnStatus aclnnBaddbmmGetWorkspaceSize(const aclTensor *self, const aclTensor *batch1,
                                         const aclTensor *batch2, const aclScalar *beta,
                                         const aclScalar *alpha, aclTensor *out,
                                         int8_t cubeMathType, WS)
{
    return vm_mm("aclnnBaddbmm", VM_BADDBMM, OPS_DT_Baddbmm, self, batch1, batch2, beta, alpha, out,
                 cubeMathType, false, workspaceSize, executor);
}
PHASE2(Baddbmm)

aclnnStatus aclnnInplaceBaddbmmGetWorkspaceSize(const aclTensor *selfRef, const aclTensor *batch1,
                                                const aclTensor *batch2, const aclScalar *beta,
                                                const aclScalar *alpha, int8_t cubeMathType, WS)
{
    return vm_mm("aclnnInplaceBaddbmm", VM_BADDBMM, OPS_DT_Baddbmm, selfRef, batch1, batch2, beta,
                 alpha, NULL, cubeMathType, true, workspaceSize, executor);
}
PHASE2(InplaceBaddbmm)

aclnnStatus aclnnAddbmmGetWorkspaceSize(const aclTensor *self, const aclTensor *batch1,
                                        const aclTensor *batch2, const aclScalar *beta,
                                        const aclScalar *alpha, aclTensor *out, int8_t cubeMathType,
                                        WS)
{
    return vm_mm("aclnnAddbmm", VM_ADDBMM, OPS_DT_Addbmm, self, batch1, batch2, beta, alpha, out,
                 cubeMathType, false, workspaceSize, executor);
}
PHASE2(Addbmm)

aclnnStatus aclnnInplaceAddbmmGetWorkspaceSize(aclTensor *selfRef, const aclTensor *batch1,
                                               const aclTensor *batch2, const aclScalar *beta,
                                               const aclScalar *alpha, int8_t cubeMathType, WS)
{
    return vm_mm("aclnnInplaceAddbmm", VM_ADDBMM, OPS_DT_Addbmm, selfRef, batch1, batch2, beta,
                 alpha, NULL, cubeMathType, true, workspaceSize, executor);
}
PHASE2(InplaceAddbmm)

/* ---- Addmv: self [n] + mat [n, m] @ vec [m] ------------------------------------------------- */

aclnnStatus aclnnAddmvGetWorkspaceSize(const aclTensor *self, const aclTensor *mat,
                                       const aclTensor *vec, const aclScalar *alpha,
                                       const aclScalar *beta, aclTensor *out, int8_t cubeMathType,
                                       WS)
{
    const char *name = "aclnnAddmv";
    OPS_CHECK_NULLS(name, self, mat, vec, alpha, beta, out, workspaceSize, executor);
    if (mat->ndim != 2 || vec->ndim != 1 || mat->dims[1] != vec->dims[0])
        return ops_err(ACLNN_ERR_PARAM_INVALID,
                       "%s: needs mat [n, m] and vec [m] (got %u-D and %u-D)", name, mat->ndim,
                       vec->ndim);
    struct vm_call c = {.name = name, .types = OPS_DT_Addmv, .out = out};
    vm_operands(&c, self, vec, "vec", mat, "mat");
    vm_dims(&c, 1, 1, 1, mat->dims[1], mat->dims[0]);
    c.alpha = alpha;
    c.beta = beta;
    c.cube = cubeMathType;
    /* out [n] is one row: row = vec^T (A [1, m]), B = mat^T [m, n] */
    c.ma = vm_mat_of(vec, -1, -1, 0);
    c.mb = vm_mat_of(mat, -1, 1, 0);
    int64_t want[1] = {mat->dims[0]};
    return vm_build(&c, want, 1, workspaceSize, executor);
}
PHASE2(Addmv)

/* ---- Addr (+V2): self [n, m] + vec1 [n] outer vec2 [m] --------------------------------------- */

static aclnnStatus vm_addr(const char *name, unsigned types, const aclTensor *self,
                           const aclTensor *v1, const aclTensor *v2, const aclScalar *beta,
                           const aclScalar *alpha, const aclTensor *out, bool inplace, WS)
{
    if (inplace)
        OPS_CHECK_NULLS(name, self, v1, v2, workspaceSize, executor);
    else
        OPS_CHECK_NULLS(name, self, v1, v2, out, workspaceSize, executor);
    if (v1->ndim != 1 || v2->ndim != 1)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: vec1 (%u dims) and vec2 (%u dims) must be 1-D",
                       name, v1->ndim, v2->ndim);
    struct vm_call c = {.name = name, .types = types, .out = inplace ? self : out};
    vm_operands(&c, self, v1, "vec1", v2, "vec2");
    vm_dims(&c, 1, 1, v1->dims[0], 1, v2->dims[0]);
    c.alpha = alpha;
    c.beta = beta;
    c.falpha = 1;
    c.fbeta = 1;
    c.ma = vm_mat_of(v1, -1, 0, -1);
    c.mb = vm_mat_of(v2, -1, -1, 0);
    int64_t want[2] = {c.m, c.n};
    return vm_build(&c, want, 2, workspaceSize, executor);
}

/* Addr and AddrV2 (one semantics): the out form and the in-place form of each. */
#define VA_ADDR(Op, DT)                                                                            \
    aclnnStatus aclnn##Op##GetWorkspaceSize(const aclTensor *self, const aclTensor *vec1,          \
                                            const aclTensor *vec2, const aclScalar *betaOptional,  \
                                            const aclScalar *alphaOptional, aclTensor *out, WS)    \
    {                                                                                              \
        return vm_addr("aclnn" #Op, DT, self, vec1, vec2, betaOptional, alphaOptional, out, false, \
                       workspaceSize, executor);                                                   \
    }                                                                                              \
    PHASE2(Op)                                                                                     \
    aclnnStatus aclnnInplace##Op##GetWorkspaceSize(                                                \
        aclTensor *selfRef, const aclTensor *vec1, const aclTensor *vec2,                          \
        const aclScalar *betaOptional, const aclScalar *alphaOptional, WS)                         \
    {                                                                                              \
        return vm_addr("aclnnInplace" #Op, DT, selfRef, vec1, vec2, betaOptional, alphaOptional,   \
                       NULL, true, workspaceSize, executor);                                       \
    }                                                                                              \
    PHASE2(Inplace##Op)

VA_ADDR(Addr, OPS_DT_Addr)
VA_ADDR(AddrV2, OPS_DT_AddrV2)

/* ---- Dot: self [n] . tensor [n] -> out [] ---------------------------------------------------- */

aclnnStatus aclnnDotGetWorkspaceSize(const aclTensor *self, const aclTensor *tensor, aclTensor *out,
                                     WS)
{
    const char *name = "aclnnDot";
    OPS_CHECK_NULLS(name, self, tensor, out, workspaceSize, executor);
    if (self->ndim != 1 || tensor->ndim != 1 || self->dims[0] != tensor->dims[0])
        return ops_err(ACLNN_ERR_PARAM_INVALID,
                       "%s: self and tensor must be 1-D of one length (got %u-D and %u-D)", name,
                       self->ndim, tensor->ndim);
    if (self->dtype != tensor->dtype)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: self %s and tensor %s must have one type",
                       name, ops_dt_name(self->dtype), ops_dt_name(tensor->dtype));
    struct vm_call c = {.name = name, .types = OPS_DT_Dot, .out = out};
    vm_operands(&c, NULL, self, "self", tensor, "tensor");
    vm_dims(&c, 1, 1, 1, self->dims[0], 1);
    c.falpha = 1;
    c.ma = vm_mat_of(self, -1, -1, 0);
    c.mb = vm_mat_of(tensor, -1, 0, -1);
    return vm_build(&c, NULL, 0, workspaceSize, executor);
}
PHASE2(Dot)

/* ---- Gemm: alpha * op(A) @ op(B) + beta * C -------------------------------------------------- */

aclnnStatus aclnnGemmGetWorkspaceSize(const aclTensor *A, const aclTensor *B, const aclTensor *C,
                                      float alpha, float beta, int64_t transA, int64_t transB,
                                      aclTensor *out, int8_t cubeMathType, WS)
{
    const char *name = "aclnnGemm";
    OPS_CHECK_NULLS(name, A, B, C, out, workspaceSize, executor);
    if (A->ndim != 2 || B->ndim != 2)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: A (%u dims) and B (%u dims) must be 2-D", name,
                       A->ndim, B->ndim);
    const int ar = transA ? 1 : 0, br = transB ? 1 : 0; /* the dim that indexes op()'s rows */
    if (A->dims[1 - ar] != B->dims[br])
        return ops_err(ACLNN_ERR_PARAM_INVALID,
                       "%s: op(A) [%lld, %lld] and op(B) [%lld, %lld] do not multiply", name,
                       (long long)A->dims[ar], (long long)A->dims[1 - ar], (long long)B->dims[br],
                       (long long)B->dims[1 - br]);
    struct vm_call c = {.name = name, .types = OPS_DT_Gemm, .out = out};
    vm_operands(&c, C, A, "A", B, "B");
    vm_dims(&c, 1, 1, A->dims[ar], A->dims[1 - ar], B->dims[1 - br]);
    c.falpha = alpha;
    c.fbeta = beta;
    c.cube = cubeMathType;
    c.ma = vm_mat_of(A, -1, ar, 1 - ar);
    c.mb = vm_mat_of(B, -1, br, 1 - br);
    int64_t want[2] = {c.m, c.n};
    return vm_build(&c, want, 2, workspaceSize, executor);
}
PHASE2(Gemm)

/* ---- MatmulWeightNz (VA5) ------------------------------------------------------------------- */

aclnnStatus aclnnMatmulWeightNzGetWorkspaceSize(const aclTensor *self, const aclTensor *mat2,
                                                aclTensor *out, int8_t cubeMathType, WS)
{
    const char *name = "aclnnMatmulWeightNz";
    OPS_CHECK_NULLS(name, self, mat2, out, workspaceSize, executor);
    int dt;
    aclnnStatus rc = ops_need_dt(name, "mat2", mat2->dtype, OPS_DT_MatmulWeightNz, &dt);
    if (rc)
        return rc;
    return aclnnMatmulGetWorkspaceSize(self, mat2, out, cubeMathType, workspaceSize, executor);
}
PHASE2(MatmulWeightNz)

aclnnStatus aclnnBatchMatMulWeightNzGetWorkspaceSize(const aclTensor *self, const aclTensor *mat2,
                                                     aclTensor *out, int8_t cubeMathType, WS)
{
    const char *name = "aclnnBatchMatMulWeightNz";
    OPS_CHECK_NULLS(name, self, mat2, out, workspaceSize, executor);
    int dt;
    aclnnStatus rc = ops_need_dt(name, "mat2", mat2->dtype, OPS_DT_BatchMatMulWeightNz, &dt);
    if (rc)
        return rc;
    return aclnnBatchMatMulGetWorkspaceSize(self, mat2, out, cubeMathType, workspaceSize, executor);
}
PHASE2(BatchMatMulWeightNz)

/* ---- TransposeBatchMatMul (+WeightNz): permuted [b, m, k] @ [b, k, n] (VA6) ------------------ */

/* perm is one of the n3 permutations in ok (3 values each); else 161002. */
static aclnnStatus vm_perm(const char *name, const char *what, const aclIntArray *perm,
                           const int64_t (*ok)[3], int n3, int *out)
{
    for (int i = 0; i < n3; i++)
        if (perm->n == 3 && !memcmp(perm->v, ok[i], sizeof(ok[i]))) {
            for (int d = 0; d < 3; d++)
                out[d] = (int)ok[i][d];
            return ACLNN_SUCCESS;
        }
    return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: %s is not one of the supported permutations%s",
                   name, what,
                   n3 == 1         ? " ([1, 0, 2])"
                   : ok[1][0] == 1 ? " ([0, 1, 2], [1, 0, 2])"
                                   : " ([0, 1, 2], [0, 2, 1])");
}

static aclnnStatus vm_tbmm(const char *name, unsigned types, const aclTensor *x1,
                           const aclTensor *x2, const aclTensor *bias, const aclTensor *scale,
                           const aclIntArray *permX1, const aclIntArray *permX2,
                           const aclIntArray *permY, int8_t cube, int32_t split,
                           const aclTensor *out, WS)
{
    OPS_CHECK_NULLS(name, x1, x2, permX1, permX2, permY, out, workspaceSize, executor);
    static const int64_t p1ok[2][3] = {{0, 1, 2}, {1, 0, 2}}, p2ok[2][3] = {{0, 1, 2}, {0, 2, 1}};
    static const int64_t pyok[1][3] = {{1, 0, 2}};
    int p1[3] = {0, 1, 2}, p2[3] = {0, 1, 2}, py[3] = {1, 0, 2};
    aclnnStatus rc;
    if ((rc = vm_perm(name, "permX1", permX1, p1ok, 2, p1)) ||
        (rc = vm_perm(name, "permX2", permX2, p2ok, 2, p2)) ||
        (rc = vm_perm(name, "permY", permY, pyok, 1, py)))
        return rc;
    if (bias || scale || split != 1)
        return ops_err(ACLNN_ERR_PARAM_INVALID,
                       "%s: bias (reserved), scale and batchSplitFactor %d are not supported by "
                       "cpuacl (pass NULL, NULL and 1)",
                       name, (int)split);
    if (x1->ndim != 3 || x2->ndim != 3)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: x1 (%u dims) and x2 (%u dims) must be 3-D",
                       name, x1->ndim, x2->ndim);
    const int64_t b = x1->dims[p1[0]], m = x1->dims[p1[1]], k = x1->dims[p1[2]];
    if (x2->dims[p2[0]] != b || x2->dims[p2[1]] != k)
        return ops_err(ACLNN_ERR_PARAM_INVALID,
                       "%s: permuted x1 [%lld, %lld, %lld] and x2 [%lld, %lld, %lld] do not "
                       "multiply as [b, m, k] @ [b, k, n]",
                       name, (long long)b, (long long)m, (long long)k, (long long)x2->dims[p2[0]],
                       (long long)x2->dims[p2[1]], (long long)x2->dims[p2[2]]);
    const int64_t res[3] = {b, m, x2->dims[p2[2]]};
    int64_t want[3];
    int inv[3];
    for (int i = 0; i < 3; i++) {
        want[i] = res[py[i]];
        inv[py[i]] = i;
    }
    struct vm_call c = {.name = name, .types = types, .out = out};
    vm_operands(&c, NULL, x1, "x1", x2, "x2");
    vm_dims(&c, b, 1, m, k, res[2]);
    c.falpha = 1;
    c.cube = cube;
    c.ma = vm_mat_of(x1, p1[0], p1[1], p1[2]);
    c.mb = vm_mat_of(x2, p2[0], p2[1], p2[2]);
    if (out->ndim == 3) /* else vm_build refuses out's shape */
        c.mo = vm_mat_of(out, inv[0], inv[1], inv[2]);
    c.has_mo = true;
    return vm_build(&c, want, 3, workspaceSize, executor);
}

aclnnStatus aclnnTransposeBatchMatMulGetWorkspaceSize(
    const aclTensor *x1, const aclTensor *x2, const aclTensor *bias, const aclTensor *scale,
    const aclIntArray *permX1, const aclIntArray *permX2, const aclIntArray *permY,
    int8_t cubeMathType, const int32_t batchSplitFactor, aclTensor *out, WS)
{
    return vm_tbmm("aclnnTransposeBatchMatMul", OPS_DT_TransposeBatchMatMul, x1, x2, bias, scale,
                   permX1, permX2, permY, cubeMathType, batchSplitFactor, out, workspaceSize,
                   executor);
}
PHASE2(TransposeBatchMatMul)

aclnnStatus aclnnTransposeBatchMatMulWeightNzGetWorkspaceSize(
    const aclTensor *x1, const aclTensor *x2, const aclTensor *bias, const aclTensor *scale,
    const aclIntArray *permX1, const aclIntArray *permX2, const aclIntArray *permY,
    int8_t cubeMathType, const int32_t batchSplitFactor, aclTensor *out, WS)
{
    return vm_tbmm("aclnnTransposeBatchMatMulWeightNz", OPS_DT_TransposeBatchMatMulWeightNz, x1, x2,
                   bias, scale, permX1, permX2, permY, cubeMathType, batchSplitFactor, out,
                   workspaceSize, executor);
}
PHASE2(TransposeBatchMatMulWeightNz)
