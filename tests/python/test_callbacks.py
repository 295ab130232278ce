# SPDX-License-Identifier: Apache-2.0
"""Python callbacks called by the runtime: launch_callback processed by a
start_thread thread (block type 1), host functions on runtime workers, and
callbacks still safe at finalize and at interpreter exit."""
import subprocess
import sys
import textwrap
import threading

import acltest
from acltest import Case, StreamCase, acl

setUpModule = acltest.setup_module
tearDownModule = acltest.teardown_module


class Callbacks(StreamCase):
    def test_blocking_callback_from_start_thread(self):
        stop = threading.Event()
        log = []
        seen_threads = set()
        process_rets = []

        def report_loop(args):
            ctx = args[0]
            acl.rt.set_context(ctx)
            while not stop.is_set():
                r = acl.rt.process_report(100)
                if r == acl.ACL_ERROR_THREAD_NOT_SUBSCRIBE:
                    stop.wait(0.001)  # before subscribe_report / after unsubscribe
                elif r not in (0, acl.ACL_ERROR_WAIT_CALLBACK_TIMEOUT):
                    process_rets.append(r)

        tid, ret = acl.util.start_thread(report_loop, [self.ctx])
        self.ok(ret, "start_thread")
        self.ok(acl.rt.subscribe_report(tid, self.stream), "subscribe_report")
        self.fails(acl.rt.subscribe_report(tid, self.stream), acl.ACL_ERROR_REPEAT_SUBSCRIBE,
                   "second subscribe")

        def callback(user_data):
            seen_threads.add(threading.get_ident())
            log.append(("cb", user_data[0]))
            user_data.append("touched")  # the very list given to launch_callback

        n = 1 << 12
        dev, _ = acl.rt.malloc(n, 0)
        datas = []
        for i in range(20):
            d = [i]
            datas.append(d)
            self.ok(acl.rt.launch_callback(callback, d, acl.ACL_CALLBACK_BLOCK, self.stream),
                    "launch_callback")
            # In stream order after a blocking callback: runs only once it returned.
            self.ok(acl.rt.launch_host_func(self.stream, lambda k: log.append(("after", k)), i))
        self.ok(acl.rt.memset_async(dev, n, 9, n, self.stream))
        self.ok(acl.rt.synchronize_stream(self.stream))
        expected = []
        for i in range(20):
            expected += [("cb", i), ("after", i)]
        self.assertEqual(log, expected)
        self.assertEqual(seen_threads, {tid})  # run by the subscribed thread only
        self.assertTrue(all(d == [d[0], "touched"] for d in datas))
        self.assertEqual(self.dev_bytes(dev, n), b"\x09" * n)
        self.ok(acl.rt.unsubscribe_report(tid, self.stream))
        self.fails(acl.rt.launch_callback(callback, [], 1, self.stream),
                   acl.ACL_ERROR_STREAM_NOT_SUBSCRIBE, "launch_callback after unsubscribe")
        stop.set()
        self.ok(acl.util.stop_thread(tid))
        self.assertEqual(process_rets, [])
        self.assertEqual(acl.rt._pending_count(), 0)  # no reference left behind
        self.ok(acl.rt.free(dev))

    def test_callback_errors(self):
        self.fails(acl.rt.launch_callback(print, [], 1, self.stream),
                   acl.ACL_ERROR_STREAM_NOT_SUBSCRIBE, "not subscribed")
        me = threading.get_ident()
        self.fails(acl.rt.process_report(10), acl.ACL_ERROR_THREAD_NOT_SUBSCRIBE,
                   "process_report unsubscribed")
        self.ok(acl.rt.subscribe_report(me, self.stream))
        self.fails(acl.rt.process_report(20), acl.ACL_ERROR_WAIT_CALLBACK_TIMEOUT, "timeout")
        self.fails(acl.rt.process_report(0), acl.ACL_ERROR_INVALID_PARAM, "timeout 0")
        self.fails(acl.rt.launch_callback(print, [], 7, self.stream), acl.ACL_ERROR_INVALID_PARAM,
                   "block type 7")
        self.fails(acl.rt.launch_callback("not callable", [], 1, self.stream),
                   acl.ACL_ERROR_INVALID_PARAM, "callback not callable")
        self.fails(acl.rt.launch_host_func(self.stream, None, 1), acl.ACL_ERROR_INVALID_PARAM,
                   "host function None")
        # NO_BLOCK, processed by this very thread.
        got = []
        self.ok(acl.rt.launch_callback(got.append, ["x"], acl.ACL_CALLBACK_NO_BLOCK, self.stream))
        while not got:
            self.ok(acl.rt.process_report(1000))
        self.assertEqual(got, [["x"]])
        self.ok(acl.rt.synchronize_stream(self.stream))
        self.ok(acl.rt.unsubscribe_report(me, self.stream))
        self.fails(acl.rt.unsubscribe_report(me, self.stream), acl.ACL_ERROR_STREAM_NOT_SUBSCRIBE)
        self.assertEqual(acl.rt._pending_count(), 0)

    def test_host_funcs_on_runtime_threads(self):
        calls = []
        main = threading.get_ident()
        local = threading.local()
        kept = []

        def hf(args):
            calls.append((args, threading.get_ident() != main))
            # A runtime thread keeps its Python thread state between callbacks
            # (else each call pays for a new one): its thread-locals survive.
            kept.append(getattr(local, "seen", False))
            local.seen = True

        for i in range(500):
            self.ok(acl.rt.launch_host_func(self.stream, hf, i))
        self.ok(acl.rt.synchronize_stream(self.stream))
        self.assertEqual(calls, [(i, True) for i in range(500)])
        self.assertEqual(acl.rt._pending_count(), 0)
        # Callbacks run on the stream's worker: once per thread not seen before.
        self.assertLessEqual(kept.count(False), 2)

    def test_exception_in_host_func_does_not_stop_the_stream(self):
        ran = []

        def bad(_):
            raise RuntimeError("deliberate")

        old = sys.stderr
        try:
            import io
            sys.stderr = io.StringIO()
            self.ok(acl.rt.launch_host_func(self.stream, bad, None))
            self.ok(acl.rt.launch_host_func(self.stream, ran.append, 1))
            self.ok(acl.rt.synchronize_stream(self.stream))
            err = sys.stderr.getvalue()
        finally:
            sys.stderr = old
        self.assertEqual(ran, [1])
        self.assertIn("deliberate", err)


