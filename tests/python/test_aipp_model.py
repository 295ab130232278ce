# SPDX-License-Identifier: Apache-2.0
"""AIPP on offline models, from Python (acl.mdl): a small ONNX CNN (a 1x1
convolution, 3 -> 4 channels, batch 2) converted by atc with an
--insert_op_conf, fed uint8 images and compared with numpy's AIPP
(test_aipp_kernel.reference) followed by the convolution:
- static RGB888_U8 with crop and normalisation; static YUV420SP_U8 with the
  YUV->RGB conversion and padding (aclmdlGetInputDims / V2: H x 1.5);
- dynamic AIPP: the added ascend_dynamic_aipp_data input, set_input_aipp with
  a different crop per image, set_aipp_by_input_index;
- queries: get_aipp_type, get_first_aipp_info;
- dynamic batch gears (--dynamic_batch_size 1,2,4 with --input_shape x:-1,...):
  static AIPP run at each gear, dynamic AIPP with a parameter set for the
  largest gear (as CANN: aclmdlCreateAIPP takes it) whose first b entries the
  gear b uses;
- dynamic H*W gears (--dynamic_image_size with --input_shape x:2,3,-1,-1):
  static AIPP with src_image_size 0 (RGB888_U8, YUV420SP_U8 with the YUV->RGB
  conversion) at each gear's H x W, dynamic AIPP with the gear's source size
  at each gear; atc's refusals of a crop, a padding or a source size;
- misuse: a crop outside the source, a batch or output size unlike the
  model's, a source above max_src_image_size, set_input_aipp on the wrong
  input or on a model without dynamic AIPP, get_first_aipp_info on an input
  without AIPP (ACL_ERROR_GE_AIPP_NOT_EXIST); atc's refusals of bad
  configuration files (E10052 naming the line).
Needs numpy, the onnx module and the build's atc (skipped otherwise)."""
import os
import subprocess
import tempfile

try:  # before acl: libcpuacl's onnx protobuf descriptors clash when loaded first
    if os.environ.get("CPUACL_PY_HIDE_NUMPY") == "1":
        raise ImportError("numpy hidden")
    import onnx
    from onnx import TensorProto, helper, numpy_helper
except ImportError:
    onnx = None

import acltest
from acltest import Case, acl, needs_numpy, np
from test_aipp_kernel import RGB, YUV2RGB, YUV420SP, reference

setUpModule = acltest.setup_module
tearDownModule = acltest.teardown_module

ATC = os.path.join(os.environ.get("CPUACL_BUILD_DIR", ""), "atc", "atc")
N, C, H, W, OC = 2, 3, 6, 8, 4
GE_AIPP_NOT_EXIST = 145015


def make_model(path, weight, bias):
    x = helper.make_tensor_value_info("x", TensorProto.FLOAT, [N, C, H, W])
    y = helper.make_tensor_value_info("y", TensorProto.FLOAT, [N, OC, H, W])
    node = helper.make_node("Conv", ["x", "w", "b"], ["y"], name="conv", kernel_shape=[1, 1])
    g = helper.make_graph([node], "aipp_cnn", [x], [y],
                          [numpy_helper.from_array(weight, "w"),
                           numpy_helper.from_array(bias, "b")])
    onnx.save(helper.make_model(g, opset_imports=[helper.make_opsetid("", 13)]), path)


def conv(x, weight, bias):
    """x: N x H x W x C (AIPP's output) -> N x OC x H x W."""
    return np.einsum("nhwc,oc->nohw", x.astype(np.float64), weight[:, :, 0, 0]) + \
        bias[None, :, None, None]


# static RGB888 with crop and normalisation, and what numpy's reference takes of it
RGB_CONF = """# static RGB888 with crop
aipp_op {
  aipp_mode : static
  related_input_rank : 0
  input_format : RGB888_U8
  src_image_size_w : 10
  src_image_size_h : 9
  crop : true
  load_start_pos_w : 1
  load_start_pos_h : 2
  crop_size_w : 8
  crop_size_h : 6
  mean_chn_0 : 120
  mean_chn_1 : 110
  mean_chn_2 : 100
  min_chn_0 : 0.5
  min_chn_1 : 0.25
  var_reci_chn_0 : 0.0171
  var_reci_chn_1 : 0.0175
  var_reci_chn_2 : 0.0174
}
"""
RGB_IM = {"crop": (1, 2, W, H), "mean": [120, 110, 100, 0], "min": [0.5, 0.25, 0, 0],
          "var": [0.0171, 0.0175, 0.0174, 1]}


