#!/usr/bin/env python3
"""Hostile and broken clients for bench/soak.sh, on loopback only, each loop bounded in time and in connections.

  bench/abusers.py --stateserver PORT --tds PORT [--admin PORT --admin-token TOKEN] [--cluster PORT]
                   --seconds N --report FILE

Runs, side by side until N seconds have passed: 20 slow senders (a byte every 3 s), 4 readers that never read
(40 pipelined GETs of a 4 MiB session each), garbage on both protocols (10 connections a second each), TDS streams of
empty packets without end of message, connection floods (bursts of 50 connections a second, opened and closed at
once), abrupt disconnects (reset in the middle of a request), and 8 MiB bodies sent an eighth of the way then
abandoned. With --admin, on the admin listener: 4 clients pipelining health probes that never read the answers, 16
slow senders, wrong tokens (a new one every 0.2 s from each of 2 addresses), paths with bad percent-encoding (10 a
second), listings of every session with the token (one a second from each of 2 clients) and inspects of sessions
built to be costly to show (10,000 items of control characters; a deflate bomb inflating to 64 MiB) every 2 s.
With --cluster, on the cluster port: bursts of 200 connections sending the handshake of a made-up node, held 5 s;
garbage frames after a handshake (2 a second); 10 connections that send nothing. The rates are bounded so that the
abuse runs beside the page load rather than being a CPU flood of its own (which no server can absorb for free).
Writes to FILE how many of each it did and how the server answered.
"""
import argparse
import json
import socket
import struct
import threading
import time
import zlib

HOST = "127.0.0.1"
LARGE_KEY = "/LM/W3SVC/1/ROOT/soak/large"
LARGE_BYTES = 4 << 20
CLUSTER_ABUSER = "127.0.3.1"
COSTLY_KEY = "/LM/W3SVC/1/ROOT/soak/costly"
BOMB_KEY = "/LM/W3SVC/1/ROOT/soak/bomb"


def connect(port, timeout=5.0):
    sock = socket.create_connection((HOST, port), timeout=timeout)
    sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
    return sock


def reset(sock):
    """Closes with RST instead of FIN: an abrupt disconnect."""
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
    sock.close()


class Unexpected(Exception):
    """The server answered an abuser otherwise than it should (a 500, say): counted, the run goes on."""


def expect(status, *allowed):
    """The status, when it is one of allowed or None (the server closed the connection); raises Unexpected else."""
    if status is not None and status not in allowed:
        raise Unexpected(status)
    return status


class Abuser(threading.Thread):
    def __init__(self, name, deadline, action):
        super().__init__(name=name, daemon=True)
        self.deadline = deadline
        self.action = action
        self.rounds = 0
        self.closed_by_server = 0
        self.failures = 0
        self.unexpected = 0

    def run(self):
        while time.monotonic() < self.deadline:
            try:
                if self.action(self):
                    self.closed_by_server += 1
            except Unexpected:
                self.unexpected += 1
            except OSError:
                self.failures += 1
                time.sleep(0.2)  # the server refused or reset us: back off before the next round
            self.rounds += 1


def closed_by_server(sock, wait):
    """True when the server closes the connection within `wait` seconds."""
    sock.settimeout(wait)
    try:
        while sock.recv(65536):
            pass
        return True
    except socket.timeout:
        return False
    except OSError:
        return True


def slow_sender(port):
    def act(abuser):
        sock = connect(port)
        try:
            for byte in b"GET /LM/W3SVC/1/ROOT/soak/slow HTTP/1.1\r\n":
                if time.monotonic() > abuser.deadline:
                    return False
                sock.send(bytes([byte]))
                time.sleep(3)
                sock.settimeout(0.01)
                try:
                    if sock.recv(1) == b"":
                        return True
                except socket.timeout:
                    pass
            return closed_by_server(sock, 5)
        finally:
            sock.close()
    return act


def non_reader(port):
    def act(abuser):
        sock = connect(port)
        try:
            sock.sendall(("GET %s HTTP/1.1\r\n\r\n" % LARGE_KEY).encode() * 40)
            time.sleep(10)  # holds the connection without reading, as a stuck client would
            return False
        finally:
            reset(sock)
    return act


def garbage(port):
    def act(abuser):
        sock = connect(port)
        try:
            sock.sendall(b"\x12\x01\x00\x02garbage\r\n\r\n" * 4)
            return closed_by_server(sock, 5)
        finally:
            sock.close()
            time.sleep(0.1)  # ten a second: abuse beside the load, not a CPU flood of its own
    return act


def empty_tds_packets(port):
    def act(abuser):
        sock = connect(port)
        try:
            packet = bytes([0x12, 0x00, 0x00, 0x08, 0, 0, 0, 0])  # PRELOGIN, no EOM, nothing in it
            for _ in range(2000):
                sock.sendall(packet * 100)
            return closed_by_server(sock, 5)
        finally:
            sock.close()
            time.sleep(0.5)
    return act


