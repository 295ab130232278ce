/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Sequences written by formula: Arange, Range, Linspace, LogSpace, Eye and EyeV2.
 *
 * SQ1. One run for all (arange_run): out's elements in row-major order get
 *     element j of the sequence, computed in double (int64 for the integer
 *     Arange / Range), stored through the engine's converters. Linspace:
 *     step (end - start) / (steps - 1); the first half counts from start,
 *     the second back from end (PyTorch's form, exact at both ends; one
 *     step gives start).
 *     LogSpace: base to the power of Linspace's element. Eye: 1 where
 *     row == column of the (n, m) out, else 0.
 * SQ2. Range: the inclusive sequence start, start + step, ... <= end (for
 *     step > 0), floor((end - start) / step) + 1 elements.
 *
 * Semantics follow AscendCL's operator (ops-math op_api source, Ascend910B
 * data type list):
 *  AR4. Arange: out may have any shape whose element count is the sequence's
 *      length (filled in row-major order; ggml passes a 4-d out). The length:
 *      ceil((end - start) / step), computed in double, or in float for
 *      FLOAT/FLOAT16/BFLOAT16 outs (either count is accepted). A float out
 *      gets start + i * step computed in double; an integer out (INT32,
 *      INT64) truncates start, end and step to integers first and wraps.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "aclnnop/aclnn_arange.h"
#include "aclnnop/aclnn_eye.h"
#include "aclnnop/aclnn_eye_v2.h"
#include "aclnnop/aclnn_lin_space_d.h"
#include "aclnnop/aclnn_linspace.h"
#include "aclnnop/aclnn_logspace.h"
#include "aclnnop/aclnn_range.h"
#include "ops/engine/engine.h"
#include "ops/shape/table.h"
#pragma GCC optimize("O3")

/* ---- Arange ---------------------------------------------------------------------------------- */

#define ARANGE_CHUNK 512

enum seq_kind { SEQ_ARANGE, SEQ_LINSPACE, SEQ_LOGSPACE, SEQ_EYE };

struct arange_plan {
    struct ops_tensor out;
    bool integer;
    enum seq_kind kind;
    double fstart, fstep, fend, base;
    int64_t istart, istep, n, cols;
};

/* SQ1: element j of the sequence (a float out) */
static double seq_f64(const struct arange_plan *p, int64_t j)
{
    switch (p->kind) {
    case SEQ_ARANGE:
        return p->fstart + (double)j * p->fstep;
    case SEQ_EYE:
        return j / p->cols == j % p->cols;
    default: { /* PyTorch's symmetric form: the first half from start, the rest from end */
        double v = j < p->n / 2 || p->n == 1 ? p->fstart + (double)j * p->fstep
                                             : p->fend - (double)(p->n - 1 - j) * p->fstep;
        return p->kind == SEQ_LOGSPACE ? pow(p->base, v) : v;
    }
    }
}

static int32_t arange_run(const struct aclOpExecutor *e, void *const *addr)
{
    const struct arange_plan *p = e->plan;
    const struct ops_tensor *o = &p->out;
    int ck = p->integer ? CK_I64 : CK_F64;
    ops_store_fn st = ops_storer(ck, o->dt);
    int nd = o->ndim;
    int64_t oe = ops_dt_size(o->dt), n = o->numel;
    /* Rows along the last dim (a 0-d out is one row of one element); the
     * outer dims are walked row-major with an odometer. */
    int64_t inner = nd ? o->dims[nd - 1] : 1, os = nd ? o->strides[nd - 1] * oe : oe;
    int64_t idx[OPS_MAX_DIMS] = {0};
    char *row = ops_base(o, addr);
    union {
        double f[ARANGE_CHUNK];
        int64_t i[ARANGE_CHUNK];
    } buf;
    for (int64_t base = 0; base < n; base += inner) {
        for (int64_t b = 0; b < inner; b += ARANGE_CHUNK) {
            int64_t m = inner - b < ARANGE_CHUNK ? inner - b : ARANGE_CHUNK;
            for (int64_t k = 0; k < m; k++) {
                int64_t j = base + b + k;
                if (p->integer) /* wraps (AR4) */
                    buf.i[k] = (int64_t)((uint64_t)p->istart + (uint64_t)j * (uint64_t)p->istep);
                else
                    buf.f[k] = seq_f64(p, j);
            }
            st(row + b * os, os, &buf, m);
        }
        for (int d = nd - 2; d >= 0; d--) {
            row += o->strides[d] * oe;
            if (++idx[d] < o->dims[d])
                break;
            row -= o->strides[d] * o->dims[d] * oe;
            idx[d] = 0;
        }
    }
    return 0;
}

