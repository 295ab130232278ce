#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""cpuacl's Ascend C source rewriter: lowers `kernel<<<blockDim, l2ctrl, stream>>>(args)`
so that a kernel source compiles with the host C++ compiler (docs/ascendc-build.md).

Run by ascendc.cmake at build time (Python 3 standard library only):

    kernel_rewrite.py list SRC                       kernel names, one a line
    kernel_rewrite.py lower SRC OUT.cpp [--header-dir DIR] [--fatbin]

`lower` writes a translation unit that is SRC with
  - after each `__global__` kernel's first declaration, on the same line (so line numbers
    stay those of SRC): an argument struct, an entry trampoline (unpacks the struct, calls
    the kernel; cpuaclAscendcEntry), a launcher that packs its arguments and calls
    cpuaclAscendcLaunch, and `aclrtlaunch_<kernel>` (ACLRT_LAUNCH_KERNEL);
  - each launch `K<<<a, b, c>>>(args)` replaced by a call of K's launcher (the expression's
    value is the launch's status as uint32_t; l2ctrl is ignored);
  - `asm("trap")` replaced by cpuaclAscendcFail (the launch fails).
With --header-dir it writes DIR/aclrtlaunch_<kernel>.h for each kernel. With --fatbin the
kernels are renamed in the unit and each K gets a cpuaclKernelFunc wrapper named K plus a
K_cpuacl_desc parameter descriptor, so a kernel binary built from SRC loads with
aclrtBinaryLoadFromFile and runs aclrtKernelArgsAppend-packed argument blocks (each
parameter 8-byte aligned).
Errors (a launch of a kernel not defined in the file, a malformed launch) print
`SRC:LINE: error: ...` and exit 1.
"""
import os
import re
import sys

PREFIX = "__cpuacl_"
# Words that end a parameter's type: a last token among them is not a parameter name.
TYPE_WORDS = {
    "int", "char", "short", "long", "float", "double", "bool", "void", "unsigned", "signed",
    "const", "volatile", "half", "bfloat16_t", "__gm__", "auto", "wchar_t", "char16_t",
    "char32_t", "__restrict__", "__restrict", "restrict",
}


class RewriteError(Exception):
    pass


class Tok:
    __slots__ = ("kind", "text", "start", "end")

    def __init__(self, kind, text, start, end):
        self.kind, self.text, self.start, self.end = kind, text, start, end

    def __repr__(self):
        return "%s:%r" % (self.kind, self.text)


_ID = re.compile(r"[A-Za-z_$][A-Za-z0-9_$]*")
_NUM = re.compile(r"\.?[0-9](?:[eEpP][+-]|[0-9A-Za-z_.']|)*")
_RAW = re.compile(r'(?:u8|u|U|L)?R"([^()\\ \t\n]{0,16})\(')
_STRPFX = re.compile(r'(?:u8|u|U|L)?(["\'])')


def tokenize(src):
    """C++ tokens of src without comments; a preprocessor directive is one 'pp' token."""
    toks = []
    i, n = 0, len(src)
    line_start = True  # only whitespace since the last newline
    while i < n:
        c = src[i]
        if c == "\n":
            line_start = True
            i += 1
            continue
        if c in " \t\r\f\v":
            i += 1
            continue
        if c == "\\" and src.startswith("\\\n", i):
            i += 2
            continue
        if src.startswith("//", i):
            j = i
            while True:
                j = src.find("\n", j)
                if j < 0:
                    j = n
                    break
                if src[j - 1] == "\\":  # a continued line comment
                    j += 1
                    continue
                break
            i = j
            continue
        if src.startswith("/*", i):
            j = src.find("*/", i + 2)
            i = n if j < 0 else j + 2
            continue
        if c == "#" and line_start:
            j = i
            while j < n:
                if src[j] == "\n" and src[j - 1] != "\\":
                    break
                if src.startswith("/*", j):
                    k = src.find("*/", j + 2)
                    j = n if k < 0 else k + 2
                    continue
                if src.startswith("//", j):
                    k = src.find("\n", j)
                    j = n if k < 0 else k
                    continue
                j += 1
            toks.append(Tok("pp", src[i:j], i, j))
            i = j
            continue
        line_start = False
        m = _RAW.match(src, i)
        if m:
            close = ")" + m.group(1) + '"'
            j = src.find(close, m.end())
            if j < 0:
                raise RewriteError(("unterminated raw string", i))
            j += len(close)
            toks.append(Tok("str", src[i:j], i, j))
            i = j
            continue
        m = _STRPFX.match(src, i)
        if m:
            q = m.group(1)
            j = m.end()
            while j < n and src[j] != q:
                if src[j] == "\\":
                    j += 1
                elif src[j] == "\n":
                    raise RewriteError(("unterminated literal", i))
                j += 1
            j += 1
            toks.append(Tok("str" if q == '"' else "chr", src[i:j], i, j))
            i = j
            continue
        m = _ID.match(src, i)
        if m:
            toks.append(Tok("id", m.group(0), i, m.end()))
            i = m.end()
            continue
        m = _NUM.match(src, i)
        if m and m.end() > i:
            toks.append(Tok("num", m.group(0), i, m.end()))
            i = m.end()
            continue
        if src.startswith("::", i):
            toks.append(Tok("punct", "::", i, i + 2))
            i += 2
            continue
        toks.append(Tok("punct", c, i, i + 1))
        i += 1
    return toks


def line_of(src, pos):
    return src.count("\n", 0, pos) + 1


OPEN = {"(": ")", "[": "]", "{": "}"}


def match_close(toks, i):
    """Index of the bracket closing toks[i] ((, [ or {), counting all three kinds."""
    depth = 0
    for j in range(i, len(toks)):
        t = toks[j]
        if t.kind != "punct":
            continue
        if t.text in OPEN:
            depth += 1
        elif t.text in (")", "]", "}"):
            depth -= 1
            if depth == 0:
                return j
    raise RewriteError(("unbalanced '%s'" % toks[i].text, toks[i].start))


def triple(toks, i, ch):
    """True when toks[i..i+2] are three adjacent `ch` characters (<<< or >>>)."""
    if i + 2 >= len(toks):
        return False
    a, b, c = toks[i], toks[i + 1], toks[i + 2]
    return (a.text == ch and b.text == ch and c.text == ch and a.kind == "punct"
            and a.end == b.start and b.end == c.start)


def split_top(toks, lo, hi, angles):
    """Split toks[lo:hi] at commas outside brackets (and outside <> when angles)."""
    parts, depth, start = [], 0, lo
    for j in range(lo, hi):
        t = toks[j]
        if t.kind != "punct":
            continue
        if t.text in "([{" or (angles and t.text == "<"):
            depth += 1
        elif t.text in ")]}" or (angles and t.text == ">"):
            depth -= 1
        elif t.text == "," and depth == 0:
            parts.append((start, j))
            start = j + 1
    if start < hi or parts:
        parts.append((start, hi))
    return parts


class Param:
    def __init__(self, ctype, name):
        self.ctype = ctype  # the type as written, without the name
        self.name = name    # the name as written, or None

    def is_gm_pointer(self):
        t = self.ctype
        return "*" in t or "__gm__" in t or re.search(r"\bGM_ADDR\b", t) is not None


class Kernel:
    def __init__(self, name, params, insert_at, line, template):
        self.name = name
        self.params = params
        self.insert_at = insert_at  # source offset after the first declaration
        self.line = line
        self.template = template
        self.launched = False


def parse_params(src, toks, lo, hi):
    parts = split_top(toks, lo, hi, angles=True)
    if len(parts) == 1 and hi - lo == 1 and toks[lo].text == "void":
        return []
    params = []
    for a, b in parts:
        if a == b:
            raise RewriteError(("empty parameter", toks[a - 1].start))
        pt = toks[a:b]
        if any(t.text == "=" for t in pt):
            raise RewriteError(("a kernel parameter cannot have a default value", pt[0].start))
        if any(t.text == "[" for t in pt) or any(t.text == "(" for t in pt):
            raise RewriteError(("array or function parameters are not supported in a kernel",
                                pt[0].start))
        last = pt[-1]
        named = (len(pt) > 1 and last.kind == "id" and last.text not in TYPE_WORDS
                 and pt[-2].text != "::")
        if named:
            params.append(Param(src[pt[0].start:pt[-2].end], last.text))
        else:
            params.append(Param(src[pt[0].start:last.end], None))
    return params


def find_template_head(toks, g):
    """If the declaration containing toks[g] (__global__) is a template, True."""
    j = g - 1
    while j >= 0 and toks[j].kind in ("id", "str") and toks[j].text != "template":
        j -= 1
    return j >= 0 and toks[j].text == ">"


def find_kernels(src, toks):
    kernels = {}
    order = []
    for g, t in enumerate(toks):
        if t.kind != "id" or t.text != "__global__":
            continue
        # The name: the identifier before the first '(' after __global__.
        j = g + 1
        while j < len(toks) and toks[j].text not in ("(", ";", "{"):
            j += 1
        if j >= len(toks) or toks[j].text != "(" or toks[j - 1].kind != "id":
            continue  # __global__ in a macro or a type: not a kernel declaration
        name = toks[j - 1].text
        close = match_close(toks, j)
        params = parse_params(src, toks, j + 1, close)
        k = close + 1
        while k < len(toks) and toks[k].text not in ("{", ";"):
            k += 1
        if k >= len(toks):
            raise RewriteError(("kernel %s: no body or ';' after its parameters" % name,
                                toks[j].start))
        defined = toks[k].text == "{"
        end = toks[match_close(toks, k)].end if defined else toks[k].end
        if name in kernels:
            kernels[name].defined |= defined
            continue
        kernels[name] = Kernel(name, params, end, line_of(src, t.start),
                               find_template_head(toks, g))
        kernels[name].defined = defined
        order.append(name)
    return [kernels[n] for n in order]


def find_launches(src, toks, kernels):
    """[(start, end, replacement)] for each `K<<<cfg>>>(args)`."""
    by_name = {k.name: k for k in kernels}
    edits = []
    i = 0
    while i < len(toks):
        if not triple(toks, i, "<"):
            i += 1
            continue
        if i == 0 or toks[i - 1].kind != "id":
            raise RewriteError(("'<<<' not after a kernel name (template kernels are not "
                                "supported)", toks[i].start))
        name_tok = toks[i - 1]
        k = by_name.get(name_tok.text)
        if k is None:
            raise RewriteError(("launch of '%s': no __global__ kernel of that name is declared "
                                "in this file" % name_tok.text, name_tok.start))
        if k.template:
            raise RewriteError(("launch of template kernel '%s' is not supported" % k.name,
                                name_tok.start))
        depth, j = 0, i + 3
        while j < len(toks):
            t = toks[j]
            if t.kind == "punct" and t.text in "([{":
                depth += 1
            elif t.kind == "punct" and t.text in ")]}":
                depth -= 1
            elif depth == 0 and triple(toks, j, ">"):
                break
            j += 1
        if j >= len(toks):
            raise RewriteError(("'<<<' without '>>>'", toks[i].start))
        cfg = split_top(toks, i + 3, j, angles=False)
        if len(cfg) != 3:
            raise RewriteError(("launch of '%s': <<<>>> takes blockDim, l2ctrl, stream (%d "
                                "given)" % (k.name, len(cfg)), toks[i].start))
        p = j + 3
        if p >= len(toks) or toks[p].text != "(":
            raise RewriteError(("launch of '%s': '(' expected after '>>>'" % k.name,
                                toks[j].start))
        close = match_close(toks, p)
        # The text between the brackets is kept as written (with its comments and line
        # breaks, so the lines after the launch keep their numbers).
        cfg_text = src[toks[i + 2].end:toks[j].start]
        gap = src[toks[j + 2].end:toks[p].start]
        args_text = src[toks[p].end:toks[close].start]
        sep = "," if close > p + 1 else ""
        new = "%slaunch_%s(%s%s%s%s)" % (PREFIX, k.name, cfg_text, sep, gap, args_text)
        edits.append((name_tok.start, toks[close].end, new))
        k.launched = True
        i = close + 1
    return edits


def find_traps(src, toks):
    """asm("trap") / asm volatile("trap"): the kernel's trap, which fails the launch."""
    edits = []
    for i, t in enumerate(toks):
        if t.kind != "id" or t.text not in ("asm", "__asm__", "__asm"):
            continue
        j = i + 1
        while j < len(toks) and toks[j].text in ("volatile", "__volatile__"):
            j += 1
        if (j + 2 < len(toks) and toks[j].text == "(" and toks[j + 1].kind == "str"
                and toks[j + 1].text.strip('"').strip() == "trap" and toks[j + 2].text == ")"):
            edits.append((t.start, toks[j + 2].end, 'cpuaclAscendcFail(0, "trap")'))
    return edits


def member_types(k):
    return [p.ctype for p in k.params]


def gen_common(k):
    """The argument struct, the entry trampoline and the launcher of kernel k."""
    n = k.name
    s = PREFIX + "args_" + n
    out = []
    if k.params:
        members = " ".join("%s a%d;" % (t, i) for i, t in enumerate(member_types(k)))
    else:
        members = "char unused;"
    out.append("struct %s { %s };" % (s, members))
    call_args = ", ".join("s_->a%d" % i for i in range(len(k.params)))
    kern = PREFIX + "kernel_" + n if k.fatbin else n
    out.append("static void %sentry_%s(const void *a_) { const %s *s_ = static_cast<const %s *>"
               "(a_); (void)s_; %s(%s); }" % (PREFIX, n, s, s, kern, call_args))
    decl = "".join(", %s p%d_" % (t, i) for i, t in enumerate(member_types(k)))
    init = ", ".join("p%d_" % i for i in range(len(k.params))) or "0"
    out.append("static inline uint32_t %slaunch_%s(uint32_t blockDim_, void *l2ctrl_, "
               "void *stream_%s) { (void)l2ctrl_; %s s_ = {%s}; return static_cast<uint32_t>"
               "(cpuaclAscendcLaunch(static_cast<aclrtStream>(stream_), blockDim_, \"%s\", "
               "%sentry_%s, &s_, sizeof s_)); }" % (PREFIX, n, decl, s, init, n, PREFIX, n))
    return out


def header_params(k):
    ps = []
    for i, p in enumerate(k.params):
        ps.append("%s %s" % ("void *" if p.is_gm_pointer() else p.ctype, p.name or "arg%d" % i))
    return ps


def gen_aclrtlaunch(k):
    n = k.name
    decl = "".join(", " + p for p in header_params(k))
    args = "".join(", %s%s" % ("(%s)" % p.ctype if p.is_gm_pointer() else "",
                                p.name or "arg%d" % i) for i, p in enumerate(k.params))
    return ('extern "C" __attribute__((visibility("default"))) uint32_t aclrtlaunch_%s('
            "uint32_t blockDim, aclrtStream stream%s) { return %slaunch_%s(blockDim, nullptr, "
            "stream%s); }" % (n, decl, PREFIX, n, args))


def gen_fatbin(k):
    """The cpuaclKernelFunc wrapper named like the kernel and its parameter descriptor."""
    n = k.name
    out = []
    offs = []
    for i, t in enumerate(member_types(k)):
        prev = "0u" if i == 0 else "((%so%d_%s + static_cast<uint32_t>(sizeof(%s)) + 7u) & ~7u)" % (
            PREFIX, i - 1, n, member_types(k)[i - 1])
        out.append("static constexpr uint32_t %so%d_%s = %s;" % (PREFIX, i, n, prev))
        offs.append("%so%d_%s" % (PREFIX, i, n))
    if k.params:
        last = len(k.params) - 1
        need = "(%s + static_cast<uint32_t>(sizeof(%s)))" % (offs[last], member_types(k)[last])
    else:
        need = "0u"
    loads = " ".join(
        "std::remove_cv_t<%s> p%d_; std::memcpy(&p%d_, static_cast<const char *>(args_) + %s, "
        "sizeof p%d_);" % (t, i, i, offs[i], i) for i, t in enumerate(member_types(k)))
    call = ", ".join("p%d_" % i for i in range(len(k.params)))
    out.append('extern "C" __attribute__((visibility("default"))) void %s(void *args_, '
               "size_t argsSize_, uint32_t blockIdx_, uint32_t numBlocks_) { (void)blockIdx_; "
               "(void)numBlocks_; if (argsSize_ < %s) cpuaclAscendcFail(ACL_ERROR_INVALID_PARAM, "
               "\"kernel %s: argument block of %%zu bytes, its parameters need %%u\", argsSize_, "
               "static_cast<unsigned>(%s)); %s %skernel_%s(%s); }"
               % (n, need, n, need, loads, PREFIX, n, call))
    plist = ", ".join("{%s, static_cast<uint32_t>(sizeof(%s))}" % (offs[i], t)
                      for i, t in enumerate(member_types(k)))
    if k.params:
        out.append("static const cpuaclKernelParam %sparams_%s[] = {%s};" % (PREFIX, n, plist))
        ptr = "%sparams_%s" % (PREFIX, n)
    else:
        ptr = "nullptr"
    out.append('extern "C" __attribute__((visibility("default"))) const cpuaclKernelDesc '
               "%s_cpuacl_desc = {CPUACL_KERNEL_DESC_VERSION, ACL_KERNEL_TYPE_VECTOR, 0u, 0u, "
               "0u, 0u, %uu, %s};" % (n, len(k.params), ptr))
    return out


def gen_header(k):
    guard = "CPUACL_ACLRTLAUNCH_%s_H" % k.name.upper()
    params = "".join(", " + p for p in header_params(k))
    return (
        "/* Generated by cpuacl's kernel_rewrite.py (ascendc_library): the launch function of\n"
        " * Ascend C kernel %s. ACLRT_LAUNCH_KERNEL(%s)(blockDim, stream, args...) calls it;\n"
        " * its value is the launch's status (0: queued). Do not edit. */\n"
        "#ifndef %s\n#define %s\n\n#include <stdint.h>\n\n#include \"acl/acl_base.h\"\n\n"
        "#ifdef __cplusplus\nextern \"C\" {\n#endif\n\n"
        "uint32_t aclrtlaunch_%s(uint32_t blockDim, aclrtStream stream%s);\n\n"
        "#ifdef __cplusplus\n}\n#endif\n\n"
        "#ifndef ACLRT_LAUNCH_KERNEL\n#define ACLRT_LAUNCH_KERNEL(kernel_func) "
        "aclrtlaunch_##kernel_func\n#endif\n\n#endif\n"
        % (k.name, k.name, guard, guard, k.name, params))


def rename_kernels(src, toks, kernels):
    """Fatbin: every use of a kernel's name becomes __cpuacl_kernel_<name>."""
    names = {k.name for k in kernels if k.fatbin}
    return [(t.start, t.end, PREFIX + "kernel_" + t.text) for t in toks
            if t.kind == "id" and t.text in names]


def lower(path, src, fatbin):
    toks = tokenize(src)
    kernels = find_kernels(src, toks)
    for k in kernels:
        k.fatbin = fatbin and k.defined
    edits = find_launches(src, toks, kernels) + find_traps(src, toks)
    if fatbin:
        launched = {e[0] for e in edits}
        edits += [e for e in rename_kernels(src, toks, kernels) if e[0] not in launched]
    for k in kernels:
        if k.template:
            continue
        # A kernel only declared here (defined in another file) gets a launcher; its
        # aclrtlaunch_ function and fatbin wrapper come with its definition.
        gen = gen_common(k)
        if fatbin and k.defined:
            gen += gen_fatbin(k)
        elif k.defined:
            gen.append(gen_aclrtlaunch(k))
        edits.append((k.insert_at, k.insert_at, " " + " ".join(gen)))
    edits.sort(key=lambda e: (e[0], e[1]))
    out, pos = [], 0
    for a, b, text in edits:
        if a < pos:
            raise RewriteError(("overlapping rewrites", a))
        out.append(src[pos:a])
        out.append(text)
        pos = b
    out.append(src[pos:])
    head = ("// Generated by cpuacl's kernel_rewrite.py from %s: do not edit.\n"
            "#include <cstdint>\n#include <cstring>\n#include <type_traits>\n"
            "#include \"acl/acl_base.h\"\n#include \"acl/acl_rt_kernel.h\"\n"
            "#include \"cpuacl/cpuacl_ascendc.h\"\n#include \"cpuacl/cpuacl_kernel.h\"\n"
            "#line 1 \"%s\"\n" % (path, path))
    return head + "".join(out), kernels


def main(argv):
    if len(argv) < 3 or argv[1] not in ("list", "lower"):
        sys.stderr.write(__doc__)
        return 2
    path = argv[2]
    try:
        with open(path, encoding="utf-8", errors="surrogateescape") as f:
            src = f.read()
    except OSError as e:
        sys.stderr.write("%s: error: %s\n" % (path, e.strerror))
        return 1
    try:
        if argv[1] == "list":
            for k in find_kernels(src, tokenize(src)):
                if not k.template and k.defined:
                    print(k.name)
            return 0
        rest = argv[3:]
        if not rest:
            sys.stderr.write("lower: output file missing\n")
            return 2
        out_path = rest[0]
        fatbin = "--fatbin" in rest
        hdir = None
        if "--header-dir" in rest:
            hdir = rest[rest.index("--header-dir") + 1]
        text, kernels = lower(os.path.abspath(path), src, fatbin)
    except RewriteError as e:
        msg, pos = e.args[0]
        sys.stderr.write("%s:%d: error: %s\n" % (path, line_of(src, pos), msg))
        return 1
    with open(out_path, "w", encoding="utf-8", errors="surrogateescape") as f:
        f.write(text)
    if hdir is not None:
        os.makedirs(hdir, exist_ok=True)
        for k in kernels:
            if not k.template and k.defined:
                with open(os.path.join(hdir, "aclrtlaunch_%s.h" % k.name), "w") as f:
                    f.write(gen_header(k))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
