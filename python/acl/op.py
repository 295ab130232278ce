# SPDX-License-Identifier: Apache-2.0
"""acl.op: single-operator execution (acl/acl_op.h): operators run by their
CANN type name ("Add", "MatMulV2", "Cast", ...) on tensor descriptions and
data buffers (acl.create_tensor_desc, acl.create_data_buffer), with their
attributes in an attribute set.

    attr = acl.op.create_attr()
    ret = acl.op.set_attr_bool(attr, "transpose_x2", True)
    ret = acl.op.execute_v2("MatMulV2", [d_a, d_b], [b_a, b_b], [d_y], [b_y], attr, stream)
    ret = acl.rt.synchronize_stream(stream)
    acl.op.destroy_attr(attr)

pyACL's conventions: handles, descriptions, buffers, attribute sets and
streams are ints (0 is NULL; stream 0 is the current context's default
stream). Lists of descriptions and buffers are Python lists of those ints;
the counts come from the list lengths (execute_v2, execute and
execute_with_handle count the buffers, create_handle and update_params the
descriptions, infer_shape its input descriptions and num_outputs); a shorter
companion list is padded with NULLs, which the library refuses. create_attr
returns the set alone (0 on failure, acl.get_recent_err_msg() says why);
create_handle and create_handle_for_cast return (handle, ret); destroy_attr
and destroy_handle return None; everything else returns ret, except
set_attr_data_type and set_attr_list_data_type, which return (attr, ret).
Attribute names and strings are str; lists are Python lists (or tuples), and
list_bool, list_int and list_float also take a 1-D numpy array (uint8,
int64, float32). Failures are returned, never raised.
"""
import ctypes
import sys
import threading
import traceback

from ._lib import c_array, c_str
from ._lib import P, c_char_p, c_float, c_int, c_int64, c_size_t, c_uint32, c_uint64, c_void_p
from ._lib import fn
from ._lib import last as _last

_c_uint8 = ctypes.c_uint8
_ACL_HOST = 1  # aclrtRunMode: ACL_HOST
_ACL_ERROR_FAILURE = 500001  # a Python compile function that raised

_CreateAttr = fn("aclopCreateAttr", c_void_p)
_DestroyAttr = fn("aclopDestroyAttr", None, c_void_p)
_SetAttrBool = fn("aclopSetAttrBool", c_int, c_void_p, c_char_p, _c_uint8)
_SetAttrInt = fn("aclopSetAttrInt", c_int, c_void_p, c_char_p, c_int64)
_SetAttrFloat = fn("aclopSetAttrFloat", c_int, c_void_p, c_char_p, c_float)
_SetAttrString = fn("aclopSetAttrString", c_int, c_void_p, c_char_p, c_char_p)
_SetAttrDataType = fn("aclopSetAttrDataType", c_int, c_void_p, c_char_p, c_int)
_SetAttrListBool = fn("aclopSetAttrListBool", c_int, c_void_p, c_char_p, c_int, P(_c_uint8))
_SetAttrListInt = fn("aclopSetAttrListInt", c_int, c_void_p, c_char_p, c_int, P(c_int64))
_SetAttrListFloat = fn("aclopSetAttrListFloat", c_int, c_void_p, c_char_p, c_int, P(c_float))
_SetAttrListString = fn("aclopSetAttrListString", c_int, c_void_p, c_char_p, c_int,
                        P(c_char_p))
_SetAttrListListInt = fn("aclopSetAttrListListInt", c_int, c_void_p, c_char_p, c_int, P(c_int),
                         P(P(c_int64)))
_SetAttrListDataType = fn("aclopSetAttrListDataType", c_int, c_void_p, c_char_p, c_int,
                          P(c_int))


# ---- attribute sets ---------------------------------------------------------------


def create_attr():
    """attr = acl.op.create_attr(): an empty set; 0 on failure."""
    return _CreateAttr() or 0


def destroy_attr(attr):
    """acl.op.destroy_attr(attr): returns None (0 does nothing)."""
    _DestroyAttr(attr)


