# SPDX-License-Identifier: Apache-2.0
"""FlashAttentionScore and FlashAttentionScoreGrad (ops/attention/flash_attention_score.c)
against PyTorch.

The oracle is CANN's documented formula in float64 from the inputs as stored:
out = dropout(softmax(masked scale * (pse + q k^T)), keepProb) v with GQA (key/value head
n // (N / KVN)), the dropout given by dropMask's bits (element ((b N + n) Sq + i) Skv + j, least
significant bit first) and kept values divided by keepProb; softmaxMax / softmaxSum are the
row's max of the masked scores and sum of exp(s - max), 8 copies per row; the gradients are
torch's autograd of the same expression (dpse summed over what pse broadcasts); V2's pseType 0
adds pse after the scale. For FLOAT,
FLOAT16 and BFLOAT16, layouts BSH, SBH, BSND, BNSD, pse of each accepted shape, masks BOOL /
UINT8 of each accepted shape in sparse modes 0 (with the preTokens / nextTokens band) and 1..4,
dropout on and off. Bad input gives 161001 / 161002 with a message naming the operator and the
parameter. Skipped without torch."""
import math
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
SEED = 1617
BIG = 2147483647
if torch is not None:
    TOL = {F32: (1e-4, 1e-4), F16: (5e-3, 5e-3), BF16: (4e-2, 4e-2)}
    GTOL = {F32: (2e-4, 2e-4), F16: (1e-2, 1e-2), BF16: (8e-2, 8e-2)}


def hidden(sparse, Sq, Skv, mask, pre, nxt):
    """The hidden pairs, broadcastable to [B, N, Sq, Skv] (CANN's sparse modes 0..4)."""
    i = torch.arange(Sq).view(Sq, 1)
    j = torch.arange(Skv).view(1, Skv)
    d = Skv - Sq
    if sparse == 0:
        h = (j < i - pre) | (j > i + nxt)
        return h if mask is None else h | (mask != 0)
    if sparse == 1:
        return mask != 0
    if sparse == 2:
        return j > i
    if sparse == 3:
        return j > i + d
    return (j > i + d + nxt) | (j < i + d - pre)


def fas_ref(q, k, v, pse, hid, drop, keep, scale, pse_after=False):
    G = q.shape[1] // k.shape[1]
    kk, vv = k.repeat_interleave(G, dim=1), v.repeat_interleave(G, dim=1)
    s = q @ kk.transpose(-1, -2)
    if pse is not None and not pse_after:
        s = s + pse
    s = scale * s
    if pse is not None and pse_after:  # V2's pseType 0
        s = s + pse
    s = s.masked_fill(hid, -math.inf)
    mx = s.amax(-1, keepdim=True)
    ssum = (s - mx).exp().sum(-1, keepdim=True)
    p = torch.softmax(s, -1)
    if drop is not None:
        p = p * drop / keep
    return p @ vv, mx, ssum


def to_layout(t, layout):
    B, N, S, D = t.shape
    if layout == "BSH":
        return t.permute(0, 2, 1, 3).reshape(B, S, N * D).contiguous()
    if layout == "SBH":
        return t.permute(2, 0, 1, 3).reshape(S, B, N * D).contiguous()
    if layout == "BSND":
        return t.permute(0, 2, 1, 3).contiguous()
    return t.contiguous()


