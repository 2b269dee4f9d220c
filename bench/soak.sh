#!/usr/bin/env bash
# The soak (`make soak`; docs/testing.md "The soak"): croupierd with the demo casino on a
# fresh data directory, SOAK_PLAYERS simulated players (bench/soak_load.cpp) over real
# sockets for SOAK_SECONDS, the server's memory, descriptors, CPU, queues and the players'
# latencies sampled every SOAK_INTERVAL seconds into SOAK_CSV. It fails when the load client
# saw an error or growth that does not level off, when the server logged an error, when it
# did not stop cleanly, or when its ledger does not check out afterwards.
#
#   SOAK_PLAYERS=500 SOAK_SECONDS=120 bench/soak.sh BUILD_DIR
#
# Also: SOAK_INTERVAL (10), SOAK_CSV (/tmp/croupier-soak.csv), SOAK_LOG (the server's log,
# /tmp/croupier-soak.log), SOAK_ARGS (more soak_load options, e.g. "--reconnect-every 300").
set -euo pipefail

build=${1:?usage: bench/soak.sh BUILD_DIR}
croupierd=$build/server/croupierd
load=$build/bench/soak_load
players=${SOAK_PLAYERS:-5000}
seconds=${SOAK_SECONDS:-3600}
interval=${SOAK_INTERVAL:-10}
csv=${SOAK_CSV:-/tmp/croupier-soak.csv}
log=${SOAK_LOG:-/tmp/croupier-soak.log}
read -r -a extra <<<"${SOAK_ARGS:-}"
data=$(mktemp -d /tmp/croupier-soak.XXXXXX)
server_pid=

# shellcheck source=bench/common.sh
. "$(dirname "$0")/common.sh"
trap 'stop_server; rm -rf "$data"' EXIT

for f in "$croupierd" "$load"; do
  [ -x "$f" ] || { echo "soak: $f is not built (cmake --build $build --target croupierd soak_load)" >&2; exit 2; }
done

# Every player's socket is a descriptor here and one in the server (and the server raises
# its own limit to the hard limit at start-up).
ulimit -n "$(ulimit -Hn)"
if [ "$(ulimit -n)" -lt $((players + 1000)) ]; then
  echo "soak: the open-file limit ($(ulimit -n)) is too low for $players players" >&2
  exit 2
fi

# Loopback load: every player comes from 127.0.0.1, so the per-address limits (sockets,
# requests a second, which count each guest's GET / and each socket's handshake) are lifted;
# the per-player ones, the session timeout, the queues and the rest stay croupierd's own.
# No video: the synthetic studio's encoders would measure ffmpeg, not the server.
# A soak measures the server, not its neighbours: say so when the machine is already busy.
read -r load1 _ </proc/loadavg
if awk -v l="$load1" -v n="$(nproc)" 'BEGIN { exit !(l > n / 2) }'; then
  echo "soak: note: the machine is busy (load $load1 on $(nproc) cores); see the oth% column"
fi

port=$(free_port)
rm -f "$csv"
"$croupierd" --port "$port" --data-dir "$data" --log-level warn --video false \
  --connections-max $((players * 2 + 1000)) --ws-per-address-max $((players * 2 + 1000)) \
  --http-rate-per-s 100000 --http-burst 100000 >"$log" 2>&1 &
server_pid=$!
wait_port "$port" "$log"

printf 'soak: croupierd (pid %s) on port %s, data in %s, log in %s\n' \
  "$server_pid" "$port" "$data" "$log"
rc=0
"$load" --port "$port" --pid "$server_pid" --players "$players" --seconds "$seconds" \
  --interval "$interval" --csv "$csv" "${extra[@]}" || rc=$?
printf 'soak: samples in %s\n' "$csv"

# The server must still be there, and stop cleanly.
if ! kill -0 "$server_pid" 2>/dev/null; then
  echo "soak: FAILED: croupierd is gone (its log: $log)"
  wait "$server_pid" 2>/dev/null || true
  server_pid=
  exit 1
fi
kill -TERM "$server_pid"
server_rc=0
wait "$server_pid" || server_rc=$?
server_pid=
if [ "$server_rc" -ne 0 ]; then
  echo "soak: FAILED: croupierd exited with status $server_rc on SIGTERM"
  rc=1
fi

# Errors in the server's log (JSON lines, "level":"error"); warnings are listed, not judged.
errors=$(grep -c '"level":"error"' "$log" || true)
warnings=$(grep -c '"level":"warn"' "$log" || true)
if [ "$warnings" -gt 0 ]; then
  echo "soak: the server logged $warnings warnings, by message:"
  grep '"level":"warn"' "$log" | sed -E 's/.*"msg":"([^"]*)".*/\1/' | sort | uniq -c |
    sort -rn | head -10 | sed 's/^/  /'
fi
if [ "$errors" -gt 0 ]; then
  echo "soak: FAILED: the server logged $errors errors; the first ones:"
  grep '"level":"error"' "$log" | head -10 | sed 's/^/  /'
  rc=1
fi

# Every bet of the soak settled or refunded, every currency summing to zero.
if ! "$croupierd" ledger-check --data-dir "$data" >"$data.check" 2>&1; then
  echo "soak: FAILED: ledger-check after the soak:"
  sed 's/^/  /' "$data.check"
  rc=1
else
  echo "soak: ledger-check: $(tail -1 "$data.check")"
fi
rm -f "$data.check"

if [ "$rc" -eq 0 ]; then echo "soak: PASSED"; else echo "soak: FAILED"; fi
exit "$rc"
