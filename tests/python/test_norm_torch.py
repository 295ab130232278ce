# SPDX-License-Identifier: Apache-2.0
"""Softmax gradients, the gated linear units and the batch norms against PyTorch
(torch 1.13 on the CPU as the oracle).

SoftmaxBackward and LogSoftmaxBackward (torch's _softmax_backward_data and
_log_softmax_backward_data on the forward's output), Glu and GeGlu
(torch.nn.functional.glu, and gelu(B) * A), BatchNorm (training and inference,
running statistics updated), BatchNormStats, BatchNormElemt and
BatchNormElemtBackward (torch.batch_norm_stats / _elemt / backward_elemt), on
seeded random inputs of FLOAT, FLOAT16 and BFLOAT16 (and DOUBLE where the row
declares it), every dim, non-contiguous views. References in DOUBLE, rounded
once; tolerances as test_ew_torch's (FLOAT16 / BFLOAT16 looser for results
that sum a row). GroupNormSilu(V2), GroupNormSwish, Modulate, RenormV2, BatchNormBackward,
FastBatchNormBackward, LinalgVectorNorm, FusedAddRmsNorm, BnInferGrad, AdaLayerNormBackward,
InstanceNorm, RmsNormGradQuant, GroupNormSiluQuant, QuantizedBatchNorm, BatchNormReduceBackward,
BatchNormGatherStatsWithCounts, AddLayerNormGrad, DeepNormGrad, SyncBatchNormBackwardReduce,
ScaledMaskedSoftmax(Backward), ModulateBackward, GroupNormSwishGrad, SyncBnTrainingUpdateV2 and
MaskedSoftmaxWithRelPosBias of ops-nn's norm and vfusion folders the same way (their INT8
outputs exactly). Bad input gives 161001 / 161002 naming the operator. Skipped (exit 77) without
torch."""
import random
import unittest

from torchcase import TorchCase, torch  # noqa: E402 (first: torch before acl)

if torch is not None:
    import torch.nn.functional as TF

import acltest  # noqa: E402
from acltest import acl  # noqa: E402

if torch is not None:
    from test_ew_torch import Dev, check, view_of, F16, BF16, F32, F64, I32, I64, TOL, \
        ACL_DT  # noqa: E402

setUpModule = acltest.setup_module
tearDownModule = acltest.teardown_module

nn = acl.nn
SEED = 2930


def rand(rng, shape, lo=-3.0, hi=3.0):
    n = 1
    for d in shape:
        n *= d
    return torch.tensor([rng.uniform(lo, hi) for _ in range(n)], dtype=F64).reshape(shape)


def tol(dtype, summed=True):
    rt, at = TOL[dtype]
    return (rt * 8, at * 8) if summed and dtype in (F16, BF16) else (rt, at)


