/* SPDX-License-Identifier: Apache-2.0 */
/*
 * The connectionist temporal classification loss: CtcLoss and CtcLossBackward (PyTorch's
 * _ctc_loss and _ctc_loss_backward, reduction none).
 *
 *  CT1. logProbs (T, N, C) or (T, C) (N = 1), log-probabilities; targets (N, S) padded or
 *      (sum(targetLengths),) concatenated; inputLengths / targetLengths N values each. For
 *      sample n, L = targetLengths[n], Tn = inputLengths[n], the extended labels l'(s) for s
 *      in [0, 2L + 1): blank at even s, targets' (s - 1) / 2-th label at odd s.
 *  CT2. Forward, in double and log space: alpha[0][0] = lp[0][blank], alpha[0][1] =
 *      lp[0][l'(1)]; alpha[t][s] = logsumexp(alpha[t-1][s], alpha[t-1][s-1], alpha[t-1][s-2]
 *      when l'(s) is not blank and differs from l'(s - 2)) + lp[t][l'(s)];
 *      negLogLikelihood[n] = -logsumexp(alpha[Tn-1][2L], alpha[Tn-1][2L-1]) (Tn = 0: 0 when
 *      L = 0, else inf); zeroInfinity turns an infinite loss into 0. logAlphaOut (N, T, A)
 *      holds alpha for t < Tn, s < 2L + 1 and -inf elsewhere; A is 2 maxL + 1 or that rounded
 *      up to a multiple of 8 (CANN's shape on its pre-950 NPUs).
 *  CT3. Backward: beta from the end symmetrically; for t < Tn, out[t][n][c] = gradOut[n]
 *      (exp(lp) - exp(logsumexp over s with l'(s) = c of (alpha + beta) +
 *      negLogLikelihood - lp)), with alpha and negLogLikelihood the given ones (as CANN's
 *      kernel takes them); 0 for t >= Tn, and for the whole sample when zeroInfinity and its
 *      loss is infinite (negLogLikelihood inf, or no path in logAlpha: the forward's
 *      zeroInfinity has put 0 in negLogLikelihood). logAlpha's last dim A >= 2 maxL + 1.
 *  CT4. A label outside [0, C) fails the launch before any write
 *      (ACL_ERROR_RT_AICORE_EXCEPTION at the synchronisation).
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "aclnnop/aclnn_ctc_loss.h"
#include "aclnnop/aclnn_ctc_loss_backward.h"
#include "ops/engine/engine.h"
#include "ops/loss/table.h"

#define CTC "aclnnCtcLoss"
#define CTCB "aclnnCtcLossBackward"

enum { CL_LP, CL_TG, CL_NLL, CL_LA, CL_GO, CL_OUT, CL_N };

struct ctc_plan {
    struct ops_tensor t[CL_N];
    bool backward, zero_inf, padded;
    int64_t T, N, C, S, A, blank; /* S: targets' padded width */
    int64_t *il, *tl;             /* N each, after the plan */
};

static double ctc_lse(double a, double b)
{
    if (a == -INFINITY)
        return b;
    if (b == -INFINITY)
        return a;
    const double m = a > b ? a : b;
    return m + log(exp(a - m) + exp(b - m));
}

/* Element (t, n, c) of logProbs as a double (3-dim or, N = 1, 2-dim). */
static const char *ctc_lp_at(const struct ops_tensor *lp, void *const *addr, int64_t t, int64_t n)
{
    const int64_t off =
        lp->ndim == 3 ? t * lp->strides[0] + n * lp->strides[1] : t * lp->strides[0];
    return ops_elem(lp, addr, off);
}

