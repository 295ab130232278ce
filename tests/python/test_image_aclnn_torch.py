# SPDX-License-Identifier: Apache-2.0
"""The image aclnn operators beside the upsampling family, against PyTorch: aclnnGridSampler2D
and aclnnGridSampler3D (ops/image/grid_sample.c), aclnnGridSampler2DBackward against autograd
(torch
1.13 on the CPU as the oracle): through acl.nn (both phases, on a stream) for FLOAT, FLOAT16,
BFLOAT16 and DOUBLE, every interpolationMode (2-d: bilinear, nearest, bicubic; 3-d: trilinear,
nearest), paddingMode (zeros, border, reflection) and alignCorners, points inside and outside
the input, input and grid given as non-contiguous views: the values against
torch.nn.functional.grid_sample computed in DOUBLE from the inputs as stored and rounded once;
several images and channels (a launch splits by images); an empty batch; bad input codes
(161001, 161002) naming the operator. aclnnIm2colBackward (ops/image/col2im.c) against
torch.nn.functional.fold; aclnnThreeInterpolateBackward (three_interpolate.c) against a
scatter-add. Skipped (exit 77) without torch."""
import random
import unittest

from torchcase import TorchCase, torch  # noqa: E402 (first: torch before acl)

import acltest  # noqa: E402
from acltest import acl  # noqa: E402

nn = acl.nn

if torch is not None:
    import torch.nn.functional as TF
    from test_ew_torch import check, view_of, F16, BF16, F32, F64, TOL  # noqa: E402

setUpModule = acltest.setup_module
tearDownModule = acltest.teardown_module

SEED = 1602
MODES = ("bilinear", "nearest", "bicubic")
PADS = ("zeros", "border", "reflection")


def rand(rng, shape, lo=-3.0, hi=3.0):
    n = 1
    for d in shape:
        n *= d
    return torch.tensor([rng.uniform(lo, hi) for _ in range(n)], dtype=F64).reshape(shape)


