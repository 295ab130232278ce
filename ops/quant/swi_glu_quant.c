/* SPDX-License-Identifier: Apache-2.0 */
/*
 * SwiGluQuant and SwiGluQuantV2: SwiGLU of each row's two halves followed by
 * a per-row quantisation, with MoE groups choosing the smooth scales, as
 * CANN documents them (facts on the order of operations from its kernel).
 *
 *  SG1. act = swish(A) * B in float32 from x as stored, swish(a) = a / (1 +
 *      e^-a); A is the row's second half and B its first unless activateLeft
 *      (then A is the first half).
 *  SG2. Groups: groupIndexOptional (INT32 / INT64) holds cumulative row ends
 *      (V2's groupListType 1: counts, summed first); row r takes the smooth
 *      scales (and offsets) of the first group whose end passes it, and none
 *      (1, offset 0) past every end; without groups every row takes group 0.
 *      A group's scales are a row of [G, N] (per channel) or a value of [G]
 *      (per tensor); without groups G may be any size (row 0 is read).
 *  SG3. "dynamic" (or NULL): y_tmp = act * smooth, scaleOut = qmax /
 *      max|y_tmp| (the multiplier, as CANN's kernel writes it; qmax 127 for
 *      INT8, 7 for INT4), y = y_tmp * scaleOut rounded half to even (CAST_RINT)
 *      and saturated; an all-zero row gives scale +inf and y 0; offsets are
 *      not read. "static": y = act * smooth + offset rounded the same way;
 *      scaleOut is not written.
 *  SG4. V2's INT4 y (dstType 29) is packed two a byte (qt_pack4) and must be
 *      contiguous.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "aclnnop/aclnn_swi_glu_quant.h"
#include "aclnnop/aclnn_swi_glu_quant_v2.h"
#include "ops/quant/quant.h"
#include "ops/quant/table.h"

struct sg_plan {
    struct ops_tensor x, sm, off, gi, y, sc;
    bool has_sm, has_off, has_gi, left, stat, counts, int4;
    int64_t rows, n, qmax;
};

static int32_t sg_run(const struct aclOpExecutor *e, void *const *addr)
{
    const struct sg_plan *p = e->plan;
    const int64_t n = p->n;
    float *x = qt_gather(&p->x, addr, CK_F32);
    float *sm = p->has_sm ? qt_gather(&p->sm, addr, CK_F32) : NULL;
    float *of = p->has_off ? qt_gather(&p->off, addr, CK_F32) : NULL;
    int64_t *g = p->has_gi ? qt_gather(&p->gi, addr, CK_I64) : NULL;
    float *sc = malloc((size_t)(p->rows + 1) * sizeof(float));
    float *act = malloc((size_t)(n + 1) * sizeof(float));
    int64_t *q = malloc((size_t)(p->rows * n + 1) * sizeof(int64_t));
    int32_t rc = 0;
    if (!x || (p->has_sm && !sm) || (p->has_off && !of) || (p->has_gi && !g) || !sc || !act || !q) {
        rc = ACL_ERROR_BAD_ALLOC;
        goto done;
    }
    const int64_t ng = p->has_gi ? p->gi.numel : 1;
    const bool per_ch = p->has_sm && p->sm.ndim == 2;
    if (g && p->counts) /* SG2: counts to cumulative ends */
        for (int64_t i = 1; i < ng; i++)
            g[i] += g[i - 1];
    for (int64_t r = 0, gr = 0; r < p->rows; r++) {
        const float *row = x + r * 2 * n;
        const float *a = p->left ? row : row + n, *b = p->left ? row + n : row;
        if (g)
            while (gr < ng && r >= g[gr])
                gr++;
        const bool grouped = gr < ng; /* past every end: no smooth scales (SG2) */
        float amax = 0;
        for (int64_t j = 0; j < n; j++) {
            float v = a[j] / (1.0f + expf(-a[j])) * b[j]; /* SG1 */
            if (sm && grouped) {
                int64_t k = per_ch ? gr * n + j : gr;
                v = v * sm[k] + (of && p->stat ? of[k] : 0.0f); /* offsets: static only */
            }
            act[j] = v;
            amax = fabsf(v) > amax ? fabsf(v) : amax;
        }
        sc[r] = p->stat ? 1.0f : (float)p->qmax / amax; /* SG3 */
        for (int64_t j = 0; j < n; j++)
            q[r * n + j] = qt_round_sat((double)(act[j] * sc[r]), 0, -p->qmax - 1, p->qmax);
    }
    if (p->int4)
        qt_pack4(addr[p->y.slot], q, p->rows * n, false);
    else
        qt_scatter(q, &p->y, addr, CK_I64);
    if (!p->stat)
        qt_scatter(sc, &p->sc, addr, CK_F32);
done:
    free(x);
    free(sm);
    free(of);
    free(g);
    free(sc);
    free(act);
    free(q);
    return rc;
}

