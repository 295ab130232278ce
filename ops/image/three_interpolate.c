/* SPDX-License-Identifier: Apache-2.0 */
/*
 * ops/image/three_interpolate.c: ThreeInterpolateBackward (ops-cv's
 * image/three_interpolate_backward; mmcv's three_interpolate gradient for point clouds): each
 * point's gradient spread over its three nearest neighbours by their weights.
 *
 *  TI1. grad_x (b, c, n) or (b, c, n, 1), idx (b, n, 3) INT32 or INT64, weight (b, n, 3) of
 *       grad_x's type, m > 0, grad_y (b, c, m) or (b, c, m, 1) of grad_x's type:
 *       grad_y[b, c, idx[b, k, i]] += grad_x[b, c, k] * weight[b, k, i], from zero, for
 *       k in [0, n), i in [0, 3).
 *  TI2. A launch splits by (b, c) planes; a plane is summed by one block in double in k, i
 *       order (no atomics) and stored rounded once: bit-identical for any worker count. An
 *       index outside [0, m) fails the launch with ACL_ERROR_RT_AICORE_EXCEPTION before its
 *       block writes anything.
 */
#include <stdlib.h>
#include <string.h>

#include "aclnnop/aclnn_three_interpolate_backward.h"
#include "ops/engine/engine.h"
#include "ops/image/table.h"

struct ti_plan {
    const struct ops_split *split;    /* first (engine.h: ops_split_run) */
    struct ops_tensor gx, idx, w, gy; /* gx, gy as (b, c, n / m); idx, w (b, n, 3) */
};

static int32_t ti_block(const struct aclOpExecutor *e, void *const *addr, uint32_t bi, uint32_t bn)
{
    const struct ti_plan *p = e->plan;
    const int64_t B = p->gx.dims[0], C = p->gx.dims[1], N = p->gx.dims[2], M = p->gy.dims[2];
    double *acc = malloc((size_t)(M + N + 3 * N + 1) * sizeof(double));
    int64_t *ix = malloc((size_t)(3 * N + 1) * sizeof(int64_t));
    if (!acc || !ix) {
        free(acc), free(ix);
        return ACL_ERROR_BAD_ALLOC;
    }
    double *g = acc + M, *w = g + N;
    int64_t q0, q1, last_b = -1;
    int32_t rc = 0;
    ops_split_range(B * C, 1, bi, bn, &q0, &q1);
    /* every index of the block's batches checked before any write (TI2) */
    for (int64_t q = q0; q < q1 && !rc; q++) {
        int64_t b = q / C;
        if (b == last_b)
            continue;
        last_b = b;
        ops_gather_nd(ix, CK_I64, ops_elem(&p->idx, addr, b * p->idx.strides[0]), p->idx.dt, 2,
                      p->idx.dims + 1, p->idx.strides + 1);
        for (int64_t k = 0; k < 3 * N; k++)
            if (ix[k] < 0 || ix[k] >= M)
                rc = ACL_ERROR_RT_AICORE_EXCEPTION;
    }
    last_b = -1;
    for (int64_t q = q0; q < q1 && !rc; q++) {
        int64_t b = q / C, c = q % C;
        if (b != last_b) {
            last_b = b;
            ops_gather_nd(ix, CK_I64, ops_elem(&p->idx, addr, b * p->idx.strides[0]), p->idx.dt, 2,
                          p->idx.dims + 1, p->idx.strides + 1);
            ops_gather_nd(w, CK_F64, ops_elem(&p->w, addr, b * p->w.strides[0]), p->w.dt, 2,
                          p->w.dims + 1, p->w.strides + 1);
        }
        ops_loader(CK_F64,
                   p->gx.dt)(g, ops_elem(&p->gx, addr, b * p->gx.strides[0] + c * p->gx.strides[1]),
                             p->gx.strides[2] * (int64_t)ops_dt_size(p->gx.dt), N);
        memset(acc, 0, (size_t)M * sizeof(double));
        for (int64_t k = 0; k < N; k++)
            for (int i = 0; i < 3; i++)
                acc[ix[3 * k + i]] += g[k] * w[3 * k + i];
        ops_round_f64(acc, M, p->gy.dt);
        ops_storer(CK_F64,
                   p->gy.dt)(ops_elem(&p->gy, addr, b * p->gy.strides[0] + c * p->gy.strides[1]),
                             p->gy.strides[2] * (int64_t)ops_dt_size(p->gy.dt), acc, M);
    }
    free(acc), free(ix);
    return rc;
}

