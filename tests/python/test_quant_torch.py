# SPDX-License-Identifier: Apache-2.0
"""The quantisation room (ops/quant) against references written from CANN's formulas in torch.

TransQuantParamV2/V3 (the 64-bit words, bit for bit, offsets absent / per tensor / per
channel, V3's roundMode 0 and 1), QuantMatmulV3/V4/WeightNz (INT8 products with FLOAT and
word scales, INT32 and float biases, per-token scales, offsets, transposed and batched
operands, every out type), AscendQuant/V3 (every round mode, sqrtMode, axis),
AscendAntiQuant, DynamicQuant, Quantize (every out type and zero-point type) and
FakeQuantPerTensor/PerChannelAffineCachemask, ConvertWeightToINT4Pack (INT4 and INT32
outs, bit for bit), QuantMatmulV3/V4 of INT4 operands and FlatQuant/V2/V3 (INT4 and INT32
outs, groupList forms), DynamicQuantV2 (symmetric and asymmetric, INT8 / INT4 / INT32 outs,
per-expert smooth scales), SwiGluQuant/V2 (dynamic and static, groups as cumulative ends and
counts, INT8 / INT4), DynamicBlockQuant/V2 (block sizes, partial blocks, minScale, both round
modes), TransQuantParam (host words), QuantMatmulV2, GroupQuant (INT8 / INT4 / INT32) and
DequantBias (every bias type), BatchMatmulQuant and QuantMatmulV5 (its groupSize-0 form, of
INT8 and of INT32 words of INT4 values, the per-block G-B form and both K-G forms), on seeded random inputs, through acl.nn on a stream.
Integer results must match exactly (rounding half to even, saturation); float outs within
one rounding. Bad input gives 161001 / 161002 naming the operator. Skipped (exit 77)
without torch."""
import random
import struct
import unittest

from torchcase import TorchCase, torch  # noqa: E402 (first: torch before acl)

import acltest  # noqa: E402
from acltest import acl  # noqa: E402

if torch is not None:
    from test_ew_torch import Dev, check, view_of, F16, BF16, F32, I8, U8, I32, I64, \
        BOOL  # noqa: E402

setUpModule = acltest.setup_module
tearDownModule = acltest.teardown_module

nn = acl.nn
SEED = 2931


def fbits(f):
    return struct.unpack("<I", struct.pack("<f", f))[0]


def bitsf(b):
    return struct.unpack("<f", struct.pack("<I", b & 0xFFFFFFFF))[0]


def word(scale, offset, round_mode=0):
    """CANN's formula for one TransQuantParam word (as an int64's value)."""
    b = fbits(scale)
    if round_mode == 1:
        b = (b + 0xFFF + ((b >> 13) & 1)) & 0xFFFFFFFF
    w = (b & 0xFFFFE000) | (1 << 46)
    if offset is not None:
        o = max(-256, min(255, int(torch.round(torch.tensor(offset, dtype=torch.float64)))))
        w = (w & 0x4000FFFFFFFF) | ((o & 0x1FF) << 37)
    return w


def rint_sat(t):
    return torch.clamp(torch.round(t), -128, 127)


