# SPDX-License-Identifier: Apache-2.0
"""Seed 004's flows from Python: the default context and stream, explicit
contexts switched with set_context across two devices, one stream per thread,
events between streams."""
import threading

import acltest
from acltest import D2H, H2D, Case, acl

setUpModule = acltest.setup_module
tearDownModule = acltest.teardown_module


class DefaultContext(Case):
    def test_default_context_and_stream(self):
        self.ok(acl.rt.set_device(0), "set_device")
        dev, ret = acl.rt.get_device()
        self.ok(ret, "get_device")
        self.assertEqual(dev, 0)
        mode, ret = acl.rt.get_run_mode()
        self.ok(ret)
        self.assertEqual(mode, acl.ACL_HOST)
        n = 4096
        src = bytes((i * 7 + 3) & 0xFF for i in range(n))
        dev_ptr, ret = acl.rt.malloc(n, acl.ACL_MEM_MALLOC_HUGE_FIRST)
        self.ok(ret, "malloc")
        self.assertNotEqual(dev_ptr, 0)
        # Stream 0 is the default stream of the default context.
        self.ok(acl.rt.memset_async(dev_ptr, n, 0x5A, n, 0), "memset_async on stream 0")
        self.ok(acl.rt.synchronize_stream(0))
        self.assertEqual(self.dev_bytes(dev_ptr, n), b"\x5a" * n)
        self.ok(acl.rt.memcpy(dev_ptr, n, acl.util.bytes_to_ptr(src), n, H2D))
        self.assertEqual(self.dev_bytes(dev_ptr, n), src)
        # The default stream also has a real handle, same as 0.
        ds, ret = acl.rt.ctx_get_current_default_stream()
        self.ok(ret)
        self.assertNotEqual(ds, 0)
        self.ok(acl.rt.memset_async(dev_ptr, n, 1, 16, ds))
        self.ok(acl.rt.synchronize_stream(0))
        self.assertEqual(self.dev_bytes(dev_ptr, 16), b"\x01" * 16)
        # The default stream cannot be destroyed.
        self.fails(acl.rt.destroy_stream(ds), acl.ACL_ERROR_INVALID_PARAM, "destroy default")
        self.ok(acl.rt.free(dev_ptr))
        self.ok(acl.rt.synchronize_device())
        self.ok(acl.rt.reset_device(0))

    def test_device_count_and_version(self):
        count, ret = acl.rt.get_device_count()
        self.ok(ret)
        self.assertGreaterEqual(count, 2)
        major, minor, patch, ret = acl.rt.get_version()
        self.ok(ret)
        self.assertEqual((major, minor, patch),
                         (acl.ACL_MAJOR_VERSION, acl.ACL_MINOR_VERSION, acl.ACL_PATCH_VERSION))
        self.assertTrue(acl.get_soc_name())


class Contexts(Case):
    def test_set_context_switches_devices(self):
        ctx0, ret = acl.rt.create_context(0)
        self.ok(ret, "create_context(0)")
        s0, ret = acl.rt.create_stream()
        self.ok(ret)
        ctx1, ret = acl.rt.create_context(1)
        self.ok(ret, "create_context(1)")
        self.assertNotEqual(ctx0, ctx1)
        # The last context created is current.
        cur, ret = acl.rt.get_context()
        self.ok(ret)
        self.assertEqual(cur, ctx1)
        dev, ret = acl.rt.get_device()
        self.assertEqual((dev, ret), (1, 0))
        s1, ret = acl.rt.create_stream()
        self.ok(ret)
        p1, ret = acl.rt.malloc(256, 0)
        self.ok(ret)
        self.ok(acl.rt.memset_async(p1, 256, 0x11, 256, s1))
        # A stream of ctx0 is refused while ctx1 is current.
        self.fails(acl.rt.synchronize_stream(s0), acl.ACL_ERROR_RT_STREAM_CONTEXT,
                   "stream of another context")
        self.ok(acl.rt.synchronize_stream(s1))
        self.ok(acl.rt.set_context(ctx0), "set_context(ctx0)")
        dev, ret = acl.rt.get_device()
        self.assertEqual((dev, ret), (0, 0))
        cur, _ = acl.rt.get_context()
        self.assertEqual(cur, ctx0)
        p0, ret = acl.rt.malloc(256, 0)
        self.ok(ret)
        self.ok(acl.rt.memset_async(p0, 256, 0x22, 256, s0))
        self.ok(acl.rt.synchronize_stream(s0))
        self.assertEqual(self.dev_bytes(p0, 256), b"\x22" * 256)
        self.assertEqual(self.dev_bytes(p1, 256), b"\x11" * 256)
        self.fails(acl.rt.synchronize_stream(s1), acl.ACL_ERROR_RT_STREAM_CONTEXT)
        self.ok(acl.rt.free(p0))
        self.ok(acl.rt.free(p1))
        self.ok(acl.rt.destroy_stream(s0))
        self.ok(acl.rt.set_context(ctx1))
        self.ok(acl.rt.destroy_stream(s1))
        self.ok(acl.rt.destroy_context(ctx1))
        self.ok(acl.rt.destroy_context(ctx0))
        # Destroyed: rejected, never dereferenced.
        self.fails(acl.rt.set_context(ctx0), acl.ACL_ERROR_RT_INVALID_HANDLE, "dead context")


