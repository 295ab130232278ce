/* SPDX-License-Identifier: Apache-2.0 */
/*
 * The MoE dispatch and combine of ops-transformer's moe/: MoeInitRouting (token rows copied out
 * in expert order), MoeComputeExpertTokens (where each expert's rows end), MoeFinalizeRouting
 * and V2 (the experts' output rows weighted back into token rows). Index tensors are INT32;
 * every value is read and checked before anything is written, and a value out of range fails
 * the launch with ACL_ERROR_RT_AICORE_EXCEPTION (as the gathers: ops/index/gather.c GA1).
 * Sums run in double.
 *
 *  MR1. MoeInitRouting (CANN's README formulas): the N * K pairs (expertIdx[n, k], rowIdx[n, k])
 *      sorted by expert give expandedExpertIdxOut and sortedRowIdx; equal experts keep the
 *      smaller rowIdx first (an open guess: CANN's key-value sort order on ties is not
 *      documented; with rowIdx = arange(N * K) as [K, N] transposed, GK1's rowIdxOut, this is
 *      token order). expandedRowIdxOut[sortedRowIdx[i]] = i; expandedXOut has
 *      min(N, activeNum) * K rows (CANN's infershape), row i = x[sortedRowIdx[i] % N]. rowIdx
 *      must hold each of 0 .. N * K - 1 once (else the launch fails). MoeInitRoutingQuant
 *      writes expandedXOut as INT8 rint(x * scale + offset), saturated, in FLOAT16 steps as
 *      CANN's kernel (x, scale, offset to FLOAT16, the product and the sum each rounded).
 *  MR2. MoeComputeExpertTokens: out[e] = the number of sortedExperts values <= e (CANN's binary
 *      search for the end of expert e's rows, which needs sortedExperts ascending; cpuacl
 *      counts, so an unsorted input gives the counts rather than CANN's undefined result).
 *      0 < numExperts <= 2048 (CANN's constraint).
 *  MR3. MoeFinalizeRouting: out[i, j] = x1[i, j] + x2[i, j] + sum_k scales[i, k] *
 *      (expandedX[expandedRowIdx[i + k * N], j] + bias[expandedExpertIdx[i, k], j]); the row
 *      indices must lie in [0, N * K) and the experts in [0, E) of bias.
 *  MR4. MoeFinalizeRoutingV2 (CANN's infershape and kernel): x1, x2, bias, scales and expertIdx
 *      are optional (an absent term is 0, an absent scale 1; bias needs expertIdx). N and K are
 *      scales' dims; without scales K = 1 and N = expandedRowIdx's size (CANN's out shape), and
 *      expertIdx, if given, is [N, 1]. dropPadMode 0 and 1 read expandedRowIdx at i + k * N, 2
 *      and 3 at i * K + k. Modes 0 and 2 take expandedX as [R, H] with R = N * K rows; modes 1
 *      and 3 as [E, C, H] (E * C rows), where -1 in expandedRowIdx is a dropped row whose whole
 *      term is skipped. dropPadMode outside [0, 3] is 161002.
 *  MR5. MoeInitRoutingV2 (CANN's README, infershape and kernel): the positions p = n * K + k of
 *      expertIdx sorted by expert, equal experts by p (a stable sort), give sortedRowIdx; the
 *      source row of p is p / K. dropPadMode 0: expandedRowIdxOut[sortedRowIdx[i]] = i and
 *      expandedXOut has min(N * K, activeNum) rows (N * K when activeNum is 0), row i =
 *      x[sortedRowIdx[i] / K]; expertTokensCountOrCumsumOutOptional [expertNum] (flag 1: the
 *      running sum, 2: the count; experts outside [0, expertNum) are not counted, an open
 *      guess). dropPadMode 1: expert e's first expertCapacity positions in sorted order fill
 *      expandedXOut[e, 0 .. j) ([expertNum, expertCapacity, H], the rest zeros) and get
 *      expandedRowIdxOut e * expertCapacity + j; the others are dropped (-1);
 *      expertTokensBeforeCapacityOutOptional [expertNum] counts each expert's positions. In
 *      mode 1 every expert must lie in [0, expertNum) (else the launch fails). The attribute
 *      checks are CANN's infershape's: activeNum, expertCapacity, expertNum >= 0; dropPadMode 0
 *      or 1; the count flag 0 .. 2 and expertNum > 0 with it; in mode 1 expertCapacity and
 *      expertNum > 0 and expertCapacity <= N.
 *  MR6. MoeInitRoutingV2Grad (CANN's README): gradX[i] = sum over t < topK of
 *      gradExpandedX[expandedRowIdx[i * topK + t]] over the rows of gradExpandedX (flattened
 *      [E, C] in dropPadMode 1); -1 (a dropped position) and an index past the rows (a position
 *      activeNum cut) add nothing, below -1 fails the launch. gradExpandedX must have MR5's
 *      shape for mode 0 (min(N * topK, activeNum) rows, N * topK when activeNum is 0) and 3 dims
 *      for mode 1.
 *  MR7. MoeFinalizeRoutingV2Grad (CANN's README and infershape): position i of expandedRowIdx
 *      belongs to token i / K (K = scales' columns, else expandedRowIdx's size / R);
 *      gradExpandedXOut = 0, then row expandedRowIdx[i] = gradY[i / K] * scales[i] (1 without
 *      scales); gradScalesOut[i] = (expandedX[expandedRowIdx[i]] + bias[expertIdx[i]]) .
 *      gradY[i / K], written only with scales (expandedXOptional is then required, and
 *      expertIdxOptional with bias). Skipped and failing indices as MR6. gradExpandedXOut has
 *      [min(R * K, activeNum) or R * K, H] for mode 0 and [expertNum, expertCapacity, H] for
 *      mode 1 (both > 0 there); gradScalesOut [R, K] ([R, 1] without scales).
 *  MR8. MoeInitRoutingV3 (CANN's docs, op_api, tiling and kernel): the positions p = n * K + k
 *      whose expert lies in the active range [start, end) (activeExpertRangeOptional; NULL,
 *      which CANN would dereference, is [0, expertNum)) are stably sorted by expert; their
 *      number is avail. Row i < avail of expandedXOut is x[sorted[i] / K] (quantMode -1,
 *      converted to expandedXOut's type as CANN's copy-out does) or its dynamic quantisation
 *      (quantMode 1, the kernel's steps: v = x * scaleOptional[expert - start] in float32
 *      (no scale: x), s = max|v| / 127, v / s truncated to FLOAT16 then rounded half away from
 *      zero; s into expandedScaleOut[i], all-zero rows give 0 and s 0); rows past avail are
 *      not written (CANN: undefined). quantMode -1 with scaleOptional ([N]) writes
 *      expandedScaleOut[i] = scale[sorted[i] / K]. expandedRowIdxOut: rowIdxType 1 (scatter)
 *      [sorted[i]] = i, rowIdxType 0 (gather) [i] = sorted[i]; every other element -1.
 *      expertTokensCountOrCumsumOut: type 1 the count of each expert of the range ([end -
 *      start]); type 2 ([expertNum, 2]) the (expert, count) pairs of the experts with tokens in
 *      order, zeros after them. The shape and type checks are the op_api's (161002); the
 *      attribute checks the tiling's (561002): activeNum -1 or N * K, expertNum > 0,
 *      dropPadMode 0, type 1 or 2, the flag true, 0 <= start < end <= expertNum (and <= 5120
 *      for type 2, 10240 otherwise), quantMode -1 or 1, rowIdxType 0 or 1, the range of 2
 *      values.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "aclnnop/aclnn_moe_compute_expert_tokens.h"
#include "aclnnop/aclnn_moe_finalize_routing.h"
#include "aclnnop/aclnn_moe_finalize_routing_v2.h"
#include "aclnnop/aclnn_moe_finalize_routing_v2_grad.h"
#include "aclnnop/aclnn_moe_init_routing.h"
#include "aclnnop/aclnn_moe_init_routing_quant.h"
#include "aclnnop/aclnn_moe_init_routing_v2.h"
#include "aclnnop/aclnn_moe_init_routing_v2_grad.h"
#include "aclnnop/aclnn_moe_init_routing_v3.h"
#include "ops/engine/engine.h"
#include "ops/moe/moe.h"
#include "ops/moe/table.h"

/* CANN's ceiling of numExperts (MR2). */
#define MR_MAX_EXPERTS 2048

/* ---- MoeInitRouting ---------------------------------------------------------------------- */

