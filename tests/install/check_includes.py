#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Rooms and the includes between them, checked (the include_rooms test).

Every quoted include (`#include "x/y.h"`) of the library's sources (base,
sched, mem, core, ops, graph, hccl, bench, tools, python, atc) and of tests/ is
resolved the way the build finds it: against the repository root, then the
including file's folder, then include/ (the public API: not checked), then
the folders above the including file up to its top-level folder, then a
header of that name that is unique in the including file's top-level folder
(tests/ and bench/ add such folders to their include paths). <...> includes
are system or public headers and are not checked.

Rooms. Each top-level folder is a room; inside core/ and ops/ each subfolder
is a room of its own (core/stream, ops/engine, ...), and the files directly
in core/ (or ops/) form the folder's interface room, named after the folder
(`core`, `ops`).

Rules (each failure is printed as `file:line: [rule] message`):
  layering  the top-level folders are layered, top to bottom:
                bench, tools, python, atc > hccl > graph > ops > core > sched, mem > base
            A folder may include itself and the folders below it; including a
            folder above it, a peer on its own layer (sched and mem do not
            include each other: they are peers), tests/, or being a folder
            that has no layer fails.
  private   a private header - named *_pvt.h or inside a folder named
            internal/ - may be included only by files of its own room. And
            outside core/, a file may include from core/ only core's
            interface headers (the files directly in core/), never a
            core/<concept>/ file.
  tests     a file under tests/ may include only public headers, tests/
            helpers, and the interface headers of core/ and ops/ (the files
            directly in core/ or ops/), plus the exceptions listed in
            tests/install/include_allow.txt (lines `FROM -> TO  # reason`; a
            path ending in / names everything under that folder). An entry
            that matches no include fails too, so the list can only shrink.
            Only this rule applies to tests/.
  cycle     no cycle between the top-level folders, between the rooms inside
            core/, or between the rooms inside ops/, except through the edges
            of tests/install/include_cycles.txt (lines
            `from_room -> to_room  # reason`: edges that close a cycle and are
            allowed for now). Removing the baseline's edges must leave no
            cycle; a baseline edge that no longer exists, or that lies on no
            cycle any more, fails (so the baseline can only shrink).

Output: the include graph between rooms (edge and its number of include
lines), then the failures. Exit 0 when clean, 1 on failures.

  check_includes.py [--root DIR] [--dot FILE]
  check_includes.py --update-baseline      rewrite include_cycles.txt with a
                      minimal set of edges that breaks every cycle (keeping
                      the edges already listed, and their reasons, where they
                      still break one)
  check_includes.py --room-cycles ROOMDIR  for each cycle between the rooms
                      of ROOMDIR (core, ops, or . for the top-level folders)
                      the include lines (file:line) that make each edge
  check_includes.py --self-test            checks the checker on small trees
