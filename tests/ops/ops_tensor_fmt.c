/* SPDX-License-Identifier: Apache-2.0 */
/* Tensor creation as ggml uses it (issue 14): ACL_INT4 tensors (two values per
 * byte) are created; blocked formats (FRACTAL_NZ, NC1HWC0, ...) are created
 * but refused by operators that take strided views, while NCHW / NCL / ND are
 * all strided; aclnnArange fills an out of any shape with the sequence's
 * element count, in row-major order, through strided views too. */
#include "optest.h"

#include "aclnnop/aclnn_abs.h"
#include "aclnnop/aclnn_add.h"
#include "aclnnop/aclnn_arange.h"

static int g_cases;

static void test_int4(void)
{
    int64_t dims[2] = {4, 8}, st[2] = {8, 1}, storage = 16; /* 32 int4 values in 16 bytes */
    unsigned char buf[16] = {0};
    aclTensor *t = aclCreateTensor(dims, 2, ACL_INT4, st, 0, ACL_FORMAT_ND, &storage, 1, buf);
    CHECK(t);
    aclDataType dt;
    CHECK_NN(ACLNN_SUCCESS, aclGetDataType(t, &dt));
    CHECK(dt == ACL_INT4);
    /* an operator that does not document int4 refuses it */
    int64_t d1[2] = {4, 8};
    ot_tensor o;
    ot_make(&o, ACL_INT8, 2, d1, L_CONTIG);
    OT_FAILS(ACLNN_ERR_PARAM_INVALID, aclnnAbs, t, o.t);
    aclDestroyTensor(t);
    ot_free(&o);
    /* still refused: types without a size that are not int4 */
    CHECK(!aclCreateTensor(dims, 2, ACL_STRING, st, 0, ACL_FORMAT_ND, &storage, 1, buf));
    g_cases++;
}

static void test_formats(void)
{
    static const aclFormat blocked[] = {ACL_FORMAT_FRACTAL_NZ, ACL_FORMAT_NC1HWC0,
                                        ACL_FORMAT_FRACTAL_Z, ACL_FORMAT_NDC1HWC0,
                                        ACL_FORMAT_FRACTAL_NZ_C0_16};
    static const aclFormat plain[] = {ACL_FORMAT_ND, ACL_FORMAT_NCHW, ACL_FORMAT_NHWC,
                                      ACL_FORMAT_NCL, ACL_FORMAT_NC};
    int64_t dims[2] = {16, 32}, storage = 16 * 32;
    float *a = calloc(16 * 32, sizeof(float)), *b = calloc(16 * 32, sizeof(float));
    CHECK(a && b);
    for (int i = 0; i < 16 * 32; i++)
        a[i] = (float)(i % 7) - 3;
    ot_tensor o;
    ot_make(&o, ACL_FLOAT, 2, dims, L_CONTIG);
    double one = 1;
    aclScalar *alpha = aclCreateScalar(&one, ACL_DOUBLE);
    uint64_t ws;
    aclOpExecutor *ex;
    for (size_t k = 0; k < sizeof blocked / sizeof blocked[0]; k++) {
        aclTensor *t = aclCreateTensor(dims, 2, ACL_FLOAT, NULL, 0, blocked[k], &storage, 1, a);
        CHECK(t); /* created: the format is the caller's business */
        aclFormat f;
        CHECK_NN(ACLNN_SUCCESS, aclGetFormat(t, &f));
        CHECK(f == blocked[k]);
        OT_FAILS(ACLNN_ERR_PARAM_INVALID, aclnnAbs, t, o.t);
        OT_FAILS(ACLNN_ERR_PARAM_INVALID, aclnnAdd, o.t, t, alpha, o.t);
        aclDestroyTensor(t);
        g_cases++;
    }
    for (size_t k = 0; k < sizeof plain / sizeof plain[0]; k++) {
        aclTensor *t = aclCreateTensor(dims, 2, ACL_FLOAT, NULL, 0, plain[k], &storage, 1, a);
        aclTensor *u = aclCreateTensor(dims, 2, ACL_FLOAT, NULL, 0, plain[k], &storage, 1, b);
        CHECK(t && u);
        CHECK_NN(ACLNN_SUCCESS, aclnnAbsGetWorkspaceSize(t, u, &ws, &ex));
        ot_run(aclnnAbs, ws, ex);
        for (int i = 0; i < 16 * 32; i++)
            CHECK(b[i] == fabsf(a[i]));
        aclDestroyTensor(t);
        aclDestroyTensor(u);
        g_cases++;
    }
    aclDestroyScalar(alpha);
    ot_free(&o);
    free(a);
    free(b);
}

static void check_arange_nd(aclDataType dt, int nd, const int64_t *dims, double start, double step,
                            int layout)
{
    ot_tensor o;
    ot_make(&o, dt, nd, dims, layout);
    double end = start + step * (double)o.numel;
    aclScalar *s = aclCreateScalar(&start, ACL_DOUBLE), *e = aclCreateScalar(&end, ACL_DOUBLE),
              *st = aclCreateScalar(&step, ACL_DOUBLE);
    OT_RUN(aclnnArange, s, e, st, o.t);
    for (int64_t i = 0; i < o.numel; i++) {
        double want = ot_round(dt, start + (double)i * step), got = ot_get(&o, i);
        if (got != want) {
            fprintf(stderr, "Arange %s %d-d layout %d: [%lld] = %g, want %g\n", ot_dt_name(dt), nd,
                    layout, (long long)i, got, want);
            exit(1);
        }
    }
    CHECK(ot_gaps_intact(&o));
    aclDestroyScalar(s);
    aclDestroyScalar(e);
    aclDestroyScalar(st);
    ot_free(&o);
    g_cases++;
}

static void test_arange(void)
{
    int64_t d4[4] = {1, 1, 1, 6}, d3[3] = {2, 3, 4}, d2[2] = {3, 700}, d0[1] = {1};
    aclDataType dts[5] = {ACL_FLOAT, ACL_FLOAT16, ACL_BF16, ACL_INT32, ACL_INT64};
    for (int t = 0; t < 5; t++)
        for (int l = 0; l < L_COUNT; l++) {
            bool f = t < 3;
            check_arange_nd(dts[t], 4, d4, 0, 1, l); /* ggml: arange into [1, 1, 1, n] */
            check_arange_nd(dts[t], 3, d3, f ? -2.5 : -2, f ? 0.5 : 3, l);
            check_arange_nd(dts[t], 2, d2, 1, 1, l); /* rows longer than a kernel chunk */
            check_arange_nd(dts[t], 0, d0, 7, 1, l); /* 0-d: one element */
        }
    /* an element count that does not match is still refused */
    int64_t bad[2] = {2, 4};
    ot_tensor o;
    ot_make(&o, ACL_FLOAT, 2, bad, L_CONTIG);
    double z = 0, ten = 10, one = 1;
    aclScalar *s = aclCreateScalar(&z, ACL_DOUBLE), *e = aclCreateScalar(&ten, ACL_DOUBLE),
              *st = aclCreateScalar(&one, ACL_DOUBLE);
    OT_FAILS(ACLNN_ERR_PARAM_INVALID, aclnnArange, s, e, st, o.t);
    aclDestroyScalar(s);
    aclDestroyScalar(e);
    aclDestroyScalar(st);
    ot_free(&o);
}

int main(void)
{
    ot_init();
    test_int4();
    test_formats();
    test_arange();
    ot_fini();
    printf("ops_tensor_fmt: %d cases passed\n", g_cases);
    return 0;
}
