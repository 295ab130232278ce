/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Element-wise reductions for the collectives, over an accumulator block:
 * load (acc = src), reduce (acc = acc op src), store (dst = acc). The
 * accumulator is float for float16/bfloat16 (one rounding at the store, so a
 * sum over ranks is as exact as float32 allows) and the element type
 * otherwise. Integer sums and products wrap (computed unsigned: no UB).
 */
#include <string.h>

#include "core/half.h"
#include "hccl/hccl_internal.h"

size_t hccl_acc_size(HcclDataType t)
{
    if (t == HCCL_DATA_TYPE_FP16 || t == HCCL_DATA_TYPE_BFP16)
        return sizeof(float);
    return hccl_dtype_size(t);
}

void hccl_acc_load(HcclDataType t, void *acc, const void *src, size_t n)
{
    float *a = acc;
    const uint16_t *s = src;
    if (t == HCCL_DATA_TYPE_FP16) {
        for (size_t i = 0; i < n; i++)
            a[i] = half_f16_to_f32(s[i]);
    } else if (t == HCCL_DATA_TYPE_BFP16) {
        for (size_t i = 0; i < n; i++)
            a[i] = half_bf16_to_f32(s[i]);
    } else {
        memcpy(acc, src, n * hccl_dtype_size(t));
    }
}

void hccl_acc_store(HcclDataType t, void *dst, const void *acc, size_t n)
{
    const float *a = acc;
    uint16_t *d = dst;
    if (t == HCCL_DATA_TYPE_FP16) {
        for (size_t i = 0; i < n; i++)
            d[i] = half_f32_to_f16(a[i]);
    } else if (t == HCCL_DATA_TYPE_BFP16) {
        for (size_t i = 0; i < n; i++)
            d[i] = half_f32_to_bf16(a[i]);
    } else {
        memcpy(dst, acc, n * hccl_dtype_size(t));
    }
}

/* Integer loops: T the element type, U its unsigned twin wide enough that a
 * product does not promote to (signed) int. */
#define INT_LOOPS(T, U)                                                                            \
    do {                                                                                           \
        T *a = acc;                                                                                \
        const T *s = src;                                                                          \
        switch (op) {                                                                              \
        case HCCL_REDUCE_SUM:                                                                      \
            for (size_t i = 0; i < n; i++)                                                         \
                a[i] = (T)((U)a[i] + (U)s[i]);                                                     \
            break;                                                                                 \
        case HCCL_REDUCE_PROD:                                                                     \
            for (size_t i = 0; i < n; i++)                                                         \
                a[i] = (T)((U)a[i] * (U)s[i]);                                                     \
            break;                                                                                 \
        case HCCL_REDUCE_MAX:                                                                      \
            for (size_t i = 0; i < n; i++)                                                         \
                a[i] = s[i] > a[i] ? s[i] : a[i];                                                  \
            break;                                                                                 \
        default:                                                                                   \
            for (size_t i = 0; i < n; i++)                                                         \
                a[i] = s[i] < a[i] ? s[i] : a[i];                                                  \
            break;                                                                                 \
        }                                                                                          \
    } while (0)

#define FLT_LOOPS(T, LOAD)                                                                         \
    do {                                                                                           \
        T *a = acc;                                                                                \
        switch (op) {                                                                              \
        case HCCL_REDUCE_SUM:                                                                      \
            for (size_t i = 0; i < n; i++)                                                         \
                a[i] += LOAD(i);                                                                   \
            break;                                                                                 \
        case HCCL_REDUCE_PROD:                                                                     \
            for (size_t i = 0; i < n; i++)                                                         \
                a[i] *= LOAD(i);                                                                   \
            break;                                                                                 \
        case HCCL_REDUCE_MAX:                                                                      \
            for (size_t i = 0; i < n; i++) {                                                       \
                T v = LOAD(i);                                                                     \
                a[i] = v > a[i] ? v : a[i];                                                        \
            }                                                                                      \
            break;                                                                                 \
        default:                                                                                   \
            for (size_t i = 0; i < n; i++) {                                                       \
                T v = LOAD(i);                                                                     \
                a[i] = v < a[i] ? v : a[i];                                                        \
            }                                                                                      \
            break;                                                                                 \
        }                                                                                          \
    } while (0)

void hccl_acc_reduce(HcclDataType t, HcclReduceOp op, void *acc, const void *src, size_t n)
{
    const float *sf = src;
    const double *sd = src;
    const uint16_t *sh = src;
    switch (t) {
    case HCCL_DATA_TYPE_INT8: INT_LOOPS(int8_t, uint32_t); break;
    case HCCL_DATA_TYPE_UINT8: INT_LOOPS(uint8_t, uint32_t); break;
    case HCCL_DATA_TYPE_INT16: INT_LOOPS(int16_t, uint32_t); break;
    case HCCL_DATA_TYPE_UINT16: INT_LOOPS(uint16_t, uint32_t); break;
    case HCCL_DATA_TYPE_INT32: INT_LOOPS(int32_t, uint32_t); break;
    case HCCL_DATA_TYPE_UINT32: INT_LOOPS(uint32_t, uint32_t); break;
    case HCCL_DATA_TYPE_INT64: INT_LOOPS(int64_t, uint64_t); break;
    case HCCL_DATA_TYPE_UINT64: INT_LOOPS(uint64_t, uint64_t); break;
#define LD_F(i) sf[i]
#define LD_D(i) sd[i]
#define LD_H(i) half_f16_to_f32(sh[i])
#define LD_B(i) half_bf16_to_f32(sh[i])
    case HCCL_DATA_TYPE_FP32: FLT_LOOPS(float, LD_F); break;
    case HCCL_DATA_TYPE_FP64: FLT_LOOPS(double, LD_D); break;
    case HCCL_DATA_TYPE_FP16: FLT_LOOPS(float, LD_H); break;
    case HCCL_DATA_TYPE_BFP16: FLT_LOOPS(float, LD_B); break;
    default: break; /* rejected at the call */
    }
}
