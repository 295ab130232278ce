/* SPDX-License-Identifier: Apache-2.0 */
/* aclsparseSpMM against a dense double-precision product: CSR A (empty rows, bases 0 and 1,
 * 32- and 64-bit indices) times B non-transposed and transposed, B and C in row and column
 * order with padded leading dimensions; float, float16 and int8 -> int32; error statuses. */
#include <math.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "cpuacl/cpuacl_half.h"
#include "sparse_test.h"

enum { M = 23, K = 17, N = 6 };

static double A[M][K];
static uint64_t rng = 0x243f6a8885a308d3ULL;

static double rnd(void)
{
    rng ^= rng << 13;
    rng ^= rng >> 7;
    rng ^= rng << 17;
    return (double)(rng >> 11) / (double)(1ULL << 52) - 1.0;
}

static void *dev_copy(const void *host, size_t bytes)
{
    void *d = NULL;
    CHECK_OK(aclrtMalloc(&d, bytes ? bytes : 1, ACL_MEM_MALLOC_HUGE_FIRST));
    if (bytes)
        CHECK_OK(aclrtMemcpy(d, bytes, host, bytes, ACL_MEMCPY_HOST_TO_DEVICE));
    return d;
}

static size_t tsz(aclDataType t)
{
    return t == ACL_FLOAT16 ? 2 : t == ACL_INT8 ? 1 : 4;
}

static void put(void *p, aclDataType t, int64_t i, double v)
{
    if (t == ACL_FLOAT16)
        ((uint16_t *)p)[i] = cpuacl_f32_to_f16((float)v);
    else if (t == ACL_INT8)
        ((int8_t *)p)[i] = (int8_t)v;
    else if (t == ACL_INT32)
        ((int32_t *)p)[i] = (int32_t)v;
    else
        ((float *)p)[i] = (float)v;
}

static double get(const void *p, aclDataType t, int64_t i)
{
    if (t == ACL_FLOAT16)
        return cpuacl_f16_to_f32(((const uint16_t *)p)[i]);
    if (t == ACL_INT32)
        return ((const int32_t *)p)[i];
    return ((const float *)p)[i];
}

/* A value of type t, exactly representable in it. */
static double val(aclDataType t)
{
    if (t == ACL_INT8)
        return (double)(int)(rnd() * 9.0);
    if (t == ACL_FLOAT16)
        return cpuacl_f16_to_f32(cpuacl_f32_to_f16((float)rnd()));
    return (double)(float)rnd();
}

static int64_t at(bool row, int64_t ld, int64_t r, int64_t c)
{
    return row ? r * ld + c : c * ld + r;
}

