#!/usr/bin/env python3
"""The hostile clients of docs/hardening.md, one case at a time, each against a serve process of its own with a
small heap, on loopback only, every loop bounded in time; prints one JSON line of what the case measured. Run it
against two jars to see a change (the figures in docs/hardening.md are such pairs).

  bench/abuse-cases.py CASE [--jar server/target/aspstate.jar] [--heap 256m] [--seconds 10] [--pin]

With --pin the server runs on CPU 0 and the clients on CPU 1, as the other benchmarks run.

Cases:
  admin-non-reader   16 connections pipelining GET /health/live, never reading, for --seconds; then how long a
                     StateServer GET and /health/live take on new connections, and the server's peak RSS
  inspect-costly     sessions costly to show (10,000 and 7,500 items of 1,025 control characters, 80 KB compressed;
                     64 MiB of zeros deflated to 65 KB) inspected 4 at a time, 3 rounds: answers, their sizes, and
                     StateServer's p99 meanwhile
  listing            200,000 sessions; StateServer's p99 for --seconds alone, then for --seconds with 4 connections
                     listing them in a loop
  token-flood        (with --admin-token) 16 addresses sending a new wrong token each request for --seconds:
                     StateServer's p99 alone and meanwhile
  bad-encoding       4 connections asking for /api/sessions/stateserver/%zz for --seconds: statuses, log lines
  admin-slowloris    80 connections sending a request a byte a second: how many of 10 probes of /health/live, one a
                     second, are answered within 2 s
  trickle            (open-file limit 1,024) 1,100 StateServer connections trickling a byte a second, reopened when
                     closed: how many of 10 new clients, one a second, are answered within 2 s
  cluster-flood      a two-node cluster; 3,000 connections to one node's cluster port, each sending the handshake of
                     a made-up node: its threads and RSS as they come, then whether it is alive and answers
  cluster-garbage    the same cluster; 500 connections sending a handshake then a garbage frame: log lines
  overflow           each timeout option at 110000d: whether the server starts, and what a connection then gets

StateServer's p99 is that of requests paced at 200 a second, each timed from when it was due (a stall counts for
every request due during it), as web servers sending pages at a steady pace see it.
"""
import argparse
import json
import os
import re
import signal
import socket
import struct
import subprocess
import sys
import tempfile
import threading
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from abusers import costly_blob, deflate, jgroups_handshake  # noqa: E402 (the abusers' own, next to this file)

HOST = "127.0.0.1"


def start_server(args, extra, prefix=()):
    log = open(os.path.join(args.out, "serve.log"), "w")
    pin = ["taskset", "-c", "0"] if args.pin else []
    command = list(prefix) + pin + ["java", "-Xmx" + args.heap, "-jar", args.jar, "serve", "--stateserver-port", "0",
                              "--tds-port", "off", "--admin-port", "0"] + list(extra)
    process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=log, text=True)
    line = process.stdout.readline()
    match = re.search(r"stateserver on [^,]*:(\d+),.*admin on http://[^/]*:(\d+)/", line)
    if not match:
        process.kill()
        raise SystemExit("abuse-cases.py: no startup line: %r (see %s)" % (line, log.name))
    threading.Thread(target=lambda: [None for _ in process.stdout], daemon=True).start()
    return process, int(match.group(1)), int(match.group(2))


def log_lines(args):
    with open(os.path.join(args.out, "serve.log"), errors="replace") as log:
        return sum(1 for _ in log)


def rss_mib(pid):
    try:
        with open("/proc/%d/status" % pid) as status:
            for line in status:
                if line.startswith("VmRSS"):
                    return int(line.split()[1]) // 1024
    except OSError:
        return None


def threads(pid):
    try:
        return len(os.listdir("/proc/%d/task" % pid))
    except OSError:
        return None


class Connection:
    """A socket with a buffered reader of HTTP-like responses (StateServer's and HTTP's look alike)."""

    def __init__(self, port, timeout=10, source="127.0.0.1"):
        self.sock = socket.create_connection((HOST, port), timeout=timeout, source_address=(source, 0))
        self.reader = self.sock.makefile("rb")

    def response(self):
        head = b""
        while True:
            line = self.reader.readline()
            if not line:
                raise OSError("closed by the server")
            if line in (b"\r\n", b"\n"):
                break
            head += line
        match = re.search(rb"content-length: *(\d+)", head, re.I)
        length = int(match.group(1)) if match else 0
        body = self.reader.read(length) if length else b""
        if len(body) < length:
            raise OSError("closed by the server")
        return head, body

    def close(self):
        self.reader.close()
        self.sock.close()


