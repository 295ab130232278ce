/* SPDX-License-Identifier: Apache-2.0 */
/*
 * The LU factorisation and inverse of one element type, included by solver/lu.c once per
 * type with LU_T (the element), LU_ABS1 (the pivot size: |x| for real, |re|+|im| for complex,
 * as LAPACK's isamax and icamax), LU_GETRF and LU_INV (the function names) defined.
 */

/* Row-major A (m x n, row pitch lda) := P*L*U; ipiv 1-based; returns info. */
int32_t LU_GETRF(int64_t m, int64_t n, LU_T *a, int64_t lda, int32_t *ipiv)
{
    int32_t info = 0;
    const int64_t t = m < n ? m : n;
    for (int64_t j = 0; j < t; j++) {
        int64_t p = j;
        float big = LU_ABS1(a[j * lda + j]);
        for (int64_t i = j + 1; i < m; i++) {
            float v = LU_ABS1(a[i * lda + j]);
            if (v > big) {
                big = v;
                p = i;
            }
        }
        ipiv[j] = (int32_t)(p + 1);
        if (a[p * lda + j] == 0) {
            if (!info)
                info = (int32_t)(j + 1);
            continue;
        }
        if (p != j)
            for (int64_t k = 0; k < n; k++) {
                LU_T s = a[j * lda + k];
                a[j * lda + k] = a[p * lda + k];
                a[p * lda + k] = s;
            }
        const LU_T piv = a[j * lda + j];
        for (int64_t i = j + 1; i < m; i++) {
            LU_T l = a[i * lda + j] / piv;
            a[i * lda + j] = l;
            LU_T *ri = a + i * lda;
            const LU_T *rj = a + j * lda;
            for (int64_t k = j + 1; k < n; k++)
                ri[k] -= l * rj[k];
        }
    }
    return info;
}

/* Ainv (row pitch ldi) := inverse of the n x n A (pitch lda); work holds n*n + n elements and
 * n ints after them. Returns info; when it is not 0 Ainv is not written. A may be Ainv. */
int32_t LU_INV(int64_t n, const LU_T *a, int64_t lda, LU_T *ainv, int64_t ldi, LU_T *work)
{
    LU_T *lu = work, *col = work + n * n;
    int32_t *ipiv = (int32_t *)(col + n);
    for (int64_t i = 0; i < n; i++)
        memcpy(lu + i * n, a + i * lda, (size_t)n * sizeof(LU_T));
    int32_t info = LU_GETRF(n, n, lu, n, ipiv);
    if (info)
        return info;
    for (int64_t c = 0; c < n; c++) {
        /* col := P^T e_c, by the row swaps in order, then L y = col, U x = y. */
        for (int64_t i = 0; i < n; i++)
            col[i] = i == c ? 1 : 0;
        for (int64_t i = 0; i < n; i++) {
            int64_t p = ipiv[i] - 1;
            LU_T s = col[i];
            col[i] = col[p];
            col[p] = s;
        }
        for (int64_t i = 1; i < n; i++) {
            LU_T s = col[i];
            for (int64_t k = 0; k < i; k++)
                s -= lu[i * n + k] * col[k];
            col[i] = s;
        }
        for (int64_t i = n - 1; i >= 0; i--) {
            LU_T s = col[i];
            for (int64_t k = i + 1; k < n; k++)
                s -= lu[i * n + k] * col[k];
            col[i] = s / lu[i * n + i];
        }
        for (int64_t i = 0; i < n; i++)
            ainv[i * ldi + c] = col[i];
    }
    return 0;
}