def flood(port):
    def act(abuser):
        for _ in range(50):
            connect(port).close()
        time.sleep(1)  # bursts of 50 connections a second
        return False
    return act


def abandoned_body(port):
    def act(abuser):
        sock = connect(port)
        try:
            head = "PUT /LM/W3SVC/1/ROOT/soak/abandoned HTTP/1.1\r\nTimeout: 20\r\nContent-Length: %d\r\n\r\n"
            sock.sendall((head % (8 << 20)).encode() + b"x" * (1 << 20))
            time.sleep(1)
            return False
        finally:
            reset(sock)
    return act


def admin_request(path, token=None):
    head = "GET %s HTTP/1.1\r\nHost: localhost\r\n" % path
    if token is not None:
        head += "Authorization: Bearer %s\r\n" % token
    return (head + "\r\n").encode()


def read_response(sock):
    """Reads one HTTP response; returns its status, or None if the server closed the connection first."""
    data = b""
    while b"\r\n\r\n" not in data:
        chunk = sock.recv(65536)
        if not chunk:
            return None
        data += chunk
    head, body = data.split(b"\r\n\r\n", 1)
    length = 0
    for line in head.split(b"\r\n")[1:]:
        name, _, value = line.partition(b":")
        if name.strip().lower() == b"content-length":
            length = int(value.strip())
    while len(body) < length:
        chunk = sock.recv(65536)
        if not chunk:
            return None
        body += chunk
    return int(head.split(b" ")[1])


def admin_exchange(port, request, source="127.0.0.1"):
    sock = socket.create_connection((HOST, port), timeout=30, source_address=(source, 0))
    try:
        sock.sendall(request)
        return read_response(sock)
    finally:
        sock.close()


def admin_non_reader(port):
    def act(abuser):
        sock = connect(port)
        try:
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
            sock.settimeout(1)
            probes = admin_request("/health/live") * 1000
            end = time.monotonic() + 10
            while time.monotonic() < min(end, abuser.deadline):
                try:
                    sock.sendall(probes)
                except socket.timeout:
                    pass  # the server stopped reading: it holds the connection until its answers are taken
            return False
        except OSError:
            time.sleep(1)  # closed for sending while not reading: reconnect at most once a second
            return True
        finally:
            reset(sock)
    return act


def wrong_tokens(port, source):
    def act(abuser):
        status = expect(admin_exchange(port, admin_request("/api/stats", "wrong-%d" % abuser.rounds), source), 401)
        time.sleep(0.2)
        return status is None
    return act


def bad_percent_encoding(port):
    def act(abuser):
        status = expect(admin_exchange(port, admin_request("/api/sessions/stateserver/%zz")), 400)
        time.sleep(0.1)
        return status is None
    return act


def listings(port, token):
    def act(abuser):
        status = expect(admin_exchange(port, admin_request("/api/sessions?sort=size&limit=50", token)), 200, 503)
        time.sleep(1)
        return status is None
    return act


def inspects(port, token, keys):
    def act(abuser):
        closed = False
        for key in keys:
            path = "/api/sessions/stateserver/" + key.replace("/", "%2F")
            closed |= expect(admin_exchange(port, admin_request(path, token)), 200, 503) is None
        time.sleep(2)
        return closed
    return act


def jgroups_handshake(made):
    """What a JGroups 5.5 node sends first: its cookie, its version, then its address (made up here)."""
    address = bytes([4, 10, (made >> 16) & 255, (made >> 8) & 255, made & 255]) + struct.pack(">H", 7800)
    return b"bela" + struct.pack(">hh", (5 << 11) | (5 << 6) | 2, len(address)) + address


def cluster_connect(port):
    """From an address of the abusers' own: nodes on one machine share 127.0.0.1, and an address's connections are
    capped on its own."""
    return socket.create_connection((HOST, port), timeout=2, source_address=(CLUSTER_ABUSER, 0))


def cluster_handshakes(port):
    def act(abuser):
        held = []
        try:
            for _ in range(200):
                try:
                    sock = cluster_connect(port)
                    held.append(sock)
                    sock.sendall(jgroups_handshake(abuser.rounds * 200 + len(held)))
                except OSError:
                    pass
            time.sleep(5)
            return False
        finally:
            for sock in held:
                sock.close()
    return act


def cluster_garbage(port):
    def act(abuser):
        sock = cluster_connect(port)
        try:
            frame = bytes((abuser.rounds * 31 + i) & 255 for i in range(64))
            sock.sendall(jgroups_handshake(1_000_000 + abuser.rounds) + struct.pack(">i", len(frame)) + frame)
            return closed_by_server(sock, 2)
        finally:
            sock.close()
            time.sleep(0.5)
    return act


def cluster_silent(port):
    def act(abuser):
        sock = cluster_connect(port)
        try:
            return closed_by_server(sock, 10)
        finally:
            sock.close()
            time.sleep(1)  # at most one connection a second each, however soon the server closes it
    return act


