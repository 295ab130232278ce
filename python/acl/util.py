# SPDX-License-Identifier: Apache-2.0
"""acl.util: moving data between Python objects and pointers, and threads.

numpy is optional: numpy_to_ptr works on anything with an
__array_interface__ (or a writable buffer), ptr_to_numpy needs numpy.
"""
import ctypes
import threading

# NumPy C type numbers, as pyACL's ptr_to_numpy takes them.
NPY_BOOL = 0
NPY_BYTE = NPY_INT8 = 1
NPY_UBYTE = NPY_UINT8 = 2
NPY_SHORT = NPY_INT16 = 3
NPY_USHORT = NPY_UINT16 = 4
NPY_INT = NPY_INT32 = 5
NPY_UINT = NPY_UINT32 = 6
NPY_LONG = NPY_INT64 = 7
NPY_ULONG = NPY_UINT64 = 8
NPY_LONGLONG = 9
NPY_ULONGLONG = 10
NPY_FLOAT = NPY_FLOAT32 = 11
NPY_DOUBLE = NPY_FLOAT64 = 12
NPY_HALF = NPY_FLOAT16 = 23

_NPY_NAMES = {
    NPY_BOOL: "bool", NPY_INT8: "int8", NPY_UINT8: "uint8", NPY_INT16: "int16",
    NPY_UINT16: "uint16", NPY_INT32: "int32", NPY_UINT32: "uint32", NPY_INT64: "int64",
    NPY_UINT64: "uint64", NPY_LONGLONG: "longlong", NPY_ULONGLONG: "ulonglong",
    NPY_FLOAT32: "float32", NPY_FLOAT64: "float64", NPY_FLOAT16: "float16",
}

_ERR_INVALID_PARAM = 100000


def _numpy():
    try:
        import numpy
    except ImportError:
        raise ImportError("acl.util.ptr_to_numpy needs numpy (Debian: python3-numpy); "
                          "use acl.util.ptr_to_bytes without it") from None
    return numpy


def bytes_to_ptr(data):
    """ptr = acl.util.bytes_to_ptr(data)

    Address of the bytes / bytearray / writable buffer's own storage (no
    copy): valid while `data` lives. Write only into mutable objects."""
    if isinstance(data, bytes):
        if not data:
            return 0
        return ctypes.cast(ctypes.c_char_p(data), ctypes.c_void_p).value or 0
    mv = memoryview(data)
    if mv.nbytes == 0:
        return 0
    if mv.readonly:
        return _readonly_ptr(data)
    return ctypes.addressof((ctypes.c_char * mv.nbytes).from_buffer(data))


def _readonly_ptr(data):
    iface = getattr(data, "__array_interface__", None)
    if iface is not None:
        return int(iface["data"][0])
    raise TypeError("acl.util.bytes_to_ptr: a read-only buffer other than bytes")


def ptr_to_bytes(ptr, size):
    """data = acl.util.ptr_to_bytes(ptr, size): a copy of size bytes at ptr."""
    if size == 0:
        return b""
    if not ptr:
        raise ValueError("acl.util.ptr_to_bytes: NULL pointer")
    return ctypes.string_at(ptr, size)


def numpy_to_ptr(array):
    """ptr = acl.util.numpy_to_ptr(array): address of the array's data (no
    copy; valid while the array lives). Any object with __array_interface__
    or a writable buffer works, numpy or not."""
    iface = getattr(array, "__array_interface__", None)
    if iface is not None:
        return int(iface["data"][0])
    return bytes_to_ptr(array)


def ptr_to_numpy(ptr, shape, npy_type):
    """array = acl.util.ptr_to_numpy(ptr, shape, type)

    A numpy array over the memory at ptr (no copy: it reads and writes that
    memory and must not outlive it). type: an NPY_* number (11 = float32), or
    a numpy dtype."""
    np = _numpy()
    if isinstance(npy_type, int) and not isinstance(npy_type, bool):
        if npy_type not in _NPY_NAMES:
            raise ValueError("acl.util.ptr_to_numpy: unknown NPY type %d" % npy_type)
        dt = np.dtype(_NPY_NAMES[npy_type])
    else:
        dt = np.dtype(npy_type)
    shape = tuple(int(d) for d in (shape if isinstance(shape, (tuple, list)) else (shape,)))
    n = 1
    for d in shape:
        n *= d
    nbytes = n * dt.itemsize
    if nbytes == 0:
        return np.zeros(shape, dtype=dt)
    if not ptr:
        raise ValueError("acl.util.ptr_to_numpy: NULL pointer")
    buf = (ctypes.c_char * nbytes).from_address(ptr)
    return np.frombuffer(buf, dtype=dt, count=n).reshape(shape)

# ---- threads -------------------------------------------------------------------
#
# A thread id is the thread's pthread_t (threading.get_ident() on Linux), the
# value aclrtSubscribeReport expects and aclrtProcessReport matches against
# the calling thread.

_threads = {}  # thread id -> [Thread, ...]: a finished thread's id may be reused
_threads_lock = threading.Lock()


def start_thread(thr_func, args_list):
    """thread_id, ret = acl.util.start_thread(thr_func, args_list)

    Runs thr_func(args_list) on a new thread. Like pyACL's, the thread has no
    current context until it calls acl.rt.set_context."""
    if not callable(thr_func):
        return 0, _ERR_INVALID_PARAM
    t = threading.Thread(target=thr_func, args=(args_list,), daemon=True,
                         name="acl.util.start_thread")
    t.start()  # returns once the thread runs, so ident is set
    with _threads_lock:
        # An id seen before belongs to threads that have ended (pthread ids
        # are reused only after exit): stop_thread takes them oldest first.
        _threads.setdefault(t.ident, []).append(t)
    return t.ident, 0


def stop_thread(thread_id):
    """ret = acl.util.stop_thread(thread_id): wait for the thread to finish
    (its function must return, e.g. after a flag tells its loop to stop)."""
    with _threads_lock:
        ts = _threads.get(thread_id)
        t = ts[0] if ts else None
        if t is None or t is threading.current_thread():
            return _ERR_INVALID_PARAM
        ts.pop(0)
        if not ts:
            del _threads[thread_id]
    t.join()
    return 0
