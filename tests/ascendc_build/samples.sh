#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# ctest ascendc_samples: tools/ascendc_samples.sh on a hicann/runtime mirror, when one exists
# (skipped otherwise: exit 77). Installs the build tree to a scratch prefix, runs every
# kernel sample and passes when each sample named in samples_pass.txt passed; the others
# are reported (their reasons are in the table) without failing the test.
#   samples.sh <mirror> <build dir> <scratch prefix> <work dir> <tools/ascendc_samples.sh>
mirror=$1 build=$2 prefix=$3 work=$4 script=$5
here=$(cd "$(dirname "$0")" && pwd)
if [ ! -d "${mirror}" ]; then
    echo "no hicann/runtime mirror at ${mirror}: skipped"
    exit 77
fi
rm -rf "${prefix}"
cmake --install "${build}" --prefix "${prefix}" >/dev/null || exit 1
"${script}" "${mirror}" "${prefix}" "${work}" | tee "${work}.txt"
status=0
while read -r s; do
    case "${s}" in '' | '#'*) continue ;; esac
    if ! grep -q "^${s} *PASS\$" "${work}.txt"; then
        echo "FAIL: ${s} is expected to pass (samples_pass.txt)"
        status=1
    fi
done <"${here}/samples_pass.txt"
exit "${status}"
