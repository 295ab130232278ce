/* SPDX-License-Identifier: Apache-2.0 */
/*
 * The body of ops/matmul/quant_decode.c's kernel, included there once per
 * form: QD_H 1 (AVX512-FP16: the dequantisation is one vmulph, QD1) or 0
 * (AVX-512F with F16C: float32 multiply, one vcvtps2ph, QD11), each with
 *   QD_N(x)   x with the form's suffix
 *   QD_T      the form's target attribute
 * The two forms compute the same bits (quant_decode.c, QD11). No include
 * guard: it is meant to be included more than once; it undefines its
 * parameters at the end.
 */
/* The form's own names: each function below is QD_N of its name */
#define qd_bcast QD_N(qd_bcast)
#define qd_col QD_N(qd_col)
#define qd_cols QD_N(qd_cols)
#define qd_cols1 QD_N(qd_cols1)
#define qd_cols2 QD_N(qd_cols2)
#define qd_cols3 QD_N(qd_cols3)
#define qd_cols4 QD_N(qd_cols4)
#define qd_cols5 QD_N(qd_cols5)
#define qd_cols6 QD_N(qd_cols6)
#define qd_cols7 QD_N(qd_cols7)
#define qd_cols8 QD_N(qd_cols8)
#define qd_hi QD_N(qd_hi)
#define qd_i8s QD_N(qd_i8s)
#define qd_mul_bc QD_N(qd_mul_bc)
#define qd_one QD_N(qd_one)
#define qd_pack QD_N(qd_pack)
#define qd_run QD_N(qd_run)
#define qd_sum4 QD_N(qd_sum4)
#define qd_tab QD_N(qd_tab)
#define qd_tab4 QD_N(qd_tab4)
#define qd_u4 QD_N(qd_u4)
#define QD_FN static inline __attribute__((always_inline)) QD_T
#if QD_H
#define qd_sv __m512h /* a scale in every lane */
#define qd_ut __m256h /* int4's 16 values */
#else
#define qd_sv __m512
#define qd_ut __m512
#endif

/* The float16 scale at s in every lane, as the multiply takes it: float16
 * lanes (QD1), or float32 ones (QD11). */
QD_FN qd_sv qd_bcast(const uint16_t *s)
{
#if QD_H
    return _mm512_castsi512_ph(_mm512_set1_epi16((short)*s));
#else
    return _mm512_set1_ps(_cvtsh_ss(*s));
#endif
}

#if QD_H
/* a times the float16 scale at s in every lane, rounded to float16: vmulph
 * with the scale broadcast from memory ({1to32}: a load, where a broadcast
 * from a register takes the shuffle port every step with G32). */
QD_FN __m512h qd_mul_bc(__m512h a, const uint16_t *s)
{
    __m512h r;
    __asm__("vmulph %2%{1to32%}, %1, %0" : "=v"(r) : "v"(a), "m"(*s));
    return r;
}

/* The upper 16 of the float16 values h widened, through b: stored, and
 * the upper half converted by vcvtph2ps from memory (QD7: the store and
 * the load take no vector port, where the extract took the shuffle port
 * that also widens and sign-extends; the store is forwarded). */
QD_FN __m512 qd_hi(__m512i h, struct qd_sf *b)
{
    __m512 r;
    __asm__ volatile("vmovdqa64 %2, %1\n\tvcvtph2ps %3, %0"
                     : "=v"(r), "=m"(*b)
                     : "v"(h), "m"(b->hi));
    return r;
}
#endif

/* One weight value v (int8 range) times the float16 scale s, rounded to
 * float16 (QD1, the scalar tail). */
QD_FN float qd_one(int v, uint16_t s)
{
    _Float16 h;
    memcpy(&h, &s, sizeof(h));
    return (float)(_Float16)((float)v * (float)h);
}

/* int4's 16 values: nibble u holds (u ^ 8) - 8 (QD2). */
QD_FN qd_ut qd_u4(void)
{
#if QD_H
    return _mm256_setr_ph(0, 1, 2, 3, 4, 5, 6, 7, -8, -7, -6, -5, -4, -3, -2, -1);
#else
    return _mm512_setr_ps(0, 1, 2, 3, 4, 5, 6, 7, -8, -7, -6, -5, -4, -3, -2, -1);
#endif
}

