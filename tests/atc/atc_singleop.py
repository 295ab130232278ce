# SPDX-License-Identifier: Apache-2.0
"""tests/atc/atc_singleop.py: `atc --singleop` (docs/atc.md, "Single-operator models").
A description file of five operators (a default-named Add, a named ReduceSumD with list_int
and bool attributes, a LeakyRelu with a float attribute and a -1 dim with its shape range, a
Reshape with a const input, a Cast with an int attribute) converts to one model each under
--output with ATC's file names; each file loads with acl.op.load; the directory registers with
acl.op.set_model_dir, and acl.op.execute_v2 runs the instances the models describe (results
against numpy) and refuses others of those types with ACL_ERROR_OP_NOT_FOUND. Bad files: a
syntax error with its line, each semantic error with its E-code and the op's index and type,
an operator the table refuses, options that do not go with --singleop; a failed conversion
writes no file. Usage: atc_singleop.py <atc>; exit 77 without numpy."""
import json
import os
import subprocess
import sys
import tempfile

FAILS = []


def check(what, cond, detail=""):
    if not cond:
        FAILS.append(what)
        print("FAIL %s %s" % (what, detail))


OPS = [
    {"op": "Add",
     "input_desc": [{"format": "ND", "shape": [3, 3], "type": "int32"},
                    {"format": "ND", "shape": [3, 3], "type": "int32"}],
     "output_desc": [{"format": "ND", "shape": [3, 3], "type": "int32"}]},
    {"op": "ReduceSumD", "name": "reduce_sum",
     "input_desc": [{"format": "ND", "shape": [2, 3], "type": "float", "name": "x"}],
     "output_desc": [{"format": "ND", "shape": [2, 1], "type": "float", "name": "y"}],
     "attr": [{"name": "axes", "type": "list_int", "value": [1]},
              {"name": "keep_dims", "type": "bool", "value": True}]},
    {"op": "LeakyRelu", "compile_flag": 0,
     "input_desc": [{"format": "ND", "shape": [-1, 4], "shape_range": [[1, 8]], "type": "float"}],
     "output_desc": [{"format": "ND", "shape": [-1, 4], "shape_range": [[1, 8]],
                      "type": "float"}],
     "attr": [{"name": "negative_slope", "type": "float", "value": 0.25}]},
    {"op": "Reshape",
     "input_desc": [{"format": "ND", "shape": [2, 3], "type": "float"},
                    {"format": "ND", "shape": [2], "type": "int64", "is_const": True,
                     "const_value": [3, 2]}],
     "output_desc": [{"format": "ND", "shape": [3, 2], "type": "float"}]},
    {"op": "Cast",
     "input_desc": [{"format": "ND", "shape": [4], "type": "float"}],
     "output_desc": [{"format": "ND", "shape": [4], "type": "int32"}],
     "attr": [{"name": "dst_type", "type": "int", "value": 3}]},
]

NAMES = ["0_Add_3_2_3_3_3_2_3_3_3_2_3_3.om", "reduce_sum.om", "2_LeakyRelu_0_2_-1_4_0_2_-1_4.om",
         "3_Reshape_0_2_2_3_9_2_2_0_2_3_2.om", "4_Cast_0_2_4_3_2_4.om"]


def atc(*args):
    p = subprocess.run([ATC, *args], capture_output=True, text=True, timeout=120)
    return p.returncode, p.stdout, p.stderr


def refused(tmp, what, ops, *needles, raw=None, extra=()):
    """The description file refused: exit 1, ATC's failure line, every needle, no file."""
    path = os.path.join(tmp, "bad.json")
    with open(path, "w") as f:
        f.write(raw if raw is not None else json.dumps(ops, indent=1))
    out_dir = os.path.join(tmp, "bad_out")
    rc, out, err = atc("--singleop=" + path, "--output=" + out_dir, "--soc_version=Ascend910B1",
                       *extra)
    check(what + ": exit 1", rc == 1, "rc=%d" % rc)
    check(what + ": failure line", "ATC run failed" in err, err)
    for n in needles:
        check(what + ": mentions " + n, n in err, err)
    check(what + ": writes nothing", not os.path.exists(out_dir) or not os.listdir(out_dir))


def with_op(k, **changes):
    ops = json.loads(json.dumps(OPS))
    ops[k].update(changes)
    return ops


