/* SPDX-License-Identifier: Apache-2.0 */
/*
 * WeightQuantBatchMatmulV2 (y = x @ ((w + offset) * scale) + bias with int8
 * or packed int4 weights; V3 and Nz: QM7) and TransMatmulWeight with the weight-size
 * functions.
 *
 *  QM1. m > QM_SMALL_M (prefill): the weight is dequantised block by block
 *      (up to QM_KB rows, QM_BLOCK floats at a time) into one reused float32
 *      buffer, rounded to x's type as the NPU's antiquant unit does, and
 *      multiplied by cblas_sgemm into a float32 accumulator: memory stays
 *      O(block), the flops go to the BLAS. The dequantisation is
 *      ops/engine/simd.h's (vector code, F16C rounding where the CPU has it).
 *      Only these shapes load the BLAS (in their first phase).
 *  QM2. x is converted to float32 once; y gets bias added and is rounded to
 *      its type on the store.
 *  QM3. INT4 elements are packed two per byte, element i of the storage in
 *      the low nibble of byte i / 2 when i is even, the high one when odd,
 *      as signed 4-bit values (-8..7). Views (strides, offset) count
 *      elements, not bytes.
 *  QM5. m <= QM_SMALL_M (decode): no dequantised matrix at all. Each weight
 *      column (k-major weights, ggml's layout) is dequantised KS_WQ_CHUNK
 *      rows at a time into an L1-sized buffer, with the same rounding, and
 *      dotted with every row of x at once (ks_ops.wq_small_m); a row-major
 *      weight is dequantised row by row and added into y's rows. Each
 *      weight byte is read once per launch.
 *  QM6. Decode shapes (QM5) split their output columns across the
 *      device's workers (a multi-block launch, engine.h's ops_split): each
 *      block converts x, loads the parameters of its columns and runs the
 *      fused kernel on a view of the weight starting at its first column.
 *      Every column's sum is computed the same way in any block, so the
 *      results are bit-identical for any worker count.
 *  QM7. WeightQuantBatchMatmulV3 is V2 with innerPrecise (0 or 1, CANN's
 *      high-precision and high-performance modes). 0 computes as V2. 1, for
 *      the calls CANN recommends it for (A16W4 per-group: INT4 weight,
 *      antiquantGroupSize > 0, x's rows m <= QX_MAX_M = 16) with a k-major
 *      unit-stride weight whose columns start on a byte, runs
 *      ops/matmul/quant_int8x.h's kernel where the CPU has AVX512-VNNI
 *      (quant_int8x.c QX1-QX9: x quantised to int8 per row and group,
 *      exact integer dot products, one float32 multiply-add per group;
 *      offsets and bias included; float16 scales and offsets read in
 *      place by the kernel, not through qm_load_param), split by columns
 *      as QM6 (blocks of at least QM_HP_COLS columns: each block
 *      quantises x). CANN's own n-contiguous weight (ND [k, n], unit
 *      stride along n, an even offset and row stride: every row starts on
 *      a byte; TransMatmulWeight's, QM4) runs the same algorithm's
 *      n-contiguous kernel where the CPU also has AVX512-VBMI
 *      (quant_int8x.c QX10-QX12: the same bits as the k-major kernel on
 *      the transposed weight), its blocks starting at multiples of its
 *      QX_NC_COLS-column passes; it is faster than the exact path at every
 *      m = 1..16 (3-15x at k = n = 2048, one worker), so no m is routed
 *      back. Every other call with 1 (int8, per-tensor / per-channel,
 *      m > 16, other layouts, no VNNI (or VBMI for the n-contiguous
 *      weight), CPUACL_SIMD set) computes exactly what 0 does.
 *      WeightQuantBatchMatmulNz is V2 with the weight in the layout
 *      TransMatmulWeight leaves (ND in cpuacl, QM4).
 *  QM8. ConvertWeightToINT4Pack: INT32 weights holding one 4-bit value each are
 *      packed in order into an INT4 tensor of the same shape (QM3's layout:
 *      element i in the low nibble of byte i / 2 when even) or an INT32 one
 *      with the last dim / 8 (element i in bits 4 (i % 8) .. 4 (i % 8) + 3 of
 *      word i / 8). A value outside [-8, 7] keeps its low 4 bits. The out's
 *      FRACTAL_NZ format is ND in cpuacl (QM4), so the packing is the same.
 *  QM9. Decode shapes with float16 x, no offset and a k-major weight with a
 *      unit stride along k (ggml-cann's Q8_0 / Q4_0 calls; int4 columns
 *      starting on a byte) run ops/matmul/quant_decode.h's kernel where
 *      simd.c chose its AVX-512 build (quant_decode.c QD1-QD4, QD11: with
 *      AVX512-FP16 or, without it, F16C): the same values as
 *      QM5 (each weight rounded to float16 once, products and sums in
 *      float32, another summation order), the float16 scales read in place
 *      (no float32 copy per launch), split as QM6.
 *  QM4. TransMatmulWeight keeps the ND layout (what the products read), so it
 *      validates and queues nothing; the size functions return the element
 *      count of that layout.
 */
