// SPDX-License-Identifier: Apache-2.0
//
// ascendc_vector_reduce: the reductions of ascendc/vector_reduce.h (ReduceSum/Max/Min with
// their index, WholeReduceSum/Max/Min in every ReduceOrder, BlockReduceSum/Max/Min,
// PairReduceSum) and Brcb and Gather of ascendc/vector_gather.h, for half and float, in
// count mode and in mask/repeat mode with strides and holes, against a reference in the
// test. Sums of integer-valued data are exact in any order and compared exactly; sums of
// random data within a bound of n * eps * sum|x|; the documented BlockReduceSum saturation.
#include "vector_test.h"

#include <limits>

using namespace AscendC;

template <class T> static uint32_t vt_index(T v)
{
    if constexpr (sizeof(T) == 2) {
        uint16_t u;
        std::memcpy(&u, &v, 2);
        return u;
    } else {
        uint32_t u;
        std::memcpy(&u, &v, 4);
        return u;
    }
}

template <class T> static void vt_reduce(const char *name, double eps)
{
    VtRng rng;
    const uint32_t elems = 256 / sizeof(T), per = 32 / sizeof(T);
    const size_t N = 8192;
    VtBuf<T> src(N), work(N), dst(1024), ints(N);
    for (size_t i = 0; i < N; i++) {
        src[i] = T((float)rng.uniform(-10, 10));
        ints[i] = T((float)((int)(rng.next() % 9) - 4));
    }
    // ReduceSum count mode: exact on integers (any count, beyond 255 repeats too), bounded
    // on random data.
    for (int32_t n : {1, 7, (int32_t)elems, 1000, 8192}) {
        double exact = 0, abs = 0;
        for (int32_t i = 0; i < n; i++) {
            exact += (double)(float)ints[i];
            abs += std::fabs((double)(float)src[i]);
        }
        ReduceSum(dst.t(), ints.t(), work.t(), n);
        VT_CHECK((double)(float)dst[0] == exact, "ReduceSum<%s> ints n=%d: %g want %g", name, n,
                 (double)(float)dst[0], exact);
        double sum = 0;
        for (int32_t i = 0; i < n; i++)
            sum += (double)(float)src[i];
        ReduceSum(dst.t(), src.t(), work.t(), n);
        double err = std::fabs((double)(float)dst[0] - sum);
        VT_CHECK(err <= 2 * std::log2((double)n + 1) * eps * abs + eps * std::fabs(sum),
                 "ReduceSum<%s> n=%d: %g want %g (err %g)", name, n, (double)(float)dst[0], sum,
                 err);
        // Max / Min with index: the first of equal extremes.
        size_t imax = 0, imin = 0;
        for (int32_t i = 1; i < n; i++) {
            if ((float)src[i] > (float)src[imax])
                imax = i;
            if ((float)src[i] < (float)src[imin])
                imin = i;
        }
        ReduceMax(dst.t(), src.t(), work.t(), n, true);
        VT_CHECK((float)dst[0] == (float)src[imax] && vt_index(dst[1]) == imax,
                 "ReduceMax<%s> n=%d: %g@%u want %g@%zu", name, n, (double)(float)dst[0],
                 vt_index(dst[1]), (double)(float)src[imax], imax);
        ReduceMin(dst.t(), src.t(), work.t(), n, true);
        VT_CHECK((float)dst[0] == (float)src[imin] && vt_index(dst[1]) == imin,
                 "ReduceMin<%s> n=%d", name, n);
    }
    // ReduceMax ties: the lowest index.
    VtBuf<T> tie(256);
    tie[40] = T(5.0f);
    tie[90] = T(5.0f);
    ReduceMax(dst.t(), tie.t(), work.t(), (int32_t)tie.n, true);
    VT_CHECK(vt_index(dst[1]) == 40, "ReduceMax<%s> tie: %u", name, vt_index(dst[1]));

    // Mask/repeat mode: srcRepStride 16, bit mask with holes.
    uint64_t mask[2] = {rng.next(), elems > 64 ? rng.next() : 0};
    const int32_t reps = 5, srep = 16;
    double exact = 0;
    double best = -1e9;
    uint32_t bestAt = 0;
    for (int32_t r = 0; r < reps; r++)
        for (uint32_t e = 0; e < elems; e++)
            if ((mask[e / 64] >> (e % 64)) & 1) {
                size_t at = r * srep * per + e;
                exact += (double)(float)ints[at];
                if ((float)src[at] > best) {
                    best = (float)src[at];
                    bestAt = (uint32_t)at;
                }
            }
    ReduceSum(dst.t(), ints.t(), work.t(), mask, reps, srep);
    VT_CHECK((double)(float)dst[0] == exact, "ReduceSum<%s> mask: %g want %g", name,
             (double)(float)dst[0], exact);
    ReduceMax(dst.t(), src.t(), work.t(), mask, reps, srep, true);
    VT_CHECK((double)(float)dst[0] == best && vt_index(dst[1]) == bestAt,
             "ReduceMax<%s> mask: %g@%u want %g@%u", name, (double)(float)dst[0], vt_index(dst[1]),
             best, bestAt);
    ReduceSum(dst.t(), ints.t(), work.t(), (int32_t)(elems / 2), reps, srep);
    exact = 0;
    for (int32_t r = 0; r < reps; r++)
        for (uint32_t e = 0; e < elems / 2; e++)
            exact += (double)(float)ints[r * srep * per + e];
    VT_CHECK((double)(float)dst[0] == exact, "ReduceSum<%s> continuous mask", name);

    // WholeReduce*: per repeat, srcBlkStride 2, dstRepStride 3.
    const int32_t wreps = 6, sblk = 2, wsrep = 20, drep = 3;
    for (int kind = 0; kind < 3; kind++)
        for (ReduceOrder order : {ReduceOrder::ORDER_VALUE_INDEX, ReduceOrder::ORDER_INDEX_VALUE,
                                  ReduceOrder::ORDER_ONLY_VALUE, ReduceOrder::ORDER_ONLY_INDEX}) {
            if (kind == 0 && order != ReduceOrder::ORDER_VALUE_INDEX)
                continue;
            for (size_t i = 0; i < dst.n; i++)
                dst[i] = T(-99.0f);
            const VtBuf<T> &in = kind == 0 ? ints : src;
            if (kind == 0)
                WholeReduceSum(dst.t(), ints.t(), mask, wreps, drep, sblk, wsrep);
            else if (kind == 1)
                WholeReduceMax(dst.t(), src.t(), mask, wreps, drep, sblk, wsrep, order);
            else
                WholeReduceMin(dst.t(), src.t(), mask, wreps, drep, sblk, wsrep, order);
            uint32_t width = kind == 0 ? 1
                             : (order == ReduceOrder::ORDER_VALUE_INDEX ||
                                order == ReduceOrder::ORDER_INDEX_VALUE)
                                 ? 2
                                 : 1;
            for (int32_t r = 0; r < wreps; r++) {
                double s = 0, v = kind == 1 ? -1e9 : 1e9;
                uint32_t at = 0;
                for (uint32_t e = 0; e < elems; e++) {
                    if (!((mask[e / 64] >> (e % 64)) & 1))
                        continue;
                    double x = (float)in.p[r * wsrep * per + (e / per) * sblk * per + e % per];
                    s += x;
                    if (kind == 1 ? x > v : x < v) {
                        v = x;
                        at = e;
                    }
                }
                T *out = dst.p + r * drep * width;
                if (kind == 0) {
                    VT_CHECK((double)(float)out[0] == s, "WholeReduceSum<%s> r%d: %g want %g", name,
                             r, (double)(float)out[0], s);
                    continue;
                }
                double gv = (float)out[order == ReduceOrder::ORDER_INDEX_VALUE ? 1 : 0];
                uint32_t gi = vt_index(out[order == ReduceOrder::ORDER_VALUE_INDEX ? 1 : 0]);
                if (order != ReduceOrder::ORDER_ONLY_INDEX)
                    VT_CHECK(gv == v, "WholeReduce%s<%s> order %d r%d value %g want %g",
                             kind == 1 ? "Max" : "Min", name, (int)order, r, gv, v);
                if (order != ReduceOrder::ORDER_ONLY_VALUE)
                    VT_CHECK(gi == at, "WholeReduce%s<%s> order %d r%d index %u want %u",
                             kind == 1 ? "Max" : "Min", name, (int)order, r, gi, at);
                if (drep * width > width)
                    VT_CHECK((float)out[width] == -99.0f, "WholeReduce<%s> gap written", name);
            }
        }

    // BlockReduce*: one result per block; blocks wholly outside the mask keep dst.
    uint64_t bm[2] = {0x00000000ffff00ffull, elems > 64 ? 0xff00000000000001ull : 0};
    for (int kind = 0; kind < 3; kind++) {
        for (size_t i = 0; i < dst.n; i++)
            dst[i] = T(-99.0f);
        const VtBuf<T> &in = kind == 0 ? ints : src;
        if (kind == 0)
            BlockReduceSum(dst.t(), ints.t(), 3, bm, 2, 1, 8);
        else if (kind == 1)
            BlockReduceMax(dst.t(), src.t(), 3, bm, 2, 1, 8);
        else
            BlockReduceMin(dst.t(), src.t(), 3, bm, 2, 1, 8);
        for (int32_t r = 0; r < 3; r++)
            for (uint32_t b = 0; b < 8; b++) {
                double s = 0, v = kind == 1 ? -1e9 : 1e9;
                bool any = false;
                for (uint32_t j = 0; j < per; j++) {
                    uint32_t e = b * per + j;
                    if (!((bm[e / 64] >> (e % 64)) & 1))
                        continue;
                    any = true;
                    double x = (float)in.p[r * elems + e];
                    s += x;
                    v = kind == 1 ? std::max(v, x) : std::min(v, x);
                }
                double want = !any ? -99 : kind == 0 ? s : v;
                double got = (float)dst[r * 2 * 8 + b];
                VT_CHECK(got == want, "BlockReduce%d<%s> r%d b%u: %g want %g", kind, name, r, b,
                         got, want);
            }
    }

    // PairReduceSum: adjacent pairs, dstRepStride in units of half a repeat.
    for (size_t i = 0; i < dst.n; i++)
        dst[i] = T(0.0f);
    uint64_t full[2] = {~0ull, elems > 64 ? ~0ull : 0};
    PairReduceSum(dst.t(), ints.t(), 2, full, 1, 1, 8);
    for (uint32_t k = 0; k < elems; k++)
        VT_CHECK((float)dst[k] == (float)ints[2 * k] + (float)ints[2 * k + 1],
                 "PairReduceSum<%s> [%u]", name, k);

    // Misuse: WholeReduce repeat out of range; results beyond dst.
    std::string msg;
    VT_CHECK(vt_fails([&] { WholeReduceSum(dst.t(), src.t(), full, 256, 1, 1, 8); }, &msg) &&
                 msg.find("repeatTimes") != std::string::npos,
             "repeat 256: %s", msg.c_str());
    VT_CHECK(vt_fails([&] { WholeReduceSum(dst.t()[1020], src.t(), full, 8, 1, 1, 8); }, &msg),
             "WholeReduceSum past dst");
    VT_CHECK(vt_fails([&] { ReduceSum(dst.t(), src.t(), work.t(), (int32_t)N + 1); }, &msg),
             "ReduceSum count past src");
}

