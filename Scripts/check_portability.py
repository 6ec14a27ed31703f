"""Checks that the Swift sources can compile on every platform the package declares.

Usage: python3 Scripts/check_portability.py [--root DIR]

No machine of the project builds for Apple platforms, so this check keeps the sources
portable at source level, on Linux. It reads every `.swift` file under `Sources/` of the
checkout (or of `--root`), follows its `#if` / `#elseif` / `#else` / `#endif` blocks and
works out, for each line, on which of these platforms it is compiled:

    Linux (glibc)   os(Linux), canImport(Glibc), canImport(FoundationEssentials), …
    Linux (musl)    os(Linux), canImport(Musl), canImport(FoundationEssentials), …
    macOS           os(macOS), canImport(Darwin), canImport(AppKit), …
    iOS             os(iOS), canImport(Darwin), canImport(UIKit), …

Conditions may use `os(…)`, `canImport(…)`, `!`, `&&`, `||` and parentheses; anything else
(`arch(…)`, `compiler(…)`, `DEBUG`, …) counts as possibly true and possibly false, so a line
is taken as compiled on a platform whenever some value of those makes it so. Comments and
string literals are left out before anything is matched.

Findings (each printed as `path:line: message`, with what to do):
- a C library module (`Glibc`, `Darwin`, `Musl`, `Bionic`, `Android`, `WinSDK`, `ucrt`)
  imported outside `Sources/IntentBridgeSystem/`, guarded or not: every operating-system call
  belongs in that module (DESIGN: one system module, as Apple's swift-system);
- inside it, such an import that a platform without the module would compile (e.g. `import
  Glibc` not in a `canImport(Glibc)` or `os(Linux)` branch);
- `import FoundationEssentials` not inside a `canImport(FoundationEssentials)` branch (Apple
  platforms have only `Foundation`), and `import FoundationNetworking` neither inside a
  `canImport(FoundationNetworking)` branch nor kept out of Apple platforms;
- a Linux-only identifier (`st_mtim`, `Glibc.`-qualified calls, `epoll`, `pipe2`, …) on a line
  that macOS or iOS would compile, and an Apple-only identifier (`st_mtimespec`,
  `Darwin.`-qualified calls, `kqueue`, `mach_…`, …) on a line that Linux would compile.

Prints the findings and, last, `portability: N passed, M failed` (one count per Swift file);
exits 1 on any finding, 2 when the sources cannot be read.
"""

import argparse
import os
import re
import sys

SYSTEM_MODULE = "Sources/IntentBridgeSystem/"

# The platforms the package declares (Package.swift), with what each compiles as true.
PLATFORMS = {
    "Linux (glibc)": {"os": {"Linux"}, "modules": {"Glibc", "Foundation", "FoundationEssentials", "FoundationNetworking", "Dispatch"}},
    "Linux (musl)": {"os": {"Linux"}, "modules": {"Musl", "Foundation", "FoundationEssentials", "FoundationNetworking", "Dispatch"}},
    "macOS": {"os": {"macOS"}, "modules": {"Darwin", "Foundation", "Dispatch", "AppKit", "ObjectiveC", "os"}},
    "iOS": {"os": {"iOS"}, "modules": {"Darwin", "Foundation", "Dispatch", "UIKit", "ObjectiveC", "os"}},
}
LINUX = {"Linux (glibc)", "Linux (musl)"}
APPLE = {"macOS", "iOS"}

LIBC_MODULES = ["Glibc", "Darwin", "Musl", "Bionic", "Android", "WinSDK", "ucrt"]