#include <cblas.h>
#include <stdlib.h>
#include <string.h>

#include "aclnnop/aclnn_convert_weight_to_int4_pack.h"
#include "aclnnop/aclnn_trans_matmul_weight.h"
#include "aclnnop/aclnn_weight_quant_batch_matmul_nz.h"
#include "aclnnop/aclnn_weight_quant_batch_matmul_v2.h"
#include "aclnnop/aclnn_weight_quant_batch_matmul_v3.h"
#include "ops/engine/simd.h"
#include "ops/engine/engine.h"
#include "ops/matmul/quant_decode.h"
#include "ops/matmul/quant_int8x.h"
#include "ops/matmul/table.h"
#include "ops/quant/quant.h"

#define QM_SMALL_M 8       /* rows of x up to which the fused kernel runs (QM5) */
#define QM_KB 1024         /* weight rows (reduction) per block, at most */
#define QM_BLOCK (1 << 19) /* floats per dequantised block (2 MiB): few, large BLAS calls */

typedef __typeof__(cblas_sgemm) sgemm_fn;

struct qm_plan {
    const struct ops_split *split; /* first (engine.h: ops_split_run) */
    sgemm_fn *gemm;
    int64_t m, k, n, group; /* group: rows per scale row (k when one row) */
    int64_t ng;             /* scale rows */
    bool int4;
    int w_slot;
    int64_t w_off, w_sk, w_sn; /* weight view in elements */
    struct ops_tensor x, y, scale, offset, bias;
    bool has_offset, has_bias, per_tensor;
    bool fast;            /* QM9: quant_decode.h's kernel */
    bool hp;              /* QM7: quant_int8x.h's kernel (V3, innerPrecise = 1) */
    int64_t sc_sg, sc_sn; /* QM9: the scale's group and column strides (0: broadcast) */
    bool hp16;            /* QM7: float16 scales (and offsets) read in place by the kernel */
    bool hp_nc;           /* QM7: the weight n-contiguous (quant_int8x.c QX10) */
};

/* Load a per-tensor / per-channel / per-group parameter for columns
 * [j0, j0 + nb): group g, column j0 + j at dst[g * nb + j], or at
 * dst[j * ng + g] when colmajor (the source's groups contiguous, as ggml's
 * transposed scale views: contiguous loads). */
static void qm_load_param(float *dst, const struct ops_tensor *t, void *const *addr, int64_t ng,
                          int64_t j0, int64_t nb, bool per_tensor, bool colmajor)
{
    ops_load_fn ld = ops_loader(CK_F32, t->dt);
    const char *base = ops_base(t, addr);
    int64_t esz = ops_dt_size(t->dt);
    if (per_tensor) {
        float v;
        ld(&v, base, esz, 1);
        for (int64_t i = 0; i < nb; i++)
            dst[i] = v;
        return;
    }
    int64_t sn = t->strides[t->ndim - 1], sg = t->ndim == 2 ? t->strides[0] : 0;
    base += j0 * sn * esz;
    if (colmajor)
        for (int64_t j = 0; j < nb; j++)
            ld(dst + j * ng, base + j * sn * esz, sg * esz, ng);
    else
        for (int64_t g = 0; g < ng; g++)
            ld(dst + g * nb, base + g * sg * esz, sn * esz, nb);
}

/* The weight columns [j0, j0 + nb) and their parameters as the kernels take
 * them: a weight view starting at column j0, nb columns wide. */
static struct ks_wq qm_args(const struct qm_plan *p, const void *w, int64_t j0, int64_t nb,
                            const float *sc, const float *of, bool colmajor)
{
    return (struct ks_wq){.w = w,
                          .w_off = p->w_off + j0 * p->w_sn,
                          .w_sk = p->w_sk,
                          .w_sn = p->w_sn,
                          .int4 = p->int4,
                          .k = p->k,
                          .n = nb,
                          .group = p->group,
                          .sc = sc,
                          .of = p->has_offset ? of : NULL,
                          .ps_g = colmajor ? 1 : nb,
                          .ps_n = colmajor ? p->ng : 1,
                          .rdt = p->x.dt};
}

