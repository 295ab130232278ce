/* SPDX-License-Identifier: Apache-2.0 */
/* aclsparse handle, legacy matrix descriptor and generic-API descriptors: what each getter
 * returns after each creator and setter, and the status of every bad argument, including
 * NULL and destroyed handles and descriptors (rejected, never dereferenced). */
#include <string.h>

#include "sparse_test.h"

static void check_msg(const char *needle)
{
    const char *m = aclGetRecentErrMsg();
    if (!m || !strstr(m, needle)) {
        fprintf(stderr, "message %s lacks \"%s\"\n", m ? m : "(none)", needle);
        exit(1);
    }
}

static void handle_tests(void)
{
    aclsparseHandle_t h = NULL;
    CHECK_SP(ACL_SPARSE_STATUS_HANDLE_IS_NULLPTR, aclsparseCreate(NULL));
    SP_OK(aclsparseCreate(&h));
    aclsparseHandle_t h2 = h;
    CHECK_SP(ACL_SPARSE_STATUS_INVALID_VALUE, aclsparseCreate(&h2)); /* *handle not NULL */

    int v = 0;
    SP_OK(aclsparseGetVersion(h, &v));
    CHECK(v == 10000);
    CHECK_SP(ACL_SPARSE_STATUS_INVALID_VALUE, aclsparseGetVersion(h, NULL));

    aclrtStream s = NULL, got = (aclrtStream)1;
    SP_OK(aclsparseGetStream(h, &got));
    CHECK(got == NULL);
    CHECK_OK(aclrtCreateStream(&s));
    SP_OK(aclsparseSetStream(h, s));
    SP_OK(aclsparseGetStream(h, &got));
    CHECK(got == s);
    CHECK_SP(ACL_SPARSE_STATUS_INVALID_VALUE, aclsparseGetStream(h, NULL));

    aclsparsePointerMode_t pm = (aclsparsePointerMode_t)7;
    SP_OK(aclsparseGetPointerMode(h, &pm));
    CHECK(pm == ACL_SPARSE_POINTER_MODE_HOST);
    SP_OK(aclsparseSetPointerMode(h, ACL_SPARSE_POINTER_MODE_DEVICE));
    SP_OK(aclsparseGetPointerMode(h, &pm));
    CHECK(pm == ACL_SPARSE_POINTER_MODE_DEVICE);
    CHECK_SP(ACL_SPARSE_STATUS_INVALID_VALUE,
             aclsparseSetPointerMode(h, (aclsparsePointerMode_t)2));
    CHECK_SP(ACL_SPARSE_STATUS_INVALID_VALUE, aclsparseGetPointerMode(h, NULL));

    /* Workspace: the handle's own 4 MiB, a user block, back to the own one. */
    void *ws = NULL, *own = NULL;
    size_t wsz = 0, own_sz = 0;
    SP_OK(aclsparseGetWorkspace(h, &own, &own_sz));
    CHECK(own != NULL && own_sz == (size_t)4 << 20);
    void *mine = NULL;
    CHECK_OK(aclrtMalloc(&mine, 8192, ACL_MEM_MALLOC_HUGE_FIRST));
    CHECK_SP(ACL_SPARSE_STATUS_INVALID_VALUE, aclsparseSetWorkspace(h, mine, 0));
    SP_OK(aclsparseSetWorkspace(h, mine, 8192));
    SP_OK(aclsparseGetWorkspace(h, &ws, &wsz));
    CHECK(ws == mine && wsz == 8192);
    SP_OK(aclsparseSetWorkspace(h, (char *)mine + 64, 4096)); /* smaller: the set one stays */
    SP_OK(aclsparseGetWorkspace(h, &ws, &wsz));
    CHECK(ws == mine && wsz == 8192);
    SP_OK(aclsparseSetWorkspace(h, NULL, 0));
    SP_OK(aclsparseGetWorkspace(h, &ws, &wsz));
    CHECK(ws == own && wsz == own_sz);
    CHECK_SP(ACL_SPARSE_STATUS_INVALID_VALUE, aclsparseGetWorkspace(h, NULL, &wsz));

    /* NULL and destroyed handles. */
    CHECK_SP(ACL_SPARSE_STATUS_HANDLE_IS_NULLPTR, aclsparseSetStream(NULL, s));
    CHECK_SP(ACL_SPARSE_STATUS_HANDLE_IS_NULLPTR, aclsparseDestroy(NULL));
    SP_OK(aclsparseDestroy(h));
    CHECK_SP(ACL_SPARSE_STATUS_NOT_INITIALIZED, aclsparseSetStream(h, s));
    check_msg("aclsparseSetStream");
    CHECK_SP(ACL_SPARSE_STATUS_NOT_INITIALIZED, aclsparseDestroy(h));
    CHECK_SP(ACL_SPARSE_STATUS_NOT_INITIALIZED, aclsparseGetWorkspace(h, &ws, &wsz));
    int junk = 0; /* a pointer the library never handed out */
    CHECK_SP(ACL_SPARSE_STATUS_NOT_INITIALIZED,
             aclsparseSetPointerMode((aclsparseHandle_t)&junk, ACL_SPARSE_POINTER_MODE_HOST));
    CHECK_OK(aclrtFree(mine));
    CHECK_OK(aclrtDestroyStream(s));
}

