# SPDX-License-Identifier: Apache-2.0
"""Loading and running a model from Python (acl.mdl.load_from_file,
load_from_mem, load_from_file_with_mem, load_with_config, get_desc, execute,
execute_async, unload; the gear setters set_dynamic_batch_size and
set_input_dynamic_dims on a model built with batch gears: pyACL's names and
returns). The model is built here
from a GE graph through the engine's C interface (cpuaclGe*, the functions
ge/ge_ir_build.h's aclgrphBuildModel and aclgrphSaveModel call): an MLP with
two inputs and two outputs, h = Relu(x @ W + y) and z = h + b, compared with
numpy (or a plain-Python reference when numpy is hidden)."""
import ctypes
import os
import struct
import tempfile

import acltest
from acltest import D2H, H2D, StreamCase, acl

setUpModule = acltest.setup_module
tearDownModule = acltest.teardown_module

B, I, H = 2, 3, 4
W = [0.5 * ((k * 7 + 3) % 5) - 1.0 for k in range(I * H)]
BIAS = [0.25, -0.5, 1.0, 0.0]


class GeTensor(ctypes.Structure):
    _fields_ = [("dtype", ctypes.c_int32), ("format", ctypes.c_int32),
                ("placement", ctypes.c_int32), ("ndim", ctypes.c_int32),
                ("dims", ctypes.c_int64 * 8), ("data", ctypes.c_void_p),
                ("size", ctypes.c_uint64)]


class GeAttr(ctypes.Structure):
    _fields_ = [("kind", ctypes.c_int32), ("i", ctypes.c_int64), ("f", ctypes.c_double),
                ("s", ctypes.c_char_p), ("ints", ctypes.c_void_p), ("floats", ctypes.c_void_p),
                ("n", ctypes.c_size_t), ("tensor", ctypes.POINTER(GeTensor))]


ATTR_INT, ATTR_TENSOR = 1, 7
lib = acl._lib.lib
lib.cpuaclGeGraphCreate.restype = ctypes.c_void_p
lib.cpuaclGeGraphCreate.argtypes = [ctypes.c_char_p]
lib.cpuaclGeGraphAddNode.restype = ctypes.c_int32
lib.cpuaclGeGraphAddNode.argtypes = [ctypes.c_void_p, ctypes.c_char_p, ctypes.c_char_p]
lib.cpuaclGeGraphSetAttr.argtypes = [ctypes.c_void_p, ctypes.c_int32, ctypes.c_char_p,
                                     ctypes.POINTER(GeAttr)]
lib.cpuaclGeGraphSetInput.argtypes = [ctypes.c_void_p, ctypes.c_int32, ctypes.c_char_p,
                                      ctypes.c_int32, ctypes.c_char_p, ctypes.c_int32]
lib.cpuaclGeGraphSetDesc.argtypes = [ctypes.c_void_p, ctypes.c_int32, ctypes.c_int32,
                                     ctypes.c_char_p, ctypes.POINTER(GeTensor)]
lib.cpuaclGeGraphSetInputs.argtypes = [ctypes.c_void_p, ctypes.POINTER(ctypes.c_int32),
                                       ctypes.c_size_t]
lib.cpuaclGeGraphSetOutputs.argtypes = [ctypes.c_void_p, ctypes.POINTER(ctypes.c_int32),
                                        ctypes.POINTER(ctypes.c_int32), ctypes.c_size_t]
lib.cpuaclGeBuildInitialize.argtypes = [ctypes.c_void_p, ctypes.c_void_p, ctypes.c_size_t]
lib.cpuaclGeBuildModel.argtypes = [ctypes.c_void_p, ctypes.POINTER(ctypes.c_char_p),
                                   ctypes.POINTER(ctypes.c_char_p), ctypes.c_size_t,
                                   ctypes.POINTER(ctypes.c_void_p),
                                   ctypes.POINTER(ctypes.c_uint64)]
lib.cpuaclGeModelFree.argtypes = [ctypes.c_void_p]
lib.cpuaclGeSaveModel.argtypes = [ctypes.c_char_p, ctypes.c_void_p, ctypes.c_uint64]


def tensor(dims, floats=None):
    t = GeTensor(dtype=0, format=2, ndim=len(dims))
    for k, d in enumerate(dims):
        t.dims[k] = d
    keep = None
    if floats is not None:
        keep = (ctypes.c_float * len(floats))(*floats)
        t.data, t.size = ctypes.cast(keep, ctypes.c_void_p), 4 * len(floats)
    return t, keep


