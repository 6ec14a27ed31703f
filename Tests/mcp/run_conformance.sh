#!/usr/bin/env bash
# MCP conformance of the release binary against the official Python SDK, both lines:
#   .build/venv-mcp1/ with mcp<2 (initialize handshake), .build/venv-mcp2/ with mcp 2.x (server/discover
#   probe, stateless 2026-07-28 era, and the legacy handshake), each in serve --mode full, compact and
#   auto (on the notes catalog and on it padded past 30 intents), plus raw-wire probes;
#   then `import mcp` as a client of the fixture servers in Tests/mcp/fixtures/ and of mcp-server-time
#   (Tests/mcp/import_mcp.py, in .build/venv-mcp1/); then `gateway` in front of mcp-server-time,
#   mcp-server-git and fixture servers, with the 1.x and 2.x SDK clients as host (Tests/mcp/gateway.py),
#   with live upstreams: a restart after a kill, a tools/list_changed (Tests/mcp/gateway_live.py),
#   its elicitation relay (Tests/mcp/gateway_elicitation.py), more servers behind it: schema-less
#   tools, a huge tools/list, FastMCP and mcp-server-fetch (Tests/mcp/gateway_fixtures.py), and
#   Seal-Tools' 4,076 tools (Tests/mcp/gateway_tool_list.py).
# Usage: bash Tests/mcp/run_conformance.sh   (INTENTBRIDGE_BIN overrides the binary)
# Prints "conformance: N passed, M failed" last; exits non-zero on any failure.
set -uo pipefail
cd "$(dirname "$0")/../.."
bin=${INTENTBRIDGE_BIN:-.build/release/intentbridge}
catalog=Examples/notes/notes.en.json
mkdir -p .build
if [ ! -x "$bin" ]; then
  echo "missing $bin: run 'swift build -c release --static-swift-stdlib --product intentbridge' first"
  echo "conformance: 0 passed, 1 failed"
  exit 1
fi

total_passed=0
total_failed=0
# Prints a test script's output OUT without its "ok" lines and adds its closing line
# "LABEL: N passed, M failed" (LABEL an extended regular expression) to the totals; without
# that line, the end of OUT is shown, it counts as one failure and the status is 1.
add_summary() {
  local out=$1 label=$2 summary
  echo "$out" | grep -v "^  ok " || true
  summary=$(echo "$out" | grep -E "^$label: [0-9]+ passed, [0-9]+ failed" | tail -1)
  if [ -z "$summary" ]; then
    echo "$out" | tail -20
    total_failed=$((total_failed + 1))
    return 1
  fi
  total_passed=$((total_passed + $(echo "$summary" | sed -E 's/.*: ([0-9]+) passed.*/\1/')))
  total_failed=$((total_failed + $(echo "$summary" | sed -E 's/.*, ([0-9]+) failed/\1/')))
}
run_line() {
  local venv=$1 spec=$2
  if [ ! -x "$venv/bin/python" ]; then
    python3 -m venv "$venv" || return 2
  fi
  if ! "$venv/bin/python" -m pip install --quiet --disable-pip-version-check "$spec"; then
    return 2
  fi
  local out
  out=$("$venv/bin/python" Tests/mcp/conformance.py "$bin" "$catalog" 2>&1)
  local status=$?
  add_summary "$out" conformance || return 1
  return $status
}

echo "-- Python MCP SDK 1.x"
run_line .build/venv-mcp1 "mcp<2"

echo "-- Python MCP SDK 2.x"
run_line .build/venv-mcp2 "mcp>=2,<3"
if [ $? -eq 2 ]; then
  echo "SKIPPED: the mcp 2.x line could not be installed from PyPI (no 2.x release reachable)"
fi

# import mcp: the binary as an MCP client of fixture servers written with the 1.x SDK (and,
# when the 2.x line is installed, one on 2.x) and of the PyPI reference server mcp-server-time,
# installed beside the 1.x SDK (one pip resolve, so mcp stays below 2).
echo "-- import mcp (Tests/mcp/fixtures/ on the 1.x and 2.x SDKs, mcp-server-time)"
if .build/venv-mcp1/bin/python -m pip install --quiet --disable-pip-version-check "mcp<2" mcp-server-time; then
  modern=()
  if .build/venv-mcp2/bin/python -c "import mcp.server.mcpserver" 2>/dev/null; then modern=(--modern-python .build/venv-mcp2/bin/python); fi
  out=$(.build/venv-mcp1/bin/python Tests/mcp/import_mcp.py "$bin" ${modern[@]+"${modern[@]}"} 2>&1)
  add_summary "$out" "import mcp" || true