struct ir_plan {
    struct ops_tensor x, row, exp, ox, orow, oexp;
    int64_t active_rows; /* expandedXOut's rows */
    bool quant;          /* MoeInitRoutingQuant (MR1) */
    float scale, offset; /* its attributes, rounded to FLOAT16 */
};

/* One value of MoeInitRoutingQuant (MR1): FLOAT16 steps, rint, saturation. */
static int8_t ir_quant(float v, float scale, float offset)
{
    ops_round_f32(&v, 1, DT_F16);
    v *= scale;
    ops_round_f32(&v, 1, DT_F16);
    v += offset;
    ops_round_f32(&v, 1, DT_F16);
    const float r = rintf(v);
    return (int8_t)(r > 127 ? 127 : r < -128 ? -128 : r);
}

/* The sort's pairs (MR1): expert, then row. */
struct ir_pair {
    int64_t exp, row;
};

static int ir_cmp(const void *a, const void *b)
{
    const struct ir_pair *p = a, *q = b;
    if (p->exp != q->exp)
        return p->exp < q->exp ? -1 : 1;
    return p->row < q->row ? -1 : p->row > q->row;
}

static int32_t ir_run(const struct aclOpExecutor *e, void *const *addr)
{
    const struct ir_plan *p = e->plan;
    const int64_t n = p->x.dims[0], h = p->x.dims[1], nk = p->row.numel;
    int64_t *row = moe_load(&p->row, addr, CK_I64), *exp = moe_load(&p->exp, addr, CK_I64);
    struct ir_pair *pr = malloc((size_t)nk * sizeof *pr);
    int64_t *dst = malloc((size_t)nk * 8), *seen = malloc((size_t)nk * 8);
    int32_t rc = 0;
    if (!row || !exp || !pr || !dst || !seen) {
        rc = ACL_ERROR_BAD_ALLOC;
        goto out;
    }
    memset(seen, 0, (size_t)nk * 8);
    for (int64_t i = 0; i < nk; i++) {
        if (row[i] < 0 || row[i] >= nk || seen[row[i]]++) { /* MR1: a permutation */
            rc = ACL_ERROR_RT_AICORE_EXCEPTION;
            goto out;
        }
        pr[i].exp = exp[i];
        pr[i].row = row[i];
    }
    qsort(pr, (size_t)nk, sizeof *pr, ir_cmp);
    for (int64_t i = 0; i < nk; i++) {
        exp[i] = pr[i].exp;
        dst[pr[i].row] = i;
    }
    moe_store(&p->oexp, addr, exp, CK_I64);
    moe_store(&p->orow, addr, dst, CK_I64);
    /* expandedXOut row by row: element bits, x's type is out's (or the quantised values) */
    const unsigned es = ops_dt_size(p->x.dt);
    const ops_load_fn ld = ops_loader(CK_F32, p->x.dt);
    for (int64_t i = 0; i < p->active_rows; i++) {
        const int64_t src = pr[i].row % n;
        for (int64_t j = 0; j < h; j++) {
            char *d = ops_elem(&p->ox, addr, i * p->ox.strides[0] + j * p->ox.strides[1]);
            const char *sx = ops_elem(&p->x, addr, src * p->x.strides[0] + j * p->x.strides[1]);
            if (p->quant) {
                float v;
                ld(&v, sx, 0, 1);
                *(int8_t *)d = ir_quant(v, p->scale, p->offset);
            } else {
                memcpy(d, sx, es);
            }
        }
    }
out:
    free(row);
    free(exp);
    free(pr);
    free(dst);
    free(seen);
    return rc;
}

/* t is an index tensor (its type in mask: the row's OPS_DT2, INT32) of shape want[0..nd). */
static aclnnStatus mr_check_int(const char *name, const aclTensor *t, const char *what,
                                const int64_t *want, int nd, unsigned mask)
{
    aclnnStatus rc;
    int dt;
    if ((rc = ops_check_dims(t, name, what)) || (rc = ops_need_dt(name, what, t->dtype, mask, &dt)))
        return rc;
    return ops_check_shape(name, want, nd, t, what);
}

/* t has type dt (a float tensor of the operator's one type) and shape want[0..nd). */
static aclnnStatus mr_check_float(const char *name, const aclTensor *t, const char *what,
                                  aclDataType dt, const int64_t *want, int nd)
{
    aclnnStatus rc;
    if ((rc = ops_check_dims(t, name, what)) || (rc = ops_check_shape(name, want, nd, t, what)))
        return rc;
    if (t->dtype != dt)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: %s has type %s, it must be %s", name, what,
                       ops_dt_name(t->dtype), ops_dt_name(dt));
    return ACLNN_SUCCESS;
}

/* MoeInitRouting's phase 1, and MoeInitRoutingQuant's (quant: INT8 expandedXOut). */
static aclnnStatus ir_setup(const char *name, unsigned mask, unsigned mask2, const aclTensor *x,
                            const aclTensor *rowIdx, const aclTensor *expertIdx, int64_t activeNum,
                            bool quant, double scale, double offset, const aclTensor *expandedXOut,
                            const aclTensor *expandedRowIdxOut,
                            const aclTensor *expandedExpertIdxOut, uint64_t *workspaceSize,
                            aclOpExecutor **executor)
{
    OPS_CHECK_NULLS(name, x, rowIdx, expertIdx, expandedXOut, expandedRowIdxOut,
                    expandedExpertIdxOut, workspaceSize, executor);
    aclnnStatus rc;
    int dt;
    if ((rc = ops_check_dims(x, name, "x")) || (rc = ops_need_dt(name, "x", x->dtype, mask, &dt)))
        return rc;
    if (x->ndim != 2)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: x has %d dims, it must be [N, H]", name,
                       (int)x->ndim);
    if ((rc = ops_check_dims(rowIdx, name, "rowIdx")))
        return rc;
    if (rowIdx->ndim != 2 || rowIdx->dims[0] != x->dims[0])
        return ops_err(ACLNN_ERR_PARAM_INVALID,
                       "%s: rowIdx must be [N, K] with N = %lld, x's rows (it has %d dims)", name,
                       (long long)x->dims[0], (int)rowIdx->ndim);
    const int64_t n = x->dims[0], k = rowIdx->dims[1], nk = n * k;
    if (activeNum < 0)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: activeNum is %lld, it must be >= 0", name,
                       (long long)activeNum);
    const int64_t active = (activeNum < n ? activeNum : n) * k;
    const int64_t oxd[2] = {active, x->dims[1]};
    if ((rc = mr_check_int(name, rowIdx, "rowIdx", rowIdx->dims, 2, mask2)) ||
        (rc = mr_check_int(name, expertIdx, "expertIdx", rowIdx->dims, 2, mask2)) ||
        (rc = mr_check_float(name, expandedXOut, "expandedXOut", quant ? ACL_INT8 : x->dtype, oxd,
                             2)) ||
        (rc = mr_check_int(name, expandedRowIdxOut, "expandedRowIdxOut", &nk, 1, mask2)) ||
        (rc = mr_check_int(name, expandedExpertIdxOut, "expandedExpertIdxOut", &nk, 1, mask2)))
        return rc;
    OPS_PLAN(e, pl, name, 3, 3, struct ir_plan, NULL, {&pl->x, x, "x"},
             {&pl->row, rowIdx, "rowIdx"}, {&pl->exp, expertIdx, "expertIdx"},
             {&pl->ox, expandedXOut, "expandedXOut"},
             {&pl->orow, expandedRowIdxOut, "expandedRowIdxOut"},
             {&pl->oexp, expandedExpertIdxOut, "expandedExpertIdxOut"});
    pl->active_rows = active;
    pl->quant = quant;
    pl->scale = (float)scale, pl->offset = (float)offset;
    ops_round_f32(&pl->scale, 1, DT_F16); /* MR1: the kernel's FLOAT16 attributes */
    ops_round_f32(&pl->offset, 1, DT_F16);
    e->run = nk ? ir_run : NULL;
    return ops_exec_done(e, workspaceSize, executor);
}

aclnnStatus aclnnMoeInitRoutingGetWorkspaceSize(const aclTensor *x, const aclTensor *rowIdx,
                                                const aclTensor *expertIdx, int64_t activeNum,
                                                const aclTensor *expandedXOut,
                                                const aclTensor *expandedRowIdxOut,
                                                const aclTensor *expandedExpertIdxOut,
                                                uint64_t *workspaceSize, aclOpExecutor **executor)
{
    return ir_setup("aclnnMoeInitRouting", OPS_DT_MoeInitRouting, OPS_DT2_MoeInitRouting, x, rowIdx,
                    expertIdx, activeNum, false, 0, 0, expandedXOut, expandedRowIdxOut,
                    expandedExpertIdxOut, workspaceSize, executor);
}
PHASE2(MoeInitRouting)

