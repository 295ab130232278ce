/* SPDX-License-Identifier: Apache-2.0 */
/* The upsampling family (ops/image/upsample.c) and GridSampler2D's split (grid_sample.c GS2):
 * values worked by hand (nearest, nearest-exact, linear with and without alignCorners, Resize),
 * strided outputs whose gaps stay untouched, the codes and messages of bad input, and bit-identical
 * outputs for 1, 2 and 3 workers (UP3: each count a child process, a device's workers being fixed
 * at aclInit). The values against PyTorch over every type: tests/python/test_upsample_torch.py. */
#include <sys/wait.h>
#include <unistd.h>

#include "optest.h"

#include "aclnnop/aclnn_grid_sampler2d.h"
#include "aclnnop/aclnn_grid_sampler2d_backward.h"
#include "aclnnop/aclnn_resize.h"
#include "aclnnop/aclnn_upsample_bicubic2d_aa.h"
#include "aclnnop/aclnn_upsample_bicubic_2d.h"
#include "aclnnop/aclnn_upsample_bilinear2d_aa.h"
#include "aclnnop/aclnn_upsample_bilinear_2d.h"
#include "aclnnop/aclnn_upsample_bilinear_2d_backward.h"
#include "aclnnop/aclnn_upsample_bicubic2d_aa_grad.h"
#include "aclnnop/aclnn_upsample_nearest_2d_backward.h"
#include "aclnnop/aclnn_upsample_linear_1d.h"
#include "aclnnop/aclnn_upsample_nearest_1d.h"
#include "aclnnop/aclnn_upsample_nearest_2d.h"
#include "aclnnop/aclnn_upsample_nearest_3d.h"
#include "aclnnop/aclnn_upsample_nearest_exact1d.h"
#include "aclnnop/aclnn_upsample_trilinear_3d.h"

static aclIntArray *ia(const int64_t *v, uint64_t n)
{
    aclIntArray *a = aclCreateIntArray(v, n);
    CHECK(a);
    return a;
}

static void expect(const char *what, const ot_tensor *o, const double *want)
{
    for (int64_t i = 0; i < o->numel; i++) {
        double got = ot_get(o, i);
        if (fabs(got - want[i]) > 1e-6) {
            fprintf(stderr, "%s: out[%lld] = %g, want %g\n", what, (long long)i, got, want[i]);
            exit(1);
        }
    }
    CHECK(ot_gaps_intact(o));
}

/* ---- values worked by hand ------------------------------------------------------------------ */

