/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Helpers shared by the HCCL tests: typed element access, the deterministic
 * inputs every rank can recompute for every other rank, and the host
 * reference of a reduction.
 *
 * Inputs are small integers ({-2,-1,1,2}, unsigned {1,2}) so that sums and
 * products over up to 8 ranks are exact in every type, float16 and bfloat16
 * included; integer products wrap the same way in the reference (computed
 * through int64 and converted) as in the library.
 */
#ifndef CPUACL_TESTS_HCCL_COMMON_H
#define CPUACL_TESTS_HCCL_COMMON_H

#include <stdint.h>
#include <string.h>

#include "acl/acl.h"
#include "hccl/hccl.h"

static inline size_t tc_size(HcclDataType t)
{
    switch (t) {
    case HCCL_DATA_TYPE_INT8:
    case HCCL_DATA_TYPE_UINT8: return 1;
    case HCCL_DATA_TYPE_INT16:
    case HCCL_DATA_TYPE_UINT16:
    case HCCL_DATA_TYPE_FP16:
    case HCCL_DATA_TYPE_BFP16: return 2;
    case HCCL_DATA_TYPE_INT32:
    case HCCL_DATA_TYPE_UINT32:
    case HCCL_DATA_TYPE_FP32: return 4;
    default: return 8;
    }
}

static inline int tc_unsigned(HcclDataType t)
{
    return t == HCCL_DATA_TYPE_UINT8 || t == HCCL_DATA_TYPE_UINT16 ||
           t == HCCL_DATA_TYPE_UINT32 || t == HCCL_DATA_TYPE_UINT64;
}

static inline void tc_put(HcclDataType t, void *b, size_t i, double v)
{
    int64_t s = (int64_t)v;
    switch (t) {
    case HCCL_DATA_TYPE_INT8: ((int8_t *)b)[i] = (int8_t)s; break;
    case HCCL_DATA_TYPE_UINT8: ((uint8_t *)b)[i] = (uint8_t)s; break;
    case HCCL_DATA_TYPE_INT16: ((int16_t *)b)[i] = (int16_t)s; break;
    case HCCL_DATA_TYPE_UINT16: ((uint16_t *)b)[i] = (uint16_t)s; break;
    case HCCL_DATA_TYPE_INT32: ((int32_t *)b)[i] = (int32_t)s; break;
    case HCCL_DATA_TYPE_UINT32: ((uint32_t *)b)[i] = (uint32_t)s; break;
    case HCCL_DATA_TYPE_INT64: ((int64_t *)b)[i] = s; break;
    case HCCL_DATA_TYPE_UINT64: ((uint64_t *)b)[i] = (uint64_t)s; break;
    case HCCL_DATA_TYPE_FP32: ((float *)b)[i] = (float)v; break;
    case HCCL_DATA_TYPE_FP64: ((double *)b)[i] = v; break;
    case HCCL_DATA_TYPE_FP16: ((aclFloat16 *)b)[i] = aclFloatToFloat16((float)v); break;
    default: {
        float f = (float)v;
        uint32_t u;
        memcpy(&u, &f, 4);
        ((uint16_t *)b)[i] = (uint16_t)(u >> 16); /* exact for the small integers used */
        break;
    }
    }
}

static inline double tc_get(HcclDataType t, const void *b, size_t i)
{
    switch (t) {
    case HCCL_DATA_TYPE_INT8: return ((const int8_t *)b)[i];
    case HCCL_DATA_TYPE_UINT8: return ((const uint8_t *)b)[i];
    case HCCL_DATA_TYPE_INT16: return ((const int16_t *)b)[i];
    case HCCL_DATA_TYPE_UINT16: return ((const uint16_t *)b)[i];
    case HCCL_DATA_TYPE_INT32: return ((const int32_t *)b)[i];
    case HCCL_DATA_TYPE_UINT32: return ((const uint32_t *)b)[i];
    case HCCL_DATA_TYPE_INT64: return (double)((const int64_t *)b)[i];
    case HCCL_DATA_TYPE_UINT64: return (double)((const uint64_t *)b)[i];
    case HCCL_DATA_TYPE_FP32: return ((const float *)b)[i];
    case HCCL_DATA_TYPE_FP64: return ((const double *)b)[i];
    case HCCL_DATA_TYPE_FP16: return aclFloat16ToFloat(((const aclFloat16 *)b)[i]);
    default: {
        uint32_t u = (uint32_t)((const uint16_t *)b)[i] << 16;
        float f;
        memcpy(&f, &u, 4);
        return f;
    }
    }
}

/* Input element i of rank r in case `seed`. */
static inline double tc_gen(HcclDataType t, uint32_t r, uint64_t i, unsigned seed)
{
    static const double vals[4] = {-2, -1, 1, 2};
    unsigned k = (unsigned)((r * 7u + i * 13u + seed * 5u) % 4u);
    return tc_unsigned(t) ? 1 + (k & 1) : vals[k];
}

/* Expected element: op over ranks 0..n-1 of tc_gen(t, q, i, seed), stored in
 * type t (so integer overflow wraps as it does in the library), read back. */
static inline double tc_ref(HcclDataType t, HcclReduceOp op, uint32_t n, uint64_t i,
                            unsigned seed)
{
    double a = tc_gen(t, 0, i, seed);
    for (uint32_t q = 1; q < n; q++) {
        double v = tc_gen(t, q, i, seed);
        switch (op) {
        case HCCL_REDUCE_SUM: a += v; break;
        case HCCL_REDUCE_PROD: a *= v; break;
        case HCCL_REDUCE_MAX: a = v > a ? v : a; break;
        default: a = v < a ? v : a; break;
        }
    }
    unsigned char cell[8];
    tc_put(t, cell, 0, a);
    return tc_get(t, cell, 0);
}

#endif
