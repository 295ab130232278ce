# SPDX-License-Identifier: Apache-2.0
"""Finding and loading libcpuacl, and declaring C prototypes.

The library is looked for, in order:
  1. the file named by the environment variable CPUACL_LIBRARY;
  2. the path recorded in acl/_paths.py (written by the build for the build
     tree's copy of the package, and by `cmake --install` for the installed
     one, relative to the package there);
  3. next to the package (acl/ or the directory holding acl/);
  4. the dynamic loader's search path (LD_LIBRARY_PATH, ld.so.cache):
     libcpuacl.so.0, libcpuacl.so, libascendcl.so.
If none loads, importing `acl` raises ImportError saying what was tried.

Static TLS: a library opened with dlopen after start-up gets its initial-exec
thread-local storage from what glibc keeps spare (about 1.6 KB). libcpuacl's is
under 512 bytes (its cold per-thread buffers are on the heap) and it does not
record libjemalloc (2632 bytes of initial-exec TLS): its memory layer loads
jemalloc when it can and otherwise uses its own allocator, so a plain python3
loads it in every way Python is started (script, -c, stdin, -i, multiprocessing
spawn, embedded). If dlopen still reports "cannot allocate memory in static TLS
block" (other libraries of the process took the reserve), ImportError says so
and names the glibc tunable that enlarges it.
"""
import ctypes
import os

_NAMES = ("libcpuacl.so.0", "libcpuacl.so", "libascendcl.so")


def _candidates():
    env = os.environ.get("CPUACL_LIBRARY")
    if env:
        yield "CPUACL_LIBRARY", env
        return  # an explicit choice is never second-guessed
    here = os.path.dirname(os.path.abspath(__file__))
    try:
        from . import _paths  # generated; absent in the source tree
        for p in _paths.LIBRARIES:
            yield "acl/_paths.py", p if os.path.isabs(p) else os.path.join(here, p)
    except ImportError:
        pass
    for d in (here, os.path.dirname(here)):
        for n in _NAMES:
            p = os.path.join(d, n)
            if os.path.exists(p):
                yield "next to the package", p
    for n in _NAMES:
        yield "loader path", n


_TUNABLE = "glibc.rtld.optional_static_tls=16384"


def _load():
    tried = []
    static_tls = False
    for origin, path in _candidates():
        if os.path.isabs(path) and not os.path.exists(path):
            tried.append("%s (%s): no such file" % (path, origin))
            continue
        try:
            return ctypes.CDLL(path), path
        except OSError as e:
            tried.append("%s (%s): %s" % (path, origin, e))
            if "static TLS" in str(e):
                static_tls = True
                break
    hint = ("\nSet CPUACL_LIBRARY=/path/to/libcpuacl.so, or add its directory to "
            "LD_LIBRARY_PATH, or use the package installed by `cmake --install`.")
    if static_tls:
        hint = ("\nglibc's static TLS reserve for libraries opened after start-up is too "
                "small (a library loaded before acl, or one the library needs, uses "
                "initial-exec thread-local storage). Start Python with GLIBC_TUNABLES=%s in "
                "the environment, or import acl before the other library." % _TUNABLE)
    raise ImportError("acl: cannot load the cpuacl library (libcpuacl.so). Tried:\n  "
                      + "\n  ".join(tried) + hint)


lib, path = _load()

# The C types the modules declare functions with (they import them from here).
from ctypes import (  # noqa: E402,F401
    c_bool, c_char_p, c_double, c_float, c_int, c_int8, c_int32, c_int64, c_size_t, c_uint32,
    c_uint64, c_void_p)

P = ctypes.POINTER

ACL_ERROR_API_NOT_SUPPORT = 200001


def _missing(name):
    def f(*_args):
        return ACL_ERROR_API_NOT_SUPPORT
    f.__name__ = name
    f.missing = True
    return f


# ctypes converts arguments without range checks: 2**70 passed as a handle (c_void_p) or a
# count (c_uint32) silently wraps (a handle of 2**64 becomes NULL: the default stream), and a
# str passed as a pointer becomes the address of its bytes. The argument types fn() declares
# are these checked subclasses instead: an int out of the C type's range raises OverflowError,
# a str or float where an integer or a pointer is expected raises TypeError, before C runs.
def _int_range(ctype):
    """The ints a C caller could pass as ctype: its own range, and for unsigned types also the
    negative values C converts modulo 2**bits (a size of -1 is SIZE_MAX in C too)."""
    bits = 8 * ctypes.sizeof(ctype)
    if ctype(-1).value == -1:
        return -(1 << (bits - 1)), (1 << (bits - 1)) - 1
    return -(1 << (bits - 1)), (1 << bits) - 1


