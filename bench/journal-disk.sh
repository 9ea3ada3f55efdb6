#!/usr/bin/env bash
# The journal's disk use under a steady write load: one durable node (--data-dir, --fsync always unless --fsync says
# otherwise) pinned to CPU 0, the page mix on CPU 1 for --duration seconds, the data directory's size sampled every
# second. Rewrites are made
# frequent with a small --journal-rewrite-min-size (default 8MiB), so that many happen within the run. Prints the
# largest size seen against the bound the docs state, 2 x (live sessions + rewrite threshold) + 3 segments made
# ahead, and ends with `journal disk: max X bytes, bound Y bytes`.
#
#   bench/journal-disk.sh [--duration S] [--sessions N] [--payload BYTES] [--connections N]
#                         [--mix rw=90,ro=10] [--rewrite-min-size SIZE] [--fsync always|everysec|off] [--out DIR]
set -euo pipefail

duration=180 warmup=5 rounds=1 sessions=20000 payload=1024 connections=32 mix="rw=90,ro=10" out=""
rewrite_min=8MiB fsync=always
extra_option() {
  case "$1" in
    --rewrite-min-size) rewrite_min=${2:-}; return 3 ;;
    --fsync) fsync=${2:-}; return 3 ;;
    *) return 1 ;;
  esac
}
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
# shellcheck source=lib.sh
source "$root/bench/lib.sh"
parse_common_options journal-disk.sh 2,8 "$@"
prepare_run journal-disk.sh

data="$out/data"
start_serve durable --data-dir "$data" --fsync "$fsync" --journal-rewrite-min-size "$rewrite_min"
samples="$out/sizes"
(
  end=$((SECONDS + duration + warmup + 120))
  while [ $SECONDS -lt $end ] && kill -0 "$server_pid" 2>/dev/null; do
    du -sb "$data" | cut -f1
    sleep 1
  done
) >"$samples" &
sampler=$!
started+=("$sampler")
run_bench durable 1
kill "$sampler" 2>/dev/null || true
stop_system

max=$(sort -n "$samples" | tail -1)
# bytes SIZE: a size as the options write it (NNN, NNNKiB, NNNMiB, NNNGiB) in bytes.
bytes() {
  case "$1" in
    *KiB) echo $(( ${1%KiB} * 1024 )) ;;
    *MiB) echo $(( ${1%MiB} * 1024 * 1024 )) ;;
    *GiB) echo $(( ${1%GiB} * 1024 * 1024 * 1024 )) ;;
    *) echo "$1" ;;
  esac
}
live=$((sessions * (payload + 120)))
min=$(bytes "$rewrite_min")
threshold=$(( min > live ? min : live ))
bound=$((2 * (live + threshold) + 3 * 16 * 1024 * 1024))
echo "samples: $(wc -l <"$samples"), live sessions about $live bytes, rewrites: $(grep -c 'journal rewritten' "$out/durable.log" || true)"
echo "results and logs: $out"
echo "journal disk: max $max bytes, bound $bound bytes"
