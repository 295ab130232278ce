/* SPDX-License-Identifier: Apache-2.0 */
/* FusedInferAttentionScoreV2 against a double-precision softmax(QK^T) V
 * reference: layouts BSH/BSND/BNSD/BNSD_BSND, float16/bfloat16/float32,
 * GQA, pseShift (broadcast batch and stride-0 heads), attenMask, sparse
 * modes, actual sequence lengths, key blocks and query blocks of several
 * tiles, non-contiguous views, softmaxLse, fully masked rows, and the error
 * codes. The other parameter lists of the same computation (PromptFlashAttention
 * V1..V3, IncreFlashAttention V1..V4, FusedInferAttentionScore V1, V3, V4:
 * attention_versions.c) give V2's bytes on the same inputs, and refuse what
 * they cannot honour naming it (AV1). FlashAttentionScore and its gradient:
 * one visible key gives its value and a zero query gradient, the statistics'
 * 8 copies, the codes and messages (their torch test:
 * tests/python/test_flash_attention_score_torch.py). */
#include "optest.h"

#include "aclnnop/aclnn_flash_attention_score.h"
#include "aclnnop/aclnn_flash_attention_score_grad.h"
#include "aclnnop/aclnn_fused_infer_attention_score.h"
#include "aclnnop/aclnn_fused_infer_attention_score_v2.h"
#include "aclnnop/aclnn_fused_infer_attention_score_v3.h"
#include "aclnnop/aclnn_fused_infer_attention_score_v4.h"
#include "aclnnop/aclnn_incre_flash_attention.h"
#include "aclnnop/aclnn_incre_flash_attention_v2.h"
#include "aclnnop/aclnn_incre_flash_attention_v3.h"
#include "aclnnop/aclnn_incre_flash_attention_v4.h"
#include "aclnnop/aclnn_prompt_flash_attention.h"
#include "aclnnop/aclnn_prompt_flash_attention_v2.h"
#include "aclnnop/aclnn_prompt_flash_attention_v3.h"

static int g_cases;

enum { BSH, BSND, BNSD, BNSD_BSND };
static const char *const LAYOUT[] = {"BSH", "BSND", "BNSD", "BNSD_BSND"};

struct fa_case {
    int layout;
    aclDataType dt;
    int64_t B, N, KVN, Sq, Skv, D;
    int qlayout;       /* ot layout for query (L_CONTIG / L_STEP / L_GAP) */
    int pse;           /* 0 none, 1 (B, N, Sq, Skv), 2 (1, N, Sq, Skv) with stride-0 heads */
    int mask;          /* 0 none, 1 (B, 1, Sq, Skv) bool, 2 (Sq, Skv) int8 */
    int sparse;        /* sparseMode */
    int64_t pre, next; /* tokens */
    bool lse;
    const int64_t *actq, *actkv; /* per-batch lengths or NULL */
    bool mask_all_row0;          /* hide every key of query row 0 */
};

static void dims_of(int layout, int64_t B, int64_t N, int64_t S, int64_t D, int64_t *dims, int *nd)
{
    switch (layout) {
    case BSH:
        dims[0] = B, dims[1] = S, dims[2] = N * D, *nd = 3;
        break;
    case BSND:
        dims[0] = B, dims[1] = S, dims[2] = N, dims[3] = D, *nd = 4;
        break;
    default:
        dims[0] = B, dims[1] = N, dims[2] = S, dims[3] = D, *nd = 4;
        break;
    }
}

static int64_t lin_of(int layout, const int64_t *dims, int64_t b, int64_t n, int64_t s, int64_t d,
                      int64_t D)
{
    switch (layout) {
    case BSH:
        return (b * dims[1] + s) * dims[2] + n * D + d;
    case BSND:
        return ((b * dims[1] + s) * dims[2] + n) * dims[3] + d;
    default:
        return ((b * dims[1] + n) * dims[2] + s) * dims[3] + d;
    }
}

static bool ref_hidden(const struct fa_case *c, int64_t i, int64_t j, int64_t sq, int64_t skv,
                       bool has_mask)
{
    switch (c->sparse) {
    case 0:
        return has_mask && (j < i - c->pre || j > i + c->next);
    case 2:
        return j > i;
    case 3:
        return j > i + (skv - sq);
    case 4:
        return j > i + (skv - sq) + c->next || j < i + (skv - sq) - c->pre;
    default:
        return false;
    }
}