aclnnStatus aclnnMoeInitRoutingQuantGetWorkspaceSize(
    const aclTensor *x, const aclTensor *rowIdx, const aclTensor *expertIdx, int64_t activeNum,
    double scale, double offset, const aclTensor *expandedXOut, const aclTensor *expandedRowIdxOut,
    const aclTensor *expandedExpertIdxOut, uint64_t *workspaceSize, aclOpExecutor **executor)
{
    return ir_setup("aclnnMoeInitRoutingQuant", OPS_DT_MoeInitRoutingQuant,
                    OPS_DT2_MoeInitRoutingQuant, x, rowIdx, expertIdx, activeNum, true, scale,
                    offset, expandedXOut, expandedRowIdxOut, expandedExpertIdxOut, workspaceSize,
                    executor);
}
PHASE2(MoeInitRoutingQuant)

/* ---- MoeInitRoutingV2 -------------------------------------------------------------------- */

struct i2_plan {
    struct ops_tensor x, exp, ox, orow, cnt, before;
    int64_t active_rows, cap, experts, flag;
    bool drop, has_before;
};

static int32_t i2_run(const struct aclOpExecutor *e, void *const *addr)
{
    const struct i2_plan *p = e->plan;
    const int64_t h = p->x.dims[1], k = p->exp.dims[1], nk = p->exp.numel, ne = p->experts;
    int64_t *exp = moe_load(&p->exp, addr, CK_I64), *dst = malloc((size_t)nk * 8),
            *hist = calloc((size_t)ne + 1, 8);
    struct ir_pair *pr = malloc((size_t)nk * sizeof *pr);
    int32_t rc = 0;
    if (!exp || !dst || !hist || !pr) {
        rc = ACL_ERROR_BAD_ALLOC;
        goto out;
    }
    for (int64_t i = 0; i < nk; i++) {
        if (p->drop && (exp[i] < 0 || exp[i] >= ne)) { /* MR5: mode 1 needs every expert */
            rc = ACL_ERROR_RT_AICORE_EXCEPTION;
            goto out;
        }
        pr[i].exp = exp[i];
        pr[i].row = i;
    }
    qsort(pr, (size_t)nk, sizeof *pr, ir_cmp);
    for (int64_t i = 0; i < nk; i++)
        if (pr[i].exp >= 0 && pr[i].exp < ne)
            hist[pr[i].exp]++;
    const unsigned es = ops_dt_size(p->x.dt);
    if (!p->drop) {
        for (int64_t i = 0; i < nk; i++)
            dst[pr[i].row] = i;
        for (int64_t i = 0; i < p->active_rows; i++)
            for (int64_t j = 0; j < h; j++)
                memcpy(ops_elem(&p->ox, addr, i * p->ox.strides[0] + j * p->ox.strides[1]),
                       ops_elem(&p->x, addr, pr[i].row / k * p->x.strides[0] + j * p->x.strides[1]),
                       es);
        if (p->flag) {
            for (int64_t i = 1; p->flag == 1 && i < ne; i++)
                hist[i] += hist[i - 1];
            moe_store(&p->cnt, addr, hist, CK_I64);
        }
    } else {
        /* expert x's positions are pr[at .. at + hist[x]) (every expert is in range here):
         * its first cap fill its slots, zeros the rest (element bits) */
        static const char zero[8];
        for (int64_t x = 0, at = 0; x < ne; at += hist[x], x++) {
            for (int64_t c = 0; c < p->cap; c++)
                for (int64_t j = 0; j < h; j++)
                    memcpy(ops_elem(&p->ox, addr,
                                    x * p->ox.strides[0] + c * p->ox.strides[1] +
                                        j * p->ox.strides[2]),
                           c < hist[x] ? ops_elem(&p->x, addr,
                                                  pr[at + c].row / k * p->x.strides[0] +
                                                      j * p->x.strides[1])
                                       : zero,
                           es);
            for (int64_t c = 0; c < hist[x]; c++)
                dst[pr[at + c].row] = c < p->cap ? x * p->cap + c : -1;
        }
        if (p->has_before)
            moe_store(&p->before, addr, hist, CK_I64);
    }
    moe_store(&p->orow, addr, dst, CK_I64);
out:
    free(exp);
    free(dst);
    free(hist);
    free(pr);
    return rc;
}

aclnnStatus aclnnMoeInitRoutingV2GetWorkspaceSize(
    const aclTensor *x, const aclTensor *expertIdx, int64_t activeNumOptional,
    int64_t expertCapacityOptional, int64_t expertNumOptional, int64_t dropPadModeOptional,
    int64_t expertTokensCountOrCumsumFlagOptional, bool expertTokensBeforeCapacityFlagOptional,
    const aclTensor *expandedXOut, const aclTensor *expandedRowIdxOut,
    const aclTensor *expertTokensCountOrCumsumOutOptional,
    const aclTensor *expertTokensBeforeCapacityOutOptional, uint64_t *workspaceSize,
    aclOpExecutor **executor)
{
    static const char name[] = "aclnnMoeInitRoutingV2";
    OPS_CHECK_NULLS(name, x, expertIdx, expandedXOut, expandedRowIdxOut, workspaceSize, executor);
    const int64_t mode = dropPadModeOptional, flag = expertTokensCountOrCumsumFlagOptional,
                  cap = expertCapacityOptional, ne = expertNumOptional;
    const bool want_cnt = mode == 0 && flag > 0,
               want_before = mode == 1 && expertTokensBeforeCapacityFlagOptional;
    if (want_cnt && !expertTokensCountOrCumsumOutOptional)
        return ops_err(ACLNN_ERR_PARAM_NULLPTR,
                       "%s: expertTokensCountOrCumsumOutOptional is NULL and "
                       "expertTokensCountOrCumsumFlag is %lld",
                       name, (long long)flag);
    if (want_before && !expertTokensBeforeCapacityOutOptional)
        return ops_err(ACLNN_ERR_PARAM_NULLPTR,
                       "%s: expertTokensBeforeCapacityOutOptional is NULL and its flag is true",
                       name);
    aclnnStatus rc;
    int dt;
    if ((rc = ops_check_dims(x, name, "x")) ||
        (rc = ops_need_dt(name, "x", x->dtype, OPS_DT_MoeInitRoutingV2, &dt)) ||
        (rc = ops_check_dims(expertIdx, name, "expertIdx")) ||
        (rc = ops_need_dt(name, "expertIdx", expertIdx->dtype, OPS_DT2_MoeInitRoutingV2, &dt)))
        return rc;
    if (x->ndim != 2 || expertIdx->ndim != 2 || expertIdx->dims[0] != x->dims[0])
        return ops_err(ACLNN_ERR_PARAM_INVALID,
                       "%s: x must be [N, H] and expertIdx [N, K] with the same N", name);
    const int64_t n = x->dims[0], h = x->dims[1], nk = n * expertIdx->dims[1];
    if (activeNumOptional < 0 || cap < 0 || ne < 0)
        return ops_err(ACLNN_ERR_PARAM_INVALID,
                       "%s: activeNum (%lld), expertCapacity (%lld) and expertNum (%lld) must "
                       "be >= 0",
                       name, (long long)activeNumOptional, (long long)cap, (long long)ne);
    if (mode != 0 && mode != 1)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: dropPadMode is %lld, it must be 0 or 1", name,
                       (long long)mode);
    if (flag < 0 || flag > 2 || (flag > 0 && ne <= 0))
        return ops_err(ACLNN_ERR_PARAM_INVALID,
                       "%s: expertTokensCountOrCumsumFlag is %lld, it must be 0, 1 or 2 (1 and "
                       "2 need expertNum > 0)",
                       name, (long long)flag);
    if (mode == 1 && (cap < 1 || ne < 1 || (n > 0 && cap > n)))
        return ops_err(ACLNN_ERR_PARAM_INVALID,
                       "%s: with dropPadMode 1 expertCapacity (%lld) must be in [1, N = %lld] "
                       "and expertNum (%lld) > 0",
                       name, (long long)cap, (long long)n, (long long)ne);
    const int64_t active = activeNumOptional > 0 && activeNumOptional < nk ? activeNumOptional : nk;
    const int64_t dx2[2] = {active, h}, dx3[3] = {ne, cap, h};
    if ((rc = mr_check_float(name, expandedXOut, "expandedXOut", x->dtype, mode ? dx3 : dx2,
                             mode ? 3 : 2)) ||
        (rc = mr_check_int(name, expandedRowIdxOut, "expandedRowIdxOut", &nk, 1,
                           OPS_DT2_MoeInitRoutingV2)) ||
        (want_cnt && (rc = mr_check_int(name, expertTokensCountOrCumsumOutOptional,
                                        "expertTokensCountOrCumsumOutOptional", &ne, 1,
                                        OPS_DT2_MoeInitRoutingV2))) ||
        (want_before && (rc = mr_check_int(name, expertTokensBeforeCapacityOutOptional,
                                           "expertTokensBeforeCapacityOutOptional", &ne, 1,
                                           OPS_DT2_MoeInitRoutingV2))))
        return rc;
    OPS_PLAN(e, pl, name, 2, 4, struct i2_plan, NULL, {&pl->x, x, "x"},
             {&pl->exp, expertIdx, "expertIdx"}, {&pl->ox, expandedXOut, "expandedXOut"},
             {&pl->orow, expandedRowIdxOut, "expandedRowIdxOut"},
             {&pl->cnt, want_cnt ? expertTokensCountOrCumsumOutOptional : NULL,
              "expertTokensCountOrCumsumOutOptional"},
             {&pl->before, want_before ? expertTokensBeforeCapacityOutOptional : NULL,
              "expertTokensBeforeCapacityOutOptional"});
    pl->active_rows = active;
    pl->cap = cap;
    pl->experts = ne;
    pl->flag = want_cnt ? flag : 0;
    pl->drop = mode == 1;
    pl->has_before = want_before;
    e->run = nk || (mode == 1 && ne * cap * h > 0) || want_cnt ? i2_run : NULL;
    return ops_exec_done(e, workspaceSize, executor);
}
PHASE2(MoeInitRoutingV2)

