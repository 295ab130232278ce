#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Check that everything ggml's CANN backend takes from CANN exists in cpuacl.

Usage: tools/ggml_api_check.py GGML_SRC [--include DIR] [--lib LIBCPUACL.so]

Scans GGML_SRC/src/ggml-cann for
  * every `#include <acl.../...>` (acl/, aclnn/, aclnnop/ headers): the file
    must exist under the include dir;
  * every acl* / aclnn* function it calls, directly or through ggml's macros
    GGML_CANN_CALL_ACLNN_OP(ctx, Name, ...), GGML_CANN_CALL_OP_UNARY(Name) and
    GGML_CANN_CALL_OP_UNARY_GATED(Name) (each of which calls
    aclnnNameGetWorkspaceSize and aclnnName): the name must be declared in a
    header under the include dir and exported by the library (nm -D).
Names ggml defines itself (aclnn_add, acl_tensor_ptr, ...) are skipped.
Exit status 0 when nothing is missing, 1 otherwise (each gap is printed).
"""
import argparse
import os
import re
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)


def read_sources(cann_dir):
    texts = {}
    for name in sorted(os.listdir(cann_dir)):
        if name.endswith((".cpp", ".h", ".hpp", ".cc")):
            with open(os.path.join(cann_dir, name), encoding="utf-8", errors="replace") as f:
                texts[name] = f.read()
    return texts


def strip_comments(text):
    text = re.sub(r"/\*.*?\*/", " ", text, flags=re.S)
    return re.sub(r"//[^\n]*", " ", text)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("ggml_src")
    ap.add_argument("--include", default=os.path.join(ROOT, "include"))
    ap.add_argument("--lib", default=os.path.join(ROOT, "build", "release", "libcpuacl.so"))
    args = ap.parse_args()

    cann_dir = os.path.join(args.ggml_src, "src", "ggml-cann")
    if not os.path.isdir(cann_dir):
        sys.exit(f"ggml_api_check: no {cann_dir}")
    srcs = {k: strip_comments(v) for k, v in read_sources(cann_dir).items()}
    code = "\n".join(srcs.values())

    includes = sorted(set(re.findall(r"#\s*include\s*<((?:acl|aclnn|aclnnop)/[^>]+)>", code)))

    called = set(re.findall(r"\b(acl[A-Za-z0-9_]*)\s*\(", code))
    # names the macros paste together
    macro_ops = set(re.findall(r"GGML_CANN_CALL_ACLNN_OP\s*\(\s*[^,]+,\s*([A-Za-z0-9_]+)\s*,", code))
    macro_ops |= set(re.findall(r"GGML_CANN_CALL_OP_UNARY(?:_GATED)?\s*\(\s*([A-Za-z0-9_]+)\s*\)", code))
    macro_ops.discard("OP_NAME")
    for op in macro_ops:
        called.add("aclnn" + op)
        called.add("aclnn" + op + "GetWorkspaceSize")
    # ggml's own helpers and types: defined (or used as types) in its sources
    own = set(re.findall(r"\b(acl[A-Za-z0-9_]*)\s*\([^;{]*\)\s*(?:const\s*)?\{", code))
    own |= set(re.findall(r"(?:struct|class|using|typedef)\s+(acl[A-Za-z0-9_]*)", code))
    called = {n for n in called if n not in own and "_" not in n[:6] and not n.startswith("acl_")}
    called.discard("aclnn")  # the macro body itself

    headers = ""
    for dirpath, _, files in os.walk(args.include):
        for f in files:
            if f.endswith(".h"):
                with open(os.path.join(dirpath, f), encoding="utf-8", errors="replace") as fh:
                    headers += fh.read() + "\n"
    try:
        nm = subprocess.run(["nm", "-D", "--defined-only", args.lib], check=True,
                            capture_output=True, text=True).stdout
    except (OSError, subprocess.CalledProcessError) as e:
        sys.exit(f"ggml_api_check: cannot read symbols of {args.lib}: {e}")
    exported = {line.split()[-1].split("@")[0] for line in nm.splitlines() if line.strip()}
    # types used in casts, e.g. aclError(...), are not functions
    called = {n for n in called if not re.search(r"typedef[^;]*\b" + re.escape(n) + r"\s*;", headers)}

    missing = 0
    for h in includes:
        if not os.path.isfile(os.path.join(args.include, h)):
            print(f"missing header: {h}")
            missing += 1
    declared_missing, export_missing = [], []
    for n in sorted(called):
        if not re.search(r"\b" + re.escape(n) + r"\s*\(", headers):
            declared_missing.append(n)
        if n not in exported:
            export_missing.append(n)
    for n in declared_missing:
        print(f"not declared in {args.include}: {n}")
    for n in export_missing:
        print(f"not exported by {os.path.basename(args.lib)}: {n}")
    missing += len(declared_missing) + len(export_missing)
    print(f"ggml_api_check: {len(includes)} headers, {len(called)} functions "
          f"({len(macro_ops)} operators through macros): {missing} missing")
    return 1 if missing else 0


if __name__ == "__main__":
    sys.exit(main())
