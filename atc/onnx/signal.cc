/* SPDX-License-Identifier: Apache-2.0 */
/*
 * atc/onnx/signal.cc: signal processing: HannWindow, HammingWindow, BlackmanWindow,
 * DFT, STFT, MelWeightMatrix.
 */
#include "onnx_pvt.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <functional>

namespace atc
{

/* HannWindow, HammingWindow, BlackmanWindow (opset 17): constants of `size` values (size a
 * constant; fed at run time, the formula as nodes on Range(0, size)), ONNX's formulas: w[n] = a0 -
 * a1 cos(2 pi n / N) + a2 cos(4 pi n / N), N = size (periodic, the default) or size - 1;
 * output_datatype float32 (the default), double, int32 or int64 (truncated). */
void conv_window(Ctx &c, const char *)
{
    known_attrs(c, {"output_datatype", "periodic"});
    const std::string &op = c.node->op_type();
    double a0 = 0.5, a1 = 0.5, a2 = 0; /* Hann */
    if (op == "HammingWindow")
        a0 = 25.0 / 46, a1 = 1 - 25.0 / 46;
    else if (op == "BlackmanWindow")
        a0 = 0.42, a1 = 0.5, a2 = 0.08;
    int32_t ot = (int32_t)get_i(c, "output_datatype", onnx::TensorProto::FLOAT);
    int32_t dt = ge_dtype(ot);
    if (dt != GE_F32 && dt != GE_F64 && dt != GE_I32 && dt != GE_I64)
        refuse("output_datatype " + std::to_string(ot) + " is not supported");
    if (fed_at_run_time(c, 0)) {
        /* size fed at run time: the same formula as nodes, in double, on n = Range(0, size)
         * (a dynamic-shape model: the Range's limit is the graph input) */
        int32_t st = in_shape(c, 0).dtype;
        int32_t r = add(c, "Range", "/n");
        connect(c, r, "start", const_scalar(c, "/zero", st, 0.0));
        connect_in(c, r, "limit", 0);
        connect(c, r, "delta", const_scalar(c, "/one", st, 1.0));
        Ref n = cast_to(c, "/n_f64", {r, 0}, GE_F64);
        Ref N = cast_to(c, "/size_f64", value(c, in_name(c, 0)), GE_F64);
        if (!get_i(c, "periodic", 1))
            N = apply2(c, "Sub", "/size_minus_1", N,
                       const_scalar(c, "/one_f64", onnx::TensorProto::DOUBLE, 1.0));
        const double pi = 3.14159265358979323846;
        Ref t = apply2(c, "Div", "/angle",
                       apply2(c, "Mul", "/two_pi_n", n,
                              const_scalar(c, "/two_pi", onnx::TensorProto::DOUBLE, 2 * pi)),
                       N);
        Ref v = apply2(c, "Sub", "/hann", const_scalar(c, "/a0", onnx::TensorProto::DOUBLE, a0),
                       apply2(c, "Mul", "/a1_cos",
                              const_scalar(c, "/a1", onnx::TensorProto::DOUBLE, a1),
                              apply(c, "Cos", "/cos", t)));
        if (a2 != 0)
            v = apply2(c, "Add", "/blackman", v,
                       apply2(c, "Mul", "/a2_cos",
                              const_scalar(c, "/a2", onnx::TensorProto::DOUBLE, a2),
                              apply(c, "Cos", "/cos2", apply2(c, "Add", "/angle2", t, t))));
        set_out(c, 0, dt == GE_F64 ? apply(c, "Identity", "", v) : cast_to(c, "", v, dt));
        return;
    }
    std::vector<int64_t> sv = need_ints(c, 0, "size");
    if (sv.size() != 1 || sv[0] < 0)
        refuse("size must be one value >= 0");
    int64_t size = sv[0];
    double N = get_i(c, "periodic", 1) ? (double)size : (double)size - 1;
    std::vector<char> b((size_t)size * ge_size(dt));
    for (int64_t n = 0; n < size; n++) {
        const double pi = 3.14159265358979323846;
        double v =
            a0 - a1 * std::cos(2 * pi * (double)n / N) + a2 * std::cos(4 * pi * (double)n / N);
        char *p = b.data() + (size_t)n * ge_size(dt);
        if (dt == GE_F32) {
            float f = (float)v;
            std::memcpy(p, &f, 4);
        } else if (dt == GE_F64) {
            std::memcpy(p, &v, 8);
        } else {
            int64_t i = (int64_t)v; /* truncated, as a Cast */
            std::memcpy(p, &i, ge_size(dt));
        }
    }
    set_out(c, 0, const_node(c, c.base, dt, {size}, b));
}

/* A float32 constant [rows, cols] of values f(j, k). */
static Ref const_f32_matrix(Ctx &c, const std::string &sfx, int64_t rows, int64_t cols,
                            const std::function<double(int64_t, int64_t)> &f)
{
    std::vector<char> b((size_t)(rows * cols) * 4);
    for (int64_t j = 0; j < rows; j++)
        for (int64_t k = 0; k < cols; k++) {
            float v = (float)f(j, k);
            std::memcpy(&b[(size_t)(j * cols + k) * 4], &v, 4);
        }
    return const_node(c, c.base + sfx, GE_F32, {rows, cols}, b);
}

/* The real and imaginary parts of the product of (xr + i xi) with C - i S (forward) or C + i S
 * (inverse): C and S the cosine and sine matrices, products by `mm` nodes (MatMulV2 or
 * BatchMatMulV2); xi NULL for a real input. */
static std::pair<Ref, Ref> complex_products(Ctx &c, const char *mm_type, Ref xr, const Ref *xi,
                                            Ref C, Ref S, bool inv)
{
    auto mm = [&](const std::string &sfx, Ref a1, Ref b1) {
        int32_t node = add(c, mm_type, sfx);
        connect(c, node, "x1", a1);
        connect(c, node, "x2", b1);
        return Ref{node, 0};
    };
    Ref yr = mm("/re_cos", xr, C), rs = mm("/re_sin", xr, S);
    Ref yi = inv ? rs : apply(c, "Neg", "/re_sin_neg", rs);
    if (xi) {
        yr = apply2(c, inv ? "Sub" : "Add", "/real_out", yr, mm("/im_sin", *xi, S));
        yi = apply2(c, "Add", "/imag_out", yi, mm("/im_cos", *xi, C));
    }
    return {yr, yi};
}

/* DFT (opset 17): as matrix products with constant cosine and sine matrices of the length L
 * (dft_length, a constant, else the axis' n): the axis moved last (Transpose), the real and
 * imaginary parts [P, n] times C[j, k] = cos(2 pi j k / L) and S[j, k] = sin(2 pi j k / L)
 * (rows j >= L zero: the signal cut to L; L > n: zero-padded), k < L or L / 2 + 1 (onesided):
 * forward y_re = x_re C + x_im S, y_im = x_im C - x_re S; inverse the conjugate, divided by L;
 * then the parts stacked and the axis moved back. float32; every dim known. */
void conv_dft(Ctx &c, const char *)
{
    known_attrs(c, {"axis", "inverse", "onesided"});
    const Shape &xs = in_shape(c, 0);
    if (!xs.known || xs.dims.size() < 3)
        refuse("input's rank must be known and 3 or more ([batch, signal..., 1 or 2])");
    for (int64_t d : xs.dims)
        if (d < 0)
            refuse("input's dims must be known");
    if (xs.dtype != onnx::TensorProto::FLOAT)
        refuse("input must be float32");
    int r = (int)xs.dims.size();
    int64_t cplx = xs.dims.back();
    if (cplx != 1 && cplx != 2)
        refuse("the last dim must be 1 (real) or 2 (complex)");
    int64_t a = get_i(c, "axis", 1);
    if (a < 0)
        a += r;
    if (a < 1 || a > r - 2)
        refuse("axis must name a signal dim (1 to rank - 2)");
    bool inv = get_i(c, "inverse", 0) != 0, one = get_i(c, "onesided", 0) != 0;
    if (inv && one)
        refuse("inverse with onesided is not supported");
    int64_t n = xs.dims[(size_t)a], L = n;
    if (has_in(c, 1)) {
        std::vector<int64_t> v = need_ints(c, 1, "dft_length");
        if (v.size() != 1 || v[0] < 1)
            refuse("dft_length must be one value >= 1");
        L = v[0];
    }
    int64_t m = one ? L / 2 + 1 : L, P = 1;
    std::vector<int64_t> perm, tdims;
    for (int i = 0; i < r - 1; i++)
        if (i != a) {
            perm.push_back(i);
            tdims.push_back(xs.dims[(size_t)i]);
            P *= xs.dims[(size_t)i];
        }
    perm.push_back(a);
    perm.push_back(r - 1);
    Ref x = transpose_by(c, "/axis_last", value(c, in_name(c, 0)), perm);
    std::vector<int64_t> zero((size_t)r, 0), part = tdims;
    part.push_back(n);
    part.push_back(1);
    auto component = [&](int64_t k, const char *nm) {
        std::vector<int64_t> off = zero;
        off[(size_t)r - 1] = k;
        return reshape_to(c, std::string("/") + nm,
                          slice_node(c, std::string("/") + nm + "_slice", x, off, part), {P, n});
    };
    const double pi = 3.14159265358979323846;
    double sc = inv ? 1.0 / (double)L : 1.0;
    auto entry = [&](bool sine) {
        return [=](int64_t j, int64_t k) {
            if (j >= L)
                return 0.0;
            double th = 2 * pi * (double)((j * k) % L) / (double)L;
            return sc * (sine ? std::sin(th) : std::cos(th));
        };
    };
    Ref C = const_f32_matrix(c, "/cos", n, m, entry(false));
    Ref S = const_f32_matrix(c, "/sin", n, m, entry(true));
    Ref xr = component(0, "real"), xi = cplx == 2 ? component(1, "imag") : xr;
    auto [yr, yi] = complex_products(c, "MatMulV2", xr, cplx == 2 ? &xi : nullptr, C, S, inv);
    std::vector<int64_t> od = tdims;
    od.push_back(m);
    od.push_back(1);
    Ref y = concat_of(c, "/stacked",
                      {reshape_to(c, "/real_shape", yr, od), reshape_to(c, "/imag_shape", yi, od)},
                      r - 1);
    std::vector<int64_t> back((size_t)r);
    for (int i = 0; i < r; i++)
        back[(size_t)perm[(size_t)i]] = i;
    set_out(c, 0, transpose_by(c, "", y, back));
}

/* STFT with frame_step or frame_length fed at run time (a dynamic-shape model): the frame
 * starts are the IR's Range(0, T - L + 1, step) (its limit and delta value inputs: the graph
 * inputs, or computed from them on the host), the positions starts[f] + j (j = Range(0, L) or
 * a constant) gathered from the signal, each part times the window, then BatchMatMulV2 with
 * the cosine and sine matrices of length L (constants when L is, else built on Range(0, L)
 * and Range(0, m): cos / sin of 2 pi ((j k) mod L) / L). A step of 0 fails the execution,
 * naming the Range. */
static void stft_run_time(Ctx &c, int64_t T, int64_t cplx, int64_t L, bool one)
{
    Ref step;
    if (c.consts.count(in_name(c, 1))) {
        std::vector<int64_t> sv = need_ints(c, 1, "frame_step");
        if (sv.size() != 1 || sv[0] < 1)
            refuse("frame_step must be one value >= 1");
        step = const_i64(c, "/frame_step", sv, true);
    } else {
        step = cast_to(c, "/frame_step_i64", value(c, in_name(c, 1)), GE_I64);
    }
    bool fixed = L > 0;
    Ref len = fixed ? const_i64(c, "/frame_length", {L}, true)
                    : cast_to(c, "/frame_length_i64", value(c, in_name(c, 3)), GE_I64);
    auto range = [&](const std::string &sfx, Ref start, Ref limit, Ref delta) {
        int32_t r = add(c, "Range", sfx);
        connect(c, r, "start", start);
        connect(c, r, "limit", limit);
        connect(c, r, "delta", delta);
        return Ref{r, 0};
    };
    auto unsq = [&](const std::string &sfx, Ref x, int64_t axis) {
        int32_t n = add(c, "ExpandDims", sfx);
        connect(c, n, "x", x);
        connect(c, n, "axis", const_i64(c, sfx + "_axis", {axis}, true));
        return Ref{n, 0};
    };
    Ref zero = const_i64(c, "/zero", {0}, true), unit = const_i64(c, "/one", {1}, true);
    Ref limit = fixed ? const_i64(c, "/starts_limit", {T - L + 1}, true)
                      : apply2(c, "Sub", "/starts_limit", const_i64(c, "/T1", {T + 1}, true), len);
    Ref starts = range("/starts", zero, limit, step);
    std::vector<int64_t> jc((size_t)std::max<int64_t>(L, 0));
    for (int64_t j = 0; j < L; j++)
        jc[(size_t)j] = j;
    Ref jv = fixed ? const_i64(c, "/offsets", jc) : range("/offsets", zero, len, unit);
    Ref pos =
        apply2(c, "Add", "/positions", unsq("/starts_col", starts, 1), unsq("/offsets_row", jv, 0));
    int32_t g = add(c, "GatherV2", "/frames");
    connect_in(c, g, "x", 0);
    connect(c, g, "indices", pos);
    connect(c, g, "axis", const_i64(c, "/axis", {1}, true));
    Ref fr = {g, 0}; /* [B, F, L, cplx] */
    auto component = [&](int64_t k, const char *nm) {
        Ref v = fr;
        std::string n = std::string("/") + nm;
        if (cplx == 2) {
            int32_t sl = add(c, "StridedSliceV2", n + "_slice");
            connect(c, sl, "x", fr);
            connect(c, sl, "begin", const_i64(c, n + "_begin", {k}));
            connect(c, sl, "end", const_i64(c, n + "_end", {k + 1}));
            connect(c, sl, "axes", const_i64(c, n + "_axes", {3}));
            v = {sl, 0};
        }
        int32_t q = add(c, "Squeeze", n);
        connect(c, q, "x", v);
        attr_ints(c, q, "axis", {3});
        v = {q, 0};
        if (has_in(c, 2))
            v = apply2(c, "Mul", n + "_windowed", v, value(c, in_name(c, 2)));
        return v;
    };
    const double pi = 3.14159265358979323846;
    Ref C, S;
    if (fixed) {
        int64_t m = one ? L / 2 + 1 : L;
        auto entry = [&](bool sine) {
            return [=](int64_t j, int64_t k) {
                double th = 2 * pi * (double)((j * k) % L) / (double)L;
                return sine ? std::sin(th) : std::cos(th);
            };
        };
        C = const_f32_matrix(c, "/cos", L, m, entry(false));
        S = const_f32_matrix(c, "/sin", L, m, entry(true));
    } else {
        /* L / 2 + 1: halved in double and truncated by the Cast (the IR's integer Div is
         * aclnnDiv's, whose int64 quotient is not an integer one) */
        Ref half = apply2(c, "Mul", "/half", cast_to(c, "/length_f64", len, GE_F64),
                          const_scalar(c, "/one_half", onnx::TensorProto::DOUBLE, 0.5));
        Ref m = one ? apply2(c, "Add", "/bins", cast_to(c, "/half_i64", half, GE_I64), unit) : len;
        Ref kv = range("/bin_index", zero, m, unit);
        Ref jk = apply2(c, "Mul", "/jk", unsq("/j_col", jv, 1), unsq("/k_row", kv, 0));
        /* in double, as the constant matrices, then float32 */
        Ref r = cast_to(c, "/jk_mod_f64", apply2(c, "FloorMod", "/jk_mod", jk, len), GE_F64);
        Ref th = apply2(c, "Div", "/angle",
                        apply2(c, "Mul", "/two_pi_jk", r,
                               const_scalar(c, "/two_pi", onnx::TensorProto::DOUBLE, 2 * pi)),
                        cast_to(c, "/length_f64", len, GE_F64));
        C = cast_to(c, "/cos_f32", apply(c, "Cos", "/cos", th), GE_F32);
        S = cast_to(c, "/sin_f32", apply(c, "Sin", "/sin", th), GE_F32);
    }
    Ref xr = component(0, "real"), xi = cplx == 2 ? component(1, "imag") : xr;
    auto [yr, yi] =
        complex_products(c, "BatchMatMulV2", xr, cplx == 2 ? &xi : nullptr, C, S, false);
    set_out(c, 0, concat_of(c, "", {unsq("/real_part", yr, 3), unsq("/imag_part", yi, 3)}, 3));
}

/* STFT (opset 17): the frames (frame_step and frame_length constants) gathered with one
 * GatherV2 of constant positions f * step + j, times the window, then DFT's matrix products
 * of length frame_length: y [batch, frames, L or L / 2 + 1 (onesided, the default), 2].
 * float32; the signal's dims known. frame_step or frame_length fed at run time:
 * stft_run_time. */
void conv_stft(Ctx &c, const char *)
{
    known_attrs(c, {"onesided"});
    const Shape &xs = in_shape(c, 0);
    if (!xs.known || xs.dims.size() != 3)
        refuse("signal must be 3-D [batch, length, 1 or 2]");
    for (int64_t d : xs.dims)
        if (d < 0)
            refuse("signal's dims must be known");
    if (xs.dtype != onnx::TensorProto::FLOAT)
        refuse("signal must be float32");
    int64_t B = xs.dims[0], T = xs.dims[1], cplx = xs.dims[2];
    if (cplx != 1 && cplx != 2)
        refuse("signal's last dim must be 1 (real) or 2 (complex)");
    /* the frame length: the window's, or frame_length's (a constant, or fed at run time
     * without a window); checked alike for both paths */
    bool step_rt = fed_at_run_time(c, 1), len_rt = has_in(c, 3) && fed_at_run_time(c, 3);
    int64_t L = -1;
    bool win = has_in(c, 2);
    if (win) {
        const Shape &ws = in_shape(c, 2);
        if (!ws.known || ws.dims.size() != 1 || ws.dims[0] < 1)
            refuse("window must be 1-D with its length known");
        if (len_rt)
            refuse("frame_length fed at run time with a window: the window's length is it");
        L = ws.dims[0];
    }
    if (has_in(c, 3) && !len_rt) {
        std::vector<int64_t> lv = need_ints(c, 3, "frame_length");
        if (lv.size() != 1 || lv[0] < 1 || (win && lv[0] != L))
            refuse("frame_length must be one value >= 1 (the window's length when both given)");
        L = lv[0];
    }
    if (L < 1 && !len_rt)
        refuse("one of window and frame_length must be given");
    if (L > T)
        refuse("frame_length " + std::to_string(L) + " is longer than the signal (" +
               std::to_string(T) + ")");
    bool one = get_i(c, "onesided", 1) != 0;
    if (one && cplx == 2)
        refuse("onesided with a complex signal is not supported");
    if (step_rt || len_rt) {
        stft_run_time(c, T, cplx, L, one);
        return;
    }
    std::vector<int64_t> sv = need_ints(c, 1, "frame_step");
    if (sv.size() != 1 || sv[0] < 1)
        refuse("frame_step must be one value >= 1");
    int64_t step = sv[0];
    int64_t F = (T - L) / step + 1, m = one ? L / 2 + 1 : L;
    std::vector<int64_t> pos((size_t)(F * L));
    for (int64_t f = 0; f < F; f++)
        for (int64_t j = 0; j < L; j++)
            pos[(size_t)(f * L + j)] = f * step + j;
    int32_t g = add(c, "GatherV2", "/frames");
    connect_in(c, g, "x", 0);
    connect(c, g, "indices", const_i64(c, "/positions", pos));
    connect(c, g, "axis", const_i64(c, "/axis", {1}, true));
    Ref fr = reshape_to(c, "/frames_shape", {g, 0}, {B * F, L, cplx});
    auto component = [&](int64_t k, const char *nm) {
        Ref v = reshape_to(
            c, std::string("/") + nm,
            slice_node(c, std::string("/") + nm + "_slice", fr, {0, 0, k}, {B * F, L, 1}),
            {B * F, L});
        if (win)
            v = apply2(c, "Mul", std::string("/") + nm + "_windowed", v, value(c, in_name(c, 2)));
        return v;
    };
    const double pi = 3.14159265358979323846;
    auto entry = [&](bool sine) {
        return [=](int64_t j, int64_t k) {
            double th = 2 * pi * (double)((j * k) % L) / (double)L;
            return sine ? std::sin(th) : std::cos(th);
        };
    };
    Ref C = const_f32_matrix(c, "/cos", L, m, entry(false));
    Ref S = const_f32_matrix(c, "/sin", L, m, entry(true));
    Ref xr = component(0, "real"), xi = cplx == 2 ? component(1, "imag") : xr;
    auto [yr, yi] = complex_products(c, "MatMulV2", xr, cplx == 2 ? &xi : nullptr, C, S, false);
    set_out(c, 0,
            concat_of(c, "",
                      {reshape_to(c, "/real_shape", yr, {B, F, m, 1}),
                       reshape_to(c, "/imag_shape", yi, {B, F, m, 1})},
                      3));
}

/* MelWeightMatrix (opset 17): a constant (every input a constant), ONNX's formula: num_mel_bins
 * + 2 points lower_mel + k (upper_mel - lower_mel) / (num_mel_bins + 2), k = 0 .. num_mel_bins
 * + 1 (mel = 2595 log10(1 + f / 700); ONNX's reference divides by the number of points, so the
 * last is short of upper_edge_hertz), back to hertz, to bins floor((dft_length + 1) f /
 * sample_rate); column i
 * rises from point i to point i + 1 and falls to point i + 2. [dft_length / 2 + 1,
 * num_mel_bins] of output_datatype (float32, the default, or double). */
static void mel_run_time(Ctx &c, int32_t dt);

void conv_mel_weight_matrix(Ctx &c, const char *)
{
    known_attrs(c, {"output_datatype"});
    bool fed = false;
    for (int i = 0; i < 5; i++)
        fed = fed_at_run_time(c, i, i >= 3) || fed; /* every input: each may set c.dynamic */
    if (fed) {
        int32_t ot = (int32_t)get_i(c, "output_datatype", onnx::TensorProto::FLOAT);
        int32_t dt = ge_dtype(ot);
        if (dt != GE_F32 && dt != GE_F64)
            refuse("output_datatype " + std::to_string(ot) + " is not float32 or double");
        mel_run_time(c, dt);
        return;
    }
    auto one_int = [&](int i, const char *what) {
        std::vector<int64_t> v = need_ints(c, i, what);
        if (v.size() != 1)
            refuse(std::string(what) + " must be one value");
        return v[0];
    };
    auto one_float = [&](int i, const char *what) {
        std::vector<double> v = need_floats(c, i, what);
        if (v.size() != 1)
            refuse(std::string(what) + " must be one value");
        return v[0];
    };
    int64_t mels = one_int(0, "num_mel_bins"), dft = one_int(1, "dft_length");
    int64_t rate = one_int(2, "sample_rate");
    double lo = one_float(3, "lower_edge_hertz"), hi = one_float(4, "upper_edge_hertz");
    if (mels < 1 || dft < 1 || rate < 1 || lo < 0 || hi <= lo)
        refuse("num_mel_bins, dft_length and sample_rate must be >= 1, 0 <= lower_edge_hertz < "
               "upper_edge_hertz");
    int32_t ot = (int32_t)get_i(c, "output_datatype", onnx::TensorProto::FLOAT);
    int32_t dt = ge_dtype(ot);
    if (dt != GE_F32 && dt != GE_F64)
        refuse("output_datatype " + std::to_string(ot) + " is not float32 or double");
    int64_t bins = dft / 2 + 1;
    double lm = 2595 * std::log10(1 + lo / 700), hm = 2595 * std::log10(1 + hi / 700);
    double step = (hm - lm) / (double)(mels + 2); /* ONNX's reference: over mels + 2 steps */
    std::vector<int64_t> pt((size_t)mels + 2);
    for (int64_t k = 0; k < mels + 2; k++) {
        double hz = 700 * (std::pow(10.0, ((double)k * step + lm) / 2595) - 1);
        pt[(size_t)k] = (int64_t)std::floor((double)(dft + 1) * hz / (double)rate);
    }
    std::vector<double> w((size_t)(bins * mels), 0.0);
    auto set = [&](int64_t j, int64_t i, double v) {
        if (j < 0 || j >= bins)
            refuse("upper_edge_hertz maps past the last of the " + std::to_string(bins) + " bins");
        w[(size_t)(j * mels + i)] = v;
    };
    for (int64_t i = 0; i < mels; i++) {
        int64_t l = pt[(size_t)i], m = pt[(size_t)i + 1], h = pt[(size_t)i + 2];
        if (m == l)
            set(m, i, 1);
        else
            for (int64_t j = l; j <= m; j++)
                set(j, i, (double)(j - l) / (double)(m - l));
        for (int64_t j = m; j < h; j++)
            set(j, i, (double)(h - j) / (double)(h - m));
    }
    std::vector<char> b(w.size() * ge_size(dt));
    for (size_t k = 0; k < w.size(); k++) {
        if (dt == GE_F32) {
            float f = (float)w[k];
            std::memcpy(&b[k * 4], &f, 4);
        } else {
            std::memcpy(&b[k * 8], &w[k], 8);
        }
    }
    set_out(c, 0, const_node(c, c.base, dt, {bins, mels}, b));
}

/* MelWeightMatrix with an input fed at run time (a dynamic-shape model): the formula of
 * conv_mel_weight_matrix as nodes, in double: the mels + 2 points k = Range(0, mels + 2) to
 * hertz and to bins pt = floor((dft + 1) hz / rate); l, m, h = pt[0 .. mels), pt[1 ..),
 * pt[2 ..) (StridedSliceV2, their ends computed on the host); for bin j = Range(0, dft / 2 +
 * 1) and column i: 0 below l, (j - l) / (m - l) below m, 1 at m, (h - j) / (h - m) below h,
 * 0 after (SelectV2s on [bins, mels]). Not refused at run time: values the constant path
 * refuses (a count below 1, lower >= upper, an upper edge past the last bin) give what the
 * formula gives. */
static void mel_run_time(Ctx &c, int32_t dt)
{
    auto in_as = [&](int i, int32_t to, const char *nm) {
        return cast_to(c, std::string("/") + nm, value(c, in_name(c, i)), to);
    };
    auto f64 = [&](const std::string &sfx, double v) {
        return const_scalar(c, sfx, onnx::TensorProto::DOUBLE, v);
    };
    auto i64 = [&](const std::string &sfx, int64_t v) { return const_i64(c, sfx, {v}, true); };
    auto unsq = [&](const std::string &sfx, Ref x, int64_t axis) {
        int32_t n = add(c, "ExpandDims", sfx);
        connect(c, n, "x", x);
        connect(c, n, "axis", const_i64(c, sfx + "_axis", {axis}, true));
        return Ref{n, 0};
    };
    auto range = [&](const std::string &sfx, Ref limit) {
        int32_t r = add(c, "Range", sfx);
        connect(c, r, "start", i64(sfx + "_start", 0));
        connect(c, r, "limit", limit);
        connect(c, r, "delta", i64(sfx + "_delta", 1));
        return Ref{r, 0};
    };
    Ref mels = in_as(0, GE_I64, "mels"), dft = in_as(1, GE_F64, "dft");
    Ref rate = in_as(2, GE_F64, "rate");
    Ref lo = in_as(3, GE_F64, "lower"), hi = in_as(4, GE_F64, "upper");
    /* mel = 2595 log10(1 + f / 700) = 2595 / ln 10 ln(1 + f / 700) (cpuacl's Log and Exp
     * take base e only) */
    const double ln10 = 2.30258509299404568402;
    auto mel = [&](const std::string &nm, Ref f) {
        Ref lg = apply(c, "Log", nm + "_ln",
                       apply2(c, "Add", nm + "_ratio", f64(nm + "_one", 1.0),
                              apply2(c, "Div", nm + "_over", f, f64(nm + "_700", 700.0))));
        return apply2(c, "Mul", nm, lg, f64(nm + "_2595", 2595.0 / ln10));
    };
    Ref lm = mel("/lower_mel", lo), hm = mel("/upper_mel", hi);
    Ref npts = apply2(c, "Add", "/points", mels, i64("/two", 2));
    Ref step = apply2(c, "Div", "/mel_step", apply2(c, "Sub", "/mel_range", hm, lm),
                      cast_to(c, "/points_f64", npts, GE_F64));
    Ref k = cast_to(c, "/k_f64", range("/k", npts), GE_F64);
    Ref mk = apply2(c, "Add", "/mel_k", apply2(c, "Mul", "/k_step", k, step), lm);
    /* hz = 700 (10^(mel / 2595) - 1) = 700 (exp(mel ln 10 / 2595) - 1) */
    Ref ex =
        apply(c, "Exp", "/pow10", apply2(c, "Mul", "/mel_2595", mk, f64("/c2595", ln10 / 2595.0)));
    Ref hz = apply2(c, "Mul", "/hz", apply2(c, "Sub", "/pow10_m1", ex, f64("/one", 1.0)),
                    f64("/c700", 700.0));
    Ref pt = cast_to(c, "/pt",
                     apply(c, "Floor", "/pt_floor",
                           apply2(c, "Div", "/pt_scaled",
                                  apply2(c, "Mul", "/hz_dft",
                                         apply2(c, "Add", "/dft1", dft, f64("/dft_one", 1.0)), hz),
                                  rate)),
                     GE_I64);
    auto part = [&](const std::string &nm, int64_t b) {
        int32_t sl = add(c, "StridedSliceV2", nm);
        connect(c, sl, "x", pt);
        connect(c, sl, "begin", const_i64(c, nm + "_begin", {b}));
        connect(c, sl, "end",
                unsq(nm + "_end", apply2(c, "Add", nm + "_last", mels, i64(nm + "_off", b)), 0));
        return unsq(nm + "_row", Ref{sl, 0}, 0); /* [1, mels] */
    };
    Ref l = part("/left", 0), m = part("/center", 1), h = part("/right", 2);
    /* bins = dft / 2 + 1, halved in double and truncated by the Cast */
    Ref bins = apply2(
        c, "Add", "/bins",
        cast_to(c, "/half_dft", apply2(c, "Mul", "/dft_half", dft, f64("/one_half", 0.5)), GE_I64),
        i64("/bins_one", 1));
    Ref j = unsq("/j_col", range("/j", bins), 1); /* [bins, 1] */
    auto fdiff = [&](const std::string &nm, Ref a, Ref b) {
        return cast_to(c, nm + "_f64", apply2(c, "Sub", nm, a, b), GE_F64);
    };
    Ref rise = apply2(c, "Div", "/rise", fdiff("/j_l", j, l), fdiff("/m_l", m, l));
    Ref fall = apply2(c, "Div", "/fall", fdiff("/h_j", h, j), fdiff("/h_m", h, m));
    auto sel = [&](const std::string &nm, Ref cond, Ref a, Ref b) {
        int32_t n = add(c, "SelectV2", nm);
        connect(c, n, "condition", cond);
        connect(c, n, "then", a);
        connect(c, n, "else", b);
        return Ref{n, 0};
    };
    Ref zero = f64("/zero", 0.0);
    Ref w = sel("/after_center", apply2(c, "Less", "/below_right", j, h), fall, zero);
    w = sel("/at_center", apply2(c, "Equal", "/is_center", j, m), f64("/peak", 1.0), w);
    w = sel("/before_center", apply2(c, "Less", "/below_center", j, m), rise, w);
    w = sel("/weights", apply2(c, "Less", "/below_left", j, l), zero, w);
    set_out(c, 0, dt == GE_F64 ? apply(c, "Identity", "", w) : cast_to(c, "", w, dt));
}

} // namespace atc
