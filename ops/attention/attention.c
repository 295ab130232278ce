/* SPDX-License-Identifier: Apache-2.0 */
/*
 * FusedInferAttentionScoreV2: out = softmax(scale * Q K^T + pse, masked) V
 * for each batch b and query head n, with key/value head n / (N / KVN).
 * Its phase 1 is the internal entry fa_prepare (attention.h), which the other
 * parameter lists of the same computation call (attention_versions.c:
 * PromptFlashAttention, IncreFlashAttention, FusedInferAttentionScore V1,
 * V3, V4).
 *
 *  FA1. Blocked ("flash") evaluation: for a block of query rows, the scores
 *      of one block of keys are computed, turned into probabilities with a
 *      running maximum and sum (online softmax, in float32, vector exp), and
 *      their product with the value block accumulated. Only a [rows x FA_KB]
 *      score block ever exists.
 *  FA2. The query heads that share a key/value head (GQA) are processed
 *      together: their rows are stacked into one block (G heads x QB query
 *      rows), so each key/value block is converted to float32 once per
 *      block of query rows and read once by all G heads (decode: K and V
 *      are read once per kv head). A float32 key / value with unit stride in
 *      D is used in place.
 *  FA5. Blocks of up to FA_SMALL_ROWS rows (decode) use ops/engine/simd.h's
 *      register-blocked products; larger ones two sgemm calls. Only a
 *      launch with such larger blocks loads the BLAS (in its first phase).
 *  FA9. A short query over a few keys (G x Sq <= FA_ROWS stacked rows, G
 *      <= FA_SMALL_ROWS, Skv <= FA_TINY_KV keys: a session's first prompt,
 *      before the cache holds more) is cut into small-row units of
 *      FA_SMALL_ROWS / G query rows instead of one sgemm unit, so that it
 *      does not load the BLAS (matmul.c MM4: 2-5 ms of a model's 8-token
 *      prefill, and OpenBLAS's threads spinning after their start). Measured
 *      (1 worker, float16, D 64, GQA 2, 8 queries): 8 keys cost the same
 *      either way (the launch's latency dominates), 16 keys about 7% more
 *      than sgemm, 64 keys up to 4x, 256 keys 2x: beyond a few keys the sgemm
 *      units stay. Decode (Sq = 1) is cut as before. The small-row products
 *      sum in another order than sgemm: float32 rounding differences only.
 *  FA3. Masking: attenMask element != 0 hides a (query, key) pair; sparse
 *      modes 2/3/4 are computed from the indices (left-up causal,
 *      right-down causal, band) and mode 0 applies preTokens/nextTokens
 *      when a mask is given. Keys past actualSeqLengthsKv are hidden, query
 *      rows past actualSeqLengths give zeros. A row with every key hidden
 *      gives zeros (and softmaxLse -inf).
 *  FA4. softmaxLse (float32) gets max + log(sum exp) of the final scores.
 *  FA7. Float16 keys and values with unit stride in D are read in place by
 *      the small-row products (F16C conversions in registers) when the
 *      build has them (ks_ops.kv_f16): no float32 copy of the block.
 *  FA6. The work is cut into units (batch, key/value head, block of query
 *      rows; decode: one per key/value head) and a launch splits them into
 *      blocks across the device's workers (a multi-block launch, engine.h's
 *      ops_split; units of more than FA_SMALL_ROWS rows, which call the BLAS
 *      on the device's workers, stay one block). A unit is computed the same
 *      way in any block: results are bit-identical for any worker count.
 *  FA8. Decode launches with few units split each unit's keys (fa_kv_plan):
 *      kv_parts chunks of kv_chunk keys (multiples of FA_KB, fixed by the
 *      shape, never by the worker count); part (unit, chunk) runs FA1 over
 *      its keys into its own slot (O unnormalised, running max M and sum L
 *      per row), the parts run on the device's workers (core_owned_blocks,
 *      inside the launch's one task), then the launch's thread merges each
 *      unit's chunks in chunk order: M = max M_c, L = sum L_c exp(M_c - M),
 *      O = sum O_c exp(M_c - M) (log-sum-exp). The merge is the online
 *      softmax's own rescaling step applied per chunk, so the result differs
 *      from the one-pass order by float32 rounding only (tested against the
 *      double reference at the float32 tolerance, 2e-5 relative), and is
 *      bit-identical for any worker count (tests/ops/ops_split.c).
 */
#include <cblas.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "aclnnop/aclnn_fused_infer_attention_score_v2.h"
#include "core/launch.h"
#include "ops/engine/simd.h"
#include "ops/engine/engine.h"
#include "ops/attention/attention.h"
#include "ops/attention/table.h"

#define FA_KB 256 /* keys per block */

typedef __typeof__(cblas_sgemm) sgemm_fn;

/* A [B, N, S, D] view of any layout: element strides per logical dim. */
struct fa_view {
    int dt, slot;
    int64_t off;
    int64_t sb, sn, ss, sd;
};

enum { L_BSH, L_BSND, L_BNSD, L_BNSD_BSND };

struct fa_plan {
    const struct ops_split *split; /* first (engine.h: ops_split_run) */
    sgemm_fn *gemm;
    int64_t B, N, KVN, Sq, Skv, D;
    struct fa_view q, k, v, o;
    bool has_pse, has_mask, has_lse;
    struct fa_view pse;  /* sb (0 = shared), sn, ss = row, sd = key */
    struct fa_view mask; /* sb, ss = row, sd = key (sn unused) */
    struct fa_view lse;  /* sb, sn, ss */
    float scale;
    int sparse;
    int64_t pre, next;
    int64_t *actq, *actkv;      /* [B] */
    int64_t kv_parts, kv_chunk; /* FA8: chunks per unit and keys per chunk (0: no key split) */
};

static void fa_free(struct aclOpExecutor *e)
{
    struct fa_plan *p = e->plan;
    if (p) {
        free(p->actq);
        free(p);
    }
}

