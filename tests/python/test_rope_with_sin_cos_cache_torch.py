# SPDX-License-Identifier: Apache-2.0
"""RopeWithSinCosCache (ops/attention/rope_with_sin_cos_cache.c) against PyTorch.

The oracle is CANN's documented formula (vLLM's rotary embedding) in float64 from the inputs as
stored: cos, sin = cosSinCache[positions].chunk(2, -1) (mrope: the three position rows' cos / sin
cut by mropeSection and concatenated); the first rotaryDim elements of each head rotated,
GPT-NeoX style (chunk halves) or GPT-J style (interleaved pairs stacked back), the rest passed
through. FLOAT, FLOAT16, BFLOAT16; INT32 / INT64 positions; rotaryDim = headSize and smaller;
in place (outputs = inputs); a launch large enough to split; a position outside the cache
fails the launch; bad input gives 161001 / 161002 naming the operator. Skipped without torch."""
import random
import unittest

from torchcase import TorchCase, torch  # noqa: E402 (first: torch before acl)

import acltest  # noqa: E402
from acltest import acl  # noqa: E402

if torch is not None:
    from test_ew_torch import check, F16, BF16, F32, F64, I32, I64  # noqa: E402

setUpModule = acltest.setup_module
tearDownModule = acltest.teardown_module

nn = acl.nn
SEED = 1620
if torch is not None:
    TOL = {F32: (1e-5, 1e-5), F16: (2e-3, 2e-3), BF16: (1.6e-2, 1.6e-2)}


