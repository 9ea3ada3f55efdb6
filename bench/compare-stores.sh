#!/usr/bin/env bash
# The page mix against aspstate's stores and Redis's persistence, side by side in one run: memory (the default),
# durable on one node (--data-dir, --fsync always and --fsync everysec), Redis running Microsoft's session-provider
# scripts with its append-only file (appendfsync always and everysec), and a 3-node cluster on loopback (memory, two
# owners). Every server process is pinned to CPU 0 (the three cluster nodes share it: the same hardware for every
# system), the load generator to CPU 1, and it talks to one node (a TCP load balancer would spread it; the other
# nodes work as owners of their share of the sessions). Every node starts as bin/aspstate starts it, with the JVM
# settings that ship. Systems alternate in that order for --rounds rounds. The warm-up is 30 s by default, and 150 s
# for the cluster (--cluster-warmup): three JVMs compiling on a third of the core each take that long to settle.
# Then, unless --no-latency, memory and durable (always) are offered half of memory's peak, paced, for their p99.
# Prints a table and, last, the ratios of the medians over the rounds:
#   durable/memory throughput ratio (fsync always), everysec/memory, durable/redis-aof-always and cluster/memory.
#
#   bench/compare-stores.sh [--duration S] [--warmup S] [--rounds N] [--sessions N] [--payload BYTES]
#                           [--connections N] [--mix rw=90,ro=10] [--cluster-warmup S] [--no-latency] [--out DIR]
set -euo pipefail

duration=15 warmup=30 cluster_warmup=150 rounds=2 sessions=100000 payload=1024 connections=32 mix="rw=90,ro=10" latency=1 out=""
extra_option() {
  case "$1" in
    --no-latency) latency=0 ;;
    --cluster-warmup) cluster_warmup=$2; return 3 ;;
    *) return 1 ;;
  esac
}
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
# shellcheck source=lib.sh
source "$root/bench/lib.sh"
parse_common_options compare-stores.sh 2,15 "$@"
[ "$rounds" -ge 1 ] || { echo "compare-stores.sh: --rounds must be at least 1" >&2; exit 2; }
prepare_run compare-stores.sh
bench/install-redis.sh >/dev/null

# start_node NAME ARGS...: one serve process (see start_serve), remembered in $pids.
start_node() {
  start_serve "$@"
  pids+=("$server_pid")
}

# start_system SYSTEM ROUND: sets $pids, and $target (start_serve's, of the last node started).
start_system() {
  local system=$1 round=$2
  pids=()
  system_warmup=""
  case "$system" in
    memory) start_node "$system-$round" ;;
    durable) start_node "$system-$round" --data-dir "$out/data-$system-$round" --fsync always ;;
    durable-everysec) start_node "$system-$round" --data-dir "$out/data-$system-$round" --fsync everysec ;;
    redis-aof-always|redis-aof-everysec)
      start_redis "$out/$system-$round.log" "${system#redis-aof-}" "$out/data-$system-$round"
      pids+=("$server_pid") ;;
    cluster3)
      local p1 p2 p3 p
      p1=$(free_port); p2=$(free_port); p3=$(free_port)
      local members="127.0.0.1:$p1,127.0.0.1:$p2,127.0.0.1:$p3"
      # All three start at once (a node waits for a majority), each as start_serve starts a node; then the first
      # one's port is the target. Three JVMs compile their code on a third of the core each: the JIT settles
      # after about two and a half minutes (jstat -compiler), hence their own warm-up.
      for p in "$p3" "$p2" "$p1"; do
        launch_serve "$system-$round-$p" --cluster-members "$members" --cluster-port "$p" --cluster-name "bench-$p1"
        pids+=("$server_pid")
      done
      for p in "$p3" "$p2" "$p1"; do
        await_serve "$system-$round-$p"
      done
      system_warmup=$cluster_warmup
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

systems=(memory durable durable-everysec redis-aof-always redis-aof-everysec cluster3)
declare -A pages
run_rounds "${systems[@]}"

# median_of SYSTEM: the median of its rounds' throughput.
median_of() {
  local system=$1 round
  for round in $(seq 1 "$rounds"); do echo "${pages[$system,$round]}"; done | median
}

if [ "$latency" = 1 ]; then
  half=$(awk -v p="$(median_of memory)" 'BEGIN { printf "%.0f", p / 2 }')
  for system in memory durable; do
    start_system "$system" paced
    run_bench "$system" paced --rate "$half"
    stop_system
  done
fi

echo
printf '%-6s %-20s %12s %12s %12s %12s\n' round system pages/s "p50 ms" "p99 ms" "max ms"
for round in $(seq 1 "$rounds"); do
  for system in "${systems[@]}"; do
    json=$out/$system-$round.json
    printf '%-6s %-20s %12s %12s %12s %12s\n' "$round" "$system" "${pages[$system,$round]}" \
      "$(page_percentile "$json" p50)" "$(page_percentile "$json" p99)" "$(page_percentile "$json" max)"
  done
done
if [ "$latency" = 1 ]; then
  echo
  echo "page latencies at an offered $half pages/s (half of memory's peak), paced (ms):"
  for system in memory durable; do
    json=$out/$system-paced.json
    printf '%-20s p50 %s  p99 %s  max %s\n' "$system" "$(page_percentile "$json" p50)" \
      "$(page_percentile "$json" p99)" "$(page_percentile "$json" max)"
  done
  echo "durable/memory page p99 at half load: $(awk -v d="$(page_percentile "$out/durable-paced.json" p99)" \
    -v m="$(page_percentile "$out/memory-paced.json" p99)" 'BEGIN { printf "%.2f", d / m }')"
fi

ratio() { awk -v a="$(median_of "$1")" -v b="$(median_of "$2")" 'BEGIN { printf "%.2f", a / b }'; }
echo
echo "results and logs: $out"
echo "everysec/memory throughput ratio: $(ratio durable-everysec memory)"
echo "durable/memory throughput ratio: $(ratio durable memory)"
echo "durable/redis-aof-always throughput ratio: $(ratio durable redis-aof-always)"
echo "cluster/memory throughput ratio: $(ratio cluster3 memory)"
