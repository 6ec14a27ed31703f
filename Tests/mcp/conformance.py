"""MCP conformance checks for `intentbridge serve`, run with the official Python SDK.

Usage: python conformance.py BINARY CATALOG [--raw-only]

Drives the binary over stdio with the SDK's own client (the 1.x line: initialize handshake;
the 2.x line: `server/discover` probe ("auto", the stateless era) and the legacy handshake)
in each serve mode: `--mode full` (one tool per intent), `--mode compact` (the four
meta-tools), `--mode auto` on CATALOG (at most 30 intents: served as full) and `--mode auto`
on CATALOG padded with 30 more intents (served as compact). Then it sends raw JSON-RPC
lines through pipes to probe the wire. CATALOG must hold the notes example's AddNoteIntent
(title, priority). Prints one line per check and, last, `conformance: N passed, M failed`;
exits 1 on any failure.
"""

import asyncio
import json
import os
import subprocess
import sys
import tempfile
import time

from checks import Checks
from hostile_lines import BASE_KINDS, hostile_line
from wire import Wire

BINARY, CATALOG = sys.argv[1], sys.argv[2]
RAW_ONLY = "--raw-only" in sys.argv
SERVER_ARGS = ["serve", CATALOG]
MODERN_META = {
    "io.modelcontextprotocol/protocolVersion": "2026-07-28",
    "io.modelcontextprotocol/clientCapabilities": {},
}
META_TOOLS = {"search_intents", "describe_intent", "resolve_request", "run_intent"}
AUTO_COMPACT_ABOVE = 30

check = Checks()


def sdk_major():
    try:
        from importlib.metadata import version

        return int(version("mcp").split(".")[0])
    except Exception:
        return None


# ---------------------------------------------------------------- SDK client


class Served:
    """One way of serving CATALOG: serve arguments, and how an intent is called in that mode."""

    def __init__(self, name, args, compact):
        self.name, self.args, self.compact = name, args, compact

    def call(self, arguments):
        """(tool, arguments) that run AddNoteIntent with `arguments`."""
        if self.compact:
            return "run_intent", {"intent": "AddNoteIntent", "arguments": arguments}
        return "add_note_intent", arguments


def padded_catalog(folder):
    """CATALOG with 30 more intents (more than auto mode serves in full), written to `folder`."""
    with open(CATALOG, encoding="utf-8") as source:
        catalog = json.load(source)
    for n in range(1, AUTO_COMPACT_ABOVE + 1):
        catalog["intents"].append({
            "id": f"ArchiveShelf{n}Intent",
            "title": f"Archive Shelf {n}",
            "description": f"Moves every note on shelf {n} to the archive.",
            "parameters": [],
        })
    path = os.path.join(folder, "padded.en.json")
    with open(path, "w", encoding="utf-8") as sink:
        json.dump(catalog, sink, ensure_ascii=False, indent=1)
    return path


def servings(folder):
    return [
        Served("full", SERVER_ARGS + ["--mode", "full"], compact=False),
        Served("compact", SERVER_ARGS + ["--mode", "compact"], compact=True),
        Served("auto", SERVER_ARGS + ["--mode", "auto"], compact=False),
        Served(f"auto>{AUTO_COMPACT_ABOVE}", ["serve", padded_catalog(folder), "--mode", "auto"], compact=True),
    ]


def structured_of(result):
    return result.structuredContent if hasattr(result, "structuredContent") else result.structured_content


def is_error_of(result):
    return result.isError if hasattr(result, "isError") else result.is_error


