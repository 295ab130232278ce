/* SPDX-License-Identifier: Apache-2.0 */
/*
 * atc/onnx/conv.cc: Conv (1-D, 2-D, 3-D) and ConvTranspose, and the spatial helpers the
 * pools share (a 1-D operator in its 2-D form, auto_pad SAME pads, 3-D pads).
 */
#include "onnx_pvt.h"

#include <algorithm>

namespace atc
{

void as_2d(std::vector<int64_t> *v, int64_t h, bool pads)
{
    if (pads && v->size() == 2)
        *v = {0, (*v)[0], 0, (*v)[1]};
    else if (!pads && v->size() == 1)
        *v = {h, (*v)[0]};
}

Ref unsqueeze_h(Ctx &c, const std::string &suffix, Ref x)
{
    int32_t n = add(c, "Unsqueeze", suffix);
    connect(c, n, "x", x);
    attr_ints(c, n, "axes", {2});
    return {n, 0};
}

void set_out_1d(Ctx &c, int32_t n, bool one)
{
    if (!one) {
        set_out(c, 0, {n, 0});
        return;
    }
    int32_t q = add(c, "Squeeze", "/1d");
    connect(c, q, "x", {n, 0});
    attr_ints(c, q, "axis", {2});
    set_out(c, 0, {q, 0});
}

std::vector<int64_t> same_pads(const std::vector<int64_t> &in, const std::vector<int64_t> &k,
                               const std::vector<int64_t> &st, bool upper)
{
    size_t sp = in.size();
    std::vector<int64_t> pads(2 * sp);
    for (size_t i = 0; i < sp; i++) {
        if (in[i] < 0)
            refuse("auto_pad SAME needs a known input size");
        int64_t o = (in[i] + st[i] - 1) / st[i];
        int64_t tot = std::max<int64_t>((o - 1) * st[i] + k[i] - in[i], 0);
        int64_t small = tot / 2, big = tot - small;
        pads[i] = upper ? small : big;
        pads[sp + i] = upper ? big : small;
    }
    return pads;
}

std::vector<int64_t> pads_3d(const std::vector<int64_t> &p)
{
    return {p[0], p[3], p[1], p[4], p[2], p[5]};
}

/* Conv 3-D (5-D X and W) -> Conv3D on NCDHW. */
static void conv_conv3d(Ctx &c)
{
    const Shape &x = in_shape(c, 0), &w = in_shape(c, 1);
    std::vector<int64_t> st{1, 1, 1}, dl{1, 1, 1}, pads(6, 0);
    get_ints(c, "strides", &st);
    get_ints(c, "dilations", &dl);
    get_ints(c, "pads", &pads);
    if (st.size() != 3 || dl.size() != 3 || pads.size() != 6)
        refuse("strides, dilations and pads must have one entry a spatial dim");
    std::string ap = get_s(c, "auto_pad", "NOTSET");
    if (ap == "SAME_UPPER" || ap == "SAME_LOWER") {
        std::vector<int64_t> k(3);
        for (int i = 0; i < 3; i++)
            k[i] = (w.dims[2 + i] - 1) * dl[i] + 1;
        pads = same_pads({x.dims[2], x.dims[3], x.dims[4]}, k, st, ap == "SAME_UPPER");
    } else if (ap == "VALID") {
        pads.assign(6, 0);
    } else if (ap != "NOTSET") {
        refuse("auto_pad " + ap + " is not supported");
    }
    int32_t n = add(c, "Conv3D");
    attr_ints(c, n, "strides", {1, 1, st[0], st[1], st[2]});
    attr_ints(c, n, "dilations", {1, 1, dl[0], dl[1], dl[2]});
    attr_ints(c, n, "pads", pads_3d(pads));
    attr_i(c, n, "groups", get_i(c, "group", 1));
    attr_s(c, n, "data_format", "NCDHW");
    connect_in(c, n, "x", 0);
    connect_in(c, n, "filter", 1);
    if (has_in(c, 2))
        connect_in(c, n, "bias", 2);
    set_out(c, 0, {n, 0});
}

/* Conv 1-D and 2-D: ONNX pads [top, left, bottom, right] -> Conv2D [top, bottom, left,
 * right]; 1-D runs as 2-D on [N, C, 1, L] (as_2d). */
void conv_conv(Ctx &c, const char *cann)
{
    known_attrs(c, {"auto_pad", "dilations", "group", "kernel_shape", "pads", "strides"});
    const Shape &xs = in_shape(c, 0), &ws = in_shape(c, 1);
    if (xs.known && xs.dims.size() == 5 && ws.known && ws.dims.size() == 5)
        return conv_conv3d(c);
    bool one = xs.known && xs.dims.size() == 3 && ws.known && ws.dims.size() == 3;
    if (!one && (!xs.known || xs.dims.size() != 4 || !ws.known || ws.dims.size() != 4))
        refuse("only 1-D, 2-D and 3-D convolutions (3-D, 4-D or 5-D X and W) are supported");
    Shape x = xs, w = ws;
    if (one) {
        x.dims.insert(x.dims.begin() + 2, 1);
        w.dims.insert(w.dims.begin() + 2, 1);
    }
    std::vector<int64_t> st{1, 1}, dl{1, 1}, pads{0, 0, 0, 0};
    get_ints(c, "strides", &st);
    get_ints(c, "dilations", &dl);
    get_ints(c, "pads", &pads);
    if (one) {
        as_2d(&st, 1, false);
        as_2d(&dl, 1, false);
        as_2d(&pads, 0, true);
    }
    if (st.size() != 2 || dl.size() != 2 || pads.size() != 4)
        refuse("strides, dilations and pads must have one entry a spatial dim");
    std::string ap = get_s(c, "auto_pad", "NOTSET");
    if (ap == "SAME_UPPER" || ap == "SAME_LOWER") {
        std::vector<int64_t> k{(w.dims[2] - 1) * dl[0] + 1, (w.dims[3] - 1) * dl[1] + 1};
        std::vector<int64_t> p = same_pads({x.dims[2], x.dims[3]}, k, st, ap == "SAME_UPPER");
        pads = {p[0], p[1], p[2], p[3]};
    } else if (ap == "VALID") {
        pads = {0, 0, 0, 0};
    } else if (ap != "NOTSET") {
        refuse("auto_pad " + ap + " is not supported");
    }
    int32_t n = add(c, cann);
    attr_ints(c, n, "strides", {1, 1, st[0], st[1]});
    attr_ints(c, n, "dilations", {1, 1, dl[0], dl[1]});
    attr_ints(c, n, "pads", {pads[0], pads[2], pads[1], pads[3]});
    attr_i(c, n, "groups", get_i(c, "group", 1));
    attr_s(c, n, "data_format", "NCHW");
    Ref xin = value(c, in_name(c, 0)), win = value(c, in_name(c, 1));
    connect(c, n, "x", one ? unsqueeze_h(c, "/x_2d", xin) : xin);
    connect(c, n, "filter", one ? unsqueeze_h(c, "/w_2d", win) : win);
    if (has_in(c, 2))
        connect_in(c, n, "bias", 2);
    set_out_1d(c, n, one);
}

/* ConvTranspose 1-D (as 2-D on [N, C, 1, L]), 2-D and 3-D -> Conv2DTranspose /
 * Conv3DTranspose on NCHW / NCDHW: y's dims (input_size) and pads from pads, auto_pad or
 * output_shape as ONNX computes them. */
void conv_conv_transpose(Ctx &c, const char *)
{
    known_attrs(c, {"auto_pad", "dilations", "group", "kernel_shape", "output_padding",
                    "output_shape", "pads", "strides"});
    const Shape &xs = in_shape(c, 0), &ws = in_shape(c, 1);
    if (!xs.known || !ws.known || xs.dims.size() != ws.dims.size() || xs.dims.size() < 3 ||
        xs.dims.size() > 5)
        refuse("only 1-D, 2-D and 3-D transposed convolutions (3-D to 5-D X and W) are supported");
    for (int64_t d : xs.dims)
        if (d < 0)
            refuse("the dims of X must be known");
    for (int64_t d : ws.dims)
        if (d < 0)
            refuse("the dims of W must be known");
    bool one = xs.dims.size() == 3;
    std::vector<int64_t> x = xs.dims, w = ws.dims;
    if (one) {
        x.insert(x.begin() + 2, 1);
        w.insert(w.begin() + 2, 1);
    }
    size_t sp = x.size() - 2;
    std::vector<int64_t> st(sp, 1), dl(sp, 1), opad(sp, 0), pads(2 * sp, 0), oshape;
    auto spatial = [&](const char *name, std::vector<int64_t> *v, bool is_pads) {
        std::vector<int64_t> a;
        if (!get_ints(c, name, &a))
            return;
        if (one)
            as_2d(&a, is_pads ? 0 : 1, is_pads);
        if (a.size() != (is_pads ? 2 * sp : sp))
            refuse(std::string("attribute ") + name + " must have one entry a spatial dim");
        *v = a;
    };
    spatial("strides", &st, false);
    spatial("dilations", &dl, false);
    spatial("output_padding", &opad, false);
    spatial("pads", &pads, true);
    std::string ap = get_s(c, "auto_pad", "NOTSET");
    bool given = get_ints(c, "output_shape", &oshape);
    if (given) {
        if (oshape.size() == xs.dims.size()) /* [N, C, spatial...] */
            oshape.erase(oshape.begin(), oshape.begin() + 2);
        if (one && oshape.size() == 1)
            oshape.insert(oshape.begin(), 1);
        if (oshape.size() != sp)
            refuse("output_shape must have one entry a spatial dim");
    }
    if (given || ap == "SAME_UPPER" || ap == "SAME_LOWER") {
        for (size_t i = 0; i < sp; i++) {
            int64_t out = given ? oshape[i] : x[2 + i] * st[i];
            int64_t tot = st[i] * (x[2 + i] - 1) + opad[i] + (w[2 + i] - 1) * dl[i] + 1 - out;
            int64_t half = tot >= 0 ? tot / 2 : -((-tot + 1) / 2); /* floor, as ONNX */
            if (ap == "SAME_UPPER")
                pads[i] = half, pads[sp + i] = tot - half;
            else
                pads[i] = tot - half, pads[sp + i] = half;
        }
    } else if (ap == "VALID") {
        pads.assign(2 * sp, 0);
    } else if (ap != "NOTSET") {
        refuse("auto_pad " + ap + " is not supported");
    }
    int64_t group = get_i(c, "group", 1);
    /* pads after larger than before: the node pads the before amount on both sides and a
     * Slice crops the rest off the end */
    std::vector<int64_t> y{x[0], w[1] * group}, cut = y, cpads, st_f{1, 1}, dl_f{1, 1}, op_f{0, 0};
    bool crop = false;
    for (size_t i = 0; i < sp; i++) {
        if (pads[i] < 0)
            refuse("pads before " + std::to_string(pads[i]) + " (negative) is not supported");
        int64_t pe = std::min(pads[i], pads[sp + i]);
        int64_t full = (x[2 + i] - 1) * st[i] + dl[i] * (w[2 + i] - 1) + 1;
        y.push_back(full - pads[i] - pe + opad[i]);
        cut.push_back(full - pads[i] - pads[sp + i] + opad[i]);
        crop = crop || pe != pads[sp + i];
        cpads.push_back(pads[i]);
        cpads.push_back(pe);
        st_f.push_back(st[i]);
        dl_f.push_back(dl[i]);
        op_f.push_back(opad[i]);
    }
    int32_t n = add(c, sp == 3 ? "Conv3DTranspose" : "Conv2DTranspose");
    attr_ints(c, n, "strides", st_f);
    attr_ints(c, n, "dilations", dl_f);
    attr_ints(c, n, "output_padding", op_f);
    attr_ints(c, n, "pads", cpads);
    attr_i(c, n, "groups", group);
    attr_s(c, n, "data_format", sp == 3 ? "NCDHW" : "NCHW");
    connect(c, n, "input_size", const_i64(c, "/input_size", y));
    Ref xin = value(c, in_name(c, 0)), win = value(c, in_name(c, 1));
    connect(c, n, "x", one ? unsqueeze_h(c, "/x_2d", xin) : xin);
    connect(c, n, "filter", one ? unsqueeze_h(c, "/w_2d", win) : win);
    if (has_in(c, 2))
        connect_in(c, n, "bias", 2);
    if (crop) {
        int32_t sl = add(c, "Slice", "/crop");
        connect(c, sl, "x", {n, 0});
        connect(c, sl, "offsets", const_i64(c, "/crop_offsets", std::vector<int64_t>(y.size())));
        connect(c, sl, "size", const_i64(c, "/crop_size", cut));
        n = sl;
    }
    set_out_1d(c, n, one);
}

} // namespace atc
