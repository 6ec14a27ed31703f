"""`intentbridge gateway` with live upstreams, driven by the official Python SDK client as the
host: an upstream killed mid-session is restarted, and an upstream whose tool list grows is
re-listed and re-indexed without embedding the other servers' texts again.

Usage: python gateway_live.py BINARY [--servers-python PYTHON]   (as Tests/mcp/gateway.py)

Checks:
- (restart) the fixture Tests/mcp/fixtures/restartable.py writes its process id to a file;
  the test kills it (SIGKILL) mid-session. Every request after that is answered (each
  bounded by a generous timeout); `search_intents` still finds its tool and reports it
  unavailable (`available: false`, the reason in `unavailable` and in its text);
  `run_intent` answers `isError` naming the server and that it is restarting; the other
  server's tools still answer. The restarted fixture waits for a file the test writes
  (no clock involved); then its tool is reported available again and `run_intent` reaches
  the new process. Standard error says how the server ended and that it was restarted. The
  restarted fixture lists one more tool, which the next searches find (a restart with other
  tools is handled as a list_changed).
- (list_changed) the fixture Tests/mcp/fixtures/growing_tools.py adds a tool and sends
  `notifications/tools/list_changed`: the next searches (polled, with a timeout) find the new
  tool, `run_intent` calls it, and the index rebuild's notice shows that only the new tool's
  texts were embedded, every other text reused; in full mode `tools/list` lists it.
Prints one line per check and, last, `gateway live: N passed, M failed`; exits 1 on any failure.
"""

import asyncio
import os
import re
import shutil
import signal
import sys

import gateway
from gateway import FIXTURES, PYTHON, check, is_error, run, structured, structured_content, text_of, with_session, write_config

work = gateway.work
# Generous: a request is "answered" when it is answered within this many seconds.
ANSWER_TIMEOUT = 60
# How long the test waits for the gateway to notice a change (it polls; no timing is checked).
POLL_TIMEOUT = 120


def fixture(name, *args, env=None):
    server = {"command": PYTHON, "args": [os.path.join(FIXTURES, name + ".py"), *args]}
    if env:
        server["env"] = env
    return server


async def answered(awaitable, what):
    """The request's answer; a check fails (and None is returned) when none comes in time."""
    try:
        return await asyncio.wait_for(awaitable, ANSWER_TIMEOUT)
    except asyncio.TimeoutError:
        check(f"{what}: answered within {ANSWER_TIMEOUT} s", False, "no answer")
        return None


async def search_rows(session, query):
    result = await answered(session.call_tool("search_intents", {"query": query, "limit": 5}), f"search {query!r}")
    return (structured(result).get("results", []), text_of(result)) if result is not None else ([], "")


