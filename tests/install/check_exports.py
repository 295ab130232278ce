#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Every function a public header declares must be exported by libcpuacl,
except those listed in not_implemented.txt (which must really be missing, so
the list cannot go stale). Also: nothing but acl*/cpuacl* symbols exported."""
import pathlib
import re
import subprocess
import sys

lib, incdir, skipfile = sys.argv[1], pathlib.Path(sys.argv[2]), pathlib.Path(sys.argv[3])
decl = re.compile(r"ACL_FUNC_VISIBILITY\s+[^;{(]*?\b(\w+)\s*\(", re.S)
declared = set()
for h in incdir.rglob("*.h"):
    text = "\n".join(l for l in h.read_text().splitlines() if not l.lstrip().startswith("#"))
    declared.update(decl.findall(text))
skip = {l.split("#")[0].strip() for l in skipfile.read_text().splitlines()} - {""}
out = subprocess.run(["nm", "-D", "--defined-only", lib], capture_output=True, text=True,
                     check=True).stdout
exported = {l.split()[-1].split("@")[0] for l in out.splitlines() if " T " in l}
missing = sorted(declared - exported - skip)
stale = sorted(skip & exported)
unknown = sorted(skip - declared)
extra = sorted(s for s in exported if not re.match(r"(acl|cpuacl)", s))
ok = True
for what, items in (("declared but not exported", missing),
                    ("listed as not implemented but exported (remove from the list)", stale),
                    ("listed as not implemented but not declared", unknown),
                    ("exported without an acl/cpuacl prefix", extra)):
    if items:
        ok = False
        print(f"{what}: {', '.join(items)}")
print(f"{len(declared)} declared, {len(declared & exported)} exported, "
      f"{len(skip)} listed as not implemented yet")
sys.exit(0 if ok else 1)
