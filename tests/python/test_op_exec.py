# SPDX-License-Identifier: Apache-2.0
"""Single-operator execution from Python (acl.op, pyACL's names, argument
order and returns): execute_v2 and execute against numpy (and plain Python
when numpy is hidden), handles, casts, infer_shape read back through the
tensor-description getters, the model and queue calls, the kernel-selector
wrappers, and every misuse row with its code and message."""
import ctypes
import os
import struct

import acltest
from acltest import Case, acl, needs_numpy, np
from optensor import OpTensor, execute, make_attr

setUpModule = acltest.setup_module
tearDownModule = acltest.teardown_module

INV = acl.ACL_ERROR_INVALID_PARAM
TYPE = acl.ACL_ERROR_OP_TYPE_NOT_MATCH
INPUT = acl.ACL_ERROR_OP_INPUT_NOT_MATCH
OUTPUT = acl.ACL_ERROR_OP_OUTPUT_NOT_MATCH
ATTR = acl.ACL_ERROR_OP_ATTR_NOT_MATCH
DTYPE = acl.ACL_ERROR_UNSUPPORTED_DATA_TYPE


def f32(x):
    return struct.unpack("<f", struct.pack("<f", x))[0]


def f16(x):
    return struct.unpack("<e", struct.pack("<e", x))[0]


class OpCase(Case):
    """A context on device 0 and a stream in it; the OpTensors a test makes
    are freed before them (cleanups run last-in first-out)."""

    def setUp(self):
        self.ctx, ret = acl.rt.create_context(0)
        self.ok(ret, "create_context")
        self.addCleanup(lambda: self.ok(acl.rt.destroy_context(self.ctx), "destroy_context"))
        self.stream, ret = acl.rt.create_stream()
        self.ok(ret, "create_stream")
        self.addCleanup(lambda: self.ok(acl.rt.destroy_stream(self.stream), "destroy_stream"))

    def sync(self):
        self.ok(acl.rt.synchronize_stream(self.stream), "synchronize_stream")

    def t(self, dtype, dims, data=None, **kw):
        return OpTensor(self, dtype, dims, data, **kw)


