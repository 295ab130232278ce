/* SPDX-License-Identifier: Apache-2.0 */
/*
 * atc/onnx/detect.cc: object detection: NonMaxSuppression.
 */
#include "onnx_pvt.h"

#include <algorithm>
#include <cstring>

namespace atc
{

/* NonMaxSuppression: CANN's NonMaxSuppressionV6 (as GE's ONNX parser), its int32 rows cast
 * to ONNX's int64. max_output_boxes_per_class (int64 in ONNX, int32 in the IR: a constant is
 * converted, a graph input cast), iou_threshold and score_threshold are constants or graph
 * inputs (the kernel reads them at each execution); absent, they are left out. */
void conv_nms(Ctx &c, const char *cann)
{
    known_attrs(c, {"center_point_box"});
    int64_t cpb = get_i(c, "center_point_box", 0);
    if (cpb != 0 && cpb != 1)
        refuse("center_point_box " + std::to_string(cpb) + " is not 0 or 1");
    int32_t n = add(c, cann);
    attr_i(c, n, "center_point_box", cpb);
    connect_in(c, n, "boxes", 0);
    connect_in(c, n, "scores", 1);
    if (has_in(c, 2)) {
        std::vector<int64_t> v;
        if (const_ints(c, in_name(c, 2), &v)) {
            if (v.size() != 1)
                refuse("max_output_boxes_per_class must hold one value");
            int32_t m = (int32_t)std::min<int64_t>(std::max<int64_t>(v[0], 0), INT32_MAX);
            std::vector<char> b(4);
            std::memcpy(b.data(), &m, 4);
            connect(c, n, "max_output_size",
                    const_node(c, c.base + "/max_output_size", GE_I32, in_shape(c, 2).dims, b));
        } else {
            int32_t k = add(c, "Cast", "/max_output_size");
            attr_i(c, k, "dst_type", GE_I32);
            connect_in(c, k, "x", 2);
            connect(c, n, "max_output_size", {k, 0});
        }
    }
    if (has_in(c, 3))
        connect_in(c, n, "iou_threshold", 3);
    if (has_in(c, 4))
        connect_in(c, n, "score_threshold", 4);
    int32_t k = add(c, "Cast", "/int64");
    attr_i(c, k, "dst_type", GE_I64);
    connect(c, k, "x", {n, 0});
    set_out(c, 0, {k, 0});
    data_dependent(c, 0);
}

} // namespace atc
