"""Shows that Scripts/check_portability.py fails on every kind of finding it is there for.

Usage: python3 Tests/python/test_portability_check.py

1. Fixtures: small `Sources/` trees written to a temporary folder, one per kind of finding
   (unguarded `import FoundationEssentials`, unguarded `import Glibc`, a `Glibc.write(` call,
   `st_mtim` outside a Linux branch, a C library imported by a module other than
   IntentBridgeSystem even when guarded, an Apple-only identifier outside an Apple branch, …),
   each of which must be flagged at its line, and correctly guarded trees, which must pass.
2. History: the sources as they were before the system module (commit 54b0d5c, issue #34),
   taken with `git archive` when git and that commit are there: every line an independent
   grep finds there (a C library import outside IntentBridgeSystem, an `import
   FoundationEssentials` at the top level, a `Glibc.` call, `st_mtim`/`st_ctim`) must be
   among the check's findings. Skipped, with a note, in a checkout without that history.

Prints one line per test and, last, `portability check tests: N passed, M failed`; exits 1
on any failure.
"""

import os
import re
import shutil
import subprocess
import sys
import tempfile
import textwrap

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
CHECK = os.path.join(ROOT, "Scripts", "check_portability.py")
BEFORE_SYSTEM_MODULE = "54b0d5c"

LIBC_SWITCH = """\
#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  @preconcurrency import Glibc
#elseif canImport(Musl)
  @preconcurrency import Musl
#endif
"""


def run_check(files):
    """Runs the check on a tree of `files` ({relative path: text}); (exit status, findings as
    {(path, line)}, output)."""
    folder = tempfile.mkdtemp(prefix="portability-")
    try:
        for relative, text in files.items():
            path = os.path.join(folder, relative)
            os.makedirs(os.path.dirname(path), exist_ok=True)
            with open(path, "w", encoding="utf-8") as handle:
                handle.write(textwrap.dedent(text))
        return run_on(folder)
    finally:
        shutil.rmtree(folder)


def run_on(root):
    process = subprocess.run([sys.executable, CHECK, "--root", root], capture_output=True, text=True)
    findings = set()
    for line in process.stdout.splitlines():
        match = re.match(r"^(Sources/\S+\.swift):(\d+): ", line)
        if match:
            findings.add((match.group(1), int(match.group(2))))
    return process.returncode, findings, process.stdout


