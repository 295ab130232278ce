#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Times aclfft executions against numpy.fft (not a ctest: a measurement, docs/fft.md).
usage: FFT_TEST_LIB=build/release/libcpuacl.so /usr/bin/python3 tests/fft/fft_time.py"""
import ctypes as C
import os
import time

import numpy as np

lib = C.CDLL(os.environ["FFT_TEST_LIB"])
assert lib.aclInit(None) == 0 and lib.aclrtSetDevice(0) == 0
C2C, Z2Z, R2C = 0x29, 0x69, 0x2A


def best(f, reps=5):
    t = []
    for _ in range(reps):
        t0 = time.perf_counter()
        f()
        t.append(time.perf_counter() - t0)
    return min(t)


for what, shape, t, dt in (("c2c 1d 2^20", (1 << 20,), C2C, np.complex64),
                           ("c2c 1d 1009*1024 (Bluestein)", (1009 * 1024,), C2C, np.complex64),
                           ("c2c 1d 64 x 4096 batched", (64, 4096), C2C, np.complex64),
                           ("z2z 2d 1024x1024", (1024, 1024), Z2Z, np.complex128),
                           ("r2c 2d 1024x1024", (1024, 1024), R2C, np.float32)):
    p = C.c_void_p()
    if len(shape) == 1:
        assert lib.aclfftPlan1d(C.byref(p), shape[0], t, 1, 0) == 0
    elif what.startswith("c2c 1d"):
        assert lib.aclfftPlan1d(C.byref(p), shape[1], t, shape[0], 0) == 0
    else:
        assert lib.aclfftPlan2d(C.byref(p), 1, shape[0], shape[1], t) == 0
    x = (np.random.randn(*shape) + (1j * np.random.randn(*shape) if t != R2C else 0)).astype(dt)
    if t == R2C:
        y = np.zeros(shape[:-1] + (shape[-1] // 2 + 1,), np.complex64)
        run = lambda: lib.aclfftExecR2C(p, C.c_void_p(x.ctypes.data), C.c_void_p(y.ctypes.data))
        ref = lambda: np.fft.rfftn(x)
    else:
        y = np.zeros_like(x)
        fn = lib.aclfftExecZ2Z if t == Z2Z else lib.aclfftExecC2C
        run = lambda: fn(p, C.c_void_p(x.ctypes.data), C.c_void_p(y.ctypes.data), -1)
        axes = None if what.startswith(("z2z", "r2c")) else (-1,)
        ref = lambda: np.fft.fftn(x, axes=axes)
    ours, theirs = best(run), best(ref)
    print("%-30s aclfft %8.2f ms   numpy %8.2f ms" % (what, ours * 1e3, theirs * 1e3))
    lib.aclfftDestroy(p)
lib.aclrtResetDevice(0)
lib.aclFinalize()
