#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Check the operators' declaration lists (each family folder's table.h) against
what must agree with them.

The lists: ops/elementwise/table.h (EW_UNARY_OPS, EW_BINARY_OPS with the
binary kernel lists, EW_OTHER_OPS, EW_NARY_OPS) and ops/<family>/table.h for the other
families, whose rows have the shape ops/engine/optable.h describes:
X(Name, header, FORMS, KINDS, DT, ARG2, DT2) (the foreach rows add two columns of their
own, SIG and KERN, which foreach.c checks by compiling).

- every header of include/aclnnop/ (aclnn_util.h aside) is claimed by the
  rows of exactly one family (a header that only includes another one is an
  alias of it and claims nothing);
- each header declares exactly the entry points its rows generate or declare
  (aclnn<X>GetWorkspaceSize and aclnn<X> for every form, or the one-phase
  function of an OPS_FUNC row), with the rows' parameter kinds (the unary and
  binary rows' kinds follow from their FORMS and EXTRA columns); a row's ARG2
  names one of its parameters;
- ops/engine/public.h includes each header (the library's definitions are
  then checked against the declarations by -Wmissing-prototypes);
- every aclnn function ops/ defines by name is declared by a row (or by
  include/aclnn/aclnn_base.h: aclnnInit, aclnnFinalize);
- the checks take their types from the rows: a row's OPS_DT_<Name> (and
  OPS_DT2_<Name> when it has an ARG2) is read by some ops/*.c (by name, or
  as OPS_DT_##Name in a file that expands the row's list);
- python/acl/_nn_ops.py (python/gen_tables.py) has every row's first phase
  with the row's kinds;
- every binary operator row's kernel and every int64 kernel has a float
  kernel row;
- docs/operators.md has, in each family's section, one row per operator in
  the order of its list(s), starting as --rows prints (names and header; the types
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
            "BOOL", "UINT16", "UINT32", "UINT64"]
DT_ENUM = ["DT_F32", "DT_F16", "DT_BF16", "DT_F64", "DT_I8", "DT_U8", "DT_I16", "DT_I32",
           "DT_I64", "DT_BOOL", "DT_U16", "DT_U32", "DT_U64"]

# (family, table, list macro, row shape, docs section)
FAMILIES = [
    ("elementwise", "ops/elementwise/table.h", "EW_UNARY_OPS", "unary",
     "## Elementwise unary operators"),
    ("elementwise", "ops/elementwise/table.h", "EW_BINARY_OPS", "binary",
     "## Elementwise binary operators"),
    ("elementwise", "ops/elementwise/table.h", "EW_OTHER_OPS", "generic",
     "## Elementwise comparisons, clamps, ternary and n-ary operators"),
    ("elementwise", "ops/elementwise/table.h", "EW_NARY_OPS", "generic",
     "## Elementwise comparisons, clamps, ternary and n-ary operators"),
    ("activation", "ops/activation/table.h", "ACT_OPS", "generic",
     "## Activations with parameters"),
    ("reduce", "ops/reduce/table.h", "REDUCE_OPS", "generic", "## Reductions"),
    ("norm", "ops/norm/table.h", "NORM_OPS", "generic", "## Normalisation and softmax"),
    ("loss", "ops/loss/table.h", "LOSS_OPS", "generic", "## Losses"),
    ("index", "ops/index/table.h", "INDEX_OPS", "generic", "## Index, gather and scatter"),
    ("shape", "ops/shape/table.h", "SHAPE_OPS", "generic", "## Shape, copy and fill"),
    ("matmul", "ops/matmul/table.h", "MATMUL_OPS", "generic", "## Matrix products"),
    ("linalg", "ops/linalg/table.h", "LINALG_OPS", "generic", "## Matrix decompositions, determinants and the inverse"),
    ("quant", "ops/quant/table.h", "QUANT_OPS", "generic", "## Quantisation"),
    ("attention", "ops/attention/table.h", "ATTN_OPS", "generic", "## Attention"),
    ("mc2", "ops/mc2/table.h", "MC2_OPS", "generic", "## Matmul with collectives (MC2)"),
    ("rnn", "ops/rnn/table.h", "RNN_OPS", "generic", "## Recurrent networks"),
    ("conv", "ops/conv/table.h", "CONV_OPS", "generic", "## Convolution"),
    ("pool", "ops/pool/table.h", "POOL_OPS", "generic", "## Pooling"),
    ("image", "ops/image/table.h", "IMAGE_OPS", "generic", "## Image resizing and upsampling"),
    ("sort", "ops/sort/table.h", "SORT_OPS", "generic", "## Sorting"),
    ("moe", "ops/moe/table.h", "MOE_OPS", "generic", "## Mixture of experts"),
    ("random", "ops/random/table.h", "RANDOM_OPS", "generic", "## Random numbers"),
    ("optim", "ops/optim/table.h", "OPTIM_OPS", "generic", "## Optimizers"),
    ("detect", "ops/detect/table.h", "DETECT_OPS", "generic", "## Object detection"),
    ("foreach", "ops/foreach/table.h", "FE_LIST_OPS", "foreach", "## Foreach over tensor lists"),
    ("foreach", "ops/foreach/table.h", "FE_BINARY_OPS", "foreach", "## Foreach over tensor lists"),
    ("foreach", "ops/foreach/table.h", "FE_TERNARY_OPS", "foreach", "## Foreach over tensor lists"),
]
NCOLS = {"unary": 9, "binary": 9, "generic": 7}
UNARY_FORMS = ("EW_OUT", "EW_INPLACE", "EW_INPLACE_C")
BIN_FORMS = {
    "EW_B4": [("%s", "tensor"), ("%ss", "scalar"), ("Inplace%s", "tensor"),
              ("Inplace%ss", "scalar")],
    "EW_TT": [("%s", "tensor")],
    "EW_B2": [("%s", "tensor"), ("%ss", "scalar")],
    "EW_TT_INPLACE": [("%s", "tensor"), ("Inplace%s", "tensor")],
    "EW_TT_INPLACE_NC": [("%s", "tensor"), ("Inplace%s", "tensor")],
    "EW_TS_INPLACE": [("%s", "scalar"), ("Inplace%s", "scalar")],
    "EW_ST": [("%s", "scalar")],
}
BIN_EXTRA = {"PLAIN": (), "WITH_ALPHA": ("scalar",), "WITH_MODE": ("int",),
             "WITH_MODE64": ("int64",), "WITH_FALPHA": ("float",)}
GEN_FORMS = ("OPS_OUT", "OPS_OUT_INPLACE", "OPS_INPLACE", "OPS_FUNC")

# Parameter kinds as python/gen_tables.py names them.
PARAM_KINDS = [
    (r"\baclTensorList\s*\*", "tensor_list"), (r"\baclScalarList\s*\*", "scalar_list"),
    (r"\baclTensor\s*\*", "tensor"), (r"\baclScalar\s*\*", "scalar"),
    (r"\baclIntArray\s*\*", "int_array"), (r"\baclFloatArray\s*\*", "float_array"),
    (r"\baclBoolArray\s*\*", "bool_array"), (r"\bchar\s*\*", "string"),
    (r"\buint64_t\b", "uint64"), (r"\bint64_t\b", "int64"), (r"\bint32_t\b", "int32"),
    (r"\bint8_t\b", "int8"), (r"\bbool\b", "bool"), (r"\bdouble\b", "double"),
    (r"\bfloat\b", "float"), (r"\baclDataType\b", "int"), (r"\bint\b", "int"),
]


def logical_lines(text):
    """The source with backslash-continued lines joined."""
    return text.replace("\\\n", " ")


def strip_comments(text):
    text = re.sub(r"/\*.*?\*/", "", text, flags=re.S)
    return re.sub(r"//[^\n]*", "", text)


