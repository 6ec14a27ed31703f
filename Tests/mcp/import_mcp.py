"""`intentbridge import mcp` against real MCP servers: fixture servers written with the
official Python SDK (Tests/mcp/fixtures/) and the PyPI reference server `mcp-server-time`,
all installed in the virtual environment that runs this script.

Usage: python import_mcp.py BINARY [--modern-python PYTHON]

With `--modern-python`, a Python with the SDK's 2.x line: its `MCPServer` fixture
(fixtures/modern_tools.py, which serves both protocol eras) is imported too.

Checks the catalogs (tool count, names and their order, namespaces, an input schema carried
through, `source.servers`), the same bytes on a second run, collisions reported on standard
error, and the errors: a server that crashes at start and one that hangs on tools/list
(exit 1, the server named), a configuration that is not as documented (exit 65, the file,
line:column and JSON path named), a wrong command line (exit 64). No check measures time:
the hanging server is given `--timeout 2` and the check reads the message.
Prints one line per check and, last, `import mcp: N passed, M failed`; exits 1 on any failure.
"""

import json
import os
import subprocess
import sys
import tempfile

from checks import Checks

BINARY = os.path.abspath(sys.argv[1])
MODERN_PYTHON = sys.argv[sys.argv.index("--modern-python") + 1] if "--modern-python" in sys.argv else None
HERE = os.path.dirname(os.path.abspath(__file__))
FIXTURES = os.path.join(HERE, "fixtures")
PYTHON = sys.executable
TIME_SERVER = os.path.join(os.path.dirname(PYTHON), "mcp-server-time")
check = Checks()
work = tempfile.mkdtemp(prefix="import-mcp-")


def fixture(name):
    return [PYTHON, os.path.join(FIXTURES, name + ".py")]


def run(args, timeout=300):
    """Runs the binary; returns (exit status, standard output, standard error)."""
    done = subprocess.run([BINARY, "import", "mcp", *args], capture_output=True, text=True, timeout=timeout, stdin=subprocess.DEVNULL)
    return done.returncode, done.stdout, done.stderr


def catalog_of(args, name):
    """Runs an import that must succeed; returns the catalog (or None) and standard error."""
    status, out, err = run(args)
    ok = check(f"{name}: exit 0", status == 0, f"exit {status}: {err[-800:]}")
    if not ok:
        return None, err
    try:
        return json.loads(out), err
    except ValueError as error:
        check(f"{name}: the catalog is JSON", False, str(error))
        return None, err


def ids(catalog):
    return [intent["id"] for intent in catalog["intents"]] if catalog else []


def parameter(catalog, intent_id, name):
    for intent in (catalog or {}).get("intents", []):
        if intent["id"] == intent_id:
            for p in intent.get("parameters", []):
                if p["name"] == name:
                    return p
    return None


def write_config(name, document):
    path = os.path.join(work, name)
    with open(path, "w", encoding="utf-8") as file:
        file.write(document if isinstance(document, str) else json.dumps(document, indent=2))
    return path


def server(name, **extra):
    entry = {"command": PYTHON, "args": [os.path.join(FIXTURES, name + ".py")]}
    entry.update(extra)
    return entry


# -- One server after '--'
catalog, err = catalog_of(["--", *fixture("three_tools")], "three tools")
check("three tools: 3 intents in the server's order", ids(catalog) == ["echo", "add", "set_lamp"], ids(catalog))
room = parameter(catalog, "set_lamp", "room")
enums = {enum["id"]: [case["value"] for case in enum["cases"]] for enum in (catalog or {}).get("enums", [])}
check(
    "three tools: the enum of set_lamp.room carried through",
    room is not None and room.get("type") == {"enum": "set_lamp.room"} and enums.get("set_lamp.room") == ["kitchen", "hall", "bedroom"],
    (room, enums),
)
brightness = parameter(catalog, "set_lamp", "brightness")
check("three tools: set_lamp.brightness an integer with its default", brightness is not None and brightness.get("type") == "integer" and brightness.get("default") == 100, brightness)
check("three tools: app named after the script", catalog and catalog["app"]["name"] == "three_tools", catalog and catalog["app"])
source = (catalog or {}).get("source", {})
check("three tools: source.kind mcp", source.get("kind") == "mcp", source.get("kind"))
servers = source.get("servers", [])
check(
    "three tools: source.servers names the server, its version and no namespace",
    len(servers) == 1 and servers[0]["name"] == "three_tools" and servers[0]["namespace"] is None and servers[0]["protocolVersion"].startswith("20"),
    servers,
)
check("three tools: the server's standard error relayed with [three_tools]", "[three_tools] " in err, err[-500:])

