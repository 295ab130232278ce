# SPDX-License-Identifier: Apache-2.0
"""The recurrent networks (ops/rnn) against PyTorch (torch on the CPU as the oracle).

aclnnLSTM against torch.nn.LSTM and aclnnGRU against torch.nn.GRU with the same weights copied
in (CANN's params list is PyTorch's _flat_weights: per layer and direction weight_ih, weight_hh,
bias_ih, bias_hh, gates in PyTorch's order), in DOUBLE from the inputs as stored, for FLOAT and
FLOAT16: one and two layers, one and two directions, with and without biases, batchFirst, hx
given and absent, non-contiguous inputs; LSTM's batchSizes against pack_padded_sequence (hy / cy
each sequence's last valid state, zeros in output past a sequence's end). The train lists
(LSTM's i, j, f, o, h, c, tanh(c); GRU's r, z, n, W_hn h + b_hn, h) against a step loop in DOUBLE
whose h is checked against torch's. aclnnThnnFusedLstmCell against torch.nn.LSTMCell (the gates
made from its weights: inputGates = x W_ih^T, hiddenGates = h W_hh^T) and the activations of its
gates. Bad input gives its code with a message naming the operator. Skipped without torch."""
import random
import unittest

from torchcase import TorchCase, torch  # noqa: E402 (first: torch before acl)

import acltest  # noqa: E402
from acltest import acl  # noqa: E402

if torch is not None:
    from test_ew_torch import Dev, check, F16, F32, F64, I64, ACL_DT  # noqa: E402

setUpModule = acltest.setup_module
tearDownModule = acltest.teardown_module

nn = acl.nn
SEED = 1515


def tol(dtype):
    return (3e-3, 3e-3) if dtype == F16 else (2e-5, 2e-5)


def _strided(rng, t):
    """t, or the same values as a non-contiguous view (every other element of a wider last
    dim)."""
    if rng.random() < 0.5:
        return t
    wide = torch.zeros(t.shape[:-1] + (t.shape[-1] * 2,), dtype=t.dtype)
    v = wide[..., ::2]
    v.copy_(t)
    return v


def _steps(kind, x, params, h0, c0, L, D, H, lens=None):
    """A step loop in double: per layer and direction the train values (T, B, H) each, the
    last layer's output (T, B, D H), the final states (L D, B, H)."""
    T, B = x.shape[0], x.shape[1]
    G = 4 if kind == "LSTM" else 3
    group = len(params) // (L * D)
    lens = lens if lens is not None else [T] * B
    lay = x
    lists, hy, cy = [], [], []
    for l in range(L):
        out = torch.zeros(T, B, D * H, dtype=F64)
        for d in range(D):
            k = l * D + d
            w = params[k * group:(k + 1) * group]
            wih, whh = w[0], w[1]
            bih = w[2] if group == 4 else torch.zeros(G * H, dtype=F64)
            bhh = w[3] if group == 4 else torch.zeros(G * H, dtype=F64)
            h, c = h0[k].clone(), c0[k].clone()
            keep = [torch.zeros(T, B, H, dtype=F64) for _ in range(7 if kind == "LSTM" else 5)]
            order = range(T - 1, -1, -1) if d else range(T)
            for t in order:
                gx = lay[t] @ wih.T + bih
                gh = h @ whh.T + bhh
                valid = torch.tensor([t < n for n in lens]).unsqueeze(1)
                if kind == "LSTM":
                    i = torch.sigmoid(gx[:, :H] + gh[:, :H])
                    f = torch.sigmoid(gx[:, H:2 * H] + gh[:, H:2 * H])
                    g = torch.tanh(gx[:, 2 * H:3 * H] + gh[:, 2 * H:3 * H])
                    o = torch.sigmoid(gx[:, 3 * H:] + gh[:, 3 * H:])
                    cn = f * c + i * g
                    hn = o * torch.tanh(cn)
                    h = torch.where(valid, hn, h)
                    c = torch.where(valid, cn, c)
                    z = torch.zeros_like(i)
                    vals = [torch.where(valid, v, z) for v in (i, g, f, o)]
                    vals += [h, c, torch.tanh(c)]
                else:
                    r = torch.sigmoid(gx[:, :H] + gh[:, :H])
                    zg = torch.sigmoid(gx[:, H:2 * H] + gh[:, H:2 * H])
                    hn = gh[:, 2 * H:]
                    n = torch.tanh(gx[:, 2 * H:] + r * hn)
                    h = (1 - zg) * n + zg * h
                    vals = [r, zg, n, hn, h]
                for kk, v in zip(keep, vals):
                    kk[t] = v
                out[t, :, d * H:(d + 1) * H] = torch.where(valid, h, torch.zeros_like(h))
            lists.append(keep)
            hy.append(h)
            cy.append(c)
        lay = out
    return lists, lay, torch.stack(hy), torch.stack(cy)


