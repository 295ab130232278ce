/* SPDX-License-Identifier: Apache-2.0 */
/*
 * The random operators: normal, uniform, integer, Bernoulli and multinomial draws and random
 * permutations, each on core/philox.h's Philox4x32-10.
 *
 *  RN1. A launch draws from one generator: key = seed, 128-bit counter = (offset, 0); with
 *      the ...Tensor forms the seed is the INT64 seedTensor's one element and the offset
 *      *offsetTensor + offset, both read when the operator runs. Elements take their numbers
 *      in out's row-major order, so equal seed, offset and shape give equal results (the
 *      bits are not the NPU's: CANN documents only the distributions).
 *  RN2. Distributions: normal mean + std * z with z = sqrt(-2 ln(1 - u1)) cos(2 pi u2)
 *      (Box-Muller, two uniforms per element); uniform from + (to - from) * u; integers
 *      lo + r mod (hi - lo + 1) for a 64-bit r (bias below range / 2^64); Bernoulli 1 when
 *      u < p. u is uniform on [0, 1) with 53 bits. Results are computed in double (integers
 *      in int64) and converted to out's type once.
 *  RN3. Parameters that are host values are checked in phase 1 (161002: std < 0, from > to,
 *      from >= to for integers, prob outside [0, 1], numsamples, n); values read from device
 *      tensors (std, prob, weights) are checked when the kernel runs, and a bad one fails the
 *      launch before anything is written (ACL_ERROR_RT_AICORE_EXCEPTION, 507015, at
 *      synchronisation), as the index kernels do.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "aclnnop/aclnn_bernoulli.h"
#include "aclnnop/aclnn_multinomial.h"
#include "aclnnop/aclnn_normal.h"
#include "aclnnop/aclnn_normal_out.h"
#include "aclnnop/aclnn_random.h"
#include "aclnnop/aclnn_randperm.h"
#include "aclnnop/aclnn_uniform.h"
#include "core/philox.h"
#include "ops/engine/engine.h"
#include "ops/random/table.h"

enum rnd_kind { RK_NORMAL, RK_UNIFORM, RK_INT, RK_BERNOULLI, RK_MULTINOMIAL, RK_RANDPERM };

struct rnd_plan {
    struct ops_tensor a, b, seed_t, off_t, out; /* a: mean / prob / weights, b: std */
    bool has_a, has_b, dev_seed, replacement;
    int kind;
    double pa, pb;    /* mean, std / from, to / prob */
    int64_t lo, span; /* RK_INT: lo + r mod span (span 0: the full 2^64) */
    uint64_t seed, offset;
    int64_t rows, cols, nsamples; /* RK_MULTINOMIAL */
};

/* v viewed with o's dims (o at least 1-d): v's dims right-aligned, size-1 and missing dims
 * read with stride 0. */
static void bcast_to(struct ops_tensor *v, const struct ops_tensor *o)
{
    int64_t st[OPS_MAX_DIMS];
    int off = o->ndim - v->ndim;
    for (int d = 0; d < o->ndim; d++)
        st[d] = d < off || v->dims[d - off] == 1 ? 0 : v->strides[d - off];
    memcpy(v->strides, st, sizeof(st));
    memcpy(v->dims, o->dims, sizeof(st));
    v->ndim = o->ndim;
}

static void at_least_1d(struct ops_tensor *t)
{
    if (t->ndim == 0) {
        t->ndim = 1;
        t->dims[0] = 1;
        t->strides[0] = 1;
    }
}

static double *load_f64(const struct ops_tensor *t, const struct ops_tensor *shape,
                        void *const *addr)
{
    double *b = malloc((size_t)(shape->numel ? shape->numel : 1) * sizeof(double));
    if (b)
        ops_gather_nd(b, CK_F64, ops_base(t, addr), t->dt, shape->ndim, shape->dims, t->strides);
    return b;
}

static int64_t load_one_i64(const struct ops_tensor *t, void *const *addr)
{
    int64_t v = 0;
    if (t->numel)
        ops_gather_nd(&v, CK_I64, ops_base(t, addr), t->dt, 0, t->dims, t->strides);
    return v;
}

