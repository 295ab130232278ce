/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Rotary position embedding: aclnnRotaryPositionEmbedding.
 *
 * Semantics follow AscendCL's operator (ops-transformer documentation and
 * op_api source):
 *  RP1. out = x * cos + rotate(x) * sin along the last dim (the head dim D),
 *      cos and sin broadcast over some of x's leading dims. Modes:
 *      0 half, 1 interleave, 2 quarter, 3 interleave-half (the formulas are
 *      in the public header). Every element is computed in float32 from the
 *      inputs converted to float, and rounded once to the tensor type.
 *  RP2. Shapes. x is 4-d, read as BNSD, BSND or SBND, or 3-d, read as TND;
 *      cos and sin have one shape, x's rank and x's D; out has x's shape; all
 *      four have one type (FLOAT, FLOAT16, BFLOAT16).
 *      Modes 0 and 1 follow the Atlas A2 (Ascend910B) rules: D even and at
 *      most 896 (the tiling refuses D > 896; the text says D < 896);
 *      cos/sin may broadcast over {B, N}, {N} or nothing in mode 0 (11SD,
 *      B1SD, BNSD for BNSD; T1D, TND for TND) and over exactly {B, N} in
 *      mode 1 (11SD; T1D). Mode 0 needs B < 1000 and N < 1000, mode 1
 *      B * N < 1000 (N < 1000 for TND). A BNSD x with 11SD cos/sin and B, N,
 *      S > 1 is refused where the real tiling refuses it (its "use separate
 *      operators" rule): when D/2 is a multiple of 32 bytes' worth of
 *      elements, B * N > 8 * S; otherwise 2 * B * N > ceil(S / 40) with
 *      D < 80 (40: Ascend910B3's vector cores).
 *      Modes 2 and 3 exist only on Ascend 950, whose rules cpuacl applies to
 *      them: D at most 1024, a multiple of 4 (mode 2) or of 2 (mode 3); 4-d
 *      cos/sin may broadcast over any leading dims, TND ones only over N.
 *  RP3. A layout is accepted when some reading of x (BNSD, BSND, SBND for
 *      4-d) and some allowed cos/sin form match the shapes and meet that
 *      reading's limits: a dim of size 1 fits either a broadcast or a full
 *      position, so e.g. x [B, N, 1, D] with cos [1, 1, 1, D] is 11SD.
 *  RP4. An empty out is a success that runs nothing, before x, cos and sin are
 *      looked at beyond NULL and liveness (as AscendCL, which returns before
 *      checking them).
 *  RP5. The kernel goes row by row (one D-vector of x at each leading index),
 *      gathering x, cos and sin rows into float buffers before out's row is
 *      written, so any strides work, and out may be x itself (in place).
 *  RP6. Launches from 2 x ROPE_SPLIT_MIN elements split their rows across
 *      the device's workers (ops_split, blocks of whole rows); a row is the
 *      same computation in any block, so results are bit-identical for any
 *      worker count. An out that overlaps x, cos or sin other than element
 *      for element (ops_views_alias) runs whole, in order, on one block.
 *  RP7. Float32 rows of modes 0 and 1 with a unit stride along D in x, cos,
 *      sin and out, out not overlapping them other than element for element,
 *      are computed in place by the vector row (simd.h K9: no gather into
 *      buffers, no scatter back); the FMA builds may contract its products,
 *      float32 rounding differences from the scalar row, the same in any
 *      block of a split.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "aclnnop/aclnn_rotary_position_embedding.h"
#include "ops/engine/engine.h"
#include "ops/engine/simd.h"
#include "ops/attention/rope.h"
#include "ops/attention/table.h"

#pragma GCC optimize("O3")

#define ROPE_NAME "aclnnRotaryPositionEmbedding"
#define ROPE_A2_MAX_D 896    /* modes 0, 1 (Atlas A2 tiling) */
#define ROPE_950_MAX_D 1024  /* modes 2, 3 (Ascend 950) */
#define ROPE_BN_LIMIT 1000   /* B, N (mode 0), B * N (mode 1) */
#define ROPE_VECTOR_CORES 40 /* Ascend910B3 AIV cores, in the BNSD rule */
#define ROPE_BNSD_S_SCALE 8  /* aligned D/2: B * N <= 8 * S */
#define ROPE_BNSD_BN_SCALE 2 /* unaligned D/2: 2 * B * N <= ceil(S / cores) */
#define ROPE_BNSD_MIN_D 80   /* ... or D >= 80 */
#define ROPE_BLOCK_BYTES 32

static const char *const rope_mode_name[ROPE_NMODES] = {"half", "interleave", "quarter",
                                                        "interleave-half"};

/* ---- layouts (RP2, RP3) ---------------------------------------------------------------------- */

/* Roles of x's leading dims. */
enum { R_B, R_N, R_S };

struct rope_layout {
    const char *name;
    int nd;      /* x's rank */
    int role[3]; /* role of leading dim i (nd - 1 of them) */
};

static const struct rope_layout rope_layouts[] = {
    {"BNSD", 4, {R_B, R_N, R_S}},
    {"BSND", 4, {R_B, R_S, R_N}},
    {"SBND", 4, {R_S, R_B, R_N}},
    {"TND", 3, {R_S, R_N, 0}},
};
#define ROPE_NLAYOUTS ((int)(sizeof rope_layouts / sizeof rope_layouts[0]))

/* A cos/sin form: which roles it broadcasts over (bit per role). */
#define BC(r) (1u << (r))
static const unsigned rope_forms_half[] = {BC(R_B) | BC(R_N), BC(R_N), 0};
static const unsigned rope_forms_interleave[] = {BC(R_B) | BC(R_N)};

/* The size of role r in x under layout L (1 when L has no such dim). */
static int64_t role_size(const struct rope_layout *L, const int64_t *xd, int r)
{
    for (int i = 0; i < L->nd - 1; i++)
        if (L->role[i] == r)
            return xd[i];
    return 1;
}

static bool form_matches(const struct rope_layout *L, unsigned form, const int64_t *xd,
                         const int64_t *cd)
{
    for (int i = 0; i < L->nd - 1; i++) {
        int64_t want = (form & BC(L->role[i])) ? 1 : xd[i];
        if (cd[i] != want)
            return false;
    }
    return true;
}

/* The Atlas A2 limits of a matched (layout, form) in modes 0/1: NULL when
 * met, else why not (written to msg). */
static const char *a2_limits(const struct rope_layout *L, unsigned form, int mode,
                             const int64_t *xd, int64_t D, int dt, char *msg, size_t n)
{
    int64_t B = role_size(L, xd, R_B), N = role_size(L, xd, R_N), S = role_size(L, xd, R_S);
    bool tnd = L->nd == 3;
    if (mode == ROPE_HALF) {
        if (B >= ROPE_BN_LIMIT || N >= ROPE_BN_LIMIT) {
            snprintf(msg, n,
                     "mode 0 needs B < 1000 and N < 1000, x read as %s has B = %lld, N = %lld",
                     L->name, (long long)B, (long long)N);
            return msg;
        }
        /* The BNSD tiling's refusal (only there: 11SD over B, N, S > 1). */
        if (L == &rope_layouts[0] && form == (BC(R_B) | BC(R_N)) && B > 1 && N > 1 && S > 1) {
            int64_t per_block = ROPE_BLOCK_BYTES / (int64_t)ops_dt_size(dt);
            bool aligned = (D / 2) % per_block == 0;
            int64_t s_core = (S + ROPE_VECTOR_CORES - 1) / ROPE_VECTOR_CORES;
            if (aligned && B * N > ROPE_BNSD_S_SCALE * S) {
                snprintf(
                    msg, n,
                    "BNSD x with 11SD cos/sin needs B * N <= 8 * S when D/2 is a multiple of %lld "
                    "(B * N = %lld, S = %lld)",
                    (long long)per_block, (long long)(B * N), (long long)S);
                return msg;
            }
            if (!aligned && ROPE_BNSD_BN_SCALE * B * N > s_core && D < ROPE_BNSD_MIN_D) {
                snprintf(msg, n,
                         "BNSD x with 11SD cos/sin needs 2 * B * N <= ceil(S / %d) or D >= 80 when "
                         "D/2 is not a multiple of %lld (B * N = %lld, S = %lld, D = %lld)",
                         ROPE_VECTOR_CORES, (long long)per_block, (long long)(B * N), (long long)S,
                         (long long)D);
                return msg;
            }
        }
    } else if (tnd ? N >= ROPE_BN_LIMIT : B * N >= ROPE_BN_LIMIT) {
        snprintf(msg, n, "mode 1 needs %s < 1000, x read as %s has %lld", tnd ? "N" : "B * N",
                 L->name, (long long)(B * N));
        return msg;
    }
    return NULL;
}

/* RP3 for modes 0/1: some reading of x and allowed form that matches and
 * meets its limits. */
static aclnnStatus check_a2_layout(int mode, const aclTensor *x, const aclTensor *c, int dt)
{
    const unsigned *forms = mode == ROPE_HALF ? rope_forms_half : rope_forms_interleave;
    int nforms = mode == ROPE_HALF ? 3 : 1;
    char why[256];
    const char *limit = NULL;
    for (int l = 0; l < ROPE_NLAYOUTS; l++) {
        const struct rope_layout *L = &rope_layouts[l];
        if (L->nd != (int)x->ndim)
            continue;
        for (int f = 0; f < nforms; f++) {
            if (!form_matches(L, forms[f], x->dims, c->dims))
                continue;
            const char *w =
                a2_limits(L, forms[f], mode, x->dims, x->dims[x->ndim - 1], dt, why, sizeof why);
            if (!w)
                return ACLNN_SUCCESS;
            limit = w;
        }
    }
    char a[160], b[160];
    ops_shape_str(a, sizeof a, x->dims, (int)x->ndim);
    ops_shape_str(b, sizeof b, c->dims, (int)c->ndim);
    if (limit)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: x %s, cos/sin %s: %s", ROPE_NAME, a, b, limit);
    return ops_err(ACLNN_ERR_PARAM_INVALID,
                   "%s: cos/sin %s is not a supported layout for x %s in mode %d (%s): cos/sin "
                   "may be %s",
                   ROPE_NAME, b, a, mode, rope_mode_name[mode],
                   x->ndim == 3 ? (mode == ROPE_HALF ? "T1D or TND" : "T1D")
                   : mode == ROPE_HALF
                       ? "11SD, B1SD or BNSD (x BNSD), 1S1D, BS1D or BSND (x BSND), S11D, SB1D "
                         "or SBND (x SBND)"
                       : "11SD (x BNSD), 1S1D (x BSND) or S11D (x SBND)");
}

/* Modes 2/3 (Ascend 950): cos/sin broadcast to x; TND only over N. */
static aclnnStatus check_950_layout(int mode, const aclTensor *x, const aclTensor *c)
{
    int nl = (int)x->ndim - 1;
    bool ok = true;
    for (int i = 0; i < nl; i++) {
        bool full = c->dims[i] == x->dims[i];
        ok = ok && (full || (c->dims[i] == 1 && !(nl == 2 && i == 0)));
    }
    if (ok)
        return ACLNN_SUCCESS;
    char a[160], b[160];
    return ops_err(ACLNN_ERR_PARAM_INVALID,
                   "%s: cos/sin %s does not broadcast to x %s as mode %d (%s) needs (%s)",
                   ROPE_NAME, ops_shape_str(b, sizeof b, c->dims, (int)c->ndim),
                   ops_shape_str(a, sizeof a, x->dims, (int)x->ndim), mode, rope_mode_name[mode],
                   nl == 2 ? "T1D or TND" : "each leading dim 1 or x's");
}

/* ---- the kernel (RP1, RP5) ------------------------------------------------------------------- */

struct rope_plan {
    const struct ops_split *split; /* first (engine.h: ops_split_run) */
    struct ops_tensor x, cos, sin, out;
    int mode;
    int nl;                             /* leading dims of x */
    int64_t D;                          /* head dim */
    int64_t xs[3], cs[3], ss[3], os[3]; /* leading strides; 0 where cos/sin broadcast */
};

/* One row: y from x, c, s (D floats each; rope.h). */
void rope_row(int mode, int64_t D, float *restrict y, const float *restrict x,
              const float *restrict c, const float *restrict s)
{
    switch (mode) {
    case ROPE_HALF: {
        int64_t h = D / 2;
        for (int64_t i = 0; i < h; i++) {
            y[i] = x[i] * c[i] - x[i + h] * s[i];
            y[i + h] = x[i + h] * c[i + h] + x[i] * s[i + h];
        }
        break;
    }
    case ROPE_INTERLEAVE:
        for (int64_t i = 0; i < D; i += 2) {
            y[i] = x[i] * c[i] - x[i + 1] * s[i];
            y[i + 1] = x[i + 1] * c[i + 1] + x[i] * s[i + 1];
        }
        break;
    case ROPE_QUARTER: {
        int64_t q = D / 4;
        for (int64_t k = 0; k < D; k += 2 * q) /* two half rotations, one per half of D */
            for (int64_t i = k; i < k + q; i++) {
                y[i] = x[i] * c[i] - x[i + q] * s[i];
                y[i + q] = x[i + q] * c[i + q] + x[i] * s[i + q];
            }
        break;
    }
    default: { /* ROPE_INTERLEAVE_HALF: out is in de-interleaved order */
        int64_t h = D / 2;
        for (int64_t i = 0; i < h; i++) {
            float ev = x[2 * i], od = x[2 * i + 1];
            y[i] = ev * c[i] - od * s[i];
            y[i + h] = od * c[i + h] + ev * s[i + h];
        }
        break;
    }
    }
}

/* RP6: rows per block at least ROPE_SPLIT_MIN elements' worth. */
#define ROPE_SPLIT_MIN (64 * 1024)

static int64_t rope_rows(const struct rope_plan *p)
{
    return ops_numel(p->x.dims, p->nl);
}

static uint32_t rope_blocks(const struct aclOpExecutor *e)
{
    const struct rope_plan *p = e->plan;
    return ops_split_rows(rope_rows(p), rope_rows(p) * p->D, ROPE_SPLIT_MIN);
}

/* Row r0's leading index (x's dims before D) into idx. */
static void rope_row_index(const struct rope_plan *p, int64_t r0, int64_t idx[3])
{
    idx[0] = idx[1] = idx[2] = 0;
    for (int64_t r = r0, d = p->nl - 1; d >= 0; d--) {
        idx[d] = r % p->x.dims[d];
        r /= p->x.dims[d];
    }
}

/* The element offsets of the row at leading index idx in x, cos, sin and out. */
static void rope_row_offsets(const struct rope_plan *p, const int64_t idx[3], int64_t *xo,
                             int64_t *co, int64_t *so, int64_t *oo)
{
    *xo = *co = *so = *oo = 0;
    for (int d = 0; d < p->nl; d++) {
        *xo += idx[d] * p->xs[d];
        *co += idx[d] * p->cs[d];
        *so += idx[d] * p->ss[d];
        *oo += idx[d] * p->os[d];
    }
}

/* RP7: rows [r0, r1) of float32 unit-stride views, each in place. */
static void rope_rows_f32(const struct rope_plan *p, void *const *addr, int64_t r0, int64_t r1)
{
    const struct ks_ops *ks = ks_get();
    const int nl = p->nl;
    const float *xb = (const float *)(const void *)ops_base(&p->x, addr);
    const float *cb = (const float *)(const void *)ops_base(&p->cos, addr);
    const float *sb = (const float *)(const void *)ops_base(&p->sin, addr);
    float *ob = (float *)(void *)ops_base(&p->out, addr);
    int64_t idx[3];
    rope_row_index(p, r0, idx);
    for (int64_t r = r0; r < r1; r++) {
        int64_t xo, co, so, oo;
        rope_row_offsets(p, idx, &xo, &co, &so, &oo);
        ks->rope_row(p->mode, p->D, ob + oo, xb + xo, cb + co, sb + so);
        (void)ops_odo_next(idx, p->x.dims, nl);
    }
}

/* Block bi of bn: rows [r0, r1) in x's leading-index order (RP6). */
static int32_t rope_block(const struct aclOpExecutor *e, void *const *addr, uint32_t bi,
                          uint32_t bn)
{
    const struct rope_plan *p = e->plan;
    const bool alias = ops_views_alias(&p->x, &p->out, addr) ||
                       ops_views_alias(&p->cos, &p->out, addr) ||
                       ops_views_alias(&p->sin, &p->out, addr);
    if (alias && bi) /* RP6: the whole run, in order, on block 0 */
        return 0;
    int64_t r0, r1;
    ops_split_range(rope_rows(p), 1, alias ? 0 : bi, alias ? 1 : bn, &r0, &r1);
    if (r0 >= r1)
        return 0;
    const int64_t D = p->D;
    int dt = p->x.dt, nl = p->nl;
    if (!alias && dt == DT_F32 && p->mode <= ROPE_INTERLEAVE && p->x.strides[nl] == 1 &&
        p->cos.strides[nl] == 1 && p->sin.strides[nl] == 1 && p->out.strides[nl] == 1) {
        rope_rows_f32(p, addr, r0, r1); /* RP7 */
        return 0;
    }
    float *buf = ks_scratch((size_t)D * 4 * sizeof(float));
    if (!buf)
        return ACL_ERROR_BAD_ALLOC;
    float *xr = buf, *cr = buf + D, *sr = buf + 2 * D, *yr = buf + 3 * D;
    int64_t esz = ops_dt_size(dt);
    ops_load_fn ld = ops_loader(CK_F32, dt);
    ops_store_fn st = ops_storer(CK_F32, dt);
    const char *xb = ops_base(&p->x, addr), *cb = ops_base(&p->cos, addr),
               *sb = ops_base(&p->sin, addr);
    char *ob = ops_base(&p->out, addr);
    int64_t xst = p->x.strides[nl] * esz, cst = p->cos.strides[nl] * esz,
            sst = p->sin.strides[nl] * esz, ost = p->out.strides[nl] * esz;
    int64_t idx[3], last_c = -1, last_s = -1;
    rope_row_index(p, r0, idx);
    for (int64_t r = r0; r < r1; r++) {
        int64_t xo, co, so, oo;
        rope_row_offsets(p, idx, &xo, &co, &so, &oo);
        ld(xr, xb + xo * esz, xst, D);
        if (co != last_c) { /* rows broadcast along inner dims load once */
            ld(cr, cb + co * esz, cst, D);
            last_c = co;
        }
        if (so != last_s) {
            ld(sr, sb + so * esz, sst, D);
            last_s = so;
        }
        rope_row(p->mode, D, yr, xr, cr, sr);
        st(ob + oo * esz, ost, yr, D);
        (void)ops_odo_next(idx, p->x.dims, nl);
    }
    return 0;
}

static const struct ops_split rope_split = {rope_blocks, rope_block};

/* ---- phase 1 ------------------------------------------------------------------------------- */

static aclnnStatus shape_mismatch(const char *what, const aclTensor *t, const char *of,
                                  const aclTensor *ref)
{
    char a[160], b[160];
    return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: %s has shape %s, %s has %s; they must be equal",
                   ROPE_NAME, what, ops_shape_str(a, sizeof a, t->dims, (int)t->ndim), of,
                   ops_shape_str(b, sizeof b, ref->dims, (int)ref->ndim));
}

aclnnStatus aclnnRotaryPositionEmbeddingGetWorkspaceSize(const aclTensor *x, const aclTensor *cos,
                                                         const aclTensor *sin, int64_t mode,
                                                         aclTensor *out, WS)
{
    const char *name = ROPE_NAME;
    OPS_CHECK_NULLS(name, x, cos, sin, out, workspaceSize, executor);
    aclnnStatus rc;
    if ((rc = ops_check_dims(x, name, "x")) || (rc = ops_check_dims(cos, name, "cos")) ||
        (rc = ops_check_dims(sin, name, "sin")) || (rc = ops_check_dims(out, name, "out")))
        return rc;

    /* RP4: an empty out is done before anything else is checked. */
    if (ops_numel(out->dims, (int)out->ndim) == 0) {
        struct aclOpExecutor *e = ops_exec_new(name, 3, 1);
        if (!e)
            return ACLNN_ERR_INNER_CREATE_EXECUTOR;
        ops_exec_slot(e, x);
        ops_exec_slot(e, cos);
        ops_exec_slot(e, sin);
        ops_exec_slot(e, out);
        e->run = NULL;
        return ops_exec_done(e, workspaceSize, executor);
    }

    int dt = ops_dt_index(x->dtype);
    if (dt < 0 || !(DTM(dt) & OPS_DT_RotaryPositionEmbedding))
        return ops_err(ACLNN_ERR_PARAM_INVALID,
                       "%s: x has data type %s, which is not supported (FLOAT, FLOAT16, BFLOAT16)",
                       name, ops_dt_name(x->dtype));
    const aclTensor *same[3] = {cos, sin, out};
    static const char *const same_name[3] = {"cos", "sin", "out"};
    for (int i = 0; i < 3; i++)
        if (same[i]->dtype != x->dtype)
            return ops_err(ACLNN_ERR_PARAM_INVALID,
                           "%s: %s has data type %s, x has %s; they must match", name, same_name[i],
                           ops_dt_name(same[i]->dtype), ops_dt_name(x->dtype));
    if (mode < 0 || mode >= ROPE_NMODES)
        return ops_err(ACLNN_ERR_PARAM_INVALID,
                       "%s: mode %lld is not supported (0 half, 1 interleave, 2 quarter, "
                       "3 interleave-half)",
                       name, (long long)mode);
    int m = (int)mode;
    if (x->ndim != 3 && x->ndim != 4)
        return ops_err(ACLNN_ERR_PARAM_INVALID,
                       "%s: x has %u dims; it must be 4-d (BNSD, BSND, SBND) or 3-d (TND)", name,
                       x->ndim);
    if (cos->ndim != x->ndim || sin->ndim != x->ndim)
        return ops_err(ACLNN_ERR_PARAM_INVALID,
                       "%s: cos (%u dims) and sin (%u dims) must have x's rank (%u)", name,
                       cos->ndim, sin->ndim, x->ndim);
    if (!ops_same_shape(out, x))
        return shape_mismatch("out", out, "x", x);
    if (!ops_same_shape(sin, cos))
        return shape_mismatch("sin", sin, "cos", cos);
    int nl = (int)x->ndim - 1;
    int64_t D = x->dims[nl];
    if (cos->dims[nl] != D)
        return ops_err(ACLNN_ERR_PARAM_INVALID,
                       "%s: cos/sin last dim %lld differs from x's head dim %lld", name,
                       (long long)cos->dims[nl], (long long)D);
    int64_t mult = m == ROPE_QUARTER ? 4 : 2;
    int64_t maxd = m <= ROPE_INTERLEAVE ? ROPE_A2_MAX_D : ROPE_950_MAX_D;
    if (D % mult != 0)
        return ops_err(ACLNN_ERR_PARAM_INVALID,
                       "%s: head dim %lld must be a multiple of %lld in mode %d (%s)", name,
                       (long long)D, (long long)mult, m, rope_mode_name[m]);
    if (D > maxd)
        return ops_err(ACLNN_ERR_PARAM_INVALID,
                       "%s: head dim %lld is larger than %lld, the limit of mode %d (%s)", name,
                       (long long)D, (long long)maxd, m, rope_mode_name[m]);
    if ((rc = m <= ROPE_INTERLEAVE ? check_a2_layout(m, x, cos, dt) : check_950_layout(m, x, cos)))
        return rc;

    OPS_PLAN(e, p, name, 3, 1, struct rope_plan, NULL, {&p->x, x, "x"}, {&p->cos, cos, "cos"},
             {&p->sin, sin, "sin"}, {&p->out, out, "out"});
    p->mode = m;
    p->nl = nl;
    p->D = D;
    for (int d = 0; d < nl; d++) {
        p->xs[d] = x->strides[d];
        p->os[d] = out->strides[d];
        p->cs[d] = cos->dims[d] == 1 ? 0 : cos->strides[d];
        p->ss[d] = sin->dims[d] == 1 ? 0 : sin->strides[d];
    }
    p->split = &rope_split;
    e->run = ops_split_run;
    return ops_exec_done(e, workspaceSize, executor);
}
PHASE2(RotaryPositionEmbedding)