/* QM6: a decode-shape launch (m <= QM_SMALL_M) splits its output columns
 * into blocks of at least QM_SPLIT_COLS columns once the weight has
 * QM_SPLIT_MIN elements; the sgemm path (its BLAS threads) is one block. */
#define QM_SPLIT_COLS 64
#define QM_SPLIT_MIN (1 << 17)
/* QM7: columns per block of quant_int8x.h's kernel at least (each block
 * quantises all of x: ~2% of an m = 8, k = n = 2048 call in 8 blocks,
 * perf; it would be ~8% in QM_SPLIT_COLS's 32) */
#define QM_HP_COLS 256

static uint32_t qm_blocks(const struct aclOpExecutor *e)
{
    const struct qm_plan *p = e->plan;
    if ((p->m > QM_SMALL_M && !p->hp) || p->k * p->n < QM_SPLIT_MIN)
        return 1;
    const int64_t b = p->n / (p->hp ? QM_HP_COLS : QM_SPLIT_COLS);
    return b < 1 ? 1 : b > 256 ? 256 : (uint32_t)b;
}

/* Block i of n: output columns [j0, j1) (QM6), the whole product for n = 1. */
static int32_t qm_block(const struct aclOpExecutor *e, void *const *addr, uint32_t bi, uint32_t bn)
{
    const struct qm_plan *p = e->plan;
    const struct ks_ops *ks = ks_get();
    int64_t j0, j1;
    /* QM7: the n-contiguous kernel's blocks start at its passes' columns */
    ops_split_range(p->n, p->hp_nc ? QX_NC_COLS : 16, bi, bn, &j0, &j1);
    const int64_t m = p->m, k = p->k, n = j1 - j0;
    if (n <= 0)
        return 0;
    const bool small = m <= QM_SMALL_M;
    const int64_t KB = k < QM_KB ? k : QM_KB, NBmax = QM_BLOCK / KB, NB = n < NBmax ? n : NBmax;
    /* W: the fused kernel's chunk (QM5) or the sgemm path's block (QM1) */
    const int64_t wsz = p->hp   ? (int64_t)qx_scratch_bytes(m, k, p->group) / 4 + 1
                        : small ? (KS_WQ_CHUNK > n ? KS_WQ_CHUNK : n) + m * (k + 32) + 16
                                : KB * NB;
    const int64_t tsz = KS_WQ_CHUNK > n ? KS_WQ_CHUNK : n;
    const int64_t npar = p->ng * n, nof = p->has_offset ? npar : 0;
    size_t need = (size_t)(m * k + m * n + wsz + npar + nof + n);
    float *mem = ks_scratch(need * sizeof(float) + (size_t)(tsz > k ? tsz : k));
    if (!mem)
        return ACL_ERROR_BAD_ALLOC;
    float *X = mem, *C = X + m * k, *W = C + m * n, *sc = W + wsz, *of = sc + npar,
          *bias = of + nof;
    int8_t *tmp = (int8_t *)(bias + n);
    ops_gather_nd(X, CK_F32, ops_base(&p->x, addr), p->x.dt, 2, p->x.dims, p->x.strides);
    /* groups contiguous in the source and a k-major weight: column-major params */
    const bool colmajor = !p->per_tensor && p->ng > 1 && p->scale.ndim == 2 &&
                          p->scale.strides[0] == 1 && llabs(p->w_sk) <= llabs(p->w_sn) &&
                          (!p->has_offset || (p->offset.ndim == 2 && p->offset.strides[0] == 1));
    if (!(small && p->fast) && !p->hp16) { /* the scales (and offsets) as float32; QM9 and
                                            * QM7's float16 ones read them in place */
        qm_load_param(sc, &p->scale, addr, p->ng, j0, n, p->per_tensor, colmajor);
        if (p->has_offset)
            qm_load_param(of, &p->offset, addr, p->ng, j0, n, p->per_tensor, colmajor);
    }
    if (p->hp) { /* QM7 (never per-tensor: a group size is given); W: the kernel's scratch */
        struct qx_wq q = {
            .w = addr[p->w_slot],
            .w_off = p->w_off + j0 * p->w_sn,
            .w_sn = p->w_sn,
            .w_sk = p->w_sk,
            .nc = p->hp_nc,
            .k = k,
            .group = p->group,
            .sc = sc,
            .of = p->has_offset ? of : NULL,
            .p_sg = colmajor ? 1 : n,
            .p_sn = colmajor ? p->ng : 1,
        };
        if (p->hp16) { /* the tensors' own strides (the offset's are the scale's) */
            q.sc = (const uint16_t *)ops_base(&p->scale, addr) + j0 * p->sc_sn;
            q.of =
                p->has_offset ? (const uint16_t *)ops_base(&p->offset, addr) + j0 * p->sc_sn : NULL;
            q.p_sg = p->sc_sg, q.p_sn = p->sc_sn, q.f16 = true;
        }
        qx_run(&q, X, k, m, C, n, n, W);
        goto stored;
    }
    if (small && p->fast) { /* QM9: W holds x packed for the kernel (m * (k + 32) floats) */
        const struct qd_wq q = {
            .w = addr[p->w_slot],
            .w_off = p->w_off + j0 * p->w_sn,
            .w_sn = p->w_sn,
            .int4 = p->int4,
            .k = k,
            .group = p->group,
            .sc = (const uint16_t *)ops_base(&p->scale, addr) + j0 * p->sc_sn,
            .sc_sg = p->sc_sg,
            .sc_sn = p->sc_sn,
        };
        qd_small_m(&q, X, k, m, C, n, n, (float *)(((uintptr_t)W + 63) & ~(uintptr_t)63));
        goto stored;
    }
    const struct ks_wq a = qm_args(p, addr[p->w_slot], j0, n, sc, of, colmajor);
    if (small) {
        ks->wq_small_m(&a, X, k, m, C, n, 0, n, W, tmp);
    } else {
        const bool tr = ks_wq_kmajor(&a);
        for (int64_t n0 = 0; n0 < n; n0 += NB) {
            const int64_t nb = n - n0 < NB ? n - n0 : NB;
            for (int64_t k0 = 0; k0 < k; k0 += KB) {
                const int64_t kb = k - k0 < KB ? k - k0 : KB;
                ks->wq_dequant(&a, W, k0, kb, n0, nb, tmp);
                p->gemm(CblasRowMajor, CblasNoTrans, tr ? CblasTrans : CblasNoTrans, (blasint)m,
                        (blasint)nb, (blasint)kb, 1.0f, X + k0, (blasint)k, W,
                        (blasint)(tr ? kb : nb), k0 ? 1.0f : 0.0f, C + n0, (blasint)n);
            }
        }
    }
stored:
    if (p->has_bias) {
        ops_load_fn ld = ops_loader(CK_F32, p->bias.dt);
        const int64_t bst = p->bias.strides[p->bias.ndim - 1] * ops_dt_size(p->bias.dt);
        ld(bias, ops_base(&p->bias, addr) + j0 * bst, bst, n);
        for (int64_t i = 0; i < m; i++)
            for (int64_t j = 0; j < n; j++)
                C[i * n + j] += bias[j];
    }
    const int64_t yd[2] = {m, n};
    ops_scatter_nd(C, CK_F32, ops_base(&p->y, addr) + j0 * p->y.strides[1] * ops_dt_size(p->y.dt),
                   p->y.dt, 2, yd, p->y.strides);
    return 0;
}

