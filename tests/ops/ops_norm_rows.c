/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Rows in a pipeline (ops/engine/simd.h K13): Softmax (ops/norm/softmax.c
 * SR7), RmsNorm and LayerNorm (ops/norm/norm.c NR6) run a block's float32
 * rows read and written in place as a pipeline, a row's pass also reading
 * the next one. Each row of a launch over many rows must have the bits of
 * the same row launched alone (one row: no pipeline), outputs and
 * statistics alike. Cases: row lengths with and without a vector tail,
 * shorter than a vector, longer than a sum chunk (1024) with a tail; 2, 3
 * and many rows; out off the vector by one float; in place (y = x); a
 * 16 MiB output (stored around the cache, SR5 / NR5), aligned and off the
 * vector (softmax_step's and norm_apply_next's fallbacks); rows holding
 * -inf, NaN, +inf and values near float32's limit; LayerNorm with and
 * without gamma and beta. Run on every vector build (tests/ops/CMakeLists:
 * _portable, _avx2).
 */
#include <math.h>

#include "aclnnop/aclnn_layer_norm.h"
#include "aclnnop/aclnn_rms_norm.h"
#include "aclnnop/aclnn_softmax.h"
#include "optest.h"

enum { OP_SOFTMAX, OP_RMS, OP_LAYER, OP_LAYER_BARE, OP_N };
static const char *const op_name[OP_N] = {"Softmax", "RmsNorm", "LayerNorm", "LayerNorm (no gamma, beta)"};

static aclTensor *mk(float *p, int nd, const int64_t *d)
{
    int64_t st[2] = {nd > 1 ? d[1] : 1, 1};
    if (nd == 1)
        st[0] = 1;
    aclTensor *t = aclCreateTensor(d, (uint64_t)nd, ACL_FLOAT, st, 0, ACL_FORMAT_ND, d,
                                   (uint64_t)nd, p);
    CHECK(t);
    return t;
}

/* op over the last dim of x [rows, n] into y (y may be x); g, b: [n]; st0,
 * st1: [rows, 1] statistics (RmsNorm: rstd in st1; LayerNorm: mean, rstd). */
static void run(int op, float *x, float *y, int64_t rows, int64_t n, float *g, float *b, float *st0,
                float *st1)
{
    int64_t xd[2] = {rows, n}, gd[1] = {n}, sd[2] = {rows, 1};
    aclTensor *tx = mk(x, 2, xd), *ty = y == x ? tx : mk(y, 2, xd);
    aclTensor *tg = mk(g, 1, gd), *tb = mk(b, 1, gd), *t0 = mk(st0, 2, sd), *t1 = mk(st1, 2, sd);
    uint64_t ws = 0;
    aclOpExecutor *ex = NULL;
    if (op == OP_SOFTMAX) {
        CHECK_NN(ACLNN_SUCCESS, aclnnSoftmaxGetWorkspaceSize(tx, 1, ty, &ws, &ex));
        CHECK_NN(ACLNN_SUCCESS, aclnnSoftmax(NULL, 0, ex, g_stream));
    } else if (op == OP_RMS) {
        CHECK_NN(ACLNN_SUCCESS, aclnnRmsNormGetWorkspaceSize(tx, tg, 1e-6, ty, t1, &ws, &ex));
        CHECK_NN(ACLNN_SUCCESS, aclnnRmsNorm(NULL, 0, ex, g_stream));
    } else {
        aclIntArray *ns = aclCreateIntArray(gd, 1);
        const bool bare = op == OP_LAYER_BARE;
        CHECK_NN(ACLNN_SUCCESS,
                 aclnnLayerNormGetWorkspaceSize(tx, ns, bare ? NULL : tg, bare ? NULL : tb, 1e-5,
                                                ty, t0, t1, &ws, &ex));
        CHECK_NN(ACLNN_SUCCESS, aclnnLayerNorm(NULL, 0, ex, g_stream));
        aclDestroyIntArray(ns);
    }
    CHECK_OK(aclrtSynchronizeStream(g_stream));
    aclDestroyTensor(tx);
    if (ty != tx)
        aclDestroyTensor(ty);
    aclDestroyTensor(tg);
    aclDestroyTensor(tb);
    aclDestroyTensor(t0);
    aclDestroyTensor(t1);
}

static uint64_t g_seed = 0x243F6A8885A308D3ull;
static float rnd(float lo, float hi)
{
    g_seed = g_seed * 6364136223846793005ull + 1442695040888963407ull;
    return lo + (hi - lo) * (float)((g_seed >> 40) * 0x1p-24);
}

static float *falloc(size_t n)
{
    float *p = aligned_alloc(64, (n * sizeof(float) + 63) / 64 * 64);
    CHECK(p);
    return p;
}

static int g_cases;

