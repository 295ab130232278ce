# SPDX-License-Identifier: Apache-2.0
"""acl.mdl's executions with a configuration, attributes, partition sizes, loads with queues and
bundles (docs/python.md; docs/mdl.md for the semantics), pyACL's names and returns:
execute_v2 / execute_async_v2 (results against the reference of test_mdl_run's model),
set_attribute / get_attribute, query_exe_om_desc, load_from_file_with_q / load_from_mem_with_q
(an input through acl.tdt queues comes out computed), the bundle_* calls on a bundle of two
models, load_from_model of an aclmdlModel (aclgrphBuildModelFromFile), create_and_get_op_desc,
and their refusals."""
import ctypes
import struct

import acltest
from acltest import H2D, acl
from test_mdl_run import B, H, I, MlpCase, build_mlp, lib, reference

setUpModule = acltest.setup_module
tearDownModule = acltest.teardown_module

lib.acltdtCreateQueueAttr.restype = ctypes.c_void_p
lib.acltdtEnqueueData.argtypes = [ctypes.c_uint32, ctypes.c_char_p, ctypes.c_size_t,
                                  ctypes.c_void_p, ctypes.c_size_t, ctypes.c_int32,
                                  ctypes.c_uint32]
lib.acltdtDequeueData.argtypes = [ctypes.c_uint32, ctypes.c_void_p, ctypes.c_size_t,
                                  ctypes.POINTER(ctypes.c_size_t), ctypes.c_void_p,
                                  ctypes.c_size_t, ctypes.c_int32]
lib.cpuaclGeBundleBuildModel.argtypes = [ctypes.c_size_t, ctypes.POINTER(ctypes.c_void_p),
                                         ctypes.POINTER(ctypes.c_uint64),
                                         ctypes.POINTER(ctypes.c_void_p),
                                         ctypes.POINTER(ctypes.c_uint64)]
lib.cpuaclGeBuildModelFromFile.argtypes = [ctypes.c_char_p, ctypes.c_void_p, ctypes.c_void_p,
                                           ctypes.c_size_t, ctypes.POINTER(ctypes.c_void_p)]
lib.cpuaclGeModelDestroy.argtypes = [ctypes.c_void_p]


def inputs(seed):
    x = [0.25 * ((k * 5 + seed) % 7) - 0.75 for k in range(B * I)]
    y = [0.5 * ((k * 3 + seed) % 5) - 1.0 for k in range(B * H)]
    return x, y


