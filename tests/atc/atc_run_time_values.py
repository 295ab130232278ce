# SPDX-License-Identifier: Apache-2.0
"""tests/atc/atc_run_time_values.py: ONNX cases whose shape-setting operands are graph inputs
(docs/atc.md, "Values known at run time"), converted by atc into dynamic-shape models and
run from Python (acl.mdl) with several sets of those values, not only the stored ones:
each output against a numpy reference and aclmdlGetCurOutputDims, and bad values refused
with ACL_ERROR_INVALID_PARAM (100000) and a message naming the node and the reason, the
next good execution running.

  Split (split_variable_parts_2d: x [2, 6], split [2]) onto SplitV: sizes [1, 5], [6, 0];
    [2, 5] (not covering the dim) and [8, -2] refused naming SplitV's node
  STFT (stft: signal [1, 128, 1], frame_step and frame_length scalars; stft_with_window:
    frame_step with a window of 16): steps 8 and 20 and lengths 16 and 10 against numpy's
    FFT of the frames; a step of 0 refused naming the Range of the frame starts
  MelWeightMatrix (melweightmatrix: every input a scalar graph input): three value sets
    against numpy's evaluation of ONNX's formula
  MaxUnpool (maxunpool_export_with_output_shape: output_shape [4]): three shapes; a spatial
    dim below the unpooled 4 refused naming the Fill of its zeros, a C other than X's
    naming the ConcatV2

Usage: atc_run_time_values.py <atc binary> (PYTHONPATH names the build's acl package);
exit 77 without the test data, numpy or the onnx module."""
import os
import subprocess
import sys
import tempfile

DATA = "/usr/share/libonnx-testdata/data/node"
INVALID_PARAM = 100000


