/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Dropout and its bit masks: DropoutGenMask (V2, V2Tensor) draws a mask, DropoutDoMask and
 * DropoutBackward apply one, Dropout does both.
 *
 *  DP1. The mask is CANN's bit mask in UINT8 bytes: element i of the (row-major) data is bit
 *      i % 8 of byte i / 8, the lowest bit first (CANN's golden reverses each byte's bits
 *      before numpy's unpackbits, which reads the highest first); 1 keeps the element. Its
 *      length is align(n, 128) / 8 bytes for n elements, the bits past n are 0.
 *  DP2. The bits come from random.c's generator (RN1: key = seed, counter = (offset, 0);
 *      with DropoutGenMaskV2Tensor seed and offset from the INT64 tensors when the operator
 *      runs): element i keeps when its uniform u in [0, 1) is >= prob (dropped with
 *      probability prob), one number per element in row-major order. V2's probDataType only
 *      selects the precision prob is rounded to first (the NPU computes the threshold in
 *      that type; a guess, CANN documents no more).
 *  DP3. Applying: out = x * scale where the bit is 1, 0 where it is 0; scale = 1 / (1 - prob)
 *      for DoMask and Dropout (prob 1: every element 0, prob 0: x unchanged) and the given
 *      scale (0 or >= 1) for Backward. Computed in double, rounded to out's type once.
 *      Dropout with train false, p 0 or p 1 draws nothing and leaves maskOut unwritten.
 */
#include <stdlib.h>
#include <string.h>

#include "aclnnop/aclnn_dropout.h"
#include "aclnnop/aclnn_dropout_backward.h"
#include "aclnnop/aclnn_dropout_do_mask.h"
#include "aclnnop/aclnn_dropout_gen_mask.h"
#include "core/philox.h"
#include "ops/engine/engine.h"
#include "ops/random/table.h"

struct dp_plan {
    struct ops_tensor x, seed_t, off_t, mask_in, out, mask_out; /* inputs, then outputs */
    bool gen, apply, dev_seed; /* draw the mask into mask_out; apply it to x into out */
    bool all_keep;             /* apply without a mask (Dropout not drawing) */
    double prob, scale;
    uint64_t seed, offset;
    int64_t n; /* data elements */
};

/* The mask's bytes for n elements (DP1). */
static int64_t dp_mask_bytes(int64_t n)
{
    return (n + 127) / 128 * 16;
}

static int64_t load_one_i64(const struct ops_tensor *t, void *const *addr)
{
    int64_t v = 0;
    ops_gather_nd(&v, CK_I64, ops_base(t, addr), t->dt, 0, t->dims, t->strides);
    return v;
}

static int32_t dp_run(const struct aclOpExecutor *e, void *const *addr)
{
    const struct dp_plan *p = e->plan;
    int64_t n = p->n, nb = dp_mask_bytes(n);
    uint8_t *m = calloc((size_t)(nb ? nb : 1), 1);
    double *v = p->apply ? malloc((size_t)(n ? n : 1) * sizeof(double)) : NULL;
    if (!m || (p->apply && !v)) {
        free(m);
        free(v);
        return ACL_ERROR_BAD_ALLOC;
    }
    if (p->gen) { /* DP2 */
        uint64_t seed = p->seed, offset = p->offset;
        if (p->dev_seed) {
            seed = (uint64_t)load_one_i64(&p->seed_t, addr);
            offset += (uint64_t)load_one_i64(&p->off_t, addr);
        }
        struct philox g = philox_at(seed, offset, 0);
        for (int64_t i = 0; i < n; i++)
            if (philox_uniform01(&g) >= p->prob)
                m[i >> 3] |= (uint8_t)(1u << (i & 7));
        const struct ops_tensor *mo = &p->mask_out;
        ops_scatter_nd(m, CK_RAW1, ops_base(mo, addr), mo->dt, mo->ndim, mo->dims, mo->strides);
    } else if (p->apply && !p->all_keep) {
        const struct ops_tensor *mi = &p->mask_in;
        ops_gather_nd(m, CK_RAW1, ops_base(mi, addr), mi->dt, mi->ndim, mi->dims, mi->strides);
    }
    if (p->apply) { /* DP3 */
        const struct ops_tensor *x = &p->x, *o = &p->out;
        ops_gather_nd(v, CK_F64, ops_base(x, addr), x->dt, x->ndim, x->dims, x->strides);
        for (int64_t i = 0; i < n; i++)
            v[i] = p->scale != 0 && (p->all_keep || (m[i >> 3] >> (i & 7) & 1)) ? v[i] * p->scale
                                                                                : 0.0;
        ops_scatter_nd(v, CK_F64, ops_base(o, addr), o->dt, o->ndim, o->dims, o->strides);
    }
    free(m);
    free(v);
    return 0;
}

