# SPDX-License-Identifier: Apache-2.0
"""The loss family (ops/loss) against PyTorch (torch 1.13 on the CPU as the oracle).

Every row of ops/loss/table.h through acl.nn (both phases, on a stream), for
FLOAT, FLOAT16 and BFLOAT16, every reduction (none, mean, sum; batchmean for
KlDiv), on seeded random inputs: broadcasting shapes where torch broadcasts,
non-contiguous views, optional weights present and absent. A gradient is
checked against torch's autograd of the forward loss in DOUBLE (gradOutput a
random tensor under none, a random one-element tensor otherwise). Bad input
(a NULL tensor, a refused type, a reduction out of range, shapes that do not
broadcast, a target outside [0, C) at launch) gives its code with a message
naming the operator. References are computed in DOUBLE from the inputs as
stored and rounded once; tolerances as test_ew_torch's, FLOAT16 / BFLOAT16
looser for the reduced results. test_later_versions: the rows of ops-nn's experimental folder
(HuberLoss(Grad), HingeLoss(Grad), HingeEmbeddingLoss, L2Loss, MseLossGrad,
BinaryCrossEntropyV2, GaussianNllLoss, GaussianNllLossGrad, BinaryCrossEntropyGradV2), MultilabelMarginLoss and CrossEntropyLoss against torch's losses and autograd the same way. Skipped (exit 77) without torch."""
import warnings
import random
import unittest

from torchcase import TorchCase, torch  # noqa: E402 (first: torch before acl)

if torch is not None:
    import torch.nn.functional as TF

import acltest  # noqa: E402
from acltest import acl  # noqa: E402

if torch is not None:
    from test_ew_torch import Dev, check, view_of, F16, BF16, F32, F64, I32, I64, TOL  # noqa: E402

setUpModule = acltest.setup_module
tearDownModule = acltest.teardown_module

nn = acl.nn
SEED = 2929
warnings.filterwarnings("ignore", category=UserWarning)  # torch on broadcast targets
REDS = ["none", "mean", "sum"]


def _kl(x, t, reduction, log_target):
    return TF.kl_div(x, t, reduction=reduction, log_target=log_target)


def _bcel(x, t, w, pw, reduction):
    return TF.binary_cross_entropy_with_logits(x, t, weight=w, pos_weight=pw,
                                               reduction=reduction)


# name, torch loss(x, t, extra..., reduction), the targets' range, same shape only,
# extra arguments (("beta", value) or ("log", bool) or ("weight",) / ("posWeight",))
POINTWISE = [
    ("MseLoss", lambda x, t, r: TF.mse_loss(x, t, reduction=r), (-3, 3), False, ()),
    ("MseLossOut", lambda x, t, r: TF.mse_loss(x, t, reduction=r), (-3, 3), False, ()),
    ("L1Loss", lambda x, t, r: TF.l1_loss(x, t, reduction=r), (-3, 3), False, ()),
    ("SmoothL1Loss", lambda x, t, b, r: TF.smooth_l1_loss(x, t, reduction=r, beta=b), (-3, 3),
     False, (("beta", 0.75),)),
    ("SmoothL1Loss", lambda x, t, b, r: TF.smooth_l1_loss(x, t, reduction=r, beta=b), (-3, 3),
     False, (("beta", 0.0),)),
    ("SoftMarginLoss", lambda x, t, r: TF.soft_margin_loss(x, t, reduction=r), "sign", True, ()),
    ("KlDiv", lambda x, t, lg, r: _kl(x, t, r, lg), (0, 1), False, (("log", False),)),
    ("KlDiv", lambda x, t, lg, r: _kl(x, t, r, lg), (-3, 0), False, (("log", True),)),
    ("BinaryCrossEntropy", lambda x, t, w, r: TF.binary_cross_entropy(x, t, w, reduction=r),
     (0, 1), True, (("weight",),)),
    ("BinaryCrossEntropyWithLogits", lambda x, t, w, pw, r: _bcel(x, t, w, pw, r), (0, 1), True,
     (("weight",), ("posWeight",))),
]
BACKWARD = {"MseLoss": "MseLossBackward", "MseLossOut": "MseLossBackward",
            "L1Loss": "L1LossBackward", "SmoothL1Loss": "SmoothL1LossBackward",
            "SoftMarginLoss": "SoftMarginLossBackward",
            "KlDiv": "KlDivBackward", "BinaryCrossEntropy": "BinaryCrossEntropyBackward",
            "BinaryCrossEntropyWithLogits": "BinaryCrossEntropyWithLogitsBackward"}
SHAPES = [((3, 5), (3, 5)), ((4, 1, 3), (5, 1)), ((7,), (1,)), ((2, 3, 4), (2, 3, 4))]


def rand(rng, shape, lo, hi):
    n = 1
    for d in shape:
        n *= d
    return torch.tensor([rng.uniform(lo, hi) for _ in range(n)], dtype=F64).reshape(shape)


def red_tol(dtype, reduced):
    rt, at = TOL[dtype]
    return (rt * 8, at * 8) if reduced and dtype in (F16, BF16) else (rt, at)


