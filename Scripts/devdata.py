#!/usr/bin/env python3
"""Where the development data sets are, for the project's Python and shell scripts.

The data (Home Assistant intents, the Xcode Weather sample, …) is third-party and never in
the repository: it is read in place from the folder INTENTBRIDGE_DEV_DATA names, or from
<checkout>/../shared/data when the variable is unset (the Swift tests use the same rule,
Tests/IntentBridgeTestSupport/DevData.swift).

From Python:   from devdata import dev_data, require   (with Scripts/ on sys.path)
From a shell:  ha=$(python3 Scripts/devdata.py ha) || exit 1
               prints the folder, or says on standard error what is missing and exits 1.
"""
import os
import sys
from pathlib import Path

VARIABLE = "INTENTBRIDGE_DEV_DATA"
CHECKOUT = Path(__file__).resolve().parents[1]


def dev_data(relative=""):
    """The data folder (or `relative` inside it), whether or not it exists."""
    chosen = os.environ.get(VARIABLE)
    root = Path(chosen) if chosen else CHECKOUT.parent / "shared" / "data"
    return (root / relative).resolve() if relative else root.resolve()


def missing_note(relative):
    return (f"development data '{relative}' not found at {dev_data(relative)}; "
            f"set {VARIABLE} to the folder holding it (default <checkout>/../shared/data)")


def require(relative):
    """`relative` inside the data folder; exits with a plain message when it is absent."""
    path = dev_data(relative)
    if not path.exists():
        sys.exit(missing_note(relative))
    return path


if __name__ == "__main__":
    relative = sys.argv[1] if len(sys.argv) > 1 else ""
    path = dev_data(relative)
    if not path.exists():
        print(missing_note(relative), file=sys.stderr)
        sys.exit(1)
    print(path)
