/* SPDX-License-Identifier: Apache-2.0 */
/*
 * EmbeddingBag: rows of weight picked by indices, reduced per bag (torch's embedding_bag
 * forward; ops-nn's aclnn_embedding_bag.h, the checks of its A2/A3 path).
 *
 *  EBG1. weight [N, D] (FLOAT, FLOAT16, BFLOAT16); indices and offsets of at most 1 dim (INT64,
 *      INT32, INT16, INT8, UINT8; one of the two INT32 or INT64). B = numel(offsets), minus 1
 *      with includeLastOffset. output [B, D] of weight's type; offset2bag of numel(indices) or
 *      empty (then not written); bagSize of B elements; maxIndices [B, D] in max mode, else B
 *      elements (INT32 or INT64 each). mode 0 is sum, 1 mean, anything else max.
 *      perSampleWeights (optional, sum mode only): weight's type, 1 dim, numel(indices).
 *      scaleGradByFreq and sparse only concern the gradient: accepted, unused. An empty
 *      weight, indices or offsets runs nothing, as CANN's first phase.
 *  EBG2. Bag b holds indices [offsets[b], end), end = offsets[b + 1] when there is one, else
 *      numel(indices). An index equal to paddingIdx (compared as is: a negative one matches
 *      none) is skipped. Offsets must rise from 0 to at most numel(indices) and every other
 *      index lie in [0, N): else the launch fails with ACL_ERROR_RT_AICORE_EXCEPTION before
 *      anything is written (as Embedding, gather.c GA1).
 *  EBG3. sum: sum of perSampleWeights[i] * weight[indices[i]] (weight 1 without them); mean:
 *      the sum over the bag's count; max: per column the largest value (the first on a tie, a
 *      NaN wins), maxIndices its row. An empty bag gives 0 and maxIndices 0. Sums run in
 *      double, each result rounded to its type once.
 *  EBG4. offset2bag[i] = the bag of index i (the number of offsets[1..B) <= i); bagSize = the
 *      bag's non-padding count in mean and max modes, 0 in sum mode; in sum and mean modes
 *      maxIndices = bagSize (CANN's kernel writes the same buffer; torch agrees).
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "aclnnop/aclnn_embedding_bag.h"
#include "ops/engine/engine.h"
#include "ops/index/table.h"

enum { EB_SUM, EB_MEAN, EB_MAX };

struct eb_plan {
    struct ops_tensor weight, indices, offsets, psw, output, offset2bag, bag_size, max_indices;
    int mode;
    bool has_psw;
    int64_t padding, nw, d, ni, no, bags;
};

static int32_t eb_run(const struct aclOpExecutor *e, void *const *addr)
{
    const struct eb_plan *p = e->plan;
    const int64_t d = p->d, ni = p->ni, no = p->no, nb = p->bags;
    double *w = malloc((size_t)(p->nw * d) * sizeof(double));
    /* (+ 1: no bags at all is a run too, with includeLastOffset and one offset) */
    double *out = calloc((size_t)(nb * d) + 1, sizeof(double));
    double *psw = p->has_psw ? malloc((size_t)ni * sizeof(double)) : NULL;
    int64_t *idx = malloc((size_t)ni * sizeof(int64_t));
    int64_t *off = malloc((size_t)no * sizeof(int64_t));
    int64_t *o2b = malloc((size_t)ni * sizeof(int64_t));
    int64_t *bsz = calloc((size_t)nb + 1, sizeof(int64_t));
    int64_t *mxi = calloc((size_t)(p->mode == EB_MAX ? nb * d : nb) + 1, sizeof(int64_t));
    int32_t rc = 0;
    if (!w || !out || (p->has_psw && !psw) || !idx || !off || !o2b || !bsz || !mxi) {
        rc = ACL_ERROR_BAD_ALLOC;
        goto done;
    }
#define EB_GATHER(buf, ck, t)                                                                      \
    ops_gather_nd((buf), (ck), ops_base(&(t), addr), (t).dt, (t).ndim, (t).dims, (t).strides)
    EB_GATHER(w, CK_F64, p->weight);
    EB_GATHER(idx, CK_I64, p->indices);
    EB_GATHER(off, CK_I64, p->offsets);
    if (p->has_psw)
        EB_GATHER(psw, CK_F64, p->psw);
