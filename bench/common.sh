# Shell helpers of the benchmark scripts (sourced by bench/fanout.sh, bench/cluster.sh and
# bench/soak.sh).

# A TCP port on 127.0.0.1 that nothing listens on, below the ephemeral ports.
free_port() {
  local p
  while :; do
    p=$((10000 + RANDOM % 20000))
    (exec 3<>"/dev/tcp/127.0.0.1/$p") 2>/dev/null || { echo "$p"; return; }
  done
}

# Waits up to 20 s for something to listen on port $1; else shows the end of log $2.
wait_port() {
  for _ in $(seq 1 200); do
    (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null && return 0
    sleep 0.1
  done
  echo "nothing listens on port $1" >&2
  tail -5 "$2" >&2
  return 1
}

# Stops the server whose pid is in $server_pid, if any, and waits for it (the scripts' EXIT
# trap, and between runs).
# shellcheck disable=SC2317  # run by the trap
stop_server() {
  if [ -n "${server_pid:-}" ]; then
    kill "$server_pid" 2>/dev/null || true
    wait "$server_pid" 2>/dev/null || true
    server_pid=
  fi
}
