# SPDX-License-Identifier: Apache-2.0
"""acl.mdl: offline models (acl/acl_mdl.h: datasets, model descriptions,
dynamic AIPP parameter sets, load and execution configurations, size
queries) and model run instances (aclmdlRI*: stream capture and replay, and
manual building).

Names follow pyACL's rule for the C API (aclmdlCreateDataset ->
acl.mdl.create_dataset, aclmdlRICaptureBegin -> acl.mdl.ri_capture_begin);
capture_begin / capture_end / capture_get_info are short aliases. Handles are
Python ints. Return conventions are pyACL's: creators and plain getters return
the value alone, setters and destroyers ret, the others (value, ret); dims
come back as dicts {"name", "dimCount", "dims"}. add_dataset_buffer and
set_dataset_tensor_desc return (dataset, ret) as pyACL does.
"""
import ctypes

from ctypes import c_int16, c_uint8

from ._lib import (P, c_char_p, c_float, c_int, c_int8, c_int32, c_size_t, c_str, c_uint32,
                   c_uint64, c_void_p, fn, ptr_value)
from ._lib import first as _first, last as _last
from . import _constants as _k

ACL_DYNAMIC_TENSOR_NAME = "ascend_mbatch_shape_data"
ACL_DYNAMIC_AIPP_NAME = "ascend_dynamic_aipp_data"
ACL_ATTR_NAME_DATA_DUMP_ORIGIN_OP_NAMES = "_datadump_original_op_names"

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


# ---- offline models: C prototypes ----------------------------------------------


class _IODims(ctypes.Structure):
    _fields_ = [("name", ctypes.c_char * 128), ("dimCount", c_size_t),
                ("dims", ctypes.c_int64 * 128)]


class _IODimsRange(ctypes.Structure):
    _fields_ = [("rangeCount", c_size_t), ("range", (ctypes.c_int64 * 2) * 128)]


class _Batch(ctypes.Structure):
    _fields_ = [("batchCount", c_size_t), ("batch", c_uint64 * 128)]


class _HW(ctypes.Structure):
    _fields_ = [("hwCount", c_size_t), ("hw", (c_uint64 * 2) * 128)]


_CreateDataset = fn("aclmdlCreateDataset", c_void_p)
_DestroyDataset = fn("aclmdlDestroyDataset", c_int, c_void_p)
_AddDatasetBuffer = fn("aclmdlAddDatasetBuffer", c_int, c_void_p, c_void_p)
_GetDatasetNumBuffers = fn("aclmdlGetDatasetNumBuffers", c_size_t, c_void_p)
_GetDatasetBuffer = fn("aclmdlGetDatasetBuffer", c_void_p, c_void_p, c_size_t)
_SetDatasetTensorDesc = fn("aclmdlSetDatasetTensorDesc", c_int, c_void_p, c_void_p, c_size_t)
_GetDatasetTensorDesc = fn("aclmdlGetDatasetTensorDesc", c_void_p, c_void_p, c_size_t)
_CreateDesc = fn("aclmdlCreateDesc", c_void_p)
_DestroyDesc = fn("aclmdlDestroyDesc", c_int, c_void_p)
_GetDesc = fn("aclmdlGetDesc", c_int, c_void_p, c_uint32)
_GetDescFromFile = fn("aclmdlGetDescFromFile", c_int, c_void_p, c_char_p)
_GetDescFromMem = fn("aclmdlGetDescFromMem", c_int, c_void_p, c_void_p, c_size_t)
_GetNumInputs = fn("aclmdlGetNumInputs", c_size_t, c_void_p)
_GetNumOutputs = fn("aclmdlGetNumOutputs", c_size_t, c_void_p)
_GetInputSizeByIndex = fn("aclmdlGetInputSizeByIndex", c_size_t, c_void_p, c_size_t)
_GetOutputSizeByIndex = fn("aclmdlGetOutputSizeByIndex", c_size_t, c_void_p, c_size_t)
_DIMS = {name: fn("aclmdl" + name, c_int, c_void_p, c_size_t, P(_IODims))
         for name in ("GetInputDims", "GetInputDimsV2", "GetOutputDims", "GetCurOutputDims")}
_GetInputDimsRange = fn("aclmdlGetInputDimsRange", c_int, c_void_p, c_size_t, P(_IODimsRange))
_GetInputNameByIndex = fn("aclmdlGetInputNameByIndex", c_char_p, c_void_p, c_size_t)
_GetOutputNameByIndex = fn("aclmdlGetOutputNameByIndex", c_char_p, c_void_p, c_size_t)
_GetInputFormat = fn("aclmdlGetInputFormat", c_int, c_void_p, c_size_t)
_GetOutputFormat = fn("aclmdlGetOutputFormat", c_int, c_void_p, c_size_t)
_GetInputDataType = fn("aclmdlGetInputDataType", c_int, c_void_p, c_size_t)
_GetOutputDataType = fn("aclmdlGetOutputDataType", c_int, c_void_p, c_size_t)
_GetInputIndexByName = fn("aclmdlGetInputIndexByName", c_int, c_void_p, c_char_p, P(c_size_t))
_GetOutputIndexByName = fn("aclmdlGetOutputIndexByName", c_int, c_void_p, c_char_p, P(c_size_t))
_GetDynamicBatch = fn("aclmdlGetDynamicBatch", c_int, c_void_p, P(_Batch))
_GetDynamicHW = fn("aclmdlGetDynamicHW", c_int, c_void_p, c_size_t, P(_HW))
_GetInputDynamicGearCount = fn("aclmdlGetInputDynamicGearCount", c_int, c_void_p, c_size_t,
                               P(c_size_t))
_GetInputDynamicDims = fn("aclmdlGetInputDynamicDims", c_int, c_void_p, c_size_t, P(_IODims),
                          c_size_t)
_GetOpAttr = fn("aclmdlGetOpAttr", c_char_p, c_void_p, c_char_p, c_char_p)
_GetTensorRealName = fn("aclmdlGetTensorRealName", c_char_p, c_void_p, c_char_p)
_QuerySize = fn("aclmdlQuerySize", c_int, c_char_p, P(c_size_t), P(c_size_t))
_QuerySizeFromMem = fn("aclmdlQuerySizeFromMem", c_int, c_void_p, c_size_t, P(c_size_t),
                       P(c_size_t))
