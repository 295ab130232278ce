/* SPDX-License-Identifier: Apache-2.0 */
/*
 * atc/onnx/pool.cc: MaxPool and AveragePool (CANN's 2-d pools, the 3-D form, explicit
 * pads), MaxPool's Indices output, GlobalAveragePool, GlobalMaxPool, MaxUnpool.
 */
#include "onnx_pvt.h"

#include <algorithm>
#include <cstring>
#include <limits>

namespace atc
{

/* x (ONNX type ot, NCDHW dims xd) padded explicitly along D, H, W by ONNX pads [b0, b1,
 * b2, e0, e1, e2] with the value v: ConcatV2 of constant blocks; *xd becomes the padded
 * dims. */
static Ref pad_spatial(Ctx &c, Ref x, int32_t ot, std::vector<int64_t> *xd,
                       const std::vector<int64_t> &pads, double v, const std::string &suffix)
{
    int32_t dt = ge_dtype(ot);
    size_t es = ge_size(dt);
    std::vector<char> one(es);
    if (dt == GE_F32) {
        float f = (float)v;
        std::memcpy(one.data(), &f, 4);
    } else if (dt == GE_F64) {
        std::memcpy(one.data(), &v, 8);
    } else {
        refuse("explicit pooling pads: X must be float32 or double");
    }
    for (int i = 0; i < 3; i++) {
        int64_t b = pads[(size_t)i], e = pads[(size_t)i + 3];
        if (!b && !e)
            continue;
        std::string sfx = suffix + "/pad" + std::to_string(i);
        std::vector<Ref> parts;
        for (int side = 0; side < 2; side++) {
            int64_t w = side ? e : b;
            if (side == 1)
                parts.push_back(x);
            if (!w)
                continue;
            std::vector<int64_t> bd = *xd;
            bd[(size_t)i + 2] = w;
            int64_t cnt = 1;
            for (int64_t d : bd)
                cnt *= d;
            std::vector<char> bytes;
            bytes.reserve((size_t)cnt * es);
            for (int64_t j = 0; j < cnt; j++)
                bytes.insert(bytes.end(), one.begin(), one.end());
            parts.push_back(
                const_node(c, c.base + sfx + (side ? "/after" : "/before"), dt, bd, bytes));
        }
        int32_t n = add(c, "ConcatV2", sfx);
        ge_check(c, cpuaclGeGraphSetDynamicInputs(c.g, n, "x", (uint32_t)parts.size()), "x");
        attr_i(c, n, "N", (int64_t)parts.size());
        for (size_t j = 0; j < parts.size(); j++)
            connect(c, n, ("x" + std::to_string(j)).c_str(), parts[j]);
        connect(c, n, "concat_dim", const_i64(c, sfx + "/axis", {i + 2}, true));
        x = {n, 0};
        (*xd)[(size_t)i + 2] += b + e;
    }
    return x;
}

Ref pool3d_node(Ctx &c, bool maxp, Ref x, const std::vector<int64_t> &k,
                const std::vector<int64_t> &st, const std::vector<int64_t> &pads, bool ceil,
                bool count_pad, const std::string &suffix, const std::vector<int64_t> *xd,
                const std::vector<int64_t> &dl)
{
    bool over = false;
    for (int i = 0; i < 3; i++)
        over = over || pads[(size_t)i] > k[(size_t)i] / 2 || pads[(size_t)i + 3] > k[(size_t)i] / 2;
    if (over && !ceil && xd && dl == std::vector<int64_t>{1, 1, 1} &&
        std::all_of(xd->begin(), xd->end(), [](int64_t d) { return d >= 0; })) {
        int32_t ot = in_shape(c, 0).dtype;
        std::vector<int64_t> pd = *xd;
        Ref xp = pad_spatial(c, x, ot, &pd, pads,
                             maxp ? -std::numeric_limits<double>::infinity() : 0.0, suffix);
        Ref y = pool3d_node(c, maxp, xp, k, st, {0, 0, 0, 0, 0, 0}, false, true, suffix);
        if (maxp || count_pad)
            return y;
        /* the window of output o along dim i covers [o * s - b, o * s - b + k) of [0, in) */
        std::vector<int64_t> od{1, 1};
        std::vector<std::vector<double>> f(3);
        for (int i = 0; i < 3; i++) {
            int64_t in = (*xd)[(size_t)i + 2], kk = k[(size_t)i], s = st[(size_t)i],
                    b = pads[(size_t)i];
            int64_t o = (pd[(size_t)i + 2] - kk) / s + 1;
            od.push_back(o);
            for (int64_t j = 0; j < o; j++) {
                int64_t lo = std::max<int64_t>(j * s - b, 0), hi = std::min(j * s - b + kk, in);
                f[(size_t)i].push_back(hi > lo ? (double)kk / (double)(hi - lo) : 0.0);
            }
        }
        int32_t dt = ge_dtype(ot);
        std::vector<char> bytes;
        for (double a : f[0])
            for (double b2 : f[1])
                for (double c2 : f[2]) {
                    double v = a * b2 * c2;
                    if (dt == GE_F32) {
                        float fv = (float)v;
                        bytes.insert(bytes.end(), (char *)&fv, (char *)&fv + 4);
                    } else {
                        bytes.insert(bytes.end(), (char *)&v, (char *)&v + 8);
                    }
                }
        return apply2(c, "Mul", suffix + "/uncounted_pads", y,
                      const_node(c, c.base + suffix + "/pad_scale", dt, od, bytes));
    }
    int32_t n = add(c, maxp ? "MaxPool3D" : "AvgPool3D", suffix);
    connect(c, n, "x", x);
    attr_ints(c, n, "ksize", {1, 1, k[0], k[1], k[2]});
    attr_ints(c, n, "strides", {1, 1, st[0], st[1], st[2]});
    attr_ints(c, n, "pads", pads_3d(pads));
    attr_s(c, n, "data_format", "NCDHW");
    if (maxp) {
        attr_s(c, n, "padding", "CALCULATED");
        attr_i(c, n, "ceil_mode", ceil);
        attr_ints(c, n, "dilation", {1, 1, dl[0], dl[1], dl[2]});
    } else {
        attr_b(c, n, "ceil_mode", ceil);
        attr_b(c, n, "count_include_pad", count_pad);
    }
    return {n, 0};
}

/* The pads of auto_pad (SAME_UPPER, SAME_LOWER, VALID; NOTSET keeps `pads`) for the spatial
 * dims `in`, kernel k, strides st. */
static void auto_pads(Ctx &c, const std::vector<int64_t> &in, const std::vector<int64_t> &k,
                      const std::vector<int64_t> &st, std::vector<int64_t> *pads)
{
    std::string ap = get_s(c, "auto_pad", "NOTSET");
    if (ap == "SAME_UPPER" || ap == "SAME_LOWER")
        *pads = same_pads(in, k, st, ap == "SAME_UPPER");
    else if (ap == "VALID")
        pads->assign(2 * in.size(), 0);
    else if (ap != "NOTSET")
        refuse("auto_pad " + ap + " is not supported");
}

/* A pooling node's window over sp spatial dims: kernel_shape (required), strides (default 1),
 * pads (2 sp, default 0), dilations (default 1), each with one entry a spatial dim. */
static void pool_window(Ctx &c, size_t sp, std::vector<int64_t> *k, std::vector<int64_t> *st,
                        std::vector<int64_t> *pads, std::vector<int64_t> *dl)
{
    st->assign(sp, 1);
    pads->assign(2 * sp, 0);
    dl->assign(sp, 1);
    get_ints(c, "kernel_shape", k);
    get_ints(c, "strides", st);
    get_ints(c, "pads", pads);
    get_ints(c, "dilations", dl);
    if (k->size() != sp || st->size() != sp || pads->size() != 2 * sp || dl->size() != sp)
        refuse("kernel_shape, strides, dilations and pads must have one entry a spatial dim");
}

/* MaxPool / AveragePool 3-D (5-D X) -> MaxPool3D (padding CALCULATED) / AvgPool3D on NCDHW:
 * explicit pads, ceil_mode and count_include_pad carry over. */
static void conv_pool3d(Ctx &c, bool maxp)
{
    const Shape &x = in_shape(c, 0);
    std::vector<int64_t> k, st, pads, dl;
    pool_window(c, 3, &k, &st, &pads, &dl);
    bool dilated = dl != std::vector<int64_t>{1, 1, 1};
    if (dilated && get_s(c, "auto_pad", "NOTSET") != "NOTSET" &&
        get_s(c, "auto_pad", "") != "VALID")
        refuse("auto_pad SAME with dilations is not supported");
    auto_pads(c, {x.dims[2], x.dims[3], x.dims[4]}, k, st, &pads);
    set_out(c, 0,
            pool3d_node(c, maxp, value(c, in_name(c, 0)), k, st, pads,
                        get_i(c, "ceil_mode", 0) != 0, get_i(c, "count_include_pad", 0) != 0, "",
                        &x.dims, dl));
}

/* MaxPool / AveragePool 1-D and 2-D in their 3-D form: X [N, C, H, W] as [N, C, 1, H, W]
 * (1-D: [N, C, L] as [N, C, 1, 1, L]), the 2-D kernel, strides and pads (as_2d form) with a
 * unit depth; any pads, auto_pad, ceil_mode and count_include_pad. */
static void pool_as_3d(Ctx &c, bool maxp, bool one, const Shape &x, const std::vector<int64_t> &k,
                       const std::vector<int64_t> &st, std::vector<int64_t> pads,
                       const std::vector<int64_t> &dl = {1, 1})
{
    auto_pads(c, {x.dims[2], x.dims[3]}, k, st, &pads);
    std::vector<int64_t> axes = one ? std::vector<int64_t>{2, 3} : std::vector<int64_t>{2};
    int32_t u = add(c, "Unsqueeze", "/x_3d");
    connect_in(c, u, "x", 0);
    attr_ints(c, u, "axes", axes);
    std::vector<int64_t> xd{x.dims[0], x.dims[1], 1, x.dims[2], x.dims[3]};
    Ref y = pool3d_node(c, maxp, {u, 0}, {1, k[0], k[1]}, {1, st[0], st[1]},
                        {0, pads[0], pads[1], 0, pads[2], pads[3]}, get_i(c, "ceil_mode", 0) != 0,
                        get_i(c, "count_include_pad", 0) != 0, "/3d", &xd, {1, dl[0], dl[1]});
    int32_t q = add(c, "Squeeze");
    connect(c, q, "x", y);
    attr_ints(c, q, "axis", axes);
    set_out(c, 0, {q, 0});
}

/* MaxPool with its Indices output (2-D): CANN's MaxPoolWithArgmaxV3 (pads alike before and
 * after, at most half the kernel), whose argmax is the position in the input plane (h * W + w);
 * ONNX's index runs over the whole tensor: plus (n * C + c) * H * W, and with storage_order 1
 * the plane is column-major (w * H + h, from h = a / W, w = a - h * W). */
static void conv_max_pool_indices(Ctx &c)
{
    const Shape &x = in_shape(c, 0);
    bool known = x.known && x.dims.size() == 4;
    for (size_t i = 0; known && i < 4; i++)
        known = x.dims[i] >= 0;
    if (!known)
        refuse("the Indices output: X must be 4-D (2-D pooling) with known dims");
    int64_t N = x.dims[0], C = x.dims[1], H = x.dims[2], W = x.dims[3];
    std::vector<int64_t> k, st, pads, dl;
    pool_window(c, 2, &k, &st, &pads, &dl);
    std::string ap = get_s(c, "auto_pad", "NOTSET");
    bool ceil = get_i(c, "ceil_mode", 0) != 0;
    if (ap == "VALID") {
        pads = {0, 0, 0, 0};
    } else if (ap == "SAME_UPPER" || ap == "SAME_LOWER") {
        for (int i = 0; i < 2; i++) {
            int64_t in = x.dims[2 + i], o = (in + st[i] - 1) / st[i];
            int64_t tot = std::max<int64_t>((o - 1) * st[i] + dl[i] * (k[i] - 1) + 1 - in, 0);
            pads[i] = ap == "SAME_UPPER" ? tot / 2 : tot - tot / 2;
            pads[2 + i] = tot - pads[i];
        }
        ceil = false;
    } else if (ap != "NOTSET") {
        refuse("auto_pad " + ap + " is not supported");
    }
    for (int i = 0; i < 2; i++)
        if (pads[i] != pads[2 + i] || pads[i] > k[i] / 2)
            refuse("the Indices output (MaxPoolWithArgmaxV3) needs pads alike before and after "
                   "and at most half the kernel, got [" +
                   dims_str(pads) + "]");
    int64_t order = get_i(c, "storage_order", 0);
    if (order != 0 && order != 1)
        refuse("storage_order " + std::to_string(order) + " is not 0 or 1");
    int32_t n = add(c, "MaxPoolWithArgmaxV3");
    connect_in(c, n, "x", 0);
    attr_ints(c, n, "ksize", k);
    attr_ints(c, n, "strides", st);
    attr_ints(c, n, "pads", {pads[0], pads[1]});
    attr_i(c, n, "dtype", GE_I64);
    attr_ints(c, n, "dilation", dl);
    attr_b(c, n, "ceil_mode", ceil);
    attr_s(c, n, "data_format", "NCHW");
    set_out(c, 0, {n, 0});
    Ref idx{n, 1};
    if (order == 1) {
        Ref h = apply2(c, "Div", "/h", idx, const_i64(c, "/W", {W}, true));
        Ref hw = apply2(c, "Mul", "/hW", h, const_i64(c, "/W_", {W}, true));
        Ref w = apply2(c, "Sub", "/w", idx, hw);
        Ref wh = apply2(c, "Mul", "/wH", w, const_i64(c, "/H", {H}, true));
        idx = apply2(c, "Add", "/col", h, wh);
    }
    if (N * C > 1) { /* each plane's offset, [N, C, 1, 1] */
        std::vector<int64_t> base((size_t)(N * C));
        for (int64_t i = 0; i < N * C; i++)
            base[(size_t)i] = i * H * W;
        std::vector<char> b(base.size() * 8);
        std::memcpy(b.data(), base.data(), b.size());
        idx = apply2(c, "Add", "/flat", idx,
                     const_node(c, c.base + "/plane", GE_I64, {N, C, 1, 1}, b));
    }
    set_out(c, 1, idx);
}

/* MaxPool / AveragePool 1-D and 2-D: CANN's 2-d pools pad VALID or TF's SAME only; 3-D goes
 * to conv_pool3d. */
void conv_pool(Ctx &c, const char *cann)
{
    bool maxp = !std::strcmp(cann, "MaxPool");
    if (maxp)
        known_attrs(c, {"auto_pad", "ceil_mode", "dilations", "kernel_shape", "pads",
                        "storage_order", "strides"});
    else
        known_attrs(
            c, {"auto_pad", "ceil_mode", "count_include_pad", "kernel_shape", "pads", "strides"});
    if (maxp && c.node->output_size() > 1 && !c.node->output(1).empty())
        return conv_max_pool_indices(c);
    only_outputs(c, 1, "the Indices output");
    const Shape &xs = in_shape(c, 0);
    if (xs.known && xs.dims.size() == 5)
        return conv_pool3d(c, maxp);
    bool one = xs.known && xs.dims.size() == 3;
    if (!xs.known || (xs.dims.size() != 4 && !one))
        refuse("only 1-D, 2-D and 3-D pooling (3-D, 4-D or 5-D X) is supported");
    Shape x = xs;
    if (one)
        x.dims.insert(x.dims.begin() + 2, 1);
    std::vector<int64_t> k, st{1, 1}, pads{0, 0, 0, 0}, dl{1, 1};
    get_ints(c, "kernel_shape", &k);
    get_ints(c, "strides", &st);
    get_ints(c, "pads", &pads);
    get_ints(c, "dilations", &dl);
    if (one) { /* 1-D runs as 2-D on [N, C, 1, L] */
        as_2d(&k, 1, false);
        as_2d(&st, 1, false);
        as_2d(&dl, 1, false);
        as_2d(&pads, 0, true);
    }
    if (k.size() != 2 || st.size() != 2 || pads.size() != 4 || dl.size() != 2)
        refuse("kernel_shape, strides, dilations and pads must have one entry a spatial dim");
    std::string ap = get_s(c, "auto_pad", "NOTSET");
    if (dl[0] != 1 || dl[1] != 1) {
        /* the 3-D form takes dilations (MaxPool3D's dilation): explicit pads or VALID */
        if (ap != "NOTSET" && ap != "VALID")
            refuse("auto_pad " + ap + " with dilations is not supported");
        for (int i = 0; i < 2; i++)
            if (x.dims[2 + i] < 0)
                refuse("pooling with dilations needs the spatial dims known");
        return pool_as_3d(c, maxp, one, x, k, st, pads, dl);
    }
    bool ceil = get_i(c, "ceil_mode", 0) != 0;
    /* CANN's 2-d pools pad VALID or TF's SAME (SAME_UPPER) only, without ceil_mode and, for
     * the average, without counting the pads: anything else runs in the 3-D form */
    bool zero = pads == std::vector<int64_t>{0, 0, 0, 0};
    bool same = ap == "SAME_UPPER";
    if (ap == "NOTSET" && !zero) {
        same = true; /* pads equal to TF's SAME? */
        for (int i = 0; i < 2; i++) {
            int64_t in = x.dims[2 + i];
            int64_t o = in < 0 ? 0 : (in + st[i] - 1) / st[i];
            int64_t tot = std::max<int64_t>((o - 1) * st[i] + k[i] - in, 0);
            same = same && in >= 0 && pads[i] == tot / 2 && pads[2 + i] == tot - tot / 2;
        }
    }
    bool plain = ap == "NOTSET" ? zero || same : ap == "VALID" || ap == "SAME_UPPER";
    if (ceil && !same) /* ceil_mode gives the same sizes as floor when every window fits */
        for (int i = 0; i < 2; i++) {
            int64_t in = x.dims[2 + i], p = ap == "NOTSET" ? pads[i] + pads[2 + i] : 0;
            plain = plain && in >= 0 && (in + p - k[i]) % st[i] == 0;
        }
    plain = plain && !(ceil && same);
    plain = plain && !(!maxp && same && get_i(c, "count_include_pad", 0));
    if (!plain) {
        for (int i = 0; i < 2; i++)
            if (x.dims[2 + i] < 0)
                refuse("pooling with these pads needs the spatial dims known");
        return pool_as_3d(c, maxp, one, x, k, st, pads);
    }
    int32_t n = add(c, cann);
    Ref xin = value(c, in_name(c, 0));
    connect(c, n, "x", one ? unsqueeze_h(c, "/x_2d", xin) : xin);
    attr_ints(c, n, "ksize", {1, 1, k[0], k[1]});
    attr_ints(c, n, "strides", {1, 1, st[0], st[1]});
    attr_s(c, n, "padding", same ? "SAME" : "VALID");
    attr_s(c, n, "data_format", "NCHW");
    set_out_1d(c, n, one);
}

/* The spatial axes [2, rank) of a global pool's X (rank 3 or more). */
static std::vector<int64_t> global_axes(Ctx &c)
{
    known_attrs(c, {});
    int r = rank_of(c, 0, "X");
    if (r < 3)
        refuse("X must have rank 3 or more");
    std::vector<int64_t> axes;
    for (int i = 2; i < r; i++)
        axes.push_back(i);
    return axes;
}

void conv_global_avg_pool(Ctx &c, const char *cann)
{
    std::vector<int64_t> axes = global_axes(c);
    int32_t n = one_input(c, cann);
    attr_ints(c, n, "axes", axes);
    attr_b(c, n, "keep_dims", true);
}

/* GlobalMaxPool: ReduceMax over the spatial dims, kept. */
void conv_global_max_pool(Ctx &c, const char *cann)
{
    std::vector<int64_t> axes = global_axes(c);
    int32_t n = one_input(c, cann);
    attr_b(c, n, "keep_dims", true);
    attr_b(c, n, "noop_with_empty_axes", false);
    connect(c, n, "axes", const_i64(c, "/axes", axes));
}

/* MaxUnpool: X's values scattered into zeros at I, the flat indices into the output (what
 * MaxPool's Indices give): one ScatterElements on [1, N*C*prod(out)] views, out = (in - 1) *
 * stride + kernel - pads; a larger output_shape (a constant) appends zeros to each spatial
 * dim (ConcatV2), as ONNX's reference does. output_shape fed at run time (a dynamic-shape
 * model): the zeros appended along spatial dim i are the IR's Fill(dims, 0) with dims
 * output_shape[0 .. i-1], output_shape[i] - out[i], out[i+1 ..] computed on the host: a
 * spatial dim below the unpooled one fails the execution naming the Fill (a negative dim),
 * an N or C other than X's naming the ConcatV2 (dims that differ). */
void conv_max_unpool(Ctx &c, const char *)
{
    known_attrs(c, {"kernel_shape", "pads", "strides"});
    const Shape &xs = in_shape(c, 0);
    if (!xs.known || xs.dims.size() < 3)
        refuse("X's rank must be known and 3 or more");
    for (int64_t d : xs.dims)
        if (d < 0)
            refuse("X's dims must be known");
    size_t sp = xs.dims.size() - 2;
    std::vector<int64_t> k, st(sp, 1), pads(2 * sp, 0), out, given;
    if (!get_ints(c, "kernel_shape", &k) || k.size() != sp)
        refuse("kernel_shape must have one entry a spatial dim");
    get_ints(c, "strides", &st);
    get_ints(c, "pads", &pads);
    if (st.size() != sp || pads.size() != 2 * sp)
        refuse("strides and pads must have one (pads: two) entries a spatial dim");
    out = {xs.dims[0], xs.dims[1]};
    for (size_t i = 0; i < sp; i++)
        out.push_back((xs.dims[i + 2] - 1) * st[i] + k[i] - pads[i] - pads[i + sp]);
    bool shape_rt = has_in(c, 2) && fed_at_run_time(c, 2);
    if (shape_rt && in_shape(c, 2).dims != std::vector<int64_t>{(int64_t)xs.dims.size()})
        refuse("output_shape must hold one dim a dim of X");
    if (has_in(c, 2) && !shape_rt) {
        given = need_ints(c, 2, "output_shape");
        if (given.size() != xs.dims.size() || given[0] != xs.dims[0] || given[1] != xs.dims[1])
            refuse("output_shape must give N and C of X, then one dim a spatial dim");
        for (size_t i = 2; i < given.size(); i++)
            if (given[i] < out[i])
                refuse("output_shape " + dims_str(given) + " is smaller than the unpooled " +
                       dims_str(out));
    }
    int64_t nin = 1, nout = 1;
    for (int64_t d : xs.dims)
        nin *= d;
    for (int64_t d : out)
        nout *= d;
    int32_t ot = xs.dtype, dt = ge_dtype(ot);
    Ref zeros = const_node(c, c.base + "/zeros", dt, {1, nout},
                           std::vector<char>((size_t)nout * ge_size(dt), 0));
    Ref idx = value(c, in_name(c, 1));
    int32_t s = add(c, "ScatterElements", "/scatter");
    connect(c, s, "data", zeros);
    connect(c, s, "indices", reshape_to(c, "/indices_flat", idx, {1, nin}));
    connect(c, s, "updates", reshape_to(c, "/x_flat", value(c, in_name(c, 0)), {1, nin}));
    attr_i(c, s, "axis", 1);
    attr_s(c, s, "reduction", "none");
    Ref y = reshape_to(c, "/unpooled", {s, 0}, out);
    if (shape_rt) {
        Ref os = cast_to(c, "/output_shape_i64", value(c, in_name(c, 2)), GE_I64);
        auto part = [&](const std::string &sfx, int64_t b, int64_t e) {
            int32_t sl = add(c, "StridedSliceV2", sfx);
            connect(c, sl, "x", os);
            connect(c, sl, "begin", const_i64(c, sfx + "_begin", {b}));
            connect(c, sl, "end", const_i64(c, sfx + "_end", {e}));
            return Ref{sl, 0};
        };
        Ref zero = const_scalar(c, "/zero", ot, 0.0);
        int64_t r = (int64_t)out.size();
        for (int64_t i = 2; i < r; i++) {
            std::string k = std::to_string(i);
            std::vector<Ref> dims = {part("/shape_before" + k, 0, i),
                                     apply2(c, "Sub", "/pad_extent" + k,
                                            part("/shape_at" + k, i, i + 1),
                                            const_i64(c, "/unpooled" + k, {out[(size_t)i]}))};
            if (i + 1 < r)
                dims.push_back(
                    const_i64(c, "/unpooled_after" + k,
                              std::vector<int64_t>(out.begin() + (long)i + 1, out.end())));
            int32_t f = add(c, "Fill", "/pad" + k);
            connect(c, f, "dims", concat_of(c, "/pad_dims" + k, dims, 0));
            connect(c, f, "value", zero);
            y = concat_of(c, "/padded" + k, {y, Ref{f, 0}}, i);
        }
        set_out(c, 0, apply(c, "Identity", "", y));
        return;
    }
    /* a larger output_shape: the unpooled values keep their places, zeros after them */
    for (size_t i = 2; i < given.size(); i++) {
        if (given[i] == out[i])
            continue;
        std::vector<int64_t> zd = out;
        zd[i] = given[i] - out[i];
        int64_t nz = 1;
        for (int64_t d : zd)
            nz *= d;
        Ref z = const_node(c, c.base + "/pad" + std::to_string(i), dt, zd,
                           std::vector<char>((size_t)nz * ge_size(dt), 0));
        y = concat_of(c, "/padded" + std::to_string(i), {y, z}, (int64_t)i);
        out[i] = given[i];
    }
    set_out(c, 0, apply(c, "Identity", "", y));
}

} // namespace atc
