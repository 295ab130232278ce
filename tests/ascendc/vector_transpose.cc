// SPDX-License-Identifier: Apache-2.0
//
// tests/ascendc/vector_transpose.cc: TransDataTo5HD against a scalar reference written here,
// for 8-, 16- and 32-bit elements, both list forms (LocalTensor and uint64_t addresses), the
// source and destination blocks scattered and permuted, several repeats with strides, the
// single repeat at one stride, each half of 8-bit blocks, in place, an NCHW to NC1HWC0
// conversion, and the documented misuse failing through cpuaclAscendcFail.
// docs/ascendc-vector.md.
#include "vector_test.h"

using namespace AscendC;

static constexpr uint32_t kBlk = 32;

// The reference reads the 16 source blocks of a repeat as a matrix m[i][e] (block i,
// element e) and gives each destination element its source, looping over the destination.
template <class T> struct Ref {
    static constexpr uint32_t E = kBlk / sizeof(T); // elements a block
    // 16-bit: dst block j, element i <- m[i][j]. 32-bit: dst block b, element k <- m[8*(b%2)+k][b/2].
    // 8-bit: dst block j, element dh+i <- m[i][sh+j]; the other half of the block kept.
    static void Apply(unsigned char *dst[16], const unsigned char *src[16], bool dhigh, bool shigh)
    {
        for (uint32_t b = 0; b < 16; b++)
            for (uint32_t k = 0; k < E; k++) {
                uint32_t i, e;
                if (sizeof(T) == 2) {
                    i = k;
                    e = b;
                } else if (sizeof(T) == 4) {
                    i = 8 * (b % 2) + k;
                    e = b / 2;
                } else {
                    uint32_t half = dhigh ? 16 : 0;
                    if (k < half || k >= half + 16)
                        continue;
                    i = k - half;
                    e = (shigh ? 16 : 0) + b;
                }
                std::memcpy(dst[b] + k * sizeof(T), src[i] + e * sizeof(T), sizeof(T));
            }
    }
};

// Scattered lists: block k of a list at position perm(k) * spread (in 32-byte blocks).
static uint32_t vt_perm(uint32_t k, uint32_t seed)
{
    return (k * 7 + seed) % 16;
}

template <class T> static void vt_trans(const char *name, bool tensors)
{
    const uint32_t E = kBlk / sizeof(T);
    const uint32_t spread = 3;                 // each list block spread blocks apart
    const uint32_t rep[3] = {1, 2, 3};          // repeat counts tried
    for (uint32_t repeats : rep)
        for (int half = 0; half < (sizeof(T) == 1 ? 4 : 1); half++) {
            bool dh = half & 1, sh = (half >> 1) & 1;
            // repeat strides (blocks): 16 * spread keeps repeats apart from the lists' blocks
            uint16_t srep = (uint16_t)(16 * spread + 1), drep = (uint16_t)(16 * spread + 2);
            uint32_t blocks = (repeats + 1) * (16 * spread + 2) + 16 * spread;
            VtBuf<T> src(blocks * E), dst(blocks * E), want(blocks * E);
            VtRng g;
            for (size_t i = 0; i < src.n; i++) {
                uint64_t v = g.next();
                std::memcpy(static_cast<void *>(&src[i]), &v, sizeof(T));
                v = g.next();
                std::memcpy(static_cast<void *>(&dst[i]), &v, sizeof(T));
            }
            std::memcpy(static_cast<void *>(want.p), dst.p, dst.n * sizeof(T));
            TransDataTo5HDParams p(dh, sh, (uint8_t)repeats, drep, srep);
            uint64_t sl[16], dl[16];
            LocalTensor<T> st[16], dt[16];
            for (uint32_t k = 0; k < 16; k++) {
                uint64_t so = (uint64_t)vt_perm(k, 3) * spread * E;
                uint64_t dof = (uint64_t)vt_perm(k, 11) * spread * E;
                sl[k] = (uint64_t)(uintptr_t)(src.p + so);
                dl[k] = (uint64_t)(uintptr_t)(dst.p + dof);
                st[k] = LocalTensor<T>(src.p + so, (uint32_t)(src.n - so));
                dt[k] = LocalTensor<T>(dst.p + dof, (uint32_t)(dst.n - dof));
            }
            // the reference, repeat by repeat: repeat r at r strides, a single one at one
            for (uint32_t r = 0; r < repeats; r++) {
                uint64_t kr = repeats == 1 ? 1 : r;
                unsigned char *d[16];
                const unsigned char *s[16];
                for (uint32_t k = 0; k < 16; k++) {
                    s[k] = reinterpret_cast<const unsigned char *>(sl[k]) + kr * srep * kBlk;
                    d[k] = reinterpret_cast<unsigned char *>(want.p) +
                           (dl[k] - (uint64_t)(uintptr_t)dst.p) + kr * drep * kBlk;
                }
                Ref<T>::Apply(d, s, dh, sh);
            }
            if (tensors)
                TransDataTo5HD(dt, st, p);
            else
                TransDataTo5HD<T>(dl, sl, p);
            VT_CHECK(std::memcmp(dst.p, want.p, dst.n * sizeof(T)) == 0,
                     "%s %s repeats %u dstHigh %d srcHigh %d: dst differs from the reference",
                     name, tensors ? "tensors" : "addresses", repeats, (int)dh, (int)sh);
        }
}