class Execute(OpCase):
    @needs_numpy
    def test_elementwise_against_numpy(self):
        rng = np.random.default_rng(27)
        a = rng.standard_normal((3, 4, 5)).astype(np.float32)
        b = rng.standard_normal((4, 1)).astype(np.float32)
        c = (rng.random((3, 4, 5)) + 0.5).astype(np.float32)
        ta, tb, tc = OpTensor.of(self, a), OpTensor.of(self, b), OpTensor.of(self, c)
        cases = [("Add", [ta, tb], a + b), ("Sub", [ta, tb], a - b), ("Mul", [ta, tb], a * b),
                 ("RealDiv", [ta, tc], a / c), ("Relu", [ta], np.maximum(a, 0)),
                 ("Exp", [tb], np.exp(b))]
        outs = []
        for op, ins, ref in cases:
            out = OpTensor.like(self, ref)
            self.ok(execute(op, ins, [out], 0, self.stream), op)
            outs.append((op, out, ref))
        self.sync()
        for op, out, ref in outs:
            np.testing.assert_allclose(out.numpy(), ref, rtol=1e-6, atol=1e-6, err_msg=op)

    @needs_numpy
    def test_int32_and_float16(self):
        a = np.arange(-6, 6, dtype=np.int32).reshape(3, 4)
        b = np.array([10, 20, 30, 40], np.int32)
        h = np.array([[0.5, -1.25], [3.0, 1000.0]], np.float16)
        ta, tb, th = OpTensor.of(self, a), OpTensor.of(self, b), OpTensor.of(self, h)
        tsum, thh = OpTensor.like(self, a), OpTensor.like(self, h)
        self.ok(execute("Add", [ta, tb], [tsum], 0, self.stream))
        self.ok(execute("Mul", [th, th], [thh], 0, self.stream))
        self.sync()
        np.testing.assert_array_equal(tsum.numpy(), a + b)
        np.testing.assert_array_equal(thh.numpy(), h * h)

    @needs_numpy
    def test_matmul_transposes(self):
        rng = np.random.default_rng(2)
        x1 = rng.standard_normal((6, 4)).astype(np.float32)
        x2 = rng.standard_normal((5, 6)).astype(np.float32)
        t1, t2 = OpTensor.of(self, x1), OpTensor.of(self, x2)
        # x1^T (4x6) @ x2^T (6x5)
        for op in ("MatMulV2", "MatMul"):
            y = OpTensor(self, acl.ACL_FLOAT, (4, 5))
            attr = make_attr(self, transpose_x1=True, transpose_x2=True)
            self.ok(execute(op, [t1, t2], [y], attr, self.stream), op)
            self.sync()
            np.testing.assert_allclose(y.numpy(), x1.T @ x2.T, rtol=1e-5, atol=1e-5,
                                       err_msg=op)

    @needs_numpy
    def test_softmax_axes(self):
        x = np.random.default_rng(9).standard_normal((3, 7)).astype(np.float32)
        tx, ty = OpTensor.of(self, x), OpTensor.like(self, x)
        self.ok(execute("SoftmaxV2", [tx], [ty], make_attr(self, axes=[0]), self.stream))
        self.sync()
        e = np.exp(x - x.max(axis=0, keepdims=True))
        np.testing.assert_allclose(ty.numpy(), e / e.sum(axis=0, keepdims=True), rtol=1e-5,
                                   atol=1e-6)

    @needs_numpy
    def test_log_matrix_determinant(self):
        # CANN's LogMatrixDeterminant (what atc maps ONNX's Det onto): sign and log |det| of
        # each matrix of a batch, float32 and double, a singular matrix included
        rng = np.random.default_rng(10)
        for dt in (np.float32, np.float64):
            x = rng.standard_normal((3, 4, 4)).astype(dt)
            x[2, 3] = x[2, 0]  # singular: sign 0, log -inf
            tx = OpTensor.of(self, x)
            ts, ty = OpTensor.like(self, x[:, 0, 0]), OpTensor.like(self, x[:, 0, 0])
            self.ok(execute("LogMatrixDeterminant", [tx], [ts, ty], 0, self.stream))
            self.sync()
            sign, logabs = np.linalg.slogdet(x.astype(np.float64))
            np.testing.assert_array_equal(ts.numpy()[:2], sign[:2])
            np.testing.assert_allclose(ty.numpy()[:2], logabs[:2], rtol=1e-5, atol=1e-5)
            self.assertEqual(ts.numpy()[2], 0)
            self.assertEqual(ty.numpy()[2], -np.inf)
        bad = OpTensor.of(self, np.zeros((2, 3), np.float32))
        out = OpTensor.like(self, np.zeros((), np.float32))
        self.assertEqual(execute("LogMatrixDeterminant", [bad], [out, out], 0, self.stream), INPUT)
        self.assertIn("x has shape [2, 3]: it must be [..., n, n]", acl.get_recent_err_msg())

    def test_add_without_numpy(self):
        a = [1.0, 2.5, -3.0, 4.0]
        b = [0.5]
        ta, tb = self.t(acl.ACL_FLOAT, (2, 2), a), self.t(acl.ACL_FLOAT, (1,), b)
        out = self.t(acl.ACL_FLOAT, (2, 2))
        ret = acl.op.execute_v2("Add", [ta.desc, tb.desc], [ta.buf, tb.buf], [out.desc],
                                [out.buf], 0, self.stream)
        self.ok(ret, "execute_v2")
        self.sync()
        self.assertEqual(out.values(), [v + 0.5 for v in a])

    def test_attr_none_and_empty_set_alike(self):
        x = [-2.0, 3.0]
        tx = self.t(acl.ACL_FLOAT, (2,), x)
        y0, y1 = self.t(acl.ACL_FLOAT, (2,)), self.t(acl.ACL_FLOAT, (2,))
        self.ok(execute("Relu", [tx], [y0], 0, self.stream), "attr 0")
        self.ok(execute("Relu", [tx], [y1], make_attr(self), self.stream), "empty attr")
        self.sync()
        self.assertEqual(y0.values(), [0.0, 3.0])
        self.assertEqual(y1.values(), [0.0, 3.0])

    def test_execute_deprecated(self):
        a = self.t(acl.ACL_INT32, (3,), [1, 2, 3])
        out = self.t(acl.ACL_INT32, (3,))
        ret = acl.op.execute("Mul", [a.desc, a.desc], [a.buf, a.buf], [out.desc], [out.buf], 0,
                             self.stream)
        self.ok(ret, "execute")
        self.sync()
        self.assertEqual(out.values(), [1, 4, 9])

    def test_stream_order(self):
        # x -> x+x -> (x+x)*(x+x) on one stream: the second reads what the first wrote.
        x = self.t(acl.ACL_FLOAT, (4,), [1.0, -2.0, 0.5, 3.0])
        s, p = self.t(acl.ACL_FLOAT, (4,)), self.t(acl.ACL_FLOAT, (4,))
        for _ in range(3):
            self.ok(execute("Add", [x, x], [s], 0, self.stream))
            self.ok(execute("Mul", [s, s], [p], 0, self.stream))
        self.sync()
        self.assertEqual(p.values(), [4.0, 16.0, 1.0, 36.0])

    def test_default_stream_zero(self):
        x = self.t(acl.ACL_INT32, (2,), [5, -7])
        y = self.t(acl.ACL_INT32, (2,))
        self.ok(execute("Relu", [x], [y], 0, 0), "stream 0")
        self.ok(acl.rt.synchronize_stream(0))
        self.assertEqual(y.values(), [5, 0])

    def test_const_host_input(self):
        # ReduceSum's axes: a const host tensor (acl.set_tensor_const), no data buffer.
        x = self.t(acl.ACL_FLOAT, (2, 3), [1.0, 2.0, 3.0, 4.0, 5.0, 6.0])
        axes = acl.create_tensor_desc(acl.ACL_INT64, [1], acl.ACL_FORMAT_ND)
        self.addCleanup(acl.destroy_tensor_desc, axes)
        raw = bytearray(struct.pack("<q", 1))
        self.ok(acl.set_tensor_const(axes, acl.util.bytes_to_ptr(raw), len(raw)))
        empty = acl.create_data_buffer(0, 0)
        self.addCleanup(acl.destroy_data_buffer, empty)
        y = self.t(acl.ACL_FLOAT, (2,))
        ret = acl.op.execute_v2("ReduceSum", [x.desc, axes], [x.buf, empty], [y.desc], [y.buf],
                                make_attr(self, keep_dims=False), self.stream)
        self.ok(ret, "ReduceSum")
        self.sync()
        self.assertEqual(y.values(), [6.0, 15.0])

    def test_capture_replayed(self):
        # execute_v2 inside a capture is recorded, not run; each replay runs it on the
        # buffers' contents at that time.
        x = self.t(acl.ACL_FLOAT, (3,), [1.0, -2.0, 3.0])
        y = self.t(acl.ACL_FLOAT, (3,), [0.0] * 3)
        s = self.stream
        self.ok(acl.mdl.ri_capture_begin(s, acl.ACL_MODEL_RI_CAPTURE_MODE_GLOBAL), "begin")
        self.ok(execute("Add", [x, x], [y], 0, s), "Add captured")
        self.ok(execute("Relu", [y], [y], 0, s), "Relu captured")
        ri, ret = acl.mdl.ri_capture_end(s)
        self.ok(ret, "capture_end")
        self.addCleanup(acl.mdl.ri_destroy, ri)
        self.assertEqual(y.values(), [0.0] * 3, "ran while captured")
        self.ok(acl.mdl.ri_execute_async(ri, s), "replay")
        self.sync()
        self.assertEqual(y.values(), [2.0, 0.0, 6.0])
        more = x.pack([-1.0, 5.0, 0.25])
        self.ok(acl.rt.memcpy(x.dev, x.size, acl.util.bytes_to_ptr(more), x.size, acltest.H2D))
        self.ok(acl.mdl.ri_execute_async(ri, s), "second replay")
        self.sync()
        self.assertEqual(y.values(), [0.0, 10.0, 0.5])


