"""More real servers behind `intentbridge gateway`, with the official Python SDK client (1.x)
as the host: tools without a usable input schema, a huge `tools/list`, a FastMCP server
(the `fastmcp` package) and the reference server `mcp-server-fetch` (listing only).

Usage: python gateway_fixtures.py BINARY [--servers-python PYTHON] [--fastmcp-python PYTHON] [--fetch-command PATH]

- `fixtures/schemaless.py`: a tool without `inputSchema`, one with `{}`, one with only
  `{"type": "object"}`: searched, and called through `run_intent` and `tools/call` with the
  arguments passed unchanged;
- `fixtures/huge_list.py`: 1,500 tools on one 2.5 MB `tools/list` line: all listed in full
  mode, the one different tool found by a search, calls routed, the server's own schema checked;
- `fixtures/fastmcp_tools.py` on `--fastmcp-python` (skipped with the reason when not given
  or FastMCP does not import): listed, one tool called, and its `ctx.elicit` relayed to a host
  with an elicitation callback (the answer goes back) or declined for a host without;
- `--fetch-command` (`mcp-server-fetch`; skipped when not given or missing): `import mcp`
  captures its `fetch` tool and the gateway lists it and finds it by a request. Nothing is
  fetched (no network).

Prints one line per check and, last, `gateway fixtures: N passed, M failed`.
"""

import asyncio
import json
import os
import shutil
import subprocess
import sys

from mcp.types import ElicitResult

import gateway
from checks import Checks
from gateway import BINARY, FIXTURES, is_error, run, search, text_of, with_session, write_config


def option(name):
    return os.path.abspath(sys.argv[sys.argv.index(name) + 1]) if name in sys.argv else None


def parsed(text):
    try:
        return json.loads(text)
    except ValueError:
        return None


FASTMCP_PYTHON = option("--fastmcp-python")
FETCH = option("--fetch-command")
check = Checks()


async def schemaless_and_huge():
    config = write_config("fixtures.json", {"home": gateway.fixture("schemaless"), "stock": gateway.fixture("huge_list")})
    catalog = os.path.join(gateway.work, "fixtures.catalog.json")

    async def compact(session):
        found = await search(session, "ring the doorbell at the front door")
        check("schema-less: search finds the tool without inputSchema", found[:1] == ["home__ring_doorbell"], found)
        for intent, arguments in (("home__ring_doorbell", {}), ("home__note_anything", {"text": "buy milk", "n": 2}), ("home__log_event", {"kind": "door"})):
            result = await run(session, intent, arguments)
            expected = {"tool": intent.split("__")[1], "arguments": arguments}
            check(f"schema-less: run_intent {intent} routed, arguments unchanged", not is_error(result) and parsed(text_of(result)) == expected, text_of(result))
        found = await search(session, "what is the address and opening hours of the warehouse closest to Hamburg")
        check("huge list: search finds the one different tool among 1,500", found[:1] == ["stock__locate_warehouse_0917"], found)
        result = await run(session, "stock__item_1234", {"quantity": 5})
        check("huge list: run_intent stock__item_1234 routed to its tool", not is_error(result) and text_of(result) == 'item_1234: {"quantity": 5}', text_of(result))
        result = await run(session, "stock__item_1499", {"quantity": -1})
        check("huge list: the server's own schema is checked (minimum 0)", is_error(result) and "quantity" in text_of(result), text_of(result))

    await with_session([config, "--catalog", catalog, "--quiet"], compact)

    async def full(session):
        tools = {tool.name: tool for tool in (await session.list_tools()).tools}
        check("huge list: full mode lists all 1,503 tools", len(tools) == 1503 and "stock__item_0000" in tools and "stock__item_1499" in tools, len(tools))
        doorbell = tools.get("home__ring_doorbell")
        schema = getattr(doorbell, "inputSchema", None) or getattr(doorbell, "input_schema", None) or {}
        check("schema-less: listed with an object input schema", schema.get("type") == "object", schema)
        result = await session.call_tool("home__ring_doorbell", {})
        check("schema-less: tools/call home__ring_doorbell routed", not is_error(result) and parsed(text_of(result)) == {"tool": "ring_doorbell", "arguments": {}}, text_of(result))
        result = await session.call_tool("home__log_event", {"kind": "window", "floor": 1})
        check("schema-less: tools/call home__log_event passes any arguments", parsed(text_of(result)) == {"tool": "log_event", "arguments": {"kind": "window", "floor": 1}}, text_of(result))

    await with_session([config, "--catalog", catalog, "--quiet", "--mode", "full"], full)


