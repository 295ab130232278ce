# SPDX-License-Identifier: Apache-2.0
"""Misuse from Python gets AscendCL error codes as return values (never an
exception, never a crash), each with a message for get_recent_err_msg."""
import acltest
from acltest import D2H, H2D, Case, acl

setUpModule = acltest.setup_module
tearDownModule = acltest.teardown_module

GARBAGE = 0x12345678


class Errors(Case):
    def setUp(self):
        self.ok(acl.rt.set_device(0))

    def tearDown(self):
        self.ok(acl.rt.reset_device(0))

    def test_bad_handles(self):
        rt, inv = acl.rt, acl.ACL_ERROR_RT_INVALID_HANDLE
        self.fails(rt.synchronize_stream(GARBAGE), inv, "synchronize garbage stream")
        self.fails(rt.memset_async(0, 0, 0, 0, GARBAGE), inv, "memset_async on garbage stream")
        self.fails(rt.record_event(GARBAGE, 0), inv, "record garbage event")
        self.fails(rt.query_event_status(GARBAGE), inv, "query garbage event")
        self.fails(rt.set_context(GARBAGE), inv, "set garbage context")
        self.fails(acl.mdl.ri_execute_async(GARBAGE, 0), inv, "execute garbage model")
        s, ret = rt.create_stream()
        self.ok(ret)
        self.ok(rt.destroy_stream(s))
        msg = self.fails(rt.destroy_stream(s), inv, "destroy a stream twice")
        self.assertIn("aclrtDestroyStream", msg)
        self.assertEqual(acl.get_recent_err_msg(), "")  # read once, then cleared
        e, _ = rt.create_event()
        self.ok(rt.destroy_event(e))
        self.fails(rt.synchronize_event(e), inv, "synchronize a destroyed event")
        ctx, _ = rt.create_context(0)
        self.ok(rt.destroy_context(ctx))
        self.fails(rt.destroy_context(ctx), inv, "destroy a context twice")
        self.ok(rt.set_device(0))  # current context again (the default one)
        self.ok(rt.reset_device(0))
        self.fails(rt.set_device(99), acl.ACL_ERROR_RT_INVALID_DEVICEID, "set_device(99)")
        self.fails(rt.subscribe_report(1, GARBAGE), inv, "subscribe garbage stream")

    def test_out_of_range_arguments(self):
        # issue 33, item 5: ctypes wrapped these silently (2**70 became NULL: the default
        # stream was synchronised); they are refused before C runs
        rt = acl.rt
        for bad in (2**64, 2**70, -2**63 - 1):
            with self.assertRaises(OverflowError) as cm:
                rt.synchronize_stream(bad)
            self.assertIn("aclrtSynchronizeStream", str(cm.exception))
        with self.assertRaises(TypeError):
            rt.synchronize_stream("stream")
        with self.assertRaises(TypeError):
            rt.synchronize_stream(1.5)
        with self.assertRaises(OverflowError):
            rt.set_device(2**40)
        with self.assertRaises(TypeError):
            rt.set_device("0")
        self.ok(rt.synchronize_stream(0))  # in range: still a call
        # a negative value converts modulo 2**64 as in C: a garbage handle, refused by C
        self.fails(rt.synchronize_stream(-1), acl.ACL_ERROR_RT_INVALID_HANDLE, "handle -1")
        self.ok(rt.set_device(True))  # bool is an int (device 1)
        self.ok(rt.reset_device(1))

    def test_bad_sizes(self):
        rt = acl.rt
        self.fails(rt.malloc(0, 0), acl.ACL_ERROR_INVALID_PARAM, "malloc(0)")
        self.fails(rt.malloc(1 << 60, acl.ACL_MEM_MALLOC_HUGE_ONLY),
                   acl.ACL_ERROR_RT_MEMORY_ALLOCATION, "malloc 2^60")
        self.fails(rt.malloc_host(0), acl.ACL_ERROR_INVALID_PARAM, "malloc_host(0)")
        d, ret = rt.malloc(64, 0)
        self.ok(ret)
        host = bytearray(256)
        hp = acl.util.bytes_to_ptr(host)
        self.fails(rt.memcpy(d, 64, hp, 128, H2D), acl.ACL_ERROR_RT_PARAM_INVALID,
                   "count > dest_max")
        self.fails(rt.memcpy(hp, 256, d, 200, D2H), acl.ACL_ERROR_INVALID_PARAM,
                   "count beyond the device allocation")
        # A negative size wraps to a huge size_t, as a C caller's would.
        self.fails(rt.memcpy(d, 64, hp, -1, H2D), acl.ACL_ERROR_RT_PARAM_INVALID, "count -1")
        self.fails(rt.memset(d, 64, 0, 65), acl.ACL_ERROR_RT_PARAM_INVALID, "memset > max")
        self.fails(rt.free(d + 8), acl.ACL_ERROR_INVALID_PARAM, "free an interior pointer")
        self.fails(rt.memcpy(0, 64, hp, 8, H2D), acl.ACL_ERROR_INVALID_PARAM, "NULL dst")
        self.ok(rt.memcpy(0, 0, 0, 0, H2D), "count 0 succeeds at once")
        self.ok(rt.free(d))
        self.fails(rt.free(d), acl.ACL_ERROR_INVALID_PARAM, "free twice")
        self.fails(rt.synchronize_stream_with_timeout(0, -5), acl.ACL_ERROR_RT_PARAM_INVALID,
                   "timeout -5")

    def test_bad_kinds(self):
        rt = acl.rt
        d, _ = rt.malloc(64, 0)
        host = bytearray(64)
        hp = acl.util.bytes_to_ptr(host)
        self.fails(rt.memcpy(d, 64, hp, 8, 99), acl.ACL_ERROR_INVALID_PARAM, "kind 99")
        self.fails(rt.memcpy(d, 64, hp, 8, -1), acl.ACL_ERROR_INVALID_PARAM, "kind -1")
        self.fails(rt.memcpy(hp, 64, d, 8, H2D), acl.ACL_ERROR_INVALID_PARAM,
                   "HOST_TO_DEVICE with a host dst")
        self.fails(rt.memcpy_async(d, 64, hp, 8, 42, 0), acl.ACL_ERROR_INVALID_PARAM,
                   "async kind 42")
        self.fails(rt.create_event_with_flag(0x8000), acl.ACL_ERROR_INVALID_PARAM,
                   "unknown event flag")
        self.fails(rt.set_stream_failure_mode(0, 5), acl.ACL_ERROR_INVALID_PARAM, "failure mode 5")
        self.ok(rt.free(d))

    def test_init_and_finalize_codes(self):
        self.fails(acl.init(), acl.ACL_ERROR_REPEAT_INITIALIZE, "second init")
        self.assertEqual(acl.rt.get_last_error(0), acl.ACL_ERROR_REPEAT_INITIALIZE)
        self.assertEqual(acl.rt.get_last_error(0), 0)  # reset by reading


if __name__ == "__main__":
    acltest.main()