@unittest.skipIf(torch is None, "torch (or numpy) is not installed")
class LossTorch(TorchCase):
    runs = 0

    def run_op(self, name, *args):
        ws, ex, ret = nn.get_workspace_size(name, *args)
        self.assertEqual(ret, 0, "aclnn%s: %d %s" % (name, ret, acl.get_recent_err_msg()))
        self.assertEqual(nn.launch(name, 0, 0, ex, self.stream), 0)
        return acl.rt.synchronize_stream(self.stream)

    def test_pointwise(self):
        rng = random.Random(SEED)
        for name, fn, trange, same, extra in POINTWISE:
            for dtype in (F32, F16, BF16):
                for sx, st in SHAPES:
                    if same:
                        st = sx
                    for ri, red in enumerate(REDS + (["batchmean"] if name == "KlDiv" else [])):
                        self.one_pointwise(rng, name, fn, trange, extra, dtype, sx, st, ri, red)
                        LossTorch.runs += 2

    def one_pointwise(self, rng, name, fn, trange, extra, dtype, sx, st, ri, red):
        what = "%s %s %s/%s %s %r" % (name, dtype, sx, st, red, extra)
        if name == "BinaryCrossEntropy":
            x = rand(rng, sx, 0.02, 0.98).to(dtype)
        elif name == "KlDiv":
            x = rand(rng, sx, -3, 0).to(dtype)
        else:
            x = rand(rng, sx, -3, 3).to(dtype)
        if trange == "sign":
            t = torch.tensor([rng.choice((-1.0, 1.0)) for _ in range(torch.Size(st).numel())],
                             dtype=F64).reshape(st).to(dtype)
        else:
            t = rand(rng, st, *trange).to(dtype)
        bshape = torch.broadcast_shapes(sx, st)
        ext_t, ext_c = [], []  # torch's extra arguments, the C call's
        for e in extra:
            if e[0] == "beta":
                ext_t.append(e[1])
                ext_c.append(e[1])
            elif e[0] == "log":
                ext_t.append(e[1])
                ext_c.append(e[1])
            else:  # an optional weight: absent in one case of two
                w = rand(rng, bshape[-1:], 0.5, 2).to(dtype) if rng.random() < 0.5 else None
                ext_t.append(None if w is None else w.double())
                ext_c.append(0 if w is None else self.dev(w).handle)
        reduced = red != "none"
        xd = x.double().requires_grad_()
        ref = fn(xd, t.double(), *ext_t, red)
        ref_out = ref.detach().to(dtype)
        out = self.dev(torch.zeros(ref_out.shape if not reduced else (1,), dtype=dtype))
        cred = 3 if red == "batchmean" else ri
        args = [self.dev(view_of(rng, x)).handle, self.dev(view_of(rng, t)).handle]
        if name in ("BinaryCrossEntropy", "BinaryCrossEntropyWithLogits"):
            args += ext_c + [cred]
        else:
            args += [cred] + ext_c
        self.assertEqual(self.run_op(name, *(args + [out.handle])), 0, what)
        got = out.read()
        check(self, got.reshape(ref_out.shape), ref_out, what, tol=red_tol(dtype, reduced))
        # the gradient with respect to self
        g = (rand(rng, bshape, -2, 2) if not reduced else rand(rng, (), -2, 2)).to(dtype)
        ref.backward(g.double())
        gx = xd.grad.broadcast_to(bshape).to(dtype) if xd.grad is not None else None
        gout = self.dev(torch.zeros(bshape, dtype=dtype))
        bname = BACKWARD[name]
        gargs = [self.dev(g).handle] + args  # the forward's parameters after gradOutput
        self.assertEqual(self.run_op(bname, *(gargs + [gout.handle])), 0, "grad " + what)
        if tuple(sx) == tuple(bshape):
            check(self, gout.read(), gx, "grad " + what, tol=red_tol(dtype, True))
        if name == "KlDiv":  # the gradient with respect to target
            td = t.double().requires_grad_()
            fn(x.double(), td, *ext_t, red).backward(g.double())
            gt = self.dev(torch.zeros(bshape, dtype=dtype))
            self.assertEqual(self.run_op("KlDivTargetBackward", *(gargs + [gt.handle])), 0, what)
            if tuple(st) == tuple(bshape):
                check(self, gt.read(), td.grad.to(dtype), "target grad " + what,
                      tol=red_tol(dtype, True))

    def test_nll(self):
        rng = random.Random(SEED + 1)
        for two_d in (False, True):
            for dtype in (F32, F16, BF16):
                for tdt in (I64, I32):
                    for ri, red in enumerate(REDS):
                        for shape in ([(4, 5), (5,)] if not two_d else [(2, 3, 4, 2)]):
                            self.one_nll(rng, two_d, dtype, tdt, ri, red, shape)
                            LossTorch.runs += 2

    def one_nll(self, rng, two_d, dtype, tdt, ri, red, shape):
        what = "NLL %s %s %s %s" % (shape, dtype, tdt, red)
        C = shape[1] if len(shape) >= 2 else shape[0]
        tshape = shape[:1] + shape[2:] if len(shape) >= 2 else ()
        x = rand(rng, shape, -3, 0).to(dtype)
        n = torch.Size(tshape).numel()
        ignore = rng.choice((-100, 1))
        t = torch.tensor([rng.randrange(C) for _ in range(n)], dtype=I64).reshape(tshape)
        w = rand(rng, (C,), 0.5, 2).to(dtype)
        xd = x.double().requires_grad_()
        ref = TF.nll_loss(xd, t, w.double(), ignore_index=ignore, reduction=red)
        keep = t != ignore
        tw = w.double()[t[keep]].sum() if n else torch.tensor(0.0, dtype=F64)
        reduced = red != "none" or len(shape) == 1
        out = self.dev(torch.zeros(ref.shape if not reduced else (1,), dtype=dtype))
        twout = self.dev(torch.zeros((1,), dtype=dtype))
        xh, th, wh = (self.dev(view_of(rng, x)).handle, self.dev(t.to(tdt)).handle,
                      self.dev(w).handle)
        op = "NLLLoss2d" if two_d else "NLLLoss"
        self.assertEqual(self.run_op(op, xh, th, wh, ri, ignore, out.handle, twout.handle), 0)
        check(self, out.read().reshape(ref.shape), ref.detach().to(dtype), what,
              tol=red_tol(dtype, reduced))
        check(self, twout.read().reshape(()), tw.to(dtype), "totalWeight " + what,
              tol=red_tol(dtype, True))
        g = (rand(rng, ref.shape, -2, 2) if red == "none" else rand(rng, (1,), -2, 2)).to(dtype)
        ref.backward(g.double().reshape(ref.shape))
        gout = self.dev(torch.zeros(shape, dtype=dtype))
        twh = self.dev(tw.to(dtype).reshape(1)).handle
        self.assertEqual(self.run_op(op + "Backward", self.dev(g).handle, xh, th, wh, ri, ignore,
                                     twh, gout.handle), 0, what)
        check(self, gout.read(), xd.grad.to(dtype), "grad " + what, tol=red_tol(dtype, True))

    def test_refused(self):
        x = self.dev(torch.zeros((2, 3), dtype=F32))
        t = self.dev(torch.zeros((2, 3), dtype=F32))
        o = self.dev(torch.zeros((2, 3), dtype=F32))
        bad = self.dev(torch.zeros((4,), dtype=F32))
        i32 = self.dev(torch.zeros((2, 3), dtype=I32))
        self.refused("MseLoss", 161001, 0, t.handle, 0, o.handle)
        self.refused("MseLossOut", 161001, 0, t.handle, 0, o.handle)
        self.refused("MseLossOut", 161002, x.handle, t.handle, 5, o.handle)
        self.refused("MseLoss", 161002, x.handle, t.handle, 5, o.handle)
        self.refused("MseLoss", 161002, x.handle, bad.handle, 0, o.handle)
        self.refused("MseLoss", 161002, i32.handle, t.handle, 0, o.handle)
        self.refused("MseLoss", 161002, x.handle, t.handle, 1, o.handle)  # out not one element
        self.refused("KlDiv", 161002, x.handle, t.handle, 4, False, o.handle)
        self.refused("SmoothL1Loss", 161002, x.handle, t.handle, 0, -1.0, o.handle)
        self.refused("MseLossBackward", 161002, bad.handle, x.handle, t.handle, 0, o.handle)
        # NLL: shapes, target type, an out-of-range class at launch
        tg = self.dev(torch.tensor([0, 7], dtype=I64))
        w = self.dev(torch.ones((3,), dtype=F32))
        one = self.dev(torch.zeros((1,), dtype=F32))
        n2 = self.dev(torch.zeros((2,), dtype=F32))
        self.refused("NLLLoss", 161001, x.handle, tg.handle, 0, 0, -100, n2.handle, one.handle)
        self.refused("NLLLoss", 161002, x.handle, x.handle, w.handle, 0, -100, n2.handle,
                     one.handle)
        self.refused("NLLLoss", 161002, x.handle, tg.handle, bad.handle, 0, -100, n2.handle,
                     one.handle)
        self.refused("NLLLoss2d", 161002, x.handle, tg.handle, w.handle, 0, -100, n2.handle,
                     one.handle)
        ws, ex, ret = nn.get_workspace_size("NLLLoss", x.handle, tg.handle, w.handle, 0, -100,
                                            n2.handle, one.handle)
        self.assertEqual(ret, 0)
        self.assertEqual(nn.launch("NLLLoss", 0, 0, ex, self.stream), 0)
        self.assertNotEqual(acl.rt.synchronize_stream(self.stream), 0)  # class 7 of 3

    def test_later_versions(self):
        """The rows of ops-nn's experimental folder (pointwise.c PW5)."""
        rng = random.Random(SEED + 7)
        for dtype in (F32, F16, BF16):
            for shape in ((3, 5), (2, 3, 4), (0, 3)):
                what = "%s %s" % (dtype, shape)
                x, t = rand(rng, shape, -3, 3).to(dtype), rand(rng, shape, -3, 3).to(dtype)
                sg = torch.tensor([rng.choice((-1.0, 1.0)) for _ in range(x.numel())],
                                  dtype=F64).reshape(shape).to(dtype)
                g = rand(rng, shape, -2, 2).to(dtype)
                xv, tv = self.dev(view_of(rng, x)).handle, self.dev(view_of(rng, t)).handle
                xd = x.double().requires_grad_()
                ref = TF.huber_loss(xd, t.double(), reduction="none", delta=0.8)
                out = self.dev(torch.zeros(shape, dtype=dtype))
                self.assertEqual(self.run_op("HuberLoss", xv, tv, 0.8, out.handle), 0, what)
                check(self, out.read(), ref.detach().to(dtype), "HuberLoss " + what)
                ref.backward(torch.ones(shape, dtype=F64))
                out = self.dev(torch.zeros(shape, dtype=dtype))
                self.assertEqual(self.run_op("HuberLossGrad", xv, tv, 0.8, out.handle), 0, what)
                check(self, out.read(), xd.grad.to(dtype), "HuberLossGrad " + what)
                xd = x.double().requires_grad_()
                ref = (1 - sg.double() * xd).clamp(min=0)  # the hinge loss
                out = self.dev(torch.zeros(shape, dtype=dtype))
                sgh = self.dev(sg).handle
                self.assertEqual(self.run_op("HingeLoss", xv, sgh, out.handle), 0, what)
                check(self, out.read(), ref.detach().to(dtype), "HingeLoss " + what)
                ref.backward(g.double())
                out = self.dev(torch.zeros(shape, dtype=dtype))
                self.assertEqual(self.run_op("HingeLossGrad", xv, sgh, self.dev(g).handle,
                                             out.handle), 0, what)
                # autograd's, but 0 where t x is exactly 1 (torch's clamp passes it there)
                want = torch.where(sg.double() * x.double() < 1, xd.grad, torch.zeros(()))
                check(self, out.read(), want.to(dtype), "HingeLossGrad " + what,
                      tol=red_tol(dtype, True))
                for ri, red in enumerate(REDS):
                    reduced = red != "none"
                    ref = TF.hinge_embedding_loss(x.double(), sg.double(), margin=0.7,
                                                  reduction=red)
                    out = self.dev(torch.zeros(shape if not reduced else (1,), dtype=dtype))
                    self.assertEqual(self.run_op("HingeEmbeddingLoss", xv, sgh, 0.7, red,
                                                 out.handle), 0, what)
                    check(self, out.read().reshape(ref.shape), ref.to(dtype),
                          "HingeEmbeddingLoss %s %s" % (red, what), tol=red_tol(dtype, reduced))
                    xd = x.double().requires_grad_()
                    gr = g if not reduced else rand(rng, (), -2, 2).to(dtype)
                    TF.mse_loss(xd, t.double(), reduction=red).backward(gr.double())
                    out = self.dev(torch.zeros(shape, dtype=dtype))
                    self.assertEqual(self.run_op("MseLossGrad", xv, tv, self.dev(gr).handle, red,
                                                 out.handle), 0, what)
                    check(self, out.read(), xd.grad.to(dtype), "MseLossGrad %s %s" % (red, what),
                          tol=red_tol(dtype, True))
                out = self.dev(torch.zeros((1,), dtype=dtype))
                self.assertEqual(self.run_op("L2Loss", xv, out.handle), 0, what)
                check(self, out.read().reshape(()), (x.double() ** 2).sum().mul(0.5).to(dtype),
                      "L2Loss " + what, tol=red_tol(dtype, True))
                if dtype != BF16:
                    p = rand(rng, shape, 0.02, 0.98).to(dtype)
                    q = rand(rng, shape, 0, 1).to(dtype)
                    out = self.dev(torch.zeros(shape, dtype=dtype))
                    self.assertEqual(self.run_op("BinaryCrossEntropyV2", self.dev(p).handle,
                                                 self.dev(view_of(rng, q)).handle, out.handle), 0)
                    check(self, out.read(), TF.binary_cross_entropy(
                        p.double(), q.double(), reduction="none").to(dtype), "BCEV2 " + what)
        x = self.dev(torch.zeros((2, 3), dtype=F32))
        o = self.dev(torch.zeros((2, 3), dtype=F32))
        self.refused("HuberLoss", 161002, x.handle, x.handle, 0.0, o.handle)
        self.refused("HuberLoss", 161001, x.handle, 0, 1.0, o.handle)
        self.refused("HingeEmbeddingLoss", 161002, x.handle, x.handle, 1.0, "avg", o.handle)
        self.refused("MseLossGrad", 161002, x.handle, x.handle, x.handle, "mean",
                     self.dev(torch.zeros((2, 3), dtype=I32)).handle)
        self.refused("L2Loss", 161002, x.handle, o.handle)  # y must hold one element
        self.refused("BinaryCrossEntropyV2", 161002, self.dev(torch.zeros((2, 3), dtype=BF16))
                     .handle, x.handle, o.handle)


    def test_logit(self):
        """Logit against torch.logit (eps < 0: no clamp) and LogitGrad against its
        autograd (0 outside [eps, 1 - eps])."""
        rng = random.Random(SEED + 7)
        for dtype in (F32, F16, BF16):
            for shape in ((7,), (3, 5), (2, 3, 4), (0, 2)):
                for eps in (-1.0, 0.0, 0.1, 0.25):
                    n = 1
                    for d in shape:
                        n *= d
                    x = torch.tensor([rng.uniform(-0.1, 1.1) for _ in range(n)],
                                     dtype=F64).reshape(shape).to(dtype)
                    dy = torch.tensor([rng.uniform(-2, 2) for _ in range(n)],
                                      dtype=F64).reshape(shape).to(dtype)
                    xd = x.double().requires_grad_()
                    ref = torch.logit(xd, None if eps < 0 else eps)
                    if n:
                        ref.backward(dy.double())
                    what = "Logit %s %s eps=%g" % (dtype, shape, eps)
                    out = self.dev(torch.zeros(shape, dtype=dtype))
                    self.run_op("Logit", self.dev(view_of(random.Random(n), x)).handle, eps,
                                out.handle)
                    check(self, out.read(), ref.detach().to(dtype), what, tol=TOL[dtype])
                    g = self.dev(torch.zeros(shape, dtype=dtype))
                    self.run_op("LogitGrad", self.dev(x).handle, self.dev(view_of(rng, dy)).handle,
                                eps, g.handle)
                    if n:
                        check(self, g.read(), xd.grad.to(dtype), what + " grad", tol=TOL[dtype])
        x = self.dev(torch.zeros((2, 3), dtype=F32))
        y = self.dev(torch.zeros((3, 2), dtype=F32))
        i = self.dev(torch.zeros((2, 3), dtype=I32))
        self.refused("Logit", 161001, 0, 0.1, x.handle)
        self.refused("Logit", 161002, x.handle, 0.1, y.handle)
        self.refused("Logit", 161002, i.handle, 0.1, i.handle)
        self.refused("LogitGrad", 161002, x.handle, y.handle, 0.1, x.handle)
        self.refused("LogitGrad", 161001, x.handle, 0, 0.1, x.handle)

    def test_bce_grad_v2(self):
        """BinaryCrossEntropyGradV2 against autograd of torch's binary_cross_entropy."""
        rng = random.Random(SEED + 12)
        for dtype in (F32, F16):
            for shape in ((3, 5), (2, 3, 4), (0, 3)):
                for red, rname in ((0, "none"), (1, "mean"), (2, "sum")):
                    x = rand(rng, shape, 0.05, 0.95).to(dtype)
                    t = rand(rng, shape, 0, 1).to(dtype)
                    w = rand(rng, shape, 0.5, 2).to(dtype)
                    xd = x.double().requires_grad_()
                    loss = TF.binary_cross_entropy(xd, t.double(), weight=w.double(),
                                                   reduction=rname)
                    g = rand(rng, shape if red == 0 else (), -2, 2).to(dtype)
                    if x.numel():
                        loss.backward(g.double())
                        ref = xd.grad
                    else:
                        ref = torch.zeros(shape, dtype=F64)
                    out = self.dev(torch.zeros(shape, dtype=dtype))
                    self.run_op("BinaryCrossEntropyGradV2", self.dev(g).handle,
                                self.dev(view_of(rng, x)).handle, self.dev(t).handle,
                                self.dev(w).handle, red, out.handle)
                    check(self, out.read(), ref.to(dtype),
                          "BinaryCrossEntropyGradV2 %s %s %s" % (dtype, shape, rname),
                          tol=red_tol(dtype, True))
        x = self.dev(torch.zeros((2, 3), dtype=F32))
        b = self.dev(torch.zeros((2, 3), dtype=BF16))
        self.refused("BinaryCrossEntropyGradV2", 161001, x.handle, x.handle, x.handle, 0, 0,
                     x.handle)
        self.refused("BinaryCrossEntropyGradV2", 161002, x.handle, x.handle, x.handle, x.handle, 3,
                     x.handle)
        self.refused("BinaryCrossEntropyGradV2", 161002, b.handle, b.handle, b.handle, b.handle, 0,
                     b.handle)

    def test_multilabel_margin_loss(self):
        """MultilabelMarginLoss (ML1) against torch's multilabel_margin_loss, isTarget against
        the labels' mask; targets with and without -1, repeated labels; a label out of range
        fails the launch (ML2)."""
        rng = random.Random(SEED + 13)
        for dtype in (F32, F16, BF16):
            for it in (I32, I64):
                for shape in ((3, 5), (4,), (2, 1), (0, 3)):
                    x = rand(rng, shape, -2, 2).to(dtype)
                    C = shape[-1]
                    rows = 1 if len(shape) == 1 else shape[0]
                    tl = []
                    for _ in range(rows):
                        k = rng.randint(0, C)
                        r = [rng.randrange(C) for _ in range(k)] + [-1] * (C - k)
                        if k < C and rng.random() < 0.3:
                            r[-1] = rng.randrange(C)  # after the -1: not a label
                        tl.append(r)
                    t = torch.tensor(tl, dtype=I64).reshape(shape) if rows else \
                        torch.zeros(shape, dtype=I64)
                    ist = torch.zeros(shape, dtype=F64)
                    for n, r in enumerate(tl):
                        for y in r:
                            if y < 0:
                                break
                            if len(shape) == 1:
                                ist[y] = 1
                            else:
                                ist[n, y] = 1
                    for red, rname in ((0, "none"), (1, "mean"), (2, "sum")):
                        ref = TF.multilabel_margin_loss(x.double(), t, reduction=rname)
                        if red and x.numel() == 0:  # torch returns uninitialised memory here
                            ref = torch.zeros((), dtype=F64)
                        out = self.dev(torch.zeros(ref.shape if red == 0 else (), dtype=dtype))
                        it_out = self.dev(torch.zeros(shape, dtype=dtype))
                        what = "MultilabelMarginLoss %s %s %s %s" % (dtype, it, shape, rname)
                        self.assertEqual(self.run_op("MultilabelMarginLoss",
                                                     self.dev(view_of(rng, x)).handle,
                                                     self.dev(t.to(it)).handle, red, out.handle,
                                                     it_out.handle), 0, what)
                        check(self, out.read(), ref.to(dtype), what, tol=red_tol(dtype, True))
                        check(self, it_out.read(), ist.to(dtype), what + " isTarget")
        x = self.dev(torch.zeros((2, 3), dtype=F32))
        t = self.dev(torch.zeros((2, 3), dtype=I64))
        o = self.dev(torch.zeros((2,), dtype=F32))
        self.refused("MultilabelMarginLoss", 161001, x.handle, 0, 0, o.handle, x.handle)
        self.refused("MultilabelMarginLoss", 161002, x.handle, x.handle, 0, o.handle, x.handle)
        self.refused("MultilabelMarginLoss", 161002, x.handle, t.handle, 3, o.handle, x.handle)
        self.refused("MultilabelMarginLoss", 161002, x.handle, t.handle, 0, x.handle, x.handle)
        self.refused("MultilabelMarginLoss", 161002, x.handle, t.handle, 0, o.handle,
                     self.dev(torch.zeros((2, 3), dtype=F16)).handle)
        self.refused("MultilabelMarginLoss", 161002, self.dev(torch.zeros((1, 2, 3),
                                                                        dtype=F32)).handle,
                     self.dev(torch.zeros((1, 2, 3), dtype=I64)).handle, 0, o.handle, x.handle)
        bad = self.dev(torch.tensor([[0, 3, -1], [1, -1, 0]], dtype=I64))
        ws, ex, ret = nn.get_workspace_size("MultilabelMarginLoss", x.handle, bad.handle, 0,
                                            o.handle, x.handle)
        self.assertEqual(ret, 0)
        self.assertEqual(nn.launch("MultilabelMarginLoss", 0, 0, ex, self.stream), 0)
        self.assertNotEqual(acl.rt.synchronize_stream(self.stream), 0)  # label 3 of 3

    def test_cross_entropy_loss(self):
        """CrossEntropyLoss (CE1-CE4) against torch's cross_entropy and log_softmax: weights
        present and absent, ignoreIndex, label smoothing, every reduction (NULL: mean)."""
        rng = random.Random(SEED + 14)
        for dtype in (F32, F16, BF16):
            for it in (I32, I64):
                for N, C in ((4, 5), (1, 3), (6, 2), (0, 3)):
                    x = rand(rng, (N, C), -3, 3).to(dtype)
                    t = torch.tensor([rng.randrange(C) for _ in range(N)], dtype=I64)
                    if N > 2:
                        t[1] = -100
                    w = rand(rng, (C,), 0.5, 2).float()
                    for has_w in (False, True):
                        for ls in (0.0, 0.2):
                            for red in (None, "none", "mean", "sum"):
                                ww = w.double() if has_w else None
                                ref = TF.cross_entropy(x.double(), t, weight=ww, ignore_index=-100,
                                                       reduction=red or "mean",
                                                       label_smoothing=ls)
                                lp = TF.log_softmax(x.double(), 1)
                                lo = self.dev(torch.zeros((N,) if red == "none" else (1,),
                                                          dtype=dtype))
                                lpo = self.dev(torch.zeros((N, C), dtype=dtype))
                                z1 = self.dev(torch.zeros((1,), dtype=dtype))
                                z2 = self.dev(torch.zeros((N,), dtype=dtype))
                                what = "CrossEntropyLoss %s %s %dx%d w=%s ls=%g %s" % (
                                    dtype, it, N, C, has_w, ls, red)
                                self.assertEqual(self.run_op(
                                    "CrossEntropyLoss", self.dev(view_of(rng, x)).handle,
                                    self.dev(t.to(it)).handle,
                                    self.dev(w).handle if has_w else 0, red, -100, ls, 0.0, False,
                                    lo.handle, lpo.handle, z1.handle, z2.handle), 0, what)
                                got = lo.read()
                                check(self, got.reshape(ref.shape), ref.to(dtype), what,
                                      tol=red_tol(dtype, True))
                                check(self, lpo.read(), lp.to(dtype), what + " logProbOut")
        x = self.dev(torch.zeros((2, 3), dtype=F32))
        t = self.dev(torch.zeros((2,), dtype=I64))
        o = self.dev(torch.zeros((1,), dtype=F32))
        z = self.dev(torch.zeros((2,), dtype=F32))
        self.refused("CrossEntropyLoss", 161001, x.handle, 0, 0, "mean", -100, 0.0, 0.0, False,
                     o.handle, x.handle, o.handle, z.handle)
        self.refused("CrossEntropyLoss", 161002, x.handle, t.handle, 0, "avg", -100, 0.0, 0.0,
                     False, o.handle, x.handle, o.handle, z.handle)
        self.refused("CrossEntropyLoss", 161002, x.handle, t.handle, 0, "mean", -100, 0.0, 0.0,
                     True, o.handle, x.handle, o.handle, z.handle)
        self.refused("CrossEntropyLoss", 161002, x.handle, t.handle, 0, "mean", -100, 1.5, 0.0,
                     False, o.handle, x.handle, o.handle, z.handle)
        self.refused("CrossEntropyLoss", 161002, x.handle, t.handle,
                     self.dev(torch.zeros((3,), dtype=F16)).handle, "mean", -100, 0.0, 0.0,
                     False, o.handle, x.handle, o.handle, z.handle)
        bad = self.dev(torch.tensor([0, 3], dtype=I64))
        ws, ex, ret = nn.get_workspace_size("CrossEntropyLoss", x.handle, bad.handle, 0, "mean",
                                            -100, 0.0, 0.0, False, o.handle, x.handle, o.handle,
                                            z.handle)
        self.assertEqual(ret, 0)
        self.assertEqual(nn.launch("CrossEntropyLoss", 0, 0, ex, self.stream), 0)
        self.assertNotEqual(acl.rt.synchronize_stream(self.stream), 0)  # class 3 of 3

    def test_cross_entropy_loss_grad(self):
        """CrossEntropyLossGrad (CE5) against autograd of torch's cross_entropy in DOUBLE, from
        the forward's log_softmax rounded to the type: weights present and absent, ignoreIndex,
        label smoothing, every reduction (NULL: mean), strided logProb, the z-loss inputs given
        and unused; CrossEntropyGrad (CE6) against softmax - one_hot; the refusals."""
        rng = random.Random(SEED + 31)
        for dtype in (F32, F16, BF16):
            for N, C in ((4, 5), (1, 3), (6, 2), (0, 3)):
                x = rand(rng, (N, C), -3, 3).to(dtype)
                t = torch.tensor([rng.randrange(C) for _ in range(N)], dtype=I64)
                if N > 2:
                    t[1] = -100
                w = rand(rng, (C,), 0.5, 2).float()
                for has_w in (False, True):
                    for ls in (0.0, 0.2):
                        for red in (None, "none", "mean", "sum"):
                            shp = (N,) if red == "none" else ()
                            g = rand(rng, shp, 0.5, 2).to(dtype)
                            xd = x.double().requires_grad_()
                            loss = TF.cross_entropy(xd, t, weight=w.double() if has_w else None,
                                                    ignore_index=-100, reduction=red or "mean",
                                                    label_smoothing=ls)
                            if N:
                                loss.backward(g.double())
                            ref = xd.grad if N else torch.zeros((N, C), dtype=F64)
                            lp = TF.log_softmax(x.double(), 1).to(dtype)
                            out = self.dev(torch.zeros((N, C), dtype=dtype))
                            zl = self.dev(torch.zeros(shp, dtype=dtype))
                            lse = self.dev(torch.ones((N,), dtype=dtype))
                            what = "CrossEntropyLossGrad %s %dx%d w=%s ls=%g %s" % (
                                dtype, N, C, has_w, ls, red)
                            self.assertEqual(self.run_op(
                                "CrossEntropyLossGrad", self.dev(g).handle,
                                self.dev(view_of(rng, lp)).handle, self.dev(t).handle,
                                self.dev(w).handle if has_w else 0, zl.handle, lse.handle, red,
                                -100, ls, 0.0, out.handle), 0, what)
                            check(self, out.read(), ref.to(dtype), what,
                                  tol=red_tol(dtype, True))
                ti = torch.tensor([rng.randrange(C) for _ in range(N)], dtype=I32)
                ref = torch.softmax(x.double(), 1) - TF.one_hot(ti.long(), C).double()
                out = self.dev(torch.zeros((N, C), dtype=dtype))
                self.assertEqual(self.run_op("CrossEntropyGrad", self.dev(view_of(rng, x)).handle,
                                             self.dev(ti).handle, out.handle), 0)
                check(self, out.read(), ref.to(dtype), "CrossEntropyGrad %s %dx%d" % (dtype, N, C),
                      tol=red_tol(dtype, True))
        x = self.dev(torch.zeros((2, 3), dtype=F32))
        h = self.dev(torch.zeros((2, 3), dtype=F16))
        t = self.dev(torch.zeros((2,), dtype=I64))
        t32 = self.dev(torch.zeros((2,), dtype=I32))
        s = self.dev(torch.zeros((), dtype=F32))
        n2 = self.dev(torch.zeros((2,), dtype=F32))
        n2h = self.dev(torch.zeros((2,), dtype=F16))
        ok = [s.handle, x.handle, t.handle, 0, 0, 0, "mean", -100, 0.0, 0.0, x.handle]
        self.assertEqual(self.run_op("CrossEntropyLossGrad", *ok), 0)
        for at in (0, 1, 2, 10):
            self.refused("CrossEntropyLossGrad", 161001, *ok[:at], 0, *ok[at + 1:])
        self.refused("CrossEntropyLossGrad", 161002, *ok[:6], "avg", *ok[7:])
        self.refused("CrossEntropyLossGrad", 161002, *ok[:8], 1.5, *ok[9:])
        self.refused("CrossEntropyLossGrad", 161002, *ok[:9], 0.5, *ok[10:])
        self.refused("CrossEntropyLossGrad", 161002, *ok[:2], t32.handle, *ok[3:])
        self.refused("CrossEntropyLossGrad", 161002, *ok[:10], h.handle)
        self.refused("CrossEntropyLossGrad", 161002, n2.handle, *ok[1:])  # [N] under mean
        self.refused("CrossEntropyLossGrad", 161002, *ok[:6], "none", *ok[7:])  # 0-d under none
        self.refused("CrossEntropyLossGrad", 161002, *ok[:4], n2h.handle, *ok[5:])
        self.refused("CrossEntropyLossGrad", 161002, *ok[:3], n2.handle, *ok[4:])  # weight [C]
        self.refused("CrossEntropyGrad", 161001, x.handle, 0, x.handle)
        self.refused("CrossEntropyGrad", 161002, x.handle, t.handle, x.handle)
        self.refused("CrossEntropyGrad", 161002, x.handle, t32.handle, h.handle)
        self.refused("CrossEntropyGrad", 161002, n2.handle, t32.handle, n2.handle)
        bad = self.dev(torch.tensor([0, 3], dtype=I32))
        ws, ex, ret = nn.get_workspace_size("CrossEntropyGrad", x.handle, bad.handle, x.handle)
        self.assertEqual(ret, 0)
        self.assertEqual(nn.launch("CrossEntropyGrad", 0, 0, ex, self.stream), 0)
        self.assertNotEqual(acl.rt.synchronize_stream(self.stream), 0)  # class 3 of 3

    def test_gaussian_nll_loss_grad(self):
        """GaussianNllLossGrad (GNG1-GNG2) against torch's autograd of gaussian_nll_loss in
        DOUBLE (whose no-grad clamp of var passes the gradient, as CANN's): var of input's
        shape, last dim 1, without its last dim, one element; target broadcast on one dim;
        every reduction."""
        rng = random.Random(SEED + 13)
        for dtype in (F32, F16, BF16):
            for shape in ((3, 5), (2, 3, 4), (0, 3)):
                x = rand(rng, shape, -3, 3).to(dtype)
                for vs in (shape, shape[:-1] + (1,), shape[:-1], (1,)):
                    var = rand(rng, vs, 0.1, 2.0).to(dtype)
                    if var.numel():
                        var.view(-1)[0] = 0.01  # below eps (0.05): clamped
                    for ts in (shape, (1,) + shape[1:]):
                        t = rand(rng, ts, -3, 3).to(dtype)
                        for red in ("none", "mean", "sum"):
                            xd = x.double().requires_grad_()
                            vd = var.double().requires_grad_()
                            ve = vd.expand(shape) if vs == (1,) else vd
                            loss = TF.gaussian_nll_loss(xd, t.double(), ve, eps=0.05,
                                                        reduction=red)
                            g = rand(rng, loss.shape, -2, 2).to(dtype)
                            if x.numel():
                                loss.backward(g.double())
                            rx = xd.grad if xd.grad is not None else torch.zeros(shape, dtype=F64)
                            rv = vd.grad if vd.grad is not None else torch.zeros(vs, dtype=F64)
                            gx = self.dev(torch.zeros(shape, dtype=dtype))
                            gv = self.dev(torch.full(vs, 9.0, dtype=dtype))
                            gdev = self.dev(g.reshape(shape if red == "none" else (1,)))
                            self.run_op("GaussianNllLossGrad", gdev.handle,
                                        self.dev(view_of(rng, x)).handle, self.dev(t).handle,
                                        self.dev(var).handle, rng.random() < 0.5, 0.05, red,
                                        gx.handle, gv.handle)
                            what = "GaussianNllLossGrad %s x%s t%s v%s %s" % (dtype, shape, ts,
                                                                             vs, red)
                            check(self, gx.read(), rx.to(dtype), what,
                                  tol=red_tol(dtype, red != "none"))
                            check(self, gv.read(), rv.to(dtype), what + " gradVar",
                                  tol=red_tol(dtype, True))
        x = self.dev(torch.zeros((2, 3)))
        one = self.dev(torch.zeros((1,)))
        args = [one, x, x, x, False, 1e-6, "mean", x, x]

        def call(**kw):
            a = list(args)
            for k, v in kw.items():
                a[int(k[1:])] = v
            return [v.handle if isinstance(v, Dev) else v for v in a]
        self.refused("GaussianNllLossGrad", 161001, *call(a1=None))
        self.refused("GaussianNllLossGrad", 161001, *call(a6=None))
        self.refused("GaussianNllLossGrad", 161002, *call(a5=0.0))
        self.refused("GaussianNllLossGrad", 161002, *call(a6="avg"))
        self.refused("GaussianNllLossGrad", 161002, *call(a0=x))  # mean: one element
        self.refused("GaussianNllLossGrad", 161002, *call(a6="none"))  # none: input's shape
        self.refused("GaussianNllLossGrad", 161002, *call(a2=self.dev(torch.zeros((1, 1)))))
        self.refused("GaussianNllLossGrad", 161002, *call(a3=self.dev(torch.zeros((3,)))))
        self.refused("GaussianNllLossGrad", 161002, *call(a8=self.dev(torch.zeros((3, 2)))))
        self.refused("GaussianNllLossGrad", 161002, *call(a7=self.dev(torch.zeros((2, 3), dtype=F16))))

    def test_gaussian_nll_loss(self):
        """GaussianNllLoss (PW5) against torch.nn.functional.gaussian_nll_loss: var of input's
        shape, broadcast (last dim 1), input's shape less its last dim, one element; target
        broadcast along one dim; full on and off; every reduction (NULL: mean)."""
        rng = random.Random(SEED + 11)
        for dtype in (F32, F16, BF16):
            for shape in ((3, 5), (2, 3, 4), (0, 3)):
                x = rand(rng, shape, -3, 3).to(dtype)
                vshapes = [shape, shape[:-1] + (1,), shape[:-1], (1,)]
                tshapes = [shape, (1,) + shape[1:]]
                for vs in vshapes:
                    var = rand(rng, vs, 0.0, 2.0).to(dtype)
                    if var.numel():
                        var.view(-1)[0] = 0  # clamped to eps (0.05)
                    for ts in tshapes:
                        t = rand(rng, ts, -3, 3).to(dtype)
                        for full in (False, True):
                            for red in (None, "none", "mean", "sum"):
                                what = "GaussianNllLoss %s x%s t%s v%s full=%s %s" % (
                                    dtype, shape, ts, vs, full, red)
                                # torch refuses a one-element var of another rank: expanded
                                vd = var.double().expand(shape) if vs == (1,) else var.double()
                                ref = TF.gaussian_nll_loss(x.double(), t.double(), vd,
                                                           full=full, eps=0.05,
                                                           reduction=red or "mean")
                                oshape = shape if red == "none" else ()
                                out = self.dev(torch.zeros(oshape, dtype=dtype))
                                self.run_op("GaussianNllLoss", self.dev(view_of(rng, x)).handle,
                                            self.dev(t).handle, self.dev(var).handle, full, 0.05,
                                            red, out.handle)
                                check(self, out.read(), ref.to(dtype), what,
                                      tol=red_tol(dtype, red != "none"))
        x = self.dev(torch.zeros((2, 3), dtype=F32))
        h = self.dev(torch.zeros((2, 3), dtype=F16))
        o = self.dev(torch.zeros((), dtype=F32))
        self.refused("GaussianNllLoss", 161001, x.handle, x.handle, 0, False, 1e-6, "mean",
                     o.handle)
        self.refused("GaussianNllLoss", 161002, x.handle, x.handle, x.handle, False, 0.0, "mean",
                     o.handle)
        self.refused("GaussianNllLoss", 161002, x.handle, x.handle, x.handle, False, 1e-6, "avg",
                     o.handle)
        self.refused("GaussianNllLoss", 161002, x.handle, h.handle, x.handle, False, 1e-6, "mean",
                     o.handle)
        self.refused("GaussianNllLoss", 161002, x.handle, x.handle,
                     self.dev(torch.zeros((3, 3), dtype=F32)).handle, False, 1e-6, "none",
                     x.handle)
        self.refused("GaussianNllLoss", 161002, x.handle, x.handle, x.handle, False, 1e-6, "none",
                     o.handle)

    def int_array(self, values):
        h, ret = nn.create_int_array(list(values))
        self.assertEqual(ret, 0)
        self.addCleanup(nn.destroy_int_array, h)
        return h

    def test_ctc_loss(self):
        """CtcLoss against torch's _ctc_loss (negLogLikelihood; logAlpha where torch defines it,
        -inf elsewhere) and CtcLossBackward against torch's autograd of ctc_loss(reduction
        none) with a random gradOut: padded and concatenated targets, INT32 / INT64 / FLOAT
        labels, 2-dim logProbs, an impossible alignment with and without zeroInfinity, an
        empty target, every float type (DOUBLE reference)."""
        rng = random.Random(SEED + 40)
        torch.manual_seed(SEED + 40)
        cases = [  # T, N, C, input lengths, target lengths, padded, blank, zeroInfinity
            (6, 3, 5, [6, 5, 3], [3, 2, 0], True, 0, False),
            (6, 3, 5, [6, 4, 2], [2, 3, 3], False, 4, False),   # sample 2 impossible: inf
            (6, 3, 5, [6, 4, 2], [2, 3, 3], True, 4, True),     # ... zeroed
            (5, 1, 4, [5], [2], True, 1, False),                 # 2-dim logProbs
        ]
        for dtype in (F32, F16, BF16, F64):
            for ci, (T, N, C, il, tl, padded, blank, zi) in enumerate(cases):
                two_d = ci == 3
                x = torch.randn(T, N, C, dtype=F64).log_softmax(-1).to(dtype)
                S = max(max(tl), 1)
                labels = [[rng.choice([c for c in range(C) if c != blank]) for _ in range(S)]
                          for _ in range(N)]
                if ci == 1:
                    labels[2] = [1, 1, 1]  # repeats need blanks between them: 5 > 2 steps
                tpad = torch.tensor(labels, dtype=I64)
                tcat = torch.cat([tpad[n, :tl[n]] for n in range(N)])
                tgt = tpad if padded else tcat
                xr = x.double().requires_grad_()
                # (torch wants 3-dim log_probs: the 2-dim case is its N = 1)
                nll_ref, la_ref = torch.ops.aten._ctc_loss(xr, tgt, il, tl, blank, zi)
                loss = torch.nn.functional.ctc_loss(xr, tgt, torch.tensor(il),
                                                    torch.tensor(tl), blank=blank,
                                                    reduction="none", zero_infinity=zi)
                go = torch.rand(loss.shape, dtype=F64).to(dtype)
                gx, = torch.autograd.grad(loss, xr, go.double())
                if two_d:
                    loss, nll_ref, go = loss.reshape(()), nll_ref.reshape(()), go.reshape(())
                xd = x[:, 0] if two_d else x
                A = 2 * max(tl) + 1
                ttype = I32 if dtype == F16 else (F32 if dtype == BF16 else I64)
                tdev = self.dev(tgt.to(ttype))
                nll = self.dev(torch.zeros(() if two_d else (N,), dtype=dtype))
                la = self.dev(torch.zeros(N, T, A, dtype=dtype))
                what = "CtcLoss %s case %d" % (dtype, ci)
                self.assertEqual(self.run_op("CtcLoss", self.dev(xd).handle, tdev.handle,
                                             self.int_array(il), self.int_array(tl), blank, zi,
                                             nll.handle, la.handle), 0, what)
                tol = TOL[dtype] if dtype != F16 else (4e-3, 4e-3)
                # CANN zeroes an infinite loss in the forward (torch's _ctc_loss leaves it to
                # ctc_loss)
                check(self, nll.read().double(), loss.detach().reshape(nll_ref.shape),
                      what + " nll", tol=tol)
                got = la.read().double()
                for n in range(N):
                    ref = la_ref[n, :il[n], :2 * tl[n] + 1].detach()
                    check(self, got[n, :il[n], :2 * tl[n] + 1], ref, what + " logAlpha", tol=tol)
                    self.assertTrue(torch.isneginf(got[n, il[n]:]).all(), what)
                    self.assertTrue(torch.isneginf(got[n, :, 2 * tl[n] + 1:]).all(), what)
                # the backward from the device's forward outputs
                out = self.dev(torch.zeros(xd.shape, dtype=dtype))
                tb = self.dev(tgt.to(I32 if dtype == F16 else I64))
                self.assertEqual(self.run_op("CtcLossBackward", self.dev(go).handle,
                                             self.dev(xd).handle, tb.handle, self.int_array(il),
                                             self.int_array(tl), nll.handle, la.handle, blank,
                                             zi, out.handle), 0, what)
                ref_g = gx[:, 0] if two_d else gx
                gtol = {F32: (1e-4, 1e-4), F64: (1e-9, 1e-9), F16: (2e-2, 2e-2),
                        BF16: (8e-2, 8e-2)}[dtype]
                if not zi and ci == 1:
                    ref_g = ref_g.clone()
                    ref_g[:, 2] = out.read().double()[:, 2]  # inf loss: torch's NaN rows aside
                check(self, out.read().double(), ref_g, what + " grad", tol=gtol)
        lp = self.dev(torch.zeros(4, 2, 3))
        t = self.dev(torch.zeros(2, 2, dtype=I64))
        nll = self.dev(torch.zeros(2))
        la = self.dev(torch.zeros(2, 4, 5))
        il, tl = self.int_array([4, 4]), self.int_array([2, 2])
        self.refused("CtcLoss", 161001, None, t.handle, il, tl, 0, False, nll.handle, la.handle)
        self.refused("CtcLoss", 161002, lp.handle, t.handle, il, tl, 3, False, nll.handle,
                     la.handle)  # blank outside [0, C)
        self.refused("CtcLoss", 161002, lp.handle, t.handle, self.int_array([5, 4]), tl, 0,
                     False, nll.handle, la.handle)  # input length past T
        self.refused("CtcLoss", 161002, lp.handle, t.handle, il, tl, 0, False, nll.handle,
                     self.dev(torch.zeros(2, 4, 6)).handle)  # logAlpha's last dim
        self.refused("CtcLossBackward", 161002, nll.handle, lp.handle,
                     self.dev(torch.zeros(2, 2)).handle, il, tl, nll.handle, la.handle, 0, False,
                     lp.handle)  # FLOAT targets: INT32 / INT64 only


    def test_chamfer_distance_backward(self):
        """ChamferDistanceBackward against torch's autograd of the chamfer distance
        dist1 = |xyz1 - xyz2[idx1]|^2, dist2 = |xyz2 - xyz1[idx2]|^2 with the nearest indices
        (points shared as nearest by several others: the gradients sum), FLOAT and FLOAT16,
        strided inputs; an index outside its point set adds nothing."""
        torch.manual_seed(SEED + 41)
        rng = random.Random(SEED + 41)
        for dtype in (F32, F16):
            for B, N, M in ((2, 5, 3), (1, 4, 7)):
                x1 = (torch.rand(B, N, 2, dtype=F64) * 4 - 2).to(dtype)
                x2 = (torch.rand(B, M, 2, dtype=F64) * 4 - 2).to(dtype)
                d = ((x1.double()[:, :, None] - x2.double()[:, None]) ** 2).sum(-1)
                i1, i2 = d.argmin(2), d.argmin(1)
                a, b = x1.double().requires_grad_(), x2.double().requires_grad_()
                bi = torch.arange(B)[:, None]
                dist1 = ((a - b[bi, i1]) ** 2).sum(-1)
                dist2 = ((b - a[bi, i2]) ** 2).sum(-1)
                g1 = (torch.rand(B, N, dtype=F64) - 0.5).to(dtype)
                g2 = (torch.rand(B, M, dtype=F64) - 0.5).to(dtype)
                ga, gb = torch.autograd.grad([dist1, dist2], [a, b], [g1.double(), g2.double()])
                o1 = self.dev(torch.zeros(B, N, 2, dtype=dtype))
                o2 = self.dev(torch.zeros(B, M, 2, dtype=dtype))
                args = [self.dev(view_of(rng, x1)).handle, self.dev(view_of(rng, x2)).handle,
                        self.dev(i1.to(I32)).handle, self.dev(i2.to(I32)).handle,
                        self.dev(view_of(rng, g1)).handle, self.dev(g2).handle]
                self.assertEqual(self.run_op("ChamferDistanceBackward", *args, o1.handle,
                                             o2.handle), 0)
                what = "ChamferDistanceBackward %s %s" % (dtype, (B, N, M))
                tol = TOL[dtype] if dtype == F32 else (4e-3, 4e-3)
                check(self, o1.read().double(), ga, what + " gradXyz1", tol=tol)
                check(self, o2.read().double(), gb, what + " gradXyz2", tol=tol)
        x = self.dev(torch.zeros(1, 2, 2))
        i = self.dev(torch.tensor([[0, 5]], dtype=I32))
        g = self.dev(torch.zeros(1, 2))
        self.refused("ChamferDistanceBackward", 161001, None, x.handle, i.handle, i.handle,
                     g.handle, g.handle, x.handle, x.handle)
        self.refused("ChamferDistanceBackward", 161002, x.handle, x.handle,
                     self.dev(torch.zeros(1, 2, dtype=I64)).handle, i.handle, g.handle, g.handle,
                     x.handle, x.handle)
        # an index outside its point set adds nothing (CANN's kernel skips it)
        x1 = self.dev(torch.tensor([[[1.0, 2.0], [3.0, 5.0]]]))
        o1, o2 = self.dev(torch.zeros(1, 2, 2)), self.dev(torch.zeros(1, 2, 2))
        self.assertEqual(self.run_op("ChamferDistanceBackward", x1.handle, x.handle, i.handle,
                                     self.dev(torch.tensor([[9, -1]], dtype=I32)).handle,
                                     self.dev(torch.ones(1, 2)).handle, g.handle, o1.handle,
                                     o2.handle), 0)
        # point 0's nearest is xyz2[0] = (0, 0); point 1's index 5 is skipped
        check(self, o1.read(), torch.tensor([[[2.0, 4.0], [0.0, 0.0]]]), "chamfer skip")
        check(self, o2.read(), torch.tensor([[[-2.0, -4.0], [0.0, 0.0]]]), "chamfer skip")


    def test_fused_cross_entropy_loss_with_max_sum(self):
        """FusedCrossEntropyLossWithMaxSum from a row's maximum, sum of exp(logit - max) and
        target logit - max: lossOut against torch's cross_entropy(reduction none) and
        softMaxOut against torch's softmax, the logits FLOAT, FLOAT16, BFLOAT16 (and absent)."""
        torch.manual_seed(SEED + 42)
        R, V = 6, 11
        for dtype in (F32, F16, BF16, None):
            lg = (torch.randn(R, V, dtype=F64) * 3).to(dtype or F32)
            x = lg.double()
            tgt = torch.randint(0, V, (R,))
            mx = x.max(1).values
            se = (x - mx[:, None]).exp().sum(1)
            pl = x[torch.arange(R), tgt] - mx
            loss = self.dev(torch.zeros(R))
            sm = self.dev(torch.zeros(R, V))
            args = [self.dev(mx.float()).handle, self.dev(se.float()).handle,
                    self.dev(pl.float()).handle, 0.0, None, None,
                    self.dev(lg).handle if dtype else None, loss.handle,
                    sm.handle if dtype else None]
            self.assertEqual(self.run_op("FusedCrossEntropyLossWithMaxSum", *args), 0)
            what = "FusedCrossEntropyLossWithMaxSum %s" % dtype
            ref = torch.nn.functional.cross_entropy(x, tgt, reduction="none")
            check(self, loss.read().double(), ref, what + " loss", tol=(2e-6, 2e-6))
            if dtype:
                check(self, sm.read().double(), torch.softmax(x, 1), what + " softmax",
                      tol=(2e-6, 2e-6))
            else:
                self.assertEqual(sm.read().abs().sum().item(), 0.0)
        m = self.dev(torch.zeros(3)).handle
        self.refused("FusedCrossEntropyLossWithMaxSum", 161001, None, m, m, 0.0, None, None, None,
                     m, None)
        self.refused("FusedCrossEntropyLossWithMaxSum", 161002, m, m, m, 0.1, None, None, None, m,
                     None)  # labelSmoothing
        self.refused("FusedCrossEntropyLossWithMaxSum", 161001, m, m, m, 0.0, None, None,
                     self.dev(torch.zeros(3, 4)).handle, m, None)  # softMaxOut needed


if __name__ == "__main__":
    unittest.main()
