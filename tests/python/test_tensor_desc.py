# SPDX-License-Identifier: Apache-2.0
"""Tensor descriptions and data buffers from Python (pyACL names and return
conventions: handles alone, (value, ret) for get_tensor_desc_dim_v2,
get_tensor_desc_dim_range and trans_tensor_desc_format, ret for setters)."""
import acltest
from acltest import Case, acl, needs_numpy, np

setUpModule = acltest.setup_module
tearDownModule = acltest.teardown_module

INV = acl.ACL_ERROR_INVALID_PARAM


class TensorDesc(Case):
    def desc(self, dtype, dims, fmt=acl.ACL_FORMAT_ND):
        d = acl.create_tensor_desc(dtype, dims, fmt)
        self.assertNotEqual(d, 0, acl.get_recent_err_msg())
        self.addCleanup(acl.destroy_tensor_desc, d)
        return d

    def test_static_shape(self):
        d = self.desc(acl.ACL_FLOAT16, [2, 3, 4], acl.ACL_FORMAT_NCHW)
        self.assertEqual(acl.get_tensor_desc_type(d), acl.ACL_FLOAT16)
        self.assertEqual(acl.get_tensor_desc_format(d), acl.ACL_FORMAT_NCHW)
        self.assertEqual(acl.get_tensor_desc_num_dims(d), 3)
        self.assertEqual(acl.get_tensor_desc_element_count(d), 24)
        self.assertEqual(acl.get_tensor_desc_size(d), 48)
        self.assertEqual([acl.get_tensor_desc_dim_v2(d, i) for i in range(3)],
                         [(2, 0), (3, 0), (4, 0)])
        self.assertEqual(acl.get_tensor_desc_dim(d, 1), 3)
        self.assertEqual(acl.get_tensor_desc_dim(d, 3), -1)
        self.fails(acl.get_tensor_desc_dim_v2(d, 3), INV, "dim_v2 out of range")
        self.assertEqual(acl.get_tensor_desc_by_index(d, 0), d)
        self.assertEqual(acl.get_tensor_desc_by_index(d, 1), 0)
        self.assertEqual(acl.get_tensor_desc_address(d), 0)
        scalar = self.desc(acl.ACL_INT64, [])
        self.assertEqual(acl.get_tensor_desc_num_dims(scalar), 0)
        self.assertEqual(acl.get_tensor_desc_size(scalar), 8)
        self.assertEqual(acl.rt.get_last_error(0), INV)  # by_index(d, 1) recorded it

    def test_tuple_and_numpy_dims(self):
        d = self.desc(acl.ACL_INT32, (5, 6))
        self.assertEqual(acl.get_tensor_desc_size(d), 120)
        if np is not None:
            d = self.desc(acl.ACL_INT32, np.array([2, 2], dtype=np.int64))
            self.assertEqual(acl.get_tensor_desc_element_count(d), 4)

    def test_unknown_dims_and_ranges(self):
        d = self.desc(acl.ACL_FLOAT, [16, -1, 20, -1])
        self.assertEqual(acl.get_tensor_desc_size(d), 0)
        self.assertEqual(acl.get_tensor_desc_dim_v2(d, 1), (-1, 0))
        self.fails(acl.get_tensor_desc_dim_range(d, 0, 2), INV, "range before set")
        self.ok(acl.set_tensor_shape_range(d, [[16, 16], [1, 128], [20, 20], [1, 10]]))
        self.assertEqual(acl.get_tensor_desc_dim_range(d, 1, 2), ([1, 128], 0))
        self.assertEqual(acl.get_tensor_desc_dim_range(d, 3, 3), ([1, 10, 0], 0))
        rng, ret = acl.get_tensor_desc_dim_range(d, 4, 2)
        self.assertIsNone(rng)
        self.fails(ret, INV, "range index 4")
        self.fails(acl.get_tensor_desc_dim_range(d, 0, 1), INV, "dim_range_num 1")
        self.assertEqual(acl.get_tensor_desc_dim_range(d, 0, 5000), (None, INV))
        self.ok(acl.set_tensor_value_range(d, [[0, 5], [-3, 3]]))
        r = self.desc(acl.ACL_FLOAT, [-2])
        self.assertEqual(acl.get_tensor_desc_num_dims(r), acl.ACL_UNKNOWN_RANK)
        self.assertEqual(acl.ACL_UNKNOWN_RANK, 0xFFFFFFFFFFFFFFFE)

    def test_name_shape_format_const_placement(self):
        d = self.desc(acl.ACL_FLOAT, [4, 6])
        self.assertEqual(acl.get_tensor_desc_name(d), "")
        self.assertIsNone(acl.set_tensor_desc_name(d, "x1"))
        self.assertEqual(acl.get_tensor_desc_name(d), "x1")
        self.ok(acl.set_tensor_dynamic_input(d, "x"))
        self.ok(acl.set_tensor_format(d, acl.ACL_FORMAT_FRACTAL_NZ))
        self.ok(acl.set_tensor_shape(d, [1, 1, 16, 16]))
        self.ok(acl.set_tensor_storage_format(d, acl.ACL_FORMAT_FRACTAL_NZ))
        self.ok(acl.set_tensor_storage_shape(d, [1, 1, 16, 16]))
        self.assertEqual(acl.get_tensor_desc_format(d), acl.ACL_FORMAT_ND)
        self.ok(acl.set_tensor_origin_format(d, acl.ACL_FORMAT_NCHW))
        self.ok(acl.set_tensor_origin_shape(d, [1, 2, 3, 4]))
        self.assertEqual(acl.get_tensor_desc_format(d), acl.ACL_FORMAT_NCHW)
        self.assertEqual(acl.get_tensor_desc_element_count(d), 24)
        data = bytearray(b"\x01\x00\x00\x00" * 4)
        self.ok(acl.set_tensor_const(d, acl.util.bytes_to_ptr(data), len(data)))
        self.ok(acl.set_tensor_const(d, data, len(data)))  # a buffer object works too
        self.fails(acl.set_tensor_const(d, 0, 4), INV, "const NULL")
        self.fails(acl.set_tensor_const(d, data, 0), INV, "const length 0")
        self.ok(acl.set_tensor_place_ment(d, acl.ACL_MEMTYPE_HOST))
        self.fails(acl.set_tensor_place_ment(d, 7), INV, "placement 7")

    def test_trans_format(self):
        d = self.desc(acl.ACL_FLOAT, [2, 3, 5, 7], acl.ACL_FORMAT_NCHW)
        out, ret = acl.trans_tensor_desc_format(d, acl.ACL_FORMAT_NHWC)
        self.ok(ret)
        self.addCleanup(acl.destroy_tensor_desc, out)
        self.assertEqual([acl.get_tensor_desc_dim_v2(out, i)[0] for i in range(4)], [2, 5, 7, 3])
        self.assertEqual(acl.get_tensor_desc_format(out), acl.ACL_FORMAT_NHWC)
        out5, ret = acl.trans_tensor_desc_format(d, acl.ACL_FORMAT_NC1HWC0)
        self.ok(ret)
        self.addCleanup(acl.destroy_tensor_desc, out5)
        self.assertEqual(acl.get_tensor_desc_num_dims(out5), 5)
        out, ret = acl.trans_tensor_desc_format(d, acl.ACL_FORMAT_FRACTAL_NZ)
        self.assertEqual(out, 0)
        self.fails(ret, acl.ACL_ERROR_GE_FORMAT_INVALID, "to FRACTAL_NZ")

    def test_null_rows(self):
        acl.destroy_tensor_desc(0)
        self.assertTrue(acl.get_recent_err_msg())
        self.assertEqual(acl.get_tensor_desc_type(0), acl.ACL_DT_UNDEFINED)
        self.assertEqual(acl.get_tensor_desc_format(0), acl.ACL_FORMAT_UNDEFINED)
        self.assertEqual(acl.get_tensor_desc_size(0), 0)
        self.assertEqual(acl.get_tensor_desc_name(0), "")
        self.fails(acl.get_tensor_desc_dim_v2(0, 0), INV, "dim_v2 of 0")
        self.fails(acl.set_tensor_shape(0, [1]), INV, "set_tensor_shape of 0")
        self.fails(acl.trans_tensor_desc_format(0, acl.ACL_FORMAT_NHWC), INV, "trans of 0")
        self.fails(acl.set_tensor_dynamic_input(0, "x"), INV, "dynamic input of 0")
        acl.rt.get_last_error(0)


