#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""How much of CANN's public operator repositories an install of cpuacl covers.

Reads git directories of hicann/ops-math and hicann/ops-nn (bare or not; with
`git ls-tree` / `git show`, no checkout needed) and lists:
- every aclnn header: a file aclnn_<name>.h that declares aclnn<X>GetWorkspaceSize
  (or another aclnn<X>(...) function); covered when the install has a header of
  that name and exports every aclnn function it declares;
- every example program: */examples/*.cpp calling aclnn<X>GetWorkspaceSize; its
  operator exists when the install exports every aclnn function it calls and
  has every aclnnop/ header it includes.
Counts are per family (the repository's top-level folder: math, conversion,
activation, foreach, ...).

With --build, each example whose operator exists is compiled, unchanged, against
the install (g++ -I PREFIX/include -L PREFIX/lib -lascendcl -lnnopbase -lopapi, and
-lhccl for an example that calls Hccl*; an include of "../op_api/aclnn_x.h", as the
experimental examples write it, or "../op_host/op_api/aclnn_x.h" (ops-transformer's),
finds a header forwarding to aclnnop/aclnn_x.h), run with a timeout (ASCEND_*
from the environment; an example calling Hccl* gets CPUACL_DEVICE_COUNT=8 unless set,
the 8 devices of the Atlas A2 node CANN's communicator examples assume), and counted
when it exits 0.

Usage:
  ops_coverage.py --git DIR [--git DIR ...] --prefix PREFIX [--build] [-j N]
                  [--timeout S] [--missing N] [--examples-of REGEX] [--failed] [--only RE]
  --missing N       also print the N uncovered headers with the most examples
  --examples-of RE  list the examples (and their state) whose path matches RE
  --failed          with --build, print the examples that did not build or exit 0
  --only RE         with --build, build only the examples whose path matches RE
"""
import argparse
import collections
import concurrent.futures
import os
import re
import subprocess
import sys
import tempfile

DECL = re.compile(r"\b(aclnn[A-Z]\w*)\s*\(")
CALL_P1 = re.compile(r"\b(aclnn[A-Z]\w*)GetWorkspaceSize\s*\(")
INCLUDE = re.compile(r'#\s*include\s*[<"](?:aclnnop/|\.\./(?:op_host/)?op_api/)(aclnn_[^>"/]+\.h)[>"]')
LOCAL_INCLUDE = re.compile(r'#\s*include\s*"([^"/]+\.h)"')


def git(gitdir, *args):
    return subprocess.run(["git", "--git-dir=" + gitdir, *args], check=True,
                          capture_output=True).stdout.decode("utf-8", "replace")


def git_dir(path):
    return os.path.join(path, ".git") if os.path.isdir(os.path.join(path, ".git")) else path


def git_blobs(gitdir, paths):
    """{path: text} of paths at HEAD, read with one `git cat-file --batch` (tools/graph_coverage.py
    reads its examples with it too)."""
    proc = subprocess.run(["git", "--git-dir=" + gitdir, "cat-file", "--batch"],
                          input="".join("HEAD:%s\n" % p for p in paths).encode(),
                          capture_output=True, check=True)
    out, pos, blobs = proc.stdout, 0, {}
    for p in paths:
        nl = out.index(b"\n", pos)
        head = out[pos:nl].split()
        pos = nl + 1
        if len(head) < 3 or head[1] == b"missing":
            continue
        size = int(head[2])
        blobs[p] = out[pos:pos + size].decode("utf-8", "replace")
        pos += size + 1
    return blobs


def read_repo(gitdir):
    """(headers, examples): headers {path: (name, funcs)}, examples {path: (calls, incs, (text, {local header: text}))}."""
    files = git(gitdir, "ls-tree", "-r", "--name-only", "HEAD").split("\n")
    hdr_paths = [f for f in files if re.search(r"(^|/)aclnn_[a-z0-9_]+\.h$", f)]
    ex_paths = [f for f in files if re.search(r"/examples/[^/]*\.cpp$", f)]
    # headers beside the examples (e.g. aclnn_max_pool3_d_example_utils.h): copied next to an
    # example that includes them by a plain quoted name
    ex_hdr_paths = [f for f in files if re.search(r"/examples/[^/]*\.h$", f)]
    blobs = git_blobs(gitdir, hdr_paths + ex_paths + ex_hdr_paths)
    headers = {}
    for p in hdr_paths:
        text = re.sub(r"//[^\n]*|/\*.*?\*/", "", blobs.get(p, ""), flags=re.S)
        funcs = sorted(set(f for f in DECL.findall(text) if not f.startswith("aclnnop")))
        if any(f.endswith("GetWorkspaceSize") for f in funcs):
            headers[p] = (os.path.basename(p), funcs)
    examples = {}
    for p in ex_paths:
        text = blobs.get(p, "")
        calls = sorted(set(CALL_P1.findall(text)))
        if calls:
            funcs = sorted(set(c + "GetWorkspaceSize" for c in calls) | set(calls))
            local = {}
            for name in set(LOCAL_INCLUDE.findall(text)):
                sib = os.path.join(os.path.dirname(p), name)
                if sib in blobs:
                    local[name] = blobs[sib]
            examples[p] = (funcs, sorted(set(INCLUDE.findall(text))), (text, local))
    return headers, examples


