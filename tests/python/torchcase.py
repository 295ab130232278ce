# SPDX-License-Identifier: Apache-2.0
"""The base of the operator tests against PyTorch (test_*_torch.py).

Imported first by each of them, it imports torch before acl (test_ew_torch.py
says why: torch 1.13 aborts in its own loader otherwise), or leaves torch None
when torch or numpy is missing (or hidden: CPUACL_PY_HIDE_NUMPY=1), so that a
test class skips. TorchCase is a StreamCase that keeps the device tensors
(test_ew_torch.Dev) it made for a test and frees them after it (dev), runs an
operator's two phases and synchronises (run_op), and checks that a first phase
is refused with a code and a message naming the operator (refused)."""
import os

torch = None
if os.environ.get("CPUACL_PY_HIDE_NUMPY") != "1":
    try:
        import torch
    except ImportError:
        torch = None

import acltest  # noqa: E402
from acltest import acl  # noqa: E402

if torch is not None:
    from test_ew_torch import Dev  # noqa: E402

nn = acl.nn


class TorchCase(acltest.StreamCase):
    def setUp(self):
        super().setUp()
        self.devs = []

    def tearDown(self):
        for d in self.devs:
            d.free()
        super().tearDown()

    def dev(self, t):
        d = Dev(t)
        self.devs.append(d)
        return d

    def run_op(self, name, *args):
        ws, ex, ret = nn.get_workspace_size(name, *args)
        self.assertEqual(ret, 0, "aclnn%s: %d %s" % (name, ret, acl.get_recent_err_msg()))
        self.assertEqual(nn.launch(name, 0, 0, ex, self.stream), 0)
        self.assertEqual(acl.rt.synchronize_stream(self.stream), 0)

    def refused(self, name, code, *args):
        _, _, ret = nn.get_workspace_size(name, *args)
        msg = acl.get_recent_err_msg()
        self.assertEqual(ret, code, "aclnn%s: %d (%s), want %d" % (name, ret, msg, code))
        self.assertIn("aclnn" + name, msg)