def bad_files(tmp):
    raw = json.dumps(OPS, indent=1).splitlines()
    raw[5] = raw[5] + " oops"  # line 6 of the file
    refused(tmp, "syntax error", None, "E10025", "line 6", raw="\n".join(raw))
    refused(tmp, "not a list", None, "E10025", "list of op descriptions", raw='{"op": "Add"}')
    ops = with_op(1)
    del ops[1]["op"]
    refused(tmp, "no op", ops, "E10026", "op 1")
    refused(tmp, "unknown type", with_op(1, input_desc=[{"format": "ND", "shape": [2, 3],
                                                         "type": "float7"}]),
            "E10027", "[input] tensor [0]", "Op [1: ReduceSumD]", "float7")
    refused(tmp, "undefined output", with_op(0, output_desc=[{"format": "RESERVED", "shape": [],
                                                              "type": "UNDEFINED"}]),
            "E10027", "[output]", "Op [0: Add]")
    refused(tmp, "ranges per -1 dim", with_op(2, input_desc=[{"format": "ND", "shape": [-1, 4],
                                                              "shape_range": [[1, 8], [4, 4]],
                                                              "type": "float"}]),
            "E10027", "shape_range", "Op [2: LeakyRelu]")
    refused(tmp, "unknown attribute type",
            with_op(4, attr=[{"name": "dst_type", "type": "long", "value": 3}]),
            "E13006", "long", "Op [4: Cast]")
    refused(tmp, "attribute value of another kind",
            with_op(1, attr=[{"name": "axes", "type": "list_int", "value": [1.5]},
                             {"name": "keep_dims", "type": "bool", "value": True}]),
            "E10030", "axes", "Op [1: ReduceSumD]")
    refused(tmp, "attribute without a name",
            with_op(4, attr=[{"type": "int", "value": 3}]), "E10029", "Op [4: Cast]")
    refused(tmp, "unknown operator", with_op(3, op="NoSuchOp"), "E19010", "Op [3: NoSuchOp]")
    refused(tmp, "instance the operator refuses",
            with_op(0, output_desc=[{"format": "ND", "shape": [3, 4], "type": "int32"}]),
            "E19010", "Op [0: Add]")
    refused(tmp, "const value count", with_op(3, input_desc=[
        {"format": "ND", "shape": [2, 3], "type": "float"},
        {"format": "ND", "shape": [2], "type": "int64", "is_const": True, "const_value": [6]}]),
        "E13014", "const_value")
    refused(tmp, "--model with --singleop", OPS, "E10001", "--model",
            extra=("--model=x.onnx",))
    rc, _, err = atc("--singleop=" + os.path.join(tmp, "ops.json"), "--soc_version=Ascend310")
    check("--output required", rc == 1 and "E10004" in err and "--output" in err, err)
    rc, _, err = atc("--singleop=" + os.path.join(tmp, "missing.json"), "--output=" + tmp,
                     "--soc_version=Ascend310")
    check("missing file", rc == 1 and "E10023" in err, err)


