#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Check the elementwise family's declaration list (ops/elementwise/table.h:
EW_UNARY_OPS, EW_BINARY_OPS and the binary kernel lists) against what it must
agree with:

- each row's header include/aclnnop/aclnn_<header>.h declares exactly the
  entry points the rows naming it generate (aclnn<X>GetWorkspaceSize and
  aclnn<X> for every form; unary.c and binary.c define what the rows say, so
  a header declaring more names a missing symbol, one declaring less an
  exported function without a prototype);
- ops/engine/public.h includes that header (the library's definitions are
  then checked against the declarations by -Wmissing-prototypes);
- every operator row's kernel and every int64 kernel has a float kernel row;
- docs/operators.md, sections "Elementwise unary operators" and "Elementwise
  binary operators", have one row per operator, in the list's order,
  starting as --rows prints (names, header; for unary rows also the types
  the masks accept), and no other row.

Usage: check_table.py [--root DIR] [--rows]
  --rows  print the docs rows' generated columns instead of checking.
Exit status 0 when everything agrees; otherwise every disagreement is printed.
"""
import argparse
import os
import re
import sys

DT_NAMES = ["FLOAT", "FLOAT16", "BFLOAT16", "DOUBLE", "INT8", "UINT8", "INT16", "INT32", "INT64",
            "BOOL"]
DT_ENUM = ["DT_F32", "DT_F16", "DT_BF16", "DT_F64", "DT_I8", "DT_U8", "DT_I16", "DT_I32",
           "DT_I64", "DT_BOOL"]
SECTION = "## Elementwise unary operators"
BIN_SECTION = "## Elementwise binary operators"


def logical_lines(text):
    """The source with backslash-continued lines joined."""
    return text.replace("\\\n", " ")


def mask_defines(*texts):
    """#define NAME <mask expression> for the DTM_* / EW_DTM_* masks."""
    defs = {}
    for text in texts:
        for m in re.finditer(r"^#define ((?:EW_)?DTM_\w+) (.*)$", logical_lines(text), re.M):
            defs[m.group(1)] = re.sub(r"/\*.*?\*/", "", m.group(2)).strip()
    return defs


def eval_mask(expr, defs, depth=0):
    if depth > 10:
        raise ValueError("mask definitions nest too deep: " + expr)
    def dtm(m):
        return str(1 << DT_ENUM.index(m.group(1)))
    expr = re.sub(r"DTM\((DT_\w+)\)", dtm, expr)
    expr = re.sub(r"\b((?:EW_)?DTM_\w+)\b",
                  lambda m: "(%d)" % eval_mask(defs[m.group(1)], defs, depth + 1), expr)
    if not re.fullmatch(r"[\d\s|()]+", expr):
        raise ValueError("cannot read the mask " + expr)
    return eval(expr)  # digits, '|' and parentheses only (checked above)


def types_text(mask):
    names = [n for i, n in enumerate(DT_NAMES) if mask & (1 << i)]
    return ", ".join(names)


def split_args(s):
    """Split a macro argument list at the top-level commas."""
    out, depth, cur = [], 0, ""
    for ch in s:
        if ch == "," and depth == 0:
            out.append(cur.strip())
            cur = ""
            continue
        depth += ch == "("
        depth -= ch == ")"
        cur += ch
    out.append(cur.strip())
    return out


def list_rows(table_text, macro):
    text = logical_lines(table_text)
    body = re.search(r"#define %s\(X\)(.*?)\n" % macro, text, re.S)
    if not body:
        raise ValueError("no %s in the table" % macro)
    rows, s, i = [], body.group(1), 0
    while True:
        j = s.find("X(", i)
        if j < 0:
            return rows
        depth, k = 0, j + 1
        while True:
            depth += s[k] == "("
            depth -= s[k] == ")"
            if depth == 0:
                break
            k += 1
        rows.append(split_args(s[j + 2:k]))
        i = k + 1


def doc_row(r, defs):
    name, header, forms, in_m, out_m, inpl_m = r[0], r[1], r[2], r[3], r[4], r[5]
    names = name + (", Inplace" + name if forms == "EW_INPLACE" else "")
    t = "self " + types_text(eval_mask(in_m, defs)) + "; out " + types_text(eval_mask(out_m, defs))
    if forms == "EW_INPLACE":
        t += "; selfRef " + types_text(eval_mask(inpl_m, defs))
    return "| %s (`aclnn_%s.h`) | %s |" % (names, header, t)


