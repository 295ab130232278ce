#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# Build and run the API-sequence fuzzer for a bounded time (issue 11).
#   run_fuzz.sh <source dir> <build dir> [seconds]
# The seed corpus is replayed first, on its own, so a regression input
# (tests/fuzz/corpus) fails deterministically. Then the fuzzer runs for
# FUZZ_SECONDS (default 0 = replay only) as FUZZ_JOBS (default: the online
# CPUs, at most 4) processes side by side, seeds FUZZ_SEED (default 1), +1, ...
# One process keeps about 0.7 of a CPU busy (its device workers park between
# inputs), so N jobs explore about N times as many inputs in the same time; they
# share the output corpus, each reloading what the others found.
# ctest replays only; tools/test.sh runs a bounded campaign after the release
# tests (CPUACL_FUZZ_SECONDS, default 60). An input that fails a campaign is
# copied into the seed corpus as tests/fuzz/corpus/regress-ci-<kind>-<hash>:
# commit it with the fix, and the replay checks it from then on. A finding
# that does not reproduce in 3 replays (a race hit once) is reported as a
# warning and does not fail the run unless FUZZ_STRICT=1.
# Exit 77 without clang.
set -e
src=$1
out=$2
secs=${3:-${FUZZ_SECONDS:-0}}
seed=${FUZZ_SEED:-1}
jobs=${FUZZ_JOBS:-$(nproc 2>/dev/null || echo 1)}
[ "$jobs" -ge 1 ] 2>/dev/null || jobs=1
[ "$jobs" -le 4 ] || jobs=4
command -v clang >/dev/null 2>&1 || { echo "api_fuzz: clang not installed, skipped"; exit 77; }
mkdir -p "$out"
cmake -S "$src/tests/fuzz/standalone" -B "$out" -G Ninja -DCMAKE_C_COMPILER=clang \
      -DCMAKE_BUILD_TYPE=RelWithDebInfo >/dev/null
cmake --build "$out" >"$out/build.log" 2>&1 || { tail -40 "$out/build.log"; exit 1; }
mkdir -p "$out/corpus"
# Replay: every seed input once (-runs=0 after loading the corpus).
ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 UBSAN_OPTIONS=halt_on_error=1 \
  "$out/api_fuzz" -seed="$seed" -runs=0 -timeout=20 -rss_limit_mb=4096 \
  -artifact_prefix="$out/" "$src/tests/fuzz/corpus" 2>"$out/replay.log" || {
    tail -60 "$out/replay.log"; exit 1; }
[ "$secs" -gt 0 ] || { grep -E "^INFO: seed corpus|Executed|Running" "$out/replay.log" | tail -2; exit 0; }
# The seed corpus stays read-only; new inputs go to the build dir.
j=1
pids=""
while [ "$j" -le "$jobs" ]; do
  ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 UBSAN_OPTIONS=halt_on_error=1 \
    "$out/api_fuzz" -seed=$((seed + j - 1)) -max_total_time="$secs" -timeout=20 -rss_limit_mb=4096 \
    -print_final_stats=1 -artifact_prefix="$out/" "$out/corpus" "$src/tests/fuzz/corpus" \
    2>"$out/fuzz-$j.log" &
  pids="$pids $!"
  j=$((j + 1))
done
failed=0
j=1
for p in $pids; do
  wait "$p" || { failed=1; echo "api_fuzz: campaign job $j (seed $((seed + j - 1))) failed:"; tail -60 "$out/fuzz-$j.log"; }
  j=$((j + 1))
done
[ "$failed" -eq 0 ] || {
    for a in "$out"/crash-* "$out"/leak-* "$out"/timeout-* "$out"/oom-*; do
      [ -f "$a" ] || continue
      b=$(basename "$a")
      cp "$a" "$src/tests/fuzz/corpus/regress-ci-${b%%-*}-$(echo "${b#*-}" | cut -c1-12)"
      echo "api_fuzz: $b saved as tests/fuzz/corpus/regress-ci-${b%%-*}-$(echo "${b#*-}" | cut -c1-12)"
    done
    # Gate on what reproduces: each finding is replayed 3 times; one that
    # never fails again depended on thread timing (a race the campaign hit
    # once). It is kept and reported, and fails the run only with
    # FUZZ_STRICT=1, so CI stays deterministic while the input is kept.
    repro=0
    for a in "$out"/crash-* "$out"/leak-* "$out"/timeout-* "$out"/oom-*; do
      [ -f "$a" ] || continue
      for i in 1 2 3; do
        ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 UBSAN_OPTIONS=halt_on_error=1 \
          "$out/api_fuzz" -runs=1 -timeout=20 -rss_limit_mb=4096 "$a" >"$out/repro.log" 2>&1 ||
          { repro=1; tail -40 "$out/repro.log"; break; }
      done
    done
    if [ "$repro" -eq 0 ] && [ "${FUZZ_STRICT:-0}" != 1 ]; then
      echo "api_fuzz: WARNING: the finding above did not reproduce in 3 replays (timing-dependent);"
      echo "api_fuzz: kept for the replay corpus, not failing this run (FUZZ_STRICT=1 would)"
      exit 0
    fi
    exit 1; }
# Executions and coverage of the campaign (the closing notes quote them).
j=1
while [ "$j" -le "$jobs" ]; do
  echo "api_fuzz: job $j (seed $((seed + j - 1))):" \
    $(grep -E "^stat::number_of_executed_units|^stat::new_units_added" "$out/fuzz-$j.log" | tail -2) \
    $(grep -E "^#[0-9]+.*cov:" "$out/fuzz-$j.log" | tail -1 | grep -oE "cov: [0-9]+ ft: [0-9]+")
  j=$((j + 1))
done
