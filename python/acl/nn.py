# SPDX-License-Identifier: Apache-2.0
"""acl.nn: aclnn operators from Python.

Two levels:

* The C API, pyACL style (handles are ints, calls return (value..., ret)):
  create_tensor / create_scalar / create_int_array / ... and their destroy
  calls, get_workspace_size(op, *args) -> (workspace_size, executor, ret) and
  launch(op, workspace, workspace_size, executor, stream) -> ret, where `op` is
  the operator's name without the prefix ("Add" for aclnnAdd).

* Helpers: Tensor (device memory plus its aclTensor, made from a numpy array,
  from bytes, or empty) and run(op, *args, stream=0), which does both phases
  and manages the workspace:

      x = acl.nn.Tensor.from_numpy(a); y = acl.nn.Tensor.from_numpy(b)
      z = acl.nn.Tensor.empty(a.shape, a.dtype)
      ret = acl.nn.run("Add", x, y, 1.0, z, stream=stream)
      ret = acl.rt.synchronize_stream(stream)
      c = z.to_numpy()

The parameter list of every operator comes from include/aclnnop/ (acl/_nn_ops.py).
"""
import ctypes

from . import _lib, rt
from ._constants import (ACL_BOOL, ACL_DOUBLE, ACL_FLOAT, ACL_FLOAT16, ACL_FORMAT_ND, ACL_INT8,
                         ACL_INT16, ACL_INT32, ACL_INT64, ACL_MEMCPY_DEVICE_TO_HOST,
                         ACL_MEMCPY_HOST_TO_DEVICE, ACL_UINT8, ACL_UINT16, ACL_UINT32, ACL_UINT64,
                         ACL_BF16, ACLNN_ERR_PARAM_INVALID)
from ._lib import c_array, i64_array
from ._lib import P, c_bool, c_double, c_float, c_int, c_int8, c_int32, c_int64, c_uint64, c_void_p
from ._nn_ops import OPS

_CreateTensor = _lib.fn("aclCreateTensor", c_void_p, P(c_int64), c_uint64, c_int, P(c_int64),
                        c_int64, c_int, P(c_int64), c_uint64, c_void_p)
_CreateScalar = _lib.fn("aclCreateScalar", c_void_p, c_void_p, c_int)
_CreateIntArray = _lib.fn("aclCreateIntArray", c_void_p, P(c_int64), c_uint64)
_CreateFloatArray = _lib.fn("aclCreateFloatArray", c_void_p, P(c_float), c_uint64)
_CreateBoolArray = _lib.fn("aclCreateBoolArray", c_void_p, P(c_bool), c_uint64)
_CreateTensorList = _lib.fn("aclCreateTensorList", c_void_p, P(c_void_p), c_uint64)
_CreateScalarList = _lib.fn("aclCreateScalarList", c_void_p, P(c_void_p), c_uint64)
_DestroyTensor = _lib.fn("aclDestroyTensor", c_int32, c_void_p)
_DestroyScalar = _lib.fn("aclDestroyScalar", c_int32, c_void_p)
_DestroyIntArray = _lib.fn("aclDestroyIntArray", c_int32, c_void_p)
_DestroyFloatArray = _lib.fn("aclDestroyFloatArray", c_int32, c_void_p)
_DestroyBoolArray = _lib.fn("aclDestroyBoolArray", c_int32, c_void_p)
_DestroyTensorList = _lib.fn("aclDestroyTensorList", c_int32, c_void_p)
_DestroyScalarList = _lib.fn("aclDestroyScalarList", c_int32, c_void_p)
_SetExecutorRepeatable = _lib.fn("aclSetAclOpExecutorRepeatable", c_int32, c_void_p)
_DestroyExecutor = _lib.fn("aclDestroyAclOpExecutor", c_int32, c_void_p)
_DataTypeSize = _lib.fn("aclDataTypeSize", ctypes.c_size_t, c_int)

# ---- the meta API -----------------------------------------------------------


def create_tensor(view_dims, data_type, stride=None, offset=0, fmt=ACL_FORMAT_ND,
                  storage_dims=None, tensor_data=0):
    """tensor, ret = acl.nn.create_tensor(view_dims, data_type, stride, offset,
    format, storage_dims, tensor_data)  (aclCreateTensor; stride None =
    contiguous, storage_dims None = view_dims; ret 161002 when refused)"""
    dims, nd = i64_array(view_dims)
    st, _ = i64_array(stride)
    sdims, nsd = i64_array(view_dims if storage_dims is None else storage_dims)
    t = _CreateTensor(dims, nd, data_type, st, offset, fmt, sdims, nsd, tensor_data)
    return (t or 0), (0 if t else ACLNN_ERR_PARAM_INVALID)


