/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Batch normalisation over the channel dim of input [N, C, *]: BatchNorm
 * (training and inference), its pieces for synchronised (multi-device) batch
 * norm - BatchNormStats, BatchNormReduce, SyncBatchNormGatherStats,
 * BatchNormElemt, BatchNormElemtBackward - one plan for all of them.
 *
 *  BN1. Every tensor is gathered whole into a double buffer through the view
 *      converters (any strides, any mix of float types); input is read as
 *      [N, C, S] (S the trailing dims' product); per-channel vectors are 1-d
 *      [C]. Results are rounded once to each out's type.
 *  BN2. Statistics: mean over N x S, biased variance for the normalisation,
 *      invstd = 1 / sqrt(var + eps); running statistics (training, gather
 *      stats) become (1 - momentum) running + momentum batch, the variance
 *      unbiased (x count / (count - 1)) as torch's.
 *  BN3. BatchNorm in inference uses runningMean / runningVar and leaves
 *      saveMean / saveInvstd as they are (torch returns them empty).
 *  BN4. BatchNormElemtBackward (torch's batch_norm_backward_elemt): with
 *      total = sum(counter), gradInput = (gradOut - sumDy / total - (x - mean)
 *      invstd^2 sumDyXmu / total) invstd weight (weight absent: 1).
 *  BN5. BatchNormBackward and FastBatchNormBackward (torch's native_batch_norm_backward): per
 *      channel, with mean / invstd the saved ones (training) or runningMean and
 *      1 / sqrt(runningVar + eps) (inference), sumDy = sum(gradOut), dot = sum(gradOut (x -
 *      mean)): gradBias = sumDy, gradWeight = dot invstd, gradInput = (gradOut - sumDy / M -
 *      (x - mean) dot invstd^2 / M) invstd weight in training (M = N x S), gradOut invstd
 *      weight in inference; each written when its outputMask entry is true. Fast's version
 *      (0 or 1, CANN's kernel choice) computes the same.
 *  BN6. BatchNormalizationGrad (ops-nn's experimental op) is BN5 in training with all three
 *      gradients: its def's formula, weight invstd / M (M dy - sum(dy) - xhat sum(dy xhat)),
 *      is BN5's (its README's 1 / sqrt(M) taken for a typo: it disagrees with the def and
 *      with torch).
 *  BN7. QuantizedBatchNorm is BatchNorm in inference (BN3, mean / var given) on x' = (x -
 *      inputZeroPoint) inputScale, whose result y becomes round(y / outputScale +
 *      outputZeroPoint), half to even and saturated to the output's type (INT8, UINT8,
 *      INT32; ops/quant's qt_round_sat), in double.
 *  BN8. BatchNormGatherStatsWithCounts (torch's batch_norm_gather_stats_with_counts): from
 *      each device's mean and invstd [n, C] and element count [n]: total = sum(counts), mean =
 *      sum(counts mean_i) / total, var = sum(counts (1 / invstd_i^2 - eps + (mean_i -
 *      mean)^2)) / total, invstdAll = 1 / sqrt(var + eps); runningMean / runningVar (when
 *      given) move by momentum towards mean and the unbiased var (x total / (total - 1)).
 *  BN9. BatchNormReduceBackward (torch's batch_norm_backward_reduce): per channel, sumDy =
 *      sum(gradOut), sumDyXmu = sum(gradOut (x - mean)), gradWeight = sumDyXmu invstd,
 *      gradBias = sumDy; each written when its flag (inputG: the first two) is true.
 *  BN10. SyncBatchNormBackwardReduce (ops-nn's experimental op, its README's formula): from the
 *      gathered per-channel sums, sumDyXmu = sumDyDxPad - mean sumDy, y = sumDyXmu invertStd,
 *      in double, elementwise over tensors of one shape and type.
 *  BN11. SyncBnTrainingUpdateV2 (ops-nn's experimental op, its README and example): per
 *      channel of x1 [N, C, *], mean and the biased var = E[x^2] - mean^2; y1 = (x1 - mean) /
 *      sqrt(var + 1e-6) (its kernel's EPSILON), y2 = momentum x2 + (1 - momentum) mean, y3 =
 *      momentum x3 + (1 - momentum) var (x2 / x3 the running mean / var; momentum weighs the old
 *      value, unlike torch's). FLOAT only (its def).
 */
#include <math.h>
#include <stdlib.h>

#include "aclnnop/aclnn_batch_norm.h"
#include "aclnnop/aclnn_batch_norm_backward.h"
#include "aclnnop/aclnn_fast_batch_norm_backward.h"
#include "aclnnop/aclnn_batch_norm_elemt.h"
#include "aclnnop/aclnn_batch_norm_elemt_backward.h"
#include "aclnnop/aclnn_batch_norm_reduce.h"
#include "aclnnop/aclnn_batch_norm_stats.h"
#include "aclnnop/aclnn_batch_norm_backward_reduce.h"
#include "aclnnop/aclnn_batch_norm_gather_stats_with_counts.h"
#include "aclnnop/aclnn_batch_normalization_grad.h"
#include "aclnnop/aclnn_quantized_batch_norm.h"
#include "aclnnop/aclnn_sync_batch_norm_backward_reduce.h"
#include "aclnnop/aclnn_sync_bn_training_update_v2.h"
#include "aclnnop/aclnn_sync_batch_norm_gather_stats.h"
#include "ops/engine/engine.h"
#include "ops/norm/table.h"
#include "ops/quant/quant.h"

enum bn_kind {
    BK_NORM,
    BK_STATS,
    BK_REDUCE,
    BK_GATHER,
    BK_ELEMT,
    BK_ELEMT_BWD,
    BK_BACKWARD,
    BK_GATHER_CNT, /* BN8: BatchNormGatherStatsWithCounts */
    BK_REDUCE_BWD, /* BN9: BatchNormReduceBackward */
    BK_SYNC_UPDATE /* BN11: SyncBnTrainingUpdateV2 */
};

/* Operands by role; which are present depends on the kind. */
enum {
    BT_X,     /* input [N, C, *] (GATHER: totalSum [n, C]) */
    BT_G,     /* gradOut (GATHER: totalSquareSum) */
    BT_W,     /* weight [C] */
    BT_B,     /* bias [C] */
    BT_MEAN,  /* mean [C] (in, or running mean in/out) */
    BT_VAR,   /* invstd or running var [C] */
    BT_SDY,   /* sumDy [C] (BACKWARD: saveMean) */
    BT_SDX,   /* sumDyXmu [C] (BACKWARD: saveInvstd) */
    BT_CNT,   /* counter / sampleCount */
    BT_OUT,   /* output / gradInput (BatchNormElemt, BatchNorm), sum (REDUCE) */
    BT_OUT2,  /* saveMean / mean / squareSum / batchMean / gradWeight */
    BT_OUT3,  /* saveInvstd / invstd / batchInvstd / gradBias */
    BT_OUT4,  /* REDUCE_BWD's gradBias */
    BT_COUNT_ /* number of roles */
};

struct bn_plan {
    struct ops_tensor t[BT_COUNT_];
    bool has[BT_COUNT_];
    int kind;
    bool training;
    double momentum, eps;
    int64_t N, C, S, ncnt; /* ncnt: counter's / sampleCount's elements */
    bool quant;            /* BN7: QuantizedBatchNorm */
    double iscale, izp, oscale, ozp;
    int64_t qlo, qhi; /* output's range */
};

/* QuantizedBatchNorm's scalars and output range (BN7). */
struct bn_quant {
    double iscale, izp, oscale, ozp;
    int64_t lo, hi;
};

static double *bn_load(const struct bn_plan *p, int i, void *const *addr, double *buf)
{
    const struct ops_tensor *t = &p->t[i];
    ops_gather_nd(buf, CK_F64, ops_base(t, addr), t->dt, t->ndim, t->dims, t->strides);
    return buf;
}

static void bn_store(const struct bn_plan *p, int i, void *const *addr, const double *buf)
{
    const struct ops_tensor *t = &p->t[i];
    ops_scatter_nd(buf, CK_F64, ops_base(t, addr), t->dt, t->ndim, t->dims, t->strides);
}

static int32_t bn_run(const struct aclOpExecutor *e, void *const *addr)
{
    const struct bn_plan *p = e->plan;
    const int64_t N = p->N, C = p->C, S = p->S, NS = N * S, all = N * C * S;
    double *buf = malloc((size_t)(2 * all + 12 * C + p->ncnt + 1) * sizeof(double));
    if (!buf)
        return ACL_ERROR_BAD_ALLOC;
    double *x = buf, *g = x + all, *v[BT_COUNT_] = {0}, *cnt = g + all + 12 * C;
    for (int i = BT_W; i <= BT_OUT4; i++)
        v[i] = g + all + (i - BT_W) * C;
    for (int i = BT_W; i < BT_CNT; i++) {
        if (p->has[i])
            bn_load(p, i, addr, v[i]);
        else
            for (int64_t c = 0; c < C; c++)
                v[i][c] = i == BT_W ? 1.0 : 0.0;
    }
    double *mean = v[BT_OUT2], *invstd = v[BT_OUT3];
    if (p->kind == BK_GATHER || p->kind == BK_GATHER_CNT) {
        /* cnt [N]; BK_GATHER: x totalSum [N, C], g totalSquareSum; BN8 (BK_GATHER_CNT): x
         * mean [N, C], g invstd [N, C] of each of N workers */
        bn_load(p, BT_X, addr, x);
        bn_load(p, BT_G, addr, g);
        bn_load(p, BT_CNT, addr, cnt);
        double total = 0;
        for (int64_t n = 0; n < N; n++)
            total += cnt[n];
        for (int64_t c = 0; c < C; c++) {
            double m = 0, var = 0;
            if (p->kind == BK_GATHER) {
                double s = 0, ss = 0;
                for (int64_t n = 0; n < N; n++)
                    s += x[n * C + c], ss += g[n * C + c];
                m = s / total, var = ss / total - m * m;
            } else {
                for (int64_t n = 0; n < N; n++)
                    m += cnt[n] * x[n * C + c];
                m /= total;
                for (int64_t n = 0; n < N; n++) {
                    const double is = g[n * C + c], d = x[n * C + c] - m;
                    var += cnt[n] * (1.0 / (is * is) - p->eps + d * d);
                }
                var /= total;
            }
            mean[c] = m;
            invstd[c] = 1.0 / sqrt(var + p->eps);
            v[BT_MEAN][c] = (1 - p->momentum) * v[BT_MEAN][c] + p->momentum * m;
            v[BT_VAR][c] =
                (1 - p->momentum) * v[BT_VAR][c] + p->momentum * var * total / (total - 1);
        }
        if (p->has[BT_MEAN]) /* optional in BN8, required by SyncBatchNormGatherStats */
            bn_store(p, BT_MEAN, addr, v[BT_MEAN]);
        if (p->has[BT_VAR])
            bn_store(p, BT_VAR, addr, v[BT_VAR]);
        bn_store(p, BT_OUT2, addr, mean);
        bn_store(p, BT_OUT3, addr, invstd);
        free(buf);
        return 0;
    }
    bn_load(p, BT_X, addr, x);
    if (p->quant) /* BN7: dequantised input */
        for (int64_t i = 0; i < all; i++)
            x[i] = (x[i] - p->izp) * p->iscale;
    if (p->kind == BK_SYNC_UPDATE) { /* BN11 */
        for (int64_t c = 0; c < C; c++) {
            double s = 0, ss = 0;
            for (int64_t n = 0; n < N; n++)
                for (int64_t k = 0; k < S; k++) {
                    const double xv = x[(n * C + c) * S + k];
                    s += xv, ss += xv * xv;
                }
            const double m = s / (double)NS, var = ss / (double)NS - m * m;
            const double is = 1.0 / sqrt(var + 1e-6); /* its kernel's EPSILON */
            for (int64_t n = 0; n < N; n++)
                for (int64_t k = 0; k < S; k++)
                    x[(n * C + c) * S + k] = (x[(n * C + c) * S + k] - m) * is;
            mean[c] = p->momentum * v[BT_MEAN][c] + (1 - p->momentum) * m;
            invstd[c] = p->momentum * v[BT_VAR][c] + (1 - p->momentum) * var;
        }
        bn_store(p, BT_OUT, addr, x);
        bn_store(p, BT_OUT2, addr, mean);
        bn_store(p, BT_OUT3, addr, invstd);
        free(buf);
        return 0;
    }
    if (p->kind == BK_REDUCE_BWD) { /* BN9 */
        bn_load(p, BT_G, addr, g);
        for (int64_t c = 0; c < C; c++) {
            double sdy = 0, dot = 0;
            for (int64_t n = 0; n < N; n++)
                for (int64_t k = 0; k < S; k++) {
                    const int64_t at = (n * C + c) * S + k;
                    sdy += g[at];
                    dot += g[at] * (x[at] - v[BT_MEAN][c]);
                }
            v[BT_OUT][c] = sdy;
            mean[c] = dot;
            invstd[c] = dot * v[BT_VAR][c];
            v[BT_OUT4][c] = sdy;
        }
        const int outs[4] = {BT_OUT, BT_OUT2, BT_OUT3, BT_OUT4};
        for (int i = 0; i < 4; i++)
            if (p->has[outs[i]])
                bn_store(p, outs[i], addr, v[outs[i]]);
        free(buf);
        return 0;
    }
    if (p->kind == BK_BACKWARD) { /* BN5 */
        bn_load(p, BT_G, addr, g);
        const double M = (double)NS;
        for (int64_t c = 0; c < C; c++) {
            const double m = p->training ? v[BT_SDY][c] : v[BT_MEAN][c];
            const double is = p->training ? v[BT_SDX][c] : 1.0 / sqrt(v[BT_VAR][c] + p->eps);
            double sdy = 0, dot = 0;
            for (int64_t n = 0; n < N; n++)
                for (int64_t k = 0; k < S; k++) {
                    const int64_t at = (n * C + c) * S + k;
                    sdy += g[at];
                    dot += g[at] * (x[at] - m);
                }
            mean[c] = dot * is; /* gradWeight */
            invstd[c] = sdy;    /* gradBias */
            for (int64_t n = 0; n < N; n++)
                for (int64_t k = 0; k < S; k++) {
                    const int64_t at = (n * C + c) * S + k;
                    g[at] = p->training ? (g[at] - sdy / M - (x[at] - m) * dot * is * is / M) * is *
                                              v[BT_W][c]
                                        : g[at] * is * v[BT_W][c];
                }
        }
        if (p->has[BT_OUT]) /* the gradients asked for (outputMask) */
            bn_store(p, BT_OUT, addr, g);
        if (p->has[BT_OUT2])
            bn_store(p, BT_OUT2, addr, mean);
        if (p->has[BT_OUT3])
            bn_store(p, BT_OUT3, addr, invstd);
        free(buf);
        return 0;
    }
    if (p->kind == BK_ELEMT_BWD) {
        bn_load(p, BT_G, addr, g);
        const struct ops_tensor *ct = &p->t[BT_CNT];
        const int64_t nc = p->ncnt;
        double total = 0;
        ops_gather_nd(cnt, CK_F64, ops_base(ct, addr), ct->dt, ct->ndim, ct->dims, ct->strides);
        for (int64_t i = 0; i < nc; i++)
            total += cnt[i];
        for (int64_t n = 0; n < N; n++)
            for (int64_t c = 0; c < C; c++) {
                const double m = v[BT_MEAN][c], is = v[BT_VAR][c];
                const double a = v[BT_SDY][c] / total, b = is * is * v[BT_SDX][c] / total;
                double *gr = g + (n * C + c) * S;
                const double *xr = x + (n * C + c) * S;
                for (int64_t s = 0; s < S; s++)
                    gr[s] = (gr[s] - a - (xr[s] - m) * b) * is * v[BT_W][c];
            }
        bn_store(p, BT_OUT, addr, g);
        free(buf);
        return 0;
    }
    /* per-channel statistics of x (BN2) */
    bool stats = p->kind == BK_STATS || p->kind == BK_REDUCE || (p->kind == BK_NORM && p->training);
    if (stats)
        for (int64_t c = 0; c < C; c++) {
            double s = 0, ss = 0;
            for (int64_t n = 0; n < N; n++)
                for (int64_t k = 0; k < S; k++) {
                    double xv = x[(n * C + c) * S + k];
                    s += xv;
                    ss += xv * xv;
                }
            if (p->kind == BK_REDUCE) {
                v[BT_OUT][c] = s, mean[c] = ss;
                continue;
            }
            double m = NS ? s / (double)NS : NAN, var = 0;
            for (int64_t n = 0; n < N; n++)
                for (int64_t k = 0; k < S; k++) {
                    double d = x[(n * C + c) * S + k] - m;
                    var += d * d;
                }
            mean[c] = m;
            invstd[c] = 1.0 / sqrt(var / (double)NS + p->eps);
            if (p->kind == BK_NORM) {
                if (p->has[BT_MEAN])
                    v[BT_MEAN][c] = (1 - p->momentum) * v[BT_MEAN][c] + p->momentum * m;
                if (p->has[BT_VAR])
                    v[BT_VAR][c] = (1 - p->momentum) * v[BT_VAR][c] +
                                   p->momentum * var / (double)(NS > 1 ? NS - 1 : 1);
            }
        }
    if (p->kind == BK_REDUCE) {
        bn_store(p, BT_OUT, addr, v[BT_OUT]);
        bn_store(p, BT_OUT2, addr, mean);
        free(buf);
        return 0;
    }
    if (p->kind == BK_STATS) {
        bn_store(p, BT_OUT2, addr, mean);
        bn_store(p, BT_OUT3, addr, invstd);
        free(buf);
        return 0;
    }
    double *um = mean, *ui = invstd;
    if (p->kind == BK_ELEMT) { /* mean and invstd given */
        um = v[BT_MEAN];
        ui = v[BT_VAR];
    } else if (!p->training) { /* BN3 */
        for (int64_t c = 0; c < C; c++) {
            mean[c] = v[BT_MEAN][c];
            invstd[c] = 1.0 / sqrt(v[BT_VAR][c] + p->eps);
        }
    }
    for (int64_t n = 0; n < N; n++)
        for (int64_t c = 0; c < C; c++) {
            double *r = x + (n * C + c) * S;
            for (int64_t k = 0; k < S; k++)
                r[k] = (r[k] - um[c]) * ui[c] * v[BT_W][c] + v[BT_B][c];
        }
    if (p->quant) /* BN7: requantised output */
        for (int64_t i = 0; i < all; i++)
            x[i] = (double)qt_round_sat(x[i] / p->oscale + p->ozp, 0, p->qlo, p->qhi);
    bn_store(p, BT_OUT, addr, x);
    if (p->kind == BK_NORM && p->training) {
        if (p->has[BT_MEAN])
            bn_store(p, BT_MEAN, addr, v[BT_MEAN]);
        if (p->has[BT_VAR])
            bn_store(p, BT_VAR, addr, v[BT_VAR]);
        if (p->has[BT_OUT2])
            bn_store(p, BT_OUT2, addr, mean);
        if (p->has[BT_OUT3])
            bn_store(p, BT_OUT3, addr, invstd);
    }
    free(buf);
    return 0;
}

static const char *const bn_what[BT_COUNT_] = {
    "input",    "gradOut", "weight", "bias",     "mean",       "var/invstd", "sumDy",
    "sumDyXmu", "counter", "output", "mean out", "invstd out", "gradBias"};

/* BatchNormBackward's names for the roles it uses (BN5). */
static const char *const bn_what_bwd[BT_COUNT_] = {
    "input",      "gradOut", "weight",    "bias",       "runningMean", "runningVar", "saveMean",
    "saveInvstd", "counter", "gradInput", "gradWeight", "gradBias",    "unused"};

/* The checks all kinds share: types, input [N, C, *] (2 to 8 dims), the per-channel
 * tensors 1-d [C], the data-shaped outs input's shape. */
static aclnnStatus bn_build_q(const char *name, int kind, const aclTensor *const *t,
                              const char *const *wnames, unsigned types, unsigned ctypes,
                              bool training, double momentum, double eps, const struct bn_quant *q,
                              WS)
{
    /* every role named (OPS_VIEWS stops at a NULL name): the entry's names, else the kind's */
    const char *what[BT_COUNT_];
    for (int i = 0; i < BT_COUNT_; i++)
        what[i] = wnames && wnames[i]   ? wnames[i]
                  : kind == BK_BACKWARD ? bn_what_bwd[i]
                                        : bn_what[i];
    const bool gather = kind == BK_GATHER || kind == BK_GATHER_CNT;
    aclnnStatus rc;
    for (int i = 0; i < BT_COUNT_; i++)
        if (t[i] && (rc = ops_check_dims(t[i], name, what[i])))
            return rc;
    for (int i = 0; i < BT_COUNT_; i++)
        if (t[i] && !ops_dt_in(t[i]->dtype, i == BT_CNT ? ctypes : types))
            return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: %s type %s is not supported", name,
                           what[i], ops_dt_name(t[i]->dtype));
    const aclTensor *x = t[BT_X];
    int nd = (int)x->ndim;
    if (nd < 2 || (gather && nd != 2))
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: input must be [N, C, *] (2 to 8 dims), got %d",
                       name, nd);
    const int64_t C = x->dims[1];
    /* gradOut included: the kernel gathers it whole into an input-sized buffer */
    for (int i = BT_G; i <= BT_OUT4; i++) {
        if (!t[i] || i == BT_CNT)
            continue;
        bool data = (i == BT_OUT && kind != BK_REDUCE && kind != BK_REDUCE_BWD) || i == BT_G;
        if (data ? !ops_same_shape(t[i], x) : t[i]->ndim != 1 || t[i]->dims[0] != C) {
            char s1[96];
            return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: %s has shape %s, expected %s", name,
                           what[i], ops_shape_str(s1, sizeof(s1), t[i]->dims, t[i]->ndim),
                           data ? "input's" : "[C]");
        }
    }
    if (gather && (t[BT_CNT]->ndim != 1 || t[BT_CNT]->dims[0] != x->dims[0]))
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: %s must be [n], n = %s's rows", name,
                       what[BT_CNT], what[BT_X]);
    if (gather && !ops_same_shape(t[BT_G], x))
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: %s must have %s's shape", name, what[BT_G],
                       what[BT_X]);
    OPS_PLAN(e, p, name, 9, 4, struct bn_plan, NULL, {&p->t[BT_X], t[BT_X], what[BT_X]},
             {&p->t[BT_G], t[BT_G], what[BT_G]}, {&p->t[BT_W], t[BT_W], what[BT_W]},
             {&p->t[BT_B], t[BT_B], what[BT_B]}, {&p->t[BT_MEAN], t[BT_MEAN], what[BT_MEAN]},
             {&p->t[BT_VAR], t[BT_VAR], what[BT_VAR]}, {&p->t[BT_SDY], t[BT_SDY], what[BT_SDY]},
             {&p->t[BT_SDX], t[BT_SDX], what[BT_SDX]}, {&p->t[BT_CNT], t[BT_CNT], what[BT_CNT]},
             {&p->t[BT_OUT], t[BT_OUT], what[BT_OUT]}, {&p->t[BT_OUT2], t[BT_OUT2], what[BT_OUT2]},
             {&p->t[BT_OUT3], t[BT_OUT3], what[BT_OUT3]},
             {&p->t[BT_OUT4], t[BT_OUT4], what[BT_OUT4]});
    for (int i = 0; i < BT_COUNT_; i++)
        p->has[i] = t[i] != NULL;
    p->kind = kind;
    p->training = training;
    p->momentum = momentum;
    p->eps = eps;
    p->N = x->dims[0];
    p->C = C;
    p->S = ops_numel(x->dims + 2, nd - 2);
    p->ncnt = t[BT_CNT] ? ops_numel(t[BT_CNT]->dims, (int)t[BT_CNT]->ndim) : 0;
    if (q) {
        p->quant = true;
        p->iscale = q->iscale, p->izp = q->izp, p->oscale = q->oscale, p->ozp = q->ozp;
        p->qlo = q->lo, p->qhi = q->hi;
    }
    e->run = p->C > 0 && (p->N * p->S > 0 || kind != BK_ELEMT_BWD) ? bn_run : NULL;
    return ops_exec_done(e, workspaceSize, executor);
}

static aclnnStatus bn_build(const char *name, int kind, const aclTensor *const *t, unsigned types,
                            unsigned ctypes, bool training, double momentum, double eps, WS)
{
    return bn_build_q(name, kind, t, NULL, types, ctypes, training, momentum, eps, NULL,
                      workspaceSize, executor);
}

aclnnStatus aclnnBatchNormGetWorkspaceSize(const aclTensor *input, const aclTensor *weight,
                                           const aclTensor *bias, aclTensor *runningMean,
                                           aclTensor *runningVar, bool training, double momentum,
                                           double eps, aclTensor *output, aclTensor *saveMean,
                                           aclTensor *saveInvstd, WS)
{
    const char *name = "aclnnBatchNorm";
    OPS_CHECK_NULLS(name, input, output, workspaceSize, executor);
    if (!training && (!runningMean || !runningVar))
        return ops_err(ACLNN_ERR_PARAM_NULLPTR, "%s: inference needs runningMean and runningVar",
                       name);
    const aclTensor *t[BT_COUNT_] = {
        [BT_X] = input,        [BT_W] = weight,   [BT_B] = bias,        [BT_MEAN] = runningMean,
        [BT_VAR] = runningVar, [BT_OUT] = output, [BT_OUT2] = saveMean, [BT_OUT3] = saveInvstd};
    return bn_build(name, BK_NORM, t, OPS_DT_BatchNorm, 0, training, momentum, eps, workspaceSize,
                    executor);
}
PHASE2(BatchNorm)

aclnnStatus aclnnBatchNormStatsGetWorkspaceSize(const aclTensor *input, double eps, aclTensor *mean,
                                                aclTensor *invstd, WS)
{
    const char *name = "aclnnBatchNormStats";
    OPS_CHECK_NULLS(name, input, mean, invstd, workspaceSize, executor);
    const aclTensor *t[BT_COUNT_] = {[BT_X] = input, [BT_OUT2] = mean, [BT_OUT3] = invstd};
    return bn_build(name, BK_STATS, t, OPS_DT_BatchNormStats, 0, true, 0, eps, workspaceSize,
                    executor);
}
PHASE2(BatchNormStats)

aclnnStatus aclnnBatchNormReduceGetWorkspaceSize(const aclTensor *x, aclTensor *sum,
                                                 aclTensor *squareSum, WS)
{
    const char *name = "aclnnBatchNormReduce";
    OPS_CHECK_NULLS(name, x, sum, squareSum, workspaceSize, executor);
    const aclTensor *t[BT_COUNT_] = {[BT_X] = x, [BT_OUT] = sum, [BT_OUT2] = squareSum};
    return bn_build(name, BK_REDUCE, t, OPS_DT_BatchNormReduce, 0, true, 0, 0, workspaceSize,
                    executor);
}
PHASE2(BatchNormReduce)

aclnnStatus aclnnSyncBatchNormGatherStatsGetWorkspaceSize(
    const aclTensor *totalSum, const aclTensor *totalSquareSum, const aclTensor *sampleCount,
    aclTensor *mean, aclTensor *variance, float momentum, float eps, aclTensor *batchMean,
    aclTensor *batchInvstd, WS)
{
    const char *name = "aclnnSyncBatchNormGatherStats";
    OPS_CHECK_NULLS(name, totalSum, totalSquareSum, sampleCount, mean, variance, batchMean,
                    batchInvstd, workspaceSize, executor);
    const aclTensor *t[BT_COUNT_] = {
        [BT_X] = totalSum,   [BT_G] = totalSquareSum, [BT_CNT] = sampleCount, [BT_MEAN] = mean,
        [BT_VAR] = variance, [BT_OUT2] = batchMean,   [BT_OUT3] = batchInvstd};
    return bn_build(name, BK_GATHER, t, OPS_DT_SyncBatchNormGatherStats,
                    OPS_DT2_SyncBatchNormGatherStats, true, momentum, eps, workspaceSize, executor);
}
PHASE2(SyncBatchNormGatherStats)

aclnnStatus aclnnBatchNormElemtGetWorkspaceSize(const aclTensor *input, const aclTensor *weight,
                                                const aclTensor *bias, aclTensor *mean,
                                                aclTensor *invstd, double eps, aclTensor *output,
                                                WS)
{
    const char *name = "aclnnBatchNormElemt";
    OPS_CHECK_NULLS(name, input, mean, invstd, output, workspaceSize, executor);
    const aclTensor *t[BT_COUNT_] = {[BT_X] = input,   [BT_W] = weight,   [BT_B] = bias,
                                     [BT_MEAN] = mean, [BT_VAR] = invstd, [BT_OUT] = output};
    return bn_build(name, BK_ELEMT, t, OPS_DT_BatchNormElemt, 0, false, 0, eps, workspaceSize,
                    executor);
}
PHASE2(BatchNormElemt)

aclnnStatus aclnnBatchNormElemtBackwardGetWorkspaceSize(
    const aclTensor *gradOut, const aclTensor *input, const aclTensor *mean,
    const aclTensor *invstd, const aclTensor *weight, const aclTensor *sumDy,
    const aclTensor *sumDyXmu, aclTensor *counter, aclTensor *gradInput, WS)
{
    const char *name = "aclnnBatchNormElemtBackward";
    OPS_CHECK_NULLS(name, gradOut, input, mean, invstd, sumDy, sumDyXmu, counter, gradInput,
                    workspaceSize, executor);
    const aclTensor *t[BT_COUNT_] = {[BT_X] = input,      [BT_G] = gradOut,   [BT_W] = weight,
                                     [BT_MEAN] = mean,    [BT_VAR] = invstd,  [BT_SDY] = sumDy,
                                     [BT_SDX] = sumDyXmu, [BT_CNT] = counter, [BT_OUT] = gradInput};
    return bn_build(name, BK_ELEMT_BWD, t, OPS_DT_BatchNormElemtBackward,
                    OPS_DT2_BatchNormElemtBackward, false, 0, 0, workspaceSize, executor);
}
PHASE2(BatchNormElemtBackward)

/* BN5: outputMask (3 values; an asked-for gradient may not be NULL), then bn_build. */
static aclnnStatus bn_backward(const char *name, unsigned types, const aclTensor *gradOut,
                               const aclTensor *input, const aclTensor *weight,
                               const aclTensor *runningMean, const aclTensor *runningVar,
                               const aclTensor *saveMean, const aclTensor *saveInvstd,
                               bool training, double eps, const aclBoolArray *outputMask,
                               aclTensor *gradInput, aclTensor *gradWeight, aclTensor *gradBias,
                               uint64_t *workspaceSize, aclOpExecutor **executor)
{
    OPS_CHECK_NULLS(name, gradOut, input, outputMask, workspaceSize, executor);
    if (outputMask->n != 3)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: outputMask has %llu values, expected 3", name,
                       (unsigned long long)outputMask->n);
    const aclTensor *outs[3] = {gradInput, gradWeight, gradBias};
    static const char *const on[3] = {"gradInput", "gradWeight", "gradBias"};
    for (int i = 0; i < 3; i++)
        if (outputMask->v[i] && !outs[i])
            return ops_err(ACLNN_ERR_PARAM_NULLPTR, "%s: %s is NULL", name, on[i]);
    if (training && (!saveMean || !saveInvstd))
        return ops_err(ACLNN_ERR_PARAM_NULLPTR, "%s: training needs saveMean and saveInvstd", name);
    if (!training && (!runningMean || !runningVar))
        return ops_err(ACLNN_ERR_PARAM_NULLPTR, "%s: inference needs runningMean and runningVar",
                       name);
    const aclTensor *t[BT_COUNT_] = {[BT_X] = input,
                                     [BT_G] = gradOut,
                                     [BT_W] = weight,
                                     [BT_MEAN] = training ? NULL : runningMean,
                                     [BT_VAR] = training ? NULL : runningVar,
                                     [BT_SDY] = training ? saveMean : NULL,
                                     [BT_SDX] = training ? saveInvstd : NULL,
                                     [BT_OUT] = outputMask->v[0] ? gradInput : NULL,
                                     [BT_OUT2] = outputMask->v[1] ? gradWeight : NULL,
                                     [BT_OUT3] = outputMask->v[2] ? gradBias : NULL};
    return bn_build(name, BK_BACKWARD, t, types, 0, training, 0, eps, workspaceSize, executor);
}

aclnnStatus aclnnBatchNormBackwardGetWorkspaceSize(
    const aclTensor *gradOut, const aclTensor *input, const aclTensor *weight,
    const aclTensor *runningMean, const aclTensor *runningVar, const aclTensor *saveMean,
    const aclTensor *saveInvstd, bool training, double eps, const aclBoolArray *outputMask,
    aclTensor *gradInput, aclTensor *gradWeight, aclTensor *gradBias, WS)
{
    return bn_backward("aclnnBatchNormBackward", OPS_DT_BatchNormBackward, gradOut, input, weight,
                       runningMean, runningVar, saveMean, saveInvstd, training, eps, outputMask,
                       gradInput, gradWeight, gradBias, workspaceSize, executor);
}
PHASE2(BatchNormBackward)

aclnnStatus aclnnFastBatchNormBackwardGetWorkspaceSize(
    const aclTensor *gradOut, const aclTensor *input, const aclTensor *weight,
    const aclTensor *runningMean, const aclTensor *runningVar, const aclTensor *saveMean,
    const aclTensor *saveInvstd, bool training, double eps, const aclBoolArray *outputMask,
    int version, aclTensor *gradInput, aclTensor *gradWeight, aclTensor *gradBias, WS)
{
    const char *name = "aclnnFastBatchNormBackward";
    if (version != 0 && version != 1)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: version %d is not 0 or 1", name, version);
    return bn_backward(name, OPS_DT_FastBatchNormBackward, gradOut, input, weight, runningMean,
                       runningVar, saveMean, saveInvstd, training, eps, outputMask, gradInput,
                       gradWeight, gradBias, workspaceSize, executor);
}
PHASE2(FastBatchNormBackward)

/* BN6: ops-nn's experimental BatchNormalizationGrad, BatchNormBackward in training with every
 * gradient asked for; bias is checked ([C]) and unused, epsilon unused (saveInvstd holds it);
 * every tensor of input's type (the op's def). */
aclnnStatus aclnnBatchNormalizationGradGetWorkspaceSize(
    const aclTensor *gradOutput, const aclTensor *input, const aclTensor *weight,
    const aclTensor *bias, const aclTensor *saveMean, const aclTensor *saveInvstd, double epsilon,
    aclTensor *gradInput, aclTensor *gradWeight, aclTensor *gradBias, WS)
{
    const char *name = "aclnnBatchNormalizationGrad";
    OPS_CHECK_NULLS(name, gradOutput, input, weight, bias, saveMean, saveInvstd, gradInput,
                    gradWeight, gradBias, workspaceSize, executor);
    const aclTensor *const all[9] = {gradOutput, input,     weight,     bias,    saveMean,
                                     saveInvstd, gradInput, gradWeight, gradBias};
    static const char *const an[9] = {"gradOutput", "input",      "weight",
                                      "bias",       "saveMean",   "saveInvstd",
                                      "gradInput",  "gradWeight", "gradBias"};
    for (int i = 0; i < 9; i++)
        if (all[i]->dtype != input->dtype)
            return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: %s type %s differs from input's %s", name,
                           an[i], ops_dt_name(all[i]->dtype), ops_dt_name(input->dtype));
    if (!ops_same_shape(gradOutput, input))
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: gradOutput's shape differs from input's",
                       name); /* named here: bn_build calls it gradOut */
    const aclTensor *t[BT_COUNT_] = {
        [BT_X] = input,       [BT_G] = gradOutput,    [BT_W] = weight,
        [BT_B] = bias,        [BT_SDY] = saveMean,    [BT_SDX] = saveInvstd,
        [BT_OUT] = gradInput, [BT_OUT2] = gradWeight, [BT_OUT3] = gradBias};
    return bn_build(name, BK_BACKWARD, t, OPS_DT_BatchNormalizationGrad, 0, true, 0, epsilon,
                    workspaceSize, executor);
}
PHASE2(BatchNormalizationGrad)