/* The checks Arange and Range open with: the three scalars, out and its type (of types). */
static aclnnStatus seq_args(const char *name, const aclScalar *start, const aclScalar *end,
                            const aclScalar *step, const aclTensor *out, unsigned types, int *odt)
{
    aclnnStatus rc;
    if ((rc = ops_check_scalar(name, "start", start, NULL)) ||
        (rc = ops_check_scalar(name, "end", end, NULL)) ||
        (rc = ops_check_scalar(name, "step", step, NULL)) ||
        (rc = ops_check_dims(out, name, "out")) ||
        (rc = ops_need_dt(name, "out", out->dtype, types, odt)))
        return rc;
    return ACLNN_SUCCESS;
}

aclnnStatus aclnnArangeGetWorkspaceSize(const aclScalar *start, const aclScalar *end,
                                        const aclScalar *step, aclTensor *out, WS)
{
    const char *name = "aclnnArange";
    OPS_CHECK_NULLS(name, start, end, step, out, workspaceSize, executor);
    aclnnStatus rc;
    int odt;
    if ((rc = seq_args(name, start, end, step, out, OPS_DT_Arange, &odt)))
        return rc;
    bool integer = !ops_dt_is_float(odt);
    double fs = ops_scalar_f64(start), fe = ops_scalar_f64(end), fst = ops_scalar_f64(step);
    int64_t is = ops_scalar_i64(start), ie = ops_scalar_i64(end), ist = ops_scalar_i64(step);
    /* The element count (AR4): exact for integers; in double and, for the
     * float32 family, also in float. */
    uint64_t n1, n2;
    if (!isfinite(fs) || !isfinite(fe) || !isfinite(fst)) /* integer scalars are always finite */
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: start, end and step must be finite", name);
    if (integer) {
        if (ist == 0)
            return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: step must be nonzero (as an integer)",
                           name);
        if ((ist > 0 && is > ie) || (ist < 0 && is < ie))
            return ops_err(ACLNN_ERR_PARAM_INVALID,
                           "%s: start %lld, end %lld and step %lld are inconsistent (the step's "
                           "sign must lead from start to end)",
                           name, (long long)is, (long long)ie, (long long)ist);
        /* |end - start| and |step| as unsigned: exact even across the int64 range. */
        uint64_t span = ist > 0 ? (uint64_t)ie - (uint64_t)is : (uint64_t)is - (uint64_t)ie;
        uint64_t ust = ist > 0 ? (uint64_t)ist : 0 - (uint64_t)ist;
        n1 = n2 = span / ust + (span % ust != 0);
    } else {
        bool f32 = odt != DT_F64;
        float gs = (float)fs, ge = (float)fe, gst = (float)fst;
        if (f32 ? gst == 0 : fst == 0)
            return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: step must be nonzero", name);
        if (f32 ? ((gst > 0 && gs > ge) || (gst < 0 && gs < ge))
                : ((fst > 0 && fs > fe) || (fst < 0 && fs < fe)))
            return ops_err(ACLNN_ERR_PARAM_INVALID,
                           "%s: start %g, end %g and step %g are inconsistent (the step's sign "
                           "must lead from start to end)",
                           name, fs, fe, fst);
        /* A count that is negative (the float reading's sign check passed,
         * the double one's would not) or too long for any tensor is
         * unusable: UINT64_MAX matches no length. Refused only when both
         * readings are unusable. */
        double c1 = ceil((fe - fs) / fst);
        double c2 = f32 ? (double)ceilf((ge - gs) / gst) : c1;
        n1 = c1 >= 0 && c1 < 9.2e18 ? (uint64_t)c1 : UINT64_MAX;
        n2 = c2 >= 0 && c2 < 9.2e18 ? (uint64_t)c2 : UINT64_MAX;
        if (n1 == UINT64_MAX && n2 == UINT64_MAX)
            return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: the sequence is too long", name);
    }
    uint64_t len = (uint64_t)ops_numel(out->dims, (int)out->ndim);
    if (len != n1 && len != n2) {
        int64_t want = (int64_t)(n1 != UINT64_MAX ? n1 : n2);
        char sh[160];
        return ops_err(ACLNN_ERR_PARAM_INVALID,
                       "%s: out has shape %s (%llu elements); the sequence has %lld", name,
                       ops_shape_str(sh, sizeof sh, out->dims, (int)out->ndim),
                       (unsigned long long)len, (long long)want);
    }
    struct aclOpExecutor *e = ops_exec_plan(name, 0, 1, sizeof(struct arange_plan), NULL);
    if (!e)
        return ACLNN_ERR_INNER_CREATE_EXECUTOR;
    struct arange_plan *p = e->plan;
    *p = (struct arange_plan){
        .integer = integer, .fstart = fs, .fstep = fst, .istart = is, .istep = ist};
    if ((rc = OPS_VIEWS(e, {&p->out, out, "out"})))
        return rc;
    e->run = p->out.numel > 0 ? arange_run : NULL;
    return ops_exec_done(e, workspaceSize, executor);
}
PHASE2(Arange)

