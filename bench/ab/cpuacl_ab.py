#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""A/B comparison of libcpuacl builds on a machine whose vCPU placement moves.

usage: cpuacl_ab.py [--seconds S] [--procs N] [--child PATH] [--out F.jsonl]
                    [--fast-below NS] NAME=LIBDIR NAME=LIBDIR ...

Starts N cpuacl-ab-child processes per build (LD_LIBRARY_PATH=LIBDIR), then
for S seconds runs rounds: the cache-line round trip, each child's
measurement in turn (order reversed every other round), the round trip again.
A round whose two round trips are both below --fast-below (ns) counts in the
"short" placement, any other in the "long" one. Prints, per placement and
build, the median over rounds of each process, and the median over its
processes (docs/bench-ab.md says why several processes per build).
"""
import argparse
import json
import os
import statistics
import subprocess
import sys
import time


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--seconds", type=float, default=120)
    ap.add_argument("--procs", type=int, default=4)
    ap.add_argument("--child", default=os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                                     "cpuacl-ab-child"))
    ap.add_argument("--out", default=None, help="append each round as a JSON line")
    ap.add_argument("--fast-below", type=float, default=250.0)
    ap.add_argument("builds", nargs="+", metavar="NAME=LIBDIR")
    a = ap.parse_args()
    builds = []
    for b in a.builds:
        name, sep, libdir = b.partition("=")
        if not sep or not name or not os.path.isdir(libdir):
            ap.error(f"{b}: expected NAME=LIBDIR with an existing directory")
        builds.append((name, libdir))
    kids = {}
    for i in range(a.procs):
        for name, libdir in builds:
            env = dict(os.environ, LD_LIBRARY_PATH=libdir)
            kids[(name, i)] = subprocess.Popen([a.child], stdin=subprocess.PIPE,
                                               stdout=subprocess.PIPE, env=env, text=True)
    out = open(a.out, "a") if a.out else None

    def rtt():
        r = subprocess.run([a.child, "rtt"], capture_output=True, text=True, check=True)
        return float(r.stdout)

    rounds = []
    order = list(kids)
    end = time.time() + a.seconds
    try:
        while time.time() < end:
            r0 = rtt()
            res = {}
            for key in order:
                k = kids[key]
                k.stdin.write("go\n")
                k.stdin.flush()
                line = k.stdout.readline().split()
                if len(line) != 2:
                    sys.exit(f"cpuacl-ab: child {key[0]}#{key[1]} failed")
                res[key] = (float(line[0]), float(line[1]))
            r1 = rtt()
            order.reverse()
            rounds.append((r0, r1, res))
            if out:
                out.write(json.dumps({"t": time.strftime("%H:%M:%S"), "rtt": [r0, r1],
                                      "res": {f"{n}#{i}": v for (n, i), v in res.items()}}) + "\n")
                out.flush()
    finally:
        for k in kids.values():
            k.stdin.close()
        for k in kids.values():
            k.wait()
    for label, fast in (("short", True), ("long", False)):
        sel = [r for r in rounds if (max(r[0], r[1]) < a.fast_below) == fast]
        if not sel:
            print(f"{label} placement: no rounds")
            continue
        print(f"{label} placement: {len(sel)} rounds, round trip median "
              f"{statistics.median(r[0] for r in sel):.0f} ns")
        for col, unit in ((0, "submit ns"), (1, "rate Mtask/s")):
            cells = []
            for name, _ in builds:
                per = [statistics.median(r[2][(name, i)][col] for r in sel) for i in range(a.procs)]
                cells.append(f"{name}={statistics.median(per):.2f} "
                             f"[{' '.join(f'{x:.1f}' for x in per)}]")
            print(f"  {unit:13s} " + "  ".join(cells))


if __name__ == "__main__":
    main()