catalog, _ = catalog_of(["--name", "fx", "--namespace", "fx", "--", *fixture("three_tools")], "--namespace")
check("--namespace: every tool prefixed fx__", ids(catalog) == ["fx__echo", "fx__add", "fx__set_lamp"], ids(catalog))
titles = [intent.get("title") for intent in (catalog or {}).get("intents", [])]
check("--namespace: titles from the tools' own names", titles[:1] == ["Echo"], titles)

catalog, _ = catalog_of(["--", *fixture("paginated")], "paginated")
check("paginated: all 250 tools of 3 tools/list pages", len(ids(catalog)) == 250, len(ids(catalog)))
check("paginated: in the server's order", ids(catalog) == [f"tool_{i:03d}" for i in range(250)], ids(catalog)[:5])
n = parameter(catalog, "tool_249", "n")
check("paginated: the input schema of tool_249 carried through (maximum 249)", n is not None and n.get("maximum") == 249, n)

catalog, _ = catalog_of(["--", *fixture("slow_start")], "slow start")
check("slow start: answered once it was ready (well within the default timeout)", ids(catalog) == ["ready"], ids(catalog))

catalog, _ = catalog_of(["--", TIME_SERVER], "mcp-server-time")
check("mcp-server-time: get_current_time and convert_time", sorted(ids(catalog)) == ["convert_time", "get_current_time"], ids(catalog))
check("mcp-server-time: app named mcp-server-time", catalog and catalog["app"]["name"] == "mcp-server-time", catalog and catalog["app"])
zone = parameter(catalog, "get_current_time", "timezone")
check("mcp-server-time: get_current_time.timezone is a required string", zone is not None and zone.get("type") == "string" and not zone.get("optional"), zone)

if MODERN_PYTHON:
    catalog, err = catalog_of(["--", MODERN_PYTHON, os.path.join(FIXTURES, "modern_tools.py")], "SDK 2.x server")
    check("SDK 2.x server: its 2 tools", ids(catalog) == ["lookup_word", "count_letters"], ids(catalog))
    servers = (catalog or {}).get("source", {}).get("servers", [])
    check(
        "SDK 2.x server: a session of a version we speak, serverInfo kept",
        len(servers) == 1 and servers[0]["protocolVersion"] in ("2025-11-25", "2026-07-28") and servers[0].get("serverInfo", {}).get("name") == "modern-tools",
        servers,
    )
    language = parameter(catalog, "lookup_word", "language")
    check("SDK 2.x server: lookup_word.language keeps its default", language is not None and language.get("default") == "en", language)