static void one(aclsparseHandle_t h, aclrtStream s, aclDataType t, int base, int ib,
                aclsparseOperation_t opB, aclsparseOrder_t bo, aclsparseOrder_t co)
{
    aclDataType ct = t == ACL_INT8 ? ACL_INT32 : ACL_FLOAT;
    aclDataType cty = t == ACL_INT8 ? ACL_INT32 : t;
    /* A's pattern: rows 3, 10, 17 empty. */
    int64_t nnz = 0;
    for (int i = 0; i < M; i++)
        for (int j = 0; j < K; j++) {
            A[i][j] = (i % 7 == 3 || rnd() < 0.3) ? 0.0 : val(t);
            nnz += A[i][j] != 0.0;
        }
    int64_t *off = calloc(M + 1, 8), *col = calloc(nnz + 1, 8);
    char *av = calloc(nnz + 1, 4);
    int64_t k = 0;
    for (int i = 0; i < M; i++) {
        if (ib == 4)
            ((int32_t *)off)[i] = (int32_t)(k + base);
        else
            off[i] = k + base;
        for (int j = 0; j < K; j++)
            if (A[i][j] != 0.0) {
                if (ib == 4)
                    ((int32_t *)col)[k] = j + base;
                else
                    col[k] = j + base;
                put(av, t, k++, A[i][j]);
            }
    }
    if (ib == 4)
        ((int32_t *)off)[M] = (int32_t)(k + base);
    else
        off[M] = k + base;
    /* B stored as rows x cols = K x N (opB N) or N x K (opB T), with ld padded by 3. */
    bool tr = opB == ACL_SPARSE_OP_TRANSPOSE;
    int64_t br = tr ? N : K, bc = tr ? K : N;
    bool brow = bo == ACL_SPARSE_ORDER_ROW, crow = co == ACL_SPARSE_ORDER_ROW;
    int64_t bld = (brow ? bc : br) + 3, cld = (crow ? N : M) + 3;
    size_t bcount = (size_t)bld * (brow ? br : bc), ccount = (size_t)cld * (crow ? M : N);
    double *bd = calloc(K * N, sizeof(double)), *c0 = calloc(M * N, sizeof(double));
    char *bh = calloc(bcount, 4), *ch = calloc(ccount, 4);
    for (int kk = 0; kk < K; kk++)
        for (int j = 0; j < N; j++) {
            bd[kk * N + j] = val(t);
            int64_t r = tr ? j : kk, c = tr ? kk : j; /* stored B(r, c) = op(B)(kk, j) */
            put(bh, t, at(brow, bld, r, c), bd[kk * N + j]);
        }
    for (int i = 0; i < M; i++)
        for (int j = 0; j < N; j++) {
            c0[i * N + j] = t == ACL_INT8 ? (double)(int)(rnd() * 9.0) : val(t);
            put(ch, cty, at(crow, cld, i, j), c0[i * N + j]);
        }
    void *d_off = dev_copy(off, (M + 1) * ib), *d_col = dev_copy(col, nnz * ib);
    void *d_a = dev_copy(av, nnz * tsz(t)), *d_b = dev_copy(bh, bcount * tsz(t));
    void *d_c = dev_copy(ch, ccount * tsz(cty));
    aclsparseIndexType_t it = ib == 4 ? ACL_SPARSE_INDEX_32I : ACL_SPARSE_INDEX_64I;
    aclsparseSpMatDescr_t a = NULL;
    aclsparseConstDnMatDescr_t b = NULL;
    aclsparseDnMatDescr_t c = NULL;
    SP_OK(aclsparseCreateCsr(&a, M, K, nnz, d_off, d_col, d_a, it, it,
                             base ? ACL_SPARSE_INDEX_BASE_ONE : ACL_SPARSE_INDEX_BASE_ZERO, t));
    SP_OK(aclsparseCreateConstDnMat(&b, br, bc, bld, d_b, t, bo));
    SP_OK(aclsparseCreateDnMat(&c, M, N, cld, d_c, cty, co));
    float af = 1.25f, bf = -0.5f;
    int32_t ai = 2, bi = -3;
    const void *pa = t == ACL_INT8 ? (const void *)&ai : (const void *)&af;
    const void *pb = t == ACL_INT8 ? (const void *)&bi : (const void *)&bf;
    size_t bs = 0;
    SP_OK(aclsparseSpMMGetBufferSize(h, ACL_SPARSE_OP_NON_TRANSPOSE, opB, pa, a, b, pb, c, ct,
                                     ACL_SPARSE_SPMM_ALG_DEFAULT, &bs));
    CHECK(bs > 0);
    void *buf = NULL;
    CHECK_OK(aclrtMalloc(&buf, bs, ACL_MEM_MALLOC_HUGE_FIRST));
    SP_OK(aclsparseSpMMPreprocess(h, ACL_SPARSE_OP_NON_TRANSPOSE, opB, pa, a, b, pb, c, ct,
                                  ACL_SPARSE_SPMM_ALG_DEFAULT, buf));
    SP_OK(aclsparseSpMM(h, ACL_SPARSE_OP_NON_TRANSPOSE, opB, pa, a, b, pb, c, ct,
                        ACL_SPARSE_SPMM_CSR_ALG1, buf));
    CHECK_OK(aclrtSynchronizeStream(s));
    CHECK_OK(aclrtMemcpy(ch, ccount * tsz(cty), d_c, ccount * tsz(cty),
                         ACL_MEMCPY_DEVICE_TO_HOST));
    double alpha = t == ACL_INT8 ? ai : af, beta = t == ACL_INT8 ? bi : bf;
    for (int i = 0; i < M; i++)
        for (int j = 0; j < N; j++) {
            double ref = 0.0;
            for (int kk = 0; kk < K; kk++)
                ref += A[i][kk] * bd[kk * N + j];
            ref = alpha * ref + beta * c0[i * N + j];
            double got = get(ch, cty, at(crow, cld, i, j));
            double tol = t == ACL_INT8 ? 0.0 : t == ACL_FLOAT16 ? 4e-3 * (1.0 + fabs(ref))
                                                                : 1e-5 * (1.0 + fabs(ref));
            if (fabs(got - ref) > tol) {
                fprintf(stderr, "type %d base %d idx %d opB %d order %d/%d: C[%d][%d] = %.7g, "
                        "want %.7g\n", (int)t, base, ib, (int)opB, (int)bo, (int)co, i, j, got,
                        ref);
                exit(1);
            }
        }
    /* Padding columns of C (beyond its rows/cols within ld) are untouched: checked by the
     * reference comparing only the logical elements, and by ASan for the buffer's end. */
    SP_OK(aclsparseDestroySpMat(a));
    SP_OK(aclsparseDestroyDnMat(b));
    SP_OK(aclsparseDestroyDnMat(c));
    void *bufs[] = {d_off, d_col, d_a, d_b, d_c, buf};
    for (size_t i = 0; i < sizeof bufs / sizeof bufs[0]; i++)
        CHECK_OK(aclrtFree(bufs[i]));
    free(off);
    free(col);
    free(av);
    free(bd);
    free(c0);
    free(bh);
    free(ch);
}

