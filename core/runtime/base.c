/* SPDX-License-Identifier: Apache-2.0 */
/*
 * The small acl_base utilities (acl/acl_base.h): data buffers, type sizes,
 * float16 conversions; their entry points are core/api/base.c.
 */
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "core/runtime/base.h"
#include "core/runtime/fault.h"
#include "core/runtime/runtime.h"

aclDataBuffer *core_databuf_new(void *data, size_t size)
{
    aclDataBuffer *b = core_malloc(sizeof(*b));
    if (b)
        core_databuf_set(b, data, size);
    return b;
}

void core_databuf_free(const aclDataBuffer *b)
{
    free((void *)b);
}

size_t core_dtype_size(aclDataType dataType)
{
    switch ((int)dataType) {
    case ACL_BOOL: case ACL_INT8: case ACL_UINT8: case ACL_HIFLOAT8:
    case ACL_FLOAT8_E5M2: case ACL_FLOAT8_E4M3FN: case ACL_FLOAT8_E8M0:
        return 1;
    case ACL_FLOAT16: case ACL_BF16: case ACL_INT16: case ACL_UINT16:
        return 2;
    case ACL_FLOAT: case ACL_INT32: case ACL_UINT32: case ACL_COMPLEX32:
        return 4;
    case ACL_INT64: case ACL_UINT64: case ACL_DOUBLE: case ACL_COMPLEX64:
        return 8;
    case ACL_COMPLEX128:
        return 16;
    default: /* STRING, sub-byte types, undefined */
        return 0;
    }
}

float core_f16_to_float(aclFloat16 value)
{
    uint32_t sign = (uint32_t)(value & 0x8000u) << 16;
    uint32_t exp = (value >> 10) & 0x1Fu, man = value & 0x3FFu, bits;
    if (exp == 0x1F) {
        bits = sign | 0x7F800000u | (man << 13); /* inf / nan */
    } else if (exp) {
        bits = sign | ((exp + 112u) << 23) | (man << 13);
    } else if (man) { /* subnormal: value = man * 2^-24 */
        float f = ldexpf((float)man, -24);
        return sign ? -f : f;
    } else {
        bits = sign;
    }
    float f;
    memcpy(&f, &bits, sizeof(f));
    return f;
}

aclFloat16 core_float_to_f16(float value)
{
    uint32_t x;
    memcpy(&x, &value, sizeof(x));
    uint16_t sign = (uint16_t)((x >> 16) & 0x8000u);
    uint32_t exp = (x >> 23) & 0xFFu, man = x & 0x7FFFFFu;
    if (exp == 0xFF) /* inf, or nan kept quiet */
        return (aclFloat16)(sign | 0x7C00u | (man ? 0x200u | (man >> 13) : 0));
    int32_t e = (int32_t)exp - 127 + 15;
    if (e >= 0x1F)
        return (aclFloat16)(sign | 0x7C00u); /* overflow to inf */
    if (e <= 0) {
        if (e < -10)
            return sign; /* underflow to zero */
        /* subnormal: shift the full mantissa, round to nearest even */
        man |= 0x800000u;
        uint32_t shift = (uint32_t)(14 - e);
        uint32_t half = 1u << (shift - 1), rest = man & ((1u << shift) - 1);
        uint32_t r = man >> shift;
        if (rest > half || (rest == half && (r & 1)))
            r++;
        return (aclFloat16)(sign | r);
    }
    uint32_t r = ((uint32_t)e << 10) | (man >> 13);
    uint32_t rest = man & 0x1FFFu;
    if (rest > 0x1000u || (rest == 0x1000u && (r & 1)))
        r++; /* may carry into the exponent, up to inf: correct */
    return (aclFloat16)(sign | r);
}