def run_models(out_dir):
    import numpy as np
    import acl
    H2D, D2H = acl.ACL_MEMCPY_HOST_TO_DEVICE, acl.ACL_MEMCPY_DEVICE_TO_HOST

    def ok(ret, what):
        if ret != 0:
            raise AssertionError("%s -> %d: %s" % (what, ret, acl.get_recent_err_msg()))

    ok(acl.init(), "init")
    ok(acl.rt.set_device(0), "set_device")
    stream, ret = acl.rt.create_stream()
    ok(ret, "create_stream")
    for name in NAMES:
        with open(os.path.join(out_dir, name), "rb") as f:
            data = f.read()
        ok(acl.op.load(data, len(data)), "acl.op.load " + name)
    ok(acl.op.set_model_dir(out_dir), "set_model_dir")

    held = []

    def tensor(arr, dtype):
        desc = acl.create_tensor_desc(dtype, list(arr.shape), acl.ACL_FORMAT_ND)
        dev, ret = acl.rt.malloc(max(arr.nbytes, 1), 0)
        ok(ret, "malloc")
        if arr.nbytes:
            ok(acl.rt.memcpy(dev, arr.nbytes, acl.util.numpy_to_ptr(arr), arr.nbytes, H2D), "H2D")
        buf = acl.create_data_buffer(dev, arr.nbytes)
        held.append((desc, buf, dev))
        return desc, buf, dev

    def run(op, ins, out_shape, out_np, attr=0):
        descs, bufs = [], []
        for arr, dt, const in ins:
            d, b, _ = tensor(arr, dt)
            if const:
                ok(acl.set_tensor_const(d, acl.util.numpy_to_ptr(arr), arr.nbytes), "const")
            descs.append(d)
            bufs.append(b)
        y = np.zeros(out_shape, dtype=out_np)
        yd, yb, ydev = tensor(y, {np.float32: acl.ACL_FLOAT, np.int32: acl.ACL_INT32}[out_np])
        ret = acl.op.execute_v2(op, descs, bufs, [yd], [yb], attr, stream)
        if ret == 0:
            ok(acl.rt.synchronize_stream(stream), "synchronize")
            ok(acl.rt.memcpy(acl.util.numpy_to_ptr(y), y.nbytes, ydev, y.nbytes, D2H), "D2H")
        return ret, y

    F, I32, I64 = acl.ACL_FLOAT, acl.ACL_INT32, acl.ACL_INT64
    a = np.arange(9, dtype=np.int32).reshape(3, 3)
    ret, y = run("Add", [(a, I32, False), (a, I32, False)], (3, 3), np.int32)
    check("Add runs its model", ret == 0 and (y == 2 * a).all(), "%d %s" % (ret, y))
    af = a.astype(np.float32)
    ret, _ = run("Add", [(af, F, False), (af, F, False)], (3, 3), np.float32)
    check("Add float32: no model", ret == acl.ACL_ERROR_OP_NOT_FOUND, ret)

    x = np.arange(6, dtype=np.float32).reshape(2, 3) - 2
    attr = acl.op.create_attr()
    ok(acl.op.set_attr_list_int(attr, "axes", [1]), "axes")
    ok(acl.op.set_attr_bool(attr, "keep_dims", True), "keep_dims")
    ret, y = run("ReduceSumD", [(x, F, False)], (2, 1), np.float32, attr)
    check("ReduceSumD runs its model", ret == 0 and np.allclose(y, x.sum(1, keepdims=True)),
          "%d %s" % (ret, y))
    ok(acl.op.set_attr_list_int(attr, "axes", [0]), "axes")
    ret, _ = run("ReduceSumD", [(x, F, False)], (1, 3), np.float32, attr)
    check("ReduceSumD other axes: no model", ret == acl.ACL_ERROR_OP_NOT_FOUND, ret)
    acl.op.destroy_attr(attr)

    slope = acl.op.create_attr()
    ok(acl.op.set_attr_float(slope, "negative_slope", 0.25), "slope")
    for rows, want in ((5, 0), (8, 0), (9, acl.ACL_ERROR_OP_NOT_FOUND)):
        v = (np.arange(rows * 4, dtype=np.float32).reshape(rows, 4) - 7)
        ret, y = run("LeakyRelu", [(v, F, False)], (rows, 4), np.float32, slope)
        check("LeakyRelu [%d, 4]" % rows, ret == want, "%d: %s" % (ret, acl.get_recent_err_msg()))
        if ret == 0:
            check("LeakyRelu values", np.allclose(y, np.where(v > 0, v, 0.25 * v)), y)
    acl.op.destroy_attr(slope)

    shape = np.array([3, 2], dtype=np.int64)
    ret, y = run("Reshape", [(x, F, False), (shape, I64, True)], (3, 2), np.float32)
    check("Reshape with its const shape", ret == 0 and (y == x.reshape(3, 2)).all(), ret)

    cast = acl.op.create_attr()
    ok(acl.op.set_attr_int(cast, "dst_type", 3), "dst_type")
    c = np.array([1.5, -2.5, 3.0, 7.9], dtype=np.float32)
    ret, y = run("Cast", [(c, F, False)], (4,), np.int32, cast)
    check("Cast runs its model", ret == 0 and list(y) == [1, -2, 3, 7], "%d %s" % (ret, y))
    acl.op.destroy_attr(cast)

    for d, b, dev in held:
        acl.destroy_data_buffer(b)
        acl.destroy_tensor_desc(d)
        acl.rt.free(dev)
    ok(acl.rt.destroy_stream(stream), "destroy_stream")
    ok(acl.rt.reset_device(0), "reset_device")
    ok(acl.finalize(), "finalize")


def main():
    global ATC
    ATC = sys.argv[1]
    try:
        import numpy  # noqa: F401
    except ImportError:
        print("skip: needs numpy")
        return 77
    tmp = tempfile.mkdtemp(prefix="atc_singleop_")
    path = os.path.join(tmp, "ops.json")
    with open(path, "w") as f:
        json.dump(OPS, f, indent=2)
    out_dir = os.path.join(tmp, "out", "op_models")
    rc, out, err = atc("--singleop=" + path, "--output=" + out_dir, "--soc_version=Ascend910B1")
    check("conversion succeeds", rc == 0 and "ATC run success" in out, err)
    got = sorted(os.listdir(out_dir)) if os.path.isdir(out_dir) else []
    check("one model an op, ATC's names", got == sorted(NAMES), got)
    bad_files(tmp)
    if not FAILS:
        run_models(out_dir)
    if FAILS:
        print("%d failures" % len(FAILS))
        return 1
    print("atc_singleop: %d models converted, loaded and run; refusals checked" % len(NAMES))
    return 0


if __name__ == "__main__":
    sys.exit(main())
