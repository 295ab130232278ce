# SPDX-License-Identifier: Apache-2.0
"""Operator attributes from Python (acl.op, pyACL names and return
conventions: create_attr returns the set alone, destroy_attr None, the
setters ret, set_attr_data_type and set_attr_list_data_type (attr, ret))."""
import acltest
from acltest import Case, acl, np

setUpModule = acltest.setup_module
tearDownModule = acltest.teardown_module

INV = acl.ACL_ERROR_INVALID_PARAM


class OpAttr(Case):
    def attr(self):
        a = acl.op.create_attr()
        self.assertNotEqual(a, 0, acl.get_recent_err_msg())
        self.addCleanup(acl.op.destroy_attr, a)
        return a

    def test_module(self):
        self.assertIs(acl.op, __import__("acl.op").op)
        self.assertEqual(acl.ACL_ENGINE_SYS, 0)
        self.assertEqual(acl.ACL_ENGINE_VECTOR, 2)
        self.assertEqual(acl.ACL_COMPILE_FLAG_BIN_SELECTOR, 1)

    def test_scalars(self):
        a = self.attr()
        self.assertEqual(acl.op.set_attr_bool(a, "transpose_x1", True), 0)
        self.assertEqual(acl.op.set_attr_bool(a, "adj", 0), 0)
        self.assertEqual(acl.op.set_attr_int(a, "dst_type", 1), 0)
        self.assertEqual(acl.op.set_attr_int(a, "big", -2**63), 0)
        self.assertEqual(acl.op.set_attr_float(a, "alpha", 0.5), 0)
        self.assertEqual(acl.op.set_attr_string(a, "data_format", "NHWC"), 0)
        self.assertEqual(acl.op.set_attr_string(a, "empty", ""), 0)
        self.assertEqual(acl.op.set_attr_data_type(a, "dtype", acl.ACL_INT64), (a, 0))
        self.assertEqual(acl.op.set_attr_data_type(a, "u", acl.ACL_DT_UNDEFINED), (a, 0))

    def test_lists(self):
        a = self.attr()
        self.assertEqual(acl.op.set_attr_list_bool(a, "lb", [True, False, 1]), 0)
        self.assertEqual(acl.op.set_attr_list_int(a, "axes", [-1]), 0)
        self.assertEqual(acl.op.set_attr_list_int(a, "strides", (1, 1, 1, 1)), 0)
        self.assertEqual(acl.op.set_attr_list_float(a, "lf", [0.5, -2.0]), 0)
        self.assertEqual(acl.op.set_attr_list_string(a, "ls", ["a", "", "ccc"]), 0)
        self.assertEqual(acl.op.set_attr_list_list_int(a, "lli", [[1, 2], [], [3]]), 0)
        self.assertEqual(acl.op.set_attr_list_data_type(a, "ldt", [acl.ACL_FLOAT, acl.ACL_INT8]),
                         (a, 0))
        # Empty lists.
        for f in (acl.op.set_attr_list_bool, acl.op.set_attr_list_int,
                  acl.op.set_attr_list_float, acl.op.set_attr_list_string,
                  acl.op.set_attr_list_list_int):
            self.assertEqual(f(a, "empty", []), 0, f.__name__)
        self.assertEqual(acl.op.set_attr_list_data_type(a, "empty", []), (a, 0))
        if np is not None:
            self.assertEqual(acl.op.set_attr_list_int(a, "np", np.array([3, 4], np.int64)), 0)
            self.assertEqual(acl.op.set_attr_list_float(a, "np", np.array([1], np.float32)), 0)
            self.assertEqual(acl.op.set_attr_list_bool(a, "np", np.array([1, 0], np.uint8)), 0)
            self.assertEqual(acl.op.set_attr_list_list_int(
                a, "np", [np.array([1, 2], np.int64), [3]]), 0)

    def test_replace(self):
        a = self.attr()
        for _ in range(2):
            self.assertEqual(acl.op.set_attr_int(a, "x", 1), 0)
            self.assertEqual(acl.op.set_attr_list_string(a, "x", ["v"]), 0)
            self.assertEqual(acl.op.set_attr_float(a, "x", 2.0), 0)

    def test_errors(self):
        a = self.attr()
        msg = self.fails(acl.op.set_attr_int(0, "x", 1), INV, "NULL attr")
        self.assertIn("aclopSetAttrInt", msg)
        msg = self.fails(acl.op.set_attr_bool(a, None, 1), INV, "NULL name")
        self.assertIn("aclopSetAttrBool", msg)
        msg = self.fails(acl.op.set_attr_string(a, "s", None), INV, "NULL value")
        self.assertIn("aclopSetAttrString", msg)
        msg = self.fails(acl.op.set_attr_list_string(a, "s", ["a", None]), INV, "NULL element")
        self.assertIn("aclopSetAttrListString", msg)
        attr, ret = acl.op.set_attr_data_type(0, "d", acl.ACL_FLOAT)
        self.assertEqual(attr, 0)
        self.fails(ret, INV, "set_attr_data_type NULL attr")
        attr, ret = acl.op.set_attr_list_data_type(a, None, [acl.ACL_FLOAT])
        self.assertEqual(attr, a)
        msg = self.fails(ret, INV, "set_attr_list_data_type NULL name")
        self.assertIn("aclopSetAttrListDataType", msg)
        self.assertIsNone(acl.op.destroy_attr(0))


if __name__ == "__main__":
    acltest.main()
