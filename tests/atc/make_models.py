# SPDX-License-Identifier: Apache-2.0
"""tests/atc/make_models.py: the ONNX models of tests/atc, built with the onnx
Python module (Debian python3-onnx) and random weights, each in the layout of
ONNX's backend test data: <out>/<name>/model.onnx and
<name>/test_data_set_0/{input,output}_<i>.pb, the outputs computed here with
numpy (an independent reference of the conversion).

Models: mlp (Gemm+Relu+Gemm, alpha/beta), cnn (Conv+Relu+MaxPool+Flatten+Gemm),
two_io (two inputs, two outputs: MatMul, Add, Softmax, Tanh, Concat), blocks
(BatchNormalization, AveragePool SAME, GlobalAveragePool, Transpose, Reshape,
ReduceMean, Sigmoid, Sub/Div/Mul/Exp/Log/Sqrt/Neg/Abs, Unsqueeze, Squeeze,
Gather, Cast, Constant), layer_norm (opset 17: LayerNormalization, Gemm with a
2-D C), gelu (the exact GELU subgraph, fused), bad_op (an op atc does not map),
lone_erf (an Erf outside that subgraph: the Erf type), bad_dtype (a type the
CANN op refuses), and the recurrent variants ONNX's conformance data lacks (rnn_ref
below, a loop over each batch entry's own steps): gru_bidir (bidirectional,
linear_before_reset, clip, sequence_lens fed at run time, initial_h), lstm_reverse
(reverse, peepholes, input_forget, sequence_lens, initial_h / initial_c, Y_c, layout 1)
and rnn_acts (bidirectional, other activations with alpha / beta); the integer ops with what
the conformance cases lack: conv_integer (int8, per-channel w zero point, strides and pads),
qlinear_conv (per-channel w scale and zero point, int32 bias), matmul_integer (3-D A,
per-row and per-column zero points), qlinear_matmul (int8); scatter_nd (negative indices,
tuples of 2 of a rank-3 data in a 2-D grid of tuples, reduction add; tuples of the full rank,
mul); more_ops: ReverseSequence (3-D, time first), Det (a batch of 3 x 3 and double
4 x 4), MaxUnpool with a larger output_shape, the three windows of a constant size
(periodic and symmetric), Compress of constant conditions (along an axis, a shorter
one, flattened); upsample9 (opset 9's Upsample, nearest and linear, scales that
are not integers: x / scale, floor); dft (opset 17's DFT against numpy's fft: a real signal
onesided and zero-padded by dft_length along axis 2, a complex one inverse and cut); stft
(a real signal with a window, onesided; one with frame_length only, both sides);
pool_indices (MaxPool's Indices output over several images and channels, storage_order 0
and 1, ceil_mode); einsum_more (Einsum's ellipses, broadcast and implicit, and diagonals); dropout_zero
(Dropout in training mode with a constant ratio 0)."""
import os
import sys

import numpy as np
import onnx
from onnx import TensorProto, helper, numpy_helper

RNG = np.random.default_rng(28)


def rand(*shape, scale=1.0):
    return (RNG.standard_normal(shape) * scale).astype(np.float32)


def save(out, name, nodes, inputs, outputs, inits, feeds, results, opset=13, rtype=np.float32):
    results = [np.asarray(r, dtype=rtype) for r in results]
    graph = helper.make_graph(
        nodes, name,
        [helper.make_tensor_value_info(n, onnx.mapping.NP_TYPE_TO_TENSOR_TYPE[v.dtype], v.shape)
         for n, v in inputs],
        [helper.make_tensor_value_info(n, onnx.mapping.NP_TYPE_TO_TENSOR_TYPE[r.dtype], r.shape)
         for n, r in zip(outputs, results)],
        [numpy_helper.from_array(v, n) for n, v in inits.items()])
    model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", opset)],
                              producer_name="cpuacl-tests")
    onnx.checker.check_model(model)
    d = os.path.join(out, name)
    os.makedirs(os.path.join(d, "test_data_set_0"), exist_ok=True)
    onnx.save(model, os.path.join(d, "model.onnx"))
    for i, v in enumerate(feeds):
        with open(os.path.join(d, "test_data_set_0", "input_%d.pb" % i), "wb") as f:
            f.write(numpy_helper.from_array(v).SerializeToString())
    for i, v in enumerate(results):
        with open(os.path.join(d, "test_data_set_0", "output_%d.pb" % i), "wb") as f:
            f.write(numpy_helper.from_array(v).SerializeToString())


def relu(x):
    return np.maximum(x, 0)


def softmax(x, axis=-1):
    e = np.exp(x - x.max(axis=axis, keepdims=True))
    return e / e.sum(axis=axis, keepdims=True)