class Samples(OpCase):
    """The operators of Ascend/samples' pyACL programs, as those programs set them up:
    const host inputs with an empty data buffer, dynamic inputs, NCHW data."""

    def const(self, dtype, values):
        """A const host input: its description holds the values, its buffer is (0, 0)."""
        code = {acl.ACL_INT32: "i", acl.ACL_INT64: "q"}[dtype]
        raw = bytearray(struct.pack("<%d%s" % (len(values), code), *values))
        d = acl.create_tensor_desc(dtype, [len(values)], acl.ACL_FORMAT_ND)
        self.addCleanup(acl.destroy_tensor_desc, d)
        self.ok(acl.set_tensor_const(d, acl.util.bytes_to_ptr(raw), len(raw)), "set_tensor_const")
        b = acl.create_data_buffer(0, 0)
        self.addCleanup(acl.destroy_data_buffer, b)
        return d, b

    @needs_numpy
    def test_cast_then_argmax(self):
        # vpc_resnet50_imagenet_classification's acl_op.py: cast the scores to float16, then
        # ArgMaxV2 over dimension 0 (a const input).
        x = np.random.default_rng(1000).standard_normal(1000).astype(np.float32)
        tx, th = OpTensor.of(self, x), OpTensor(self, acl.ACL_FLOAT16, (1000,))
        self.ok(acl.op.cast(tx.desc, tx.buf, th.desc, th.buf, 0, self.stream), "cast")
        dim_desc, dim_buf = self.const(acl.ACL_INT32, [0])
        y = OpTensor(self, acl.ACL_INT32, ())
        ret = acl.op.execute_v2("ArgMaxV2", [th.desc, dim_desc], [th.buf, dim_buf], [y.desc],
                                [y.buf], 0, self.stream)
        self.ok(ret, "ArgMaxV2")
        self.sync()
        self.assertEqual(y.values(), [int(np.argmax(x.astype(np.float16)))])

    @needs_numpy
    def test_transpose_concat_batchmatmul(self):
        rng = np.random.default_rng(7)
        a = rng.standard_normal((2, 3, 4)).astype(np.float32)
        b = rng.standard_normal((2, 5, 4)).astype(np.float32)
        ta, tb = OpTensor.of(self, a), OpTensor.of(self, b)
        perm_desc, perm_buf = self.const(acl.ACL_INT64, [2, 0, 1])
        tt = OpTensor(self, acl.ACL_FLOAT, (4, 2, 3))
        self.ok(acl.op.execute_v2("Transpose", [ta.desc, perm_desc], [ta.buf, perm_buf],
                                  [tt.desc], [tt.buf], 0, self.stream), "Transpose")
        # ConcatD: one dynamic input x given twice.
        tc = OpTensor(self, acl.ACL_FLOAT, (2, 8, 4))
        self.ok(execute("ConcatD", [ta, tb], [tc], make_attr(self, concat_dim=1, N=2),
                        self.stream), "ConcatD")
        # BatchMatMul with adj_x2: a (2,3,4) @ b^T (2,4,5).
        tm = OpTensor(self, acl.ACL_FLOAT, (2, 3, 5))
        self.ok(execute("BatchMatMul", [ta, tb], [tm], make_attr(self, adj_x2=True),
                        self.stream), "BatchMatMul")
        self.sync()
        np.testing.assert_array_equal(tt.numpy(), a.transpose(2, 0, 1))
        np.testing.assert_array_equal(tc.numpy(), np.concatenate([a, b], axis=1))
        np.testing.assert_allclose(tm.numpy(), a @ b.transpose(0, 2, 1), rtol=1e-5, atol=1e-5)

    @needs_numpy
    def test_conv2d_nchw(self):
        rng = np.random.default_rng(3)
        x = rng.standard_normal((1, 2, 5, 5)).astype(np.float32)
        w = rng.standard_normal((3, 2, 3, 3)).astype(np.float32)
        tx = OpTensor(self, acl.ACL_FLOAT, x.shape, x.tobytes(), fmt=acl.ACL_FORMAT_NCHW)
        tw = OpTensor(self, acl.ACL_FLOAT, w.shape, w.tobytes(), fmt=acl.ACL_FORMAT_NCHW)
        ty = OpTensor(self, acl.ACL_FLOAT, (1, 3, 5, 5), fmt=acl.ACL_FORMAT_NCHW)
        attr = make_attr(self, strides=[1, 1, 1, 1], pads=[1, 1, 1, 1], dilations=[1, 1, 1, 1],
                         data_format="NCHW")
        self.ok(execute("Conv2D", [tx, tw], [ty], attr, self.stream), "Conv2D")
        self.sync()
        xp = np.pad(x, ((0, 0), (0, 0), (1, 1), (1, 1)))
        ref = np.zeros((1, 3, 5, 5), np.float64)
        for i in range(5):
            for j in range(5):
                ref[0, :, i, j] = np.tensordot(w, xp[0, :, i:i + 3, j:j + 3], axes=3)
        np.testing.assert_allclose(ty.numpy(), ref, rtol=1e-4, atol=1e-4)

    def test_optional_bias_given_and_absent(self):
        x1 = self.t(acl.ACL_FLOAT, (2, 2), [1.0, 2.0, 3.0, 4.0])
        x2 = self.t(acl.ACL_FLOAT, (2, 2), [1.0, 0.0, 0.0, 1.0])
        bias = self.t(acl.ACL_FLOAT, (2,), [10.0, 20.0])
        y, yb = self.t(acl.ACL_FLOAT, (2, 2)), self.t(acl.ACL_FLOAT, (2, 2))
        # The bias left out as the Conv2D sample leaves one out: an UNDEFINED description
        # and a (0, 0) buffer.
        none_desc = acl.create_tensor_desc(acl.ACL_DT_UNDEFINED, [], acl.ACL_FORMAT_UNDEFINED)
        self.addCleanup(acl.destroy_tensor_desc, none_desc)
        none_buf = acl.create_data_buffer(0, 0)
        self.addCleanup(acl.destroy_data_buffer, none_buf)
        ret = acl.op.execute_v2("MatMulV2", [x1.desc, x2.desc, none_desc],
                                [x1.buf, x2.buf, none_buf], [y.desc], [y.buf], 0, self.stream)
        self.ok(ret, "MatMulV2, bias absent")
        self.ok(execute("MatMulV2", [x1, x2, bias], [yb], 0, self.stream), "MatMulV2 + bias")
        self.sync()
        self.assertEqual(y.values(), [1.0, 2.0, 3.0, 4.0])
        self.assertEqual(yb.values(), [11.0, 22.0, 13.0, 24.0])

    def test_host_placed_axes(self):
        # ReduceSum's axes in host memory (acl.set_tensor_place_ment): copied at the call.
        x = self.t(acl.ACL_FLOAT, (2, 3), [1.0, 2.0, 3.0, 4.0, 5.0, 6.0])
        axes = acl.create_tensor_desc(acl.ACL_INT64, [1], acl.ACL_FORMAT_ND)
        self.addCleanup(acl.destroy_tensor_desc, axes)
        self.ok(acl.set_tensor_place_ment(axes, acl.ACL_MEMTYPE_HOST))
        host = bytearray(struct.pack("<q", 0))
        hb = acl.create_data_buffer(acl.util.bytes_to_ptr(host), len(host))
        self.addCleanup(acl.destroy_data_buffer, hb)
        y = self.t(acl.ACL_FLOAT, (3,))
        self.ok(acl.op.execute_v2("ReduceSum", [x.desc, axes], [x.buf, hb], [y.desc], [y.buf],
                                  0, self.stream), "ReduceSum, host axes")
        host[:] = struct.pack("<q", 1)  # the call has its copy
        self.sync()
        self.assertEqual(y.values(), [5.0, 7.0, 9.0])

    def test_slice_with_handle(self):
        # acl_execute_slice: create_handle + execute_with_handle, offsets and size const.
        x = self.t(acl.ACL_FLOAT16, (3, 4), [float(v) for v in range(12)])
        off_desc, off_buf = self.const(acl.ACL_INT32, [1, 1])
        size_desc, size_buf = self.const(acl.ACL_INT32, [2, 2])
        y = self.t(acl.ACL_FLOAT16, (2, 2))
        handle, ret = acl.op.create_handle("Slice", [x.desc, off_desc, size_desc], [y.desc], 0)
        self.ok(ret, "create_handle Slice")
        self.addCleanup(acl.op.destroy_handle, handle)
        self.ok(acl.op.execute_with_handle(handle, [x.buf, off_buf, size_buf], [y.buf],
                                           self.stream))
        self.sync()
        self.assertEqual(y.values(), [5.0, 6.0, 9.0, 10.0])


