/* SPDX-License-Identifier: Apache-2.0 */
/*
 * ops-nn's LLM sampling operators (index/apply_top_k_top_p_with_sorted, index/top_k_top_p_sample):
 * per row of a [B, V] batch of logits, a top-k cut, then a top-p (nucleus) cut, then a pick.
 * Both are deterministic given their inputs (the random numbers of TopKTopPSample come in as q).
 * Each row is sorted with the stable line sort of sort.c (ops_sort_line) and computed in double.
 *
 *  TS1. ApplyTopKTopP follows CANN's formulas for the op: sort the row ascending (stable); with
 *      k given and 1 <= k[b] < V, every value below the k-th largest, sorted[V - k[b]], becomes
 *      -inf (values equal to it stay: a tie can keep more than k); with p given, the softmax of
 *      what is left is summed from the smallest up and every position whose running sum is
 *      <= 1 - p[b] becomes -inf, the largest never; the row goes back to its order. k <= 0 or
 *      k >= V, or k NULL, skips the top-k; p NULL skips the top-p (CANN: one of them may be
 *      NULL). out is logits' type; its values are logits' or -inf, so exact in every type.
 *  TS2. TopKTopPSample, from CANN's docs and its kernel's branches: top-k runs when
 *      1 <= topK[b] <= min(V, 1024): the row's topK[b] largest in descending order (equal
 *      values by lower position first: the sort is stable; an open guess, CANN's merge order
 *      is not documented); top-p runs when 0 < topP[b] < 1: over the softmax of the list so
 *      far (the whole row sorted descending when top-k did not run) the list is cut after its
 *      first element whose running sum exceeds topP[b] (CANN's kernel: cumSum > p), so every
 *      element whose sum before it is <= p stays. With neither, the list is the row in its own
 *      order. The pick: the softmax of the list's logits divided by |q[b][i]| + eps (i the
 *      position in the list: CANN's kernel reads q[b] from 0 along the list, sorted or not),
 *      or the softmax alone when q is NULL; logitsSelectIdx[b] = the row position of the list
 *      element with the largest value (the first on ties). topKGuess only sizes CANN's search
 *      (the result does not depend on it). Values outside 0 < topK and outside [0, 1] of topP,
 *      which CANN calls undefined, are taken as "skip".
 *  TS3. TopKTopPSample with isNeedLogits writes logitsTopKPSelect (FLOAT [B, V]): the kept
 *      logits at their positions and -inf at the others (CANN's formula sets the filtered ones
 *      to -inf; its kernel writes only the kept positions; cpuacl writes the whole row so the
 *      result does not depend on the buffer's previous contents, an open guess). Without
 *      isNeedLogits it is not written and may be NULL.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "aclnnop/aclnn_apply_top_k_top_p.h"
#include "aclnnop/aclnn_top_k_top_p_sample.h"
#include "ops/engine/engine.h"
#include "ops/sort/sort.h"
#include "ops/sort/table.h"

/* CANN's top-k ceiling of TopKTopPSample (TS2). */
#define TS_TOPK_MAX 1024

struct ts_plan {
    struct ops_tensor x, p, k, q, o, sel; /* o: ApplyTopKTopP's out, TopKTopPSample's index */
    bool sample;                          /* TopKTopPSample (else ApplyTopKTopP) */
    bool has_p, has_k, has_q;             /* the optional tensors given (an absent one's view is
                                             not filled: its slot says nothing) */
    bool need_logits;
    double eps;
};

/* A 1-d view's element b as double (p) or int64 (k). */
static double ts_at_f(const struct ops_tensor *t, void *const *addr, int64_t b)
{
    double v;
    ops_loader(CK_F64, t->dt)(&v, ops_elem(t, addr, b * t->strides[0]), 0, 1);
    return v;
}
static int64_t ts_at_i(const struct ops_tensor *t, void *const *addr, int64_t b)
{
    int64_t v;
    ops_loader(CK_I64, t->dt)(&v, ops_elem(t, addr, b * t->strides[0]), 0, 1);
    return v;
}