# -- Several servers from a configuration
config = write_config(
    "servers.json",
    {
        "mcpServers": {
            "time": {"command": TIME_SERVER, "args": [], "env": {"IB_FIXTURE": "1"}},
            "three": server("three_tools"),
            "collide": server("collide", exclude=["clear_*"]),
            "pages": server("paginated", include=["tool_00?", "tool_1*"], exclude=["tool_15?"]),
            "remote": {"type": "http", "url": "https://example.invalid/mcp"},
        }
    },
)
out_path = os.path.join(work, "all.json")
status, out, err = run(["--config", config, "--out", out_path])
check("config: exit 0", status == 0, f"exit {status}: {err[-800:]}")
catalog = json.load(open(out_path, encoding="utf-8")) if status == 0 else None
expected = (
    ["time__get_current_time", "time__convert_time", "three__echo", "three__add", "three__set_lamp", "collide__echo", "collide__add"]
    + [f"pages__tool_00{i}" for i in range(10)]
    + [f"pages__tool_{i}" for i in range(100, 200) if not 150 <= i <= 159]
)
check("config: one namespace per server, include/exclude applied, config order", ids(catalog) == expected, ids(catalog)[:12])
check("config: the remote server skipped with a note", "MCP server 'remote' skipped" in err, err[-600:])
check("config: filtered tools reported", "'pages': 100 of its 250 tools imported" in err and "'collide': 2 of its 3 tools imported" in err, err[-800:])
servers = (catalog or {}).get("source", {}).get("servers", [])
check(
    "config: source.servers maps catalog names to upstream names",
    [s["name"] for s in servers] == ["time", "three", "collide", "pages"] and servers[0]["tools"].get("time__convert_time") == "convert_time",
    servers[:1],
)
check("config: no collision reported (namespaces keep them apart)", "would be named" not in err, err[-400:])
zone = parameter(catalog, "time__convert_time", "target_timezone")
check("config: time__convert_time keeps its parameters", zone is not None and zone.get("type") == "string", zone)
status2, out2, _ = run(["--config", config])
check("config: the same catalog on a second run", status2 == 0 and catalog is not None and json.loads(out2) == catalog)
with open(out_path, encoding="utf-8") as file:
    first_bytes = file.read()
status3, out3, _ = run(["--config", config])
check("config: byte for byte", status3 == 0 and out3 == first_bytes)

tools_json = subprocess.run([BINARY, "tools", out_path, "--format", "mcp"], capture_output=True, text=True)
listed = [tool["name"] for tool in json.loads(tools_json.stdout)["tools"]] if tools_json.returncode == 0 else []
check("config: 'tools --format mcp' serves the namespaced names", listed == expected, tools_json.stderr[-400:])

status, out, err = run(["--config", config, "--server", "time"])
catalog = json.loads(out) if status == 0 else None
check("--server time: only its tools, without namespace", status == 0 and sorted(ids(catalog)) == ["convert_time", "get_current_time"], err[-400:])

# -- Collisions: servers that keep their own names
config = write_config(
    "collide.json",
    {"mcpServers": {"three": server("three_tools", namespace=""), "collide": server("collide", namespace="")}},
)
catalog, err = catalog_of(["--config", config], "collision")
check(
    "collision: later names suffixed, deterministically",
    ids(catalog) == ["echo", "add", "set_lamp", "echo_2", "add_2", "clear_list"],
    ids(catalog),
)
check(
    "collision: reported on standard error, naming both servers",
    "MCP server 'collide': tool \"echo\" would be named \"echo\", which a tool of MCP server 'three' has; imported as \"echo_2\"" in err,
    err[-800:],
)
servers = (catalog or {}).get("source", {}).get("servers", [])
check("collision: echo_2 maps back to collide's echo", len(servers) == 2 and servers[1]["tools"].get("echo_2") == "echo", servers)

# -- Servers that fail
status, out, err = run(["--", *fixture("crash")])
check("crash: exit 1", status == 1, f"exit {status}")
check("crash: nothing on standard output", out == "", out[:200])
check(
    "crash: the error names the server, its exit status and its last words",
    "MCP server 'crash' exited with status 3 before answering initialize" in err and "failing on purpose" in err,
    err[-600:],
)
check("crash: its standard error relayed with [crash]", "[crash] fixture crash: failing on purpose" in err, err[-600:])

status, out, err = run(["--timeout", "2", "--", *fixture("hang")])
check("hang: exit 1", status == 1, f"exit {status}")
check("hang: the error names the server and the request", "MCP server 'hang' did not answer tools/list within 2 s" in err, err[-600:])

config = write_config("with-crash.json", {"mcpServers": {"three": server("three_tools"), "broken": server("crash")}})
status, out, err = run(["--config", config])
check("config with a crashing server: exit 1, no catalog, the server named", status == 1 and out == "" and "MCP server 'broken' exited" in err, err[-600:])

