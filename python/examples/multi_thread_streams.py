#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Seed 004: several threads, each with its own stream in one shared context.

A new thread has no current context: it calls acl.rt.set_context first."""
import acl

THREADS = 4
SIZE = 1 << 16


def check_ret(what, ret):
    if ret != acl.ACL_SUCCESS:
        raise SystemExit("%s failed: %d %s" % (what, ret, acl.get_recent_err_msg()))


def thread_func(args_list):
    ctx, index, results = args_list
    check_ret("set_context", acl.rt.set_context(ctx))
    stream, ret = acl.rt.create_stream()
    check_ret("create_stream", ret)
    dev, ret = acl.rt.malloc(SIZE, acl.ACL_MEM_MALLOC_HUGE_FIRST)
    check_ret("malloc", ret)
    host, ret = acl.rt.malloc_host(SIZE)
    check_ret("malloc_host", ret)
    acl.rt.memset_async(dev, SIZE, index + 1, SIZE, stream)
    acl.rt.memcpy_async(host, SIZE, dev, SIZE, acl.ACL_MEMCPY_DEVICE_TO_HOST, stream)
    check_ret("synchronize_stream", acl.rt.synchronize_stream(stream))
    results[index] = acl.util.ptr_to_bytes(host, SIZE) == bytes([index + 1]) * SIZE
    acl.rt.free(dev)
    acl.rt.free_host(host)
    check_ret("destroy_stream", acl.rt.destroy_stream(stream))


def main():
    check_ret("acl.init", acl.init())
    ctx, ret = acl.rt.create_context(0)
    check_ret("create_context", ret)
    results = {}
    tids = []
    for i in range(THREADS):
        tid, ret = acl.util.start_thread(thread_func, [ctx, i, results])
        check_ret("start_thread", ret)
        tids.append(tid)
    for tid in tids:
        check_ret("stop_thread", acl.util.stop_thread(tid))
    assert results == {i: True for i in range(THREADS)}, results
    print("%d threads, one stream each: ok" % THREADS)
    check_ret("destroy_context", acl.rt.destroy_context(ctx))
    check_ret("finalize", acl.finalize())


if __name__ == "__main__":
    main()
