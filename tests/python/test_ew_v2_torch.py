# SPDX-License-Identifier: Apache-2.0
"""ops-math's experimental second forms (the expmath rows) against PyTorch.

The unary rows (AcosV2 ... InvertV2), the binary rows (AddV2 ... SqrtBackward,
AxpyV2/V3; the gradients against torch's autograd of the forward function in
DOUBLE), FusedMulAddN, SumV2, the one-axis reductions (ReduceSumV2 ...),
Trilu, CastV2/CastV3 and TensorMove, through acl.nn on a stream, for every
type their rows declare, on seeded random inputs with special values,
broadcasting shapes, non-contiguous views and empty tensors. Refused types
give 161002 with a message naming the operator. Skipped (exit 77) without
torch."""
import math
import random
import unittest

from torchcase import TorchCase, torch  # noqa: E402,F401 (first: torch before acl)

import acltest  # noqa: E402
from acltest import acl  # noqa: E402

if torch is not None:
    from test_ew_torch import Dev, check, view_of, gen, scalar, F16, BF16, F32, F64, I8, U8, \
        I16, I32, I64, BOOL  # noqa: E402

setUpModule = acltest.setup_module
tearDownModule = acltest.teardown_module

nn = acl.nn
SEED = 2930
F2 = [F32, F16] if torch is not None else []
F3 = [F32, F16, BF16] if torch is not None else []


def _ref(fn, dtype, *xs):
    """fn computed in DOUBLE on the inputs as stored, rounded once to dtype."""
    return fn(*[x.double() for x in xs]).to(dtype)


def _grad(fwd, x, g):
    """The gradient of fwd at x times g, by autograd in DOUBLE."""
    x = x.double().clone().requires_grad_(True)
    (gx,) = torch.autograd.grad(fwd(x), x, g.double())
    return gx


if torch is not None:
    UNARY = [  # name, types, torch function, input range
        ("AcosV2", F3, torch.acos, (-1, 1)), ("AsinhV2", F2, torch.asinh, (-3, 3)),
        ("AsinhWithAgent", F2, torch.asinh, (-3, 3)), ("CeilV2", F2, torch.ceil, (-3, 3)),
        ("CoshV2", F3, torch.cosh, (-3, 3)), ("Log1pV2", F2, torch.log1p, (-0.9, 3)),
        ("SinhV2", F2, torch.sinh, (-3, 3)), ("SquareV2", F2, torch.square, (-3, 3)),
        ("TanV2", F2, torch.tan, (-1.5, 1.5)), ("TanV3", F2, torch.tan, (-1.5, 1.5)),
        ("TruncV2", F2, torch.trunc, (-3, 3)), ("ErfInv", F2, torch.erfinv, (-0.99, 0.99)),
        ("Inv", F3, torch.reciprocal, (-3, 3)),
        ("AsinWithAgent", F3 + [I8, U8, I16, I32, I64, BOOL], torch.asin, (-1, 1)),
    ]
    BINARY = [  # name, types, reference(x, y)
        ("AddV2", [F32, F16, I32, I16], torch.add), ("SubV2", [F32, F16, BF16, I32, I16], torch.sub),
        ("MulV2", [F32, F16, I32, I16], torch.mul), ("DivV2", [F32, F16, BF16], torch.div),
        ("RealDiv", [F32, F16, BF16], torch.div),
        ("MaximumV2", [F32, F16, BF16, I32, I16, I8], torch.maximum),
        ("FloorDiv", [F32, F16, BF16, I32, I8, U8],
         lambda x, y: torch.floor_divide(x, y)),
        ("TruncateDiv", [F32, F16, BF16, I32], lambda x, y: torch.div(x, y, rounding_mode="trunc")),
        ("TruncateMod", [F32, F16, BF16, I32, I8, U8], torch.fmod),
        ("AssignSub", [F32, F16, I32], torch.sub),
        ("Pow", [F32, F16], torch.pow), ("Pow2", [F32, F16], torch.pow),
        ("MulNoNan", F3, lambda x, y: torch.where(y == 0, torch.zeros_like(x), x * y)),
    ]
    GRADS = [  # name, forward, (first, second) operands from (x, g, y = forward(x))
        ("AcosGrad", torch.acos, lambda x, g, y: (g, x), (-0.95, 0.95)),
        ("AcosGradV2", torch.acos, lambda x, g, y: (x, g), (-0.95, 0.95)),
        ("AsinGrad", torch.asin, lambda x, g, y: (x, g), (-0.95, 0.95)),
        ("AcoshGrad", torch.acosh, lambda x, g, y: (y, g), (1.1, 4)),
        ("AsinhGrad", torch.asinh, lambda x, g, y: (y, g), (-3, 3)),
        ("RsqrtGrad", torch.rsqrt, lambda x, g, y: (y, g), (0.2, 4)),
        ("SqrtBackward", torch.sqrt, lambda x, g, y: (y, g), (0.2, 4)),
    ]
    REDUCE = [("ReduceSumV2", torch.sum), ("ReduceMeanV2", torch.mean),
              ("ReduceMaxV2", lambda x, dim, keepdim: torch.amax(x, dim, keepdim)),
              ("ReduceMinV2", lambda x, dim, keepdim: torch.amin(x, dim, keepdim)),
              ("ReduceProdV2", lambda x, dim, keepdim: torch.prod(x, dim, keepdim))]
    TOLS = {F32: (2e-5, 1e-6), F16: (4e-3, 1e-4), BF16: (2e-2, 1e-3), F64: (1e-12, 1e-14)}


