# SPDX-License-Identifier: Apache-2.0
"""Gather, GatherElementsV3, Take, ScatterAdd, ScatterReduce (against torch.scatter_reduce in
DOUBLE / INT64), TfScatterAdd, IndexPutImpl, Index, InplaceMaskedScatter, EmbeddingDenseBackward
(and EmbeddingDenseGrad), IndexAdd and IndexAddV2 (ops/index) against PyTorch (torch 1.13 on the CPU).

Every type their rows of ops/index/table.h declare, INT32 and INT64 indices,
through acl.nn: random shapes of 1 to 3 dims, random dims (negative ones too),
indices smaller than self where torch allows, non-contiguous views of self and
index, empty indices; Take with negative positions. Gather and Take move
element bits, so they must equal torch.gather / torch.take exactly (NaN
payloads included); ScatterAdd is compared with torch.scatter_add computed in
INT64 (integers wrap) and, for floating types, by the same sequence of updates
in index order each rounded to the type (FLOAT16 / BFLOAT16 add in FLOAT, as
the kernel does), positions updated more than once included. InplaceMaskedScatter (BOOL and UINT8 masks broadcast to
selfRef, a non-contiguous selfRef) must equal masked_scatter exactly; too short
a source fails the launch with nothing written. EmbeddingDenseBackward is
compared with the gradient torch's autograd gives for embedding in DOUBLE
(padding row, scale_grad_by_freq, INT32 / INT64 / FLOAT indices). IndexAdd
and IndexAddV2 are compared with slice updates in index order (negative and
repeated indices, empty index, integer and float alpha), each rounded once.
Bad input: NULL 161001; a refused type, mismatched ranks, an
index larger than self, a wrong out shape 161002, naming the operator; an
index value out of range fails the launch (507015 at synchronisation).
MaskedSelect (BOOL / UINT8 masks broadcasting either way, 0-d and empty shapes, strided
views and out) must equal torch.masked_select exactly in out's first elements, the rest of out
untouched; Nonzero (every type, -0.0 and NaN, 0 to 4 dims, empty) must equal torch.nonzero in
out's first rows, the rest untouched. OneHot (every value and self type, axis -1 to rank,
values outside [0, numClasses), numClasses 0, empty self) must equal torch's one_hot moved to
axis with onValue / offValue put in. RepeatInterleave and its forms, RepeatInterleaveGrad,
ScatterNd, ScatterNdUpdate, InplacePut, Flip, NonzeroV2, GatherV3, EmbeddingBag (against
torch's _embedding_bag_forward_only in DOUBLE; every weight type, index and out type pair),
Unique, Unique2, UniqueDim and UniqueConsecutive (against torch.unique / unique_consecutive, the
outputs' view shapes read back with aclGetViewShape): see their tests.
Skipped (exit 77) without torch."""
import itertools
import random
import sys
import unittest

from torchcase import TorchCase, torch  # noqa: E402 (first: torch before acl)

import acltest  # noqa: E402
from acltest import acl  # noqa: E402

if torch is not None:
    from test_ew_torch import Dev, check, view_of, gen, F32, F64, I32, I64, BOOL, ALL  # noqa
    from test_ew_torch import ACL_DT  # noqa: E402

setUpModule = acltest.setup_module
tearDownModule = acltest.teardown_module

nn = acl.nn
SEED = 2931


