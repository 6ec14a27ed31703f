#!/usr/bin/env bash
# Builds release and runs every benchmark, with the Python baselines (rank_bm25) installed
# into .venv-bench/ so that they are measured in the same run. Not part of the test command.
set -euo pipefail
cd "$(dirname "$0")/.."
if [ ! -x .venv-bench/bin/python ]; then python3 -m venv .venv-bench; fi
.venv-bench/bin/python -m pip install --quiet --disable-pip-version-check rank_bm25
swift build -c release --product intentbridge-bench
for name in catalog embedding rank mcp; do .build/release/intentbridge-bench "$name"; echo; done
