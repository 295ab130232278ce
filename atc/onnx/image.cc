/* SPDX-License-Identifier: Apache-2.0 */
/*
 * atc/onnx/image.cc: images: Resize (and Upsample), GridSample, DepthToSpace and
 * SpaceToDepth.
 */
#include "onnx_pvt.h"

#include <cstring>

namespace atc
{

/* DepthToSpace (DCR, CRD) and SpaceToDepth: Reshape to 6-D, Transpose, Reshape back
 * (every dim of the 4-D input known). */
void conv_depth_space(Ctx &c, const char *)
{
    bool d2s = c.node->op_type() == "DepthToSpace";
    if (d2s)
        known_attrs(c, {"blocksize", "mode"});
    else
        known_attrs(c, {"blocksize"});
    const Shape &x = in_shape(c, 0);
    if (!x.known || x.dims.size() != 4)
        refuse("the input must be 4-D");
    for (int64_t d : x.dims)
        if (d < 0)
            refuse("the input's dims must be known");
    int64_t bs = get_i(c, "blocksize", 0), n = x.dims[0], ch = x.dims[1], h = x.dims[2],
            w = x.dims[3];
    if (bs < 1)
        refuse("blocksize must be positive");
    std::vector<int64_t> six, perm, out;
    if (d2s) {
        std::string mode = get_s(c, "mode", "DCR");
        if (ch % (bs * bs))
            refuse("the channels are not a multiple of blocksize^2");
        int64_t co = ch / (bs * bs);
        if (mode == "DCR")
            six = {n, bs, bs, co, h, w}, perm = {0, 3, 4, 1, 5, 2};
        else if (mode == "CRD")
            six = {n, co, bs, bs, h, w}, perm = {0, 1, 4, 2, 5, 3};
        else
            refuse("mode " + mode + " is not DCR or CRD");
        out = {n, co, h * bs, w * bs};
    } else {
        if (h % bs || w % bs)
            refuse("H and W are not multiples of blocksize");
        six = {n, ch, h / bs, bs, w / bs, bs}, perm = {0, 3, 5, 1, 2, 4};
        out = {n, ch * bs * bs, h / bs, w / bs};
    }
    int32_t r1 = add(c, "Reshape", "/6d");
    connect_in(c, r1, "x", 0);
    connect(c, r1, "shape", const_i64(c, "/6d_shape", six));
    int32_t t = add(c, "Transpose", "/perm");
    connect(c, t, "x", {r1, 0});
    connect(c, t, "perm", const_i64(c, "/perm_value", perm));
    int32_t r2 = add(c, "Reshape");
    connect(c, r2, "x", {t, 0});
    connect(c, r2, "shape", const_i64(c, "/shape", out));
    set_out(c, 0, {r2, 0});
}

/* Input i is given and holds at least one element (opset 11 gives scales as an empty
 * tensor when sizes is used; roi is often an empty tensor). */
static bool nonempty_in(Ctx &c, int i)
{
    if (!has_in(c, i))
        return false;
    const Shape &s = in_shape(c, i);
    if (!s.known)
        return true;
    for (int64_t d : s.dims)
        if (d == 0)
            return false;
    return true;
}

/* Resize (opsets 11-13; older models and Upsample come through the version converter, with
 * the asymmetric coordinates and floor rounding of their opsets): CANN's Resize
 * with ONNX's attributes. scales or sizes (y's dims depend on them) are constants, which
 * become Const inputs of the Resize node, or graph inputs, which feed its value inputs (a
 * dynamic-shape model); so is roi for tf_crop_and_resize (it is not read otherwise). */
void conv_resize(Ctx &c, const char *cann)
{
    known_attrs(c, {"coordinate_transformation_mode", "cubic_coeff_a", "exclude_outside",
                    "extrapolation_value", "mode", "nearest_mode"});
    int rank = rank_of(c, 0, "X");
    /* Upsample and Resize before opset 11 map x to x / scale and take the floor for nearest;
     * ONNX's version converter makes them opset-11 Resize nodes without saying so */
    bool legacy = c.model_opset < 11;
    std::string coord =
        get_s(c, "coordinate_transformation_mode", legacy ? "asymmetric" : "half_pixel");
    std::string nearest = get_s(c, "nearest_mode", legacy ? "floor" : "round_prefer_floor");
    int32_t n = add(c, cann);
    connect_in(c, n, "x", 0);
    /* scales, sizes and roi fed as graph inputs go to the Resize node's value inputs: a
     * dynamic-shape model (docs/atc.md, "Values known at run time"); the node checks their
     * count against x's rank when it is compiled for the values */
    if (nonempty_in(c, 3) && fed_at_run_time(c, 3)) {
        connect_in(c, n, "sizes", 3);
    } else if (!nonempty_in(c, 3) && nonempty_in(c, 2) && fed_at_run_time(c, 2, true)) {
        if (in_shape(c, 2).dtype != onnx::TensorProto::FLOAT)
            refuse("input scales (" + in_name(c, 2) + ") must be float32");
        connect_in(c, n, "scales", 2);
    } else if (nonempty_in(c, 3)) {
        std::vector<int64_t> sizes = need_ints(c, 3, "sizes");
        if ((int)sizes.size() != rank)
            refuse("sizes holds " + std::to_string(sizes.size()) + " values for rank " +
                   std::to_string(rank));
        connect(c, n, "sizes", const_i64(c, "/sizes", sizes));
    } else if (nonempty_in(c, 2)) {
        std::vector<double> sc = need_floats(c, 2, "scales");
        if ((int)sc.size() != rank)
            refuse("scales holds " + std::to_string(sc.size()) + " values for rank " +
                   std::to_string(rank));
        std::vector<char> b(sc.size() * 4);
        for (size_t k = 0; k < sc.size(); k++) {
            float f = (float)sc[k];
            std::memcpy(&b[k * 4], &f, 4);
        }
        connect(c, n, "scales", const_node(c, c.base + "/scales", GE_F32, {(int64_t)sc.size()}, b));
    } else {
        refuse("one of scales and sizes must be given");
    }
    if (coord == "tf_crop_and_resize" && fed_at_run_time(c, 1, true)) {
        if (in_shape(c, 1).dtype != onnx::TensorProto::FLOAT)
            refuse("input roi (" + in_name(c, 1) + ") must be float32");
        connect_in(c, n, "roi", 1);
    } else if (coord == "tf_crop_and_resize") {
        std::vector<double> roi = need_floats(c, 1, "roi");
        if ((int)roi.size() != 2 * rank)
            refuse("roi holds " + std::to_string(roi.size()) + " values for rank " +
                   std::to_string(rank) + " (starts then ends: " + std::to_string(2 * rank) + ")");
        std::vector<char> b(roi.size() * 4);
        for (size_t k = 0; k < roi.size(); k++) {
            float f = (float)roi[k];
            std::memcpy(&b[k * 4], &f, 4);
        }
        connect(c, n, "roi", const_node(c, c.base + "/roi", GE_F32, {(int64_t)roi.size()}, b));
    }
    attr_s(c, n, "coordinate_transformation_mode", coord.c_str());
    attr_f(c, n, "cubic_coeff_a", get_f(c, "cubic_coeff_a", -0.75f));
    attr_i(c, n, "exclude_outside", get_i(c, "exclude_outside", 0));
    attr_f(c, n, "extrapolation_value", get_f(c, "extrapolation_value", 0.0f));
    attr_s(c, n, "mode", get_s(c, "mode", "nearest").c_str());
    attr_s(c, n, "nearest_mode", nearest.c_str());
    set_out(c, 0, {n, 0});
}

/* GridSample (opset 16): CANN's GridSampler2D, the same attributes (mode -> interpolation_mode).
 * X 4-D; ONNX 16 defines no other rank. */
void conv_grid_sample(Ctx &c, const char *cann)
{
    known_attrs(c, {"align_corners", "mode", "padding_mode"});
    if (rank_of(c, 0, "X") != 4)
        refuse("X must be 4-D (N, C, H, W)");
    int32_t n = add(c, cann);
    connect_in(c, n, "x", 0);
    connect_in(c, n, "grid", 1);
    attr_s(c, n, "interpolation_mode", get_s(c, "mode", "bilinear").c_str());
    attr_s(c, n, "padding_mode", get_s(c, "padding_mode", "zeros").c_str());
    attr_b(c, n, "align_corners", get_i(c, "align_corners", 0) != 0);
    set_out(c, 0, {n, 0});
}

} // namespace atc
