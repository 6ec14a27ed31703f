#!/usr/bin/env bash
# Quality gate: `intentbridge eval --fail-under` with the floors of Scripts/quality_floors.txt,
# default configuration (hybrid mode, bundled model), on
#   - every Home Assistant catalog of the development data (INTENTBRIDGE_DEV_DATA, default
#     ../shared/data; Scripts/devdata.py) with its clean and perturbed development sets, and
#   - our own smart-home example (Examples/smart-home) with its clean and perturbed sets,
# each with the off-domain requests, and
#   - the transformer encoder (`--encoder transformer`) on xSID's examples5 catalog with a
#     development set in another language than the catalog's (variant `xsid-transformer`). Exits non-zero when any figure falls below its floor.
# Without the development data its lines are skipped with a message (and fail under CI=true,
# where the data must be there). Called by .ci/run after the test command.
set -euo pipefail
cd "$(dirname "$0")/.."
[ -x .build/release/intentbridge ] || swift build -c release --static-swift-stdlib --product intentbridge
bin=.build/release/intentbridge
ha=$(python3 Scripts/devdata.py ha 2>/dev/null) || ha=""
xsid=$(python3 Scripts/devdata.py xsid 2>/dev/null) || xsid=""
missing=$(python3 Scripts/devdata.py ha 2>&1 >/dev/null || true)
passed=0; failed=0; skipped=0
while read -r variant lang floors; do
  case "$variant" in ''|\#*) continue ;; esac
  extra=()
  if [ "$variant" = "smart-home" ]; then
    catalog=Examples/smart-home/smart-home.$lang.json
    sets=(Examples/smart-home/requests.$lang.jsonl Examples/smart-home/requests.$lang.perturbed.jsonl)
  elif [ "$variant" = "xsid-transformer" ] && [ -n "$xsid" ]; then
    catalog=$xsid/catalog/examples5.json
    sets=("$xsid/$lang.dev.jsonl")
    extra=(--encoder transformer)
  elif [ -n "$ha" ] && [ "$variant" != "xsid-transformer" ]; then
    catalog=$ha/catalog/$variant/$lang.json
    sets=("$ha/$lang.dev.jsonl" "$ha/$lang.dev.perturbed.jsonl")
  else
    skipped=$((skipped + 1))
    continue
  fi
  args=()
  for floor in $floors; do args+=(--fail-under "$floor"); done
  if out=$("$bin" eval "$catalog" "${sets[@]}" \
      Examples/off-domain/requests.jsonl --by dataset --now 2026-11-29T10:00 --tz +01:00 --format md "${args[@]}" ${extra[@]+"${extra[@]}"} 2>&1); then
    echo "quality $variant/$lang: all $(( ${#args[@]} / 2 )) floors met"
    passed=$((passed + 1))
  else
    echo "quality $variant/$lang: FAILED"; echo "$out" | grep -E "FAIL|error" || echo "$out" | tail -20
    failed=$((failed + 1))
  fi
done < <(cat Scripts/quality_floors.txt; echo)
if [ "$skipped" -gt 0 ]; then
  echo "quality gate: skipped $skipped Home Assistant lines: $missing"
  if [ "${CI:-}" = "true" ]; then
    echo "quality gate: CI needs the development data"
    failed=$((failed + skipped))
  fi
fi
echo "quality gate: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
