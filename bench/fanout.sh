#!/usr/bin/env bash
# The side-by-side fan-out benchmark of `make bench` (docs/PERFORMANCE.md):
# croupierd and the Node.js `ws` library's broadcast, each in its own process, measured
# by the same load client (fanout_load, a third process) at 1,000, 5,000 and 10,000
# subscribers receiving 10 events a second.
#
# croupierd runs the demo casino with its tables' betting held open and a timer event
# every 100 ms: real events through the real gateway (all tables tick; only rou-1 has
# subscribers). The Node peer sends frames of the size croupierd's were.
#
#   bench/fanout.sh BUILD_DIR [SUBSCRIBERS...]
set -euo pipefail

build=${1:?usage: bench/fanout.sh BUILD_DIR [SUBSCRIBERS...]}
shift
sizes=("$@")
[ ${#sizes[@]} -gt 0 ] || sizes=(1000 5000 10000)
root=$(cd "$(dirname "$0")/.." && pwd)
croupierd=$build/server/croupierd
load=$build/bench/fanout_load
seconds=${FANOUT_SECONDS:-10}
data=$(mktemp -d /tmp/croupier-fanout.XXXXXX)
server_pid=

# shellcheck source=bench/common.sh
. "$(dirname "$0")/common.sh"
trap 'stop_server; rm -rf "$data" "$data.log"' EXIT

ulimit -n "$(ulimit -Hn)"
ws_version=$(node -p "require('$root/client/node_modules/ws/package.json').version")

printf '\nfan-out: one table, 10 events/s to every subscriber, %ss window (loopback, %s cores)\n' \
  "$seconds" "$(nproc)"
row='%-10s %11s %10s %13s %13s %7s %7s %6s\n'
# shellcheck disable=SC2059
printf "$row" server subscribers frames/s cpu_s/Mframe user_s/Mframe p50_ms p99_ms bytes
for n in "${sizes[@]}"; do
  # croupierd
  port=$(free_port)
  rm -rf "$data"/*
  "$croupierd" --port "$port" --data-dir "$data" --log-level warn \
    --betting-ms 86400000 --timer-interval-ms 100 --connections-max 25000 \
    --ws-per-address-max 25000 --ws-per-player-max 1024 --http-rate-per-s 100000 \
    --http-burst 100000 --video false >"$data.log" 2>&1 &
  server_pid=$!
  wait_port "$port" "$data.log"
  read -r subs fps cpu user p50 p99 bytes < <("$load" --port "$port" --pid "$server_pid" \
    --subscribers "$n" --seconds "$seconds" --croupier)
  stop_server
  # shellcheck disable=SC2059
  printf "$row" croupierd "$subs" "$fps" "$cpu" "$user" "$p50" "$p99" "$bytes"
  c_cpu=$cpu c_user=$user c_p99=$p99

  # Node.js ws, frames of the same size
  port=$(free_port)
  node "$root/client/scripts/ws-broadcast.mjs" --port "$port" --rate 10 --bytes "$bytes" \
    >"$data.log" 2>&1 &
  server_pid=$!
  wait_port "$port" "$data.log"
  read -r subs fps cpu user p50 p99 bytes < <("$load" --port "$port" --pid "$server_pid" \
    --subscribers "$n" --seconds "$seconds")
  stop_server
  # shellcheck disable=SC2059
  printf "$row" "ws $ws_version" "$subs" "$fps" "$cpu" "$user" "$p50" "$p99" "$bytes"
  awk -v a="$c_cpu" -v b="$cpu" -v au="$c_user" -v bu="$user" -v ap="$c_p99" -v bp="$p99" \
    'BEGIN { if (b > 0 && bu > 0) printf "%-10s croupierd/ws: CPU per frame %.2f, user CPU per frame %.2f, p99 %.2f\n", "", a / b, au / bu, ap / bp }'
done