"""
import argparse
import collections
import os
import pathlib
import re
import shutil
import sys
import tempfile

ROOT = pathlib.Path(__file__).resolve().parents[2]

# Top-level folders, top layer first. Folders of one layer are peers: they
# may not include each other.
LAYERS = [("bench", "tools", "python", "atc"), ("hccl",), ("graph",), ("blas",),
          ("ops", "fft", "solver", "sparse"),
          ("core",), ("sched", "mem"), ("base",)]
LEVEL = {name: len(LAYERS) - i for i, layer in enumerate(LAYERS) for name in layer}
LIBRARY = [name for layer in LAYERS for name in layer]
TESTS = "tests"
PUBLIC = "include"
SPLIT = ("core", "ops")     # folders whose subfolders are rooms of their own
SEALED = ("core",)          # other folders may include only their interface headers
TEST_INTERFACES = ("core", "ops")  # interface headers tests/ may include
SOURCE_SUFFIXES = (".c", ".h", ".cc", ".cpp", ".hpp")
ALLOW_FILE = "tests/install/include_allow.txt"
BASELINE_FILE = "tests/install/include_cycles.txt"
# The rooms of core/ bottom to top, as issue 26 plans them. Only a preference
# for --update-baseline: to break a cycle it lists an edge that runs up this
# order rather than one that runs down it.
ROOM_ORDER = {"core": ["runtime", "device", "stream", "event", "memory",
                       "host", "kernel", "model", "ipc", "tools", "tdt", "op", "mdl", "process",
                       "api"]}

INCLUDE_RE = re.compile(r'^[ \t]*#[ \t]*include[ \t]*"([^"\n]+)"', re.M)

Include = collections.namedtuple("Include", "src line name target")
Failure = collections.namedtuple("Failure", "where rule message")


# ---------------------------------------------------------------- sources

def strip_comments(text):
    """The text with comments blanked (newlines kept, so line numbers hold);
    string and character literals are kept."""
    out, i, n = [], 0, len(text)
    while i < n:
        c = text[i]
        if c == "/" and text.startswith("/*", i):
            j = text.find("*/", i + 2)
            j = n if j < 0 else j + 2
            out.append(re.sub(r"[^\n]", " ", text[i:j]))
            i = j
        elif c == "/" and text.startswith("//", i):
            j = text.find("\n", i)
            j = n if j < 0 else j
            out.append(" " * (j - i))
            i = j
        elif c in "\"'":
            j = i + 1
            while j < n and text[j] != c and text[j] != "\n":
                j += 2 if text[j] == "\\" else 1
            out.append(text[i:j + 1])
            i = j + 1
        else:
            out.append(c)
            i += 1
    return "".join(out)


def source_files(root):
    """Paths (relative, with /) of the sources checked, sorted."""
    found = []
    for top in LIBRARY + [TESTS] + extra_folders(root):
        base = root / top
        if not base.is_dir():
            continue
        for dirpath, dirnames, filenames in os.walk(base):
            dirnames[:] = sorted(d for d in dirnames if not d.startswith("."))
            for f in filenames:
                if f.endswith(SOURCE_SUFFIXES):
                    found.append(pathlib.Path(dirpath, f).relative_to(root).as_posix())
    return sorted(found)


def extra_folders(root):
    """Top-level folders that hold sources but have no layer (a failure)."""
    known = set(LIBRARY) | {TESTS, PUBLIC}
    extra = []
    for d in sorted(root.iterdir()):
        if (d.is_dir() and not d.name.startswith(".") and d.name not in known
                and not is_build_dir(d)):
            for dirpath, dirnames, filenames in os.walk(d):
                if any(f.endswith(SOURCE_SUFFIXES) for f in filenames):
                    extra.append(d.name)
                    break
    return extra


def is_build_dir(d):
    """A build folder (build/, out/, or a CMake binary dir one level deep)."""
    if d.name in ("build", "out") or (d / "CMakeCache.txt").exists():
        return True
    return any((sub / "CMakeCache.txt").exists() for sub in d.iterdir() if sub.is_dir())


class Resolver:
    def __init__(self, root, files):
        self.root = root
        self.by_name = collections.defaultdict(list)  # (top, basename) -> paths
        for f in files:
            self.by_name[(top_of(f), f.rsplit("/", 1)[-1])].append(f)

    def _file(self, rel):
        rel = os.path.normpath(rel).replace(os.sep, "/")
        if rel.startswith("../") or rel == "..":
            return None
        return rel if (self.root / rel).is_file() else None

    def resolve(self, src, name):
        """The included file's path, PUBLIC for a public header, or None."""
        folder = src.rsplit("/", 1)[0] if "/" in src else ""
        for base in ("", folder):
            rel = self._file(os.path.join(base, name))
            if rel:
                return PUBLIC if top_of(rel) == PUBLIC else rel
        if self._file(os.path.join(PUBLIC, name)):
            return PUBLIC
        parts = folder.split("/")
        for k in range(len(parts) - 1, 0, -1):
            rel = self._file(os.path.join("/".join(parts[:k]), name))
            if rel:
                return rel
        if "/" not in name:
            same = self.by_name.get((top_of(src), name), [])
            if len(same) == 1:
                return same[0]
        return None


def scan(root):
    """All quoted includes of the checked sources, and the unresolved ones."""
    files = source_files(root)
    resolver = Resolver(root, files)
    includes, unresolved = [], []
    for f in files:
        text = strip_comments((root / f).read_text(errors="replace"))
        for m in INCLUDE_RE.finditer(text):
            line = text.count("\n", 0, m.start()) + 1
            target = resolver.resolve(f, m.group(1))
            inc = Include(f, line, m.group(1), target)
            (includes if target else unresolved).append(inc)
    return files, includes, unresolved


# ---------------------------------------------------------------- rooms

def top_of(path):
    return path.split("/", 1)[0]