static const struct ops_split qm_split = {qm_blocks, qm_block};

static bool qm_is_shape(const aclTensor *t, int64_t a, int64_t b)
{
    return (t->ndim == 1 && b == -1 && t->dims[0] == a) ||
           (t->ndim == 2 && t->dims[0] == a && t->dims[1] == b);
}

/* WeightQuantBatchMatmulV2 and its later forms (QM7): name in messages, the
 * row's types of x and of the bias. */
static aclnnStatus wq_build(const char *name, unsigned types, unsigned btypes, const aclTensor *x,
                            const aclTensor *weight, const aclTensor *antiquantScale,
                            const aclTensor *antiquantOffsetOptional,
                            const aclTensor *quantScaleOptional,
                            const aclTensor *quantOffsetOptional, const aclTensor *biasOptional,
                            int antiquantGroupSize, int innerPrecise, const aclTensor *y,
                            uint64_t *workspaceSize, aclOpExecutor **executor)
{
    OPS_CHECK_NULLS(name, x, weight, antiquantScale, y, workspaceSize, executor);
    if (quantOffsetOptional && !quantScaleOptional)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: quantOffset given without quantScale", name);
    if (quantScaleOptional)
        return ops_err(ACLNN_ERR_PARAM_INVALID,
                       "%s: output quantisation (quantScale, INT8 y) is not supported by cpuacl",
                       name);
    const aclTensor *off = antiquantOffsetOptional, *bias = biasOptional;
    aclnnStatus rc;
    if ((rc = ops_check_dims(x, name, "x")) || (rc = ops_check_dims(weight, name, "weight")) ||
        (rc = ops_check_dims(antiquantScale, name, "antiquantScale")) ||
        (rc = ops_check_dims(y, name, "y")) ||
        (off && (rc = ops_check_dims(off, name, "antiquantOffset"))) ||
        (bias && (rc = ops_check_dims(bias, name, "bias"))))
        return rc;
    if (!ops_dt_in(x->dtype, types) || y->dtype != x->dtype)
        return ops_err(ACLNN_ERR_PARAM_INVALID,
                       "%s: x and y must both be FLOAT16 or BFLOAT16 (got %s, %s)", name,
                       ops_dt_name(x->dtype), ops_dt_name(y->dtype));
    if (weight->dtype != ACL_INT8 && weight->dtype != ACL_INT4)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: weight type %s is not supported (INT8, INT4)",
                       name, ops_dt_name(weight->dtype));
    if (x->ndim != 2 || weight->ndim != 2 || y->ndim != 2)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: x, weight and y must be 2-D", name);
    const int64_t m = x->dims[0], k = x->dims[1], n = weight->dims[1];
    if (weight->dims[0] != k)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: x's k (%lld) differs from weight's (%lld)",
                       name, (long long)k, (long long)weight->dims[0]);
    if (m < 1 || k < 1 || n < 1 || k > 65535 || n > 65535 || m > INT32_MAX)
        return ops_err(ACLNN_ERR_PARAM_INVALID,
                       "%s: m=%lld k=%lld n=%lld out of range (k, n in [1, 65535]; no empty "
                       "tensors)",
                       name, (long long)m, (long long)k, (long long)n);
    if (y->dims[0] != m || y->dims[1] != n)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: y must be [%lld, %lld]", name, (long long)m,
                       (long long)n);
    int64_t gs = antiquantGroupSize;
    if (gs != 0 && (gs < 32 || gs > k - 1 || gs % 32))
        return ops_err(ACLNN_ERR_PARAM_INVALID,
                       "%s: antiquantGroupSize %lld must be 0 or a multiple of 32 in [32, k-1]",
                       name, (long long)gs);
    if (antiquantScale->dtype != x->dtype || (off && off->dtype != x->dtype))
        return ops_err(ACLNN_ERR_PARAM_INVALID,
                       "%s: antiquantScale/antiquantOffset must have x's type %s", name,
                       ops_dt_name(x->dtype));
    int64_t ng = gs ? (k + gs - 1) / gs : 1;
    bool per_tensor =
        !gs && (qm_is_shape(antiquantScale, 1, -1) || qm_is_shape(antiquantScale, 1, 1));
    bool shape_ok =
        gs ? qm_is_shape(antiquantScale, ng, n)
           : per_tensor || qm_is_shape(antiquantScale, n, -1) || qm_is_shape(antiquantScale, 1, n);
    if (!shape_ok)
        return ops_err(
            ACLNN_ERR_PARAM_INVALID,
            "%s: antiquantScale shape fits neither per-tensor (1,), per-channel (n,)/(1, "
            "n) nor per-group (ceil(k/group), n)",
            name);
    if (off && !ops_same_shape(off, antiquantScale))
        return ops_err(ACLNN_ERR_PARAM_INVALID,
                       "%s: antiquantOffset's shape differs from antiquantScale's", name);
    if (bias) {
        int bd = ops_dt_index(bias->dtype);
        if (bd < 0 || !(DTM(bd) & btypes) || !(qm_is_shape(bias, n, -1) || qm_is_shape(bias, 1, n)))
            return ops_err(ACLNN_ERR_PARAM_INVALID,
                           "%s: bias must be FLOAT16/BFLOAT16/FLOAT shaped (n,) or (1, n)", name);
    }
    /* QM7: V3's high-performance mode, for A16W4 per-group decode shapes
     * with every column k contiguous elements from a byte, or every row n
     * contiguous elements from a byte (CANN's ND weight, quant_int8x.c QX10) */
    const bool hp_base = innerPrecise == 1 && weight->dtype == ACL_INT4 && gs && m <= QX_MAX_M;
    const bool hp_nc = hp_base && weight->strides[1] == 1 && weight->strides[0] >= 2 &&
                       !((weight->offset | weight->strides[0]) & 1) && qx_nc_available();
    const bool hp = hp_nc || (hp_base && weight->strides[0] == 1 && weight->strides[1] >= 0 &&
                              !((weight->offset | weight->strides[1]) & 1) && qx_available());
    void *gp = NULL; /* QM1 only: decode shapes (QM5, QM7) never load the BLAS (matmul.c MM4) */
    if (m > QM_SMALL_M && !hp && !(gp = ops_blas_sgemm(name)))
        return ACLNN_ERR_INNER_FIND_KERNEL_ERROR;

    /* the header's kept memory (ops/engine/exec.c EX7): nothing to free on the worker */
    struct aclOpExecutor *e = ops_exec_plan(name, 7, 1, sizeof(struct qm_plan), NULL);
    if (!e)
        return ACLNN_ERR_INNER_CREATE_EXECUTOR;
    struct qm_plan *p = e->plan;
    memcpy(&p->gemm, &gp, sizeof(p->gemm));
    p->m = m, p->k = k, p->n = n, p->ng = ng, p->group = gs ? gs : k;
    p->per_tensor = per_tensor;
    p->int4 = weight->dtype == ACL_INT4;
    rc = ops_tensor_from(&p->x, x, ops_exec_slot(e, x), name, "x");
    p->w_slot = ops_exec_slot(e, weight);
    p->w_off = weight->offset, p->w_sk = weight->strides[0], p->w_sn = weight->strides[1];
    int ss = ops_exec_slot(e, antiquantScale), os = ops_exec_slot(e, off);
    (void)ops_exec_slot(e, NULL); /* quantScale */
    (void)ops_exec_slot(e, NULL); /* quantOffset */
    int bs = ops_exec_slot(e, bias);
    if (!rc)
        rc = ops_tensor_from(&p->scale, antiquantScale, ss, name, "antiquantScale");
    if (!rc && off)
        rc = ops_tensor_from(&p->offset, off, os, name, "antiquantOffset");
    if (!rc && bias)
        rc = ops_tensor_from(&p->bias, bias, bs, name, "bias");
    if (!rc)
        rc = ops_tensor_from(&p->y, y, ops_exec_slot(e, y), name, "y");
    if (rc) {
        ops_exec_discard(e);
        return rc;
    }
    p->has_offset = off != NULL;
    p->has_bias = bias != NULL;
    p->hp = hp;
    p->hp_nc = hp_nc;
    /* QM9: every column k contiguous elements (int4: from a byte) */
    p->fast = !hp && m <= QM_SMALL_M && x->dtype == ACL_FLOAT16 && !off && p->w_sk == 1 &&
              p->w_sn >= 0 && (!p->int4 || !((p->w_off | p->w_sn) & 1)) && qd_available();
    p->sc_sn = per_tensor ? 0 : p->scale.strides[p->scale.ndim - 1];
    p->sc_sg = per_tensor || p->scale.ndim != 2 ? 0 : p->scale.strides[0];
    /* QM7: float16 parameters converted by the kernel as it lays them out
     * (quant_int8x.c QX8), not by the general loader first (6% of an m = 8
     * call); an offset only when it has the scale's strides */
    p->hp16 = hp && p->scale.dt == DT_F16 &&
              (!off || (p->offset.dt == DT_F16 && p->offset.ndim == p->scale.ndim &&
                        !memcmp(p->offset.strides, p->scale.strides,
                                sizeof(int64_t) * (size_t)p->scale.ndim)));
    p->split = &qm_split;
    e->run = ops_split_run;
    return ops_exec_done(e, workspaceSize, executor);
}

