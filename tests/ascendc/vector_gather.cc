// SPDX-License-Identifier: Apache-2.0
//
// tests/ascendc/vector_gather.cc: GatherMask (built-in patterns 1..7 and pattern tensors, normal
// mode with block and repeat strides, counter mode with a partial last repeat, the count it
// returns), ArithProgression, InitGlobalMemory, DataCacheCleanAndInvalid and IsSameType, each
// against a scalar reference written here; the documented misuse fails through
// cpuaclAscendcFail. docs/ascendc-vector.md.
#include "vector_test.h"

using namespace AscendC;

// The reference's pattern: byte k of a built-in pattern, repeated (bit j selects element
// 8k + j): 1 01010101, 2 10101010, 3..6 one of every four, 7 all.
static const uint8_t kPatternByte[8] = {0, 0x55, 0xAA, 0x11, 0x22, 0x44, 0x88, 0xFF};

// Element e of repeat r of an operand with block stride blk and repeat stride rep (32-byte
// units), counted in elements of T.
template <class T> static uint64_t vt_at(uint32_t r, uint32_t e, uint32_t blk, uint32_t rep)
{
    const uint32_t per = 32 / sizeof(T);
    return (uint64_t)r * rep * per + (uint64_t)(e / per) * blk * per + e % per;
}

template <class T> static T vt_val(uint64_t i)
{
    return static_cast<T>(static_cast<int>(i % 1000) - 300);
}

// sel(r, e): does the pattern take element e of repeat r; total: elements considered.
template <class T, class Sel>
static std::vector<T> vt_gather_ref(const VtBuf<T> &src, uint32_t repeats, uint64_t total,
                                    uint32_t blk, uint32_t rep, Sel sel)
{
    const uint32_t elems = 256 / sizeof(T);
    std::vector<T> out;
    for (uint32_t r = 0; r < repeats; r++)
        for (uint32_t e = 0; e < elems && (uint64_t)r * elems + e < total; e++)
            if (sel(r, e))
                out.push_back(src.p[vt_at<T>(r, e, blk, rep)]);
    return out;
}

template <class T> static bool vt_same(const VtBuf<T> &dst, const std::vector<T> &want, uint64_t n)
{
    if (n != want.size())
        return false;
    for (size_t i = 0; i < want.size(); i++)
        if (std::memcmp(&dst.p[i], &want[i], sizeof(T)) != 0)
            return false;
    return true;
}

template <class T, class U> static void vt_gather_mask(const char *name)
{
    const uint32_t elems = 256 / sizeof(T);
    VtBuf<T> src(elems * 24), dst(elems * 24);
    for (size_t i = 0; i < src.n; i++)
        src[i] = vt_val<T>(i * 7 + 3);
    // Normal mode, each built-in pattern, contiguous and strided (block stride 2, repeat 16).
    for (uint8_t pat = 1; pat <= 7; pat++)
        for (int strided = 0; strided < 2; strided++) {
            uint32_t blk = strided ? 2 : 1, rep = strided ? 16 : 8, repeats = strided ? 3 : 5;
            GatherMaskParams p(blk, repeats, rep, 0);
            uint64_t n = 12345;
            GatherMask(dst.t(), src.t(), pat, false, 0, p, n);
            auto want = vt_gather_ref(
                src, repeats, (uint64_t)repeats * elems, blk, rep,
                [pat](uint32_t, uint32_t e) { return (kPatternByte[pat] >> (e % 8)) & 1; });
            VT_CHECK(vt_same(dst, want, n), "%s pattern %u strided %d: %llu elements, want %zu",
                     name, pat, strided, (unsigned long long)n, want.size());
        }
    // Counter mode: mask elements in all, the last repeat partial; repeatTimes is not used.
    for (uint32_t total : {1u, elems - 1, elems + 5, 3 * elems + 17}) {
        GatherMaskParams p(1, 200, 8, 0);
        uint64_t n = 0;
        GatherMask(dst.t(), src.t(), (uint8_t)2, true, total, p, n);
        uint32_t repeats = (total + elems - 1) / elems;
        auto want = vt_gather_ref(src, repeats, total, 1, 8,
                                  [](uint32_t, uint32_t e) { return e % 2 == 1; });
        VT_CHECK(vt_same(dst, want, n), "%s counter %u: %llu elements, want %zu", name, total,
                 (unsigned long long)n, want.size());
    }
    // A pattern tensor: a different pattern each repeat (src1RepeatStride 1 block), then the
    // same for all (stride 0), in both modes.
    VtBuf<U> pat(8 * 32 / sizeof(U));
    VtRng rng;
    for (size_t i = 0; i < pat.n; i++)
        pat[i] = (U)rng.next();
    const uint8_t *pb = reinterpret_cast<const uint8_t *>(pat.p);
    for (uint8_t stride : {1, 0}) {
        auto sel = [&](uint32_t r, uint32_t e) {
            uint64_t bit = (uint64_t)r * stride * 256 + e;
            return (pb[bit / 8] >> (bit % 8)) & 1;
        };
        GatherMaskParams p(1, 6, 8, stride);
        uint64_t n = 0;
        GatherMask(dst.t(), src.t(), pat.t(), false, 0, p, n);
        auto want = vt_gather_ref(src, 6, 6ull * elems, 1, 8, sel);
        VT_CHECK(vt_same(dst, want, n), "%s tensor pattern stride %u", name, stride);
        uint32_t total = 4 * elems + 9;
        GatherMask(dst.t(), src.t(), pat.t(), true, total, GatherMaskParams(1, 1, 8, stride), n);
        want = vt_gather_ref(src, 5, total, 1, 8, sel);
        VT_CHECK(vt_same(dst, want, n), "%s tensor pattern counter stride %u", name, stride);
    }
    // Misuse: a built-in pattern outside 1..7, a pattern tensor too small for its repeats,
    // repeats beyond src0, a dst too small for what is selected, counter mode with mask 0.
    uint64_t n = 0;
    std::string msg;
    VT_CHECK(vt_fails(
                 [&] {
                     GatherMask(dst.t(), src.t(), (uint8_t)8, false, 0,
                                GatherMaskParams(1, 1, 8, 0), n);
                 },
                 &msg),
             "%s pattern 8", name);
    VT_CHECK(msg.find("pattern 8") != std::string::npos, "%s: %s", name, msg.c_str());
    VtBuf<U> small(32 / sizeof(U));
    VT_CHECK(vt_fails([&] {
                 GatherMask(dst.t(), src.t(), small.t(), false, 0, GatherMaskParams(1, 3, 8, 1), n);
             }),
             "%s small pattern", name);
    VT_CHECK(vt_fails([&] {
                 GatherMask(dst.t(), src.t(), (uint8_t)7, false, 0, GatherMaskParams(1, 25, 8, 0),
                            n);
             }),
             "%s repeats beyond src0", name);
    VtBuf<T> tiny(32 / sizeof(T));
    VT_CHECK(vt_fails([&] {
                 GatherMask(tiny.t(), src.t(), (uint8_t)7, false, 0, GatherMaskParams(1, 1, 8, 0),
                            n);
             }),
             "%s dst too small", name);
    VT_CHECK(vt_fails([&] {
                 GatherMask(dst.t(), src.t(), (uint8_t)1, true, 0, GatherMaskParams(1, 1, 8, 0), n);
             }),
             "%s counter mask 0", name);
}

