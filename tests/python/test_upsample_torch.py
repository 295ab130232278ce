# SPDX-License-Identifier: Apache-2.0
"""The upsampling family (ops/image/upsample.c, ops/image/table.h) against PyTorch (torch
1.13 on the CPU as the oracle).

Every row of ops/image/table.h through acl.nn (both phases, on a stream) for every type its
row declares, on seeded random shapes growing and shrinking each spatial dim, inputs given as
non-contiguous views: the values against aten's upsample_nearest*d, _upsample_nearest_exact*d,
upsample_linear1d, upsample_bilinear2d, upsample_bicubic2d, upsample_trilinear3d and
_upsample_bilinear2d_aa / _upsample_bicubic2d_aa with the same alignCorners and scales (a
scale of 0 is none; the float scales of the V2 forms rounded to float first; the linear
forms only with scales that keep the source inside the input: torch 1.13 reads past the end
otherwise, where cpuacl clamps). References are
computed in DOUBLE from the inputs as stored and rounded once (nearest: the element itself);
aclnnResize against upsample_nearest2d / upsample_bilinear2d of its floored sizes; every backward row (the forward's
transpose) against autograd of the forward in DOUBLE; NHWC tensors; empty batches; NaN propagation; bad input codes (161001, 161002) naming the
operator. Skipped (exit 77) without torch."""
import random
import struct
import unittest

from torchcase import TorchCase, torch  # noqa: E402 (first: torch before acl)

import acltest  # noqa: E402
from acltest import acl  # noqa: E402

if torch is not None:
    from test_ew_torch import Dev, check, view_of, F16, BF16, F32, F64, U8, TOL  # noqa: E402
    A = torch.ops.aten

setUpModule = acltest.setup_module
tearDownModule = acltest.teardown_module

nn = acl.nn
SEED = 1601


def f32(v):
    """v rounded to float (what a float parameter carries)."""
    return struct.unpack("f", struct.pack("f", v))[0]


def opt(v):
    return v if v > 0 else None


# name: (spatial dims, types, parameter form, reference)
#   form "n": (x, size, out); "nf": (x, size, float scales..., out); "nd": double scales;
#   "l": (x, size, align, double scales..., out)
def _ops():
    if torch is None:
        return {}
    FL3, NEAR = (F32, F16, BF16), (F32, F16, BF16, F64, U8)
    return {
        "UpsampleNearest1d": (1, NEAR, "n", lambda x, s, a, sc: A.upsample_nearest1d(x, s, None)),
        "UpsampleNearest1dV2": (1, NEAR, "nf",
                                lambda x, s, a, sc: A.upsample_nearest1d(x, s, opt(sc[0]))),
        "UpsampleNearest2d": (2, NEAR, "n",
                              lambda x, s, a, sc: A.upsample_nearest2d(x, s, None, None)),
        "UpsampleNearest2dV2": (2, NEAR, "nf", lambda x, s, a, sc: A.upsample_nearest2d(
            x, s, opt(sc[0]), opt(sc[1]))),
        "UpsampleNearest3d": (3, NEAR, "nd", lambda x, s, a, sc: A.upsample_nearest3d(
            x, s, opt(sc[0]), opt(sc[1]), opt(sc[2]))),
        "UpsampleNearestExact1d": (1, FL3 + (U8,), "nd", lambda x, s, a, sc:
                                   A._upsample_nearest_exact1d(x, s, opt(sc[0]))),
        "UpsampleNearestExact2d": (2, FL3 + (U8,), "nd", lambda x, s, a, sc:
                                   A._upsample_nearest_exact2d(x, s, opt(sc[0]), opt(sc[1]))),
        "UpsampleNearestExact3d": (3, FL3, "nd", lambda x, s, a, sc: A._upsample_nearest_exact3d(
            x, s, opt(sc[0]), opt(sc[1]), opt(sc[2]))),
        "UpsampleLinear1d": (1, FL3, "l",
                             lambda x, s, a, sc: A.upsample_linear1d(x, s, a, opt(sc[0]))),
        "UpsampleBilinear2d": (2, FL3 + (F64,), "l", lambda x, s, a, sc: A.upsample_bilinear2d(
            x, s, a, opt(sc[0]), opt(sc[1]))),
        "UpsampleBicubic2d": (2, FL3, "l", lambda x, s, a, sc: A.upsample_bicubic2d(
            x, s, a, opt(sc[0]), opt(sc[1]))),
        "UpsampleTrilinear3d": (3, FL3 + (F64,), "l", lambda x, s, a, sc: A.upsample_trilinear3d(
            x, s, a, opt(sc[0]), opt(sc[1]), opt(sc[2]))),
        "UpsampleBilinear2dAA": (2, FL3, "l", lambda x, s, a, sc: A._upsample_bilinear2d_aa(
            x, s, a, opt(sc[0]), opt(sc[1]))),
        "UpsampleBicubic2dAA": (2, FL3, "l", lambda x, s, a, sc: A._upsample_bicubic2d_aa(
            x, s, a, opt(sc[0]), opt(sc[1]))),
    }


