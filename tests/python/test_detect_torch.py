# SPDX-License-Identifier: Apache-2.0
"""The object-detection family (ops/detect) against float64 numpy references.

torchvision is not installed, so the oracles are written here from the formulas:
torchvision's roi_align forward and backward (aligned true and false, sampling ratio 0 and
fixed, regions partly outside the map), the "max" mode of ONNX's RoiAlign as the maximum of
the bilinear samples, mmcv's bbox_overlaps (iou / iof, eps as the width offset, aligned),
CANN's CIoU formulas (with their epsilon, ops/detect/iou.c IU2) and ONNX's NonMaxSuppression
(both box forms, score threshold, -1 padding). Every declared dtype (FLOAT16 and BFLOAT16
inputs are rounded first, the reference computed from the stored values), non-contiguous
views, empty region sets. Bad input gives 161001 / 161002 naming the operator (more in
tests/ops/ops_detect.c). Skipped (exit 77) without torch."""
import math
import random
import unittest

from torchcase import TorchCase, torch  # noqa: E402 (first: torch before acl)

import acltest  # noqa: E402
from acltest import acl  # noqa: E402

if torch is not None:
    import numpy as np
    from test_ew_torch import check, view_of, F16, BF16, F32, I32, TOL  # noqa: E402

setUpModule = acltest.setup_module
tearDownModule = acltest.teardown_module

nn = acl.nn
SEED = 1616


def tol(dtype):
    rt, at = TOL[dtype]
    return (rt * 8, at * 8) if dtype in (F16, BF16) else (rt * 16, at * 16)


# ---- references (float64 numpy) --------------------------------------------------------------

def bilinear(fm, y, x):
    """torchvision's bilinear_interpolate: the value and the four (index, weight) pairs."""
    H, W = fm.shape
    if y < -1.0 or y > H or x < -1.0 or x > W:
        return 0.0, []
    y, x = max(y, 0.0), max(x, 0.0)
    y0, x0 = int(y), int(x)
    if y0 >= H - 1:
        y0 = y1 = H - 1
        y = float(y0)
    else:
        y1 = y0 + 1
    if x0 >= W - 1:
        x0 = x1 = W - 1
        x = float(x0)
    else:
        x1 = x0 + 1
    ly, lx = y - y0, x - x0
    hy, hx = 1 - ly, 1 - lx
    pts = [((y0, x0), hy * hx), ((y0, x1), hy * lx), ((y1, x0), ly * hx), ((y1, x1), ly * lx)]
    return sum(w * fm[p] for p, w in pts), pts


def region(box, scale, aligned, ph_n, pw_n, ratio):
    off = 0.5 if aligned else 0.0
    x1, y1 = box[0] * scale - off, box[1] * scale - off
    w, h = box[2] * scale - off - x1, box[3] * scale - off - y1
    if not aligned:
        w, h = max(w, 1.0), max(h, 1.0)
    gh = ratio if ratio > 0 else math.ceil(h / ph_n)
    gw = ratio if ratio > 0 else math.ceil(w / pw_n)
    return y1, x1, h / ph_n, w / pw_n, gh, gw


def samples(box, scale, aligned, PH, PW, ratio, ph, pw):
    y1, x1, bh, bw, gh, gw = region(box, scale, aligned, PH, PW, ratio)
    for iy in range(gh):
        for ix in range(gw):
            yield (y1 + ph * bh + (iy + 0.5) * bh / gh, x1 + pw * bw + (ix + 0.5) * bw / gw,
                   max(gh * gw, 1))


def ref_roi_align(x, boxes, img, PH, PW, scale, ratio, aligned, mode="avg"):
    B, C, H, W = x.shape
    K = boxes.shape[0]
    out = np.zeros((K, C, PH, PW))
    for k in range(K):
        b = img[k]
        if not 0 <= b < B:
            continue
        for c in range(C):
            for ph in range(PH):
                for pw in range(PW):
                    vals, cnt = [], 1
                    for y, xx, cnt in samples(boxes[k], scale, aligned, PH, PW, ratio, ph, pw):
                        vals.append(bilinear(x[b, c], y, xx)[0])
                    if mode == "max":
                        out[k, c, ph, pw] = max(vals) if vals else 0.0
                    else:
                        out[k, c, ph, pw] = sum(vals) / cnt
    return out