def exchange(port, request, timeout=10, source="127.0.0.1"):
    connection = Connection(port, timeout, source)
    try:
        connection.sock.sendall(request)
        return connection.response()
    finally:
        connection.close()


def http(path, *headers):
    return ("GET %s HTTP/1.1\r\nHost: localhost\r\n%s\r\n" % (path, "".join(h + "\r\n" for h in headers))).encode()


def status(head):
    return int(head.split(b" ")[1]) if head.startswith(b"HTTP") else int(head.split(b" ")[0])


def timed(action):
    start = time.monotonic()
    try:
        result = action()
        return round(time.monotonic() - start, 3), result
    except OSError as e:
        return round(time.monotonic() - start, 3), "error: %s" % e


def put(port, key, body):
    head, _ = exchange(port, ("PUT %s HTTP/1.1\r\nTimeout: 20\r\nContent-Length: %d\r\n\r\n"
                              % (key, len(body))).encode() + body, timeout=60)
    return status(head)


class PacedPages(threading.Thread):
    """StateServer GETs at 200 a second on one connection, each timed from when it was due."""

    def __init__(self, port, seconds):
        super().__init__(daemon=True)
        self.port, self.seconds, self.latencies, self.errors = port, seconds, [], 0

    def run(self):
        period = 1 / 200
        start = time.monotonic()
        due = start
        connection = None
        while due < start + self.seconds:
            wait = due - time.monotonic()
            if wait > 0:
                time.sleep(wait)
            try:
                if connection is None:
                    connection = Connection(self.port, timeout=30)
                connection.sock.sendall(b"GET /LM/W3SVC/1/ROOT/page HTTP/1.1\r\n\r\n")
                connection.response()
                self.latencies.append(time.monotonic() - due)
            except OSError:
                self.errors += 1
                connection = None
            due += period

    def p99_ms(self):
        ordered = sorted(self.latencies)
        return round(ordered[min(len(ordered) - 1, int(len(ordered) * 0.99))] * 1000, 1) if ordered else None


def pages_meanwhile(port, seconds, load):
    pages = PacedPages(port, seconds)
    pages.start()
    load()
    pages.join(seconds + 60)
    return {"p99_ms": pages.p99_ms(), "pages": len(pages.latencies), "errors": pages.errors}


def case_admin_non_reader(args, result):
    process, ss, admin = start_server(args, [])
    probes = http("/health/live") * 1000
    stop = time.monotonic() + args.seconds

    def pipeline():
        try:
            sock = socket.create_connection((HOST, admin), timeout=1)
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
            while time.monotonic() < stop:
                try:
                    sock.sendall(probes)
                except socket.timeout:
                    pass
            sock.close()
        except OSError:
            pass
    rss = rss_mib(process.pid)
    writers = [threading.Thread(target=pipeline, daemon=True) for _ in range(16)]
    for writer in writers:
        writer.start()
    while time.monotonic() < stop:
        time.sleep(1)
        rss = max(rss, rss_mib(process.pid) or 0)
    for writer in writers:
        writer.join(10)
    result["rss_peak_mib"] = rss
    result["stateserver_get_s"] = timed(lambda: status(exchange(ss, b"GET /x HTTP/1.1\r\n\r\n")[0]))
    result["health_live_s"] = timed(lambda: status(exchange(admin, http("/health/live"))[0]))
    return process


def case_inspect_costly(args, result):
    process, ss, admin = start_server(args, [])
    keys = {"/LM/W3SVC/1/ROOT/costly10000": costly_blob(10000), "/LM/W3SVC/1/ROOT/costly7500": costly_blob(7500),
            "/LM/W3SVC/1/ROOT/bomb": deflate(b"\x00" * (64 << 20))}
    for key, blob in keys.items():
        result["stored " + key] = [len(blob), put(ss, key, blob)]
    answers = []

    def inspect():
        for _ in range(3):
            for key in keys:
                path = "/api/sessions/stateserver/" + key.replace("/", "%2F")
                seconds, answer = timed(lambda: exchange(admin, http(path, "Connection: close"), timeout=60))
                answers.append((key.rsplit("/", 1)[1], seconds, str(answer) if isinstance(answer, str)
                                else [status(answer[0]), len(answer[1])]))

    def load():
        inspectors = [threading.Thread(target=inspect, daemon=True) for _ in range(4)]
        for inspector in inspectors:
            inspector.start()
        for inspector in inspectors:
            inspector.join(120)
    result["stateserver_meanwhile"] = pages_meanwhile(ss, args.seconds, load)
    result["answers"] = answers
    return process