#undef EB_GATHER
    /* EBG2: every check before any write */
    for (int64_t b = 0; b < no; b++)
        if (off[b] < (b ? off[b - 1] : 0) || off[b] > ni || (b == 0 && off[0] != 0)) {
            rc = ACL_ERROR_RT_AICORE_EXCEPTION;
            goto done;
        }
    for (int64_t i = 0; i < ni; i++)
        if (idx[i] != p->padding && (idx[i] < 0 || idx[i] >= p->nw)) {
            rc = ACL_ERROR_RT_AICORE_EXCEPTION;
            goto done;
        }
    for (int64_t b = 0; b < nb; b++) {
        int64_t end = b + 1 < no ? off[b + 1] : ni, cnt = 0;
        double *o = out + b * d;
        int64_t *mi = p->mode == EB_MAX ? mxi + b * d : NULL;
        for (int64_t i = off[b]; i < end; i++) {
            o2b[i] = b; /* EBG4 (of several bags starting at i, the empty ones hold nothing) */
            if (idx[i] == p->padding)
                continue;
            const double *r = w + idx[i] * d;
            if (p->mode == EB_MAX) {
                for (int64_t j = 0; j < d; j++)
                    if (cnt == 0 || r[j] > o[j] || (isnan(r[j]) && !isnan(o[j]))) {
                        o[j] = r[j];
                        mi[j] = idx[i];
                    }
            } else {
                double s = p->has_psw ? psw[i] : 1;
                for (int64_t j = 0; j < d; j++)
                    o[j] += s * r[j];
            }
            cnt++;
        }
        if (p->mode == EB_MEAN && cnt)
            for (int64_t j = 0; j < d; j++)
                o[j] /= (double)cnt;
        bsz[b] = p->mode == EB_SUM ? 0 : cnt;
        if (p->mode != EB_MAX)
            mxi[b] = bsz[b];
    }
    /* indices before offsets[0] cannot exist (offsets[0] is 0); those after the last bag's end
     * (includeLastOffset with offsets[B] < numel(indices)) count as the last bag's (EBG4) */
    for (int64_t i = nb ? (nb < no ? off[nb] : ni) : 0; i < ni; i++)
        o2b[i] = nb ? nb - 1 : 0;
#define EB_SCATTER(buf, ck, t)                                                                     \
    ops_scatter_nd((buf), (ck), ops_base(&(t), addr), (t).dt, (t).ndim, (t).dims, (t).strides)
    EB_SCATTER(out, CK_F64, p->output);
    if (p->offset2bag.numel)
        EB_SCATTER(o2b, CK_I64, p->offset2bag);
    EB_SCATTER(bsz, CK_I64, p->bag_size);
    EB_SCATTER(mxi, CK_I64, p->max_indices);
#undef EB_SCATTER
done:
    free(w);
    free(out);
    free(psw);
    free(idx);
    free(off);
    free(o2b);
    free(bsz);
    free(mxi);
    return rc;
}

/* t must have at most `most` dims (EBG1). */
static aclnnStatus eb_rank(const char *name, const aclTensor *t, const char *what, unsigned most)
{
    if (t->ndim > most)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: %s has %u dims, at most %u are supported",
                       name, what, t->ndim, most);
    return ACLNN_SUCCESS;
}

/* t must have n elements (EBG1). */
static aclnnStatus eb_count(const char *name, const aclTensor *t, const char *what, int64_t n)
{
    int64_t got = ops_numel(t->dims, (int)t->ndim);
    if (got != n)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: %s has %lld elements, %lld are needed", name,
                       what, (long long)got, (long long)n);
    return ACLNN_SUCCESS;
}