/* The arguments of one call (NULL tensors are absent). */
struct dp_args {
    const char *name;
    const aclTensor *x, *mask, *seed, *off, *out;
    const char *xname, *mname;
    unsigned types;   /* x's and out's: the row's */
    int64_t n;        /* elements (of x or of the shape array) */
    bool mask_out;    /* mask is written (GenMask, Dropout) rather than read */
    struct dp_plan v; /* flags and numbers */
};

static aclnnStatus dp_op(struct dp_args *r, uint64_t *ws, aclOpExecutor **ex)
{
    const char *name = r->name;
    aclnnStatus rc;
    int dt;
    if (r->x) {
        if ((rc = ops_check_dims(r->x, name, r->xname)) ||
            (rc = ops_need_dt(name, r->xname, r->x->dtype, r->types, &dt)) ||
            (rc = ops_check_dims(r->out, name, "out")) ||
            (rc = ops_need_dt(name, "out", r->out->dtype, r->types, &dt)) ||
            (rc = ops_check_shape(name, r->x->dims, (int)r->x->ndim, r->out, "out")))
            return rc;
    }
    if (r->mask) {
        int64_t want = dp_mask_bytes(r->n);
        if ((rc = ops_check_dims(r->mask, name, r->mname)) ||
            (rc = ops_need_dt(name, r->mname, r->mask->dtype, DTM(DT_U8), &dt)))
            return rc;
        if (ops_numel(r->mask->dims, (int)r->mask->ndim) != want)
            return ops_err(ACLNN_ERR_PARAM_INVALID,
                           "%s: %s must hold align(%lld, 128) / 8 = %lld bytes, it holds %lld",
                           name, r->mname, (long long)r->n, (long long)want,
                           (long long)ops_numel(r->mask->dims, (int)r->mask->ndim));
    }
    if (r->v.dev_seed) {
        OPS_CHECK_NULLS(name, r->seed, r->off);
        if ((rc = ops_check_dims(r->seed, name, "seedTensor")) ||
            (rc = ops_check_dims(r->off, name, "offsetTensor")) ||
            (rc = ops_need_dt(name, "seedTensor", r->seed->dtype, DTM(DT_I64), &dt)) ||
            (rc = ops_need_dt(name, "offsetTensor", r->off->dtype, DTM(DT_I64), &dt)))
            return rc;
        if (ops_numel(r->seed->dims, (int)r->seed->ndim) != 1 ||
            ops_numel(r->off->dims, (int)r->off->ndim) != 1)
            return ops_err(ACLNN_ERR_PARAM_INVALID,
                           "%s: seedTensor and offsetTensor must hold one element each", name);
    }
    /* a mask read is an input, a mask written an output */
    const char *mn = r->mname ? r->mname : "mask";
    OPS_PLAN(e, p, name, 4, 2, struct dp_plan, NULL, {&p->x, r->x, r->xname ? r->xname : "self"},
             {&p->seed_t, r->seed, "seedTensor"}, {&p->off_t, r->off, "offsetTensor"},
             {&p->mask_in, r->mask_out ? NULL : r->mask, mn}, {&p->out, r->out, "out"},
             {&p->mask_out, r->mask_out ? r->mask : NULL, mn});
    struct dp_plan v = r->v;
    v.x = p->x, v.seed_t = p->seed_t, v.off_t = p->off_t, v.mask_in = p->mask_in;
    v.out = p->out, v.mask_out = p->mask_out;
    *p = v;
    p->n = r->n;
    e->run = r->n ? dp_run : NULL;
    return ops_exec_done(e, ws, ex);
}

