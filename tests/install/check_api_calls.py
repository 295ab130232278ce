#!/usr/bin/env python3
"""core/ in two layers (issue 26): an API surface over the object layer.

The surface is core/api/: one file per public header family, defining the entry points
(functions declared in include/acl/, include/cpuacl/, include/mstx/ and include/profiling/) and nothing else
but static helpers. The object layer is every other folder of core/. Rules:
  S1  every entry point core/ defines is defined in core/api/;
  S2  a core/api/ file defines no non-static function that is not an entry point, and
      core/api/ has no header: nothing can call into a surface file but the user;
  S3  no function of core/ calls an entry point core/ defines: a surface function calls
      the object layer only (core_* functions taking the API's name as fn, so an error
      inside reports the call the user made), never another entry point.
(securec's *_s functions are a library of their own, libc_sec, kept in core/runtime/.)

Prints each failure as file:line: rule: message and a line of counts; exits 1 on a
failure, 0 otherwise. --pending reports S1 per room without failing on it (for the
migration). Usage: check_api_calls.py [--pending] [SOURCE_DIR]"""
import pathlib
import re
import sys

args = [a for a in sys.argv[1:] if not a.startswith('--')]
pending = '--pending' in sys.argv[1:]
root = pathlib.Path(args[0] if args else '.')
PUBLIC = ('include/acl', 'include/cpuacl', 'include/mstx', 'include/profiling')


def strip(src):
    """src with comments and string/char literals blanked, newlines kept."""
    out = []
    i, n = 0, len(src)
    while i < n:
        c = src[i]
        if src.startswith('/*', i):
            j = src.find('*/', i + 2)
            j = n if j < 0 else j + 2
            out.append(re.sub(r'[^\n]', ' ', src[i:j]))
            i = j
        elif src.startswith('//', i):
            j = src.find('\n', i)
            j = n if j < 0 else j
            out.append(' ' * (j - i))
            i = j
        elif c in '"\'':
            j = i + 1
            while j < n and src[j] != c:
                j += 2 if src[j] == '\\' else 1
            out.append(c + re.sub(r'[^\n]', ' ', src[i + 1:j]) + c)
            i = j + 1
        else:
            out.append(c)
            i += 1
    return ''.join(out)


def public_names():
    names = set()
    for d in PUBLIC:
        for h in (root / d).rglob('*.h'):
            s = strip(h.read_text(errors='replace'))
            names.update(re.findall(r'\b((?:acl|cpuacl|mstx|Msprof)\w*)\s*\(', s))
    return names


def functions(path):
    """(name, static, start, end, text) of each top-level function body of path."""
    s = strip(path.read_text())
    out = []
    depth, start = 0, None
    for m in re.finditer(r'[{}]', s):
        if m.group() == '{':
            if depth == 0:
                cut = max(s.rfind(';', 0, m.start()), s.rfind('}', 0, m.start()))
                head = '\n'.join(l for l in s[cut + 1:m.start()].split('\n')
                                  if not l.lstrip().startswith('#'))
                hm = re.search(r'\b(\w+)\s*\([^()]*(?:\([^()]*\)[^()]*)*\)\s*$', head.strip(),
                               re.S)
                name = hm.group(1) if hm and '=' not in head.split('(')[0] else None
                static = bool(re.search(r'\bstatic\b', head))
                start = (m.start(), name, static)
            depth += 1
        else:
            depth -= 1
            if depth == 0 and start:
                if start[1] and start[1] not in ('if', 'for', 'while', 'switch'):
                    out.append((start[1], start[2], start[0], m.end(), s))
                start = None
    # Definitions a macro makes at file level: NAME(..., aclXxx, ...) outside any body and
    # outside #define lines (PROF_RECORD_GETTER(uint64_t, aclprofGetOpStart, 0)).
    top = list(s)
    for name, static, a, b, _ in out:
        top[a:b] = re.sub(r'[^\n]', ' ', s[a:b])
    top = ''.join(top)
    top = re.sub(r'^[ \t]*#.*(?:\\\n.*)*', lambda m: re.sub(r'[^\n]', ' ', m.group()), top,
                 flags=re.M)
    for m in re.finditer(r'^[ \t]*[A-Z][A-Z0-9_]*[ \t]*\(', top, re.M):
        depth, j = 0, m.end() - 1
        while j < len(top):  # the macro call's own parentheses, balanced
            depth += {'(': 1, ')': -1}.get(top[j], 0)
            if depth == 0:
                break
            j += 1
        if not re.match(r'[ \t]*;?[ \t]*(?:\n|$)', top[j + 1:]):
            continue
        for n in re.findall(r'\b((?:acl|cpuacl|mstx)\w*)\b', top[m.end():j]):
            out.append((n, False, m.start(), m.start(), s))
    return out


def line_of(s, pos):
    return s.count('\n', 0, pos) + 1


def main():
    public = public_names()
    files = sorted((root / 'core').rglob('*.c'))
    funcs = []
    for f in files:
        for name, static, a, b, s in functions(f):
            if a == b and name not in public:
                continue  # a macro's argument that names no entry point (a type, a constant)
            funcs.append((f, name, static, a, b, s))
    entry = {name for f, name, static, a, b, s in funcs if not static and name in public}
    failures = []
    outside = {}
    for f, name, static, a, b, s in funcs:
        rel = f.relative_to(root)
        in_api = rel.parts[1] == 'api'
        where = f'{rel}:{line_of(s, a)}'
        if name in entry and not static and not in_api:
            outside.setdefault(rel.parts[1], []).append(f'{where}: S1: {name} is an entry '
                                                        f'point outside core/api/')
        if in_api and not static and name not in entry:
            failures.append(f'{where}: S2: {name} is neither an entry point nor static')
        for m in re.finditer(r'\b((?:acl|cpuacl|mstx)\w*)\s*\(', s[a:b]):
            if m.group(1) in entry and m.group(1) != name:
                failures.append(f'{rel}:{line_of(s, a + m.start())}: S3: {name} calls the '
                                f'entry point {m.group(1)}')
    for h in sorted((root / 'core' / 'api').glob('*.h')):
        failures.append(f'{h.relative_to(root)}: S2: core/api/ has a header')
    if not pending:
        for room in sorted(outside):
            failures.extend(outside[room])
    for fl in failures:
        print(fl)
    if pending and outside:
        print('entry points still outside core/api/: ' +
              ', '.join(f'{r} {len(v)}' for r, v in sorted(outside.items())))
    n_api = sum(1 for f, name, static, a, b, s in funcs
                if name in entry and not static and f.relative_to(root).parts[1] == 'api')
    print(f'{len(funcs)} function bodies of core/ read, {len(entry)} entry points, {n_api} of '
          f'them in core/api/: {len(failures)} failure(s)')
    return 1 if failures else 0


if __name__ == '__main__':
    sys.exit(main())
