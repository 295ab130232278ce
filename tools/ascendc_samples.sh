#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# tools/ascendc_samples.sh: build and run every kernel sample of hicann/runtime's example/
# (those whose CMakeLists.txt calls ascendc_library or ascendc_fatbin_library) against a
# cpuacl install, each with its own CMakeLists.txt and run script, as the samples' README
# tells a user: `source <prefix>/set_env.sh`, `source example/set_sample_env.sh` (SOC_VERSION
# from aclrtGetSocName, ASCENDC_CMAKE_DIR found in the install), then the sample's run.sh.
#
#   tools/ascendc_samples.sh <hicann/runtime checkout or bare git mirror> <install prefix>
#                            [work dir (default: a new temporary directory)] [sample regex]
#
# Prints one line per sample (PASS/FAIL and, for a failure, the reason: the first error line
# of its log) and a summary; the logs stay in <work dir>/logs. Exit status: 0 when every
# sample passed, 1 otherwise. ASCENDC_SAMPLES_REPEAT=N runs each sample's program and checks
# N times (built once: later runs use the run script with cmake, make and the removal of
# build/ made no-ops; the cross-server sample runs once), to catch results that change from run to run; a sample
# passes when every run passed ("FAIL (k of N runs passed)" otherwise).
# docs/ascendc-build.md.
set -u

