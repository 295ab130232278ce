/* SPDX-License-Identifier: Apache-2.0 */
/* The BLAS the float products load (ops/matmul/blas.c): BL2's choice of
 * OpenBLAS's kernels. Run twice by ctest: with OPENBLAS_CORETYPE unset, the
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

#include "aclnnop/aclnn_mm.h"

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