/* ---- MoeInitRoutingV3 -------------------------------------------------------------------- */

/* CANN's ceilings of the active range's end (MR8): key-value counts, the others. */
#define I3_KV_MAX_EXPERT 5120
#define I3_MAX_EXPERT 10240

struct i3_plan {
    struct ops_tensor x, exp, scale, ox, orow, cnt, oscale;
    int64_t start, end, experts, type, quant, row_type;
};

/* v truncated (toward zero) to the nearest FLOAT16 value (MR8: the kernel's CAST_TRUNC). */
static float i3_trunc_f16(float v)
{
    const float a = fabsf(v);
    if (!(a > 0) || a >= 65504.0f)
        return v;
    int e;
    (void)frexpf(a, &e);                            /* a = m * 2^e, m in [0.5, 1) */
    const int lsb = e - 11 < -24 ? -24 : e - 11; /* 11 significant bits; subnormals 2^-24 */
    const float step = ldexpf(1.0f, lsb);
    return truncf(v / step) * step;
}

/* Row r (h values of x, scaled by sm when not NULL) dynamically quantised into q (MR8); returns
 * the row's scale. */
static float i3_quant_row(const double *x, const double *sm, int64_t h, double *q)
{
    float mx = 0;
    for (int64_t j = 0; j < h; j++) {
        float v = (float)x[j];
        if (sm)
            v *= (float)sm[j];
        q[j] = v;
        if (fabsf(v) > mx)
            mx = fabsf(v);
    }
    const float s = mx / 127.0f;
    for (int64_t j = 0; j < h; j++)
        q[j] = s > 0 ? roundf(i3_trunc_f16((float)q[j] / s)) : 0;
    return s;
}

static int32_t i3_run(const struct aclOpExecutor *e, void *const *addr)
{
    const struct i3_plan *p = e->plan;
    const int64_t h = p->x.dims[1], k = p->exp.dims[1], nk = p->exp.numel,
                  span = p->end - p->start;
    int64_t *exp = moe_load(&p->exp, addr, CK_I64), *rows = malloc((size_t)(nk ? nk : 1) * 8),
            *hist = calloc((size_t)span, 8);
    double *x = moe_load(&p->x, addr, CK_F64),
           *sc = p->scale.numel ? moe_load(&p->scale, addr, CK_F64) : NULL,
           *ox = malloc((size_t)(nk * h > 0 ? nk * h : 1) * 8), *os = malloc((size_t)(nk ? nk : 1) * 8);
    struct ir_pair *pr = malloc((size_t)(nk ? nk : 1) * sizeof *pr);
    int32_t rc = 0;
    if (!exp || !rows || !hist || !x || (p->scale.numel && !sc) || !ox || !os || !pr) {
        rc = ACL_ERROR_BAD_ALLOC;
        goto out;
    }
    int64_t avail = 0;
    for (int64_t i = 0; i < nk; i++)
        if (exp[i] >= p->start && exp[i] < p->end) {
            pr[avail].exp = exp[i];
            pr[avail++].row = i;
        }
    qsort(pr, (size_t)avail, sizeof *pr, ir_cmp); /* (expert, position): stable by position */
    for (int64_t i = 0; i < nk; i++)
        rows[i] = -1;
    for (int64_t i = 0; i < avail; i++) {
        const int64_t src = pr[i].row / k;
        hist[pr[i].exp - p->start]++;
        if (p->row_type == 1)
            rows[pr[i].row] = i;
        else
            rows[i] = pr[i].row;
        if (p->quant == 1) {
            os[i] = i3_quant_row(x + src * h, sc ? sc + (pr[i].exp - p->start) * h : NULL, h,
                                 ox + i * h);
        } else {
            memcpy(ox + i * h, x + src * h, (size_t)h * 8);
            if (sc)
                os[i] = sc[src];
        }
    }
    moe_store(&p->orow, addr, rows, CK_I64);
    if (avail && h)
        ops_scatter_nd(ox, CK_F64, ops_base(&p->ox, addr), p->ox.dt, 2,
                       (const int64_t[]){avail, h}, p->ox.strides);
    if (avail && (p->quant == 1 || sc))
        ops_scatter_nd(os, CK_F64, ops_base(&p->oscale, addr), p->oscale.dt, 1, &avail,
                       p->oscale.strides);
    if (p->type == 1) {
        moe_store(&p->cnt, addr, hist, CK_I64);
    } else { /* key-value pairs of the experts with tokens, zeros after them */
        int64_t *kv = calloc((size_t)p->experts * 2, 8), at = 0;
        if (!kv) {
            rc = ACL_ERROR_BAD_ALLOC;
            goto out;
        }
        for (int64_t j = 0; j < span; j++)
            if (hist[j]) {
                kv[at * 2] = p->start + j;
                kv[at++ * 2 + 1] = hist[j];
            }
        moe_store(&p->cnt, addr, kv, CK_I64);
        free(kv);
    }
out:
    free(exp);
    free(rows);
    free(hist);
    free(x);
    free(sc);
    free(ox);
    free(os);
    free(pr);
    return rc;
}

