#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Build ggml's CANN backend, unchanged, against an installed cpuacl and run its
# test-backend-ops on the CANN0 device, one operator at a time.
#
# Usage: tools/ggml-check.sh GGML_SRC [OP...]
#   GGML_SRC  a ggml source tree (e.g. `git archive` of github:ggml-org/ggml)
#   OP...     operators to test (test-backend-ops -o names); none: build only;
#             "all": every operator test-backend-ops knows.
# Environment:
#   PREFIX    where cpuacl is installed (default /tmp/cpuacl-ggml)
#   BUILD     ggml build dir (default GGML_SRC/build-cann)
#   LOGS      per-operator logs and summary (default BUILD/tbo)
#   JOBS      build parallelism (default 2)
#   MODE      test-backend-ops mode (default test)
#   GGML_CMAKE_ARGS  extra ggml configure options (e.g. -DUSE_ACL_GRAPH=ON, ggml-cann's
#             ACL graph mode: decode steps captured and replayed; use its own BUILD)
# Needs a configured release build of cpuacl in build/release (cmake --preset
# release). Prints "OP passed/total" per operator and writes LOGS/summary.txt.
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
[ $# -ge 1 ] || { sed -n 3,20p "$0"; exit 2; }
SRC=$(cd "$1" && pwd); shift
PREFIX=${PREFIX:-/tmp/cpuacl-ggml}
BUILD=${BUILD:-$SRC/build-cann}
LOGS=${LOGS:-$BUILD/tbo}
JOBS=${JOBS:-2}
MODE=${MODE:-test}
export CCACHE_BASEDIR=${CCACHE_BASEDIR:-/work}

echo "== cpuacl: build and install to $PREFIX"
cmake --build "$ROOT/build/release" -j "$JOBS" >/dev/null
cmake --install "$ROOT/build/release" --prefix "$PREFIX" >/dev/null

echo "== what ggml-cann takes from CANN"
python3 "$ROOT/tools/ggml_api_check.py" "$SRC" --include "$PREFIX/include" \
    --lib "$PREFIX/lib64/libcpuacl.so"

echo "== ggml: configure ($BUILD)"
launcher=()
if command -v ccache >/dev/null; then
  launcher=(-DCMAKE_C_COMPILER_LAUNCHER=ccache -DCMAKE_CXX_COMPILER_LAUNCHER=ccache)
fi
gen=()
command -v ninja >/dev/null && gen=(-G Ninja)
cmake -S "$SRC" -B "$BUILD" "${gen[@]}" -DCMAKE_BUILD_TYPE=Release \
    -DGGML_CANN=ON -DCANN_INSTALL_DIR="$PREFIX" -DSOC_TYPE=Ascend910B3 \
    -DGGML_BUILD_TESTS=ON -DGGML_BUILD_EXAMPLES=OFF -DGGML_CCACHE=OFF \
    "${launcher[@]}" ${GGML_CMAKE_ARGS:-} >"$BUILD.configure.log" 2>&1 ||
  { tail -30 "$BUILD.configure.log"; exit 1; }
echo "== ggml: build test-backend-ops"
cmake --build "$BUILD" --target test-backend-ops -j "$JOBS" >"$BUILD.build.log" 2>&1 ||
  { grep -E "error|Error" "$BUILD.build.log" | head -40; exit 1; }
TBO="$BUILD/bin/test-backend-ops"
[ -x "$TBO" ] || { echo "no $TBO"; exit 1; }
[ $# -ge 1 ] || { echo "built $TBO"; exit 0; }

export LD_LIBRARY_PATH="$PREFIX/lib64${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
ops=("$@")
if [ "${ops[0]}" = all ]; then
  # the operator names test-backend-ops prints in its listing of cases
  mapfile -t ops < <("$TBO" -b CANN0 --list-ops 2>/dev/null | awk '{print $1}' | grep -E '^[A-Z_0-9]+$' | sort -u)
fi
mkdir -p "$LOGS"
: >"$LOGS/summary.txt"
for op in "${ops[@]}"; do
  log="$LOGS/$op.txt"
  rc=0
  "$TBO" "$MODE" -b CANN0 -o "$op" >"$log" 2>&1 || rc=$?
  # the summary line test-backend-ops prints per backend: "  N/M tests passed"
  line=$(grep -aE '^ +[0-9]+/[0-9]+ tests passed' "$log" | head -1 | awk '{print $1}')
  fails=$(grep -ac 'FAIL' "$log" || true)
  printf '%-28s %-12s rc=%s fail-lines=%s\n' "$op" "${line:-?}" "$rc" "$fails" | tee -a "$LOGS/summary.txt"
done
