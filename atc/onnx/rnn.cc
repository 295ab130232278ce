/* SPDX-License-Identifier: Apache-2.0 */
/*
 * atc/onnx/rnn.cc: the recurrent networks: RNN, GRU, LSTM, unrolled.
 */
#include "onnx_pvt.h"

#include <cctype>

namespace atc
{

/* ONNX's RNN, GRU and LSTM run as their formulas over the sequence, one step after the
 * other (the sequence length is X's dim, known at conversion): per direction, X W^T (+ Wb)
 * is one MatMulV2 over every step, then each step adds H R^T (+ Rb), slices the gates,
 * applies clip and the activations, and updates the state; the outputs are ConcatV2 of
 * the steps. sequence_lens (a constant or a run-time input) masks each step: a batch
 * entry past its length keeps its state and outputs zeros (SelectV2 on Less(t, lens));
 * the reverse direction starts at each entry's own last step, as ONNX defines. layout 1
 * (batch first): X, initial_h / initial_c and the outputs are transposed. */

/* a [M, K] times b [N, K] transposed */
static Ref rnn_matmul_t(Ctx &c, const std::string &sfx, Ref a, Ref b)
{
    int32_t n = add(c, "MatMulV2", sfx);
    connect(c, n, "x1", a);
    connect(c, n, "x2", b);
    attr_b(c, n, "transpose_x2", true);
    return {n, 0};
}

static Ref rnn_zeros(Ctx &c, const std::string &sfx, int32_t ot, const std::vector<int64_t> &dims)
{
    int32_t dt = ge_dtype(ot);
    int64_t n = 1;
    for (int64_t d : dims)
        n *= d;
    return const_node(c, c.base + sfx, dt, dims, std::vector<char>((size_t)n * ge_size(dt), 0));
}

namespace
{
/* One activation of the activations attribute, with its alpha / beta when it takes them. */
struct RnnAct {
    std::string name;
    double alpha = 0, beta = 0;
};
} // namespace

static Ref rnn_act(Ctx &c, const std::string &sfx, const RnnAct &a, Ref x, int32_t ot)
{
    const std::string &f = a.name;
    if (f == "tanh")
        return apply(c, "Tanh", sfx, x);
    if (f == "sigmoid")
        return apply(c, "Sigmoid", sfx, x);
    if (f == "relu")
        return apply(c, "Relu", sfx, x);
    if (f == "softsign")
        return apply(c, "Softsign", sfx, x);
    if (f == "softplus")
        return apply(c, "Softplus", sfx, x);
    if (f == "leakyrelu") {
        Ref y = apply(c, "LeakyRelu", sfx, x);
        attr_f(c, y.node, "negative_slope", a.alpha);
        return y;
    }
    if (f == "elu") {
        Ref y = apply(c, "Elu", sfx, x);
        attr_f(c, y.node, "alpha", a.alpha);
        return y;
    }
    if (f == "hardsigmoid")
        return hard_sigmoid(c, x, ot, a.alpha, a.beta);
    if (f == "affine")
        return apply2(c, "Add", sfx + "_beta",
                      apply2(c, "Mul", sfx + "_alpha", x, const_scalar(c, sfx + "_a", ot, a.alpha)),
                      const_scalar(c, sfx + "_b", ot, a.beta));
    if (f == "scaledtanh")
        return apply2(
            c, "Mul", sfx + "_alpha",
            apply(c, "Tanh", sfx,
                  apply2(c, "Mul", sfx + "_beta", x, const_scalar(c, sfx + "_b", ot, a.beta))),
            const_scalar(c, sfx + "_a", ot, a.alpha));
    refuse("activation " + f + " is not supported");
}

void conv_rnn(Ctx &c, const char *)
{
    const std::string &op = c.node->op_type();
    bool gru = op == "GRU", lstm = op == "LSTM";
    int G = lstm ? 4 : gru ? 3 : 1;
    known_attrs(c, {"activation_alpha", "activation_beta", "activations", "clip", "direction",
                    "hidden_size", "layout", gru ? "linear_before_reset" : "layout",
                    lstm ? "input_forget" : "layout"});
    const Shape &xs = in_shape(c, 0);
    if (!xs.known || xs.dims.size() != 3)
        refuse("X must be 3-D with known dims");
    for (int64_t d : xs.dims)
        if (d < 0)
            refuse("X's dims must be known (the steps are unrolled)");
    int32_t ot = xs.dtype;
    int64_t layout = get_i(c, "layout", 0);
    int64_t T = layout ? xs.dims[1] : xs.dims[0], Bn = layout ? xs.dims[0] : xs.dims[1];
    int64_t I = xs.dims[2], H = get_i(c, "hidden_size", 0);
    const Shape &ws = in_shape(c, 1);
    if (H <= 0 && ws.known && ws.dims.size() == 3 && ws.dims[1] > 0)
        H = ws.dims[1] / G;
    if (H <= 0)
        refuse("hidden_size must be given (or W's dims known)");
    std::string dir = get_s(c, "direction", "forward");
    if (dir != "forward" && dir != "reverse" && dir != "bidirectional")
        refuse("direction " + dir + " is not forward, reverse or bidirectional");
    int nd = dir == "bidirectional" ? 2 : 1;
    if (T == 0)
        refuse("X has no steps");
    /* activations: f (RNN), f g (GRU), f g h (LSTM) a direction */
    int nact = lstm ? 3 : gru ? 2 : 1;
    std::vector<std::string> names;
    if (const auto *a = find_attr(c, "activations"))
        for (const auto &s : a->strings())
            names.push_back(s);
    if (names.empty()) {
        static const char *dflt[] = {"Sigmoid", "Tanh", "Tanh"};
        for (int d = 0; d < nd; d++)
            for (int k = 0; k < nact; k++)
                names.push_back(gru || lstm ? dflt[k] : "Tanh");
    }
    if ((int)names.size() != nact * nd)
        refuse("activations holds " + std::to_string(names.size()) + " names, expected " +
               std::to_string(nact * nd));
    std::vector<float> alphas, betas;
    if (const auto *a = find_attr(c, "activation_alpha"))
        alphas.assign(a->floats().begin(), a->floats().end());
    if (const auto *a = find_attr(c, "activation_beta"))
        betas.assign(a->floats().begin(), a->floats().end());
    std::vector<RnnAct> acts;
    size_t ia = 0, ib = 0;
    for (const std::string &s : names) {
        RnnAct a;
        for (char ch : s)
            a.name += (char)std::tolower((unsigned char)ch);
        /* ONNX's defaults; alpha and beta consumed in order by the functions that take them */
        bool takes_a = a.name == "leakyrelu" || a.name == "elu" || a.name == "hardsigmoid" ||
                       a.name == "affine" || a.name == "scaledtanh" || a.name == "thresholdedrelu";
        bool takes_b = a.name == "hardsigmoid" || a.name == "affine" || a.name == "scaledtanh";
        a.alpha = a.name == "leakyrelu" ? 0.01 : a.name == "hardsigmoid" ? 0.2 : 1.0;
        a.beta = a.name == "hardsigmoid" ? 0.5 : 0.0;
        if (takes_a && ia < alphas.size())
            a.alpha = alphas[ia++];
        if (takes_b && ib < betas.size())
            a.beta = betas[ib++];
        acts.push_back(a);
    }
    float clip = get_f(c, "clip", 0.0f);
    bool lbr = gru && get_i(c, "linear_before_reset", 0) != 0;
    bool input_forget = lstm && get_i(c, "input_forget", 0) != 0;
    auto clipped = [&](const std::string &sfx, Ref x) {
        if (!(clip > 0))
            return x;
        x = apply2(c, "Maximum", sfx + "/clip_lo", x,
                   const_scalar(c, sfx + "/clip_lo_v", ot, -clip));
        return apply2(c, "Minimum", sfx + "/clip_hi", x,
                      const_scalar(c, sfx + "/clip_hi_v", ot, clip));
    };

    Ref X = value(c, in_name(c, 0));
    if (layout)
        X = transpose_by(c, "/x_tbi", X, {1, 0, 2});
    Ref X2 = reshape_to(c, "/x_2d", X, {T * Bn, I});
    /* sequence_lens: masking unless a constant of T everywhere */
    bool mask = false;
    Ref lens{};
    int32_t lens_ot = onnx::TensorProto::INT32;
    if (has_in(c, 4)) {
        std::vector<int64_t> v;
        bool all_t = const_ints(c, in_name(c, 4), &v);
        for (int64_t l : v)
            all_t = all_t && l == T;
        if (!all_t) {
            mask = true;
            lens = value(c, in_name(c, 4));
            lens_ot = in_shape(c, 4).dtype;
        }
    }
    std::vector<Ref> ys(nd), yhs(nd), ycs(nd);
    Ref zero_bh{};
    if (mask)
        zero_bh = rnn_zeros(c, "/zeros", ot, {Bn, H});
    for (int d = 0; d < nd; d++) {
        bool rev = dir == "reverse" || d == 1;
        std::string p = "/d" + std::to_string(d);
        Ref W = reshape_to(
            c, p + "/w",
            slice_node(c, p + "/w_slice", value(c, in_name(c, 1)), {d, 0, 0}, {1, G * H, I}),
            {G * H, I});
        Ref R = reshape_to(
            c, p + "/r",
            slice_node(c, p + "/r_slice", value(c, in_name(c, 2)), {d, 0, 0}, {1, G * H, H}),
            {G * H, H});
        Ref XW = rnn_matmul_t(c, p + "/xw", X2, W);
        bool bias = has_in(c, 3);
        Ref Rb{};
        if (bias) {
            Ref Bd = reshape_to(
                c, p + "/b",
                slice_node(c, p + "/b_slice", value(c, in_name(c, 3)), {d, 0}, {1, 2 * G * H}),
                {2 * G * H});
            XW = apply2(c, "Add", p + "/xw_b", XW, slice_node(c, p + "/wb", Bd, {0}, {G * H}));
            Rb = slice_node(c, p + "/rb", Bd, {G * H}, {G * H});
        }
        Ref Rzr{}, Rh{}, Rbh{};
        if (gru) { /* the h gate's recurrence is apart: (r * H) R_h^T, or r * (H R_h^T + Rb_h) */
            Rzr = slice_node(c, p + "/r_zr", R, {0, 0}, {2 * H, H});
            Rh = slice_node(c, p + "/r_h", R, {2 * H, 0}, {H, H});
            if (bias)
                Rbh = slice_node(c, p + "/rb_h", Rb, {2 * H}, {H});
        }
        auto state = [&](int i, const char *nm) {
            if (has_in(c, i))
                return reshape_to(c, p + "/" + nm,
                                  slice_node(c, p + "/" + nm + "_slice", value(c, in_name(c, i)),
                                             layout ? std::vector<int64_t>{0, d, 0}
                                                    : std::vector<int64_t>{d, 0, 0},
                                             layout ? std::vector<int64_t>{Bn, 1, H}
                                                    : std::vector<int64_t>{1, Bn, H}),
                                  {Bn, H});
            return rnn_zeros(c, p + "/" + nm + "_zeros", ot, {Bn, H});
        };
        Ref Ht = state(5, "initial_h"), Ct{};
        Ref Pi{}, Po{}, Pf{};
        bool peep = lstm && has_in(c, 7);
        if (lstm) {
            Ct = state(6, "initial_c");
            if (peep) {
                Ref P = reshape_to(
                    c, p + "/p",
                    slice_node(c, p + "/p_slice", value(c, in_name(c, 7)), {d, 0}, {1, 3 * H}),
                    {3 * H});
                Pi = slice_node(c, p + "/p_i", P, {0}, {H});
                Po = slice_node(c, p + "/p_o", P, {H}, {H});
                Pf = slice_node(c, p + "/p_f", P, {2 * H}, {H});
            }
        }
        const RnnAct *f = &acts[(size_t)d * nact], *g = f + 1, *h = f + 2;
        std::vector<Ref> steps((size_t)T);
        for (int64_t k = 0; k < T; k++) {
            int64_t t = rev ? T - 1 - k : k;
            std::string s = p + "/t" + std::to_string(t);
            Ref xw = slice_node(c, s + "/xw", XW, {t * Bn, 0}, {Bn, G * H});
            auto gate = [&](Ref all, int j) {
                return slice_node(c, s + "/gate" + std::to_string(j), all, {0, j * H}, {Bn, H});
            };
            Ref Hn{}, Cn{};
            if (gru) {
                Ref hr = rnn_matmul_t(c, s + "/hr_zr", Ht, Rzr);
                Ref zr = apply2(c, "Add", s + "/zr",
                                slice_node(c, s + "/xw_zr", xw, {0, 0}, {Bn, 2 * H}), hr);
                if (bias)
                    zr = apply2(c, "Add", s + "/zr_b", zr,
                                slice_node(c, s + "/rb_zr", Rb, {0}, {2 * H}));
                Ref z = rnn_act(c, s + "/z", *f, clipped(s + "/z", gate(zr, 0)), ot);
                Ref r = rnn_act(c, s + "/r", *f, clipped(s + "/r", gate(zr, 1)), ot);
                Ref xh = gate(xw, 2), hh;
                if (lbr) {
                    hh = rnn_matmul_t(c, s + "/hr_h", Ht, Rh);
                    if (bias)
                        hh = apply2(c, "Add", s + "/hr_h_b", hh, Rbh);
                    hh = apply2(c, "Mul", s + "/r_hh", r, hh);
                } else {
                    hh = rnn_matmul_t(c, s + "/hr_h", apply2(c, "Mul", s + "/r_h", r, Ht), Rh);
                    if (bias)
                        hh = apply2(c, "Add", s + "/hr_h_b", hh, Rbh);
                }
                Ref ht = rnn_act(c, s + "/h_tilde", *g,
                                 clipped(s + "/h", apply2(c, "Add", s + "/h_in", xh, hh)), ot);
                /* (1 - z) h~ + z H = h~ + z (H - h~) */
                Hn = apply2(c, "Add", s + "/h_new", ht,
                            apply2(c, "Mul", s + "/z_d", z, apply2(c, "Sub", s + "/d", Ht, ht)));
            } else {
                Ref all = apply2(c, "Add", s + "/gates", xw, rnn_matmul_t(c, s + "/hr", Ht, R));
                if (bias)
                    all = apply2(c, "Add", s + "/gates_b", all, Rb);
                if (!lstm) {
                    Hn = rnn_act(c, s + "/h", *f, clipped(s + "/h", all), ot);
                } else {
                    Ref gi = gate(all, 0), go = gate(all, 1), gf = gate(all, 2), gc = gate(all, 3);
                    if (peep) {
                        gi = apply2(c, "Add", s + "/pi", gi, apply2(c, "Mul", s + "/pi_c", Pi, Ct));
                        gf = apply2(c, "Add", s + "/pf", gf, apply2(c, "Mul", s + "/pf_c", Pf, Ct));
                    }
                    Ref i = rnn_act(c, s + "/i", *f, clipped(s + "/i", gi), ot);
                    Ref fg = input_forget ? apply2(c, "Sub", s + "/f",
                                                   const_scalar(c, s + "/one", ot, 1.0), i)
                                          : rnn_act(c, s + "/f", *f, clipped(s + "/f", gf), ot);
                    Ref ct = rnn_act(c, s + "/c_tilde", *g, clipped(s + "/c", gc), ot);
                    Cn = apply2(c, "Add", s + "/c_new", apply2(c, "Mul", s + "/f_c", fg, Ct),
                                apply2(c, "Mul", s + "/i_c", i, ct));
                    if (peep)
                        go = apply2(c, "Add", s + "/po", go, apply2(c, "Mul", s + "/po_c", Po, Cn));
                    Ref o = rnn_act(c, s + "/o", *f, clipped(s + "/o", go), ot);
                    Hn = apply2(c, "Mul", s + "/h_new", o, rnn_act(c, s + "/h_c", *h, Cn, ot));
                }
            }
            Ref Yt = Hn;
            if (mask) {
                Ref cond = reshape_to(c, s + "/valid",
                                      apply2(c, "Less", s + "/valid_less",
                                             const_scalar(c, s + "/t", lens_ot, (double)t), lens),
                                      {Bn, 1});
                auto sel = [&](const std::string &nm, Ref a, Ref b) {
                    int32_t n = add(c, "SelectV2", s + nm);
                    connect(c, n, "condition", cond);
                    connect(c, n, "then", a);
                    connect(c, n, "else", b);
                    return Ref{n, 0};
                };
                Yt = sel("/y", Hn, zero_bh);
                Hn = sel("/h_kept", Hn, Ht);
                if (lstm)
                    Cn = sel("/c_kept", Cn, Ct);
            }
            Ht = Hn;
            if (lstm)
                Ct = Cn;
            steps[(size_t)t] = reshape_to(c, s + "/y4", Yt, {1, 1, Bn, H});
        }
        ys[d] = concat_of(c, p + "/y", steps, 0);
        yhs[d] = reshape_to(c, p + "/y_h", Ht, {1, Bn, H});
        if (lstm)
            ycs[d] = reshape_to(c, p + "/y_c", Ct, {1, Bn, H});
    }
    auto used = [&](int i) { return i < c.node->output_size() && !c.node->output(i).empty(); };
    if (used(0)) {
        Ref Y = concat_of(c, "/y", ys, 1); /* [T, dirs, B, H] */
        if (layout)
            Y = transpose_by(c, "/y_layout", Y, {2, 0, 1, 3});
        set_out(c, 0, apply(c, "Identity", "", Y));
    }
    auto last = [&](int i, std::vector<Ref> &v, const char *nm) {
        if (!used(i))
            return;
        Ref Y = concat_of(c, std::string("/") + nm, v, 0); /* [dirs, B, H] */
        if (layout)
            Y = transpose_by(c, std::string("/") + nm + "_layout", Y, {1, 0, 2});
        set_out(c, i, apply(c, "Identity", std::string("/") + nm + "_out", Y));
    };
    last(1, yhs, "y_h");
    if (lstm)
        last(2, ycs, "y_c");
}

} // namespace atc