# Identifiers that exist on Linux only, with what to use instead or where to put them.
LINUX_ONLY = [
    (r"\bst_[amc]tim\b", "the stat times are `st_mtimespec`/`st_ctimespec` on Apple platforms: use `FileStatus` (IntentBridgeSystem)"),
    (r"\bGlibc\.", "a `Glibc.`-qualified call compiles on glibc only: call it through IntentBridgeSystem"),
    (r"\bMusl\.", "a `Musl.`-qualified call compiles on musl only: call it through IntentBridgeSystem"),
    (r"\binotify_\w+", "inotify is Linux-only (Apple: kqueue/FSEvents)"),
    (r"\bepoll_\w+", "epoll is Linux-only (Apple: kqueue)"),
    (r"\bsched_getaffinity\b", "sched_getaffinity is Linux-only: use `activeProcessorCount` (IntentBridgeSystem)"),
    (r"\bMAP_POPULATE\b", "MAP_POPULATE is Linux-only"),
    (r"\bO_PATH\b", "O_PATH is Linux-only"),
    (r"\bO_TMPFILE\b", "O_TMPFILE is Linux-only"),
    (r"\bpipe2\b", "pipe2 is not on Apple platforms: use `FileDescriptor.pipe()` (IntentBridgeSystem)"),
    (r"\bdup3\b", "dup3 is Linux-only"),
    (r"\baccept4\b", "accept4 is Linux-only"),
    (r"\bSOCK_CLOEXEC\b", "SOCK_CLOEXEC is Linux-only (Apple: fcntl FD_CLOEXEC)"),
    (r"\bSOCK_NONBLOCK\b", "SOCK_NONBLOCK is Linux-only"),
    (r"\bgettid\b", "gettid is Linux-only"),
    (r"\bprctl\b", "prctl is Linux-only"),
    (r"\b(?:eventfd|signalfd|timerfd_\w+|memfd_create)\b", "a Linux-only descriptor kind"),
    (r"\bget_nprocs\w*\b", "get_nprocs is glibc-only: use `activeProcessorCount` (IntentBridgeSystem)"),
    (r"\b__errno_location\b", "glibc's errno accessor: use `Errno.current` (IntentBridgeSystem)"),
    (r"\bprogram_invocation_\w+", "glibc-only"),
]

# Identifiers that exist on Apple platforms only.
APPLE_ONLY = [
    (r"\bst_(?:[amc]|birth)timespec\b", "the stat times are `st_mtim`/`st_ctim` on Linux: use `FileStatus` (IntentBridgeSystem)"),
    (r"\bDarwin\.", "a `Darwin.`-qualified call compiles on Apple platforms only: call it through IntentBridgeSystem"),
    (r"\bkqueue\b|\bkevent\w*\b", "kqueue is Apple/BSD-only (Linux: epoll/inotify)"),
    (r"\bmach_\w+", "Mach calls are Apple-only"),
    (r"\bF_FULLFSYNC\b|\bF_NOCACHE\b|\bF_GETPATH\b", "an Apple-only fcntl command"),
    (r"\bsysctlbyname\b", "sysctlbyname is Apple/BSD-only"),
    (r"\bos_unfair_lock\w*", "os_unfair_lock is Apple-only: use `Mutex` (Synchronization) or `ConditionLock`"),
    (r"\bos_log\b|\bOSLog\b", "os_log is Apple-only"),
    (r"\b_NSGetExecutablePath\b|\bproc_pid\w+", "Apple-only process introspection"),
    (r"\bPOSIX_SPAWN_CLOEXEC_DEFAULT\b|\bposix_spawn_file_actions_addinherit_np\b", "an Apple-only posix_spawn extension"),
    (r"\bO_EVTONLY\b|\bMAP_JIT\b", "Apple-only"),
]

IMPORT = re.compile(
    r"^\s*(?:@\w+(?:\([^)]*\))?\s+)*(?:(?:public|package|internal|fileprivate|private)\s+)?"
    r"import\s+(?:(?:typealias|struct|class|enum|protocol|let|var|func)\s+)?([A-Za-z_]\w*)"
)
DIRECTIVE = re.compile(r"^\s*#(if|elseif|else|endif)\b(.*)$")


class CheckError(Exception):
    pass


# ---------------------------------------------------------------------------------------------
# Source text: comments and string literals left out, line numbers kept.


def code_lines(text):
    """The file's lines with comments and the contents of string literals replaced by spaces."""
    out = []
    i, n = 0, len(text)
    depth = 0  # nesting of /* */ comments
    string = None  # (closing delimiter, raw hashes) while inside a string literal
    while i < n:
        c = text[i]
        if depth:
            if text.startswith("/*", i):
                depth += 1
                out.append("  ")
                i += 2
            elif text.startswith("*/", i):
                depth -= 1
                out.append("  ")
                i += 2
            else:
                out.append("\n" if c == "\n" else " ")
                i += 1
            continue
        if string:
            close, hashes = string
            if c == "\\" and text.startswith("\\" + hashes, i) and not hashes:
                out.append("  ")
                i += 2
                continue
            if text.startswith(close + hashes, i):
                out.append(" " * len(close + hashes))
                i += len(close + hashes)
                string = None
                continue
            if c == "\n" and close == '"':
                string = None  # an unterminated one-line string: stop at the line's end
            out.append("\n" if c == "\n" else " ")
            i += 1
            continue
        if text.startswith("//", i):
            end = text.find("\n", i)
            end = n if end < 0 else end
            out.append(" " * (end - i))
            i = end
            continue
        if text.startswith("/*", i):
            depth = 1
            out.append("  ")
            i += 2
            continue
        m = re.match(r'(#*)("""|")', text[i:])
        if m and (m.group(1) or c == '"'):
            hashes, close = m.group(1), m.group(2)
            string = (close, hashes)
            out.append(" " * len(m.group(0)))
            i += len(m.group(0))
            continue
        out.append(c)
        i += 1
    return "".join(out).split("\n")