_CreateAIPP = fn("aclmdlCreateAIPP", c_void_p, c_uint64)
_DestroyAIPP = fn("aclmdlDestroyAIPP", c_int, c_void_p)
_GetAippDataSize = fn("aclmdlGetAippDataSize", c_int, c_uint64, P(c_size_t))
_SetAIPPInputFormat = fn("aclmdlSetAIPPInputFormat", c_int, c_void_p, c_int)
_SetAIPPCscParams = fn("aclmdlSetAIPPCscParams", c_int, c_void_p, c_int8, *([c_int16] * 9),
                       *([c_uint8] * 6))
_SetAIPPRbuvSwapSwitch = fn("aclmdlSetAIPPRbuvSwapSwitch", c_int, c_void_p, c_int8)
_SetAIPPAxSwapSwitch = fn("aclmdlSetAIPPAxSwapSwitch", c_int, c_void_p, c_int8)
_SetAIPPSrcImageSize = fn("aclmdlSetAIPPSrcImageSize", c_int, c_void_p, c_int32, c_int32)
_SetAIPPScfParams = fn("aclmdlSetAIPPScfParams", c_int, c_void_p, c_int8, c_int32, c_int32,
                       c_int32, c_int32, c_uint64)
_SetAIPPCropParams = fn("aclmdlSetAIPPCropParams", c_int, c_void_p, c_int8, c_int32, c_int32,
                        c_int32, c_int32, c_uint64)
_SetAIPPPaddingParams = fn("aclmdlSetAIPPPaddingParams", c_int, c_void_p, c_int8, c_int32,
                           c_int32, c_int32, c_int32, c_uint64)
_SetAIPPDtcPixelMean = fn("aclmdlSetAIPPDtcPixelMean", c_int, c_void_p, c_int16, c_int16,
                          c_int16, c_int16, c_uint64)
_SetAIPPDtcPixelMin = fn("aclmdlSetAIPPDtcPixelMin", c_int, c_void_p, c_float, c_float, c_float,
                         c_float, c_uint64)
_SetAIPPPixelVarReci = fn("aclmdlSetAIPPPixelVarReci", c_int, c_void_p, c_float, c_float,
                          c_float, c_float, c_uint64)
_CreateConfigHandle = fn("aclmdlCreateConfigHandle", c_void_p)
_DestroyConfigHandle = fn("aclmdlDestroyConfigHandle", c_int, c_void_p)
_SetConfigOpt = fn("aclmdlSetConfigOpt", c_int, c_void_p, c_int, c_void_p, c_size_t)
_SetExternalWeightAddress = fn("aclmdlSetExternalWeightAddress", c_int, c_void_p, c_char_p,
                               c_void_p, c_size_t)
_LoadFromFile = fn("aclmdlLoadFromFile", c_int, c_char_p, P(c_uint32))
_LoadFromMem = fn("aclmdlLoadFromMem", c_int, c_void_p, c_size_t, P(c_uint32))
_LoadFromFileWithMem = fn("aclmdlLoadFromFileWithMem", c_int, c_char_p, P(c_uint32), c_void_p,
                          c_size_t, c_void_p, c_size_t)
_LoadFromMemWithMem = fn("aclmdlLoadFromMemWithMem", c_int, c_void_p, c_size_t, P(c_uint32),
                         c_void_p, c_size_t, c_void_p, c_size_t)
_LoadWithConfig = fn("aclmdlLoadWithConfig", c_int, c_void_p, P(c_uint32))
_Unload = fn("aclmdlUnload", c_int, c_uint32)
_MdlExecute = fn("aclmdlExecute", c_int, c_uint32, c_void_p, c_void_p)
_MdlExecuteAsync = fn("aclmdlExecuteAsync", c_int, c_uint32, c_void_p, c_void_p, c_void_p)
_SetDynamicBatchSize = fn("aclmdlSetDynamicBatchSize", c_int, c_uint32, c_void_p, c_size_t,
                          c_uint64)
_SetDynamicHWSize = fn("aclmdlSetDynamicHWSize", c_int, c_uint32, c_void_p, c_size_t, c_uint64,
                       c_uint64)
_SetInputDynamicDims = fn("aclmdlSetInputDynamicDims", c_int, c_uint32, c_void_p, c_size_t,
                          P(_IODims))
_CreateExecConfigHandle = fn("aclmdlCreateExecConfigHandle", c_void_p)
_DestroyExecConfigHandle = fn("aclmdlDestroyExecConfigHandle", c_int, c_void_p)
_SetExecConfigOpt = fn("aclmdlSetExecConfigOpt", c_int, c_void_p, c_int, c_void_p, c_size_t)


def _handle(p):
    return p or 0


def _dims_dict(d):
    n = min(int(d.dimCount), 128)
    return {"name": d.name.decode(errors="replace"), "dimCount": int(d.dimCount),
            "dims": [int(d.dims[i]) for i in range(n)]}


def _address(data):
    """An address argument: an int (a pointer), or bytes / bytearray / a buffer
    (kept alive by the caller for the call)."""
    if data is None or isinstance(data, int):
        return data
    if isinstance(data, bytes):
        return ctypes.cast(ctypes.c_char_p(data), c_void_p)
    view = memoryview(data)
    return ctypes.addressof((ctypes.c_char * view.nbytes).from_buffer(view)) if view.nbytes \
        else None


def _text(p):
    return p.decode(errors="replace") if p is not None else None


# ---- datasets -------------------------------------------------------------------


def create_dataset():
    """dataset = acl.mdl.create_dataset()  (0 when out of memory)"""
    return _handle(_CreateDataset())


def destroy_dataset(dataset):
    """ret = acl.mdl.destroy_dataset(dataset): the buffers stay the caller's"""
    return _DestroyDataset(dataset)


def add_dataset_buffer(dataset, data_buffer):
    """dataset, ret = acl.mdl.add_dataset_buffer(dataset, data_buffer)"""
    return dataset, _AddDatasetBuffer(dataset, data_buffer)


def get_dataset_num_buffers(dataset):
    """count = acl.mdl.get_dataset_num_buffers(dataset)"""
    return int(_GetDatasetNumBuffers(dataset))


def get_dataset_buffer(dataset, index):
    """data_buffer = acl.mdl.get_dataset_buffer(dataset, index)  (0 for a bad index)"""
    return _handle(_GetDatasetBuffer(dataset, index))


def set_dataset_tensor_desc(dataset, tensor_desc, index):
    """dataset, ret = acl.mdl.set_dataset_tensor_desc(dataset, tensor_desc, index):
    a copy of tensor_desc (0 drops the entry's)"""
    return dataset, _SetDatasetTensorDesc(dataset, tensor_desc, index)