@unittest.skipIf(torch is None, "torch is not installed")
class IndexTorch(TorchCase):
    runs = 0

    def run_op(self, name, *args):
        ws, ex, ret = nn.get_workspace_size(name, *args)
        self.assertEqual(ret, 0, "aclnn%s: %d %s" % (name, ret, acl.get_recent_err_msg()))
        self.assertEqual(nn.launch(name, 0, 0, ex, self.stream), 0)
        IndexTorch.runs += 1
        return acl.rt.synchronize_stream(self.stream)

    def same_bits(self, got, ref, what):
        self.assertEqual(tuple(got.shape), tuple(ref.shape), what)
        if got.dtype.is_floating_point:
            g, r = got.view(torch.int16 if got.element_size() == 2 else
                            torch.int32 if got.element_size() == 4 else I64), None
            r = ref.view(g.dtype)
            self.assertTrue(torch.equal(g, r), "%s: %s vs %s" % (what, got, ref))
        else:
            self.assertTrue(torch.equal(got, ref), "%s: %s vs %s" % (what, got, ref))

    def shapes(self, rng):
        nd = rng.randint(1, 3)
        shape = [rng.randint(1, 5) for _ in range(nd)]
        d = rng.randrange(-nd, nd)
        ishape = [rng.randint(0 if rng.random() < 0.1 else 1, n) if i != d % nd else
                  rng.randint(1, 6) for i, n in enumerate(shape)]
        return shape, d, ishape

    def scatter_case(self, rng, dt, it):
        """A scatter's shapes and operands: self [shape], dim d, an index (type it) and src of
        ishape, no larger than self off d, the index in [0, shape[d])."""
        shape, d, ishape = self.shapes(rng)
        ishape = [min(a, b) if i != d % len(shape) else a
                  for i, (a, b) in enumerate(zip(ishape, shape))]
        x = gen(rng, shape, dt, special=False)
        src = gen(rng, ishape, dt, special=False)
        idx = torch.randint(0, shape[d], ishape).to(it)
        return shape, d, ishape, x, src, idx

    def test_gather_take(self):
        rng = random.Random(SEED)
        for dt in ALL:
            for it in (I32, I64):
                for _ in range(8):
                    shape, d, ishape = self.shapes(rng)
                    x = gen(rng, shape, dt)
                    idx = torch.randint(0, shape[d], ishape).to(it)
                    ref = torch.gather(x, d, idx.long())
                    o = self.dev(torch.zeros(ishape, dtype=dt))
                    what = "Gather %s %s %s dim %d index %s" % (dt, it, shape, d, ishape)
                    self.assertEqual(self.run_op("Gather", self.dev(view_of(rng, x)).handle, d,
                                                 self.dev(view_of(rng, idx)).handle, o.handle), 0)
                    self.same_bits(o.read(), ref, what)
                    n = x.numel()
                    pos = torch.randint(-n, n, ishape).to(it)
                    ref = torch.take(x, pos.long())
                    o = self.dev(torch.zeros(ishape, dtype=dt))
                    self.assertEqual(self.run_op("Take", self.dev(view_of(rng, x)).handle,
                                                 self.dev(view_of(rng, pos)).handle, o.handle), 0)
                    self.same_bits(o.read(), ref, "Take " + what)

    def test_scatter_add(self):
        rng = random.Random(SEED + 1)
        for dt in ALL:
            for it in (I32, I64):
                for _ in range(8):
                    shape, d, ishape, x, src, idx = self.scatter_case(rng, dt, it)
                    wide = (lambda t: t.double()) if dt.is_floating_point else \
                        (lambda t: t.long())
                    if dt == BOOL:
                        ref = torch.scatter_add(x.long(), d, idx.long(), src.long()) != 0
                    elif dt.is_floating_point:  # one rounding per update, in index order
                        ref = x.clone()
                        acc = F64 if dt == F64 else F32
                        for p in itertools.product(*[range(n) for n in ishape]):
                            q = list(p)
                            q[d] = int(idx[p])
                            q = tuple(q)
                            ref[q] = (ref[q].to(acc) + src[p].to(acc)).to(dt)
                    else:
                        ref = torch.scatter_add(wide(x), d, idx.long(), wide(src)).to(dt)
                    o = self.dev(torch.zeros(shape, dtype=dt))
                    what = "ScatterAdd %s %s %s dim %d index %s" % (dt, it, shape, d, ishape)
                    self.assertEqual(self.run_op("ScatterAdd", self.dev(view_of(rng, x)).handle, d,
                                                 self.dev(idx).handle, self.dev(src).handle,
                                                 o.handle), 0)
                    check(self, o.read(), ref, what)

    def test_scatter_reduce(self):
        """ScatterReduce / InplaceScatterReduce against torch.scatter_reduce in DOUBLE (floating
        types) or INT64 (integers, BOOL through 0 / 1), rounded once to the type; reduce 0
        (none) against the updates in index order, the last one winning."""
        rng = random.Random(SEED + 41)
        names = {1: "sum", 2: "prod", 3: "amax", 4: "amin", 5: "mean"}
        for dt in ALL:
            for it in (I32, I64):
                for _ in range(6):
                    shape, d, ishape, x, src, idx = self.scatter_case(rng, dt, it)
                    reduce, inc = rng.randint(0, 5), rng.random() < 0.5
                    wide = (lambda t: t.double()) if dt.is_floating_point else \
                        (lambda t: t.long())
                    if reduce == 0:
                        ref = wide(x).clone()
                        for p in itertools.product(*[range(n) for n in ishape]):
                            q = list(p)
                            q[d] = int(idx[p])
                            ref[tuple(q)] = wide(src)[p]
                    else:
                        ref = wide(x).scatter_reduce(d, idx.long(), wide(src), names[reduce],
                                                     include_self=inc)
                    ref = ref != 0 if dt == BOOL else ref.to(dt)
                    inplace = rng.random() < 0.3
                    what = "ScatterReduce %s %s %s dim %d index %s reduce %d self %s" % (
                        dt, it, shape, d, ishape, reduce, inc)
                    if inplace:
                        o = self.dev(x.clone())
                        ret = self.run_op("InplaceScatterReduce", o.handle, d,
                                          self.dev(view_of(rng, idx)).handle,
                                          self.dev(src).handle, reduce, inc)
                    else:
                        o = self.dev(torch.zeros(shape, dtype=dt))
                        ret = self.run_op("ScatterReduce", self.dev(view_of(rng, x)).handle, d,
                                          self.dev(view_of(rng, idx)).handle,
                                          self.dev(view_of(rng, src)).handle, reduce, inc,
                                          o.handle)
                    self.assertEqual(ret, 0, what)
                    self.same_bits(o.read(), ref, what)
        x = self.dev(torch.zeros(2, 3))
        i = self.dev(torch.zeros(2, 3, dtype=I64))
        o = self.dev(torch.zeros(2, 3))
        self.refused("ScatterReduce", 161002, x.handle, 0, i.handle, x.handle, 6, True, o.handle)
        self.refused("ScatterReduce", 161002, x.handle, 2, i.handle, x.handle, 1, True, o.handle)
        self.refused("ScatterReduce", 161002, x.handle, 0, self.dev(torch.zeros(2, 3)).handle,
                     x.handle, 1, True, o.handle)
        self.refused("ScatterReduce", 161002, x.handle, 0, i.handle,
                     self.dev(torch.zeros(2, 3, dtype=torch.float16)).handle, 1, True, o.handle)
        self.refused("ScatterReduce", 161001, x.handle, 0, None, x.handle, 1, True, o.handle)
        self.refused("InplaceScatterReduce", 161001, None, 0, i.handle, x.handle, 1, True)
        bad = self.dev(torch.full((2, 3), 2, dtype=I64))  # index 2 outside dim 0's 2 rows
        ws, ex, ret = nn.get_workspace_size("ScatterReduce", x.handle, 0, bad.handle, x.handle, 1,
                                            True, o.handle)
        self.assertEqual(ret, 0)
        self.assertEqual(nn.launch("ScatterReduce", 0, 0, ex, self.stream), 0)
        self.assertNotEqual(acl.rt.synchronize_stream(self.stream), 0)

    def test_masked_scatter(self):
        rng = random.Random(SEED + 2)
        for dt in ALL:
            for mt in (BOOL, torch.uint8):
                for _ in range(6):
                    nd = rng.randint(1, 3)
                    shape = [rng.randint(1, 5) for _ in range(nd)]
                    mshape = [1 if rng.random() < 0.3 else n for n in shape][rng.randint(0, nd):]
                    x = gen(rng, shape, dt)
                    mask = torch.tensor([rng.random() < 0.5 for _ in range(
                        int(torch.tensor(mshape, dtype=I64).prod()))]).reshape(mshape)
                    src = gen(rng, [rng.randint(1, 4), x.numel()], dt)
                    ref = x.masked_scatter(mask, src)
                    xv = view_of(rng, x.clone())
                    d = self.dev(xv)
                    what = "InplaceMaskedScatter %s mask %s %s / %s" % (dt, mt, shape, mshape)
                    self.assertEqual(self.run_op("InplaceMaskedScatter", d.handle,
                                                 self.dev(mask.to(mt)).handle,
                                                 self.dev(view_of(rng, src)).handle), 0, what)
                    # selfRef's (maybe non-contiguous) view read back through Take
                    o = self.dev(torch.zeros(shape, dtype=dt))
                    self.assertEqual(self.run_op("Take", d.handle, self.dev(
                        torch.arange(x.numel()).reshape(shape)).handle, o.handle), 0)
                    got = o.read()
                    self.same_bits(got, ref, what)
        # more true positions than source elements: the launch fails, nothing is written
        x = self.dev(torch.zeros((2, 3), dtype=F32))
        self.assertEqual(self.run_op("InplaceMaskedScatter", x.handle,
                                     self.dev(torch.ones((3,), dtype=BOOL)).handle,
                                     self.dev(torch.ones((5,), dtype=F32)).handle), 507015)
        self.assertTrue(torch.equal(x.read(), torch.zeros((2, 3))))

    def test_embedding_dense_backward(self):
        rng = random.Random(SEED + 3)
        for dt in (F32, torch.float16, torch.bfloat16):
            for it in (I32, I64, F32):
                for _ in range(6):
                    ishape = [rng.randint(1, 4) for _ in range(rng.randint(1, 2))]
                    nw, D = rng.randint(1, 6), rng.randint(1, 5)
                    idx = torch.randint(0, nw, ishape)
                    grad = gen(rng, ishape + [D], dt, special=False)
                    pad = rng.choice([-1, rng.randrange(nw)])
                    scale = rng.random() < 0.5
                    w = torch.zeros((nw, D), dtype=F64, requires_grad=True)
                    y = torch.nn.functional.embedding(idx, w, padding_idx=pad if pad >= 0 else
                                                      None, scale_grad_by_freq=scale)
                    y.backward(grad.double())
                    o = self.dev(torch.zeros((nw, D), dtype=dt))
                    what = "EmbeddingDenseBackward %s %s %s nw %d pad %d scale %s" % (
                        dt, it, ishape, nw, pad, scale)
                    self.assertEqual(self.run_op("EmbeddingDenseBackward",
                                                 self.dev(view_of(rng, grad)).handle,
                                                 self.dev(idx.to(it)).handle, nw,
                                                 pad & (2 ** 64 - 1), scale, o.handle), 0, what)
                    check(self, o.read(), w.grad.to(dt), what)

    def test_experimental_rows(self):
        """GatherElementsV3 against torch.gather, EmbeddingDenseGrad against the gradient of
        torch's embedding (ops-nn's experimental index folder: CANN's generated parameters)."""
        rng = random.Random(SEED + 21)
        for dt in (F32, torch.float16, torch.bfloat16, I32):
            for it in (I32, I64):
                for _ in range(4):
                    shape, d, ishape = self.shapes(rng)
                    x = gen(rng, shape, dt)
                    idx = torch.randint(0, shape[d], ishape).to(it)
                    o = self.dev(torch.zeros(ishape, dtype=dt))
                    what = "GatherElementsV3 %s %s %s dim %d index %s" % (dt, it, shape, d, ishape)
                    self.assertEqual(self.run_op("GatherElementsV3",
                                                 self.dev(view_of(rng, x)).handle,
                                                 self.dev(view_of(rng, idx)).handle, d, o.handle),
                                     0)
                    self.same_bits(o.read(), torch.gather(x, d, idx.long()), what)
        for dt in (F32, torch.float16):
            for it in (I32, I64):
                for _ in range(4):
                    ishape = [rng.randint(1, 4) for _ in range(rng.randint(1, 2))]
                    nw, D = rng.randint(1, 6), rng.randint(1, 5)
                    idx = torch.randint(0, nw, ishape)
                    grad = gen(rng, ishape + [D], dt, special=False)
                    pad = rng.choice([-1, rng.randrange(nw)])
                    scale = rng.random() < 0.5
                    w = torch.zeros((nw, D), dtype=F64, requires_grad=True)
                    y = torch.nn.functional.embedding(idx, w, padding_idx=pad if pad >= 0 else
                                                      None, scale_grad_by_freq=scale)
                    y.backward(grad.double())
                    o = self.dev(torch.zeros((nw, D), dtype=dt))
                    what = "EmbeddingDenseGrad %s %s %s nw %d pad %d scale %s" % (
                        dt, it, ishape, nw, pad, scale)
                    self.assertEqual(self.run_op("EmbeddingDenseGrad",
                                                 self.dev(view_of(rng, grad)).handle,
                                                 self.dev(idx.to(it)).handle, nw, pad, scale,
                                                 o.handle), 0, what)
                    check(self, o.read(), w.grad.to(dt), what)
        x = self.dev(torch.zeros((2, 3), dtype=F32)).handle
        i2 = self.dev(torch.zeros((2, 3), dtype=I64)).handle
        o = self.dev(torch.zeros((2, 3), dtype=F32)).handle
        self.refused("GatherElementsV3", 161001, x, 0, 0, o)
        self.refused("GatherElementsV3", 161002, x, i2, 2, o)
        self.refused("GatherElementsV3", 161002, self.dev(torch.zeros((2, 3), dtype=I64)).handle,
                     i2, 0, self.dev(torch.zeros((2, 3), dtype=I64)).handle)
        g = self.dev(torch.zeros((2, 3, 4), dtype=F32)).handle
        self.refused("EmbeddingDenseGrad", 161002, g, i2, -1, -1, False,
                     self.dev(torch.zeros((0, 4), dtype=F32)).handle)
        self.refused("EmbeddingDenseGrad", 161002, g, i2, 5, -1, False,
                     self.dev(torch.zeros((5, 3), dtype=F32)).handle)
        self.refused("EmbeddingDenseGrad", 161002, self.dev(torch.zeros((2, 3, 4),
                                                                      dtype=torch.bfloat16)).handle,
                     i2, 5, -1, False, self.dev(torch.zeros((5, 4), dtype=torch.bfloat16)).handle)
        self.refused("EmbeddingDenseGrad", 161001, g, 0, 5, -1, False, o)

    def test_index_add(self):
        rng = random.Random(SEED + 4)
        for dt in ALL:
            if dt == BOOL:
                continue
            for it in (I32, I64):
                for v2 in (False, True):
                    for _ in range(4):
                        nd = rng.randint(1, 3)
                        shape = [rng.randint(1, 4) for _ in range(nd)]
                        d = rng.randrange(-nd, nd)
                        k = rng.randint(0, 5)
                        idx = torch.randint(-shape[d], shape[d], (k,))
                        sshape = list(shape)
                        sshape[d] = k
                        x = gen(rng, shape, dt, special=False)
                        src = gen(rng, sshape, dt, special=False)
                        alpha = rng.choice([1, 2, -3]) if not dt.is_floating_point else \
                            rng.choice([1.0, 0.5, -2.0])
                        ref = x.clone()  # one rounding per update, in index order
                        acc = F64 if dt.is_floating_point else I64
                        for i in range(k):
                            sl = ref.select(d, int(idx[i]) % shape[d])
                            sl.copy_((sl.to(acc) + alpha * src.select(d, i).to(acc)).to(dt))
                        o = self.dev(torch.zeros(shape, dtype=dt))
                        a = nn.create_scalar(alpha, acl.ACL_DOUBLE if isinstance(alpha, float)
                                             else acl.ACL_INT64)[0]
                        name = "IndexAddV2" if v2 else "IndexAdd"
                        args = [self.dev(view_of(rng, x)).handle, d, self.dev(idx.to(it)).handle,
                                self.dev(view_of(rng, src)).handle, a] + \
                            ([rng.randint(0, 1)] if v2 else []) + [o.handle]
                        what = "%s %s %s %s dim %d index %s alpha %r" % (name, dt, it, shape, d,
                                                                      idx.tolist(), alpha)
                        self.assertEqual(self.run_op(name, *args), 0, what)
                        nn.destroy_scalar(a)
                        check(self, o.read(), ref, what)

    def test_masked_select(self):
        rng = random.Random(SEED + 5)
        for dt in ALL:
            for mt in (BOOL, torch.uint8):
                for i in range(6):
                    nd = rng.randint(0, 3)
                    shape = [rng.randint(0 if i == 5 else 1, 4) for _ in range(nd)]
                    # mask broadcasts with self either way: fewer dims, ones, or wider
                    mshape = [1 if rng.random() < 0.3 else n for n in shape][rng.randint(0, nd):]
                    if len(mshape) == nd and rng.random() < 0.3:
                        mshape = [rng.randint(1, 3)] + mshape
                    x = gen(rng, shape, dt)
                    mask = torch.tensor([rng.random() < 0.5 for _ in range(
                        int(torch.tensor(mshape, dtype=I64).prod()))], dtype=BOOL).reshape(mshape)
                    ref = torch.masked_select(x, mask)
                    n = torch.broadcast_shapes(tuple(shape), tuple(mshape)).numel()
                    fill = gen(rng, [n], dt)
                    o = self.dev(fill.clone())
                    what = "MaskedSelect %s mask %s %s / %s" % (dt, mt, shape, mshape)
                    self.assertEqual(self.run_op("MaskedSelect", self.dev(view_of(rng, x)).handle,
                                                 self.dev(view_of(rng, mask.to(mt))).handle,
                                                 o.handle), 0, what)
                    got = o.read()
                    k = ref.numel()
                    self.same_bits(got[:k], ref, what)
                    self.same_bits(got[k:], fill[k:], what + " (the rest untouched)")
        # a non-contiguous out
        x = torch.arange(6, dtype=F32).reshape(2, 3)
        mask = torch.tensor([True, False, True])
        wide = torch.full((12,), -1.0)
        ov = self.dev(wide[::2])
        self.assertEqual(self.run_op("MaskedSelect", self.dev(x).handle, self.dev(mask).handle,
                                     ov.handle), 0)
        o = self.dev(torch.zeros((6,), dtype=F32))  # the strided out read back through Take
        self.assertEqual(self.run_op("Take", ov.handle, self.dev(torch.arange(6)).handle,
                                     o.handle), 0)
        self.same_bits(o.read(), torch.tensor([0.0, 2.0, 3.0, 5.0, -1.0, -1.0]), "strided out")
        self.same_bits(torch.tensor(ov.read()[1::2]), torch.full((3,), -1.0), "gaps untouched")

    def test_nonzero(self):
        rng = random.Random(SEED + 6)
        for dt in ALL:
            for i in range(6):
                nd = rng.randint(0, 4)
                shape = [rng.randint(0 if i == 5 else 1, 4) for _ in range(nd)]
                x = gen(rng, shape, dt)
                if dt.is_floating_point and x.numel():
                    x.view(-1)[0] = -0.0
                ref = torch.nonzero(x)
                fill = torch.tensor([rng.randint(-9, 9) for _ in range(x.numel() * nd)],
                                    dtype=I64).reshape(x.numel(), nd)
                o = self.dev(fill.clone())
                what = "Nonzero %s %s" % (dt, shape)
                self.assertEqual(self.run_op("Nonzero", self.dev(view_of(rng, x)).handle, o.handle),
                                 0, what)
                got = o.read()
                k = ref.shape[0]
                self.same_bits(got[:k], ref, what)
                self.same_bits(got[k:], fill[k:], what + " (the rest untouched)")

    def test_one_hot(self):
        rng = random.Random(SEED + 7)
        for vt in (torch.float16, F32, I32, I64):
            for st in (torch.uint8, I32, I64):
                for i in range(5):
                    nd = rng.randint(1, 3)
                    shape = [rng.randint(0 if i == 4 else 1, 4) for _ in range(nd)]
                    k = rng.randint(1 if i == 4 else 0, 5)
                    axis = rng.randint(-1, nd)
                    lo = 0 if st == torch.uint8 else -2
                    x = torch.randint(lo, k + 2, shape).to(st)
                    on, off = torch.tensor([3], dtype=vt), torch.tensor([-1], dtype=vt)
                    xl = x.long()
                    xl = torch.where((xl < 0) | (xl >= k), torch.full_like(xl, k), xl)
                    hot = torch.nn.functional.one_hot(xl, k + 1)[..., :k]  # out of range: none
                    hot = torch.where(hot.bool(), on, off)
                    ref = hot.movedim(-1, nd if axis == -1 else axis)
                    o = self.dev(torch.zeros(ref.shape, dtype=vt))
                    what = "OneHot %s self %s %s k %d axis %d" % (vt, st, shape, k, axis)
                    self.assertEqual(self.run_op("OneHot", self.dev(view_of(rng, x)).handle, k,
                                                 self.dev(on).handle, self.dev(off).handle, axis,
                                                 o.handle), 0, what)
                    self.same_bits(o.read(), ref, what)

    def test_bad_input(self):
        x = self.dev(torch.zeros((3, 4), dtype=F32)).handle
        i2 = self.dev(torch.zeros((2, 2), dtype=I64)).handle
        o = self.dev(torch.zeros((2, 2), dtype=F32)).handle
        self.refused("Gather", 161001, None, 0, i2, o)
        self.refused("Gather", 161002, x, 2, i2, o)
        self.refused("Gather", 161002, x, 0, self.dev(torch.zeros((2,), dtype=I64)).handle, o)
        self.refused("Gather", 161002, x, 0, self.dev(torch.zeros((2, 2), dtype=F32)).handle, o)
        self.refused("Gather", 161002, x, 0, i2, self.dev(torch.zeros((2, 3), dtype=F32)).handle)
        self.refused("Gather", 161002, x, 0, self.dev(torch.zeros((2, 5), dtype=I64)).handle,
                     self.dev(torch.zeros((2, 5), dtype=F32)).handle)
        self.refused("Take", 161002, x, i2, self.dev(torch.zeros((2, 2), dtype=F64)).handle)
        self.refused("ScatterAdd", 161002, x, 0, i2, self.dev(torch.zeros((2, 2), dtype=I32)).handle,
                     self.dev(torch.zeros((3, 4), dtype=F32)).handle)
        # an index out of range fails the launch at synchronisation
        bad = self.dev(torch.tensor([[0, 3], [1, 0]], dtype=I64)).handle
        ws, ex, ret = nn.get_workspace_size("Gather", x, 0, bad, o)
        self.assertEqual(ret, 0)
        self.assertEqual(nn.launch("Gather", 0, 0, ex, self.stream), 0)
        self.assertEqual(acl.rt.synchronize_stream(self.stream), 507015)

        self.refused("InplaceMaskedScatter", 161002, x,
                     self.dev(torch.zeros((3,), dtype=BOOL)).handle, o)
        self.refused("InplaceMaskedScatter", 161002, x,
                     self.dev(torch.zeros((4,), dtype=F32)).handle, o)
        self.refused("EmbeddingDenseBackward", 161002, o, i2, 5, 0, False,
                     self.dev(torch.zeros((5, 2), dtype=F32)).handle)
        self.refused("EmbeddingDenseBackward", 161002,
                     self.dev(torch.zeros((2, 2, 3), dtype=F32)).handle, i2, 5, 0, False,
                     self.dev(torch.zeros((4, 3), dtype=F32)).handle)

        m = self.dev(torch.zeros((3, 4), dtype=BOOL)).handle
        o12 = self.dev(torch.zeros((12,), dtype=F32)).handle
        self.refused("MaskedSelect", 161001, x, None, o12)
        self.refused("MaskedSelect", 161002, x, self.dev(torch.zeros((3, 4), dtype=F32)).handle,
                     o12)
        self.refused("MaskedSelect", 161002, x, self.dev(torch.zeros((2,), dtype=BOOL)).handle,
                     o12)
        self.refused("MaskedSelect", 161002, x, m, self.dev(torch.zeros((11,), dtype=F32)).handle)
        self.refused("MaskedSelect", 161002, x, m, self.dev(torch.zeros((3, 4), dtype=F32)).handle)
        self.refused("MaskedSelect", 161002, x, m, self.dev(torch.zeros((12,), dtype=F64)).handle)
        self.refused("Nonzero", 161001, None, self.dev(torch.zeros((12, 2), dtype=I64)).handle)
        self.refused("Nonzero", 161002, x, self.dev(torch.zeros((12, 2), dtype=I32)).handle)
        self.refused("Nonzero", 161002, x, self.dev(torch.zeros((6, 2), dtype=I64)).handle)
        self.refused("Nonzero", 161002, x, self.dev(torch.zeros((12,), dtype=I64)).handle)

        xi = self.dev(torch.zeros((3, 4), dtype=I64)).handle
        on = self.dev(torch.ones((1,), dtype=F32)).handle
        o5 = self.dev(torch.zeros((3, 4, 5), dtype=F32)).handle
        self.refused("OneHot", 161001, xi, 5, None, on, -1, o5)
        self.refused("OneHot", 161002, x, 5, on, on, -1, o5)
        self.refused("OneHot", 161002, xi, 5, on, self.dev(torch.ones((1,), dtype=I32)).handle,
                     -1, o5)
        self.refused("OneHot", 161002, xi, -1, on, on, -1, o5)
        self.refused("OneHot", 161002, xi, 5, on, on, 3, o5)
        self.refused("OneHot", 161002, xi, 5, on, on, -2, o5)
        self.refused("OneHot", 161002, xi, 4, on, on, -1, o5)

    def test_embedding_bag(self):
        """EmbeddingBag: the three modes, perSampleWeights, includeLastOffset, paddingIdx, empty
        bags, strided weight and indices, every weight type and index / offset / out type."""
        rng = random.Random(SEED + 41)
        bf16, f16 = torch.bfloat16, torch.float16
        ints = (torch.int8, torch.uint8, torch.int16, I32, I64)
        pairs = [(a, b) for a in ints for b in ints if a in (I32, I64) or b in (I32, I64)]
        case = 0
        for wdt in (F32, f16, bf16):
            for mode in (0, 1, 2):
                for _ in range(6):
                    idt, odt = pairs[case % len(pairs)]
                    outdt = (I32, I64)[case % 2]
                    case += 1
                    n, d = rng.randint(1, 7), rng.randint(1, 5)
                    # distinct values exact in every type (no ties for max, exact sums)
                    w = ((torch.randperm(n * d).double() - n * d / 2) / 4).reshape(n, d)
                    ni = rng.randint(1, 9)
                    idx = torch.tensor([rng.randrange(n) for _ in range(ni)], dtype=I64)
                    cuts = sorted(rng.randint(0, ni) for _ in range(rng.randint(0, 4)))
                    ilo = rng.random() < 0.4
                    off = torch.tensor([0] + cuts + ([ni] if ilo else []), dtype=I64)
                    pad = rng.choice((-1, rng.randrange(n)))
                    psw = None
                    if mode == 0 and rng.random() < 0.5:
                        psw = torch.tensor([rng.randint(-4, 4) / 2 for _ in range(ni)], dtype=F64)
                    ref = torch.ops.aten._embedding_bag_forward_only(w, idx, off, False, mode,
                                                                     False, psw, ilo, pad)
                    o2b = torch.ops.aten._embedding_bag_forward_only(w, idx, off, False, 1, False,
                                                                     None, ilo, pad)[1]
                    nb = off.numel() - (1 if ilo else 0)
                    out = self.dev(torch.zeros((nb, d), dtype=wdt))
                    do2b = self.dev(torch.full((ni,), -7, dtype=outdt))
                    dbs = self.dev(torch.full((nb,), -7, dtype=outdt))
                    dmi = self.dev(torch.full((nb, d) if mode == 2 else (nb,), -7, dtype=outdt))
                    what = "EmbeddingBag %s mode %d idx %s off %s ilo %s pad %d psw %s: %s %s" % (
                        wdt, mode, idt, odt, ilo, pad, psw is not None, idx.tolist(), off.tolist())
                    rc = self.run_op("EmbeddingBag", self.dev(view_of(rng, w.to(wdt))).handle,
                                     self.dev(view_of(rng, idx.to(idt))).handle,
                                     self.dev(off.to(odt)).handle, False, mode, False,
                                     None if psw is None else self.dev(psw.to(wdt)).handle, ilo,
                                     pad, out.handle, do2b.handle, dbs.handle, dmi.handle)
                    self.assertEqual(rc, 0, what)
                    check(self, out.read(), ref[0].to(wdt), what)
                    self.assertTrue(torch.equal(do2b.read(), o2b.to(outdt)), what)
                    # (torch's bagSize, and maxIndices outside max mode, keep numel(offsets)
                    # elements with include_last_offset; CANN's have B)
                    self.assertTrue(torch.equal(dbs.read(), ref[2][:nb].to(outdt)), what)
                    self.assertTrue(torch.equal(dmi.read(), ref[3][:nb].to(outdt)), what)
        w = self.dev(torch.ones((4, 3)))
        i4 = self.dev(torch.tensor([0, 1, 2, 3], dtype=I64))
        o2 = self.dev(torch.tensor([0, 2], dtype=I64))
        out = self.dev(torch.zeros((2, 3)))
        l4 = self.dev(torch.zeros((4,), dtype=I64))
        l2 = self.dev(torch.zeros((2,), dtype=I64))
        args = [w, i4, o2, False, 0, False, None, False, -1, out, l4, l2, l2]

        def call(**kw):
            a = list(args)
            for k, v in kw.items():
                a[int(k[1:])] = v
            return [x.handle if isinstance(x, Dev) else x for x in a]
        # an empty offset2bag is accepted (and not written); an empty indices runs nothing
        self.assertEqual(self.run_op("EmbeddingBag", *call(a10=self.dev(torch.zeros((0,), dtype=I64)))), 0)
        check(self, out.read(), torch.full((2, 3), 2.0), "EmbeddingBag, no offset2bag")
        e = self.dev(torch.zeros((0,), dtype=I64))
        self.assertEqual(self.run_op("EmbeddingBag", *call(a1=e, a10=e)), 0)
        # run-time checks: an index out of range, offsets not starting at 0 or falling
        for bad in (call(a1=self.dev(torch.tensor([0, 1, 4, 2], dtype=I64))),
                    call(a2=self.dev(torch.tensor([1, 2], dtype=I64))),
                    call(a2=self.dev(torch.tensor([0, 5], dtype=I64)))):
            self.assertEqual(self.run_op("EmbeddingBag", *bad), 507015)
        self.refused("EmbeddingBag", 161001, *call(a0=None))
        self.refused("EmbeddingBag", 161001, *call(a12=None))
        self.refused("EmbeddingBag", 161002, *call(a0=self.dev(torch.ones((4, 3), dtype=F64))))
        self.refused("EmbeddingBag", 161002, *call(a0=self.dev(torch.ones((12,)))))
        self.refused("EmbeddingBag", 161002, *call(a1=self.dev(torch.zeros((2, 2), dtype=I64))))
        self.refused("EmbeddingBag", 161002, *call(
            a1=self.dev(torch.zeros((4,), dtype=torch.int16)),
            a2=self.dev(torch.zeros((2,), dtype=torch.uint8))))  # neither INT32 nor INT64
        self.refused("EmbeddingBag", 161002, *call(a1=self.dev(torch.zeros((4,), dtype=F32))))
        self.refused("EmbeddingBag", 161002, *call(a9=self.dev(torch.zeros((2, 3), dtype=f16))))
        self.refused("EmbeddingBag", 161002, *call(a9=self.dev(torch.zeros((3, 3)))))
        self.refused("EmbeddingBag", 161002, *call(a10=self.dev(torch.zeros((3,), dtype=I64))))
        self.refused("EmbeddingBag", 161002, *call(a11=self.dev(torch.zeros((2,), dtype=torch.int16))))
        self.refused("EmbeddingBag", 161002, *call(a11=self.dev(torch.zeros((3,), dtype=I64))))
        self.refused("EmbeddingBag", 161002, *call(a4=2))  # max mode: maxIndices [2, 3]
        self.refused("EmbeddingBag", 161002, *call(a7=True))  # 1 bag
        psw = self.dev(torch.ones((4,)))
        self.refused("EmbeddingBag", 161002, *call(a4=1, a6=psw))  # not sum mode
        self.refused("EmbeddingBag", 161002, *call(a6=self.dev(torch.ones((3,)))))
        self.refused("EmbeddingBag", 161002, *call(a6=self.dev(torch.ones((4,), dtype=f16))))
        self.assertEqual(self.run_op("EmbeddingBag", *call(a6=psw)), 0)

    UNSIGNED = {"UINT16": acl.ACL_UINT16, "UINT32": acl.ACL_UINT32}

    def unique_types(self):
        """The Unique family's types: (name, torch dtype) of every declared type, UINT16 /
        UINT32 (torch has neither) as int16 / int32 data of small non-negative values, whose
        bits are the same, under aclTensors of the unsigned types; the unsigned names' ACL
        types; and handle(d, name), d's handle or, for those, an unsigned one over its data."""
        types = [(str(t), t) for t in ALL] + [("UINT16", torch.int16), ("UINT32", torch.int32)]

        def handle(d, name):
            if name not in self.UNSIGNED:
                return d.handle
            h, ret = nn.create_tensor(list(d.shape), self.UNSIGNED[name], None, 0,
                                      acl.ACL_FORMAT_ND, None, d.ptr)
            self.assertEqual(ret, 0)
            self.addCleanup(nn.destroy_tensor, h)
            return h
        return types, self.UNSIGNED, handle

    def view_shape(self, handle):
        """aclGetViewShape(handle) as a tuple (the array freed as the API asks: delete[])."""
        import ctypes
        from acl import _lib
        get = _lib.fn("aclGetViewShape", ctypes.c_int, ctypes.c_void_p,
                      ctypes.POINTER(ctypes.POINTER(ctypes.c_int64)),
                      ctypes.POINTER(ctypes.c_uint64))
        dims, n = ctypes.POINTER(ctypes.c_int64)(), ctypes.c_uint64()
        self.assertEqual(get(handle, ctypes.byref(dims), ctypes.byref(n)), 0)
        shape = tuple(dims[i] for i in range(n.value))
        lib = ctypes.CDLL(None)
        free = getattr(lib, "_ZdaPv", None) or lib.free
        free.argtypes = [ctypes.c_void_p]
        free(ctypes.cast(dims, ctypes.c_void_p))
        return shape

    def test_unique(self):
        """Unique and Unique2 over every declared type: sorted and not (the order of first
        occurrence), inverse and counts, views of self, special values; valueOut's (and
        countsOut's) view shape becomes [K]."""
        import math
        rng = random.Random(SEED + 43)
        types, udt, handle = self.unique_types()
        for name, dt in types:
            for shape in ((9,), (3, 4), (2, 3, 2), (1,), ()):
                n = 1
                for d in shape:
                    n *= d
                if dt == BOOL:
                    x = torch.tensor([rng.random() < 0.5 for _ in range(n)], dtype=BOOL)
                elif dt.is_floating_point:
                    vals = [rng.choice((-1.5, 0.0, 2.0, 3.25, 7.0)) for _ in range(n)]
                    if n >= 6:
                        vals[1], vals[4], vals[5] = -0.0, math.nan, math.inf
                    x = torch.tensor(vals, dtype=F64).to(dt)
                else:
                    lo = 0 if name in ("UINT16", "UINT32") or dt == torch.uint8 else -3
                    x = torch.tensor([rng.randint(lo, lo + 5) for _ in range(n)], dtype=I64).to(dt)
                x = x.reshape(shape)
                for sorted_ in (True, False):
                    for fn in ("Unique", "Unique2"):
                        ret_inv, ret_cnt = rng.random() < 0.7, fn == "Unique2" and rng.random() < 0.7
                        what = "%s %s %s sorted %s inv %s cnt %s: %s" % (
                            fn, name, shape, sorted_, ret_inv, ret_cnt, x.flatten().tolist())
                        # the reference: torch.unique (sorted), NaNs made one as CANN's keys do
                        flat = x.flatten()
                        key = flat.double() if dt.is_floating_point else flat.long()
                        if dt.is_floating_point:
                            # CANN's keys: NaNs equal and above inf; -0.0 = 0.0
                            key = torch.where(key == math.inf, torch.full_like(key, 1e308), key)
                            key = torch.where(key.isnan(), torch.full_like(key, math.inf), key)
                            key = torch.where(key == 0, torch.zeros_like(key), key)
                        vals, inv, cnt = torch.unique(key, sorted=True, return_inverse=True,
                                                      return_counts=True)
                        if not sorted_:  # reorder by first occurrence
                            first = [int((inv == r).nonzero()[0]) for r in range(vals.numel())]
                            order = sorted(range(vals.numel()), key=lambda r: first[r])
                            rank = [0] * len(order)
                            for p_, r in enumerate(order):
                                rank[r] = p_
                            inv = torch.tensor([rank[int(i)] for i in inv], dtype=I64)
                            cnt = cnt[order]
                            firsts = [first[r] for r in order]
                        else:
                            firsts = [int((inv == r).nonzero()[0]) for r in range(vals.numel())]
                        k = vals.numel()
                        ref_vals = flat[firsts] if k else flat[:0]
                        value = self.dev(torch.zeros((n,), dtype=dt))
                        vh = handle(value, name)
                        inverse = self.dev(torch.full(shape, -7, dtype=I64))
                        xv = view_of(rng, x) if name not in udt else x
                        args = [handle(self.dev(xv), name), sorted_, ret_inv]
                        if fn == "Unique2":
                            counts = self.dev(torch.full((n,), -7, dtype=I64))
                            args += [ret_cnt, vh, inverse.handle, counts.handle]
                        else:
                            args += [vh, inverse.handle]
                        self.assertEqual(self.run_op(fn, *args), 0, what)
                        self.assertEqual(self.view_shape(vh), (k,), what)
                        got = value.read()[:k]
                        if dt.is_floating_point:  # the first occurrence's bits (-0.0 kept)
                            self.same_bits(got, ref_vals, what)
                        else:
                            self.assertTrue(torch.equal(got, ref_vals), what)
                        if ret_inv:
                            self.assertTrue(torch.equal(inverse.read(), inv.reshape(shape)), what)
                        else:
                            self.assertTrue(bool((inverse.read() == -7).all()), what)
                        if fn == "Unique2":
                            if ret_cnt:
                                self.assertEqual(self.view_shape(counts.handle), (k,), what)
                                self.assertTrue(torch.equal(counts.read()[:k], cnt), what)
                            else:
                                self.assertEqual(self.view_shape(counts.handle), (n,), what)
        # empty self: nothing runs, valueOut keeps its shape
        e = self.dev(torch.zeros((0, 3)))
        v = self.dev(torch.zeros((4,)))
        ie = self.dev(torch.zeros((0, 3), dtype=I64))
        self.assertEqual(self.run_op("Unique", e.handle, True, True, v.handle, ie.handle), 0)
        self.assertEqual(self.view_shape(v.handle), (4,))
        # valueOut too small for K: the launch fails, nothing written
        x = self.dev(torch.tensor([3.0, 1.0, 2.0, 1.0]))
        small = self.dev(torch.full((2,), 9.0))
        i4 = self.dev(torch.zeros((4,), dtype=I64))
        self.assertEqual(self.run_op("Unique", x.handle, True, False, small.handle, i4.handle),
                         507015)
        self.assertTrue(bool((small.read() == 9).all()))
        self.assertEqual(self.view_shape(small.handle), (2,))
        v4 = self.dev(torch.zeros((4,)))
        self.refused("Unique", 161001, None, True, True, v4.handle, i4.handle)
        self.refused("Unique", 161001, x.handle, True, False, v4.handle, None)
        self.refused("Unique2", 161001, x.handle, True, False, False, v4.handle, i4.handle, None)
        self.refused("Unique", 161002, self.dev(torch.zeros((4,), dtype=I64)).handle, True, False,
                     v4.handle, i4.handle)  # valueOut of another type
        self.refused("Unique", 161002, x.handle, True, False, v4.handle,
                     self.dev(torch.zeros((4,), dtype=I32)).handle)  # inverseOut INT32
        self.refused("Unique", 161002, x.handle, True, True, v4.handle,
                     self.dev(torch.zeros((3,), dtype=I64)).handle)  # inverseOut's shape
        self.refused("Unique", 161002, x.handle, True, False,
                     self.dev(torch.zeros((8,))[::2]).handle, i4.handle)  # strided valueOut
        self.refused("Unique2", 161002, x.handle, True, False, True, v4.handle, i4.handle,
                     self.dev(torch.zeros((3,), dtype=I64)).handle)  # countsOut's shape
        self.refused("Unique2", 161002, x.handle, True, False, True, v4.handle,
                     self.dev(torch.zeros((3,), dtype=I64)).handle, i4.handle)  # inverse shape

    def test_unique_dim(self):
        """UniqueDim over every declared type, every dim (negative too), sorted and not, with and
        without the inverse; 0-d self; the view shapes set by the launch; codes."""
        rng = random.Random(SEED + 47)
        types, udt, handle = self.unique_types()
        for name, dt in types:
            for shape in ((5, 2), (2, 6, 2), (4,), (3, 1, 2), ()):
                # few distinct values: slices repeat
                x = torch.tensor([rng.randint(0, 1) for _ in range(max(1, len(shape) and
                                  torch.Size(shape).numel()))], dtype=I64)
                x = x.reshape(shape).to(dt)
                nd = len(shape)
                for dim in range(-max(nd, 1), max(nd, 1)):
                    for sorted_ in (True, False):
                        ret_inv = rng.random() < 0.7
                        what = "UniqueDim %s %s dim %d sorted %s inv %s: %s" % (
                            name, shape, dim, sorted_, ret_inv, x.tolist())
                        xr = x.reshape(1) if nd == 0 else x
                        d = dim % max(nd, 1)
                        # the reference: slices compared as lists (torch 1.13's unique(dim=) does
                        # not order slices of a dim > 0 lexicographically: seen on (2, 6, 2), dim 2)
                        sl = [tuple(xr.select(d, j).flatten().long().tolist())
                              for j in range(xr.shape[d])]
                        distinct = sorted(set(sl))
                        if not sorted_:
                            distinct = sorted(distinct, key=sl.index)
                        k = len(distinct)
                        inv = torch.tensor([distinct.index(t) for t in sl], dtype=I64)
                        cnt = torch.tensor([sl.count(t) for t in distinct], dtype=I64)
                        vals = torch.stack([xr.select(d, sl.index(t)).long() for t in distinct], d)
                        n = xr.shape[d]
                        value = self.dev(torch.zeros((xr.numel(),), dtype=dt))
                        vh = handle(value, name)
                        inverse = self.dev(torch.full((n + 2,), -7, dtype=I64))
                        counts = self.dev(torch.full((n,), -7, dtype=I64))
                        self.assertEqual(self.run_op(
                            "UniqueDim", handle(self.dev(view_of(rng, x) if name not in udt else x),
                                                name),
                            sorted_, ret_inv, dim, vh, inverse.handle, counts.handle), 0, what)
                        vshape = tuple(vals.shape)
                        self.assertEqual(self.view_shape(vh), vshape, what)
                        self.assertEqual(self.view_shape(counts.handle), (k,), what)
                        got = value.read()[:vals.numel()].reshape(vshape)
                        self.assertTrue(torch.equal(got.long(), vals), what)
                        self.assertTrue(torch.equal(counts.read()[:k], cnt), what)
                        if ret_inv:
                            self.assertEqual(self.view_shape(inverse.handle), (n,), what)
                            self.assertTrue(torch.equal(inverse.read()[:n], inv), what)
                        else:
                            self.assertEqual(self.view_shape(inverse.handle), (n + 2,), what)
                            self.assertTrue(bool((inverse.read() == -7).all()), what)
        x = self.dev(torch.tensor([[1.0, 2.0], [1.0, 2.0], [0.0, 5.0]]))
        v, i3, c3 = (self.dev(torch.zeros((6,))), self.dev(torch.zeros((3,), dtype=I64)),
                     self.dev(torch.zeros((3,), dtype=I64)))
        # too small an output for the result: the launch fails, nothing written
        small = self.dev(torch.full((3,), 9.0))
        self.assertEqual(self.run_op("UniqueDim", x.handle, True, True, 0, small.handle, i3.handle,
                                     c3.handle), 507015)
        self.assertTrue(bool((small.read() == 9).all()))
        self.refused("UniqueDim", 161001, x.handle, True, True, 0, v.handle, i3.handle, None)
        self.refused("UniqueDim", 161002, x.handle, True, True, 2, v.handle, i3.handle, c3.handle)
        self.refused("UniqueDim", 161002, x.handle, True, True, -3, v.handle, i3.handle, c3.handle)
        self.refused("UniqueDim", 161002, x.handle, True, True, 0,
                     self.dev(torch.zeros((6,), dtype=F64)).handle, i3.handle, c3.handle)
        self.refused("UniqueDim", 161002, x.handle, True, True, 0, v.handle, i3.handle,
                     self.dev(torch.zeros((3,), dtype=I32)).handle)
        self.refused("UniqueDim", 161002, x.handle, True, True, 0, v.handle,
                     self.dev(torch.zeros((6,), dtype=I64)[::2]).handle, c3.handle)

    def test_unique_consecutive(self):
        """UniqueConsecutive against torch.unique_consecutive: every declared type, flattened
        (dim 1000) and along every dim, INT32 / INT64 inverse and counts, NaN / -0.0 runs, the
        view shapes set by the launch; codes."""
        import math
        rng = random.Random(SEED + 53)
        types, udt, handle = self.unique_types()
        case = 0
        for name, dt in types:
            for shape in ((9,), (4, 3), (2, 5, 2), ()):
                numel = torch.Size(shape).numel()
                vals = [rng.choice((0, 0, 1)) for _ in range(numel)]
                x = torch.tensor(vals, dtype=I64).to(dt)
                if dt.is_floating_point and numel >= 9:
                    x[2], x[3], x[5], x[6] = math.nan, math.nan, -0.0, 0.0
                x = x.reshape(shape)
                nd = len(shape)
                for dim in [1000] + list(range(-max(nd, 1), max(nd, 1))):
                    idt = (I32, I64)[case % 2]
                    case += 1
                    ret_inv, ret_cnt = rng.random() < 0.7, rng.random() < 0.7
                    xr = x.reshape(1) if nd == 0 else x
                    d = None if dim == 1000 else dim % max(nd, 1)
                    xr = xr.double() if dt.is_floating_point else xr.long()  # (no half kernels)
                    if d is None:
                        ref, inv, cnt = torch.unique_consecutive(xr.flatten(), return_inverse=True,
                                                                 return_counts=True)
                        inv = inv.reshape(x.shape)
                        n = numel
                    else:
                        ref, inv, cnt = torch.unique_consecutive(xr, return_inverse=True,
                                                                 return_counts=True, dim=d)
                        n = xr.shape[d]
                    k = cnt.numel()
                    ref = ref.to(dt)
                    what = "UniqueConsecutive %s %s dim %d %s inv %s cnt %s: %s" % (
                        name, shape, dim, idt, ret_inv, ret_cnt, x.flatten().tolist())
                    value = self.dev(torch.zeros((max(numel, 1),), dtype=dt))
                    vh = handle(value, name)
                    inverse = self.dev(torch.full(x.shape if d is None else (n,), -7, dtype=idt))
                    counts = self.dev(torch.full((n,), -7, dtype=idt))
                    self.assertEqual(self.run_op(
                        "UniqueConsecutive",
                        handle(self.dev(view_of(rng, x) if name not in udt else x), name),
                        ret_inv, ret_cnt, dim, vh, inverse.handle, counts.handle), 0, what)
                    self.assertEqual(self.view_shape(vh), tuple(ref.shape), what)
                    got = value.read()[:ref.numel()].reshape(ref.shape)
                    if dt.is_floating_point:  # NaN where torch's, the sign of each zero kept
                        nan = ref.isnan()
                        self.assertTrue(torch.equal(got.isnan(), nan), what)
                        self.assertTrue(torch.equal(got[~nan], ref[~nan]), what)
                        self.assertTrue(torch.equal(got[~nan].signbit(), ref[~nan].signbit()),
                                        "%s: %s" % (what, got))
                    else:
                        self.assertTrue(torch.equal(got, ref), what)
                    if ret_inv:
                        self.assertTrue(torch.equal(inverse.read().reshape(-1)[:inv.numel()],
                                                    inv.reshape(-1).to(idt)), what)
                    if ret_cnt:
                        self.assertEqual(self.view_shape(counts.handle), (k,), what)
                        self.assertTrue(torch.equal(counts.read()[:k], cnt.to(idt)), what)
        x = self.dev(torch.tensor([1.0, 1.0, 2.0]))
        v, i3 = self.dev(torch.zeros((3,))), self.dev(torch.zeros((3,), dtype=I64))
        self.refused("UniqueConsecutive", 161001, x.handle, True, True, 1000, v.handle, None,
                     i3.handle)
        self.refused("UniqueConsecutive", 161002, x.handle, True, True, 1, v.handle, i3.handle,
                     i3.handle)  # dim
        self.refused("UniqueConsecutive", 161002, x.handle, True, True, 1000, v.handle, i3.handle,
                     self.dev(torch.zeros((3,), dtype=I32)).handle)  # two index types
        self.refused("UniqueConsecutive", 161002, x.handle, True, True, 1000,
                     self.dev(torch.zeros((3,), dtype=I64)).handle, i3.handle, i3.handle)
        self.refused("UniqueConsecutive", 161002, x.handle, True, True, 1000, v.handle,
                     self.dev(torch.zeros((2,), dtype=I64)).handle, i3.handle)  # inverse shape

    @classmethod
    def tearDownClass(cls):
        print("test_index_torch: %d runs" % cls.runs, file=sys.stderr)

    def test_repeat_interleave(self):
        """RepeatInterleave, WithDim, Int, Tensor (every type, INT32 / INT64 counts, one count or
        one per element, zeros, strided views) equal torch.repeat_interleave exactly;
        RepeatInterleaveGrad equals the group sums autograd gives, in DOUBLE then rounded."""
        rng = random.Random(SEED + 20)
        types = [F32, torch.float16, torch.bfloat16, torch.int8, torch.uint8, torch.int16, I32,
                 I64, BOOL]
        for dt in types:
            for it in (I32, I64):
                for _ in range(4):
                    nd = rng.randint(1, 3)
                    shape = [rng.randint(1, 4) for _ in range(nd)]
                    x = gen(rng, shape, dt)
                    d = rng.randrange(-nd, nd)
                    for flat in (True, False):
                        n = x.numel() if flat else shape[d]
                        one = rng.random() < 0.3
                        rep = torch.randint(0, 4, (1,) if one else (n,)).to(it)
                        ref = torch.repeat_interleave(x.reshape(-1) if flat else x,
                                                      rep.long().repeat(n) if one else rep.long(),
                                                      dim=0 if flat else d)
                        o = self.dev(torch.zeros(ref.shape, dtype=dt))
                        total = ref.shape[0 if flat else d]
                        what = "RepeatInterleave %s %s %s dim %d flat %s" % (dt, it, shape, d, flat)
                        rv = self.dev(view_of(rng, rep)).handle
                        if flat:
                            self.assertEqual(self.run_op("RepeatInterleave",
                                                         self.dev(view_of(rng, x)).handle, rv,
                                                         total, o.handle), 0, what)
                        else:
                            self.assertEqual(self.run_op("RepeatInterleaveWithDim",
                                                         self.dev(view_of(rng, x)).handle, rv, d,
                                                         total, o.handle), 0, what)
                        self.same_bits(o.read(), ref, what)
                    c = rng.randint(0, 3)
                    ref = torch.repeat_interleave(x.reshape(-1), c)
                    o = self.dev(torch.zeros(ref.shape, dtype=dt))
                    self.assertEqual(self.run_op("RepeatInterleaveInt", self.dev(x).handle, c,
                                                 ref.numel(), o.handle), 0)
                    self.same_bits(o.read(), ref, "RepeatInterleaveInt %s %d" % (dt, c))
            if dt in (I32, I64):
                rep = torch.randint(0, 4, (rng.randint(0, 6),)).to(dt)
                ref = torch.repeat_interleave(rep).to(dt)
                o = self.dev(torch.zeros(ref.shape, dtype=dt))
                self.assertEqual(self.run_op("RepeatInterleaveTensor", self.dev(rep).handle,
                                             ref.numel(), o.handle), 0)
                self.same_bits(o.read(), ref, "RepeatInterleaveTensor %s" % rep)
        for dt in (F32, torch.float16, torch.bfloat16):
            for it in (I32, I64):
                for _ in range(6):
                    nd = rng.randint(1, 3)
                    shape = [rng.randint(1, 4) for _ in range(nd)]
                    d = rng.randrange(-nd, nd)
                    one = rng.random() < 0.3
                    rep = torch.randint(1 if one else 0, 4, (1,) if one else (shape[d],))
                    xs = torch.zeros(shape, dtype=F64, requires_grad=True)
                    y = torch.repeat_interleave(xs, rep.repeat(shape[d]) if one else rep, dim=d)
                    g = gen(rng, list(y.shape), dt, special=False)
                    y.backward(g.double())
                    ref = xs.grad.to(dt)
                    o = self.dev(torch.zeros(shape, dtype=dt))
                    what = "RepeatInterleaveGrad %s %s %s dim %d" % (dt, it, shape, d)
                    self.assertEqual(self.run_op("RepeatInterleaveGrad",
                                                 self.dev(view_of(rng, g)).handle,
                                                 self.dev(rep.to(it)).handle, d, o.handle), 0,
                                     what)
                    check(self, o.read(), ref, what)
        # counts that do not add up to outputSize fail the launch; bad arguments are refused
        x = self.dev(torch.ones((2, 3), dtype=F32)).handle
        o = self.dev(torch.zeros((7,), dtype=F32)).handle
        ws, ex, ret = nn.get_workspace_size("RepeatInterleave", x,
                                            self.dev(torch.tensor([1] * 6)).handle, 7, o)
        self.assertEqual(ret, 0)
        self.assertEqual(nn.launch("RepeatInterleave", 0, 0, ex, self.stream), 0)
        self.assertEqual(acl.rt.synchronize_stream(self.stream), 507015)
        self.refused("RepeatInterleave", 161001, None, self.dev(torch.tensor([1])).handle, 7, o)
        self.refused("RepeatInterleave", 161002, x, self.dev(torch.tensor([1, 2])).handle, 7, o)
        self.refused("RepeatInterleave", 161002, x, self.dev(torch.tensor([1.0])).handle, 7, o)
        self.refused("RepeatInterleaveInt", 161002, x, 2, 7, o)
        self.refused("RepeatInterleaveWithDim", 161002, x, self.dev(torch.tensor([1])).handle, 2,
                     7, o)
        self.refused("RepeatInterleaveGrad", 161002, self.dev(torch.ones((4,), dtype=I32)).handle,
                     self.dev(torch.tensor([2])).handle, 0,
                     self.dev(torch.ones((2,), dtype=I32)).handle)

    def int_array(self, values):
        a, ret = nn.create_int_array(list(values))
        self.assertEqual(ret, 0)
        self.addCleanup(nn.destroy_int_array, a)
        return a

    def test_tf_scatter_add(self):
        """TfScatterAdd in both forms against the row updates in order, each rounded to the
        type (added in DOUBLE / INT64), repeated rows included."""
        rng = random.Random(SEED + 43)
        for dt in (F32, torch.float16, torch.bfloat16, I32, torch.int8, torch.uint8):
            for it in (I32, I64):
                for _ in range(5):
                    nd = rng.randint(1, 3)
                    shape = [rng.randint(1, 4) for _ in range(nd)]
                    x = gen(rng, shape, dt, special=False)
                    wide = (lambda t: t.double()) if dt.is_floating_point else \
                        (lambda t: t.long())
                    if rng.random() < 0.5:  # tf.scatter_nd_add: rows of k coordinates
                        k = rng.randint(1, nd)
                        lead = [rng.randint(0, 3) for _ in range(rng.randint(1, 2))]
                        idx = torch.stack([torch.randint(0, n, lead) for n in shape[:k]], -1)
                        upd = gen(rng, lead + shape[k:], dt, special=False)
                        rows = idx.reshape(-1, k).tolist()
                        slices = upd.reshape([-1] + shape[k:])
                    else:  # tf.scatter_add: each index one row of the first dim
                        lead = [rng.randint(0, 3) for _ in range(rng.randint(1, 2))]
                        idx = torch.randint(0, shape[0], lead)
                        upd = gen(rng, lead + shape[1:], dt, special=False)
                        rows = [[v] for v in idx.reshape(-1).tolist()]
                        slices = upd.reshape([-1] + shape[1:])
                    ref = x.clone()
                    for j, r in enumerate(rows):
                        ref[tuple(r)] = (wide(ref[tuple(r)]) + wide(slices[j])).to(dt)
                    o = self.dev(x.clone())
                    what = "TfScatterAdd %s %s %s index %s update %s" % (
                        dt, it, shape, list(idx.shape), list(upd.shape))
                    self.assertEqual(self.run_op("TfScatterAdd", o.handle,
                                                 self.dev(view_of(rng, idx.to(it))).handle,
                                                 self.dev(view_of(rng, upd)).handle), 0, what)
                    self.same_bits(o.read(), ref, what)
        v = self.dev(torch.zeros(3, 2))
        i = self.dev(torch.tensor([0, 2], dtype=I64))
        self.refused("TfScatterAdd", 161002, v.handle, i.handle, self.dev(torch.zeros(2, 3)).handle)
        self.refused("TfScatterAdd", 161002, v.handle, i.handle,
                     self.dev(torch.zeros(2, 2, dtype=torch.float16)).handle)
        self.refused("TfScatterAdd", 161002, v.handle, self.dev(torch.zeros(2)).handle,
                     self.dev(torch.zeros(2, 2)).handle)
        self.refused("TfScatterAdd", 161002, self.dev(torch.zeros(0, 2)).handle, i.handle,
                     self.dev(torch.zeros(2, 2)).handle)
        self.refused("TfScatterAdd", 161001, v.handle, None, self.dev(torch.zeros(2, 2)).handle)
        bad = self.dev(torch.tensor([0, 3], dtype=I64))  # row 3 outside varRef's 3 rows
        ws, ex, ret = nn.get_workspace_size("TfScatterAdd", v.handle, bad.handle,
                                            self.dev(torch.ones(2, 2)).handle)
        self.assertEqual(ret, 0)
        self.assertEqual(nn.launch("TfScatterAdd", 0, 0, ex, self.stream), 0)
        self.assertNotEqual(acl.rt.synchronize_stream(self.stream), 0)
        self.assertEqual(v.read().abs().sum().item(), 0)

    def tensor_list(self, ts):
        """An aclTensorList of new aclTensors over device copies of ts (the list owns them;
        destroyed after the test)."""
        hs = []
        for t in ts:
            d = self.dev(t.contiguous())
            h, ret = nn.create_tensor(list(t.shape), ACL_DT[t.dtype], None, 0, acl.ACL_FORMAT_ND,
                                      None, d.ptr)
            self.assertEqual(ret, 0)
            hs.append(h)
        lst, ret = nn.create_tensor_list(hs)
        self.assertEqual(ret, 0)
        self.addCleanup(nn.destroy_tensor_list, lst)
        return lst

    def test_index_put_impl(self):
        """IndexPutImpl against torch's index_put_: distinct coordinates without accumulate
        (exact), broadcast index tensors with repeats and broadcast values with accumulate
        (integers in INT64 wrapping to the type, BOOL through 0 / 1); Index against x[indices]
        with the same indices (exact)."""
        rng = random.Random(SEED + 47)
        for dt in ALL:
            for it in (I32, I64):
                for acc in (False, True):
                    nd = rng.randint(1, 3)
                    shape = [rng.randint(1, 4) for _ in range(nd)]
                    k = rng.randint(1, nd)
                    x = gen(rng, shape, dt, special=False)
                    if not acc:
                        cells = list(itertools.product(*[range(n) for n in shape[:k]]))
                        rows = rng.sample(cells, rng.randint(1, len(cells)))
                        idx = [torch.tensor([r[d] - (shape[d] if rng.random() < 0.3 else 0)
                                             for r in rows]) for d in range(k)]
                        bshape = [len(rows)]
                    else:
                        bshape = [rng.randint(1, 3), rng.randint(1, 3)]
                        idx = [torch.randint(0, shape[d], [bshape[0], 1] if d == 0 else
                                             [bshape[1]] if d == 1 else bshape)
                               for d in range(k)]
                        if k == 1:
                            bshape = [bshape[0], 1]
                    rshape = bshape + shape[k:]
                    vshape = rshape[rng.randint(0, len(rshape)):] if acc else rshape
                    vals = gen(rng, vshape, dt, special=False)
                    wide = (lambda t: t.long()) if not dt.is_floating_point else (lambda t: t)
                    ref = wide(x).clone().index_put_(tuple(t.long() for t in idx), wide(vals),
                                                     accumulate=acc)
                    ref = ref != 0 if dt == BOOL else ref.to(dt)
                    o = self.dev(x.clone())
                    lst = self.tensor_list([t.to(it) for t in idx])
                    what = "IndexPutImpl %s %s %s k %d acc %s B %s values %s" % (
                        dt, it, shape, k, acc, bshape, vshape)
                    self.assertEqual(self.run_op("IndexPutImpl", o.handle, lst,
                                                 self.dev(view_of(rng, vals)).handle, acc, False),
                                     0, what)
                    if acc and dt.is_floating_point:
                        check(self, o.read(), ref, what)
                    else:
                        self.same_bits(o.read(), ref, what)
                    # Index (the read) with the same indices: x[indices]
                    got = self.dev(torch.zeros(rshape, dtype=dt))
                    self.assertEqual(self.run_op("Index", self.dev(view_of(rng, x)).handle, lst,
                                                 got.handle), 0, what)
                    self.same_bits(got.read(), x[tuple(t.long() for t in idx)].reshape(rshape),
                                   "Index " + what)
        s3 = self.dev(torch.zeros(3, 2))
        i1 = self.tensor_list([torch.tensor([0, 2])])
        self.refused("IndexPutImpl", 161002, s3.handle, i1, self.dev(torch.zeros(3, 2)).handle,
                     False, False)
        self.refused("IndexPutImpl", 161002, s3.handle, self.tensor_list([torch.tensor([True,
                     False, True])]), self.dev(torch.zeros(2, 2)).handle, False, False)
        self.refused("IndexPutImpl", 161002, s3.handle, i1,
                     self.dev(torch.zeros(2, 2, dtype=torch.float16)).handle, False, False)
        self.refused("IndexPutImpl", 161002, s3.handle,
                     self.tensor_list([torch.tensor([0])] * 3), self.dev(torch.zeros(1)).handle,
                     False, False)
        self.refused("IndexPutImpl", 161001, None, i1, self.dev(torch.zeros(2, 2)).handle, False,
                     False)
        self.refused("Index", 161002, s3.handle, i1, self.dev(torch.zeros(3, 2)).handle)
        self.refused("Index", 161002, s3.handle, i1,
                     self.dev(torch.zeros(2, 2, dtype=torch.float16)).handle)
        self.refused("Index", 161001, s3.handle, None, self.dev(torch.zeros(2, 2)).handle)
        bad = self.tensor_list([torch.tensor([0, 3])])  # row 3 outside 3 rows
        ws, ex, ret = nn.get_workspace_size("IndexPutImpl", s3.handle, bad,
                                            self.dev(torch.ones(2, 2)).handle, True, False)
        self.assertEqual(ret, 0)
        self.assertEqual(nn.launch("IndexPutImpl", 0, 0, ex, self.stream), 0)
        self.assertNotEqual(acl.rt.synchronize_stream(self.stream), 0)
        self.assertEqual(s3.read().abs().sum().item(), 0)

    def test_scatter_nd_put_flip(self):
        """ScatterNd / ScatterNdUpdate (K = 1 to rank, distinct rows) equal index assignment;
        InplacePut equals put_ (accumulate too, negative positions); Flip equals torch.flip,
        all exactly, on every declared type and strided views."""
        rng = random.Random(SEED + 21)
        f3b = [F32, torch.float16, torch.bfloat16, BOOL]
        for name, types in (("ScatterNd", f3b),
                            ("ScatterNdUpdate", f3b + [torch.int8, I64])):
            for dt in types:
                for it in (I32, I64):
                    for _ in range(5):
                        nd = rng.randint(1, 3)
                        shape = [rng.randint(1, 4) for _ in range(nd)]
                        k = rng.randint(1, nd)
                        cells = list(itertools.product(*[range(n) for n in shape[:k]]))
                        rows = rng.sample(cells, rng.randint(0, len(cells)))
                        idx = torch.tensor(rows, dtype=it).reshape(len(rows), k)
                        x = gen(rng, shape, dt)
                        upd = gen(rng, [len(rows)] + shape[k:], dt)
                        ref = x.clone()
                        for j, r in enumerate(rows):
                            ref[tuple(r)] = upd[j]
                        what = "%s %s %s %s k %d rows %d" % (name, dt, it, shape, k, len(rows))
                        if name == "ScatterNd":
                            o = self.dev(torch.zeros(shape, dtype=dt))
                            self.assertEqual(self.run_op(name, self.dev(view_of(rng, x)).handle,
                                                         self.dev(idx).handle,
                                                         self.dev(view_of(rng, upd)).handle,
                                                         o.handle), 0, what)
                        else:
                            o = self.dev(x)
                            self.assertEqual(self.run_op(name, o.handle, self.dev(idx).handle,
                                                         self.dev(upd).handle), 0, what)
                        self.same_bits(o.read(), ref, what)
        for dt in ALL:
            for it in (I32, I64):
                for acc in (False, True):
                    shape = [rng.randint(1, 4) for _ in range(rng.randint(1, 3))]
                    x = gen(rng, shape, dt, special=False)
                    n = x.numel()
                    m = rng.randint(0, n)
                    pos = torch.tensor(rng.sample(range(n), m), dtype=I64)
                    pos = torch.where(torch.rand(m) < 0.3, pos - n, pos)
                    src = gen(rng, [m], dt, special=False)
                    ref = x.clone().put_(pos, src, accumulate=acc)
                    o = self.dev(x)
                    what = "InplacePut %s %s %s acc %s" % (dt, it, shape, acc)
                    self.assertEqual(self.run_op("InplacePut", o.handle,
                                                 self.dev(pos.to(it)).handle,
                                                 self.dev(src).handle, acc), 0, what)
                    check(self, o.read(), ref, what)
            for _ in range(4):
                nd = rng.randint(0, 4)
                shape = [rng.randint(0 if rng.random() < 0.1 else 1, 4) for _ in range(nd)]
                x = gen(rng, shape, dt)
                dims = rng.sample(range(-nd, 0), rng.randint(0, nd)) if nd else []
                ref = torch.flip(x, dims)
                o = self.dev(torch.zeros(shape, dtype=dt))
                what = "Flip %s %s dims %s" % (dt, shape, dims)
                self.assertEqual(self.run_op("Flip", self.dev(view_of(rng, x)).handle,
                                             self.int_array(dims),
                                             o.handle), 0, what)
                self.same_bits(o.read(), ref, what)
        x = self.dev(torch.zeros((3, 4), dtype=F32)).handle
        i2 = self.dev(torch.tensor([[0, 5]], dtype=I64)).handle
        ws, ex, ret = nn.get_workspace_size("ScatterNdUpdate", x, i2,
                                            self.dev(torch.ones((1,), dtype=F32)).handle)
        self.assertEqual(ret, 0)
        self.assertEqual(nn.launch("ScatterNdUpdate", 0, 0, ex, self.stream), 0)
        self.assertEqual(acl.rt.synchronize_stream(self.stream), 507015)
        self.refused("ScatterNd", 161001, None, i2, x, x)
        self.refused("ScatterNdUpdate", 161002, x, i2, self.dev(torch.ones((2,), dtype=F32)).handle)
        self.refused("ScatterNdUpdate", 161002, x, self.dev(torch.zeros((1, 3), dtype=I64)).handle,
                     self.dev(torch.ones((1,), dtype=F32)).handle)
        self.refused("InplacePut", 161002, x, self.dev(torch.zeros((2,), dtype=I64)).handle,
                     self.dev(torch.ones((3,), dtype=F32)).handle, False)
        self.refused("Flip", 161002, x, self.int_array([0, -2]), self.dev(torch.zeros((3, 4), dtype=F32)).handle)
        self.refused("Flip", 161002, x, self.int_array([2]), self.dev(torch.zeros((3, 4), dtype=F32)).handle)

    def test_nonzero_v2(self):
        """NonzeroV2 (every type, -0.0 and NaN, 1 to 4 dims, out wider than the count) equals
        torch.nonzero(x).T in out's first columns, the rest untouched; too narrow an out fails
        the launch."""
        rng = random.Random(SEED + 22)
        for dt in ALL:
            for _ in range(4):
                shape = [rng.randint(1, 4) for _ in range(rng.randint(1, 4))]
                x = gen(rng, shape, dt)
                ref = torch.nonzero(x).T
                m = ref.shape[1] + rng.randint(0, 2)
                o = self.dev(torch.full((len(shape), m), -7, dtype=I64))
                what = "NonzeroV2 %s %s" % (dt, shape)
                self.assertEqual(self.run_op("NonzeroV2", self.dev(view_of(rng, x)).handle,
                                             o.handle), 0, what)
                got = o.read()
                self.assertTrue(torch.equal(got[:, :ref.shape[1]], ref), what)
                self.assertTrue(bool((got[:, ref.shape[1]:] == -7).all()), what)
        x = self.dev(torch.ones((2, 2), dtype=F32)).handle
        ws, ex, ret = nn.get_workspace_size("NonzeroV2", x,
                                            self.dev(torch.zeros((2, 3), dtype=I64)).handle)
        self.assertEqual(ret, 0)
        self.assertEqual(nn.launch("NonzeroV2", 0, 0, ex, self.stream), 0)
        self.assertEqual(acl.rt.synchronize_stream(self.stream), 507015)
        self.refused("NonzeroV2", 161002, x, self.dev(torch.zeros((3, 4), dtype=I64)).handle)
        self.refused("NonzeroV2", 161002, x, self.dev(torch.zeros((2, 4), dtype=I32)).handle)

    def test_gather_v3(self):
        """GatherV3 (every type, INT32 / INT64 indices, negative ones, batchDims 0 to dim,
        modes 0 and 1) equals the element-by-element definition (GatherV2 per batch)."""
        rng = random.Random(SEED + 23)
        for dt in ALL:
            for it in (I32, I64):
                for _ in range(4):
                    nd = rng.randint(1, 3)
                    shape = [rng.randint(1, 3) for _ in range(nd)]
                    d = rng.randrange(nd)
                    b = rng.randint(0, d)
                    ishape = shape[:b] + [rng.randint(1, 3) for _ in range(rng.randint(0, 2))]
                    ishape = ishape or [2]  # a 0-d index counts as [1] (GatherV2's rule)
                    x = gen(rng, shape, dt)
                    idx = torch.randint(-shape[d], shape[d], ishape).to(it)
                    k = len(ishape) - b
                    oshape = shape[:d] + ishape[b:] + shape[d + 1:]
                    ref = torch.zeros(oshape, dtype=dt)
                    for p in itertools.product(*[range(n) for n in oshape]):
                        ip = tuple(p[:b]) + tuple(p[d:d + k])
                        v = int(idx[ip]) % shape[d]
                        ref[p] = x[tuple(p[:d]) + (v,) + tuple(p[d + k:])]
                    o = self.dev(torch.zeros(oshape, dtype=dt))
                    what = "GatherV3 %s %s %s dim %d index %s batch %d" % (dt, it, shape, d,
                                                                           ishape, b)
                    self.assertEqual(self.run_op("GatherV3", self.dev(view_of(rng, x)).handle, d,
                                                 self.dev(idx).handle, b, rng.randint(0, 1),
                                                 o.handle), 0, what)
                    self.same_bits(o.read(), ref, what)
        x = self.dev(torch.zeros((2, 3), dtype=F32)).handle
        i2 = self.dev(torch.zeros((3,), dtype=I64)).handle
        o = self.dev(torch.zeros((2, 3), dtype=F32)).handle
        self.refused("GatherV3", 161001, None, 1, i2, 0, 0, o)
        self.refused("GatherV3", 161002, x, 1, i2, 0, 2, o)
        self.refused("GatherV3", 161002, x, 1, i2, 1, 0, o)
        self.refused("GatherV3", 161002, x, 0, i2, 1, 0, o)


    def test_gather_nd(self):
        """GatherNd (every type torch has, INT32 / INT64 indices, K from 1 to the rank, negative
        coordinates with negativeIndexSupport) equals indexing self by each coordinate row."""
        rng = random.Random(SEED + 24)
        for dt in ALL:
            for it in (I32, I64):
                for shape, ishape in (((4, 3), (2, 2)), ((4, 3), (3, 1)), ((2, 3, 4), (2, 1, 2)),
                                      ((5,), (4, 1)), ((2, 3, 2), (3,)), ((3, 2), (0, 1))):
                    k = ishape[-1]
                    x = gen(rng, shape, dt)
                    neg = rng.random() < 0.5
                    cols = [torch.randint(-shape[c] if neg else 0, shape[c], ishape[:-1] + (1,))
                            for c in range(k)]
                    idx = torch.cat(cols, -1).to(it) if cols else torch.zeros(ishape, dtype=it)
                    oshape = ishape[:-1] + shape[k:]
                    flat = idx.reshape(-1, k).long()
                    ref = torch.stack([x[tuple(row.tolist())] for row in flat]) if len(flat) \
                        else torch.zeros((0,) + shape[k:], dtype=dt)
                    ref = ref.reshape(oshape)
                    o = self.dev(torch.zeros(oshape, dtype=dt))
                    what = "GatherNd %s %s %s %s neg %s" % (dt, it, shape, ishape, neg)
                    self.assertEqual(self.run_op("GatherNd", self.dev(view_of(rng, x)).handle,
                                                 self.dev(view_of(rng, idx)).handle, neg,
                                                 o.handle), 0, what)
                    self.same_bits(o.read(), ref, what)
        x = self.dev(torch.arange(6, dtype=F32).reshape(2, 3))
        o = self.dev(torch.zeros((1,), dtype=F32))
        # a negative coordinate without negativeIndexSupport, one past the end: launch failures
        for bad, neg in (([[-1, 0]], False), ([[2, 0]], True), ([[0, -4]], True)):
            self.assertNotEqual(self.run_op("GatherNd", x.handle,
                                            self.dev(torch.tensor(bad, dtype=I64)).handle, neg,
                                            o.handle), 0, "GatherNd %s" % bad)
        i = self.dev(torch.zeros((1, 2), dtype=I64)).handle
        self.refused("GatherNd", 161001, None, i, False, o.handle)
        self.refused("GatherNd", 161002, x.handle, self.dev(torch.zeros((1, 3), dtype=I64)).handle,
                     False, o.handle)  # K 3 > rank 2
        self.refused("GatherNd", 161002, x.handle, self.dev(torch.zeros((1, 2), dtype=F32)).handle,
                     False, o.handle)
        self.refused("GatherNd", 161002, x.handle, i, False,
                     self.dev(torch.zeros((1,), dtype=I32)).handle)
        self.refused("GatherNd", 161002, x.handle, i, False,
                     self.dev(torch.zeros((2,), dtype=F32)).handle)

    def test_bucketize(self):
        """Bucketize against torch.bucketize: every type pair family, right or not, INT32 or
        INT64 out, ties on boundaries, NaN, empty and 0-d self."""
        rng = random.Random(SEED + 25)
        kinds = (torch.float32, torch.float16, torch.bfloat16, torch.int8, torch.uint8,
                 torch.int16, I32, I64)
        for dt in kinds:
            for bt in (dt, rng.choice(kinds)):
                for shape in ((7,), (3, 4), (), (0, 2)):
                    if bt.is_floating_point:
                        b = torch.tensor([-2.5, -1.0, 0.0, 0.5, 3.0], dtype=bt)
                    else:
                        b = torch.tensor([0, 2, 5, 9] if bt == torch.uint8 else [-20, -3, 0, 4, 30],
                                         dtype=bt)
                    x = gen(rng, shape, dt, special=dt.is_floating_point)
                    if x.numel() and dt.is_floating_point:
                        x.view(-1)[0] = float(b[1])  # a tie
                    for right in (False, True):
                        for out32 in (False, True):
                            ot = I32 if out32 else I64
                            o = self.dev(torch.zeros(shape, dtype=ot))
                            what = "Bucketize %s %s %s right %s" % (dt, bt, shape, right)
                            self.assertEqual(self.run_op("Bucketize",
                                                         self.dev(view_of(rng, x)).handle,
                                                         self.dev(b).handle, out32, right,
                                                         o.handle), 0, what)
                            xc, bc = (x.double(), b.double()) if (
                                dt.is_floating_point or bt.is_floating_point) else (x.long(),
                                                                                    b.long())
                            ref = torch.bucketize(xc, bc, out_int32=out32, right=right)
                            self.same_bits(o.read(), ref, what)
        x = self.dev(torch.zeros((3,)))
        b = self.dev(torch.tensor([1.0, 2.0]))
        o64 = self.dev(torch.zeros((3,), dtype=I64))
        self.refused("Bucketize", 161001, None, b.handle, False, False, o64.handle)
        self.refused("Bucketize", 161002, x.handle, b.handle, True, False, o64.handle)
        self.refused("Bucketize", 161002, x.handle, self.dev(torch.zeros((2, 2))).handle, False,
                     False, o64.handle)
        self.refused("Bucketize", 161002, x.handle, self.dev(torch.zeros((0,))).handle, False,
                     False, o64.handle)
        self.refused("Bucketize", 161002, x.handle, b.handle, False, False,
                     self.dev(torch.zeros((4,), dtype=I64)).handle)
        self.refused("Bucketize", 161002, self.dev(torch.zeros((3,), dtype=F64)).handle, b.handle,
                     False, False, o64.handle)

    def test_inplace_scatter_update(self):
        """InplaceScatterUpdate (every type torch has of the row, INT32 / INT64 indices of 0, 1
        and 2 dims, axis -1 / -2 / others) against the block assignment written in torch."""
        rng = random.Random(SEED + 26)
        for dt in (torch.float32, torch.float16, torch.bfloat16, torch.int8, torch.uint8, I32):
            for it in (I32, I64):
                for dshape, ushape, axis, idim in (((3, 2, 6, 4), (3, 2, 2, 4), -2, 1),
                                                   ((3, 2, 6, 4), (2, 2, 6, 3), -1, 2),
                                                   ((2, 5, 3), (1, 2, 3), 1, 0),
                                                   ((4, 7), (4, 1), 1, 1), ((4, 7), (3, 7), -1, 2)):
                    data = gen(rng, dshape, dt)
                    upd = gen(rng, ushape, dt)
                    ax = axis % len(dshape)
                    n, room = ushape[0], dshape[ax] - ushape[ax]
                    if idim == 2:
                        bs = rng.sample(range(dshape[0]), n)
                        idx = torch.tensor([[b, rng.randint(0, room)] for b in bs], dtype=it)
                        pos = [(b, int(s)) for b, s in idx.tolist()]
                    elif idim == 1:
                        idx = torch.tensor([rng.randint(0, room) for _ in range(n)], dtype=it)
                        pos = [(i, int(s)) for i, s in enumerate(idx.tolist())]
                    else:
                        idx = torch.tensor(rng.randint(0, room), dtype=it)
                        pos = [(0, int(idx))]
                    ref = data.clone()
                    for i, (b, s) in enumerate(pos):
                        sl = [b] + [slice(None)] * (len(dshape) - 1)
                        sl[ax] = slice(s, s + ushape[ax])
                        ref[tuple(sl)] = upd[i]
                    dd = self.dev(data)
                    what = "InplaceScatterUpdate %s %s %s axis %d" % (dt, it, dshape, axis)
                    self.assertEqual(self.run_op("InplaceScatterUpdate", dd.handle,
                                                 self.dev(idx).handle,
                                                 self.dev(view_of(rng, upd)).handle, axis), 0, what)
                    self.same_bits(dd.read(), ref, what)
        d = self.dev(torch.zeros((2, 4, 3)))
        u = self.dev(torch.zeros((2, 2, 3)))
        i = self.dev(torch.tensor([0, 2], dtype=I64))
        self.assertNotEqual(self.run_op("InplaceScatterUpdate", d.handle,
                                        self.dev(torch.tensor([0, 3], dtype=I64)).handle,
                                        u.handle, 1), 0, "a block past data's axis")
        self.refused("InplaceScatterUpdate", 161001, d.handle, None, u.handle, 1)
        self.refused("InplaceScatterUpdate", 161002, d.handle, i.handle, u.handle, 0)
        self.refused("InplaceScatterUpdate", 161002, d.handle, i.handle, u.handle, 3)
        self.refused("InplaceScatterUpdate", 161002, d.handle,
                     self.dev(torch.tensor([0, 2, 1], dtype=I64)).handle, u.handle, 1)
        self.refused("InplaceScatterUpdate", 161002, d.handle, i.handle,
                     self.dev(torch.zeros((2, 2, 4))).handle, 1)
        self.refused("InplaceScatterUpdate", 161002, d.handle, i.handle,
                     self.dev(torch.zeros((2, 2, 3), dtype=torch.float16)).handle, 1)
        self.refused("InplaceScatterUpdate", 161002, d.handle,
                     self.dev(torch.zeros((2, 3), dtype=I64)).handle, u.handle, 1)

if __name__ == "__main__":
    acltest.main()