static void run_case(const struct fa_case *c)
{
    g_cases++;
    int in_layout = c->layout == BNSD_BSND ? BNSD : c->layout;
    int out_layout = c->layout == BNSD_BSND ? BSND : c->layout;
    int64_t qd[4], kd[4], od[4];
    int qn, kn, on;
    dims_of(in_layout, c->B, c->N, c->Sq, c->D, qd, &qn);
    dims_of(in_layout, c->B, c->KVN, c->Skv, c->D, kd, &kn);
    dims_of(out_layout, c->B, c->N, c->Sq, c->D, od, &on);
    ot_tensor q, k, v, o, pse = {0}, mask = {0}, lse = {0};
    ot_make(&q, c->dt, qn, qd, c->qlayout);
    ot_make(&k, c->dt, kn, kd, L_CONTIG);
    ot_make(&v, c->dt, kn, kd, L_GAP);
    ot_make(&o, c->dt, on, od, L_CONTIG);
    ot_fill(&q, -1, 1);
    ot_fill(&k, -1, 1);
    ot_fill(&v, -2, 2);
    aclTensor *pse_t = NULL;
    if (c->pse == 1) {
        int64_t pd[4] = {c->B, c->N, c->Sq, c->Skv};
        ot_make(&pse, c->dt == ACL_BF16 ? ACL_BF16 : ACL_FLOAT16, 4, pd, L_CONTIG);
        ot_fill(&pse, -1.5, 1.5);
        pse_t = pse.t;
    } else if (c->pse == 2) { /* (1, N, Sq, Skv), heads share the data (stride 0) */
        int64_t pd[4] = {1, c->N, c->Sq, c->Skv};
        ot_make(&pse, ACL_FLOAT16, 4, pd, L_CONTIG);
        ot_fill(&pse, -1.5, 1.5);
        for (int64_t i = 0; i < pse.numel; i++) /* make heads equal, then view stride 0 */
            ot_set(&pse, i, ot_get(&pse, i % (c->Sq * c->Skv)));
        int64_t st[4] = {0, 0, c->Skv, 1}, storage = c->Sq * c->Skv;
        aclDestroyTensor(pse.t);
        pse.t = aclCreateTensor(pd, 4, ACL_FLOAT16, st, 0, ACL_FORMAT_ND, &storage, 1, pse.buf);
        pse_t = pse.t;
    }
    aclTensor *mask_t = NULL;
    if (c->mask == 1) {
        int64_t md[4] = {c->B, 1, c->Sq, c->Skv};
        ot_make(&mask, ACL_BOOL, 4, md, L_CONTIG);
    } else if (c->mask == 2) {
        int64_t md[2] = {c->Sq, c->Skv};
        ot_make(&mask, ACL_INT8, 2, md, L_STEP);
    }
    if (c->mask) {
        for (int64_t i = 0; i < mask.numel; i++)
            ot_set(&mask, i, c->sparse >= 2 ? 0 : ot_rand01() < 0.3);
        if (c->mask_all_row0)
            for (int64_t b = 0; b < (c->mask == 1 ? c->B : 1); b++)
                for (int64_t j = 0; j < c->Skv; j++)
                    ot_set(&mask, b * c->Sq * c->Skv + j, 1);
        mask_t = mask.t;
    }
    if (c->lse) {
        int64_t ld[4] = {c->B, c->N, c->Sq, 1};
        ot_make(&lse, ACL_FLOAT, 4, ld, L_CONTIG);
    }
    aclIntArray *aq = c->actq ? aclCreateIntArray(c->actq, (uint64_t)c->B) : NULL;
    aclIntArray *akv = c->actkv ? aclCreateIntArray(c->actkv, (uint64_t)c->B) : NULL;
    aclTensorList *kl = aclCreateTensorList((const aclTensor *const[]){k.t}, 1);
    aclTensorList *vl = aclCreateTensorList((const aclTensor *const[]){v.t}, 1);
    double scale = 1.0 / sqrt((double)c->D);
    OT_RUN(aclnnFusedInferAttentionScoreV2, q.t, kl, vl, pse_t, mask_t, aq, akv, NULL, NULL, NULL,
           NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, c->N,
           scale, c->pre, c->next, (char *)LAYOUT[c->layout], c->KVN, c->sparse, 0, 0, 0, c->lse, 0,
           0, o.t, c->lse ? lse.t : NULL);

    double *sc = malloc(sizeof(double) * (size_t)(c->Skv ? c->Skv : 1));
    CHECK(sc);
    const int64_t G = c->N / c->KVN;
    for (int64_t b = 0; b < c->B; b++) {
        int64_t sq = c->actq ? c->actq[b] : c->Sq, skv = c->actkv ? c->actkv[b] : c->Skv;
        for (int64_t n = 0; n < c->N; n++)
            for (int64_t i = 0; i < c->Sq; i++) {
                double mx = -INFINITY;
                bool any = false;
                for (int64_t j = 0; j < skv && i < sq; j++) {
                    double s = 0;
                    for (int64_t d = 0; d < c->D; d++)
                        s += ot_get(&q, lin_of(in_layout, qd, b, n, i, d, c->D)) *
                             ot_get(&k, lin_of(in_layout, kd, b, n / G, j, d, c->D));
                    s *= scale;
                    if (c->pse == 1)
                        s += ot_get(&pse, ((b * c->N + n) * c->Sq + i) * c->Skv + j);
                    else if (c->pse == 2)
                        s += ot_get(&pse, i * c->Skv + j);
                    bool hid = ref_hidden(c, i, j, sq, skv, c->mask != 0);
                    if (c->mask && c->sparse <= 1)
                        hid = hid ||
                              ot_get(&mask, ((c->mask == 1 ? b : 0) * c->Sq + i) * c->Skv + j) != 0;
                    sc[j] = hid ? -INFINITY : s;
                    if (!hid) {
                        any = true;
                        mx = s > mx ? s : mx;
                    }
                }
                double sum = 0;
                for (int64_t j = 0; any && j < skv; j++)
                    sum += sc[j] == -INFINITY ? 0 : exp(sc[j] - mx);
                for (int64_t d = 0; d < c->D; d++) {
                    double acc = 0;
                    for (int64_t j = 0; any && j < skv; j++)
                        if (sc[j] != -INFINITY)
                            acc += exp(sc[j] - mx) / sum *
                                   ot_get(&v, lin_of(in_layout, kd, b, n / G, j, d, c->D));
                    double got = ot_get(&o, lin_of(out_layout, od, b, n, i, d, c->D));
                    double tol = (c->dt == ACL_FLOAT     ? 2e-5
                                  : c->dt == ACL_FLOAT16 ? 4e-3
                                                         : 3e-2) *
                                 (1 + fabs(acc));
                    if (!(fabs(got - acc) <= tol)) {
                        fprintf(stderr,
                                "FIA %s %s B%lld N%lld/%lld Sq%lld Skv%lld D%lld: out[b%lld n%lld "
                                "i%lld d%lld] = %.6f, want %.6f\n",
                                LAYOUT[c->layout], ot_dt_name(c->dt), (long long)c->B,
                                (long long)c->N, (long long)c->KVN, (long long)c->Sq,
                                (long long)c->Skv, (long long)c->D, (long long)b, (long long)n,
                                (long long)i, (long long)d, got, acc);
                        exit(1);
                    }
                }
                if (c->lse && i < sq) {
                    double want = any ? mx + log(sum) : -INFINITY;
                    double got = ot_get(&lse, (b * c->N + n) * c->Sq + i);
                    CHECK(any ? fabs(got - want) <= 1e-3 * (1 + fabs(want)) : got == want);
                }
            }
    }
    CHECK(ot_gaps_intact(&o));
    free(sc);
    aclDestroyTensorList(kl); /* destroys k.t and v.t */
    aclDestroyTensorList(vl);
    k.t = v.t = NULL;
    if (aq)
        aclDestroyIntArray(aq);
    if (akv)
        aclDestroyIntArray(akv);
    OT_FREE(&q, &k, &v, &o);
    if (c->pse)
        ot_free(&pse);
    if (c->mask)
        ot_free(&mask);
    if (c->lse)
        ot_free(&lse);
}

