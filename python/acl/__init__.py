# SPDX-License-Identifier: Apache-2.0
"""acl: the pyACL-compatible Python API of cpuacl (pure Python over
libcpuacl with ctypes).

    import acl
    ret = acl.init()
    ret = acl.rt.set_device(0)
    stream, ret = acl.rt.create_stream()
    ...
    ret = acl.finalize()

Modules: acl.rt (runtime), acl.mdl (model run instances: capture, replay),
acl.util (pointers <-> bytes / numpy, threads), acl.nn (aclnn operators),
acl.op (single-operator execution: operators by their CANN type name).
Data buffers and tensor descriptions are top-level, as in pyACL
(acl.create_data_buffer, acl.create_tensor_desc, ...: acl/_base.py).
The constants of the C headers (ACL_MEMCPY_HOST_TO_DEVICE, ACL_SUCCESS,
ACL_ERROR_RT_*, ACL_FLOAT, ...) are attributes of this module.
Conventions: see acl.rt.
"""
import atexit as _atexit
import threading as _threading

from . import _lib
from ._constants import *  # noqa: F401,F403  (the C headers' constants)
from . import rt, mdl, util, nn, op  # noqa: E402
from . import _base  # noqa: E402
from ._base import *  # noqa: F401,F403,E402  (data buffers, tensor descriptions)

__all__ = ["init", "finalize", "get_recent_err_msg", "get_soc_name", "rt", "mdl", "util",
           "nn", "op"] + _base.__all__

_Init = _lib.fn("aclInit", _lib.c_int, _lib.c_char_p)
_Finalize = _lib.fn("aclFinalize", _lib.c_int)
_GetRecentErrMsg = _lib.fn("aclGetRecentErrMsg", _lib.c_char_p)
_GetSocName = _lib.fn("aclrtGetSocName", _lib.c_char_p)

library_path = _lib.path  # the libcpuacl that was loaded

_state_lock = _threading.Lock()
_initialized = False


def init(config_path=None):
    """ret = acl.init(config_path=None): config_path names an optional JSON
    file ("" and None mean none)."""
    global _initialized
    p = config_path.encode() if isinstance(config_path, str) and config_path else None
    if isinstance(config_path, bytes) and config_path:
        p = config_path
    ret = _Init(p)
    if ret == 0:
        with _state_lock:
            _initialized = True
    return ret


def finalize():
    """ret = acl.finalize()"""
    global _initialized
    ret = _Finalize()
    with _state_lock:
        _initialized = False
    return ret


def get_recent_err_msg():
    """msg = acl.get_recent_err_msg(): the calling thread's latest failure
    message (then cleared); "" when there is none."""
    m = _GetRecentErrMsg()
    return m.decode(errors="replace") if m else ""


def get_soc_name():
    """name = acl.get_soc_name()"""
    m = _GetSocName()
    return m.decode(errors="replace") if m else ""


@_atexit.register
def _finalize_at_exit():
    # A program that forgot acl.finalize() must not have runtime threads call
    # Python callbacks while the interpreter shuts down: finalize (which
    # drains every device) while the interpreter is still whole.
    if _initialized:
        finalize()
