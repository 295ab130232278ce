# SPDX-License-Identifier: Apache-2.0
"""tests/atc/onnx_datadep.py: ONNX's ops whose output dims depend on the data (NonZero,
Unique, NonMaxSuppression, Compress with its condition fed at run time) on random data against
numpy, beyond ONNX's fixed cases.

Each case is an ONNX model of one node, its inputs drawn from a seeded generator (few
distinct values, so that Unique has duplicates and NonZero zeros), its expected outputs
computed here: np.nonzero; np.compress of the flattened input; np.unique with return_index / return_inverse / return_counts and
axis, reordered by first occurrence for sorted=0 (ONNX's definition); and ONNX's
NonMaxSuppression written out from its specification (greedy by score, the lower index
first among equal scores, IoU above the threshold suppresses, boxes [y1, x1, y2, x2] in
either diagonal order or [x_c, y_c, w, h]). The case is written in the layout of ONNX's
test data (model.onnx, test_data_set_0/input_k.pb, output_k.pb), converted with atc and run
with atc_run, which checks the outputs' current dims (aclmdlGetCurOutputDims) and values.

Usage: onnx_datadep.py ATC ATC_RUN
Exit 1 when a case is refused or runs wrong, 77 without the onnx module."""
import os
import shutil
import sys
import tempfile

import numpy as np

import onnx_conformance  # its way of running atc and atc_run


def unique_ref(x, axis, sorted_):
    y, idx, inv, cnt = np.unique(x, return_index=True, return_inverse=True,
                                 return_counts=True, axis=axis)
    inv = inv.reshape(-1)
    if not sorted_:
        order = np.argsort(idx, kind="stable")  # the order of first occurrence
        y = np.take(y, order, axis=0 if axis is None else axis)
        idx, cnt = idx[order], cnt[order]
        inv = np.argsort(order)[inv]
    return [y, idx.astype(np.int64), inv.astype(np.int64), cnt.astype(np.int64)]


def iou_above(a, b, center, thr):
    def corners(v):
        if center:
            return v[1] - v[3] / 2, v[0] - v[2] / 2, v[1] + v[3] / 2, v[0] + v[2] / 2
        return min(v[0], v[2]), min(v[1], v[3]), max(v[0], v[2]), max(v[1], v[3])
    ay0, ax0, ay1, ax1 = corners(a)
    by0, bx0, by1, bx1 = corners(b)
    ih, iw = min(ay1, by1) - max(ay0, by0), min(ax1, bx1) - max(ax0, bx0)
    if ih <= 0 or iw <= 0:
        return False
    inter = np.float32(ih) * np.float32(iw)
    ua = np.float32(ay1 - ay0) * np.float32(ax1 - ax0)
    ub = np.float32(by1 - by0) * np.float32(bx1 - bx0)
    union = ua + ub - inter
    if ua <= 0 or ub <= 0 or union <= 0:
        return False
    return inter / union > thr


def nms_ref(boxes, scores, max_out, iou, score, center):
    rows = []
    for b in range(boxes.shape[0]):
        for c in range(scores.shape[1]):
            s = scores[b, c]
            cand = [i for i in range(len(s)) if score is None or s[i] > score]
            cand.sort(key=lambda i: (-s[i], i))
            kept = []
            for i in cand:
                if len(kept) >= max_out:
                    break
                if not any(iou_above(boxes[b, i], boxes[b, j], center, iou) for j in kept):
                    kept.append(i)
                    rows.append([b, c, i])
    return [np.array(rows, dtype=np.int64).reshape(-1, 3)]