def room_of(path):
    parts = path.split("/")
    if parts[0] in SPLIT and len(parts) > 2:
        return parts[0] + "/" + parts[1]
    return parts[0]


def is_interface(path, folders):
    parts = path.split("/")
    return len(parts) == 2 and parts[0] in folders


def is_private(path):
    parts = path.split("/")
    return parts[-1].endswith("_pvt.h") or "internal" in parts[:-1]


def scope_room(path, scope):
    """The room of path among the rooms of folder scope ('' = the top-level
    folders), or None when path lies outside scope."""
    if not scope:
        return top_of(path)
    if not path.startswith(scope + "/"):
        return None
    rest = path[len(scope) + 1:].split("/")
    return scope if len(rest) == 1 else scope + "/" + rest[0]


def scope_graph(includes, scope):
    """{(from_room, to_room): [Include...]} between distinct rooms of scope."""
    edges = collections.defaultdict(list)
    for inc in includes:
        if inc.target == PUBLIC:
            continue
        a, b = scope_room(inc.src, scope), scope_room(inc.target, scope)
        if a and b and a != b:
            edges[(a, b)].append(inc)
    return dict(edges)


def scopes():
    return [""] + list(SPLIT)


def scope_of_edge(a, b):
    """The scope an edge (as written in the baseline) belongs to."""
    for room in (a, b):
        if "/" in room:
            return room.split("/", 1)[0]
    return ""


def scope_name(scope):
    return "top-level folders" if not scope else "inside %s/" % scope


# ---------------------------------------------------------------- graphs

def sccs(nodes, edges):
    """Strongly connected components (Tarjan), each a sorted list."""
    succ = collections.defaultdict(list)
    for a, b in edges:
        succ[a].append(b)
    index, low, stack, on, out = {}, {}, [], set(), []
    counter = [0]

    def visit(v):
        work = [(v, iter(sorted(succ[v])))]
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on.add(v)
        while work:
            node, it = work[-1]
            advanced = False
            for w in it:
                if w not in index:
                    index[w] = low[w] = counter[0]
                    counter[0] += 1
                    stack.append(w)
                    on.add(w)
                    work.append((w, iter(sorted(succ[w]))))
                    advanced = True
                    break
                if w in on:
                    low[node] = min(low[node], index[w])
            if advanced:
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                comp = []
                while True:
                    w = stack.pop()
                    on.discard(w)
                    comp.append(w)
                    if w == node:
                        break
                out.append(sorted(comp))

    for v in sorted(nodes):
        if v not in index:
            visit(v)
    return sorted(out)


def cyclic_components(edges):
    nodes = {x for e in edges for x in e}
    return [c for c in sccs(nodes, edges) if len(c) > 1]


def shortest_path(edges, start, goal):
    """Rooms on a shortest path start -> goal over edges, or None."""
    succ = collections.defaultdict(list)
    for a, b in edges:
        succ[a].append(b)
    prev, queue = {start: None}, collections.deque([start])
    while queue:
        v = queue.popleft()
        if v == goal:
            path = []
            while v is not None:
                path.append(v)
                v = prev[v]
            return path[::-1]
        for w in sorted(succ[v]):
            if w not in prev:
                prev[w] = v
                queue.append(w)
    return None


def rank(room):
    """Position of a room in the intended order (higher = upper), or None."""
    if "/" not in room:
        return LEVEL.get(room)
    folder, name = room.split("/", 1)
    order = ROOM_ORDER.get(folder, [])
    return order.index(name) if name in order else None


def breaking_edges(edges, keep=()):
    """A minimal set of edges whose removal leaves edges acyclic. Preferred,
    in order: edges of keep, edges running up the intended order (ROOM_ORDER,
    LAYERS), edges with fewer include lines."""
    def preference(e):
        ra, rb = rank(e[0]), rank(e[1])
        upward = ra is not None and rb is not None and ra < rb
        return (e not in keep, not upward, len(edges[e]), e)

    chosen = []
    while True:
        rest = [e for e in edges if e not in chosen]
        comps = cyclic_components(rest)
        if not comps:
            break
        members = set(comps[0])
        inside = [e for e in rest if e[0] in members and e[1] in members]
        chosen.append(min(inside, key=preference))
    # Minimal: drop every chosen edge that is not needed, least preferred first.
    for e in sorted(chosen, key=preference, reverse=True):
        trial = [x for x in chosen if x != e]
        if not cyclic_components([x for x in edges if x not in trial]):
            chosen = trial
    return sorted(chosen)


