// SPDX-License-Identifier: Apache-2.0
//
// ascendc_vector_types: half and bfloat16_t of ascendc/types.h. Conversions from float and
// double round to nearest even (every half pattern, and values between them); + - * / of
// two 16-bit values give the correctly rounded result (bit-exact against a double reference
// rounded independently); numeric_limits values.
#include "vector_test.h"

#include <limits>

int main()
{
    // Every half pattern converts to float exactly and back to the same bits.
    for (uint32_t b = 0; b < 65536; b++) {
        half h = half::FromBits((uint16_t)b);
        double v = vt_half_value((uint16_t)b);
        if (std::isnan(v)) {
            VT_CHECK(std::isnan((float)h), "nan %04x", b);
            continue;
        }
        VT_CHECK((double)(float)h == v, "value %04x", b);
        VT_CHECK(half((float)h).Bits() == b, "roundtrip %04x", b);
        bfloat16_t g = bfloat16_t::FromBits((uint16_t)b);
        double w = vt_bf16_value((uint16_t)b);
        if (!std::isnan(w))
            VT_CHECK(bfloat16_t((float)g).Bits() == b, "bf16 roundtrip %04x", b);
    }
    // Midpoints and near-midpoints between neighbours round to nearest even.
    VtRng rng;
    for (int i = 0; i < 200000; i++) {
        double x = rng.uniform(-70000, 70000) * std::ldexp(1.0, -(int)(rng.next() % 30));
        VT_CHECK(half(x).Bits() == vt_half_bits(x), "half(%.17g)", x);
        VT_CHECK(half((float)x).Bits() == vt_half_bits((float)x), "half(float %.9g)", x);
        double y = x * std::ldexp(1.0, (int)(rng.next() % 200) - 100);
        VT_CHECK(bfloat16_t(y).Bits() == vt_bf16_bits(y), "bf16(%.17g)", y);
    }
    for (uint32_t b = 0; b < 0x7c00; b++) { // exact ties between half b and b+1
        double mid = (vt_half_value((uint16_t)b) + vt_half_value((uint16_t)(b + 1))) / 2;
        VT_CHECK(half(mid).Bits() == vt_half_bits(mid), "tie %04x", b);
        VT_CHECK(half(-mid).Bits() == vt_half_bits(-mid), "tie -%04x", b);
    }
    VT_CHECK(half(65519.99).Bits() == 0x7bff && half(65520.0).Bits() == 0x7c00, "overflow");
    VT_CHECK(half(70000).Bits() == 0x7c00 && half(-3).Bits() == 0xc200, "ints");

    // Arithmetic: correctly rounded.
    for (int i = 0; i < 400000; i++) {
        uint16_t ab = (uint16_t)rng.next(), bb = (uint16_t)rng.next();
        half a = half::FromBits(ab), b = half::FromBits(bb);
        double x = vt_half_value(ab), y = vt_half_value(bb);
        if (std::isnan(x) || std::isnan(y) || std::isinf(x) || std::isinf(y))
            continue;
        VT_CHECK((a + b).Bits() == vt_half_bits(x + y), "%04x + %04x", ab, bb);
        VT_CHECK((a - b).Bits() == vt_half_bits(x - y), "%04x - %04x", ab, bb);
        VT_CHECK((a * b).Bits() == vt_half_bits(x * y), "%04x * %04x", ab, bb);
        if (y != 0) {
            // x / y is not exact in double: the float quotient rounded once to half is the
            // correctly rounded one; compare with the double quotient rounded (also correct,
            // p=53 >= 2*11+2).
            VT_CHECK((a / b).Bits() == vt_half_bits(x / y), "%04x / %04x", ab, bb);
        }
        bfloat16_t c = bfloat16_t::FromBits(ab), d = bfloat16_t::FromBits(bb);
        double u = vt_bf16_value(ab), v = vt_bf16_value(bb);
        if (std::isfinite(u) && std::isfinite(v)) {
            VT_CHECK((c + d).Bits() == vt_bf16_bits(u + v), "bf %04x + %04x", ab, bb);
            VT_CHECK((c * d).Bits() == vt_bf16_bits(u * v), "bf %04x * %04x", ab, bb);
        }
    }
    half acc = 1;
    acc += half(0.5f);
    acc *= 3;
    VT_CHECK(acc == 4.5f && -acc == -4.5 && acc > 4 && 5 > acc, "compound %g", (double)acc);

    using LH = std::numeric_limits<half>;
    using LB = std::numeric_limits<bfloat16_t>;
    VT_CHECK((float)LH::max() == 65504.0f && (float)LH::lowest() == -65504.0f, "half max");
    VT_CHECK((double)(float)LH::min() == std::ldexp(1.0, -14), "half min");
    VT_CHECK((double)(float)LH::epsilon() == std::ldexp(1.0, -10), "half eps");
    VT_CHECK((double)(float)LH::denorm_min() == std::ldexp(1.0, -24), "half denorm");
    VT_CHECK(std::isinf((float)LH::infinity()) && std::isnan((float)LH::quiet_NaN()), "half inf");
    VT_CHECK((double)(float)LB::max() == std::ldexp(255.0, 120), "bf16 max");
    VT_CHECK((double)(float)LB::min() == std::ldexp(1.0, -126), "bf16 min");
    VT_CHECK((double)(float)LB::epsilon() == std::ldexp(1.0, -7), "bf16 eps");
    VT_CHECK(LH::digits == 11 && LB::digits == 8, "digits");
    return vt_result("ascendc_vector_types");
}
