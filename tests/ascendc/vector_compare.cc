// SPDX-License-Identifier: Apache-2.0
//
// ascendc_vector_compare: Compare, CompareScalar (every CMPMODE; the result bit mask in a
// uint8_t tensor) and Select (every SELMODE) of ascendc/vector_compare.h, for half, float
// and int32_t, in count mode and in mask/repeat mode with strides and a bit mask with
// holes, against a reference in the test; Compare then Select as kernels chain them; the
// documented misuse.
#include "vector_test.h"

using namespace AscendC;

static const CMPMODE kModes[] = {CMPMODE::LT, CMPMODE::GT, CMPMODE::EQ,
                                 CMPMODE::LE, CMPMODE::GE, CMPMODE::NE};

static bool vt_cmp(double a, double b, CMPMODE m)
{
    switch (m) {
    case CMPMODE::LT:
        return a < b;
    case CMPMODE::GT:
        return a > b;
    case CMPMODE::EQ:
        return a == b;
    case CMPMODE::LE:
        return a <= b;
    case CMPMODE::GE:
        return a >= b;
    default:
        return a != b;
    }
}
static bool vt_bit(const uint8_t *p, size_t i)
{
    return (p[i / 8] >> (i % 8)) & 1;
}

template <class T> static T vt_val(int v)
{
    return static_cast<T>(v);
}

