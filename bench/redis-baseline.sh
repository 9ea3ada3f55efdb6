#!/usr/bin/env bash
# The Redis half of the "load generator is not the bottleneck" check: how many EVALSHA calls per second a
# running redis-server answers for each provider script when redis-benchmark (C, no session logic) drives it
# with the same number of connections as the bench. Compare each figure with the bench's own rate against the
# same server; pin both the same way (e.g. `taskset -c 1 bench/redis-baseline.sh 6379`, redis on core 0).
#
# Usage: bench/redis-baseline.sh PORT [REQUESTS] [PAYLOAD_BYTES]
#   PORT           a redis-server on 127.0.0.1 (loopback only), e.g. one started with --save "" --appendonly no
#   REQUESTS       EVALSHA calls per script (default 200000)
#   PAYLOAD_BYTES  session size for the scripts that write or read one (default 1024, the bench's default)
#   CLIENTS        environment: connections (default 32)
# Prints one line per script on stdout: `<script> <requests/s>`; progress and checks go to stderr.
# Writes only keys under {/LM/W3SVC/1/ROOT/baseline(...)/...} and deletes them when done; the scripts stay
# loaded (the bench loads the same ones).
set -euo pipefail

if [ $# -lt 1 ] || [ $# -gt 3 ]; then
    sed -n '2,16p' "$0" >&2
    exit 2
fi
PORT=$1
REQUESTS=${2:-200000}
PAYLOAD_BYTES=${3:-1024}
CLIENTS=${CLIENTS:-32}
HOST=127.0.0.1
TIMEOUT_SECONDS=1200   # SessionBackend.TIMEOUT_MINUTES * 60
LOCK_ID=1              # a fixed lock id: redis-benchmark sends the same arguments every time
# Placeholder numbers for keys that must be new on every call (see the two scripts that use it below).
KEYSPACE=1000000000
SCRIPTS_DIR="$(cd "$(dirname "$0")" && pwd)/src/main/resources/redis"

for number in "$PORT" "$REQUESTS" "$PAYLOAD_BYTES" "$CLIENTS"; do
    case $number in ''|*[!0-9]*) echo "redis-baseline.sh: not a number: '$number'" >&2; exit 2 ;; esac
done
# The payload travels as one command-line argument (Linux caps one at 128 KiB).
if [ "$PAYLOAD_BYTES" -lt 1 ] || [ "$PAYLOAD_BYTES" -gt 65536 ]; then
    echo "redis-baseline.sh: PAYLOAD_BYTES must be 1..65536" >&2
    exit 2
fi
for tool in redis-cli redis-benchmark; do
    command -v "$tool" >/dev/null || { echo "redis-baseline.sh: $tool missing (bench/install-redis.sh)" >&2; exit 1; }
done

cli() {
    redis-cli -h "$HOST" -p "$PORT" "$@"
}
[ "$(cli ping)" = PONG ] || { echo "redis-baseline.sh: no redis answering on $HOST:$PORT" >&2; exit 1; }

PAYLOAD=$(head -c "$PAYLOAD_BYTES" /dev/zero | tr '\0' x)
APP_PREFIX='/LM/W3SVC/1/ROOT/baseline(Ab+cDeFgHiJkLmNoPq=)'

cleanup() {
    # UNLINK frees in the background; keys carry an expiry anyway, this only leaves the server as found.
    cli --scan --pattern "{$APP_PREFIX/*" | xargs -r -d '\n' -n 500 redis-cli -h "$HOST" -p "$PORT" unlink >/dev/null
}
trap cleanup EXIT

