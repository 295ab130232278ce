#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Seed 004: an event synchronises two streams.

stream2's task depends on stream1's: record an event on stream1 after the
producing task, make stream2 wait for it, then queue the consumer."""
import acl

SIZE = 4096


def check_ret(what, ret):
    if ret != acl.ACL_SUCCESS:
        raise SystemExit("%s failed: %d %s" % (what, ret, acl.get_recent_err_msg()))


def main():
    check_ret("acl.init", acl.init())
    check_ret("set_device", acl.rt.set_device(0))
    ctx, ret = acl.rt.create_context(0)
    check_ret("create_context", ret)
    stream1, _ = acl.rt.create_stream()
    stream2, _ = acl.rt.create_stream()
    src, _ = acl.rt.malloc(SIZE, acl.ACL_MEM_MALLOC_HUGE_FIRST)
    dst, _ = acl.rt.malloc(SIZE, acl.ACL_MEM_MALLOC_HUGE_FIRST)
    event, ret = acl.rt.create_event()
    check_ret("create_event", ret)

    check_ret("memset_async", acl.rt.memset_async(src, SIZE, 0x42, SIZE, stream1))
    check_ret("record_event", acl.rt.record_event(event, stream1))
    check_ret("stream_wait_event", acl.rt.stream_wait_event(stream2, event))
    check_ret("memcpy_async", acl.rt.memcpy_async(dst, SIZE, src, SIZE,
                                                  acl.ACL_MEMCPY_DEVICE_TO_DEVICE, stream2))
    check_ret("synchronize_stream", acl.rt.synchronize_stream(stream2))
    status, ret = acl.rt.query_event_status(event)
    check_ret("query_event_status", ret)
    assert status == acl.ACL_EVENT_RECORDED_STATUS_COMPLETE
    assert acl.util.ptr_to_bytes(dst, SIZE) == b"\x42" * SIZE
    print("stream2 saw stream1's result through the event: ok")

    check_ret("destroy_event", acl.rt.destroy_event(event))
    for p in (src, dst):
        check_ret("free", acl.rt.free(p))
    for s in (stream1, stream2):
        check_ret("destroy_stream", acl.rt.destroy_stream(s))
    check_ret("destroy_context", acl.rt.destroy_context(ctx))
    check_ret("reset_device", acl.rt.reset_device(0))
    check_ret("finalize", acl.finalize())


if __name__ == "__main__":
    main()