/* QuantizedBatchNorm (BN7): BatchNorm in inference on the dequantised input, requantised. */
aclnnStatus aclnnQuantizedBatchNormGetWorkspaceSize(
    const aclTensor *input, const aclTensor *mean, const aclTensor *var,
    const aclScalar *inputScale, const aclScalar *inputZeroPoint, const aclScalar *outputScale,
    const aclScalar *outputZeroPoint, aclTensor *weight, aclTensor *bias, float epsilon,
    aclTensor *output, uint64_t *workspaceSize, aclOpExecutor **executor)
{
    const char *name = "aclnnQuantizedBatchNorm";
    OPS_CHECK_NULLS(name, input, mean, var, inputScale, inputZeroPoint, outputScale,
                    outputZeroPoint, output, workspaceSize, executor);
    aclnnStatus rc;
    int dt;
    if ((rc = ops_check_dims(input, name, "input")) ||
        (rc = ops_need_dt(name, "input", input->dtype, OPS_DT_QuantizedBatchNorm, &dt)))
        return rc;
    if (input->ndim != 4)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: input has %d dims; it must be NCHW (4)", name,
                       (int)input->ndim);
    if (output->dtype != input->dtype)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: output type %s differs from input's %s", name,
                       ops_dt_name(output->dtype), ops_dt_name(input->dtype));
    const aclTensor *chan[4] = {mean, var, weight, bias};
    static const char *const cn[4] = {"mean", "var", "weight", "bias"};
    for (int i = 0; i < 4; i++)
        if (chan[i] && chan[i]->dtype != ACL_FLOAT)
            return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: %s type %s is not FLOAT", name, cn[i],
                           ops_dt_name(chan[i]->dtype));
    const struct bn_quant q = {
        .iscale = ops_scalar_f64(inputScale),
        .izp = ops_scalar_f64(inputZeroPoint),
        .oscale = ops_scalar_f64(outputScale),
        .ozp = ops_scalar_f64(outputZeroPoint),
        .lo = dt == DT_U8   ? 0
              : dt == DT_I8 ? -128
                            : INT32_MIN,
        .hi = dt == DT_U8   ? 255
              : dt == DT_I8 ? 127
                            : INT32_MAX,
    };
    if (q.izp < (double)q.lo || q.izp > (double)q.hi || q.ozp < (double)q.lo ||
        q.ozp > (double)q.hi)
        return ops_err(ACLNN_ERR_PARAM_INVALID,
                       "%s: inputZeroPoint %g / outputZeroPoint %g are outside %s's range", name,
                       q.izp, q.ozp, ops_dt_name(input->dtype));
    const aclTensor *t[BT_COUNT_] = {[BT_X] = input,   [BT_W] = weight, [BT_B] = bias,
                                     [BT_MEAN] = mean, [BT_VAR] = var,  [BT_OUT] = output};
    return bn_build_q(name, BK_NORM, t, NULL, OPS_DT_QuantizedBatchNorm | DTM(DT_F32), 0, false, 0,
                      (double)epsilon, &q, workspaceSize, executor);
}
PHASE2(QuantizedBatchNorm)