declare -A SHA
for file in "$SCRIPTS_DIR"/*.lua; do
    name=$(basename "$file" .lua)
    # -x sends the file's exact bytes, so the SHA is the one the Java backend computes.
    SHA[$name]=$(cli -x script load < "$file")
done

# Key names of one session, as SessionKeys builds them.
lock_key() { printf '{%s}_WriteLock' "$1"; }
data_key() { printf '{%s}_SessionStateItemCollection' "$1"; }
timeout_key() { printf '{%s}_SessionTimeout' "$1"; }

# run SCRIPT SESSION KEY1 KEY2 KEY3 ARGS...: check one call answers OK (status 0), then benchmark the same call.
# redis-benchmark counts error replies as answered requests, hence the check first.
run() {
    local name=$1 rand_option=() check_keys=() key
    shift
    for key in "$1" "$2" "$3"; do
        check_keys+=("${key//__rand_int__/check}")
    done
    case "$1$2$3" in *__rand_int__*) rand_option=(-r "$KEYSPACE") ;; esac
    local status
    status=$(cli evalsha "${SHA[$name]}" 3 "${check_keys[@]}" "${@:4}" | head -n 1)
    if [ "$status" != 0 ]; then
        echo "redis-baseline.sh: $name answered '$status' instead of status 0 (OK)" >&2
        exit 1
    fi
    local output rate
    output=$(redis-benchmark -h "$HOST" -p "$PORT" -c "$CLIENTS" -n "$REQUESTS" -q "${rand_option[@]}" \
        evalsha "${SHA[$name]}" 3 "$@" 2>&1)
    rate=$(printf '%s\n' "$output" | tr '\r' '\n' | grep 'requests per second' | tail -n 1 \
        | sed -E 's/.*: ([0-9.]+) requests per second.*/\1/')
    if [ -z "$rate" ]; then
        echo "redis-baseline.sh: no rate from redis-benchmark for $name: $output" >&2
        exit 1
    fi
    echo "$name $rate"
}

session() { printf '%s/%s' "$APP_PREFIX" "$1"; }
preload() {
    cli evalsha "${SHA[set_item]}" 3 "$(lock_key "$1")" "$(data_key "$1")" "$(timeout_key "$1")" \
        "$PAYLOAD" "$TIMEOUT_SECONDS" >/dev/null
}

# Every call below takes the script's main path, the one the bench's pages take. All 32 connections share one
# session: Redis runs scripts one at a time, so sharing costs nothing, and it keeps every call on that path.

S=$(session get-item); preload "$S"
run get_item "$(lock_key "$S")" "$(data_key "$S")" "$(timeout_key "$S")"

# The first call takes the lock; every later one finds it held and answers LOCKED, sliding the expiry: the
# path of a contended page. The bench's get-exclusive run over a few pre-loaded sessions takes the same path
# once each session has been locked, so the two figures compare the same script work.
S=$(session get-item-exclusive); preload "$S"
run get_item_exclusive "$(lock_key "$S")" "$(data_key "$S")" "$(timeout_key "$S")" "$LOCK_ID"

# Unlocked session: the write path (GET lock, two SETs, no lock to DEL: one command fewer than after a lock).
S=$(session set-and-release); preload "$S"
run set_and_release_item_exclusive "$(lock_key "$S")" "$(data_key "$S")" "$(timeout_key "$S")" \
    "$LOCK_ID" "$PAYLOAD" "$TIMEOUT_SECONDS"

S=$(session release); preload "$S"
run release_item_exclusive "$(lock_key "$S")" "$(data_key "$S")" "$(timeout_key "$S")" "$LOCK_ID"

S=$(session reset-timeout); preload "$S"
run reset_item_timeout "$(lock_key "$S")" "$(data_key "$S")" "$(timeout_key "$S")"

# A new visitor's insert creates the session: data and timeout keys new on every call.
S=$(session insert-new)
run insert_new_item "$(lock_key "$S")" "$(data_key "$S"):__rand_int__" "$(timeout_key "$S"):__rand_int__" \
    "$PAYLOAD" "$TIMEOUT_SECONDS"

S=$(session set-item)
run set_item "$(lock_key "$S")" "$(data_key "$S")" "$(timeout_key "$S")" "$PAYLOAD" "$TIMEOUT_SECONDS"

# remove_item is left out: no page of the bench abandons a session, so there is no bench rate to compare, and
# with redis-benchmark's fixed arguments every call after the first would take its not-found path.