@unittest.skipIf(torch is None, "torch (or numpy) is not installed")
class GridSampleTorch(TorchCase):
    def one(self, rng, nsp, dtype, mode, pad, align):
        n, c = rng.randint(1, 3), rng.randint(1, 3)
        ins = [rng.randint(1, 6) for _ in range(nsp)]
        outs = [rng.randint(1, 5) for _ in range(nsp)]
        x = rand(rng, [n, c] + ins).to(dtype)
        g = rand(rng, [n] + outs + [nsp], -1.3, 1.3).to(dtype)
        ref = TF.grid_sample(x.double(), g.double(), mode=mode, padding_mode=pad,
                             align_corners=align).to(dtype)
        out = self.dev(torch.zeros(ref.shape, dtype=dtype))
        name = "GridSampler%dD" % nsp
        self.run_op(name, self.dev(view_of(rng, x)).handle, self.dev(view_of(rng, g)).handle,
                    MODES.index(mode), PADS.index(pad), align, out.handle)
        rt, at = TOL[dtype]
        # the coordinates are rounded to the type before sampling in both: a half-precision grid
        # point moves the sample by up to a pixel's slope times its rounding
        tol = (rt * 8, at * 8) if dtype in (F16, BF16) else (rt * 10, at * 10)
        check(self, out.read(), ref, "%s %s %s %s align %s x %s grid %s" % (
            name, dtype, mode, pad, align, tuple(x.shape), tuple(g.shape)), tol=tol)

    def test_2d(self):
        rng = random.Random(SEED)
        for dtype in (F32, F16, BF16, F64):
            for mode in MODES:
                for pad in PADS:
                    for align in (False, True):
                        self.one(rng, 2, dtype, mode, pad, align)

    def test_3d(self):
        rng = random.Random(SEED + 1)
        for dtype in (F32, F16, BF16, F64):
            for mode in MODES[:2]:
                for pad in PADS:
                    for align in (False, True):
                        self.one(rng, 3, dtype, mode, pad, align)

    def test_grid_sampler2d_backward(self):
        """aclnnGridSampler2DBackward against torch's autograd of grid_sample in DOUBLE:
        bilinear and nearest, every padding and alignCorners, every declared type, points
        inside and outside, each outputMask; bicubic refused."""
        rng = random.Random(SEED + 4)
        for dtype in (F32, F16, BF16, F64):
            for mode in MODES[:2]:
                for pad in PADS:
                    for align in (False, True):
                        n, c = rng.randint(1, 2), rng.randint(1, 3)
                        ins, outs = [rng.randint(2, 6), rng.randint(2, 6)], \
                            [rng.randint(1, 4), rng.randint(1, 4)]
                        x = rand(rng, [n, c] + ins).to(dtype)
                        g = rand(rng, [n] + outs + [2], -1.3, 1.3).to(dtype)
                        go = rand(rng, [n, c] + outs).to(dtype)
                        xd = x.double().requires_grad_()
                        gd = g.double().requires_grad_()
                        TF.grid_sample(xd, gd, mode=mode, padding_mode=pad,
                                       align_corners=align).backward(go.double())
                        dx = self.dev(torch.zeros(x.shape, dtype=dtype))
                        dg = self.dev(torch.zeros(g.shape, dtype=dtype))
                        mask, _ = nn.create_bool_array([True, True])
                        try:
                            self.run_op("GridSampler2DBackward", self.dev(view_of(rng, go)).handle,
                                        self.dev(view_of(rng, x)).handle,
                                        self.dev(view_of(rng, g)).handle, MODES.index(mode),
                                        PADS.index(pad), align, mask, dx.handle, dg.handle)
                        finally:
                            nn.destroy_bool_array(mask)
                        rt, at = TOL[dtype]
                        tol = (rt * 16, at * 16)
                        what = "GridSampler2DBackward %s %s %s align %s" % (dtype, mode, pad,
                                                                           align)
                        check(self, dx.read(), xd.grad.to(dtype), what + " inputGrad", tol=tol)
                        if dtype == F64:  # a rounded grid moves a point across a pixel edge
                            check(self, dg.read(), gd.grad.to(dtype), what + " gridGrad",
                                  tol=tol)
        x = self.dev(torch.zeros((1, 1, 3, 3), dtype=F32))
        g = self.dev(torch.zeros((1, 2, 2, 2), dtype=F32))
        go = self.dev(torch.zeros((1, 1, 2, 2), dtype=F32))
        dg = self.dev(torch.full((1, 2, 2, 2), 7.0, dtype=F32))
        mask, _ = nn.create_bool_array([True, False])
        try:
            self.run_op("GridSampler2DBackward", go.handle, x.handle, g.handle, 0, 0, False,
                        mask, x.handle, dg.handle)
            self.assertTrue(bool((dg.read() == 7).all()), "gridGrad left alone by outputMask")
            self.refused("GridSampler2DBackward", acl.ACLNN_ERR_PARAM_INVALID, go.handle,
                         x.handle, g.handle, 2, 0, False, mask, x.handle, dg.handle)
            self.refused("GridSampler2DBackward", acl.ACLNN_ERR_PARAM_INVALID, go.handle,
                         x.handle, g.handle, 0, 0, False, mask, x.handle, go.handle)
            self.refused("GridSampler2DBackward", acl.ACLNN_ERR_PARAM_NULLPTR, go.handle,
                         x.handle, g.handle, 0, 0, False, 0, x.handle, dg.handle)
        finally:
            nn.destroy_bool_array(mask)

    def test_im2col_backward(self):
        """aclnnIm2colBackward (ops/image/col2im.c) against torch.nn.functional.fold in DOUBLE:
        batched and unbatched, kernels, dilations, paddings and strides, strided gradients,
        every declared type; its refusals."""
        rng = random.Random(SEED + 2)
        for dtype in (F32, F16, BF16):
            for trial in range(8):
                k = [rng.randint(1, 3), rng.randint(1, 3)]
                dl = [rng.randint(1, 2), rng.randint(1, 2)]
                pd = [rng.randint(0, 1), rng.randint(0, 2)]
                st = [rng.randint(1, 2), rng.randint(1, 3)]
                hw = [rng.randint(max(1, dl[i] * (k[i] - 1) + 1 - 2 * pd[i]), 7) for i in range(2)]
                blocks = [(hw[i] + 2 * pd[i] - dl[i] * (k[i] - 1) - 1) // st[i] + 1
                          for i in range(2)]
                c = rng.randint(1, 3)
                shape = [c * k[0] * k[1], blocks[0] * blocks[1]]
                if trial % 2:
                    shape = [rng.randint(1, 2)] + shape
                g = rand(rng, shape).to(dtype)
                ref = TF.fold(g.double() if len(shape) == 3 else g.double()[None], hw, k,
                              dilation=dl, padding=pd, stride=st)
                ref = (ref if len(shape) == 3 else ref[0]).to(dtype)
                out = self.dev(torch.zeros(ref.shape, dtype=dtype))
                arrays = [nn.create_int_array(v)[0] for v in (hw, k, dl, pd, st)]
                try:
                    self.run_op("Im2colBackward", self.dev(view_of(rng, g)).handle, *arrays,
                                out.handle)
                    check(self, out.read(), ref, "Im2colBackward %s %s k %s d %s p %s s %s" % (
                        dtype, shape, k, dl, pd, st), tol=TOL[dtype])
                    if trial == 0:
                        bad = self.dev(torch.zeros((shape[0] + 1, shape[1]), dtype=dtype))
                        self.refused("Im2colBackward", acl.ACLNN_ERR_PARAM_INVALID, bad.handle,
                                     *arrays, out.handle)
                        self.refused("Im2colBackward", acl.ACLNN_ERR_PARAM_NULLPTR, 0,
                                     *arrays, out.handle)
                finally:
                    for a in arrays:
                        nn.destroy_int_array(a)

    def test_three_interpolate_backward(self):
        """aclnnThreeInterpolateBackward (ops/image/three_interpolate.c) against a scatter-add
        in DOUBLE (torch's index_add_): FLOAT and FLOAT16, INT32 and INT64 indices, 3-d and
        4-d (trailing 1) gradients, repeated indices; an index out of range fails the launch;
        its refusals."""
        rng = random.Random(SEED + 3)
        for dtype in (F32, F16):
            for itype in (torch.int32, torch.int64):
                for four in (False, True):
                    b, c, n, m = rng.randint(1, 3), rng.randint(1, 4), rng.randint(1, 9), \
                        rng.randint(1, 6)
                    gx = rand(rng, (b, c, n)).to(dtype)
                    idx = torch.tensor([[[rng.randrange(m) for _ in range(3)] for _ in range(n)]
                                        for _ in range(b)], dtype=itype)
                    w = rand(rng, (b, n, 3), 0, 1).to(dtype)
                    ref = torch.zeros((b, c, m), dtype=F64)
                    for bb in range(b):
                        for i in range(3):
                            ref[bb].index_add_(1, idx[bb, :, i].long(),
                                               gx[bb].double() * w[bb, :, i].double())
                    ref = ref.to(dtype)
                    if four:
                        gx, ref = gx[..., None], ref[..., None]
                    out = self.dev(torch.zeros(ref.shape, dtype=dtype))
                    self.run_op("ThreeInterpolateBackward", self.dev(view_of(rng, gx)).handle,
                                self.dev(idx).handle, self.dev(view_of(rng, w)).handle, m,
                                out.handle)
                    check(self, out.read(), ref, "ThreeInterpolateBackward %s %s %s" % (
                        dtype, itype, tuple(gx.shape)), tol=TOL[dtype])
        gx = self.dev(torch.ones((1, 2, 3), dtype=F32))
        bad = self.dev(torch.tensor([[[0, 1, 5], [0, 0, 0], [1, 1, 1]]], dtype=torch.int32))
        w = self.dev(torch.ones((1, 3, 3), dtype=F32))
        out = self.dev(torch.zeros((1, 2, 4), dtype=F32))
        ws, ex, ret = nn.get_workspace_size("ThreeInterpolateBackward", gx.handle, bad.handle,
                                            w.handle, 4, out.handle)
        self.assertEqual(ret, 0)
        self.assertEqual(nn.launch("ThreeInterpolateBackward", 0, 0, ex, self.stream), 0)
        self.assertEqual(acl.rt.synchronize_stream(self.stream),
                         acl.ACL_ERROR_RT_AICORE_EXCEPTION)
        INVALID = acl.ACLNN_ERR_PARAM_INVALID
        wh = self.dev(torch.ones((1, 3, 3), dtype=F16))
        fi = self.dev(torch.zeros((1, 3, 3), dtype=F32))
        self.refused("ThreeInterpolateBackward", INVALID, gx.handle, bad.handle, w.handle, 0,
                     out.handle)
        self.refused("ThreeInterpolateBackward", INVALID, gx.handle, bad.handle, w.handle, 5,
                     out.handle)
        self.refused("ThreeInterpolateBackward", INVALID, gx.handle, bad.handle, wh.handle, 4,
                     out.handle)
        self.refused("ThreeInterpolateBackward", INVALID, gx.handle, fi.handle, w.handle, 4,
                     out.handle)
        self.refused("ThreeInterpolateBackward", acl.ACLNN_ERR_PARAM_NULLPTR, gx.handle, 0,
                     w.handle, 4, out.handle)

    def test_empty_and_refusals(self):
        x = self.dev(torch.zeros((0, 2, 3, 4), dtype=F32))
        g = self.dev(torch.zeros((0, 5, 6, 2), dtype=F32))
        o = self.dev(torch.zeros((0, 2, 5, 6), dtype=F32))
        self.run_op("GridSampler2D", x.handle, g.handle, 0, 0, False, o.handle)
        x = self.dev(torch.zeros((1, 2, 3, 4), dtype=F32))
        g = self.dev(torch.zeros((1, 5, 6, 2), dtype=F32))
        g3 = self.dev(torch.zeros((1, 5, 6, 3), dtype=F32))
        gh = self.dev(torch.zeros((1, 5, 6, 2), dtype=F16))
        o = self.dev(torch.zeros((1, 2, 5, 6), dtype=F32))
        o7 = self.dev(torch.zeros((1, 2, 5, 7), dtype=F32))
        x5 = self.dev(torch.zeros((1, 2, 3, 4, 5), dtype=F32))
        g5 = self.dev(torch.zeros((1, 2, 5, 6, 3), dtype=F32))
        o5 = self.dev(torch.zeros((1, 2, 2, 5, 6), dtype=F32))
        NULLPTR, INVALID = acl.ACLNN_ERR_PARAM_NULLPTR, acl.ACLNN_ERR_PARAM_INVALID
        self.refused("GridSampler2D", NULLPTR, 0, g.handle, 0, 0, False, o.handle)
        self.refused("GridSampler2D", NULLPTR, x.handle, 0, 0, 0, False, o.handle)
        self.refused("GridSampler2D", NULLPTR, x.handle, g.handle, 0, 0, False, 0)
        self.refused("GridSampler2D", INVALID, x.handle, g.handle, 3, 0, False, o.handle)
        self.refused("GridSampler2D", INVALID, x.handle, g.handle, 0, 3, False, o.handle)
        self.refused("GridSampler2D", INVALID, x.handle, g3.handle, 0, 0, False, o.handle)
        self.refused("GridSampler2D", INVALID, x.handle, gh.handle, 0, 0, False, o.handle)
        self.refused("GridSampler2D", INVALID, x.handle, g.handle, 0, 0, False, o7.handle)
        self.refused("GridSampler3D", INVALID, x5.handle, g5.handle, 2, 0, False, o5.handle)
        self.refused("GridSampler3D", INVALID, x.handle, g5.handle, 0, 0, False, o5.handle)
        self.run_op("GridSampler3D", x5.handle, g5.handle, 1, 2, True, o5.handle)


if __name__ == "__main__":
    acltest.main()