aclnnStatus aclnnMoeInitRoutingV3GetWorkspaceSize(
    const aclTensor *x, const aclTensor *expertIdx, const aclTensor *scaleOptional,
    const aclTensor *offsetOptional, int64_t activeNum, int64_t expertCapacity, int64_t expertNum,
    int64_t dropPadMode, int64_t expertTokensNumType, bool expertTokensNumFlag, int64_t quantMode,
    const aclIntArray *activeExpertRangeOptional, int64_t rowIdxType, const aclTensor *expandedXOut,
    const aclTensor *expandedRowIdxOut, const aclTensor *expertTokensCountOrCumsumOut,
    const aclTensor *expandedScaleOut, uint64_t *workspaceSize, aclOpExecutor **executor)
{
    static const char name[] = "aclnnMoeInitRoutingV3";
    OPS_CHECK_NULLS(name, x, expertIdx, expandedXOut, expandedRowIdxOut,
                    expertTokensCountOrCumsumOut, expandedScaleOut, workspaceSize, executor);
    (void)expertCapacity; /* CANN: unused */
    aclnnStatus rc;
    int dt;
    /* the op_api's type checks (161002) */
    if ((rc = ops_check_dims(x, name, "x")) ||
        (rc = ops_need_dt(name, "x", x->dtype, OPS_DT_MoeInitRoutingV3, &dt)) ||
        (rc = ops_check_dims(expertIdx, name, "expertIdx")) ||
        (rc = ops_need_dt(name, "expertIdx", expertIdx->dtype, OPS_DT2_MoeInitRoutingV3, &dt)) ||
        (scaleOptional && ((rc = ops_check_dims(scaleOptional, name, "scaleOptional")) ||
                           (rc = ops_need_dt(name, "scaleOptional", scaleOptional->dtype,
                                             DTM(DT_F32), &dt)))) ||
        (offsetOptional && ((rc = ops_check_dims(offsetOptional, name, "offsetOptional")) ||
                            (rc = ops_need_dt(name, "offsetOptional", offsetOptional->dtype,
                                              DTM(DT_F32), &dt)))) ||
        (rc = ops_check_dims(expandedXOut, name, "expandedXOut")) ||
        (rc = ops_need_dt(name, "expandedXOut", expandedXOut->dtype, OPS_DT_MoeInitRoutingV3,
                          &dt)) ||
        (rc = ops_check_dims(expandedRowIdxOut, name, "expandedRowIdxOut")) ||
        (rc = ops_need_dt(name, "expandedRowIdxOut", expandedRowIdxOut->dtype,
                          OPS_DT2_MoeInitRoutingV3, &dt)) ||
        (rc = ops_check_dims(expertTokensCountOrCumsumOut, name, "expertTokensCountOrCumsumOut")) ||
        (rc = ops_need_dt(name, "expertTokensCountOrCumsumOut",
                          expertTokensCountOrCumsumOut->dtype, DTM(DT_I64), &dt)) ||
        (rc = ops_check_dims(expandedScaleOut, name, "expandedScaleOut")) ||
        (rc = ops_need_dt(name, "expandedScaleOut", expandedScaleOut->dtype, DTM(DT_F32), &dt)))
        return rc;
    if (activeExpertRangeOptional && activeExpertRangeOptional->n != 2)
        return ops_err(ACLNN_ERR_INNER_TILING_ERROR,
                       "%s: activeExpertRangeOptional has %llu values, it must be [start, end)",
                       name, (unsigned long long)activeExpertRangeOptional->n);
    const int64_t start = activeExpertRangeOptional ? activeExpertRangeOptional->v[0] : 0,
                  end = activeExpertRangeOptional ? activeExpertRangeOptional->v[1] : expertNum;
    /* the op_api's shape checks (161002) */
    if (x->ndim != 2 || expertIdx->ndim != 2 || expertIdx->dims[0] != x->dims[0])
        return ops_err(ACLNN_ERR_PARAM_INVALID,
                       "%s: x must be [N, H] and expertIdx [N, K] with the same N", name);
    const int64_t n = x->dims[0], h = x->dims[1], nk = n * expertIdx->dims[1];
    const int64_t dxo[2] = {nk, h}, dsc2[2] = {end - start, h}, dkv[2] = {expertNum, 2};
    const int64_t span = end - start;
    if (scaleOptional && quantMode == -1 &&
        (rc = ops_check_shape(name, &n, 1, scaleOptional, "scaleOptional")))
        return rc;
    if (scaleOptional && quantMode == 1 &&
        (rc = ops_check_shape(name, dsc2, 2, scaleOptional, "scaleOptional")))
        return rc;
    /* CANN checks it with a scale; cpuacl also when quantMode 1 writes it without one */
    if ((scaleOptional || quantMode == 1) &&
        (rc = ops_check_shape(name, &nk, 1, expandedScaleOut, "expandedScaleOut")))
        return rc;
    if ((rc = ops_check_shape(name, dxo, 2, expandedXOut, "expandedXOut")) ||
        (rc = ops_check_shape(name, &nk, 1, expandedRowIdxOut, "expandedRowIdxOut")) ||
        (expertTokensNumType == 1 && (rc = ops_check_shape(name, &span, 1,
                                                           expertTokensCountOrCumsumOut,
                                                           "expertTokensCountOrCumsumOut"))) ||
        (expertTokensNumType == 2 && (rc = ops_check_shape(name, dkv, 2,
                                                           expertTokensCountOrCumsumOut,
                                                           "expertTokensCountOrCumsumOut"))))
        return rc;
    /* the tiling's attribute checks (561002) */
    const char *bad = NULL;
    if (activeNum != -1 && activeNum != nk)
        bad = "activeNum must be -1 or N * K";
    else if (expertNum <= 0)
        bad = "expertNum must be > 0";
    else if (dropPadMode != 0)
        bad = "dropPadMode must be 0 (dropless; CANN supports nothing else)";
    else if (expertTokensNumType != 1 && expertTokensNumType != 2)
        bad = "expertTokensNumType must be 1 (count) or 2 (key-value)";
    else if (!expertTokensNumFlag)
        bad = "expertTokensNumFlag must be true";
    else if (start < 0 || start >= end || end > expertNum)
        bad = "activeExpertRangeOptional must be [start, end) with 0 <= start < end <= expertNum";
    else if (end > (expertTokensNumType == 2 ? I3_KV_MAX_EXPERT : I3_MAX_EXPERT))
        bad = "the active range's end is above CANN's ceiling (5120 key-value, else 10240)";
    else if (quantMode != -1 && quantMode != 1)
        bad = "quantMode must be -1 (none) or 1 (dynamic)";
    else if (rowIdxType != 0 && rowIdxType != 1)
        bad = "rowIdxType must be 0 (gather) or 1 (scatter)";
    if (bad)
        return ops_err(ACLNN_ERR_INNER_TILING_ERROR, "%s: %s", name, bad);
    OPS_PLAN(e, pl, name, 3, 4, struct i3_plan, NULL, {&pl->x, x, "x"},
             {&pl->exp, expertIdx, "expertIdx"}, {&pl->scale, scaleOptional, "scaleOptional"},
             {&pl->ox, expandedXOut, "expandedXOut"},
             {&pl->orow, expandedRowIdxOut, "expandedRowIdxOut"},
             {&pl->cnt, expertTokensCountOrCumsumOut, "expertTokensCountOrCumsumOut"},
             {&pl->oscale, expandedScaleOut, "expandedScaleOut"});
    pl->start = start, pl->end = end, pl->experts = expertNum;
    pl->type = expertTokensNumType, pl->quant = quantMode, pl->row_type = rowIdxType;
    e->run = i3_run;
    return ops_exec_done(e, workspaceSize, executor);
}
PHASE2(MoeInitRoutingV3)

/* ---- MoeComputeExpertTokens -------------------------------------------------------------- */

struct et_plan {
    struct ops_tensor in, out;
};

static int32_t et_run(const struct aclOpExecutor *e, void *const *addr)
{
    const struct et_plan *p = e->plan;
    const int64_t ne = p->out.numel;
    int64_t *v = moe_load(&p->in, addr, CK_I64), *cnt = calloc((size_t)ne + 1, 8);
    if (!v || !cnt) {
        free(v);
        free(cnt);
        return ACL_ERROR_BAD_ALLOC;
    }
    /* MR2: cnt[e] counts the values equal to e (below 0: all of them count everywhere) */
    int64_t below = 0;
    for (int64_t i = 0; i < p->in.numel; i++)
        if (v[i] < 0)
            below++;
        else if (v[i] < ne)
            cnt[v[i]]++;
    for (int64_t i = 0, run = below; i < ne; i++)
        cnt[i] = run += cnt[i];
    moe_store(&p->out, addr, cnt, CK_I64);
    free(v);
    free(cnt);
    return 0;
}

aclnnStatus aclnnMoeComputeExpertTokensGetWorkspaceSize(const aclTensor *sortedExperts,
                                                        int64_t numExperts, const aclTensor *out,
                                                        uint64_t *workspaceSize,
                                                        aclOpExecutor **executor)
{
    static const char name[] = "aclnnMoeComputeExpertTokens";
    OPS_CHECK_NULLS(name, sortedExperts, out, workspaceSize, executor);
    aclnnStatus rc;
    int dt;
    if ((rc = ops_check_dims(sortedExperts, name, "sortedExperts")) ||
        (rc = ops_need_dt(name, "sortedExperts", sortedExperts->dtype,
                          OPS_DT_MoeComputeExpertTokens, &dt)))
        return rc;
    if (sortedExperts->ndim != 1)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: sortedExperts has %d dims, it must have 1",
                       name, (int)sortedExperts->ndim);
    if (numExperts < 1 || numExperts > MR_MAX_EXPERTS)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: numExperts is %lld, it must be in [1, %d]",
                       name, (long long)numExperts, MR_MAX_EXPERTS);
    if ((rc = ops_check_dims(out, name, "out")) ||
        (rc = ops_need_dt(name, "out", out->dtype, OPS_DT2_MoeComputeExpertTokens, &dt)) ||
        (rc = ops_check_shape(name, &numExperts, 1, out, "out")))
        return rc;
    OPS_PLAN(e, pl, name, 1, 1, struct et_plan, NULL, {&pl->in, sortedExperts, "sortedExperts"},
             {&pl->out, out, "out"});
    e->run = et_run;
    return ops_exec_done(e, workspaceSize, executor);
}
PHASE2(MoeComputeExpertTokens)