/* A group's 16 int4 values U times the float16 scale at s, rounded to
 * float16 and widened (QD2). */
QD_FN __m512 qd_tab4(qd_ut U, const uint16_t *s)
{
#if QD_H
    __m256h th; /* the scale broadcast from memory, as qd_mul_bc */
    __asm__("vmulph %2%{1to16%}, %1, %0" : "=v"(th) : "v"(U), "m"(*s));
    return _mm512_cvtph_ps(_mm256_castph_si256(th));
#else
    return _mm512_cvtph_ps(_mm512_cvtps_ph(_mm512_mul_ps(U, qd_bcast(s)), QD_RN));
#endif
}

#if !QD_H
/* QD12: n float16 scales from s, sg apart, as float32 into f (sixteen at a
 * time by one vcvtph2ps when they are contiguous). */
QD_FN void qd_scales(float *f, const uint16_t *s, int64_t sg, int64_t n)
{
    int64_t i = 0;
    if (sg == 1)
        for (; i + 16 <= n; i += 16)
            _mm512_storeu_ps(f + i, _mm512_cvtph_ps(_mm256_loadu_si256((const __m256i *)(s + i))));
    for (; i < n; i++)
        f[i] = _cvtsh_ss(s[i * sg]);
}

/* qd_tab4 with the scale a float32 (QD12). */
QD_FN __m512 qd_tab4f(qd_ut U, float s)
{
    return _mm512_cvtph_ps(_mm512_cvtps_ph(_mm512_mul_ps(U, _mm512_set1_ps(s)), QD_RN));
}
#endif

/*
 * A step of 32 int8 weights at p (lanes outside mk are zero) times the
 * scale vs, or the one at sp when not NULL, rounded to float16 (QD1,
 * QD11): stored at b as 32 float16 values (QD6's split) when b is not
 * NULL, else widened into f0 (elements 0..15) and f1 (16..31); sf: room
 * for qd_hi.
 */
QD_FN void qd_i8s(const int8_t *p, qd_sv vs, const uint16_t *sp, __mmask32 mk, float *b,
                  struct qd_sf *sf, __m512 *f0, __m512 *f1)
{
    const bool full = mk == (__mmask32)~0u;
#if QD_H
    const __m256i v =
        full ? _mm256_loadu_si256((const __m256i *)p) : _mm256_maskz_loadu_epi8(mk, p);
    const __m512h wh = _mm512_cvtepi16_ph(_mm512_cvtepi8_epi16(v));
    const __m512i h = _mm512_castph_si512(sp ? qd_mul_bc(wh, sp) : _mm512_mul_ph(wh, vs));
    if (b) {
        _mm512_store_si512(b, h);
    } else if (full) {
        *f0 = _mm512_cvtph_ps(_mm512_castsi512_si256(h));
        *f1 = qd_hi(h, sf);
    } else {
        *f0 = _mm512_maskz_cvtph_ps((__mmask16)mk, _mm512_castsi512_si256(h));
        *f1 = _mm512_maskz_cvtph_ps((__mmask16)(mk >> 16), _mm512_extracti64x4_epi64(h, 1));
    }
#else
    (void)sf;
    /* two 16-byte halves, each sign-extended from memory (no extract) */
    const __m128i v0 = full ? _mm_loadu_si128((const __m128i *)p)
                            : _mm_maskz_loadu_epi8((__mmask16)mk, p),
                  v1 = full ? _mm_loadu_si128((const __m128i *)(p + 16))
                            : _mm_maskz_loadu_epi8((__mmask16)(mk >> 16), p + 16);
    const __m512 s = sp ? qd_bcast(sp) : vs;
    const __m256i h0 =
        _mm512_cvtps_ph(_mm512_mul_ps(_mm512_cvtepi32_ps(_mm512_cvtepi8_epi32(v0)), s), QD_RN);
    const __m256i h1 =
        _mm512_cvtps_ph(_mm512_mul_ps(_mm512_cvtepi32_ps(_mm512_cvtepi8_epi32(v1)), s), QD_RN);
    if (b) {
        _mm256_store_si256((__m256i *)b, h0);
        _mm256_store_si256((__m256i *)(b + 8), h1);
    } else {
        *f0 = _mm512_maskz_cvtph_ps((__mmask16)mk, h0);
        *f1 = _mm512_maskz_cvtph_ps((__mmask16)(mk >> 16), h1);
    }
#endif
}