aclnnStatus aclnnEmbeddingBagGetWorkspaceSize(const aclTensor *weight, const aclTensor *indices,
                                              const aclTensor *offsets, bool scaleGradByFreq,
                                              int64_t mode, bool sparse,
                                              const aclTensor *perSampleWeights,
                                              bool includeLastOffset, int64_t paddingIdx,
                                              aclTensor *output, aclTensor *offset2bag,
                                              aclTensor *bagSize, aclTensor *maxIndices, WS)
{
    static const char name[] = "aclnnEmbeddingBag";
    (void)scaleGradByFreq; /* EBG1: gradient options */
    (void)sparse;
    OPS_CHECK_NULLS(name, weight, indices, offsets, output, offset2bag, bagSize, maxIndices,
                    workspaceSize, executor);
    const aclTensor *all[] = {weight, indices,    offsets, perSampleWeights,
                              output, offset2bag, bagSize, maxIndices};
    static const char *const what[] = {"weight", "indices",    "offsets", "perSampleWeights",
                                       "output", "offset2bag", "bagSize", "maxIndices"};
    aclnnStatus rc;
    for (int i = 0; i < 8; i++)
        if (all[i] && (rc = ops_check_dims(all[i], name, what[i])))
            return rc;
    int wdt, idt, odt, dt;
    if ((rc = ops_need_dt(name, "weight", weight->dtype, OPS_DT_EmbeddingBag, &wdt)) ||
        (rc = ops_need_dt(name, "indices", indices->dtype, OPS_DT2_EmbeddingBag, &idt)) ||
        (rc = ops_need_dt(name, "offsets", offsets->dtype, OPS_DT2_EmbeddingBag, &odt)))
        return rc;
    if (!((DTM(idt) | DTM(odt)) & DTM_IDX))
        return ops_err(ACLNN_ERR_PARAM_INVALID,
                       "%s: indices or offsets must be INT32 or INT64, they are %s and %s", name,
                       ops_dt_name(indices->dtype), ops_dt_name(offsets->dtype));
    if (perSampleWeights && perSampleWeights->dtype != weight->dtype)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: perSampleWeights is %s, weight %s", name,
                       ops_dt_name(perSampleWeights->dtype), ops_dt_name(weight->dtype));
    if (output->dtype != weight->dtype)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: output is %s, weight %s", name,
                       ops_dt_name(output->dtype), ops_dt_name(weight->dtype));
    if ((rc = ops_need_dt(name, "offset2bag", offset2bag->dtype, DTM_IDX, &dt)) ||
        (rc = ops_need_dt(name, "bagSize", bagSize->dtype, DTM_IDX, &dt)) ||
        (rc = ops_need_dt(name, "maxIndices", maxIndices->dtype, DTM_IDX, &dt)))
        return rc;
    int m = mode == 0 ? EB_SUM : mode == 1 ? EB_MEAN : EB_MAX;
    if (weight->ndim != 2)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: weight has %u dims, 2 are needed", name,
                       weight->ndim);
    if ((rc = eb_rank(name, indices, "indices", 1)) ||
        (rc = eb_rank(name, offsets, "offsets", 1)) ||
        (rc = eb_rank(name, offset2bag, "offset2bag", 1)) ||
        (rc = eb_rank(name, bagSize, "bagSize", 1)) ||
        (rc = eb_rank(name, maxIndices, "maxIndices", m == EB_MAX ? 2 : 1)))
        return rc;
    if (perSampleWeights && perSampleWeights->ndim != 1)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: perSampleWeights has %u dims, 1 is needed",
                       name, perSampleWeights->ndim);
    if (perSampleWeights && m != EB_SUM)
        return ops_err(ACLNN_ERR_PARAM_INVALID,
                       "%s: perSampleWeights is only taken with mode 0 (sum), mode is %lld", name,
                       (long long)mode);
    int64_t ni = ops_numel(indices->dims, (int)indices->ndim);
    int64_t no = ops_numel(offsets->dims, (int)offsets->ndim);
    int64_t nb = no - (includeLastOffset ? 1 : 0);
    if (nb < 0)
        return ops_err(ACLNN_ERR_PARAM_INVALID,
                       "%s: offsets is empty, includeLastOffset needs at least 1 element", name);
    int64_t want[2] = {nb, weight->dims[1]};
    if ((perSampleWeights && (rc = eb_count(name, perSampleWeights, "perSampleWeights", ni))) ||
        (rc = ops_check_shape(name, want, 2, output, "output")))
        return rc;
    int64_t n2b = ops_numel(offset2bag->dims, (int)offset2bag->ndim);
    if (n2b && (rc = eb_count(name, offset2bag, "offset2bag", ni)))
        return rc;
    if ((rc = eb_count(name, bagSize, "bagSize", nb)))
        return rc;
    if (m == EB_MAX ? (rc = ops_check_shape(name, want, 2, maxIndices, "maxIndices"))
                    : (rc = eb_count(name, maxIndices, "maxIndices", nb)))
        return rc;
    OPS_PLAN(e, p, name, 4, 4, struct eb_plan, NULL, {&p->weight, weight, "weight"},
             {&p->indices, indices, "indices"}, {&p->offsets, offsets, "offsets"},
             {&p->psw, perSampleWeights, "perSampleWeights"}, {&p->output, output, "output"},
             {&p->offset2bag, offset2bag, "offset2bag"}, {&p->bag_size, bagSize, "bagSize"},
             {&p->max_indices, maxIndices, "maxIndices"});
    p->mode = m;
    p->has_psw = perSampleWeights != NULL;
    p->padding = paddingIdx;
    p->nw = weight->dims[0];
    p->d = weight->dims[1];
    p->ni = ni;
    p->no = no;
    p->bags = nb;
    bool empty = !ops_numel(weight->dims, 2) || !ni || !no; /* EBG1: CANN runs nothing */
    e->run = empty ? NULL : eb_run;
    return ops_exec_done(e, workspaceSize, executor);
}

PHASE2(EmbeddingBag)