/* Whether key j is hidden from query row i (FA3), batch lengths sq, skv. */
static inline bool fa_hidden(const struct fa_plan *p, int64_t i, int64_t j, int64_t sq, int64_t skv)
{
    switch (p->sparse) {
    case 0:
        return p->has_mask && (j < i - p->pre || j > i + p->next);
    case 2:
        return j > i;
    case 3:
        return j > i + (skv - sq);
    case 4:
        return j > i + (skv - sq) + p->next || j < i + (skv - sq) - p->pre;
    default:
        return false;
    }
}

/* Rows [0, rows) of a [S, D] slice into a contiguous float block. */
static void fa_load_rows(float *dst, const struct fa_view *v, const char *base, int64_t row0,
                         int64_t rows, int64_t D)
{
    ops_load_fn ld = ops_loader(CK_F32, v->dt);
    int64_t esz = ops_dt_size(v->dt);
    for (int64_t r = 0; r < rows; r++)
        ld(dst + r * D, base + (row0 + r) * v->ss * esz, v->sd * esz, D);
}

/* Rows of one block: G heads x qn query rows, stacked (FA2). */
#define FA_ROWS 64
#define FA_SMALL_ROWS 8 /* up to this many rows: ks_ops' products, else sgemm (FA5) */
#define FA_TINY_KV 16   /* FA9: keys up to which a short query takes small-row units */

/* Query rows per head in one unit (FA2, FA9) of G heads sharing a key/value
 * head, Sq queries, Skv keys. */
static int64_t fa_qb_of(int64_t G, int64_t Sq, int64_t Skv)
{
    if (G <= FA_SMALL_ROWS && G * Sq <= FA_ROWS && Skv <= FA_TINY_KV)
        return FA_SMALL_ROWS / G; /* FA9: a short query over a few keys, small-row units */
    return G >= FA_ROWS ? 1 : FA_ROWS / G;
}

static int64_t fa_qb(const struct fa_plan *p)
{
    return fa_qb_of(p->N / p->KVN, p->Sq, p->Skv);
}

/* What every unit of a launch shares: the plan, the kernels, the bases of
 * the tensors and how keys / values are read (FA7). */
struct fa_ctx {
    const struct fa_plan *p;
    const struct ks_ops *ks;
    int64_t G, QB, RB, nqb;
    bool kdirect, vdirect, khalf, vhalf;
    int64_t eq, ek, ev, eo, epse;
    const char *qbase, *kbase, *vbase, *psebase;
    char *obase;
    const unsigned char *mbase;
    float *lsebase;
    ops_store_fn ost;
    ops_load_fn pld;
};

static void fa_ctx_init(struct fa_ctx *c, const struct fa_plan *p, void *const *addr)
{
    const struct ks_ops *ks = ks_get();
    const int64_t D = p->D, G = p->N / p->KVN;
    c->p = p, c->ks = ks, c->G = G;
    c->kdirect = p->k.dt == DT_F32 && (p->k.sd == 1 || D == 1) && p->k.ss >= D;
    c->vdirect = p->v.dt == DT_F32 && (p->v.sd == 1 || D == 1) && p->v.ss >= D;
    /* FA7: float16 keys / values read in place by the small-row products */
    c->khalf = ks->kv_f16 && p->k.dt == DT_F16 && (p->k.sd == 1 || D == 1) && p->k.ss >= D;
    c->vhalf = ks->kv_f16 && p->v.dt == DT_F16 && (p->v.sd == 1 || D == 1) && p->v.ss >= D;
    c->QB = fa_qb(p);  /* query rows per head per block */
    c->RB = G * c->QB; /* stacked rows, at most */
    c->nqb = (p->Sq + c->QB - 1) / c->QB;
    c->eq = ops_dt_size(p->q.dt), c->ek = ops_dt_size(p->k.dt), c->ev = ops_dt_size(p->v.dt);
    c->eo = ops_dt_size(p->o.dt);
    c->qbase = (const char *)addr[p->q.slot] + p->q.off * c->eq;
    c->kbase = (const char *)addr[p->k.slot] + p->k.off * c->ek;
    c->vbase = (const char *)addr[p->v.slot] + p->v.off * c->ev;
    c->obase = (char *)addr[p->o.slot] + p->o.off * c->eo;
    c->ost = ops_storer(CK_F32, p->o.dt);
    c->pld = p->has_pse ? ops_loader(CK_F32, p->pse.dt) : NULL;
    c->epse = p->has_pse ? ops_dt_size(p->pse.dt) : 0;
    c->psebase = p->has_pse ? (const char *)addr[p->pse.slot] + p->pse.off * c->epse : NULL;
    c->mbase = p->has_mask ? (const unsigned char *)addr[p->mask.slot] + p->mask.off : NULL;
    c->lsebase = p->has_lse ? (float *)addr[p->lse.slot] + p->lse.off : NULL;
}

/* A unit's place: batch bi, kv head kh, first query row q0, its rows qn,
 * the valid ones qv, stacked rows R (row g * qv + r: head kh * G + g,
 * query q0 + r). */
struct fa_unit {
    int64_t bi, kh, q0, qn, qv, R;
};

static struct fa_unit fa_unit_of(const struct fa_ctx *c, int64_t u)
{
    const struct fa_plan *p = c->p;
    struct fa_unit t;
    t.bi = u / (p->KVN * c->nqb), t.kh = u / c->nqb % p->KVN, t.q0 = u % c->nqb * c->QB;
    const int64_t sq = p->actq[t.bi];
    t.qn = p->Sq - t.q0 < c->QB ? p->Sq - t.q0 : c->QB;
    t.qv = t.q0 >= sq ? 0 : (sq - t.q0 < t.qn ? sq - t.q0 : t.qn);
    t.R = c->G * t.qv;
    return t;
}