/* The softmax of keys[idx[0..n)] into pr[0..n) (-inf gives 0); top is the largest key. */
static void ts_softmax(double *pr, const double *keys, const int64_t *idx, int64_t n, double top)
{
    double sum = 0;
    for (int64_t i = 0; i < n; i++)
        sum += pr[i] = exp(keys[idx[i]] - top);
    for (int64_t i = 0; i < n; i++)
        pr[i] /= sum;
}

/* TS1 on one row: keys (the row), idx/tmp scratch, pr the probabilities; the result into keys. */
static void ts_apply_row(double *keys, int64_t *idx, int64_t *tmp, double *pr, int64_t n, int64_t k,
                         bool has_p, double p)
{
    for (int64_t i = 0; i < n; i++)
        idx[i] = i;
    ops_sort_line(idx, tmp, n, keys, false, false, false);
    if (k >= 1 && k < n) {
        const double kth = keys[idx[n - k]];
        for (int64_t i = 0; i < n - k; i++)
            if (keys[idx[i]] < kth)
                keys[idx[i]] = -INFINITY;
    }
    if (!has_p)
        return;
    ts_softmax(pr, keys, idx, n, keys[idx[n - 1]]);
    double run = 0;
    for (int64_t i = 0; i < n - 1; i++) { /* the largest (i = n - 1) always stays */
        run += pr[i];
        if (run <= 1 - p)
            keys[idx[i]] = -INFINITY;
    }
}

/* TS2 on one row: keys (the row), idx/tmp/pr scratch, q the row of q (NULL: none); the kept
 * list is idx[0..*kept); returns the row position picked. */
static int64_t ts_sample_row(const double *keys, int64_t *idx, int64_t *tmp, double *pr, int64_t n,
                             int64_t k, double p, const double *q, double eps, int64_t *kept)
{
    const bool use_k = k >= 1 && k <= (n < TS_TOPK_MAX ? n : TS_TOPK_MAX), use_p = p > 0 && p < 1;
    for (int64_t i = 0; i < n; i++)
        idx[i] = i;
    int64_t m = n;
    if (use_k || use_p) {
        ops_sort_line(idx, tmp, n, keys, false, true, false);
        m = use_k ? k : n;
    }
    double top = keys[idx[0]];
    for (int64_t i = 1; i < m; i++)
        top = keys[idx[i]] > top ? keys[idx[i]] : top;
    ts_softmax(pr, keys, idx, m, top);
    if (use_p) {
        double run = 0;
        for (int64_t i = 0; i < m; i++) {
            run += pr[i];
            if (run > p) {
                m = i + 1;
                break;
            }
        }
        ts_softmax(pr, keys, idx, m, top); /* over the kept list only (CANN's second softmax) */
    }
    int64_t best = 0;
    double bv = -INFINITY;
    for (int64_t i = 0; i < m; i++) {
        double v = q ? pr[i] / (fabs(q[i]) + eps) : pr[i];
        if (v > bv) {
            bv = v;
            best = i;
        }
    }
    *kept = m;
    return idx[best];
}