static void matdescr_tests(void)
{
    aclsparseMatDescr_t d = NULL;
    CHECK_SP(ACL_SPARSE_STATUS_INVALID_VALUE, aclsparseCreateMatDescr(NULL));
    SP_OK(aclsparseCreateMatDescr(&d));
    CHECK(aclsparseGetMatType(d) == ACL_SPARSE_MATRIX_TYPE_GENERAL);
    CHECK(aclsparseGetMatIndexBase(d) == ACL_SPARSE_INDEX_BASE_ZERO);
    CHECK(aclsparseGetMatDiagType(d) == ACL_SPARSE_DIAG_TYPE_NON_UNIT);
    CHECK(aclsparseGetMatFillMode(d) == ACL_SPARSE_FILL_MODE_LOWER);
    aclsparseSetMatType(d, ACL_SPARSE_MATRIX_TYPE_TRIANGULAR);
    aclsparseSetMatIndexBase(d, ACL_SPARSE_INDEX_BASE_ONE);
    aclsparseSetMatDiagType(d, ACL_SPARSE_DIAG_TYPE_UNIT);
    aclsparseSetMatFillMode(d, ACL_SPARSE_FILL_MODE_UPPER);
    aclsparseSetMatIndexBase(d, (aclsparseIndexBase_t)5); /* ignored */
    CHECK(aclsparseGetMatType(d) == ACL_SPARSE_MATRIX_TYPE_TRIANGULAR);
    CHECK(aclsparseGetMatIndexBase(d) == ACL_SPARSE_INDEX_BASE_ONE);
    CHECK(aclsparseGetMatDiagType(d) == ACL_SPARSE_DIAG_TYPE_UNIT);
    CHECK(aclsparseGetMatFillMode(d) == ACL_SPARSE_FILL_MODE_UPPER);
    SP_OK(aclsparseDestroyMatDescr(d));
    /* Destroyed: setters ignore it, getters answer the default, Destroy refuses. */
    aclsparseSetMatType(d, ACL_SPARSE_MATRIX_TYPE_SYMMETRIC);
    CHECK(aclsparseGetMatIndexBase(d) == ACL_SPARSE_INDEX_BASE_ZERO);
    CHECK_SP(ACL_SPARSE_STATUS_INVALID_VALUE, aclsparseDestroyMatDescr(d));
    SP_OK(aclsparseDestroyMatDescr(NULL));
    aclsparseSetMatFillMode(NULL, ACL_SPARSE_FILL_MODE_UPPER);
}

