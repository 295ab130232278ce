# SPDX-License-Identifier: Apache-2.0
"""Capture and replay of a small model from Python (acl.mdl): copies, a
memset, an aclnn Add and a Python host function recorded on a stream, then
run several times with new inputs."""
import struct

import acltest
from acltest import D2D, H2D, StreamCase, acl

setUpModule = acltest.setup_module
tearDownModule = acltest.teardown_module

N = 256  # float32 elements


def floats(vals):
    return struct.pack("<%df" % len(vals), *vals)


def unfloats(b):
    return list(struct.unpack("<%df" % (len(b) // 4), b))


class Capture(StreamCase):
    def test_capture_and_replay(self):
        s = self.stream
        x = acl.nn.Tensor((N,), acl.ACL_FLOAT)
        y = acl.nn.Tensor((N,), acl.ACL_FLOAT)
        z = acl.nn.Tensor((N,), acl.ACL_FLOAT)
        staging = acl.nn.Tensor((N,), acl.ACL_FLOAT)
        self.ok(acl.rt.memset(z.ptr, z.nbytes, 0xFF, z.nbytes))  # NaN sentinel
        replays = []

        self.ok(acl.mdl.ri_capture_begin(s, acl.ACL_MODEL_RI_CAPTURE_MODE_GLOBAL), "begin")
        status, model, ret = acl.mdl.ri_capture_get_info(s)
        self.ok(ret)
        self.assertEqual(status, acl.ACL_MODEL_RI_CAPTURE_STATUS_ACTIVE)
        # x <- staging (D2D), y <- 0, z = x + 2 * y ... y filled by memset 0 then
        # a host function counts the replays.
        self.ok(acl.rt.memcpy_async(x.ptr, x.nbytes, staging.ptr, x.nbytes, D2D, s))
        self.ok(acl.rt.memset_async(y.ptr, y.nbytes, 0, y.nbytes, s))
        self.ok(acl.nn.run("Add", x, y, 2.0, z, stream=s), "Add captured")
        self.ok(acl.nn.run("Adds", z, 0.5, 1.0, z, stream=s), "Adds captured")
        self.ok(acl.rt.launch_host_func(s, replays.append, "replayed"))
        # A synchronous copy is refused while a GLOBAL capture is open.
        self.fails(acl.rt.memcpy(y.ptr, 4, staging.ptr, 4, D2D),
                   acl.ACL_ERROR_RT_CAPTURE_MODE_NOT_SUPPORT, "sync memcpy in capture")
        ri, ret = acl.mdl.ri_capture_end(s)
        self.ok(ret, "end")
        self.assertNotEqual(ri, 0)
        self.assertEqual(model, ri)
        # Nothing ran yet.
        self.assertEqual(z.to_bytes(), b"\xff" * z.nbytes)
        self.assertEqual(replays, [])

        for k in range(3):
            vals = [float(i * (k + 1)) for i in range(N)]
            self.ok(acl.rt.memcpy(staging.ptr, staging.nbytes, floats(vals), 4 * N, H2D))
            if k < 2:
                self.ok(acl.mdl.ri_execute_async(ri, s), "execute_async")
                self.ok(acl.rt.synchronize_stream(s))
            else:
                self.ok(acl.mdl.ri_execute(ri, -1), "execute")
            self.assertEqual(unfloats(z.to_bytes()), [v + 0.5 for v in vals])
            self.assertEqual(replays, ["replayed"] * (k + 1))

        self.ok(acl.mdl.ri_destroy(ri))
        self.fails(acl.mdl.ri_destroy(ri), acl.ACL_ERROR_RT_INVALID_HANDLE, "destroy twice")
        self.fails(acl.mdl.ri_execute_async(ri, s), acl.ACL_ERROR_RT_INVALID_HANDLE,
                   "execute destroyed")
        for t in (x, y, z, staging):
            t.destroy()

    def test_capture_errors(self):
        s = self.stream
        self.fails(acl.mdl.ri_capture_end(s), acl.ACL_ERROR_RT_STREAM_NOT_CAPTURED,
                   "end without begin")
        self.fails(acl.mdl.ri_capture_begin(0, 0), acl.ACL_ERROR_INVALID_PARAM,
                   "capture the default stream")
        self.ok(acl.mdl.ri_capture_begin(s, acl.ACL_MODEL_RI_CAPTURE_MODE_RELAXED))
        self.fails(acl.mdl.ri_capture_begin(s, 0), acl.ACL_ERROR_RT_STREAM_CAPTURED,
                   "begin twice")
        self.fails(acl.rt.launch_callback(print, [], 1, s), acl.ACL_ERROR_RT_FEATURE_NOT_SUPPORT,
                   "callback in capture")
        self.fails(acl.rt.synchronize_stream(s), acl.ACL_ERROR_RT_STREAM_CAPTURED,
                   "synchronize a capturing stream")
        ri, ret = acl.mdl.ri_capture_end(s)
        self.ok(ret)
        old, ret = acl.mdl.ri_capture_thread_exchange_mode(
            acl.ACL_MODEL_RI_CAPTURE_MODE_RELAXED)
        self.ok(ret)
        self.assertEqual(old, acl.ACL_MODEL_RI_CAPTURE_MODE_GLOBAL)
        old, ret = acl.mdl.ri_capture_thread_exchange_mode(old)
        self.assertEqual((old, ret), (acl.ACL_MODEL_RI_CAPTURE_MODE_RELAXED, 0))
        self.ok(acl.mdl.ri_execute_async(ri, s))  # an empty model runs
        self.ok(acl.rt.synchronize_stream(s))
        self.ok(acl.mdl.ri_destroy(ri))


if __name__ == "__main__":
    acltest.main()