static int32_t ts_run(const struct aclOpExecutor *e, void *const *addr)
{
    const struct ts_plan *p = e->plan;
    const int64_t rows = p->x.dims[0], n = p->x.dims[1];
    double *keys = malloc((size_t)n * 8 * (p->has_q ? 5 : 4));
    if (!keys)
        return ACL_ERROR_BAD_ALLOC;
    int64_t *idx = (int64_t *)(keys + n), *tmp = idx + n;
    double *pr = (double *)(tmp + n), *qrow = pr + n;
    ops_load_fn ld = ops_loader(CK_F64, p->x.dt);
    const int64_t ex = ops_dt_size(p->x.dt);
    for (int64_t b = 0; b < rows; b++) {
        ld(keys, ops_elem(&p->x, addr, b * p->x.strides[0]), p->x.strides[1] * ex, n);
        if (!p->sample) {
            ts_apply_row(keys, idx, tmp, pr, n, p->has_k ? ts_at_i(&p->k, addr, b) : 0, p->has_p,
                         p->has_p ? ts_at_f(&p->p, addr, b) : 0);
            ops_storer(CK_F64, p->o.dt)(ops_elem(&p->o, addr, b * p->o.strides[0]),
                                        p->o.strides[1] * ex, keys, n);
            continue;
        }
        if (p->has_q)
            ops_loader(CK_F64, p->q.dt)(qrow, ops_elem(&p->q, addr, b * p->q.strides[0]),
                                        p->q.strides[1] * ops_dt_size(p->q.dt), n);
        int64_t kept,
            pick = ts_sample_row(keys, idx, tmp, pr, n, ts_at_i(&p->k, addr, b),
                                 ts_at_f(&p->p, addr, b), p->has_q ? qrow : NULL, p->eps, &kept);
        ops_storer(CK_I64, p->o.dt)(ops_elem(&p->o, addr, b * p->o.strides[0]), 0, &pick, 1);
        if (p->need_logits) { /* TS3: the kept logits in place, -inf elsewhere (through pr) */
            for (int64_t i = 0; i < n; i++)
                pr[i] = -INFINITY;
            for (int64_t i = 0; i < kept; i++)
                pr[idx[i]] = keys[idx[i]];
            ops_storer(CK_F64, p->sel.dt)(ops_elem(&p->sel, addr, b * p->sel.strides[0]),
                                          p->sel.strides[1] * ops_dt_size(p->sel.dt), pr, n);
        }
    }
    free(keys);
    return 0;
}

/* t is a 1-d tensor of B elements (per row of logits). */
static aclnnStatus ts_check_rows(const char *name, const aclTensor *t, const char *what, int64_t b)
{
    aclnnStatus rc = ops_check_dims(t, name, what);
    return rc ? rc : ops_check_shape(name, &b, 1, t, what);
}

aclnnStatus aclnnApplyTopKTopPGetWorkspaceSize(const aclTensor *logits, const aclTensor *p,
                                               const aclTensor *k, aclTensor *out,
                                               uint64_t *workspaceSize, aclOpExecutor **executor)
{
    static const char name[] = "aclnnApplyTopKTopP";
    OPS_CHECK_NULLS(name, logits, out, workspaceSize, executor);
    if (!p && !k)
        return ops_err(ACLNN_ERR_PARAM_NULLPTR, "%s: p and k are both NULL (one is required)",
                       name);
    aclnnStatus rc;
    int dt, kdt;
    if ((rc = ops_check_dims(logits, name, "logits")) || (rc = ops_check_dims(out, name, "out")) ||
        (rc = ops_need_dt(name, "logits", logits->dtype, OPS_DT_ApplyTopKTopP, &dt)))
        return rc;
    if (logits->ndim != 2)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: logits has %d dims, it must have 2", name,
                       (int)logits->ndim);
    if (p && ((rc = ts_check_rows(name, p, "p", logits->dims[0])) || p->dtype != logits->dtype))
        return rc ? rc
                  : ops_err(ACLNN_ERR_PARAM_INVALID,
                            "%s: p has type %s, logits %s (they must "
                            "match)",
                            name, ops_dt_name(p->dtype), ops_dt_name(logits->dtype));
    if (k && ((rc = ts_check_rows(name, k, "k", logits->dims[0])) ||
              (rc = ops_need_dt(name, "k", k->dtype, OPS_DT2_ApplyTopKTopP, &kdt))))
        return rc;
    if (out->dtype != logits->dtype)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: out has type %s, logits %s (they must match)",
                       name, ops_dt_name(out->dtype), ops_dt_name(logits->dtype));
    if ((rc = ops_check_shape(name, logits->dims, 2, out, "out")))
        return rc;
    OPS_PLAN(e, pl, name, 3, 1, struct ts_plan, NULL, {&pl->x, logits, "logits"}, {&pl->p, p, "p"},
             {&pl->k, k, "k"}, {&pl->o, out, "out"});
    pl->sample = false;
    pl->has_p = p != NULL;
    pl->has_k = k != NULL;
    e->run = pl->x.numel ? ts_run : NULL;
    return ops_exec_done(e, workspaceSize, executor);
}
PHASE2(ApplyTopKTopP)