OPS = _ops()


def _backward():
    if torch is None:
        return {}
    FL3, FL4 = (F32, F16, BF16), (F32, F16, BF16, F64)
    return {
        "UpsampleNearest1dBackward": ("UpsampleNearest1d", FL4),
        "UpsampleNearest2dBackward": ("UpsampleNearest2dV2", FL3),
        "UpsampleNearest3dBackward": ("UpsampleNearest3d", FL4),
        "UpsampleNearestExact1dBackward": ("UpsampleNearestExact1d", FL3),
        "UpsampleNearestExact2dBackward": ("UpsampleNearestExact2d", FL3),
        "UpsampleNearestExact3dBackward": ("UpsampleNearestExact3d", FL3),
        "UpsampleLinear1dBackward": ("UpsampleLinear1d", FL3),
        "UpsampleBilinear2dBackward": ("UpsampleBilinear2d", FL3),
        "UpsampleBilinear2dBackwardV2": ("UpsampleBilinear2d", FL3),
        "UpsampleBicubic2dBackward": ("UpsampleBicubic2d", FL3),
        "UpsampleTrilinear3dBackward": ("UpsampleTrilinear3d", FL4),
        "UpsampleBilinear2dAABackward": ("UpsampleBilinear2dAA", FL3),
        "UpsampleBicubic2dAAGrad": ("UpsampleBicubic2dAA", FL3),
    }


BACKWARD = _backward()


def rand(rng, shape, dtype):
    n = 1
    for d in shape:
        n *= d
    if dtype == U8:
        return torch.tensor([rng.randint(0, 255) for _ in range(n)], dtype=U8).reshape(shape)
    return torch.tensor([rng.uniform(-3, 3) for _ in range(n)], dtype=F64).reshape(shape).to(dtype)


def reference(fn, x, size, align, scales):
    """fn in DOUBLE on x as stored, rounded once to x's type (nearest: exact either way)."""
    if x.dtype == U8:
        return fn(x.double(), size, align, scales).round().to(U8)
    return fn(x.double(), size, align, scales).to(x.dtype)


def layout_dev(t, fmt):
    """A Dev of a contiguous tensor given to aclCreateTensor with a format (NHWC, NDHWC)."""
    from test_ew_torch import ACL_DT
    d = Dev(t)
    nn.destroy_tensor(d.handle)
    d.handle, ret = nn.create_tensor(list(t.shape), ACL_DT[t.dtype], list(t.stride()), 0, fmt,
                                     [max(t.numel(), 1)], d.ptr)
    assert ret == 0
    return d


LINEAR = ("UpsampleLinear1d", "UpsampleBilinear2d", "UpsampleTrilinear3d")
NEAREST = ("UpsampleNearest1d", "UpsampleNearest1dV2", "UpsampleNearest2d", "UpsampleNearest2dV2",
           "UpsampleNearest3d", "UpsampleNearestExact1d", "UpsampleNearestExact2d",
           "UpsampleNearestExact3d")


