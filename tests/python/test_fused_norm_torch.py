# SPDX-License-Identifier: Apache-2.0
"""The fused norms of ops/norm/fused.c against PyTorch (torch 1.13 on the CPU as the
oracle): AddRmsNormQuant(V2), AddRmsNormDynamicQuant(V2), AddRmsNormCast,
InplaceAddRmsNorm, RmsNormQuant, RmsNormDynamicQuant, GemmaRmsNorm, AddLayerNorm,
DeepNorm, FastLayerNorm, LayerNormWithImplMode, AdaLayerNorm(V2), AdaLayerNormQuant,
LayerNormQuant, AddLayerNormQuant(V2) and RmsNormQuantV3.

References in DOUBLE from the same rounded inputs: the norm through
torch.nn.functional.layer_norm (LayerNorm forms) or x * rsqrt(mean(x^2) + eps), then
the documented formulas; quantised outputs with torch.round (half to even) and a
clamp to INT8, compared exactly but where the reference lies within 1e-6 of a tie.
Every declared dtype, random shapes (1-3 leading dims, one or two normalised dims),
non-contiguous views, empty tensors. Bad input gives 161001 / 161002 naming the
operator. Skipped (exit 77) without torch."""
import random
import unittest

from torchcase import TorchCase, torch  # noqa: E402 (first: torch before acl)

if torch is not None:
    import torch.nn.functional as TF

import acltest  # noqa: E402
from acltest import acl  # noqa: E402

if torch is not None:
    from test_ew_torch import check, view_of, F16, BF16, F32, F64, TOL  # noqa: E402

setUpModule = acltest.setup_module
tearDownModule = acltest.teardown_module

nn = acl.nn
SEED = 2929
I8 = torch.int8 if torch is not None else None
SHAPES = (((4, 6), 1), ((2, 3, 5), 1), ((2, 3, 4), 2), ((1, 7), 1), ((0, 4), 1))


def rand(rng, shape, lo=-3.0, hi=3.0):
    n = 1
    for d in shape:
        n *= d
    return torch.tensor([rng.uniform(lo, hi) for _ in range(n)], dtype=F64).reshape(shape)


def tol(dtype):
    rt, at = TOL[dtype]
    return (rt * 8, at * 8) if dtype in (F16, BF16) else (rt, at)


def rms(x, k, eps):
    dims = list(range(x.dim() - k, x.dim()))
    r = torch.rsqrt((x * x).mean(dims, keepdim=True) + eps) if x.numel() else \
        torch.ones(list(x.shape[:x.dim() - k]) + [1] * k, dtype=F64)
    return x * r, r


def quant(v):
    return torch.clamp(torch.round(v), -128, 127)


def dyn_quant(v, k):
    dims = list(range(v.dim() - k, v.dim()))
    mx = v.abs().amax(dims, keepdim=True) if v.numel() else v.new_zeros(1)
    s = mx / 127.0
    q = torch.where(s > 0, quant(v / torch.where(s > 0, s, torch.ones_like(s))),
                    torch.zeros_like(v))
    return q, s