def get_dataset_tensor_desc(dataset, index):
    """tensor_desc = acl.mdl.get_dataset_tensor_desc(dataset, index)  (0 when none)"""
    return _handle(_GetDatasetTensorDesc(dataset, index))


# ---- model descriptions ---------------------------------------------------------


def create_desc():
    """model_desc = acl.mdl.create_desc()"""
    return _handle(_CreateDesc())


def destroy_desc(model_desc):
    """ret = acl.mdl.destroy_desc(model_desc)"""
    return _DestroyDesc(model_desc)


def get_desc(model_desc, model_id):
    """ret = acl.mdl.get_desc(model_desc, model_id)"""
    return _GetDesc(model_desc, model_id)


def get_desc_from_file(model_desc, model_path):
    """ret = acl.mdl.get_desc_from_file(model_desc, model_path)"""
    return _GetDescFromFile(model_desc, c_str(model_path))


def get_desc_from_mem(model_desc, model, model_size):
    """ret = acl.mdl.get_desc_from_mem(model_desc, model, model_size): model an
    address, or bytes / bytearray"""
    return _GetDescFromMem(model_desc, _address(model), model_size)


def get_num_inputs(model_desc):
    """count = acl.mdl.get_num_inputs(model_desc)"""
    return int(_GetNumInputs(model_desc))


def get_num_outputs(model_desc):
    """count = acl.mdl.get_num_outputs(model_desc)"""
    return int(_GetNumOutputs(model_desc))


def get_input_size_by_index(model_desc, index):
    """size = acl.mdl.get_input_size_by_index(model_desc, index)"""
    return int(_GetInputSizeByIndex(model_desc, index))


def get_output_size_by_index(model_desc, index):
    """size = acl.mdl.get_output_size_by_index(model_desc, index)"""
    return int(_GetOutputSizeByIndex(model_desc, index))


def _dims(which, model_desc, index):
    d = _IODims()
    ret = _DIMS[which](model_desc, index, ctypes.byref(d))
    return (_dims_dict(d) if ret == 0 else {}), ret


def get_input_dims(model_desc, index):
    """dims, ret = acl.mdl.get_input_dims(model_desc, index): dims a dict
    {"name", "dimCount", "dims"} ({} on error)"""
    return _dims("GetInputDims", model_desc, index)


def get_input_dims_v2(model_desc, index):
    """dims, ret = acl.mdl.get_input_dims_v2(model_desc, index)"""
    return _dims("GetInputDimsV2", model_desc, index)


def get_output_dims(model_desc, index):
    """dims, ret = acl.mdl.get_output_dims(model_desc, index)"""
    return _dims("GetOutputDims", model_desc, index)


def get_cur_output_dims(model_desc, index):
    """dims, ret = acl.mdl.get_cur_output_dims(model_desc, index)"""
    return _dims("GetCurOutputDims", model_desc, index)


def get_input_dims_range(model_desc, index):
    """dims_range, ret = acl.mdl.get_input_dims_range(model_desc, index):
    {"rangeCount", "range": [[min, max], ...]}"""
    r = _IODimsRange()
    ret = _GetInputDimsRange(model_desc, index, ctypes.byref(r))
    n = min(int(r.rangeCount), 128)
    return {"rangeCount": int(r.rangeCount),
            "range": [[int(r.range[i][0]), int(r.range[i][1])] for i in range(n)]}, ret


def get_input_name_by_index(model_desc, index):
    """name = acl.mdl.get_input_name_by_index(model_desc, index)  ("" on error)"""
    return _text(_GetInputNameByIndex(model_desc, index))


def get_output_name_by_index(model_desc, index):
    """name = acl.mdl.get_output_name_by_index(model_desc, index)"""
    return _text(_GetOutputNameByIndex(model_desc, index))


def get_input_format(model_desc, index):
    """format = acl.mdl.get_input_format(model_desc, index)"""
    return _GetInputFormat(model_desc, index)


def get_output_format(model_desc, index):
    """format = acl.mdl.get_output_format(model_desc, index)"""
    return _GetOutputFormat(model_desc, index)


def get_input_data_type(model_desc, index):
    """data_type = acl.mdl.get_input_data_type(model_desc, index)"""
    return _GetInputDataType(model_desc, index)


def get_output_data_type(model_desc, index):
    """data_type = acl.mdl.get_output_data_type(model_desc, index)"""
    return _GetOutputDataType(model_desc, index)


def get_input_index_by_name(model_desc, name):
    """index, ret = acl.mdl.get_input_index_by_name(model_desc, name)"""
    return _last(_GetInputIndexByName, c_size_t, model_desc, c_str(name))


def get_output_index_by_name(model_desc, name):
    """index, ret = acl.mdl.get_output_index_by_name(model_desc, name)"""
    return _last(_GetOutputIndexByName, c_size_t, model_desc, c_str(name))


def get_dynamic_batch(model_desc):
    """batch, ret = acl.mdl.get_dynamic_batch(model_desc): {"batchCount", "batch"}"""
    b = _Batch()
    ret = _GetDynamicBatch(model_desc, ctypes.byref(b))
    if ret:
        return {}, ret
    return {"batchCount": int(b.batchCount),
            "batch": [int(b.batch[i]) for i in range(min(int(b.batchCount), 128))]}, ret


def get_dynamic_hw(model_desc, index=-1):
    """hw, ret = acl.mdl.get_dynamic_hw(model_desc, index): {"hwCount", "hw": [[h, w], ...]}"""
    h = _HW()
    ret = _GetDynamicHW(model_desc, index & 0xFFFFFFFFFFFFFFFF, ctypes.byref(h))
    if ret:
        return {}, ret
    return {"hwCount": int(h.hwCount),
            "hw": [[int(h.hw[i][0]), int(h.hw[i][1])]
                   for i in range(min(int(h.hwCount), 128))]}, ret


def get_input_dynamic_gear_count(model_desc, index=-1):
    """gear_count, ret = acl.mdl.get_input_dynamic_gear_count(model_desc, -1)"""
    return _last(_GetInputDynamicGearCount, c_size_t, model_desc,
                 index & 0xFFFFFFFFFFFFFFFF)


_GEAR_COUNT_LIMIT = 4096  # pyACL's bound on gear_count


