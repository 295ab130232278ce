# SPDX-License-Identifier: Apache-2.0
"""Multi-scale deformable attention (ops/attention/deformable_attn.c) against PyTorch.

The oracle is Deformable DETR's reference in PyTorch (mmcv's multi_scale_deformable_attn_pytorch):
value split into its levels, each sampled with torch.nn.functional.grid_sample (bilinear,
zeros padding, align_corners=False) at 2 * location - 1, weighted by attnWeight and summed; its
gradient is torch's autograd of the same, in DOUBLE from the inputs as stored. For FLOAT, FLOAT16
and BFLOAT16, INT32 and INT64 shapes: several levels of different sizes, points inside, on the
border and outside the maps (zeros), strided inputs. Bad input gives its code with a message
naming the operator; keys past num_keys (a level running past them) add zero. Skipped without
torch."""
import random
import unittest

from torchcase import TorchCase, torch  # noqa: E402 (first: torch before acl)

import acltest  # noqa: E402
from acltest import acl  # noqa: E402

if torch is not None:
    import torch.nn.functional as TF
    from test_ew_torch import check, F16, BF16, F32, F64, I32, I64  # noqa: E402

setUpModule = acltest.setup_module
tearDownModule = acltest.teardown_module

nn = acl.nn
SEED = 1516


def msda_ref(value, shapes, loc, attn):
    """Deformable DETR's reference: (bs, nq, nh * C)."""
    bs, _, nh, C = value.shape
    _, nq, _, nl, npt, _ = loc.shape
    splits = value.split([int(h) * int(w) for h, w in shapes], dim=1)
    grids = 2 * loc - 1
    outs = []
    for lvl, (h, w) in enumerate(shapes):
        v = splits[lvl].flatten(2).transpose(1, 2).reshape(bs * nh, C, int(h), int(w))
        g = grids[:, :, :, lvl].transpose(1, 2).flatten(0, 1)
        outs.append(TF.grid_sample(v, g, mode="bilinear", padding_mode="zeros",
                                   align_corners=False))
    a = attn.transpose(1, 2).reshape(bs * nh, 1, nq, nl * npt)
    out = (torch.stack(outs, dim=-2).flatten(-2) * a).sum(-1).view(bs, nh * C, nq)
    return out.transpose(1, 2).contiguous()


def _strided(rng, t):
    if rng.random() < 0.5 or t.dim() == 0:
        return t
    wide = torch.zeros(t.shape[:-1] + (t.shape[-1] * 2,), dtype=t.dtype)
    v = wide[..., ::2]
    v.copy_(t)
    return v


