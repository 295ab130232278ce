#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Every relative link of README.md and docs/*.md resolves: the file exists and, for
`file.md#anchor`, the file has a heading with that anchor (GitHub's rule: lower case,
punctuation dropped, spaces to hyphens, "-1", "-2" ... for repeats).

usage: check_links.py [ROOT]
"""
import os
import re
import sys

LINK = re.compile(r'\[[^\]]*\]\(([^)\s]+)\)')
FENCE = re.compile(r'^\s*```')


def anchors(path):
    seen, out, fenced = {}, set(), False
    with open(path, encoding='utf-8') as fh:
        for line in fh:
            if FENCE.match(line):
                fenced = not fenced
            if fenced or not line.startswith('#'):
                continue
            text = line.lstrip('#').strip().lower()
            slug = re.sub(r'[^\w\- ]', '', text.replace('`', '')).replace(' ', '-')
            n = seen.get(slug, 0)
            seen[slug] = n + 1
            out.add(slug if n == 0 else '%s-%d' % (slug, n))
    return out


def main(argv):
    here = os.path.dirname(os.path.abspath(__file__))
    root = os.path.abspath(argv[1]) if len(argv) > 1 else os.path.dirname(os.path.dirname(here))
    files = ['README.md'] + ['docs/' + f for f in sorted(os.listdir(os.path.join(root, 'docs')))
                             if f.endswith('.md')]
    errors, nlinks = [], 0
    for rel in files:
        base = os.path.dirname(os.path.join(root, rel))
        fenced = False
        with open(os.path.join(root, rel), encoding='utf-8') as fh:
            for n, line in enumerate(fh, 1):
                if FENCE.match(line):
                    fenced = not fenced
                if fenced:
                    continue
                for target in LINK.findall(line):
                    if re.match(r'^[a-z]+:', target):
                        continue
                    nlinks += 1
                    path, _, anchor = target.partition('#')
                    full = os.path.normpath(os.path.join(base, path)) if path else \
                        os.path.join(root, rel)
                    if not os.path.exists(full):
                        errors.append('%s:%d: %s: no such file' % (rel, n, target))
                    elif anchor and full.endswith('.md') and anchor not in anchors(full):
                        errors.append('%s:%d: %s: no such heading' % (rel, n, target))
    for e in errors:
        print('error: ' + e)
    print('%d relative links in %d files, %d broken' % (nlinks, len(files), len(errors)))
    return 1 if errors else 0


if __name__ == '__main__':
    sys.exit(main(sys.argv))