class MdlV2(MlpCase):
    def dataset(self, sizes, values=()):
        ds = acl.mdl.create_dataset()
        held = []
        for k, n in enumerate(sizes):
            p, ret = acl.rt.malloc(n, 0)
            self.ok(ret)
            if k < len(values):
                host = struct.pack("<%df" % len(values[k]), *values[k])
                self.ok(acl.rt.memcpy(p, n, acl.util.bytes_to_ptr(host), n, H2D))
            db = acl.create_data_buffer(p, n)
            self.ok(acl.mdl.add_dataset_buffer(ds, db)[1])
            held.append((p, n, db))
        self.addCleanup(self.free, ds, held)
        return ds, held

    def free(self, ds, held):
        for p, _, db in held:
            acl.destroy_data_buffer(db)
            acl.rt.free(p)
        acl.mdl.destroy_dataset(ds)

    def check_outputs(self, held, seed):
        want = reference(*inputs(seed))
        for (p, n, _), w in zip(held, want):
            got = struct.unpack("<%df" % (n // 4), self.dev_bytes(p, n))
            for a, b in zip(got, w):
                self.assertAlmostEqual(a, b, places=4)

    def test_execute_v2_and_attributes(self):
        mid, ret = acl.mdl.load_from_mem(self.model, len(self.model))
        self.ok(ret)
        self.addCleanup(acl.mdl.unload, mid)
        handle = acl.mdl.create_exec_config_handle()
        self.ok(acl.mdl.set_exec_config_opt(handle, acl.ACL_MDL_STREAM_SYNC_TIMEOUT, 5000))
        for seed, run in enumerate((acl.mdl.execute_v2, acl.mdl.execute_async_v2)):
            ids, _ = self.dataset([4 * B * I, 4 * B * H], inputs(seed))
            ods, oh = self.dataset([4 * B * H, 4 * B * H])
            self.ok(run(mid, ids, ods, self.stream, handle), run.__name__)
            self.ok(acl.rt.synchronize_stream(self.stream))
            self.check_outputs(oh, seed)
        ids, _ = self.dataset([4 * B * I, 4 * B * H], inputs(3))
        ods, oh = self.dataset([4 * B * H, 4 * B * H])
        self.ok(acl.mdl.execute_v2(mid, ids, ods, 0, 0), "execute_v2 without stream or handle")
        self.check_outputs(oh, 3)
        self.ok(acl.mdl.destroy_exec_config_handle(handle))
        self.fails(acl.mdl.execute_v2(mid + 1000, ids, ods, 0, 0), acl.ACL_ERROR_INVALID_MODEL_ID,
                   "unknown id")

        value, ret = acl.mdl.get_attribute(mid, acl.ACL_MDL_ATTR_PRIORITY_INT32)
        self.ok(ret)
        self.assertEqual(value, 0)
        self.ok(acl.mdl.set_attribute(mid, acl.ACL_MDL_ATTR_PRIORITY_INT32, 5))
        self.assertEqual(acl.mdl.get_attribute(mid, acl.ACL_MDL_ATTR_PRIORITY_INT32), (5, 0))
        self.fails(acl.mdl.set_attribute(mid, acl.ACL_MDL_ATTR_PRIORITY_INT32, 99),
                   acl.ACL_ERROR_INVALID_PARAM, "priority out of range")
        self.fails(acl.mdl.get_attribute(mid + 1000, acl.ACL_MDL_ATTR_PRIORITY_INT32)[1],
                   acl.ACL_ERROR_GE_EXEC_MODEL_ID_INVALID, "attribute of an unknown id")

    def test_load_from_model(self):
        model = ctypes.c_void_p()  # aclgrphBuildModelFromFile's aclmdlModel
        self.assertEqual(lib.cpuaclGeBuildModelFromFile((self.base + ".om").encode(), None, None,
                                                        0, ctypes.byref(model)), 0)
        self.addCleanup(lib.cpuaclGeModelDestroy, model)
        h = acl.mdl.create_config_handle()
        self.addCleanup(acl.mdl.destroy_config_handle, h)
        self.ok(acl.mdl.set_config_opt(h, acl.ACL_MDL_PRIORITY_INT32, 3))
        ids = []
        for handle in (0, h):
            mid, ret = acl.mdl.load_from_model(model.value, handle)
            self.ok(ret, "load_from_model, handle %d" % handle)
            self.addCleanup(acl.mdl.unload, mid)
            ids.append(mid)
        self.assertNotEqual(ids[0], ids[1])
        self.assertEqual(acl.mdl.get_attribute(ids[1], acl.ACL_MDL_ATTR_PRIORITY_INT32), (3, 0))
        for seed, mid in enumerate(ids):
            ids_, _ = self.dataset([4 * B * I, 4 * B * H], inputs(seed + 4))
            ods, oh = self.dataset([4 * B * H, 4 * B * H])
            self.ok(acl.mdl.execute(mid, ids_, ods), "execute model %d" % mid)
            self.check_outputs(oh, seed + 4)
        self.fails(acl.mdl.load_from_model(0, 0)[1], acl.ACL_ERROR_INVALID_PARAM, "NULL model")
        junk = ctypes.create_string_buffer(64)  # not an aclmdlModel
        self.fails(acl.mdl.load_from_model(ctypes.addressof(junk), 0)[1],
                   acl.ACL_ERROR_INVALID_PARAM, "junk model")

    def test_create_and_get_op_desc(self):
        # cpuacl's operators run as host work of the graph engine: no task is found
        got = acl.mdl.create_and_get_op_desc(0, 2, 3, 64)
        self.assertEqual(got[:5], ("", 0, 0, 0, 0))
        msg = self.fails(got[5], acl.ACL_ERROR_GE_FAILURE, "no such task")
        self.assertIn("task 3 of stream 2", msg)

    def test_recover_all_hccl_tasks(self):
        # the current device: nothing to recover (cpuacl models hold no device HCCL tasks)
        self.ok(acl.mdl.recover_all_hccl_tasks(0))
        msg = self.fails(acl.mdl.recover_all_hccl_tasks(1), acl.ACL_ERROR_GE_FAILURE,
                         "not the current device")
        self.assertIn("device 1", msg)

    def test_query_exe_om_desc(self):
        d, ret = acl.mdl.query_exe_om_desc(self.base + ".om")
        self.ok(ret)
        work, weight, ret = acl.mdl.query_size(self.base + ".om")
        self.ok(ret)
        self.assertEqual((d["workSize"], d["weightSize"]), (work, weight))
        self.assertGreater(d["staticTaskSize"], 0)
        self.assertGreater(d["modelDescSize"], 0)
        self.assertEqual(d["kernelSize"], 0)
        d, ret = acl.mdl.query_exe_om_desc(self.base + ".missing")
        self.fails(ret, acl.ACL_ERROR_INVALID_FILE, "missing file")
        self.assertEqual(d, {})

    def test_load_with_queues(self):
        def queue():  # acl.tdt has no queue calls: the C ones (depth 8, the default)
            attr = lib.acltdtCreateQueueAttr()
            q = ctypes.c_uint32()
            self.ok(lib.acltdtCreateQueue(ctypes.c_void_p(attr), ctypes.byref(q)), "create_queue")
            lib.acltdtDestroyQueueAttr(ctypes.c_void_p(attr))
            return q.value

        qs = [queue() for _ in range(4)]  # x, y in; two out
        mid, ret = acl.mdl.load_from_file_with_q(self.base + ".om", qs[:2], 2, qs[2:], 2)
        self.ok(ret, "load_from_file_with_q")
        x, y = inputs(7)
        for q, v in zip(qs, (x, y)):
            data = struct.pack("<%df" % len(v), *v)
            self.ok(lib.acltdtEnqueueData(q, data, len(data), None, 0, 1000, 0), "enqueue")
        want = reference(x, y)
        for q, w in zip(qs[2:], want):
            out = ctypes.create_string_buffer(4 * B * H)
            got = ctypes.c_size_t()
            self.ok(lib.acltdtDequeueData(q, out, len(out), ctypes.byref(got), None, 0, 2000),
                    "dequeue")
            self.assertEqual(got.value, 4 * B * H)
            for a, b in zip(struct.unpack("<%df" % (B * H), out.raw), w):
                self.assertAlmostEqual(a, b, places=4)
        self.ok(acl.mdl.unload(mid))
        mid, ret = acl.mdl.load_from_mem_with_q(self.model, len(self.model), qs[:2], 2, qs[2:], 2)
        self.ok(ret, "load_from_mem_with_q")
        self.ok(acl.mdl.unload(mid))
        self.fails(acl.mdl.load_from_file_with_q(self.base + ".om", qs[:1], 1, qs[2:], 2)[1],
                   acl.ACL_ERROR_INVALID_PARAM, "one input queue for two inputs")
        for q in qs:
            self.ok(lib.acltdtDestroyQueue(q))

    def test_bundles(self):
        second = build_mlp(self.base + "_2")
        datas = (ctypes.c_void_p * 2)(ctypes.cast(ctypes.c_char_p(self.model), ctypes.c_void_p),
                                      ctypes.cast(ctypes.c_char_p(second), ctypes.c_void_p))
        lens = (ctypes.c_uint64 * 2)(len(self.model), len(second))
        out, out_len = ctypes.c_void_p(), ctypes.c_uint64()
        self.assertEqual(lib.cpuaclGeBundleBuildModel(2, datas, lens, ctypes.byref(out),
                                                      ctypes.byref(out_len)), 0)
        bundle = ctypes.string_at(out, out_len.value)
        lib.cpuaclGeModelFree(out)
        path = self.base + "_bundle.om"
        with open(path, "wb") as f:
            f.write(bundle)

        q = acl.mdl.bundle_create_query_info()
        self.assertNotEqual(q, 0)
        self.ok(acl.mdl.bundle_query_info_from_file(path, q))
        self.assertEqual(acl.mdl.bundle_get_query_model_num(q), (2, 0))
        self.assertEqual(acl.mdl.bundle_get_var_weight_size(q), (0, 0))
        work, weight, ret = acl.mdl.bundle_get_size(q, 1)
        self.ok(ret)
        self.assertEqual((work, weight), acl.mdl.query_size(self.base + "_2.om")[:2])
        self.fails(acl.mdl.bundle_get_size(q, 2)[2], acl.ACL_ERROR_INVALID_PARAM, "index 2")
        self.fails(acl.mdl.bundle_query_info_from_mem(self.model, len(self.model), q),
                   acl.ACL_ERROR_INVALID_PARAM, "a plain model")
        self.ok(acl.mdl.bundle_destroy_query_info(q))

        bid, ret = acl.mdl.bundle_load_from_file(path)
        self.ok(ret, "bundle_load_from_file")
        self.assertEqual(acl.mdl.bundle_get_model_num(bid), (2, 0))
        for k in range(2):
            mid, ret = acl.mdl.bundle_get_model_id(bid, k)
            self.ok(ret)
            ids, _ = self.dataset([4 * B * I, 4 * B * H], inputs(k))
            ods, oh = self.dataset([4 * B * H, 4 * B * H])
            self.ok(acl.mdl.execute(mid, ids, ods), "execute bundle model %d" % k)
            self.check_outputs(oh, k)
        extra, ret = acl.mdl.bundle_load_model(bid, 0)
        self.ok(ret, "bundle_load_model")
        self.ok(acl.mdl.bundle_unload_model(bid, extra))
        self.ok(acl.mdl.bundle_unload(bid))
        self.fails(acl.mdl.bundle_get_model_num(bid)[1], acl.ACL_ERROR_INVALID_BUNDLE_MODEL_ID,
                   "unloaded bundle")

        bid, ret = acl.mdl.bundle_init_from_mem(bundle, len(bundle), 0, 0)
        self.ok(ret, "bundle_init_from_mem")
        self.fails(acl.mdl.bundle_get_model_id(bid, 0)[1], acl.ACL_ERROR_API_NOT_SUPPORT,
                   "model id of an initialised bundle")
        h = acl.mdl.create_config_handle()
        mid, ret = acl.mdl.bundle_load_model_with_config(bid, 1, h)
        self.ok(ret, "bundle_load_model_with_config")
        self.ok(acl.mdl.bundle_unload_model(bid, mid))
        self.ok(acl.mdl.destroy_config_handle(h))
        work, weight, _ = acl.mdl.query_size(self.base + ".om")
        wp, ret = acl.rt.malloc(max(work, 1), 0)
        self.ok(ret)
        gp, ret = acl.rt.malloc(max(weight, 1), 0)
        self.ok(ret)
        mid, ret = acl.mdl.bundle_load_model_with_mem(bid, 0, wp, work, gp, weight)
        self.ok(ret, "bundle_load_model_with_mem")
        self.ok(acl.mdl.bundle_unload_model(bid, mid))
        self.ok(acl.mdl.bundle_unload(bid))
        acl.rt.free(wp)
        acl.rt.free(gp)
        bid, ret = acl.mdl.bundle_init_from_file(path, 0, 0)
        self.ok(ret, "bundle_init_from_file")
        self.ok(acl.mdl.bundle_unload(bid))
        self.fails(acl.mdl.bundle_load_from_mem(self.model, len(self.model))[1],
                   acl.ACL_ERROR_INVALID_PARAM, "a plain model as a bundle")


if __name__ == "__main__":
    acltest.main()