@unittest.skipIf(torch is None, "torch (or numpy) is not installed")
class FusedNormTorch(TorchCase):
    def check_q(self, got, ref, raw, what):
        """INT8 outputs: exact, but where raw (the unrounded value) is within 1e-6 of a tie."""
        got = got.double()
        frac = (raw - torch.floor(raw)) if raw is not None else None
        near_tie = (frac - 0.5).abs() < 1e-6 if frac is not None else torch.zeros_like(got,
                                                                                     dtype=bool)
        bad = ((got - ref).abs() > 0) & ~near_tie
        self.assertFalse(bool(bad.any()), "%s: got %s want %s" % (what, got[bad][:5],
                                                                  ref[bad][:5]))

    def int_array(self, values):
        a, ret = nn.create_int_array(list(values))
        self.assertEqual(ret, 0)
        return a

    def zeros(self, shape, dtype):
        return self.dev(torch.zeros(shape, dtype=dtype))

    def test_add_rms_norm_quant(self):
        rng = random.Random(SEED)
        for v2 in (False, True):
            name = "AddRmsNormQuantV2" if v2 else "AddRmsNormQuant"
            for dtype in (F32, F16, BF16):
                for shape, k in SHAPES:
                    for div in (False, True):
                        gs = list(shape[len(shape) - k:])
                        lead = list(shape[:len(shape) - k])
                        what = "%s %s %s div=%s" % (name, dtype, shape, div)
                        x1, x2 = rand(rng, shape).to(dtype), rand(rng, shape).to(dtype)
                        g = rand(rng, gs, 0.5, 2).to(dtype)
                        b = rand(rng, gs).to(dtype)
                        s1 = rand(rng, gs, 0.05, 0.2).to(F32) if div else \
                            rand(rng, gs, 5, 40).to(F32)
                        s2 = rand(rng, [1], 0.05, 0.2).to(F32) if div else \
                            rand(rng, [1], 5, 40).to(F32)
                        z1 = torch.tensor([rng.randint(-5, 5) for _ in range(s1.numel())],
                                          dtype=torch.int32).reshape(gs)
                        xs = x1.double() + x2.double()
                        n, _ = rms(xs, k, 1e-6)
                        n = n * g.double()
                        y = n + b.double() if v2 else n
                        r1 = y / s1.double() + z1.double() if div else y * s1.double() + \
                            z1.double()
                        r2 = y / s2.double() if div else y * s2.double()
                        q1, q2 = self.zeros(shape, I8), self.zeros(shape, I8)
                        xo = self.zeros(shape, dtype)
                        args = [self.dev(view_of(rng, x1)).handle, self.dev(x2).handle,
                                self.dev(g).handle, self.dev(s1).handle, self.dev(s2).handle,
                                self.dev(z1).handle, 0]
                        if v2:
                            no = self.zeros(shape, dtype)
                            self.run_op(name, *args, self.dev(b).handle, -1, 1e-6, div,
                                        q1.handle, q2.handle, xo.handle, no.handle)
                            check(self, no.read(), n.to(dtype), what + " rmsNormOut",
                                  tol=tol(dtype))
                        else:
                            self.run_op(name, *args, -1, 1e-6, div, q1.handle, q2.handle,
                                        xo.handle)
                        check(self, xo.read(), xs.to(dtype), what + " xOut", tol=tol(dtype))
                        if dtype == F32:  # the float trio rounds y before it is scaled
                            self.check_q(q1.read(), quant(r1), r1, what + " y1Out")
                            self.check_q(q2.read(), quant(r2), r2, what + " y2Out")
                        else:
                            self.assertLessEqual(
                                float((q1.read().double() - quant(r1)).abs().max())
                                if shape[0] else 0, 1, what)
                        del lead
        x = self.zeros((2, 3), F16)
        g = self.zeros((3,), F16)
        s = self.zeros((3,), F32)
        q = self.zeros((2, 3), I8)
        f = self.zeros((2, 3), F32)
        g4 = self.zeros((4,), F16)
        ok = [x.handle, x.handle, g.handle, s.handle, 0, 0, 0]
        self.refused("AddRmsNormQuant", 161001, x.handle, 0, *ok[2:], -1, 1e-6, False, q.handle,
                     q.handle, x.handle)
        self.refused("AddRmsNormQuant", 161002, *ok, 0, 1e-6, False, q.handle, q.handle,
                     x.handle)
        self.refused("AddRmsNormQuant", 161002, *ok, -1, 1e-6, False, f.handle, q.handle,
                     x.handle)
        self.refused("AddRmsNormQuant", 161002, x.handle, x.handle, g4.handle, *ok[3:], -1,
                     1e-6, False, q.handle, q.handle, x.handle)
        self.refused("AddRmsNormQuant", 161002, x.handle, f.handle, *ok[2:], -1, 1e-6, False,
                     q.handle, q.handle, x.handle)

    def test_dynamic_quant(self):
        rng = random.Random(SEED + 1)
        for name in ("AddRmsNormDynamicQuant", "AddRmsNormDynamicQuantV2", "RmsNormDynamicQuant"):
            add = name.startswith("Add")
            types = (F32, F16, BF16) if add else (F16, BF16)
            for dtype in types:
                for shape, k in SHAPES:
                    for nsm in (0, 1, 2) if add else (0, 1):
                        gs = list(shape[len(shape) - k:])
                        lead = list(shape[:len(shape) - k])
                        what = "%s %s %s smooth=%d" % (name, dtype, shape, nsm)
                        x1, x2 = rand(rng, shape).to(dtype), rand(rng, shape).to(dtype)
                        g = rand(rng, gs, 0.5, 2).to(dtype)
                        b = rand(rng, gs).to(dtype)
                        sm = [rand(rng, gs, 0.5, 2).to(dtype) for _ in range(2)]
                        xs = x1.double() + x2.double() if add else x1.double()
                        n, _ = rms(xs, k, 1e-6)
                        y = n * g.double()
                        if name != "AddRmsNormDynamicQuant":
                            y = y + b.double()
                        q = [self.zeros(shape, I8) for _ in range(2)]
                        s = [self.zeros(lead, F32) for _ in range(2)]
                        xo = self.zeros(shape, dtype)
                        smh = [self.dev(sm[i]).handle if i < nsm else 0 for i in range(2)]
                        if name == "AddRmsNormDynamicQuant":
                            self.run_op(name, self.dev(view_of(rng, x1)).handle,
                                        self.dev(x2).handle, self.dev(g).handle, *smh, 1e-6,
                                        q[0].handle, q[1].handle, xo.handle, s[0].handle,
                                        s[1].handle)
                        elif add:
                            self.run_op(name, self.dev(view_of(rng, x1)).handle,
                                        self.dev(x2).handle, self.dev(g).handle, *smh,
                                        self.dev(b).handle, 1e-6, 0, q[0].handle, q[1].handle,
                                        xo.handle, s[0].handle, s[1].handle)
                        else:
                            self.run_op(name, self.dev(view_of(rng, x1)).handle,
                                        self.dev(g).handle, smh[0], self.dev(b).handle, 1e-6, 2,
                                        q[0].handle, s[0].handle)
                        if add:
                            check(self, xo.read(), xs.to(dtype), what + " xOut",
                                  tol=tol(dtype))
                        for i in range(2 if nsm == 2 else 1):
                            v = y * sm[i].double() if i < nsm else y
                            rq, rs = dyn_quant(v, k)
                            if shape[0]:
                                check(self, s[i].read().reshape(lead), rs.reshape(lead).to(F32),
                                      "%s scale%d" % (what, i + 1), tol=tol(dtype))
                                diff = (q[i].read().double() - rq).abs().max()
                                self.assertLessEqual(float(diff), 0 if dtype == F32 else 1,
                                                     "%s y%d" % (what, i + 1))
        x = self.zeros((2, 3), F16)
        g = self.zeros((3,), F16)
        q = self.zeros((2, 3), I8)
        s = self.zeros((2,), F32)
        s3 = self.zeros((3,), F32)
        self.refused("RmsNormDynamicQuant", 161001, x.handle, 0, 0, 0, 1e-6, 2, q.handle,
                     s.handle)
        self.refused("RmsNormDynamicQuant", 161002, x.handle, g.handle, 0, 0, 1e-6, 1, q.handle,
                     s.handle)
        self.refused("RmsNormDynamicQuant", 161002, x.handle, g.handle, 0, 0, 1e-6, 2, q.handle,
                     s3.handle)
        self.refused("AddRmsNormDynamicQuant", 161002, x.handle, x.handle, g.handle, 0, g.handle,
                     1e-6, q.handle, q.handle, x.handle, s.handle, s.handle)

    def test_rms_forms(self):
        rng = random.Random(SEED + 2)
        for dtype in (F32, F16, BF16):
            for shape, k in SHAPES:
                gs = list(shape[len(shape) - k:])
                lead = list(shape[:len(shape) - k])
                x1, x2 = rand(rng, shape).to(dtype), rand(rng, shape).to(dtype)
                g = rand(rng, gs, 0.5, 2).to(dtype)
                xs = x1.double() + x2.double()
                n, r = rms(xs, k, 1e-5)
                y = n * g.double()
                # AddRmsNormCast: y in FLOAT and in x1's type
                what = "AddRmsNormCast %s %s" % (dtype, shape)
                y1, y2 = self.zeros(shape, F32), self.zeros(shape, dtype)
                rs, xo = self.zeros(lead, F32), self.zeros(shape, dtype)
                self.run_op("AddRmsNormCast", self.dev(view_of(rng, x1)).handle,
                            self.dev(x2).handle, self.dev(g).handle, 1e-5, y1.handle, y2.handle,
                            rs.handle, xo.handle)
                check(self, y1.read(), y.to(F32), what + " y1Out", tol=tol(dtype))
                check(self, y2.read(), y.to(dtype), what + " y2Out", tol=tol(dtype))
                check(self, rs.read(), r.reshape(lead).to(F32), what + " rstdOut",
                      tol=tol(dtype))
                check(self, xo.read(), xs.to(dtype), what + " xOut", tol=tol(dtype))
                # InplaceAddRmsNorm: x1Ref = y, x2Ref = x1 + x2
                what = "InplaceAddRmsNorm %s %s" % (dtype, shape)
                a, b = self.dev(x1.clone()), self.dev(x2.clone())
                rs = self.zeros(lead, F32)
                self.run_op("InplaceAddRmsNorm", a.handle, b.handle, self.dev(g).handle, 1e-5,
                            rs.handle)
                check(self, a.read(), y.to(dtype), what + " x1Ref", tol=tol(dtype))
                check(self, b.read(), xs.to(dtype), what + " x2Ref", tol=tol(dtype))
                # GemmaRmsNorm: x rstd (1 + gamma)
                what = "GemmaRmsNorm %s %s" % (dtype, shape)
                n1, r1 = rms(x1.double(), k, 1e-5)
                yo, rs = self.zeros(shape, dtype), self.zeros(lead, F32)
                self.run_op("GemmaRmsNorm", self.dev(view_of(rng, x1)).handle,
                            self.dev(g).handle, 1e-5, yo.handle, rs.handle)
                check(self, yo.read(), (n1 * (1 + g.double())).to(dtype), what,
                      tol=tol(dtype))
                check(self, rs.read(), r1.reshape(lead).to(F32), what + " rstd", tol=tol(dtype))
                # RmsNormQuant (FLOAT16 / BFLOAT16): round((n g + beta) / scale + offset)
                if dtype != F32:
                    what = "RmsNormQuant %s %s" % (dtype, shape)
                    b_ = rand(rng, [1] + gs).to(dtype)
                    sc = torch.tensor([rng.uniform(0.02, 0.1)], dtype=F64).to(dtype)
                    off = torch.tensor([rng.randint(-3, 3)], dtype=I8)
                    q = self.zeros(shape, I8)
                    self.run_op("RmsNormQuant", self.dev(x1).handle,
                                self.dev(g.reshape([1] + gs)).handle, self.dev(b_).handle,
                                self.dev(sc).handle, self.dev(off).handle, 1e-5, q.handle)
                    ref = quant((n1 * g.double() + b_.double().reshape(gs)) / sc.double() +
                                off.double())
                    if shape[0]:
                        self.assertLessEqual(float((q.read().double() - ref).abs().max()), 1,
                                             what)
        x = self.zeros((2, 3), F16)
        g = self.zeros((3,), F16)
        f = self.zeros((2, 3), F32)
        r = self.zeros((2,), F32)
        r3 = self.zeros((3,), F32)
        self.refused("GemmaRmsNorm", 161001, x.handle, 0, 1e-5, x.handle, r.handle)
        self.refused("GemmaRmsNorm", 161002, x.handle, g.handle, 1e-5, x.handle, r3.handle)
        self.refused("GemmaRmsNorm", 161002, x.handle, g.handle, 1e-5, f.handle, r.handle)
        self.refused("AddRmsNormCast", 161002, x.handle, x.handle, g.handle, 1e-5, x.handle,
                     x.handle, r.handle, x.handle)
        self.refused("InplaceAddRmsNorm", 161002, x.handle, f.handle, g.handle, 1e-5, r.handle)

    def test_layer_forms(self):
        rng = random.Random(SEED + 3)
        for dtype in (F32, F16, BF16):
            for shape, k in SHAPES:
                gs = list(shape[len(shape) - k:])
                lead = list(shape[:len(shape) - k])
                x1, x2 = rand(rng, shape).to(dtype), rand(rng, shape).to(dtype)
                g = rand(rng, gs, 0.5, 2).to(dtype)
                b = rand(rng, gs).to(dtype)
                bias = rand(rng, gs).to(dtype)
                for form in ("AddLayerNorm", "AddLayerNormBias", "DeepNorm"):
                    what = "%s %s %s" % (form, dtype, shape)
                    alpha = 0.7
                    if form == "DeepNorm":
                        xs = alpha * x1.double() + x2.double()
                    else:
                        xs = x1.double() + x2.double()
                        if form == "AddLayerNormBias":
                            xs = xs + bias.double()
                    ref = TF.layer_norm(xs, gs, g.double(), b.double(), 1e-5)
                    dims = list(range(len(shape) - k, len(shape)))
                    mean = xs.mean(dims) if xs.numel() else torch.zeros(lead, dtype=F64)
                    var = xs.var(dims, unbiased=False) if xs.numel() else \
                        torch.zeros(lead, dtype=F64)
                    rstd = torch.rsqrt(var + 1e-5)
                    y, m, r = self.zeros(shape, dtype), self.zeros(lead, F32), \
                        self.zeros(lead, F32)
                    xo = self.zeros(shape, dtype)
                    if form == "DeepNorm":
                        self.run_op("DeepNorm", self.dev(view_of(rng, x1)).handle,
                                    self.dev(x2).handle, self.dev(b).handle, self.dev(g).handle,
                                    alpha, 1e-5, m.handle, r.handle, y.handle)
                    else:
                        bh = self.dev(bias).handle if form == "AddLayerNormBias" else 0
                        self.run_op("AddLayerNorm", self.dev(view_of(rng, x1)).handle,
                                    self.dev(x2).handle, self.dev(g).handle, self.dev(b).handle,
                                    bh, 1e-5, True, y.handle, m.handle, r.handle, xo.handle)
                        check(self, xo.read(), xs.to(dtype), what + " xOut", tol=tol(dtype))
                    check(self, y.read(), ref.to(dtype), what + " yOut", tol=tol(dtype))
                    if shape[0]:
                        check(self, m.read(), mean.to(F32), what + " meanOut", tol=tol(dtype))
                        check(self, r.read(), rstd.to(F32), what + " rstdOut", tol=tol(dtype))
                # FastLayerNorm / LayerNormWithImplMode = LayerNorm
                ref = TF.layer_norm(x1.double(), gs, g.double(), b.double(), 1e-5)
                ns = self.int_array(gs)
                try:
                    for name, extra in (("FastLayerNorm", ()), ("LayerNormWithImplMode", (1,))):
                        out = self.zeros(shape, dtype)
                        self.run_op(name, self.dev(view_of(rng, x1)).handle, ns,
                                    self.dev(g).handle, self.dev(b).handle, 1e-5, out.handle, 0,
                                    0, *extra)
                        check(self, out.read(), ref.to(dtype), "%s %s %s" % (name, dtype, shape),
                              tol=tol(dtype))
                finally:
                    nn.destroy_int_array(ns)
        x = self.zeros((2, 3), F16)
        g = self.zeros((3,), F16)
        g4 = self.zeros((4,), F16)
        r = self.zeros((2,), F32)
        rh = self.zeros((2,), F16)
        self.refused("AddLayerNorm", 161001, x.handle, x.handle, g.handle, 0, 0, 1e-5, False,
                     x.handle, r.handle, r.handle, x.handle)
        self.refused("AddLayerNorm", 161002, x.handle, x.handle, g.handle, g4.handle, 0, 1e-5,
                     False, x.handle, r.handle, r.handle, x.handle)
        self.refused("AddLayerNorm", 161002, x.handle, x.handle, g.handle, g.handle, 0, 1e-5,
                     False, x.handle, rh.handle, r.handle, x.handle)
        self.refused("DeepNorm", 161002, x.handle, x.handle, g.handle, g4.handle, 0.5, 1e-5,
                     r.handle, r.handle, x.handle)
        ns = self.int_array([3])
        try:
            self.refused("LayerNormWithImplMode", 161002, x.handle, ns, 0, 0, 1e-5, x.handle, 0,
                         0, 7)
        finally:
            nn.destroy_int_array(ns)

    def test_ada_layer_norm(self):
        """AdaLayerNorm(V2): torch's layer_norm over H, then (1 + scale) and shift of the row's
        batch ([B..., H] or [B..., 1, H]); V2's weight / bias also FLOAT under a half x, and
        its mean and rstd [B..., S, 1]."""
        rng = random.Random(SEED + 7)
        cases = (((2, 3, 8), False), ((2, 3, 8), True), ((4, 6), False), ((4, 6), True),
                 ((2, 2, 3, 5), True), ((1, 1, 9), False))
        for v2 in (False, True):
            name = "AdaLayerNormV2" if v2 else "AdaLayerNorm"
            for dtype in (F32, F16, BF16):
                for shape, mid in cases:
                    H = shape[-1]
                    bs = list(shape[:-2])
                    ps = bs + ([1, H] if mid else [H])
                    for pdt in ({dtype, F32} if v2 else {dtype}):
                        for affine in (True, False):
                            what = "%s %s %s %s w %s affine=%s" % (name, dtype, shape, ps, pdt,
                                                                   affine)
                            x = rand(rng, shape).to(dtype)
                            sc, sh = rand(rng, ps, -1, 1).to(dtype), rand(rng, ps).to(dtype)
                            w = rand(rng, [H], 0.5, 2).to(pdt)
                            b = rand(rng, [H]).to(pdt)
                            ln = TF.layer_norm(x.double(), (H,), w.double() if affine else None,
                                               b.double() if affine else None, 1e-5)
                            s3 = sc.double().reshape(bs + [1, H])
                            ref = ln * (1 + s3) + sh.double().reshape(bs + [1, H])
                            out = self.zeros(shape, dtype)
                            args = [self.dev(view_of(rng, x)).handle,
                                    self.dev(view_of(rng, sc)).handle,
                                    self.dev(sh).handle,
                                    self.dev(w).handle if affine else 0,
                                    self.dev(b).handle if affine else 0, 1e-5, out.handle]
                            if v2:
                                st = list(shape[:-1]) + [1]
                                m, r = self.zeros(st, dtype), self.zeros(st, dtype)
                                self.run_op(name, *args, m.handle, r.handle)
                                xd = x.double()
                                mean = xd.mean(-1, keepdim=True)
                                var = ((xd - mean) ** 2).mean(-1, keepdim=True)
                                check(self, m.read(), mean.to(dtype), what + " mean",
                                      tol=tol(dtype))
                                check(self, r.read(), torch.rsqrt(var + 1e-5).to(dtype),
                                      what + " rstd", tol=tol(dtype))
                            else:
                                self.run_op(name, *args)
                            check(self, out.read(), ref.to(dtype), what, tol=tol(dtype))
        # V2 without the optional outputs
        x = rand(rng, (2, 3, 4)).to(F32)
        out = self.zeros((2, 3, 4), F32)
        sc = self.dev(torch.zeros((2, 4), dtype=F32))
        self.run_op("AdaLayerNormV2", self.dev(x).handle, sc.handle, sc.handle, 0, 0, 1e-5,
                    out.handle, 0, 0)
        check(self, out.read(), TF.layer_norm(x.double(), (4,), eps=1e-5).to(F32),
              "AdaLayerNormV2 no mean / rstd", tol=tol(F32))
        xh = self.zeros((2, 3, 4), F16)
        wf = self.zeros((4,), F32)
        bad = self.zeros((3, 4), F32)
        ok = [self.dev(x).handle, sc.handle, sc.handle]
        self.refused("AdaLayerNorm", 161001, 0, sc.handle, sc.handle, 0, 0, 1e-5, out.handle)
        self.refused("AdaLayerNorm", 161001, *ok[:2], 0, 0, 0, 1e-5, out.handle)
        self.refused("AdaLayerNorm", 161002, *ok, 0, 0, 1e-5, xh.handle)
        self.refused("AdaLayerNorm", 161002, *ok[:1], bad.handle, sc.handle, 0, 0, 1e-5,
                     out.handle)
        self.refused("AdaLayerNorm", 161002, xh.handle, sc.handle, sc.handle, 0, 0, 1e-5,
                     xh.handle)
        sch = self.dev(torch.zeros((2, 4), dtype=F16))
        # FLOAT weight under a FLOAT16 x: V2 only
        self.refused("AdaLayerNorm", 161002, xh.handle, sch.handle, sch.handle, wf.handle, 0,
                     1e-5, xh.handle)
        self.run_op("AdaLayerNormV2", xh.handle, sch.handle, sch.handle, wf.handle, 0, 1e-5,
                    xh.handle, 0, 0)
        self.refused("AdaLayerNormV2", 161002, xh.handle, sch.handle, sch.handle, wf.handle,
                     self.dev(torch.zeros((4,), dtype=F16)).handle, 1e-5, xh.handle, 0, 0)
        self.refused("AdaLayerNormV2", 161002, *ok, 0, 0, 1e-5, out.handle,
                     self.zeros((2, 3, 1), F16).handle, 0)
        self.refused("AdaLayerNormV2", 161002, *ok, 0, 0, 1e-5, out.handle,
                     self.zeros((2, 3, 2), F32).handle, 0)

    def ln(self, x, k, eps):
        """LayerNorm over the trailing k dims in DOUBLE (no affine), and its rstd."""
        dims = list(range(x.dim() - k, x.dim()))
        if not x.numel():
            return x.clone()
        m = x.mean(dims, keepdim=True)
        v = ((x - m) ** 2).mean(dims, keepdim=True)
        return (x - m) * torch.rsqrt(v + eps)

    def test_norm_quant(self):
        """LayerNormQuant, AddLayerNormQuant(V2) (static: every allowed combination of scales
        and zero points, divMode; dynamic: 0 / 1 / 2 smoothing scales), AdaLayerNormQuant and
        RmsNormQuantV3: the INT8 outputs exactly against round-half-to-even and a clamp of the
        DOUBLE reference (but within 1e-6 of a tie), the float outputs within the dtype's
        tolerance."""
        rng = random.Random(SEED + 9)
        shapes1 = [(sh, k) for sh, k in SHAPES if k == 1]
        for dtype in (F32, F16, BF16):
            for shape, k in shapes1:
                H = shape[-1]
                lead = list(shape[:-1])
                x = rand(rng, shape).to(dtype)
                # LayerNormQuant: round(y / scale + zp), gamma / beta [1, H], scale [1]
                for zp in (None, rng.randint(-6, 6)):
                    what = "LayerNormQuant %s %s zp %s" % (dtype, shape, zp)
                    g, b = rand(rng, [1, H], 0.5, 2).to(dtype), rand(rng, [1, H]).to(dtype)
                    sc = rand(rng, [1], 0.02, 0.1).to(dtype)
                    y = self.ln(x.double(), 1, 1e-5) * g.double() + b.double()
                    raw = y / sc.double() + (zp or 0)
                    res = self.zeros(shape, I8)
                    self.run_op("LayerNormQuant", self.dev(view_of(rng, x)).handle,
                                self.dev(g).handle, self.dev(b).handle, self.dev(sc).handle,
                                self.dev(torch.tensor([zp], dtype=I8)).handle if zp is not None
                                else 0, 0, 1e-5, res.handle, 0)
                    self.check_q(res.read(), quant(raw), raw, what)
                # RmsNormQuantV3
                for div in (False, True):
                    for off, beta, orstd in ((None, False, True), ("i8", True, False),
                                             ("f", True, True)):
                        n1 = rng.choice((1, H))
                        what = "RmsNormQuantV3 %s %s div=%s offset %s beta %s" % (
                            dtype, shape, div, off, beta)
                        g, b = rand(rng, [H], 0.5, 2).to(dtype), rand(rng, [H]).to(dtype)
                        sdt = rng.choice((dtype, F32))
                        sc = (rand(rng, [n1], 0.05, 0.2) if div else rand(rng, [n1], 5, 40)).to(sdt)
                        o = None if off is None else torch.tensor(
                            [rng.randint(-5, 5) for _ in range(n1)],
                            dtype=I8 if off == "i8" else F64).to(I8 if off == "i8" else sdt)
                        n, r = rms(x.double(), 1, 1e-6)
                        v = n * g.double() + (b.double() if beta else 0)
                        raw = (v / sc.double() if div else v * sc.double()) + \
                            (o.double() if o is not None else 0)
                        yq, rs = self.zeros(shape, I8), self.zeros(lead + [1], F32)
                        self.run_op("RmsNormQuantV3", self.dev(view_of(rng, x)).handle,
                                    self.dev(g).handle, self.dev(sc).handle,
                                    self.dev(o).handle if o is not None else 0,
                                    self.dev(b).handle if beta else 0, 1e-6, div, orstd,
                                    yq.handle, rs.handle if orstd else 0)
                        self.check_q(yq.read(), quant(raw), raw, what)
                        if orstd:
                            check(self, rs.read(), r.to(F32), what + " rstd", tol=tol(dtype))
                # AddLayerNormQuant(V2), static
                for v2 in (False, True):
                    name = "AddLayerNormQuantV2" if v2 else "AddLayerNormQuant"
                    for div in (False, True):
                        for two, zps in ((False, False), (False, True), (True, False),
                                         (True, True)):
                            what = "%s static %s %s div=%s two=%s zp=%s" % (name, dtype, shape,
                                                                             div, two, zps)
                            x1, x2 = rand(rng, shape).to(dtype), rand(rng, shape).to(dtype)
                            g, b = rand(rng, [H], 0.5, 2).to(dtype), rand(rng, [H]).to(dtype)
                            bias = rand(rng, [H]).to(dtype) if rng.random() < 0.5 else None
                            sdt = rng.choice((dtype, F32))
                            scs = [(rand(rng, [H], 0.05, 0.2) if div else rand(rng, [H], 5, 40))
                                   .to(sdt) for _ in range(2)]
                            zs = [torch.tensor([float(rng.randint(-5, 5)) for _ in range(H)],
                                               dtype=F64).to(sdt) for _ in range(2)]
                            xs = x1.double() + x2.double() + (bias.double() if bias is not None
                                                              else 0)
                            y = self.ln(xs, 1, 1e-5) * g.double() + b.double()
                            q = [self.zeros(shape, I8) for _ in range(2)]
                            xo, lr = self.zeros(shape, dtype), self.zeros(shape, dtype)
                            args = [self.dev(view_of(rng, x1)).handle, self.dev(x2).handle,
                                    self.dev(g).handle, self.dev(b).handle,
                                    self.dev(bias).handle if bias is not None else 0,
                                    self.dev(scs[0]).handle,
                                    self.dev(scs[1]).handle if two else 0,
                                    self.dev(zs[0]).handle if zps else 0,
                                    self.dev(zs[1]).handle if zps and two else 0,
                                    "static", 1e-5, True, div, q[0].handle, q[1].handle,
                                    xo.handle]
                            if v2:
                                args.append(lr.handle)
                            self.run_op(name, *args, 0, 0)
                            check(self, xo.read(), xs.to(dtype), what + " xOut", tol=tol(dtype))
                            if v2:
                                check(self, lr.read(), y.to(dtype), what + " layernormRes",
                                      tol=tol(dtype))
                            for i in range(2 if two else 1):
                                sd = scs[i].double()
                                raw = (y / sd if div else y * sd) + (zs[i].double() if zps else 0)
                                self.check_q(q[i].read(), quant(raw), raw, "%s y%dOut" % (what,
                                                                                        i + 1))
                if dtype == F32:
                    continue
                # AddLayerNormQuant(V2), dynamic (FLOAT16 / BFLOAT16)
                for v2 in (False, True):
                    name = "AddLayerNormQuantV2" if v2 else "AddLayerNormQuant"
                    for nsm in (0, 1, 2):
                        what = "%s dynamic %s %s smooth=%d" % (name, dtype, shape, nsm)
                        x1, x2 = rand(rng, shape).to(dtype), rand(rng, shape).to(dtype)
                        g, b = rand(rng, [H], 0.5, 2).to(dtype), rand(rng, [H]).to(dtype)
                        sm = [rand(rng, [H], 0.5, 2).to(dtype) for _ in range(2)]
                        xs = x1.double() + x2.double()
                        y = self.ln(xs, 1, 1e-5) * g.double() + b.double()
                        q = [self.zeros(shape, I8) for _ in range(2)]
                        s = [self.zeros(lead, F32) for _ in range(2)]
                        xo, lr = self.zeros(shape, dtype), self.zeros(shape, dtype)
                        args = [self.dev(view_of(rng, x1)).handle, self.dev(x2).handle,
                                self.dev(g).handle, self.dev(b).handle, 0,
                                self.dev(sm[0]).handle if nsm > 0 else 0,
                                self.dev(sm[1]).handle if nsm > 1 else 0, 0, 0, "dynamic",
                                1e-5, False, True, q[0].handle, q[1].handle, xo.handle]
                        if v2:
                            args.append(lr.handle)
                        self.run_op(name, *args, s[0].handle, s[1].handle)
                        for i in range(2 if nsm == 2 else 1):
                            v = y * sm[i].double() if i < nsm else y
                            rq, rs = dyn_quant(v, 1)
                            if shape[0]:
                                check(self, s[i].read().reshape(lead), rs.reshape(lead).to(F32),
                                      "%s scale%d" % (what, i + 1), tol=tol(F32))
                                raw = v / torch.where(rs > 0, rs, torch.ones_like(rs))
                                self.check_q(q[i].read(), rq, raw, "%s y%d" % (what, i + 1))
        # AdaLayerNormQuant (FLOAT16 / BFLOAT16): AdaLayerNorm, smoothed, dynamic per row
        for dtype in (F16, BF16):
            for shape, mid in (((2, 3, 8), False), ((2, 3, 8), True), ((4, 6), False),
                               ((2, 2, 3, 5), True)):
                for smooth in (False, True):
                    what = "AdaLayerNormQuant %s %s smooth=%s" % (dtype, shape, smooth)
                    H = shape[-1]
                    bs = list(shape[:-2])
                    ps = bs + ([1, H] if mid else [H])
                    x = rand(rng, shape).to(dtype)
                    sc, sh = rand(rng, ps, -1, 1).to(dtype), rand(rng, ps).to(dtype)
                    w, b = rand(rng, [H], 0.5, 2).to(dtype), rand(rng, [H]).to(dtype)
                    sm = rand(rng, [H], 0.5, 2).to(dtype)
                    y = TF.layer_norm(x.double(), (H,), w.double(), b.double(), 1e-5) * \
                        (1 + sc.double().reshape(bs + [1, H])) + sh.double().reshape(bs + [1, H])
                    if smooth:
                        y = y * sm.double()
                    rq, rs = dyn_quant(y, 1)
                    out, qs = self.zeros(shape, I8), self.zeros(list(shape[:-1]), F32)
                    self.run_op("AdaLayerNormQuant", self.dev(view_of(rng, x)).handle,
                                self.dev(sc).handle, self.dev(sh).handle, self.dev(w).handle,
                                self.dev(b).handle, self.dev(sm).handle if smooth else 0, 1e-5,
                                "dynamic", out.handle, qs.handle, 0)
                    check(self, qs.read(), rs.reshape(shape[:-1]).to(F32), what + " quantScale",
                          tol=tol(F32))
                    self.check_q(out.read(), rq, y / rs, what)
        # refusals
        x, xf = self.zeros((2, 3), F16), self.zeros((2, 3), F32)
        g, g4 = self.zeros((3,), F16), self.zeros((4,), F16)
        q, s = self.zeros((2, 3), I8), self.zeros((2,), F32)
        ok = [x.handle, x.handle, g.handle, g.handle, 0, g.handle, 0, 0, 0]
        self.refused("AddLayerNormQuant", 161001, 0, *ok[1:], "static", 1e-5, False, False,
                     q.handle, q.handle, x.handle, s.handle, s.handle)
        self.refused("AddLayerNormQuant", 161002, *ok, "dynamix", 1e-5, False, False, q.handle,
                     q.handle, x.handle, s.handle, s.handle)
        self.refused("AddLayerNormQuant", 161002, *ok[:5], 0, *ok[6:], "static", 1e-5, False,
                     False, q.handle, q.handle, x.handle, s.handle, s.handle)
        self.refused("AddLayerNormQuant", 161002, *ok[:7], g.handle, 0, "dynamic", 1e-5, False,
                     False, q.handle, q.handle, x.handle, s.handle, s.handle)
        self.refused("AddLayerNormQuant", 161002, xf.handle, xf.handle, *ok[2:], "dynamic",
                     1e-5, False, False, q.handle, q.handle, xf.handle, s.handle, s.handle)
        self.refused("AddLayerNormQuant", 161002, *ok[:6], g.handle, 0, g.handle, "static",
                     1e-5, False, False, q.handle, q.handle, x.handle, s.handle, s.handle)
        self.refused("AddLayerNormQuant", 161002, *ok, "static", 1e-5, False, False, x.handle,
                     q.handle, x.handle, s.handle, s.handle)
        self.refused("AddLayerNormQuantV2", 161001, *ok, "static", 1e-5, False, False,
                     q.handle, q.handle, x.handle, 0, s.handle, s.handle)
        s1 = self.zeros((1,), F16)
        self.refused("LayerNormQuant", 161002, x.handle, g.handle, g.handle, s1.handle, 0, 1,
                     1e-5, q.handle, 0)
        self.refused("LayerNormQuant", 161002, x.handle, g.handle, g.handle, g.handle, 0, 0,
                     1e-5, q.handle, 0)
        self.refused("LayerNormQuant", 161002, x.handle, g4.handle, g4.handle, s1.handle, 0, 0,
                     1e-5, q.handle, 0)
        self.refused("LayerNormQuant", 161001, x.handle, g.handle, g.handle, 0, 0, 0, 1e-5,
                     q.handle, 0)
        self.refused("RmsNormQuantV3", 161001, x.handle, g.handle, g.handle, 0, 0, 1e-6, False,
                     True, q.handle, 0)
        self.refused("RmsNormQuantV3", 161002, x.handle, g.handle, g.handle, 0, 0, 1e-6, False,
                     False, x.handle, 0)
        self.refused("RmsNormQuantV3", 161002, x.handle, g.handle, g.handle, s1.handle, 0,
                     1e-6, False, False, q.handle, 0)
        x3, sc2 = self.zeros((2, 3, 4), F16), self.zeros((2, 4), F16)
        q3, s3 = self.zeros((2, 3, 4), I8), self.zeros((2, 3), F32)
        self.refused("AdaLayerNormQuant", 161002, x3.handle, sc2.handle, sc2.handle, 0, 0, 0,
                     1e-5, "static", q3.handle, s3.handle, 0)
        self.refused("AdaLayerNormQuant", 161002, x3.handle, sc2.handle, sc2.handle, 0, 0, 0,
                     1e-5, "dynamic", q3.handle, s3.handle, s3.handle)
        self.refused("AdaLayerNormQuant", 161002, x3.handle, sc2.handle, sc2.handle, 0, 0, 0,
                     1e-5, "dynamic", q3.handle, self.zeros((2, 4), F32).handle, 0)
        self.refused("AdaLayerNormQuant", 161001, x3.handle, sc2.handle, sc2.handle, 0, 0, 0,
                     1e-5, "dynamic", q3.handle, 0, 0)
        self.refused("AdaLayerNormQuant", 161002, self.zeros((2, 3, 4), F32).handle,
                     self.zeros((2, 4), F32).handle, self.zeros((2, 4), F32).handle, 0, 0, 0,
                     1e-5, "dynamic", q3.handle, s3.handle, 0)


if __name__ == "__main__":
    unittest.main()