/* BatchNormGatherStatsWithCounts (BN8, torch's batch_norm_gather_stats_with_counts). */
aclnnStatus aclnnBatchNormGatherStatsWithCountsGetWorkspaceSize(
    const aclTensor *input, const aclTensor *mean, const aclTensor *invstd, aclTensor *runningMean,
    aclTensor *runningVar, double momentum, double eps, const aclTensor *counts, aclTensor *meanAll,
    aclTensor *invstdAll, uint64_t *workspaceSize, aclOpExecutor **executor)
{
    const char *name = "aclnnBatchNormGatherStatsWithCounts";
    OPS_CHECK_NULLS(name, input, mean, invstd, counts, meanAll, invstdAll, workspaceSize, executor);
    aclnnStatus rc;
    int dt;
    if ((rc = ops_check_dims(input, name, "input")) ||
        (rc = ops_need_dt(name, "input", input->dtype, OPS_DT_BatchNormGatherStatsWithCounts, &dt)))
        return rc;
    if (input->ndim < 2 || mean->ndim != 2 || mean->dims[1] != input->dims[1])
        return ops_err(ACLNN_ERR_PARAM_INVALID,
                       "%s: mean must be [n, C] with input's channels (input [N, C, *])", name);
    static const char *const names[BT_COUNT_] = {
        [BT_X] = "mean",         [BT_G] = "invstd",   [BT_MEAN] = "runningMean",
        [BT_VAR] = "runningVar", [BT_CNT] = "counts", [BT_OUT2] = "meanAll",
        [BT_OUT3] = "invstdAll"};
    const aclTensor *t[BT_COUNT_] = {
        [BT_X] = mean,     [BT_G] = invstd,     [BT_MEAN] = runningMean, [BT_VAR] = runningVar,
        [BT_CNT] = counts, [BT_OUT2] = meanAll, [BT_OUT3] = invstdAll};
    return bn_build_q(name, BK_GATHER_CNT, t, names, OPS_DT_BatchNormGatherStatsWithCounts,
                      OPS_DT_BatchNormGatherStatsWithCounts, true, momentum, eps, NULL,
                      workspaceSize, executor);
}
PHASE2(BatchNormGatherStatsWithCounts)