def set_attr_bool(attr, attr_name, attr_value):
    """ret = acl.op.set_attr_bool(attr, attr_name, attr_value): 0 is false,
    anything else true."""
    return _SetAttrBool(attr, c_str(attr_name), int(attr_value) & 0xFF)


def set_attr_int(attr, attr_name, attr_value):
    """ret = acl.op.set_attr_int(attr, attr_name, attr_value): int64."""
    return _SetAttrInt(attr, c_str(attr_name), int(attr_value))


def set_attr_float(attr, attr_name, attr_value):
    """ret = acl.op.set_attr_float(attr, attr_name, attr_value): float32."""
    return _SetAttrFloat(attr, c_str(attr_name), float(attr_value))


def set_attr_string(attr, attr_name, attr_value):
    """ret = acl.op.set_attr_string(attr, attr_name, attr_value)"""
    return _SetAttrString(attr, c_str(attr_name), c_str(attr_value))


def set_attr_data_type(attr, attr_name, attr_value):
    """attr, ret = acl.op.set_attr_data_type(attr, attr_name, attr_value):
    attr_value an ACL_* data type (ACL_DT_UNDEFINED allowed)."""
    return attr, _SetAttrDataType(attr, c_str(attr_name), int(attr_value))


def set_attr_list_bool(attr, attr_name, values):
    """ret = acl.op.set_attr_list_bool(attr, attr_name, values): ints 0..255
    (0 false) or bools."""
    arr, n = c_array(_c_uint8, values, lambda v: int(v) & 0xFF)
    return _SetAttrListBool(attr, c_str(attr_name), n, arr)


def set_attr_list_int(attr, attr_name, values):
    """ret = acl.op.set_attr_list_int(attr, attr_name, values)"""
    arr, n = c_array(c_int64, values, int)
    return _SetAttrListInt(attr, c_str(attr_name), n, arr)


def set_attr_list_float(attr, attr_name, values):
    """ret = acl.op.set_attr_list_float(attr, attr_name, values)"""
    arr, n = c_array(c_float, values, float)
    return _SetAttrListFloat(attr, c_str(attr_name), n, arr)


def set_attr_list_string(attr, attr_name, values):
    """ret = acl.op.set_attr_list_string(attr, attr_name, values): a list of str."""
    arr, n = c_array(c_char_p, values, c_str)
    return _SetAttrListString(attr, c_str(attr_name), n, arr)


def set_attr_list_list_int(attr, attr_name, values):
    """ret = acl.op.set_attr_list_list_int(attr, attr_name, values): a list of
    lists of ints (each a list or a 1-D int64 numpy array)."""
    inner = [c_array(c_int64, v, int) for v in values]  # kept alive for the call
    counts, n = c_array(c_int, [k for _, k in inner], int)
    rows = (P(c_int64) * max(n, 1))(*[ctypes.cast(a, P(c_int64)) for a, _ in inner])
    return _SetAttrListListInt(attr, c_str(attr_name), n, counts, rows)


def set_attr_list_data_type(attr, attr_name, values):
    """attr, ret = acl.op.set_attr_list_data_type(attr, attr_name, values):
    a list of ACL_* data types."""
    arr, n = c_array(c_int, values, int)
    return attr, _SetAttrListDataType(attr, c_str(attr_name), n, arr)


# ---- execution ----------------------------------------------------------------------

_VP = P(c_void_p)  # aclTensorDesc *[], aclDataBuffer *[]

_Execute = fn("aclopExecute", c_int, c_char_p, c_int, _VP, _VP, c_int, _VP, _VP, c_void_p,
              c_void_p)
_ExecuteV2 = fn("aclopExecuteV2", c_int, c_char_p, c_int, _VP, _VP, c_int, _VP, _VP, c_void_p,
                c_void_p)
_CreateHandle = fn("aclopCreateHandle", c_int, c_char_p, c_int, _VP, c_int, _VP, c_void_p,
                   P(c_void_p))
