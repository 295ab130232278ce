# SPDX-License-Identifier: Apache-2.0
"""acl.op: single-operator execution (acl/acl_op.h). Today: operator
attributes.

    attr = acl.op.create_attr()
    ret = acl.op.set_attr_list_int(attr, "axes", [-1])
    ret = acl.op.set_attr_bool(attr, "transpose_x1", False)
    acl.op.destroy_attr(attr)

pyACL's conventions: the attribute set is an int (0 is NULL); create_attr
returns it alone (0 on failure, acl.get_recent_err_msg() says why),
destroy_attr returns None, the setters return ret, except set_attr_data_type
and set_attr_list_data_type, which return (attr, ret). Names and strings are
str; lists are Python lists (or tuples), and list_bool, list_int and
list_float also take a 1-D numpy array (uint8, int64, float32). Failures are
returned, never raised.
"""
import ctypes

from ._lib import c_array, c_str
from ._lib import P, c_char_p, c_float, c_int, c_int64, c_void_p, fn

_c_uint8 = ctypes.c_uint8

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


__all__ = [
    "create_attr", "destroy_attr", "set_attr_bool", "set_attr_int", "set_attr_float",
    "set_attr_string", "set_attr_data_type", "set_attr_list_bool", "set_attr_list_int",
    "set_attr_list_float", "set_attr_list_string", "set_attr_list_list_int",
    "set_attr_list_data_type",
]