/* ---- MoeFinalizeRouting, V2 -------------------------------------------------------------- */

struct fr_plan {
    struct ops_tensor ex, ridx, x1, x2, bias, sc, eidx, out;
    bool has_x1, has_x2, has_bias, has_sc, has_eidx;
    bool rowmajor;                  /* expandedRowIdx at i * K + k (modes 2, 3), else i + k * N */
    bool drop;                      /* -1 skips a term (modes 1, 3) */
    int64_t n, k, h, rows, experts; /* rows: expandedX's rows; experts: bias's */
};

static int32_t fr_run(const struct aclOpExecutor *e, void *const *addr)
{
    const struct fr_plan *p = e->plan;
    const int64_t n = p->n, k = p->k, h = p->h;
    double *ex = moe_load(&p->ex, addr, CK_F64), *o = calloc((size_t)(n * h > 0 ? n * h : 1), 8);
    double *x1 = p->has_x1 ? moe_load(&p->x1, addr, CK_F64) : NULL;
    double *x2 = p->has_x2 ? moe_load(&p->x2, addr, CK_F64) : NULL;
    double *bias = p->has_bias ? moe_load(&p->bias, addr, CK_F64) : NULL;
    double *sc = p->has_sc ? moe_load(&p->sc, addr, CK_F64) : NULL;
    int64_t *ridx = moe_load(&p->ridx, addr, CK_I64);
    int64_t *eidx = p->has_eidx ? moe_load(&p->eidx, addr, CK_I64) : NULL;
    int32_t rc = 0;
    if (!ex || !o || !ridx || (p->has_x1 && !x1) || (p->has_x2 && !x2) || (p->has_bias && !bias) ||
        (p->has_sc && !sc) || (p->has_eidx && !eidx)) {
        rc = ACL_ERROR_BAD_ALLOC;
        goto out;
    }
    for (int64_t i = 0; i < n * k; i++) /* MR3/MR4: every index checked before any write */
        if (ridx[i] < (p->drop ? -1 : 0) || ridx[i] >= p->rows) {
            rc = ACL_ERROR_RT_AICORE_EXCEPTION;
            goto out;
        }
    if (bias)
        for (int64_t i = 0; i < n * k; i++)
            if (eidx[i] < 0 || eidx[i] >= p->experts) {
                rc = ACL_ERROR_RT_AICORE_EXCEPTION;
                goto out;
            }
    for (int64_t i = 0; i < n; i++) {
        double *oi = o + i * h;
        for (int64_t j = 0; j < h; j++)
            oi[j] = (x1 ? x1[i * h + j] : 0) + (x2 ? x2[i * h + j] : 0);
        for (int64_t kk = 0; kk < k; kk++) {
            const int64_t r = ridx[p->rowmajor ? i * k + kk : i + kk * n];
            if (r < 0)
                continue; /* MR4: a dropped row */
            const double s = sc ? sc[i * k + kk] : 1;
            const double *xr = ex + r * h, *br = bias ? bias + eidx[i * k + kk] * h : NULL;
            for (int64_t j = 0; j < h; j++)
                oi[j] += s * (xr[j] + (br ? br[j] : 0));
        }
    }
    moe_store(&p->out, addr, o, CK_F64);
out:
    free(ex);
    free(o);
    free(x1);
    free(x2);
    free(bias);
    free(sc);
    free(ridx);
    free(eidx);
    return rc;
}

/* The checks of the optional terms both forms share, with N, K, H and the type settled. */
static aclnnStatus fr_check_terms(const char *name, aclDataType dt, unsigned mask2, int64_t n,
                                  int64_t k, int64_t h, const aclTensor *x1, const char *x1n,
                                  const aclTensor *x2, const char *x2n, const aclTensor *bias,
                                  const char *bn, const aclTensor *sc, const char *sn,
                                  const aclTensor *eidx, const char *en)
{
    aclnnStatus rc;
    const int64_t nh[2] = {n, h}, nk[2] = {n, k};
    if ((x1 && (rc = mr_check_float(name, x1, x1n, dt, nh, 2))) ||
        (x2 && (rc = mr_check_float(name, x2, x2n, dt, nh, 2))) ||
        (sc && (rc = mr_check_float(name, sc, sn, dt, nk, 2))) ||
        (eidx && (rc = mr_check_int(name, eidx, en, nk, 2, mask2))))
        return rc;
    if (bias) {
        if ((rc = ops_check_dims(bias, name, bn)))
            return rc;
        const int64_t eh[2] = {bias->ndim == 2 ? bias->dims[0] : 0, h};
        if ((rc = mr_check_float(name, bias, bn, dt, eh, 2)))
            return rc;
    }
    return ACLNN_SUCCESS;
}

static aclnnStatus fr_plan_done(const char *name, const aclTensor *expandedX,
                                const aclTensor *expandedRowIdx, const aclTensor *x1,
                                const aclTensor *x2, const aclTensor *bias, const aclTensor *sc,
                                const aclTensor *eidx, const aclTensor *out, int64_t n, int64_t k,
                                int mode, uint64_t *workspaceSize, aclOpExecutor **executor)
{
    OPS_PLAN(e, pl, name, 7, 1, struct fr_plan, NULL, {&pl->ex, expandedX, "expandedX"},
             {&pl->ridx, expandedRowIdx, "expandedRowIdx"}, {&pl->x1, x1, "x1"},
             {&pl->x2, x2, "x2"}, {&pl->bias, bias, "bias"}, {&pl->sc, sc, "scales"},
             {&pl->eidx, eidx, "expertIdx"}, {&pl->out, out, "out"});
    pl->has_x1 = x1 != NULL;
    pl->has_x2 = x2 != NULL;
    pl->has_bias = bias != NULL;
    pl->has_sc = sc != NULL;
    pl->has_eidx = eidx != NULL && bias != NULL; /* read only for bias */
    pl->rowmajor = mode >= 2;
    pl->drop = mode == 1 || mode == 3;
    pl->n = n;
    pl->k = k;
    pl->h = expandedX->dims[expandedX->ndim - 1];
    pl->rows = pl->ex.numel / (pl->h ? pl->h : 1);
    if (pl->h == 0)
        pl->rows =
            expandedX->ndim == 3 ? expandedX->dims[0] * expandedX->dims[1] : expandedX->dims[0];
    pl->experts = bias ? bias->dims[0] : 0;
    e->run = n * pl->h > 0 ? fr_run : NULL;
    return ops_exec_done(e, workspaceSize, executor);
}

aclnnStatus aclnnMoeFinalizeRoutingGetWorkspaceSize(const aclTensor *expandedX, const aclTensor *x1,
                                                    const aclTensor *x2Optional,
                                                    const aclTensor *bias, const aclTensor *scales,
                                                    const aclTensor *expandedRowIdx,
                                                    const aclTensor *expandedExpertIdx,
                                                    const aclTensor *out, uint64_t *workspaceSize,
                                                    aclOpExecutor **executor)
{
    static const char name[] = "aclnnMoeFinalizeRouting";
    OPS_CHECK_NULLS(name, expandedX, x1, bias, scales, expandedRowIdx, expandedExpertIdx, out,
                    workspaceSize, executor);
    aclnnStatus rc;
    int dt;
    if ((rc = ops_check_dims(expandedX, name, "expandedX")) ||
        (rc = ops_need_dt(name, "expandedX", expandedX->dtype, OPS_DT_MoeFinalizeRouting, &dt)) ||
        (rc = ops_check_dims(scales, name, "scales")))
        return rc;
    if (expandedX->ndim != 2 || scales->ndim != 2)
        return ops_err(ACLNN_ERR_PARAM_INVALID,
                       "%s: expandedX [N * K, H] and scales [N, K] must have 2 dims (they have "
                       "%d and %d)",
                       name, (int)expandedX->ndim, (int)scales->ndim);
    const int64_t n = scales->dims[0], k = scales->dims[1], h = expandedX->dims[1], nk = n * k;
    const int64_t exd[2] = {nk, h}, nh[2] = {n, h};
    if ((rc = ops_check_shape(name, exd, 2, expandedX, "expandedX")) ||
        (rc = mr_check_int(name, expandedRowIdx, "expandedRowIdx", &nk, 1,
                           OPS_DT2_MoeFinalizeRouting)) ||
        (rc = fr_check_terms(name, expandedX->dtype, OPS_DT2_MoeFinalizeRouting, n, k, h, x1, "x1",
                             x2Optional, "x2Optional", bias, "bias", scales, "scales",
                             expandedExpertIdx, "expandedExpertIdx")) ||
        (rc = mr_check_float(name, out, "out", expandedX->dtype, nh, 2)))
        return rc;
    return fr_plan_done(name, expandedX, expandedRowIdx, x1, x2Optional, bias, scales,
                        expandedExpertIdx, out, n, k, 0, workspaceSize, executor);
}
PHASE2(MoeFinalizeRouting)

