/* SPDX-License-Identifier: Apache-2.0 */
/* WeightQuantBatchMatmulV3's innerPrecise = 1 (ops/matmul/quant_int8x.c,
 * quant_matmul.c QM7): where the kernel runs (AVX512-VNNI, CPUACL_SIMD
 * unset), A16W4 per-group calls with m <= 16 must give, bit for bit, what a
 * scalar program of QX1-QX3's algorithm gives (x rounded to int8 per row
 * and group, exact integer sums, the float steps in QX3's order), over
 * m = 1, 2, 5, 8, 16, k with a short last group and a tail past the last
 * 32, groups of 32, 64, 128, n not a multiple of the 4-column pass, with
 * and without bias and offset, float16 and bfloat16, and launches split
 * across workers (tests/ops/CMakeLists.txt runs it with 1 and 2 workers:
 * both must match the reference, so they match each other); and stay
 * within x's quantisation error of the exact mode (innerPrecise = 0):
 * per group |err| <= sum |w * scale| * sx / 2, plus the roundings (below).
 * The same for n-contiguous weights (CANN's ND layout, QX10: m = 1..16,
 * rows padded, k past its last 4, n odd), which must moreover give the
 * k-major kernel's bits on the same values. Where it does not run (no
 * VNNI, CPUACL_SIMD=avx512 / avx2 / portable: the CMake runs), and for
 * calls outside its scope everywhere (int8, per-channel, m = 17, int4
 * weights from an odd element), 1 must give exactly 0's bits.
 * innerPrecise outside {0, 1} is refused. */
#include "optest.h"
#include "quant_weight.h"

#include "aclnnop/aclnn_weight_quant_batch_matmul_v3.h"

static int g_cases, g_exact;

/* The kernel runs in this process (quant_int8x.c QX6). */
static bool hp_here(void)
{
#if defined(__x86_64__)
    __builtin_cpu_init();
    return __builtin_cpu_supports("avx512vnni") && __builtin_cpu_supports("avx512f") &&
           __builtin_cpu_supports("avx512bw") && __builtin_cpu_supports("avx512vl") &&
           __builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma") &&
           !getenv("CPUACL_SIMD");
#else
    return false;
#endif
}

/* The n-contiguous kernel (QX10) runs here too: AVX512-VBMI as well. */
static bool nc_here(void)
{
#if defined(__x86_64__)
    return hp_here() && __builtin_cpu_supports("avx512vbmi");
#else
    return false;
#endif
}

/* An INT4 weight [k, n] with the values val (row-major [k * n]): k-major
 * (strides (1, k)) when ld = 0, else n-contiguous with rows ld elements
 * apart (CANN's ND layout, padded when ld > n), from element off. */
static void qw_layout(qweight *w, const int8_t *val, int64_t k, int64_t n, int64_t ld, int64_t off)
{
    w->val = malloc((size_t)(k * n));
    CHECK(w->val);
    memcpy(w->val, val, (size_t)(k * n));
    int64_t st[2] = {ld ? ld : 1, ld ? 1 : k};
    const int64_t nel = off + (k - 1) * st[0] + (n - 1) * st[1] + 1;
    w->buf = malloc((size_t)(nel + 1) / 2);
    CHECK(w->buf);
    memset(w->buf, 0xA5, (size_t)(nel + 1) / 2); /* the padding's nibbles: not zeros */
    for (int64_t r = 0; r < k; r++)
        for (int64_t c = 0; c < n; c++) {
            const int64_t i = off + r * st[0] + c * st[1];
            const unsigned char nib = (unsigned char)(val[r * n + c] & 15);
            w->buf[i / 2] = (unsigned char)((i & 1) ? ((w->buf[i / 2] & 0x0F) | (nib << 4))
                                                    : ((w->buf[i / 2] & 0xF0) | nib));
        }
    int64_t dims[2] = {k, n}, storage = nel;
    w->t = aclCreateTensor(dims, 2, ACL_INT4, st, off, ACL_FORMAT_ND, &storage, 1, w->buf);
    CHECK(w->t);
}

/* Element j of a per-group parameter [ng, n] at group g (any layout). */
static float par(const ot_tensor *t, int64_t g, int64_t n, int64_t j)
{
    return (float)ot_get(t, g * n + j);
}

