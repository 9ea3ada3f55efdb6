#!/usr/bin/env bash
# Checks that the load generator is not what limits the Redis figures: for each provider script, the rate the
# bench reaches (one request kind, repeated, 32 connections) against the rate redis-benchmark reaches for the
# same EVALSHA. redis-server runs on CPU 0, each client on CPU 1. A bench figure within 20% of redis-benchmark's
# (or above it) means the generator keeps up.
#
#   bench/calibrate-redis.sh [--duration S] [--connections N]
set -euo pipefail

duration=10 connections=32
while [ $# -gt 0 ]; do
  case "$1" in
    --duration) duration=$2; shift 2 ;;
    --connections) connections=$2; shift 2 ;;
    -h|--help) sed -n '2,7p' "$0"; exit 0 ;;
    *) echo "calibrate-redis.sh: unknown option $1" >&2; exit 2 ;;
  esac
done
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
[ -f bench/target/aspstate-bench.jar ] || mvn -q -B -ntp -DskipTests package
bench/install-redis.sh >&2
out=$(mktemp -d /tmp/aspstate-calibrate.XXXXXX)
# shellcheck source=lib.sh
source "$root/bench/lib.sh"
port=$(free_port)
taskset -c 0 redis-server --port "$port" --bind 127.0.0.1 --save "" --appendonly no --loglevel warning \
  >"$out/redis.log" 2>&1 &
redis_pid=$!
trap 'kill $redis_pid 2>/dev/null; wait $redis_pid 2>/dev/null || true' EXIT INT TERM
for _ in $(seq 1 100); do redis-cli -p "$port" ping 2>/dev/null | grep -q PONG && break; sleep 0.1; done

echo "== redis-benchmark" >&2
CLIENTS=$connections taskset -c 1 bench/redis-baseline.sh "$port" 200000 >"$out/baseline.txt"
cat "$out/baseline.txt" >&2

# Script -> the bench's single-request kind that calls it, on 1000 sessions: few enough to stay in the CPU's
# caches, as redis-benchmark's single session does, so both figures measure the same server work. get-exclusive
# comes late: it leaves the sessions locked (both sides then measure the LOCKED path); insert comes last: it
# creates a new session per call, and the growing data set would slow every script measured after it.
pairs="set_item:set get_item:get reset_item_timeout:reset-timeout release_item_exclusive:release
set_and_release_item_exclusive:set-and-release get_item_exclusive:get-exclusive insert_new_item:insert"
preload=""
printf '%-34s %16s %12s %8s\n' script redis-benchmark bench ratio
for pair in $pairs; do
  script=${pair%%:*} op=${pair##*:}
  taskset -c 1 java -jar bench/target/aspstate-bench.jar run --target "redis://127.0.0.1:$port" --op "$op" \
    --sessions 1000 --connections "$connections" --warmup 3s --duration "${duration}s" $preload \
    --json "$out/$op.json" >"$out/$op.txt" 2>"$out/$op.err"
  preload="--skip-preload"
  baseline=$(awk -v s="$script" '$1 == s { print $2 }' "$out/baseline.txt")
  bench=$(json_number "$out/$op.json" requestsPerSecond)
  printf '%-34s %16.0f %12.0f %8.2f\n' "$script" "$baseline" "$bench" "$(awk -v b="$bench" -v r="$baseline" 'BEGIN { print b / r }')"
done
echo "details: $out"
