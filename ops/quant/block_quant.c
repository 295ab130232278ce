/* SPDX-License-Identifier: Apache-2.0 */
/*
 * DynamicBlockQuant and DynamicBlockQuantV2: x's last two dims cut into
 * rowBlockSize x colBlockSize blocks (the last ones partial), each quantised
 * to INT8 with a scale of its own, as CANN documents it.
 *
 *  BK1. scaleOut = min(max|block| / 127, 1 / minScale) in float32 (minScale 0:
 *      no bound), yOut = x / scaleOut rounded by roundModeOptional ("rint"
 *      or NULL half to even, "round" half away from zero) and saturated to
 *      [-128, 127]; an all-zero block has scale 0 and y 0.
 *  BK2. Only INT8 (dstType 2) is produced: the float8 types are refused
 *      (161002), so V2's dstTypeMax, which names their maximum, is accepted
 *      and unused.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "aclnnop/aclnn_dynamic_block_quant.h"
#include "aclnnop/aclnn_dynamic_block_quant_v2.h"
#include "ops/quant/quant.h"
#include "ops/quant/table.h"

struct bq_plan {
    struct ops_tensor x, y, sc;
    int64_t b, m, n, rb, cb; /* batches, rows, cols, block rows, block cols */
    float cap;               /* 1 / minScale (BK1) */
    int mode;                /* qt_round_sat's */
};

static int32_t bq_run(const struct aclOpExecutor *e, void *const *addr)
{
    const struct bq_plan *p = e->plan;
    const int64_t m = p->m, n = p->n;
    const int64_t gm = (m + p->rb - 1) / p->rb, gn = (n + p->cb - 1) / p->cb;
    float *x = qt_gather(&p->x, addr, CK_F32);
    float *sc = malloc((size_t)(p->b * gm * gn) * sizeof(float));
    int64_t *q = malloc((size_t)p->x.numel * sizeof(int64_t));
    int32_t rc = 0;
    if (!x || !sc || !q) {
        rc = ACL_ERROR_BAD_ALLOC;
        goto done;
    }
    for (int64_t bi = 0; bi < p->b; bi++)
        for (int64_t i0 = 0; i0 < gm; i0++)
            for (int64_t j0 = 0; j0 < gn; j0++) {
                const int64_t r0 = i0 * p->rb, c0 = j0 * p->cb;
                const int64_t r1 = r0 + p->rb < m ? r0 + p->rb : m;
                const int64_t c1 = c0 + p->cb < n ? c0 + p->cb : n;
                const float *xb = x + bi * m * n;
                float amax = 0;
                for (int64_t r = r0; r < r1; r++)
                    for (int64_t c = c0; c < c1; c++)
                        amax = fabsf(xb[r * n + c]) > amax ? fabsf(xb[r * n + c]) : amax;
                float s = amax / 127.0f;
                s = s < p->cap ? s : p->cap;
                sc[(bi * gm + i0) * gn + j0] = s;
                for (int64_t r = r0; r < r1; r++)
                    for (int64_t c = c0; c < c1; c++)
                        q[bi * m * n + r * n + c] =
                            s > 0 ? qt_round_sat((double)(xb[r * n + c] / s), p->mode, -128, 127)
                                  : 0;
            }
    qt_scatter(q, &p->y, addr, CK_I64);
    qt_scatter(sc, &p->sc, addr, CK_F32);
done:
    free(x);
    free(sc);
    free(q);
    return rc;
}

