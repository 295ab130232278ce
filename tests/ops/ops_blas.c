/* SPDX-License-Identifier: Apache-2.0 */
/* The BLAS the float products load (ops/matmul/blas.c). First a model's
 * short prompt as ggml-cann runs it (an 8-token prefill: Mm of float32 x by
 * a float16 weight viewed transposed under USE_FP16, WeightQuantBatchMatmulV2
 * with an int8 weight and float16 x, FusedInferAttentionScoreV2 with 8
 * queries, GQA 2): none of these calls sgemm (MM8, QM5, FA9), so none may
 * load a BLAS (matmul.c MM4: its dlopen and OpenBLAS's spinning threads
 * were a large part of the prefill); checked with RTLD_NOLOAD. Then BL2's
 * choice of OpenBLAS's kernels. Run twice by ctest: with OPENBLAS_CORETYPE unset, the
 * first product must set it from the CPU's features (SkylakeX with AVX-512
 * F/CD/BW/DQ/VL, Haswell with AVX2 and FMA, nothing otherwise) and OpenBLAS
 * must report that core (openblas_get_corename, its own answer, not ours);
 * with OPENBLAS_CORETYPE=Prescott set by the user (ops_blas_user), the value
 * must be left alone and OpenBLAS must run Prescott's kernels. The product
 * itself is checked against a double reference either way. */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <strings.h>

#include "optest.h"

#include "aclnnop/aclnn_fused_infer_attention_score_v2.h"
#include "aclnnop/aclnn_mm.h"
#include "aclnnop/aclnn_weight_quant_batch_matmul_v2.h"

static const char *const k_blas_libs[] = {"libopenblas.so.0", "libblas.so.3", "libcblas.so.3",
                                          "libopenblas.so"};

/* The BLAS library loaded in this process, or NULL. */
static const char *blas_loaded(void)
{
    for (unsigned i = 0; i < sizeof(k_blas_libs) / sizeof(k_blas_libs[0]); i++) {
        void *h = dlopen(k_blas_libs[i], RTLD_NOW | RTLD_NOLOAD);
        if (h) {
            dlclose(h); /* drops the reference NOLOAD took */
            return k_blas_libs[i];
        }
    }
    return NULL;
}

/* An 8-token prefill's products (n_embd 512, 8 heads of 64, 4 kv heads):
 * each result is checked against a double reference on one element, so the
 * kernels really ran. */
static void short_prompt(void)
{
    enum { M = 8, K = 512, N = 512, H = 8, KVH = 4, D = 64 };
    int64_t xd[2] = {M, K}, wd[2] = {K, N}, yd[2] = {M, N};
    ot_tensor x, w, y;
    ot_make(&x, ACL_FLOAT, 2, xd, L_CONTIG);
    ot_make(&w, ACL_FLOAT16, 2, wd, L_TRANS); /* ggml's weight: [n, k] rows, viewed transposed */
    ot_make(&y, ACL_FLOAT, 2, yd, L_CONTIG);
    ot_fill(&x, -1, 1);
    ot_fill(&w, -1, 1);
    OT_RUN(aclnnMm, x.t, w.t, y.t, 2);
    double want = 0;
    for (int64_t k = 0; k < K; k++)
        want += ot_get(&x, 7 * K + k) * ot_get(&w, k * N + 5);
    CHECK(fabs(ot_get(&y, 7 * N + 5) - want) <= 1e-2 * (1 + fabs(want)));

    /* int8 weight [k, n] viewed k-major, one float16 scale per column */
    int64_t sd[1] = {N};
    ot_tensor xh, yh, wq, sc;
    ot_make(&xh, ACL_FLOAT16, 2, xd, L_CONTIG);
    ot_make(&yh, ACL_FLOAT16, 2, yd, L_CONTIG);
    ot_make(&wq, ACL_INT8, 2, wd, L_TRANS);
    ot_make(&sc, ACL_FLOAT16, 1, sd, L_CONTIG);
    ot_fill(&xh, -1, 1);
    ot_fill(&wq, -127, 127);
    ot_fill(&sc, 0.001, 0.01);
    OT_RUN(aclnnWeightQuantBatchMatmulV2, xh.t, wq.t, sc.t, NULL, NULL, NULL, NULL, 0, yh.t);
    want = 0;
    for (int64_t k = 0; k < K; k++)
        want += ot_get(&xh, 3 * K + k) * ot_get(&wq, k * N + 9) * ot_get(&sc, 9);
    CHECK(fabs(ot_get(&yh, 3 * N + 9) - want) <= 1e-2 * (1 + fabs(want)));

    /* attention of the 8 queries over their 8 keys (BNSD, no mask) */
    int64_t qd[4] = {1, H, M, D}, kd[4] = {1, KVH, M, D};
    ot_tensor q, kk, v, o;
    ot_make(&q, ACL_FLOAT16, 4, qd, L_CONTIG);
    ot_make(&kk, ACL_FLOAT16, 4, kd, L_CONTIG);
    ot_make(&v, ACL_FLOAT16, 4, kd, L_CONTIG);
    ot_make(&o, ACL_FLOAT16, 4, qd, L_CONTIG);
    ot_fill(&q, -1, 1);
    ot_fill(&kk, -1, 1);
    ot_fill(&v, -1, 1);
    aclTensorList *kl = aclCreateTensorList((const aclTensor *const[]){kk.t}, 1),
                  *vl = aclCreateTensorList((const aclTensor *const[]){v.t}, 1);
    char layout[] = "BNSD";
    OT_RUN(aclnnFusedInferAttentionScoreV2, q.t, kl, vl, NULL, NULL, NULL, NULL, NULL, NULL, NULL,
           NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, H,
           0.125, 65535, 65535, layout, KVH, 0, 0, 0, 0, false, 0, 0, o.t, NULL);
    /* head 5 (kv head 2), query 6 */
    double s[M], mx = -INFINITY, sum = 0, out = 0;
    for (int64_t j = 0; j < M; j++) {
        s[j] = 0;
        for (int64_t d = 0; d < D; d++)
            s[j] += ot_get(&q, (5 * M + 6) * D + d) * ot_get(&kk, (2 * M + j) * D + d) * 0.125;
        mx = s[j] > mx ? s[j] : mx;
    }
    for (int64_t j = 0; j < M; j++)
        sum += exp(s[j] - mx);
    for (int64_t j = 0; j < M; j++)
        out += exp(s[j] - mx) / sum * ot_get(&v, (2 * M + j) * D + 3);
    CHECK(fabs(ot_get(&o, (5 * M + 6) * D + 3) - out) <= 2e-3 * (1 + fabs(out)));
    aclDestroyTensorList(kl); /* destroys kk.t and v.t */
    aclDestroyTensorList(vl);
    kk.t = v.t = NULL;
    OT_FREE(&x, &w, &y, &xh, &yh, &wq, &sc, &q, &kk, &v, &o);

    const char *lib = blas_loaded();
    if (lib) {
        fprintf(stderr, "%s was loaded by a short prompt's products (none calls sgemm)\n", lib);
        exit(1);
    }
}