static int32_t ctc_run(const struct aclOpExecutor *e, void *const *addr)
{
    const struct ctc_plan *p = e->plan;
    const int64_t T = p->T, N = p->N, C = p->C, A = p->A;
    const struct ops_tensor *lpt = &p->t[CL_LP], *tg = &p->t[CL_TG];
    int64_t ntg = 1;
    for (int d = 0; d < tg->ndim; d++)
        ntg *= tg->dims[d];
    int32_t rc = ACL_SUCCESS;
    int64_t *lab = malloc((size_t)(ntg + 1) * sizeof(int64_t));
    int64_t *ext = malloc((size_t)A * sizeof(int64_t));
    double *lp = malloc((size_t)(T * C + 1) * sizeof(double));
    double *al = malloc((size_t)(T * A + 1) * sizeof(double));
    double *be = p->backward ? malloc((size_t)(T * A + 1) * sizeof(double)) : NULL;
    double *lc = malloc((size_t)(C + 1) * sizeof(double));
    double *row = malloc((size_t)(A > C ? A : C) * sizeof(double) + 8);
    double *nll = malloc((size_t)(N + 1) * sizeof(double));
    double *go = malloc((size_t)(N + 1) * sizeof(double));
    if (!lab || !ext || !lp || !al || (p->backward && !be) || !lc || !row || !nll || !go) {
        rc = ACL_ERROR_BAD_ALLOC;
        goto out;
    }
    ops_gather_nd(lab, CK_I64, ops_base(tg, addr), tg->dt, tg->ndim, tg->dims, tg->strides);
    for (int64_t i = 0; i < ntg; i++) /* CT4 */
        if (lab[i] < 0 || lab[i] >= C) {
            rc = ACL_ERROR_RT_AICORE_EXCEPTION;
            goto out;
        }
    ops_load_fn ld = ops_loader(CK_F64, lpt->dt);
    const int64_t es = ops_dt_size(lpt->dt), cst = lpt->strides[lpt->ndim - 1] * es;
    if (p->backward) {
        const struct ops_tensor *tn = &p->t[CL_NLL], *tgo = &p->t[CL_GO];
        ops_gather_nd(nll, CK_F64, ops_base(tn, addr), tn->dt, tn->ndim, tn->dims, tn->strides);
        ops_gather_nd(go, CK_F64, ops_base(tgo, addr), tgo->dt, tgo->ndim, tgo->dims, tgo->strides);
    }
    const struct ops_tensor *la = &p->t[CL_LA], *ot = &p->t[CL_OUT];
    ops_store_fn st = ops_storer(CK_F64, p->backward ? ot->dt : la->dt);
    int64_t off = 0; /* the concatenated targets' offset of sample n */
    for (int64_t n = 0; n < N; off += p->tl[n], n++) {
        const int64_t L = p->tl[n], Tn = p->il[n], S2 = 2 * L + 1;
        const int64_t *tgn = p->padded ? lab + n * p->S : lab + off;
        for (int64_t s = 0; s < S2; s++)
            ext[s] = s % 2 ? tgn[s / 2] : p->blank;
        for (int64_t t = 0; t < T; t++)
            ld(lp + t * C, ctc_lp_at(lpt, addr, t, n), cst, C);
        /* alpha: computed (forward) or the given logAlpha (backward, CT3) */
        for (int64_t i = 0; i < T * A; i++)
            al[i] = -INFINITY;
        if (!p->backward && Tn > 0) {
            al[0] = lp[ext[0]];
            if (S2 > 1)
                al[1] = lp[ext[1]];
            for (int64_t t = 1; t < Tn; t++)
                for (int64_t s = 0; s < S2; s++) {
                    double a = al[(t - 1) * A + s];
                    if (s > 0)
                        a = ctc_lse(a, al[(t - 1) * A + s - 1]);
                    if (s > 1 && ext[s] != p->blank && ext[s] != ext[s - 2])
                        a = ctc_lse(a, al[(t - 1) * A + s - 2]);
                    al[t * A + s] = a == -INFINITY ? a : a + lp[t * C + ext[s]];
                }
        } else if (p->backward) {
            for (int64_t t = 0; t < Tn; t++) {
                ld(row, ops_base(la, addr) + (n * la->strides[0] + t * la->strides[1]) * es,
                   la->strides[2] * es, S2);
                memcpy(al + t * A, row, (size_t)S2 * sizeof(double));
            }
        }
        if (!p->backward) {
            double l;
            if (Tn == 0)
                l = L == 0 ? 0.0 : INFINITY;
            else
                l = -ctc_lse(al[(Tn - 1) * A + S2 - 1],
                             S2 > 1 ? al[(Tn - 1) * A + S2 - 2] : -INFINITY);
            if (p->zero_inf && isinf(l))
                l = 0.0;
            nll[n] = l;
            for (int64_t t = 0; t < T; t++)
                st(ops_base(la, addr) + (n * la->strides[0] + t * la->strides[1]) * es,
                   la->strides[2] * es, al + t * A, A);
            continue;
        }
        /* CT3: the gradient of sample n */
        const struct ops_tensor *o = ot;
        char *obase = ops_base(o, addr);
        const int64_t ostc = o->strides[o->ndim - 1] * es;
        /* infinite: the given loss, or no path in the given alpha (the forward's zeroInfinity
         * leaves 0 in negLogLikelihood) */
        const bool none =
            Tn == 0 || ctc_lse(al[(Tn - 1) * A + S2 - 1],
                               S2 > 1 ? al[(Tn - 1) * A + S2 - 2] : -INFINITY) == -INFINITY;
        const bool zero = (p->zero_inf && (isinf(nll[n]) || none)) || Tn == 0;
        for (int64_t t = 0; t < T; t++) {
            char *dst =
                obase +
                (o->ndim == 3 ? t * o->strides[0] + n * o->strides[1] : t * o->strides[0]) * es;
            if (zero || t >= Tn) {
                for (int64_t c = 0; c < C; c++)
                    row[c] = 0.0;
                st(dst, ostc, row, C);
            }
        }
        if (zero)
            continue;
        for (int64_t i = 0; i < T * A; i++)
            be[i] = -INFINITY;
        be[(Tn - 1) * A + S2 - 1] = lp[(Tn - 1) * C + ext[S2 - 1]];
        if (S2 > 1)
            be[(Tn - 1) * A + S2 - 2] = lp[(Tn - 1) * C + ext[S2 - 2]];
        for (int64_t t = Tn - 2; t >= 0; t--)
            for (int64_t s = 0; s < S2; s++) {
                double b = be[(t + 1) * A + s];
                if (s + 1 < S2)
                    b = ctc_lse(b, be[(t + 1) * A + s + 1]);
                if (s + 2 < S2 && ext[s] != p->blank && ext[s] != ext[s + 2])
                    b = ctc_lse(b, be[(t + 1) * A + s + 2]);
                be[t * A + s] = b == -INFINITY ? b : b + lp[t * C + ext[s]];
            }
        for (int64_t t = 0; t < Tn; t++) {
            for (int64_t c = 0; c < C; c++)
                lc[c] = -INFINITY;
            for (int64_t s = 0; s < S2; s++)
                lc[ext[s]] = ctc_lse(lc[ext[s]], al[t * A + s] + be[t * A + s]);
            for (int64_t c = 0; c < C; c++) {
                const double x = lp[t * C + c];
                row[c] = (exp(x) - exp(lc[c] + nll[n] - x)) * go[n];
            }
            char *dst =
                obase +
                (o->ndim == 3 ? t * o->strides[0] + n * o->strides[1] : t * o->strides[0]) * es;
            st(dst, ostc, row, C);
        }
    }
    if (!p->backward) {
        const struct ops_tensor *tn = &p->t[CL_NLL];
        ops_scatter_nd(nll, CK_F64, ops_base(tn, addr), tn->dt, tn->ndim, tn->dims, tn->strides);
    }
out:
    free(lab);
    free(ext);
    free(lp);
    free(al);
    free(be);
    free(lc);
    free(row);
    free(nll);
    free(go);
    return rc;
}