class Handles(OpCase):
    def test_handle_runs_many_times(self):
        a = self.t(acl.ACL_FLOAT, (2, 3), [1.0, 2.0, 3.0, 4.0, 5.0, 6.0])
        b = self.t(acl.ACL_FLOAT, (3, 2), [1.0, 0.0, 0.0, 1.0, 1.0, 1.0])
        y = self.t(acl.ACL_FLOAT, (2, 2))
        attr = make_attr(self, transpose_x1=False, transpose_x2=False)
        handle, ret = acl.op.create_handle("MatMulV2", [a.desc, b.desc], [y.desc], attr)
        self.ok(ret, "create_handle")
        self.assertNotEqual(handle, 0)
        self.ok(acl.op.execute_with_handle(handle, [a.buf, b.buf], [y.buf], self.stream))
        self.sync()
        self.assertEqual(y.values(), [4.0, 5.0, 10.0, 11.0])
        # New data in the same buffers, then other buffers of the same descriptions.
        ones = a.pack([1.0] * 6)  # kept alive across the copy
        self.ok(acl.rt.memcpy(a.dev, a.size, acl.util.bytes_to_ptr(ones), a.size, acltest.H2D))
        self.ok(acl.op.execute_with_handle(handle, [a.buf, b.buf], [y.buf], self.stream))
        b2 = self.t(acl.ACL_FLOAT, (3, 2), [2.0] * 6)
        y2 = self.t(acl.ACL_FLOAT, (2, 2))
        self.ok(acl.op.execute_with_handle(handle, [a.buf, b2.buf], [y2.buf], 0))
        self.sync()
        self.ok(acl.rt.synchronize_stream(0))
        self.assertEqual(y.values(), [2.0, 2.0, 2.0, 2.0])
        self.assertEqual(y2.values(), [6.0, 6.0, 6.0, 6.0])
        # The attribute set may go once the handle exists.
        self.assertIsNone(acl.op.destroy_handle(handle))
        self.assertIsNone(acl.op.destroy_handle(0))

    def test_handle_errors(self):
        a = self.t(acl.ACL_FLOAT, (4,), [1.0] * 4)
        y = self.t(acl.ACL_FLOAT, (4,))
        handle, ret = acl.op.create_handle("NoSuchOp", [a.desc], [y.desc], 0)
        msg = self.fails(ret, TYPE, "create_handle of an unknown type")
        self.assertEqual(handle, 0)
        self.assertIn("NoSuchOp", msg)
        handle, ret = acl.op.create_handle("Add", [a.desc], [y.desc], 0)
        self.fails(ret, INPUT, "create_handle Add with one input")
        self.assertEqual(handle, 0)
        handle, ret = acl.op.create_handle(None, [a.desc], [y.desc], 0)
        self.fails(ret, INV, "create_handle NULL type")
        self.fails(acl.op.execute_with_handle(0, [a.buf], [y.buf], self.stream), INV,
                   "execute_with_handle NULL handle")
        handle, ret = acl.op.create_handle("Relu", [a.desc], [y.desc], 0)
        self.ok(ret)
        self.addCleanup(acl.op.destroy_handle, handle)
        self.assertNotEqual(
            acl.op.execute_with_handle(handle, [a.buf, a.buf], [y.buf], self.stream), 0,
            "two buffers for a one-input handle")
        self.assertTrue(acl.get_recent_err_msg())
        self.fails(acl.op.execute_with_handle(handle, [0], [y.buf], self.stream), INV,
                   "NULL input buffer")
        small = acl.create_data_buffer(y.dev, 8)
        self.addCleanup(acl.destroy_data_buffer, small)
        self.fails(acl.op.execute_with_handle(handle, [a.buf], [small], self.stream), INV,
                   "output buffer smaller than its description")


