/* SPDX-License-Identifier: Apache-2.0 */
/* aclsparseXcsr2coo and aclsparseXcoo2csr against host loops: bases 0 and 1, empty rows
 * (first, middle, last), a round trip, unsorted COO input, out-of-range COO rows skipped,
 * the documented statuses and edge cases (nnz 0, m 0). */
#include <stdlib.h>
#include <string.h>

#include "sparse_test.h"

enum { M = 9, NNZ = 20 };

static void *dev_copy(const void *host, size_t bytes)
{
    void *d = NULL;
    CHECK_OK(aclrtMalloc(&d, bytes, ACL_MEM_MALLOC_HUGE_FIRST));
    CHECK_OK(aclrtMemcpy(d, bytes, host, bytes, ACL_MEMCPY_HOST_TO_DEVICE));
    return d;
}

static void round_trip(aclsparseHandle_t h, aclrtStream s, int base)
{
    /* Row lengths with empty rows 0, 4 and 8. */
    const int len[M] = {0, 3, 2, 5, 0, 4, 1, 5, 0};
    int32_t off[M + 1], coo[NNZ], want[NNZ];
    off[0] = base;
    int k = 0;
    for (int i = 0; i < M; i++) {
        off[i + 1] = off[i] + len[i];
        for (int j = 0; j < len[i]; j++)
            want[k++] = i + base;
    }
    CHECK(k == NNZ);
    int32_t *d_off = dev_copy(off, sizeof off), *d_coo = dev_copy((int32_t[NNZ]){0}, sizeof coo);
    aclsparseIndexBase_t b = base ? ACL_SPARSE_INDEX_BASE_ONE : ACL_SPARSE_INDEX_BASE_ZERO;
    SP_OK(aclsparseXcsr2coo(h, d_off, NNZ, M, d_coo, b));
    CHECK_OK(aclrtSynchronizeStream(s));
    CHECK_OK(aclrtMemcpy(coo, sizeof coo, d_coo, sizeof coo, ACL_MEMCPY_DEVICE_TO_HOST));
    CHECK(memcmp(coo, want, sizeof coo) == 0);
    /* Back: the offsets again. */
    int32_t *d_back = dev_copy((int32_t[M + 1]){0}, sizeof off), back[M + 1];
    SP_OK(aclsparseXcoo2csr(h, d_coo, NNZ, M, d_back, b));
    CHECK_OK(aclrtSynchronizeStream(s));
    CHECK_OK(aclrtMemcpy(back, sizeof back, d_back, sizeof back, ACL_MEMCPY_DEVICE_TO_HOST));
    CHECK(memcmp(back, off, sizeof off) == 0);
    /* Unsorted COO rows with two out of range (skipped). */
    int32_t rows[7] = {3 + base, 0 + base, 8 + base, 3 + base, -5, M + base, 5 + base};
    int32_t *d_rows = dev_copy(rows, sizeof rows);
    SP_OK(aclsparseXcoo2csr(h, d_rows, 7, M, d_back, b));
    CHECK_OK(aclrtSynchronizeStream(s));
    CHECK_OK(aclrtMemcpy(back, sizeof back, d_back, sizeof back, ACL_MEMCPY_DEVICE_TO_HOST));
    int32_t cnt[M + 1] = {0};
    for (int i = 0; i < 7; i++)
        if (rows[i] - base >= 0 && rows[i] - base < M)
            cnt[rows[i] - base + 1]++;
    for (int i = 0, run = 0; i <= M; i++) {
        run += cnt[i];
        CHECK(back[i] == run + base);
    }
    CHECK_OK(aclrtFree(d_off));
    CHECK_OK(aclrtFree(d_coo));
    CHECK_OK(aclrtFree(d_back));
    CHECK_OK(aclrtFree(d_rows));
}