# Each case: a name, the files, the findings expected as (path, line). No findings: must pass.
CASES = [
    (
        "unguarded import FoundationEssentials",
        {"Sources/IntentBridgeCatalog/Loader.swift": "import FoundationEssentials\n\nlet x = 1\n"},
        [("Sources/IntentBridgeCatalog/Loader.swift", 1)],
    ),
    (
        "import FoundationEssentials guarded by os(Linux), not canImport",
        {"Sources/IntentBridgeEngine/Post.swift": "#if os(Linux)\n  import FoundationEssentials\n#endif\n"},
        [("Sources/IntentBridgeEngine/Post.swift", 2)],
    ),
    (
        "import FoundationEssentials in the #else of canImport(FoundationEssentials)",
        {"Sources/IntentBridgeEngine/Post.swift": "#if canImport(FoundationEssentials)\n  import Foundation\n#else\n  import FoundationEssentials\n#endif\n"},
        [("Sources/IntentBridgeEngine/Post.swift", 4)],
    ),
    (
        "unguarded import Glibc in the system module",
        {"Sources/IntentBridgeSystem/Clock.swift": "@preconcurrency import Glibc\n\npackage func now() {}\n"},
        [("Sources/IntentBridgeSystem/Clock.swift", 1)],
    ),
    (
        "unguarded import Glibc in another module",
        {"Sources/IntentBridgeCLI/StandardConsole.swift": "@preconcurrency import Glibc\nimport Synchronization\n"},
        [("Sources/IntentBridgeCLI/StandardConsole.swift", 1)],
    ),
    (
        "a C library imported by another module, guarded",
        {"Sources/IntentBridgeRanking/Ranker.swift": "#if canImport(Glibc)\n  import Glibc\n#elseif canImport(Darwin)\n  import Darwin\n#endif\nlet e = exp(1.0)\n"},
        [("Sources/IntentBridgeRanking/Ranker.swift", 2), ("Sources/IntentBridgeRanking/Ranker.swift", 4)],
    ),
    (
        "import Darwin in the #else of canImport(Glibc) (Musl would compile it)",
        {"Sources/IntentBridgeSystem/Files.swift": "#if canImport(Glibc)\n  import Glibc\n#else\n  import Darwin\n#endif\n"},
        [("Sources/IntentBridgeSystem/Files.swift", 4)],
    ),
    (
        "Glibc.write( outside a Linux branch",
        {"Sources/IntentBridgeSystem/Console.swift": LIBC_SWITCH + "func put(_ fd: Int32, _ p: UnsafeRawPointer, _ n: Int) -> Int {\n  Glibc.write(fd, p, n)\n}\n"},
        [("Sources/IntentBridgeSystem/Console.swift", 9)],
    ),
    (
        "st_mtim outside a Linux branch",
        {"Sources/IntentBridgeSystem/Status.swift": LIBC_SWITCH + "func m(_ s: stat) -> timespec { s.st_mtim }\n"},
        [("Sources/IntentBridgeSystem/Status.swift", 8)],
    ),
    (
        "st_ctim in the #else of canImport(Glibc) (Apple platforms compile it)",
        {"Sources/IntentBridgeSystem/Status.swift": LIBC_SWITCH + "#if canImport(Glibc)\nlet a = 1\n#else\nfunc c(_ s: stat) -> timespec { s.st_ctim }\n#endif\n"},
        [("Sources/IntentBridgeSystem/Status.swift", 11)],
    ),
    (
        "Apple-only identifier outside an Apple branch",
        {"Sources/IntentBridgeSystem/Status.swift": LIBC_SWITCH + "func m(_ s: stat) -> timespec { s.st_mtimespec }\nlet lock = os_unfair_lock()\n"},
        [("Sources/IntentBridgeSystem/Status.swift", 8), ("Sources/IntentBridgeSystem/Status.swift", 9)],
    ),
    (
        "Darwin.-qualified call in a negated Linux branch (musl compiles it)",
        {"Sources/IntentBridgeSystem/Exit.swift": LIBC_SWITCH + "#if !canImport(Glibc)\n  func end() -> Never { Darwin.exit(0) }\n#endif\n"},
        [("Sources/IntentBridgeSystem/Exit.swift", 9)],
    ),
    (
        "Linux-only calls in other modules",
        {"Sources/IntentBridgeMCP/Watch.swift": "let fd = inotify_init1(0)\nlet p = pipe2(&fds, O_CLOEXEC)\n"},
        [("Sources/IntentBridgeMCP/Watch.swift", 1), ("Sources/IntentBridgeMCP/Watch.swift", 2)],
    ),
    (
        "unguarded import FoundationNetworking",
        {"Sources/IntentBridgeEngine/Session.swift": "import Foundation\nimport FoundationNetworking\n"},
        [("Sources/IntentBridgeEngine/Session.swift", 2)],
    ),
    (
        "correct: the system module's branches side by side",
        {
            "Sources/IntentBridgeSystem/FileStatus.swift": LIBC_SWITCH + """\
                package func times(_ raw: stat) -> (timespec, timespec) {
                  #if canImport(Darwin)
                    (raw.st_mtimespec, raw.st_ctimespec)
                  #elseif canImport(Glibc) || canImport(Musl)
                    (raw.st_mtim, raw.st_ctim)
                  #endif
                }
                package func end(_ status: Int32) -> Never {
                  #if canImport(Darwin)
                    Darwin.exit(status)
                  #elseif canImport(Glibc)
                    Glibc.exit(status)
                  #elseif canImport(Musl)
                    Musl.exit(status)
                  #endif
                }
                #if os(macOS) || os(iOS)
                  let lock = os_unfair_lock()
                #endif
                #if os(Linux) && arch(x86_64)
                  let poller = epoll_create1(0)
                #endif
                #if !canImport(Darwin)
                  let path = O_PATH
                #endif
                """,
            "Sources/IntentBridgeCatalog/Loader.swift": """\
                #if canImport(FoundationEssentials)
                  import FoundationEssentials
                #else
                  import Foundation
                #endif
                import IntentBridgeSystem

                // st_mtim, Glibc.write( and `import Glibc` in a comment are not code.
                /* import Darwin /* nested */ kqueue */
                let message = "Glibc.write(fd) and st_mtim in a string"
                let raw = #"import Glibc "quoted" st_ctim"#
                let text = \"\"\"
                  import Darwin
                  mach_absolute_time()
                  \"\"\"
                """,
            "Sources/IntentBridgeEngine/Session.swift": """\
                #if !os(Linux)
                  import Foundation
                  #if canImport(FoundationNetworking)
                    import FoundationNetworking
                  #endif
                #endif
                """,
        },
        [],
    ),
]


