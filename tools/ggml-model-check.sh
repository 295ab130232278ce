#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Run a tiny transformer through ggml's CANN backend on cpuacl and through ggml's CPU
# backend, greedy decoding, and check that both generate the same token ids.
#
# Usage: tools/ggml-model-check.sh GGML_SRC [ARGS...]
#   GGML_SRC  a ggml source tree (e.g. `git archive` of github:ggml-org/ggml)
#   ARGS      passed to the driver (tools/ggml_model_check.c; --help lists them) for
#             one run; none: the matrix of weight types f32 f16 q8_0 q4_0 times
#             attention fa (flash_attn_ext) and softmax (mul_mat + soft_max_ext).
# Environment: PREFIX, BUILD, JOBS as for tools/ggml-check.sh (which builds ggml);
#   THREADS   CPU backend thread counts to time (default "1,2"; tokens are
#             compared with the first)
# Exit 0 when every run generated equal tokens on CPU and CANN0.
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
[ $# -ge 1 ] || { sed -n 3,15p "$0"; exit 2; }
SRC=$(cd "$1" && pwd); shift
export PREFIX=${PREFIX:-/tmp/cpuacl-ggml}
export BUILD=${BUILD:-$SRC/build-cann}
THREADS=${THREADS:-1,2}

# cpuacl installed as a CANN toolkit, ggml configured against it, ggml's libraries built
"$ROOT/tools/ggml-check.sh" "$SRC"

LIBDIR=$(dirname "$(find "$BUILD" -name 'libggml.so' -print -quit)")
[ -n "$LIBDIR" ] && [ -f "$LIBDIR/libggml.so" ] || { echo "no libggml*.so under $BUILD"; exit 1; }
DRIVER="$BUILD/bin/ggml-model-check"
echo "== driver: $DRIVER"
${CC:-cc} -O2 -std=gnu11 -Wall -Wextra -I"$SRC/include" "$ROOT/tools/ggml_model_check.c" \
    -o "$DRIVER" -L"$LIBDIR" -lggml -lggml-base -lggml-cpu -lm -Wl,-rpath,"$LIBDIR"

export LD_LIBRARY_PATH="$PREFIX/lib64${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
if [ $# -ge 1 ]; then
  exec "$DRIVER" --threads "$THREADS" "$@"
fi
rc=0
for wt in f32 f16 q8_0 q4_0; do
  for attn in fa softmax; do
    echo "== --wtype $wt --attn $attn"
    "$DRIVER" --threads "$THREADS" --wtype "$wt" --attn "$attn" 2>"$BUILD/model-check-$wt-$attn.err" ||
      { rc=1; tail -5 "$BUILD/model-check-$wt-$attn.err"; }
  done
done
exit $rc
