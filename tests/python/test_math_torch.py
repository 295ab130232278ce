# SPDX-License-Identifier: Apache-2.0
"""ops-math's math/ operators added beside the existing engines, against PyTorch (torch 1.13
on the CPU as the oracle): AddN (the nary Sum's kernels), InplaceCumprod, CumsumV2 (exclusive,
reverse), MeanV2 (noopWithEmptyAxes), Sort (values and indices), Topk, Equal, IsInScalarTensor and
IsInTensorScalar; IsClose, SearchSorted(s), Bincount, Histc, LinalgCross, SignBitsPack and
SignBitsUnpack (their references written from the bit layout CANN's kernels use), DiagPart,
EyeV2, Pdist, PdistForward, Cdist, Slogdet, Logdet, Inverse, CdistBackward, DotV2, TraceV2, Expandv, FillV2, InplaceMaskedFillTensor, MaskedFill, BiasAdd and GerV2; SortWithIndex (torch.sort with
NaN moved first, the index gathered), ChunkCat (torch 1.13 has no _chunk_cat: its pad, view
and cat written out) and AffineGrid (torch.nn.functional.affine_grid in DOUBLE). (IsInf, Lgamma
and Digamma are unary rows: test_ew_torch.py.) SortV2: torch.sort (stable, NaN last ascending)
with a UINT32 index made as an aclTensor over INT32 memory (torch 1.13 has no uint32);
SelectV3 against torch.where(b != 0, x, y); Onehot against torch's one_hot (rows of 0 for values
outside [0, depth)).

Every declared type, seeded random shapes (0-d to 3-d, empty dims), non-contiguous views,
special values (inf, NaN, -0.0) where the type has them. Bad input (NULL, a refused type,
mismatched types or shapes, dim out of range) gives its code with a message naming the
operator. Skipped (exit 77) without torch."""
import math
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


