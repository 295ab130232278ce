# SPDX-License-Identifier: Apache-2.0
"""The elementwise tier against PyTorch (torch 1.13 on the CPU as the oracle).

Every operator of the list below, through acl.nn (both phases, on a stream), for
every data type it declares here, on seeded random inputs: broadcasting shapes,
non-contiguous views (strided slices and transposes made by aclCreateTensor with
strides and a storage offset), empty tensors and the special values inf, -inf,
NaN, -0.0 and denormals mixed into every floating input. In-place forms run on a
copy of self; bad input (a NULL tensor, a refused type, shapes that do not
broadcast) must give 161001 / 161002 with a message naming the operator.

References: torch's operator on the same inputs; for FLOAT16 / BFLOAT16 inputs
torch computes in FLOAT and rounds once (cpuacl computes them in FLOAT too).
Tolerances (relative and absolute): FLOAT16 2e-3 / 1e-3, BFLOAT16 1.6e-2 / 1e-2,
FLOAT 2e-5 / 1e-5, DOUBLE 1e-10 / 1e-12; integer and bool results exact; NaN
must meet NaN and an infinity the same infinity (the forward value of a
gradient is never NaN: torch's own kernels disagree on its branch). Skipped
(exit 77) when torch or numpy is missing. Bounded: about 4,000 operator runs,
a few seconds (asserted under a minute)."""
import ctypes
import math
import random
import time
import unittest

import os

torch = None
if os.environ.get("CPUACL_PY_HIDE_NUMPY") != "1":  # torch needs numpy: the numpy-less run skips
    try:  # before acl: torch 1.13 aborts in its own loader (free(): invalid pointer) when
        # libcpuacl is loaded first
        import torch
        import torch.nn.functional as TF
    except ImportError:
        torch = None

import acltest  # noqa: E402
from acltest import acl  # noqa: E402

setUpModule = acltest.setup_module
tearDownModule = acltest.teardown_module

nn = acl.nn
SEED = 29

if torch is not None:
    F16, BF16, F32, F64 = torch.float16, torch.bfloat16, torch.float32, torch.float64
    I8, U8, I16, I32, I64, BOOL = (torch.int8, torch.uint8, torch.int16, torch.int32,
                                   torch.int64, torch.bool)
    ACL_DT = {F32: acl.ACL_FLOAT, F16: acl.ACL_FLOAT16, BF16: acl.ACL_BF16, F64: acl.ACL_DOUBLE,
              I8: acl.ACL_INT8, U8: acl.ACL_UINT8, I16: acl.ACL_INT16, I32: acl.ACL_INT32,
              I64: acl.ACL_INT64, BOOL: acl.ACL_BOOL}
    FLOATS = [F32, F16, BF16, F64]
    INTS = [I8, U8, I16, I32, I64]
    NUM = FLOATS + INTS
    ALL = NUM + [BOOL]
    TOL = {F16: (2e-3, 1e-3), BF16: (1.6e-2, 1e-2), F32: (2e-5, 1e-5), F64: (1e-10, 1e-12)}
    TINY = {F16: 1e-6, BF16: 1e-39, F32: 1e-40, F64: 1e-310}
else:
    FLOATS = INTS = NUM = ALL = []
    F32 = F64 = I8 = U8 = I16 = I32 = I64 = BOOL = F16 = BF16 = None


# ---- device tensors from torch tensors ----------------------------------------------------

def _raw(t):
    """The bytes of a contiguous 1-D tensor."""
    if t.numel() == 0:
        return b""
    return t.contiguous().view(torch.uint8).numpy().tobytes()


