"""Runs the README's two set-up commands exactly as written (no substitution, no rewriting).

Usage: python3 Scripts/check_setup_commands.py [--readme FILE] [--ci-script FILE]

The section "## Set-up: two commands" of the README holds two shell blocks: the first builds
and runs the main job, the second runs every test.
- The first is run as written, with `bash -c` from the checkout's root, the way a new user
  pastes it into a terminal. It must exit with 0 and print a ranking whose first line names
  an intent; its last lines and its wall time are printed.
- The second is what CI runs: `.ci/run` must run that exact line (compared character for
  character), so the CI run of a fresh clone is the test that it works as written. Running it
  from here would start the test suite inside itself.
A block that does not hold exactly one command fails: the README promises two commands.

Prints one line per check and, last, `set-up commands: N passed, M failed`; exits 1 on any
failure. Run by Scripts/test.sh in its README stage, on the clean clone CI makes.
"""

import os
import re
import subprocess
import sys
import time

ROOT = os.path.abspath(os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
sys.path.insert(0, os.path.join(ROOT, "Tests", "mcp"))
from checks import Checks  # noqa: E402 (one line per check, shared with the MCP tests)

SECTION = "## Set-up: two commands"
GUARD = 3600  # seconds: a hang guard for a release build on two cores, never a timing bound

check = Checks()


def setup_commands(text):
    """The command line of each shell block in the set-up section, in order."""
    if SECTION not in text:
        return None
    section = text.split(SECTION, 1)[1].split("\n## ", 1)[0]
    blocks = re.findall(r"```(?:sh|bash|shell)\n(.*?)```", section, re.S)
    return [[line for line in block.split("\n") if line.strip() and not line.lstrip().startswith("#")] for block in blocks]


def main():
    argv = sys.argv[1:]
    readme = argv[argv.index("--readme") + 1] if "--readme" in argv else os.path.join(ROOT, "README.md")
    ci_script = argv[argv.index("--ci-script") + 1] if "--ci-script" in argv else os.path.join(ROOT, ".ci", "run")
    blocks = setup_commands(open(readme, encoding="utf-8").read())
    print(f"== README set-up commands, as written: {os.path.relpath(readme, ROOT)}")
    if not check(f"README has '{SECTION}' with two shell blocks", blocks is not None and len(blocks) == 2, blocks):
        print(check.summary("set-up commands"))
        sys.exit(1)
    for i, block in enumerate(blocks):
        check(f"set-up block {i + 1} holds one command", len(block) == 1, block)
    run, test = blocks[0][0], blocks[1][0]

    print(f"  $ {run}", flush=True)
    started = time.monotonic()
    try:
        result = subprocess.run(["bash", "-c", run], cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, timeout=GUARD)
        output, status = result.stdout.decode("utf-8", "replace"), result.returncode
    except subprocess.TimeoutExpired as error:
        output, status = (error.output or b"").decode("utf-8", "replace"), None
    elapsed = time.monotonic() - started
    lines = [line for line in output.split("\n") if line.strip()]
    for line in lines[-4:]:
        print(f"  | {line}")
    print(f"  ({elapsed:.1f} s)")
    check("first command exits with 0", status == 0, f"exit status {status}")
    ranking = [line for line in lines if re.match(r"^\s*1\. \S+\s+\d+%", line)]
    check("first command prints a ranking ('1. INTENT  NN%')", bool(ranking), lines[-10:])

    ci_lines = [line.strip() for line in open(ci_script, encoding="utf-8").read().split("\n")]
    check(f"{os.path.relpath(ci_script, ROOT)} runs the second command as written: {test}", test.strip() in ci_lines, ci_lines)
    print(check.summary("set-up commands"))
    sys.exit(1 if check.failed else 0)


if __name__ == "__main__":
    main()