/* QX1-QX3 in scalar code: y[i, j] before its rounding to y's type. */
static float hp_ref(const ot_tensor *x, const qweight *w, const ot_tensor *sc, const ot_tensor *of,
                    const ot_tensor *bi, int64_t i, int64_t j, int64_t k, int64_t n, int64_t gs)
{
    const int64_t ng = (k + gs - 1) / gs;
    float acc = 0;
    for (int64_t g = 0; g < ng; g++) {
        const int64_t r0 = g * gs, r1 = r0 + gs < k ? r0 + gs : k;
        float amax = 0, xf = 0;
        for (int64_t r = r0; r < r1; r++) {
            const float v = (float)ot_get(x, i * k + r);
            amax = fabsf(v) > amax ? fabsf(v) : amax;
            xf += v;
        }
        const float sx = amax / 127.0f, iv = amax > 0 ? 127.0f / amax : 0.0f;
        int64_t isum = 0;
        for (int64_t r = r0; r < r1; r++) {
            const float v = (float)ot_get(x, i * k + r) * iv;
            isum += (int64_t)w->val[r * n + j] * (int64_t)nearbyintf(v);
        }
        CHECK(isum == (int32_t)isum);
        const float sw = par(sc, g, n, j), d = sw * sx;
        acc = fmaf((float)(int32_t)isum, d, acc);
        if (of) {
            const float ow = par(of, g, n, j) * sw;
            acc = fmaf(ow, xf, acc);
        }
    }
    if (bi)
        acc += (float)ot_get(bi, j);
    return acc;
}

/* V3 with innerPrecise ip into y. */
static void run_v3(const ot_tensor *x, const qweight *w, const ot_tensor *sc, const ot_tensor *of,
                   const ot_tensor *bi, int64_t gs, int ip, ot_tensor *y)
{
    OT_RUN(aclnnWeightQuantBatchMatmulV3, x->t, w->t, sc->t, of ? of->t : NULL, NULL, NULL,
           bi ? bi->t : NULL, (int)gs, ip, y->t);
}

/* One call in the mode's scope (int4, per group, m <= 16, k-major weight
 * from element woff, even): 1 against the reference bit for bit (or
 * against 0 where the kernel does not run) and against 0 within the bound. */
static void in_scope_w(aclDataType dt, int64_t m, int64_t k, int64_t n, int64_t gs, bool offset,
                       int bias, int sclayout, int64_t woff, int64_t ld);

static void in_scope(aclDataType dt, int64_t m, int64_t k, int64_t n, int64_t gs, bool offset,
                     int bias, int sclayout, int64_t woff)
{
    in_scope_w(dt, m, k, n, gs, offset, bias, sclayout, woff, 0);
}

/* in_scope with an n-contiguous weight (QX10) when ld > 0 (rows ld elements
 * apart, from element woff): bit for bit the reference, and the k-major
 * kernel's bits on the same values. */
