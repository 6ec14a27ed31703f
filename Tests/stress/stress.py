"""Stress and fuzz suite for `intentbridge serve` (and the CLI) under hostile input.

Usage: python3 Tests/stress/stress.py BINARY

Drives the release binary over real pipes and prints one line per check, with the figures
measured (counts, milliseconds, MiB), then `stress: N passed, M failed`; exits 1 on any
failure. Nothing is timed against a tight bound: every wait has a generous hang guard, and
the "answered within 1 s" targets are printed next to the measured figure (a loaded
machine may miss them without failing the suite; `INTENTBRIDGE_STRESS_STRICT=1` makes them
checks).

Counts are small by default (the README test command runs this within its time budget);
`INTENTBRIDGE_STRESS=full` runs the counts of the issue: 20,000 pipelined requests per era,
40,000 fuzz lines, 100,000 calls for the memory bound.

Issue #31's hostile-input reproducers are in hostile_files.py (run last): enormous durations
(D1), an index file with a count of 2^60 and a resealed checksum (D2), out-of-range `--set`
values (D3), files rewritten in place under running processes (D11), `--requests /dev/urandom`
(D13), a long request row and a damaged transformer encoder file (exit 1); every process must end with a message and exit 0, 64 or 65 (1 for the encoder file),
never a signal, and print no Foundation error dump.

`INTENTBRIDGE_STRESS_ONLY=NAME,…` runs only some case groups: pipelined, long_requests, fuzz,
ids_and_dispatch, memory, handlers, deep_template, hostile_files, or one of hostile_files'
cases as hostile_files.d1 (d1, d2, d3, d11, d13, long, encoder).

Catalogs: the project's Examples/notes catalog always; a Home Assistant catalog from
the development data (`$INTENTBRIDGE_DEV_DATA/ha`, default ../shared/data next to the
checkout; Scripts/devdata.py) when present, otherwise those cases say they were skipped and
name the variable.
"""

import json
import os
import queue
import random
import shutil
import subprocess
import sys
import tempfile
import threading
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.dont_write_bytecode = True  # importing the modules beside it must not leave __pycache__ in the checkout
sys.path[:0] = [os.path.join(HERE, "..", "mcp"), os.path.join(HERE, "..", "..", "Scripts")]
from checks import Checks  # noqa: E402 (shared with the conformance script)
from devdata import dev_data, missing_note  # noqa: E402 (where the development data is)
from hostile_lines import BASE_KINDS, hostile_line  # noqa: E402 (the shared wire fuzz corpus)
import hostile_files  # noqa: E402 (issue #31's hostile-input reproducers: files, numbers, --set)

BINARY = os.path.abspath(sys.argv[1])
ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
FULL = os.environ.get("INTENTBRIDGE_STRESS") == "full"
STRICT = os.environ.get("INTENTBRIDGE_STRESS_STRICT") == "1"
ONLY = [name for name in os.environ.get("INTENTBRIDGE_STRESS_ONLY", "").split(",") if name]
NOTES = os.path.join(ROOT, "Examples", "notes", "notes.en.json")
HA_RELATIVE = "ha/catalog/templates/en.json"
HA = str(dev_data(HA_RELATIVE))
GUARD = 120  # seconds: a hang guard, never a timing bound
MODERN = {"io.modelcontextprotocol/protocolVersion": "2026-07-28", "io.modelcontextprotocol/clientCapabilities": {}}

check = Checks()


def target(name, seconds, limit=1.0):
    """A figure with its target: printed; a check only in strict mode (or past the guard)."""
    met = seconds <= limit
    label = f"{name}: {seconds * 1000:.0f} ms (target {limit * 1000:.0f} ms{'' if met else ', MISSED'})"
    if STRICT or seconds > GUARD:
        check(label, met)
    else:
        print(f"  {'ok  ' if met else 'slow'} {label}", flush=True)


