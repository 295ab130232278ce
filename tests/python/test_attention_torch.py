# SPDX-License-Identifier: Apache-2.0
"""The inference attention operators (ops/attention/attention.c and attention_versions.c:
PromptFlashAttention V1..V3, IncreFlashAttention V1..V4, FusedInferAttentionScore V1..V4)
against a float64 PyTorch reference.

The reference is written from CANN's documented semantics, independently of attention.c: per
batch b and query head n (key/value head n // (N / KVN)), scores = scale * q k^T + pseShift;
a (query i, key j) pair is hidden by a non-zero attenMask element (sparse modes 0 and 1),
outside the preTokens / nextTokens band (mode 0 with a mask), by the causal / band rules of
sparse modes 2 (j > i), 3 (j > i + skv - sq) and 4 (band around that diagonal), and past the
batch's key length; softmax over the visible keys, a row with none visible gives zeros and
softmaxLse -inf; query rows past the batch's length give zeros. In double, from the inputs as
stored (FLOAT16, BFLOAT16: every declared type), for every layout each operator declares
(BSH, BSND, BNSD, BNSD_BSND), GQA, masks of each accepted type and shape, actual lengths, and
a decode long enough for attention.c to split its keys across the workers (FA8). Unsupported
inputs are refused with 161002 and a message naming them. Skipped without torch."""
import math
import random
import unittest

from torchcase import TorchCase, torch  # noqa: E402 (first: torch before acl)

import acltest  # noqa: E402
from acltest import acl  # noqa: E402

if torch is not None:
    from test_ew_torch import check, ACL_DT, F16, BF16, F32, F64  # noqa: E402

setUpModule = acltest.setup_module
tearDownModule = acltest.teardown_module

nn = acl.nn
SEED = 1616
BIG = 2147483647
TOL = {} if torch is None else {F16: (4e-3, 4e-3), BF16: (3e-2, 3e-2)}


def hidden(sparse, B, Sq, Skv, mask, pre, nxt, actq, actkv):
    """[B, Sq, Skv] bool: the pairs a query row does not see (the documented rules)."""
    h = torch.zeros(B, Sq, Skv, dtype=torch.bool)
    i = torch.arange(Sq).view(Sq, 1)
    j = torch.arange(Skv).view(1, Skv)
    for b in range(B):
        sq, skv = actq[b], actkv[b]
        if sparse in (0, 1) and mask is not None:
            h[b] |= mask[b] != 0
            if sparse == 0:
                h[b] |= (j < i - pre) | (j > i + nxt)
        elif sparse == 2:
            h[b] |= j > i
        elif sparse == 3:
            h[b] |= j > i + (skv - sq)
        elif sparse == 4:
            h[b] |= (j > i + (skv - sq) + nxt) | (j < i + (skv - sq) - pre)
        h[b] |= j >= skv
    return h


def attention_ref(q, k, v, scale, pse, hid, actq):
    """q [B, N, Sq, D], k / v [B, KVN, Skv, D] (double), hid [B, Sq, Skv]: out, lse."""
    B, N, Sq, _ = q.shape
    G = N // k.shape[1]
    kk, vv = k.repeat_interleave(G, dim=1), v.repeat_interleave(G, dim=1)
    s = scale * q @ kk.transpose(-1, -2)
    if pse is not None:
        s = s + pse[..., :Sq, :k.shape[2]].double()
    s = s.masked_fill(hid.unsqueeze(1), -math.inf)
    m = s.amax(-1, keepdim=True)
    any_ = torch.isfinite(m)
    e = torch.where(any_, (s - torch.where(any_, m, torch.zeros_like(m))).exp(),
                    torch.zeros_like(s))
    ssum = e.sum(-1, keepdim=True)
    p = torch.where(ssum > 0, e / ssum.clamp_min(1e-300), torch.zeros_like(e))
    out = p @ vv
    lse = torch.where(ssum > 0, m + ssum.clamp_min(1e-300).log(),
                      torch.full_like(m, -math.inf))
    for b in range(B):
        out[b, :, actq[b]:] = 0
        lse[b, :, actq[b]:] = 0  # past the batch's rows: not compared
    return out, lse