aclnnStatus aclnnMoeFinalizeRoutingV2GetWorkspaceSize(
    const aclTensor *expandedX, const aclTensor *expandedRowIdx, const aclTensor *x1Optional,
    const aclTensor *x2Optional, const aclTensor *biasOptional, const aclTensor *scalesOptional,
    const aclTensor *expertIdxOptional, int64_t dropPadMode, const aclTensor *out,
    uint64_t *workspaceSize, aclOpExecutor **executor)
{
    static const char name[] = "aclnnMoeFinalizeRoutingV2";
    OPS_CHECK_NULLS(name, expandedX, expandedRowIdx, out, workspaceSize, executor);
    if (biasOptional && !expertIdxOptional)
        return ops_err(ACLNN_ERR_PARAM_NULLPTR,
                       "%s: expertIdxOptional is NULL and biasOptional is given (bias is picked "
                       "by expert)",
                       name);
    if (dropPadMode < 0 || dropPadMode > 3)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: dropPadMode is %lld, it must be in [0, 3]",
                       name, (long long)dropPadMode);
    aclnnStatus rc;
    int dt;
    if ((rc = ops_check_dims(expandedX, name, "expandedX")) ||
        (rc = ops_need_dt(name, "expandedX", expandedX->dtype, OPS_DT_MoeFinalizeRoutingV2, &dt)) ||
        (rc = ops_check_dims(expandedRowIdx, name, "expandedRowIdx")))
        return rc;
    const bool drop = dropPadMode == 1 || dropPadMode == 3;
    if (expandedX->ndim != (drop ? 3 : 2))
        return ops_err(ACLNN_ERR_PARAM_INVALID,
                       "%s: expandedX has %d dims, it must have %d when dropPadMode is %lld", name,
                       (int)expandedX->ndim, drop ? 3 : 2, (long long)dropPadMode);
    if (expandedRowIdx->ndim != 1)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: expandedRowIdx has %d dims, it must have 1",
                       name, (int)expandedRowIdx->ndim);
    if (scalesOptional && (rc = ops_check_dims(scalesOptional, name, "scalesOptional")))
        return rc;
    if (scalesOptional && scalesOptional->ndim != 2)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: scalesOptional has %d dims, it must be [N, K]",
                       name, (int)scalesOptional->ndim);
    const int64_t n = scalesOptional ? scalesOptional->dims[0] : expandedRowIdx->dims[0],
                  k = scalesOptional ? scalesOptional->dims[1] : 1, nk = n * k,
                  h = expandedX->dims[expandedX->ndim - 1], nh[2] = {n, h};
    if ((rc = mr_check_int(name, expandedRowIdx, "expandedRowIdx", &nk, 1,
                           OPS_DT2_MoeFinalizeRoutingV2)))
        return rc;
    if (!drop && (rc = ops_check_shape(name, (const int64_t[]){nk, h}, 2, expandedX, "expandedX")))
        return rc;
    if ((rc = fr_check_terms(name, expandedX->dtype, OPS_DT2_MoeFinalizeRoutingV2, n, k, h,
                             x1Optional, "x1Optional", x2Optional, "x2Optional", biasOptional,
                             "biasOptional", scalesOptional, "scalesOptional", expertIdxOptional,
                             "expertIdxOptional")) ||
        (rc = mr_check_float(name, out, "out", expandedX->dtype, nh, 2)))
        return rc;
    return fr_plan_done(name, expandedX, expandedRowIdx, x1Optional, x2Optional, biasOptional,
                        scalesOptional, expertIdxOptional, out, n, k, (int)dropPadMode,
                        workspaceSize, executor);
}
PHASE2(MoeFinalizeRoutingV2)

/* ---- MoeInitRoutingV2Grad, MoeFinalizeRoutingV2Grad -------------------------------------- */

struct rg_plan {
    struct ops_tensor g, ridx, ex, sc, eidx, bias, out, gsc;
    int64_t n, k, rows; /* tokens, positions per token, rows of the expanded side */
    bool finalize, has_ex, has_sc, has_bias;
};

static int32_t rg_run(const struct aclOpExecutor *e, void *const *addr)
{
    const struct rg_plan *p = e->plan;
    const int64_t n = p->n, k = p->k, rows = p->rows, h = p->g.dims[p->g.ndim - 1];
    double *g = moe_load(&p->g, addr, CK_F64);
    int64_t *ridx = moe_load(&p->ridx, addr, CK_I64);
    double *ex = p->has_ex ? moe_load(&p->ex, addr, CK_F64) : NULL;
    double *sc = p->has_sc ? moe_load(&p->sc, addr, CK_F64) : NULL;
    double *bias = p->has_bias ? moe_load(&p->bias, addr, CK_F64) : NULL;
    int64_t *eidx = p->has_bias ? moe_load(&p->eidx, addr, CK_I64) : NULL;
    double *o = calloc((size_t)((p->finalize ? rows : n) * h) + 1, 8);
    double *gsc = sc ? calloc((size_t)(n * k) + 1, 8) : NULL;
    int32_t rc = 0;
    if (!g || !ridx || !o || (p->has_ex && !ex) || (p->has_sc && (!sc || !gsc)) ||
        (p->has_bias && (!bias || !eidx))) {
        rc = ACL_ERROR_BAD_ALLOC;
        goto out;
    }
    for (int64_t i = 0; i < n * k; i++) /* MR6 / MR7: checked before any write */
        if (ridx[i] < -1 || (bias && ridx[i] >= 0 && ridx[i] < rows &&
                             (eidx[i] < 0 || eidx[i] >= p->bias.dims[0]))) {
            rc = ACL_ERROR_RT_AICORE_EXCEPTION;
            goto out;
        }
    for (int64_t i = 0; i < n * k; i++) {
        const int64_t r = ridx[i], t = i / k;
        if (r < 0 || r >= rows)
            continue; /* dropped or cut off */
        if (!p->finalize) {
            for (int64_t j = 0; j < h; j++)
                o[t * h + j] += g[r * h + j];
            continue;
        }
        const double s = sc ? sc[i] : 1;
        double dot = 0;
        for (int64_t j = 0; j < h; j++) {
            o[r * h + j] = g[t * h + j] * s;
            if (sc)
                dot += (ex[r * h + j] + (bias ? bias[eidx[i] * h + j] : 0)) * g[t * h + j];
        }
        if (gsc)
            gsc[i] = dot;
    }
    moe_store(&p->out, addr, o, CK_F64);
    if (gsc)
        moe_store(&p->gsc, addr, gsc, CK_F64);
out:
    free(g);
    free(ridx);
    free(ex);
    free(sc);
    free(bias);
    free(eidx);
    free(o);
    free(gsc);
    return rc;
}

/* The expanded side's shape (MR6, MR7) into want; its dims count is returned. */
static int rg_expanded_shape(int64_t mode, int64_t nk, int64_t active, int64_t e, int64_t c,
                             int64_t h, int64_t *want)
{
    if (mode == 1) {
        want[0] = e;
        want[1] = c;
        want[2] = h;
        return 3;
    }
    want[0] = active > 0 && active < nk ? active : nk;
    want[1] = h;
    return 2;
}