static void errors(void)
{
    int64_t qd[4] = {1, 2, 4, 8}, kd[4] = {1, 1, 6, 8};
    ot_tensor q, k, v, o, k16;
    OT_MAKE_CONTIG({&q, ACL_FLOAT16, 4, qd}, {&k, ACL_FLOAT16, 4, kd}, {&v, ACL_FLOAT16, 4, kd},
                   {&o, ACL_FLOAT16, 4, qd}, {&k16, ACL_BF16, 4, kd});
    aclTensorList *kl = aclCreateTensorList((const aclTensor *const[]){k.t}, 1);
    aclTensorList *vl = aclCreateTensorList((const aclTensor *const[]){v.t}, 1);
    aclTensorList *kbf = aclCreateTensorList((const aclTensor *const[]){k16.t}, 1);
    aclTensorList *k2 = aclCreateTensorList((const aclTensor *const[]){q.t, o.t}, 2);
    uint64_t ws;
    aclOpExecutor *ex;
#define FIA(Q, K, V, DEQ, N, LAY, KVN, SP, OUT)                                                    \
    aclnnFusedInferAttentionScoreV2GetWorkspaceSize(                                               \
        Q, K, V, NULL, NULL, NULL, NULL, DEQ, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL,      \
        NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, N, 0.3, 65535, 65535, LAY, KVN, SP, 0, 0,  \
        0, false, 0, 0, OUT, NULL, &ws, &ex)
    CHECK_NN(ACLNN_SUCCESS, FIA(q.t, kl, vl, NULL, 2, "BNSD", 1, 0, o.t));
    ot_run(aclnnFusedInferAttentionScoreV2, ws, ex);
    CHECK_NN(ACLNN_ERR_PARAM_NULLPTR, FIA(NULL, kl, vl, NULL, 2, "BNSD", 1, 0, o.t));
    CHECK_NN(ACLNN_ERR_PARAM_NULLPTR, FIA(q.t, NULL, vl, NULL, 2, "BNSD", 1, 0, o.t));
    CHECK_NN(ACLNN_ERR_PARAM_NULLPTR, FIA(q.t, kl, vl, NULL, 2, "BNSD", 1, 0, NULL));
    CHECK_NN(ACLNN_ERR_PARAM_NULLPTR, FIA(q.t, kl, vl, NULL, 2, NULL, 1, 0, o.t));
    CHECK_NN(ACLNN_ERR_PARAM_INVALID, FIA(q.t, kl, vl, NULL, 2, "XYZ", 1, 0, o.t));
    CHECK_NN(ACLNN_ERR_PARAM_INVALID, FIA(q.t, kl, vl, NULL, 3, "BNSD", 1, 0, o.t));  /* N */
    CHECK_NN(ACLNN_ERR_PARAM_INVALID, FIA(q.t, kl, vl, NULL, 2, "BNSD", 2, 0, o.t));  /* KVN */
    CHECK_NN(ACLNN_ERR_PARAM_INVALID, FIA(q.t, kl, vl, NULL, 0, "BNSD", 1, 0, o.t));  /* heads */
    CHECK_NN(ACLNN_ERR_PARAM_INVALID, FIA(q.t, kl, vl, NULL, 2, "BSND", 1, 0, o.t));  /* shape */
    CHECK_NN(ACLNN_ERR_PARAM_INVALID, FIA(q.t, kbf, vl, NULL, 2, "BNSD", 1, 0, o.t)); /* dtype */
    CHECK_NN(ACLNN_ERR_PARAM_INVALID, FIA(q.t, k2, vl, NULL, 2, "BNSD", 1, 0, o.t));  /* list */
    CHECK_NN(ACLNN_ERR_PARAM_INVALID, FIA(q.t, kl, vl, q.t, 2, "BNSD", 1, 0, o.t));   /* quant */
    CHECK_NN(ACLNN_ERR_PARAM_INVALID, FIA(q.t, kl, vl, NULL, 2, "BNSD", 1, 5, o.t));  /* sparse */
    CHECK_NN(ACLNN_ERR_PARAM_INVALID, FIA(q.t, kl, vl, NULL, 2, "BNSD", 1, 2, o.t));  /* no mask */
    CHECK_NN(ACLNN_ERR_PARAM_INVALID, FIA(q.t, kl, vl, NULL, 2, "BNSD", 1, 0, k.t));  /* out */
#undef FIA
    aclDestroyTensorList(kl);
    aclDestroyTensorList(vl);
    aclDestroyTensorList(kbf);
    aclDestroyTensorList(k2);
    free(q.buf);
    free(k.buf);
    free(v.buf);
    free(o.buf);
    free(k16.buf);
}

