/* SPDX-License-Identifier: Apache-2.0 */
/* aclsparseGather, aclsparseScatter and aclsparseSpvv against plain loops over the same
 * indices: bases 0 and 1, 32- and 64-bit indices, unsorted indices, float / float16 / bf16 /
 * double elements (copied exactly), nnz 0, error statuses, an out-of-range index failing
 * the stream. */
#include <math.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "cpuacl/cpuacl_half.h"
#include "sparse_test.h"

enum { NY = 50, NNZ = 13 };

static void *dev_copy(const void *host, size_t bytes)
{
    void *d = NULL;
    CHECK_OK(aclrtMalloc(&d, bytes, ACL_MEM_MALLOC_HUGE_FIRST));
    CHECK_OK(aclrtMemcpy(d, bytes, host, bytes, ACL_MEMCPY_HOST_TO_DEVICE));
    return d;
}

static size_t esz(aclDataType t)
{
    return t == ACL_DOUBLE ? 8 : t == ACL_FLOAT ? 4 : 2;
}

/* Distinct unsorted positions: p_i = (i * 7 + 3) % NY. */
static int64_t pos(int i)
{
    return (i * 7 + 3) % NY;
}

static void gather_scatter(aclsparseHandle_t h, aclrtStream s, aclDataType t, int base, int ib)
{
    unsigned char yh[NY * 8], xh[NNZ * 8], idx[NNZ * 8];
    for (size_t i = 0; i < sizeof yh; i++)
        yh[i] = (unsigned char)(i * 37 + 11);
    for (size_t i = 0; i < sizeof xh; i++)
        xh[i] = (unsigned char)(i * 53 + 5);
    for (int i = 0; i < NNZ; i++) {
        if (ib == 4)
            ((int32_t *)idx)[i] = (int32_t)(pos(i) + base);
        else
            ((int64_t *)idx)[i] = pos(i) + base;
    }
    size_t e = esz(t);
    void *d_y = dev_copy(yh, NY * e), *d_x = dev_copy(xh, NNZ * e), *d_i = dev_copy(idx, NNZ * ib);
    aclsparseIndexType_t it = ib == 4 ? ACL_SPARSE_INDEX_32I : ACL_SPARSE_INDEX_64I;
    aclsparseIndexBase_t b = base ? ACL_SPARSE_INDEX_BASE_ONE : ACL_SPARSE_INDEX_BASE_ZERO;
    aclsparseSpVecDescr_t x = NULL;
    aclsparseDnVecDescr_t y = NULL;
    SP_OK(aclsparseCreateSpVec(&x, NY, NNZ, d_i, d_x, it, b, t));
    SP_OK(aclsparseCreateDnVec(&y, NY, d_y, t));
    SP_OK(aclsparseGather(h, y, x));
    CHECK_OK(aclrtSynchronizeStream(s));
    unsigned char got[NY * 8];
    CHECK_OK(aclrtMemcpy(got, NNZ * e, d_x, NNZ * e, ACL_MEMCPY_DEVICE_TO_HOST));
    for (int i = 0; i < NNZ; i++)
        CHECK(memcmp(got + i * e, yh + pos(i) * e, e) == 0);
    /* Scatter the original x back: y[pos(i)] = x[i], the rest of y unchanged. */
    CHECK_OK(aclrtMemcpy(d_x, NNZ * e, xh, NNZ * e, ACL_MEMCPY_HOST_TO_DEVICE));
    SP_OK(aclsparseScatter(h, x, y));
    CHECK_OK(aclrtSynchronizeStream(s));
    CHECK_OK(aclrtMemcpy(got, NY * e, d_y, NY * e, ACL_MEMCPY_DEVICE_TO_HOST));
    unsigned char want[NY * 8];
    memcpy(want, yh, NY * e);
    for (int i = 0; i < NNZ; i++)
        memcpy(want + pos(i) * e, xh + i * e, e);
    CHECK(memcmp(got, want, NY * e) == 0);
    SP_OK(aclsparseDestroySpVec(x));
    SP_OK(aclsparseDestroyDnVec(y));
    CHECK_OK(aclrtFree(d_y));
    CHECK_OK(aclrtFree(d_x));
    CHECK_OK(aclrtFree(d_i));
}