/* BatchNormReduceBackward (BN9, torch's batch_norm_backward_reduce). */
aclnnStatus aclnnBatchNormReduceBackwardGetWorkspaceSize(
    const aclTensor *gradOut, const aclTensor *input, const aclTensor *mean,
    const aclTensor *invstd, const aclTensor *weight, const bool inputG, const bool weightG,
    const bool biasG, aclTensor *sumDy, aclTensor *sumDyXmu, aclTensor *gradWeight,
    aclTensor *gradBias, uint64_t *workspaceSize, aclOpExecutor **executor)
{
    const char *name = "aclnnBatchNormReduceBackward";
    OPS_CHECK_NULLS(name, gradOut, input, mean, invstd, workspaceSize, executor);
    if (inputG)
        OPS_CHECK_NULLS(name, sumDy, sumDyXmu);
    if (weightG)
        OPS_CHECK_NULLS(name, gradWeight);
    if (biasG)
        OPS_CHECK_NULLS(name, gradBias);
    if (gradOut->dtype != input->dtype)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: gradOut type %s differs from input's %s", name,
                       ops_dt_name(gradOut->dtype), ops_dt_name(input->dtype));
    if (input->ndim >= 2 && input->dims[1] == 0)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: input's channel dim is 0", name);
    static const char *const names[BT_COUNT_] = {
        [BT_X] = "input",       [BT_G] = "gradOut",       [BT_W] = "weight",
        [BT_MEAN] = "mean",     [BT_VAR] = "invstd",      [BT_OUT] = "sumDy",
        [BT_OUT2] = "sumDyXmu", [BT_OUT3] = "gradWeight", [BT_OUT4] = "gradBias"};
    const aclTensor *t[BT_COUNT_] = {[BT_X] = input,
                                     [BT_G] = gradOut,
                                     [BT_W] = weight,
                                     [BT_MEAN] = mean,
                                     [BT_VAR] = invstd,
                                     [BT_OUT] = inputG ? sumDy : NULL,
                                     [BT_OUT2] = inputG ? sumDyXmu : NULL,
                                     [BT_OUT3] = weightG ? gradWeight : NULL,
                                     [BT_OUT4] = biasG ? gradBias : NULL};
    return bn_build_q(name, BK_REDUCE_BWD, t, names, OPS_DT_BatchNormReduceBackward, 0, true, 0, 0,
                      NULL, workspaceSize, executor);
}
PHASE2(BatchNormReduceBackward)