class Lifetime(Case):
    # A child interpreter queues `count` Python host functions behind a gate
    # (a host function waiting on a threading.Event), opens it, then runs `tail`.
    PROLOGUE = """
import acl, os, threading
assert acl.init() == 0
assert acl.rt.set_device(0) == 0
s, r = acl.rt.create_stream()
gate = threading.Event()
assert acl.rt.launch_host_func(s, lambda g: g.wait(), gate) == 0
for i in range(%d):
    assert acl.rt.launch_host_func(s, lambda k: os.write(1, b"hf %%d\\n" %% k), i) == 0
"""

    def run_script(self, count, tail):
        code = self.PROLOGUE % count + textwrap.dedent(tail)
        p = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                           timeout=120)
        self.assertEqual(p.returncode, 0, "stdout:\n%s\nstderr:\n%s" % (p.stdout, p.stderr))
        return p.stdout.splitlines()

    def test_finalize_runs_queued_python_callbacks(self):
        lines = self.run_script(50, """
            threading.Timer(0.05, gate.set).start()
            r = acl.finalize()   # waits for the queued work
            os.write(1, b"finalize %d\\nafter\\n" % r)
        """)
        self.assertEqual(lines, ["hf %d" % i for i in range(50)] + ["finalize 0", "after"])

    def test_exit_without_finalize(self):
        lines = self.run_script(20, """
            gate.set()
            os.write(1, b"leaving\\n")
            # no synchronize, no finalize: acl's atexit hook drains the runtime
        """)
        self.assertEqual([ln for ln in lines if ln != "leaving"], ["hf %d" % i for i in range(20)])

if __name__ == "__main__":
    acltest.main()