int main()
{
    vt_reduce<half>("half", std::ldexp(1.0, -11));
    vt_reduce<float>("float", std::ldexp(1.0, -24));

    // BlockReduceSum half: the documented saturation example, pairwise. The page shows the
    // partial sums unrounded (35604); in half each rounds: 60000 + 60000 saturates to 65504,
    // -30000 + 100 = -29904, 65504 - 29904 = 35600 -> 35584 (a tie, to even). Without the
    // saturation the result would be inf.
    VtBuf<half> s(128), d(16);
    s[0] = half(60000);
    s[1] = half(60000);
    s[2] = half(-30000);
    s[3] = half(100);
    BlockReduceSum(d.t(), s.t(), 1, 4, 1, 1, 8);
    VT_CHECK((float)d[0] == 35584.0f, "BlockReduceSum saturation: %g", (double)(float)d[0]);

    // Brcb: 8 elements a repeat, each fills a block; block stride 2, repeat stride 20.
    VtBuf<float> src(32), dst(1024);
    for (int i = 0; i < 32; i++)
        src[i] = (float)(i + 1);
    Brcb(dst.t(), src.t(), 3, BrcbRepeatParams(2, 20));
    for (int r = 0; r < 3; r++)
        for (int b = 0; b < 8; b++)
            for (int j = 0; j < 8; j++)
                VT_CHECK(dst[(r * 20 + b * 2) * 8 + j] == (float)(r * 8 + b + 1),
                         "Brcb r%d b%d j%d", r, b, j);
    VT_CHECK(dst[8] == 0.0f, "Brcb block stride gap");
    VtBuf<half> hs(16), hd(256);
    for (int i = 0; i < 16; i++)
        hs[i] = half(i + 1);
    Brcb(hd.t(), hs.t(), 2, BrcbRepeatParams(1, 8));
    for (int i = 0; i < 256; i++)
        VT_CHECK((float)hd[i] == (float)(i / 16 + 1), "Brcb half [%d]", i);

    // Gather: byte offsets from srcBaseAddr.
    VtBuf<uint32_t> off(64);
    VtBuf<float> gd(64);
    for (int i = 0; i < 64; i++)
        off[i] = (uint32_t)((63 - i) * 4 % 96);
    Gather(gd.t(), src.t(), off.t(), 16, 64);
    for (int i = 0; i < 64; i++)
        VT_CHECK(gd[i] == src[(16 + off[i]) / 4], "Gather [%d]", i);
    off[5] = 200;
    std::string msg;
    VT_CHECK(vt_fails([&] { Gather(gd.t(), src.t(), off.t(), 0, 64); }, &msg) &&
                 msg.find("offset") != std::string::npos,
             "Gather outside src: %s", msg.c_str());
    VT_CHECK(vt_fails([&] { Brcb(dst.t(), src.t(), 5, BrcbRepeatParams(1, 8)); }),
             "Brcb reading past src");
    return vt_result("ascendc_vector_reduce");
}