class Dev:
    """A device copy of a torch tensor's whole storage and an aclTensor with its
    view (shape, strides, storage offset): a non-contiguous view stays one."""

    def __init__(self, t):
        base = torch.tensor([], dtype=t.dtype).set_(t.storage())
        data = _raw(base)
        self.nbytes = len(data)
        self.ptr, ret = acl.rt.malloc(max(self.nbytes, 1), 0)
        assert ret == 0, ret
        if self.nbytes:
            assert acl.rt.memcpy(self.ptr, self.nbytes, data, self.nbytes,
                                 acl.ACL_MEMCPY_HOST_TO_DEVICE) == 0
        self.shape, self.dtype = tuple(t.shape), t.dtype
        self.handle, ret = nn.create_tensor(list(t.shape), ACL_DT[t.dtype], list(t.stride()),
                                            t.storage_offset(), acl.ACL_FORMAT_ND,
                                            [max(base.numel(), 1)], self.ptr)
        assert ret == 0, "aclCreateTensor %r %r" % (t.shape, t.stride())

    @classmethod
    def empty(cls, shape, dtype):
        return cls(torch.zeros(shape, dtype=dtype))

    def read(self):
        """The contents (this aclTensor is contiguous when made by empty())."""
        n = 1
        for d in self.shape:
            n *= d
        if n == 0:
            return torch.zeros(self.shape, dtype=self.dtype)
        size = torch.tensor([], dtype=self.dtype).element_size() * n
        buf = ctypes.create_string_buffer(size)
        assert acl.rt.memcpy(ctypes.addressof(buf), size, self.ptr, size,
                             acl.ACL_MEMCPY_DEVICE_TO_HOST) == 0
        raw = torch.frombuffer(bytearray(buf.raw), dtype=torch.uint8)
        return raw.view(self.dtype).reshape(self.shape).clone()

    def free(self):
        nn.destroy_tensor(self.handle)
        acl.rt.free(self.ptr)


def scalar(v, dtype=None):
    """An aclScalar: FLOAT (DOUBLE for a DOUBLE operator) for a Python float,
    INT64 for an int, BOOL for a bool."""
    dt = acl.ACL_BOOL if isinstance(v, bool) else acl.ACL_INT64 if isinstance(v, int) \
        else acl.ACL_DOUBLE if dtype == F64 else acl.ACL_FLOAT
    h, ret = nn.create_scalar(v, dt)
    assert ret == 0
    return h


# ---- inputs --------------------------------------------------------------------------------

def gen(rng, shape, dtype, lo=-3.0, hi=3.0, special=True, nonzero=False):
    """A random tensor: uniform in [lo, hi] (integers within their range), with
    the special values mixed into floating ones."""
    n = 1
    for d in shape:
        n *= d
    if dtype == BOOL:
        return torch.tensor([rng.random() < 0.5 for _ in range(n)], dtype=BOOL).reshape(shape)
    if dtype in INTS:
        a, b = (0, 100) if dtype == U8 else (-50, 50)
        vals = [rng.randint(a, b) for _ in range(n)]
        if nonzero:
            vals = [v if v != 0 else 7 for v in vals]
        return torch.tensor(vals, dtype=I64).reshape(shape).to(dtype)
    vals = [rng.uniform(lo, hi) for _ in range(n)]
    if special and n >= 4:
        for v in (math.inf, -math.inf, math.nan, -0.0, TINY[dtype], 0.0):
            if rng.random() < 0.6:
                vals[rng.randrange(n)] = v
    return torch.tensor(vals, dtype=F64).reshape(shape).to(dtype)


def view_of(rng, t):
    """t itself, or the same values as a non-contiguous view (a strided slice of a
    wider tensor, or a transpose)."""
    k = rng.random()
    if k < 0.35 and t.dim() >= 1:
        wide = torch.zeros(t.shape[:-1] + (t.shape[-1] * 2 + 1,), dtype=t.dtype)
        v = wide[..., 1::2]
        v.copy_(t)
        return v
    if k < 0.6 and t.dim() >= 2:
        return t.transpose(-1, -2).contiguous().transpose(-1, -2)
    return t


SHAPES1 = [(17,), (3, 5), (2, 3, 4), (65,), (0, 3)]
SHAPES2 = [((3, 5), (3, 5)), ((4, 1, 3), (5, 1)), ((6,), (1,)), ((2, 1), (1, 7)), ((0, 3), (3,)),
           ((33,), (33,))]


