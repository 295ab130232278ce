# SPDX-License-Identifier: Apache-2.0
"""ops-nn's LLM sampling operators against references written in PyTorch (torch 1.13 on the CPU)
from CANN's formulas: ApplyTopKTopP (torch.sort, softmax, cumsum and the masks of
aclnnApplyTopKTopP.md) and TopKTopPSample (top-k, the top-p cut after the first running sum
above p, the pick argmax(softmax / (|q| + eps)); sample.c TS2-TS3). Both are deterministic given
their inputs, so the results are compared exactly: the references run in DOUBLE as the kernels
do, and cases whose top-p sums fall within 1e-9 of the cut are drawn again (the order of a
softmax's sum may move them across).

Every declared type (ApplyTopKTopP FLOAT, FLOAT16, BFLOAT16; TopKTopPSample FLOAT16, BFLOAT16),
ties (logits rounded to halves), non-contiguous views, k and p outside their ranges (skipped
cuts), p or k NULL, q NULL, empty batches. Bad input gives its code with a message naming the
operator. Skipped (exit 77) without torch."""
import random
import unittest

from torchcase import TorchCase, torch  # noqa: E402 (first: torch before acl)

import acltest  # noqa: E402
from acltest import acl  # noqa: E402

if torch is not None:
    from test_ew_torch import view_of, F16, BF16, F32, F64, I32, I64  # noqa: E402

setUpModule = acltest.setup_module
tearDownModule = acltest.teardown_module

nn = acl.nn
SEED = 1447
NEG_INF = float("-inf")
MARGIN = 1e-9


def halves(rng, shape, dt, spread=6):
    """Logits of dt rounded to halves in [-spread, spread] (ties), as dt."""
    n = 1
    for d in shape:
        n *= d
    return torch.tensor([rng.randint(-2 * spread, 2 * spread) / 2 for _ in range(n)],
                        dtype=F64).reshape(shape).to(dt)


def apply_ref(x, p, k):
    """aclnnApplyTopKTopP's formulas on x (DOUBLE [B, V]); p DOUBLE [B] or None, k [B] or None.
    None when a top-p running sum lies within MARGIN of its cut."""
    b, v = x.shape
    s, i = torch.sort(x, dim=-1, stable=True)
    s = s.clone()
    if k is not None:
        for r in range(b):
            kv = int(k[r])
            if 1 <= kv < v:
                row = s[r]
                row[row < row[v - kv]] = NEG_INF
    if p is not None and v:
        cs = torch.softmax(s, dim=-1).cumsum(dim=-1)
        cut = (1 - p).unsqueeze(-1)
        head = cs[:, :-1]  # the last position is never cut; sums of -inf alone are exactly 0
        if (((head - cut).abs() < MARGIN) & ~((head == 0) & (cut == 0))).any():
            return None
        mask = cs <= cut
        mask[:, -1] = False
        s[mask] = NEG_INF
    return torch.empty_like(s).scatter_(-1, i, s)


def sample_ref(x, k, p, q, eps):
    """TopKTopPSample on x (DOUBLE [B, V]): (logitsSelectIdx, logitsTopKPSelect) or None when a
    top-p running sum lies within MARGIN of p."""
    b, v = x.shape
    idx = torch.zeros(b, dtype=I64)
    sel = torch.full((b, v), NEG_INF, dtype=F64)
    for r in range(b):
        kv, pv = int(k[r]), float(p[r])
        use_k, use_p = 1 <= kv <= min(v, 1024), 0 < pv < 1
        if use_k or use_p:
            order = torch.sort(x[r], descending=True, stable=True)[1]
            order = order[:kv] if use_k else order
        else:
            order = torch.arange(v)
        pr = torch.softmax(x[r][order], dim=0)
        if use_p:
            cs = pr.cumsum(0)
            if ((cs - pv).abs() < MARGIN).any():
                return None
            over = (cs > pv).nonzero()
            if len(over):
                order = order[:int(over[0]) + 1]
            pr = torch.softmax(x[r][order], dim=0)
        val = pr / (q[r][:len(order)].abs() + eps) if q is not None else pr
        idx[r] = order[int((val == val.max()).nonzero()[0])]
        sel[r][order] = x[r][order]
    return idx, sel


