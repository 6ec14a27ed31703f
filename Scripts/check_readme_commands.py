"""Runs the README: every `intentbridge` command of its shell blocks and every MCP client snippet.

Usage: python3 Scripts/check_readme_commands.py BINARY [--readme FILE]

Prints one line per check and, last, `readme commands: N passed, M failed`; exits 1 on any
failure. Run by Scripts/test.sh against the release binary.

Commands. In each ```sh / ```bash / ```shell / ```console block of the README:
- A block whose lines start with `$ ` shows a session: each `$ ` line is a command, the lines
  up to the next `$ ` its output. Any other block is a list of commands (no output shown).
  A line ending in `\\` continues on the next one.
- `NAME=VALUE` lines set a variable that later commands use as `$NAME` or `${NAME}`.
- The blocks of the section "Set-up: two commands" are left to Scripts/check_setup_commands.py,
  which runs them exactly as written.
- A command invokes IntentBridge when its program is `intentbridge`, a path ending in
  `/intentbridge` (`.build/release/intentbridge`) or `swift run … intentbridge`: the BINARY
  runs instead with the command's arguments, from the checkout's root; unquoted `*`/`?`
  arguments are expanded there as the shell would. Other commands (`swift build`,
  `bash Scripts/test.sh`) are listed as not run; a line that mentions `intentbridge` in any
  other way, or uses pipes, `&&`, `;` or `<`, fails (this script cannot run it faithfully).
- Files a command writes (`--out FILE`, `> FILE`) go to a temporary folder instead; later
  arguments naming the same file get the temporary path, and the temporary path is written
  back as the README's name in the output before comparing, so the checkout stays clean.
- Expected exit status: 0, unless the command's trailing comment says `# exit N` or
  `# exits N` (for commands that show an error on purpose).
- Shown output (session blocks) is compared line by line with what the command wrote to
  standard output and standard error together (one pipe, as a terminal shows them), after
  these normalisations, and nothing else: trailing spaces are ignored; `notice: …` lines
  are left out of the actual output (progress notes such as "wrote the vector file", which
  depend on whether an earlier run already wrote it); a shown line that is just `…` stands
  for any number of lines (the README abridges there); a shown line ending in `…` matches
  any line that starts with the text before it; a number followed by `ms`, `µs` or `s`
  matches any number (timings). Every other character, percentages and scores included,
  must be the same: the README shows what the binary prints.
- `intentbridge serve …` lines are run as MCP servers (below) instead; a trailing comment
  `# N tools …` is checked against the tool count.

MCP client snippets. Every JSON block with `mcpServers` (Claude Desktop, Cursor) and every
`claude mcp add NAME … -- COMMAND ARGS…` line (Claude Code) gives a command and its
arguments: `serve CATALOG …` or `gateway CONFIG …` (whose tools are those of the catalog
`import mcp --config CONFIG` writes, compact by default). `/path/to/IntentBridge/` stands for the checkout's root and a command ending in
`intentbridge` for BINARY; any other `/path/to/` placeholder fails (the snippet must name a
file of the repository so it can be run). Each snippet is started as written and once with
each `--mode` (full, compact, auto; replacing its own `--mode`), and each of those
processes is driven over stdio in three sessions: the handshake era at its oldest version
(`initialize` 2024-11-05, `notifications/initialized`, `tools/list`), at its newest
(2025-11-25), and the stateless era at the newest version `server/discover` reports
(`tools/list` with the `_meta` protocol version and client capabilities). Each session must
list a non-empty set of tools with unique names, following every `nextCursor`: in full mode
exactly the tools of `intentbridge tools CATALOG --format mcp`, in compact mode the four
meta-tools, in auto mode the full list up to 30 discoverable intents and the meta-tools
above (as the README says). The server must exit with 0 when its input ends.
"""

import difflib
import glob
import json
import os
import re
import shlex
import shutil
import subprocess
import sys
import tempfile