_DestroyHandle = fn("aclopDestroyHandle", None, c_void_p)
_ExecWithHandle = fn("aclopExecWithHandle", c_int, c_void_p, c_int, _VP, c_int, _VP, c_void_p)
_Cast = fn("aclopCast", c_int, c_void_p, c_void_p, c_void_p, c_void_p, _c_uint8, c_void_p)
_CreateHandleForCast = fn("aclopCreateHandleForCast", c_int, c_void_p, c_void_p, _c_uint8,
                          P(c_void_p))
_InferShape = fn("aclopInferShape", c_int, c_char_p, c_int, _VP, _VP, c_int, _VP, c_void_p)
_SetModelDir = fn("aclopSetModelDir", c_int, c_char_p)
_Load = fn("aclopLoad", c_int, c_void_p, c_size_t)
_SetMaxOpQueueNum = fn("aclopSetMaxOpQueueNum", c_int, c_uint64)
_StartDumpArgs = fn("aclopStartDumpArgs", c_int, c_uint32, c_char_p)
_StopDumpArgs = fn("aclopStopDumpArgs", c_int, c_uint32)


def _ptrs(items, count=None):
    """A list of handles (ints, None or 0 for NULL) as a C array of void *,
    at least count long (missing entries NULL); never shorter than one, so
    an empty list passes a valid pointer."""
    vals = [int(v or 0) or None for v in (items or [])]
    n = max(len(vals), count or 0, 1)
    return (c_void_p * n)(*vals)


def _count(items):
    return len(items) if items is not None else 0


def _run(cfn, op_type, input_desc, inputs, output_desc, outputs, attr, stream):
    n_in, n_out = _count(inputs), _count(outputs)
    return cfn(c_str(op_type), n_in, _ptrs(input_desc, n_in), _ptrs(inputs, n_in), n_out,
               _ptrs(output_desc, n_out), _ptrs(outputs, n_out), attr or None, stream or None)


def execute_v2(op_type, input_desc, inputs, output_desc, outputs, attr, stream):
    """ret = acl.op.execute_v2(op_type, input_desc, inputs, output_desc,
    outputs, attr, stream): queues the operator on stream (0: the current
    context's default stream). numInputs is len(inputs), numOutputs
    len(outputs); attr may be 0 (no attributes). The output descriptions
    must describe what the operator makes (they are not written)."""
    return _run(_ExecuteV2, op_type, input_desc, inputs, output_desc, outputs, attr, stream)


def execute(op_type, input_desc, inputs, output_desc, outputs, attr, stream):
    """ret = acl.op.execute(...): the deprecated form of execute_v2 (same
    arguments; the descriptions are not written)."""
    return _run(_Execute, op_type, input_desc, inputs, output_desc, outputs, attr, stream)


def create_handle(op_type, input_desc, output_desc, op_attr):
    """handle, ret = acl.op.create_handle(op_type, input_desc, output_desc,
    op_attr): the operator resolved once for these descriptions and
    attributes (numInputs is len(input_desc), numOutputs len(output_desc));
    handle 0 on failure."""
    n_in, n_out = _count(input_desc), _count(output_desc)
    return _last(_CreateHandle, c_void_p, c_str(op_type), n_in, _ptrs(input_desc), n_out,
                 _ptrs(output_desc), op_attr or None)


def destroy_handle(handle):
    """acl.op.destroy_handle(handle): returns None (0 does nothing)."""
    _DestroyHandle(handle or None)


def execute_with_handle(handle, inputs, outputs, stream):
    """ret = acl.op.execute_with_handle(handle, inputs, outputs, stream):
    the handle's operator on these buffers (counts: the list lengths)."""
    n_in, n_out = _count(inputs), _count(outputs)
    return _ExecWithHandle(handle or None, n_in, _ptrs(inputs), n_out, _ptrs(outputs),
                           stream or None)


def cast(src_desc, src_buffer, dst_desc, dst_buffer, truncate, stream):
    """ret = acl.op.cast(src_desc, src_buffer, dst_desc, dst_buffer, truncate,
    stream): converts src to dst's data type on stream."""
    return _Cast(src_desc or None, src_buffer or None, dst_desc or None, dst_buffer or None,
                 int(truncate) & 0xFF, stream or None)