@unittest.skipIf(torch is None, "torch (or numpy) is not installed")
class RnnTorch(TorchCase):
    def setUp(self):
        super().setUp()
        self.lists = []

    def tearDown(self):
        for lst in self.lists:
            nn.destroy_tensor_list(lst)
        super().tearDown()

    def tlist(self, devs):
        """An aclTensorList of new aclTensors over the devices' memory (their views)."""
        hs = []
        for d in devs:
            h, ret = nn.create_tensor(list(d.shape), ACL_DT[d.dtype], list(d.stride),
                                      d.offset, acl.ACL_FORMAT_ND, [max(d.nstore, 1)], d.ptr)
            self.assertEqual(ret, 0)
            hs.append(h)
        lst, ret = nn.create_tensor_list(hs)
        self.assertEqual(ret, 0)
        self.lists.append(lst)
        return lst

    def vdev(self, t):
        d = self.dev(t)
        d.stride, d.offset = list(t.stride()), t.storage_offset()
        d.nstore = t.storage().size()
        return d

    def net(self, rng, kind, dtype, L, D, bias, bf, with_hx, train, I=5, H=4, T=4, B=3,
            lens=None):
        G = 4 if kind == "LSTM" else 3
        what = "%s %s L%d D%d bias %s batchFirst %s hx %s train %s lens %s" % (
            kind, dtype, L, D, bias, bf, with_hx, train, lens)
        mod = (torch.nn.LSTM if kind == "LSTM" else torch.nn.GRU)(
            I, H, num_layers=L, bias=bias, batch_first=bf, bidirectional=D == 2).double()
        with torch.no_grad():
            for p in mod.parameters():
                p.copy_((torch.rand(p.shape, dtype=F64) - 0.5).to(dtype).double())
        params = [p.detach() for p in mod._flat_weights]
        x = (torch.rand(T, B, I, dtype=F64) * 4 - 2).to(dtype)
        h0 = (torch.rand(L * D, B, H, dtype=F64) - 0.5).to(dtype)
        c0 = (torch.rand(L * D, B, H, dtype=F64) - 0.5).to(dtype)
        xin = x.transpose(0, 1).contiguous() if bf else x
        # the oracle
        with torch.no_grad():
            state = None
            if with_hx:
                state = (h0.double(), c0.double()) if kind == "LSTM" else h0.double()
            if lens is not None:
                packed = torch.nn.utils.rnn.pack_padded_sequence(x.double(), lens)
                po, st = mod(packed, state)
                ref_out, _ = torch.nn.utils.rnn.pad_packed_sequence(po, total_length=T)
            else:
                ref_out, st = mod(xin.double(), state)
        ref_h, ref_c = (st if kind == "LSTM" else (st, None))
        zs = torch.zeros(L * D, B, H, dtype=F64)
        lists, loop_out, loop_h, loop_c = _steps(
            kind, x.double(), params, h0.double() if with_hx else zs,
            c0.double() if with_hx else zs, L, D, H, lens)
        check(self, loop_out, ref_out if not bf else ref_out.transpose(0, 1), what + " loop",
              tol=(1e-9, 1e-9))
        # the operator
        dx = self.vdev(_strided(rng, xin) if lens is None else x.reshape(T * B, I))
        dp = self.tlist([self.vdev(_strided(rng, p.to(dtype))) for p in params])
        if kind == "LSTM":
            hx = self.tlist([self.vdev(h0), self.vdev(c0)]) if with_hx else None
        else:
            hx = self.vdev(h0).handle if with_hx else None
        bs = None
        if lens is not None:
            bs = self.dev(torch.tensor([sum(1 for n in lens if n > t) for t in range(T)],
                                       dtype=I64)).handle
        oshape = (B, T, D * H) if bf and lens is None else (T, B, D * H)
        out = self.dev(torch.zeros(oshape, dtype=dtype))
        hy = self.dev(torch.zeros(L * D, B, H, dtype=dtype))
        cy = self.dev(torch.zeros(L * D, B, H, dtype=dtype))
        nl = 7 if kind == "LSTM" else 5
        tl = [[self.vdev(torch.zeros(T, B, H, dtype=dtype)) for _ in range(L * D)]
              for _ in range(nl)] if train else None
        lh = [self.tlist(x_) for x_ in tl] if train else [None] * nl
        if kind == "LSTM":
            self.run_op("LSTM", dx.handle, dp, hx, bs, bias, L, 0.0, train, D == 2, bf,
                        out.handle, hy.handle, cy.handle, *lh)
        else:
            self.run_op("GRU", dx.handle, dp, hx, None, bias, L, 0.0, train, D == 2, bf,
                        out.handle, hy.handle, *lh)
        t_ = tol(dtype)
        check(self, out.read().double(), ref_out, what + " output", tol=t_)
        check(self, hy.read().double(), ref_h, what + " hy", tol=t_)
        if kind == "LSTM":
            check(self, cy.read().double(), ref_c, what + " cy", tol=t_)
            check(self, cy.read().double(), loop_c, what + " cy loop", tol=t_)
        if train:
            names = (["i", "j", "f", "o", "h", "c", "tanhc"] if kind == "LSTM"
                     else ["r", "z", "n", "hn", "h"])
            for li in range(nl):
                for k in range(L * D):
                    check(self, tl[li][k].read().double(), lists[k][li],
                          "%s %sOut[%d]" % (what, names[li], k), tol=t_)

    def test_lstm(self):
        rng = random.Random(SEED)
        for dtype in (F32, F16):
            for L, D, bias, bf, hx, train in ((1, 1, True, False, False, True),
                                              (2, 2, True, True, True, True),
                                              (2, 1, False, False, True, False),
                                              (1, 2, False, True, False, True)):
                self.net(rng, "LSTM", dtype, L, D, bias, bf, hx, train)

    def test_lstm_batch_sizes(self):
        rng = random.Random(SEED + 1)
        for dtype in (F32, F16):
            for D in (1, 2):
                self.net(rng, "LSTM", dtype, 2, D, True, False, True, True, T=5, B=3,
                         lens=[5, 3, 2])

    def test_gru(self):
        rng = random.Random(SEED + 2)
        for dtype in (F32, F16):
            for L, D, bias, bf, hx, train in ((1, 1, True, False, False, True),
                                              (2, 2, True, True, True, True),
                                              (2, 1, False, False, True, False),
                                              (1, 2, False, True, False, True)):
                self.net(rng, "GRU", dtype, L, D, bias, bf, hx, train)

    def test_fused_lstm_cell(self):
        rng = random.Random(SEED + 3)
        for dtype in (F32, F16):
            for bias in (True, False):
                B, I, H = 3, 5, 4
                cell = torch.nn.LSTMCell(I, H, bias=bias).double()
                with torch.no_grad():
                    for p in cell.parameters():
                        p.copy_((torch.rand(p.shape, dtype=F64) - 0.5).to(dtype).double())
                x = (torch.rand(B, I, dtype=F64) * 2 - 1).to(dtype).double()
                h = (torch.rand(B, H, dtype=F64) - 0.5).to(dtype).double()
                c = (torch.rand(B, H, dtype=F64) - 0.5).to(dtype)
                ig = (x @ cell.weight_ih.detach().T).to(dtype)
                hg = (h @ cell.weight_hh.detach().T).to(dtype)
                with torch.no_grad():
                    # the oracle from the gates as stored: torch's cell on them
                    gates = ig.double() + hg.double()
                    if bias:
                        gates = gates + cell.bias_ih + cell.bias_hh
                    i, f, g, o = gates.chunk(4, 1)
                    i, f, g, o = i.sigmoid(), f.sigmoid(), g.tanh(), o.sigmoid()
                    rc = f * c.double() + i * g
                    rh = o * rc.tanh()
                    # ... which is torch.nn.LSTMCell up to the gates' rounding
                    th, tc = cell(x, (h, c.double()))
                    check(self, rh, th, "cell", tol=(5e-2, 5e-2) if dtype == F16 else
                          (1e-5, 1e-5))
                args = [self.dev(_strided(rng, ig)).handle, self.dev(_strided(rng, hg)).handle,
                        self.dev(_strided(rng, c)).handle]
                if bias:
                    args += [self.dev(cell.bias_ih.detach().to(dtype)).handle,
                             self.dev(cell.bias_hh.detach().to(dtype)).handle]
                else:
                    args += [None, None]
                hy = self.dev(torch.zeros(B, H, dtype=dtype))
                cy = self.dev(torch.zeros(B, H, dtype=dtype))
                so = self.dev(torch.zeros(B, 4 * H, dtype=dtype))
                self.run_op("ThnnFusedLstmCell", *args, hy.handle, cy.handle, so.handle)
                what = "ThnnFusedLstmCell %s bias %s" % (dtype, bias)
                check(self, hy.read().double(), rh, what + " hy", tol=tol(dtype))
                check(self, cy.read().double(), rc, what + " cy", tol=tol(dtype))
                check(self, so.read().double(), torch.cat([i, f, g, o], 1), what + " storage",
                      tol=tol(dtype))

    def test_fused_lstm_cell_backward(self):
        """ThnnFusedLstmCellBackward against torch's autograd of the cell from its
        pre-activation gates (storage and cy made by that forward, rounded to the type)."""
        rng = random.Random(SEED + 4)
        for dtype in (F32, F16):
            for bias in (True, False):
                B, H = 3, 4
                a = (torch.rand(B, 4 * H, dtype=F64) * 4 - 2).requires_grad_()
                cx = (torch.rand(B, H, dtype=F64) - 0.5).to(dtype).double().requires_grad_()
                i, f, g, o = a.chunk(4, 1)
                i, f, g, o = i.sigmoid(), f.sigmoid(), g.tanh(), o.sigmoid()
                cy = f * cx + i * g
                hy = o * cy.tanh()
                st = torch.cat([i, f, g, o], 1).detach().to(dtype)
                cyq = cy.detach().to(dtype)
                ghy = (torch.rand(B, H, dtype=F64) - 0.5).to(dtype)
                gc = (torch.rand(B, H, dtype=F64) - 0.5).to(dtype)
                # the oracle from the stored values: the same graph rebuilt on them
                ai = torch.zeros(B, 4 * H, dtype=F64, requires_grad=True)
                sv = st.double()
                iv, fv, gv, ov = sv.chunk(4, 1)
                # activations as functions of a shift of their pre-activation at 0 (the
                # derivative of sigmoid / tanh at the stored value)
                ii = iv + ai[:, :H] * iv * (1 - iv)
                ff = fv + ai[:, H:2 * H] * fv * (1 - fv)
                gg = gv + ai[:, 2 * H:3 * H] * (1 - gv * gv)
                oo = ov + ai[:, 3 * H:] * ov * (1 - ov)
                cxv = cx.detach().to(dtype).double().requires_grad_()
                cyv = ff * cxv + ii * gg
                # tanh(cy) at the stored cy, its derivative 1 - tanh^2
                tcv = cyq.double().tanh() + (cyv - cyv.detach()) * (1 - cyq.double().tanh() ** 2)
                hyv = oo * tcv
                torch.autograd.backward([hyv, cyv], [ghy.double(), gc.double()])
                # ... the same as the autograd of the true forward at the exact values
                if dtype == F32:
                    torch.autograd.backward([hy, cy], [ghy.double(), gc.double()])
                    check(self, ai.grad, a.grad, "cell backward oracle", tol=(1e-5, 1e-5))
                args = [self.dev(_strided(rng, ghy)).handle, self.dev(_strided(rng, gc)).handle,
                        self.dev(_strided(rng, cx.detach().to(dtype))).handle,
                        self.dev(_strided(rng, cyq)).handle, self.dev(_strided(rng, st)).handle]
                gg_o = self.dev(torch.zeros(B, 4 * H, dtype=dtype))
                gx_o = self.dev(torch.zeros(B, H, dtype=dtype))
                gb_o = self.dev(torch.full((4 * H,), 9.0, dtype=dtype))
                self.run_op("ThnnFusedLstmCellBackward", *args, bias, gg_o.handle, gx_o.handle,
                            gb_o.handle)
                what = "ThnnFusedLstmCellBackward %s bias %s" % (dtype, bias)
                check(self, gg_o.read().double(), ai.grad, what + " gradGates", tol=tol(dtype))
                check(self, gx_o.read().double(), cxv.grad, what + " gradCx", tol=tol(dtype))
                check(self, gb_o.read().double(),
                      ai.grad.sum(0) if bias else torch.full((4 * H,), 9.0, dtype=F64),
                      what + " gradBias", tol=tol(dtype))
        x = self.dev(torch.zeros(2, 2)).handle
        self.refused("ThnnFusedLstmCellBackward", 161001, None, x, x, x, x, True, x, x, x)

    def backward(self, rng, kind, dtype, L, D, bias, bf, T=4, B=3, I=5, H=4, lens=None):
        """aclnnLSTM / aclnnGRU (train) then aclnnLstmBackward / aclnnGRUBackward on its lists
        against torch's autograd of torch.nn.LSTM / GRU with the same weights:
        loss = <output, dy> + <hy, dh> (+ <cy, dc>)."""
        lstm = kind == "LSTM"
        what = "%sBackward %s L%d D%d bias %s batchFirst %s lens %s" % (kind, dtype, L, D, bias,
                                                                         bf, lens)
        mod = (torch.nn.LSTM if lstm else torch.nn.GRU)(
            I, H, num_layers=L, bias=bias, batch_first=bf, bidirectional=D == 2).double()
        with torch.no_grad():
            for p in mod.parameters():
                p.copy_((torch.rand(p.shape, dtype=F64) - 0.5).to(dtype).double())
        params = [p for p in mod._flat_weights]
        x = (torch.rand(T, B, I, dtype=F64) * 4 - 2).to(dtype)
        h0 = (torch.rand(L * D, B, H, dtype=F64) - 0.5).to(dtype)
        c0 = (torch.rand(L * D, B, H, dtype=F64) - 0.5).to(dtype)
        oshape = (B, T, D * H) if bf and lens is None else (T, B, D * H)
        dy = (torch.rand(oshape, dtype=F64) - 0.5).to(dtype)
        dh = (torch.rand(L * D, B, H, dtype=F64) - 0.5).to(dtype)
        dc = (torch.rand(L * D, B, H, dtype=F64) - 0.5).to(dtype)
        xin = x.transpose(0, 1).contiguous() if bf and lens is None else x
        # the oracle
        xr = xin.double().requires_grad_()
        hr, cr = h0.double().requires_grad_(), c0.double().requires_grad_()
        state = (hr, cr) if lstm else hr
        if lens is not None:
            po, st = mod(torch.nn.utils.rnn.pack_padded_sequence(xr, lens), state)
            out, _ = torch.nn.utils.rnn.pad_packed_sequence(po, total_length=T)
        else:
            out, st = mod(xr, state)
        loss = (out * dy.double()).sum()
        if lstm:
            loss = loss + (st[0] * dh.double()).sum() + (st[1] * dc.double()).sum()
        else:
            loss = loss + (st * dh.double()).sum()
        grads = torch.autograd.grad(loss, [xr, hr] + ([cr] if lstm else []) + params)
        # the forward on the device, keeping its lists
        dx = self.vdev(_strided(rng, xin) if lens is None else x.reshape(T * B, I))
        dp = [self.vdev(p.detach().to(dtype)) for p in params]
        hx = [self.vdev(h0), self.vdev(c0)]
        bs = None
        if lens is not None:
            bs = self.dev(torch.tensor([sum(1 for n in lens if n > t) for t in range(T)],
                                       dtype=I64)).handle
        fo = self.dev(torch.zeros(oshape, dtype=dtype))
        fh = self.dev(torch.zeros(L * D, B, H, dtype=dtype))
        fc = self.dev(torch.zeros(L * D, B, H, dtype=dtype))
        nl = 7 if lstm else 5
        tl = [[self.vdev(torch.zeros(T, B, H, dtype=dtype)) for _ in range(L * D)]
              for _ in range(nl)]
        gx = self.dev(torch.zeros(dx.shape, dtype=dtype))
        gh = self.dev(torch.zeros(L * D, B, H, dtype=dtype))
        gc = self.dev(torch.zeros(L * D, B, H, dtype=dtype))
        gp = [self.vdev(torch.zeros(p.shape, dtype=dtype)) for p in params]
        ddy = self.dev(_strided(rng, dy)).handle
        if lstm:
            self.run_op("LSTM", dx.handle, self.tlist(dp), self.tlist(hx), bs, bias, L, 0.0,
                        True, D == 2, bf, fo.handle, fh.handle, fc.handle,
                        *[self.tlist(x_) for x_ in tl])
            # i, g, f, o, h, c, tanhc: the forward's iOut, jOut, fOut, oOut, hOut, cOut, tanhCOut
            mask, ret = nn.create_bool_array([True] * 4)
            self.assertEqual(ret, 0)
            self.addCleanup(nn.destroy_bool_array, mask)
            self.run_op("LstmBackward", dx.handle, self.tlist(hx), self.tlist(dp), ddy,
                        self.dev(dh).handle, self.dev(dc).handle, *[self.tlist(x_) for x_ in tl],
                        bs, bias, L, 0.0, True, D == 2, bf, mask, gx.handle, gh.handle,
                        gc.handle, self.tlist(gp))
        else:
            self.run_op("GRU", dx.handle, self.tlist(dp), hx[0].handle, None, bias, L, 0.0, True,
                        D == 2, bf, fo.handle, fh.handle, *[self.tlist(x_) for x_ in tl])
            self.run_op("GRUBackward", dx.handle, self.tlist(dp), hx[0].handle, ddy,
                        self.dev(dh).handle, *[self.tlist(x_) for x_ in tl], None, bias, L,
                        D == 2, bf, gx.handle, gh.handle, self.tlist(gp))
        t_ = (3e-2, 3e-2) if dtype == F16 else (1e-4, 1e-4)
        ref_dx = grads[0] if lens is None else grads[0].reshape(T * B, I)
        check(self, gx.read().double(), ref_dx, what + " dx", tol=t_)
        check(self, gh.read().double(), grads[1], what + " dhPrev", tol=t_)
        if lstm:
            check(self, gc.read().double(), grads[2], what + " dcPrev", tol=t_)
        for k, g in enumerate(grads[3 if lstm else 2:]):
            check(self, gp[k].read().double(), g, what + " dparams[%d]" % k, tol=t_)

    def test_lstm_backward(self):
        rng = random.Random(SEED + 5)
        for dtype in (F32, F16):
            for L, D, bias, bf in ((1, 1, True, False), (2, 2, True, True), (2, 1, False, False),
                                   (1, 2, False, True)):
                self.backward(rng, "LSTM", dtype, L, D, bias, bf)
            self.backward(rng, "LSTM", dtype, 2, 2, True, False, T=5, lens=[5, 3, 2])

    def test_gru_backward(self):
        rng = random.Random(SEED + 6)
        for dtype in (F32, F16):
            for L, D, bias, bf in ((1, 1, True, False), (2, 2, True, True), (2, 1, False, False),
                                   (1, 2, False, True)):
                self.backward(rng, "GRU", dtype, L, D, bias, bf)

    def test_empty(self):
        """An input with no elements launches nothing."""
        dx = self.dev(torch.zeros(0, 2, 3))
        dp = self.tlist([self.vdev(torch.zeros(8, 3)), self.vdev(torch.zeros(8, 2))])
        out = self.dev(torch.zeros(0, 2, 2))
        hy = self.dev(torch.ones(1, 2, 2))
        cy = self.dev(torch.ones(1, 2, 2))
        self.run_op("LSTM", dx.handle, dp, None, None, False, 1, 0.0, False, False, False,
                    out.handle, hy.handle, cy.handle, None, None, None, None, None, None, None)

    def test_refused(self):
        x = self.dev(torch.zeros(2, 2, 3))
        good = [self.vdev(torch.zeros(8, 3)), self.vdev(torch.zeros(8, 2))]
        out = self.dev(torch.zeros(2, 2, 2)).handle
        hy = self.dev(torch.zeros(1, 2, 2)).handle
        cy = self.dev(torch.zeros(1, 2, 2)).handle
        none7 = [None] * 7
        self.refused("LSTM", 161001, None, self.tlist(good), None, None, False, 1, 0.0, False,
                     False, False, out, hy, cy, *none7)
        self.refused("LSTM", 161001, x.handle, self.tlist(good), None, None, False, 1, 0.0, True,
                     False, False, out, hy, cy, *none7)
        self.refused("LSTM", 161002, self.dev(torch.zeros(2, 2, 3, dtype=F64)).handle,
                     self.tlist(good), None, None, False, 1, 0.0, False, False, False, out, hy,
                     cy, *none7)
        self.refused("LSTM", 161002, x.handle, self.tlist(good), None, None, True, 1, 0.0,
                     False, False, False, out, hy, cy, *none7)  # 2 params, 4 wanted
        self.refused("LSTM", 161002, x.handle, self.tlist(good), None, None, False, 0, 0.0,
                     False, False, False, out, hy, cy, *none7)
        self.refused("GRU", 161002, x.handle, self.tlist([self.vdev(torch.zeros(6, 3)),
                                                          self.vdev(torch.zeros(6, 2))]),
                     None, self.dev(torch.tensor([2, 2])).handle, False, 1, 0.0, False, False,
                     False, out, hy, None, None, None, None, None)
        self.refused("ThnnFusedLstmCell", 161002, self.dev(torch.zeros(2, 6)).handle,
                     self.dev(torch.zeros(2, 6)).handle, self.dev(torch.zeros(2, 2)).handle,
                     None, None, out, out, out)

    def test_batch_sizes_fault(self):
        """batchSizes rising, or above B, fails the launch and writes nothing."""
        x = self.dev(torch.ones(6, 3))
        dp = self.tlist([self.vdev(torch.zeros(8, 3)), self.vdev(torch.zeros(8, 2))])
        out = self.dev(torch.full((3, 2, 2), 7.0))
        hy = self.dev(torch.zeros(1, 2, 2))
        cy = self.dev(torch.zeros(1, 2, 2))
        bs = self.dev(torch.tensor([1, 2, 2], dtype=I64))
        ws, ex, ret = nn.get_workspace_size("LSTM", x.handle, dp, None, bs.handle, False, 1, 0.0,
                                            False, False, False, out.handle, hy.handle,
                                            cy.handle, *([None] * 7))
        self.assertEqual(ret, 0, acl.get_recent_err_msg())
        self.assertEqual(nn.launch("LSTM", 0, 0, ex, self.stream), 0)
        self.assertNotEqual(acl.rt.synchronize_stream(self.stream), 0)
        self.assertEqual(out.read().sum().item(), 7.0 * 12)


if __name__ == "__main__":
    unittest.main()