class Cast(OpCase):
    VALUES = [0.1, -2.5, 65504.0, 1e-8, 3.0, -0.0, 1.0 / 3, 7.75]

    def test_cast_float_to_float16(self):
        src = self.t(acl.ACL_FLOAT, (2, 4), self.VALUES)
        dst = self.t(acl.ACL_FLOAT16, (2, 4))
        self.ok(acl.op.cast(src.desc, src.buf, dst.desc, dst.buf, 0, self.stream), "cast")
        self.sync()
        self.assertEqual(dst.values(), [f16(v) for v in self.VALUES])

    def test_cast_int_and_back(self):
        src = self.t(acl.ACL_INT32, (4,), [-3, 0, 7, 100000])
        mid = self.t(acl.ACL_FLOAT, (4,))
        back = self.t(acl.ACL_INT64, (4,))
        self.ok(acl.op.cast(src.desc, src.buf, mid.desc, mid.buf, 0, self.stream))
        self.ok(acl.op.cast(mid.desc, mid.buf, back.desc, back.buf, 1, self.stream))
        self.sync()
        self.assertEqual(mid.values(), [-3.0, 0.0, 7.0, 100000.0])
        self.assertEqual(back.values(), [-3, 0, 7, 100000])

    def test_handle_for_cast(self):
        src = self.t(acl.ACL_FLOAT, (8,), self.VALUES)
        dst = self.t(acl.ACL_FLOAT16, (8,))
        handle, ret = acl.op.create_handle_for_cast(src.desc, dst.desc, 0)
        self.ok(ret, "create_handle_for_cast")
        self.assertNotEqual(handle, 0)
        self.ok(acl.op.execute_with_handle(handle, [src.buf], [dst.buf], self.stream))
        self.sync()
        acl.op.destroy_handle(handle)
        self.assertEqual(dst.values(), [f16(v) for v in self.VALUES])
        handle, ret = acl.op.create_handle_for_cast(0, dst.desc, 0)
        self.fails(ret, INV, "create_handle_for_cast NULL src")
        self.assertEqual(handle, 0)

    def test_cast_op_with_dst_type(self):
        src = self.t(acl.ACL_FLOAT, (8,), self.VALUES)
        dst = self.t(acl.ACL_FLOAT16, (8,))
        attr = make_attr(self, dst_type=acl.ACL_FLOAT16, truncate=False)
        self.ok(execute("Cast", [src], [dst], attr, self.stream))
        self.sync()
        self.assertEqual(dst.values(), [f16(v) for v in self.VALUES])

    def test_cast_errors(self):
        src = self.t(acl.ACL_FLOAT, (4,), [1.0] * 4)
        dst = self.t(acl.ACL_FLOAT16, (4,))
        other = self.t(acl.ACL_FLOAT16, (5,))
        self.fails(acl.op.cast(0, src.buf, dst.desc, dst.buf, 0, self.stream), INV, "NULL desc")
        self.fails(acl.op.cast(src.desc, 0, dst.desc, dst.buf, 0, self.stream), INV,
                   "NULL buffer")
        self.assertNotEqual(acl.op.cast(src.desc, src.buf, other.desc, other.buf, 0, self.stream),
                            0, "cast to another shape")
        self.assertTrue(acl.get_recent_err_msg())


