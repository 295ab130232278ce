#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Build and run the whole test suite in every configuration CI checks:
# release, ASan+UBSan, TSan. Usage: tools/test.sh [preset...]
set -euo pipefail
cd "$(dirname "$0")/.."
usage() {
  cat <<'USAGE'
usage: tools/test.sh [PRESET...]
Build and run the whole test suite for each PRESET (default: release asan tsan), then,
after release, a bounded API-fuzzer campaign (CPUACL_FUZZ_SECONDS, default 60, as one job per CPU up to 4; 0: none).
Presets (CMakePresets.json): release, debug, asan (ASan+UBSan), tsan.
Tests run CPUACL_TEST_JOBS at a time (default: the number of online cores); each stage
prints its wall time.
  tools/test.sh release     # one configuration only
USAGE
}
known=(release debug asan tsan)
for a in "$@"; do
  case "$a" in
  -h | --help) usage; exit 0 ;;
  -*) echo "tools/test.sh: unknown option '$a'" >&2; usage >&2; exit 2 ;;
  esac
  ok=0
  for k in "${known[@]}"; do [ "$a" = "$k" ] && ok=1; done
  if [ "$ok" = 0 ]; then
    echo "tools/test.sh: unknown preset '$a' (known: ${known[*]})" >&2
    exit 2
  fi
done
presets=("$@")
[ ${#presets[@]} -gt 0 ] || presets=(release asan tsan)
jobs="${CPUACL_TEST_JOBS:-$(nproc)}"
failed=()
stage_start=$SECONDS
stage() { # stage NAME: print the previous stage's wall time, then NAME
  echo "=== (${1}) after $((SECONDS - stage_start)) s; total ${SECONDS} s ==="
  stage_start=$SECONDS
}
for p in "${presets[@]}"; do
  echo "=== ${p}: configure and build ==="
  cmake --preset "$p" >/dev/null
  cmake --build --preset "$p"
  stage "${p} build"
  echo "=== ${p}: test (${jobs} at a time) ==="
  if ! ctest --preset "$p" --parallel "$jobs"; then failed+=("$p"); fi
  stage "${p} test"
  # A bounded API-fuzzer campaign (issue 11) after the release tests: its own
  # clang ASan+UBSan build; an input it fails on lands in tests/fuzz/corpus.
  if [ "$p" = release ] && [ "${CPUACL_FUZZ_SECONDS:-60}" -gt 0 ]; then
    echo "=== fuzz: ${CPUACL_FUZZ_SECONDS:-60} s campaign ==="
    rc=0
    FUZZ_SECONDS="${CPUACL_FUZZ_SECONDS:-60}" tests/fuzz/run_fuzz.sh . build/release/fuzz || rc=$?
    if [ "$rc" -ne 0 ] && [ "$rc" -ne 77 ]; then failed+=("fuzz"); fi
    stage "fuzz"
  fi
done
if [ ${#failed[@]} -gt 0 ]; then
  echo "test.sh: failures in: ${failed[*]}"
  exit 1
fi
echo "test.sh: all presets passed (${presets[*]})"