def destroy_tensor(tensor):
    """ret = acl.nn.destroy_tensor(tensor)"""
    return _DestroyTensor(tensor)


_SCALAR_CTYPES = {
    ACL_FLOAT: c_float, ACL_DOUBLE: c_double, ACL_INT8: c_int8, ACL_INT16: ctypes.c_int16,
    ACL_INT32: c_int32, ACL_INT64: c_int64, ACL_UINT8: ctypes.c_uint8,
    ACL_UINT16: ctypes.c_uint16, ACL_UINT32: ctypes.c_uint32, ACL_UINT64: c_uint64,
    ACL_BOOL: c_bool,
}


class ScalarHandle(int):
    """An aclScalar handle as create_scalar returns it: an int everywhere, and what tells
    run() a scalar handle from a number (a plain int there is a number)."""

    __slots__ = ()


def create_scalar(value, data_type):
    """scalar, ret = acl.nn.create_scalar(value, data_type)  (value: a Python
    number, converted to data_type; ACL_FLOAT16 / ACL_BF16 from a float). The
    handle is a ScalarHandle (an int)."""
    if data_type == ACL_FLOAT16:
        import struct
        box = ctypes.c_uint16(struct.unpack("<H", struct.pack("<e", float(value)))[0])
    elif data_type == ACL_BF16:
        import struct
        box = ctypes.c_uint16(struct.unpack("<I", struct.pack("<f", float(value)))[0] >> 16)
    elif data_type in _SCALAR_CTYPES:
        ct = _SCALAR_CTYPES[data_type]
        box = ct(float(value) if ct in (c_float, c_double) else
                 (bool(value) if ct is c_bool else int(value)))
    else:
        return 0, ACLNN_ERR_PARAM_INVALID
    s = _CreateScalar(ctypes.byref(box), data_type)
    return (ScalarHandle(s) if s else 0), (0 if s else ACLNN_ERR_PARAM_INVALID)


def destroy_scalar(scalar):
    """ret = acl.nn.destroy_scalar(scalar)"""
    return _DestroyScalar(scalar)


def create_int_array(values):
    """array, ret = acl.nn.create_int_array(values)"""
    arr, n = i64_array(values)
    a = _CreateIntArray(arr, n)
    return (a or 0), (0 if a else ACLNN_ERR_PARAM_INVALID)


def destroy_int_array(array):
    """ret = acl.nn.destroy_int_array(array)"""
    return _DestroyIntArray(array)


def _new_list(create, ctype, vals):
    """(handle, ret) of create(array of vals as ctype, len(vals)): the float,
    bool and tensor lists of the meta API."""
    a = create(*c_array(ctype, vals))
    return (a or 0), (0 if a else ACLNN_ERR_PARAM_INVALID)


def create_float_array(values):
    """array, ret = acl.nn.create_float_array(values)"""
    return _new_list(_CreateFloatArray, c_float, [float(v) for v in values])


def destroy_float_array(array):
    """ret = acl.nn.destroy_float_array(array)"""
    return _DestroyFloatArray(array)


def create_bool_array(values):
    """array, ret = acl.nn.create_bool_array(values)"""
    return _new_list(_CreateBoolArray, c_bool, [bool(v) for v in values])


def destroy_bool_array(array):
    """ret = acl.nn.destroy_bool_array(array)"""
    return _DestroyBoolArray(array)


def create_tensor_list(tensors):
    """tensor_list, ret = acl.nn.create_tensor_list(tensors): the list owns
    the tensors from now on (destroy_tensor_list destroys them)."""
    return _new_list(_CreateTensorList, c_void_p, [_handle(t) for t in tensors])


def destroy_tensor_list(tensor_list):
    """ret = acl.nn.destroy_tensor_list(tensor_list)"""
    return _DestroyTensorList(tensor_list)


def create_scalar_list(scalars):
    """scalar_list, ret = acl.nn.create_scalar_list(scalars): the list owns the
    scalars from now on (destroy_scalar_list destroys them)."""
    return _new_list(_CreateScalarList, c_void_p, [_handle(s) for s in scalars])