# ---------------------------------------------------------------- lists

def read_pairs(path):
    """Lines `A -> B  # reason` of a list file: [(lineno, A, B, reason)]."""
    entries, bad = [], []
    if not path.exists():
        return entries, bad
    for no, raw in enumerate(path.read_text().splitlines(), 1):
        body, _, reason = raw.partition("#")
        body = body.strip()
        if not body:
            continue
        m = re.fullmatch(r"(\S+)\s*->\s*(\S+)", body)
        if not m:
            bad.append((no, raw))
            continue
        entries.append((no, m.group(1), m.group(2), reason.strip()))
    return entries, bad


def path_matches(pattern, path):
    if pattern.endswith("/"):
        return path.startswith(pattern)
    return path == pattern


# ---------------------------------------------------------------- rules

def check(root, includes, allow_path, baseline_path):
    failures = []

    def fail(inc, rule, msg):
        failures.append(Failure("%s:%d" % (inc.src, inc.line), rule, msg))

    allow, bad = read_pairs(allow_path)
    allow_used = set()
    for no, raw in bad:
        failures.append(Failure("%s:%d" % (rel(root, allow_path), no), "tests",
                                "not a `FROM -> TO  # reason` line: %s" % raw.strip()))
    for no, a, b, reason in allow:
        if not reason:
            failures.append(Failure("%s:%d" % (rel(root, allow_path), no), "tests",
                                    "%s -> %s has no reason" % (a, b)))

    for inc in includes:
        if inc.target == PUBLIC:
            continue
        src_top, dst_top = top_of(inc.src), top_of(inc.target)
        src_room, dst_room = room_of(inc.src), room_of(inc.target)

        if src_top == TESTS:
            ok = (dst_top == TESTS or is_interface(inc.target, TEST_INTERFACES))
            if not ok:
                hits = [e for e in allow if path_matches(e[1], inc.src)
                        and path_matches(e[2], inc.target)]
                allow_used.update(e[0] for e in hits)
                if not hits:
                    fail(inc, "tests", "tests/ includes %s: not a public header, a tests/ "
                         "helper or an interface header of %s (add it to %s with a reason "
                         "if it must stay)" % (inc.target, "/, ".join(TEST_INTERFACES) + "/",
                                               ALLOW_FILE))
            continue

        # layering
        if dst_top != src_top:
            if src_top not in LEVEL:
                fail(inc, "layering", "%s/ has no layer (add it to LAYERS)" % src_top)
            elif dst_top == TESTS:
                fail(inc, "layering", "library code includes the test helper %s" % inc.target)
            elif dst_top not in LEVEL:
                fail(inc, "layering", "includes %s: %s/ has no layer" % (inc.target, dst_top))
            elif LEVEL[dst_top] > LEVEL[src_top]:
                fail(inc, "layering", "%s/ includes %s: %s/ is on a layer above it"
                     % (src_top, inc.target, dst_top))
            elif LEVEL[dst_top] == LEVEL[src_top]:
                fail(inc, "layering", "%s/ includes %s: %s/ is its peer on the same layer"
                     % (src_top, inc.target, dst_top))

        # private headers
        if is_private(inc.target) and src_room != dst_room:
            fail(inc, "private", "%s is private to %s; %s is in %s"
                 % (inc.target, dst_room, inc.src, src_room))
        if dst_top in SEALED and src_top != dst_top and not is_interface(inc.target, SEALED):
            fail(inc, "private", "%s/ includes %s: outside %s/ only its interface headers "
                 "(the files directly in %s/) may be included"
                 % (src_top, inc.target, dst_top, dst_top))

    for no, a, b, reason in allow:
        if no not in allow_used:
            failures.append(Failure("%s:%d" % (rel(root, allow_path), no), "tests",
                                    "%s -> %s matches no include any more: remove it"
                                    % (a, b)))

    failures += check_cycles(root, includes, baseline_path)
    return failures