/* The checks both entries share; t[] by the enum (absent: NULL). */
static aclnnStatus ctc_prepare(const char *op, const aclTensor *const *t,
                               const aclIntArray *inputLengths, const aclIntArray *targetLengths,
                               int64_t blank, bool zeroInfinity, bool backward, unsigned mask,
                               unsigned tmask, WS)
{
    static const char *const nm[CL_N] = {"logProbs", "targets", "negLogLikelihood",
                                         "logAlpha", "gradOut", "out"};
    static const char *const nm_fwd[CL_N] = {"logProbs",    "targets", "negLogLikelihoodOut",
                                             "logAlphaOut", "",        ""};
    const char *const *names = backward ? nm : nm_fwd;
    aclnnStatus rc;
    for (int i = 0; i < CL_N; i++)
        if (t[i] && (rc = ops_check_dims(t[i], op, names[i])))
            return rc;
    const aclTensor *lp = t[CL_LP], *tg = t[CL_TG];
    if (!ops_dt_in(lp->dtype, mask))
        return ops_err(ACLNN_ERR_PARAM_INVALID,
                       "%s: logProbs is %s (FLOAT16, FLOAT, BFLOAT16 "
                       "or DOUBLE)",
                       op, ops_dt_name(lp->dtype));
    if (!ops_dt_in(tg->dtype, tmask))
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: targets is %s", op, ops_dt_name(tg->dtype));
    for (int i = CL_NLL; i < CL_N; i++)
        if (t[i] && t[i]->dtype != lp->dtype)
            return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: %s is %s, logProbs is %s (one type)", op,
                           names[i], ops_dt_name(t[i]->dtype), ops_dt_name(lp->dtype));
    if (lp->ndim != 2 && lp->ndim != 3)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: logProbs has %u dims, (T, N, C) or (T, C)", op,
                       lp->ndim);
    const int64_t T = lp->dims[0], N = lp->ndim == 3 ? lp->dims[1] : 1, C = lp->dims[lp->ndim - 1];
    if (blank < 0 || blank >= C)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: blank %lld outside [0, C = %lld)", op,
                       (long long)blank, (long long)C);
    if (inputLengths->n != (uint64_t)N || targetLengths->n != (uint64_t)N)
        return ops_err(ACLNN_ERR_PARAM_INVALID,
                       "%s: inputLengths (%llu) and targetLengths "
                       "(%llu) must have N = %lld values",
                       op, (unsigned long long)inputLengths->n,
                       (unsigned long long)targetLengths->n, (long long)N);
    int64_t maxl = 0, suml = 0;
    for (int64_t n = 0; n < N; n++) {
        const int64_t il = inputLengths->v[n], tl = targetLengths->v[n];
        if (il < 0 || il > T)
            return ops_err(ACLNN_ERR_PARAM_INVALID,
                           "%s: inputLengths[%lld] = %lld outside "
                           "[0, T = %lld]",
                           op, (long long)n, (long long)il, (long long)T);
        if (tl < 0)
            return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: targetLengths[%lld] = %lld is negative",
                           op, (long long)n, (long long)tl);
        maxl = tl > maxl ? tl : maxl;
        suml += tl;
    }
    const bool padded = tg->ndim == 2;
    if (padded ? tg->dims[0] != N || tg->dims[1] < maxl : tg->ndim != 1 || tg->dims[0] < suml)
        return ops_err(ACLNN_ERR_PARAM_INVALID,
                       "%s: targets must be (N, S >= %lld) or "
                       "(sum(targetLengths) = %lld,)",
                       op, (long long)maxl, (long long)suml);
    const aclTensor *la = t[CL_LA];
    const int64_t a1 = 2 * maxl + 1, a8 = (a1 + 7) / 8 * 8;
    if (la->ndim != 3 || la->dims[0] != N || la->dims[1] != T ||
        (backward ? la->dims[2] < a1 : la->dims[2] != a1 && la->dims[2] != a8))
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: %s must be (N = %lld, T = %lld, %s %lld%s)",
                       op, names[CL_LA], (long long)N, (long long)T, backward ? ">=" : "",
                       (long long)a1, backward ? "" : " or that rounded up to 8");
    const int64_t nd = lp->ndim == 3 ? 1 : 0, nshape[1] = {N};
    if (!ops_shape_is(t[CL_NLL], nshape, (int)nd))
        return ops_shape_err(op, names[CL_NLL], t[CL_NLL], nshape, (int)nd);
    if (backward) {
        if (!ops_shape_is(t[CL_GO], nshape, (int)nd))
            return ops_shape_err(op, "gradOut", t[CL_GO], nshape, (int)nd);
        if ((rc = ops_check_shape(op, lp->dims, (int)lp->ndim, t[CL_OUT], "out")))
            return rc;
    }
    struct aclOpExecutor *e = ops_exec_new(op, backward ? 5 : 2, backward ? 1 : 2);
    if (!e)
        return ACLNN_ERR_INNER_CREATE_EXECUTOR;
    struct ctc_plan *p = calloc(1, sizeof(*p) + (size_t)(2 * N + 1) * sizeof(int64_t));
    if (!p) {
        ops_exec_discard(e);
        return ops_err(ACLNN_ERR_INNER_CREATE_EXECUTOR, "%s: out of memory", op);
    }
    e->plan = p;
    e->fini = ops_plan_free;
    p->il = (int64_t *)(p + 1), p->tl = p->il + N;
    for (int64_t n = 0; n < N; n++)
        p->il[n] = inputLengths->v[n], p->tl[n] = targetLengths->v[n];
    /* slots: forward logProbs, targets; nll, logAlpha. backward gradOut, logProbs, targets,
     * nll, logAlpha; out (the entry's parameter order) */
    static const int fwd_order[] = {CL_LP, CL_TG, CL_NLL, CL_LA};
    static const int bwd_order[] = {CL_GO, CL_LP, CL_TG, CL_NLL, CL_LA, CL_OUT};
    const int *order = backward ? bwd_order : fwd_order;
    rc = ACLNN_SUCCESS;
    for (int k = 0; k < (backward ? 6 : 4) && !rc; k++)
        rc = ops_tensor_from(&p->t[order[k]], t[order[k]], ops_exec_slot(e, t[order[k]]), op,
                             names[order[k]]);
    if (rc) {
        ops_exec_discard(e);
        return rc;
    }
    p->backward = backward, p->zero_inf = zeroInfinity, p->padded = padded;
    p->T = T, p->N = N, p->C = C, p->S = padded ? tg->dims[1] : 0, p->A = la->dims[2];
    p->blank = blank;
    e->run = ctc_run;
    return ops_exec_done(e, workspaceSize, executor);
}