static void spvv(aclsparseHandle_t h, aclrtStream s, aclDataType t, int base, int ib)
{
    float yf[NY], xf[NNZ];
    uint16_t yh16[NY], xh16[NNZ];
    int64_t idx[NNZ];
    int32_t idx32[NNZ];
    double ref = 0.0;
    for (int i = 0; i < NY; i++) {
        yf[i] = (float)((i % 9) - 4) * 0.25f;
        yh16[i] = cpuacl_f32_to_f16(yf[i]);
    }
    for (int i = 0; i < NNZ; i++) {
        xf[i] = (float)(i - 6) * 0.5f;
        xh16[i] = cpuacl_f32_to_f16(xf[i]);
        idx[i] = pos(i) + base;
        idx32[i] = (int32_t)idx[i];
        ref += (double)xf[i] * yf[pos(i)];
    }
    bool h16 = t == ACL_FLOAT16;
    void *d_y = dev_copy(h16 ? (void *)yh16 : (void *)yf, NY * esz(t));
    void *d_x = dev_copy(h16 ? (void *)xh16 : (void *)xf, NNZ * esz(t));
    void *d_i = dev_copy(ib == 4 ? (void *)idx32 : (void *)idx, NNZ * ib);
    float *d_r = dev_copy((float[1]){99.0f}, 4);
    aclsparseConstSpVecDescr_t x = NULL;
    aclsparseConstDnVecDescr_t y = NULL;
    SP_OK(aclsparseCreateConstSpVec(&x, NY, NNZ, d_i, d_x,
                                    ib == 4 ? ACL_SPARSE_INDEX_32I : ACL_SPARSE_INDEX_64I,
                                    base ? ACL_SPARSE_INDEX_BASE_ONE : ACL_SPARSE_INDEX_BASE_ZERO,
                                    t));
    SP_OK(aclsparseCreateConstDnVec(&y, NY, d_y, t));
    SP_OK(aclsparseSpvv(h, ACL_SPARSE_OP_NON_TRANSPOSE, x, y, d_r, ACL_FLOAT));
    CHECK_OK(aclrtSynchronizeStream(s));
    float r = 0;
    CHECK_OK(aclrtMemcpy(&r, 4, d_r, 4, ACL_MEMCPY_DEVICE_TO_HOST));
    if (fabs(r - ref) > 1e-5 * (1 + fabs(ref))) {
        fprintf(stderr, "spvv type %d base %d: %g, want %g\n", (int)t, base, r, ref);
        exit(1);
    }
    CHECK_SP(ACL_SPARSE_STATUS_NOT_SUPPORTED,
             aclsparseSpvv(h, ACL_SPARSE_OP_TRANSPOSE, x, y, d_r, ACL_FLOAT));
    CHECK_SP(ACL_SPARSE_STATUS_NOT_SUPPORTED,
             aclsparseSpvv(h, ACL_SPARSE_OP_NON_TRANSPOSE, x, y, d_r, ACL_DOUBLE));
    CHECK_SP(ACL_SPARSE_STATUS_INVALID_VALUE,
             aclsparseSpvv(h, ACL_SPARSE_OP_NON_TRANSPOSE, x, y, NULL, ACL_FLOAT));
    CHECK_SP(ACL_SPARSE_STATUS_HANDLE_IS_NULLPTR,
             aclsparseSpvv(NULL, ACL_SPARSE_OP_NON_TRANSPOSE, x, y, d_r, ACL_FLOAT));
    SP_OK(aclsparseDestroySpVec(x));
    SP_OK(aclsparseDestroyDnVec(y));
    void *bufs[] = {d_y, d_x, d_i, d_r};
    for (int i = 0; i < 4; i++)
        CHECK_OK(aclrtFree(bufs[i]));
}