@unittest.skipIf(torch is None, "torch (or numpy) is not installed")
class DeformableAttnTorch(TorchCase):
    def case(self, rng, dtype, it, bs=2, nh=2, C=4, nq=5, npt=3,
             shapes=((3, 4), (2, 2), (1, 3))):
        K = sum(h * w for h, w in shapes)
        starts = [0]
        for h, w in shapes[:-1]:
            starts.append(starts[-1] + h * w)
        nl = len(shapes)
        value = (torch.rand(bs, K, nh, C, dtype=F64) * 2 - 1).to(dtype)
        # inside, on the border and outside the maps
        loc = (torch.rand(bs, nq, nh, nl, npt, 2, dtype=F64) * 1.4 - 0.2).to(dtype)
        attn = torch.rand(bs, nq, nh, nl, npt, dtype=F64).to(dtype)
        gout = (torch.rand(bs, nq, nh * C, dtype=F64) - 0.5).to(dtype)
        vr, lr, ar = (x.double().requires_grad_() for x in (value, loc, attn))
        ref = msda_ref(vr, shapes, lr, ar)
        gv, gl, ga = torch.autograd.grad(ref, [vr, lr, ar], gout.double())
        ss = self.dev(torch.tensor(shapes, dtype=it)).handle
        ls = self.dev(torch.tensor(starts, dtype=it)).handle
        args = [self.dev(_strided(rng, value)).handle, ss, ls, self.dev(_strided(rng, loc)).handle,
                self.dev(_strided(rng, attn)).handle]
        out = self.dev(torch.zeros(bs, nq, nh * C, dtype=dtype))
        self.run_op("MultiScaleDeformableAttnFunction", *args, out.handle)
        what = "MultiScaleDeformableAttn %s %s" % (dtype, it)
        tol = {F32: (1e-5, 1e-5), F16: (4e-3, 4e-3), BF16: (3e-2, 3e-2)}[dtype]
        check(self, out.read().double(), ref.detach(), what + " output", tol=tol)
        dgv = self.dev(torch.full(value.shape, 5.0, dtype=dtype))
        dgl = self.dev(torch.zeros(loc.shape, dtype=dtype))
        dga = self.dev(torch.zeros(attn.shape, dtype=dtype))
        self.run_op("MultiScaleDeformableAttentionGrad", *args, self.dev(gout).handle,
                    dgv.handle, dgl.handle, dga.handle)
        # location's gradient scales with W and H: relative to its magnitude
        gtol = {F32: (1e-4, 1e-4), F16: (2e-2, 2e-2), BF16: (8e-2, 8e-2)}[dtype]
        check(self, dgv.read().double(), gv, what + " gradValue", tol=gtol)
        check(self, dga.read().double(), ga, what + " gradAttnWeight", tol=gtol)
        check(self, dgl.read().double(), gl, what + " gradLocation", tol=gtol)

    def test_against_torch(self):
        rng = random.Random(SEED)
        for dtype in (F32, F16, BF16):
            for it in (I32, I64):
                self.case(rng, dtype, it)
        self.case(rng, F32, I64, bs=1, nh=1, C=8, nq=7, npt=4, shapes=((5, 6),))

    def test_refused(self):
        v = self.dev(torch.zeros(1, 6, 2, 4)).handle
        ss = self.dev(torch.tensor([[2, 3]], dtype=I64)).handle
        ls = self.dev(torch.tensor([0], dtype=I64)).handle
        loc = self.dev(torch.zeros(1, 3, 2, 1, 2, 2)).handle
        aw = self.dev(torch.zeros(1, 3, 2, 1, 2)).handle
        out = self.dev(torch.zeros(1, 3, 8)).handle
        op = "MultiScaleDeformableAttnFunction"
        self.refused(op, 161001, None, ss, ls, loc, aw, out)
        self.refused(op, 161002, self.dev(torch.zeros(1, 6, 2, 4, dtype=F64)).handle, ss, ls,
                     loc, aw, out)
        self.refused(op, 161002, v, self.dev(torch.tensor([[2, 3]], dtype=F32)).handle, ls,
                     loc, aw, out)
        self.refused(op, 161002, v, ss, ls, self.dev(torch.zeros(1, 3, 2, 1, 2, 3)).handle, aw,
                     out)
        self.refused(op, 161002, v, ss, ls, loc, aw, self.dev(torch.zeros(1, 3, 4)).handle)
        self.refused("MultiScaleDeformableAttentionGrad", 161001, v, ss, ls, loc, aw, out, v,
                     loc, None)
        # a level running past the keys: its keys past num_keys add zero (a 3 x 3 level over 6
        # keys, every point at its centre (key 4 weight 1): value's key 4 read; at (1, 1)
        # (pixel (2.5, 2.5): keys 8 only, past the keys) zero)
        val = torch.arange(12, dtype=F32).reshape(1, 6, 2, 1).expand(1, 6, 2, 4).contiguous()
        bad = self.dev(torch.tensor([[3, 3]], dtype=I64)).handle
        lc = torch.full((1, 3, 2, 1, 2, 2), 0.5)
        lc[0, 2] = 1.0
        o = self.dev(torch.full((1, 3, 8), 7.0))
        self.run_op(op, self.dev(val).handle, bad, ls, self.dev(lc).handle,
                    self.dev(torch.ones(1, 3, 2, 1, 2)).handle, o.handle)
        want = torch.zeros(1, 3, 8)
        want[0, :2, :4], want[0, :2, 4:] = 2 * 8.0, 2 * 9.0  # key 4, heads 0 / 1, two points
        check(self, o.read(), want, "level past the keys")

if __name__ == "__main__":
    unittest.main()