def mlp(out):
    w1, b1, w2, b2 = rand(16, 8, scale=0.3), rand(16), rand(16, 4, scale=0.3), rand(4)
    x = rand(3, 8)
    nodes = [helper.make_node("Gemm", ["x", "w1", "b1"], ["h"], name="fc1", transB=1),
             helper.make_node("Relu", ["h"], ["r"], name="relu1"),
             helper.make_node("Gemm", ["r", "w2", "b2"], ["y"], name="fc2", alpha=0.5,
                              beta=2.0)]
    y = 0.5 * (relu(x @ w1.T + b1) @ w2) + 2.0 * b2
    save(out, "mlp", nodes, [("x", x)], ["y"], dict(w1=w1, b1=b1, w2=w2, b2=b2), [x], [y])


def conv2d(x, w, b, stride, pads):
    n, c, h, ww = x.shape
    o, _, kh, kw = w.shape
    xp = np.pad(x, ((0, 0), (0, 0), (pads[0], pads[2]), (pads[1], pads[3])))
    oh = (xp.shape[2] - kh) // stride + 1
    ow = (xp.shape[3] - kw) // stride + 1
    y = np.zeros((n, o, oh, ow), np.float64)
    for i in range(oh):
        for j in range(ow):
            patch = xp[:, :, i * stride:i * stride + kh, j * stride:j * stride + kw]
            y[:, :, i, j] = np.tensordot(patch, w, axes=([1, 2, 3], [1, 2, 3]))
    return y + b.reshape(1, o, 1, 1)


def pool(x, k, s, fn):
    n, c, h, w = x.shape
    oh, ow = (h - k) // s + 1, (w - k) // s + 1
    y = np.zeros((n, c, oh, ow))
    for i in range(oh):
        for j in range(ow):
            y[:, :, i, j] = fn(x[:, :, i * s:i * s + k, j * s:j * s + k], axis=(2, 3))
    return y


def cnn(out):
    w, b = rand(4, 3, 3, 3, scale=0.3), rand(4)
    fw, fb = rand(5, 4 * 4 * 4, scale=0.2), rand(5)
    x = rand(2, 3, 8, 8)
    nodes = [helper.make_node("Conv", ["x", "w", "b"], ["c"], name="conv1", kernel_shape=[3, 3],
                              pads=[1, 1, 1, 1], strides=[1, 1]),
             helper.make_node("Relu", ["c"], ["r"], name="relu1"),
             helper.make_node("MaxPool", ["r"], ["p"], name="pool1", kernel_shape=[2, 2],
                              strides=[2, 2]),
             helper.make_node("Flatten", ["p"], ["f"], name="flat", axis=1),
             helper.make_node("Gemm", ["f", "fw", "fb"], ["y"], name="fc", transB=1)]
    p = pool(relu(conv2d(x, w, b, 1, [1, 1, 1, 1])), 2, 2, np.max)
    y = p.reshape(2, -1) @ fw.T + fb
    save(out, "cnn", nodes, [("x", x)], ["y"], dict(w=w, b=b, fw=fw, fb=fb), [x], [y])


def two_io(out):
    w = rand(6, 5, scale=0.4)
    a, b = rand(2, 3, 6), rand(2, 3, 5)
    nodes = [helper.make_node("MatMul", ["a", "w"], ["m"], name="mm"),
             helper.make_node("Add", ["m", "b"], ["s"], name="add"),
             helper.make_node("Softmax", ["s"], ["y0"], name="softmax", axis=-1),
             helper.make_node("Tanh", ["b"], ["t"], name="tanh"),
             helper.make_node("Concat", ["t", "s"], ["y1"], name="cat", axis=2)]
    s = a @ w + b
    save(out, "two_io", nodes, [("a", a), ("b", b)], ["y0", "y1"], dict(w=w), [a, b],
         [softmax(s), np.concatenate([np.tanh(b), s], axis=2)])


