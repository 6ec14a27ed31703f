"""Checks that every module imports only the modules the README allows it.

Usage: python3 Scripts/check_module_imports.py [--root DIR]

The README's section "## Module dependencies" holds a table, one row per module of
`Sources/`: the module, then the project modules it may import (backticked names, or "—").
The check fails when
- a `Sources/` target of Package.swift has no row, or a row names no target;
- a row differs from the target's `dependencies:` in Package.swift (the table and the
  package say the same thing, so the table cannot go stale);
- a Swift file of `Sources/<Module>/` imports a project module (`IntentBridge…`, any form:
  `import`, `@preconcurrency import`, `@_exported import`, inside `#if` too) that its row
  does not allow.
Findings are printed as `path:line: message`, then `module imports: N passed, M failed`;
exit 1 on any finding. `--root` points at another tree (the check's own test uses fixtures).
"""

import os
import re
import sys

SECTION = "## Module dependencies"
IMPORT = re.compile(r"^\s*(?:@\w+\s+)*import\s+(?:(?:struct|class|enum|protocol|func|var|let|typealias)\s+)?(IntentBridge\w*)")


def package_targets(text):
    """{target: set(dependencies)} of the targets that live in Sources/ (no `path:`)."""
    targets = {}
    for part in re.split(r"(?=\.(?:target|executableTarget|testTarget)\()", text):
        match = re.match(r"\.(?:target|executableTarget)\(\s*name:\s*\"(\w+)\"", part)
        if not match:
            continue
        body = part[match.end():]
        if re.search(r"\bpath:", body):
            continue
        deps = re.search(r"dependencies:\s*\[(.*?)\]", body, re.S)
        targets[match.group(1)] = set(re.findall(r"\"(\w+)\"", deps.group(1))) if deps else set()
    return targets


def readme_table(text):
    """{module: set(allowed)} from the README section, or None without the section."""
    if SECTION not in text:
        return None
    section = text.split(SECTION, 1)[1].split("\n## ", 1)[0]
    table = {}
    for line in section.split("\n"):
        cells = [cell.strip() for cell in line.strip().strip("|").split("|")]
        if len(cells) < 2 or not cells[0].startswith("`"):
            continue
        module = cells[0].strip("`")
        table[module] = set(re.findall(r"`(\w+)`", cells[1]))
    return table


def main():
    argv = sys.argv[1:]
    root = os.path.abspath(argv[argv.index("--root") + 1]) if "--root" in argv else os.path.abspath(os.path.join(os.path.dirname(__file__), ".."))
    findings, passed = [], 0
    targets = package_targets(open(os.path.join(root, "Package.swift"), encoding="utf-8").read())
    table = readme_table(open(os.path.join(root, "README.md"), encoding="utf-8").read())
    if table is None:
        findings.append(f"README.md: no section '{SECTION}': add a table of what each module may import")
        table = {}
    for module in sorted(set(targets) | set(table)):
        if module not in table:
            findings.append(f"README.md: module {module} (Package.swift) has no row in '{SECTION}'")
        elif module not in targets:
            findings.append(f"README.md: the row of {module} names no target of Package.swift in Sources/")
        elif table[module] != targets[module]:
            extra, missing = sorted(table[module] - targets[module]), sorted(targets[module] - table[module])
            findings.append(f"README.md: the row of {module} differs from Package.swift (README only: {extra}; Package.swift only: {missing})")
        else:
            passed += 1
    sources = os.path.join(root, "Sources")
    for module in sorted(os.listdir(sources)) if os.path.isdir(sources) else []:
        allowed = table.get(module, targets.get(module, set())) | {module}
        for folder, _, files in os.walk(os.path.join(sources, module)):
            for name in sorted(files):
                if not name.endswith(".swift"):
                    continue
                path = os.path.join(folder, name)
                clean = True
                for number, line in enumerate(open(path, encoding="utf-8"), 1):
                    match = IMPORT.match(line)
                    if match and match.group(1) not in allowed:
                        clean = False
                        findings.append(
                            f"{os.path.relpath(path, root)}:{number}: {module} imports {match.group(1)}, which its row of README.md "
                            f"'{SECTION}' does not allow; move the helper it needs, or add the dependency to Package.swift and the table")
                passed += clean
    for finding in findings:
        print(finding)
    print(f"module imports: {passed} passed, {len(findings)} failed")
    sys.exit(1 if findings else 0)


if __name__ == "__main__":
    main()