aclnnStatus aclnnWeightQuantBatchMatmulV2GetWorkspaceSize(
    const aclTensor *x, const aclTensor *weight, const aclTensor *antiquantScale,
    const aclTensor *antiquantOffsetOptional, const aclTensor *quantScaleOptional,
    const aclTensor *quantOffsetOptional, const aclTensor *biasOptional, int antiquantGroupSize,
    const aclTensor *y, uint64_t *workspaceSize, aclOpExecutor **executor)
{
    return wq_build("aclnnWeightQuantBatchMatmulV2", OPS_DT_WeightQuantBatchMatmulV2,
                    OPS_DT2_WeightQuantBatchMatmulV2, x, weight, antiquantScale,
                    antiquantOffsetOptional, quantScaleOptional, quantOffsetOptional, biasOptional,
                    antiquantGroupSize, 0, y, workspaceSize, executor);
}
PHASE2(WeightQuantBatchMatmulV2)

aclnnStatus aclnnWeightQuantBatchMatmulV3GetWorkspaceSize(
    const aclTensor *x, const aclTensor *weight, const aclTensor *antiquantScale,
    const aclTensor *antiquantOffsetOptional, const aclTensor *quantScaleOptional,
    const aclTensor *quantOffsetOptional, const aclTensor *biasOptional, int antiquantGroupSize,
    int innerPrecise, const aclTensor *y, uint64_t *workspaceSize, aclOpExecutor **executor)
{
    const char *name = "aclnnWeightQuantBatchMatmulV3";
    if (innerPrecise != 0 && innerPrecise != 1)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: innerPrecise %d is not 0 or 1", name,
                       innerPrecise);
    return wq_build(name, OPS_DT_WeightQuantBatchMatmulV3, OPS_DT2_WeightQuantBatchMatmulV3, x,
                    weight, antiquantScale, antiquantOffsetOptional, quantScaleOptional,
                    quantOffsetOptional, biasOptional, antiquantGroupSize, innerPrecise, y,
                    workspaceSize, executor);
}
PHASE2(WeightQuantBatchMatmulV3)

