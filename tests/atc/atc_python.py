# SPDX-License-Identifier: Apache-2.0
"""tests/atc/atc_python.py: the models of make_models.py converted by atc and
run from Python with pyACL's calls (acl.mdl.load_from_file, get_desc,
create_dataset, add_dataset_buffer, execute, unload), each output compared
with numpy's reference (the test data's output_<i>.pb); the MLP also with
--output_type=FP16 (its output described and delivered as float16).
With --torch <bench/bench_model_torch.py>: that file's PyTorch models (the
CNN, the two-input two-output MLP, the transformer block) exported to ONNX,
compared with PyTorch's outputs (docs/atc.md, "End to end from PyTorch"),
and the CNN again with dynamic batch gears (--dynamic_batch_size=1,2,4: each
gear b against PyTorch's first b outputs) and with static and dynamic AIPP on
uint8 RGB888 images (against PyTorch's output on their normalisation,
bench_model_torch.py's cnn/aipp data).
Usage: atc_python.py <atc binary> [--torch <script>] (PYTHONPATH names the
build's acl package); exit 77 without the onnx Python module, numpy or (with
--torch) torch."""
import os
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
# (model, extra atc options, output numpy type, rtol)
MODELS = (("mlp", [], "float32", 1e-4), ("cnn", [], "float32", 1e-4),
          ("two_io", [], "float32", 1e-4), ("layer_norm", [], "float32", 1e-4),
          ("mlp", ["--output_type=FP16"], "float16", 2e-3))
# PyTorch's models: float32 outputs within 1e-5 + 1e-4 |want| (docs/atc.md)
TORCH_MODELS = (("cnn", [], "float32", 1e-4), ("mlp2", [], "float32", 1e-4),
                ("block", [], "float32", 1e-4))


def main():
    try:
        import numpy as np
        import onnx
        from onnx import numpy_helper
    except ImportError:
        print("skip: needs numpy and the onnx Python module (python3-onnx)")
        return 77
    import acl
    H2D, D2H = acl.ACL_MEMCPY_HOST_TO_DEVICE, acl.ACL_MEMCPY_DEVICE_TO_HOST
    atc = sys.argv[1]
    tmp = tempfile.mkdtemp(prefix="atc_py_")
    models = MODELS
    if sys.argv[2:3] == ["--torch"]:
        p = subprocess.run([sys.executable, sys.argv[3], "export", tmp], check=True,
                           capture_output=True, text=True)
        if p.stdout.startswith("notorch"):
            print("skip: needs torch (python3-torch)")
            return 77
        models = TORCH_MODELS
    else:
        subprocess.run([sys.executable, os.path.join(HERE, "make_models.py"), tmp], check=True)
    fails = []

    def ok(ret, what):
        if isinstance(ret, tuple):
            ret = ret[-1]
        if ret != 0:
            raise AssertionError("%s -> %d: %s" % (what, ret, acl.get_recent_err_msg()))

    def dataset(sizes):
        ds = acl.mdl.create_dataset()
        bufs = []
        for n in sizes:
            p, ret = acl.rt.malloc(n, 0)
            ok(ret, "malloc")
            db = acl.create_data_buffer(p, n)
            ok(acl.mdl.add_dataset_buffer(ds, db), "add_dataset_buffer")
            bufs.append((p, n, db))
        return ds, bufs

    def free(ds, bufs):
        for p, _, db in bufs:
            acl.destroy_data_buffer(db)
            acl.rt.free(p)
        ok(acl.mdl.destroy_dataset(ds), "destroy_dataset")

    ok(acl.init(), "init")
    ok(acl.rt.set_device(0), "set_device")
    for name, extra, otype, rtol in models:
        d = os.path.join(tmp, name)
        om = d + "_" + otype
        p = subprocess.run([atc, "--model=" + os.path.join(d, "model.onnx"), "--framework=5",
                            "--output=" + om, "--soc_version=Ascend310P3", *extra],
                           capture_output=True, text=True)
        if p.returncode != 0:
            fails.append("%s: atc failed: %s" % (name, p.stderr))
            continue
        data = os.path.join(d, "test_data_set_0")
        ins = [numpy_helper.to_array(onnx.load_tensor(os.path.join(data, f)))
               for f in sorted(os.listdir(data)) if f.startswith("input_")]
        outs = [numpy_helper.to_array(onnx.load_tensor(os.path.join(data, f)))
                for f in sorted(os.listdir(data)) if f.startswith("output_")]
        mid, ret = acl.mdl.load_from_file(om + ".om")
        ok(ret, name + ": load_from_file")
        desc = acl.mdl.create_desc()
        ok(acl.mdl.get_desc(desc, mid), name + ": get_desc")
        if (acl.mdl.get_num_inputs(desc), acl.mdl.get_num_outputs(desc)) != (len(ins), len(outs)):
            fails.append("%s: %d inputs, %d outputs" % (name, acl.mdl.get_num_inputs(desc),
                                                       acl.mdl.get_num_outputs(desc)))
            continue
        ids, ibufs = dataset([acl.mdl.get_input_size_by_index(desc, i) for i in range(len(ins))])
        ods, obufs = dataset([acl.mdl.get_output_size_by_index(desc, i)
                              for i in range(len(outs))])
        for (ptr, n, _), v in zip(ibufs, ins):
            host = np.ascontiguousarray(v).tobytes()
            if len(host) != n:
                fails.append("%s: input of %d bytes, model wants %d" % (name, len(host), n))
                continue
            ok(acl.rt.memcpy(ptr, n, acl.util.bytes_to_ptr(host), n, H2D), "memcpy H2D")
        ok(acl.mdl.execute(mid, ids, ods), name + ": execute")
        for i, ((ptr, n, _), want) in enumerate(zip(obufs, outs)):
            buf = bytearray(n)
            ok(acl.rt.memcpy(acl.util.bytes_to_ptr(buf), n, ptr, n, D2H), "memcpy D2H")
            dt = acl.mdl.get_output_data_type(desc, i)
            if dt != {"float32": acl.ACL_FLOAT, "float16": acl.ACL_FLOAT16}[otype]:
                fails.append("%s output %d: data type %d for %s" % (name, i, dt, otype))
            got = np.frombuffer(bytes(buf), dtype=otype).astype(np.float64)
            if got.size != want.size or not np.allclose(got, want.ravel(), rtol=rtol, atol=1e-3 *
                                                        (otype == "float16") + 1e-5):
                fails.append("%s output %d: max diff %s" % (
                    name, i, np.abs(got - want.ravel()).max() if got.size == want.size else
                    "(size %d, want %d)" % (got.size, want.size)))
            else:
                err = np.abs(got - want.ravel().astype(np.float64))
                print("%s output %d: max |got - want| %.3g, max relative %.3g" % (
                    name, i, err.max(), (err / np.maximum(np.abs(want.ravel()), 1e-30)).max()))
        free(ids, ibufs)
        free(ods, obufs)
        ok(acl.mdl.destroy_desc(desc), "destroy_desc")
        ok(acl.mdl.unload(mid), name + ": unload")
        print("%s (%s): %d outputs compared" % (name, otype, len(outs)))
    if models is TORCH_MODELS:
        torch_cnn_variants(acl, np, onnx, numpy_helper, atc, tmp, ok, dataset, free, fails)
    ok(acl.rt.reset_device(0), "reset_device")
    ok(acl.finalize(), "finalize")
    for f in fails:
        print("FAIL " + f)
    return 1 if fails else 0


