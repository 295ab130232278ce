#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Invariant labels: unique across the tree, every one in docs/invariants.md.

A label (T1, SD3, VM4, ...) is defined where a comment line starts with it and a
period ("*  T1. Unlink before ..."), or where a comment line's heading names it
("* Synchronous accesses (M1). ..."), or, in docs/*.md, by a bullet that opens with
it in bold ("- **SD1 tag.** ..."). Everything else that names a label is a reference.

Fails (exit 1) when
  - a label is defined in two files (unless docs/invariants.md lists it under
    "Clashes pending", which only warns; --strict fails on those too),
  - a defined label has no row in the index of docs/invariants.md,
  - the index names a label that nothing defines,
  - an index row's file exists and does not define its label.
An index row whose file does not exist warns (--strict: fails): the index records
files by the paths of the rooms layout, which a tree may not have yet.

usage: check_labels.py [ROOT] [--strict] [--inventory]
"""
import os
import re
import sys

LABEL = r'[A-Z]{1,3}[0-9]{1,2}'
C_DEF = re.compile(r'^\s*(?:/\*+|\*|//)\s*(' + LABEL + r')\.\s')
C_HEAD = re.compile(r'^\s*\*\s+[A-Z][^()\n]*\((' + LABEL + r')\)\.\s')
PY_DEF = re.compile(r'^\s*#\s*(' + LABEL + r')\.\s')
MD_DEF = re.compile(r'^\s*[-*]\s+\*\*(' + LABEL + r')\b')
ROW = re.compile(r'^\|\s*`?(' + LABEL + r')`?\s*\|(.*)\|\s*$')
CODE_DIRS = ('base', 'bench', 'blas', 'core', 'fft', 'graph', 'hccl', 'include', 'mem',
             'ops', 'python', 'sched', 'solver', 'sparse', 'tests', 'tools')
C_EXT = ('.c', '.h', '.cc', '.cpp', '.hpp', '.inc')
INDEX = 'docs/invariants.md'


def definitions(root):
    """{label: {path: (line, text)}} for every definition in the tree."""
    defs = {}

    def add(label, path, n, text):
        defs.setdefault(label, {}).setdefault(path, (n, text.strip()))

    for top in CODE_DIRS:
        for dirpath, dirnames, files in os.walk(os.path.join(root, top)):
            dirnames[:] = sorted(d for d in dirnames if d not in ('build', '__pycache__'))
            for f in sorted(files):
                full = os.path.join(dirpath, f)
                rel = os.path.relpath(full, root)
                if f.endswith(C_EXT):
                    pats = (C_DEF, C_HEAD)
                elif f.endswith('.py'):
                    pats = (PY_DEF,)
                else:
                    continue
                with open(full, encoding='utf-8', errors='replace') as fh:
                    for n, line in enumerate(fh, 1):
                        for p in pats:
                            m = p.match(line)
                            if m:
                                add(m.group(1), rel, n, line)
                                break
    docs = os.path.join(root, 'docs')
    for f in sorted(os.listdir(docs)):
        rel = 'docs/' + f
        if not f.endswith('.md') or rel == INDEX:
            continue
        with open(os.path.join(docs, f), encoding='utf-8') as fh:
            for n, line in enumerate(fh, 1):
                m = MD_DEF.match(line)
                if m:
                    add(m.group(1), rel, n, line)
    return defs


def read_index(root):
    """(rows, pending): rows = [(label, path)], pending = {label}."""
    rows, pending, section = [], set(), ''
    with open(os.path.join(root, INDEX), encoding='utf-8') as fh:
        for line in fh:
            if line.startswith('## '):
                section = line[3:].strip().lower()
                continue
            m = ROW.match(line)
            if not m:
                continue
            cells = [c.strip() for c in m.group(2).split('|')]
            if section.startswith('clashes pending'):
                pending.add(m.group(1))
                continue
            paths = re.findall(r'`([^`]+)`', cells[-1]) if cells else []
            rows.append((m.group(1), paths[0] if paths else ''))
    return rows, pending


def main(argv):
    args = [a for a in argv[1:] if not a.startswith('--')]
    strict = '--strict' in argv
    here = os.path.dirname(os.path.abspath(__file__))
    root = os.path.abspath(args[0]) if args else os.path.dirname(os.path.dirname(here))
    defs = definitions(root)
    if '--inventory' in argv:
        for label in sorted(defs):
            for path, (n, text) in sorted(defs[label].items()):
                print('%s\t%s:%d\t%s' % (label, path, n, text))
        return 0
    rows, pending = read_index(root)
    errors, warnings = [], []
    for label, where in sorted(defs.items()):
        if len(where) > 1:
            msg = 'label %s defined in %d files: %s' % (
                label, len(where), ', '.join('%s:%d' % (p, where[p][0]) for p in sorted(where)))
            (warnings if label in pending and not strict else errors).append(msg)
    indexed = {}
    for label, path in rows:
        indexed.setdefault(label, []).append(path)
    for label, where in sorted(defs.items()):
        got = len(indexed.get(label, []))
        if got == 0:
            errors.append('label %s (%s) is not in %s' % (label, ', '.join(sorted(where)), INDEX))
        elif got < len(where):
            errors.append('label %s is defined in %d files, %s has %d row(s)'
                          % (label, len(where), INDEX, got))
    for label, paths in sorted(indexed.items()):
        if label not in defs:
            errors.append('%s names %s, which nothing defines' % (INDEX, label))
            continue
        for path in paths:
            if not path:
                errors.append('%s: row %s names no file' % (INDEX, label))
            elif not os.path.exists(os.path.join(root, path)):
                (errors if strict else warnings).append(
                    '%s: %s names %s, which does not exist (yet)' % (INDEX, label, path))
            elif path not in defs[label]:
                errors.append('%s: %s names %s, which does not define it (defined in %s)'
                              % (INDEX, label, path, ', '.join(sorted(defs[label]))))
    for label in sorted(pending - set(defs)):
        errors.append('%s lists %s as a pending clash, but nothing defines it' % (INDEX, label))
    for label in sorted(l for l in pending if len(defs.get(l, ())) == 1):
        warnings.append('%s lists %s as a pending clash, but only %s defines it now: delete the row'
                        % (INDEX, label, next(iter(defs[label]))))
    for w in warnings:
        print('warning: ' + w)
    for e in errors:
        print('error: ' + e)
    print('%d labels defined, %d index rows, %d warnings, %d errors'
          % (len(defs), len(rows), len(warnings), len(errors)))
    return 1 if errors else 0


if __name__ == '__main__':
    sys.exit(main(sys.argv))
