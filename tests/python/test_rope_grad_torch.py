# SPDX-License-Identifier: Apache-2.0
"""RotaryPositionEmbeddingGrad (ops/attention/rope_grad.c) against PyTorch's autograd.

The oracle is torch.autograd in float64 through the forward of each mode (the formulas of
aclnn_rotary_position_embedding.h: half, interleave, quarter, interleave-half), so dx, dcos
and dsin are the true gradients of y = x * cos + rotate(x) * sin with cos / sin broadcast over
dy's leading dims (each 1 or dy's). FLOAT, FLOAT16, BFLOAT16; without xOptional dcos / dsin are
left as they were; a strided dy. Bad input gives 161001 / 161002 / 561002 naming the operator.
Skipped without torch."""
import random
import unittest

from torchcase import TorchCase, torch  # noqa: E402 (first: torch before acl)

import acltest  # noqa: E402
from acltest import acl  # noqa: E402

if torch is not None:
    from test_ew_torch import check, F16, BF16, F32, F64  # noqa: E402

setUpModule = acltest.setup_module
tearDownModule = acltest.teardown_module

nn = acl.nn
SEED = 1747
if torch is not None:
    TOL = {F32: (1e-5, 1e-5), F16: (4e-3, 4e-3), BF16: (3e-2, 3e-2)}


def rope_forward(x, cos, sin, mode):
    d = x.shape[-1]
    h, q = d // 2, d // 4
    if mode == 0:
        rot = torch.cat((-x[..., h:], x[..., :h]), -1)
    elif mode == 1:
        rot = torch.stack((-x[..., 1::2], x[..., 0::2]), -1).reshape(x.shape)
    elif mode == 2:
        rot = torch.cat((-x[..., q:h], x[..., :q], -x[..., h + q:], x[..., h:h + q]), -1)
    else:
        x = torch.cat((x[..., 0::2], x[..., 1::2]), -1)
        rot = torch.cat((-x[..., h:], x[..., :h]), -1)
    return x * cos + rot * sin


def rope_grad_ref(dy, x, cos, sin, mode):
    x, cos, sin = (t.double().clone().requires_grad_(True) for t in (x, cos, sin))
    y = rope_forward(x, cos, sin, mode)
    y.backward(dy.double())
    return x.grad, cos.grad, sin.grad


@unittest.skipIf(torch is None, "torch (or numpy) is not installed")
class RopeGradTorch(TorchCase):
    def case(self, rng, dtype, mode, shape, cshape, with_x=True, strided=False):
        g = torch.Generator().manual_seed(rng.randrange(1 << 30))

        def rnd(*s):
            return (torch.rand(*s, generator=g, dtype=F64) * 2 - 1).to(dtype)

        dy, x = rnd(*shape), rnd(*shape)
        cos, sin = rnd(*cshape), rnd(*cshape)
        gx, gc, gs = rope_grad_ref(dy, x, cos, sin, mode)
        dyv = dy.transpose(1, 2).contiguous().transpose(1, 2) if strided else dy
        dx = self.dev(torch.full(shape, 7.0, dtype=dtype))
        dc = self.dev(torch.full(cshape, 7.0, dtype=dtype))
        ds = self.dev(torch.full(cshape, 7.0, dtype=dtype))
        self.run_op("RotaryPositionEmbeddingGrad", self.dev(dyv).handle, self.dev(cos).handle,
                    self.dev(sin).handle, self.dev(x).handle if with_x else None, mode,
                    dx.handle, dc.handle, ds.handle)
        what = "RotaryPositionEmbeddingGrad %s mode %d %s cos %s%s%s" % (
            dtype, mode, shape, cshape, "" if with_x else " no x", " strided" if strided else "")
        check(self, dx.read().double(), gx, what + " dx", tol=TOL[dtype])
        if with_x:
            check(self, dc.read().double(), gc, what + " dcos", tol=TOL[dtype])
            check(self, ds.read().double(), gs, what + " dsin", tol=TOL[dtype])
        else:
            self.assertTrue(bool((dc.read() == 7).all()), what)
            self.assertTrue(bool((ds.read() == 7).all()), what)

    def test_against_autograd(self):
        rng = random.Random(SEED)
        for dtype in (F32, F16, BF16):
            for mode in range(4):
                self.case(rng, dtype, mode, (2, 3, 4, 8), (1, 1, 1, 8))
                self.case(rng, dtype, mode, (2, 3, 4, 16), (2, 3, 4, 16))
                self.case(rng, dtype, mode, (2, 3, 4, 8), (2, 1, 4, 8), strided=True)
                self.case(rng, dtype, mode, (1, 2, 3, 4), (1, 2, 1, 4), with_x=False)
        # CANN's example's shape: one row of 128, interleave
        self.case(rng, F32, 1, (1, 1, 1, 128), (1, 1, 1, 128))

    def test_refused(self):
        op = "RotaryPositionEmbeddingGrad"
        t = self.dev(torch.zeros(1, 2, 3, 8)).handle
        c = self.dev(torch.zeros(1, 1, 3, 8)).handle

        def refused(code, frag, *a):
            _, _, ret = nn.get_workspace_size(op, *a)
            msg = acl.get_recent_err_msg()
            self.assertEqual(ret, code, msg)
            self.assertIn("aclnn%s:" % op, msg)
            self.assertIn(frag, msg)

        self.run_op(op, t, c, c, t, 0, t, c, c)
        refused(161001, "dy", None, c, c, t, 0, t, c, c)
        refused(161001, "dsinOut", t, c, c, t, 0, t, c, None)
        refused(161002, "sin", t, c, self.dev(torch.zeros(1, 1, 3, 8, dtype=F16)).handle, t, 0,
                t, c, c)
        refused(161002, "dy", self.dev(torch.zeros(1, 2, 3, 8, dtype=torch.int32)).handle, c, c,
                t, 0, t, c, c)
        refused(561002, "mode", t, c, c, t, 4, t, c, c)
        refused(561002, "multiple of 4", self.dev(torch.zeros(1, 2, 3, 6)).handle,
                self.dev(torch.zeros(1, 1, 3, 6)).handle, self.dev(torch.zeros(1, 1, 3, 6)).handle,
                None, 2, self.dev(torch.zeros(1, 2, 3, 6)).handle,
                self.dev(torch.zeros(1, 1, 3, 6)).handle, self.dev(torch.zeros(1, 1, 3, 6)).handle)
        refused(561002, "dxOut", t, c, c, t, 0, c, c, c)
        refused(561002, "cos's dim 2", t, self.dev(torch.zeros(1, 1, 2, 8)).handle,
                self.dev(torch.zeros(1, 1, 2, 8)).handle, t, 0, t,
                self.dev(torch.zeros(1, 1, 2, 8)).handle, self.dev(torch.zeros(1, 1, 2, 8)).handle)
        refused(561002, "4-d", self.dev(torch.zeros(2, 3, 8)).handle, c, c, None, 0,
                self.dev(torch.zeros(2, 3, 8)).handle, c, c)


if __name__ == "__main__":
    unittest.main()
