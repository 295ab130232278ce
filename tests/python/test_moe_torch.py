# SPDX-License-Identifier: Apache-2.0
"""ops-transformer's mixture-of-experts operators (ops/moe) against references written in
PyTorch (torch 1.13 on the CPU) from CANN's README formulas: MoeGatingTopKSoftmax and V2
(softmax, torch.topk order, finished rows, renorm), MoeInitRouting (the pairs sorted by expert,
the gathers), MoeComputeExpertTokens (counts), MoeFinalizeRouting and V2 (every dropPadMode,
optional terms). Index outputs are compared exactly; float outputs against the reference in
DOUBLE rounded to the output's type, within one or two units of its last place (the kernels sum
in double too, in another order).

Every declared type (FLOAT, FLOAT16, BFLOAT16; the INT32 index tensors), non-contiguous views,
empty tensors, ties (equal gate values: the lower expert first), out-of-range indices (the
launch fails). Bad input gives its code with a message naming the operator. Skipped (exit 77)
without torch."""
import random
import unittest

from torchcase import TorchCase, torch  # noqa: E402 (first: torch before acl)

import acltest  # noqa: E402
from acltest import acl  # noqa: E402

if torch is not None:
    from test_ew_torch import view_of, F16, BF16, F32, F64, I32, I64, BOOL  # noqa: E402

setUpModule = acltest.setup_module
tearDownModule = acltest.teardown_module

nn = acl.nn
SEED = 1603
AICORE_EXCEPTION = 507015


def tol(dt):
    """rtol, atol for a result of type dt against a DOUBLE reference rounded to dt."""
    return {F32: (2e-6, 1e-6), F16: (2e-3, 1e-3), BF16: (1.6e-2, 1e-2)}[dt]


def distinct(rng, shape, dt):
    """Values of dt exact in every type, distinct along the last dim (no ties)."""
    n = shape[-1]
    rows = 1
    for d in shape[:-1]:
        rows *= d
    vals = []
    for _ in range(rows):
        p = list(range(n))
        rng.shuffle(p)
        vals += [(v - n / 2) * 0.5 for v in p]
    return torch.tensor(vals, dtype=F64).reshape(shape).to(dt)


def gating_ref(x, fin, k, renorm):
    """(y, expertIdx, rowIdx, softmax) of aclnnMoeGatingTopKSoftmax(V2) on x (DOUBLE)."""
    e = x.shape[-1]
    rows = x.numel() // e if e else 0
    sm = torch.softmax(x, dim=-1)
    if renorm == 0:
        y, idx = torch.sort(sm, dim=-1, descending=True, stable=True)
        y, idx = y[..., :k], idx[..., :k]
    else:
        v, idx = torch.sort(x, dim=-1, descending=True, stable=True)
        y, idx = torch.softmax(v[..., :k], dim=-1), idx[..., :k]
    idx = idx.clone()
    if fin is not None:
        idx[fin] = e
    row = torch.arange(rows * k).reshape(k, rows).t().reshape(x.shape[:-1] + (k,))
    return y, idx, row, sm


def gating_top_k_ref(x, bias, k, kgroup, groups, mode, norm, scale, eps):
    """(y, expertIdx, normOut) of aclnnMoeGatingTopK on x (DOUBLE [rows, E]), bias DOUBLE or None:
    DeepSeek's grouped top-k with torch.sort's stable descending order (ties: lower first)."""
    rows, e = x.shape
    nrm = torch.softmax(x, -1) if norm == 0 else torch.sigmoid(x)
    sc = nrm + (bias if bias is not None else 0)
    gs = e // groups
    grouped = torch.sort(sc.reshape(rows, groups, gs), dim=-1, descending=True, stable=True)[0]
    gsc = grouped[..., 0] if mode == 0 else grouped[..., 0] + grouped[..., 1]
    gpick = torch.sort(gsc, dim=-1, descending=True, stable=True)[1][:, :kgroup]
    keep = torch.zeros(rows, groups, dtype=torch.bool)
    keep.scatter_(1, gpick, True)
    masked = sc.masked_fill(~keep.repeat_interleave(gs, dim=1), float("-inf"))
    idx = torch.sort(masked, dim=-1, descending=True, stable=True)[1][:, :k]
    y = nrm.gather(1, idx)
    if norm == 1:
        y = y / (y.sum(-1, keepdim=True) + eps)
    return y * scale, idx, nrm


def close(case, got, ref, dt, what):
    rtol, atol = tol(dt)
    want = ref.to(dt).double()
    case.assertTrue(torch.allclose(got.double(), want, rtol=rtol, atol=atol),
                    "%s: got %s want %s" % (what, got.tolist(), want.tolist()))


def init_routing_ref(x, row, exp, active):
    n, k = exp.shape
    rf, ef = row.reshape(-1).long(), exp.reshape(-1).long()
    order = torch.argsort(ef * (n * k + 1) + rf)
    srow = rf[order]
    erow = torch.empty(n * k, dtype=I64)
    erow[srow] = torch.arange(n * k)
    rows = min(n, active) * k
    return x[srow[:rows] % n] if n else x[:0], erow, ef[order]


