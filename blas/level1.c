/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclBLAS level 1 (docs/blas.md): vector copies, swaps, scaling, axpy, dot
 * products, norms, index of max/min, plane rotations, plus ops-blas's
 * complex element-wise extensions (ColwiseMul, ComplexMatDot). Plain C loops
 * run on a device worker in stream order; vectors follow the BLAS convention
 * for a negative increment (element 0 at (1-n)*inc). Scalars passed by
 * pointer (alpha, c, s) are read at the call; results (dot, asum, nrm2,
 * i*amax, rotg outputs) are written to device memory by the task.
 */
#include <math.h>
#include <string.h>

#include "blas/blas_entry.h"

#define XI(t, i) (blas_vstart((t)->n, (t)->incx) + (int64_t)(i) * (t)->incx)
#define YI(t, i) (blas_vstart((t)->n, (t)->incy) + (int64_t)(i) * (t)->incy)

/* ---- kernels ---- */

static int32_t k_copy(void *a) /* element size in t->ta bytes */
{
    blas_task *t = a;
    const unsigned char *x = t->x;
    unsigned char *y = t->C;
    for (int64_t i = 0; i < t->n; i++)
        memcpy(y + YI(t, i) * t->ta, x + XI(t, i) * t->ta, (size_t)t->ta);
    return 0;
}

static int32_t k_swap(void *a)
{
    blas_task *t = a;
    unsigned char *x = t->C, *y = t->out, tmp[16];
    for (int64_t i = 0; i < t->n; i++) {
        unsigned char *px = x + XI(t, i) * t->ta, *py = y + YI(t, i) * t->ta;
        memcpy(tmp, px, (size_t)t->ta);
        memcpy(px, py, (size_t)t->ta);
        memcpy(py, tmp, (size_t)t->ta);
    }
    return 0;
}

static int32_t k_sscal(void *a)
{
    blas_task *t = a;
    float *x = t->C, al = (float)t->alpha[0];
    for (int64_t i = 0; i < t->n; i++)
        x[i * t->incx] *= al;
    return 0;
}

static int32_t k_cscal(void *a)
{
    blas_task *t = a;
    blas_c32 *x = t->C;
    float ar = (float)t->alpha[0], ai = (float)t->alpha[1];
    for (int64_t i = 0; i < t->n; i++) {
        blas_c32 v = x[i * t->incx];
        x[i * t->incx] = (blas_c32){ar * v.re - ai * v.im, ar * v.im + ai * v.re};
    }
    return 0;
}

static int32_t k_scalex(void *a)
{
    blas_task *t = a;
    for (int64_t i = 0; i < t->n; i++)
        blas_st(t->C, t->ta, i * t->incx, (float)(t->alpha[0] * blas_ld(t->C, t->ta, i * t->incx)));
    return 0;
}

static int32_t k_saxpy(void *a)
{
    blas_task *t = a;
    const float *x = t->x;
    float *y = t->C, al = (float)t->alpha[0];
    for (int64_t i = 0; i < t->n; i++)
        y[YI(t, i)] += al * x[XI(t, i)];
    return 0;
}

static int32_t k_caxpy(void *a)
{
    blas_task *t = a;
    const blas_c32 *x = t->x;
    blas_c32 *y = t->C;
    float ar = (float)t->alpha[0], ai = (float)t->alpha[1];
    for (int64_t i = 0; i < t->n; i++) {
        blas_c32 v = x[XI(t, i)], *w = &y[YI(t, i)];
        w->re += ar * v.re - ai * v.im;
        w->im += ar * v.im + ai * v.re;
    }
    return 0;
}

static int32_t k_axpyex(void *a)
{
    blas_task *t = a;
    for (int64_t i = 0; i < t->n; i++) {
        double v =
            (float)(t->alpha[0] * blas_ld(t->x, t->ta, XI(t, i)) + blas_ld(t->C, t->tb, YI(t, i)));
        blas_st(t->C, t->tb, YI(t, i), v);
    }
    return 0;
}