def blocks(out):
    c = 3
    x = rand(2, c, 6, 6)
    sc, bi, mu, var = rand(c), rand(c), rand(c), np.abs(rand(c)) + 0.5
    idx = np.array([2, 0], np.int64)
    shape = np.array([2, 0, -1], np.int64)
    nodes = [
        helper.make_node("BatchNormalization", ["x", "sc", "bi", "mu", "var"], ["bn"], name="bn",
                         epsilon=1e-3),
        helper.make_node("AveragePool", ["bn"], ["ap"], name="avg", kernel_shape=[3, 3],
                         strides=[2, 2], pads=[0, 0, 1, 1]),
        helper.make_node("Sigmoid", ["ap"], ["sg"], name="sig"),
        helper.make_node("GlobalAveragePool", ["sg"], ["gp"], name="gap"),
        helper.make_node("Squeeze", ["gp", "sq_axes"], ["sq"], name="squeeze"),
        helper.make_node("Unsqueeze", ["sq", "sq_axes"], ["us"], name="unsqueeze"),
        helper.make_node("Transpose", ["x"], ["tr"], name="tr", perm=[0, 2, 3, 1]),
        helper.make_node("Reshape", ["tr", "shape"], ["rs"], name="reshape"),
        helper.make_node("ReduceMean", ["rs"], ["rm"], name="rmean", axes=[2], keepdims=0),
        helper.make_node("Abs", ["rm"], ["ab"], name="abs"),
        helper.make_node("Constant", [], ["one"], name="const_one",
                         value=numpy_helper.from_array(np.array(1.0, np.float32))),
        helper.make_node("Add", ["ab", "one"], ["ab1"], name="plus1"),
        helper.make_node("Log", ["ab1"], ["lg"], name="log"),
        helper.make_node("Sqrt", ["ab1"], ["sq1"], name="sqrt"),
        helper.make_node("Div", ["lg", "sq1"], ["dv"], name="div"),
        helper.make_node("Neg", ["dv"], ["ng"], name="neg"),
        helper.make_node("Exp", ["ng"], ["ex"], name="exp"),
        helper.make_node("Sub", ["ex", "one"], ["sb"], name="sub"),
        helper.make_node("Gather", ["sb", "idx"], ["ga"], name="gather", axis=1),
        helper.make_node("Cast", ["ga"], ["y1"], name="cast", to=TensorProto.FLOAT),
        helper.make_node("Mul", ["us", "us"], ["y0"], name="mul"),
    ]
    bn = (x - mu.reshape(1, c, 1, 1)) / np.sqrt(var.reshape(1, c, 1, 1) + 1e-3) \
        * sc.reshape(1, c, 1, 1) + bi.reshape(1, c, 1, 1)
    # AveragePool k3 s2 on 6 with pads (0, 1): TF SAME, padding not counted
    bp = np.pad(bn, ((0, 0), (0, 0), (0, 1), (0, 1)), constant_values=np.nan)
    ap = pool(bp, 3, 2, np.nanmean)
    gp = (1 / (1 + np.exp(-ap))).mean(axis=(2, 3), keepdims=True)
    y0 = gp * gp
    rs = x.transpose(0, 2, 3, 1).reshape(2, 6, -1)
    ab1 = np.abs(rs.mean(axis=2)) + 1
    sb = np.exp(-(np.log(ab1) / np.sqrt(ab1))) - 1
    y1 = sb[:, idx]
    save(out, "blocks", nodes, [("x", x)], ["y0", "y1"],
         dict(sc=sc, bi=bi, mu=mu, var=var, idx=idx, shape=shape,
              sq_axes=np.array([2, 3], np.int64)), [x], [y0, y1])


def layer_norm(out):
    x = rand(2, 4, 8)
    g, b = rand(8), rand(8)
    w, cc = rand(8, 8, scale=0.3), rand(4, 8)
    nodes = [helper.make_node("LayerNormalization", ["x", "g", "b"], ["ln"], name="ln",
                              axis=-1, epsilon=1e-5),
             helper.make_node("Reshape", ["ln", "shape"], ["l2"], name="flat"),
             helper.make_node("Gemm", ["l2", "w", "cc"], ["gm"], name="gemm", beta=0.5),
             helper.make_node("LeakyRelu", ["gm"], ["y"], name="lrelu", alpha=0.1)]
    mu = x.mean(axis=-1, keepdims=True)
    ln = (x - mu) / np.sqrt(x.var(axis=-1, keepdims=True) + 1e-5) * g + b
    gm = ln.reshape(8, 8) @ w + 0.5 * np.tile(cc, (2, 1))
    y = np.where(gm > 0, gm, 0.1 * gm)
    save(out, "layer_norm", nodes, [("x", x)], ["y"],
         dict(g=g, b=b, w=w, cc=np.tile(cc, (2, 1)), shape=np.array([8, 8], np.int64)),
         [x], [y], opset=17)


def gelu(out):
    """The exact GELU as PyTorch exports it, operands of Add and the Muls in
    the other order, x/sqrt2 as an initializer: atc makes one GeluV2."""
    x = rand(3, 7, scale=2.0)
    nodes = [helper.make_node("Div", ["x", "sqrt2"], ["t"], name="div"),
             helper.make_node("Erf", ["t"], ["e"], name="erf"),
             helper.make_node("Add", ["one", "e"], ["a"], name="add"),
             helper.make_node("Mul", ["a", "x"], ["m"], name="mul"),
             helper.make_node("Mul", ["half", "m"], ["y"], name="half")]
    from math import erf
    y = 0.5 * x * (1 + np.vectorize(erf)(x.astype(np.float64) / np.sqrt(2)))
    save(out, "gelu", nodes, [("x", x)], ["y"],
         dict(sqrt2=np.array(np.sqrt(2), np.float32), one=np.array(1, np.float32),
              half=np.array(0.5, np.float32)), [x], [y], opset=13)


