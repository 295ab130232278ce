# SPDX-License-Identifier: Apache-2.0
"""The acl_base.h calls of the top-level acl module: data buffers and tensor
descriptions (re-exported by acl/__init__.py as acl.create_data_buffer,
acl.create_tensor_desc, ...).

pyACL's conventions: handles and pointers are ints (0 is NULL); a creating
call returns the handle alone (0 on failure, acl.get_recent_err_msg() says
why); a getter returns its value alone, except get_tensor_desc_dim_v2,
get_tensor_desc_dim_range and trans_tensor_desc_format, which return
(value, ret); setters return ret; destroy_tensor_desc and set_tensor_desc_name
return None. Shapes are lists of ints, ranges lists of [min, max] pairs.
"""
from . import util
from ._lib import P, c_char_p, c_int, c_int64, c_size_t, c_uint32, c_void_p, fn
from ._lib import i64_array
from ._lib import last as _last

_ERR_INVALID_PARAM = 100000
_DIM_RANGE_NUM_LIMIT = 4096  # pyACL's bound on get_tensor_desc_dim_range's dim_range_num

_CreateDataBuffer = fn("aclCreateDataBuffer", c_void_p, c_void_p, c_size_t)
_DestroyDataBuffer = fn("aclDestroyDataBuffer", c_int, c_void_p)
_UpdateDataBuffer = fn("aclUpdateDataBuffer", c_int, c_void_p, c_void_p, c_size_t)
_GetDataBufferAddr = fn("aclGetDataBufferAddr", c_void_p, c_void_p)
_GetDataBufferSize = fn("aclGetDataBufferSize", c_uint32, c_void_p)
_GetDataBufferSizeV2 = fn("aclGetDataBufferSizeV2", c_size_t, c_void_p)

_CreateTensorDesc = fn("aclCreateTensorDesc", c_void_p, c_int, c_int, P(c_int64), c_int)
_DestroyTensorDesc = fn("aclDestroyTensorDesc", None, c_void_p)
_SetTensorShapeRange = fn("aclSetTensorShapeRange", c_int, c_void_p, c_size_t, P(c_int64))
_SetTensorValueRange = fn("aclSetTensorValueRange", c_int, c_void_p, c_size_t, P(c_int64))
_GetTensorDescType = fn("aclGetTensorDescType", c_int, c_void_p)
_GetTensorDescFormat = fn("aclGetTensorDescFormat", c_int, c_void_p)
_GetTensorDescSize = fn("aclGetTensorDescSize", c_size_t, c_void_p)
_GetTensorDescElementCount = fn("aclGetTensorDescElementCount", c_size_t, c_void_p)
_GetTensorDescNumDims = fn("aclGetTensorDescNumDims", c_size_t, c_void_p)
_GetTensorDescDim = fn("aclGetTensorDescDim", c_int64, c_void_p, c_size_t)
_GetTensorDescDimV2 = fn("aclGetTensorDescDimV2", c_int, c_void_p, c_size_t, P(c_int64))
_GetTensorDescDimRange = fn("aclGetTensorDescDimRange", c_int, c_void_p, c_size_t, c_size_t,
                            P(c_int64))
_SetTensorDescName = fn("aclSetTensorDescName", None, c_void_p, c_char_p)
_GetTensorDescName = fn("aclGetTensorDescName", c_char_p, c_void_p)
_TransTensorDescFormat = fn("aclTransTensorDescFormat", c_int, c_void_p, c_int, P(c_void_p))
_SetTensorStorageFormat = fn("aclSetTensorStorageFormat", c_int, c_void_p, c_int)
_SetTensorStorageShape = fn("aclSetTensorStorageShape", c_int, c_void_p, c_int, P(c_int64))
_SetTensorFormat = fn("aclSetTensorFormat", c_int, c_void_p, c_int)
_SetTensorShape = fn("aclSetTensorShape", c_int, c_void_p, c_int, P(c_int64))
_SetTensorOriginFormat = fn("aclSetTensorOriginFormat", c_int, c_void_p, c_int)
_SetTensorOriginShape = fn("aclSetTensorOriginShape", c_int, c_void_p, c_int, P(c_int64))
_GetTensorDescByIndex = fn("aclGetTensorDescByIndex", c_void_p, c_void_p, c_size_t)
_GetTensorDescAddress = fn("aclGetTensorDescAddress", c_void_p, c_void_p)
_SetTensorDynamicInput = fn("aclSetTensorDynamicInput", c_int, c_void_p, c_char_p)
_SetTensorConst = fn("aclSetTensorConst", c_int, c_void_p, c_void_p, c_size_t)
_SetTensorPlaceMent = fn("aclSetTensorPlaceMent", c_int, c_void_p, c_int)