# ---- comparison ----------------------------------------------------------------------------

def check(case, got, ref, what, inputs=(), tol=None):
    case.assertEqual(tuple(got.shape), tuple(ref.shape), what)
    if got.numel() == 0:
        return
    if not got.dtype.is_floating_point:
        bad = (got != ref).nonzero()
        if len(bad):
            i = tuple(bad[0].tolist())
            case.fail("%s: at %s got %s want %s" % (what, i, got[i].item(), ref[i].item()))
        return
    rt, at = tol or TOL[got.dtype]
    g, r = got.double(), ref.double()
    gn, rn = torch.isnan(g), torch.isnan(r)
    fin = torch.isfinite(r)
    ok = (gn & rn) | (~rn & ~fin & (g == r)) | \
        (fin & ~gn & ((g - r).abs() <= at + rt * r.abs()))
    if not bool(ok.all()):
        i = tuple((~ok).nonzero()[0].tolist())
        ins = [x.broadcast_to(got.shape)[i].item() for x in inputs if isinstance(x, torch.Tensor)]
        case.fail("%s: at %s got %r want %r (inputs %r)" % (what, i, g[i].item(), r[i].item(),
                                                            ins))


def ref_cast(fn, dtype, *xs):
    """fn on the inputs, its result in torch's result type: floating inputs
    computed in DOUBLE and rounded once (cpuacl computes FLOAT16 / BFLOAT16 in
    FLOAT; torch's own float32 kernels may overflow early: cosh(89)); an
    operator with a floating result of integer inputs computed in DOUBLE too."""
    if dtype in (F16, BF16):  # torch lacks some Half kernels on the CPU (acos...)
        want = fn(*[x.float() if isinstance(x, torch.Tensor) and x.dtype == dtype else x
                    for x in xs]).dtype
        want = dtype if want == F32 else want
    else:
        want = fn(*xs).dtype
    if dtype == F64:
        return fn(*xs)
    if dtype in FLOATS:
        hi = [x.double() if isinstance(x, torch.Tensor) and x.dtype == dtype else x for x in xs]
    elif want.is_floating_point and op_ints_as_float(fn):
        hi = [x.double() if isinstance(x, torch.Tensor) else x for x in xs]
    else:
        return fn(*xs)
    r = fn(*hi)
    return r.to(want) if r.dtype.is_floating_point else r


def op_ints_as_float(fn):
    """Integer inputs that the operator converts to float before computing."""
    return fn not in (torch.floor_divide, torch.remainder, torch.fmod) if torch else False


# ---- the operators -------------------------------------------------------------------------

def U(name, fn, types, lo=-3.0, hi=3.0, out=None):
    return dict(name=name, kind="u", fn=fn, types=types, lo=lo, hi=hi, out=out)


def Bn(name, kind, fn, types, lo=-3.0, hi=3.0, sval=1.5, nonzero=False):
    return dict(name=name, kind=kind, fn=fn, types=types, lo=lo, hi=hi, sval=sval,
                nonzero=nonzero)


def A(name, fn, types, params, lo=-4.0, hi=4.0):
    return dict(name=name, kind="a", fn=fn, types=types, params=params, lo=lo, hi=hi)


def G(name, fn, types, params=(), lo=-4.0, hi=4.0, tol64=None):
    return dict(name=name, kind="g", fn=fn, types=types, params=params, lo=lo, hi=hi,
                tol64=tol64)


SELU_A, SELU_S = 1.6732632423543772848, 1.0507009873554804930


def _swish_bw(g, x, beta):
    """d/dx x sigmoid(beta x) times g, in one product (autograd's sum of two
    products makes NaN of inf * a finite slope)."""
    s = torch.sigmoid(beta * x)
    return g * (s + beta * x * s * (1 - s))