def store_session(port, key, data):
    sock = connect(port)
    try:
        head = "PUT %s HTTP/1.1\r\nTimeout: 120\r\nContent-Length: %d\r\n\r\n" % (key, len(data))
        sock.sendall(head.encode() + data)
        answer = sock.recv(64)
        if not answer.startswith(b"200"):
            raise SystemExit("abusers.py: could not store %s: %r" % (key, answer))
    finally:
        sock.close()


def deflate(data):
    """Raw deflate, as ASP.NET compresses session data."""
    compressor = zlib.compressobj(9, zlib.DEFLATED, -15)
    return compressor.compress(data) + compressor.flush()


def costly_blob(items):
    """Session data as costly to show as can be: items of 1,025 control characters, keys as long, deflated (10,000
    of them take 80 KB and would be 124 MB of JSON)."""
    value = b"\x01" + bytes([0x80 | (1025 & 0x7F), 1025 >> 7]) + b"\x02" * 1025
    blob = bytearray(struct.pack("<i??ii", 20, True, False, items, -1))
    for i in range(items):
        key = ("\x01" * 1019 + "%06d" % i).encode()
        blob += bytes([0x80 | (len(key) & 0x7F), len(key) >> 7]) + key
    for i in range(items):
        blob += struct.pack("<i", (i + 1) * len(value))
    blob += value * items + b"\xff"
    return deflate(bytes(blob))


def costly_sessions(stateserver):
    """Stores 10,000 items of control characters, and 64 MiB of zeros deflated to 65 KB; returns their keys."""
    store_session(stateserver, COSTLY_KEY, costly_blob(10000))
    store_session(stateserver, BOMB_KEY, deflate(b"\x00" * (64 << 20)))
    return [COSTLY_KEY, BOMB_KEY]


def store_large_session(port):
    store_session(port, LARGE_KEY, b"L" * LARGE_BYTES)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--stateserver", type=int, required=True)
    parser.add_argument("--tds", type=int, required=True)
    parser.add_argument("--admin", type=int)
    parser.add_argument("--admin-token")
    parser.add_argument("--cluster", type=int)
    parser.add_argument("--seconds", type=float, required=True)
    parser.add_argument("--report", required=True)
    args = parser.parse_args()
    store_large_session(args.stateserver)
    deadline = time.monotonic() + args.seconds
    abusers = []
    for i in range(20):
        abusers.append(Abuser("slow-stateserver-%d" % i, deadline, slow_sender(args.stateserver)))
    for i in range(4):
        abusers.append(Abuser("non-reader-%d" % i, deadline, non_reader(args.stateserver)))
    for name, port in (("stateserver", args.stateserver), ("tds", args.tds)):
        abusers.append(Abuser("garbage-" + name, deadline, garbage(port)))
        abusers.append(Abuser("flood-" + name, deadline, flood(port)))
    abusers.append(Abuser("empty-tds-packets", deadline, empty_tds_packets(args.tds)))
    abusers.append(Abuser("abandoned-body", deadline, abandoned_body(args.stateserver)))
    if args.admin:
        costly = costly_sessions(args.stateserver)
        for i in range(4):
            abusers.append(Abuser("admin-non-reader-%d" % i, deadline, admin_non_reader(args.admin)))
        for i in range(16):
            abusers.append(Abuser("admin-slow-%d" % i, deadline, slow_sender(args.admin)))
        for i in range(2):
            abusers.append(Abuser("admin-wrong-token-%d" % i, deadline,
                                  wrong_tokens(args.admin, "127.0.2.%d" % (i + 1))))
            abusers.append(Abuser("admin-listing-%d" % i, deadline, listings(args.admin, args.admin_token)))
        abusers.append(Abuser("admin-bad-encoding", deadline, bad_percent_encoding(args.admin)))
        abusers.append(Abuser("admin-inspect", deadline, inspects(args.admin, args.admin_token, costly)))
    if args.cluster:
        abusers.append(Abuser("cluster-handshakes", deadline, cluster_handshakes(args.cluster)))
        abusers.append(Abuser("cluster-garbage", deadline, cluster_garbage(args.cluster)))
        for i in range(10):
            abusers.append(Abuser("cluster-silent-%d" % i, deadline, cluster_silent(args.cluster)))
    for abuser in abusers:
        abuser.start()
    for abuser in abusers:
        abuser.join(args.seconds + 30)
    report = {}
    for abuser in abusers:
        kind = abuser.name.rsplit("-", 1)[0] if abuser.name[-1].isdigit() else abuser.name
        entry = report.setdefault(kind, {"rounds": 0, "closedByServer": 0, "refusedOrReset": 0, "unexpected": 0})
        entry["rounds"] += abuser.rounds
        entry["closedByServer"] += abuser.closed_by_server
        entry["refusedOrReset"] += abuser.failures
        entry["unexpected"] += abuser.unexpected
    with open(args.report, "w") as out:
        json.dump(report, out, indent=2)


if __name__ == "__main__":
    main()
