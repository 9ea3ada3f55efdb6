#!/usr/bin/env bash
# What the metrics cost on the hot path: the page mix against aspstate with its admin listener and metrics on (the
# default; every session store observed, /metrics scraped every 5 s as a Prometheus would, a little more often than
# the usual 15 s) and off (--admin-port off: no observer at all), side by side in one run, alternating on, off, on,
# off for --rounds rounds. The server is pinned to CPU 0, the generator to CPU 1. Prints a table and, last,
# the on/off throughput ratio (median over the rounds).
#
#   bench/compare-metrics.sh [--duration S] [--warmup S] [--rounds N] [--sessions N] [--payload BYTES]
#                            [--connections N] [--mix rw=90,ro=10] [--out DIR]
set -euo pipefail

duration=15 warmup=15 rounds=3 sessions=100000 payload=1024 connections=32 mix="rw=90,ro=10" out=""
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
# shellcheck source=lib.sh
source "$root/bench/lib.sh"
parse_common_options compare-metrics.sh 2,9 "$@"
[ "$rounds" -ge 1 ] || { echo "compare-metrics.sh: --rounds must be at least 1" >&2; exit 2; }
prepare_run compare-metrics.sh

# start_system SYSTEM ROUND: sets $target and $server_pid; with metrics on, also a scraper that ends with the server.
start_system() {
  local system=$1 round=$2
  case "$system" in
    metrics-on)
      serve_admin=0 start_serve "$system-$round"
      local server=$server_pid scrape_every=5 max_scrapes=$(( (warmup + duration) / 5 + 60 ))
      (for _ in $(seq 1 "$max_scrapes"); do
         kill -0 "$server" 2>/dev/null || break
         curl -s -o /dev/null "${admin_url}metrics" || true
         sleep "$scrape_every"
       done) &
      started+=("$!")
      ;;
    metrics-off) serve_admin=off start_serve "$system-$round" ;;
  esac
}

systems=(metrics-on metrics-off)
declare -A pages
run_rounds "${systems[@]}"

echo
printf '%-6s %-12s %12s %12s %12s %12s\n' round system pages/s "p50 ms" "p99 ms" "max ms"
ratios=()
for round in $(seq 1 "$rounds"); do
  for system in "${systems[@]}"; do
    json=$out/$system-$round.json
    printf '%-6s %-12s %12s %12s %12s %12s\n' "$round" "$system" "${pages[$system,$round]}" \
      "$(page_percentile "$json" p50)" "$(page_percentile "$json" p99)" "$(page_percentile "$json" max)"
  done
  ratios+=("$(awk -v a="${pages[metrics-on,$round]}" -v b="${pages[metrics-off,$round]}" 'BEGIN { printf "%.4f", a / b }')")
done
echo "rounds' on/off ratios: ${ratios[*]}"
echo "metrics on/off throughput ratio: $(printf '%s\n' "${ratios[@]}" | median)"
