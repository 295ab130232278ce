#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""The export list, checked both ways (and generated).

The linker map cmake/cpuacl.map names every symbol libcpuacl exports,
explicitly (no wildcards): the C functions the public headers (include/, the
headers that are installed) declare, minus those listed in not_implemented.txt.

Check (the exported_symbols test):
  check_exports.py LIB INCLUDE_DIR NOT_IMPLEMENTED [MAP]
  - the map lists exactly the declared functions that are implemented: none
    missing, none that no header declares;
  - the library exports exactly the map's names: nothing more (no internal
    symbol leaks), nothing less (every listed function exists);
  - not_implemented.txt names functions that are declared and really missing
    (so the list cannot go stale).

Generate (after adding or removing public functions; one command):
  python3 tests/install/check_exports.py --write-map
rewrites cmake/cpuacl.map from include/ and not_implemented.txt.

A declaration is a top-level statement of a public header of the form
`... name(...);` that is not a typedef (struct, union and enum bodies and
inline function bodies are skipped), whatever visibility macro it uses, so
new families (aclnn*, Hccl*, ...) are found without changes here.
"""
import pathlib
import re
import subprocess
import sys

ROOT = pathlib.Path(__file__).resolve().parents[2]
MAP_HEADER = """/* SPDX-License-Identifier: Apache-2.0
 * Exported symbols of libcpuacl: every function the public headers (include/)
 * declare and the library implements, named one by one; everything else stays
 * local. Generated: do not edit by hand. After adding or removing a public
 * function (or a line of tests/install/not_implemented.txt), run
 *     python3 tests/install/check_exports.py --write-map
 * The exported_symbols test checks this list against the headers and the
 * library both ways. */
"""


def strip_blocks(text):
    """Drop brace blocks (struct/enum bodies, inline functions), keeping the
    contents of extern "C" { ... } blocks."""
    text = re.sub(r'extern\s+"C"\s*\{', "", text)
    out, depth = [], 0
    for ch in text:
        if ch == "{":
            depth += 1
        elif ch == "}":
            if depth == 0:
                continue  # the closing brace of an extern "C" block
            depth -= 1
            if depth == 0:
                out.append(";")  # ends the statement (struct ... { } name;)
        elif depth == 0:
            out.append(ch)
    return "".join(out)


def declared_functions(incdir):
    names = set()
    for h in sorted(pathlib.Path(incdir).rglob("*.h")):
        if h.relative_to(incdir).parts[0] == "hccl":
            continue  # HCCL is libhccl's API (its own map: hccl/hccl.map), not libcpuacl's
        text = h.read_text()
        text = re.sub(r"/\*.*?\*/", " ", text, flags=re.S)
        text = re.sub(r"//[^\n]*", " ", text)
        text = re.sub(r"^\s*#(?:[^\n]*\\\n)*[^\n]*", " ", text, flags=re.M)
        for stmt in strip_blocks(text).split(";"):
            stmt = " ".join(stmt.split())
            # attribute-like macros (ACL_DEPRECATED_MESSAGE("...")) and attributes
            stmt = re.sub(r'__attribute__\s*\(\((?:[^()]|\([^()]*\))*\)\)', " ", stmt)
            stmt = re.sub(r'\b[A-Z][A-Z0-9_]*\s*\((?:[^()"]|"[^"]*"|\([^()]*\))*\)', " ", stmt)
            stmt = stmt.strip()
            if not stmt or re.match(r"(typedef|using|namespace|template|struct|enum|union)\b",
                                    stmt):
                continue
            m = re.match(r"[\w\s\*]*?\b([A-Za-z_]\w*)\s*\(", stmt)
            if m and not stmt.startswith("static"):
                names.add(m.group(1))
    return names


def read_list(path):
    return {l.split("#")[0].strip() for l in pathlib.Path(path).read_text().splitlines()} - {""}


def read_map(path):
    text = re.sub(r"/\*.*?\*/", " ", pathlib.Path(path).read_text(), flags=re.S)
    glob = re.search(r"global:(.*?)local:", text, re.S)
    if not glob:
        return set(), ["the map has no global: ... local: section"]
    names = {n.strip() for n in glob.group(1).split(";")} - {""}
    bad = sorted(n for n in names if not re.fullmatch(r"[A-Za-z_]\w*", n))
    return names - set(bad), [f"the map must name symbols explicitly (no patterns): {', '.join(bad)}"] if bad else []


def cxx_names(path=ROOT / "tests/install/cxx_exports.txt"):
    """{mangled: declared name} of the C++-linkage exports (cxx_exports.txt)."""
    out = {}
    for m in read_list(path):
        g = re.match(r"_Z(\d+)", m)
        if not g:
            raise SystemExit(f"{path}: {m} is not a mangled function name")
        start = g.end()
        out[m] = m[start:start + int(g.group(1))]
    return out


def demangled(names, cxx):
    """names with the mangled C++ exports replaced by their declared names."""
    return {cxx.get(n, n) for n in names}


def write_map(path, names):
    body = "".join(f"    {n};\n" for n in sorted(names))
    pathlib.Path(path).write_text(MAP_HEADER + "CPUACL_0 {\n  global:\n" + body +
                                  "  local:\n    *;\n};\n")


def main(argv):
    if argv[1:2] == ["--write-map"]:
        incdir = ROOT / "include"
        skip = read_list(ROOT / "tests/install/not_implemented.txt")
        names = declared_functions(incdir) - skip
        cxx = cxx_names()
        names = (names - set(cxx.values())) | set(cxx)
        write_map(ROOT / "cmake/cpuacl.map", names)
        print(f"cmake/cpuacl.map: {len(names)} symbols")
        return 0
    lib, incdir, skipfile = argv[1], argv[2], argv[3]
    mapfile = argv[4] if len(argv) > 4 else ROOT / "cmake/cpuacl.map"
    declared = declared_functions(incdir)
    skip = read_list(skipfile)
    listed, problems = read_map(mapfile)
    out = subprocess.run(["nm", "-D", "--defined-only", lib], capture_output=True, text=True,
                         check=True).stdout
    exported = {l.split()[-1].split("@")[0] for l in out.splitlines()
                if len(l.split()) == 3 and l.split()[1] in "TDBRVWi"}
    exported -= {n for n in exported if n.startswith("CPUACL_")}  # the version node
    cxx = cxx_names()
    listed, exported = demangled(listed, cxx), demangled(exported, cxx)
    want = declared - skip
    checks = (
        ("declared but not in the map (run check_exports.py --write-map)", want - listed),
        ("in the map but declared by no public header", listed - declared),
        ("in the map but listed as not implemented", listed & skip),
        ("in the map but not exported by the library (not implemented?)", listed - exported),
        ("exported but not in the map", exported - listed),
        ("listed as not implemented but exported (remove from the list)", skip & exported),
        ("listed as not implemented but not declared", skip - declared),
    )
    ok = not problems
    for p in problems:
        print(p)
    for what, items in checks:
        if items:
            ok = False
            print(f"{what}: {', '.join(sorted(items))}")
    print(f"{len(declared)} declared, {len(listed)} in the map, {len(exported)} exported, "
          f"{len(skip)} listed as not implemented yet")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv))
