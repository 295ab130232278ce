# SPDX-License-Identifier: Apache-2.0
"""The activation rows added for issue 29 (ops/activation) against PyTorch (torch 1.13 on the
CPU as the oracle).

Forward rows (FastGelu, Softsign, LogSigmoid, LogSigmoidForward, HardsigmoidV2, Shrink,
Heaviside, AddRelu, Prelu) against torch's function on the same inputs, computed in DOUBLE
and rounded once, with the special values (inf, -inf, NaN, -0.0, denormals) mixed in; the
gradients (FastGeluBackward, SoftsignBackward, LogSigmoidBackward, HardshrinkBackward,
HardswishBackwardV2, LeakyReluBackward, EluBackward, GeluBackwardV2, GluBackward,
GeGluBackward, GeGluV3Backward) against torch's autograd of the forward in DOUBLE, on finite
inputs. Every declared type, random shapes, non-contiguous views, empty tensors. Bad input
gives 161001 / 161002 with a message naming the operator. test_later_versions: the rows of
ops-nn's experimental folder (CeluV2/V3, EluV2, HardSwishV2, LeakyreluV2, LogsigmoidV2,
SoftPlusV2, SoftmaxV2, SiluMul, FusedBiasLeakyRelu, SwigluClamp, ReluV3's packed mask and the
gradients EluGrad ... ReluGradV4, SoftmaxGrad) the same way. test_glu_muls: SquaredRelu,
GeluMul, FatreluMul and SwiGluGrad of ops-nn's activation folder; test_prelu_backward;
test_rrelu_with_noise (eval against torch's rrelu, training against the noise it wrote:
in [lower, upper) where self < 0, 1 elsewhere, out = self * noise, reproducible by seed and
offset); test_clipped_swiglu (ClippedSwiglu / V2 against CANN's kernel-test golden
written in torch: groups, interleaved and halves, both clamp modes; ClippedSwigluGrad against
torch's autograd of that golden); test_swiglu_group (its golden in torch); test_situ_glu (SituGlu against its formula in torch,
SituGluGrad against torch's autograd of it). Tolerances as test_ew_torch's;
FLOAT16 / BFLOAT16 gradients 8 times looser (cpuacl rounds the inputs first). Skipped (exit
77) without torch."""
import math
import random
import unittest

from torchcase import TorchCase, torch  # noqa: E402 (first: torch before acl)

if torch is not None:
    import torch.nn.functional as TF

import acltest  # noqa: E402
from acltest import acl  # noqa: E402

if torch is not None:
    from test_ew_torch import Dev, check, view_of, gen, scalar, F16, BF16, F32, F64, I32, I64, \
        I8, U8, TOL  # noqa: E402

setUpModule = acltest.setup_module
tearDownModule = acltest.teardown_module

nn = acl.nn
SEED = 2930
SHAPES = [(3, 5), (2, 3, 4), (7,), (0, 3), (4, 1, 6)]


def fast_gelu(x):
    return x * torch.sigmoid(1.702 * x)


def shrink(x, lambd, bias):
    return torch.where(x > lambd, x - bias, torch.where(x < -lambd, x + bias,
                                                         torch.zeros_like(x)))


def elu(x, alpha, scale, iscale):
    return torch.where(x > 0, scale * x, alpha * scale * torch.expm1(iscale * x))


def gtol(dtype):
    rt, at = TOL[dtype]
    return (rt * 8, at * 8) if dtype in (F16, BF16) else (rt, at)


