# SPDX-License-Identifier: Apache-2.0
"""The random family (ops/random) and IndexFill (ops/index) through acl.nn.

IndexFill / InplaceIndexFill against torch.index_fill for every type the row declares, with
negative, repeated and out-of-range indices (CANN skips the last) and non-contiguous views.
Random operators: per seed and offset deterministic (same arguments, same bits; another seed
or offset, other bits), the distribution's moments and range on 20,000 draws for every
declared type (bounds a correct generator misses with probability below 1e-6), the seed and
offset tensors equivalent to the scalar arguments, Multinomial without replacement distinct
and Randperm a permutation; bad host parameters give 161002 naming the operator and a bad
device value (negative std tensor) fails the launch with 507015.
Dropout: DropoutGenMask's bits deterministic per seed and offset, dropped with probability prob
(20,037 draws), the bits past n 0, V2 (every probDataType) and V2Tensor (device seed and offset)
giving GenMask's mask; DropoutDoMask / DropoutBackward against torch.where on random masks
(CANN's layout: bit i % 8 of byte i / 8) for every declared type and views; Dropout's out
consistent with the mask it draws (GenMask's), eval mode the identity with maskOut untouched.
Skipped (exit 77) without torch."""
import math
import random
import unittest

import test_ew_torch as T  # noqa: E402  (torch before acl: see test_ew_torch)
from test_ew_torch import Dev, acl, check, nn, scalar, torch  # noqa: E402
import acltest  # noqa: E402

setUpModule = acltest.setup_module
tearDownModule = acltest.teardown_module
N = 20000