static void in_scope_w(aclDataType dt, int64_t m, int64_t k, int64_t n, int64_t gs, bool offset,
                       int bias, int sclayout, int64_t woff, int64_t ld)
{
    g_cases++;
    const int64_t ng = (k + gs - 1) / gs;
    int64_t xd[2] = {m, k}, yd[2] = {m, n}, sd[2] = {ng, n}, bd[1] = {n};
    ot_tensor x, y0, y1, sc, of, bi;
    ot_make(&x, dt, 2, xd, L_CONTIG);
    ot_make(&y0, dt, 2, yd, L_CONTIG);
    ot_make(&y1, dt, 2, yd, L_CONTIG);
    ot_make(&sc, dt, 2, sd, sclayout);
    ot_fill(&sc, -0.05, 0.05);
    /* rows of different sizes, and row 0's second group all zeros (sx = 0) */
    for (int64_t i = 0; i < m; i++) {
        const double a = ldexp(1, (int)(i % 7) - 3);
        for (int64_t r = 0; r < k; r++)
            ot_set(&x, i * k + r,
                   i == 0 && r / gs == 1 ? 0.0 : ot_round(dt, a * (2 * ot_rand01() - 1)));
    }
    if (offset) {
        ot_make(&of, dt, 2, sd, sclayout);
        ot_fill(&of, -4, 4);
    }
    if (bias) {
        ot_make(&bi, bias == 1 ? ACL_FLOAT : dt, 1, bd, L_CONTIG);
        ot_fill(&bi, -1, 1);
    }
    qweight w;
    qw_make(&w, true, k, n, true, woff, 0);
    if (ld) { /* the same values, n-contiguous */
        qweight km = w;
        qw_layout(&w, km.val, k, n, ld, woff);
        ot_tensor yk;
        ot_make(&yk, dt, 2, yd, L_CONTIG);
        run_v3(&x, &km, &sc, offset ? &of : NULL, bias ? &bi : NULL, gs, 1, &yk);
        ot_tensor yn;
        ot_make(&yn, dt, 2, yd, L_CONTIG);
        run_v3(&x, &w, &sc, offset ? &of : NULL, bias ? &bi : NULL, gs, 1, &yn);
        /* where both kernels run, the same bits (the exact mode's sums run in
         * another order for each layout, QM5) */
        if (nc_here() && memcmp(yk.buf, yn.buf, yk.bytes)) {
            fprintf(stderr,
                    "V3 ip=1 %s m%lld k%lld n%lld g%lld ld%lld: the n-contiguous weight's y "
                    "differs from the k-major one's\n",
                    ot_dt_name(dt), (long long)m, (long long)k, (long long)n, (long long)gs,
                    (long long)ld);
            exit(1);
        }
        OT_FREE(&yk, &yn);
        qw_free(&km);
    }
    const ot_tensor *ofp = offset ? &of : NULL, *bip = bias ? &bi : NULL;
    run_v3(&x, &w, &sc, ofp, bip, gs, 0, &y0);
    run_v3(&x, &w, &sc, ofp, bip, gs, 1, &y1);
    const bool hp = ld ? nc_here() : hp_here();
    const double eps = dt == ACL_FLOAT16 ? ldexp(1, -11) : ldexp(1, -8);
    for (int64_t i = 0; i < m; i++)
        for (int64_t j = 0; j < n; j++) {
            const double got = ot_get(&y1, i * n + j), exact = ot_get(&y0, i * n + j);
            if (!hp) {
                if (memcmp(&got, &exact, sizeof(got))) {
                    fprintf(stderr,
                            "V3 ip=1 %s m%lld k%lld n%lld g%lld: y[%lld, %lld] = %.9g, ip=0 "
                            "gives %.9g (the kernel does not run here)\n",
                            ot_dt_name(dt), (long long)m, (long long)k, (long long)n, (long long)gs,
                            (long long)i, (long long)j, got, exact);
                    exit(1);
                }
                continue;
            }
            const double want = ot_round(dt, hp_ref(&x, &w, &sc, ofp, bip, i, j, k, n, gs));
            if (memcmp(&got, &want, sizeof(got))) {
                fprintf(stderr,
                        "V3 ip=1 %s m%lld k%lld n%lld g%lld off%d bias%d ld%lld: y[%lld, %lld] = "
                        "%.9g, the reference (QX1-QX3) %.9g\n",
                        ot_dt_name(dt), (long long)m, (long long)k, (long long)n, (long long)gs,
                        (int)offset, bias, (long long)ld, (long long)i, (long long)j, got, want);
                exit(1);
            }
            /* the bound (QX3): x's rounding, sum over groups of sum |w * s| * sx / 2;
             * the exact mode's rounding of each dequantised weight to x's type (eps
             * of sum |x * wd|); the float32 sums (2^-20 of that), and y's rounding
             * of both results (eps of |y| each) */
            double bound = 0, mag = 0;
            for (int64_t g = 0; g < ng; g++) {
                const int64_t r0 = g * gs, r1 = r0 + gs < k ? r0 + gs : k;
                double amax = 0, sw = 0;
                for (int64_t r = r0; r < r1; r++) {
                    const double xv = ot_get(&x, i * k + r), s = par(&sc, g, n, j);
                    const double o = offset ? par(&of, g, n, j) : 0;
                    amax = fmax(amax, fabs(xv));
                    sw += fabs(w.val[r * n + j] * s);
                    mag += fabs(xv * (w.val[r * n + j] + o) * s);
                }
                bound += sw * (amax / 127) / 2;
            }
            bound += mag * (eps + ldexp(1, -20)) + (fabs(got) + fabs(exact)) * eps + 1e-7;
            if (!(fabs(got - exact) <= bound)) {
                fprintf(stderr,
                        "V3 ip=1 %s m%lld k%lld n%lld g%lld: y[%lld, %lld] = %.9g, ip=0 %.9g: "
                        "beyond the bound %.3g\n",
                        ot_dt_name(dt), (long long)m, (long long)k, (long long)n, (long long)gs,
                        (long long)i, (long long)j, got, exact, bound);
                exit(1);
            }
        }
    g_exact += hp;
    OT_FREE(&x, &y0, &y1, &sc);
    if (offset)
        ot_free(&of);
    if (bias)
        ot_free(&bi);
    qw_free(&w);
}