static int32_t k_sdot(void *a)
{
    blas_task *t = a;
    const float *x = t->x, *y = t->y;
    double s = 0;
    for (int64_t i = 0; i < t->n; i++)
        s += (double)x[XI(t, i)] * y[YI(t, i)];
    *(float *)t->out = (float)s;
    return 0;
}

static int32_t k_dotex(void *a)
{
    blas_task *t = a;
    double s = 0;
    for (int64_t i = 0; i < t->n; i++)
        s += blas_ld(t->x, t->ta, XI(t, i)) * blas_ld(t->y, t->tb, YI(t, i));
    blas_st(t->out, t->tc, 0, (float)s);
    return 0;
}

static int32_t k_cdot(void *a) /* t->diag: 1 = conjugate x */
{
    blas_task *t = a;
    const blas_c32 *x = t->x, *y = t->y;
    double sr = 0, si = 0, cj = t->diag ? -1 : 1;
    for (int64_t i = 0; i < t->n; i++) {
        blas_c32 u = x[XI(t, i)], v = y[YI(t, i)];
        sr += (double)u.re * v.re - cj * (double)u.im * v.im;
        si += (double)u.re * v.im + cj * (double)u.im * v.re;
    }
    *(blas_c32 *)t->out = (blas_c32){(float)sr, (float)si};
    return 0;
}

static int32_t k_sasum(void *a)
{
    blas_task *t = a;
    const float *x = t->x;
    double s = 0;
    for (int64_t i = 0; i < t->n; i++)
        s += fabsf(x[i * t->incx]);
    *(float *)t->out = (float)s;
    return 0;
}

static int32_t k_nrm2(void *a) /* t->ta: real element type, t->diag: complex */
{
    blas_task *t = a;
    int64_t per = t->diag ? 2 : 1;
    double s = 0;
    for (int64_t i = 0; i < t->n; i++)
        for (int64_t j = 0; j < per; j++) {
            double v = blas_ld(t->x, t->ta, i * t->incx * per + j);
            s += v * v;
        }
    blas_st(t->out, t->tc, 0, sqrt(s));
    return 0;
}

static int32_t k_iamax(void *a) /* t->diag: 0 max, 1 min; 1-based; 0 for n <= 0 or incx <= 0 */
{
    blas_task *t = a;
    const float *x = t->x;
    int best = 0;
    if (t->n > 0 && t->incx > 0) {
        float bv = fabsf(x[0]);
        for (int64_t i = 1; i < t->n; i++) {
            float v = fabsf(x[i * t->incx]);
            if (t->diag ? v < bv : v > bv) {
                bv = v;
                best = (int)i;
            }
        }
        best += 1;
    }
    *(int32_t *)t->out = best;
    return 0;
}

static int32_t k_srot(void *a)
{
    blas_task *t = a;
    float *x = t->C, *y = t->out, c = (float)t->alpha[0], s = (float)t->alpha[1];
    for (int64_t i = 0; i < t->n; i++) {
        float u = x[XI(t, i)], v = y[YI(t, i)];
        x[XI(t, i)] = c * u + s * v;
        y[YI(t, i)] = c * v - s * u;
    }
    return 0;
}

static int32_t k_csrot(void *a)
{
    blas_task *t = a;
    blas_c32 *x = t->C, *y = t->out;
    float c = (float)t->alpha[0], s = (float)t->alpha[1];
    for (int64_t i = 0; i < t->n; i++) {
        blas_c32 u = x[XI(t, i)], v = y[YI(t, i)];
        x[XI(t, i)] = (blas_c32){c * u.re + s * v.re, c * u.im + s * v.im};
        y[YI(t, i)] = (blas_c32){c * v.re - s * u.re, c * v.im - s * u.im};
    }
    return 0;
}

static int32_t k_rotex(void *a)
{
    blas_task *t = a;
    double c = t->alpha[0], s = t->alpha[1];
    for (int64_t i = 0; i < t->n; i++) {
        double u = blas_ld(t->C, t->ta, XI(t, i)), v = blas_ld(t->out, t->tb, YI(t, i));
        blas_st(t->C, t->ta, XI(t, i), (float)(c * u + s * v));
        blas_st(t->out, t->tb, YI(t, i), (float)(c * v - s * u));
    }
    return 0;
}

