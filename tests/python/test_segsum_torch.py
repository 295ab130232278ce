# SPDX-License-Identifier: Apache-2.0
"""ExpSegsum and ExpSegsumBackward (ops/reduce/segsum.c) against PyTorch (torch 1.13 on the CPU,
in DOUBLE, as the oracle): the forward written as CANN's docs spell it (self broadcast along the
rows, masked, cumsum down the rows, -inf above the diagonal, exp: Mamba-2's segsum), the
backward as torch.autograd's gradient of that forward. Every declared type, 3-d and 4-d self,
non-contiguous views, empty tensors, the codes of bad input. Skipped (exit 77) without torch."""
import random
import unittest

from torchcase import TorchCase, torch  # noqa: E402 (first: torch before acl)

import acltest  # noqa: E402
from acltest import acl  # noqa: E402, F401

if torch is not None:
    from test_ew_torch import check, view_of, gen, F16, BF16, F32, F64  # noqa: E402

setUpModule = acltest.setup_module
tearDownModule = acltest.teardown_module

SEED = 1512


def exp_segsum(x):
    """CANN's steps (aclnnExpSegsum.md) on x [..., T] in DOUBLE."""
    t = x.shape[-1]
    xx = x.unsqueeze(-1).expand(x.shape + (t,))  # [..., i, j] = x[i]
    keep = torch.tril(torch.ones(t, t, dtype=torch.bool), diagonal=-1)
    xx = xx.masked_fill(~keep, 0)
    s = torch.cumsum(xx, dim=-2)
    s = s.masked_fill(~torch.tril(torch.ones(t, t, dtype=torch.bool)), float("-inf"))
    return torch.exp(s)


@unittest.skipIf(torch is None, "torch is not installed")
class SegsumTorch(TorchCase):
    def test_exp_segsum(self):
        rng = random.Random(SEED)
        for dt in (F32, F16, BF16):
            for shape in ((2, 3, 5), (1, 2, 3, 4), (2, 1, 1), (3, 2, 8), (2, 0, 4), (1, 2, 0)):
                x = gen(rng, shape, dt, lo=-1.0, hi=1.0, special=False)
                out = self.dev(torch.zeros(shape + (shape[-1],), dtype=dt))
                self.run_op("ExpSegsum", self.dev(view_of(rng, x)).handle, out.handle)
                check(self, out.read(), exp_segsum(x.double()).to(dt),
                      "ExpSegsum %s %s" % (dt, shape), inputs=(x,))
        # inf and NaN run through the sums and exp as in torch
        x = torch.tensor([[[1.0, float("inf"), -float("inf"), float("nan")]]])
        out = self.dev(torch.zeros((1, 1, 4, 4)))
        self.run_op("ExpSegsum", self.dev(x).handle, out.handle)
        check(self, out.read(), exp_segsum(x.double()).float(), "ExpSegsum special")
        x = self.dev(torch.zeros((2, 3, 4)))
        self.refused("ExpSegsum", 161001, None, self.dev(torch.zeros((2, 3, 4, 4))).handle)
        self.refused("ExpSegsum", 161002, x.handle, self.dev(torch.zeros((2, 3, 4, 3))).handle)
        self.refused("ExpSegsum", 161002, x.handle,
                     self.dev(torch.zeros((2, 3, 4, 4), dtype=F16)).handle)
        self.refused("ExpSegsum", 161002, self.dev(torch.zeros((3, 4))).handle,
                     self.dev(torch.zeros((3, 4, 4))).handle)
        self.refused("ExpSegsum", 161002, self.dev(torch.zeros((2, 3, 4), dtype=F64)).handle,
                     self.dev(torch.zeros((2, 3, 4, 4), dtype=F64)).handle)

    def test_exp_segsum_backward(self):
        rng = random.Random(SEED + 1)
        for dt in (F32, F16, BF16):
            for shape in ((2, 3, 5), (1, 2, 3, 4), (2, 1, 1), (3, 2, 8), (2, 0, 4)):
                x = gen(rng, shape, F64, lo=-1.0, hi=1.0, special=False).requires_grad_()
                y = exp_segsum(x)
                g = gen(rng, y.shape, F64, special=False).to(dt)
                y.backward(g.double())
                yd = y.detach().to(dt)
                gi = self.dev(torch.zeros(shape, dtype=dt))
                self.run_op("ExpSegsumBackward", self.dev(view_of(rng, g)).handle,
                            self.dev(view_of(rng, yd)).handle, gi.handle)
                # autograd on the rounded inputs: the same sums of g * y
                ref = torch.zeros(shape, dtype=F64)
                if x.numel():
                    m = (g.double() * yd.double()).tril(-1)
                    rev = m.flip(-2).cumsum(-2).flip(-2).tril(-1)
                    ref = rev.sum(-1)
                    # and the rounded inputs' result agrees with autograd's to dt's rounding
                    check(self, ref.to(dt), x.grad.to(dt), "ExpSegsumBackward's reference %s" % dt,
                          tol=(0.05, 0.05))
                check(self, gi.read(), ref.to(dt), "ExpSegsumBackward %s %s" % (dt, shape))
        g = self.dev(torch.zeros((1, 2, 3, 3)))
        self.refused("ExpSegsumBackward", 161001, g.handle, None,
                     self.dev(torch.zeros((1, 2, 3))).handle)
        self.refused("ExpSegsumBackward", 161002, g.handle, g.handle,
                     self.dev(torch.zeros((1, 2, 4))).handle)
        self.refused("ExpSegsumBackward", 161002, g.handle,
                     self.dev(torch.zeros((1, 2, 3, 3), dtype=F16)).handle,
                     self.dev(torch.zeros((1, 2, 3))).handle)
        sq = self.dev(torch.zeros((1, 2, 3, 4)))
        self.refused("ExpSegsumBackward", 161002, sq.handle, sq.handle,
                     self.dev(torch.zeros((1, 2, 3))).handle)
        self.refused("ExpSegsumBackward", 161002, self.dev(torch.zeros((3, 3, 3))).handle,
                     self.dev(torch.zeros((3, 3, 3))).handle, self.dev(torch.zeros((3, 3))).handle)


if __name__ == "__main__":
    unittest.main()
