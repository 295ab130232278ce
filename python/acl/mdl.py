# SPDX-License-Identifier: Apache-2.0
"""acl.mdl: model run instances (aclmdlRI*): stream capture and replay, and
manual building.

Names follow pyACL's rule for the C API (aclmdlRICaptureBegin ->
acl.mdl.ri_capture_begin); capture_begin / capture_end / capture_get_info are
short aliases. Model run instances are Python ints, like every handle.
"""
import ctypes

from ._lib import P, c_char_p, c_int, c_int32, c_str, c_uint32, c_void_p, fn, ptr_value
from ._lib import first as _first, last as _last

_CaptureBegin = fn("aclmdlRICaptureBegin", c_int, c_void_p, c_int)
_CaptureToModelRIBegin = fn("aclmdlRICaptureToModelRIBegin", c_int, c_void_p, c_void_p, c_int)
_CaptureGetInfo = fn("aclmdlRICaptureGetInfo", c_int, c_void_p, P(c_int), P(c_void_p))
_CaptureEnd = fn("aclmdlRICaptureEnd", c_int, c_void_p, P(c_void_p))
_CaptureThreadExchangeMode = fn("aclmdlRICaptureThreadExchangeMode", c_int, P(c_int))
_CaptureTaskGrpBegin = fn("aclmdlRICaptureTaskGrpBegin", c_int, c_void_p)
_CaptureTaskGrpEnd = fn("aclmdlRICaptureTaskGrpEnd", c_int, c_void_p, P(c_void_p))
_CaptureTaskUpdateBegin = fn("aclmdlRICaptureTaskUpdateBegin", c_int, c_void_p, c_void_p)
_CaptureTaskUpdateEnd = fn("aclmdlRICaptureTaskUpdateEnd", c_int, c_void_p)
_ExecuteAsync = fn("aclmdlRIExecuteAsync", c_int, c_void_p, c_void_p)
_Execute = fn("aclmdlRIExecute", c_int, c_void_p, c_int32)
_Destroy = fn("aclmdlRIDestroy", c_int, c_void_p)
_DebugJsonPrint = fn("aclmdlRIDebugJsonPrint", c_int, c_void_p, c_char_p, c_uint32)
_BuildBegin = fn("aclmdlRIBuildBegin", c_int, P(c_void_p), c_uint32)
_BindStream = fn("aclmdlRIBindStream", c_int, c_void_p, c_void_p, c_uint32)
_EndTask = fn("aclmdlRIEndTask", c_int, c_void_p, c_void_p)
_BuildEnd = fn("aclmdlRIBuildEnd", c_int, c_void_p, c_void_p)
_UnbindStream = fn("aclmdlRIUnbindStream", c_int, c_void_p, c_void_p)
_GetStreams = fn("aclmdlRIGetStreams", c_int, c_void_p, P(c_void_p), P(c_uint32))
_Update = fn("aclmdlRIUpdate", c_int, c_void_p)
_Abort = fn("aclmdlRIAbort", c_int, c_void_p)
_GetId = fn("aclmdlRIGetId", c_int, c_void_p, P(c_uint32))
_SetName = fn("aclmdlRISetName", c_int, c_void_p, c_char_p)
_GetName = fn("aclmdlRIGetName", c_int, c_void_p, c_uint32, c_char_p)



# ---- capture -----------------------------------------------------------------


def ri_capture_begin(stream, mode):
    """ret = acl.mdl.ri_capture_begin(stream, mode)  (ACL_MODEL_RI_CAPTURE_MODE_*)"""
    return _CaptureBegin(stream, mode)


def ri_capture_to_model_ri_begin(stream, model_ri, mode):
    """ret = acl.mdl.ri_capture_to_model_ri_begin(stream, model_ri, mode)"""
    return _CaptureToModelRIBegin(stream, model_ri, mode)


def ri_capture_get_info(stream):
    """status, model_ri, ret = acl.mdl.ri_capture_get_info(stream)"""
    st, ri = c_int(0), c_void_p()
    ret = _CaptureGetInfo(stream, ctypes.byref(st), ctypes.byref(ri))
    return st.value, ptr_value(ri), ret


def ri_capture_end(stream):
    """model_ri, ret = acl.mdl.ri_capture_end(stream)"""
    return _last(_CaptureEnd, c_void_p, stream)


