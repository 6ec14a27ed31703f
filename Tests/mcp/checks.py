"""Named checks for the Python test scripts: one line per check, counted for the summary."""


class Checks:
    """`check(name, condition, detail)` prints `  ok   name` or `  FAIL name detail`."""

    def __init__(self):
        self.passed = 0
        self.failed = 0

    def __call__(self, name, condition, detail=""):
        if condition:
            self.passed += 1
            print(f"  ok   {name}", flush=True)
        else:
            self.failed += 1
            print(f"  FAIL {name} {detail}"[:2000], flush=True)
        return bool(condition)

    def summary(self, label):
        return f"{label}: {self.passed} passed, {self.failed} failed"
