#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Install what cpuacl needs to build, test and benchmark (Debian packages).
set -euo pipefail
SUDO=""
if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi
PKGS=(
  cmake ninja-build gcc g++ pkg-config   # toolchain (CMake >= 3.25)
  liburcu-dev                            # RCU (event table, pointer registry)
  libjemalloc-dev                        # device memory arenas
  libcjson-dev                           # aclInit JSON configuration
  libbenchmark-dev                       # google-benchmark micro-benchmarks
  libopenblas-dev                        # BLAS for the matmul operators
  libopenmpi-dev openmpi-bin             # libhccl across processes (mpirun)
  python3 python3-numpy                  # the acl Python package's tests (numpy optional at run time)
  zlib1g-dev                             # tests/mdl: crc32, an independent check of the model file's checksums
  libonnx-dev libprotobuf-dev            # atc: ONNX parsing, onnx::checker, shape inference (atc skipped without)
  python3-onnx                           # tests/atc: builds its ONNX models (skipped without)
  libonnx-testdata                       # tests/atc: ONNX's backend conformance cases (skipped without)
  python3-torch                          # test oracle for operators and models, the model study's peer (skipped without)
  # peers measured beside cpuacl by cpuacl-bench (optional at build time)
  pocl-opencl-icd ocl-icd-opencl-dev opencl-c-headers   # OpenCL on CPU (PoCL)
  libtbb-dev                             # oneTBB flow graph
  clang libclang-rt-dev                  # libFuzzer + sanitizer runtimes for tests/fuzz (api_fuzz; skipped without clang)
)
missing=()
for p in "${PKGS[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  export DEBIAN_FRONTEND=noninteractive
  $SUDO apt-get update -qq
  $SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}"
fi
echo "install-deps: all ${#PKGS[@]} packages present"