def nearest_index(name, o, n_in, n_out, scale):
    """The source index of output o along a dim (ops/image/upsample.c UP2), in float as
    PyTorch's generic CPU kernel computes it."""
    s = f32(1.0 / scale) if scale > 0 else f32(float(f32(n_in)) / f32(n_out))
    if "Exact" in name:
        i = int(torch.floor(torch.tensor((o + 0.5) * s, dtype=F32)).item())
    else:
        i = int(torch.floor(torch.tensor(o, dtype=F32) * torch.tensor(s, dtype=F32)).item())
    return min(i, n_in - 1)


def nearest_reference(name, fn, x, size, align, scales):
    """A nearest mode's out: x's elements at the source indices of nearest_index, each dim's
    list checked against torch's kernel when no scale is given (torch's 2-d and 3-d kernels
    shortcut out == in and out == 2 * in for some shapes even with a scale)."""
    nsp = len(size)
    maps = [[nearest_index(name, o, x.shape[2 + a], size[a], scales[a]) for o in range(size[a])]
            for a in range(nsp)]
    if all(sc == 0 for sc in scales) and x.dtype != U8:
        idx = torch.arange(x.numel(), dtype=F32).reshape(x.shape)
        got = fn(idx, size, align, scales).long()
        ix = torch.arange(x.numel()).reshape(x.shape)
        for a in range(nsp):
            ix = ix.index_select(2 + a, torch.tensor(maps[a]))
        assert torch.equal(got, ix), "%s: torch's indices %s, ours %s" % (name, got, ix)
    ref = x
    for a in range(nsp):
        ref = ref.index_select(2 + a, torch.tensor(maps[a], dtype=torch.long))
    return ref


