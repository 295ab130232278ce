# SPDX-License-Identifier: Apache-2.0
"""The acl package itself: its tables match the headers, the library is found
(build tree, CPUACL_LIBRARY, loader path, an install) or a clear ImportError
says why not, and calls before acl.init return codes."""
import os
import shutil
import subprocess
import sys
import tempfile
import unittest

import acltest
from acltest import Case, acl

SRC = os.environ.get("CPUACL_SOURCE_DIR")
BUILD = os.environ.get("CPUACL_BUILD_DIR")
CMAKE = os.environ.get("CPUACL_CMAKE", "cmake")


def py(code, env_update=None, drop=(), pythonpath=None):
    env = dict(os.environ)
    for k in drop:
        env.pop(k, None)
    if pythonpath is not None:
        env["PYTHONPATH"] = pythonpath
    env.update(env_update or {})
    return subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True,
                          timeout=120)


class Package(Case):
    @unittest.skipUnless(SRC, "CPUACL_SOURCE_DIR not set")
    def test_tables_match_headers(self):
        p = subprocess.run([sys.executable, os.path.join(SRC, "python", "gen_tables.py"),
                            "--check"], capture_output=True, text=True)
        self.assertEqual(p.returncode, 0, p.stderr)

    def test_constants_spelled_as_pyacl(self):
        self.assertEqual(acl.ACL_MEMCPY_HOST_TO_DEVICE, 1)
        self.assertEqual(acl.ACL_MEMCPY_DEVICE_TO_HOST, 2)
        self.assertEqual(acl.ACL_MEM_MALLOC_HUGE_FIRST, 0)
        self.assertEqual(acl.ACL_CALLBACK_BLOCK, 1)
        self.assertEqual(acl.ACL_ERROR_RT_INVALID_HANDLE, 107017)
        self.assertEqual(acl.ACL_FLOAT16, 1)
        self.assertEqual(acl.util.NPY_FLOAT32, 11)

    def test_bad_library_path_is_a_clear_import_error(self):
        p = py("import acl", {"CPUACL_LIBRARY": "/nonexistent/libcpuacl.so"})
        self.assertNotEqual(p.returncode, 0)
        self.assertIn("ImportError", p.stderr)
        self.assertIn("cannot load the cpuacl library", p.stderr)
        self.assertIn("/nonexistent/libcpuacl.so (CPUACL_LIBRARY): no such file", p.stderr)

    def test_cpuacl_library_variable(self):
        p = py("import acl; print(acl.library_path)", {"CPUACL_LIBRARY": acl.library_path})
        self.assertEqual(p.returncode, 0, p.stderr)
        self.assertEqual(p.stdout.strip(), acl.library_path)

    @unittest.skipUnless(SRC, "CPUACL_SOURCE_DIR not set")
    def test_source_tree_package_through_the_loader_path(self):
        # python/acl in the source tree has no _paths.py: the loader finds
        # the library through LD_LIBRARY_PATH.
        libdir = os.path.dirname(acl.library_path)
        p = py("import acl; print(acl.library_path)",
               {"LD_LIBRARY_PATH": libdir}, drop=("CPUACL_LIBRARY",),
               pythonpath=os.path.join(SRC, "python"))
        self.assertEqual(p.returncode, 0, p.stderr)
        self.assertEqual(p.stdout.strip(), "libcpuacl.so.0")

    def test_codes_before_init_and_after_finalize(self):
        p = py("""
import acl
s, ret = acl.rt.create_stream()
print(ret, s)
print(acl.finalize())
print(acl.init(""))
print(acl.finalize())
""")
        self.assertEqual(p.returncode, 0, p.stderr)
        self.assertEqual(p.stdout.split(), [str(acl.ACL_ERROR_UNINITIALIZE), "0",
                                            str(acl.ACL_ERROR_REPEAT_FINALIZE), "0", "0"])

    @unittest.skipUnless(SRC and acltest.HAVE_NUMPY, "needs the source tree and numpy")
    def test_readme_example_runs(self):
        with open(os.path.join(SRC, "README.md"), encoding="utf-8") as f:
            text = f.read()
        start = text.index("```python\n", text.index("### From Python")) + len("```python\n")
        snippet = text[start:text.index("```", start)]
        p = py(snippet + """
assert ret == 0, ret
got = acl.util.ptr_to_numpy(dev, (1024,), acl.util.NPY_FLOAT32)
assert (got == np.arange(1024)).all(), got[:8]
assert acl.finalize() == 0
print("ok")
""")
        self.assertEqual((p.returncode, p.stdout.strip()), (0, "ok"), p.stderr)

    @unittest.skipUnless(BUILD and shutil.which(CMAKE) or os.path.exists(CMAKE),
                         "CPUACL_BUILD_DIR / cmake not available")
    def test_cmake_install(self):
        with tempfile.TemporaryDirectory() as prefix:
            p = subprocess.run([CMAKE, "--install", BUILD, "--prefix", prefix],
                               capture_output=True, text=True)
            self.assertEqual(p.returncode, 0, p.stdout + p.stderr)
            site = os.path.join(prefix, "lib", "python3", "dist-packages")
            self.assertTrue(os.path.exists(os.path.join(site, "acl", "_paths.py")))
            p = py("""
import acl
assert acl.init() == 0
assert acl.rt.set_device(0) == 0
d, ret = acl.rt.malloc(16, 0)
assert ret == 0 and acl.rt.memset(d, 16, 3, 16) == 0
print(acl.util.ptr_to_bytes(d, 4).hex(), acl.library_path)
assert acl.finalize() == 0
""", drop=("CPUACL_LIBRARY", "LD_LIBRARY_PATH"), pythonpath=site)
            self.assertEqual(p.returncode, 0, p.stderr)
            out, path = p.stdout.split()
            self.assertEqual(out, "03030303")
            self.assertTrue(os.path.realpath(path).startswith(os.path.realpath(prefix)), path)


if __name__ == "__main__":
    acltest.main()
