#!/usr/bin/env bash
# Side-by-side comparison: aspstate versus Redis running Microsoft's session-provider scripts, on this machine,
# in one run. Each system is started fresh by this script, pinned to CPU 0; the load generator runs on CPU 1.
# Runs alternate A B A B for --rounds rounds; the last line is the median throughput ratio.
#
#   bench/compare.sh [--duration S] [--warmup S] [--rounds N] [--sessions N] [--payload BYTES]
#                    [--connections N] [--mix rw=90,ro=10] [--no-latency] [--out DIR]
set -euo pipefail

duration=20 warmup=5 rounds=2 sessions=100000 payload=1024 connections=32 mix="rw=90,ro=10" latency=1
out=""
while [ $# -gt 0 ]; do
  case "$1" in
    --duration) duration=$2; shift 2 ;;
    --warmup) warmup=$2; shift 2 ;;
    --rounds) rounds=$2; shift 2 ;;
    --sessions) sessions=$2; shift 2 ;;
    --payload) payload=$2; shift 2 ;;
    --connections) connections=$2; shift 2 ;;
    --mix) mix=$2; shift 2 ;;
    --no-latency) latency=0; shift ;;
    --out) out=$2; shift 2 ;;
    -h|--help) sed -n '2,9p' "$0"; exit 0 ;;
    *) echo "compare.sh: unknown option $1 (see --help)" >&2; exit 2 ;;
  esac
done
[ "$rounds" -ge 2 ] || { echo "compare.sh: --rounds must be at least 2 (A B A B)" >&2; exit 2; }

root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
out=${out:-$(mktemp -d /tmp/aspstate-compare.XXXXXX)}
mkdir -p "$out"
started=()
cleanup() {
  for pid in "${started[@]:-}"; do
    [ -n "$pid" ] && kill "$pid" 2>/dev/null && wait "$pid" 2>/dev/null || true
  done
}
trap cleanup EXIT INT TERM

cpus=$(nproc)
if [ "$cpus" -lt 2 ]; then
  echo "compare.sh: needs 2 CPUs (server on CPU 0, load generator on CPU 1); this machine has $cpus" >&2
  exit 2
fi

echo "== building" >&2
if [ ! -f server/target/aspstate.jar ] || [ ! -f bench/target/aspstate-bench.jar ] || [ -n "${REBUILD:-}" ]; then
  mvn -q -B -ntp -DskipTests package
fi
bench/install-redis.sh >&2

# shellcheck source=free-port.sh
source "$root/bench/free-port.sh"

# Starts one system on CPU 0; sets $target and $server_pid.
start_system() {
  local system=$1 log=$out/$1-server.log
  case "$system" in
    aspstate)
      taskset -c 0 java -jar server/target/aspstate.jar serve --stateserver-port 0 --tds-port off >"$out/aspstate.out" 2>"$log" &
      server_pid=$!
      started+=("$server_pid")
      for _ in $(seq 1 300); do
        grep -q ' ready: ' "$out/aspstate.out" 2>/dev/null && break
        kill -0 "$server_pid" 2>/dev/null || { cat "$log" >&2; echo "compare.sh: aspstate did not start" >&2; exit 1; }
        sleep 0.1
      done
      local port
      port=$(sed -n 's/.*stateserver on [^,]*:\([0-9]*\),.*/\1/p' "$out/aspstate.out")
      [ -n "$port" ] || { echo "compare.sh: aspstate did not print its port" >&2; exit 1; }
      target="stateserver://127.0.0.1:$port"
      ;;
    redis)
      local port
      port=$(free_port)
      taskset -c 0 redis-server --port "$port" --bind 127.0.0.1 --save "" --appendonly no \
        --protected-mode yes --loglevel warning >"$log" 2>&1 &
      server_pid=$!
      started+=("$server_pid")
      for _ in $(seq 1 300); do
        redis-cli -p "$port" ping 2>/dev/null | grep -q PONG && break
        kill -0 "$server_pid" 2>/dev/null || { cat "$log" >&2; echo "compare.sh: redis-server did not start" >&2; exit 1; }
        sleep 0.1
      done
      target="redis://127.0.0.1:$port"
      ;;
  esac
}

stop_system() {
  kill "$server_pid" 2>/dev/null || true
  wait "$server_pid" 2>/dev/null || true
}

json_number() { sed -n "s/^  \"$2\": \([0-9.]*\),\$/\1/p" "$1"; }
page_p99() { sed -n 's/.*"page": {[^}]*"p99": \([0-9.]*\).*/\1/p' "$1"; }

run_bench() {  # system round extra-args...
  local system=$1 round=$2; shift 2
  local json=$out/$system-$round.json
  echo "== round $round: $system ($target)" >&2
  taskset -c 1 java -jar bench/target/aspstate-bench.jar run --target "$target" --mix "$mix" \
    --sessions "$sessions" --payload "$payload" --connections "$connections" \
    --warmup "${warmup}s" --duration "${duration}s" --json "$json" "$@" >"$out/$system-$round.txt"
  cat "$out/$system-$round.txt" >&2
}

declare -A pages
for round in $(seq 1 "$rounds"); do
  for system in aspstate redis; do
    start_system "$system"
    run_bench "$system" "$round"
    stop_system
    pages[$system,$round]=$(json_number "$out/$system-$round.json" pagesPerSecond)
  done
done

echo
printf '%-6s %-10s %14s %14s\n' round system pages/s "page p99 ms"
ratios=()
for round in $(seq 1 "$rounds"); do
  for system in aspstate redis; do
    printf '%-6s %-10s %14s %14s\n' "$round" "$system" "${pages[$system,$round]}" "$(page_p99 "$out/$system-$round.json")"
  done
  ratios+=("$(awk -v a="${pages[aspstate,$round]}" -v r="${pages[redis,$round]}" 'BEGIN { printf "%.4f", a / r }')")
done
ratio=$(printf '%s\n' "${ratios[@]}" | sort -g | awk '{ v[NR] = $1 } END { m = (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2; printf "%.2f", m }')

if [ "$latency" = 1 ]; then
  # p99 at half of aspstate's peak: both systems offered the same paced load.
  peak=$(printf '%s\n' "${pages[aspstate,1]}" "${pages[aspstate,2]}" | sort -g | tail -1)
  half=$(awk -v p="$peak" 'BEGIN { printf "%.0f", p / 2 }')
  echo
  echo "p99 latency at an offered $half pages/s (half of aspstate's peak), paced:"
  for system in aspstate redis; do
    start_system "$system"
    run_bench "$system" "paced" --rate "$half"
    stop_system
    printf '%-10s achieved %10s pages/s   page p99 %8s ms\n' "$system" \
      "$(json_number "$out/$system-paced.json" pagesPerSecond)" "$(page_p99 "$out/$system-paced.json")"
  done
fi

echo
echo "results and logs: $out"
echo "aspstate/redis throughput ratio: $ratio"