class AippModel(Case):
    @classmethod
    def setUpClass(cls):
        cls.tmp = tempfile.mkdtemp(prefix="aipp_model_")
        cls.have = onnx is not None and np is not None and os.access(ATC, os.X_OK)
        if not cls.have:
            return
        rng = np.random.default_rng(2804)
        cls.weight = rng.standard_normal((OC, C, 1, 1)).astype(np.float32)
        cls.bias = rng.standard_normal((OC,)).astype(np.float32)
        cls.onnx = os.path.join(cls.tmp, "cnn.onnx")
        make_model(cls.onnx, cls.weight, cls.bias)

    def setUp(self):
        if not self.have:
            self.skipTest("needs numpy, the onnx module and atc")
        self.ok(acl.rt.set_device(0), "set_device")
        self.addCleanup(lambda: self.ok(acl.rt.reset_device(0), "reset_device"))

    def atc(self, name, conf, extra=()):
        cfg = os.path.join(self.tmp, name + ".cfg")
        with open(cfg, "w") as f:
            f.write(conf)
        out = os.path.join(self.tmp, name)
        p = subprocess.run([ATC, "--model=" + self.onnx, "--framework=5", "--output=" + out,
                            "--soc_version=Ascend310P3", "--insert_op_conf=" + cfg] + list(extra),
                           capture_output=True, text=True, timeout=120)
        return p.returncode, p.stderr, out + ".om"

    def load(self, name, conf, extra=()):
        rc, err, om = self.atc(name, conf, extra)
        self.assertEqual(rc, 0, err)
        mid, ret = acl.mdl.load_from_file(om)
        self.ok(ret, "load_from_file")
        self.addCleanup(lambda: self.ok(acl.mdl.unload(mid), "unload"))
        desc = acl.mdl.create_desc()
        self.ok(acl.mdl.get_desc(desc, mid), "get_desc")
        self.addCleanup(acl.mdl.destroy_desc, desc)
        return mid, desc

    def dataset(self, sizes):
        ds = acl.mdl.create_dataset()
        bufs = []
        for n in sizes:
            p, ret = acl.rt.malloc(n, 0)
            self.ok(ret, "malloc")
            db = acl.create_data_buffer(p, n)
            self.ok(acl.mdl.add_dataset_buffer(ds, db), "add_dataset_buffer")
            bufs.append((p, n, db))

        def free():
            for p, _, db in bufs:
                acl.destroy_data_buffer(db)
                acl.rt.free(p)
            acl.mdl.destroy_dataset(ds)
        self.addCleanup(free)
        return ds, bufs

    def run_model(self, mid, desc, inputs, aipp=None):
        """inputs: bytes per input (None: the dynamic AIPP input, filled by aipp(ds))."""
        ni = acl.mdl.get_num_inputs(desc)
        ids, ibufs = self.dataset([acl.mdl.get_input_size_by_index(desc, i) for i in range(ni)])
        ods, obufs = self.dataset([acl.mdl.get_output_size_by_index(desc, 0)])
        for (ptr, n, _), raw in zip(ibufs, inputs):
            if raw is not None:
                self.assertEqual(len(raw), n)
                self.ok(acl.rt.memcpy(ptr, n, acl.util.bytes_to_ptr(raw), n, acltest.H2D), "H2D")
        if aipp:
            aipp(ids)
        self.ok(acl.mdl.execute(mid, ids, ods), "execute")
        ptr, n, _ = obufs[0]
        return np.frombuffer(self.dev_bytes(ptr, n), np.float32).reshape(N, OC, H, W)

    def expect(self, got, aipp_out):
        want = conv(np.stack(aipp_out), self.weight, self.bias)
        np.testing.assert_allclose(got, want, rtol=1e-4, atol=1e-4)

    @needs_numpy
    def test_static_rgb888_crop_norm(self):
        im = RGB_IM
        mid, desc = self.load("rgb", RGB_CONF)
        self.assertEqual(acl.mdl.get_input_data_type(desc, 0), acl.ACL_UINT8)
        self.assertEqual(acl.mdl.get_input_format(desc, 0), acl.ACL_FORMAT_NHWC)
        self.assertEqual(acl.mdl.get_input_dims(desc, 0)[0]["dims"], [N, 9, 10, 3])
        self.assertEqual(acl.mdl.get_input_size_by_index(desc, 0), N * 9 * 10 * 3)
        raw = np.random.default_rng(1).integers(0, 256, (N, 9 * 10 * 3), dtype=np.uint8)
        got = self.run_model(mid, desc, [raw.tobytes()])
        self.expect(got, [reference(RGB, raw[i], 10, 9, im) for i in range(N)])
        t, attached, ret = acl.mdl.get_aipp_type(mid, 0)
        self.ok(ret, "get_aipp_type")
        self.assertEqual((t, attached), (acl.ACL_DATA_WITH_STATIC_AIPP, 0xFFFFFFFF))
        info, ret = acl.mdl.get_first_aipp_info(mid, 0)
        self.ok(ret, "get_first_aipp_info")
        self.assertEqual((info["inputFormat"], info["srcImageSizeW"], info["srcImageSizeH"]),
                         (RGB, 10, 9))
        self.assertEqual((info["cropSwitch"], info["loadStartPosW"], info["loadStartPosH"],
                          info["cropSizeW"], info["cropSizeH"]), (1, 1, 2, 8, 6))
        self.assertEqual((info["meanChn0"], info["meanChn2"]), (120, 100))
        self.assertAlmostEqual(info["varReciChn0"], 0.0171, places=4)
        self.assertEqual((info["srcFormat"], info["srcDatatype"], info["shapeCount"]),
                         (acl.ACL_FORMAT_NCHW, acl.ACL_FLOAT, 1))
        self.assertEqual(info["outDims"][0]["aippOutdims"]["dims"], [N, C, H, W])
        self.assertEqual(info["outDims"][0]["srcDims"]["dims"], [N, 9, 10, 3])
        # misuse on a static model
        ds = acl.mdl.create_dataset()
        a = acl.mdl.create_aipp(N)
        self.fails(acl.mdl.set_input_aipp(mid, ds, 0, a), acl.ACL_ERROR_INVALID_PARAM,
                   "set_input_aipp on a static model")
        acl.mdl.destroy_aipp(a)
        acl.mdl.destroy_dataset(ds)

    @needs_numpy
    def test_static_yuv420sp_csc_padding(self):
        im = {"pad": (1, 1, 0, 0), "var": [1 / 255, 1 / 255, 1 / 255, 1]}
        csc = (YUV2RGB, [0, 0, 0], [16, 128, 128])
        mid, desc = self.load("yuv", """aipp_op {
  aipp_mode: static
  input_format: YUV420SP_U8
  src_image_size_w: 8
  src_image_size_h: 4
  csc_switch: true
  matrix_r0c0: 298
  matrix_r0c1: 0
  matrix_r0c2: 409
  matrix_r1c0: 298
  matrix_r1c1: -100
  matrix_r1c2: -208
  matrix_r2c0: 298
  matrix_r2c1: 516
  matrix_r2c2: 0
  padding: true
  top_padding_size: 1
  bottom_padding_size: 1
  padding_value: 0.5
  var_reci_chn_0: 0.00392156862745098
  var_reci_chn_1: 0.00392156862745098
  var_reci_chn_2: 0.00392156862745098
}
""")
        self.assertEqual(acl.mdl.get_input_dims(desc, 0)[0]["dims"], [N, 4, 8, 1])
        self.assertEqual(acl.mdl.get_input_dims_v2(desc, 0)[0]["dims"], [N, 6, 8, 1])
        self.assertEqual(acl.mdl.get_input_size_by_index(desc, 0), N * 8 * 4 * 3 // 2)
        raw = np.random.default_rng(2).integers(0, 256, (N, 48), dtype=np.uint8)
        got = self.run_model(mid, desc, [raw.tobytes()])
        self.expect(got, [reference(YUV420SP, raw[i], 8, 4, im, csc=csc, pad_value=0.5)
                          for i in range(N)])

    def dynamic_model(self):
        return self.load("dyn", """aipp_op {
  aipp_mode : dynamic
  related_input_rank : 0
  max_src_image_size : %d
}
""" % (N * 10 * 9 * 3))

    def aipp_set(self, crops, src=(10, 9), batch=N, fmt=RGB):
        a = acl.mdl.create_aipp(batch)
        self.assertNotEqual(a, 0)
        self.addCleanup(acl.mdl.destroy_aipp, a)
        self.ok(acl.mdl.set_aipp_input_format(a, fmt), "input format")
        self.ok(acl.mdl.set_aipp_src_image_size(a, *src), "src size")
        for i, crop in enumerate(crops):  # None: no crop
            if crop is not None:
                self.ok(acl.mdl.set_aipp_crop_params(a, 1, *crop, i), "crop")
            self.ok(acl.mdl.set_aipp_dtc_pixel_mean(a, 10 * i, 20, 30, 0, i), "mean")
            self.ok(acl.mdl.set_aipp_pixel_var_reci(a, 0.5, 0.25, 0.125, 1.0, i), "var")
        return a

    @needs_numpy
    def test_dynamic(self):
        mid, desc = self.dynamic_model()
        self.assertEqual(acl.mdl.get_num_inputs(desc), 2)
        idx, ret = acl.mdl.get_input_index_by_name(desc, "ascend_dynamic_aipp_data")
        self.ok(ret, "get_input_index_by_name")
        self.assertEqual(idx, 1)
        size, ret = acl.mdl.get_aipp_data_size(N)
        self.assertEqual(acl.mdl.get_input_size_by_index(desc, 1), size)
        self.assertEqual(acl.mdl.get_aipp_type(mid, 0), (acl.ACL_DATA_WITH_DYNAMIC_AIPP, 1, 0))
        self.assertEqual(acl.mdl.get_aipp_type(mid, 1), (acl.ACL_DYNAMIC_AIPP_NODE, 0xFFFFFFFF,
                                                          0))
        info, ret = acl.mdl.get_first_aipp_info(mid, 0)
        self.ok(ret, "get_first_aipp_info")
        self.assertEqual(info["outDims"][0]["aippOutdims"]["dims"], [N, C, H, W])
        crops = [(0, 0, W, H), (2, 3, W, H)]
        raw = np.random.default_rng(3).integers(0, 256, (N, 270), dtype=np.uint8)
        ims = [{"crop": c, "mean": [10 * i, 20, 30, 0], "var": [0.5, 0.25, 0.125, 1]}
               for i, c in enumerate(crops)]
        want = [reference(RGB, raw[i], 10, 9, ims[i]) for i in range(N)]
        for by_data in (False, True):
            a = self.aipp_set(crops)

            def setter(ds, a=a, by_data=by_data):
                ret = acl.mdl.set_aipp_by_input_index(mid, ds, 0, a) if by_data else \
                    acl.mdl.set_input_aipp(mid, ds, 1, a)
                self.ok(ret, "set AIPP")
            got = self.run_model(mid, desc, [raw.tobytes(), None], setter)
            self.expect(got, want)

    @needs_numpy
    def test_dynamic_misuse(self):
        mid, desc = self.dynamic_model()
        ds, _ = self.dataset([acl.mdl.get_input_size_by_index(desc, i) for i in range(2)])
        bad = [("crop outside the source", self.aipp_set([(4, 0, W, H), (0, 0, W, H)]), 1,
                "not inside"),
               ("output unlike the model's", self.aipp_set([(0, 0, 4, 4), (0, 0, 4, 4)]), 1,
                "the model's input is 8x6"),
               ("batch unlike the model's", self.aipp_set([(0, 0, W, H)], batch=1), 1,
                "for 1 images"),
               ("source above max_src_image_size", self.aipp_set([(0, 0, W, H)] * 2,
                                                                 src=(20, 9)), 1,
                "max_src_image_size"),
               ("the image input, not the parameter input",
                self.aipp_set([(0, 0, W, H)] * 2), 0, "not a dynamic AIPP input")]
        for what, a, index, needle in bad:
            msg = self.fails(acl.mdl.set_input_aipp(mid, ds, index, a),
                             acl.ACL_ERROR_INVALID_PARAM, what)
            self.assertIn(needle, msg, what)
        self.fails(acl.mdl.set_aipp_by_input_index(mid, ds, 1, self.aipp_set([(0, 0, W, H)] * 2)),
                   acl.ACL_ERROR_FAILURE, "by input index on the parameter input")
        self.fails(acl.mdl.get_aipp_type(mid, 2), acl.ACL_ERROR_INVALID_PARAM, "index 2")
        self.fails(acl.mdl.get_first_aipp_info(mid, 1), GE_AIPP_NOT_EXIST, "no AIPP on input 1")
        self.fails(acl.mdl.set_input_aipp(12345, ds, 1, self.aipp_set([(0, 0, W, H)] * 2)),
                   acl.ACL_ERROR_INVALID_MODEL_ID, "unknown model")

    GEARS = (1, 2, 4)
    GEARED = ("--input_shape=x:-1,%d,%d,%d" % (C, H, W), "--dynamic_batch_size=1,2,4")

    def run_gear(self, mid, desc, b, images, aipp=None):
        """Run gear b with the first b images of images (bytes per image; the input holds the
        largest gear's); aipp(ds) fills the dynamic AIPP input. The gear's outputs."""
        ni = acl.mdl.get_num_inputs(desc)
        gear_in, ret = acl.mdl.get_input_index_by_name(desc, acl.mdl.ACL_DYNAMIC_TENSOR_NAME)
        self.ok(ret, "the gear input")
        ids, ibufs = self.dataset([acl.mdl.get_input_size_by_index(desc, i) for i in range(ni)])
        ods, obufs = self.dataset([acl.mdl.get_output_size_by_index(desc, 0)])
        raw = b"".join(images[:b])
        ptr, n, _ = ibufs[0]
        self.assertEqual(n, len(images[0]) * max(self.GEARS), "sized for the largest gear")
        self.ok(acl.rt.memcpy(ptr, n, acl.util.bytes_to_ptr(raw), len(raw), acltest.H2D), "H2D")
        self.ok(acl.mdl.set_dynamic_batch_size(mid, ids, gear_in, b), "set_dynamic_batch_size")
        if aipp:
            aipp(ids)
        self.ok(acl.mdl.execute(mid, ids, ods), "execute gear %d" % b)
        dims, ret = acl.mdl.get_cur_output_dims(desc, 0)
        self.ok(ret, "get_cur_output_dims")
        self.assertEqual(dims["dims"], [b, OC, H, W])
        ptr, n, _ = obufs[0]
        out = np.frombuffer(self.dev_bytes(ptr, n), np.float32)
        return out[:b * OC * H * W].reshape(b, OC, H, W)

    @needs_numpy
    def test_batch_gears_static(self):
        im = RGB_IM
        mid, desc = self.load("rgb_gears", RGB_CONF, self.GEARED)
        self.assertEqual(acl.mdl.get_input_dims(desc, 0)[0]["dims"], [-1, 9, 10, 3])
        batches, ret = acl.mdl.get_dynamic_batch(desc)
        self.ok(ret, "get_dynamic_batch")
        self.assertEqual(sorted(batches["batch"]), list(self.GEARS))
        self.assertEqual(acl.mdl.get_aipp_type(mid, 0)[:2],
                         (acl.ACL_DATA_WITH_STATIC_AIPP, 0xFFFFFFFF))
        info, ret = acl.mdl.get_first_aipp_info(mid, 0)
        self.ok(ret, "get_first_aipp_info")
        self.assertEqual(info["outDims"][0]["aippOutdims"]["dims"], [-1, C, H, W])
        self.assertEqual(info["outDims"][0]["aippOutSize"], max(self.GEARS) * C * H * W * 4)
        rng = np.random.default_rng(11)
        raw = rng.integers(0, 256, (max(self.GEARS), 270), dtype=np.uint8)
        for b in (2, 1, 4):
            got = self.run_gear(mid, desc, b, [r.tobytes() for r in raw])
            want = conv(np.stack([reference(RGB, raw[i], 10, 9, im) for i in range(b)]),
                        self.weight, self.bias)
            np.testing.assert_allclose(got, want, rtol=1e-4, atol=1e-4, err_msg="gear %d" % b)

    @needs_numpy
    def test_batch_gears_dynamic(self):
        top = max(self.GEARS)
        mid, desc = self.load("dyn_gears", """aipp_op {
  aipp_mode : dynamic
  max_src_image_size : %d
}
""" % (top * 270), self.GEARED)
        self.assertEqual(acl.mdl.get_input_dims(desc, 0)[0]["dims"], [-1, 270])
        self.assertEqual(acl.mdl.get_input_size_by_index(desc, 1),
                         acl.mdl.get_aipp_data_size(top)[0])
        self.assertEqual(acl.mdl.get_aipp_type(mid, 0), (acl.ACL_DATA_WITH_DYNAMIC_AIPP, 1, 0))
        crops = [(0, 0, W, H), (2, 3, W, H), (1, 1, W, H), (2, 0, W, H)]
        a = self.aipp_set(crops, batch=top)
        ims = [{"crop": c, "mean": [10 * i, 20, 30, 0], "var": [0.5, 0.25, 0.125, 1]}
               for i, c in enumerate(crops)]
        rng = np.random.default_rng(12)
        raw = rng.integers(0, 256, (top, 270), dtype=np.uint8)

        def setter(ds):
            self.ok(acl.mdl.set_input_aipp(mid, ds, 1, a), "set_input_aipp")
        for b in (4, 2, 1):
            got = self.run_gear(mid, desc, b, [r.tobytes() for r in raw], setter)
            want = conv(np.stack([reference(RGB, raw[i], 10, 9, ims[i]) for i in range(b)]),
                        self.weight, self.bias)
            np.testing.assert_allclose(got, want, rtol=1e-4, atol=1e-4, err_msg="gear %d" % b)
        ds, _ = self.dataset([acl.mdl.get_input_size_by_index(desc, i) for i in range(3)])
        msg = self.fails(acl.mdl.set_input_aipp(mid, ds, 1, self.aipp_set(crops[:2], batch=2)),
                         acl.ACL_ERROR_INVALID_PARAM, "a set for a smaller gear")
        self.assertIn("largest batch gear", msg)

    HW = ((6, 8), (4, 6), (2, 4))  # (height, width); the largest first
    HW_GEARED = ("--input_shape=x:%d,%d,-1,-1" % (N, C), "--dynamic_image_size=6,8;4,6;2,4")

    def run_hw(self, mid, desc, hw, images, aipp=None):
        """Run H*W gear hw with images (bytes per image, each at the start of its share of the
        image input); aipp(ds) fills the dynamic AIPP input. The gear's output, N x OC x h x w."""
        h, w = hw
        ni = acl.mdl.get_num_inputs(desc)
        gear_in, ret = acl.mdl.get_input_index_by_name(desc, acl.mdl.ACL_DYNAMIC_TENSOR_NAME)
        self.ok(ret, "the gear input")
        ids, ibufs = self.dataset([acl.mdl.get_input_size_by_index(desc, i) for i in range(ni)])
        ods, obufs = self.dataset([acl.mdl.get_output_size_by_index(desc, 0)])
        ptr, n, _ = ibufs[0]
        raw = b"".join(images)
        self.ok(acl.rt.memcpy(ptr, n, acl.util.bytes_to_ptr(raw), len(raw), acltest.H2D), "H2D")
        self.ok(acl.mdl.set_dynamic_hw_size(mid, ids, gear_in, h, w), "set_dynamic_hw_size")
        if aipp:
            aipp(ids)
        self.ok(acl.mdl.execute(mid, ids, ods), "execute gear %s" % (hw,))
        dims, ret = acl.mdl.get_cur_output_dims(desc, 0)
        self.ok(ret, "get_cur_output_dims")
        self.assertEqual(dims["dims"], [N, OC, h, w])
        ptr, n, _ = obufs[0]
        out = np.frombuffer(self.dev_bytes(ptr, n), np.float32)
        return out[:N * OC * h * w].reshape(N, OC, h, w)

    @needs_numpy
    def test_hw_gears_static(self):
        """Static AIPP with src_image_size 0: each gear's H x W; RGB888 and YUV420SP."""
        csc = (YUV2RGB, [0, 0, 0], [16, 128, 128])
        cases = [(RGB, "RGB888_U8", 3, 3, None, ""),
                 (YUV420SP, "YUV420SP_U8", 1, 1.5, csc, "  csc_switch : true\n" + "".join(
                     "  matrix_r%dc%d : %d\n" % (k // 3, k % 3, v)
                     for k, v in enumerate(YUV2RGB)))]
        for fmt, name, ch, per_px, fcsc, extra in cases:
            conf = ("aipp_op {\n  aipp_mode : static\n  input_format : %s\n"
                    "  src_image_size_w : 0\n  src_image_size_h : 0\n%s"
                    "  mean_chn_0 : 12\n  mean_chn_1 : 34\n  mean_chn_2 : 56\n"
                    "  var_reci_chn_0 : 0.5\n  var_reci_chn_1 : 0.25\n  var_reci_chn_2 : 2\n"
                    "}\n") % (name, extra)
            im = {"mean": [12, 34, 56, 0], "var": [0.5, 0.25, 2, 1]}
            mid, desc = self.load("hw_static_" + name, conf, self.HW_GEARED)
            self.assertEqual(acl.mdl.get_input_dims(desc, 0)[0]["dims"], [N, -1, -1, ch])
            self.assertEqual(acl.mdl.get_input_dims_v2(desc, 0)[0]["dims"], [N, -1, -1, ch])
            self.assertEqual(acl.mdl.get_input_size_by_index(desc, 0), int(N * 6 * 8 * per_px))
            hw, ret = acl.mdl.get_dynamic_hw(desc, -1)
            self.ok(ret, "get_dynamic_hw")
            self.assertEqual(sorted(map(tuple, hw["hw"])), sorted(self.HW))
            self.assertEqual(acl.mdl.get_aipp_type(mid, 0)[:2],
                             (acl.ACL_DATA_WITH_STATIC_AIPP, 0xFFFFFFFF))
            info, ret = acl.mdl.get_first_aipp_info(mid, 0)
            self.ok(ret, "get_first_aipp_info")
            self.assertEqual((info["srcImageSizeW"], info["srcImageSizeH"]), (0, 0))
            self.assertEqual(info["outDims"][0]["aippOutdims"]["dims"], [N, C, -1, -1])
            self.assertEqual(info["outDims"][0]["aippOutSize"], N * C * 6 * 8 * 4)
            rng = np.random.default_rng(13)
            for h, w in self.HW:
                size = int(h * w * per_px)
                raw = rng.integers(0, 256, (N, size), dtype=np.uint8)
                got = self.run_hw(mid, desc, (h, w), [r.tobytes() for r in raw])
                want = conv(np.stack([reference(fmt, raw[i], w, h, im, csc=fcsc)
                                      for i in range(N)]), self.weight, self.bias)
                np.testing.assert_allclose(got, want, rtol=1e-4, atol=1e-4,
                                           err_msg="%s gear %s" % (name, (h, w)))

    @needs_numpy
    def test_hw_gears_dynamic(self):
        """Dynamic AIPP: the source size of each run the gear's (no crop, resize, padding)."""
        top = N * 6 * 8 * 3
        mid, desc = self.load("hw_dynamic", "aipp_op {\n  aipp_mode : dynamic\n"
                              "  max_src_image_size : %d\n}\n" % top, self.HW_GEARED)
        self.assertEqual(acl.mdl.get_input_dims(desc, 0)[0]["dims"], [N, top // N])
        self.assertEqual(acl.mdl.get_input_size_by_index(desc, 1),
                         acl.mdl.get_aipp_data_size(N)[0])
        self.assertEqual(acl.mdl.get_aipp_type(mid, 0), (acl.ACL_DATA_WITH_DYNAMIC_AIPP, 1, 0))
        rng = np.random.default_rng(14)
        for h, w in self.HW:
            ims = [{"mean": [10 * i, 20, 30, 0], "var": [0.5, 0.25, 0.125, 1]} for i in range(N)]
            a = self.aipp_set([None] * N, src=(w, h))
            raw = rng.integers(0, 256, (N, top // N), dtype=np.uint8)

            def setter(ds, a=a):
                self.ok(acl.mdl.set_input_aipp(mid, ds, 1, a), "set_input_aipp")
            got = self.run_hw(mid, desc, (h, w), [r.tobytes() for r in raw], setter)
            want = conv(np.stack([reference(RGB, raw[i], w, h, ims[i]) for i in range(N)]),
                        self.weight, self.bias)
            np.testing.assert_allclose(got, want, rtol=1e-4, atol=1e-4, err_msg="gear %s" % (
                (h, w),))
        ds, _ = self.dataset([acl.mdl.get_input_size_by_index(desc, i) for i in range(3)])
        msg = self.fails(acl.mdl.set_input_aipp(mid, ds, 1, self.aipp_set([None] * N, src=(5, 5))),
                         acl.ACL_ERROR_INVALID_PARAM, "a source of no gear's size")
        self.assertIn("H*W gears", msg)
        msg = self.fails(acl.mdl.set_input_aipp(mid, ds, 1, self.aipp_set([(0, 0, 4, 2)] * N,
                                                                           src=(8, 6))),
                         acl.ACL_ERROR_INVALID_PARAM, "a crop with H*W gears")
        self.assertIn("no crop, resize or padding", msg)

    @needs_numpy
    def test_hw_gears_refused(self):
        """atc with --dynamic_image_size: CANN's rules (E10052, exit 1)."""
        bad = [("aipp_op {\n  aipp_mode: static\n  input_format: RGB888_U8\n  crop: true\n"
                "  crop_size_w: 4\n  crop_size_h: 2\n}\n", "line 4",
                "crop and padding cannot be set to 'true'"),
               ("aipp_op {\n  aipp_mode: static\n  input_format: RGB888_U8\n"
                "  padding: true\n}\n", "line 4", "crop and padding cannot be set to 'true'"),
               ("aipp_op {\n  aipp_mode: static\n  input_format: RGB888_U8\n"
                "  src_image_size_w: 8\n  src_image_size_h: 6\n}\n", "line 4",
                "src_image_size_w and src_image_size_h must be set to '0'")]
        for i, (conf, line, needle) in enumerate(bad):
            rc, err, _ = self.atc("hw_bad%d" % i, conf, self.HW_GEARED)
            self.assertEqual(rc, 1, conf)
            self.assertIn("E10052", err, conf)
            self.assertIn(line + ":", err, conf)
            self.assertIn(needle, err, conf)

    @needs_numpy
    def test_atc_refuses_bad_configs(self):
        bad = [("aipp_op {\n  aipp_mode: static\n  input_format: RGB888_U8\n  crop: maybe\n}\n",
                "line 4", "crop"),
               ("aipp_op {\n  aipp_mode: static\n  input_format: NV12\n}\n", "line 3",
                "input_format"),
               ("aipp_op {\n  aipp_mode: static\n  input_format: RGB888_U8\n"
                "  matrix_r0c0: 40000\n}\n", "line 4", "outside"),
               ("aipp_op {\n  aipp_mode: static\n  input_format: RGB888_U8\n  colour: 1\n}\n",
                "line 4", "unknown key"),
               ("aipp_op {\n  aipp_mode: static\n  aipp_mode: static\n}\n", "line 3",
                "twice"),
               ("aipp_op {\n  aipp_mode: static\n  input_format: RGB888_U8\n", "line 1",
                "closing"),
               ("aipp_op {\n  aipp_mode: static\n  input_format: RGB888_U8\n"
                "  src_image_size_w: 10\n  src_image_size_h: 9\n  crop: true\n"
                "  load_start_pos_w: 4\n  crop_size_w: 8\n  crop_size_h: 6\n}\n", "line 1",
                "not inside"),
               ("aipp_op {\n  aipp_mode: dynamic\n}\n", "line 1", "max_src_image_size"),
               ("aipp_op {\n  aipp_mode: static\n  related_input_rank: 3\n"
                "  input_format: RGB888_U8\n}\n", "line 3", "1 inputs"),
               ("aipp_op {\n  aipp_mode: static\n  input_format: YUV400_U8\n}\n", "line 1",
                "channels")]
        for i, (conf, line, needle) in enumerate(bad):
            rc, err, _ = self.atc("bad%d" % i, conf)
            self.assertNotEqual(rc, 0, conf)
            self.assertIn("E10052", err, conf)
            self.assertIn(line + ":", err, conf)
            self.assertIn(needle, err, conf)


if __name__ == "__main__":
    acltest.main()