def dims_of(case, desc):
    n = acl.get_tensor_desc_num_dims(desc)
    out = []
    for i in range(n):
        d, ret = acl.get_tensor_desc_dim_v2(desc, i)
        case.ok(ret, "get_tensor_desc_dim_v2")
        out.append(d)
    return out


class InferShape(Case):
    """No data: each input's buffer is an empty one, (0, 0), as pyACL
    programs pass for inputs without host data."""

    def desc(self, dtype, dims):
        d = acl.create_tensor_desc(dtype, dims, acl.ACL_FORMAT_ND)
        self.assertNotEqual(d, 0)
        self.addCleanup(acl.destroy_tensor_desc, d)
        return d

    def none(self, n):
        bs = [acl.create_data_buffer(0, 0) for _ in range(n)]
        for b in bs:
            self.assertNotEqual(b, 0)
            self.addCleanup(acl.destroy_data_buffer, b)
        return bs

    def test_broadcast_and_matmul(self):
        a, b = self.desc(acl.ACL_FLOAT, [3, 1, 5]), self.desc(acl.ACL_FLOAT, [4, 1])
        y = self.desc(acl.ACL_FLOAT, [-1, -1, -1])
        self.ok(acl.op.infer_shape("Add", [a, b], self.none(2), 1, [y], 0), "infer_shape Add")
        self.assertEqual(dims_of(self, y), [3, 4, 5])
        self.assertEqual(acl.get_tensor_desc_type(y), acl.ACL_FLOAT)

        x1, x2 = self.desc(acl.ACL_FLOAT, [7, 2]), self.desc(acl.ACL_FLOAT, [9, 2])
        y = self.desc(acl.ACL_FLOAT, [-2])
        attr = make_attr(self, transpose_x2=True)
        self.ok(acl.op.infer_shape("MatMulV2", [x1, x2], self.none(2), 1, [y], attr))
        self.assertEqual(dims_of(self, y), [7, 9])

    def test_const_input_and_attr(self):
        x = self.desc(acl.ACL_FLOAT, [2, 3, 4])
        y = self.desc(acl.ACL_FLOAT, [-2])
        self.ok(acl.op.infer_shape("ReduceSumD", [x], self.none(1), 1, [y],
                                   make_attr(self, axes=[1], keep_dims=True)))
        self.assertEqual(dims_of(self, y), [2, 1, 4])
        # The same with axes as a const input.
        axes = self.desc(acl.ACL_INT64, [2])
        raw = bytearray(struct.pack("<2q", 0, -1))
        self.ok(acl.set_tensor_const(axes, acl.util.bytes_to_ptr(raw), len(raw)))
        y = self.desc(acl.ACL_FLOAT, [-2])
        self.ok(acl.op.infer_shape("ReduceSum", [x, axes], self.none(2), 1, [y], 0))
        self.assertEqual(dims_of(self, y), [3])

    def test_errors(self):
        a, b = self.desc(acl.ACL_FLOAT, [3, 2]), self.desc(acl.ACL_FLOAT, [4])
        y = self.desc(acl.ACL_FLOAT, [-2])
        two = self.none(2)
        msg = self.fails(acl.op.infer_shape("Add", [a, b], two, 1, [y], 0), INPUT,
                         "shapes that do not broadcast")
        self.assertIn("Add", msg)
        msg = self.fails(acl.op.infer_shape("Nope", [a], two[:1], 1, [y], 0), TYPE,
                         "unknown type")
        self.assertIn("Nope", msg)
        self.fails(acl.op.infer_shape("Add", [a, a], two, 2, [y], 0), INV,
                   "num_outputs 2 with one description")
        self.fails(acl.op.infer_shape("Add", [a, a], two, -1, [y], 0), INV,
                   "negative num_outputs")
        self.fails(acl.op.infer_shape("Add", [a, a], [two[0]], 1, [y], 0), INV,
                   "fewer buffers than descriptions")
        y2 = self.desc(acl.ACL_FLOAT, [-2])
        self.fails(acl.op.infer_shape("Add", [a, a], two, 2, [y, y2], 0), OUTPUT,
                   "two outputs for Add")
        self.fails(acl.op.infer_shape("Add", [a, a], two, 0, [], 0), OUTPUT, "no output for Add")
        self.fails(acl.op.infer_shape("Cast", [a], two[:1], 1, [y], 0), ATTR,
                   "Cast without dst_type")