async def exercise_session(label, served, list_tools, call_tool, list_prompts, get_prompt, complete, error_type):
    """Common checks over any SDK session-like API, in the serve mode `served`."""
    tools, cursor, pages = [], None, 0
    while True:
        page = await list_tools(cursor)
        pages += 1
        tools += page.tools
        cursor = page.nextCursor if hasattr(page, "nextCursor") else page.next_cursor
        if not cursor or pages > 100:
            break
    names = [t.name for t in tools]
    check(f"{label}: tools/list returns tools over {pages} page(s)", len(names) > 0 and len(set(names)) == len(names), names)
    if served.compact:
        check(f"{label}: the four meta-tools listed", set(names) == META_TOOLS, names)
    else:
        check(f"{label}: add_note_intent listed, no meta-tools", "add_note_intent" in names and not META_TOOLS & set(names), names)

    result = await call_tool(*served.call({"title": "Buy milk", "priority": "high"}))
    structured = structured_of(result)
    check(f"{label}: tools/call success", not is_error_of(result) and structured and structured.get("intent") == "AddNoteIntent", result)

    result = await call_tool(*served.call({"title": "x", "priority": "urgentt"}))
    text = " ".join(getattr(c, "text", "") for c in result.content)
    check(f"{label}: tools/call invalid argument → isError naming field", is_error_of(result) and "priority" in text, text)

    result = await call_tool(*served.call({}))
    text = " ".join(getattr(c, "text", "") for c in result.content)
    check(f"{label}: tools/call missing argument → isError with question", is_error_of(result) and "?" in text, text)
    retry = 'Call run_intent again with "intent": "AddNoteIntent"' if served.compact else "Call add_note_intent again"
    check(f"{label}: the missing-argument reply says how to call again in this mode", retry in text, text)

    unknown = ["no_such_tool"] + (["add_note_intent"] if served.compact else ["run_intent"])
    for name in unknown:
        try:
            await call_tool(name, {})
            check(f"{label}: unknown tool {name} → -32602", False, "no error raised")
        except error_type as e:
            code = getattr(getattr(e, "error", None), "code", None)
            if code is None:
                code = getattr(e, "code", None)
            check(f"{label}: unknown tool {name} → -32602", code == -32602, repr(e))

    if served.compact:
        result = await call_tool("search_intents", {"query": "add a note", "limit": 3})
        found = [r.get("intent") for r in (structured_of(result) or {}).get("results", [])]
        check(f"{label}: search_intents finds AddNoteIntent first", not is_error_of(result) and found[:1] == ["AddNoteIntent"], found)
        result = await call_tool("describe_intent", {"intent": "AddNoteIntent"})
        described = structured_of(result) or {}
        check(f"{label}: describe_intent gives the tool and its schema", described.get("name") == "add_note_intent" and "priority" in json.dumps(described.get("inputSchema")), str(described)[:300])
        result = await call_tool("resolve_request", {"request": "add a high priority note to buy milk"})
        resolved = structured_of(result) or {}
        check(f"{label}: resolve_request fills the intent", resolved.get("intent") == "AddNoteIntent" and resolved.get("arguments", {}).get("priority") == "high", resolved)
        result = await call_tool("run_intent", {"intent": "NoSuchIntent", "arguments": {}})
        text = " ".join(getattr(c, "text", "") for c in result.content)
        check(f"{label}: run_intent of an unknown intent → isError naming it", is_error_of(result) and "NoSuchIntent" in text, text)

    prompts = await list_prompts()
    prompt_names = [p.name for p in prompts.prompts]
    check(f"{label}: prompts/list", {"find-intent", "fill-parameters", "explain-ranking"} <= set(prompt_names), prompt_names)
    got = await get_prompt("find-intent", {"request": "add a note"})
    check(f"{label}: prompts/get", got.messages and "add a note" in got.messages[0].content.text, got)
    try:
        await get_prompt("find-intent", {})
        check(f"{label}: prompts/get missing argument → -32602", False, "no error raised")
    except error_type as e:
        code = getattr(getattr(e, "error", None), "code", None)
        if code is None:
            code = getattr(e, "code", None)
        check(f"{label}: prompts/get missing argument → -32602", code == -32602, repr(e))

    completion = await complete("fill-parameters", "intent", "Add")
    values = completion.completion.values
    check(f"{label}: completion/complete intent ids", "AddNoteIntent" in values, values)