class DataBuffer(Case):
    def test_roundtrip(self):
        buf = bytearray(16)
        ptr = acl.util.bytes_to_ptr(buf)
        db = acl.create_data_buffer(ptr, len(buf))
        self.assertNotEqual(db, 0)
        self.assertEqual(acl.get_data_buffer_addr(db), ptr)
        self.assertEqual(acl.get_data_buffer_size(db), 16)
        self.assertEqual(acl.get_data_buffer_size_v2(db), 16)
        other = bytearray(4)
        self.ok(acl.update_data_buffer(db, acl.util.bytes_to_ptr(other), 4))
        self.assertEqual(acl.get_data_buffer_addr(db), acl.util.bytes_to_ptr(other))
        self.assertEqual(acl.get_data_buffer_size_v2(db), 4)
        self.ok(acl.destroy_data_buffer(db))
        self.fails(acl.destroy_data_buffer(0), INV, "destroy 0")
        self.fails(acl.update_data_buffer(0, 0, 0), INV, "update 0")
        self.assertEqual(acl.get_data_buffer_addr(0), 0)
        self.assertEqual(acl.get_data_buffer_size_v2(0), 0)

    def test_device_memory(self):
        self.ok(acl.rt.set_device(0))
        dev, ret = acl.rt.malloc(64, 0)
        self.ok(ret)
        db = acl.create_data_buffer(dev, 64)
        self.assertEqual(acl.get_data_buffer_addr(db), dev)
        self.ok(acl.destroy_data_buffer(db))
        self.ok(acl.rt.free(dev))
        self.ok(acl.rt.reset_device(0))

    @needs_numpy
    def test_numpy_buffer(self):
        a = np.arange(8, dtype=np.float32)
        db = acl.create_data_buffer(acl.util.numpy_to_ptr(a), a.nbytes)
        self.assertEqual(acl.get_data_buffer_addr(db), acl.util.numpy_to_ptr(a))
        self.assertEqual(acl.get_data_buffer_size_v2(db), 32)
        self.ok(acl.destroy_data_buffer(db))


if __name__ == "__main__":
    acltest.main()
