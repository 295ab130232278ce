#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Check the elementwise family's declaration list (ops/elementwise/table.h,
EW_UNARY_OPS) against what it must agree with:

- include/aclnnop/aclnn_<header>.h declares aclnn<Name>GetWorkspaceSize and
  aclnn<Name>, plus the aclnnInplace<Name> pair exactly when the row's FORMS
  is EW_INPLACE (unary.c defines what the row says, so a header that
  declares more names a missing symbol);
- ops/engine/public.h includes that header (the library's definitions are
  then checked against the declarations by -Wmissing-prototypes);
- docs/operators.md, section "Elementwise unary operators", has one row per
  operator, in the list's order, starting with the name(s), the header and
  the types the row's masks accept (as --rows prints them), and no other row.

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


def unary_rows(table_text):
    text = logical_lines(table_text)
    body = re.search(r"#define EW_UNARY_OPS\(X\)(.*?)\n", text, re.S)
    if not body:
        raise ValueError("no EW_UNARY_OPS in the table")
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


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--root", default=os.path.join(os.path.dirname(__file__), "..", ".."))
    ap.add_argument("--rows", action="store_true")
    a = ap.parse_args()
    root = a.root
    read = lambda p: open(os.path.join(root, p), encoding="utf-8").read()
    table = read("ops/elementwise/table.h")
    defs = mask_defines(read("ops/engine/engine.h"), table)
    rows = unary_rows(table)
    if a.rows:
        for r in rows:
            print(doc_row(r, defs))
        return 0
    errs = []
    public = read("ops/engine/public.h")
    for r in rows:
        if len(r) != 9:
            errs.append("table.h: row %s has %d columns, not 9" % (r[0], len(r)))
            continue
        name, header, forms = r[0], r[1], r[2]
        if forms not in ("EW_OUT", "EW_INPLACE"):
            errs.append("table.h: %s: FORMS %s is neither EW_OUT nor EW_INPLACE" % (name, forms))
        hp = "include/aclnnop/aclnn_%s.h" % header
        if not os.path.exists(os.path.join(root, hp)):
            errs.append("%s: no header %s" % (name, hp))
            continue
        h = read(hp)
        for fn in ("aclnn%sGetWorkspaceSize" % name, "aclnn%s" % name):
            if not re.search(r"\b%s\(" % fn, h):
                errs.append("%s does not declare %s" % (hp, fn))
        inplace_declared = re.search(r"\baclnnInplace%sGetWorkspaceSize\(" % name, h)
        if forms == "EW_INPLACE" and not inplace_declared:
            errs.append("%s does not declare aclnnInplace%s (the row has EW_INPLACE)" % (hp, name))
        if forms == "EW_OUT" and inplace_declared:
            errs.append("%s declares aclnnInplace%s, which the row (EW_OUT) does not generate"
                        % (hp, name))
        if '#include "aclnnop/aclnn_%s.h"' % header not in public:
            errs.append("ops/engine/public.h does not include aclnnop/aclnn_%s.h" % header)
    doc = read("docs/operators.md")
    if SECTION not in doc:
        errs.append("docs/operators.md has no section '%s'" % SECTION)
    else:
        sec = doc.split(SECTION, 1)[1].split("\n## ", 1)[0]
        lines = [l for l in sec.splitlines()
                 if l.startswith("| ") and not l.startswith("| Operator") and "---" not in l]
        want = [doc_row(r, defs) for r in rows]
        for k, w in enumerate(want):
            if k >= len(lines) or not lines[k].startswith(w):
                errs.append("docs/operators.md: row %d should start with: %s" % (k + 1, w))
        for extra in lines[len(want):]:
            errs.append("docs/operators.md: row not in the table: %s" % extra[:60])
    for e in errs:
        print(e)
    print("ops_table: %d unary operators, %d disagreements" % (len(rows), len(errs)))
    return 1 if errs else 0


if __name__ == "__main__":
    sys.exit(main())
