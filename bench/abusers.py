#!/usr/bin/env python3
"""Hostile and broken clients for bench/soak.sh, on loopback only, each loop bounded in time and in connections.

  bench/abusers.py --stateserver PORT --tds PORT --seconds N --report FILE

Runs, side by side until N seconds have passed: 20 slow senders (a byte every 3 s), 4 readers that never read
(40 pipelined GETs of a 4 MiB session each), garbage on both protocols (10 connections a second each), TDS streams of
empty packets without end of message, connection floods (bursts of 50 connections a second, opened and closed at
once), abrupt disconnects (reset in the middle of a request), and 8 MiB bodies sent an eighth of the way then
abandoned. The rates are bounded so that the abuse runs beside the page load rather than being a CPU flood of its
own (which no server can absorb for free). Writes to FILE how many of each it did and how the server answered.
"""
import argparse
import json
import socket
import struct
import threading
import time

HOST = "127.0.0.1"
LARGE_KEY = "/LM/W3SVC/1/ROOT/soak/large"
LARGE_BYTES = 4 << 20


def connect(port, timeout=5.0):
    sock = socket.create_connection((HOST, port), timeout=timeout)
    sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
    return sock


def reset(sock):
    """Closes with RST instead of FIN: an abrupt disconnect."""
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
    sock.close()


class Abuser(threading.Thread):
    def __init__(self, name, deadline, action):
        super().__init__(name=name, daemon=True)
        self.deadline = deadline
        self.action = action
        self.rounds = 0
        self.closed_by_server = 0
        self.failures = 0

    def run(self):
        while time.monotonic() < self.deadline:
            try:
                if self.action(self):
                    self.closed_by_server += 1
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


def store_large_session(port):
    sock = connect(port)
    try:
        head = "PUT %s HTTP/1.1\r\nTimeout: 120\r\nContent-Length: %d\r\n\r\n" % (LARGE_KEY, LARGE_BYTES)
        sock.sendall(head.encode() + b"L" * LARGE_BYTES)
        answer = sock.recv(64)
        if not answer.startswith(b"200"):
            raise SystemExit("abusers.py: could not store the large session: %r" % answer)
    finally:
        sock.close()


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--stateserver", type=int, required=True)
    parser.add_argument("--tds", type=int, required=True)
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
    for abuser in abusers:
        abuser.start()
    for abuser in abusers:
        abuser.join(args.seconds + 30)
    report = {}
    for abuser in abusers:
        kind = abuser.name.rsplit("-", 1)[0] if abuser.name[-1].isdigit() else abuser.name
        entry = report.setdefault(kind, {"rounds": 0, "closedByServer": 0, "refusedOrReset": 0})
        entry["rounds"] += abuser.rounds
        entry["closedByServer"] += abuser.closed_by_server
        entry["refusedOrReset"] += abuser.failures
    with open(args.report, "w") as out:
        json.dump(report, out, indent=2)


if __name__ == "__main__":
    main()
