# SPDX-License-Identifier: Apache-2.0
"""bench/bench_model_torch.py: the PyTorch models of the end-to-end tests
(tests/atc, ctest atc_torch_models and atc_torch_python) and of cpuacl-bench's
`model` study, which embeds this file and runs it as its peer.

Three models, their weights drawn from fixed seeds (the same bytes on every
run of one torch version):
  cnn    Conv-BatchNorm-ReLU-MaxPool, Conv-BatchNorm-ReLU, global average
         pool, Linear: input [4, 3, 32, 32], output [4, 10]
  mlp2   two inputs [4, 16] and [4, 8], two outputs: logits [4, 5] and a
         softmax over a Linear of the concatenated features [4, 6]
  block  a pre-norm transformer block, d=128, 4 heads, FFN 512: LayerNorm,
         fused QKV Linear, reshape/permute/split into heads, scaled
         Q @ K^T, softmax, @ V, heads merged, output Linear, residual;
         LayerNorm, Linear, GELU (exact, erf form), Linear, residual:
         input [4, 32, 128]
Each is exported with torch.onnx.export (opset 17; BatchNormalization kept
as its own node with TrainingMode.PRESERVE on an eval model, where the
default export would fold it into the Conv) and its inputs and PyTorch's
outputs written in the layout of ONNX's backend test data
(<dir>/<name>/model.onnx, test_data_set_0/{input,output}_<i>.pb) and as raw
float32 files (input_<i>.bin, output_<i>.bin) for the benchmark. For the
cnn also the data of AIPP on uint8 images (cnn/aipp/): image.bin, 4 RGB888
images [4, 32, 32, 3] drawn from SEED, and output_0.pb, PyTorch's output for
them normalised as AIPP_NORM gives (AIPP's (x - mean - min) * var_reci per
channel, in float32, NHWC to NCHW), for tests/atc/atc_python.py's static and
dynamic AIPP runs.

Usage:
  bench_model_torch.py export <dir>                  the models and their data
  bench_model_torch.py time <dir> <threads> <reps> <iters> [model...]
      export, then per model one line "<model> <ns> <ns> ..." (per-inference
      time of each repetition: <iters> calls under torch.inference_mode
      after a warm-up, torch.set_num_threads(<threads>))
Prints "notorch" and exits 0 when torch does not import (the caller skips).
"""
import os
import sys
import time

try:
    import torch
    import torch.nn as nn
except ImportError:
    print("notorch")
    sys.exit(0)

SEED = 28


class CNN(nn.Module):
    def __init__(self):
        super().__init__()
        self.c1, self.b1 = nn.Conv2d(3, 16, 3, padding=1), nn.BatchNorm2d(16)
        self.c2, self.b2 = nn.Conv2d(16, 32, 3, padding=1), nn.BatchNorm2d(32)
        self.pool, self.gap = nn.MaxPool2d(2), nn.AdaptiveAvgPool2d(1)
        self.fc = nn.Linear(32, 10)

    def forward(self, x):
        x = self.pool(torch.relu(self.b1(self.c1(x))))
        x = torch.relu(self.b2(self.c2(x)))
        return self.fc(torch.flatten(self.gap(x), 1))


class MLP2(nn.Module):
    def __init__(self):
        super().__init__()
        self.fa, self.fb = nn.Linear(16, 32), nn.Linear(8, 32)
        self.h1, self.h2 = nn.Linear(32, 5), nn.Linear(40, 6)

    def forward(self, a, b):
        h = torch.relu(self.fa(a)) + torch.tanh(self.fb(b))
        return self.h1(h), torch.softmax(self.h2(torch.cat([h, b], 1)), 1)


class Block(nn.Module):
    def __init__(self, d=128, heads=4, ffn=512):
        super().__init__()
        self.heads = heads
        self.ln1, self.ln2 = nn.LayerNorm(d), nn.LayerNorm(d)
        self.qkv, self.proj = nn.Linear(d, 3 * d), nn.Linear(d, d)
        self.f1, self.f2 = nn.Linear(d, ffn), nn.Linear(ffn, d)
        self.act = nn.GELU()

    def forward(self, x):
        n, t, d = x.shape
        hd = d // self.heads
        q, k, v = self.qkv(self.ln1(x)).reshape(n, t, 3, self.heads, hd).permute(2, 0, 3, 1, 4)
        a = torch.softmax(q @ k.transpose(-2, -1) / hd ** 0.5, -1) @ v
        x = x + self.proj(a.transpose(1, 2).reshape(n, t, d))
        return x + self.f2(self.act(self.f1(self.ln2(x))))


