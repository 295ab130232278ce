/* SPDX-License-Identifier: Apache-2.0 */
/*
 * The gradient of rotary position embedding: aclnnRotaryPositionEmbeddingGrad (ops-transformer
 * posembedding/rotary_position_embedding_grad), the backward of rope.c's operator.
 *
 *  OG1. Formulas (CANN's docs). Each mode pairs the D positions of a row: half (0) j with
 *      j + D/2, interleave (1) 2j with 2j + 1, quarter (2) j with j + D/4 and D/2 + j with
 *      3D/4 + j, interleave-half (3) j with j + D/2 in dy, cos and sin but 2j with 2j + 1 in
 *      dx and x. For a pair (a, b) of dy's positions, (da, db) of dx's, (xa, xb) of x's:
 *      dx[da] = cos[a] dy[a] + sin[b] dy[b], dx[db] = cos[b] dy[b] - sin[a] dy[a];
 *      dcos[a] += dy[a] x[xa], dcos[b] += dy[b] x[xb], dsin[a] -= dy[a] x[xb],
 *      dsin[b] += dy[b] x[xa], the sums running over the leading positions cos broadcasts
 *      over. Computed in double, rounded once to the tensors' type. Without xOptional dcosOut
 *      and dsinOut are not written (CANN: not computed).
 *  OG2. Checks. NULL dy, cos, sin, dxOut, dcosOut, dsinOut: 161001. One type (FLOAT, FLOAT16,
 *      BFLOAT16) for all seven: 161002. The shape rules are CANN's tiling's, 561002: every
 *      tensor 4-d with one last dim D <= 1024, even (a multiple of 4 in mode 2); dy, x and dx
 *      one shape; cos, sin (and with x dcos, dsin; without x those two may have any shape:
 *      CANN's example passes empty [1, 1, 1, 0] ones) one shape whose leading dims are each 1
 *      or dy's
 *      (any of CANN's listed broadcast forms; the layout-specific narrowing of the Atlas A2
 *      rules, e.g. interleave's 11SD only, is not applied); mode outside 0..3.
 *  OG3. The kernel runs on one block: the sums into dcos / dsin cross rows, and the operator
 *      is a training step's small tail, not worth a split's partial sums.
 */
#include <stdlib.h>
#include <string.h>

#include "aclnnop/aclnn_rotary_position_embedding_grad.h"
#include "ops/attention/rope.h"
#include "ops/attention/table.h"
#include "ops/engine/engine.h"

/* CANN's ceiling of D (OG2). */
#define OG_MAX_D 1024

struct og_plan {
    struct ops_tensor dy, cos, sin, x, dx, dcos, dsin;
    int mode;
    bool has_x; /* xOptional given: dcos, dsin written */
};

/* Pair p of a row of D in mode m (OG1): dy / cos / sin positions a, b; dx's da, db; x's xa,
 * xb. */
static void og_pair(int m, int64_t D, int64_t p, int64_t *a, int64_t *b, int64_t *da, int64_t *db)
{
    const int64_t h = D / 2, q = D / 4;
    switch (m) {
    case ROPE_INTERLEAVE:
        *a = 2 * p, *b = 2 * p + 1;
        *da = *a, *db = *b;
        break;
    case ROPE_QUARTER:
        *a = p < q ? p : h + (p - q);
        *b = *a + q;
        *da = *a, *db = *b;
        break;
    case ROPE_INTERLEAVE_HALF:
        *a = p, *b = p + h;
        *da = 2 * p, *db = 2 * p + 1;
        break;
    default: /* ROPE_HALF */
        *a = p, *b = p + h;
        *da = *a, *db = *b;
        break;
    }
}

static double *og_load(const struct ops_tensor *t, void *const *addr)
{
    double *b = malloc((size_t)(t->numel ? t->numel : 1) * sizeof *b);
    if (b && t->numel)
        ops_gather_nd(b, CK_F64, ops_base(t, addr), t->dt, t->ndim, t->dims, t->strides);
    return b;
}