class Misuse(OpCase):
    """Each misuse row: its code, a message naming the operator and what was
    wrong, and nothing queued (the output keeps its sentinel)."""

    SENTINEL = [-9.0] * 4

    def setUp(self):
        super().setUp()
        self.x = self.t(acl.ACL_FLOAT, (4,), [1.0, 2.0, 3.0, 4.0])
        self.y = self.t(acl.ACL_FLOAT, (4,), self.SENTINEL)

    def refused(self, ret, code, what, *words):
        msg = self.fails(ret, code, what)
        for w in words:
            self.assertIn(w, msg, what)
        self.sync()
        self.assertEqual(self.y.values(), self.SENTINEL, what + ": something ran")
        return msg

    def test_unknown_type(self):
        self.refused(execute("NoSuchOp", [self.x, self.x], [self.y], 0, self.stream), TYPE,
                     "unknown op type", "NoSuchOp")

    def test_input_count(self):
        self.refused(execute("Add", [self.x], [self.y], 0, self.stream), INPUT,
                     "Add with one input", "Add")
        self.refused(execute("Relu", [self.x, self.x], [self.y], 0, self.stream), INPUT,
                     "Relu with two inputs", "Relu")

    def test_shapes_do_not_broadcast(self):
        z = self.t(acl.ACL_FLOAT, (3,), [0.0] * 3)
        self.refused(execute("Add", [self.x, z], [self.y], 0, self.stream), INPUT,
                     "4 + 3 elements", "Add")

    def test_value_input_without_value(self):
        # ReduceSum's axes in device memory: its value is not known when the call checks.
        axes = self.t(acl.ACL_INT64, (1,), [0])
        msg = self.refused(execute("ReduceSum", [self.x, axes], [self.y], 0, self.stream), INPUT,
                           "axes in device memory", "ReduceSum")
        self.assertIn("axes", msg)

    def test_inputs_disagree_in_dtype(self):
        i = self.t(acl.ACL_INT32, (4,), [1] * 4)
        self.refused(execute("Add", [self.x, i], [self.y], 0, self.stream), INPUT,
                     "float32 + int32", "Add")

    def test_output_count_and_shape(self):
        y2 = self.t(acl.ACL_FLOAT, (4,))
        self.refused(execute("Add", [self.x, self.x], [self.y, y2], 0, self.stream), OUTPUT,
                     "Add with two outputs", "Add")
        self.refused(execute("Add", [self.x, self.x], [], 0, self.stream), OUTPUT,
                     "Add with no output", "Add")
        wrong = self.t(acl.ACL_FLOAT, (2, 2))
        self.fails(execute("Add", [self.x, self.x], [wrong], 0, self.stream), OUTPUT,
                   "output described [2, 2] for [4]")

    def test_attributes(self):
        h = self.t(acl.ACL_FLOAT16, (4,))
        self.refused(execute("Cast", [self.x], [h], 0, self.stream), ATTR,
                     "Cast without dst_type", "Cast", "dst_type")
        self.refused(execute("Cast", [self.x], [h], make_attr(self, dst_type="float16"),
                             self.stream), ATTR, "dst_type as a string", "Cast", "dst_type")
        m = self.t(acl.ACL_FLOAT, (2, 2), [1.0] * 4)
        y = self.t(acl.ACL_FLOAT, (2, 2))
        msg = self.fails(execute("MatMulV2", [m, m], [y], make_attr(self, transpose_x1="yes"),
                                 self.stream), ATTR, "transpose_x1 as a string")
        self.assertIn("transpose_x1", msg)

    def test_dtype(self):
        b = self.t(acl.ACL_BOOL, (4,), [True, False, True, False])
        yb = self.t(acl.ACL_BOOL, (4,))
        msg = self.fails(execute("Relu", [b], [yb], 0, self.stream), DTYPE, "Relu of bool")
        self.assertIn("Relu", msg)

    def test_null_and_invalid(self):
        x, y = self.x, self.y
        self.refused(acl.op.execute_v2(None, [x.desc], [x.buf], [y.desc], [y.buf], 0,
                                       self.stream), INV, "NULL op type")
        self.refused(acl.op.execute_v2("Relu", [x.desc], [0], [y.desc], [y.buf], 0, self.stream),
                     INV, "NULL input buffer")
        self.refused(acl.op.execute_v2("Relu", [0], [x.buf], [y.desc], [y.buf], 0, self.stream),
                     INV, "NULL input desc")
        self.refused(acl.op.execute_v2("Relu", [], [x.buf], [y.desc], [y.buf], 0, self.stream),
                     INV, "descriptions shorter than buffers")
        small = acl.create_data_buffer(x.dev, 8)
        self.addCleanup(acl.destroy_data_buffer, small)
        self.refused(acl.op.execute_v2("Relu", [x.desc], [small], [y.desc], [y.buf], 0,
                                       self.stream), INV, "input buffer smaller than 16 bytes")
        self.refused(acl.op.execute_v2("Relu", [x.desc], [x.buf], [y.desc], [small], 0,
                                       self.stream), INV, "output buffer smaller")