def get_input_dynamic_dims(model_desc, index, gear_count):
    """dims_list, ret = acl.mdl.get_input_dynamic_dims(model_desc, -1, gear_count):
    a list of dims dicts, one a gear (None and ACL_ERROR_INVALID_PARAM for a
    gear_count above 4096)"""
    if not 0 <= int(gear_count) <= _GEAR_COUNT_LIMIT:
        return None, _k.ACL_ERROR_INVALID_PARAM
    arr = (_IODims * (int(gear_count) + 1))()
    ret = _GetInputDynamicDims(model_desc, index & 0xFFFFFFFFFFFFFFFF, arr, gear_count)
    if ret:
        return [], ret
    return [_dims_dict(arr[i]) for i in range(int(gear_count))], ret


def get_op_attr(model_desc, op_name, attr):
    """value = acl.mdl.get_op_attr(model_desc, op_name, attr)  (None when absent)"""
    return _text(_GetOpAttr(model_desc, c_str(op_name), c_str(attr)))


def get_tensor_real_name(model_desc, name):
    """real_name = acl.mdl.get_tensor_real_name(model_desc, name)  (None when unknown)"""
    return _text(_GetTensorRealName(model_desc, c_str(name)))


# ---- size queries -----------------------------------------------------------------


def query_size(file_name):
    """work_size, weight_size, ret = acl.mdl.query_size(file_name)"""
    work, weight = c_size_t(0), c_size_t(0)
    ret = _QuerySize(c_str(file_name), ctypes.byref(work), ctypes.byref(weight))
    return work.value, weight.value, ret


def query_size_from_mem(model, model_size):
    """work_size, weight_size, ret = acl.mdl.query_size_from_mem(model, model_size):
    model an address, or bytes / bytearray"""
    work, weight = c_size_t(0), c_size_t(0)
    ret = _QuerySizeFromMem(_address(model), model_size, ctypes.byref(work),
                            ctypes.byref(weight))
    return work.value, weight.value, ret


# ---- loading, unloading, executing ------------------------------------------------


def load_from_file(model_path):
    """model_id, ret = acl.mdl.load_from_file(model_path)"""
    mid = c_uint32(0)
    ret = _LoadFromFile(c_str(model_path), ctypes.byref(mid))
    return mid.value, ret


def load_from_mem(model, model_size):
    """model_id, ret = acl.mdl.load_from_mem(model, model_size): model an address, or
    bytes / bytearray"""
    mid = c_uint32(0)
    ret = _LoadFromMem(_address(model), model_size, ctypes.byref(mid))
    return mid.value, ret


def load_from_file_with_mem(model_path, work_ptr, work_size, weight_ptr, weight_size):
    """model_id, ret = acl.mdl.load_from_file_with_mem(model_path, work_ptr, work_size,
    weight_ptr, weight_size)"""
    mid = c_uint32(0)
    ret = _LoadFromFileWithMem(c_str(model_path), ctypes.byref(mid), work_ptr, work_size,
                               weight_ptr, weight_size)
    return mid.value, ret


def load_from_mem_with_mem(model, model_size, work_ptr, work_size, weight_ptr, weight_size):
    """model_id, ret = acl.mdl.load_from_mem_with_mem(model, model_size, work_ptr,
    work_size, weight_ptr, weight_size)"""
    mid = c_uint32(0)
    ret = _LoadFromMemWithMem(_address(model), model_size, ctypes.byref(mid), work_ptr,
                              work_size, weight_ptr, weight_size)
    return mid.value, ret


def load_with_config(handle):
    """model_id, ret = acl.mdl.load_with_config(handle)"""
    mid = c_uint32(0)
    ret = _LoadWithConfig(handle, ctypes.byref(mid))
    return mid.value, ret


_LoadFromModel = fn("aclmdlLoadFromModel", c_int, c_void_p, c_void_p, P(c_uint32))


def load_from_model(model, handle=0):
    """model_id, ret = acl.mdl.load_from_model(model, handle): model an aclmdlModel (the
    address aclgrphBuildModelFromFile / FromData gives), handle a load configuration or 0.
    pyACL documents no binding of aclmdlLoadFromModel: the name and return follow its rule
    for the other loads (cpuacl's)"""
    mid = c_uint32(0)
    ret = _LoadFromModel(model or None, handle or None, ctypes.byref(mid))
    return mid.value, ret


def unload(model_id):
    """ret = acl.mdl.unload(model_id)"""
    return _Unload(model_id)


def execute(model_id, input, output):  # noqa: A002 (pyACL's parameter name)
    """ret = acl.mdl.execute(model_id, input, output): returns when done"""
    return _MdlExecute(model_id, input, output)


def execute_async(model_id, input, output, stream):  # noqa: A002
    """ret = acl.mdl.execute_async(model_id, input, output, stream)"""
    return _MdlExecuteAsync(model_id, input, output, stream)


# ---- executions with a configuration, attributes, loads with queues, bundles ----------

_MdlExecuteV2 = fn("aclmdlExecuteV2", c_int, c_uint32, c_void_p, c_void_p, c_void_p, c_void_p)
_MdlExecuteAsyncV2 = fn("aclmdlExecuteAsyncV2", c_int, c_uint32, c_void_p, c_void_p, c_void_p,
                        c_void_p)
_SetAttribute = fn("aclmdlSetAttribute", c_int, c_uint32, c_int, P(c_uint32 * 8))
_GetAttribute = fn("aclmdlGetAttribute", c_int, c_uint32, c_int, P(c_uint32 * 8))
_QueryExeOMDesc = fn("aclmdlQueryExeOMDesc", c_int, c_char_p, P(c_size_t * 16))
_LoadFromFileWithQ = fn("aclmdlLoadFromFileWithQ", c_int, c_char_p, P(c_uint32), P(c_uint32),
                        c_size_t, P(c_uint32), c_size_t)
_LoadFromMemWithQ = fn("aclmdlLoadFromMemWithQ", c_int, c_void_p, c_size_t, P(c_uint32),
                       P(c_uint32), c_size_t, P(c_uint32), c_size_t)
_EXE_OM_FIELDS = ("workSize", "weightSize", "modelDescSize", "kernelSize", "kernelArgsSize",
                  "staticTaskSize", "dynamicTaskSize", "fifoTaskSize")


def execute_v2(model_id, input, output, stream, handle):  # noqa: A002
    """ret = acl.mdl.execute_v2(model_id, input, output, stream, handle): returns when the
    execution is done; handle an execution configuration (0: none)"""
    return _MdlExecuteV2(model_id, input, output, stream or None, handle or None)


