#!/usr/bin/env bash
# Side-by-side comparison: aspstate versus Redis running Microsoft's session-provider scripts, on this machine,
# in one run. Each system is started fresh by this script, pinned to CPU 0; the load generator runs on CPU 1.
# Runs alternate A B A B for --rounds rounds (default 3: the target is a median of at least three); the last line
# is the median of the rounds' throughput ratios.
#
#   bench/compare.sh [--duration S] [--warmup S] [--rounds N] [--sessions N] [--payload BYTES]
#                    [--connections N] [--mix rw=90,ro=10] [--no-latency] [--paced-warmup S] [--out DIR]
# The throughput rounds warm up for --warmup seconds (default 20), both systems alike: a fresh server JVM is still
# compiling its hot path and running Shenandoah's five "learning" collections for about 20 s after its start, work
# a running server has behind it (measured in docs/benchmarks.md, "Paced runs and warm-up").
# The paced runs at half of the peak warm up for --paced-warmup seconds (default 60), both systems alike: long
# enough for a fresh JVM to have left its start-up behind (JIT, and Shenandoah's first five "learning" collections,
# which start early, at 70% of the heap free), so that the tails are those of a running server.
set -euo pipefail

duration=20 warmup=20 rounds=3 sessions=100000 payload=1024 connections=32 mix="rw=90,ro=10" latency=1
paced_warmup=60
out=""
extra_option() {
  case "$1" in
    --no-latency) latency=0 ;;
    --paced-warmup) paced_warmup=${2:-}; return 3 ;;
    *) return 1 ;;
  esac
}
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
# shellcheck source=lib.sh
source "$root/bench/lib.sh"
parse_common_options compare.sh 2,14 "$@"
[ "$rounds" -ge 2 ] || { echo "compare.sh: --rounds must be at least 2 (A B A B)" >&2; exit 2; }
prepare_run compare.sh
bench/install-redis.sh >&2

# Starts one system on CPU 0; sets $target and $server_pid.
start_system() {
  local system=$1 log=$out/$1-server.log
  case "$system" in
    aspstate)
      start_serve aspstate
      ;;
    redis)
      start_redis "$log"
      ;;
  esac
}

declare -A pages
run_rounds aspstate redis

echo
# Requests are what users compare stores on as much as throughput: any one request's tail, whatever its kind.
echo "(latencies in ms)"
printf '%-6s %-10s %12s %12s %12s %12s %12s\n' round system pages/s "page p99" "req p99" "req p99.9" "req max"
ratios=()
for round in $(seq 1 "$rounds"); do
  for system in aspstate redis; do
    json=$out/$system-$round.json
    printf '%-6s %-10s %12s %12s %12s %12s %12s\n' "$round" "$system" "${pages[$system,$round]}" \
      $(json_field "$json" /latencyMillis/page/p99 /latencyMillis/request/p99 /latencyMillis/request/p99_9 \
        /latencyMillis/request/max)
  done
  ratios+=("$(awk -v a="${pages[aspstate,$round]}" -v r="${pages[redis,$round]}" 'BEGIN { printf "%.4f", a / r }')")
done
ratio=$(printf '%s\n' "${ratios[@]}" | median)

if [ "$latency" = 1 ]; then
  # p99 at half of aspstate's peak: both systems offered the same paced load.
  peak=$(for round in $(seq 1 "$rounds"); do echo "${pages[aspstate,$round]}"; done | sort -g | tail -1)
  half=$(awk -v p="$peak" 'BEGIN { printf "%.0f", p / 2 }')
  echo
  echo "latencies at an offered $half pages/s (half of aspstate's peak), paced, after ${paced_warmup}s of warm-up (ms):"
  printf '%-10s %12s %12s %12s %12s %12s\n' system pages/s "page p99" "req p99" "req p99.9" "req max"
  for system in aspstate redis; do
    start_system "$system"
    warmup=$paced_warmup run_bench "$system" "paced" --rate "$half"
    stop_system
    json=$out/$system-paced.json
    printf '%-10s %12s %12s %12s %12s %12s\n' "$system" "$(json_number "$json" pagesPerSecond)" \
      $(json_field "$json" /latencyMillis/page/p99 /latencyMillis/request/p99 /latencyMillis/request/p99_9 \
        /latencyMillis/request/max)
  done
fi

echo
echo "results and logs: $out"
echo "aspstate/redis throughput ratio: $ratio"