/* The sums of the 16 lanes of a, b, c and d into r[0..3], each added in
 * the order of _mm512_reduce_add_ps (halves of 256 bits, of 128, then
 * elements 2 apart, then 1: QD3), the four side by side: 6 shuffles, 5
 * adds and a compress where four reductions take 8 extracts, 4 shuffles
 * and 16 adds (QD8). */
QD_FN void qd_sum4(__m512 a, __m512 b, __m512 c, __m512 d, float *r)
{
    /* halves of 256: a and b's 8-lane sums side by side, and c and d's */
    const __m512 ab =
        _mm512_add_ps(_mm512_shuffle_f32x4(a, b, 0xee), _mm512_shuffle_f32x4(a, b, 0x44));
    const __m512 cd =
        _mm512_add_ps(_mm512_shuffle_f32x4(c, d, 0xee), _mm512_shuffle_f32x4(c, d, 0x44));
    /* halves of 128: lane j of 128 bits holds the 4-lane sums of a, b, c, d */
    __m512 t =
        _mm512_add_ps(_mm512_shuffle_f32x4(ab, cd, 0xdd), _mm512_shuffle_f32x4(ab, cd, 0x88));
    t = _mm512_add_ps(t, _mm512_permute_ps(t, 0x4e)); /* elements 2 apart */
    t = _mm512_add_ps(t, _mm512_permute_ps(t, 0xb1)); /* 1 apart: the sums at 0, 4, 8, 12 */
    _mm_storeu_ps(r, _mm512_castps512_ps128(_mm512_maskz_compress_ps(0x1111, t)));
}

/*
 * Rows [k0, k1) of the NC columns col .. col + NC - 1 (QD7; their int8
 * values from wv, or their packed int4 bytes, column c at wv + c * wsb
 * bytes) against M rows of x packed per step (xp: step t's 32 elements of
 * row i at xp[(t * M + i) * 32], int4's de-interleaved; QD5), xp already at
 * k0's step: column c's sums go on from st + 256 c (unless first) and are
 * left there, or, when last, added up into out[8 c + i]. g0: k0's group;
 * G32: groups of exactly 32 (ggml's), a scale per step and no count of
 * steps. wb: room for the chunk's dequantised weights (QD6). pf: the next
 * pass's first column (its columns wsb bytes apart, as these), prefetched
 * along this chunk, or NULL.
 */
