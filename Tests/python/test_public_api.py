"""Shows that Scripts/public_api.py --check fails when the public API and the committed
listing differ, in either direction, and passes when they agree; and that it fails on a
public symbol without a doc comment, naming it (a fixture module compiled with swiftc).

Usage: python3 Tests/python/test_public_api.py   (after `swift build`: it reads .build/debug/Modules)

Prints one line per case and `public api tests: N passed, M failed`; exits 1 on a failure.
"""

import os
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
SCRIPT = os.path.join(ROOT, "Scripts", "public_api.py")
LISTING = os.path.join(ROOT, "docs", "public-api.txt")
passed = failed = 0


def check(listing_text):
    with tempfile.NamedTemporaryFile("w", suffix=".txt", delete=False, encoding="utf-8") as file:
        file.write(listing_text)
    try:
        result = subprocess.run([sys.executable, SCRIPT, "--check", "--listing", file.name], capture_output=True, text=True)
    finally:
        os.unlink(file.name)
    return result.returncode, result.stdout


def case(name, ok, detail=""):
    global passed, failed
    passed += bool(ok)
    failed += not ok
    print(f"  {'ok  ' if ok else 'FAIL'} {name}" + ("" if ok else f" {detail[-800:]}"))


lines = open(LISTING, encoding="utf-8").read().split("\n")
symbols = [line for line in lines if line and not line.startswith("#")]
status, out = check("\n".join(lines))
case("the committed listing matches the built modules", status == 0, out)
dropped = symbols[len(symbols) // 2]
status, out = check("\n".join(line for line in lines if line != dropped))
case("a public symbol missing from the listing (an API added without it): fails, naming it",
     status == 1 and f"+ {dropped}" in out, out)
invented = "IntentBridgeEngine  func  IntentEngine.removedMethod()  func removedMethod()"
status, out = check("\n".join(lines + [invented]))
case("a listed symbol the modules lack (an API removed without it): fails, naming it", status == 1 and f"- {invented}" in out, out)


def fixture_check(source):
    """`--check` of a module `DocFixture` compiled from `source` against its own listing."""
    with tempfile.TemporaryDirectory() as folder:
        path = os.path.join(folder, "DocFixture.swift")
        open(path, "w", encoding="utf-8").write(source)
        subprocess.run(["swiftc", "-parse-as-library", "-emit-module", "-module-name", "DocFixture", "-emit-module-path",
                        os.path.join(folder, "DocFixture.swiftmodule"), path], check=True, capture_output=True)
        listing_path = os.path.join(folder, "listing.txt")
        common = ["--modules", folder, "--module-names", "DocFixture", "--listing", listing_path]
        subprocess.run([sys.executable, SCRIPT, "--write", *common], check=True, capture_output=True)
        result = subprocess.run([sys.executable, SCRIPT, "--check", *common], capture_output=True, text=True)
        return result.returncode, result.stdout


documented = "/// A colour.\npublic enum Colour: String { /// Red.\n case red\n /// Blue.\n case blue }\n"
status, out = fixture_check(documented)
case("a module whose public symbols all have doc comments passes", status == 0, out)
status, out = fixture_check(documented + "public func undocumentedHelper() {}\n")
case("a public symbol without a doc comment fails the check, naming it", status == 1 and "undocumentedHelper()" in out, out)
print(f"public api tests: {passed} passed, {failed} failed")
sys.exit(1 if failed else 0)