def _ops():
    if torch is None:
        return []
    A_ = torch.ops.aten
    return [
        U("Acos", torch.acos, ALL, -1.1, 1.1), U("Asin", torch.asin, ALL, -1.1, 1.1),
        U("Atan", torch.atan, ALL), U("Tan", torch.tan, ALL, -1.4, 1.4),
        U("Sinh", torch.sinh, ALL), U("Cosh", torch.cosh, ALL), U("Asinh", torch.asinh, ALL),
        U("Acosh", torch.acosh, ALL, 0.5, 4.0), U("Atanh", torch.atanh, ALL, -1.1, 1.1),
        U("Erf", torch.erf, ALL), U("Erfc", torch.erfc, ALL), U("Expm1", torch.expm1, ALL),
        U("Log1p", torch.log1p, ALL, -1.2, 3.0), U("Reciprocal", torch.reciprocal, ALL),
        U("Sinc", torch.sinc, FLOATS), U("Floor", torch.floor, NUM),
        U("Ceil", torch.ceil, NUM), U("Trunc", torch.trunc, NUM),
        U("Round", torch.round, NUM, -6.0, 6.0), U("Frac", torch.frac, FLOATS),
        U("Square", torch.square, [F32, F16, BF16, F64, I8, I16, I32, I64]),
        U("Signbit", torch.signbit, [F32, F16, BF16, F64, I8, I16, I32, I64], out=BOOL),
        U("IsFinite", torch.isfinite, ALL, out=BOOL),
        U("IsPosInf", torch.isposinf, NUM, out=BOOL),
        U("IsNegInf", torch.isneginf, NUM, out=BOOL),
        U("IsInf", torch.isinf, ALL, out=BOOL),
        U("Lgamma", torch.lgamma, [F32, F16, F64], -4.0, 6.0),
        U("Digamma", torch.digamma, [F32, F16, F64], 0.2, 9.0),
        U("BitwiseNot", torch.bitwise_not, INTS + [BOOL]),
        U("Erfinv", torch.erfinv, ALL, -1.1, 1.1),
        U("Mish", TF.mish, [F32, F16, BF16]), U("Selu", torch.selu, [F32, F16, BF16]),
        U("Exp", torch.exp, FLOATS), U("Sigmoid", torch.sigmoid, FLOATS),
        Bn("EqTensor", "tt", torch.eq, ALL), Bn("NeTensor", "tt", torch.ne, ALL),
        Bn("GtTensor", "tt", torch.gt, NUM), Bn("GeTensor", "tt", torch.ge, NUM),
        Bn("LtTensor", "tt", torch.lt, NUM), Bn("LeTensor", "tt", torch.le, NUM),
        Bn("EqScalar", "ts", torch.eq, ALL), Bn("NeScalar", "ts", torch.ne, ALL),
        Bn("GtScalar", "ts", torch.gt, NUM), Bn("GeScalar", "ts", torch.ge, NUM),
        Bn("LtScalar", "ts", torch.lt, NUM), Bn("LeScalar", "ts", torch.le, NUM, sval=2),
        Bn("LogicalAnd", "tt", torch.logical_and, ALL),
        Bn("LogicalOr", "tt", torch.logical_or, ALL),
        Bn("LogicalXor", "tt", torch.logical_xor, ALL),
        Bn("BitwiseAndTensor", "tt", torch.bitwise_and, INTS + [BOOL]),
        Bn("BitwiseOrTensor", "tt", torch.bitwise_or, INTS + [BOOL]),
        Bn("BitwiseXorTensor", "tt", torch.bitwise_xor, INTS + [BOOL]),
        Bn("BitwiseAndScalar", "ts", torch.bitwise_and, INTS, sval=6),
        Bn("BitwiseOrScalar", "ts", torch.bitwise_or, INTS, sval=6),
        Bn("BitwiseXorScalar", "ts", torch.bitwise_xor, INTS, sval=6),
        Bn("LeftShift", "shift", torch.bitwise_left_shift, INTS),
        Bn("LeftShifts", "ts", torch.bitwise_left_shift, INTS, sval=3),
        Bn("RightShift", "shift", torch.bitwise_right_shift, INTS),
        Bn("Gcd", "tt", torch.gcd, INTS),
        Bn("FloorDivide", "tt", torch.floor_divide, NUM, nonzero=True),
        Bn("FloorDivides", "ts", torch.floor_divide, NUM, sval=3),
        Bn("RemainderTensorTensor", "tt", torch.remainder, NUM, nonzero=True),
        Bn("RemainderTensorScalar", "ts", torch.remainder, NUM, sval=-3),
        Bn("RemainderScalarTensor", "st", torch.remainder, NUM, sval=5, nonzero=True),
        Bn("FmodTensor", "tt", torch.fmod, NUM, nonzero=True),
        Bn("FmodScalar", "ts", torch.fmod, NUM, sval=3),
        Bn("Atan2", "tt", torch.atan2, ALL),
        Bn("XLogYTensor", "tt", torch.xlogy, ALL, lo=-1.0, hi=3.0),
        Bn("XLogYScalarOther", "ts", torch.xlogy, ALL, sval=2.5),
        Bn("XLogYScalarSelf", "st", torch.xlogy, ALL, sval=2.5, lo=0.1),
        Bn("LogAddExp", "tt", torch.logaddexp, FLOATS),
        Bn("LogAddExp2", "tt", torch.logaddexp2, FLOATS),
        Bn("ClampMinTensor", "tt", lambda a, b: torch.clamp(a, min=b), NUM),
        Bn("ClampMaxTensor", "tt", lambda a, b: torch.clamp(a, max=b), NUM),
        dict(name="ClampTensor", kind="clampt", types=NUM),
        dict(name="NanToNum", kind="n2n", types=ALL),
        Bn("Maximum", "tt", torch.maximum, ALL), Bn("Mul", "tt", torch.mul, ALL),
        dict(name="Addcmul", kind="addc", types=NUM), dict(name="Addcdiv", kind="addc", types=FLOATS),
        dict(name="Lerp", kind="lerp", types=FLOATS), dict(name="SWhere", kind="where", types=ALL),
        A("Hardtanh", lambda x, a, b: TF.hardtanh(x, a, b), FLOATS, (-1.5, 2.0)),
        A("Celu", lambda x, a: TF.celu(x, a), FLOATS, (0.7,)),
        A("Softshrink", lambda x, a: TF.softshrink(x, a), FLOATS, (0.5,)),
        A("Hardshrink", lambda x, a: TF.hardshrink(x, a), FLOATS, (0.5,)),
        A("Swish", lambda x, b: x * torch.sigmoid(b * x), FLOATS, (1.7,)),
        G("SigmoidBackward", A_.sigmoid_backward, FLOATS, lo=0.0, hi=1.0),
        G("TanhBackward", A_.tanh_backward, FLOATS, lo=-1.0, hi=1.0),
        G("SeluBackward", lambda g, r: A_.elu_backward(g, SELU_A, SELU_S, 1.0, True, r), FLOATS),
        G("SiluBackward", A_.silu_backward, FLOATS),
        G("GeluBackward", lambda g, x: A_.gelu_backward(g, x, approximate="tanh"), FLOATS),
        G("MishBackward", A_.mish_backward, FLOATS),
        G("HardswishBackward", A_.hardswish_backward, FLOATS),
        # torch's DOUBLE kernel multiplies by 1/6 rounded to FLOAT: 3e-8 apart
        G("HardsigmoidBackward", A_.hardsigmoid_backward, FLOATS, tol64=(1e-7, 1e-12)),
        G("ThresholdBackward", A_.threshold_backward, FLOATS, (0.25,)),
        G("HardtanhBackward", A_.hardtanh_backward, FLOATS, (-1.0, 1.5)),
        G("SoftshrinkBackward", A_.softshrink_backward, FLOATS, (0.5,)),
        G("SwishBackward", _swish_bw, FLOATS, (1.3,)),
        G("SoftplusBackward", A_.softplus_backward, FLOATS, (1.5, 4.0)),
    ]


