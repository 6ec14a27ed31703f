#!/usr/bin/env bash
# Builds and runs the README's "Use as a library" main.swift in a separate package that
# depends on this checkout by path, from the checkout's root (the example reads
# Examples/notes/notes.en.json and the five-language Examples/smart-home/smart-home.json).
# The same package names every public type of docs/public-api.txt from `import IntentBridge`
# alone (PublicTypes.swift), so a public signature with a type a user cannot name fails.
# Prints "library example: 1 passed, 0 failed" or fails.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)
work="$root/.build/library-example"
mkdir -p "$work/Sources/NotesAgent"
# The first ```swift block after the heading "## Use as a library" that holds `import IntentBridge`.
python3 - "$root/README.md" "$work/Sources/NotesAgent/main.swift" <<'PY'
import re, sys
text = open(sys.argv[1], encoding="utf-8").read()
section = text.split("## Use as a library", 1)[1].split("\n## ", 1)[0]
blocks = re.findall(r"```swift\n(.*?)```", section, re.S)
main = next(b for b in blocks if "import IntentBridge" in b)
open(sys.argv[2], "w", encoding="utf-8").write(main)
PY
# Every public type of the product (docs/public-api.txt) named from `import IntentBridge` alone:
# a type in a public signature that a user cannot name fails this build.
python3 - "$root/docs/public-api.txt" "$work/Sources/NotesAgent/PublicTypes.swift" <<'PY'
import re, sys
kinds = {"struct", "enum", "class", "protocol", "typealias"}
names = []
for line in open(sys.argv[1], encoding="utf-8"):
    parts = line.rstrip("\n").split("  ")
    if line.startswith("#") or len(parts) < 4 or parts[1] not in kinds:
        continue
    generic = re.match(r"\w+ \w+<([^>]*)>", parts[3])
    arguments = "<" + ", ".join("Never" for _ in generic.group(1).split(",")) + ">" if generic else ""
    names.append(("any " if parts[1] == "protocol" else "") + parts[2] + arguments)
body = "".join(f"  typealias T{i} = {name}\n" for i, name in enumerate(sorted(set(names))))
open(sys.argv[2], "w", encoding="utf-8").write("import IntentBridge\n\n/// Every public type of the product, by name.\nenum PublicTypes {\n" + body + "}\n")
print(f"public types named from 'import IntentBridge': {len(set(names))}")
PY
# A path dependency's package identity is its folder's name.
identity=$(basename "$root" | tr '[:upper:]' '[:lower:]')
cat > "$work/Package.swift" <<SWIFT
// swift-tools-version: 6.0
import PackageDescription
let package = Package(
  name: "NotesAgent", platforms: [.macOS(.v15)],
  dependencies: [.package(path: "$root")],
  targets: [.executableTarget(name: "NotesAgent", dependencies: [.product(name: "IntentBridge", package: "$identity")])])
SWIFT
swift build --package-path "$work" 2>&1 | tail -3
out=$(cd "$root" && "$work/.build/debug/NotesAgent")
echo "$out"
if echo "$out" | grep -q "intent: AddNoteIntent" && echo "$out" | grep -q "priority = \"high\"" && echo "$out" | grep -q "title = \"buy milk\"" && echo "$out" | grep -q '"type":"function"' \
  && echo "$out" | grep -q "language: de detected: true intent: TurnOffDevice"; then
  echo "library example: 1 passed, 0 failed"
else
  echo "library example: 0 passed, 1 failed"
  exit 1
fi