/* Scratch of one unit's evaluation (per thread, ks_scratch). */
struct fa_work {
    float *kbuf, *vbuf, *Q, *S, *T;
};

static float *fa_work_of(const struct fa_ctx *c, struct fa_work *w, float **O, float **M, float **L)
{
    const int64_t D = c->p->D, RB = c->RB;
    const size_t need = (size_t)(c->kdirect ? 0 : FA_KB * D) +
                        (size_t)(c->vdirect ? 0 : FA_KB * D) +
                        (size_t)(2 * RB * D + RB * FA_KB + 2 * RB + (FA_KB > D ? FA_KB : D));
    float *mem = ks_scratch(need * sizeof(float));
    if (!mem)
        return NULL;
    float *cur = mem;
    w->kbuf = w->vbuf = NULL;
    if (!c->kdirect) {
        w->kbuf = cur;
        cur += FA_KB * D;
    }
    if (!c->vdirect) {
        w->vbuf = cur;
        cur += FA_KB * D;
    }
    w->Q = cur, *O = w->Q + RB * D, w->S = *O + RB * D, *M = w->S + RB * FA_KB, *L = *M + RB;
    w->T = *L + RB;
    return mem;
}

/* Keys (values) [k0, k0 + kn) of a head at base, rows ld elements apart:
 * float16 read in place (half, FA7), float32 in place (direct), or
 * converted into buf. */
static const void *fa_block_src(const struct fa_view *v, const char *base, int64_t k0, int64_t kn,
                                int64_t ld, bool half, bool direct, float *buf, int64_t D)
{
    if (half)
        return base + k0 * ld * (int64_t)sizeof(uint16_t);
    if (direct)
        return (const float *)(const void *)base + k0 * ld;
    fa_load_rows(buf, v, base, k0, kn, D);
    return buf;
}

/* FA1: unit t over keys [k_lo, k_hi) (clipped to the batch's length): O
 * (unnormalised, [R x D]), the running maximum M and sum L per row. */
static void fa_unit_run(const struct fa_ctx *c, const struct fa_unit *t, int64_t k_lo, int64_t k_hi,
                        const struct fa_work *w, float *O, float *M, float *L)
{
    const struct fa_plan *p = c->p;
    const struct ks_ops *ks = c->ks;
    const int64_t D = p->D, G = c->G, bi = t->bi, kh = t->kh, q0 = t->q0, qv = t->qv, R = t->R;
    const int64_t sq = p->actq[bi], skv = p->actkv[bi], kend = k_hi < skv ? k_hi : skv;
    const int64_t ek = c->ek, ev = c->ev, eq = c->eq, epse = c->epse;
    const char *kb = c->kbase + (bi * p->k.sb + kh * p->k.sn) * ek;
    const char *vb = c->vbase + (bi * p->v.sb + kh * p->v.sn) * ev;
    const bool small = R <= FA_SMALL_ROWS;
    const bool k16 = small && c->khalf, v16 = small && c->vhalf;
    const int64_t ldk = c->kdirect || k16 ? p->k.ss : D, ldv = c->vdirect || v16 ? p->v.ss : D;
    float *Q = w->Q, *S = w->S, *T = w->T;
    memset(O, 0, (size_t)(R * D) * sizeof(float));
    for (int64_t r = 0; r < R; r++) {
        M[r] = -INFINITY;
        L[r] = 0;
    }
    for (int64_t g = 0; g < G && qv > 0; g++)
        fa_load_rows(Q + g * qv * D, &p->q, c->qbase + (bi * p->q.sb + (kh * G + g) * p->q.sn) * eq,
                     q0, qv, D);
    for (int64_t k0 = k_lo; qv > 0 && k0 < kend; k0 += FA_KB) {
        const int64_t kn = kend - k0 < FA_KB ? kend - k0 : FA_KB;
        const void *K = fa_block_src(&p->k, kb, k0, kn, ldk, k16, c->kdirect, w->kbuf, D),
                   *V = fa_block_src(&p->v, vb, k0, kn, ldv, v16, c->vdirect, w->vbuf, D);
        if (small)
            ks->qk(S, kn, Q, D, R, K, ldk, kn, D, p->scale, k16);
        else
            p->gemm(CblasRowMajor, CblasNoTrans, CblasTrans, (blasint)R, (blasint)kn, (blasint)D,
                    p->scale, Q, (blasint)D, K, (blasint)ldk, 0.0f, S, (blasint)kn);
        for (int64_t r = 0; r < R; r++) {
            const int64_t n = kh * G + r / qv, i = q0 + r % qv;
            float *row = S + r * kn;
            if (c->pld) {
                c->pld(T,
                       c->psebase +
                           (bi * p->pse.sb + n * p->pse.sn + i * p->pse.ss + k0 * p->pse.sd) * epse,
                       p->pse.sd * epse, kn);
                for (int64_t j = 0; j < kn; j++)
                    row[j] += T[j];
            }
            if (c->mbase) {
                const unsigned char *mr =
                    c->mbase + bi * p->mask.sb + i * p->mask.ss + k0 * p->mask.sd;
                for (int64_t j = 0; j < kn; j++)
                    if (mr[j * p->mask.sd] || fa_hidden(p, i, k0 + j, sq, skv))
                        row[j] = -INFINITY;
            } else if (p->sparse) {
                for (int64_t j = 0; j < kn; j++)
                    if (fa_hidden(p, i, k0 + j, sq, skv))
                        row[j] = -INFINITY;
            }
            const float mx = ks->row_max(row, kn);
            const float nm = mx > M[r] ? mx : M[r];
            if (nm == -INFINITY) { /* nothing visible yet */
                memset(row, 0, (size_t)kn * sizeof(float));
                continue;
            }
            const float alpha = expf(M[r] - nm); /* 0 when m was -inf */
            L[r] = L[r] * alpha + ks->exp_sum(row, kn, nm);
            M[r] = nm;
            if (alpha != 1.0f)
                ks->scale(O + r * D, D, alpha);
        }
        if (small)
            ks->pv(O, D, S, kn, R, V, ldv, kn, D, v16);
        else
            p->gemm(CblasRowMajor, CblasNoTrans, CblasNoTrans, (blasint)R, (blasint)D, (blasint)kn,
                    1.0f, S, (blasint)kn, V, (blasint)ldv, 1.0f, O, (blasint)D);
    }
}

