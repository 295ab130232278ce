# SPDX-License-Identifier: Apache-2.0
"""The image IR types atc maps ONNX's Resize and GridSample onto, through acl.op
against torch. Resize (CANN's Resize) through
acl.op.execute_v2 against torch.nn.functional.interpolate: nearest (torch's
'nearest' is asymmetric + floor, 'nearest-exact' half_pixel + round_prefer_ceil),
bilinear and bicubic (half_pixel and align_corners, A -0.75),
1-d, 2-d and 3-d, by sizes and by scales, float32 / float16 / double and int32
(nearest); GridSampler2D against torch.nn.functional.grid_sample: every
interpolation_mode, padding_mode and align_corners, float32 / float16 / double, points
outside the image; then the codes and messages of bad instances."""
import struct

from torchcase import torch

import acltest  # noqa: E402
from acltest import acl  # noqa: E402
from optensor import OpTensor, make_attr  # noqa: E402

setUpModule = acltest.setup_module
tearDownModule = acltest.teardown_module

needs_torch = acltest.unittest.skipIf(torch is None, "needs torch and numpy")
INPUT = acl.ACL_ERROR_OP_INPUT_NOT_MATCH
ATTR = acl.ACL_ERROR_OP_ATTR_NOT_MATCH
DTYPE = acl.ACL_ERROR_UNSUPPORTED_DATA_TYPE


class ImageCase(acltest.Case):
    """A context and a stream; const host inputs and absent ones."""

    def setUp(self):
        self.ctx, ret = acl.rt.create_context(0)
        self.ok(ret, "create_context")
        self.addCleanup(lambda: self.ok(acl.rt.destroy_context(self.ctx), "destroy_context"))
        self.stream, ret = acl.rt.create_stream()
        self.ok(ret, "create_stream")
        self.addCleanup(lambda: self.ok(acl.rt.destroy_stream(self.stream), "destroy_stream"))

    def const(self, dtype, code, values):
        """A const host input (acl.set_tensor_const) with an empty data buffer."""
        d = acl.create_tensor_desc(dtype, [len(values)], acl.ACL_FORMAT_ND)
        self.addCleanup(acl.destroy_tensor_desc, d)
        raw = bytearray(struct.pack("<%d%s" % (len(values), code), *values))
        self.keep = getattr(self, "keep", []) + [raw]
        self.ok(acl.set_tensor_const(d, acl.util.bytes_to_ptr(raw), len(raw)))
        b = acl.create_data_buffer(0, 0)
        self.addCleanup(acl.destroy_data_buffer, b)
        return d, b

    def absent(self):
        d = acl.create_tensor_desc(acl.ACL_DT_UNDEFINED, [], acl.ACL_FORMAT_UNDEFINED)
        self.addCleanup(acl.destroy_tensor_desc, d)
        b = acl.create_data_buffer(0, 0)
        self.addCleanup(acl.destroy_data_buffer, b)
        return d, b


