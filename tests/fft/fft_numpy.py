#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""aclfft against numpy.fft: every transform type, 1-D (rows, columns, strided, in place),
2-D and 3-D, batched, single and double precision, over lengths that exercise every path
of fft/engine.c (powers of 2 and 4, radices 3, 5 and 7, generic primes up to 31, Bluestein
for 97, 1009 and 2*1009, the trivial 1 and 2). The reference is numpy's double-precision FFT
of the same input (single-precision inputs are widened first); the error measured is
||ours - numpy||_2 / ||numpy||_2 per call, bounded by

    single: 1e-7 * (1 + log2 N)      double: 1e-15 * (1 + log2 N)

with N the product of the transform lengths (docs/fft.md). Run by ctest fft_numpy with
FFT_TEST_LIB set to libcpuacl; exit 77 without numpy."""
import ctypes as C
import math
import os
import sys

try:
    import numpy as np
except ImportError:
    print("numpy missing: skipped")
    sys.exit(77)

lib = C.CDLL(os.environ["FFT_TEST_LIB"])
if lib.aclInit(None) != 0 or lib.aclrtSetDevice(0) != 0:
    raise SystemExit("aclInit / aclrtSetDevice failed")
C2C, R2C, C2R, Z2Z, D2Z, Z2D = 0x29, 0x2A, 0x2C, 0x69, 0x6A, 0x6C
FWD, BWD = -1, 1
H, V = 0, 1
rng = np.random.default_rng(1234)
worst = {}
failed = 0


def ok(call, what):
    r = call
    if r != 0:
        raise SystemExit("%s returned %d" % (what, r))


def ptr(a):
    return C.c_void_p(a.ctypes.data)


def plan1d(n, t, batch, dim=H):
    p = C.c_void_p()
    ok(lib.aclfftPlan1d(C.byref(p), n, t, batch, dim), "aclfftPlan1d")
    return p


def plan2d(batch, nx, ny, t):
    p = C.c_void_p()
    ok(lib.aclfftPlan2d(C.byref(p), batch, nx, ny, t), "aclfftPlan2d")
    return p


def plan3d(nx, ny, nz, t):
    p = C.c_void_p()
    ok(lib.aclfftPlan3d(C.byref(p), nx, ny, nz, t), "aclfftPlan3d")
    return p


def compare(what, got, ref, n, dbl):
    global failed
    err = np.linalg.norm((got - ref).ravel()) / max(np.linalg.norm(ref.ravel()), 1e-300)
    tol = (1e-15 if dbl else 1e-7) * (1 + math.log2(n))
    key = "double" if dbl else "single"
    worst[key] = max(worst.get(key, (0.0, "")), (err / tol, what))
    if not err <= tol:
        print("FAIL %s: relative error %.3g > %.3g" % (what, err, tol))
        failed += 1


def crand(shape, dbl):
    a = rng.standard_normal(shape) + 1j * rng.standard_normal(shape)
    return a.astype(np.complex128 if dbl else np.complex64)


def rrand(shape, dbl):
    return rng.standard_normal(shape).astype(np.float64 if dbl else np.float32)


def exec_c2c(p, x, y, d, dbl):
    f = lib.aclfftExecZ2Z if dbl else lib.aclfftExecC2C
    ok(f(p, ptr(x), ptr(y), d), "exec c2c")


LENGTHS = [1, 2, 3, 4, 5, 7, 8, 16, 11 * 13, 29 * 31, 64, 105, 210, 97, 1009, 1024, 2018, 4096,
           3 ** 5 * 5]

# 1-D complex, rows, both directions and precisions.
for dbl in (False, True):
    t = Z2Z if dbl else C2C
    for n in LENGTHS:
        batch = 3
        x = crand((batch, n), dbl)
        y = np.zeros_like(x)
        p = plan1d(n, t, batch)
        x0 = x.copy()
        exec_c2c(p, x, y, FWD, dbl)
        compare("c2c n=%d fwd" % n, y, np.fft.fft(x0.astype(np.complex128), axis=1), n, dbl)
        assert np.array_equal(x, x0), "input changed"
        exec_c2c(p, x, y, BWD, dbl)
        compare("c2c n=%d bwd" % n, y, np.fft.ifft(x0.astype(np.complex128), axis=1) * n, n, dbl)
        exec_c2c(p, x, x, FWD, dbl)  # in place
        compare("c2c n=%d in place" % n, x, np.fft.fft(x0.astype(np.complex128), axis=1), n, dbl)
        ok(lib.aclfftDestroy(p), "destroy")

# 1-D columns (ACLFFT_VERTICAL): shape (n, batch), transform along axis 0.
for dbl in (False, True):
    for n, batch in ((12, 5), (97, 3), (1, 4)):
        x = crand((n, batch), dbl)
        y = np.zeros_like(x)
        p = plan1d(n, Z2Z if dbl else C2C, batch, V)
        exec_c2c(p, x, y, FWD, dbl)
        compare("vertical n=%d" % n, y, np.fft.fft(x.astype(np.complex128), axis=0), n, dbl)
        ok(lib.aclfftDestroy(p), "destroy")
        xr = rrand((n, batch), dbl)
        yc = np.zeros((n // 2 + 1, batch), np.complex128 if dbl else np.complex64)
        p = plan1d(n, D2Z if dbl else R2C, batch, V)
        ok((lib.aclfftExecD2Z if dbl else lib.aclfftExecR2C)(p, ptr(xr), ptr(yc)), "r2c")
        compare("vertical r2c n=%d" % n, yc, np.fft.rfft(xr.astype(np.float64), axis=0), n, dbl)
        ok(lib.aclfftDestroy(p), "destroy")

# 1-D rows with aclfftSetStride: element k of row b at (b*n + k)*s.
for n, s in ((16, 2), (15, 3)):
    batch = 2
    x = crand((batch, n, s), False)
    y = np.zeros_like(x)
    p = plan1d(n, C2C, batch)
    ok(lib.aclfftSetStride(p, s), "setstride")
    exec_c2c(p, x, y, FWD, False)
    compare("stride %d n=%d" % (s, n), y[:, :, 0], np.fft.fft(x[:, :, 0].astype(np.complex128), axis=1), n, False)
    assert not y[:, :, 1:].any(), "strided transform wrote between elements"
    ok(lib.aclfftDestroy(p), "destroy")

# 1-D real: R2C, C2R, round trip, in place with padded rows.
for dbl in (False, True):
    r2c, c2r = (lib.aclfftExecD2Z, lib.aclfftExecZ2D) if dbl else (lib.aclfftExecR2C, lib.aclfftExecC2R)
    ct = np.complex128 if dbl else np.complex64
    for n in (1, 2, 7, 8, 97, 105, 1009, 1024):
        batch = 2
        nh = n // 2 + 1
        x = rrand((batch, n), dbl)
        y = np.zeros((batch, nh), ct)
        p = plan1d(n, D2Z if dbl else R2C, batch)
        ok(r2c(p, ptr(x), ptr(y)), "r2c")
        ref = np.fft.rfft(x.astype(np.float64), axis=1)
        compare("r2c n=%d" % n, y, ref, n, dbl)
        # in place: real rows padded to 2*nh values
        buf = np.zeros((batch, 2 * nh), x.dtype)
        buf[:, :n] = x
        ok(r2c(p, ptr(buf), ptr(buf)), "r2c in place")
        compare("r2c in place n=%d" % n, buf.view(ct), ref, n, dbl)
        ok(lib.aclfftDestroy(p), "destroy")
        q = plan1d(n, Z2D if dbl else C2R, batch)
        spec = y.copy()
        z = np.zeros((batch, n), x.dtype)
        ok(c2r(q, ptr(spec), ptr(z)), "c2r")
        assert np.array_equal(spec, y), "C2R changed its input"
        compare("c2r n=%d" % n, z, np.fft.irfft(y.astype(np.complex128), n, axis=1) * n, n, dbl)
        compare("round trip n=%d" % n, z / n, x.astype(np.float64), n, dbl)
        ok(lib.aclfftDestroy(q), "destroy")

# 2-D (batched) and 3-D, every type.
for dbl in (False, True):
    ct = np.complex128 if dbl else np.complex64
    r2c, c2r = (lib.aclfftExecD2Z, lib.aclfftExecZ2D) if dbl else (lib.aclfftExecR2C, lib.aclfftExecC2R)
    for batch, nx, ny in ((2, 12, 35), (1, 97, 8), (3, 1, 5), (2, 16, 16)):
        x = crand((batch, nx, ny), dbl)
        y = np.zeros_like(x)
        p = plan2d(batch, nx, ny, Z2Z if dbl else C2C)
        exec_c2c(p, x, y, FWD, dbl)
        compare("2d %dx%dx%d" % (batch, nx, ny), y, np.fft.fftn(x.astype(np.complex128), axes=(1, 2)), nx * ny, dbl)
        exec_c2c(p, y, y, BWD, dbl)
        compare("2d back %dx%d" % (nx, ny), y / (nx * ny), x.astype(np.complex128), nx * ny, dbl)
        ok(lib.aclfftDestroy(p), "destroy")
        xr = rrand((batch, nx, ny), dbl)
        yc = np.zeros((batch, nx, ny // 2 + 1), ct)
        p = plan2d(batch, nx, ny, D2Z if dbl else R2C)
        ok(r2c(p, ptr(xr), ptr(yc)), "r2c 2d")
        compare("2d r2c %dx%d" % (nx, ny), yc, np.fft.rfftn(xr.astype(np.float64), axes=(1, 2)), nx * ny, dbl)
        ok(lib.aclfftDestroy(p), "destroy")
        q = plan2d(batch, nx, ny, Z2D if dbl else C2R)
        spec = yc.copy()
        z = np.zeros_like(xr)
        ok(c2r(q, ptr(spec), ptr(z)), "c2r 2d")
        assert np.array_equal(spec, yc), "C2R changed its input"
        compare("2d c2r %dx%d" % (nx, ny), z,
                np.fft.irfftn(yc.astype(np.complex128), (nx, ny), axes=(1, 2)) * nx * ny, nx * ny, dbl)
        ok(lib.aclfftDestroy(q), "destroy")
    for nx, ny, nz in ((4, 6, 5), (3, 97, 2), (8, 8, 8)):
        x = crand((nx, ny, nz), dbl)
        y = np.zeros_like(x)
        p = plan3d(nx, ny, nz, Z2Z if dbl else C2C)
        exec_c2c(p, x, y, FWD, dbl)
        compare("3d %dx%dx%d" % (nx, ny, nz), y, np.fft.fftn(x.astype(np.complex128)), nx * ny * nz, dbl)
        ok(lib.aclfftDestroy(p), "destroy")
        xr = rrand((nx, ny, nz), dbl)
        yc = np.zeros((nx, ny, nz // 2 + 1), ct)
        p = plan3d(nx, ny, nz, D2Z if dbl else R2C)
        ok(r2c(p, ptr(xr), ptr(yc)), "r2c 3d")
        compare("3d r2c %dx%dx%d" % (nx, ny, nz), yc, np.fft.rfftn(xr.astype(np.float64)), nx * ny * nz, dbl)
        ok(lib.aclfftDestroy(p), "destroy")
        q = plan3d(nx, ny, nz, Z2D if dbl else C2R)
        z = np.zeros_like(xr)
        ok(c2r(q, ptr(yc), ptr(z)), "c2r 3d")
        compare("3d round trip %dx%dx%d" % (nx, ny, nz), z / (nx * ny * nz), xr.astype(np.float64),
                nx * ny * nz, dbl)
        ok(lib.aclfftDestroy(q), "destroy")

for k, (ratio, what) in sorted(worst.items()):
    print("%s precision: worst error / bound = %.3g (%s)" % (k, ratio, what))
lib.aclrtResetDevice(0)
lib.aclFinalize()
if failed:
    print("%d comparisons failed" % failed)
    sys.exit(1)
print("fft_numpy: all comparisons within bounds")