def install_facts(prefix):
    """(header names under include/aclnnop, exported aclnn symbols) of an install."""
    incdir = os.path.join(prefix, "include", "aclnnop")
    names = set(os.listdir(incdir)) if os.path.isdir(incdir) else set()
    syms = set()
    libdir = os.path.join(prefix, "lib")
    for lib in ("libcpuacl.so", "libascendcl.so", "libopapi.so", "libnnopbase.so"):
        path = os.path.join(libdir, lib)
        if not os.path.exists(path):
            continue
        out = subprocess.run(["nm", "-D", "--defined-only", path], capture_output=True,
                             text=True).stdout
        syms.update(line.split()[-1].split("@")[0] for line in out.splitlines() if " T " in line)
    return names, syms


def family(repo, path):
    return "%s:%s" % (repo, path.split("/", 1)[0])


def build_one(prefix, path, source, timeout, workdir):
    """'exit0', 'run:<rc>', 'build' or 'timeout' for one example; source: (its text, {name:
    text} of the headers beside it that it includes)."""
    text, local = source
    base = re.sub(r"[^A-Za-z0-9_]", "_", path)
    # each example in <base>/examples/, beside a <base>/op_api/ of forwarding headers: the
    # experimental examples include their header as "../op_api/aclnn_x.h"
    exdir = os.path.join(workdir, base, "examples")
    os.makedirs(exdir, exist_ok=True)
    # (ops-transformer's as "../op_host/op_api/aclnn_x.h")
    for sub, rel in set(re.findall(r'#\s*include\s*"\.\./((?:op_host/)?op_api)/(aclnn_\w+\.h)"',
                                   text)):
        os.makedirs(os.path.join(workdir, base, sub), exist_ok=True)
        with open(os.path.join(workdir, base, sub, rel), "w") as f:
            f.write('#include "aclnnop/%s"\n' % rel)
    for name, htext in local.items():
        with open(os.path.join(exdir, name), "w") as f:
            f.write(htext)
    # examples that create communicators (ops-transformer's mc2/) link libhccl as on CANN
    hccl = ["-lhccl"] if re.search(r"\bHccl[A-Z]\w*\s*\(", text) else []
    src = os.path.join(exdir, "example.cpp")
    exe = os.path.join(exdir, "example")
    with open(src, "w") as f:
        f.write(text)
    cc = subprocess.run(["g++", "-std=c++17", "-w", "-O0", src, "-o", exe,
                         "-I" + os.path.join(prefix, "include"),
                         "-I" + os.path.join(prefix, "include", "aclnnop"),
                         "-L" + os.path.join(prefix, "lib"),
                         "-Wl,-rpath," + os.path.join(prefix, "lib"),
                         "-lascendcl", "-lnnopbase", "-lopapi"] + hccl, capture_output=True)
    if cc.returncode != 0:
        return "build"
    try:
        # CANN's communicator examples take the 8 devices of an Atlas A2 node (ndev = 8)
        env = dict(os.environ)
        if hccl:
            env.setdefault("CPUACL_DEVICE_COUNT", "8")
        r = subprocess.run([exe], capture_output=True, timeout=timeout, cwd=exdir, env=env)
    except subprocess.TimeoutExpired:
        return "timeout"
    return "exit0" if r.returncode == 0 else "run:%d" % r.returncode


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--git", action="append", required=True, help="git dir of a repository")
    ap.add_argument("--prefix", required=True, help="cpuacl install prefix")
    ap.add_argument("--build", action="store_true")
    ap.add_argument("-j", type=int, default=2)
    ap.add_argument("--timeout", type=float, default=20.0)
    ap.add_argument("--missing", type=int, default=0)
    ap.add_argument("--examples-of")
    ap.add_argument("--failed", action="store_true")
    ap.add_argument("--only", help="with --build: build only the examples whose path matches")
    a = ap.parse_args()

    names, syms = install_facts(a.prefix)
    rows = collections.OrderedDict()  # family -> counters
    missing = collections.Counter()   # uncovered header name -> examples calling it
    hdr_of_func = {}
    ex_all = []
    for gd in a.git:
        gdir = git_dir(gd)
        repo = os.path.basename(os.path.dirname(gdir.rstrip("/"))) if gdir.endswith(
            "repo") else os.path.basename(gdir.rstrip("/"))
        repo = repo.replace("hicann+", "").replace(".git", "")
        headers, examples = read_repo(gdir)
        for p, (name, funcs) in sorted(headers.items()):
            c = rows.setdefault(family(repo, p), collections.Counter())
            c["headers"] += 1
            ok = name in names and all(f in syms for f in funcs)
            c["headers_cov"] += ok
            for f in funcs:
                hdr_of_func.setdefault(f, (name, ok))
        for p, (funcs, incs, text) in sorted(examples.items()):
            c = rows.setdefault(family(repo, p), collections.Counter())
            c["examples"] += 1
            ok = all(f in syms for f in funcs) and all(
                os.path.basename(i) in names for i in incs)
            c["examples_op"] += ok
            ex_all.append((repo, p, ok, text, c))
            if not ok:
                for f in funcs:
                    h = hdr_of_func.get(f)
                    if f.endswith("GetWorkspaceSize") and f not in syms:
                        missing[h[0] if h else f] += 1

    if a.build:
        todo = [e for e in ex_all if e[2] and (not a.only or re.search(a.only, e[1]))]
        with tempfile.TemporaryDirectory(prefix="ops_cov_") as wd, \
                concurrent.futures.ThreadPoolExecutor(max_workers=a.j) as pool:
            futs = {pool.submit(build_one, a.prefix, p, text, a.timeout, wd): (repo, p, c)
                    for repo, p, ok, text, c in todo}
            for fut in concurrent.futures.as_completed(futs):
                repo, p, c = futs[fut]
                st = fut.result()
                c["built"] += st != "build"
                c["exit0"] += st == "exit0"
                if a.failed and st != "exit0":
                    print("%-8s %s:%s" % (st, repo, p))

    cols = ["headers", "headers_cov", "examples", "examples_op"] + (
        ["built", "exit0"] if a.build else [])
    print("%-24s" % "family" + "".join("%13s" % c for c in cols))
    tot = collections.Counter()
    for fam, c in rows.items():
        tot.update(c)
        print("%-24s" % fam + "".join("%13d" % c[k] for k in cols))
    print("%-24s" % "total" + "".join("%13d" % tot[k] for k in cols))

    def pct(k, of):
        return 100.0 * tot[k] / tot[of] if tot[of] else 0.0
    print("headers covered %d/%d (%.1f%%); examples whose operator exists %d/%d (%.1f%%)" % (
        tot["headers_cov"], tot["headers"], pct("headers_cov", "headers"), tot["examples_op"],
        tot["examples"], pct("examples_op", "examples")))
    if a.build:
        print("examples built %d, exit 0: %d/%d (%.1f%%)%s" % (
            tot["built"], tot["exit0"], tot["examples"], pct("exit0", "examples"),
            "; built: the %d whose path matches %s" % (len(todo), a.only) if a.only else ""))
    if a.missing:
        print("\nuncovered headers by examples calling them:")
        for name, n in missing.most_common(a.missing):
            print("%4d %s" % (n, name))
    if a.examples_of:
        for repo, p, ok, text, c in ex_all:
            if re.search(a.examples_of, p):
                print("%s %s:%s" % ("ok " if ok else "-- ", repo, p))
    return 0


if __name__ == "__main__":
    sys.exit(main())
