#!/usr/bin/env bash
# Installs redis-server, redis-cli and redis-benchmark from Debian's packages, for the Redis side of the
# comparison (RedisBackendTest starts a real redis-server; redis-baseline.sh needs redis-benchmark).
# Idempotent: does nothing when redis-server is already on PATH. Needs root (CI and developer machines run
# as root); no network besides apt's own package sources.
set -euo pipefail

if command -v redis-server >/dev/null 2>&1 && command -v redis-benchmark >/dev/null 2>&1; then
    exit 0
fi

if [ "$(id -u)" -ne 0 ]; then
    echo "install-redis.sh: redis-server is missing and installing it needs root" >&2
    exit 1
fi

export DEBIAN_FRONTEND=noninteractive
# Another apt (a package install elsewhere on the machine) may hold the locks: wait for it, not fail.
# The timeout option covers dpkg's lock only; update's lock is waited for by retrying, 10 minutes at most.
tries=0
until apt-get update; do
    tries=$((tries + 1))
    [ "$tries" -lt 120 ] || exit 1
    sleep 5
done
apt-get -o DPkg::Lock::Timeout=600 install -y --no-install-recommends redis-server redis-tools

# The package starts a system-wide redis on 6379 where an init system runs; the tests and the baseline
# start their own on free ports, so it is not needed (and stopping it is harmless when none runs).
if command -v systemctl >/dev/null 2>&1 && systemctl is-active --quiet redis-server 2>/dev/null; then
    systemctl stop redis-server || true
fi
