/* SPDX-License-Identifier: Apache-2.0 */
/*
 * FusedMatmul: y = OP(x1 @ x2 + bias, x3), the product of the float types with
 * the element-wise operation CANN's doc lists fused after it.
 *
 *  FM1. The product runs per batch in float32 through the BLAS's sgemm (the
 *      float products' code, matmul/blas.c) on operands gathered into
 *      contiguous float32 blocks (x1 [m, k], x2 [k, n]); batch dims broadcast
 *      as Matmul's. cubeMathType USE_FP16 (2) rounds FLOAT operands to
 *      float16 first, as Mm does; the other modes compute in float32.
 *  FM2. The epilogue, per fusedOpType, in double on the float32 product p:
 *      "" p + bias; "add" p + bias + x3; "mul" (p + bias) * x3; "relu"
 *      max(p + bias, 0); "gelu_tanh" / "gelu_erf" gelu(p) (the tanh form as
 *      x / (1 + e^(-2u)), the erf form as x erfc(-x / sqrt 2) / 2, as
 *      ops/activation's); "16cast32" p + bias into a FLOAT y. Rounded once to y's
 *      type. bias: [n] or [1, n]; x3: [m, n] or [batch or 1, m, n].
 *  FM3. CANN's checks: x1, x2 and y of one type (y FLOAT for "16cast32");
 *      2-6 dims for "" and "relu", 2-3 for "add" and "mul", 2 otherwise; x3
 *      required for "add" / "mul" and a bias with a gelu refused, both 161001
 *      as CANN's table lists them; a FLOAT x1 with "", "add", "mul" or "relu"
 *      takes cubeMathType 3 only; USE_FP16 with BFLOAT16 is refused.
 */
#include <cblas.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "aclnnop/aclnn_fused_matmul.h"
#include "core/half.h"
#include "ops/engine/engine.h"
#include "ops/matmul/table.h"

typedef __typeof__(cblas_sgemm) sgemm_fn;

#define FM_BATCH (OPS_MAX_DIMS - 2)

enum fm_op { FM_NONE, FM_ADD, FM_MUL, FM_RELU, FM_GELU_TANH, FM_GELU_ERF, FM_CAST32 };
static const char *const fm_names[] = {"",          "add",      "mul",     "relu",
                                       "gelu_tanh", "gelu_erf", "16cast32"};

struct fm_plan {
    struct ops_tensor x1, x2, bias, x3, y;
    sgemm_fn *sgemm;
    int op, nb;
    bool has_bias, has_x3, fp16;
    int64_t m, k, n;
    int64_t bdims[FM_BATCH];
    int64_t bst[4][FM_BATCH]; /* batch strides of x1, x2, y, x3 */
};

static double fm_apply(int op, double v, double b, double x3)
{
    switch (op) {
    case FM_ADD:
        return v + b + x3;
    case FM_MUL:
        return (v + b) * x3;
    case FM_RELU:
        v += b;
        return v > 0 ? v : isnan(v) ? v : 0;
    case FM_GELU_TANH:
        return v / (1.0 + exp(-2.0 * 0.7978845608028654 * (v + 0.044715 * v * v * v)));
    case FM_GELU_ERF:
        return 0.5 * v * erfc(-v * 0.7071067811865476);
    default:
        return v + b;
    }
}

