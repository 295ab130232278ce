# SPDX-License-Identifier: Apache-2.0
"""The optimizer family (ops/optim) against PyTorch (torch 1.13's torch.optim on the CPU as
the oracle).

ApplyAdamW, ApplyAdamWV2 and FusedAdamw against torch.optim.AdamW's step, FusedSgd against
torch.optim.SGD's, from the same state (exp_avg, exp_avg_sq, max_exp_avg_sq, the step
count, the momentum buffer) set into torch's optimizer: FLOAT, FLOAT16, BFLOAT16, amsgrad and
maximize on and off, momentum, dampening, nesterov and the first step, gradScale and
foundInf, non-contiguous gradients, empty tensors. ApplyGradientDescent against SGD's plain
step, ApplyProximalGradientDescent and AdamApplyOne(WithDecay(Assign)) against their formulas, ApplyAdagradD against Adagrad's step, ApplyAdamD against TensorFlow's formula. References in DOUBLE from the inputs as
stored, rounded once; tolerances as test_ew_torch's, FLOAT16 / BFLOAT16 8 times looser.
Bad input gives 161001 / 161002 naming the operator. Skipped (exit 77) without torch."""
import random
import unittest

from torchcase import TorchCase, torch  # noqa: E402 (first: torch before acl)

import acltest  # noqa: E402
from acltest import acl  # noqa: E402

if torch is not None:
    from test_ew_torch import Dev, check, view_of, gen, ACL_DT, F16, BF16, F32, F64, I64, \
        TOL, _raw as _raw_bytes  # noqa: E402

setUpModule = acltest.setup_module
tearDownModule = acltest.teardown_module

nn = acl.nn
SEED = 2931
SHAPES = [(3, 5), (7,), (2, 3, 4), (0, 3)]


def tol(dtype):
    rt, at = TOL[dtype]
    return (rt * 8, at * 8) if dtype in (F16, BF16) else (rt * 4, at * 4)


def torch_adamw(p, g, m, v, mx, t, lr, b1, b2, wd, eps, amsgrad, maximize):
    """torch.optim.AdamW's step from this state; the new (p, m, v, mx) in DOUBLE."""
    pd = p.double().clone().requires_grad_()
    pd.grad = g.double().clone()
    opt = torch.optim.AdamW([pd], lr=lr, betas=(b1, b2), eps=eps, weight_decay=wd,
                            amsgrad=amsgrad, maximize=maximize)
    st = {"step": torch.tensor(float(t - 1)), "exp_avg": m.double().clone(),
          "exp_avg_sq": v.double().clone()}
    if amsgrad:
        st["max_exp_avg_sq"] = mx.double().clone()
    opt.state[pd] = st
    opt.step()
    return pd.detach(), st["exp_avg"], st["exp_avg_sq"], st.get("max_exp_avg_sq")


def torch_sgd(p, g, buf, lr, mom, damp, wd, nesterov, maximize, first):
    pd = p.double().clone().requires_grad_()
    pd.grad = g.double().clone()
    opt = torch.optim.SGD([pd], lr=lr, momentum=mom, dampening=damp, weight_decay=wd,
                          nesterov=nesterov, maximize=maximize)
    if mom != 0 and not first:
        opt.state[pd] = {"momentum_buffer": buf.double().clone()}
    opt.step()
    return pd.detach(), opt.state[pd].get("momentum_buffer") if mom != 0 else None


