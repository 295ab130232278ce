# SPDX-License-Identifier: Apache-2.0
"""acl.rt: devices, contexts, streams, events, memory, copies, host callbacks.

pyACL conventions: a call that produces values returns them first and the
error code last (`stream, ret = acl.rt.create_stream()`), the others return
the error code alone. Handles and pointers are Python ints (0 is NULL; stream
0 is the current context's default stream). Failures are returned, never
raised; acl.get_recent_err_msg() tells why.
"""
import ctypes
import itertools
import sys
import threading
import traceback

from ._lib import P, c_float, c_int, c_int32, c_size_t, c_uint32, c_uint64, c_void_p, fn
from ._lib import first as _first, last as _last


# ---- C prototypes ------------------------------------------------------------
_SetDevice = fn("aclrtSetDevice", c_int, c_int32)
_ResetDevice = fn("aclrtResetDevice", c_int, c_int32)
_ResetDeviceForce = fn("aclrtResetDeviceForce", c_int, c_int32)
_GetDevice = fn("aclrtGetDevice", c_int, P(c_int32))
_GetDeviceCount = fn("aclrtGetDeviceCount", c_int, P(c_uint32))
_GetRunMode = fn("aclrtGetRunMode", c_int, P(c_int))
_SynchronizeDevice = fn("aclrtSynchronizeDevice", c_int)
_SynchronizeDeviceWithTimeout = fn("aclrtSynchronizeDeviceWithTimeout", c_int, c_int32)
_DeviceCanAccessPeer = fn("aclrtDeviceCanAccessPeer", c_int, P(c_int32), c_int32, c_int32)
_DeviceEnablePeerAccess = fn("aclrtDeviceEnablePeerAccess", c_int, c_int32, c_uint32)
_DeviceDisablePeerAccess = fn("aclrtDeviceDisablePeerAccess", c_int, c_int32)
_GetLastError = fn("aclrtGetLastError", c_int, c_int)
_PeekAtLastError = fn("aclrtPeekAtLastError", c_int, c_int)
_GetVersion = fn("aclrtGetVersion", c_int, P(c_int32), P(c_int32), P(c_int32))

_CreateContext = fn("aclrtCreateContext", c_int, P(c_void_p), c_int32)
_DestroyContext = fn("aclrtDestroyContext", c_int, c_void_p)
_SetCurrentContext = fn("aclrtSetCurrentContext", c_int, c_void_p)
_GetCurrentContext = fn("aclrtGetCurrentContext", c_int, P(c_void_p))
_CtxGetCurrentDefaultStream = fn("aclrtCtxGetCurrentDefaultStream", c_int, P(c_void_p))

_CreateStream = fn("aclrtCreateStream", c_int, P(c_void_p))
_CreateStreamWithConfig = fn("aclrtCreateStreamWithConfig", c_int, P(c_void_p), c_uint32,
                             c_uint32)
_DestroyStream = fn("aclrtDestroyStream", c_int, c_void_p)
_DestroyStreamForce = fn("aclrtDestroyStreamForce", c_int, c_void_p)
_SynchronizeStream = fn("aclrtSynchronizeStream", c_int, c_void_p)
_SynchronizeStreamWithTimeout = fn("aclrtSynchronizeStreamWithTimeout", c_int, c_void_p,
                                   c_int32)
_StreamQuery = fn("aclrtStreamQuery", c_int, c_void_p, P(c_int))
_StreamWaitEvent = fn("aclrtStreamWaitEvent", c_int, c_void_p, c_void_p)
_StreamWaitEventWithTimeout = fn("aclrtStreamWaitEventWithTimeout", c_int, c_void_p, c_void_p,
                                 c_int32)
_SetStreamFailureMode = fn("aclrtSetStreamFailureMode", c_int, c_void_p, c_uint64)
_StreamGetPriority = fn("aclrtStreamGetPriority", c_int, c_void_p, P(c_uint32))
_StreamGetFlags = fn("aclrtStreamGetFlags", c_int, c_void_p, P(c_uint32))
_GetStreamAvailableNum = fn("aclrtGetStreamAvailableNum", c_int, P(c_uint32))