def create_handle_for_cast(src_desc, dst_desc, truncate):
    """handle, ret = acl.op.create_handle_for_cast(src_desc, dst_desc,
    truncate): a handle that casts (run it with execute_with_handle, one
    input and one output)."""
    return _last(_CreateHandleForCast, c_void_p, src_desc or None, dst_desc or None,
                 int(truncate) & 0xFF)


def infer_shape(op_type, in_desc_list, in_list, num_outputs, out_desc_list, attr):
    """ret = acl.op.infer_shape(op_type, in_desc_list, in_list, num_outputs,
    out_desc_list, attr): writes the output shapes into the num_outputs
    descriptions of out_desc_list (read them back with
    acl.get_tensor_desc_num_dims / get_tensor_desc_dim_v2). numInputs is
    len(in_desc_list); in_list holds one data buffer per input (an empty one,
    acl.create_data_buffer(0, 0), for an input without data: 0 is refused, as
    in AscendCL); a const input's value is its description's."""
    n_in = _count(in_desc_list)
    return _InferShape(c_str(op_type), n_in, _ptrs(in_desc_list), _ptrs(in_list, n_in),
                       int(num_outputs), _ptrs(out_desc_list, num_outputs), attr or None)


# ---- single-operator models, queue --------------------------------------------------


def set_model_dir(model_dir):
    """ret = acl.op.set_model_dir(model_dir)"""
    return _SetModelDir(c_str(model_dir))


def load(model, model_size):
    """ret = acl.op.load(model, model_size): model is the address (int) of
    model_size bytes in host memory (bytes or a numpy array also do)."""
    if model is not None and not isinstance(model, int):
        from . import util
        model = util.numpy_to_ptr(model)
    return _Load(model or None, model_size)


def set_max_op_queue_num(max_op_num):
    """ret = acl.op.set_max_op_queue_num(max_op_num)"""
    return _SetMaxOpQueueNum(max_op_num)


def start_dump_args(dump_type, path):
    """ret = acl.op.start_dump_args(dump_type, path)  (acl/acl_dump.h)"""
    return _StartDumpArgs(dump_type, c_str(path))


def stop_dump_args(dump_type):
    """ret = acl.op.stop_dump_args(dump_type)"""
    return _StopDumpArgs(dump_type)


# ---- user kernels (the kernel selector) ---------------------------------------------

_COMPILE_FUNC = ctypes.CFUNCTYPE(c_int, c_int, _VP, c_int, _VP, c_void_p, c_void_p)
_DEALLOCATOR = ctypes.CFUNCTYPE(None, c_void_p, c_size_t)

_RegisterCompileFunc = fn("aclopRegisterCompileFunc", c_int, c_char_p, _COMPILE_FUNC)
_UnregisterCompileFunc = fn("aclopUnregisterCompileFunc", c_int, c_char_p)
_CreateKernel = fn("aclopCreateKernel", c_int, c_char_p, c_char_p, c_char_p, c_void_p, c_int,
                   c_int, _DEALLOCATOR)
_SetKernelArgs = fn("aclopSetKernelArgs", c_int, c_void_p, c_char_p, c_uint32, c_void_p, c_uint32)
_SetKernelWorkspaceSizes = fn("aclopSetKernelWorkspaceSizes", c_int, c_void_p, c_int, c_void_p)
_UpdateParams = fn("aclopUpdateParams", c_int, c_char_p, c_int, _VP, c_int, _VP, c_void_p)

_compile_funcs_lock = threading.Lock()
_compile_funcs = {}  # op_type -> the C trampoline the library holds (kept alive)


def _compile_trampoline(func):
    def call(num_inputs, in_desc, num_outputs, out_desc, op_attr, kernel_desc):
        try:
            ins = [in_desc[i] or 0 for i in range(num_inputs)] if in_desc else []
            outs = [out_desc[i] or 0 for i in range(num_outputs)] if out_desc else []
            ret = func(num_inputs, ins, num_outputs, outs, op_attr or 0, kernel_desc or 0)
            return int(ret or 0)
        except BaseException:  # an exception cannot cross into C: report it
            sys.stderr.write("acl: exception in a compile function given to acl.op\n")
            traceback.print_exc()
            return _ACL_ERROR_FAILURE
    return _COMPILE_FUNC(call)


