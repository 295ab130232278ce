#!/usr/bin/env python3
"""core/ calls no public entry point (issue 26): inside core/**/*.c, no function body calls an
acl* function that core/ defines. A public entry point checks its arguments, records errors
and calls the object layer (core_* functions taking the API's name as fn), so an error inside
reports the call the user made. Prints each offending call as file:line: caller -> callee and
exits 1 when there is one; 0 otherwise. Usage: check_api_calls.py [SOURCE_DIR]"""
import re, sys, pathlib
root = pathlib.Path(sys.argv[1] if len(sys.argv) > 1 else '.')
files = sorted((root / 'core').rglob('*.c'))

def strip(src):
    # blank comments and string/char literals, keep newlines
    out = []; i = 0; n = len(src)
    while i < n:
        c = src[i]
        if src.startswith('/*', i):
            j = src.find('*/', i + 2); j = n if j < 0 else j + 2
            out.append(re.sub(r'[^\n]', ' ', src[i:j])); i = j
        elif src.startswith('//', i):
            j = src.find('\n', i); j = n if j < 0 else j
            out.append(' ' * (j - i)); i = j
        elif c in '"\'':
            j = i + 1
            while j < n and src[j] != c:
                j += 2 if src[j] == '\\' else 1
            out.append(c + re.sub(r'[^\n]', ' ', src[i+1:j]) + c); i = j + 1
        else:
            out.append(c); i += 1
    return ''.join(out)

defre = re.compile(r'^[A-Za-z_][\w \*]*?\b(\w+)\s*\([^;{]*\)\s*(?:__attribute__\(\(.*?\)\)\s*)?\{', re.M | re.S)
defined = set(); funcs = []
for f in files:
    s = strip(f.read_text())
    # top-level bodies: find '{' at depth 0 preceded by a function header
    depth = 0; i = 0; start = None
    for m in re.finditer(r'[{}]', s):
        if m.group() == '{':
            if depth == 0:
                head = s[max(0, s.rfind(';', 0, m.start()), s.rfind('}', 0, m.start())) + 1:m.start()]
                hm = re.search(r'\b(\w+)\s*\([^()]*(?:\([^()]*\)[^()]*)*\)\s*$', head.strip(), re.S)
                name = hm.group(1) if hm and '=' not in head.split('(')[0] else None
                start = (m.start(), name)
            depth += 1
        else:
            depth -= 1
            if depth == 0 and start:
                if start[1]:
                    funcs.append((f, start[1], start[0], m.end(), s))
                    if re.match(r'acl', start[1]):
                        defined.add(start[1])
                start = None
hits = []
for f, name, a, b, s in funcs:
    for m in re.finditer(r'\b(acl\w+)\s*\(', s[a:b]):
        if m.group(1) in defined and m.group(1) != name:
            line = s.count('\n', 0, a + m.start()) + 1
            hits.append(f'{f.relative_to(root)}:{line}: {name} -> {m.group(1)}')
for h in hits:
    print(h)
print(f"{len(funcs)} function bodies of core/ read, {len(defined)} entry points: "
      f"{len(hits)} call(s) of an entry point from inside core/")
sys.exit(1 if hits else 0)
