# SPDX-License-Identifier: Apache-2.0
"""ascendc_rewrite: kernel_rewrite.py (tools/ascendc) on tricky kernel sources.

    test_rewrite.py <kernel_rewrite.py> <c++ compiler> <cpuacl include dir> <work dir>

Each case is lowered and the output is compiled (-fsyntax-only, C++17) with a small shim
for the Ascend C keywords (so the test does not depend on kernel_operator.h); the checks
look at what the rewrite produced: the launches found, what was left alone (comments,
strings, templates), line numbers kept, headers, the fatbin wrapper, and the errors.
"""
import os
import re
import subprocess
import sys

REWRITER, CXX, INCLUDE, WORK = sys.argv[1:5]
os.makedirs(WORK, exist_ok=True)
SHIM = os.path.join(WORK, "shim.h")
with open(SHIM, "w") as f:
    f.write("#define __global__\n#define __aicore__\n#define __gm__\n"
            "#define GM_ADDR __gm__ uint8_t *\n#include <cstdint>\n")

failures = []


def check(cond, what):
    if not cond:
        failures.append(what)
        print("FAIL:", what)


def rewrite(name, src, *extra):
    path = os.path.join(WORK, name + ".cpp")
    with open(path, "w") as f:
        f.write(src)
    out = os.path.join(WORK, name + ".out.cpp")
    hdr = os.path.join(WORK, name + "_include")
    r = subprocess.run([sys.executable, REWRITER, "lower", path, out, "--header-dir", hdr]
                       + list(extra), capture_output=True, text=True)
    text = open(out).read() if r.returncode == 0 else None
    return r, text, hdr


def compiles(name, path, lang="c++"):
    std = "-std=c++17" if lang == "c++" else "-std=c11"
    args = [CXX if lang == "c++" else "cc", "-x", lang, std, "-fsyntax-only", "-Wall",
            "-Werror", "-I", INCLUDE]
    if lang == "c++":
        args += ["-include", SHIM]
    r = subprocess.run(args + [path], capture_output=True, text=True)
    check(r.returncode == 0, "%s compiles:\n%s" % (name, r.stderr))


def body(text):
    """The rewritten source without the generated head (up to the #line directive)."""
    return text.split("\n", text.split("\n").index(next(
        l for l in text.split("\n") if l.startswith("#line 1 "))) + 1)[-1]