QD_FN void qd_col(const struct qd_wq *a, const void *wv, int64_t wsb, const char *pf, int64_t col,
                  const float *X, int64_t ldx, const float *xp, const int M, const int NC,
                  int64_t k0, int64_t k1, int64_t g0, float *st, float *wb, bool first, bool last,
                  const bool I4, const bool G32, float *out)
{
    const int64_t k = a->k, G = a->group, sg = a->sc_sg;
    QD_ALL(QD_DECL)
    const uint16_t *s = a->sc + col * a->sc_sn + g0 * sg; /* column 0's scale */
    const int64_t ss = a->sc_sn;                          /* column c's: s + c * ss */
    /* steps of 32 left in the group (groups: multiples of 32, or all of k);
     * the next group's scale is read only when a step or the tail is in it
     * (after the last group there is none) */
    int64_t left = G >= k ? INT64_MAX : ((g0 + 1) * G - k0) / 32;
    const qd_ut U = qd_u4();
    qd_sv vs[4];
    __m512 tab[4], f0[4], f1[4];
    struct qd_sf sf[4];
#pragma GCC unroll 4
    for (int c = 0; c < NC; c++) {
        vs[c] = qd_bcast(s + c * ss);
        tab[c] = I4 ? qd_tab4(U, s + c * ss) : _mm512_setzero_ps();
    }
    const int64_t ke = I4 && k1 == k ? k / 32 * 32 : k1; /* int4: the vector steps */
    const bool split = !I4 && M >= QD_SPLIT_M;
    /* QD6 (split): the chunk's steps dequantised first into wb (the float16
     * values, 64 bytes a step and column), then read by the FMA loop;
     * otherwise each step dequantised before its FMAs */
    int64_t r = k0;
    float *b = wb;
#if !QD_H
    /* QD12: G32's scales of the chunk's steps as float32, converted at once;
     * a step's is then a broadcast load instead of a scalar conversion */
    float sf32[4][QD_XBYTES / 4 / 32];
    if (G32) {
#pragma GCC unroll 4
        for (int c = 0; c < NC; c++)
            qd_scales(sf32[c], s + c * ss, sg, (ke - k0) / 32);
    }
#endif
    for (; r + 32 <= ke; r += 32) {
        const uint16_t *sp = G32 ? s : NULL; /* G32: every step its own group */
        (void)sp;
        if (G32 && I4) {
#pragma GCC unroll 4
            for (int c = 0; c < NC; c++)
#if QD_H
                tab[c] = qd_tab4(U, s + c * ss);
#else
                tab[c] = qd_tab4f(U, sf32[c][(r - k0) / 32]);
#endif
        }
        s += G32 ? sg : 0;
        if (!G32 && !left) { /* this step starts the next group */
            s += sg;
#pragma GCC unroll 4
            for (int c = 0; c < NC; c++) {
                if (I4)
                    tab[c] = qd_tab4(U, s + c * ss);
                else
                    vs[c] = qd_bcast(s + c * ss);
            }
            left = G / 32;
        }
        left--;
        if (pf && !(r & (I4 ? 96 : 32))) { /* every 64 bytes of a column */
#pragma GCC unroll 4
            for (int c = 0; c < NC; c++)
                __builtin_prefetch(pf + c * wsb + (I4 ? r / 2 : r), 0, 3);
        }
        if (I4) {
#pragma GCC unroll 4
            for (int c = 0; c < NC; c++) {
                const __m512i v = _mm512_cvtepu8_epi32(_mm_loadu_si128(
                    (const __m128i *)((const unsigned char *)wv + c * wsb + r / 2)));
                /* vpermps reads the index's low 4 bits: the byte is the low nibble's index */
                f0[c] = _mm512_permutexvar_ps(v, tab[c]);
                f1[c] = _mm512_permutexvar_ps(_mm512_srli_epi32(v, 4), tab[c]);
            }
        } else {
#pragma GCC unroll 4
            for (int c = 0; c < NC; c++)
#if QD_H
                qd_i8s((const int8_t *)wv + c * wsb + r, vs[c], sp ? sp + c * ss : NULL,
                       (__mmask32)~0u, split ? b + 16 * c : NULL, &sf[c], &f0[c], &f1[c]);
#else
                qd_i8s((const int8_t *)wv + c * wsb + r,
                       G32 ? _mm512_set1_ps(sf32[c][(r - k0) / 32]) : vs[c], NULL, (__mmask32)~0u,
                       split ? b + 16 * c : NULL, &sf[c], &f0[c], &f1[c]);
#endif
            if (split) {
                b += 16 * NC;
                continue;
            }
        }
        QD_ROWS(QD_FMA)
        xp += 32 * M;
    }
    /* split: the FMAs, the weights widened by vcvtph2ps from wb (from
     * memory: no extract, and no chain from the weight's load within a step) */
    for (const float *e = b, *h = wb; split && h < e; h += 16 * NC, xp += 32 * M) {
#pragma GCC unroll 4
        for (int c = 0; c < NC; c++) {
            f0[c] = _mm512_cvtph_ps(_mm256_load_si256((const __m256i *)(h + 16 * c)));
            f1[c] = _mm512_cvtph_ps(_mm256_load_si256((const __m256i *)(h + 16 * c + 8)));
        }
        QD_ROWS(QD_FMA)
    }
    float tail[4][8] = {{0}};
    if (r < k1) { /* k's tail, in the last group (x is padded with zeros) */
        if (!G32 && !left)
            s += sg;
        if (I4) {
            for (int c = 0; c < NC; c++) {
                const unsigned char *w4 = (const unsigned char *)wv + c * wsb;
                for (int64_t t = r; t < k1; t++) {
                    const int nib = (t & 1) ? w4[t / 2] >> 4 : w4[t / 2] & 15;
                    const float v = qd_one((nib ^ 8) - 8, s[c * ss]);
                    for (int i = 0; i < M; i++)
                        tail[c][i] += v * X[i * ldx + t];
                }
            }
        } else {
#pragma GCC unroll 4
            for (int c = 0; c < NC; c++)
                qd_i8s((const int8_t *)wv + c * wsb + r, qd_bcast(s + c * ss), NULL,
                       (__mmask32)((1ull << (k1 - r)) - 1), NULL, &sf[c], &f0[c], &f1[c]);
            QD_ROWS(QD_FMA)
        }
    }
    if (!last) {
        QD_ALL(QD_KEEP)
        return;
    }
    __m512 v[8];
    float sum[8];
    int nv = 0;
    QD_ALL(QD_SUMV)
    if (nv == 1) {
        sum[0] = _mm512_reduce_add_ps(v[0]);
    } else {
        const __m512 z = _mm512_setzero_ps();
        qd_sum4(v[0], v[1], nv > 2 ? v[2] : z, nv > 3 ? v[3] : z, sum);
        if (nv > 4)
            qd_sum4(v[4], nv > 5 ? v[5] : z, nv > 6 ? v[6] : z, nv > 7 ? v[7] : z, sum + 4);
    }
    nv = 0;
    QD_ALL(QD_OUT)
}