def build_mlp(path, options=((b"input_format", b"ND"),), dims=(B, B)):
    """The model's bytes, also saved to path + '.om' (build options: (key, value) pairs; dims:
    the batch of x and y, -1 for a gear dim)."""
    g = lib.cpuaclGeGraphCreate(b"mlp")
    node = {}
    for name, typ in (("x", "Data"), ("y", "Data"), ("w", "Const"), ("b", "Const"),
                      ("mm", "MatMulV2"), ("add", "Add"), ("relu", "Relu"), ("out", "Add")):
        node[name] = lib.cpuaclGeGraphAddNode(g, typ.encode(), name.encode())
        assert node[name] >= 0
    for k, (name, dims) in enumerate((("x", [dims[0], I]), ("y", [dims[1], H]))):
        assert lib.cpuaclGeGraphSetAttr(g, node[name], b"index", GeAttr(kind=ATTR_INT, i=k)) == 0
        t, _ = tensor(dims)
        assert lib.cpuaclGeGraphSetDesc(g, node[name], 0, b"x", t) == 0
    for name, dims, vals in (("w", [I, H], W), ("b", [H], BIAS)):
        t, keep = tensor(dims, vals)
        assert lib.cpuaclGeGraphSetAttr(g, node[name], b"value",
                                        GeAttr(kind=ATTR_TENSOR, tensor=ctypes.pointer(t))) == 0
        del keep
    for dst, inp, src in (("mm", "x1", "x"), ("mm", "x2", "w"), ("add", "x1", "mm"),
                          ("add", "x2", "y"), ("relu", "x", "add"), ("out", "x1", "relu"),
                          ("out", "x2", "b")):
        assert lib.cpuaclGeGraphSetInput(g, node[dst], inp.encode(), node[src], None, 0) == 0
    ins = (ctypes.c_int32 * 2)(node["x"], node["y"])
    outs, idx = (ctypes.c_int32 * 2)(node["relu"], node["out"]), (ctypes.c_int32 * 2)(0, 0)
    assert lib.cpuaclGeGraphSetInputs(g, ins, 2) == 0
    assert lib.cpuaclGeGraphSetOutputs(g, outs, idx, 2) == 0
    assert lib.cpuaclGeBuildInitialize(None, None, 0) == 0
    keys = (ctypes.c_char_p * len(options))(*[k for k, _ in options])
    vals = (ctypes.c_char_p * len(options))(*[v for _, v in options])
    data, length = ctypes.c_void_p(), ctypes.c_uint64()
    rc = lib.cpuaclGeBuildModel(g, keys, vals, len(options), ctypes.byref(data),
                                ctypes.byref(length))
    assert rc == 0, acl.get_recent_err_msg()
    model = ctypes.string_at(data, length.value)
    assert lib.cpuaclGeSaveModel(path.encode(), data, length) == 0
    lib.cpuaclGeModelFree(data)
    return model


def reference(x, y):
    h = [max(sum(x[b * I + k] * W[k * H + j] for k in range(I)) + y[b * H + j], 0.0)
         for b in range(B) for j in range(H)]
    return h, [h[b * H + j] + BIAS[j] for b in range(B) for j in range(H)]


class MlpCase(StreamCase):
    """A case with the two-input MLP built into a temporary directory (cls.base,
    cls.model) for the whole class; test_mdl_v2.py's cases share it."""

    @classmethod
    def setUpClass(cls):
        cls.dir = tempfile.TemporaryDirectory()
        cls.base = os.path.join(cls.dir.name, "mlp")
        cls.model = build_mlp(cls.base)

    @classmethod
    def tearDownClass(cls):
        cls.dir.cleanup()