def check_cycles(root, includes, baseline_path):
    failures = []
    where = rel(root, baseline_path)
    entries, bad = read_pairs(baseline_path)
    for no, raw in bad:
        failures.append(Failure("%s:%d" % (where, no), "cycle",
                                "not a `from_room -> to_room  # reason` line: %s" % raw.strip()))
    by_scope = collections.defaultdict(dict)
    for no, a, b, reason in entries:
        by_scope[scope_of_edge(a, b)][(a, b)] = no
    for scope in scopes():
        edges = scope_graph(includes, scope)
        allowed = by_scope.pop(scope, {})
        full = cyclic_components(list(edges))
        on_cycle = {x for c in full for x in c}
        comp_of = {x: i for i, c in enumerate(full) for x in c}
        for (a, b), no in sorted(allowed.items(), key=lambda kv: kv[1]):
            if (a, b) not in edges:
                failures.append(Failure("%s:%d" % (where, no), "cycle",
                                        "baseline edge %s -> %s no longer exists: remove it"
                                        % (a, b)))
            elif not (a in on_cycle and b in on_cycle and comp_of[a] == comp_of[b]):
                failures.append(Failure("%s:%d" % (where, no), "cycle",
                                        "baseline edge %s -> %s lies on no cycle any more: "
                                        "remove it" % (a, b)))
        rest = {e: v for e, v in edges.items() if e not in allowed}
        for comp in cyclic_components(list(rest)):
            members = set(comp)
            cyc = comp + [comp[0]]
            for e in sorted(rest):
                if e[0] in members and e[1] in members:
                    back = shortest_path(list(rest), e[1], e[0])
                    cyc = [e[0]] + back
                    inc = rest[e][0]
                    failures.append(Failure(
                        "%s:%d" % (inc.src, inc.line), "cycle",
                        "%s -> %s (%s) closes the cycle %s (%s); "
                        "break it, or list the edge in %s"
                        % (e[0], e[1], lines_of(len(rest[e])), " -> ".join(cyc), scope_name(scope),
                           BASELINE_FILE)))
    for scope, allowed in by_scope.items():
        for (a, b), no in allowed.items():
            failures.append(Failure("%s:%d" % (where, no), "cycle",
                                    "baseline edge %s -> %s belongs to no checked scope" % (a, b)))
    return failures


def lines_of(n):
    return "%d include line%s" % (n, "" if n == 1 else "s")


def rel(root, path):
    try:
        return pathlib.Path(path).resolve().relative_to(root.resolve()).as_posix()
    except ValueError:
        return str(path)


# ---------------------------------------------------------------- output

def graph_text(includes):
    lines = ["include graph between rooms (from -> to  include lines):"]
    for scope in scopes():
        edges = scope_graph(includes, scope)
        lines.append("  %s:" % scope_name(scope))
        if not edges:
            lines.append("    (no edges)")
        width = max([len("%s -> %s" % e) for e in edges] + [0])
        for e in sorted(edges):
            lines.append("    %-*s  %d" % (width, "%s -> %s" % e, len(edges[e])))
    return "\n".join(lines)


def write_dot(path, includes):
    edges = collections.Counter()
    rooms = set()
    for inc in includes:
        if inc.target == PUBLIC:
            continue
        a, b = room_of(inc.src), room_of(inc.target)
        rooms.update((a, b))
        if a != b:
            edges[(a, b)] += 1
    out = ["digraph rooms {", "  rankdir=TB;", "  node [shape=box, fontname=\"monospace\"];"]
    for folder in SPLIT:
        inner = sorted(r for r in rooms if r == folder or r.startswith(folder + "/"))
        if inner:
            out.append("  subgraph \"cluster_%s\" {" % folder)
            out.append("    label=\"%s/\";" % folder)
            out += ["    \"%s\";" % r for r in inner]
            out.append("  }")
    out += ["  \"%s\";" % r for r in sorted(rooms) if top_of(r) not in SPLIT]
    out += ["  \"%s\" -> \"%s\" [label=\"%d\"];" % (a, b, n) for (a, b), n in sorted(edges.items())]
    out.append("}")
    pathlib.Path(path).write_text("\n".join(out) + "\n")


BASELINE_HEADER = """\
# Edges between rooms that close a cycle and are allowed for now (checked by
# tests/install/check_includes.py, the include_rooms test). One edge a line:
#     from_room -> to_room  # reason
# Removing these edges must leave no cycle between the top-level folders, the
# rooms of core/ or the rooms of ops/; an edge listed here that no longer
# exists, or lies on no cycle, fails the check: this list only shrinks.
# Regenerate with `python3 tests/install/check_includes.py --update-baseline`
# (keeps the edges still needed and their reasons).
"""


