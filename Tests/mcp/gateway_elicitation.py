"""The gateway's elicitation relay: an upstream server that asks the user in the middle of a
call (`ctx.elicit` → `elicitation/create`, Tests/mcp/fixtures/eliciting.py) behind
`intentbridge gateway`, with the official Python SDK client as the host.

Usage: python gateway_elicitation.py BINARY [--servers-python PYTHON]   (as gateway.py)

- SDK 1.x host (handshake era) with an elicitation callback: the gateway asks the host with an
  `elicitation/create` of its own and relays the answer — accept with content (the upstream's
  result shows it), decline (the upstream's decline result), two questions in one call; in
  compact mode (`run_intent`) and full mode (`tools/call`).
- SDK 2.x host: the same over the stateless era (`mode="auto"`: the host's call is answered
  `input_required` with the upstream's request, the SDK asks and retries with
  `inputResponses` and the `requestState`), and over the handshake era (`mode="legacy"`).
- A host that declares no elicitation: the upstream gets `decline`.
- Raw lines (SDK 1.x run only): a handshake-era host that never answers (the call ends at the
  --call-timeout, the host's request is cancelled, a late answer ignored); the stateless
  era's `input_required` shape, the retry continuing the held call, a used `requestState`, a
  held call released after the --call-timeout, and no elicitation capability → decline.

Prints one line per check and, last, `gateway elicitation (SDK N.x host): N passed, M failed`.
"""

import asyncio
import os
import shutil
import sys
import time

from mcp import ClientSession, StdioServerParameters
from mcp.client.stdio import stdio_client
from mcp.types import ElicitResult

import gateway
from checks import Checks
from gateway import BINARY, READ_TIMEOUT, SDK_MAJOR, fixture, is_error, text_of, write_config
from wire import Wire

check = Checks()
DEVNULL = open(os.devnull, "w")
CONFIG = write_config("eliciting.json", {"eliciting": fixture("eliciting"), "weather": fixture("gateway_tools")})
CATALOG = os.path.join(gateway.work, "eliciting.catalog.json")
STATELESS_META = {"io.modelcontextprotocol/protocolVersion": "2026-07-28", "io.modelcontextprotocol/clientCapabilities": {"elicitation": {}}}


def answering(*answers):
    """An elicitation callback that gives `answers` in turn (the last one from then on) and
    records the messages it was asked."""
    asked = []

    async def callback(context, params):
        asked.append(params.message)
        return answers[min(len(asked), len(answers)) - 1]

    return callback, asked


ACCEPT = ElicitResult(action="accept", content={"confirm": True, "date": "2026-12-24"})
DECLINE = ElicitResult(action="decline")


async def call(session, mode, tool, arguments):
    if mode == "compact":
        return await session.call_tool("run_intent", {"intent": f"eliciting__{tool}", "arguments": arguments})
    return await session.call_tool(f"eliciting__{tool}", arguments)


async def relayed(label, mode, open_session, with_elicitation=True):
    """Accept, decline and a two-question call through a host session made by `open_session(callback)`."""
    if not with_elicitation:
        async with open_session(None) as session:
            result = await call(session, mode, "book_table", {"date": "2026-12-23"})
            check(f"{label} {mode}: a host without elicitation → the upstream gets decline", not is_error(result) and text_of(result) == "no booking: the user answered decline", text_of(result))
        return
    callback, asked = answering(ACCEPT)
    async with open_session(callback) as session:
        version = getattr(session, "protocol_version", None)  # 2.x Client only
        if version is not None:
            expected = "2026-07-28" if "stateless" in label else "2025-11-25"
            check(f"{label} {mode}: the host speaks {expected}", version == expected, version)
        result = await call(session, mode, "book_table", {"date": "2026-12-23"})
        check(f"{label} {mode}: the upstream's question reaches the host", asked == ["No table is free on 2026-12-23. Book another date?"], asked)
        check(f"{label} {mode}: accept with content → the upstream's result shows the answer", not is_error(result) and text_of(result) == "booked a table for 2026-12-24 (confirmed: True)", text_of(result))
    callback, asked = answering(DECLINE)
    async with open_session(callback) as session:
        result = await call(session, mode, "book_table", {"date": "2026-12-23"})
        check(f"{label} {mode}: decline → the upstream's decline result", len(asked) == 1 and not is_error(result) and text_of(result) == "no booking: the user answered decline", text_of(result))
    callback, asked = answering(ElicitResult(action="accept", content={"city": "Oslo"}), ElicitResult(action="accept", content={"nights": 3}))
    async with open_session(callback) as session:
        result = await call(session, mode, "plan_trip", {})
        check(f"{label} {mode}: two questions in one call, both relayed", asked == ["Where do you want to go?", "How many nights in Oslo?"] and text_of(result) == "trip to Oslo for 3 nights", (asked, text_of(result)))
        result = await session.call_tool("run_intent" if mode == "compact" else "weather__forecast", {"intent": "weather__forecast", "arguments": {"city": "Oslo"}} if mode == "compact" else {"city": "Oslo"})
        check(f"{label} {mode}: the other server's calls are unaffected", not is_error(result) and "Oslo" in text_of(result), text_of(result))