/* Unit t's output rows from O, M, L (O is scaled in place), zeros for the
 * rows past the batch's query length; T: D floats. */
static void fa_unit_store(const struct fa_ctx *c, const struct fa_unit *t, float *O, const float *M,
                          const float *L, float *T)
{
    const struct fa_plan *p = c->p;
    const int64_t D = p->D, eo = c->eo;
    for (int64_t g = 0; g < c->G; g++) {
        const int64_t n = t->kh * c->G + g;
        char *ob = c->obase + (t->bi * p->o.sb + n * p->o.sn) * eo;
        for (int64_t r = 0; r < t->qn; r++) {
            const int64_t row = g * t->qv + r;
            const float l = r < t->qv ? L[row] : 0.0f;
            float *orow = r < t->qv ? O + row * D : T;
            if (r < t->qv)
                c->ks->scale(orow, D, l > 0 ? 1.0f / l : 0.0f);
            else
                memset(T, 0, (size_t)D * sizeof(float));
            c->ost(ob + (t->q0 + r) * p->o.ss * eo, p->o.sd * eo, orow, D);
            if (c->lsebase)
                c->lsebase[t->bi * p->lse.sb + n * p->lse.sn + (t->q0 + r) * p->lse.ss] =
                    l > 0 ? M[row] + logf(l) : -INFINITY;
        }
    }
}

static int32_t fa_block(const struct aclOpExecutor *e, void *const *addr, uint32_t bi_,
                        uint32_t bn_)
{
    struct fa_ctx c;
    fa_ctx_init(&c, e->plan, addr);
    struct fa_work w;
    float *O, *M, *L;
    if (!fa_work_of(&c, &w, &O, &M, &L))
        return ACL_ERROR_BAD_ALLOC;
    /* FA6: units (batch, kv head, block of query rows), this block's range */
    const struct fa_plan *p = c.p;
    int64_t u0, u1;
    ops_split_range(p->B * p->KVN * c.nqb, 1, bi_, bn_, &u0, &u1);
    for (int64_t u = u0; u < u1; u++) {
        const struct fa_unit t = fa_unit_of(&c, u);
        fa_unit_run(&c, &t, 0, p->Skv, &w, O, M, L);
        fa_unit_store(&c, &t, O, M, L, w.T);
    }
    return 0;
}

/* FA8: the parts of one launch and their slots. */
struct fa_kv_run {
    struct fa_ctx c;
    float *part; /* per part: O [FA_SMALL_ROWS x D], M, L [FA_SMALL_ROWS] */
    int64_t stride;
};

static int32_t fa_kv_part(void *arg, uint32_t i, uint32_t n)
{
    (void)n;
    const struct fa_kv_run *k = arg;
    const struct fa_plan *p = k->c.p;
    struct fa_work w;
    float *O, *M, *L;
    if (!fa_work_of(&k->c, &w, &O, &M, &L))
        return ACL_ERROR_BAD_ALLOC;
    const int64_t u = i / p->kv_parts, ch = i % p->kv_parts;
    const struct fa_unit t = fa_unit_of(&k->c, u);
    float *dst = k->part + (int64_t)i * k->stride;
    fa_unit_run(&k->c, &t, ch * p->kv_chunk, (ch + 1) * p->kv_chunk, &w, dst,
                dst + FA_SMALL_ROWS * p->D, dst + FA_SMALL_ROWS * (p->D + 1));
    return 0;
}

static int32_t fa_run_kv(const struct aclOpExecutor *e, void *const *addr)
{
    struct fa_kv_run k;
    fa_ctx_init(&k.c, e->plan, addr);
    const struct fa_plan *p = k.c.p;
    const int64_t D = p->D, units = p->B * p->KVN * k.c.nqb, parts = units * p->kv_parts;
    k.stride = FA_SMALL_ROWS * (D + 2);
    /* slot 1: the parts run fa_work_of's slot 0 on this thread too */
    k.part =
        ks_scratch_n(1, (size_t)(parts * k.stride + (D + 2) * FA_SMALL_ROWS + D) * sizeof(float));
    if (!k.part)
        return ACL_ERROR_BAD_ALLOC;
    int32_t rc = core_owned_blocks(fa_kv_part, &k, (uint32_t)parts);
    if (rc)
        return rc;
    float *O = k.part + parts * k.stride, *M = O + FA_SMALL_ROWS * D, *L = M + FA_SMALL_ROWS,
          *T = L + FA_SMALL_ROWS;
    for (int64_t u = 0; u < units; u++) {
        const struct fa_unit t = fa_unit_of(&k.c, u);
        const float *base = k.part + u * p->kv_parts * k.stride;
        for (int64_t r = 0; r < t.R; r++) {
            float mx = -INFINITY;
            for (int64_t ch = 0; ch < p->kv_parts; ch++) {
                const float m = base[ch * k.stride + FA_SMALL_ROWS * D + r];
                mx = m > mx ? m : mx;
            }
            float l = 0;
            float *o = O + r * D;
            memset(o, 0, (size_t)D * sizeof(float));
            for (int64_t ch = 0; mx != -INFINITY && ch < p->kv_parts; ch++) {
                const float *pc = base + ch * k.stride;
                const float m = pc[FA_SMALL_ROWS * D + r];
                if (m == -INFINITY)
                    continue;
                const float a = expf(m - mx);
                l += pc[FA_SMALL_ROWS * (D + 1) + r] * a;
                for (int64_t d = 0; d < D; d++)
                    o[d] += pc[r * D + d] * a;
            }
            M[r] = mx, L[r] = l;
        }
        fa_unit_store(&k.c, &t, O, M, L, T);
    }
    return 0;
}

