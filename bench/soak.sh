#!/usr/bin/env bash
# A soak: the page mix on both protocols at once (one paced generator each, StateServer and TDS, running the whole
# time), for --duration minutes, while hostile and broken clients (bench/abusers.py: slow senders, readers that
# never read, garbage, empty TDS packets, connection floods, abrupt disconnects, abandoned bodies; on the admin
# listener non-readers, slow senders, wrong tokens, bad encodings, listings and costly inspects) do their worst,
# against one serve process with a small heap. With --cluster the server is a node of a two-node cluster (its peer
# also on CPU 0) and the abusers flood its cluster port too. After a one-minute warm-up, every --interval seconds it
# prints one line: pages/s and page p99 per protocol over that interval, errors so far (a page that finds its
# session gone counts, so 0 errors means 0 sessions lost), heap after a full GC, open file descriptors, RSS and
# threads of the server, and how long a /health/live took on a new connection. The server is pinned to CPU 0, the
# generators and the abusers to CPU 1. Prints the totals last; exits 1 if any page failed or the server died.
#
#   bench/soak.sh [--duration MINUTES] [--interval SECONDS] [--heap SIZE] [--rate PAGES_PER_S] [--cluster]
#                 [--out DIR]
set -euo pipefail

duration=60 interval=60 heap=512m rate=1500 sessions=10000 warmup=60 out="" cluster=""
while [ $# -gt 0 ]; do
  case "$1" in
    --duration) duration=$2; shift 2 ;;
    --interval) interval=$2; shift 2 ;;
    --heap) heap=$2; shift 2 ;;
    --rate) rate=$2; shift 2 ;;
    --cluster) cluster=1; shift ;;
    --out) out=$2; shift 2 ;;
    -h|--help) sed -n '2,15p' "$0"; exit 0 ;;
    *) echo "soak.sh: unknown option $1 (see --help)" >&2; exit 2 ;;
  esac
done
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
# shellcheck source=lib.sh
source "$root/bench/lib.sh"
prepare_run soak.sh

ss_port=$(free_port)
tds_port=$(free_port)
admin_port=$(free_port)
admin_token=$(head -c 18 /dev/urandom | base64 | tr -d '/+=')
admin_hash=$(printf '%s' "$admin_token" | java -jar server/target/aspstate.jar hash-password)
cluster_options=() cluster_port=""
if [ -n "$cluster" ]; then
  cluster_port=$(free_port)
  peer_port=$(free_port)
  members="127.0.0.1:$cluster_port,127.0.0.1:$peer_port"
  cluster_options=(--cluster-members "$members" --cluster-port "$cluster_port")
  taskset -c 0 java "-Xmx$heap" -jar server/target/aspstate.jar serve --stateserver-port "$(free_port)" \
    --tds-port off --admin-port off --cluster-members "$members" --cluster-port "$peer_port" \
    >"$out/peer.out" 2>"$out/peer.log" &
  started+=("$!")
fi
taskset -c 0 java "-Xmx$heap" -jar server/target/aspstate.jar serve --stateserver-port "$ss_port" \
  --tds-port "$tds_port" --admin-port "$admin_port" --admin-token "$admin_hash" "${cluster_options[@]}" \
  >"$out/serve.out" 2>"$out/serve.log" &
serve_pid=$!
started+=("$serve_pid")
for _ in $(seq 1 1200); do
  grep -q ' ready: ' "$out/serve.out" 2>/dev/null && break
  kill -0 "$serve_pid" 2>/dev/null || { cat "$out/serve.log" >&2; echo "soak.sh: serve did not start" >&2; exit 1; }
  sleep 0.1
done
grep -q ' ready: ' "$out/serve.out" || { echo "soak.sh: serve did not start within 120 s" >&2; exit 1; }

measured_seconds=$((duration * 60))
taskset -c 1 python3 bench/abusers.py --stateserver "$ss_port" --tds "$tds_port" --admin "$admin_port" \
  --admin-token "$admin_token" ${cluster_port:+--cluster "$cluster_port"} \
  --seconds "$((measured_seconds + warmup + interval))" --report "$out/abusers.json" 2>"$out/abusers.log" &
abusers_pid=$!
started+=("$abusers_pid")

# generator PROTOCOL PORT SEED: the page mix, paced, on its own sessions, for the whole soak and one interval more
# (so that the last line's figures are taken under load); a progress line (rates and p99 over the last interval,
# errors so far in the phase) goes to $out/PROTOCOL.progress each interval.
generator() {
  taskset -c 1 java -jar bench/target/aspstate-bench.jar run --target "$1://127.0.0.1:$2" --seed "$3" \
    --sessions "$sessions" --payload 1024 --connections 16 --rate "$rate" --warmup "${warmup}s" \
    --duration "$((measured_seconds + interval))s" --progress-every "${interval}s" --json "$out/$1.json" \
    >"$out/$1.txt" 2>"$out/$1.progress" &
  started+=("$!")
  generators+=("$!")
}
generators=()
generator stateserver "$ss_port" 1
generator tds "$tds_port" 2

