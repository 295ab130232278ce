# SPDX-License-Identifier: Apache-2.0
"""The quantised products with fused epilogues (ops/matmul/quant_fused.c) against references
written from CANN's formulas in torch (float64 from the stored inputs, rounded once).

QuantMatmulReduceSumWeightNz: INT8 x1 (batch, m, k) @ INT8 x2 (batch, k, n) per batch,
scaled by x1Scale (batch, m) and x2Scale (n), summed over the batch into a BFLOAT16 (m, n);
strided views of every operand; CANN's fixed parameters (dims [0], keepDims false, NULL
reserved tensors) and bad input giving 161001 / 161002 with a message naming the operator.
QuantMatmulDequant: FLOAT16 x smoothed, quantised per row (static per-token / per-tensor
FLOAT scales, dynamic max|x| / 127 scales, half to even, saturated), times an INT8 weight
[n, k], dequantised by FLOAT or INT64 (folded) weight scales into FLOAT16; its bad input.
FusedQuantMatmul (+WeightNz): INT8 products with per-token / per-channel / per-tensor scales,
INT32 and float biases ([n] and [batch, 1, n]), broadcast batches, transposed x1 / x2 views,
both gelu forms, FLOAT16 / BFLOAT16 outs; its bad input.
Seeded random inputs through acl.nn on a stream. Skipped (exit 77) without torch."""
import random
import struct
import unittest

from torchcase import TorchCase, torch  # noqa: E402 (first: torch before acl)

import acltest  # noqa: E402
from acltest import acl  # noqa: E402

if torch is not None:
    from test_ew_torch import check, view_of, BF16, F32, F16, I8  # noqa: E402

setUpModule = acltest.setup_module
tearDownModule = acltest.teardown_module

nn = acl.nn
SEED = 2941


def rand_i8(rng, shape):
    n = 1
    for d in shape:
        n *= d
    return torch.tensor([rng.randint(-128, 127) for _ in range(n)], dtype=I8).reshape(shape)


def rand_f(rng, shape, lo, hi, dtype):
    n = 1
    for d in shape:
        n *= d
    t = torch.tensor([rng.uniform(lo, hi) for _ in range(n)], dtype=torch.float64)
    return t.reshape(shape).to(dtype)