aclnnStatus aclnnWeightQuantBatchMatmulNzGetWorkspaceSize(
    const aclTensor *x, const aclTensor *weight, const aclTensor *antiquantScale,
    const aclTensor *antiquantOffsetOptional, const aclTensor *quantScaleOptional,
    const aclTensor *quantOffsetOptional, const aclTensor *biasOptional, int antiquantGroupSize,
    const aclTensor *y, uint64_t *workspaceSize, aclOpExecutor **executor)
{
    return wq_build("aclnnWeightQuantBatchMatmulNz", OPS_DT_WeightQuantBatchMatmulNz,
                    OPS_DT2_WeightQuantBatchMatmulNz, x, weight, antiquantScale,
                    antiquantOffsetOptional, quantScaleOptional, quantOffsetOptional, biasOptional,
                    antiquantGroupSize, 0, y, workspaceSize, executor);
}
PHASE2(WeightQuantBatchMatmulNz)

/* ---- TransMatmulWeight (QM4) ----------------------------------------------------------------- */

static aclnnStatus mw_size(const char *name, const aclIntArray *shape, int min_nd, int max_nd,
                           uint64_t *size)
{
    if (!shape)
        return ops_err(ACLNN_ERR_PARAM_NULLPTR, "%s: tensorShape is NULL", name);
    if (!size)
        return ops_err(ACLNN_ERR_PARAM_NULLPTR, "%s: weightTensorSize is NULL", name);
    if ((int64_t)shape->n < min_nd || (int64_t)shape->n > max_nd)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: tensorShape has %llu dims (%d..%d)", name,
                       (unsigned long long)shape->n, min_nd, max_nd);
    uint64_t s = 1;
    for (uint64_t i = 0; i < shape->n; i++) {
        if (shape->v[i] <= 0)
            return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: dim %llu is %lld (must be positive)", name,
                           (unsigned long long)i, (long long)shape->v[i]);
        if (__builtin_mul_overflow(s, (uint64_t)shape->v[i], &s))
            return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: the size overflows", name);
    }
    *size = s;
    return ACLNN_SUCCESS;
}