static int32_t k_srotm(void *a)
{
    blas_task *t = a;
    float *x = t->C, *y = t->out, fl = t->param[0], h11, h21, h12, h22;
    if (fl == -2.0f)
        return 0;
    if (fl == -1.0f) {
        h11 = t->param[1], h21 = t->param[2], h12 = t->param[3], h22 = t->param[4];
    } else if (fl == 0.0f) {
        h11 = 1, h21 = t->param[2], h12 = t->param[3], h22 = 1;
    } else {
        h11 = t->param[1], h21 = -1, h12 = 1, h22 = t->param[4];
    }
    for (int64_t i = 0; i < t->n; i++) {
        float u = x[XI(t, i)], v = y[YI(t, i)];
        x[XI(t, i)] = h11 * u + h12 * v;
        y[YI(t, i)] = h21 * u + h22 * v;
    }
    return 0;
}

static int32_t k_srotg(void *a)
{
    blas_task *t = a;
    float *pa = t->C, *pb = t->out, *pc = (float *)t->x, *ps = (float *)t->y;
    float fa = *pa, fb = *pb, c, s, r, z;
    float roe = fabsf(fa) > fabsf(fb) ? fa : fb, scale = fabsf(fa) + fabsf(fb);
    if (scale == 0.0f) {
        c = 1, s = 0, r = 0, z = 0;
    } else {
        float ra = fa / scale, rb = fb / scale;
        r = scale * sqrtf(ra * ra + rb * rb);
        r = copysignf(1.0f, roe) * r;
        c = fa / r;
        s = fb / r;
        z = 1;
        if (fabsf(fa) > fabsf(fb))
            z = s;
        if (fabsf(fb) >= fabsf(fa) && c != 0.0f)
            z = 1.0f / c;
    }
    *pa = r, *pb = z, *pc = c, *ps = s;
    return 0;
}

static int32_t k_srotmg(void *a)
{
    blas_task *t = a;
    void (*rotmg)(float *, float *, float *, float, float *);
    BLAS_GET(rotmg, "cblas_srotmg");
    float *d1 = t->C, *d2 = t->out, *x1 = (float *)t->x, *param = t->out2;
    rotmg(d1, d2, x1, *(const float *)t->y, param);
    return 0;
}

static int32_t k_colwise(void *a) /* t->diag: 0 ColwiseMul, 1 ComplexMatDot; row-major m x n */
{
    blas_task *t = a;
    const blas_c32 *p = t->x, *q = t->y;
    blas_c32 *r = t->out;
    for (int64_t i = 0; i < t->m; i++)
        for (int64_t j = 0; j < t->n; j++) {
            blas_c32 u = p[i * t->n + j], v = t->diag ? q[i * t->n + j] : q[i];
            r[i * t->n + j] = (blas_c32){u.re * v.re - u.im * v.im, u.re * v.im + u.im * v.re};
        }
    return 0;
}

/* ---- entry points ---- */

static aclblasStatus_t vec2(aclblasHandle_t handle, const char *fn, int64_t n, const void *x,
                            int64_t incx, const void *y, int64_t incy, int es, core_kernel_fn k,
                            void *wx, void *wy, double ar, double ai)
{
    /* ops-blas's order: pointers, increments, then n (negative: INVALID_VALUE for the copies,
     * a no-op as in reference BLAS for the others) */
    BLAS_BEGIN(fn);
    BLAS_ARG(x && y, "%s: x or y is NULL", fn);
    BLAS_ARG(incx != 0 && incy != 0, "%s: incx and incy must not be 0", fn);
    BLAS_ARG(n >= 0 || k != k_copy, "%s: n must be >= 0, got %lld", fn, (long long)n);
    if (n <= 0)
        return ACLBLAS_STATUS_SUCCESS;
    BLAS_TASK(fn, 0);
    t->n = n, t->incx = incx, t->incy = incy, t->ta = es, t->x = x, t->y = y, t->C = wx,
    t->out = wy;
    t->alpha[0] = ar, t->alpha[1] = ai;
    BLAS_QUEUE(k, fn);
}

