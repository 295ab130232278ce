/* SPDX-License-Identifier: Apache-2.0 */
/*
 * AffineGrid: the sampling grid of a batch of affine matrices (torch.nn.functional.affine_grid;
 * ops-math's math/affine_grid, its checks).
 *
 *  AFG1. size is (N, C, H, W) with theta (N, 2, 3) and out (N, H, W, 2), or (N, C, D, H, W) with
 *      theta (N, 3, 4) and out (N, D, H, W, 3); theta FLOAT, FLOAT16 or BFLOAT16, out of its
 *      type. N, H and W must lie in (0, 100000] (CANN's constraint); D too (CANN is silent;
 *      torch makes an empty grid of D 0, which CANN's N/H/W bound suggests it refuses). C is
 *      not used.
 *  AFG2. The base grid of an axis of n points is torch's: -1 + 2i / (n - 1) with alignCorners,
 *      that times (n - 1) / n without; 0 when n is 1. A point (x over W, y over H, z over D,
 *      1) maps to theta[b] times it: out[b, (d,) h, w, i] = sum_j theta[b, i, j] * base_j. Each
 *      result is computed in double and rounded to out's type once.
 */
#include <stdint.h>
#include <stdlib.h>

#include "aclnnop/aclnn_affine_grid.h"
#include "ops/engine/engine.h"
#include "ops/matmul/table.h"

#define AG_MAX_SIZE 100000 /* AFG1 */

struct ag_plan {
    struct ops_tensor theta, out;
    int64_t n, d, h, w;
    int k; /* 2 or 3 coordinates */
    bool align;
};

/* Point i of an axis of n (AFG2). */
static double ag_base(int64_t i, int64_t n, bool align)
{
    if (n <= 1)
        return 0;
    double v = -1 + 2.0 * (double)i / (double)(n - 1);
    return align ? v : v * (double)(n - 1) / (double)n;
}

static int32_t ag_run(const struct aclOpExecutor *e, void *const *addr)
{
    const struct ag_plan *p = e->plan;
    const int k = p->k;
    const int64_t cells = p->d * p->h * p->w;
    double *th = malloc((size_t)(p->n * k * (k + 1)) * sizeof(double));
    double *o = malloc((size_t)(p->n * cells * k) * sizeof(double));
    if (!th || !o) {
        free(th);
        free(o);
        return ACL_ERROR_BAD_ALLOC;
    }
    const struct ops_tensor *t = &p->theta, *ot = &p->out;
    ops_gather_nd(th, CK_F64, ops_base(t, addr), t->dt, t->ndim, t->dims, t->strides);
    double *q = o;
    for (int64_t b = 0; b < p->n; b++) {
        const double *m = th + b * k * (k + 1);
        for (int64_t z = 0; z < p->d; z++)
            for (int64_t y = 0; y < p->h; y++)
                for (int64_t x = 0; x < p->w; x++) {
                    /* (x, y[, z], 1): W first, as torch's base grid */
                    double base[4] = {ag_base(x, p->w, p->align), ag_base(y, p->h, p->align),
                                      k == 3 ? ag_base(z, p->d, p->align) : 1, 1};
                    for (int i = 0; i < k; i++) {
                        double s = 0;
                        for (int j = 0; j <= k; j++)
                            s += m[i * (k + 1) + j] * base[j];
                        *q++ = s;
                    }
                }
    }
    ops_scatter_nd(o, CK_F64, ops_base(ot, addr), ot->dt, ot->ndim, ot->dims, ot->strides);
    free(th);
    free(o);
    return 0;
}

aclnnStatus aclnnAffineGridGetWorkspaceSize(const aclTensor *theta, const aclIntArray *size,
                                            bool alignCorners, aclTensor *out, WS)
{
    static const char name[] = "aclnnAffineGrid";
    OPS_CHECK_NULLS(name, theta, size, out, workspaceSize, executor);
    aclnnStatus rc;
    int dt;
    if ((rc = ops_check_dims(theta, name, "theta")) || (rc = ops_check_dims(out, name, "out")) ||
        (rc = ops_need_dt(name, "theta", theta->dtype, OPS_DT_AffineGrid, &dt)))
        return rc;
    if (out->dtype != theta->dtype)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: out is %s, theta %s (they must match)", name,
                       ops_dt_name(out->dtype), ops_dt_name(theta->dtype));
    if (size->n != 4 && size->n != 5)
        return ops_err(ACLNN_ERR_PARAM_INVALID,
                       "%s: size has %llu elements, 4 (N, C, H, W) or 5 (N, C, D, H, W) are needed",
                       name, (unsigned long long)size->n);
    const int k = size->n == 4 ? 2 : 3;
    const int64_t *sv = size->v;
    static const char *const axis[2][5] = {{"N", "C", "H", "W"}, {"N", "C", "D", "H", "W"}};
    for (int i = 0; i < (int)size->n; i++)
        if (i != 1 && (sv[i] <= 0 || sv[i] > AG_MAX_SIZE))
            return ops_err(ACLNN_ERR_PARAM_INVALID,
                           "%s: size[%d] (%s) is %lld, it must lie in (0, %d]", name, i,
                           axis[k - 2][i], (long long)sv[i], AG_MAX_SIZE);
    int64_t want_theta[3] = {sv[0], k, k + 1};
    if ((rc = ops_check_shape(name, want_theta, 3, theta, "theta")))
        return rc;
    int64_t want[5] = {sv[0], sv[2], sv[3], k == 3 ? sv[4] : k, k}, cells = k;
    for (int i = 0; i < k + 1; i++)
        if (__builtin_mul_overflow(cells, want[i], &cells) || cells > INT64_MAX / 8)
            return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: the grid's size overflows", name);
    if ((rc = ops_check_out_shape(name, out, want, k + 2)))
        return rc;
    OPS_PLAN(e, p, name, 1, 1, struct ag_plan, NULL, {&p->theta, theta, "theta"},
             {&p->out, out, "out"});
    p->k = k;
    p->n = sv[0];
    p->d = k == 3 ? sv[2] : 1;
    p->h = sv[k == 3 ? 3 : 2];
    p->w = sv[k == 3 ? 4 : 3];
    p->align = alignCorners;
    e->run = ag_run;
    return ops_exec_done(e, workspaceSize, executor);
}

PHASE2(AffineGrid)