static void vec_tests(void)
{
    float vals[4] = {1, 2, 3, 4};
    int64_t idx[2] = {1, 3};
    aclsparseDnVecDescr_t x = NULL;
    CHECK_SP(ACL_SPARSE_STATUS_INVALID_VALUE, aclsparseCreateDnVec(NULL, 4, vals, ACL_FLOAT));
    CHECK_SP(ACL_SPARSE_STATUS_INVALID_VALUE, aclsparseCreateDnVec(&x, -1, vals, ACL_FLOAT));
    CHECK_SP(ACL_SPARSE_STATUS_INVALID_VALUE, aclsparseCreateDnVec(&x, 4, NULL, ACL_FLOAT));
    CHECK_SP(ACL_SPARSE_STATUS_INVALID_VALUE,
             aclsparseCreateDnVec(&x, 4, vals, (aclDataType)999));
    SP_OK(aclsparseCreateDnVec(&x, 4, vals, ACL_FLOAT));
    int64_t n = 0;
    void *p = NULL;
    aclDataType t = ACL_DT_UNDEFINED;
    SP_OK(aclsparseDnVecGet(x, &n, &p, &t));
    CHECK(n == 4 && p == vals && t == ACL_FLOAT);
    SP_OK(aclsparseDnVecSetValues(x, vals + 1));
    SP_OK(aclsparseDnVecGetValues(x, &p));
    CHECK(p == vals + 1);
    const void *cp = NULL;
    SP_OK(aclsparseConstDnVecGetValues(x, &cp));
    CHECK(cp == vals + 1);
    CHECK_SP(ACL_SPARSE_STATUS_INVALID_VALUE, aclsparseDnVecGetValues(x, NULL));
    SP_OK(aclsparseDestroyDnVec(x));
    CHECK_SP(ACL_SPARSE_STATUS_INVALID_VALUE, aclsparseDnVecGet(x, &n, &p, &t));
    CHECK_SP(ACL_SPARSE_STATUS_INVALID_VALUE, aclsparseDestroyDnVec(x));
    CHECK_SP(ACL_SPARSE_STATUS_INVALID_VALUE, aclsparseDestroyDnVec(NULL));

    aclsparseConstDnVecDescr_t cx = NULL;
    SP_OK(aclsparseCreateConstDnVec(&cx, 0, NULL, ACL_INT32)); /* empty: values may be NULL */
    SP_OK(aclsparseConstDnVecGet(cx, &n, &cp, &t));
    CHECK(n == 0 && cp == NULL && t == ACL_INT32);
    SP_OK(aclsparseDestroyDnVec(cx));

    aclsparseSpVecDescr_t sv = NULL;
    CHECK_SP(ACL_SPARSE_STATUS_INVALID_VALUE,
             aclsparseCreateSpVec(&sv, 4, 5, idx, vals, ACL_SPARSE_INDEX_64I,
                                  ACL_SPARSE_INDEX_BASE_ZERO, ACL_FLOAT)); /* nnz > size */
    CHECK_SP(ACL_SPARSE_STATUS_INVALID_VALUE,
             aclsparseCreateSpVec(&sv, 4, 2, NULL, vals, ACL_SPARSE_INDEX_64I,
                                  ACL_SPARSE_INDEX_BASE_ZERO, ACL_FLOAT));
    SP_OK(aclsparseCreateSpVec(&sv, 4, 2, idx, vals, ACL_SPARSE_INDEX_64I,
                               ACL_SPARSE_INDEX_BASE_ONE, ACL_FLOAT));
    int64_t sz = 0, nz = 0;
    void *ip = NULL, *vp = NULL;
    aclsparseIndexType_t it = ACL_SPARSE_INDEX_32I;
    aclsparseIndexBase_t b = ACL_SPARSE_INDEX_BASE_ZERO;
    SP_OK(aclsparseSpVecGet(sv, &sz, &nz, &ip, &vp, &it, &b, &t));
    CHECK(sz == 4 && nz == 2 && ip == idx && vp == vals && it == ACL_SPARSE_INDEX_64I &&
          b == ACL_SPARSE_INDEX_BASE_ONE && t == ACL_FLOAT);
    b = ACL_SPARSE_INDEX_BASE_ZERO;
    SP_OK(aclsparseSpVecGetIndexBase(sv, &b));
    CHECK(b == ACL_SPARSE_INDEX_BASE_ONE);
    SP_OK(aclsparseSpVecSetValues(sv, vals + 2));
    SP_OK(aclsparseSpVecGetValues(sv, &vp));
    CHECK(vp == vals + 2);
    SP_OK(aclsparseDestroySpVec(sv));
    CHECK_SP(ACL_SPARSE_STATUS_INVALID_VALUE, aclsparseSpVecGetValues(sv, &vp));
    aclsparseConstSpVecDescr_t csv = NULL;
    SP_OK(aclsparseCreateConstSpVec(&csv, 4, 0, NULL, NULL, ACL_SPARSE_INDEX_32I,
                                    ACL_SPARSE_INDEX_BASE_ZERO, ACL_FLOAT));
    const void *ci = idx;
    SP_OK(aclsparseConstSpVecGet(csv, NULL, &nz, &ci, NULL, NULL, NULL, NULL));
    CHECK(nz == 0 && ci == NULL);
    SP_OK(aclsparseDestroySpVec(csv));
}