def _ptr(data):
    """A pointer argument: an int address, or (convenience) an object with a
    buffer or __array_interface__, whose own storage is passed."""
    if data is None or isinstance(data, int):
        return data or None
    return util.numpy_to_ptr(data) or None


def _pairs(ranges):
    """[[min, max], ...] as a flat int64 array and the pair count."""
    flat = []
    for r in ranges:
        lo, hi = r
        flat += [lo, hi]
    arr, n = i64_array(flat)
    return arr, n // 2


# ---- data buffers ---------------------------------------------------------------


def create_data_buffer(data, size):
    """buffer = acl.create_data_buffer(data, size): wraps the memory at data
    (not copied, not freed); 0 on failure."""
    return _CreateDataBuffer(_ptr(data), size) or 0


def destroy_data_buffer(data_buffer):
    """ret = acl.destroy_data_buffer(data_buffer): frees the wrapper only."""
    return _DestroyDataBuffer(data_buffer)


def update_data_buffer(data_buffer, data, size):
    """ret = acl.update_data_buffer(data_buffer, data, size)"""
    return _UpdateDataBuffer(data_buffer, _ptr(data), size)


def get_data_buffer_addr(data_buffer):
    """addr = acl.get_data_buffer_addr(data_buffer): 0 for a 0 buffer."""
    return _GetDataBufferAddr(data_buffer) or 0


def get_data_buffer_size(data_buffer):
    """size = acl.get_data_buffer_size(data_buffer): truncated to 32 bits
    (deprecated in CANN; use get_data_buffer_size_v2)."""
    return _GetDataBufferSize(data_buffer)


def get_data_buffer_size_v2(data_buffer):
    """size = acl.get_data_buffer_size_v2(data_buffer)"""
    return _GetDataBufferSizeV2(data_buffer)


# ---- tensor descriptions --------------------------------------------------------


def create_tensor_desc(data_type, dims, format):  # noqa: A002 (pyACL's parameter name)
    """desc = acl.create_tensor_desc(data_type, dims, format): dims a list
    (-1 an unknown dim, [-2] an unknown rank); 0 on failure."""
    arr, n = i64_array(dims)
    return _CreateTensorDesc(data_type, n, arr, format) or 0


def destroy_tensor_desc(desc):
    """acl.destroy_tensor_desc(desc): returns None."""
    _DestroyTensorDesc(desc)


def set_tensor_shape_range(desc, dims_range):
    """ret = acl.set_tensor_shape_range(desc, dims_range): one [min, max] per dim."""
    arr, n = _pairs(dims_range)
    return _SetTensorShapeRange(desc, n, arr)


def set_tensor_value_range(desc, value_range):
    """ret = acl.set_tensor_value_range(desc, value_range): [min, max] pairs."""
    arr, n = _pairs(value_range)
    return _SetTensorValueRange(desc, n, arr)


def get_tensor_desc_type(desc):
    """data_type = acl.get_tensor_desc_type(desc): ACL_DT_UNDEFINED (-1) on failure."""
    return _GetTensorDescType(desc)


def get_tensor_desc_format(desc):
    """format = acl.get_tensor_desc_format(desc): ACL_FORMAT_UNDEFINED (-1) on failure."""
    return _GetTensorDescFormat(desc)


def get_tensor_desc_size(desc):
    """size = acl.get_tensor_desc_size(desc): bytes; 0 for an unknown dim."""
    return _GetTensorDescSize(desc)


def get_tensor_desc_element_count(desc):
    """count = acl.get_tensor_desc_element_count(desc)"""
    return _GetTensorDescElementCount(desc)


def get_tensor_desc_num_dims(desc):
    """num = acl.get_tensor_desc_num_dims(desc): ACL_UNKNOWN_RANK for [-2]."""
    return _GetTensorDescNumDims(desc)


def get_tensor_desc_dim(desc, index):
    """dim = acl.get_tensor_desc_dim(desc, index): -1 on failure (deprecated
    in CANN; use get_tensor_desc_dim_v2)."""
    return _GetTensorDescDim(desc, index)


def get_tensor_desc_dim_v2(desc, index):
    """dim_size, ret = acl.get_tensor_desc_dim_v2(desc, index)"""
    return _last(_GetTensorDescDimV2, c_int64, desc, index)