_CreateEvent = fn("aclrtCreateEvent", c_int, P(c_void_p))
_CreateEventWithFlag = fn("aclrtCreateEventWithFlag", c_int, P(c_void_p), c_uint32)
_CreateEventExWithFlag = fn("aclrtCreateEventExWithFlag", c_int, P(c_void_p), c_uint32)
_DestroyEvent = fn("aclrtDestroyEvent", c_int, c_void_p)
_RecordEvent = fn("aclrtRecordEvent", c_int, c_void_p, c_void_p)
_ResetEvent = fn("aclrtResetEvent", c_int, c_void_p, c_void_p)
_QueryEvent = fn("aclrtQueryEvent", c_int, c_void_p, P(c_int))
_QueryEventStatus = fn("aclrtQueryEventStatus", c_int, c_void_p, P(c_int))
_QueryEventWaitStatus = fn("aclrtQueryEventWaitStatus", c_int, c_void_p, P(c_int))
_SynchronizeEvent = fn("aclrtSynchronizeEvent", c_int, c_void_p)
_SynchronizeEventWithTimeout = fn("aclrtSynchronizeEventWithTimeout", c_int, c_void_p, c_int32)
_EventElapsedTime = fn("aclrtEventElapsedTime", c_int, P(c_float), c_void_p, c_void_p)

_Malloc = fn("aclrtMalloc", c_int, P(c_void_p), c_size_t, c_int)
_MallocAlign32 = fn("aclrtMallocAlign32", c_int, P(c_void_p), c_size_t, c_int)
_MallocCached = fn("aclrtMallocCached", c_int, P(c_void_p), c_size_t, c_int)
_Free = fn("aclrtFree", c_int, c_void_p)
_MallocHost = fn("aclrtMallocHost", c_int, P(c_void_p), c_size_t)
_FreeHost = fn("aclrtFreeHost", c_int, c_void_p)
_Memcpy = fn("aclrtMemcpy", c_int, c_void_p, c_size_t, c_void_p, c_size_t, c_int)
_MemcpyAsync = fn("aclrtMemcpyAsync", c_int, c_void_p, c_size_t, c_void_p, c_size_t, c_int,
                  c_void_p)
_Memcpy2d = fn("aclrtMemcpy2d", c_int, c_void_p, c_size_t, c_void_p, c_size_t, c_size_t,
               c_size_t, c_int)
_Memcpy2dAsync = fn("aclrtMemcpy2dAsync", c_int, c_void_p, c_size_t, c_void_p, c_size_t,
                    c_size_t, c_size_t, c_int, c_void_p)
_Memset = fn("aclrtMemset", c_int, c_void_p, c_size_t, c_int32, c_size_t)
_MemsetAsync = fn("aclrtMemsetAsync", c_int, c_void_p, c_size_t, c_int32, c_size_t, c_void_p)
_GetMemInfo = fn("aclrtGetMemInfo", c_int, c_int, P(c_size_t), P(c_size_t))
_ValueWrite = fn("aclrtValueWrite", c_int, c_void_p, c_uint64, c_uint32, c_void_p)
_ValueWait = fn("aclrtValueWait", c_int, c_void_p, c_uint64, c_uint32, c_void_p)

_CALLBACK = ctypes.CFUNCTYPE(None, c_void_p)
_LaunchHostFunc = fn("aclrtLaunchHostFunc", c_int, c_void_p, _CALLBACK, c_void_p)
_SubscribeReport = fn("aclrtSubscribeReport", c_int, c_uint64, c_void_p)
_UnSubscribeReport = fn("aclrtUnSubscribeReport", c_int, c_uint64, c_void_p)
_LaunchCallback = fn("aclrtLaunchCallback", c_int, _CALLBACK, c_void_p, c_int, c_void_p)
_ProcessReport = fn("aclrtProcessReport", c_int, c_int32)
_CaptureGetInfo = fn("aclmdlRICaptureGetInfo", c_int, c_void_p, P(c_int), P(c_void_p))

_CAPTURE_STATUS_ACTIVE = 1

# ---- devices -----------------------------------------------------------------


def set_device(device_id):
    """ret = acl.rt.set_device(device_id)"""
    return _SetDevice(device_id)


def reset_device(device_id):
    """ret = acl.rt.reset_device(device_id)"""
    return _ResetDevice(device_id)


def reset_device_force(device_id):
    """ret = acl.rt.reset_device_force(device_id)"""
    return _ResetDeviceForce(device_id)


def get_device():
    """device_id, ret = acl.rt.get_device()"""
    return _first(_GetDevice, c_int32)


def get_device_count():
    """count, ret = acl.rt.get_device_count()"""
    return _first(_GetDeviceCount, c_uint32)


def get_run_mode():
    """run_mode, ret = acl.rt.get_run_mode()  (ACL_HOST in cpuacl)"""
    return _first(_GetRunMode, c_int)


def synchronize_device():
    """ret = acl.rt.synchronize_device()"""
    return _SynchronizeDevice()


