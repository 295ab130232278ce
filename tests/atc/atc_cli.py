# SPDX-License-Identifier: Apache-2.0
"""tests/atc/atc_cli.py: atc's command line (docs/atc.md): --help, the
required options, the framework check, --input_shape and the gear options
validated (a batch-gear conversion succeeds), the options refused as not
supported yet, unreadable and corrupt
models, an unsupported ONNX op named with its node and op type, and a
conversion that succeeds. Usage: atc_cli.py <atc binary>; exit 77 without the
onnx Python module."""
import os
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
FAILS = []


def atc(*args):
    p = subprocess.run([ATC, *args], capture_output=True, text=True, timeout=120)
    return p.returncode, p.stdout, p.stderr


def check(what, cond, detail=""):
    if not cond:
        FAILS.append(what)
        print("FAIL %s %s" % (what, detail))


def refused(what, args, *needles):
    """atc exits non-zero, prints ATC's failure line and every needle."""
    rc, out, err = atc(*args)
    check(what + ": exit code", rc != 0, "rc=%d" % rc)
    check(what + ": failure line", "ATC run failed" in err, err)
    for n in needles:
        check(what + ": mentions " + n, n in err, err)
    check(what + ": no success line", "ATC run success" not in out, out)


def opset(path, tmp, version):
    """The model at path re-declared as opset `version`."""
    import onnx
    m = onnx.load(path)
    m.opset_import[0].version = version
    out = os.path.join(tmp, "opset%d.onnx" % version)
    onnx.save(m, out)
    return out