/* A call outside the mode's scope: 1 gives 0's bits everywhere. */
static void out_of_scope(bool int4, int64_t m, int64_t k, int64_t n, int64_t gs, bool kmajor,
                         int64_t woff)
{
    g_cases++;
    const int64_t ng = gs ? (k + gs - 1) / gs : 1;
    int64_t xd[2] = {m, k}, yd[2] = {m, n}, sd[2] = {ng, n};
    ot_tensor x, y0, y1, sc;
    ot_make(&x, ACL_FLOAT16, 2, xd, L_CONTIG);
    ot_make(&y0, ACL_FLOAT16, 2, yd, L_CONTIG);
    ot_make(&y1, ACL_FLOAT16, 2, yd, L_CONTIG);
    ot_make(&sc, ACL_FLOAT16, 2, sd, L_CONTIG);
    ot_fill(&x, -1, 1);
    ot_fill(&sc, -0.05, 0.05);
    qweight w;
    qw_make(&w, int4, k, n, kmajor, woff, 0);
    run_v3(&x, &w, &sc, NULL, NULL, gs, 0, &y0);
    run_v3(&x, &w, &sc, NULL, NULL, gs, 1, &y1);
    if (memcmp(y0.buf, y1.buf, y0.bytes)) {
        fprintf(stderr, "V3 outside the mode (%s m%lld g%lld %s off %lld): ip=1 differs from 0\n",
                int4 ? "int4" : "int8", (long long)m, (long long)gs,
                kmajor ? "k-major" : "row-major", (long long)woff);
        exit(1);
    }
    OT_FREE(&x, &y0, &y1, &sc);
    qw_free(&w);
}

static void errors(void)
{
    int64_t xd[2] = {2, 64}, yd[2] = {2, 8}, sd[2] = {2, 8};
    ot_tensor x, y, sc;
    OT_MAKE_CONTIG({&x, ACL_FLOAT16, 2, xd}, {&y, ACL_FLOAT16, 2, yd}, {&sc, ACL_FLOAT16, 2, sd});
    qweight w;
    qw_make(&w, true, 64, 8, true, 0, 0);
    for (int ip = -1; ip <= 2; ip += 3)
        OT_FAILS_NAMING(ACLNN_ERR_PARAM_INVALID, aclnnWeightQuantBatchMatmulV3, "innerPrecise", x.t,
                        w.t, sc.t, NULL, NULL, NULL, NULL, 32, ip, y.t);
    OT_FREE(&x, &y, &sc);
    qw_free(&w);
}

