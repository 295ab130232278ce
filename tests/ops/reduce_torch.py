#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""The reductions of ops/reduce/ against PyTorch: ReduceSum, Mean, Amax, Amin,
Prod, ProdDim, All, Any, ArgMax, ArgMin and Cumsum, for every type their rows
of ops/reduce/table.h declare, through acl.nn: random shapes (0-d, empty dims,
up to 4 dims), random sets of dims (empty: all), keepdim, non-contiguous views,
special values (inf, -inf, NaN, -0.0). The reference is torch in float64 /
int64, rounded once to out's type (integers wrap).

Tolerances: |got - ref| <= rtol * (|ref| + sum |x| over the reduced elements)
with rtol FLOAT 1e-6, FLOAT16 1e-3, BFLOAT16 8e-3, DOUBLE 1e-12 (Mean and Sum
accumulate in double); Amax, Amin, All, Any, the indices and integers exact;
NaN exactly where the reference has one. Empty reductions: Sum 0, Mean NaN,
Prod 1, All true, Any false; Amax / Amin / ArgMax / ArgMin over an empty dim
must be refused (161002).

Seeded (REDUCE_TORCH_SEED, default 29), bounded in time (REDUCE_TORCH_SECONDS,
default 16). Exit 77 (ctest's skip) without torch."""
import os
import sys

try:
    import torch
except ImportError:
    print("reduce_torch: torch is not installed, skipped")
    sys.exit(77)

import acl
import acl.nn as nn

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import check_table  # noqa: E402
from foreach_torch import ACLT, FLOATS, TORCH, Ctx, download, run_rounds  # noqa: E402

ROOT = os.path.join(HERE, "..", "..")
OWN = ("ReduceSum", "Mean", "Amax", "Amin", "Prod", "ProdDim", "All", "Any", "ArgMax", "ArgMin",
       "Cumsum")
RTOL = {"FLOAT": 1e-6, "FLOAT16": 1e-3, "BFLOAT16": 8e-3, "DOUBLE": 1e-12}


def rows():
    text = open(os.path.join(ROOT, "ops/reduce/table.h")).read()
    engine = open(os.path.join(ROOT, "ops/engine/engine.h")).read()
    defs = check_table.mask_defines(engine, text)
    names = lambda m: [n for i, n in enumerate(check_table.DT_NAMES) if m & (1 << i)]
    return [dict(name=r[0], dt=names(check_table.eval_mask(r[4], defs)),
                 dt2=names(check_table.eval_mask(r[6], defs)))
            for r in check_table.list_rows(text, "REDUCE_OPS")]


def wrap(ref, dt):
    if dt in FLOATS:
        return ref.to(torch.float64).to(TORCH[dt])
    if dt == "BOOL":
        return ref != 0
    if ref.is_floating_point():
        info = torch.iinfo(TORCH[dt])
        ref = torch.nan_to_num(ref, nan=0.0).clamp(info.min, info.max).trunc()
    return ref.to(torch.int64).to(TORCH[dt])


def compare(got, ref, dt, scale, what, exact):
    if dt not in FLOATS or exact:
        g, r = got.to(torch.float64), ref.to(torch.float64)
        same = (g == r) | (torch.isnan(g) & torch.isnan(r))
        if not bool(same.all()):
            i = int((~same).reshape(-1).nonzero()[0])
            raise AssertionError("%s: got %r, reference %r" % (
                what, g.reshape(-1)[i].item(), r.reshape(-1)[i].item()))
        return
    g, r = got.to(torch.float64), ref.to(torch.float64)
    if not torch.equal(torch.isnan(g), torch.isnan(r)):
        raise AssertionError("%s: NaN positions differ: %s vs %s" % (what, g, r))
    ok = ~torch.isnan(r) & ~torch.isinf(r)
    if not torch.equal(g[torch.isinf(r)], r[torch.isinf(r)]):
        raise AssertionError("%s: infinities differ" % what)
    sc = torch.broadcast_to(scale, r.shape)[ok]
    err = (g[ok] - r[ok]).abs()
    lim = RTOL[dt] * (r[ok].abs() + sc) + 1e-300
    if ok.any() and not bool((err <= lim).all()):
        i = int((err - lim).argmax())
        raise AssertionError("%s: got %r, reference %r" % (what, g[ok][i].item(),
                                                             r[ok][i].item()))


def run_case(ctx, row, dt, stream):
    rng = ctx.rng
    name = row["name"]
    shape = ctx.rand_shape()
    nd = len(shape)
    x = ctx.values(shape, dt, "small" if name.startswith("Prod") else "any")
    dx = ctx.device(x, dt, rng.random() < 0.3)
    xf = x.to(torch.float64) if dt in FLOATS else x.to(torch.int64)
    one_dim = name in ("ProdDim", "ArgMax", "ArgMin", "Cumsum")
    if one_dim:
        dims = [rng.randrange(-max(nd, 1), max(nd, 1))]
    elif name == "Prod":
        dims = []
    else:
        k = rng.randint(0, nd)
        dims = rng.sample(range(nd), k) if nd else rng.choice([[], [0], [-1]])
        dims = [d - nd if rng.random() < 0.3 and nd else d for d in dims]
    keep = rng.random() < 0.5 and name != "Prod"
    tdims = [d % nd for d in dims] if nd else []
    red = tdims if dims else list(range(nd))
    # the result type
    if name in ("ReduceSum", "Mean", "Prod", "ProdDim", "Cumsum"):
        odt = rng.choice(row["dt2"])
        if name == "Cumsum" and dt in FLOATS and odt not in FLOATS:
            odt = dt
        if name in ("ReduceSum", "Prod", "ProdDim") and dt in FLOATS and odt not in FLOATS:
            odt = dt
    elif name in ("All", "Any"):
        odt = rng.choice(row["dt2"])
    elif name in ("ArgMax", "ArgMin"):
        odt = rng.choice(row["dt2"])
    else:
        odt = dt
    # the reference (in float64 / int64 from self cast to odt where the operator casts)
    cast = name in ("ReduceSum", "Mean", "Prod", "ProdDim", "Cumsum")
    src = wrap(xf, odt) if cast else x
    sf = src.to(torch.float64) if (odt in FLOATS or not cast and dt in FLOATS) else \
        src.to(torch.int64)
    empty_red = any(shape[d] == 0 for d in red) if nd else False
    scale = torch.zeros([])
    if name in ("Amax", "Amin", "ArgMax", "ArgMin") and empty_red and \
            int(torch.tensor(shape).prod()) != 0 or \
            name in ("Amax", "Amin", "ArgMax", "ArgMin") and empty_red and \
            any(shape[d] for d in range(nd) if d not in red):
        expect_fail = True
    else:
        expect_fail = False
    if name in ("Amax", "Amin", "ArgMax", "ArgMin") and empty_red:
        outn = 1
        for d in range(nd):
            if d not in red:
                outn *= shape[d]
        expect_fail = outn > 0
    if expect_fail:
        ref = None
        oshape = [1 if d in red else shape[d] for d in range(nd) if keep or d not in red]
    elif name == "Cumsum":
        ref = torch.cumsum(sf, dim=tdims[0] if nd else 0) if nd else sf
        if sf.dtype == torch.float64:
            ref = wrap(ref, odt)
        oshape = shape
        scale = torch.cumsum(sf.abs(), dim=tdims[0]) if nd and sf.is_floating_point() else scale
    elif name in ("ArgMax", "ArgMin"):
        t = sf if nd else sf.reshape([1])
        d0 = tdims[0] if nd else 0
        if t.shape[d0] == 0:  # an empty dim with an empty output: nothing to pick
            ref = torch.zeros([1 if d == d0 else n for d, n in enumerate(t.shape)],
                              dtype=torch.int64)
        elif t.is_floating_point():  # the first NaN wins (AD2)
            nanm = torch.isnan(t)
            pick = torch.argmax if name == "ArgMax" else torch.argmin
            base = pick(torch.where(nanm, torch.zeros_like(t), t), dim=d0, keepdim=True)
            # first index of the extreme: torch's argmax/argmin return the first on CPU
            first_nan = nanm.to(torch.int64).argmax(dim=d0, keepdim=True)
            ref = torch.where(nanm.any(dim=d0, keepdim=True), first_nan, base)
        else:
            ref = (torch.argmax if name == "ArgMax" else torch.argmin)(t, dim=d0, keepdim=True)
        ref = ref if keep else ref.squeeze(d0)
        if not nd:
            ref = ref.reshape([])
        oshape = list(ref.shape)
    else:
        fn = {"ReduceSum": lambda t, ds: t.sum(dim=ds, keepdim=True),
              "Mean": lambda t, ds: t.sum(dim=ds, keepdim=True) / (
                  int(torch.tensor([shape[d] for d in ds]).prod()) if ds else 1),
              "Amax": None, "Amin": None,
              "Prod": lambda t, ds: t.prod(dim=ds[0], keepdim=True) if len(ds) == 1 else
              t.reshape(-1).prod().reshape([1] * nd),
              "ProdDim": lambda t, ds: t.prod(dim=ds[0], keepdim=True),
              "All": lambda t, ds: (t != 0).to(torch.int64).amin(dim=ds, keepdim=True) if
              t.numel() else torch.ones([1 if d in ds else shape[d] for d in range(nd)]),
              "Any": lambda t, ds: (t != 0).to(torch.int64).amax(dim=ds, keepdim=True) if
              t.numel() else torch.zeros([1 if d in ds else shape[d] for d in range(nd)])}
        t = sf
        if name in ("All", "Any") and t.is_floating_point():
            t = torch.where(torch.isnan(t), torch.ones_like(t), t)
        if name in ("Amax", "Amin"):
            if not t.numel():  # an empty out (a reduced empty dim with a non-empty out fails)
                r = torch.zeros([1 if d in red else shape[d] for d in range(nd)], dtype=t.dtype)
            elif nd and red:
                r = t.amax(dim=red, keepdim=True) if name == "Amax" else \
                    t.amin(dim=red, keepdim=True)
                if t.is_floating_point():
                    r = torch.where(torch.isnan(t).to(torch.int64).amax(dim=red, keepdim=True) > 0,
                                    torch.full_like(r, float("nan")), r)
            else:
                r = t.reshape([1] * nd)
        elif nd and red:
            if name == "Prod" and t.numel() == 0:
                r = torch.ones([1] * nd, dtype=t.dtype)
            elif name in ("Prod", "ProdDim") and t.dtype == torch.int64:
                r = t
                for d in red:  # wrap as int64 products do
                    r = r.prod(dim=d, keepdim=True)
            else:
                r = fn[name](t, red)
            if name == "Mean" and any(shape[d] == 0 for d in red):
                r = torch.full_like(r, float("nan"))
        else:
            r = t.reshape([1] * nd)
            if name in ("All", "Any"):
                r = (r != 0).to(torch.int64)
        ref = wrap(r, odt)
        if name in ("ReduceSum", "Mean") and sf.is_floating_point() and nd and red:
            scale = sf.abs().nan_to_num(posinf=0.0).sum(dim=red, keepdim=True)
            if name == "Mean":
                scale = scale / max(1, int(torch.tensor([shape[d] for d in red]).prod()))
        if not keep:
            ref = ref.reshape([shape[d] for d in range(nd) if d not in red])
            if torch.is_tensor(scale) and scale.dim():
                scale = scale.reshape(ref.shape)
        oshape = list(ref.shape)
    if name == "Prod":
        oshape = []
        if ref is not None:
            ref = ref.reshape([])
    dout = ctx.device(torch.zeros(oshape, dtype=TORCH[odt]), odt, False)
    if name in ("ReduceSum", "Mean"):
        args = [dx, dims, keep, ACLT[odt], dout]
    elif name == "Prod":
        args = [dx, ACLT[odt], dout]
    elif name == "ProdDim":
        args = [dx, dims[0], keep, ACLT[odt], dout]
    elif name == "Cumsum":
        args = [dx, dims[0], ACLT[odt], dout]
    elif name in ("ArgMax", "ArgMin"):
        args = [dx, dims[0], keep, dout]
    else:
        args = [dx, dims, keep, dout]
    what = "%s %s->%s shape %s dims %s keep %s" % (name, dt, odt, shape, dims, keep)
    ret = nn.run(name, *args, stream=stream)
    if expect_fail:
        if ret != acl.ACLNN_ERR_PARAM_INVALID:
            raise AssertionError("%s: returned %d, expected 161002" % (what, ret))
        return
    if ret:
        raise AssertionError("%s: returned %d: %s" % (what, ret, acl.get_recent_err_msg()))
    assert acl.rt.synchronize_stream(stream) == 0
    got = download(dout, odt)
    compare(got, ref.to(TORCH[odt]) if odt != "BOOL" else ref, odt, scale, what,
            name in ("Amax", "Amin", "All", "Any", "ArgMax", "ArgMin") or
            odt in FLOATS and dt not in FLOATS and name != "Mean")


def main():
    seed = int(os.environ.get("REDUCE_TORCH_SEED", "29"))
    budget = float(os.environ.get("REDUCE_TORCH_SECONDS", "16"))
    # the row reductions of rows.c (MaxDim .. Cummin) are tests/python/test_reduce_torch.py's
    cases = [(r, dt) for r in rows() if r["name"] in OWN for dt in r["dt"]]
    return run_rounds("reduce_torch", seed, budget, cases, run_case)


if __name__ == "__main__":
    sys.exit(main())