async def fastmcp():
    if not FASTMCP_PYTHON or subprocess.run([FASTMCP_PYTHON, "-c", "import fastmcp"], capture_output=True).returncode != 0:
        print("  --   SKIPPED FastMCP: the fastmcp package is not installed (--fastmcp-python); its checks are left out")
        return
    config = write_config("fastmcp.json", {"fast": {"command": FASTMCP_PYTHON, "args": [os.path.join(FIXTURES, "fastmcp_tools.py")]}})

    async def body(session):
        tools = [tool.name for tool in (await session.list_tools()).tools]
        check("FastMCP: its tools listed through the gateway (full mode)", sorted(tools) == ["convert_temperature", "count_words", "order_coffee"], tools)
        result = await session.call_tool("convert_temperature", {"celsius": 21})
        check("FastMCP: a call forwarded, its result relayed", not is_error(result) and text_of(result) == "21 °C is 69.8 °F", text_of(result))

    await with_session([config, "--quiet", "--mode", "full"], body)

    asked = []

    async def answer(context, params):
        asked.append(params.message)
        return ElicitResult(action="accept", content={"value": "large"})

    async def eliciting(session):
        result = await session.call_tool("order_coffee", {})
        check("FastMCP: its ctx.elicit reaches the host, the answer goes back", asked == ["Which size of coffee?"] and text_of(result) == "ordered a large coffee", (asked, text_of(result)))

    await with_session([config, "--quiet", "--mode", "full"], eliciting, elicitation_callback=answer)

    async def declined(session):
        result = await session.call_tool("order_coffee", {})
        check("FastMCP: a host without elicitation → its ctx.elicit gets decline", text_of(result) == "no coffee: the user answered decline", text_of(result))

    await with_session([config, "--quiet", "--mode", "full"], declined)

    async def compact(session):
        found = await search(session, "convert 21 degrees celsius to fahrenheit")
        check("FastMCP: search_intents finds its tool", found[:1] == ["convert_temperature"], found)

    await with_session([config, "--quiet"], compact)


async def fetch():
    if not FETCH or not os.path.exists(FETCH):
        print("  --   SKIPPED mcp-server-fetch: not installed (--fetch-command); its checks are left out")
        return
    done = subprocess.run([BINARY, "import", "mcp", "--", FETCH], capture_output=True, text=True, stdin=subprocess.DEVNULL, timeout=300)
    try:
        tools = [intent["id"] for intent in json.loads(done.stdout)["intents"]]
    except ValueError:
        tools = []
    check("mcp-server-fetch: import mcp captures its fetch tool", done.returncode == 0 and "fetch" in tools, (tools, done.stderr[-400:]))
    config = write_config("fetch.json", {"fetch": {"command": FETCH}})

    async def body(session):
        listed = [tool.name for tool in (await session.list_tools()).tools]
        check("mcp-server-fetch: listed through the gateway (full mode)", "fetch" in listed, listed)

    await with_session([config, "--quiet", "--mode", "full"], body)

    async def compact(session):
        found = await search(session, "fetch the contents of a web page from a URL")
        check("mcp-server-fetch: search_intents finds fetch", found[:1] == ["fetch"], found)

    await with_session([config, "--quiet"], compact)


async def main():
    await schemaless_and_huge()
    await fastmcp()
    await fetch()


asyncio.run(main())
shutil.rmtree(gateway.work, ignore_errors=True)
print(check.summary("gateway fixtures"))
sys.exit(1 if check.failed else 0)
