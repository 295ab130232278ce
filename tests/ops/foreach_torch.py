#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""The foreach family (ops/foreach/) against PyTorch: every row of
ops/foreach/table.h, for every type its row declares, through acl.nn with
tensor lists of random length, random shapes (0-d, empty, up to 4 dims),
non-contiguous views, special values (inf, -inf, NaN, -0.0, denormals) and
each scalar form (aclTensor, aclScalar, aclScalarList).

The reference computes each entry in float64 (integers in int64) with torch
and rounds once to the entry's type; integers wrap, a float result stored to
an integer type truncates and saturates (FE2). Tolerances, |got - ref| <=
rtol * (|ref| + scale) with scale the largest finite |operand| of the entry
(the cancellation an addition allows): FLOAT 2e-6 (transcendental 1e-5),
FLOAT16 2e-3, BFLOAT16 1.6e-2; integers and BOOL exact; NaN where the
reference has NaN and nowhere else.

Seeded (FOREACH_TORCH_SEED, default 29) and bounded in time (FOREACH_TORCH_SECONDS,
default 30: the cases of each operator and type run round-robin until the
budget is spent, every one at least once). Exit 77 (ctest's skip) without torch.
"""
import os
import random
import sys
import time

try:
    import torch
except ImportError:
    print("foreach_torch: torch is not installed, skipped")
    sys.exit(77)

import acl
import acl.nn as nn

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import check_table  # noqa: E402  (the table reader of the ctest ops_table)

ROOT = os.path.join(HERE, "..", "..")
TORCH = {"FLOAT": torch.float32, "FLOAT16": torch.float16, "BFLOAT16": torch.bfloat16,
         "DOUBLE": torch.float64, "INT8": torch.int8, "UINT8": torch.uint8, "INT16": torch.int16,
         "INT32": torch.int32, "INT64": torch.int64, "BOOL": torch.bool}
ACLT = {"FLOAT": acl.ACL_FLOAT, "FLOAT16": acl.ACL_FLOAT16, "BFLOAT16": acl.ACL_BF16,
        "DOUBLE": acl.ACL_DOUBLE, "INT8": acl.ACL_INT8, "UINT8": acl.ACL_UINT8,
        "INT16": acl.ACL_INT16, "INT32": acl.ACL_INT32, "INT64": acl.ACL_INT64,
        "BOOL": acl.ACL_BOOL}
RTOL = {"FLOAT": 2e-6, "FLOAT16": 2e-3, "BFLOAT16": 1.6e-2, "DOUBLE": 1e-12}
TRANSC = {"acos", "asin", "atan", "cos", "cosh", "erf", "erfc", "exp", "expm1", "log", "log10",
          "log1p", "log2", "sigmoid", "sin", "sinh", "tan", "tanh", "pow", "norm", "sqrt",
          "reciprocal"}
FLOATS = ("FLOAT", "FLOAT16", "BFLOAT16", "DOUBLE")

UNARY = {
    "Abs": torch.abs, "Acos": torch.acos, "ACosInplace": torch.acos, "Asin": torch.asin,
    "Atan": torch.atan, "Copy": lambda x: x.clone(), "Cos": torch.cos, "Cosh": torch.cosh,
    "Erf": torch.erf, "Erfc": torch.erfc, "Exp": torch.exp, "Expm1": torch.expm1,
    "Log": torch.log, "LogInplace": torch.log, "Log10": torch.log10, "Log1p": torch.log1p,
    "Log2": torch.log2, "Neg": torch.neg, "Reciprocal": torch.reciprocal,
    "Sigmoid": torch.sigmoid, "Sign": torch.sign, "Sin": torch.sin, "Sinh": torch.sinh,
    "Sqrt": torch.sqrt, "Tan": torch.tan, "Tanh": torch.tanh,
    "ZeroInplace": torch.zeros_like,
}


def round_off(x, mode):
    """ForeachRoundOffNumber's modes (FE7): 1 half to even ... 6 to odd, 7 the fraction, any
    other x itself."""
    f = torch.floor(x)
    if mode == 1:
        return torch.round(x)
    if mode == 2:
        return f
    if mode == 3:
        return torch.ceil(x)
    if mode == 4:
        return torch.where(x < 0, -torch.floor(-x + 0.5), torch.floor(x + 0.5))
    if mode == 5:
        return torch.trunc(x)
    if mode == 7:
        return x - torch.trunc(x)
    if mode != 6:
        return x.clone()
    return torch.where(x == f, x, torch.where(torch.fmod(f, 2) != 0, f, f + 1))


def maxi(a, b):
    return torch.where(torch.isnan(a) | (a > b), a, b) if a.is_floating_point() else \
        torch.maximum(a, b)


def mini(a, b):
    return torch.where(torch.isnan(a) | (a < b), a, b) if a.is_floating_point() else \
        torch.minimum(a, b)


def powi(a, b):
    return torch.pow(a, b)


BINARY = {"Add": lambda a, b, s: a + s * b, "Sub": lambda a, b, s: a - s * b,
          "Mul": lambda a, b, s: a * b, "Div": lambda a, b, s: a / b,
          "Maximum": lambda a, b, s: maxi(a, b), "Minimum": lambda a, b, s: mini(a, b),
          "Pow": lambda a, b, s: powi(a, b)}


def rows():
    text = open(os.path.join(ROOT, "ops/foreach/table.h")).read()
    engine = open(os.path.join(ROOT, "ops/engine/engine.h")).read()
    defs = check_table.mask_defines(engine, text)
    out = []
    for macro in ("FE_LIST_OPS", "FE_BINARY_OPS", "FE_TERNARY_OPS"):
        for r in check_table.list_rows(text, macro):
            names = lambda m: [n for i, n in enumerate(check_table.DT_NAMES) if m & (1 << i)]
            out.append(dict(name=r[0], dt=names(check_table.eval_mask(r[4], defs)),
                            arg2=r[5], dt2=names(check_table.eval_mask(r[6], defs))
                            if r[6] != "0" else [], sig=r[7], kern=r[8]))
    return out


class Ctx:
    def __init__(self, rng):
        self.rng = rng
        self.keep = []

    def rand_shape(self):
        nd = self.rng.choice([0, 1, 1, 2, 2, 3, 4])
        return [self.rng.choice([0, 1, 2, 3, 5, 7]) if self.rng.random() < 0.1 else
                self.rng.randint(1, 9) for _ in range(nd)]

    def values(self, shape, dt, kind):
        """Random torch values of type dt (kind: the formula's domain)."""
        g = torch.Generator().manual_seed(self.rng.randrange(1 << 30))
        if dt in FLOATS:
            lo, hi = {"pos": (0.05, 4.0), "unit": (-0.99, 0.99), "pow": (0.1, 3.0),
                      "small": (-3.0, 3.0)}.get(kind, (-5.0, 5.0))
            x = torch.rand(shape, generator=g, dtype=torch.float64) * (hi - lo) + lo
            if x.numel() and self.rng.random() < 0.4:  # special values
                flat = x.view(-1)
                for v in (float("inf"), float("-inf"), float("nan"), -0.0, 1e-310, 0.0):
                    if self.rng.random() < 0.3:
                        flat[self.rng.randrange(flat.numel())] = v
            return x.to(TORCH[dt])
        if dt == "BOOL":
            return torch.randint(0, 2, shape, generator=g).to(torch.bool)
        lo, hi = {"INT8": (-128, 127), "UINT8": (0, 255), "INT16": (-3000, 3000),
                  "INT32": (-100000, 100000), "INT64": (-10 ** 6, 10 ** 6)}[dt]
        if kind in ("pow", "small", "exp"):
            lo, hi = (0, 3) if kind == "pow" else (max(lo, -3), 4)
        return torch.randint(lo, hi + 1, shape, generator=g).to(TORCH[dt])

    def device(self, t, dt, noncontig):
        """An acl.nn Tensor, or (noncontig) a TensorView of t's shape whose first two dims are
        swapped in memory and whose last dim steps by 2, holding torch tensor t."""
        shape = list(t.shape)
        if not (noncontig and len(shape) >= 1 and t.numel() > 1):
            return self.upload(t, dt)
        swap = len(shape) >= 2
        perm = t.transpose(0, 1) if swap else t
        sshape = list(perm.shape)
        sshape[-1] *= 2
        big = torch.zeros(sshape, dtype=t.dtype)
        big[..., ::2] = perm
        st, acc = [0] * len(sshape), 1
        for d in range(len(sshape) - 1, -1, -1):
            st[d] = acc
            acc *= sshape[d]
        st[-1] = 2
        if swap:
            st[0], st[1] = st[1], st[0]
        v = self.upload(big, dt).view(shape, st)
        self.keep.append(v)
        return v

    def upload(self, t, dt):
        raw = (t.view(torch.int16) if dt == "BFLOAT16" else t).contiguous().numpy().tobytes()
        d = nn.Tensor.from_bytes(raw, list(t.shape), ACLT[dt])
        self.keep.append(d)
        return d

    def close(self):
        for k in reversed(self.keep):
            k.destroy()
        self.keep = []


def download(d, dt):
    """The contents of a Tensor or TensorView as a torch tensor of its logical shape."""
    base = d.base if isinstance(d, nn.TensorView) else d
    raw = base.to_bytes()
    tt = TORCH[dt]
    if not raw:
        flat = torch.zeros(0, dtype=tt)
    elif dt == "BFLOAT16":
        flat = torch.frombuffer(bytearray(raw), dtype=torch.int16).view(torch.bfloat16)
    else:
        flat = torch.frombuffer(bytearray(raw), dtype=tt)
    if isinstance(d, nn.TensorView):
        return torch.as_strided(flat, d.shape, d.strides, d.offset)
    return flat.reshape(d.shape)


def to_type(ref, dt):
    """Round a float64 / int64 reference once to dt (FE2)."""
    if dt in FLOATS:
        return ref.to(torch.float64).to(TORCH[dt])
    if ref.is_floating_point():  # float -> integer: truncate, saturate, NaN 0
        info = torch.iinfo(TORCH[dt])
        r = torch.nan_to_num(ref, nan=0.0).clamp(info.min, info.max).trunc()
        return r.to(torch.int64).to(TORCH[dt])
    return ref.to(torch.int64).to(TORCH[dt])


def check(got, ref, dt, what, transc, scale):
    if dt not in FLOATS:
        if not torch.equal(got, ref):
            bad = (got != ref).nonzero()[:3].tolist()
            raise AssertionError("%s: %s differs at %s: %s vs %s" % (
                what, dt, bad, [got[tuple(b)].item() for b in bad],
                [ref[tuple(b)].item() for b in bad]))
        return
    g, r = got.to(torch.float64), ref.to(torch.float64)
    rn, gn = torch.isnan(r), torch.isnan(g)
    if not torch.equal(rn, gn):
        raise AssertionError("%s: %s NaN where the reference %s" % (what, dt, "has none"))
    rtol = RTOL[dt] * (5 if transc and dt == "FLOAT" else 1)
    inf = torch.isinf(r)
    if not torch.equal(g[inf], r[inf]):
        raise AssertionError("%s: %s infinities differ" % (what, dt))
    ok = ~rn & ~inf
    if torch.is_tensor(scale):
        scale = torch.broadcast_to(scale, r.shape)[ok]
    err = (g[ok] - r[ok]).abs()
    lim = rtol * (r[ok].abs() + scale) + 1e-300
    if ok.any() and not bool((err <= lim).all()):
        i = int(((err - lim)).argmax())
        raise AssertionError("%s: %s got %r, reference %r (tolerance %g)" % (
            what, dt, g[ok][i].item(), r[ok][i].item(), lim[i].item()))


def scale_of(kid, sig, xs, s):
    """The magnitude of the terms an entry's result sums, elementwise (0: none)."""
    if sig in ("U", "UI", "NORM", "UNSCALE", "SL") or kid in ("mul", "div", "pow", "max", "min"):
        return 0.0
    fin = [torch.nan_to_num(x, nan=0.0, posinf=0.0, neginf=0.0).abs() for x in xs]
    s = abs(s) if s is not None else 1.0
    if kid == "addcmul":
        return fin[0] + s * fin[1] * fin[2]
    if kid == "addcdiv":
        return fin[0] + s * torch.nan_to_num(fin[1] / fin[2], nan=0.0, posinf=0.0)
    if kid in ("lerp", "lerpt"):
        return fin[0] + fin[1]
    return sum(fin[1:], fin[0]) * max(1.0, s)


def run_case(ctx, row, dt, stream):
    rng = ctx.rng
    name = row["name"][len("Foreach"):]
    sig, kern = row["sig"], row["kern"]
    n = rng.randint(1, 4)
    shapes = [ctx.rand_shape() for _ in range(n)]
    kid = kern[kern.index("(") + 1:-1]
    domain = {"acos": "unit", "asin": "unit", "log": "pos", "log2": "pos", "log10": "pos",
              "log1p": "pos", "sqrt": "pos", "pow": "pow", "exp": "exp", "expm1": "exp",
              "cosh": "small", "sinh": "small", "tan": "unit"}.get(kid, "any")
    if dt not in FLOATS and kid in ("exp", "expm1"):
        domain = "exp"
    nl = {"U": 1, "UI": 1, "LL": 2, "LLI": 2, "LLA": 2, "LLAI": 2, "LLS": 2, "LT": 1, "LTI": 1,
          "LS": 1, "LSL": 1, "SL": 1, "L3T": 3, "L3S": 3, "LLL": 3, "LLW": 2, "NORM": 1,
          "UNSCALE": 1}[sig]
    lists = []
    for k in range(nl):
        dom = domain
        if kid in ("pow", "lerpt") and k > 0:
            dom = "pow" if kid == "pow" else "unit"
        if kid == "div" and k > 0 or kid == "addcdiv" and k == 2:
            dom = "pos"
        lists.append([ctx.values(s, dt, dom) for s in shapes])
    intc = dt not in FLOATS
    # the scalar(s)
    sdt = rng.choice(row["dt2"]) if row["dt2"] else None
    def scalar_value(sd):
        if kid == "roundoff":  # a rounding mode (FE7)
            return float(rng.randint(0, 8))
        if intc or sd not in FLOATS:
            v = float(rng.randint(0, 3) if kid == "pow" else rng.randint(-4, 4))
        else:
            v = round(rng.uniform(0.1, 3.0) if kid == "pow" else rng.uniform(-3, 3), 3)
        if sd in ("FLOAT16", "BFLOAT16", "FLOAT"):
            v = float(torch.tensor(v, dtype=TORCH[sd]).item())
        return v
    svals = None
    per = row["arg2"] == "scalars" and sig == "L3T"
    if sig in ("LLA", "LLAI", "LT", "LTI", "L3T"):
        svals = [scalar_value(sdt) for _ in range(n if per else 1)]
        st = ctx.upload(torch.tensor(svals, dtype=torch.float64).to(TORCH[sdt])
                        .reshape([n] if per else []), sdt)
        if not per:
            svals = svals * n
        sarg = st
    elif sig in ("LLS", "LS", "SL", "L3S", "LLW"):
        v = scalar_value(sdt)
        sarg, ret = nn.create_scalar(v, ACLT[sdt])
        assert ret == 0
        svals = [v] * n
    elif sig == "LSL":
        svals = [scalar_value(sdt) for _ in range(n)]
        made = [nn.create_scalar(v, ACLT[sdt])[0] for v in svals]
        sarg = made  # a list of handles: run() makes the aclScalarList
    elif sig == "NORM":
        p = rng.choice([1.0, 2.0, 3.0, float("inf"), float("-inf"), 0.0])
        if sdt == "INT64" and abs(p) == float("inf"):
            p = 2.0
        sarg, ret = nn.create_scalar(p, ACLT[sdt])
        assert ret == 0
    if sig == "LSL":
        scalar_list, ret = nn.create_scalar_list(sarg)
        assert ret == 0
        sarg = scalar_list
    # device operands (non-contiguous now and then)
    dev = [[ctx.device(t, dt, rng.random() < 0.3) for t in lst] for lst in lists]
    inplace = sig in ("UI", "LLI", "LLAI", "LTI", "UNSCALE")
    outs = None
    if not inplace:
        oshape = (lambda s: [1]) if sig == "NORM" else (lambda s: s)
        outs = [ctx.device(torch.zeros(oshape(s), dtype=TORCH[dt]), dt, False) for s in shapes]
    if sig == "UNSCALE":
        found = ctx.upload(torch.zeros([1], dtype=torch.float32), "FLOAT")
        inv = scalar_value("FLOAT")
        invt = ctx.upload(torch.tensor([inv], dtype=torch.float32), "FLOAT")
        args = [dev[0], found, invt]
    elif sig == "SL":
        args = [sarg, dev[0], outs]
    else:
        args = list(dev) + ([sarg] if svals is not None or sig == "NORM" else []) + \
            ([outs] if outs is not None else [])
    ret = nn.run(row["name"], *args, stream=stream)
    if sig in ("LLS", "LS", "SL", "L3S", "LLW", "NORM"):
        nn.destroy_scalar(sarg)
    if sig == "LSL":
        nn.destroy_scalar_list(sarg)
    what = "%s %s n=%d shapes=%s" % (row["name"], dt, n, shapes)
    if ret != 0:
        raise AssertionError("%s: returned %d: %s" % (what, ret, acl.get_recent_err_msg()))
    assert acl.rt.synchronize_stream(stream) == 0, what
    results = dev[0] if inplace else outs
    # the reference
    hi = (lambda t: t.to(torch.int64)) if intc else (lambda t: t.to(torch.float64))
    transc = kid in TRANSC
    any_bad = False
    for i in range(n):
        xs = [hi(lst[i]) for lst in lists]
        s = svals[i] if svals is not None else None
        if sig == "UNSCALE":
            f = lists[0][i].to(torch.float64)
            any_bad |= bool((~torch.isfinite(f)).any())
            ref = f * inv
        elif sig in ("U", "UI"):
            x = lists[0][i].to(torch.float64) if (kid in TRANSC or kid == "zero") else xs[0]
            ref = UNARY[name](x)
            if kid == "sign" and x.is_floating_point():  # the elementwise Sign keeps NaN
                ref = torch.where(torch.isnan(x), x, ref)
        elif sig == "NORM":
            x = lists[0][i].to(torch.float64)
            if x.numel() == 0:
                ref = torch.zeros([1], dtype=torch.float64)
            else:
                ref = torch.linalg.vector_norm(x.reshape(-1), ord=p).reshape([1])
        elif kid in ("addcdiv",):
            ref = xs[0] + s * (xs[1] / xs[2])
        elif kid == "addcmul":
            ref = xs[0] + int(s) * xs[1] * xs[2] if intc else xs[0] + s * xs[1] * xs[2]
        elif kid == "lerp":
            ref = xs[0] + s * (xs[1] - xs[0])
        elif kid == "lerpt":
            ref = xs[0] + xs[2] * (xs[1] - xs[0])
        elif kid == "roundoff":
            ref = (xs[0] * (int(s) != 7)) if intc else round_off(xs[0], int(s))
        else:
            op = [k for k in BINARY if name.startswith(k)][0]
            if sig == "SL":
                b = torch.full_like(xs[0], s)
                ref = BINARY[op](b, xs[0], 1)
            elif sig in ("LL", "LLI"):
                ref = BINARY[op](xs[0], xs[1], 1)
            elif sig in ("LLA", "LLAI", "LLS"):
                al = int(s) if intc else s
                ref = BINARY[op](xs[0], xs[1], al)
            else:
                sv = int(s) if intc else s
                ref = BINARY[op](xs[0], torch.full_like(xs[0], sv), 1)
        got = download(results[i], dt)
        if dt in ("FLOAT16", "BFLOAT16") and kid not in ("copy", "zero", "abs", "neg"):
            # computed in float32 (FE2): round the reference through float32 first
            ref = ref.to(torch.float32)
        check(got, to_type(ref, dt), dt, "%s entry %d" % (what, i), transc,
              scale_of(kid, sig, [lst[i].to(torch.float64) for lst in lists], s))
    if sig == "UNSCALE":
        fv = download(found, "FLOAT").item()
        if fv != (1.0 if any_bad else 0.0):
            raise AssertionError("%s: foundInf %r" % (what, fv))


def run_rounds(name, seed, budget, cases, run_case):
    """Every case of cases, (row, dtype) pairs, through run_case(ctx, row, dt, stream) on a
    fresh context of its own, in rounds until half the budget (seconds) is spent or 20 cases
    failed; prints the failures and a summary line; 0, or 1 when any case failed."""
    rng = random.Random(seed)
    assert acl.init() == 0
    assert acl.rt.set_device(0) == 0
    stream, ret = acl.rt.create_stream()
    assert ret == 0
    t0 = time.monotonic()
    runs, rounds, fails = 0, 0, []
    while True:
        for r, dt in cases:
            ctx = Ctx(rng)
            try:
                run_case(ctx, r, dt, stream)
            except AssertionError as e:
                fails.append(str(e))
            finally:
                ctx.close()
            runs += 1
        rounds += 1
        if time.monotonic() - t0 > budget / 2 or len(fails) > 20:
            break
    acl.rt.destroy_stream(stream)
    acl.rt.reset_device(0)
    acl.finalize()
    for f in fails[:20]:
        print("FAIL", f)
    print("%s: seed %d, %d operators x types, %d rounds, %d cases, %d failures, %.1f s"
          % (name, seed, len(cases), rounds, runs, len(fails), time.monotonic() - t0))
    return 1 if fails else 0


def main():
    seed = int(os.environ.get("FOREACH_TORCH_SEED", "29"))
    budget = float(os.environ.get("FOREACH_TORCH_SECONDS", "30"))
    cases = [(r, dt) for r in rows() for dt in r["dt"] if dt in TORCH]
    return run_rounds("foreach_torch", seed, budget, cases, run_case)


if __name__ == "__main__":
    sys.exit(main())