/* One case: op over rows x n, out yoff floats past a 64-byte boundary, or in
 * place; each row compared with the row run alone. */
static void check(int op, int64_t rows, int64_t n, int64_t yoff, bool inplace)
{
    const size_t N = (size_t)(rows * n);
    float *x = falloc(N), *x0 = falloc(N), *yb = falloc(N + 16), *g = falloc((size_t)n),
          *b = falloc((size_t)n);
    float *s0 = falloc((size_t)rows), *s1 = falloc((size_t)rows), *r = falloc((size_t)n + 16);
    float r0, r1;
    for (size_t i = 0; i < N; i++)
        x[i] = rnd(-8, 8);
    for (int64_t i = 0; i < n; i++)
        g[i] = rnd(0.5f, 1.5f), b[i] = rnd(-1, 1);
    /* special rows (where there are enough): -inf entries, a NaN, +inf,
     * values near float32's limit (RmsNorm's sum of squares overflows) */
    if (rows > 2 && n > 3) {
        x[1 * n + 0] = -INFINITY, x[1 * n + n - 1] = -INFINITY;
        x[2 * n + n / 2] = NAN;
    }
    if (rows > 4 && n > 3) {
        x[3 * n + 1] = INFINITY;
        for (int64_t i = 0; i < n; i++)
            x[4 * n + i] = rnd(-3e38f, 3e38f);
    }
    memcpy(x0, x, N * sizeof(float));
    memset(yb, 0xA5, (N + 16) * sizeof(float));
    float *y = inplace ? x : yb + yoff;
    run(op, x, y, rows, n, g, b, s0, s1);
    for (int64_t i = 0; i < rows; i++) {
        float *xi = falloc((size_t)n);
        memcpy(xi, x0 + i * n, (size_t)n * sizeof(float));
        memset(r, 0xA5, ((size_t)n + 16) * sizeof(float));
        run(op, xi, r + yoff, 1, n, g, b, &r0, &r1);
        if (memcmp(r + yoff, y + i * n, (size_t)n * sizeof(float))) {
            int64_t j = 0;
            while (!memcmp(&r[yoff + j], &y[i * n + j], sizeof(float)))
                j++;
            fprintf(stderr,
                    "%s %lldx%lld%s yoff %lld: row %lld element %lld is %a, alone %a\n",
                    op_name[op], (long long)rows, (long long)n, inplace ? " in place" : "",
                    (long long)yoff, (long long)i, (long long)j, (double)y[i * n + j],
                    (double)r[yoff + j]);
            exit(1);
        }
        if (op != OP_SOFTMAX)
            CHECK(!memcmp(&r1, &s1[i], sizeof(float)));
        if (op == OP_LAYER || op == OP_LAYER_BARE)
            CHECK(!memcmp(&r0, &s0[i], sizeof(float)));
        free(xi);
    }
    if (!inplace) /* nothing written outside y */
        for (size_t i = 0; i < N + 16; i++)
            if (i < (size_t)yoff || i >= (size_t)yoff + N) {
                uint32_t v;
                memcpy(&v, &yb[i], sizeof(v));
                CHECK(v == 0xA5A5A5A5u);
            }
    /* the pipeline's rows are real results: row 0 of Softmax sums to 1 */
    if (op == OP_SOFTMAX) {
        double sum = 0;
        for (int64_t j = 0; j < n; j++)
            sum += y[j];
        CHECK(fabs(sum - 1.0) <= 1e-5);
    }
    g_cases++;
    free(x), free(x0), free(yb), free(g), free(b), free(s0), free(s1), free(r);
}

int main(void)
{
    ot_init();
    /* lengths: a vector tail, none, shorter than a vector, a chunk (1024)
     * and past it with a tail */
    static const int64_t lens[] = {37, 64, 5, 1024, 2053};
    static const int64_t nrows[] = {2, 3, 9};
    for (int op = 0; op < OP_N; op++) {
        for (size_t l = 0; l < sizeof(lens) / sizeof(lens[0]); l++)
            for (size_t k = 0; k < sizeof(nrows) / sizeof(nrows[0]); k++) {
                check(op, nrows[k], lens[l], 0, false);
                check(op, nrows[k], lens[l], 1, false);
                check(op, nrows[k], lens[l], 0, true);
            }
        /* 16 MiB out: stored around the cache, aligned and off the vector */
        const int64_t big = getenv("CPUACL_STRESS_SCALE") && atof(getenv("CPUACL_STRESS_SCALE")) < 0.25
                                ? 0
                                : 1024;
        if (big) {
            check(op, big, 4096, 0, false);
            check(op, big, 4096, 3, false);
        }
    }
    ot_fini();
    printf("ops_norm_rows: %d cases, every row the bits of the row alone\n", g_cases);
    return 0;
}