else
  echo "import mcp: could not install mcp<2 and mcp-server-time"
  total_failed=$((total_failed + 1))
fi

# gateway: the binary between the official Python SDK client as the host (1.x, then 2.x when
# installed: it speaks the stateless era) and mcp-server-time, mcp-server-git (when it
# installs) and the fixture servers, which run in .build/venv-mcp1/ (Tests/mcp/gateway.py).
echo "-- gateway (mcp-server-time, mcp-server-git, Tests/mcp/fixtures/gateway_tools.py; SDK clients as host)"
if ! .build/venv-mcp1/bin/python -m pip install --quiet --disable-pip-version-check "mcp<2" mcp-server-time mcp-server-git; then
  echo "note: mcp-server-git could not be installed; the gateway test runs without it"
fi
hosts=(.build/venv-mcp1/bin/python)
if .build/venv-mcp2/bin/python -c "import mcp.server.mcpserver" 2>/dev/null; then hosts+=(.build/venv-mcp2/bin/python); fi
# Runs the gateway test SCRIPT with each SDK host and adds up its closing line "LABEL (SDK N.x host): …".
gateway_script() {
  local script=$1 label=$2 host out
  for host in "${hosts[@]}"; do
    out=$("$host" "$script" "$bin" --servers-python .build/venv-mcp1/bin/python 2>&1)
    add_summary "$out" "$label \(SDK [0-9]+\.x host\)" || true
  done
}
gateway_script Tests/mcp/gateway.py gateway

# gateway with live upstreams: one killed mid-session and restarted, one whose tool list grows
# (notifications/tools/list_changed) re-indexed without embedding the others' texts again
# (Tests/mcp/gateway_live.py, fixtures restartable.py and growing_tools.py in .build/venv-mcp1/).
echo "-- gateway live upstreams (restart with back-off, tools/list_changed; SDK clients as host)"
gateway_script Tests/mcp/gateway_live.py "gateway live"

# A large real tool list behind the gateway: Seal-Tools' 4,076 tools served by
# fixtures/tool_list_server.py; search_intents through the gateway must list what rank lists
# on the same tools imported with import tools (Tests/mcp/gateway_tool_list.py; skipped, saying
# so, without the development data).
echo "-- gateway in front of a 4,076-tool server (Seal-Tools, fixtures/tool_list_server.py)"
out=$(.build/venv-mcp1/bin/python Tests/mcp/gateway_tool_list.py "$bin" 2>&1)
add_summary "$out" "gateway tool list" || true

# The gateway's elicitation relay: Tests/mcp/fixtures/eliciting.py (FastMCP of the 1.x SDK,
# ctx.elicit) behind the gateway, the 1.x host (handshake era) and the 2.x host (stateless era).
echo "-- gateway elicitation (Tests/mcp/fixtures/eliciting.py; SDK clients as host)"
gateway_script Tests/mcp/gateway_elicitation.py "gateway elicitation"

# More servers behind the gateway: schema-less tools, a huge tools/list, a FastMCP server
# (PyPI fastmcp, in .build/venv-fastmcp/) and mcp-server-fetch (listing only, in
# .build/venv-fetch/); a package that does not install is skipped with the reason.
echo "-- gateway fixtures (schema-less, huge tools/list, FastMCP, mcp-server-fetch)"
extra=()
if { [ -x .build/venv-fastmcp/bin/python ] || python3 -m venv .build/venv-fastmcp; } \
  && .build/venv-fastmcp/bin/python -m pip install --quiet --disable-pip-version-check fastmcp; then
  extra+=(--fastmcp-python .build/venv-fastmcp/bin/python)
else
  echo "note: fastmcp could not be installed from PyPI; the FastMCP checks are skipped"
fi
if { [ -x .build/venv-fetch/bin/python ] || python3 -m venv .build/venv-fetch; } \
  && .build/venv-fetch/bin/python -m pip install --quiet --disable-pip-version-check mcp-server-fetch; then
  extra+=(--fetch-command .build/venv-fetch/bin/mcp-server-fetch)
else
  echo "note: mcp-server-fetch could not be installed from PyPI; its checks are skipped"
fi
out=$(.build/venv-mcp1/bin/python Tests/mcp/gateway_fixtures.py "$bin" --servers-python .build/venv-mcp1/bin/python ${extra[@]+"${extra[@]}"} 2>&1)
add_summary "$out" "gateway fixtures" || true

echo "conformance: $total_passed passed, $total_failed failed"
[ "$total_failed" -eq 0 ]