static uint32_t ti_blocks(const struct aclOpExecutor *e)
{
    const struct ti_plan *p = e->plan;
    int64_t n = p->gx.numel > p->gy.numel ? p->gx.numel : p->gy.numel;
    return ops_split_rows(p->gx.dims[0] * p->gx.dims[1], n, EW_SPLIT_MIN);
}

static const struct ops_split ti_split = {ti_blocks, ti_block};

/* A (b, c, len) or (b, c, len, 1) tensor's 3-d view (the trailing 1 dropped). */
static bool ti_three(struct ops_tensor *t)
{
    if (t->ndim == 4 && t->dims[3] == 1)
        t->ndim = 3;
    return t->ndim == 3;
}

aclnnStatus aclnnThreeInterpolateBackwardGetWorkspaceSize(const aclTensor *grad_x,
                                                          const aclTensor *idx,
                                                          const aclTensor *weight, int m,
                                                          aclTensor *grad_y, WS)
{
    const char *name = "aclnnThreeInterpolateBackward";
    OPS_CHECK_NULLS(name, grad_x, idx, weight, grad_y, workspaceSize, executor);
    aclnnStatus rc;
    int dt, idt, wdt, ydt;
    if ((rc = ops_check_dims(grad_x, name, "grad_x")) || (rc = ops_check_dims(idx, name, "idx")) ||
        (rc = ops_check_dims(weight, name, "weight")) ||
        (rc = ops_check_dims(grad_y, name, "grad_y")) ||
        (rc = ops_need_dt(name, "grad_x", grad_x->dtype, OPS_DT_ThreeInterpolateBackward, &dt)) ||
        (rc = ops_need_dt(name, "idx", idx->dtype, OPS_DT2_ThreeInterpolateBackward, &idt)) ||
        (rc = ops_need_dt(name, "weight", weight->dtype, OPS_DT_ThreeInterpolateBackward, &wdt)) ||
        (rc = ops_need_dt(name, "grad_y", grad_y->dtype, OPS_DT_ThreeInterpolateBackward, &ydt)))
        return rc;
    if (wdt != dt || ydt != dt)
        return ops_err(ACLNN_ERR_PARAM_INVALID,
                       "%s: grad_x, weight and grad_y must have one data type (%s, %s, %s)", name,
                       ops_dt_name(grad_x->dtype), ops_dt_name(weight->dtype),
                       ops_dt_name(grad_y->dtype));
    if (m <= 0)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: m is %d; it must be > 0", name, m);
    OPS_PLAN(e, p, name, 3, 1, struct ti_plan, NULL, {&p->gx, grad_x, "grad_x"},
             {&p->idx, idx, "idx"}, {&p->w, weight, "weight"}, {&p->gy, grad_y, "grad_y"});
    p->split = &ti_split;
    const int64_t B = p->gx.dims[0], C = p->gx.dims[1];
    bool ok = ti_three(&p->gx) && ti_three(&p->gy);
    if (!ok || p->gy.dims[0] != B || p->gy.dims[1] != C || p->gy.dims[2] != m) {
        ops_exec_discard(e);
        return ops_err(ACLNN_ERR_PARAM_INVALID,
                       "%s: grad_x must be (b, c, n[, 1]) and grad_y (b, c, m[, 1]) with "
                       "grad_x's b and c and m = %d",
                       name, m);
    }
    const int64_t N = p->gx.dims[2];
    const int64_t want[3] = {B, N, 3};
    if ((rc = ops_check_shape(name, want, 3, idx, "idx")) ||
        (rc = ops_check_shape(name, want, 3, weight, "weight"))) {
        ops_exec_discard(e);
        return rc;
    }
    e->run = B * C > 0 ? ops_split_run : NULL;
    return ops_exec_done(e, workspaceSize, executor);
}
PHASE2(ThreeInterpolateBackward)