@unittest.skipIf(torch is None, "torch (or numpy) is not installed")
class NormTorch(TorchCase):
    def test_softmax_backward(self):
        rng = random.Random(SEED)
        for log in (False, True):
            name = "LogSoftmaxBackward" if log else "SoftmaxBackward"
            for dtype in (F32, F16, BF16, F64):
                for shape in ((7,), (3, 5), (2, 3, 4), (4, 1, 6)):
                    for dim in range(-len(shape), len(shape)):
                        x = rand(rng, shape)
                        y = (torch.log_softmax if log else torch.softmax)(x, dim).to(dtype)
                        g = rand(rng, shape).to(dtype)
                        yd, gd = y.double(), g.double()
                        if log:
                            ref = gd - torch.exp(yd) * gd.sum(dim, keepdim=True)
                        else:
                            ref = yd * (gd - (gd * yd).sum(dim, keepdim=True))
                        out = self.dev(torch.zeros(shape, dtype=dtype))
                        self.run_op(name, self.dev(view_of(rng, g)).handle,
                                    self.dev(view_of(rng, y)).handle, dim, out.handle)
                        check(self, out.read(), ref.to(dtype), "%s %s %s %d" % (name, dtype,
                                                                                shape, dim),
                              tol=tol(dtype))
                        if not log:  # torch's own kernel agrees
                            t = torch._softmax_backward_data(gd, yd, dim, F64)
                            check(self, out.read(), t.to(dtype), name, tol=tol(dtype))
        a = self.dev(torch.zeros((2, 3), dtype=F32))
        b = self.dev(torch.zeros((3, 2), dtype=F32))
        h = self.dev(torch.zeros((2, 3), dtype=F16))
        self.refused("SoftmaxBackward", 161001, 0, a.handle, 0, a.handle)
        self.refused("SoftmaxBackward", 161002, a.handle, b.handle, 0, a.handle)
        self.refused("SoftmaxBackward", 161002, a.handle, h.handle, 0, a.handle)
        self.refused("LogSoftmaxBackward", 161002, a.handle, a.handle, 2, a.handle)

    def test_glu(self):
        rng = random.Random(SEED + 1)
        for dtype in (F32, F16, BF16):
            for shape in ((8,), (3, 4), (2, 6, 4)):
                for dim in range(-len(shape), len(shape)):
                    if shape[dim] % 2:
                        continue
                    x = rand(rng, shape).to(dtype)
                    half = list(shape)
                    half[dim] //= 2
                    out = self.dev(torch.zeros(half, dtype=dtype))
                    xh = self.dev(view_of(rng, x)).handle
                    self.run_op("Glu", xh, dim, out.handle)
                    check(self, out.read(), TF.glu(x.double(), dim).to(dtype),
                          "Glu %s %s %d" % (dtype, shape, dim), tol=tol(dtype, False))
                    for approx in (0, 1):
                        o1 = self.dev(torch.zeros(half, dtype=dtype))
                        o2 = self.dev(torch.zeros(half, dtype=dtype))
                        self.run_op("GeGlu", xh, dim, approx, o1.handle, o2.handle)
                        a, b = x.double().chunk(2, dim)
                        gb = TF.gelu(b, approximate="tanh" if approx else "none")
                        what = "GeGlu %s %s %d %d" % (dtype, shape, dim, approx)
                        check(self, o1.read(), (a * gb).to(dtype), what, tol=tol(dtype, False))
                        check(self, o2.read(), gb.to(dtype), what, tol=tol(dtype, False))
        odd = self.dev(torch.zeros((3, 5), dtype=F32))
        o = self.dev(torch.zeros((3, 2), dtype=F32))
        self.refused("Glu", 161002, odd.handle, 1, o.handle)
        self.refused("Glu", 161001, 0, 1, o.handle)
        self.refused("GeGlu", 161002, odd.handle, 0, 2, o.handle, o.handle)

    def test_batch_norm(self):
        rng = random.Random(SEED + 2)
        for dtype in (F32, F16, BF16):
            for shape in ((4, 3), (2, 3, 5), (2, 4, 3, 2)):
                C = shape[1]
                x = rand(rng, shape).to(dtype)
                xd = x.double()
                w, b = rand(rng, (C,), 0.5, 2).to(dtype), rand(rng, (C,)).to(dtype)
                rm, rv = rand(rng, (C,)).to(dtype), rand(rng, (C,), 0.5, 2).to(dtype)
                xh = self.dev(view_of(rng, x)).handle
                wh, bh = self.dev(w).handle, self.dev(b).handle
                what = "%s %s" % (dtype, shape)
                for training in (True, False):
                    rmd, rvd = self.dev(rm.clone()), self.dev(rv.clone())
                    out, sm, si = (self.dev(torch.zeros(shape, dtype=dtype)),
                                   self.dev(torch.zeros((C,), dtype=dtype)),
                                   self.dev(torch.zeros((C,), dtype=dtype)))
                    self.run_op("BatchNorm", xh, wh, bh, rmd.handle, rvd.handle, training, 0.1,
                                1e-5, out.handle, sm.handle, si.handle)
                    rmr, rvr = rm.double().clone(), rv.double().clone()
                    ref = TF.batch_norm(xd, rmr, rvr, w.double(), b.double(), training, 0.1, 1e-5)
                    w2 = "BatchNorm %s training=%s" % (what, training)
                    check(self, out.read(), ref.to(dtype), w2, tol=tol(dtype))
                    check(self, rmd.read(), rmr.to(dtype), w2 + " runningMean", tol=tol(dtype))
                    check(self, rvd.read(), rvr.to(dtype), w2 + " runningVar", tol=tol(dtype))
                dims = [0] + list(range(2, len(shape)))
                mean = xd.mean(dims)  # torch.batch_norm_stats is CUDA-only: its formula
                invstd = 1 / torch.sqrt(xd.var(dims, unbiased=False) + 1e-5)
                mo, io = (self.dev(torch.zeros((C,), dtype=dtype)),
                          self.dev(torch.zeros((C,), dtype=dtype)))
                self.run_op("BatchNormStats", xh, 1e-5, mo.handle, io.handle)
                check(self, mo.read(), mean.to(dtype), "BatchNormStats " + what, tol=tol(dtype))
                check(self, io.read(), invstd.to(dtype), "BatchNormStats " + what, tol=tol(dtype))
                so, qo = (self.dev(torch.zeros((C,), dtype=dtype)),
                          self.dev(torch.zeros((C,), dtype=dtype)))
                self.run_op("BatchNormReduce", xh, so.handle, qo.handle)
                check(self, so.read(), xd.sum(dims).to(dtype), "BatchNormReduce " + what,
                      tol=tol(dtype))
                check(self, qo.read(), (xd * xd).sum(dims).to(dtype), "BatchNormReduce " + what,
                      tol=tol(dtype))
                md, isd = rand(rng, (C,)).to(dtype), rand(rng, (C,), 0.5, 2).to(dtype)
                mh, ih = self.dev(md).handle, self.dev(isd).handle
                out = self.dev(torch.zeros(shape, dtype=dtype))
                self.run_op("BatchNormElemt", xh, wh, bh, mh, ih, 1e-5, out.handle)
                bc = [1, C] + [1] * (len(shape) - 2)  # per channel, broadcast over the rest
                ref = (xd - md.double().view(bc)) * (isd.double() * w.double()).view(bc) + \
                    b.double().view(bc)
                check(self, out.read(), ref.to(dtype), "BatchNormElemt " + what, tol=tol(dtype))
                g = rand(rng, shape).to(dtype)
                sdy, sdx = rand(rng, (C,)).to(dtype), rand(rng, (C,)).to(dtype)
                cnt = torch.tensor([3, 5], dtype=torch.int32)
                gi = self.dev(torch.zeros(shape, dtype=dtype))
                self.run_op("BatchNormElemtBackward", self.dev(g).handle, xh, mh, ih, wh,
                            self.dev(sdy).handle, self.dev(sdx).handle, self.dev(cnt).handle,
                            gi.handle)
                tot = float(cnt.sum())  # torch.batch_norm_backward_elemt's formula (CUDA-only)
                iv = isd.double().view(bc)
                ref = (g.double() - sdy.double().view(bc) / tot - (xd - md.double().view(bc)) *
                       iv * iv * sdx.double().view(bc) / tot) * iv * w.double().view(bc)
                check(self, gi.read(), ref.to(dtype), "BatchNormElemtBackward " + what,
                      tol=tol(dtype))
                # SyncBatchNormGatherStats from two devices' sums of x's two halves
                n = shape[0] // 2 if shape[0] > 1 else 1
                parts = [xd[:n], xd[n:]] if shape[0] > 1 else [xd]
                ts = torch.stack([p.sum(dims) for p in parts]).to(dtype)
                tq = torch.stack([(p * p).sum(dims) for p in parts]).to(dtype)
                sc = torch.tensor([p.numel() // C for p in parts], dtype=F32)
                rmd, rvd = self.dev(rm.clone()), self.dev(rv.clone())
                bm, bi = (self.dev(torch.zeros((C,), dtype=dtype)),
                          self.dev(torch.zeros((C,), dtype=dtype)))
                self.run_op("SyncBatchNormGatherStats", self.dev(ts).handle, self.dev(tq).handle,
                            self.dev(sc).handle, rmd.handle, rvd.handle, 0.1, 1e-5, bm.handle,
                            bi.handle)
                cnt_all = float(sc.sum())
                m = ts.double().sum(0) / cnt_all
                var = tq.double().sum(0) / cnt_all - m * m
                w3 = "SyncBatchNormGatherStats " + what
                check(self, bm.read(), m.to(dtype), w3, tol=tol(dtype))
                check(self, bi.read(), (1 / torch.sqrt(var + 1e-5)).to(dtype), w3,
                      tol=(5e-2, 5e-2) if dtype != F32 else (1e-4, 1e-4))
                check(self, rvd.read(), (0.9 * rv.double() + 0.1 * var * cnt_all /
                                         (cnt_all - 1)).to(dtype), w3, tol=tol(dtype))
        x = self.dev(torch.zeros((2, 3, 4), dtype=F32))
        c4 = self.dev(torch.zeros((4,), dtype=F32))
        c3 = self.dev(torch.zeros((3,), dtype=F32))
        o = self.dev(torch.zeros((2, 3, 4), dtype=F32))
        self.refused("BatchNorm", 161002, x.handle, c4.handle, 0, 0, 0, True, 0.1, 1e-5,
                     o.handle, 0, 0)
        self.refused("BatchNorm", 161001, x.handle, 0, 0, 0, 0, False, 0.1, 1e-5, o.handle, 0, 0)
        self.refused("BatchNormStats", 161002, c3.handle, 1e-5, c3.handle, c3.handle)
        self.refused("BatchNormElemt", 161002, x.handle, 0, 0, c4.handle, c3.handle, 1e-5,
                     o.handle)


    def _arrays(self, mk, values):
        a, ret = mk(list(values))
        self.assertEqual(ret, 0)
        return a

    def test_layer_norm_backward(self):
        rng = random.Random(SEED + 3)
        cases = (((4, 6), 1), ((2, 3, 5), 1), ((2, 3, 5), 2), ((3, 1, 7), 2), ((0, 4), 1))
        masks = ((True, True, True), (True, False, False), (False, True, True))
        for dtype in (F32, F16, BF16):
            for shape, k in cases:
                for mask in masks:
                    for has_w in (True, False):
                        self._layer_norm_backward(rng, dtype, shape, k, mask, has_w)
        x = self.dev(torch.zeros((2, 3), dtype=F32))
        h = self.dev(torch.zeros((2, 3), dtype=F16))
        st = self.dev(torch.zeros((2, 1), dtype=F32))
        w = self.dev(torch.zeros((3,), dtype=F32))
        w4 = self.dev(torch.zeros((4,), dtype=F32))
        ns = self._arrays(nn.create_int_array, [3])
        m3 = self._arrays(nn.create_bool_array, [True, True, True])
        m2 = self._arrays(nn.create_bool_array, [True, True])
        try:
            ok = [x.handle, x.handle, ns, st.handle, st.handle, w.handle, w.handle]
            self.refused("LayerNormBackward", 161001, *ok, m3, x.handle, 0, w.handle)
            self.refused("LayerNormBackward", 161001, 0, *ok[1:], m3, x.handle, w.handle,
                         w.handle)
            self.refused("LayerNormBackward", 161002, *ok, m2, x.handle, w.handle, w.handle)
            self.refused("LayerNormBackward", 161002, h.handle, *ok[1:], m3, x.handle, w.handle,
                         w.handle)
            self.refused("LayerNormBackward", 161002, *ok[:5], w4.handle, w.handle, m3,
                         x.handle, w.handle, w.handle)
            self.refused("LayerNormBackward", 161002, *ok[:3], w.handle, *ok[4:], m3, x.handle,
                         w.handle, w.handle)
        finally:
            nn.destroy_int_array(ns)
            nn.destroy_bool_array(m3)
            nn.destroy_bool_array(m2)

    def _layer_norm_backward(self, rng, dtype, shape, k, mask, has_w):
        what = "LayerNormBackward %s %s k=%d mask=%s weight=%s" % (dtype, shape, k, mask, has_w)
        ns = list(shape[len(shape) - k:])
        lead = list(shape[:len(shape) - k])
        x = rand(rng, shape).to(dtype)
        gy = rand(rng, shape).to(dtype)
        w, b = rand(rng, ns, 0.5, 2).to(dtype), rand(rng, ns).to(dtype)
        xd = x.double().requires_grad_()
        wd = w.double().requires_grad_() if has_w else None
        bd = b.double().requires_grad_()
        y = TF.layer_norm(xd, ns, wd, bd, 1e-5)
        y.backward(gy.double())
        dims = list(range(len(shape) - k, len(shape)))
        xr = x.double()
        mean = xr.mean(dims, keepdim=True) if xr.numel() else torch.zeros(lead + [1] * k)
        var = xr.var(dims, unbiased=False, keepdim=True) if xr.numel() else mean
        rstd = 1 / torch.sqrt(var + 1e-5)
        outs = [self.dev(torch.zeros(shape, dtype=dtype)) if mask[0] else None,
                self.dev(torch.zeros(ns, dtype=dtype)) if mask[1] else None,
                self.dev(torch.zeros(ns, dtype=dtype)) if mask[2] else None]
        na = self._arrays(nn.create_int_array, ns)
        bm = self._arrays(nn.create_bool_array, mask)
        try:
            args = [self.dev(view_of(rng, gy)).handle, self.dev(view_of(rng, x)).handle, na,
                    self.dev(mean.to(F32)).handle, self.dev(rstd.to(F32)).handle,
                    self.dev(w).handle if has_w else 0, self.dev(b).handle, bm]
            args += [o.handle if o else 0 for o in outs]
            self.run_op("LayerNormBackward", *args)
        finally:
            nn.destroy_int_array(na)
            nn.destroy_bool_array(bm)
        gw = (gy.double() * (xr - mean) * rstd).sum(list(range(len(lead))))  # weight = ones
        refs = (xd.grad, wd.grad if has_w else gw, bd.grad)
        for o, ref, name in zip(outs, refs, ("gradInputOut", "gradWeightOut", "gradBiasOut")):
            if o is not None:
                if ref is None or xr.numel() == 0:
                    ref = torch.zeros(o.shape, dtype=F64)
                check(self, o.read(), ref.to(dtype), "%s %s" % (what, name), tol=tol(dtype))

    def test_rms_norm_grad(self):
        rng = random.Random(SEED + 4)
        cases = (((4, 6), 1), ((2, 3, 5), 1), ((2, 3, 5), 2), ((3, 1, 7), 2), ((0, 4), 1))
        for dtype in (F32, F16, BF16):
            for gdt in (dtype, F32):
                for shape, k in cases:
                    what = "RmsNormGrad %s gamma %s %s k=%d" % (dtype, gdt, shape, k)
                    gs = list(shape[len(shape) - k:])
                    lead = list(shape[:len(shape) - k])
                    dims = list(range(len(shape) - k, len(shape)))
                    x = rand(rng, shape).to(dtype)
                    dy = rand(rng, shape).to(dtype)
                    g = rand(rng, gs, 0.5, 2).to(gdt)
                    xd = x.double().requires_grad_()
                    gd = g.double().requires_grad_()
                    rstd = torch.rsqrt((xd * xd).mean(dims, keepdim=True) + 1e-6) \
                        if x.numel() else torch.ones(lead + [1] * k, dtype=F64)
                    if x.numel():
                        (xd * rstd * gd).backward(dy.double())
                    dx = self.dev(torch.zeros(shape, dtype=dtype))
                    dg = self.dev(torch.zeros(gs, dtype=F32))
                    self.run_op("RmsNormGrad", self.dev(view_of(rng, dy)).handle,
                                self.dev(view_of(rng, x)).handle,
                                self.dev(rstd.detach().reshape(lead).to(F32)).handle,
                                self.dev(g).handle, dx.handle, dg.handle)
                    if x.numel():
                        check(self, dx.read(), xd.grad.to(dtype), what + " dxOut",
                              tol=tol(dtype))
                        check(self, dg.read(), gd.grad.to(F32), what + " dgammaOut",
                              tol=tol(dtype))
                    else:
                        check(self, dg.read(), torch.zeros(gs, dtype=F32), what + " dgammaOut")
        x = self.dev(torch.zeros((2, 3), dtype=F32))
        h = self.dev(torch.zeros((2, 3), dtype=F16))
        r = self.dev(torch.zeros((2,), dtype=F32))
        rh = self.dev(torch.zeros((2,), dtype=F16))
        g = self.dev(torch.zeros((3,), dtype=F32))
        g4 = self.dev(torch.zeros((4,), dtype=F32))
        self.refused("RmsNormGrad", 161001, x.handle, x.handle, 0, g.handle, x.handle, g.handle)
        self.refused("RmsNormGrad", 161002, h.handle, x.handle, r.handle, g.handle, x.handle,
                     g.handle)
        self.refused("RmsNormGrad", 161002, x.handle, x.handle, rh.handle, g.handle, x.handle,
                     g.handle)
        self.refused("RmsNormGrad", 161002, x.handle, x.handle, r.handle, g4.handle, x.handle,
                     g4.handle)
        self.refused("RmsNormGrad", 161002, x.handle, x.handle, r.handle, g.handle, x.handle,
                     g4.handle)

    def test_group_norm_backward(self):
        rng = random.Random(SEED + 5)
        cases = (((2, 6, 5), 3), ((3, 16), 2), ((2, 6, 3, 2), 2), ((1, 4, 7), 4), ((2, 4, 0), 2))
        masks = ((True, True, True), (True, False, False), (False, True, True))
        for dtype in (F32, F16, BF16):
            for shape, G in cases:
                for mask in masks:
                    for sdt, has_g in ((F32, True), (dtype, True), (F32, False)):
                        self._group_norm_backward(rng, dtype, sdt, shape, G, mask, has_g)
        x = self.dev(torch.zeros((2, 4, 3), dtype=F32))
        h = self.dev(torch.zeros((2, 4, 3), dtype=F16))
        st = self.dev(torch.zeros((2, 2), dtype=F32))
        st3 = self.dev(torch.zeros((2, 3), dtype=F32))
        c = self.dev(torch.zeros((4,), dtype=F32))
        c5 = self.dev(torch.zeros((5,), dtype=F32))
        m3 = self._arrays(nn.create_bool_array, [True, True, True])
        try:
            ok = [x.handle, x.handle, st.handle, st.handle, c.handle, 2, 4, 3, 2, m3]
            outs = [x.handle, c.handle, c.handle]
            self.refused("GroupNormBackward", 161001, *ok, x.handle, 0, c.handle)
            self.refused("GroupNormBackward", 161002, h.handle, *ok[1:], *outs)
            self.refused("GroupNormBackward", 161002, *ok[:8], 3, m3, *outs)
            self.refused("GroupNormBackward", 161002, *ok[:3], st3.handle, *ok[4:], *outs)
            self.refused("GroupNormBackward", 161002, *ok[:4], c5.handle, *ok[5:], *outs)
            self.refused("GroupNormBackward", 161002, *ok, x.handle, c5.handle, c.handle)
        finally:
            nn.destroy_bool_array(m3)

    def _group_norm_backward(self, rng, dtype, sdt, shape, G, mask, has_g):
        what = "GroupNormBackward %s stats %s %s G=%d mask=%s gamma=%s" % (dtype, sdt, shape, G,
                                                                          mask, has_g)
        N, C = shape[0], shape[1]
        HW = 1
        for d in shape[2:]:
            HW *= d
        x = rand(rng, shape).to(dtype)
        gy = rand(rng, shape).to(dtype)
        w = rand(rng, (C,), 0.5, 2).to(sdt)
        xd = x.double().requires_grad_()
        wd = (w.double() if has_g else torch.ones(C, dtype=F64)).requires_grad_()
        bd = torch.zeros(C, dtype=F64, requires_grad=True)
        xg = x.double().reshape(N, G, -1)
        if x.numel():
            y = TF.group_norm(xd, G, wd, bd, 1e-5)
            y.backward(gy.double())
            mean = xg.mean(2)
            rstd = 1 / torch.sqrt(xg.var(2, unbiased=False) + 1e-5)
        else:
            mean, rstd = torch.zeros(N, G, dtype=F64), torch.ones(N, G, dtype=F64)
        outs = [self.dev(torch.zeros(shape, dtype=dtype)) if mask[0] else None,
                self.dev(torch.zeros((C,), dtype=sdt)) if mask[1] else None,
                self.dev(torch.zeros((C,), dtype=sdt)) if mask[2] else None]
        bm = self._arrays(nn.create_bool_array, mask)
        try:
            args = [self.dev(view_of(rng, gy)).handle, self.dev(view_of(rng, x)).handle,
                    self.dev(mean.to(sdt)).handle, self.dev(rstd.to(sdt)).handle,
                    self.dev(w).handle if has_g else 0, N, C, HW, G, bm]
            args += [o.handle if o else 0 for o in outs]
            self.run_op("GroupNormBackward", *args)
        finally:
            nn.destroy_bool_array(bm)
        # statistics rounded to sdt: compare with a tolerance of sdt and dtype's larger
        t = tol(dtype) if TOL[dtype][0] >= TOL[sdt][0] else tol(sdt)
        if sdt != F32 and dtype != F32:
            t = (t[0] * 4, t[1] * 4)
        for o, ref, name in zip(outs, (xd.grad, wd.grad, bd.grad),
                                ("gradInput", "gradGammaOut", "gradBetaOut")):
            if o is not None:
                if ref is None or x.numel() == 0:
                    ref = torch.zeros(o.shape, dtype=F64)
                check(self, o.read(), ref.to(o.dtype), "%s %s" % (what, name), tol=t)

    def test_normalization_grads(self):
        """ops-nn's experimental LayerNormalizationGrad and BatchNormalizationGrad against
        autograd of torch's layer_norm / batch_norm in DOUBLE (statistics of x's type, as the
        defs take them); GroupNormalizationGrad against autograd of group_norm where CANN's
        documented formula is torch's (gamma = 1), else against that formula in DOUBLE (NB3);
        every declared type, strided views, empty tensors, and the refusals."""
        rng = random.Random(SEED + 31)
        for dtype in (F32, F16, BF16):
            t = tol(dtype) if dtype == F32 else (tol(dtype)[0] * 4, tol(dtype)[1] * 4)
            for shape, k in (((4, 6), 1), ((2, 3, 5), 1), ((2, 3, 5), 2), ((0, 4), 1)):
                self._layer_normalization_grad(rng, dtype, shape, k, t)
            for shape in ((4, 3), (2, 3, 5), (2, 4, 3, 2)):
                self._batch_normalization_grad(rng, dtype, shape, t)
            for shape in ((2, 4, 6), (3, 2, 2, 5), (2, 3, 0)):
                for ones in (True, False):
                    self._group_normalization_grad(rng, dtype, shape, ones, t)
        self._normalization_grad_refusals()

    def _layer_normalization_grad(self, rng, dtype, shape, k, t):
        what = "LayerNormalizationGrad %s %s k=%d" % (dtype, shape, k)
        ns = list(shape[len(shape) - k:])
        lead = list(shape[:len(shape) - k])
        dims = list(range(len(shape) - k, len(shape)))
        x, dy = rand(rng, shape).to(dtype), rand(rng, shape).to(dtype)
        g, b = rand(rng, ns, 0.5, 2).to(dtype), rand(rng, ns).to(dtype)
        xd, gd, bd = (v.double().requires_grad_() for v in (x, g, b))
        if x.numel():
            TF.layer_norm(xd, ns, gd, bd, 1e-5).backward(dy.double())
            mean = x.double().mean(dims)
            rstd = 1 / torch.sqrt(x.double().var(dims, unbiased=False) + 1e-5)
        else:
            mean, rstd = torch.zeros(lead, dtype=F64), torch.ones(lead, dtype=F64)
        outs = [self.dev(torch.zeros(shape, dtype=dtype)), self.dev(torch.zeros(ns, dtype=dtype)),
                self.dev(torch.zeros(ns, dtype=dtype))]
        self.run_op("LayerNormalizationGrad", self.dev(view_of(rng, dy)).handle,
                    self.dev(view_of(rng, x)).handle, self.dev(g).handle,
                    self.dev(mean.to(dtype)).handle, self.dev(rstd.to(dtype)).handle,
                    *[o.handle for o in outs])
        for o, ref, name in zip(outs, (xd.grad, gd.grad, bd.grad), ("dx", "dgamma", "dbeta")):
            if ref is None:
                ref = torch.zeros(o.shape, dtype=F64)
            check(self, o.read(), ref.to(dtype), "%s %s" % (what, name), tol=t)

    def _batch_normalization_grad(self, rng, dtype, shape, t):
        what = "BatchNormalizationGrad %s %s" % (dtype, shape)
        C = shape[1]
        dims = [0] + list(range(2, len(shape)))
        x, dy = rand(rng, shape).to(dtype), rand(rng, shape).to(dtype)
        w, b = rand(rng, (C,), 0.5, 2).to(dtype), rand(rng, (C,)).to(dtype)
        xd, wd, bd = (v.double().requires_grad_() for v in (x, w, b))
        TF.batch_norm(xd, None, None, wd, bd, True, 0.1, 1e-5).backward(dy.double())
        sm = x.double().mean(dims)
        si = 1 / torch.sqrt(x.double().var(dims, unbiased=False) + 1e-5)
        outs = [self.dev(torch.zeros(shape, dtype=dtype)), self.dev(torch.zeros((C,), dtype=dtype)),
                self.dev(torch.zeros((C,), dtype=dtype))]
        self.run_op("BatchNormalizationGrad", self.dev(view_of(rng, dy)).handle,
                    self.dev(view_of(rng, x)).handle, self.dev(w).handle, self.dev(b).handle,
                    self.dev(sm.to(dtype)).handle, self.dev(si.to(dtype)).handle, 1e-5,
                    *[o.handle for o in outs])
        for o, ref, name in zip(outs, (xd.grad, wd.grad, bd.grad),
                                ("gradInput", "gradWeight", "gradBias")):
            check(self, o.read(), ref.to(dtype), "%s %s" % (what, name), tol=t)

    def _group_normalization_grad(self, rng, dtype, shape, ones, t):
        what = "GroupNormalizationGrad %s %s gamma=%s" % (dtype, shape, "ones" if ones else "rand")
        N, G = shape[0], shape[1]
        x, dy = rand(rng, shape).to(dtype), rand(rng, shape).to(dtype)
        gamma = torch.ones(shape, dtype=dtype) if ones else rand(rng, shape, 0.5, 2).to(dtype)
        xg = x.double().reshape(N, G, -1)
        if x.numel():
            mean = xg.mean(2)
            rstd = 1 / torch.sqrt(xg.var(2, unbiased=False) + 1e-5)
        else:
            mean, rstd = torch.zeros(N, G, dtype=F64), torch.ones(N, G, dtype=F64)
        if ones and x.numel():  # CANN's formula is torch's group norm backward here
            xd = x.double().requires_grad_()
            TF.group_norm(xd, G, None, None, 1e-5).backward(dy.double())
            ref = xd.grad
        else:  # CANN's documented formula, from the rounded statistics
            m = mean.to(dtype).double().reshape(N, G, 1)
            r = rstd.to(dtype).double().reshape(N, G, 1)
            dd, gg = dy.double().reshape(N, G, -1), gamma.double().reshape(N, G, -1)
            xh = (xg - m) * r
            s1 = (dd * gg).sum(2, keepdim=True)
            s2 = (dd * gg * xh).sum(2, keepdim=True)
            M = max(xg.shape[2], 1)
            ref = (r * gg * (dd - s1 / M - xh * s2 / M)).reshape(shape)
        dx = self.dev(torch.zeros(shape, dtype=dtype))
        self.run_op("GroupNormalizationGrad", self.dev(view_of(rng, x)).handle,
                    self.dev(view_of(rng, dy)).handle, self.dev(view_of(rng, gamma)).handle,
                    self.dev(mean.to(dtype)).handle, self.dev(rstd.to(dtype)).handle, dx.handle)
        check(self, dx.read(), ref.to(dtype), what + " dx", tol=t)

    def _refused_naming(self, name, what, *args):
        """161002 with a message naming the parameter what."""
        _, _, ret = nn.get_workspace_size(name, *args)
        msg = acl.get_recent_err_msg()
        self.assertEqual(ret, 161002, "aclnn%s: %d (%s)" % (name, ret, msg))
        self.assertIn("aclnn" + name, msg)
        self.assertIn(what, msg)

    def _normalization_grad_refusals(self):
        x = self.dev(torch.zeros((2, 4, 3), dtype=F32))
        h = self.dev(torch.zeros((2, 4, 3), dtype=F16))
        i = self.dev(torch.zeros((2, 4, 3), dtype=I32))
        g3, g5 = (self.dev(torch.zeros((n,), dtype=F32)) for n in (3, 5))
        g3h = self.dev(torch.zeros((3,), dtype=F16))
        r8, r7 = (self.dev(torch.zeros((n,), dtype=F32)) for n in (8, 7))
        r8h = self.dev(torch.zeros((8,), dtype=F16))
        # LayerNormalizationGrad(dy, x, gamma, mean, rstd, dx, dgamma, dbeta)
        ok = [x.handle, x.handle, g3.handle, r8.handle, r8.handle, x.handle, g3.handle, g3.handle]
        self.run_op("LayerNormalizationGrad", *ok)
        for at in range(8):
            self.refused("LayerNormalizationGrad", 161001, *ok[:at], 0, *ok[at + 1:])
        self.refused("LayerNormalizationGrad", 161002, i.handle, i.handle, *ok[2:])
        self.refused("LayerNormalizationGrad", 161002, h.handle, *ok[1:])
        self.refused("LayerNormalizationGrad", 161002, *ok[:2], g3h.handle, *ok[3:])
        self.refused("LayerNormalizationGrad", 161002, *ok[:2], g5.handle, *ok[3:])
        self.refused("LayerNormalizationGrad", 161002, *ok[:3], r7.handle, *ok[4:])
        self.refused("LayerNormalizationGrad", 161002, *ok[:4], r8h.handle, *ok[5:])
        self._refused_naming("LayerNormalizationGrad", "dbeta", *ok[:7], g5.handle)
        # BatchNormalizationGrad(gradOutput, input, weight, bias, saveMean, saveInvstd, eps, ...)
        c4 = self.dev(torch.zeros((4,), dtype=F32))
        c3 = self.dev(torch.zeros((3,), dtype=F32))
        c4h = self.dev(torch.zeros((4,), dtype=F16))
        ok = [x.handle, x.handle, c4.handle, c4.handle, c4.handle, c4.handle, 1e-5, x.handle,
              c4.handle, c4.handle]
        self.run_op("BatchNormalizationGrad", *ok)
        for at in (0, 1, 2, 3, 4, 5, 7, 8, 9):
            self.refused("BatchNormalizationGrad", 161001, *ok[:at], 0, *ok[at + 1:])
        self._refused_naming("BatchNormalizationGrad", "bias", *ok[:3], c3.handle, *ok[4:])
        self._refused_naming("BatchNormalizationGrad", "saveInvstd", *ok[:5], c4h.handle, *ok[6:])
        self.refused("BatchNormalizationGrad", 161002, i.handle, i.handle, *ok[2:])
        self.refused("BatchNormalizationGrad", 161002, *ok[:8], c3.handle, c4.handle)
        # GroupNormalizationGrad(x, dy, gamma, mean, rstd, dx)
        st = self.dev(torch.zeros((2, 4), dtype=F32))
        st3 = self.dev(torch.zeros((2, 3), dtype=F32))
        sth = self.dev(torch.zeros((2, 4), dtype=F16))
        x2 = self.dev(torch.zeros((2, 4), dtype=F32))
        x5 = self.dev(torch.zeros((2, 4, 5), dtype=F32))
        ok = [x.handle, x.handle, x.handle, st.handle, st.handle, x.handle]
        self.run_op("GroupNormalizationGrad", *ok)
        for at in range(6):
            self.refused("GroupNormalizationGrad", 161001, *ok[:at], 0, *ok[at + 1:])
        self.refused("GroupNormalizationGrad", 161002, x2.handle, x2.handle, x2.handle,
                     *ok[3:5], x2.handle)
        self.refused("GroupNormalizationGrad", 161002, i.handle, i.handle, i.handle, *ok[3:5],
                     i.handle)
        self._refused_naming("GroupNormalizationGrad", "gamma", *ok[:2], x5.handle, *ok[3:])
        self.refused("GroupNormalizationGrad", 161002, *ok[:3], st3.handle, *ok[4:])
        self._refused_naming("GroupNormalizationGrad", "rstd", *ok[:4], sth.handle, *ok[5:])
        self.refused("GroupNormalizationGrad", 161002, *ok[:5], h.handle)

    def test_lp_norm_v3(self):
        """LpNormV3 (NM5): x / (sum |x|^p + 1e-6)^(1/p) over all, each row or each column,
        against torch in DOUBLE (p = inf: x / max |x|); strided views, FLOAT and FLOAT16,
        empty x; the refusals."""
        rng = random.Random(SEED + 32)
        for dtype in (F32, F16):
            for shape, axis in (((3, 5), 0), ((3, 5), 1), ((3, 5), -1), ((2, 3, 4), -1),
                                ((4, 1), 1), ((0, 3), 0)):
                for pv in (2.0, 1.0, 3.5, float("inf")):
                    x = rand(rng, shape).to(dtype)
                    xd = x.double()
                    dims = {-1: list(range(len(shape))), 0: [1], 1: [0]}[axis]
                    if x.numel() == 0:
                        ref = xd
                    elif pv == float("inf"):
                        ref = xd / xd.abs().amax(dims, keepdim=True)
                    else:
                        ref = xd / (xd.abs().pow(pv).sum(dims, keepdim=True) + 1e-6).pow(1 / pv)
                    y = self.dev(torch.zeros(shape, dtype=dtype))
                    self.run_op("LpNormV3", self.dev(view_of(rng, x)).handle, pv, axis, y.handle)
                    check(self, y.read(), ref.to(dtype),
                          "LpNormV3 %s %s axis=%d p=%g" % (dtype, shape, axis, pv), tol=tol(dtype))
        x = self.dev(torch.zeros((2, 3), dtype=F32))
        x3 = self.dev(torch.zeros((2, 3, 1), dtype=F32))
        h = self.dev(torch.zeros((2, 3), dtype=F16))
        b = self.dev(torch.zeros((2, 3), dtype=BF16))
        self.refused("LpNormV3", 161001, 0, 2.0, 0, x.handle)
        self.refused("LpNormV3", 161001, x.handle, 2.0, 0, 0)
        self._refused_naming("LpNormV3", "x", b.handle, 2.0, 0, b.handle)
        self._refused_naming("LpNormV3", "out", x.handle, 2.0, 0, h.handle)
        self._refused_naming("LpNormV3", "axis", x.handle, 2.0, 2, x.handle)
        self._refused_naming("LpNormV3", "axis", x3.handle, 2.0, 0, x3.handle)
        self._refused_naming("LpNormV3", "p", x.handle, 0.0, 0, x.handle)
        self._refused_naming("LpNormV3", "p", x.handle, float("nan"), -1, x.handle)

    def test_batch_norm_backward(self):
        """BatchNormBackward and FastBatchNormBackward (BN5) against autograd of torch's
        batch_norm in DOUBLE: training from the saved mean / invstd, inference from the running
        statistics; every outputMask; LinalgVectorNorm against torch.linalg.vector_norm."""
        rng = random.Random(SEED + 14)
        masks = ((True, True, True), (True, False, False), (False, True, True))
        for dtype in (F32, F16, BF16):
            for shape in ((4, 3), (2, 3, 5), (2, 4, 3, 2)):
                C = shape[1]
                x = rand(rng, shape).to(dtype)
                gy = rand(rng, shape).to(dtype)
                w = rand(rng, (C,), 0.5, 2).to(dtype)
                rm, rv = rand(rng, (C,)).to(dtype), rand(rng, (C,), 0.5, 2).to(dtype)
                dims = [0] + list(range(2, len(shape)))
                xg = x.double()
                sm = xg.mean(dims)
                si = 1 / torch.sqrt(xg.var(dims, unbiased=False) + 1e-5)
                for training in (True, False):
                    xd = x.double().requires_grad_()
                    wd = w.double().requires_grad_()
                    bd = torch.zeros(C, dtype=F64, requires_grad=True)
                    y = TF.batch_norm(xd, rm.double().clone(), rv.double().clone(), wd, bd,
                                      training, 0.1, 1e-5)
                    y.backward(gy.double())
                    for op in ("BatchNormBackward", "FastBatchNormBackward"):
                        for mask in masks:
                            outs = [self.dev(torch.zeros(shape, dtype=dtype)) if mask[0] else None,
                                    self.dev(torch.zeros((C,), dtype=dtype)) if mask[1] else None,
                                    self.dev(torch.zeros((C,), dtype=dtype)) if mask[2] else None]
                            bm = self._arrays(nn.create_bool_array, mask)
                            try:
                                args = [self.dev(view_of(rng, gy)).handle,
                                        self.dev(view_of(rng, x)).handle, self.dev(w).handle,
                                        self.dev(rm).handle, self.dev(rv).handle,
                                        self.dev(sm.to(dtype)).handle,
                                        self.dev(si.to(dtype)).handle, training, 1e-5, bm]
                                if op == "FastBatchNormBackward":
                                    args.append(rng.choice((0, 1)))
                                args += [o.handle if o else 0 for o in outs]
                                self.run_op(op, *args)
                            finally:
                                nn.destroy_bool_array(bm)
                            what = "%s %s %s training=%s mask=%s" % (op, dtype, shape, training,
                                                                     mask)
                            t = tol(dtype)
                            if dtype != F32:
                                t = (t[0] * 4, t[1] * 4)  # the saved statistics are rounded
                            for o, ref, nm_ in zip(outs, (xd.grad, wd.grad, bd.grad),
                                                   ("gradInput", "gradWeight", "gradBias")):
                                if o is not None:
                                    check(self, o.read(), ref.to(dtype), "%s %s" % (what, nm_),
                                          tol=t)
        x = self.dev(torch.zeros((2, 3, 4), dtype=F32))
        c = self.dev(torch.zeros((3,), dtype=F32))
        c4 = self.dev(torch.zeros((4,), dtype=F32))
        m3 = self._arrays(nn.create_bool_array, [True, True, True])
        m2 = self._arrays(nn.create_bool_array, [True, True])
        try:
            ok = [x.handle, x.handle, c.handle, c.handle, c.handle, c.handle, c.handle]
            outs = [x.handle, c.handle, c.handle]
            self.refused("BatchNormBackward", 161001, *ok, True, 1e-5, m3, 0, c.handle, c.handle)
            self.refused("BatchNormBackward", 161001, *ok[:5], 0, c.handle, True, 1e-5, m3, *outs)
            self.refused("BatchNormBackward", 161002, *ok, True, 1e-5, m2, *outs)
            self.refused("BatchNormBackward", 161002, *ok[:2], c4.handle, *ok[3:], True, 1e-5, m3,
                         *outs)
            self.refused("FastBatchNormBackward", 161002, *ok, True, 1e-5, m3, 2, *outs)
        finally:
            nn.destroy_bool_array(m3)
            nn.destroy_bool_array(m2)
        from test_ew_torch import scalar
        for dtype in (F32, F16, BF16):
            for shape, dims, keep in (((3, 4), [1], False), ((2, 3, 4), [0, 2], True),
                                      ((5,), [], False)):
                x = rand(rng, shape).to(dtype)
                for ordv in (2.0, 1.0, 3.0, float("inf"), 0.0):
                    ref = torch.linalg.vector_norm(x.double(), ordv, dims if dims else None, keep)
                    out = self.dev(torch.zeros(ref.shape, dtype=dtype))
                    sc = scalar(ordv)
                    da = self._arrays(nn.create_int_array, dims)
                    try:
                        self.run_op("LinalgVectorNorm", self.dev(view_of(rng, x)).handle, sc, da,
                                    keep, ACL_DT[dtype], out.handle)
                    finally:
                        nn.destroy_scalar(sc)
                        nn.destroy_int_array(da)
                    check(self, out.read(), ref.to(dtype), "LinalgVectorNorm %s %s %s ord=%g" % (
                        dtype, shape, dims, ordv), tol=tol(dtype))
        sc = scalar(2.0)
        da = self._arrays(nn.create_int_array, [1])
        try:
            self.refused("LinalgVectorNorm", 161002, self.dev(torch.zeros((3, 4), dtype=F32)).handle,
                         sc, da, False, ACL_DT[F16], self.dev(torch.zeros((3,), dtype=F32)).handle)
            self.refused("LinalgVectorNorm", 161001, 0, sc, da, False, ACL_DT[F32],
                         self.dev(torch.zeros((3,), dtype=F32)).handle)
        finally:
            nn.destroy_scalar(sc)
            nn.destroy_int_array(da)

    def test_fused_add_rms_norm(self):
        """FusedAddRmsNorm (NM2): xOut = x1 scale + x2 (in float32), yOut its RmsNorm over
        gamma's dims times gamma, rstdOut per row, against torch in DOUBLE from the float32 sum."""
        rng = random.Random(SEED + 15)
        for dtype in (F32, F16, BF16):
            for shape, k in (((2, 16), 1), ((3, 4, 8), 1), ((2, 3, 4), 2), ((0, 5), 1)):
                for gdt in {dtype, F32}:
                    x1, x2 = rand(rng, shape).to(dtype), rand(rng, shape).to(dtype)
                    g = rand(rng, shape[-k:], 0.5, 2).to(gdt)
                    sc = 0.5
                    xs = (x1.float() * sc + x2.float()).double()
                    dims = list(range(len(shape) - k, len(shape)))
                    rstd = torch.rsqrt((xs * xs).mean(dims, keepdim=True) + 1e-6) \
                        if xs.numel() else torch.ones(shape[:-k] + (1,) * k, dtype=F64)
                    y, xo = (self.dev(torch.zeros(shape, dtype=dtype)),
                             self.dev(torch.zeros(shape, dtype=dtype)))
                    rs = self.dev(torch.zeros(shape[:-k] + (1,) * k, dtype=F32))
                    self.run_op("FusedAddRmsNorm", self.dev(view_of(rng, x1)).handle,
                                self.dev(x2).handle, self.dev(g).handle, 1e-6, sc, y.handle,
                                rs.handle, xo.handle)
                    what = "FusedAddRmsNorm %s %s gamma %s" % (dtype, shape, gdt)
                    check(self, xo.read(), xs.to(dtype), what + " xOut", tol=tol(dtype))
                    check(self, y.read(), (xs * rstd * g.double()).to(dtype), what + " yOut",
                          tol=tol(dtype))
                    if xs.numel():
                        check(self, rs.read(), rstd.float(), what + " rstdOut", tol=tol(F32))
        x = self.dev(torch.zeros((2, 4), dtype=F32))
        g = self.dev(torch.zeros((4,), dtype=F32))
        r = self.dev(torch.zeros((2, 1), dtype=F32))
        self.refused("FusedAddRmsNorm", 161001, x.handle, 0, g.handle, 1e-6, 1.0, x.handle,
                     r.handle, x.handle)
        self.refused("FusedAddRmsNorm", 161002, x.handle, x.handle, g.handle, 1e-6, 1.0, x.handle,
                     self.dev(torch.zeros((2, 1), dtype=F16)).handle, x.handle)
        self.refused("FusedAddRmsNorm", 161002, x.handle, x.handle,
                     self.dev(torch.zeros((3,), dtype=F32)).handle, 1e-6, 1.0, x.handle, r.handle,
                     x.handle)

    def test_group_norm_act(self):
        """GroupNormSilu(V2) and GroupNormSwish (NM4) against torch's group_norm followed by
        silu / x sigmoid(scale x); gamma and beta of self's type or FLOAT; the statistics
        against the group's mean and 1 / sqrt(var + eps)."""
        rng = random.Random(SEED + 11)
        cases = (((2, 6, 5), 3), ((3, 16), 2), ((2, 6, 3, 2), 2), ((1, 4, 7), 4))
        for dtype in (F32, F16, BF16):
            for shape, G in cases:
                N, C = shape[0], shape[1]
                x = rand(rng, shape).to(dtype)
                for pdt in {dtype, F32}:
                    w = rand(rng, (C,), 0.5, 2).to(pdt)
                    b = rand(rng, (C,), -1, 1).to(pdt)
                    v = TF.group_norm(x.double(), G, w.double(), b.double(), 1e-5)
                    xg = x.double().reshape(N, G, -1)
                    mean = xg.mean(2)
                    rstd = 1 / torch.sqrt(xg.var(2, unbiased=False) + 1e-5)
                    for op, extra, act, sdt in (
                            ("GroupNormSilu", [], TF.silu, dtype),
                            ("GroupNormSiluV2", [True], TF.silu, dtype),
                            ("GroupNormSiluV2", [False], lambda t: t, dtype),
                            ("GroupNormSwish", ["NCHW", 1e-5, True, 0.7],
                             lambda t: t * torch.sigmoid(0.7 * t), pdt),
                            ("GroupNormSwish", [None, 1e-5, False, 0.7], lambda t: t, pdt)):
                        what = "%s %s %s gamma %s %s" % (op, dtype, shape, pdt, extra)
                        y = self.dev(torch.zeros(shape, dtype=dtype))
                        m = self.dev(torch.zeros((N, G), dtype=sdt))
                        r = self.dev(torch.zeros((N, G), dtype=sdt))
                        args = [self.dev(view_of(rng, x)).handle, self.dev(w).handle,
                                self.dev(b).handle, G]
                        if op == "GroupNormSwish":
                            args += extra
                        else:
                            args += [1e-5] + extra
                        self.run_op(op, *args, y.handle, m.handle, r.handle)
                        check(self, y.read(), act(v).to(dtype), what, tol=tol(dtype))
                        check(self, m.read(), mean.to(sdt), what + " meanOut", tol=tol(sdt))
                        check(self, r.read(), rstd.to(sdt), what + " rstdOut", tol=tol(sdt))
        x = self.dev(torch.zeros((2, 4, 3), dtype=F32))
        h = self.dev(torch.zeros((2, 4, 3), dtype=F16))
        c = self.dev(torch.zeros((4,), dtype=F32))
        ch = self.dev(torch.zeros((4,), dtype=F16))
        st = self.dev(torch.zeros((2, 2), dtype=F32))
        sth = self.dev(torch.zeros((2, 2), dtype=F16))
        self.refused("GroupNormSilu", 161001, 0, c.handle, c.handle, 2, 1e-5, x.handle, st.handle,
                     st.handle)
        self.refused("GroupNormSilu", 161002, x.handle, c.handle, c.handle, 3, 1e-5, x.handle,
                     st.handle, st.handle)
        self.refused("GroupNormSilu", 161002, x.handle, c.handle, c.handle, 2, 0.0, x.handle,
                     st.handle, st.handle)
        self.refused("GroupNormSilu", 161002, h.handle, c.handle, ch.handle, 2, 1e-5, h.handle,
                     sth.handle, sth.handle)  # gamma FLOAT, beta FLOAT16
        self.refused("GroupNormSiluV2", 161002, x.handle, c.handle, c.handle, 2, 1e-5, True,
                     x.handle, st.handle, sth.handle)
        self.refused("GroupNormSwish", 161002, h.handle, c.handle, c.handle, 2, None, 1e-5, True,
                     1.0, h.handle, sth.handle, sth.handle)  # the statistics take gamma's type
        self.refused("GroupNormSwish", 161002, x.handle, c.handle, c.handle, 2, "NHWC", 1e-5,
                     True, 1.0, x.handle, st.handle, st.handle)

    def test_modulate(self):
        """Modulate (MD1) against self * (1 + scale) + shift with (B, 1, D) and (B, D)
        parameters, either absent."""
        rng = random.Random(SEED + 12)
        for dtype in (F32, F16, BF16):
            for B, L, D in ((2, 3, 4), (1, 5, 8), (3, 1, 2), (2, 0, 3)):
                x = rand(rng, (B, L, D)).to(dtype)
                for form in ((B, 1, D), (B, D)):
                    sc = rand(rng, form, -1, 1).to(dtype)
                    sh = rand(rng, form, -1, 1).to(dtype)
                    s3 = sc.double().reshape(B, 1, D)
                    t3 = sh.double().reshape(B, 1, D)
                    for has_s, has_t in ((True, True), (True, False), (False, True),
                                         (False, False)):
                        ref = x.double() * (1 + (s3 if has_s else 0)) + (t3 if has_t else 0)
                        out = self.dev(torch.zeros((B, L, D), dtype=dtype))
                        self.run_op("Modulate", self.dev(view_of(rng, x)).handle,
                                    self.dev(view_of(rng, sc)).handle if has_s else 0,
                                    self.dev(sh).handle if has_t else 0, out.handle)
                        check(self, out.read(), ref.to(dtype), "Modulate %s %s %s %s %s" % (
                            dtype, (B, L, D), form, has_s, has_t), tol=tol(dtype, False))
        x = self.dev(torch.zeros((2, 3, 4), dtype=F32))
        s = self.dev(torch.zeros((2, 4), dtype=F32))
        self.refused("Modulate", 161001, 0, s.handle, s.handle, x.handle)
        self.refused("Modulate", 161002, x.handle, self.dev(torch.zeros((2, 3), dtype=F32)).handle,
                     s.handle, x.handle)
        self.refused("Modulate", 161002, x.handle, self.dev(torch.zeros((2, 4), dtype=F16)).handle,
                     0, x.handle)
        self.refused("Modulate", 161002, s.handle, 0, 0, s.handle)
        self.refused("Modulate", 161002, x.handle, s.handle, s.handle,
                     self.dev(torch.zeros((2, 3, 4), dtype=F16)).handle)

    def test_renorm(self):
        """Renorm / InplaceRenorm against torch.renorm, EmbeddingRenorm against
        torch.embedding_renorm_ (repeated indices scale a row once)."""
        from test_ew_torch import scalar
        rng = random.Random(SEED + 9)
        for dtype in (F32, F16, BF16):
            for shape in ((3, 3), (2, 3, 4), (5, 1), (0, 3)):
                for dim in range(-len(shape), len(shape)):
                    for pv, mx in ((1.0, 2.0), (2.0, 1.5), (3.0, 0.5), (float("inf"), 1.0)):
                        if pv == float("inf") and 0 in shape:
                            continue  # torch's inf norm has no identity on an empty slice
                        x = rand(rng, shape).to(dtype)
                        ref = torch.renorm(x.double(), pv, dim, mx)
                        what = "Renorm %s %s dim=%d p=%g" % (dtype, shape, dim, pv)
                        sp, sm = scalar(pv), scalar(mx)
                        try:
                            out = self.dev(torch.zeros(shape, dtype=dtype))
                            self.run_op("Renorm", self.dev(view_of(rng, x)).handle, sp, dim, sm,
                                        out.handle)
                            check(self, out.read(), ref.to(dtype), what, tol=tol(dtype))
                            inp = self.dev(x.clone())
                            self.run_op("InplaceRenorm", inp.handle, sp, dim, sm)
                            check(self, inp.read(), ref.to(dtype), "Inplace" + what,
                                  tol=tol(dtype))
                        finally:
                            nn.destroy_scalar(sp)
                            nn.destroy_scalar(sm)
            for idt in (I32, I64):
                w = rand(rng, (6, 4)).to(dtype)
                idx = torch.tensor([1, 4, 1, 0], dtype=idt)
                ref = w.double().clone()
                with torch.no_grad():
                    torch.embedding_renorm_(ref, idx.long(), 2.0, 2.0)
                dw = self.dev(w.clone())
                self.run_op("EmbeddingRenorm", dw.handle, self.dev(idx).handle, 2.0, 2.0)
                check(self, dw.read(), ref.to(dtype), "EmbeddingRenorm %s %s" % (dtype, idt),
                      tol=tol(dtype))
        for dtype in (F32, F16):  # RenormV2: the numbers as doubles
            for shape in ((3, 3), (2, 3, 4), (0, 3)):
                for dim in range(-len(shape), len(shape)):
                    for pv, mx in ((1.0, 2.0), (2.0, 1.5), (3.0, 0.5)):
                        x = rand(rng, shape).to(dtype)
                        out = self.dev(torch.zeros(shape, dtype=dtype))
                        self.run_op("RenormV2", self.dev(view_of(rng, x)).handle, pv, dim, mx,
                                    out.handle)
                        check(self, out.read(), torch.renorm(x.double(), pv, dim, mx).to(dtype),
                              "RenormV2 %s %s dim=%d p=%g" % (dtype, shape, dim, pv),
                              tol=tol(dtype))
        x = self.dev(torch.zeros((2, 3), dtype=F32))
        h = self.dev(torch.zeros((2, 3), dtype=F16))
        i3 = self.dev(torch.zeros((2, 3, 1), dtype=F32))
        self.refused("RenormV2", 161001, 0, 2.0, 0, 1.0, x.handle)
        self.refused("RenormV2", 161002, x.handle, 0.0, 0, 1.0, x.handle)
        self.refused("RenormV2", 161002, x.handle, 2.0, 2, 1.0, x.handle)
        self.refused("RenormV2", 161002, x.handle, 2.0, 0, 1.0, h.handle)
        ix = self.dev(torch.zeros((2,), dtype=I64))
        fx = self.dev(torch.zeros((2,), dtype=F32))
        sp, sm, sn = scalar(2.0), scalar(1.0), scalar(-1.0)
        try:
            self.refused("Renorm", 161001, x.handle, 0, 0, sm, x.handle)
            self.refused("Renorm", 161002, x.handle, sp, 2, sm, x.handle)
            self.refused("Renorm", 161002, fx.handle, sp, 0, sm, fx.handle)
            self.refused("Renorm", 161002, x.handle, sp, 0, sm, h.handle)
            self.refused("Renorm", 161002, x.handle, sn, 0, sm, x.handle)
            self.refused("InplaceRenorm", 161002, x.handle, sp, 0, sn)
            self.refused("EmbeddingRenorm", 161002, x.handle, fx.handle, 1.0, 2.0)
            self.refused("EmbeddingRenorm", 161002, i3.handle, ix.handle, 1.0, 2.0)
            self.refused("EmbeddingRenorm", 161001, x.handle, 0, 1.0, 2.0)
        finally:
            for s_ in (sp, sm, sn):
                nn.destroy_scalar(s_)

    def test_bn_infer_grad(self):
        """BnInferGrad (BIG1-BIG2) against torch's autograd of batch_norm in eval mode (its input
        gradient is grads * weight / sqrt(running_var + eps)) for NCHW and NHWC; NC1HWC0 from the
        same values regrouped."""
        rng = random.Random(SEED + 40)
        for dtype in (F32, F16, BF16):
            for shape in ((2, 3, 4, 5), (3, 2), (1, 4, 2, 3)):
                c = shape[1]
                g = torch.tensor([rng.uniform(-2, 2) for _ in range(int(torch.tensor(shape).prod()))],
                                 dtype=F64).reshape(shape).to(dtype)
                w = torch.tensor([rng.uniform(-2, 2) for _ in range(c)], dtype=F32)
                v = torch.tensor([rng.uniform(0, 3) for _ in range(c)], dtype=F32)
                eps = 1e-3
                x = torch.zeros(shape, dtype=F64, requires_grad=True)
                y = torch.nn.functional.batch_norm(x, torch.zeros(c, dtype=F64), v.double(),
                                                   w.double(), None, False, 0.0, eps)
                y.backward(g.double())
                ref = x.grad.to(dtype)
                for mode in (0, 1):
                    gin = g if mode == 0 else g.movedim(1, -1).contiguous()
                    r = ref if mode == 0 else ref.movedim(1, -1).contiguous()
                    out = self.dev(torch.zeros(r.shape, dtype=dtype))
                    self.run_op("BnInferGrad", self.dev(view_of(rng, gin)).handle,
                                self.dev(w).handle, self.dev(v).handle, eps, mode, out.handle)
                    check(self, out.read(), r, "BnInferGrad %s %s mode %d" % (dtype, shape, mode))
                if len(shape) == 4 and c % 2 == 0:  # NC1HWC0 with C0 2
                    n, _, h, wd = shape
                    g5 = g.reshape(n, c // 2, 2, h, wd).permute(0, 1, 3, 4, 2).contiguous()
                    r5 = ref.reshape(n, c // 2, 2, h, wd).permute(0, 1, 3, 4, 2).contiguous()
                    out = self.dev(torch.zeros(r5.shape, dtype=dtype))
                    self.run_op("BnInferGrad", self.dev(g5).handle, self.dev(w).handle,
                                self.dev(v).handle, eps, 2, out.handle)
                    check(self, out.read(), r5, "BnInferGrad NC1HWC0 %s %s" % (dtype, shape))
        g = self.dev(torch.zeros((2, 3, 2, 2)))
        w3 = self.dev(torch.ones((3,)))
        self.refused("BnInferGrad", 161001, g.handle, None, w3.handle, 1e-3, 0, g.handle)
        self.refused("BnInferGrad", 161002, g.handle, w3.handle, w3.handle, 1e-3, 1, g.handle)
        self.refused("BnInferGrad", 161002, g.handle, w3.handle, w3.handle, 1e-3, 2, g.handle)
        self.refused("BnInferGrad", 161002, g.handle, w3.handle, w3.handle, 1e-3, 3, g.handle)
        self.refused("BnInferGrad", 161002, g.handle, self.dev(torch.ones((3,), dtype=F16)).handle,
                     w3.handle, 1e-3, 0, g.handle)
        self.refused("BnInferGrad", 161002, g.handle, w3.handle, w3.handle, 1e-3, 0,
                     self.dev(torch.zeros((2, 3, 2, 2), dtype=F16)).handle)

    def int_array(self, values):
        a, ret = nn.create_int_array(list(values))
        self.assertEqual(ret, 0)
        self.addCleanup(nn.destroy_int_array, a)
        return a

    def test_ada_layer_norm_backward(self):
        """AdaLayerNormBackward (NB4) against CANN's formulas in DOUBLE from the rounded mean
        and rstd, and (FLOAT) against torch's autograd of layer_norm (1 + scale) + shift:
        every gradient, scale and shift [B..., H] or [B..., 1, H], weight / bias absent or
        FLOAT under a half input, outputs left NULL."""
        rng = random.Random(SEED + 31)
        cases = (((2, 3, 8), False), ((2, 3, 8), True), ((4, 6), False), ((2, 2, 3, 5), True),
                 ((1, 1, 9), True))
        for dtype in (F32, F16, BF16):
            for shape, mid in cases:
                H = shape[-1]
                bs = list(shape[:-2])
                ps = bs + ([1, H] if mid else [H])
                b3 = bs + [1, H]
                for pdt, affine in ((dtype, True), (F32, True), (dtype, False)):
                    what = "AdaLayerNormBackward %s %s %s w %s affine=%s" % (dtype, shape, ps,
                                                                             pdt, affine)
                    x = rand(rng, shape).to(dtype)
                    dy = rand(rng, shape).to(dtype)
                    sc, sh = rand(rng, ps, -1, 1).to(dtype), rand(rng, ps).to(dtype)
                    w = rand(rng, [H], 0.5, 2).to(pdt) if affine else None
                    b = rand(rng, [H]).to(pdt) if affine else None
                    xd = x.double()
                    mean = xd.mean(-1, keepdim=True)
                    rstd = torch.rsqrt(((xd - mean) ** 2).mean(-1, keepdim=True) + 1e-5)
                    mr, rr = mean.to(dtype), rstd.to(dtype)
                    # CANN's formulas from the rounded statistics
                    m, r = mr.double(), rr.double()
                    wd = w.double() if affine else torch.ones(H, dtype=F64)
                    bd = b.double() if affine else torch.zeros(H, dtype=F64)
                    s1 = 1 + sc.double().reshape(b3)
                    g, z = dy.double(), (xd - m) * r
                    dyg = g * wd * s1
                    dx = (dyg - dyg.mean(-1, keepdim=True) -
                          z * (dyg * z).mean(-1, keepdim=True)) * r
                    red = tuple(range(len(shape) - 1))
                    ref = {"gradInputOut": dx,
                           "gradScaleOut": (g * (z * wd + bd)).sum(-2).reshape(ps),
                           "gradShiftOut": g.sum(-2).reshape(ps),
                           "gradWeightOut": (g * s1 * z).sum(red),
                           "gradBiasOut": (g * s1).sum(red)}
                    gdt = pdt if affine else dtype
                    outs = {"gradInputOut": self.dev(torch.zeros(shape, dtype=dtype)),
                            "gradScaleOut": self.dev(torch.zeros(ps, dtype=dtype)),
                            "gradShiftOut": self.dev(torch.zeros(ps, dtype=dtype)),
                            "gradWeightOut": self.dev(torch.zeros([H], dtype=gdt)),
                            "gradBiasOut": self.dev(torch.zeros([H], dtype=gdt))}
                    skip = rng.choice((None, "gradInputOut", "gradScaleOut", "gradWeightOut"))
                    order = ("gradInputOut", "gradScaleOut", "gradShiftOut", "gradWeightOut",
                             "gradBiasOut")
                    self.run_op("AdaLayerNormBackward", self.dev(view_of(rng, dy)).handle,
                                self.dev(view_of(rng, x)).handle, self.int_array([H]),
                                self.dev(rr).handle, self.dev(mr).handle,
                                self.dev(view_of(rng, sc)).handle, self.dev(sh).handle,
                                self.dev(w).handle if affine else 0,
                                self.dev(b).handle if affine else 0,
                                *[0 if k == skip else outs[k].handle for k in order])
                    for k in order:
                        if k == skip:
                            continue
                        got = outs[k].read()
                        check(self, got, ref[k].to(got.dtype), "%s %s" % (what, k),
                              tol=tol(dtype))
                    if dtype == F32 and skip is None:  # torch's autograd agrees
                        xa = xd.clone().requires_grad_()
                        sa = sc.double().clone().requires_grad_()
                        ha = sh.double().clone().requires_grad_()
                        wa = wd.clone().requires_grad_()
                        ba = bd.clone().requires_grad_()
                        o = TF.layer_norm(xa, (H,), wa, ba, 1e-5) * \
                            (1 + sa.reshape(b3)) + ha.reshape(b3)
                        o.backward(g)
                        for k, t in (("gradInputOut", xa), ("gradScaleOut", sa),
                                     ("gradShiftOut", ha), ("gradWeightOut", wa),
                                     ("gradBiasOut", ba)):
                            got = outs[k].read()
                            check(self, got, t.grad.to(got.dtype), "%s autograd %s" % (what, k),
                                  tol=tol(dtype))
        f = self.dev(torch.zeros((2, 3, 4), dtype=F32))
        h = self.dev(torch.zeros((2, 3, 4), dtype=F16))
        st = self.dev(torch.zeros((2, 3, 1), dtype=F32))
        sc = self.dev(torch.zeros((2, 4), dtype=F32))
        bad = self.dev(torch.zeros((3, 4), dtype=F32))
        ns, ns3 = self.int_array([4]), self.int_array([3])
        ok = [f.handle, f.handle, ns, st.handle, st.handle, sc.handle, sc.handle, 0, 0]
        outs = [f.handle, sc.handle, sc.handle, 0, 0]
        self.run_op("AdaLayerNormBackward", *ok, *outs)
        self.refused("AdaLayerNormBackward", 161001, *ok[:2], 0, *ok[3:], *outs)
        self.refused("AdaLayerNormBackward", 161001, *ok[:5], 0, *ok[6:], *outs)
        self.refused("AdaLayerNormBackward", 161002, *ok[:2], ns3, *ok[3:], *outs)
        self.refused("AdaLayerNormBackward", 161002, f.handle, h.handle, *ok[2:], *outs)
        self.refused("AdaLayerNormBackward", 161002, *ok[:5], bad.handle, *ok[6:], *outs)
        self.refused("AdaLayerNormBackward", 161002, *ok, h.handle, *outs[1:])
        self.refused("AdaLayerNormBackward", 161002, *ok, *outs[:3],
                     self.dev(torch.zeros((4,), dtype=F16)).handle, 0)

    def test_instance_norm(self):
        """InstanceNorm (NM6) against torch's instance_norm in DOUBLE, "NCHW" and "NHWC" (x
        permuted), the mean and biased variance per (N, C), empty tensors."""
        rng = random.Random(SEED + 32)
        for dtype in (F32, F16):
            for shape in ((2, 3, 4, 5), (1, 8, 2, 2), (3, 2, 1, 7), (0, 3, 2, 2), (2, 0, 2, 2)):
                for fmt in ("NCHW", "NHWC"):
                    what = "InstanceNorm %s %s %s" % (dtype, shape, fmt)
                    N, C = shape[0], shape[1]
                    x = rand(rng, shape).to(dtype)
                    g, b = rand(rng, (C,), 0.5, 2).to(dtype), rand(rng, (C,)).to(dtype)
                    xd = x.double()
                    ref = TF.instance_norm(xd, weight=g.double(), bias=b.double(), eps=1e-5) \
                        if x.numel() else xd
                    mean = xd.mean((2, 3)) if x.numel() else torch.zeros((N, C), dtype=F64)
                    var = ((xd - mean.reshape(N, C, 1, 1)) ** 2).mean((2, 3)) if x.numel() \
                        else torch.zeros((N, C), dtype=F64)
                    if fmt == "NHWC":
                        xi, ref = x.permute(0, 2, 3, 1).contiguous(), ref.permute(0, 2, 3, 1)
                        st = (N, 1, 1, C)
                    else:
                        xi, st = x, (N, C, 1, 1)
                    y = self.dev(torch.zeros(tuple(xi.shape), dtype=dtype))
                    m = self.dev(torch.zeros(st, dtype=dtype))
                    v = self.dev(torch.zeros(st, dtype=dtype))
                    self.run_op("InstanceNorm", self.dev(view_of(rng, xi)).handle,
                                self.dev(g).handle, self.dev(b).handle, fmt, 1e-5, y.handle,
                                m.handle, v.handle)
                    check(self, y.read(), ref.to(dtype), what, tol=tol(dtype))
                    check(self, m.read(), mean.reshape(st).to(dtype), what + " mean",
                          tol=tol(dtype))
                    check(self, v.read(), var.reshape(st).to(dtype), what + " variance",
                          tol=tol(dtype))
        x = self.dev(torch.zeros((2, 3, 4, 4), dtype=F32))
        c = self.dev(torch.zeros((3,), dtype=F32))
        st = self.dev(torch.zeros((2, 3, 1, 1), dtype=F32))
        ok = [x.handle, c.handle, c.handle, "NCHW", 1e-5, x.handle, st.handle, st.handle]
        self.run_op("InstanceNorm", *ok)
        self.refused("InstanceNorm", 161001, 0, *ok[1:])
        self.refused("InstanceNorm", 161001, *ok[:3], None, *ok[4:])
        self.refused("InstanceNorm", 161002, *ok[:3], "NDHWC", *ok[4:])
        self.refused("InstanceNorm", 161002, *ok[:3], "NHWC", *ok[4:])  # mean (N, 1, 1, C)
        self.refused("InstanceNorm", 161002,
                     self.dev(torch.zeros((2, 3, 4), dtype=F32)).handle, *ok[1:])
        self.refused("InstanceNorm", 161002,
                     self.dev(torch.zeros((2, 3, 4, 4), dtype=BF16)).handle, *ok[1:])
        self.refused("InstanceNorm", 161002, *ok[:7],
                     self.dev(torch.zeros((2, 3, 1, 1), dtype=F16)).handle)
        self.refused("InstanceNorm", 161002, ok[0],
                     self.dev(torch.zeros((4,), dtype=F32)).handle, *ok[2:])

    def check_q(self, got, ref, raw, what):
        """Integer outputs: exact, but where raw (the unrounded value) is within 1e-6 of a
        tie."""
        got = got.double()
        near_tie = ((raw - torch.floor(raw)) - 0.5).abs() < 1e-6
        bad = ((got - ref).abs() > 0) & ~near_tie
        self.assertFalse(bool(bad.any()), "%s: got %s want %s" % (what, got[bad][:5],
                                                                  ref[bad][:5]))

    def test_norm_grad_quant(self):
        """RmsNormGradQuant (NB5): RmsNormGrad's dx in DOUBLE, quantised with torch.round (half
        to even) and a clamp to INT8, exactly (but within 1e-6 of a tie); dgamma against
        sum(dy x rstd); gamma of x's type or FLOAT, divMode, with and without offsetX."""
        rng = random.Random(SEED + 33)
        for dtype in (F32, F16, BF16):
            for shape, k in (((4, 6), 1), ((2, 3, 5), 1), ((2, 3, 4), 2), ((0, 4), 1)):
                for div in (False, True):
                    for off in (None, rng.randint(-6, 6)):
                        gs = list(shape[len(shape) - k:])
                        lead = list(shape[:len(shape) - k])
                        what = "RmsNormGradQuant %s %s div=%s offset %s" % (dtype, shape, div,
                                                                            off)
                        x, dy = rand(rng, shape).to(dtype), rand(rng, shape).to(dtype)
                        gdt = rng.choice((dtype, F32))
                        g = rand(rng, gs, 0.5, 2).to(gdt)
                        dims = list(range(len(shape) - k, len(shape)))
                        xd, dd, gd = x.double(), dy.double(), g.double()
                        r = torch.rsqrt((xd * xd).mean(dims, keepdim=True) + 1e-6) \
                            if x.numel() else torch.ones(lead + [1] * k, dtype=F64)
                        rf = r.to(F32)
                        rr = rf.double()
                        m = (dd * gd * xd * rr).mean(dims, keepdim=True) if x.numel() else 0
                        dx = (dd * gd - rr * xd * m) * rr
                        sv = rng.uniform(0.05, 0.2) if div else rng.uniform(5, 40)
                        sc = torch.tensor([sv], dtype=F64).to(rng.choice((dtype, F32)))
                        raw = (dx / sc.double() if div else dx * sc.double()) + (off or 0)
                        dg = (dd * xd * rr).sum(list(range(len(lead)))) if lead else dd * xd * rr
                        q = self.dev(torch.zeros(shape, dtype=torch.int8))
                        dgo = self.dev(torch.zeros(gs, dtype=F32))
                        self.run_op("RmsNormGradQuant", self.dev(view_of(rng, dy)).handle,
                                    self.dev(view_of(rng, x)).handle,
                                    self.dev(rf.reshape(lead)).handle, self.dev(g).handle,
                                    self.dev(sc).handle,
                                    self.dev(torch.tensor([off], dtype=I32)).handle
                                    if off is not None else 0, "static", div, q.handle,
                                    dgo.handle)
                        self.check_q(q.read(), torch.clamp(torch.round(raw), -128, 127), raw,
                                     what)
                        check(self, dgo.read(), dg.to(F32), what + " dgamma", tol=tol(dtype))
        x = self.dev(torch.zeros((2, 3), dtype=F16))
        g = self.dev(torch.zeros((3,), dtype=F16))
        r = self.dev(torch.zeros((2,), dtype=F32))
        s1 = self.dev(torch.zeros((1,), dtype=F32))
        q = self.dev(torch.zeros((2, 3), dtype=torch.int8))
        dg = self.dev(torch.zeros((3,), dtype=F32))
        ok = [x.handle, x.handle, r.handle, g.handle, s1.handle, 0]
        self.refused("RmsNormGradQuant", 161001, *ok[:4], 0, 0, "static", False, q.handle,
                     dg.handle)
        self.refused("RmsNormGradQuant", 161002, *ok, "dynamic", False, q.handle, dg.handle)
        self.refused("RmsNormGradQuant", 161002, *ok, "static", False, x.handle, dg.handle)
        self.refused("RmsNormGradQuant", 161002, *ok[:5], s1.handle, "static", False, q.handle,
                     dg.handle)
        self.refused("RmsNormGradQuant", 161002, *ok[:4], g.handle, 0, "static", False,
                     q.handle, dg.handle)

    def test_group_norm_silu_quant(self):
        """GroupNormSiluQuant (NM7): torch's group_norm then silu in DOUBLE, quantised with
        torch.round (half to even) and a clamp to INT8, exactly (but within 1e-6 of a tie);
        quantScale one value or one per channel; gamma / beta absent (1, 0)."""
        rng = random.Random(SEED + 34)
        for dtype in (F16, BF16):
            for shape, G in (((2, 6, 5), 3), ((3, 4), 2), ((2, 6, 3, 2), 2), ((1, 4, 7), 4)):
                for per_c, affine in ((False, True), (True, True), (True, False)):
                    N, C = shape[0], shape[1]
                    what = "GroupNormSiluQuant %s %s per-channel=%s affine=%s" % (
                        dtype, shape, per_c, affine)
                    x = rand(rng, shape).to(dtype)
                    w = rand(rng, (C,), 0.5, 2).to(dtype)
                    b = rand(rng, (C,), -1, 1).to(dtype)
                    qs = rand(rng, (C if per_c else 1,), 0.005, 0.03).to(F32)
                    v = TF.group_norm(x.double(), G, w.double() if affine else None,
                                      b.double() if affine else None, 1e-5)
                    v = v * torch.sigmoid(v)
                    qv = qs.double().reshape([1, -1] + [1] * (len(shape) - 2))
                    raw = v / qv
                    out = self.dev(torch.zeros(shape, dtype=torch.int8))
                    m = self.dev(torch.zeros((N, G), dtype=dtype))
                    r = self.dev(torch.zeros((N, G), dtype=dtype))
                    self.run_op("GroupNormSiluQuant", self.dev(view_of(rng, x)).handle,
                                self.dev(w).handle if affine else 0,
                                self.dev(b).handle if affine else 0, self.dev(qs).handle, G,
                                1e-5, True, out.handle, m.handle, r.handle)
                    self.check_q(out.read(), torch.clamp(torch.round(raw), -128, 127), raw,
                                 what)
                    xg = x.double().reshape(N, G, -1)
                    check(self, m.read(), xg.mean(-1).to(dtype), what + " mean", tol=tol(dtype))
                    check(self, r.read(), torch.rsqrt(xg.var(-1, unbiased=False) + 1e-5)
                          .to(dtype), what + " rstd", tol=tol(dtype))
        x = self.dev(torch.zeros((2, 4, 3), dtype=F16))
        q = self.dev(torch.zeros((2, 4, 3), dtype=torch.int8))
        st = self.dev(torch.zeros((2, 2), dtype=F16))
        s1 = self.dev(torch.zeros((1,), dtype=F32))
        ok = [x.handle, 0, 0, s1.handle, 2, 1e-5, True]
        self.refused("GroupNormSiluQuant", 161001, *ok[:3], 0, *ok[4:], q.handle, st.handle,
                     st.handle)
        self.refused("GroupNormSiluQuant", 161002, *ok[:6], False, q.handle, st.handle,
                     st.handle)
        self.refused("GroupNormSiluQuant", 161002, *ok, x.handle, st.handle, st.handle)
        self.refused("GroupNormSiluQuant", 161002, *ok[:3],
                     self.dev(torch.zeros((3,), dtype=F32)).handle, *ok[4:], q.handle,
                     st.handle, st.handle)
        self.refused("GroupNormSiluQuant", 161002, *ok[:3],
                     self.dev(torch.zeros((1,), dtype=F16)).handle, *ok[4:], q.handle,
                     st.handle, st.handle)
        self.refused("GroupNormSiluQuant", 161002, *ok[:4], 3, *ok[5:], q.handle, st.handle,
                     st.handle)

    def test_quantized_batch_norm(self):
        """QuantizedBatchNorm (BN7) against the formula in DOUBLE: dequantise, normalise with the
        given mean / var, weight and bias (absent: 1, 0), requantise with torch.round (half to
        even) clamped to the output type's range, exactly (but within 1e-6 of a tie); INT8,
        UINT8, INT32; the scalars' checks."""
        from test_ew_torch import scalar
        rng = random.Random(SEED + 35)
        ranges = {torch.int8: (-128, 127), torch.uint8: (0, 255),
                  torch.int32: (-2 ** 31, 2 ** 31 - 1)}
        for dtype, (lo, hi) in ranges.items():
            for shape in ((2, 3, 4, 5), (1, 2, 1, 7), (3, 1, 2, 2)):
                for affine in (True, False):
                    C = shape[1]
                    what = "QuantizedBatchNorm %s %s affine=%s" % (dtype, shape, affine)
                    qlo, qhi = (lo, hi) if dtype != torch.int32 else (-1000, 1000)
                    x = torch.tensor([rng.randint(qlo, qhi) for _ in range(
                        shape[0] * C * shape[2] * shape[3])], dtype=dtype).reshape(shape)
                    mean = rand(rng, (C,), -2, 2).to(F32)
                    var = rand(rng, (C,), 0.5, 3).to(F32)
                    w = rand(rng, (C,), 0.5, 2).to(F32)
                    b = rand(rng, (C,), -1, 1).to(F32)
                    isc, osc = rng.uniform(0.005, 0.05), rng.uniform(0.01, 0.05)
                    izp = rng.randint(max(lo, -20), min(hi, 20))
                    ozp = rng.randint(max(lo, -20), min(hi, 20))
                    if dtype == torch.uint8:
                        izp, ozp = abs(izp), abs(ozp)
                    f = float(torch.tensor(isc, dtype=F32)), float(torch.tensor(osc, dtype=F32))
                    xd = (x.double() - izp) * f[0]
                    cs = [1, C, 1, 1]
                    y = (xd - mean.double().reshape(cs)) / torch.sqrt(
                        var.double().reshape(cs) + float(torch.tensor(1e-5, dtype=F32)))
                    if affine:
                        y = y * w.double().reshape(cs) + b.double().reshape(cs)
                    raw = y / f[1] + ozp
                    out = self.dev(torch.zeros(shape, dtype=dtype))
                    hs = [scalar(isc), scalar(izp), scalar(osc), scalar(ozp)]
                    try:
                        self.run_op("QuantizedBatchNorm", self.dev(x).handle,
                                    self.dev(mean).handle, self.dev(var).handle, *hs,
                                    self.dev(w).handle if affine else 0,
                                    self.dev(b).handle if affine else 0, 1e-5, out.handle)
                    finally:
                        for h in hs:
                            nn.destroy_scalar(h)
                    self.check_q(out.read(), torch.clamp(torch.round(raw), lo, hi), raw, what)
        x = self.dev(torch.zeros((1, 2, 2, 2), dtype=torch.int8))
        x3 = self.dev(torch.zeros((1, 2, 4), dtype=torch.int8))
        xf = self.dev(torch.zeros((1, 2, 2, 2), dtype=F32))
        c = self.dev(torch.zeros((2,), dtype=F32))
        c3 = self.dev(torch.zeros((3,), dtype=F32))
        hs = [scalar(0.1), scalar(0), scalar(0.1), scalar(300)]
        good = [scalar(0.1), scalar(0), scalar(0.1), scalar(0)]
        try:
            self.refused("QuantizedBatchNorm", 161001, x.handle, 0, c.handle, *good, 0, 0, 1e-5,
                         x.handle)
            self.refused("QuantizedBatchNorm", 161002, x.handle, c.handle, c.handle, *hs, 0, 0,
                         1e-5, x.handle)
            self.refused("QuantizedBatchNorm", 161002, xf.handle, c.handle, c.handle, *good, 0,
                         0, 1e-5, xf.handle)
            self.refused("QuantizedBatchNorm", 161002, x3.handle, c.handle, c.handle, *good, 0,
                         0, 1e-5, x3.handle)
            self.refused("QuantizedBatchNorm", 161002, x.handle, c3.handle, c.handle, *good, 0,
                         0, 1e-5, x.handle)
            self.refused("QuantizedBatchNorm", 161002, x.handle, c.handle, c.handle, *good, 0,
                         0, 1e-5, self.dev(torch.zeros((1, 2, 2, 2), dtype=torch.uint8)).handle)
        finally:
            for h in hs + good:
                nn.destroy_scalar(h)

    def test_sync_bn_pieces(self):
        """BatchNormReduceBackward (BN9) and BatchNormGatherStatsWithCounts (BN8) against torch's
        definitions (batch_norm_backward_reduce, batch_norm_gather_stats_with_counts) in
        DOUBLE; every flag combination, running statistics absent or given."""
        rng = random.Random(SEED + 36)
        for dtype in (F32, F16, BF16):
            for shape in ((4, 3), (2, 3, 5), (2, 4, 3, 2), (0, 3, 2)):
                C = shape[1]
                cs = [1, C] + [1] * (len(shape) - 2)
                red = [0] + list(range(2, len(shape)))
                x, dy = rand(rng, shape).to(dtype), rand(rng, shape).to(dtype)
                mean, invstd = rand(rng, (C,), -1, 1).to(dtype), rand(rng, (C,), 0.5, 2).to(dtype)
                w = rand(rng, (C,), 0.5, 2).to(dtype)
                dd, xd = dy.double(), x.double()
                sdy = dd.sum(red)
                sdx = (dd * (xd - mean.double().reshape(cs))).sum(red)
                ref = [sdy, sdx, sdx * invstd.double(), sdy]
                for flags in ((True, True, True), (True, False, False), (False, True, True)):
                    what = "BatchNormReduceBackward %s %s %s" % (dtype, shape, flags)
                    outs = [self.dev(torch.zeros((C,), dtype=dtype)) for _ in range(4)]
                    want = [flags[0], flags[0], flags[1], flags[2]]
                    self.run_op("BatchNormReduceBackward", self.dev(view_of(rng, dy)).handle,
                                self.dev(view_of(rng, x)).handle, self.dev(mean).handle,
                                self.dev(invstd).handle, self.dev(w).handle, *flags,
                                *[o.handle if k else 0 for o, k in zip(outs, want)])
                    for o, r, k, nm in zip(outs, ref, want, ("sumDy", "sumDyXmu", "gradWeight",
                                                              "gradBias")):
                        if k:
                            check(self, o.read(), r.to(dtype), "%s %s" % (what, nm),
                                  tol=tol(dtype))
            for W, C in ((3, 4), (1, 5), (4, 1)):
                for running in (True, False):
                    what = "BatchNormGatherStatsWithCounts %s %d x %d running=%s" % (dtype, W, C,
                                                                                   running)
                    m = rand(rng, (W, C), -1, 1).to(dtype)
                    iv = rand(rng, (W, C), 0.5, 2).to(dtype)
                    cnt = torch.tensor([float(rng.randint(2, 9)) for _ in range(W)],
                                       dtype=F64).to(dtype)
                    rm, rv = rand(rng, (C,), -1, 1).to(dtype), rand(rng, (C,), 0.5, 2).to(dtype)
                    md, ivd, cd = m.double(), iv.double(), cnt.double().reshape(W, 1)
                    total = cd.sum()
                    mall = (cd * md).sum(0) / total
                    var = (cd * (1 / (ivd * ivd) - 1e-5 + (md - mall) ** 2)).sum(0) / total
                    mo, io = self.dev(torch.zeros((C,), dtype=dtype)), \
                        self.dev(torch.zeros((C,), dtype=dtype))
                    rmd, rvd = self.dev(rm), self.dev(rv)
                    self.run_op("BatchNormGatherStatsWithCounts",
                                self.dev(torch.zeros((2, C, 3), dtype=dtype)).handle,
                                self.dev(view_of(rng, m)).handle, self.dev(iv).handle,
                                rmd.handle if running else 0, rvd.handle if running else 0, 0.1,
                                1e-5, self.dev(cnt).handle, mo.handle, io.handle)
                    check(self, mo.read(), mall.to(dtype), what + " meanAll", tol=tol(dtype))
                    check(self, io.read(), torch.rsqrt(var + 1e-5).to(dtype), what + " invstdAll",
                          tol=tol(dtype))
                    if running:
                        check(self, rmd.read(), (0.9 * rm.double() + 0.1 * mall).to(dtype),
                              what + " runningMean", tol=tol(dtype))
                        check(self, rvd.read(), (0.9 * rv.double() + 0.1 * var * total /
                                                 (total - 1)).to(dtype), what + " runningVar",
                              tol=tol(dtype))
        x = self.dev(torch.zeros((2, 3, 4), dtype=F32))
        h = self.dev(torch.zeros((2, 3, 4), dtype=F16))
        c = self.dev(torch.zeros((3,), dtype=F32))
        c4 = self.dev(torch.zeros((4,), dtype=F32))
        ok = [x.handle, x.handle, c.handle, c.handle, c.handle]
        self.refused("BatchNormReduceBackward", 161001, *ok, True, False, False, 0, c.handle, 0, 0)
        self.refused("BatchNormReduceBackward", 161001, 0, *ok[1:], False, False, False, 0, 0, 0,
                     0)
        self.refused("BatchNormReduceBackward", 161002, h.handle, *ok[1:], True, True, True,
                     c.handle, c.handle, c.handle, c.handle)
        self.refused("BatchNormReduceBackward", 161002, *ok[:2], c4.handle, *ok[3:], True, True,
                     True, c.handle, c.handle, c.handle, c.handle)
        self.refused("BatchNormReduceBackward", 161002, *ok, True, True, True, c.handle,
                     c.handle, c4.handle, c.handle)
        m = self.dev(torch.zeros((2, 3), dtype=F32))
        m4 = self.dev(torch.zeros((2, 4), dtype=F32))
        n2 = self.dev(torch.ones((2,), dtype=F32))
        n3 = self.dev(torch.ones((3,), dtype=F32))
        self.refused("BatchNormGatherStatsWithCounts", 161001, x.handle, m.handle, m.handle, 0, 0,
                     0.1, 1e-5, 0, c.handle, c.handle)
        self.refused("BatchNormGatherStatsWithCounts", 161002, x.handle, m4.handle, m4.handle, 0,
                     0, 0.1, 1e-5, n2.handle, c.handle, c.handle)
        self.refused("BatchNormGatherStatsWithCounts", 161002, x.handle, m.handle, m.handle, 0, 0,
                     0.1, 1e-5, n3.handle, c.handle, c.handle)
        self.refused("BatchNormGatherStatsWithCounts", 161002, x.handle, m.handle, m4.handle, 0,
                     0, 0.1, 1e-5, n2.handle, c.handle, c.handle)
        self.refused("BatchNormGatherStatsWithCounts", 161002, x.handle, m.handle, m.handle, 0, 0,
                     0.1, 1e-5, n2.handle, c4.handle, c.handle)

    def test_sum_norm_grads(self):
        """AddLayerNormGrad and DeepNormGrad (NB6): LayerNormBackward's formula of the forward's
        sum (x1 + x2, alpha x + gx) in DOUBLE from the FLOAT mean and rstd given, dsumOptional
        added (AddLayerNormGrad), dgx and alpha dgx (DeepNormGrad); FLOAT autograd agrees."""
        rng = random.Random(SEED + 37)
        for dtype in (F32, F16, BF16):
            for shape, k in (((4, 6), 1), ((2, 3, 5), 1), ((2, 3, 4), 2), ((3, 1, 4), 1)):
                gs = list(shape[len(shape) - k:])
                lead = list(shape[:len(shape) - k])
                dims = list(range(len(shape) - k, len(shape)))
                for op in ("AddLayerNormGrad", "DeepNormGrad"):
                    for extra in (False, True):
                        what = "%s %s %s %s" % (op, dtype, shape, extra)
                        a, b = rand(rng, shape).to(dtype), rand(rng, shape).to(dtype)
                        dy = rand(rng, shape).to(dtype)
                        g = rand(rng, gs, 0.5, 2).to(dtype)
                        ds = rand(rng, shape).to(dtype)
                        alpha = 0.3 if op == "DeepNormGrad" else 1.0
                        xs = alpha * a.double() + b.double()
                        m = xs.mean(dims, keepdim=True)
                        r = torch.rsqrt(((xs - m) ** 2).mean(dims, keepdim=True) + 1e-5)
                        mf, rf = m.to(F32), r.to(F32)
                        md, rd = mf.double(), rf.double()
                        xh = (xs - md) * rd
                        gg = dy.double() * g.double()
                        dxs = rd * (gg - gg.mean(dims, keepdim=True) -
                                    xh * (gg * xh).mean(dims, keepdim=True))
                        red = list(range(len(lead)))
                        dgam = (dy.double() * xh).sum(red)
                        dbet = dy.double().sum(red)
                        dx = self.dev(torch.zeros(shape, dtype=dtype))
                        dg = self.dev(torch.zeros(gs, dtype=F32))
                        db = self.dev(torch.zeros(gs, dtype=F32))
                        if op == "AddLayerNormGrad":
                            self.run_op(op, self.dev(view_of(rng, dy)).handle,
                                        self.dev(view_of(rng, a)).handle, self.dev(b).handle,
                                        self.dev(rf).handle, self.dev(mf).handle,
                                        self.dev(g).handle, self.dev(ds).handle if extra else 0,
                                        dx.handle, dg.handle, db.handle)
                            ref = dxs + (ds.double() if extra else 0)
                        else:
                            dgx = self.dev(torch.zeros(shape, dtype=dtype))
                            self.run_op(op, self.dev(view_of(rng, dy)).handle,
                                        self.dev(view_of(rng, a)).handle, self.dev(b).handle,
                                        self.dev(g).handle, self.dev(mf.reshape(lead)).handle,
                                        self.dev(rf.reshape(lead)).handle, alpha, dx.handle,
                                        dgx.handle, db.handle, dg.handle)
                            check(self, dgx.read(), dxs.to(dtype), what + " dgx", tol=tol(dtype))
                            ref = alpha * dxs
                        check(self, dx.read(), ref.to(dtype), what + " dx", tol=tol(dtype))
                        check(self, dg.read(), dgam.to(F32), what + " dgamma", tol=tol(dtype))
                        check(self, db.read(), dbet.to(F32), what + " dbeta", tol=tol(dtype))
                        if dtype == F32 and not extra:  # torch's autograd of the forward
                            xa = xs.clone().requires_grad_()
                            TF.layer_norm(xa, gs, g.double(), None, 1e-5).backward(dy.double())
                            check(self, dx.read(), (alpha * xa.grad).to(F32),
                                  what + " autograd", tol=tol(F32))
        x = self.dev(torch.zeros((2, 3), dtype=F32))
        h = self.dev(torch.zeros((2, 3), dtype=F16))
        g = self.dev(torch.zeros((3,), dtype=F32))
        st = self.dev(torch.zeros((2, 1), dtype=F32))
        sth = self.dev(torch.zeros((2, 1), dtype=F16))
        ok = [x.handle, x.handle, x.handle, st.handle, st.handle, g.handle, 0]
        self.run_op("AddLayerNormGrad", *ok, x.handle, g.handle, g.handle)
        self.refused("AddLayerNormGrad", 161001, *ok[:2], 0, *ok[3:], x.handle, g.handle,
                     g.handle)
        self.refused("AddLayerNormGrad", 161002, *ok[:2], h.handle, *ok[3:], x.handle, g.handle,
                     g.handle)
        self.refused("AddLayerNormGrad", 161002, *ok[:3], sth.handle, *ok[4:], x.handle,
                     g.handle, g.handle)
        self.refused("AddLayerNormGrad", 161002, *ok[:6], h.handle, x.handle, g.handle,
                     g.handle)
        self.refused("AddLayerNormGrad", 161002, *ok, x.handle, st.handle, g.handle)
        dok = [x.handle, x.handle, x.handle, g.handle, st.handle, st.handle, 0.5]
        self.run_op("DeepNormGrad", *dok, x.handle, x.handle, g.handle, g.handle)
        self.refused("DeepNormGrad", 161001, *dok, x.handle, 0, g.handle, g.handle)
        self.refused("DeepNormGrad", 161002, *dok, x.handle, h.handle, g.handle, g.handle)
        self.refused("DeepNormGrad", 161002, *dok[:3], st.handle, *dok[4:], x.handle, x.handle,
                     g.handle, g.handle)

    def test_sync_bn_backward_reduce(self):
        """SyncBatchNormBackwardReduce (BN10): sumDyXmu = sumDyDxPad - mean sumDy, y = sumDyXmu
        invertStd in DOUBLE, every declared dtype, a non-contiguous view, an empty tensor."""
        rng = random.Random(SEED + 38)
        for dtype in (F32, F16, BF16):
            for shape in ((5,), (2, 3), (0,)):
                what = "SyncBatchNormBackwardReduce %s %s" % (dtype, shape)
                t = [rand(rng, shape).to(dtype) for _ in range(4)]
                sdy, sdx, m, iv = (a.double() for a in t)
                xmu = sdx - m * sdy
                o = [self.dev(torch.zeros(shape, dtype=dtype)) for _ in range(2)]
                self.run_op("SyncBatchNormBackwardReduce", self.dev(view_of(rng, t[0])).handle,
                            *[self.dev(a).handle for a in t[1:]], o[0].handle, o[1].handle)
                check(self, o[0].read(), xmu.to(dtype), what + " sumDyXmu", tol=tol(dtype))
                check(self, o[1].read(), (xmu * iv).to(dtype), what + " y", tol=tol(dtype))
        a = self.dev(torch.zeros((3,), dtype=F32))
        h = self.dev(torch.zeros((3,), dtype=F16))
        b = self.dev(torch.zeros((4,), dtype=F32))
        self.refused("SyncBatchNormBackwardReduce", 161001, a.handle, a.handle, a.handle, 0,
                     a.handle, a.handle)
        self.refused("SyncBatchNormBackwardReduce", 161002, a.handle, a.handle, h.handle,
                     a.handle, a.handle, a.handle)
        self.refused("SyncBatchNormBackwardReduce", 161002, a.handle, a.handle, a.handle,
                     a.handle, b.handle, a.handle)

    def test_scaled_masked_softmax(self):
        """ScaledMaskedSoftmax(Backward) (SM1) against torch's softmax of masked_fill(scale x,
        mask, -10000) in DOUBLE and the softmax gradient times scale, 0 where masked; every
        declared dtype, every mask broadcast CANN lists, non-contiguous views."""
        rng = random.Random(SEED + 39)
        for dtype in (F32, F16, BF16):
            for shape in ((2, 3, 4, 5), (1, 2, 3, 17), (2, 1, 1, 8)):
                B, N, S1, S2 = shape
                for mshape in {(B, N, S1, S2), (B, 1, S1, S2), (1, N, S1, S2), (1, 1, S1, S2)}:
                    what = "ScaledMaskedSoftmax %s %s mask %s" % (dtype, shape, mshape)
                    x = rand(rng, shape).to(dtype)
                    mask = torch.tensor([rng.random() < 0.3 for _ in range(
                        mshape[0] * mshape[1] * S1 * S2)]).reshape(mshape)
                    sc = rng.choice((0.5, 1.0, 2.0))
                    v = (sc * x.double()).masked_fill(mask.expand(shape), -10000.0)
                    yref = torch.softmax(v, -1)
                    y = self.dev(torch.zeros(shape, dtype=dtype))
                    self.run_op("ScaledMaskedSoftmax", self.dev(view_of(rng, x)).handle,
                                self.dev(mask).handle, sc, False, y.handle)
                    check(self, y.read(), yref.to(dtype), what, tol=tol(dtype))
                    yd = yref.to(dtype)
                    dy = rand(rng, shape).to(dtype)
                    yy, gg = yd.double(), dy.double()
                    gref = sc * (gg * yy - (gg * yy).sum(-1, keepdim=True) * yy)
                    gref = gref.masked_fill(mask.expand(shape), 0)
                    out = self.dev(torch.zeros(shape, dtype=dtype))
                    self.run_op("ScaledMaskedSoftmaxBackward", self.dev(view_of(rng, dy)).handle,
                                self.dev(yd).handle, self.dev(mask).handle, sc, False, out.handle)
                    check(self, out.read(), gref.to(dtype), what + " backward", tol=tol(dtype))
        x = self.dev(torch.zeros((1, 2, 3, 4), dtype=F32))
        h = self.dev(torch.zeros((1, 2, 3, 4), dtype=F16))
        m = self.dev(torch.zeros((1, 1, 3, 4), dtype=torch.bool))
        mi = self.dev(torch.zeros((1, 1, 3, 4), dtype=torch.int8))
        m3 = self.dev(torch.zeros((1, 3, 3, 4), dtype=torch.bool))
        x3 = self.dev(torch.zeros((2, 3, 4), dtype=F32))
        self.refused("ScaledMaskedSoftmax", 161001, x.handle, 0, 1.0, False, x.handle)
        self.refused("ScaledMaskedSoftmax", 161002, x.handle, m.handle, 1.0, True, x.handle)
        self.refused("ScaledMaskedSoftmax", 161002, x.handle, mi.handle, 1.0, False, x.handle)
        self.refused("ScaledMaskedSoftmax", 161002, x.handle, m3.handle, 1.0, False, x.handle)
        self.refused("ScaledMaskedSoftmax", 161002, x3.handle, m.handle, 1.0, False, x3.handle)
        self.refused("ScaledMaskedSoftmax", 161002, x.handle, m.handle, 1.0, False, h.handle)
        self.refused("ScaledMaskedSoftmaxBackward", 161001, x.handle, 0, m.handle, 1.0, False,
                     x.handle)
        self.refused("ScaledMaskedSoftmaxBackward", 161002, x.handle, h.handle, m.handle, 1.0,
                     False, x.handle)

    def test_modulate_backward(self):
        """ModulateBackward (MD2) against CANN's formulas in DOUBLE: grad_input = grad_output
        scale (grad_output without scale), grad_scale = sum_L grad_output input, grad_shift =
        sum_L grad_output; scale / shift present or absent, every declared dtype."""
        rng = random.Random(SEED + 40)
        for dtype in (F32, F16, BF16):
            for shape in ((2, 3, 4), (1, 5, 7), (3, 1, 2)):
                B, L, D = shape
                for has_sc, has_sh in ((True, True), (True, False), (False, True),
                                       (False, False)):
                    what = "ModulateBackward %s %s scale=%s shift=%s" % (dtype, shape, has_sc,
                                                                         has_sh)
                    g, x = rand(rng, shape).to(dtype), rand(rng, shape).to(dtype)
                    sc, sh = rand(rng, (B, D)).to(dtype), rand(rng, (B, D)).to(dtype)
                    gi = self.dev(torch.zeros(shape, dtype=dtype))
                    gs = self.dev(torch.zeros((B, D), dtype=dtype))
                    gh = self.dev(torch.zeros((B, D), dtype=dtype))
                    self.run_op("ModulateBackward", self.dev(view_of(rng, g)).handle,
                                self.dev(view_of(rng, x)).handle,
                                self.dev(sc).handle if has_sc else 0,
                                self.dev(sh).handle if has_sh else 0, gi.handle,
                                gs.handle if has_sc else 0, gh.handle if has_sh else 0)
                    gd = g.double()
                    ref = gd * sc.double().reshape(B, 1, D) if has_sc else gd
                    check(self, gi.read(), ref.to(dtype), what + " grad_input", tol=tol(dtype))
                    if has_sc:
                        check(self, gs.read(), (gd * x.double()).sum(1).to(dtype),
                              what + " grad_scale", tol=tol(dtype))
                    if has_sh:
                        check(self, gh.read(), gd.sum(1).to(dtype), what + " grad_shift",
                              tol=tol(dtype))
        x = self.dev(torch.zeros((2, 3, 4), dtype=F32))
        h = self.dev(torch.zeros((2, 3, 4), dtype=F16))
        s = self.dev(torch.zeros((2, 4), dtype=F32))
        s3 = self.dev(torch.zeros((2, 1, 4), dtype=F32))
        self.refused("ModulateBackward", 161001, x.handle, x.handle, s.handle, 0, x.handle, 0, 0)
        self.refused("ModulateBackward", 161002, x.handle, h.handle, s.handle, 0, x.handle,
                     s.handle, 0)
        self.refused("ModulateBackward", 161002, x.handle, x.handle, s3.handle, 0, x.handle,
                     s3.handle, 0)
        self.refused("ModulateBackward", 161002, s.handle, s.handle, 0, 0, s.handle, 0, 0)

    def test_group_norm_swish_grad(self):
        """GroupNormSwishGrad (NB7): GroupNormBackward's formula of dy through the swish in
        DOUBLE from the given mean / rstd (rounded to gamma's type), and (FLOAT) torch's
        autograd of group_norm then v sigmoid(s v); dgamma / dbeta by their flags."""
        rng = random.Random(SEED + 41)
        for dtype in (F32, F16, BF16):
            for shape, G in (((2, 6, 5), 3), ((3, 4), 2), ((2, 6, 3, 2), 2), ((1, 4, 7), 4)):
                for sc, flags in ((1.0, (True, True)), (0.7, (True, False)), (1.3, (False, True))):
                    N, C = shape[0], shape[1]
                    what = "GroupNormSwishGrad %s %s scale %s %s" % (dtype, shape, sc, flags)
                    x, dy = rand(rng, shape).to(dtype), rand(rng, shape).to(dtype)
                    w, b = rand(rng, (C,), 0.5, 2).to(dtype), rand(rng, (C,), -1, 1).to(dtype)
                    xg = x.double().reshape(N, G, -1)
                    m = xg.mean(-1)
                    r = torch.rsqrt(xg.var(-1, unbiased=False) + 1e-5)
                    mr, rr = m.to(dtype), r.to(dtype)
                    cs = [1, C] + [1] * (len(shape) - 2)
                    gsh = [N, G] + [1] * (len(shape) - 1)
                    xh = ((x.double().reshape([N, G, C // G] + list(shape[2:])) -
                           mr.double().reshape(gsh)) * rr.double().reshape(gsh)).reshape(shape)
                    v = xh * w.double().reshape(cs) + b.double().reshape(cs)
                    sg = torch.sigmoid(sc * v)
                    d2 = dy.double() * sg * (1 + sc * v * (1 - sg))
                    red = [0] + list(range(2, len(shape)))
                    dg, db = (d2 * xh).sum(red), d2.sum(red)
                    gg = (d2 * w.double().reshape(cs)).reshape(N, G, -1)
                    xhg = xh.reshape(N, G, -1)
                    dx = rr.double().reshape(N, G, 1) * (gg - gg.mean(-1, keepdim=True) -
                                                         xhg * (gg * xhg).mean(-1, keepdim=True))
                    dx = dx.reshape(shape)
                    o = [self.dev(torch.zeros(shape, dtype=dtype)),
                         self.dev(torch.zeros((C,), dtype=dtype)),
                         self.dev(torch.zeros((C,), dtype=dtype))]
                    self.run_op("GroupNormSwishGrad", self.dev(view_of(rng, dy)).handle,
                                self.dev(mr).handle, self.dev(rr).handle,
                                self.dev(view_of(rng, x)).handle, self.dev(w).handle,
                                self.dev(b).handle, G, "NCHW", sc, *flags, o[0].handle,
                                o[1].handle if flags[0] else 0, o[2].handle if flags[1] else 0)
                    check(self, o[0].read(), dx.to(dtype), what + " dx", tol=tol(dtype))
                    if flags[0]:
                        check(self, o[1].read(), dg.to(dtype), what + " dgamma", tol=tol(dtype))
                    if flags[1]:
                        check(self, o[2].read(), db.to(dtype), what + " dbeta", tol=tol(dtype))
                    if dtype == F32:  # torch's autograd of the forward
                        xa = x.double().clone().requires_grad_()
                        wa = w.double().clone().requires_grad_()
                        ba = b.double().clone().requires_grad_()
                        va = TF.group_norm(xa, G, wa, ba, 1e-5)
                        (va * torch.sigmoid(sc * va)).backward(dy.double())
                        check(self, o[0].read(), xa.grad.to(F32), what + " autograd dx",
                              tol=tol(F32))
                        if flags[0]:
                            check(self, o[1].read(), wa.grad.to(F32), what + " autograd dgamma",
                                  tol=tol(F32))
        x = self.dev(torch.zeros((2, 4, 3), dtype=F32))
        h = self.dev(torch.zeros((2, 4, 3), dtype=F16))
        st = self.dev(torch.zeros((2, 2), dtype=F32))
        c = self.dev(torch.zeros((4,), dtype=F32))
        c3 = self.dev(torch.zeros((3,), dtype=F32))
        ok = [x.handle, st.handle, st.handle, x.handle, c.handle, c.handle, 2, "NCHW", 1.0, True,
              True]
        self.run_op("GroupNormSwishGrad", *ok, x.handle, c.handle, c.handle)
        self.refused("GroupNormSwishGrad", 161001, *ok, x.handle, 0, c.handle)
        self.refused("GroupNormSwishGrad", 161002, *ok[:6], 3, *ok[7:], x.handle, c.handle,
                     c.handle)
        self.refused("GroupNormSwishGrad", 161002, *ok[:7], "NHWC", *ok[8:], x.handle, c.handle,
                     c.handle)
        self.refused("GroupNormSwishGrad", 161002, *ok[:3], h.handle, *ok[4:], x.handle,
                     c.handle, c.handle)
        self.refused("GroupNormSwishGrad", 161002, *ok[:4], c3.handle, *ok[5:], x.handle,
                     c.handle, c.handle)

    def test_sync_bn_training_update_v2(self):
        """SyncBnTrainingUpdateV2 (BN11) against its README / example's golden in DOUBLE: the
        per-channel mean and biased variance of x1, y1 normalised with eps 1e-6, y2 / y3 =
        momentum running + (1 - momentum) batch statistic."""
        rng = random.Random(SEED + 42)
        for shape in ((2, 3, 4, 5), (4, 2), (1, 8, 3)):
            C = shape[1]
            mom = rng.choice((0.9, 0.5))
            what = "SyncBnTrainingUpdateV2 %s momentum %s" % (shape, mom)
            x = rand(rng, shape, 0, 10).to(F32)
            rm, rv = rand(rng, (C,), 1, 5).to(F32), rand(rng, (C,), 1, 5).to(F32)
            red = [0] + list(range(2, len(shape)))
            cs = [1, C] + [1] * (len(shape) - 2)
            xd = x.double()
            m = xd.mean(red)
            var = (xd * xd).mean(red) - m * m
            y1 = (xd - m.reshape(cs)) / torch.sqrt(var.reshape(cs) + 1e-6)
            o = [self.dev(torch.zeros(shape, dtype=F32)), self.dev(torch.zeros((C,), dtype=F32)),
                 self.dev(torch.zeros((C,), dtype=F32))]
            self.run_op("SyncBnTrainingUpdateV2", self.dev(view_of(rng, x)).handle,
                        self.dev(rm).handle, self.dev(rv).handle, mom, *[t.handle for t in o])
            check(self, o[0].read(), y1.to(F32), what + " y1", tol=tol(F32))
            check(self, o[1].read(), (mom * rm.double() + (1 - mom) * m).to(F32), what + " y2",
                  tol=tol(F32))
            check(self, o[2].read(), (mom * rv.double() + (1 - mom) * var).to(F32), what + " y3",
                  tol=tol(F32))
        x = self.dev(torch.zeros((2, 3, 4), dtype=F32))
        h = self.dev(torch.zeros((2, 3, 4), dtype=F16))
        c = self.dev(torch.zeros((3,), dtype=F32))
        c4 = self.dev(torch.zeros((4,), dtype=F32))
        self.refused("SyncBnTrainingUpdateV2", 161001, x.handle, 0, c.handle, 0.9, x.handle,
                     c.handle, c.handle)
        self.refused("SyncBnTrainingUpdateV2", 161002, h.handle, c.handle, c.handle, 0.9,
                     h.handle, c.handle, c.handle)
        self.refused("SyncBnTrainingUpdateV2", 161002, x.handle, c4.handle, c.handle, 0.9,
                     x.handle, c.handle, c.handle)

    def test_masked_softmax_rel_pos_bias(self):
        """MaskedSoftmaxWithRelPosBias (SM2) against torch's softmax of scale x + mask + bias in
        DOUBLE: 4-d and 5-d x, every mask / bias form CANN lists, no mask, every declared
        dtype."""
        rng = random.Random(SEED + 43)
        for dtype in (F32, F16, BF16):
            for B, W, N, S1, S2 in ((2, 3, 2, 4, 5), (1, 1, 3, 2, 7)):
                for five in (False, True):
                    for mform in (None, 3, 4, 5):
                        bform = rng.choice((3, 4, 5))
                        what = "MaskedSoftmaxWithRelPosBias %s %s 5-d=%s mask %s bias %s" % (
                            dtype, (B, W, N, S1, S2), five, mform, bform)
                        x5 = rand(rng, (B, W, N, S1, S2)).to(dtype)
                        m = rand(rng, (W, S1, S2), -2, 0).to(dtype)
                        b = rand(rng, (N, S1, S2)).to(dtype)
                        sc = rng.choice((0.5, 1.0))
                        ref = sc * x5.double() + b.double().reshape(1, 1, N, S1, S2)
                        if mform:
                            ref = ref + m.double().reshape(1, W, 1, S1, S2)
                        ref = torch.softmax(ref, -1)
                        mshape = {3: (W, S1, S2), 4: (W, 1, S1, S2), 5: (1, W, 1, S1, S2)}
                        bshape = {3: (N, S1, S2), 4: (1, N, S1, S2), 5: (1, 1, N, S1, S2)}
                        xs = (B, W, N, S1, S2) if five else (B * W, N, S1, S2)
                        if not five and not mform and W > 1:
                            continue  # a 4-d x without a mask is read with W = 1
                        out = self.dev(torch.zeros(xs, dtype=dtype))
                        self.run_op("MaskedSoftmaxWithRelPosBias",
                                    self.dev(view_of(rng, x5.reshape(xs))).handle,
                                    self.dev(m.reshape(mshape[mform])).handle if mform else 0,
                                    self.dev(b.reshape(bshape[bform])).handle, sc, 0, out.handle)
                        check(self, out.read(), ref.reshape(xs).to(dtype), what, tol=tol(dtype))
        x = self.dev(torch.zeros((6, 2, 4, 5), dtype=F32))
        h = self.dev(torch.zeros((6, 2, 4, 5), dtype=F16))
        m = self.dev(torch.zeros((3, 4, 5), dtype=F32))
        m4 = self.dev(torch.zeros((4, 4, 5), dtype=F32))
        b = self.dev(torch.zeros((2, 4, 5), dtype=F32))
        b3 = self.dev(torch.zeros((3, 4, 5), dtype=F32))
        self.run_op("MaskedSoftmaxWithRelPosBias", x.handle, m.handle, b.handle, 1.0, 0, x.handle)
        self.refused("MaskedSoftmaxWithRelPosBias", 161001, x.handle, m.handle, 0, 1.0, 0,
                     x.handle)
        self.refused("MaskedSoftmaxWithRelPosBias", 161002, x.handle, m4.handle, b.handle, 1.0, 0,
                     x.handle)
        self.refused("MaskedSoftmaxWithRelPosBias", 161002, x.handle, m.handle, b3.handle, 1.0, 0,
                     x.handle)
        self.refused("MaskedSoftmaxWithRelPosBias", 161002, x.handle, m.handle, b.handle, 1.0, 2,
                     x.handle)
        self.refused("MaskedSoftmaxWithRelPosBias", 161002, x.handle, m.handle, b.handle, 1.0, 0,
                     h.handle)


if __name__ == "__main__":
    unittest.main()