def ref(positions, x, cache, hs, neox, section):
    T = x.shape[0]
    rd = cache.shape[1]
    cs = cache[positions]  # (T, rd) or (3, T, rd)
    cos, sin = cs.chunk(2, -1)
    if section is not None:
        bounds = [0, section[0], section[0] + section[1], rd // 2]
        cos = torch.cat([cos[i, :, bounds[i]:bounds[i + 1]] for i in range(3)], -1)
        sin = torch.cat([sin[i, :, bounds[i]:bounds[i + 1]] for i in range(3)], -1)
    x = x.view(T, -1, hs)
    cos, sin = cos.unsqueeze(1), sin.unsqueeze(1)
    rot, pas = x[..., :rd], x[..., rd:]
    if neox:
        x1, x2 = rot.chunk(2, -1)
        rot = torch.cat((x1 * cos - x2 * sin, x2 * cos + x1 * sin), -1)
    else:
        x1, x2 = rot[..., ::2], rot[..., 1::2]
        rot = torch.stack((x1 * cos - x2 * sin, x2 * cos + x1 * sin), -1).flatten(-2)
    return torch.cat((rot, pas), -1).reshape(T, -1)


@unittest.skipIf(torch is None, "torch (or numpy) is not installed")
class RopeWithSinCosCacheTorch(TorchCase):
    def ia(self, values):
        arr, ret = nn.create_int_array(values)
        self.assertEqual(ret, 0)
        self.arrays.append(arr)
        return arr

    def setUp(self):
        super().setUp()
        self.arrays = []

    def tearDown(self):
        for arr in self.arrays:
            nn.destroy_int_array(arr)
        super().tearDown()

    def case(self, rng, dtype, it, neox, T=5, Nq=4, Nk=2, hs=16, rd=16, maxpos=32,
             section=None, inplace=False):
        g = torch.Generator().manual_seed(rng.randrange(1 << 30))

        def rnd(*shape):
            return (torch.rand(*shape, generator=g, dtype=F64) * 2 - 1).to(dtype)

        q, k, cache = rnd(T, Nq * hs), rnd(T, Nk * hs), rnd(maxpos, rd)
        pshape = (3, T) if section is not None else (T,)
        pos = torch.randint(0, maxpos, pshape, generator=g).to(it)
        wq = ref(pos.long(), q.double(), cache.double(), hs, neox, section)
        wk = ref(pos.long(), k.double(), cache.double(), hs, neox, section)
        qd, kd = self.dev(q), self.dev(k)
        qo = qd if inplace else self.dev(torch.full(q.shape, 7.0, dtype=dtype))
        ko = kd if inplace else self.dev(torch.full(k.shape, 7.0, dtype=dtype))
        self.run_op("RopeWithSinCosCache", self.dev(pos).handle, qd.handle, kd.handle,
                    self.dev(cache).handle, self.ia(section) if section else None, hs, neox,
                    qo.handle, ko.handle)
        what = "RopeWithSinCosCache %s %s neox %s T%d hs %d rd %d mrope %s" % (
            dtype, it, neox, T, hs, rd, section)
        check(self, qo.read().double(), wq, what + " query", tol=TOL[dtype])
        check(self, ko.read().double(), wk, what + " key", tol=TOL[dtype])

    def test_against_torch(self):
        rng = random.Random(SEED)
        for dtype in (F32, F16, BF16):
            for it in (I32, I64):
                for neox in (True, False):
                    self.case(rng, dtype, it, neox)
                    self.case(rng, dtype, it, neox, hs=24, rd=8)
                    self.case(rng, dtype, it, neox, rd=16, section=[2, 3, 3])
        self.case(rng, F16, I64, True, inplace=True)
        self.case(rng, F32, I64, False, hs=12, rd=4, inplace=True, section=[0, 2, 0])
        self.case(rng, BF16, I64, True, T=128, Nq=16, Nk=8, hs=128, rd=128, maxpos=256)  # split

    def test_bad_position(self):
        """A position past the cache fails the launch before any write (RS4)."""
        q = self.dev(torch.ones(3, 8))
        k = self.dev(torch.ones(3, 8))
        qo = self.dev(torch.full((3, 8), 7.0))
        ko = self.dev(torch.full((3, 8), 7.0))
        ws, ex, ret = nn.get_workspace_size(
            "RopeWithSinCosCache", self.dev(torch.tensor([0, 4, 1])).handle, q.handle, k.handle,
            self.dev(torch.zeros(4, 8)).handle, None, 8, True, qo.handle, ko.handle)
        self.assertEqual(ret, 0, acl.get_recent_err_msg())
        nn.launch("RopeWithSinCosCache", 0, 0, ex, self.stream)
        self.assertNotEqual(acl.rt.synchronize_stream(self.stream), 0)
        self.assertTrue(bool((qo.read() == 7).all()) and bool((ko.read() == 7).all()))

    def test_refused(self):
        pos = self.dev(torch.zeros(3, dtype=I64)).handle
        x = self.dev(torch.zeros(3, 16)).handle
        c = self.dev(torch.zeros(8, 8)).handle
        op = "RopeWithSinCosCache"

        def refused(code, frag, *a):
            _, _, ret = nn.get_workspace_size(op, *a)
            msg = acl.get_recent_err_msg()
            self.assertEqual(ret, code, msg)
            self.assertIn("aclnn%s:" % op, msg)
            self.assertIn(frag, msg)

        refused(161001, "positions", None, x, x, c, None, 8, True, x, x)
        refused(161001, "keyOut", pos, x, x, c, None, 8, True, x, None)
        refused(161002, "INT32 or INT64", self.dev(torch.zeros(3)).handle, x, x, c, None, 8,
                True, x, x)
        refused(161002, "types", pos, self.dev(torch.zeros(3, 16, dtype=F64)).handle, x, c,
                None, 8, True, x, x)
        refused(161002, "rotaryDim", pos, x, x, self.dev(torch.zeros(8, 7)).handle, None, 8,
                True, x, x)
        refused(161002, "rotaryDim", pos, x, x, self.dev(torch.zeros(8, 16)).handle, None, 8,
                True, x, x)
        refused(161002, "queryIn", pos, self.dev(torch.zeros(3, 12)).handle, x, c, None, 8, True,
                x, x)
        refused(161002, "queryIn", pos, x, x, c, None, 8, True, self.dev(torch.zeros(3, 8)).handle,
                x)
        pos3 = self.dev(torch.zeros(3, 3, dtype=I64)).handle
        refused(161002, "mropeSection", pos3, x, x, c, None, 8, True, x, x)
        refused(161002, "mropeSection", pos3, x, x, c, self.ia([1, 1, 1]), 8, True, x, x)
        refused(161002, "positions", self.dev(torch.zeros(2, 3, dtype=I64)).handle, x, x, c,
                self.ia([2, 1, 1]), 8, True, x, x)


if __name__ == "__main__":
    unittest.main()