static void test_values(void)
{
    ot_tensor x, o;
    /* nearest 1d, 3 -> 5: floor(o * 0.6) = 0 0 1 1 2; nearest-exact floor((o + .5) * .6) =
     * 0 0 1 2 2 */
    int64_t d1[3] = {1, 1, 3}, o1[3] = {1, 1, 5}, s5 = 5;
    ot_make(&x, ACL_FLOAT, 3, d1, L_CONTIG);
    ot_make(&o, ACL_FLOAT, 3, o1, L_GAP);
    for (int i = 0; i < 3; i++)
        ot_set(&x, i, 10 * (i + 1));
    aclIntArray *a5 = ia(&s5, 1);
    OT_RUN(aclnnUpsampleNearest1d, x.t, a5, o.t);
    expect("UpsampleNearest1d", &o, (double[]){10, 10, 20, 20, 30});
    OT_RUN(aclnnUpsampleNearestExact1d, x.t, a5, 0.0, o.t);
    expect("UpsampleNearestExact1d", &o, (double[]){10, 10, 20, 30, 30});
    /* a scale of 1 / 0.5: floor(o * 2), clamped: 0 2 2 2 2 */
    OT_RUN(aclnnUpsampleNearestExact1d, x.t, a5, 0.5, o.t);
    expect("UpsampleNearestExact1d scale", &o, (double[]){20, 30, 30, 30, 30});
    /* linear, 3 -> 5, alignCorners: source o * 0.5 */
    OT_RUN(aclnnUpsampleLinear1d, x.t, a5, true, 0.0, o.t);
    expect("UpsampleLinear1d align", &o, (double[]){10, 15, 20, 25, 30});
    /* without: max((o + .5) * .6 - .5, 0) = 0 .4 1 1.6 2.2 (the last clamped to index 2) */
    OT_RUN(aclnnUpsampleLinear1d, x.t, a5, false, 0.0, o.t);
    expect("UpsampleLinear1d", &o, (double[]){10, 14, 20, 26, 30});
    aclDestroyIntArray(a5);
    OT_FREE(&x, &o);

    /* bilinear 2x2 -> 3x3 with alignCorners: the midpoints */
    int64_t d2[4] = {1, 1, 2, 2}, o2[4] = {1, 1, 3, 3}, s33[2] = {3, 3};
    ot_make(&x, ACL_FLOAT16, 4, d2, L_TRANS);
    ot_make(&o, ACL_FLOAT16, 4, o2, L_STEP);
    for (int i = 0; i < 4; i++)
        ot_set(&x, i, i);
    aclIntArray *a33 = ia(s33, 2);
    OT_RUN(aclnnUpsampleBilinear2d, x.t, a33, true, 0.0, 0.0, o.t);
    expect("UpsampleBilinear2d align", &o, (double[]){0, 0.5, 1, 1, 1.5, 2, 2, 2.5, 3});
    /* nearest 2x2 -> 3x3: floor(o * 2 / 3) = 0 0 1 */
    OT_RUN(aclnnUpsampleNearest2d, x.t, a33, o.t);
    expect("UpsampleNearest2d", &o, (double[]){0, 0, 1, 0, 0, 1, 2, 2, 3});
    /* bicubic of a constant is the constant (the weights sum to 1) */
    for (int i = 0; i < 4; i++)
        ot_set(&x, i, 7);
    OT_RUN(aclnnUpsampleBicubic2d, x.t, a33, false, 0.0, 0.0, o.t);
    expect("UpsampleBicubic2d constant", &o, (double[]){7, 7, 7, 7, 7, 7, 7, 7, 7});
    OT_RUN(aclnnUpsampleBicubic2dAA, x.t, a33, false, 0.0, 0.0, o.t);
    expect("UpsampleBicubic2dAA constant", &o, (double[]){7, 7, 7, 7, 7, 7, 7, 7, 7});
    /* the transpose: nearest 2x2 -> 3x3 takes rows and columns 0 0 1, so a gradient of
     * ones sums to 4 2 / 2 1 */
    for (int i = 0; i < 9; i++)
        ot_set(&o, i, 1);
    int64_t in4[4] = {1, 1, 2, 2};
    aclIntArray *ai = ia(in4, 4);
    OT_RUN(aclnnUpsampleNearest2dBackward, o.t, a33, ai, 0.0, 0.0, x.t);
    expect("UpsampleNearest2dBackward", &x, (double[]){4, 2, 2, 1});
    /* bilinear with alignCorners: the midpoints split halves, the centre quarters */
    OT_RUN(aclnnUpsampleBilinear2dBackward, o.t, a33, ai, true, 0.0, 0.0, x.t);
    expect("UpsampleBilinear2dBackward", &x, (double[]){2.25, 2.25, 2.25, 2.25});
    aclDestroyIntArray(ai);
    aclDestroyIntArray(a33);
    OT_FREE(&x, &o);

    /* Resize bilinear, scales 2: half-pixel centres, 2 -> 4 along W: 0 .25 .75 1 */
    int64_t d3[4] = {1, 1, 1, 2}, o3[4] = {1, 1, 2, 4};
    ot_make(&x, ACL_FLOAT, 4, d3, L_CONTIG);
    ot_make(&o, ACL_FLOAT, 4, o3, L_CONTIG);
    ot_set(&x, 0, 0), ot_set(&x, 1, 4);
    float sc[4] = {1, 1, 2, 2};
    aclFloatArray *fa = aclCreateFloatArray(sc, 4);
    CHECK(fa);
    OT_RUN(aclnnResize, x.t, fa, "bilinear", o.t);
    expect("Resize bilinear", &o, (double[]){0, 1, 3, 4, 0, 1, 3, 4});
    OT_RUN(aclnnResize, x.t, fa, "nearest", o.t);
    expect("Resize nearest", &o, (double[]){0, 0, 4, 4, 0, 0, 4, 4});
    aclDestroyFloatArray(fa);
    OT_FREE(&x, &o);
}

/* ---- bad input ------------------------------------------------------------------------------ */

