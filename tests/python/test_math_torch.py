# SPDX-License-Identifier: Apache-2.0
"""ops-math's math/ operators added beside the existing engines, against PyTorch (torch 1.13
on the CPU as the oracle): AddN (the nary Sum's kernels), InplaceCumprod, CumsumV2 (exclusive,
reverse), MeanV2 (noopWithEmptyAxes), Sort (values and indices), Equal, IsInScalarTensor and
IsInTensorScalar. (IsInf, Lgamma and
Digamma are unary rows: test_ew_torch.py.)

Every declared type, seeded random shapes (0-d to 3-d, empty dims), non-contiguous views,
special values (inf, NaN, -0.0) where the type has them. Bad input (NULL, a refused type,
mismatched types or shapes, dim out of range) gives its code with a message naming the
operator. Skipped (exit 77) without torch."""
import random
import unittest

from torchcase import TorchCase, torch  # noqa: E402 (first: torch before acl)

import acltest  # noqa: E402
from acltest import acl  # noqa: E402

if torch is not None:
    from test_ew_torch import check, view_of, gen, F16, BF16, F32, F64, I8, U8, I16, I32, I64  # noqa
    from test_ew_torch import BOOL, ACL_DT  # noqa: E402

setUpModule = acltest.setup_module
tearDownModule = acltest.teardown_module

nn = acl.nn
SEED = 2931


def rshape(rng, lo=0):
    nd = rng.randint(lo, 3)
    return tuple(rng.choice((0, 1, 2, 3, 5)) if rng.random() < 0.1 else rng.randint(1, 5)
                 for _ in range(nd))


