"""Round-trip latency of resolve_request and tools/call over stdio (an upper bound on the
server-side latency: includes pipe and Python overhead).

Usage: python latency.py BINARY CATALOG [N] [REQUEST]   → median and p90 in milliseconds
"""

import json
import statistics
import subprocess
import sys
import time

binary, catalog = sys.argv[1], sys.argv[2]
n = int(sys.argv[3]) if len(sys.argv) > 3 else 200
request = sys.argv[4] if len(sys.argv) > 4 else "turn off the kitchen lights"


def session(mode):
    proc = subprocess.Popen([binary, "serve", catalog, "--mode", mode], stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)

    def rpc(message):
        proc.stdin.write((json.dumps(message) + "\n").encode())
        proc.stdin.flush()
        return json.loads(proc.stdout.readline())

    rpc({"jsonrpc": "2.0", "id": 0, "method": "initialize", "params": {"protocolVersion": "2025-06-18", "capabilities": {}}})
    return proc, rpc


def measure(rpc, params):
    times = []
    for i in range(n):
        start = time.perf_counter()
        reply = rpc({"jsonrpc": "2.0", "id": i + 1, "method": "tools/call", "params": params})
        times.append((time.perf_counter() - start) * 1000)
        assert "result" in reply, reply
    times.sort()
    return statistics.median(times), times[int(len(times) * 0.9)]


proc, rpc = session("compact")
med, p90 = measure(rpc, {"name": "resolve_request", "arguments": {"request": request}})
print(f"resolve_request: median {med:.3f} ms, p90 {p90:.3f} ms (n={n}, round trip)")
proc.stdin.close()
proc.wait()

proc, rpc = session("full")
tools = rpc({"jsonrpc": "2.0", "id": 99999, "method": "tools/list"})["result"]["tools"]
tool = next(t for t in tools if not t["inputSchema"].get("required"))
med, p90 = measure(rpc, {"name": tool["name"], "arguments": {}})
print(f"tools/call {tool['name']}: median {med:.3f} ms, p90 {p90:.3f} ms (n={n}, round trip)")
proc.stdin.close()
proc.wait()