async def run_sdk1(served, page_size):
    from mcp import ClientSession, StdioServerParameters
    from mcp.client.stdio import stdio_client
    from mcp.shared.exceptions import McpError
    from mcp.types import PromptReference

    args = served.args + (["--page-size", str(page_size)] if page_size else [])
    params = StdioServerParameters(command=BINARY, args=args)
    label = f"sdk1 serve={served.name} page-size={page_size or 'all'}"
    async with stdio_client(params) as (read, write):
        async with ClientSession(read, write) as session:
            init = await session.initialize()
            check(f"{label}: initialize", init.protocolVersion in ("2025-06-18", "2025-11-25", "2025-03-26"), init.protocolVersion)
            check(f"{label}: serverInfo", init.serverInfo.name == "intentbridge")
            await session.send_ping()
            await exercise_session(
                label,
                served,
                lambda c: session.list_tools(cursor=c),
                lambda n, a: session.call_tool(n, a),
                session.list_prompts,
                lambda n, a: session.get_prompt(n, a),
                lambda p, n, v: session.complete(PromptReference(type="ref/prompt", name=p), {"name": n, "value": v}),
                McpError,
            )


async def run_sdk2(served, connect, page_size):
    """`connect` is the SDK's connection mode: "auto" (server/discover → stateless era) or "legacy" (handshake)."""
    from mcp import Client, MCPError, StdioServerParameters
    from mcp.types import PromptReference

    args = served.args + (["--page-size", str(page_size)] if page_size else [])
    label = f"sdk2 connect={connect} serve={served.name} page-size={page_size or 'all'}"
    async with Client(StdioServerParameters(command=BINARY, args=args), mode=connect, cache=None) as client:
        version = client.protocol_version
        expected = "2026-07-28" if connect == "auto" else None
        check(f"{label}: negotiated {version}", version == expected if expected else version.startswith("2025"), version)
        check(f"{label}: serverInfo", client.server_info is not None and client.server_info.name == "intentbridge", client.server_info)

        async def list_tools(c):
            return await client.list_tools(cursor=c)

        await exercise_session(
            label,
            served,
            list_tools,
            lambda n, a: client.call_tool(n, a),
            client.list_prompts,
            lambda n, a: client.get_prompt(n, a),
            lambda p, n, v: client.complete(PromptReference(type="ref/prompt", name=p), {"name": n, "value": v}),
            MCPError,
        )


async def run_sdk2_elicitation(served):
    """2026-07-28 era with a client that declares elicitation: a missing required argument
    comes back as `input_required`, the SDK asks (our callback answers) and retries."""
    from mcp import Client, StdioServerParameters
    from mcp.types import ElicitResult

    asked = []

    async def answer(context, params):
        asked.append(params.message)
        return ElicitResult(action="accept", content={"title": "From elicitation"})

    async with Client(StdioServerParameters(command=BINARY, args=served.args), mode="auto", cache=None, elicitation_callback=answer) as client:
        result = await client.call_tool(*served.call({"priority": "low"}))
        structured = structured_of(result)
        check(
            f"sdk2 elicitation serve={served.name}: input_required → asked → retried",
            asked and "?" in asked[0] and structured and structured["arguments"].get("title") == "From elicitation",
            (asked, result),
        )


# ---------------------------------------------------------------- raw wire


def code(reply):
    return (reply or {}).get("error", {}).get("code")