/* Columns [0, nb) against M rows of X, packed in Xp, NC columns a pass
 * (QD7; a block's last columns in passes of 2 or 1). st: QD_CB * 8 * 32
 * floats, 64-byte aligned, then QD_XBYTES / 2 bytes for NC chunks of
 * float16 weights (QD6: int8 from QD_SPLIT_M rows). */
QD_FN void qd_cols(const struct qd_wq *a, const float *X, int64_t ldx, const int M, const int NC,
                   float *C, int64_t ldc, int64_t nb, const float *Xp, float *st, const bool I4,
                   const bool G32)
{
    const int64_t k = a->k, G = a->group;
    const int64_t KC = QD_XBYTES / (4 * M) / 32 * 32;
    const int64_t wsb = I4 ? a->w_sn / 2 : a->w_sn; /* bytes from a column to the next */
    float *wb = st + QD_CB * 8 * 32;
    float out[4 * 8];
    for (int64_t c0 = 0; c0 < nb; c0 += QD_CB) {
        const int64_t ce = nb - c0 < QD_CB ? nb : c0 + QD_CB;
        for (int64_t k0 = 0; k0 < k; k0 += KC) {
            const int64_t k1 = k - k0 < KC ? k : k0 + KC, g0 = k0 / G;
            const bool first = k0 == 0, last = k1 == k;
            const float *xp = Xp + k0 * M;
            for (int64_t c = c0, n; c < ce; c += n) {
                n = ce - c >= NC ? NC : ce - c >= 2 && NC > 2 ? 2 : 1;
                const int64_t idx = a->w_off + c * a->w_sn;
                const void *wv = (const char *)a->w + (I4 ? idx / 2 : idx);
                /* the next pass's chunks (strides the hardware may not
                 * follow), a line at a time along this pass (QD7); int8
                 * below QD_PF_M rows, each column's own bytes QD_AHEAD
                 * ahead (QD10) */
                const char *pf = M >= QD_PF_M ? (c + n < ce ? (const char *)wv + n * wsb : NULL)
                                 : I4         ? NULL
                                              : (const char *)wv + QD_AHEAD;
                float *sc = st + (c - c0) * 8 * 32;
                if (n == NC)
                    qd_col(a, wv, wsb, pf, c, X, ldx, xp, M, NC, k0, k1, g0, sc, wb, first, last,
                           I4, G32, out);
                else if (n == 2)
                    qd_col(a, wv, wsb, pf, c, X, ldx, xp, M, 2, k0, k1, g0, sc, wb, first, last, I4,
                           G32, out);
                else
                    qd_col(a, wv, wsb, pf, c, X, ldx, xp, M, 1, k0, k1, g0, sc, wb, first, last, I4,
                           G32, out);
                if (last) {
                    for (int64_t j = 0; j < n; j++) {
#pragma GCC unroll 8
                        for (int i = 0; i < M; i++)
                            C[i * ldc + c + j] = out[j * 8 + i];
                    }
                }
            }
        }
    }
}

/* qd_cols for each row count M, weight kind and group kind, NC columns a
 * pass (QD7). */
