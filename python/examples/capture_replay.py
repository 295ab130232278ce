#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Stream capture: record a few tasks once into a model run instance, then
replay it with new inputs (acl.mdl.ri_*)."""
import struct

import acl

N = 8


def check_ret(what, ret):
    if ret != acl.ACL_SUCCESS:
        raise SystemExit("%s failed: %d %s" % (what, ret, acl.get_recent_err_msg()))


def main():
    check_ret("acl.init", acl.init())
    ctx, ret = acl.rt.create_context(0)
    check_ret("create_context", ret)
    stream, ret = acl.rt.create_stream()
    check_ret("create_stream", ret)
    x = acl.nn.Tensor((N,), acl.ACL_FLOAT)
    y = acl.nn.Tensor((N,), acl.ACL_FLOAT)

    check_ret("ri_capture_begin",
              acl.mdl.ri_capture_begin(stream, acl.ACL_MODEL_RI_CAPTURE_MODE_GLOBAL))
    check_ret("Muls", acl.nn.run("Muls", x, 3.0, y, stream=stream))   # y = 3x
    check_ret("Adds", acl.nn.run("Adds", y, 1.0, 1.0, y, stream=stream))  # y += 1
    model, ret = acl.mdl.ri_capture_end(stream)
    check_ret("ri_capture_end", ret)

    for k in range(3):
        xs = [float(i + k) for i in range(N)]
        check_ret("memcpy", acl.rt.memcpy(x.ptr, x.nbytes, struct.pack("<%df" % N, *xs),
                                          x.nbytes, acl.ACL_MEMCPY_HOST_TO_DEVICE))
        check_ret("ri_execute_async", acl.mdl.ri_execute_async(model, stream))
        check_ret("synchronize_stream", acl.rt.synchronize_stream(stream))
        ys = list(struct.unpack("<%df" % N, y.to_bytes()))
        assert ys == [3 * v + 1 for v in xs], ys
        print("replay %d: y = 3x + 1 = %s" % (k, ys[:4]))

    check_ret("ri_destroy", acl.mdl.ri_destroy(model))
    x.destroy()
    y.destroy()
    check_ret("destroy_stream", acl.rt.destroy_stream(stream))
    check_ret("destroy_context", acl.rt.destroy_context(ctx))
    check_ret("finalize", acl.finalize())


if __name__ == "__main__":
    main()
