# SPDX-License-Identifier: Apache-2.0
"""tests/atc/atc_gears.py: ONNX models with dynamic dims converted by atc with
each gear option (--dynamic_batch_size, --dynamic_image_size, --dynamic_dims),
loaded and run from Python gear by gear with pyACL's dynamic calls
(acl.mdl.get_input_index_by_name(ACL_DYNAMIC_TENSOR_NAME),
set_dynamic_batch_size, set_dynamic_hw_size, set_input_dynamic_dims,
get_dynamic_batch, get_dynamic_hw, get_input_dynamic_gear_count,
get_input_dynamic_dims, get_cur_output_dims), sync and async, each output
compared with numpy; an unset dataset runs the largest gear; a gear not
configured is refused with ACL_ERROR_GE_DYNAMIC_BATCH_SIZE_INVALID; atc
refuses gears the inputs do not fit. Usage: atc_gears.py <atc binary>
(PYTHONPATH names the build's acl package); exit 77 without onnx or numpy."""
import os
import subprocess
import sys
import tempfile

DYNAMIC_BATCH_SIZE_INVALID = 145013
RNG_SEED = 2811


def main():
    try:
        import numpy as np
        import onnx
        from onnx import TensorProto, helper, numpy_helper
    except ImportError:
        print("skip: needs numpy and the onnx Python module (python3-onnx)")
        return 77
    import acl
    H2D, D2H = acl.ACL_MEMCPY_HOST_TO_DEVICE, acl.ACL_MEMCPY_DEVICE_TO_HOST
    atc = sys.argv[1]
    tmp = tempfile.mkdtemp(prefix="atc_gears_")
    rng = np.random.default_rng(RNG_SEED)
    fails = []

    def check(what, cond, detail=""):
        if not cond:
            fails.append("%s %s" % (what, detail))

    def ok(ret, what):
        if isinstance(ret, tuple):
            ret = ret[-1]
        if ret != 0:
            raise AssertionError("%s -> %d: %s" % (what, ret, acl.get_recent_err_msg()))

    def save(name, nodes, inputs, outputs, inits):
        g = helper.make_graph(nodes, name,
                              [helper.make_tensor_value_info(n, TensorProto.FLOAT, s)
                               for n, s in inputs],
                              [helper.make_tensor_value_info(n, TensorProto.FLOAT, s)
                               for n, s in outputs],
                              [numpy_helper.from_array(v, n) for n, v in inits.items()])
        m = helper.make_model(g, opset_imports=[helper.make_opsetid("", 13)])
        onnx.checker.check_model(m)
        path = os.path.join(tmp, name + ".onnx")
        onnx.save(m, path)
        return path

    def convert(model, out, *opts):
        p = subprocess.run([atc, "--model=" + model, "--framework=5", "--output=" + out,
                            "--soc_version=Ascend310P3", *opts], capture_output=True, text=True)
        return p.returncode, p.stdout + p.stderr

    # ---- the models and their numpy references ----
    w = rng.standard_normal((8, 6)).astype(np.float32)
    b = rng.standard_normal(6).astype(np.float32)
    mlp = save("mlp", [helper.make_node("Gemm", ["x", "w", "b"], ["g"]),
                       helper.make_node("Relu", ["g"], ["y"])],
               [("x", ["N", 8])], [("y", ["N", 6])], {"w": w, "b": b})

    def mlp_ref(x):
        return np.maximum(x @ w + b, 0)

    f = (rng.standard_normal((4, 2, 3, 3)) * 0.5).astype(np.float32)
    conv = save("conv", [helper.make_node("Conv", ["x", "f"], ["c"], pads=[1, 1, 1, 1]),
                         helper.make_node("Relu", ["c"], ["y"])],
                [("x", [1, 2, "H", "W"])], [("y", [1, 4, "H", "W"])], {"f": f})

    def conv_ref(x):
        _, _, hh, ww = x.shape
        p = np.pad(x, ((0, 0), (0, 0), (1, 1), (1, 1)))
        y = np.zeros((1, 4, hh, ww))
        for di in range(3):
            for dj in range(3):
                y += np.einsum("kc,nchw->nkhw", f[:, :, di, dj],
                               p[:, :, di:di + hh, dj:dj + ww])
        return np.maximum(y, 0)

    w2 = rng.standard_normal((8, 6)).astype(np.float32)
    two = save("two", [helper.make_node("MatMul", ["x", "w"], ["m"]),
                       helper.make_node("Add", ["m", "z"], ["y"])],
               [("x", ["A", 8]), ("z", ["A", "B"])], [("y", ["A", 6])], {"w": w2})

    def two_ref(x, z):
        return x @ w2 + z

    # ---- runs ----
    ok(acl.init(), "init")
    ok(acl.rt.set_device(0), "set_device")
    stream, ret = acl.rt.create_stream()
    ok(ret, "create_stream")

    def dataset(sizes):
        ds = acl.mdl.create_dataset()
        bufs = []
        for n in sizes:
            p, ret = acl.rt.malloc(n, 0)
            ok(ret, "malloc")
            ok(acl.rt.memset(p, n, 0, n), "memset")
            db = acl.create_data_buffer(p, n)
            ok(acl.mdl.add_dataset_buffer(ds, db), "add_dataset_buffer")
            bufs.append((p, n, db))
        return ds, bufs

    def free(ds, bufs):
        for p, _, db in bufs:
            acl.destroy_data_buffer(db)
            acl.rt.free(p)
        ok(acl.mdl.destroy_dataset(ds), "destroy_dataset")

    def put(bufs, i, v):
        host = np.ascontiguousarray(v, dtype=np.float32).tobytes()
        ok(acl.rt.memcpy(bufs[i][0], bufs[i][1], acl.util.bytes_to_ptr(host), len(host), H2D),
           "memcpy H2D")

    def get(bufs, i, shape):
        n = int(np.prod(shape)) * 4
        buf = bytearray(n)
        ok(acl.rt.memcpy(acl.util.bytes_to_ptr(buf), n, bufs[i][0], n, D2H), "memcpy D2H")
        return np.frombuffer(bytes(buf), dtype=np.float32).reshape(shape)

    def load(path):
        mid, ret = acl.mdl.load_from_file(path)
        ok(ret, "load_from_file " + path)
        desc = acl.mdl.create_desc()
        ok(acl.mdl.get_desc(desc, mid), "get_desc")
        gi, ret = acl.mdl.get_input_index_by_name(desc, acl.mdl.ACL_DYNAMIC_TENSOR_NAME)
        ok(ret, "get_input_index_by_name")
        check("gear input is the last", gi == acl.mdl.get_num_inputs(desc) - 1, str(gi))
        ins = [acl.mdl.get_input_size_by_index(desc, i)
               for i in range(acl.mdl.get_num_inputs(desc))]
        outs = [acl.mdl.get_output_size_by_index(desc, i)
                for i in range(acl.mdl.get_num_outputs(desc))]
        return mid, desc, gi, dataset(ins), dataset(outs)

    def compare(what, got, want):
        check(what, got.shape == want.shape and np.allclose(got, want, rtol=1e-4, atol=1e-4),
              "max diff %s" % (np.abs(got - want).max() if got.shape == want.shape
                               else "shape %s, want %s" % (got.shape, want.shape)))

    # batch gears
    om = os.path.join(tmp, "mlp_b")
    rc, log = convert(mlp, om, "--input_shape=x:-1,8", "--dynamic_batch_size=1,2,4")
    check("atc --dynamic_batch_size", rc == 0, log)
    if rc == 0:
        mid, desc, gi, (ids, ib), (ods, ob) = load(om + ".om")
        batch, ret = acl.mdl.get_dynamic_batch(desc)
        check("get_dynamic_batch", ret == 0 and batch["batch"] == [1, 2, 4], str(batch))
        dims, ret = acl.mdl.get_input_dims(desc, 0)
        check("input dims -1", dims["dims"] == [-1, 8], str(dims))
        for bs in (1, 2, 4):
            x = rng.standard_normal((bs, 8)).astype(np.float32)
            put(ib, 0, x)
            ok(acl.mdl.set_dynamic_batch_size(mid, ids, gi, bs), "set_dynamic_batch_size")
            cur, ret = acl.mdl.get_cur_output_dims(desc, 0)
            check("cur output dims batch %d" % bs, cur["dims"] == [bs, 6], str(cur))
            ok(acl.mdl.execute(mid, ids, ods), "execute")
            compare("batch %d" % bs, get(ob, 0, (bs, 6)), mlp_ref(x))
            ok(acl.mdl.execute_async(mid, ids, ods, stream), "execute_async")
            ok(acl.rt.synchronize_stream(stream), "synchronize_stream")
            compare("batch %d async" % bs, get(ob, 0, (bs, 6)), mlp_ref(x))
        check("batch 3 refused", acl.mdl.set_dynamic_batch_size(mid, ids, gi, 3) ==
              DYNAMIC_BATCH_SIZE_INVALID)
        # a fresh dataset runs the largest gear
        fds, fb = dataset([acl.mdl.get_input_size_by_index(desc, i) for i in range(2)])
        x = rng.standard_normal((4, 8)).astype(np.float32)
        put(fb, 0, x)
        ok(acl.mdl.execute(mid, fds, ods), "execute (unset)")
        compare("unset dataset: batch 4", get(ob, 0, (4, 6)), mlp_ref(x))
        free(fds, fb)
        free(ids, ib)
        free(ods, ob)
        ok(acl.mdl.destroy_desc(desc), "destroy_desc")
        ok(acl.mdl.unload(mid), "unload")

    # H*W gears
    om = os.path.join(tmp, "conv_hw")
    rc, log = convert(conv, om, "--input_shape=x:1,2,-1,-1", "--dynamic_image_size=4,6;8,8;5,3",
                      "--input_format=NCHW")
    check("atc --dynamic_image_size", rc == 0, log)
    if rc == 0:
        mid, desc, gi, (ids, ib), (ods, ob) = load(om + ".om")
        hw, ret = acl.mdl.get_dynamic_hw(desc, -1)
        check("get_dynamic_hw", ret == 0 and hw["hw"] == [[4, 6], [8, 8], [5, 3]], str(hw))
        for h, wd in ((4, 6), (8, 8), (5, 3)):
            x = rng.standard_normal((1, 2, h, wd)).astype(np.float32)
            put(ib, 0, x)
            ok(acl.mdl.set_dynamic_hw_size(mid, ids, gi, h, wd), "set_dynamic_hw_size")
            ok(acl.mdl.execute(mid, ids, ods), "execute")
            compare("H*W %dx%d" % (h, wd), get(ob, 0, (1, 4, h, wd)), conv_ref(x))
        check("6x4 refused", acl.mdl.set_dynamic_hw_size(mid, ids, gi, 6, 4) ==
              DYNAMIC_BATCH_SIZE_INVALID)
        free(ids, ib)
        free(ods, ob)
        ok(acl.mdl.destroy_desc(desc), "destroy_desc")
        ok(acl.mdl.unload(mid), "unload")

    # dims gears
    om = os.path.join(tmp, "two_dims")
    rc, log = convert(two, om, "--input_shape=x:-1,8;z:-1,-1", "--dynamic_dims=1,1,6;3,3,6",
                      "--input_format=ND")
    check("atc --dynamic_dims", rc == 0, log)
    if rc == 0:
        mid, desc, gi, (ids, ib), (ods, ob) = load(om + ".om")
        count, ret = acl.mdl.get_input_dynamic_gear_count(desc, -1)
        check("gear count", ret == 0 and count == 2, str(count))
        gears, ret = acl.mdl.get_input_dynamic_dims(desc, -1, count)
        check("gear dims", ret == 0 and [g["dims"] for g in gears] ==
              [[1, 8, 1, 6], [3, 8, 3, 6]], str(gears))
        for g in gears:
            a = g["dims"][0]
            x = rng.standard_normal((a, 8)).astype(np.float32)
            z = rng.standard_normal((a, 6)).astype(np.float32)
            put(ib, 0, x)
            put(ib, 1, z)
            ok(acl.mdl.set_input_dynamic_dims(mid, ids, gi, g), "set_input_dynamic_dims")
            ok(acl.mdl.execute(mid, ids, ods), "execute")
            compare("dims %s" % g["dims"], get(ob, 0, (a, 6)), two_ref(x, z))
        bad = {"name": "", "dimCount": 4, "dims": [2, 8, 2, 6]}
        check("dims 2 refused", acl.mdl.set_input_dynamic_dims(mid, ids, gi, bad) ==
              DYNAMIC_BATCH_SIZE_INVALID)
        free(ids, ib)
        free(ods, ob)
        ok(acl.mdl.destroy_desc(desc), "destroy_desc")
        ok(acl.mdl.unload(mid), "unload")

    # atc refuses gears the inputs do not fit
    for what, args, needle in (
            ("batch with two -1", [mlp, "--input_shape=x:-1,-1", "--dynamic_batch_size=1,2"],
             "one -1"),
            ("H*W with one -1", [conv, "--input_shape=x:1,2,4,-1",
                                 "--dynamic_image_size=4,6;8,8"], "two -1"),
            ("dims of another length", [two, "--input_shape=x:-1,8;z:-1,6",
                                        "--dynamic_dims=1,1,1;2,2,2", "--input_format=ND"],
             "2 positive"),
            ("a gear that does not compile", [two, "--input_shape=x:-1,8;z:-1,-1",
                                              "--dynamic_dims=2,3,6;3,3,6", "--input_format=ND"],
             "gear 0")):
        rc, log = convert(args[0], os.path.join(tmp, "refused"), *args[1:])
        check("atc refuses " + what, rc != 0 and needle in log, log)

    ok(acl.rt.destroy_stream(stream), "destroy_stream")
    ok(acl.rt.reset_device(0), "reset_device")
    ok(acl.finalize(), "finalize")
    for f in fails:
        print("FAIL " + f)
    print("atc_gears: %s" % ("FAILED" if fails else "ok"))
    return 1 if fails else 0


if __name__ == "__main__":
    sys.exit(main())
