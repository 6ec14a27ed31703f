"""The library's DocC documentation, built from its catalog and the toolchain's symbol graphs.

Usage:
  python3 Scripts/build_docs.py [--modules DIR] [--output ARCHIVE]

`swift-symbolgraph-extract` (part of the toolchain) reads the module `IntentBridge` from the
built modules (default `.build/debug/Modules`, as `swift build` leaves them) at `public`
access and above, with the flags of `Scripts/public_api.py`. `IntentBridge` only re-exports
other modules (`@_exported import`), and their symbols are in its graph only when
`-experimental-allowed-reexported-modules` names them: the script names every module of the
library product (`public_api.MODULES`), and the compiler takes from each what `IntentBridge`
really re-exports (all of a module for `@_exported import M`, one declaration for
`@_exported import struct M.T`). So the one graph holds the whole public surface a user of
`import IntentBridge` sees, under one module, and the catalog links ``CatalogEngines`` rather
than ``IntentBridgeEngine/CatalogEngines``. `-emit-extension-block-symbols` adds the
extensions of other modules' types (`[Diagnostic].hasErrors`) as extension symbols, which
DocC shows under "Extended Modules"; it changes nothing in the main graph.

`docc convert` then builds `Sources/IntentBridge/IntentBridge.docc` with that graph into
`.build/docs/IntentBridge.doccarchive`, with `--warnings-as-errors`: a link to a symbol or
article that does not exist (in the catalog or in a doc comment), an unknown directive or
an ambiguous link fails the build. Then the catalog's Swift code listings are type-checked
against the same built modules (`swiftc -typecheck`; each page's listings in order in one
function, written to `.build/docs/listings.swift`), so that an example cannot name an API
that does not exist, and Getting Started's program is checked to be the README's library
example, character for character (the test command builds and runs that one). Offline;
about 5 s on two idle cores.

Prints what the archive holds and `docs: 1 passed, 0 failed`; on any DocC diagnostic, or a
listing that does not type-check, prints the diagnostics and `docs: 0 passed, 1 failed`,
exit 1.
"""

import json
import os
import platform
import re
import shutil
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from public_api import MODULES  # noqa: E402  (the library product's modules, listed once)