static const char *expected_core(void)
{
#if defined(__x86_64__)
    __builtin_cpu_init();
    if (__builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512cd") &&
        __builtin_cpu_supports("avx512bw") && __builtin_cpu_supports("avx512dq") &&
        __builtin_cpu_supports("avx512vl"))
        return "SkylakeX";
    if (__builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma"))
        return "Haswell";
#endif
    return NULL;
}

/* A 37 x 53 @ 53 x 29 float32 product against a double reference. */
static void check_product(void)
{
    enum { M = 37, K = 53, N = 29 };
    int64_t sa[2] = {M, K}, sb[2] = {K, N}, so[2] = {M, N};
    ot_tensor a, b, o;
    OT_MAKE_CONTIG({&a, ACL_FLOAT, 2, sa}, {&b, ACL_FLOAT, 2, sb}, {&o, ACL_FLOAT, 2, so});
    for (int64_t i = 0; i < M * K; i++)
        ot_set(&a, i, (double)((i * 7) % 13) / 4 - 1.5);
    for (int64_t i = 0; i < K * N; i++)
        ot_set(&b, i, (double)((i * 5) % 11) / 8 - 0.625);
    OT_RUN(aclnnMm, a.t, b.t, o.t, 0);
    for (int64_t r = 0; r < M; r++)
        for (int64_t c = 0; c < N; c++) {
            double want = 0;
            for (int64_t k = 0; k < K; k++)
                want += ot_get(&a, r * K + k) * ot_get(&b, k * N + c);
            double got = ot_get(&o, r * N + c);
            if (fabs(got - want) > 1e-4 * (1 + fabs(want))) {
                fprintf(stderr, "out[%lld, %lld] = %g, expected %g\n", (long long)r, (long long)c,
                        got, want);
                exit(1);
            }
        }
    ot_free(&a);
    ot_free(&b);
    ot_free(&o);
}

int main(void)
{
    const char *user = getenv("OPENBLAS_CORETYPE");
    char user_copy[64] = "";
    if (user)
        snprintf(user_copy, sizeof user_copy, "%s", user);
    ot_init();
    if (blas_loaded()) {
        printf("ops_blas: a BLAS is loaded before the first product: skipped\n");
        return 77;
    }
    short_prompt();
    check_product();
    const char *now = getenv("OPENBLAS_CORETYPE");
    const char *want = user ? user_copy : expected_core();
    if (want ? !now || strcmp(now, want) != 0 : now != NULL) {
        fprintf(stderr, "OPENBLAS_CORETYPE is %s after the first product, expected %s\n",
                now ? now : "(unset)", want ? want : "(unset)");
        return 1;
    }
    void *h = dlopen("libopenblas.so.0", RTLD_NOW | RTLD_NOLOAD);
    char *(*corename)(void) = h ? (char *(*)(void))dlsym(h, "openblas_get_corename") : NULL;
    if (!corename) {
        printf("ops_blas: OPENBLAS_CORETYPE %s; no OpenBLAS loaded (another BLAS): core not "
               "checked\n",
               now ? now : "(unset)");
    } else {
        const char *core = corename();
        if (want && strcasecmp(core, want) != 0) {
            fprintf(stderr, "OpenBLAS runs %s kernels, expected %s\n", core, want);
            return 1;
        }
        printf("ops_blas: OPENBLAS_CORETYPE %s (%s), OpenBLAS runs %s kernels\n",
               now ? now : "(unset)", user ? "the user's" : "chosen from the CPU", core);
    }
    ot_fini();
    return 0;
}
