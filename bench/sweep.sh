#!/usr/bin/env bash
# Latency against throughput for aspstate and Redis (with Microsoft's session-provider scripts) in one run: each
# system is started fresh, pinned to CPU 0, and offered a series of paced rates by the load generator on CPU 1; the
# result is an SVG chart of each request's p99 (and one of p99.9) against the achieved pages/s. The rates are
# fractions of aspstate's peak, measured first by an unpaced run.
#
#   bench/sweep.sh [--fractions 0.2,0.4,0.6,0.8,1.0] [--duration S] [--warmup S] [--sessions N] [--payload BYTES]
#                  [--connections N] [--mix rw=90,ro=10] [--out DIR]
# The charts are $out/sweep-p99.svg and $out/sweep-p99_9.svg; the last line names them.
set -euo pipefail

duration=10 warmup=3 rounds=1 sessions=100000 payload=1024 connections=32 mix="rw=90,ro=10"
fractions=0.2,0.4,0.6,0.8,1.0
out=""
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
# shellcheck source=lib.sh
source "$root/bench/lib.sh"
extra_option() {
  case "$1" in
    --fractions) fractions=${2-}; return 3 ;;
    *) return 1 ;;
  esac
}
parse_common_options sweep.sh 2,9 "$@"
for fraction in ${fractions//,/ }; do
  # A rate of 0 would be an unpaced run, which a sweep point must not silently become.
  awk -v f="$fraction" 'BEGIN { exit !(f ~ /^[0-9]*\.?[0-9]+$/ && f > 0) }' \
    || { echo "sweep.sh: --fractions takes positive numbers, e.g. 0.2,0.5,1.0; got '$fraction'" >&2; exit 2; }
done
prepare_run sweep.sh
bench/install-redis.sh >&2

start_serve aspstate
run_bench aspstate peak
peak=$(json_number "$out/aspstate-peak.json" pagesPerSecond)
stop_system
echo "aspstate's peak: $peak pages/s" >&2

declare -A runs
for system in aspstate redis; do
  if [ "$system" = aspstate ]; then
    start_serve aspstate
  else
    start_redis "$out/redis-server.log"
  fi
  preload=()
  for fraction in ${fractions//,/ }; do
    rate=$(awk -v p="$peak" -v f="$fraction" 'BEGIN { printf "%.0f", p * f }')
    run_bench "$system" "$fraction" --rate "$rate" "${preload[@]+"${preload[@]}"}"
    preload=(--skip-preload)
    runs[$system]+="${runs[$system]:+,}$out/$system-$fraction.json"
  done
  stop_system
done

for percentile in p99 p99_9; do
  java -jar bench/target/aspstate-bench.jar chart --out "$out/sweep-$percentile.svg" --percentile "$percentile" \
    --title "Request ${percentile/_/.} against throughput, 100k sessions, rw=90/ro=10, one core each" \
    "aspstate=${runs[aspstate]}" "redis=${runs[redis]}" >&2
done
echo
printf '%-10s %-9s %12s %12s %12s %12s\n' system fraction pages/s "req p99" "req p99.9" "req max"
for system in aspstate redis; do
  for fraction in ${fractions//,/ }; do
    printf '%-10s %-9s %12s %12s %12s %12s\n' "$system" "$fraction" \
      $(json_field "$out/$system-$fraction.json" /pagesPerSecond /latencyMillis/request/p99 \
        /latencyMillis/request/p99_9 /latencyMillis/request/max)
  done
done
echo
echo "charts: $out/sweep-p99.svg $out/sweep-p99_9.svg"
