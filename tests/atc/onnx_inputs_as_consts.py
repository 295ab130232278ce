# SPDX-License-Identifier: Apache-2.0
"""tests/atc/onnx_inputs_as_consts.py: ONNX conformance cases whose shape operands
(Resize's roi, scales and sizes, ...) are graph inputs, run with those inputs turned into
initializers holding the stored test values: the path where atc reads such values at
conversion (they set the output's dims). Resize's and Upsample's cases also run as fed
(dynamic-shape models) in onnx_conformance.py; this checks the constant path of their
mappings and kernels on the same data, and of the ops atc takes as constants only.

For each case whose name matches PATTERN (a regex, default: the cases of the ops in
OPERANDS): the graph inputs feeding the operands OPERANDS names (by the node's input
positions) become initializers with the values of test_data_set_0, a copy of the case (the
model, the other inputs renumbered, the outputs) is written to a temporary directory,
converted with atc and run with atc_run against the stored outputs.

Usage: onnx_inputs_as_consts.py ATC ATC_RUN [PATTERN] [--data=DIR]
Prints one line a case and the counts; exit 1 when a converted case runs wrong or atc
crashes, 77 without the test data or the onnx module."""
import os
import re
import shutil
import sys
import tempfile

import onnx_conformance  # its test data and its way of running atc and atc_run

DATA = os.path.join(onnx_conformance.DATA, "node")
# The node inputs that set an output's dims, by op: what atc needs at conversion.
OPERANDS = {
    "Resize": (1, 2, 3),  # roi, scales, sizes
    "MaxUnpool": (2,),  # output_shape
    "Upsample": (1,),  # scales
    "STFT": (1, 3),  # frame_step, frame_length
    "MelWeightMatrix": (0, 1, 2, 3, 4),  # every input
    "Compress": (1,),  # condition
    "Reshape": (1,),  # shape (allowzero's case: the constant path of the attribute)
    "Dropout": (1, 2),  # ratio, training_mode: constant 0 and true run, a ratio above 0 refused
    "Split": (1,),  # split (opset 13+)
}
DEFAULT = (r"^test_(resize_|upsample_|maxunpool_export_with_output_shape|stft|melweightmatrix|"
           r"compress_|split_variable_parts_|split_zero_size_splits|reshape_allowzero|"
           r"training_dropout)")


def main():
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    data = DATA
    for a in sys.argv[1:]:
        if a.startswith("--data="):
            data = a[len("--data="):]
    atc, atc_run = args[:2]
    pattern = re.compile(args[2] if len(args) > 2 else DEFAULT)
    try:
        import onnx
        from onnx import numpy_helper
    except ImportError:
        print("skip: no onnx Python module (python3-onnx)")
        return 77
    if not os.path.isdir(data):
        print("skip: no ONNX test data at %s (libonnx-testdata)" % data)
        return 77
    tmp = tempfile.mkdtemp(prefix="onnx_consts_")
    count = {"pass": 0, "fail": 0, "refused": 0}
    bad = 0
    for case in sorted(os.listdir(data)):
        if not pattern.search(case):
            continue
        src = os.path.join(data, case)
        m = onnx.load(os.path.join(src, "model.onnx"))
        inits = {t.name for t in m.graph.initializer}
        ins = [i.name for i in m.graph.input if i.name not in inits]
        fold = {n.input[k] for n in m.graph.node if n.op_type in OPERANDS
                for k in OPERANDS[n.op_type] if k < len(n.input) and n.input[k]}
        dst = os.path.join(tmp, case)
        os.makedirs(os.path.join(dst, "test_data_set_0"))
        kept = 0
        for k, name in enumerate(ins):
            src_pb = os.path.join(src, "test_data_set_0", "input_%d.pb" % k)
            if name not in fold:
                shutil.copy(src_pb, os.path.join(dst, "test_data_set_0", "input_%d.pb" % kept))
                kept += 1
                continue
            t = onnx.TensorProto()
            with open(src_pb, "rb") as f:
                t.ParseFromString(f.read())
            t.name = name
            m.graph.initializer.append(t)
        if any(n.op_type == "STFT" for n in m.graph.node):
            # ONNX 1.12's shape inference gives STFT's bins dim as frame_length even when
            # onesided; once frame_length is an initializer it contradicts the declared
            # output: the output dims become symbolic
            for o in m.graph.output:
                for j, d in enumerate(o.type.tensor_type.shape.dim):
                    d.dim_param = "%s_%d" % (o.name, j)
        keep = [i for i in m.graph.input if i.name not in fold]
        del m.graph.input[:]
        m.graph.input.extend(keep)
        for f in os.listdir(os.path.join(src, "test_data_set_0")):
            if f.startswith("output_"):
                shutil.copy(os.path.join(src, "test_data_set_0", f),
                            os.path.join(dst, "test_data_set_0", f))
        onnx.save(m, os.path.join(dst, "model.onnx"))
        om = os.path.join(tmp, case)
        rc, _, err = onnx_conformance.run([atc, "--model=" + os.path.join(dst, "model.onnx"),
                                           "--framework=5", "--output=" + om,
                                           "--soc_version=Ascend910B1"])
        if rc == 0:
            qrc, qout, qerr = onnx_conformance.run([atc_run, dst + "@" + om + ".om"])
            res = "pass" if qrc == 0 else "fail"
            why = "" if qrc == 0 else (qerr or qout).strip().splitlines()[:3]
        elif rc == 1 and "ATC run failed" in err:
            res, why = "refused", err.strip().splitlines()[-1]
        else:
            res, why = "fail", "atc exit %d: %s" % (rc, err.strip()[-300:])
        count[res] += 1
        bad |= res == "fail"
        print("%-8s %s %s" % (res, case, why or ""))
    shutil.rmtree(tmp, ignore_errors=True)
    print("inputs as constants: pass %d, fail %d, refused %d" % (
        count["pass"], count["fail"], count["refused"]))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