static void test_codes(void)
{
    ot_tensor x, o, oh, x3, xi, o5, xe, oe;
    int64_t d[4] = {1, 2, 3, 4}, od[4] = {1, 2, 6, 8}, d3[3] = {1, 2, 3}, d5[5] = {1, 2, 1, 6, 8};
    int64_t de[4] = {1, 2, 0, 4};
    OT_MAKE_CONTIG({&x, ACL_FLOAT, 4, d}, {&o, ACL_FLOAT, 4, od}, {&oh, ACL_FLOAT16, 4, od},
                   {&x3, ACL_FLOAT, 3, d3}, {&xi, ACL_INT32, 4, d}, {&o5, ACL_FLOAT, 5, d5},
                   {&xe, ACL_FLOAT, 4, de}, {&oe, ACL_FLOAT, 4, od});
    int64_t s68[2] = {6, 8}, s60[2] = {6, 0}, s69[2] = {6, 9}, s168[3] = {1, 6, 8};
    aclIntArray *a = ia(s68, 2), *a1 = ia(s68, 1), *a0 = ia(s60, 2), *a9 = ia(s69, 2),
                *a3 = ia(s168, 3);
    OT_FAILS_NAMING(ACLNN_ERR_PARAM_NULLPTR, aclnnUpsampleBilinear2d, "self", NULL, a, false, 0.0,
                    0.0, o.t);
    OT_FAILS_NAMING(ACLNN_ERR_PARAM_NULLPTR, aclnnUpsampleBilinear2d, "outputSize", x.t, NULL,
                    false, 0.0, 0.0, o.t);
    OT_FAILS_NAMING(ACLNN_ERR_PARAM_NULLPTR, aclnnUpsampleBilinear2d, "out", x.t, a, false, 0.0,
                    0.0, NULL);
    OT_NULL_OUTS(aclnnUpsampleBilinear2d, x.t, a, false, 0.0, 0.0, o.t);
    OT_FAILS_NAMING(ACLNN_ERR_PARAM_INVALID, aclnnUpsampleBilinear2d, "self", xi.t, a, false, 0.0,
                    0.0, o.t);
    OT_FAILS_NAMING(ACLNN_ERR_PARAM_INVALID, aclnnUpsampleBilinear2d, "out", x.t, a, false, 0.0,
                    0.0, oh.t);
    OT_FAILS_NAMING(ACLNN_ERR_PARAM_INVALID, aclnnUpsampleBilinear2d, "4-d", x3.t, a, false, 0.0,
                    0.0, o.t);
    OT_FAILS_NAMING(ACLNN_ERR_PARAM_INVALID, aclnnUpsampleBilinear2d, "outputSize", x.t, a1, false,
                    0.0, 0.0, o.t);
    OT_FAILS_NAMING(ACLNN_ERR_PARAM_INVALID, aclnnUpsampleBilinear2d, "outputSize[1]", x.t, a0,
                    false, 0.0, 0.0, o.t);
    OT_FAILS_NAMING(ACLNN_ERR_PARAM_INVALID, aclnnUpsampleBilinear2d, "negative", x.t, a, false,
                    -2.0, 0.0, o.t);
    OT_FAILS_NAMING(ACLNN_ERR_PARAM_INVALID, aclnnUpsampleBilinear2d, "out", x.t, a9, false, 0.0,
                    0.0, o.t);
    OT_FAILS_NAMING(ACLNN_ERR_PARAM_INVALID, aclnnUpsampleBilinear2d, "empty", xe.t, a, false, 0.0,
                    0.0, oe.t);
    OT_FAILS_NAMING(ACLNN_ERR_PARAM_INVALID, aclnnUpsampleNearest3d, "5-d", x.t, a3, 0.0, 0.0, 0.0,
                    o5.t);
    OT_FAILS_NAMING(ACLNN_ERR_PARAM_INVALID, aclnnUpsampleTrilinear3d, "self", xi.t, a3, false, 0.0,
                    0.0, 0.0, o5.t);
    OT_FAILS_NAMING(ACLNN_ERR_PARAM_INVALID, aclnnUpsampleNearest1d, "3-d", x.t, a1, o.t);
    int64_t in4[4] = {1, 2, 3, 4}, in3[3] = {1, 2, 3}, inb[4] = {1, 2, 3, 5};
    aclIntArray *ai = ia(in4, 4), *ai3 = ia(in3, 3), *aib = ia(inb, 4);
    OT_FAILS_NAMING(ACLNN_ERR_PARAM_NULLPTR, aclnnUpsampleBilinear2dBackward, "inputSize", o.t, a,
                    NULL, false, 0.0, 0.0, x.t);
    OT_FAILS_NAMING(ACLNN_ERR_PARAM_INVALID, aclnnUpsampleBilinear2dBackward, "inputSize", o.t, a,
                    ai3, false, 0.0, 0.0, x.t);
    OT_FAILS_NAMING(ACLNN_ERR_PARAM_INVALID, aclnnUpsampleBilinear2dBackward, "out", o.t, a, aib,
                    false, 0.0, 0.0, x.t);
    OT_FAILS_NAMING(ACLNN_ERR_PARAM_INVALID, aclnnUpsampleBilinear2dBackward, "gradOut", o.t, a9,
                    ai, false, 0.0, 0.0, x.t);
    OT_FAILS_NAMING(ACLNN_ERR_PARAM_INVALID, aclnnUpsampleBilinear2dBackward, "gradOut", xi.t, a,
                    ai, false, 0.0, 0.0, x.t);
    aclDestroyIntArray(ai), aclDestroyIntArray(ai3), aclDestroyIntArray(aib);
    float sc[4] = {1, 1, 2, 2}, bad[4] = {2, 1, 2, 2};
    aclFloatArray *fa = aclCreateFloatArray(sc, 4), *fb = aclCreateFloatArray(bad, 4),
                  *f3 = aclCreateFloatArray(sc, 3);
    OT_FAILS_NAMING(ACLNN_ERR_PARAM_NULLPTR, aclnnResize, "mode", x.t, fa, NULL, o.t);
    OT_FAILS_NAMING(ACLNN_ERR_PARAM_INVALID, aclnnResize, "cubic", x.t, fa, "cubic", o.t);
    OT_FAILS_NAMING(ACLNN_ERR_PARAM_INVALID, aclnnResize, "scales[0]", x.t, fb, "nearest", o.t);
    OT_FAILS_NAMING(ACLNN_ERR_PARAM_INVALID, aclnnResize, "scales", x.t, f3, "nearest", o.t);
    OT_FAILS_NAMING(ACLNN_ERR_PARAM_INVALID, aclnnResize, "out", x.t, fa, "nearest", oh.t);
    aclDestroyFloatArray(fa), aclDestroyFloatArray(fb), aclDestroyFloatArray(f3);
    aclDestroyIntArray(a), aclDestroyIntArray(a1), aclDestroyIntArray(a0);
    aclDestroyIntArray(a9), aclDestroyIntArray(a3);
    OT_FREE(&x, &o, &oh, &x3, &xi, &o5, &xe, &oe);
}