def ref_roi_align_grad(g, boxes, shape, scale, ratio, aligned):
    B, C, H, W = shape
    K, _, PH, PW = g.shape
    out = np.zeros(shape)
    for k in range(K):
        b = int(math.floor(boxes[k, 0]))
        if not 0 <= b < B:
            continue
        for c in range(C):
            for ph in range(PH):
                for pw in range(PW):
                    for y, xx, cnt in samples(boxes[k, 1:], scale, aligned, PH, PW, ratio, ph,
                                              pw):
                        for p, w in bilinear(out[b, c], y, xx)[1]:
                            out[(b, c) + p] += g[k, c, ph, pw] / cnt * w
    return out


def ref_iou(bb, gb, mode, eps, aligned):
    m, n = bb.shape[0], gb.shape[0]
    pairs = [(i, i) for i in range(m)] if aligned else [(i, j) for i in range(m) for j in range(n)]
    out = np.zeros((m, 1) if aligned else (m, n))
    for i, j in pairs:
        u, v = bb[i], gb[j]
        iw = max(min(u[2], v[2]) - max(u[0], v[0]) + eps, 0)
        ih = max(min(u[3], v[3]) - max(u[1], v[1]) + eps, 0)
        inter = iw * ih
        ab = (u[2] - u[0] + eps) * (u[3] - u[1] + eps)
        ag = (v[2] - v[0] + eps) * (v[3] - v[1] + eps)
        with np.errstate(all="ignore"):
            r = np.float64(inter) / (ag if mode == "iof" else ab + ag - inter)
        out[(i, 0) if aligned else (i, j)] = r
    return out


def ref_ciou(bb, gb, trans, mode, eps=1e-9):
    def corners(a):
        if trans:
            return np.stack([a[0] - a[2] / 2, a[1] - a[3] / 2, a[0] + a[2] / 2, a[1] + a[3] / 2])
        return a
    u, v = corners(bb), corners(gb)
    wb, hb, wg, hg = u[2] - u[0], u[3] - u[1], v[2] - v[0], v[3] - v[1]
    iw = np.maximum(np.minimum(u[2], v[2]) - np.maximum(u[0], v[0]), 0)
    ih = np.maximum(np.minimum(u[3], v[3]) - np.maximum(u[1], v[1]), 0)
    inter = iw * ih
    iou = inter / ((wg * hg if mode == "iof" else wb * hb + wg * hg - inter) + eps)
    cw = np.maximum(u[2], v[2]) - np.minimum(u[0], v[0])
    ch = np.maximum(u[3], v[3]) - np.minimum(u[1], v[1])
    rho = (((u[0] + u[2] - v[0] - v[2]) / 2) ** 2 + ((u[1] + u[3] - v[1] - v[3]) / 2) ** 2) / \
        (cw ** 2 + ch ** 2 + eps)
    at = np.arctan(wg / (hg + eps)) - np.arctan(wb / (hb + eps))
    vv = 4 / math.pi ** 2 * at ** 2
    alpha = vv / (1 - iou + vv + eps)
    return (iou - rho - alpha * vv)[None, :], at[None, :]


def ref_nms(boxes, scores, mx, iou_t, score_t, center):
    rows = []
    B, N, _ = boxes.shape
    C = scores.shape[1]
    for b in range(B):
        bx = []
        for i in range(N):
            v = boxes[b, i]
            if center:
                bx.append((v[1] - v[3] / 2, v[0] - v[2] / 2, v[1] + v[3] / 2, v[0] + v[2] / 2))
            else:
                bx.append((min(v[0], v[2]), min(v[1], v[3]), max(v[0], v[2]), max(v[1], v[3])))
        for c in range(C):
            cand = [i for i in range(N) if score_t is None or scores[b, c, i] > score_t]
            cand.sort(key=lambda i: (-scores[b, c, i], i))
            kept = []
            for i in cand:
                if len(kept) >= mx:
                    break
                ok = True
                for j in kept:
                    p, q = bx[i], bx[j]
                    ih = min(p[2], q[2]) - max(p[0], q[0])
                    iw = min(p[3], q[3]) - max(p[1], q[1])
                    ap = (p[2] - p[0]) * (p[3] - p[1])
                    aq = (q[2] - q[0]) * (q[3] - q[1])
                    if ih > 0 and iw > 0 and ap > 0 and aq > 0 and \
                            ih * iw / (ap + aq - ih * iw) > iou_t:
                        ok = False
                        break
                if ok:
                    kept.append(i)
                    rows.append([b, c, i])
    rows += [[-1, -1, -1]] * (mx * B * C - len(rows))
    return np.array(rows, dtype=np.int64).reshape(-1, 3)