def raw_probes():
    wire = Wire([BINARY] + SERVER_ARGS)
    reply = wire.initialize()
    check("raw: initialize 2025-06-18", reply and reply["result"]["protocolVersion"] == "2025-06-18", reply)

    reply = wire.request(b'{"jsonrpc":"2.0","id":1,"method":')
    check("raw: parse error → -32700 with id null", code(reply) == -32700 and reply.get("id", "missing") is None, reply)
    reply = wire.request(b"\xff\xfe{not json")
    check("raw: invalid UTF-8 → -32700", code(reply) == -32700, reply)
    reply = wire.request({"jsonrpc": "2.0", "id": 2})
    check("raw: invalid request → -32600", code(reply) == -32600 and reply["id"] == 2, reply)
    reply = wire.request(42)
    check("raw: non-object → -32600", code(reply) == -32600 and reply["id"] is None, reply)

    wire.send({"jsonrpc": "2.0", "method": "notifications/whatever", "params": {}})
    check("raw: notification gets no reply", wire.silent(), "")

    reply = wire.request({"jsonrpc": "2.0", "id": "abc-1", "method": "ping"})
    check("raw: string id echoed", reply and reply["id"] == "abc-1" and isinstance(reply["id"], str), reply)
    big_id = 2**53 - 1
    wire.send(b'{"jsonrpc":"2.0","id":9007199254740991,"method":"ping"}')
    line = wire.lines.get(timeout=10)
    check("raw: id 2^53-1 echoed exactly", b'"id":9007199254740991' in line and json.loads(line)["id"] == big_id, line)

    reply = wire.request({"jsonrpc": "2.0", "id": 3, "method": "no/such/method"})
    check("raw: unknown method → -32601", code(reply) == -32601 and reply["id"] == 3, reply)
    reply = wire.request([{"jsonrpc": "2.0", "id": 4, "method": "ping"}])
    check("raw: batch rejected outside 2025-03-26 → one -32600", code(reply) == -32600, reply)
    reply = wire.request({"jsonrpc": "2.0", "id": 5, "method": "initialize", "params": {"protocolVersion": "2025-06-18", "capabilities": {}}})
    check("raw: second initialize → -32600", code(reply) == -32600, reply)

    pad = "x" * (1 << 20)
    reply = wire.request({"jsonrpc": "2.0", "id": 6, "method": "tools/call", "params": {"name": "add_note_intent", "arguments": {"title": pad}}})
    check("raw: 1 MB line answered", reply and reply["id"] == 6 and "result" in reply, str(reply)[:200])
    wire.send(b"[" * 100000 + b"]" * 100000)
    reply = wire.recv()
    check("raw: deeply nested line → error, server alive", code(reply) in (-32700, -32600), reply)
    wire.send(b"x" * ((16 << 20) + 5))
    reply = wire.recv(30)
    check("raw: 16 MiB+ line → -32600", code(reply) == -32600, reply)
    reply = wire.request({"jsonrpc": "2.0", "id": 7, "method": "ping"})
    check("raw: still serving after huge line", reply and reply["id"] == 7 and reply["result"] == {}, reply)

    reply = wire.request({"jsonrpc": "2.0", "id": 8, "method": "tools/list", "params": {"cursor": "bogus"}})
    check("raw: invalid cursor → -32602", code(reply) == -32602, reply)

    proc = wire.close()
    start = time.monotonic()
    try:
        proc.wait(timeout=5)
    except subprocess.TimeoutExpired:
        proc.kill()
    elapsed = time.monotonic() - start
    check(f"raw: exit within 1 s of EOF ({elapsed * 1000:.0f} ms)", elapsed < 1.0 and proc.returncode == 0, proc.returncode)

    # Handshake era: unsupported version → counter-offer.
    wire = Wire([BINARY] + SERVER_ARGS)
    reply = wire.initialize("1999-01-01")
    check("raw: unsupported handshake version → counter-offer 2025-11-25", reply and reply["result"]["protocolVersion"] == "2025-11-25", reply)
    reply = wire.request({"jsonrpc": "2.0", "id": 1, "method": "tools/list"})
    check("raw: tools/list after counter-offer", reply and len(reply["result"]["tools"]) > 0, str(reply)[:200])
    wire.close().wait(timeout=5)

    # Before initialize: -32602 naming both fixes.
    wire = Wire([BINARY] + SERVER_ARGS)
    reply = wire.request({"jsonrpc": "2.0", "id": 1, "method": "tools/list"})
    message = (reply or {}).get("error", {}).get("message", "")
    check("raw: request before initialize → -32602 naming both fixes", code(reply) == -32602 and "initialize" in message and "_meta" in message, reply)

    # Stateless era.
    reply = wire.request({"jsonrpc": "2.0", "id": 2, "method": "server/discover", "params": {"_meta": MODERN_META}})
    result = (reply or {}).get("result", {})
    check("raw: server/discover", result.get("resultType") == "complete" and "2026-07-28" in result.get("supportedVersions", []) and "ttlMs" in result, reply)
    reply = wire.request({"jsonrpc": "2.0", "id": 3, "method": "tools/list", "params": {"_meta": MODERN_META}})
    result = (reply or {}).get("result", {})
    check("raw: stateless tools/list has resultType, ttlMs, cacheScope", result.get("resultType") == "complete" and "ttlMs" in result and "cacheScope" in result, str(reply)[:200])
    bad_meta = dict(MODERN_META)
    bad_meta["io.modelcontextprotocol/protocolVersion"] = "2099-01-01"
    reply = wire.request({"jsonrpc": "2.0", "id": 4, "method": "tools/list", "params": {"_meta": bad_meta}})
    data = (reply or {}).get("error", {}).get("data", {})
    check("raw: unsupported stateless version → -32022 {supported, requested}", code(reply) == -32022 and data.get("requested") == "2099-01-01" and "2026-07-28" in data.get("supported", []), reply)
    reply = wire.request({"jsonrpc": "2.0", "id": 5, "method": "ping", "params": {"_meta": MODERN_META}})
    check("raw: ping in stateless era → -32601", code(reply) == -32601, reply)
    reply = wire.request({"jsonrpc": "2.0", "id": 6, "method": "tools/list", "params": {"_meta": {"io.modelcontextprotocol/protocolVersion": "2026-07-28"}}})
    check("raw: stateless request without clientCapabilities → -32602", code(reply) == -32602, reply)
    wire.close().wait(timeout=5)

    # Batches in 2025-03-26.
    wire = Wire([BINARY] + SERVER_ARGS)
    wire.initialize("2025-03-26")
    reply = wire.request([{"jsonrpc": "2.0", "id": 1, "method": "ping"}, {"jsonrpc": "2.0", "id": 2, "method": "nope"}])
    check("raw: batch answered in 2025-03-26", isinstance(reply, list) and len(reply) == 2, reply)
    wire.close().wait(timeout=5)