ACL_FUNC_VISIBILITY aclblasStatus_t aclblasScopy(aclblasHandle_t handle, int n, const float *x,
                                                 int incx, float *y, int incy)
{
    return vec2(handle, "aclblasScopy", n, x, incx, y, incy, 4, k_copy, y, NULL, 0, 0);
}

ACL_FUNC_VISIBILITY aclblasStatus_t aclblasScopy_legacy(aclblasHandle_t handle, uint8_t *x,
                                                        uint8_t *y, const int64_t n,
                                                        const int64_t incx, const int64_t incy)
{
    return vec2(handle, "aclblasScopy_legacy", n, x, incx, y, incy, 4, k_copy, y, NULL, 0, 0);
}

ACL_FUNC_VISIBILITY aclblasStatus_t aclblasCcopy(aclblasHandle_t handle, aclblasComplex *x,
                                                 aclblasComplex *y, const int64_t n,
                                                 const int64_t incx, const int64_t incy)
{
    return vec2(handle, "aclblasCcopy", n, x, incx, y, incy, 8, k_copy, y, NULL, 0, 0);
}

ACL_FUNC_VISIBILITY aclblasStatus_t aclblasSswap(aclblasHandle_t handle, int n, float *x, int incx,
                                                 float *y, int incy)
{
    if (handle && (incx != 1 || incy != 1) && incx != 0 && incy != 0)
        return blas_fail(
            ACLBLAS_STATUS_INVALID_VALUE,
            "aclblasSswap: only incx = incy = 1 is supported (as ops-blas), got %d, %d", incx,
            incy);
    return vec2(handle, "aclblasSswap", n, x, incx, y, incy, 4, k_swap, x, y, 0, 0);
}

ACL_FUNC_VISIBILITY aclblasStatus_t aclblasCswap(aclblasHandle_t handle, const int64_t n,
                                                 aclblasComplex *x, const int64_t incx,
                                                 aclblasComplex *y, const int64_t incy)
{
    return vec2(handle, "aclblasCswap", n, x, incx, y, incy, 8, k_swap, x, y, 0, 0);
}

/* x scaled in place; BLAS: n <= 0 or incx <= 0 is a no-op. */
static aclblasStatus_t scal1(aclblasHandle_t handle, const char *fn, int64_t n, void *x,
                             int64_t incx, double ar, double ai, core_kernel_fn k, int xtype)
{
    BLAS_BEGIN(fn);
    BLAS_ARG(x, "%s: x is NULL", fn);
    if (n <= 0 || incx <= 0) /* BLAS: a no-op, as ops-blas */
        return ACLBLAS_STATUS_SUCCESS;
    BLAS_TASK(fn, 0);
    t->n = n, t->incx = incx, t->C = x, t->alpha[0] = ar, t->alpha[1] = ai, t->ta = xtype;
    BLAS_QUEUE(k, fn);
}

ACL_FUNC_VISIBILITY aclblasStatus_t aclblasSscal(aclblasHandle_t handle, int n, const float *alpha,
                                                 float *x, int incx)
{
    if (handle && x && n > 0 && !alpha)
        return blas_fail(ACLBLAS_STATUS_INVALID_VALUE, "aclblasSscal: alpha is NULL");
    return scal1(handle, "aclblasSscal", n, x, incx, alpha ? *alpha : 0, 0, k_sscal, ACL_FLOAT);
}

ACL_FUNC_VISIBILITY aclblasStatus_t aclblasCscal(aclblasHandle_t handle, const int64_t n,
                                                 const aclblasComplex alpha, aclblasComplex *x,
                                                 const int64_t incx)
{
    return scal1(handle, "aclblasCscal", n, x, incx, alpha.real, alpha.imag, k_cscal, 0);
}

ACL_FUNC_VISIBILITY aclblasStatus_t aclblasCsscal(aclblasHandle_t handle, const int64_t n,
                                                  const float alpha, aclblasComplex *x,
                                                  const int64_t incx)
{
    return scal1(handle, "aclblasCsscal", n, x, incx, alpha, 0, k_cscal, 0);
}