/* ---- Range, Linspace, LogSpace, Eye (SQ1, SQ2) ------------------------------------------------
 */

/* The executor of a sequence plan over out, filled by the caller through *pp. */
static aclnnStatus seq_plan(const char *name, const aclTensor *out, struct aclOpExecutor **pe,
                            struct arange_plan **pp)
{
    struct aclOpExecutor *e = ops_exec_plan(name, 0, 1, sizeof(struct arange_plan), NULL);
    if (!e)
        return ACLNN_ERR_INNER_CREATE_EXECUTOR;
    struct arange_plan *p = e->plan;
    aclnnStatus rc;
    if ((rc = OPS_VIEWS(e, {&p->out, out, "out"})))
        return rc;
    e->run = p->out.numel > 0 ? arange_run : NULL;
    *pe = e;
    *pp = p;
    return ACLNN_SUCCESS;
}

aclnnStatus aclnnRangeGetWorkspaceSize(const aclScalar *start, const aclScalar *end,
                                       const aclScalar *step, aclTensor *out, WS)
{
    const char *name = "aclnnRange";
    OPS_CHECK_NULLS(name, start, end, step, out, workspaceSize, executor);
    aclnnStatus rc;
    int odt;
    if ((rc = seq_args(name, start, end, step, out, OPS_DT_Range, &odt)))
        return rc;
    double fs = ops_scalar_f64(start), fe = ops_scalar_f64(end), fst = ops_scalar_f64(step);
    if (!isfinite(fs) || !isfinite(fe) || !isfinite(fst))
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: start, end and step must be finite", name);
    if (fst == 0 || (fst > 0 && fs > fe) || (fst < 0 && fs < fe))
        return ops_err(ACLNN_ERR_PARAM_INVALID,
                       "%s: start %g, end %g and step %g are inconsistent (a nonzero step whose "
                       "sign leads from start to end)",
                       name, fs, fe, fst);
    double c = floor((fe - fs) / fst) + 1;
    if (c >= 9.2e18)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: the sequence is too long", name);
    int64_t len = (int64_t)c;
    if (ops_numel(out->dims, (int)out->ndim) != len) {
        char sh[160];
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: out has shape %s; the sequence has %lld", name,
                       ops_shape_str(sh, sizeof sh, out->dims, (int)out->ndim), (long long)len);
    }
    struct aclOpExecutor *e;
    struct arange_plan *p;
    if ((rc = seq_plan(name, out, &e, &p)))
        return rc;
    p->kind = SEQ_ARANGE;
    p->integer = !ops_dt_is_float(odt);
    p->fstart = fs;
    p->fstep = fst;
    p->istart = ops_scalar_i64(start);
    p->istep = ops_scalar_i64(step);
    if (p->integer && p->istep == 0) {
        ops_exec_discard(e);
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: step must be nonzero (as an integer)", name);
    }
    return ops_exec_done(e, workspaceSize, executor);
}
PHASE2(Range)