@unittest.skipIf(torch is None, "torch (or numpy) is not installed")
class QuantFusedTorch(TorchCase):
    def setUp(self):
        super().setUp()
        self.arrays = []

    def tearDown(self):
        for a in self.arrays:
            nn.destroy_int_array(a)
        super().tearDown()

    def int_array(self, values):
        arr, ret = nn.create_int_array(list(values))
        self.assertEqual(ret, 0)
        self.arrays.append(arr)
        return arr

    def h(self, t):
        return 0 if t is None else self.dev(t).handle

    # ---- QuantMatmulReduceSumWeightNz (QF2) -----------------------------------------------

    def rs_args(self, x1, x2, s1, s2, out, dims=None, keep=False, t1=False, t2=False, gs=0,
                extra=(0, 0, 0, 0, 0)):
        return (x1, x2, s1, s2) + tuple(extra) + (t1, t2, gs,
                                                  self.int_array((0,)) if dims is None else dims,
                                                  keep, out)

    def test_reduce_sum(self):
        rng = random.Random(SEED)
        for b, m, k, n in ((1, 1, 1, 1), (2, 3, 5, 4), (4, 7, 33, 9), (3, 16, 128, 40),
                           (2, 2, 1100, 3)):
            x1, x2 = rand_i8(rng, (b, m, k)), rand_i8(rng, (b, k, n))
            s1 = rand_f(rng, (b, m), 1e-3, 2e-2, F32)
            s2 = rand_f(rng, (n,), 1e-3, 2e-2, BF16)
            acc = torch.matmul(x1.long(), x2.long()).double()  # exact
            ref = (acc * s1.double().unsqueeze(-1) * s2.double()).sum(0)
            out = self.dev(torch.zeros((m, n), dtype=BF16))
            self.run_op("QuantMatmulReduceSumWeightNz", *self.rs_args(
                self.h(view_of(rng, x1)), self.h(view_of(rng, x2)), self.h(view_of(rng, s1)),
                self.h(s2), out.handle))
            check(self, out.read(), ref.to(BF16), "ReduceSum b=%d m=%d k=%d n=%d" % (b, m, k, n))
        # a strided out: the transposed view of an (n, m) buffer
        x1, x2 = rand_i8(rng, (2, 3, 6)), rand_i8(rng, (2, 6, 5))
        s1, s2 = rand_f(rng, (2, 3), 0.1, 1, F32), rand_f(rng, (5,), 0.1, 1, BF16)
        ref = (torch.matmul(x1.long(), x2.long()).double() * s1.double().unsqueeze(-1) *
               s2.double()).sum(0)
        buf = self.dev(torch.zeros((5, 3), dtype=BF16))
        h, ret = nn.create_tensor([3, 5], acl.ACL_BF16, [1, 3], 0, acl.ACL_FORMAT_ND, [15],
                                  buf.ptr)
        self.assertEqual(ret, 0)
        try:
            self.run_op("QuantMatmulReduceSumWeightNz",
                        *self.rs_args(self.h(x1), self.h(x2), self.h(s1), self.h(s2), h))
        finally:
            nn.destroy_tensor(h)
        check(self, buf.read().t(), ref.to(BF16), "ReduceSum strided out")

    def test_reduce_sum_bad_input(self):
        rng = random.Random(SEED + 1)
        op = "QuantMatmulReduceSumWeightNz"
        x1, x2 = self.h(rand_i8(rng, (2, 3, 4))), self.h(rand_i8(rng, (2, 4, 5)))
        s1, s2 = self.h(rand_f(rng, (2, 3), 0.1, 1, F32)), self.h(rand_f(rng, (5,), 0.1, 1, BF16))
        out = self.h(torch.zeros((3, 5), dtype=BF16))
        self.run_op(op, *self.rs_args(x1, x2, s1, s2, out))
        self.refused(op, 161001, *self.rs_args(0, x2, s1, s2, out))
        self.refused(op, 161001, *self.rs_args(x1, x2, 0, s2, out))
        self.refused(op, 161001, *self.rs_args(x1, x2, s1, s2, 0))
        self.refused(op, 161001, *self.rs_args(x1, x2, s1, s2, out, dims=0))
        f16 = self.h(torch.zeros((2, 3, 4), dtype=F16))
        self.refused(op, 161002, *self.rs_args(f16, x2, s1, s2, out))  # x1 type
        self.refused(op, 161002, *self.rs_args(x1, x2, s1, s1, out))  # x2Scale shape / type
        self.refused(op, 161002, *self.rs_args(x1, x2, s1, s2,
                                               self.h(torch.zeros((3, 5), dtype=F16))))
        self.refused(op, 161002, *self.rs_args(x1, x2, s1, s2,
                                               self.h(torch.zeros((3, 4), dtype=BF16))))
        self.refused(op, 161002, *self.rs_args(x1, self.h(rand_i8(rng, (2, 5, 5))), s1, s2,
                                               out))  # k differs
        self.refused(op, 161002, *self.rs_args(x1, x2, s1, s2, out, dims=self.int_array((1,))))
        self.refused(op, 161002, *self.rs_args(x1, x2, s1, s2, out, keep=True))
        self.refused(op, 161002, *self.rs_args(x1, x2, s1, s2, out, t2=True))
        self.refused(op, 161002, *self.rs_args(x1, x2, s1, s2, out, gs=32))
        self.refused(op, 161002, *self.rs_args(x1, x2, s1, s2, out, extra=(0, 0, 0, 0, s2)))
        e1, e2 = self.h(torch.zeros((2, 0, 4), dtype=I8)), self.h(torch.zeros((2, 0), dtype=F32))
        self.refused(op, 161002, *self.rs_args(e1, x2, e2, s2,
                                               self.h(torch.zeros((0, 5), dtype=BF16))))

    # ---- QuantMatmulDequant (QF4) -----------------------------------------------------------

    def qmd_ref(self, x, w, ws, xs, sm, dynamic, word):
        xf = x.double()
        if sm is not None:
            xf = (x.float() * sm.float()).double()  # float32, not rounded (QF4)
        if dynamic:
            sx = xf.abs().amax(1) / 127.0
        else:
            sx = xs.float().double().reshape(-1).expand(x.shape[0])
        q = torch.where(sx.unsqueeze(1) == 0, torch.zeros_like(xf),
                        torch.clamp(torch.round(xf / sx.unsqueeze(1)),
                                    -128, 127))
        acc = q.long() @ w.long().t()
        if word:
            f = torch.tensor([struct.unpack("<f", struct.pack("<I", int(v) & 0xFFFFFFFF))[0]
                              for v in ws.tolist()], dtype=torch.float64)
            return (acc.double() * f).to(F16)
        return (acc.double() * ws.double() * sx.unsqueeze(1)).to(F16)

    def test_quant_matmul_dequant(self):
        rng = random.Random(SEED + 2)
        op = "QuantMatmulDequant"
        for m, k, n in ((1, 1, 1), (3, 16, 5), (7, 64, 9), (2, 1100, 3)):
            for mode in ("dynamic", "pertoken", "pertensor", "word"):
                for smooth in (False, True):
                    x = rand_f(rng, (m, k), -3, 3, F16)
                    if m > 1:
                        x[0] = 0  # a zero row: scale 0 quantises to 0
                    w = rand_i8(rng, (n, k))
                    sm = rand_f(rng, (k,), 0.5, 1.5, F16) if smooth else None
                    xs, ws = None, rand_f(rng, (n,), 1e-3, 1e-2, F32)
                    if mode == "pertoken":
                        xs = rand_f(rng, (m,), 0.01, 0.05, F32)
                    elif mode in ("pertensor", "word"):
                        xs = rand_f(rng, (1,), 0.01, 0.05, F16 if mode == "word" else F32)
                    if mode == "word":  # weightScale * xScale folded into the float's bits
                        f = (ws.double() * xs.double()).float()
                        ws = torch.tensor([struct.unpack("<I", struct.pack("<f", float(v)))[0]
                                           for v in f.tolist()], dtype=torch.int64)
                    ref = self.qmd_ref(x, w, ws, xs, sm, mode == "dynamic", mode == "word")
                    out = self.dev(torch.zeros((m, n), dtype=F16))
                    qm = "pertensor" if mode in ("pertensor", "word") else "pertoken"
                    self.run_op(op, self.h(view_of(rng, x)), self.h(view_of(rng, w)), self.h(ws),
                                0, self.h(xs), 0, self.h(sm), qm, True, out.handle)
                    check(self, out.read(), ref, "%s %dx%dx%d %s smooth=%s" % (
                        op, m, k, n, mode, smooth))
        # bad input
        x, w = self.h(rand_f(rng, (2, 4), -1, 1, F16)), self.h(rand_i8(rng, (3, 4)))
        ws, o = self.h(rand_f(rng, (3,), 0.1, 1, F32)), self.h(torch.zeros((2, 3), dtype=F16))
        self.run_op(op, x, w, ws, 0, 0, 0, 0, "pertoken", True, o)
        self.refused(op, 161001, 0, w, ws, 0, 0, 0, 0, "pertoken", True, o)
        self.refused(op, 161001, x, w, 0, 0, 0, 0, 0, "pertoken", True, o)
        self.refused(op, 161002, x, w, ws, 0, 0, 0, 0, "pertoken", False, o)
        self.refused(op, 161002, x, w, ws, 0, 0, 0, 0, "perchannel", True, o)
        self.refused(op, 161002, x, w, ws, 0, 0, 0, 0, "pertensor", True, o)  # dynamic
        self.refused(op, 161002, x, w, ws, ws, 0, 0, 0, "pertoken", True, o)  # bias
        self.refused(op, 161002, w, w, ws, 0, 0, 0, 0, "pertoken", True, o)  # x type
        self.refused(op, 161002, x, self.h(rand_i8(rng, (3, 5))), ws, 0, 0, 0, 0, "pertoken",
                     True, o)
        wi = self.h(torch.zeros((3,), dtype=torch.int64))
        self.refused(op, 161002, x, w, wi, 0, self.h(rand_f(rng, (1,), 0.1, 1, F32)), 0, 0,
                     "pertensor", True, o)  # INT64 weightScale needs a FLOAT16 xScale
        self.refused(op, 161002, x, w, ws, 0, 0, 0, 0, "pertoken", True,
                     self.h(torch.zeros((2, 3), dtype=F32)))

    # ---- FusedQuantMatmul (+WeightNz) (QF5) -------------------------------------------------

    def test_fused_quant_matmul(self):
        rng = random.Random(SEED + 3)
        gelu = {"gelu_tanh": lambda v: torch.nn.functional.gelu(v, approximate="tanh"),
                "gelu_erf": torch.nn.functional.gelu}
        for op in ("FusedQuantMatmul", "FusedQuantMatmulWeightNz"):
            for s1, s2 in (((3, 7), (7, 5)), ((2, 4, 9), (9, 6)), ((2, 3, 33), (2, 33, 4)),
                           ((1, 5, 8), (3, 8, 2)), ((2, 2, 1100), (1100, 3))):
                for out_dt in (F16, BF16):
                    for bias_kind in ("none", "int", "float", "batch"):
                        fop = rng.choice(("gelu_tanh", "gelu_erf"))
                        x1, x2 = rand_i8(rng, s1), rand_i8(rng, s2)
                        acc = torch.matmul(x1.long(), x2.long()).double()
                        m, n = s1[-2], s2[-1]
                        sc1 = rand_f(rng, (m,), 0.5, 1.5, F32)
                        sc2 = rand_f(rng, (n,) if rng.random() < 0.7 else (1,), 1e-4, 1e-3,
                                     rng.choice((F32, BF16)))
                        sc = sc2.double().reshape(-1) * sc1.double().unsqueeze(1)
                        bias = None
                        if bias_kind == "int":
                            bias = torch.tensor([rng.randint(-2000, 2000) for _ in range(n)],
                                                dtype=torch.int32)
                            v = (acc + bias.double()) * sc
                        elif bias_kind == "float":
                            bias = rand_f(rng, (n,), -1, 1, rng.choice((F32, BF16, F16)))
                            v = acc * sc + bias.double()
                        elif bias_kind == "batch" and acc.dim() == 3:
                            bias = rand_f(rng, (acc.shape[0], 1, n), -1, 1, F32)
                            v = acc * sc + bias.double()
                        else:
                            v = acc * sc
                        ref = gelu[fop](v).to(out_dt)
                        a1 = x1.transpose(-1, -2).contiguous().transpose(-1, -2) \
                            if rng.random() < 0.4 else view_of(rng, x1)
                        a2 = x2.transpose(-1, -2).contiguous().transpose(-1, -2) \
                            if rng.random() < 0.4 else x2
                        out = self.dev(torch.zeros(tuple(ref.shape), dtype=out_dt))
                        self.run_op(op, self.h(a1), self.h(a2), self.h(sc1), self.h(sc2), 0, 0, 0,
                                    0, self.h(bias), 0, fop, 0, out.handle)
                        check(self, out.read(), ref, "%s %s %s %s bias=%s %s" % (
                            op, s1, s2, out_dt, bias_kind, fop))
        # bad input
        op = "FusedQuantMatmul"
        x1, x2 = self.h(rand_i8(rng, (2, 4))), self.h(rand_i8(rng, (4, 3)))
        s1, s2 = self.h(rand_f(rng, (2,), 0.5, 1, F32)), self.h(rand_f(rng, (3,), 0.5, 1, F32))
        o = self.h(torch.zeros((2, 3), dtype=F16))
        self.run_op(op, x1, x2, s1, s2, 0, 0, 0, 0, 0, 0, "gelu_erf", 0, o)
        self.refused(op, 161001, x1, x2, 0, s2, 0, 0, 0, 0, 0, 0, "gelu_erf", 0, o)
        self.refused(op, 161002, x1, x2, s1, s2, 0, 0, 0, 0, 0, 0, "relu", 0, o)
        self.refused(op, 161002, x1, x2, s1, s2, 0, 0, 0, 0, 0, s2, "gelu_erf", 0, o)  # x3
        self.refused(op, 161002, x1, x2, s1, s2, 0, 0, 0, 0, 0, 0, "gelu_erf", 128, o)
        self.refused(op, 161002, x1, x1, s1, s2, 0, 0, 0, 0, 0, 0, "gelu_erf", 0, o)  # k
        self.refused(op, 161002, x1, x2, s2, s2, 0, 0, 0, 0, 0, 0, "gelu_erf", 0, o)  # x1Scale
        self.refused(op, 161002, x1, x2, s1, s2, 0, 0, 0, 0, 0, 0, "gelu_erf", 0,
                     self.h(torch.zeros((2, 3), dtype=F32)))
        self.refused(op, 161002, self.h(torch.zeros((2, 4), dtype=torch.int32)), x2, s1, s2, 0, 0,
                     0, 0, 0, 0, "gelu_erf", 0, o)


if __name__ == "__main__":
    acltest.main()