def synchronize_device_with_timeout(timeout):
    """ret = acl.rt.synchronize_device_with_timeout(timeout_ms)"""
    return _SynchronizeDeviceWithTimeout(timeout)


def device_can_access_peer(device_id, peer_device_id):
    """can_access_peer, ret = acl.rt.device_can_access_peer(device_id, peer_device_id)"""
    return _first(_DeviceCanAccessPeer, c_int32, device_id, peer_device_id)


def device_enable_peer_access(peer_device_id, flags=0):
    """ret = acl.rt.device_enable_peer_access(peer_device_id, flags)"""
    return _DeviceEnablePeerAccess(peer_device_id, flags)


def device_disable_peer_access(peer_device_id):
    """ret = acl.rt.device_disable_peer_access(peer_device_id)"""
    return _DeviceDisablePeerAccess(peer_device_id)


def get_last_error(level=0):
    """ret = acl.rt.get_last_error(level): the thread's last error, then reset."""
    return _GetLastError(level)


def peek_at_last_error(level=0):
    """ret = acl.rt.peek_at_last_error(level): the thread's last error, kept."""
    return _PeekAtLastError(level)


def get_version():
    """major, minor, patch, ret = acl.rt.get_version()"""
    a, b, c = c_int32(0), c_int32(0), c_int32(0)
    ret = _GetVersion(ctypes.byref(a), ctypes.byref(b), ctypes.byref(c))
    return a.value, b.value, c.value, ret

# ---- contexts ----------------------------------------------------------------


def create_context(device_id):
    """context, ret = acl.rt.create_context(device_id)"""
    return _first(_CreateContext, c_void_p, device_id)


def destroy_context(context):
    """ret = acl.rt.destroy_context(context)"""
    return _DestroyContext(context)


def set_context(context):
    """ret = acl.rt.set_context(context)  (aclrtSetCurrentContext)"""
    return _SetCurrentContext(context)


def get_context():
    """context, ret = acl.rt.get_context()  (aclrtGetCurrentContext)"""
    return _first(_GetCurrentContext, c_void_p)


def ctx_get_current_default_stream():
    """stream, ret = acl.rt.ctx_get_current_default_stream()"""
    return _first(_CtxGetCurrentDefaultStream, c_void_p)

# ---- streams -----------------------------------------------------------------


def create_stream():
    """stream, ret = acl.rt.create_stream()"""
    return _first(_CreateStream, c_void_p)


def create_stream_with_config(priority, flag):
    """stream, ret = acl.rt.create_stream_with_config(priority, flag)"""
    return _first(_CreateStreamWithConfig, c_void_p, priority, flag)


def destroy_stream(stream):
    """ret = acl.rt.destroy_stream(stream)"""
    return _DestroyStream(stream)


def destroy_stream_force(stream):
    """ret = acl.rt.destroy_stream_force(stream)"""
    return _DestroyStreamForce(stream)


def synchronize_stream(stream):
    """ret = acl.rt.synchronize_stream(stream)"""
    return _SynchronizeStream(stream)


def synchronize_stream_with_timeout(stream, timeout):
    """ret = acl.rt.synchronize_stream_with_timeout(stream, timeout_ms)"""
    return _SynchronizeStreamWithTimeout(stream, timeout)


def stream_query(stream):
    """status, ret = acl.rt.stream_query(stream)  (ACL_STREAM_STATUS_*)"""
    return _last(_StreamQuery, c_int, stream)


def stream_wait_event(stream, event):
    """ret = acl.rt.stream_wait_event(stream, event)"""
    return _StreamWaitEvent(stream, event)


def stream_wait_event_with_timeout(stream, event, timeout):
    """ret = acl.rt.stream_wait_event_with_timeout(stream, event, timeout_ms)"""
    return _StreamWaitEventWithTimeout(stream, event, timeout)


def set_stream_failure_mode(stream, mode):
    """ret = acl.rt.set_stream_failure_mode(stream, mode)"""
    return _SetStreamFailureMode(stream, mode)


def stream_get_priority(stream):
    """priority, ret = acl.rt.stream_get_priority(stream)"""
    return _last(_StreamGetPriority, c_uint32, stream)


def stream_get_flags(stream):
    """flags, ret = acl.rt.stream_get_flags(stream)"""
    return _last(_StreamGetFlags, c_uint32, stream)


def get_stream_available_num():
    """count, ret = acl.rt.get_stream_available_num()"""
    return _first(_GetStreamAvailableNum, c_uint32)

# ---- events ------------------------------------------------------------------


def create_event():
    """event, ret = acl.rt.create_event()"""
    return _first(_CreateEvent, c_void_p)