@unittest.skipIf(torch is None, "torch (or numpy) is not installed")
class QuantTorch(TorchCase):
    def dev(self, t):
        if t is None:
            return None
        d = Dev(t)
        self.devs.append(d)
        return d

    def h(self, t):
        return 0 if t is None else self.dev(t).handle

    def rand_f(self, rng, shape, lo=-2.0, hi=2.0, dtype=None):
        n = 1
        for d in shape:
            n *= d
        t = torch.tensor([rng.uniform(lo, hi) for _ in range(n)], dtype=torch.float64)
        return t.reshape(shape).to(dtype or F32)

    def rand_i8(self, rng, shape):
        n = 1
        for d in shape:
            n *= d
        return torch.tensor([rng.randint(-128, 127) for _ in range(n)], dtype=I8).reshape(shape)

    # ---- TransQuantParamV2 / V3 --------------------------------------------------------------

    def test_trans_quant_param(self):
        rng = random.Random(SEED)
        for op in ("TransQuantParamV2", "TransQuantParamV3"):
            for rm in ((0,) if op == "TransQuantParamV2" else (0, 1)):
                for sshape, oshape, n in (((5,), None, 5), ((1, 5), (5,), 5), ((1,), (1,), 1),
                                          ((1,), (7,), 7), ((7,), (1,), 7)):
                    s = self.rand_f(rng, sshape, 1e-4, 3.0)
                    o = self.rand_f(rng, oshape, -300, 300) if oshape else None
                    if o is not None:
                        o.view(-1)[0] = 2.5  # a tie: half to even
                    oshp = (n,) if len(sshape) == 1 or n != sshape[-1] else sshape
                    out = self.dev(torch.zeros(oshp, dtype=I64))
                    extra = (rm,) if op == "TransQuantParamV3" else ()
                    self.run_op(op, self.h(s), self.h(o), *extra, out.handle)
                    sf, of = s.reshape(-1), None if o is None else o.reshape(-1)
                    ref = [word(float(sf[0 if sf.numel() == 1 else i]),
                                None if of is None else float(of[0 if of.numel() == 1 else i]),
                                rm) for i in range(n)]
                    got = out.read().reshape(-1).tolist()
                    self.assertEqual(got, ref, "%s rm=%d %s %s" % (op, rm, sshape, oshape))

    # ---- QuantMatmulV3 / V4 / WeightNz -------------------------------------------------------

    def qmm_ref(self, x1, x2, scale, offset, pt, bias, out_dt, int_bias):
        acc = torch.matmul(x1.long(), x2.long())
        if out_dt == I32:
            return (acc + (bias.long() if bias is not None else 0)).to(I32)
        v = acc.double()
        if bias is not None and int_bias:
            v = v + bias.double()
        v = v * scale.double().reshape(-1)
        if pt is not None:
            v = v * pt.double().reshape(-1, 1)
        if bias is not None and not int_bias:
            v = v + bias.double()
        if offset is not None:
            v = v + offset.double().reshape(-1)
        return rint_sat(v).to(I8) if out_dt == I8 else v.to(out_dt)

    def one_qmm(self, rng, op, b, m, k, n, tx1, tx2, out_dt, sc_kind, bias_kind, per_ch,
                with_pt):
        what = "%s b=%s %dx%dx%d t=%d%d out=%s scale=%s bias=%s perch=%s pt=%s" % (
            op, b, m, k, n, tx1, tx2, out_dt, sc_kind, bias_kind, per_ch, with_pt)
        x1 = self.rand_i8(rng, ((b,) if b else ()) + (m, k))
        x2 = self.rand_i8(rng, (k, n))
        sn = n if per_ch else 1
        scale = self.rand_f(rng, (sn,), 1e-4, 2e-3)
        offset = self.rand_f(rng, (sn,), -5, 5) if out_dt == I8 and sc_kind == "float" else None
        pt = self.rand_f(rng, (m,), 0.5, 2.0) if with_pt else None
        bias = None
        if bias_kind == "int":
            bias = torch.tensor([rng.randint(-1000, 1000) for _ in range(n)], dtype=I32)
        elif bias_kind == "float":
            bias = self.rand_f(rng, (n,), -3, 3, F32 if out_dt != BF16 else BF16)
        ref_scale, sc_arg = scale, scale
        if sc_kind == "word":  # the words TransQuantParamV2 makes (QQ3), with an offset
            off9 = [rng.randint(-20, 20) for _ in range(sn)] if out_dt == I8 else None
            words = [word(float(scale[i]), None if off9 is None else off9[i]) for i in range(sn)]
            sc_arg = torch.tensor(words, dtype=I64)
            ref_scale = torch.tensor([bitsf(w) for w in words], dtype=torch.float64)
            if off9 is not None:
                offset_ref = torch.tensor(off9, dtype=torch.float64)
            else:
                offset_ref = None
        else:
            offset_ref = offset
        ref = self.qmm_ref(x1, x2, ref_scale, offset_ref, pt, bias, out_dt, bias_kind == "int")
        a1 = x1.transpose(-1, -2).contiguous().transpose(-1, -2) if tx1 else view_of(rng, x1)
        a2 = x2.t().contiguous().t() if tx2 else x2
        # a transposed operand is handed as its stored [k, m] / [n, k] tensor with the flag set
        h1 = self.h(a1.transpose(-1, -2) if tx1 else a1)
        h2 = self.h(a2.t() if tx2 else a2)
        out = self.dev(torch.zeros(ref.shape, dtype=out_dt))
        if op == "QuantMatmulV3":
            self.run_op(op, h1, h2, self.h(sc_arg), self.h(offset), self.h(bias), tx1, tx2,
                        out.handle)
        elif op == "QuantMatmulV4":
            self.run_op(op, h1, h2, self.h(sc_arg), self.h(offset), self.h(pt), self.h(bias),
                        tx1, tx2, out.handle)
        else:
            self.run_op(op, h1, h2, self.h(pt), self.h(sc_arg), 0, 0, self.h(offset), 0,
                        self.h(bias), tx1, tx2, 0, out.handle)
        check(self, out.read(), ref, what)

    def test_quant_matmul(self):
        rng = random.Random(SEED + 1)
        for op in ("QuantMatmulV3", "QuantMatmulV4", "QuantMatmulWeightNz"):
            for out_dt in (F16, BF16, I8, I32):
                for sc_kind in ("float", "word"):
                    if sc_kind == "word" and out_dt in (BF16, I32):
                        continue
                    for bias_kind in ("none", "int", "float"):
                        if bias_kind == "float" and out_dt in (I8, I32, F16):
                            continue
                        for per_ch in (True, False):
                            with_pt = op != "QuantMatmulV3" and out_dt in (F16, BF16) \
                                and rng.random() < 0.5
                            tx1, tx2 = rng.random() < 0.3, rng.random() < 0.5
                            b = 2 if rng.random() < 0.3 and not tx1 else 0
                            self.one_qmm(rng, op, b, rng.randint(1, 9), rng.randint(1, 40),
                                         rng.randint(1, 12), tx1, tx2, out_dt, sc_kind,
                                         bias_kind, per_ch, with_pt)

    # ---- ConvertWeightToINT4Pack, INT4 products (QM8, QQ5) ------------------------------------

    def pack4(self, v):
        """The packed bytes of int values in [-8, 7], in order: the even element in the low
        nibble (CANN's INT4 layout)."""
        f = (v.reshape(-1).to(I64) & 0xF).tolist()
        if len(f) % 2:
            f.append(0)
        return torch.tensor([f[i] | f[i + 1] << 4 for i in range(0, len(f), 2)],
                            dtype=torch.uint8)

    def rand_i4(self, rng, shape):
        n = 1
        for d in shape:
            n *= d
        return torch.tensor([rng.randint(-8, 7) for _ in range(n)], dtype=I8).reshape(shape)

    def words4(self, v):
        """Values in [-8, 7] of shape (r, c), c a multiple of 8, as INT32 words (r, c / 8):
        eight a word, the first in the low bits (ConvertWeightToINT4Pack's INT32 out)."""
        return self.pack4(v).view(torch.int32).reshape(v.shape[0], v.shape[1] // 8)

    def h_(self, d):
        return 0 if d is None else d.handle

    def int4_tensor(self, packed, shape, strides):
        """An ACL_INT4 aclTensor of the given view over packed bytes on the device."""
        d = self.dev(packed)
        h, ret = nn.create_tensor(list(shape), acl.ACL_INT4, list(strides), 0, acl.ACL_FORMAT_ND,
                                  [2 * packed.numel()], d.ptr)
        self.assertEqual(ret, 0)
        self.int4s.append(h)
        return h

    def test_int4(self):
        rng = random.Random(SEED + 8)
        self.int4s = []
        try:
            for shape in ((8, 6), (2, 4, 16), (3, 8)):
                w = torch.tensor([rng.randint(-8, 7) for _ in range(torch.Size(shape).numel())],
                                 dtype=I32).reshape(shape)
                # INT4 out: the bytes of the packed tensor
                packed = self.dev(torch.zeros((w.numel() // 2,), dtype=torch.uint8))
                h4, ret = nn.create_tensor(list(shape), acl.ACL_INT4, None, 0, acl.ACL_FORMAT_ND,
                                           list(shape), packed.ptr)
                self.int4s.append(h4)
                self.run_op("ConvertWeightToINT4Pack", self.h(view_of(rng, w)), h4)
                self.assertTrue(torch.equal(packed.read(), self.pack4(w)), "pack %s" % (shape,))
                if shape[-1] % 8 == 0:  # INT32 out: eight values a word
                    ws = shape[:-1] + (shape[-1] // 8,)
                    o32 = self.dev(torch.zeros(ws, dtype=I32))
                    self.run_op("ConvertWeightToINT4Pack", self.h(w), o32.handle)
                    want = self.pack4(w).view(torch.uint8)
                    self.assertTrue(torch.equal(o32.read().reshape(-1).view(torch.uint8), want),
                                    "pack words %s" % (shape,))
            bad = self.dev(torch.zeros((3, 5), dtype=I32))
            self.refused("ConvertWeightToINT4Pack", 161001, 0, bad.handle)
            self.refused("ConvertWeightToINT4Pack", 161002, bad.handle, bad.handle)  # 5 % 8
            self.refused("ConvertWeightToINT4Pack", 161002,
                         self.dev(torch.zeros((3, 8), dtype=F32)).handle, bad.handle)
            # INT4 x1 [m, k] @ INT4 x2 [k, n] (x2 also as a transposed view), every out type
            for op in ("QuantMatmulV3", "QuantMatmulV4"):
                for out_dt in (F16, BF16, I8, I32):
                    for tx2 in (False, True):
                        m, k, n = rng.randint(1, 6), 2 * rng.randint(1, 8), 2 * rng.randint(1, 6)
                        x1 = torch.tensor([rng.randint(-8, 7) for _ in range(m * k)],
                                          dtype=I64).reshape(m, k)
                        x2 = torch.tensor([rng.randint(-8, 7) for _ in range(k * n)],
                                          dtype=I64).reshape(k, n)
                        h1 = self.int4_tensor(self.pack4(x1), (m, k), (k, 1))
                        # tx2: x2 stored as [n, k], handed as that tensor with the flag set
                        h2 = (self.int4_tensor(self.pack4(x2.t().contiguous()), (n, k), (k, 1))
                              if tx2 else self.int4_tensor(self.pack4(x2), (k, n), (n, 1)))
                        scale = self.rand_f(rng, (n,), 1e-3, 5e-2)
                        pt = self.rand_f(rng, (m,), 0.5, 2.0) \
                            if op == "QuantMatmulV4" and out_dt in (F16, BF16) else None
                        bias = torch.tensor([rng.randint(-50, 50) for _ in range(n)], dtype=I32)
                        ref = self.qmm_ref(x1.to(I8), x2.to(I8), scale, None, pt, bias, out_dt,
                                           True)
                        out = self.dev(torch.zeros((m, n), dtype=out_dt))
                        extra = (self.h(pt),) if op == "QuantMatmulV4" else ()
                        self.run_op(op, h1, h2, self.h(scale), 0, *extra, self.h(bias), False,
                                    tx2, out.handle)
                        check(self, out.read(), ref, "%s INT4 %dx%dx%d t2=%d out=%s" % (
                            op, m, k, n, tx2, out_dt))
        finally:
            for h in self.int4s:
                nn.destroy_tensor(h)

    def unpack4(self, raw, n):
        """n sign-extended values from packed bytes (the inverse of pack4)."""
        b = raw.reshape(-1).view(torch.uint8).to(I64)
        v = torch.stack((b & 0xF, b >> 4), 1).reshape(-1)[:n]
        return torch.where(v >= 8, v - 16, v)

    def test_flat_quant(self):
        rng = random.Random(SEED + 9)
        for op in ("FlatQuant", "FlatQuantV2", "FlatQuantV3"):
            for dtype in (F16, BF16):
                for odt in (I32, None):  # None: INT4
                    m, n1, n2 = rng.randint(1, 5), rng.randint(1, 6), 8 * rng.randint(1, 3)
                    clip = rng.choice((1.0, 0.8))
                    x = self.rand_f(rng, (m, n1, n2), -2, 2, dtype)
                    if m > 1:
                        x[1] = 0  # an all-zero token: scale 0, out 0
                    p1 = self.rand_f(rng, (n1, n1), -1, 1, dtype)
                    p2 = self.rand_f(rng, (n2, n2), -1, 1, dtype)
                    gl, glt, rows = None, 0, m
                    if op == "FlatQuantV3" and rng.random() < 0.7:
                        glt = rng.randint(0, 2)
                        rows = rng.randint(0, m)
                        gl = {0: torch.tensor([rows // 2, rows], dtype=I64),
                              1: torch.tensor([rows // 2, rows - rows // 2], dtype=I64),
                              2: torch.tensor([[0, rows // 2], [1, rows - rows // 2]],
                                              dtype=I64)}[glt]
                    xx = p1.double() @ (x.double() @ p2.double())
                    sc = xx.abs().amax((1, 2)) / (7 / clip)
                    q = torch.where(sc.reshape(-1, 1, 1) > 0,
                                    torch.clamp(torch.round(xx / sc.reshape(-1, 1, 1).clamp_min(
                                        1e-30)), -8, 7), torch.zeros_like(xx)).to(I64)
                    nbytes = m * n1 * n2 // 2
                    if odt is None:
                        buf = self.dev(torch.full((nbytes,), 0x77, dtype=torch.uint8))
                        oh, ret = nn.create_tensor([m, n1, n2], acl.ACL_INT4, None, 0,
                                                   acl.ACL_FORMAT_ND, [m, n1, n2], buf.ptr)
                    else:
                        buf = self.dev(torch.full((m, n1, n2 // 8), 0x77777777, dtype=I32))
                        oh = buf.handle
                    so = self.dev(torch.full((m,), -1.0, dtype=F32))
                    args = (self.h(view_of(rng, x)), self.h(p1), self.h(p2))
                    if op == "FlatQuant":
                        args += (clip,)
                    elif op == "FlatQuantV2":
                        args += (clip, 0.0)
                    else:
                        args += (self.h(gl), clip, 0.0, glt)
                    self.run_op(op, *args, oh, so.handle)
                    if odt is None:
                        nn.destroy_tensor(oh)
                    what = "%s %s out=%s [%d, %d, %d] rows=%d" % (op, dtype, odt, m, n1, n2,
                                                                  rows)
                    got_sc, got = so.read(), self.unpack4(buf.read(), m * n1 * n2)
                    got = got.reshape(m, n1, n2)
                    check(self, got_sc[:rows], sc[:rows].float(), what + " scale",
                          tol=(1e-5, 1e-5))
                    # a quotient within float32 rounding of .5 may round either way
                    if rows:
                        self.assertLessEqual(int((got[:rows] - q[:rows]).abs().max()), 1, what)
                    # tokens after the groups are not written (FQ3)
                    self.assertTrue(bool((got_sc[rows:] == -1).all()), what + " untouched")
                    self.assertTrue(bool((got[rows:] == 7).all()), what + " untouched")
        x = self.dev(self.rand_f(rng, (2, 4, 8), -1, 1, F16))
        p1 = self.dev(self.rand_f(rng, (4, 4), -1, 1, F16))
        p2 = self.dev(self.rand_f(rng, (8, 8), -1, 1, F16))
        o = self.dev(torch.zeros((2, 4, 1), dtype=I32))
        sc = self.dev(torch.zeros((2,), dtype=F32))
        self.refused("FlatQuant", 161001, x.handle, 0, p2.handle, 1.0, o.handle, sc.handle)
        self.refused("FlatQuant", 161002, x.handle, p2.handle, p2.handle, 1.0, o.handle,
                     sc.handle)  # kroneckerP1's shape
        self.refused("FlatQuant", 161002, x.handle, p1.handle, p2.handle, 1.5, o.handle,
                     sc.handle)  # clipRatio
        self.refused("FlatQuant", 161002, x.handle, p1.handle, p2.handle, 1.0, sc.handle,
                     sc.handle)  # out type
        self.refused("FlatQuantV3", 161002, x.handle, p1.handle, p2.handle, sc.handle, 1.0, 0.0,
                     0, o.handle, sc.handle)  # groupList type

    # ---- AscendQuant / V3, AscendAntiQuant, DynamicQuant --------------------------------------

    def test_ascend_quant(self):
        rng = random.Random(SEED + 2)
        modes = {"round": torch.round, "floor": torch.floor, "ceil": torch.ceil,
                 "trunc": torch.trunc}
        for op in ("AscendQuant", "AscendQuantV3"):
            for dtype in (F32, F16, BF16):
                for shape in ((3, 8), (2, 3, 5), (7,)):
                    for mode, fn in modes.items():
                        axis = -1 if op == "AscendQuant" else rng.randrange(-len(shape),
                                                                              len(shape))
                        d = shape[axis]
                        sq = rng.random() < 0.3
                        x = self.rand_f(rng, shape, -300, 300, dtype)
                        s = self.rand_f(rng, (rng.choice((1, d)),), 0.1, 1.0, dtype)
                        o = self.rand_f(rng, s.shape, -10, 10, dtype) if rng.random() < 0.7 \
                            else None
                        bshape = [1] * len(shape)
                        bshape[axis] = -1
                        sf = s.float().reshape(bshape) if s.numel() > 1 else s.float()
                        of = 0 if o is None else (o.float().reshape(bshape) if o.numel() > 1
                                                  else o.float())
                        if sq:
                            sf = sf * sf
                        ref = torch.clamp(fn(x.float() * sf + of), -128, 127).to(I8)
                        y = self.dev(torch.zeros(shape, dtype=I8))
                        extra = (axis,) if op == "AscendQuantV3" else ()
                        self.run_op(op, self.h(view_of(rng, x)), self.h(s), self.h(o), sq, mode,
                                    2, *extra, y.handle)
                        check(self, y.read(), ref, "%s %s %s %s sq=%s ax=%d" % (
                            op, dtype, shape, mode, sq, axis))

    def test_ascend_anti_quant(self):
        rng = random.Random(SEED + 3)
        for sdt, ydt, dst in ((F32, F16, 1), (BF16, BF16, 27), (F32, BF16, 27)):
            for shape in ((4, 6), (2, 3, 6)):
                x = self.rand_i8(rng, shape)
                s = self.rand_f(rng, (rng.choice((1, 6)),), 0.01, 2.0, sdt)
                o = self.rand_f(rng, s.shape, -5, 5, sdt) if rng.random() < 0.6 else None
                sq = rng.random() < 0.3
                sf = s.float() * s.float() if sq else s.float()
                ref = ((x.float() + (0 if o is None else o.float())) * sf).to(ydt)
                y = self.dev(torch.zeros(shape, dtype=ydt))
                self.run_op("AscendAntiQuant", self.h(view_of(rng, x)), self.h(s), self.h(o),
                            dst, sq, y.handle)
                check(self, y.read(), ref, "AscendAntiQuant %s %s %s" % (sdt, ydt, shape))

    def test_dynamic_quant(self):
        rng = random.Random(SEED + 4)
        for dtype in (F16, BF16):
            for shape in ((4, 16), (2, 3, 8), (1, 1)):
                x = self.rand_f(rng, shape, -4, 4, dtype)
                if shape == (2, 3, 8):
                    x[0, 1] = 0  # an all-zero row: scale 0, y 0
                sm = self.rand_f(rng, shape[-1:], 0.5, 2, dtype) if rng.random() < 0.5 else None
                xf = x.float() * (sm.float() if sm is not None else 1)
                sc = xf.abs().amax(-1) / 127
                yref = torch.where(sc.unsqueeze(-1) > 0,
                                   rint_sat(xf / sc.unsqueeze(-1).clamp_min(1e-30)),
                                   torch.zeros_like(xf)).to(I8)
                y = self.dev(torch.zeros(shape, dtype=I8))
                so = self.dev(torch.zeros(shape[:-1], dtype=F32))
                self.run_op("DynamicQuant", self.h(view_of(rng, x)), self.h(sm), y.handle,
                            so.handle)
                check(self, so.read(), sc, "DynamicQuant scale %s %s" % (dtype, shape))
                got = y.read()
                # a quotient within float32 rounding of .5 may round either way
                self.assertLessEqual(int((got.int() - yref.int()).abs().max()), 1,
                                     "DynamicQuant y %s %s" % (dtype, shape))

    # ---- Quantize, FakeQuant*AffineCachemask ------------------------------------------------

    def test_quantize(self):
        rng = random.Random(SEED + 6)
        ranges = {I8: (-128, 127), U8: (0, 255), I32: (-2 ** 31, 2 ** 31 - 1)}
        acl_dt = {I8: 2, U8: 4, I32: 3}
        for dtype in (F32, F16, BF16):
            for odt in (I8, U8, I32):
                for zdt in (I32, I8, U8, F32, BF16, None):
                    shape = rng.choice(((4, 6), (2, 3, 5), (7,)))
                    axis = rng.randrange(-len(shape), len(shape))
                    d = shape[axis]
                    x = self.rand_f(rng, shape, -300, 300, dtype)
                    s = self.rand_f(rng, (rng.choice((1, d)),), 0.5, 3.0, dtype)
                    if rng.random() < 0.3:
                        s = -s
                    z = None
                    if zdt is not None:
                        lo = 0 if zdt == U8 else -20
                        z = torch.tensor([rng.randint(lo, 20) for _ in range(s.numel())],
                                         dtype=I64).to(zdt)
                    bshape = [1] * len(shape)
                    bshape[axis] = -1
                    sf = s.float().reshape(bshape) if s.numel() > 1 else s.float()
                    zf = 0 if z is None else (z.float().reshape(bshape) if z.numel() > 1
                                              else z.float())
                    lo, hi = ranges[odt]
                    ref = torch.clamp(torch.round(x.float() / sf + zf).double(), lo, hi).to(odt)
                    out = self.dev(torch.zeros(shape, dtype=odt))
                    self.run_op("Quantize", self.h(view_of(rng, x)), self.h(s), self.h(z),
                                acl_dt[odt], axis, out.handle)
                    check(self, out.read(), ref, "Quantize %s -> %s zp %s %s ax=%d" % (
                        dtype, odt, zdt, shape, axis))
        x = self.dev(self.rand_f(rng, (3, 4)))
        s = self.dev(self.rand_f(rng, (4,), 0.5, 1))
        o8 = self.dev(torch.zeros((3, 4), dtype=I8))
        self.refused("Quantize", 161001, x.handle, 0, 0, 2, 1, o8.handle)
        self.refused("Quantize", 161002, x.handle, s.handle, 0, 4, 1, o8.handle)  # dtype
        self.refused("Quantize", 161002, x.handle, s.handle, 0, 2, 0, o8.handle)  # axis size
        self.refused("Quantize", 161002, x.handle, s.handle, 0, 2, 2, o8.handle)  # axis
        self.refused("Quantize", 161002, x.handle, s.handle,
                     self.dev(torch.zeros((3,), dtype=I32)).handle, 2, 1, o8.handle)
        self.refused("Quantize", 161002, self.dev(self.rand_f(rng, (3, 4), dtype=F16)).handle,
                     s.handle, 0, 2, 1, o8.handle)  # scales not x's type

    def fake_ref(self, x, s, z, qmin, qmax, float_zp):
        xf = x.float()
        q = torch.round(xf / s + z) if float_zp else torch.round(xf / s) + z
        out = ((torch.clamp(q, qmin, qmax) - z) * s).to(x.dtype)
        return out.reshape(x.shape), ((q >= qmin) & (q <= qmax)).reshape(x.shape)

    def test_fake_quant_cachemask(self):
        rng = random.Random(SEED + 7)
        for dtype in (F32, F16):
            for shape in ((4, 6), (2, 3, 5), (9,), ()):
                qmin, qmax = rng.choice(((-128, 127), (0, 255), (0, 15)))
                x = self.rand_f(rng, shape, -40, 40, dtype)
                s = self.rand_f(rng, (1,), 0.05, 0.5, dtype)
                z = torch.tensor([rng.randint(qmin, qmax)], dtype=I32)
                for enabled in (1.0, 0.5):
                    out = self.dev(torch.zeros(shape, dtype=dtype))
                    mask = self.dev(torch.zeros(shape, dtype=BOOL))
                    self.run_op("FakeQuantPerTensorAffineCachemask", self.h(view_of(rng, x)),
                                self.h(s), self.h(z), enabled, qmin, qmax, out.handle,
                                mask.handle)
                    if enabled >= 1:
                        ro, rm = self.fake_ref(x, s.float(), z.float(), qmin, qmax, False)
                    else:
                        ro, rm = x, torch.ones(shape, dtype=BOOL)
                    what = "FakeQuantPerTensor %s %s en=%s" % (dtype, shape, enabled)
                    check(self, out.read(), ro, what)
                    self.assertTrue(torch.equal(mask.read(), rm), what + " mask")
                if not shape:
                    continue
                axis = rng.randrange(-len(shape), len(shape))
                d = shape[axis]
                sc = self.rand_f(rng, (d,), 0.05, 0.5, dtype)
                for zdt in (I32, F16, F32):
                    zc = torch.tensor([rng.randint(qmin, qmax) for _ in range(d)],
                                      dtype=I64).to(zdt)
                    bshape = [1] * len(shape)
                    bshape[axis] = -1
                    ro, rm = self.fake_ref(x, sc.float().reshape(bshape),
                                           zc.float().reshape(bshape), qmin, qmax, zdt != I32)
                    out = self.dev(torch.zeros(shape, dtype=dtype))
                    mask = self.dev(torch.zeros(shape, dtype=BOOL))
                    self.run_op("FakeQuantPerChannelAffineCachemask", self.h(view_of(rng, x)),
                                self.h(sc), self.h(zc), axis, qmin, qmax, out.handle,
                                mask.handle)
                    what = "FakeQuantPerChannel %s %s ax=%d zp %s" % (dtype, shape, axis, zdt)
                    check(self, out.read(), ro, what)
                    self.assertTrue(torch.equal(mask.read(), rm), what + " mask")
        x = self.dev(self.rand_f(rng, (3, 4)))
        s1, z1 = self.dev(self.rand_f(rng, (1,), 0.1, 1)), self.dev(torch.zeros((1,), dtype=I32))
        out = self.dev(torch.zeros((3, 4), dtype=F32))
        mask = self.dev(torch.zeros((3, 4), dtype=BOOL))
        self.refused("FakeQuantPerTensorAffineCachemask", 161001, x.handle, s1.handle, 0, 1.0,
                     0, 255, out.handle, mask.handle)
        self.refused("FakeQuantPerTensorAffineCachemask", 161002, x.handle, s1.handle,
                     z1.handle, 1.0, 5, 4, out.handle, mask.handle)  # quantMin > quantMax
        self.refused("FakeQuantPerTensorAffineCachemask", 161002, x.handle, s1.handle,
                     z1.handle, 1.0, 0, 255, out.handle, out.handle)  # mask not BOOL
        self.refused("FakeQuantPerChannelAffineCachemask", 161002, x.handle, s1.handle,
                     z1.handle, 1, 0, 255, out.handle, mask.handle)  # sizes
        self.refused("FakeQuantPerChannelAffineCachemask", 161002, x.handle, s1.handle,
                     z1.handle, 2, 0, 255, out.handle, mask.handle)  # axis

    def test_dynamic_quant_v2(self):
        rng = random.Random(SEED + 10)
        for dtype in (F16, BF16):
            for dst in (2, 29, 3):
                for asym in (False, True):
                    for grouped in (False, True):
                        shape = rng.choice(((4, 16), (2, 3, 8), (5, 8)))
                        h = shape[-1]
                        rows = torch.Size(shape[:-1]).numel()
                        x = self.rand_f(rng, shape, -4, 4, dtype)
                        ne = rng.randint(1, 3)
                        sm = self.rand_f(rng, (ne, h) if grouped else (h,), 0.5, 2, dtype) \
                            if grouped or rng.random() < 0.5 else None
                        gi = None
                        if grouped:
                            ends = sorted(rng.randint(0, rows) for _ in range(ne))
                            gi = torch.tensor(ends, dtype=rng.choice((I32, I64)))
                        xf = x.float().reshape(rows, h)
                        if sm is not None:
                            if grouped:
                                e = [min(sum(1 for v in ends if r >= v), ne - 1)
                                     for r in range(rows)]
                                xf = xf * sm.float()[e]
                            else:
                                xf = xf * sm.float()
                        qmin, qmax = (-128, 127) if dst == 2 else (-8, 7)
                        if asym:
                            hi, lo = xf.amax(-1), xf.amin(-1)
                            sc = (hi - lo) / (qmax - qmin)
                            of = torch.where(sc > 0, qmax - hi / sc.clamp_min(1e-30),
                                             torch.zeros_like(sc))
                        else:
                            sc = xf.abs().amax(-1) / qmax
                            of = torch.zeros_like(sc)
                        q = torch.where(sc.unsqueeze(-1) > 0, torch.clamp(torch.round(
                            xf / sc.unsqueeze(-1).clamp_min(1e-30) + of.unsqueeze(-1)), qmin,
                            qmax), torch.zeros_like(xf)).to(I64)
                        yshape = shape[:-1] + (h // 8,) if dst == 3 else shape
                        if dst == 29:
                            buf = self.dev(torch.zeros((x.numel() // 2,), dtype=torch.uint8))
                            yh, ret = nn.create_tensor(list(shape), acl.ACL_INT4, None, 0,
                                                       acl.ACL_FORMAT_ND, list(shape), buf.ptr)
                        else:
                            buf = self.dev(torch.zeros(yshape, dtype=I8 if dst == 2 else I32))
                            yh = buf.handle
                        so = self.dev(torch.zeros(shape[:-1], dtype=F32))
                        oo = self.dev(torch.zeros(shape[:-1], dtype=F32)) if asym else None
                        self.run_op("DynamicQuantV2", self.h(view_of(rng, x)), self.h(sm),
                                    self.h(gi), dst, yh, so.handle, oo.handle if asym else 0)
                        if dst == 29:
                            nn.destroy_tensor(yh)
                        got = buf.read().to(I64).reshape(-1) if dst == 2 else \
                            self.unpack4(buf.read(), x.numel())
                        what = "DynamicQuantV2 %s dst=%d asym=%s grouped=%s %s" % (
                            dtype, dst, asym, grouped, shape)
                        check(self, so.read().reshape(-1), sc, what + " scale", tol=(1e-6, 1e-6))
                        if asym:
                            check(self, oo.read().reshape(-1), of, what + " offset",
                                  tol=(1e-5, 1e-4))
                        # a quotient within float32 rounding of .5 may round either way
                        self.assertLessEqual(int((got - q.reshape(-1)).abs().max()), 1, what)
        x = self.dev(self.rand_f(rng, (3, 8), -1, 1, F16))
        y = self.dev(torch.zeros((3, 8), dtype=I8))
        s3 = self.dev(torch.zeros((3,), dtype=F32))
        self.refused("DynamicQuantV2", 161001, 0, 0, 0, 2, y.handle, s3.handle, 0)
        self.refused("DynamicQuantV2", 161002, x.handle, 0, 0, 29, y.handle, s3.handle, 0)
        self.refused("DynamicQuantV2", 161002, x.handle, 0,
                     self.dev(torch.zeros((2,), dtype=I32)).handle, 2, y.handle, s3.handle, 0)

    def test_swi_glu_quant(self):
        rng = random.Random(SEED + 11)
        for op in ("SwiGluQuant", "SwiGluQuantV2"):
            for dtype in (F32, F16, BF16):
                for mode in ("dynamic", "static", None):
                    for left in (False, True):
                        shape = rng.choice(((5, 16), (2, 3, 8)))
                        n = shape[-1] // 2
                        rows = torch.Size(shape[:-1]).numel()
                        x = self.rand_f(rng, shape, -3, 3, dtype)
                        ng = rng.randint(1, 3)
                        grouped = rng.random() < 0.7
                        per_ch = rng.random() < 0.6
                        sm = self.rand_f(rng, (ng, n) if per_ch else (ng,), 0.5, 2.0)
                        off = self.rand_f(rng, sm.shape, -3, 3) if mode == "static" else None
                        glt = rng.randint(0, 1) if op == "SwiGluQuantV2" else 0
                        dst = 29 if op == "SwiGluQuantV2" and rng.random() < 0.5 and \
                            n % 2 == 0 else 2
                        ends = sorted(rng.randint(0, rows) for _ in range(ng)) if grouped \
                            else None
                        gi = None
                        if grouped:
                            vals = ends if glt == 0 else [ends[0]] + [
                                ends[i] - ends[i - 1] for i in range(1, ng)]
                            gi = torch.tensor(vals, dtype=rng.choice((I32, I64)))
                        xf = x.float().reshape(rows, 2 * n)
                        a, b = (xf[:, :n], xf[:, n:]) if left else (xf[:, n:], xf[:, :n])
                        act = a / (1 + torch.exp(-a)) * b
                        smf = sm.float().reshape(ng, -1).expand(ng, n)
                        offf = off.float().reshape(ng, -1).expand(ng, n) if off is not None \
                            else torch.zeros(ng, n)
                        g = [0] * rows
                        for r in range(rows):
                            g[r] = sum(1 for v in ends if r >= v) if grouped else 0
                        yt = torch.stack([act[r] * smf[g[r]] + (offf[g[r]] if mode == "static"
                                                                 else 0)
                                          if g[r] < ng else act[r] for r in range(rows)])
                        qmax = 127 if dst == 2 else 7
                        if mode == "static":
                            sc = None
                            q = torch.clamp(torch.round(yt), -qmax - 1, qmax)
                        else:
                            sc = qmax / yt.abs().amax(-1)
                            q = torch.clamp(torch.round(yt * sc.unsqueeze(-1)), -qmax - 1, qmax)
                        yshape = shape[:-1] + (n,)
                        if dst == 29:
                            buf = self.dev(torch.zeros((rows * n // 2,), dtype=torch.uint8))
                            yh, ret = nn.create_tensor(list(yshape), acl.ACL_INT4, None, 0,
                                                       acl.ACL_FORMAT_ND, list(yshape), buf.ptr)
                        else:
                            buf = self.dev(torch.zeros(yshape, dtype=I8))
                            yh = buf.handle
                        so = self.dev(torch.zeros(shape[:-1], dtype=F32))
                        args = [self.h(view_of(rng, x)), self.h(sm), self.h(off), self.h(gi),
                                left, mode]
                        if op == "SwiGluQuantV2":
                            args += [glt, dst]
                        self.run_op(op, *args, yh, so.handle)
                        if dst == 29:
                            nn.destroy_tensor(yh)
                        got = buf.read().to(I64).reshape(-1) if dst == 2 else \
                            self.unpack4(buf.read(), rows * n)
                        what = "%s %s %s left=%s groups=%s glt=%d dst=%d %s" % (
                            op, dtype, mode, left, ends, glt, dst, shape)
                        if sc is not None:
                            check(self, so.read().reshape(-1), sc, what + " scale",
                                  tol=(1e-5, 1e-5))
                        # a product within float32 rounding of .5 may round either way
                        self.assertLessEqual(int((got - q.reshape(-1).to(I64)).abs().max()), 1,
                                             what)
        x = self.dev(self.rand_f(rng, (3, 8)))
        y = self.dev(torch.zeros((3, 4), dtype=I8))
        s3 = self.dev(torch.zeros((3,), dtype=F32))
        sm = self.dev(self.rand_f(rng, (1, 4)))
        self.refused("SwiGluQuant", 161001, 0, sm.handle, 0, 0, False, "dynamic", y.handle,
                     s3.handle)
        self.refused("SwiGluQuant", 161002, x.handle, sm.handle, 0, 0, False, "msd", y.handle,
                     s3.handle)
        self.refused("SwiGluQuant", 161002, x.handle, sm.handle, 0, 0, False, "dynamic",
                     s3.handle, s3.handle)
        self.refused("SwiGluQuantV2", 161002, x.handle, sm.handle, 0, 0, False, "dynamic", 2, 2,
                     y.handle, s3.handle)

    def test_dynamic_block_quant(self):
        rng = random.Random(SEED + 12)
        for op in ("DynamicBlockQuant", "DynamicBlockQuantV2"):
            for dtype in (F32, F16, BF16):
                for mode in ("rint", "round", None):
                    shape = rng.choice(((5, 70), (2, 65, 130), (3, 200)))
                    rb, cb = rng.choice((1, 64)), rng.choice((64, 128, 192))
                    min_scale = rng.choice((0.0, 50.0))
                    x = self.rand_f(rng, shape, -3, 3, dtype)
                    x.reshape(-1, shape[-1])[0, :64] = 0  # a zero block (rb 1) or part of one
                    xf = x.float().reshape((-1,) + shape[-2:])
                    b, m, n = xf.shape
                    gm, gn = -(-m // rb), -(-n // cb)
                    sc = torch.zeros(b, gm, gn)
                    q = torch.zeros(b, m, n)
                    for bi in range(b):
                        for i in range(gm):
                            for j in range(gn):
                                blk = xf[bi, i * rb:(i + 1) * rb, j * cb:(j + 1) * cb]
                                s_ = blk.abs().amax() / 127
                                if min_scale > 0:
                                    s_ = torch.minimum(s_, torch.tensor(1 / min_scale))
                                sc[bi, i, j] = s_
                                v = blk / s_ if s_ > 0 else torch.zeros_like(blk)
                                v = torch.round(v) if mode != "round" else \
                                    torch.sign(v) * torch.floor(v.abs() + 0.5)
                                q[bi, i * rb:(i + 1) * rb, j * cb:(j + 1) * cb] = v
                    q = torch.clamp(q, -128, 127).reshape(shape)
                    y = self.dev(torch.zeros(shape, dtype=I8))
                    so = self.dev(torch.zeros(shape[:-2] + (gm, gn), dtype=F32))
                    extra = (0.0,) if op.endswith("V2") else ()
                    self.run_op(op, self.h(view_of(rng, x)), min_scale, mode, 2, rb, cb, *extra,
                                y.handle, so.handle)
                    what = "%s %s %s %s rb=%d cb=%d min=%g" % (op, dtype, mode, shape, rb, cb,
                                                               min_scale)
                    check(self, so.read().reshape(-1), sc.reshape(-1), what + " scale",
                          tol=(1e-6, 1e-6))
                    # a quotient within float32 rounding of .5 may round either way
                    self.assertLessEqual(int((y.read().to(I64) - q.to(I64)).abs().max()), 1,
                                         what)
        x = self.dev(self.rand_f(rng, (4, 8)))
        y = self.dev(torch.zeros((4, 8), dtype=I8))
        s = self.dev(torch.zeros((4, 1), dtype=F32))
        self.refused("DynamicBlockQuant", 161001, 0, 0.0, "rint", 2, 1, 128, y.handle, s.handle)
        self.refused("DynamicBlockQuant", 161002, x.handle, 0.0, "rint", 35, 1, 128, y.handle,
                     s.handle)  # a float8 dstType
        self.refused("DynamicBlockQuant", 161002, x.handle, 0.0, "rint", 2, 2, 128, y.handle,
                     s.handle)  # rowBlockSize
        self.refused("DynamicBlockQuantV2", 161002, x.handle, 0.0, "floor", 2, 1, 128, 0.0,
                     y.handle, s.handle)

    def test_trans_quant_param_host_and_v2(self):
        import ctypes
        rng = random.Random(SEED + 13)
        fn = acl._lib.lib.aclnnTransQuantParam  # the one-phase host function
        fn.argtypes = [ctypes.POINTER(ctypes.c_float), ctypes.c_uint64,
                       ctypes.POINTER(ctypes.c_float), ctypes.c_uint64,
                       ctypes.POINTER(ctypes.POINTER(ctypes.c_uint64)),
                       ctypes.POINTER(ctypes.c_uint64)]
        fn.restype = ctypes.c_int
        libc = ctypes.CDLL(None)
        for ns, no in ((3, 0), (1, 4), (4, 4), (4, 1)):
            n = max(ns, no)
            sc = [rng.uniform(1e-3, 2.0) for _ in range(ns)]
            of = [rng.uniform(-300, 300) for _ in range(no)] if no else None
            qp, qn = ctypes.POINTER(ctypes.c_uint64)(), ctypes.c_uint64()
            sa = (ctypes.c_float * ns)(*sc)
            oa = (ctypes.c_float * no)(*of) if of else None
            self.assertEqual(fn(sa, ns, oa, no, ctypes.byref(qp), ctypes.byref(qn)), 0)
            self.assertEqual(qn.value, n)
            got = [qp[i] for i in range(n)]
            libc.free(ctypes.cast(qp, ctypes.c_void_p))
            want = [word(bitsf(fbits(sc[0 if ns == 1 else i])),
                         None if of is None else
                         struct.unpack("<f", struct.pack("<f", of[0 if no == 1 else i]))[0])
                    for i in range(n)]
            self.assertEqual(got, want, "TransQuantParam %d/%d" % (ns, no))
        qp, qn = ctypes.POINTER(ctypes.c_uint64)(), ctypes.c_uint64()
        self.assertEqual(fn(None, 1, None, 0, ctypes.byref(qp), ctypes.byref(qn)), 161001)
        self.assertEqual(fn((ctypes.c_float * 2)(1, 2), 2, None, 3, ctypes.byref(qp),
                            ctypes.byref(qn)), 161002)
        # QuantMatmulV2 = QuantMatmulV3 with an INT32 bias: (x1 @ x2 + bias) * deqScale
        for adj1 in (False, True):
            for adj2 in (False, True):
                for b in (0, 2):
                    m, k, n = rng.randint(1, 7), rng.randint(1, 20), rng.randint(1, 9)
                    x1 = self.rand_i8(rng, ((b,) if b else ()) + (m, k))
                    x2 = self.rand_i8(rng, ((b,) if b else ()) + (k, n))
                    scale = self.rand_f(rng, (n,), 1e-4, 2e-3)
                    words = torch.tensor([word(float(scale[i]), None) for i in range(n)],
                                         dtype=I64)
                    rs = torch.tensor([bitsf(int(w)) for w in words], dtype=torch.float64)
                    bias = torch.tensor([rng.randint(-1000, 1000) for _ in range(n)], dtype=I32)
                    ref = self.qmm_ref(x1, x2, rs, None, None, bias, F16, True)
                    # an adjusted operand is handed as its stored transpose with the flag set
                    h1 = self.h(x1.transpose(-1, -2).contiguous()) if adj1 else self.h(x1)
                    h2 = self.h(x2.transpose(-1, -2).contiguous()) if adj2 else self.h(x2)
                    out = self.dev(torch.zeros(ref.shape, dtype=F16))
                    self.run_op("QuantMatmulV2", h1, h2, self.h(bias), self.h(words), adj1, adj2,
                                out.handle)
                    check(self, out.read(), ref, "QuantMatmulV2 adj=%d%d b=%d" % (adj1, adj2, b))
        f = self.dev(self.rand_f(rng, (3,)))
        x = self.dev(self.rand_i8(rng, (2, 3)))
        o = self.dev(torch.zeros((2, 2), dtype=F16))
        self.refused("QuantMatmulV2", 161002, x.handle, self.dev(self.rand_i8(rng, (3, 2))).handle,
                     f.handle, self.dev(torch.zeros((2,), dtype=I64)).handle, False, False,
                     o.handle)  # a float bias

    def test_group_quant(self):
        rng = random.Random(SEED + 14)
        for dtype in (F32, F16, BF16):
            for dst in (2, 29, 3):
                for with_off in (False, True):
                    S, H, E = rng.randint(1, 9), 8 * rng.randint(1, 3), rng.randint(1, 4)
                    x = self.rand_f(rng, (S, H), -40, 40, dtype)
                    sc = self.rand_f(rng, (E, H), 0.05, 0.5, dtype)
                    ends = sorted(rng.randint(0, S) for _ in range(E - 1)) + [S]
                    gi = torch.tensor(ends, dtype=rng.choice((I32, I64)))
                    off = self.rand_f(rng, (1,), -3, 3, dtype) if with_off else None
                    e = [min(sum(1 for v in ends if r >= v), E - 1) for r in range(S)]
                    lim = 127 if dst == 2 else 7
                    q = torch.clamp(torch.round(x.float() * sc.float()[e] +
                                                (off.float() if with_off else 0)), -lim - 1, lim)
                    if dst == 29:
                        buf = self.dev(torch.zeros((S * H // 2,), dtype=torch.uint8))
                        yh, ret = nn.create_tensor([S, H], acl.ACL_INT4, None, 0,
                                                   acl.ACL_FORMAT_ND, [S, H], buf.ptr)
                    else:
                        buf = self.dev(torch.zeros((S, H if dst == 2 else H // 8),
                                                   dtype=I8 if dst == 2 else I32))
                        yh = buf.handle
                    self.run_op("GroupQuant", self.h(view_of(rng, x)), self.h(sc), self.h(gi),
                                self.h(off), dst, yh)
                    if dst == 29:
                        nn.destroy_tensor(yh)
                    got = buf.read().to(I64).reshape(-1) if dst == 2 else \
                        self.unpack4(buf.read(), S * H)
                    what = "GroupQuant %s dst=%d off=%s ends=%s" % (dtype, dst, with_off, ends)
                    # a product within float32 rounding of .5 may round either way
                    self.assertLessEqual(int((got - q.reshape(-1).to(I64)).abs().max()), 1, what)
        x = self.dev(self.rand_f(rng, (4, 8)))
        sc = self.dev(self.rand_f(rng, (2, 8)))
        gi = self.dev(torch.tensor([2, 4], dtype=I32))
        y = self.dev(torch.zeros((4, 8), dtype=I8))
        self.refused("GroupQuant", 161001, x.handle, sc.handle, 0, 0, 2, y.handle)
        self.refused("GroupQuant", 161002, x.handle, sc.handle, gi.handle, 0, 3, y.handle)
        self.refused("GroupQuant", 161002, x.handle, x.handle, gi.handle, 0, 2, y.handle)

    def test_dequant_bias(self):
        rng = random.Random(SEED + 15)
        for odt, wdt in ((F16, F32), (BF16, BF16)):
            for bdt in (None, I32, F32, BF16, F16):
                for with_as in (False, True):
                    m, n = rng.randint(1, 9), rng.randint(1, 17)
                    x = torch.tensor([rng.randint(-5000, 5000) for _ in range(m * n)],
                                     dtype=I32).reshape(m, n)
                    ws = self.rand_f(rng, (n,), 1e-3, 1e-2, wdt)
                    act = self.rand_f(rng, (m,), 0.5, 2.0) if with_as else None
                    if bdt == I32:
                        bias = torch.tensor([rng.randint(-99, 99) for _ in range(n)], dtype=I32)
                    else:
                        bias = self.rand_f(rng, (n,), -2, 2, bdt) if bdt else None
                    v = x.double() + (bias.double() if bdt == I32 else 0)
                    v = v * ws.double() * (act.double().unsqueeze(-1) if with_as else 1)
                    if bdt not in (None, I32):
                        v = v + bias.double()
                    out = self.dev(torch.zeros((m, n), dtype=odt))
                    self.run_op("DequantBias", self.h(x), self.h(ws), self.h(act), self.h(bias),
                                1 if odt == F16 else 27, out.handle)
                    check(self, out.read(), v.to(odt), "DequantBias %s %s %s as=%s" % (
                        odt, wdt, bdt, with_as))
        x = self.dev(torch.zeros((2, 3), dtype=I32))
        ws = self.dev(self.rand_f(rng, (3,)))
        o = self.dev(torch.zeros((2, 3), dtype=F16))
        self.refused("DequantBias", 161001, x.handle, 0, 0, 0, 1, o.handle)
        self.refused("DequantBias", 161002, x.handle, ws.handle, 0, 0, 27, o.handle)
        self.refused("DequantBias", 161002, ws.handle, ws.handle, 0, 0, 1, o.handle)

    def test_batch_matmul_quant(self):
        rng = random.Random(SEED + 16)
        for tx1 in (False, True):
            for tx2 in (False, True):
                for nq in ("one", "n", "pad"):
                    m, k, n = rng.randint(1, 6), rng.randint(1, 16), rng.randint(1, 20)
                    x1 = self.rand_f(rng, (m, k), -2, 2, F16)
                    x2 = self.rand_f(rng, (k, n), -2, 2, F16)
                    bias = self.rand_f(rng, (n,), -1, 1, F16) if rng.random() < 0.6 else None
                    cnt = {"one": 1, "n": n, "pad": -(-n // 16) * 16}[nq]
                    sc = [bitsf(fbits(rng.uniform(5, 20))) for _ in range(cnt)]
                    off = [rng.randint(-10, 10) for _ in range(cnt)]
                    words = torch.tensor([word(sc[i], off[i]) for i in range(cnt)], dtype=I64)
                    acc = x1.float() @ x2.float() + (bias.float() if bias is not None else 0)
                    s_ = torch.tensor([bitsf(int(w)) for w in words[:n]], dtype=torch.float64)
                    o_ = torch.tensor(off[:n], dtype=torch.float64)
                    ref = rint_sat(acc.double() * s_ + o_).to(I8)
                    out = self.dev(torch.zeros((m, n), dtype=I8))
                    h1 = self.h(x1.t().contiguous()) if tx1 else self.h(x1)
                    h2 = self.h(x2.t().contiguous()) if tx2 else self.h(x2)
                    qh, ret = nn.create_tensor([cnt], acl.ACL_UINT64, None, 0, acl.ACL_FORMAT_ND,
                                               [cnt], self.dev(words).ptr)
                    self.run_op("BatchMatmulQuant", h1, h2, qh, self.h(bias), tx1, tx2,
                                out.handle)
                    nn.destroy_tensor(qh)
                    got = out.read()
                    # float32 sums of k terms may differ in the last bit near a .5 boundary
                    self.assertLessEqual(int((got.int() - ref.int()).abs().max()), 1,
                                         "BatchMatmulQuant t=%d%d %s" % (tx1, tx2, nq))
        x = self.dev(self.rand_f(rng, (2, 3), dtype=F16))
        q = self.dev(torch.zeros((1,), dtype=I64))
        o = self.dev(torch.zeros((2, 2), dtype=I8))
        self.refused("BatchMatmulQuant", 161001, x.handle, 0, q.handle, 0, False, False, o.handle)
        self.refused("BatchMatmulQuant", 161002, x.handle, x.handle, q.handle, 0, False, False,
                     o.handle)  # INT64 quantParam, k mismatch

    def test_quant_matmul_v5(self):
        rng = random.Random(SEED + 17)
        # groupSize 0: QuantMatmulWeightNz's product (x2Scale, x1Scale per token)
        for out_dt in (F16, BF16):
            m, k, n = rng.randint(1, 6), rng.randint(1, 30), rng.randint(1, 9)
            x1, x2 = self.rand_i8(rng, (m, k)), self.rand_i8(rng, (k, n))
            sc, pt = self.rand_f(rng, (n,), 1e-4, 2e-3), self.rand_f(rng, (m,), 0.5, 2.0)
            ref = self.qmm_ref(x1, x2, sc, None, pt, None, out_dt, False)
            out = self.dev(torch.zeros((m, n), dtype=out_dt))
            self.run_op("QuantMatmulV5", self.h(x1), self.h(x2), self.h(pt), self.h(sc), 0, 0, 0,
                        0, 0, False, False, 0, out.handle)
            check(self, out.read(), ref, "QuantMatmulV5 groupSize 0 %s" % out_dt)
        # per block: out = sum_kb (x1 @ x2)_kb * x1Scale[i / gm, kb] * x2Scale[kb, j / gn] + bias
        for out_dt in (F16, BF16):
            for tx2 in (False, True):
                gm, gn, gk = 1, rng.choice((4, 8)), rng.choice((8, 16))
                m, k, n = rng.randint(1, 5), rng.randint(1, 40), rng.randint(1, 20)
                kb, nb = -(-k // gk), -(-n // gn)
                x1, x2 = self.rand_i8(rng, (m, k)), self.rand_i8(rng, (k, n))
                s1 = self.rand_f(rng, (m, kb), 1e-3, 1e-2)
                s2 = self.rand_f(rng, (kb, nb), 1e-3, 1e-2)
                bias = self.rand_f(rng, (n,), -1, 1) if rng.random() < 0.6 else None
                ref = torch.zeros((m, n), dtype=torch.float64)
                for b_ in range(kb):
                    acc = x1[:, b_ * gk:(b_ + 1) * gk].double() @ \
                        x2[b_ * gk:(b_ + 1) * gk].double()
                    ref += acc * s1[:, b_:b_ + 1].double() * \
                        s2[b_].double().repeat_interleave(gn)[:n]
                if bias is not None:
                    ref += bias.double()
                out = self.dev(torch.zeros((m, n), dtype=out_dt))
                h2 = self.h(x2.t().contiguous()) if tx2 else self.h(x2)
                hs2 = self.h(s2.t().contiguous()) if tx2 else self.h(s2)
                self.run_op("QuantMatmulV5", self.h(x1), h2, self.h(s1), hs2, 0, 0, 0, 0,
                            self.h(bias), False, tx2, gm << 32 | gn << 16 | gk, out.handle)
                check(self, out.read(), ref.to(out_dt), "QuantMatmulV5 G-B t2=%d %s" % (
                    tx2, out_dt))
        # INT32 operands holding eight INT4 values a word (QQ10), groupSize 0
        for out_dt in (F16, BF16):
            m, k, n = rng.randint(1, 4), 8 * rng.randint(1, 4), 8 * rng.randint(1, 3)
            v1, v2 = self.rand_i4(rng, (m, k)), self.rand_i4(rng, (k, n))
            sc, pt = self.rand_f(rng, (n,), 1e-3, 1e-2), self.rand_f(rng, (m,), 0.5, 2.0)
            ref = self.qmm_ref(v1, v2, sc, None, pt, None, out_dt, False)
            out = self.dev(torch.zeros((m, n), dtype=out_dt))
            self.run_op("QuantMatmulV5", self.h(self.words4(v1)), self.h(self.words4(v2)),
                        self.h(pt), self.h(sc), 0, 0, 0, 0, 0, False, False, 0, out.handle)
            check(self, out.read(), ref, "QuantMatmulV5 INT32 words %s" % out_dt)
        # K-G (QQ11): INT8 x1 @ INT32 x2, TransQuantParam words per 256 of k, yOffset
        for out_dt in (F16, BF16):
            m, k, n = rng.randint(1, 3), 256 * rng.randint(1, 2), 8 * rng.randint(1, 3)
            kb = k // 256
            x1, v2 = self.rand_i8(rng, (m, k)), self.rand_i4(rng, (k, n))
            ws = torch.tensor([word(rng.uniform(1e-4, 1e-3), None) for _ in range(kb * n)],
                              dtype=I64).reshape(kb, n)
            s2 = torch.tensor([bitsf(w) for w in ws.reshape(-1).tolist()],
                              dtype=torch.float64).reshape(kb, n)
            s1 = self.rand_f(rng, (m, 1), 0.5, 2.0)
            yo = self.rand_f(rng, (n,), -1, 1)
            ref = torch.zeros((m, n), dtype=torch.float64)
            for g in range(kb):
                ref += (x1[:, g * 256:(g + 1) * 256].double() @
                        v2[g * 256:(g + 1) * 256].double()) * s2[g]
            ref = (ref + yo.double()) * s1.double()
            out = self.dev(torch.zeros((m, n), dtype=out_dt))
            hw, ret = nn.create_tensor([kb, n], acl.ACL_UINT64, None, 0, acl.ACL_FORMAT_ND,
                                       [kb * n], self.dev(ws).ptr)
            self.assertEqual(ret, 0)
            self.run_op("QuantMatmulV5", self.h(x1), self.h(self.words4(v2)), self.h(s1), hw, 0,
                        0, 0, self.h(yo), 0, False, False, 256, out.handle)
            nn.destroy_tensor(hw)
            check(self, out.read(), ref.to(out_dt), "QuantMatmulV5 K-G A8W4 %s" % out_dt)
        # K-G: INT4 x1 @ INT4 x2 [n, k] (transposeX2), FLOAT16 x2Offset per group, BFLOAT16 out
        m, k, n = rng.randint(1, 2), 1024, 256
        kb = k // 256
        v1, v2 = self.rand_i4(rng, (m, k)), self.rand_i4(rng, (n, k))
        s1, s2 = self.rand_f(rng, (m, 1), 0.5, 2.0), self.rand_f(rng, (kb, n), 1e-3, 1e-2)
        o2 = self.rand_f(rng, (kb, n), -4, 4, dtype=F16)
        ref = torch.zeros((m, n), dtype=torch.float64)
        for g in range(kb):
            a_, b_ = v1[:, g * 256:(g + 1) * 256].double(), v2[:, g * 256:(g + 1) * 256].double()
            ref += s1.double() * s2[g].double() * (a_ @ b_.t() -
                                                   o2[g].double() * a_.sum(1, keepdim=True))
        out = self.dev(torch.zeros((m, n), dtype=BF16))
        self.int4s = []
        try:
            self.run_op("QuantMatmulV5", self.int4_tensor(self.pack4(v1), (m, k), (k, 1)),
                        self.int4_tensor(self.pack4(v2), (n, k), (k, 1)), self.h(s1),
                        self.h(s2), 0, 0, self.h(o2), 0, 0, False, True, 256, out.handle)
        finally:
            for h in self.int4s:
                nn.destroy_tensor(h)
        check(self, out.read(), ref.to(BF16), "QuantMatmulV5 K-G A4W4")
        x8, w32 = self.dev(self.rand_i8(rng, (1, 256))), self.dev(self.words4(
            self.rand_i4(rng, (256, 8))))
        s1, y8 = self.dev(self.rand_f(rng, (1, 1))), self.dev(self.rand_f(rng, (8,)))
        wq = self.dev(torch.zeros((1, 8), dtype=I64))
        o8 = self.dev(torch.zeros((1, 8), dtype=F16))
        for gk, yoff, what in ((128, y8, "groupSize 128"), (256, None, "no yOffset")):
            self.refused("QuantMatmulV5", 161002, x8.handle, w32.handle, s1.handle, wq.handle, 0,
                         0, 0, self.h_(yoff), 0, False, False, gk, o8.handle)
        self.refused("QuantMatmulV5", 161002, x8.handle, w32.handle, s1.handle, wq.handle, 0, 0,
                     0, y8.handle, 0, False, True, 256, o8.handle)  # transposeX2 with INT8 x1
        x = self.dev(self.rand_i8(rng, (2, 8)))
        s = self.dev(self.rand_f(rng, (2,)))
        o = self.dev(torch.zeros((2, 2), dtype=F16))
        self.refused("QuantMatmulV5", 161002, x.handle, x.handle, 0, s.handle, s.handle, 0, 0, 0,
                     0, False, True, 0, o.handle)  # yScale
        self.refused("QuantMatmulV5", 161002, x.handle, x.handle, 0, s.handle, 0, 0, 0, s.handle,
                     0, False, True, 0, o.handle)  # yOffset outside the K-G form
        self.refused("QuantMatmulV5", 161002, x.handle, x.handle, 0, s.handle, 0, 0, 0, 0, 0,
                     False, True, 1 << 32 | 1 << 16 | 8, o.handle)  # no x1Scale per block

    # ---- bad input ---------------------------------------------------------------------------

    def test_bad_input(self):
        rng = random.Random(SEED + 5)
        s = self.dev(self.rand_f(rng, (4,), 0.1, 1))
        out = self.dev(torch.zeros((4,), dtype=I64))
        self.refused("TransQuantParamV2", 161001, 0, 0, out.handle)
        self.refused("TransQuantParamV2", 161002, s.handle, 0,
                     self.dev(torch.zeros((4,), dtype=F32)).handle)
        self.refused("TransQuantParamV2", 161002, s.handle, 0,
                     self.dev(torch.zeros((5,), dtype=I64)).handle)
        self.refused("TransQuantParamV3", 161002, s.handle, 0, 2, out.handle)
        x1, x2 = self.dev(self.rand_i8(rng, (3, 4))), self.dev(self.rand_i8(rng, (4, 4)))
        o16 = self.dev(torch.zeros((3, 4), dtype=F16))
        self.refused("QuantMatmulV3", 161001, x1.handle, x2.handle, 0, 0, 0, False, False,
                     o16.handle)
        self.refused("QuantMatmulV3", 161002, x2.handle, x1.handle, s.handle, 0, 0, False,
                     False, o16.handle)
        f1 = self.dev(torch.zeros((3, 4), dtype=F16))
        self.refused("QuantMatmulV3", 161002, f1.handle, x2.handle, s.handle, 0, 0, False,
                     False, o16.handle)
        x = self.dev(self.rand_f(rng, (3, 4)))
        y = self.dev(torch.zeros((3, 4), dtype=I8))
        self.refused("AscendQuant", 161002, x.handle, s.handle, 0, False, "nearest", 2,
                     y.handle)
        self.refused("AscendQuant", 161002, x.handle, s.handle, 0, False, "round", 29,
                     y.handle)
        self.refused("AscendQuant", 161002, x.handle, self.dev(self.rand_f(rng, (3,))).handle,
                     0, False, "round", 2, y.handle)
        self.refused("AscendQuantV3", 161002, x.handle, s.handle, 0, False, "round", 2, 5,
                     y.handle)
        self.refused("DynamicQuant", 161002, x.handle, 0, y.handle,
                     self.dev(torch.zeros((3,), dtype=F32)).handle)


if __name__ == "__main__":
    acltest.main()