aclnnStatus aclnnCalculateMatmulWeightSizeV2(const aclIntArray *tensorShape, aclDataType dataType,
                                             uint64_t *weightTensorSize)
{
    (void)dataType; /* the ND layout needs no padding for any type */
    return mw_size("aclnnCalculateMatmulWeightSizeV2", tensorShape, 2, 6, weightTensorSize);
}

aclnnStatus aclnnCalculateMatmulWeightSize(const aclIntArray *tensorShape,
                                           uint64_t *weightTensorSize)
{
    return mw_size("aclnnCalculateMatmulWeightSize", tensorShape, 2, 2, weightTensorSize);
}

aclnnStatus aclnnTransMatmulWeightGetWorkspaceSize(aclTensor *mmWeightRef, uint64_t *workspaceSize,
                                                   aclOpExecutor **executor)
{
    const char *name = "aclnnTransMatmulWeight";
    OPS_CHECK_NULLS(name, mmWeightRef, workspaceSize, executor);
    aclDataType t = mmWeightRef->dtype;
    if (!ops_dt_in(t, OPS_DT_TransMatmulWeight))
        return ops_err(ACLNN_ERR_PARAM_INVALID,
                       "%s: type %s is not supported (FLOAT16, BFLOAT16, INT8, UINT8)", name,
                       ops_dt_name(t));
    if (mmWeightRef->ndim < 2 || mmWeightRef->ndim > 6)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: the weight has %u dims (2..6)", name,
                       mmWeightRef->ndim);
    if (mmWeightRef->format != ACL_FORMAT_ND)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: the weight's format must be ND", name);
    if (ops_numel(mmWeightRef->dims, (int)mmWeightRef->ndim) == 0)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: empty tensors are not supported", name);
    struct aclOpExecutor *e = ops_exec_new(name, 1, 0);
    if (!e)
        return ACLNN_ERR_INNER_CREATE_EXECUTOR;
    (void)ops_exec_slot(e, mmWeightRef);
    e->run = NULL; /* the ND layout is already the preferred one */
    return ops_exec_done(e, workspaceSize, executor);
}
PHASE2(TransMatmulWeight)

