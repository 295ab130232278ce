# SPDX-License-Identifier: Apache-2.0
"""The row reductions of ops/reduce/rows.c against PyTorch (torch 1.13 on the CPU).

Every row of ops/reduce/table.h that rows.c implements (MaxDim .. Cummin; the
older rows are tests/ops/reduce_torch.py's) for every type its row declares,
through acl.nn: random shapes of 0 to 3 dims, random dims (negative ones too),
keepdim, non-contiguous views, special values (inf, -inf, NaN, -0.0) in the
floating inputs. References are computed in DOUBLE (INT64 for integers) from
the inputs as stored and rounded once to out's type; indices exactly (the
first of equal values for MaxDim, MinDim, the medians and Kthvalue, the last
for Cummax / Cummin, the first NaN where one propagates). Bad input: NULL
161001, a refused type, a dim out of range, a wrong out shape, k out of range
and an empty reduced dim with a non-empty out 161002, each message naming the
operator. Skipped (exit 77) without torch."""
import os
import random
import sys
import unittest

from torchcase import TorchCase, torch  # noqa: E402 (first: torch before acl)

import acltest  # noqa: E402
from acltest import acl  # noqa: E402

if torch is not None:
    from test_ew_torch import Dev, check, view_of, gen, F16, BF16, F32, F64, I64, BOOL  # noqa
    from test_ew_torch import ACL_DT  # noqa: E402

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "ops"))
import check_table  # noqa: E402

setUpModule = acltest.setup_module
tearDownModule = acltest.teardown_module

nn = acl.nn
SEED = 2930
ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..")
NAMES = ["FLOAT", "FLOAT16", "BFLOAT16", "DOUBLE", "INT8", "UINT8", "INT16", "INT32", "INT64",
         "BOOL"]
ROWS_OPS = ["MaxDim", "MinDim", "Max", "Min", "MaxV2", "Aminmax", "AminmaxAll", "AminmaxDim",
            "Median", "MedianDim", "NanMedian", "NanMedianDim", "Kthvalue", "Std", "Var",
            "VarCorrection", "VarMean", "StdMeanCorrection", "LogSumExp", "ReduceNansum",
            "ReduceLogSum", "Cumprod", "Cummax", "Cummin"]


def table_rows():
    with open(os.path.join(ROOT, "ops/reduce/table.h")) as f:
        text = f.read()
    with open(os.path.join(ROOT, "ops/engine/engine.h")) as f:
        engine = f.read()
    defs = check_table.mask_defines(engine, text)
    tdt = [F32, F16, BF16, F64, torch.int8, torch.uint8, torch.int16, torch.int32, I64, BOOL]
    types = lambda m: [tdt[i] for i in range(10) if m & (1 << i)]
    return {r[0]: (types(check_table.eval_mask(r[4], defs)),
                   types(check_table.eval_mask(r[6], defs)))
            for r in check_table.list_rows(text, "REDUCE_OPS")}


def wide(x):
    """x in DOUBLE (floating) or INT64."""
    return x.double() if x.dtype.is_floating_point else x.long()


def first_index(x, v, dim):
    """The first index along dim where x equals v (kept dim), NaN matching NaN."""
    eq = (x == v) | (torch.isnan(x) & torch.isnan(v)) if x.dtype.is_floating_point else x == v
    return eq.long().argmax(dim=dim, keepdim=True)


def last_index(x, v, dim):
    n = x.shape[dim]
    return n - 1 - first_index(x.flip(dim), v.flip(dim) if v.dim() else v, dim)


def extreme(x, dim, is_min):
    """Value and first index of the extreme along dim (kept dim); the first NaN wins."""
    if x.dtype.is_floating_point:
        nan = torch.isnan(x)
        fill = torch.where(nan, torch.zeros_like(x), x)
        v = fill.amin(dim=dim, keepdim=True) if is_min else fill.amax(dim=dim, keepdim=True)
        anynan = nan.any(dim=dim, keepdim=True)
        v = torch.where(anynan, torch.full_like(v, float("nan")), v)
    else:
        v = x.amin(dim=dim, keepdim=True) if is_min else x.amax(dim=dim, keepdim=True)
    return v, first_index(x, v, dim)