def create_event_with_flag(flag):
    """event, ret = acl.rt.create_event_with_flag(flag)"""
    return _first(_CreateEventWithFlag, c_void_p, flag)


def create_event_ex_with_flag(flag):
    """event, ret = acl.rt.create_event_ex_with_flag(flag)"""
    return _first(_CreateEventExWithFlag, c_void_p, flag)


def destroy_event(event):
    """ret = acl.rt.destroy_event(event)"""
    return _DestroyEvent(event)


def record_event(event, stream):
    """ret = acl.rt.record_event(event, stream)"""
    return _RecordEvent(event, stream)


def reset_event(event, stream):
    """ret = acl.rt.reset_event(event, stream)"""
    return _ResetEvent(event, stream)


def query_event(event):
    """status, ret = acl.rt.query_event(event)  (ACL_EVENT_STATUS_*; deprecated in C)"""
    return _last(_QueryEvent, c_int, event)


def query_event_status(event):
    """status, ret = acl.rt.query_event_status(event)  (ACL_EVENT_RECORDED_STATUS_*)"""
    return _last(_QueryEventStatus, c_int, event)


def query_event_wait_status(event):
    """status, ret = acl.rt.query_event_wait_status(event)  (ACL_EVENT_WAIT_STATUS_*)"""
    return _last(_QueryEventWaitStatus, c_int, event)


def synchronize_event(event):
    """ret = acl.rt.synchronize_event(event)"""
    return _SynchronizeEvent(event)


def synchronize_event_with_timeout(event, timeout):
    """ret = acl.rt.synchronize_event_with_timeout(event, timeout_ms)"""
    return _SynchronizeEventWithTimeout(event, timeout)


def event_elapsed_time(start, end):
    """ms, ret = acl.rt.event_elapsed_time(start_event, end_event)"""
    return _first(_EventElapsedTime, c_float, start, end)

# ---- memory ------------------------------------------------------------------


def malloc(size, policy=0):
    """dev_ptr, ret = acl.rt.malloc(size, policy)"""
    return _first(_Malloc, c_void_p, size, policy)


def malloc_align32(size, policy=0):
    """dev_ptr, ret = acl.rt.malloc_align32(size, policy)"""
    return _first(_MallocAlign32, c_void_p, size, policy)


def malloc_cached(size, policy=0):
    """dev_ptr, ret = acl.rt.malloc_cached(size, policy)"""
    return _first(_MallocCached, c_void_p, size, policy)


def free(dev_ptr):
    """ret = acl.rt.free(dev_ptr)"""
    return _Free(dev_ptr)


def malloc_host(size):
    """host_ptr, ret = acl.rt.malloc_host(size)"""
    return _first(_MallocHost, c_void_p, size)


def free_host(host_ptr):
    """ret = acl.rt.free_host(host_ptr)"""
    return _FreeHost(host_ptr)


def memcpy(dst, dest_max, src, count, kind):
    """ret = acl.rt.memcpy(dst, dest_max, src, count, kind)"""
    return _Memcpy(dst, dest_max, src, count, kind)


def memcpy_async(dst, dest_max, src, count, kind, stream):
    """ret = acl.rt.memcpy_async(dst, dest_max, src, count, kind, stream)"""
    return _MemcpyAsync(dst, dest_max, src, count, kind, stream)


def memcpy2d(dst, dpitch, src, spitch, width, height, kind):
    """ret = acl.rt.memcpy2d(dst, dpitch, src, spitch, width, height, kind)"""
    return _Memcpy2d(dst, dpitch, src, spitch, width, height, kind)


def memcpy2d_async(dst, dpitch, src, spitch, width, height, kind, stream):
    """ret = acl.rt.memcpy2d_async(dst, dpitch, src, spitch, width, height, kind, stream)"""
    return _Memcpy2dAsync(dst, dpitch, src, spitch, width, height, kind, stream)


def memset(dev_ptr, max_count, value, count):
    """ret = acl.rt.memset(dev_ptr, max_count, value, count)"""
    return _Memset(dev_ptr, max_count, value, count)


def memset_async(dev_ptr, max_count, value, count, stream):
    """ret = acl.rt.memset_async(dev_ptr, max_count, value, count, stream)"""
    return _MemsetAsync(dev_ptr, max_count, value, count, stream)


def get_mem_info(attr):
    """free, total, ret = acl.rt.get_mem_info(attr)"""
    f, t = c_size_t(0), c_size_t(0)
    ret = _GetMemInfo(attr, ctypes.byref(f), ctypes.byref(t))
    return f.value, t.value, ret