def destroy_scalar_list(scalar_list):
    """ret = acl.nn.destroy_scalar_list(scalar_list)"""
    return _DestroyScalarList(scalar_list)


def _list_tensor(t):
    """A new aclTensor over the memory of t (a Tensor or a TensorView), for a
    tensor list, which owns its tensors."""
    view = getattr(t, "view_args", None)
    if view is None:
        return create_tensor(t.shape, t.data_type, None, 0, ACL_FORMAT_ND, None, t.ptr)
    return create_tensor(*view)


def set_executor_repeatable(executor):
    """ret = acl.nn.set_executor_repeatable(executor)"""
    return _SetExecutorRepeatable(executor)


def destroy_executor(executor):
    """ret = acl.nn.destroy_executor(executor)"""
    return _DestroyExecutor(executor)


def data_type_size(data_type):
    """size = acl.nn.data_type_size(data_type)  (aclDataTypeSize)"""
    return _DataTypeSize(data_type)

# ---- the two phases ---------------------------------------------------------

_KIND_CTYPES = {
    "tensor": c_void_p, "tensor_list": c_void_p, "scalar": c_void_p, "scalar_list": c_void_p,
    "int_array": c_void_p, "float_array": c_void_p, "bool_array": c_void_p,
    "int64": c_int64, "int8": c_int8, "int": c_int, "bool": c_bool, "double": c_double,
    "float": c_float, "string": ctypes.c_char_p, "uint64": c_uint64, "int32": c_int32,
}


def _plain(a, kind):
    """A non-handle argument as ctypes takes it (a str becomes UTF-8 bytes)."""
    return a.encode() if kind == "string" and isinstance(a, str) else a
_phase_fns = {}


def _phases(op):
    f = _phase_fns.get(op)
    if f is None:
        kinds = OPS.get(op)
        if kinds is None:
            raise ValueError("acl.nn: unknown operator %r (known: %s)" % (op, ", ".join(sorted(OPS))))
        p1 = _lib.fn("aclnn%sGetWorkspaceSize" % op, c_int32,
                     *([_KIND_CTYPES[k] for k in kinds] + [P(c_uint64), P(c_void_p)]))
        p2 = _lib.fn("aclnn%s" % op, c_int32, c_void_p, c_uint64, c_void_p, c_void_p)
        f = _phase_fns[op] = (kinds, p1, p2)
    return f


def get_workspace_size(op, *args):
    """workspace_size, executor, ret = acl.nn.get_workspace_size(op, *args)

    op: "Add", "Matmul", "Softmax", ... (aclnn<op>GetWorkspaceSize); args in
    the C order without the two outputs: handles (ints or Tensor) for tensors,
    scalars and arrays, Python numbers for the rest."""
    kinds, p1, _ = _phases(op)
    if len(args) != len(kinds):
        raise TypeError("acl.nn: aclnn%sGetWorkspaceSize takes %d arguments (%s), %d given"
                        % (op, len(kinds), ", ".join(kinds), len(args)))
    ws, ex = c_uint64(0), c_void_p()
    conv = [_handle(a) if _KIND_CTYPES[k] is c_void_p else _plain(a, k) for a, k in zip(args, kinds)]
    ret = p1(*(conv + [ctypes.byref(ws), ctypes.byref(ex)]))
    return ws.value, (ex.value or 0), ret


def launch(op, workspace, workspace_size, executor, stream):
    """ret = acl.nn.launch(op, workspace, workspace_size, executor, stream)  (aclnn<op>)"""
    _, _, p2 = _phases(op)
    return p2(workspace, workspace_size, executor, stream)


