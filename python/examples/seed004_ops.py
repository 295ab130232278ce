#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Seed 004: single operators (acl.op.execute_v2) on explicit contexts and
streams of two devices, then on the default stream (stream 0).

Flow 1: ctx1 on device 0 and its stream run Add; ctx2 on device 1 and its
stream run MatMulV2 (transpose_x2); set_context(ctx1) and Relu runs on the
first stream. Flow 2: set_device(0), Mul and Cast (to float16) on stream 0,
synchronize_stream(0), reset_device(0). Every result is checked against
numpy."""
import sys

import acl

try:
    import numpy as np
except ImportError:
    print("needs numpy")
    sys.exit(77)

NP_TO_ACL = {np.dtype(np.float32): acl.ACL_FLOAT, np.dtype(np.float16): acl.ACL_FLOAT16}


def check_ret(what, ret):
    if ret != acl.ACL_SUCCESS:
        raise SystemExit("%s failed: %d %s" % (what, ret, acl.get_recent_err_msg()))


class Operand:
    """A tensor description, device memory and a data buffer over it."""

    def __init__(self, shape, dtype, host=None):
        self.shape, self.dtype = tuple(shape), np.dtype(dtype)
        self.size = int(np.prod(self.shape)) * self.dtype.itemsize
        self.desc = acl.create_tensor_desc(NP_TO_ACL[self.dtype], list(self.shape),
                                           acl.ACL_FORMAT_ND)
        self.dev, ret = acl.rt.malloc(self.size, acl.ACL_MEM_MALLOC_HUGE_FIRST)
        check_ret("malloc", ret)
        if host is not None:
            src = np.ascontiguousarray(host, self.dtype)
            check_ret("memcpy", acl.rt.memcpy(self.dev, self.size, acl.util.numpy_to_ptr(src),
                                              self.size, acl.ACL_MEMCPY_HOST_TO_DEVICE))
        self.buf = acl.create_data_buffer(self.dev, self.size)

    def to_numpy(self):
        out = np.empty(self.shape, self.dtype)
        check_ret("memcpy", acl.rt.memcpy(acl.util.numpy_to_ptr(out), self.size, self.dev,
                                          self.size, acl.ACL_MEMCPY_DEVICE_TO_HOST))
        return out

    def release(self):
        check_ret("destroy_data_buffer", acl.destroy_data_buffer(self.buf))
        check_ret("free", acl.rt.free(self.dev))
        acl.destroy_tensor_desc(self.desc)


def run(op_type, inputs, outputs, attr, stream):
    ret = acl.op.execute_v2(op_type, [t.desc for t in inputs], [t.buf for t in inputs],
                            [t.desc for t in outputs], [t.buf for t in outputs], attr, stream)
    check_ret("execute_v2 " + op_type, ret)


def expect(name, got, want, tol=1e-5):
    if not np.allclose(got, want, rtol=tol, atol=tol):
        raise SystemExit("%s: result differs from numpy:\n%s\n%s" % (name, got, want))
    print("%-30s %s ok" % (name, list(got.shape)))


def flow1(rng):
    a = rng.standard_normal((2, 4)).astype(np.float32)
    b = rng.standard_normal((4,)).astype(np.float32)
    x1 = rng.standard_normal((3, 5)).astype(np.float32)
    x2 = rng.standard_normal((2, 5)).astype(np.float32)

    ctx1, ret = acl.rt.create_context(0)              # device 0, current
    check_ret("create_context(0)", ret)
    stream, ret = acl.rt.create_stream()
    check_ret("create_stream", ret)
    ta, tb, tsum, trelu = Operand(a.shape, a.dtype, a), Operand(b.shape, b.dtype, b), \
        Operand(a.shape, a.dtype), Operand(a.shape, a.dtype)
    run("Add", [ta, tb], [tsum], 0, stream)

    ctx2, ret = acl.rt.create_context(1)              # device 1, current now
    check_ret("create_context(1)", ret)
    stream2, ret = acl.rt.create_stream()
    check_ret("create_stream", ret)
    t1, t2, ty = Operand(x1.shape, x1.dtype, x1), Operand(x2.shape, x2.dtype, x2), \
        Operand((3, 2), np.float32)
    attr = acl.op.create_attr()
    check_ret("set_attr_bool", acl.op.set_attr_bool(attr, "transpose_x2", True))
    run("MatMulV2", [t1, t2], [ty], attr, stream2)
    check_ret("synchronize_stream", acl.rt.synchronize_stream(stream2))
    expect("device 1: MatMulV2(x1, x2^T)", ty.to_numpy(), x1 @ x2.T)
    acl.op.destroy_attr(attr)
    for t in (t1, t2, ty):
        t.release()

    check_ret("set_context(ctx1)", acl.rt.set_context(ctx1))   # back to device 0
    run("Relu", [tsum], [trelu], 0, stream)           # the seed's "s1"
    check_ret("synchronize_stream", acl.rt.synchronize_stream(stream))
    expect("device 0: Add(a, b)", tsum.to_numpy(), a + b)
    expect("device 0: Relu(Add(a, b))", trelu.to_numpy(), np.maximum(a + b, 0))
    for t in (ta, tb, tsum, trelu):
        t.release()

    check_ret("destroy_stream", acl.rt.destroy_stream(stream))
    check_ret("set_context(ctx2)", acl.rt.set_context(ctx2))
    check_ret("destroy_stream", acl.rt.destroy_stream(stream2))
    check_ret("destroy_context", acl.rt.destroy_context(ctx2))
    check_ret("destroy_context", acl.rt.destroy_context(ctx1))


def flow2(rng, device_id=0):
    x = rng.standard_normal((2, 3)).astype(np.float32)
    y = rng.standard_normal((2, 1)).astype(np.float32)

    check_ret("set_device", acl.rt.set_device(device_id))   # default context and stream
    tx, ty = Operand(x.shape, x.dtype, x), Operand(y.shape, y.dtype, y)
    tmul, th = Operand(x.shape, np.float32), Operand(x.shape, np.float16)
    attr = acl.op.create_attr()
    check_ret("set_attr_int", acl.op.set_attr_int(attr, "dst_type", acl.ACL_FLOAT16))
    run("Mul", [tx, ty], [tmul], 0, 0)                # stream 0: the default stream
    run("Cast", [tmul], [th], attr, 0)
    check_ret("synchronize_stream(0)", acl.rt.synchronize_stream(0))
    expect("default stream: Mul(x, y)", tmul.to_numpy(), x * y)
    expect("default stream: Cast to float16", th.to_numpy(), (x * y).astype(np.float16), 0)
    acl.op.destroy_attr(attr)
    for t in (tx, ty, tmul, th):
        t.release()
    check_ret("reset_device", acl.rt.reset_device(device_id))


def main():
    check_ret("acl.init", acl.init())
    count, ret = acl.rt.get_device_count()
    check_ret("get_device_count", ret)
    if count < 2:
        print("needs two devices (CPUACL_DEVICE_COUNT=2)")
        sys.exit(77)
    rng = np.random.default_rng(4)
    flow1(rng)
    flow2(rng)
    check_ret("acl.finalize", acl.finalize())


if __name__ == "__main__":
    main()
