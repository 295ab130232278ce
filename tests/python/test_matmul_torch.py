# SPDX-License-Identifier: Apache-2.0
"""The float matmul variants (ops/matmul/variants.c) against PyTorch (torch 1.13 on the CPU).

Addmm, Baddbmm, Addbmm (and their in-place forms), Addmv, Addr / AddrV2 (and in-place),
Dot, Gemm (every transA / transB), MatmulWeightNz, BatchMatMulWeightNz and
TransposeBatchMatMul (+WeightNz: every documented permutation), FusedMatmul (every
fusedOpType, bias and x3 shapes, broadcast batches, USE_FP16), WeightQuantBatchMatmulV3 /
Nz (V2's product: an INT8 weight dequantised to x's type; V3's innerPrecise = 1 on packed INT4
per-group weights within x's int8 rounding, quant_int8x.c) and Einsum (CANN's two equations,
every declared type) through acl.nn (both phases, on a
stream), for every type their rows declare, on seeded random inputs: self broadcasting
to the result, non-contiguous views, alpha / beta values including beta = 0 with NaN in
self (torch ignores self then), empty dims (k = 0 gives beta * self). References are
computed in DOUBLE from the inputs as stored and rounded once to out's type; the
tolerances allow float32 accumulation over k terms. Bad input (NULL, a refused type,
shapes that do not multiply) gives 161001 / 161002 with a message naming the operator.
Skipped (exit 77) without torch."""
import random
import unittest

from torchcase import TorchCase, torch  # noqa: E402 (first: torch before acl)

import acltest  # noqa: E402
from acltest import acl  # noqa: E402

if torch is not None:
    from test_ew_torch import Dev, check, view_of, scalar, F16, BF16, F32, F64, I8, U8, I16, \
        I32, I64, BOOL, ACL_DT as DT  # noqa: E402

setUpModule = acltest.setup_module
tearDownModule = acltest.teardown_module

nn = acl.nn
SEED = 2930
if torch is not None:
    F3 = [F32, F16, BF16]
    MMTOL = {F32: (1e-4, 1e-4), F16: (4e-3, 4e-3), BF16: (3e-2, 3e-2), F64: (1e-10, 1e-12)}


def rand(rng, shape, dtype, lo=-1.0, hi=1.0):
    n = 1
    for d in shape:
        n *= d
    if dtype == BOOL:
        return torch.tensor([rng.random() < 0.5 for _ in range(n)], dtype=BOOL).reshape(shape)
    if dtype in (I8, U8, I16, I32, I64):
        a, b = (0, 9) if dtype == U8 else (-9, 9)
        return torch.tensor([rng.randint(a, b) for _ in range(n)], dtype=I64).reshape(
            shape).to(dtype)
    return torch.tensor([rng.uniform(lo, hi) for _ in range(n)], dtype=F64).reshape(
        shape).to(dtype)