template <class T> static void vt_arith(const char *name, double first, double diff)
{
    VtBuf<T> d(1000);
    for (int32_t count : {1, 7, 8, 64, 65, 999}) {
        for (size_t i = 0; i < d.n; i++)
            d[i] = static_cast<T>(-1);
        ArithProgression(d.t(), static_cast<T>(first), static_cast<T>(diff), count);
        for (int32_t i = 0; i < count; i++) {
            double want = first + (double)i * diff; // exact: integer-valued terms
            VT_CHECK(static_cast<double>(static_cast<float>(d[i])) == want,
                     "%s count %d: [%d] = %g, want %g", name, count, i,
                     (double)static_cast<float>(d[i]), want);
        }
        VT_CHECK(static_cast<float>(d[count]) == -1.0f, "%s: written past count %d", name, count);
    }
    VT_CHECK(vt_fails([&] { ArithProgression(d.t(), static_cast<T>(0), static_cast<T>(1), 0); }),
             "%s count 0", name);
    VT_CHECK(vt_fails([&] { ArithProgression(d.t(), static_cast<T>(0), static_cast<T>(1), 1001); }),
             "%s count beyond dst", name);
}

int main()
{
    vt_gather_mask<half, uint16_t>("half");
    vt_gather_mask<bfloat16_t, uint16_t>("bfloat16_t");
    vt_gather_mask<int16_t, uint16_t>("int16_t");
    vt_gather_mask<float, uint32_t>("float");
    vt_gather_mask<int32_t, uint32_t>("int32_t");
    vt_gather_mask<uint32_t, uint32_t>("uint32_t");

    vt_arith<half>("half", -1000, 2);    // integers within +-2048: exact in half
    vt_arith<float>("float", 2.5, 0.25); // multiples of 1/4: exact in float
    vt_arith<int16_t>("int16_t", -500, 7);
    vt_arith<int32_t>("int32_t", 1 << 20, 1001);
    VtBuf<float> f(8);
    VT_CHECK(vt_fails([&] { ArithProgression(f.t(), 0.0f, -1.0f, 4); }), "negative diffValue");

    // InitGlobalMemory: the first size elements, nothing after; a size beyond a sized tensor.
    std::vector<int32_t> gm(100, 5);
    GlobalTensor<int32_t> g;
    g.SetGlobalBuffer(gm.data(), 90);
    InitGlobalMemory(g, 64, (int32_t)-9);
    for (int i = 0; i < 100; i++)
        VT_CHECK(gm[i] == (i < 64 ? -9 : 5), "InitGlobalMemory [%d] = %d", i, gm[i]);
    std::vector<half> gh(40, half(1.0f));
    GlobalTensor<half> h;
    h.SetGlobalBuffer(gh.data());
    InitGlobalMemory(h, 40, half(0.5f));
    for (int i = 0; i < 40; i++)
        VT_CHECK(static_cast<float>(gh[i]) == 0.5f, "InitGlobalMemory half [%d]", i);
    VT_CHECK(vt_fails([&] { InitGlobalMemory(g, 91, (int32_t)0); }), "InitGlobalMemory beyond");

    // DataCacheCleanAndInvalid: all three forms compile and leave memory as it is.
    DataCacheCleanAndInvalid<int32_t, CacheLine::SINGLE_CACHE_LINE, DcciDst::CACHELINE_OUT>(g);
    DataCacheCleanAndInvalid<int32_t, CacheLine::ENTIRE_DATA_CACHE>(g);
    VtBuf<int32_t> l(8);
    DataCacheCleanAndInvalid<int32_t, CacheLine::SINGLE_CACHE_LINE, DcciDst::CACHELINE_ALL>(l.t());
    VT_CHECK(gm[0] == -9 && gm[64] == 5, "DataCacheCleanAndInvalid changed memory");

    static_assert(IsSameType<half, half>::value && !IsSameType<half, bfloat16_t>::value &&
                      !IsSameType<int32_t, uint32_t>::value && IsSameType<float, float>::value,
                  "IsSameType");
    return vt_result("ascendc_vector_gather");
}