static aclnnStatus sg_build(const char *name, unsigned types, const aclTensor *x,
                            const aclTensor *sm, const aclTensor *off, const aclTensor *gi,
                            bool left, const char *mode, int64_t glType, int64_t dstType,
                            const aclTensor *y, const aclTensor *sc, WS)
{
    OPS_CHECK_NULLS(name, x, y, sc, workspaceSize, executor);
    aclnnStatus rc;
    int dt;
    if ((rc = ops_need_dt(name, "x", x->dtype, types, &dt)))
        return rc;
    const bool stat = mode && !strcmp(mode, "static");
    if (mode && !stat && strcmp(mode, "dynamic"))
        return ops_err(ACLNN_ERR_PARAM_INVALID,
                       "%s: quantModeOptional \"%s\" is not \"dynamic\" or \"static\"", name, mode);
    const int nd = (int)x->ndim;
    if (nd < 2 || nd > OPS_MAX_DIMS || x->dims[nd - 1] % 2 || x->dims[nd - 1] > 8192)
        return ops_err(ACLNN_ERR_PARAM_INVALID,
                       "%s: x must have 2..8 dims and an even last dim of at most 8192", name);
    const int64_t n = x->dims[nd - 1] / 2, rows = ops_numel(x->dims, nd - 1);
    if (glType != 0 && glType != 1)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: groupListType %lld is not 0 or 1", name,
                       (long long)glType);
    const int64_t ng = gi ? ops_numel(gi->dims, (int)gi->ndim) : 1;
    if (gi && (gi->ndim != 1 || (gi->dtype != ACL_INT32 && gi->dtype != ACL_INT64) || ng < 1))
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: groupIndexOptional must be INT32 / INT64 [G]",
                       name);
    const aclTensor *par[2] = {sm, off};
    const char *pn[2] = {"smoothScalesOptional", "offsetsOptional"};
    for (int i = 0; i < 2; i++) {
        if (!par[i])
            continue;
        const aclTensor *t = par[i];
        if (t->dtype != ACL_FLOAT || t->ndim < 1 || t->ndim > 2 ||
            (t->ndim == 2 && t->dims[1] != n) || t->dims[0] < 1 || (gi && t->dims[0] != ng) ||
            (i == 1 && (!sm || !ops_same_shape(sm, off))))
            return ops_err(ACLNN_ERR_PARAM_INVALID,
                           "%s: %s must be FLOAT [G, %lld] or [G] (G: the groups of "
                           "groupIndexOptional)%s",
                           name, pn[i], (long long)n, i ? ", smoothScalesOptional's shape" : "");
    }
    if (stat && !sm)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: the static form needs smoothScalesOptional",
                       name);
    if ((dstType != ACL_INT8 && dstType != ACL_INT4) || (int64_t)y->dtype != dstType ||
        sc->dtype != ACL_FLOAT)
        return ops_err(ACLNN_ERR_PARAM_INVALID,
                       "%s: yOut %s must be INT8 (or V2's INT4, dstType 29) and scaleOut FLOAT",
                       name, ops_dt_name(y->dtype));
    const bool int4 = y->dtype == ACL_INT4;
    int64_t want[OPS_MAX_DIMS];
    memcpy(want, x->dims, sizeof(int64_t) * (size_t)nd);
    want[nd - 1] = n;
    if ((rc = ops_check_shape(name, want, nd, y, "yOut")) ||
        (rc = ops_check_shape(name, want, nd - 1, sc, "scaleOut")))
        return rc;
    if (int4) {
        if (y->offset != 0 || n % 2 != 0 || !ops_view_dense(y))
            return ops_err(ACLNN_ERR_PARAM_INVALID,
                           "%s: an INT4 yOut must be contiguous with an even last dim", name);
    }
    struct aclOpExecutor *e = ops_exec_plan(name, 4, 2, sizeof(struct sg_plan), NULL);
    if (!e)
        return ACLNN_ERR_INNER_CREATE_EXECUTOR;
    struct sg_plan *p = e->plan;
    if ((rc = qt_view(e, &p->x, x, "x")) || (rc = qt_view(e, &p->sm, sm, pn[0])) ||
        (rc = qt_view(e, &p->off, off, pn[1])) ||
        (rc = qt_view(e, &p->gi, gi, "groupIndexOptional")) ||
        (rc = qt_view(e, &p->y, y, "yOut")) || (rc = qt_view(e, &p->sc, sc, "scaleOut")))
        return rc;
    p->has_sm = sm != NULL, p->has_off = off != NULL, p->has_gi = gi != NULL;
    p->left = left, p->stat = stat, p->counts = glType == 1, p->int4 = int4;
    p->rows = rows, p->n = n, p->qmax = int4 ? 7 : 127;
    e->run = rows > 0 && n > 0 ? sg_run : NULL;
    return ops_exec_done(e, workspaceSize, executor);
}

aclnnStatus aclnnSwiGluQuantGetWorkspaceSize(const aclTensor *x,
                                             const aclTensor *smoothScalesOptional,
                                             const aclTensor *offsetsOptional,
                                             const aclTensor *groupIndexOptional, bool activateLeft,
                                             char *quantModeOptional, const aclTensor *yOut,
                                             const aclTensor *scaleOut, WS)
{
    return sg_build("aclnnSwiGluQuant", OPS_DT_SwiGluQuant, x, smoothScalesOptional,
                    offsetsOptional, groupIndexOptional, activateLeft, quantModeOptional, 0,
                    ACL_INT8, yOut, scaleOut, workspaceSize, executor);
}
PHASE2(SwiGluQuant)

aclnnStatus aclnnSwiGluQuantV2GetWorkspaceSize(
    const aclTensor *x, const aclTensor *smoothScalesOptional, const aclTensor *offsetsOptional,
    const aclTensor *groupIndexOptional, bool activateLeft, char *quantModeOptional,
    int64_t groupListType, int64_t dstType, const aclTensor *yOut, const aclTensor *scaleOut, WS)
{
    return sg_build("aclnnSwiGluQuantV2", OPS_DT_SwiGluQuantV2, x, smoothScalesOptional,
                    offsetsOptional, groupIndexOptional, activateLeft, quantModeOptional,
                    groupListType, dstType, yOut, scaleOut, workspaceSize, executor);
}
PHASE2(SwiGluQuantV2)