static aclnnStatus space_op(const char *name, unsigned types, enum seq_kind kind,
                            const aclScalar *start, const aclScalar *end, int64_t steps,
                            double base, const aclTensor *out, uint64_t *ws, aclOpExecutor **ex)
{
    aclnnStatus rc;
    int odt;
    if ((rc = ops_check_scalar(name, "start", start, NULL)) ||
        (rc = ops_check_scalar(name, "end", end, NULL)) ||
        (rc = ops_check_dims(out, name, "out")) ||
        (rc = ops_need_dt(name, "out", out->dtype, types, &odt)))
        return rc;
    if (steps < 0)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: steps %lld is negative", name,
                       (long long)steps);
    if ((rc = ops_check_shape(name, &steps, 1, out, "out")))
        return rc;
    struct aclOpExecutor *e;
    struct arange_plan *p;
    if ((rc = seq_plan(name, out, &e, &p)))
        return rc;
    p->kind = kind;
    p->n = steps;
    p->base = base;
    p->fstart = ops_scalar_f64(start);
    p->fend = ops_scalar_f64(end);
    p->fstep = steps > 1 ? (p->fend - p->fstart) / (double)(steps - 1) : 0;
    return ops_exec_done(e, ws, ex);
}

aclnnStatus aclnnLinspaceGetWorkspaceSize(const aclScalar *start, const aclScalar *end,
                                          int64_t steps, aclTensor *out, WS)
{
    OPS_CHECK_NULLS("aclnnLinspace", start, end, out, workspaceSize, executor);
    return space_op("aclnnLinspace", OPS_DT_Linspace, SEQ_LINSPACE, start, end, steps, 0, out,
                    workspaceSize, executor);
}
PHASE2(Linspace)

aclnnStatus aclnnLogSpaceGetWorkspaceSize(const aclScalar *start, const aclScalar *end,
                                          int64_t steps, double base, const aclTensor *result, WS)
{
    OPS_CHECK_NULLS("aclnnLogSpace", start, end, result, workspaceSize, executor);
    return space_op("aclnnLogSpace", OPS_DT_LogSpace, SEQ_LOGSPACE, start, end, steps, base, result,
                    workspaceSize, executor);
}
PHASE2(LogSpace)

/* ---- LinSpaceD (ops-math's experimental lin_space_d) --------------------------------------------
 * start and end are one-element tensors (FLOAT16, FLOAT, BFLOAT16, INT8, INT16, INT32, UINT8, its
 * op definition's types) read at the launch, num one value (num[0] >= 0, the graph's value-depend
 * input), out FLOAT [num]. As CANN's kernel, in float: step = (end - start) / (num - 1) and
 * out[i] = start + step * i (an arithmetic progression from start, not torch's two-ended form:
 * the last element may miss end by rounding); num 1 gives start. */
struct lsd_plan {
    struct ops_tensor start, end, out;
    int64_t num;
};

static int32_t lsd_run(const struct aclOpExecutor *e, void *const *addr)
{
    const struct lsd_plan *p = e->plan;
    double s, t;
    ops_gather_nd(&s, CK_F64, ops_base(&p->start, addr), p->start.dt, 0, NULL, NULL);
    ops_gather_nd(&t, CK_F64, ops_base(&p->end, addr), p->end.dt, 0, NULL, NULL);
    float sf = (float)s, step = p->num > 1 ? ((float)t - sf) / (float)(p->num - 1) : 0;
    float *v = malloc((size_t)p->num * sizeof(float));
    if (!v)
        return ACL_ERROR_BAD_ALLOC;
    for (int64_t i = 0; i < p->num; i++)
        v[i] = sf + step * (float)i;
    const struct ops_tensor *o = &p->out;
    ops_scatter_nd(v, CK_F32, ops_base(o, addr), o->dt, o->ndim, o->dims, o->strides);
    free(v);
    return 0;
}

