#!/usr/bin/env bash
# The TDS paths against the StateServer path: the same page mix through tds:// (the project's TDS client calling
# the ASPState procedures, as ASP.NET's SQLServer mode does), through tds-core-cache:// (ASP.NET Core's distributed
# SQL Server cache statements, a Get and a Set per read-write page) and through stateserver:// against one server
# pinned to CPU 0, the load generator on CPU 1, alternating the paths for --rounds rounds. The last two lines are the
# medians of the rounds' tds-core-cache/stateserver and tds/stateserver throughput ratios.
#
#   bench/compare-paths.sh [--duration S] [--warmup S] [--rounds N] [--sessions N] [--payload BYTES]
#                          [--connections N] [--mix rw=90,ro=10] [--out DIR]
# The server runs with bin/aspstate's JVM settings and a fixed heap of $SERVE_HEAP (default 2g); more JVM flags in
# $SERVE_JAVA_OPTS.
set -euo pipefail

duration=15 warmup=5 rounds=2 sessions=100000 payload=1024 connections=32 mix="rw=90,ro=10"
out=""
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
# shellcheck source=lib.sh
source "$root/bench/lib.sh"
parse_common_options compare-paths.sh 2,10 "$@"
[ "$rounds" -ge 1 ] || { echo "compare-paths.sh: --rounds must be at least 1" >&2; exit 2; }
prepare_run compare-paths.sh

serve_tds=0 start_serve aspstate
paths=(tds tds-core-cache stateserver)
declare -A targets=([tds]="tds://127.0.0.1:$tds_port" [tds-core-cache]="tds-core-cache://127.0.0.1:$tds_port"
  [stateserver]="stateserver://127.0.0.1:$port")
declare -A pages
ratios=()
cache_ratios=()
for round in $(seq 1 "$rounds"); do
  for path in "${paths[@]}"; do
    target=${targets[$path]}
    # The sessions of each path are written once, by its first run; later runs find them.
    if [ "$round" = 1 ]; then
      run_bench "$path" "$round"
    else
      run_bench "$path" "$round" --skip-preload
    fi
    pages[$path,$round]=$(json_number "$out/$path-$round.json" pagesPerSecond)
  done
  ratios+=("$(awk -v t="${pages[tds,$round]}" -v s="${pages[stateserver,$round]}" 'BEGIN { printf "%.4f", t / s }')")
  cache_ratios+=("$(awk -v t="${pages[tds-core-cache,$round]}" -v s="${pages[stateserver,$round]}" \
    'BEGIN { printf "%.4f", t / s }')")
done

echo
echo "(latencies in ms)"
printf '%-6s %-15s %12s %12s %12s %12s %12s\n' round path pages/s "page p99" "req p99" "req p99.9" "req max"
for round in $(seq 1 "$rounds"); do
  for path in "${paths[@]}"; do
    printf '%-6s %-15s %12s %12s %12s %12s %12s\n' "$round" "$path" "${pages[$path,$round]}" \
      $(json_field "$out/$path-$round.json" /latencyMillis/page/p99 /latencyMillis/request/p99 \
        /latencyMillis/request/p99_9 /latencyMillis/request/max)
  done
done
echo
echo "results and logs: $out"
echo "tds-core-cache/stateserver throughput ratio: $(printf '%s\n' "${cache_ratios[@]}" | median)"
echo "tds/stateserver throughput ratio: $(printf '%s\n' "${ratios[@]}" | median)"
