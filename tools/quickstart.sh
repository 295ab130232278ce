#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# One command from a fresh Debian machine: install the dependencies, build the
# release configuration, and run the default cpuacl-bench study.
set -euo pipefail
cd "$(dirname "$0")/.."
bash tools/install-deps.sh
cmake --preset release >/dev/null
cmake --build --preset release
exec ./build/release/bench/cpuacl-bench "$@"