def execute_async_v2(model_id, input, output, stream, handle):  # noqa: A002
    """ret = acl.mdl.execute_async_v2(model_id, input, output, stream, handle)"""
    return _MdlExecuteAsyncV2(model_id, input, output, stream or None, handle or None)


def set_attribute(model_id, attr, value):
    """ret = acl.mdl.set_attribute(model_id, attr, value): value the attribute's integer
    (ACL_MDL_ATTR_PRIORITY_INT32: the priority)"""
    v = (c_uint32 * 8)()
    v[0] = value
    return _SetAttribute(model_id, attr, ctypes.byref(v))


def get_attribute(model_id, attr):
    """value, ret = acl.mdl.get_attribute(model_id, attr)"""
    v = (c_uint32 * 8)()
    ret = _GetAttribute(model_id, attr, ctypes.byref(v))
    return v[0], ret


def query_exe_om_desc(file_name):
    """desc, ret = acl.mdl.query_exe_om_desc(file_name): desc a dict of the partition sizes
    (workSize, weightSize, modelDescSize, kernelSize, kernelArgsSize, staticTaskSize,
    dynamicTaskSize, fifoTaskSize); {} on error"""
    d = (c_size_t * 16)()
    ret = _QueryExeOMDesc(c_str(file_name), ctypes.byref(d))
    return ({k: d[i] for i, k in enumerate(_EXE_OM_FIELDS)} if ret == 0 else {}), ret


def _queues(q, n):
    n = len(q) if n is None else n
    arr = (c_uint32 * max(n, 1))(*list(q)[:n]) if q is not None else None
    return arr, n


def load_from_file_with_q(model_path, input_q, input_q_num, output_q, output_q_num):
    """model_id, ret = acl.mdl.load_from_file_with_q(model_path, input_q, input_q_num,
    output_q, output_q_num): input_q and output_q lists of queue ids (acl.tdt queues)"""
    mid = c_uint32(0)
    iq, ni = _queues(input_q, input_q_num)
    oq, no = _queues(output_q, output_q_num)
    ret = _LoadFromFileWithQ(c_str(model_path), ctypes.byref(mid), iq, ni, oq, no)
    return mid.value, ret


def load_from_mem_with_q(model, model_size, input_q, input_q_num, output_q, output_q_num):
    """model_id, ret = acl.mdl.load_from_mem_with_q(model, model_size, input_q, input_q_num,
    output_q, output_q_num): model an address, or bytes / bytearray"""
    mid = c_uint32(0)
    iq, ni = _queues(input_q, input_q_num)
    oq, no = _queues(output_q, output_q_num)
    ret = _LoadFromMemWithQ(_address(model), model_size, ctypes.byref(mid), iq, ni, oq, no)
    return mid.value, ret


_BundleCreateQueryInfo = fn("aclmdlBundleCreateQueryInfo", c_void_p)
_BundleDestroyQueryInfo = fn("aclmdlBundleDestroyQueryInfo", c_int, c_void_p)
_BundleQueryInfoFromFile = fn("aclmdlBundleQueryInfoFromFile", c_int, c_char_p, c_void_p)
_BundleQueryInfoFromMem = fn("aclmdlBundleQueryInfoFromMem", c_int, c_void_p, c_size_t, c_void_p)
_BundleGetQueryModelNum = fn("aclmdlBundleGetQueryModelNum", c_int, c_void_p, P(c_size_t))
_BundleGetVarWeightSize = fn("aclmdlBundleGetVarWeightSize", c_int, c_void_p, P(c_size_t))
_BundleGetSize = fn("aclmdlBundleGetSize", c_int, c_void_p, c_size_t, P(c_size_t), P(c_size_t))
_BundleLoadFromFile = fn("aclmdlBundleLoadFromFile", c_int, c_char_p, P(c_uint32))
_BundleLoadFromMem = fn("aclmdlBundleLoadFromMem", c_int, c_void_p, c_size_t, P(c_uint32))
_BundleInitFromFile = fn("aclmdlBundleInitFromFile", c_int, c_char_p, c_void_p, c_size_t,
                         P(c_uint32))
_BundleInitFromMem = fn("aclmdlBundleInitFromMem", c_int, c_void_p, c_size_t, c_void_p, c_size_t,
                        P(c_uint32))
_BundleGetModelNum = fn("aclmdlBundleGetModelNum", c_int, c_uint32, P(c_size_t))
_BundleGetModelId = fn("aclmdlBundleGetModelId", c_int, c_uint32, c_size_t, P(c_uint32))
_BundleLoadModel = fn("aclmdlBundleLoadModel", c_int, c_uint32, c_size_t, P(c_uint32))
_BundleLoadModelWithMem = fn("aclmdlBundleLoadModelWithMem", c_int, c_uint32, c_size_t, c_void_p,
                             c_size_t, c_void_p, c_size_t, P(c_uint32))
_BundleLoadModelWithConfig = fn("aclmdlBundleLoadModelWithConfig", c_int, c_uint32, c_size_t,
                                c_void_p, P(c_uint32))
_BundleUnloadModel = fn("aclmdlBundleUnloadModel", c_int, c_uint32, c_uint32)
_BundleUnload = fn("aclmdlBundleUnload", c_int, c_uint32)


def _out_u32(call, *args):
    v = c_uint32(0)
    ret = call(*args, ctypes.byref(v))
    return v.value, ret


def _out_size(call, *args):
    v = c_size_t(0)
    ret = call(*args, ctypes.byref(v))
    return v.value, ret


def bundle_create_query_info():
    """query_info = acl.mdl.bundle_create_query_info(): 0 when out of memory"""
    return _BundleCreateQueryInfo() or 0


def bundle_destroy_query_info(query_info):
    """ret = acl.mdl.bundle_destroy_query_info(query_info)"""
    return _BundleDestroyQueryInfo(query_info or None)


def bundle_query_info_from_file(file_name, query_info):
    """ret = acl.mdl.bundle_query_info_from_file(file_name, query_info)"""
    return _BundleQueryInfoFromFile(c_str(file_name), query_info or None)


def bundle_query_info_from_mem(model, model_size, query_info):
    """ret = acl.mdl.bundle_query_info_from_mem(model, model_size, query_info)"""
    return _BundleQueryInfoFromMem(_address(model), model_size, query_info or None)


def bundle_get_query_model_num(query_info):
    """model_num, ret = acl.mdl.bundle_get_query_model_num(query_info)"""
    return _out_size(_BundleGetQueryModelNum, query_info or None)


