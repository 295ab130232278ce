# SPDX-License-Identifier: Apache-2.0
"""The Aipp operator's kernel (ops/image/aipp.c) run through acl.op.execute_v2
against an independent numpy reference written from the formulas of
docs/aipp.md (ATC's AIPP guide): each input format (YUV420SP_U8, RGB888_U8,
XRGB8888_U8, YUV400_U8), crop, padding with its value, the colour-space
conversion (YUV->RGB with input biases, RGB->YUV with output biases), the
swaps, the normalisation, float16 and float32 outputs, NCHW and NHWC, a
batch of images with one parameter entry each; and the refusals (a crop
outside the source, an output size unlike the parameters', a format cpuacl
does not run: ACL_ERROR_INVALID_PARAM). The parameter block is packed here from docs/mdl.md's layout
("The AIPP parameter block"), so the layout is tested too."""
import struct

import acltest
from acltest import Case, acl, needs_numpy, np
from optensor import OpTensor, execute

setUpModule = acltest.setup_module
tearDownModule = acltest.teardown_module

YUV420SP, XRGB, RGB, YUV400 = 1, 2, 3, 4
CHANNELS = {YUV420SP: 3, XRGB: 3, RGB: 3, YUV400: 1}
# The template's YUV->RGB matrix (ATC guide, CSC_config: YUV420SP to RGB, BT.601 narrow).
YUV2RGB = [298, 0, 409, 298, -100, -208, 298, 516, 0]
RGB2YUV = [66, 129, 25, -38, -74, 112, 112, -94, -18]


def f16(x):
    return struct.unpack("<e", struct.pack("<e", x))[0]


def block(fmt, src_w, src_h, images, csc=None, rbuv=0, ax=0, pad_value=0.0):
    """The parameter block: 64 bytes for the set, 96 per image (docs/mdl.md)."""
    matrix, out_bias, in_bias = csc if csc else ([0] * 9, [0] * 3, [0] * 3)
    s = struct.pack("<BbbbbxxxiI9h6x3B3B2xf12x", fmt, 1 if csc else 0, rbuv, ax, len(images),
                    src_w, src_h, *matrix, *out_bias, *in_bias, pad_value)
    assert len(s) == 64
    for im in images:
        crop = im.get("crop")  # (x, y, w, h)
        pad = im.get("pad")    # (top, bottom, left, right)
        mean, mn, var = im.get("mean", [0] * 4), im.get("min", [0.0] * 4), im.get("var", [1.0] * 4)
        e = struct.pack("<bbbb4x4i4i4i4h4e4e16x", 1 if crop else 0, 0, 1 if pad else 0, 0,
                        *(crop or (0, 0, 0, 0)), 0, 0, 0, 0, *(pad or (0, 0, 0, 0)), *mean, *mn,
                        *var)
        assert len(e) == 96
        s += e
    return s


