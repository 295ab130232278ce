/* SPDX-License-Identifier: Apache-2.0 */
/*
 * atc/onnx/optimizer.cc: the optimizers of ONNX's training domain
 * (ai.onnx.preview.training): Adagrad, Momentum, Adam.
 */
#include "onnx_pvt.h"

namespace atc
{

/* Adagrad, Momentum and Adam of ONNX's training domain, per ONNX's formulas (inputs R, T,
 * then n X, n G and the state tensors; outputs the n new X, then each new state), as
 * elementwise compositions. The branches on T (the step count, a value fed at run time) are
 * SelectV2 on Greater(T, 0): the outputs' shapes do not depend on it. */
void conv_optimizer(Ctx &c, const char *)
{
    const std::string &op = c.node->op_type();
    bool adam = op == "Adam", mom = op == "Momentum";
    if (adam)
        known_attrs(c, {"alpha", "beta", "epsilon", "norm_coefficient", "norm_coefficient_post"});
    else if (mom)
        known_attrs(c, {"alpha", "beta", "mode", "norm_coefficient"});
    else
        known_attrs(c, {"decay_factor", "epsilon", "norm_coefficient"});
    int per = adam ? 4 : 3, nin = c.node->input_size();
    if (nin < 2 + per || (nin - 2) % per)
        refuse("expected R, T and " + std::to_string(per) + " tensors per optimized tensor");
    int n = (nin - 2) / per;
    int32_t ot = in_shape(c, 2).dtype;
    if (ot != onnx::TensorProto::FLOAT && ot != onnx::TensorProto::DOUBLE)
        refuse("the optimized tensors must be float32 or double");
    auto k = [&](const std::string &sfx, double v) { return const_scalar(c, sfx, ot, v); };
    auto in = [&](int i) { return value(c, in_name(c, i)); };
    Ref r = in(0), t = in(1);
    Ref tf = cast_to(c, "/t_float", t, ge_dtype(ot));
    Ref started =
        apply2(c, "Greater", "/t_positive", t, const_scalar(c, "/t_zero", in_shape(c, 1).dtype, 0));
    double nc = get_f(c, "norm_coefficient", 0.0f);
    std::string mode = get_s(c, "mode", "standard");
    if (mom && mode != "standard" && mode != "nesterov")
        refuse("mode " + mode + " is not valid (standard or nesterov)");
    if (!adam && !mom) /* r = R / (1 + T * decay_factor) */
        r = apply2(
            c, "Div", "/rate", r,
            apply2(c, "Add", "/decay_plus_one",
                   apply2(c, "Mul", "/decay", tf, k("/decay_factor", get_f(c, "decay_factor", 0))),
                   k("/one", 1.0)));
    /* the schemas' defaults (Adam: alpha 0.9, beta 0.999, epsilon 1e-6; Adagrad: epsilon
     * 1e-6); Momentum's attributes are all required */
    if (mom)
        for (const char *a : {"alpha", "beta", "mode", "norm_coefficient"})
            if (!find_attr(c, a))
                refuse(std::string("attribute ") + a + " is required");
    double alpha = get_f(c, "alpha", 0.9f), beta = get_f(c, "beta", adam ? 0.999f : 0.0f);
    Ref beta_adj{-1, 0};
    if (mom) { /* beta when T > 0, else 1 */
        int32_t sel = add(c, "SelectV2", "/beta_adjusted");
        connect(c, sel, "condition", started);
        connect(c, sel, "then", k("/beta", beta));
        connect(c, sel, "else", k("/beta_one", 1.0));
        beta_adj = {sel, 0};
    }
    if (adam) { /* T > 0: R * sqrt(1 - beta^T) / (1 - alpha^T) */
        Ref bt = apply2(c, "Pow", "/beta_t", k("/beta", beta), tf);
        Ref at = apply2(c, "Pow", "/alpha_t", k("/alpha", alpha), tf);
        Ref adj = apply2(c, "Div", "/rate_adjusted",
                         apply2(c, "Mul", "/rate_sqrt", r,
                                apply(c, "Sqrt", "/beta_sqrt",
                                      apply2(c, "Sub", "/one_beta_t", k("/one_b", 1.0), bt))),
                         apply2(c, "Sub", "/one_alpha_t", k("/one_a", 1.0), at));
        int32_t sel = add(c, "SelectV2", "/rate");
        connect(c, sel, "condition", started);
        connect(c, sel, "then", adj);
        connect(c, sel, "else", r);
        r = {sel, 0};
    }
    for (int i = 0; i < n; i++) {
        std::string sx = "/" + std::to_string(i);
        Ref x = in(2 + i), g = in(2 + n + i), s1 = in(2 + 2 * n + i);
        Ref greg = apply2(c, "Add", sx + "/g_reg",
                          apply2(c, "Mul", sx + "/norm", x, k(sx + "/nc", nc)), g);
        if (adam) {
            Ref h = in(2 + 3 * n + i);
            Ref vn =
                apply2(c, "Add", sx + "/v_new",
                       apply2(c, "Mul", sx + "/v_alpha", s1, k(sx + "/alpha", alpha)),
                       apply2(c, "Mul", sx + "/g_alpha", greg, k(sx + "/one_alpha", 1.0 - alpha)));
            Ref hn = apply2(c, "Add", sx + "/h_new",
                            apply2(c, "Mul", sx + "/h_beta", h, k(sx + "/beta", beta)),
                            apply2(c, "Mul", sx + "/g2_beta", apply(c, "Square", sx + "/g2", greg),
                                   k(sx + "/one_beta", 1.0 - beta)));
            Ref hs = apply2(c, "Add", sx + "/h_sqrt", apply(c, "Sqrt", sx + "/h_root", hn),
                            k(sx + "/epsilon", get_f(c, "epsilon", 1e-6f)));
            Ref xn =
                apply2(c, "Sub", sx + "/x_new", x,
                       apply2(c, "Mul", sx + "/step", r, apply2(c, "Div", sx + "/v_h", vn, hs)));
            xn = apply2(c, "Mul", sx + "/x_final", xn,
                        k(sx + "/post", 1.0 - get_f(c, "norm_coefficient_post", 0.0f)));
            set_out(c, i, xn);
            set_out(c, n + i, vn);
            set_out(c, 2 * n + i, hn);
        } else if (mom) {
            Ref vn = apply2(c, "Add", sx + "/v_new",
                            apply2(c, "Mul", sx + "/v_alpha", s1, k(sx + "/alpha", alpha)),
                            apply2(c, "Mul", sx + "/g_beta", beta_adj, greg));
            Ref step = vn;
            if (mode == "nesterov")
                step = apply2(c, "Add", sx + "/nesterov", greg,
                              apply2(c, "Mul", sx + "/v_alpha_new", vn, k(sx + "/alpha_n", alpha)));
            set_out(c, i,
                    apply2(c, "Sub", sx + "/x_new", x, apply2(c, "Mul", sx + "/step", r, step)));
            set_out(c, n + i, vn);
        } else {
            Ref hn = apply2(c, "Add", sx + "/h_new", s1, apply(c, "Square", sx + "/g2", greg));
            Ref ha = apply2(c, "Add", sx + "/h_adaptive", apply(c, "Sqrt", sx + "/h_root", hn),
                            k(sx + "/epsilon", get_f(c, "epsilon", 1e-6f)));
            set_out(
                c, i,
                apply2(c, "Sub", sx + "/x_new", x,
                       apply2(c, "Div", sx + "/step", apply2(c, "Mul", sx + "/rg", r, greg), ha)));
            set_out(c, n + i, hn);
        }
    }
}

} // namespace atc