static double normal01(struct philox *g)
{
    double u1 = philox_uniform01(g), u2 = philox_uniform01(g);
    return sqrt(-2.0 * log(1.0 - u1)) * cos(6.283185307179586 * u2);
}

/* Multinomial draws of one row w[0..c) (RN2 per draw: u times the remaining sum, then the
 * first category whose running sum exceeds it); w is consumed without replacement. */
static int32_t multinomial_row(struct philox *g, double *w, int64_t c, int64_t k, bool repl,
                               int64_t *res)
{
    double sum = 0;
    int64_t nz = 0;
    for (int64_t j = 0; j < c; j++) {
        if (!(w[j] >= 0) || isinf(w[j]))
            return ACL_ERROR_RT_AICORE_EXCEPTION;
        sum += w[j];
        nz += w[j] > 0;
    }
    if (!(sum > 0) || (!repl && nz < k))
        return ACL_ERROR_RT_AICORE_EXCEPTION;
    for (int64_t s = 0; s < k; s++) {
        double x = philox_uniform01(g) * sum, run = 0;
        int64_t pick = -1;
        for (int64_t j = 0; j < c; j++) {
            if (w[j] <= 0)
                continue;
            pick = j; /* the last positive weight takes rounding leftovers */
            run += w[j];
            if (x < run)
                break;
        }
        res[s] = pick;
        if (!repl) {
            sum -= w[pick];
            w[pick] = 0;
            if (!(sum > 0)) { /* rounding: recompute what is left */
                sum = 0;
                for (int64_t j = 0; j < c; j++)
                    sum += w[j];
            }
        }
    }
    return 0;
}

static int32_t rnd_run(const struct aclOpExecutor *e, void *const *addr)
{
    const struct rnd_plan *p = e->plan;
    const struct ops_tensor *o = &p->out;
    uint64_t seed = p->seed, offset = p->offset;
    if (p->dev_seed) { /* RN1 */
        seed = (uint64_t)load_one_i64(&p->seed_t, addr);
        offset += (uint64_t)load_one_i64(&p->off_t, addr);
    }
    struct philox g = philox_at(seed, offset, 0);
    int64_t n = o->numel;
    bool ints = p->kind == RK_INT || p->kind == RK_MULTINOMIAL || p->kind == RK_RANDPERM;
    void *buf = malloc((size_t)(n ? n : 1) * 8);
    double *av = NULL, *bv = NULL;
    int32_t rc = 0;
    if (!buf ||
        (p->has_a && !(av = load_f64(&p->a, p->kind == RK_MULTINOMIAL ? &p->a : o, addr))) ||
        (p->has_b && !(bv = load_f64(&p->b, o, addr)))) {
        rc = ACL_ERROR_BAD_ALLOC;
        goto done;
    }
    double *d = buf;
    int64_t *iv = buf;
    switch (p->kind) {
    case RK_NORMAL:
        for (int64_t i = 0; i < n; i++)
            if (bv && !(bv[i] >= 0)) {
                rc = ACL_ERROR_RT_AICORE_EXCEPTION;
                goto done;
            }
        for (int64_t i = 0; i < n; i++)
            d[i] = (av ? av[i] : p->pa) + (bv ? bv[i] : p->pb) * normal01(&g);
        break;
    case RK_UNIFORM:
        for (int64_t i = 0; i < n; i++)
            d[i] = p->pa + (p->pb - p->pa) * philox_uniform01(&g);
        break;
    case RK_INT:
        for (int64_t i = 0; i < n; i++) {
            uint64_t r = philox_next64(&g);
            iv[i] = (int64_t)((uint64_t)p->lo + (p->span ? r % (uint64_t)p->span : r));
        }
        break;
    case RK_BERNOULLI:
        for (int64_t i = 0; i < n; i++)
            if (av && !(av[i] >= 0 && av[i] <= 1)) {
                rc = ACL_ERROR_RT_AICORE_EXCEPTION;
                goto done;
            }
        for (int64_t i = 0; i < n; i++)
            d[i] = philox_uniform01(&g) < (av ? av[i] : p->pa) ? 1.0 : 0.0;
        break;
    case RK_MULTINOMIAL:
        for (int64_t r = 0; r < p->rows && !rc; r++)
            rc = multinomial_row(&g, av + r * p->cols, p->cols, p->nsamples, p->replacement,
                                 iv + r * p->nsamples);
        break;
    default: /* RK_RANDPERM: Fisher-Yates */
        for (int64_t i = 0; i < n; i++)
            iv[i] = i;
        for (int64_t i = n - 1; i > 0; i--) {
            int64_t j = (int64_t)(philox_next64(&g) % (uint64_t)(i + 1)), t = iv[i];
            iv[i] = iv[j];
            iv[j] = t;
        }
        break;
    }
    if (!rc)
        ops_scatter_nd(buf, ints ? CK_I64 : CK_F64, ops_base(o, addr), o->dt, o->ndim, o->dims,
                       o->strides);
done:
    free(av);
    free(bv);
    free(buf);
    return rc;
}

