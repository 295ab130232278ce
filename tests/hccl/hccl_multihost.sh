#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# The multi-host test of libhccl on one machine: three network namespaces
# ("hosts" 10.77.0.1-3, each with its own veth to a bridge that lives in a
# fourth namespace, so the machine's own network is never touched), Open MPI
# over TCP only between those addresses (btl tcp,self; no shared memory),
# mpirun started in host 0 with a host file and an rsh agent that enters the
# other namespaces (ip netns exec). Two ranks per host, six in all. Runs:
#   1. hccl_coll: every collective, type and op against the deterministic
#      reference (the single-host test's program and checks), root info
#      broadcast across hosts, a rank table, models replayed;
#   2. hccl_multihost ranktable: a CANN rank table whose server_id is each
#      host's address, every type and op of all-reduce, bit-identical;
#   3. faults (HCCL_EXEC_TIMEOUT = HCCL_CONNECT_TIMEOUT = 3 s): a rank that
#      exits mid-collective, a host's link taken down mid-run, a rank that
#      never comes to init. Every other rank must return the documented error
#      within the timeout + 5 s, destroy its communicator and finalize.
# Needs root and `ip netns` (exit 77 = skip otherwise). Namespaces are removed
# on every exit (trap). Each mpirun runs under `timeout` (a watchdog), and
# ctest's TIMEOUT bounds the whole.
#
# usage: hccl_multihost.sh MPIRUN HCCL_MULTIHOST HCCL_COLL HCCL_NETNS
set -u
MPIRUN=$1 PROG=$2 COLL=$3 NETNS_LIB=$4
HCCL_NETNS_LIB=1 . "$NETNS_LIB" # netns_up, netns_mpi, netns_down (bench/hccl-netns)
job=
cleanup() {
    [ -z "$job" ] || kill "$job" 2>/dev/null
    netns_down
}
trap cleanup EXIT
trap 'exit 1' INT TERM HUP
LOG=
fail() {
    echo "hccl_multihost: FAIL: $*"
    [ -z "$LOG" ] || tail -n 40 "$LOG"
    exit 1
}
netns_up 3 2
rc=$?
[ $rc = 77 ] && exit 77
[ $rc = 0 ] || fail "setting up the namespaces (bridge, veth)"
DIR=$NETNS_DIR

# The rank table: servers are the hosts, two devices each, ranks host-major
# (mpirun's default placement fills host 0 first).
{
    printf '{"status":"completed","version":"1.0","server_count":"3","server_list":['
    for i in 0 1 2; do
        [ $i = 0 ] || printf ','
        printf '{"server_id":"10.77.0.%d","device":[' $((i + 1))
        for d in 0 1; do
            [ $d = 0 ] || printf ','
            printf '{"device_id":"%d","device_ip":"192.168.%d.%d","rank_id":"%d"}' \
                $d $((i + 1)) $((d + 1)) $((2 * i + d))
        done
        printf ']}'
    done
    printf ']}\n'
} >"$DIR/ranktable.json"

# mpirun in host 0; Open MPI's TCP (data and control) on the bridge's subnet.
# (a rank that exits without finalize must not end the job: the others are
# the ones under test)
mpi() {
    limit=$1
    shift
    HCCL_NETNS_LIB=1 NETNS_P=$NETNS_P NETNS_DIR=$NETNS_DIR NETNS_NP=$NETNS_NP MPIRUN=$MPIRUN \
        timeout -k 5 "$limit" sh -c '. "$0"; netns_mpi "$@"' "$NETNS_LIB" \
        --mca orte_allowed_exit_without_sync 1 -x HCCL_MH_OUT="$DIR/out" \
        -x CPUACL_STRESS_SCALE -x HCCL_EXEC_TIMEOUT=3 -x HCCL_CONNECT_TIMEOUT=3 "$@"
}

# Every rank's verdict file says "ok"; $1 = the victim rank or -1.
verdicts() {
    mode=$1 victim=$2
    for r in 0 1 2 3 4 5; do
        [ -f "$DIR/out/rank$r" ] || fail "$mode: rank $r reported nothing"
        grep -q '^ok' "$DIR/out/rank$r" || fail "$mode: rank $r: $(cat "$DIR/out/rank$r")"
        if [ $r = "$victim" ]; then
            grep -q victim "$DIR/out/rank$r" || fail "$mode: rank $r was not the victim"
        fi
    done
    echo "hccl_multihost: $mode: pass ($(grep -hv victim "$DIR"/out/rank* | head -n 1))"
}
fresh() { rm -rf "$DIR/out" && mkdir "$DIR/out"; }

start=$(date +%s)
export CPUACL_STRESS_SCALE=${CPUACL_STRESS_SCALE:-1}
LOG=$DIR/coll.log
mpi 150 "$COLL" >"$LOG" 2>&1 || fail "hccl_coll over TCP"
grep -q 'hccl_coll (mpirun, 6 ranks): pass' "$LOG" || fail "hccl_coll over TCP"
echo "hccl_multihost: $(grep 'hccl_coll' "$LOG")"

fresh
LOG=$DIR/rt.log
mpi 60 "$PROG" ranktable "$DIR/ranktable.json" >"$LOG" 2>&1 || fail "ranktable"
verdicts ranktable -1

fresh
LOG=$DIR/exit.log
mpi 60 "$PROG" exit >"$LOG" 2>&1 # (mpirun's status says little after a death)
verdicts exit 5

fresh
LOG=$DIR/link.log
mpi 60 "$PROG" linkdown >"$LOG" 2>&1 &
job=$!
n=0
while [ ! -e "$DIR/out/ready" ] && [ $n -lt 300 ]; do sleep 0.1; n=$((n + 1)); done
[ -e "$DIR/out/ready" ] || fail "linkdown: the ranks never got ready"
sleep 0.3
ip -n ${NETNS_P}h2 link set eth0 down # host 2 drops off the network mid-run
n=0
while [ "$(ls "$DIR/out" | grep -c rank)" -lt 6 ] && [ $n -lt 300 ]; do sleep 0.1; n=$((n + 1)); done
ip -n ${NETNS_P}h2 link set eth0 up # so that the job (and finalize) can wind down
wait $job
job=
verdicts linkdown -1

fresh
LOG=$DIR/late.log
mpi 60 "$PROG" late >"$LOG" 2>&1
verdicts late 5

echo "hccl_multihost: pass (3 hosts x 2 ranks over TCP, $(($(date +%s) - start)) s)"