@unittest.skipIf(torch is None, "torch (or numpy) is not installed")
class ActivationTorch(TorchCase):
    def out_like(self, shape, dtype):
        return self.dev(torch.zeros(shape, dtype=dtype))

    def test_unary(self):
        rng = random.Random(SEED)
        rows = [
            ("FastGelu", (F32, F16, BF16), fast_gelu, []),
            ("Softsign", (F32, F16, BF16), TF.softsign, []),
            ("LogSigmoid", (F32, F16), TF.logsigmoid, []),
            ("HardsigmoidV2", (F32, F16, BF16), TF.hardsigmoid, []),
            ("Shrink", (F32, F16), lambda x: shrink(x, 0.5, 0.25), [0.5, 0.25]),
        ]
        for name, dts, fn, sc in rows:
            for dtype in dts:
                for shape in SHAPES:
                    what = "%s %s %s" % (name, dtype, shape)
                    x = gen(rng, shape, dtype)
                    ref = fn(x.double()).to(dtype)
                    out = self.out_like(shape, dtype)
                    self.run_op(name, self.dev(view_of(rng, x)).handle,
                                *[scalar(v) for v in sc], out.handle)
                    check(self, out.read(), ref, what, (x,))
                    if name == "LogSigmoid":
                        out2, buf = self.out_like(shape, dtype), self.out_like(shape, dtype)
                        self.run_op("LogSigmoidForward", self.dev(x).handle, out2.handle,
                                    buf.handle)
                        check(self, out2.read(), ref, "Forward " + what, (x,))
                        check(self, buf.read(), torch.exp(-x.double().abs()).to(dtype),
                              "buffer " + what, (x,))
                    if name == "HardsigmoidV2":
                        y = self.dev(x.clone())
                        self.run_op("InplaceHardsigmoidV2", y.handle)
                        check(self, y.read(), ref, "in place " + what, (x,))

    def test_binary(self):
        rng = random.Random(SEED + 1)
        pairs = [((3, 4), (3, 4)), ((2, 3, 4), (4,)), ((5, 1), (1, 6)), ((0, 2), (2,))]
        for dtype in (F32, F16, BF16):
            for sa, sb in pairs:
                what = "%s %s/%s" % (dtype, sa, sb)
                a, b = gen(rng, sa, dtype), gen(rng, sb, dtype)
                bs = torch.broadcast_shapes(sa, sb)
                if a.numel():
                    a.view(-1)[0] = 0  # a zero for Heaviside
                ref = torch.heaviside(a.double(), b.double()).to(dtype)
                out = self.out_like(bs, dtype)
                self.run_op("Heaviside", self.dev(view_of(rng, a)).handle,
                            self.dev(view_of(rng, b)).handle, out.handle)
                check(self, out.read(), ref, "Heaviside " + what, (a, b))
                ref = torch.relu(a.double() + 0.5 * b.double()).to(dtype)
                out = self.out_like(bs, dtype)
                self.run_op("AddRelu", self.dev(view_of(rng, a)).handle, self.dev(b).handle,
                            scalar(0.5), out.handle)
                check(self, out.read(), ref, "AddRelu " + what, (a, b))
                if tuple(bs) == tuple(sa):
                    s = self.dev(a.clone())
                    self.run_op("InplaceAddRelu", s.handle, self.dev(b).handle, scalar(0.5))
                    check(self, s.read(), ref, "InplaceAddRelu " + what, (a, b))
        for dtype in (I32, I64):
            a, b = gen(rng, (4, 5), dtype), gen(rng, (5,), dtype)
            out = self.out_like((4, 5), dtype)
            self.run_op("AddRelu", self.dev(a).handle, self.dev(b).handle, scalar(2), out.handle)
            check(self, out.read(), torch.relu(a + 2 * b), "AddRelu %s" % dtype)
        for dtype in (F32, F16, BF16):
            for shape, wn in (((2, 4), 1), ((2, 3, 5), 3), ((4, 3), 3), ((6,), 1), ((2, 0), 1)):
                x = gen(rng, shape, dtype)
                w = gen(rng, (wn,), dtype, special=False)
                out = self.out_like(shape, dtype)
                self.run_op("Prelu", self.dev(view_of(rng, x)).handle, self.dev(w).handle,
                            out.handle)
                check(self, out.read(), TF.prelu(x.double(), w.double()).to(dtype),
                      "Prelu %s %s %d" % (dtype, shape, wn), (x,))

    def grad_of(self, fn, x, g):
        xd = x.double().requires_grad_()
        fn(xd).backward(g.double())
        return xd.grad

    def test_backward(self):
        rng = random.Random(SEED + 2)
        # name, types, forward in torch, the C call's arguments after gradOutput and self
        # (a function of the inputs), whether self is the forward's result
        rows = [
            ("FastGeluBackward", (F32, F16, BF16), fast_gelu, lambda x: []),
            ("SoftsignBackward", (F32, F16, BF16), TF.softsign, lambda x: []),
            ("HardswishBackwardV2", (F32, F16, BF16), TF.hardswish, lambda x: []),
            ("HardshrinkBackward", (F32, F16, BF16), lambda x: TF.hardshrink(x, 0.5),
             lambda x: [scalar(0.5)]),
            ("LeakyReluBackward", (F32, F16, BF16, F64), lambda x: TF.leaky_relu(x, 0.1),
             lambda x: [scalar(0.1, x.dtype), False]),
            ("GeluBackwardV2", (F32, F16, BF16), TF.gelu, lambda x: ["none"]),
            ("GeluBackwardV2", (F32, F16, BF16), lambda x: TF.gelu(x, approximate="tanh"),
             lambda x: ["tanh"]),
        ]
        for name, dts, fn, extra in rows:
            for dtype in dts:
                for shape in SHAPES:
                    what = "%s %s %s %s" % (name, dtype, shape, extra)
                    x = gen(rng, shape, dtype, special=False)
                    g = gen(rng, shape, dtype, special=False)
                    ref = self.grad_of(fn, x, g).to(dtype)
                    out = self.out_like(shape, dtype)
                    self.run_op(name, self.dev(view_of(rng, g)).handle,
                                self.dev(view_of(rng, x)).handle, *extra(x), out.handle)
                    check(self, out.read(), ref, what, (x, g), tol=gtol(dtype))
        for dtype in (F32, F16):  # LogSigmoidBackward: buffer between self and gradInput
            x, g = gen(rng, (3, 4), dtype, special=False), gen(rng, (3, 4), dtype, special=False)
            out = self.out_like((3, 4), dtype)
            self.run_op("LogSigmoidBackward", self.dev(g).handle, self.dev(x).handle,
                        self.dev(torch.zeros((3, 4), dtype=dtype)).handle, out.handle)
            check(self, out.read(), self.grad_of(TF.logsigmoid, x, g).to(dtype),
                  "LogSigmoidBackward %s" % dtype, (x, g), tol=gtol(dtype))
        # LeakyReluBackward from the result; EluBackward from the input and from the result
        for dtype in (F32, F16, BF16):
            x, g = gen(rng, (4, 5), dtype, special=False), gen(rng, (4, 5), dtype, special=False)
            y = TF.leaky_relu(x.double(), 0.2).to(dtype)
            out = self.out_like((4, 5), dtype)
            self.run_op("LeakyReluBackward", self.dev(g).handle, self.dev(y).handle,
                        scalar(0.2), True, out.handle)
            check(self, out.read(), self.grad_of(lambda t: TF.leaky_relu(t, 0.2), x, g)
                  .to(dtype), "LeakyReluBackward result %s" % dtype, (x, g), tol=gtol(dtype))
            al, sc, isc = 1.3, 1.1, 0.7
            ref = self.grad_of(lambda t: elu(t, al, sc, isc), x, g).to(dtype)
            for is_result in (False, True):
                src = elu(x.double(), al, sc, isc).to(dtype) if is_result else x
                out = self.out_like((4, 5), dtype)
                self.run_op("EluBackward", self.dev(g).handle, scalar(al), scalar(sc),
                            scalar(isc), is_result, self.dev(view_of(rng, src)).handle,
                            out.handle)
                check(self, out.read(), ref, "EluBackward %s isResult %s" % (dtype, is_result),
                      (x, g), tol=(gtol(dtype)[0] * 4, gtol(dtype)[1] * 4))

    def test_glu_backward(self):
        rng = random.Random(SEED + 3)
        for dtype in (F32, F16, BF16):
            for shape, dim in (((4, 6), -1), ((2, 4, 3), 1), ((6,), 0), ((0, 4), 1)):
                x = gen(rng, shape, dtype, special=False)
                half = list(shape)
                half[dim] //= 2
                g = gen(rng, half, dtype, special=False)
                what = "%s %s dim %d" % (dtype, shape, dim)
                out = self.out_like(shape, dtype)
                self.run_op("GluBackward", self.dev(view_of(rng, g)).handle,
                            self.dev(view_of(rng, x)).handle, dim, out.handle)
                check(self, out.read(), self.grad_of(lambda t: TF.glu(t, dim), x, g).to(dtype),
                      "GluBackward " + what, (x,), tol=gtol(dtype))
                for approx in (0, 1):
                    am = "tanh" if approx else "none"
                    for left in (False, True):
                        def fwd(t):
                            a, b = t.chunk(2, dim)
                            return TF.gelu(a, approximate=am) * b if left else \
                                a * TF.gelu(b, approximate=am)
                        act = x.double().chunk(2, dim)[0 if left else 1]
                        gelu = TF.gelu(act, approximate=am).to(dtype)
                        out = self.out_like(shape, dtype)
                        if left:
                            self.run_op("GeGluV3Backward", self.dev(g).handle,
                                        self.dev(view_of(rng, x)).handle, self.dev(gelu).handle,
                                        dim, approx, True, out.handle)
                        else:
                            self.run_op("GeGluBackward", self.dev(g).handle, self.dev(x).handle,
                                        self.dev(gelu).handle, dim, approx, out.handle)
                        check(self, out.read(), self.grad_of(fwd, x, g).to(dtype),
                              "GeGlu grad %s approx %d left %s" % (what, approx, left), (x,),
                              tol=(gtol(dtype)[0] * 4, gtol(dtype)[1] * 4))

    def test_refused(self):
        x = self.dev(torch.zeros((2, 4), dtype=F32))
        o = self.dev(torch.zeros((2, 4), dtype=F32))
        bad = self.dev(torch.zeros((3,), dtype=F32))
        i32 = self.dev(torch.zeros((2, 4), dtype=I32))
        f16 = self.dev(torch.zeros((2, 4), dtype=F16))
        self.refused("FastGelu", 161001, 0, o.handle)
        self.refused("FastGelu", 161002, i32.handle, o.handle)
        self.refused("FastGelu", 161002, x.handle, f16.handle)
        self.refused("Softsign", 161002, x.handle, bad.handle)
        self.refused("Shrink", 161002, x.handle, scalar(-1.0), scalar(0.0), o.handle)
        self.refused("Shrink", 161001, x.handle, 0, scalar(0.0), o.handle)
        self.refused("LogSigmoidForward", 161001, x.handle, o.handle, 0)
        self.refused("Heaviside", 161002, x.handle, bad.handle, o.handle)
        self.refused("AddRelu", 161001, x.handle, x.handle, 0, o.handle)
        self.refused("Prelu", 161002, x.handle, bad.handle, o.handle)
        self.refused("GluBackward", 161002, x.handle, x.handle, 1, o.handle)  # gradOut shape
        self.refused("GluBackward", 161002, bad.handle, self.dev(torch.zeros(3, 3)).handle, 1,
                     self.dev(torch.zeros(3, 3)).handle)  # odd size
        self.refused("GeGluBackward", 161002, x.handle, x.handle, x.handle, 1, 2, o.handle)
        self.refused("GeluBackwardV2", 161002, x.handle, x.handle, "fast", o.handle)
        self.refused("LeakyReluBackward", 161002, x.handle, x.handle, scalar(-0.5), True,
                     o.handle)
        self.refused("EluBackward", 161001, x.handle, 0, scalar(1.0), scalar(1.0), False,
                     x.handle, o.handle)
        self.refused("LogSigmoidBackward", 161001, x.handle, x.handle, 0, o.handle)
        self.refused("HardshrinkBackward", 161002, x.handle, bad.handle, scalar(0.5), o.handle)

    def test_later_versions(self):
        """The rows of ops-nn's experimental folder (activation.c AC12, backward.c AB3)."""
        rng = random.Random(SEED + 5)
        fwd = [  # name, types, torch function, the C call's arguments between x and out
            ("CeluV2", (F32, F16), lambda x: TF.celu(x, 2.0), [2.0]),
            ("CeluV3", (F32, F16, BF16), lambda x: TF.celu(x, 0.5), [0.5]),
            ("EluV2", (F32, F16, BF16), lambda x: elu(x, 0.5, 1.5, 2.0),
             [scalar(0.5), scalar(1.5), scalar(2.0)]),
            ("HardSwishV2", (F32, F16, BF16), TF.hardswish, []),
            ("LeakyreluV2", (F32, F16), lambda x: TF.leaky_relu(x, 0.01), [0.01]),
            ("LogsigmoidV2", (F32, F16), TF.logsigmoid, []),
            ("SoftPlusV2", (F32, F16), TF.softplus, []),
            ("SoftmaxV2", (F32, F16), lambda x: torch.softmax(x, -1), [-1]),
        ]
        for name, dts, fn, extra in fwd:
            for dtype in dts:
                for shape in SHAPES:
                    what = "%s %s %s" % (name, dtype, shape)
                    x = gen(rng, shape, dtype, special=name != "SoftmaxV2")
                    out = self.out_like(shape, dtype)
                    self.run_op(name, self.dev(view_of(rng, x)).handle, *extra, out.handle)
                    check(self, out.read(), fn(x.double()).to(dtype), what, (x,))
        bwd = [  # name, types, torch forward, the C call's order ("gy": gradient first)
            ("EluGrad", (F32, F16, BF16), TF.elu, "gy", []),
            ("HardShrinkGrad", (F32, F16, BF16), lambda x: TF.hardshrink(x, 0.5), "gy", [0.5]),
            ("HardSigmoidGradV2", (F32, F16, BF16), TF.hardsigmoid, "gy", []),
            ("LeakyReluGradV2", (F32, F16), lambda x: TF.leaky_relu(x, 0.2), "gy", [0.2]),
            ("TanhGrad", (F32, F16, BF16), torch.tanh, "yg", []),
            ("ReluGradV3", (F32, F16, BF16), torch.relu, "xg", []),
            ("SoftmaxGrad", (F32, F16, BF16), lambda x: torch.softmax(x, -1), "yg", []),
        ]
        for name, dts, fn, order, extra in bwd:
            for dtype in dts:
                for shape in SHAPES:
                    what = "%s %s %s" % (name, dtype, shape)
                    x = gen(rng, shape, dtype, special=False)
                    g = gen(rng, shape, dtype, special=False)
                    ref = self.grad_of(fn, x, g).to(dtype)
                    # EluGrad, TanhGrad and SoftmaxGrad take the forward's result
                    src = fn(x.double()).to(dtype) if name in ("EluGrad", "TanhGrad",
                                                               "SoftmaxGrad") else x
                    if name == "EluGrad":  # its formula is in the result: recompute from it
                        ref = (g.double() * (src.double().clamp(max=0) + 1)).to(dtype)
                    a, b = (g, src) if order == "gy" else (src, g)
                    out = self.out_like(shape, dtype)
                    self.run_op(name, self.dev(view_of(rng, a)).handle,
                                self.dev(view_of(rng, b)).handle, *extra, out.handle)
                    check(self, out.read(), ref, what, (x, g), tol=gtol(dtype))
        # ReluGradV3: broadcasting and the integer types (exact)
        for dtype in (F32, I32, I8, U8):
            x, g = gen(rng, (4, 1, 3), dtype), gen(rng, (1, 5, 3), dtype)
            out = self.out_like((4, 5, 3), dtype)
            self.run_op("ReluGradV3", self.dev(x).handle, self.dev(g).handle, out.handle)
            ref = torch.where(x > 0, g, torch.zeros((), dtype=dtype)).to(dtype)
            check(self, out.read(), ref, "ReluGradV3 broadcast %s" % dtype, (x, g))
        # ReluV3: the result and the packed mask; ReluGradV4 from that mask
        for dtype in (F32, F16, BF16, I32, I8, U8):
            for shape in ((2, 3, 16), (5, 11), (1, 1, 1, 1, 16), (3, 0)):
                what = "ReluV3 %s %s" % (dtype, shape)
                x = gen(rng, shape, dtype)
                mshape = shape[:-1] + ((shape[-1] + 7) // 8,)
                y, m = self.out_like(shape, dtype), self.out_like(mshape, U8)
                self.run_op("ReluV3", self.dev(view_of(rng, x)).handle, y.handle, m.handle)
                check(self, y.read(), torch.relu(x.double()).to(dtype) if dtype in (F32, F16, BF16)
                      else x.clamp(min=0), what, (x,))
                pos = x > 0
                pad = torch.zeros(shape[:-1] + (mshape[-1] * 8 - shape[-1],), dtype=torch.bool)
                bits = torch.cat([pos, pad], -1).reshape(mshape + (8,)).to(I64)
                want = (bits * torch.tensor([1 << k for k in range(8)])).sum(-1).to(U8)
                check(self, m.read(), want, "mask " + what)
                g = gen(rng, shape, dtype)
                out = self.out_like(shape, dtype)
                self.run_op("ReluGradV4", self.dev(g).handle, self.dev(pos.to(U8)).handle,
                            scalar(0), out.handle)
                check(self, out.read(), torch.where(pos, g, torch.zeros((), dtype=dtype)),
                      "ReluGradV4 " + what, (g,))
        # SiluMul, FusedBiasLeakyRelu, SwigluClamp
        for dtype in (F32, F16, BF16):
            for shape in ((3, 8), (2, 4, 6), (0, 4)):
                what = "%s %s" % (dtype, shape)
                x, y = gen(rng, shape, dtype), gen(rng, shape, dtype)
                out = self.out_like(shape, dtype)
                self.run_op("SiluMul", self.dev(view_of(rng, x)).handle, self.dev(y).handle,
                            out.handle)
                check(self, out.read(), (TF.silu(x.double()) * y.double()).to(dtype),
                      "SiluMul " + what, (x, y))
                if dtype != BF16:
                    out = self.out_like(shape, dtype)
                    self.run_op("FusedBiasLeakyRelu", self.dev(x).handle,
                                self.dev(view_of(rng, y)).handle, 0.2, 1.5, out.handle)
                    v = x.double() + y.double()
                    check(self, out.read(), (TF.leaky_relu(v, 0.2) * 1.5).to(dtype),
                          "FusedBiasLeakyRelu " + what, (x, y))
                hs = shape[:-1] + (shape[-1] // 2,)
                out = self.out_like(hs, dtype)
                self.run_op("SwigluClamp", self.dev(view_of(rng, x)).handle, 1.5, out.handle)
                a, b = x.double().chunk(2, -1)
                ref = TF.silu(a).clamp(max=1.5) * b.clamp(-1.5, 1.5)
                check(self, out.read(), ref.to(dtype), "SwigluClamp " + what, (x,))
        # codes and messages
        f = self.dev(torch.zeros((2, 8), dtype=F32))
        o = self.dev(torch.zeros((2, 8), dtype=F32))
        i64 = self.dev(torch.zeros((2, 8), dtype=I64))
        m2 = self.dev(torch.zeros((2, 2), dtype=U8))
        self.refused("CeluV2", 161001, 0, 1.0, o.handle)
        self.refused("CeluV2", 161002, f.handle, 0.0, o.handle)
        self.refused("CeluV2", 161002, self.dev(torch.zeros((2, 8), dtype=BF16)).handle, 1.0,
                     self.dev(torch.zeros((2, 8), dtype=BF16)).handle)
        self.refused("ReluV3", 161002, f.handle, o.handle, m2.handle)  # the mask is (2, 1)
        self.refused("ReluV3", 161002, i64.handle, i64.handle,
                     self.dev(torch.zeros((2, 1), dtype=U8)).handle)
        self.refused("ReluGradV4", 161002, f.handle, f.handle, scalar(0), o.handle)  # self F32
        self.refused("ReluGradV4", 161002, f.handle, self.dev(torch.zeros((2, 8), dtype=U8))
                     .handle, scalar(1), o.handle)
        self.refused("SwigluClamp", 161002, self.dev(torch.zeros((2, 7), dtype=F32)).handle, 1.0,
                     o.handle)
        self.refused("SwigluClamp", 161002, f.handle, -1.0, self.dev(torch.zeros((2, 4),
                                                                                 dtype=F32)).handle)
        self.refused("FusedBiasLeakyRelu", 161002, f.handle,
                     self.dev(torch.zeros((8,), dtype=F32)).handle, 0.2, 1.0, o.handle)
        self.refused("HardShrinkGrad", 161002, f.handle, f.handle, -0.5, o.handle)
        self.refused("TanhGrad", 161001, f.handle, 0, o.handle)

    def test_prelu_backward(self):
        """PreluBackward (PB1) against autograd of torch's prelu in DOUBLE: one weight, one per
        channel (1-d and [1, C, 1..]), a broadcast gradOutput."""
        rng = random.Random(SEED + 14)
        for dtype in (F32, F16, BF16):
            for shape in ((3, 4), (2, 3, 5), (2, 4, 3, 2), (6,), (0, 3)):
                C = shape[1] if len(shape) >= 2 else 1
                wshapes = [(1,), (C,)] + ([(1, C) + (1,) * (len(shape) - 2)]
                                           if len(shape) >= 2 else [])
                for ws in wshapes:
                    x = gen(rng, shape, dtype, special=False)
                    w = gen(rng, ws, dtype, lo=0.1, hi=0.9, special=False)
                    for gs in (shape, (1,) + tuple(shape[1:])):
                        g = gen(rng, gs, dtype, special=False)
                        xd = x.double().requires_grad_()
                        wd = w.double().reshape(-1).requires_grad_()
                        TF.prelu(xd, wd).backward(g.double().expand(shape))
                        gi = self.out_like(shape, dtype)
                        gw = self.out_like(ws, dtype)
                        self.run_op("PreluBackward", self.dev(view_of(rng, g)).handle,
                                    self.dev(view_of(rng, x)).handle, self.dev(w).handle,
                                    gi.handle, gw.handle)
                        what = "PreluBackward %s %s w%s g%s" % (dtype, shape, ws, gs)
                        check(self, gi.read(), xd.grad.to(dtype), what + " gradInput", (x, g))
                        ref = wd.grad.reshape(ws) if x.numel() else torch.zeros(ws, dtype=F64)
                        check(self, gw.read(), ref.to(dtype), what + " gradWeight", (x, g),
                              tol=gtol(dtype))
        x = self.dev(torch.zeros((2, 3), dtype=F32))
        w = self.dev(torch.zeros((3,), dtype=F32))
        self.refused("PreluBackward", 161001, x.handle, x.handle, 0, x.handle, w.handle)
        self.refused("PreluBackward", 161002, x.handle, x.handle,
                     self.dev(torch.zeros((2,), dtype=F32)).handle, x.handle,
                     self.dev(torch.zeros((2,), dtype=F32)).handle)
        self.refused("PreluBackward", 161002, x.handle, x.handle, w.handle, x.handle,
                     self.dev(torch.zeros((1,), dtype=F32)).handle)
        self.refused("PreluBackward", 161002, self.dev(torch.zeros((2, 3), dtype=F16)).handle,
                     x.handle, w.handle, x.handle, w.handle)
        self.refused("PreluBackward", 161002, self.dev(torch.zeros((3, 3), dtype=F32)).handle,
                     x.handle, w.handle, x.handle, w.handle)

    def test_glu_muls(self):
        """SquaredRelu, GeluMul, FatreluMul (ops-nn's activation folder) against torch's relu,
        gelu, threshold of the last dim's first half times its second half; SwiGluGrad against
        autograd of silu(A) * B in DOUBLE."""
        rng = random.Random(SEED + 13)
        for dtype in (F32, F16, BF16):
            for shape in ((3, 8), (2, 3, 6), (0, 4), (6,)):
                what = "%s %s" % (dtype, shape)
                x = gen(rng, shape, dtype)
                out = self.out_like(shape, dtype)
                self.run_op("SquaredRelu", self.dev(view_of(rng, x)).handle, out.handle)
                check(self, out.read(), (torch.relu(x.double()) ** 2).to(dtype),
                      "SquaredRelu " + what, (x,))
                hs = shape[:-1] + (shape[-1] // 2,)
                a, b = x.double().chunk(2, -1)
                for approx, mode in ((None, "none"), ("none", "none"), ("tanh", "tanh")):
                    out = self.out_like(hs, dtype)
                    self.run_op("GeluMul", self.dev(view_of(rng, x)).handle, approx, out.handle)
                    check(self, out.read(), (TF.gelu(a, approximate=mode) * b).to(dtype),
                          "GeluMul %s %s" % (approx, what), (x,))
                for th in (0.0, 0.75, -1.25):
                    tt = torch.tensor([th], dtype=dtype)
                    out = self.out_like(hs, dtype)
                    self.run_op("FatreluMul", self.dev(view_of(rng, x)).handle,
                                self.dev(tt).handle, out.handle)
                    t = tt.double()
                    ref = torch.where(a < t, torch.zeros_like(a), a) * b
                    check(self, out.read(), ref.to(dtype), "FatreluMul %g %s" % (th, what), (x,))
                # the gradient, finite inputs, along every dim of even size
                xf = gen(rng, shape, dtype, special=False)
                for dim in range(-len(shape), len(shape)):
                    if shape[dim] % 2:
                        continue
                    hd = list(shape)
                    hd[dim] //= 2
                    g = gen(rng, tuple(hd), dtype, special=False)
                    xd = xf.double().requires_grad_()
                    A, B = xd.chunk(2, dim)
                    (TF.silu(A) * B).backward(g.double())
                    out = self.out_like(shape, dtype)
                    self.run_op("SwiGluGrad", self.dev(view_of(rng, g)).handle,
                                self.dev(xf).handle, dim, out.handle)
                    check(self, out.read(), xd.grad.to(dtype), "SwiGluGrad dim=%d %s" % (dim, what),
                          (xf, g), tol=gtol(dtype))
        f = self.dev(torch.zeros((2, 8), dtype=F32))
        o = self.dev(torch.zeros((2, 4), dtype=F32))
        one = self.dev(torch.zeros((1,), dtype=F32))
        self.refused("SquaredRelu", 161001, 0, f.handle)
        self.refused("SquaredRelu", 161002, self.dev(torch.zeros((2, 8), dtype=I32)).handle,
                     self.dev(torch.zeros((2, 8), dtype=I32)).handle)
        self.refused("SquaredRelu", 161002, f.handle, o.handle)
        self.refused("GeluMul", 161002, f.handle, "erf", o.handle)
        self.refused("GeluMul", 161002, self.dev(torch.zeros((2, 7), dtype=F32)).handle, None,
                     o.handle)
        self.refused("GeluMul", 161002, f.handle, None, f.handle)
        self.refused("FatreluMul", 161001, f.handle, 0, o.handle)
        self.refused("FatreluMul", 161002, f.handle, self.dev(torch.zeros((2,), dtype=F32)).handle,
                     o.handle)
        self.refused("FatreluMul", 161002, f.handle, self.dev(torch.zeros((1,), dtype=F16)).handle,
                     o.handle)
        self.refused("FatreluMul", 161002, f.handle, one.handle, f.handle)
        self.refused("SwiGluGrad", 161002, o.handle, f.handle, 2, f.handle)
        self.refused("SwiGluGrad", 161002, f.handle, f.handle, -1, f.handle)
        self.refused("SwiGluGrad", 161001, o.handle, 0, -1, f.handle)

    def test_rrelu_with_noise(self):
        rng = random.Random(SEED + 15)
        for dtype in (F32, F16, BF16):
            for shape in SHAPES:
                for sdt in (F32, F64):
                    lo, hi = 0.125, 0.375
                    x = gen(rng, shape, dtype)
                    lower, upper = scalar(lo, sdt), scalar(hi, sdt)
                    # eval: torch's rrelu (leaky_relu at the mean slope); noise untouched
                    out = self.out_like(shape, dtype)
                    noise = self.dev(torch.full(shape, 7.0, dtype=dtype))
                    self.run_op("RReluWithNoise", self.dev(view_of(rng, x)).handle, noise.handle,
                                lower, upper, False, 1, 2, out.handle)
                    what = "RReluWithNoise eval %s %s" % (dtype, shape)
                    check(self, out.read(), TF.rrelu(x.double(), lo, hi, False).to(dtype), what, (x,))
                    self.assertTrue(bool((noise.read() == 7).all()), what)
                    # training, a noise two elements longer: its tail kept
                    n = x.numel()
                    noise = self.dev(torch.full((n + 2,), 7.0, dtype=dtype))
                    seed, off = rng.randrange(1 << 40), rng.randrange(1 << 20)
                    self.run_op("RReluWithNoise", self.dev(view_of(rng, x)).handle, noise.handle,
                                lower, upper, True, seed, off, out.handle)
                    what = "RReluWithNoise train %s %s seed %d offset %d" % (dtype, shape, seed, off)
                    z = noise.read()
                    self.assertTrue(bool((z[n:] == 7).all()), what)
                    z = z[:n].reshape(shape).double()
                    neg = x.double() < 0
                    a = torch.tensor(lo, dtype=dtype).double(), torch.tensor(hi, dtype=dtype).double()
                    self.assertTrue(bool((z[~neg] == 1).all()), what)
                    self.assertTrue(bool(((z[neg] >= a[0]) & (z[neg] <= a[1])).all()), what)
                    check(self, out.read(), (x.double() * z).to(dtype), what, (x,))
                    # the same seed and offset again (in place): the same result
                    xi = self.dev(x.clone())
                    noise2 = self.dev(torch.zeros((n,), dtype=dtype))
                    self.run_op("InplaceRReluWithNoise", xi.handle, noise2.handle, lower, upper,
                                True, seed, off)
                    check(self, xi.read(), out.read(), what + " in place", tol=(0, 0))
                    self.assertTrue(torch.equal(noise2.read(), noise.read()[:n]), what + " in place")
                    if n > 8:  # another offset draws other numbers
                        self.run_op("RReluWithNoise", self.dev(x).handle, noise2.handle, lower,
                                    upper, True, seed, off + 1, out.handle)
                        self.assertFalse(torch.equal(noise2.read(), noise.read()[:n]), what)
        x = self.dev(torch.zeros((2, 3)))
        lo, hi = scalar(0.1), scalar(0.3)
        self.refused("RReluWithNoise", 161001, x.handle, None, lo, hi, True, 0, 0, x.handle)
        self.refused("RReluWithNoise", 161001, x.handle, x.handle, None, hi, True, 0, 0, x.handle)
        self.refused("RReluWithNoise", 161002, x.handle, self.dev(torch.zeros((5,))).handle, lo,
                     hi, True, 0, 0, x.handle)  # noise too small
        self.refused("RReluWithNoise", 161002, x.handle, x.handle, lo, hi, True, 0, 0,
                     self.dev(torch.zeros((3, 2))).handle)
        self.refused("RReluWithNoise", 161002, x.handle, self.dev(torch.zeros((2, 3), dtype=F16)).handle,
                     lo, hi, True, 0, 0, x.handle)
        self.refused("RReluWithNoise", 161002, self.dev(torch.zeros((2, 3), dtype=F64)).handle,
                     self.dev(torch.zeros((2, 3), dtype=F64)).handle, lo, hi, True, 0, 0,
                     self.dev(torch.zeros((2, 3), dtype=F64)).handle)
        self.refused("RReluWithNoise", 161002, x.handle, x.handle, scalar(1), hi, True, 0, 0,
                     x.handle)  # an INT64 lower
        # eval does not need the noise's size
        self.run_op("RReluWithNoise", x.handle, self.dev(torch.zeros((1,))).handle, lo, hi, False,
                    0, 0, x.handle)

    def test_clipped_swiglu(self):
        rng = random.Random(SEED + 16)

        def golden(x, gi, dim, alpha, limit, bias, inter, mode):
            shape = list(x.shape)
            d = dim % len(shape)
            pre = 1
            for v in shape[:d]:
                pre *= v
            x2 = x.double().reshape(pre, -1)
            rows = pre if gi is None else min(int(gi.sum()), pre)
            xt = x2[:rows]
            a, b = (xt[:, ::2], xt[:, 1::2]) if inter else torch.chunk(xt, 2, dim=-1)
            b = b.clamp(-limit, limit)
            if mode == 0:
                a = a.clamp(max=limit)
                r = a * torch.sigmoid(alpha * a) * (b + bias)
            else:
                r = (a * torch.sigmoid(a)).clamp(max=limit) * b
            y = torch.zeros((pre, x2.shape[1] // 2), dtype=F64)
            y[:rows] = r
            shape[d] //= 2
            return y.reshape(shape)
        for dtype in (F32, F16, BF16):
            for v2 in (False, True):
                for _ in range(5):
                    nd = rng.randint(1, 3)
                    shape = [rng.randint(1, 4) for _ in range(nd)]
                    dim = rng.randrange(-nd, nd)
                    shape[dim % nd] = 2 * rng.randint(1, 3)
                    x = gen(rng, shape, dtype, special=False) * 3
                    gi = None
                    if rng.random() < 0.6:
                        gi = torch.tensor([rng.randint(0, 2) for _ in range(rng.randint(1, 3))],
                                          dtype=I64)
                    alpha, limit, bias = 1.702, rng.choice((0.5, 2.0, 7.0)), rng.choice((0.0, 1.0))
                    inter = rng.random() < 0.5
                    mode = rng.randint(0, 1) if v2 else 0
                    ref = golden(x, gi, dim, alpha, limit, bias, inter, mode).to(dtype)
                    out = self.out_like(ref.shape, dtype)
                    args = [self.dev(view_of(rng, x)).handle,
                            None if gi is None else self.dev(gi).handle, dim, alpha, limit, bias,
                            inter] + ([mode] if v2 else []) + [out.handle]
                    name = "ClippedSwigluV2" if v2 else "ClippedSwiglu"
                    self.run_op(name, *args)
                    what = "%s %s %s dim %d gi %s inter %s mode %d" % (
                        name, dtype, shape, dim, None if gi is None else gi.tolist(), inter, mode)
                    check(self, out.read(), ref, what, (x,))
        x = self.dev(torch.zeros((2, 4)))
        o = self.dev(torch.zeros((2, 2)))
        self.refused("ClippedSwiglu", 161001, None, None, -1, 1.7, 7.0, 1.0, False, o.handle)
        self.refused("ClippedSwiglu", 161002, x.handle, None, 2, 1.7, 7.0, 1.0, False, o.handle)
        self.refused("ClippedSwiglu", 161002, x.handle, None, -1, 1.7, 0.0, 1.0, False, o.handle)
        self.refused("ClippedSwiglu", 161002, x.handle, None, 0, 1.7, 7.0, 1.0, False, o.handle)
        self.refused("ClippedSwiglu", 161002, self.dev(torch.zeros((2, 3))).handle, None, -1, 1.7,
                     7.0, 1.0, False, o.handle)  # odd
        self.refused("ClippedSwiglu", 161002, x.handle, self.dev(torch.zeros((2,), dtype=I32)).handle,
                     -1, 1.7, 7.0, 1.0, False, o.handle)
        self.refused("ClippedSwiglu", 161002, x.handle, None, -1, 1.7, 7.0, 1.0, False,
                     self.dev(torch.zeros((2, 2), dtype=F16)).handle)
        self.refused("ClippedSwigluV2", 161002, x.handle, None, -1, 1.7, 7.0, 1.0, False, 2,
                     o.handle)
        # a negative group count fails the launch before any write
        ws, ex, ret = nn.get_workspace_size("ClippedSwiglu", x.handle,
                                            self.dev(torch.tensor([1, -1], dtype=I64)).handle,
                                            -1, 1.7, 7.0, 1.0, False, o.handle)
        self.assertEqual(ret, 0)
        self.assertEqual(nn.launch("ClippedSwiglu", 0, 0, ex, self.stream), 0)
        self.assertEqual(acl.rt.synchronize_stream(self.stream), 507015)

    def test_clipped_swiglu_grad(self):
        rng = random.Random(SEED + 17)
        for dtype in (F32, F16, BF16):
            for _ in range(6):
                nd = rng.randint(1, 3)
                shape = [rng.randint(1, 4) for _ in range(nd)]
                dim = rng.randrange(-nd, nd)
                d = dim % nd
                shape[d] = 2 * rng.randint(1, 3)
                x = gen(rng, shape, dtype, special=False) * 3
                gshape = list(shape)
                gshape[d] //= 2
                gy = gen(rng, gshape, dtype, special=False)
                gi = None
                if rng.random() < 0.6:
                    gi = torch.tensor([rng.randint(0, 2) for _ in range(rng.randint(1, 3))],
                                      dtype=I64)
                alpha, limit, bias = 1.702, rng.choice((0.5, 2.0, 7.0)), rng.choice((0.0, 1.0))
                inter = rng.random() < 0.5
                pre = 1
                for v in shape[:d]:
                    pre *= v
                rows = pre if gi is None else min(int(gi.sum()), pre)
                xd = x.double().requires_grad_()
                x2 = xd.reshape(pre, -1)[:rows]
                a, b = (x2[:, ::2], x2[:, 1::2]) if inter else torch.chunk(x2, 2, dim=-1)
                a = a.clamp(max=limit)
                y = a * torch.sigmoid(alpha * a) * (b.clamp(-limit, limit) + bias)
                y.backward(gy.double().reshape(pre, -1)[:rows])
                ref = xd.grad.to(dtype)
                out = self.out_like(shape, dtype)
                self.run_op("ClippedSwigluGrad", self.dev(view_of(rng, gy)).handle,
                            self.dev(view_of(rng, x)).handle,
                            None if gi is None else self.dev(gi).handle, dim, alpha, limit, bias,
                            inter, out.handle)
                what = "ClippedSwigluGrad %s %s dim %d gi %s inter %s limit %g" % (
                    dtype, shape, dim, None if gi is None else gi.tolist(), inter, limit)
                check(self, out.read(), ref, what, (x,), tol=gtol(dtype))
        x = self.dev(torch.zeros((2, 4)))
        gy = self.dev(torch.zeros((2, 2)))
        self.refused("ClippedSwigluGrad", 161001, None, x.handle, None, -1, 1.7, 7.0, 1.0, False,
                     x.handle)
        self.refused("ClippedSwigluGrad", 161002, gy.handle, x.handle, None, -1, 1.7, 7.0, 1.0,
                     False, self.dev(torch.zeros((2, 4), dtype=F16)).handle)
        self.refused("ClippedSwigluGrad", 561002, x.handle, x.handle, None, -1, 1.7, 7.0, 1.0,
                     False, x.handle)  # gradY not halved
        self.refused("ClippedSwigluGrad", 561002, gy.handle, x.handle, None, -1, 1.7, -1.0, 1.0,
                     False, x.handle)  # limit
        self.refused("ClippedSwigluGrad", 561002, gy.handle, x.handle, None, 2, 1.7, 7.0, 1.0,
                     False, x.handle)  # dim
        e = self.dev(torch.zeros((0, 4)))
        self.refused("ClippedSwigluGrad", 161002, self.dev(torch.zeros((0, 2))).handle, e.handle,
                     None, -1, 1.7, 7.0, 1.0, False, e.handle)  # empty

    def test_situ_glu(self):
        rng = random.Random(SEED + 18)

        def fwd(x, d, beta, lbeta, left):
            gate, up = torch.chunk(x, 2, dim=d)
            if not left:
                gate, up = up, gate
            if lbeta > 0:
                up = lbeta * torch.tanh(up / lbeta)
            return beta * torch.tanh(gate / beta) * torch.sigmoid(gate) * up
        for dtype in (F32, F16, BF16):
            for shape, dim in (((3, 4), -1), ((2, 6, 3), 1), ((8,), 0), ((0, 4), 1),
                               ((2, 2, 2), 0)):
                for _ in range(2):
                    beta, lbeta = rng.choice((0.5, 1.0, 2.0)), rng.choice((-1.0, 0.0, 0.8, 3.0))
                    left = rng.random() < 0.5
                    x = gen(rng, shape, dtype, special=False)
                    xd = x.double().requires_grad_()
                    y = fwd(xd, dim, beta, lbeta, left)
                    out = self.out_like(y.shape, dtype)
                    what = "SituGlu %s %s dim %d beta %g lbeta %g left %s" % (
                        dtype, shape, dim, beta, lbeta, left)
                    self.run_op("SituGlu", self.dev(view_of(rng, x)).handle, dim, beta, lbeta,
                                left, out.handle)
                    check(self, out.read(), y.detach().to(dtype), what, (x,))
                    gy = gen(rng, tuple(y.shape), dtype, special=False)
                    if xd.numel():
                        y.backward(gy.double())
                        ref = xd.grad
                    else:
                        ref = torch.zeros(shape, dtype=F64)
                    gx = self.out_like(shape, dtype)
                    self.run_op("SituGluGrad", self.dev(view_of(rng, gy)).handle,
                                self.dev(view_of(rng, x)).handle, dim, beta, lbeta, left,
                                gx.handle)
                    check(self, gx.read(), ref.to(dtype), "Grad " + what, (x,), tol=gtol(dtype))
        x = self.dev(torch.zeros((2, 4)))
        h = self.dev(torch.zeros((2, 2)))
        self.refused("SituGlu", 161001, None, -1, 1.0, 1.0, True, h.handle)
        self.refused("SituGlu", 161002, x.handle, 2, 1.0, 1.0, True, h.handle)
        self.refused("SituGlu", 161002, x.handle, 0, 1.0, 1.0, True, h.handle)
        self.refused("SituGlu", 161002, self.dev(torch.zeros((2, 3))).handle, -1, 1.0, 1.0, True,
                     h.handle)
        self.refused("SituGlu", 161002, x.handle, -1, 1.0, 1.0, True,
                     self.dev(torch.zeros((2, 2), dtype=F16)).handle)
        self.refused("SituGlu", 161002, self.dev(torch.zeros((2, 4), dtype=F64)).handle, -1, 1.0,
                     1.0, True, self.dev(torch.zeros((2, 2), dtype=F64)).handle)
        self.refused("SituGluGrad", 161001, h.handle, None, -1, 1.0, 1.0, True, x.handle)
        self.refused("SituGluGrad", 161002, x.handle, x.handle, -1, 1.0, 1.0, True, x.handle)
        self.refused("SituGluGrad", 161002, h.handle, x.handle, -1, 1.0, 1.0, True, h.handle)

    def test_swiglu_group(self):
        rng = random.Random(SEED + 19)
        for dtype in (F32, F16, BF16):
            for _ in range(8):
                nd = rng.randint(1, 3)
                shape = [rng.randint(1, 4) for _ in range(nd - 1)] + [2 * rng.randint(1, 4)]
                bs = 1
                for v in shape[:-1]:
                    bs *= v
                x = gen(rng, shape, dtype, special=False) * 3
                w = None
                if rng.random() < 0.5:
                    w = gen(rng, [bs], F32, special=False)
                gi = None
                if rng.random() < 0.5:
                    gi = torch.tensor([rng.randint(0, 2) for _ in range(rng.randint(1, 3))],
                                      dtype=I64)
                lim = rng.choice((-1.0, 0.5, 2.0))
                x2 = x.double().reshape(bs, -1)
                a, b = torch.chunk(x2, 2, dim=-1)
                if lim > 0:
                    a, b = a.clamp(max=lim), b.clamp(-lim, lim)
                y = a * torch.sigmoid(a) * b
                if w is not None:
                    y = y * w.double().reshape(-1, 1)
                rows = bs if gi is None else min(int(gi.sum()), bs)
                y[rows:] = 0
                ref = y.reshape(shape[:-1] + [shape[-1] // 2]).to(dtype)
                out = self.out_like(ref.shape, dtype)
                self.run_op("SwigluGroup", self.dev(x).handle,
                            None if w is None else self.dev(w).handle,
                            None if gi is None else self.dev(gi).handle, lim, out.handle)
                what = "SwigluGroup %s %s w %s gi %s lim %g" % (
                    dtype, shape, w is not None, None if gi is None else gi.tolist(), lim)
                check(self, out.read(), ref, what, (x,))
        x = self.dev(torch.zeros((2, 4)))
        o = self.dev(torch.zeros((2, 2)))
        self.refused("SwigluGroup", 161001, None, None, None, -1.0, o.handle)
        self.refused("SwigluGroup", 161002, x.handle, None, None, -1.0,
                     self.dev(torch.zeros((2, 2), dtype=F16)).handle)
        self.refused("SwigluGroup", 561002, x.handle, None, None, 0.0, o.handle)
        self.refused("SwigluGroup", 561002, self.dev(torch.zeros((2, 3))).handle, None, None, -1.0,
                     o.handle)
        self.refused("SwigluGroup", 561002, x.handle, self.dev(torch.zeros((3,))).handle, None,
                     -1.0, o.handle)
        self.refused("SwigluGroup", 561002, x.handle, self.dev(torch.zeros((2,), dtype=F16)).handle,
                     None, -1.0, o.handle)
        self.refused("SwigluGroup", 561002, x.handle, None,
                     self.dev(torch.zeros((2,), dtype=I32)).handle, -1.0, o.handle)
        self.refused("SwigluGroup", 561002, x.handle, None, None, -1.0, x.handle)


if __name__ == "__main__":
    unittest.main()
