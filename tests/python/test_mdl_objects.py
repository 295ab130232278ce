# SPDX-License-Identifier: Apache-2.0
"""Offline-model objects from Python (acl.mdl, pyACL names and return
conventions): datasets, model descriptions read from a model file built here
from docs/mdl.md's format (struct + zlib.crc32), size queries, dynamic AIPP
parameter sets and configuration handles, with their misuse codes."""
import os
import struct
import tempfile
import zlib

import acltest
from acltest import Case, acl

setUpModule = acltest.setup_module
tearDownModule = acltest.teardown_module

INV = acl.ACL_ERROR_INVALID_PARAM


def tensor(name, dtype, fmt, size, dims, ranges=(), v2=()):
    b = name.encode()
    out = struct.pack("<I", len(b)) + b + struct.pack("<iiQI", dtype, fmt, size, len(dims))
    out += struct.pack("<%dq" % len(dims), *dims) + struct.pack("<I", len(ranges))
    for lo, hi in ranges:
        out += struct.pack("<qq", lo, hi)
    return out + struct.pack("<I", len(v2)) + struct.pack("<%dq" % len(v2), *v2)


def model_file(sections, version=1, work=0):
    """The bytes of a model file of (id, bytes) sections (docs/mdl.md, "The model file")."""
    def up(v):
        return (v + 63) // 64 * 64
    at, offs = up(64 + 32 * len(sections)), []
    for i, (_, data) in enumerate(sections):
        offs.append(at)
        at += len(data)
        if i + 1 < len(sections):
            at = up(at)
    body = bytearray(at)
    table = b""
    for (sid, data), off in zip(sections, offs):
        body[off:off + len(data)] = data
        table += struct.pack("<IIQQII", sid, 0, off, len(data), zlib.crc32(data), 0)
    body[64:64 + len(table)] = table
    head = b"CPUACLMD" + struct.pack("<IIIIQQI", version, 64, len(sections), 0, at, work,
                                     zlib.crc32(table)) + bytes(16)
    body[0:64] = head + struct.pack("<I", zlib.crc32(head))
    return bytes(body)


def sample():
    io = struct.pack("<II", 2, 1)
    io += tensor("data", acl.ACL_FLOAT, acl.ACL_FORMAT_NCHW, 4 * 4 * 3 * 8 * 8, [-1, 3, 8, 8])
    io += tensor(acl.mdl.ACL_DYNAMIC_TENSOR_NAME, acl.ACL_INT64, acl.ACL_FORMAT_ND, 8, [1])
    io += tensor("prob", acl.ACL_FLOAT16, acl.ACL_FORMAT_ND, 4 * 10 * 2, [-1, 10])
    gears = struct.pack("<IIII", 1, 3, 1, 0) + struct.pack("<3Q", 1, 2, 4)
    attrs = struct.pack("<I", 1)
    for s in ("fc", acl.mdl.ACL_ATTR_NAME_DATA_DUMP_ORIGIN_OP_NAMES, "fc_orig"):
        attrs += struct.pack("<I", len(s)) + s.encode()
    return model_file([(1, io), (3, bytes(100)), (4, gears), (6, attrs)], work=1 << 20)


class Datasets(Case):
    def test_buffers_and_descs(self):
        ds = acl.mdl.create_dataset()
        self.assertNotEqual(ds, 0)
        self.addCleanup(acl.mdl.destroy_dataset, ds)
        bufs = [acl.create_data_buffer(0x1000 * (i + 1), 16) for i in range(3)]
        for b in bufs:
            self.addCleanup(acl.destroy_data_buffer, b)
            self.assertEqual(acl.mdl.add_dataset_buffer(ds, b), (ds, 0))
        self.assertEqual(acl.mdl.get_dataset_num_buffers(ds), 3)
        self.assertEqual([acl.mdl.get_dataset_buffer(ds, i) for i in range(3)], bufs)
        self.assertEqual(acl.mdl.get_dataset_buffer(ds, 3), 0)
        self.assertIn("aclmdlGetDatasetBuffer", acl.get_recent_err_msg())
        self.assertEqual(acl.mdl.get_dataset_tensor_desc(ds, 1), 0)
        t = acl.create_tensor_desc(acl.ACL_FLOAT, [2, 5], acl.ACL_FORMAT_ND)
        self.assertEqual(acl.mdl.set_dataset_tensor_desc(ds, t, 1), (ds, 0))
        acl.destroy_tensor_desc(t)  # the dataset holds a copy
        copy = acl.mdl.get_dataset_tensor_desc(ds, 1)
        self.assertNotEqual(copy, 0)
        self.assertEqual(acl.get_tensor_desc_element_count(copy), 10)
        self.fails(acl.mdl.set_dataset_tensor_desc(ds, 0, 7), INV, "set_dataset_tensor_desc")
        self.ok(acl.mdl.set_dataset_tensor_desc(ds, 0, 1), "drop")
        self.assertEqual(acl.mdl.get_dataset_tensor_desc(ds, 1), 0)

    def test_misuse(self):
        self.fails(acl.mdl.add_dataset_buffer(0, 0), INV, "add_dataset_buffer")
        self.fails(acl.mdl.destroy_dataset(0), INV, "destroy_dataset")
        self.assertEqual(acl.mdl.get_dataset_num_buffers(0), 0)