#define QD_FN_M(M)                                                                                 \
    static QD_T void qd_cols##M(const struct qd_wq *a, const float *X, int64_t ldx, float *C,      \
                                int64_t ldc, int64_t nb, const float *Xp, float *st)               \
    {                                                                                              \
        const bool g32 = a->group == 32 && a->k > 32;                                              \
        if (a->int4 && g32)                                                                        \
            qd_cols(a, X, ldx, M, QD_NC(M), C, ldc, nb, Xp, st, true, true);                       \
        else if (a->int4)                                                                          \
            qd_cols(a, X, ldx, M, QD_NC(M), C, ldc, nb, Xp, st, true, false);                      \
        else if (g32)                                                                              \
            qd_cols(a, X, ldx, M, QD_NC(M), C, ldc, nb, Xp, st, false, true);                      \
        else                                                                                       \
            qd_cols(a, X, ldx, M, QD_NC(M), C, ldc, nb, Xp, st, false, false);                     \
    }
/* clang-format off */
QD_FN_M(1) QD_FN_M(2) QD_FN_M(3) QD_FN_M(4) QD_FN_M(5) QD_FN_M(6) QD_FN_M(7) QD_FN_M(8)
#undef QD_FN_M
static void (*const qd_tab[8])(const struct qd_wq *, const float *, int64_t, float *, int64_t,
                               int64_t, const float *, float *) = {
    qd_cols1, qd_cols2, qd_cols3, qd_cols4,
    qd_cols5, qd_cols6, qd_cols7, qd_cols8,
};
/* clang-format on */

/* QD5: x packed by steps of 32 (step t, row i at (t * m + i) * 32), k
 * padded with zeros to a step; int4's steps de-interleaved (QD2: the 16
 * evens, then the 16 odds). By vectors: element by element, packing took
 * about 2 ticks a float, 7% of a call at m = 1, k = 512. */
static QD_T void qd_pack(const float *X, int64_t ldx, int64_t m, int64_t k, bool int4, float *xp)
{
    const __m512i ev = _mm512_setr_epi32(0, 2, 4, 6, 8, 10, 12, 14, 16, 18, 20, 22, 24, 26, 28, 30);
    const __m512i od = _mm512_add_epi32(ev, _mm512_set1_epi32(1));
    for (int64_t t = 0; t * 32 < k; t++)
        for (int64_t i = 0; i < m; i++) {
            float *d = xp + (t * m + i) * 32;
            const float *x = X + i * ldx + t * 32;
            const int64_t n = k - t * 32 < 32 ? k - t * 32 : 32;
            const __mmask32 mk = (__mmask32)((1ull << n) - 1); /* the tail's lanes; zeros past */
            __m512 lo = _mm512_maskz_loadu_ps((__mmask16)mk, x),
                   hi = _mm512_maskz_loadu_ps((__mmask16)(mk >> 16), x + 16);
            if (int4 && n == 32) {
                const __m512 e = _mm512_permutex2var_ps(lo, ev, hi);
                hi = _mm512_permutex2var_ps(lo, od, hi), lo = e;
            }
            _mm512_store_ps(d, lo);
            _mm512_store_ps(d + 16, hi);
        }
}

/* qd_small_m in this form: x packed (QD5), then the row count's columns. */
static QD_T void qd_run(const struct qd_wq *a, const float *X, int64_t ldx, int64_t m, float *C,
                        int64_t ldc, int64_t nb, float *xp)
{
    qd_pack(X, ldx, m, a->k, a->int4, xp);
    float st[QD_CB * 8 * 32 + QD_XBYTES / 8] __attribute__((aligned(64)));
    qd_tab[m - 1](a, X, ldx, C, ldc, nb, xp, st);
}

#undef qd_bcast
#undef qd_col
#undef qd_cols
#undef qd_cols1
#undef qd_cols2
#undef qd_cols3
#undef qd_cols4
#undef qd_cols5
#undef qd_cols6
#undef qd_cols7
#undef qd_cols8
#undef qd_hi
#undef qd_i8s
#undef qd_mul_bc
#undef qd_one
#undef qd_pack
#undef qd_run
#undef qd_sum4
#undef qd_tab
#undef qd_tab4
#undef qd_u4
#undef qd_sv
#undef qd_ut
#undef QD_FN
#undef QD_H
#undef QD_N
#undef QD_T