static int32_t og_run(const struct aclOpExecutor *e, void *const *addr)
{
    const struct og_plan *p = e->plan;
    const int64_t *yd = p->dy.dims, *cd = p->cos.dims, D = yd[3];
    const bool with_x = p->has_x;
    double *dy = og_load(&p->dy, addr), *c = og_load(&p->cos, addr), *s = og_load(&p->sin, addr),
           *x = with_x ? og_load(&p->x, addr) : NULL,
           *dx = malloc((size_t)(p->dy.numel ? p->dy.numel : 1) * sizeof *dx),
           *gc = calloc((size_t)p->cos.numel + 1, sizeof *gc),
           *gs = calloc((size_t)p->cos.numel + 1, sizeof *gs);
    int32_t rc = 0;
    if (!dy || !c || !s || (with_x && !x) || !dx || !gc || !gs) {
        rc = ACL_ERROR_BAD_ALLOC;
        goto out;
    }
    for (int64_t i0 = 0; i0 < yd[0]; i0++)
        for (int64_t i1 = 0; i1 < yd[1]; i1++)
            for (int64_t i2 = 0; i2 < yd[2]; i2++) {
                const int64_t r = ((i0 * yd[1] + i1) * yd[2] + i2) * D,
                              cr = (((cd[0] > 1 ? i0 : 0) * cd[1] + (cd[1] > 1 ? i1 : 0)) * cd[2] +
                                    (cd[2] > 1 ? i2 : 0)) *
                                   D;
                const double *g = dy + r, *cc = c + cr, *ss = s + cr;
                for (int64_t k = 0; k < D / 2; k++) {
                    int64_t a, b, da, db;
                    og_pair(p->mode, D, k, &a, &b, &da, &db);
                    dx[r + da] = cc[a] * g[a] + ss[b] * g[b];
                    dx[r + db] = cc[b] * g[b] - ss[a] * g[a];
                    if (with_x) { /* x is read at dx's positions (OG1) */
                        const double xa = x[r + da], xb = x[r + db];
                        gc[cr + a] += g[a] * xa;
                        gc[cr + b] += g[b] * xb;
                        gs[cr + a] -= g[a] * xb;
                        gs[cr + b] += g[b] * xa;
                    }
                }
            }
    ops_scatter_nd(dx, CK_F64, ops_base(&p->dx, addr), p->dx.dt, 4, p->dx.dims, p->dx.strides);
    if (with_x) {
        ops_scatter_nd(gc, CK_F64, ops_base(&p->dcos, addr), p->dcos.dt, 4, p->dcos.dims,
                       p->dcos.strides);
        ops_scatter_nd(gs, CK_F64, ops_base(&p->dsin, addr), p->dsin.dt, 4, p->dsin.dims,
                       p->dsin.strides);
    }
out:
    free(dy);
    free(c);
    free(s);
    free(x);
    free(dx);
    free(gc);
    free(gs);
    return rc;
}

/* t has n dims equal to want's (OG2: 561002 otherwise). */
static aclnnStatus og_same(const char *name, const char *what, const aclTensor *t,
                           const aclTensor *want, const char *want_name)
{
    bool ok = t->ndim == want->ndim;
    for (uint32_t d = 0; ok && d < t->ndim; d++)
        ok = t->dims[d] == want->dims[d];
    if (!ok)
        return ops_err(ACLNN_ERR_INNER_TILING_ERROR, "%s: %s must have %s's shape", name, what,
                       want_name);
    return ACLNN_SUCCESS;
}