def line_case(rng, dt):
    """A sort's case: a shape, x of it with repeated values (ties) when floating, a dim."""
    shape = rshape(rng)
    x = gen(rng, shape, dt)
    if dt.is_floating_point and x.numel():
        x = ((x.double() * 2).round() / 2).to(dt)
    nd = max(len(shape), 1)
    return shape, x, rng.randrange(-nd, nd)


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
                shape, x, d = line_case(rng, dt)
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

    def test_topk(self):
        rng = random.Random(SEED + 11)
        for dt in (F32, F16, BF16, F64, I8, U8, I16, I32, I64):
            for largest in (False, True):
                shape, x, d = line_case(rng, dt)
                n = shape[d] if shape else 1
                k = rng.randint(0 if shape else 1, n)  # a 0-d self: k 1
                xs = x.float() if dt in (F16, BF16) else x
                # the reference order: a stable sort (ties by lower index; NaN above numbers)
                v, i = torch.sort(xs, dim=d, descending=largest, stable=True)
                if shape:
                    v, i = v.narrow(d, 0, k), i.narrow(d, 0, k)
                oshape = list(shape)
                if shape:
                    oshape[d] = k
                vo = self.dev(torch.zeros(oshape, dtype=dt))
                io = self.dev(torch.zeros(oshape, dtype=I64))
                what = "Topk %s %s k %d dim %d largest %s" % (dt, shape, k, d, largest)
                self.run_ok("Topk", self.dev(view_of(rng, x)).handle, k, d, largest,
                            rng.random() < 0.5, vo.handle, io.handle, what=what)
                check(self, vo.read(), v.to(dt), what)
                self.assertTrue(torch.equal(io.read(), i), what)
        x = self.dev(torch.arange(6, dtype=F32).reshape(2, 3))
        vo, io = self.dev(torch.zeros((2, 2), dtype=F32)), self.dev(torch.zeros((2, 2), dtype=I64))
        self.run_ok("Topk", x.handle, 2, 1, True, True, vo.handle, io.handle, what="Topk 2x3")
        self.assertEqual(vo.read().tolist(), [[2.0, 1.0], [5.0, 4.0]])
        self.assertEqual(io.read().tolist(), [[2, 1], [2, 1]])
        self.refused("Topk", 161002, x.handle, 4, 1, True, True, vo.handle, io.handle)  # k > 3
        self.refused("Topk", 161002, x.handle, -1, 1, True, True, vo.handle, io.handle)
        self.refused("Topk", 161002, x.handle, 2, 2, True, True, vo.handle, io.handle)  # dim
        self.refused("Topk", 161002, x.handle, 2, 0, True, True, vo.handle, io.handle)  # shape
        i32 = self.dev(torch.zeros((2, 2), dtype=I32))
        self.refused("Topk", 161002, x.handle, 2, 1, True, True, vo.handle, i32.handle)
        self.refused("Topk", 161001, None, 2, 1, True, True, vo.handle, io.handle)

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


    # ---- IsClose, SearchSorted, Bincount, Histc, LinalgCross, SignBitsPack / Unpack ----------
    def test_isclose(self):
        rng = random.Random(SEED + 6)
        for dt in (F32, F16, BF16, F64, I8, U8, I16, I32, I64, BOOL):
            for _ in range(3):
                shape = rshape(rng)
                x = gen(rng, shape, dt)
                k = rng.random()
                other = shape[rng.randrange(len(shape)):] if shape and k < 0.3 else shape
                y = gen(rng, other, dt)
                if x.numel() and y.numel() and dt.is_floating_point:  # near and equal values
                    y = (x.double() * (1 + rng.choice((0, 1e-6, 1e-3, 0.1)))).to(dt) \
                        if other == shape else y
                rtol, atol = rng.choice((1e-5, 1e-3, 0.1)), rng.choice((1e-8, 1e-2, 0.5))
                for en in (False, True):
                    ws = x.float() if dt in (F16, BF16) else x if dt in (F32, F64) else x.double()
                    wy = y.float() if dt in (F16, BF16) else y if dt in (F32, F64) else y.double()
                    ref = torch.isclose(ws, wy, rtol=rtol, atol=atol, equal_nan=en)
                    bs = torch.broadcast_shapes(x.shape, y.shape)
                    out = self.dev(torch.zeros(bs, dtype=BOOL))
                    what = "IsClose %s %s %s %g %g %s" % (dt, shape, other, rtol, atol, en)
                    self.run_ok("IsClose", self.dev(view_of(rng, x)).handle,
                                self.dev(view_of(rng, y)).handle, rtol, atol, en, out.handle,
                                what=what)
                    self.assertTrue(torch.equal(out.read(), ref), what)

    def test_search_sorted(self):
        rng = random.Random(SEED + 7)
        for dt in (F32, F16, F64, I8, U8, I16, I32, I64):
            for lead in ((), (3,), (2, 2)):
                n = rng.randint(1, 9)
                seq = gen(rng, lead + (n,), dt, -4, 4, special=False)
                seq = seq.sort(-1).values
                vals = gen(rng, lead + (rng.randint(0, 5),), dt, -5, 5, special=False)
                if vals.numel() and seq.numel():  # hit equal values too
                    vals.view(-1)[0] = seq.reshape(-1)[0]
                perm = None
                if rng.random() < 0.5:  # scrambled sequence with its sorter
                    p = torch.stack([torch.randperm(n) for _ in range(seq.numel() // n)])
                    p = p.reshape(seq.shape)
                    scr = torch.empty_like(seq).scatter_(-1, p, seq)
                    perm, seq = torch.sort(scr, dim=-1, stable=True).indices, scr
                for right in (False, True):
                    for o32 in (False, True):
                        ref = torch.searchsorted(seq.double(), vals.double(), right=right,
                                                 sorter=perm)
                        out = self.dev(torch.zeros(vals.shape, dtype=I32 if o32 else I64))
                        what = "SearchSorted %s %s %s right %s int32 %s sorter %s" % (
                            dt, tuple(seq.shape), tuple(vals.shape), right, o32, perm is not None)
                        self.run_ok("SearchSorted", self.dev(view_of(rng, seq)).handle,
                                    self.dev(view_of(rng, vals)).handle, o32, right,
                                    self.dev(perm).handle if perm is not None else None,
                                    out.handle, what=what)
                        self.assertTrue(torch.equal(out.read().long(), ref), what)
            seq = torch.tensor([1, 3, 6, 8], dtype=dt)
            for v in (0, 3, 7, 9):
                for right in (False, True):
                    out = self.dev(torch.zeros((1,), dtype=I64))
                    sv = nn.create_scalar(float(v), acl.ACL_DOUBLE)[0]
                    self.handles.append(("scalar", sv))
                    self.run_ok("SearchSorteds", self.dev(seq).handle, sv, False, right, None,
                                out.handle)
                    ref = torch.searchsorted(seq.double(), torch.tensor([float(v)]).double(),
                                             right=right)
                    self.assertTrue(torch.equal(out.read(), ref), "SearchSorteds %s %d" % (dt, v))
        # mixed types promote: float sequence, integer values
        seq, vals = torch.tensor([0.5, 1.5, 2.5]), torch.tensor([0, 1, 2, 3], dtype=I64)
        out = self.dev(torch.zeros((4,), dtype=I64))
        self.run_ok("SearchSorted", self.dev(seq).handle, self.dev(vals).handle, False, False,
                    None, out.handle)
        self.assertEqual(out.read().tolist(), [0, 1, 2, 3])

    def test_bincount_histc(self):
        rng = random.Random(SEED + 8)
        for dt in (I8, U8, I16, I32, I64):
            for wdt in (None, F32, F16, F64, I32, BOOL):
                n = rng.randint(0, 30)
                x = torch.tensor([rng.randrange(7) for _ in range(n)], dtype=dt)
                w = gen(rng, (n,), wdt, special=False) if wdt else None
                minlength = rng.choice((0, 3, 10))
                ref = torch.bincount(x.long(), w.double() if w is not None else None, minlength)
                extra = rng.choice((0, 2))
                ref = torch.cat([ref, torch.zeros(extra, dtype=ref.dtype)])
                for odt in ((I64, I32, F32) if w is None else (F32, F64)):
                    out = self.dev(torch.full(ref.shape, 9, dtype=odt))
                    what = "Bincount %s weights %s minlength %d out %s" % (dt, wdt, minlength, odt)
                    self.run_ok("Bincount", self.dev(view_of(rng, x)).handle,
                                self.dev(w).handle if w is not None else None, minlength,
                                out.handle, what=what)
                    check(self, out.read(), ref.to(odt), what)
        for dt in (F32, F16, I8, U8, I16, I32, I64):
            for lo, hi in ((0.0, 0.0), (-2.0, 2.5), (1.0, 3.0)):
                shape = rshape(rng)
                x = gen(rng, shape, dt, -3, 3, special=False)
                bins = rng.randint(1, 7)
                ref = torch.histc(x.double(), bins, lo, hi)
                out = self.dev(torch.zeros((bins,), dtype=dt))
                slo, shi = (nn.create_scalar(v, acl.ACL_FLOAT)[0] for v in (lo, hi))
                self.handles += [("scalar", slo), ("scalar", shi)]
                what = "Histc %s %s bins %d [%g, %g]" % (dt, shape, bins, lo, hi)
                self.run_ok("Histc", self.dev(view_of(rng, x)).handle, bins, slo, shi, out.handle,
                            what=what)
                check(self, out.read(), ref.to(dt), what)

    def test_linalg_cross(self):
        rng = random.Random(SEED + 9)
        for dt in (F32, F16, BF16, F64, I8, U8, I16, I32, I64):
            for xs, ys, d in (((4, 3), (4, 3), -1), ((3, 5), (3, 1), 0), ((2, 3, 2), (3, 2), 1),
                              ((0, 3), (0, 3), 1)):
                lo, hi = (0, 3) if dt == U8 else (-3, 3)
                x, y = gen(rng, xs, dt, lo, hi, special=False), gen(rng, ys, dt, lo, hi,
                                                                    special=False)
                w = (lambda t: t.double()) if dt.is_floating_point else (lambda t: t.long())
                ref = torch.linalg.cross(*torch.broadcast_tensors(w(x), w(y)), dim=d).to(dt)
                out = self.dev(torch.zeros(ref.shape, dtype=dt))
                what = "LinalgCross %s %s %s dim %d" % (dt, xs, ys, d)
                self.run_ok("LinalgCross", self.dev(view_of(rng, x)).handle,
                            self.dev(view_of(rng, y)).handle, d, out.handle, what=what)
                check(self, out.read(), ref, what)

    def test_sign_bits(self):
        rng = random.Random(SEED + 10)
        for dt in (F32, F16):
            for n, size in ((16, 2), (14, 1), (14, 2), (1, 1), (0, 1), (40, 5)):
                x = gen(rng, (n,), dt, special=False)
                if n > 2:
                    x[0], x[1] = 0.0, -0.0
                nb = (n + 7) // 8
                bits = (x.double() >= 0).long().tolist() + [0] * (nb * 8 - n)
                ref = torch.tensor([sum(bits[8 * i + k] << k for k in range(8))
                                    for i in range(nb)], dtype=U8).reshape(size, nb // size)
                out = self.dev(torch.zeros((size, nb // size), dtype=U8))
                what = "SignBitsPack %s n %d size %d" % (dt, n, size)
                self.run_ok("SignBitsPack", self.dev(view_of(rng, x)).handle, size, out.handle,
                            what=what)
                self.assertTrue(torch.equal(out.read(), ref), what)
                b = torch.tensor([rng.randrange(256) for _ in range(n)], dtype=U8)
                un = torch.tensor([1.0 if (v >> k) & 1 else -1.0 for v in b.tolist()
                                   for k in range(8)], dtype=dt).reshape(size, 8 * n // size)
                out = self.dev(torch.zeros(un.shape, dtype=dt))
                what = "SignBitsUnpack %s n %d size %d" % (dt, n, size)
                self.run_ok("SignBitsUnpack", self.dev(b).handle, size, ACL_DT[dt], out.handle,
                            what=what)
                self.assertTrue(torch.equal(out.read(), un), what)

    def test_refused_more(self):
        x = self.dev(torch.zeros((2, 3), dtype=F32))
        b = self.dev(torch.zeros((2, 3), dtype=BOOL))
        self.refused("IsClose", 161001, x.handle, None, 1e-5, 1e-8, False, b.handle)
        self.refused("IsClose", 161002, x.handle, x.handle, 1e-5, 1e-8, False, x.handle)
        self.refused("IsClose", 161002, x.handle, self.dev(torch.zeros((4,))).handle, 1e-5, 1e-8,
                     False, b.handle)
        i64 = self.dev(torch.zeros((2, 3), dtype=I64))
        i32 = self.dev(torch.zeros((2, 3), dtype=I32))
        self.refused("SearchSorted", 161002, x.handle, x.handle, True, False, None, i64.handle)
        self.refused("SearchSorted", 161002, x.handle, x.handle, False, False, x.handle,
                     i64.handle)  # a float sorter
        self.refused("SearchSorted", 161002, x.handle, self.dev(torch.zeros((3, 3))).handle,
                     False, False, None, self.dev(torch.zeros((3, 3), dtype=I64)).handle)
        self.refused("SearchSorted", 161001, None, x.handle, False, False, None, i32.handle)
        v = self.dev(torch.zeros((5,), dtype=I32))
        self.refused("Bincount", 161002, x.handle, None, 0, self.dev(torch.zeros((4,))).handle)
        self.refused("Bincount", 161002, v.handle, None, 9, self.dev(torch.zeros((4,))).handle)
        self.refused("Bincount", 161002, v.handle, self.dev(torch.zeros((4,))).handle, 0,
                     self.dev(torch.zeros((8,))).handle)
        self.refused("Bincount", 161001, None, None, 0, self.dev(torch.zeros((4,))).handle)
        s0, s1 = (nn.create_scalar(v, acl.ACL_FLOAT)[0] for v in (2.0, 1.0))
        self.handles += [("scalar", s0), ("scalar", s1)]
        self.refused("Histc", 161002, x.handle, 4, s0, s1, self.dev(torch.zeros((4,))).handle)
        self.refused("Histc", 161002, x.handle, 0, s1, s0, self.dev(torch.zeros((0,))).handle)
        self.refused("Histc", 161002, x.handle, 4, s1, s0, self.dev(torch.zeros((3,))).handle)
        self.refused("Histc", 161001, x.handle, 4, None, s0, self.dev(torch.zeros((4,))).handle)
        c = self.dev(torch.zeros((4, 3)))
        self.refused("LinalgCross", 161002, c.handle, c.handle, 0, c.handle)  # dim 0 has 4
        self.refused("LinalgCross", 161002, c.handle, self.dev(torch.zeros((4, 3),
                     dtype=F64)).handle, 1, c.handle)
        self.refused("LinalgCross", 161002, c.handle, c.handle, 2, c.handle)
        self.refused("LinalgCross", 161001, c.handle, None, 1, c.handle)
        f = self.dev(torch.zeros((16,)))
        u = self.dev(torch.zeros((2, 1), dtype=U8))
        self.refused("SignBitsPack", 161002, f.handle, 3, u.handle)
        self.refused("SignBitsPack", 161002, f.handle, 0, u.handle)
        self.refused("SignBitsPack", 161002, c.handle, 1, u.handle)
        self.refused("SignBitsPack", 161001, None, 2, u.handle)
        ub = self.dev(torch.zeros((2,), dtype=U8))
        self.refused("SignBitsUnpack", 161002, ub.handle, 2, acl.ACL_DOUBLE,
                     self.dev(torch.zeros((2, 8), dtype=F64)).handle)
        self.refused("SignBitsUnpack", 161002, ub.handle, 2, acl.ACL_FLOAT16,
                     self.dev(torch.zeros((2, 8))).handle)  # out is not dtype
        self.refused("SignBitsUnpack", 161002, ub.handle, 3, acl.ACL_FLOAT,
                     self.dev(torch.zeros((2, 8))).handle)

    def test_diag_part_eye_v2(self):
        rng = random.Random(SEED + 11)
        for dt in (F32, F16, I32):
            for shape in ((4, 4), (3, 5), (5, 2), (0, 3)):
                x = gen(rng, shape, dt)
                ref = torch.diagonal(x)
                out = self.dev(torch.zeros(ref.shape, dtype=dt))
                what = "DiagPart %s %s" % (dt, shape)
                self.run_ok("DiagPart", self.dev(view_of(rng, x)).handle, out.handle, what=what)
                check(self, out.read(), ref, what)
        for dt in (F32, F16, I32, I16):
            for r, c in ((4, 4), (2, 5), (3, 0)):
                out = self.dev(torch.full((r, c), 7, dtype=dt))
                self.run_ok("EyeV2", self.dev(torch.zeros((1,), dtype=dt)).handle, r, c,
                            out.handle, what="EyeV2 %s %d %d" % (dt, r, c))
                self.assertTrue(torch.equal(out.read(), torch.eye(r, c, dtype=dt)), (dt, r, c))
        x3 = self.dev(torch.zeros((2, 2, 2)))
        self.refused("DiagPart", 161002, x3.handle, self.dev(torch.zeros((2,))).handle)
        self.refused("DiagPart", 161002, self.dev(torch.zeros((2, 2), dtype=F64)).handle,
                     self.dev(torch.zeros((2,), dtype=F64)).handle)
        self.refused("DiagPart", 161001, None, self.dev(torch.zeros((2,))).handle)
        o = self.dev(torch.zeros((2, 2)))
        self.refused("EyeV2", 161002, self.dev(torch.zeros((1,), dtype=F64)).handle, 2, 2,
                     o.handle)
        self.refused("EyeV2", 161002, self.dev(torch.zeros((1,))).handle, 2, 3, o.handle)
        self.refused("EyeV2", 161001, None, 2, 2, o.handle)

    def test_pdist_cdist(self):
        rng = random.Random(SEED + 12)
        for dt in (F32, F16):
            for n, m in ((4, 3), (1, 5), (6, 1), (0, 2)):
                x = gen(rng, (n, m), dt, special=False)
                for p in (0.0, 1.0, 2.0, 3.5, float("inf")):
                    ref = torch.pdist(x.double(), p).to(dt)
                    for name, parg in (("Pdist", p), ("PdistForward", None)):
                        if parg is None:
                            parg = nn.create_scalar(p, acl.ACL_FLOAT)[0]
                            self.handles.append(("scalar", parg))
                        out = self.dev(torch.zeros(ref.shape, dtype=dt))
                        what = "%s %s %dx%d p %g" % (name, dt, n, m, p)
                        self.run_ok(name, self.dev(view_of(rng, x)).handle, parg, out.handle,
                                    what=what)
                        check(self, out.read(), ref, what)
        for dt in (F32, F16, BF16):
            for s1, s2 in (((3, 4), (5, 4)), ((2, 3, 2), (1, 4, 2)), ((2, 1, 3, 2), (3, 2, 2)),
                           ((0, 3), (2, 3))):
                x1, x2 = gen(rng, s1, dt, special=False), gen(rng, s2, dt, special=False)
                for p in (0.0, 1.0, 2.0, 0.5, float("inf")):
                    ref = torch.cdist(x1.double(), x2.double(), p).to(dt)
                    out = self.dev(torch.zeros(ref.shape, dtype=dt))
                    what = "Cdist %s %s %s p %g" % (dt, s1, s2, p)
                    self.run_ok("Cdist", self.dev(view_of(rng, x1)).handle,
                                self.dev(view_of(rng, x2)).handle, p, 0, out.handle, what=what)
                    check(self, out.read(), ref, what)
        x = self.dev(torch.zeros((4, 3)))
        self.refused("Pdist", 161002, x.handle, -1.0, self.dev(torch.zeros((6,))).handle)
        self.refused("Pdist", 161002, x.handle, 2.0, self.dev(torch.zeros((5,))).handle)
        self.refused("Pdist", 161002, x.handle, 2.0, self.dev(torch.zeros((6,), dtype=F16)).handle)
        self.refused("Pdist", 161001, None, 2.0, self.dev(torch.zeros((6,))).handle)
        self.refused("Cdist", 161002, x.handle, self.dev(torch.zeros((2, 4))).handle, 2.0, 0,
                     self.dev(torch.zeros((4, 2))).handle)
        self.refused("Cdist", 161002, x.handle, x.handle, 2.0, 0,
                     self.dev(torch.zeros((4, 3))).handle)
        self.refused("Cdist", 161001, x.handle, None, 2.0, 0, x.handle)

    def test_slogdet_logdet(self):
        rng = random.Random(SEED + 13)
        for dt in (F32, F64):
            for shape in ((3, 3), (2, 4, 4), (3, 2, 2), (1, 1), (2, 0, 0), (0, 3, 3)):
                x = gen(rng, shape, dt, special=False)
                if len(shape) == 3 and shape[0] > 1 and shape[1] > 1:  # singular: a zero row
                    x[0, 1] = 0
                sref, lref = torch.linalg.slogdet(x.double())
                so = self.dev(torch.zeros(shape[:-2], dtype=dt))
                lo = self.dev(torch.zeros(shape[:-2], dtype=dt))
                what = "Slogdet %s %s" % (dt, shape)
                self.run_ok("Slogdet", self.dev(view_of(rng, x)).handle, so.handle, lo.handle,
                            what=what)
                check(self, so.read(), sref.to(dt), what)
                check(self, lo.read(), lref.to(dt), what)
                o = self.dev(torch.zeros(shape[:-2], dtype=dt))
                self.run_ok("Logdet", self.dev(view_of(rng, x)).handle, o.handle, what=what)
                check(self, o.read(), torch.logdet(x.double()).to(dt), "Logdet %s %s" % (dt, shape))
        x = self.dev(torch.zeros((2, 3)))
        o = self.dev(torch.zeros(()))
        self.refused("Slogdet", 161002, x.handle, o.handle, o.handle)  # not square
        sq = self.dev(torch.zeros((2, 2), dtype=F16))
        self.refused("Logdet", 161002, sq.handle, self.dev(torch.zeros((), dtype=F16)).handle)
        self.refused("Logdet", 161002, self.dev(torch.zeros((2, 2))).handle,
                     self.dev(torch.zeros((2,))).handle)
        self.refused("Slogdet", 161001, self.dev(torch.zeros((2, 2))).handle, None, o.handle)

    def test_inverse(self):
        rng = random.Random(SEED + 21)
        for dt in (F32, F16, F64):
            for shape in ((3, 3), (2, 4, 4), (2, 1, 3, 3), (1, 1), (5, 5), (2, 0, 0), (0, 3, 3)):
                # diagonally dominant: well conditioned, so rounding to dt is the only error
                x = gen(rng, shape, dt, special=False).double()
                if shape[-1]:
                    x = x + torch.eye(shape[-1], dtype=torch.float64) * 4
                x = x.to(dt)
                ref = torch.linalg.inv(x.double()).to(dt)
                out = self.dev(torch.zeros(shape, dtype=dt))
                what = "Inverse %s %s" % (dt, shape)
                self.run_ok("Inverse", self.dev(view_of(rng, x)).handle, out.handle, what=what)
                check(self, out.read(), ref, what)
        # out of another type: rounded once to it; out a strided view
        x = (torch.rand((3, 3), dtype=F64) + torch.eye(3, dtype=F64) * 3)
        ov = self.dev(torch.zeros((3, 6), dtype=F32)[:, ::2])
        self.run_ok("Inverse", self.dev(x).handle, ov.handle, what="Inverse F64 -> F32 view")
        ov.shape = (3, 6)  # read the whole storage (read() takes it as contiguous)
        got = ov.read()
        check(self, got[:, ::2], torch.linalg.inv(x).to(F32), "Inverse F64 -> F32 view")
        self.assertTrue(bool((got[:, 1::2] == 0).all()), "Inverse wrote outside the view")
        # INV3: singular, or holding a NaN: NaN everywhere
        for bad in (torch.tensor([[1.0, 2.0], [2.0, 4.0]]), torch.tensor([[1.0, 0.0], [0.0, float("nan")]])):
            out = self.dev(torch.zeros((2, 2)))
            self.run_ok("Inverse", self.dev(bad).handle, out.handle, what="Inverse singular")
            self.assertTrue(bool(out.read().isnan().all()), "Inverse of %s" % bad)
        sq = self.dev(torch.zeros((2, 2)))
        self.refused("Inverse", 161002, self.dev(torch.zeros((2, 3))).handle,
                     self.dev(torch.zeros((2, 3))).handle)  # not square
        self.refused("Inverse", 161002, self.dev(torch.zeros((3,))).handle,
                     self.dev(torch.zeros((3,))).handle)  # under 2 dims
        self.refused("Inverse", 161002, sq.handle, self.dev(torch.zeros((2, 3))).handle)
        self.refused("Inverse", 161002, self.dev(torch.zeros((2, 2), dtype=BF16)).handle, sq.handle)
        self.refused("Inverse", 161002, sq.handle, self.dev(torch.zeros((2, 2), dtype=I32)).handle)
        self.refused("Inverse", 161001, None, sq.handle)
        self.refused("Inverse", 161001, sq.handle, None)
        # an empty self of any rank is accepted (CANN's first phase skips the checks of shape)
        e = self.dev(torch.zeros((0,)))
        self.run_ok("Inverse", e.handle, e.handle, what="Inverse empty 1-d")

    def test_dot_trace_v2(self):
        rng = random.Random(SEED + 14)
        for dt in (F32, F16):
            for shape in ((9, 11), (5,), (2, 3, 4), (0, 3)):
                x1, x2 = gen(rng, shape, dt, special=False), gen(rng, shape, dt, special=False)
                ref = (x1.double() * x2.double()).sum().reshape(1).to(dt)
                y = self.dev(torch.zeros((1,), dtype=dt))
                what = "DotV2 %s %s" % (dt, shape)
                self.run_ok("DotV2", self.dev(view_of(rng, x1)).handle,
                            self.dev(view_of(rng, x2)).handle, y.handle, what=what)
                check(self, y.read(), ref, what)
            for shape in ((4, 4), (3, 6), (5, 2), (0, 2)):
                x = gen(rng, shape, dt, special=False)
                y = self.dev(torch.zeros((1,), dtype=dt))
                what = "TraceV2 %s %s" % (dt, shape)
                self.run_ok("TraceV2", self.dev(view_of(rng, x)).handle, y.handle, what=what)
                check(self, y.read(), torch.trace(x.double()).reshape(1).to(dt), what)
        x = self.dev(torch.zeros((3, 3)))
        y = self.dev(torch.zeros((1,)))
        self.refused("DotV2", 161002, x.handle, self.dev(torch.zeros((3, 2))).handle, y.handle)
        self.refused("DotV2", 161002, x.handle, x.handle, self.dev(torch.zeros((2,))).handle)
        self.refused("DotV2", 161002, x.handle, self.dev(torch.zeros((3, 3), dtype=F16)).handle,
                     y.handle)
        self.refused("DotV2", 161001, x.handle, None, y.handle)
        self.refused("TraceV2", 161002, self.dev(torch.zeros((3,))).handle, y.handle)
        self.refused("TraceV2", 161002, self.dev(torch.zeros((3, 3), dtype=F64)).handle,
                     self.dev(torch.zeros((1,), dtype=F64)).handle)

    def test_expandv_fill_v2(self):
        rng = random.Random(SEED + 15)
        for dt in (F32, F16, BF16, I8, U8, I16, I32, I64, BOOL):
            for shape, size in (((4, 1, 3), [4, 5, 3]), ((3,), [2, 3]), ((2, 1), [-1, 4])):
                x = gen(rng, shape, dt)
                ref = x.expand(*size)
                out = self.dev(torch.zeros(ref.shape, dtype=dt))
                what = "Expandv %s %s %s" % (dt, shape, size)
                self.run_ok("Expandv", self.dev(view_of(rng, x)).handle, self.int_array(size),
                            out.handle, what=what)
                check(self, out.read(), ref.contiguous(), what)
        for dt in (F32, F16, BF16, I16, I32):
            for vdt in (F32, I32):
                x = gen(rng, (8, 5), dt)
                v = torch.tensor([3], dtype=vdt)
                dev = self.dev(x.clone())
                self.run_ok("FillV2", dev.handle, self.dev(v).handle, what="FillV2 %s" % dt)
                check(self, dev.read(), torch.full((8, 5), 3, dtype=dt), "FillV2 %s %s" % (dt, vdt))
        x = self.dev(torch.zeros((2, 3)))
        self.refused("Expandv", 161002, x.handle, self.int_array([3, 3]),
                     self.dev(torch.zeros((3, 3))).handle)
        self.refused("Expandv", 161002, self.dev(torch.zeros((2,), dtype=F64)).handle,
                     self.int_array([2]), self.dev(torch.zeros((2,), dtype=F64)).handle)
        self.refused("FillV2", 161002, x.handle, self.dev(torch.zeros((2,))).handle)
        self.refused("FillV2", 161002, self.dev(torch.zeros((2,), dtype=F64)).handle,
                     self.dev(torch.zeros((1,), dtype=F64)).handle)
        self.refused("FillV2", 161001, x.handle, None)

    def test_masked_fill(self):
        rng = random.Random(SEED + 16)
        for dt in (F32, F16, BF16, F64, I8, U8, I16, I32, I64, BOOL):
            for shape, mshape in (((4, 3), (4, 3)), ((2, 3, 4), (3, 1)), ((5,), ())):
                x = gen(rng, shape, dt)
                cnt = max(1, torch.Size(mshape).numel())
                m = torch.tensor([rng.random() < 0.5 for _ in range(cnt)], dtype=BOOL)
                m = m.reshape(mshape)
                v = 1 if dt == BOOL else 2
                ref = x.masked_fill(m, v)
                for vdt in ((dt, I64) if dt != BOOL else (BOOL,)):
                    dev = self.dev(x.clone())
                    vt = torch.tensor(v if rng.random() < 0.5 else [v], dtype=vdt)
                    what = "InplaceMaskedFillTensor %s %s %s" % (dt, shape, vdt)
                    self.run_ok("InplaceMaskedFillTensor", dev.handle, self.dev(m).handle,
                                self.dev(vt).handle, what=what)
                    check(self, dev.read(), ref, what)
                out = self.dev(torch.zeros(shape, dtype=dt))
                sv = nn.create_scalar(float(v), acl.ACL_DOUBLE)[0] if dt.is_floating_point \
                    else nn.create_scalar(bool(v), acl.ACL_BOOL)[0] if dt == BOOL \
                    else nn.create_scalar(v, acl.ACL_INT64)[0]
                self.handles.append(("scalar", sv))
                what = "MaskedFill %s %s" % (dt, shape)
                self.run_ok("MaskedFill", self.dev(view_of(rng, x)).handle, self.dev(m).handle, sv,
                            out.handle, what=what)
                check(self, out.read(), ref, what)
        x = self.dev(torch.zeros((2, 3)))
        m = self.dev(torch.zeros((2, 3), dtype=BOOL))
        self.refused("InplaceMaskedFillTensor", 161002, x.handle, m.handle,
                     self.dev(torch.zeros((2,))).handle)
        self.refused("InplaceMaskedFillTensor", 161002, x.handle, m.handle,
                     self.dev(torch.zeros((1, 1, 1))).handle)
        self.refused("InplaceMaskedFillTensor", 161002, x.handle,
                     self.dev(torch.zeros((2, 3))).handle, self.dev(torch.zeros(())).handle)
        self.refused("InplaceMaskedFillTensor", 161001, x.handle, m.handle, None)
        sv = self.int_scalar(1)
        self.refused("MaskedFill", 161002, x.handle, m.handle, sv,
                     self.dev(torch.zeros((2, 3), dtype=F64)).handle)
        self.refused("MaskedFill", 161001, x.handle, m.handle, None, x.handle)

    def test_cdist_backward(self):
        rng = random.Random(SEED + 17)
        for dt in (F32, F16):
            for s1, s2 in (((3, 4), (5, 4)), ((2, 3, 2), (2, 4, 2)), ((0, 3), (2, 3))):
                x1, x2 = gen(rng, s1, dt, special=False), gen(rng, s2, dt, special=False)
                if x1.numel() and x2.numel():
                    x1.view(-1)[0] = x2.view(-1)[0]  # a zero difference
                for p in (0.0, 0.5, 1.0, 1.5, 2.0, 3.0, float("inf")):
                    a = x1.double().requires_grad_()
                    d = torch.cdist(a, x2.double(), p,
                                    compute_mode="donot_use_mm_for_euclid_dist")
                    g = gen(rng, tuple(d.shape), dt, special=False)
                    d.backward(g.double())
                    ref = a.grad if a.grad is not None else torch.zeros(s1, dtype=F64)
                    out = self.dev(torch.zeros(s1, dtype=dt))
                    what = "CdistBackward %s %s %s p %g" % (dt, s1, s2, p)
                    self.run_ok("CdistBackward", self.dev(view_of(rng, g)).handle,
                                self.dev(view_of(rng, x1)).handle, self.dev(x2).handle,
                                self.dev(d.detach().to(dt)).handle, p, out.handle, what=what)
                    check(self, out.read(), ref.to(dt), what)
        g = self.dev(torch.zeros((3, 5)))
        x1, x2 = self.dev(torch.zeros((3, 4))), self.dev(torch.zeros((5, 4)))
        self.refused("CdistBackward", 161002, g.handle, x1.handle, x2.handle, g.handle, 2.0,
                     self.dev(torch.zeros((3, 3))).handle)
        self.refused("CdistBackward", 161002, g.handle, x1.handle, x1.handle, g.handle, 2.0,
                     x1.handle)
        self.refused("CdistBackward", 161002, g.handle, x1.handle, x2.handle, g.handle, -1.0,
                     x1.handle)
        self.refused("CdistBackward", 161001, g.handle, None, x2.handle, g.handle, 2.0, x1.handle)

    def test_bias_add(self):
        rng = random.Random(SEED + 18)
        for dt in (F32, F16, BF16, I32):
            for shape, fmt, c in (((2, 3), "NHWC", 1), ((2, 4, 3, 3), "NCHW", 1),
                                  ((2, 2, 3, 5), None, 3), ((1, 3, 2, 2, 2), "NCDHW", 1),
                                  ((1, 2, 2, 2, 4), "NDHWC", 4)):
                x = gen(rng, shape, dt, special=False)
                b = gen(rng, (shape[c],), dt, special=False)
                view = [1] * len(shape)
                view[c] = shape[c]
                w = (lambda t: t.double()) if dt.is_floating_point else (lambda t: t.long())
                ref = (w(x) + w(b).reshape(view)).to(dt)
                out = self.dev(torch.zeros(shape, dtype=dt))
                what = "BiasAdd %s %s %s" % (dt, shape, fmt)
                self.run_ok("BiasAdd", self.dev(view_of(rng, x)).handle, self.dev(b).handle, fmt,
                            out.handle, what=what)
                check(self, out.read(), ref, what)
        x = self.dev(torch.zeros((2, 3)))
        self.refused("BiasAdd", 161002, x.handle, self.dev(torch.zeros((2,))).handle, "NHWC",
                     x.handle)
        self.refused("BiasAdd", 161002, x.handle, self.dev(torch.zeros((3,))).handle, "HWCN",
                     x.handle)
        self.refused("BiasAdd", 161002, x.handle, self.dev(torch.zeros((3,), dtype=F16)).handle,
                     "NHWC", x.handle)
        self.refused("BiasAdd", 161001, x.handle, None, "NHWC", x.handle)

    def test_scale(self):
        # Caffe's Scale: x * scale + bias with scale spanning x's dims from axis
        rng = random.Random(SEED + 40)
        cases = (((2, 3, 4, 5), 1, 2, True, (3, 4)), ((2, 3, 4, 5), -2, -1, True, (4, 5)),
                 ((2, 3, 4), 0, 0, True, (1,)), ((2, 3, 4), 1, 7, False, (3,)),
                 ((2, 3, 4), 1, -1, False, (3, 4)), ((2, 3, 4), 2, 0, False, ()),
                 ((2, 3, 4), 0, 0, False, (1,)), ((3, 0, 2), 1, 1, True, (0,)), ((5,), 0, -1, True,
                                                                                  (5,)))
        for dt in (F32, F16, BF16):
            for shape, axis, num, blob, sshape in cases:
                x = gen(rng, shape, dt)
                sc = gen(rng, sshape, dt, special=False)
                b = gen(rng, sshape, dt, special=False)
                ax = axis % len(shape)
                if sc.numel() == 1 and (len(sshape) <= 1 or (blob and num == 0)):
                    view = [1] * len(shape)
                else:
                    view = [1] * ax + list(sshape) + [1] * (len(shape) - ax - len(sshape))
                for bias in (b, None):
                    ref = x.double() * sc.double().reshape(view)
                    if bias is not None:
                        ref = ref + bias.double().reshape(view)
                    out = self.dev(torch.zeros(shape, dtype=dt))
                    what = "Scale %s %s axis %d num %d blob %s bias %s" % (
                        dt, shape, axis, num, blob, bias is not None)
                    self.run_ok("Scale", self.dev(view_of(rng, x)).handle,
                                self.dev(view_of(rng, sc)).handle,
                                None if bias is None else self.dev(bias).handle, axis, num, blob,
                                out.handle, what=what)
                    check(self, out.read(), ref.to(dt), what, inputs=(x,))
        x = self.dev(torch.zeros((2, 3, 4)))
        s3 = self.dev(torch.zeros((3,)))
        self.refused("Scale", 161001, x.handle, None, None, 1, 1, True, x.handle)
        self.refused("Scale", 161002, x.handle, s3.handle, None, 3, 1, True, x.handle)  # axis
        self.refused("Scale", 161002, x.handle, s3.handle, None, 1, -2, True, x.handle)
        self.refused("Scale", 161002, x.handle, s3.handle, None, 1, 2, True, x.handle)  # [3, 4]
        self.refused("Scale", 161002, x.handle, s3.handle, None, 1, 0, True, x.handle)
        self.refused("Scale", 161002, x.handle, s3.handle, None, 2, 1, False, x.handle)
        self.refused("Scale", 161002, x.handle, self.dev(torch.zeros((3, 4, 1))).handle, None, 1,
                     1, False, x.handle)  # passes the rank
        self.refused("Scale", 161002, x.handle, s3.handle, self.dev(torch.zeros((4,))).handle, 1,
                     1, True, x.handle)
        self.refused("Scale", 161002, x.handle, self.dev(torch.zeros((3,), dtype=F16)).handle,
                     None, 1, 1, True, x.handle)
        self.refused("Scale", 161002, x.handle, s3.handle, None, 1, 1, True,
                     self.dev(torch.zeros((2, 3, 5))).handle)

    def test_grouped_bias_add_grad(self):
        rng = random.Random(SEED + 41)
        for dt in (F32, F16, BF16):
            # 3-d gradY: each group the sum over C
            for shape in ((3, 4, 5), (1, 1, 2), (2, 0, 3), (4, 3, 0)):
                g = gen(rng, shape, dt, special=False)
                out = self.dev(torch.zeros((shape[0], shape[2]), dtype=dt))
                self.run_ok("GroupedBiasAddGrad", self.dev(view_of(rng, g)).handle, None,
                            out.handle)
                check(self, out.read(), g.double().sum(1).to(dt), "GroupedBiasAddGrad %s %s" % (
                    dt, shape))
            # 2-d gradY with group ends (V1, V2 type 0) or counts (V2 type 1)
            for rows, counts in ((10, (4, 0, 6)), (7, (7,)), (5, (1, 1, 1, 2)), (0, (0, 0))):
                g = gen(rng, (rows, 3), dt, special=False)
                ends = [sum(counts[:i + 1]) for i in range(len(counts))]
                ref = torch.stack([g.double()[e - c:e].sum(0) for c, e in zip(counts, ends)])
                for idt in (I32, I64):
                    for name, typ, vals in (("GroupedBiasAddGrad", None, ends),
                                            ("GroupedBiasAddGradV2", 0, ends),
                                            ("GroupedBiasAddGradV2", 1, counts)):
                        idx = self.dev(torch.tensor(vals, dtype=idt))
                        out = self.dev(torch.zeros((len(counts), 3), dtype=dt))
                        args = [self.dev(view_of(rng, g)).handle, idx.handle] + (
                            [] if typ is None else [typ]) + [out.handle]
                        self.run_ok(name, *args)
                        check(self, out.read(), ref.to(dt), "%s %s %s %s" % (name, dt, idt, vals))
        # ends out of order or past the rows are clamped (GB2): nothing read outside gradY
        g = torch.ones((4, 2))
        out = self.dev(torch.zeros((3, 2)))
        self.run_ok("GroupedBiasAddGrad", self.dev(g).handle,
                    self.dev(torch.tensor([3, 1, 9], dtype=I64)).handle, out.handle)
        check(self, out.read(), torch.tensor([[3.0, 3.0], [0.0, 0.0], [1.0, 1.0]]), "clamped")
        g2, o2 = self.dev(torch.zeros((4, 2))), self.dev(torch.zeros((2, 2)))
        i2 = self.dev(torch.tensor([2, 4], dtype=I32))
        self.refused("GroupedBiasAddGrad", 161001, None, i2.handle, o2.handle)
        self.refused("GroupedBiasAddGrad", 161002, g2.handle, None, o2.handle)  # 2-d needs idx
        self.refused("GroupedBiasAddGrad", 161002, g2.handle, i2.handle,
                     self.dev(torch.zeros((3, 2))).handle)
        self.refused("GroupedBiasAddGrad", 161002, g2.handle,
                     self.dev(torch.tensor([2.0, 4.0])).handle, o2.handle)
        self.refused("GroupedBiasAddGrad", 161002, g2.handle, i2.handle,
                     self.dev(torch.zeros((2, 2), dtype=F16)).handle)
        self.refused("GroupedBiasAddGrad", 161002, g2.handle,
                     self.dev(torch.zeros((2049,), dtype=I32)).handle,
                     self.dev(torch.zeros((2049, 2))).handle)
        self.refused("GroupedBiasAddGradV2", 161002, g2.handle, i2.handle, 2, o2.handle)

    def test_amp_update_scale(self):
        # torch's _amp_update_scale_ steps in float32 (as CANN's kernel: FLOAT16 / BFLOAT16 too)
        cases = ((65536.0, 900, 0.0, 2.0, 0.5, 1000), (65536.0, 999, 0.0, 2.0, 0.5, 1000),
                 (65536.0, 999, 1.0, 2.0, 0.5, 1000), (3e38, 0, 0.0, 2.0, 0.5, 1),
                 (8.0, 5, float("nan"), 2.0, 0.25, 7), (1.0, 0, 0.0, 3.0, 0.5, 1),
                 (40000.0, 1, 0.0, 2.0, 0.5, 2))
        for dt in (F32, F16, BF16):
            for scale, tracker, found, gf, bf, iv in cases:
                sc = torch.tensor([scale], dtype=dt)
                tr = torch.tensor([tracker], dtype=I32)
                fi = torch.tensor([found], dtype=dt)
                us = self.dev(torch.zeros((1,), dtype=dt))
                ut = self.dev(torch.zeros((1,), dtype=I32))
                self.run_ok("AmpUpdateScale", self.dev(sc).handle, self.dev(tr).handle,
                            self.dev(fi).handle, gf, bf, iv, us.handle, ut.handle)
                # torch 1.13's _amp_update_scale_ has a CUDA kernel only: its steps, in float32
                s32, t32 = sc.float(), tr.clone()
                if fi.float().item() != 0 or math.isnan(fi.float().item()):
                    s32, t32 = s32 * torch.tensor(bf, dtype=F32), torch.zeros_like(t32)
                elif tracker + 1 == iv:
                    grown = s32 * torch.tensor(gf, dtype=F32)
                    s32 = grown if torch.isfinite(grown).all() else s32
                    t32 = torch.zeros_like(t32)
                else:
                    t32 = t32 + 1
                what = "AmpUpdateScale %s %s" % (dt, (scale, tracker, found, gf, bf, iv))
                check(self, us.read(), s32.to(dt), what)
                check(self, ut.read(), t32, what)
        one, t1 = self.dev(torch.ones((1,))), self.dev(torch.zeros((1,), dtype=I32))
        two = self.dev(torch.ones((2,)))
        self.refused("AmpUpdateScale", 161001, one.handle, None, one.handle, 2.0, 0.5, 10,
                     one.handle, t1.handle)
        self.refused("AmpUpdateScale", 561002, two.handle, t1.handle, two.handle, 2.0, 0.5, 10,
                     one.handle, t1.handle)
        self.refused("AmpUpdateScale", 561002, one.handle, t1.handle, one.handle, 2.0, 0.5, 0,
                     one.handle, t1.handle)
        self.refused("AmpUpdateScale", 161002, one.handle, t1.handle,
                     self.dev(torch.ones((1,), dtype=F16)).handle, 2.0, 0.5, 10, one.handle,
                     t1.handle)
        self.refused("AmpUpdateScale", 161002, one.handle, self.dev(torch.zeros((1,),
                                                                               dtype=I64)).handle,
                     one.handle, 2.0, 0.5, 10, one.handle, t1.handle)
        self.refused("AmpUpdateScale", 161002, one.handle, t1.handle, one.handle, 2.0, 0.5, 10,
                     two.handle, t1.handle)

    def test_eltwise(self):
        # Caffe's Eltwise as its kernel accumulates: in float32, input by input
        rng = random.Random(SEED + 42)
        for dt in (F32, F16, BF16):
            for shape, n in (((3, 4), 3), ((5,), 1), ((2, 0), 2), ((2, 3, 2), 32)):
                xs = [gen(rng, shape, dt, special=n < 32) for _ in range(n)]
                for mode in (0, 1, 2):
                    coeffs = [rng.choice((0.5, -1.5, 2.0, 1.0)) for _ in range(n)]
                    for use in ((None, [], coeffs) if mode == 1 else (None,)):
                        c = [1.0] * n if not use else use
                        acc = xs[0].float() * torch.tensor(c[0]) if mode == 1 else xs[0].float()
                        for k in range(1, n):
                            x = xs[k].float()
                            if mode == 0:
                                acc = acc * x
                            elif mode == 1:
                                acc = acc + torch.tensor(c[k]) * x
                            else:
                                acc = torch.maximum(acc, x)
                        ca = None
                        if use is not None:
                            ca, ret = nn.create_float_array(use)
                            self.assertEqual(ret, 0)
                            self.handles.append(("float_array", ca))
                        out = self.dev(torch.zeros(shape, dtype=dt))
                        what = "Eltwise %s %s x%d mode %d coeff %s" % (dt, shape, n, mode, use)
                        self.run_ok("Eltwise", self.tlist(xs), mode, ca, out.handle, what=what)
                        check(self, out.read(), acc.to(dt), what)
        x = torch.zeros((2, 3))
        out = self.dev(torch.zeros((2, 3)))
        self.refused("Eltwise", 161001, None, 1, None, out.handle)
        self.refused("Eltwise", 161002, self.tlist([x, x]), 3, None, out.handle)
        bad, _ = nn.create_float_array([1.0, 2.0, 3.0])
        self.handles.append(("float_array", bad))
        self.refused("Eltwise", 161002, self.tlist([x, x]), 1, bad, out.handle)
        self.refused("Eltwise", 161002, self.tlist([x, torch.zeros((3, 2))]), 0, None, out.handle)
        self.refused("Eltwise", 161002, self.tlist([x, x.half()]), 0, None, out.handle)
        self.refused("Eltwise", 161002, self.tlist([x.double()]), 0, None,
                     self.dev(torch.zeros((2, 3), dtype=F64)).handle)
        self.refused("Eltwise", 161002, self.tlist([x] * 33), 0, None, out.handle)

    def test_ger_v2(self):
        rng = random.Random(SEED + 19)
        for dt in (F32, F16, I32, I16):
            for m, n in ((8, 3), (1, 5), (0, 2)):
                x, y = gen(rng, (m,), dt, special=False), gen(rng, (n,), dt, special=False)
                a = gen(rng, (m, n), dt, special=False)
                alpha = 3.0 if dt in (I32, I16) else 0.75
                ref = (a.double() + alpha * torch.outer(x.double(), y.double())).to(dt)
                out = self.dev(torch.zeros((m, n), dtype=dt))
                what = "GerV2 %s %dx%d" % (dt, m, n)
                self.run_ok("GerV2", self.dev(view_of(rng, x)).handle, self.dev(y).handle,
                            self.dev(view_of(rng, a)).handle, alpha, out.handle, what=what)
                check(self, out.read(), ref, what)
        x, y = self.dev(torch.zeros((4,))), self.dev(torch.zeros((3,)))
        a = self.dev(torch.zeros((4, 3)))
        self.refused("GerV2", 161002, x.handle, y.handle, self.dev(torch.zeros((3, 4))).handle,
                     1.0, a.handle)
        self.refused("GerV2", 161002, x.handle, self.dev(torch.zeros((3,), dtype=F16)).handle,
                     a.handle, 1.0, a.handle)
        self.refused("GerV2", 161002, a.handle, y.handle, a.handle, 1.0, a.handle)
        self.refused("GerV2", 161001, x.handle, y.handle, None, 1.0, a.handle)

    def test_sort_with_index(self):
        rng = random.Random(SEED + 20)
        for dt in (F32, F16, BF16, I32):
            for desc in (False, True):
                for _ in range(3):
                    shape, x, _ = line_case(rng, dt)
                    nd = len(shape)
                    axis = rng.choice((-1, max(nd - 1, 0)))
                    idx = torch.tensor([rng.randint(-1000, 1000) for _ in range(x.numel())],
                                       dtype=I32).reshape(shape)
                    # CANN's order: NaN first both ways, then stable by value (AS4)
                    xl = x.double().reshape(x.numel() // (shape[-1] if nd and x.numel() else 1),
                                            shape[-1] if nd and x.numel() else 1)
                    il = idx.reshape(xl.shape)
                    vs, ix = [], []
                    for r in range(xl.shape[0]):
                        row = xl[r].tolist()
                        key = (lambda j: (0, 0) if math.isnan(row[j]) else
                               (1, -row[j] if desc else row[j]))
                        order = sorted(range(len(row)), key=key)
                        vs.append([row[j] for j in order])
                        ix.append([il[r, j].item() for j in order])
                    v = torch.tensor(vs, dtype=F64).reshape(shape).to(dt)
                    i = torch.tensor(ix, dtype=I32).reshape(shape)
                    if not x.numel():
                        v, i = torch.zeros(shape, dtype=dt), torch.zeros(shape, dtype=I32)
                    vo = self.dev(torch.zeros(shape, dtype=dt))
                    io = self.dev(torch.zeros(shape, dtype=I32))
                    what = "SortWithIndex %s %s axis %d desc %s" % (dt, shape, axis, desc)
                    self.run_ok("SortWithIndex", self.dev(view_of(rng, x)).handle,
                                self.dev(view_of(rng, idx)).handle, axis, desc,
                                rng.random() < 0.5, vo.handle, io.handle, what=what)
                    check(self, vo.read(), v, what)
                    self.assertTrue(torch.equal(io.read(), i), what)
                    if dt == F32 and x.numel():  # torch agrees where no NaN is involved
                        xs = x.nan_to_num(nan=0.0)
                        tv, ti = torch.sort(xs, dim=-1, descending=desc, stable=True)
                        self.run_ok("SortWithIndex", self.dev(xs).handle, self.dev(idx).handle,
                                    -1, desc, True, vo.handle, io.handle, what=what)
                        check(self, vo.read(), tv, what)
                        self.assertTrue(torch.equal(io.read(), idx.gather(-1, ti)), what)
        x = self.dev(torch.zeros((2, 3)))
        ix = self.dev(torch.zeros((2, 3), dtype=I32))
        self.refused("SortWithIndex", 161001, None, ix.handle, -1, False, False, x.handle, ix.handle)
        self.refused("SortWithIndex", 161001, x.handle, ix.handle, -1, False, False, x.handle, None)
        self.refused("SortWithIndex", 161002, self.dev(torch.zeros((2, 3), dtype=F64)).handle,
                     ix.handle, -1, False, False, x.handle, ix.handle)
        self.refused("SortWithIndex", 161002, x.handle, self.dev(torch.zeros((2, 3), dtype=I64)).handle,
                     -1, False, False, x.handle, ix.handle)
        self.refused("SortWithIndex", 161002, x.handle, ix.handle, 0, False, False, x.handle,
                     ix.handle)
        self.refused("SortWithIndex", 161002, x.handle, self.dev(torch.zeros((3, 2), dtype=I32)).handle,
                     -1, False, False, x.handle, ix.handle)
        self.refused("SortWithIndex", 161002, x.handle, ix.handle, -1, False, False,
                     self.dev(torch.zeros((2, 3), dtype=F16)).handle, ix.handle)

    def test_chunk_cat(self):
        rng = random.Random(SEED + 21)

        def ref(xs, n, odt):
            parts = []
            for x in xs:
                if not x.numel():
                    continue
                rows = -(-x.shape[0] // n)
                flat = torch.zeros(rows * n, x.numel() // x.shape[0], dtype=F64)
                flat[:x.shape[0]] = x.double().reshape(x.shape[0], -1)
                parts.append(flat.reshape(n, -1))
            return torch.cat(parts, dim=1).to(odt)
        for dt, odt in ((F32, F32), (F16, F16), (BF16, BF16), (F16, F32), (BF16, F32),
                        (F16, BF16), (BF16, F16)):
            for _ in range(4):
                n = rng.randint(1, 4)
                xs = []
                for _ in range(rng.randint(1, 4)):
                    shape = (rng.randint(0 if rng.random() < 0.15 else 1, 6),) + tuple(
                        rng.randint(1, 3) for _ in range(rng.randint(0, 2)))
                    xs.append(gen(rng, shape, dt))
                r = ref(xs, n, odt) if any(x.numel() for x in xs) else None
                if r is None:
                    continue
                out = self.dev(torch.zeros(r.shape, dtype=odt))
                what = "ChunkCat %s -> %s chunks %d %s" % (dt, odt, n, [tuple(x.shape) for x in xs])
                self.run_ok("ChunkCat", self.tlist(xs), 0, n, out.handle, what=what)
                check(self, out.read(), r, what)
        # the example's case: [2, 3] and [1, 3] in 2 chunks
        a = torch.arange(1.0, 7.0).reshape(2, 3)
        b = torch.arange(7.0, 10.0).reshape(1, 3)
        out = self.dev(torch.full((2, 6), -1.0))
        self.run_ok("ChunkCat", self.tlist([a, b]), 0, 2, out.handle)
        self.assertEqual(out.read().tolist(), [[1, 2, 3, 7, 8, 9], [4, 5, 6, 0, 0, 0]])
        # an empty list, or only empty tensors: nothing runs, out untouched and unchecked
        self.run_ok("ChunkCat", self.tlist([]), 0, 2, out.handle)
        self.run_ok("ChunkCat", self.tlist([torch.zeros((0, 3))]), 0, 2, out.handle)
        self.assertEqual(out.read()[1].tolist(), [4, 5, 6, 0, 0, 0])
        self.refused("ChunkCat", 161001, None, 0, 2, out.handle)
        self.refused("ChunkCat", 161001, self.tlist([a, b]), 0, 2, None)
        self.refused("ChunkCat", 161002, self.tlist([a, b]), 1, 2, out.handle)  # dim
        self.refused("ChunkCat", 161002, self.tlist([a, b]), 0, 0, out.handle)  # numChunks
        self.refused("ChunkCat", 161002, self.tlist([a, b.half()]), 0, 2, out.handle)
        self.refused("ChunkCat", 161002, self.tlist([a.double()]), 0, 2, out.handle)
        self.refused("ChunkCat", 161002, self.tlist([a, torch.tensor(1.0)]), 0, 2, out.handle)
        self.refused("ChunkCat", 161002, self.tlist([a, b]), 0, 2,
                     self.dev(torch.zeros((2, 6), dtype=F16)).handle)  # FLOAT in, FLOAT16 out
        self.refused("ChunkCat", 161002, self.tlist([a, b]), 0, 3, out.handle)  # out's shape

    def test_affine_grid(self):
        rng = random.Random(SEED + 22)
        F = torch.nn.functional
        for dt in (F32, F16, BF16):
            for three in (False, True):
                for align in (False, True):
                    n = rng.randint(1, 3)
                    size = [n, rng.randint(1, 3)] + [rng.randint(1, 5) for _ in range(3 if three else 2)]
                    k = 3 if three else 2
                    theta = gen(rng, (n, k, k + 1), dt, special=False)
                    r = F.affine_grid(theta.double(), size, align_corners=align).to(dt)
                    out = self.dev(torch.zeros(r.shape, dtype=dt))
                    what = "AffineGrid %s size %s align %s" % (dt, size, align)
                    self.run_ok("AffineGrid", self.dev(view_of(rng, theta)).handle,
                                self.int_array(size), align, out.handle, what=what)
                    check(self, out.read(), r, what)
        th = self.dev(torch.zeros((2, 2, 3)))
        out = self.dev(torch.zeros((2, 4, 5, 2)))
        sz = self.int_array([2, 3, 4, 5])
        self.refused("AffineGrid", 161001, None, sz, False, out.handle)
        self.refused("AffineGrid", 161001, th.handle, None, False, out.handle)
        self.refused("AffineGrid", 161002, self.dev(torch.zeros((2, 2, 3), dtype=F64)).handle,
                     sz, False, out.handle)
        self.refused("AffineGrid", 161002, th.handle, sz, False,
                     self.dev(torch.zeros((2, 4, 5, 2), dtype=F16)).handle)
        self.refused("AffineGrid", 161002, th.handle, self.int_array([2, 3, 4]), False, out.handle)
        self.refused("AffineGrid", 161002, th.handle, self.int_array([2, 3, 1, 4, 5]), False,
                     out.handle)  # a 3-d size with a 2-d theta
        self.refused("AffineGrid", 161002, th.handle, self.int_array([3, 3, 4, 5]), False,
                     out.handle)  # N
        self.refused("AffineGrid", 161002, th.handle, self.int_array([2, 3, 0, 5]), False,
                     out.handle)  # H out of range
        self.refused("AffineGrid", 161002, th.handle, self.int_array([2, 3, 4, 100001]), False,
                     out.handle)
        self.refused("AffineGrid", 161002, th.handle, self.int_array([2, 3, 5, 4]), False,
                     out.handle)  # out's shape

    def test_sort_v2(self):
        rng = random.Random(SEED + 23)

        def u32(d):
            """A UINT32 aclTensor over the device memory of the INT32 Dev d."""
            h, ret = nn.create_tensor(list(d.shape), acl.ACL_UINT32, None, 0, acl.ACL_FORMAT_ND,
                                      None, d.ptr)
            self.assertEqual(ret, 0)
            self.handles.append(("tensor", h))
            return h
        for dt in (F32, F16):
            for desc in (False, True):
                for _ in range(3):
                    shape = tuple(rng.randint(1, 5) for _ in range(rng.randint(1, 2)))
                    x = gen(rng, shape, dt)
                    if x.numel():
                        x = ((x.double() * 2).round() / 2).to(dt)  # ties
                    axis = rng.randrange(-len(shape), len(shape))
                    idx = torch.tensor([rng.randint(0, 1 << 30) for _ in range(x.numel())],
                                       dtype=I32).reshape(shape)
                    v, p = torch.sort(x.float(), dim=axis, descending=desc, stable=True)
                    y = self.dev(torch.zeros(shape, dtype=dt))
                    o = self.dev(torch.zeros(shape, dtype=I32))
                    what = "SortV2 %s %s axis %d desc %s" % (dt, shape, axis, desc)
                    self.run_ok("SortV2", self.dev(view_of(rng, x)).handle,
                                u32(self.dev(idx)), y.handle, axis, desc, u32(o), what=what)
                    check(self, y.read(), v.to(dt), what)
                    self.assertTrue(torch.equal(o.read(), idx.gather(axis, p)), what)
        x = self.dev(torch.zeros((2, 3)))
        i = self.dev(torch.zeros((2, 3), dtype=I32))
        self.refused("SortV2", 161001, None, u32(i), x.handle, 0, False, u32(i))
        self.refused("SortV2", 161002, x.handle, i.handle, x.handle, 0, False, u32(i))
        self.refused("SortV2", 161002, x.handle, u32(i), x.handle, 2, False, u32(i))
        self.refused("SortV2", 161002, self.dev(torch.zeros((2, 3), dtype=BF16)).handle, u32(i),
                     self.dev(torch.zeros((2, 3), dtype=BF16)).handle, 0, False, u32(i))

    def test_select_v3(self):
        rng = random.Random(SEED + 24)
        for dt in (F32, F16):
            for sx, sy, sb in (((15,), (15,), (15,)), ((2, 3), (2, 3), (2, 3)), ((2, 3), (3,), (2, 1)),
                               ((0, 4), (0, 4), (0, 4))):
                x, y = gen(rng, sx, dt), gen(rng, sy, dt)
                b = torch.tensor([rng.choice((-3, 0, 0, 1, 5)) for _ in range(int(torch.tensor(sb).prod()))],
                                 dtype=torch.int8).reshape(sb)
                ref = torch.where(b != 0, x, y)
                z = self.dev(torch.zeros(ref.shape, dtype=dt))
                what = "SelectV3 %s x%s y%s b%s" % (dt, sx, sy, sb)
                self.run_ok("SelectV3", self.dev(view_of(rng, x)).handle, self.dev(y).handle,
                            self.dev(view_of(rng, b)).handle, z.handle, what=what)
                check(self, z.read(), ref, what)
        x = self.dev(torch.zeros((3,)))
        b = self.dev(torch.zeros((3,), dtype=torch.int8))
        self.refused("SelectV3", 161001, x.handle, x.handle, None, x.handle)
        self.refused("SelectV3", 161002, x.handle, x.handle, self.dev(torch.zeros((3,), dtype=I32)).handle,
                     x.handle)
        self.refused("SelectV3", 161002, self.dev(torch.zeros((3,), dtype=F64)).handle,
                     self.dev(torch.zeros((3,), dtype=F64)).handle, b.handle,
                     self.dev(torch.zeros((3,), dtype=F64)).handle)
        self.refused("SelectV3", 161002, x.handle, x.handle, b.handle,
                     self.dev(torch.zeros((4,))).handle)

    def test_onehot(self):
        rng = random.Random(SEED + 25)
        for shape in ((7,), (3, 4), (2, 3, 2), (0, 3)):
            for depth in (1, 4, 9):
                n = int(torch.tensor(shape).prod())
                x = torch.tensor([rng.randint(-2, depth + 1) for _ in range(n)],
                                 dtype=I32).reshape(shape)
                ok = (x >= 0) & (x < depth)
                ref = torch.nn.functional.one_hot(torch.where(ok, x, torch.zeros_like(x)).long(),
                                                  depth)
                ref = (ref * ok.unsqueeze(-1)).to(I32)
                z = self.dev(torch.full(tuple(shape) + (depth,), 7, dtype=I32))
                what = "Onehot %s depth %d" % (shape, depth)
                self.run_ok("Onehot", self.dev(view_of(rng, x)).handle, depth, z.handle, what=what)
                if n:
                    self.assertTrue(torch.equal(z.read(), ref), what)
        x = self.dev(torch.zeros((3,), dtype=I32))
        z = self.dev(torch.zeros((3, 4), dtype=I32))
        self.refused("Onehot", 161001, None, 4, z.handle)
        self.refused("Onehot", 161002, x.handle, -1, z.handle)
        self.refused("Onehot", 161002, x.handle, 5, z.handle)
        self.refused("Onehot", 161002, self.dev(torch.zeros((3,), dtype=I64)).handle, 4, z.handle)
        self.refused("Onehot", 161002, x.handle, 4, self.dev(torch.zeros((3, 4), dtype=I64)).handle)


if __name__ == "__main__":
    unittest.main()