def cases(rng):
    from onnx import TensorProto
    f32, i64 = TensorProto.FLOAT, TensorProto.INT64
    for shape in ([7], [3, 5], [2, 3, 4]):
        for dt, npt in ((f32, np.float32), (i64, np.int64), (TensorProto.BOOL, np.bool_)):
            x = rng.integers(-1, 2, size=shape).astype(npt)
            yield ("nonzero_%s_%d" % ("x".join(map(str, shape)), dt), "NonZero", {}, [("x", dt, x)],
                   [("y", i64)], [np.array(np.nonzero(x), dtype=np.int64)])
    for shape in ([12], [4, 5], [3, 4, 2]):
        for axis in [None] + list(range(-len(shape), len(shape))):
            for sorted_ in (1, 0):
                for dt, npt in ((f32, np.float32), (i64, np.int64)):
                    x = rng.integers(-2, 3, size=shape).astype(npt)
                    if axis is not None:  # repeat some slices so that they have duplicates
                        x = np.take(x, rng.integers(0, shape[axis], size=shape[axis]), axis=axis)
                    attrs = {"sorted": sorted_}
                    if axis is not None:
                        attrs["axis"] = axis
                    yield ("unique_%s_%s_%d_%d" % ("x".join(map(str, shape)), axis, sorted_, dt),
                           "Unique", attrs, [("x", dt, x)],
                           [("y", dt), ("indices", i64), ("inverse", i64), ("counts", i64)],
                           unique_ref(x, axis, sorted_))
    for shape, m in (([10], 10), ([3, 4], 7), ([2, 3, 2], 12)):
        x = rng.integers(-5, 5, size=shape).astype(np.float32)
        cond = rng.integers(0, 2, size=[m]).astype(np.bool_)
        yield ("compress_%s_%d" % ("x".join(map(str, shape)), m), "Compress", {},
               [("x", f32, x), ("condition", TensorProto.BOOL, cond)], [("y", f32)],
               [np.compress(cond, x.reshape(-1)[:m])])
    for k in range(8):
        nb, nc, n = 1 + k % 2, 1 + k % 3, 5 + 2 * k
        center = k % 4 == 3
        boxes = rng.integers(0, 10, size=(nb, n, 4)).astype(np.float32)
        if center:
            boxes[..., 2:] = rng.integers(1, 6, size=(nb, n, 2))
        scores = rng.integers(0, 6, size=(nb, nc, n)).astype(np.float32) / 5
        max_out = np.array([[0, 1, 3, 100][k % 4]], dtype=np.int64)
        iou = np.array([[0.0, 0.3, 0.5, 0.9][(k + 1) % 4]], dtype=np.float32)
        score = np.array([[0.1, 0.35][k % 2]], dtype=np.float32)
        ins = [("boxes", f32, boxes), ("scores", f32, scores), ("max", i64, max_out),
               ("iou", f32, iou), ("score", f32, score)]
        if k == 5:  # score_threshold left out
            ins = ins[:4]
        yield ("nms_%d" % k, "NonMaxSuppression", {"center_point_box": int(center)}, ins,
               [("selected", i64)],
               nms_ref(boxes, scores, int(max_out[0]), float(iou[0]),
                       float(score[0]) if len(ins) == 5 else None, center))


def main():
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    atc, atc_run = args[:2]
    try:
        import onnx
        from onnx import helper, numpy_helper
    except ImportError:
        print("skip: no onnx Python module (python3-onnx)")
        return 77
    rng = np.random.default_rng(28)
    tmp = tempfile.mkdtemp(prefix="onnx_datadep_")
    count = {"pass": 0, "fail": 0}
    for name, op, attrs, ins, outs, want in cases(rng):
        node = helper.make_node(op, [i[0] for i in ins], [o[0] for o in outs], **attrs)
        graph = helper.make_graph(
            [node], name, [helper.make_tensor_value_info(i[0], i[1], i[2].shape) for i in ins],
            [helper.make_tensor_value_info(o[0], o[1], ["%s_%d" % (o[0], j) for j in
                                                        range(want[k].ndim)])
             for k, o in enumerate(outs)])
        model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", 13)])
        case = os.path.join(tmp, name)
        os.makedirs(os.path.join(case, "test_data_set_0"))
        onnx.save(model, os.path.join(case, "model.onnx"))
        for k, (nm, _, v) in enumerate(ins):
            with open(os.path.join(case, "test_data_set_0", "input_%d.pb" % k), "wb") as f:
                f.write(numpy_helper.from_array(v, nm).SerializeToString())
        for k, v in enumerate(want):
            with open(os.path.join(case, "test_data_set_0", "output_%d.pb" % k), "wb") as f:
                f.write(numpy_helper.from_array(v, outs[k][0]).SerializeToString())
        om = os.path.join(tmp, name)
        rc, out, err = onnx_conformance.run([atc, "--model=" + os.path.join(case, "model.onnx"),
                                             "--framework=5", "--output=" + om,
                                             "--soc_version=Ascend910B1"])
        why = ""
        if rc == 0:
            rc, out, err = onnx_conformance.run([atc_run, case + "@" + om + ".om"])
            why = "" if rc == 0 else " | ".join((err or out).strip().splitlines()[:3])
        else:
            why = "atc exit %d: %s" % (rc, err.strip()[-300:])
        res = "pass" if rc == 0 else "fail"
        count[res] += 1
        if rc:
            print("FAIL %s: %s" % (name, why))
    shutil.rmtree(tmp, ignore_errors=True)
    print("onnx_datadep: pass %d, fail %d" % (count["pass"], count["fail"]))
    return 1 if count["fail"] else 0


if __name__ == "__main__":
    sys.exit(main())