class Resize(ImageCase):
    def resize(self, x, out_dims, sizes=None, scales=None, **attrs):
        """Run Resize on numpy x; returns (ret, y as numpy or None)."""
        tx = OpTensor.of(self, x)
        ins = [(tx.desc, tx.buf), self.absent()]
        if scales is not None:
            ins.append(self.const(acl.ACL_FLOAT, "f", scales))
        else:
            ins.append(self.absent())
        if sizes is not None:
            ins.append(self.const(acl.ACL_INT64, "q", sizes))
        ty = OpTensor(self, tx.dtype, out_dims)
        ret = acl.op.execute_v2("Resize", [d for d, _ in ins], [b for _, b in ins], [ty.desc],
                                [ty.buf], make_attr(self, **attrs), self.stream)
        if ret:
            return ret, None
        self.ok(acl.rt.synchronize_stream(self.stream))
        return 0, ty.numpy()

    def check(self, x, want, tol, **kw):
        ret, y = self.resize(x, list(want.shape), **kw)
        self.ok(ret, "Resize %r" % kw)
        acltest.np.testing.assert_allclose(y.astype("float64"), want.astype("float64"),
                                           rtol=tol, atol=tol, err_msg=repr(kw))

    @needs_torch
    def test_modes_against_torch(self):
        F = torch.nn.functional
        g = torch.Generator().manual_seed(11)
        x = torch.randn(2, 3, 5, 7, generator=g, dtype=torch.float64)
        for size in [(9, 4), (3, 11), (5, 7), (1, 1)]:
            full = [2, 3, size[0], size[1]]
            xs = x.numpy().astype("float32")
            cases = [
                ("nearest", None, dict(mode="nearest", coordinate_transformation_mode="asymmetric",
                                       nearest_mode="floor")),
                ("nearest-exact", None, dict(mode="nearest", nearest_mode="round_prefer_ceil")),
                # half_pixel with sizes is torch's formula; pytorch_half_pixel differs from
                # torch for a length of 1 (ONNX maps it to the first element)
                ("bilinear", False, dict(mode="linear")),
                ("bilinear", True, dict(mode="linear",
                                        coordinate_transformation_mode="align_corners")),
                ("bicubic", False, dict(mode="cubic", cubic_coeff_a=-0.75)),
                ("bicubic", True, dict(mode="cubic",
                                       coordinate_transformation_mode="align_corners")),
            ]
            for tmode, ac, attrs in cases:
                want = F.interpolate(torch.from_numpy(xs), size=size, mode=tmode,
                                     align_corners=ac).numpy()
                self.check(xs, want, 1e-5, sizes=full, **attrs)
            for dt, tol in (("float16", 2e-3), ("float64", 1e-12)):
                want = F.interpolate(x, size=size, mode="bilinear", align_corners=False)
                if dt == "float16":
                    want = F.interpolate(x.float(), size=size, mode="bilinear",
                                         align_corners=False).half()
                self.check(x.numpy().astype(dt), want.numpy().astype(dt), tol, sizes=full,
                           mode="linear")

    @needs_torch
    def test_scales_1d_3d_and_int(self):
        F = torch.nn.functional
        g = torch.Generator().manual_seed(12)
        x1 = torch.randn(2, 3, 6, generator=g)
        # a scale given is used as given (1 / scale in the coordinates), as torch does with
        # scale_factor and recompute_scale_factor off
        want = F.interpolate(x1, scale_factor=1.7, mode="linear", align_corners=False,
                             recompute_scale_factor=False).numpy()
        self.check(x1.numpy(), want, 1e-5, scales=[1.0, 1.0, 1.7], mode="linear")
        x3 = torch.randn(1, 2, 3, 4, 5, generator=g)
        want = F.interpolate(x3, size=(6, 2, 7), mode="trilinear", align_corners=False).numpy()
        self.check(x3.numpy(), want, 1e-5, sizes=[1, 2, 6, 2, 7], mode="linear")
        xi = torch.randint(-100, 100, (1, 2, 4, 4), generator=g, dtype=torch.int32)
        want = F.interpolate(xi.double(), size=(7, 3), mode="nearest").int().numpy()
        self.check(xi.numpy(), want, 0, sizes=[1, 2, 7, 3],
                   coordinate_transformation_mode="asymmetric", nearest_mode="floor")
        # any axis, the batch included
        want = xi.numpy().repeat(2, axis=0)
        self.check(xi.numpy(), want, 0, scales=[2.0, 1.0, 1.0, 1.0],
                   coordinate_transformation_mode="asymmetric", nearest_mode="floor")

    @needs_torch
    def test_refusals(self):
        x = acltest.np.zeros((1, 1, 2, 2), "float32")
        cases = [
            (dict(sizes=[1, 1, 4, 4], mode="area"), ATTR, "attribute mode is area"),
            (dict(sizes=[1, 1, 4, 4], coordinate_transformation_mode="corners"), ATTR,
             "coordinate_transformation_mode is corners"),
            (dict(sizes=[1, 1, 4, 4], nearest_mode="even"), ATTR, "nearest_mode is even"),
            (dict(sizes=[1, 4, 4]), INPUT, "input sizes must be 1-d of 4 values"),
            (dict(scales=[1.0, 1.0, -2.0, 2.0]), INPUT, "input scales holds -2"),
            (dict(), INPUT, "one of the inputs scales and sizes must be given"),
            (dict(sizes=[1, 1, 4, 4], coordinate_transformation_mode="tf_crop_and_resize"),
             INPUT, "tf_crop_and_resize needs input roi"),
        ]
        for kw, code, msg in cases:
            ret, _ = self.resize(x, [1, 1, 4, 4], **kw)
            self.assertEqual(ret, code, kw)
            self.assertIn(msg, acl.get_recent_err_msg(), kw)
        ret, _ = self.resize(x.astype("int32"), [1, 1, 4, 4], sizes=[1, 1, 4, 4], mode="linear")
        self.assertEqual(ret, DTYPE)
        self.assertIn("mode linear takes float32", acl.get_recent_err_msg())


