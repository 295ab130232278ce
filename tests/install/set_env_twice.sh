#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# Source PREFIX/set_env.sh twice (POSIX sh) and check that each list variable holds the
# prefix's entry exactly once and that the variables CANN's script exports are set.
# usage: set_env_twice.sh PREFIX
set -eu
prefix=$1
. "$prefix/set_env.sh"
. "$prefix/set_env.sh"
for v in PATH LD_LIBRARY_PATH PYTHONPATH PKG_CONFIG_PATH CMAKE_PREFIX_PATH; do
    eval "val=\${$v:-}"
    n=$(printf '%s\n' "$val" | tr ':' '\n' | grep -c "^$prefix" || true)
    if [ "$n" != 1 ]; then
        echo "set_env.sh sourced twice: $v holds $n entries of $prefix: $val" >&2
        exit 1
    fi
done
for v in ASCEND_TOOLKIT_HOME ASCEND_HOME_PATH ASCEND_AICPU_PATH ASCEND_OPP_PATH TOOLCHAIN_HOME; do
    eval "val=\${$v:-}"
    case "$val" in
    "$prefix"*) ;;
    *) echo "set_env.sh: $v is '$val', not under $prefix" >&2; exit 1 ;;
    esac
done
echo "set_env.sh: sourced twice, every list holds $prefix once"