# ---- the test ------------------------------------------------------------------------------

@unittest.skipIf(torch is None, "torch (or numpy) is not installed")
class EwTorch(acltest.StreamCase):
    runs = 0
    inplace_runs = 0

    def run_op(self, name, *args):
        ws, ex, ret = nn.get_workspace_size(name, *args)
        self.assertEqual(ret, 0, "aclnn%s: %d %s" % (name, ret, acl.get_recent_err_msg()))
        self.assertEqual(ws, 0)
        self.assertEqual(nn.launch(name, 0, 0, ex, self.stream), 0)
        self.assertEqual(acl.rt.synchronize_stream(self.stream), 0)
        EwTorch.runs += 1

    def refused(self, name, code, *args):
        _, _, ret = nn.get_workspace_size(name, *args)
        msg = acl.get_recent_err_msg()
        self.assertEqual(ret, code, "aclnn%s: %d (%s), want %d" % (name, ret, msg, code))
        self.assertIn("aclnn" + name, msg)

    def one(self, op, rng, dtype, shapes):
        """One case of op: inputs of dtype and shapes; returns (got, ref, in-place check)."""
        k, name = op["kind"], op["name"]
        lo, hi = op.get("lo", -3.0), op.get("hi", 3.0)
        devs = []

        def dev(t):
            d = Dev(t)
            devs.append(d)
            return d
        try:
            if k == "u":
                x = gen(rng, shapes[0], dtype, lo, hi)
                ref = ref_cast(op["fn"], dtype, x)
                xv = view_of(rng, x)
                out = dev(torch.zeros(ref.shape, dtype=ref.dtype))
                self.run_op(name, dev(xv), out)
                return out.read(), ref, (x, ref)
            if k in ("tt", "shift"):
                a = gen(rng, shapes[0], dtype, lo, hi)
                b = gen(rng, shapes[1], dtype, lo, hi, nonzero=op.get("nonzero"),
                        special=not op.get("nonzero"))
                if k == "shift":
                    b = torch.tensor([rng.randint(0, 7) for _ in range(b.numel())],
                                     dtype=dtype).reshape(b.shape)
                if op.get("nonzero") and dtype in FLOATS:
                    b = torch.where(b == 0, torch.ones_like(b), b)
                ref = ref_cast(op["fn"], dtype, a, b)
                out = dev(torch.zeros(ref.shape, dtype=ref.dtype))
                self.run_op(name, dev(view_of(rng, a)), dev(view_of(rng, b)), out)
                return out.read(), ref, (a, b, ref)
            if k in ("ts", "st"):
                a = gen(rng, shapes[0], dtype, lo, hi, nonzero=op.get("nonzero"),
                        special=not (k == "st" and op.get("nonzero")))
                if k == "st" and op.get("nonzero") and dtype in FLOATS:
                    a = torch.where(a == 0, torch.ones_like(a), a)
                s = op["sval"]
                if dtype == BOOL and isinstance(s, int):
                    s = bool(s)
                ref = ref_cast(op["fn"], dtype, *((a, s) if k == "ts" else (s, a)))
                out = dev(torch.zeros(ref.shape, dtype=ref.dtype))
                sh = scalar(s, dtype)
                try:
                    if k == "ts":
                        self.run_op(name, dev(view_of(rng, a)), sh, out)
                    else:
                        self.run_op(name, sh, dev(view_of(rng, a)), out)
                finally:
                    nn.destroy_scalar(sh)
                return out.read(), ref, (a, s, ref)
            if k in ("addc", "lerp", "where"):
                a = gen(rng, shapes[0], dtype, lo, hi)
                b = gen(rng, shapes[1], dtype, lo, hi)
                c = gen(rng, shapes[0][-1:] or (1,), dtype, 0.5, 2.0, special=False)
                if k == "addc":
                    v = 2 if dtype in INTS else 0.75
                    fn = torch.addcmul if name == "Addcmul" else torch.addcdiv
                    ref = ref_cast(lambda x, y, z: fn(x, y, z, value=v), dtype, a, b, c)
                    out = dev(torch.zeros(ref.shape, dtype=ref.dtype))
                    sh = scalar(v, dtype)
                    try:
                        self.run_op(name, dev(view_of(rng, a)), dev(b), dev(c), sh, out)
                    finally:
                        nn.destroy_scalar(sh)
                    return out.read(), ref, None
                if k == "lerp":
                    w = gen(rng, shapes[1], dtype, -0.5, 1.5, special=False)
                    ref = ref_cast(torch.lerp, dtype, a, b, w)
                    out = dev(torch.zeros(ref.shape, dtype=ref.dtype))
                    self.run_op(name, dev(view_of(rng, a)), dev(b), dev(w), out)
                    return out.read(), ref, None
                cond = gen(rng, shapes[1], BOOL)
                ref = torch.where(cond, a, c)
                out = dev(torch.zeros(ref.shape, dtype=ref.dtype))
                self.run_op(name, dev(cond), dev(view_of(rng, a)), dev(c), out)
                return out.read(), ref, None
            if k == "clampt":
                a = gen(rng, shapes[0], dtype)
                lo = gen(rng, shapes[1], dtype, -2.0, 0.5)
                hi = gen(rng, shapes[0][-1:] or (1,), dtype, -0.5, 2.0)
                ref = ref_cast(torch.clamp, dtype, a, lo, hi)
                out = dev(torch.zeros(ref.shape, dtype=ref.dtype))
                self.run_op(name, dev(view_of(rng, a)), dev(lo), dev(hi), out)
                return out.read(), ref, None
            if k == "n2n":
                x = gen(rng, shapes[0], dtype)
                vals = (0.5, 100.0, -100.0)
                ref = torch.nan_to_num(x, *vals) if dtype != BOOL else x
                out = dev(torch.zeros(ref.shape, dtype=ref.dtype))
                self.run_op(name, dev(view_of(rng, x)), *vals, out)
                return out.read(), ref, None
            if k == "a":
                x = gen(rng, shapes[0], dtype, lo, hi)
                ref = ref_cast(lambda t: op["fn"](t, *op["params"]), dtype, x)
                out = dev(torch.zeros(ref.shape, dtype=ref.dtype))
                hs = [scalar(p, dtype) for p in op["params"]]
                try:
                    self.run_op(name, dev(view_of(rng, x)), *hs, out)
                finally:
                    for h in hs:
                        nn.destroy_scalar(h)
                return out.read(), ref, None
            if k == "g":
                g = gen(rng, shapes[0], dtype, -2.0, 2.0)
                # no NaN in the forward value: torch's scalar and vector kernels send it
                # down different branches (SeluBackward, HardswishBackward...)
                y = torch.nan_to_num(gen(rng, shapes[0], dtype, lo, hi), nan=0.25,
                                     posinf=math.inf, neginf=-math.inf)
                ref = ref_cast(lambda a, b: op["fn"](a, b, *op["params"]), dtype, g, y)
                out = dev(torch.zeros(ref.shape, dtype=ref.dtype))
                hs = [scalar(p, dtype) for p in op["params"]]
                try:
                    self.run_op(name, dev(view_of(rng, g)), dev(view_of(rng, y)), *hs, out)
                finally:
                    for h in hs:
                        nn.destroy_scalar(h)
                return out.read(), ref, (g, y, ref)
            raise AssertionError(k)
        finally:
            for d in devs:
                d.free()

    def inplace(self, op, info, dtype):
        """Inplace<name> on a copy of self: the reference in self's type."""
        name, k = "Inplace" + op["name"], op["kind"]
        if name not in nn.OPS or info is None:
            return
        x, ref = info[0], info[-1]
        if not ref.dtype.is_floating_point and x.dtype.is_floating_point and k == "u":
            return  # a truth value into a float selfRef: covered by the out-of-place form
        if k in ("tt", "shift") and tuple(torch.broadcast_shapes(x.shape, info[1].shape)) \
                != tuple(x.shape):
            return  # the in-place form needs the broadcast shape in selfRef
        if ref.dtype != x.dtype and not (k in ("tt", "ts") and ref.dtype == BOOL):
            return  # a result selfRef cannot hold: refused (the bad-input cases)
        d = Dev(x.clone())
        try:
            if k == "u":
                self.run_op(name, d)
            elif k in ("tt", "shift"):
                b = Dev(info[1])
                try:
                    self.run_op(name, d, b)
                finally:
                    b.free()
            else:
                sh = scalar(info[1])
                try:
                    self.run_op(name, d, sh)
                finally:
                    nn.destroy_scalar(sh)
            check(self, d.read(), ref.to(x.dtype), "%s %s" % (name, dtype))
            EwTorch.inplace_runs += 1
        finally:
            d.free()

    def bad_input(self, op):
        """NULL first tensor: 161001; shapes that do not broadcast (binary) or an
        out of another shape: 161002 - each with the operator's name in the message."""
        name, k = op["name"], op["kind"]
        dt = op["types"][0]
        a, b = Dev(torch.zeros((3, 4), dtype=dt)), Dev(torch.zeros((5,), dtype=dt))
        o = Dev(torch.zeros((3, 5), dtype=BOOL if op.get("out") == BOOL else dt))
        try:
            if k == "u":
                self.refused(name, 161001, None, o)
                self.refused(name, 161002, a, o)
            elif k in ("tt", "shift"):
                self.refused(name, 161001, None, b, o)
                self.refused(name, 161002, a, b, o)
            elif k == "g":
                hs = [scalar(p) for p in op["params"]]
                self.refused(name, 161001, None, a, *hs, o)
                self.refused(name, 161002, a, b, *hs, o)
                for h in hs:
                    nn.destroy_scalar(h)
        finally:
            for d in (a, b, o):
                d.free()
        # a refused type: an integer for a floating-only operator, a float for a bitwise one
        wrong = None
        if all(t in FLOATS for t in op["types"]):
            wrong = I32
        elif all(t not in FLOATS for t in op["types"]):
            wrong = F32
        if wrong is not None and k in ("u", "tt", "g"):
            x = Dev(torch.zeros((4,), dtype=wrong))
            o = Dev(torch.zeros((4,), dtype=wrong))
            try:
                args = (x, o) if k == "u" else (x, x, o) if k == "tt" else \
                    (x, x) + tuple(scalar(p) for p in op["params"]) + (o,)
                # a floating-result unary (Acos...) takes integers: only float-only rows refuse
                self.refused(name, 161002, *args)
            finally:
                x.free()
                o.free()

    def test_against_torch(self):
        rng = random.Random(SEED)
        torch.manual_seed(SEED)
        t0 = time.monotonic()
        ops = _ops()
        for op in ops:
            for dtype in op["types"]:
                shapes_list = SHAPES1 if op["kind"] in ("u", "a", "g") else SHAPES2
                if op["kind"] in ("ts", "st", "u", "a", "g", "n2n"):
                    shapes_list = [(s,) for s in SHAPES1]
                for shapes in shapes_list:
                    what = "%s %s %s" % (op["name"], str(dtype)[6:], shapes)
                    with self.subTest(what):
                        got, ref, info = self.one(op, rng, dtype, shapes)
                        check(self, got, ref.to(got.dtype), what, info or (),
                              op.get("tol64") if dtype == F64 else None)
                        if shapes == shapes_list[0]:
                            self.inplace(op, info, dtype)
            with self.subTest(op["name"] + " bad input"):
                self.bad_input(op)
        took = time.monotonic() - t0
        print("\n%d operators, %d runs (%d in place) against torch %s in %.1f s"
              % (len(ops), EwTorch.runs, EwTorch.inplace_runs, torch.__version__, took))
        self.assertLess(took, 60.0)


if __name__ == "__main__":
    acltest.main()