def value_write(dev_addr, value, flag, stream):
    """ret = acl.rt.value_write(dev_addr, value, flag, stream)"""
    return _ValueWrite(dev_addr, value, flag, stream)


def value_wait(dev_addr, value, flag, stream):
    """ret = acl.rt.value_wait(dev_addr, value, flag, stream)"""
    return _ValueWait(dev_addr, value, flag, stream)

# ---- host functions and callbacks ---------------------------------------------
#
# One C trampoline serves every Python callback: the C side gets a token (a
# small integer passed as the void* user data) and the trampoline looks the
# (function, data) pair up in _pending. The trampoline object lives as long as
# the module, so the runtime can call it from any of its threads at any time,
# and ctypes takes the GIL (creating a thread state for a runtime thread) for
# the duration of the call. An entry is dropped after its one call, or kept
# for good when the task was captured into a model (it may be replayed).

_pending = {}
_pending_lock = threading.Lock()
_tokens = itertools.count(1)

# ctypes gives a runtime thread a fresh Python thread state for each callback
# and deletes it afterwards; in CPython 3.11 that maps and unmaps the thread's
# frame stack every time (about 200 us a call on a busy machine instead of
# about 1 us). The first callback on a thread therefore takes one more
# PyGILState reference, which it never gives back: the thread keeps its thread
# state while it lives (the GIL is still released after every call). Runtime
# threads end at aclFinalize, which the atexit hook in acl/__init__.py runs
# before the interpreter tears thread states down.
_thread_state_kept = threading.local()
_PyGILState_Ensure = ctypes.pythonapi.PyGILState_Ensure


def _dispatch(token):
    if not getattr(_thread_state_kept, "yes", False):
        _PyGILState_Ensure()
        _thread_state_kept.yes = True
    with _pending_lock:
        entry = _pending.get(token)
        if entry is not None and not entry[2]:
            del _pending[token]
    if entry is None:
        return
    func, data, _keep = entry
    try:
        func(data)
    except BaseException:  # an exception cannot cross into C: report it
        sys.stderr.write("acl: exception in a callback given to the runtime\n")
        traceback.print_exc()


_trampoline = _CALLBACK(_dispatch)
_NULL_FN = _CALLBACK()  # a NULL function pointer


def _capturing(stream):
    st = c_int(0)
    ret = _CaptureGetInfo(stream, ctypes.byref(st), None)
    return ret == 0 and st.value == _CAPTURE_STATUS_ACTIVE


def _register(func, data, keep):
    token = next(_tokens)
    with _pending_lock:
        _pending[token] = (func, data, keep)
    return token


def _unregister(token):
    with _pending_lock:
        _pending.pop(token, None)


def launch_callback(fn, user_data, block_type, stream):
    """ret = acl.rt.launch_callback(fn, user_data_list, block_type, stream)

    fn(user_data_list) runs on the thread subscribed to the stream
    (subscribe_report) when it calls process_report."""
    if not callable(fn):  # the library refuses a NULL function, with its message
        return _LaunchCallback(_NULL_FN, None, block_type, stream)
    # Callbacks are never captured (the runtime refuses them): one call each.
    token = _register(fn, user_data, False)
    ret = _LaunchCallback(_trampoline, token, block_type, stream)
    if ret != 0:
        _unregister(token)
    return ret


def launch_host_func(stream, fn, args):
    """ret = acl.rt.launch_host_func(stream, fn, args)

    fn(args) runs on a runtime worker thread when the stream reaches it."""
    if not callable(fn):  # the library refuses a NULL function, with its message
        return _LaunchHostFunc(stream, _NULL_FN, None)
    # A default stream is never capturing; asking about it would leave an
    # error message behind.
    token = _register(fn, args, bool(stream) and _capturing(stream))
    ret = _LaunchHostFunc(stream, _trampoline, token)
    if ret != 0:
        _unregister(token)
    return ret


def subscribe_report(thread_id, stream):
    """ret = acl.rt.subscribe_report(thread_id, stream)

    thread_id: from acl.util.start_thread (or threading.get_ident())."""
    return _SubscribeReport(thread_id, stream)


def unsubscribe_report(thread_id, stream):
    """ret = acl.rt.unsubscribe_report(thread_id, stream)"""
    return _UnSubscribeReport(thread_id, stream)


def process_report(timeout):
    """ret = acl.rt.process_report(timeout_ms): run the callbacks handed to the
    calling thread (the GIL is released while it waits)."""
    return _ProcessReport(timeout)


def _pending_count():
    """Callbacks registered and not yet run (for tests)."""
    with _pending_lock:
        return len(_pending)