#define DP(...) (&(struct dp_args){__VA_ARGS__})

/* ---- drawing masks ------------------------------------------------------------------------ */

static aclnnStatus gen_op(const char *name, const aclIntArray *shape, double prob,
                          const aclTensor *st, const aclTensor *ot, bool dev, int64_t seed,
                          int64_t offset, bool v2, aclDataType probDataType, unsigned types,
                          const aclTensor *out, uint64_t *ws, aclOpExecutor **ex)
{
    OPS_CHECK_NULLS(name, shape, out, ws, ex);
    if (shape->n < 1 || shape->n > OPS_MAX_DIMS)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: shape has %llu elements (1 to 8)", name,
                       (unsigned long long)shape->n);
    int64_t n = 1;
    for (uint64_t i = 0; i < shape->n; i++) {
        if (shape->v[i] < 0)
            return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: shape[%llu] = %lld is negative", name,
                           (unsigned long long)i, (long long)shape->v[i]);
        n *= shape->v[i];
    }
    if (!(prob >= 0 && prob <= 1))
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: prob %g is outside [0, 1]", name, prob);
    if (v2) {
        int pd;
        aclnnStatus rc =
            ops_need_dt(name, "probDataType", probDataType, OPS_DT2_DropoutGenMaskV2, &pd);
        if (rc)
            return rc;
        ops_round_f64(&prob, 1, pd); /* DP2 */
    }
    int dt;
    aclnnStatus rc = ops_need_dt(name, "out", out->dtype, types, &dt);
    if (rc)
        return rc;
    return dp_op(DP(.name = name, .mask = out, .seed = st, .off = ot, .mname = "out", .n = n,
                    .mask_out = true,
                    .v = {.gen = true,
                          .dev_seed = dev,
                          .prob = prob,
                          .seed = (uint64_t)seed,
                          .offset = (uint64_t)offset}),
                 ws, ex);
}
aclnnStatus aclnnDropoutGenMaskGetWorkspaceSize(const aclIntArray *shape, double prob, int64_t seed,
                                                int64_t offset, aclTensor *out, WS)
{
    return gen_op("aclnnDropoutGenMask", shape, prob, NULL, NULL, false, seed, offset, false,
                  ACL_FLOAT, OPS_DT_DropoutGenMask, out, workspaceSize, executor);
}
aclnnStatus aclnnDropoutGenMaskV2GetWorkspaceSize(const aclIntArray *shape, double prob,
                                                  int64_t seed, int64_t offset,
                                                  aclDataType probDataType, aclTensor *out, WS)
{
    return gen_op("aclnnDropoutGenMaskV2", shape, prob, NULL, NULL, false, seed, offset, true,
                  probDataType, OPS_DT_DropoutGenMaskV2, out, workspaceSize, executor);
}
aclnnStatus aclnnDropoutGenMaskV2TensorGetWorkspaceSize(const aclIntArray *shape, double prob,
                                                        const aclTensor *seedTensor,
                                                        const aclTensor *offsetTensor,
                                                        int64_t offset, aclDataType probDataType,
                                                        aclTensor *out, WS)
{
    (void)OPS_DT2_DropoutGenMaskV2Tensor; /* the seed tensors' INT64, checked in dp_op */
    OPS_CHECK_NULLS("aclnnDropoutGenMaskV2Tensor", seedTensor, offsetTensor);
    return gen_op("aclnnDropoutGenMaskV2Tensor", shape, prob, seedTensor, offsetTensor, true, 0,
                  offset, true, probDataType, OPS_DT_DropoutGenMaskV2Tensor, out, workspaceSize,
                  executor);
}