template <class T> static void vt_compare(const char *name)
{
    VtRng rng;
    const uint32_t elems = 256 / sizeof(T);
    const size_t N = 1024;
    VtBuf<T> a(N), b(N), d(N), dold(N);
    VtBuf<uint8_t> bits(N / 8 + 64);
    for (size_t i = 0; i < N; i++) { // small integers: many equal pairs
        a[i] = vt_val<T>((int)(rng.next() % 7) - 3);
        b[i] = vt_val<T>((int)(rng.next() % 7) - 3);
    }
    for (CMPMODE m : kModes) {
        std::memset(bits.p, 0xa5, bits.n);
        Compare(bits.t(), a.t(), b.t(), m, 4 * elems);
        for (size_t i = 0; i < 4 * elems; i++)
            VT_CHECK(vt_bit(bits.p, i) == vt_cmp((double)a[i], (double)b[i], m),
                     "Compare<%s> mode %d [%zu]", name, (int)m, i);
        VT_CHECK(bits[4 * elems / 8] == 0xa5, "Compare<%s> wrote past its bits", name);
        CompareScalar(bits.t(), a.t(), vt_val<T>(1), m, 3 * elems + 8);
        for (size_t i = 0; i < 3 * elems + 8; i++)
            VT_CHECK(vt_bit(bits.p, i) == vt_cmp((double)a[i], 1.0, m),
                     "CompareScalar<%s> mode %d [%zu]", name, (int)m, i);
    }
    // mask/repeat Compare: src0 block stride 2, src1 repeat stride 12; holes in the mask.
    uint64_t mask[2] = {rng.next(), elems > 64 ? rng.next() : 0};
    std::memset(bits.p, 0, bits.n);
    Compare(bits.t(), a.t(), b.t(), CMPMODE::GE, mask, 2, BinaryRepeatParams(1, 2, 1, 8, 16, 12));
    for (uint32_t r = 0; r < 2; r++)
        for (uint32_t e = 0; e < elems; e++) {
            bool in = (mask[e / 64] >> (e % 64)) & 1;
            size_t ia = r * 16 * (32 / sizeof(T)) + (e / (32 / sizeof(T))) * 2 * (32 / sizeof(T)) +
                        e % (32 / sizeof(T));
            size_t ib = r * 12 * (32 / sizeof(T)) + e;
            bool want = in && vt_cmp((double)a[ia], (double)b[ib], CMPMODE::GE);
            VT_CHECK(vt_bit(bits.p, r * elems + e) == want, "Compare<%s> mask r%u e%u", name, r, e);
        }

    // Select: every mode, count mode.
    VtBuf<uint8_t> sel(N / 8 + 32);
    for (size_t i = 0; i < sel.n; i++)
        sel[i] = (uint8_t)rng.next();
    const uint32_t n = 3 * elems;
    Select(d.t(), sel.t(), a.t(), b.t(), SELMODE::VSEL_TENSOR_TENSOR_MODE, n);
    for (size_t i = 0; i < n; i++)
        VT_CHECK(d[i] == (vt_bit(sel.p, i) ? a[i] : b[i]), "Select<%s> tensor [%zu]", name, i);
    Select(d.t(), sel.t(), a.t(), vt_val<T>(9), SELMODE::VSEL_TENSOR_SCALAR_MODE, n);
    for (size_t i = 0; i < n; i++)
        VT_CHECK(d[i] == (vt_bit(sel.p, i) ? a[i] : vt_val<T>(9)), "Select<%s> scalar [%zu]", name,
                 i);
    Select(d.t(), sel.t(), a.t(), b.t(), SELMODE::VSEL_CMPMASK_SPR, n);
    for (size_t i = 0; i < n; i++)
        VT_CHECK(d[i] == (vt_bit(sel.p, i % elems) ? a[i] : b[i]), "Select<%s> spr [%zu]", name, i);
    // mask/repeat Select: elements outside the mask keep dst.
    for (size_t i = 0; i < N; i++)
        d[i] = dold[i] = vt_val<T>(100 + (int)(i % 50));
    Select(d.t(), sel.t(), a.t(), vt_val<T>(-9), SELMODE::VSEL_TENSOR_SCALAR_MODE, mask, 3,
           BinaryRepeatParams(2, 1, 1, 16, 8, 8));
    std::vector<T> want(dold.p, dold.p + N);
    const size_t per = 32 / sizeof(T);
    for (uint32_t r = 0; r < 3; r++)
        for (uint32_t e = 0; e < elems; e++)
            if ((mask[e / 64] >> (e % 64)) & 1)
                want[r * 16 * per + (e / per) * 2 * per + e % per] =
                    vt_bit(sel.p, r * elems + e) ? a[r * elems + e] : vt_val<T>(-9);
    for (size_t i = 0; i < N; i++)
        VT_CHECK(d[i] == want[i], "Select<%s> mask [%zu]", name, i);

    // A kernel's Relu by Compare + Select: x > 0 ? x : 0.
    VtBuf<T> zero(N);
    Compare(bits.t(), a.t(), zero.t(), CMPMODE::GT, 2 * elems);
    Select(d.t(), bits.t(), a.t(), vt_val<T>(0), SELMODE::VSEL_TENSOR_SCALAR_MODE, 2 * elems);
    for (size_t i = 0; i < 2 * elems; i++)
        VT_CHECK(d[i] == (a[i] > vt_val<T>(0) ? a[i] : vt_val<T>(0)), "Compare+Select<%s> [%zu]",
                 name, i);

    // Misuse: Compare's calCount must cover whole repeats; too few bits in dst.
    std::string msg;
    VT_CHECK(vt_fails([&] { Compare(bits.t(), a.t(), b.t(), CMPMODE::LT, elems + 1); }, &msg) &&
                 msg.find("256") != std::string::npos,
             "Compare partial repeat: %s", msg.c_str());
    VtBuf<uint8_t> small(4);
    VT_CHECK(vt_fails([&] { Compare(small.t(), a.t(), b.t(), CMPMODE::LT, elems); }, &msg) &&
                 msg.find("bits") != std::string::npos,
             "Compare dst too small: %s", msg.c_str());
    VT_CHECK(vt_fails([&] {
                 Select(d.t(), small.t(), a.t(), b.t(), SELMODE::VSEL_TENSOR_TENSOR_MODE, elems);
             }),
             "Select selMask too small");
}

