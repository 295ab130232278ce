# SPDX-License-Identifier: Apache-2.0
"""The matrix decompositions of ops/linalg against PyTorch (torch 1.13 on the CPU, in DOUBLE, as
the oracle): LinalgCholesky (torch.linalg.cholesky, lower and upper), LinalgQr (torch.linalg.qr,
modes reduced / complete / r) and Qr (torch.qr), Svd (torch.svd: sigma against
torch.linalg.svdvals; u and v, which only a sign per pair fixes (and a rotation for repeated or
zero singular values), by their invariants: u diag(sigma) v^T = input, u and v orthogonal,
and cpuacl's sign convention, each v_j's largest component positive; for well separated
singular values also |u_j . u_ref_j| = 1); Sinkhorn against CANN's documented iteration written in
torch.

Every declared type (Q and R of types other than self's too), batches, tall, wide and square
matrices, empty ones, non-contiguous input views; a matrix that is not positive definite
(Cholesky: NaN), rank-deficient matrices (Svd's completed vectors) and NaN input (Svd). Bad
input gives its code with a message naming the operator. Skipped (exit 77) without torch."""
import random
import unittest

from torchcase import TorchCase, torch  # noqa: E402 (first: torch before acl)

import acltest  # noqa: E402
from acltest import acl  # noqa: E402

if torch is not None:
    from test_ew_torch import check, view_of, gen, F16, BF16, F32, F64  # noqa: E402

setUpModule = acltest.setup_module
tearDownModule = acltest.teardown_module

SEED = 1511
# the outputs are rounded once from double: their type's rounding, relative to the matrices'
# scale (a decomposition's elements are not each correctly rounded: cancellation)
TOL = {F64: 1e-10, F32: 2e-5, F16: 4e-3, BF16: 3e-2} if torch is not None else {}

SHAPES = ((3, 3), (4, 2), (2, 5), (2, 3, 4), (2, 4, 3), (1, 1), (2, 1, 5, 5), (6, 6), (1, 7),
          (7, 1))


def close(case, got, ref, tol, what):
    """got and ref agree to tol relative to ref's largest magnitude (at least 1)."""
    case.assertEqual(tuple(got.shape), tuple(ref.shape), what)
    if ref.numel() == 0:
        return
    scale = max(1.0, ref.double().abs().max().item())
    err = (got.double() - ref.double()).abs().max().item()
    case.assertLessEqual(err, tol * scale * 8, "%s: max error %g (scale %g)" % (what, err, scale))


def eye_batch(shape, n):
    return torch.eye(n, dtype=F64).expand(tuple(shape) + (n, n))