/* FA6: a launch of small-row units (decode: the ks_ops products) splits
 * into blocks of units once the keys it reads reach FA_SPLIT_MIN elements;
 * units that call sgemm stay one block, as OpenBLAS already runs on the
 * device's worker count (blocks calling it would oversubscribe the cores:
 * measured 0.016x of sgemm for the prefill row on 2 workers). */
#define FA_SPLIT_MIN (1 << 16)

static uint32_t fa_blocks(const struct aclOpExecutor *e)
{
    const struct fa_plan *p = e->plan;
    const int64_t G = p->N / p->KVN, QB = fa_qb(p);
    const int64_t units = p->B * p->KVN * ((p->Sq + QB - 1) / QB);
    const int64_t rows = G * (p->Sq < QB ? p->Sq : QB); /* a unit's stacked rows, at most */
    if (units < 2 || rows > FA_SMALL_ROWS || p->B * p->KVN * p->Skv * p->D < FA_SPLIT_MIN)
        return 1; /* sgemm units stay whole: the BLAS runs on the device's workers */
    return units > 256 ? 256 : (uint32_t)units;
}

static const struct ops_split fa_split = {fa_blocks, fa_block};

/* FA8: whether a launch splits its units' keys, and how (kv_parts chunks of
 * kv_chunk keys): small-row units (decode) above the split threshold, fewer
 * than FA_KV_PARTS of them, with at least 2 x FA_KV_MIN keys; parts of at
 * least FA_KV_MIN keys, at most FA_KV_PARTS parts in all. A function of the
 * shape alone (never of the worker count). */
#define FA_KV_MIN (2 * FA_KB)
#define FA_KV_PARTS 256

static bool fa_kv_plan(struct fa_plan *p)
{
    const int64_t G = p->N / p->KVN, QB = fa_qb(p);
    const int64_t units = p->B * p->KVN * ((p->Sq + QB - 1) / QB);
    const int64_t rows = G * (p->Sq < QB ? p->Sq : QB);
    const int64_t nmin = p->Skv / FA_KV_MIN; /* chunks of at least FA_KV_MIN keys */
    int64_t parts = FA_KV_PARTS / units;
    parts = parts < nmin ? parts : nmin;
    if (rows > FA_SMALL_ROWS || units >= FA_KV_PARTS || parts < 2 ||
        p->B * p->KVN * p->Skv * p->D < FA_SPLIT_MIN)
        return false;
    const int64_t nkb = (p->Skv + FA_KB - 1) / FA_KB;
    p->kv_chunk = (nkb + parts - 1) / parts * FA_KB;
    p->kv_parts = (p->Skv + p->kv_chunk - 1) / p->kv_chunk;
    return true;
}

/* ---- phase 1 -----------------------------------------------------------------------------------
 */

static const char *const FIA2 = "aclnnFusedInferAttentionScoreV2";

/* The [B, N, S, D] view of a q/k/v/out tensor in a layout. */
static void fa_view_of(struct fa_view *v, const aclTensor *t, int slot, int layout, int64_t D)
{
    v->dt = ops_dt_index(t->dtype);
    v->slot = slot;
    v->off = t->offset;
    const int64_t *s = t->strides;
    switch (layout) {
    case L_BSH:
        v->sb = s[0], v->ss = s[1], v->sd = s[2], v->sn = s[2] * D;
        break;
    case L_BSND:
        v->sb = s[0], v->ss = s[1], v->sn = s[2], v->sd = s[3];
        break;
    default: /* BNSD */
        v->sb = s[0], v->sn = s[1], v->ss = s[2], v->sd = s[3];
        break;
    }
}

/* B, N, S, D of a tensor in a layout (BSH: N given, D = H / N). */
static bool fa_dims(const aclTensor *t, int layout, int64_t heads, int64_t *B, int64_t *N,
                    int64_t *S, int64_t *D)
{
    if (layout == L_BSH) {
        if (t->ndim != 3 || heads <= 0 || t->dims[2] % heads)
            return false;
        *B = t->dims[0], *S = t->dims[1], *N = heads, *D = t->dims[2] / heads;
        return true;
    }
    if (t->ndim != 4)
        return false;
    *B = t->dims[0], *D = t->dims[3];
    if (layout == L_BSND)
        *S = t->dims[1], *N = t->dims[2];
    else
        *N = t->dims[1], *S = t->dims[2];
    return true;
}

static aclnnStatus fa_lengths(const char *op, const aclIntArray *a, int64_t B, int64_t S,
                              int64_t *out, const char *what)
{
    for (int64_t b = 0; b < B; b++)
        out[b] = S;
    if (!a)
        return ACLNN_SUCCESS;
    if (a->n != 1 && (int64_t)a->n < B)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: %s has %llu values; 1 or at least B (%lld)",
                       op, what, (unsigned long long)a->n, (long long)B);
    for (int64_t b = 0; b < B; b++) {
        int64_t v = a->v[a->n == 1 ? 0 : b];
        if (v < 0 || v > S)
            return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: %s[%lld] = %lld is outside [0, %lld]", op,
                           what, (long long)b, (long long)v, (long long)S);
        out[b] = v;
    }
    return ACLNN_SUCCESS;
}

aclnnStatus fa_one_tensor(const char *op, const aclTensorList *key, const aclTensorList *value,
                          const aclTensor **k, const aclTensor **v)
{
    if (key->n != 1 || value->n != 1)
        return ops_err(ACLNN_ERR_PARAM_INVALID,
                       "%s: key and value must hold one tensor each in cpuacl (got %llu, %llu)", op,
                       (unsigned long long)key->n, (unsigned long long)value->n);
    *k = key->v[0], *v = value->v[0];
    if (!*k || !*v)
        return ops_err(ACLNN_ERR_PARAM_NULLPTR, "%s: key or value list holds NULL", op);
    return ACLNN_SUCCESS;
}

