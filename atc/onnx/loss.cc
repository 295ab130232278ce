/* SPDX-License-Identifier: Apache-2.0 */
/*
 * atc/onnx/loss.cc: the losses: NegativeLogLikelihoodLoss, SoftmaxCrossEntropyLoss.
 */
#include "onnx_pvt.h"

#include <cstring>

namespace atc
{

/* NLLLoss on log-probabilities lp (input [N, C, ...]) and the node's inputs
 * target (input it) and weight (input iw, optional); reduction and
 * ignore_index from the node's attributes. */
static Ref nll_loss(Ctx &c, Ref lp, int it, int iw, const std::string &suffix)
{
    std::string red = get_s(c, "reduction", "mean");
    if (red != "none" && red != "mean" && red != "sum")
        refuse("reduction " + red + " is not none, mean or sum");
    int32_t n = add(c, "NLLLoss", suffix);
    connect(c, n, "x", lp);
    connect_in(c, n, "target", it);
    if (has_in(c, iw)) {
        connect_in(c, n, "weight", iw);
    } else { /* CANN's kernel wants the weight: ones [C] of x's type */
        const Shape &x = in_shape(c, 0);
        int32_t dt = ge_dtype(x.dtype);
        if (!x.known || x.dims.size() < 2 || x.dims[1] < 1 || (dt != GE_F32 && dt != GE_F64))
            refuse("without weights, the input must be float or double with C known");
        std::vector<char> b((size_t)x.dims[1] * ge_size(dt));
        for (int64_t i = 0; i < x.dims[1]; i++) {
            float f = 1.0f;
            double d = 1.0;
            std::memcpy(b.data() + (size_t)i * ge_size(dt), dt == GE_F32 ? (void *)&f : (void *)&d,
                        ge_size(dt));
        }
        connect(c, n, "weight", const_node(c, c.base + "/ones", dt, {x.dims[1]}, b));
    }
    attr_s(c, n, "reduction", red.c_str());
    /* ONNX without ignore_index ignores no class: a value no valid target holds */
    attr_i(c, n, "ignore_index",
           find_attr(c, "ignore_index") ? get_i(c, "ignore_index", 0) : INT32_MIN + 1);
    return {n, 0};
}

void conv_nll_loss(Ctx &c, const char *)
{
    known_attrs(c, {"ignore_index", "reduction"});
    set_out(c, 0, nll_loss(c, value(c, in_name(c, 0)), 1, 2, ""));
}

/* SoftmaxCrossEntropyLoss: NLLLoss of LogSoftmax(scores) over dim 1; output 1
 * (log_prob) the LogSoftmax. */
void conv_softmax_ce(Ctx &c, const char *)
{
    known_attrs(c, {"ignore_index", "reduction"});
    if (rank_of(c, 0, "scores") < 2)
        refuse("scores must have rank 2 or more");
    int32_t ls = add(c, "LogSoftmaxV2", "/log_prob");
    connect_in(c, ls, "logits", 0);
    attr_ints(c, ls, "axes", {1});
    set_out(c, 0, nll_loss(c, {ls, 0}, 1, 2, ""));
    set_out(c, 1, {ls, 0});
}

} // namespace atc