def get_tensor_desc_dim_range(desc, index, dim_range_num):
    """dim_range, ret = acl.get_tensor_desc_dim_range(desc, index, dim_range_num):
    a list of dim_range_num ints ([min, max] then zeros), None on failure."""
    if dim_range_num < 0 or dim_range_num > _DIM_RANGE_NUM_LIMIT:
        return None, _ERR_INVALID_PARAM
    arr = (c_int64 * (dim_range_num + 1))()
    ret = _GetTensorDescDimRange(desc, index, dim_range_num, arr)
    return (list(arr[:dim_range_num]) if ret == 0 else None), ret


def set_tensor_desc_name(desc, name):
    """acl.set_tensor_desc_name(desc, name): returns None."""
    _SetTensorDescName(desc, None if name is None else name.encode())


def get_tensor_desc_name(desc):
    """name = acl.get_tensor_desc_name(desc): "" when unset."""
    m = _GetTensorDescName(desc)
    return m.decode(errors="replace") if m else ""


def trans_tensor_desc_format(src_desc, dst_format):
    """dst_desc, ret = acl.trans_tensor_desc_format(src_desc, dst_format):
    dst_desc is a new description (destroy it), 0 on failure."""
    return _last(_TransTensorDescFormat, c_void_p, src_desc, dst_format)


def _set_shape(cfn, desc, dims):
    arr, n = i64_array(dims)
    return cfn(desc, n, arr)


def set_tensor_storage_format(desc, format):  # noqa: A002
    """ret = acl.set_tensor_storage_format(desc, format)"""
    return _SetTensorStorageFormat(desc, format)


def set_tensor_storage_shape(desc, dims):
    """ret = acl.set_tensor_storage_shape(desc, dims)"""
    return _set_shape(_SetTensorStorageShape, desc, dims)


def set_tensor_format(desc, format):  # noqa: A002
    """ret = acl.set_tensor_format(desc, format): the storage format."""
    return _SetTensorFormat(desc, format)


def set_tensor_shape(desc, dims):
    """ret = acl.set_tensor_shape(desc, dims): the storage shape."""
    return _set_shape(_SetTensorShape, desc, dims)


def set_tensor_origin_format(desc, format):  # noqa: A002
    """ret = acl.set_tensor_origin_format(desc, format)"""
    return _SetTensorOriginFormat(desc, format)


def set_tensor_origin_shape(desc, dims):
    """ret = acl.set_tensor_origin_shape(desc, dims)"""
    return _set_shape(_SetTensorOriginShape, desc, dims)


def get_tensor_desc_by_index(desc, index):
    """desc_i = acl.get_tensor_desc_by_index(desc, index): 0 on failure."""
    return _GetTensorDescByIndex(desc, index) or 0


def get_tensor_desc_address(desc):
    """address = acl.get_tensor_desc_address(desc): 0 when unknown."""
    return _GetTensorDescAddress(desc) or 0


def set_tensor_dynamic_input(desc, dynamic_input_name):
    """ret = acl.set_tensor_dynamic_input(desc, dynamic_input_name)"""
    name = None if dynamic_input_name is None else dynamic_input_name.encode()
    return _SetTensorDynamicInput(desc, name)


def set_tensor_const(desc, data_buffer, length):
    """ret = acl.set_tensor_const(desc, data_buffer, length): data_buffer is
    the address of length bytes of host memory (copied)."""
    return _SetTensorConst(desc, _ptr(data_buffer), length)


def set_tensor_place_ment(desc, mem_type):
    """ret = acl.set_tensor_place_ment(desc, mem_type): ACL_MEMTYPE_*."""
    return _SetTensorPlaceMent(desc, mem_type)


__all__ = [
    "create_data_buffer", "destroy_data_buffer", "update_data_buffer", "get_data_buffer_addr",
    "get_data_buffer_size", "get_data_buffer_size_v2", "create_tensor_desc", "destroy_tensor_desc",
    "set_tensor_shape_range", "set_tensor_value_range", "get_tensor_desc_type",
    "get_tensor_desc_format", "get_tensor_desc_size", "get_tensor_desc_element_count",
    "get_tensor_desc_num_dims", "get_tensor_desc_dim", "get_tensor_desc_dim_v2",
    "get_tensor_desc_dim_range", "set_tensor_desc_name", "get_tensor_desc_name",
    "trans_tensor_desc_format", "set_tensor_storage_format", "set_tensor_storage_shape",
    "set_tensor_format", "set_tensor_shape", "set_tensor_origin_format", "set_tensor_origin_shape",
    "get_tensor_desc_by_index", "get_tensor_desc_address", "set_tensor_dynamic_input",
    "set_tensor_const", "set_tensor_place_ment",
]