if [ $# -lt 2 ]; then
    sed -n '2,18p' "$0" | sed 's/^# \{0,1\}//'
    exit 2
fi
src=$1
prefix=$(cd "$2" && pwd) || exit 2
work=${3:-$(mktemp -d "${TMPDIR:-/tmp}/ascendc_samples.XXXXXX")}
filter=${4:-.}
per_sample_timeout=${ASCENDC_SAMPLES_TIMEOUT:-600}
repeat=${ASCENDC_SAMPLES_REPEAT:-1}

if [ ! -f "${prefix}/set_env.sh" ] || [ ! -f "${prefix}/tikcpp/ascendc_kernel_cmake/ascendc.cmake" ]; then
    echo "ascendc_samples: ${prefix} is not a cpuacl install (no set_env.sh or" \
        "tikcpp/ascendc_kernel_cmake/ascendc.cmake)" >&2
    exit 2
fi

# The example/ tree, copied: the samples build inside their own directories.
mkdir -p "${work}"
work=$(cd "${work}" && pwd)
rm -rf "${work}/example" "${work}/logs"
mkdir -p "${work}/logs"
if [ -d "${src}/example" ]; then
    cp -r "${src}/example" "${work}/example" || exit 2
elif git --git-dir="${src}" rev-parse --verify -q HEAD >/dev/null 2>&1; then
    git --git-dir="${src}" archive HEAD example | tar -x -C "${work}" || exit 2
else
    echo "ascendc_samples: ${src} is neither a hicann/runtime checkout nor a git mirror" >&2
    exit 2
fi
rev=$(git --git-dir="${src}" rev-parse --short HEAD 2>/dev/null ||
    git -C "${src}" rev-parse --short HEAD 2>/dev/null || echo "?")

cd "${work}/example" || exit 2
samples=$(grep -rlE --include=CMakeLists.txt 'ascendc_(fatbin_)?library' . |
    sed 's#^\./##; s#/CMakeLists.txt$##' | sort | grep -E "${filter}")

# Why a sample failed: the first line of its log that says so.
reason_of() {
    local r
    r=$(grep -m1 -E '\[ERROR\]|\[FAILURE\]|FAILED:|error:|Error at|CMake Error|failed|ret = ' "$1" |
        cut -c1-160)
    if [ -z "${r}" ]; then
        r=$(grep -v '^\s*$' "$1" | tail -n1 | cut -c1-160)
    fi
    printf '%s' "${r}"
}

# One sample, in a clean environment, after what the samples' README asks of a user:
# `source <cann>/set_env.sh` and `source example/set_sample_env.sh` (SOC_VERSION,
# ASCENDC_CMAKE_DIR, ASCEND_INSTALL_PATH). The cross-server sample's scripts ask for the
# server's address and port on stdin and both rebuild build/: the server script runs first,
# the client script once the server listens.
run_sample() {
    local dir=$1 log=$2 script=${3:-run.sh}
    env -i HOME="${HOME:-/tmp}" PATH=/usr/local/bin:/usr/bin:/bin TERM=dumb \
        CCACHE_DIR="${CCACHE_DIR:-}" LANG=C.UTF-8 \
        bash -c '
        set +u
        prefix=$1 dir=$2 limit=$3 examples=$4 script=$5
        set --  # the scripts sourced here read their own arguments
        . "${prefix}/set_env.sh" || exit 97
        . "${examples}/set_sample_env.sh" || exit 97
        cd "${dir}" || exit 97
        if [ -f "${script}" ]; then
            exec timeout "${limit}" bash "${script}"
        elif [ -f run_server.sh ] && [ -f run_client.sh ]; then
            port=$((20000 + $$ % 20000))
            printf "%s\n" "${port}" | timeout "${limit}" bash run_server.sh > server.log 2>&1 &
            server=$!
            for _ in $(seq 1 600); do
                grep -q "Running server" server.log 2>/dev/null && break
                kill -0 "${server}" 2>/dev/null || break
                sleep 0.5
            done
            sleep 1
            printf "127.0.0.1\n%s\n" "${port}" | timeout "${limit}" bash run_client.sh
            client=$?
            wait "${server}"
            s=$?
            echo "--- server:"; cat server.log
            [ "${client}" -eq 0 ] && [ "${s}" -eq 0 ]
        else
            echo "[ERROR]: no run.sh"; exit 98
        fi' sample "${prefix}" "${work}/example/${dir}" "${per_sample_timeout}" \
        "${work}/example" "${script}" >"${log}" 2>&1
}

# The runs after the first: the sample's run.sh with cmake and make as shell functions that
# do nothing and an rm that leaves paths naming a build directory alone (the scripts remove
# and rebuild build/ in several ways), so the program and its checks run again on the same
# build. Prints how many of these runs passed.
repeat_sample() {
    local dir=$1 log=$2 ok=0 i
    # one run asked for, or a sample of two scripts (the cross-server one): run once
    if [ "${repeat}" -le 1 ] || [ ! -f "${work}/example/${dir}/run.sh" ]; then
        echo $((repeat - 1))
        return
    fi
    {
        echo 'cmake() { return 0; }'
        echo 'make() { return 0; }'
        echo 'rm() { local a; for a in "$@"; do case "${a}" in *build*) return 0 ;; esac; done; command rm "$@"; }'
        cat "${work}/example/${dir}/run.sh"
    } >"${work}/example/${dir}/run_again.sh"
    for i in $(seq 2 "${repeat}"); do
        if run_sample "${dir}" "${log}.run${i}" run_again.sh; then
            ok=$((ok + 1))
            rm -f "${log}.run${i}"
        fi
    done
    echo "${ok}"
}

pass=0
fail=0
printf 'hicann/runtime %s, install %s\n' "${rev}" "${prefix}"
printf '%-72s %s\n' "sample" "result"
for s in ${samples}; do
    log="${work}/logs/$(printf '%s' "${s}" | tr '/' '_').log"
    run_sample "${s}" "${log}"
    rc=$?
    # the later runs count even when the first failed: how often a sample passes is evidence
    ok=$(repeat_sample "${s}" "${log}")
    [ "${rc}" -eq 0 ] && ok=$((ok + 1))
    if [ "${ok}" -ge "${repeat}" ]; then
        pass=$((pass + 1))
        printf '%-72s PASS\n' "${s}"
    elif [ "${rc}" -eq 0 ]; then
        fail=$((fail + 1))
        printf '%-72s FAIL (%d of %d runs passed): %s\n' "${s}" "${ok}" "${repeat}" \
            "$(reason_of "$(ls "${log}".run* | head -n1)")"
    else
        fail=$((fail + 1))
        why=$(reason_of "${log}")
        [ "${rc}" -eq 124 ] && why="timed out after ${per_sample_timeout} s; ${why}"
        [ "${repeat}" -gt 1 ] && why="${ok} of ${repeat} runs passed; ${why}"
        printf '%-72s FAIL (exit %d): %s\n' "${s}" "${rc}" "${why}"
    fi
done
printf '%d passed, %d failed (logs: %s/logs)\n' "${pass}" "${fail}" "${work}"
[ "${fail}" -eq 0 ]