class Server:
    """`intentbridge serve` on pipes: a writer thread, a reader thread, stderr collected."""

    def __init__(self, catalog, *args):
        self.proc = subprocess.Popen(
            [BINARY, "serve", catalog, *args], stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        self.replies = queue.Queue()
        self.ended = False
        self.stderr = []
        self.outgoing = queue.Queue()
        threading.Thread(target=self._read, daemon=True).start()
        threading.Thread(target=self._read_errors, daemon=True).start()
        threading.Thread(target=self._write, daemon=True).start()

    def _read(self):
        for raw in self.proc.stdout:
            self.replies.put((time.monotonic(), raw))
        self.replies.put((time.monotonic(), None))

    def _read_errors(self):
        for raw in self.proc.stderr:
            self.stderr.append(raw.decode("utf-8", "replace"))

    def _write(self):
        while True:
            item = self.outgoing.get()
            if item is None:
                try:
                    self.proc.stdin.close()
                except OSError:
                    pass
                return
            try:
                self.proc.stdin.write(item)
                self.proc.stdin.flush()
            except OSError:
                return

    def send(self, message):
        data = message if isinstance(message, bytes) else json.dumps(message).encode()
        self.outgoing.put(data + b"\n")

    def close(self):
        self.outgoing.put(None)

    def next(self, timeout=GUARD):
        """The next reply line: (arrival time, parsed JSON or the raw bytes when not JSON); None at EOF."""
        if self.ended:
            return None
        at, raw = self.replies.get(timeout=timeout)
        self.last_raw = raw or b""
        if raw is None:
            self.ended = True
            return None
        try:
            return at, json.loads(raw)
        except ValueError:
            return at, raw

    def until(self, request_id, timeout=GUARD):
        """Replies up to the one with `request_id`; (arrival time, reply) or None."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            try:
                item = self.next(timeout=max(0.01, deadline - time.monotonic()))
            except queue.Empty:
                return None
            if item is None:
                return None
            at, reply = item
            if isinstance(reply, dict) and reply.get("id") == request_id:
                return at, reply
        return None

    def drain(self):
        """The parsed replies until the server's output ends (or none comes within the guard)."""
        while True:
            item = next_or_none(self)
            if item is None:
                return
            yield item[1]

    def request(self, message, timeout=GUARD):
        start = time.monotonic()
        self.send(message)
        found = self.until(message["id"], timeout)
        return (None, None) if found is None else (found[1], found[0] - start)

    def finish(self, timeout=GUARD):
        self.close()
        try:
            self.proc.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()
        return self.proc.returncode

    def rss_mib(self, field="VmRSS"):
        try:
            with open(f"/proc/{self.proc.pid}/status") as status:
                for line in status:
                    if line.startswith(field + ":"):
                        return int(line.split()[1]) / 1024
        except OSError:
            pass
        return float("nan")


def next_or_none(server):
    """The server's next reply, or None at its end or when none came within the guard."""
    try:
        return server.next()
    except queue.Empty:
        return None


def initialize(server, name="stress", version="2025-06-18"):
    reply, _ = server.request({"jsonrpc": "2.0", "id": "init", "method": "initialize", "params": {
        "protocolVersion": version, "capabilities": {}, "clientInfo": {"name": name, "version": "1"}}})
    server.send({"jsonrpc": "2.0", "method": "notifications/initialized"})
    return reply


def resolve_call(request_id, text, modern=False):
    params = {"name": "resolve_request", "arguments": {"request": text}}
    if modern:
        params["_meta"] = MODERN
    return {"jsonrpc": "2.0", "id": request_id, "method": "tools/call", "params": params}


# ---------------------------------------------------------------- cases


def pipelined(catalog, label, count):
    """`count` resolve_request calls written at once, stdin closed right after: every one is
    answered exactly once before the process exits (before: 14,000-17,000 of 20,000 lost)."""
    requests = ["add a note called milk", "turn off the kitchen lights", "what's the weather", "set a timer for 5 minutes"]
    for era in ("handshake", "stateless"):
        server = Server(catalog, "--mode", "compact")
        start = time.monotonic()
        lines = []
        if era == "handshake":
            lines.append(json.dumps({"jsonrpc": "2.0", "id": "init", "method": "initialize", "params": {
                "protocolVersion": "2025-06-18", "capabilities": {}, "clientInfo": {"name": "stress", "version": "1"}}}))
            lines.append(json.dumps({"jsonrpc": "2.0", "method": "notifications/initialized"}))
        for i in range(count):
            lines.append(json.dumps(resolve_call(i, requests[i % len(requests)], modern=era == "stateless")))
        server.outgoing.put(("\n".join(lines) + "\n").encode())
        server.close()
        answered = {}
        for reply in server.drain():
            if isinstance(reply, dict) and isinstance(reply.get("id"), int):
                answered[reply["id"]] = answered.get(reply["id"], 0) + 1
        status = server.finish()
        elapsed = time.monotonic() - start
        missing = [i for i in range(count) if answered.get(i) != 1]
        check(f"{label} {era}: {count} pipelined resolve_request, stdin closed after writing: "
              f"{count - len(missing)} answered exactly once, exit {status} ({elapsed:.1f} s)",
              not missing and status == 0, f"missing or repeated: {missing[:10]}")


def long_requests(catalog, label):
    """A 1 MiB request (one word; ordinary text), a 1 MiB line of escapes and an 18 KB request
    with pasted text are answered on a window of their first and last 4 KiB, with a notice
    that says so, within 1 s, and the next request within the same second."""
    server = Server(catalog, "--mode", "compact")
    initialize(server)
    words = "add a note called milk and then turn off the kitchen lights please".split()
    text = " ".join(words[i % len(words)] for i in range(1 << 18))[: 1 << 20]
    cases = [
        ("one word of 1 MiB", "x" * (1 << 20)),
        ("1 MiB of ordinary text", text),
        ("a 1 MiB line of \\n escapes", "\n" * (1 << 19)),
        ("an 18 KB request with pasted text", "add a note called milk: " + "the quick brown fox jumps over the lazy dog. " * 400),
    ]
    for n, (name, request) in enumerate(cases):
        reply, seconds = server.request(resolve_call(f"long-{n}", request))
        ping, ping_seconds = server.request({"jsonrpc": "2.0", "id": f"after-{n}", "method": "ping"})
        content = json.dumps(reply)[:300] if reply else ""
        result = reply.get("result", {}) if reply else {}
        notice = str(result.get("structuredContent", {}).get("notice", ""))
        windowed = result.get("isError") is False and "it was read on its first" in notice
        check(f"{label}: {name} → answered on a window, with a notice saying so", windowed, content)
        check(f"{label}: the next request after {name} is answered", ping is not None and ping.get("result") == {}, ping)
        target(f"{label}: {name}", seconds if seconds is not None else GUARD + 1)
        target(f"{label}: then a ping", (seconds or 0) + (ping_seconds if ping_seconds is not None else GUARD + 1))
    # Within the limit: the longest request that is answered normally.
    near = " ".join(words[i % len(words)] for i in range(2000))[:8192]
    reply, seconds = server.request(resolve_call("near-limit", near))
    check(f"{label}: an 8 KiB request is resolved", reply is not None and reply.get("result", {}).get("isError") is False, json.dumps(reply)[:300])
    target(f"{label}: an 8 KiB request", seconds if seconds is not None else GUARD + 1)
    check(f"{label}: server exits 0 at EOF", server.finish() == 0)


def fuzz(catalog, count, seed=20261201):
    """The earlier fuzz corpus over the real transport: random bytes, invalid UTF-8, wrong
    shapes, every id type, deep nesting, lines past 16 MiB; each hostile line is followed by
    a ping, which must be answered (the server is alive after every case); every request with
    an id is answered exactly once and notifications never."""
    rng = random.Random(seed)
    server = Server(catalog)
    initialize(server)
    ids = [b'"a"', b"0", b"-1", b"1.5", b"9223372036854775808", b"0.1e-400", b'"\\u0041"', b"null", b"true", b"[]", b"{}"]
    expected = {}
    notifications_sent = 0
    for i in range(count):
        kind = rng.randrange(BASE_KINDS + 3)
        if kind < BASE_KINDS:
            line = hostile_line(rng, kind, random_length=200, nesting=(100, 6000))
        elif kind == 4:
            line = b'{"jsonrpc":"2.0","id":' + rng.choice(ids) + b',"method":"ping"}'
        elif kind == 5:
            line = b'{"jsonrpc":"2.0","method":"notifications/x","params":{"n":' + str(i).encode() + b"}}"
            notifications_sent += 1
        else:
            line = b'{"jsonrpc":"2.0","id":"s","method":"ping","params":{"pad":"' + b"\xff\xfe" * rng.randrange(1, 50) + b'"}}'
        server.send(line.replace(b"\n", b" "))
        vid = f"alive-{i}"
        expected[vid] = 0
        server.send({"jsonrpc": "2.0", "id": vid, "method": "ping"})
    for n in range(2 if FULL else 1):
        server.send(b"x" * ((16 << 20) + 5))
        expected[f"after-huge-{n}"] = 0
        server.send({"jsonrpc": "2.0", "id": f"after-huge-{n}", "method": "ping"})
    server.close()
    bad = 0
    unanswerable = 0
    for message in server.drain():
        if not isinstance(message, (dict, list)):
            bad += 1
            continue
        for m in message if isinstance(message, list) else [message]:
            if not isinstance(m, dict) or m.get("jsonrpc") != "2.0" or ("result" in m) == ("error" in m) or "id" not in m:
                bad += 1
            elif isinstance(m.get("id"), str) and m["id"] in expected:
                expected[m["id"]] += 1
            if isinstance(m, dict) and m.get("method"):
                unanswerable += 1
    status = server.finish()
    wrong = {k: v for k, v in expected.items() if v != 1}
    check(f"fuzz: {count} hostile lines, every stdout line is one JSON-RPC reply", bad == 0 and unanswerable == 0, bad)
    check(f"fuzz: the server answered each of {len(expected)} pings that followed a hostile line exactly once", not wrong, list(wrong.items())[:5])
    check(f"fuzz: the server exited 0 at the end ({notifications_sent} notifications among the lines)", status == 0)


def ids_and_dispatch(catalog):
    """Ids come back as written; a cancel of an unknown id swallows nothing; a line that only
    mentions tools/call is answered in order."""
    server = Server(catalog)
    for text in ["9223372036854775808", "0.1e-400", "1.0", '"\\u0041"']:
        server.send(b'{"jsonrpc":"2.0","id":' + text.encode() + b',"method":"ping"}')
        item = next_or_none(server)
        # The wire text, not the parsed value: 9223372036854775808 and 9.223372036854776e+18 parse alike.
        check(f"id {text} echoed verbatim", item is not None and server.last_raw.startswith(b'{"jsonrpc":"2.0","id":' + text.encode() + b',"result"'), server.last_raw[:200])
    server.finish()

    server = Server(catalog)
    initialize(server)
    for n in range(200):
        params = [{"n": n}, {"requestId": f"none-{n}"}, [1], "x"][n % 4]
        server.send({"jsonrpc": "2.0", "method": ["notifications/x", "notifications/cancelled", "tools/call", "notifications/progress"][n % 4], "params": params})
    server.send({"jsonrpc": "2.0", "id": "after-notifications", "method": "ping"})
    first = next_or_none(server)
    check("200 notifications (known, unknown, with bad params) get no reply", first is not None and first[1].get("id") == "after-notifications", first)
    server.send({"jsonrpc": "2.0", "method": "notifications/cancelled", "params": {"requestId": 777}})
    reply, _ = server.request({"jsonrpc": "2.0", "id": 777, "method": "ping"}, timeout=30)
    check("a cancel of an unknown id does not swallow the next request with that id", reply is not None and reply.get("result") == {}, reply)
    server.finish()

    good = 0
    runs = 20
    for _ in range(runs):
        server = Server(catalog)
        server.send({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {
            "protocolVersion": "2025-06-18", "capabilities": {}, "clientInfo": {"name": "tools/call client", "version": "1"}}})
        server.send({"jsonrpc": "2.0", "method": "notifications/initialized"})
        server.send({"jsonrpc": "2.0", "id": 2, "method": "tools/list"})
        found = server.until(2)
        if found and "result" in found[1]:
            good += 1
        server.finish()
    check(f"an initialize from a 'tools/call client' then tools/list: {good} of {runs} runs served", good == runs)


def memory(catalog, count):
    """`count` tool calls written at once: the server reads ahead a bounded amount (back-
    pressure), so its memory stays bounded (before: 200,000 calls grew it by 80 MB for good)."""
    server = Server(catalog)
    initialize(server)
    server.request({"jsonrpc": "2.0", "id": "warm", "method": "tools/call", "params": {"name": "add_note_intent", "arguments": {"title": "warm"}}})
    before = server.rss_mib()
    chunk = []
    for i in range(count):
        chunk.append(json.dumps({"jsonrpc": "2.0", "id": i, "method": "tools/call", "params": {"name": "add_note_intent", "arguments": {"title": f"note {i}"}}}))
        if len(chunk) == 10000:
            server.outgoing.put(("\n".join(chunk) + "\n").encode())
            chunk = []
    if chunk:
        server.outgoing.put(("\n".join(chunk) + "\n").encode())
    peak = before
    answered = 0
    while answered < count:
        item = next_or_none(server)
        if item is None:
            break
        if isinstance(item[1], dict) and isinstance(item[1].get("id"), int):
            answered += 1
            if answered % 5000 == 0:
                peak = max(peak, server.rss_mib())
    after = server.rss_mib()
    high = server.rss_mib("VmHWM")
    status = server.finish()
    check(f"memory: {count} calls written at once, {answered} answered; RSS {before:.0f} → {after:.0f} MiB "
          f"(peak seen {peak:.0f}, high-water {high:.0f}); exit {status}",
          answered == count and status == 0 and after - before < 64, f"grew by {after - before:.0f} MiB")


def handlers():
    """A handler that leaves a child running: the timeout stops the whole process group."""
    directory = tempfile.mkdtemp(prefix="ib-stress-")
    try:
        pidfile = os.path.join(directory, "pid")
        catalog = os.path.join(directory, "handlers.json")
        with open(catalog, "w") as f:
            json.dump({"formatVersion": 1, "app": {"name": "Stress", "defaultLanguage": "en"}, "intents": [
                {"id": "BackgroundIntent", "title": "Background", "description": "Leaves a child running.",
                 "handler": {"command": ["/bin/sh", "-c", f"sleep 30 & echo $! > {pidfile}; sleep 30"], "input": "none", "timeoutSeconds": 1}}]}, f)
        server = Server(catalog, "--no-embeddings")
        initialize(server)
        reply, seconds = server.request({"jsonrpc": "2.0", "id": 1, "method": "tools/call", "params": {"name": "background_intent"}})
        text = json.dumps(reply)
        check("handler 'sleep 30 & sleep 30' with timeoutSeconds 1 → timed out", reply is not None and "did not finish in time" in text, text[:300])
        target("handler timeout of 1 s with a child left running", seconds if seconds is not None else GUARD + 1, limit=2.0)
        pid = int(open(pidfile).read().strip()) if os.path.exists(pidfile) else None
        deadline = time.monotonic() + 30
        while pid and time.monotonic() < deadline and running(pid):
            time.sleep(0.05)
        check("the handler's background process is gone", pid is not None and not running(pid), pid)
        server.finish()
    finally:
        shutil.rmtree(directory, ignore_errors=True)


def running(pid):
    try:
        with open(f"/proc/{pid}/stat") as f:
            state = f.read().rsplit(")", 1)[1].split()[0]
        return state not in ("Z", "X")
    except (OSError, IndexError):
        return False


def deep_template():
    """A phrase template nested 6,000 deep: lint names it and the limit (exit 65); rank and
    serve report it (no crash); a hot reload to it keeps the previous catalog serving."""
    directory = tempfile.mkdtemp(prefix="ib-stress-")
    try:
        catalog = json.load(open(NOTES))
        deep = json.loads(json.dumps(catalog))
        deep["intents"][0]["phrases"].append("(" * 6000 + "note" + ")" * 6000)
        path = os.path.join(directory, "deep.json")
        json.dump(deep, open(path, "w"))
        lint = subprocess.run([BINARY, "lint", path], capture_output=True, text=True, timeout=GUARD)
        check("deep template: lint exit 65 naming the template and the limit",
              lint.returncode == 65 and "deeper than 32 levels" in lint.stdout + lint.stderr and "phrases[" in lint.stdout + lint.stderr,
              (lint.returncode, (lint.stdout + lint.stderr)[:300]))
        rank = subprocess.run([BINARY, "rank", path, "add a note", "--no-embeddings"], capture_output=True, text=True, timeout=GUARD)
        check("deep template: rank reports it (exit 65, no crash)", rank.returncode == 65 and "deeper than 32 levels" in rank.stderr, (rank.returncode, rank.stderr[:300]))
        serve = subprocess.run([BINARY, "serve", path, "--no-embeddings"], input=b"", capture_output=True, timeout=GUARD)
        check("deep template: serve reports it at start (exit 65, no crash)", serve.returncode == 65 and b"deeper than 32 levels" in serve.stderr, (serve.returncode, serve.stderr[:300]))
        good = os.path.join(directory, "live.json")
        json.dump(catalog, open(good, "w"))
        server = Server(good, "--no-embeddings")
        initialize(server)
        time.sleep(1.5)
        json.dump(deep, open(good, "w"))
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline and not any("does not load" in line for line in server.stderr):
            time.sleep(0.1)
        check("deep template: hot reload reports it", any("deeper than 32 levels" in line for line in server.stderr), "".join(server.stderr)[-500:])
        reply, _ = server.request({"jsonrpc": "2.0", "id": "after", "method": "tools/list"})
        check("deep template: the previous catalog keeps serving", reply is not None and len(reply.get("result", {}).get("tools", [])) == len(catalog["intents"]), reply)
        check("deep template: the server exits 0 at EOF", server.finish() == 0)
    finally:
        shutil.rmtree(directory, ignore_errors=True)


def main():
    print(f"-- stress ({'full' if FULL else 'small'} counts; INTENTBRIDGE_STRESS=full for the issue's counts)")
    run_cases(os.path.exists(HA))
    print(check.summary("stress"))
    sys.exit(1 if check.failed else 0)


def selected(name):
    """Whether INTENTBRIDGE_STRESS_ONLY (comma-separated; empty: everything) selects the group."""
    return not ONLY or any(item == name or item.startswith(name + ".") for item in ONLY)


def run_cases(have_ha):
    if selected("pipelined"):
        pipelined(NOTES, "notes", 20000 if FULL else 2000)
        if have_ha:
            pipelined(HA, "ha/en", 20000 if FULL else 2000)
        else:
            print(f"  skip Home Assistant cases: {missing_note(HA_RELATIVE)}")
    if selected("long_requests"):
        long_requests(NOTES, "notes")
        if have_ha:
            long_requests(HA, "ha/en")
    if selected("fuzz"):
        fuzz(NOTES, 40000 if FULL else 3000)
    if selected("ids_and_dispatch"):
        ids_and_dispatch(NOTES)
    if selected("memory"):
        memory(NOTES, 100000 if FULL else 20000)
    if selected("handlers"):
        handlers()
    if selected("deep_template"):
        deep_template()
    if selected("hostile_files"):
        hostile_files.run_all(sys.modules[__name__], only=[item.split(".", 1)[1] for item in ONLY if item.startswith("hostile_files.")])

if __name__ == "__main__":
    main()
