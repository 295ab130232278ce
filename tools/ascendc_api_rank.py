#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Which AscendC:: identifiers CANN's own vector kernels use most, and which of them
cpuacl's kernel_operator.h provides (issue 30, docs/ascendc-vector.md).

Counts, in git directories of hicann/ops-math and hicann/ops-nn (bare or not, read with
`git grep` at HEAD), every `AscendC::Name` written in the kernel sources: *.h and *.cpp
under an op_kernel/ folder, without tests/ and without arch35/ (the Ascend 950 register
programming model, MicroAPI). Names written unqualified (after `using namespace
AscendC`) are not counted: the figure is a ranking, not a census.

A name is left out of the ranking when it is a namespace (MicroAPI, Std, ...) or when the
operator repositories define it themselves (a class or struct of that name: an operator's
own kernel class placed in namespace AscendC).

"Implemented" is decided by the compiler: one C++ unit with `using AscendC::Name;` per
name is compiled against the include directory; a name whose using-declaration fails is
not provided.

Usage:
  ascendc_api_rank.py --git DIR [--git DIR ...] [--include DIR] [--top N] [--markdown]
  --include DIR  the directory holding kernel_operator.h (default: include/ascendc of
                 the checkout this script is in; its parent is on the include path too)
  --top N        rows to print (default 80)
  --markdown     print a Markdown table (identifier, uses, implemented)
"""
import argparse
import collections
import os
import re
import subprocess
import sys
import tempfile

QUALIFIED = re.compile(r"AscendC::([A-Za-z_][A-Za-z0-9_]*)")
NAMESPACES = {"MicroAPI", "Std", "Reg", "Simt", "Te", "Impl", "impl", "internal", "Internal"}
PATHSPECS = [
    ":(glob)**/op_kernel/**/*.h",
    ":(glob)**/op_kernel/**/*.cpp",
    ":(exclude,glob)**/tests/**",
    ":(exclude,glob)**/arch35/**",
]


def git_grep(git_dir, args):
    r = subprocess.run(["git", "--git-dir", git_dir, "grep", "-h", "-I"] + args,
                       capture_output=True, text=True)
    if r.returncode not in (0, 1):
        sys.exit("git grep failed in %s: %s" % (git_dir, r.stderr.strip()))
    return r.stdout


def git_dir_of(path):
    """The git directory of a checkout or a bare repository."""
    for cand in (os.path.join(path, ".git"), path):
        if os.path.isdir(os.path.join(cand, "objects")):
            return cand
    sys.exit("%s is not a git directory" % path)


def count_uses(git_dirs):
    uses = collections.Counter()
    for g in git_dirs:
        text = git_grep(g, ["-o", "-E", r"AscendC::[A-Za-z_][A-Za-z0-9_]*", "HEAD", "--"] +
                        PATHSPECS)
        for line in text.splitlines():
            m = QUALIFIED.search(line)
            if m:
                uses[m.group(1)] += 1
    return uses


def defined_by_ops(git_dirs, names):
    """Names the operator repositories define themselves inside namespace AscendC (an
    operator's own kernel class): a class or struct definition whose innermost enclosing
    namespace, by the last `namespace X {` line before it, is AscendC."""
    found = set()
    pattern = r"\b(class|struct)[[:space:]]+(%s)\b[^;]*$" % "|".join(sorted(names))
    for g in git_dirs:
        text = subprocess.run(["git", "--git-dir", g, "grep", "-n", "-I", "-E", pattern,
                               "HEAD", "--", "*.h", "*.cpp", "*.hpp"],
                              capture_output=True, text=True).stdout
        sources = {}
        for line in text.splitlines():
            m = re.match(r"HEAD:(.+?):(\d+):.*\b(?:class|struct)\s+(\w+)", line)
            if not m or m.group(3) in found:
                continue
            path, lineno, name = m.group(1), int(m.group(2)), m.group(3)
            if path not in sources:
                sources[path] = subprocess.run(["git", "--git-dir", g, "show", "HEAD:" + path],
                                               capture_output=True, text=True,
                                               errors="replace").stdout.splitlines()
            inner = None
            for src in sources[path][:lineno - 1]:
                ns = re.match(r"\s*namespace\s+([\w:]+)\s*\{?\s*$", src)
                if ns:
                    inner = ns.group(1).split("::")[-1]
            if inner == "AscendC":
                found.add(name)
    return found


def provided(include_dir, names):
    """The names a `using AscendC::Name;` accepts, compiled against include_dir."""
    cxx = os.environ.get("CXX", "c++")
    with tempfile.TemporaryDirectory() as tmp:
        src = os.path.join(tmp, "probe.cc")
        lines = ['#include "kernel_operator.h"']
        first = len(lines) + 1
        order = sorted(names)
        for n in order:
            lines.append("using AscendC::%s;" % n)
        with open(src, "w") as f:
            f.write("\n".join(lines) + "\n")
        r = subprocess.run([cxx, "-std=c++17", "-fsyntax-only", "-fmax-errors=0",
                            "-I", include_dir, "-I", os.path.dirname(include_dir), src],
                           capture_output=True, text=True)
        bad = set()
        for m in re.finditer(r"probe\.cc:(\d+):\d+: error", r.stderr):
            i = int(m.group(1)) - first
            if 0 <= i < len(order):
                bad.add(order[i])
        if r.returncode != 0 and not bad:
            sys.exit("probe failed to compile:\n" + r.stderr)
        return {n for n in order if n not in bad}


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--git", action="append", required=True)
    ap.add_argument("--include", default=os.path.join(here, "..", "include", "ascendc"))
    ap.add_argument("--top", type=int, default=80)
    ap.add_argument("--markdown", action="store_true")
    a = ap.parse_args()
    git_dirs = [git_dir_of(p) for p in a.git]
    uses = count_uses(git_dirs)
    names = [n for n in uses if n not in NAMESPACES]
    own = defined_by_ops(git_dirs, names)
    ranked = [(n, uses[n]) for n in names if n not in own]
    ranked.sort(key=lambda t: (-t[1], t[0]))
    top = ranked[:a.top]
    have = provided(os.path.abspath(a.include), [n for n, _ in top])
    if a.markdown:
        print("| # | identifier | uses | implemented |")
        print("|---:|---|---:|---|")
    for i, (n, c) in enumerate(top, 1):
        mark = "yes" if n in have else "no"
        if a.markdown:
            print("| %d | %s | %d | %s |" % (i, n, c, mark))
        else:
            print("%3d %-28s %6d %s" % (i, n, c, mark))
    done = sum(1 for n, _ in top if n in have)
    summary = "%d of the top %d implemented" % (done, len(top))
    print(("\n" if a.markdown else "") + summary)
    return 0


if __name__ == "__main__":
    sys.exit(main())
