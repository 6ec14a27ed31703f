"""A raw MCP stdio peer: one server process on pipes, JSON-RPC lines in and out.

Shared by Tests/mcp/conformance.py (raw-wire probes) and Scripts/check_readme_commands.py
(the README's MCP client snippets). `Wire(argv)` starts the process; `send` writes one line
(a dict/list/int is serialised compactly, bytes go as they are; False when the process has
gone); `recv` returns the next
parsed reply or None when none came within `timeout` seconds (a hang guard, never a timing
bound) or the output ended; `close` ends standard input and returns the process.
Standard error is collected in `stderr` (a list of decoded lines) so a failing check can
show it.
"""

import json
import queue
import subprocess
import threading


class Wire:
    def __init__(self, argv, cwd=None):
        self.proc = subprocess.Popen(argv, cwd=cwd, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        self.lines = queue.Queue()
        self.stderr = []
        self.ended = False  # the output has ended (its end marker was read)
        threading.Thread(target=self._read, daemon=True).start()
        threading.Thread(target=self._read_errors, daemon=True).start()

    def _read(self):
        for line in self.proc.stdout:
            self.lines.put(line)
        self.lines.put(None)

    def _read_errors(self):
        for line in self.proc.stderr:
            self.stderr.append(line.decode("utf-8", "replace"))

    def send(self, data):
        if isinstance(data, (dict, list, int)):
            data = json.dumps(data, separators=(",", ":"))
        if isinstance(data, str):
            data = data.encode()
        try:
            self.proc.stdin.write(data + b"\n")
            self.proc.stdin.flush()
            return True
        except (BrokenPipeError, ValueError):
            return False  # the process has gone: the next recv says so (None)

    def recv(self, timeout=10):
        if self.ended:
            return None
        try:
            line = self.lines.get(timeout=timeout)
        except queue.Empty:
            return None
        if line is None:
            self.ended = True
            return None
        return json.loads(line)

    def silent(self, wait=0.5):
        """True when no line arrives within `wait` seconds (or the output ended)."""
        if self.ended:
            return True
        try:
            line = self.lines.get(timeout=wait)
        except queue.Empty:
            return True
        self.ended = line is None
        return line is None

    def request(self, message, timeout=10):
        self.send(message)
        return self.recv(timeout)

    def initialize(self, version="2025-06-18", capabilities=None, timeout=10):
        """The handshake: `initialize` (id 0) in `version` with the client `capabilities`, then
        `notifications/initialized`; the reply to `initialize` (None when none came within
        `timeout` seconds)."""
        reply = self.request({"jsonrpc": "2.0", "id": 0, "method": "initialize", "params": {
            "protocolVersion": version, "capabilities": capabilities or {}, "clientInfo": {"name": "raw", "version": "1"}}}, timeout)
        self.send({"jsonrpc": "2.0", "method": "notifications/initialized"})
        return reply

    def close(self):
        try:
            self.proc.stdin.close()
        except BrokenPipeError:
            pass
        return self.proc

    def finish(self, timeout=30):
        """Closes standard input and waits for the exit (killed past `timeout`); the exit status."""
        self.close()
        try:
            return self.proc.wait(timeout=timeout)
        except Exception:
            self.proc.kill()
            self.proc.wait()
            return None