aclnnStatus aclnnTopKTopPSampleGetWorkspaceSize(const aclTensor *logits, const aclTensor *topK,
                                                const aclTensor *topP, const aclTensor *q,
                                                double eps, bool isNeedLogits, int64_t topKGuess,
                                                const aclTensor *logitsSelectIdx,
                                                const aclTensor *logitsTopKPSelect,
                                                uint64_t *workspaceSize, aclOpExecutor **executor)
{
    static const char name[] = "aclnnTopKTopPSample";
    (void)topKGuess; /* sizes CANN's search only (TS2) */
    OPS_CHECK_NULLS(name, logits, topK, topP, logitsSelectIdx, workspaceSize, executor);
    if (isNeedLogits && !logitsTopKPSelect)
        return ops_err(ACLNN_ERR_PARAM_NULLPTR,
                       "%s: logitsTopKPSelect is NULL and isNeedLogits is true", name);
    aclnnStatus rc;
    int dt, kdt;
    if ((rc = ops_check_dims(logits, name, "logits")) ||
        (rc = ops_need_dt(name, "logits", logits->dtype, OPS_DT_TopKTopPSample, &dt)))
        return rc;
    if (logits->ndim != 2 || logits->dims[0] < 1 || logits->dims[1] < 1)
        return ops_err(ACLNN_ERR_PARAM_INVALID,
                       "%s: logits must be a non-empty [batch, vocSize] tensor (CANN: 2 dims, "
                       "batch > 0, vocSize > 0)",
                       name);
    const int64_t rows = logits->dims[0];
    if ((rc = ts_check_rows(name, topK, "topK", rows)) ||
        (rc = ops_need_dt(name, "topK", topK->dtype, OPS_DT2_TopKTopPSample, &kdt)) ||
        (rc = ts_check_rows(name, topP, "topP", rows)) ||
        (rc = ts_check_rows(name, logitsSelectIdx, "logitsSelectIdx", rows)))
        return rc;
    if (topP->dtype != logits->dtype)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: topP has type %s, logits %s (they must match)",
                       name, ops_dt_name(topP->dtype), ops_dt_name(logits->dtype));
    if (logitsSelectIdx->dtype != ACL_INT64)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: logitsSelectIdx has type %s (INT64 only)",
                       name, ops_dt_name(logitsSelectIdx->dtype));
    if (q && ((rc = ops_check_dims(q, name, "q")) || q->dtype != ACL_FLOAT ||
              (rc = ops_check_shape(name, logits->dims, 2, q, "q"))))
        return rc ? rc
                  : ops_err(ACLNN_ERR_PARAM_INVALID, "%s: q has type %s (FLOAT only)", name,
                            ops_dt_name(q->dtype));
    if (isNeedLogits &&
        ((rc = ops_check_dims(logitsTopKPSelect, name, "logitsTopKPSelect")) ||
         logitsTopKPSelect->dtype != ACL_FLOAT ||
         (rc = ops_check_shape(name, logits->dims, 2, logitsTopKPSelect, "logitsTopKPSelect"))))
        return rc ? rc
                  : ops_err(ACLNN_ERR_PARAM_INVALID,
                            "%s: logitsTopKPSelect has type %s (FLOAT "
                            "only)",
                            name, ops_dt_name(logitsTopKPSelect->dtype));
    if (!(eps >= 0))
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: eps is %g, it must be >= 0", name, eps);
    OPS_PLAN(e, pl, name, 4, 2, struct ts_plan, NULL, {&pl->x, logits, "logits"},
             {&pl->k, topK, "topK"}, {&pl->p, topP, "topP"}, {&pl->q, q, "q"},
             {&pl->o, logitsSelectIdx, "logitsSelectIdx"},
             {&pl->sel, isNeedLogits ? logitsTopKPSelect : NULL, "logitsTopKPSelect"});
    pl->sample = true;
    pl->has_q = q != NULL;
    pl->need_logits = isNeedLogits;
    pl->eps = eps;
    e->run = ts_run;
    return ops_exec_done(e, workspaceSize, executor);
}
PHASE2(TopKTopPSample)