@unittest.skipIf(torch is None, "torch (or numpy) is not installed")
class MatmulVariantsTorch(TorchCase):
    def setUp(self):
        super().setUp()
        self.scalars = []

    def tearDown(self):
        for s in self.scalars:
            nn.destroy_scalar(s)
        super().tearDown()

    def sc(self, v, dtype=None):
        if v is None:
            return 0
        h = scalar(v, dtype)
        self.scalars.append(h)
        return h

    def out_check(self, got, ref, dtype, what):
        check(self, got, ref.to(dtype), what, tol=MMTOL.get(dtype))

    # ---- Addmm, Baddbmm, Addbmm --------------------------------------------------------------

    def one_add_mm(self, rng, op, dtype, shapes, beta, alpha, inplace):
        ss, s1, s2 = shapes
        what = "%s%s %s %s beta=%r alpha=%r" % ("Inplace" if inplace else "", op, dtype, shapes,
                                                beta, alpha)
        self_t = rand(rng, ss, dtype)
        if beta == 0 and self_t.numel():
            self_t.view(-1)[0] = float("nan")  # ignored when beta is 0 (torch)
        a, b = rand(rng, s1, dtype), rand(rng, s2, dtype)
        fn = {"Addmm": torch.addmm, "Baddbmm": torch.baddbmm, "Addbmm": torch.addbmm}[op]
        ref = fn(self_t.double(), a.double(), b.double(), beta=beta, alpha=alpha)
        args = [self.dev(view_of(rng, a)).handle, self.dev(view_of(rng, b)).handle,
                self.sc(beta), self.sc(alpha)]
        if inplace:
            sref = self.dev(self_t.clone())
            self.run_op("Inplace" + op, sref.handle, *args, 0)
            self.out_check(sref.read(), ref, dtype, what)
            return
        out = self.dev(torch.zeros(ref.shape, dtype=dtype))
        self.run_op(op, self.dev(view_of(rng, self_t)).handle, *args, out.handle, 0)
        self.out_check(out.read(), ref, dtype, what)
        if op == "Addmm":  # the NZ form takes the ND weight aclnnTransMatmulWeight leaves
            out2 = self.dev(torch.zeros(ref.shape, dtype=dtype))
            self.run_op("AddmmWeightNz", self.dev(self_t).handle, *args, out2.handle, 0)
            self.out_check(out2.read(), ref, dtype, "WeightNz " + what)

    def test_addmm_family(self):
        rng = random.Random(SEED)
        m, k, n, b = 5, 7, 6, 3
        cases = {
            "Addmm": [((m, n), (m, k), (k, n)), ((n,), (m, k), (k, n)), ((m, 1), (m, k), (k, n)),
                      ((m, n), (m, 0), (0, n)), ((0, n), (0, k), (k, n)),
                      ((33, 17), (33, 40), (40, 17))],
            "Baddbmm": [((b, m, n), (b, m, k), (b, k, n)), ((m, n), (b, m, k), (b, k, n)),
                        ((1, 1, n), (b, m, k), (b, k, n)), ((b, m, n), (b, m, 0), (b, 0, n))],
            "Addbmm": [((m, n), (b, m, k), (b, k, n)), ((n,), (b, m, k), (b, k, n)),
                       ((m, n), (0, m, k), (0, k, n))],
        }
        for op, shapes in cases.items():
            for dtype in F3:
                for shp in shapes:
                    for beta, alpha in ((1.0, 1.0), (0.5, -2.0), (0.0, 1.5)):
                        self.one_add_mm(rng, op, dtype, shp, beta, alpha, False)
                    full = (shp[1][0], shp[2][1]) if op == "Addmm" else \
                        (shp[1][1], shp[2][2]) if op == "Addbmm" else \
                        (shp[1][0], shp[1][1], shp[2][2])
                    self.one_add_mm(rng, op, dtype, (full,) + shp[1:], 0.75, 1.25, True)

    def test_cube_math_fp16(self):
        """cubeMathType 2 (USE_FP16) rounds float32 operands to float16 first."""
        rng = random.Random(SEED + 5)
        s, a, b = rand(rng, (4, 3), F32), rand(rng, (4, 9), F32), rand(rng, (9, 3), F32)
        ref = torch.addmm(s.double(), a.half().double(), b.half().double())
        out = self.dev(torch.zeros((4, 3), dtype=F32))
        self.run_op("Addmm", self.dev(s).handle, self.dev(a).handle, self.dev(b).handle,
                    self.sc(1.0), self.sc(1.0), out.handle, 2)
        self.out_check(out.read(), ref, F32, "Addmm USE_FP16")

    # ---- Addmv, Dot, Gemm, MatmulWeightNz ----------------------------------------------------

    def test_addmv(self):
        rng = random.Random(SEED + 1)
        for dtype in F3:
            for ss, n, m in (((6,), 6, 8), ((1,), 6, 8), ((4,), 4, 0), ((65,), 65, 33)):
                for alpha, beta in ((1.0, 1.0), (-1.5, 0.25), (2.0, 0.0)):
                    s, mat, vec = rand(rng, ss, dtype), rand(rng, (n, m), dtype), \
                        rand(rng, (m,), dtype)
                    ref = torch.addmv(s.double(), mat.double(), vec.double(), beta=beta,
                                      alpha=alpha)
                    out = self.dev(torch.zeros((n,), dtype=dtype))
                    self.run_op("Addmv", self.dev(view_of(rng, s)).handle,
                                self.dev(view_of(rng, mat)).handle,
                                self.dev(view_of(rng, vec)).handle, self.sc(alpha),
                                self.sc(beta), out.handle, 0)
                    self.out_check(out.read(), ref, dtype, "Addmv %s %s" % (dtype, (ss, n, m)))

    def test_dot(self):
        rng = random.Random(SEED + 2)
        for dtype in F3:
            for n in (1, 7, 100, 0):
                a, b = rand(rng, (n,), dtype), rand(rng, (n,), dtype)
                ref = torch.dot(a.double(), b.double())
                out = self.dev(torch.zeros((), dtype=dtype))
                self.run_op("Dot", self.dev(view_of(rng, a)).handle,
                            self.dev(view_of(rng, b)).handle, out.handle)
                self.out_check(out.read(), ref, dtype, "Dot %s %d" % (dtype, n))

    def test_gemm(self):
        rng = random.Random(SEED + 3)
        m, k, n = 4, 6, 5
        for dtype in F3:
            for ta in (0, 1):
                for tb in (0, 1):
                    for cs in ((m, n), (n,)):
                        A = rand(rng, (k, m) if ta else (m, k), dtype)
                        B = rand(rng, (n, k) if tb else (k, n), dtype)
                        C = rand(rng, cs, dtype)
                        oa, ob = (A.t() if ta else A).double(), (B.t() if tb else B).double()
                        ref = 1.5 * (oa @ ob) + 0.5 * C.double()
                        out = self.dev(torch.zeros((m, n), dtype=dtype))
                        self.run_op("Gemm", self.dev(view_of(rng, A)).handle,
                                    self.dev(view_of(rng, B)).handle,
                                    self.dev(view_of(rng, C)).handle, 1.5, 0.5, ta, tb,
                                    out.handle, 0)
                        self.out_check(out.read(), ref, dtype,
                                       "Gemm %s ta=%d tb=%d C%s" % (dtype, ta, tb, cs))

    def test_matmul_weight_nz(self):
        rng = random.Random(SEED + 4)
        for dtype in F3:
            a, w = rand(rng, (16, 32), dtype), rand(rng, (32, 16), dtype)
            out = self.dev(torch.zeros((16, 16), dtype=dtype))
            self.run_op("MatmulWeightNz", self.dev(a).handle, self.dev(w).handle, out.handle, 1)
            self.out_check(out.read(), a.double() @ w.double(), dtype, "MatmulWeightNz")

    def test_batch_matmul_weight_nz(self):
        rng = random.Random(SEED + 8)
        for dtype in F3:
            a, w = rand(rng, (3, 5, 8), dtype), rand(rng, (3, 8, 4), dtype)
            out = self.dev(torch.zeros((3, 5, 4), dtype=dtype))
            self.run_op("BatchMatMulWeightNz", self.dev(view_of(rng, a)).handle,
                        self.dev(w).handle, out.handle, 1)
            self.out_check(out.read(), a.double() @ w.double(), dtype, "BatchMatMulWeightNz")

    # ---- TransposeBatchMatMul (+WeightNz): permuted operands and result -----------------------

    def int_array(self, values):
        arr, ret = nn.create_int_array(list(values))
        self.assertEqual(ret, 0)
        self.arrays.append(arr)
        return arr

    def test_transpose_batch_matmul(self):
        rng = random.Random(SEED + 9)
        self.arrays = []
        try:
            for op in ("TransposeBatchMatMul", "TransposeBatchMatMulWeightNz"):
                for dtype in F3:
                    for p1 in ((0, 1, 2), (1, 0, 2)):
                        for p2 in ((0, 1, 2), (0, 2, 1)):
                            b, m, k, n = (rng.randint(1, 4), rng.randint(1, 9),
                                          rng.randint(0, 12), rng.randint(1, 9))
                            # stored so that x.permute(p) is [b, m, k] / [b, k, n]
                            x1 = rand(rng, [(b, m, k)[i] for i in p1], dtype)
                            x2 = rand(rng, [(b, k, n)[i] for i in p2], dtype)
                            ref = (x1.double().permute(p1) @ x2.double().permute(p2)).permute(
                                1, 0, 2)
                            out = self.dev(torch.zeros(ref.shape, dtype=dtype))
                            self.run_op(op, self.dev(view_of(rng, x1)).handle,
                                        self.dev(view_of(rng, x2)).handle, 0, 0,
                                        self.int_array(p1), self.int_array(p2),
                                        self.int_array((1, 0, 2)), 1, 1, out.handle)
                            self.out_check(out.read(), ref, dtype,
                                           "%s %s p1=%s p2=%s b=%d m=%d k=%d n=%d" % (
                                               op, dtype, p1, p2, b, m, k, n))
            # bad input: an undocumented permutation, bias / scale, batchSplitFactor, shapes
            x1, x2 = self.dev(rand(rng, (2, 3, 4), F32)), self.dev(rand(rng, (2, 4, 5), F32))
            out = self.dev(torch.zeros((3, 2, 5), dtype=F32))
            good, py = self.int_array((0, 1, 2)), self.int_array((1, 0, 2))
            args = lambda a, b, c, bias=0, split=1, o=out: (  # noqa: E731
                x1.handle, x2.handle, bias, 0, a, b, c, 1, split, o.handle)
            self.run_op("TransposeBatchMatMul", *args(good, good, py))
            self.refused("TransposeBatchMatMul", 161001, *args(0, good, py))
            self.refused("TransposeBatchMatMul", 161002, *args(self.int_array((2, 1, 0)), good,
                                                               py))
            self.refused("TransposeBatchMatMul", 161002, *args(good, good, good))
            self.refused("TransposeBatchMatMul", 161002, *args(good, good, py, bias=x2.handle))
            self.refused("TransposeBatchMatMul", 161002, *args(good, good, py, split=2))
            self.refused("TransposeBatchMatMul", 161002,
                         *args(good, self.int_array((0, 2, 1)), py))
            self.refused("TransposeBatchMatMulWeightNz", 161002,
                         *args(good, good, py, o=self.dev(torch.zeros((2, 3, 5), dtype=F32))))
        finally:
            for arr in self.arrays:
                nn.destroy_int_array(arr)

    # ---- WeightQuantBatchMatmulV3 / Nz: V2's product ----------------------------------------

    def test_weight_quant_batch_matmul_v3_nz(self):
        rng = random.Random(SEED + 10)
        for op in ("WeightQuantBatchMatmulV3", "WeightQuantBatchMatmulNz"):
            for dtype in (F16, BF16):
                for per in ("tensor", "channel", "group"):
                    m, k, n = rng.randint(1, 12), 64, rng.randint(1, 9)
                    x = rand(rng, (m, k), dtype)
                    w = rand(rng, (k, n), I8)
                    g = 32 if per == "group" else 0
                    sshape = {"tensor": (1,), "channel": (n,), "group": (k // 32, n)}[per]
                    sc = rand(rng, sshape, dtype, 0.01, 0.1)
                    off = rand(rng, sshape, dtype, -2, 2)
                    bias = rand(rng, (n,), F32)
                    rows = sc.double().repeat_interleave(32, 0) if g else sc.double()
                    orows = off.double().repeat_interleave(32, 0) if g else off.double()
                    # the dequantised weight is rounded to x's type (QM1)
                    wd = ((w.double() + orows) * rows).to(dtype).double()
                    ref = x.double() @ wd + bias.double()
                    y = self.dev(torch.zeros((m, n), dtype=dtype))
                    extra = (rng.randint(0, 1),) if op.endswith("V3") else ()
                    self.run_op(op, self.dev(x).handle, self.dev(view_of(rng, w)).handle,
                                self.dev(sc).handle, self.dev(off).handle, 0, 0,
                                self.dev(bias).handle, g, *extra, y.handle)
                    check(self, y.read(), ref.to(dtype), "%s %s %s" % (op, dtype, per),
                          tol=(2e-2, 2e-2) if dtype == BF16 else (4e-3, 4e-3))
        x = self.dev(rand(rng, (2, 64), F16))
        w = self.dev(rand(rng, (64, 3), I8))
        sc = self.dev(rand(rng, (3,), F16))
        y = self.dev(torch.zeros((2, 3), dtype=F16))
        self.refused("WeightQuantBatchMatmulV3", 161002, x.handle, w.handle, sc.handle, 0, 0,
                     0, 0, 0, 2, y.handle)
        self.refused("WeightQuantBatchMatmulV3", 161001, x.handle, 0, sc.handle, 0, 0, 0, 0,
                     0, 0, y.handle)
        self.refused("WeightQuantBatchMatmulNz", 161002, x.handle, w.handle, sc.handle, 0, 0,
                     0, 0, 0, self.dev(torch.zeros((2, 3), dtype=F32)).handle)

    def test_weight_quant_batch_matmul_v3_int4_hp(self):
        """innerPrecise = 1 on A16W4 per-group calls (quant_matmul.c QM7, quant_int8x.c QX1-QX9:
        x rounded to int8 per row and group where the CPU has AVX512-VNNI): within x's rounding
        of the exact product, per group sum |w * scale| * sx / 2 (sx = max |x| / 127), plus the
        roundings of the dequantised weights and of y; innerPrecise = 0 within the roundings."""
        rng = random.Random(SEED + 11)
        handles = []
        try:
            for dtype in (F16, BF16):
                for m, k, n, g, with_off in ((1, 128, 40, 32, False), (8, 256, 70, 64, True),
                                             (16, 200, 33, 32, False)):
                    x = rand(rng, (m, k), dtype)
                    w = torch.tensor([rng.randint(-8, 7) for _ in range(k * n)],
                                     dtype=I64).reshape(k, n)
                    ng = (k + g - 1) // g
                    sc = rand(rng, (ng, n), dtype, -0.05, 0.05)
                    off = rand(rng, (ng, n), dtype, -2, 2) if with_off else None
                    # k-major (ggml's view): column j's k nibbles from byte j * k / 2
                    nib = (w.t().contiguous().reshape(-1) & 0xF).to(torch.uint8)
                    dw = self.dev(nib[0::2] | (nib[1::2] << 4))
                    hw, ret = nn.create_tensor([k, n], acl.ACL_INT4, [1, k], 0, acl.ACL_FORMAT_ND,
                                               [k * n], dw.ptr)
                    self.assertEqual(ret, 0)
                    handles.append(hw)
                    rows = sc.double().repeat_interleave(g, 0)[:k]
                    orows = off.double().repeat_interleave(g, 0)[:k] if with_off else 0
                    wd = (w.double() + orows) * rows
                    ref = x.double() @ wd
                    xa = x.double().abs()
                    bound = torch.zeros((m, n), dtype=F64)
                    for gi in range(ng):
                        r = slice(gi * g, min(k, (gi + 1) * g))
                        sx = xa[:, r].amax(1, keepdim=True) / 127
                        bound += sx * (w[r].double() * rows[r]).abs().sum(0, keepdim=True) / 2
                    eps = 2.0 ** -11 if dtype == F16 else 2.0 ** -8
                    slack = (xa @ wd.abs()) * (eps + 2.0 ** -20) + 2 * eps * ref.abs() + 1e-6
                    for ip in (0, 1):
                        y = self.dev(torch.zeros((m, n), dtype=dtype))
                        self.run_op("WeightQuantBatchMatmulV3", self.dev(x).handle, hw,
                                    self.dev(sc).handle, self.dev(off).handle if with_off else 0,
                                    0, 0, 0, g, ip, y.handle)
                        over = (y.read().double() - ref).abs() - (slack + (bound if ip else 0))
                        self.assertTrue(bool((over <= 0).all()),
                                        "V3 int4 %s innerPrecise=%d m%d k%d g%d: %g beyond the "
                                        "bound" % (dtype, ip, m, k, g, float(over.max())))
        finally:
            for h in handles:
                nn.destroy_tensor(h)

    # ---- Einsum: CANN's two equations -------------------------------------------------------

    def test_einsum(self):
        rng = random.Random(SEED + 11)
        for dtype in (F32, F16, I16, I32, I64):
            for eq, shapes in (("abcd,abced->abce", ((2, 3, 2, 4), (2, 3, 2, 5, 4))),
                               ("a,b->ab", ((7,), (5,)))):
                a, b = rand(rng, shapes[0], dtype), rand(rng, shapes[1], dtype)
                ref = torch.einsum(eq, a.double(), b.double())
                out = self.dev(torch.zeros(ref.shape, dtype=dtype))
                lst, ret = nn.create_tensor_list([nn.create_tensor(
                    list(t.shape), acl_dt, list(t.stride()), t.storage_offset(),
                    acl.ACL_FORMAT_ND, [max(t.storage().size(), 1)], d.ptr)[0]
                    for t, d, acl_dt in ((v, self.dev(v), DT[dtype]) for v in
                                         (view_of(rng, a), view_of(rng, b)))])
                self.assertEqual(ret, 0)
                try:
                    self.run_op("Einsum", lst, eq, out.handle)
                    self.refused("Einsum", 161002, lst, "abcd,abcde->abce", out.handle)
                finally:
                    nn.destroy_tensor_list(lst)
                self.out_check(out.read(), ref, dtype, "Einsum %s %s" % (eq, dtype))

    # ---- Addr (+V2), every declared type -----------------------------------------------------

    def test_addr(self):
        rng = random.Random(SEED + 6)
        for op in ("Addr", "AddrV2"):
            for dtype in (F32, F16, BF16, F64, I8, U8, I16, I32, I64, BOOL):
                for ss, n, m in (((4, 5), 4, 5), ((5,), 4, 5), ((1, 1), 3, 0), ((9, 1), 9, 2)):
                    if dtype == BOOL:
                        pairs = ((True, True), (False, True), (None, None))
                    elif dtype.is_floating_point:
                        pairs = ((1.0, 1.0), (0.5, -2.0), (0.0, 3.0), (None, None))
                    else:
                        pairs = ((1, 1), (2, -3), (0, 2), (None, None))
                    for beta, alpha in pairs:
                        self.one_addr(rng, op, dtype, ss, n, m, beta, alpha)

    def one_addr(self, rng, op, dtype, ss, n, m, beta, alpha):
        what = "%s %s %s %d %d beta=%r alpha=%r" % (op, dtype, ss, n, m, beta, alpha)
        s, v1, v2 = rand(rng, ss, dtype), rand(rng, (n,), dtype), rand(rng, (m,), dtype)
        kw = {}
        if beta is not None:
            kw = {"beta": beta, "alpha": alpha}
        wide = dtype if dtype in (BOOL,) or not dtype.is_floating_point else F64
        ref = torch.addr(s.to(wide), v1.to(wide), v2.to(wide), **kw)
        sdt = F64 if dtype == F64 else None
        out = self.dev(torch.zeros((n, m), dtype=dtype))
        self.run_op(op, self.dev(view_of(rng, s)).handle, self.dev(view_of(rng, v1)).handle,
                    self.dev(view_of(rng, v2)).handle, self.sc(beta, sdt), self.sc(alpha, sdt),
                    out.handle)
        self.out_check(out.read(), ref, dtype, what)
        if tuple(ss) == (n, m):
            sref = self.dev(s.clone())
            self.run_op("Inplace" + op, sref.handle, self.dev(v1).handle, self.dev(v2).handle,
                        self.sc(beta, sdt), self.sc(alpha, sdt))
            self.out_check(sref.read(), ref, dtype, "Inplace" + what)

    # ---- bad input ---------------------------------------------------------------------------

    # ---- FusedMatmul: the product with the fused operation (fused_matmul.c FM1-FM3) ----------

    def test_fused_matmul(self):
        rng = random.Random(SEED + 21)
        self.arrays = []
        gelu = {"gelu_tanh": lambda v: torch.nn.functional.gelu(v, approximate="tanh"),
                "gelu_erf": torch.nn.functional.gelu}
        cases = [("", (2, 1, 3, 5), (4, 5, 6)), ("relu", (3, 7), (7, 4)), ("add", (2, 3, 5), (5, 6)),
                 ("mul", (3, 5), (2, 5, 6)), ("add", (4, 9), (9, 3)), ("gelu_tanh", (5, 8), (8, 7)),
                 ("gelu_erf", (5, 8), (8, 7)), ("16cast32", (3, 4), (4, 5)), ("", (3, 0), (0, 4))]
        for op, s1, s2 in cases:
            for dtype in F3:
                if op == "16cast32" and dtype == F32:
                    continue
                cube = 3 if dtype == F32 and op in ("", "add", "mul", "relu") else 0
                x1, x2 = rand(rng, s1, dtype), rand(rng, s2, dtype)
                p = x1.double() @ x2.double()
                n = s2[-1]
                bias = rand(rng, (n,) if rng.random() < 0.5 else (1, n), dtype) \
                    if not op.startswith("gelu") else None
                x3 = None
                if op in ("add", "mul"):
                    x3 = rand(rng, p.shape[-2:] if rng.random() < 0.5 else
                              (1,) + tuple(p.shape[-2:]), dtype)
                v = p + (bias.double().reshape(-1) if bias is not None else 0)
                if op == "add":
                    v = v + x3.double()
                elif op == "mul":
                    v = v * x3.double()
                elif op == "relu":
                    v = torch.relu(v)
                elif op in gelu:
                    v = gelu[op](p)
                v = v.reshape(p.shape)  # a [1, m, n] x3 with a 2-d y
                ydt = F32 if op == "16cast32" else dtype
                y = self.dev(torch.zeros(tuple(v.shape), dtype=ydt))
                self.run_op("FusedMatmul", self.dev(view_of(rng, x1)).handle,
                            self.dev(view_of(rng, x2)).handle,
                            0 if bias is None else self.dev(bias).handle,
                            0 if x3 is None else self.dev(view_of(rng, x3)).handle, op, cube,
                            y.handle)
                self.out_check(y.read(), v, ydt, "FusedMatmul %r %s %s %s" % (op, dtype, s1, s2))
        # USE_FP16 (2) rounds FLOAT operands to float16 (gelu: a FLOAT x1 takes any mode)
        x1, x2 = rand(rng, (4, 6), F32), rand(rng, (6, 3), F32)
        ref = gelu["gelu_erf"](x1.half().double() @ x2.half().double())
        y = self.dev(torch.zeros((4, 3), dtype=F32))
        self.run_op("FusedMatmul", self.dev(x1).handle, self.dev(x2).handle, 0, 0, "gelu_erf", 2,
                    y.handle)
        self.out_check(y.read(), ref, F32, "FusedMatmul USE_FP16")
        # bad input
        a, b = self.dev(rand(rng, (2, 3), F16)), self.dev(rand(rng, (3, 4), F16))
        o = self.dev(torch.zeros((2, 4), dtype=F16))
        bias = self.dev(rand(rng, (4,), F16))
        self.refused("FusedMatmul", 161001, 0, b.handle, 0, 0, "", 0, o.handle)
        self.refused("FusedMatmul", 161001, a.handle, b.handle, 0, 0, "add", 0, o.handle)
        self.refused("FusedMatmul", 161001, a.handle, b.handle, bias.handle, 0, "gelu_tanh", 0,
                     o.handle)
        self.refused("FusedMatmul", 161002, a.handle, b.handle, 0, 0, "sigmoid", 0, o.handle)
        self.refused("FusedMatmul", 161002, a.handle, a.handle, 0, 0, "", 0, o.handle)
        self.refused("FusedMatmul", 161002, a.handle, b.handle, 0, 0, "16cast32", 0, o.handle)
        f1, f2 = self.dev(rand(rng, (2, 3), F32)), self.dev(rand(rng, (3, 4), F32))
        fo = self.dev(torch.zeros((2, 4), dtype=F32))
        self.refused("FusedMatmul", 161002, f1.handle, f2.handle, 0, 0, "relu", 0, fo.handle)
        a3 = self.dev(rand(rng, (2, 2, 3), F16))
        o3 = self.dev(torch.zeros((2, 2, 4), dtype=F16))
        self.refused("FusedMatmul", 161002, a3.handle, b.handle, 0, 0, "gelu_erf", 0, o3.handle)
        self.refused("FusedMatmul", 161002, a.handle, b.handle, 0,
                     self.dev(rand(rng, (3, 4), F16)).handle, "mul", 0, o.handle)

    def test_bad_input(self):
        rng = random.Random(SEED + 7)
        a, b, s = rand(rng, (3, 4), F32), rand(rng, (4, 5), F32), rand(rng, (3, 5), F32)
        da, db, ds = self.dev(a), self.dev(b), self.dev(s)
        out = self.dev(torch.zeros((3, 5), dtype=F32))
        one = self.sc(1.0)
        self.refused("Addmm", 161001, ds.handle, 0, db.handle, one, one, out.handle, 0)
        self.refused("Addmm", 161001, ds.handle, da.handle, db.handle, 0, one, out.handle, 0)
        self.refused("Addmm", 161002, ds.handle, db.handle, da.handle, one, one, out.handle, 0)
        self.refused("Addmm", 161002, ds.handle, da.handle, db.handle, one, one, out.handle, 7)
        bad = self.dev(torch.zeros((3, 4), dtype=F32))
        self.refused("Addmm", 161002, ds.handle, da.handle, db.handle, one, one, bad.handle, 0)
        ia = self.dev(torch.zeros((3, 4), dtype=I32))
        self.refused("Addmm", 161002, ds.handle, ia.handle, db.handle, one, one, out.handle, 0)
        self.refused("Baddbmm", 161002, ds.handle, da.handle, db.handle, one, one, out.handle, 0)
        v = self.dev(torch.zeros((4,), dtype=F32))
        self.refused("Dot", 161002, v.handle, self.dev(torch.zeros((5,), dtype=F32)).handle,
                     self.dev(torch.zeros((), dtype=F32)).handle)
        self.refused("Dot", 161001, v.handle, 0, out.handle)
        self.refused("Gemm", 161002, da.handle, db.handle, ds.handle, 1.0, 1.0, 1, 0,
                     out.handle, 0)
        self.refused("Addr", 161002, ds.handle, da.handle, v.handle, 0, 0, out.handle)
        self.refused("Addmv", 161002, v.handle, da.handle, v.handle, one, one,
                     self.dev(torch.zeros((3,), dtype=F32)).handle, 0)


if __name__ == "__main__":
    acltest.main()
