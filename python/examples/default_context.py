#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Seed 004: the default context and the default stream.

acl.rt.set_device creates the device's default context and default stream;
pass 0 wherever a stream is expected to use the default stream."""
import acl

DEVICE_ID = 0


def check_ret(what, ret):
    if ret != acl.ACL_SUCCESS:
        raise SystemExit("%s failed: %d %s" % (what, ret, acl.get_recent_err_msg()))


def main():
    check_ret("acl.init", acl.init())
    check_ret("acl.rt.set_device", acl.rt.set_device(DEVICE_ID))

    data = b"hello, default stream!" * 100
    size = len(data)
    dev_ptr, ret = acl.rt.malloc(size, acl.ACL_MEM_MALLOC_HUGE_FIRST)
    check_ret("acl.rt.malloc", ret)
    host_ptr, ret = acl.rt.malloc_host(size)
    check_ret("acl.rt.malloc_host", ret)

    # Host -> device -> host, queued on the default stream (0).
    check_ret("memcpy", acl.rt.memcpy(dev_ptr, size, acl.util.bytes_to_ptr(data), size,
                                      acl.ACL_MEMCPY_HOST_TO_DEVICE))
    check_ret("memcpy_async", acl.rt.memcpy_async(host_ptr, size, dev_ptr, size,
                                                  acl.ACL_MEMCPY_DEVICE_TO_HOST, 0))
    check_ret("synchronize_stream", acl.rt.synchronize_stream(0))
    back = acl.util.ptr_to_bytes(host_ptr, size)
    assert back == data, "round trip mismatch"
    print("default stream round trip of %d bytes: ok" % size)

    check_ret("free", acl.rt.free(dev_ptr))
    check_ret("free_host", acl.rt.free_host(host_ptr))
    # Releases device 0 with its default context and default stream.
    check_ret("reset_device", acl.rt.reset_device(DEVICE_ID))
    check_ret("finalize", acl.finalize())


if __name__ == "__main__":
    main()
