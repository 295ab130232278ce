#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Build and run the whole test suite in every configuration CI checks:
# release, ASan+UBSan, TSan. Usage: tools/test.sh [preset...]
set -euo pipefail
cd "$(dirname "$0")/.."
presets=("$@")
[ ${#presets[@]} -gt 0 ] || presets=(release asan tsan)
failed=()
for p in "${presets[@]}"; do
  echo "=== ${p}: configure and build ==="
  cmake --preset "$p" >/dev/null
  cmake --build --preset "$p"
  echo "=== ${p}: test ==="
  if ! ctest --preset "$p"; then failed+=("$p"); fi
done
if [ ${#failed[@]} -gt 0 ]; then
  echo "test.sh: failures in: ${failed[*]}"
  exit 1
fi
echo "test.sh: all presets passed (${presets[*]})"