static void statuses(aclsparseHandle_t h, aclrtStream s)
{
    int32_t off[3] = {0, 1, 2}, coo[2] = {0, 0};
    const aclsparseIndexBase_t z = ACL_SPARSE_INDEX_BASE_ZERO;
    CHECK_SP(ACL_SPARSE_STATUS_NOT_INITIALIZED, aclsparseXcsr2coo(NULL, off, 2, 2, coo, z));
    CHECK_SP(ACL_SPARSE_STATUS_INVALID_VALUE, aclsparseXcsr2coo(h, off, -1, 2, coo, z));
    CHECK_SP(ACL_SPARSE_STATUS_INVALID_VALUE,
             aclsparseXcsr2coo(h, off, (int64_t)INT32_MAX + 1, 2, coo, z));
    CHECK_SP(ACL_SPARSE_STATUS_INVALID_VALUE, aclsparseXcsr2coo(h, NULL, 2, 2, coo, z));
    CHECK_SP(ACL_SPARSE_STATUS_INVALID_VALUE, aclsparseXcsr2coo(h, off, 2, 2, NULL, z));
    CHECK_SP(ACL_SPARSE_STATUS_INVALID_VALUE,
             aclsparseXcsr2coo(h, off, 2, 2, coo, (aclsparseIndexBase_t)2));
    CHECK_SP(ACL_SPARSE_STATUS_INVALID_VALUE, aclsparseXcsr2coo(h, off, 2, 0, coo, z));
    SP_OK(aclsparseXcsr2coo(h, off, 0, 2, NULL, z)); /* nnz 0: nothing queued */

    CHECK_SP(ACL_SPARSE_STATUS_HANDLE_IS_NULLPTR, aclsparseXcoo2csr(NULL, coo, 2, 2, off, z));
    CHECK_SP(ACL_SPARSE_STATUS_INVALID_VALUE, aclsparseXcoo2csr(h, coo, 2, 2, NULL, z));
    CHECK_SP(ACL_SPARSE_STATUS_INVALID_VALUE, aclsparseXcoo2csr(h, coo, -1, 2, off, z));
    CHECK_SP(ACL_SPARSE_STATUS_INVALID_VALUE, aclsparseXcoo2csr(h, coo, 2, 0, off, z));
    CHECK_SP(ACL_SPARSE_STATUS_INVALID_VALUE, aclsparseXcoo2csr(h, NULL, 2, 2, off, z));
    CHECK_SP(ACL_SPARSE_STATUS_INVALID_VALUE,
             aclsparseXcoo2csr(h, coo, INT32_MAX, 2, off, ACL_SPARSE_INDEX_BASE_ONE));
    /* More rows than the 4 MiB default workspace counts. */
    CHECK_SP(ACL_SPARSE_STATUS_INSUFFICIENT_RESOURCES,
             aclsparseXcoo2csr(h, coo, 2, 2 * 1048576, off, z));
    /* m 0: csrRowPtr[0] = base; nnz 0: every offset is the base. */
    int32_t *d = dev_copy((int32_t[4]){7, 7, 7, 7}, 16), got[4];
    SP_OK(aclsparseXcoo2csr(h, NULL, 0, 0, d, ACL_SPARSE_INDEX_BASE_ONE));
    CHECK_OK(aclrtSynchronizeStream(s));
    CHECK_OK(aclrtMemcpy(got, 16, d, 16, ACL_MEMCPY_DEVICE_TO_HOST));
    CHECK(got[0] == 1 && got[1] == 7);
    SP_OK(aclsparseXcoo2csr(h, NULL, 0, 3, d, ACL_SPARSE_INDEX_BASE_ONE));
    CHECK_OK(aclrtSynchronizeStream(s));
    CHECK_OK(aclrtMemcpy(got, 16, d, 16, ACL_MEMCPY_DEVICE_TO_HOST));
    CHECK(got[0] == 1 && got[1] == 1 && got[2] == 1 && got[3] == 1);
    CHECK_OK(aclrtFree(d));
}

int main(void)
{
    TEST_OPEN();
    aclrtStream s = NULL;
    CHECK_OK(aclrtCreateStream(&s));
    aclsparseHandle_t h = NULL;
    SP_OK(aclsparseCreate(&h));
    SP_OK(aclsparseSetStream(h, s));
    round_trip(h, s, 0);
    round_trip(h, s, 1);
    statuses(h, s);
    SP_OK(aclsparseDestroy(h));
    CHECK_OK(aclrtDestroyStream(s));
    TEST_CLOSE();
    printf("sparse_convert: ok\n");
    return 0;
}