class Threads(Case):
    def test_one_stream_per_thread(self):
        ctx, ret = acl.rt.create_context(0)
        self.ok(ret)
        nthreads, n = 4, 1 << 16
        results, errors = {}, []

        def worker(args):
            idx = args[0]
            try:
                # A new thread has no current context.
                _, r = acl.rt.get_context()
                if r != acl.ACL_ERROR_RT_CONTEXT_NULL:
                    errors.append("thread %d: get_context without a context -> %d" % (idx, r))
                r = acl.rt.set_context(ctx)
                if r:
                    errors.append("set_context %d" % r)
                    return
                stream, r = acl.rt.create_stream()
                dev, r2 = acl.rt.malloc(n, 0)
                if r or r2:
                    errors.append("create/malloc %d %d" % (r, r2))
                    return
                host, r = acl.rt.malloc_host(n)
                for k in range(8):  # several rounds on the thread's own stream
                    acl.rt.memset_async(dev, n, idx * 16 + k, n, stream)
                    acl.rt.memcpy_async(host, n, dev, n, D2H, stream)
                    r = acl.rt.synchronize_stream(stream)
                    data = acl.util.ptr_to_bytes(host, n)
                    if r or data != bytes([idx * 16 + k]) * n:
                        errors.append("thread %d round %d: ret %d" % (idx, k, r))
                results[idx] = acl.rt.destroy_stream(stream)
                acl.rt.free(dev)
                acl.rt.free_host(host)
            except Exception as e:  # noqa: BLE001 - report, do not hide
                errors.append(repr(e))

        tids = []
        for i in range(nthreads // 2):
            tid, ret = acl.util.start_thread(worker, [i])
            self.ok(ret)
            tids.append(tid)
        pythreads = [threading.Thread(target=worker, args=([i],))
                     for i in range(nthreads // 2, nthreads)]
        for t in pythreads:
            t.start()
        for tid in tids:
            self.ok(acl.util.stop_thread(tid))
        for t in pythreads:
            t.join()
        self.assertEqual(errors, [])
        self.assertEqual(results, {i: 0 for i in range(nthreads)})
        self.ok(acl.rt.destroy_context(ctx))


class Events(Case):
    def test_record_wait_query_between_streams(self):
        ctx, ret = acl.rt.create_context(0)
        self.ok(ret)
        s1, _ = acl.rt.create_stream()
        s2, _ = acl.rt.create_stream()
        n = 1024
        a, _ = acl.rt.malloc(n, 0)
        b, _ = acl.rt.malloc(n, 0)
        self.ok(acl.rt.memset(b, n, 0, n))
        ev, ret = acl.rt.create_event()
        self.ok(ret)
        start, _ = acl.rt.create_event()
        status, ret = acl.rt.query_event_status(ev)
        self.ok(ret)
        self.assertEqual(status, acl.ACL_EVENT_RECORDED_STATUS_NOT_READY)  # never recorded
        gate = threading.Event()
        # s1: wait for the gate (a host function), fill a, record ev.
        self.ok(acl.rt.record_event(start, s1))
        self.ok(acl.rt.launch_host_func(s1, lambda g: g.wait(), gate))
        self.ok(acl.rt.memset_async(a, n, 0x77, n, s1))
        self.ok(acl.rt.record_event(ev, s1))
        # s2: wait for ev, then copy a -> b.
        self.ok(acl.rt.stream_wait_event(s2, ev))
        self.ok(acl.rt.memcpy_async(b, n, a, n, acl.ACL_MEMCPY_DEVICE_TO_DEVICE, s2))
        status, ret = acl.rt.query_event_status(ev)
        self.ok(ret)
        self.assertEqual(status, acl.ACL_EVENT_RECORDED_STATUS_NOT_READY)
        st, ret = acl.rt.stream_query(s2)
        self.ok(ret)
        self.assertEqual(st, acl.ACL_STREAM_STATUS_NOT_READY)
        self.assertEqual(self.dev_bytes(b, n), b"\x00" * n)  # s2 is held
        gate.set()
        self.ok(acl.rt.synchronize_stream(s2))
        self.assertEqual(self.dev_bytes(b, n), b"\x77" * n)
        status, ret = acl.rt.query_event_status(ev)
        self.assertEqual((status, ret), (acl.ACL_EVENT_RECORDED_STATUS_COMPLETE, 0))
        self.ok(acl.rt.synchronize_event(ev))
        ms, ret = acl.rt.event_elapsed_time(start, ev)
        self.ok(ret, "event_elapsed_time")
        self.assertGreaterEqual(ms, 0.0)
        for e in (ev, start):
            self.ok(acl.rt.destroy_event(e))
        for s in (s1, s2):
            self.ok(acl.rt.destroy_stream(s))
        self.ok(acl.rt.free(a))
        self.ok(acl.rt.free(b))
        self.ok(acl.rt.destroy_context(ctx))


if __name__ == "__main__":
    acltest.main()
