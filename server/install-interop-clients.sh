#!/usr/bin/env bash
# Installs the real SQL Server clients that the interop tests (TediousInteropTest, TsqlInteropTest,
# SqlClientInteropTest) run against the server: FreeTDS's tsql from Debian's freetds-bin; Mono 6.8's C# compiler
# and System.Data (the corefx SqlClient, the driver ASP.NET runs on) with the code page 1252 encoding SqlClient
# needs for the server's collation; Mono's System.Web, whose AltSerialization MonoAltSerializationInteropTest checks
# the session format's values against; and the tedious driver from npm, pinned in src/test/node/package-lock.json and
# installed into src/test/node/node_modules. Also the tools the restart and cluster tests run the server with:
# libfaketime (a restart some minutes later, DurableServeIT) and iproute2 (network namespaces, PartitionIT). And the
# browser DashboardBrowserTest drives: Debian's Chromium, through playwright-core from npm (pinned likewise).
# Idempotent and quick when all are there: apt runs only when a tool is missing, npm ci only when node_modules
# was not installed from the committed lock file. apt needs root (CI and developer machines run as root); no
# network besides apt's package sources and the npm registry.
set -euo pipefail

node_dir="$(cd "$(dirname "$0")" && pwd)/src/test/node"
# What node_modules was installed from: package.json and the lock file, as a checksum kept inside it.
stamp="$node_dir/node_modules/.installed-from"

# apt_install TOOL PACKAGE...: installs the Debian packages that provide the missing TOOL.
apt_install() {
    local tool="$1"
    shift
    if [ "$(id -u)" -ne 0 ]; then
        echo "install-interop-clients.sh: $tool is missing and installing it (apt-get install $*) needs root" >&2
        exit 1
    fi
    export DEBIAN_FRONTEND=noninteractive
    # Another apt (a package install elsewhere on the machine) may hold the locks: wait for it, not fail.
    # The timeout option covers dpkg's lock only; update's lock is waited for by retrying, 10 minutes at most.
    local tries=0
    until apt-get update; do
        tries=$((tries + 1))
        [ "$tries" -lt 120 ] || exit 1
        sleep 5
    done
    apt-get -o DPkg::Lock::Timeout=600 install -y --no-install-recommends "$@"
}

if ! command -v tsql >/dev/null 2>&1; then
    apt_install tsql freetds-bin
fi

# System.Data.dll, I18N.West.dll and System.Web.dll are libraries, not commands: look for them where Mono keeps
# its assemblies.
mono_lib=/usr/lib/mono/4.5
if ! command -v mcs >/dev/null 2>&1 || ! command -v mono >/dev/null 2>&1 \
        || [ ! -f "$mono_lib/System.Data.dll" ] || [ ! -f "$mono_lib/I18N.West.dll" ] \
        || [ ! -f "$mono_lib/System.Web.dll" ]; then
    apt_install mono mono-mcs mono-runtime libmono-system-data4.0-cil libmono-i18n-west4.0-cil \
        libmono-system-web4.0-cil
fi

# The library itself: the tests preload it into the JVM (the faketime command would fork, and a kill -9 of its PID
# would miss the server).
if ! compgen -G "/usr/lib/*/faketime/libfaketime.so.1" >/dev/null; then
    apt_install libfaketime libfaketime
fi

if ! command -v ip >/dev/null 2>&1; then
    apt_install ip iproute2
fi

# The dashboard test drives Debian's Chromium through playwright-core, which never downloads a browser of its own.
if [ ! -x /usr/bin/chromium ]; then
    apt_install chromium chromium
fi

# The machines come with Node.js and npm; Debian's (18.x) is enough for tedious where they do not.
if ! command -v node >/dev/null 2>&1 || ! command -v npm >/dev/null 2>&1; then
    apt_install node nodejs npm
fi

wanted="$(cat "$node_dir/package.json" "$node_dir/package-lock.json" | sha256sum | cut -d' ' -f1)"
if [ -f "$stamp" ] && [ "$(cat "$stamp")" = "$wanted" ]; then
    exit 0
fi
# --ignore-scripts: tedious and playwright-core are plain JavaScript, nothing needs building or downloading.
(cd "$node_dir" && npm ci --ignore-scripts --no-audit --no-fund --loglevel=error)
echo "$wanted" > "$stamp"