def mask_defines(*texts):
    """#define NAME <mask expression> for the DTM_* / EW_DTM_* masks."""
    defs = {}
    for text in texts:
        for m in re.finditer(r"^#define ((?:EW_|FE_)?DTM_\w+) (.*)$", logical_lines(text), re.M):
            defs[m.group(1)] = re.sub(r"/\*.*?\*/", "", m.group(2)).strip()
    return defs


def eval_mask(expr, defs, depth=0):
    if depth > 10:
        raise ValueError("mask definitions nest too deep: " + expr)
    def dtm(m):
        return str(1 << DT_ENUM.index(m.group(1)))
    expr = re.sub(r"DTM\((DT_\w+)\)", dtm, expr)
    expr = re.sub(r"\b((?:EW_|FE_)?DTM_\w+)\b",
                  lambda m: "(%d)" % eval_mask(defs[m.group(1)], defs, depth + 1), expr)
    if not re.fullmatch(r"[\d\s|()]+", expr):
        raise ValueError("cannot read the mask " + expr)
    return eval(expr)  # digits, '|' and parentheses only (checked above)


def types_text(mask):
    names = [n for i, n in enumerate(DT_NAMES) if mask & (1 << i)]
    return ", ".join(names) if names else "-"


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


def row_kinds(r):
    m = re.fullmatch(r"K\((.*)\)", r[3])
    return tuple(k.strip() for k in m.group(1).split(",") if k.strip()) if m else None