class Descriptions(Case):
    def desc(self, data=None):
        d = acl.mdl.create_desc()
        self.assertNotEqual(d, 0)
        self.addCleanup(acl.mdl.destroy_desc, d)
        if data is not None:
            self.ok(acl.mdl.get_desc_from_mem(d, data, len(data)), "get_desc_from_mem")
        return d

    def test_from_mem_and_file(self):
        data = sample()
        for d in (self.desc(data), self.desc(bytearray(data))):
            self.assertEqual(acl.mdl.get_num_inputs(d), 2)
            self.assertEqual(acl.mdl.get_num_outputs(d), 1)
            self.assertEqual(acl.mdl.get_input_size_by_index(d, 0), 4 * 4 * 3 * 8 * 8)
            self.assertEqual(acl.mdl.get_output_size_by_index(d, 0), 80)
            self.assertEqual(acl.mdl.get_input_dims(d, 0),
                             ({"name": "data", "dimCount": 4, "dims": [-1, 3, 8, 8]}, 0))
            self.assertEqual(acl.mdl.get_input_dims_v2(d, 0)[0]["dims"], [-1, 3, 8, 8])
            self.assertEqual(acl.mdl.get_output_dims(d, 0)[0]["name"], "prob")
            self.assertEqual(acl.mdl.get_input_name_by_index(d, 1),
                             acl.mdl.ACL_DYNAMIC_TENSOR_NAME)
            self.assertEqual(acl.mdl.get_output_name_by_index(d, 0), "prob")
            self.assertEqual(acl.mdl.get_input_format(d, 0), acl.ACL_FORMAT_NCHW)
            self.assertEqual(acl.mdl.get_output_data_type(d, 0), acl.ACL_FLOAT16)
            self.assertEqual(acl.mdl.get_input_data_type(d, 1), acl.ACL_INT64)
            self.assertEqual(acl.mdl.get_input_index_by_name(d, acl.mdl.ACL_DYNAMIC_TENSOR_NAME),
                             (1, 0))
            self.assertEqual(acl.mdl.get_output_index_by_name(d, "prob"), (0, 0))
            self.assertEqual(acl.mdl.get_dynamic_batch(d), ({"batchCount": 3, "batch": [1, 2, 4]},
                                                            0))
            self.assertEqual(acl.mdl.get_dynamic_hw(d, -1), ({"hwCount": 0, "hw": []}, 0))
            self.assertEqual(acl.mdl.get_input_dynamic_gear_count(d, -1), (0, 0))
            self.assertEqual(acl.mdl.get_input_dims_range(d, 0), ({"rangeCount": 0, "range": []},
                                                                  0))
            self.assertEqual(acl.mdl.get_op_attr(
                d, "fc", acl.mdl.ACL_ATTR_NAME_DATA_DUMP_ORIGIN_OP_NAMES), "fc_orig")
            self.assertIsNone(acl.mdl.get_op_attr(
                d, "conv", acl.mdl.ACL_ATTR_NAME_DATA_DUMP_ORIGIN_OP_NAMES))
            self.assertEqual(acl.mdl.get_tensor_real_name(d, "prob"), "prob")
        self.assertEqual(acl.mdl.query_size_from_mem(data, len(data)), (1 << 20, 100, 0))
        with tempfile.TemporaryDirectory() as tmp:
            path = os.path.join(tmp, "m.om")
            with open(path, "wb") as f:
                f.write(data)
            self.assertEqual(acl.mdl.query_size(path), (1 << 20, 100, 0))
            d = self.desc()
            self.ok(acl.mdl.get_desc_from_file(d, path), "get_desc_from_file")
            self.assertEqual(acl.mdl.get_num_inputs(d), 2)
            msg = self.fails(acl.mdl.get_desc_from_file(d, os.path.join(tmp, "none.om")),
                             acl.ACL_ERROR_INVALID_FILE, "get_desc_from_file")
            self.assertIn("cannot open", msg)

    def test_misuse(self):
        d = self.desc(sample())
        self.fails(acl.mdl.get_input_dims(d, 5), INV, "get_input_dims")
        self.assertEqual(acl.mdl.get_input_dims(d, 5), ({}, INV))
        self.fails(acl.mdl.get_cur_output_dims(d, 0), INV, "get_cur_output_dims")
        self.fails(acl.mdl.get_input_index_by_name(d, "nope"), INV, "get_input_index_by_name")
        self.fails(acl.mdl.get_input_dynamic_gear_count(d, 0), INV, "gear count index 0")
        self.assertEqual(acl.mdl.get_input_dynamic_dims(d, -1, 5000), (None, INV))
        self.assertEqual(acl.mdl.get_input_name_by_index(d, 9), "")
        self.assertEqual(acl.mdl.get_input_format(d, 9), acl.ACL_FORMAT_UNDEFINED)
        self.assertEqual(acl.mdl.get_input_data_type(d, 9), acl.ACL_DT_UNDEFINED)
        self.assertIsNone(acl.mdl.get_tensor_real_name(d, "nope"))
        self.fails(acl.mdl.destroy_desc(0), INV, "destroy_desc")

    def test_bad_files(self):
        d = self.desc()
        data = sample()
        msg = self.fails(acl.mdl.get_desc_from_mem(d, data[:100], 100),
                         acl.ACL_ERROR_PARSE_MODEL, "truncated")
        self.assertIn("truncated", msg)
        flipped = bytearray(data)
        flipped[-3] ^= 0x10
        msg = self.fails(acl.mdl.get_desc_from_mem(d, flipped, len(flipped)),
                         acl.ACL_ERROR_DESERIALIZE_MODEL, "flipped")
        self.assertIn("checksum", msg)
        om = struct.pack("<III", 0x444F4D49, 256, 0x20000000) + bytes(500)
        msg = self.fails(acl.mdl.query_size_from_mem(om, len(om)), acl.ACL_ERROR_PARSE_MODEL,
                         "om")
        self.assertIn("Ascend NPU offline model", msg)
        newer = model_file([(1, struct.pack("<II", 0, 0))], version=7)
        msg = self.fails(acl.mdl.get_desc_from_mem(d, newer, len(newer)),
                         acl.ACL_ERROR_PARSE_MODEL, "newer")
        self.assertIn("version 7 is newer", msg)
        self.assertEqual(acl.mdl.get_num_inputs(d), 0)