@unittest.skipIf(torch is None, "torch is not installed")
class LinalgTorch(TorchCase):
    def test_cholesky(self):
        rng = random.Random(SEED)
        for dt in (F32, BF16):
            for shape in ((3, 3), (2, 4, 4), (1, 1), (2, 1, 5, 5), (8, 8), (2, 0, 0), (0, 3, 3)):
                n = shape[-1]
                a = gen(rng, shape, F64, special=False)
                spd = (a @ a.transpose(-1, -2) + n * eye_batch(shape[:-2], n)).to(dt)
                for upper in (False, True):
                    out = self.dev(torch.zeros(shape, dtype=dt))
                    what = "LinalgCholesky %s %s upper=%s" % (dt, shape, upper)
                    self.run_op("LinalgCholesky", self.dev(view_of(rng, spd)).handle, upper,
                                out.handle)
                    ref = torch.linalg.cholesky(spd.double(), upper=upper)
                    close(self, out.read(), ref, TOL[dt], what)
        # not positive definite: that matrix NaN, the others of the batch kept
        x = torch.tensor([[[4.0, 2.0], [2.0, 3.0]], [[1.0, 2.0], [2.0, 1.0]]])
        out = self.dev(torch.zeros((2, 2, 2)))
        self.run_op("LinalgCholesky", self.dev(x).handle, False, out.handle)
        got = out.read()
        check(self, got[0], torch.linalg.cholesky(x[0].double()).float(), "Cholesky pd")
        self.assertTrue(torch.isnan(got[1]).all(), "Cholesky of an indefinite matrix: %s" % got[1])
        sq = self.dev(torch.zeros((3, 3)))
        self.refused("LinalgCholesky", 161001, None, False, sq.handle)
        self.refused("LinalgCholesky", 161002, self.dev(torch.zeros((3, 4))).handle, False,
                     self.dev(torch.zeros((3, 4))).handle)
        self.refused("LinalgCholesky", 161002, sq.handle, False,
                     self.dev(torch.zeros((3, 3), dtype=BF16)).handle)
        self.refused("LinalgCholesky", 161002, self.dev(torch.zeros((3, 3), dtype=F64)).handle,
                     False, self.dev(torch.zeros((3, 3), dtype=F64)).handle)
        self.refused("LinalgCholesky", 161002, self.dev(torch.zeros((3,))).handle, False,
                     self.dev(torch.zeros((3,))).handle)

    def qr_case(self, rng, name, arg, mode, x, qdt, rdt, what):
        """Run LinalgQr (arg: mode) or Qr (arg: some) on x; check Q and R against torch's and
        their invariants."""
        shape = tuple(x.shape)
        m, n = shape[-2], shape[-1]
        k = min(m, n)
        batch = shape[:-2]
        qshape = (0,) if mode == "r" else batch + (m, m if mode == "complete" else k)
        rshape = batch + ((m if mode == "complete" else k), n)
        q = self.dev(torch.full(qshape, 7.0, dtype=qdt))
        r = self.dev(torch.full(rshape, 7.0, dtype=rdt))
        self.run_op(name, self.dev(view_of(rng, x)).handle, arg, q.handle, r.handle)
        qref, rref = torch.linalg.qr(x.double(), mode=mode)
        tol = max(TOL[x.dtype] if x.dtype == F16 else 0, TOL[qdt], TOL[rdt])
        close(self, r.read(), rref, max(tol, TOL[rdt]), what + " R")
        if mode == "r":
            return
        gq = q.read()
        close(self, gq, qref, tol, what + " Q")
        if min(shape) > 0:  # invariants: Q^T Q = I, Q R = A
            gq = gq.double()
            close(self, gq.transpose(-1, -2) @ gq, eye_batch(batch, qshape[-1]), tol, what + " Q'Q")
            close(self, gq @ r.read().double(), x.double(), tol, what + " QR")

    def test_linalg_qr(self):
        rng = random.Random(SEED + 1)
        for dt in (F32, F16, F64):
            for shape in SHAPES + ((2, 0, 3), (3, 0), (0, 2, 2)):
                x = gen(rng, shape, dt, special=False)
                for mode, code in (("reduced", 0), ("complete", 1), ("r", 2)):
                    qdt = rng.choice((F32, F16, F64)) if rng.random() < 0.3 else dt
                    rdt = rng.choice((F32, F16, F64)) if rng.random() < 0.3 else dt
                    self.qr_case(rng, "LinalgQr", code, mode, x, qdt, rdt,
                                 "LinalgQr %s %s %s Q %s R %s" % (dt, shape, mode, qdt, rdt))
        # a zero column below the diagonal reflects nothing (geqrf's tau 0): torch's signs
        x = torch.tensor([[2.0, 1.0], [0.0, 3.0], [0.0, 4.0]])
        self.qr_case(rng, "LinalgQr", 1, "complete", x, F32, F32, "LinalgQr zero column")
        a = self.dev(torch.zeros((4, 3)))
        q, r = self.dev(torch.zeros((4, 3))), self.dev(torch.zeros((3, 3)))
        self.refused("LinalgQr", 161001, a.handle, 0, None, r.handle)
        self.refused("LinalgQr", 161002, a.handle, 3, q.handle, r.handle)
        self.refused("LinalgQr", 161002, a.handle, 1, q.handle, r.handle)  # complete: Q 4 x 4
        self.refused("LinalgQr", 161002, a.handle, 2, q.handle, r.handle)  # r: Q must be [0]
        self.refused("LinalgQr", 161002, self.dev(torch.zeros((4, 3), dtype=BF16)).handle, 0,
                     q.handle, r.handle)
        self.refused("LinalgQr", 161002, self.dev(torch.zeros((4,))).handle, 0, q.handle,
                     r.handle)

    def test_qr(self):
        rng = random.Random(SEED + 2)
        for dt in (F32, F16, F64):
            for shape in SHAPES + ((3, 0),):
                x = gen(rng, shape, dt, special=False)
                for some in (True, False):
                    mode = "reduced" if some else "complete"
                    self.qr_case(rng, "Qr", some, mode, x, dt, dt,
                                 "Qr %s %s some=%s" % (dt, shape, some))
        a = self.dev(torch.zeros((4, 3)))
        self.refused("Qr", 161001, None, True, a.handle, a.handle)
        self.refused("Qr", 161002, a.handle, False, a.handle, self.dev(torch.zeros((3, 3))).handle)

    def svd_check(self, x, s, u, v, full, what):
        dt = x.dtype
        tol = TOL[dt]
        xd = x.double()
        m, n = x.shape[-2], x.shape[-1]
        k = min(m, n)
        batch = tuple(x.shape[:-2])
        close(self, s, torch.linalg.svdvals(xd), tol, what + " sigma")
        if x.numel() == 0:
            return
        ud, vd = u.double(), v.double()
        uk, vk = ud[..., :k], vd[..., :k]
        close(self, (uk * s.double().unsqueeze(-2)) @ vk.transpose(-1, -2), xd, tol,
              what + " u diag(s) v^T")
        close(self, ud.transpose(-1, -2) @ ud, eye_batch(batch, ud.shape[-1]), tol, what + " u'u")
        close(self, vd.transpose(-1, -2) @ vd, eye_batch(batch, vd.shape[-1]), tol, what + " v'v")
        # the sign convention (SV4): each v_j's largest component is positive
        big = vk.abs().argmax(dim=-2, keepdim=True)
        self.assertTrue((vk.gather(-2, big) > 0).all(), what + " v's signs")
        # well separated singular values fix the vectors up to sign
        uref, sref, vref = torch.linalg.svd(xd, full_matrices=False)
        vref = vref.transpose(-1, -2)
        srt = sref.reshape(-1, k)
        if k > 1:
            gaps = (srt[:, :-1] - srt[:, 1:]).min().item()
            if gaps < 1e-2 * srt.max().item() or srt[:, -1].min().item() < 1e-3:
                return
        close(self, (uk * uref).sum(-2).abs(), torch.ones(batch + (k,), dtype=F64), tol * 10,
              what + " |u_j . u_ref_j|")
        close(self, (vk * vref).sum(-2).abs(), torch.ones(batch + (k,), dtype=F64), tol * 10,
              what + " |v_j . v_ref_j|")

    def test_svd(self):
        rng = random.Random(SEED + 3)
        for dt in (F32, F64):
            for shape in SHAPES + ((2, 0, 3), (0, 3, 3), (3, 0)):
                x = gen(rng, shape, dt, special=False)
                for full in (False, True):
                    m, n = shape[-2], shape[-1]
                    k = min(m, n)
                    b = shape[:-2]
                    s = self.dev(torch.full(b + (k,), 7.0, dtype=dt))
                    u = self.dev(torch.zeros(b + (m, m if full else k), dtype=dt))
                    v = self.dev(torch.zeros(b + (n, n if full else k), dtype=dt))
                    what = "Svd %s %s full=%s" % (dt, shape, full)
                    self.run_op("Svd", self.dev(view_of(rng, x)).handle, full, True, s.handle,
                                u.handle, v.handle)
                    if x.numel() == 0:
                        continue
                    self.svd_check(x, s.read(), u.read(), v.read(), full, what)
                # computeUV false: sigma only, u and v of any shape
                s = self.dev(torch.zeros(shape[:-2] + (min(shape[-2:]),), dtype=dt))
                junk = self.dev(torch.full((2,), 5.0, dtype=dt))
                self.run_op("Svd", self.dev(x).handle, False, False, s.handle, junk.handle,
                            junk.handle)
                close(self, s.read(), torch.linalg.svdvals(x.double()), TOL[dt],
                      "Svd sigma only %s %s" % (dt, shape))
                check(self, junk.read(), torch.full((2,), 5.0, dtype=dt), "Svd u untouched")
        # rank-deficient (zero singular values: u completed), repeated singular values
        for x in (torch.tensor([[1.0, 2.0, 3.0], [2.0, 4.0, 6.0], [0.0, 0.0, 0.0], [1.0, 2.0, 3.0]]),
                  torch.zeros((3, 4)), torch.eye(3), torch.tensor([[0.0, 1.0, 0.0]])):
            m, n = x.shape
            for full in (False, True):
                k = min(m, n)
                s = self.dev(torch.zeros((k,)))
                u = self.dev(torch.zeros((m, m if full else k)))
                v = self.dev(torch.zeros((n, n if full else k)))
                self.run_op("Svd", self.dev(x).handle, full, True, s.handle, u.handle, v.handle)
                self.svd_check(x, s.read(), u.read(), v.read(), full,
                               "Svd special %s full=%s" % (x.tolist(), full))
        # NaN: that matrix's outputs NaN
        x = torch.tensor([[[1.0, float("nan")], [0.0, 1.0]], [[3.0, 0.0], [0.0, 2.0]]])
        s, u, v = (self.dev(torch.zeros(sh)) for sh in ((2, 2), (2, 2, 2), (2, 2, 2)))
        self.run_op("Svd", self.dev(x).handle, False, True, s.handle, u.handle, v.handle)
        self.assertTrue(torch.isnan(s.read()[0]).all() and torch.isnan(u.read()[0]).all())
        check(self, s.read()[1], torch.tensor([3.0, 2.0]), "Svd beside a NaN matrix")
        a = self.dev(torch.zeros((4, 3)))
        s3, u43, v33 = (self.dev(torch.zeros(sh)) for sh in ((3,), (4, 3), (3, 3)))
        self.refused("Svd", 161001, a.handle, False, True, s3.handle, None, v33.handle)
        self.refused("Svd", 161002, a.handle, True, True, s3.handle, u43.handle, v33.handle)
        self.refused("Svd", 161002, a.handle, False, True, self.dev(torch.zeros((4,))).handle,
                     u43.handle, v33.handle)
        self.refused("Svd", 161002, a.handle, False, True,
                     self.dev(torch.zeros((3,), dtype=F64)).handle, u43.handle, v33.handle)
        self.refused("Svd", 161002, self.dev(torch.zeros((4, 3), dtype=F16)).handle, False, True,
                     s3.handle, u43.handle, v33.handle)
        self.refused("Svd", 161002, self.dev(torch.zeros((3,))).handle, False, True, s3.handle,
                     u43.handle, v33.handle)


    def test_sinkhorn(self):
        def ref_sinkhorn(cost, tol):
            """CANN's formula (aclnnSinkhorn.md) in DOUBLE."""
            k = torch.exp(cost)
            r, c = k.shape
            d0, d1 = torch.ones(r, dtype=F64), torch.ones(c, dtype=F64)
            err, old = 1e9, d1
            while err > tol:
                d0 = 1 / (r * ((d1 * k).sum(1) + 1e-8))
                d1 = 1 / (c * ((d0.unsqueeze(1) * k).sum(0) + 1e-8))
                err = (old - d1).abs().mean().item()
                old = d1
            return d1 * k * d0.unsqueeze(1)

        rng = random.Random(SEED + 4)
        for dt in (F32, F16, BF16):
            for shape in ((4, 3), (16, 8), (1, 5), (7, 1), (64, 16)):
                for tol in (None, 1e-6, 0.1):
                    x = gen(rng, shape, dt, lo=0.0, hi=1.0, special=False)
                    p = self.dev(torch.zeros(shape, dtype=dt))
                    th = None
                    if tol is not None:
                        th, ret = acl.nn.create_scalar(tol, acl.ACL_FLOAT)
                        self.assertEqual(ret, 0)
                    self.run_op("Sinkhorn", self.dev(view_of(rng, x)).handle, th, p.handle)
                    if th is not None:
                        acl.nn.destroy_scalar(th)
                    ref = ref_sinkhorn(x.double(), 0.0001 if tol is None else tol)
                    check(self, p.read(), ref.to(dt), "Sinkhorn %s %s tol %s" % (dt, shape, tol))
        self.run_op("Sinkhorn", self.dev(torch.zeros((0, 3))).handle, None,
                    self.dev(torch.zeros((0, 3))).handle)
        # a NaN ends the loop (SK3): NaN out, no hang
        x = torch.tensor([[0.5, float("nan")], [0.1, 0.2]])
        p = self.dev(torch.zeros((2, 2)))
        self.run_op("Sinkhorn", self.dev(x).handle, None, p.handle)
        self.assertTrue(torch.isnan(p.read()).any())
        c = self.dev(torch.zeros((4, 3)))
        self.refused("Sinkhorn", 161001, None, None, c.handle)
        self.refused("Sinkhorn", 161002, c.handle, None, self.dev(torch.zeros((3, 4))).handle)
        self.refused("Sinkhorn", 161002, c.handle, None,
                     self.dev(torch.zeros((4, 3), dtype=F16)).handle)
        self.refused("Sinkhorn", 161002, self.dev(torch.zeros((4,))).handle, None,
                     self.dev(torch.zeros((4,))).handle)
        self.refused("Sinkhorn", 161002, self.dev(torch.zeros((4, 3), dtype=F64)).handle, None,
                     self.dev(torch.zeros((4, 3), dtype=F64)).handle)
        th, _ = acl.nn.create_scalar(1e-4, acl.ACL_DOUBLE)
        self.refused("Sinkhorn", 161002, c.handle, th, c.handle)
        acl.nn.destroy_scalar(th)

if __name__ == "__main__":
    unittest.main()