def to_layout(t, layout):
    """A [B, N, S, D] tensor in a layout (BSH: [B, S, N * D])."""
    B, N, S, D = t.shape
    if layout == "BSH":
        return t.permute(0, 2, 1, 3).reshape(B, S, N * D).contiguous()
    if layout == "BSND":
        return t.permute(0, 2, 1, 3).contiguous()
    return t.contiguous()


def from_layout(t, layout, N):
    if layout == "BSH":
        B, S, H = t.shape
        return t.view(B, S, N, H // N).permute(0, 2, 1, 3)
    if layout in ("BSND", "BNSD_BSND"):
        return t.permute(0, 2, 1, 3)
    return t


@unittest.skipIf(torch is None, "torch (or numpy) is not installed")
class AttentionTorch(TorchCase):
    def tlist(self, t):
        """A one-tensor aclTensorList over a device copy of t."""
        d = self.dev(t)
        h, ret = nn.create_tensor(list(t.shape), ACL_DT[t.dtype], list(t.stride()),
                                  t.storage_offset(), acl.ACL_FORMAT_ND,
                                  [max(t.storage().size(), 1)],
                                  d.ptr)
        self.assertEqual(ret, 0)
        lst, ret = nn.create_tensor_list([h])
        self.assertEqual(ret, 0)
        self.lists.append(lst)
        return lst

    def ia(self, values):
        """An aclIntArray of values (None stays NULL)."""
        if values is None:
            return None
        arr, ret = nn.create_int_array(values)
        self.assertEqual(ret, 0)
        self.arrays.append(arr)
        return arr

    def setUp(self):
        super().setUp()
        self.lists, self.arrays = [], []

    def tearDown(self):
        for lst in self.lists:
            nn.destroy_tensor_list(lst)
        for arr in self.arrays:
            nn.destroy_int_array(arr)
        super().tearDown()

    def inputs(self, rng, dtype, B, N, KVN, Sq, Skv, D, layout):
        g = torch.Generator().manual_seed(rng.randrange(1 << 30))
        q = (torch.rand(B, N, Sq, D, generator=g, dtype=F64) * 2 - 1).to(dtype)
        k = (torch.rand(B, KVN, Skv, D, generator=g, dtype=F64) * 2 - 1).to(dtype)
        v = (torch.rand(B, KVN, Skv, D, generator=g, dtype=F64) * 2 - 1).to(dtype)
        lin = "BNSD" if layout == "BNSD_BSND" else layout
        return q, k, v, to_layout(q, lin), to_layout(k, lin), to_layout(v, lin)

    def out_of(self, layout, q, dtype):
        B, N, S, D = q.shape
        shape = {"BSH": (B, S, N * D), "BSND": (B, S, N, D), "BNSD": (B, N, S, D),
                 "BNSD_BSND": (B, S, N, D)}[layout]
        return self.dev(torch.full(shape, 7.0, dtype=dtype))

    def compare(self, out, lse, q, k, v, scale, pse, hid, actq, layout, dtype, what):
        ro, rl = attention_ref(q.double(), k.double(), v.double(), scale, pse, hid, actq)
        got = from_layout(out.read(), layout, q.shape[1]).double()
        check(self, got, ro, what + " out", tol=TOL[dtype])
        if lse is not None:
            gl = lse.read().double()
            for b in range(q.shape[0]):
                gl[b, :, actq[b]:] = 0
            check(self, gl, rl, what + " softmaxLse", tol=(1e-4, 1e-4))

    # ---- PromptFlashAttention -------------------------------------------------------------

    def test_prompt(self):
        rng = random.Random(SEED)
        for dtype in (F16, BF16):
            for layout in ("BSH", "BSND", "BNSD", "BNSD_BSND"):
                for ver in ("", "V2", "V3"):
                    B, N, KVN, Sq, Skv, D = 2, 4, 2, 5, 7, 16
                    q, k, v, ql, kl, vl = self.inputs(rng, dtype, B, N, KVN, Sq, Skv, D, layout)
                    mask = (torch.rand(B, Sq, Skv) < 0.3).to(torch.bool)
                    mask[:, :, 0] = False
                    pse = (torch.rand(1, N, Sq, Skv, dtype=F64) - 0.5).to(dtype)
                    pre, nxt = 3, 1
                    actq = [Sq, 3]
                    actkv = [Skv, Skv] if ver == "" else [6, Skv]
                    scale = 1 / math.sqrt(D)
                    out = self.out_of(layout, q, dtype)
                    args = [self.dev(ql).handle, self.dev(kl).handle, self.dev(vl).handle,
                            self.dev(pse).handle, self.dev(mask).handle, self.ia(actq)]
                    if ver:
                        args += [self.ia(actkv), None, None, None, None, None]
                    args += [N, scale, pre, nxt, layout, KVN]
                    if ver:
                        args += [0]
                    if ver == "V3":
                        args += [1]
                    self.run_op("PromptFlashAttention" + ver, *args, out.handle)
                    hid = hidden(0, B, Sq, Skv, mask, pre, nxt, actq, actkv)
                    self.compare(out, None, q, k, v, scale, pse, hid, actq, layout, dtype,
                                 "PromptFlashAttention%s %s %s" % (ver, dtype, layout))

    def test_prompt_sparse(self):
        rng = random.Random(SEED + 1)
        for dtype in (F16, BF16):
            for sparse in (1, 2, 3, 4):
                B, N, KVN, Sq, Skv, D = 2, 2, 1, 6, 9, 8
                q, k, v, ql, kl, vl = self.inputs(rng, dtype, B, N, KVN, Sq, Skv, D, "BNSD")
                actq, actkv = [Sq, 4], [Skv, 7]
                if sparse == 1:
                    mask = (torch.rand(B, 1, Sq, Skv) < 0.4).to(torch.uint8)
                    mref = mask[:, 0]
                else:  # the optimised mask: its content is implied by the mode
                    mask = torch.triu(torch.ones(32, 32, dtype=torch.int8), 1)
                    mref = None
                pre, nxt = 2, 1
                scale = 0.3
                out = self.out_of("BNSD", q, dtype)
                self.run_op("PromptFlashAttentionV3", self.dev(ql).handle, self.dev(kl).handle,
                            self.dev(vl).handle, None, self.dev(mask).handle, self.ia(actq),
                            self.ia(actkv),
                            None, None, None, None, None, N, scale, pre, nxt, "BNSD", KVN,
                            sparse, 0, out.handle)
                hid = hidden(sparse, B, Sq, Skv, mref, pre, nxt, actq, actkv)
                self.compare(out, None, q, k, v, scale, None, hid, actq, "BNSD", dtype,
                             "PromptFlashAttentionV3 sparse %d %s" % (sparse, dtype))

    # ---- IncreFlashAttention --------------------------------------------------------------

    def incre_args(self, ver, ql, kl, vl, pse, mask, act, N, scale, layout, KVN):
        args = [ql, self.tlist(kl), self.tlist(vl), pse, mask, self.ia(act)]
        if ver:
            args += [None] * 5
        if ver in ("V3", "V4"):
            args += [None] * 3
        if ver == "V4":
            args += [None]
        args += [N, scale, layout, KVN]
        if ver in ("V3", "V4"):
            args += [0, 1]  # blockSize, innerPrecise
        return args

    def test_incre(self):
        rng = random.Random(SEED + 2)
        for dtype in (F16, BF16):
            for layout in ("BSH", "BSND", "BNSD"):
                for ver in ("", "V2", "V3", "V4"):
                    B, N, KVN, Skv, D = 3, 8, 2, 40, 32
                    q, k, v, ql, kl, vl = self.inputs(rng, dtype, B, N, KVN, 1, Skv, D, layout)
                    act = [Skv, 17, 1]
                    shape = rng.choice([(B, Skv), (B, 1, Skv), (B, 1, 1, Skv)])
                    mask = (torch.rand(shape) < 0.2).to(rng.choice([torch.bool, torch.int8,
                                                                    torch.uint8]))
                    mask.view(B, -1)[:, 0] = 0
                    pse = (torch.rand(B, N, 1, Skv, dtype=F64) - 0.5).to(dtype)
                    scale = 1 / math.sqrt(D)
                    out = self.out_of(layout, q, dtype)
                    self.run_op("IncreFlashAttention" + ver,
                                *self.incre_args(ver, self.dev(ql).handle, kl, vl,
                                                 self.dev(pse).handle, self.dev(mask).handle,
                                                 act, N, scale, layout, KVN), out.handle)
                    mref = mask.reshape(B, 1, Skv)
                    hid = hidden(1, B, 1, Skv, mref, BIG, BIG, [1] * B, act)
                    self.compare(out, None, q, k, v, scale, pse, hid, [1] * B, layout, dtype,
                                 "IncreFlashAttention%s %s %s" % (ver, dtype, layout))

    def test_incre_long_cache(self):
        """A decode over 4096 keys: attention.c splits the keys across the workers (FA8)."""
        rng = random.Random(SEED + 3)
        for dtype in (F16, BF16):
            B, N, KVN, Skv, D = 1, 8, 1, 4096, 64
            q, k, v, ql, kl, vl = self.inputs(rng, dtype, B, N, KVN, 1, Skv, D, "BNSD")
            act = [3000]
            scale = 1 / math.sqrt(D)
            out = self.out_of("BNSD", q, dtype)
            self.run_op("IncreFlashAttentionV4",
                        *self.incre_args("V4", self.dev(ql).handle, kl, vl, None, None, act, N,
                                         scale, "BNSD", KVN), out.handle)
            hid = hidden(1, B, 1, Skv, None, BIG, BIG, [1], act)
            self.compare(out, None, q, k, v, scale, None, hid, [1], "BNSD", dtype,
                         "IncreFlashAttentionV4 long cache %s" % dtype)

    # ---- FusedInferAttentionScore ---------------------------------------------------------

    def fia_args(self, ver, ql, kl, vl, pse, mask, actq, actkv, N, scale, pre, nxt, layout,
                 KVN, sparse, lse_flag, out, lse):
        args = [ql, self.tlist(kl), self.tlist(vl), pse, mask, self.ia(actq), self.ia(actkv)]
        args += [None] * 10
        if ver in ("V2", "V3", "V4"):
            args += [None] * 6 + [None]  # key/value antiquant, shared prefix, its lengths
        if ver in ("V3", "V4"):
            args += [None] * 3  # queryRope, keyRope, keyRopeAntiquantScale
        if ver == "V4":
            args += [None] * 2  # dequantScaleQuery, learnableSink
        args += [N, scale, pre, nxt, layout, KVN, sparse, 1, 0, 0, lse_flag]
        if ver in ("V2", "V3", "V4"):
            args += [0, 0]
        if ver == "V4":
            args += [0]
        return args + [out, lse]

    def test_fused(self):
        rng = random.Random(SEED + 4)
        for dtype in (F16, BF16):
            for ver in ("", "V2", "V3", "V4"):
                for layout, Sq in (("BSH", 6), ("BNSD_BSND", 5), ("BSND", 1), ("BNSD", 1)):
                    B, N, KVN, Skv, D = 2, 4, 1, 11, 16
                    sparse = rng.choice((0, 3)) if Sq > 1 else 0
                    q, k, v, ql, kl, vl = self.inputs(rng, dtype, B, N, KVN, Sq, Skv, D, layout)
                    actq, actkv = [Sq, max(Sq - 2, 1)], [Skv, 8]
                    if sparse == 0:
                        mask = (torch.rand(1, Sq, Skv) < 0.3).to(torch.bool)
                        mask[..., 0] = False
                        mref = mask.expand(B, Sq, Skv)
                    else:
                        mask = torch.triu(torch.ones(16, 16, dtype=torch.bool), 1)
                        mref = None
                    pre, nxt = 4, 0
                    scale = 0.25
                    out = self.out_of(layout, q, dtype)
                    lse = self.dev(torch.zeros(B, N, Sq, 1, dtype=F32))
                    self.run_op("FusedInferAttentionScore" + ver,
                                *self.fia_args(ver, self.dev(ql).handle, kl, vl, None,
                                               self.dev(mask).handle, actq, actkv, N, scale,
                                               pre, nxt, layout, KVN, sparse, True, out.handle,
                                               lse.handle))
                    hid = hidden(sparse, B, Sq, Skv, mref, pre, nxt, actq, actkv)
                    self.compare(out, lse, q, k, v, scale, None, hid, actq, layout, dtype,
                                 "FusedInferAttentionScore%s %s %s sparse %d" %
                                 (ver, dtype, layout, sparse))

    # ---- refusals -------------------------------------------------------------------------

    def refused_naming(self, op, code, name, *args):
        _, _, ret = nn.get_workspace_size(op, *args)
        msg = acl.get_recent_err_msg()
        self.assertEqual(ret, code, "aclnn%s: %d (%s), want %d" % (op, ret, msg, code))
        self.assertIn("aclnn" + op + ":", msg)
        self.assertIn(name, msg)

    def test_refused(self):
        rng = random.Random(SEED + 5)
        q, k, v, ql, kl, vl = self.inputs(rng, F16, 1, 2, 1, 1, 4, 8, "BNSD")
        qh, kh, vh = self.dev(ql).handle, self.dev(kl).handle, self.dev(vl).handle
        out = self.out_of("BNSD", q, F16).handle
        any_t = self.dev(torch.ones(1, dtype=F32)).handle
        q32 = self.dev(ql.float()).handle
        pfa1 = lambda qq, oo, lay="BNSD": [qq, kh, vh, None, None, None, 2, 1.0, BIG, 0, lay, 1,
                                           oo]
        self.refused("PromptFlashAttention", 161001, *pfa1(None, out))
        self.refused("PromptFlashAttention", 161001, *pfa1(qh, None))
        self.refused_naming("PromptFlashAttention", 161002, "FLOAT16, BFLOAT16",
                            *pfa1(q32, out))
        self.refused_naming("PromptFlashAttention", 161002, "inputLayout",
                            *pfa1(qh, out, "TND"))
        for ver, names in (("V2", 5), ("V3", 5)):
            for i, name in enumerate(("deqScale1", "quantScale1", "deqScale2", "quantScale2",
                                      "quantOffset2")):
                quant = [None] * names
                quant[i] = any_t
                args = [qh, kh, vh, None, None, None, None] + quant + [2, 1.0, BIG, 0, "BNSD",
                                                                        1, 0]
                args += [1] if ver == "V3" else []
                self.refused_naming("PromptFlashAttention" + ver, 161002, name, *args, out)
        # IncreFlashAttention: the quantisation / antiquant / page-attention / padding inputs
        ifa_names = ("dequantScale1", "quantScale1", "dequantScale2", "quantScale2",
                     "quantOffset2", "antiquantScale", "antiquantOffset", "blocktable",
                     "kvPaddingSize")
        for ver, n in (("V2", 5), ("V3", 8), ("V4", 9)):
            for i in range(n):
                extra = [None] * n
                extra[i] = any_t
                args = [qh, self.tlist(kl), self.tlist(vl), None, None, None] + extra + \
                    [2, 1.0, "BNSD", 1] + ([0, 1] if ver != "V2" else [])
                self.refused_naming("IncreFlashAttention" + ver, 161002, ifa_names[i], *args,
                                    out)
        ifa1 = lambda qq, lay="BNSD": self.incre_args("", qq, kl, vl, None, None, None, 2, 1.0,
                                                      lay, 1)
        self.refused("IncreFlashAttention", 161001, *ifa1(None), out)
        self.refused_naming("IncreFlashAttention", 161002, "inputLayout",
                            *ifa1(qh, "BNSD_BSND"), self.dev(torch.zeros(1, 1, 2, 8,
                                                                         dtype=F16)).handle)
        q2 = torch.zeros(1, 2, 2, 8, dtype=F16)
        self.refused_naming("IncreFlashAttention", 161002, "sequence length",
                            *ifa1(self.dev(q2).handle), self.dev(q2).handle)
        self.refused_naming("IncreFlashAttention", 161002, "actualSeqLengths",
                            *self.incre_args("", qh, kl, vl, None, None, [5], 2, 1.0, "BNSD",
                                             1), out)
        two = nn.create_tensor_list  # a key list of two tensors is refused
        lst2_h = [nn.create_tensor([1, 1, 4, 8], ACL_DT[F16], None, 0, acl.ACL_FORMAT_ND,
                                   None, 0)[0] for _ in range(2)]
        lst2, _ = two(lst2_h)
        self.lists.append(lst2)
        self.refused_naming("IncreFlashAttention", 161002, "one tensor", qh, lst2,
                            self.tlist(vl), None, None, None, 2, 1.0, "BNSD", 1, out)
        # FusedInferAttentionScore V1, V3, V4: their extra inputs, each named
        lse = self.dev(torch.zeros(1, 2, 1, 1, dtype=F32)).handle
        base = self.fia_args("V4", qh, kl, vl, None, None, None, None, 2, 1.0, BIG, 0, "BNSD",
                             1, 0, False, out, lse)
        v4_names = ["deqScale1Optional", "quantScale1Optional", "deqScale2Optional",
                    "quantScale2Optional", "quantOffset2Optional", "antiquantScaleOptional",
                    "antiquantOffsetOptional", "blockTableOptional",
                    "queryPaddingSizeOptional", "kvPaddingSizeOptional",
                    "keyAntiquantScaleOptional", "keyAntiquantOffsetOptional",
                    "valueAntiquantScaleOptional", "valueAntiquantOffsetOptional",
                    "keySharedPrefixOptional", "valueSharedPrefixOptional",
                    "actualSharedPrefixLenOptional", "queryRopeOptional", "keyRopeOptional",
                    "keyRopeAntiquantScaleOptional", "dequantScaleQueryOptional",
                    "learnableSinkOptional"]
        for i, name in enumerate(v4_names):
            args = list(base)
            args[7 + i] = self.ia([3]) if name == "actualSharedPrefixLenOptional" else any_t
            self.refused_naming("FusedInferAttentionScoreV4", 161002, name, *args)
        v3 = self.fia_args("V3", qh, kl, vl, None, None, None, None, 2, 1.0, BIG, 0, "BNSD", 1,
                           0, False, out, lse)
        v3[7 + 17] = any_t
        self.refused_naming("FusedInferAttentionScoreV3", 161002, "queryRopeOptional", *v3)
        v1 = self.fia_args("", qh, kl, vl, None, None, None, None, 2, 1.0, BIG, 0, "BNSD", 1,
                           0, False, out, lse)
        v1[7 + 7] = any_t
        self.refused_naming("FusedInferAttentionScore", 161002, "blockTable", *v1)
        v1[7 + 7] = None
        v1[0] = q32
        self.refused_naming("FusedInferAttentionScore", 161002, "FLOAT16, BFLOAT16", *v1)
        v1[0] = qh
        v1[-1] = None
        v1[-3] = True  # softmaxLseFlag without softmaxLse
        self.refused("FusedInferAttentionScore", 161001, *v1)


if __name__ == "__main__":
    unittest.main()