static void errors(aclsparseHandle_t h)
{
    float yv[4] = {0}, xv[2] = {0};
    double yd[4] = {0};
    int32_t idx[2] = {0, 1};
    aclsparseSpVecDescr_t x = NULL, big = NULL, empty = NULL;
    aclsparseDnVecDescr_t y = NULL, yd_ = NULL;
    SP_OK(aclsparseCreateSpVec(&x, 4, 2, idx, xv, ACL_SPARSE_INDEX_32I,
                               ACL_SPARSE_INDEX_BASE_ZERO, ACL_FLOAT));
    SP_OK(aclsparseCreateSpVec(&big, 5, 2, idx, xv, ACL_SPARSE_INDEX_32I,
                               ACL_SPARSE_INDEX_BASE_ZERO, ACL_FLOAT));
    SP_OK(aclsparseCreateSpVec(&empty, 4, 0, NULL, NULL, ACL_SPARSE_INDEX_32I,
                               ACL_SPARSE_INDEX_BASE_ZERO, ACL_FLOAT));
    SP_OK(aclsparseCreateDnVec(&y, 4, yv, ACL_FLOAT));
    SP_OK(aclsparseCreateDnVec(&yd_, 4, yd, ACL_DOUBLE));
    CHECK_SP(ACL_SPARSE_STATUS_HANDLE_IS_NULLPTR, aclsparseGather(NULL, y, x));
    CHECK_SP(ACL_SPARSE_STATUS_INVALID_VALUE, aclsparseGather(h, NULL, x));
    CHECK_SP(ACL_SPARSE_STATUS_INVALID_VALUE, aclsparseGather(h, yd_, x)); /* types differ */
    CHECK_SP(ACL_SPARSE_STATUS_INVALID_VALUE, aclsparseGather(h, y, big)); /* x.size > y.size */
    SP_OK(aclsparseGather(h, y, empty)); /* nnz 0: nothing to do */
    CHECK_SP(ACL_SPARSE_STATUS_HANDLE_IS_NULLPTR, aclsparseScatter(h, NULL, y));
    CHECK_SP(ACL_SPARSE_STATUS_HANDLE_IS_NULLPTR, aclsparseScatter(NULL, x, y));
    CHECK_SP(ACL_SPARSE_STATUS_NOT_SUPPORTED, aclsparseScatter(h, x, yd_));
    SP_OK(aclsparseScatter(h, empty, y));
    aclsparseHandle_t h2 = NULL;
    SP_OK(aclsparseCreate(&h2)); /* no stream */
    CHECK_SP(ACL_SPARSE_STATUS_INVALID_VALUE, aclsparseScatter(h2, x, y));
    SP_OK(aclsparseDestroy(h2));
    CHECK_SP(ACL_SPARSE_STATUS_NOT_INITIALIZED, aclsparseGather(h2, y, x));
    SP_OK(aclsparseDestroySpVec(x));
    CHECK_SP(ACL_SPARSE_STATUS_INVALID_VALUE, aclsparseScatter(h, x, y)); /* destroyed x */
    SP_OK(aclsparseDestroySpVec(big));
    SP_OK(aclsparseDestroySpVec(empty));
    SP_OK(aclsparseDestroyDnVec(y));
    SP_OK(aclsparseDestroyDnVec(yd_));
}

static void bad_index(void)
{
    aclrtStream s = NULL;
    aclsparseHandle_t h = NULL;
    CHECK_OK(aclrtCreateStream(&s));
    SP_OK(aclsparseCreate(&h));
    SP_OK(aclsparseSetStream(h, s));
    float yv[4] = {1, 2, 3, 4}, xv[2] = {0, 0};
    int64_t idx[2] = {1, 4}; /* 4 is outside [0, 3] */
    void *d_y = dev_copy(yv, 16), *d_x = dev_copy(xv, 8), *d_i = dev_copy(idx, 16);
    aclsparseSpVecDescr_t x = NULL;
    aclsparseDnVecDescr_t y = NULL;
    SP_OK(aclsparseCreateSpVec(&x, 4, 2, d_i, d_x, ACL_SPARSE_INDEX_64I,
                               ACL_SPARSE_INDEX_BASE_ZERO, ACL_FLOAT));
    SP_OK(aclsparseCreateDnVec(&y, 4, d_y, ACL_FLOAT));
    SP_OK(aclsparseGather(h, y, x));
    CHECK(aclrtSynchronizeStream(s) != ACL_SUCCESS);
    const char *m = aclGetRecentErrMsg();
    CHECK(m && strstr(m, "outside"));
    CHECK_OK(aclrtMemcpy(xv, 8, d_x, 8, ACL_MEMCPY_DEVICE_TO_HOST));
    CHECK(xv[0] == 0 && xv[1] == 0); /* nothing written */
    SP_OK(aclsparseDestroySpVec(x));
    SP_OK(aclsparseDestroyDnVec(y));
    SP_OK(aclsparseDestroy(h));
    (void)aclrtDestroyStream(s);
    CHECK_OK(aclrtFree(d_y));
    CHECK_OK(aclrtFree(d_x));
    CHECK_OK(aclrtFree(d_i));
}

int main(void)
{
    TEST_OPEN();
    aclrtStream s = NULL;
    CHECK_OK(aclrtCreateStream(&s));
    aclsparseHandle_t h = NULL;
    SP_OK(aclsparseCreate(&h));
    SP_OK(aclsparseSetStream(h, s));
    const aclDataType types[] = {ACL_FLOAT, ACL_FLOAT16, ACL_BF16, ACL_DOUBLE};
    for (int t = 0; t < 4; t++)
        for (int base = 0; base < 2; base++)
            gather_scatter(h, s, types[t], base, (t + base) % 2 ? 8 : 4);
    for (int base = 0; base < 2; base++) {
        spvv(h, s, ACL_FLOAT, base, base ? 8 : 4);
        spvv(h, s, ACL_FLOAT16, base, base ? 4 : 8);
    }
    errors(h);
    SP_OK(aclsparseDestroy(h));
    CHECK_OK(aclrtDestroyStream(s));
    bad_index();
    TEST_CLOSE();
    printf("sparse_vector: ok\n");
    return 0;
}