static void mat_tests(void)
{
    int32_t off[4] = {0, 1, 1, 3}, col[3] = {2, 0, 1};
    float val[3] = {1, 2, 3};
    aclsparseSpMatDescr_t a = NULL;
    CHECK_SP(ACL_SPARSE_STATUS_INVALID_VALUE,
             aclsparseCreateCsr(NULL, 3, 3, 3, off, col, val, ACL_SPARSE_INDEX_32I,
                                ACL_SPARSE_INDEX_32I, ACL_SPARSE_INDEX_BASE_ZERO, ACL_FLOAT));
    CHECK_SP(ACL_SPARSE_STATUS_INVALID_VALUE,
             aclsparseCreateCsr(&a, -1, 3, 3, off, col, val, ACL_SPARSE_INDEX_32I,
                                ACL_SPARSE_INDEX_32I, ACL_SPARSE_INDEX_BASE_ZERO, ACL_FLOAT));
    CHECK_SP(ACL_SPARSE_STATUS_NOT_SUPPORTED,
             aclsparseCreateCsr(&a, 3, 3, 3, off, col, val, (aclsparseIndexType_t)9,
                                ACL_SPARSE_INDEX_32I, ACL_SPARSE_INDEX_BASE_ZERO, ACL_FLOAT));
    CHECK_SP(ACL_SPARSE_STATUS_INVALID_VALUE,
             aclsparseCreateCoo(&a, 3, 3, 3, off, col, val, (aclsparseIndexType_t)9,
                                ACL_SPARSE_INDEX_BASE_ZERO, ACL_FLOAT));
    SP_OK(aclsparseCreateCsr(&a, 3, 4, 3, off, col, val, ACL_SPARSE_INDEX_32I,
                             ACL_SPARSE_INDEX_32I, ACL_SPARSE_INDEX_BASE_ZERO, ACL_FLOAT));
    aclsparseFormat_t f = ACL_SPARSE_FORMAT_BSR;
    SP_OK(aclsparseSpMatGetFormat(a, &f));
    CHECK(f == ACL_SPARSE_FORMAT_CSR);
    int64_t r = 0, c = 0, nz = 0;
    SP_OK(aclsparseSpMatGetSize(a, &r, &c, &nz));
    CHECK(r == 3 && c == 4 && nz == 3);
    void *vp = NULL;
    SP_OK(aclsparseSpMatGetValues(a, &vp));
    CHECK(vp == val);
    SP_OK(aclsparseSpMatSetValues(a, val + 1));
    const void *cvp = NULL;
    SP_OK(aclsparseConstSpMatGetValues(a, &cvp));
    CHECK(cvp == val + 1);
    CHECK_SP(ACL_SPARSE_STATUS_INVALID_VALUE, aclsparseCscSetPointers(a, off, col, val));
    CHECK_SP(ACL_SPARSE_STATUS_INVALID_VALUE, aclsparseCsrSetPointers(a, off, NULL, val));
    SP_OK(aclsparseCsrSetPointers(a, off, col, val));
    SP_OK(aclsparseSpMatGetValues(a, &vp));
    CHECK(vp == val);

    /* Attributes: defaults, set, get, bad size, bad value, bad attribute. */
    aclsparseFillMode_t fm = ACL_SPARSE_FILL_MODE_UPPER;
    aclsparseDiagType_t dt = ACL_SPARSE_DIAG_TYPE_UNIT;
    SP_OK(aclsparseSpMatGetAttribute(a, ACL_SPARSE_SPMAT_FILL_MODE, &fm, sizeof fm));
    CHECK(fm == ACL_SPARSE_FILL_MODE_LOWER);
    SP_OK(aclsparseSpMatGetAttribute(a, ACL_SPARSE_SPMAT_DIAG_TYPE, &dt, sizeof dt));
    CHECK(dt == ACL_SPARSE_DIAG_TYPE_NON_UNIT);
    fm = ACL_SPARSE_FILL_MODE_UPPER;
    dt = ACL_SPARSE_DIAG_TYPE_UNIT;
    SP_OK(aclsparseSpMatSetAttribute(a, ACL_SPARSE_SPMAT_FILL_MODE, &fm, sizeof fm));
    SP_OK(aclsparseSpMatSetAttribute(a, ACL_SPARSE_SPMAT_DIAG_TYPE, &dt, sizeof dt));
    fm = ACL_SPARSE_FILL_MODE_LOWER;
    dt = ACL_SPARSE_DIAG_TYPE_NON_UNIT;
    SP_OK(aclsparseSpMatGetAttribute(a, ACL_SPARSE_SPMAT_FILL_MODE, &fm, sizeof fm));
    SP_OK(aclsparseSpMatGetAttribute(a, ACL_SPARSE_SPMAT_DIAG_TYPE, &dt, sizeof dt));
    CHECK(fm == ACL_SPARSE_FILL_MODE_UPPER && dt == ACL_SPARSE_DIAG_TYPE_UNIT);
    CHECK_SP(ACL_SPARSE_STATUS_INVALID_VALUE,
             aclsparseSpMatSetAttribute(a, ACL_SPARSE_SPMAT_FILL_MODE, &fm, 1));
    int bad = 7;
    CHECK_SP(ACL_SPARSE_STATUS_INVALID_VALUE,
             aclsparseSpMatSetAttribute(a, ACL_SPARSE_SPMAT_DIAG_TYPE, &bad, sizeof bad));
    CHECK_SP(ACL_SPARSE_STATUS_INVALID_VALUE,
             aclsparseSpMatGetAttribute(a, (aclsparseSpMatAttribute_t)5, &fm, sizeof fm));
    CHECK_SP(ACL_SPARSE_STATUS_INVALID_VALUE,
             aclsparseSpMatGetAttribute(a, ACL_SPARSE_SPMAT_FILL_MODE, NULL, sizeof fm));
    SP_OK(aclsparseDestroySpMat(a));
    CHECK_SP(ACL_SPARSE_STATUS_INVALID_VALUE, aclsparseSpMatGetSize(a, &r, &c, &nz));
    CHECK_SP(ACL_SPARSE_STATUS_INVALID_VALUE, aclsparseDestroySpMat(a));
    SP_OK(aclsparseDestroySpMat(NULL));

    /* CSC and COO, and their Const forms. */
    aclsparseConstSpMatDescr_t cc = NULL;
    SP_OK(aclsparseCreateConstCsc(&cc, 4, 3, 3, off, col, val, ACL_SPARSE_INDEX_32I,
                                  ACL_SPARSE_INDEX_32I, ACL_SPARSE_INDEX_BASE_ONE, ACL_FLOAT));
    SP_OK(aclsparseSpMatGetFormat(cc, &f));
    CHECK(f == ACL_SPARSE_FORMAT_CSC);
    SP_OK(aclsparseDestroySpMat(cc));
    aclsparseSpMatDescr_t coo = NULL;
    SP_OK(aclsparseCreateCoo(&coo, 3, 3, 3, off, col, val, ACL_SPARSE_INDEX_32I,
                             ACL_SPARSE_INDEX_BASE_ZERO, ACL_FLOAT));
    SP_OK(aclsparseSpMatGetFormat(coo, &f));
    CHECK(f == ACL_SPARSE_FORMAT_COO);
    SP_OK(aclsparseCooSetPointers(coo, col, off, val));
    CHECK_SP(ACL_SPARSE_STATUS_INVALID_VALUE, aclsparseCsrSetPointers(coo, off, col, val));
    SP_OK(aclsparseDestroySpMat(coo));
    SP_OK(aclsparseCreateConstCoo(&cc, 3, 3, 0, NULL, NULL, NULL, ACL_SPARSE_INDEX_64I,
                                  ACL_SPARSE_INDEX_BASE_ZERO, ACL_FLOAT));
    SP_OK(aclsparseSpMatGetSize(cc, &r, &c, &nz));
    CHECK(nz == 0);
    SP_OK(aclsparseDestroySpMat(cc));

    /* Dense matrix. */
    float m[12];
    aclsparseDnMatDescr_t d = NULL;
    CHECK_SP(ACL_SPARSE_STATUS_INVALID_VALUE,
             aclsparseCreateDnMat(&d, 3, 4, 3, m, ACL_FLOAT, ACL_SPARSE_ORDER_ROW)); /* ld<cols */
    CHECK_SP(ACL_SPARSE_STATUS_INVALID_VALUE,
             aclsparseCreateDnMat(&d, 3, 4, 2, m, ACL_FLOAT, ACL_SPARSE_ORDER_COL)); /* ld<rows */
    CHECK_SP(ACL_SPARSE_STATUS_INVALID_VALUE,
             aclsparseCreateDnMat(&d, 0, 4, 4, m, ACL_FLOAT, ACL_SPARSE_ORDER_ROW));
    CHECK_SP(ACL_SPARSE_STATUS_INVALID_VALUE,
             aclsparseCreateDnMat(&d, 3, 4, 4, m, ACL_FLOAT, (aclsparseOrder_t)3));
    SP_OK(aclsparseCreateDnMat(&d, 3, 4, 3, m, ACL_FLOAT, ACL_SPARSE_ORDER_COL));
    int64_t ld = 0;
    void *mp = NULL;
    aclDataType t = ACL_DT_UNDEFINED;
    aclsparseOrder_t o = ACL_SPARSE_ORDER_ROW;
    SP_OK(aclsparseDnMatGet(d, &r, &c, &ld, &mp, &t, &o));
    CHECK(r == 3 && c == 4 && ld == 3 && mp == m && t == ACL_FLOAT && o == ACL_SPARSE_ORDER_COL);
    CHECK_SP(ACL_SPARSE_STATUS_INVALID_VALUE, aclsparseDnMatSetValues(d, NULL));
    SP_OK(aclsparseDnMatSetValues(d, m + 1));
    SP_OK(aclsparseDnMatGetValues(d, &mp));
    CHECK(mp == m + 1);
    SP_OK(aclsparseDestroyDnMat(d));
    CHECK_SP(ACL_SPARSE_STATUS_INVALID_VALUE, aclsparseDnMatGetValues(d, &mp));
    /* A descriptor of one kind is not accepted as another. */
    aclsparseConstDnMatDescr_t cd = NULL;
    SP_OK(aclsparseCreateConstDnMat(&cd, 2, 2, 2, m, ACL_FLOAT16, ACL_SPARSE_ORDER_ROW));
    const void *cmp = NULL;
    SP_OK(aclsparseConstDnMatGet(cd, NULL, NULL, NULL, &cmp, &t, NULL));
    CHECK(cmp == m && t == ACL_FLOAT16);
    CHECK_SP(ACL_SPARSE_STATUS_INVALID_VALUE,
             aclsparseSpMatGetSize((aclsparseConstSpMatDescr_t)cd, &r, &c, &nz));
    CHECK_SP(ACL_SPARSE_STATUS_INVALID_VALUE, aclsparseDestroyDnVec((aclsparseConstDnVecDescr_t)cd));
    SP_OK(aclsparseDestroyDnMat(cd));
}

int main(void)
{
    TEST_OPEN();
    handle_tests();
    matdescr_tests();
    vec_tests();
    mat_tests();
    TEST_CLOSE();
    printf("sparse_api: ok\n");
    return 0;
}