/* ---- worker counts (UP3) -------------------------------------------------------------------- */

static uint64_t fnv(const ot_tensor *o)
{
    uint64_t h = 1469598103934665603ull;
    for (int64_t i = 0; i < o->numel; i++) {
        double v = ot_get(o, i);
        unsigned char b[8];
        memcpy(b, &v, 8);
        for (int k = 0; k < 8; k++)
            h = (h ^ b[k]) * 1099511628211ull;
    }
    return h;
}

/* Large enough to split (ops_split_rows: 64 Ki elements a block): print each output's
 * hash. */
static int child(void)
{
    ot_init();
    int64_t d[4] = {2, 3, 61, 97}, od[4] = {2, 3, 150, 211}, sd[4] = {2, 3, 17, 23};
    int64_t sz[2] = {150, 211}, ss[2] = {17, 23};
    ot_tensor x, o, os;
    ot_make(&x, ACL_FLOAT, 4, d, L_GAP);
    ot_make(&o, ACL_FLOAT, 4, od, L_CONTIG);
    ot_make(&os, ACL_FLOAT, 4, sd, L_STEP);
    ot_fill(&x, -5, 5);
    aclIntArray *a = ia(sz, 2), *as = ia(ss, 2);
    OT_RUN(aclnnUpsampleBilinear2d, x.t, a, false, 0.0, 0.0, o.t);
    printf("bilinear %016llx\n", (unsigned long long)fnv(&o));
    OT_RUN(aclnnUpsampleBicubic2d, x.t, a, true, 0.0, 0.0, o.t);
    printf("bicubic %016llx\n", (unsigned long long)fnv(&o));
    OT_RUN(aclnnUpsampleBilinear2dAA, x.t, a, false, 0.0, 0.0, o.t);
    printf("bilinear aa up %016llx\n", (unsigned long long)fnv(&o));
    OT_RUN(aclnnUpsampleBicubic2dAA, x.t, as, false, 0.0, 0.0, os.t);
    printf("bicubic aa down %016llx\n", (unsigned long long)fnv(&os));
    /* UP5: the backward forms, split by planes */
    int64_t isz[4] = {2, 3, 61, 97};
    aclIntArray *ai = ia(isz, 4);
    ot_tensor gx;
    ot_make(&gx, ACL_FLOAT, 4, d, L_STEP);
    ot_fill(&o, -5, 5);
    OT_RUN(aclnnUpsampleBilinear2dBackward, o.t, a, ai, false, 0.0, 0.0, gx.t);
    printf("bilinear backward %016llx\n", (unsigned long long)fnv(&gx));
    OT_RUN(aclnnUpsampleBicubic2dAAGrad, os.t, as, ai, false, 0.0, 0.0, gx.t);
    printf("bicubic aa grad %016llx\n", (unsigned long long)fnv(&gx));
    aclDestroyIntArray(ai);
    OT_FREE(&gx);
    /* GS2: GridSampler2D splits by images */
    int64_t gxd[4] = {4, 3, 40, 50}, ggd[4] = {4, 60, 70, 2}, god[4] = {4, 3, 60, 70};
    ot_tensor gx2, gg, go;
    ot_make(&gx2, ACL_FLOAT, 4, gxd, L_GAP);
    ot_make(&gg, ACL_FLOAT, 4, ggd, L_CONTIG);
    ot_make(&go, ACL_FLOAT, 4, god, L_STEP);
    ot_fill(&gx2, -5, 5);
    ot_fill(&gg, -1.2, 1.2);
    OT_RUN(aclnnGridSampler2D, gx2.t, gg.t, 2, 2, false, go.t);
    printf("grid sampler %016llx\n", (unsigned long long)fnv(&go));
    ot_tensor dgx, dgg;
    ot_make(&dgx, ACL_FLOAT, 4, gxd, L_CONTIG);
    ot_make(&dgg, ACL_FLOAT, 4, ggd, L_GAP);
    bool both[2] = {true, true};
    aclBoolArray *mask = aclCreateBoolArray(both, 2);
    CHECK(mask);
    OT_RUN(aclnnGridSampler2DBackward, go.t, gx2.t, gg.t, 0, 2, true, mask, dgx.t, dgg.t);
    printf("grid sampler backward %016llx %016llx\n", (unsigned long long)fnv(&dgx),
           (unsigned long long)fnv(&dgg));
    aclDestroyBoolArray(mask);
    OT_FREE(&gx2, &gg, &go, &dgx, &dgg);
    int64_t d5[5] = {1, 2, 9, 31, 40}, o5[5] = {1, 2, 20, 64, 81}, s3[3] = {20, 64, 81};
    ot_tensor x5, y5;
    ot_make(&x5, ACL_BF16, 5, d5, L_TRANS);
    ot_make(&y5, ACL_BF16, 5, o5, L_CONTIG);
    ot_fill(&x5, -5, 5);
    aclIntArray *a3 = ia(s3, 3);
    OT_RUN(aclnnUpsampleTrilinear3d, x5.t, a3, false, 0.0, 0.0, 0.0, y5.t);
    printf("trilinear %016llx\n", (unsigned long long)fnv(&y5));
    OT_RUN(aclnnUpsampleNearest3d, x5.t, a3, 0.0, 0.0, 0.0, y5.t);
    printf("nearest3d %016llx\n", (unsigned long long)fnv(&y5));
    aclDestroyIntArray(a), aclDestroyIntArray(as), aclDestroyIntArray(a3);
    OT_FREE(&x, &o, &os, &x5, &y5);
    ot_fini();
    return 0;
}