// The CmpMask register: Compare without dst (one repeat, bit and continuous masks, block
// strides), GetCmpMask, SetCmpMask, and the register form of Select (VSEL_CMPMASK_SPR).
template <class T> static void vt_cmp_register(const char *name)
{
    const uint32_t elems = 256 / sizeof(T), per = 32 / sizeof(T);
    VtBuf<T> a(elems * 2), b(elems * 2), d(elems * 4);
    VtBuf<uint8_t> out(128);
    for (uint32_t i = 0; i < elems * 2; i++) {
        a[i] = vt_val<T>((int)(i * 37 % 23) - 11);
        b[i] = vt_val<T>((int)(i * 11 % 19) - 9);
    }
    const uint64_t holes[2] = {0xF0F0F0F00F0F0F0Full, 0x00FF00FF00FF00FFull};
    for (CMPMODE m : kModes) {
        // continuous mask of elems - 3, contiguous
        Compare(a.t(), b.t(), m, (uint64_t)(elems - 3), BinaryRepeatParams());
        std::memset(out.p, 0xAB, 128);
        GetCmpMask(out.t());
        for (uint32_t e = 0; e < 128; e++) {
            bool want = e < elems - 3 && vt_cmp((double)a[e], (double)b[e], m);
            VT_CHECK(vt_bit(out.p, e) == want, "%s reg mode %d bit %u", name, (int)m, e);
        }
        VT_CHECK(out[16] == 0xAB, "%s GetCmpMask wrote past 16 bytes", name);
        // bit mask with holes, src0 block stride 2 (src0 spans two repeats' worth)
        Compare(a.t(), b.t(), m, holes, BinaryRepeatParams(1, 2, 1, 8, 8, 8));
        GetCmpMask(out.t());
        for (uint32_t e = 0; e < elems; e++) {
            bool sel = (holes[e / 64] >> (e % 64)) & 1;
            uint32_t ai = (e / per) * 2 * per + e % per;
            bool want = sel && vt_cmp((double)a[ai], (double)b[e], m);
            VT_CHECK(vt_bit(out.p, e) == want, "%s reg strided mode %d bit %u", name, (int)m, e);
        }
    }
    // SetCmpMask then the register Select: bit e of the register picks src0's element e of
    // every repeat, else src1's, under SetVectorMask's mask; elements outside it keep dst.
    VtBuf<uint8_t> reg(32);
    for (int i = 0; i < 16; i++)
        reg[i] = (uint8_t)(0x5A ^ (i * 29));
    SetCmpMask(reg.t());
    GetCmpMask(out.t());
    VT_CHECK(std::memcmp(out.p, reg.p, 16) == 0, "%s Set/GetCmpMask round trip", name);
    for (uint32_t i = 0; i < d.n; i++)
        d[i] = vt_val<T>(99);
    SetVectorMask<T>((int32_t)(elems - 5));
    Select<T, SELMODE::VSEL_CMPMASK_SPR>(d.t(), a.t(), b.t(), 2, BinaryRepeatParams());
    ResetMask();
    for (uint32_t r = 0; r < 2; r++)
        for (uint32_t e = 0; e < elems; e++) {
            uint32_t i = r * elems + e;
            double want = e >= elems - 5 ? 99.0 : (double)(vt_bit(reg.p, e) ? a[i] : b[i]);
            VT_CHECK((double)d[i] == want, "%s register Select [%u]", name, i);
        }
    VtBuf<uint8_t> shortDst(64);
    VT_CHECK(vt_fails([&] { GetCmpMask(shortDst.t()); }), "%s GetCmpMask under 128 bytes", name);
}

int main()
{
    vt_cmp_register<half>("half");
    vt_cmp_register<float>("float");
    vt_cmp_register<int32_t>("int32_t");
    vt_compare<half>("half");
    vt_compare<float>("float");
    vt_compare<int32_t>("int32_t");
    // NaN: unordered, only NE holds.
    VtBuf<float> a(64), b(64);
    VtBuf<uint8_t> bits(8);
    for (int i = 0; i < 64; i++)
        a[i] = NAN;
    for (CMPMODE m : kModes) {
        Compare(bits.t(), a.t(), b.t(), m, 64);
        VT_CHECK(vt_bit(bits.p, 5) == (m == CMPMODE::NE), "NaN mode %d", (int)m);
    }
    return vt_result("ascendc_vector_compare");
}