class Aipp(Case):
    def test_setters(self):
        a = acl.mdl.create_aipp(2)
        self.assertNotEqual(a, 0)
        self.addCleanup(acl.mdl.destroy_aipp, a)
        self.assertEqual(acl.mdl.create_aipp(0), 0)
        self.assertEqual(acl.mdl.get_aipp_data_size(2), (64 + 2 * 96, 0))
        self.ok(acl.mdl.set_aipp_input_format(a, acl.ACL_YUV420SP_U8))
        self.fails(acl.mdl.set_aipp_input_format(a, 99), INV, "input format")
        self.ok(acl.mdl.set_aipp_csc_params(a, 1, 298, 516, 0, 298, -100, -208, 298, 0, 409,
                                            16, 128, 128, 16, 128, 128))
        self.fails(acl.mdl.set_aipp_csc_params(a, 2, *([0] * 15)), INV, "csc switch")
        self.ok(acl.mdl.set_aipp_rbuv_swap_switch(a, 1))
        self.ok(acl.mdl.set_aipp_ax_swap_switch(a, 0))
        self.ok(acl.mdl.set_aipp_src_image_size(a, 224, 224))
        self.fails(acl.mdl.set_aipp_src_image_size(a, 1, 224), INV, "src w")
        self.ok(acl.mdl.set_aipp_crop_params(a, 1, 0, 0, 200, 200, 1))
        self.fails(acl.mdl.set_aipp_crop_params(a, 1, 0, 0, 200, 200, 2), INV, "batch index")
        self.ok(acl.mdl.set_aipp_scf_params(a, 1, 200, 200, 100, 100, 0))
        self.ok(acl.mdl.set_aipp_padding_params(a, 1, 1, 2, 3, 4, 0))
        self.fails(acl.mdl.set_aipp_padding_params(a, 1, 33, 0, 0, 0, 0), INV, "padding")
        self.ok(acl.mdl.set_aipp_dtc_pixel_mean(a, 104, 117, 123, 0, 0))
        self.ok(acl.mdl.set_aipp_dtc_pixel_min(a, 0.0, 0.0, 0.0, 0.0, 0))
        self.ok(acl.mdl.set_aipp_pixel_var_reci(a, 0.017, 0.017, 0.017, 1.0, 1))
        msg = self.fails(acl.mdl.set_aipp_pixel_var_reci(a, 70000.0, 1, 1, 1, 1), INV, "var")
        self.assertIn("dtcPixelVarReci", msg)
        self.fails(acl.mdl.destroy_aipp(0), INV, "destroy_aipp")