BIN_FORMS = {
    "EW_B4": ["%s", "%ss", "Inplace%s", "Inplace%ss"],
    "EW_TT": ["%s"],
    "EW_TT_INPLACE": ["%s", "Inplace%s"],
    "EW_TS_INPLACE": ["%s", "Inplace%s"],
    "EW_ST": ["%s"],
}


def entry_names(kind, r):
    """The entry points (without aclnn) a unary or binary row generates."""
    if kind == "unary":
        return [r[0]] + (["Inplace" + r[0]] if r[2] == "EW_INPLACE" else [])
    return [f % r[0] for f in BIN_FORMS.get(r[2], [])]


def bin_doc_row(r):
    return "| %s (`aclnn_%s.h`) |" % (", ".join(entry_names("binary", r)), r[1])


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--root", default=os.path.join(os.path.dirname(__file__), "..", ".."))
    ap.add_argument("--rows", action="store_true")
    a = ap.parse_args()
    root = a.root
    read = lambda p: open(os.path.join(root, p), encoding="utf-8").read()
    table = read("ops/elementwise/table.h")
    defs = mask_defines(read("ops/engine/engine.h"), table)
    rows = list_rows(table, "EW_UNARY_OPS")
    brows = list_rows(table, "EW_BINARY_OPS")
    if a.rows:
        for r in rows:
            print(doc_row(r, defs))
        print()
        for r in brows:
            print(bin_doc_row(r))
        return 0
    errs = []
    public = read("ops/engine/public.h")
    by_header = {}
    for kind, rs, ncol, forms in (("unary", rows, 9, ("EW_OUT", "EW_INPLACE")),
                                  ("binary", brows, 9, tuple(BIN_FORMS))):
        for r in rs:
            if len(r) != ncol:
                errs.append("table.h: %s row %s has %d columns, not %d" % (kind, r[0], len(r), ncol))
                continue
            if r[2] not in forms:
                errs.append("table.h: %s: FORMS %s is not one of %s" % (r[0], r[2], ", ".join(forms)))
            by_header.setdefault(r[1], set()).update(entry_names(kind, r))
    kernels = [r[0] for r in list_rows(table, "EW_BINARY_KERNELS")]
    for r in list_rows(table, "EW_BINARY_I64_KERNELS"):
        if r[0] not in kernels:
            errs.append("table.h: int64 kernel %s has no EW_BINARY_KERNELS row" % r[0])
    for r in brows:
        if len(r) == 9 and r[4] not in kernels:
            errs.append("table.h: %s: kernel %s has no EW_BINARY_KERNELS row" % (r[0], r[4]))
    for header, names in sorted(by_header.items()):
        hp = "include/aclnnop/aclnn_%s.h" % header
        if not os.path.exists(os.path.join(root, hp)):
            errs.append("no header %s (for %s)" % (hp, ", ".join(sorted(names))))
            continue
        h = read(hp)
        declared = set(re.findall(r"\baclnn(\w+)GetWorkspaceSize\(", h))
        for n in sorted(names - declared):
            errs.append("%s does not declare aclnn%sGetWorkspaceSize (table.h generates it)"
                        % (hp, n))
        for n in sorted(declared - names):
            errs.append("%s declares aclnn%sGetWorkspaceSize, which no table.h row generates"
                        % (hp, n))
        for n in sorted(names & declared):
            if not re.search(r"\baclnn%s\(" % n, h):
                errs.append("%s does not declare aclnn%s" % (hp, n))
        if '#include "aclnnop/aclnn_%s.h"' % header not in public:
            errs.append("ops/engine/public.h does not include aclnnop/aclnn_%s.h" % header)
    doc = read("docs/operators.md")
    for section, want in ((SECTION, [doc_row(r, defs) for r in rows]),
                          (BIN_SECTION, [bin_doc_row(r) for r in brows])):
        if section not in doc:
            errs.append("docs/operators.md has no section '%s'" % section)
            continue
        sec = doc.split(section, 1)[1].split("\n## ", 1)[0]
        lines = [l for l in sec.splitlines()
                 if l.startswith("| ") and not l.startswith("| Operator") and "---" not in l]
        for k, w in enumerate(want):
            if k >= len(lines) or not lines[k].startswith(w):
                errs.append("docs/operators.md, %s: row %d should start with: %s"
                            % (section[3:], k + 1, w))
        for extra in lines[len(want):]:
            errs.append("docs/operators.md, %s: row not in the table: %s" % (section[3:], extra[:60]))
    for e in errs:
        print(e)
    print("ops_table: %d unary and %d binary operator rows, %d disagreements"
          % (len(rows), len(brows), len(errs)))
    return 1 if errs else 0


if __name__ == "__main__":
    sys.exit(main())
