# SPDX-License-Identifier: Apache-2.0
"""aclnn operators from Python (acl.nn): numpy arrays through Add, Matmul and
Softmax on a stream and back; the two phases by hand; the same without numpy."""
import math
import struct

import acltest
from acltest import StreamCase, acl, needs_numpy, np

setUpModule = acltest.setup_module
tearDownModule = acltest.teardown_module


class Operators(StreamCase):
    @needs_numpy
    def test_numpy_add_matmul_softmax(self):
        rng = np.random.default_rng(4)
        a = rng.standard_normal((7, 5)).astype(np.float32)
        b = rng.standard_normal((7, 5)).astype(np.float32)
        w = rng.standard_normal((5, 3)).astype(np.float32)
        s = self.stream
        with acl.nn.Tensor.from_numpy(a) as ta, acl.nn.Tensor.from_numpy(b) as tb, \
                acl.nn.Tensor.from_numpy(w) as tw, acl.nn.Tensor.empty(a.shape, a.dtype) as tsum, \
                acl.nn.Tensor.empty((7, 3), np.float32) as tmm, \
                acl.nn.Tensor.empty((7, 3), np.float32) as tsm:
            # Three operators queued back to back on one stream, one sync.
            self.ok(acl.nn.run("Add", ta, tb, 0.5, tsum, stream=s), "Add")
            self.ok(acl.nn.run("Matmul", tsum, tw, tmm, 0, stream=s), "Matmul")
            self.ok(acl.nn.run("Softmax", tmm, -1, tsm, stream=s), "Softmax")
            self.ok(acl.rt.synchronize_stream(s))
            ref_sum = a + 0.5 * b
            ref_mm = ref_sum @ w
            e = np.exp(ref_mm - ref_mm.max(axis=-1, keepdims=True))
            ref_sm = e / e.sum(axis=-1, keepdims=True)
            np.testing.assert_allclose(tsum.to_numpy(), ref_sum, rtol=1e-6, atol=1e-6)
            np.testing.assert_allclose(tmm.to_numpy(), ref_mm, rtol=1e-5, atol=1e-5)
            np.testing.assert_allclose(tsm.to_numpy(), ref_sm, rtol=1e-5, atol=1e-6)
            np.testing.assert_allclose(tsm.to_numpy().sum(axis=-1), np.ones(7), rtol=1e-5)

    @needs_numpy
    def test_numpy_dtypes_and_broadcast(self):
        a = np.arange(12, dtype=np.int32).reshape(3, 4)
        row = np.array([100, 200, 300, 400], dtype=np.int32)
        with acl.nn.Tensor.from_numpy(a) as ta, acl.nn.Tensor.from_numpy(row) as tr, \
                acl.nn.Tensor.empty((3, 4), np.int32) as out:
            alpha, ret = acl.nn.create_scalar(3, acl.ACL_INT32)
            self.ok(ret)
            self.ok(acl.nn.run("Add", ta, tr, alpha, out, stream=self.stream))
            self.ok(acl.nn.destroy_scalar(alpha))
            self.ok(acl.rt.synchronize_stream(self.stream))
            self.assertTrue(np.array_equal(out.to_numpy(), a + 3 * row))
            # issue 33, item 5: a plain int is a number (it was passed through as an aclScalar
            # pointer and crashed), bools and floats too; anything else is a TypeError
            self.ok(acl.nn.run("Add", ta, tr, 2, out, stream=self.stream))
            self.ok(acl.rt.synchronize_stream(self.stream))
            self.assertTrue(np.array_equal(out.to_numpy(), a + 2 * row))
            self.ok(acl.nn.run("Add", ta, tr, True, out, stream=self.stream))
            self.ok(acl.rt.synchronize_stream(self.stream))
            self.assertTrue(np.array_equal(out.to_numpy(), a + row))
            with self.assertRaises(TypeError):
                acl.nn.run("Add", ta, tr, "2", out, stream=self.stream)
        h = np.array([[1.0, 2.0], [3.0, -4.0]], dtype=np.float16)
        with acl.nn.Tensor.from_numpy(h) as th, acl.nn.Tensor.empty((2, 2), np.float16) as o:
            self.ok(acl.nn.run("Neg", th, o, stream=self.stream))
            self.ok(acl.rt.synchronize_stream(self.stream))
            self.assertTrue(np.array_equal(o.to_numpy(), -h))

    @needs_numpy
    def test_shifts_of_wide_unsigned_types(self):
        # LeftShift / RightShift on uint16, uint32, uint64 (their aclnn type lists) against
        # numpy: values over the whole range (uint64 above 2^63: a logical right shift),
        # counts below the width, broadcast; then the refusals: another type beside them
        # (no promotion) and an operator that does not take them.
        rng = np.random.default_rng(11)
        for dt in (np.uint16, np.uint32, np.uint64):
            bits = np.dtype(dt).itemsize * 8
            x = rng.integers(0, np.iinfo(dt).max, size=(3, 5), dtype=dt, endpoint=True)
            x[0, 0] = np.iinfo(dt).max
            y = rng.integers(0, bits, size=(5,), dtype=dt)
            y[0] = 1
            for op, ref in (("LeftShift", np.left_shift(x, y)), ("RightShift", np.right_shift(x, y))):
                with acl.nn.Tensor.from_numpy(x) as tx, acl.nn.Tensor.from_numpy(y) as ty, \
                        acl.nn.Tensor.empty(x.shape, dt) as out:
                    self.ok(acl.nn.run(op, tx, ty, out, stream=self.stream), op)
                    self.ok(acl.rt.synchronize_stream(self.stream))
                    got = out.to_numpy()
                    self.assertEqual(got.dtype, np.dtype(dt))
                    self.assertTrue(np.array_equal(got, ref), "%s %s: %s, numpy %s" % (
                        op, np.dtype(dt).name, got, ref))
        x = np.array([1, 2, 3], np.uint32)
        with acl.nn.Tensor.from_numpy(x) as tx, acl.nn.Tensor.from_numpy(x.astype(np.int32)) as ti, \
                acl.nn.Tensor.empty((3,), np.uint32) as out:
            self.fails(acl.nn.run("LeftShift", tx, ti, out, stream=self.stream),
                       acl.ACLNN_ERR_PARAM_INVALID, "LeftShift uint32 << int32")
            self.fails(acl.nn.run("Add", tx, tx, 1, out, stream=self.stream),
                       acl.ACLNN_ERR_PARAM_INVALID, "Add of uint32")
        # out of another type: the result is not wrapped to its width for it (EB8)
        for dt, odt in ((np.uint16, np.int64), (np.uint32, np.float32), (np.uint64, np.float64)):
            x = np.array([np.iinfo(dt).max], dt)
            with acl.nn.Tensor.from_numpy(x) as tx, acl.nn.Tensor.empty((1,), odt) as out:
                self.fails(acl.nn.run("LeftShift", tx, tx, out, stream=self.stream),
                           acl.ACLNN_ERR_PARAM_INVALID, "LeftShift %s into %s" % (
                               np.dtype(dt).name, np.dtype(odt).name))

    def test_two_phases_by_hand_without_numpy(self):
        n = 6
        xs = [float(i) - 2.5 for i in range(n)]
        s = self.stream
        x = acl.nn.Tensor.from_bytes(struct.pack("<6f", *xs), (2, 3), acl.ACL_FLOAT)
        out = acl.nn.Tensor.empty((2, 3), acl.ACL_FLOAT)
        # The C API level: tensors over device pointers, then both phases.
        t_in, ret = acl.nn.create_tensor([2, 3], acl.ACL_FLOAT, None, 0, acl.ACL_FORMAT_ND,
                                         [2, 3], x.ptr)
        self.ok(ret)
        t_out, ret = acl.nn.create_tensor([2, 3], acl.ACL_FLOAT, tensor_data=out.ptr)
        self.ok(ret)
        ws, ex, ret = acl.nn.get_workspace_size("Softmax", t_in, 1, t_out)
        self.ok(ret, "aclnnSoftmaxGetWorkspaceSize")
        self.assertNotEqual(ex, 0)
        buf = 0
        if ws:
            buf, ret = acl.rt.malloc(ws, 0)
            self.ok(ret)
        self.ok(acl.nn.launch("Softmax", buf, ws, ex, s), "aclnnSoftmax")
        self.ok(acl.rt.synchronize_stream(s))
        got = struct.unpack("<6f", out.to_bytes())
        for r in range(2):
            row = xs[3 * r:3 * r + 3]
            m = max(row)
            e = [math.exp(v - m) for v in row]
            for c in range(3):
                self.assertAlmostEqual(got[3 * r + c], e[c] / sum(e), places=6)
        # An executor runs once: a second launch is refused.
        self.fails(acl.nn.launch("Softmax", buf, ws, ex, s), acl.ACLNN_ERR_PARAM_INVALID,
                   "second launch of a one-shot executor")
        if buf:
            self.ok(acl.rt.free(buf))
        self.ok(acl.nn.destroy_tensor(t_in))
        self.ok(acl.nn.destroy_tensor(t_out))
        x.destroy()
        out.destroy()

    def test_operator_errors(self):
        a = acl.nn.Tensor((2, 3), acl.ACL_FLOAT)
        b = acl.nn.Tensor((4, 5), acl.ACL_FLOAT)
        o = acl.nn.Tensor((2, 3), acl.ACL_FLOAT)
        # Shapes that do not broadcast: an error code, no exception.
        self.fails(acl.nn.run("Add", a, b, 1.0, o, stream=self.stream),
                   acl.ACLNN_ERR_PARAM_INVALID, "Add (2,3)+(4,5)")
        self.fails(acl.nn.get_workspace_size("Add", a, 0, 0, o)[-1], acl.ACLNN_ERR_PARAM_NULLPTR,
                   "Add with NULL other")
        t, ret = acl.nn.create_tensor([2, -1], acl.ACL_FLOAT, tensor_data=a.ptr)
        self.assertEqual((t, ret), (0, acl.ACLNN_ERR_PARAM_INVALID))
        self.assertRaises(ValueError, acl.nn.run, "NoSuchOp", a)
        self.assertRaises(TypeError, acl.nn.run, "Add", a, b)
        for t in (a, b, o):
            t.destroy()

    def test_operator_table_covers_the_library(self):
        # Every operator of the table resolves to both phases in the library.
        missing = [op for op in acl.nn.OPS
                   if getattr(acl.nn._phases(op)[1], "missing", False)
                   or getattr(acl.nn._phases(op)[2], "missing", False)]
        self.assertEqual(missing, [])
        self.assertIn("Matmul", acl.nn.OPS)


if __name__ == "__main__":
    acltest.main()