def ri_capture_thread_exchange_mode(mode):
    """old_mode, ret = acl.mdl.ri_capture_thread_exchange_mode(mode)"""
    m = c_int(mode)
    ret = _CaptureThreadExchangeMode(ctypes.byref(m))
    return m.value, ret


def ri_capture_task_grp_begin(stream):
    """ret = acl.mdl.ri_capture_task_grp_begin(stream)"""
    return _CaptureTaskGrpBegin(stream)


def ri_capture_task_grp_end(stream):
    """task_grp, ret = acl.mdl.ri_capture_task_grp_end(stream)"""
    return _last(_CaptureTaskGrpEnd, c_void_p, stream)


def ri_capture_task_update_begin(stream, task_grp):
    """ret = acl.mdl.ri_capture_task_update_begin(stream, task_grp)"""
    return _CaptureTaskUpdateBegin(stream, task_grp)


def ri_capture_task_update_end(stream):
    """ret = acl.mdl.ri_capture_task_update_end(stream)"""
    return _CaptureTaskUpdateEnd(stream)


capture_begin = ri_capture_begin
capture_end = ri_capture_end
capture_get_info = ri_capture_get_info

# ---- running -----------------------------------------------------------------


def ri_execute_async(model_ri, stream):
    """ret = acl.mdl.ri_execute_async(model_ri, stream)"""
    return _ExecuteAsync(model_ri, stream)


def ri_execute(model_ri, timeout=-1):
    """ret = acl.mdl.ri_execute(model_ri, timeout_ms)  (-1: wait forever)"""
    return _Execute(model_ri, timeout)


def ri_destroy(model_ri):
    """ret = acl.mdl.ri_destroy(model_ri)"""
    return _Destroy(model_ri)


def ri_debug_json_print(model_ri, path, flags=0):
    """ret = acl.mdl.ri_debug_json_print(model_ri, path, flags)"""
    return _DebugJsonPrint(model_ri, c_str(path), flags)


def ri_update(model_ri):
    """ret = acl.mdl.ri_update(model_ri)"""
    return _Update(model_ri)


def ri_abort(model_ri):
    """ret = acl.mdl.ri_abort(model_ri)"""
    return _Abort(model_ri)


def ri_get_id(model_ri):
    """model_ri_id, ret = acl.mdl.ri_get_id(model_ri)"""
    return _last(_GetId, c_uint32, model_ri)


def ri_set_name(model_ri, name):
    """ret = acl.mdl.ri_set_name(model_ri, name)"""
    return _SetName(model_ri, c_str(name))


def ri_get_name(model_ri, max_len=256):
    """name, ret = acl.mdl.ri_get_name(model_ri, max_len)"""
    buf = ctypes.create_string_buffer(max(int(max_len), 1))
    ret = _GetName(model_ri, max_len, buf)
    return buf.value.decode(errors="replace"), ret

# ---- manual building ---------------------------------------------------------


def ri_build_begin(flag=0):
    """model_ri, ret = acl.mdl.ri_build_begin(flag)"""
    return _first(_BuildBegin, c_void_p, flag)


def ri_bind_stream(model_ri, stream, flag):
    """ret = acl.mdl.ri_bind_stream(model_ri, stream, flag)"""
    return _BindStream(model_ri, stream, flag)


def ri_end_task(model_ri, stream):
    """ret = acl.mdl.ri_end_task(model_ri, stream)"""
    return _EndTask(model_ri, stream)


def ri_build_end(model_ri):
    """ret = acl.mdl.ri_build_end(model_ri)"""
    return _BuildEnd(model_ri, None)


def ri_unbind_stream(model_ri, stream):
    """ret = acl.mdl.ri_unbind_stream(model_ri, stream)"""
    return _UnbindStream(model_ri, stream)


def ri_get_streams(model_ri, max_num=64):
    """streams, ret = acl.mdl.ri_get_streams(model_ri): a list of stream handles"""
    arr = (c_void_p * max(int(max_num), 1))()
    n = c_uint32(int(max_num))
    ret = _GetStreams(model_ri, arr, ctypes.byref(n))
    return [arr[i] or 0 for i in range(min(n.value, len(arr)))] if ret == 0 else [], ret