/* ---- SyncBatchNormBackwardReduce (BN10) ------------------------------------------------------ */

struct sbr_plan {
    struct ops_tensor sdy, sdx, mean, istd, xmu, y;
};

static int32_t sbr_run(const struct aclOpExecutor *e, void *const *addr)
{
    const struct sbr_plan *p = e->plan;
    const int64_t n = p->sdy.numel;
    double *buf = malloc((size_t)(4 * n) * sizeof(double));
    if (!buf)
        return ACL_ERROR_BAD_ALLOC;
    const struct ops_tensor *in[4] = {&p->sdy, &p->sdx, &p->mean, &p->istd};
    for (int i = 0; i < 4; i++)
        ops_gather_nd(buf + i * n, CK_F64, ops_base(in[i], addr), in[i]->dt, in[i]->ndim,
                      in[i]->dims, in[i]->strides);
    double *sdy = buf, *xmu = buf + n, *mean = buf + 2 * n, *istd = buf + 3 * n;
    for (int64_t c = 0; c < n; c++) {
        xmu[c] -= mean[c] * sdy[c]; /* sum(dy x) - mean sum(dy) = sum(dy (x - mean)) */
        istd[c] *= xmu[c];
    }
    ops_scatter_nd(xmu, CK_F64, ops_base(&p->xmu, addr), p->xmu.dt, p->xmu.ndim, p->xmu.dims,
                   p->xmu.strides);
    ops_scatter_nd(istd, CK_F64, ops_base(&p->y, addr), p->y.dt, p->y.ndim, p->y.dims,
                   p->y.strides);
    free(buf);
    return 0;
}

