#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Seed 004: explicit contexts on two devices, switched with set_context.

The context created last is current; acl.rt.set_context makes another one
current and so moves the thread's work to that context's device."""
import acl


def check_ret(what, ret):
    if ret != acl.ACL_SUCCESS:
        raise SystemExit("%s failed: %d %s" % (what, ret, acl.get_recent_err_msg()))


def fill_and_read(stream, value, size=64):
    dev, ret = acl.rt.malloc(size, acl.ACL_MEM_MALLOC_HUGE_FIRST)
    check_ret("malloc", ret)
    check_ret("memset_async", acl.rt.memset_async(dev, size, value, size, stream))
    check_ret("synchronize_stream", acl.rt.synchronize_stream(stream))
    out = acl.util.ptr_to_bytes(dev, size)
    check_ret("free", acl.rt.free(dev))
    return out


def main():
    check_ret("acl.init", acl.init())
    count, ret = acl.rt.get_device_count()
    check_ret("get_device_count", ret)
    if count < 2:
        print("needs two devices (CPUACL_DEVICE_COUNT=2)")
        raise SystemExit(77)

    ctx1, ret = acl.rt.create_context(0)      # current: ctx1 on device 0
    check_ret("create_context(0)", ret)
    stream1, ret = acl.rt.create_stream()
    check_ret("create_stream", ret)
    ctx2, ret = acl.rt.create_context(1)      # current: ctx2 on device 1
    check_ret("create_context(1)", ret)
    stream2, ret = acl.rt.create_stream()
    check_ret("create_stream", ret)
    assert acl.rt.get_device() == (1, 0)
    assert fill_and_read(stream2, 2) == b"\x02" * 64
    print("work on device 1 through ctx2: ok")

    check_ret("set_context(ctx1)", acl.rt.set_context(ctx1))
    assert acl.rt.get_device() == (0, 0)
    assert fill_and_read(stream1, 1) == b"\x01" * 64
    print("switched back to ctx1, work on device 0: ok")
    # stream2 belongs to ctx2: not usable while ctx1 is current.
    ret = acl.rt.synchronize_stream(stream2)
    assert ret == acl.ACL_ERROR_RT_STREAM_CONTEXT, ret
    print("stream of the other context refused with %d: ok" % ret)

    check_ret("destroy_stream", acl.rt.destroy_stream(stream1))
    check_ret("set_context(ctx2)", acl.rt.set_context(ctx2))
    check_ret("destroy_stream", acl.rt.destroy_stream(stream2))
    check_ret("destroy_context", acl.rt.destroy_context(ctx2))
    check_ret("destroy_context", acl.rt.destroy_context(ctx1))
    check_ret("finalize", acl.finalize())


if __name__ == "__main__":
    main()