static int ex_type_ok(int t)
{
    return t == ACL_FLOAT || t == ACL_FLOAT16 || t == ACL_BF16;
}

ACL_FUNC_VISIBILITY aclblasStatus_t aclblasScalex(aclblasHandle_t handle, int n, const void *alpha,
                                                  aclDataType alphaType, void *x, aclDataType xType,
                                                  int incx, aclDataType executionType)
{
    const char *fn = "aclblasScalex";
    if (handle) {
        BLAS_ARG(alpha, "%s: alpha is NULL", fn);
        BLAS_CHECK(alphaType == ACL_FLOAT && executionType == ACL_FLOAT && ex_type_ok(xType),
                   ACLBLAS_STATUS_NOT_SUPPORTED,
                   "%s: types alpha %d x %d execution %d not supported (alpha and execution "
                   "ACL_FLOAT; x float, float16 or bfloat16)",
                   fn, alphaType, xType, executionType);
    }
    return scal1(handle, fn, n, x, incx, alpha ? *(const float *)alpha : 0, 0, k_scalex, xType);
}

ACL_FUNC_VISIBILITY aclblasStatus_t aclblasSaxpy(aclblasHandle_t handle, int n, const float *alpha,
                                                 float *x, int incx, float *y, int incy)
{
    if (handle && !alpha)
        return blas_fail(ACLBLAS_STATUS_INVALID_VALUE, "aclblasSaxpy: alpha is NULL");
    return vec2(handle, "aclblasSaxpy", n, x, incx, y, incy, 4, k_saxpy, y, NULL,
                alpha ? *alpha : 0, 0);
}

ACL_FUNC_VISIBILITY aclblasStatus_t aclblasCaxpy(aclblasHandle_t handle, const int64_t n,
                                                 const aclblasComplex alpha, aclblasComplex *x,
                                                 int64_t incx, aclblasComplex *y, int64_t incy)
{
    return vec2(handle, "aclblasCaxpy", n, x, incx, y, incy, 8, k_caxpy, y, NULL, alpha.real,
                alpha.imag);
}

/* The checks of a pair of int-sized vectors, in ops-blas's order: n, increments, pointers
 * (AxpyEx, RotEx, Srotm). */
static aclblasStatus_t pair_args(const char *fn, int n, int incx, int incy, const void *x,
                                 const void *y)
{
    BLAS_ARG(n >= 0, "%s: n must be >= 0, got %d", fn, n);
    BLAS_ARG(incx != 0 && incy != 0, "%s: incx and incy must not be 0", fn);
    BLAS_ARG(n == 0 || (x && y), "%s: x or y is NULL", fn);
    return ACLBLAS_STATUS_SUCCESS;
}

ACL_FUNC_VISIBILITY aclblasStatus_t aclblasAxpyEx(aclblasHandle_t handle, int n, const void *alpha,
                                                  aclDataType alphaType, const void *x,
                                                  aclDataType xType, int incx, void *y,
                                                  aclDataType yType, int incy,
                                                  aclDataType executionType)
{
    const char *fn = "aclblasAxpyEx";
    BLAS_BEGIN(fn);
    BLAS_ARG(alpha, "%s: alpha is NULL", fn);
    BLAS_CHECK(alphaType == ACL_FLOAT && executionType == ACL_FLOAT && ex_type_ok(xType) &&
                   ex_type_ok(yType),
               ACLBLAS_STATUS_NOT_SUPPORTED,
               "%s: types alpha %d x %d y %d execution %d not supported", fn, alphaType, xType,
               yType, executionType);
    aclblasStatus_t st = pair_args(fn, n, incx, incy, x, y);
    if (st != ACLBLAS_STATUS_SUCCESS)
        return st;
    if (n == 0)
        return ACLBLAS_STATUS_SUCCESS;
    BLAS_TASK(fn, 0);
    t->n = n, t->incx = incx, t->incy = incy, t->x = x, t->C = y, t->ta = xType, t->tb = yType;
    t->alpha[0] = *(const float *)alpha;
    BLAS_QUEUE(k_axpyex, fn);
}

