# SPDX-License-Identifier: Apache-2.0
"""Operands of acl.op for the Python tests (test_op_exec.py, test_seed004.py):
an OpTensor is a tensor description, device memory (acl.rt.malloc) and a
data buffer over it, filled from and read back into numpy arrays, or from
Python lists with struct when numpy is hidden."""
import struct

import acltest
from acltest import acl, np

# ACL data type -> (struct code, element size).
_STRUCT = {
    acl.ACL_FLOAT: ("f", 4), acl.ACL_FLOAT16: ("e", 2), acl.ACL_DOUBLE: ("d", 8),
    acl.ACL_INT8: ("b", 1), acl.ACL_UINT8: ("B", 1), acl.ACL_INT16: ("h", 2),
    acl.ACL_INT32: ("i", 4), acl.ACL_INT64: ("q", 8), acl.ACL_BOOL: ("?", 1),
}

if np is not None:
    NP_TO_ACL = {
        np.dtype(np.float32): acl.ACL_FLOAT, np.dtype(np.float16): acl.ACL_FLOAT16,
        np.dtype(np.float64): acl.ACL_DOUBLE, np.dtype(np.int8): acl.ACL_INT8,
        np.dtype(np.uint8): acl.ACL_UINT8, np.dtype(np.int16): acl.ACL_INT16,
        np.dtype(np.int32): acl.ACL_INT32, np.dtype(np.int64): acl.ACL_INT64,
        np.dtype(np.bool_): acl.ACL_BOOL,
    }
    ACL_TO_NP = {v: k for k, v in NP_TO_ACL.items()}


def count(dims):
    n = 1
    for d in dims:
        n *= d
    return n


class OpTensor:
    """desc, dev (device address), buf (data buffer), size (bytes). The
    case's cleanups free it (register OpTensors after the context they live
    in, so that they go first)."""

    def __init__(self, case, dtype, dims, data=None, fmt=acl.ACL_FORMAT_ND, buffer_size=None):
        self.case, self.dtype, self.dims = case, dtype, list(dims)
        self.size = count(self.dims) * _STRUCT[dtype][1]
        self.desc = acl.create_tensor_desc(dtype, self.dims, fmt)
        case.assertNotEqual(self.desc, 0, acl.get_recent_err_msg())
        self.dev, ret = acl.rt.malloc(max(self.size, 1), 0)
        case.ok(ret, "malloc")
        if data is not None:
            raw = data if isinstance(data, (bytes, bytearray)) else self.pack(data)
            case.assertEqual(len(raw), self.size)
            if raw:
                case.ok(acl.rt.memcpy(self.dev, self.size, acl.util.bytes_to_ptr(raw),
                                      self.size, acltest.H2D), "memcpy H2D")
        n = self.size if buffer_size is None else buffer_size
        self.buf = acl.create_data_buffer(self.dev, n)
        case.assertNotEqual(self.buf, 0, acl.get_recent_err_msg())
        case.addCleanup(self.close)

    @classmethod
    def of(cls, case, array, fmt=acl.ACL_FORMAT_ND):
        """From a numpy array (its dtype and shape)."""
        return cls(case, NP_TO_ACL[array.dtype], array.shape,
                   np.ascontiguousarray(array).tobytes(), fmt)

    @classmethod
    def like(cls, case, array):
        """Uninitialised, with a numpy array's dtype and shape."""
        return cls(case, NP_TO_ACL[array.dtype], array.shape)

    def pack(self, values):
        code = _STRUCT[self.dtype][0]
        return struct.pack("<%d%s" % (len(values), code), *values)

    def raw(self):
        return self.case.dev_bytes(self.dev, self.size)

    def values(self):
        """The contents as a flat list (struct)."""
        code, size = _STRUCT[self.dtype]
        return list(struct.unpack("<%d%s" % (self.size // size, code), self.raw()))

    def numpy(self):
        return np.frombuffer(self.raw(), ACL_TO_NP[self.dtype]).reshape(self.dims)

    def close(self):
        if self.buf:
            self.case.ok(acl.destroy_data_buffer(self.buf), "destroy_data_buffer")
            self.buf = 0
        if self.dev:
            self.case.ok(acl.rt.free(self.dev), "free")
            self.dev = 0
        if self.desc:
            acl.destroy_tensor_desc(self.desc)
            self.desc = 0


def descs(ts):
    return [t.desc for t in ts]


def bufs(ts):
    return [t.buf for t in ts]


def execute(op_type, ins, outs, attr=0, stream=0):
    """acl.op.execute_v2 over OpTensors."""
    return acl.op.execute_v2(op_type, descs(ins), bufs(ins), descs(outs), bufs(outs), attr,
                             stream)


def make_attr(case, **values):
    """An attribute set (destroyed by the case's cleanups) holding values:
    bool, int, float, str or a list of ints."""
    a = acl.op.create_attr()
    case.assertNotEqual(a, 0, acl.get_recent_err_msg())
    case.addCleanup(acl.op.destroy_attr, a)
    for name, v in values.items():
        if isinstance(v, bool):
            ret = acl.op.set_attr_bool(a, name, v)
        elif isinstance(v, int):
            ret = acl.op.set_attr_int(a, name, v)
        elif isinstance(v, float):
            ret = acl.op.set_attr_float(a, name, v)
        elif isinstance(v, str):
            ret = acl.op.set_attr_string(a, name, v)
        else:
            ret = acl.op.set_attr_list_int(a, name, v)
        case.ok(ret, "set attr " + name)
    return a