/* The arguments of one call: tensors (NULL when absent), the kind and its numbers. */
struct rnd_args {
    const char *name;
    const aclTensor *a, *b, *seed, *off, *out;
    const char *aname, *bname;
    unsigned types, atypes; /* out's (the row's), a's and b's */
    struct rnd_plan v;      /* kind and numbers */
};

static aclnnStatus rnd_op(struct rnd_args *r, uint64_t *ws, aclOpExecutor **ex)
{
    const char *name = r->name;
    aclnnStatus rc;
    int dt;
    OPS_CHECK_NULLS(name, r->out, ws, ex);
    if ((rc = ops_check_dims(r->out, name, "out")) ||
        (rc = ops_need_dt(name, "out", r->out->dtype, r->types, &dt)))
        return rc;
    if (r->v.dev_seed) {
        OPS_CHECK_NULLS(name, r->seed, r->off);
        int sd;
        if ((rc = ops_check_dims(r->seed, name, "seedTensor")) ||
            (rc = ops_check_dims(r->off, name, "offsetTensor")) ||
            (rc = ops_need_dt(name, "seedTensor", r->seed->dtype, DTM(DT_I64), &sd)) ||
            (rc = ops_need_dt(name, "offsetTensor", r->off->dtype, DTM(DT_I64), &sd)))
            return rc;
        if (ops_numel(r->seed->dims, (int)r->seed->ndim) != 1 ||
            ops_numel(r->off->dims, (int)r->off->ndim) != 1)
            return ops_err(ACLNN_ERR_PARAM_INVALID,
                           "%s: seedTensor and offsetTensor must hold one element each", name);
    }
    const aclTensor *ab[2] = {r->a, r->b};
    const char *abn[2] = {r->aname, r->bname};
    for (int k = 0; k < 2; k++) {
        int xd;
        if (ab[k] && ((rc = ops_check_dims(ab[k], name, abn[k])) ||
                      (rc = ops_need_dt(name, abn[k], ab[k]->dtype, r->atypes, &xd))))
            return rc;
        if (ab[k] && r->v.kind != RK_MULTINOMIAL) {
            int64_t bd[OPS_MAX_DIMS];
            int bn;
            if (!ops_broadcast(ab[k]->dims, (int)ab[k]->ndim, r->out->dims, (int)r->out->ndim, bd,
                               &bn) ||
                bn != (int)r->out->ndim || memcmp(bd, r->out->dims, (size_t)bn * sizeof(int64_t)))
                return ops_shape_err(name, abn[k], ab[k], r->out->dims, (int)r->out->ndim);
        }
    }
    /* every entry named: a NULL what ends the list */
    OPS_PLAN(e, p, name, 4, 1, struct rnd_plan, NULL, {&p->a, r->a, r->aname ? r->aname : "a"},
             {&p->b, r->b, r->bname ? r->bname : "b"}, {&p->seed_t, r->seed, "seedTensor"},
             {&p->off_t, r->off, "offsetTensor"}, {&p->out, r->out, "out"});
    struct ops_tensor a = p->a, b = p->b, s = p->seed_t, f = p->off_t, o = p->out;
    *p = r->v;
    p->a = a, p->b = b, p->seed_t = s, p->off_t = f, p->out = o;
    p->has_a = r->a != NULL;
    p->has_b = r->b != NULL;
    at_least_1d(&p->out);
    if (p->has_a && p->kind != RK_MULTINOMIAL)
        bcast_to(&p->a, &p->out);
    if (p->has_b)
        bcast_to(&p->b, &p->out);
    e->run = p->out.numel ? rnd_run : NULL;
    return ops_exec_done(e, ws, ex);
}