def bundle_get_var_weight_size(query_info):
    """size, ret = acl.mdl.bundle_get_var_weight_size(query_info)"""
    return _out_size(_BundleGetVarWeightSize, query_info or None)


def bundle_get_size(query_info, index):
    """work_size, const_weight_size, ret = acl.mdl.bundle_get_size(query_info, index)"""
    work, weight = c_size_t(0), c_size_t(0)
    ret = _BundleGetSize(query_info or None, index, ctypes.byref(work), ctypes.byref(weight))
    return work.value, weight.value, ret


def bundle_load_from_file(model_path):
    """bundle_id, ret = acl.mdl.bundle_load_from_file(model_path)"""
    return _out_u32(_BundleLoadFromFile, c_str(model_path))


def bundle_load_from_mem(model, model_size):
    """bundle_id, ret = acl.mdl.bundle_load_from_mem(model, model_size)"""
    return _out_u32(_BundleLoadFromMem, _address(model), model_size)


def bundle_init_from_file(model_path, var_weight_ptr, var_weight_size):
    """bundle_id, ret = acl.mdl.bundle_init_from_file(model_path, var_weight_ptr,
    var_weight_size)"""
    return _out_u32(_BundleInitFromFile, c_str(model_path), var_weight_ptr or None,
                    var_weight_size)


def bundle_init_from_mem(model, model_size, var_weight_ptr, var_weight_size):
    """bundle_id, ret = acl.mdl.bundle_init_from_mem(model, model_size, var_weight_ptr,
    var_weight_size)"""
    return _out_u32(_BundleInitFromMem, _address(model), model_size, var_weight_ptr or None,
                    var_weight_size)


def bundle_get_model_num(bundle_id):
    """model_num, ret = acl.mdl.bundle_get_model_num(bundle_id)"""
    return _out_size(_BundleGetModelNum, bundle_id)


def bundle_get_model_id(bundle_id, index):
    """model_id, ret = acl.mdl.bundle_get_model_id(bundle_id, index)"""
    return _out_u32(_BundleGetModelId, bundle_id, index)


def bundle_load_model(bundle_id, index):
    """model_id, ret = acl.mdl.bundle_load_model(bundle_id, index)"""
    return _out_u32(_BundleLoadModel, bundle_id, index)


def bundle_load_model_with_mem(bundle_id, index, work_ptr, work_size, weight_ptr, weight_size):
    """model_id, ret = acl.mdl.bundle_load_model_with_mem(bundle_id, index, work_ptr,
    work_size, weight_ptr, weight_size)"""
    return _out_u32(_BundleLoadModelWithMem, bundle_id, index, work_ptr or None, work_size,
                    weight_ptr or None, weight_size)


def bundle_load_model_with_config(bundle_id, index, handle):
    """model_id, ret = acl.mdl.bundle_load_model_with_config(bundle_id, index, handle)"""
    return _out_u32(_BundleLoadModelWithConfig, bundle_id, index, handle or None)


def bundle_unload_model(bundle_id, model_id):
    """ret = acl.mdl.bundle_unload_model(bundle_id, model_id)"""
    return _BundleUnloadModel(bundle_id, model_id)


def bundle_unload(bundle_id):
    """ret = acl.mdl.bundle_unload(bundle_id)"""
    return _BundleUnload(bundle_id)


# ---- dynamic gears ----------------------------------------------------------------


def set_dynamic_batch_size(model_id, dataset, index, batch_size):
    """ret = acl.mdl.set_dynamic_batch_size(model_id, dataset, index, batch_size): index is
    the input named ACL_DYNAMIC_TENSOR_NAME"""
    return _SetDynamicBatchSize(model_id, dataset, index, batch_size)


def set_dynamic_hw_size(model_id, dataset, index, height, width):
    """ret = acl.mdl.set_dynamic_hw_size(model_id, dataset, index, height, width)"""
    return _SetDynamicHWSize(model_id, dataset, index, height, width)


def set_input_dynamic_dims(model_id, dataset, index, dims):
    """ret = acl.mdl.set_input_dynamic_dims(model_id, dataset, index, dims): dims a dict
    {"name", "dimCount", "dims"} (every dim of every input, as get_input_dynamic_dims gives
    a gear); the C call refuses a dimCount above 128 (aclmdlIODims holds 128 dims)"""
    values = list(dims.get("dims", []))
    d = _IODims()
    d.name = str(dims.get("name", "")).encode()[:127]
    d.dimCount = int(dims.get("dimCount", len(values))) & 0xFFFFFFFFFFFFFFFF
    for i, v in enumerate(values[:128]):
        d.dims[i] = int(v)
    return _SetInputDynamicDims(model_id, dataset, index, ctypes.byref(d))


# ---- dynamic AIPP parameter sets ----------------------------------------------------


def create_aipp(batch_size):
    """aipp_parms_set = acl.mdl.create_aipp(batch_size)  (0 for a batch of 0)"""
    return _handle(_CreateAIPP(batch_size))


def destroy_aipp(aipp_parms_set):
    """ret = acl.mdl.destroy_aipp(aipp_parms_set)"""
    return _DestroyAIPP(aipp_parms_set)


def get_aipp_data_size(batch_size):
    """size, ret = acl.mdl.get_aipp_data_size(batch_size)"""
    size = c_size_t(0)
    ret = _GetAippDataSize(batch_size, ctypes.byref(size))
    return size.value, ret


def set_aipp_input_format(aipp_parms_set, input_format):
    """ret = acl.mdl.set_aipp_input_format(aipp_parms_set, input_format)"""
    return _SetAIPPInputFormat(aipp_parms_set, input_format)


def set_aipp_csc_params(aipp_parms_set, csc_switch, *values):
    """ret = acl.mdl.set_aipp_csc_params(aipp_parms_set, csc_switch, r0c0, r0c1, r0c2,
    r1c0, r1c1, r1c2, r2c0, r2c1, r2c2, output_bias_r0..r2, input_bias_r0..r2)"""
    if len(values) != 15:
        raise TypeError("set_aipp_csc_params takes 9 matrix values and 6 biases")
    return _SetAIPPCscParams(aipp_parms_set, csc_switch, *values)


def set_aipp_rbuv_swap_switch(aipp_parms_set, rbuv_swap_switch):
    """ret = acl.mdl.set_aipp_rbuv_swap_switch(aipp_parms_set, switch)"""
    return _SetAIPPRbuvSwapSwitch(aipp_parms_set, rbuv_swap_switch)


