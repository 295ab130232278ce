#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""What the Python layer costs, as ratios to baselines measured in the same run.

    PYTHONPATH=build/release/python python3 python/tools/bench.py

Prints medians of 5 runs: a submit from Python (acl.rt.memset_async) against a
bare ctypes call, and a Python host function run by a runtime worker against
a C host function run the same way. The numbers are noisy on a shared machine;
the ratios are what to compare.
"""
import ctypes
import statistics
import threading
import time

import acl
from acl import rt

REPS = 5
N = 20000
QUEUED = 1000  # below the ring's slots, so the gated stream holds them all


def median_ns(f, n):
    runs = []
    for _ in range(REPS):
        t0 = time.perf_counter_ns()
        f()
        runs.append((time.perf_counter_ns() - t0) / n)
    return statistics.median(runs)


def main():
    assert acl.init() == 0 and acl.rt.set_device(0) == 0
    stream, _ = acl.rt.create_stream()
    dev, _ = acl.rt.malloc(64, 0)
    libc = ctypes.CDLL(None)
    libc.abs.argtypes, libc.abs.restype = [ctypes.c_int], ctypes.c_int

    def bare():
        a = libc.abs
        for _ in range(N):
            a(-1)

    def submits():
        m = acl.rt.memset_async
        for i in range(N):
            m(dev, 64, 0, 64, stream)
            if i % 512 == 511:
                acl.rt.synchronize_stream(stream)
        acl.rt.synchronize_stream(stream)

    c_fn = rt._CALLBACK(ctypes.cast(libc.abs, ctypes.c_void_p).value)

    def drained(launch):
        gate = threading.Event()
        acl.rt.launch_host_func(stream, lambda g: g.wait(), gate)
        for _ in range(QUEUED):
            launch()
        t0 = time.perf_counter_ns()
        gate.set()
        acl.rt.synchronize_stream(stream)
        return (time.perf_counter_ns() - t0) / QUEUED

    base = median_ns(bare, N)
    sub = median_ns(submits, N)
    c_hf = statistics.median(drained(lambda: rt._LaunchHostFunc(stream, c_fn, None))
                             for _ in range(REPS))
    py_hf = statistics.median(drained(lambda: acl.rt.launch_host_func(stream, lambda _: None,
                                                                       None))
                              for _ in range(REPS))
    print("ctypes call (libc abs), baseline        %8.0f ns" % base)
    print("acl.rt.memset_async submit              %8.0f ns  %6.2fx the ctypes call"
          % (sub, sub / base))
    print("C host function run by a worker         %8.0f ns" % c_hf)
    print("Python host function run by a worker    %8.0f ns  %6.1fx the C host function"
          % (py_hf, py_hf / c_hf))
    acl.rt.free(dev)
    acl.rt.destroy_stream(stream)
    acl.finalize()


if __name__ == "__main__":
    main()