int main(void)
{
    ot_init();
    static const int64_t ms[] = {1, 2, 5, 8, 16};
    static const int64_t gss[] = {32, 64, 128};
    int c = 0;
    for (size_t a = 0; a < sizeof(ms) / sizeof(ms[0]); a++)
        for (size_t b = 0; b < sizeof(gss) / sizeof(gss[0]); b++, c++) {
            const int64_t gs = gss[b];
            /* k: whole groups, a short last group, or one ending 6 past a 32 (k even: k-major int4
             * columns start on a byte) */
            const int64_t k = c % 3 == 0 ? 4 * gs : c % 3 == 1 ? 3 * gs + 32 : 2 * gs + 38;
            in_scope(c % 2 ? ACL_BF16 : ACL_FLOAT16, ms[a], k, 37 + 2 * c, gs, c % 4 == 1, c % 3,
                     c % 2 ? L_TRANS : L_CONTIG, c % 5 == 2 ? 6 : 0);
        }
    /* launches split by columns (QM6: blocks of 256 columns from 2^17 weights) */
    in_scope(ACL_FLOAT16, 8, 264, 1000, 32, false, 2, L_TRANS, 0);
    in_scope(ACL_FLOAT16, 16, 2048, 600, 128, true, 1, L_CONTIG, 0);
    in_scope(ACL_BF16, 3, 500, 777, 64, true, 0, L_TRANS, 2);
    in_scope(ACL_FLOAT16, 4, 330, 45, 32, true, 2, L_TRANS, 0); /* 4 rows (QX7), k's tail */
    /* float16 scales and offsets read in place at other strides (QX8): padded
     * rows of groups, and every stride doubled (element by element) */
    in_scope(ACL_FLOAT16, 8, 320, 70, 32, true, 0, L_GAP, 0);
    in_scope(ACL_FLOAT16, 6, 256, 50, 64, true, 1, L_STEP, 0);
    in_scope(ACL_FLOAT16, 2, 256, 30, 32, false, 0, L_STEP, 0);
    /* n-contiguous weights (QX10, CANN's ND layout): m = 1..16, groups of 32,
     * 64, 128, k with a short last group and not a multiple of 4 past it, n
     * odd and not a multiple of the 32-column pass, rows padded, offsets and
     * bias, float16 scales (read in place) and bfloat16 ones (as float32) */
    for (int64_t m = 1; m <= 16; m++) {
        const int64_t gs = gss[m % 3];
        const int64_t k = m % 4 == 0   ? 4 * gs
                          : m % 4 == 1 ? 3 * gs + 32
                          : m % 4 == 2 ? 2 * gs + 38
                                       : gs + 42;
        const int64_t n = m % 2 ? 37 + 2 * m : 64 + 32 * (m % 3);
        in_scope_w(m % 2 ? ACL_BF16 : ACL_FLOAT16, m, k, n, gs, m % 3 == 1, (int)(m % 3),
                   m % 5 == 3 ? L_TRANS : L_CONTIG, m % 4 == 3 ? 6 : 0,
                   m % 3 == 0 ? n + (n & 1) : n + (n & 1) + 2 * m);
    }
    /* split by columns (blocks of 256 from 2^17 weights: QM7) */
    in_scope_w(ACL_FLOAT16, 8, 264, 1001, 32, false, 2, L_CONTIG, 0, 1002);
    in_scope_w(ACL_FLOAT16, 16, 2048, 600, 128, true, 1, L_CONTIG, 2, 640);
    in_scope_w(ACL_BF16, 3, 502, 777, 64, true, 0, L_CONTIG, 0, 800);
    in_scope_w(ACL_FLOAT16, 1, 4096, 513, 32, false, 0, L_CONTIG, 0, 514);
    /* one block of 2000 columns (k * n under 2^17): two tiles of passes (QX12) */
    in_scope_w(ACL_FLOAT16, 5, 64, 2000, 32, true, 1, L_CONTIG, 0, 2000);
    /* float16 parameters at other strides (element by element) */
    in_scope_w(ACL_FLOAT16, 8, 320, 70, 32, true, 0, L_GAP, 0, 70);
    in_scope_w(ACL_FLOAT16, 6, 256, 50, 64, true, 1, L_STEP, 0, 52);
    /* outside the mode: int8, per-channel, m = 17, a row-major weight from an
     * odd element, a k-major one from an odd offset */
    out_of_scope(false, 4, 128, 20, 32, true, 0);
    out_of_scope(true, 4, 128, 20, 0, true, 0);
    out_of_scope(true, 17, 128, 20, 32, true, 0);
    out_of_scope(true, 4, 128, 20, 32, false, 1);
    out_of_scope(true, 4, 128, 20, 32, true, 3);
    errors();
    printf("ops_quant_int8x: %d cases (%d against the reference, bit for bit)\n", g_cases, g_exact);
    ot_fini();
    return 0;
}