def wire_fuzz(lines=3000, seed=20260728):
    """Random, truncated and mutated lines interleaved with valid requests over the real pipes."""
    import random

    rng = random.Random(seed)
    wire = Wire([BINARY] + SERVER_ARGS)
    wire.initialize()
    expected = {}
    for i in range(lines):
        wire.send(hostile_line(rng, rng.randrange(BASE_KINDS)))
        if i % 5 == 0:
            vid = f"valid-{i}"
            expected[vid] = 0
            wire.send({"jsonrpc": "2.0", "id": vid, "method": "ping"})
    proc = wire.close()
    bad = 0
    while True:
        raw = wire.lines.get(timeout=30)
        if raw is None:
            break
        try:
            message = json.loads(raw)
        except ValueError:
            bad += 1
            continue
        for m in message if isinstance(message, list) else [message]:
            if not isinstance(m, dict) or m.get("jsonrpc") != "2.0" or ("result" in m) == ("error" in m):
                bad += 1
            elif isinstance(m.get("id"), str) and m["id"] in expected:
                expected[m["id"]] += 1
    proc.wait(timeout=5)
    wrong = {k: v for k, v in expected.items() if v != 1}
    check(f"wire fuzz: {lines} hostile lines, every stdout line is JSON-RPC", bad == 0, bad)
    check(f"wire fuzz: each of {len(expected)} valid requests answered exactly once", not wrong, list(wrong.items())[:5])
    check("wire fuzz: process exited cleanly", proc.returncode == 0, proc.returncode)


def main():
    major = sdk_major()
    print(f"== MCP conformance: {BINARY} {CATALOG} (python mcp {major}.x)" if major else "== MCP conformance: raw probes")
    if not RAW_ONLY:
        with tempfile.TemporaryDirectory(prefix="conformance-") as folder:
            for served in servings(folder):
                if major == 1:
                    asyncio.run(run_sdk1(served, None))
                    asyncio.run(run_sdk1(served, 3))
                elif major == 2:
                    asyncio.run(run_sdk2(served, "auto", None))
                    asyncio.run(run_sdk2(served, "auto", 3))
                    asyncio.run(run_sdk2(served, "legacy", 3))
                    asyncio.run(run_sdk2_elicitation(served))
    raw_probes()
    wire_fuzz()
    print(check.summary("conformance"))
    sys.exit(1 if check.failed else 0)


if __name__ == "__main__":
    main()