class MdlRun(MlpCase):

    def dataset(self, sizes):
        ds = acl.mdl.create_dataset()
        bufs = []
        for n in sizes:
            p, ret = acl.rt.malloc(n, 0)
            self.ok(ret)
            db = acl.create_data_buffer(p, n)
            _, ret = acl.mdl.add_dataset_buffer(ds, db)
            self.ok(ret)
            bufs.append((p, n, db))
        return ds, bufs

    def free(self, ds, bufs):
        for p, _, db in bufs:
            acl.destroy_data_buffer(db)
            acl.rt.free(p)
        self.ok(acl.mdl.destroy_dataset(ds))

    def run_and_check(self, model_id, use_stream, seed):
        x = [0.25 * ((k * 5 + seed) % 7) - 0.75 for k in range(B * I)]
        y = [0.5 * ((k * 3 + seed) % 5) - 1.0 for k in range(B * H)]
        ids, ibufs = self.dataset([4 * B * I, 4 * B * H])
        ods, obufs = self.dataset([4 * B * H, 4 * B * H])
        for (p, n, _), v in zip(ibufs, (x, y)):
            host = struct.pack("<%df" % len(v), *v)
            self.ok(acl.rt.memcpy(p, n, acl.util.bytes_to_ptr(host), n, H2D))
        if use_stream:
            self.ok(acl.mdl.execute_async(model_id, ids, ods, self.stream), "execute_async")
            self.ok(acl.rt.synchronize_stream(self.stream))
        else:
            self.ok(acl.mdl.execute(model_id, ids, ods), "execute")
        got = [struct.unpack("<%df" % (B * H), self.dev_bytes(p, n)) for p, n, _ in obufs]
        if acltest.HAVE_NUMPY:
            np = acltest.np
            xn = np.array(x, np.float32).reshape(B, I)
            h = np.maximum(xn @ np.array(W, np.float32).reshape(I, H) +
                           np.array(y, np.float32).reshape(B, H), 0)
            want = [h.ravel().tolist(), (h + np.array(BIAS, np.float32)).ravel().tolist()]
        else:
            want = list(reference(x, y))
        for g, w in zip(got, want):
            for a, b in zip(g, w):
                self.assertAlmostEqual(a, b, places=4)
        self.free(ids, ibufs)
        self.free(ods, obufs)

    def test_load_describe_execute(self):
        mid, ret = acl.mdl.load_from_file(self.base + ".om")
        self.ok(ret, "load_from_file")
        mid2, ret = acl.mdl.load_from_mem(self.model, len(self.model))
        self.ok(ret, "load_from_mem")
        self.assertNotEqual(mid, mid2)
        desc = acl.mdl.create_desc()
        self.ok(acl.mdl.get_desc(desc, mid))
        self.assertEqual(acl.mdl.get_num_inputs(desc), 2)
        self.assertEqual(acl.mdl.get_num_outputs(desc), 2)
        self.assertEqual(acl.mdl.get_input_size_by_index(desc, 1), 4 * B * H)
        self.assertEqual(acl.mdl.get_input_name_by_index(desc, 0), "x")
        dims, ret = acl.mdl.get_input_dims(desc, 0)
        self.ok(ret)
        self.assertEqual(dims["dims"], [B, I])
        self.ok(acl.mdl.destroy_desc(desc))
        for seed, (m, s) in enumerate(((mid, False), (mid2, True), (mid, True), (mid2, False))):
            self.run_and_check(m, s, seed)
        self.ok(acl.mdl.unload(mid))
        self.fails(acl.mdl.unload(mid), acl.ACL_ERROR_INVALID_MODEL_ID, "unload twice")
        self.ok(acl.mdl.unload(mid2))

    def test_load_with_memory_and_config(self):
        work, weight, ret = acl.mdl.query_size(self.base + ".om")
        self.ok(ret)
        wp, ret = acl.rt.malloc(max(work, 1), 0)
        self.ok(ret)
        gp, ret = acl.rt.malloc(weight, 0)
        self.ok(ret)
        mid, ret = acl.mdl.load_from_file_with_mem(self.base + ".om", wp, work, gp, weight)
        self.ok(ret, "load_from_file_with_mem")
        self.run_and_check(mid, False, 5)
        self.ok(acl.mdl.unload(mid))
        buf = bytearray(self.model)
        mid, ret = acl.mdl.load_from_mem_with_mem(buf, len(buf), wp, work, gp, weight)
        self.ok(ret, "load_from_mem_with_mem")
        self.ok(acl.mdl.unload(mid))
        h = acl.mdl.create_config_handle()
        self.ok(acl.mdl.set_config_opt(h, acl.ACL_MDL_LOAD_TYPE_SIZET, acl.ACL_MDL_LOAD_FROM_FILE))
        self.ok(acl.mdl.set_config_opt(h, acl.ACL_MDL_PATH_PTR, self.base + ".om"))
        mid, ret = acl.mdl.load_with_config(h)
        self.ok(ret, "load_with_config")
        self.run_and_check(mid, True, 6)
        self.ok(acl.mdl.unload(mid))
        self.ok(acl.mdl.destroy_config_handle(h))
        acl.rt.free(wp)
        acl.rt.free(gp)

    def test_misuse(self):
        self.fails(acl.mdl.load_from_file(self.base + ".nothing")[1], acl.ACL_ERROR_INVALID_FILE,
                   "missing file")
        self.fails(acl.mdl.load_from_mem(self.model[:100], 100)[1], acl.ACL_ERROR_PARSE_MODEL,
                   "truncated")
        mid, ret = acl.mdl.load_from_mem(self.model, len(self.model))
        self.ok(ret)
        ids, ibufs = self.dataset([4 * B * I])
        ods, obufs = self.dataset([4 * B * H, 4 * B * H])
        msg = self.fails(acl.mdl.execute(mid, ids, ods), acl.ACL_ERROR_INVALID_PARAM,
                         "one input")
        self.assertIn("1 buffers", msg)
        self.ok(acl.mdl.unload(mid))
        self.fails(acl.mdl.execute(mid, ids, ods), acl.ACL_ERROR_INVALID_MODEL_ID, "unloaded")
        self.free(ids, ibufs)
        self.free(ods, obufs)

    def test_dynamic_gears(self):
        """Batch gears 1 and 2: each selected with set_dynamic_batch_size (and the dims form
        with set_input_dynamic_dims refused on batch gears), run against the reference."""
        model = build_mlp(self.base + "_gears", ((b"input_format", b"ND"),
                                                 (b"ge.dynamicBatchSize", b"1,2")), (-1, -1))
        mid, ret = acl.mdl.load_from_mem(model, len(model))
        self.ok(ret)
        desc = acl.mdl.create_desc()
        self.ok(acl.mdl.get_desc(desc, mid))
        gi, ret = acl.mdl.get_input_index_by_name(desc, acl.mdl.ACL_DYNAMIC_TENSOR_NAME)
        self.ok(ret)
        self.assertEqual(gi, 2)
        batch, ret = acl.mdl.get_dynamic_batch(desc)
        self.ok(ret)
        self.assertEqual(batch["batch"], [1, 2])
        ids, ibufs = self.dataset([4 * B * I, 4 * B * H, 4])
        ods, obufs = self.dataset([4 * B * H, 4 * B * H])
        for bs in (1, 2):
            x = [0.25 * ((k * 5 + bs) % 7) - 0.75 for k in range(bs * I)]
            y = [0.5 * ((k * 3 + bs) % 5) - 1.0 for k in range(bs * H)]
            for (p, n, _), v in zip(ibufs, (x, y)):
                host = struct.pack("<%df" % len(v), *v)
                self.ok(acl.rt.memcpy(p, n, acl.util.bytes_to_ptr(host), len(host), H2D))
            self.ok(acl.mdl.set_dynamic_batch_size(mid, ids, gi, bs), "set_dynamic_batch_size")
            cur, ret = acl.mdl.get_cur_output_dims(desc, 1)
            self.ok(ret)
            self.assertEqual(cur["dims"], [bs, H])
            self.ok(acl.mdl.execute(mid, ids, ods), "execute")
            got = struct.unpack("<%df" % (bs * H), self.dev_bytes(obufs[1][0], 4 * bs * H))
            xs = x + [0.0] * (B - bs) * I
            ys = y + [0.0] * (B - bs) * H
            want = reference(xs, ys)[1][:bs * H]
            for a, b in zip(got, want):
                self.assertAlmostEqual(a, b, places=4)
        self.fails(acl.mdl.set_dynamic_batch_size(mid, ids, gi, 3), 145013, "batch 3")
        self.fails(acl.mdl.set_input_dynamic_dims(mid, ids, gi, {"name": "", "dimCount": 4,
                                                                 "dims": [1, I, 1, H]}),
                   145013, "dims on a batch model")
        self.fails(acl.mdl.set_input_dynamic_dims(mid, ids, gi, {"dimCount": 200,
                                                                 "dims": [1] * 200}),
                   acl.ACL_ERROR_INVALID_PARAM, "200 dims")
        self.fails(acl.mdl.set_dynamic_hw_size(mid, ids, gi, 2, 2), 145013, "H*W on batch")
        self.free(ids, ibufs)
        self.free(ods, obufs)
        self.ok(acl.mdl.destroy_desc(desc))
        self.ok(acl.mdl.unload(mid))


if __name__ == "__main__":
    acltest.main()