/* The other parameter lists: the same bytes as V2 on the same inputs (one
 * plan and kernel, AV1), their codes and messages. */
static void versions(void)
{
    int64_t qd[4] = {1, 4, 3, 16}, q1d[4] = {1, 4, 1, 16}, kd[4] = {1, 2, 20, 16};
    ot_tensor q, q1, k, v, o, o1, ref, ref1, any;
    int64_t one = 1;
    OT_MAKE_CONTIG({&q, ACL_FLOAT16, 4, qd}, {&q1, ACL_FLOAT16, 4, q1d}, {&k, ACL_FLOAT16, 4, kd},
                   {&v, ACL_FLOAT16, 4, kd}, {&o, ACL_FLOAT16, 4, qd}, {&o1, ACL_FLOAT16, 4, q1d},
                   {&ref, ACL_FLOAT16, 4, qd}, {&ref1, ACL_FLOAT16, 4, q1d},
                   {&any, ACL_FLOAT, 1, &one});
    ot_fill(&q, -1, 1), ot_fill(&q1, -1, 1), ot_fill(&k, -1, 1), ot_fill(&v, -1, 1);
    aclTensorList *kl = aclCreateTensorList((const aclTensor *const[]){k.t}, 1);
    aclTensorList *vl = aclCreateTensorList((const aclTensor *const[]){v.t}, 1);
    static const int64_t lens[1] = {13};
    aclIntArray *act = aclCreateIntArray(lens, 1);
    char bnsd[] = "BNSD";
    const double sc = 0.25;
    /* a mask hiding the prompt's right-down causal pairs (sparse mode 3 needs one; V1 has no
     * sparseMode and uses it in mode 0) */
    int64_t md[2] = {3, 20};
    ot_tensor mask;
    OT_MAKE_CONTIG({&mask, ACL_BOOL, 2, md});
    for (int64_t i = 0; i < 3; i++)
        for (int64_t j = 0; j < 20; j++)
            ot_set(&mask, i * 20 + j, j > i + (13 - 3));
    /* V2 on the prompt (query lengths: all, keys: 13) and on the decode row */
    OT_RUN(aclnnFusedInferAttentionScoreV2, q.t, kl, vl, NULL, mask.t, NULL, act, NULL, NULL, NULL,
           NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, 4,
           sc, 65535, 65535, bnsd, 2, 3, 0, 0, 0, false, 0, 0, ref.t, NULL);
    OT_RUN(aclnnFusedInferAttentionScoreV2, q1.t, kl, vl, NULL, NULL, NULL, act, NULL, NULL, NULL,
           NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, 4,
           sc, 65535, 65535, bnsd, 2, 0, 0, 0, 0, false, 0, 0, ref1.t, NULL);
#define SAME(out, want, what)                                                                      \
    do {                                                                                           \
        if (memcmp((out).buf, (want).buf, (size_t)(want).numel * 2)) {                             \
            const uint16_t *a_ = (out).buf, *b_ = (want).buf;                                      \
            size_t i_ = 0;                                                                         \
            while (a_[i_] == b_[i_])                                                               \
                i_++;                                                                              \
            fprintf(stderr, "%s: element %zu is %04x, V2's %04x\n", what, i_, a_[i_], b_[i_]);     \
            exit(1);                                                                               \
        }                                                                                          \
        memset((out).buf, 0x7f, (size_t)(out).numel * 2);                                          \
        g_cases++;                                                                                 \
    } while (0)
    OT_RUN(aclnnPromptFlashAttentionV2, q.t, k.t, v.t, NULL, mask.t, NULL, act, NULL, NULL, NULL,
           NULL, NULL, 4, sc, 65535, 65535, bnsd, 2, 3, o.t);
    SAME(o, ref, "PromptFlashAttentionV2");
    OT_RUN(aclnnPromptFlashAttentionV3, q.t, k.t, v.t, NULL, mask.t, NULL, act, NULL, NULL, NULL,
           NULL, NULL, 4, sc, 65535, 65535, bnsd, 2, 3, 1, o.t);
    SAME(o, ref, "PromptFlashAttentionV3");
    OT_RUN(aclnnFusedInferAttentionScore, q.t, kl, vl, NULL, mask.t, NULL, act, NULL, NULL, NULL,
           NULL, NULL, NULL, NULL, NULL, NULL, NULL, 4, sc, 65535, 65535, bnsd, 2, 3, 0, 0, 0,
           false, o.t, NULL);
    SAME(o, ref, "FusedInferAttentionScore");
    OT_RUN(aclnnFusedInferAttentionScoreV3, q.t, kl, vl, NULL, mask.t, NULL, act, NULL, NULL, NULL,
           NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL,
           NULL, NULL, 4, sc, 65535, 65535, bnsd, 2, 3, 0, 0, 0, false, 0, 0, o.t, NULL);
    SAME(o, ref, "FusedInferAttentionScoreV3");
    OT_RUN(aclnnFusedInferAttentionScoreV4, q.t, kl, vl, NULL, mask.t, NULL, act, NULL, NULL, NULL,
           NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL,
           NULL, NULL, NULL, NULL, 4, sc, 65535, 65535, bnsd, 2, 3, 0, 0, 0, false, 0, 0, 0, o.t,
           NULL);
    SAME(o, ref, "FusedInferAttentionScoreV4");
    /* V1 has no sparseMode and no key lengths: V2's mode 0 with the same mask */
    OT_RUN(aclnnFusedInferAttentionScoreV2, q.t, kl, vl, NULL, mask.t, NULL, NULL, NULL, NULL, NULL,
           NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, 4,
           sc, 65535, 65535, bnsd, 2, 0, 0, 0, 0, false, 0, 0, ref.t, NULL);
    OT_RUN(aclnnPromptFlashAttention, q.t, k.t, v.t, NULL, mask.t, NULL, 4, sc, 65535, 65535, bnsd,
           2, o.t);
    SAME(o, ref, "PromptFlashAttention");
    /* decode: IncreFlashAttention's actualSeqLengths are the key lengths */
    OT_RUN(aclnnIncreFlashAttention, q1.t, kl, vl, NULL, NULL, act, 4, sc, bnsd, 2, o1.t);
    SAME(o1, ref1, "IncreFlashAttention");
    OT_RUN(aclnnIncreFlashAttentionV2, q1.t, kl, vl, NULL, NULL, act, NULL, NULL, NULL, NULL, NULL,
           4, sc, bnsd, 2, o1.t);
    SAME(o1, ref1, "IncreFlashAttentionV2");
    OT_RUN(aclnnIncreFlashAttentionV3, q1.t, kl, vl, NULL, NULL, act, NULL, NULL, NULL, NULL, NULL,
           NULL, NULL, NULL, 4, sc, bnsd, 2, 0, 1, o1.t);
    SAME(o1, ref1, "IncreFlashAttentionV3");
    OT_RUN(aclnnIncreFlashAttentionV4, q1.t, kl, vl, NULL, NULL, act, NULL, NULL, NULL, NULL, NULL,
           NULL, NULL, NULL, NULL, 4, sc, bnsd, 2, 0, 1, o1.t);
    SAME(o1, ref1, "IncreFlashAttentionV4");
#undef SAME
    /* codes and messages (AV1: the first unsupported input given is named) */
    OT_FAILS_NAMING(ACLNN_ERR_PARAM_NULLPTR, aclnnPromptFlashAttention, "query", NULL, k.t, v.t,
                    NULL, NULL, NULL, 4, sc, 65535, 65535, bnsd, 2, o.t);
    OT_FAILS_NAMING(ACLNN_ERR_PARAM_INVALID, aclnnPromptFlashAttentionV2, "quantScale2", q.t, k.t,
                    v.t, NULL, NULL, NULL, NULL, NULL, NULL, NULL, any.t, NULL, 4, sc, 65535, 65535,
                    bnsd, 2, 0, o.t);
    OT_FAILS_NAMING(ACLNN_ERR_PARAM_INVALID, aclnnPromptFlashAttentionV3, "innerPrecise", q.t, k.t,
                    v.t, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, 4, sc, 65535, 65535,
                    bnsd, 2, 0, 4, o.t);
    OT_FAILS_NAMING(ACLNN_ERR_PARAM_INVALID, aclnnIncreFlashAttention, "sequence length", q.t, kl,
                    vl, NULL, NULL, NULL, 4, sc, bnsd, 2, o.t);
    OT_FAILS_NAMING(ACLNN_ERR_PARAM_NULLPTR, aclnnIncreFlashAttentionV2, "attentionOut", q1.t, kl,
                    vl, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, 4, sc, bnsd, 2, NULL);
    OT_FAILS_NAMING(ACLNN_ERR_PARAM_INVALID, aclnnIncreFlashAttentionV3, "blocktable", q1.t, kl, vl,
                    NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, any.t, 4, sc, bnsd,
                    2, 128, 1, o1.t);
    OT_FAILS_NAMING(ACLNN_ERR_PARAM_INVALID, aclnnIncreFlashAttentionV4, "kvPaddingSize", q1.t, kl,
                    vl, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, any.t, 4,
                    sc, bnsd, 2, 0, 1, o1.t);
    OT_FAILS_NAMING(ACLNN_ERR_PARAM_INVALID, aclnnFusedInferAttentionScore, "kvPaddingSize", q.t,
                    kl, vl, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL,
                    NULL, any.t, 4, sc, 65535, 65535, bnsd, 2, 0, 0, 0, 0, false, o.t, NULL);
    OT_FAILS_NAMING(ACLNN_ERR_PARAM_INVALID, aclnnFusedInferAttentionScoreV3, "keyRopeOptional",
                    q.t, kl, vl, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL,
                    NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, any.t, NULL,
                    4, sc, 65535, 65535, bnsd, 2, 0, 0, 0, 0, false, 0, 0, o.t, NULL);
    OT_FAILS_NAMING(ACLNN_ERR_PARAM_INVALID, aclnnFusedInferAttentionScoreV4,
                    "learnableSinkOptional", q.t, kl, vl, NULL, NULL, NULL, NULL, NULL, NULL, NULL,
                    NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL,
                    NULL, NULL, NULL, NULL, NULL, any.t, 4, sc, 65535, 65535, bnsd, 2, 0, 0, 0, 0,
                    false, 0, 0, 0, o.t, NULL);
    OT_FAILS_NAMING(ACLNN_ERR_PARAM_INVALID, aclnnFusedInferAttentionScoreV4, "FLOAT16, BFLOAT16",
                    any.t, kl, vl, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL,
                    NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL,
                    NULL, NULL, 4, sc, 65535, 65535, bnsd, 2, 0, 0, 0, 0, false, 0, 0, 0, o.t,
                    NULL);
    aclDestroyIntArray(act);
    aclDestroyTensorList(kl);
    aclDestroyTensorList(vl);
    free(k.buf); /* k.t, v.t: destroyed with their lists */
    free(v.buf);
    ot_tensor *all[] = {&q, &q1, &o, &o1, &ref, &ref1, &any, &mask};
    ot_free_each(all, sizeof(all) / sizeof(all[0]));
}