aclnnStatus aclnnLinSpaceDGetWorkspaceSize(const aclTensor *start, const aclTensor *end,
                                           const aclIntArray *num, aclTensor *out, WS)
{
    const char *name = "aclnnLinSpaceD";
    OPS_CHECK_NULLS(name, start, end, num, out, workspaceSize, executor);
    aclnnStatus rc;
    int dt;
    if ((rc = ops_check_dims(start, name, "start")) || (rc = ops_check_dims(end, name, "end")) ||
        (rc = ops_check_dims(out, name, "out")) ||
        (rc = ops_need_dt(name, "start", start->dtype, OPS_DT_LinSpaceD, &dt)) ||
        (rc = ops_need_dt(name, "end", end->dtype, OPS_DT_LinSpaceD, &dt)) ||
        (rc = ops_need_dt(name, "out", out->dtype, OPS_DT2_LinSpaceD, &dt)))
        return rc;
    if (ops_numel(start->dims, (int)start->ndim) != 1 || ops_numel(end->dims, (int)end->ndim) != 1)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: start and end must have one element each",
                       name);
    if (num->n != 1 || num->v[0] < 0)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: num must be one value >= 0", name);
    if ((rc = ops_check_shape(name, num->v, 1, out, "out")))
        return rc;
    OPS_PLAN(e, p, name, 2, 1, struct lsd_plan, NULL, {&p->start, start, "start"},
             {&p->end, end, "end"}, {&p->out, out, "out"});
    p->num = num->v[0];
    e->run = p->num ? lsd_run : NULL;
    return ops_exec_done(e, workspaceSize, executor);
}
PHASE2(LinSpaceD)

/* Eye and EyeV2: out [n, m] the identity; types: the row's. */
static aclnnStatus eye_op(const char *name, unsigned types, int64_t n, int64_t m,
                          const aclTensor *out, uint64_t *workspaceSize, aclOpExecutor **executor)
{
    OPS_CHECK_NULLS(name, out, workspaceSize, executor);
    aclnnStatus rc;
    int odt;
    if ((rc = ops_check_dims(out, name, "out")) ||
        (rc = ops_need_dt(name, "out", out->dtype, types, &odt)))
        return rc;
    if (n < 0 || m < 0)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: n %lld and m %lld must be >= 0", name,
                       (long long)n, (long long)m);
    int64_t want[2] = {n, m};
    if ((rc = ops_check_shape(name, want, 2, out, "out")))
        return rc;
    struct aclOpExecutor *e;
    struct arange_plan *p;
    if ((rc = seq_plan(name, out, &e, &p)))
        return rc;
    p->kind = SEQ_EYE;
    p->cols = m ? m : 1;
    return ops_exec_done(e, workspaceSize, executor);
}
aclnnStatus aclnnEyeGetWorkspaceSize(int64_t n, int64_t m, aclTensor *out, WS)
{
    return eye_op("aclnnEye", OPS_DT_Eye, n, m, out, workspaceSize, executor);
}
PHASE2(Eye)
/* EyeV2 (ops-math's experimental form): x only gives the type family (its values are not
 * read); out [rows, cols] of one of the row's types. */
aclnnStatus aclnnEyeV2GetWorkspaceSize(const aclTensor *x, int64_t rows, int64_t cols,
                                       aclTensor *out, WS)
{
    const char *name = "aclnnEyeV2";
    OPS_CHECK_NULLS(name, x, out, workspaceSize, executor);
    int xdt;
    aclnnStatus rc = ops_need_dt(name, "x", x->dtype, OPS_DT_EyeV2, &xdt);
    if (rc)
        return rc;
    return eye_op(name, OPS_DT_EyeV2, rows, cols, out, workspaceSize, executor);
}
PHASE2(EyeV2)