def lone_erf(out):
    """GELU's subgraph with Erf's input also used elsewhere: not fused, and
    Erf converts alone (the Erf type)."""
    x = rand(2, 3)
    nodes = [helper.make_node("Div", ["x", "sqrt2"], ["t"], name="div"),
             helper.make_node("Erf", ["t"], ["e"], name="my_erf"),
             helper.make_node("Add", ["e", "t"], ["y"], name="add")]
    from math import erf
    t = x / np.float32(np.sqrt(2))
    y = (np.vectorize(erf)(t.astype(np.float64)) + t).astype(np.float32)
    save(out, "lone_erf", nodes, [("x", x)], ["y"], dict(sqrt2=np.array(np.sqrt(2), np.float32)),
         [x], [y], opset=13)


def bad_op(out):
    x = rand(2, 3)
    nodes = [helper.make_node("Relu", ["x"], ["r"], name="relu"),
             helper.make_node("LpNormalization", ["r"], ["y"], name="my_lpnorm")]
    save(out, "bad_op", nodes, [("x", x)], ["y"], {}, [x], [x], opset=14)


def bad_dtype(out):
    """A Conv on float64: ONNX allows it, Conv2D takes float32/16/bf16 only."""
    x, w = rand(1, 1, 4, 4).astype(np.float64), rand(1, 1, 3, 3).astype(np.float64)
    nodes = [helper.make_node("Conv", ["x", "w"], ["y"], name="conv64", kernel_shape=[3, 3])]
    save(out, "bad_dtype", nodes, [("x", x)], ["y"], dict(w=w), [x],
         [conv2d(x, w, np.zeros(1), 1, [0, 0, 0, 0])], rtype=np.float64)


ACTS = {
    "Tanh": lambda x, a, b: np.tanh(x), "Sigmoid": lambda x, a, b: 1 / (1 + np.exp(-x)),
    "Relu": lambda x, a, b: np.maximum(x, 0), "LeakyRelu": lambda x, a, b: np.where(x > 0, x, a * x),
    "HardSigmoid": lambda x, a, b: np.clip(a * x + b, 0, 1),
    "ScaledTanh": lambda x, a, b: a * np.tanh(b * x), "Softsign": lambda x, a, b: x / (1 + abs(x)),
}


def rnn_ref(kind, X, W, R, B, lens, h0, c0, P, direction, acts, clip, lbr=0, input_forget=0):
    """ONNX's RNN / GRU / LSTM (layout 0), one batch entry at a time over its own steps.
    acts: per direction, a list of (name, alpha, beta)."""
    T, N, _ = X.shape
    nd, H = W.shape[0], R.shape[2]
    Y = np.zeros((T, nd, N, H), np.float64)
    Yh, Yc = np.zeros((nd, N, H)), np.zeros((nd, N, H))
    cl = (lambda v: np.clip(v, -clip, clip)) if clip else (lambda v: v)
    for d in range(nd):
        f, g, hf = [(lambda v, n=n, a=a, b=b: ACTS[n](v, a, b)) for n, a, b in acts[d]] + \
            [None] * (3 - len(acts[d]))
        Wb, Rb = np.split(B[d].astype(np.float64), 2)
        for b in range(N):
            h, c = h0[d, b].astype(np.float64), c0[d, b].astype(np.float64)
            steps = range(lens[b])
            if direction == "reverse" or d == 1:
                steps = reversed(steps)
            for t in steps:
                x = X[t, b].astype(np.float64)
                if kind == "RNN":
                    h = f(cl(W[d] @ x + R[d] @ h + Wb + Rb))
                elif kind == "GRU":
                    wz, wr, wh = np.split(W[d], 3)
                    rz, rr, rh = np.split(R[d], 3)
                    bwz, bwr, bwh = np.split(Wb, 3)
                    brz, brr, brh = np.split(Rb, 3)
                    z = f(cl(wz @ x + rz @ h + bwz + brz))
                    r = f(cl(wr @ x + rr @ h + bwr + brr))
                    if lbr:
                        ht = g(cl(wh @ x + r * (rh @ h + brh) + bwh))
                    else:
                        ht = g(cl(wh @ x + rh @ (r * h) + brh + bwh))
                    h = (1 - z) * ht + z * h
                else:
                    gi, go, gf, gc = np.split(W[d] @ x + R[d] @ h + Wb + Rb, 4)
                    pi, po, pf = np.split(P[d], 3)
                    i = f(cl(gi + pi * c))
                    fg = 1 - i if input_forget else f(cl(gf + pf * c))
                    c = fg * c + i * g(cl(gc))
                    h = f(cl(go + po * c)) * hf(c)
                Y[t, d, b] = h
            Yh[d, b], Yc[d, b] = h, c
    return Y, Yh, Yc