def reference(fmt, src, src_w, src_h, im, csc=None, rbuv=0, ax=0, pad_value=0.0):
    """One image through AIPP, in numpy: an H x W x C float32 array."""
    h, w = src_h, src_w
    if fmt == RGB:
        px = src[:h * w * 3].reshape(h, w, 3).astype(np.int64)
    elif fmt == XRGB:
        q = src[:h * w * 4].reshape(h, w, 4).astype(np.int64)
        px = q[..., 1:4] if ax else q[..., 0:3]
    elif fmt == YUV420SP:
        y = src[:h * w].reshape(h, w).astype(np.int64)
        uv = src[h * w:h * w * 3 // 2].reshape(h // 2, w // 2, 2).astype(np.int64)
        uv = uv.repeat(2, axis=0).repeat(2, axis=1)
        px = np.stack([y, uv[..., 0], uv[..., 1]], axis=-1)
    else:
        px = src[:h * w].reshape(h, w, 1).astype(np.int64)
    if rbuv and px.shape[-1] == 3:
        px = px[..., ::-1]
    if im.get("crop"):
        x0, y0, cw, ch = im["crop"]
        px = px[y0:y0 + ch, x0:x0 + cw]
    if csc:
        m = np.array(csc[0], np.int64).reshape(3, 3)
        if fmt == YUV420SP:
            px = np.clip((px - np.array(csc[2])) @ m.T // 256, 0, 255)
        else:
            px = np.clip(px @ m.T // 256 + np.array(csc[1]), 0, 255)
    c = px.shape[-1]
    mean = np.array(im.get("mean", [0] * 4)[:c], np.float32)
    mn = np.array([f16(v) for v in im.get("min", [0.0] * 4)[:c]], np.float32)
    var = np.array([f16(v) for v in im.get("var", [1.0] * 4)[:c]], np.float32)
    out = (px.astype(np.float32) - mean - mn) * var
    if im.get("pad"):
        t, b, left, r = im["pad"]
        full = np.full((out.shape[0] + t + b, out.shape[1] + left + r, c), pad_value, np.float32)
        full[t:t + out.shape[0], left:left + out.shape[1]] = out
        out = full
    return out


class AippKernel(Case):
    def setUp(self):
        # cleanups, not tearDown: the tensors (registered later) go first
        ctx, ret = acl.rt.create_context(0)
        self.ok(ret, "create_context")
        self.addCleanup(lambda: self.ok(acl.rt.destroy_context(ctx), "destroy_context"))
        self.stream, ret = acl.rt.create_stream()
        self.ok(ret, "create_stream")
        self.addCleanup(lambda: self.ok(acl.rt.destroy_stream(self.stream), "destroy_stream"))

    def run_aipp(self, fmt, src_w, src_h, images, nhwc=False, dtype="float32", out_hw=None,
                 **kw):
        """Run Aipp on random images; returns (got, want) as N x H x W x C."""
        rng = np.random.default_rng(28 + fmt)
        n = len(images)
        per = {RGB: 3, XRGB: 4, YUV400: 1}.get(fmt, 1.5)
        nbytes = int(src_w * src_h * per)
        raw = rng.integers(0, 256, size=(n, nbytes), dtype=np.uint8)
        want = np.stack([reference(fmt, raw[i], src_w, src_h, images[i], **kw)
                         for i in range(n)])
        oh, ow = out_hw or want.shape[1:3]
        c = CHANNELS[fmt]
        dims = (n, oh, ow, c) if nhwc else (n, c, oh, ow)
        otype = acl.ACL_FLOAT16 if dtype == "float16" else acl.ACL_FLOAT
        timg = OpTensor(self, acl.ACL_UINT8, (n, nbytes), raw.tobytes())
        prm = block(fmt, src_w, src_h, images, **kw)
        tprm = OpTensor(self, acl.ACL_UINT8, (len(prm),), prm)
        tout = OpTensor(self, otype, dims,
                        fmt=acl.ACL_FORMAT_NHWC if nhwc else acl.ACL_FORMAT_NCHW)
        ret = execute("Aipp", [timg, tprm], [tout], 0, self.stream)
        if ret == 0:
            ret = acl.rt.synchronize_stream(self.stream)
        if ret != 0:
            return ret, None
        got = np.frombuffer(tout.raw(), dtype).astype(np.float32).reshape(dims)
        if not nhwc:
            got = got.transpose(0, 2, 3, 1)
        return got, want

    def check(self, got, want, dtype="float32"):
        self.assertNotIsInstance(got, int, acl.get_recent_err_msg())
        self.assertEqual(got.shape, want.shape)
        if dtype == "float16":
            want = want.astype(np.float16).astype(np.float32)
        np.testing.assert_array_equal(got, want)

    @needs_numpy
    def test_rgb888_crop_pad_norm_nchw_f32(self):
        im = {"crop": (2, 1, 6, 5), "pad": (1, 2, 3, 0), "mean": [10, 20, 30, 0],
              "min": [1.5, 2.25, 0.0, 0], "var": [0.0171, 0.0175, 0.0174, 1]}
        got, want = self.run_aipp(RGB, 10, 8, [im], pad_value=-1.5)
        self.check(got, want)

    @needs_numpy
    def test_rgb888_to_yuv_csc_rbuv_nhwc_f16(self):
        csc = (RGB2YUV, [16, 128, 128], [0, 0, 0])
        im = {"mean": [16, 128, 128, 0], "var": [0.5, 0.25, 0.125, 1]}
        got, want = self.run_aipp(RGB, 9, 7, [im], nhwc=True, dtype="float16", csc=csc, rbuv=1)
        self.check(got, want, "float16")

    @needs_numpy
    def test_yuv420sp_to_rgb_crop_nchw(self):
        csc = (YUV2RGB, [0, 0, 0], [16, 128, 128])
        im = {"crop": (2, 2, 8, 4), "min": [0.5, 0.5, 0.5, 0]}
        for rbuv in (0, 1):  # NV12, NV21
            got, want = self.run_aipp(YUV420SP, 12, 8, [im], csc=csc, rbuv=rbuv)
            self.check(got, want)

    @needs_numpy
    def test_xrgb_ax_swap_batch_of_two(self):
        ims = [{"crop": (0, 0, 4, 4), "mean": [1, 2, 3, 0]},
               {"crop": (3, 2, 4, 4), "var": [2.0, 0.5, 1.0, 1.0]}]
        for ax in (0, 1):
            got, want = self.run_aipp(XRGB, 8, 6, ims, ax=ax, rbuv=1)
            self.check(got, want)

    @needs_numpy
    def test_yuv400_pad_f16_nhwc(self):
        im = {"pad": (2, 0, 0, 3), "mean": [100, 0, 0, 0], "var": [0.01, 1, 1, 1]}
        got, want = self.run_aipp(YUV400, 6, 5, [im], nhwc=True, dtype="float16", pad_value=7)
        self.check(got, want, "float16")

    def test_refusals(self):
        # The kernel refuses with ACL_ERROR_INVALID_PARAM, which the stream reports at
        # synchronisation (the message names the task; aclmdlSetInputAIPP checks the same
        # things before an execution, with the message, test_aipp_model.py)
        bad = [(RGB, [{"crop": (6, 0, 4, 4)}], (4, 4)),  # a crop outside the source
               (RGB, [{}], (4, 4)),                     # an output unlike the parameters'
               (8, [{}], (8, 8))]                       # YUYV_U8: not run by cpuacl
        for fmt, ims, hw in bad:
            ret, _ = self.run_aipp_raw(fmt, 8, 8, ims, hw)
            self.assertEqual(ret, acl.ACL_ERROR_INVALID_PARAM, (fmt, ims, hw))

    def run_aipp_raw(self, fmt, src_w, src_h, images, out_hw):
        n, c = len(images), CHANNELS.get(fmt, 3)
        timg = OpTensor(self, acl.ACL_UINT8, (n, src_w * src_h * 4), bytes(n * src_w * src_h * 4))
        prm = block(fmt, src_w, src_h, images)
        tprm = OpTensor(self, acl.ACL_UINT8, (len(prm),), prm)
        tout = OpTensor(self, acl.ACL_FLOAT, (n, c) + tuple(out_hw), fmt=acl.ACL_FORMAT_NCHW)
        ret = execute("Aipp", [timg, tprm], [tout], 0, self.stream)
        if ret == 0:
            ret = acl.rt.synchronize_stream(self.stream)
        return ret, tout


if __name__ == "__main__":
    acltest.main()