/* SyncBatchNormBackwardReduce (ops-nn's experimental op; BN10): per channel, sumDyXmu =
 * sumDyDxPad - mean sumDy and y = sumDyXmu invertStd, every tensor of one shape and type. */
aclnnStatus aclnnSyncBatchNormBackwardReduceGetWorkspaceSize(
    const aclTensor *sumDy, const aclTensor *sumDyDxPad, const aclTensor *mean,
    const aclTensor *invertStd, aclTensor *sumDyXmu, aclTensor *y, uint64_t *workspaceSize,
    aclOpExecutor **executor)
{
    const char *name = "aclnnSyncBatchNormBackwardReduce";
    OPS_CHECK_NULLS(name, sumDy, sumDyDxPad, mean, invertStd, sumDyXmu, y, workspaceSize, executor);
    const aclTensor *const t[6] = {sumDy, sumDyDxPad, mean, invertStd, sumDyXmu, y};
    static const char *const tn[6] = {"sumDy", "sumDyDxPad", "mean", "invertStd", "sumDyXmu", "y"};
    aclnnStatus rc;
    int dt;
    for (int i = 0; i < 6; i++)
        if ((rc = ops_check_dims(t[i], name, tn[i])))
            return rc;
    if ((rc = ops_need_dt(name, "sumDy", sumDy->dtype, OPS_DT_SyncBatchNormBackwardReduce, &dt)))
        return rc;
    for (int i = 1; i < 6; i++) {
        if (t[i]->dtype != sumDy->dtype)
            return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: %s type %s differs from sumDy's %s", name,
                           tn[i], ops_dt_name(t[i]->dtype), ops_dt_name(sumDy->dtype));
        if (!ops_same_shape(t[i], sumDy))
            return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: %s's shape differs from sumDy's", name,
                           tn[i]);
    }
    OPS_PLAN(e, p, name, 4, 2, struct sbr_plan, NULL, {&p->sdy, sumDy, "sumDy"},
             {&p->sdx, sumDyDxPad, "sumDyDxPad"}, {&p->mean, mean, "mean"},
             {&p->istd, invertStd, "invertStd"}, {&p->xmu, sumDyXmu, "sumDyXmu"}, {&p->y, y, "y"});
    e->run = p->sdy.numel > 0 ? sbr_run : NULL;
    return ops_exec_done(e, workspaceSize, executor);
}
PHASE2(SyncBatchNormBackwardReduce)