# ---------------------------------------------------------------------------------------------
# Conditions: parsed into a small tree, evaluated per platform in three-valued logic.


def tokenize(condition):
    tokens = re.findall(r"\s*(\|\||&&|!|\(|\)|,|[A-Za-z_][\w.]*|[<>=]+|[\d.]+|\S)", condition)
    return [t for t in tokens if t.strip()]


def parse_condition(condition, where):
    tokens = tokenize(condition)
    position = 0

    def peek():
        return tokens[position] if position < len(tokens) else None

    def take(expected=None):
        nonlocal position
        token = peek()
        if token is None or (expected and token != expected):
            raise CheckError(f"{where}: cannot read the condition `{condition.strip()}`")
        position += 1
        return token

    def disjunction():
        node = conjunction()
        while peek() == "||":
            take()
            node = ("or", node, conjunction())
        return node

    def conjunction():
        node = unary()
        while peek() == "&&":
            take()
            node = ("and", node, unary())
        return node

    def unary():
        if peek() == "!":
            take()
            return ("not", unary())
        if peek() == "(":
            take()
            node = disjunction()
            take(")")
            return node
        name = take()
        if peek() == "(":
            take()
            argument = []
            depth = 1
            while depth:
                token = take()
                depth += token == "("
                depth -= token == ")"
                if depth:
                    argument.append(token)
            first = argument[0] if argument else ""
            return ("call", name, first)
        return ("flag", name)

    tree = disjunction()
    if peek() is not None:
        raise CheckError(f"{where}: cannot read the condition `{condition.strip()}`")
    return tree


UNKNOWN = None  # third truth value


def evaluate(tree, platform, assume=None):
    """True, False or UNKNOWN for `tree` on `platform` (a PLATFORMS key, or None: every
    `os`/`canImport` unknown); `assume` fixes single atoms, e.g. {("canImport", "X"): False}."""
    kind = tree[0]
    if kind == "not":
        value = evaluate(tree[1], platform, assume)
        return UNKNOWN if value is UNKNOWN else not value
    if kind in ("and", "or"):
        left, right = evaluate(tree[1], platform, assume), evaluate(tree[2], platform, assume)
        if kind == "and":
            if left is False or right is False:
                return False
            return True if left is True and right is True else UNKNOWN
        if left is True or right is True:
            return True
        return False if left is False and right is False else UNKNOWN
    if kind == "flag":
        return {"true": True, "false": False}.get(tree[1], UNKNOWN)
    _, name, argument = tree
    if assume and (name, argument) in assume:
        return assume[(name, argument)]
    if platform is None:
        return UNKNOWN
    facts = PLATFORMS[platform]
    if name == "os":
        return argument in facts["os"]
    if name == "canImport":
        return argument in facts["modules"]
    if name == "targetEnvironment":
        return False if argument == "macCatalyst" and platform != "iOS" else UNKNOWN
    return UNKNOWN


# ---------------------------------------------------------------------------------------------
# Files: the conditions each line is compiled under, and the findings.


def line_conditions(lines, path):
    """For each line, the list of (condition tree, must be true?) that must all hold for it
    to be compiled; None for directive lines."""
    stack = []  # per open #if: {"taken": [trees of earlier branches], "current": tree or None}
    result = []
    for number, line in enumerate(lines, 1):
        match = DIRECTIVE.match(line)
        where = f"{path}:{number}"
        if match:
            keyword, rest = match.group(1), match.group(2)
            if keyword == "if":
                stack.append({"earlier": [], "current": parse_condition(rest, where)})
            elif not stack:
                raise CheckError(f"{where}: #{keyword} without #if")
            elif keyword == "elseif":
                frame = stack[-1]
                frame["earlier"].append(frame["current"])
                frame["current"] = parse_condition(rest, where)
            elif keyword == "else":
                frame = stack[-1]
                frame["earlier"].append(frame["current"])
                frame["current"] = None
            else:
                stack.pop()
            result.append(None)
            continue
        requirements = []
        for frame in stack:
            requirements += [(tree, False) for tree in frame["earlier"]]
            if frame["current"] is not None:
                requirements.append((frame["current"], True))
        result.append(requirements)
    if stack:
        raise CheckError(f"{path}: #if without #endif")
    return result