class Config(Case):
    def test_load_config(self):
        h = acl.mdl.create_config_handle()
        self.assertNotEqual(h, 0)
        self.addCleanup(acl.mdl.destroy_config_handle, h)
        self.ok(acl.mdl.set_config_opt(h, acl.ACL_MDL_LOAD_TYPE_SIZET,
                                       acl.ACL_MDL_LOAD_FROM_FILE))
        self.ok(acl.mdl.set_config_opt(h, acl.ACL_MDL_PATH_PTR, "/models/resnet50.om"))
        self.ok(acl.mdl.set_config_opt(h, acl.ACL_MDL_PRIORITY_INT32, 7))
        self.ok(acl.mdl.set_config_opt(h, acl.ACL_MDL_WITHOUT_GRAPH_INT32, 1))
        self.ok(acl.mdl.set_config_opt(h, acl.ACL_MDL_WEIGHT_ADDR_PTR, 0x1000))
        self.ok(acl.mdl.set_config_opt(h, acl.ACL_MDL_WEIGHT_SIZET, 4096))
        self.fails(acl.mdl.set_config_opt(h, acl.ACL_MDL_LOAD_TYPE_SIZET, 7), INV, "load type")
        self.fails(acl.mdl.set_config_opt(h, acl.ACL_MDL_PRIORITY_INT32, 8), INV, "priority")
        self.fails(acl.mdl.set_config_opt(h, acl.ACL_MDL_MEM_ADDR_PTR, 0), INV, "NULL mem")
        self.fails(acl.mdl.set_config_opt(h, acl.ACL_MDL_RESERVED, 0), INV, "reserved")
        self.ok(acl.mdl.set_external_weight_address(h, "w.bin", 0x2000, 64))
        self.fails(acl.mdl.set_external_weight_address(h, "w.bin", 0x2000, 65), INV, "size")
        self.fails(acl.mdl.destroy_config_handle(0), INV, "destroy")

    def test_exec_config(self):
        h = acl.mdl.create_exec_config_handle()
        self.assertNotEqual(h, 0)
        self.addCleanup(acl.mdl.destroy_exec_config_handle, h)
        self.ok(acl.mdl.set_exec_config_opt(h, acl.ACL_MDL_STREAM_SYNC_TIMEOUT, -1))
        self.ok(acl.mdl.set_exec_config_opt(h, acl.ACL_MDL_EVENT_SYNC_TIMEOUT, 1000))
        self.ok(acl.mdl.set_exec_config_opt(h, acl.ACL_MDL_WORK_ADDR_PTR, 0x3000))
        self.ok(acl.mdl.set_exec_config_opt(h, acl.ACL_MDL_WORK_SIZET, 1 << 20))
        self.fails(acl.mdl.set_exec_config_opt(h, acl.ACL_MDL_STREAM_SYNC_TIMEOUT, -2), INV,
                   "timeout")
        self.fails(acl.mdl.set_exec_config_opt(h, 99, 0), INV, "unknown")
        self.fails(acl.mdl.destroy_exec_config_handle(0), INV, "destroy")


if __name__ == "__main__":
    acltest.main()