def gateway_args(mode, *extra):
    return ["gateway", CONFIG, "--catalog", CATALOG, "--mode", mode, "--quiet", *extra]


def sdk1_session(mode, *extra):
    """A 1.x ClientSession (handshake era) over the gateway; it declares elicitation when given a callback."""
    from contextlib import asynccontextmanager

    @asynccontextmanager
    async def open_session(callback):
        parameters = StdioServerParameters(command=BINARY, args=gateway_args(mode, *extra), cwd=gateway.work)
        with open(os.devnull, "w") as errlog:
            async with stdio_client(parameters, errlog=errlog) as (read, write):
                kwargs = {"elicitation_callback": callback} if callback else {}
                async with ClientSession(read, write, read_timeout_seconds=READ_TIMEOUT, **kwargs) as session:
                    await session.initialize()
                    yield session

    return open_session


def sdk2_client(mode, connect, *extra):
    """A 2.x Client: `connect` "auto" (stateless era) or "legacy" (handshake)."""
    from mcp import Client

    def open_session(callback):
        kwargs = {"elicitation_callback": callback} if callback else {}
        # The transport itself, so the gateway's standard error goes nowhere (as with the 1.x host).
        transport = stdio_client(StdioServerParameters(command=BINARY, args=gateway_args(mode, *extra), cwd=gateway.work), errlog=DEVNULL)
        return Client(transport, mode=connect, cache=None, **kwargs)

    return open_session


def raw_handshake_never_answers():
    """A handshake-era host (raw lines) that declares elicitation and never answers the
    gateway's elicitation/create: the call ends at the --call-timeout, the host is told the
    request is cancelled, a late answer is ignored and the next call works. (The SDK 1.x
    client cannot be this host: it reads nothing while its callback runs.)"""
    wire = Wire([BINARY, *gateway_args("compact", "--call-timeout", "2")], cwd=gateway.work)
    try:
        wire.initialize(capabilities={"elicitation": {}}, timeout=120)
        wire.send({"jsonrpc": "2.0", "id": 1, "method": "tools/call", "params": {"name": "run_intent", "arguments": {"intent": "eliciting__book_table", "arguments": {"date": "2026-12-23"}}}})
        asked = wire.recv(timeout=120) or {}
        check(
            "raw handshake: the gateway asks the host elicitation/create with an id of its own",
            asked.get("method") == "elicitation/create" and isinstance(asked.get("id"), str) and asked.get("params", {}).get("message") == "No table is free on 2026-12-23. Book another date?",
            asked,
        )
        lines = [wire.recv(timeout=120) or {}, wire.recv(timeout=120) or {}]
        cancelled = next((line for line in lines if line.get("method") == "notifications/cancelled"), {})
        reply = next((line for line in lines if line.get("id") == 1), {})
        text = reply.get("result", {}).get("content", [{}])[0].get("text", "")
        check("raw handshake: a host that never answers → the call ends at --call-timeout naming the server", reply.get("result", {}).get("isError") is True and "MCP server 'eliciting' did not answer" in text, lines)
        check("raw handshake: the host is told the gateway's request is cancelled", cancelled.get("params", {}).get("requestId") == asked.get("id"), lines)
        wire.send({"jsonrpc": "2.0", "id": asked.get("id"), "result": {"action": "accept", "content": {"confirm": True, "date": "late"}}})
        wire.send({"jsonrpc": "2.0", "id": 2, "method": "tools/call", "params": {"name": "run_intent", "arguments": {"intent": "eliciting__book_table", "arguments": {"date": "2026-12-25"}}}})
        asked = wire.recv(timeout=120) or {}
        wire.send({"jsonrpc": "2.0", "id": asked.get("id"), "result": {"action": "decline"}})
        reply = wire.recv(timeout=120) or {}
        text = reply.get("result", {}).get("content", [{}])[0].get("text", "")
        check("raw handshake: a late answer is ignored; the next call is asked and answered", reply.get("id") == 2 and text == "no booking: the user answered decline", (asked, reply))
    finally:
        wire.close()
        wire.proc.wait(timeout=60)