static int32_t fm_run(const struct aclOpExecutor *e, void *const *addr)
{
    const struct fm_plan *p = e->plan;
    const int64_t m = p->m, k = p->k, n = p->n;
    float *A = malloc((size_t)(m * k + k * n + m * n + 1) * sizeof(float));
    double *bias = malloc((size_t)n * sizeof(double)), *x3 = malloc((size_t)n * sizeof(double));
    double *row = malloc((size_t)n * sizeof(double));
    int32_t rc = 0;
    if (!A || !bias || !x3 || !row) {
        rc = ACL_ERROR_BAD_ALLOC;
        goto done;
    }
    float *B = A + m * k, *C = B + k * n;
    memset(bias, 0, (size_t)n * sizeof(double));
    if (p->has_bias) {
        const int64_t bs = p->bias.strides[p->bias.ndim - 1];
        ops_gather_nd(bias, CK_F64, ops_base(&p->bias, addr), p->bias.dt, 1, &n, &bs);
    }
    int64_t idx[FM_BATCH] = {0}, nbatch = ops_numel(p->bdims, p->nb);
    const int64_t d1[2] = {m, k},
                  s1[2] = {p->x1.strides[p->x1.ndim - 2], p->x1.strides[p->x1.ndim - 1]};
    const int64_t d2[2] = {k, n},
                  s2[2] = {p->x2.strides[p->x2.ndim - 2], p->x2.strides[p->x2.ndim - 1]};
    const int ry = p->y.ndim - 2, r3 = p->x3.ndim - 2;
    ops_store_fn st = ops_storer(CK_F64, p->y.dt);
    const int64_t ey = ops_dt_size(p->y.dt);
    for (int64_t bi = 0; bi < nbatch; bi++) {
        ops_gather_nd(A, CK_F32, ops_elem(&p->x1, addr, ops_odo_off(idx, p->bst[0], p->nb)),
                      p->x1.dt, 2, d1, s1);
        ops_gather_nd(B, CK_F32, ops_elem(&p->x2, addr, ops_odo_off(idx, p->bst[1], p->nb)),
                      p->x2.dt, 2, d2, s2);
        if (p->fp16) /* FM1: USE_FP16 */
            for (int64_t i = 0; i < m * k + k * n; i++)
                A[i] = half_f16_to_f32(half_f32_to_f16(A[i]));
        if (k)
            p->sgemm(CblasRowMajor, CblasNoTrans, CblasNoTrans, (int)m, (int)n, (int)k, 1.0f, A,
                     (int)k, B, (int)n, 0.0f, C, (int)n);
        else
            memset(C, 0, (size_t)(m * n) * sizeof(float));
        const int64_t oy = ops_odo_off(idx, p->bst[2], p->nb);
        const int64_t o3 = p->has_x3 ? ops_odo_off(idx, p->bst[3], p->nb) : 0;
        for (int64_t i = 0; i < m; i++) {
            if (p->has_x3) {
                const int64_t s3 = p->x3.strides[r3 + 1];
                ops_gather_nd(x3, CK_F64, ops_elem(&p->x3, addr, o3 + i * p->x3.strides[r3]),
                              p->x3.dt, 1, &n, &s3);
            }
            for (int64_t j = 0; j < n; j++)
                row[j] = fm_apply(p->op, C[i * n + j], bias[j], p->has_x3 ? x3[j] : 0);
            st(ops_elem(&p->y, addr, oy + i * p->y.strides[ry]), p->y.strides[ry + 1] * ey, row, n);
        }
        ops_odo_next(idx, p->bdims, p->nb);
    }
done:
    free(A);
    free(bias);
    free(x3);
    free(row);
    return rc;
}