def run(op, *args, stream=0):
    """ret = acl.nn.run(op, *args, stream=0): both phases of one operator.

    Tensor objects stand for their aclTensor; for a scalar parameter a Python
    number makes a scalar (float: ACL_FLOAT, int: ACL_INT64, bool: ACL_BOOL) and a
    create_scalar handle (ScalarHandle) is passed as it is; for an
    int/float/bool array parameter a list or tuple makes the array; for a
    tensor list parameter a list or tuple of Tensor / TensorView objects makes
    the list (of new aclTensors over their memory); for a scalar list
    parameter a list of floats (ACL_FLOAT) or ints (ACL_INT64) makes it. The
    objects made here are destroyed after phase 1 (the executor keeps copies).
    A workspace, when the operator needs one, is allocated here and freed
    after synchronizing the stream; otherwise the call is asynchronous. (In a
    stream capture, where synchronizing is refused, give such an operator its
    workspace through get_workspace_size and launch.)"""
    kinds, _, _ = _phases(op)
    if len(args) != len(kinds):
        raise TypeError("acl.nn: aclnn%s takes %d arguments (%s), %d given"
                        % (op, len(kinds), ", ".join(kinds), len(args)))
    made = []
    conv = []
    try:
        for a, k in zip(args, kinds):
            obj, ret = a, 0
            if k == "scalar" and not isinstance(a, ScalarHandle) and isinstance(a, (int, float)):
                # a number (bool, int, float) becomes a scalar of its type; a plain int is
                # never taken as a handle (an int passed through as a pointer crashed)
                dt = (ACL_BOOL if isinstance(a, bool) else
                      ACL_INT64 if isinstance(a, int) else ACL_FLOAT)
                obj, ret = create_scalar(a, dt)
                made.append((destroy_scalar, obj))
            elif k == "scalar" and not isinstance(a, ScalarHandle) and a is not None:
                raise TypeError("acl.nn: aclnn%s: a scalar parameter takes a number or a "
                                "create_scalar handle, not %s" % (op, type(a).__name__))
            elif k == "tensor_list" and isinstance(a, (list, tuple)):
                hs = []
                for x in a:
                    h, ret = _list_tensor(x)
                    if ret:
                        break
                    hs.append(h)
                if ret:
                    for h in hs:
                        destroy_tensor(h)
                    return ret
                obj, ret = create_tensor_list(hs)
                if ret:
                    for h in hs:
                        destroy_tensor(h)
                made.append((destroy_tensor_list, obj))
            elif k == "scalar_list" and isinstance(a, (list, tuple)):
                ss = [create_scalar(v, ACL_FLOAT if isinstance(v, float) else ACL_INT64)[0]
                      for v in a]
                obj, ret = create_scalar_list(ss)
                made.append((destroy_scalar_list, obj))
            elif k in ("int_array", "float_array", "bool_array") and isinstance(a, (list, tuple)):
                maker, killer = {"int_array": (create_int_array, destroy_int_array),
                                 "float_array": (create_float_array, destroy_float_array),
                                 "bool_array": (create_bool_array, destroy_bool_array)}[k]
                obj, ret = maker(a)
                made.append((killer, obj))
            if ret:
                return ret
            conv.append(obj)
        ws, ex, ret = get_workspace_size(op, *conv)
    finally:
        for killer, h in made:
            if h:
                killer(h)
    if ret:
        return ret
    if ws == 0:
        return launch(op, 0, 0, ex, stream)
    buf, ret = rt.malloc(ws, 0)
    if ret:
        return ret
    ret = launch(op, buf, ws, ex, stream)
    sret = rt.synchronize_stream(stream)
    rt.free(buf)
    return ret or sret

# ---- Tensor: device memory plus its aclTensor --------------------------------


def _handle(obj):
    if obj is None:
        return 0
    h = getattr(obj, "handle", None)
    return obj if h is None else h


_NP_TO_ACL = {
    "float32": ACL_FLOAT, "float16": ACL_FLOAT16, "float64": ACL_DOUBLE, "int8": ACL_INT8,
    "int16": ACL_INT16, "int32": ACL_INT32, "int64": ACL_INT64, "uint8": ACL_UINT8,
    "uint16": ACL_UINT16, "uint32": ACL_UINT32, "uint64": ACL_UINT64, "bool": ACL_BOOL,
}
_ACL_TO_NP = {v: k for k, v in _NP_TO_ACL.items()}


def acl_dtype(dtype):
    """The aclDataType of a numpy dtype (or its name), or of an aclDataType int."""
    if isinstance(dtype, int) and not isinstance(dtype, bool):
        return dtype
    name = getattr(dtype, "name", None) or str(dtype)
    if name not in _NP_TO_ACL:
        try:
            import numpy
            name = numpy.dtype(dtype).name
        except Exception:
            pass
    if name not in _NP_TO_ACL:
        raise ValueError("acl.nn: no aclDataType for %r" % (dtype,))
    return _NP_TO_ACL[name]