static aclnnStatus bq_build(const char *name, unsigned types, const aclTensor *x, double minScale,
                            const char *roundMode, int64_t dstType, int64_t rowBlockSize,
                            int64_t colBlockSize, const aclTensor *y, const aclTensor *scale, WS)
{
    OPS_CHECK_NULLS(name, x, y, scale, workspaceSize, executor);
    aclnnStatus rc;
    int dt;
    if ((rc = ops_need_dt(name, "x", x->dtype, types, &dt)))
        return rc;
    const int nd = (int)x->ndim;
    if (nd < 2 || nd > 3 || ops_numel(x->dims, nd) == 0)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: x has %d dims, must have 2 or 3 (not empty)",
                       name, nd);
    if (!(minScale >= 0))
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: minScale %g is negative", name, minScale);
    int mode = 0;
    if (roundMode && strcmp(roundMode, "rint")) {
        if (strcmp(roundMode, "round"))
            return ops_err(ACLNN_ERR_PARAM_INVALID,
                           "%s: roundModeOptional \"%s\" is not \"rint\" or \"round\"", name,
                           roundMode);
        mode = 1;
    }
    if (dstType != ACL_INT8 || y->dtype != ACL_INT8 || scale->dtype != ACL_FLOAT)
        return ops_err(ACLNN_ERR_PARAM_INVALID,
                       "%s: dstType %lld with yOut %s: cpuacl produces INT8 (dstType 2) only, "
                       "scaleOut FLOAT",
                       name, (long long)dstType, ops_dt_name(y->dtype));
    const bool rb_ok = rowBlockSize == 1 || rowBlockSize == 64 || rowBlockSize == 128 ||
                       rowBlockSize == 256 || rowBlockSize == 512;
    const bool cb_ok =
        colBlockSize == 64 || colBlockSize == 128 || colBlockSize == 192 || colBlockSize == 256;
    if (!rb_ok || !cb_ok)
        return ops_err(ACLNN_ERR_PARAM_INVALID,
                       "%s: rowBlockSize %lld (1, 64, 128, 256, 512) or colBlockSize %lld (64, "
                       "128, 192, 256) is not supported",
                       name, (long long)rowBlockSize, (long long)colBlockSize);
    const int64_t m = x->dims[nd - 2], n = x->dims[nd - 1];
    int64_t want[3];
    memcpy(want, x->dims, sizeof(int64_t) * (size_t)nd);
    want[nd - 2] = (m + rowBlockSize - 1) / rowBlockSize;
    want[nd - 1] = (n + colBlockSize - 1) / colBlockSize;
    if ((rc = ops_check_shape(name, x->dims, nd, y, "yOut")) ||
        (rc = ops_check_shape(name, want, nd, scale, "scaleOut")))
        return rc;
    struct aclOpExecutor *e = ops_exec_plan(name, 1, 2, sizeof(struct bq_plan), NULL);
    if (!e)
        return ACLNN_ERR_INNER_CREATE_EXECUTOR;
    struct bq_plan *p = e->plan;
    if ((rc = qt_view(e, &p->x, x, "x")) || (rc = qt_view(e, &p->y, y, "yOut")) ||
        (rc = qt_view(e, &p->sc, scale, "scaleOut")))
        return rc;
    p->b = nd == 3 ? x->dims[0] : 1, p->m = m, p->n = n;
    p->rb = rowBlockSize, p->cb = colBlockSize;
    p->cap = minScale > 0 ? (float)(1.0 / minScale) : INFINITY;
    p->mode = mode;
    e->run = bq_run;
    return ops_exec_done(e, workspaceSize, executor);
}

aclnnStatus aclnnDynamicBlockQuantGetWorkspaceSize(const aclTensor *x, double minScale,
                                                   char *roundModeOptional, int64_t dstType,
                                                   int64_t rowBlockSize, int64_t colBlockSize,
                                                   const aclTensor *yOut, const aclTensor *scaleOut,
                                                   WS)
{
    return bq_build("aclnnDynamicBlockQuant", OPS_DT_DynamicBlockQuant, x, minScale,
                    roundModeOptional, dstType, rowBlockSize, colBlockSize, yOut, scaleOut,
                    workspaceSize, executor);
}
PHASE2(DynamicBlockQuant)

aclnnStatus aclnnDynamicBlockQuantV2GetWorkspaceSize(const aclTensor *x, double minScale,
                                                     char *roundModeOptional, int64_t dstType,
                                                     int64_t rowBlockSize, int64_t colBlockSize,
                                                     double dstTypeMax, const aclTensor *yOut,
                                                     const aclTensor *scaleOut, WS)
{
    (void)dstTypeMax; /* the float8 types' maximum (BK2) */
    return bq_build("aclnnDynamicBlockQuantV2", OPS_DT_DynamicBlockQuantV2, x, minScale,
                    roundModeOptional, dstType, rowBlockSize, colBlockSize, yOut, scaleOut,
                    workspaceSize, executor);
}
PHASE2(DynamicBlockQuantV2)