aclnnStatus aclnnFusedMatmulGetWorkspaceSize(const aclTensor *x1, const aclTensor *x2,
                                             const aclTensor *bias, const aclTensor *x3,
                                             const char *fusedOpType, int8_t cubeMathType,
                                             const aclTensor *y, WS)
{
    const char *name = "aclnnFusedMatmul";
    OPS_CHECK_NULLS(name, x1, x2, y, fusedOpType, workspaceSize, executor);
    int op = -1;
    for (int i = 0; i < (int)(sizeof(fm_names) / sizeof(fm_names[0])); i++)
        if (strcmp(fusedOpType, fm_names[i]) == 0)
            op = i;
    if (op < 0)
        return ops_err(ACLNN_ERR_PARAM_INVALID,
                       "%s: fusedOpType \"%s\" is not one of \"\", \"16cast32\", \"add\", \"mul\", "
                       "\"gelu_erf\", \"gelu_tanh\", \"relu\"",
                       name, fusedOpType);
    const bool with_x3 = op == FM_ADD || op == FM_MUL;
    if (with_x3 && !x3)
        return ops_err(ACLNN_ERR_PARAM_NULLPTR, "%s: x3 is NULL (fusedOpType \"%s\" needs it)",
                       name, fusedOpType);
    if ((op == FM_GELU_TANH || op == FM_GELU_ERF) && bias)
        return ops_err(ACLNN_ERR_PARAM_NULLPTR,
                       "%s: bias must be NULL with fusedOpType \"%s\" (CANN's code 161001)", name,
                       fusedOpType);
    aclnnStatus rc;
    int dt, ydt;
    if ((rc = ops_need_dt(name, "x1", x1->dtype, OPS_DT_FusedMatmul, &dt)) ||
        (rc = ops_need_dt(name, "y", y->dtype, OPS_DT_FusedMatmul, &ydt)))
        return rc;
    if (x2->dtype != x1->dtype)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: x2 is %s, must be x1's type %s", name,
                       ops_dt_name(x2->dtype), ops_dt_name(x1->dtype));
    const aclDataType want_y = op == FM_CAST32 ? ACL_FLOAT : x1->dtype;
    if (y->dtype != want_y)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: y is %s, must be %s", name,
                       ops_dt_name(y->dtype), ops_dt_name(want_y));
    if (x3 && with_x3 && x3->dtype != x1->dtype)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: x3 is %s, must be x1's type %s", name,
                       ops_dt_name(x3->dtype), ops_dt_name(x1->dtype));
    if (bias && (rc = ops_need_dt(name, "bias", bias->dtype, OPS_DT_FusedMatmul, &dt)))
        return rc;
    if (cubeMathType < 0 || cubeMathType > 4)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: cubeMathType %d is not 0..4", name,
                       (int)cubeMathType);
    if (x1->dtype == ACL_FLOAT && cubeMathType != 3 &&
        (op == FM_NONE || op == FM_ADD || op == FM_MUL || op == FM_RELU))
        return ops_err(ACLNN_ERR_PARAM_INVALID,
                       "%s: a FLOAT x1 with fusedOpType \"%s\" takes cubeMathType 3 only (got %d)",
                       name, fusedOpType, (int)cubeMathType);
    if (x1->dtype == ACL_BF16 && cubeMathType == 2)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: cubeMathType 2 (USE_FP16) with BFLOAT16",
                       name);
    const int maxd = op == FM_NONE || op == FM_RELU ? 6 : with_x3 ? 3 : 2;
    const int r1 = (int)x1->ndim, r2 = (int)x2->ndim;
    if (r1 < 2 || r2 < 2 || r1 > maxd || r2 > maxd || (int)y->ndim > maxd)
        return ops_err(ACLNN_ERR_PARAM_INVALID,
                       "%s: x1 (%d dims), x2 (%d dims) and y (%u dims) need 2..%d with fusedOpType "
                       "\"%s\"",
                       name, r1, r2, (unsigned)y->ndim, maxd, fusedOpType);
    int64_t bd[OPS_MAX_DIMS], m, k, n; /* bd: the batch dims, then m, n */
    int nb = 0;
    if ((rc = ops_mm_shapes(name, x1, false, x2, false, FM_BATCH, bd, &nb, &m, &k, &n)))
        return rc;
    const int64_t *want = bd;
    if ((rc = ops_check_shape(name, want, nb + 2, y, "y")))
        return rc;
    if (bias && (bias->ndim < 1 || bias->ndim > 2 || bias->dims[bias->ndim - 1] != n ||
                 (bias->ndim == 2 && bias->dims[0] != 1)))
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: bias must be [n] or [1, n] (n = %lld)", name,
                       (long long)n);
    if (with_x3) {
        const int r3 = (int)x3->ndim;
        if (r3 < 2 || r3 > 3 || x3->dims[r3 - 2] != m || x3->dims[r3 - 1] != n ||
            (r3 == 3 && x3->dims[0] != 1 && (nb != 1 || x3->dims[0] != bd[0])))
            return ops_err(ACLNN_ERR_PARAM_INVALID,
                           "%s: x3 must be [m, n] or [batch or 1, m, n] matching y", name);
    }
    void *sgemm = ops_blas_sgemm(name);
    if (!sgemm)
        return ACLNN_ERR_INNER_FIND_KERNEL_ERROR;
    const bool use_bias = bias && op != FM_GELU_TANH && op != FM_GELU_ERF;
    OPS_PLAN(e, p, name, 4, 1, struct fm_plan, NULL, {&p->x1, x1, "x1"}, {&p->x2, x2, "x2"},
             {use_bias ? &p->bias : NULL, use_bias ? bias : NULL, "bias"},
             {with_x3 ? &p->x3 : NULL, with_x3 ? x3 : NULL, "x3"}, {&p->y, y, "y"});
    memcpy(&p->sgemm, &sgemm, sizeof(sgemm)); /* object -> function pointer (POSIX) */
    p->op = op, p->nb = nb;
    p->has_bias = use_bias, p->has_x3 = with_x3;
    p->fp16 = cubeMathType == 2 && x1->dtype == ACL_FLOAT;
    p->m = m, p->k = k, p->n = n;
    memcpy(p->bdims, bd, sizeof(int64_t) * (size_t)nb);
    const aclTensor *ts[4] = {x1, x2, y, with_x3 ? x3 : NULL};
    for (int t = 0; t < 4; t++) {
        if (!ts[t])
            continue;
        const int tb = (int)ts[t]->ndim - 2;
        for (int d = 0; d < nb; d++) {
            const int td = d - (nb - tb);
            p->bst[t][d] = (td < 0 || ts[t]->dims[td] == 1) ? 0 : ts[t]->strides[td];
        }
    }
    e->run = p->y.numel ? fm_run : NULL;
    return ops_exec_done(e, workspaceSize, executor);
}
PHASE2(FusedMatmul)
