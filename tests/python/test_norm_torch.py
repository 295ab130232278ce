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
that sum a row). Bad input gives 161001 / 161002 naming the operator. Skipped
(exit 77) without torch."""
import random
import unittest

from torchcase import TorchCase, torch  # noqa: E402 (first: torch before acl)

if torch is not None:
    import torch.nn.functional as TF

import acltest  # noqa: E402
from acltest import acl  # noqa: E402

if torch is not None:
    from test_ew_torch import Dev, check, view_of, F16, BF16, F32, F64, TOL  # noqa: E402

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


if __name__ == "__main__":
    unittest.main()