@unittest.skipIf(torch is None, "torch is not installed")
class SampleTorch(TorchCase):
    def test_apply_top_k_top_p(self):
        rng = random.Random(SEED)
        runs = 0
        for dt in (F32, F16, BF16):
            for case in range(14):
                b, v = rng.randint(0 if case == 0 else 1, 4), rng.randint(1, 9)
                x = halves(rng, (b, v), dt)
                k = torch.tensor([rng.randint(-1, v + 1) for _ in range(b)], dtype=I32)
                p = torch.tensor([rng.choice((0.0, 1.0, rng.random())) for _ in range(b)],
                                 dtype=F64).to(dt)
                which = ("both", "p", "k")[case % 3]
                pk = p if which != "k" else None
                kk = k if which != "p" else None
                ref = apply_ref(x.double(), None if pk is None else pk.double(), kk)
                if ref is None:
                    continue
                out = self.dev(torch.full((b, v), 7.0, dtype=dt))
                what = "ApplyTopKTopP %s [%d, %d] %s k %s p %s" % (dt, b, v, which, k.tolist(),
                                                                    p.tolist())
                self.run_op("ApplyTopKTopP", self.dev(view_of(rng, x)).handle,
                            None if pk is None else self.dev(view_of(rng, pk)).handle,
                            None if kk is None else self.dev(kk).handle, out.handle)
                got = out.read()
                self.assertTrue(torch.equal(got.double(), ref), "%s: got %s want %s"
                                % (what, got.tolist(), ref.tolist()))
                runs += 1
        self.assertGreater(runs, 30)
        # CANN's example: logits 1..12 as [3, 4], p (0.2, 0.4, 0.6), k (1, 2, 3)
        x = torch.arange(1, 13, dtype=F32).reshape(3, 4)
        p = torch.tensor([0.2, 0.4, 0.6])
        k = torch.tensor([1, 2, 3], dtype=I32)
        out = self.dev(torch.zeros(3, 4))
        self.run_op("ApplyTopKTopP", self.dev(x).handle, self.dev(p).handle, self.dev(k).handle,
                    out.handle)
        self.assertTrue(torch.equal(out.read().double(), apply_ref(x.double(), p.double(), k)))
        # row 2: k = 3 keeps 10, 11, 12 (probabilities 0.09, 0.245, 0.665); the running sums
        # 0.09 and 0.335 are <= 1 - 0.6, so only 12 stays
        self.assertEqual(out.read()[2].tolist(), [NEG_INF, NEG_INF, NEG_INF, 12.0])

    def test_apply_top_k_top_p_refused(self):
        x = self.dev(torch.zeros(2, 3))
        p = self.dev(torch.zeros(2))
        k = self.dev(torch.zeros(2, dtype=I32))
        out = self.dev(torch.zeros(2, 3))
        self.refused("ApplyTopKTopP", 161001, None, p.handle, k.handle, out.handle)
        self.refused("ApplyTopKTopP", 161001, x.handle, None, None, out.handle)
        self.refused("ApplyTopKTopP", 161001, x.handle, p.handle, k.handle, None)
        d64 = self.dev(torch.zeros(2, 3, dtype=F64))
        self.refused("ApplyTopKTopP", 161002, d64.handle, p.handle, k.handle, d64.handle)
        self.refused("ApplyTopKTopP", 161002, x.handle, self.dev(torch.zeros(2, dtype=F16)).handle,
                     k.handle, out.handle)
        self.refused("ApplyTopKTopP", 161002, x.handle, p.handle,
                     self.dev(torch.zeros(2, dtype=I64)).handle, out.handle)
        self.refused("ApplyTopKTopP", 161002, x.handle, self.dev(torch.zeros(3)).handle, k.handle,
                     out.handle)
        self.refused("ApplyTopKTopP", 161002, x.handle, p.handle, k.handle,
                     self.dev(torch.zeros(3, 2)).handle)
        self.refused("ApplyTopKTopP", 161002, self.dev(torch.zeros(2, 3, 1)).handle, p.handle,
                     k.handle, self.dev(torch.zeros(2, 3, 1)).handle)

    def test_top_k_top_p_sample(self):
        rng = random.Random(SEED + 1)
        runs = 0
        for dt in (F16, BF16):
            for case in range(16):
                b, v = rng.randint(1, 4), rng.randint(1, 12)
                x = halves(rng, (b, v), dt, spread=3)
                k = torch.tensor([rng.choice((0, -2, v + 1, 1, rng.randint(1, v)))
                                  for _ in range(b)], dtype=I32)
                p = torch.tensor([rng.choice((0.0, 1.0, 1.5, rng.random(), rng.random()))
                                  for _ in range(b)], dtype=F64).to(dt)
                q = None if case % 3 == 0 else torch.tensor(
                    [rng.expovariate(1.0) * rng.choice((1, -1)) for _ in range(b * v)],
                    dtype=F32).reshape(b, v)
                eps = 1e-8
                need = case % 2 == 1
                ref = sample_ref(x.double(), k, p.double(), None if q is None else q.double(),
                                 eps)
                if ref is None:
                    continue
                idx = self.dev(torch.full((b,), -5, dtype=I64))
                sel = self.dev(torch.full((b, v), 3.0, dtype=F32))
                what = "TopKTopPSample %s [%d, %d] k %s p %s q %s need %s" % (
                    dt, b, v, k.tolist(), p.tolist(), q is not None, need)
                self.run_op("TopKTopPSample", self.dev(view_of(rng, x)).handle,
                            self.dev(k).handle, self.dev(view_of(rng, p)).handle,
                            None if q is None else self.dev(view_of(rng, q)).handle, eps, need,
                            32, idx.handle, sel.handle)
                self.assertEqual(idx.read().tolist(), ref[0].tolist(), what)
                want = ref[1].float() if need else torch.full((b, v), 3.0)
                self.assertTrue(torch.equal(sel.read(), want), "%s: got %s want %s"
                                % (what, sel.read().tolist(), want.tolist()))
                runs += 1
        self.assertGreater(runs, 20)
        # q picks a token other than the largest: probabilities (0.66, 0.24, 0.09) over
        # logits (2, 1, 0) with q (1, 0.1, 1) give 0.66 against 2.4 and 0.09
        x = torch.tensor([[2.0, 1.0, 0.0]], dtype=F16)
        q = torch.tensor([[1.0, 0.1, 1.0]])
        idx = self.dev(torch.zeros(1, dtype=I64))
        self.run_op("TopKTopPSample", self.dev(x).handle,
                    self.dev(torch.tensor([0], dtype=I32)).handle,
                    self.dev(torch.tensor([1.0], dtype=F16)).handle, self.dev(q).handle, 1e-8,
                    False, 32, idx.handle, None)
        self.assertEqual(idx.read().tolist(), [1])

    def test_top_k_top_p_sample_refused(self):
        x = self.dev(torch.zeros(2, 3, dtype=F16))
        k = self.dev(torch.zeros(2, dtype=I32))
        p = self.dev(torch.zeros(2, dtype=F16))
        q = self.dev(torch.zeros(2, 3))
        idx = self.dev(torch.zeros(2, dtype=I64))
        sel = self.dev(torch.zeros(2, 3))
        ok = [x.handle, k.handle, p.handle, q.handle, 1e-8, True, 32, idx.handle, sel.handle]

        def with_(i, h):
            a = list(ok)
            a[i] = h
            return a
        for i in (0, 1, 2, 7, 8):
            self.refused("TopKTopPSample", 161001, *with_(i, None))
        bad = [
            (0, self.dev(torch.zeros(2, 3)).handle),            # logits FLOAT
            (0, self.dev(torch.zeros(0, 3, dtype=F16)).handle),  # empty
            (1, self.dev(torch.zeros(2, dtype=I64)).handle),     # topK INT64
            (2, self.dev(torch.zeros(2, dtype=BF16)).handle),    # topP not logits' type
            (2, self.dev(torch.zeros(3, dtype=F16)).handle),     # topP [3]
            (3, self.dev(torch.zeros(2, 3, dtype=F16)).handle),  # q FLOAT16
            (3, self.dev(torch.zeros(2, 4)).handle),             # q [2, 4]
            (4, -1.0),                                            # eps < 0
            (7, self.dev(torch.zeros(2, dtype=I32)).handle),     # logitsSelectIdx INT32
            (8, self.dev(torch.zeros(2, 3, dtype=F16)).handle),  # logitsTopKPSelect FLOAT16
        ]
        for i, h in bad:
            self.refused("TopKTopPSample", 161002, *with_(i, h))
        # without isNeedLogits, logitsTopKPSelect is not needed
        a = list(ok)
        a[5], a[8] = False, None
        self.run_op("TopKTopPSample", *a)


if __name__ == "__main__":
    unittest.main()
