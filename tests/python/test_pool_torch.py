# SPDX-License-Identifier: Apache-2.0
"""The pooling family (ops/pool) and aclnnConvolutionBackward (ops/conv) against PyTorch
(torch 1.13 on the CPU as the oracle).

Every row of ops/pool/table.h through acl.nn (both phases, on a stream) for FLOAT, FLOAT16
and BFLOAT16, on seeded random shapes and window parameters (kernel, stride, padding,
dilation, ceil mode, countIncludePad, divisorOverride; 3-d and 4-d / 4-d and 5-d inputs),
inputs given as non-contiguous views: the values and indices against
torch.nn.functional's max_pool*/avg_pool*/adaptive_*_pool* (INT32 and INT64 indices), each
gradient against torch's autograd of the forward in DOUBLE; the mask form's round trip
(MaxPool2dWithMask then its backward) against autograd; global pools against
torch.amax/mean; empty batches; NaN propagation; bad input codes (161001, 161002) naming
the operator. MaxUnpool2d / MaxUnpool3d: every value type (FLOAT, FLOAT16, DOUBLE and the
integers) with INT32 / INT64 indices, against torch.nn.functional.max_unpool*d of max_pool*d's
indices (floats) and a scatter into zeros (every type, random distinct positions); a repeated
index (the last wins), an index out of range (507015) and bad input; MaxUnpool2dBackward /
3dBackward against autograd of max_unpool*d (floats) and a gather (every type). MaxPool3D: NCDHW and
NDHWC, 1-, 3- and 5-value arrays, VALID / SAME / CALCULATED (with ceil mode) against
max_pool3d (SAME's asymmetric padding as -inf cells added first). aclnnConvolution and aclnnConvolutionBackward: 1-d, 2-d and 3-d, groups, stride, padding,
dilation, transposed, every outputMask combination, against autograd of
torch.nn.functional.conv*d / conv_transpose*d; aclnnConvTbc against torch.conv_tbc and
aclnnConvDepthwise2d against conv2d with groups = Cin. References are computed in DOUBLE from the
inputs as stored and rounded once. Skipped (exit 77) without torch."""
import math
import random
import unittest

from torchcase import TorchCase, torch  # noqa: E402 (first: torch before acl)

if torch is not None:
    import torch.nn.functional as TF

import acltest  # noqa: E402
from acltest import acl  # noqa: E402

if torch is not None:
    from test_ew_torch import Dev, check, view_of, F16, BF16, F32, F64, I32, I64, TOL  # noqa: E402

setUpModule = acltest.setup_module
tearDownModule = acltest.teardown_module

nn = acl.nn
SEED = 2930
DTYPES = (F32, F16, BF16) if torch is not None else ()


def rand(rng, shape, lo=-3.0, hi=3.0):
    n = 1
    for d in shape:
        n *= d
    return torch.tensor([rng.uniform(lo, hi) for _ in range(n)], dtype=F64).reshape(shape)


def loose(dtype):
    rt, at = TOL[dtype]
    return (rt * 8, at * 8) if dtype in (F16, BF16) else (rt * 10, at * 10)


