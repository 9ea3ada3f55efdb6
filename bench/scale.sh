#!/usr/bin/env bash
# Scaling with the number of live sessions: the same page mix against aspstate with 10k and with 1M live sessions
# (1 KiB each by default), a fresh server per run pinned to CPU 0, the load generator on CPU 1, alternating small
# and large for --rounds rounds. The last line is the median of the rounds' 1M/10k throughput ratios.
#
#   bench/scale.sh [--duration S] [--warmup S] [--rounds N] [--small N] [--large N] [--payload BYTES]
#                  [--connections N] [--mix rw=90,ro=10] [--out DIR]
# The server runs with bin/aspstate's JVM settings and a fixed heap of $SERVE_HEAP (default 4g here, room for 1M
# sessions of 1 KiB); more JVM flags in $SERVE_JAVA_OPTS (e.g. to compare collectors).
set -euo pipefail

duration=15 warmup=5 rounds=2 sessions=0 payload=1024 connections=32 mix="rw=90,ro=10"
small=10000 large=1000000
out=""
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
# shellcheck source=lib.sh
source "$root/bench/lib.sh"
extra_option() {
  case "$1" in
    --small) small=${2-}; return 3 ;;
    --large) large=${2-}; return 3 ;;
    *) return 1 ;;
  esac
}
parse_common_options scale.sh 2,9 "$@"
[ "$rounds" -ge 1 ] || { echo "scale.sh: --rounds must be at least 1" >&2; exit 2; }
prepare_run scale.sh
export SERVE_HEAP=${SERVE_HEAP:-4g}

start_system() {
  start_serve "$1-$2"
}

declare -A pages
ratios=()
for round in $(seq 1 "$rounds"); do
  for size in "$small" "$large"; do
    sessions=$size
    start_system "$size" "$round"
    run_bench "$size" "$round"
    stop_system
    pages[$size,$round]=$(json_number "$out/$size-$round.json" pagesPerSecond)
  done
  ratios+=("$(awk -v l="${pages[$large,$round]}" -v s="${pages[$small,$round]}" 'BEGIN { printf "%.4f", l / s }')")
done

echo
echo "(latencies in ms)"
printf '%-6s %-10s %12s %12s %12s %12s %12s\n' round sessions pages/s "page p99" "req p99" "req p99.9" "req max"
for round in $(seq 1 "$rounds"); do
  for size in "$small" "$large"; do
    printf '%-6s %-10s %12s %12s %12s %12s %12s\n' "$round" "$size" "${pages[$size,$round]}" \
      $(json_field "$out/$size-$round.json" /latencyMillis/page/p99 /latencyMillis/request/p99 \
        /latencyMillis/request/p99_9 /latencyMillis/request/max)
  done
done
# label N: 10000 -> 10k, 1000000 -> 1M.
label() {
  awk -v n="$1" 'BEGIN { if (n % 1000000 == 0) print n / 1000000 "M"; else if (n % 1000 == 0) print n / 1000 "k"; else print n }'
}

echo
echo "results and logs: $out"
printf '%s/%s throughput ratio: %s\n' "$(label "$large")" "$(label "$small")" \
  "$(printf '%s\n' "${ratios[@]}" | median)"
