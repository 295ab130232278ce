# SPDX-License-Identifier: Apache-2.0
"""Memory round trips of every kind from Python, with bytes and with numpy:
sync and async copies in each direction, pinned host memory, 2-D copies,
memset, and the acl.util pointer conversions."""
import array
import ctypes

import acltest
from acltest import D2D, D2H, H2D, H2H, StreamCase, acl, needs_numpy, np

setUpModule = acltest.setup_module
tearDownModule = acltest.teardown_module


def pattern(n, seed):
    return bytes((i * 31 + seed) & 0xFF for i in range(n))


class Memory(StreamCase):
    def test_sync_copies_with_bytes(self):
        n = 10000
        src = pattern(n, 1)
        d1, ret = acl.rt.malloc(n, 0)
        self.ok(ret)
        d2, ret = acl.rt.malloc(n, 0)
        self.ok(ret)
        self.ok(acl.rt.memcpy(d1, n, acl.util.bytes_to_ptr(src), n, H2D), "H2D")
        self.ok(acl.rt.memcpy(d2, n, d1, n, D2D), "D2D")
        out = bytearray(n)
        self.ok(acl.rt.memcpy(acl.util.bytes_to_ptr(out), n, d2, n, D2H), "D2H")
        self.assertEqual(bytes(out), src)
        # DEFAULT infers the direction from the pointers.
        out2 = bytearray(n)
        self.ok(acl.rt.memcpy(acl.util.bytes_to_ptr(out2), n, d1, n, acl.ACL_MEMCPY_DEFAULT))
        self.assertEqual(bytes(out2), src)
        # The device memory is host-addressable: ptr_to_bytes reads it directly.
        self.assertEqual(acl.util.ptr_to_bytes(d2, n), src)
        self.ok(acl.rt.free(d1))
        self.ok(acl.rt.free(d2))

    def test_async_copies_through_pinned_memory(self):
        n = 1 << 20
        src = pattern(n, 2)
        h1, ret = acl.rt.malloc_host(n)
        self.ok(ret)
        h2, ret = acl.rt.malloc_host(n)
        self.ok(ret)
        d1, _ = acl.rt.malloc(n, 0)
        d2, _ = acl.rt.malloc(n, 0)
        ctypes.memmove(h1, src, n)
        s = self.stream
        self.ok(acl.rt.memcpy_async(d1, n, h1, n, H2D, s), "H2D async")
        self.ok(acl.rt.memcpy_async(d2, n, d1, n, D2D, s), "D2D async")
        self.ok(acl.rt.memset_async(d1, n, 0, n, s))
        self.ok(acl.rt.memcpy_async(h2, n, d2, n, D2H, s), "D2H async")
        self.ok(acl.rt.synchronize_stream(s))
        self.assertEqual(acl.util.ptr_to_bytes(h2, n), src)
        self.assertEqual(acl.util.ptr_to_bytes(d1, 64), b"\0" * 64)
        # Host to host between pinned buffers.
        self.ok(acl.rt.memset(d1, n, 0, n))
        ctypes.memset(h2, 0, n)
        self.ok(acl.rt.memcpy(h2, n, h1, n, H2H), "H2H")
        self.assertEqual(acl.util.ptr_to_bytes(h2, n), src)
        for p in (d1, d2):
            self.ok(acl.rt.free(p))
        for p in (h1, h2):
            self.ok(acl.rt.free_host(p))

    def test_memcpy2d_and_memset(self):
        width, height, spitch, dpitch = 24, 10, 40, 32
        src = pattern(spitch * height, 3)
        d, _ = acl.rt.malloc(dpitch * height, 0)
        self.ok(acl.rt.memset(d, dpitch * height, 0xEE, dpitch * height))
        self.ok(acl.rt.memcpy2d(d, dpitch, acl.util.bytes_to_ptr(src), spitch, width, height, H2D))
        got = self.dev_bytes(d, dpitch * height)
        for r in range(height):
            self.assertEqual(got[r * dpitch:r * dpitch + width], src[r * spitch:r * spitch + width])
            self.assertEqual(got[r * dpitch + width:(r + 1) * dpitch], b"\xee" * (dpitch - width))
        # Back again, asynchronously, into a pinned buffer of another pitch.
        # (hp < dpitch: with hp > dpitch the runtime checks the source against
        # the destination's extent and refuses: a core bug, reported.)
        hp = 28
        h, _ = acl.rt.malloc_host(hp * height)
        ctypes.memset(h, 0, hp * height)
        self.ok(acl.rt.memcpy2d_async(h, hp, d, dpitch, width, height, D2H, self.stream))
        self.ok(acl.rt.synchronize_stream(self.stream))
        back = acl.util.ptr_to_bytes(h, hp * height)
        for r in range(height):
            self.assertEqual(back[r * hp:r * hp + width], src[r * spitch:r * spitch + width])
            self.assertEqual(back[r * hp + width:(r + 1) * hp], b"\0" * (hp - width))
        # memset of a part.
        self.ok(acl.rt.memset(d, dpitch * height, 7, 5))
        self.assertEqual(self.dev_bytes(d, 6), b"\x07" * 5 + got[5:6])
        self.ok(acl.rt.free(d))
        self.ok(acl.rt.free_host(h))

    def test_util_conversions_without_numpy(self):
        # bytes_to_ptr points at the object's own storage (no copy).
        buf = bytearray(b"abcdef")
        p = acl.util.bytes_to_ptr(buf)
        ctypes.memmove(p, b"XY", 2)
        self.assertEqual(bytes(buf), b"XYcdef")
        self.assertEqual(acl.util.ptr_to_bytes(p + 2, 3), b"cde")
        # numpy_to_ptr accepts any writable buffer too (array.array).
        arr = array.array("f", [1.5, -2.0, 3.25])
        d, _ = acl.rt.malloc(12, 0)
        self.ok(acl.rt.memcpy(d, 12, acl.util.numpy_to_ptr(arr), 12, H2D))
        out = array.array("f", [0.0] * 3)
        self.ok(acl.rt.memcpy(acl.util.numpy_to_ptr(out), 12, d, 12, D2H))
        self.assertEqual(list(out), [1.5, -2.0, 3.25])
        self.assertEqual(acl.util.ptr_to_bytes(0, 0), b"")
        self.assertRaises(ValueError, acl.util.ptr_to_bytes, 0, 4)
        self.ok(acl.rt.free(d))

    @needs_numpy
    def test_numpy_round_trip(self):
        a = (np.arange(64 * 33, dtype=np.float32) * 0.5 - 7).reshape(64, 33)
        nbytes = a.nbytes
        d, _ = acl.rt.malloc(nbytes, 0)
        self.ok(acl.rt.memcpy(d, nbytes, acl.util.numpy_to_ptr(a), nbytes, H2D))
        h, _ = acl.rt.malloc_host(nbytes)
        self.ok(acl.rt.memcpy_async(h, nbytes, d, nbytes, D2H, self.stream))
        self.ok(acl.rt.synchronize_stream(self.stream))
        view = acl.util.ptr_to_numpy(h, a.shape, acl.util.NPY_FLOAT32)
        self.assertEqual(view.dtype, np.float32)
        self.assertTrue(np.array_equal(view, a))
        # It is a view: writing through it changes the pinned memory.
        view[0, 0] = 123.0
        self.assertEqual(acl.util.ptr_to_numpy(h, (1,), 11)[0], 123.0)
        # Other types by NPY number.
        ints = np.arange(10, dtype=np.int32)
        self.ok(acl.rt.memcpy(d, nbytes, acl.util.numpy_to_ptr(ints), ints.nbytes, H2D))
        self.assertTrue(np.array_equal(acl.util.ptr_to_numpy(d, (10,), acl.util.NPY_INT32), ints))
        halfs = np.array([1.0, -0.5, 65504.0], dtype=np.float16)
        self.ok(acl.rt.memcpy(d, nbytes, acl.util.numpy_to_ptr(halfs), halfs.nbytes, H2D))
        self.assertTrue(np.array_equal(acl.util.ptr_to_numpy(d, (3,), acl.util.NPY_FLOAT16),
                                       halfs))
        self.ok(acl.rt.free(d))
        self.ok(acl.rt.free_host(h))

    def test_mem_info(self):
        free, total, ret = acl.rt.get_mem_info(acl.ACL_HBM_MEM)
        self.ok(ret)
        self.assertGreater(total, 0)
        self.assertLessEqual(free, total)


if __name__ == "__main__":
    acltest.main()
