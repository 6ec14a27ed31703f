#!/usr/bin/env bash
# The project's whole test suite, from a fresh Linux machine with Swift 6.3 and Python 3:
#   1. Python tools for the tests (jsonschema) in a virtual environment (.venv-test/);
#   2. the Swift test suite (XCTest/Swift Testing via `swift test`);
#   3. a release build, whose binary writes tool definitions of every shipped catalog in
#      every dialect; Python's jsonschema then checks the catalogs and data sets against
#      Schemas/ and every generated input schema against the JSON Schema 2020-12 meta-schema;
#   4. evaluation reports: JSON against Schemas/eval-report.schema.json, figures against an
#      independent Python computation, and the HTML report rendered in headless Chromium
#      (Debian package `chromium`, installed with apt-get when missing);
#   5. MCP conformance with the official Python SDKs.
# Prints a closing line "N passed, M failed" per stage and exits non-zero on any failure.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)

echo "== Python test tools"
if [ ! -x .venv-test/bin/python ]; then
  python3 -m venv .venv-test
fi
.venv-test/bin/python -m pip install --quiet --disable-pip-version-check -r Tests/python/requirements.txt

echo "== Swift tests"
swift build --build-tests
swift test --skip-build 2>&1 | tee .build/swift-test.log | grep -E "^(✘|✔ Test run|Test run|Executed|error)" || true
if grep -qE "✘ Test run|with [1-9][0-9]* (issue|failure)" .build/swift-test.log || ! grep -qE "✔ Test run with [0-9]+ tests? (in [0-9]+ suites? )?passed|Test run with [0-9]+ tests.* passed" .build/swift-test.log; then
  grep -E "✘|error:" .build/swift-test.log | head -50
  echo "swift tests failed"
  exit 1
fi

echo "== Release build"
swift build -c release --product intentbridge
bin="$root/.build/release/intentbridge"

echo "== Schemas, catalogs, data sets and generated tool definitions"
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
catalogs=(Examples/notes/*.json Examples/home-assistant/catalog/*/*.json)
for catalog in "${catalogs[@]}"; do
  name=$(echo "$catalog" | tr '/' '_')
  for format in mcp openai anthropic gemini generation-schema; do
    "$bin" tools "$catalog" --format "$format" > "$out/$name.$format.json"
  done
  "$bin" tools "$catalog" --format openai --strict > "$out/$name.openai-strict.json"
done
.venv-test/bin/python Tests/python/validate_schemas.py "${catalogs[@]}" \
  --dataset Examples/home-assistant/*.jsonl Examples/notes/*.jsonl \
  --tool-defs "$out"/*.json

echo "== Evaluation reports"
ha=Examples/home-assistant
"$bin" eval $ha/catalog/templates/en.json $ha/en.dev.jsonl $ha/en.dev.perturbed.jsonl Examples/off-domain/requests.jsonl \
  --signals keyword,embedding,hybrid --by lang,tag,dataset --format json --out "$out/eval.en.json"
"$bin" eval $ha/catalog/examples/fi.json $ha/fi.dev.jsonl --format json --out "$out/eval.fi.json"
.venv-test/bin/python Tests/python/check_eval_reports.py --bin "$bin" --reports "$out"/eval.*.json \
  --cross-check $ha/catalog/templates/sk.json $ha/sk.dev.jsonl $ha/sk.dev.perturbed.jsonl
if ! command -v chromium >/dev/null 2>&1; then
  echo "installing Debian's chromium for the HTML report test"
  sudo_cmd=""; if [ "$(id -u)" != "0" ]; then sudo_cmd="sudo"; fi
  $sudo_cmd env DEBIAN_FRONTEND=noninteractive apt-get update -qq
  $sudo_cmd env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends chromium >/dev/null
fi
"$bin" eval $ha/catalog/templates/en.json $ha/en.dev.perturbed.jsonl Examples/off-domain/requests.jsonl \
  --signals keyword,embedding,hybrid --format html --out "$out/eval.html"
.venv-test/bin/python Tests/python/check_html_report.py "$out/eval.html" --modes 3 --langs 5

echo "== MCP conformance"
bash Tests/mcp/run_conformance.sh

echo "== Library example (README, Use as a library)"
bash Scripts/check_library_example.sh