@unittest.skipIf(torch is None, "torch is not installed")
class MathTorch(TorchCase):
    def setUp(self):
        super().setUp()
        self.handles = []

    def tearDown(self):
        for kind, h in self.handles:
            getattr(nn, "destroy_" + kind)(h)
        super().tearDown()

    def int_array(self, v):
        h, ret = nn.create_int_array(v)
        self.assertEqual(ret, 0)
        self.handles.append(("int_array", h))
        return h

    def tlist(self, xs):
        """An aclTensorList of new aclTensors over device copies of xs (the list owns its
        aclTensors: aclDestroyTensorList destroys them)."""
        hs = []
        for x in xs:
            d = self.dev(x.contiguous())
            h, ret = nn.create_tensor(list(d.shape), ACL_DT[d.dtype], None, 0,
                                      acl.ACL_FORMAT_ND, None, d.ptr)
            self.assertEqual(ret, 0)
            hs.append(h)
        lst, ret = nn.create_tensor_list(hs)
        self.assertEqual(ret, 0)
        self.handles.append(("tensor_list", lst))
        return lst

    def int_scalar(self, v):
        h, ret = nn.create_scalar(v, acl.ACL_INT64)
        self.assertEqual(ret, 0)
        self.handles.append(("scalar", h))
        return h

    def run_ok(self, name, *args, what=""):
        ws, ex, ret = nn.get_workspace_size(name, *args)
        self.assertEqual(ret, 0, "aclnn%s %s: %d %s" % (name, what, ret,
                                                       acl.get_recent_err_msg()))
        self.assertEqual(nn.launch(name, 0, 0, ex, self.stream), 0)
        self.assertEqual(acl.rt.synchronize_stream(self.stream), 0)

    def test_add_n(self):
        rng = random.Random(SEED)
        for dt in (F32, F16, BF16, I32, I64):
            for _ in range(4):
                shape = rshape(rng)
                n = rng.randint(1, 5)
                xs = [gen(rng, shape, dt) for _ in range(n)]
                lst = self.tlist(xs)
                out = self.dev(torch.zeros(shape, dtype=dt))
                self.run_ok("AddN", lst, out.handle, what=str((dt, shape, n)))
                ref = xs[0].double() if dt.is_floating_point else xs[0].long()
                for x in xs[1:]:
                    ref = ref + (x.double() if dt.is_floating_point else x.long())
                check(self, out.read(), ref.to(dt), "AddN %s %s x%d" % (dt, shape, n))

    def test_cumsum_v2(self):
        rng = random.Random(SEED + 1)
        for dt in (F32, F16, BF16, F64, I8, U8, I16, I32, I64):
            for excl in (False, True):
                for rev in (False, True):
                    shape = rshape(rng, 1)
                    x = gen(rng, shape, dt, special=False)
                    d = rng.randrange(-len(shape), len(shape))
                    xw = x.double() if dt.is_floating_point else x.long()
                    y = xw.flip(d) if rev else xw
                    c = y.cumsum(d)
                    if excl:
                        c = c - y
                    ref = (c.flip(d) if rev else c).to(dt)
                    out = self.dev(torch.zeros(shape, dtype=dt))
                    what = "CumsumV2 %s %s dim %d excl %s rev %s" % (dt, shape, d, excl, rev)
                    self.run_ok("CumsumV2", self.dev(view_of(rng, x)).handle, d, excl, rev,
                                out.handle, what=what)
                    check(self, out.read(), ref, what)

    def test_inplace_cumprod(self):
        rng = random.Random(SEED + 2)
        for dt in (F32, F16, BF16, F64, I8, U8, I16, I32, I64):  # BOOL: no BOOL out (Cumprod's)
            shape = rshape(rng, 1)
            x = gen(rng, shape, dt, -1.5, 1.5)
            if not dt.is_floating_point and dt != BOOL:
                x = (x.long() % 3 - 1).to(dt) if dt != U8 else (x.long() % 3).to(dt)
            d = rng.randrange(-len(shape), len(shape))
            ref = (x.double() if dt.is_floating_point else x.long()).cumprod(d).to(dt)
            dev = self.dev(x.clone())
            hdim, ret = nn.create_scalar(d, acl.ACL_INT64)
            self.handles.append(("scalar", hdim))
            what = "InplaceCumprod %s %s dim %d" % (dt, shape, d)
            self.run_ok("InplaceCumprod", dev.handle, hdim, what=what)
            check(self, dev.read(), ref, what)

    def test_mean_v2(self):
        rng = random.Random(SEED + 3)
        for dt in (F32, F16, BF16, F64):
            for noop in (False, True):
                for _ in range(3):
                    shape = rshape(rng, 1)
                    x = gen(rng, shape, dt)
                    nd = len(shape)
                    dims = sorted(rng.sample(range(nd), rng.randint(0, nd)))
                    keep = rng.random() < 0.5
                    if not dims and noop:
                        ref = x
                    else:
                        ref = x.double().mean(dim=dims or list(range(nd)), keepdim=keep).to(dt)
                    out = self.dev(torch.zeros(ref.shape, dtype=dt))
                    what = "MeanV2 %s %s dims %s keep %s noop %s" % (dt, shape, dims, keep, noop)
                    self.run_ok("MeanV2", self.dev(view_of(rng, x)).handle,
                                self.int_array(dims), keep, noop, out.handle, what=what)
                    check(self, out.read(), ref, what)

    def test_sort(self):
        rng = random.Random(SEED + 4)
        for dt in (F32, F16, BF16, F64, I8, U8, I16, I32, I64, BOOL):
            for desc in (False, True):
                shape = rshape(rng)
                x = gen(rng, shape, dt)
                if dt.is_floating_point and x.numel():  # ties: repeated values
                    x = ((x.double() * 2).round() / 2).to(dt)
                nd = max(len(shape), 1)
                d = rng.randrange(-nd, nd)
                xs = x.float() if dt in (F16, BF16) else x
                xs = xs.to(torch.uint8) if dt == BOOL else xs
                v, i = torch.sort(xs, dim=d, descending=desc, stable=True)
                vo = self.dev(torch.zeros(shape, dtype=dt))
                io = self.dev(torch.zeros(shape, dtype=I64))
                what = "Sort %s %s dim %d desc %s" % (dt, shape, d, desc)
                self.run_ok("Sort", self.dev(view_of(rng, x)).handle, rng.random() < 0.5, d, desc,
                            vo.handle, io.handle, what=what)
                check(self, vo.read(), v.to(dt), what)
                self.assertTrue(torch.equal(io.read(), i), what)

    def test_equal_isin(self):
        rng = random.Random(SEED + 5)
        for dt in (F32, F16, BF16, F64, I8, U8, I16, I32, I64, BOOL):
            for _ in range(4):
                shape = rshape(rng)
                x = gen(rng, shape, dt, -2, 2)
                if x.numel() and dt.is_floating_point:
                    x = x.double().round().to(dt)
                k = rng.random()
                y = x.clone() if k < 0.4 else gen(rng, shape if k < 0.8 else rshape(rng), dt, -2, 2)
                out = self.dev(torch.zeros((1,), dtype=BOOL))
                what = "Equal %s %s %s" % (dt, shape, tuple(y.shape))
                self.run_ok("Equal", self.dev(view_of(rng, x)).handle,
                            self.dev(view_of(rng, y)).handle, out.handle, what=what)
                self.assertEqual(bool(out.read()[0]), torch.equal(x, y), what)
                v = float(rng.choice((-1, 0, 1, 2))) if dt != BOOL else float(rng.random() < 0.5)
                inv = rng.random() < 0.5
                sv = nn.create_scalar(v, acl.ACL_DOUBLE)[0]
                self.handles.append(("scalar", sv))
                o1 = self.dev(torch.zeros((), dtype=BOOL))
                self.run_ok("IsInScalarTensor", sv, self.dev(view_of(rng, x)).handle, False, inv,
                            o1.handle, what=what)
                ref = bool((x.double() == v).any()) != inv
                self.assertEqual(bool(o1.read()), ref, "IsInScalarTensor " + what)
                o2 = self.dev(torch.zeros(shape, dtype=BOOL))
                self.run_ok("IsInTensorScalar", self.dev(view_of(rng, x)).handle, sv, True, inv,
                            o2.handle, what=what)
                ref = torch.isin(x.double(), torch.tensor([v], dtype=F64), invert=inv)
                self.assertTrue(torch.equal(o2.read(), ref), "IsInTensorScalar " + what)

    def test_refused(self):
        x = self.dev(torch.zeros((2, 3), dtype=F32))
        o = self.dev(torch.zeros((2, 3), dtype=F32))
        i64 = self.dev(torch.zeros((2, 3), dtype=I64))
        f64 = self.dev(torch.zeros((2, 3), dtype=F64))
        bad = self.dev(torch.zeros((4,), dtype=F32))
        self.refused("CumsumV2", 161001, 0, 0, False, False, o.handle)
        self.refused("CumsumV2", 161002, x.handle, 0, False, False, f64.handle)
        self.refused("CumsumV2", 161002, x.handle, 2, False, False, o.handle)
        self.refused("CumsumV2", 161002, x.handle, 0, False, False, bad.handle)
        self.refused("Sort", 161001, x.handle, True, 0, False, 0, i64.handle)
        self.refused("Sort", 161002, x.handle, True, 0, False, f64.handle, i64.handle)
        self.refused("Sort", 161002, x.handle, True, 0, False, o.handle, o.handle)
        self.refused("Sort", 161002, x.handle, True, 5, False, o.handle, i64.handle)
        self.refused("MeanV2", 161002, x.handle, self.int_array([]), False, True, f64.handle)
        self.refused("MeanV2", 161002, x.handle, self.int_array([4]), False, False, o.handle)
        hdim, _ = nn.create_scalar(1.5, acl.ACL_FLOAT)
        self.handles.append(("scalar", hdim))
        self.refused("InplaceCumprod", 161002, x.handle, hdim)
        self.refused("InplaceCumprod", 161001, 0, hdim)
        self.refused("InplaceCumprod", 161002, self.dev(torch.zeros((2,), dtype=BOOL)).handle,
                     self.int_scalar(0))
        self.refused("Equal", 161001, x.handle, 0, o.handle)
        self.refused("Equal", 161002, x.handle, x.handle, o.handle)  # out not one element
        sv = self.int_scalar(1)
        self.refused("IsInTensorScalar", 161002, x.handle, sv, False, False, bad.handle)
        self.refused("IsInScalarTensor", 161002, sv, x.handle, False, False, o.handle)
        self.refused("IsInScalarTensor", 161001, 0, x.handle, False, False, o.handle)
        lst = self.tlist([torch.zeros((2, 3), dtype=F32), torch.zeros((2, 3), dtype=F64)])
        self.refused("AddN", 161002, lst, o.handle)
        i8 = self.dev(torch.zeros((2, 3), dtype=I8))
        self.refused("AddN", 161002, self.tlist([torch.zeros((2, 3), dtype=I8)]), i8.handle)


if __name__ == "__main__":
    unittest.main()