def entries(shape, r):
    """The entry points of a row: [(name without aclnn, kinds, two_phase)]."""
    if shape == "unary":
        out = [(r[0], ("tensor", "tensor"), True)]
        if r[2] in ("EW_INPLACE", "EW_INPLACE_C"):
            out.append(("Inplace" + r[0], ("tensor",), True))
        return out
    if shape == "binary":
        extra = BIN_EXTRA.get(r[6], ())
        out = []
        for fmt, other in BIN_FORMS.get(r[2], []):
            name = fmt % r[0]
            first = ("scalar", "tensor") if r[2] == "EW_ST" else ("tensor", other)
            out.append((name, first + extra + (() if name.startswith("Inplace") else ("tensor",)),
                        True))
        return out
    kinds = row_kinds(r) or ()
    if r[2] == "OPS_FUNC":
        return [(r[0], kinds, False)]
    if r[2] == "OPS_INPLACE":
        return [("Inplace" + r[0], kinds, True)]
    out = [(r[0], kinds, True)]
    if r[2] == "OPS_OUT_INPLACE":
        last = max(i for i, k in enumerate(kinds) if k == "tensor") if "tensor" in kinds else -1
        out.append(("Inplace" + r[0], kinds[:last] + kinds[last + 1:], True))
    return out


def doc_row(shape, r, defs):
    names = ", ".join(e[0] for e in entries(shape, r))
    head = "| %s (`aclnn_%s.h`) |" % (names, r[1])
    if shape == "binary":
        return head
    if shape == "unary":
        t = ("self " + types_text(eval_mask(r[3], defs)) + "; out "
             + types_text(eval_mask(r[4], defs)))
        if r[2] in ("EW_INPLACE", "EW_INPLACE_C"):
            t += "; selfRef " + types_text(eval_mask(r[5], defs))
        return head + " %s |" % t
    t = types_text(eval_mask(r[4], defs))
    if r[5] != "none":
        t += "; %s %s" % (r[5], types_text(eval_mask(r[6], defs)))
    return head + " %s |" % t


def param_kinds(params):
    kinds = []
    for p in params:
        for rx, kind in PARAM_KINDS:
            if re.search(rx, p):
                kinds.append(kind)
                break
        else:
            kinds.append("?" + p)
    return tuple(kinds)


def header_decls(text):
    """A header's aclnn functions: {name: (kinds, parameter names, two_phase)} of the first
    phases (two_phase True) and the one-phase functions (False), and the set of launches."""
    text = strip_comments(text)
    out, launches = {}, set()
    for m in re.finditer(r"\baclnn(\w+)\s*\(([^)]*)\)", text):
        name, params = m.group(1), [p.strip() for p in m.group(2).split(",")]
        pnames = [(re.findall(r"\w+", p) or [""])[-1] for p in params]
        if name.endswith("GetWorkspaceSize"):
            out[name[:-16]] = (param_kinds(params[:-2]), pnames[:-2], True)
        elif "CPUACL_ACLNN_LAUNCH_PARAMS" in pnames or pnames[-1:] == ["stream"]:
            launches.add(name)
        else:
            out[name] = (param_kinds(params), pnames, False)
    return out, launches


def defined_names(root):
    """aclnn<X> functions ops/*.c define by name (not those macros make)."""
    names = {}
    for d, _, files in os.walk(os.path.join(root, "ops")):
        for f in files:
            if not f.endswith(".c"):
                continue
            path = os.path.join(d, f)
            text = logical_lines(strip_comments(open(path, encoding="utf-8").read()))
            for line in text.splitlines():
                if line.lstrip().startswith("#"):
                    continue
                for m in re.finditer(r"^aclnnStatus\s+aclnn(\w+?)(?:GetWorkspaceSize)?\s*\(",
                                     line):
                    names.setdefault(m.group(1), os.path.relpath(path, root))
                for m in re.finditer(r"\bPHASE2\((\w+)\)", line):
                    names.setdefault(m.group(1), os.path.relpath(path, root))
    return names


def ops_sources(root):
    """{path: text} of the .c files of ops/."""
    out = {}
    for d, _, files in os.walk(os.path.join(root, "ops")):
        for f in files:
            if f.endswith(".c"):
                out[os.path.join(d, f)] = open(os.path.join(d, f), encoding="utf-8").read()
    return out


