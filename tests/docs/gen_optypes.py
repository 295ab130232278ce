#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""docs/optypes.md from ops/proto/table.h: the operator types (CANN IR) cpuacl runs.

The table is the one list of operator types (GE graphs, aclop, offline models); this
script reads its rows and writes the page listing every type with its inputs, outputs,
attributes (type and default) and the data types of its first input. The ctest
doc_optypes runs it with --check: the committed page must equal what the table gives.

    gen_optypes.py [--check|--write] [SOURCE_DIR]
"""
import pathlib
import re
import sys

args = [a for a in sys.argv[1:] if not a.startswith('--')]
root = pathlib.Path(args[0] if args else '.')
TABLE = root / 'ops/proto/table.h'
ENGINE = root / 'ops/engine/engine.h'
PAGE = root / 'docs/optypes.md'

# ops/engine/engine.h's dense type index, in enum order, as AscendCL names them.
DT_NAMES = {'DT_F32': 'float32', 'DT_F16': 'float16', 'DT_BF16': 'bfloat16',
            'DT_F64': 'float64', 'DT_I8': 'int8', 'DT_U8': 'uint8', 'DT_I16': 'int16',
            'DT_I32': 'int32', 'DT_I64': 'int64', 'DT_BOOL': 'bool', 'DT_U16': 'uint16',
            'DT_U32': 'uint32', 'DT_U64': 'uint64'}


def split_args(s):
    """Top-level comma-separated items of s (parentheses and quotes respected)."""
    out, depth, cur, quote = [], 0, '', False
    for c in s:
        if c == '"':
            quote = not quote
        elif not quote and c == '(':
            depth += 1
        elif not quote and c == ')':
            depth -= 1
        if c == ',' and depth == 0 and not quote:
            out.append(cur.strip())
            cur = ''
        else:
            cur += c
    if cur.strip():
        out.append(cur.strip())
    return out


def inner(s, name):
    m = re.fullmatch(name + r'\((.*)\)', s.strip(), re.S)
    if not m:
        raise ValueError(f'expected {name}(...), got {s!r}')
    return m.group(1)


def masks():
    """DTM_* macro name -> set of DT_* names, from engine.h."""
    src = ENGINE.read_text()
    order = re.search(r'enum ops_dt \{(.*?)\}', src, re.S).group(1)
    order = re.sub(r'/\*.*?\*/', '', order, flags=re.S)  # the enum's comments
    dts = [t.strip() for t in order.split(',') if t.strip().startswith('DT_') and
           '=' not in t and t.strip() != 'DT_COUNT']
    defs = dict(re.findall(r'#define (DTM_\w+) (\(.*?\))\s*(?:/\*.*)?$', src, re.M))
    cache = {}

    def ev(expr):
        expr = expr.strip()
        while expr.startswith('(') and expr.endswith(')') and balanced(expr[1:-1]):
            expr = expr[1:-1].strip()
        parts = [p.strip() for p in split_bar(expr)]
        if len(parts) > 1:
            return set().union(*(ev(p) for p in parts))
        m = re.fullmatch(r'DTM\((DT_\w+)\)', expr)
        if m:
            return {m.group(1)}
        if expr in defs:
            if expr not in cache:
                cache[expr] = ev(defs[expr])
            return cache[expr]
        raise ValueError(f'unknown dtype mask {expr!r}')
    return dts, ev


def balanced(s):
    d = 0
    for c in s:
        d += {'(': 1, ')': -1}.get(c, 0)
        if d < 0:
            return False
    return d == 0


def split_bar(s):
    out, depth, cur = [], 0, ''
    for c in s:
        depth += {'(': 1, ')': -1}.get(c, 0)
        if c == '|' and depth == 0:
            out.append(cur)
            cur = ''
        else:
            cur += c
    out.append(cur)
    return out


def rows():
    out = []
    for line in TABLE.read_text().splitlines():
        line = line.strip()
        if not line.startswith('X('):
            continue
        f = split_args(inner(line, 'X'))
        if len(f) != 7:
            raise ValueError(f'row with {len(f)} fields: {line}')
        ins = [a.strip('"') for a in split_args(inner(f[1], 'IN'))]
        outs = [a.strip('"') for a in split_args(inner(f[2], 'OUT'))]
        attrs = []
        for a in split_args(inner(f[3], 'ATTRS')):
            m = re.fullmatch(r'([AR])\((\w+),\s*(\w+)(?:,\s*"(.*)")?\)', a)
            if not m:
                raise ValueError(f'bad attribute {a!r} in {line}')
            attrs.append((m.group(2), m.group(3).lower(), m.group(1) == 'R', m.group(4)))
        out.append(dict(type=f[0], ins=ins, outs=outs, attrs=attrs, dt=f[4], rule=f[5],
                        kernel=f[6]))
    return out


def input_text(name):
    kinds = {'?': ' (optional)', '*': ' (dynamic: one or more)', '#': ' (value on the host: const)'}
    if name.endswith('#?'):
        return f'`{name[:-2]}` (optional; value on the host: const)'
    if name and name[-1] in kinds:
        return f'`{name[:-1]}`{kinds[name[-1]]}'
    return f'`{name}`'


def attr_text(a):
    name, typ, req, dflt = a
    if req:
        return f'`{name}` {typ}, required'
    shown = dflt if dflt != '' else '(empty)'
    return f'`{name}` {typ} = `{shown}`'


def page():
    dts, ev = masks()
    rs = rows()
    lines = [
        '# Operator types (CANN IR) that cpuacl runs',
        '',
        'Generated from `ops/proto/table.h` by `tests/docs/gen_optypes.py --write` (ctest',
        '`doc_optypes` checks that this page matches the table). The table is the one list of',
        'operator types: a type listed here runs as a GE graph node ([graph.md](graph.md)) and',
        'by `aclopExecuteV2` and its family ([op.md](op.md)) under its CANN name, with the',
        'inputs, outputs and attributes of its IR definition (ops-math / ops-nn `op_proto`).',
        '',
        'Inputs: *optional* inputs may be absent (aclop: a description of `ACL_DT_UNDEFINED`',
        'and a buffer `(NULL, 0)`); a *dynamic* input takes one or more tensors; a *const*',
        'input\'s value must be on the host when the operator is prepared (aclop:',
        '`aclSetTensorConst`, or a host-placed buffer; GE: a `Const` node). Attributes without',
        'a default are required; a missing one, or one of another type, is',
        '`ACL_ERROR_OP_ATTR_NOT_MATCH` (aclop). Data types: those of the first input; the other',
        'inputs follow the operator\'s rule (the same type, or an index type). A *dynamic*',
        'output has as many entries as the node\'s outputs leave to it (aclop: the output',
        'count; GE: `create_dynamic_output_y(n)`), at most 4 outputs in all.',
        '',
        f'{len(rs)} types.',
        '',
        '| type | inputs | outputs | attributes | data types (first input) |',
        '| --- | --- | --- | --- | --- |',
    ]
    for r in rs:
        types = ev(r['dt'])
        dt = ', '.join(DT_NAMES[d] for d in dts if d in types)
        ins = ', '.join(input_text(i) for i in r['ins'])
        outs = ', '.join(f'`{o[:-1]}` (dynamic: one or more)' if o.endswith('*') else f'`{o}`'
                         for o in r['outs'])
        attrs = '; '.join(attr_text(a) for a in r['attrs']) or '-'
        lines.append(f'| `{r["type"]}` | {ins} | {outs} | {attrs} | {dt} |')
    return '\n'.join(lines) + '\n'


def main():
    text = page()
    if '--write' in sys.argv[1:]:
        PAGE.write_text(text)
        print(f'wrote {PAGE}')
        return 0
    if not PAGE.exists() or PAGE.read_text() != text:
        print(f'{PAGE} does not match {TABLE}: run tests/docs/gen_optypes.py --write')
        return 1
    print(f'{PAGE}: {text.count(chr(10)) - 19} types, matches the table')
    return 0


if __name__ == '__main__':
    sys.exit(main())