status, out, err = run(["--", os.path.join(work, "no-such-server")])
check("missing program: exit 1, named", status == 1 and "could not be started" in err and "no-such-server" in err, err[-400:])
config = write_config("bad-cwd.json", {"mcpServers": {"three": server("three_tools", cwd="no/such/folder")}})
status, out, err = run(["--config", config])
check("missing cwd: exit 1, the folder named", status == 1 and "no/such/folder" in err and "(cwd)" in err, err[-400:])

# -- Configurations that are not as documented
def bad_config(name, text, *expected_parts, extra=()):
    path = write_config(name, text)
    status, out, err = run(["--config", path, *extra])
    check(f"bad config {name}: exit 65", status == 65, f"exit {status}: {err[-400:]}")
    missing = [part for part in (path, *expected_parts) if part not in err]
    check(f"bad config {name}: names {', '.join(expected_parts)}", not missing, f"missing {missing} in: {err[-600:]}")


bad_config("syntax.json", '{"mcpServers": {"a": {"command": "x",}}}', ":1:38: error:", "[json-syntax]")
bad_config("no-servers.json", '{"servers": {}}', 'missing "mcpServers"', "VS Code")
bad_config("args.json", '{\n  "mcpServers": {\n    "a": {"command": "x", "args": "--flag"}\n  }\n}', ":3:35: error:", "$.mcpServers.a.args", "array of strings")
bad_config("env.json", '{"mcpServers": {"a": {"command": "x", "env": {"TOKEN": 5}}}}', "$.mcpServers.a.env.TOKEN", "must be a string, found integer")
bad_config("command.json", '{"mcpServers": {"a": {"args": []}}}', "$.mcpServers.a", 'has no "command"')
bad_config("namespace.json", '{"mcpServers": {"a": {"command": "x", "namespace": "a.b"}}}', "$.mcpServers.a.namespace", '"a.b"')
bad_config("root.json", "[]", "expected an object")
bad_config("unknown-server.json", {"mcpServers": {"timer": server("three_tools")}}, "no stdio server named 'time'", "did you mean 'timer'", extra=("--server", "time"))
status, out, err = run(["--config", os.path.join(work, "missing.json")])
check("missing config: exit 65, named", status == 65 and "missing.json" in err, err[-300:])

# -- The configuration's JSON Schema agrees with the command
try:
    from jsonschema import Draft202012Validator
except ImportError:  # the SDK depends on jsonschema; say so instead of skipping silently
    Draft202012Validator = None
check("Schemas/mcp-servers.schema.json: jsonschema available (a dependency of the SDK)", Draft202012Validator is not None)
if Draft202012Validator is not None:
    root = os.path.dirname(os.path.dirname(HERE))
    schema = json.load(open(os.path.join(root, "Schemas", "mcp-servers.schema.json"), encoding="utf-8"))
    Draft202012Validator.check_schema(schema)
    validator = Draft202012Validator(schema)
    for name in ("servers.json", "collide.json", "with-crash.json", "bad-cwd.json", os.path.join(root, "Examples", "mcp", "servers.json")):
        document = json.load(open(os.path.join(work, name), encoding="utf-8"))
        errors = [error.message for error in validator.iter_errors(document)]
        check(f"schema: {os.path.basename(name)} (imported) is valid", not errors, errors)
    for name in ("no-servers.json", "args.json", "env.json", "command.json", "namespace.json", "root.json"):
        document = json.load(open(os.path.join(work, name), encoding="utf-8"))
        check(f"schema: {name} (refused with exit 65) is invalid", any(True for _ in validator.iter_errors(document)))

# -- Command-line mistakes
status, out, err = run([])
check("no server: exit 64 with a usage hint", status == 64 and "needs a server" in err, err[-300:])
status, out, err = run(["--config", "x.json", "--", "python3"])
check("--config and a command: exit 64", status == 64 and "not both" in err, err[-300:])
status, out, err = run(["--timeout", "0", "--", "python3"])
check("--timeout 0: exit 64", status == 64 and "--timeout" in err, err[-300:])

print(check.summary("import mcp"))
sys.exit(1 if check.failed else 0)