class ModelsAndKernels(Case):
    def test_model_dir_load_queue(self):
        self.fails(acl.op.set_model_dir(None), INV, "set_model_dir(None)")
        self.fails(acl.op.set_model_dir("/no/such/op_models"), acl.ACL_ERROR_READ_MODEL_FAILURE,
                   "set_model_dir of a missing directory")
        here = os.path.dirname(os.path.abspath(__file__))
        self.ok(acl.op.set_model_dir(here), "set_model_dir")
        self.fails(acl.op.set_model_dir(here), acl.ACL_ERROR_REPEAT_INITIALIZE,
                   "set_model_dir twice")
        self.fails(acl.op.load(0, 16), INV, "load NULL")
        junk = bytearray(b"not a model at all")
        self.fails(acl.op.load(junk, 0), INV, "load size 0")
        # Not a model file: the reader's code (single-op models: tests/atc/atc_singleop.py).
        self.fails(acl.op.load(acl.util.bytes_to_ptr(junk), len(junk)),
                   acl.ACL_ERROR_PARSE_MODEL, "load of junk")
        self.fails(acl.op.load(junk, len(junk)), acl.ACL_ERROR_PARSE_MODEL,
                   "load of junk in a buffer object")
        self.fails(acl.op.set_max_op_queue_num(0), INV, "set_max_op_queue_num(0)")
        self.ok(acl.op.set_max_op_queue_num(64), "set_max_op_queue_num")

    def test_kernel_selector_wrappers(self):
        self.fails(acl.op.register_compile_func(None, lambda *a: 0), INV, "register NULL type")
        self.fails(acl.op.register_compile_func("X", None), INV, "register NULL func")
        self.fails(acl.op.set_kernel_args(0, "k", 1, 0, 0), INV, "set_kernel_args NULL")
        self.fails(acl.op.set_kernel_workspace_sizes(0, 1, 0), INV, "workspace sizes NULL")
        self.fails(acl.op.create_kernel(None, "k", "k", 0, 0, acl.ACL_ENGINE_SYS, 0), INV,
                   "create_kernel NULL type")
        self.fails(acl.op.update_params("Unregistered", [], [], 0),
                   acl.ACL_ERROR_BIN_SELECTOR_NOT_REGISTERED, "update_params unregistered")

    def test_compile_func_and_kernels(self):
        binary = bytearray(b"\x7fELF a device kernel")
        bin_ptr = acl.util.bytes_to_ptr(binary)
        self.ok(acl.op.create_kernel("PyUserOp", "k1", "py_user_op_k1", bin_ptr, len(binary),
                                     acl.ACL_ENGINE_SYS, 0), "create_kernel")
        self.fails(acl.op.create_kernel("PyUserOp", "k1", "again", bin_ptr, len(binary),
                                        acl.ACL_ENGINE_SYS, 0),
                   acl.ACL_ERROR_KERNEL_ALREADY_REGISTERED, "create_kernel twice")
        # A binary handed over with a deallocator (host memory: cpuacl runs in host mode).
        host, ret = acl.rt.malloc_host(64)
        self.ok(ret)
        self.ok(acl.op.create_kernel("PyUserOp", "k2", "py_user_op_k2", host, 64,
                                     acl.ACL_ENGINE_AICORE, 1), "create_kernel, deallocator")
        seen = []
        args = (ctypes.c_uint64 * 2)(1, 2)

        def compile_func(num_inputs, in_descs, num_outputs, out_descs, op_attr, kernel_desc):
            seen.append((num_inputs, [acl.get_tensor_desc_num_dims(d) for d in in_descs],
                         num_outputs, len(out_descs), op_attr, kernel_desc != 0))
            ret = acl.op.set_kernel_args(kernel_desc, kernel_ids.pop(0), 8,
                                         ctypes.addressof(args), ctypes.sizeof(args))
            if ret:
                return ret
            sizes = (ctypes.c_size_t * 2)(64, 128)
            return acl.op.set_kernel_workspace_sizes(kernel_desc, 2, ctypes.addressof(sizes))

        self.ok(acl.op.register_compile_func("PyUserOp", compile_func), "register_compile_func")
        self.fails(acl.op.register_compile_func("PyUserOp", compile_func),
                   acl.ACL_ERROR_BIN_SELECTOR_ALREADY_REGISTERED, "register twice")
        d = acl.create_tensor_desc(acl.ACL_FLOAT, [2, 3], acl.ACL_FORMAT_ND)
        self.addCleanup(acl.destroy_tensor_desc, d)
        attr = make_attr(self, mode=1)
        kernel_ids = ["k1", "k2", "k3"]
        self.ok(acl.op.update_params("PyUserOp", [d, d], [d], attr), "update_params k1")
        self.ok(acl.op.update_params("PyUserOp", [d], [d], 0), "update_params k2")
        msg = self.fails(acl.op.update_params("PyUserOp", [d], [d], 0),
                         acl.ACL_ERROR_KERNEL_NOT_FOUND, "a kernel nobody created")
        self.assertIn("k3", msg)
        self.assertEqual(seen, [(2, [2, 2], 1, 1, attr, True), (1, [2], 1, 1, 0, True),
                                (1, [2], 1, 1, 0, True)])
        # Its kernels are device binaries: executing the type is refused here.
        host = bytearray(24)
        b = acl.create_data_buffer(acl.util.bytes_to_ptr(host), len(host))
        self.addCleanup(acl.destroy_data_buffer, b)
        self.fails(acl.op.execute_v2("PyUserOp", [d], [b], [d], [b], 0, 0),
                   acl.ACL_ERROR_API_NOT_SUPPORT, "execute a user kernel")
        self.ok(acl.op.unregister_compile_func("PyUserOp"), "unregister_compile_func")
        self.fails(acl.op.update_params("PyUserOp", [d], [d], 0),
                   acl.ACL_ERROR_BIN_SELECTOR_NOT_REGISTERED, "after unregistering")

    def test_compile_func_that_raises(self):
        def bad(*_args):
            raise RuntimeError("raised on purpose by the test")

        self.ok(acl.op.register_compile_func("PyRaises", bad))
        self.addCleanup(acl.op.unregister_compile_func, "PyRaises")
        msg = self.fails(acl.op.update_params("PyRaises", [], [], 0), acl.ACL_ERROR_FAILURE,
                         "compile function that raised")
        self.assertIn("PyRaises", msg)

if __name__ == "__main__":
    acltest.main()