def test_fixture(name, files, expected):
    status, findings, output = run_check(files)
    expected = set(expected)
    if expected:
        if status != 1:
            return f"exit status {status}, expected 1\n{output}"
    elif status != 0:
        return f"exit status {status}, expected 0 (no findings)\n{output}"
    if findings != expected:
        return f"findings {sorted(findings)}, expected {sorted(expected)}\n{output}"
    if not output.rstrip().splitlines()[-1].startswith("portability: "):
        return f"no closing `portability: N passed, M failed` line\n{output}"
    return None


def history_available():
    if shutil.which("git") is None:
        return "git is not installed"
    probe = subprocess.run(
        ["git", "-C", ROOT, "cat-file", "-e", f"{BEFORE_SYSTEM_MODULE}^{{commit}}"], capture_output=True, text=True)
    if probe.returncode != 0:
        return f"commit {BEFORE_SYSTEM_MODULE} is not in this checkout's history"
    return None


def expected_in_history(root):
    """The lines of the old sources an independent grep calls findings: (path, line)."""
    expected = set()
    patterns = [
        re.compile(r"^\s*(@preconcurrency\s+)?import (Glibc|Darwin|Musl)\b"),
        re.compile(r"^import FoundationEssentials\b"),  # at the top level, so in no #if
        re.compile(r"\bGlibc\.\w+\("),
        re.compile(r"\bst_[mc]tim\b"),
    ]
    for folder, _, names in os.walk(os.path.join(root, "Sources")):
        for name in names:
            if not name.endswith(".swift"):
                continue
            path = os.path.join(folder, name)
            relative = os.path.relpath(path, root).replace(os.sep, "/")
            with open(path, encoding="utf-8") as handle:
                for number, line in enumerate(handle, 1):
                    code = line.split("//")[0]
                    if any(pattern.search(code) for pattern in patterns):
                        expected.add((relative, number))
    return expected


def test_history():
    folder = tempfile.mkdtemp(prefix="portability-history-")
    try:
        archive = subprocess.run(["git", "-C", ROOT, "archive", BEFORE_SYSTEM_MODULE, "Sources"], capture_output=True)
        if archive.returncode != 0:
            return f"git archive failed: {archive.stderr.decode(errors='replace')}"
        subprocess.run(["tar", "-x", "-C", folder], input=archive.stdout, check=True)
        expected = expected_in_history(folder)
        status, findings, output = run_on(folder)
        if len(expected) < 30:
            return f"the grep found only {len(expected)} lines in {BEFORE_SYSTEM_MODULE}; expected the ~70 of issue #34"
        if status != 1:
            return f"exit status {status} on the sources of {BEFORE_SYSTEM_MODULE}, expected 1\n{output}"
        missed = sorted(expected - findings)
        if missed:
            return "not flagged: " + ", ".join(f"{path}:{line}" for path, line in missed)
        print(f"  {len(expected)} lines of {BEFORE_SYSTEM_MODULE} flagged, in {len({p for p, _ in expected})} files")
        return None
    finally:
        shutil.rmtree(folder)


def main():
    passed = failed = 0
    for name, files, expected in CASES:
        problem = test_fixture(name, files, expected)
        print(f"{'ok  ' if problem is None else 'FAIL'} {name}")
        if problem:
            print(textwrap.indent(problem, "    "))
            failed += 1
        else:
            passed += 1
    name = f"the findings of {BEFORE_SYSTEM_MODULE} (before the system module) are all flagged"
    unavailable = history_available()
    if unavailable:
        print(f"skip {name}: {unavailable}")
    else:
        problem = test_history()
        print(f"{'ok  ' if problem is None else 'FAIL'} {name}")
        if problem:
            print(textwrap.indent(problem, "    "))
            failed += 1
        else:
            passed += 1
    current_status, _, output = run_on(ROOT)
    print(f"{'ok  ' if current_status == 0 else 'FAIL'} this checkout's sources pass")
    if current_status == 0:
        passed += 1
    else:
        print(textwrap.indent(output, "    "))
        failed += 1
    print(f"portability check tests: {passed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