async def poll(condition, what):
    """Calls `condition()` (async) until it returns something true, at most POLL_TIMEOUT s."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + POLL_TIMEOUT
    while loop.time() < deadline:
        value = await condition()
        if value:
            return value
        await asyncio.sleep(0.2)
    check(f"{what} within {POLL_TIMEOUT} s", False, "gave up waiting")
    return None


def pids(path):
    with open(path, encoding="utf-8") as file:
        return [int(line) for line in file if line.strip()]


# MARK: - Restart

PID_FILE = os.path.join(work, "capitals.pids")
GATE = os.path.join(work, "capitals.gate")
RESTART_CONFIG = write_config(
    "live-restart.json", {"capitals": fixture("restartable", PID_FILE, GATE), "weather": fixture("gateway_tools")}
)
CAPITAL_QUERY = "what is the capital city of France?"


def row_of(rows, intent):
    return next((row for row in rows if row["intent"] == intent), None)


async def restart(session):
    rows, _ = await search_rows(session, CAPITAL_QUERY)
    row = row_of(rows, "capitals__lookup_capital")
    check("restart: search finds the tool, not marked unavailable", row is not None and "available" not in row, rows)
    result = await answered(run(session, "capitals__lookup_capital", {"country": "France"}), "run_intent before the kill")
    first = pids(PID_FILE)
    check(
        "restart: run_intent reaches the fixture",
        result is not None and not is_error(result) and structured_content(result)["pid"] == first[0],
        result and text_of(result),
    )

    os.kill(first[0], signal.SIGKILL)

    async def reported_unavailable():
        rows, text = await search_rows(session, CAPITAL_QUERY)
        row = row_of(rows, "capitals__lookup_capital")
        return (row, text) if row is not None and row.get("available") is False else None

    found = await poll(reported_unavailable, "restart: the killed server's tool reported unavailable")
    if found:
        row, text = found
        check(
            "restart: search still finds the dead server's tool, says why it is unavailable (field and text)",
            "MCP server 'capitals' is restarting" in row.get("unavailable", "")
            and "Unavailable for now: capitals__lookup_capital" in text
            and "restarting" in text,
            (row, text),
        )
    result = await answered(run(session, "capitals__lookup_capital", {"country": "Japan"}), "run_intent while restarting")
    check(
        "restart: run_intent meanwhile answers isError naming the server and that it is restarting",
        result is not None and is_error(result) and "MCP server 'capitals' is restarting" in text_of(result),
        result and text_of(result),
    )
    result = await answered(run(session, "weather__forecast", {"city": "Oslo"}), "the other server meanwhile")
    check(
        "restart: the other server's tools still answer",
        result is not None and not is_error(result) and structured_content(result)["city"] == "Oslo",
        result and text_of(result),
    )
    rows, _ = await search_rows(session, "will it rain in Oslo tomorrow? weather forecast")
    check("restart: search of the other server's tools answers as before", rows[:1] and rows[0]["intent"] == "weather__forecast", rows)

    # Let the restarted fixture serve.
    with open(GATE, "w", encoding="utf-8") as file:
        file.write("open\n")

    async def reported_available():
        rows, _ = await search_rows(session, CAPITAL_QUERY)
        row = row_of(rows, "capitals__lookup_capital")
        return row if row is not None and "available" not in row else None

    await poll(reported_available, "restart: the tool reported available again")
    result = await answered(run(session, "capitals__lookup_capital", {"country": "Peru"}), "run_intent after the restart")
    later = pids(PID_FILE)
    check(
        "restart: run_intent works again, answered by the restarted process",
        result is not None and not is_error(result) and len(later) == 2 and structured_content(result)["pid"] == later[1],
        (result and text_of(result), later),
    )

    # The restarted server lists one more tool: handled as a tools/list_changed.
    async def currency_found():
        rows, _ = await search_rows(session, "which currency do they use in Japan?")
        return rows if rows[:1] and rows[0]["intent"] == "capitals__lookup_currency" else None

    check("restart: a tool the restarted server lists is found by search", await poll(currency_found, "restart: the new tool found") is not None)
    result = await answered(run(session, "capitals__lookup_currency", {"country": "Japan"}), "run_intent lookup_currency")
    check("restart: run_intent calls the restarted server's new tool", result is not None and not is_error(result) and "yen" in text_of(result), result and text_of(result))


# MARK: - list_changed

GROWING_CONFIG = write_config("live-growing.json", {"weather": fixture("gateway_tools"), "growing": fixture("growing_tools")})
CONVERT_QUERY = "convert 26 miles to kilometres"


async def grows(session):
    rows, _ = await search_rows(session, CONVERT_QUERY)
    check("list_changed: before, no convert_units tool", all(row["intent"] != "growing__convert_units" for row in rows), rows)
    result = await answered(run(session, "growing__add_unit_converter", {}), "run_intent add_unit_converter")
    check("list_changed: the fixture adds its tool", result is not None and not is_error(result), result and text_of(result))

    async def found():
        rows, _ = await search_rows(session, CONVERT_QUERY)
        return rows if rows[:1] and rows[0]["intent"] == "growing__convert_units" else None

    rows = await poll(found, "list_changed: the next search finds the new tool")
    check("list_changed: search finds the new tool first", rows is not None, rows)
    result = await answered(
        run(session, "growing__convert_units", {"value": 26, "from_unit": "miles", "to_unit": "kilometres"}), "run_intent convert_units"
    )
    check("list_changed: run_intent calls the new tool", result is not None and not is_error(result) and "41.843 kilometres" in text_of(result), result and text_of(result))


async def grows_full(session):
    names = [tool.name for tool in (await session.list_tools()).tools]
    check("list_changed (full): before, not listed", "growing__convert_units" not in names and "weather__forecast" in names, names)
    await answered(session.call_tool("growing__add_unit_converter", {}), "tools/call add_unit_converter")

    async def listed():
        names = [tool.name for tool in (await session.list_tools()).tools]
        return names if "growing__convert_units" in names else None

    check("list_changed (full): tools/list then lists the new tool", await poll(listed, "list_changed (full): the new tool listed") is not None)


def rebuild_notice(err):
    """(embedded, reused) of the last index rebuild notice on standard error, or None."""
    found = re.findall(r"rebuilt it \(embedded (\d+) texts?, reused (\d+)\)", err)
    return tuple(int(n) for n in found[-1]) if found else None


async def main():
    err = await with_session([RESTART_CONFIG, "--timeout", "120"], restart)
    check("restart: standard error says how the server ended", "[capitals] gateway: the server was ended by signal 9" in err, err[-1500:])
    check("restart: standard error says it was restarted", "[capitals] gateway: restarted" in err, err[-1500:])
    check("restart: the fixture's own standard error relayed with [capitals]", "[capitals] fixture restartable: started as process" in err, err[-800:])
    counts = rebuild_notice(err)
    check(
        "restart: other tools after the restart rebuild the catalog, embedding only the new tool's texts",
        "[capitals] gateway: it lists other tools now (2)" in err and counts is not None and 1 <= counts[0] <= 3 and counts[1] >= 6,
        (counts, err[-1500:]),
    )

    err = await with_session([GROWING_CONFIG], grows)
    check("list_changed: standard error says the server lists other tools", "[growing] gateway: it lists other tools now (3)" in err, err[-1500:])
    counts = rebuild_notice(err)
    # The new tool's texts only (its title and description, perhaps a phrase or keywords):
    # every text of the weather server and of the growing server's other tools is reused.
    check(
        "list_changed: the index rebuild embedded only the new tool's texts and reused every other",
        counts is not None and 1 <= counts[0] <= 3 and counts[1] >= 7,
        (counts, err[-1500:]),
    )

    catalog = os.path.join(work, "live-growing-full.catalog.json")
    err = await with_session([GROWING_CONFIG, "--mode", "full", "--catalog", catalog], grows_full)
    counts = rebuild_notice(err)
    check("list_changed (full): the rebuild reused the other texts", counts is not None and counts[1] >= 7, (counts, err[-800:]))


if __name__ == "__main__":
    asyncio.run(main())
    shutil.rmtree(work, ignore_errors=True)
    print(check.summary(f"gateway live (SDK {gateway.SDK_MAJOR}.x host)"))
    sys.exit(1 if check.failed else 0)