ROOT = os.path.abspath(os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
sys.path.insert(0, os.path.join(ROOT, "Tests", "mcp"))
from checks import Checks  # noqa: E402 (one line per check, shared with the MCP tests)
from wire import Wire  # noqa: E402 (the raw stdio peer, shared with the MCP tests)

SHELL_LANGUAGES = {"sh", "bash", "shell", "console", "zsh"}
GUARD = 300  # seconds: a hang guard per command, never a timing bound
PLACEHOLDER_ROOT = "/path/to/IntentBridge"
META_TOOLS = {"search_intents", "describe_intent", "resolve_request", "run_intent"}
AUTO_COMPACT_ABOVE = 30
MODES = ("full", "compact", "auto")
HANDSHAKE_VERSIONS = ("2024-11-05", "2025-11-25")
STATELESS_FIRST = "2026-07-28"

check = Checks()


# ---------------------------------------------------------------- reading the README


def code_blocks(text):
    """(language, first content line number, [lines]) of every fenced block, in order."""
    blocks, lines, i = [], text.split("\n"), 0
    while i < len(lines):
        opening = re.match(r"^```\s*([\w-]*)", lines[i])
        if not opening:
            i += 1
            continue
        language, start, body = opening.group(1).lower(), i + 2, []
        i += 1
        while i < len(lines) and not lines[i].startswith("```"):
            body.append(lines[i])
            i += 1
        blocks.append((language, start, body))
        i += 1
    return blocks


def setup_section_lines(text):
    """Line numbers of the section "## Set-up: two commands", whose commands
    Scripts/check_setup_commands.py runs exactly as written instead."""
    lines, inside, numbers = text.split("\n"), False, set()
    for number, line in enumerate(lines, 1):
        if line.startswith("## "):
            inside = line.strip() == "## Set-up: two commands"
        if inside:
            numbers.add(number)
    return numbers


def preceding_label(text, block_line):
    """The last non-empty line before a block (e.g. "Cursor (`.cursor/mcp.json` …):")."""
    before = text.split("\n")[: block_line - 2]
    for line in reversed(before):
        if line.strip():
            return re.split(r"[(:]", line.strip(), 1)[0].strip() or line.strip()
    return "snippet"


def split_comment(line):
    """(code, comment): the comment starts at the first unquoted `#` that begins a word."""
    quote = None
    for i, ch in enumerate(line):
        if quote:
            if ch == quote:
                quote = None
        elif ch in "'\"":
            quote = ch
        elif ch == "#" and (i == 0 or line[i - 1].isspace()):
            return line[:i].rstrip(), line[i + 1 :].strip()
    return line.rstrip(), ""


def shell_entries(start, body):
    """(line number, command text, shown output lines or None) of one shell block."""
    session = any(line.startswith("$ ") for line in body)
    entries, i = [], 0
    while i < len(body):
        line, number = body[i], start + i
        if session and not line.startswith("$ "):
            i += 1
            continue
        command = line[2:] if session else line
        while command.endswith("\\") and i + 1 < len(body):
            i += 1
            command = command[:-1] + " " + body[i].strip()
        i += 1
        output = None
        if session:
            output = []
            while i < len(body) and not body[i].startswith("$ "):
                output.append(body[i])
                i += 1
        if command.strip() and not command.strip().startswith("#"):
            entries.append((number, command, output))
    return entries


# ---------------------------------------------------------------- running commands


class Files:
    """README file names a command writes → paths in a temporary folder."""

    def __init__(self):
        self.folder = tempfile.mkdtemp(prefix="readme-commands-")
        self.paths = {}

    def output(self, name):
        if name not in self.paths:
            base = os.path.basename(name) or "output"
            path = os.path.join(self.folder, base)
            n = 1
            while path in self.paths.values():
                n += 1
                path = os.path.join(self.folder, f"{n}-{base}")
            self.paths[name] = path
        return self.paths[name]

    def argument(self, token):
        return self.paths.get(token, token)

    def back_to_readme(self, text):
        for name, path in sorted(self.paths.items(), key=lambda item: -len(item[1])):
            text = text.replace(path, name)
        return text.replace(self.folder + os.sep, "")


def expand_variables(tokens, variables):
    def one(token):
        match = re.fullmatch(r"\$(\w+)|\$\{(\w+)\}", token)
        if match:
            name = match.group(1) or match.group(2)
            if name in variables:
                return variables[name]
        return token

    return [one(token) for token in tokens]


def intentbridge_arguments(tokens):
    """The arguments after the program when the command runs IntentBridge, else None."""
    if not tokens:
        return None
    if os.path.basename(tokens[0]) == "intentbridge":
        return tokens[1:]
    if tokens[:2] == ["swift", "run"] and "intentbridge" in tokens[2:]:
        return tokens[tokens.index("intentbridge", 2) + 1 :]
    return None


def expand_glob(token):
    if not re.search(r"[*?\[]", token):
        return [token]
    matches = sorted(os.path.relpath(p, ROOT) for p in glob.glob(os.path.join(ROOT, token)))
    return matches or [token]


def prepare(arguments, files):
    """(argv after the program, stdout file or None), output files moved to the temporary folder."""
    argv, stdout_file, i = [], None, 0
    while i < len(arguments):
        token = arguments[i]
        if token in (">", ">>") and i + 1 < len(arguments):
            stdout_file = files.output(arguments[i + 1])
            i += 2
            continue
        if token.startswith(">") and len(token) > 1:
            stdout_file = files.output(token.lstrip(">"))
            i += 1
            continue
        if token == "--out" and i + 1 < len(arguments):
            argv += ["--out", files.output(arguments[i + 1])]
            i += 2
            continue
        if token.startswith("--out="):
            argv.append("--out=" + files.output(token[len("--out=") :]))
            i += 1
            continue
        argv += [files.argument(t) for t in expand_glob(token)]
        i += 1
    return argv, stdout_file


def shown_line_pattern(line):
    """A regular expression for one shown line (see the module's doc comment)."""
    prefix = line.endswith("…")
    parts = re.split(r"(\d+(?:\.\d+)?(?= ?(?:ms|µs|s)\b))", line[:-1] if prefix else line)
    pattern = "".join(r"[0-9]+(?:\.[0-9]+)?" if i % 2 else re.escape(part) for i, part in enumerate(parts))
    return pattern + (".*" if prefix else "")


def output_matches(shown, actual):
    """True when the actual lines match the shown lines (`…` lines absorb any run of lines)."""
    shown = [line.rstrip() for line in shown]
    while shown and not shown[-1]:
        shown.pop()
    patterns = [None if line.strip() in ("…", "...") else re.compile(shown_line_pattern(line)) for line in shown]
    memo = {}

    def match(i, j):
        if (i, j) in memo:
            return memo[(i, j)]
        if i == len(patterns):
            result = j == len(actual)
        elif patterns[i] is None:
            result = any(match(i + 1, k) for k in range(j, len(actual) + 1))
        else:
            result = j < len(actual) and patterns[i].fullmatch(actual[j]) is not None and match(i + 1, j + 1)
        memo[(i, j)] = result
        return result

    return match(0, 0)


def actual_lines(text):
    lines = [line.rstrip() for line in text.split("\n") if not line.startswith("notice: ")]
    while lines and not lines[-1]:
        lines.pop()
    return lines


def run_command(binary, number, code, comment, output, arguments, files):
    argv, stdout_file = prepare(arguments, files)
    label = f"README.md:{number}: {code}"
    expected = re.search(r"\bexits? (\d+)\b", comment)
    expected = int(expected.group(1)) if expected else 0
    try:
        if stdout_file:
            with open(stdout_file, "wb") as sink:
                result = subprocess.run([binary] + argv, cwd=ROOT, stdout=sink, stderr=subprocess.PIPE, timeout=GUARD)
            printed = result.stderr
        else:
            result = subprocess.run([binary] + argv, cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, timeout=GUARD)
            printed = result.stdout
    except subprocess.TimeoutExpired:
        check(f"{label}: finishes", False, f"no exit within the {GUARD} s guard")
        return
    text = files.back_to_readme(printed.decode("utf-8", "replace"))
    check(f"{label}: exit {expected}", result.returncode == expected, f"got {result.returncode}:\n{text[-1500:]}")
    if output is not None and any(line.strip() for line in output):
        lines = actual_lines(text)
        same = output_matches(output, lines)
        diff = "\n".join(difflib.unified_diff([l.rstrip() for l in output], lines, "README", "actual", lineterm="", n=1))
        check(f"{label}: output as shown", same, "\n" + diff[:3000])


# ---------------------------------------------------------------- MCP sessions


def meta(version):
    return {"io.modelcontextprotocol/protocolVersion": version, "io.modelcontextprotocol/clientCapabilities": {}}


def listed_tools(wire, params_extra):
    """Every tool name of tools/list, following nextCursor; None when a reply is missing or an error."""
    names, cursor, request_id = [], None, 10
    while True:
        params = dict(params_extra)
        if cursor:
            params["cursor"] = cursor
        reply = wire.request({"jsonrpc": "2.0", "id": request_id, "method": "tools/list", "params": params}, timeout=120)
        if not reply or "result" not in reply:
            return None, reply
        names += [tool["name"] for tool in reply["result"].get("tools", [])]
        cursor = reply["result"].get("nextCursor")
        request_id += 1
        if not cursor or request_id > 1000:
            return names, reply


def expected_tools(binary, argv):
    """The tool names the server should list for `argv` (its serve or gateway arguments), and
    the mode. A gateway serves the catalog `import mcp --config` writes for its configuration
    (compact by default)."""
    gateway = argv[:1] == ["gateway"]
    mode = argv[argv.index("--mode") + 1] if "--mode" in argv[:-1] else ("compact" if gateway else "auto")
    folder = None
    if gateway:
        folder = tempfile.mkdtemp(prefix="readme-gateway-")
        catalog = os.path.join(folder, "catalog.json")
        subprocess.run([binary, "import", "mcp", "--config", argv[1], "--out", catalog], cwd=ROOT, capture_output=True,
                       stdin=subprocess.DEVNULL, timeout=GUARD)
    else:
        catalog = next((t for t in argv[1:] if t.endswith(".json")), None)
    command = [binary, "tools", catalog, "--format", "mcp"]
    if "--lang" in argv[:-1]:
        command += ["--lang", argv[argv.index("--lang") + 1]]
    result = subprocess.run(command, cwd=ROOT, capture_output=True, timeout=GUARD)
    full = [tool["name"] for tool in json.loads(result.stdout)["tools"]] if result.returncode == 0 else []
    if folder:
        shutil.rmtree(folder, ignore_errors=True)
        check(f"gateway {argv[1]}: import mcp --config lists its tools", full, result.stderr[-400:])
    if mode == "compact" or (mode == "auto" and len(full) > AUTO_COMPACT_ABOVE):
        return sorted(META_TOOLS), mode
    return sorted(full), mode


def serve_sessions(binary, label, argv, expected_count=None, shown=None):
    """Three MCP sessions (oldest and newest handshake version, stateless era) with `argv`;
    `shown` is the command as the README writes it (for the check names)."""
    expected, mode = expected_tools(binary, argv)
    label = f"{label} [{shown or shlex.join(argv).replace(ROOT + os.sep, '')}]"
    if expected_count is not None:
        check(f"{label}: {expected_count} tools as the README says", len(expected) == expected_count, f"{len(expected)} tools")
    for version in HANDSHAKE_VERSIONS:
        wire = Wire([binary] + argv, cwd=ROOT)
        reply = wire.initialize(version, timeout=120)
        agreed = ((reply or {}).get("result") or {}).get("protocolVersion")
        check(f"{label}: initialize {version}", agreed == version, (reply, "".join(wire.stderr)[-800:]))
        names, last = listed_tools(wire, {})
        check(f"{label}: {version} tools/list ({mode}: {len(expected)} tools)",
              names and len(set(names)) == len(names) and sorted(names) == expected, (names, str(last)[:300]))
        status = wire.finish()
        check(f"{label}: {version} exits 0 at end of input", status == 0, (status, "".join(wire.stderr)[-800:]))
    wire = Wire([binary] + argv, cwd=ROOT)
    reply = wire.request({"jsonrpc": "2.0", "id": 0, "method": "server/discover", "params": {"_meta": meta(STATELESS_FIRST)}}, timeout=120)
    discover = (reply or {}).get("result") or {}
    versions = sorted(discover.get("supportedVersions", []))
    newest = versions[-1] if versions else None
    check(f"{label}: server/discover (newest {newest})", discover.get("resultType") == "complete" and newest and newest >= STATELESS_FIRST, reply)
    if newest:
        names, last = listed_tools(wire, {"_meta": meta(newest)})
        check(f"{label}: {newest} tools/list ({mode}: {len(expected)} tools)",
              names and len(set(names)) == len(names) and sorted(names) == expected, (names, str(last)[:300]))
    status = wire.finish()
    check(f"{label}: {newest} exits 0 at end of input", status == 0, (status, "".join(wire.stderr)[-800:]))


def with_mode(argv, mode):
    argv = list(argv)
    if "--mode" in argv[:-1]:
        argv[argv.index("--mode") + 1] = mode
    else:
        argv += ["--mode", mode]
    return argv


def resolve_snippet(binary, label, command, args):
    """The argv after the program, or None (with a failed check) when a placeholder cannot be resolved."""
    def resolve(token):
        if token == PLACEHOLDER_ROOT or token.startswith(PLACEHOLDER_ROOT + "/"):
            return ROOT + token[len(PLACEHOLDER_ROOT) :]
        return token

    program = resolve(command)
    argv = [resolve(a) for a in args]
    unresolved = [t for t in [program] + argv if t.startswith("/path/to/")]
    if not check(f"{label}: names files of the repository", not unresolved, f"placeholders {unresolved}: use {PLACEHOLDER_ROOT}/Examples/…"):
        return None
    if not check(f"{label}: launches intentbridge", os.path.basename(program) == "intentbridge", program):
        return None
    missing = [a for a in argv if a.startswith(ROOT) and not os.path.exists(a)]
    if not check(f"{label}: its files exist", not missing, missing):
        return None
    return argv


def check_snippet(binary, label, command, args):
    argv = resolve_snippet(binary, label, command, args)
    if argv is None:
        return 0
    check(f"{label}: runs serve or gateway", argv[:1] in (["serve"], ["gateway"]), argv)
    variants = [argv] + [with_mode(argv, mode) for mode in MODES]
    seen = []
    for variant in variants:
        if variant not in seen:
            seen.append(variant)
            serve_sessions(binary, label, variant)
    return 1


# ---------------------------------------------------------------- the README


def main():
    binary = os.path.abspath(sys.argv[1])
    readme = sys.argv[sys.argv.index("--readme") + 1] if "--readme" in sys.argv else os.path.join(ROOT, "README.md")
    text = open(readme, encoding="utf-8").read()
    files = Files()
    variables = {}
    commands = snippets = 0
    print(f"== README commands: {os.path.relpath(readme, ROOT)} with {binary}")
    setup = setup_section_lines(text)
    try:
        for language, start, body in code_blocks(text):
            if language in SHELL_LANGUAGES and start in setup:
                print(f"  --   README.md:{start}: set-up command (run as written by Scripts/check_setup_commands.py)")
            elif language in SHELL_LANGUAGES:
                for number, command, output in shell_entries(start, body):
                    code, comment = split_comment(command)
                    assignment = re.fullmatch(r"\s*([A-Za-z_]\w*)=(\S+)\s*", code)
                    if assignment:
                        variables[assignment.group(1)] = assignment.group(2)
                        continue
                    try:
                        tokens = expand_variables(shlex.split(code), variables)
                    except ValueError as error:
                        check(f"README.md:{number}: {code}: parses as a shell command", False, error)
                        continue
                    if tokens[:3] == ["claude", "mcp", "add"]:
                        if check(f"README.md:{number}: claude mcp add … -- COMMAND ARGS", "--" in tokens, tokens):
                            after = tokens[tokens.index("--") + 1 :]
                            snippets += check_snippet(binary, f"README.md:{number} Claude Code", after[0], after[1:])
                        continue
                    unsupported = [t for t in tokens if t in ("|", "||", "&&", ";", "<", "&")]
                    arguments = intentbridge_arguments(tokens)
                    if arguments is None:
                        if "intentbridge" in code:
                            check(f"README.md:{number}: {code}: a form this script can run", False, "unrecognised invocation")
                        else:
                            print(f"  --   README.md:{number}: {code} (not intentbridge, not run)")
                        continue
                    if unsupported:
                        check(f"README.md:{number}: {code}: a command without shell operators", False, unsupported)
                        continue
                    commands += 1
                    if arguments[:1] == ["serve"]:
                        argv, _ = prepare(arguments, files)
                        count = re.search(r"\b(\d+) tools\b", comment)
                        serve_sessions(binary, f"README.md:{number}", argv, int(count.group(1)) if count else None, code)
                        continue
                    run_command(binary, number, code, comment, output, arguments, files)
            elif language in ("json", "jsonc") and "mcpServers" in "\n".join(body):
                label = f"README.md:{start} {preceding_label(text, start)}"
                try:
                    servers = json.loads("\n".join(body))["mcpServers"]
                except (ValueError, KeyError, TypeError) as error:
                    check(f"{label}: valid JSON with mcpServers", False, error)
                    continue
                for name, server in servers.items():
                    shape = isinstance(server.get("command"), str) and all(isinstance(a, str) for a in server.get("args", []))
                    if check(f"{label} '{name}': command string and args array of strings", shape, server):
                        snippets += check_snippet(binary, f"{label} '{name}'", server["command"], server.get("args", []))
    finally:
        shutil.rmtree(files.folder, ignore_errors=True)
    check(f"README shows intentbridge commands ({commands}) and MCP client snippets ({snippets})", commands > 0 and snippets > 0)
    print(check.summary("readme commands"))
    sys.exit(1 if check.failed else 0)


if __name__ == "__main__":
    main()