/* Reductions writing one value to device memory. */
static aclblasStatus_t reduce2(aclblasHandle_t handle, const char *fn, int64_t n, const void *x,
                               int64_t incx, const void *y, int64_t incy, void *result,
                               core_kernel_fn k, int ta, int tb, int tc, int flag)
{
    BLAS_BEGIN(fn);
    BLAS_ARG(result, "%s: result is NULL", fn);
    BLAS_ARG(n >= 0, "%s: n must be >= 0, got %lld", fn, (long long)n);
    BLAS_ARG(n == 0 || x, "%s: x is NULL", fn);
    BLAS_ARG(!(k == k_sdot || k == k_cdot || k == k_dotex) || n == 0 || y, "%s: y is NULL", fn);
    BLAS_TASK(fn, 0);
    t->n = n, t->incx = incx, t->incy = incy, t->x = x, t->y = y, t->out = result;
    t->ta = ta, t->tb = tb, t->tc = tc, t->diag = flag;
    BLAS_QUEUE(k, fn);
}

ACL_FUNC_VISIBILITY aclblasStatus_t aclblasSdot(aclblasHandle_t handle, int64_t n, const float *x,
                                                int64_t incx, const float *y, int64_t incy,
                                                float *result)
{
    /* ops-blas: n <= 0 writes 0 to result and succeeds */
    return reduce2(handle, "aclblasSdot", n > 0 ? n : 0, x, incx, y, incy, result, k_sdot, 0, 0, 0,
                   0);
}

ACL_FUNC_VISIBILITY aclblasStatus_t aclblasCdotu(aclblasHandle_t handle, const int64_t n,
                                                 uint8_t *x, const int64_t incx, uint8_t *y,
                                                 const int64_t incy, uint8_t *result)
{
    return reduce2(handle, "aclblasCdotu", n, x, incx, y, incy, result, k_cdot, 0, 0, 0, 0);
}

ACL_FUNC_VISIBILITY aclblasStatus_t aclblasCdotc(aclblasHandle_t handle, const int64_t n,
                                                 uint8_t *x, const int64_t incx, uint8_t *y,
                                                 const int64_t incy, uint8_t *result)
{
    return reduce2(handle, "aclblasCdotc", n, x, incx, y, incy, result, k_cdot, 0, 0, 0, 1);
}

ACL_FUNC_VISIBILITY aclblasStatus_t aclblasDotEx(aclblasHandle_t handle, int n, const void *x,
                                                 aclDataType xType, int incx, const void *y,
                                                 aclDataType yType, int incy, void *result,
                                                 aclDataType resultType, aclDataType executionType)
{
    const char *fn = "aclblasDotEx";
    if (handle)
        BLAS_CHECK(ex_type_ok(xType) && xType == yType && ex_type_ok(resultType) &&
                       executionType == ACL_FLOAT,
                   ACLBLAS_STATUS_NOT_SUPPORTED,
                   "%s: types x %d y %d result %d execution %d not supported", fn, xType, yType,
                   resultType, executionType);
    return reduce2(handle, fn, n, x, incx, y, incy, result, k_dotex, xType, yType, resultType, 0);
}

/* BLAS: n <= 0 or incx <= 0 gives 0 (sums, norms) or index 0. */
static aclblasStatus_t reduce1(aclblasHandle_t handle, const char *fn, int64_t n, const void *x,
                               int64_t incx, void *result, core_kernel_fn k, int ta, int tc,
                               int flag)
{
    return reduce2(handle, fn, incx > 0 ? n : 0, x, incx > 0 ? incx : 1, NULL, 1, result, k, ta, 0,
                   tc, flag);
}

ACL_FUNC_VISIBILITY aclblasStatus_t aclblasSasum(aclblasHandle_t handle, int n, const float *x,
                                                 int incx, float *result)
{
    return reduce1(handle, "aclblasSasum", n > 0 ? n : 0, x, incx, result, k_sasum, 0, 0, 0);
}

ACL_FUNC_VISIBILITY aclblasStatus_t aclblasSnrm2(aclblasHandle_t handle, int n, const float *x,
                                                 int incx, float *result)
{
    return reduce1(handle, "aclblasSnrm2", n > 0 ? n : 0, x, incx, result, k_nrm2, ACL_FLOAT,
                   ACL_FLOAT, 0);
}

