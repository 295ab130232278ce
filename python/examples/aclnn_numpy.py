#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""numpy arrays through aclnn operators on a stream: Add, Matmul, Softmax."""
import sys

import acl

try:
    import numpy as np
except ImportError:
    print("numpy is not installed (Debian: python3-numpy)")
    sys.exit(77)


def check_ret(what, ret):
    if ret != acl.ACL_SUCCESS:
        raise SystemExit("%s failed: %d %s" % (what, ret, acl.get_recent_err_msg()))


def main():
    check_ret("acl.init", acl.init())
    check_ret("set_device", acl.rt.set_device(0))
    stream, ret = acl.rt.create_stream()
    check_ret("create_stream", ret)

    a = np.random.default_rng(0).standard_normal((4, 8)).astype(np.float32)
    w = np.random.default_rng(1).standard_normal((8, 3)).astype(np.float32)
    ta, tw = acl.nn.Tensor.from_numpy(a), acl.nn.Tensor.from_numpy(w)
    t2a = acl.nn.Tensor.empty(a.shape, np.float32)
    tmm = acl.nn.Tensor.empty((4, 3), np.float32)
    tsm = acl.nn.Tensor.empty((4, 3), np.float32)

    check_ret("Add", acl.nn.run("Add", ta, ta, 1.0, t2a, stream=stream))          # 2a
    check_ret("Matmul", acl.nn.run("Matmul", t2a, tw, tmm, 0, stream=stream))    # 2a @ w
    check_ret("Softmax", acl.nn.run("Softmax", tmm, 1, tsm, stream=stream))
    check_ret("synchronize_stream", acl.rt.synchronize_stream(stream))

    logits = (2 * a) @ w
    ref = np.exp(logits - logits.max(axis=1, keepdims=True))
    ref /= ref.sum(axis=1, keepdims=True)
    out = tsm.to_numpy()
    assert np.allclose(out, ref, rtol=1e-5, atol=1e-6), (out, ref)
    print("softmax(2a @ w) on the device matches numpy:\n%s" % out)

    for t in (ta, tw, t2a, tmm, tsm):
        t.destroy()
    check_ret("destroy_stream", acl.rt.destroy_stream(stream))
    check_ret("reset_device", acl.rt.reset_device(0))
    check_ret("finalize", acl.finalize())


if __name__ == "__main__":
    main()