/* ---- applying masks ------------------------------------------------------------------------ */

static aclnnStatus apply_op(const char *name, const char *xname, unsigned types, const aclTensor *x,
                            const aclTensor *mask, double scale, const aclTensor *out, uint64_t *ws,
                            aclOpExecutor **ex)
{
    OPS_CHECK_NULLS(name, x, mask, out, ws, ex);
    aclnnStatus rc = ops_check_dims(x, name, xname);
    if (rc)
        return rc;
    return dp_op(DP(.name = name, .x = x, .mask = mask, .out = out, .xname = xname, .mname = "mask",
                    .types = types, .n = ops_numel(x->dims, (int)x->ndim),
                    .v = {.apply = true, .scale = scale}),
                 ws, ex);
}
aclnnStatus aclnnDropoutDoMaskGetWorkspaceSize(const aclTensor *self, const aclTensor *mask,
                                               double prob, aclTensor *out, WS)
{
    if (!(prob >= 0 && prob <= 1))
        return ops_err(ACLNN_ERR_PARAM_INVALID, "aclnnDropoutDoMask: prob %g is outside [0, 1]",
                       prob);
    (void)OPS_DT2_DropoutDoMask; /* the mask's UINT8, checked in dp_op */
    return apply_op("aclnnDropoutDoMask", "self", OPS_DT_DropoutDoMask, self, mask,
                    prob == 1 ? 0 : 1 / (1 - prob), out, workspaceSize, executor);
}
aclnnStatus aclnnDropoutBackwardGetWorkspaceSize(const aclTensor *gradOutput, const aclTensor *mask,
                                                 double scale, aclTensor *out, WS)
{
    if (!(scale == 0 || scale >= 1))
        return ops_err(ACLNN_ERR_PARAM_INVALID,
                       "aclnnDropoutBackward: scale %g must be 0 or at least 1", scale);
    (void)OPS_DT2_DropoutBackward;
    return apply_op("aclnnDropoutBackward", "gradOutput", OPS_DT_DropoutBackward, gradOutput, mask,
                    scale, out, workspaceSize, executor);
}

/* ---- Dropout ---------------------------------------------------------------------------- */

aclnnStatus aclnnDropoutGetWorkspaceSize(const aclTensor *input, double p, bool train, int64_t seed,
                                         int64_t offset, aclTensor *out, aclTensor *maskOut, WS)
{
    const char *name = "aclnnDropout";
    OPS_CHECK_NULLS(name, input, out, maskOut, workspaceSize, executor);
    if (!(p >= 0 && p <= 1))
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: p %g is outside [0, 1]", name, p);
    aclnnStatus rc;
    if ((rc = ops_check_dims(input, name, "input")))
        return rc;
    bool draw = train && p > 0 && p < 1; /* DP3 */
    (void)OPS_DT2_Dropout;               /* maskOut's UINT8, checked in dp_op */
    return dp_op(DP(.name = name, .x = input, .mask = maskOut, .out = out, .xname = "input",
                    .mname = "maskOut", .types = OPS_DT_Dropout,
                    .n = ops_numel(input->dims, (int)input->ndim), .mask_out = true,
                    .v = {.gen = draw,
                          .apply = true,
                          .all_keep = !draw,
                          .prob = p,
                          .scale = !train   ? 1
                                   : p == 1 ? 0
                                            : 1 / (1 - p),
                          .seed = (uint64_t)seed,
                          .offset = (uint64_t)offset}),
                 workspaceSize, executor);
}

PHASE2(Dropout)
PHASE2(DropoutGenMask)
PHASE2(DropoutGenMaskV2)
PHASE2(DropoutGenMaskV2Tensor)
PHASE2(DropoutDoMask)
PHASE2(DropoutBackward)
