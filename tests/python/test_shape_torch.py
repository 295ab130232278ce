# SPDX-License-Identifier: Apache-2.0
"""The shape, pad and creation rows of ops/shape/table.h added for issue 29 against PyTorch
(torch 1.13 on the CPU as the oracle).

Through acl.nn (both phases, on a stream), for every type each row declares: SplitTensor,
SplitWithSize, Stack, Flatten, Expand, SliceV2, StridedSlice (against numpy's indexing),
AsStrided, ViewCopy (against torch.as_strided), SliceV3, Transposev, ConcatV2, PackV2,
BroadcastV2, Split (against numpy.split), PadV2 (remap.c), ChannelShuffle,
ConfusionTranspose, Diag,
DiagFlat (view.c); the reflection, replication and circular pads and their backward forms
(remap.c; gradients against torch's autograd in DOUBLE); InplaceOne, InplaceFillTensor,
InplaceFillDiagonal, Range, Linspace, LogSpace, Eye. Inputs are seeded random tensors, given as themselves or as
non-contiguous views (test_ew_torch.view_of), including empty tensors; moves copy bits, so
the results must equal torch's exactly (NaN and -0.0 included) except the sums of the pads'
backward and the float sequences. Bad input gives 161001 / 161002 with a message naming the
operator. Skipped (exit 77) without torch."""
import random
import warnings
import unittest

from torchcase import TorchCase, torch  # noqa: E402 (first: torch before acl)

if torch is not None:
    import torch.nn.functional as TF

import acltest  # noqa: E402
from acltest import acl  # noqa: E402

if torch is not None:
    from test_ew_torch import Dev, check, gen, view_of, ACL_DT, ALL, NUM, FLOATS  # noqa: E402
    from test_ew_torch import F16, BF16, F32, F64, I8, I32, I64, BOOL, TOL  # noqa: E402

setUpModule = acltest.setup_module
tearDownModule = acltest.teardown_module

nn = acl.nn
SEED = 2907
warnings.filterwarnings("ignore", category=UserWarning)  # torch.range is deprecated


def as_bits(fn, t, *a):
    """fn (a pure move) on t's bits: torch lacks some moves for FLOAT16 / BOOL on the CPU."""
    it = {2: torch.int16, 1: torch.uint8, 4: torch.int32, 8: torch.int64}[t.element_size()]
    return fn(t.view(it), *a).view(t.dtype)


def same(case, got, ref, what):
    """Bit-equal for moves: compare the raw bytes (NaN payloads, -0.0)."""
    case.assertEqual(tuple(got.shape), tuple(ref.shape), what)
    if ref.numel() == 0:
        return
    g = got.contiguous().reshape(-1).view(torch.uint8)
    r = ref.contiguous().reshape(-1).view(torch.uint8)
    if not torch.equal(g, r):
        check(case, got, ref, what)  # names the first differing element
        case.fail("%s: the bits differ" % what)