def set_aipp_ax_swap_switch(aipp_parms_set, ax_swap_switch):
    """ret = acl.mdl.set_aipp_ax_swap_switch(aipp_parms_set, switch)"""
    return _SetAIPPAxSwapSwitch(aipp_parms_set, ax_swap_switch)


def set_aipp_src_image_size(aipp_parms_set, src_image_size_w, src_image_size_h):
    """ret = acl.mdl.set_aipp_src_image_size(aipp_parms_set, w, h)"""
    return _SetAIPPSrcImageSize(aipp_parms_set, src_image_size_w, src_image_size_h)


def set_aipp_scf_params(aipp_parms_set, scf_switch, in_w, in_h, out_w, out_h, batch_index):
    """ret = acl.mdl.set_aipp_scf_params(aipp_parms_set, switch, in_w, in_h, out_w, out_h,
    batch_index)"""
    return _SetAIPPScfParams(aipp_parms_set, scf_switch, in_w, in_h, out_w, out_h, batch_index)


def set_aipp_crop_params(aipp_parms_set, crop_switch, start_w, start_h, size_w, size_h,
                         batch_index):
    """ret = acl.mdl.set_aipp_crop_params(aipp_parms_set, switch, start_w, start_h, w, h,
    batch_index)"""
    return _SetAIPPCropParams(aipp_parms_set, crop_switch, start_w, start_h, size_w, size_h,
                              batch_index)


def set_aipp_padding_params(aipp_parms_set, padding_switch, top, bottom, left, right,
                            batch_index):
    """ret = acl.mdl.set_aipp_padding_params(aipp_parms_set, switch, top, bottom, left,
    right, batch_index)"""
    return _SetAIPPPaddingParams(aipp_parms_set, padding_switch, top, bottom, left, right,
                                 batch_index)


def set_aipp_dtc_pixel_mean(aipp_parms_set, chn0, chn1, chn2, chn3, batch_index):
    """ret = acl.mdl.set_aipp_dtc_pixel_mean(aipp_parms_set, c0, c1, c2, c3, batch_index)"""
    return _SetAIPPDtcPixelMean(aipp_parms_set, chn0, chn1, chn2, chn3, batch_index)


def set_aipp_dtc_pixel_min(aipp_parms_set, chn0, chn1, chn2, chn3, batch_index):
    """ret = acl.mdl.set_aipp_dtc_pixel_min(aipp_parms_set, c0, c1, c2, c3, batch_index)"""
    return _SetAIPPDtcPixelMin(aipp_parms_set, chn0, chn1, chn2, chn3, batch_index)


def set_aipp_pixel_var_reci(aipp_parms_set, chn0, chn1, chn2, chn3, batch_index):
    """ret = acl.mdl.set_aipp_pixel_var_reci(aipp_parms_set, c0, c1, c2, c3, batch_index)"""
    return _SetAIPPPixelVarReci(aipp_parms_set, chn0, chn1, chn2, chn3, batch_index)


# ---- AIPP on a loaded model (docs/aipp.md) ---------------------------------------------


class _AippDims(ctypes.Structure):
    _fields_ = [("srcDims", _IODims), ("srcSize", c_size_t), ("aippOutdims", _IODims),
                ("aippOutSize", c_size_t)]


_AIPP_INFO_INT = ["srcImageSizeW", "srcImageSizeH", "cropSwitch", "loadStartPosW",
                  "loadStartPosH", "cropSizeW", "cropSizeH", "resizeSwitch", "resizeOutputW",
                  "resizeOutputH", "paddingSwitch", "leftPaddingSize", "rightPaddingSize",
                  "topPaddingSize", "bottomPaddingSize", "cscSwitch", "rbuvSwapSwitch",
                  "axSwapSwitch", "singleLineMode"] + \
                 ["matrixR%dC%d" % (r, c) for r in range(3) for c in range(3)] + \
                 ["outputBias%d" % i for i in range(3)] + ["inputBias%d" % i for i in range(3)] + \
                 ["meanChn%d" % i for i in range(4)]
_AIPP_INFO_SWITCHES = {"cropSwitch", "resizeSwitch", "paddingSwitch", "cscSwitch",
                       "rbuvSwapSwitch", "axSwapSwitch", "singleLineMode"}


class _AippInfo(ctypes.Structure):
    _fields_ = ([("inputFormat", ctypes.c_int)] +
                [(n, ctypes.c_int8 if n in _AIPP_INFO_SWITCHES else ctypes.c_int32)
                 for n in _AIPP_INFO_INT] +
                [("minChn%d" % i, ctypes.c_float) for i in range(4)] +
                [("varReciChn%d" % i, ctypes.c_float) for i in range(4)] +
                [("srcFormat", ctypes.c_int), ("srcDatatype", ctypes.c_int),
                 ("srcDimNum", c_size_t), ("shapeCount", c_size_t),
                 ("outDims", _AippDims * _k.ACL_MAX_SHAPE_COUNT), ("aippExtend", c_void_p)])


_SetInputAIPP = fn("aclmdlSetInputAIPP", c_int, c_uint32, c_void_p, c_size_t, c_void_p)
_SetAIPPByInputIndex = fn("aclmdlSetAIPPByInputIndex", c_int, c_uint32, c_void_p, c_size_t,
                          c_void_p)
_GetAippType = fn("aclmdlGetAippType", c_int, c_uint32, c_size_t, P(ctypes.c_int), P(c_size_t))
_GetFirstAippInfo = fn("aclmdlGetFirstAippInfo", c_int, c_uint32, c_size_t, P(_AippInfo))


def set_input_aipp(model_id, dataset, index, aipp_parms_set):
    """ret = acl.mdl.set_input_aipp(model_id, dataset, index, aipp_parms_set): index is the
    ACL_DYNAMIC_AIPP_NAME input"""
    return _SetInputAIPP(model_id, dataset, index, aipp_parms_set)


def set_aipp_by_input_index(model_id, dataset, index, aipp_parms_set):
    """ret = acl.mdl.set_aipp_by_input_index(model_id, dataset, index, aipp_parms_set): index
    is the image input"""
    return _SetAIPPByInputIndex(model_id, dataset, index, aipp_parms_set)