ACL_FUNC_VISIBILITY aclblasStatus_t aclblasScnrm2(aclblasHandle_t handle, const int64_t n,
                                                  aclblasComplex *x, const int64_t incx,
                                                  float *result)
{
    return reduce1(handle, "aclblasScnrm2", n > 0 ? n : 0, x, incx, result, k_nrm2, ACL_FLOAT,
                   ACL_FLOAT, 1);
}

ACL_FUNC_VISIBILITY aclblasStatus_t aclblasSnrm2Ex(aclblasHandle_t handle, aclDataType xtype,
                                                   const void *x, const int64_t n,
                                                   const int64_t incx, void *result)
{
    const char *fn = "aclblasSnrm2Ex";
    if (handle)
        BLAS_CHECK(xtype == ACL_FLOAT || xtype == ACL_FLOAT16, ACLBLAS_STATUS_NOT_SUPPORTED,
                   "%s: x type %d not supported (float, float16)", fn, xtype);
    /* result has x's type, as in the real function (float for float input) */
    return reduce1(handle, fn, n > 0 ? n : 0, x, incx, result, k_nrm2, xtype, xtype, 0);
}

ACL_FUNC_VISIBILITY aclblasStatus_t aclblasIsamax(aclblasHandle_t handle, int n, const float *x,
                                                  int incx, int *result)
{
    return reduce1(handle, "aclblasIsamax", n, x, incx, result, k_iamax, 0, 0, 0);
}

ACL_FUNC_VISIBILITY aclblasStatus_t aclblasIsamin(aclblasHandle_t handle, int n, const float *x,
                                                  int incx, int *result)
{
    return reduce1(handle, "aclblasIsamin", n, x, incx, result, k_iamax, 0, 0, 1);
}

ACL_FUNC_VISIBILITY aclblasStatus_t aclblasIamax(aclblasHandle_t handle, const int64_t n,
                                                 uint8_t *x, const int64_t incx, uint8_t *result)
{
    return reduce1(handle, "aclblasIamax", n, x, incx, result, k_iamax, 0, 0, 0);
}

ACL_FUNC_VISIBILITY aclblasStatus_t aclblasSrot(aclblasHandle_t handle, int n, float *x, int incx,
                                                float *y, int incy, const float *c, const float *s)
{
    if (handle && (!c || !s))
        return blas_fail(ACLBLAS_STATUS_INVALID_VALUE, "aclblasSrot: c or s is NULL");
    return vec2(handle, "aclblasSrot", n, x, incx, y, incy, 4, k_srot, x, y, c ? *c : 0,
                s ? *s : 0);
}

ACL_FUNC_VISIBILITY aclblasStatus_t aclblasCsrot(aclblasHandle_t handle, const int64_t n,
                                                 aclblasComplex *x, const int64_t incx,
                                                 aclblasComplex *y, const int64_t incy,
                                                 const float c, const float s)
{
    return vec2(handle, "aclblasCsrot", n, x, incx, y, incy, 8, k_csrot, x, y, c, s);
}

ACL_FUNC_VISIBILITY aclblasStatus_t aclblasRotEx(aclblasHandle_t handle, int n, void *x,
                                                 aclDataType xType, int incx, void *y,
                                                 aclDataType yType, int incy, const void *c,
                                                 const void *s, aclDataType csType,
                                                 aclDataType executionType)
{
    const char *fn = "aclblasRotEx";
    if (handle) {
        BLAS_ARG(c && s, "%s: c or s is NULL", fn);
        BLAS_CHECK(ex_type_ok(xType) && xType == yType && csType == ACL_FLOAT &&
                       executionType == ACL_FLOAT,
                   ACLBLAS_STATUS_NOT_SUPPORTED,
                   "%s: types x %d y %d cs %d execution %d not supported", fn, xType, yType, csType,
                   executionType);
    }
    /* vec2 queues with ta = element size; RotEx needs the types: ta/tb set below. */
    BLAS_BEGIN(fn);
    aclblasStatus_t st = pair_args(fn, n, incx, incy, x, y);
    if (st != ACLBLAS_STATUS_SUCCESS)
        return st;
    if (n == 0)
        return ACLBLAS_STATUS_SUCCESS;
    BLAS_TASK(fn, 0);
    t->n = n, t->incx = incx, t->incy = incy, t->C = x, t->out = y, t->ta = xType, t->tb = yType;
    t->alpha[0] = *(const float *)c, t->alpha[1] = *(const float *)s;
    BLAS_QUEUE(k_rotex, fn);
}

