# SPDX-License-Identifier: Apache-2.0
"""InterleaveRope (ops/attention/interleave_rope.c) against PyTorch.

The oracle is CANN's documented formula in float64 from the inputs as stored:
q = x.reshape(B, N, S, D // 2, 2).transpose(-1, -2).reshape(B, N, S, D) (the pairs
de-interleaved), out = q * cos + RotateHalf(q) * sin with RotateHalf(q) = cat(-q2, q1). FLOAT16
and BFLOAT16 (CANN's types), D 64 (CANN's) and others, cos / sin of batch B or 1 and S rows or
1, out = x (in place), a strided x, a launch large enough to split across the workers. Bad input
gives 161001 / 161002 naming the operator. Skipped without torch."""
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
SEED = 1619
if torch is not None:
    TOL = {F16: (2e-3, 2e-3), BF16: (1.6e-2, 1.6e-2)}


def interleave_rope_ref(x, cos, sin):
    B, N, S, D = x.shape
    q = x.reshape(B, N, S, D // 2, 2).transpose(-1, -2).reshape(B, N, S, D)
    rot = torch.cat((-q[..., D // 2:], q[..., :D // 2]), -1)
    return q * cos + rot * sin


@unittest.skipIf(torch is None, "torch (or numpy) is not installed")
class InterleaveRopeTorch(TorchCase):
    def case(self, rng, dtype, B=2, N=3, S=4, D=64, cb=None, cs=None, inplace=False,
             strided=False):
        g = torch.Generator().manual_seed(rng.randrange(1 << 30))

        def rnd(*shape):
            return (torch.rand(*shape, generator=g, dtype=F64) * 2 - 1).to(dtype)

        x = rnd(B, N, S, D)
        cos, sin = rnd(cb or B, 1, cs or S, D), rnd(cb or B, 1, cs or S, D)
        want = interleave_rope_ref(x.double(), cos.double(), sin.double())
        xv = x.transpose(1, 2).contiguous().transpose(1, 2) if strided else x
        xd = self.dev(xv)
        out = xd if inplace else self.dev(torch.full((B, N, S, D), 7.0, dtype=dtype))
        self.run_op("InterleaveRope", xd.handle, self.dev(cos).handle, self.dev(sin).handle,
                    out.handle)
        got = out.read()
        if inplace and strided:  # read() gives the storage: (B, S, N, D)
            got = got.reshape(B, S, N, D).transpose(1, 2)
        check(self, got.double(), want, "InterleaveRope %s B%d N%d S%d D%d cos (%s, %s)%s%s" % (
            dtype, B, N, S, D, cb, cs, " in place" if inplace else "",
            " strided" if strided else ""), tol=TOL[dtype])

    def test_against_torch(self):
        rng = random.Random(SEED)
        for dtype in (F16, BF16):
            self.case(rng, dtype)
            self.case(rng, dtype, cb=1)
            self.case(rng, dtype, cs=1)
            self.case(rng, dtype, D=16, inplace=True)
            self.case(rng, dtype, D=8, strided=True)
            self.case(rng, dtype, D=8, strided=True, inplace=True)
            self.case(rng, dtype, B=1, N=1, S=1, D=2)
            self.case(rng, dtype, B=4, N=8, S=64, D=64)  # 2 x 64 Ki elements: split

    def test_refused(self):
        x = self.dev(torch.zeros(1, 2, 3, 8, dtype=F16)).handle
        c = self.dev(torch.zeros(1, 1, 3, 8, dtype=F16)).handle
        op = "InterleaveRope"

        def refused(code, frag, *a):
            _, _, ret = nn.get_workspace_size(op, *a)
            msg = acl.get_recent_err_msg()
            self.assertEqual(ret, code, msg)
            self.assertIn("aclnn%s:" % op, msg)
            self.assertIn(frag, msg)

        refused(161001, "x is NULL", None, c, c, x)
        refused(161001, "out", x, c, c, None)
        refused(161002, "FLOAT16 or BFLOAT16", self.dev(torch.zeros(1, 2, 3, 8)).handle,
                self.dev(torch.zeros(1, 1, 3, 8)).handle, self.dev(torch.zeros(1, 1, 3, 8)).handle,
                self.dev(torch.zeros(1, 2, 3, 8)).handle)
        refused(161002, "types", x, c, c, self.dev(torch.zeros(1, 2, 3, 8, dtype=BF16)).handle)
        refused(161002, "shapes", x, self.dev(torch.zeros(1, 2, 3, 8, dtype=F16)).handle, c, x)
        refused(161002, "shapes", x, c, c, self.dev(torch.zeros(1, 2, 3, 4, dtype=F16)).handle)
        odd = self.dev(torch.zeros(1, 2, 3, 7, dtype=F16)).handle
        refused(161002, "D even", odd, self.dev(torch.zeros(1, 1, 3, 7, dtype=F16)).handle,
                self.dev(torch.zeros(1, 1, 3, 7, dtype=F16)).handle, odd)
        refused(161002, "4-d", x, self.dev(torch.zeros(3, 8, dtype=F16)).handle, c, x)


if __name__ == "__main__":
    unittest.main()