class RandomIndex(acltest.StreamCase):
    def setUp(self):
        super().setUp()
        if torch is None:
            raise unittest.SkipTest("torch is missing")

    def run_op(self, name, *args, rc_sync=0):
        ws, ex, ret = nn.get_workspace_size(name, *args)
        self.assertEqual(ret, 0, "aclnn%s: %d %s" % (name, ret, acl.get_recent_err_msg()))
        self.assertEqual(nn.launch(name, 0, 0, ex, self.stream), 0)
        self.assertEqual(acl.rt.synchronize_stream(self.stream), rc_sync, name)

    def refused(self, name, code, *args):
        _, _, ret = nn.get_workspace_size(name, *args)
        msg = acl.get_recent_err_msg()
        self.assertEqual(ret, code, "aclnn%s: %d (%s)" % (name, ret, msg))
        self.assertIn("aclnn" + name, msg)

    # ---- IndexFill ------------------------------------------------------------------------
    def test_index_fill(self):
        rng = random.Random(29)
        for dt in T.ALL:
            for shape, dim in (((4, 5), 0), ((3, 4, 6), -1), ((7,), 0), ((2, 3, 4), 1)):
                x = T.gen(rng, shape, dt)
                n = shape[dim]
                idx = torch.tensor([0, -1, n - 1, n, -n - 3, 1 % n], dtype=T.I64)
                val = True if dt == T.BOOL else 3 if dt in T.INTS else 2.5
                keep = idx[(idx >= -n) & (idx < n)]
                ref = x.index_fill(dim, keep, val)
                for idt in (T.I32, T.I64):
                    xv = T.view_of(rng, x)
                    sd, ix, o = Dev(xv), Dev(idx.to(idt)), Dev.empty(shape, dt)
                    self.run_op("IndexFill", sd, dim, ix, scalar(val), o)
                    check(self, o.read(), ref, "IndexFill %s %s" % (dt, shape))
                    self.run_op("InplaceIndexFill", sd, dim, ix, scalar(val))
                    got = torch.zeros(xv.shape, dtype=dt)
                    base = torch.tensor([], dtype=dt).set_(xv.storage())
                    full = Dev.read(type("R", (), {"shape": (base.numel(),), "dtype": dt,
                                                   "ptr": sd.ptr})())
                    got = full.as_strided(xv.shape, xv.stride(), xv.storage_offset())
                    check(self, got, ref, "InplaceIndexFill %s %s" % (dt, shape))
                    for d in (sd, ix, o):
                        d.free()
        x, ix, o = Dev.empty((3, 4), T.F32), Dev.empty((2,), T.F32), Dev.empty((3, 4), T.F32)
        self.refused("IndexFill", 161002, x, 0, ix, scalar(1.0), o)  # float index
        ii = Dev.empty((2,), T.I64)
        self.refused("IndexFill", 161002, x, 2, ii, scalar(1.0), o)  # dim
        o2 = Dev.empty((4, 3), T.F32)
        self.refused("IndexFill", 161002, x, 0, ii, scalar(1.0), o2)  # out shape
        self.refused("IndexFill", 161001, None, 0, ii, scalar(1.0), o)

    # ---- random ---------------------------------------------------------------------------
    def draw(self, name, dt, shape, *args, out_first=True):
        o = Dev.empty(shape, dt)
        self.run_op(name, o, *args) if out_first else self.run_op(name, *args, o)
        r = o.read()
        o.free()
        return r

    def stats(self, x, mean, sd, what):
        x = x.double().flatten()
        m, s = x.mean().item(), x.std().item()
        self.assertLess(abs(m - mean), 6 * sd / math.sqrt(x.numel()) + 0.02 * abs(mean) + 1e-3,
                        "%s mean %g want %g" % (what, m, mean))
        self.assertLess(abs(s - sd), 0.06 * sd + 1e-3, "%s std %g want %g" % (what, s, sd))

    def test_normal(self):
        for dt in T.FLOATS:
            a = self.draw("InplaceNormal", dt, (N,), 1.5, 2.0, 7, 0)
            b = self.draw("InplaceNormal", dt, (N,), 1.5, 2.0, 7, 0)
            c = self.draw("InplaceNormal", dt, (N,), 1.5, 2.0, 8, 0)
            d = self.draw("InplaceNormal", dt, (N,), 1.5, 2.0, 7, 4)
            self.assertTrue(torch.equal(a, b), "same seed and offset, same numbers")
            self.assertFalse(torch.equal(a, c))
            self.assertFalse(torch.equal(a, d))
            self.stats(a, 1.5, 2.0, "InplaceNormal %s" % dt)
            seed, off = Dev(torch.tensor([7], dtype=T.I64)), Dev(torch.tensor([1], dtype=T.I64))
            e = self.draw("InplaceNormalTensor", dt, (N,), 1.5, 2.0, seed, off, 3)
            self.assertTrue(torch.equal(d, e), "seed/offset tensors: offset 1 + 3")
            seed.free()
            off.free()
            f = self.draw("NormalFloatFloat", dt, (N,), -1.0, 0.5, 7, 0, out_first=False)
            self.stats(f, -1.0, 0.5, "NormalFloatFloat %s" % dt)
            mean = Dev(torch.tensor([[0.0], [10.0]], dtype=dt))
            std = Dev(torch.tensor([[1.0], [3.0]], dtype=dt))
            g = self.draw("NormalTensorTensor", dt, (2, N // 2), mean, std, 1, 0,
                          out_first=False)
            self.stats(g[1], 10.0, 3.0, "NormalTensorTensor")
            self.stats(g[0], 0.0, 1.0, "NormalTensorTensor")
            h = self.draw("NormalTensorFloat", dt, (2, N // 2), mean, 0.5, 1, 0, out_first=False)
            self.stats(h[0], 0.0, 0.5, "NormalTensorFloat")
            k = self.draw("NormalFloatTensor", dt, (2, 2), 1.0, std, 1, 0, out_first=False)
            self.assertEqual(tuple(k.shape), (2, 2))
            for x in (mean, std):
                x.free()
        o = Dev.empty((4,), T.F32)
        self.refused("InplaceNormal", 161002, o, 0.0, -1.0, 1, 0)
        self.refused("InplaceNormal", 161002, Dev.empty((4,), T.I32), 0.0, 1.0, 1, 0)
        bad = Dev(torch.tensor([1.0, -1.0, 1.0, 1.0]))
        ws, ex, ret = nn.get_workspace_size("NormalFloatTensor", 0.0, bad, 1, 0, o)
        self.assertEqual(ret, 0)
        self.assertEqual(nn.launch("NormalFloatTensor", 0, 0, ex, self.stream), 0)
        self.assertEqual(acl.rt.synchronize_stream(self.stream), 507015)

    def test_uniform_random(self):
        for dt in T.NUM:
            lo, hi = (2.0, 50.0) if dt in T.INTS else (-1.0, 3.0)
            a = self.draw("InplaceUniform", dt, (N,), lo, hi, 5, 0)
            self.assertTrue(bool((a.double() >= lo).all() and (a.double() <= hi).all()), dt)
            if dt in T.FLOATS:
                self.stats(a, (lo + hi) / 2, (hi - lo) / math.sqrt(12), "InplaceUniform")
        for dt in T.ALL:
            lo, hi = (0, 2) if dt == T.BOOL else (-3, 5) if dt != T.U8 else (3, 9)
            a = self.draw("InplaceRandom", dt, (N,), lo, hi, 5, 0)
            v = a.long()
            self.assertTrue(bool((v >= lo).all() and (v < hi).all()), dt)
            self.assertEqual(set(v.unique().tolist()), set(range(lo, hi)), dt)
            self.assertTrue(torch.equal(a.double(), a.double().round()))
            if dt != T.F64:
                b = self.draw("InplaceRandomWithoutFromTo", dt, (N,), 5, 0)
                top = {T.F32: 2 ** 24, T.F16: 2 ** 11, T.BF16: 2 ** 8, T.BOOL: 1}.get(
                    dt, torch.iinfo(dt).max if dt in T.INTS else 0)
                self.assertTrue(bool((b.double() >= 0).all() and (b.double() <= top).all()))
        self.refused("InplaceRandom", 161002, Dev.empty((3,), T.F32), 4, 4, 1, 0)
        self.refused("InplaceUniform", 161002, Dev.empty((3,), T.F32), 4.0, 3.0, 1, 0)
        self.refused("InplaceRandomWithoutFromTo", 161002, Dev.empty((3,), T.F64), 1, 0)

    def test_bernoulli_multinomial_randperm(self):
        for dt in T.ALL:
            x = Dev.empty((N,), dt)
            a = self.draw("Bernoulli", dt, (N,), x, scalar(0.3), 3, 0, out_first=False)
            self.assertTrue(bool(((a.double() == 0) | (a.double() == 1)).all()))
            self.assertLess(abs(a.double().mean().item() - 0.3), 0.02, dt)
            x.free()
        x = Dev.empty((2, 1000), T.F32)
        p = Dev(torch.tensor([[0.0], [1.0]], dtype=T.F32))
        b = self.draw("BernoulliTensor", T.F32, (2, 1000), x, p, 3, 0, out_first=False)
        self.assertEqual(b[0].sum().item(), 0)
        self.assertEqual(b[1].sum().item(), 1000)
        self.refused("Bernoulli", 161002, x, scalar(1.5), 3, 0, Dev.empty((2, 1000), T.F32))
        for dt in T.FLOATS:
            w = Dev(torch.tensor([[1.0, 0.0, 3.0, 4.0], [0.0, 0.0, 5.0, 0.0]], dtype=dt))
            m = self.draw("Multinomial", T.I64, (2, N // 2), w, N // 2, True, 9, 0,
                          out_first=False)
            c = torch.bincount(m[0], minlength=4).double() / (N // 2)
            self.assertLess((c - torch.tensor([0.125, 0, 0.375, 0.5], dtype=T.F64)).abs().max(),
                            0.03)
            self.assertTrue(bool((m[1] == 2).all()))
            u = self.draw("Multinomial", T.I64, (2, 1), w, 1, False, 9, 0, out_first=False)
            self.assertEqual(u[1, 0].item(), 2)
            v = Dev(torch.tensor([1.0, 2.0, 3.0, 4.0, 5.0], dtype=dt))
            z = self.draw("Multinomial", T.I64, (5,), v, 5, False, 9, 0, out_first=False)
            self.assertEqual(sorted(z.tolist()), [0, 1, 2, 3, 4])
            self.refused("Multinomial", 161002, v, 6, False, 1, 0, Dev.empty((6,), T.I64))
            for d in (w, v):
                d.free()
        for dt in (T.I64, T.I32, T.F32):
            r = self.draw("Randperm", dt, (1000,), 1000, 4, 0, out_first=False)
            self.assertEqual(sorted(r.long().tolist()), list(range(1000)))
            r2 = self.draw("Randperm", dt, (1000,), 1000, 4, 0, out_first=False)
            self.assertTrue(torch.equal(r, r2))
        self.refused("Randperm", 161002, -1, 0, 0, Dev.empty((0,), T.I64))
        self.refused("Randperm", 161002, 5, 0, 0, Dev.empty((4,), T.I64))


    # ---- dropout ----------------------------------------------------------------------------
    def gen_mask(self, name, n, *args):
        """The mask bytes of aclnn<name>(shape [n], *args, out)."""
        nb = (n + 127) // 128 * 16
        o = Dev(torch.zeros((nb,), dtype=T.U8))
        h, ret = nn.create_int_array([n])
        self.assertEqual(ret, 0)
        self.run_op(name, h, *args, o)
        nn.destroy_int_array(h)
        r = o.read()
        o.free()
        return r

    @staticmethod
    def bits(mask, n):
        """Element i's bit: bit i % 8 (lowest first) of byte i / 8."""
        b = mask.long()
        return torch.stack([(b >> k) & 1 for k in range(8)], 1).flatten()[:n]

    def test_dropout(self):
        n = N + 37
        a = self.gen_mask("DropoutGenMask", n, 0.25, 11, 3)
        self.assertTrue(torch.equal(a, self.gen_mask("DropoutGenMask", n, 0.25, 11, 3)))
        self.assertFalse(torch.equal(a, self.gen_mask("DropoutGenMask", n, 0.25, 12, 3)))
        keep = self.bits(a, n)
        self.assertLess(abs(keep.double().mean().item() - 0.75), 0.02)  # dropped with prob
        tail = self.bits(a, len(a) * 8)[n:]
        self.assertEqual(int(tail.sum()), 0, "bits past n are 0")
        for pdt in (T.F32, T.F16, T.BF16):  # 0.25 is exact in each: the same mask
            v2 = self.gen_mask("DropoutGenMaskV2", n, 0.25, 11, 3, T.ACL_DT[pdt])
            self.assertTrue(torch.equal(a, v2), pdt)
        seed, off = Dev(torch.tensor([11], dtype=T.I64)), Dev(torch.tensor([1], dtype=T.I64))
        v3 = self.gen_mask("DropoutGenMaskV2Tensor", n, 0.25, seed, off, 2, T.ACL_DT[T.F32])
        self.assertTrue(torch.equal(a, v3), "seed tensor 11, offset 1 + 2")
        z = self.gen_mask("DropoutGenMask", 300, 0.0, 1, 0)
        self.assertEqual(int(self.bits(z, 300).sum()), 300)
        z = self.gen_mask("DropoutGenMask", 300, 1.0, 1, 0)
        self.assertEqual(int(z.long().sum()), 0)
        rng = random.Random(31)
        for dt in (T.F32, T.F16, T.BF16):
            for shape in ((4, 2), (3, 50), (0,), (129,)):
                x = T.gen(rng, shape, dt, special=False)
                cnt = x.numel()
                nb = (cnt + 127) // 128 * 16
                m = torch.tensor([rng.randrange(256) for _ in range(nb)], dtype=T.U8)
                bit = self.bits(m, cnt).reshape(shape).bool()
                for prob in (0.0, 0.3, 1.0):
                    ref = torch.where(bit, x.double() * (0.0 if prob == 1 else 1 / (1 - prob)),
                                      torch.zeros((), dtype=T.F64)).to(dt)
                    xs, md, o = Dev(T.view_of(rng, x)), Dev(m), Dev.empty(shape, dt)
                    self.run_op("DropoutDoMask", xs, md, prob, o)
                    check(self, o.read(), ref, "DropoutDoMask %s %s %g" % (dt, shape, prob))
                    o.free()
                    if cnt:
                        scale = 0.0 if prob == 1 else 1 / (1 - prob)
                        o = Dev.empty(shape, T.F32)
                        self.run_op("DropoutBackward", xs, md, scale, o)
                        ref = torch.where(bit, x.double() * scale, torch.zeros((), dtype=T.F64))
                        check(self, o.read(), ref.float(), "DropoutBackward %s %s" % (dt, shape))
                        o.free()
                    for d in (xs, md):
                        d.free()
            x = T.gen(rng, (40, 5), dt, special=False)
            xs, o, mo = Dev(x), Dev.empty((40, 5), dt), Dev(torch.zeros((32,), dtype=T.U8))
            self.run_op("Dropout", xs, 0.4, True, 5, 9, o, mo)
            m = mo.read()
            self.assertTrue(torch.equal(m, self.gen_mask("DropoutGenMask", 200, 0.4, 5, 9)))
            bit = self.bits(m, 200).reshape(40, 5).bool()
            ref = torch.where(bit, x.double() / 0.6, torch.zeros((), dtype=T.F64)).to(dt)
            check(self, o.read(), ref, "Dropout %s" % dt)
            mo2 = Dev(torch.full((32,), 7, dtype=T.U8))
            self.run_op("Dropout", xs, 0.4, False, 5, 9, o, mo2)
            check(self, o.read(), x, "Dropout eval %s" % dt)
            self.assertTrue(bool((mo2.read() == 7).all()), "maskOut not written in eval")
            for d in (xs, o, mo, mo2):
                d.free()
        x, o, m = Dev.empty((4, 2), T.F32), Dev.empty((4, 2), T.F32), Dev.empty((16,), T.U8)
        self.refused("DropoutDoMask", 161002, x, m, 1.5, o)
        self.refused("DropoutDoMask", 161002, x, Dev.empty((8,), T.U8), 0.5, o)
        self.refused("DropoutDoMask", 161002, x, Dev.empty((16,), T.I8), 0.5, o)
        self.refused("DropoutDoMask", 161002, Dev.empty((4, 2), T.F64), m, 0.5, o)
        self.refused("DropoutDoMask", 161001, x, None, 0.5, o)
        self.refused("DropoutBackward", 161002, x, m, 0.5, o)
        self.refused("DropoutBackward", 161002, x, m, 2.0, Dev.empty((2, 4), T.F32))
        self.refused("Dropout", 161002, x, -0.1, True, 1, 0, o, m)
        self.refused("Dropout", 161001, x, 0.5, True, 1, 0, o, None)
        h, _ = nn.create_int_array([8])
        self.refused("DropoutGenMask", 161002, h, 2.0, 1, 0, m)
        self.refused("DropoutGenMask", 161002, h, 0.5, 1, 0, Dev.empty((32,), T.U8))
        self.refused("DropoutGenMaskV2", 161002, h, 0.5, 1, 0, T.ACL_DT[T.F64], m)
        self.refused("DropoutGenMask", 161001, None, 0.5, 1, 0, m)
        nn.destroy_int_array(h)

if __name__ == "__main__":
    acltest.main()