def register_compile_func(op_type, func):
    """ret = acl.op.register_compile_func(op_type, func): func(num_inputs,
    in_desc_list, num_outputs, out_desc_list, op_attr, kernel_desc) -> ret
    is called by update_params (on the calling thread) to fill in
    kernel_desc with set_kernel_args / set_kernel_workspace_sizes."""
    if not callable(func):
        return _RegisterCompileFunc(c_str(op_type), _COMPILE_FUNC())  # NULL: refused
    tramp = _compile_trampoline(func)
    with _compile_funcs_lock:
        ret = _RegisterCompileFunc(c_str(op_type), tramp)
        if ret == 0:
            _compile_funcs[op_type] = tramp
    return ret


def unregister_compile_func(op_type):
    """ret = acl.op.unregister_compile_func(op_type)"""
    with _compile_funcs_lock:
        ret = _UnregisterCompileFunc(c_str(op_type))
        if ret == 0:
            _compile_funcs.pop(op_type, None)
    return ret


def _free_kernel_binary(data, _length):
    from . import rt
    mode, ret = rt.get_run_mode()
    if ret == 0 and mode == _ACL_HOST:
        rt.free_host(data)
    else:
        rt.free(data)


_free_kernel_binary_c = _DEALLOCATOR(_free_kernel_binary)
_NO_DEALLOCATOR = _DEALLOCATOR()


def create_kernel(op_type, kernel_id, kernel_name, bin_data, bin_size, engine_type, deallocator):
    """ret = acl.op.create_kernel(op_type, kernel_id, kernel_name, bin_data,
    bin_size, engine_type, deallocator): bin_data is the binary's address;
    deallocator non-zero passes pyACL's deallocator (aclrtFree, or
    aclrtFreeHost in host run mode); cpuacl keeps kernel binaries for the
    process and never calls it (docs/op.md)."""
    dealloc = _free_kernel_binary_c if deallocator else _NO_DEALLOCATOR
    return _CreateKernel(c_str(op_type), c_str(kernel_id), c_str(kernel_name), bin_data or None,
                         bin_size, engine_type, dealloc)


def set_kernel_args(kernel_desc, kernel_id, block_dim, args, arg_size):
    """ret = acl.op.set_kernel_args(kernel_desc, kernel_id, block_dim, args,
    arg_size): args is an address (int)."""
    return _SetKernelArgs(kernel_desc or None, c_str(kernel_id), block_dim, args or None,
                          arg_size)


def set_kernel_workspace_sizes(kernel_desc, num_workspaces, workspace_sizes):
    """ret = acl.op.set_kernel_workspace_sizes(kernel_desc, num_workspaces,
    workspace_sizes): workspace_sizes is the address (int) of num_workspaces
    size_t values."""
    return _SetKernelWorkspaceSizes(kernel_desc or None, num_workspaces, workspace_sizes or None)


def update_params(op_type, input_desc, output_desc, attr):
    """ret = acl.op.update_params(op_type, input_desc, output_desc, attr):
    runs the compile function registered for op_type on these descriptions."""
    n_in, n_out = _count(input_desc), _count(output_desc)
    return _UpdateParams(c_str(op_type), n_in, _ptrs(input_desc), n_out, _ptrs(output_desc),
                         attr or None)


__all__ = [
    "create_attr", "destroy_attr", "set_attr_bool", "set_attr_int", "set_attr_float",
    "set_attr_string", "set_attr_data_type", "set_attr_list_bool", "set_attr_list_int",
    "set_attr_list_float", "set_attr_list_string", "set_attr_list_list_int",
    "set_attr_list_data_type", "execute_v2", "execute", "create_handle", "destroy_handle",
    "execute_with_handle", "cast", "create_handle_for_cast", "infer_shape", "set_model_dir", "load",
    "set_max_op_queue_num", "start_dump_args", "stop_dump_args", "register_compile_func",
    "unregister_compile_func", "create_kernel", "set_kernel_args", "set_kernel_workspace_sizes",
    "update_params",
]