def raw_stateless():
    """Stateless-era lines by hand: the shapes the SDK hides, and the held call's end."""
    wire = Wire([BINARY, *gateway_args("full", "--call-timeout", "2")], cwd=gateway.work)
    try:
        def tools_call(id, **params):
            return wire.request({"jsonrpc": "2.0", "id": id, "method": "tools/call", "params": {"name": "eliciting__book_table", "arguments": {"date": "2026-12-23"}, "_meta": STATELESS_META, **params}}, timeout=120)

        reply = tools_call(1)
        result = (reply or {}).get("result", {})
        requests = result.get("inputRequests", {})
        request = next(iter(requests.values()), {})
        state = result.get("requestState")
        check(
            "raw stateless: input_required with the upstream's elicitation/create and a requestState",
            result.get("resultType") == "input_required" and len(requests) == 1 and request.get("method") == "elicitation/create"
            and request.get("params", {}).get("message") == "No table is free on 2026-12-23. Book another date?"
            and request["params"].get("mode") == "form" and "date" in request["params"].get("requestedSchema", {}).get("properties", {}) and isinstance(state, str),
            reply,
        )
        key = next(iter(requests), "")
        reply = tools_call(2, requestState=state, inputResponses={key: {"action": "accept", "content": {"confirm": False, "date": "2026-12-31"}}})
        result = (reply or {}).get("result", {})
        check(
            "raw stateless: the retry continues the held call; its result is the upstream's",
            result.get("resultType") == "complete" and result.get("content", [{}])[0].get("text") == "booked a table for 2026-12-31 (confirmed: False)",
            reply,
        )
        reply = tools_call(3, requestState=state, inputResponses={key: {"action": "accept", "content": {"confirm": True, "date": "x"}}})
        result = (reply or {}).get("result", {})
        check("raw stateless: a requestState used once is not held any more: isError saying so", result.get("isError") is True and "no longer held" in result.get("content", [{}])[0].get("text", ""), reply)

        reply = tools_call(4)
        state = (reply or {}).get("result", {}).get("requestState")
        time.sleep(6)  # three times the --call-timeout of 2 s: the held call has ended meanwhile
        reply = tools_call(5, requestState=state, inputResponses={key: {"action": "decline"}})
        result = (reply or {}).get("result", {})
        check("raw stateless: a call held past --call-timeout is released; its retry says so", isinstance(state, str) and result.get("isError") is True and "no longer held" in result.get("content", [{}])[0].get("text", ""), reply)

        no_elicitation = dict(STATELESS_META, **{"io.modelcontextprotocol/clientCapabilities": {}})
        reply = wire.request({"jsonrpc": "2.0", "id": 6, "method": "tools/call", "params": {"name": "eliciting__book_table", "arguments": {"date": "2026-12-23"}, "_meta": no_elicitation}}, timeout=120)
        result = (reply or {}).get("result", {})
        check("raw stateless: without elicitation in the request's capabilities → decline", result.get("content", [{}])[0].get("text") == "no booking: the user answered decline", reply)
    finally:
        wire.close()
        wire.proc.wait(timeout=60)


async def main():
    label = f"SDK {SDK_MAJOR}.x"
    if SDK_MAJOR < 2:
        for mode in ("compact", "full"):
            await relayed(f"{label} handshake", mode, sdk1_session(mode))
        await relayed(f"{label} handshake", "compact", sdk1_session("compact"), with_elicitation=False)
        raw_handshake_never_answers()
        raw_stateless()
    else:
        for mode in ("compact", "full"):
            await relayed(f"{label} stateless", mode, sdk2_client(mode, "auto"))
        await relayed(f"{label} stateless", "compact", sdk2_client("compact", "auto"), with_elicitation=False)
        await relayed(f"{label} handshake", "compact", sdk2_client("compact", "legacy"))


asyncio.run(main())
shutil.rmtree(gateway.work, ignore_errors=True)
print(check.summary(f"gateway elicitation (SDK {SDK_MAJOR}.x host)"))
sys.exit(1 if check.failed else 0)
