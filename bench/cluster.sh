#!/usr/bin/env bash
# The cluster's fan-out benchmark (`make bench-cluster`, docs/PERFORMANCE.md): one table's
# events delivered to subscribers spread evenly over 3 nodes, next to the same subscribers
# on 1 node, measured by the same load client (fanout_load). Every node is a cluster node
# (PostgreSQL and nats-server on loopback, started here); with 3 nodes, two thirds of the
# subscribers get the table's events relayed through NATS from the node that runs it.
#
# The table's betting is held open with a timer event every 100 ms (10 events/s), as in
# bench/fanout.sh. CPU is every node's (not PostgreSQL's or NATS's).
#
#   bench/cluster.sh BUILD_DIR [SUBSCRIBERS...]
set -euo pipefail

build=${1:?usage: bench/cluster.sh BUILD_DIR [SUBSCRIBERS...]}
shift
sizes=("$@")
[ ${#sizes[@]} -gt 0 ] || sizes=(3000 9000)
root=$(cd "$(dirname "$0")/.." && pwd)
croupierd=$build/server/croupierd
load=$build/bench/fanout_load
seconds=${FANOUT_SECONDS:-10}
work=$(mktemp -d /tmp/croupier-bench-cluster.XXXXXX)
chmod 755 "$work"
pg=$work/pg
node_pids=()
nats_pid=

stop_nodes() {
  for pid in "${node_pids[@]}"; do kill "$pid" 2>/dev/null || true; done
  for pid in "${node_pids[@]}"; do wait "$pid" 2>/dev/null || true; done
  node_pids=()
}
cleanup() {
  stop_nodes
  [ -n "$nats_pid" ] && kill "$nats_pid" 2>/dev/null || true
  "$root/scripts/test-postgres" stop "$pg" || true
  rm -rf "$work"
}
trap cleanup EXIT

# shellcheck source=bench/common.sh
. "$(dirname "$0")/common.sh"

ulimit -n "$(ulimit -Hn)"
"$root/scripts/test-postgres" start "$pg" >/dev/null
nats_port=$(free_port)
nats-server -a 127.0.0.1 -p "$nats_port" -l "$work/nats.log" &
nats_pid=$!
wait_port "$nats_port" "$work/nats.log"

printf '\ncluster fan-out: one table, 10 events/s, subscribers spread over the nodes, %ss window (loopback, %s cores)\n' \
  "$seconds" "$(nproc)"
row='%-8s %11s %10s %13s %13s %7s %7s\n'
# shellcheck disable=SC2059
printf "$row" nodes subscribers frames/s cpu_s/Mframe user_s/Mframe p50_ms p99_ms
run=0
for n in "${sizes[@]}"; do
  for count in 1 3; do
    run=$((run + 1))
    db=bench$run
    createdb -h "$pg" -p 5432 -U croupier "$db"
    ports=()
    for i in $(seq 1 "$count"); do
      port=$(free_port)
      mkdir -p "$work/n$run-$i"
      "$croupierd" --port "$port" --data-dir "$work/n$run-$i" --log-level warn \
        --database "postgresql:///$db?host=$pg&port=5432&user=croupier" \
        --nats "nats://127.0.0.1:$nats_port" --node-id "n$i" \
        --betting-ms 86400000 --timer-interval-ms 100 --connections-max 25000 \
        --ws-per-address-max 25000 --ws-per-player-max 1024 --http-rate-per-s 100000 \
        --http-burst 100000 >"$work/n$run-$i.log" 2>&1 &
      node_pids+=($!)
      ports+=("$port")
    done
    for i in $(seq 1 "$count"); do wait_port "${ports[$((i - 1))]}" "$work/n$run-$i.log"; done
    sleep 3 # the nodes share the tables out
    read -r subs fps cpu user p50 p99 _ < <("$load" --port "$(IFS=,; echo "${ports[*]}")" \
      --pid "$(IFS=,; echo "${node_pids[*]}")" --subscribers "$n" --seconds "$seconds" --croupier)
    stop_nodes
    # shellcheck disable=SC2059
    printf "$row" "$count" "$subs" "$fps" "$cpu" "$user" "$p50" "$p99"
    if [ "$count" = 1 ]; then one_fps=$fps one_cpu=$cpu; fi
  done
  awk -v a="$fps" -v b="$one_fps" -v ac="$cpu" -v bc="$one_cpu" \
    'BEGIN { if (b > 0 && bc > 0) printf "%-8s 3 nodes/1 node: frames/s %.2f, CPU per frame %.2f\n", "", a / b, ac / bc }'
done
