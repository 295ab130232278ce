# SPDX-License-Identifier: Apache-2.0
"""Shared set-up of the Python tests: import acl (hiding numpy when
CPUACL_PY_HIDE_NUMPY=1, to test the numpy-less path), init once per process."""
import os
import sys
import unittest

if os.environ.get("CPUACL_PY_HIDE_NUMPY") == "1":
    sys.modules["numpy"] = None  # `import numpy` now raises ImportError

import acl  # noqa: E402

try:
    import numpy as np  # noqa: F401
    HAVE_NUMPY = True
except ImportError:
    np = None
    HAVE_NUMPY = False

needs_numpy = unittest.skipUnless(HAVE_NUMPY, "numpy hidden or not installed")

H2D = acl.ACL_MEMCPY_HOST_TO_DEVICE
D2H = acl.ACL_MEMCPY_DEVICE_TO_HOST
D2D = acl.ACL_MEMCPY_DEVICE_TO_DEVICE
H2H = acl.ACL_MEMCPY_HOST_TO_HOST


def setup_module():
    ret = acl.init()
    assert ret == 0, "acl.init: %d %s" % (ret, acl.get_recent_err_msg())


def teardown_module():
    ret = acl.finalize()
    assert ret == 0, "acl.finalize: %d" % ret


def main():
    """unittest.main, with exit 77 when every test was skipped."""
    prog = unittest.main(exit=False, verbosity=2)
    r = prog.result
    if not r.wasSuccessful():
        sys.exit(1)
    if r.testsRun and len(r.skipped) == r.testsRun:
        sys.exit(77)
    sys.exit(0)


class Case(unittest.TestCase):
    def ok(self, ret, what=""):
        """Assert an acl return code is 0, showing the runtime's message."""
        if isinstance(ret, tuple):
            ret = ret[-1]
        self.assertEqual(ret, 0, "%s -> %d: %s" % (what, ret, acl.get_recent_err_msg()))

    def fails(self, ret, code, what=""):
        """Assert an acl call returned `code` (an int, not an exception) and
        left a message for get_recent_err_msg."""
        if isinstance(ret, tuple):
            ret = ret[-1]
        self.assertIsInstance(ret, int)
        self.assertEqual(ret, code, "%s returned %d, expected %d" % (what, ret, code))
        msg = acl.get_recent_err_msg()
        self.assertTrue(msg, "%s: no message for get_recent_err_msg" % what)
        return msg

    def dev_bytes(self, ptr, n):
        """Host copy of n bytes of device memory."""
        buf = bytearray(n)
        self.ok(acl.rt.memcpy(acl.util.bytes_to_ptr(buf), n, ptr, n, D2H), "memcpy D2H")
        return bytes(buf)


class StreamCase(Case):
    """A test with its own context on device 0 and a stream in it."""

    def setUp(self):
        self.ctx, ret = acl.rt.create_context(0)
        self.ok(ret, "create_context")
        self.stream, ret = acl.rt.create_stream()
        self.ok(ret, "create_stream")

    def tearDown(self):
        self.ok(acl.rt.destroy_stream(self.stream), "destroy_stream")
        self.ok(acl.rt.destroy_context(self.ctx), "destroy_context")