def main():
    try:
        import numpy as np
        import onnx  # noqa: F401 (the test data's models need it to exist for atc's tests)
    except ImportError:
        print("skip: needs numpy and the onnx Python module (python3-onnx)")
        return 77
    if not os.path.isdir(DATA):
        print("skip: no ONNX test data in " + DATA)
        return 77
    import acl
    H2D, D2H = acl.ACL_MEMCPY_HOST_TO_DEVICE, acl.ACL_MEMCPY_DEVICE_TO_HOST
    atc = sys.argv[1]
    tmp = tempfile.mkdtemp(prefix="atc_rtv_")
    fails = []

    def ok(ret, what):
        if isinstance(ret, tuple):
            ret = ret[-1]
        if ret != 0:
            raise AssertionError("%s -> %d: %s" % (what, ret, acl.get_recent_err_msg()))

    class Model:
        """A case's model converted and loaded, with input buffers of the model's sizes and
        output buffers of `cap` bytes each (a dynamic-shape model's outputs have size 0)."""

        def __init__(self, case, cap=1 << 16):
            om = os.path.join(tmp, case)
            p = subprocess.run([atc, "--model=" + os.path.join(DATA, "test_" + case, "model.onnx"),
                                "--framework=5", "--output=" + om, "--soc_version=Ascend310P3"],
                               capture_output=True, text=True)
            if p.returncode:
                raise AssertionError("%s: atc failed: %s" % (case, p.stderr))
            self.case = case
            self.id, ret = acl.mdl.load_from_file(om + ".om")
            ok(ret, case + ": load_from_file")
            self.desc = acl.mdl.create_desc()
            ok(acl.mdl.get_desc(self.desc, self.id), case + ": get_desc")
            nin, nout = acl.mdl.get_num_inputs(self.desc), acl.mdl.get_num_outputs(self.desc)
            self.ins = self.dataset([acl.mdl.get_input_size_by_index(self.desc, i)
                                     for i in range(nin)])
            self.outs = self.dataset([cap] * nout)

        @staticmethod
        def dataset(sizes):
            ds = acl.mdl.create_dataset()
            bufs = []
            for n in sizes:
                p, ret = acl.rt.malloc(max(n, 1), 0)
                ok(ret, "malloc")
                db = acl.create_data_buffer(p, n)
                ok(acl.mdl.add_dataset_buffer(ds, db), "add_dataset_buffer")
                bufs.append((p, n, db))
            return ds, bufs

        def run(self, *values):
            """Execute with these input arrays: (ret, message or None)."""
            for (ptr, n, _), v in zip(self.ins[1], values):
                host = np.ascontiguousarray(v).tobytes()
                assert len(host) == n, "%s: input of %d bytes, model's %d" % (self.case,
                                                                              len(host), n)
                ok(acl.rt.memcpy(ptr, n, acl.util.bytes_to_ptr(host), n, H2D), "memcpy")
            ret = acl.mdl.execute(self.id, self.ins[0], self.outs[0])
            return ret, (acl.get_recent_err_msg() if ret else None)

        def output(self, i, dtype):
            dims, ret = acl.mdl.get_cur_output_dims(self.desc, i)
            ok(ret, "get_cur_output_dims")
            shape = tuple(dims["dims"])
            n = int(np.prod(shape)) * np.dtype(dtype).itemsize
            buf = bytearray(max(n, 1))
            ptr = self.outs[1][i][0]
            if n:
                ok(acl.rt.memcpy(acl.util.bytes_to_ptr(buf), n, ptr, n, D2H), "memcpy D2H")
            return np.frombuffer(bytes(buf[:n]), dtype=dtype).reshape(shape)

        def close(self):
            for ds, bufs in (self.ins, self.outs):
                for p, _, db in bufs:
                    acl.destroy_data_buffer(db)
                    acl.rt.free(p)
                ok(acl.mdl.destroy_dataset(ds), "destroy_dataset")
            ok(acl.mdl.destroy_desc(self.desc), "destroy_desc")
            ok(acl.mdl.unload(self.id), self.case + ": unload")

    def expect(m, what, values, want):
        """want: the output arrays, or (None, parts of the message) for a refusal."""
        ret, msg = m.run(*values)
        if want[0] is None:
            if ret != INVALID_PARAM or not msg or not all(p in msg for p in want[1]):
                fails.append("%s %s: ret %d, message %r; expected %d with %r" % (
                    m.case, what, ret, msg, INVALID_PARAM, want[1]))
            else:
                print("%s %s: refused: %s" % (m.case, what, msg.split("BuildGraph: ")[-1]))
            return
        if ret:
            fails.append("%s %s: ret %d: %s" % (m.case, what, ret, msg))
            return
        for i, w in enumerate(want):
            got = m.output(i, w.dtype)
            if got.shape != w.shape or not np.allclose(got, w, rtol=1e-4, atol=1e-4):
                fails.append("%s %s output %d: %s %s, want %s %s" % (
                    m.case, what, i, got.shape, got.ravel()[:8], w.shape, w.ravel()[:8]))
                return
        print("%s %s: %s" % (m.case, what, ", ".join(str(w.shape) for w in want)))

    ok(acl.init(), "init")
    ok(acl.rt.set_device(0), "set_device")

    x = np.arange(12, dtype=np.float32).reshape(2, 6)
    m = Model("split_variable_parts_2d")
    for s in ([1, 5], [6, 0], [2, 4]):
        sv = np.array(s, dtype=np.int64)
        expect(m, "split %s" % s, (x, sv), np.split(x, [s[0]], axis=1))
    expect(m, "split [2, 5]", (x, np.array([2, 5], np.int64)),
           (None, ("(SplitV)", "input size_splits holds [2, 5], which do not cover dim 1")))
    expect(m, "split [8, -2]", (x, np.array([8, -2], np.int64)),
           (None, ("(SplitV)", "input size_splits holds -2 at 1")))
    expect(m, "split [3, 3] after refusals", (x, np.array([3, 3], np.int64)),
           np.split(x, [3], axis=1))
    m.close()

    sig = np.sin(np.arange(128, dtype=np.float64) * 0.37).astype(np.float32).reshape(1, 128, 1)

    def stft(step, length, window=None):
        frames = [sig[0, f:f + length, 0] for f in range(0, 128 - length + 1, step)]
        w = np.ones(length) if window is None else window
        y = np.fft.rfft(np.array(frames, dtype=np.float64) * w, axis=1)
        return np.stack([y.real, y.imag], axis=-1)[None].astype(np.float32)

    m = Model("stft")
    for step, length in ((8, 16), (20, 10), (3, 7)):
        expect(m, "step %d length %d" % (step, length),
               (sig, np.array(step, np.int64), np.array(length, np.int64)), [stft(step, length)])
    expect(m, "step 0", (sig, np.array(0, np.int64), np.array(16, np.int64)),
           (None, ("output/starts (Range)", "delta is 0")))
    expect(m, "step 16 after a refusal", (sig, np.array(16, np.int64), np.array(16, np.int64)),
           [stft(16, 16)])
    # not refused (docs/atc.md, the STFT limitation): no frames, and no crash
    for step, length, bins in ((-4, 16, 9), (8, 200, 101)):
        expect(m, "step %d length %d (0 frames)" % (step, length),
               (sig, np.array(step, np.int64), np.array(length, np.int64)),
               [np.zeros((1, 0, bins, 2), np.float32)])
    m.close()
    win = (0.5 - 0.5 * np.cos(2 * np.pi * np.arange(16) / 16)).astype(np.float32)
    m = Model("stft_with_window")
    for step in (8, 5):
        expect(m, "step %d" % step, (sig, np.array(step, np.int64), win), [stft(step, 16, win)])
    m.close()

    xt = np.array([1, 2, 3, 4], np.float32).reshape(1, 1, 2, 2)
    xi = np.array([5, 7, 13, 15], np.int64).reshape(1, 1, 2, 2)
    m = Model("maxunpool_export_with_output_shape")

    def unpool(shape):
        y = np.zeros(16, np.float32)
        y[xi.ravel()] = xt.ravel()
        out = np.zeros(shape, np.float32)
        out[:, :, :4, :4] = y.reshape(1, 1, 4, 4)
        return out

    for shape in ([1, 1, 5, 5], [1, 1, 4, 4], [1, 1, 4, 6]):
        expect(m, "output_shape %s" % shape, (xt, xi, np.array(shape, np.int64)),
               [unpool(shape)])
    expect(m, "output_shape [1, 1, 3, 5]", (xt, xi, np.array([1, 1, 3, 5], np.int64)),
           (None, ("y/pad2 (Fill)", "input dims holds -1 at 2")))
    expect(m, "output_shape [1, 2, 5, 5]", (xt, xi, np.array([1, 2, 5, 5], np.int64)),
           (None, ("(ConcatV2)",)))
    expect(m, "output_shape [1, 1, 6, 4] after refusals",
           (xt, xi, np.array([1, 1, 6, 4], np.int64)), [unpool([1, 1, 6, 4])])
    m.close()

    def mel_matrix(mels, dft, rate, lo, hi):
        """ONNX's reference formula (docs/atc.md): mels + 2 points over (upper - lower) / (mels
        + 2) mel steps, to bins floor((dft + 1) hz / rate); triangles from point i to i + 2."""
        bins = dft // 2 + 1
        lm, hm = (2595 * np.log10(1 + np.float64(f) / 700) for f in (lo, hi))
        k = np.arange(mels + 2)
        pt = np.floor((dft + 1) * 700 * (10 ** ((k * (hm - lm) / (mels + 2) + lm) / 2595) - 1) /
                      rate).astype(np.int64)
        w = np.zeros((bins, mels))
        for i in range(mels):
            l, c, h = pt[i], pt[i + 1], pt[i + 2]
            if c == l:
                w[c, i] = 1
            else:
                w[l:c + 1, i] = (np.arange(l, c + 1) - l) / (c - l)
            w[c:h, i] = (h - np.arange(c, h)) / (h - c)
        return w.astype(np.float32)

    m = Model("melweightmatrix")
    for mels, dft, rate, lo, hi in ((8, 16, 8192, 0, 4096), (5, 32, 16000, 100, 7000),
                                    (3, 9, 100, 10, 40)):
        vals = (np.array(mels, np.int32), np.array(dft, np.int32), np.array(rate, np.int32),
                np.array(lo, np.float32), np.array(hi, np.float32))
        expect(m, "mels %d dft %d rate %d %g-%g Hz" % (mels, dft, rate, lo, hi), vals,
               [mel_matrix(mels, dft, rate, lo, hi)])
    m.close()

    ok(acl.rt.reset_device(0), "reset_device")
    ok(acl.finalize(), "finalize")
    for f in fails:
        print("FAIL " + f)
    return 1 if fails else 0


if __name__ == "__main__":
    sys.exit(main())
