# SPDX-License-Identifier: Apache-2.0
"""ApplyRotaryPosEmb and ApplyRotaryPosEmbV2 (ops/attention/apply_rotary_pos_emb.c) against
PyTorch.

The oracle is CANN's documented formula in float64 from the inputs as stored: rotate "half"
cat(-x2, x1), "quarter" cat(-x2, x1, -x4, x3), "interleave" (x[::2], x[1::2]) pairs rotated in
place; q_embed = q * cos + rotate(q) * sin, k likewise, both written back into queryRef and
keyRef. FLOAT, FLOAT16, BFLOAT16; layouts 1 BSND, 2 SBND, 3 BNSD; cos / sin with batch B or 1
(broadcast); non-contiguous query; a launch large enough to split across the workers. Bad
input gives 161001 / 161002 naming the operator. Skipped without torch."""
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
SEED = 1618
if torch is not None:
    TOL = {F32: (1e-5, 1e-5), F16: (2e-3, 2e-3), BF16: (1.6e-2, 1.6e-2)}


def rotate(x, mode):
    D = x.shape[-1]
    if mode == "half":
        return torch.cat((-x[..., D // 2:], x[..., :D // 2]), -1)
    if mode == "quarter":
        q = D // 4
        return torch.cat((-x[..., q:2 * q], x[..., :q], -x[..., 3 * q:], x[..., 2 * q:3 * q]), -1)
    r = torch.empty_like(x)
    r[..., ::2], r[..., 1::2] = -x[..., 1::2], x[..., ::2]
    return r


def to_layout(t, layout):
    """A (B, S, N, D) tensor in layout 1 BSND, 2 SBND, 3 BNSD."""
    return {1: t, 2: t.permute(1, 0, 2, 3), 3: t.permute(0, 2, 1, 3)}[layout].contiguous()


def from_layout(t, layout):
    return {1: t, 2: t.permute(1, 0, 2, 3), 3: t.permute(0, 2, 1, 3)}[layout]


@unittest.skipIf(torch is None, "torch (or numpy) is not installed")
class ApplyRotaryPosEmbTorch(TorchCase):
    def case(self, rng, dtype, layout, mode, B=2, S=3, Nq=4, Nk=2, D=16, cb=None, strided=False):
        g = torch.Generator().manual_seed(rng.randrange(1 << 30))

        def rnd(*shape):
            return (torch.rand(*shape, generator=g, dtype=F64) * 2 - 1).to(dtype)

        q, k = rnd(B, S, Nq, D), rnd(B, S, Nk, D)
        cb = B if cb is None else cb
        cos, sin = rnd(cb, S, 1, D), rnd(cb, S, 1, D)
        want_q = q.double() * cos.double() + rotate(q.double(), mode) * sin.double()
        want_k = k.double() * cos.double() + rotate(k.double(), mode) * sin.double()
        ql = to_layout(q, layout)
        if strided:  # a view with a gap after each row of D
            wide = torch.zeros(ql.shape[:-1] + (2 * D,), dtype=dtype)
            wide[..., :D] = ql
            ql = wide[..., :D]
        qd, kd = self.dev(ql), self.dev(to_layout(k, layout))
        v2 = mode != "half" or layout != 1 or rng.random() < 0.5
        args = [qd.handle, kd.handle, self.dev(to_layout(cos, layout)).handle,
                self.dev(to_layout(sin, layout)).handle, layout]
        self.run_op("ApplyRotaryPosEmbV2" if v2 else "ApplyRotaryPosEmb",
                    *(args + [mode] if v2 else args))
        what = "ApplyRotaryPosEmb%s %s layout %d %s" % ("V2" if v2 else "", dtype, layout, mode)
        if strided:  # the whole storage: the view's elements rotated, the gaps untouched
            qd.shape = tuple(wide.shape)
            whole = qd.read()
            self.assertTrue(bool((whole[..., D:] == 0).all()), what + " gaps")
            gq = whole[..., :D]
        else:
            gq = qd.read()
        check(self, from_layout(gq, layout).double(), want_q, what + " query", tol=TOL[dtype])
        check(self, from_layout(kd.read(), layout).double(), want_k, what + " key",
              tol=TOL[dtype])

    def test_against_torch(self):
        rng = random.Random(SEED)
        for dtype in (F32, F16, BF16):
            for layout in (1, 2, 3):
                for mode in ("half", "interleave", "quarter"):
                    self.case(rng, dtype, layout, mode, cb=rng.choice((None, 1)))
        self.case(rng, F32, 1, "half", B=1, S=1, Nq=1, Nk=1, D=128)
        self.case(rng, F16, 3, "interleave", D=128, strided=True)

    def test_split(self):
        """2 x 64 Ki elements and more: positions split across the workers (AP3)."""
        rng = random.Random(SEED + 1)
        for dtype in (F32, BF16):
            self.case(rng, dtype, 1, "half", B=2, S=64, Nq=8, Nk=4, D=128)

    def test_refused(self):
        q = self.dev(torch.zeros(1, 2, 4, 8)).handle
        k = self.dev(torch.zeros(1, 2, 2, 8)).handle
        c = self.dev(torch.zeros(1, 2, 1, 8)).handle
        op, op2 = "ApplyRotaryPosEmb", "ApplyRotaryPosEmbV2"

        def refused(code, frag, name, *a):
            _, _, ret = nn.get_workspace_size(name, *a)
            msg = acl.get_recent_err_msg()
            self.assertEqual(ret, code, msg)
            self.assertIn("aclnn%s:" % name, msg)
            self.assertIn(frag, msg)

        refused(161001, "queryRef", op, None, k, c, c, 1)
        refused(161001, "sin", op, q, k, c, None, 1)
        refused(161001, "rotaryMode", op2, q, k, c, c, 1, None)
        refused(161002, "layout", op, q, k, c, c, 2)
        refused(161002, "layout", op2, q, k, c, c, 4, "half")
        refused(161002, "rotaryMode", op2, q, k, c, c, 1, "rotate")
        refused(161002, "FLOAT", op, self.dev(torch.zeros(1, 2, 4, 8, dtype=F64)).handle, k, c,
                c, 1)
        refused(161002, "types", op, q, self.dev(torch.zeros(1, 2, 2, 8, dtype=F16)).handle, c,
                c, 1)
        refused(161002, "shapes", op, q, k, self.dev(torch.zeros(1, 2, 2, 8)).handle, c, 1)
        refused(161002, "shapes", op, q, self.dev(torch.zeros(1, 3, 2, 8)).handle, c, c, 1)
        refused(161002, "4-d", op, q, k, self.dev(torch.zeros(2, 8)).handle, c, 1)
        q6 = self.dev(torch.zeros(1, 2, 4, 6)).handle
        c6 = self.dev(torch.zeros(1, 2, 1, 6)).handle
        refused(161002, "multiple of 4", op2, q6, self.dev(torch.zeros(1, 2, 2, 6)).handle, c6,
                c6, 1, "quarter")


if __name__ == "__main__":
    unittest.main()
