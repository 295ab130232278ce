# SPDX-License-Identifier: Apache-2.0
"""`import acl` in every way Python is started, without restarting the interpreter (issue 32):
a script, -c, stdin (`python3 - < s.py`), -i reading stdin, a multiprocessing spawn pool whose
workers import acl, and an interpreter embedded in a C program (libpython3). Each prints a line
before the import, which must appear exactly once (a restart would print it twice or, for
stdin, lose what follows), and every acl call must return 0. The environment has no
GLIBC_TUNABLES: a plain interpreter must be able to dlopen the library. Also: the library's
static TLS stays within its budget and it records no library that needs static TLS."""
import os
import re
import subprocess
import sys
import tempfile
import unittest

import acltest
from acltest import Case, acl

# Debian's interpreter, the one ctest runs (the static-TLS reserve is glibc's, the same for
# any interpreter; the embedded case uses Debian's libpython3 too).
PY = sys.executable
EMBED = os.environ.get("ACLTEST_EMBED")
TLS_BUDGET = 512  # bytes of PT_TLS in libcpuacl (docs/notes/tls-research.md: ~1.6 KB is all
# glibc keeps for every initial-exec module opened after start-up)

PRE = "pre-import line"
# Flat statements only: `python3 -i` reads them one by one as an interactive session.
BODY = """print("%s", flush=True)
import acl
rets = [acl.init("")]
rets.append(acl.rt.set_device(0))
stream, r = acl.rt.create_stream()
rets.append(r)
dev, r = acl.rt.malloc(1 << 20, 0)
rets.append(r)
rets.append(acl.rt.memset(dev, 1 << 20, 7, 1 << 20))
rets.append(acl.rt.free(dev))
rets.append(acl.rt.destroy_stream(stream))
rets.append(acl.rt.reset_device(0))
rets.append(acl.finalize())
print("rets", rets, flush=True)
""" % PRE
RETS = "rets [0, 0, 0, 0, 0, 0, 0, 0, 0]"

POOL = """import multiprocessing


def work(i):
    import acl
    r = [acl.init(""), acl.rt.set_device(0)]
    dev, x = acl.rt.malloc(4096, 0)
    r += [x, acl.rt.free(dev), acl.rt.reset_device(0), acl.finalize()]
    return r


if __name__ == "__main__":
    print("%s", flush=True)
    import acl  # the parent has it loaded too
    with multiprocessing.get_context("spawn").Pool(2) as pool:
        res = pool.map(work, range(4))
    print("rets", sorted(set(sum(res, []))), len(res), flush=True)
""" % PRE


def env():
    e = dict(os.environ)
    e.pop("GLIBC_TUNABLES", None)
    return e


def run(argv, stdin=None):
    return subprocess.run(argv, env=env(), input=stdin, capture_output=True, text=True,
                          timeout=180)


class Startup(Case):
    def check(self, p, rets=RETS):
        self.assertEqual(p.returncode, 0, p.stdout + p.stderr)
        self.assertEqual(p.stdout.count(PRE), 1, p.stdout)
        self.assertIn(rets, p.stdout, p.stdout + p.stderr)

    def script(self, text):
        f = tempfile.NamedTemporaryFile("w", suffix=".py", delete=False)
        self.addCleanup(os.unlink, f.name)
        with f:
            f.write(text)
        return f.name

    def test_script(self):
        self.check(run([PY, self.script(BODY)]))

    def test_dash_c(self):
        self.check(run([PY, "-c", BODY]))

    def test_stdin(self):
        self.check(run([PY, "-"], stdin=BODY))

    def test_interactive_reading_stdin(self):
        self.check(run([PY, "-i"], stdin=BODY))

    def test_spawn_pool(self):
        self.check(run([PY, self.script(POOL)]), rets="rets [0] 4")

    @unittest.skipUnless(EMBED and os.path.exists(EMBED), "no embedding program (python3-dev)")
    def test_embedded(self):
        self.check(run([EMBED, self.script(BODY)]))

    def test_static_tls_import_error_names_the_cause(self):
        # Debian's libjemalloc needs more static TLS than dlopen can have: the loader's
        # ImportError must say so and name the tunable.
        je = "/usr/lib/x86_64-linux-gnu/libjemalloc.so.2"
        if not os.path.exists(je):
            self.skipTest("no " + je)
        p = subprocess.run([PY, "-c", "import acl"], env=dict(env(), CPUACL_LIBRARY=je),
                           capture_output=True, text=True, timeout=120)
        if p.returncode == 0:
            self.skipTest("this process had static TLS to spare for jemalloc")
        self.assertIn("ImportError", p.stderr)
        self.assertIn("static TLS", p.stderr)
        self.assertIn("GLIBC_TUNABLES=glibc.rtld.optional_static_tls", p.stderr)


def readelf(*args):
    return subprocess.run(["readelf"] + list(args), capture_output=True, text=True,
                          check=True).stdout


class StaticTls(Case):
    def test_library_tls_within_budget(self):
        segs = [l.split() for l in readelf("-lW", acl.library_path).splitlines()
                if l.strip().startswith("TLS ")]
        self.assertEqual(len(segs), 1, segs)
        memsz = int(segs[0][5], 16)
        self.assertLessEqual(memsz, TLS_BUDGET,
                             "libcpuacl's PT_TLS is %d bytes, over the %d-byte budget: move "
                             "cold per-thread buffers to core/runtime/thread_cold.h"
                             % (memsz, TLS_BUDGET))

    def test_no_needed_library_takes_static_tls(self):
        # What the library records must not itself need static TLS (libjemalloc does): only
        # libc and the loader, which every process has from start-up, may, and the sanitizer
        # runtimes of the sanitizer presets (preloaded there).
        dyn = readelf("-dW", acl.library_path)
        needed = re.findall(r"\(NEEDED\)\s+Shared library: \[(.+?)\]", dyn)
        self.assertNotIn("libjemalloc.so.2", needed)
        # Without the preset's LD_PRELOAD: ldd with TSan's runtime preloaded prints nothing.
        quiet = {k: v for k, v in os.environ.items() if k != "LD_PRELOAD"}
        ldd = subprocess.run(["ldd", acl.library_path], capture_output=True, text=True,
                             env=quiet).stdout
        paths = dict(re.findall(r"^\s*(\S+) => (/\S+)", ldd, re.M))
        for name in needed:
            if name.startswith(("libc.so", "ld-linux", "libm.so", "libasan.", "libubsan.",
                                "libtsan.", "liblsan.")):
                continue
            path = paths.get(name)
            self.assertTrue(path, "%s not resolved: %s" % (name, ldd))
            self.assertNotIn("STATIC_TLS", readelf("-dW", path), "%s needs static TLS" % path)


if __name__ == "__main__":
    acltest.main()