@unittest.skipIf(torch is None, "torch (or numpy) is not installed")
class UpsampleTorch(TorchCase):
    def setUp(self):
        super().setUp()
        self.arrays = []

    def tearDown(self):
        for kind, a in self.arrays:
            (nn.destroy_int_array if kind == "i" else nn.destroy_float_array)(a)
        super().tearDown()

    def ia(self, values):
        a, ret = nn.create_int_array(list(values))
        self.assertEqual(ret, 0)
        self.arrays.append(("i", a))
        return a

    def fa(self, values):
        a, ret = nn.create_float_array(list(values))
        self.assertEqual(ret, 0)
        self.arrays.append(("f", a))
        return a

    def args(self, form, x, size, align, scales, out):
        if form == "n":
            return (x, self.ia(size), out)
        if form in ("nf", "nd"):
            return (x, self.ia(size)) + tuple(scales) + (out,)
        return (x, self.ia(size), align) + tuple(scales) + (out,)

    def tol(self, dtype):
        rt, at = TOL.get(dtype, (0, 0))
        return (rt * 4, at * 4)

    def one(self, rng, name, dtype, shape, size, align, scales, what):
        nsp, _, form, fn = OPS[name]
        x = rand(rng, shape, dtype)
        if name in NEAREST:
            ref = nearest_reference(name, fn, x, size, align, scales)
        else:
            ref = reference(fn, x, size, align, scales)
        out = self.dev(torch.zeros(ref.shape, dtype=dtype))
        self.run_op(name, *self.args(form, self.dev(view_of(rng, x)).handle, size, align, scales,
                                     out.handle))
        check(self, out.read(), ref, what, tol=self.tol(dtype))

    def test_every_row(self):
        """Every operator, every declared type, growing and shrinking sizes, with and without
        alignCorners and scales, strided views."""
        rng = random.Random(SEED)
        for name, (nsp, dtypes, form, fn) in OPS.items():
            for dtype in dtypes:
                for trial in range(4):
                    shape = [rng.randint(1, 2), rng.randint(1, 3)] + \
                        [rng.randint(1, 7) for _ in range(nsp)]
                    size = [rng.choice((1, 2, 3, 5, 8, 11, 2 * d, d)) for d in shape[2:]]
                    align = form == "l" and trial % 2 == 1
                    if form == "n" or trial < 2:
                        scales = [0.0] * nsp
                    else:
                        scales = [rng.choice((0.0, 0.5, 0.75, 1.5, 2.0, 3.3)) for _ in size]
                    # torch 1.13 reads past the input there (its AA kernels too: NaN or
                    # garbage from one run to the next): those scales are not compared
                    if name in LINEAR or name in ("UpsampleBilinear2dAA", "UpsampleBicubic2dAA"):
                        scales = [0.0 if sc and (n - 0.5) / sc - 0.5 > d - 1 else sc
                                  for sc, n, d in zip(scales, size, shape[2:])]
                    if form == "nf":
                        scales = [f32(s) for s in scales]
                    what = "%s %s %s -> %s align %s scales %s" % (name, dtype, shape, size, align,
                                                                  scales)
                    self.one(rng, name, dtype, shape, size, align, scales, what)

    def test_backward(self):
        """Every backward row, every declared type: against torch's autograd of the forward in
        DOUBLE (nearest: a scatter-add through nearest_index's maps, checked against autograd
        without scales), growing and shrinking sizes, strided gradients."""
        rng = random.Random(SEED + 4)
        for name, (fwd, dtypes) in BACKWARD.items():
            nsp, _, form, fn = OPS[fwd]
            for dtype in dtypes:
                for trial in range(4):
                    insize = [rng.randint(1, 2), rng.randint(1, 3)] + \
                        [rng.randint(1, 7) for _ in range(nsp)]
                    size = [rng.choice((1, 2, 3, 5, 8, 11, 2 * d, d)) for d in insize[2:]]
                    align = form == "l" and trial % 2 == 1
                    scales = [0.0] * nsp if trial < 2 else \
                        [rng.choice((0.0, 0.5, 0.75, 1.5, 2.0, 3.3)) for _ in size]
                    if fwd in LINEAR:
                        scales = [0.0 if sc and (n - 0.5) / sc - 0.5 > d - 1 else sc
                                  for sc, n, d in zip(scales, size, insize[2:])]
                    g = rand(rng, insize[:2] + size, dtype)
                    if fwd in NEAREST:
                        maps = [[nearest_index(fwd, o, insize[2 + a], size[a], scales[a])
                                 for o in range(size[a])] for a in range(nsp)]
                        ref = g.double()
                        for a in range(nsp):
                            acc = torch.zeros(ref.shape[:2 + a] + (insize[2 + a],) +
                                              ref.shape[3 + a:], dtype=F64)
                            ref = acc.index_add_(2 + a, torch.tensor(maps[a]), ref)
                        ref = ref.to(dtype)
                    if fwd not in NEAREST or all(sc == 0 for sc in scales):
                        xd = torch.zeros(insize, dtype=F64, requires_grad=True)
                        fn(xd, size, align, scales).backward(g.double())
                        auto = xd.grad.to(dtype)
                        if fwd in NEAREST:
                            check(self, ref, auto, name + " maps against autograd")
                        ref = auto
                    out = self.dev(torch.zeros(insize, dtype=dtype))
                    args = (self.dev(view_of(rng, g)).handle, self.ia(size), self.ia(insize))
                    args += ((align,) if form == "l" else ()) + tuple(scales) + (out.handle,)
                    self.run_op(name, *args)
                    check(self, out.read(), ref, "%s %s %s -> %s align %s scales %s" % (
                        name, dtype, insize, size, align, scales), tol=self.tol(dtype))
        x = self.dev(torch.zeros((1, 2, 6, 8), dtype=F32))
        o = self.dev(torch.zeros((1, 2, 3, 4), dtype=F32))
        INVALID = acl.ACLNN_ERR_PARAM_INVALID
        self.refused("UpsampleBilinear2dBackward", INVALID, x.handle, self.ia([6, 8]),
                     self.ia([1, 2, 3]), False, 0.0, 0.0, o.handle)
        self.refused("UpsampleBilinear2dBackward", INVALID, x.handle, self.ia([6, 9]),
                     self.ia([1, 2, 3, 4]), False, 0.0, 0.0, o.handle)
        self.refused("UpsampleBilinear2dBackward", INVALID, x.handle, self.ia([6, 8]),
                     self.ia([1, 2, 3, 5]), False, 0.0, 0.0, o.handle)
        self.refused("UpsampleBilinear2dBackward", acl.ACLNN_ERR_PARAM_NULLPTR, x.handle,
                     self.ia([6, 8]), 0, False, 0.0, 0.0, o.handle)

    def test_antialias_downscale(self):
        """The anti-aliased forms shrinking by large and fractional factors (wide filters)."""
        rng = random.Random(SEED + 1)
        for name in ("UpsampleBilinear2dAA", "UpsampleBicubic2dAA"):
            for shape, size in (((1, 2, 37, 29), [4, 9]), ((2, 1, 16, 16), [5, 16]),
                                ((1, 1, 9, 40), [9, 3])):
                for align in (False, True):
                    self.one(rng, name, F32, shape, size, align, [0.0, 0.0],
                             "%s %s -> %s align %s" % (name, shape, size, align))

    def test_resize(self):
        """aclnnResize: nearest and bilinear of floor(H * scale), floor(W * scale)."""
        rng = random.Random(SEED + 2)
        for dtype in (F32, F16, BF16):
            for mode in ("nearest", "bilinear"):
                for shape, sc in (((1, 2, 5, 7), (1.5, 2.0)), ((2, 1, 8, 6), (0.5, 0.75)),
                                  ((1, 3, 4, 4), (2.0, 2.0))):
                    x = rand(rng, shape, dtype)
                    size = [int(shape[2] * f32(sc[0])), int(shape[3] * f32(sc[1]))]
                    if mode == "nearest":
                        ref = A.upsample_nearest2d(x.double(), size, None, None).to(dtype)
                    else:
                        ref = A.upsample_bilinear2d(x.double(), size, False, None,
                                                    None).to(dtype)
                    out = self.dev(torch.zeros(ref.shape, dtype=dtype))
                    self.run_op("Resize", self.dev(view_of(rng, x)).handle,
                                self.fa([1.0, 1.0, sc[0], sc[1]]), mode, out.handle)
                    check(self, out.read(), ref, "Resize %s %s %s %s" % (mode, dtype, shape, sc),
                          tol=self.tol(dtype))

    def test_nhwc(self):
        """NHWC and NDHWC tensors: the same values in channels-last order."""
        rng = random.Random(SEED + 3)
        for name, fmt, nsp in (("UpsampleBilinear2d", acl.ACL_FORMAT_NHWC, 2),
                               ("UpsampleNearest2d", acl.ACL_FORMAT_NHWC, 2),
                               ("UpsampleTrilinear3d", acl.ACL_FORMAT_NDHWC, 3)):
            _, _, form, fn = OPS[name]
            shape = [2, 3] + [rng.randint(2, 6) for _ in range(nsp)]
            size = [rng.randint(1, 9) for _ in range(nsp)]
            x = rand(rng, shape, F32)
            ref = reference(fn, x, size, False, [0.0] * nsp)
            perm = [0] + list(range(2, nsp + 2)) + [1]
            xl = x.permute(perm).contiguous()
            ol = torch.zeros(ref.permute(perm).shape, dtype=F32)
            xd, od = layout_dev(xl, fmt), layout_dev(ol, fmt)
            self.devs += [xd, od]
            self.run_op(name, *self.args(form, xd.handle, size, False, [0.0] * nsp, od.handle))
            check(self, od.read(), ref.permute(perm).contiguous(), "%s channels-last" % name)

    def test_empty_and_nan(self):
        """An empty batch succeeds with nothing written; a NaN input spreads to the outputs that
        weigh it."""
        x = self.dev(torch.zeros((0, 2, 3, 3), dtype=F32))
        out = self.dev(torch.zeros((0, 2, 6, 6), dtype=F32))
        self.run_op("UpsampleBilinear2d", x.handle, self.ia([6, 6]), False, 0.0, 0.0, out.handle)
        xs = torch.ones((1, 1, 3, 3), dtype=F32)
        xs[0, 0, 1, 1] = float("nan")
        ref = A.upsample_bilinear2d(xs.double(), [6, 6], False, None, None).float()
        out = self.dev(torch.zeros((1, 1, 6, 6), dtype=F32))
        self.run_op("UpsampleBilinear2d", self.dev(xs).handle, self.ia([6, 6]), False, 0.0, 0.0,
                    out.handle)
        check(self, out.read(), ref, "NaN spreads")
        # a negative scale is none where CANN's docs do not refuse it (its linear1d example
        # passes -1)
        x1 = torch.tensor([[[1.0, 5.0]]], dtype=F32)
        ref = A.upsample_linear1d(x1.double(), [3], False, None).float()
        out = self.dev(torch.zeros((1, 1, 3), dtype=F32))
        self.run_op("UpsampleLinear1d", self.dev(x1).handle, self.ia([3]), False, -1.0,
                    out.handle)
        check(self, out.read(), ref, "UpsampleLinear1d scale -1")

    def test_refusals(self):
        """Bad input: 161001 for NULL, 161002 for types, ranks, sizes, scales, out shape."""
        x = self.dev(torch.zeros((1, 2, 3, 4), dtype=F32))
        o = self.dev(torch.zeros((1, 2, 6, 8), dtype=F32))
        oh = self.dev(torch.zeros((1, 2, 6, 8), dtype=F16))
        o3 = self.dev(torch.zeros((1, 2, 6), dtype=F32))
        xi = self.dev(torch.zeros((1, 2, 3, 4), dtype=torch.int32))
        sz = self.ia([6, 8])
        NULLPTR, INVALID = acl.ACLNN_ERR_PARAM_NULLPTR, acl.ACLNN_ERR_PARAM_INVALID
        bl = "UpsampleBilinear2d"
        self.refused(bl, NULLPTR, 0, sz, False, 0.0, 0.0, o.handle)
        self.refused(bl, NULLPTR, x.handle, 0, False, 0.0, 0.0, o.handle)
        self.refused(bl, NULLPTR, x.handle, sz, False, 0.0, 0.0, 0)
        self.refused(bl, INVALID, xi.handle, sz, False, 0.0, 0.0, o.handle)
        self.refused(bl, INVALID, x.handle, sz, False, 0.0, 0.0, oh.handle)
        self.refused(bl, INVALID, x.handle, sz, False, -1.0, 0.0, o.handle)
        self.refused(bl, INVALID, x.handle, self.ia([6]), False, 0.0, 0.0, o.handle)
        self.refused(bl, INVALID, x.handle, self.ia([6, 0]), False, 0.0, 0.0, o.handle)
        self.refused(bl, INVALID, x.handle, self.ia([6, 9]), False, 0.0, 0.0, o.handle)
        self.refused("UpsampleLinear1d", INVALID, x.handle, self.ia([6]), False, 0.0, o3.handle)
        self.refused("UpsampleNearestExact3d", INVALID, x.handle, self.ia([1, 6, 8]), 0.0, 0.0,
                     0.0, o.handle)
        self.refused("Resize", INVALID, x.handle, self.fa([1, 1, 2, 2]), "cubic", o.handle)
        self.refused("Resize", INVALID, x.handle, self.fa([2, 1, 2, 2]), "nearest", o.handle)
        self.refused("Resize", INVALID, x.handle, self.fa([1, 2, 2]), "nearest", o.handle)
        self.refused("Resize", NULLPTR, x.handle, self.fa([1, 1, 2, 2]), None, o.handle)


if __name__ == "__main__":
    acltest.main()
