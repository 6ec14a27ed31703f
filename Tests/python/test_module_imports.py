"""Shows that Scripts/check_module_imports.py fails when a module imports outside its row.

Usage: python3 Tests/python/test_module_imports.py

Each case copies the checkout's Package.swift and README.md into a temporary folder, writes a
small `Sources/` tree, changes one thing and runs the check with `--root`:
- the tree as the table allows: passes;
- a module importing a module its row does not name (also as `@preconcurrency import` and
  inside `#if`): fails at that line;
- a README row that differs from Package.swift, and a target without a row: fail;
- history: `Sources/IntentBridgeIndex/IndexFile.swift` as it was before `ContentHash` moved
  to IntentBridgeBinary (commit 54b0d5c, via `git show`) imports IntentBridgeEmbedding, which
  today's table does not allow: flagged. Skipped with a note without that history.

Prints one line per case and `module import tests: N passed, M failed`; exits 1 on a failure.
"""

import os
import shutil
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
CHECK = os.path.join(ROOT, "Scripts", "check_module_imports.py")
BEFORE_MOVE = "54b0d5c"
passed = failed = 0


def tree(files, readme_edit=None):
    """A temporary root with the checkout's Package.swift and README.md and `files`."""
    root = tempfile.mkdtemp(prefix="module-imports-")
    shutil.copy(os.path.join(ROOT, "Package.swift"), root)
    readme = open(os.path.join(ROOT, "README.md"), encoding="utf-8").read()
    open(os.path.join(root, "README.md"), "w", encoding="utf-8").write(readme_edit(readme) if readme_edit else readme)
    for path, text in files.items():
        os.makedirs(os.path.dirname(os.path.join(root, path)), exist_ok=True)
        open(os.path.join(root, path), "w", encoding="utf-8").write(text)
    return root


def run(root):
    result = subprocess.run([sys.executable, CHECK, "--root", root], capture_output=True, text=True)
    shutil.rmtree(root, ignore_errors=True)
    return result.returncode, result.stdout


def case(name, ok, detail=""):
    global passed, failed
    if ok:
        passed += 1
        print(f"  ok   {name}")
    else:
        failed += 1
        print(f"  FAIL {name} {detail[:1500]}")


ALLOWED = {"Sources/IntentBridgeIndex/A.swift": "import IntentBridgeBinary\nimport IntentBridgeCatalog\n\nstruct A {}\n"}

status, out = run(tree(ALLOWED))
case("imports its row allows: passes", status == 0, out)

for form in ["import IntentBridgeEmbedding", "@preconcurrency import IntentBridgeEmbedding", "#if os(Linux)\n  import IntentBridgeEmbedding\n#endif"]:
    files = dict(ALLOWED)
    files["Sources/IntentBridgeIndex/B.swift"] = "import IntentBridgeBinary\n" + form + "\n"
    status, out = run(tree(files))
    case(f"Index with '{form.splitlines()[0] if not form.startswith('#') else form.splitlines()[1].strip()}': fails at its line",
         status == 1 and "Sources/IntentBridgeIndex/B.swift:" in out and "imports IntentBridgeEmbedding" in out, out)

status, out = run(tree(ALLOWED, lambda text: text.replace("| `IntentBridgeTools` | `IntentBridgeJSON`, ", "| `IntentBridgeTools` | ", 1)))
case("a row that differs from Package.swift: fails", status == 1 and "the row of IntentBridgeTools differs" in out, out)

status, out = run(tree(ALLOWED, lambda text: "\n".join(line for line in text.split("\n") if not line.startswith("| `IntentBridgeEval` |"))))
case("a target without a row: fails", status == 1 and "IntentBridgeEval (Package.swift) has no row" in out, out)

try:
    before = subprocess.run(["git", "-C", ROOT, "show", f"{BEFORE_MOVE}:Sources/IntentBridgeIndex/IndexFile.swift"],
                            capture_output=True, text=True, check=True).stdout
except (OSError, subprocess.CalledProcessError):
    before = None
if before is None:
    print(f"  note: commit {BEFORE_MOVE} is not in this checkout's history; the history case was skipped")
else:
    status, out = run(tree({"Sources/IntentBridgeIndex/IndexFile.swift": before}))
    case(f"IndexFile.swift of {BEFORE_MOVE} (Index imported Embedding for ContentHash): flagged",
         status == 1 and "IndexFile.swift" in out and "imports IntentBridgeEmbedding" in out, out)

print(f"module import tests: {passed} passed, {failed} failed")
sys.exit(1 if failed else 0)