def recurrent(out, name, kind, nd, direction, acts, attrs, lens, layout=0, with_c=False,
              peep=False):
    T, N, I, H = 4, 3, 5, 6
    G = {"RNN": 1, "GRU": 3, "LSTM": 4}[kind]
    X = rand(T, N, I)
    W, R, B = rand(nd, G * H, I, scale=0.5), rand(nd, G * H, H, scale=0.5), rand(nd, 2 * G * H)
    h0, c0 = rand(nd, N, H), rand(nd, N, H)
    P = rand(nd, 3 * H) if peep else np.zeros((nd, 3 * H), np.float32)
    lens = np.array(lens, np.int32)
    Y, Yh, Yc = rnn_ref(kind, X, W, R, B, lens, h0, c0 if with_c else 0 * c0, P, direction,
                        [acts[k:k + len(acts) // nd] for k in range(0, len(acts), len(acts) // nd)],
                        attrs.get("clip", 0), attrs.get("linear_before_reset", 0),
                        attrs.get("input_forget", 0))
    Xf = X.transpose(1, 0, 2).copy() if layout else X
    ins = ["X", "W", "R", "B", "sequence_lens", "initial_h"] + (["initial_c"] if with_c else [])
    ins += ["P"] if peep else []
    outs = ["Y", "Y_h"] + (["Y_c"] if with_c else [])
    res = [Y, Yh] + ([Yc] if with_c else [])
    if layout:
        res = [Y.transpose(2, 0, 1, 3), Yh.transpose(1, 0, 2)] + \
            ([Yc.transpose(1, 0, 2)] if with_c else [])
        h0, c0 = h0.transpose(1, 0, 2).copy(), c0.transpose(1, 0, 2).copy()
    alpha = [float(a[1]) for a in acts if a[0] in ("LeakyRelu", "HardSigmoid", "ScaledTanh")]
    beta = [float(a[2]) for a in acts if a[0] in ("HardSigmoid", "ScaledTanh")]
    if alpha:
        attrs = dict(attrs, activation_alpha=alpha)
    if beta:
        attrs = dict(attrs, activation_beta=beta)
    node = helper.make_node(kind, ins, outs, hidden_size=H, direction=direction, layout=layout,
                            activations=[a[0] for a in acts], **attrs)
    inits = {"W": W, "R": R, "B": B, "initial_h": h0}
    if with_c:
        inits["initial_c"] = c0
    if peep:
        inits["P"] = P
    save(out, name, [node], [("X", Xf), ("sequence_lens", lens)], outs, inits, [Xf, lens], res,
         opset=14)


def recurrents(out):
    sg, th = ("Sigmoid", 0, 0), ("Tanh", 0, 0)
    recurrent(out, "gru_bidir", "GRU", 2, "bidirectional", [sg, th, sg, th],
              {"linear_before_reset": 1, "clip": 1.5}, [4, 2, 1])
    recurrent(out, "lstm_reverse", "LSTM", 1, "reverse", [sg, th, th],
              {"input_forget": 1}, [3, 4, 1], layout=1, with_c=True, peep=True)
    recurrent(out, "rnn_acts", "RNN", 2, "bidirectional",
              [("LeakyRelu", 0.3, 0), ("ScaledTanh", 0.8, 1.3)], {}, [4, 4, 2])


def ints(lo, hi, *shape, dtype=np.uint8):
    return RNG.integers(lo, hi, shape).astype(dtype)


def quantize(v, zp, lo, hi, dtype):
    return np.clip(np.round(v) + zp, lo, hi).astype(dtype)


def integer_ops(out):
    # ConvInteger: int8, w's zero point per output channel, stride 2, pads
    x, w = ints(-128, 128, 1, 3, 6, 6, dtype=np.int8), ints(-128, 128, 4, 3, 3, 3, dtype=np.int8)
    xz, wz = np.array(3, np.int8), ints(-5, 5, 4, dtype=np.int8)
    pads = [1, 1, 1, 1]
    y = conv2d(x.astype(np.float64) - xz, w.astype(np.float64) - wz.reshape(4, 1, 1, 1),
               np.zeros(4), 2, pads)
    node = helper.make_node("ConvInteger", ["x", "w", "x_zero_point", "w_zero_point"], ["y"],
                            strides=[2, 2], pads=pads)
    save(out, "conv_integer", [node], [("x", x)], ["y"], dict(w=w, x_zero_point=xz, w_zero_point=wz),
         [x], [y], opset=13, rtype=np.int32)
    # QLinearConv: uint8, per-channel w scale and zero point, int32 bias
    x, w = ints(0, 256, 2, 3, 5, 5), ints(0, 256, 4, 3, 2, 2)
    xs, xz = np.array(0.02, np.float32), np.array(120, np.uint8)
    ws, wz = (RNG.random(4) * 0.02 + 0.005).astype(np.float32), ints(100, 150, 4)
    ys, yz = np.array(0.9, np.float32), np.array(128, np.uint8)
    b = ints(-2000, 2000, 4, dtype=np.int32)
    acc = conv2d(x.astype(np.float64) - xz, w.astype(np.float64) - wz.reshape(4, 1, 1, 1), b, 1,
                 [0, 0, 0, 0])
    y = quantize(acc * (xs * ws).astype(np.float32).reshape(1, 4, 1, 1) / ys, yz, 0, 255, np.uint8)
    node = helper.make_node("QLinearConv", ["x", "x_scale", "x_zero_point", "w", "w_scale",
                                            "w_zero_point", "y_scale", "y_zero_point", "B"], ["y"])
    save(out, "qlinear_conv", [node], [("x", x)], ["y"],
         dict(x_scale=xs, x_zero_point=xz, w=w, w_scale=ws, w_zero_point=wz, y_scale=ys,
              y_zero_point=yz, B=b), [x], [y], opset=13, rtype=np.uint8)
    # MatMulInteger: 3-D A, zero points per row of A and per column of B
    a, bm = ints(0, 256, 2, 4, 5), ints(0, 256, 5, 3)
    az, bz = ints(0, 256, 4), ints(0, 256, 3)
    y = (a.astype(np.int64) - az.reshape(4, 1)) @ (bm.astype(np.int64) - bz)
    node = helper.make_node("MatMulInteger", ["A", "B", "a_zero_point", "b_zero_point"], ["Y"])
    save(out, "matmul_integer", [node], [("A", a)], ["Y"], dict(B=bm, a_zero_point=az, b_zero_point=bz),
         [a], [y], opset=13, rtype=np.int32)
    # QLinearMatMul: int8
    a, bm = ints(-128, 128, 3, 6, dtype=np.int8), ints(-128, 128, 6, 2, dtype=np.int8)
    az, bz, yz = np.array(-3, np.int8), np.array(5, np.int8), np.array(-10, np.int8)
    as_, bs, ys = np.array(0.05, np.float32), np.array(0.03, np.float32), np.array(0.7, np.float32)
    acc = (a.astype(np.float64) - az) @ (bm.astype(np.float64) - bz)
    y = quantize(acc * np.float32(as_ * bs) / ys, yz, -128, 127, np.int8)
    node = helper.make_node("QLinearMatMul", ["a", "a_scale", "a_zero_point", "b", "b_scale",
                                              "b_zero_point", "y_scale", "y_zero_point"], ["y"])
    save(out, "qlinear_matmul", [node], [("a", a)], ["y"],
         dict(a_scale=as_, a_zero_point=az, b=bm, b_scale=bs, b_zero_point=bz, y_scale=ys,
              y_zero_point=yz), [a], [y], opset=13, rtype=np.int8)


def scatter_nd(out):
    data = rand(3, 4, 5)
    idx = np.array([[[0, -1], [2, 1]], [[-3, 2], [1, -4]]], np.int64)  # [2, 2, 2]: slices [5]
    upd = rand(2, 2, 5)
    y1 = data.astype(np.float64).copy()
    for t in np.ndindex(2, 2):
        y1[tuple(idx[t])] += upd[t]
    full = np.array([[0, 0, 0], [2, 3, -1], [-1, -1, -1]], np.int64)  # [3, 3]: elements
    upd2 = rand(3)
    y2 = y1.copy()
    for t in range(2):
        y2[tuple(full[t])] *= upd2[t]
    y2[tuple(full[2])] *= upd2[2]  # [2, 3, 4] twice: mul applies both
    nodes = [helper.make_node("ScatterND", ["data", "idx", "upd"], ["y1"], reduction="add"),
             helper.make_node("ScatterND", ["y1", "full", "upd2"], ["y2"], reduction="mul")]
    save(out, "scatter_nd", nodes, [("data", data), ("upd", upd)], ["y1", "y2"],
         dict(idx=idx, full=full, upd2=upd2), [data, upd], [y1, y2], opset=16)


def more_ops(out):
    x = rand(5, 3, 2)  # time 0, batch 1
    lens = np.array([5, 1, 3], np.int64)
    y = x.copy()
    for b in range(3):
        y[:lens[b], b] = x[:lens[b], b][::-1]
    m3 = rand(2, 3, 3)
    m4 = RNG.standard_normal((4, 4))
    size = np.array(7, np.int64)
    n = np.arange(7)
    wins = []
    nodes = [helper.make_node("ReverseSequence", ["x", "lens"], ["y"], time_axis=0, batch_axis=1),
             helper.make_node("Det", ["m3"], ["d3"]), helper.make_node("Det", ["m4"], ["d4"])]
    for op, a0, a1, a2 in (("HannWindow", 0.5, 0.5, 0), ("HammingWindow", 25 / 46, 21 / 46, 0),
                           ("BlackmanWindow", 0.42, 0.5, 0.08)):
        for periodic in (1, 0):
            N = 7 if periodic else 6
            wins.append(a0 - a1 * np.cos(2 * np.pi * n / N) + a2 * np.cos(4 * np.pi * n / N))
            nodes.append(helper.make_node(op, ["size"], ["w%d" % len(wins)], periodic=periodic))
    # MaxUnpool of a 2 x 2 pooled 4 x 4 grid into 5 x 6
    xv = rand(1, 2, 2, 2)
    xi = np.array([[[[0, 3], [9, 14]], [[21, 18], [28, 31]]]], np.int64)
    un = np.zeros((1, 2, 4, 4), np.float32).reshape(-1)
    un[xi.reshape(-1)] = xv.reshape(-1)
    unp = np.zeros((1, 2, 5, 6), np.float32)
    unp[:, :, :4, :4] = un.reshape(1, 2, 4, 4)
    nodes.append(helper.make_node("MaxUnpool", ["xv", "xi", "oshape"], ["u"], kernel_shape=[2, 2],
                                  strides=[2, 2]))
    cond = np.array([True, False, True, True, False])
    cshort = np.array([False, True])
    nodes += [helper.make_node("Compress", ["x", "cond"], ["c1"], axis=0),
              helper.make_node("Compress", ["x", "cshort"], ["c2"], axis=-2),
              helper.make_node("Compress", ["x", "cond"], ["c3"])]
    comp = [x[cond], x[:, 1:2], x.reshape(-1)[:5][cond]]
    outs = ["y", "d3"] + ["w%d" % (k + 1) for k in range(len(wins))] + ["u", "c1", "c2", "c3"]
    save(out, "more_ops", nodes, [("x", x), ("lens", lens), ("m3", m3), ("xv", xv)], outs,
         dict(size=size, m4=m4, xi=xi, oshape=np.array([1, 2, 5, 6], np.int64), cond=cond,
              cshort=cshort),
         [x, lens, m3, xv], [y, np.linalg.det(m3.astype(np.float64))] + wins + [unp] + comp,
         opset=17)
    # the double determinant: its own model (save() gives one result type)
    save(out, "det_double", [helper.make_node("Det", ["m4"], ["d4"])], [("m4", m4)], ["d4"], {},
         [m4], [np.linalg.det(m4)], opset=17, rtype=np.float64)


def upsample9(out):
    x = rand(1, 2, 3, 4)
    sc = np.array([1, 1, 1.5, 2.5], np.float32)
    oh, ow = 4, 10  # floor(3 * 1.5), floor(4 * 2.5)
    hs, ws = np.arange(oh) / sc[2], np.arange(ow) / sc[3]
    near = x[:, :, np.floor(hs).astype(int)][:, :, :, np.floor(ws).astype(int)]

    def lin(v, n):
        v = np.minimum(v, n - 1)
        i0 = np.floor(v).astype(int)
        return i0, np.minimum(i0 + 1, n - 1), v - i0
    h0, h1, th = lin(hs, 3)
    w0, w1, tw = lin(ws, 4)
    rows = x[:, :, h0] * (1 - th)[:, None] + x[:, :, h1] * th[:, None]
    linear = rows[:, :, :, w0] * (1 - tw) + rows[:, :, :, w1] * tw
    nodes = [helper.make_node("Upsample", ["x", "scales"], ["near"], mode="nearest"),
             helper.make_node("Upsample", ["x", "scales"], ["linear"], mode="linear")]
    save(out, "upsample9", nodes, [("x", x)], ["near", "linear"], dict(scales=sc), [x],
         [near, linear], opset=9)


def dft(out):
    xr = rand(2, 6, 5, 1)
    xc = rand(2, 7, 3, 2)
    y1 = np.fft.fft(xr[..., 0].astype(np.float64), n=8, axis=2)[:, :, :5]
    y2 = np.fft.ifft((xc[..., 0] + 1j * xc[..., 1]).astype(np.complex128), n=5, axis=1)
    nodes = [helper.make_node("DFT", ["xr", "l8"], ["y1"], axis=2, onesided=1),
             helper.make_node("DFT", ["xc", "l5"], ["y2"], axis=1, inverse=1)]
    save(out, "dft", nodes, [("xr", xr), ("xc", xc)], ["y1", "y2"],
         dict(l8=np.array(8, np.int64), l5=np.array(5, np.int64)), [xr, xc],
         [np.stack([y1.real, y1.imag], -1), np.stack([y2.real, y2.imag], -1)], opset=17)


def stft(out):
    sig = rand(2, 20, 1)
    win = (0.5 - 0.5 * np.cos(2 * np.pi * np.arange(8) / 8)).astype(np.float32)
    frames = np.stack([sig[:, f * 3:f * 3 + 8, 0] for f in range(5)], 1).astype(np.float64)
    y1 = np.fft.rfft(frames * win, axis=-1)
    frames2 = np.stack([sig[:, f * 4:f * 4 + 6, 0] for f in range(4)], 1).astype(np.float64)
    y2 = np.fft.fft(frames2, axis=-1)
    nodes = [helper.make_node("STFT", ["sig", "step3", "win"], ["y1"]),
             helper.make_node("STFT", ["sig", "step4", "", "len6"], ["y2"], onesided=0)]
    save(out, "stft", nodes, [("sig", sig)], ["y1", "y2"],
         dict(step3=np.array(3, np.int64), step4=np.array(4, np.int64), win=win,
              len6=np.array(6, np.int64)), [sig],
         [np.stack([y1.real, y1.imag], -1), np.stack([y2.real, y2.imag], -1)], opset=17)
    # ONNX 1.12's shape inference gives STFT's bins dim as frame_length even when onesided
    # (8 for y1, whose 5 bins numpy and ONNX's operator define): the outputs are declared
    # with symbolic dims so that the checker does not refuse the model
    path = os.path.join(out, "stft", "model.onnx")
    m = onnx.load(path)
    for o in m.graph.output:
        for k, d in enumerate(o.type.tensor_type.shape.dim):
            d.dim_param = "%s_%d" % (o.name, k)
    onnx.save(m, path)


def pool_indices(out):
    """MaxPool's Indices over a batch of several channels (the conformance cases have one):
    ONNX's flat index n*C*H*W + c*H*W + (h*W + w, or w*H + h with storage_order 1)."""
    x = rand(2, 3, 7, 8)

    def ref(k, s, p, order, ceil=0):
        N, C, H, W = x.shape
        oh = [(H + 2 * p[0] - k[0] + (s[0] - 1 if ceil else 0)) // s[0] + 1,
              (W + 2 * p[1] - k[1] + (s[1] - 1 if ceil else 0)) // s[1] + 1]
        y = np.zeros((N, C, oh[0], oh[1]), np.float32)
        ind = np.zeros(y.shape, np.int64)
        for n in range(N):
            for c in range(C):
                for i in range(oh[0]):
                    for j in range(oh[1]):
                        best, at = -np.inf, -1
                        for a in range(k[0]):
                            for b in range(k[1]):
                                h, w = i * s[0] - p[0] + a, j * s[1] - p[1] + b
                                if 0 <= h < H and 0 <= w < W and (at < 0 or x[n, c, h, w] > best):
                                    best = x[n, c, h, w]
                                    at = (h * W + w) if order == 0 else (w * H + h)
                        y[n, c, i, j], ind[n, c, i, j] = best, (n * C + c) * H * W + at
        return y, ind

    y0, i0 = ref([3, 3], [2, 2], [1, 1], 0)
    y1, i1 = ref([2, 3], [2, 2], [0, 1], 1, ceil=1)
    nodes = [helper.make_node("MaxPool", ["x"], ["y0", "i0"], kernel_shape=[3, 3], strides=[2, 2],
                              pads=[1, 1, 1, 1]),
             helper.make_node("MaxPool", ["x"], ["y1", "i1"], kernel_shape=[2, 3], strides=[2, 2],
                              pads=[0, 1, 0, 1], storage_order=1, ceil_mode=1)]
    save(out, "pool_indices", nodes, [("x", x)], ["y0", "i0", "y1", "i1"], {}, [x],
         [y0, i0, y1, i1], opset=12, rtype=None)


def einsum_more(out):
    """Einsum with ellipses (broadcast across operands, implicit output) and diagonals (a
    letter twice or three times in one operand) against numpy's einsum."""
    a, b, c3, d, t, v = rand(2, 1, 3, 4), rand(1, 5, 4, 6), rand(4, 3, 4), rand(3, 3, 3), rand(5, 5), rand(4)
    eqs = [("...ij,...jk->...ik", ["a", "b"]), ("iji->ij", ["c3"]), ("iii->i", ["d"]),
           ("ii", ["t"]), ("...j,j", ["a", "v"]), ("i...i->...", ["c3"])]
    vals = dict(a=a, b=b, c3=c3, d=d, t=t, v=v)
    nodes = [helper.make_node("Einsum", ins, ["y%d" % k], equation=eq)
             for k, (eq, ins) in enumerate(eqs)]
    res = [np.einsum(eq, *[vals[n].astype(np.float64) for n in ins]) for eq, ins in eqs]
    names = ["a", "b", "c3", "d", "t", "v"]
    save(out, "einsum_more", nodes, [(n, vals[n]) for n in names],
         ["y%d" % k for k in range(len(eqs))], {}, [vals[n] for n in names], res, opset=12)


def dropout_zero(out):
    """Dropout in training mode with a constant ratio 0 (opset 13): deterministic, y = x and
    the mask all true (a ratio above 0 is refused: the conformance training cases)."""
    x = rand(3, 4, 5)
    nodes = [helper.make_node("Dropout", ["x", "r", "t"], ["y", "mask"], seed=0)]
    save(out, "dropout_zero", nodes, [("x", x)], ["y", "mask"],
         dict(r=np.array(0.0, np.float32), t=np.array(True)), [x],
         [x, np.ones(x.shape, bool)], opset=13, rtype=None)


def main():
    out = sys.argv[1]
    for f in (mlp, cnn, two_io, blocks, layer_norm, gelu, bad_op, bad_dtype, lone_erf,
              recurrents, integer_ops, scatter_nd, more_ops, upsample9, dft, stft, pool_indices,
              einsum_more, dropout_zero):
        f(out)


if __name__ == "__main__":
    main()
