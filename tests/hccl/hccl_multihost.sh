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
#   3. faults (HCCL_EXEC_TIMEOUT = HCCL_CONNECT_TIMEOUT = 4 s): a rank that
#      exits mid-collective, a host's link taken down mid-run, a rank that
#      never comes to init. Every other rank must return the documented error
#      within the timeout + 5 s, destroy its communicator and finalize.
# Needs root and `ip netns` (exit 77 = skip otherwise). Namespaces are removed
# on every exit (trap). Each mpirun runs under `timeout` (a watchdog), and
# ctest's TIMEOUT bounds the whole.
#
# usage: hccl_multihost.sh MPIRUN HCCL_MULTIHOST HCCL_COLL
set -u
MPIRUN=$1 PROG=$2 COLL=$3
if [ "$(id -u)" != 0 ]; then
    echo "hccl_multihost: SKIP: needs root to create network namespaces (ip netns)"
    exit 77
fi
if ! command -v ip >/dev/null 2>&1; then
    echo "hccl_multihost: SKIP: no ip command (iproute2)"
    exit 77
fi
P=hmh$$
NS="${P}h0 ${P}h1 ${P}h2 ${P}sw"
DIR=$(mktemp -d /tmp/hccl_multihost.XXXXXX)
job=
cleanup() {
    [ -z "$job" ] || kill "$job" 2>/dev/null
    for ns in $NS; do ip netns del "$ns" 2>/dev/null; done
    rm -rf "$DIR"
}
trap cleanup EXIT
trap 'exit 1' INT TERM HUP
if ! ip netns add ${P}sw 2>/dev/null; then
    echo "hccl_multihost: SKIP: cannot create network namespaces here"
    exit 77
fi
LOG=
fail() {
    echo "hccl_multihost: FAIL: $*"
    [ -z "$LOG" ] || tail -n 40 "$LOG"
    exit 1
}
ip -n ${P}sw link add br0 type bridge || fail "no bridge support"
ip -n ${P}sw link set br0 up
for i in 0 1 2; do
    ip netns add ${P}h$i || fail "ip netns add"
    ip link add eth0 netns ${P}h$i type veth peer name p$i netns ${P}sw || fail "no veth support"
    ip -n ${P}sw link set p$i master br0
    ip -n ${P}sw link set p$i up
    ip -n ${P}h$i addr add 10.77.0.$((i + 1))/24 dev eth0
    ip -n ${P}h$i link set eth0 up
    ip -n ${P}h$i link set lo up
done

# rsh agent: "agent HOST COMMAND..." runs COMMAND in HOST's namespace, with
# its own host name when unshare is available.
cat >"$DIR/agent" <<EOF
#!/bin/sh
host=\$1; shift
case \$host in
10.77.0.1) ns=${P}h0 ;;
10.77.0.2) ns=${P}h1 ;;
10.77.0.3) ns=${P}h2 ;;
*) echo "agent: unknown host \$host" >&2; exit 1 ;;
esac
if command -v unshare >/dev/null 2>&1; then
    exec ip netns exec \$ns unshare --uts sh -c "hostname \$ns; \$*"
fi
exec ip netns exec \$ns sh -c "\$*"
EOF
chmod +x "$DIR/agent"
printf '10.77.0.1 slots=2\n10.77.0.2 slots=2\n10.77.0.3 slots=2\n' >"$DIR/hosts"

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
mpi() {
    limit=$1
    shift
    timeout -k 5 "$limit" ip netns exec ${P}h0 "$MPIRUN" --allow-run-as-root --oversubscribe \
        --bind-to none --hostfile "$DIR/hosts" -np 6 --mca plm_rsh_agent "$DIR/agent" \
        --mca pml ob1 --mca btl tcp,self --mca btl_tcp_if_include 10.77.0.0/24 \
        --mca oob_tcp_if_include 10.77.0.0/24 --mca orte_allowed_exit_without_sync 1 \
        -x HCCL_MH_OUT="$DIR/out" -x CPUACL_STRESS_SCALE -x HCCL_EXEC_TIMEOUT=4 \
        -x HCCL_CONNECT_TIMEOUT=4 "$@"
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
ip -n ${P}h2 link set eth0 down # host 2 drops off the network mid-run
n=0
while [ "$(ls "$DIR/out" | grep -c rank)" -lt 6 ] && [ $n -lt 300 ]; do sleep 0.1; n=$((n + 1)); done
ip -n ${P}h2 link set eth0 up # so that the job (and finalize) can wind down
wait $job
job=
verdicts linkdown -1

fresh
LOG=$DIR/late.log
mpi 60 "$PROG" late >"$LOG" 2>&1
verdicts late 5

echo "hccl_multihost: pass (3 hosts x 2 ranks over TCP, $(($(date +%s) - start)) s)"