class Tensor:
    """A contiguous tensor in device memory of the current device, with its
    aclTensor (`handle`) and its device address (`ptr`). destroy() (or a
    with-block) frees both; until then it can be passed to acl.nn.run."""

    def __init__(self, shape, data_type, fmt=ACL_FORMAT_ND):
        self.shape = tuple(int(d) for d in shape)
        self.data_type = acl_dtype(data_type)
        n = 1
        for d in self.shape:
            n *= d
        self.nbytes = n * data_type_size(self.data_type)
        self.ptr, self.handle = 0, 0
        ptr, ret = rt.malloc(max(self.nbytes, 1), 0)
        if ret:
            raise RuntimeError("acl.nn.Tensor: aclrtMalloc(%d) failed with %d"
                               % (self.nbytes, ret))
        self.ptr = ptr
        self.handle, ret = create_tensor(self.shape, self.data_type, None, 0, fmt, None, ptr)
        if ret:
            rt.free(ptr)
            self.ptr = 0
            raise RuntimeError("acl.nn.Tensor: aclCreateTensor refused shape %r type %d"
                               % (self.shape, self.data_type))

    @classmethod
    def empty(cls, shape, dtype):
        """Uninitialised device tensor; dtype: numpy dtype or aclDataType."""
        return cls(shape, dtype)

    @classmethod
    def from_bytes(cls, data, shape, data_type):
        """Device tensor holding a copy of data (bytes-like, len = nbytes)."""
        t = cls(shape, data_type)
        data = bytes(data)
        if len(data) != t.nbytes:
            t.destroy()
            raise ValueError("acl.nn.Tensor.from_bytes: %d bytes for %d" % (len(data), t.nbytes))
        if t.nbytes:
            ret = rt.memcpy(t.ptr, t.nbytes, data, t.nbytes, ACL_MEMCPY_HOST_TO_DEVICE)
            if ret:
                t.destroy()
                raise RuntimeError("acl.nn.Tensor: aclrtMemcpy failed with %d" % ret)
        return t

    @classmethod
    def from_numpy(cls, array):
        """Device tensor holding a copy of a numpy array."""
        import numpy
        a = numpy.ascontiguousarray(array)
        return cls.from_bytes(a.tobytes(), a.shape, a.dtype)

    def to_bytes(self):
        """A host copy of the contents (synchronous; synchronize the stream
        that wrote the tensor first)."""
        buf = ctypes.create_string_buffer(max(self.nbytes, 1))
        if self.nbytes:
            ret = rt.memcpy(ctypes.addressof(buf), self.nbytes, self.ptr, self.nbytes,
                            ACL_MEMCPY_DEVICE_TO_HOST)
            if ret:
                raise RuntimeError("acl.nn.Tensor: aclrtMemcpy failed with %d" % ret)
        return buf.raw[:self.nbytes]

    def to_numpy(self):
        """A numpy copy of the contents."""
        import numpy
        name = _ACL_TO_NP.get(self.data_type)
        if name is None:
            raise ValueError("acl.nn.Tensor: no numpy dtype for aclDataType %d" % self.data_type)
        return numpy.frombuffer(self.to_bytes(), dtype=name).reshape(self.shape).copy()

    def view(self, shape, strides, offset=0):
        """A strided view of this tensor's memory (TensorView): shape and
        strides in elements, offset the element it starts at."""
        return TensorView(self, shape, strides, offset)

    def destroy(self):
        if self.handle:
            destroy_tensor(self.handle)
            self.handle = 0
        if self.ptr:
            rt.free(self.ptr)
            self.ptr = 0

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.destroy()
        return False

    def __repr__(self):
        return "acl.nn.Tensor(shape=%r, data_type=%d, ptr=0x%x)" % (self.shape, self.data_type,
                                                                    self.ptr)


class TensorView:
    """A strided view of a Tensor's memory with its own aclTensor (`handle`);
    destroy() frees the aclTensor only (the Tensor owns the memory)."""

    def __init__(self, base, shape, strides, offset=0):
        self.base, self.shape, self.strides = base, tuple(shape), tuple(strides)
        self.data_type, self.ptr, self.offset = base.data_type, base.ptr, offset
        n = 1
        for d in base.shape:
            n *= d
        self.view_args = (self.shape, self.data_type, self.strides, offset, ACL_FORMAT_ND, [n],
                          base.ptr)
        self.handle, ret = create_tensor(*self.view_args)
        if ret:
            raise RuntimeError("acl.nn.TensorView: aclCreateTensor refused shape %r strides %r"
                               % (self.shape, self.strides))

    def destroy(self):
        if self.handle:
            destroy_tensor(self.handle)
            self.handle = 0

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.destroy()
        return False