def init_routing_v2_ref(x, exp, active, cap, ne, mode, flag):
    """(expandedX, expandedRowIdx, counts) of aclnnMoeInitRoutingV2 (MR5)."""
    n, k = exp.shape
    nk, h = n * k, x.shape[1]
    ef = exp.reshape(-1).long()
    order = torch.sort(ef, stable=True)[1]
    hist = torch.tensor([int((ef == e).sum()) for e in range(ne)], dtype=I64)
    if mode == 0:
        erow = torch.empty(nk, dtype=I64)
        erow[order] = torch.arange(nk)
        rows = min(nk, active) if active > 0 else nk
        cnt = hist.cumsum(0) if flag == 1 else hist
        return x[order[:rows] // k], erow, cnt
    ex = torch.zeros(ne, cap, h, dtype=x.dtype)
    erow = torch.full((nk,), -1, dtype=I64)
    for e in range(ne):
        for c, pos in enumerate(order[ef[order] == e].tolist()):
            if c < cap:
                ex[e, c] = x[pos // k]
                erow[pos] = e * cap + c
    return ex, erow, hist


def init_routing_v3_ref(x, exp, start, end, quant, smooth):
    """(rows of expandedX, scales, sorted positions, counts) of aclnnMoeInitRoutingV3 (MR8):
    the positions whose expert is in [start, end), stably sorted by expert; quant 1 rounds
    x * smooth / (max|.| / 127) in float32 to FLOAT16 toward zero (numpy's nextafter), then
    half away from zero."""
    import numpy as np
    n, k = exp.shape
    ef = exp.reshape(-1).long()
    keep = ((ef >= start) & (ef < end)).nonzero().reshape(-1)
    order = keep[torch.sort(ef[keep], stable=True)[1]]
    counts = [int((ef == e).sum()) for e in range(start, end)]
    rows = x[order // k] if n else x[:0]
    if quant != 1:
        return rows, None, order, counts
    v = rows.float()
    if smooth is not None:
        v = v * smooth[ef[order] - start]
    s = v.abs().amax(dim=1, keepdim=True) / 127 if len(order) else v[:, :1]
    q = (v / s).numpy()
    h = q.astype(np.float16)
    up = np.abs(h.astype(np.float32)) > np.abs(q)
    h[up] = np.nextafter(h[up], np.float16(0))
    hf = torch.from_numpy(h.astype(np.float32))
    out = torch.sign(hf) * torch.floor(hf.abs() + 0.5)
    out[(s == 0).expand_as(out)] = 0
    return out.to(torch.int8), s.reshape(-1), order, counts


def finalize_ref(ex, ridx, x1, x2, bias, sc, eidx, n, k, mode):
    """MR3/MR4 on DOUBLE tensors (None for an absent term)."""
    h = ex.shape[-1]
    flat = ex.reshape(-1, h)
    out = torch.zeros(n, h, dtype=F64)
    if x1 is not None:
        out += x1
    if x2 is not None:
        out += x2
    for i in range(n):
        for kk in range(k):
            r = int(ridx[i * k + kk] if mode >= 2 else ridx[i + kk * n])
            if r < 0:
                continue
            s = float(sc[i, kk]) if sc is not None else 1.0
            b = bias[int(eidx[i, kk])] if bias is not None else 0
            out[i] += s * (flat[r] + b)
    return out


def permute_ref(tokens, indices, num_out):
    """Megatron's permute (TP1): (permuted, sortedIndicesOut)."""
    topk = indices.shape[1] if indices.dim() == 2 else 1
    flat = indices.reshape(-1).long()
    nk = flat.numel()
    first = torch.sort(flat, stable=True)[1]
    rows = nk + num_out if num_out <= 0 else num_out
    rows = max(0, min(rows, nk))
    return tokens[first[:rows] // topk], torch.argsort(first)


def unpermute_ref(rows, idx, probs, topk):
    """TP2 in DOUBLE: out[i] = sum_k w * rows[idx[i * topk + k]] (indices >= M add nothing)."""
    m, h = rows.shape
    n = idx.numel() // topk
    padded = torch.cat([rows, torch.zeros(1, h, dtype=rows.dtype)])
    sel = padded[idx.long().clamp(max=m)].reshape(n, topk, h)
    w = probs.unsqueeze(-1) if probs is not None else 1
    return (sel * w).sum(1)


def unpermute_grad_ref(rows, grad, idx, probs, topk):
    """TP3 in DOUBLE: (permutedTokensGrad, probsGrad)."""
    m, h = rows.shape
    n = idx.numel() // topk
    out = torch.zeros(m, h, dtype=F64)
    pg = torch.zeros(n, topk, dtype=F64)
    for i in range(n):
        for k in range(topk):
            r = int(idx[i * topk + k])
            if r >= m:
                continue
            out[r] = grad[i] * (probs[i, k] if probs is not None else 1)
            pg[i, k] = (rows[r] * grad[i]).sum()
    return out, pg


def ffn_ref(x, w1, w2, b1, b2, ends, act, dt):
    """FF1 in DOUBLE: per expert block of rows, act(x @ w1 + b1) rounded to dt, @ w2 + b2."""
    k1 = x.shape[-1]
    xs = x.reshape(-1, k1)
    out = torch.zeros(xs.shape[0], k1, dtype=F64)
    acts = {"relu": torch.relu,
            "gelu": lambda v: 0.5 * v * (1 + torch.tanh(0.7978845608028654 *
                                                        (v + 0.044715 * v ** 3))),
            "fastgelu": lambda v: v * torch.sigmoid(1.702 * v), "silu": lambda v: v * torch.sigmoid(v)}
    r0 = 0
    for g, end in enumerate(ends):
        we1 = w1[g] if w1.dim() == 3 else w1
        we2 = w2[g] if w2.dim() == 3 else w2
        h = xs[r0:end] @ we1
        if b1 is not None:
            h = h + (b1[g] if b1.dim() == 2 else b1)
        h = acts[act](h).to(dt).double()
        y = h @ we2
        if b2 is not None:
            y = y + (b2[g] if b2.dim() == 2 else b2)
        out[r0:end] = y
        r0 = end
    return out.reshape(x.shape)


@unittest.skipIf(torch is None, "torch is not installed")
class MoeTorch(TorchCase):
    def test_gating_top_k_softmax(self):
        rng = random.Random(SEED)
        runs = 0
        for dt in (F32, F16, BF16):
            for case in range(12):
                shape = ((rng.randint(0 if case == 0 else 1, 5), rng.randint(1, 9))
                         if case % 2 else (rng.randint(1, 3), rng.randint(1, 3),
                                           rng.randint(1, 9)))
                e = shape[-1]
                k = rng.randint(1, e)
                x = distinct(rng, shape, dt)
                if case == 5:  # ties: equal gates, the lower expert first
                    x = torch.zeros(shape, dtype=dt)
                fin = (torch.tensor([rng.random() < 0.3 for _ in range(x.numel() // e)],
                                    dtype=BOOL).reshape(shape[:-1]) if case % 3 == 1 else None)
                y, idx, row, _ = gating_ref(x.double(), fin, k, 0)
                oshape = shape[:-1] + (k,)
                yo = self.dev(torch.full(oshape, 7.0, dtype=dt))
                io = self.dev(torch.full(oshape, -3, dtype=I32))
                ro = self.dev(torch.full(oshape, -3, dtype=I32))
                what = "MoeGatingTopKSoftmax %s %s k %d" % (dt, shape, k)
                self.run_op("MoeGatingTopKSoftmax", self.dev(view_of(rng, x)).handle,
                            None if fin is None else self.dev(fin).handle, k, yo.handle,
                            io.handle, ro.handle)
                close(self, yo.read(), y, dt, what)
                self.assertEqual(io.read().tolist(), idx.tolist(), what)
                self.assertEqual(ro.read().tolist(), row.tolist(), what)
                runs += 1
        self.assertEqual(runs, 36)
        # CANN's example: x 0.1 .. 11.1 as [3, 4], k 2: each row's softmax of steps of 1
        x = (torch.arange(12, dtype=F32) + 0.1).reshape(3, 4)
        yo, io, ro = (self.dev(torch.zeros(3, 2)), self.dev(torch.zeros(3, 2, dtype=I32)),
                      self.dev(torch.zeros(3, 2, dtype=I32)))
        self.run_op("MoeGatingTopKSoftmax", self.dev(x).handle, None, 2, yo.handle, io.handle,
                    ro.handle)
        self.assertEqual(io.read().tolist(), [[3, 2]] * 3)
        self.assertEqual(ro.read().tolist(), [[0, 3], [1, 4], [2, 5]])
        p = torch.softmax(torch.tensor([0.0, 1, 2, 3], dtype=F64), 0)
        self.assertTrue(torch.allclose(yo.read().double()[0], p[[3, 2]], rtol=1e-6))

    def test_gating_top_k_softmax_v2(self):
        rng = random.Random(SEED + 1)
        for dt in (F32, F16, BF16):
            for case in range(12):
                shape = (rng.randint(0 if case == 0 else 1, 4),) + (
                    (rng.randint(1, 3),) if case % 2 else ()) + (rng.randint(1, 10),)
                e = shape[-1]
                k, renorm, flag = rng.randint(1, e), case % 2, case % 4 < 2
                x = distinct(rng, shape, dt)
                fin = (torch.tensor([rng.random() < 0.3 for _ in range(x.numel() // e)],
                                    dtype=BOOL).reshape(shape[:-1]) if case % 3 == 0 else None)
                y, idx, _, sm = gating_ref(x.double(), fin, k, renorm)
                oshape = shape[:-1] + (k,)
                yo = self.dev(torch.full(oshape, 7.0, dtype=dt))
                io = self.dev(torch.full(oshape, -3, dtype=I32))
                so = self.dev(torch.full(shape, 5.0, dtype=F32))
                what = "MoeGatingTopKSoftmaxV2 %s %s k %d renorm %d flag %s" % (
                    dt, shape, k, renorm, flag)
                self.run_op("MoeGatingTopKSoftmaxV2", self.dev(view_of(rng, x)).handle,
                            None if fin is None else self.dev(fin).handle, k, renorm, flag,
                            yo.handle, io.handle, so.handle)
                close(self, yo.read(), y, dt, what)
                self.assertEqual(io.read().tolist(), idx.tolist(), what)
                if flag and renorm == 0:
                    close(self, so.read(), sm, F32, what)
                else:
                    self.assertTrue(torch.equal(so.read(), torch.full(shape, 5.0)), what)

    def test_gating_refused(self):
        x = self.dev(torch.zeros(3, 4))
        o = self.dev(torch.zeros(3, 2))
        i = self.dev(torch.zeros(3, 2, dtype=I32))
        r = self.dev(torch.zeros(3, 2, dtype=I32))
        op = "MoeGatingTopKSoftmax"
        self.refused(op, 161001, None, None, 2, o.handle, i.handle, r.handle)
        self.refused(op, 161001, x.handle, None, 2, o.handle, i.handle, None)
        self.refused(op, 161002, self.dev(torch.zeros(3, 4, dtype=F64)).handle, None, 2,
                     o.handle, i.handle, r.handle)
        self.refused(op, 161002, x.handle, None, 5, o.handle, i.handle, r.handle)
        self.refused(op, 161002, x.handle, None, 0, o.handle, i.handle, r.handle)
        self.refused(op, 161002, x.handle, None, 2, self.dev(torch.zeros(3, 2, dtype=F16)).handle,
                     i.handle, r.handle)
        self.refused(op, 161002, x.handle, None, 2, o.handle,
                     self.dev(torch.zeros(3, 2, dtype=I64)).handle, r.handle)
        self.refused(op, 161002, x.handle, None, 2, o.handle, i.handle,
                     self.dev(torch.zeros(3, 3, dtype=I32)).handle)
        self.refused(op, 161002, x.handle, self.dev(torch.zeros(3, dtype=I32)).handle, 2,
                     o.handle, i.handle, r.handle)
        self.refused(op, 161002, self.dev(torch.zeros(12)).handle, None, 2, o.handle, i.handle,
                     r.handle)
        op = "MoeGatingTopKSoftmaxV2"
        self.refused(op, 161002, x.handle, None, 2, 2, False, o.handle, i.handle, None)
        self.refused(op, 161001, x.handle, None, 2, 0, True, o.handle, i.handle, None)
        self.refused(op, 161002, x.handle, None, 2, 0, True, o.handle, i.handle,
                     self.dev(torch.zeros(3, 4, dtype=F16)).handle)

    def test_gating_top_k(self):
        rng = random.Random(SEED + 6)
        runs = 0
        for dt in (F32, F16, BF16):
            for case in range(12):
                groups = rng.randint(1, 4)
                mode = case % 2
                gs = rng.randint(2 if mode else 1, 5)
                e, rows = groups * gs, rng.randint(0 if case == 0 else 1, 4)
                kgroup = rng.randint(1, groups)
                k = rng.randint(1, gs * kgroup)
                norm = (case // 2) % 2
                x = distinct(rng, (rows, e), dt)
                bias = (torch.tensor([rng.randint(-4, 4) / 8 for _ in range(e)], dtype=dt)
                        if case % 3 else None)
                scale, eps, flag = rng.choice((1.0, 2.5)), 1e-20, case % 4 < 2
                y, idx, nrm = gating_top_k_ref(x.double(), None if bias is None else
                                               bias.double(), k, kgroup, groups, mode, norm,
                                               scale, eps)
                yo = self.dev(torch.full((rows, k), 7.0, dtype=dt))
                io = self.dev(torch.full((rows, k), -3, dtype=I32))
                oo = self.dev(torch.full((rows, e), 5.0))
                what = "MoeGatingTopK %s [%d, %d] k %d kGroup %d groups %d mode %d norm %d" % (
                    dt, rows, e, k, kgroup, groups, mode, norm)
                self.run_op("MoeGatingTopK", self.dev(view_of(rng, x)).handle,
                            None if bias is None else self.dev(view_of(rng, bias)).handle, k,
                            kgroup, groups, mode, 0, norm, flag, scale, eps, yo.handle,
                            io.handle, oo.handle)
                self.assertEqual(io.read().tolist(), idx.tolist(), what)
                close(self, yo.read(), y, dt, what)
                if flag:
                    close(self, oo.read(), nrm, F32, what)
                else:
                    self.assertTrue(torch.equal(oo.read(), torch.full((rows, e), 5.0)), what)
                runs += 1
        self.assertEqual(runs, 36)
        x = self.dev(torch.zeros(2, 8))
        yo, io = self.dev(torch.zeros(2, 2)), self.dev(torch.zeros(2, 2, dtype=I32))
        op = "MoeGatingTopK"
        args = lambda k, kg, g, m, r, n: (x.handle, None, k, kg, g, m, r, n, False, 1.0, 1e-20,
                                          yo.handle, io.handle, None)
        self.run_op(op, *args(2, 1, 4, 1, 0, 1))
        self.refused(op, 561002, *args(2, 1, 3, 0, 0, 1))  # 3 does not divide 8
        self.refused(op, 561002, *args(2, 1, 8, 1, 0, 1))  # groups of 1 for the top-2 sum
        self.refused(op, 561002, *args(2, 5, 4, 0, 0, 1))  # kGroup > groupCount
        self.refused(op, 561002, *args(2, 1, 8, 0, 0, 1))  # k > 8 / 8 * 1
        self.refused(op, 561002, *args(2, 1, 4, 0, 1, 1))  # renorm 1
        self.refused(op, 561002, *args(2, 1, 4, 0, 0, 2))  # normType 2
        self.refused(op, 561002, *args(2, 1, 4, 2, 0, 1))  # groupSelectMode 2
        self.refused(op, 161001, x.handle, None, 2, 1, 4, 0, 0, 1, True, 1.0, 1e-20, yo.handle,
                     io.handle, None)
        self.refused(op, 161002, x.handle, None, 2, 1, 4, 0, 0, 1, False, 1.0, 1e-20,
                     self.dev(torch.zeros(2, 2, dtype=F16)).handle, io.handle, None)
        self.refused(op, 161002, x.handle, None, 2, 1, 4, 0, 0, 1, False, 1.0, 1e-20, yo.handle,
                     self.dev(torch.zeros(2, 3, dtype=I32)).handle, None)

    def test_init_routing(self):
        rng = random.Random(SEED + 2)
        for dt in (F32, F16, BF16):
            for case in range(10):
                n, k, h, e = (rng.randint(0 if case == 0 else 1, 6), rng.randint(1, 4),
                              rng.randint(1, 5), rng.randint(1, 5))
                x = torch.randn(n, h, generator=torch.Generator().manual_seed(case)).to(dt)
                exp = torch.tensor([rng.randrange(e) for _ in range(n * k)],
                                   dtype=I32).reshape(n, k)
                if case % 2:
                    row = torch.arange(n * k, dtype=I32).reshape(k, n).t().contiguous()
                else:
                    p = list(range(n * k))
                    rng.shuffle(p)
                    row = torch.tensor(p, dtype=I32).reshape(n, k)
                active = rng.choice((0, n, n + 3, max(n - 1, 0)))
                ex, erow, eexp = init_routing_ref(x, row, exp, active)
                ox = self.dev(torch.full((min(n, active) * k, h), 9.0, dtype=dt))
                orow = self.dev(torch.full((n * k,), -5, dtype=I32))
                oexp = self.dev(torch.full((n * k,), -5, dtype=I32))
                what = "MoeInitRouting %s n %d k %d h %d active %d" % (dt, n, k, h, active)
                self.run_op("MoeInitRouting", self.dev(view_of(rng, x)).handle,
                            self.dev(view_of(rng, row)).handle, self.dev(view_of(rng, exp)).handle,
                            active, ox.handle, orow.handle, oexp.handle)
                self.assertTrue(torch.equal(ox.read(), ex), what)
                self.assertEqual(orow.read().tolist(), erow.tolist(), what)
                self.assertEqual(oexp.read().tolist(), eexp.tolist(), what)
        # CANN's example: x rows 0.1, 0.2, 0.3; experts [[1, 2], [0, 1], [0, 2]]
        x = torch.tensor([[0.1] * 4, [0.2] * 4, [0.3] * 4])
        ox, orow, oexp = (self.dev(torch.zeros(6, 4)), self.dev(torch.zeros(6, dtype=I32)),
                          self.dev(torch.zeros(6, dtype=I32)))
        self.run_op("MoeInitRouting", self.dev(x).handle,
                    self.dev(torch.tensor([[0, 3], [1, 4], [2, 5]], dtype=I32)).handle,
                    self.dev(torch.tensor([[1, 2], [0, 1], [0, 2]], dtype=I32)).handle, 3,
                    ox.handle, orow.handle, oexp.handle)
        self.assertEqual(oexp.read().tolist(), [0, 0, 1, 1, 2, 2])
        # sorted rows (1, 2, 0, 4, 3, 5): expandedRowIdx[sortedRow[i]] = i
        self.assertEqual(orow.read().tolist(), [2, 0, 1, 4, 3, 5])
        self.assertTrue(torch.equal(ox.read()[:, 0], torch.tensor([0.2, 0.3, 0.1, 0.2, 0.1,
                                                                   0.3])))

    def test_init_routing_v2(self):
        rng = random.Random(SEED + 7)
        runs = 0
        for dt in (F32, F16, BF16):
            for case in range(12):
                mode = case % 2
                n, k, h, ne = (rng.randint(0 if case < 2 else 1, 6), rng.randint(1, 3),
                               rng.randint(1, 4), rng.randint(1, 5))
                cap = rng.randint(1, max(n, 1)) if mode else 0
                flag = rng.randint(0, 2) if mode == 0 else 0
                before = mode == 1 and case % 4 == 1
                active = rng.choice((0, 0, rng.randint(1, n * k + 2))) if mode == 0 else 0
                x = torch.randn(n, h, generator=torch.Generator().manual_seed(case)).to(dt)
                hi = ne if mode else ne + 1  # dropless: an expert beyond expertNum too
                exp = torch.tensor([rng.randrange(hi) for _ in range(n * k)],
                                   dtype=I32).reshape(n, k)
                ex, erow, cnt = init_routing_v2_ref(x, exp, active, cap, ne, mode, flag)
                ox = self.dev(torch.full(tuple(ex.shape), 9.0, dtype=dt))
                orow = self.dev(torch.full((n * k,), -5, dtype=I32))
                oc = self.dev(torch.full((ne,), -5, dtype=I32))
                what = "MoeInitRoutingV2 %s n %d k %d h %d E %d mode %d cap %d flag %d act %d" % (
                    dt, n, k, h, ne, mode, cap, flag, active)
                self.run_op("MoeInitRoutingV2", self.dev(view_of(rng, x)).handle,
                            self.dev(view_of(rng, exp)).handle, active, cap, ne, mode, flag,
                            before, ox.handle, orow.handle, oc.handle if flag else None,
                            oc.handle if before else None)
                self.assertTrue(torch.equal(ox.read(), ex), what)
                self.assertEqual(orow.read().tolist(), erow.tolist(), what)
                if flag or before:
                    self.assertEqual(oc.read().tolist(), cnt.tolist(), what)
                else:
                    self.assertEqual(oc.read().tolist(), [-5] * ne, what)
                runs += 1
        self.assertEqual(runs, 36)
        # CANN's example: x rows 0.1, 0.2, 0.3, experts [[1, 2], [0, 1], [0, 2]], capacity 2 of
        # 3 experts: expert 0 takes positions 2, 4 (rows 1, 2), 1 takes 0, 3, 2 takes 1, 5
        x = torch.tensor([[0.1] * 4, [0.2] * 4, [0.3] * 4])
        ox, orow, ob = (self.dev(torch.zeros(3, 2, 4)), self.dev(torch.zeros(6, dtype=I32)),
                        self.dev(torch.zeros(3, dtype=I32)))
        self.run_op("MoeInitRoutingV2", self.dev(x).handle,
                    self.dev(torch.tensor([[1, 2], [0, 1], [0, 2]], dtype=I32)).handle, 0, 2, 3,
                    1, 0, True, ox.handle, orow.handle, None, ob.handle)
        self.assertEqual(ox.read()[:, :, 0].tolist(), torch.tensor(
            [[0.2, 0.3], [0.1, 0.2], [0.1, 0.3]]).tolist())
        self.assertEqual(orow.read().tolist(), [2, 4, 0, 3, 1, 5])
        self.assertEqual(ob.read().tolist(), [2, 2, 2])
        op = "MoeInitRoutingV2"
        xh, eh = self.dev(x).handle, self.dev(torch.zeros(3, 2, dtype=I32)).handle
        self.refused(op, 161002, xh, eh, 0, 4, 3, 1, 0, False, ox.handle, orow.handle, None, None)
        self.refused(op, 161002, xh, eh, 0, 0, 3, 1, 0, False, ox.handle, orow.handle, None, None)
        self.refused(op, 161002, xh, eh, 0, 2, 3, 2, 0, False, ox.handle, orow.handle, None, None)
        self.refused(op, 161002, xh, eh, -1, 2, 3, 0, 0, False, ox.handle, orow.handle, None,
                     None)
        self.refused(op, 161002, xh, eh, 0, 0, 0, 0, 1, False, ox.handle, orow.handle, ob.handle,
                     None)
        self.refused(op, 161001, xh, eh, 0, 0, 3, 0, 1, False, ox.handle, orow.handle, None, None)
        self.refused(op, 161001, xh, eh, 0, 2, 3, 1, 0, True, ox.handle, orow.handle, None, None)
        self.refused(op, 161002, xh, eh, 0, 0, 3, 0, 0, False, ox.handle, orow.handle, None, None)
        # an expert outside [0, expertNum) in drop mode fails the launch
        ws, exe, ret = nn.get_workspace_size(
            op, xh, self.dev(torch.tensor([[1, 2], [0, 3], [0, 2]], dtype=I32)).handle, 0, 2, 3,
            1, 0, False, ox.handle, orow.handle, None, None)
        self.assertEqual(ret, 0)
        self.assertEqual(nn.launch(op, 0, 0, exe, self.stream), 0)
        self.assertEqual(acl.rt.synchronize_stream(self.stream), AICORE_EXCEPTION)


    def test_init_routing_v3(self):
        rng = random.Random(SEED + 17)
        runs = 0
        for dt in (F32, F16, BF16):
            for case in range(8):
                n, k, h, ne = rng.randint(1, 6), rng.randint(1, 3), rng.randint(1, 6), rng.randint(2, 6)
                start = rng.randrange(ne)
                end = rng.randint(start + 1, ne)
                quant, rtype, ctype = (-1, 1)[case % 2], rng.randint(0, 1), rng.randint(1, 2)
                g = torch.Generator().manual_seed(case)
                x = (torch.randn(n, h, generator=g) * 3).to(dt)
                exp = torch.tensor([rng.randrange(ne) for _ in range(n * k)],
                                   dtype=I32).reshape(n, k)
                smooth = torch.rand(end - start, h, generator=g) + 0.5 if case % 4 == 3 else None
                sc1 = torch.rand(n, generator=g) if case % 4 == 2 else None
                rows, scales, order, counts = init_routing_v3_ref(x, exp, start, end, quant,
                                                                  smooth)
                odt = torch.int8 if quant == 1 else dt
                av = len(order)
                ox = self.dev(torch.full((n * k, h), 9, dtype=odt))
                orow = self.dev(torch.full((n * k,), -5, dtype=I32))
                oc = self.dev(torch.full((end - start,) if ctype == 1 else (ne, 2), -5, dtype=I64))
                osc = self.dev(torch.full((n * k,), -5.0))
                scale = smooth if quant == 1 else sc1
                rng_arr = self.int_array([start, end])
                what = "MoeInitRoutingV3 %s n %d k %d h %d E %d [%d, %d) quant %d rt %d ct %d" % (
                    dt, n, k, h, ne, start, end, quant, rtype, ctype)
                self.run_op("MoeInitRoutingV3", self.dev(view_of(rng, x)).handle,
                            self.dev(view_of(rng, exp)).handle,
                            self.dev(scale).handle if scale is not None else None, None,
                            rng.choice((-1, n * k)), 0, ne, 0, ctype, True, quant, rng_arr, rtype,
                            ox.handle, orow.handle, oc.handle, osc.handle)
                got = ox.read()
                self.assertTrue(torch.equal(got[:av], rows), what)
                self.assertTrue(bool((got[av:] == 9).all()), what)  # rows past avail unwritten
                want_row = [-1] * (n * k)
                for i, pos in enumerate(order.tolist()):
                    if rtype == 1:
                        want_row[pos] = i
                    else:
                        want_row[i] = pos
                self.assertEqual(orow.read().tolist(), want_row, what)
                if ctype == 1:
                    self.assertEqual(oc.read().tolist(), counts, what)
                else:
                    kv = [[start + j, c] for j, c in enumerate(counts) if c]
                    kv += [[0, 0]] * (ne - len(kv))
                    self.assertEqual(oc.read().tolist(), kv, what)
                gs = osc.read()
                if quant == 1:
                    self.assertEqual(gs[:av].tolist(), scales.tolist(), what)
                elif sc1 is not None:
                    self.assertEqual(gs[:av].tolist(), sc1[order // k].tolist(), what)
                else:
                    self.assertEqual(gs.tolist(), [-5.0] * (n * k), what)
                runs += 1
        self.assertEqual(runs, 24)
        op = "MoeInitRoutingV3"
        x, e = self.dev(torch.zeros(2, 3)), self.dev(torch.zeros(2, 2, dtype=I32))
        ox, orow = self.dev(torch.zeros(4, 3)), self.dev(torch.zeros(4, dtype=I32))
        oc, osc = self.dev(torch.zeros(4, dtype=I64)), self.dev(torch.zeros(4))
        r = self.int_array([0, 4])
        args = [x.handle, e.handle, None, None, 4, 0, 4, 0, 1, True, -1, r, 1, ox.handle,
                orow.handle, oc.handle, osc.handle]
        self.run_op(op, *args)
        for i, v, code in ((0, None, 161001), (1, x.handle, 161002), (13, orow.handle, 161002),
                           (4, 3, 561002), (7, 1, 561002), (8, 0, 561002), (9, False, 561002),
                           (10, 0, 561002), (12, 2, 561002), (6, 3, 561002)):
            bad = list(args)
            bad[i] = v
            self.refused(op, code, *bad)

    def test_token_permute(self):
        rng = random.Random(SEED + 8)
        for dt in (F32, F16, BF16, torch.int8):
            for case in range(8):
                n, topk, h = rng.randint(0 if case == 0 else 1, 6), rng.randint(1, 3), rng.randint(1, 5)
                tokens = (torch.randint(-100, 100, (n, h), dtype=dt) if dt == torch.int8
                          else torch.randn(n, h, generator=torch.Generator().manual_seed(case)).to(dt))
                idt = (I32, I64)[case % 2]
                indices = torch.tensor([rng.randrange(4) for _ in range(n * topk)], dtype=idt)
                indices = indices.reshape(n, topk) if topk > 1 or case % 3 else indices
                if indices.dim() == 1:
                    topk = 1
                num_out = rng.choice((0, -1, 2, n * topk + 3, -(n * topk) - 1))
                ref, sorted_ref = permute_ref(tokens, indices, num_out)
                po = self.dev(torch.full(tuple(ref.shape), 3, dtype=dt))
                so = self.dev(torch.full((n * topk,), -1, dtype=I32))
                what = "MoeTokenPermute %s n %d topk %d h %d numOut %d" % (dt, n, topk, h, num_out)
                self.run_op("MoeTokenPermute", self.dev(view_of(rng, tokens)).handle,
                            self.dev(view_of(rng, indices)).handle, num_out, False, po.handle,
                            so.handle)
                self.assertTrue(torch.equal(po.read(), ref), what)
                self.assertEqual(so.read().tolist(), sorted_ref.tolist(), what)
        # paddedMode is refused; shapes and types
        t = self.dev(torch.zeros(3, 2))
        ix = self.dev(torch.zeros(3, 2, dtype=I32))
        po, so = self.dev(torch.zeros(6, 2)), self.dev(torch.zeros(6, dtype=I32))
        op = "MoeTokenPermute"
        self.refused(op, 161002, t.handle, ix.handle, 0, True, po.handle, so.handle)
        self.refused(op, 161002, t.handle, ix.handle, 5, False, po.handle, so.handle)
        self.refused(op, 161002, t.handle, self.dev(torch.zeros(3, 2)).handle, 0, False,
                     po.handle, so.handle)
        self.refused(op, 161002, t.handle, ix.handle, 0, False, po.handle,
                     self.dev(torch.zeros(6, dtype=I64)).handle)
        self.refused(op, 161001, t.handle, None, 0, False, po.handle, so.handle)

    def test_token_permute_with_routing_map(self):
        rng = random.Random(SEED + 12)
        for dt in (F32, F16, BF16):
            for case in range(10):
                drop = case % 2 == 1
                t, ne, h = rng.randint(1, 6), rng.randint(1, 4), rng.randint(1, 4)
                topk = rng.randint(1, ne)
                rmap = torch.zeros(t, ne, dtype=torch.bool)
                for r in range(t):  # exactly topk experts per token (CANN's topK)
                    for x in rng.sample(range(ne), topk):
                        rmap[r, x] = True
                tokens = torch.randn(t, h, generator=torch.Generator().manual_seed(case)).to(dt)
                probs = (torch.rand(t, ne, generator=torch.Generator().manual_seed(case + 50))
                         .to(dt) if case % 3 else None)
                if drop:
                    cap = rng.randint(1, t)
                    num_out = min(cap * ne + rng.randint(0, ne - 1), t * ne)
                    order = torch.sort(rmap.t().int(), dim=-1, descending=True,
                                       stable=True)[1][:, :cap]
                    sorted_ref = order.reshape(-1)
                    rows = cap * ne
                    experts = torch.arange(ne).repeat_interleave(cap)
                else:
                    num_out = min(topk * t + (rng.randint(0, t - 1) if t > 1 else 0), t * ne)
                    rows = topk * t
                    idx = torch.arange(t).expand(ne, -1)
                    first = idx.masked_select(rmap.t())
                    experts = torch.arange(ne).unsqueeze(1).expand(ne, t).masked_select(rmap.t())
                    sorted_ref = torch.sort(first, stable=True)[1]
                    order = first
                srcs = order.reshape(-1)
                po = self.dev(torch.full((rows, h), 5.0, dtype=dt))
                so = self.dev(torch.full((rows,), -1, dtype=I32))
                pp = self.dev(torch.full((rows,), 5.0, dtype=dt))
                mdt = (torch.int8, torch.bool)[case % 2]
                what = "MoeTokenPermuteWithRoutingMap %s t %d E %d h %d topk %d drop %s out %d" % (
                    dt, t, ne, h, topk, drop, num_out)
                self.run_op("MoeTokenPermuteWithRoutingMap", self.dev(view_of(rng, tokens)).handle,
                            self.dev(rmap.to(mdt)).handle,
                            None if probs is None else self.dev(view_of(rng, probs)).handle,
                            num_out, drop, po.handle, pp.handle if probs is not None else None,
                            so.handle)
                self.assertTrue(torch.equal(po.read(), tokens[srcs]), what)
                self.assertEqual(so.read().tolist(), sorted_ref.tolist(), what)
                if probs is not None:
                    self.assertTrue(torch.equal(pp.read(), probs[srcs, experts]), what)
        op = "MoeTokenPermuteWithRoutingMap"
        tk, rmap = self.dev(torch.zeros(3, 2)), self.dev(torch.ones(3, 2, dtype=torch.bool))
        po, so = self.dev(torch.zeros(6, 2)), self.dev(torch.zeros(6, dtype=I32))
        self.refused(op, 161002, tk.handle, rmap.handle, None, 7, False, po.handle, None,
                     so.handle)
        self.refused(op, 161002, tk.handle, self.dev(torch.ones(3, 2)).handle, None, 6, False,
                     po.handle, None, so.handle)
        self.refused(op, 161002, tk.handle, rmap.handle, None, 3, False, po.handle, None,
                     so.handle)
        self.refused(op, 161001, tk.handle, rmap.handle, self.dev(torch.zeros(3, 2)).handle, 6,
                     False, po.handle, None, so.handle)
        # a map selecting 4 pairs for 6 rows: the rows past them are zeros, their indices -1
        tk = self.dev(torch.tensor([[1.0, 1], [2, 2], [3, 3]]))
        self.run_op(op, tk.handle,
                    self.dev(torch.tensor([[1, 0], [1, 1], [0, 1]], dtype=torch.int8)).handle,
                    None, 6, False, po.handle, None, so.handle)
        self.assertEqual(po.read()[:, 0].tolist(), [1, 2, 2, 3, 0, 0])
        self.assertEqual(so.read().tolist(), [0, 1, 2, 3, -1, -1])

    def test_token_unpermute(self):
        rng = random.Random(SEED + 9)
        g = torch.Generator().manual_seed(SEED + 9)
        for dt in (F32, F16, BF16):
            for case in range(10):
                n, topk, h = rng.randint(0 if case == 0 else 1, 5), rng.randint(1, 3), rng.randint(1, 5)
                with_p = case % 3 != 2
                topk = topk if with_p else 1
                m = n * topk - rng.choice((0, 0, 1)) if n * topk else 0
                p = list(range(n * topk))
                rng.shuffle(p)
                idx = torch.tensor(p, dtype=I32)
                rows = torch.randn(max(m, 0), h, generator=g).to(dt)
                probs = torch.rand(n, topk, generator=g).to(dt) if with_p else None
                ref = unpermute_ref(rows.double(), idx, None if probs is None else probs.double(),
                                    topk)
                out = self.dev(torch.full((n, h), 3.0, dtype=dt))
                what = "MoeTokenUnpermute %s n %d topk %d m %d h %d probs %s" % (
                    dt, n, topk, m, h, with_p)
                self.run_op("MoeTokenUnpermute", self.dev(view_of(rng, rows)).handle,
                            self.dev(idx).handle,
                            None if probs is None else self.dev(view_of(rng, probs)).handle,
                            False, None, out.handle)
                close(self, out.read(), ref, dt, what)
                # PermuteGrad: the same sum without weights, topK given
                ref = unpermute_ref(rows.double(), idx, None, topk)
                self.run_op("MoeTokenPermuteGrad", self.dev(view_of(rng, rows)).handle,
                            self.dev(idx).handle, topk, False, out.handle)
                close(self, out.read(), ref, dt, "PermuteGrad of " + what)
                # UnpermuteGrad
                grad = torch.randn(n, h, generator=g).to(dt)
                rg, pg = unpermute_grad_ref(rows.double(), grad.double(), idx,
                                            None if probs is None else probs.double(), topk)
                go = self.dev(torch.full((max(m, 0), h), 3.0, dtype=dt))
                pgo = self.dev(torch.full((n, topk), 3.0, dtype=dt))
                self.run_op("MoeTokenUnpermuteGrad", self.dev(view_of(rng, rows)).handle,
                            self.dev(view_of(rng, grad)).handle, self.dev(idx).handle,
                            None if probs is None else self.dev(probs).handle, False, None,
                            go.handle, pgo.handle if with_p else None)
                close(self, go.read(), rg, dt, "UnpermuteGrad of " + what)
                if with_p:
                    close(self, pgo.read(), pg, dt, "UnpermuteGrad probs of " + what)
        r = self.dev(torch.zeros(4, 2))
        ix = self.dev(torch.zeros(4, dtype=I32))
        out = self.dev(torch.zeros(2, 2))
        pr = self.dev(torch.zeros(2, 2))
        self.refused("MoeTokenUnpermute", 161002, r.handle, ix.handle, pr.handle, True, None,
                     out.handle)
        self.refused("MoeTokenUnpermute", 161002, r.handle, ix.handle,
                     self.dev(torch.zeros(2, 2, dtype=F16)).handle, False, None, out.handle)
        self.refused("MoeTokenUnpermute", 161002, r.handle, ix.handle, pr.handle, False, None,
                     self.dev(torch.zeros(4, 2)).handle)
        self.refused("MoeTokenUnpermute", 161001, r.handle, None, pr.handle, False, None,
                     out.handle)
        self.refused("MoeTokenPermuteGrad", 161002, r.handle, ix.handle, 3, False, out.handle)
        self.refused("MoeTokenPermuteGrad", 161002, r.handle, ix.handle, 0, False, out.handle)
        self.refused("MoeTokenUnpermuteGrad", 161001, r.handle, out.handle, ix.handle, pr.handle,
                     False, None, r.handle, None)
        self.refused("MoeTokenUnpermuteGrad", 161002, r.handle, r.handle, ix.handle, pr.handle,
                     False, None, r.handle, pr.handle)
        # a negative index fails the launch
        ws, exe, ret = nn.get_workspace_size(
            "MoeTokenUnpermute", r.handle, self.dev(torch.tensor([0, -1, 2, 3], dtype=I32)).handle,
            pr.handle, False, None, out.handle)
        self.assertEqual(ret, 0)
        self.assertEqual(nn.launch("MoeTokenUnpermute", 0, 0, exe, self.stream), 0)
        self.assertEqual(acl.rt.synchronize_stream(self.stream), AICORE_EXCEPTION)

    def test_routing_v2_grads(self):
        rng = random.Random(SEED + 10)
        g = torch.Generator().manual_seed(SEED + 10)
        for dt in (F32, F16, BF16):
            for case in range(10):
                mode = case % 2
                n, k, h = rng.randint(0 if case == 0 else 1, 5), rng.randint(1, 3), rng.randint(1, 4)
                nk = n * k
                ne, cap = rng.randint(1, 3), rng.randint(1, 3)
                active = rng.choice((0, max(nk - 1, 0), nk + 2)) if mode == 0 else 0
                shape = (ne, cap, h) if mode else ((min(nk, active) if active > 0 else nk), h)
                nrows = ne * cap if mode else shape[0]
                # indices: a permutation of the expanded rows, -1 (dropped) in mode 1, and in mode
                # 0 the positions past the active rows
                if mode:
                    slots = list(range(nrows)) + [-1] * nk
                    rng.shuffle(slots)
                    ridx = torch.tensor(slots[:nk], dtype=I32)
                else:
                    p = list(range(nk))
                    rng.shuffle(p)
                    ridx = torch.tensor(p, dtype=I32)
                gx = torch.randn(*shape, generator=g).to(dt)
                flat = gx.double().reshape(-1, h)
                want = torch.zeros(n, h, dtype=F64)
                for i in range(nk):
                    r = int(ridx[i])
                    if 0 <= r < nrows:
                        want[i // k] += flat[r]
                out = self.dev(torch.full((n, h), 3.0, dtype=dt))
                what = "MoeInitRoutingV2Grad %s n %d k %d h %d mode %d active %d" % (
                    dt, n, k, h, mode, active)
                self.run_op("MoeInitRoutingV2Grad", self.dev(view_of(rng, gx)).handle,
                            self.dev(ridx).handle, k, mode, active, out.handle)
                close(self, out.read(), want, dt, what)
                # MoeFinalizeRoutingV2Grad on the same layout
                gy = torch.randn(n, h, generator=g).to(dt)
                with_sc, with_bias = case % 3 != 0, case % 3 == 2
                ex = torch.randn(*shape, generator=g).to(dt)
                sc = torch.rand(n, k, generator=g).to(dt) if with_sc else None
                bias = torch.randn(2, h, generator=g).to(dt) if with_bias else None
                eidx = (torch.tensor([rng.randrange(2) for _ in range(nk)], dtype=I32)
                        .reshape(n, k) if with_bias else None)
                wgx = torch.zeros(nrows, h, dtype=F64)
                wgs = torch.zeros(n, k if with_sc else 1, dtype=F64)
                exf = ex.double().reshape(-1, h)
                for i in range(nk):
                    r = int(ridx[i])
                    if not 0 <= r < nrows:
                        continue
                    s = float(sc.reshape(-1)[i]) if with_sc else 1.0
                    wgx[r] = gy.double()[i // k] * s
                    if with_sc:
                        b = bias.double()[int(eidx.reshape(-1)[i])] if with_bias else 0
                        wgs[i // k, i % k] = ((exf[r] + b) * gy.double()[i // k]).sum()
                gxo = self.dev(torch.full(shape, 3.0, dtype=dt))
                gso = self.dev(torch.full(tuple(wgs.shape), 3.0, dtype=dt))
                hd = (lambda t: None if t is None else self.dev(view_of(rng, t)).handle)
                self.run_op("MoeFinalizeRoutingV2Grad", hd(gy), self.dev(ridx).handle,
                            hd(ex) if with_sc else None, hd(sc), hd(eidx), hd(bias), mode, active,
                            ne, cap, gxo.handle, gso.handle)
                close(self, gxo.read().double().reshape(-1, h), wgx, dt,
                      "MoeFinalizeRoutingV2Grad of " + what)
                if with_sc:
                    close(self, gso.read(), wgs, dt, "gradScales of " + what)
        op = "MoeInitRoutingV2Grad"
        gx, ix, out = (self.dev(torch.zeros(4, 2)), self.dev(torch.zeros(4, dtype=I32)),
                       self.dev(torch.zeros(2, 2)))
        self.run_op(op, gx.handle, ix.handle, 2, 0, 0, out.handle)
        self.refused(op, 161002, gx.handle, ix.handle, 3, 0, 0, out.handle)
        self.refused(op, 161002, gx.handle, ix.handle, 2, 2, 0, out.handle)
        self.refused(op, 161002, gx.handle, ix.handle, 2, 1, 0, out.handle)
        self.refused(op, 161002, gx.handle, ix.handle, 2, 0, 3, out.handle)
        self.refused(op, 161001, gx.handle, None, 2, 0, 0, out.handle)
        op = "MoeFinalizeRoutingV2Grad"
        gy, sc = self.dev(torch.zeros(2, 2)), self.dev(torch.zeros(2, 2))
        gs = self.dev(torch.zeros(2, 2))
        self.run_op(op, gy.handle, ix.handle, gx.handle, sc.handle, None, None, 0, 0, 0, 0,
                    gx.handle, gs.handle)
        self.refused(op, 161001, gy.handle, ix.handle, None, sc.handle, None, None, 0, 0, 0, 0,
                     gx.handle, gs.handle)
        self.refused(op, 161002, gy.handle, ix.handle, gx.handle, sc.handle, None, None, 1, 0, 0,
                     0, gx.handle, gs.handle)
        self.refused(op, 161002, gy.handle, ix.handle, gx.handle, sc.handle, None, None, 0, 0, 0,
                     0, gx.handle, self.dev(torch.zeros(2, 1)).handle)
        self.refused(op, 161002, gy.handle, ix.handle, gx.handle, sc.handle, None, None, 0, 3, 0,
                     0, gx.handle, gs.handle)

    def int_array(self, values):
        """An aclIntArray of values, destroyed after the test."""
        arr, ret = nn.create_int_array(values)
        self.assertEqual(ret, 0)
        self.addCleanup(nn.destroy_int_array, arr)
        return arr

    def test_ffn(self):
        rng = random.Random(SEED + 11)
        g = torch.Generator().manual_seed(SEED + 11)
        nq = [None] * 8
        for dt in (F16, BF16):
            for case in range(12):
                act = ("relu", "gelu", "fastgelu", "silu")[case % 4]
                experts = case % 3 != 0
                k1, n1 = rng.randint(1, 6), rng.randint(1, 6)
                ne = rng.randint(1, 3) if experts else 0
                counts = [rng.randint(0, 3) for _ in range(ne)] if experts else []
                m = sum(counts) if experts else rng.randint(0 if case == 0 else 1, 5)
                shape = (m, k1) if case % 2 else (1, m, k1)
                x = (torch.randn(*shape, generator=g) / 2).to(dt)
                w1 = (torch.randn(*((ne, k1, n1) if experts else (k1, n1)), generator=g) / 2).to(dt)
                w2 = (torch.randn(*((ne, n1, k1) if experts else (n1, k1)), generator=g) / 2).to(dt)
                bdt = (F16, F32)[case % 2]
                b1 = (torch.randn(*((ne, n1) if experts else (n1,)), generator=g).to(bdt)
                      if case % 4 != 3 else None)
                b2 = (torch.randn(*((ne, k1) if experts else (k1,)), generator=g).to(bdt)
                      if case % 5 != 4 else None)
                ends = list(__import__("itertools").accumulate(counts)) if experts else [m]
                ref = ffn_ref(x.double(), w1.double(), w2.double(),
                              None if b1 is None else b1.double(),
                              None if b2 is None else b2.double(), ends, act, dt)
                hb = (lambda t: None if t is None else self.dev(t).handle)
                for ver in ("FFN", "FFNV2", "FFNV3"):
                    y = self.dev(torch.full(shape, 7.0, dtype=dt))
                    what = "%s %s %s act %s experts %s counts %s" % (ver, dt, shape, act, ne,
                                                                    counts)
                    flag = ver != "FFN" and case % 2 == 1
                    tok = ends if flag else counts
                    if ver == "FFNV3":
                        et = hb(torch.tensor(tok, dtype=I64)) if experts else None
                    else:
                        et = None
                    args = [self.dev(view_of(rng, x)).handle, self.dev(view_of(rng, w1)).handle,
                            self.dev(view_of(rng, w2)).handle]
                    if ver == "FFNV3":
                        args.append(et)
                    else:
                        args.append(self.int_array(tok) if experts else None)
                    args += [hb(b1), hb(b2)] + nq + [act, 1]
                    if ver != "FFN":
                        args.append(flag)
                    args.append(y.handle)
                    self.run_op(ver, *args)
                    close(self, y.read(), ref, dt, what)
        x = self.dev(torch.zeros(4, 2, dtype=F16))
        w = self.dev(torch.zeros(2, 2, dtype=F16))
        y = self.dev(torch.zeros(4, 2, dtype=F16))
        base = lambda act, xx=x, yy=y, et=None: [xx.handle, w.handle, w.handle, et, None, None] + \
            nq + [act, 1, yy.handle]
        self.run_op("FFN", *base("relu"))
        self.refused("FFN", 161002, *base("swiglu"))
        self.refused("FFN", 161002, *base("relu", xx=self.dev(torch.zeros(4, 2)),
                                          yy=self.dev(torch.zeros(4, 2))))
        self.refused("FFN", 161002, *base("relu", et=self.int_array([4])))  # 2-d weights with experts
        self.refused("FFN", 161001, *base(None))
        q = list(base("relu"))
        q[6] = self.dev(torch.zeros(1)).handle  # scale: the quantised case
        self.refused("FFN", 161002, *q)
        w3 = self.dev(torch.zeros(2, 2, 2, dtype=F16))
        self.refused("FFN", 161002, x.handle, w3.handle, w3.handle, self.int_array([1, 2]), None, None, *nq,
                     "relu", 1, y.handle)  # counts summing to 3, not M = 4
        self.run_op("FFN", x.handle, w3.handle, w3.handle, self.int_array([1, 3]), None, None, *nq, "relu", 1,
                    y.handle)
        # FFNV3's device counts are read at launch: a wrong sum fails it
        ws, exe, ret = nn.get_workspace_size(
            "FFNV3", x.handle, w3.handle, w3.handle,
            self.dev(torch.tensor([1, 2], dtype=I64)).handle, None, None, *nq, "relu", 1, False,
            y.handle)
        self.assertEqual(ret, 0)
        self.assertEqual(nn.launch("FFNV3", 0, 0, exe, self.stream), 0)
        self.assertEqual(acl.rt.synchronize_stream(self.stream), AICORE_EXCEPTION)

    def test_init_routing_quant(self):
        rng = random.Random(SEED + 13)
        for dt in (F32, F16, BF16):
            for case in range(6):
                n, k, h = rng.randint(0 if case == 0 else 1, 5), rng.randint(1, 3), rng.randint(1, 5)
                x = (torch.randn(n, h, generator=torch.Generator().manual_seed(case)) * 40).to(dt)
                exp = torch.tensor([rng.randrange(4) for _ in range(n * k)], dtype=I32).reshape(n, k)
                row = torch.arange(n * k, dtype=I32).reshape(k, n).t().contiguous()
                active = rng.choice((n, max(n - 1, 0)))
                scale, offset = rng.choice((1.0, 0.37, 2.5)), rng.choice((0.0, 1.0, -3.3))
                ex, erow, eexp = init_routing_ref(x, row, exp, active)
                s16, o16 = torch.tensor(scale).half(), torch.tensor(offset).half()
                q = torch.round((ex.float().half() * s16 + o16).float()).clamp(-128, 127).to(torch.int8)
                ox = self.dev(torch.full(tuple(ex.shape), 9, dtype=torch.int8))
                orow = self.dev(torch.full((n * k,), -5, dtype=I32))
                oexp = self.dev(torch.full((n * k,), -5, dtype=I32))
                what = "MoeInitRoutingQuant %s n %d k %d h %d scale %g offset %g" % (
                    dt, n, k, h, scale, offset)
                self.run_op("MoeInitRoutingQuant", self.dev(view_of(rng, x)).handle,
                            self.dev(row).handle, self.dev(exp).handle, active, scale, offset,
                            ox.handle, orow.handle, oexp.handle)
                self.assertEqual(ox.read().tolist(), q.tolist(), what)
                self.assertEqual(orow.read().tolist(), erow.tolist(), what)
                self.assertEqual(oexp.read().tolist(), eexp.tolist(), what)
        x = self.dev(torch.zeros(2, 3))
        r = self.dev(torch.tensor([[0, 2], [1, 3]], dtype=I32))
        self.refused("MoeInitRoutingQuant", 161002, x.handle, r.handle, r.handle, 2, 1.0, 0.0,
                     self.dev(torch.zeros(4, 3)).handle, self.dev(torch.zeros(4, dtype=I32)).handle,
                     self.dev(torch.zeros(4, dtype=I32)).handle)

    def test_init_routing_bad_rows(self):
        x = self.dev(torch.zeros(2, 3))
        exp = self.dev(torch.zeros(2, 2, dtype=I32))
        ox, orow, oexp = (self.dev(torch.zeros(4, 3)), self.dev(torch.zeros(4, dtype=I32)),
                          self.dev(torch.zeros(4, dtype=I32)))
        for bad in ([[0, 1], [2, 2]], [[0, 1], [2, 4]], [[0, -1], [2, 3]]):
            ws, ex, ret = nn.get_workspace_size(
                "MoeInitRouting", x.handle, self.dev(torch.tensor(bad, dtype=I32)).handle,
                exp.handle, 2, ox.handle, orow.handle, oexp.handle)
            self.assertEqual(ret, 0)
            self.assertEqual(nn.launch("MoeInitRouting", 0, 0, ex, self.stream), 0)
            self.assertEqual(acl.rt.synchronize_stream(self.stream), AICORE_EXCEPTION, bad)
        r = self.dev(torch.zeros(2, 2, dtype=I32))
        op = "MoeInitRouting"
        self.refused(op, 161001, x.handle, None, exp.handle, 2, ox.handle, orow.handle,
                     oexp.handle)
        self.refused(op, 161002, x.handle, r.handle, exp.handle, -1, ox.handle, orow.handle,
                     oexp.handle)
        self.refused(op, 161002, x.handle, r.handle, exp.handle, 1, ox.handle, orow.handle,
                     oexp.handle)
        self.refused(op, 161002, x.handle, self.dev(torch.zeros(2, 2, dtype=I64)).handle,
                     exp.handle, 2, ox.handle, orow.handle, oexp.handle)
        self.refused(op, 161002, self.dev(torch.zeros(2, 3, dtype=I32)).handle, r.handle,
                     exp.handle, 2, ox.handle, orow.handle, oexp.handle)
        self.refused(op, 161002, x.handle, r.handle, exp.handle, 2,
                     self.dev(torch.zeros(4, 3, dtype=F16)).handle, orow.handle, oexp.handle)

    def test_compute_expert_tokens(self):
        rng = random.Random(SEED + 3)
        for case in range(12):
            ne = rng.randint(1, 9)
            vals = sorted(rng.randrange(ne) for _ in range(rng.randint(0, 20)))
            s = torch.tensor(vals, dtype=I32)
            want = [sum(1 for v in vals if v <= e) for e in range(ne)]
            out = self.dev(torch.full((ne,), -1, dtype=I32))
            self.run_op("MoeComputeExpertTokens", self.dev(view_of(rng, s)).handle, ne,
                        out.handle)
            self.assertEqual(out.read().tolist(), want, "%s %d" % (vals, ne))
        out = self.dev(torch.zeros(3, dtype=I32))
        self.run_op("MoeComputeExpertTokens",
                    self.dev(torch.tensor([0, 0, 1, 1, 2, 2], dtype=I32)).handle, 3, out.handle)
        self.assertEqual(out.read().tolist(), [2, 4, 6])
        s = self.dev(torch.zeros(4, dtype=I32))
        op = "MoeComputeExpertTokens"
        self.refused(op, 161001, None, 3, out.handle)
        self.refused(op, 161002, s.handle, 0, out.handle)
        self.refused(op, 161002, s.handle, 2049, out.handle)
        self.refused(op, 161002, s.handle, 4, out.handle)
        self.refused(op, 161002, self.dev(torch.zeros(4, dtype=I64)).handle, 3, out.handle)
        self.refused(op, 161002, self.dev(torch.zeros(2, 2, dtype=I32)).handle, 3, out.handle)

    def test_finalize_routing(self):
        rng = random.Random(SEED + 4)
        g = torch.Generator().manual_seed(SEED)
        for dt in (F32, F16, BF16):
            for case in range(8):
                n, k, h, e = (rng.randint(0 if case == 0 else 1, 5), rng.randint(1, 3),
                              rng.randint(1, 6), rng.randint(1, 4))
                ex = torch.randn(n * k, h, generator=g).to(dt)
                x1, x2 = (torch.randn(n, h, generator=g).to(dt) for _ in range(2))
                bias = torch.randn(e, h, generator=g).to(dt)
                sc = torch.rand(n, k, generator=g).to(dt)
                p = list(range(n * k))
                rng.shuffle(p)
                ridx = torch.tensor(p, dtype=I32)
                eidx = torch.tensor([rng.randrange(e) for _ in range(n * k)],
                                    dtype=I32).reshape(n, k)
                with_x2 = case % 2 == 0
                ref = finalize_ref(ex.double(), ridx, x1.double(),
                                   x2.double() if with_x2 else None, bias.double(), sc.double(),
                                   eidx, n, k, 0)
                out = self.dev(torch.full((n, h), 3.0, dtype=dt))
                what = "MoeFinalizeRouting %s n %d k %d h %d x2 %s" % (dt, n, k, h, with_x2)
                self.run_op("MoeFinalizeRouting", self.dev(view_of(rng, ex)).handle,
                            self.dev(view_of(rng, x1)).handle,
                            self.dev(x2).handle if with_x2 else None,
                            self.dev(view_of(rng, bias)).handle, self.dev(view_of(rng, sc)).handle,
                            self.dev(ridx).handle, self.dev(view_of(rng, eidx)).handle, out.handle)
                close(self, out.read(), ref, dt, what)
        op = "MoeFinalizeRouting"
        ex, x1, bias = (self.dev(torch.zeros(4, 3)), self.dev(torch.zeros(2, 3)),
                        self.dev(torch.zeros(2, 3)))
        sc, ridx, eidx = (self.dev(torch.zeros(2, 2)), self.dev(torch.zeros(4, dtype=I32)),
                          self.dev(torch.zeros(2, 2, dtype=I32)))
        out = self.dev(torch.zeros(2, 3))
        self.refused(op, 161001, ex.handle, None, None, bias.handle, sc.handle, ridx.handle,
                     eidx.handle, out.handle)
        self.refused(op, 161002, ex.handle, x1.handle, None, bias.handle, sc.handle,
                     self.dev(torch.zeros(3, dtype=I32)).handle, eidx.handle, out.handle)
        self.refused(op, 161002, ex.handle, x1.handle, None,
                     self.dev(torch.zeros(2, 3, dtype=F16)).handle, sc.handle, ridx.handle,
                     eidx.handle, out.handle)
        self.refused(op, 161002, ex.handle, x1.handle, None, bias.handle, sc.handle, ridx.handle,
                     eidx.handle, self.dev(torch.zeros(3, 3)).handle)
        self.refused(op, 161002, self.dev(torch.zeros(4, 3, dtype=F64)).handle, x1.handle, None,
                     bias.handle, sc.handle, ridx.handle, eidx.handle, out.handle)
        # an expert beyond bias's rows fails the launch
        ws, exe, ret = nn.get_workspace_size(
            op, ex.handle, x1.handle, None, bias.handle, sc.handle,
            self.dev(torch.tensor([0, 1, 2, 3], dtype=I32)).handle,
            self.dev(torch.tensor([[0, 1], [2, 0]], dtype=I32)).handle, out.handle)
        self.assertEqual(ret, 0)
        self.assertEqual(nn.launch(op, 0, 0, exe, self.stream), 0)
        self.assertEqual(acl.rt.synchronize_stream(self.stream), AICORE_EXCEPTION)

    def test_finalize_routing_v2(self):
        rng = random.Random(SEED + 5)
        g = torch.Generator().manual_seed(SEED + 5)
        runs = 0
        for dt in (F32, F16, BF16):
            for case in range(16):
                mode = case % 4
                drop = mode in (1, 3)
                with_sc = case % 5 != 4
                n, k, h, e = (rng.randint(0 if case == 0 else 1, 5),
                              rng.randint(1, 3) if with_sc else 1, rng.randint(1, 6),
                              rng.randint(1, 4))
                cap = rng.randint(1, 4)
                ex = torch.randn(*((e, cap, h) if drop else (n * k, h)), generator=g).to(dt)
                nrows = e * cap if drop else n * k
                if drop:
                    ridx = torch.tensor([rng.randrange(-1, nrows) for _ in range(n * k)],
                                        dtype=I32)
                else:
                    p = list(range(n * k))
                    rng.shuffle(p)
                    ridx = torch.tensor(p, dtype=I32)
                terms = [rng.random() < 0.6 for _ in range(3)]  # x1, x2, bias
                x1 = torch.randn(n, h, generator=g).to(dt) if terms[0] else None
                x2 = torch.randn(n, h, generator=g).to(dt) if terms[1] else None
                bias = torch.randn(e, h, generator=g).to(dt) if terms[2] else None
                sc = torch.rand(n, k, generator=g).to(dt) if with_sc else None
                eidx = (torch.tensor([rng.randrange(e) for _ in range(n * k)],
                                     dtype=I32).reshape(n, k)
                        if terms[2] or rng.random() < 0.5 else None)
                d = (lambda t: None if t is None else t.double())
                ref = finalize_ref(ex.double(), ridx, d(x1), d(x2), d(bias), d(sc), eidx, n, k,
                                   mode)
                out = self.dev(torch.full((n, h), 3.0, dtype=dt))
                h_ = (lambda t: None if t is None else self.dev(view_of(rng, t)).handle)
                what = "MoeFinalizeRoutingV2 %s mode %d n %d k %d h %d terms %s sc %s" % (
                    dt, mode, n, k, h, terms, with_sc)
                self.run_op("MoeFinalizeRoutingV2", h_(ex), self.dev(ridx).handle, h_(x1),
                            h_(x2), h_(bias), h_(sc), h_(eidx), mode, out.handle)
                close(self, out.read(), ref, dt, what)
                runs += 1
        self.assertEqual(runs, 48)
        op = "MoeFinalizeRoutingV2"
        ex, ridx, out = (self.dev(torch.zeros(4, 3)), self.dev(torch.zeros(4, dtype=I32)),
                         self.dev(torch.zeros(4, 3)))
        bias = self.dev(torch.zeros(2, 3))
        self.refused(op, 161001, None, ridx.handle, None, None, None, None, None, 0, out.handle)
        self.refused(op, 161001, ex.handle, ridx.handle, None, None, bias.handle, None, None, 0,
                     out.handle)
        self.refused(op, 161002, ex.handle, ridx.handle, None, None, None, None, None, 4,
                     out.handle)
        self.refused(op, 161002, ex.handle, ridx.handle, None, None, None, None, None, 1,
                     out.handle)
        self.refused(op, 161002, ex.handle, self.dev(torch.zeros(4, dtype=I64)).handle, None,
                     None, None, None, None, 0, out.handle)
        self.refused(op, 161002, ex.handle, ridx.handle, None, None, None,
                     self.dev(torch.zeros(2, 2)).handle, None, 0, self.dev(torch.zeros(2, 2)).handle)
        # mode 0 takes no -1: the launch fails before any write
        ws, exe, ret = nn.get_workspace_size(
            op, ex.handle, self.dev(torch.tensor([0, -1, 2, 3], dtype=I32)).handle, None, None,
            None, None, None, 0, out.handle)
        self.assertEqual(ret, 0)
        self.assertEqual(nn.launch(op, 0, 0, exe, self.stream), 0)
        self.assertEqual(acl.rt.synchronize_stream(self.stream), AICORE_EXCEPTION)


if __name__ == "__main__":
    unittest.main()