ROOT = os.path.abspath(os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
CATALOG = os.path.join(ROOT, "Sources", "IntentBridge", "IntentBridge.docc")
ARCHIVE = os.path.join(ROOT, ".build", "docs", "IntentBridge.doccarchive")
MODULE = "IntentBridge"
BUNDLE_IDENTIFIER = "org.intentbridge.IntentBridge"


def fail(message, output=""):
    if output:
        print(output.rstrip())
    print(f"docs: {message}")
    print("docs: 0 passed, 1 failed")
    sys.exit(1)


def compiler_arguments(modules_dir):
    """The target and the module search arguments that read the built modules."""
    target = f"{platform.machine()}-unknown-linux-gnu"
    # The C targets' module maps, which SwiftPM writes beside their objects (…/<C target>.build/).
    build_dir = os.path.dirname(os.path.abspath(modules_dir))
    arguments = ["-target", target, "-I", modules_dir]
    for name in sorted(os.listdir(build_dir)):
        module_map = os.path.join(build_dir, name, "module.modulemap")
        if name.endswith(".build") and os.path.exists(module_map):
            arguments += ["-Xcc", f"-fmodule-map-file={module_map}"]
    return arguments


def extract_symbol_graph(modules_dir, out):
    """Writes the symbol graphs of `IntentBridge` into `out`; returns the main graph's symbol count."""
    command = [
        "swift-symbolgraph-extract", "-module-name", MODULE, *compiler_arguments(modules_dir),
        "-minimum-access-level", "public", "-emit-extension-block-symbols",
        f"-experimental-allowed-reexported-modules={','.join(MODULES)}", "-output-dir", out,
    ]
    result = subprocess.run(command, capture_output=True, text=True)
    if result.returncode != 0:
        fail(f"swift-symbolgraph-extract failed on {modules_dir} (build first: swift build --build-tests)",
             result.stdout + result.stderr)
    graph = json.load(open(os.path.join(out, f"{MODULE}.symbols.json"), encoding="utf-8"))
    return len(graph["symbols"])


def swift_listings(markdown):
    """The ```swift code listings of a Markdown text, in order."""
    return re.findall(r"^```swift\n(.*?)^```", markdown, re.S | re.M)


def check_getting_started_program():
    """Getting Started's program must be the README's library example, which the test command
    builds and runs (Scripts/check_library_example.sh): the article says it is exactly that."""
    readme = open(os.path.join(ROOT, "README.md"), encoding="utf-8").read()
    section = readme.split("## Use as a library", 1)[1].split("\n## ", 1)[0]
    example = [listing for listing in swift_listings(section) if f"import {MODULE}" in listing][:1]
    guide = open(os.path.join(CATALOG, "GettingStarted.md"), encoding="utf-8").read()
    program = [listing for listing in swift_listings(guide) if f"import {MODULE}" in listing][:1]
    if not example or program != example:
        fail("the program of GettingStarted.md is not the README's library example (section \"Use as a library\", "
             "the block with `import IntentBridge`) character for character: copy the README's block")


def check_code_listings(modules_dir, out):
    """Type-checks the catalog's Swift code listings against the built modules; returns their count.

    The listings of one page run in order in one function (a later listing goes on with the
    values of an earlier one), each page's in a function of its own; a listing that starts
    with `// Package.swift` is a manifest fragment and is left out.
    """
    functions, count = [], 0
    for name in sorted(os.listdir(CATALOG)):
        if not name.endswith(".md"):
            continue
        listings = [listing for listing in swift_listings(open(os.path.join(CATALOG, name), encoding="utf-8").read())
                    if not listing.startswith("// Package.swift")]
        if not listings:
            continue
        count += len(listings)
        body = "".join(f"  {line}" if line.strip() else line
                       for listing in listings for line in listing.splitlines(keepends=True)
                       if line.strip() != f"import {MODULE}")
        functions.append(f"// {name}\nfunc listings{len(functions)}() throws {{\n{body}}}\n")
    source = os.path.join(out, "listings.swift")
    open(source, "w", encoding="utf-8").write(f"import {MODULE}\n\n" + "\n".join(functions))
    result = subprocess.run(["swiftc", "-typecheck", "-parse-as-library", "-suppress-warnings", *compiler_arguments(modules_dir), source],
                            capture_output=True, text=True)
    if result.returncode != 0:
        fail(f"the Swift code listings of {os.path.relpath(CATALOG, ROOT)} do not type-check against the built modules "
             f"(each page's listings are one function of {source})", result.stdout + result.stderr)
    return count


def main():
    argv = sys.argv[1:]
    modules_dir = argv[argv.index("--modules") + 1] if "--modules" in argv else os.path.join(ROOT, ".build", "debug", "Modules")
    archive = os.path.abspath(argv[argv.index("--output") + 1]) if "--output" in argv else ARCHIVE
    started = time.monotonic()
    if os.path.exists(archive):
        shutil.rmtree(archive)
    os.makedirs(os.path.dirname(archive), exist_ok=True)
    with tempfile.TemporaryDirectory() as graphs:
        symbols = extract_symbol_graph(modules_dir, graphs)
        if symbols == 0:
            fail(f"the symbol graph of {MODULE} is empty: are its re-exported modules built in {modules_dir}?")
        result = subprocess.run(
            ["docc", "convert", CATALOG, "--additional-symbol-graph-dir", graphs,
             "--fallback-display-name", MODULE, "--fallback-bundle-identifier", BUNDLE_IDENTIFIER,
             "--output-path", archive, "--warnings-as-errors"],
            capture_output=True, text=True)
    output = result.stdout + result.stderr
    diagnostics = [line for line in output.splitlines() if line.startswith(("warning:", "error:"))]
    if result.returncode != 0 or diagnostics:
        fail(f"docc convert found {len(diagnostics)} problem(s) in {os.path.relpath(CATALOG, ROOT)} "
             f"or the doc comments (exit {result.returncode})", output)
    listings = check_code_listings(modules_dir, os.path.dirname(archive))
    check_getting_started_program()
    pages = os.path.join(archive, "data", "documentation")
    count = sum(len([name for name in files if name.endswith(".json")]) for _, _, files in os.walk(pages))
    articles = len([name for name in os.listdir(CATALOG) if name.endswith(".md") and name != f"{MODULE}.md"])
    print(f"docs: {os.path.relpath(archive, ROOT)}: the landing page, {articles} articles, {symbols} public symbols, "
          f"{count} pages; {listings} Swift code listings type-check ({time.monotonic() - started:.1f} s)")
    print("docs: 1 passed, 0 failed")


if __name__ == "__main__":
    main()