/* SyncBnTrainingUpdateV2 (ops-nn's experimental op; BN11). */
aclnnStatus aclnnSyncBnTrainingUpdateV2GetWorkspaceSize(const aclTensor *x1, const aclTensor *x2,
                                                        const aclTensor *x3, double momentum,
                                                        aclTensor *y1, aclTensor *y2, aclTensor *y3,
                                                        uint64_t *workspaceSize,
                                                        aclOpExecutor **executor)
{
    const char *name = "aclnnSyncBnTrainingUpdateV2";
    OPS_CHECK_NULLS(name, x1, x2, x3, y1, y2, y3, workspaceSize, executor);
    if (x1->ndim >= 2 && ops_numel(x1->dims, (int)x1->ndim) == 0)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: x1 is empty", name);
    static const char *const names[BT_COUNT_] = {
        [BT_X] = "x1",   [BT_MEAN] = "x2", [BT_VAR] = "x3",
        [BT_OUT] = "y1", [BT_OUT2] = "y2", [BT_OUT3] = "y3"};
    const aclTensor *t[BT_COUNT_] = {
        [BT_X] = x1, [BT_MEAN] = x2, [BT_VAR] = x3, [BT_OUT] = y1, [BT_OUT2] = y2, [BT_OUT3] = y3};
    return bn_build_q(name, BK_SYNC_UPDATE, t, names, OPS_DT_SyncBnTrainingUpdateV2, 0, true,
                      momentum, 0, NULL, workspaceSize, executor);
}
PHASE2(SyncBnTrainingUpdateV2)