@unittest.skipIf(torch is None, "torch (or numpy) is not installed")
class ShapeTorch(TorchCase):
    def setUp(self):
        super().setUp()
        self.rng = random.Random(SEED)

    def dev(self, t):
        d = Dev(t)
        # the view again, for a tensor list (acl.nn makes the list's own aclTensor)
        d.view_args = (list(t.shape), ACL_DT[t.dtype], list(t.stride()), t.storage_offset(),
                       acl.ACL_FORMAT_ND, [max(t.storage().size(), 1)], d.ptr)
        self.devs.append(d)
        return d

    def inp(self, shape, dtype):
        """A random input (special values in floats) and its device copy, maybe as a view."""
        t = gen(self.rng, shape, dtype)
        return t, self.dev(view_of(self.rng, t))

    def out(self, shape, dtype):
        return self.dev(torch.zeros(shape, dtype=dtype))

    def run_op(self, name, *args):
        ret = nn.run(name, *args, stream=self.stream)
        self.assertEqual(ret, 0, "aclnn%s: %d %s" % (name, ret, acl.get_recent_err_msg()))
        self.assertEqual(acl.rt.synchronize_stream(self.stream), 0)

    def refused(self, name, code, *args):
        ret = nn.run(name, *args, stream=self.stream)
        msg = acl.get_recent_err_msg()
        self.assertEqual(ret, code, "aclnn%s: %d (%s), want %d" % (name, ret, msg, code))
        self.assertIn("aclnn" + name, msg)

    def one(self, name, ref, args, dtype=None, exact=True):
        """Run name(args..., out) and compare out with ref."""
        o = self.out(ref.shape, dtype or ref.dtype)
        self.run_op(name, *(list(args) + [o.handle]))
        if exact:
            same(self, o.read(), ref, name)
        else:
            check(self, o.read(), ref.to(o.dtype), name)

    # ---- view.c ------------------------------------------------------------------------------

    def test_split(self):
        for dt in ALL:
            for shape, dim, sec in (((7, 3), 0, 3), ((2, 9, 2), 1, 4), ((4, 6), -1, 6),
                                    ((0, 5), 1, 2), ((5,), 0, 1)):
                x, xd = self.inp(shape, dt)
                refs = torch.split(x, sec, dim)
                outs = [self.out(r.shape, dt) for r in refs]
                self.run_op("SplitTensor", xd.handle, sec, dim, outs)
                for r, o in zip(refs, outs):
                    same(self, o.read(), r, "SplitTensor %s %s" % (dt, shape))
                sizes = [r.shape[dim] for r in refs][::-1]  # uneven pieces, last first
                refs = torch.split(x, sizes, dim)
                outs = [self.out(r.shape, dt) for r in refs]
                self.run_op("SplitWithSize", xd.handle, sizes, dim, outs)
                for r, o in zip(refs, outs):
                    same(self, o.read(), r, "SplitWithSize %s %s" % (dt, shape))
        x, xd = self.inp((6, 2), F32)
        self.refused("SplitTensor", 161002, xd.handle, 4, 0, [self.out((4, 2), F32)])
        self.refused("SplitWithSize", 161002, xd.handle, [2, 3], 0,
                     [self.out((2, 2), F32), self.out((3, 2), F32)])
        self.refused("SplitTensor", 161002, xd.handle, 3, 2,
                     [self.out((3, 2), F32), self.out((3, 2), F32)])

    def test_stack(self):
        for dt in ALL:
            for shape, dim in (((3, 4), 0), ((3, 4), 2), ((2, 0), 1), ((5,), -1), ((), 0)):
                xs = [self.inp(shape, dt) for _ in range(3)]
                ref = torch.stack([x for x, _ in xs], dim)
                self.one("Stack", ref, [[d for _, d in xs], dim])
        # mixed types promote and cast to out
        a, ad = self.inp((2, 3), I32)
        b, bd = self.inp((2, 3), F32)
        self.one("Stack", torch.stack([a.float(), b], 1), [[ad, bd], 1], exact=False)
        self.refused("Stack", 161002, [ad, self.inp((3, 2), I32)[1]], 0,
                     self.out((2, 2, 3), I32).handle)

    def test_flatten_expand(self):
        for dt in ALL:
            for shape, axis in (((2, 3, 4), 1), ((2, 3, 4), 0), ((2, 3, 4), 3), ((3, 0, 2), -1)):
                x, xd = self.inp(shape, dt)
                a = axis if axis >= 0 else axis + len(shape)
                ref = x.reshape(int(torch.tensor(shape[:a]).prod()), -1) if x.numel() else \
                    torch.zeros((int(torch.tensor(shape[:a], dtype=I64).prod()),
                                 int(torch.tensor(shape[a:], dtype=I64).prod())), dtype=dt)
                self.one("Flatten", ref, [xd.handle, axis])
            for shape, size in (((3, 1), [2, 3, 4]), ((1,), [5]), ((2, 1, 3), [-1, 4, 3]),
                                ((4,), [0, 4])):
                x, xd = self.inp(shape, dt)
                self.one("Expand", x.expand(size), [xd.handle, size])
        self.refused("Expand", 161002, self.inp((3, 2), F32)[1].handle, [4, 4],
                     self.out((4, 4), F32).handle)

    def test_slice_v2(self):
        for dt in ALL:
            x, xd = self.inp((6, 7, 5), dt)
            for starts, ends, axes, steps in (([1, 0], [5, 7], [0, 2], [2, 3]),
                                              ([-3], [100], [1], [1]),
                                              ([4], [2], [0], [1]),
                                              ([0, 1, 2], [6, 7, 5], [2, 1, 0], [2, 2, 2])):
                sl = [slice(None)] * 3
                for s, e, a, st in zip(starts, ends, axes, steps):
                    sl[a] = slice(s, e, st)
                self.one("SliceV2", x[tuple(sl)], [xd.handle, starts, ends, axes, steps])
        self.refused("SliceV2", 161002, xd.handle, [0], [1], [0], [0], self.out((1, 7, 5),
                                                                             x.dtype).handle)

    def test_strided_slice(self):
        """StridedSlice against numpy's basic indexing of the same spec (slices with negative
        steps, Ellipsis, None, integers), on the elements' bits."""
        import numpy as np
        rng = self.rng

        def spec(shape):
            """(begin, end, strides, masks..., numpy index) for a tensor of shape."""
            nd = len(shape)
            ents, used, ell = [], 0, False
            for _ in range(rng.randint(0, nd + 2)):
                k = rng.random()
                if k < 0.15 and not ell:
                    ell = True
                    ents.append(("ell",))
                elif k < 0.3:
                    ents.append(("new",))
                elif used < nd:
                    n = shape[sum(1 for e in ents if e[0] in ("sl", "sh"))] if not ell else None
                    if k < 0.45 and n:  # an element with the dim dropped (its size known)
                        ents.append(("sh", rng.randrange(-n, n)))
                    else:
                        st = rng.choice((1, 1, 2, 3, -1, -2))
                        ents.append(("sl", rng.randint(-7, 7), rng.randint(-7, 7), st,
                                     rng.random() < 0.3, rng.random() < 0.3))
                    used += 1
            b, e, st, masks, idx = [], [], [], [0] * 5, []
            for i, ent in enumerate(ents):
                if ent[0] == "ell":
                    masks[2] |= 1 << i
                    b, e, st = b + [0], e + [0], st + [1]
                    idx.append(Ellipsis)
                elif ent[0] == "new":
                    masks[3] |= 1 << i
                    b, e, st = b + [0], e + [0], st + [1]
                    idx.append(None)
                elif ent[0] == "sh":
                    masks[4] |= 1 << i
                    b, e, st = b + [ent[1]], e + [0], st + [1]
                    idx.append(ent[1])
                else:
                    _, bb, ee, ss, bm, em = ent
                    masks[0] |= bm << i
                    masks[1] |= em << i
                    b, e, st = b + [bb], e + [ee], st + [ss]
                    idx.append(slice(None if bm else bb, None if em else ee, ss))
            return b, e, st, masks, tuple(idx)
        runs = 0
        for dt in [d for d in ALL if d != F64]:  # CANN's list has no DOUBLE
            for _ in range(12):
                shape = tuple(rng.randint(0 if rng.random() < 0.1 else 1, 5)
                              for _ in range(rng.randint(0, 4)))
                b, e, st, masks, idx = spec(shape)
                x, xd = self.inp(shape, dt)
                it = {2: np.int16, 1: np.uint8, 4: np.int32, 8: np.int64}[x.element_size()]
                try:
                    ref = np.array(x.contiguous().view(
                        {2: torch.int16, 1: torch.uint8, 4: torch.int32,
                         8: torch.int64}[x.element_size()]).numpy()[idx])
                except IndexError:  # a shrink in a dim the ellipsis placed elsewhere
                    continue
                ref = torch.from_numpy(ref.astype(it)).view(dt) if ref.size else \
                    torch.zeros(ref.shape, dtype=dt)
                if ref.dim() > 8:
                    continue
                what = "StridedSlice %s %s %s" % (dt, shape, idx)
                o = self.out(ref.shape, dt)
                self.run_op("StridedSlice", xd.handle, b, e, st, *masks, o.handle)
                same(self, o.read(), ref, what)
                runs += 1
        self.assertGreater(runs, 60)
        # CANN's example: [4, 3] of 1..12, begin (1, 1), end (3, 3): rows 1-2, columns 1-2
        x = torch.arange(1, 13, dtype=F32).reshape(4, 3)
        self.one("StridedSlice", x[1:3, 1:3], [self.dev(x).handle, [1, 1], [3, 3], [1, 1],
                                               0, 0, 0, 0, 0])
        # UINT32 (no torch type: an aclTensor over INT32 memory) moves its bits
        xi = torch.arange(20, dtype=I32).reshape(4, 5) * 1000003
        xd, od = self.dev(xi), self.out((2, 5), I32)
        hx, _ = nn.create_tensor([4, 5], acl.ACL_UINT32, None, 0, acl.ACL_FORMAT_ND, None,
                                 xd.ptr)
        ho, _ = nn.create_tensor([2, 5], acl.ACL_UINT32, None, 0, acl.ACL_FORMAT_ND, None,
                                 od.ptr)
        try:
            self.run_op("StridedSlice", hx, [3], [0], [-2], 0, 0, 0, 0, 0, ho)
            self.assertTrue(torch.equal(od.read(), xi[[3, 1]]))  # rows 3, 1
        finally:
            nn.destroy_tensor(hx)
            nn.destroy_tensor(ho)
        xd = self.dev(torch.zeros(4, 3))
        o = self.out((2, 3), F32).handle
        self.refused("StridedSlice", 161001, None, [0], [2], [1], 0, 0, 0, 0, 0, o)
        self.refused("StridedSlice", 161002, xd.handle, [0], [2], [0], 0, 0, 0, 0, 0, o)
        self.refused("StridedSlice", 161002, xd.handle, [0], [2, 3], [1], 0, 0, 0, 0, 0, o)
        self.refused("StridedSlice", 161002, xd.handle, [0, 0], [2, 2], [1, 1], 0, 0, 3, 0, 0, o)
        self.refused("StridedSlice", 161002, xd.handle, [0] * 3, [2] * 3, [1] * 3, 0, 0, 0, 0, 0,
                     o)
        self.refused("StridedSlice", 161002, xd.handle, [4], [0], [1], 0, 0, 0, 0, 1, o)
        self.refused("StridedSlice", 161002, xd.handle, [0], [3], [1], 0, 0, 0, 0, 0, o)
        self.refused("StridedSlice", 161002, self.dev(torch.zeros(4, 3, dtype=F64)).handle, [0],
                     [2], [1], 0, 0, 0, 0, 0, self.out((2, 3), F64).handle)

    def test_slice_v3_transposev(self):
        rng = self.rng
        for dt in (F32, F16, BF16, I32, torch.int16, torch.int8, torch.uint8):
            for _ in range(4):
                shape = tuple(rng.randint(0 if rng.random() < 0.1 else 1, 5)
                              for _ in range(rng.randint(0, 3)))
                x, xd = self.inp(shape, dt)
                begin = [rng.randint(0, n) for n in shape]
                size = [rng.randint(0, n - b) for n, b in zip(shape, begin)]
                ref = x[tuple(slice(b, b + n) for b, n in zip(begin, size))]
                self.one("SliceV3", ref, [xd.handle, begin, size])
        x, xd = self.inp((4, 3), torch.int8)
        i8 = torch.int8
        self.refused("SliceV3", 161002, xd.handle, [3, 0], [2, 2], self.out((2, 2), i8).handle)
        self.refused("SliceV3", 161002, xd.handle, [0], [2], self.out((2,), i8).handle)
        self.refused("SliceV3", 161002, xd.handle, [0, 0], [2, 2], self.out((2, 3), i8).handle)
        self.refused("SliceV3", 161002, self.inp((4, 3), F64)[1].handle, [0, 0], [2, 2],
                     self.out((2, 2), F64).handle)
        self.refused("SliceV3", 161001, None, [0, 0], [2, 2], self.out((2, 2), torch.int8).handle)
        for dt in [d for d in ALL if d != F64]:
            for pdt in (I32, I64):
                shape = tuple(rng.randint(1, 5) for _ in range(rng.randint(1, 4)))
                x, xd = self.inp(shape, dt)
                perm = list(range(len(shape)))
                rng.shuffle(perm)
                sperm = [p - len(shape) if rng.random() < 0.3 else p for p in perm]
                ref = x.permute(perm).contiguous()
                # out given x's shape, as CANN's example does: it holds ref's elements in order
                o = self.out(shape, dt)
                pd = self.dev(torch.tensor(sperm, dtype=pdt))
                self.run_op("Transposev", xd.handle, pd.handle, o.handle)
                same(self, o.read().reshape(ref.shape), ref, "Transposev %s %s" % (dt, perm))
        x, xd = self.inp((2, 3), F32)
        o = self.out((3, 2), F32)
        bad = self.dev(torch.tensor([0, 0], dtype=I64))  # not a permutation: the launch fails
        ws, ex, ret = nn.get_workspace_size("Transposev", xd.handle, bad.handle, o.handle)
        self.assertEqual(ret, 0)
        self.assertEqual(nn.launch("Transposev", 0, 0, ex, self.stream), 0)
        self.assertNotEqual(acl.rt.synchronize_stream(self.stream), 0)
        self.assertEqual(o.read().abs().sum().item(), 0)
        p2 = self.dev(torch.tensor([1, 0], dtype=I32)).handle
        self.refused("Transposev", 161002, xd.handle, self.dev(torch.tensor([1, 0, 2])).handle,
                     o.handle)
        self.refused("Transposev", 161002, xd.handle, self.dev(torch.tensor([1.0, 0.0])).handle,
                     o.handle)
        self.refused("Transposev", 161002, xd.handle, p2, self.out((4,), F32).handle)
        self.refused("Transposev", 161002, xd.handle, p2, self.out((3, 2), I32).handle)
        self.refused("Transposev", 161001, xd.handle, None, o.handle)

    def test_concat_pack_broadcast_v2(self):
        rng = self.rng
        for dt in (F32, F16, I32, torch.int16):
            for _ in range(4):
                shape = tuple(rng.randint(1, 4) for _ in range(rng.randint(1, 4)))
                d = rng.randrange(-len(shape), len(shape))
                other = list(shape)
                other[d] = rng.randint(0, 3)
                x, xd = self.inp(shape, dt)
                y, yd = self.inp(tuple(other), dt)
                ref = torch.cat((x, y), d)
                o = self.out((ref.numel(),), dt)  # any dense shape of that count
                self.run_op("ConcatV2", xd.handle, yd.handle, d, o.handle)
                same(self, o.read().reshape(ref.shape), ref, "ConcatV2 %s %s %d" % (dt, shape, d))
                d = rng.randint(-len(shape) - 1, len(shape))
                y, yd = self.inp(shape, dt)
                ref = torch.stack((x, y), d)
                self.one("PackV2", ref, [xd.handle, yd.handle, d])
        x, xd = self.inp((2, 3), F32)
        y, yd = self.inp((2, 4), F32)
        self.refused("ConcatV2", 161002, xd.handle, yd.handle, 0, self.out((4, 3), F32).handle)
        self.refused("ConcatV2", 161002, xd.handle, yd.handle, 1, self.out((2, 6), F32).handle)
        self.refused("ConcatV2", 161002, xd.handle, xd.handle, 2, self.out((2, 6), F32).handle)
        self.refused("PackV2", 161002, xd.handle, yd.handle, 0, self.out((14,), F32).handle)
        self.refused("PackV2", 161002, xd.handle, xd.handle, 0, self.out((2, 2, 2), F32).handle)
        self.refused("PackV2", 161002, self.inp((2, 3), F64)[1].handle,
                     self.inp((2, 3), F64)[1].handle, 0, self.out((2, 2, 3), F64).handle)
        self.refused("PackV2", 161001, xd.handle, None, 0, self.out((2, 2, 3), F32).handle)
        for dt in (F32, F16):
            for shape, axis, num in (((16, 1), 1, 8), ((1, 5), 0, 3), ((1,), 0, 4), ((3, 1), 1, 1)):
                x, xd = self.inp(shape, dt)
                want = list(shape)
                want[axis] = num
                self.one("BroadcastV2", x.expand(want), [xd.handle, 0, len(shape), 0, axis, num])
        x, xd = self.inp((2, 3), F32)
        self.refused("BroadcastV2", 161002, xd.handle, 0, 2, 0, 1, 4, self.out((2, 4), F32).handle)
        self.refused("BroadcastV2", 161002, xd.handle, 0, 1, 0, 1, 3, self.out((2, 3), F32).handle)
        self.refused("BroadcastV2", 161002, self.inp((2, 1), I32)[1].handle, 0, 2, 0, 1, 3,
                     self.out((2, 3), I32).handle)
        self.refused("BroadcastV2", 161001, None, 0, 2, 0, 1, 3, self.out((2, 3), F32).handle)

    def test_split_numpy(self):
        """Split against numpy.split (axis -1: the flattened tensor)."""
        import numpy as np
        rng = self.rng
        for dt in ALL:
            for _ in range(4):
                shape = tuple(rng.randint(1, 6) for _ in range(rng.randint(1, 3)))
                axis = rng.choice([-1] + list(range(len(shape))))
                x, xd = self.inp(shape, dt)
                n = x.numel() if axis == -1 else shape[axis]
                if rng.random() < 0.4:
                    k = rng.choice([c for c in range(1, n + 1) if n % c == 0])
                    spec, parts = [k], k
                else:
                    spec = sorted(rng.randint(0, n) for _ in range(rng.randint(2, 3)))
                    parts = spec
                bits = {2: torch.int16, 1: torch.uint8, 4: torch.int32,
                        8: torch.int64}[x.element_size()]
                xn = x.contiguous().view(bits).numpy()
                refs = np.split(xn.reshape(-1) if axis == -1 else xn, parts,
                                axis=0 if axis == -1 else axis)
                refs = [torch.from_numpy(np.array(r)).view(dt) if r.size else
                        torch.zeros(r.shape, dtype=dt) for r in refs]
                xdd = self.dev(x) if axis == -1 else xd  # axis -1 takes a dense x
                outs = [self.out(r.shape, dt) for r in refs]
                self.run_op("Split", xdd.handle, spec, axis, outs)
                for r, o in zip(refs, outs):
                    same(self, o.read(), r, "Split %s %s %s axis %d" % (dt, shape, spec, axis))
        # CANN's example: [4, 5] at (1, 2) along 1 gives [4, 1], [4, 1], [4, 3]
        x = torch.arange(20, dtype=F32).reshape(4, 5)
        outs = [self.out(s, F32) for s in ((4, 1), (4, 1), (4, 3))]
        self.run_op("Split", self.dev(x).handle, [1, 2], 1, outs)
        self.assertTrue(torch.equal(outs[2].read(), x[:, 2:]))
        xd = self.dev(x)
        self.refused("Split", 161002, xd.handle, [3], 1, [self.out((4, 2), F32)] * 3)
        self.refused("Split", 161002, xd.handle, [2, 1], 1,
                     [self.out((4, 2), F32), self.out((4, 0), F32), self.out((4, 4), F32)])
        self.refused("Split", 161002, xd.handle, [1, 2], 1, [self.out((4, 1), F32)] * 2)
        self.refused("Split", 161002, xd.handle, [1, 2], 2,
                     [self.out((4, 1), F32), self.out((4, 1), F32), self.out((4, 3), F32)])
        self.refused("Split", 161002, self.dev(x.t()).handle, [2], -1,
                     [self.out((10,), F32), self.out((10,), F32)])
        self.refused("Split", 161001, None, [2], 0, [self.out((2, 5), F32)] * 2)

    def test_pad_v2(self):
        rng = self.rng
        for dt in (F32, F16, torch.int16, I32):
            for _ in range(4):
                shape = tuple(rng.randint(0 if rng.random() < 0.1 else 1, 4)
                              for _ in range(rng.randint(1, 4)))
                x, xd = self.inp(shape, dt)
                pads = [rng.randint(0, 2) for _ in range(8)]
                value = rng.randint(-5, 5)
                tp = []  # torch's order: last dim first
                for d in reversed(range(len(shape))):
                    tp += [pads[2 * d], pads[2 * d + 1]]
                ref = TF.pad(x.float() if dt == F16 else x, tp, value=value).to(dt)
                self.one("PadV2", ref, [xd.handle, rng.randint(0, 2), value] + pads)
        # CANN's example: [2, 3, 4, 5] of 2 padded by 1 everywhere with 1
        x = torch.full((2, 3, 4, 5), 2, dtype=torch.int16)
        self.one("PadV2", TF.pad(x, [1] * 8, value=1), [self.dev(x).handle, 0, 1] + [1] * 8)
        x, xd = self.inp((2, 3), F32)
        self.refused("PadV2", 161002, xd.handle, 0, 0, -1, 0, 0, 0, 0, 0, 0, 0,
                     self.out((1, 3), F32).handle)
        self.refused("PadV2", 161002, xd.handle, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0,
                     self.out((2, 3), F32).handle)
        self.refused("PadV2", 161002, self.inp((2, 3), BF16)[1].handle, 0, 0, *([0] * 8),
                     self.out((2, 3), BF16).handle)
        self.refused("PadV2", 161002, self.inp((1, 1, 1, 1, 1), F32)[1].handle, 0, 0, *([0] * 8),
                     self.out((1, 1, 1, 1, 1), F32).handle)
        self.refused("PadV2", 161001, None, 0, 0, *([0] * 8), self.out((2, 3), F32).handle)

    def test_as_strided_view_copy(self):
        """AsStrided against torch.as_strided of x's storage from x's first element; ViewCopy
        against as_strided views of a clone of dst and of src's storage."""
        rng = self.rng
        types = [d for d in ALL if d != F64]  # CANN's lists have no DOUBLE

        def storage_from(t):
            """t's storage from t's first element, flat (a fresh tensor: torch.as_strided's
            offsets count from the start of the storage)."""
            base = torch.tensor([], dtype=t.dtype).set_(t.storage())
            return base[t.storage_offset():].clone()
        for dt in types:
            for _ in range(6):
                x = gen(rng, tuple(rng.randint(1, 5) for _ in range(rng.randint(1, 3))), dt)
                v = view_of(rng, x)
                xd = self.dev(v)
                src = storage_from(v)
                n = src.numel()
                nd = rng.randint(1, 3)
                size = [rng.randint(0 if rng.random() < 0.1 else 1, 3) for _ in range(nd)]
                stride = [rng.randint(0, 3) for _ in range(nd)]
                reach = sum((a - 1) * b for a, b in zip(size, stride)) if all(size) else 0
                if reach >= n:
                    continue
                off = rng.randint(0, n - 1 - reach)
                ref = torch.zeros(size, dtype=dt).copy_(torch.as_strided(src, size, stride, off))
                self.one("AsStrided", ref, [xd.handle, size, stride, [off]])
        x = torch.arange(10, dtype=I32)
        xd = self.dev(x)
        self.one("AsStrided", torch.tensor([1, 3, 5, 7], dtype=I32), [xd.handle, [4], [2], [1]])
        self.refused("AsStrided", 161002, xd.handle, [4], [3], [1], self.out((4,), I32).handle)
        self.refused("AsStrided", 161002, xd.handle, [4], [-1], [1], self.out((4,), I32).handle)
        self.refused("AsStrided", 161002, xd.handle, [4], [2], [1, 0], self.out((4,), I32).handle)
        self.refused("AsStrided", 161002, xd.handle, [4], [2, 1], [1], self.out((4,), I32).handle)
        self.refused("AsStrided", 161002, xd.handle, [4], [2], [1], self.out((5,), I32).handle)
        self.refused("AsStrided", 161001, None, [4], [2], [1], self.out((4,), I32).handle)

        # ViewCopy
        for dt in types:
            for mdt in (I32, I64):
                for _ in range(3):
                    dshape = (rng.randint(2, 4), rng.randint(2, 5))
                    dst = gen(rng, dshape, dt)
                    src = gen(rng, (rng.randint(2, 4), rng.randint(2, 5)), dt)
                    size = [rng.randint(1, 2), rng.randint(1, 2)]
                    # dst's view: distinct positions (row-major or transposed strides)
                    dstride = [size[1], 1] if rng.random() < 0.5 else [1, size[0]]
                    doff = rng.randint(0, dst.numel() - size[0] * size[1])
                    sstride = [rng.randint(0, 2), rng.randint(0, 2)]
                    sreach = (size[0] - 1) * sstride[0] + (size[1] - 1) * sstride[1]
                    soff = rng.randint(0, src.numel() - 1 - sreach)
                    ref = dst.clone().reshape(-1)
                    ref.as_strided(size, dstride, doff).copy_(
                        src.reshape(-1).as_strided(size, sstride, soff))
                    ref = ref.reshape(dshape)
                    dd, sd = self.dev(dst), self.dev(src)
                    meta = [self.dev(torch.tensor(v, dtype=mdt)).handle
                            for v in (size, dstride, [doff], size, sstride, [soff])]
                    inplace = rng.random() < 0.5
                    o = dd if inplace else self.out(dshape, dt)
                    self.run_op("ViewCopy", dd.handle, *meta[:3], sd.handle, *meta[3:], o.handle)
                    same(self, o.read(), ref, "ViewCopy %s %s in place %s" % (dt, mdt, inplace))
        m = [self.dev(torch.tensor(v, dtype=I32)) for v in ([2], [1], [0], [2], [1], [0])]
        dd, sd = self.dev(torch.zeros(4)), self.dev(torch.ones(4))
        args = [dd.handle] + [t.handle for t in m[:3]] + [sd.handle] + \
            [t.handle for t in m[3:]] + [dd.handle]
        self.run_op("ViewCopy", *args)
        self.assertEqual(dd.read().tolist(), [1, 1, 0, 0])
        bad = list(args)
        bad[1] = self.dev(torch.tensor([2], dtype=I64)).handle  # one INT64 among INT32
        self.refused("ViewCopy", 161002, *bad)
        bad = list(args)
        bad[3] = self.dev(torch.tensor([0, 0], dtype=I32)).handle  # an offset of 2 entries
        self.refused("ViewCopy", 161002, *bad)
        bad = list(args)
        bad[4] = self.dev(torch.ones(4, dtype=I32)).handle  # src of another type
        self.refused("ViewCopy", 161002, *bad)
        bad = list(args)
        bad[0] = None
        self.refused("ViewCopy", 161001, *bad)
        # a view outside its storage fails the launch before any write
        far = self.dev(torch.tensor([3], dtype=I32))  # dst_storage_offset 3: [3, 5) of 4
        bad = list(args)
        bad[3] = far.handle
        ws, ex, ret = nn.get_workspace_size("ViewCopy", *bad)
        self.assertEqual(ret, 0)
        self.assertEqual(nn.launch("ViewCopy", 0, 0, ex, self.stream), 0)
        self.assertNotEqual(acl.rt.synchronize_stream(self.stream), 0)
        self.assertEqual(dd.read().tolist(), [1, 1, 0, 0])

    def test_channel_shuffle_confusion(self):
        for dt in ALL:
            x, xd = self.inp((2, 6, 3, 2), dt)
            for g in (1, 2, 3, 6):
                ref = x.reshape(2, g, 6 // g, 3, 2).transpose(1, 2).reshape(2, 6, 3, 2)
                self.one("ChannelShuffle", ref, [xd.handle, g])
            ref = x.permute(0, 2, 1, 3).reshape(2, 3, 12)
            self.one("ConfusionTranspose", ref, [xd.handle, [0, 2, 1, 3], [2, 3, 12], True])
            c = gen(self.rng, (2, 6, 6), dt)
            cd = self.dev(c)  # the reshape-first form reads a viewable x
            ref = c.reshape(2, 6, 2, 3).permute(0, 2, 1, 3)
            self.one("ConfusionTranspose", ref, [cd.handle, [0, 2, 1, 3], [2, 6, 2, 3], False])
        self.refused("ChannelShuffle", 161002, xd.handle, 4, self.out((2, 6, 3, 2), dt).handle)

    def test_diag(self):
        for dt in ALL:
            for d in (0, 2, -1):
                v, vd = self.inp((4,), dt)
                self.one("Diag", as_bits(torch.diag, v, d), [vd.handle, d])
                m, md = self.inp((4, 5), dt)
                self.one("Diag", as_bits(torch.diag, m, d), [md.handle, d])
                f, fd = self.inp((2, 3), dt)
                self.one("DiagFlat", as_bits(torch.diagflat, f, d), [fd.handle, d])
            m, md = self.inp((3, 2), dt)  # a diagonal past the matrix: empty
            self.one("Diag", as_bits(torch.diag, m, 2), [md.handle, 2])
        self.refused("Diag", 161002, self.inp((2, 2, 2), F32)[1].handle, 0,
                     self.out((2,), F32).handle)

    # ---- remap.c: pads -----------------------------------------------------------------------

    PADS = [("ReflectionPad1d", "reflect", 1), ("ReflectionPad2d", "reflect", 2),
            ("ReflectionPad3d", "reflect", 3), ("ReplicationPad1d", "replicate", 1),
            ("ReplicationPad2d", "replicate", 2), ("ReplicationPad3d", "replicate", 3),
            ("CircularPad2d", "circular", 2), ("CircularPad3d", "circular", 3)]

    def test_pads(self):
        for name, mode, k in self.PADS:
            for batch in (1, 2):
                shape = (2, 3)[:batch] + (4, 3, 5)[:k]
                pad = [self.rng.randint(0, 2) for _ in range(2 * k)]
                # torch 1.13 implements these modes for floats only: integers through DOUBLE
                for dt in ALL:
                    x, xd = self.inp(shape, dt)
                    xs = x if x.dtype in (F32, F64) else x.double()
                    xs = xs if batch == 2 or mode != "circular" else xs.unsqueeze(0)
                    ref = TF.pad(xs, pad, mode=mode)
                    if batch != 2 and mode == "circular":
                        ref = ref.squeeze(0)
                    # moved bits, unless torch's reference went through DOUBLE (NaN payloads)
                    self.one(name, ref.to(dt), [xd.handle, pad], exact=dt in (F32, F64))
                # backward in every float type, against autograd in DOUBLE
                for dt in FLOATS:
                    x = gen(self.rng, shape, F64, special=False).requires_grad_()
                    xs = x if batch == 2 or mode != "circular" else x.unsqueeze(0)
                    y = TF.pad(xs, pad, mode=mode)
                    g = gen(self.rng, y.shape, F64, special=False).to(dt)
                    y.backward(g.double())
                    gd = self.dev(view_of(self.rng, g.reshape(y.shape if batch == 2 or
                                                              mode != "circular" else
                                                              y.shape[1:])))
                    sd = self.dev(x.detach().to(dt))
                    gi = self.out(shape, dt)
                    self.run_op(name + "Backward", gd.handle, sd.handle, pad, gi.handle)
                    check(self, gi.read(), x.grad.to(dt), name + "Backward %s" % dt,
                          tol=(TOL[dt][0] * 4, TOL[dt][1] * 4))
        xd = self.inp((2, 3, 4), F32)[1]
        self.refused("ReflectionPad1d", 161002, xd.handle, [4, 0], self.out((2, 3, 8), F32).handle)
        self.refused("ReplicationPad2d", 161002, xd.handle, [1, 1], self.out((2, 5, 6),
                                                                           F32).handle)
        self.refused("CircularPad2dBackward", 161002, self.out((2, 3, 4), I32).handle,
                     self.out((2, 3, 4), I32).handle, [0, 0, 0, 0],
                     self.out((2, 3, 4), I32).handle)

    def test_reflection_pad1d_v2(self):
        # ops-math's experimental form: x of 1 to 3 dims in the float trio, the last dim reflected
        for dt in (F32, F16, BF16):
            for shape in ((8,), (3, 5), (2, 3, 4), (1,)):
                w = shape[-1]
                pad = [self.rng.randint(0, w - 1), self.rng.randint(0, w - 1)]
                x, xd = self.inp(shape, dt)
                # torch 1.13 pads F32 itself, the halves through DOUBLE (NaN payloads change)
                xs = x if dt == F32 else x.double()
                xs = xs.reshape((1, 1) + shape) if len(shape) == 1 else xs
                ref = TF.pad(xs, pad, mode="reflect").reshape(shape[:-1] + (w + sum(pad),))
                self.one("ReflectionPad1dV2", ref.to(dt), [xd.handle, pad], exact=dt == F32)
        xd = self.inp((5,), F32)[1]
        self.refused("ReflectionPad1dV2", 161002, xd.handle, [5, 0], self.out((10,), F32).handle)
        self.refused("ReflectionPad1dV2", 161002, xd.handle, [1, 1], self.out((6,), F32).handle)
        self.refused("ReflectionPad1dV2", 161002, self.inp((5,), F64)[1].handle, [1, 1],
                     self.out((7,), F64).handle)
        self.refused("ReflectionPad1dV2", 161002, self.inp((1, 2, 3, 4), F32)[1].handle, [1, 1],
                     self.out((1, 2, 3, 6), F32).handle)
        self.refused("ReflectionPad1dV2", 161001, None, [1, 1], self.out((7,), F32).handle)

    def test_unfold_grad(self):
        # the gradient of x.unfold(dim, size, step) by torch.autograd in DOUBLE
        cases = (((7,), 0, 2, 2), ((7,), 0, 2, 1), ((3, 10), 1, 3, 4), ((4, 6, 5), 1, 2, 3),
                 ((2, 3, 5, 4), 2, 5, 1), ((2, 8, 3), 1, 3, 2), ((3, 4), 0, 3, 5),
                 ((0, 4), 1, 2, 1))
        for dt in (F32, F16, BF16):
            for sizes, dim, size, step in cases:
                x = torch.zeros(sizes, dtype=F64, requires_grad=True)
                y = x.unfold(dim, size, step)
                g = gen(self.rng, y.shape, dt, special=False)
                y.backward(g.double())
                gd = self.dev(view_of(self.rng, g))
                gi = self.out(sizes, dt)
                self.run_op("UnfoldGrad", gd.handle, list(sizes), dim, size, step, gi.handle)
                check(self, gi.read(), x.grad.to(dt), "UnfoldGrad %s %s" % (dt, (sizes, dim, size,
                                                                                  step)))
        gd = self.out((6, 2), F32)
        gi = self.out((7,), F32)
        self.refused("UnfoldGrad", 161001, None, [7], 0, 2, 1, gi.handle)
        self.refused("UnfoldGrad", 561002, gd.handle, [7], 0, 2, 2, gi.handle)  # 3 windows
        self.refused("UnfoldGrad", 561002, gd.handle, [7], 0, 0, 1, gi.handle)
        self.refused("UnfoldGrad", 561002, gd.handle, [7], 0, 2, 0, gi.handle)
        self.refused("UnfoldGrad", 561002, gd.handle, [7], -1, 2, 1, gi.handle)
        self.refused("UnfoldGrad", 161002, gd.handle, [7], 0, 2, 1, self.out((8,), F32).handle)
        self.refused("UnfoldGrad", 161002, gd.handle, [7], 0, 2, 1, self.out((7,), F16).handle)
        self.refused("UnfoldGrad", 161002, self.out((6, 2), F64).handle, [7], 0, 2, 1,
                     self.out((7,), F64).handle)

    def test_strided_slice_assign_v2(self):
        # varRef[slices] = inputValue, torch's indexed assignment as the reference
        cases = (((6, 5), [1, 0], [5, 4], [2, 1], None),
                 ((4, 6, 3), [-3, 1], [100, -1], [1, 2], [0, 1]),
                 ((3, 4, 5), [0], [5], [1], [2]), ((5, 4), [4], [2], [1], [0]),  # empty slice
                 ((2, 3, 4), [1, 0, 1], [2, 3, 3], [1, 2, 1], [-3, 1, 2]), ((7,), [2], [7], [1],
                                                                            None))
        for dt in (F32, F16, BF16, F64, I8, I32, I64):
            for shape, b, e, st, axes in cases:
                var = gen(self.rng, shape, dt)
                idx = [slice(None)] * len(shape)
                for i in range(len(b)):
                    d = i if axes is None else axes[i] % len(shape)
                    idx[d] = slice(b[i], e[i], st[i])
                ref = var.clone()
                val = gen(self.rng, ref[tuple(idx)].shape, dt)
                ref[tuple(idx)] = val
                vv = view_of(self.rng, var)  # varRef itself may be a view: read it back as one
                vd = self.dev(vv)
                self.run_op("StridedSliceAssignV2", vd.handle, self.dev(view_of(self.rng,
                                                                                val)).handle,
                            b, e, st, axes)
                got = Dev.read(type("whole", (), {"shape": (vd.nbytes // var.element_size(),),
                                                  "dtype": dt, "ptr": vd.ptr})())
                got = got.as_strided(vv.shape, vv.stride(), vv.storage_offset())
                same(self, got, ref, "StridedSliceAssignV2 %s %s" % (dt, (shape, b, e, st, axes)))
        v = self.out((4, 6), F32)
        self.refused("StridedSliceAssignV2", 161001, None, v.handle, [0], [1], [1], None)
        self.refused("StridedSliceAssignV2", 161002, v.handle, self.out((3, 6), F32).handle,
                     [0], [4], [2], None)  # the slice is [2, 6]
        self.refused("StridedSliceAssignV2", 161002, v.handle, self.out((4, 3), F32).handle,
                     [0], [6], [2], [1])  # the last dim's stride must be 1
        self.refused("StridedSliceAssignV2", 161002, v.handle, self.out((4, 6), F16).handle,
                     [0], [4], [1], None)
        self.refused("StridedSliceAssignV2", 161002, v.handle, self.out((4, 6), F32).handle,
                     [0], [4, 1], [1], None)
        self.refused("StridedSliceAssignV2", 161002, v.handle, self.out((4, 6), F32).handle,
                     [0, 0], [4, 6], [1, 1], [0, -2])  # dim 0 twice
        self.refused("StridedSliceAssignV2", 161002, v.handle, self.out((4, 6), F32).handle,
                     [0], [4], [0], None)

    def test_lin_space_d(self):
        # CANN's kernel's progression in float32 (torch.linspace fills from both ends)
        for dt in (F32, F16, BF16, I8, torch.int16, I32, torch.uint8):
            for start, end, num in ((0, 3, 8), (5, -2, 4), (1, 1, 3), (2, 9, 1), (0, 1, 0),
                                    (-3, 7, 257)):
                if dt == torch.uint8 and min(start, end) < 0:
                    continue
                st, en = torch.tensor([start], dtype=dt), torch.tensor([end], dtype=dt)
                sf, ef = st.float(), en.float()
                step = (ef - sf) / (num - 1) if num > 1 else torch.zeros(1)
                ref = (sf + step * torch.arange(num, dtype=F32)) if num else torch.zeros(0)
                o = self.out((num,), F32)
                self.run_op("LinSpaceD", self.dev(st).handle, self.dev(en).handle, [num], o.handle)
                check(self, o.read(), ref.reshape(num), "LinSpaceD %s %s" % (dt, (start, end, num)),
                      tol=(1e-6, 1e-6))
        one = self.dev(torch.zeros((1,)))
        self.refused("LinSpaceD", 161001, None, one.handle, [4], self.out((4,), F32).handle)
        self.refused("LinSpaceD", 161002, one.handle, one.handle, [4], self.out((5,), F32).handle)
        self.refused("LinSpaceD", 161002, one.handle, one.handle, [4], self.out((4,), F16).handle)
        self.refused("LinSpaceD", 161002, self.dev(torch.zeros((2,))).handle, one.handle, [4],
                     self.out((4,), F32).handle)
        self.refused("LinSpaceD", 161002, one.handle, one.handle, [4, 1],
                     self.out((4,), F32).handle)
        self.refused("LinSpaceD", 161002, self.dev(torch.zeros((1,), dtype=F64)).handle,
                     one.handle, [4], self.out((4,), F32).handle)

    # ---- copy.c and arange.c: fills and creation ----------------------------------------------

    def test_fills(self):
        for dt in ALL:
            x, xd = self.inp((3, 4), dt)
            self.run_op("InplaceOne", xd.handle)
            self.assertTrue(bool((self.read_view(xd, x) == 1).all()), "InplaceOne %s" % dt)
            for vdt in (F32, I64, F64):
                v = gen(self.rng, (1,), vdt, lo=0.0, hi=3.0, special=False)
                y, yd = self.inp((2, 5), dt)
                self.run_op("InplaceFillTensor", yd.handle, self.dev(v).handle)
                got = self.read_view(yd, y)
                self.assertTrue(bool((got == v.to(dt)).all()) or bool(torch.isnan(got).all()),
                                "InplaceFillTensor %s %s" % (dt, vdt))
        self.refused("InplaceFillTensor", 161002, xd.handle, self.out((2,), F32).handle)
        for dt in ALL:
            for shape, wrap in (((3, 3), False), ((7, 3), True), ((7, 3), False), ((2, 5), True),
                                ((3, 3, 3), False), ((0, 2), True)):
                x, xd = self.inp(shape, dt)
                val = 1 if dt == BOOL else 5
                ref = as_bits(lambda t: t, x).clone()
                ref = ref.double().fill_diagonal_(val, wrap).to(dt) if dt != BOOL else \
                    ref.fill_diagonal_(True, wrap)
                self.run_op("InplaceFillDiagonal", xd.handle, val, wrap)
                check(self, self.read_view(xd, x), ref, "InplaceFillDiagonal %s %s" % (dt, shape))
        self.refused("InplaceFillDiagonal", 161002, self.inp((2, 3, 3), F32)[1].handle, 1.0,
                     False)

    def read_view(self, d, t):
        """The values a (maybe non-contiguous) device view holds now."""
        full = Dev.read(_Whole(d))
        return torch.as_strided(full, tuple(d.view_args[0]), tuple(d.view_args[2]),
                                d.view_args[3])

    def test_sequences(self):
        for dt in (F32, F16, BF16, F64, I32, I64):
            cases = ((0, 10, 3), (5, -4, -2), (1, 1, 1)) if dt in (I32, I64) else \
                ((0.0, 10.0, 3.0), (2.5, -1.0, -0.5), (1.0, 1.0, 1.0))
            for s, e, st in cases:
                ref = torch.range(s, e, st, dtype=F64).to(dt) if dt not in (I32, I64) else \
                    torch.arange(s, e + (1 if st > 0 else -1), st, dtype=dt)
                self.one("Range", ref, [s, e, st], exact=dt in (I32, I64))
        for dt in NUM:
            for s, e, n in ((0.0, 10.0, 7), (3.0, 3.0, 1), (50.0, 5.0, 0), (1.0, 100.0, 50),
                            (20.0, 3.0, 6)):
                ref = torch.linspace(s, e, n, dtype=F64)
                ref = ref.to(dt) if dt in FLOATS else torch.linspace(s, e, n, dtype=dt)
                self.one("Linspace", ref, [s, e, n], exact=False)
        for dt in FLOATS:
            for s, e, n, b in ((0.0, 3.0, 4, 10.0), (-1.0, 2.0, 7, 2.0), (1.0, 1.0, 0, 3.0)):
                self.one("LogSpace", torch.logspace(s, e, n, b, dtype=F64).to(dt), [s, e, n, b],
                         exact=False)
        for dt in NUM:  # integer outs truncate (exact powers here)
            if dt in FLOATS:
                continue
            for s, e, n, b in ((0.0, 5.0, 6, 2.0), (0.0, 4.0, 5, 3.0), (0.0, 2.0, 3, 1.5)):
                self.one("LogSpace", torch.logspace(s, e, n, b, dtype=F64).to(dt), [s, e, n, b],
                         exact=False)
        for dt in ALL:
            for n, m in ((3, 3), (2, 5), (4, 1), (0, 3)):
                self.one("Eye", torch.eye(n, m, dtype=F64).to(dt), [n, m])
        self.refused("Range", 161002, 0, 10, -1, self.out((3,), F32).handle)
        self.refused("Linspace", 161002, 0.0, 1.0, 4, self.out((5,), F32).handle)
        self.refused("Eye", 161002, 2, 3, self.out((3, 2), F32).handle)


class _Whole:
    """A Dev seen as its whole storage (for reading views back)."""

    def __init__(self, d):
        self.ptr, self.dtype = d.ptr, d.dtype
        self.shape = (d.view_args[5][0],)


if __name__ == "__main__":
    unittest.main()