def ref_nms_mask(b, s, iou_t, score_t):
    """ops-cv's NMSWithMask kernel (ops/detect/nms.c NX6), in float32 as it computes."""
    n = len(s)
    m = np.ones(n, dtype=np.int64)
    f = np.float32
    for i in range(n - 1):
        if not m[i]:
            continue
        if s[i] < f(score_t):
            m[i:] = 0
            break
        u = b[i]
        au = (u[2] - u[0]) * (u[3] - u[1])
        for k in range(i + 1, n):
            v = b[k]
            iw = max(min(u[2], v[2]) - max(u[0], v[0]), f(0))
            ih = max(min(u[3], v[3]) - max(u[1], v[1]), f(0))
            inter = iw * ih
            with np.errstate(all="ignore"):
                if inter / (au + (v[2] - v[0]) * (v[3] - v[1]) - inter) >= f(iou_t):
                    m[k] = 0
    return m


def ref_roi_pool(x, rois, PH, PW, sh, sw):
    """CANN's RoiPoolingWithArgMax formulas (its doc): y and argmax (h W + w, -1 empty)."""
    N, C, H, W = x.shape
    K = rois.shape[0]
    y = np.zeros((K, C, PH, PW))
    am = -np.ones((K, C, PH, PW), dtype=np.int64)
    for k in range(K):
        b = int(rois[k, 0])
        x1, y1 = rois[k, 1] * sw, rois[k, 2] * sh
        rw, rh = (rois[k, 3] + 1) * sw - x1, (rois[k, 4] + 1) * sh - y1
        if not 0 <= b < N or rw <= 0 or rh <= 0:
            continue
        dw, dh = rw / PW, rh / PH
        for ph in range(PH):
            h1 = min(max(math.floor(ph * dh + y1), 0), H)
            h2 = min(max(math.ceil((ph + 1) * dh + y1), 0), H)
            for pw in range(PW):
                w1 = min(max(math.floor(pw * dw + x1), 0), W)
                w2 = min(max(math.ceil((pw + 1) * dw + x1), 0), W)
                if h2 <= h1 or w2 <= w1:
                    continue
                for c in range(C):
                    blk = x[b, c, h1:h2, w1:w2]
                    i = int(np.argmax(blk))  # the first maximum, row-major
                    y[k, c, ph, pw] = blk.flat[i]
                    am[k, c, ph, pw] = (h1 + i // (w2 - w1)) * W + w1 + i % (w2 - w1)
    return y, am


# ---- the tests ------------------------------------------------------------------------------

def rand_boxes(rng, k, H, W, scale, img=None):
    """k regions [(image,) x1, y1, x2, y2] in image coordinates, some partly outside."""
    rows = []
    for _ in range(k):
        x1, y1 = rng.uniform(-1, W / scale), rng.uniform(-1, H / scale)
        x2, y2 = x1 + rng.uniform(0, W / scale), y1 + rng.uniform(0, H / scale)
        rows.append(([rng.uniform(0, img - 0.01)] if img else []) + [x1, y1, x2, y2])
    return rows


@unittest.skipIf(torch is None, "torch (or numpy) is not installed")
class DetectTorch(TorchCase):
    def arr(self, kind, vals):
        h, ret = getattr(nn, "create_%s_array" % kind)(vals)
        self.assertEqual(ret, 0)
        return h

    def test_roi_align(self):
        rng = random.Random(SEED)
        for dtype in (F32, F16):
            for (B, C, H, W, K, PH, PW, scale, ratio, aligned, mode) in (
                    (2, 3, 7, 9, 5, 2, 3, 1.0, 0, False, "avg"),
                    (1, 2, 8, 6, 4, 3, 3, 0.5, 2, True, "avg"),
                    (3, 1, 5, 5, 6, 2, 2, 0.25, 0, True, "avg"),
                    (2, 2, 6, 7, 3, 2, 2, 1.0, 2, False, "max"),
                    (1, 2, 4, 4, 0, 2, 2, 1.0, 0, False, "avg")):
                x = torch.tensor(np.random.RandomState(rng.randrange(1 << 30)).uniform(
                    -2, 2, (B, C, H, W))).to(dtype)
                rows = rand_boxes(rng, K, H, W, scale, img=B)
                xd = x.double().numpy()
                what = "%s %s" % (dtype, (B, C, H, W, K, PH, PW, scale, ratio, aligned, mode))
                if not aligned:  # RoiAlign: rois and batchIndices
                    rois = torch.tensor([r[1:] for r in rows], dtype=F64_).reshape(K, 4).to(dtype)
                    idx = torch.tensor([int(r[0]) for r in rows], dtype=I32)
                    out = self.dev(torch.zeros((K, C, PH, PW), dtype=dtype))
                    self.run_op("RoiAlign", self.dev(view_of(rng, x)).handle,
                                self.dev(view_of(rng, rois)).handle, self.dev(idx).handle, mode,
                                PH, PW, ratio, scale, out.handle)
                    ref = ref_roi_align(xd, rois.double().numpy(), idx.numpy(), PH, PW, scale,
                                        ratio, False, mode)
                    check(self, out.read(), torch.tensor(ref).to(dtype), "RoiAlign " + what,
                          tol=tol(dtype))
                if mode == "max":
                    continue
                boxes = torch.tensor(rows, dtype=F64_).reshape(K, 5).to(dtype)
                out = self.dev(torch.zeros((K, C, PH, PW), dtype=dtype))
                self.run_op("RoiAlignV2", self.dev(view_of(rng, x)).handle,
                            self.dev(view_of(rng, boxes)).handle, PH, PW, scale, ratio, aligned,
                            out.handle)
                bd = boxes.double().numpy()
                ref = ref_roi_align(xd, bd[:, 1:], np.floor(bd[:, 0]).astype(int), PH, PW, scale,
                                    ratio, aligned)
                check(self, out.read(), torch.tensor(ref).to(dtype), "RoiAlignV2 " + what,
                      tol=tol(dtype))
                if dtype != F32:
                    continue
                g = torch.tensor(np.random.RandomState(rng.randrange(1 << 30)).uniform(
                    -1, 1, (K, C, PH, PW))).to(F32)
                gi = self.dev(torch.full((B, C, H, W), 7.0, dtype=F32))  # overwritten
                self.run_op("RoiAlignV2Backward", self.dev(view_of(rng, g)).handle,
                            self.dev(boxes).handle, self.arr("int", [B, C, H, W]), PH, PW, scale,
                            ratio, aligned, gi.handle)
                ref = ref_roi_align_grad(g.double().numpy(), bd, (B, C, H, W), scale, ratio,
                                         aligned)
                check(self, gi.read(), torch.tensor(ref).to(F32), "RoiAlignV2Backward " + what,
                      tol=tol(F32))

    def test_iou(self):
        rng = random.Random(SEED + 1)
        for dtype in (F32, F16, BF16):
            for m, n, mode, eps, aligned in ((5, 7, "iou", 0.0, False), (6, 6, "iof", 1.0, True),
                                             (4, 3, "iof", 0.5, False), (3, 3, "iou", 0.0, True),
                                             (0, 4, "iou", 0.0, False)):
                def boxes(k):
                    r = []
                    for _ in range(k):
                        x0, y0 = rng.uniform(0, 10), rng.uniform(0, 10)
                        r.append([x0, y0, x0 + rng.uniform(0.5, 6), y0 + rng.uniform(0.5, 6)])
                    return torch.tensor(r, dtype=F64_).reshape(k, 4).to(dtype)
                bb, gb = boxes(m), boxes(n)
                out = self.dev(torch.zeros((m, 1) if aligned else (m, n), dtype=dtype))
                self.run_op("Iou", self.dev(view_of(rng, bb)).handle,
                            self.dev(view_of(rng, gb)).handle, mode, eps, aligned, out.handle)
                ref = ref_iou(bb.double().numpy(), gb.double().numpy(), mode, eps, aligned)
                check(self, out.read(), torch.tensor(ref).to(dtype),
                      "Iou %s %s" % (dtype, (m, n, mode, eps, aligned)), tol=tol(dtype))

    def test_ciou(self):
        rng = np.random.RandomState(SEED + 2)
        for dtype in (F32, F16):
            for trans in (False, True):
                for mode in ("iou", "iof"):
                    n = 1024
                    xy = rng.uniform(0, 10, (2, 2, n))
                    wh = rng.uniform(0.2, 5, (2, 2, n))
                    if trans:
                        bb, gb = (np.concatenate([xy[i], wh[i]]) for i in (0, 1))
                    else:
                        bb, gb = (np.concatenate([xy[i], xy[i] + wh[i]]) for i in (0, 1))
                    bb[:, :8] = 1.0  # CANN's example: degenerate boxes (points)
                    gb[:, :8] = 2.0
                    bt, gt = (torch.tensor(a).to(dtype) for a in (bb, gb))
                    ov = self.dev(torch.zeros((1, n), dtype=dtype))
                    at = self.dev(torch.zeros((1, n), dtype=dtype))
                    self.run_op("CIoU", self.dev(bt).handle, self.dev(gt).handle, trans, False,
                                mode, ov.handle, at.handle)
                    r_ov, r_at = ref_ciou(bt.double().numpy(), gt.double().numpy(), trans, mode)
                    what = "CIoU %s trans %s %s" % (dtype, trans, mode)
                    check(self, ov.read(), torch.tensor(r_ov).to(dtype), "overlap " + what,
                          tol=tol(dtype))
                    check(self, at.read(), torch.tensor(r_at).to(dtype), "atanSub " + what,
                          tol=tol(dtype))

    def test_nms(self):
        rng = random.Random(SEED + 3)
        for dtype in (F32, F16):
            for B, C, N, mx, iou_t, score_t, center in ((1, 1, 7, 3, 0.6, 0.0, 0),
                                                        (2, 3, 12, 4, 0.3, 0.5, 1),
                                                        (1, 2, 9, 9, 0.5, None, 0),
                                                        (2, 1, 5, 0, 0.5, None, 1)):
                bx = []
                for _ in range(B * N):  # crowded: most boxes overlap
                    a, b = rng.uniform(0, 3), rng.uniform(0, 3)
                    bx.append([a, b, a + rng.uniform(-4, 4), b + rng.uniform(-4, 4)] if not center
                              else [a, b, rng.uniform(0.5, 4), rng.uniform(0.5, 4)])
                boxes = torch.tensor(bx, dtype=F64_).reshape(B, N, 4).to(dtype)
                sc = torch.tensor([round(rng.random(), 1) for _ in range(B * C * N)],
                                  dtype=F64_).reshape(B, C, N).to(dtype)
                out = self.dev(torch.zeros((mx * B * C, 3), dtype=I32))
                self.run_op("NonMaxSuppression", self.dev(view_of(rng, boxes)).handle,
                            self.dev(view_of(rng, sc)).handle, self.arr("int", [mx]),
                            self.arr("float", [iou_t]),
                            self.arr("float", [] if score_t is None else [score_t]), center,
                            out.handle)
                ref = ref_nms(boxes.float().double().numpy(), sc.float().double().numpy(), mx,
                              np.float32(iou_t), None if score_t is None else np.float32(score_t),
                              center)
                check(self, out.read(), torch.tensor(ref).to(I32),
                      "NonMaxSuppression %s %s" % (dtype, (B, C, N, mx, iou_t, score_t, center)))

    def test_nms_with_mask(self):
        rng = random.Random(SEED + 5)
        for n, iou_t, score_t in ((21, 0.1, 0.1), (16, 0.5, 0.3), (9, 0.3, 0.95), (1, 0.5, 0.9),
                                  (0, 0.5, 0.5)):
            bx = []
            for _ in range(n):
                a, b = rng.uniform(0, 4), rng.uniform(0, 4)
                bx.append([a, b, a + rng.uniform(0.5, 3), b + rng.uniform(0.5, 3)])
            boxes = torch.tensor(bx, dtype=F64_).reshape(n, 4).to(F32)
            sc = torch.tensor(sorted((rng.random() for _ in range(n)), reverse=True),
                              dtype=F64_).to(F32)
            y = self.dev(torch.full((n,), 7, dtype=torch.uint8))
            self.run_op("NMSWithMask", self.dev(view_of(rng, boxes)).handle, self.dev(sc).handle,
                        iou_t, score_t, y.handle)
            ref = ref_nms_mask(boxes.numpy(), sc.numpy(), iou_t, score_t)
            check(self, y.read(), torch.tensor(ref).to(torch.uint8),
                  "NMSWithMask %s" % ((n, iou_t, score_t),))

    def test_roi_pooling(self):
        rng = random.Random(SEED + 4)
        for dtype in (F32, F16):
            for N, C, H, W, K, PH, PW, sh, sw in ((2, 3, 6, 8, 4, 2, 2, 1.0, 1.0),
                                                  (1, 2, 9, 7, 5, 3, 2, 0.5, 0.25),
                                                  (3, 1, 5, 5, 0, 2, 2, 1.0, 1.0)):
                x = torch.tensor(np.random.RandomState(rng.randrange(1 << 30)).uniform(
                    -2, 2, (N, C, H, W))).to(dtype)
                rows = []
                for _ in range(K):  # some regions empty, reversed or of a missing image
                    x1, y1 = rng.uniform(0, W / sw), rng.uniform(0, H / sh)
                    rows.append([rng.randrange(N + 1), x1, y1, x1 + rng.uniform(-1, W / sw),
                                 y1 + rng.uniform(-1, H / sh)])
                rois = torch.tensor(rows, dtype=F64_).reshape(K, 5).to(dtype)
                y = self.dev(torch.zeros((K, C, PH, PW), dtype=dtype))
                am = self.dev(torch.zeros((K, C, PH, PW), dtype=I32))
                self.run_op("RoiPoolingWithArgMax", self.dev(view_of(rng, x)).handle,
                            self.dev(view_of(rng, rois)).handle, PH, PW, sh, sw, y.handle,
                            am.handle)
                ry, ram = ref_roi_pool(x.double().numpy(), rois.float().double().numpy(), PH, PW,
                                       np.float32(sh), np.float32(sw))
                what = "RoiPoolingWithArgMax %s %s" % (dtype, (N, C, H, W, K, PH, PW, sh, sw))
                check(self, y.read(), torch.tensor(ry).to(dtype), what)
                check(self, am.read(), torch.tensor(ram).to(I32), "argmax " + what)
                g = torch.tensor(np.random.RandomState(rng.randrange(1 << 30)).uniform(
                    -1, 1, (K, C, PH, PW))).to(dtype)
                gi = self.dev(torch.full((N, C, H, W), 5.0, dtype=dtype))  # overwritten
                self.run_op("RoiPoolingGradWithArgMax", self.dev(view_of(rng, g)).handle,
                            gi.handle, self.dev(rois).handle, self.dev(torch.tensor(ram).to(I32)).handle,
                            PH, PW, sh)
                ref = np.zeros((N, C, H, W))
                gd = g.double().numpy()
                for k in range(K):
                    for c in range(C):
                        for i in range(PH * PW):
                            a = ram[k, c].flat[i]
                            if a >= 0:
                                ref[int(rows[k][0]), c].flat[a] += gd[k, c].flat[i]
                check(self, gi.read(), torch.tensor(ref).to(dtype), "Grad" + what[7:],
                      tol=tol(dtype))

    def test_compositing(self):
        """BackgroundReplace, BlendImagesCustom, MrgbaCustom (ops-cv objdetect's image ops):
        the formulas in FLOAT16 steps (numpy float16 arithmetic rounds each step to nearest
        even, as the kernels' half vector ops), UINT8 results rint / floor."""
        rs = np.random.RandomState(SEED + 6)
        h = np.float16
        U8 = torch.uint8
        rng = random.Random(SEED + 6)
        for H, W in ((4, 5), (7, 3), (0, 2)):
            for C, dt in ((3, U8), (1, U8), (3, F16), (1, F16)):
                if dt == U8:
                    bkg, src = (rs.randint(0, 256, (H, W, C)).astype(np.uint8) for _ in range(2))
                else:
                    bkg, src = (rs.uniform(-4, 4, (H, W, C)).astype(h) for _ in range(2))
                mask = rs.uniform(0, 1, (H, W, 1)).astype(h)
                b16, s16 = bkg.astype(h), src.astype(h)
                r = (b16 - b16 * mask) + s16 * mask
                if dt == U8:
                    r = np.clip(np.rint(r.astype(np.float64)), 0, 255).astype(np.uint8)
                out = self.dev(torch.zeros((H, W, C), dtype=dt))
                tb, tsrc = (torch.from_numpy(np.ascontiguousarray(a)) for a in (bkg, src))
                self.run_op("BackgroundReplace", self.dev(view_of(rng, tb)).handle,
                            self.dev(tsrc).handle, self.dev(torch.from_numpy(mask)).handle,
                            out.handle)
                check(self, out.read(), torch.from_numpy(r).to(dt),
                      "BackgroundReplace %s" % ((H, W, C, dt),), tol=(0, 0))
            rgb, frame = (rs.randint(0, 256, (H, W, 3)).astype(np.uint8) for _ in range(2))
            alpha = rs.randint(0, 256, (H, W, 1)).astype(np.uint8)
            a = alpha.astype(h) * h(1.0 / 255.0)
            f16 = frame.astype(h)
            r = (f16 - f16 * a) + rgb.astype(h) * a
            r = np.clip(np.rint(r.astype(np.float64)), 0, 255).astype(np.uint8)
            out = self.dev(torch.zeros((H, W, 3), dtype=U8))
            self.run_op("BlendImagesCustom", self.dev(torch.from_numpy(rgb)).handle,
                        self.dev(torch.from_numpy(alpha)).handle,
                        self.dev(view_of(rng, torch.from_numpy(frame))).handle, out.handle)
            check(self, out.read(), torch.from_numpy(r), "BlendImagesCustom %s" % ((H, W),))
            r = np.floor((rgb.astype(h) * a).astype(np.float64)).astype(np.uint8)
            out = self.dev(torch.zeros((H, W, 3), dtype=U8))
            self.run_op("MrgbaCustom", self.dev(torch.from_numpy(rgb)).handle,
                        self.dev(torch.from_numpy(alpha)).handle, out.handle)
            check(self, out.read(), torch.from_numpy(r), "MrgbaCustom %s" % ((H, W),))

    def test_refused(self):
        x = self.dev(torch.zeros((1, 2, 4, 4), dtype=F32))
        b5 = self.dev(torch.zeros((3, 5), dtype=F32))
        b4 = self.dev(torch.zeros((3, 4), dtype=F32))
        out = self.dev(torch.zeros((3, 2, 2, 2), dtype=F32))
        idx = self.dev(torch.zeros((3,), dtype=I32))
        self.refused("RoiAlignV2", 161001, 0, b5.handle, 2, 2, 1.0, 0, True, out.handle)
        self.refused("RoiAlignV2", 161002, x.handle, b4.handle, 2, 2, 1.0, 0, True, out.handle)
        self.refused("RoiAlignV2", 161002, x.handle, b5.handle, 2, 2, 0.0, 0, True, out.handle)
        self.refused("RoiAlign", 161002, x.handle, b4.handle, idx.handle, "mean", 2, 2, 0, 1.0,
                     out.handle)
        self.refused("Iou", 161002, b4.handle, b4.handle, "iou", -1.0, False,
                     self.dev(torch.zeros((3, 3), dtype=F32)).handle)
        self.refused("NonMaxSuppression", 161002, x.handle, x.handle, self.arr("int", [1]),
                     self.arr("float", [0.5]), self.arr("float", []), 0, idx.handle)


F64_ = torch.float64 if torch is not None else None

if __name__ == "__main__":
    unittest.main()
