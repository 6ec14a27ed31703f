#!/usr/bin/env bash
# Quality gate: `intentbridge eval --fail-under` on every Home Assistant catalog with its
# clean and perturbed development sets and the off-domain requests, default configuration
# (hybrid mode, bundled model). Floors are in Scripts/quality_floors.txt. Exits non-zero when
# any figure falls below its floor. Called by .ci/run after the test command.
set -euo pipefail
cd "$(dirname "$0")/.."
[ -x .build/release/intentbridge ] || swift build -c release --product intentbridge
bin=.build/release/intentbridge
ha=Examples/home-assistant
failed=0; checked=0
while read -r variant lang floors; do
  case "$variant" in ''|\#*) continue ;; esac
  args=()
  for floor in $floors; do args+=(--fail-under "$floor"); done
  if out=$("$bin" eval "$ha/catalog/$variant/$lang.json" "$ha/$lang.dev.jsonl" "$ha/$lang.dev.perturbed.jsonl" \
      Examples/off-domain/requests.jsonl --by dataset --now 2026-11-29T10:00 --tz +01:00 --format md "${args[@]}" 2>&1); then
    echo "quality $variant/$lang: all $(( ${#args[@]} / 2 )) floors met"
  else
    echo "quality $variant/$lang: FAILED"; echo "$out" | grep -E "FAIL|error" || echo "$out" | tail -20
    failed=$((failed + 1))
  fi
  checked=$((checked + 1))
done < <(cat Scripts/quality_floors.txt; echo)
echo "quality gate: $((checked - failed)) passed, $failed failed"
[ "$failed" -eq 0 ]