#define RND(...) (&(struct rnd_args){__VA_ARGS__})

/* ---- normal ---------------------------------------------------------------------------- */

/* Every normal form: mean and std as tensors (mt, sdt) or numbers; seed and offset as numbers
 * or, with dev, the tensors st and ot. */
static aclnnStatus normal_op(const char *name, const aclTensor *mt, const aclTensor *sdt,
                             double mean, double std, const aclTensor *out, unsigned types,
                             const aclTensor *st, const aclTensor *ot, bool dev, int64_t seed,
                             int64_t offset, uint64_t *ws, aclOpExecutor **ex)
{
    if (!sdt && !(std >= 0))
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: std %g must be >= 0", name, std);
    return rnd_op(RND(.name = name, .a = mt, .b = sdt, .seed = st, .off = ot, .out = out,
                      .aname = "mean", .bname = "std", .types = types, .atypes = types,
                      .v = {.kind = RK_NORMAL,
                            .pa = mean,
                            .pb = std,
                            .dev_seed = dev,
                            .seed = (uint64_t)seed,
                            .offset = (uint64_t)offset}),
                  ws, ex);
}

aclnnStatus aclnnNormalTensorTensorGetWorkspaceSize(const aclTensor *mean, const aclTensor *std,
                                                    int64_t seed, int64_t offset, aclTensor *out,
                                                    WS)
{
    OPS_CHECK_NULLS("aclnnNormalTensorTensor", mean, std);
    return normal_op("aclnnNormalTensorTensor", mean, std, 0, 0, out, OPS_DT_NormalTensorTensor,
                     NULL, NULL, false, seed, offset, workspaceSize, executor);
}
aclnnStatus aclnnNormalTensorFloatGetWorkspaceSize(const aclTensor *mean, float std, int64_t seed,
                                                   int64_t offset, aclTensor *out, WS)
{
    OPS_CHECK_NULL("aclnnNormalTensorFloat", mean);
    return normal_op("aclnnNormalTensorFloat", mean, NULL, 0, std, out, OPS_DT_NormalTensorFloat,
                     NULL, NULL, false, seed, offset, workspaceSize, executor);
}
aclnnStatus aclnnNormalFloatTensorGetWorkspaceSize(float mean, const aclTensor *std, int64_t seed,
                                                   int64_t offset, aclTensor *out, WS)
{
    OPS_CHECK_NULL("aclnnNormalFloatTensor", std);
    return normal_op("aclnnNormalFloatTensor", NULL, std, mean, 0, out, OPS_DT_NormalFloatTensor,
                     NULL, NULL, false, seed, offset, workspaceSize, executor);
}
aclnnStatus aclnnNormalFloatFloatGetWorkspaceSize(float mean, float std, int64_t seed,
                                                  int64_t offset, aclTensor *out, WS)
{
    return normal_op("aclnnNormalFloatFloat", NULL, NULL, mean, std, out, OPS_DT_NormalFloatFloat,
                     NULL, NULL, false, seed, offset, workspaceSize, executor);
}
aclnnStatus aclnnInplaceNormalGetWorkspaceSize(const aclTensor *selfRef, float mean, float std,
                                               int64_t seed, int64_t offset, WS)
{
    return normal_op("aclnnInplaceNormal", NULL, NULL, mean, std, selfRef, OPS_DT_Normal, NULL,
                     NULL, false, seed, offset, workspaceSize, executor);
}
aclnnStatus aclnnInplaceNormalTensorGetWorkspaceSize(const aclTensor *selfRef, float mean,
                                                     float std, const aclTensor *seedTensor,
                                                     const aclTensor *offsetTensor, int64_t offset,
                                                     WS)
{
    (void)OPS_DT2_NormalTensor; /* the seed tensors' INT64, checked in rnd_op */
    return normal_op("aclnnInplaceNormalTensor", NULL, NULL, mean, std, selfRef,
                     OPS_DT_NormalTensor, seedTensor, offsetTensor, true, 0, offset, workspaceSize,
                     executor);
}

/* ---- uniform and integers ---------------------------------------------------------------- */