def _checked_int(ctype):
    lo, hi = _int_range(ctype)

    class Checked(ctype):
        @classmethod
        def from_param(cls, v):
            if isinstance(v, ctype):
                return v
            if not isinstance(v, int):
                if hasattr(v, "__index__"):  # numpy integers
                    v = v.__index__()
                else:
                    raise TypeError("expected an integer (%s), got %s"
                                    % (ctype.__name__, type(v).__name__))
            if not lo <= v <= hi:
                raise OverflowError("%d is out of range for %s [%d, %d]"
                                    % (v, ctype.__name__, lo, hi))
            return ctype(v)

    Checked.__name__ = ctype.__name__
    return Checked


class _Pointer(c_void_p):
    """c_void_p that refuses ints outside [0, 2**64) and str."""

    @classmethod
    def from_param(cls, v):
        if v is None or isinstance(v, c_void_p):
            return v
        if isinstance(v, bool) or not isinstance(v, (int, str, float)) \
                and hasattr(v, "__index__"):
            v = v.__index__()
        if isinstance(v, int):
            if not -(1 << 63) <= v < (1 << 64):
                raise OverflowError("%d is not a pointer or handle (-2**63 <= value < 2**64)"
                                    % v)
            return c_void_p(v % (1 << 64))
        if isinstance(v, (str, float)):
            raise TypeError("expected a pointer or handle (int), got %s" % type(v).__name__)
        return c_void_p.from_param(v)  # ctypes objects, byref, bytes buffers


_CHECKED = {t: _checked_int(t) for t in (c_int, c_int8, c_int32, c_int64, c_size_t, c_uint32,
                                          c_uint64, ctypes.c_uint8, ctypes.c_uint16,
                                          ctypes.c_int16)}
_CHECKED[c_void_p] = _Pointer


def fn(name, restype, *argtypes):
    """The C function `name` with its prototype (integer and pointer arguments range-checked,
    see _CHECKED); a stand-in returning ACL_ERROR_API_NOT_SUPPORT when this build of the
    library lacks it."""
    try:
        f = getattr(lib, name)
    except AttributeError:
        return _missing(name)
    f.restype = restype
    f.argtypes = [_CHECKED.get(t, t) for t in argtypes]

    def call(*args):
        try:
            return f(*args)
        except ctypes.ArgumentError as e:  # raise what the check raised, naming the call
            msg = str(e.args[0]) if e.args else ""  # "argument 2: OverflowError: ..."
            for kind in (OverflowError, TypeError):
                if ": %s: " % kind.__name__ in msg:
                    raise kind("%s: %s" % (name, msg)) from None
            raise TypeError("%s: %s" % (name, msg)) from None
    call.__name__ = name
    return call


def c_str(s):
    """A string argument: str (UTF-8), bytes, or None (NULL)."""
    return s.encode() if isinstance(s, str) else s


def c_array(ctype, values, conv=None):
    """values (a list, tuple or 1-D numpy array), each through conv when given, as a C
    array of ctype and its length; at least one element is allocated, so an empty list
    passes a valid pointer."""
    vals = list(values) if conv is None else [conv(v) for v in values]
    return (ctype * max(len(vals), 1))(*vals), len(vals)


def i64_array(values):
    """c_array of int64 values; (None, 0) for None."""
    return (None, 0) if values is None else c_array(ctypes.c_int64, values, int)


def ptr_value(v):
    """A c_void_p's value as a Python int (0 for NULL)."""
    return v.value or 0


def _value(v):
    return (v.value or 0) if isinstance(v, c_void_p) else v.value


def first(cfn, ctype, *args):
    """(value, ret) of a C call whose first parameter is its output."""
    v = ctype()
    ret = cfn(ctypes.byref(v), *args)
    return _value(v), ret


def last(cfn, ctype, *args):
    """(value, ret) of a C call whose last parameter is its output."""
    v = ctype()
    ret = cfn(*(args + (ctypes.byref(v),)))
    return _value(v), ret