# measure_line PROTOCOL N: the Nth progress line of the measured phase, once it is there (empty if the generator
# ended without it).
measure_line() {
  local file="$out/$1.progress" pid=$2 n=$3
  while [ "$(grep -c ' measure ' "$file" 2>/dev/null || true)" -lt "$n" ]; do
    kill -0 "$pid" 2>/dev/null || break
    kill -0 "$serve_pid" 2>/dev/null || { echo "soak.sh: the server died (see $out/serve.log)" >&2; exit 1; }
    sleep 1
  done
  grep ' measure ' "$file" | sed -n "${n}p"
}
# field LINE NAME: the number after NAME in a progress line, without thousands separators.
field() { sed -n "s|.* $2 *\([0-9][0-9,.]*\).*|\1|p" <<<"$1" | tr -d ,; }

# live_millis: how long GET /health/live takes on a new connection, in ms ("-" if it was not answered in 10 s).
live_millis() {
  python3 - "$admin_port" <<'PY'
import socket, sys, time
start = time.monotonic()
try:
    with socket.create_connection(("127.0.0.1", int(sys.argv[1])), timeout=10) as sock:
        sock.sendall(b"GET /health/live HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n")
        answer = b""
        while True:
            chunk = sock.recv(4096)
            if not chunk:
                break
            answer += chunk
    print("%.1f" % ((time.monotonic() - start) * 1000) if answer.startswith(b"HTTP/1.1 200") else "-")
except OSError:
    print("-")
PY
}

printf '%-6s %-22s %-22s %-7s %-14s %-5s %-8s %-8s %-8s\n' time "stateserver p/s p99" "tds p/s p99" errors \
  heap-after-gc fds rss-MiB threads live-ms | tee "$out/soak.txt"
rounds=$(( (measured_seconds + interval - 1) / interval ))
for round in $(seq 1 "$rounds"); do
  line="" errors=0
  for i in 0 1; do
    protocol=$([ "$i" = 0 ] && echo stateserver || echo tds)
    progress=$(measure_line "$protocol" "${generators[$i]}" "$round")
    [ -n "$progress" ] || { echo "soak.sh: the $protocol generator stopped (see $out/$protocol.*)" >&2; exit 1; }
    errors=$((errors + $(field "$progress" errors)))
    line="$line$(printf '%-22s ' "$(printf '%.0f %.1fms' "$(field "$progress" pages/s)" "$(field "$progress" p99)")")"
  done
  jcmd "$serve_pid" GC.run >/dev/null
  jcmd "$serve_pid" GC.heap_info >"$out/heap-$round.txt"
  # Every generation's "used" (one line for G1, young and tenured for the serial collector a 1-CPU JVM picks).
  heap_kib=$(sed -n 's/.*\(heap\|generation\) *total [0-9]*K, used \([0-9]*\)K.*/\2/p' "$out/heap-$round.txt" \
    | awk '{ kib += $1 } END { print kib }')
  fds=$(ls "/proc/$serve_pid/fd" | wc -l)
  rss_kib=$(sed -n 's/^VmRSS:[[:space:]]*\([0-9]*\) kB/\1/p' "/proc/$serve_pid/status")
  threads=$(ls "/proc/$serve_pid/task" | wc -l)
  live=$(live_millis)
  elapsed=$((round * interval))
  printf '%-6s %s%-7s %-14s %-5s %-8s %-8s %-8s\n' "$((elapsed / 60)):$(printf %02d $((elapsed % 60)))" "$line" \
    "$errors" "$((heap_kib / 1024)) MiB" "$fds" "$((rss_kib / 1024))" "$threads" "$live" | tee -a "$out/soak.txt"
done

for pid in "${generators[@]}" "$abusers_pid"; do
  wait "$pid" || { echo "soak.sh: a generator or the abusers failed (see $out)" >&2; exit 1; }
done
warmup_errors=0 pages=0 errors=0
for protocol in stateserver tds; do
  # The generator prints the warm-up's last line as the measured phase starts.
  last_warmup=$(grep ' warm-up ' "$out/$protocol.progress" | tail -1)
  warmup_errors=$((warmup_errors + $(field "$last_warmup" errors)))
  pages=$((pages + $(json_number "$out/$protocol.json" pages)))
  errors=$((errors + $(json_number "$out/$protocol.json" errors)))
done
echo "abusers: $(tr -d '\n ' <"$out/abusers.json")" | tee -a "$out/soak.txt"
echo "server log: $(wc -l <"$out/serve.log") lines, $(du -k "$out/serve.log" | cut -f1) KiB" | tee -a "$out/soak.txt"
echo "measured pages: $pages, errors (sessions lost or requests failed): $errors, in the warm-up: $warmup_errors" \
  | tee -a "$out/soak.txt"
[ "$errors" -eq 0 ] && [ "$warmup_errors" -eq 0 ]