static aclnnStatus uniform_op(const char *name, const aclTensor *self, double from, double to,
                              const aclTensor *st, const aclTensor *ot, bool dev, uint64_t seed,
                              uint64_t offset, unsigned types, uint64_t *ws, aclOpExecutor **ex)
{
    if (!(from <= to))
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: from %g must not exceed to %g", name, from,
                       to);
    return rnd_op(RND(.name = name, .out = self, .seed = st, .off = ot, .types = types,
                      .v = {.kind = RK_UNIFORM,
                            .pa = from,
                            .pb = to,
                            .dev_seed = dev,
                            .seed = seed,
                            .offset = offset}),
                  ws, ex);
}
aclnnStatus aclnnInplaceUniformGetWorkspaceSize(const aclTensor *selfRef, double from, double to,
                                                uint64_t seed, uint64_t offset, WS)
{
    return uniform_op("aclnnInplaceUniform", selfRef, from, to, NULL, NULL, false, seed, offset,
                      OPS_DT_Uniform, workspaceSize, executor);
}
aclnnStatus aclnnInplaceUniformTensorGetWorkspaceSize(const aclTensor *selfRef, double from,
                                                      double to, const aclTensor *seedTensor,
                                                      const aclTensor *offsetTensor,
                                                      uint64_t offset, WS)
{
    (void)OPS_DT2_UniformTensor;
    return uniform_op("aclnnInplaceUniformTensor", selfRef, from, to, seedTensor, offsetTensor,
                      true, 0, offset, OPS_DT_UniformTensor, workspaceSize, executor);
}

/* [lo, hi] inclusive as lo and span (0 = all 2^64 values). */
static aclnnStatus int_op(const char *name, const aclTensor *self, bool full, int64_t from,
                          int64_t to, const aclTensor *st, const aclTensor *ot, bool dev,
                          int64_t seed, int64_t offset, unsigned types, uint64_t *ws,
                          aclOpExecutor **ex)
{
    OPS_CHECK_NULL(name, self);
    int dt;
    aclnnStatus rc;
    if ((rc = ops_need_dt(name, "selfRef", self->dtype, types, &dt)))
        return rc;
    int64_t lo = from, hi;
    if (full) { /* RandomWithoutFromTo's ranges */
        static const int64_t top[DT_COUNT] = {
            [DT_F32] = 1 << 24,   [DT_F16] = 1 << 11,  [DT_BF16] = 1 << 8,   [DT_F64] = 1LL << 53,
            [DT_I8] = INT8_MAX,   [DT_U8] = UINT8_MAX, [DT_I16] = INT16_MAX, [DT_I32] = INT32_MAX,
            [DT_I64] = INT64_MAX, [DT_BOOL] = 1};
        lo = 0;
        hi = top[dt];
    } else {
        if (from >= to)
            return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: from %lld must be below to %lld", name,
                           (long long)from, (long long)to);
        hi = to - 1;
    }
    return rnd_op(RND(.name = name, .out = self, .seed = st, .off = ot, .types = types,
                      .v = {.kind = RK_INT,
                            .lo = lo,
                            .span = (int64_t)((uint64_t)hi - (uint64_t)lo + 1),
                            .dev_seed = dev,
                            .seed = (uint64_t)seed,
                            .offset = (uint64_t)offset}),
                  ws, ex);
}
aclnnStatus aclnnInplaceRandomGetWorkspaceSize(const aclTensor *selfRef, int64_t from, int64_t to,
                                               int64_t seed, int64_t offset, WS)
{
    return int_op("aclnnInplaceRandom", selfRef, false, from, to, NULL, NULL, false, seed, offset,
                  OPS_DT_Random, workspaceSize, executor);
}
aclnnStatus aclnnInplaceRandomTensorGetWorkspaceSize(const aclTensor *selfRef, int64_t from,
                                                     int64_t to, const aclTensor *seedTensor,
                                                     const aclTensor *offsetTensor, int64_t offset,
                                                     WS)
{
    (void)OPS_DT2_RandomTensor;
    return int_op("aclnnInplaceRandomTensor", selfRef, false, from, to, seedTensor, offsetTensor,
                  true, 0, offset, OPS_DT_RandomTensor, workspaceSize, executor);
}
aclnnStatus aclnnInplaceRandomWithoutFromToGetWorkspaceSize(const aclTensor *selfRef, int64_t seed,
                                                            int64_t offset, WS)
{
    return int_op("aclnnInplaceRandomWithoutFromTo", selfRef, true, 0, 0, NULL, NULL, false, seed,
                  offset, OPS_DT_RandomWithoutFromTo, workspaceSize, executor);
}
aclnnStatus aclnnInplaceRandomWithoutFromToTensorGetWorkspaceSize(const aclTensor *selfRef,
                                                                  const aclTensor *seedTensor,
                                                                  const aclTensor *offsetTensor,
                                                                  int64_t offset, WS)
{
    (void)OPS_DT2_RandomWithoutFromToTensor;
    return int_op("aclnnInplaceRandomWithoutFromToTensor", selfRef, true, 0, 0, seedTensor,
                  offsetTensor, true, 0, offset, OPS_DT_RandomWithoutFromToTensor, workspaceSize,
                  executor);
}