def update_baseline(root, includes, baseline_path):
    entries, _ = read_pairs(baseline_path)
    reasons = {(a, b): reason for _, a, b, reason in entries}
    lines = [BASELINE_HEADER.rstrip("\n")]
    for scope in scopes():
        edges = scope_graph(includes, scope)
        chosen = breaking_edges(edges, keep=set(reasons))
        for e in chosen:
            reason = reasons.get(e) or "%s; (reason to be written)" % lines_of(len(edges[e]))
            lines.append("%s -> %s  # %s" % (e[0], e[1], reason))
    baseline_path.write_text("\n".join(lines) + "\n")
    return len(lines) - 1


def room_cycles(includes, roomdir, baseline_path):
    scope = roomdir.strip("/")
    scope = "" if scope in ("", ".") else scope
    edges = scope_graph(includes, scope)
    entries, _ = read_pairs(baseline_path)
    listed = {(a, b) for _, a, b, _ in entries}
    out = []
    comps = cyclic_components(list(edges))
    if not comps:
        out.append("no cycle between the rooms of %s" % (scope + "/" if scope else "."))
    for comp in comps:
        members = set(comp)
        inside = sorted(e for e in edges if e[0] in members and e[1] in members)
        out.append("cycle group: %s (%d edges)" % (", ".join(comp), len(inside)))
        seen = set()
        for e in inside:
            path = [e[0]] + shortest_path(list(edges), e[1], e[0])
            # Name each cycle once, starting from its smallest room.
            i = path.index(min(path[:-1]))
            key = tuple(path[i:-1] + path[:i])
            if key in seen:
                continue
            seen.add(key)
            out.append("  cycle: %s" % " -> ".join(list(key) + [key[0]]))
        for e in inside:
            mark = "  (baseline)" if e in listed else ""
            out.append("  %s -> %s  %s%s" % (e[0], e[1], lines_of(len(edges[e])), mark))
            for inc in edges[e]:
                out.append("    %s:%d: #include \"%s\"" % (inc.src, inc.line, inc.name))
    return "\n".join(out)


def run(root, allow_path, baseline_path, dot=None, out=sys.stdout):
    files, includes, unresolved = scan(root)
    print(graph_text(includes), file=out)
    if dot:
        write_dot(dot, includes)
    for inc in unresolved:
        print('%s:%d: note: "%s" is no file of the tree (an outside header): not checked'
              % (inc.src, inc.line, inc.name), file=out)
    failures = check(root, includes, allow_path, baseline_path)
    for f in failures:
        print("%s: [%s] %s" % (f.where, f.rule, f.message), file=out)
    counts = collections.Counter(f.rule for f in failures)
    print("%d files, %d quoted includes checked: %s" % (
        len(files), len(includes) + len(unresolved),
        ", ".join("%d %s" % (n, r) for r, n in sorted(counts.items())) if failures
        else "clean"), file=out)
    return failures


# ---------------------------------------------------------------- self-test

