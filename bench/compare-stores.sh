#!/usr/bin/env bash
# The page mix against aspstate's stores, side by side in one run: memory (the default), durable on one node
# (--data-dir, with --fsync always and with --fsync off), and a 3-node cluster on loopback (memory, two owners).
# Every server process is pinned to CPU 0 (the three cluster nodes share it: the same hardware for every system),
# the load generator to CPU 1, and it talks to one node (a TCP load balancer would spread it; the other nodes work
# as owners of their share of the sessions). Systems alternate A B C D, A B C D for --rounds rounds. The warm-up is
# 30 s by default: Infinispan's code takes the JIT compiler that long to settle on one core. Prints a table and,
# last, the durable/memory throughput ratio (median over the rounds, fsync always).
#
#   bench/compare-stores.sh [--duration S] [--warmup S] [--rounds N] [--sessions N] [--payload BYTES]
#                           [--connections N] [--mix rw=90,ro=10] [--out DIR]
set -euo pipefail

duration=15 warmup=30 rounds=2 sessions=100000 payload=1024 connections=32 mix="rw=90,ro=10" out=""
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
# shellcheck source=lib.sh
source "$root/bench/lib.sh"
parse_common_options compare-stores.sh 2,12 "$@"
[ "$rounds" -ge 1 ] || { echo "compare-stores.sh: --rounds must be at least 1" >&2; exit 2; }
prepare_run compare-stores.sh

# start_node NAME ARGS...: one serve process (see start_serve), remembered in $pids.
start_node() {
  start_serve "$@"
  pids+=("$server_pid")
}

# start_system SYSTEM ROUND: sets $pids, and $target (start_serve's, of the last node started).
start_system() {
  local system=$1 round=$2
  pids=()
  case "$system" in
    memory) start_node "$system-$round" ;;
    durable) start_node "$system-$round" --data-dir "$out/data-$system-$round" --fsync always ;;
    durable-nofsync) start_node "$system-$round" --data-dir "$out/data-$system-$round" --fsync off ;;
    cluster3)
      local p1 p2 p3
      p1=$(free_port); p2=$(free_port); p3=$(free_port)
      local members="127.0.0.1:$p1,127.0.0.1:$p2,127.0.0.1:$p3"
      # All three start at once (a node waits for a majority), then the first one's port is the target.
      for p in "$p3" "$p2"; do
        taskset -c 0 java -jar server/target/aspstate.jar serve --stateserver-port 0 --tds-port off --admin-port 0 \
          --cluster-members "$members" --cluster-port "$p" --cluster-name "bench-$p1" \
          >"$out/$system-$round-$p.out" 2>"$out/$system-$round-$p.log" &
        started+=("$!"); pids+=("$!")
      done
      start_node "$system-$round-$p1" --cluster-members "$members" --cluster-port "$p1" --cluster-name "bench-$p1"
      for p in "$p3" "$p2"; do
        for _ in $(seq 1 1200); do grep -q ' ready: ' "$out/$system-$round-$p.out" 2>/dev/null && break; sleep 0.1; done
      done
      ;;
  esac
}

stop_system() {
  for pid in "${pids[@]}"; do
    kill "$pid" 2>/dev/null || true
  done
  for pid in "${pids[@]}"; do
    wait "$pid" 2>/dev/null || true
  done
}

systems=(memory durable durable-nofsync cluster3)
declare -A pages
run_rounds "${systems[@]}"

echo
printf '%-6s %-16s %12s %12s %12s %12s\n' round system pages/s "p50 ms" "p99 ms" "max ms"
ratios=()
for round in $(seq 1 "$rounds"); do
  for system in "${systems[@]}"; do
    json=$out/$system-$round.json
    printf '%-6s %-16s %12s %12s %12s %12s\n' "$round" "$system" "${pages[$system,$round]}" \
      "$(page_percentile "$json" p50)" "$(page_percentile "$json" p99)" "$(page_percentile "$json" max)"
  done
  ratios+=("$(awk -v d="${pages[durable,$round]}" -v m="${pages[memory,$round]}" 'BEGIN { printf "%.4f", d / m }')")
done
ratio=$(printf '%s\n' "${ratios[@]}" | median)
echo
echo "results and logs: $out"
echo "durable/memory throughput ratio: $ratio"