class GridSampler(ImageCase):
    def sample(self, x, grid, **attrs):
        tx, tg = OpTensor.of(self, x), OpTensor.of(self, grid)
        ty = OpTensor(self, tx.dtype, [x.shape[0], x.shape[1], grid.shape[1], grid.shape[2]])
        ret = acl.op.execute_v2("GridSampler2D", [tx.desc, tg.desc], [tx.buf, tg.buf],
                                [ty.desc], [ty.buf], make_attr(self, **attrs), self.stream)
        if ret:
            return ret, None
        self.ok(acl.rt.synchronize_stream(self.stream))
        return 0, ty.numpy()

    @needs_torch
    def test_against_torch(self):
        F = torch.nn.functional
        g = torch.Generator().manual_seed(13)
        x = torch.randn(2, 3, 5, 6, generator=g, dtype=torch.float64)
        # points inside and up to 1.5 image widths outside, and the exact borders
        grid = torch.rand(2, 4, 7, 2, generator=g, dtype=torch.float64) * 5 - 2.5
        grid[0, 0, :, :] = torch.tensor([-1.0, 1.0, 0.0, 0.5, -0.5, 1.0, -1.0]).unsqueeze(1)
        for mode in ("bilinear", "nearest", "bicubic"):
            for pad in ("zeros", "border", "reflection"):
                for ac in (False, True):
                    want = F.grid_sample(x, grid, mode=mode, padding_mode=pad, align_corners=ac)
                    for dt, tol in (("float32", 1e-5), ("float64", 1e-12)):
                        ret, y = self.sample(x.numpy().astype(dt), grid.numpy().astype(dt),
                                             interpolation_mode=mode, padding_mode=pad,
                                             align_corners=ac)
                        self.ok(ret, "GridSampler2D %s %s %s" % (mode, pad, ac))
                        acltest.np.testing.assert_allclose(
                            y, want.numpy().astype(dt), rtol=tol, atol=tol,
                            err_msg="%s %s %s %s" % (mode, pad, ac, dt))
        # float16: torch's float32 result rounded
        x16, g16 = x.half(), (grid / 3).half()
        want = F.grid_sample(x16.float(), g16.float(), align_corners=False).half().numpy()
        ret, y = self.sample(x16.numpy(), g16.numpy())
        self.ok(ret, "GridSampler2D float16")
        acltest.np.testing.assert_allclose(y.astype("float32"), want.astype("float32"),
                                           rtol=2e-3, atol=2e-3)

    @needs_torch
    def test_refusals(self):
        np = acltest.np
        x = np.zeros((1, 1, 2, 2), "float32")
        grid = np.zeros((1, 3, 3, 2), "float32")
        cases = [
            (x, grid, dict(interpolation_mode="area"), ATTR, "interpolation_mode is area"),
            (x, grid, dict(padding_mode="wrap"), ATTR, "padding_mode is wrap"),
            (x[0], grid, {}, INPUT, "input x has 3 dims"),
            (x, np.zeros((1, 3, 3, 3), "float32"), {}, INPUT, "input grid must be 4-d"),
            (x, grid.astype("float64"), {}, DTYPE, "input grid has type double"),
        ]
        for xx, gg, kw, code, msg in cases:
            ret, _ = self.sample(xx, gg, **kw)
            self.assertEqual(ret, code, kw)
            self.assertIn(msg, acl.get_recent_err_msg(), kw)


if __name__ == "__main__":
    acltest.unittest.main()
