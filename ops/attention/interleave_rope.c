/* SPDX-License-Identifier: Apache-2.0 */
/*
 * InterleaveRope: rotary position embedding of a tensor stored with its
 * rotation pairs interleaved, out = q * cos + rotate_half(q) * sin where q is
 * x's head row de-interleaved (x[0::2] then x[1::2]); rope.c's row in mode 3
 * (rope.h, RP1).
 *
 *  IR1. Shapes: x and out (B, N, S, D), cos and sin (B or 1, 1, S or 1, D);
 *      one type, FLOAT16 or BFLOAT16 (CANN's). CANN's kernel needs D = 64 and
 *      contiguous tensors; cpuacl takes any even D and any strides. Each
 *      element is computed in float32 and rounded once; out may be x itself
 *      (each row is read into a buffer before it is written).
 *  IR2. The launch splits its rows (b, n, s) across the device's workers
 *      (ops_split, from 2 x 64 Ki elements); a row is the same computation in
 *      any block: bit-identical for any worker count. An out that overlaps x
 *      other than element for element runs whole on one block, in order.
 */
#include "aclnnop/aclnn_interleave_rope.h"
#include "ops/engine/engine.h"
#include "ops/engine/simd.h"
#include "ops/attention/rope.h"
#include "ops/attention/table.h"

#define IR_SPLIT_MIN (64 * 1024)

struct ir_plan {
    const struct ops_split *split; /* first (engine.h: ops_split_run) */
    struct ops_tensor x, cos, sin, out;
    int64_t B, N, S, D;
    int64_t cb, cs; /* cos / sin batch and row strides, 0 = broadcast */
};

static int64_t ir_rows(const struct ir_plan *p)
{
    return p->B * p->N * p->S;
}

static uint32_t ir_blocks(const struct aclOpExecutor *e)
{
    const struct ir_plan *p = e->plan;
    return ops_split_rows(ir_rows(p), ir_rows(p) * p->D, IR_SPLIT_MIN);
}

static int32_t ir_block(const struct aclOpExecutor *e, void *const *addr, uint32_t bi, uint32_t bn)
{
    const struct ir_plan *p = e->plan;
    const bool alias = ops_views_alias(&p->x, &p->out, addr);
    if (alias && bi) /* IR2: the whole run, in order, on block 0 */
        return 0;
    int64_t r0, r1;
    ops_split_range(ir_rows(p), 1, alias ? 0 : bi, alias ? 1 : bn, &r0, &r1);
    const int64_t D = p->D, esz = ops_dt_size(p->x.dt);
    float *buf = ks_scratch((size_t)D * 4 * sizeof(float));
    if (!buf)
        return ACL_ERROR_BAD_ALLOC;
    float *xr = buf, *cr = buf + D, *sr = buf + 2 * D, *yr = buf + 3 * D;
    ops_load_fn ld = ops_loader(CK_F32, p->x.dt);
    ops_store_fn st = ops_storer(CK_F32, p->x.dt);
    const char *xb = ops_base(&p->x, addr), *cb = ops_base(&p->cos, addr),
               *sb = ops_base(&p->sin, addr);
    char *ob = ops_base(&p->out, addr);
    const int64_t *xs = p->x.strides, *os = p->out.strides, *css = p->cos.strides,
                  *sss = p->sin.strides;
    for (int64_t r = r0; r < r1; r++) {
        const int64_t s = r % p->S, n = r / p->S % p->N, b = r / (p->S * p->N);
        const int64_t cb_ = p->cb ? b : 0, cs_ = p->cs ? s : 0;
        ld(xr, xb + (b * xs[0] + n * xs[1] + s * xs[2]) * esz, xs[3] * esz, D);
        ld(cr, cb + (cb_ * css[0] + cs_ * css[2]) * esz, css[3] * esz, D);
        ld(sr, sb + (cb_ * sss[0] + cs_ * sss[2]) * esz, sss[3] * esz, D);
        rope_row(ROPE_INTERLEAVE_HALF, D, yr, xr, cr, sr);
        st(ob + (b * os[0] + n * os[1] + s * os[2]) * esz, os[3] * esz, yr, D);
    }
    return 0;
}

static const struct ops_split ir_split = {ir_blocks, ir_block};

aclnnStatus aclnnInterleaveRopeGetWorkspaceSize(const aclTensor *x, const aclTensor *cos,
                                                const aclTensor *sin, aclTensor *out, WS)
{
    static const char *const op = "aclnnInterleaveRope";
    OPS_CHECK_NULLS(op, x, cos, sin, out, workspaceSize, executor);
    const aclTensor *ts[4] = {x, cos, sin, out};
    static const char *const names[4] = {"x", "cos", "sin", "out"};
    aclnnStatus rc;
    for (int i = 0; i < 4; i++) {
        if ((rc = ops_check_dims(ts[i], op, names[i])))
            return rc;
        if (ts[i]->ndim != 4)
            return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: %s must be 4-d (B, N, S, D)", op,
                           names[i]);
    }
    int dt = ops_dt_index(x->dtype);
    if (dt < 0 || !(DTM(dt) & OPS_DT_InterleaveRope) || cos->dtype != x->dtype ||
        sin->dtype != x->dtype || out->dtype != x->dtype)
        return ops_err(ACLNN_ERR_PARAM_INVALID,
                       "%s: x/cos/sin/out types %s/%s/%s/%s: all must be FLOAT16 or BFLOAT16", op,
                       ops_dt_name(x->dtype), ops_dt_name(cos->dtype), ops_dt_name(sin->dtype),
                       ops_dt_name(out->dtype));
    const int64_t *xd = x->dims, *cd = cos->dims;
    bool ok = (cd[0] == xd[0] || cd[0] == 1) && cd[1] == 1 && (cd[2] == xd[2] || cd[2] == 1) &&
              cd[3] == xd[3] && xd[3] % 2 == 0;
    for (int i = 0; i < 4; i++)
        ok = ok && sin->dims[i] == cd[i] && out->dims[i] == xd[i];
    if (!ok)
        return ops_err(ACLNN_ERR_PARAM_INVALID,
                       "%s: shapes disagree: x and out (B, N, S, D) with D even, cos and sin (B "
                       "or 1, 1, S or 1, D)",
                       op);
    struct aclOpExecutor *e = ops_exec_plan(op, 3, 1, sizeof(struct ir_plan), NULL);
    if (!e)
        return ACLNN_ERR_INNER_CREATE_EXECUTOR;
    struct ir_plan *p = e->plan;
    if ((rc = OPS_VIEWS(e, {&p->x, x, "x"}, {&p->cos, cos, "cos"}, {&p->sin, sin, "sin"},
                        {&p->out, out, "out"})))
        return rc;
    p->split = &ir_split;
    p->B = xd[0], p->N = xd[1], p->S = xd[2], p->D = xd[3];
    p->cb = cd[0] != 1, p->cs = cd[2] != 1;
    e->run = ir_rows(p) * p->D > 0 ? ops_split_run : NULL;
    return ops_exec_done(e, workspaceSize, executor);
}
PHASE2(InterleaveRope)
