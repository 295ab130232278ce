#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# One command from a fresh Debian machine: install the dependencies, build the
# release configuration, and run the default cpuacl-bench study.
set -euo pipefail
cd "$(dirname "$0")/.."
bash tools/install-deps.sh
cmake --preset release >/dev/null
cmake --build --preset release
# The default study; the report (report.html, report.json, trace.json) goes
# to build/report, and the tool prints where.
exec ./build/release/bench/cpuacl-bench --out build/report "$@"