AIPP_CONF = """aipp_op {
  aipp_mode : %s
%s}
"""
# bench_model_torch.py's AIPP_NORM as configuration keys
AIPP_STATIC = """  input_format : RGB888_U8
  src_image_size_w : 32
  src_image_size_h : 32
  mean_chn_0 : 120
  mean_chn_1 : 110
  mean_chn_2 : 100
  min_chn_0 : 0.5
  min_chn_1 : 0.25
  var_reci_chn_0 : 0.015625
  var_reci_chn_1 : 0.0166015625
  var_reci_chn_2 : 0.017578125
"""


def torch_cnn_variants(acl, np, onnx, numpy_helper, atc, tmp, ok, dataset, free, fails):
    """PyTorch's CNN with batch gears, static AIPP and dynamic AIPP."""
    H2D, D2H = acl.ACL_MEMCPY_HOST_TO_DEVICE, acl.ACL_MEMCPY_DEVICE_TO_HOST
    d = os.path.join(tmp, "cnn")
    data = os.path.join(d, "test_data_set_0")
    x = numpy_helper.to_array(onnx.load_tensor(os.path.join(data, "input_0.pb")))
    y = numpy_helper.to_array(onnx.load_tensor(os.path.join(data, "output_0.pb")))
    img = np.fromfile(os.path.join(d, "aipp", "image.bin"), np.uint8)
    y_aipp = numpy_helper.to_array(onnx.load_tensor(os.path.join(d, "aipp", "output_0.pb")))

    def convert(tag, extra):
        om = os.path.join(tmp, "cnn_" + tag)
        p = subprocess.run([atc, "--model=" + os.path.join(d, "model.onnx"), "--framework=5",
                            "--output=" + om, "--soc_version=Ascend310P3", *extra],
                           capture_output=True, text=True)
        if p.returncode != 0:
            fails.append("cnn %s: atc failed: %s" % (tag, p.stderr))
            return None, None
        mid, ret = acl.mdl.load_from_file(om + ".om")
        ok(ret, "cnn %s: load_from_file" % tag)
        desc = acl.mdl.create_desc()
        ok(acl.mdl.get_desc(desc, mid), "get_desc")
        return mid, desc

    def run(tag, mid, desc, first, want, before=None):
        """first: the bytes of input 0; before(ds) sets gears or AIPP; compare output 0's
        first want.size values."""
        ni = acl.mdl.get_num_inputs(desc)
        ids, ibufs = dataset([acl.mdl.get_input_size_by_index(desc, i) for i in range(ni)])
        ods, obufs = dataset([acl.mdl.get_output_size_by_index(desc, 0)])
        ptr, n, _ = ibufs[0]
        ok(acl.rt.memcpy(ptr, n, acl.util.bytes_to_ptr(first), len(first), H2D), "H2D")
        if before:
            before(ids)
        ok(acl.mdl.execute(mid, ids, ods), "cnn %s: execute" % tag)
        ptr, n, _ = obufs[0]
        buf = bytearray(n)
        ok(acl.rt.memcpy(acl.util.bytes_to_ptr(buf), n, ptr, n, D2H), "D2H")
        got = np.frombuffer(bytes(buf), np.float32)[:want.size].astype(np.float64)
        err = np.abs(got - want.ravel())
        if not np.allclose(got, want.ravel(), rtol=1e-4, atol=1e-5):
            fails.append("cnn %s: max diff %.3g" % (tag, err.max()))
        else:
            print("cnn %s: max |got - want| %.3g" % (tag, err.max()))
        free(ids, ibufs)
        free(ods, obufs)

    # dynamic batch gears: gear b is PyTorch's first b samples (eval mode: per sample)
    mid, desc = convert("gears", ["--input_shape=x0:-1,3,32,32", "--dynamic_batch_size=1,2,4"])
    if mid is not None:
        gin, ret = acl.mdl.get_input_index_by_name(desc, acl.mdl.ACL_DYNAMIC_TENSOR_NAME)
        ok(ret, "the gear input")
        for b in (2, 4, 1):
            run("gear %d" % b, mid, desc, np.ascontiguousarray(x[:b]).tobytes(), y[:b],
                lambda ds, b=b: ok(acl.mdl.set_dynamic_batch_size(mid, ds, gin, b), "set gear"))
        ok(acl.mdl.destroy_desc(desc), "destroy_desc")
        ok(acl.mdl.unload(mid), "unload")
    # static AIPP: the uint8 images in, PyTorch's output on their normalisation out
    conf = os.path.join(tmp, "cnn_static.cfg")
    with open(conf, "w") as f:
        f.write(AIPP_CONF % ("static", AIPP_STATIC))
    mid, desc = convert("static_aipp", ["--insert_op_conf=" + conf])
    if mid is not None:
        run("static AIPP", mid, desc, img.tobytes(), y_aipp)
        ok(acl.mdl.destroy_desc(desc), "destroy_desc")
        ok(acl.mdl.unload(mid), "unload")
    # dynamic AIPP: the same parameters through aclmdlSetInputAIPP
    conf = os.path.join(tmp, "cnn_dynamic.cfg")
    with open(conf, "w") as f:
        f.write(AIPP_CONF % ("dynamic", "  max_src_image_size : %d\n" % img.size))
    mid, desc = convert("dynamic_aipp", ["--insert_op_conf=" + conf])
    if mid is not None:
        a = acl.mdl.create_aipp(4)
        ok(acl.mdl.set_aipp_input_format(a, acl.ACL_RGB888_U8), "input format")
        ok(acl.mdl.set_aipp_src_image_size(a, 32, 32), "src size")
        for i in range(4):
            ok(acl.mdl.set_aipp_dtc_pixel_mean(a, 120, 110, 100, 0, i), "mean")
            ok(acl.mdl.set_aipp_dtc_pixel_min(a, 0.5, 0.25, 0.0, 0.0, i), "min")
            ok(acl.mdl.set_aipp_pixel_var_reci(a, 0.015625, 0.0166015625, 0.017578125, 1.0, i),
               "var")
        pin, ret = acl.mdl.get_input_index_by_name(desc, acl.mdl.ACL_DYNAMIC_AIPP_NAME)
        ok(ret, "the AIPP input")
        run("dynamic AIPP", mid, desc, img.tobytes(), y_aipp,
            lambda ds: ok(acl.mdl.set_input_aipp(mid, ds, pin, a), "set_input_aipp"))
        ok(acl.mdl.destroy_aipp(a), "destroy_aipp")
        ok(acl.mdl.destroy_desc(desc), "destroy_desc")
        ok(acl.mdl.unload(mid), "unload")


if __name__ == "__main__":
    sys.exit(main())
