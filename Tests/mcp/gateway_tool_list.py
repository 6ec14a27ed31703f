#!/usr/bin/env python3
"""A large real tool list behind `intentbridge gateway`: Seal-Tools' 4,076 typed tools served by
the fixture MCP server `fixtures/tool_list_server.py` (official Python SDK 1.x), one gateway in
front of it, and the same tools imported with `intentbridge import tools` and ranked with
`intentbridge rank`.

    python gateway_tool_list.py BINARY            # the check (run by run_conformance.sh)
    python gateway_tool_list.py BINARY --bench    # also the timings (run by Scripts/bench.sh)

The check: for every single-call development row, `search_intents` through the gateway
(limit 5) lists the same intents in the same order as `rank --top 5` on the imported
catalog, so R@1 and R@5 are equal; both are printed. Run with a Python that has the SDK
(`mcp<2`); the data is read in place (Scripts/devdata.py: INTENTBRIDGE_DEV_DATA or
../shared/data), and the check is skipped, saying so, when it is absent.

The benchmark (`--bench`; timings are never asserted) measures, in the same run:
- rank's own time per request: (`rank` over all rows − `rank` over the first row) / (rows − 1),
  the median of three runs, so process start and index load cancel out;
- a `search_intents` round trip through the gateway, over its pipes (median and p99);
- the same round trip to `intentbridge serve --mode compact` on the imported catalog (what MCP
  serving alone costs, without the gateway);
and prints the gateway's median round trip minus rank's own time (the target: ≤ 1 ms).
"""

import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, HERE)
sys.path.insert(0, os.path.join(ROOT, "Scripts"))
from checks import Checks  # noqa: E402
from devdata import dev_data, missing_note  # noqa: E402
from wire import Wire  # noqa: E402

DEPTH = 5
LABEL = "gateway tool list"
TIMEOUT = 300  # seconds a reply may take (start-up lists and indexes 4,076 tools): a hang guard


def run(argv, cwd):
    done = subprocess.run(argv, cwd=cwd, capture_output=True, text=True)
    if done.returncode != 0:
        raise RuntimeError(f"{' '.join(map(str, argv))}: exit {done.returncode}\n{done.stderr[-2000:]}")
    return done.stdout


def write_requests(path, rows):
    with open(path, "w", encoding="utf-8") as file:
        for i, row in enumerate(rows):
            file.write(json.dumps({"id": str(i), "query": row["query"]}, ensure_ascii=False) + "\n")


def rank_lists(output):
    """`rank --requests` output → per row the ranked intents (the answer, then the
    alternatives; for "no match" the alternatives are the ranking)."""
    lists = []
    for line in output.splitlines():
        if line.strip():
            answer = json.loads(line)
            head = [answer["intent"]] if answer.get("intent") else []
            lists.append((head + [c["intent"] for c in answer.get("alternatives", [])])[:DEPTH])
    return lists


def recall(rows, lists, k):
    return 100.0 * sum(row["intent"] in ranked[:k] for row, ranked in zip(rows, lists)) / len(rows)


def session(argv, cwd):
    """An initialised MCP session (handshake era) with the process `argv`."""
    wire = Wire(argv, cwd=cwd)
    reply = wire.initialize(timeout=TIMEOUT)
    if not reply or "result" not in reply:
        raise RuntimeError(f"{argv[1]}: no initialize result: {reply}\n{''.join(wire.stderr)[-2000:]}")
    return wire


def searches(wire, rows, first_id):
    """`search_intents` for each row: (ranked intents, round-trip seconds) per row."""
    lists, times = [], []
    for i, row in enumerate(rows):
        request = {"jsonrpc": "2.0", "id": first_id + i, "method": "tools/call",
                   "params": {"name": "search_intents", "arguments": {"query": row["query"], "limit": DEPTH}}}
        started = time.perf_counter()
        wire.send(request)
        reply = wire.recv(timeout=TIMEOUT)
        times.append(time.perf_counter() - started)
        if not reply or reply.get("id") != first_id + i or "result" not in reply:
            raise RuntimeError(f"search_intents row {i}: {reply}\n{''.join(wire.stderr)[-2000:]}")
        lists.append([r["intent"] for r in reply["result"]["structuredContent"]["results"]])
    return lists, times


def milliseconds(seconds):
    return f"{seconds * 1000:.3f} ms"