/* ---- Bernoulli ------------------------------------------------------------------------- */

static aclnnStatus bern_op(const char *name, const aclTensor *self, const aclScalar *prob,
                           const aclTensor *tprob, int64_t seed, int64_t offset,
                           const aclTensor *out, uint64_t *ws, aclOpExecutor **ex)
{
    OPS_CHECK_NULL(name, self);
    if (tprob)
        OPS_CHECK_NULL(name, tprob);
    else
        OPS_CHECK_NULL(name, prob);
    OPS_CHECK_NULL(name, out);
    aclnnStatus rc;
    int sd;
    unsigned types = tprob ? OPS_DT_BernoulliTensor : OPS_DT_Bernoulli;
    if ((rc = ops_check_dims(self, name, "self")) ||
        (rc = ops_need_dt(name, "self", self->dtype, types, &sd)) ||
        (rc = ops_check_dims(out, name, "out")) ||
        (rc = ops_check_shape(name, self->dims, (int)self->ndim, out, "out")))
        return rc;
    double p = 0;
    if (prob) {
        if ((rc = ops_check_scalar(name, "prob", prob, NULL)))
            return rc;
        p = ops_scalar_f64(prob);
        if (!(p >= 0 && p <= 1))
            return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: prob %g is outside [0, 1]", name, p);
    }
    return rnd_op(RND(.name = name, .a = tprob, .out = out, .aname = "prob", .types = types,
                      .atypes = OPS_DT2_BernoulliTensor,
                      .v = {.kind = RK_BERNOULLI,
                            .pa = p,
                            .seed = (uint64_t)seed,
                            .offset = (uint64_t)offset}),
                  ws, ex);
}
aclnnStatus aclnnBernoulliGetWorkspaceSize(const aclTensor *self, const aclScalar *prob,
                                           int64_t seed, int64_t offset, aclTensor *out, WS)
{
    return bern_op("aclnnBernoulli", self, prob, NULL, seed, offset, out, workspaceSize, executor);
}
aclnnStatus aclnnInplaceBernoulliGetWorkspaceSize(const aclTensor *selfRef, const aclScalar *prob,
                                                  int64_t seed, int64_t offset, WS)
{
    return bern_op("aclnnInplaceBernoulli", selfRef, prob, NULL, seed, offset, selfRef,
                   workspaceSize, executor);
}
aclnnStatus aclnnBernoulliTensorGetWorkspaceSize(const aclTensor *self, const aclTensor *prob,
                                                 int64_t seed, int64_t offset, aclTensor *out, WS)
{
    return bern_op("aclnnBernoulliTensor", self, NULL, prob, seed, offset, out, workspaceSize,
                   executor);
}
aclnnStatus aclnnInplaceBernoulliTensorGetWorkspaceSize(const aclTensor *selfRef,
                                                        const aclTensor *prob, int64_t seed,
                                                        int64_t offset, WS)
{
    return bern_op("aclnnInplaceBernoulliTensor", selfRef, NULL, prob, seed, offset, selfRef,
                   workspaceSize, executor);
}

/* ---- Multinomial and Randperm -------------------------------------------------------------- */

