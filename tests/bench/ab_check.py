#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""bench/ab/cpuacl_ab.py end to end: two names for the same library, two
processes each, a few seconds. Every round must carry all four children's
figures (positive), both round trips, and the summary must name both builds.
usage: ab_check.py DRIVER CHILD LIBDIR WORKDIR"""
import json
import os
import subprocess
import sys

driver, child, libdir, work = sys.argv[1:5]
os.makedirs(work, exist_ok=True)
out = os.path.join(work, "ab.jsonl")
if os.path.exists(out):
    os.remove(out)
r = subprocess.run([sys.executable, driver, "--seconds", "3", "--procs", "2", "--child", child,
                    "--out", out, f"a={libdir}", f"b={libdir}"],
                   capture_output=True, text=True, timeout=120)
assert r.returncode == 0, r.stderr
rows = [json.loads(l) for l in open(out)]
assert rows, "no rounds"
for row in rows:
    assert sorted(row["res"]) == ["a#0", "a#1", "b#0", "b#1"], row
    for submit, rate in row["res"].values():
        assert submit > 0 and rate > 0, row
    assert len(row["rtt"]) == 2 and all(x >= 0 for x in row["rtt"]), row
lines = r.stdout.splitlines()
assert any(l.startswith(("short placement:", "long placement:")) and "rounds" in l
           for l in lines), r.stdout
assert any("submit ns" in l and "a=" in l and "b=" in l for l in lines), r.stdout
assert any("rate Mtask/s" in l for l in lines), r.stdout
# A bad argument is refused with a usage error, not a crash.
bad = subprocess.run([sys.executable, driver, "--child", child, "x=/nonexistent"],
                     capture_output=True, text=True, timeout=60)
assert bad.returncode == 2 and "NAME=LIBDIR" in bad.stderr, bad.stderr
print(f"ok: {len(rows)} rounds")