aclnnStatus aclnnMoeInitRoutingV2GradGetWorkspaceSize(const aclTensor *gradExpandedX,
                                                      const aclTensor *expandedRowIdx, int64_t topK,
                                                      int64_t dropPadMode, int64_t activeNum,
                                                      const aclTensor *out, uint64_t *workspaceSize,
                                                      aclOpExecutor **executor)
{
    static const char name[] = "aclnnMoeInitRoutingV2Grad";
    OPS_CHECK_NULLS(name, gradExpandedX, expandedRowIdx, out, workspaceSize, executor);
    aclnnStatus rc;
    int dt;
    if ((rc = ops_check_dims(gradExpandedX, name, "gradExpandedX")) ||
        (rc = ops_need_dt(name, "gradExpandedX", gradExpandedX->dtype, OPS_DT_MoeInitRoutingV2Grad,
                          &dt)) ||
        (rc = ops_check_dims(expandedRowIdx, name, "expandedRowIdx")))
        return rc;
    if (dropPadMode != 0 && dropPadMode != 1)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: dropPadMode is %lld, it must be 0 or 1", name,
                       (long long)dropPadMode);
    if (activeNum < 0)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: activeNum is %lld, it must be >= 0", name,
                       (long long)activeNum);
    if (expandedRowIdx->ndim != 1 || topK < 1 || expandedRowIdx->dims[0] % topK)
        return ops_err(ACLNN_ERR_PARAM_INVALID,
                       "%s: expandedRowIdx must be 1-d with a size topK (%lld >= 1) divides", name,
                       (long long)topK);
    const int64_t nk = expandedRowIdx->dims[0], n = nk / topK;
    if (gradExpandedX->ndim != (dropPadMode ? 3 : 2))
        return ops_err(ACLNN_ERR_PARAM_INVALID,
                       "%s: gradExpandedX has %d dims, it must have %d for dropPadMode %lld", name,
                       (int)gradExpandedX->ndim, dropPadMode ? 3 : 2, (long long)dropPadMode);
    const int nd = gradExpandedX->ndim;
    const int64_t h = gradExpandedX->dims[nd - 1];
    int64_t want[3];
    rg_expanded_shape(dropPadMode, nk, activeNum, gradExpandedX->dims[0],
                      nd == 3 ? gradExpandedX->dims[1] : 0, h, want);
    const int64_t od[2] = {n, h};
    if ((rc = ops_check_shape(name, want, nd, gradExpandedX, "gradExpandedX")) ||
        (rc = mr_check_int(name, expandedRowIdx, "expandedRowIdx", &nk, 1,
                           OPS_DT2_MoeInitRoutingV2Grad)) ||
        (rc = mr_check_float(name, out, "out", gradExpandedX->dtype, od, 2)))
        return rc;
    OPS_PLAN(e, pl, name, 2, 1, struct rg_plan, NULL, {&pl->g, gradExpandedX, "gradExpandedX"},
             {&pl->ridx, expandedRowIdx, "expandedRowIdx"}, {&pl->out, out, "out"});
    pl->n = n;
    pl->k = topK;
    pl->rows = nd == 3 ? want[0] * want[1] : want[0];
    e->run = n * h > 0 ? rg_run : NULL;
    return ops_exec_done(e, workspaceSize, executor);
}
PHASE2(MoeInitRoutingV2Grad)

aclnnStatus aclnnMoeFinalizeRoutingV2GradGetWorkspaceSize(
    const aclTensor *gradY, const aclTensor *expandedRowIdx, const aclTensor *expandedXOptional,
    const aclTensor *scalesOptional, const aclTensor *expertIdxOptional,
    const aclTensor *biasOptional, int64_t dropPadMode, int64_t activeNum, int64_t expertNum,
    int64_t expertCapacity, const aclTensor *gradExpandedXOut, const aclTensor *gradScalesOut,
    uint64_t *workspaceSize, aclOpExecutor **executor)
{
    static const char name[] = "aclnnMoeFinalizeRoutingV2Grad";
    OPS_CHECK_NULLS(name, gradY, expandedRowIdx, gradExpandedXOut, gradScalesOut, workspaceSize,
                    executor);
    if (scalesOptional && !expandedXOptional)
        return ops_err(ACLNN_ERR_PARAM_NULLPTR,
                       "%s: expandedXOptional is NULL and scalesOptional is given", name);
    if (scalesOptional && biasOptional && !expertIdxOptional)
        return ops_err(ACLNN_ERR_PARAM_NULLPTR,
                       "%s: expertIdxOptional is NULL and biasOptional is given", name);
    aclnnStatus rc;
    int dt;
    if ((rc = ops_check_dims(gradY, name, "gradY")) ||
        (rc = ops_need_dt(name, "gradY", gradY->dtype, OPS_DT_MoeFinalizeRoutingV2Grad, &dt)) ||
        (rc = ops_check_dims(expandedRowIdx, name, "expandedRowIdx")))
        return rc;
    if (gradY->ndim != 2 || expandedRowIdx->ndim != 1)
        return ops_err(ACLNN_ERR_PARAM_INVALID,
                       "%s: gradY must be 2-d [R, H] and expandedRowIdx 1-d [R * K]", name);
    if (dropPadMode != 0 && dropPadMode != 1)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: dropPadMode is %lld, it must be 0 or 1", name,
                       (long long)dropPadMode);
    if (activeNum < 0 || (dropPadMode == 1 && (expertNum < 1 || expertCapacity < 1)))
        return ops_err(ACLNN_ERR_PARAM_INVALID,
                       "%s: activeNum (%lld) must be >= 0, and expertNum (%lld) and "
                       "expertCapacity (%lld) > 0 for dropPadMode 1",
                       name, (long long)activeNum, (long long)expertNum, (long long)expertCapacity);
    const int64_t r = gradY->dims[0], h = gradY->dims[1], nk = expandedRowIdx->dims[0];
    if ((rc = ops_check_dims(scalesOptional ? scalesOptional : gradY, name, "scalesOptional")))
        return rc;
    if (scalesOptional && scalesOptional->ndim != 2)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: scalesOptional must be [R, K]", name);
    const int64_t k = scalesOptional ? scalesOptional->dims[1] : (r ? nk / r : 0);
    if (r * k != nk || (!scalesOptional && r == 0 && nk))
        return ops_err(ACLNN_ERR_PARAM_INVALID,
                       "%s: expandedRowIdx has %lld elements, it must be R * K (R = %lld)", name,
                       (long long)nk, (long long)r);
    int64_t want[3];
    const int nd =
        rg_expanded_shape(dropPadMode, nk, activeNum, expertNum, expertCapacity, h, want);
    const int64_t gs[2] = {r, scalesOptional ? k : 1};
    if ((rc = mr_check_int(name, expandedRowIdx, "expandedRowIdx", &nk, 1,
                           OPS_DT2_MoeFinalizeRoutingV2Grad)) ||
        (rc = mr_check_float(name, gradExpandedXOut, "gradExpandedXOut", gradY->dtype, want, nd)) ||
        (rc = mr_check_float(name, gradScalesOut, "gradScalesOut", gradY->dtype, gs, 2)) ||
        (scalesOptional &&
         ((rc = mr_check_float(name, expandedXOptional, "expandedXOptional", gradY->dtype, want,
                               nd)) ||
          (rc = fr_check_terms(name, gradY->dtype, OPS_DT2_MoeFinalizeRoutingV2Grad, r, k, h, NULL,
                               NULL, NULL, NULL, biasOptional, "biasOptional", scalesOptional,
                               "scalesOptional", biasOptional ? expertIdxOptional : NULL,
                               "expertIdxOptional")))))
        return rc;
    OPS_PLAN(
        e, pl, name, 6, 2, struct rg_plan, NULL, {&pl->g, gradY, "gradY"},
        {&pl->ridx, expandedRowIdx, "expandedRowIdx"},
        {&pl->ex, scalesOptional ? expandedXOptional : NULL, "expandedXOptional"},
        {&pl->sc, scalesOptional, "scalesOptional"},
        {&pl->eidx, scalesOptional && biasOptional ? expertIdxOptional : NULL, "expertIdxOptional"},
        {&pl->bias, scalesOptional ? biasOptional : NULL, "biasOptional"},
        {&pl->out, gradExpandedXOut, "gradExpandedXOut"},
        {&pl->gsc, gradScalesOut, "gradScalesOut"});
    pl->n = r;
    pl->k = k;
    pl->rows = nd == 3 ? want[0] * want[1] : want[0];
    pl->finalize = true;
    pl->has_ex = pl->has_sc = scalesOptional != NULL;
    pl->has_bias = scalesOptional && biasOptional;
    e->run = pl->out.numel > 0 || (scalesOptional && nk > 0) ? rg_run : NULL;
    return ops_exec_done(e, workspaceSize, executor);
}
PHASE2(MoeFinalizeRoutingV2Grad)