def main():
    if len(sys.argv) < 2:
        sys.exit("usage: gateway_tool_list.py BINARY [--bench]")
    binary = os.path.abspath(sys.argv[1])
    bench = "--bench" in sys.argv[2:]
    check = Checks()
    data = dev_data("seal-tools")
    if not (data / "tools.openai.json").exists():
        print(f"SKIPPED: {missing_note('seal-tools')}")
        print(check.summary(LABEL))
        return
    rows = [json.loads(line) for line in open(data / "dev.jsonl", encoding="utf-8") if line.strip()]
    rows = [row for row in rows if "kind:single" in row.get("tags", []) and row.get("intent")]
    work = tempfile.mkdtemp(prefix="ib-gateway-tools-")
    tools = str(data / "tools.openai.json")

    # rank on the tools imported with `import tools`.
    imported = os.path.join(work, "seal.json")
    run([binary, "import", "tools", tools, "--out", imported], work)
    run([binary, "index", imported], work)
    requests = os.path.join(work, "requests.jsonl")
    write_requests(requests, rows)
    ranked = rank_lists(run([binary, "rank", imported, "--requests", requests, "--top", str(DEPTH)], work))
    check("rank: one answer per row", len(ranked) == len(rows), (len(ranked), len(rows)))

    # The same tools behind the gateway.
    config = os.path.join(work, "servers.json")
    with open(config, "w", encoding="utf-8") as file:
        json.dump({"mcpServers": {"seal": {"command": sys.executable, "args": [os.path.join(HERE, "fixtures", "tool_list_server.py"), tools]}}},
                  file)
    gateway = session([binary, "gateway", config, "--quiet"], work)
    searched, gateway_times = searches(gateway, rows, 1)
    gateway.send({"jsonrpc": "2.0", "id": "list", "method": "tools/list"})
    tools_list = gateway.recv(timeout=TIMEOUT)
    gateway.finish()
    check("gateway: the four meta-tools listed", [t["name"] for t in tools_list["result"]["tools"]] ==
                 ["search_intents", "describe_intent", "resolve_request", "run_intent"], tools_list)
    catalog = json.load(open(os.path.join(work, "servers.catalog.json"), encoding="utf-8"))
    check("gateway: every tool of the list in its catalog", len(catalog["intents"]) == 4076, len(catalog["intents"]))
    differing = [i for i, (a, b) in enumerate(zip(ranked, searched)) if a != b]
    check(f"search_intents lists what rank lists, in the same order, on all {len(rows)} rows", not differing,
                 [(rows[i]["query"], ranked[i], searched[i]) for i in differing[:3]])
    r1, r5 = recall(rows, ranked, 1), recall(rows, ranked, DEPTH)
    g1, g5 = recall(rows, searched, 1), recall(rows, searched, DEPTH)
    check("R@1 and R@5 through the gateway equal rank's", (g1, g5) == (r1, r5), ((g1, g5), (r1, r5)))
    print(f"  Seal-Tools single-call rows: {len(rows)}; rank R@1 {r1:.1f} R@5 {r5:.1f}; gateway search_intents R@1 {g1:.1f} R@5 {g5:.1f}")

    if bench:
        first = os.path.join(work, "first.jsonl")
        write_requests(first, rows[:1])

        def timed(path):
            started = time.perf_counter()
            run([binary, "rank", imported, "--requests", path, "--top", str(DEPTH)], work)
            return time.perf_counter() - started

        own = statistics.median((timed(requests) - timed(first)) / (len(rows) - 1) for _ in range(3))
        served = session([binary, "serve", imported, "--mode", "compact"], work)
        _, serve_times = searches(served, rows, 1)
        served.finish()
        gateway_median = statistics.median(gateway_times)
        p99 = sorted(gateway_times)[int(len(gateway_times) * 0.99)]
        print("gateway benchmark: Seal-Tools (4,076 tools) behind one gateway, search_intents per single-call row")
        print(f"  rank's own time per request (mean)    {milliseconds(own)}")
        print(f"  serve --mode compact round trip       median {milliseconds(statistics.median(serve_times))}")
        print(f"  gateway round trip                    median {milliseconds(gateway_median)}  p99 {milliseconds(p99)}")
        print(f"  gateway over rank's own time          {milliseconds(gateway_median - own)} (target <= 1 ms); "
              f"over serve: {milliseconds(gateway_median - statistics.median(serve_times))}")
    shutil.rmtree(work, ignore_errors=True)
    print(check.summary(LABEL))
    sys.exit(1 if check.failed else 0)


if __name__ == "__main__":
    main()