@unittest.skipIf(torch is None, "torch (or numpy) is not installed")
class EwV2Torch(acltest.StreamCase):
    def run_op(self, name, *args):
        ws, ex, ret = nn.get_workspace_size(name, *args)
        self.assertEqual(ret, 0, "aclnn%s: %d %s" % (name, ret, acl.get_recent_err_msg()))
        self.assertEqual(nn.launch(name, 0, 0, ex, self.stream), 0)
        self.assertEqual(acl.rt.synchronize_stream(self.stream), 0)

    def refused(self, name, *args):
        _, _, ret = nn.get_workspace_size(name, *args)
        self.assertEqual(ret, 161002, name)
        self.assertIn("aclnn" + name, acl.get_recent_err_msg())

    def call(self, name, ins, out_shape, out_dt, extra=(), mid=()):
        """aclnn<name>(ins..., mid..., out) with ins as device tensors; out's contents."""
        devs = [Dev(x) for x in ins]
        out = Dev.empty(out_shape, out_dt)
        try:
            self.run_op(name, *[d.handle for d in devs], *mid, out.handle, *extra)
            return out.read()
        finally:
            for d in devs + [out]:
                d.free()

    def test_unary(self):
        rng = random.Random(SEED)
        for name, types, fn, (lo, hi) in UNARY:
            for dt in types:
                for shape in [(17,), (3, 5), (0, 4), (2, 3, 4)]:
                    x = view_of(rng, gen(rng, shape, dt, lo, hi))
                    odt = dt if dt in F3 else F32
                    got = self.call(name, [x], shape, odt)
                    check(self, got, _ref(fn, odt, x), "%s %s %s" % (name, dt, shape),
                          (x,), TOLS[odt] if odt != F32 else None)
            bad = torch.zeros(3, dtype=F64)
            d, o = Dev(bad), Dev.empty((3,), F64)
            self.refused(name, d.handle, o.handle)
            d.free(), o.free()
        # InvertV2: int16 only
        x = gen(rng, (4, 5), I16)
        check(self, self.call("InvertV2", [x], (4, 5), I16), torch.bitwise_not(x), "InvertV2")

    def test_binary(self):
        rng = random.Random(SEED + 1)
        for name, types, fn in BINARY:
            for dt in types:
                for sa, sb in [((3, 5), (3, 5)), ((4, 1, 3), (5, 1)), ((0, 3), (3,))]:
                    nz = name in ("FloorDiv", "TruncateDiv", "TruncateMod") and dt not in F3
                    a = view_of(rng, gen(rng, sa, dt, -4, 4, special=dt in F3))
                    b = view_of(rng, gen(rng, sb, dt, 0.5, 3, nonzero=nz) if name.startswith(
                        "Pow") else gen(rng, sb, dt, -4, 4, nonzero=nz))
                    shape = torch.broadcast_shapes(a.shape, b.shape)
                    odt = dt if not (name in ("DivV2", "RealDiv") and dt not in F3) else F32
                    got = self.call(name, [a, b], shape, odt)
                    ref = fn(a, b) if dt not in F3 else _ref(fn, dt, a, b)
                    check(self, got, ref, "%s %s %s %s" % (name, dt, sa, sb), (a, b),
                          TOLS[dt] if dt in (F16, BF16) else None)
        # DivV3: the three modes, and a mode out of range
        a, b = gen(rng, (6, 4), F32, -5, 5), gen(rng, (4,), F32, 0.5, 3)
        for mode, rm in [(0, None), (1, "trunc"), (2, "floor")]:
            devs, out = [Dev(a), Dev(b)], Dev.empty((6, 4), F32)
            self.run_op("DivV3", devs[0].handle, devs[1].handle, mode, out.handle)
            check(self, out.read(), torch.div(a, b, rounding_mode=rm), "DivV3 %d" % mode)
            self.refused("DivV3", devs[0].handle, devs[1].handle, 7, out.handle)
            for d in devs + [out]:
                d.free()
        # AxpyV2 (aclScalar alpha) and AxpyV3 (float alpha)
        for dt in F2:
            a, b = gen(rng, (3, 4), dt), gen(rng, (4,), dt)
            devs, out = [Dev(a), Dev(b)], Dev.empty((3, 4), dt)
            al = scalar(1.5)
            self.run_op("AxpyV2", devs[0].handle, devs[1].handle, al, out.handle)
            check(self, out.read(), _ref(lambda x, y: x + 1.5 * y, dt, a, b), "AxpyV2 %s" % dt,
                  (a, b), TOLS[dt])
            nn.destroy_scalar(al)
            self.run_op("AxpyV3", devs[0].handle, devs[1].handle, -0.25, out.handle)
            check(self, out.read(), _ref(lambda x, y: x - 0.25 * y, dt, a, b), "AxpyV3 %s" % dt,
                  (a, b), TOLS[dt])
            for d in devs + [out]:
                d.free()

    def test_gradients(self):
        rng = random.Random(SEED + 2)
        for name, fwd, operands, (lo, hi) in GRADS:
            for dt in F3:
                x = gen(rng, (5, 6), dt, lo, hi, special=False)
                g = view_of(rng, gen(rng, (5, 6), dt, special=False))
                y = fwd(x.double()).to(dt)
                p, q = operands(x, g, y)
                got = self.call(name, [p, q], (5, 6), dt)
                ref = _grad(fwd, x, g).to(dt)
                check(self, got, ref, "%s %s" % (name, dt), (x, g),
                      (TOLS[dt][0] * 8, TOLS[dt][1] * 8) if dt != F32 else (1e-4, 1e-5))

    def test_other_rows(self):
        rng = random.Random(SEED + 3)
        for dt in [F32, F16, BF16, I32, I16]:  # FusedMulAddN
            a, b, c = gen(rng, (4, 5), dt, special=False), gen(rng, (5,), dt, special=False), \
                gen(rng, (1,), dt, special=False)
            got = self.call("FusedMulAddN", [a, b, c], (4, 5), dt)
            ref = a * c + b if dt not in F3 else _ref(lambda x, y, z: x * z + y, dt, a, b, c)
            check(self, got, ref, "FusedMulAddN %s" % dt, (a, b), TOLS.get(dt))
        for dt in [F32, F16, I32, I8, U8]:  # SumV2
            ts = [gen(rng, (3, 4), dt, special=False) for _ in range(3)]
            devs, out = [Dev(t) for t in ts], Dev.empty((3, 4), dt)
            lst, ret = nn.create_tensor_list([d.handle for d in devs])
            self.assertEqual(ret, 0)
            self.run_op("SumV2", lst, out.handle)
            want = ts[0] + ts[1] + ts[2] if dt not in F3 else _ref(
                lambda x, y, z: x + y + z, dt, *ts)
            check(self, out.read(), want, "SumV2 %s" % dt, (), TOLS.get(dt))
            nn.destroy_tensor_list(lst)  # it owns the tensors: free their memory only
            for d in devs:
                acl.rt.free(d.ptr)
            out.free()
        for name, fn in REDUCE:  # one-axis reductions
            for dt in F2:
                for axis, keep in [(0, 1), (-1, 0), (1, 1)]:
                    x = view_of(rng, gen(rng, (3, 4, 5), dt, 0.5, 1.5, special=False))
                    ref = fn(x.double(), axis, bool(keep)).to(dt)
                    got = self.call(name, [x], tuple(ref.shape), dt, mid=(axis, keep))
                    check(self, got, ref, "%s %s %d %d" % (name, dt, axis, keep), (),
                          (TOLS[dt][0] * 4, TOLS[dt][1] * 4))
        for dt in [F32, F16, I32, I64, I8, I16, U8]:  # Trilu
            x = view_of(rng, gen(rng, (2, 4, 5), dt, special=False))
            for diag, upper in [(0, 1), (1, 0), (-1, 1)]:
                got = self.call("Trilu", [x], (2, 4, 5), dt, mid=(diag, upper))
                want = torch.triu(x, diag) if upper else torch.tril(x, diag)
                check(self, got, want, "Trilu %s %d %d" % (dt, diag, upper))
        for src, dst in [(I16, F32), (F32, F16), (F16, I32), (BF16, F32), (I64, I32)]:
            x = view_of(rng, gen(rng, (3, 7), src, special=False))
            check(self, self.call("CastV2", [x], (3, 7), dst), x.to(dst), "CastV2 %s" % dst)
        ge = {F32: 0, F16: 1, I8: 2, I32: 3, U8: 4, I16: 6, I64: 9, BOOL: 12, BF16: 27}
        for src, dst in [(F32, F16), (I32, F32), (BOOL, I8), (F16, BOOL)]:
            x = gen(rng, (4, 3), src, special=False)
            got = self.call("CastV3", [x], (4, 3), dst, mid=(ge[dst],))
            check(self, got, x.to(dst), "CastV3 %s" % dst)
        x = view_of(rng, gen(rng, (6, 5), F64))
        check(self, self.call("TensorMove", [x], (6, 5), F64), x, "TensorMove")


if __name__ == "__main__":
    acltest.main()