# 1. Templates with >>, comments and strings holding <<< and __global__, a raw string,
#    macros in the launch, several kernels, multi-line launches, a kernel declared first
#    and defined after its launch, launches in expressions, a launch with no arguments.
TRICKY = r'''#include <algorithm>
#include <vector>
#include <map>
#define BLOCKS(n) ((n) > 8 ? 8 : (n))
#define PICK(a, b) ((a) < (b) ? (a) : (b))
template <typename T> struct Box { T v; };
// A comment naming k_one<<<1, nullptr, s>>>(x) and __global__ void fake(int);
/* block comment: k_two<<<2, nullptr, s>>>() */
static const char *msg = "k_one<<<1, nullptr, s>>>(x) __global__ void no(int)";
static const char *raw = R"x(k_two<<<1,nullptr,s>>>() )" )x";
extern "C" __global__ __aicore__ void k_one(__gm__ float *x, Box<Box<int>> b, uint32_t n);
uint32_t early(void *s, float *x)
{
    std::vector<std::vector<int>> vv;
    std::map<int, std::vector<int>> m;
    (void)vv; (void)m; (void)msg; (void)raw;
    return k_one<<<BLOCKS(3), nullptr, s>>>(x, Box<Box<int>>{{1}}, PICK(3u, 4u));
}
extern "C" __global__ __aicore__ void k_one(__gm__ float *x, Box<Box<int>> b, uint32_t n)
{
    for (uint32_t i = 0; i < n; i++)
        x[i] = static_cast<float>(b.v.v >> 1);
}
extern "C" __global__ __aicore__ void k_two()
{
    asm volatile("trap");
}
namespace user {
extern "C" __global__ __aicore__ void k_three(GM_ADDR p, const int32_t k, double d) { (void)p; (void)k; (void)d; }
}
uint32_t many(void *s, float *x, uint8_t *p)
{
    uint32_t r = k_two<<<1, nullptr, s>>>();
    r |= k_one<<<
        std::min<uint32_t>(2u, 3u),   // blockDim
        nullptr,                      /* l2ctrl */
        s
    >>>(
        x,
        Box<Box<int>>{{2}},
        [&]() { return (1u << 3) > 2u ? 4u : 5u; }()
    );
    if (user::k_three<<<1, nullptr, s>>>(p, ">>>(" [0], 1.0) != 0u)
        return 1u;
    return r + k_two<<<1, nullptr, s>>>();
}
int marker_line;
'''
r, text, hdr = rewrite("tricky", TRICKY)
check(r.returncode == 0, "tricky lowers: " + r.stderr)
if text:
    b = body(text)
    # Each kernel's launcher is defined once and called by its aclrtlaunch_ function.
    check(b.count("__cpuacl_launch_k_one(") == 2 + 2, "two launches of k_one rewritten")
    check(b.count("__cpuacl_launch_k_two(") == 2 + 2, "two launches of k_two rewritten")
    check("user::__cpuacl_launch_k_three(" in b, "a qualified launch keeps its qualifier")
    check("<<<" not in b.replace(
        'k_one<<<1, nullptr, s>>>(x) and', "").replace('"k_one<<<1, nullptr, s>>>(x) __global__',
                                                       "").replace("k_two<<<2, nullptr, s>>>()",
                                                                   "").replace(
        "k_two<<<1,nullptr,s>>>()", ""),
          "no <<< left outside comments and strings")
    check("k_one<<<1, nullptr, s>>>(x) and __global__ void fake(int);" in b,
          "comments are left alone")
    check('"k_one<<<1, nullptr, s>>>(x) __global__ void no(int)"' in b, "strings left alone")
    check('R"x(k_two<<<1,nullptr,s>>>() )" )x"' in b, "raw strings left alone")
    check('cpuaclAscendcFail(0, "trap")' in b and "asm" not in b, "asm(\"trap\") lowered")
    check("__cpuacl_launch_k_one(BLOCKS(3), nullptr, s,x, Box<Box<int>>{{1}}, PICK(3u, 4u))"
          in b, "macros in a launch are kept as written")
    check("fake" not in re.sub(r"//.*", "", b).replace("void fake(int)", ""), "no kernel 'fake'")
    lines = b.split("\n")
    src_lines = TRICKY.split("\n")
    check(len(lines) == len(src_lines), "line count kept (%d vs %d)" % (len(lines),
                                                                      len(src_lines)))
    mark = src_lines.index("int marker_line;")
    check(lines[mark] == "int marker_line;", "line numbers kept: %r" % lines[mark])
    out = os.path.join(WORK, "tricky.out.cpp")
    compiles("tricky", out)
    for k in ("k_one", "k_two", "k_three"):
        h = os.path.join(hdr, "aclrtlaunch_%s.h" % k)
        check(os.path.exists(h), "header for " + k)
    h1 = open(os.path.join(hdr, "aclrtlaunch_k_three.h")).read()
    check("uint32_t aclrtlaunch_k_three(uint32_t blockDim, aclrtStream stream, void * p, "
          "const int32_t k, double d);" in h1, "aclrtlaunch_k_three's prototype: " + h1)
    check("#define ACLRT_LAUNCH_KERNEL(kernel_func) aclrtlaunch_##kernel_func" in h1,
          "ACLRT_LAUNCH_KERNEL macro")
    compiles("aclrtlaunch_k_three.h as C", os.path.join(hdr, "aclrtlaunch_k_three.h"), "c")
    # A C++ host program using the header and the macro.
    use = os.path.join(WORK, "use_header.cpp")
    with open(use, "w") as f:
        f.write('#include "%s"\nuint32_t f(void *s, unsigned char *p) { return '
                'ACLRT_LAUNCH_KERNEL(k_three)(8, s, p, 3, 1.5); }\n'
                % os.path.join(hdr, "aclrtlaunch_k_three.h"))
    compiles("ACLRT_LAUNCH_KERNEL use", use)