def case_listing(args, result):
    process, ss, admin = start_server(args, [])
    connection = Connection(ss, timeout=60)
    for batch in range(400):
        connection.sock.sendall(b"".join(b"PUT /LM/W3SVC/1/ROOT/listed/%d HTTP/1.1\r\nTimeout: 20\r\n"
                                         b"Content-Length: 3\r\n\r\nabc" % (batch * 500 + i) for i in range(500)))
        for _ in range(500):
            connection.response()
    connection.close()
    result["alone"] = pages_meanwhile(ss, args.seconds, lambda: None)
    listed = [0]
    stop = time.monotonic() + args.seconds

    def lister():
        while time.monotonic() < stop:
            try:
                head, _ = exchange(admin, http("/api/sessions?sort=size&limit=50"), timeout=60)
                listed[0] += status(head) == 200
            except OSError:
                time.sleep(0.1)

    def load():
        listers = [threading.Thread(target=lister, daemon=True) for _ in range(4)]
        for thread in listers:
            thread.start()
        for thread in listers:
            thread.join(args.seconds + 60)
    result["listing"] = pages_meanwhile(ss, args.seconds, load)
    result["listings"] = listed[0]
    return process


def case_token_flood(args, result):
    token_hash = subprocess.run(["java", "-jar", args.jar, "hash-password"], input="s3cret-token",
                                capture_output=True, text=True).stdout.strip()
    process, ss, admin = start_server(args, ["--admin-token", token_hash])
    result["alone"] = pages_meanwhile(ss, args.seconds, lambda: None)
    sent = [0]
    stop = time.monotonic() + args.seconds

    def flood(i):
        source = "127.0.1.%d" % (i + 1)
        while time.monotonic() < stop:
            try:
                exchange(admin, http("/api/stats", "Authorization: Bearer wrong-%d-%d" % (i, sent[0])), 30, source)
                sent[0] += 1
            except OSError:
                time.sleep(0.05)

    def load():
        floods = [threading.Thread(target=flood, args=(i,), daemon=True) for i in range(16)]
        for thread in floods:
            thread.start()
        for thread in floods:
            thread.join(args.seconds + 60)
    result["flood"] = pages_meanwhile(ss, args.seconds, load)
    result["wrong_tokens_answered"] = sent[0]
    return process


def case_bad_encoding(args, result):
    process, ss, admin = start_server(args, [])
    before = log_lines(args)
    codes = {}
    stop = time.monotonic() + args.seconds

    def hammer():
        connection = None
        while time.monotonic() < stop:
            try:
                if connection is None:
                    connection = Connection(admin)
                connection.sock.sendall(http("/api/sessions/stateserver/%zz"))
                code = status(connection.response()[0])
                codes[code] = codes.get(code, 0) + 1
            except OSError:
                connection = None
    hammers = [threading.Thread(target=hammer, daemon=True) for _ in range(4)]
    for thread in hammers:
        thread.start()
    for thread in hammers:
        thread.join(args.seconds + 30)
    result["statuses"] = codes
    result["log_lines_added"] = log_lines(args) - before
    result["log_bytes"] = os.path.getsize(os.path.join(args.out, "serve.log"))
    return process


def trickled(port, count, stop, seconds_between):
    """count connections sending a request a byte every seconds_between, reopened when closed, until stop."""
    sockets = []

    def opened():
        sock = socket.create_connection((HOST, port), timeout=5)
        sock.sendall(b"G")
        return sock
    for _ in range(count):
        try:
            sockets.append(opened())
        except OSError:
            pass

    def trickle():
        while time.monotonic() < stop:
            for i, sock in enumerate(sockets):
                try:
                    sock.send(b"E")
                except OSError:
                    sock.close()
                    try:
                        sockets[i] = opened()
                    except OSError:
                        pass
            time.sleep(seconds_between)
        for sock in sockets:
            sock.close()
    threading.Thread(target=trickle, daemon=True).start()
    return len(sockets)


def probes_within(port, request, count, limit):
    answered = []
    for _ in range(count):
        seconds, answer = timed(lambda: exchange(port, request, timeout=limit)[0][:12])
        answered.append(seconds if not isinstance(answer, str) and seconds < limit else answer)
        time.sleep(1)
    return answered


def case_admin_slowloris(args, result):
    process, ss, admin = start_server(args, [])
    result["opened"] = trickled(admin, 80, time.monotonic() + 15, 1)
    time.sleep(2)
    answered = probes_within(admin, http("/health/live"), 10, 2)
    result["probes"] = answered
    result["answered_within_2s"] = sum(1 for a in answered if not isinstance(a, str))
    return process