aclnnStatus fa_refuse_given(const char *op, const char *names, const void *const *ptrs, size_t n)
{
    size_t bad = 0;
    while (bad < n && !ptrs[bad])
        bad++;
    if (bad == n) /* the usual case: nothing given */
        return ACLNN_SUCCESS;
    const char *name = names;
    for (size_t i = 0; i < bad; i++)
        name += strcspn(name, ",") + 1;
    while (*name == ' ')
        name++;
    size_t len = strcspn(name, ",");
    while (len && name[len - 1] == ' ')
        len--;
    return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: %.*s is not supported by cpuacl (must be NULL)",
                   op, (int)len, name);
}

aclnnStatus fa_prepare(const struct fa_args *a, uint64_t *workspaceSize, aclOpExecutor **executor)
{
    const char *const FA = a->op;
    const aclTensor *query = a->query, *k = a->key, *v = a->value, *attentionOut = a->out;
    const aclTensor *softmaxLse = a->lse;
    const char *inputLayout = a->layout;
    const int64_t numHeads = a->numHeads, numKeyValueHeads = a->numKeyValueHeads;
    const int64_t sparseMode = a->sparseMode, innerPrecise = a->innerPrecise;
    const int64_t preTokens = a->preTokens, nextTokens = a->nextTokens;
    const bool softmaxLseFlag = a->lseFlag;
    const double scaleValue = a->scale;
    const aclTensor *pseShiftOptional = a->pse, *attenMaskOptional = a->mask;
    OPS_CHECK_NULLS(FA, query, k, v, attentionOut, inputLayout, workspaceSize, executor);
    int layout;
    if (!strcmp(inputLayout, "BSH"))
        layout = L_BSH;
    else if (!strcmp(inputLayout, "BSND"))
        layout = L_BSND;
    else if (!strcmp(inputLayout, "BNSD"))
        layout = L_BNSD;
    else if (!strcmp(inputLayout, "BNSD_BSND") && !a->incre)
        layout = L_BNSD_BSND;
    else
        return ops_err(ACLNN_ERR_PARAM_INVALID,
                       "%s: inputLayout \"%.16s\" is not supported (BSH, BSND, BNSD%s)", FA,
                       inputLayout, a->incre ? "" : ", BNSD_BSND");
    aclnnStatus rc;
    if ((rc = ops_check_dims(query, FA, "query")) || (rc = ops_check_dims(k, FA, "key")) ||
        (rc = ops_check_dims(v, FA, "value")) ||
        (rc = ops_check_dims(attentionOut, FA, "attentionOut")))
        return rc;
    int qd = ops_dt_index(query->dtype);
    if (qd < 0 || !(DTM(qd) & a->dtm) || k->dtype != query->dtype || v->dtype != query->dtype ||
        attentionOut->dtype != query->dtype)
        return ops_err(ACLNN_ERR_PARAM_INVALID,
                       "%s: query/key/value/attentionOut types %s/%s/%s/%s: all must be one of "
                       "FLOAT16, BFLOAT16%s",
                       FA, a->dtm & DTM(DT_F32) ? ", FLOAT" : "", ops_dt_name(query->dtype),
                       ops_dt_name(k->dtype), ops_dt_name(v->dtype),
                       ops_dt_name(attentionOut->dtype));
    if (numHeads <= 0)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: numHeads %lld must be positive", FA,
                       (long long)numHeads);
    int64_t kvh = numKeyValueHeads ? numKeyValueHeads : numHeads;
    if (kvh < 0 || numHeads % kvh || numHeads / kvh > 64)
        return ops_err(ACLNN_ERR_PARAM_INVALID,
                       "%s: numKeyValueHeads %lld must divide numHeads %lld (ratio <= 64)", FA,
                       (long long)numKeyValueHeads, (long long)numHeads);
    int64_t B, N, Sq, D, kB, kN, Skv, kD, vB, vN, vS, vD;
    if (!fa_dims(query, layout, numHeads, &B, &N, &Sq, &D) ||
        !fa_dims(k, layout, kvh, &kB, &kN, &Skv, &kD) ||
        !fa_dims(v, layout, kvh, &vB, &vN, &vS, &vD))
        return ops_err(ACLNN_ERR_PARAM_INVALID,
                       "%s: query/key/value ranks or hidden sizes do not fit layout %s", FA,
                       inputLayout);
    if (a->incre && Sq != 1)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: query's sequence length %lld must be 1", FA,
                       (long long)Sq);
    if (N != numHeads || kN != kvh || vN != kvh || kB != B || vB != B || vS != Skv || kD != D ||
        vD != D)
        return ops_err(ACLNN_ERR_PARAM_INVALID,
                       "%s: shapes disagree: query B=%lld N=%lld D=%lld, key B=%lld N=%lld S=%lld "
                       "D=%lld, value B=%lld N=%lld S=%lld D=%lld (numHeads %lld, kv heads %lld)",
                       FA, (long long)B, (long long)N, (long long)D, (long long)kB, (long long)kN,
                       (long long)Skv, (long long)kD, (long long)vB, (long long)vN, (long long)vS,
                       (long long)vD, (long long)numHeads, (long long)kvh);
    /* out: query's shape, or BSND for BNSD_BSND */
    int64_t want[4];
    int nw = (int)query->ndim;
    memcpy(want, query->dims, sizeof(int64_t) * (size_t)nw);
    if (layout == L_BNSD_BSND)
        want[1] = Sq, want[2] = N;
    bool ok = (int)attentionOut->ndim == nw;
    for (int i = 0; ok && i < nw; i++)
        ok = attentionOut->dims[i] == want[i];
    if (!ok)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: attentionOut's shape does not match query's",
                       FA);
    if (sparseMode < 0 || sparseMode > 4)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: sparseMode %lld is not supported (0..4)", FA,
                       (long long)sparseMode);
    if (sparseMode >= 1 && !attenMaskOptional)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: sparseMode %lld needs attenMask", FA,
                       (long long)sparseMode);
    if (innerPrecise < 0 || innerPrecise > 3)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: innerPrecise %lld is not 0..3", FA,
                       (long long)innerPrecise);
    const aclTensor *pse = pseShiftOptional, *mask = attenMaskOptional;
    if (pse) {
        if ((rc = ops_check_dims(pse, FA, "pseShift")))
            return rc;
        int pd = ops_dt_index(pse->dtype);
        if (pd < 0 || !(DTM(pd) & DTM_F3) || pse->ndim != 4 ||
            (pse->dims[0] != B && pse->dims[0] != 1) || pse->dims[1] != N || pse->dims[2] < Sq ||
            pse->dims[3] < Skv)
            return ops_err(ACLNN_ERR_PARAM_INVALID,
                           "%s: pseShift must be FLOAT16/BFLOAT16/FLOAT shaped (B or 1, N, Sq, "
                           "Skv)",
                           FA);
    }
    if (mask) {
        if ((rc = ops_check_dims(mask, FA, "attenMask")))
            return rc;
        int nd = (int)mask->ndim;
        bool mok = ops_dt_in(mask->dtype, a->mask_dtm) && nd >= 2 && nd <= 4;
        if (mok && sparseMode <= 1) {
            bool rowless = nd == 2 && Sq == 1; /* (B, KV_S) */
            int64_t mb = rowless ? mask->dims[0] : nd >= 3 ? mask->dims[0] : 1;
            mok = mask->dims[nd - 1] >= Skv && (rowless || mask->dims[nd - 2] >= Sq) &&
                  (mb == 1 || mb == B) && (nd < 4 || mask->dims[1] == 1);
        }
        if (!mok)
            return ops_err(
                ACLNN_ERR_PARAM_INVALID,
                "%s: attenMask must be BOOL/INT8/UINT8 shaped (Sq, Skv), (B|1, Sq, Skv), "
                "(B|1, 1, Sq, Skv) or (B, Skv)",
                FA);
    }
    if (softmaxLseFlag) {
        OPS_CHECK_NULL(FA, softmaxLse);
        if ((rc = ops_check_dims(softmaxLse, FA, "softmaxLse")))
            return rc;
        if (softmaxLse->dtype != ACL_FLOAT || softmaxLse->ndim != 4 || softmaxLse->dims[0] != B ||
            softmaxLse->dims[1] != N || softmaxLse->dims[2] != Sq || softmaxLse->dims[3] != 1)
            return ops_err(ACLNN_ERR_PARAM_INVALID,
                           "%s: softmaxLse must be FLOAT shaped [B, N, Sq, 1]", FA);
    }
    /* FA5: only launches with units of more than FA_SMALL_ROWS rows call
     * sgemm, and only they load the BLAS (ops/matmul/matmul.c MM4) */
    sgemm_fn *gemm = NULL;
    const int64_t G = numHeads / kvh, QB = fa_qb_of(G, Sq, Skv);
    void *gp = NULL;
    if (G * (Sq < QB ? Sq : QB) > FA_SMALL_ROWS && !(gp = ops_blas_sgemm(FA)))
        return ACLNN_ERR_INNER_FIND_KERNEL_ERROR;
    memcpy(&gemm, &gp, sizeof(gemm));

    struct aclOpExecutor *e = ops_exec_new(FA, 5, 2);
    if (!e)
        return ACLNN_ERR_INNER_CREATE_EXECUTOR;
    struct fa_plan *p = calloc(1, sizeof(*p));
    int64_t *lens = p ? malloc(sizeof(int64_t) * (size_t)(2 * (B ? B : 1))) : NULL;
    if (!lens) {
        free(p);
        ops_exec_discard(e);
        return ops_err(ACLNN_ERR_INNER_CREATE_EXECUTOR, "%s: out of memory", FA);
    }
    e->plan = p;
    e->fini = fa_free;
    p->actq = lens;
    p->actkv = lens + B;
    if ((rc = fa_lengths(FA, a->actq, B, Sq, p->actq, "actualSeqLengths")) ||
        (rc = fa_lengths(FA, a->actkv, B, Skv, p->actkv,
                         a->actkv_name ? a->actkv_name : "actualSeqLengthsKv"))) {
        ops_exec_discard(e);
        return rc;
    }
    p->gemm = gemm;
    p->B = B, p->N = N, p->KVN = kvh, p->Sq = Sq, p->Skv = Skv, p->D = D;
    p->scale = (float)scaleValue;
    p->sparse = (int)sparseMode;
    p->pre = sparseMode == 0 && !mask ? INT64_MAX / 4 : preTokens;
    p->next = sparseMode == 0 && !mask ? INT64_MAX / 4 : nextTokens;
    if (p->pre > INT64_MAX / 4)
        p->pre = INT64_MAX / 4;
    if (p->next > INT64_MAX / 4)
        p->next = INT64_MAX / 4;
    if (p->pre < -(INT64_MAX / 4))
        p->pre = -(INT64_MAX / 4);
    if (p->next < -(INT64_MAX / 4))
        p->next = -(INT64_MAX / 4);
    int in_layout = layout == L_BNSD_BSND ? L_BNSD : layout;
    fa_view_of(&p->q, query, ops_exec_slot(e, query), in_layout, D);
    fa_view_of(&p->k, k, ops_exec_slot(e, k), in_layout, D);
    fa_view_of(&p->v, v, ops_exec_slot(e, v), in_layout, D);
    int ps = ops_exec_slot(e, pse), ms = ops_exec_slot(e, mask);
    if (pse) {
        p->has_pse = true;
        p->pse.dt = ops_dt_index(pse->dtype);
        p->pse.slot = ps;
        p->pse.off = pse->offset;
        p->pse.sb = pse->dims[0] == 1 ? 0 : pse->strides[0];
        p->pse.sn = pse->strides[1];
        p->pse.ss = pse->strides[2];
        p->pse.sd = pse->strides[3];
    }
    if (mask) {
        int nd = (int)mask->ndim;
        p->has_mask = true;
        p->mask.dt = ops_dt_index(mask->dtype);
        p->mask.slot = ms;
        p->mask.off = mask->offset;
        p->mask.sd = mask->strides[nd - 1];
        if (nd == 2 && Sq == 1) {
            p->mask.ss = 0;
            p->mask.sb = mask->dims[0] == 1 ? 0 : mask->strides[0];
        } else {
            p->mask.ss = mask->dims[nd - 2] == 1 ? 0 : mask->strides[nd - 2];
            p->mask.sb = nd >= 3 && mask->dims[0] != 1 ? mask->strides[0] : 0;
        }
        if (sparseMode >= 2) /* the optimised mask is implied by the indices */
            p->has_mask = false;
    }
    fa_view_of(&p->o, attentionOut, ops_exec_slot(e, attentionOut),
               layout == L_BNSD_BSND ? L_BSND : layout, D);
    const aclTensor *lse = softmaxLseFlag ? softmaxLse : NULL;
    int ls = ops_exec_slot(e, lse);
    if (lse) {
        p->has_lse = true;
        p->lse.slot = ls;
        p->lse.off = lse->offset;
        p->lse.sb = lse->strides[0];
        p->lse.sn = lse->strides[1];
        p->lse.ss = lse->strides[2];
    }
    p->split = &fa_split;
    e->run = B * N * Sq * D > 0 ? ops_split_run : NULL;
    if (e->run && fa_kv_plan(p))
        e->run = fa_run_kv;
    return ops_exec_done(e, workspaceSize, executor);
}

