#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""How much of CANN's operator repositories' graph examples an install of cpuacl runs.

The graph examples (*/examples/**/test_geir_*.cpp in hicann/ops-nn, ops-math, ops-cv, ...)
build a GE graph of one operator type from its prototype header (../op_graph/<op>_proto.h,
REG_OP), run it in a ge::Session and exit 0. For each repository (a git dir, read with
`git ls-tree` / `git show`, no checkout) this lists per family (the top-level folder):
- examples: the graph examples;
- type_known: those whose operator types (the op::X they construct, besides Data, Const,
  Constant) are all in cpuacl's table of operator types (ops/proto/table.h, --table);
- with --build: built (compiled and linked unchanged with CANN's own line, -lgraph
  -lge_runner -lgraph_base -lge_compiler against the install, each beside a copy of its
  op_graph/ headers) and exit0 (ran within --timeout and exited 0).

Usage:
  graph_coverage.py --git DIR [--git DIR ...] --prefix PREFIX [--build] [-j N]
                    [--timeout S] [--missing N] [--failed] [--only RE]
  --missing N   also print the N operator types most examples need that the table lacks
  --failed      with --build, print the examples that did not build or exit 0
  --only RE     with --build, build only the examples whose path matches
"""
import argparse
import collections
import concurrent.futures
import os
import re
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from ops_coverage import git_blobs  # noqa: E402 (one reader of a repository's files)

OPS = re.compile(r"\bop::([A-Z][A-Za-z0-9_]*)\b")
ROW = re.compile(r"^X\(([A-Za-z0-9_]+),", re.M)
GRAPH_INPUTS = {"Data", "Const", "Constant"}


def op_dir(path):
    """The operator's folder of an example path (what precedes /examples/)."""
    return path.split("/examples/", 1)[0]


def build_one(prefix, path, text, protos, timeout, wd):
    """'exit0', 'run:<rc>', 'build' or 'timeout' for one example, built at wd/<path> with
    its operator's op_graph/ headers at wd/<op dir>/op_graph/."""
    src = os.path.join(wd, path)
    os.makedirs(os.path.dirname(src), exist_ok=True)
    with open(src, "w") as f:
        f.write(text)
    for p, t in protos.items():
        dst = os.path.join(wd, p)
        os.makedirs(os.path.dirname(dst), exist_ok=True)
        with open(dst, "w") as f:
            f.write(t)
    exe = src[:-4]
    inc = [os.path.join(prefix, d) for d in ("include/graph", "include/ge", "include",
                                             "include/external", "opp/built-in/op_proto/inc")]
    lib = os.path.join(prefix, "lib64")
    cc = subprocess.run(["g++", "-std=c++17", "-w", "-O0", src, "-o", exe] +
                        ["-I" + d for d in inc] +
                        ["-L" + lib, "-Wl,-rpath," + lib,
                         "-lgraph", "-lge_runner", "-lgraph_base", "-lge_compiler"],
                        capture_output=True)
    if cc.returncode != 0:
        return "build"
    try:
        r = subprocess.run([exe], capture_output=True, timeout=timeout,
                           cwd=os.path.dirname(src))
    except subprocess.TimeoutExpired:
        return "timeout"
    return "exit0" if r.returncode == 0 else "run:%d" % r.returncode


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--git", action="append", required=True, help="git dir of a repository")
    ap.add_argument("--prefix", required=True, help="cpuacl install prefix")
    ap.add_argument("--table", default=os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                                    "..", "ops", "proto", "table.h"))
    ap.add_argument("--build", action="store_true")
    ap.add_argument("-j", type=int, default=2)
    ap.add_argument("--timeout", type=float, default=30.0)
    ap.add_argument("--missing", type=int, default=0)
    ap.add_argument("--failed", action="store_true")
    ap.add_argument("--only")
    a = ap.parse_args()

    with open(a.table) as f:
        known = set(ROW.findall(f.read()))
    rows = collections.OrderedDict()
    missing = collections.Counter()
    todo = []
    for gd in a.git:
        gdir = os.path.join(gd, ".git") if os.path.isdir(os.path.join(gd, ".git")) else gd
        repo = os.path.basename(os.path.dirname(gdir.rstrip("/"))) if gdir.endswith(
            "repo") else os.path.basename(gdir.rstrip("/"))
        repo = repo.replace("hicann+", "").replace(".git", "")
        files = subprocess.run(["git", "--git-dir=" + gdir, "ls-tree", "-r", "--name-only",
                                "HEAD"], capture_output=True, text=True, check=True).stdout
        files = files.split("\n")
        ex_paths = [p for p in files if re.search(r"/examples/(.*/)?test_geir_[^/]*\.cpp$", p)]
        proto_paths = [p for p in files if re.search(r"/op_graph/[^/]*\.h$", p)]
        blobs = git_blobs(gdir, ex_paths + proto_paths)
        by_dir = collections.defaultdict(dict)
        for p in proto_paths:
            if p in blobs:
                by_dir[op_dir(p.replace("/op_graph/", "/examples/", 1))][p] = blobs[p]
        for p in ex_paths:
            text = blobs.get(p, "")
            types = set(OPS.findall(re.sub(r"//[^\n]*|/\*.*?\*/", "", text, flags=re.S)))
            types -= GRAPH_INPUTS
            c = rows.setdefault("%s:%s" % (repo, p.split("/", 1)[0]), collections.Counter())
            c["examples"] += 1
            ok = bool(types) and types <= known
            c["type_known"] += ok
            for t in types - known:
                missing[t] += 1
            if a.build and ok and (not a.only or re.search(a.only, p)):
                todo.append((repo, p, text, by_dir.get(op_dir(p), {}), c))

    if todo:
        with tempfile.TemporaryDirectory(prefix="graph_cov_") as wd, \
                concurrent.futures.ThreadPoolExecutor(max_workers=a.j) as pool:
            futs = {pool.submit(build_one, a.prefix, p, text, protos, a.timeout,
                                os.path.join(wd, repo)): (repo, p, c)
                    for repo, p, text, protos, c in todo}
            for fut in concurrent.futures.as_completed(futs):
                repo, p, c = futs[fut]
                st = fut.result()
                c["built"] += st != "build"
                c["exit0"] += st == "exit0"
                if a.failed and st != "exit0":
                    print("%-8s %s:%s" % (st, repo, p))

    cols = ["examples", "type_known"] + (["built", "exit0"] if a.build else [])
    print("%-28s" % "family" + "".join("%12s" % c for c in cols))
    tot = collections.Counter()
    for fam, c in rows.items():
        tot.update(c)
        print("%-28s" % fam + "".join("%12d" % c[k] for k in cols))
    print("%-28s" % "total" + "".join("%12d" % tot[k] for k in cols))
    n = tot["examples"] or 1
    print("graph examples whose operator types cpuacl runs: %d/%d (%.1f%%)" % (
        tot["type_known"], tot["examples"], 100.0 * tot["type_known"] / n))
    if a.build:
        print("built %d, exit 0: %d/%d (%.1f%%)%s" % (
            tot["built"], tot["exit0"], tot["examples"], 100.0 * tot["exit0"] / n,
            "; built: the %d whose path matches %s" % (len(todo), a.only) if a.only else ""))
    if a.missing:
        print("\noperator types the table lacks, by examples needing them:")
        for t, k in missing.most_common(a.missing):
            print("%4d %s" % (k, t))
    return 0


if __name__ == "__main__":
    sys.exit(main())