aclnnStatus aclnnRotaryPositionEmbeddingGradGetWorkspaceSize(
    const aclTensor *dy, const aclTensor *cos, const aclTensor *sin, const aclTensor *xOptional,
    int64_t mode, const aclTensor *dxOut, const aclTensor *dcosOut, const aclTensor *dsinOut,
    uint64_t *workspaceSize, aclOpExecutor **executor)
{
    static const char name[] = "aclnnRotaryPositionEmbeddingGrad";
    OPS_CHECK_NULLS(name, dy, cos, sin, dxOut, dcosOut, dsinOut, workspaceSize, executor);
    aclnnStatus rc;
    int dt;
    const aclTensor *all[7] = {dy, cos, sin, xOptional, dxOut, dcosOut, dsinOut};
    static const char *const names[7] = {"dy",    "cos",     "sin",    "xOptional",
                                         "dxOut", "dcosOut", "dsinOut"};
    for (int i = 0; i < 7; i++) {
        if (!all[i])
            continue;
        if ((rc = ops_check_dims(all[i], name, names[i])) ||
            (rc = ops_need_dt(name, names[i], all[i]->dtype, OPS_DT_RotaryPositionEmbeddingGrad,
                              &dt)))
            return rc;
        if (all[i]->dtype != dy->dtype)
            return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: %s has type %s, it must be dy's %s", name,
                           names[i], ops_dt_name(all[i]->dtype), ops_dt_name(dy->dtype));
    }
    if (mode < 0 || mode >= ROPE_NMODES)
        return ops_err(ACLNN_ERR_INNER_TILING_ERROR,
                       "%s: mode is %lld, it must be 0 (half), 1 (interleave), 2 (quarter) or 3 "
                       "(interleave-half)",
                       name, (long long)mode);
    if (dy->ndim != 4 || cos->ndim != 4)
        return ops_err(ACLNN_ERR_INNER_TILING_ERROR,
                       "%s: dy and cos must be 4-d (they have %d and %d dims)", name,
                       (int)dy->ndim, (int)cos->ndim);
    const int64_t D = dy->dims[3];
    if (D > OG_MAX_D || D % (mode == ROPE_QUARTER ? 4 : 2))
        return ops_err(ACLNN_ERR_INNER_TILING_ERROR,
                       "%s: the last dim D is %lld, it must be <= 1024 and a multiple of %d", name,
                       (long long)D, mode == ROPE_QUARTER ? 4 : 2);
    if ((rc = og_same(name, "dxOut", dxOut, dy, "dy")) ||
        (xOptional && (rc = og_same(name, "xOptional", xOptional, dy, "dy"))) ||
        (rc = og_same(name, "sin", sin, cos, "cos")) ||
        (xOptional && (rc = og_same(name, "dcosOut", dcosOut, cos, "cos"))) ||
        (xOptional && (rc = og_same(name, "dsinOut", dsinOut, cos, "cos"))))
        return rc;
    for (int d = 0; d < 4; d++)
        if (cos->dims[d] != dy->dims[d] && (d == 3 || cos->dims[d] != 1))
            return ops_err(ACLNN_ERR_INNER_TILING_ERROR,
                           "%s: cos's dim %d is %lld; it must be 1 or dy's %lld (D: dy's)", name,
                           d, (long long)cos->dims[d], (long long)dy->dims[d]);
    OPS_PLAN(e, pl, name, 4, 3, struct og_plan, NULL, {&pl->dy, dy, "dy"}, {&pl->cos, cos, "cos"},
             {&pl->sin, sin, "sin"}, {&pl->x, xOptional, "xOptional"}, {&pl->dx, dxOut, "dxOut"},
             {&pl->dcos, dcosOut, "dcosOut"}, {&pl->dsin, dsinOut, "dsinOut"});
    pl->mode = (int)mode;
    pl->has_x = xOptional != NULL;
    /* an empty dy writes nothing; with x, dcos / dsin are sums over nothing: zeros */
    e->run = ops_numel(dy->dims, 4) || (xOptional && ops_numel(cos->dims, 4)) ? og_run : NULL;
    return ops_exec_done(e, workspaceSize, executor);
}
PHASE2(RotaryPositionEmbeddingGrad)