static void run_child(const char *self, unsigned w, char *out, size_t cap)
{
    int fd[2];
    CHECK(pipe(fd) == 0);
    pid_t pid = fork();
    CHECK(pid >= 0);
    if (pid == 0) {
        char env[32];
        snprintf(env, sizeof(env), "%u", w);
        setenv("CPUACL_WORKERS", env, 1);
        dup2(fd[1], 1);
        close(fd[0]);
        close(fd[1]);
        execl(self, self, "--child", (char *)NULL);
        _exit(127);
    }
    close(fd[1]);
    size_t n = 0;
    ssize_t r;
    while (n + 1 < cap && (r = read(fd[0], out + n, cap - 1 - n)) > 0)
        n += (size_t)r;
    out[n] = 0;
    close(fd[0]);
    int status;
    CHECK(waitpid(pid, &status, 0) == pid);
    if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) {
        fprintf(stderr, "ops_upsample: the child with %u worker(s) failed\n", w);
        exit(1);
    }
}

int main(int argc, char **argv)
{
    if (argc > 1 && strcmp(argv[1], "--child") == 0)
        return child();
    ot_init();
    test_values();
    test_codes();
    ot_fini();
    static char one[4096], more[4096];
    run_child(argv[0], 1, one, sizeof(one));
    if (strlen(one) < 10 * 20) {
        fprintf(stderr, "ops_upsample: the one-worker child printed too little:\n%s", one);
        return 1;
    }
    for (unsigned w = 2; w <= 3; w++) {
        run_child(argv[0], w, more, sizeof(more));
        if (strcmp(one, more) != 0) {
            fprintf(stderr, "ops_upsample: 1 worker:\n%s%u workers:\n%s", one, w, more);
            return 1;
        }
    }
    printf("%sops_upsample: values, codes, and outputs bit-identical with 1, 2 and 3 workers\n",
           one);
    return 0;
}