// The use the API reference describes: a 16 x 16 half matrix (row i one block) transposed,
// in place; a 16 x 8 float matrix to 8 x 16 (the two blocks of row j from entries 2j, 2j+1).
static void vt_matrix()
{
    VtBuf<half> h(256);
    for (uint32_t i = 0; i < 256; i++)
        h[i] = half((float)i);
    uint64_t l[16];
    for (uint32_t k = 0; k < 16; k++)
        l[k] = (uint64_t)(uintptr_t)(h.p + 16 * k);
    TransDataTo5HD<half>(l, l, TransDataTo5HDParams(false, false, 1, 0, 0));
    bool ok = true;
    for (uint32_t r = 0; r < 16; r++)
        for (uint32_t c = 0; c < 16; c++)
            ok &= (float)h[16 * r + c] == (float)(16 * c + r);
    VT_CHECK(ok, "half 16x16 in place is not the transpose");

    VtBuf<float> a(128), b(128);
    for (uint32_t i = 0; i < 128; i++)
        a[i] = (float)i; // row i (0..15), column c (0..7): 8 * i + c
    uint64_t s[16], d[16];
    for (uint32_t k = 0; k < 16; k++)
        s[k] = (uint64_t)(uintptr_t)(a.p + 8 * k);
    for (uint32_t j = 0; j < 8; j++) {
        d[2 * j] = (uint64_t)(uintptr_t)(b.p + 16 * j);
        d[2 * j + 1] = (uint64_t)(uintptr_t)(b.p + 16 * j + 8);
    }
    TransDataTo5HD<float>(d, s, TransDataTo5HDParams(false, false, 1, 0, 0));
    ok = true;
    for (uint32_t r = 0; r < 8; r++)
        for (uint32_t c = 0; c < 16; c++)
            ok &= b[16 * r + c] == (float)(8 * c + r);
    VT_CHECK(ok, "float 16x8 is not transposed to 8x16");
}

// NCHW (C = 16, H * W = 64) to NC1HWC0 (C1 = 1, C0 = 16): out[hw][c] = in[c][hw]. Source
// list entry c: channel c's plane, 16 elements a block, so repeat r (stride 1 block) takes
// positions 16r..16r+15 of every plane; destination entry j: position 16r + j's row.
static void vt_nc1hwc0()
{
    const uint32_t C = 16, HW = 64;
    VtBuf<half> in(C * HW), out(HW * C);
    for (uint32_t c = 0; c < C; c++)
        for (uint32_t x = 0; x < HW; x++)
            in[c * HW + x] = half((float)(c * 100 + x));
    uint64_t s[16], d[16];
    for (uint32_t k = 0; k < 16; k++) {
        s[k] = (uint64_t)(uintptr_t)(in.p + k * HW);
        d[k] = (uint64_t)(uintptr_t)(out.p + k * C);
    }
    // repeat r: sources one block further, destinations 16 rows (16 blocks) further
    TransDataTo5HD<half>(d, s, TransDataTo5HDParams(false, false, HW / 16, 16, 1));
    bool ok = true;
    for (uint32_t x = 0; x < HW; x++)
        for (uint32_t c = 0; c < C; c++)
            ok &= (float)out[x * C + c] == (float)(c * 100 + x);
    VT_CHECK(ok, "NCHW to NC1HWC0 differs");
}

static void vt_misuse()
{
    VtBuf<half> a(16 * 16 * 4);
    uint64_t l[16];
    for (uint32_t k = 0; k < 16; k++)
        l[k] = (uint64_t)(uintptr_t)(a.p + 16 * k);
    std::string msg;
    l[5] += 2; // one element off a block boundary
    VT_CHECK(vt_fails([&] { TransDataTo5HD<half>(l, l, TransDataTo5HDParams()); }, &msg) &&
                 msg.find("dstList[5]") != std::string::npos,
             "misaligned address: %s", msg.c_str());
    LocalTensor<half> t[16], u[16];
    for (uint32_t k = 0; k < 16; k++) {
        t[k] = LocalTensor<half>(a.p + 16 * k, 16); // one block each
        u[k] = t[k];
    }
    // two repeats at one block's stride need two blocks of every tensor
    VT_CHECK(vt_fails([&] { TransDataTo5HD(t, u, TransDataTo5HDParams(false, false, 2, 1, 1)); },
                      &msg) &&
                 msg.find("repeats reach byte 64") != std::string::npos,
             "tensor too small: %s", msg.c_str());
    // a single repeat is at one stride: 0 strides fit, 1 does not
    VT_CHECK(!vt_fails([&] { TransDataTo5HD(t, u, TransDataTo5HDParams(false, false, 1, 0, 0)); }),
             "one repeat, stride 0, refused");
    VT_CHECK(vt_fails([&] { TransDataTo5HD(t, u, TransDataTo5HDParams(false, false, 1, 1, 0)); }),
             "one repeat at one stride beyond dst accepted");
    // repeatTimes 0 does nothing
    std::vector<half> before(a.p, a.p + a.n);
    TransDataTo5HD(t, u, TransDataTo5HDParams(false, false, 0, 9, 9));
    VT_CHECK(std::memcmp(before.data(), a.p, a.n * sizeof(half)) == 0, "repeatTimes 0 wrote");
}

int main()
{
    for (int tensors = 0; tensors < 2; tensors++) {
        vt_trans<half>("half", tensors);
        vt_trans<int16_t>("int16_t", tensors);
        vt_trans<uint16_t>("uint16_t", tensors);
        vt_trans<float>("float", tensors);
        vt_trans<int32_t>("int32_t", tensors);
        vt_trans<uint32_t>("uint32_t", tensors);
        vt_trans<int8_t>("int8_t", tensors);
        vt_trans<uint8_t>("uint8_t", tensors);
    }
    vt_matrix();
    vt_nc1hwc0();
    vt_misuse();
    return vt_result("ascendc_vector_transpose");
}