def main():
    global ATC
    ATC = sys.argv[1]
    try:
        import onnx  # noqa: F401
    except ImportError:
        print("skip: no onnx Python module (python3-onnx)")
        return 77
    tmp = tempfile.mkdtemp(prefix="atc_cli_")
    subprocess.run([sys.executable, os.path.join(HERE, "make_models.py"), tmp], check=True)
    mlp = os.path.join(tmp, "mlp", "model.onnx")
    base = ["--framework=5", "--soc_version=Ascend310"]

    rc, out, err = atc("--help")
    check("--help exits 0", rc == 0)
    for opt in ("--model", "--framework", "--output", "--soc_version", "--input_shape",
                "--dynamic_batch_size", "--insert_op_conf", "--singleop"):
        check("--help lists " + opt, opt in out)
    rc, out, _ = atc("-h")
    check("-h exits 0", rc == 0 and "usage: atc" in out)

    refused("no arguments", [], "E10004", "--model")
    refused("no --model", [*base, "--output=" + tmp + "/x"], "E10004", "[--model]")
    refused("no --output", ["--model=" + mlp, *base], "E10004", "[--output]")
    refused("no --soc_version", ["--model=" + mlp, "--framework=5", "--output=" + tmp + "/x"],
            "E10004", "[--soc_version]")
    refused("no --framework", ["--model=" + mlp, "--soc_version=Ascend310",
                               "--output=" + tmp + "/x"], "E10004", "[--framework]")
    out_opt = "--output=" + os.path.join(tmp, "out")
    common = ["--model=" + mlp, out_opt, "--soc_version=Ascend310"]
    refused("TensorFlow framework", [*common, "--framework=3"], "E10001", "[--framework]",
            "ONNX")
    refused("unknown framework", [*common, "--framework=9"], "E10001", "[--framework]")
    refused("bad soc_version", ["--model=" + mlp, out_opt, "--framework=5",
                                "--soc_version=GTX1080"], "E10001", "[--soc_version]")
    refused("unknown option", [*common, "--framework=5", "--frobnicate=1"], "E10016",
            "--frobnicate")
    refused("bad --log", [*common, "--framework=5", "--log=loud"], "E10001", "[--log]")
    refused("bad --output_type", [*common, "--framework=5", "--output_type=FP7"], "E10001",
            "[--output_type]")
    refused("bad --input_format", [*common, "--framework=5", "--input_format=NHWCX"],
            "E10001", "[--input_format]")
    refused("missing model file", ["--model=" + tmp + "/none.onnx", out_opt, *base], "E10001",
            "none.onnx")
    junk = os.path.join(tmp, "junk.onnx")
    with open(junk, "wb") as f:
        f.write(b"\x08\x07\xff\xff\xff not a model")
    refused("corrupt model", ["--model=" + junk, out_opt, *base], "junk.onnx")

    # --input_shape
    good = [*common, "--framework=5"]
    refused("input_shape syntax", [*good, "--input_shape=x:3,a"], "E10001", "[--input_shape]")
    refused("input_shape no colon", [*good, "--input_shape=x"], "E10001", "[--input_shape]")
    refused("input_shape unknown input", [*good, "--input_shape=nosuch:3,8"], "E10001",
            "nosuch")
    refused("input_shape rank", [*good, "--input_shape=x:3,8,1"], "E10001", "rank 2")
    refused("input_shape dim", [*good, "--input_shape=x:4,8"], "E10001", "dim 0")
    refused("input_shape twice", [*good, "--input_shape=x:3,8;x:3,8"], "E10001", "twice")
    refused("-1 without gears", [*good, "--input_shape=x:-1,8"], "E10001", "-1")

    # gears: validated (atc_gears.py converts and runs them)
    refused("batch gears without -1", [*good, "--dynamic_batch_size=1,2"], "E10001",
            "[--dynamic_batch_size]")
    refused("one batch gear", [*good, "--input_shape=x:-1,8", "--dynamic_batch_size=4"],
            "E10001", "2 to 100 gears")
    refused("bad batch gear", [*good, "--input_shape=x:-1,8", "--dynamic_batch_size=1,0"],
            "E10001", "[0]")
    refused("image gears shape", [*good, "--input_shape=x:-1,-1",
                                  "--dynamic_image_size=2,3;4"], "E10001", "gear [4]")
    refused("dims need ND", [*good, "--input_shape=x:-1,8", "--dynamic_dims=1;2"], "E10001",
            "ND")
    refused("two gear options", [*good, "--input_shape=x:-1,8", "--dynamic_batch_size=1,2",
                                 "--dynamic_image_size=1,2;3,4"], "exclude")
    rc, out, err = atc("--model=" + mlp, "--output=" + os.path.join(tmp, "gears"),
                       "--soc_version=Ascend310", "--framework=5", "--input_shape=x:-1,8",
                       "--dynamic_batch_size=1,2,4")
    check("batch gears convert (tests/atc/atc_gears.py runs them)",
          rc == 0 and "ATC run success" in out, err)
    refused("insert_op_conf missing", [*good, "--insert_op_conf=" + tmp + "/none.cfg"],
            "E10001", "[--insert_op_conf]")
    cfg = os.path.join(tmp, "aipp.cfg")
    with open(cfg, "w") as f:
        f.write("aipp_op {\n  aipp_mode: static\n  input_format: RGB888_U8\n}\n")
    refused("insert_op_conf on a 2-d input", [*good, "--insert_op_conf=" + cfg], "E10052",
            "4-d")
    refused("singleop of a file that is not JSON (tests/atc/atc_singleop.py: the rest)",
            ["--singleop=" + cfg, out_opt, "--soc_version=Ascend310"], "E10025", "line 1")
    refused("mode 1", [*good, "--mode=1"], "E10001", "[--mode]")

    # the model side
    bad = os.path.join(tmp, "bad_op", "model.onnx")
    refused("unsupported op", ["--model=" + bad, out_opt, *base], "E19010", "my_lpnorm",
            "LpNormalization")
    bad = os.path.join(tmp, "bad_dtype", "model.onnx")
    refused("unsupported dtype", ["--model=" + bad, out_opt, *base], "E19010", "conv64", "Conv")
    bad = os.path.join(tmp, "mlp", "model.onnx")
    refused("opset 18", ["--model=" + opset(bad, tmp, 18), out_opt, *base], "opset 18",
            "11 to 17")
    # an older opset goes through ONNX's version converter to opset 11
    rc, out, err = atc("--model=" + opset(bad, tmp, 9), "--output=" + os.path.join(tmp, "v9"),
                       *base)
    check("opset 9 converted", rc == 0 and os.path.exists(os.path.join(tmp, "v9.om")), err)

    for name in ("mlp", "cnn", "two_io", "blocks", "layer_norm"):
        rc, out, err = atc("--model=" + os.path.join(tmp, name, "model.onnx"),
                           "--output=" + os.path.join(tmp, name), *base, "--log=error")
        check(name + ": exit code 0", rc == 0, err)
        check(name + ": success line", "ATC run success, welcome to the next use." in out)
        om = os.path.join(tmp, name + ".om")
        check(name + ": .om written", os.path.exists(om) and os.path.getsize(om) > 0)
    # a failed conversion writes nothing
    check("no .om after a refusal", not os.path.exists(os.path.join(tmp, "out.om")))
    print("atc_cli: %d failures" % len(FAILS))
    return 1 if FAILS else 0


if __name__ == "__main__":
    sys.exit(main())
