#!/bin/sh
# Installs aspstate as a systemd service from this source checkout, once built (mvn -q -DskipTests package):
#   /opt/aspstate/lib/aspstate.jar, /opt/aspstate/bin/aspstate (linked as /usr/local/bin/aspstate, so that the admin
#   commands run as `aspstate stats`), /etc/aspstate/aspstate.conf (an existing one is kept),
#   /etc/systemd/system/aspstate.service, and the system user aspstate. Run it as root; it starts nothing.
# DESTDIR=DIR puts the files under DIR instead, and then creates no user and gives it no file (the user is the
# target host's business): for building a package, and for InstallScriptIT, which runs this without root.
set -eu

checkout=$(cd "$(dirname "$0")/.." && pwd)
jar=$checkout/server/target/aspstate.jar
dest=${DESTDIR:-}

if [ ! -f "$jar" ]; then
    echo "install.sh: $jar not found: build it first (mvn -q -DskipTests package)" >&2
    exit 1
fi
if [ -z "$dest" ]; then
    if [ "$(id -u)" -ne 0 ]; then
        echo "install.sh: run as root (or set DESTDIR to install under a directory)" >&2
        exit 1
    fi
    # Only runs the service: no login, no home of its own (its files are in the StateDirectory systemd makes).
    if ! id aspstate >/dev/null 2>&1; then
        useradd --system --user-group --home-dir /var/lib/aspstate --no-create-home --shell /usr/sbin/nologin \
            aspstate
    fi
fi

mkdir -p "$dest/opt/aspstate/lib" "$dest/opt/aspstate/bin" "$dest/etc/aspstate" "$dest/etc/systemd/system" \
    "$dest/usr/local/bin"
install -m 0644 "$jar" "$dest/opt/aspstate/lib/aspstate.jar"
install -m 0755 "$checkout/bin/aspstate" "$dest/opt/aspstate/bin/aspstate"
# Relative, so that it also points at the right launcher under DESTDIR.
ln -sfn ../../../opt/aspstate/bin/aspstate "$dest/usr/local/bin/aspstate"
install -m 0644 "$checkout/dist/aspstate.service" "$dest/etc/systemd/system/aspstate.service"

conf=$dest/etc/aspstate/aspstate.conf
if [ -e "$conf" ]; then
    # The operator's settings and secrets: an upgrade never replaces them.
    echo "kept $conf; compare with the new sample: $checkout/dist/aspstate.conf"
else
    # It may hold secrets (cluster-secret, tds-tls-password): root writes it, only the service's group reads it.
    install -m 0640 "$checkout/dist/aspstate.conf" "$conf"
    if [ -z "$dest" ]; then
        chgrp aspstate "$conf"
    fi
fi

echo "installed aspstate under ${dest:-/}; edit /etc/aspstate/aspstate.conf, then start it now and at every boot:"
echo "  systemctl daemon-reload && systemctl enable --now aspstate"
echo "(after an upgrade: systemctl daemon-reload && systemctl restart aspstate)"