static void errors(aclsparseHandle_t h)
{
    int32_t off[3] = {0, 1, 2}, col[2] = {0, 1};
    float v[2] = {1, 2}, bm[4] = {0}, cm[4] = {0}, one_f = 1, zero_f = 0;
    char buf[512];
    aclsparseSpMatDescr_t a = NULL, coo = NULL;
    aclsparseDnMatDescr_t b = NULL, c = NULL, c3 = NULL, b16 = NULL;
    SP_OK(aclsparseCreateCsr(&a, 2, 2, 2, off, col, v, ACL_SPARSE_INDEX_32I, ACL_SPARSE_INDEX_32I,
                             ACL_SPARSE_INDEX_BASE_ZERO, ACL_FLOAT));
    SP_OK(aclsparseCreateCoo(&coo, 2, 2, 2, off, col, v, ACL_SPARSE_INDEX_32I,
                             ACL_SPARSE_INDEX_BASE_ZERO, ACL_FLOAT));
    SP_OK(aclsparseCreateDnMat(&b, 2, 2, 2, bm, ACL_FLOAT, ACL_SPARSE_ORDER_ROW));
    SP_OK(aclsparseCreateDnMat(&c, 2, 2, 2, cm, ACL_FLOAT, ACL_SPARSE_ORDER_ROW));
    SP_OK(aclsparseCreateDnMat(&c3, 3, 1, 3, cm, ACL_FLOAT, ACL_SPARSE_ORDER_COL));
    SP_OK(aclsparseCreateDnMat(&b16, 2, 2, 2, bm, ACL_FLOAT16, ACL_SPARSE_ORDER_ROW));
    const aclsparseOperation_t n = ACL_SPARSE_OP_NON_TRANSPOSE;
    const aclsparseSpMMAlg_t d = ACL_SPARSE_SPMM_ALG_DEFAULT;
    size_t bs = 0;
    CHECK_SP(ACL_SPARSE_STATUS_INVALID_VALUE,
             aclsparseSpMMGetBufferSize(h, n, n, &one_f, a, b, &zero_f, c, ACL_FLOAT, d, NULL));
    CHECK_SP(ACL_SPARSE_STATUS_HANDLE_IS_NULLPTR, /* CANN: a NULL matrix is this status */
             aclsparseSpMMGetBufferSize(h, n, n, &one_f, NULL, b, &zero_f, c, ACL_FLOAT, d, &bs));
    CHECK_SP(ACL_SPARSE_STATUS_NOT_SUPPORTED,
             aclsparseSpMM(h, ACL_SPARSE_OP_TRANSPOSE, n, &one_f, a, b, &zero_f, c, ACL_FLOAT, d,
                           buf));
    CHECK_SP(ACL_SPARSE_STATUS_NOT_SUPPORTED,
             aclsparseSpMM(h, n, ACL_SPARSE_OP_CONJUGATE_TRANSPOSE, &one_f, a, b, &zero_f, c,
                           ACL_FLOAT, d, buf));
    CHECK_SP(ACL_SPARSE_STATUS_MATRIX_TYPE_NOT_SUPPORTED,
             aclsparseSpMM(h, n, n, &one_f, coo, b, &zero_f, c, ACL_FLOAT, d, buf));
    CHECK_SP(ACL_SPARSE_STATUS_NOT_SUPPORTED, /* float16 B with float A */
             aclsparseSpMM(h, n, n, &one_f, a, b16, &zero_f, c, ACL_FLOAT, d, buf));
    CHECK_SP(ACL_SPARSE_STATUS_NOT_SUPPORTED,
             aclsparseSpMM(h, n, n, &one_f, a, b, &zero_f, c, ACL_INT32, d, buf));
    CHECK_SP(ACL_SPARSE_STATUS_INVALID_VALUE, /* C is 3 x 1 */
             aclsparseSpMM(h, n, n, &one_f, a, b, &zero_f, c3, ACL_FLOAT, d, buf));
    CHECK_SP(ACL_SPARSE_STATUS_NOT_SUPPORTED,
             aclsparseSpMM(h, n, n, &one_f, a, b, &zero_f, c, ACL_FLOAT, (aclsparseSpMMAlg_t)9,
                           buf));
    CHECK_SP(ACL_SPARSE_STATUS_INSUFFICIENT_RESOURCES,
             aclsparseSpMM(h, n, n, &one_f, a, b, &zero_f, c, ACL_FLOAT, d, NULL));
    CHECK_SP(ACL_SPARSE_STATUS_HANDLE_IS_NULLPTR,
             aclsparseSpMM(NULL, n, n, &one_f, a, b, &zero_f, c, ACL_FLOAT, d, buf));
    SP_OK(aclsparseDestroyDnMat(c3));
    CHECK_SP(ACL_SPARSE_STATUS_HANDLE_IS_NULLPTR, /* destroyed C */
             aclsparseSpMM(h, n, n, &one_f, a, b, &zero_f, c3, ACL_FLOAT, d, buf));
    SP_OK(aclsparseDestroySpMat(a));
    SP_OK(aclsparseDestroySpMat(coo));
    SP_OK(aclsparseDestroyDnMat(b));
    SP_OK(aclsparseDestroyDnMat(c));
    SP_OK(aclsparseDestroyDnMat(b16));
}

int main(void)
{
    TEST_OPEN();
    aclrtStream s = NULL;
    CHECK_OK(aclrtCreateStream(&s));
    aclsparseHandle_t h = NULL;
    SP_OK(aclsparseCreate(&h));
    SP_OK(aclsparseSetStream(h, s));
    const aclDataType types[] = {ACL_FLOAT, ACL_FLOAT16, ACL_INT8};
    const aclsparseOrder_t ords[] = {ACL_SPARSE_ORDER_ROW, ACL_SPARSE_ORDER_COL};
    const aclsparseOperation_t ops[] = {ACL_SPARSE_OP_NON_TRANSPOSE, ACL_SPARSE_OP_TRANSPOSE};
    for (int ti = 0; ti < 3; ti++)
        for (int o = 0; o < 2; o++)
            for (int bo = 0; bo < 2; bo++)
                for (int co = 0; co < 2; co++)
                    one(h, s, types[ti], (o + bo) & 1, co ? 8 : 4, ops[o], ords[bo], ords[co]);
    errors(h);
    SP_OK(aclsparseDestroy(h));
    CHECK_OK(aclrtDestroyStream(s));
    TEST_CLOSE();
    printf("sparse_spmm: ok\n");
    return 0;
}