aclnnStatus aclnnCtcLossGetWorkspaceSize(const aclTensor *logProbs, const aclTensor *targets,
                                         const aclIntArray *inputLengths,
                                         const aclIntArray *targetlengths, int64_t blank,
                                         bool zeroInfinity, aclTensor *negLogLikelihoodOut,
                                         aclTensor *logAlphaOut, WS)
{
    OPS_CHECK_NULLS(CTC, workspaceSize, executor, logProbs, targets, inputLengths, targetlengths,
                    negLogLikelihoodOut, logAlphaOut);
    const aclTensor *t[CL_N] = {logProbs, targets, negLogLikelihoodOut, logAlphaOut};
    return ctc_prepare(CTC, t, inputLengths, targetlengths, blank, zeroInfinity, false,
                       OPS_DT_CtcLoss, OPS_DT2_CtcLoss, workspaceSize, executor);
}
PHASE2(CtcLoss)

aclnnStatus
aclnnCtcLossBackwardGetWorkspaceSize(const aclTensor *gradOut, const aclTensor *logProbs,
                                     const aclTensor *targets, const aclIntArray *inputLengths,
                                     const aclIntArray *targetLengths,
                                     const aclTensor *negLogLikelihood, const aclTensor *logAlpha,
                                     int64_t blank, bool zeroInfinity, aclTensor *out, WS)
{
    OPS_CHECK_NULLS(CTCB, workspaceSize, executor, gradOut, logProbs, targets, inputLengths,
                    targetLengths, negLogLikelihood, logAlpha, out);
    const aclTensor *t[CL_N] = {logProbs, targets, negLogLikelihood, logAlpha, gradOut, out};
    return ctc_prepare(CTCB, t, inputLengths, targetLengths, blank, zeroInfinity, true,
                       OPS_DT_CtcLossBackward, OPS_DT2_CtcLossBackward, workspaceSize, executor);
}
PHASE2(CtcLossBackward)