def from_layout(t, layout, N):
    if layout == "BSH":
        B, S, H = t.shape
        return t.view(B, S, N, H // N).permute(0, 2, 1, 3)
    if layout == "SBH":
        S, B, H = t.shape
        return t.view(S, B, N, H // N).permute(1, 2, 0, 3)
    if layout == "BSND":
        return t.permute(0, 2, 1, 3)
    return t


@unittest.skipIf(torch is None, "torch (or numpy) is not installed")
class FlashAttentionScoreTorch(TorchCase):
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

    def case(self, rng, dtype, layout, sparse, pse_shape, mask_kind, keep, B=2, N=4, KVN=2,
             Sq=5, Skv=7, D=8, pse_type=None):
        """pse_type None: the V1 entry points, else V2's with that pseType."""
        g = torch.Generator().manual_seed(rng.randrange(1 << 30))

        def rnd(*shape):
            return (torch.rand(*shape, generator=g, dtype=F64) * 2 - 1).to(dtype)

        q, k, v = rnd(B, N, Sq, D), rnd(B, KVN, Skv, D), rnd(B, KVN, Skv, D)
        dy = rnd(B, N, Sq, D)
        pse = rnd(*pse_shape) if pse_shape else None
        pre, nxt = (3, 2) if sparse in (0, 4) else (BIG, BIG)
        mask = mref = None
        if sparse == 1 or (sparse == 0 and mask_kind):
            shape, mdt = mask_kind
            m = torch.rand(B, N, Sq, Skv, generator=g) < 0.3
            m[..., torch.arange(Sq), torch.arange(Sq)] = False  # the diagonal stays visible
            m = m[:shape[0], :shape[1]] if len(shape) == 4 else m[0, 0]
            mask = m.to(mdt).contiguous()
            mref = mask
        elif sparse >= 2:
            mask = torch.triu(torch.ones(16, 16, dtype=torch.bool), 1)
        hid = hidden(sparse, Sq, Skv, mref, pre, nxt)
        drop_bytes, drop = None, None
        if keep < 1:
            n = B * N * Sq * Skv
            drop_bytes = torch.randint(0, 256, ((n + 7) // 8,), generator=g, dtype=torch.uint8)
            bits = (drop_bytes.long().repeat_interleave(8) >> torch.arange(8).repeat(len(
                drop_bytes))) & 1
            drop = bits[:n].view(B, N, Sq, Skv).double()
        scale = 1 / math.sqrt(D)
        qr, kr, vr = (x.double().requires_grad_() for x in (q, k, v))
        pr = pse.double().requires_grad_() if pse is not None else None
        ro, rmx, rsum = fas_ref(qr, kr, vr, pr, hid, drop, keep, scale, pse_type == 0)
        grads = torch.autograd.grad(ro, [qr, kr, vr] + ([pr] if pr is not None else []),
                                    dy.double())
        v2 = "" if pse_type is None else "V2"
        what = "FlashAttentionScore%s %s %s sparse %d pse %s mask %s keep %g pseType %s" % (
            v2, dtype, layout, sparse, pse_shape, mask_kind, keep, pse_type)
        starts = [] if pse_type is None else [self.ia([0]), self.ia([0])]
        ptype = [] if pse_type is None else [pse_type]
        dev = lambda t: self.dev(t).handle if t is not None else None  # noqa: E731
        ql, kl, vl = (dev(to_layout(x, layout)) for x in (q, k, v))
        mx = self.dev(torch.full((B, N, Sq, 8), 5.0))
        sm = self.dev(torch.full((B, N, Sq, 8), 5.0))
        out = self.dev(torch.full(to_layout(q, layout).shape, 7.0, dtype=dtype))
        common = [dev(pse), dev(drop_bytes), None, dev(mask), None] + starts + \
            [scale, keep, pre, nxt, N, layout, 0, sparse] + ptype
        self.run_op("FlashAttentionScore" + v2, ql, kl, vl, *common, mx.handle, sm.handle, None,
                    out.handle)
        check(self, from_layout(out.read(), layout, N).double(), ro.detach(), what + " out",
              tol=TOL[dtype])
        for c in range(8):
            check(self, mx.read()[..., c:c + 1].double(), rmx.detach(), what + " max",
                  tol=(1e-5, 1e-5))
            check(self, sm.read()[..., c:c + 1].double(), rsum.detach(), what + " sum",
                  tol=(1e-4, 1e-4))
        dq, dk, dv = (self.dev(torch.full(to_layout(x, layout).shape, 7.0, dtype=dtype))
                      for x in (q, k, v))
        dpse = self.dev(torch.full(pse.shape, 7.0, dtype=dtype)) if pse is not None else None
        self.run_op("FlashAttentionScoreGrad" + v2, ql, kl, vl, dev(to_layout(dy, layout)),
                    dev(pse), dev(drop_bytes), None, dev(mask), mx.handle, sm.handle, None,
                    out.handle, None, *starts, scale, keep, pre, nxt, N, layout, 0, sparse,
                    *ptype, dq.handle, dk.handle, dv.handle, dpse.handle if dpse else None)
        for name, got, want, nh in (("dq", dq, grads[0], N), ("dk", dk, grads[1], KVN),
                                    ("dv", dv, grads[2], KVN)):
            check(self, from_layout(got.read(), layout, nh).double(), want,
                  what + " " + name, tol=GTOL[dtype])
        if dpse is not None:
            check(self, dpse.read().double(), grads[3], what + " dpse", tol=GTOL[dtype])

    def test_against_torch(self):
        rng = random.Random(SEED)
        B, N, Sq, Skv = 2, 4, 5, 7
        pses = [None, (B, N, Sq, Skv), (B, N, 1, Skv), (1, N, Sq, Skv)]
        masks = [None, ((Sq, Skv), torch.bool), ((B, 1, Sq, Skv), torch.uint8),
                 ((1, 1, Sq, Skv), torch.bool), ((B, N, Sq, Skv), torch.uint8)]
        for dtype in (F32, F16, BF16):
            for layout in ("BSH", "SBH", "BSND", "BNSD"):
                for sparse in (0, 1, 2, 3, 4):
                    mk = rng.choice(masks[1:] if sparse == 1 else masks)
                    self.case(rng, dtype, layout, sparse, rng.choice(pses), mk,
                              rng.choice((1.0, 0.75)))

    def test_v2(self):
        """V2's pseType 0 (pse after the scale) and 1 (V1's formula)."""
        rng = random.Random(SEED + 2)
        for dtype in (F32, F16, BF16):
            for pse_type in (0, 1):
                for pse in ((2, 4, 5, 7), (1, 4, 1, 7)):
                    self.case(rng, dtype, rng.choice(("BSH", "SBH", "BSND", "BNSD")),
                              rng.choice((0, 3)), pse, None, rng.choice((1.0, 0.8)),
                              pse_type=pse_type)

    def test_sizes(self):
        """Several query blocks (64 rows), MHA and GQA 8, a long head dimension."""
        rng = random.Random(SEED + 1)
        self.case(rng, F32, "BNSD", 3, None, None, 1.0, B=1, N=2, KVN=2, Sq=130, Skv=150, D=16)
        self.case(rng, F16, "BSND", 0, (1, 8, 70, 70), ((70, 70), torch.bool), 0.9, B=1, N=8,
                  KVN=1, Sq=70, Skv=70, D=72)

    def test_refused(self):
        q = self.dev(torch.zeros(1, 2, 3, 8)).handle
        k = self.dev(torch.zeros(1, 1, 4, 8)).handle
        st = self.dev(torch.zeros(1, 2, 3, 8)).handle
        out = self.dev(torch.zeros(1, 2, 3, 8)).handle
        op = "FlashAttentionScore"

        def args(qq=q, drop=None, pad=None, mask=None, keep=1.0, heads=2, layout="BNSD",
                 sparse=0, o=out, mx=st):
            return [qq, k, k, None, drop, pad, mask, None, 0.3, keep, BIG, BIG, heads, layout,
                    0, sparse, mx, st, None, o]

        def refused(code, frag, a, name=op):
            _, _, ret = nn.get_workspace_size(name, *a)
            msg = acl.get_recent_err_msg()
            self.assertEqual(ret, code, msg)
            self.assertIn("aclnn%s:" % name, msg)
            self.assertIn(frag, msg)

        refused(161001, "query", args(qq=None))
        refused(161001, "attentionOutOut", args(o=None))
        refused(161002, "FLOAT16", args(qq=self.dev(torch.zeros(1, 2, 3, 8, dtype=F64)).handle))
        refused(161002, "paddingMaskOptional", args(pad=k))
        refused(161002, "keepProb", args(keep=0.5))
        refused(161002, "keepProb", args(keep=1.5))
        refused(161002, "sparseMode", args(sparse=5))
        refused(161002, "attenMaskOptional", args(sparse=2))
        refused(161002, "inputLayout", args(layout="TND"))
        refused(161002, "shapes", args(heads=3))
        refused(161002, "softmaxMaxOut", args(mx=self.dev(torch.zeros(1, 2, 3, 1)).handle))
        refused(161002, "dropMaskOptional",
                args(keep=0.5, drop=self.dev(torch.zeros(1, dtype=torch.uint8)).handle))
        refused(161002, "attenMaskOptional",
                args(mask=self.dev(torch.zeros(3, 5, dtype=torch.bool)).handle))
        g = [q, k, k, q, self.dev(torch.zeros(1, 2, 3, 4)).handle, None, None, None, st, st,
             None, None, None, 0.3, 1.0, BIG, BIG, 2, "BNSD", 0, 0, out, k, k, None]
        refused(161001, "dpseOut", g, "FlashAttentionScoreGrad")
        g[4] = None
        g[22] = q  # dkOut of query's shape
        refused(161002, "dkOut", g, "FlashAttentionScoreGrad")
        v2 = args()
        v2[8:8] = [None, None]
        v2[18:18] = [2]  # pseType 2: alibi generated inside
        refused(161002, "pseType", v2, "FlashAttentionScoreV2")


if __name__ == "__main__":
    unittest.main()