def get_aipp_type(model_id, index):
    """type, dynamic_attached_data_index, ret = acl.mdl.get_aipp_type(model_id, index)"""
    t, attached = ctypes.c_int(0), c_size_t(0)
    ret = _GetAippType(model_id, index, ctypes.byref(t), ctypes.byref(attached))
    return t.value, attached.value, ret


def get_first_aipp_info(model_id, index):
    """aipp_info, ret = acl.mdl.get_first_aipp_info(model_id, index): aipp_info a dict of
    aclAippInfo's fields ({} on error; outDims a list of shapeCount dicts)"""
    info = _AippInfo()
    ret = _GetFirstAippInfo(model_id, index, ctypes.byref(info))
    if ret != 0:
        return {}, ret
    d = {name: getattr(info, name) for name, _ in _AippInfo._fields_
         if name not in ("outDims", "aippExtend")}
    n = min(int(info.shapeCount), _k.ACL_MAX_SHAPE_COUNT)
    d["outDims"] = [{"srcDims": _dims_dict(o.srcDims), "srcSize": int(o.srcSize),
                     "aippOutdims": _dims_dict(o.aippOutdims), "aippOutSize": int(o.aippOutSize)}
                    for o in info.outDims[:n]]
    return d, ret


# ---- diagnostics -----------------------------------------------------------------------

_CreateAndGetOpDesc = fn("aclmdlCreateAndGetOpDesc", c_int, c_uint32, c_uint32, c_uint32,
                         c_char_p, c_size_t, P(c_void_p), P(c_size_t), P(c_void_p), P(c_size_t))


def create_and_get_op_desc(device_id, stream_id, task_id, op_name_len):
    """op_name, input_desc, num_inputs, output_desc, num_outputs, ret =
    acl.mdl.create_and_get_op_desc(device_id, stream_id, task_id, op_name_len): the
    operator that ran as that task; input_desc / output_desc the addresses of its tensor
    descriptions (contiguous), num_* their counts; ("", 0, 0, 0, 0, ret) on error"""
    name = ctypes.create_string_buffer(max(int(op_name_len), 1))
    ind, outd = c_void_p(), c_void_p()
    nin, nout = c_size_t(0), c_size_t(0)
    ret = _CreateAndGetOpDesc(device_id, stream_id, task_id, name, op_name_len,
                              ctypes.byref(ind), ctypes.byref(nin), ctypes.byref(outd),
                              ctypes.byref(nout))
    if ret != 0:
        return "", 0, 0, 0, 0, ret
    return (name.value.decode(errors="replace"), _handle(ind.value), nin.value,
            _handle(outd.value), nout.value, ret)


_RecoverAllHcclTasks = fn("aclRecoverAllHcclTasks", c_int, c_int32)


def recover_all_hccl_tasks(device_id):
    """ret = acl.mdl.recover_all_hccl_tasks(device_id): aclRecoverAllHcclTasks (pyACL
    documents no binding; the name follows its rule)"""
    return _RecoverAllHcclTasks(device_id)


# ---- configuration handles ----------------------------------------------------------

_INT32_OPTS = {_k.ACL_MDL_PRIORITY_INT32, _k.ACL_MDL_WITHOUT_GRAPH_INT32, _k.ACL_NPU_PERF_MODE}
_PATH_OPTS = {_k.ACL_MDL_PATH_PTR, _k.ACL_MDL_WEIGHT_PATH_PTR}
_PTR_OPTS = {_k.ACL_MDL_MEM_ADDR_PTR, _k.ACL_MDL_WEIGHT_ADDR_PTR, _k.ACL_MDL_WORKSPACE_ADDR_PTR,
             _k.ACL_MDL_INPUTQ_ADDR_PTR, _k.ACL_MDL_OUTPUTQ_ADDR_PTR, _k.ACL_MDL_MODEL_DESC_PTR,
             _k.ACL_MDL_KERNEL_PTR, _k.ACL_MDL_KERNEL_ARGS_PTR, _k.ACL_MDL_STATIC_TASK_PTR,
             _k.ACL_MDL_DYNAMIC_TASK_PTR, _k.ACL_MDL_FIFO_PTR}
_EXEC_INT32_OPTS = {_k.ACL_MDL_STREAM_SYNC_TIMEOUT, _k.ACL_MDL_EVENT_SYNC_TIMEOUT,
                    _k.ACL_MDL_EXEC_PRIORITY_INT32, _k.ACL_MDL_NPU_PERF_MODE}
_EXEC_PTR_OPTS = {_k.ACL_MDL_WORK_ADDR_PTR}


def _option(value, int32, path, ptr):
    """value as the C option's type: an int32, a char * (str or bytes; an int is taken as
    an address), a pointer, else a size_t."""
    if int32:
        return c_int32(value)
    if path and not isinstance(value, int):
        return c_char_p(c_str(value))
    if path or ptr:
        return c_void_p(value)
    return c_size_t(value)


def create_config_handle():
    """handle = acl.mdl.create_config_handle()"""
    return _handle(_CreateConfigHandle())


def destroy_config_handle(handle):
    """ret = acl.mdl.destroy_config_handle(handle)"""
    return _DestroyConfigHandle(handle)


def set_config_opt(handle, attr, value):
    """ret = acl.mdl.set_config_opt(handle, attr, value): value an int, or for
    ACL_MDL_PATH_PTR / ACL_MDL_WEIGHT_PATH_PTR a str; the C size is the option's type's"""
    v = _option(value, attr in _INT32_OPTS, attr in _PATH_OPTS, attr in _PTR_OPTS)
    return _SetConfigOpt(handle, attr, ctypes.byref(v), ctypes.sizeof(v))


def set_external_weight_address(handle, weight_file_name, dev_ptr, size):
    """ret = acl.mdl.set_external_weight_address(handle, weight_file_name, dev_ptr, size)"""
    return _SetExternalWeightAddress(handle, c_str(weight_file_name), dev_ptr, size)


def create_exec_config_handle():
    """handle = acl.mdl.create_exec_config_handle()"""
    return _handle(_CreateExecConfigHandle())


def destroy_exec_config_handle(handle):
    """ret = acl.mdl.destroy_exec_config_handle(handle)"""
    return _DestroyExecConfigHandle(handle)


def set_exec_config_opt(handle, attr, value):
    """ret = acl.mdl.set_exec_config_opt(handle, attr, value)"""
    v = _option(value, attr in _EXEC_INT32_OPTS, False, attr in _EXEC_PTR_OPTS)
    return _SetExecConfigOpt(handle, attr, ctypes.byref(v), ctypes.sizeof(v))