def load_nn_ops(path):
    scope = {}
    exec(compile(open(path, encoding="utf-8").read(), path, "exec"), scope)
    return scope.get("OPS", {})


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--root", default=os.path.join(os.path.dirname(__file__), "..", ".."))
    ap.add_argument("--rows", action="store_true")
    a = ap.parse_args()
    root = a.root
    read = lambda p: open(os.path.join(root, p), encoding="utf-8").read()
    engine = read("ops/engine/engine.h")
    lists = []
    for fam, table, macro, shape, section in FAMILIES:
        text = read(table)
        rows = list_rows(text, macro)
        if shape == "foreach":  # generic rows with two columns of the family's own (SIG, KERN)
            shape, rows = "generic", [r[:7] if len(r) == 9 else r + ["?"] * 9 for r in rows]
        lists.append((fam, table, macro, shape, section, rows, mask_defines(engine, text)))
    sections = {}  # docs section -> [(shape, row, defs)], in the lists' order
    for fam, table, macro, shape, section, rows, defs in lists:
        sections.setdefault(section, []).extend(
            (shape, r, defs) for r in rows if len(r) == NCOLS[shape])
    if a.rows:
        for section, srows in sections.items():
            print(section)
            for shape, r, defs in srows:
                print(doc_row(shape, r, defs))
            print()
        return 0
    errs = []
    claims = {}    # header -> set of families
    expect = {}    # header -> {entry: (kinds, two_phase, row)}
    for fam, table, macro, shape, section, rows, defs in lists:
        forms = {"unary": UNARY_FORMS, "binary": tuple(BIN_FORMS), "generic": GEN_FORMS}[shape]
        for r in rows:
            if len(r) != NCOLS[shape]:
                errs.append("%s: %s row %s has %d columns, not %d"
                            % (table, macro, r[0], len(r), NCOLS[shape]))
                continue
            if r[2] not in forms:
                errs.append("%s: %s: FORMS %s is not one of %s"
                            % (table, r[0], r[2], ", ".join(forms)))
                continue
            if shape == "generic" and row_kinds(r) is None:
                errs.append("%s: %s: KINDS %s is not K(...)" % (table, r[0], r[3]))
            claims.setdefault(r[1], set()).add(fam)
            for name, kinds, two in entries(shape, r):
                if name in expect.setdefault(r[1], {}):
                    errs.append("%s: aclnn%s is declared by two rows" % (table, name))
                expect[r[1]][name] = (kinds, two, r if shape == "generic" else None)
            try:
                doc_row(shape, r, defs)
            except (ValueError, KeyError) as e:
                errs.append("%s: %s: %s" % (table, r[0], e))
    # the binary kernels
    table = read("ops/elementwise/table.h")
    kernels = [r[0] for r in list_rows(table, "EW_BINARY_KERNELS")]
    for r in list_rows(table, "EW_BINARY_I64_KERNELS"):
        if r[0] not in kernels:
            errs.append("table.h: int64 kernel %s has no EW_BINARY_KERNELS row" % r[0])
    for r in list_rows(table, "EW_BINARY_OPS"):
        if len(r) == 9 and r[4] not in kernels:
            errs.append("table.h: %s: kernel %s has no EW_BINARY_KERNELS row" % (r[0], r[4]))
    # the headers
    public = read("ops/engine/public.h")
    arg2_seen = {}  # row name -> (header, ARG2, the parameter names of its entry points)
    hdir = os.path.join(root, "include", "aclnnop")
    for fn in sorted(os.listdir(hdir)):
        if not fn.endswith(".h") or fn == "aclnn_util.h":
            continue
        header = fn[len("aclnn_"):-2]
        hp = "include/aclnnop/" + fn
        h = read(hp)
        decls, launches = header_decls(h)
        if not decls and not launches:
            inc = re.findall(r'#include "aclnnop/aclnn_(\w+)\.h"', h)
            if not inc or any(i not in claims for i in inc):
                errs.append("%s declares no operator and is no alias of a claimed header" % hp)
            continue
        fams = claims.get(header, set())
        if len(fams) != 1:
            errs.append("%s is claimed by %s" % (hp, " and ".join(sorted(fams)) or "no row"))
            continue
        want = expect[header]
        phase1 = set(decls)
        for n in sorted(set(want) - phase1):
            errs.append("%s does not declare aclnn%s%s (a row declares it)"
                        % (hp, n, "GetWorkspaceSize" if want[n][1] else ""))
        for n in sorted(phase1 - set(want)):
            errs.append("%s declares aclnn%s, which no row declares" % (hp, n))
        for n in sorted(phase1 & set(want)):
            kinds, two, r = want[n]
            hk, pnames, htwo = decls[n]
            if two != htwo:
                errs.append("%s: aclnn%s is %s in the header, %s in its row" % (
                    hp, n, "two-phase" if htwo else "one-phase",
                    "two-phase" if two else "one-phase"))
            if tuple(kinds) != tuple(hk):
                errs.append("%s: aclnn%s's parameters are (%s), its row says (%s)"
                            % (hp, n, ", ".join(hk), ", ".join(kinds)))
            if r is not None:
                arg2_seen.setdefault(r[0], (hp, r[5], set()))[2].update(pnames)
        for n in sorted(phase1 & set(want)):
            if want[n][1] and n not in launches:
                errs.append("%s does not declare the launch aclnn%s" % (hp, n))
        for n in sorted(launches - {n for n in want if want[n][1]}):
            errs.append("%s declares the launch aclnn%s, which no row declares" % (hp, n))
        if '#include "aclnnop/%s"' % fn not in public:
            errs.append("ops/engine/public.h does not include aclnnop/%s" % fn)
    for name, (hp, arg2, pnames) in sorted(arg2_seen.items()):
        if arg2 != "none" and arg2 not in pnames:
            errs.append("%s: no parameter of aclnn%s's entry points is %s (ARG2 of its row)"
                        % (hp, name, arg2))
    for header in sorted(set(claims) - {f[6:-2] for f in os.listdir(hdir)}):
        errs.append("no header include/aclnnop/aclnn_%s.h (its rows: %s)"
                    % (header, ", ".join(sorted(expect[header]))))
    # what ops/ defines
    base = set(header_decls(read("include/aclnn/aclnn_base.h"))[0])
    rowed = {n for w in expect.values() for n in w}
    for n, path in sorted(defined_names(root).items()):
        if n not in rowed and n not in base:
            errs.append("%s defines aclnn%s, which no row declares" % (path, n))
    # the checks read the rows' masks: OPS_DT_<Name> (OPS_DT2_<Name> with an ARG2) in ops/*.c,
    # by name or pasted from the row's list (OPS_DT_##Name in a file expanding that list)
    sources = ops_sources(root)
    # every OPS_DT_* / OPS_DT2_* identifier of the sources, read once (a search per row and
    # file took ~50 s at 985 entry points)
    dt_names = set()
    for s in sources.values():
        dt_names.update(re.findall(r"\b(OPS_DT2?_[A-Za-z0-9_]+)\b", s))
    for fam, table, macro, shape, section, rows, defs in lists:
        if shape != "generic":
            continue
        pasted = [s for s in sources.values() if macro + "(" in s]
        for r in rows:
            if len(r) != NCOLS[shape]:
                continue
            for col, sym, on in ((4, "OPS_DT_", r[4] != "0"), (6, "OPS_DT2_", r[5] != "none")):
                if on and sym + r[0] not in dt_names \
                        and not any(sym + "##Name" in s for s in pasted):
                    errs.append("%s: %s: no check in ops/ reads %s%s (its row's types)"
                                % (table, r[0], sym, r[0]))
    # the Python operator table
    nn_ops = load_nn_ops(os.path.join(root, "python", "acl", "_nn_ops.py"))
    for header, w in sorted(expect.items()):
        for n, (kinds, two, _) in sorted(w.items()):
            if two and tuple(nn_ops.get(n, ("missing",))) != tuple(kinds):
                errs.append("python/acl/_nn_ops.py: %s is %s, its row says %s"
                            % (n, nn_ops.get(n, "missing"), tuple(kinds)))
    # the docs
    doc = read("docs/operators.md")
    for section, srows in sections.items():
        if section + "\n" not in doc:
            errs.append("docs/operators.md has no section '%s'" % section)
            continue
        sec = doc.split(section + "\n", 1)[1].split("\n## ", 1)[0]
        lines = [l for l in sec.splitlines()
                 if l.startswith("| ") and not l.startswith("| Operator") and "---" not in l]
        try:
            want = [doc_row(shape, r, defs) for shape, r, defs in srows]
        except (ValueError, KeyError):
            continue
        for k, w in enumerate(want):
            if k >= len(lines) or not lines[k].startswith(w):
                errs.append("docs/operators.md, %s: row %d should start with: %s"
                            % (section[3:], k + 1, w))
        for extra in lines[len(want):]:
            errs.append("docs/operators.md, %s: row not in the table: %s"
                        % (section[3:], extra[:60]))
    for e in errs:
        print(e)
    print("ops_table: %d families, %d lists, %d operator rows, %d entry points, %d disagreements"
          % (len({l[0] for l in lists}), len(lists), sum(len(l[5]) for l in lists),
             sum(len(w) for w in expect.values()), len(errs)))
    return 1 if errs else 0


if __name__ == "__main__":
    sys.exit(main())