/* The definition lists one parameter per line (the header packs them). */
/* clang-format off */
aclnnStatus aclnnFusedInferAttentionScoreV2GetWorkspaceSize(
    const aclTensor *query,
    const aclTensorList *key,
    const aclTensorList *value,
    const aclTensor *pseShiftOptional,
    const aclTensor *attenMaskOptional,
    const aclIntArray *actualSeqLengthsOptional,
    const aclIntArray *actualSeqLengthsKvOptional,
    const aclTensor *deqScale1Optional,
    const aclTensor *quantScale1Optional,
    const aclTensor *deqScale2Optional,
    const aclTensor *quantScale2Optional,
    const aclTensor *quantOffset2Optional,
    const aclTensor *antiquantScaleOptional,
    const aclTensor *antiquantOffsetOptional,
    const aclTensor *blockTableOptional,
    const aclTensor *queryPaddingSizeOptional,
    const aclTensor *kvPaddingSizeOptional,
    const aclTensor *keyAntiquantScaleOptional,
    const aclTensor *keyAntiquantOffsetOptional,
    const aclTensor *valueAntiquantScaleOptional,
    const aclTensor *valueAntiquantOffsetOptional,
    const aclTensor *keySharedPrefixOptional,
    const aclTensor *valueSharedPrefixOptional,
    const aclIntArray *actualSharedPrefixLenOptional,
    int64_t numHeads,
    double scaleValue,
    int64_t preTokens,
    int64_t nextTokens,
    char *inputLayout,
    int64_t numKeyValueHeads,
    int64_t sparseMode,
    int64_t innerPrecise,
    int64_t blockSize,
    int64_t antiquantMode,
    bool softmaxLseFlag,
    int64_t keyAntiquantMode,
    int64_t valueAntiquantMode,
    const aclTensor *attentionOut,
    const aclTensor *softmaxLse,
    uint64_t *workspaceSize,
    aclOpExecutor **executor)