/* ---- ConvertWeightToINT4Pack (QM8) ------------------------------------------------------------
 */

struct pk_plan {
    struct ops_tensor w;
    int16_t oslot;
    bool words; /* an INT32 out: eight values a word */
};

static int32_t pk_run(const struct aclOpExecutor *e, void *const *addr)
{
    const struct pk_plan *p = e->plan;
    const int64_t n = p->w.numel;
    int64_t *v = malloc((size_t)n * sizeof(int64_t));
    if (!v)
        return ACL_ERROR_BAD_ALLOC;
    ops_gather_nd(v, CK_I64, ops_base(&p->w, addr), p->w.dt, p->w.ndim, p->w.dims, p->w.strides);
    qt_pack4(addr[p->oslot], v, n, p->words); /* the quant room's packing */
    free(v);
    return 0;
}

aclnnStatus aclnnConvertWeightToINT4PackGetWorkspaceSize(const aclTensor *weight,
                                                         aclTensor *weightInt4Pack, WS)
{
    const char *name = "aclnnConvertWeightToINT4Pack";
    const aclTensor *out = weightInt4Pack;
    OPS_CHECK_NULLS(name, weight, weightInt4Pack, workspaceSize, executor);
    aclnnStatus rc;
    int dt;
    if ((rc = ops_need_dt(name, "weight", weight->dtype, OPS_DT_ConvertWeightToINT4Pack, &dt)))
        return rc;
    if (out->dtype != ACL_INT4 && out->dtype != ACL_INT32)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: weightInt4Pack is %s, must be INT4 or INT32",
                       name, ops_dt_name(out->dtype));
    const bool words = out->dtype == ACL_INT32;
    const int nd = (int)weight->ndim;
    if (nd < 2 || nd > 3 || out->ndim != weight->ndim)
        return ops_err(ACLNN_ERR_PARAM_INVALID,
                       "%s: weight (%d dims) and weightInt4Pack (%u) must have 2 or 3 dims", name,
                       nd, out->ndim);
    const int64_t last = weight->dims[nd - 1], per = words ? 8 : 2;
    if (ops_numel(weight->dims, nd) == 0 || last % per)
        return ops_err(ACLNN_ERR_PARAM_INVALID,
                       "%s: weight's last dim %lld must be a positive multiple of %lld (no empty "
                       "tensors)",
                       name, (long long)last, (long long)per);
    int64_t want[3];
    memcpy(want, weight->dims, sizeof(int64_t) * (size_t)nd);
    want[nd - 1] = last / (words ? 8 : 1);
    if ((rc = ops_check_shape(name, want, nd, out, "weightInt4Pack")))
        return rc;
    int64_t st = 1;
    bool dense = out->offset == 0;
    for (int d = nd - 1; d >= 0; d--) {
        dense = dense && out->strides[d] == st;
        st *= out->dims[d];
    }
    if (!dense)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: weightInt4Pack must be contiguous", name);
    struct aclOpExecutor *e = ops_exec_plan(name, 1, 1, sizeof(struct pk_plan), NULL);
    if (!e)
        return ACLNN_ERR_INNER_CREATE_EXECUTOR;
    struct pk_plan *p = e->plan;
    if ((rc = ops_tensor_from(&p->w, weight, ops_exec_slot(e, weight), name, "weight"))) {
        ops_exec_discard(e);
        return rc;
    }
    p->oslot = (int16_t)ops_exec_slot(e, out);
    p->words = words;
    e->run = pk_run;
    return ops_exec_done(e, workspaceSize, executor);
}
PHASE2(ConvertWeightToINT4Pack)
