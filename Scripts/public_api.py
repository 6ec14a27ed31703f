"""The public API of the library product, listed from the toolchain's symbol graphs.

Usage:
  python3 Scripts/public_api.py --write [--modules DIR]   # rewrite docs/public-api.txt
  python3 Scripts/public_api.py --check [--modules DIR] [--listing FILE]
  python3 Scripts/public_api.py --undocumented [--modules DIR]   # list the public symbols without a doc comment

`swift-symbolgraph-extract` (part of the toolchain) reads each module of the `IntentBridge`
library product from the built modules (default `.build/debug/Modules`, as `swift build`
leaves them) at `public` access and above; every public symbol becomes one line,
`Module  kind  Type.member  declaration`, sorted, so the listing changes exactly when the
public surface does. `--check` compares with the committed listing and fails with the lines
added and removed: a change of the public API must come with the listing updated
(`--write`) in the same commit. It also fails on any public symbol without a doc comment
(members the compiler synthesises, such as an enum's `hash(into:)`, excepted), naming them.
Both modes print the number of public types and of public symbols without a doc comment.
`--module-names A,B` checks those modules instead of the library product's (the script's own
test uses a fixture module).

Prints `public api: 1 passed, 0 failed` (or `0 passed, 1 failed`); exit 1 on a difference.
"""

import json
import os
import platform
import subprocess
import sys
import tempfile

ROOT = os.path.abspath(os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
LISTING = os.path.join(ROOT, "docs", "public-api.txt")
# The modules of the library product (`import IntentBridge` and what it builds on).
MODULES = [
    "IntentBridge", "IntentBridgeEngine", "IntentBridgeRanking", "IntentBridgeFilling", "IntentBridgeTemplates",
    "IntentBridgeIndex", "IntentBridgeEmbedding", "IntentBridgeCatalog", "IntentBridgeTools", "IntentBridgeImport",
    "IntentBridgeEval", "IntentBridgeText", "IntentBridgeJSON", "IntentBridgeBinary", "IntentBridgeConcurrency",
    "IntentBridgeSystem",
]
TYPE_KINDS = {"swift.class", "swift.struct", "swift.enum", "swift.protocol", "swift.typealias", "swift.actor"}
# The public symbols without a doc comment, as `listing` met them (`--undocumented` prints them).
UNDOCUMENTED = []
HEADER = (
    "# The public API of the IntentBridge library product: one line per public symbol\n"
    "# (module, kind, path, declaration), from swift-symbolgraph-extract. Made by\n"
    "# `python3 Scripts/public_api.py --write`; the test command fails when it differs.\n"
)


def listing(modules_dir, modules=None):
    """(lines, public types, undocumented symbols) of the product's public surface."""
    target = f"{platform.machine()}-unknown-linux-gnu"
    lines, types, undocumented = set(), 0, 0
    # The C targets' module maps, which SwiftPM writes beside their objects (…/<C target>.build/).
    c_modules = []
    for name in sorted(os.listdir(os.path.dirname(os.path.abspath(modules_dir)))):
        module_map = os.path.join(os.path.dirname(os.path.abspath(modules_dir)), name, "module.modulemap")
        if name.endswith(".build") and os.path.exists(module_map):
            c_modules += ["-Xcc", f"-fmodule-map-file={module_map}"]
    with tempfile.TemporaryDirectory() as out:
        for module in modules or MODULES:
            subprocess.run(
                ["swift-symbolgraph-extract", "-module-name", module, "-I", modules_dir, "-target", target,
                 "-minimum-access-level", "public", "-output-dir", out, *c_modules],
                check=True, capture_output=True)
            path = os.path.join(out, f"{module}.symbols.json")
            for symbol in json.load(open(path, encoding="utf-8"))["symbols"]:
                if symbol.get("accessLevel") not in ("public", "open"):
                    continue
                kind = symbol["kind"]["identifier"]
                declaration = " ".join("".join(f["spelling"] for f in symbol["declarationFragments"]).split())
                line = f"{module}  {kind.removeprefix('swift.')}  {'.'.join(symbol['pathComponents'])}  {declaration}"
                if line in lines:
                    continue
                lines.add(line)
                types += kind in TYPE_KINDS
                # Members the compiler synthesises (`hash(into:)` of an enum, …) have no
                # source line to document; they carry the standard library's documentation.
                if "docComment" not in symbol and "::SYNTHESIZED::" not in symbol["identifier"]["precise"]:
                    undocumented += 1
                    UNDOCUMENTED.append(line)
    return sorted(lines), types, undocumented


def main():
    argv = sys.argv[1:]
    modules_dir = argv[argv.index("--modules") + 1] if "--modules" in argv else os.path.join(ROOT, ".build", "debug", "Modules")
    path = argv[argv.index("--listing") + 1] if "--listing" in argv else LISTING
    modules = argv[argv.index("--module-names") + 1].split(",") if "--module-names" in argv else None
    lines, types, undocumented = listing(modules_dir, modules)
    print(f"public API: {len(lines)} public symbols, {types} public types, {undocumented} without a doc comment")
    if "--undocumented" in argv:
        for line in sorted(UNDOCUMENTED):
            print(f"  undocumented: {line}")
        return
    text = HEADER + "\n".join(lines) + "\n"
    if "--write" in argv:
        open(path, "w", encoding="utf-8").write(text)
        print(f"wrote {os.path.relpath(path, ROOT)}")
        return
    committed = open(path, encoding="utf-8").read().split("\n") if os.path.exists(path) else []
    committed = [line for line in committed if line and not line.startswith("#")]
    added, removed = sorted(set(lines) - set(committed)), sorted(set(committed) - set(lines))
    for line in added[:40]:
        print(f"  + {line}")
    for line in removed[:40]:
        print(f"  - {line}")
    if added or removed:
        print(f"the public API differs from {os.path.relpath(path, ROOT)} ({len(added)} added, {len(removed)} removed): "
              "if that is meant, run `python3 Scripts/public_api.py --write` and commit the listing")
    for line in sorted(UNDOCUMENTED)[:40]:
        print(f"  undocumented: {line}")
    if undocumented:
        print(f"{undocumented} public symbols have no doc comment: document each (`///`) where it is declared")
    if added or removed or undocumented:
        print("public api: 0 passed, 1 failed")
        sys.exit(1)
    print("public api: 1 passed, 0 failed")


if __name__ == "__main__":
    main()