static aclnnStatus multi_op(const char *name, const aclTensor *self, int64_t k, bool repl,
                            const aclTensor *st, const aclTensor *ot, bool dev, int64_t seed,
                            int64_t offset, const aclTensor *out, uint64_t *ws, aclOpExecutor **ex)
{
    OPS_CHECK_NULLS(name, self, out);
    aclnnStatus rc;
    int sd;
    if ((rc = ops_check_dims(self, name, "self")) ||
        (rc = ops_need_dt(name, "self", self->dtype, OPS_DT_Multinomial, &sd)))
        return rc;
    int nd = (int)self->ndim;
    if (nd < 1 || nd > 2)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: self has %d dims (1 or 2)", name, nd);
    int64_t c = self->dims[nd - 1], rows = nd == 2 ? self->dims[0] : 1;
    if (k <= 0 || (!repl && k > c))
        return ops_err(ACLNN_ERR_PARAM_INVALID,
                       "%s: numsamples %lld must be positive%s (%lld categories)", name,
                       (long long)k, repl ? "" : " and at most the categories without replacement",
                       (long long)c);
    if (c == 0)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: self has no categories", name);
    int64_t want[2] = {rows, k};
    if ((rc = ops_check_shape(name, nd == 2 ? want : want + 1, nd, out, "out")))
        return rc;
    return rnd_op(RND(.name = name, .a = self, .seed = st, .off = ot, .out = out, .aname = "self",
                      .types = OPS_DT2_Multinomial, .atypes = OPS_DT_Multinomial,
                      .v = {.kind = RK_MULTINOMIAL,
                            .rows = rows,
                            .cols = c,
                            .nsamples = k,
                            .replacement = repl,
                            .dev_seed = dev,
                            .seed = (uint64_t)seed,
                            .offset = (uint64_t)offset}),
                  ws, ex);
}
aclnnStatus aclnnMultinomialGetWorkspaceSize(const aclTensor *self, int64_t numsamples,
                                             bool replacement, int64_t seed, int64_t offset,
                                             aclTensor *out, WS)
{
    return multi_op("aclnnMultinomial", self, numsamples, replacement, NULL, NULL, false, seed,
                    offset, out, workspaceSize, executor);
}
aclnnStatus aclnnMultinomialTensorGetWorkspaceSize(const aclTensor *self, int64_t numsamples,
                                                   bool replacement, const aclTensor *seedTensor,
                                                   const aclTensor *offsetTensor, int64_t offset,
                                                   aclTensor *out, WS)
{
    (void)OPS_DT2_MultinomialTensor;
    (void)OPS_DT_MultinomialTensor;
    return multi_op("aclnnMultinomialTensor", self, numsamples, replacement, seedTensor,
                    offsetTensor, true, 0, offset, out, workspaceSize, executor);
}
aclnnStatus aclnnRandpermGetWorkspaceSize(int64_t n, int64_t seed, int64_t offset, aclTensor *out,
                                          WS)
{
    const char *name = "aclnnRandperm";
    OPS_CHECK_NULL(name, out);
    if (n < 0)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: n %lld is negative", name, (long long)n);
    aclnnStatus rc;
    if ((rc = ops_check_dims(out, name, "out")) || (rc = ops_check_shape(name, &n, 1, out, "out")))
        return rc;
    return rnd_op(
        RND(.name = name, .out = out, .types = OPS_DT_Randperm,
            .v = {.kind = RK_RANDPERM, .seed = (uint64_t)seed, .offset = (uint64_t)offset}),
        workspaceSize, executor);
}

PHASE2(NormalTensorTensor)
PHASE2(NormalTensorFloat)
PHASE2(NormalFloatTensor)
PHASE2(NormalFloatFloat)
PHASE2(InplaceNormal)
PHASE2(InplaceNormalTensor)
PHASE2(InplaceUniform)
PHASE2(InplaceUniformTensor)
PHASE2(InplaceRandom)
PHASE2(InplaceRandomTensor)
PHASE2(InplaceRandomWithoutFromTo)
PHASE2(InplaceRandomWithoutFromToTensor)
PHASE2(Bernoulli)
PHASE2(InplaceBernoulli)
PHASE2(BernoulliTensor)
PHASE2(InplaceBernoulliTensor)
PHASE2(Multinomial)
PHASE2(MultinomialTensor)
PHASE2(Randperm)