@unittest.skipIf(torch is None, "torch (or numpy) is not installed")
class PoolTorch(TorchCase):
    def setUp(self):
        super().setUp()
        self.arrays = []

    def tearDown(self):
        for a in self.arrays:
            nn.destroy_int_array(a)
        super().tearDown()

    def ia(self, values):
        a, ret = nn.create_int_array(list(values))
        self.assertEqual(ret, 0)
        self.arrays.append(a)
        return a

    def run_op(self, name, *args):
        ws, ex, ret = nn.get_workspace_size(name, *args)
        self.assertEqual(ret, 0, "aclnn%s: %d %s" % (name, ret, acl.get_recent_err_msg()))
        self.assertEqual(nn.launch(name, 0, 0, ex, self.stream), 0)
        return acl.rt.synchronize_stream(self.stream)

    def refused(self, name, code, *args):
        _, _, ret = nn.get_workspace_size(name, *args)
        msg = acl.get_recent_err_msg()
        self.assertEqual(ret, code, "aclnn%s: %d (%s), want %d" % (name, ret, msg, code))
        self.assertIn("aclnn" + name, msg)
        return msg

    # ---- random windows --------------------------------------------------------------

    def window(self, rng, sp, dil=True):
        k = [rng.randint(1, 3) for _ in range(sp)]
        s = [rng.randint(1, 3) for _ in range(sp)]
        p = [rng.randint(0, kk // 2) for kk in k]
        d = [rng.randint(1, 2) if dil else 1 for _ in range(sp)]
        return k, s, p, d, rng.random() < 0.4

    def shape(self, rng, sp, batched):
        lead = [rng.randint(1, 2), rng.randint(1, 3)] if batched else [rng.randint(1, 3)]
        return lead + [rng.randint(5, 8) for _ in range(sp)]

    # ---- max with indices ------------------------------------------------------------

    def test_max_with_indices(self):
        rng = random.Random(SEED)
        for sp, fwd, bwd in ((2, "MaxPool2dWithIndices", "MaxPool2dWithIndicesBackward"),
                             (3, "MaxPool3dWithArgmax", "MaxPool3dWithArgmaxBackward")):
            tfn = TF.max_pool2d if sp == 2 else TF.max_pool3d
            for dtype in DTYPES:
                for idt in (I32, I64):
                    for _ in range(4):
                        self.one_max(rng, sp, fwd, bwd, tfn, dtype, idt)

    def one_max(self, rng, sp, fwd, bwd, tfn, dtype, idt):
        shape = self.shape(rng, sp, rng.random() < 0.6)
        k, s, p, d, ceil = self.window(rng, sp)
        what = "%s %s %s k%s s%s p%s d%s ceil %s" % (fwd, dtype, shape, k, s, p, d, ceil)
        x = rand(rng, shape).to(dtype)
        xd = x.double().requires_grad_()
        ref, rind = tfn(xd, k, s, p, d, ceil_mode=ceil, return_indices=True)
        out = self.dev(torch.zeros(ref.shape, dtype=dtype))
        ind = self.dev(torch.zeros(ref.shape, dtype=idt))
        xh = self.dev(view_of(rng, x)).handle
        arrs = [self.ia(k), self.ia(s), self.ia(p), self.ia(d)]
        self.assertEqual(self.run_op(fwd, xh, *arrs, ceil, out.handle, ind.handle), 0, what)
        check(self, out.read(), ref.detach().to(dtype), what)
        check(self, ind.read(), rind.to(idt), what + " indices")
        g = rand(rng, ref.shape).to(dtype)
        ref.backward(g.double())
        gin = self.dev(torch.zeros(shape, dtype=dtype))
        self.assertEqual(self.run_op(bwd, self.dev(view_of(rng, g)).handle, xh, ind.handle,
                                     *arrs, ceil, gin.handle), 0, what)
        check(self, gin.read(), xd.grad.to(dtype), "grad " + what, tol=loose(dtype))

    def test_max_pool_with_argmax_v3(self):
        """MaxPoolWithArgmaxV3 (max.c MX2) against torch's max_pool2d with indices (INT64
        argmax) over every declared type, random windows, strided views; its refusals."""
        rng = random.Random(SEED + 31)
        for dtype in DTYPES:
            for _ in range(4):
                shape = self.shape(rng, 2, rng.random() < 0.6)
                k, s, p, d, ceil = self.window(rng, 2)
                what = "MaxPoolWithArgmaxV3 %s %s k%s s%s p%s d%s ceil %s" % (dtype, shape, k, s,
                                                                              p, d, ceil)
                x = rand(rng, shape).to(dtype)
                ref, rind = TF.max_pool2d(x.double(), k, s, p, d, ceil_mode=ceil,
                                          return_indices=True)
                y = self.dev(torch.zeros(ref.shape, dtype=dtype))
                am = self.dev(torch.zeros(ref.shape, dtype=I64))
                arrs = [self.ia(k), self.ia(s), self.ia(p), self.ia(d)]
                self.assertEqual(self.run_op("MaxPoolWithArgmaxV3",
                                             self.dev(view_of(rng, x)).handle, *arrs, ceil,
                                             y.handle, am.handle), 0, what)
                check(self, y.read(), ref.to(dtype), what)
                check(self, am.read(), rind, what + " argmax")
        x = self.dev(torch.zeros((1, 1, 4, 4), dtype=F32))
        y = self.dev(torch.zeros((1, 1, 2, 2), dtype=F32))
        a64 = self.dev(torch.zeros((1, 1, 2, 2), dtype=I64))
        a32 = self.dev(torch.zeros((1, 1, 2, 2), dtype=I32))
        arrs = [self.ia([3, 3]), self.ia([1, 1]), self.ia([0, 0]), self.ia([1, 1])]
        self.assertEqual(self.run_op("MaxPoolWithArgmaxV3", x.handle, *arrs, False, y.handle,
                                     a64.handle), 0)
        self.refused("MaxPoolWithArgmaxV3", 161001, 0, *arrs, False, y.handle, a64.handle)
        self.refused("MaxPoolWithArgmaxV3", 161001, x.handle, *arrs, False, y.handle, 0)
        self.assertIn("argmax", self.refused("MaxPoolWithArgmaxV3", 161002, x.handle, *arrs,
                                             False, y.handle, a32.handle))

    def test_max_pooling_grad(self):
        """MaxPoolingGrad (max.c MX3): dx = dy where x == y, else 0, element for element, with
        y from torch's max_pool2d (kernel = stride, upsampled) as its docs describe; FLOAT,
        FLOAT16, strided views, empty tensors; its refusals."""
        rng = random.Random(SEED + 32)
        for dtype in (F32, F16):
            for shape in ((2, 3, 4, 6), (5,), (3, 0)):
                x = rand(rng, shape).to(dtype)
                if len(shape) == 4:  # each 2x2 window's maximum spread back over it
                    y = TF.max_pool2d(x.double(), 2).repeat_interleave(2, 2)
                    y = y.repeat_interleave(2, 3).to(dtype)
                else:
                    y = torch.where(torch.arange(x.numel()).reshape(shape) % 2 == 0, x,
                                    x + 1).to(dtype)
                dy = rand(rng, shape).to(dtype)
                ref = torch.where(x == y, dy, torch.zeros_like(dy))
                dx = self.dev(torch.zeros(shape, dtype=dtype))
                what = "MaxPoolingGrad %s %s" % (dtype, shape)
                self.assertEqual(self.run_op("MaxPoolingGrad", self.dev(view_of(rng, dy)).handle,
                                             self.dev(view_of(rng, x)).handle,
                                             self.dev(view_of(rng, y)).handle, dx.handle), 0,
                                 what)
                check(self, dx.read(), ref, what)
                if len(shape) == 4:  # the autograd of a non-overlapping max pooling
                    xd = x.double().requires_grad_()
                    g = rand(rng, (2, 3, 2, 3)).to(dtype)
                    TF.max_pool2d(xd, 2).backward(g.double())
                    dy = g.double().repeat_interleave(2, 2).repeat_interleave(2, 3).to(dtype)
                    self.assertEqual(self.run_op("MaxPoolingGrad", self.dev(dy).handle,
                                                 self.dev(x).handle, self.dev(y).handle,
                                                 dx.handle), 0, what)
                    check(self, dx.read(), xd.grad.to(dtype), what + " autograd")
        a = self.dev(torch.zeros((2, 3), dtype=F32))
        h = self.dev(torch.zeros((2, 3), dtype=F16))
        b = self.dev(torch.zeros((2, 3), dtype=BF16))
        a4 = self.dev(torch.zeros((3, 2), dtype=F32))
        self.refused("MaxPoolingGrad", 161001, a.handle, 0, a.handle, a.handle)
        self.refused("MaxPoolingGrad", 161001, a.handle, a.handle, a.handle, 0)
        self.assertIn("dy", self.refused("MaxPoolingGrad", 161002, b.handle, b.handle, b.handle,
                                         b.handle))
        self.assertIn("y", self.refused("MaxPoolingGrad", 161002, a.handle, a.handle, h.handle,
                                        a.handle))
        self.assertIn("dx", self.refused("MaxPoolingGrad", 161002, a.handle, a.handle, a.handle,
                                         a4.handle))

    def test_average_pooling_grad(self):
        """AveragePoolingGrad (avg.c AV1) against autograd of torch's avg_pool2d in DOUBLE:
        symmetric pads with every ceilMode / countIncludePad / divisorOverride (counting the
        padding: divisor_override = the kernel's cells, CANN's example), asymmetric pads
        (count included) against avg_pool2d of the explicitly padded input; FLOAT, FLOAT16,
        strided gradOutput; the refusals."""
        rng = random.Random(SEED + 33)
        for dtype in (F32, F16):
            for shape, k, s, p in (((2, 3, 7, 6), (3, 2), (2, 1), (1, 1)),
                                   ((1, 2, 5, 5), (2, 2), (2, 2), (0, 0)),
                                   ((1, 1, 6, 7), (3, 3), (2, 3), (1, 0))):
                for ceil in (False, True):
                    for inc in (False, True):
                        for div in (0, 3):
                            xd = rand(rng, shape).requires_grad_()
                            # AV1: counting the padding divides by the whole kernel (CANN's
                            # example), torch's divisor_override
                            tdiv = div or (k[0] * k[1] if inc else None)
                            y = TF.avg_pool2d(xd, k, s, p, ceil, inc, tdiv)
                            g = rand(rng, y.shape).to(dtype)
                            y.backward(g.double())
                            self._avg_grad(rng, dtype, shape, g, k, s, (p[0], p[0], p[1], p[1]),
                                           ceil, inc, div, xd.grad)
            shape, k, s, pads = (2, 2, 6, 7), (3, 3), (2, 2), (1, 0, 0, 1)  # top, bottom, l, r
            xd = rand(rng, shape).requires_grad_()
            y = TF.avg_pool2d(TF.pad(xd, (pads[2], pads[3], pads[0], pads[1])), k, s)
            g = rand(rng, y.shape).to(dtype)
            y.backward(g.double())
            self._avg_grad(rng, dtype, shape, g, k, s, pads, False, True, 0, xd.grad)
        o = self.dev(torch.zeros((1, 1, 4, 4), dtype=F32))
        oh = self.dev(torch.zeros((1, 1, 4, 4), dtype=F16))
        g = self.dev(torch.zeros((1, 1, 2, 2), dtype=F32))
        g3 = self.dev(torch.zeros((1, 1, 3, 2), dtype=F32))
        sh = self.ia([1, 1, 4, 4])
        sh5 = self.ia([1, 1, 4, 5])
        win = [2, 2, 2, 2, 0, 0, 0, 0, False, True, 0]
        self.assertEqual(self.run_op("AveragePoolingGrad", sh, g.handle, *win, o.handle), 0)
        self.refused("AveragePoolingGrad", 161001, 0, g.handle, *win, o.handle)
        self.refused("AveragePoolingGrad", 161001, sh, 0, *win, o.handle)
        self.assertIn("origInputShape", self.refused("AveragePoolingGrad", 161002, sh5, g.handle,
                                                     *win, o.handle))
        self.assertIn("gradOutput", self.refused("AveragePoolingGrad", 161002, sh, g3.handle,
                                                 *win, o.handle))
        self.assertIn("out", self.refused("AveragePoolingGrad", 161002, sh, g.handle, *win,
                                          oh.handle))
        self.assertIn("kernelH", self.refused("AveragePoolingGrad", 161002, sh, g.handle, 0,
                                              *win[1:], o.handle))
        self.assertIn("pad", self.refused("AveragePoolingGrad", 161002, sh, g.handle, *win[:4],
                                          -1, *win[5:], o.handle))
        self.assertIn("divisorOverride", self.refused("AveragePoolingGrad", 161002, sh, g.handle,
                                                      *win[:10], -2, o.handle))

    def _avg_grad(self, rng, dtype, shape, g, k, s, pads, ceil, inc, div, ref):
        what = "AveragePoolingGrad %s %s k%s s%s pads%s ceil %s inc %s div %d" % (
            dtype, shape, k, s, pads, ceil, inc, div)
        out = self.dev(torch.zeros(shape, dtype=dtype))
        self.assertEqual(self.run_op("AveragePoolingGrad", self.ia(shape),
                                     self.dev(view_of(rng, g)).handle, k[0], k[1], s[0], s[1],
                                     *pads, ceil, inc, div, out.handle), 0, what)
        check(self, out.read(), ref.to(dtype), what, tol=loose(dtype))

    def test_max_mask_round_trip(self):
        rng = random.Random(SEED + 1)
        for dtype in DTYPES:
            for _ in range(4):
                shape = self.shape(rng, 2, True)
                k, s, p, d, ceil = self.window(rng, 2)
                what = "MaxPool2dWithMask %s %s k%s s%s p%s d%s %s" % (dtype, shape, k, s, p, d,
                                                                      ceil)
                x = rand(rng, shape).to(dtype)
                xd = x.double().requires_grad_()
                ref = TF.max_pool2d(xd, k, s, p, d, ceil_mode=ceil)
                cells = ref.shape[-1] * ref.shape[-2]
                mshape = list(shape[:-2]) + [k[0] * k[1], ((cells + 15) // 16 + 1) * 32]
                out = self.dev(torch.zeros(ref.shape, dtype=dtype))
                mask = self.dev(torch.zeros(mshape, dtype=torch.int8))
                xh = self.dev(x).handle
                arrs = [self.ia(k), self.ia(s), self.ia(p), self.ia(d)]
                self.assertEqual(self.run_op("MaxPool2dWithMask", xh, *arrs, ceil, out.handle,
                                             mask.handle), 0, what)
                check(self, out.read(), ref.detach().to(dtype), what)
                g = rand(rng, ref.shape).to(dtype)
                ref.backward(g.double())
                gin = self.dev(torch.zeros(shape, dtype=dtype))
                self.assertEqual(self.run_op("MaxPool2dWithMaskBackward", self.dev(g).handle, xh,
                                             mask.handle, *arrs, ceil, gin.handle), 0, what)
                check(self, gin.read(), xd.grad.to(dtype), "grad " + what, tol=loose(dtype))

    # ---- average ---------------------------------------------------------------------

    def test_avg(self):
        rng = random.Random(SEED + 2)
        for sp in (2, 3):
            tfn = TF.avg_pool2d if sp == 2 else TF.avg_pool3d
            fwd, bwd = "AvgPool%dd" % sp, "AvgPool%ddBackward" % sp
            for dtype in DTYPES:
                for _ in range(5):
                    shape = self.shape(rng, sp, rng.random() < 0.6)
                    k, s, p, _, ceil = self.window(rng, sp, dil=False)
                    inc = rng.random() < 0.5
                    div = rng.choice((0, 0, 3))
                    what = "%s %s %s k%s s%s p%s ceil %s inc %s div %d" % (
                        fwd, dtype, shape, k, s, p, ceil, inc, div)
                    x = rand(rng, shape).to(dtype)
                    xd = x.double().requires_grad_()
                    ref = tfn(xd, k, s, p, ceil_mode=ceil, count_include_pad=inc,
                              divisor_override=div or None)
                    out = self.dev(torch.zeros(ref.shape, dtype=dtype))
                    xh = self.dev(view_of(rng, x)).handle
                    arrs = [self.ia(k), self.ia(s), self.ia(p)]
                    extra = [0] if sp == 2 else []  # cubeMathType
                    self.assertEqual(self.run_op(fwd, xh, *arrs, ceil, inc, div, *extra,
                                                 out.handle), 0, what)
                    check(self, out.read(), ref.detach().to(dtype), what, tol=loose(dtype))
                    g = rand(rng, ref.shape).to(dtype)
                    ref.backward(g.double())
                    gin = self.dev(torch.zeros(shape, dtype=dtype))
                    self.assertEqual(self.run_op(bwd, self.dev(view_of(rng, g)).handle, xh, *arrs,
                                                 ceil, inc, div, *extra, gin.handle), 0, what)
                    check(self, gin.read(), xd.grad.to(dtype), "grad " + what, tol=loose(dtype))

    # ---- adaptive --------------------------------------------------------------------

    def test_adaptive(self):
        rng = random.Random(SEED + 3)
        for sp in (2, 3):
            for dtype in DTYPES:
                for _ in range(4):
                    shape = self.shape(rng, sp, rng.random() < 0.6)
                    osz = [rng.randint(1, n + 1) for n in shape[-sp:]]
                    self.one_adaptive_avg(rng, sp, dtype, shape, osz)
                    for idt in (I32, I64):
                        self.one_adaptive_max(rng, sp, dtype, idt, shape, osz)

    def one_adaptive_avg(self, rng, sp, dtype, shape, osz):
        name = "AdaptiveAvgPool%dd" % sp
        what = "%s %s %s -> %s" % (name, dtype, shape, osz)
        tfn = TF.adaptive_avg_pool2d if sp == 2 else TF.adaptive_avg_pool3d
        x = rand(rng, shape).to(dtype)
        xd = x.double().requires_grad_()
        ref = tfn(xd, osz)
        out = self.dev(torch.zeros(ref.shape, dtype=dtype))
        xh = self.dev(view_of(rng, x)).handle
        self.assertEqual(self.run_op(name, xh, self.ia(osz), out.handle), 0, what)
        check(self, out.read(), ref.detach().to(dtype), what, tol=loose(dtype))
        g = rand(rng, ref.shape).to(dtype)
        ref.backward(g.double())
        gin = self.dev(torch.zeros(shape, dtype=dtype))
        self.assertEqual(self.run_op(name + "Backward", self.dev(g).handle, xh, gin.handle), 0,
                         what)
        check(self, gin.read(), xd.grad.to(dtype), "grad " + what, tol=loose(dtype))

    def one_adaptive_max(self, rng, sp, dtype, idt, shape, osz):
        name = "AdaptiveMaxPool%dd" % sp
        what = "%s %s %s %s -> %s" % (name, dtype, idt, shape, osz)
        tfn = TF.adaptive_max_pool2d if sp == 2 else TF.adaptive_max_pool3d
        x = rand(rng, shape).to(dtype)
        xd = x.double().requires_grad_()
        ref, rind = tfn(xd, osz, return_indices=True)
        out = self.dev(torch.zeros(ref.shape, dtype=dtype))
        ind = self.dev(torch.zeros(ref.shape, dtype=idt))
        xh = self.dev(view_of(rng, x)).handle
        self.assertEqual(self.run_op(name, xh, self.ia(osz), out.handle, ind.handle), 0, what)
        check(self, out.read(), ref.detach().to(dtype), what)
        check(self, ind.read(), rind.to(idt), what + " indices")
        g = rand(rng, ref.shape).to(dtype)
        ref.backward(g.double())
        gin = self.dev(torch.zeros(shape, dtype=dtype))
        self.assertEqual(self.run_op(name + "Backward", self.dev(g).handle, xh, ind.handle,
                                     gin.handle), 0, what)
        check(self, gin.read(), xd.grad.to(dtype), "grad " + what, tol=loose(dtype))

    # ---- global, special values, empty -----------------------------------------------

    def test_global(self):
        rng = random.Random(SEED + 4)
        for dtype in DTYPES:
            for sp in (1, 2, 3):
                shape = [2, 3] + [rng.randint(1, 5) for _ in range(sp)]
                x = rand(rng, shape).to(dtype)
                dims = tuple(range(2, 2 + sp))
                for name, fn in (("GlobalAveragePool", lambda t: t.mean(dims, keepdim=True)),
                                 ("GlobalMaxPool", lambda t: t.amax(dims, keepdim=True))):
                    ref = fn(x.double()).to(dtype)
                    out = self.dev(torch.zeros(ref.shape, dtype=dtype))
                    self.assertEqual(self.run_op(name, self.dev(view_of(rng, x)).handle,
                                                 out.handle), 0, name)
                    check(self, out.read(), ref, "%s %s %s" % (name, dtype, shape),
                          tol=loose(dtype))

    def test_nan_and_empty(self):
        x = torch.tensor([[[[1.0, float("nan"), 2.0, 3.0], [0.5, 0.25, 7.0, -1.0]]]])
        out = self.dev(torch.zeros(1, 1, 1, 2))
        ind = self.dev(torch.zeros(1, 1, 1, 2, dtype=I64))
        a = [self.ia([2, 2]), self.ia([2, 2]), self.ia([0, 0]), self.ia([1, 1])]
        self.assertEqual(self.run_op("MaxPool2dWithIndices", self.dev(x).handle, *a, False,
                                     out.handle, ind.handle), 0)
        ref, rind = TF.max_pool2d(x, 2, 2, return_indices=True)
        check(self, out.read(), ref, "nan")
        check(self, ind.read(), rind, "nan indices")
        # an empty batch: nothing to do, success
        e = self.dev(torch.zeros(0, 2, 4, 4))
        eo = self.dev(torch.zeros(0, 2, 2, 2))
        self.assertEqual(self.run_op("AvgPool2d", e.handle, self.ia([2]), self.ia([]),
                                     self.ia([0]), False, True, 0, 0, eo.handle), 0)

    def test_codes(self):
        x = self.dev(torch.zeros(1, 2, 4, 4))
        out = self.dev(torch.zeros(1, 2, 2, 2))
        ind = self.dev(torch.zeros(1, 2, 2, 2, dtype=I32))
        k, s, p, d = self.ia([2, 2]), self.ia([2, 2]), self.ia([0, 0]), self.ia([1, 1])
        msg = self.refused("MaxPool2dWithIndices", 161001, 0, k, s, p, d, False, out.handle,
                           ind.handle)
        self.assertIn("self", msg)
        f16 = self.dev(torch.zeros(1, 2, 2, 2, dtype=F16))
        msg = self.refused("MaxPool2dWithIndices", 161002, x.handle, k, s, p, d, False,
                           f16.handle, ind.handle)
        self.assertIn("out", msg)
        fl = self.dev(torch.zeros(1, 2, 2, 2))
        msg = self.refused("MaxPool2dWithIndices", 161002, x.handle, k, s, p, d, False,
                           out.handle, fl.handle)
        self.assertIn("indices", msg)
        bad = self.dev(torch.zeros(1, 2, 3, 2))
        msg = self.refused("AdaptiveAvgPool2d", 161002, x.handle, self.ia([2, 2]), bad.handle)
        self.assertIn("out", msg)
        self.refused("AvgPool3d", 161002, x.handle, self.ia([2]), self.ia([]), self.ia([0]),
                     False, True, 0, out.handle)  # 4-d is [C, D, H, W]: out is wrong
        self.refused("AvgPool2d", 161002, x.handle, self.ia([2]), self.ia([]), self.ia([2]),
                     False, True, 0, 0, out.handle)  # padding beyond half the kernel
        self.refused("GlobalMaxPool", 161002, self.dev(torch.zeros(3, 3)).handle, out.handle)
        # an index outside the plane fails the launch
        g = self.dev(torch.ones(1, 2, 2, 2))
        badi = self.dev(torch.full((1, 2, 2, 2), 99, dtype=I32))
        gin = self.dev(torch.zeros(1, 2, 4, 4))
        ws, ex, ret = nn.get_workspace_size("MaxPool2dWithIndicesBackward", g.handle, x.handle,
                                            badi.handle, k, s, p, d, False, gin.handle)
        self.assertEqual(ret, 0)
        self.assertEqual(nn.launch("MaxPool2dWithIndicesBackward", 0, 0, ex, self.stream), 0)
        self.assertNotEqual(acl.rt.synchronize_stream(self.stream), 0)

    # ---- ConvolutionBackward ---------------------------------------------------------

    def test_conv_backward(self):
        rng = random.Random(SEED + 5)
        masks = [(True, True, True), (True, False, False), (False, True, False),
                 (False, False, True), (True, True, False)]
        for sp in (1, 2, 3):
            for dtype in DTYPES:
                for transposed in (False, True):
                    for i in range(3 if sp < 3 else 2):
                        self.one_conv(rng, sp, dtype, transposed, masks[(i + sp) % len(masks)])

    def one_conv(self, rng, sp, dtype, transposed, mask):
        g = rng.choice((1, 2))
        cin, cout = g * rng.randint(1, 2), g * rng.randint(1, 3)
        k = [rng.randint(1, 3) for _ in range(sp)]
        s = [rng.randint(1, 2) for _ in range(sp)]
        d = [rng.randint(1, 2) for _ in range(sp)]
        p = [rng.randint(0, 1) for _ in range(sp)]
        op = [rng.randint(0, max(s[i], d[i]) - 1) if transposed else 0 for i in range(sp)]
        shape = [rng.randint(1, 2), cin] + [rng.randint(5, 7) for _ in range(sp)]
        wshape = ([cin, cout // g] if transposed else [cout, cin // g]) + k
        what = "ConvolutionBackward %dd %s tr %s g%d k%s s%s p%s d%s op%s %s mask %s" % (
            sp, dtype, transposed, g, k, s, p, d, op, shape, mask)
        x = rand(rng, shape, -1, 1).to(dtype)
        w = rand(rng, wshape, -1, 1).to(dtype)
        b = rand(rng, [cout], -1, 1).to(dtype)
        xd, wd, bd = (t.double().requires_grad_() for t in (x, w, b))
        if transposed:
            fn = (TF.conv_transpose1d, TF.conv_transpose2d, TF.conv_transpose3d)[sp - 1]
            y = fn(xd, wd, bd, s, p, op, g, d)
        else:
            fn = (TF.conv1d, TF.conv2d, TF.conv3d)[sp - 1]
            y = fn(xd, wd, bd, s, p, d, g)
        # the forward (aclnnConvolution) first: 3-d and the transposed form included
        out = self.dev(torch.zeros(y.shape, dtype=dtype))
        self.assertEqual(self.run_op("Convolution", self.dev(view_of(rng, x)).handle,
                                     self.dev(w).handle, self.dev(b).handle, self.ia(s),
                                     self.ia(p), self.ia(d), transposed, self.ia(op), g,
                                     out.handle, 0), 0, what)
        rt, at = loose(dtype)
        check(self, out.read(), y.detach().to(dtype), "forward " + what, tol=(rt * 4, at * 4))
        gy = rand(rng, y.shape, -1, 1).to(dtype)
        y.backward(gy.double())
        outs = [self.dev(torch.zeros(shape, dtype=dtype)) if mask[0] else None,
                self.dev(torch.zeros(wshape, dtype=dtype)) if mask[1] else None,
                self.dev(torch.zeros([cout], dtype=dtype)) if mask[2] else None]
        bm, ret = nn.create_bool_array(list(mask))
        self.assertEqual(ret, 0)
        try:
            args = [self.dev(view_of(rng, gy)).handle, self.dev(view_of(rng, x)).handle,
                    self.dev(view_of(rng, w)).handle, self.ia([cout]), self.ia(s), self.ia(p),
                    self.ia(d), transposed, self.ia(op), g, bm, 0]
            args += [o.handle if o else 0 for o in outs]
            self.assertEqual(self.run_op("ConvolutionBackward", *args), 0, what)
        finally:
            nn.destroy_bool_array(bm)
        for o, ref, name in zip(outs, (xd.grad, wd.grad, bd.grad),
                                ("gradInput", "gradWeight", "gradBias")):
            if o is not None:
                rt, at = loose(dtype)
                check(self, o.read(), ref.to(dtype), name + " " + what, tol=(rt * 4, at * 4))

    def test_conv_tbc_depthwise(self):
        rng = random.Random(SEED + 8)
        for dtype in DTYPES:
            rt, at = loose(dtype)
            for _ in range(4):
                t, b, cin, cout = rng.randint(1, 6), rng.randint(1, 3), rng.randint(1, 3), rng.randint(1, 4)
                k = rng.randint(1, 3)
                pad = rng.randint(max(0, (k - t + 1) // 2), 2)
                x = rand(rng, [t, b, cin], -1, 1).to(dtype)
                w = rand(rng, [k, cin, cout], -1, 1).to(dtype)
                bias = rand(rng, [cout], -1, 1).to(dtype)
                ref = torch.conv_tbc(x.double(), w.double(), bias.double(), pad).to(dtype)
                out = self.dev(torch.zeros(ref.shape, dtype=dtype))
                what = "ConvTbc %s x %s w %s pad %d" % (dtype, list(x.shape), list(w.shape), pad)
                self.assertEqual(self.run_op("ConvTbc", self.dev(view_of(rng, x)).handle,
                                             self.dev(view_of(rng, w)).handle, self.dev(bias).handle,
                                             pad, out.handle, 0), 0, what)
                check(self, out.read(), ref, what, tol=(rt * 4, at * 4))
            for _ in range(4):
                cin = rng.randint(1, 3)
                cout = cin * rng.randint(1, 2)
                kk = [rng.randint(1, 3) for _ in range(2)]
                st = [rng.randint(1, 2) for _ in range(2)]
                pd = [rng.randint(0, 1) for _ in range(2)]
                dl = [rng.randint(1, 2) for _ in range(2)]
                x = rand(rng, [rng.randint(1, 2), cin, rng.randint(5, 7), rng.randint(5, 7)], -1, 1).to(dtype)
                w = rand(rng, [cout, 1] + kk, -1, 1).to(dtype)
                bias = rand(rng, [cout], -1, 1).to(dtype) if rng.random() < 0.7 else None
                ref = TF.conv2d(x.double(), w.double(), None if bias is None else bias.double(),
                                st, pd, dl, cin).to(dtype)
                out = self.dev(torch.zeros(ref.shape, dtype=dtype))
                what = "ConvDepthwise2d %s x %s w %s s%s p%s d%s" % (dtype, list(x.shape),
                                                                  list(w.shape), st, pd, dl)
                self.assertEqual(self.run_op("ConvDepthwise2d", self.dev(view_of(rng, x)).handle,
                                             self.dev(w).handle, self.ia(kk),
                                             None if bias is None else self.dev(bias).handle,
                                             self.ia(st), self.ia(pd), self.ia(dl), out.handle, 0),
                                 0, what)
                check(self, out.read(), ref, what, tol=(rt * 4, at * 4))
        x, w = self.dev(torch.zeros((2, 2, 3))), self.dev(torch.zeros((3, 3, 4)))
        bias, o = self.dev(torch.zeros((4,))), self.dev(torch.zeros((2, 2, 4)))
        self.assertEqual(self.run_op("ConvTbc", x.handle, w.handle, bias.handle, 1, o.handle, 0), 0)
        self.refused("ConvTbc", 161001, x.handle, w.handle, None, 1, o.handle, 0)
        self.refused("ConvTbc", 161002, x.handle, w.handle, bias.handle, 256, o.handle, 0)
        self.refused("ConvTbc", 161002, x.handle, w.handle, bias.handle, 0, o.handle, 0)  # shape
        self.refused("ConvTbc", 161002, self.dev(torch.zeros((2, 3))).handle, w.handle,
                     bias.handle, 1, o.handle, 0)
        self.refused("ConvTbc", 161002, x.handle, w.handle, self.dev(torch.zeros((3,))).handle,
                     1, o.handle, 0)
        x = self.dev(torch.zeros((1, 2, 5, 5)))
        w = self.dev(torch.zeros((4, 1, 3, 3)))
        o = self.dev(torch.zeros((1, 4, 3, 3)))
        a = [self.ia([3, 3]), None, self.ia([1, 1]), self.ia([0, 0]), self.ia([1, 1])]
        self.assertEqual(self.run_op("ConvDepthwise2d", x.handle, w.handle, *a, o.handle, 0), 0)
        self.refused("ConvDepthwise2d", 161001, x.handle, w.handle, None, *a[1:], o.handle, 0)
        self.refused("ConvDepthwise2d", 161002, x.handle, w.handle, self.ia([2, 3]), *a[1:],
                     o.handle, 0)
        self.refused("ConvDepthwise2d", 161002, x.handle, self.dev(torch.zeros((3, 1, 3, 3))).handle,
                     *a, o.handle, 0)  # 3 filters for 2 channels
        self.refused("ConvDepthwise2d", 161002, x.handle, self.dev(torch.zeros((4, 2, 3, 3))).handle,
                     *a, o.handle, 0)
        self.refused("ConvDepthwise2d", 161002, x.handle, w.handle, a[0], None, self.ia([64, 1]),
                     a[3], a[4], o.handle, 0)
        self.refused("ConvDepthwise2d", 161002, x.handle, w.handle, *a[:4], self.ia([1]), o.handle, 0)
        self.refused("ConvDepthwise2d", 161002, self.dev(torch.zeros((2, 5, 5))).handle, w.handle,
                     *a, o.handle, 0)

    def test_conv_backward_codes(self):
        x = self.dev(torch.zeros(1, 2, 5, 5))
        w = self.dev(torch.zeros(3, 2, 3, 3))
        gy = self.dev(torch.zeros(1, 3, 3, 3))
        gx = self.dev(torch.zeros(1, 2, 5, 5))
        gw = self.dev(torch.zeros(3, 2, 3, 3))
        gb = self.dev(torch.zeros(3))
        one, zero = self.ia([1, 1]), self.ia([0, 0])
        bm, _ = nn.create_bool_array([True, True, True])
        bm2, _ = nn.create_bool_array([True, True])
        try:
            base = [gy.handle, x.handle, w.handle, self.ia([3]), one, zero, one, False, zero, 1]
            msg = self.refused("ConvolutionBackward", 161001, *(base + [bm, 0, gx.handle,
                                                                     gw.handle, 0]))
            self.assertIn("gradBias", msg)
            self.refused("ConvolutionBackward", 161002, *(base + [bm2, 0, gx.handle, gw.handle,
                                                               gb.handle]))
            bad = [x.handle] + base[1:]  # gradOutput of the wrong shape
            msg = self.refused("ConvolutionBackward", 161002, *(bad + [bm, 0, gx.handle,
                                                                    gw.handle, gb.handle]))
            self.assertIn("gradOutput", msg)
            f16 = self.dev(torch.zeros(3, 2, 3, 3, dtype=F16))
            msg = self.refused("ConvolutionBackward", 161002, *(base + [bm, 0, gx.handle,
                                                                     f16.handle, gb.handle]))
            self.assertIn("gradWeight", msg)
            g2 = base[:9] + [2]  # groups 2 does not divide 3 output channels
            self.refused("ConvolutionBackward", 161002, *(g2 + [bm, 0, gx.handle, gw.handle,
                                                             gb.handle]))
        finally:
            nn.destroy_bool_array(bm)
            nn.destroy_bool_array(bm2)


    def test_max_unpool_backward(self):
        rng = random.Random(SEED + 10)
        ints = (torch.int8, torch.uint8, torch.int16, I32, I64)
        for sp, name in ((2, "MaxUnpool2dBackward"), (3, "MaxUnpool3dBackward")):
            extra = [self.ia([2] * sp), self.ia([0] * sp)] if sp == 3 else []
            types = (F32, F16) + ints + ((torch.bool,) if sp == 2 else (F64,))
            for dt in types:
                for idt in (I32, I64):
                    lead = [rng.randint(1, 2), rng.randint(1, 3)][:rng.randint(1, 2)]
                    isz = [rng.randint(1, 3) for _ in range(sp)]
                    osz = [a + rng.randint(0, 2) for a in isz]
                    n_in, n_out, planes = 1, 1, 1
                    for a, b in zip(isz, osz):
                        n_in, n_out = n_in * a, n_out * b
                    for a in lead:
                        planes *= a
                    ind = torch.stack([torch.randperm(n_out)[:n_in] for _ in range(planes)])
                    if dt == torch.bool:
                        g = torch.rand(planes, n_out) < 0.5
                    elif dt.is_floating_point:
                        g = rand(rng, [planes, n_out]).to(dt)
                    else:
                        g = torch.randint(0 if dt == torch.uint8 else -100, 100, (planes, n_out)).to(dt)
                    ref = g.gather(1, ind).reshape(lead + isz)
                    if dt in (F32, F64):  # autograd of the forward agrees
                        v = torch.zeros(lead + isz, dtype=F64, requires_grad=True)
                        unpool = TF.max_unpool2d if sp == 2 else TF.max_unpool3d
                        # (kernel o - i + 1 at stride 1: torch's default size is osz)
                        y = unpool(v, ind.reshape(lead + isz), [o - i + 1 for o, i in zip(osz, isz)],
                                   [1] * sp, output_size=osz)
                        y.backward(g.double().reshape(y.shape))
                        check(self, ref, v.grad.to(dt), "autograd")
                    gd = self.dev(view_of(rng, g.reshape(lead + osz)))
                    out = self.dev(torch.zeros(lead + isz, dtype=dt))
                    what = "%s %s idx %s %s -> %s" % (name, dt, idt, lead + osz, lead + isz)
                    self.assertEqual(self.run_op(name, gd.handle,
                                                 self.dev(torch.zeros(lead + isz, dtype=dt)).handle,
                                                 self.dev(view_of(rng, ind.reshape(lead + isz).to(idt))).handle,
                                                 self.ia(osz), *extra, out.handle), 0, what)
                    self.assertTrue(torch.equal(out.read(), ref), what)
        # gradOutput FLOAT into a FLOAT16 out; an index out of range; codes
        g = self.dev(torch.tensor([[[1.5, 2.5, 3.5]]]))
        s = self.dev(torch.zeros((1, 1, 2)))
        ind = self.dev(torch.tensor([[[2, 0]]], dtype=I64))
        o16 = self.dev(torch.zeros((1, 1, 2), dtype=F16))
        sz = self.ia([1, 3])
        self.assertEqual(self.run_op("MaxUnpool2dBackward", g.handle, s.handle, ind.handle, sz,
                                     o16.handle), 0)
        self.assertEqual(o16.read().tolist(), [[[3.5, 1.5]]])
        bad = self.dev(torch.tensor([[[3, 0]]], dtype=I64))
        self.assertEqual(self.run_op("MaxUnpool2dBackward", g.handle, s.handle, bad.handle, sz,
                                     o16.handle), 507015)
        self.refused("MaxUnpool2dBackward", 161001, g.handle, None, ind.handle, sz, o16.handle)
        self.refused("MaxUnpool2dBackward", 161002, g.handle, s.handle, ind.handle, self.ia([3, 1]),
                     o16.handle)
        self.refused("MaxUnpool2dBackward", 161002, g.handle, self.dev(torch.zeros((1, 1, 2), dtype=F16)).handle,
                     ind.handle, sz, o16.handle)
        self.refused("MaxUnpool2dBackward", 161002, g.handle, s.handle, ind.handle, sz,
                     self.dev(torch.zeros((1, 1, 2), dtype=F64)).handle)
        self.refused("MaxUnpool2dBackward", 161002, g.handle, s.handle,
                     self.dev(torch.tensor([[[2, 0, 1]]], dtype=I64)).handle, sz, o16.handle)
        g3 = self.dev(torch.zeros((1, 1, 1, 4)))
        s3 = self.dev(torch.zeros((1, 1, 1, 2)))
        i3 = self.dev(torch.zeros((1, 1, 1, 2), dtype=I64))
        a = [self.ia([1, 1, 4]), self.ia([1, 1, 1]), self.ia([0, 0, 0])]
        self.assertEqual(self.run_op("MaxUnpool3dBackward", g3.handle, s3.handle, i3.handle, *a,
                                     self.dev(torch.zeros((1, 1, 1, 2))).handle), 0)
        strided = self.dev(torch.zeros((1, 1, 1, 4))[..., ::2])
        self.refused("MaxUnpool3dBackward", 161002, g3.handle, s3.handle, i3.handle, *a,
                     strided.handle)
        self.refused("MaxUnpool3dBackward", 161002, g3.handle, s3.handle, i3.handle, a[0],
                     self.ia([1, 0, 1]), a[2], self.dev(torch.zeros((1, 1, 1, 2))).handle)

    # ---- MaxPool3D (ops-nn experimental) ---------------------------------------------

    def test_max_pool3_d(self):
        rng = random.Random(SEED + 9)
        for dtype in DTYPES:
            for mode in ("VALID", "SAME", "CALCULATED"):
                for cl in (False, True):
                    k = [rng.randint(1, 3) for _ in range(3)]
                    st = [rng.randint(1, 2) for _ in range(3)]
                    no_dl = rng.random() < 0.3  # dilationOptional NULL: 1
                    dl = [1, 1, 1] if mode == "SAME" or no_dl else [rng.randint(1, 2) for _ in range(3)]
                    x = rand(rng, [rng.randint(1, 2), rng.randint(1, 3)] +
                             [rng.randint(4, 6) for _ in range(3)])
                    sp = list(x.shape[2:])
                    ceil = False
                    if mode == "VALID":
                        ref = TF.max_pool3d(x, k, st, 0, dl)
                        pads = None
                    elif mode == "SAME":
                        pd = []
                        for i in range(3):
                            o = -(-sp[i] // st[i])
                            tot = max((o - 1) * st[i] + (k[i] - 1) + 1 - sp[i], 0)
                            pd.append((tot // 2, tot - tot // 2))
                        xp = TF.pad(x, (pd[2][0], pd[2][1], pd[1][0], pd[1][1], pd[0][0], pd[0][1]),
                                    value=-math.inf)
                        ref = TF.max_pool3d(xp, k, st, 0, 1)
                        pads = None
                    else:
                        p3 = [rng.randint(0, kk // 2) for kk in k]
                        ceil = rng.random() < 0.5
                        ref = TF.max_pool3d(x, k, st, p3, dl, ceil_mode=ceil)
                        pads = self.ia([p3[0], p3[0], p3[1], p3[1], p3[2], p3[2]])
                    form = rng.choice((1, 3, 5))

                    def arr(v, lay):
                        if form == 1 and v[0] == v[1] == v[2]:
                            return self.ia([v[0]])
                        if form == 5:
                            return self.ia([1] + v + [1] if lay else [1, 1] + v)
                        return self.ia(v)
                    xin = x.permute(0, 2, 3, 4, 1).contiguous() if cl else x
                    r = ref.permute(0, 2, 3, 4, 1) if cl else ref
                    out = self.dev(torch.zeros(r.shape, dtype=dtype))
                    what = "MaxPool3D %s %s %s k%s s%s d%s ceil %s %s" % (
                        dtype, mode, "NDHWC" if cl else "NCDHW", k, st, dl, ceil, list(xin.shape))
                    self.assertEqual(self.run_op(
                        "MaxPool3D", self.dev(view_of(rng, xin.to(dtype))).handle, arr(k, cl),
                        arr(st, cl), mode, pads, None if no_dl else arr(dl, cl),
                        int(ceil), "NDHWC" if cl else "NCDHW", out.handle), 0, what)
                    check(self, out.read(), r.to(dtype), what)
        # NULL dataFormatOptional is NDHWC: [1, 2, 2, 2, 1] pooled whole
        x = self.dev(torch.arange(8.0).reshape(1, 2, 2, 2, 1))
        out = self.dev(torch.zeros((1, 1, 1, 1, 1)))
        self.assertEqual(self.run_op("MaxPool3D", x.handle, self.ia([2]), self.ia([2]), "VALID",
                                     None, None, 0, None, out.handle), 0)
        self.assertEqual(out.read().item(), 7.0)
        k1 = self.ia([2])
        self.refused("MaxPool3D", 161001, x.handle, k1, k1, None, None, None, 0, None, out.handle)
        self.refused("MaxPool3D", 161002, x.handle, k1, k1, "FULL", None, None, 0, None, out.handle)
        self.refused("MaxPool3D", 161002, x.handle, k1, k1, "VALID", None, None, 0, "NHWC",
                     out.handle)
        self.refused("MaxPool3D", 161002, x.handle, self.ia([2, 2]), k1, "VALID", None, None, 0,
                     None, out.handle)
        self.refused("MaxPool3D", 161002, x.handle, self.ia([2, 2, 2, 2, 2]), k1, "VALID", None,
                     None, 0, None, out.handle)  # N, C not 1
        self.refused("MaxPool3D", 161002, x.handle, self.ia([0]), k1, "VALID", None, None, 0,
                     None, out.handle)
        self.refused("MaxPool3D", 161002, x.handle, k1, k1, "CALCULATED", self.ia([0, 0, 0]),
                     None, 0, None, out.handle)
        self.refused("MaxPool3D", 161002, x.handle, k1, k1, "CALCULATED", self.ia([0, 0, 0, 0, -1, 0]),
                     None, 0, None, out.handle)
        self.refused("MaxPool3D", 161002, x.handle, k1, k1, "VALID", None, None, 0, None,
                     self.dev(torch.zeros((1, 1, 1, 1, 2))).handle)
        self.refused("MaxPool3D", 161002, x.handle, k1, k1, "VALID", None, None, 0, None,
                     self.dev(torch.zeros((1, 1, 1, 1, 1), dtype=F16)).handle)
        self.refused("MaxPool3D", 161002, self.dev(torch.zeros((2, 2, 2, 1))).handle, k1, k1,
                     "VALID", None, None, 0, None, out.handle)

    # ---- max unpool ------------------------------------------------------------------

    def test_max_unpool(self):
        rng = random.Random(SEED + 7)
        ints = (torch.int8, torch.uint8, torch.int16, I32, I64)
        for sp, name in ((2, "MaxUnpool2d"), (3, "MaxUnpool3d")):
            pool = TF.max_pool2d if sp == 2 else TF.max_pool3d
            unpool = TF.max_unpool2d if sp == 2 else TF.max_unpool3d
            extra = [self.ia([2] * sp), self.ia([0] * sp)] if sp == 3 else []
            for dt in (F32, F16, F64) + ints:
                for idt in (I32, I64):
                    batched = rng.random() < 0.5
                    shape = self.shape(rng, sp, batched)
                    lead = shape[:-sp]
                    if dt.is_floating_point:
                        # the indices of a real max pooling, and torch's unpooling of them
                        x = rand(rng, shape)
                        k = [rng.randint(1, 3) for _ in range(sp)]
                        v, ind = pool(x, k, k, return_indices=True)
                        osz = list(x.shape[-sp:])
                        ref = unpool(v, ind, k, k, output_size=osz).to(dt)
                        v = v.to(dt)
                    else:
                        # random distinct positions in an output at least as large
                        isz = [rng.randint(1, 3) for _ in range(sp)]
                        osz = [a + rng.randint(0, 2) for a in isz]
                        n_in, n_out = 1, 1
                        for a, b in zip(isz, osz):
                            n_in, n_out = n_in * a, n_out * b
                        planes = 1
                        for a in lead:
                            planes *= a
                        ind = torch.stack([torch.randperm(n_out)[:n_in] for _ in range(planes)])
                        lo, hi = (0, 255) if dt == torch.uint8 else (-100, 100)
                        v = torch.randint(lo, hi, (planes, n_in), dtype=I64)
                        ref = torch.zeros((planes, n_out), dtype=I64).scatter_(1, ind, v)
                        v = v.reshape(list(lead) + isz).to(dt)
                        ind = ind.reshape(v.shape)
                        ref = ref.reshape(list(lead) + osz).to(dt)
                    what = "%s %s idx %s %s -> %s" % (name, dt, idt, tuple(v.shape), osz)
                    out = self.dev(torch.full(ref.shape, 7, dtype=dt))
                    self.assertEqual(self.run_op(name, self.dev(view_of(rng, v)).handle,
                                                 self.dev(view_of(rng, ind.to(idt))).handle,
                                                 self.ia(osz), *extra, out.handle), 0, what)
                    check(self, out.read(), ref, what)
        # a repeated index: the last in order wins; an index out of range fails the launch
        x = self.dev(torch.tensor([[[1.0, 2.0], [3.0, 4.0]]]))
        out = self.dev(torch.full((1, 2, 3), 9.0))
        ind = self.dev(torch.tensor([[[0, 5], [5, 1]]], dtype=I64))
        self.assertEqual(self.run_op("MaxUnpool2d", x.handle, ind.handle, self.ia([2, 3]),
                                     out.handle), 0)
        self.assertEqual(out.read().tolist(), [[[1.0, 4.0, 0.0], [0.0, 0.0, 3.0]]])
        bad = self.dev(torch.tensor([[[0, 6], [2, 1]]], dtype=I64))
        self.assertEqual(self.run_op("MaxUnpool2d", x.handle, bad.handle, self.ia([2, 3]),
                                     out.handle), 507015)
        self.assertEqual(out.read().tolist(), [[[1.0, 4.0, 0.0], [0.0, 0.0, 3.0]]])
        # an empty batch runs nothing
        e = self.dev(torch.zeros((0, 1, 2, 2)))
        ei = self.dev(torch.zeros((0, 1, 2, 2), dtype=I64))
        self.assertEqual(self.run_op("MaxUnpool2d", e.handle, ei.handle, self.ia([2, 3]),
                                     self.dev(torch.zeros((0, 1, 2, 3))).handle), 0)
        sz = self.ia([2, 3])
        self.refused("MaxUnpool2d", 161001, None, ind.handle, sz, out.handle)
        self.refused("MaxUnpool2d", 161001, x.handle, ind.handle, None, out.handle)
        self.refused("MaxUnpool2d", 161002, self.dev(torch.zeros((1, 2, 2), dtype=BF16)).handle,
                     ind.handle, sz, self.dev(torch.zeros((1, 2, 3), dtype=BF16)).handle)
        self.refused("MaxUnpool2d", 161002, x.handle, self.dev(torch.zeros((1, 2, 2), dtype=torch.int16)).handle,
                     sz, out.handle)
        self.refused("MaxUnpool2d", 161002, x.handle, ind.handle, sz,
                     self.dev(torch.zeros((1, 2, 3), dtype=F64)).handle)
        self.refused("MaxUnpool2d", 161002, self.dev(torch.zeros((2, 2))).handle,
                     self.dev(torch.zeros((2, 2), dtype=I64)).handle, sz, out.handle)
        self.refused("MaxUnpool2d", 161002, x.handle, self.dev(torch.zeros((1, 2, 3), dtype=I64)).handle,
                     sz, out.handle)
        self.refused("MaxUnpool2d", 161002, self.dev(torch.zeros((1, 0, 2))).handle,
                     self.dev(torch.zeros((1, 0, 2), dtype=I64)).handle, sz, out.handle)
        self.refused("MaxUnpool2d", 161002, x.handle, ind.handle, self.ia([6]), out.handle)
        self.refused("MaxUnpool2d", 161002, x.handle, ind.handle, self.ia([1, 3]), out.handle)
        self.refused("MaxUnpool2d", 161002, x.handle, ind.handle, self.ia([3, 0]), out.handle)
        self.refused("MaxUnpool2d", 161002, x.handle, ind.handle, self.ia([3, 2]), out.handle)
        x3 = self.dev(torch.zeros((1, 2, 2, 2)))
        i3 = self.dev(torch.zeros((1, 2, 2, 2), dtype=I32))
        o3 = self.dev(torch.zeros((1, 2, 2, 3)))
        s3, st, pd = self.ia([2, 2, 3]), self.ia([1, 1, 1]), self.ia([0, 0, 0])
        self.assertEqual(self.run_op("MaxUnpool3d", x3.handle, i3.handle, s3, st, pd, o3.handle), 0)
        self.refused("MaxUnpool3d", 161001, x3.handle, i3.handle, s3, None, pd, o3.handle)
        self.refused("MaxUnpool3d", 161002, x3.handle, i3.handle, s3, self.ia([1, 0, 1]), pd,
                     o3.handle)
        self.refused("MaxUnpool3d", 161002, x3.handle, i3.handle, s3, st, self.ia([0, 0]),
                     o3.handle)
        self.refused("MaxUnpool3d", 161002, x3.handle, i3.handle, self.ia([2, 3]), st, pd,
                     o3.handle)
        msg = self.refused("MaxUnpool3d", 161002, x3.handle, i3.handle, s3, st, pd,
                           self.dev(torch.zeros((1, 2, 3, 2))).handle)
        self.assertIn("outRef", msg)


if __name__ == "__main__":
    acltest.main()