def case_trickle(args, result):
    process, ss, admin = start_server(args, [], prefix=("prlimit", "--nofile=1024:1024"))
    result["opened"] = trickled(ss, 1100, time.monotonic() + 15, 1)
    time.sleep(2)
    answered = probes_within(ss, b"GET /LM/W3SVC/1/ROOT/probe HTTP/1.1\r\n\r\n", 10, 2)
    result["probes"] = answered
    result["answered_within_2s"] = sum(1 for a in answered if not isinstance(a, str))
    return process


def free_port():
    with socket.socket() as sock:
        sock.bind((HOST, 0))
        return sock.getsockname()[1]


def start_cluster(args):
    ports = [free_port(), free_port()]
    members = "127.0.0.1:%d,127.0.0.1:%d" % tuple(ports)
    peer = subprocess.Popen((["taskset", "-c", "0"] if args.pin else []) + ["java", "-Xmx" + args.heap, "-jar", args.jar, "serve", "--stateserver-port",
                             str(free_port()), "--tds-port", "off", "--admin-port", "off", "--cluster-members",
                             members, "--cluster-port", str(ports[1])], stdout=subprocess.DEVNULL,
                            stderr=subprocess.DEVNULL)
    process, ss, admin = start_server(args, ["--cluster-members", members, "--cluster-port", str(ports[0])])
    return process, peer, ss, ports[0]


def case_cluster_flood(args, result):
    process, peer, ss, cluster = start_cluster(args)
    held, samples = [], []
    try:
        for made in range(3000):
            try:
                sock = socket.create_connection((HOST, cluster), timeout=2)
                held.append(sock)
                sock.sendall(jgroups_handshake(made))
            except OSError:
                pass
            if made % 500 == 499:
                samples.append({"connections": made + 1, "threads": threads(process.pid),
                                "rss_mib": rss_mib(process.pid)})
            if process.poll() is not None:
                break
        time.sleep(2)
        result["samples"] = samples
        result["threads_after"] = threads(process.pid)
        result["stateserver_get_s"] = timed(lambda: status(exchange(ss, b"GET /x HTTP/1.1\r\n\r\n")[0]))
    finally:
        for sock in held:
            sock.close()
        peer.kill()
    return process


def case_cluster_garbage(args, result):
    process, peer, ss, cluster = start_cluster(args)
    before = log_lines(args)
    try:
        for made in range(500):
            try:
                sock = socket.create_connection((HOST, cluster), timeout=2)
                frame = bytes((made * 31 + i) & 255 for i in range(64))
                sock.sendall(jgroups_handshake(100000 + made) + struct.pack(">i", len(frame)) + frame)
                time.sleep(0.01)
                sock.close()
            except OSError:
                pass
        time.sleep(1)
        result["log_lines_added"] = log_lines(args) - before
    finally:
        peer.kill()
    return process


def case_overflow(args, result):
    for option in ("idle-timeout", "request-timeout", "shutdown-timeout", "cluster-join-timeout"):
        try:
            process, ss, admin = start_server(args, ["--" + option, "110000d"])
        except SystemExit as refused:
            with open(os.path.join(args.out, "serve.log")) as log:
                result[option] = "refused at start: " + log.read().strip()[:160]
            continue
        seconds, answer = timed(lambda: status(exchange(ss, b"GET /x HTTP/1.1\r\n\r\n")[0]))
        result[option] = "started; a StateServer GET got %s" % (answer,)
        process.kill()
        process.wait(10)
    return None


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("case")
    parser.add_argument("--jar", default="server/target/aspstate.jar")
    parser.add_argument("--heap", default="256m")
    parser.add_argument("--seconds", type=float, default=10)
    parser.add_argument("--pin", action="store_true")
    args = parser.parse_args()
    if args.pin:
        os.sched_setaffinity(0, {1})
    args.out = tempfile.mkdtemp(prefix="aspstate-abuse-")
    case = globals().get("case_" + args.case.replace("-", "_"))
    if case is None:
        raise SystemExit("abuse-cases.py: no case %s (see --help)" % args.case)
    result = {"case": args.case, "jar": args.jar}
    process = case(args, result)
    if process is not None:
        result["alive"] = process.poll() is None
        result["exit"] = process.poll()
        result["log_lines"] = log_lines(args)
        if process.poll() is None:
            process.send_signal(signal.SIGKILL)
            process.wait(10)
    print(json.dumps(result))


if __name__ == "__main__":
    main()