/* clang-format on */
{
    (void)blockSize, (void)antiquantMode, (void)keyAntiquantMode, (void)valueAntiquantMode;
    OPS_CHECK_NULLS(FIA2, query, key, value, attentionOut, inputLayout, workspaceSize, executor);
    FA_REFUSE_GIVEN(
        FIA2, deqScale1Optional, quantScale1Optional, deqScale2Optional, quantScale2Optional,
        quantOffset2Optional, antiquantScaleOptional, antiquantOffsetOptional, blockTableOptional,
        queryPaddingSizeOptional, kvPaddingSizeOptional, keyAntiquantScaleOptional,
        keyAntiquantOffsetOptional, valueAntiquantScaleOptional, valueAntiquantOffsetOptional,
        keySharedPrefixOptional, valueSharedPrefixOptional, actualSharedPrefixLenOptional);
    const aclTensor *k = NULL, *v = NULL;
    aclnnStatus rc = fa_one_tensor(FIA2, key, value, &k, &v);
    if (rc)
        return rc;
    const struct fa_args a = {.op = FIA2,
                              .dtm = OPS_DT_FusedInferAttentionScoreV2,
                              .mask_dtm = OPS_DT2_FusedInferAttentionScoreV2,
                              .query = query,
                              .key = k,
                              .value = v,
                              .pse = pseShiftOptional,
                              .mask = attenMaskOptional,
                              .actq = actualSeqLengthsOptional,
                              .actkv = actualSeqLengthsKvOptional,
                              .numHeads = numHeads,
                              .numKeyValueHeads = numKeyValueHeads,
                              .preTokens = preTokens,
                              .nextTokens = nextTokens,
                              .sparseMode = sparseMode,
                              .innerPrecise = innerPrecise,
                              .scale = scaleValue,
                              .layout = inputLayout,
                              .lseFlag = softmaxLseFlag,
                              .out = attentionOut,
                              .lse = softmaxLse};
    return fa_prepare(&a, workspaceSize, executor);
}
PHASE2(FusedInferAttentionScoreV2)