def self_test():
    """Small trees, one per rule: a violation and its clean counterpart."""
    import io

    def verdict(tree, allow="", baseline=""):
        tmp = pathlib.Path(tempfile.mkdtemp(prefix="check_includes."))
        for path, text in tree.items():
            (tmp / path).parent.mkdir(parents=True, exist_ok=True)
            (tmp / path).write_text(text)
        (tmp / "tests/install").mkdir(parents=True, exist_ok=True)
        (tmp / ALLOW_FILE).write_text(allow)
        (tmp / BASELINE_FILE).write_text(baseline)
        buf = io.StringIO()
        failures = run(tmp, tmp / ALLOW_FILE, tmp / BASELINE_FILE, out=buf)
        return sorted({f.rule for f in failures}), failures, buf.getvalue(), tmp

    cases = []

    def case(name, tree, expect, allow="", baseline="", note=None):
        rules, failures, text, tmp = verdict(tree, allow, baseline)
        if (note is not None) != ("note:" in text) or (note and note not in text):
            rules = rules + ["note expected: %s" % note]
        cases.append((name, rules, expect, text, tmp))

    inc = lambda *names: "".join('#include "%s"\n' % n for n in names)
    # resolution: own folder, root, public, comments and <...> ignored
    case("resolve-clean", {
        "include/acl/acl.h": "", "core/err.h": "", "core/a.c": inc("err.h", "acl/acl.h") +
        "/* #include \"ops/x.h\" */\n// #include \"ops/x.h\"\n#include <ops/x.h>\n",
        "ops/x.h": ""}, [])
    case("resolve-outside", {"tools/a.c": inc("ggml.h")}, [], note='"ggml.h" is no file')
    case("resolve-relative", {"core/stream/a.c": inc("../../ops/ops.h"), "ops/ops.h": ""},
         ["layering"])
    case("resolve-test-helpers", {"tests/rt/t.c": inc("acltest.h", "testutil.h"),
                                  "tests/core/acltest.h": "", "tests/testutil.h": ""}, [])
    # (a) layering
    case("layering-down", {"ops/a.c": inc("core/err.h", "base/b.h"),
                           "core/err.h": inc("sched/s.h"), "sched/s.h": "", "base/b.h": ""}, [])
    case("layering-up", {"core/a.c": inc("ops/ops.h"), "ops/ops.h": ""}, ["layering"])
    case("layering-peer", {"sched/a.c": inc("mem/m.h"), "mem/m.h": ""}, ["layering"])
    case("layering-tests", {"core/a.c": inc("tests/t.h"), "tests/t.h": ""}, ["layering"])
    case("layering-nolayer", {"newdir/a.c": inc("core/err.h"), "core/err.h": ""}, ["layering"])
    # (b) private headers
    case("private-same-room", {"core/model/a.c": inc("core/model/cap_pvt.h"),
                               "core/model/cap_pvt.h": "",
                               "core/model/b.c": inc("internal/x.h"),
                               "core/model/internal/x.h": ""}, [])
    case("private-other-room", {"core/stream/a.c": inc("core/model/cap_pvt.h"),
                                "core/model/cap_pvt.h": ""}, ["private"])
    case("private-internal", {"core/stream/a.c": inc("core/model/internal/x.h"),
                              "core/model/internal/x.h": ""}, ["private"])
    case("private-top-pvt", {"graph/a.c": inc("hccl/h_pvt.h"), "hccl/h_pvt.h": ""},
         ["layering", "private"])
    case("sealed-interface", {"ops/a.c": inc("core/launch.h"), "core/launch.h": "",
                              "graph/g.c": inc("core/err.h"), "core/err.h": ""}, [])
    case("sealed-concept", {"ops/a.c": inc("core/stream/stream.h"),
                            "core/stream/stream.h": ""}, ["private"])
    # (c) tests
    case("tests-clean", {"tests/x/t.c": inc("testutil.h", "core/launch.h", "ops/ops.h",
                                            "acl/acl.h", "../y/h.h"),
                         "tests/testutil.h": "", "tests/y/h.h": "", "core/launch.h": "",
                         "ops/ops.h": "", "include/acl/acl.h": ""}, [])
    case("tests-concept", {"tests/x/t.c": inc("core/stream/stream.h"),
                           "core/stream/stream.h": ""}, ["tests"])
    case("tests-model", {"tests/mem/t.c": inc("mem/m.h"), "mem/m.h": ""}, ["tests"])
    case("tests-allowed", {"tests/mem/t.c": inc("mem/m.h"), "mem/m.h": ""}, [],
         allow="tests/mem/ -> mem/  # tests/mem tests the allocator itself\n")
    case("tests-allow-stale", {"tests/mem/t.c": inc("testutil.h"), "tests/testutil.h": ""},
         ["tests"], allow="tests/mem/ -> mem/  # tests/mem tests the allocator itself\n")
    case("tests-allow-noreason", {"tests/mem/t.c": inc("mem/m.h"), "mem/m.h": ""},
         ["tests"], allow="tests/mem/ -> mem/\n")
    # (d) cycles inside core/, inside ops/, between top-level folders
    loop = {"core/stream/s.c": inc("core/model/m.h"), "core/model/m.h": "",
            "core/model/m.c": inc("core/stream/s.h"), "core/stream/s.h": ""}
    case("cycle-core", loop, ["cycle"])
    case("cycle-core-baseline", loop, [],
         baseline="core/stream -> core/model  # capture hooks, split later\n")
    case("cycle-baseline-gone", {"core/stream/s.c": inc("core/model/m.h"),
                                 "core/model/m.h": ""}, ["cycle"],
         baseline="core/stream -> core/model  # capture hooks, split later\n")
    case("cycle-baseline-missing-edge", loop, ["cycle"],
         baseline="core/stream -> core/model  # ok\ncore/event -> core/model  # gone\n")
    case("cycle-ops", {"ops/engine/e.c": inc("ops/family/f.h"), "ops/family/f.h": "",
                       "ops/family/f.c": inc("ops/engine/e.h"), "ops/engine/e.h": ""},
         ["cycle"])
    case("cycle-ops-clean", {"ops/engine/e.c": inc("ops/family/f.h"), "ops/family/f.h": "",
                             "ops/family/f.c": inc("ops/ops.h"), "ops/ops.h": ""}, [])
    case("cycle-interface", {"core/launch.h": inc("core/stream/task.h"),
                             "core/stream/task.h": inc("core/err.h"), "core/err.h": ""},
         ["cycle"])
    case("cycle-top-peers", {"bench/a.c": inc("tools/t.h"), "tools/t.h": "",
                             "tools/t.c": inc("bench/b.h"), "bench/b.h": ""},
         ["cycle", "layering"])

    bad = []
    for name, rules, expect, text, tmp in cases:
        if rules != sorted(expect):
            bad.append("%s: expected %s, got %s\n%s" % (name, expect, rules, text))

    # --update-baseline keeps reasons of edges still needed, adds new ones,
    # drops the stale; the result passes.
    tmp = pathlib.Path(tempfile.mkdtemp(prefix="check_includes."))
    tree = dict(loop)
    tree.update({"core/event/e.c": inc("core/host/h.h"), "core/host/h.h": "",
                 "core/host/h.c": inc("core/event/e.h", "core/event/e.h"),
                 "core/event/e.h": ""})
    for path, text in tree.items():
        (tmp / path).parent.mkdir(parents=True, exist_ok=True)
        (tmp / path).write_text(text)
    (tmp / "tests/install").mkdir(parents=True)
    base = tmp / BASELINE_FILE
    base.write_text("core/stream -> core/model  # capture hooks\n"
                    "core/ipc -> core/model  # gone\n")
    _, includes, _ = scan(tmp)
    update_baseline(tmp, includes, base)
    got = [l for l in base.read_text().splitlines() if l and not l.startswith("#")]
    want = ["core/event -> core/host  # 1 include line; (reason to be written)",
            "core/stream -> core/model  # capture hooks"]
    if got != want:
        bad.append("update-baseline: expected %s, got %s" % (want, got))
    if check_cycles(tmp, includes, base):
        bad.append("update-baseline: the rewritten baseline does not pass")
    text = room_cycles(includes, "core", base)
    for needle in ("core/model/m.c:1:", "core/stream/s.c:1:", "(baseline)",
                   "cycle: core/event -> core/host -> core/event", "core/host/h.c:2:"):
        if needle not in text:
            bad.append("room-cycles: %r missing from\n%s" % (needle, text))
    cases.append(("update-baseline", None, None, None, tmp))

    for *_, tmp in cases:
        shutil.rmtree(tmp, ignore_errors=True)
    for b in bad:
        print("FAIL " + b)
    print("self-test: %d cases, %d failed" % (len(cases), len(bad)))
    return 1 if bad else 0