def compiled_on(requirements, platform, assume=None):
    """Whether some value of the unknown atoms compiles the line on `platform`."""
    for tree, wanted in requirements:
        value = evaluate(tree, platform, assume)
        if value is not UNKNOWN and value != wanted:
            return False
    return True


def platforms_of(requirements):
    return {platform for platform in PLATFORMS if compiled_on(requirements, platform)}


def requires(requirements, name, argument):
    """Whether the line cannot be compiled where `name(argument)` is false."""
    return not compiled_on(requirements, None, {(name, argument): False})


def check_file(path, relative):
    with open(path, encoding="utf-8") as handle:
        text = handle.read()
    lines = code_lines(text)
    conditions = line_conditions(lines, relative)
    in_system = relative.startswith(SYSTEM_MODULE)
    findings = []
    for number, (line, requirements) in enumerate(zip(lines, conditions), 1):
        if requirements is None or not line.strip():
            continue
        compiled = platforms_of(requirements)
        if not compiled:
            continue
        match = IMPORT.match(line)
        module = match.group(1) if match else None
        if module in LIBC_MODULES:
            if not in_system:
                findings.append((number, f"`import {module}` outside {SYSTEM_MODULE}: move the system calls of this file into "
                                         f"IntentBridgeSystem (one type per concept, with #if canImport(Darwin) / Glibc / Musl "
                                         f"branches side by side) and `import IntentBridgeSystem` here"))
            else:
                missing = sorted(p for p in compiled if module not in PLATFORMS[p]["modules"])
                if missing:
                    findings.append((number, f"`import {module}` would be compiled on {', '.join(missing)}, which lack it: put it in "
                                             f"a `#if canImport({module})` branch (`#if canImport(Darwin)` / `#elseif "
                                             f"canImport(Glibc)` / `#elseif canImport(Musl)`)"))
        elif module == "FoundationEssentials" and not requires(requirements, "canImport", "FoundationEssentials"):
            findings.append((number, "`import FoundationEssentials` outside a `#if canImport(FoundationEssentials)` branch (Apple "
                                     "platforms have only Foundation): `#if canImport(FoundationEssentials)` / `import "
                                     "FoundationEssentials` / `#else` / `import Foundation` / `#endif`"))
        elif module == "FoundationNetworking" and not requires(requirements, "canImport", "FoundationNetworking") and compiled & APPLE:
            findings.append((number, "`import FoundationNetworking` outside a `#if canImport(FoundationNetworking)` branch "
                                     "(URLSession is in Foundation on Apple platforms)"))
        if match:
            continue
        for pattern, advice in LINUX_ONLY:
            if compiled & APPLE and re.search(pattern, line):
                token = re.search(pattern, line).group(0)
                findings.append((number, f"`{token}` is Linux-only but would be compiled on {', '.join(sorted(compiled & APPLE))}: "
                                         f"{advice}, or put it in a `#if os(Linux)` / `canImport(Glibc)` branch"))
        for pattern, advice in APPLE_ONLY:
            if compiled & LINUX and re.search(pattern, line):
                token = re.search(pattern, line).group(0)
                findings.append((number, f"`{token}` is Apple-only but would be compiled on {', '.join(sorted(compiled & LINUX))}: "
                                         f"{advice}, or put it in a `#if canImport(Darwin)` branch"))
    return findings


def swift_files(root):
    sources = os.path.join(root, "Sources")
    if not os.path.isdir(sources):
        raise CheckError(f"{sources}: no such folder (give the checkout with --root)")
    for folder, subfolders, files in os.walk(sources):
        subfolders.sort()
        for name in sorted(files):
            if name.endswith(".swift"):
                path = os.path.join(folder, name)
                yield path, os.path.relpath(path, root).replace(os.sep, "/")


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    default_root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    parser.add_argument("--root", default=default_root, help="the checkout whose Sources/ to check (default: this one)")
    arguments = parser.parse_args(argv)
    passed = failed = 0
    try:
        for path, relative in swift_files(arguments.root):
            findings = check_file(path, relative)
            for number, message in findings:
                print(f"{relative}:{number}: {message}")
            if findings:
                failed += 1
            else:
                passed += 1
    except (CheckError, OSError, UnicodeDecodeError) as error:
        print(f"error: {error}")
        print(f"portability: {passed} passed, {failed + 1} failed")
        return 2
    print(f"portability: {passed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
