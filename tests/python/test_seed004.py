# SPDX-License-Identifier: Apache-2.0
"""Seed 004 (basic concepts, pyACL), its two acl.op.execute_v2 flows as the
seed writes them, with real operators and the results checked against numpy
(and against plain Python when numpy is hidden):

1. ctx1 = create_context(0), stream = create_stream(), execute_v2(..., stream)
   on device 0; ctx2 = create_context(1), its stream, execute_v2 on device 1;
   set_context(ctx1), execute_v2 on the first stream again.
2. set_device(0) (default context and stream), execute_v2(..., 0) twice,
   synchronize_stream(0), reset_device(0).

Needs two devices (CPUACL_DEVICE_COUNT=2, as tests/python/CMakeLists.txt
sets)."""
import struct

import acltest
from acltest import Case, acl, needs_numpy, np
from optensor import OpTensor, execute, make_attr

setUpModule = acltest.setup_module
tearDownModule = acltest.teardown_module


def f16(x):
    """x rounded to float16 and back (struct's 'e' rounds to nearest even)."""
    return struct.unpack("<e", struct.pack("<e", x))[0]


class Seed004(Case):
    def setUp(self):
        n, ret = acl.rt.get_device_count()
        self.ok(ret, "get_device_count")
        if n < 2:
            self.skipTest("needs two devices (CPUACL_DEVICE_COUNT=2)")

    def context(self, dev):
        ctx, ret = acl.rt.create_context(dev)
        self.ok(ret, "create_context(%d)" % dev)
        self.addCleanup(lambda: self.ok(acl.rt.destroy_context(ctx), "destroy_context"))
        return ctx

    def stream(self, ctx):
        s, ret = acl.rt.create_stream()
        self.ok(ret, "create_stream")

        def destroy():
            self.ok(acl.rt.set_context(ctx), "set_context")
            self.ok(acl.rt.destroy_stream(s), "destroy_stream")
        self.addCleanup(destroy)
        return s

    @needs_numpy
    def test_flow1_contexts_on_two_devices(self):
        rng = np.random.default_rng(27004)
        a = rng.standard_normal((4, 6)).astype(np.float32)
        b = rng.standard_normal((6,)).astype(np.float32)  # broadcast over the rows
        x1 = rng.standard_normal((5, 8)).astype(np.float32)
        x2 = rng.standard_normal((3, 8)).astype(np.float32)  # used transposed

        ctx1 = self.context(0)
        stream = self.stream(ctx1)
        ta, tb, tsum = OpTensor.of(self, a), OpTensor.of(self, b), OpTensor.like(self, a)
        trelu = OpTensor.like(self, a)
        # Add on device 0, queued on the first stream.
        ret = acl.op.execute_v2("Add", [ta.desc, tb.desc], [ta.buf, tb.buf], [tsum.desc],
                                [tsum.buf], 0, stream)
        self.ok(ret, "execute_v2 Add")

        ctx2 = self.context(1)
        self.assertEqual(acl.rt.get_device(), (1, 0))
        stream2 = self.stream(ctx2)
        t1, t2 = OpTensor.of(self, x1), OpTensor.of(self, x2)
        ty = OpTensor(self, acl.ACL_FLOAT, (5, 3))
        attr = make_attr(self, transpose_x1=False, transpose_x2=True)
        # MatMulV2 on device 1, on ctx2's stream.
        ret = acl.op.execute_v2("MatMulV2", [t1.desc, t2.desc], [t1.buf, t2.buf], [ty.desc],
                                [ty.buf], attr, stream2)
        self.ok(ret, "execute_v2 MatMulV2")

        self.ok(acl.rt.set_context(ctx1), "set_context(ctx1)")
        self.assertEqual(acl.rt.get_device(), (0, 0))
        # A stream is used while its context is current: ctx2's stream is refused now.
        ret = acl.op.execute_v2("Relu", [tsum.desc], [tsum.buf], [trelu.desc], [trelu.buf], 0,
                                stream2)
        self.fails(ret, acl.ACL_ERROR_RT_STREAM_CONTEXT, "execute_v2 on ctx2's stream")
        # Relu of the Add's result, on the first stream after it ("s1").
        ret = acl.op.execute_v2("Relu", [tsum.desc], [tsum.buf], [trelu.desc], [trelu.buf], 0,
                                stream)
        self.ok(ret, "execute_v2 Relu")
        self.ok(acl.rt.synchronize_stream(stream))
        np.testing.assert_array_equal(tsum.numpy(), a + b)
        np.testing.assert_array_equal(trelu.numpy(), np.maximum(a + b, 0))

        self.ok(acl.rt.set_context(ctx2), "set_context(ctx2)")
        self.ok(acl.rt.synchronize_stream(stream2))
        np.testing.assert_allclose(ty.numpy(), x1 @ x2.T, rtol=1e-5, atol=1e-5)
        self.ok(acl.rt.set_context(ctx1))

    @needs_numpy
    def test_flow2_default_stream(self):
        rng = np.random.default_rng(4)
        x = (rng.standard_normal((2, 3, 4)) * 10).astype(np.float32)
        y = rng.standard_normal((3, 1)).astype(np.float32)

        self.ok(acl.rt.set_device(0), "set_device(0)")
        tx, ty = OpTensor.of(self, x), OpTensor.of(self, y)
        tmul = OpTensor.like(self, x)
        th = OpTensor(self, acl.ACL_FLOAT16, x.shape)
        # Two operators on stream 0, the default stream of device 0's default context.
        self.ok(execute("Mul", [tx, ty], [tmul], 0, 0), "execute_v2 Mul")
        cast = make_attr(self, dst_type=acl.ACL_FLOAT16)
        self.ok(execute("Cast", [tmul], [th], cast, 0), "execute_v2 Cast")
        self.ok(acl.rt.synchronize_stream(0), "synchronize_stream(0)")
        np.testing.assert_array_equal(tmul.numpy(), x * y)
        np.testing.assert_array_equal(th.numpy(), (x * y).astype(np.float16))
        self.doCleanups()  # the memory goes before the default context
        self.ok(acl.rt.reset_device(0), "reset_device(0)")

    def test_flows_without_numpy(self):
        # Flow 1 with small lists: Add then Mul on device 0, Sub on device 1.
        a = [1.5, -2.0, 3.25, -4.0, 0.5, 6.0]
        b = [0.5, 0.25, -1.0]
        ctx1 = self.context(0)
        stream = self.stream(ctx1)
        ta = OpTensor(self, acl.ACL_FLOAT, (2, 3), a)
        tb = OpTensor(self, acl.ACL_FLOAT, (3,), b)
        tsum = OpTensor(self, acl.ACL_FLOAT, (2, 3))
        tprod = OpTensor(self, acl.ACL_FLOAT, (2, 3))
        self.ok(execute("Add", [ta, tb], [tsum], 0, stream), "Add")
        ctx2 = self.context(1)
        stream2 = self.stream(ctx2)
        tc = OpTensor(self, acl.ACL_INT32, (4,), [7, -3, 0, 100])
        td = OpTensor(self, acl.ACL_INT32, (4,), [2, 2, 5, -100])
        tdiff = OpTensor(self, acl.ACL_INT32, (4,))
        self.ok(execute("Sub", [tc, td], [tdiff], 0, stream2), "Sub")
        self.ok(acl.rt.set_context(ctx1))
        self.ok(execute("Mul", [tsum, ta], [tprod], 0, stream), "Mul")
        self.ok(acl.rt.synchronize_stream(stream))
        sums = [a[i] + b[i % 3] for i in range(6)]
        self.assertEqual(tsum.values(), sums)
        self.assertEqual(tprod.values(), [s * x for s, x in zip(sums, a)])
        self.ok(acl.rt.set_context(ctx2))
        self.ok(acl.rt.synchronize_stream(stream2))
        self.assertEqual(tdiff.values(), [5, -5, -5, 200])
        self.ok(acl.rt.set_context(ctx1))
        self.doCleanups()

        # Flow 2: Relu then Cast to float16 on stream 0.
        self.ok(acl.rt.set_device(0))
        x = [-1.0, 0.1, 2.0, -0.0, 65504.0, 1.0 / 3]
        tx = OpTensor(self, acl.ACL_FLOAT, (6,), x)
        tr = OpTensor(self, acl.ACL_FLOAT, (6,))
        th = OpTensor(self, acl.ACL_FLOAT16, (6,))
        self.ok(execute("Relu", [tx], [tr], 0, 0), "Relu")
        self.ok(execute("Cast", [tr], [th], make_attr(self, dst_type=acl.ACL_FLOAT16), 0), "Cast")
        self.ok(acl.rt.synchronize_stream(0))
        relu = [max(v, 0.0) for v in x]
        self.assertEqual(tr.values(), [struct.unpack("<f", struct.pack("<f", v))[0]
                                       for v in relu])
        self.assertEqual(th.values(), [f16(v) for v in relu])
        self.doCleanups()
        self.ok(acl.rt.reset_device(0))


if __name__ == "__main__":
    acltest.main()