# ---------------------------------------------------------------- main

def main(argv):
    p = argparse.ArgumentParser(description=__doc__,
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--root", type=pathlib.Path, default=ROOT,
                   help="the source tree (default: the one this script is in)")
    p.add_argument("--dot", metavar="FILE", help="write the room graph for Graphviz")
    p.add_argument("--allow", type=pathlib.Path, help="default: ROOT/" + ALLOW_FILE)
    p.add_argument("--baseline", type=pathlib.Path, help="default: ROOT/" + BASELINE_FILE)
    p.add_argument("--update-baseline", action="store_true")
    p.add_argument("--room-cycles", metavar="ROOMDIR")
    p.add_argument("--self-test", action="store_true")
    args = p.parse_args(argv[1:])
    if args.self_test:
        return self_test()
    root = args.root.resolve()
    allow = args.allow or root / ALLOW_FILE
    baseline = args.baseline or root / BASELINE_FILE
    if args.room_cycles is not None:
        _, includes, _ = scan(root)
        print(room_cycles(includes, args.room_cycles, baseline))
        return 0
    if args.update_baseline:
        _, includes, _ = scan(root)
        n = update_baseline(root, includes, baseline)
        print("%s: %d edges" % (rel(root, baseline), n))
        return 0
    return 1 if run(root, allow, baseline, args.dot) else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