/* FlashAttentionScore with one key: softmax is 1, out = v (dropout off), max = s,
 * sum = 1 in all 8 copies; its gradient: dq = 0 (dS = 0), dv = dy summed over the
 * query rows and heads; and the codes. */
static void flash_score(void)
{
    int64_t qd[4] = {1, 2, 3, 8}, kd[4] = {1, 1, 1, 8}, sd[4] = {1, 2, 3, 8};
    ot_tensor q, k, v, o, mx, sm, dy, dq, dk, dv;
    OT_MAKE_CONTIG({&q, ACL_FLOAT, 4, qd}, {&k, ACL_FLOAT, 4, kd}, {&v, ACL_FLOAT, 4, kd},
                   {&o, ACL_FLOAT, 4, qd}, {&mx, ACL_FLOAT, 4, sd}, {&sm, ACL_FLOAT, 4, sd},
                   {&dy, ACL_FLOAT, 4, qd}, {&dq, ACL_FLOAT, 4, qd}, {&dk, ACL_FLOAT, 4, kd},
                   {&dv, ACL_FLOAT, 4, kd});
    ot_fill(&q, -1, 1), ot_fill(&k, -1, 1), ot_fill(&v, -1, 1), ot_fill(&dy, -1, 1);
    char bnsd[] = "BNSD", tnd[] = "TND";
    const float *qf = q.buf, *kf = k.buf, *vf = v.buf, *of = o.buf, *mf = mx.buf, *sf = sm.buf;
    OT_RUN(aclnnFlashAttentionScore, q.t, k.t, v.t, NULL, NULL, NULL, NULL, NULL, 0.5, 1.0,
           2147483647, 2147483647, 2, bnsd, 0, 0, mx.t, sm.t, NULL, o.t);
    for (int64_t r = 0; r < 6; r++) { /* (head, row) */
        double s = 0;
        for (int d = 0; d < 8; d++) {
            CHECK(of[r * 8 + d] == vf[d]);
            s += (double)qf[r * 8 + d] * kf[d];
        }
        for (int c = 0; c < 8; c++)
            CHECK(fabs(mf[r * 8 + c] - 0.5 * s) < 1e-5 && sf[r * 8 + c] == 1.0f);
    }
    OT_RUN(aclnnFlashAttentionScoreGrad, q.t, k.t, v.t, dy.t, NULL, NULL, NULL, NULL, mx.t, sm.t,
           NULL, NULL, NULL, 0.5, 1.0, 2147483647, 2147483647, 2, bnsd, 0, 0, dq.t, dk.t, dv.t,
           NULL);
    const float *dqf = dq.buf, *dkf = dk.buf, *dvf = dv.buf, *dyf = dy.buf;
    for (int d = 0; d < 8; d++) {
        double want = 0;
        for (int64_t r = 0; r < 6; r++)
            want += dyf[r * 8 + d];
        CHECK(fabs(dvf[d] - want) < 1e-5 && fabs(dkf[d]) < 1e-6);
        for (int64_t r = 0; r < 6; r++)
            CHECK(fabs(dqf[r * 8 + d]) < 1e-6);
    }
    g_cases += 2;
    OT_FAILS_NAMING(ACLNN_ERR_PARAM_NULLPTR, aclnnFlashAttentionScore, "softmaxSumOut", q.t, k.t,
                    v.t, NULL, NULL, NULL, NULL, NULL, 0.5, 1.0, 0, 0, 2, bnsd, 0, 0, mx.t, NULL,
                    NULL, o.t);
    OT_FAILS_NAMING(ACLNN_ERR_PARAM_INVALID, aclnnFlashAttentionScore, "inputLayout", q.t, k.t, v.t,
                    NULL, NULL, NULL, NULL, NULL, 0.5, 1.0, 0, 0, 2, tnd, 0, 0, mx.t, sm.t, NULL,
                    o.t);
    OT_FAILS_NAMING(ACLNN_ERR_PARAM_INVALID, aclnnFlashAttentionScore, "dropMaskOptional", q.t, k.t,
                    v.t, NULL, NULL, NULL, NULL, NULL, 0.5, 0.5, 0, 0, 2, bnsd, 0, 0, mx.t, sm.t,
                    NULL, o.t);
    OT_FAILS_NAMING(ACLNN_ERR_PARAM_INVALID, aclnnFlashAttentionScore, "sparseMode", q.t, k.t, v.t,
                    NULL, NULL, NULL, NULL, NULL, 0.5, 1.0, 0, 0, 2, bnsd, 0, 6, mx.t, sm.t, NULL,
                    o.t);
    OT_FAILS_NAMING(ACLNN_ERR_PARAM_INVALID, aclnnFlashAttentionScoreGrad, "dqOut", q.t, k.t, v.t,
                    dy.t, NULL, NULL, NULL, NULL, mx.t, sm.t, NULL, NULL, NULL, 0.5, 1.0, 0, 0, 2,
                    bnsd, 0, 0, dk.t, dk.t, dv.t, NULL);
    OT_FAILS_NAMING(ACLNN_ERR_PARAM_NULLPTR, aclnnFlashAttentionScoreGrad, "dpseOut", q.t, k.t, v.t,
                    dy.t, q.t, NULL, NULL, NULL, mx.t, sm.t, NULL, NULL, NULL, 0.5, 1.0, 0, 0, 2,
                    bnsd, 0, 0, dq.t, dk.t, dv.t, NULL);
    ot_tensor *all[] = {&q, &k, &v, &o, &mx, &sm, &dy, &dq, &dk, &dv};
    ot_free_each(all, sizeof(all) / sizeof(all[0]));
}

