#!/usr/bin/env bash
# Builds release and runs every benchmark, with the Python baselines (rank_bm25, hassil +
# home-assistant-intents; Benchmarks/python/requirements.txt) installed into .build/venv-bench/ so
# that they are measured in the same run. Prints each figure next to its baseline, as a
# ratio. Not part of the test command (timings belong in benchmarks, not tests).
set -euo pipefail
cd "$(dirname "$0")/.."
if [ ! -x .build/venv-bench/bin/python ]; then python3 -m venv .build/venv-bench; fi
.build/venv-bench/bin/python -m pip install --quiet --disable-pip-version-check -r Benchmarks/python/requirements.txt
swift build -c release --static-swift-stdlib --product intentbridge-bench
swift build -c release --static-swift-stdlib --product intentbridge
echo "machine: $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | xargs), $(nproc) cores, $(free -g | awk '/Mem:/ {print $2}') GiB; $(date -u +%Y-%m-%d)"
for name in catalog embedding encoder rank resolve mcp; do .build/release/intentbridge-bench "$name"; echo; done
.build/venv-bench/bin/python Benchmarks/python/system_baselines.py --binary "$(pwd)/.build/release/intentbridge"
# The gateway in front of a 4,076-tool MCP server (Seal-Tools): search_intents round trip against rank's own time.
.build/venv-bench/bin/python Tests/mcp/gateway_tool_list.py "$(pwd)/.build/release/intentbridge" --bench | grep -v "^  ok "