# 2. list: the kernels in order.
lst = subprocess.run([sys.executable, REWRITER, "list", os.path.join(WORK, "tricky.cpp")],
                     capture_output=True, text=True)
check(lst.stdout.split() == ["k_one", "k_two", "k_three"], "list: " + lst.stdout)

# 3. Fatbin: the kernels renamed, a cpuaclKernelFunc named like each, a descriptor.
r, text, _ = rewrite("fatbin", TRICKY, "--fatbin")
check(r.returncode == 0, "fatbin lowers: " + r.stderr)
if text:
    check(re.search(r'extern "C" __attribute__\(\(visibility\("default"\)\)\) void k_one\('
                    r'void \*args_, size_t argsSize_, uint32_t blockIdx_, uint32_t numBlocks_\)',
                    text) is not None, "fatbin wrapper k_one")
    check("const cpuaclKernelDesc k_three_cpuacl_desc" in text, "fatbin descriptor k_three")
    check("__global__ __aicore__ void __cpuacl_kernel_k_one(" in text, "fatbin renames k_one")
    compiles("fatbin", os.path.join(WORK, "fatbin.out.cpp"))

# 4. A kernel declared here and defined in another file: a launcher, but no aclrtlaunch_
#    function or header (those come with the definition; two would collide at link).
r, text, hdr = rewrite("declared", 'extern "C" __global__ __aicore__ void elsewhere(GM_ADDR p);\n'
                       "uint32_t go(void *s, uint8_t *p) { return elsewhere<<<2, nullptr, s>>>(p); }\n")
check(r.returncode == 0, "declared-only lowers: " + r.stderr)
if text:
    check("__cpuacl_launch_elsewhere(2, nullptr, s,p)" in text and "aclrtlaunch_" not in text,
          "declared-only kernel: launcher only")
    check(not os.path.exists(os.path.join(hdr, "aclrtlaunch_elsewhere.h")), "no header")
    compiles("declared", os.path.join(WORK, "declared.out.cpp"))
lst = subprocess.run([sys.executable, REWRITER, "list", os.path.join(WORK, "declared.cpp")],
                     capture_output=True, text=True)
check(lst.stdout == "", "list names defined kernels only: %r" % lst.stdout)

# 5. Errors: file:line: error: ..., exit 1.
for name, src, want in [
    ("undeclared", "void f(void *s) { missing<<<1, nullptr, s>>>(); }\n",
     r"undeclared\.cpp:1: error: launch of 'missing': no __global__ kernel"),
    ("twocfg", "__global__ void k() {}\nvoid f(void *s) {\n k<<<1, s>>>();\n}\n",
     r"twocfg\.cpp:3: error: launch of 'k': <<<>>> takes blockDim, l2ctrl, stream \(2 given\)"),
    ("noclose", "__global__ void k() {}\nvoid f(void *s) { k<<<1, nullptr, s(); }\n",
     r"noclose\.cpp:2: error: '<<<' without '>>>'"),
    ("noparen", "__global__ void k() {}\nvoid f(void *s) { k<<<1, nullptr, s>>>; }\n",
     r"noparen\.cpp:2: error: launch of 'k': '\(' expected after '>>>'"),
    ("template", "template <typename T> __global__ void k(T *x) {}\n"
     "void f(void *s, int *x) { k<int><<<1, nullptr, s>>>(x); }\n",
     r"template\.cpp:2: error: '<<<' not after a kernel name"),
]:
    r, text, _ = rewrite(name, src)
    check(r.returncode == 1 and re.search(want, r.stderr) is not None,
          "%s: refused with %r (got %d: %s)" % (name, want, r.returncode, r.stderr))

print("ascendc_rewrite: %d failure(s)" % len(failures))
sys.exit(1 if failures else 0)
