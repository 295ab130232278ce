/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclBLAS internals (docs/blas.md): the handle, the checks every entry point
 * shares, and the queued task. Each entry point checks its arguments on the
 * calling thread, fills a blas_task (scalars copied, host-side arrays copied
 * into its tail) and queues a kernel on the stream; the kernel runs in stream
 * order on a device worker (core/launch.h) and reads the device memory then.
 */
#ifndef CPUACL_BLAS_INTERNAL_H
#define CPUACL_BLAS_INTERNAL_H

#include <stddef.h>
#include <stdint.h>

#include "cann_ops_blas.h"
#include "core/launch.h"

/* One queued call: the union of what the functions pass. Owned by the runtime
 * once queued (freed after it ran, or with the captured model). */
typedef struct blas_task {
    int trans, transb, uplo, diag, side;
    int64_t m, n, k, kl, ku, lda, ldb, ldc, incx, incy, batch;
    int64_t sa, sx, sy;        /* batch strides (elements) */
    double alpha[2], beta[2];  /* real, imaginary */
    const void *A, *B, *x, *y; /* device inputs */
    void *C, *out, *out2;      /* device outputs */
    int ta, tb, tc, te;        /* aclDataType of A/x, B/y, C/result, execution */
    int compute;               /* aclblasComputeType_t */
    int *info;                 /* device info array (LAPACK-like) */
    int *piv;                  /* device pivot array */
    float param[5];            /* srotm's H */
    size_t tail_len;
    _Alignas(16) unsigned char tail[]; /* host arrays copied at the call */
} blas_task;

/* Handle registry: a destroyed (or never created) handle is not found and the
 * call returns ACLBLAS_STATUS_NOT_INITIALIZED; NULL gives HANDLE_IS_NULLPTR.
 * On success *stream is the handle's stream (NULL: the default stream). */
aclblasStatus_t blas_begin(aclblasHandle_t h, const char *fn, aclrtStream *stream);
/* The aclBLASLt handle check (blas/lt.c LT1): SUCCESS or NOT_INITIALIZED with a message. */
struct _aclblaslt_handle;
aclblasStatus_t blas_lt_live(struct _aclblaslt_handle *h, const char *fn);
/* Record a readable message (aclGetRecentErrMsg) and return st. */
aclblasStatus_t blas_fail(aclblasStatus_t st, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
/* A zeroed task with `tail` bytes after it; NULL (and ALLOC_FAILED recorded) on failure. */
blas_task *blas_task_new(size_t tail, const char *fn);
/* Queue fn(task) on stream; the task is the runtime's (freed) whatever happens. */
aclblasStatus_t blas_queue(aclrtStream stream, core_kernel_fn fn, blas_task *t, const char *name);
/* A symbol of the dlopen'ed BLAS (ops/matmul/blas.c); NULL if absent. */
void *blas_sym(const char *name);
/* Checks a function needing the BLAS library; NOT_INITIALIZED with a message without it. */
aclblasStatus_t blas_need_lib(const char *fn);

/* Resolve a cblas / LAPACK function of the loaded BLAS into a typed pointer. */
#define BLAS_GET(var, sym)                                                                         \
    do {                                                                                           \
        void *blas_get_p_ = blas_sym(sym);                                                         \
        if (!blas_get_p_)                                                                          \
            return ACL_ERROR_RT_AICORE_EXCEPTION;                                                  \
        __builtin_memcpy(&(var), &blas_get_p_, sizeof(void *));                                    \
    } while (0)

/* Argument checks: record the message and return from the entry point. */
#define BLAS_CHECK(cond, st, ...)                                                                  \
    do {                                                                                           \
        if (!(cond))                                                                               \
            return blas_fail((st), __VA_ARGS__);                                                   \
    } while (0)
#define BLAS_ARG(cond, ...) BLAS_CHECK(cond, ACLBLAS_STATUS_INVALID_VALUE, __VA_ARGS__)

static inline int blas_op_ok(int op)
{
    return op == ACLBLAS_OP_N || op == ACLBLAS_OP_T || op == ACLBLAS_OP_C;
}
static inline int blas_uplo_ok(int u)
{
    return u == ACLBLAS_UPPER || u == ACLBLAS_LOWER;
}
static inline int blas_diag_ok(int d)
{
    return d == ACLBLAS_UNIT || d == ACLBLAS_NON_UNIT;
}
static inline int blas_side_ok(int s)
{
    return s == ACLBLAS_SIDE_LEFT || s == ACLBLAS_SIDE_RIGHT;
}
static inline int64_t blas_max1(int64_t v)
{
    return v > 1 ? v : 1;
}
/* Start offset of a BLAS vector of n elements with increment inc (negative: from the end). */
static inline int64_t blas_vstart(int64_t n, int64_t inc)
{
    return inc < 0 ? (1 - n) * inc : 0;
}

/* cblas enum values (cblas.h) from aclBLAS ones. */
static inline int blas_cb_trans(int op)
{
    return op == ACLBLAS_OP_N ? 111 : op == ACLBLAS_OP_T ? 112 : 113;
}
static inline int blas_cb_uplo(int u)
{
    return u == ACLBLAS_UPPER ? 121 : 122;
}
static inline int blas_cb_diag(int d)
{
    return d == ACLBLAS_NON_UNIT ? 131 : 132;
}
static inline int blas_cb_side(int s)
{
    return s == ACLBLAS_SIDE_LEFT ? 141 : 142;
}

/* Element size of the aclDataType values aclBLAS accepts; 0 for others. */
size_t blas_dtype_size(int t);
/* Load / store one element of type t (float, float16, bfloat16, double, int8, int32) as double. */
double blas_ld(const void *p, int t, int64_t i);
void blas_st(void *p, int t, int64_t i, double v);

/* The GEMM every level-3 path uses: column-major C = alpha op(A) op(B) + beta C of
 * any supported element types (computed in float or double via OpenBLAS). 0 or an aclError. */
int32_t blas_gemm_typed(int ta, int tb, int64_t m, int64_t n, int64_t k, const double *alpha,
                        const void *A, int atype, int64_t lda, const void *B, int btype,
                        int64_t ldb, const double *beta, void *C, int ctype, int64_t ldc);

#endif