ACL_FUNC_VISIBILITY aclblasStatus_t aclblasSrotm(aclblasHandle_t handle, int n, float *x, int incx,
                                                 float *y, int incy, const float *param)
{
    const char *fn = "aclblasSrotm";
    BLAS_BEGIN(fn);
    BLAS_ARG(param, "%s: param is NULL", fn);
    aclblasStatus_t st = pair_args(fn, n, incx, incy, x, y);
    if (st != ACLBLAS_STATUS_SUCCESS)
        return st;
    if (n == 0)
        return ACLBLAS_STATUS_SUCCESS;
    BLAS_TASK(fn, 0);
    t->n = n, t->incx = incx, t->incy = incy, t->C = x, t->out = y;
    memcpy(t->param, param, sizeof t->param);
    BLAS_QUEUE(k_srotm, fn);
}

ACL_FUNC_VISIBILITY aclblasStatus_t aclblasSrotg(aclblasHandle_t handle, float *a, float *b,
                                                 float *c, float *s)
{
    const char *fn = "aclblasSrotg";
    BLAS_BEGIN(fn);
    BLAS_ARG(a && b && c && s, "%s: a, b, c or s is NULL", fn);
    BLAS_TASK(fn, 0);
    t->C = a, t->out = b, t->x = c, t->y = s;
    BLAS_QUEUE(k_srotg, fn);
}

ACL_FUNC_VISIBILITY aclblasStatus_t aclblasSrotmg(aclblasHandle_t handle, float *d1, float *d2,
                                                  float *x1, const float *y1, float *param)
{
    const char *fn = "aclblasSrotmg";
    BLAS_BEGIN(fn);
    BLAS_ARG(d1 && d2 && x1 && y1 && param, "%s: d1, d2, x1, y1 or param is NULL", fn);
    aclblasStatus_t st = blas_need_lib(fn);
    if (st)
        return st;
    BLAS_TASK(fn, 0);
    t->C = d1, t->out = d2, t->x = x1, t->y = y1, t->out2 = param;
    BLAS_QUEUE(k_srotmg, fn);
}

static aclblasStatus_t cmat(aclblasHandle_t handle, const char *fn, int64_t m, int64_t n,
                            const void *p, const void *q, void *r, int flag)
{
    BLAS_BEGIN(fn);
    BLAS_ARG(m >= 0 && n >= 0, "%s: m and n must be >= 0, got %lld, %lld", fn, (long long)m,
             (long long)n);
    BLAS_ARG(m == 0 || n == 0 || (p && q && r), "%s: an input or the result is NULL", fn);
    if (m == 0 || n == 0)
        return ACLBLAS_STATUS_SUCCESS;
    BLAS_TASK(fn, 0);
    t->m = m, t->n = n, t->x = p, t->y = q, t->out = r, t->diag = flag;
    BLAS_QUEUE(k_colwise, fn);
}

ACL_FUNC_VISIBILITY aclblasStatus_t aclblasColwiseMul(aclblasHandle_t handle, const int64_t m,
                                                      const int64_t n, uint8_t *mat, uint8_t *vec,
                                                      uint8_t *result)
{
    return cmat(handle, "aclblasColwiseMul", m, n, mat, vec, result, 0);
}

ACL_FUNC_VISIBILITY aclblasStatus_t aclblasComplexMatDot(aclblasHandle_t handle, const int64_t m,
                                                         const int64_t n, aclblasComplex *matx,
                                                         aclblasComplex *maty,
                                                         aclblasComplex *result)
{
    return cmat(handle, "aclblasComplexMatDot", m, n, matx, maty, result, 1);
}