def randomise_norms(m):
    """BatchNorm statistics and LayerNorm parameters away from their
    identity initial values, so the conversion of each is exercised."""
    for mod in m.modules():
        if isinstance(mod, nn.BatchNorm2d):
            mod.running_mean.uniform_(-0.5, 0.5)
            mod.running_var.uniform_(0.5, 1.5)
            mod.weight.data.uniform_(0.5, 1.5)
            mod.bias.data.uniform_(-0.5, 0.5)
        elif isinstance(mod, nn.LayerNorm):
            mod.weight.data.uniform_(0.5, 1.5)
            mod.bias.data.uniform_(-0.5, 0.5)


def models():
    """(name, module in eval mode, example inputs), all from SEED."""
    out = []
    for i, (name, cls, shapes) in enumerate((("cnn", CNN, [(4, 3, 32, 32)]),
                                             ("mlp2", MLP2, [(4, 16), (4, 8)]),
                                             ("block", Block, [(4, 32, 128)]))):
        torch.manual_seed(SEED + i)
        m = cls()
        randomise_norms(m)
        m.eval()
        out.append((name, m, tuple(torch.randn(*s) for s in shapes)))
    return out


# AIPP's normalisation of the cnn's images (per channel mean, min, variance
# reciprocal; values exact in float16, as AIPP holds min and var_reci)
AIPP_NORM = {"mean": (120, 110, 100), "min": (0.5, 0.25, 0.0), "var": (0.015625, 0.0166015625,
                                                                     0.017578125)}


def export_aipp(d, m):
    """cnn/aipp: uint8 images and PyTorch's output on their AIPP normalisation."""
    from onnx import numpy_helper
    os.makedirs(os.path.join(d, "aipp"), exist_ok=True)
    g = torch.Generator().manual_seed(SEED)
    img = torch.randint(0, 256, (4, 32, 32, 3), dtype=torch.uint8, generator=g)
    n = AIPP_NORM
    x = (img.float() - torch.tensor(n["mean"], dtype=torch.float32) -
         torch.tensor(n["min"], dtype=torch.float32)) * torch.tensor(n["var"], dtype=torch.float32)
    with torch.no_grad():
        y = m(x.permute(0, 3, 1, 2).contiguous())
    img.numpy().tofile(os.path.join(d, "aipp", "image.bin"))
    with open(os.path.join(d, "aipp", "output_0.pb"), "wb") as f:
        f.write(numpy_helper.from_array(y.numpy().astype("float32")).SerializeToString())


def export(root):
    import onnx
    from onnx import numpy_helper
    result = []
    for name, m, xs in models():
        d = os.path.join(root, name)
        data = os.path.join(d, "test_data_set_0")
        os.makedirs(data, exist_ok=True)
        with torch.no_grad():
            ys = m(*xs)
        ys = ys if isinstance(ys, tuple) else (ys,)
        nin = ["x%d" % i for i in range(len(xs))]
        nout = ["y%d" % i for i in range(len(ys))]
        torch.onnx.export(m, xs, os.path.join(d, "model.onnx"), opset_version=17,
                          input_names=nin, output_names=nout,
                          training=torch.onnx.TrainingMode.PRESERVE)
        for kind, ts in (("input", xs), ("output", ys)):
            for i, t in enumerate(ts):
                a = t.detach().numpy().astype("float32")
                with open(os.path.join(data, "%s_%d.pb" % (kind, i)), "wb") as f:
                    f.write(numpy_helper.from_array(a).SerializeToString())
                a.tofile(os.path.join(d, "%s_%d.bin" % (kind, i)))
        onnx.checker.check_model(onnx.load(os.path.join(d, "model.onnx")))
        if name == "cnn":
            export_aipp(d, m)
        result.append((name, m, xs))
    return result


def time_models(root, threads, reps, iters, names):
    torch.set_num_threads(threads)
    print("torch", torch.__version__, torch.get_num_threads(), flush=True)
    for name, m, xs in export(root):
        if names and name not in names:
            continue
        with torch.inference_mode():
            for _ in range(max(3, iters // 10)):
                m(*xs)
            v = []
            for _ in range(reps):
                t = time.perf_counter_ns()
                for _ in range(iters):
                    m(*xs)
                v.append((time.perf_counter_ns() - t) / iters)
        print(name, " ".join("%.6g" % x for x in v), flush=True)


def main(argv):
    if len(argv) >= 2 and argv[0] == "export":
        export(argv[1])
        print("exported", " ".join(n for n, _, _ in models()))
        return 0
    if len(argv) >= 5 and argv[0] == "time":
        time_models(argv[1], int(argv[2]), int(argv[3]), int(argv[4]), argv[5:])
        return 0
    print(__doc__, file=sys.stderr)
    return 2


if __name__ == "__main__":
    import warnings
    warnings.filterwarnings("ignore")
    sys.exit(main(sys.argv[1:]))