int main(void)
{
    ot_init();
    static const int64_t actkv[2] = {300, 123}, actq[2] = {5, 3};
    /* decode-like: one query row, GQA, pse with stride-0 heads, kv > one block */
    run_case(&(struct fa_case){BSND, ACL_FLOAT16, 2, 4, 2, 1, 300, 24, L_CONTIG, 2, 0, 0, 65535,
                               65535, false, NULL, NULL, false});
    /* prompt: several query and key blocks, bool mask, lse, bf16 */
    run_case(&(struct fa_case){BNSD, ACL_BF16, 2, 2, 2, 70, 260, 16, L_STEP, 0, 1, 0, 65535, 65535,
                               true, NULL, NULL, false});
    /* float32, BSH, full pse, right-down causal, actual lengths */
    run_case(&(struct fa_case){BSH, ACL_FLOAT, 2, 6, 3, 5, 300, 8, L_GAP, 1, 2, 3, 65535, 65535,
                               true, actq, actkv, false});
    /* left-up causal, band via pre/next with a mask in mode 0, BNSD_BSND out */
    run_case(&(struct fa_case){BNSD_BSND, ACL_FLOAT16, 1, 4, 1, 9, 9, 32, L_CONTIG, 0, 2, 2, 0, 0,
                               false, NULL, NULL, false});
    run_case(&(struct fa_case){BSND, ACL_FLOAT, 1, 2, 2, 7, 11, 5, L_CONTIG, 0, 2, 0, 2, 1, true,
                               NULL, NULL, false});
    run_case(&(struct fa_case){BSND, ACL_FLOAT, 1, 2, 1, 7, 11, 5, L_CONTIG, 0, 2, 4, 2, 1, false,
                               NULL, NULL, false});
    /* blocks of stacked GQA rows: up to 8 rows (decode kernels), 9 and more (sgemm);
     * D not a multiple of the vector width, keys past one block with a tail */
    run_case(&(struct fa_case){BNSD, ACL_BF16, 1, 8, 2, 1, 600, 36, L_CONTIG, 2, 2, 0, 65535, 65535,
                               true, NULL, NULL, false});
    run_case(&(struct fa_case){BSND, ACL_FLOAT, 2, 8, 2, 2, 300, 20, L_CONTIG, 1, 1, 0, 65535,
                               65535, true, NULL, actkv, false});
    run_case(&(struct fa_case){BSH, ACL_FLOAT16, 1, 6, 2, 3, 270, 24, L_GAP, 0, 2, 3, 65535, 65535,
                               false, NULL, NULL, false});
    run_case(&(struct fa_case){BNSD, ACL_FLOAT, 1, 2, 2, 1, 513, 128, L_CONTIG, 0, 0, 0, 65535,
                               65535, true, NULL, NULL, false});
    run_case(&(struct fa_case){BNSD, ACL_FLOAT16, 1, 4, 1, 1, 257, 64, L_CONTIG, 2, 1, 0, 65535,
                               65535, false, NULL, NULL, true});
    /* large enough to split across workers (FA6; ctest also runs this with 3
     * workers): float16 decode with GQA 4 read in place (FA7), D with a tail
     * past the vector width, per-batch kv lengths, lse; float32 with 3 query rows,
     * right-down causal */
    run_case(&(struct fa_case){BNSD, ACL_FLOAT16, 1, 16, 4, 1, 1100, 40, L_CONTIG, 2, 0, 0, 65535,
                               65535, true, NULL, NULL, false});
    run_case(&(struct fa_case){BSND, ACL_FLOAT16, 2, 8, 2, 1, 700, 128, L_CONTIG, 0, 1, 0, 65535,
                               65535, true, NULL, actkv, false});
    run_case(&(struct fa_case){BNSD, ACL_FLOAT, 1, 4, 2, 3, 600, 64, L_CONTIG, 0, 2, 3, 65535,
                               65535, true, NULL, NULL, false});
    /* FA8: decode units split along the keys (chunks fixed by the shape, merged by
     * log-sum-exp): float32 against the float32 tolerance with pse, a mask, lse and a
     * second batch whose keys end inside the first chunk (empty chunks); float16 with
     * every key of the row hidden (zeros, lse -inf across all chunks) */
    static const int64_t actkv_long[2] = {2100, 700};
    run_case(&(struct fa_case){BNSD, ACL_FLOAT, 2, 8, 2, 1, 2100, 64, L_CONTIG, 1, 1, 0, 65535,
                               65535, true, NULL, actkv_long, false});
    run_case(&(struct fa_case){BSND, ACL_FLOAT16, 1, 4, 1, 1, 1500, 64, L_CONTIG, 0, 1, 0, 65535,
                               65535, true, NULL, NULL, true});
    run_case(&(struct fa_case){BNSD, ACL_BF16, 1, 32, 8, 1, 4096, 128, L_CONTIG, 0, 0, 0, 65535,
                               65535, true, NULL, NULL, false});
    /* FA9: a short prompt over a few keys in small-row units: a model's first 8-token
     * prefill (GQA 2, left-up causal, float16); one large enough to split by units (64
     * heads, 128 dims), with full pse, a mask, right-down causal, lse and per-batch kv
     * lengths; GQA 8 (units of one query row); and 17 keys, one past FA_TINY_KV (one
     * sgemm unit per kv head, as before) */
    run_case(&(struct fa_case){BSND, ACL_FLOAT16, 1, 8, 4, 8, 8, 64, L_CONTIG, 0, 1, 2, 65535,
                               65535, false, NULL, NULL, false});
    static const int64_t actkv_fa9[2] = {16, 5};
    run_case(&(struct fa_case){BNSD, ACL_FLOAT, 2, 64, 32, 8, 16, 128, L_CONTIG, 1, 1, 3, 65535,
                               65535, true, NULL, actkv_fa9, false});
    run_case(&(struct fa_case){BSH, ACL_FLOAT16, 1, 16, 2, 5, 16, 24, L_GAP, 0, 2, 2, 65535, 65535,
                               true, NULL, NULL, false});
    run_case(&(struct fa_case){BNSD, ACL_FLOAT, 1, 4, 2, 8, 17, 64, L_CONTIG, 0, 2, 3, 65535, 65535,
                               true, NULL, NULL, false});
    /* a prompt (sgemm units): one block, OpenBLAS on the workers */
    run_case(&(struct fa_case){BNSD, ACL_FLOAT, 1, 4, 4, 70, 300, 64, L_CONTIG, 0, 2, 3, 65535,
                               65535, true, NULL, NULL, false});
    /* a fully masked query row gives zeros, lse -inf */
    run_case(&(struct fa_case){BNSD, ACL_FLOAT, 2, 1, 1, 3, 4, 4, L_CONTIG, 0, 1, 1, 0, 0, true,
                               NULL, NULL, true});
    /* empty: no query rows; no keys (every row hidden) */
    run_case(&(struct fa_case){BSND, ACL_FLOAT16, 1, 2, 1, 0, 5, 8, L_CONTIG, 0, 0, 0, 65535, 65535,
                               false, NULL, NULL, false});
    run_case(&(struct fa_case){BSND, ACL_FLOAT16, 1, 2, 1, 3, 0, 8, L_CONTIG, 0, 0, 0, 65535, 65535,
                               false, NULL, NULL, false});
    errors();
    versions();
    flash_score();
    ot_fini();
    printf("ops_attention: %d cases passed\n", g_cases);
    return 0;
}