@unittest.skipIf(torch is None, "torch (or numpy) is not installed")
class OptimTorch(TorchCase):
    def setUp(self):
        super().setUp()
        self.lists = []

    def tearDown(self):
        for lst in self.lists:
            nn.destroy_tensor_list(lst)
        super().tearDown()

    def tlist(self, devs):
        """An aclTensorList of new aclTensors over the (contiguous) devices' memory."""
        hs = []
        for d in devs:
            h, ret = nn.create_tensor(list(d.shape), ACL_DT[d.dtype], None, 0,
                                      acl.ACL_FORMAT_ND, None, d.ptr)
            self.assertEqual(ret, 0)
            hs.append(h)
        lst, ret = nn.create_tensor_list(hs)
        self.assertEqual(ret, 0)
        self.lists.append(lst)
        return lst

    def state(self, rng, shape, dtype):
        p = gen(rng, shape, dtype, special=False)
        g = gen(rng, shape, dtype, special=False)
        m = gen(rng, shape, dtype, -0.5, 0.5, special=False)
        v = gen(rng, shape, dtype, 0.0, 0.5, special=False)
        mx = gen(rng, shape, dtype, 0.0, 0.6, special=False)
        return p, g, m, v, mx

    def test_adamw(self):
        rng = random.Random(SEED)
        lr, b1, b2, wd, eps = 0.01, 0.9, 0.99, 0.05, 1e-6
        for dtype in (F32, F16, BF16):
            for shape in SHAPES:
                for amsgrad in (False, True):
                    for maximize in (False, True):
                        t = rng.randint(1, 9)
                        p, g, m, v, mx = self.state(rng, shape, dtype)
                        rp, rm, rv, rmx = torch_adamw(p, g, m, v, mx, t, lr, b1, b2, wd, eps,
                                                      amsgrad, maximize)
                        for op in ("ApplyAdamW", "ApplyAdamWV2"):
                            what = "%s %s %s amsgrad %s maximize %s" % (op, dtype, shape, amsgrad,
                                                                        maximize)
                            dp, dm, dv, dmx = (self.dev(x.clone())
                                               for x in (p, m, v, mx))
                            dg = self.dev(view_of(rng, g))
                            if op == "ApplyAdamW":
                                one = [self.dev(torch.tensor([x], dtype=dtype)).handle
                                       for x in (b1 ** t, b2 ** t, lr, wd, b1, b2, eps)]
                                # beta powers and eps in FLOAT (eps underflows FLOAT16's precision)
                                one[0] = self.dev(torch.tensor([b1 ** t], dtype=F32)).handle
                                one[1] = self.dev(torch.tensor([b2 ** t], dtype=F32)).handle
                                one[6] = self.dev(torch.tensor([eps], dtype=F32)).handle
                                one[2] = self.dev(torch.tensor([lr], dtype=F32)).handle
                                one[3] = self.dev(torch.tensor([wd], dtype=F32)).handle
                                one[4] = self.dev(torch.tensor([b1], dtype=F32)).handle
                                one[5] = self.dev(torch.tensor([b2], dtype=F32)).handle
                                self.run_op(op, dp.handle, dm.handle, dv.handle, *one, dg.handle,
                                            dmx.handle, amsgrad, maximize)
                            else:
                                st = self.dev(torch.tensor([t], dtype=rng.choice((F32, I64))))
                                self.run_op(op, dp.handle, dm.handle, dv.handle, dmx.handle,
                                            dg.handle, st.handle, lr, b1, b2, wd, eps, amsgrad,
                                            maximize)
                            check(self, dp.read(), rp.to(dtype), "var " + what, tol=tol(dtype))
                            check(self, dm.read(), rm.to(dtype), "m " + what, tol=tol(dtype))
                            check(self, dv.read(), rv.to(dtype), "v " + what, tol=tol(dtype))
                            if amsgrad:
                                check(self, dmx.read(), rmx.to(dtype), "max " + what,
                                      tol=tol(dtype))

    def test_fused_adamw(self):
        rng = random.Random(SEED + 1)
        lr, b1, b2, wd, eps = 0.02, 0.8, 0.95, 0.01, 1e-5
        for dtype in (F32, F16, BF16):
            for amsgrad in (False, True):
                for scale, inf in ((None, None), (2.0, 0.0), (0.5, 1.0)):
                    states = [self.state(rng, s, dtype) for s in ((4, 3), (5,), (0,))]
                    steps = [rng.randint(1, 5) for _ in states]
                    devs = [[self.dev(x.clone()) for x in s] for s in states]
                    # the steps as one element, or (CANN's example) of the parameter's shape
                    sdev = [self.dev(torch.full(st[0].shape if scale is None else (1,), float(t),
                                                dtype=F32)) for st, t in zip(states, steps)]
                    lists = [self.tlist([d[i] for d in devs]) for i in (0, 1, 2, 3, 4)]
                    gs = self.dev(torch.tensor([scale], dtype=F32)).handle if scale else 0
                    fi = self.dev(torch.tensor([inf], dtype=F32)).handle if inf is not None else 0
                    self.run_op("FusedAdamw", lists[0], lists[1], lists[2], lists[3], lists[4],
                                self.tlist(sdev), gs, fi, lr, b1, b2, wd, eps, amsgrad, False)
                    for (p, g, m, v, mx), d, t in zip(states, devs, steps):
                        what = "FusedAdamw %s %s amsgrad %s scale %s inf %s" % (
                            dtype, tuple(p.shape), amsgrad, scale, inf)
                        if inf == 1.0:
                            ref = (p, m, v, mx)
                        else:
                            gg = g.double() / (scale or 1.0)
                            ref = torch_adamw(p, gg, m, v, mx, t, lr, b1, b2, wd, eps, amsgrad,
                                              False)
                        for k, name in ((0, "param"), (2, "m"), (3, "v")):
                            check(self, d[k].read(), ref[{0: 0, 2: 1, 3: 2}[k]].to(dtype),
                                  name + " " + what, tol=tol(dtype))

    def test_fused_sgd(self):
        rng = random.Random(SEED + 2)
        for dtype in (F32, F16, BF16):
            for mom, damp, nesterov in ((0.0, 0.0, False), (0.9, 0.0, False), (0.9, 0.1, False),
                                        (0.8, 0.0, True)):
                for first in (False, True):
                    for maximize in (False, True):
                        lr, wd, scale = 0.05, 0.01, rng.choice((None, 4.0))
                        shapes = ((3, 4), (6,))
                        ps = [gen(rng, s, dtype, special=False) for s in shapes]
                        gs = [gen(rng, s, dtype, special=False) for s in shapes]
                        bs = [gen(rng, s, dtype, special=False) for s in shapes]
                        dp = [self.dev(x.clone()) for x in ps]
                        db = [self.dev(x.clone()) for x in bs]
                        dgs = self.dev(torch.tensor([scale], dtype=F32)).handle if scale else 0
                        self.run_op("FusedSgd", self.tlist(dp),
                                    self.tlist([self.dev(x) for x in gs]),
                                    self.tlist(db) if mom else 0, dgs, wd, mom, lr, damp,
                                    nesterov, maximize, first)
                        for p, g, b, d, e in zip(ps, gs, bs, dp, db):
                            what = "FusedSgd %s mom %s damp %s nesterov %s first %s max %s" % (
                                dtype, mom, damp, nesterov, first, maximize)
                            rp, rb = torch_sgd(p, g.double() / (scale or 1.0), b, lr, mom, damp,
                                               wd, nesterov, maximize, first)
                            check(self, d.read(), rp.to(dtype), "param " + what, tol=tol(dtype))
                            if mom:
                                check(self, e.read(), rb.to(dtype), "buf " + what,
                                      tol=tol(dtype))

    def test_fused_ema_adam(self):
        """ApplyFusedEmaAdam against its formulas (ops/optim/ema_adam.c EA1) in DOUBLE from the
        stored inputs, every float type, both modes, with and without biasCorrection, a strided
        grad, a step tensor of two elements (the first counts); mode 0 with biasCorrection
        against torch.optim.Adam's step; mode 2 161002, a NULL grad 161001."""
        rng = random.Random(SEED + 9)
        lr, ema, b1, b2, eps, wd = 0.01, 0.9, 0.85, 0.95, 1e-6, 0.05
        for dtype in (F32, F16, BF16):
            for shape in SHAPES:
                for mode in (0, 1):
                    for bias in (True, False):
                        t = rng.randint(1, 6)
                        p, g, m, v, s = self.state(rng, shape, dtype)
                        pd, gd, md, vd, sd = (x.double() for x in (p, g, m, v, s))
                        gg = gd + wd * pd if mode == 0 else gd
                        rm = b1 * md + (1 - b1) * gg
                        rv = b2 * vd + (1 - b2) * gg * gg
                        c1, c2 = (1 - b1 ** t, 1 - b2 ** t) if bias else (1.0, 1.0)
                        u = (rm / c1) / ((rv / c2).sqrt() + eps)
                        if mode == 1:
                            u = u + wd * pd
                        rp = pd - lr * u
                        rs = ema * sd + (1 - ema) * rp
                        dp, dm, dv, ds = (self.dev(x.clone()) for x in (p, m, v, s))
                        st = self.dev(torch.tensor([t, 99], dtype=I64))  # the first one counts
                        self.run_op("ApplyFusedEmaAdam", self.dev(view_of(rng, g)).handle,
                                    dp.handle, dm.handle, dv.handle, ds.handle, st.handle, lr,
                                    ema, b1, b2, eps, mode, bias, wd)
                        what = "%s %s mode %d bias %s" % (dtype, shape, mode, bias)
                        check(self, dp.read(), rp.to(dtype), "var " + what, tol=tol(dtype))
                        check(self, dm.read(), rm.to(dtype), "m " + what, tol=tol(dtype))
                        check(self, dv.read(), rv.to(dtype), "v " + what, tol=tol(dtype))
                        check(self, ds.read(), rs.to(dtype), "s " + what, tol=tol(dtype))
        # torch.optim.Adam (L2 weight decay in the gradient) is mode 0 with biasCorrection
        p, g, m, v, s = self.state(rng, (4, 3), F32)
        pd = p.double().clone().requires_grad_()
        pd.grad = g.double().clone()
        opt = torch.optim.Adam([pd], lr=lr, betas=(b1, b2), eps=eps, weight_decay=wd)
        opt.state[pd] = {"step": torch.tensor(2.0), "exp_avg": m.double().clone(),
                         "exp_avg_sq": v.double().clone()}
        opt.step()
        dp, dm, dv, ds = (self.dev(x.clone()) for x in (p, m, v, s))
        self.run_op("ApplyFusedEmaAdam", self.dev(g).handle, dp.handle, dm.handle, dv.handle,
                    ds.handle, self.dev(torch.tensor([3], dtype=I64)).handle, lr, ema, b1, b2,
                    eps, 0, True, wd)
        check(self, dp.read(), pd.detach().float(), "var against torch.optim.Adam",
              tol=tol(F32))
        self.refused("ApplyFusedEmaAdam", 161002, dm.handle, dp.handle,
                     dm.handle, dv.handle, ds.handle, self.dev(torch.tensor([1], dtype=I64)).handle,
                     lr, ema, b1, b2, eps, 2, True, wd)
        self.refused("ApplyFusedEmaAdam", 161001, 0, dp.handle, dm.handle, dv.handle, ds.handle,
                     self.dev(torch.tensor([1], dtype=I64)).handle, lr, ema, b1, b2, eps, 0, True,
                     wd)

    def test_refused(self):
        x = self.dev(torch.zeros((2, 3), dtype=F32))
        one = self.dev(torch.zeros((1,), dtype=F32))
        bad = self.dev(torch.zeros((3,), dtype=F32))
        i64 = self.dev(torch.zeros((2, 3), dtype=I64))
        f64 = self.dev(torch.zeros((2, 3), dtype=F64))
        h = [x.handle] * 3
        o = [one.handle] * 7
        self.refused("ApplyAdamW", 161001, 0, x.handle, x.handle, *o, x.handle, 0, False, False)
        self.refused("ApplyAdamW", 161001, *h, *o, x.handle, 0, True, False)  # amsgrad
        self.refused("ApplyAdamW", 161002, *h, *o, bad.handle, 0, False, False)
        self.refused("ApplyAdamW", 161002, *h, bad.handle, *o[1:], x.handle, 0, False, False)
        self.refused("ApplyAdamW", 161002, i64.handle, x.handle, x.handle, *o, x.handle, 0,
                     False, False)
        self.refused("ApplyAdamWV2", 161002, f64.handle, x.handle, x.handle, 0, x.handle,
                     one.handle, 0.1, 0.9, 0.99, 0.0, 1e-8, False, False)
        self.refused("ApplyAdamWV2", 161002, *h, 0, x.handle, bad.handle, 0.1, 0.9, 0.99, 0.0,
                     1e-8, False, False)
        self.refused("FusedSgd", 161002, self.tlist([x, x]), self.tlist([x]), 0, 0, 0.0, 0.0,
                     0.1, 0.0, False, False, False)
        self.refused("FusedSgd", 161001, self.tlist([x]), self.tlist([x]), 0, 0, 0.0, 0.9, 0.1,
                     0.0, False, False, False)
        self.refused("FusedAdamw", 161002, self.tlist([x]), self.tlist([bad]), self.tlist([x]),
                     self.tlist([x]), 0, self.tlist([one]), 0, 0, 0.1, 0.9, 0.99, 0.0, 1e-8,
                     False, False)


    def test_descent(self):
        """ApplyGradientDescent against torch.optim.SGD's plain step (lr alpha);
        ApplyProximalGradientDescent against its formula (GD2) in DOUBLE from the stored
        inputs; the hyper-parameters are read at launch (a repeated launch sees new values)."""
        rng = random.Random(SEED + 5)
        for dtype in (F32, F16, BF16):
            for shape in SHAPES:
                what = "%s %s" % (dtype, shape)
                var = gen(rng, shape, dtype, special=False)
                delta = gen(rng, shape, dtype, special=False)
                alpha = torch.tensor([rng.uniform(0.01, 0.5)], dtype=dtype)
                p = var.double().clone().requires_grad_()
                p.grad = delta.double().clone()
                torch.optim.SGD([p], lr=float(alpha.double())).step()
                dv = self.dev(var.clone())
                self.run_op("ApplyGradientDescent", dv.handle, self.dev(alpha).handle,
                            self.dev(view_of(rng, delta)).handle)
                check(self, dv.read(), p.detach().to(dtype), "ApplyGradientDescent " + what,
                      tol=tol(dtype))
                for l1, l2 in ((0.0, 0.0), (0.3, 0.0), (0.1, 0.5)):
                    hl1 = torch.tensor([l1], dtype=dtype)
                    hl2 = torch.tensor([l2], dtype=dtype)
                    a, d = alpha.double(), delta.double()
                    q = var.double() - a * d
                    ref = torch.sign(q) / (1 + a * hl2.double()) * \
                        (q.abs() - a * hl1.double()).clamp(min=0)
                    out = self.dev(torch.zeros(shape, dtype=dtype))
                    self.run_op("ApplyProximalGradientDescent", self.dev(view_of(rng, var)).handle,
                                self.dev(alpha).handle, self.dev(hl1).handle,
                                self.dev(hl2).handle, self.dev(delta).handle, out.handle)
                    check(self, out.read(), ref.to(dtype),
                          "ApplyProximalGradientDescent l1=%g l2=%g %s" % (l1, l2, what),
                          tol=tol(dtype))
        # a repeatable executor reads alpha at each launch
        var = torch.ones((4,), dtype=F32)
        dv, da, dd = self.dev(var.clone()), self.dev(torch.tensor([0.5])), \
            self.dev(torch.ones((4,)))
        ws, ex, ret = nn.get_workspace_size("ApplyGradientDescent", dv.handle, da.handle,
                                            dd.handle)
        self.assertEqual(ret, 0)
        self.assertEqual(nn.set_executor_repeatable(ex), 0)
        self.assertEqual(nn.launch("ApplyGradientDescent", 0, 0, ex, self.stream), 0)
        self.assertEqual(acl.rt.synchronize_stream(self.stream), 0)
        quarter = _raw_bytes(torch.tensor([0.25]))
        self.assertEqual(acl.rt.memcpy(da.ptr, 4, quarter, 4, acl.ACL_MEMCPY_HOST_TO_DEVICE), 0)
        self.assertEqual(nn.launch("ApplyGradientDescent", 0, 0, ex, self.stream), 0)
        self.assertEqual(acl.rt.synchronize_stream(self.stream), 0)
        self.assertEqual(nn.destroy_executor(ex), 0)
        check(self, dv.read(), torch.full((4,), 0.25), "ApplyGradientDescent repeated")
        x = self.dev(torch.zeros((2, 3), dtype=F32))
        h = self.dev(torch.zeros((2, 3), dtype=F16))
        one = self.dev(torch.zeros((1,), dtype=F32))
        two = self.dev(torch.zeros((2,), dtype=F32))
        self.refused("ApplyGradientDescent", 161001, x.handle, 0, x.handle)
        self.refused("ApplyGradientDescent", 161002, x.handle, two.handle, x.handle)
        self.refused("ApplyGradientDescent", 161002, x.handle, one.handle, h.handle)
        self.refused("ApplyGradientDescent", 161002, x.handle, one.handle,
                     self.dev(torch.zeros((3, 2), dtype=F32)).handle)
        self.refused("ApplyGradientDescent", 161002, self.dev(torch.zeros((2,), dtype=I64)).handle,
                     self.dev(torch.zeros((1,), dtype=I64)).handle,
                     self.dev(torch.zeros((2,), dtype=I64)).handle)
        self.refused("ApplyProximalGradientDescent", 161001, x.handle, one.handle, one.handle, 0,
                     x.handle, x.handle)
        self.refused("ApplyProximalGradientDescent", 161002, x.handle, one.handle, two.handle,
                     one.handle, x.handle, x.handle)
        self.refused("ApplyProximalGradientDescent", 161002, x.handle, one.handle, one.handle,
                     one.handle, x.handle, h.handle)

    def test_adam_apply_one(self):
        """AdamApplyOne(WithDecay(Assign)) (AA1) against the formula in DOUBLE from the stored
        inputs, coefficient tensors of one element and of the full shape; the Assign form's
        write-back; outputs aliasing their inputs (AA2)."""
        rng = random.Random(SEED + 6)
        for dtype in (F32, F16):
            for shape in ((3, 5), (7,), (2, 3, 4)):
                for full in (False, True):
                    cs = shape if full else (1,)
                    g = gen(rng, shape, dtype, special=False)
                    v = gen(rng, shape, dtype, lo=0.0, hi=2.0, special=False)
                    m = gen(rng, shape, dtype, special=False)
                    var = gen(rng, shape, dtype, special=False)
                    lr = gen(rng, cs, dtype, lo=0.01, hi=0.1, special=False)
                    b1 = gen(rng, cs, dtype, lo=0.8, hi=0.95, special=False)
                    b2 = gen(rng, cs, dtype, lo=0.9, hi=0.999, special=False)
                    eps = gen(rng, cs, dtype, lo=0.01, hi=0.1, special=False)
                    wd = gen(rng, cs, dtype, lo=0.0, hi=0.1, special=False)
                    d = {k: t.double() for k, t in (("g", g), ("v", v), ("m", m), ("var", var),
                                                     ("lr", lr), ("b1", b1), ("b2", b2),
                                                     ("eps", eps), ("wd", wd))}
                    c1, c2 = (1 - b1.double()).to(dtype), (1 - b2.double()).to(dtype)
                    nv = d["v"] * d["b2"] + d["g"] ** 2 * c2.double()
                    nm = d["m"] * d["b1"] + d["g"] * c1.double()
                    ratio = nm / (torch.sqrt(nv) + d["eps"])
                    for op in ("AdamApplyOne", "AdamApplyOneWithDecay",
                               "AdamApplyOneWithDecayAssign"):
                        decay = op != "AdamApplyOne"
                        nvar = d["var"] - d["lr"] * (ratio + (d["wd"] * d["var"] if decay else 0))
                        dv, dm, dvar = self.dev(v.clone()), self.dev(m.clone()), \
                            self.dev(var.clone())
                        outs = [self.dev(torch.zeros(shape, dtype=dtype)) for _ in range(3)]
                        args = [self.dev(view_of(rng, g)).handle, dv.handle, dm.handle,
                                dvar.handle, self.dev(lr).handle, self.dev(b1).handle,
                                self.dev(c1).handle, self.dev(b2).handle, self.dev(c2).handle]
                        args += ([self.dev(wd).handle] if decay else []) + [self.dev(eps).handle]
                        self.run_op(op, *args, *[o.handle for o in outs])
                        what = "%s %s %s coefficients %s" % (op, dtype, shape, cs)
                        for o, ref, nm_ in zip(outs, (nv, nm, nvar), ("output0", "output1",
                                                                   "output2")):
                            check(self, o.read(), ref.to(dtype), "%s %s" % (what, nm_),
                                  tol=tol(dtype))
                        kept = (nv, nm, nvar) if op.endswith("Assign") else (d["v"], d["m"],
                                                                            d["var"])
                        for t, ref, nm_ in zip((dv, dm, dvar), kept, ("input1", "input2",
                                                                      "input3")):
                            check(self, t.read(), ref.to(dtype), "%s %s" % (what, nm_),
                                  tol=tol(dtype))
                    # outputs aliasing their inputs: the old values are read first
                    dv, dm, dvar = self.dev(v.clone()), self.dev(m.clone()), self.dev(var.clone())
                    self.run_op("AdamApplyOne", self.dev(g).handle, dv.handle, dm.handle,
                                dvar.handle, self.dev(lr).handle, self.dev(b1).handle,
                                self.dev(c1).handle, self.dev(b2).handle, self.dev(c2).handle,
                                self.dev(eps).handle, dv.handle, dm.handle, dvar.handle)
                    for t, ref in zip((dv, dm, dvar), (nv, nm, d["var"] - d["lr"] * ratio)):
                        check(self, t.read(), ref.to(dtype), "AdamApplyOne aliased %s %s" % (
                            dtype, shape), tol=tol(dtype))
        x = self.dev(torch.zeros((2, 3), dtype=F32)).handle
        one = self.dev(torch.zeros((1,), dtype=F32)).handle
        h = self.dev(torch.zeros((2, 3), dtype=F16)).handle
        ok = [x, x, x, x, one, one, one, one, one, one]
        self.refused("AdamApplyOne", 161001, x, x, 0, *ok[3:], x, x, x)
        self.refused("AdamApplyOne", 161002, *ok, x, x, h)
        self.refused("AdamApplyOne", 161002, *ok[:4], self.dev(torch.zeros((2,), dtype=F32)).handle,
                     *ok[5:], x, x, x)
        self.refused("AdamApplyOneWithDecay", 161001, *ok, one, x, x, 0)
        self.refused("AdamApplyOneWithDecayAssign", 161002, x, one, *ok[2:], one, x, x, x)
        self.refused("AdamApplyOne", 161002, self.dev(torch.zeros((2, 3), dtype=BF16)).handle,
                     *ok[1:], x, x, x)

    def test_adagrad_d(self):
        """ApplyAdagradD (AG1) against torch.optim.Adagrad's step (no decay, initial accumulator
        the stored accum, eps 0) and, without updateSlots, against the formula."""
        rng = random.Random(SEED + 7)
        for dtype in (F32, F16, BF16):
            for shape in SHAPES:
                var = gen(rng, shape, dtype, special=False)
                acc = gen(rng, shape, dtype, lo=0.5, hi=2.0, special=False)
                g = gen(rng, shape, dtype, special=False)
                lr = gen(rng, (1,), dtype, lo=0.05, hi=0.5, special=False)
                for upd in (True, False):
                    p = var.double().clone().requires_grad_()
                    p.grad = g.double().clone()
                    if upd:
                        opt = torch.optim.Adagrad([p], lr=float(lr.double()), eps=0.0)
                        opt.state[p]["sum"] = acc.double().clone()
                        opt.step()
                        racc = opt.state[p]["sum"]
                    else:
                        with torch.no_grad():
                            p -= lr.double() * g.double() / torch.sqrt(acc.double())
                        racc = acc.double()
                    dv, da = self.dev(var.clone()), self.dev(acc.clone())
                    self.run_op("ApplyAdagradD", dv.handle, da.handle, self.dev(lr).handle,
                                self.dev(view_of(rng, g)).handle, upd, False)
                    what = "ApplyAdagradD %s %s updateSlots=%s" % (dtype, shape, upd)
                    check(self, dv.read(), p.detach().to(dtype), what + " var", tol=tol(dtype))
                    check(self, da.read(), racc.to(dtype), what + " accum", tol=tol(dtype))
        x = self.dev(torch.zeros((2, 3), dtype=F32)).handle
        one = self.dev(torch.zeros((1,), dtype=F32)).handle
        self.refused("ApplyAdagradD", 161001, x, x, 0, x, True, False)
        self.refused("ApplyAdagradD", 161002, x, x, x, x, True, False)
        self.refused("ApplyAdagradD", 161002, x, self.dev(torch.zeros((3, 2), dtype=F32)).handle,
                     one, x, True, False)
        self.refused("ApplyAdagradD", 161002, x, x, one,
                     self.dev(torch.zeros((2, 3), dtype=F16)).handle, True, False)

    def test_adam_d(self):
        """ApplyAdamD (AD1) against TensorFlow's ApplyAdam formula in DOUBLE from the stored
        inputs (torch.optim.Adam places epsilon differently), with and without Nesterov, and
        with the outputs on their inputs."""
        rng = random.Random(SEED + 8)
        for dtype in (F32, F16):
            for shape in SHAPES:
                var = gen(rng, shape, dtype, special=False)
                m = gen(rng, shape, dtype, special=False)
                v = gen(rng, shape, dtype, lo=0.0, hi=2.0, special=False)
                g = gen(rng, shape, dtype, special=False)
                c = {k: torch.tensor([x], dtype=dtype) for k, x in (
                    ("b1p", 0.81), ("b2p", 0.9801), ("lr", 0.01), ("b1", 0.9), ("b2", 0.99),
                    ("eps", 1e-3))}
                d = {k: t.double() for k, t in c.items()}
                nm = d["b1"] * m.double() + (1 - d["b1"]) * g.double()
                nv = d["b2"] * v.double() + (1 - d["b2"]) * g.double() ** 2
                lr = d["lr"] * torch.sqrt(1 - d["b2p"]) / (1 - d["b1p"])
                for nesterov in (False, True):
                    num = nm * d["b1"] + (1 - d["b1"]) * g.double() if nesterov else nm
                    nvar = var.double() - lr * num / (d["eps"] + torch.sqrt(nv))
                    outs = [self.dev(torch.zeros(shape, dtype=dtype)) for _ in range(3)]
                    self.run_op("ApplyAdamD", self.dev(view_of(rng, var)).handle,
                                self.dev(m).handle, self.dev(v).handle,
                                *[self.dev(c[k]).handle for k in ("b1p", "b2p", "lr", "b1", "b2",
                                                                  "eps")],
                                self.dev(view_of(rng, g)).handle, False, nesterov,
                                *[o.handle for o in outs])
                    what = "ApplyAdamD %s %s nesterov=%s" % (dtype, shape, nesterov)
                    for o, ref, nm_ in zip(outs, (nvar, nm, nv), ("varOut", "mOut", "vOut")):
                        check(self, o.read(), ref.to(dtype), "%s %s" % (what, nm_),
                              tol=tol(dtype))
                # in place: the outputs are var, m, v
                dv, dm, dvv = self.dev(var.clone()), self.dev(m.clone()), self.dev(v.clone())
                self.run_op("ApplyAdamD", dv.handle, dm.handle, dvv.handle,
                            *[self.dev(c[k]).handle for k in ("b1p", "b2p", "lr", "b1", "b2",
                                                              "eps")],
                            self.dev(g).handle, False, False, dv.handle, dm.handle, dvv.handle)
                nvar = var.double() - lr * nm / (d["eps"] + torch.sqrt(nv))
                for t, ref in zip((dv, dm, dvv), (nvar, nm, nv)):
                    check(self, t.read(), ref.to(dtype), "ApplyAdamD in place %s %s" % (
                        dtype, shape), tol=tol(dtype))
        x = self.dev(torch.zeros((2, 3), dtype=F32)).handle
        one = self.dev(torch.zeros((1,), dtype=F32)).handle
        ok = [x, x, x, one, one, one, one, one, one, x]
        self.refused("ApplyAdamD", 161001, *ok[:4], 0, *ok[5:], False, False, x, x, x)
        self.refused("ApplyAdamD", 161002, *ok[:5], x, *ok[6:], False, False, x, x, x)
        self.refused("ApplyAdamD", 161002, *ok, False, False, x, x,
                     self.dev(torch.zeros((2, 3), dtype=F16)).handle)
        self.refused("ApplyAdamD", 161002, *ok, False, False, x, x,
                     self.dev(torch.zeros((3, 2), dtype=F32)).handle)

if __name__ == "__main__":
    unittest.main()