def kth(x, dim, k, skip_nan=False):
    """The k-th smallest (0-based) along dim (kept) and its index: the k-th of a stable sort
    (NaN last; equal values in row order); skip_nan: the lower median of the non-NaN values."""
    if skip_nan:
        xm = x.movedim(dim, -1).reshape(-1, x.shape[dim])
        vals, idxs = [], []
        for row in xm:
            keep = (~torch.isnan(row)).nonzero().reshape(-1)
            if not len(keep):
                vals.append(float("nan"))
                idxs.append(0)
                continue
            srt = row[keep].sort(stable=True)
            j = (len(keep) - 1) // 2
            vals.append(srt.values[j].item())
            idxs.append(int(keep[srt.indices[j]]))
        shp = list(x.movedim(dim, -1).shape[:-1]) + [1]
        v = torch.tensor(vals, dtype=x.dtype).reshape(shp).movedim(-1, dim)
        return v, torch.tensor(idxs, dtype=I64).reshape(shp).movedim(-1, dim)
    srt = x.sort(dim=dim, stable=True)
    return srt.values.narrow(dim, k, 1), srt.indices.narrow(dim, k, 1)


def median(x, dim, skip_nan):
    """torch.median / nanmedian along dim (kept): a NaN makes median NaN (its first index)."""
    v, i = kth(x, dim, (x.shape[dim] - 1) // 2, skip_nan)
    if x.dtype.is_floating_point and not skip_nan:
        nan = torch.isnan(x).any(dim=dim, keepdim=True)
        v = torch.where(nan, torch.full_like(v, float("nan")), v)
        i = torch.where(nan, first_index(x, torch.full_like(v, float("nan")), dim), i)
    return v, i


def cum_ext(x, dim, is_min):
    """torch's cummax / cummin in DOUBLE / INT64."""
    r = torch.cummin(x, dim) if is_min else torch.cummax(x, dim)
    return r.values, r.indices


def squeeze_dims(t, red, keep, nd):
    if keep or not nd:
        return t
    return t.reshape([t.shape[d] for d in range(nd) if d not in red])


def to_dt(ref, dt):
    """A DOUBLE / INT64 reference as dt (integers wrap)."""
    if dt == BOOL:
        return ref != 0
    if not dt.is_floating_point and ref.dtype.is_floating_point:
        ref = torch.nan_to_num(ref, nan=0.0).trunc().long()
    return ref.to(dt)


@unittest.skipIf(torch is None, "torch is not installed")
class ReduceTorch(TorchCase):
    runs = 0

    def setUp(self):
        super().setUp()
        self.arrays, self.scalars = [], []

    def tearDown(self):
        for h in self.arrays:
            nn.destroy_int_array(h)
        for h in self.scalars:
            nn.destroy_scalar(h)
        super().tearDown()

    def conv(self, args):
        """Python lists as aclIntArrays (destroyed at tearDown)."""
        out = []
        for a in args:
            if isinstance(a, list):
                h, ret = nn.create_int_array(a)
                self.assertEqual(ret, 0)
                self.arrays.append(h)
                a = h
            out.append(a)
        return out

    def run_op(self, name, *args):
        ws, ex, ret = nn.get_workspace_size(name, *self.conv(args))
        self.assertEqual(ret, 0, "aclnn%s: %d %s" % (name, ret, acl.get_recent_err_msg()))
        self.assertEqual(nn.launch(name, 0, 0, ex, self.stream), 0)
        self.assertEqual(acl.rt.synchronize_stream(self.stream), 0)
        ReduceTorch.runs += 1

    def refused(self, name, code, *args):
        _, _, ret = nn.get_workspace_size(name, *self.conv(args))
        msg = acl.get_recent_err_msg()
        self.assertEqual(ret, code, "aclnn%s: %d (%s), want %d" % (name, ret, msg, code))
        self.assertIn("aclnn" + name, msg)

    def out(self, shape, dt):
        return self.dev(torch.zeros(shape, dtype=dt))

    # ---- one case per operator kind ---------------------------------------------------------

    def one(self, rng, name, dt, types2):
        nd = rng.randint(0, 3)
        shape = tuple(rng.randint(1, 5) for _ in range(nd))
        lo, hi = (-1.6, 1.6) if name == "Cumprod" else (-3.0, 3.0)
        if name in ("ReduceLogSum",):
            lo, hi = 0.1, 3.0
        x = gen(rng, shape, dt, lo, hi, special=name not in ("ReduceLogSum",))
        if name == "Cumprod" and not dt.is_floating_point and dt != BOOL:
            x = (x.long() % 5 - 2).to(dt)
        xh = self.dev(view_of(rng, x)).handle
        xw = wide(x)
        what = "%s %s shape %s" % (name, dt, shape)
        one_dim = name in ("MaxDim", "MinDim", "MedianDim", "NanMedianDim", "Kthvalue",
                           "AminmaxDim", "Cumprod", "Cummax", "Cummin")
        d = rng.randrange(-max(nd, 1), max(nd, 1))
        td = d % nd if nd else 0
        keep = rng.random() < 0.5
        xk = xw if nd else xw.reshape([1])  # a 0-d self reduces as [1]
        if one_dim:
            red = [td] if nd else []
        else:
            k = rng.randint(0, nd)
            red = sorted(rng.sample(range(nd), k))
        dims = [r - nd if rng.random() < 0.3 else r for r in red]
        what += " dims %s keep %s" % (dims if not one_dim else d, keep)

        def reduce_all(t, fn):  # fn over the reduced dims, kept
            rr = red if red else list(range(nd))
            if not nd:
                return fn(t.reshape([1]), [0]).reshape([])
            return fn(t, rr)

        if name in ("MaxDim", "MinDim", "MedianDim", "NanMedianDim", "Kthvalue"):
            kk = rng.randint(1, xk.shape[td]) if name == "Kthvalue" else 0
            if name in ("MaxDim", "MinDim"):
                v, i = extreme(xk, td, name == "MinDim")
            elif name == "Kthvalue":
                v, i = kth(xk, td, kk - 1)
            else:
                v, i = median(xk, td, name == "NanMedianDim")
            if not nd:
                v, i = v.reshape([]), i.reshape([])
            v, i = squeeze_dims(v, [td], keep, nd), squeeze_dims(i, [td], keep, nd)
            itype = rng.choice(types2)
            vo, io = self.out(v.shape, dt), self.out(i.shape, itype)
            args = ([xh, kk, d, keep] if name == "Kthvalue" else [xh, d, keep]) + \
                [vo.handle, io.handle]
            self.run_op(name, *args)
            check(self, vo.read(), to_dt(v, dt), what)
            check(self, io.read().long(), i, "%s indices of %s" % (what, x.tolist()))
            return
        if name in ("Max", "Min", "Median", "NanMedian", "AminmaxAll"):
            flat = xw.reshape(-1)
            if name in ("Max", "Min"):
                v = extreme(flat, 0, name == "Min")[0]
            elif name == "AminmaxAll":
                v = torch.cat([extreme(flat, 0, True)[0], extreme(flat, 0, False)[0]])
            else:
                v = median(flat, 0, name == "NanMedian")[0]
            if name == "AminmaxAll":
                o1, o2 = self.out([], dt), self.out([], dt)
                self.run_op(name, xh, o1.handle, o2.handle)
                check(self, o1.read().reshape(1), to_dt(v[:1], dt), what + " min")
                check(self, o2.read().reshape(1), to_dt(v[1:], dt), what + " max")
                return
            o = self.out([], dt)
            self.run_op(name, xh, o.handle)
            check(self, o.read().reshape(1), to_dt(v.reshape(1), dt), what)
            return
        if name in ("Cumprod", "Cummax", "Cummin"):
            if name == "Cumprod":
                odt = rng.choice([t for t in types2 if t.is_floating_point == dt.is_floating_point]
                                 or [dt])
                src = wide(to_dt(xw, odt)) if odt != BOOL else xw
                ref = torch.cumprod(src.reshape(xk.shape), td).reshape(shape)
                o = self.out(shape, odt)
                sd = nn.create_scalar(d, acl.ACL_INT64)[0]
                self.scalars.append(sd)
                self.run_op(name, xh, sd, ACL_DT[odt], o.handle)
                check(self, o.read(), to_dt(ref, odt), what)
                return
            v, i = cum_ext(xk, td, name == "Cummin")
            itype = rng.choice(types2)
            vo, io = self.out(shape, dt), self.out(shape, itype)
            self.run_op(name, xh, d, vo.handle, io.handle)
            check(self, vo.read(), to_dt(v.reshape(shape), dt), what)
            check(self, io.read().long(), i.reshape(shape), what + " indices")
            return
        # reductions over a set of dims
        noop = name in ("MaxV2", "ReduceLogSum") and not red and rng.random() < 0.5
        if name in ("MaxV2", "Aminmax", "AminmaxDim"):
            if name == "AminmaxDim":
                red = [td] if nd else []
                dims = d
            refs = []
            for is_min in ((True, False) if name != "MaxV2" else (False,)):
                if noop:
                    refs.append(xw)
                    continue
                refs.append(reduce_all(xw, lambda t, rr: extreme_multi(t, rr, is_min)))
        elif name in ("Std", "Var", "VarCorrection", "VarMean", "StdMeanCorrection"):
            corr = rng.randint(0, 2) if name != "Var" else rng.randint(0, 1)
            fn = torch.std if name in ("Std", "StdMeanCorrection") else torch.var
            refs = [reduce_all(xw, lambda t, rr: fn(t, dim=rr, correction=corr, keepdim=True))]
            if name in ("VarMean", "StdMeanCorrection"):
                refs.append(reduce_all(xw, lambda t, rr: t.mean(dim=rr, keepdim=True)))
        elif name == "LogSumExp":
            refs = [reduce_all(xw.double(), lambda t, rr: torch.logsumexp(t, dim=rr, keepdim=True))]
        elif name == "ReduceNansum":
            odt = rng.choice([t for t in types2 if t.is_floating_point == dt.is_floating_point]
                             or [dt])
            src = wide(to_dt(xw, odt)) if dt.is_floating_point or odt != BOOL else xw
            refs = [reduce_all(src, lambda t, rr: torch.nansum(t, dim=rr, keepdim=True))]
        else:  # ReduceLogSum
            refs = [xw.log() if noop else
                    reduce_all(xw, lambda t, rr: torch.log(t.sum(dim=rr, keepdim=True)))]
        if not noop:
            refs = [squeeze_dims(r, red if red else list(range(nd)), keep, nd) for r in refs]
        if name in ("LogSumExp",):
            odt = rng.choice(types2)
        elif name in ("Std", "Var", "VarCorrection", "VarMean", "StdMeanCorrection",
                      "ReduceLogSum"):
            odt = dt
        elif name != "ReduceNansum":
            odt = dt
        outs = [self.out(r.shape, odt) for r in refs]
        oh = [o.handle for o in outs]
        if name == "MaxV2":
            args = [xh, dims, keep, noop] + oh
        elif name == "AminmaxDim":
            args = [xh, dims, keep] + oh
        elif name in ("Aminmax", "LogSumExp"):
            args = [xh, dims, keep] + oh
        elif name == "Var":
            args = [xh, dims, bool(corr), keep] + oh
        elif name in ("Std", "VarCorrection", "VarMean", "StdMeanCorrection"):
            args = [xh, dims, corr, keep] + oh
        elif name == "ReduceNansum":
            args = [xh, dims, keep, ACL_DT[odt]] + oh
        else:
            args = [xh, dims, keep, noop] + oh
        self.run_op(name, *args)
        for o, r in zip(outs, refs):
            check(self, o.read(), to_dt(r, odt), what)

    def test_against_torch(self):
        rng = random.Random(SEED)
        rows = table_rows()
        missing = [n for n in ROWS_OPS if n not in rows]
        self.assertEqual(missing, [], "rows missing from ops/reduce/table.h")
        for name in ROWS_OPS:
            types, types2 = rows[name]
            for dt in types:
                for _ in range(6):
                    self.one(rng, name, dt, types2 or [dt])
        print("test_reduce_torch: %d runs" % ReduceTorch.runs, file=sys.stderr)

    def test_large_split(self):
        """A launch big enough to split across the workers gives the unsplit results."""
        rng = random.Random(SEED + 1)
        x = gen(rng, (300, 700), F32)
        xh = self.dev(x).handle
        v, i = self.out([300], F32), self.out([300], I64)
        self.run_op("MaxDim", xh, 1, False, v.handle, i.handle)
        rv, ri = extreme(x.double(), 1, False)
        check(self, v.read(), rv.reshape(300).float(), "MaxDim split")
        check(self, i.read(), ri.reshape(300), "MaxDim split indices")
        s = self.out([700], F32)
        self.run_op("Std", xh, [0], 1, False, s.handle)
        xs = torch.where(torch.isfinite(x), x, torch.zeros_like(x)).double()
        xh2 = self.dev(xs.float()).handle
        self.run_op("Std", xh2, [0], 1, False, s.handle)
        check(self, s.read(), torch.std(xs.float().double(), dim=0).float(), "Std split")

    def test_bad_input(self):
        x = self.dev(torch.zeros((3, 4), dtype=F32)).handle
        e = self.dev(torch.zeros((3, 0), dtype=F32)).handle
        v, i = self.out([3], F32), self.out([3], I64)
        bad = self.out([4], F32)
        self.refused("MaxDim", 161001, None, 1, False, v.handle, i.handle)
        self.refused("MaxDim", 161002, x, 2, False, v.handle, i.handle)
        self.refused("MaxDim", 161002, x, 1, False, bad.handle, i.handle)
        self.refused("MaxDim", 161002, e, 1, False, v.handle, i.handle)
        fo = self.out([3], F32)
        self.refused("MaxDim", 161002, x, 1, False, v.handle, fo.handle)
        self.refused("Kthvalue", 161002, x, 5, 1, False, v.handle, i.handle)
        self.refused("Kthvalue", 161002, x, 0, 1, False, v.handle, i.handle)
        xi = self.dev(torch.zeros((3, 4), dtype=torch.int32)).handle
        self.refused("Std", 161002, xi, [1], 1, False, v.handle)
        self.refused("Std", 161002, x, [1, 1], 1, False, v.handle)
        self.refused("Cummax", 161002, x, 0, v.handle, i.handle)
        self.refused("Median", 161002, self.dev(torch.zeros((3, 4), dtype=BOOL)).handle,
                     self.out([], BOOL).handle)
        self.refused("Max", 161002, e, self.out([], F32).handle)
        self.refused("ReduceNansum", 161002, x, [1], False, acl.ACL_INT32, v.handle)


def extreme_multi(t, rr, is_min):
    """The extreme over the dims rr (kept), NaN propagating."""
    v = t
    for d in rr:
        v = extreme(v, d, is_min)[0]
    return v


if __name__ == "__main__":
    acltest.main()
