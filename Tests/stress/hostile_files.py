"""Issue #31's hostile-input reproducers as stress cases (called by stress.py's `run_cases`).

Every process must end with a message and exit status 0, 64 or 65 — never a signal
(`returncode < 0`: SIGILL from an overflow trap, SIGBUS from a truncated mapping) — and never
with a Foundation error dump on stderr (`CocoaError`, `NSCocoaErrorDomain`, `Error Domain=`,
`rawValue:`). A server keeps answering (a `ping` after each bad call) and exits 0 at EOF.
Everything runs on copies in temporary folders, so the checkout stays clean.

- D1  enormous durations (`set a timer for 2562047788015216 hours`; before: SIGILL, exit
      132): `resolve`, a `--requests` batch, `eval`, an MCP `resolve_request`, and a batch of
      generated rows (2^63, 2^64, 10^40, 1e308, 100-digit literals) in en/de/fi/sk/zh-CN.
- D2  an index file whose HEAD count is 2^60, with its checksum resealed (`ContentHash`
      in Python, verified against a real index file first): `rank --no-rebuild` exit 65
      naming the file as corrupt, `rank` rebuilds it, `index` rewrites it, and a running
      server that hot-reloads onto it keeps answering.
- D3  `--set NAME=VALUE` with nan, ±inf, 1e19, -1, 1e308, 2.5: exit 64 naming the range,
      or exit 0 for a value in range; `serve --set candidates=nan` exit 64.
- D11 processes started one after another while a writer rewrites the index file, the
      compiled tokenizer and the model's weights in place (truncate, write back, as `cp`
      does): none killed by SIGBUS; the exit statuses and the `was truncated or rewritten
      in place` warnings are counted; and a server whose `tokenizer.ibtok` is truncated
      under it keeps answering.
- D13 `rank`/`resolve --requests /dev/urandom` stop with exit 65 `after 100 bad rows`.
- An 18 KB row in `rank --requests` is answered on its window, with a `notice`.

Counts are small by default; `INTENTBRIDGE_STRESS=full` runs more generated rows and 2,000
processes under the in-place writer (200 by default). `INTENTBRIDGE_STRESS_ONLY=hostile_files`
runs only these cases; `hostile_files.d11` (comma-separated) only some of them.
"""

import glob
import json
import os
import random
import re
import shutil
import signal
import struct
import subprocess
import sys
import tempfile
import threading
import time
from collections import Counter

DUMPS = ("CocoaError", "NSCocoaErrorDomain", "Error Domain=", "rawValue:")
ALLOWED = (0, 64, 65)
TRAP = "set a timer for 2562047788015216 hours"
WARNING = "was truncated or rewritten in place"
CENTURY = 100 * 366 * 86400  # seconds: durations beyond 100 years are not read (docs)

# Filled in by `run` from stress.py, so both share one `Checks` counter and one `Server`.
suite = None
check = None


# ---------------------------------------------------------------- ContentHash (Scripts/content_hash.py)

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "Scripts"))
from content_hash import content_hash  # noqa: E402


# ---------------------------------------------------------------- index files


def read_index(data):
    """The header fields and sections of an index file: (version, checksum, length, [(id, bytes)])."""
    magic, version, _, checksum, length, count, _ = struct.unpack_from("<4sHHQQII", data, 0)
    if magic != b"IBIX":
        raise ValueError(f"magic {magic!r}")
    sections = []
    for n in range(count):
        sid, _, offset, size = struct.unpack_from("<4sIQQ", data, 32 + 24 * n)
        sections.append((sid.decode("ascii"), bytes(data[offset:offset + size])))
    return version, checksum, length, sections


def write_index(version, sections):
    """An index file of `sections` (in order), each at a multiple of 16 with zero padding, sealed."""
    table = 32 + 24 * len(sections)
    offset = (table + 15) // 16 * 16
    entries, body = [], bytearray()
    for sid, payload in sections:
        entries.append(struct.pack("<4sIQQ", sid.encode("ascii"), 0, offset, len(payload)))
        body += payload
        padded = (len(payload) + 15) // 16 * 16
        body += bytes(padded - len(payload))
        offset += padded
    length = (table + 15) // 16 * 16 + len(body)
    rest = bytearray(struct.pack("<QII", length, len(sections), 0)) + b"".join(entries)
    rest += bytes((table + 15) // 16 * 16 - table) + body
    return struct.pack("<4sHHQ", b"IBIX", version, 0, content_hash(rest)) + bytes(rest)


# ---------------------------------------------------------------- processes


class Ended:
    """A finished process: status (None when the hang guard stopped it), output, seconds."""

    def __init__(self, args, status, out, err, seconds):
        self.args, self.status, self.out, self.err, self.seconds = args, status, out, err, seconds

    def problems(self, allowed=ALLOWED):
        found = []
        if self.status is None:
            found.append(f"still running after {suite.GUARD} s (stopped)")
        elif self.status < 0:
            found.append(f"KILLED BY SIGNAL {signal_name(-self.status)}")
        elif self.status not in allowed:
            found.append(f"exit {self.status}, expected one of {allowed}")
        if not (self.out.strip() or self.err.strip()):
            found.append("no message")
        dumps = [d for d in DUMPS if d in self.err]
        if dumps:
            found.append(f"a Foundation error dump on stderr ({', '.join(dumps)})")
        return found

    def detail(self, allowed=ALLOWED):
        return f"{self.problems(allowed)} stderr: {self.err[-400:]!r} stdout: {self.out[:200]!r}"


def signal_name(number):
    try:
        return f"{signal.Signals(number).name} ({number})"
    except ValueError:
        return str(number)


def run(*args, stdin=subprocess.DEVNULL, timeout=None):
    timeout = timeout or suite.GUARD
    start = time.monotonic()
    command = [suite.BINARY, *args]
    try:
        done = subprocess.run(command, stdin=stdin, capture_output=True, timeout=timeout)
        status, out, err = done.returncode, done.stdout, done.stderr
    except subprocess.TimeoutExpired as expired:
        status, out, err = None, expired.stdout or b"", expired.stderr or b""
    return Ended(args, status, out.decode("utf-8", "replace"), err.decode("utf-8", "replace"), time.monotonic() - start)


def ended(label, result, allowed=ALLOWED, extra=True, extra_detail=""):
    """One check: the process ended with a message, an allowed status, no signal, no dump."""
    ok = not result.problems(allowed) and extra
    return check(f"{label}: exit {result.status} ({result.seconds * 1000:.0f} ms)", ok, f"{extra_detail} {result.detail(allowed)}")


def ms(seconds):
    return f"{seconds * 1000:.0f} ms" if seconds < 10 else f"{seconds:.1f} s"


def workspace():
    """A temporary folder with a copy of the notes catalog: (folder, catalog path)."""
    folder = tempfile.mkdtemp(prefix="ib-stress-hostile-")
    catalog = os.path.join(folder, "notes.en.json")
    shutil.copyfile(suite.NOTES, catalog)
    return folder, catalog


def write_rows(path, rows):
    with open(path, "w", encoding="utf-8") as f:
        for row in rows:
            f.write(json.dumps(row, ensure_ascii=False) + "\n")


def output_rows(text):
    """The JSON lines of a `--requests` run's stdout (a line that is not JSON stays a string)."""
    rows = []
    for line in text.splitlines():
        try:
            rows.append(json.loads(line))
        except ValueError:
            rows.append(line)
    return rows


def server_alive(server, label, n):
    """A ping after a bad call is answered with `{"result": {}}`."""
    reply, _ = server.request({"jsonrpc": "2.0", "id": f"ping-{n}", "method": "ping"})
    return check(f"{label}: a ping after it is answered", reply is not None and reply.get("result") == {}, reply)


def server_end(server, label):
    status = server.finish()
    errors = "".join(server.stderr)
    dumps = [d for d in DUMPS if d in errors]
    check(f"{label}: the server exits 0 at EOF, no Foundation dump on stderr (exit {status})", status == 0 and not dumps,
          f"dumps {dumps}; stderr: {errors[-500:]!r}")
    return errors


def intent_of(reply):
    try:
        return reply["result"]["structuredContent"]["intent"]
    except (KeyError, TypeError):
        return None


def answered(reply):
    """A tools/call reply with a result (a tool error is an answer too), not a JSON-RPC error."""
    return isinstance(reply, dict) and isinstance(reply.get("result"), dict) and "content" in reply["result"]


# ---------------------------------------------------------------- D1: enormous durations

HUGE = [
    "9223372036854775808",            # 2^63
    "9223372036854775807",            # 2^63 - 1
    "18446744073709551616",           # 2^64
    "2562047788015216",               # hours in 2^63 ns: the trap of the issue
    "1" + "0" * 40,                   # 10^40
    "1e308",
    "1.7976931348623157e308",
    "9" * 100,                        # a 100-digit literal
]

TEMPLATES = {
    "en": ["set a timer for {n} hours", "remind me about the milk note in {n} minutes",
           "in {n} days remind me of the shopping note", "add a note called milk due in {n} years",
           "find {n} notes about milk", "remind me of the tax note in {n} weeks"],
    "de": ["Timer für {n} Stunden", "erinnere mich in {n} Minuten", "in {n} Tagen erinnere mich an Milch",
           "erinnere mich an Milch in {n} Jahren", "für {n} Stunden"],
    "fi": ["muistuta {n} tunnin päästä", "{n} päivän kuluttua muistuta minua maito", "muistuta minua maito {n} vuoden päästä",
           "{n} tunnin päästä"],
    "sk": ["pripomeň mi to za {n} hodín", "za {n} dní mi pripomeň mlieko", "pripomeň mi mlieko za {n} rokov", "za {n} hodín"],
    "zh-CN": ["{n}小时后提醒我", "{n}天后提醒我牛奶", "{n}年后提醒我", "{n}小时后"],
}
# SetReminderIntent's phrases in each language, so that every language's duration reader runs.
REMINDER_PHRASES = {
    "de": ["erinnere mich an ${note} in ${delay}", "in ${delay} erinnere mich an ${note}", "Timer für ${delay}",
           "erinnere mich in ${delay}"],
    "fi": ["muistuta [minua] ${note} ${delay} (kuluttua|päästä)", "${delay} (kuluttua|päästä) muistuta [minua] ${note}",
           "muistuta ${delay} päästä"],
    "sk": ["pripomeň mi ${note} za ${delay}", "za ${delay} mi pripomeň ${note}", "pripomeň mi to za ${delay}"],
    "zh-CN": ["${delay}后提醒我${note}", "${delay}后提醒我"],
}
# A row per language whose duration (3 hours) must be read: the reader of that language ran.
CONTROLS = {"en": "set a timer for 3 hours", "de": "erinnere mich in 3 Stunden", "fi": "muistuta 3 tunnin päästä",
            "sk": "pripomeň mi to za 3 hodiny", "zh-CN": "3小时后提醒我"}


def multilingual_catalog(path):
    """The notes catalog declaring en, de, fi, sk and zh-CN, SetReminderIntent phrased in each."""
    catalog = json.load(open(suite.NOTES, encoding="utf-8"))
    catalog["app"]["languages"] = list(TEMPLATES)
    for intent in catalog["intents"]:
        if intent["id"] == "SetReminderIntent":
            intent["phrases"] = {"en": intent["phrases"], **REMINDER_PHRASES}
    with open(path, "w", encoding="utf-8") as f:
        json.dump(catalog, f, ensure_ascii=False)


def generated_rows(full):
    rng = random.Random(31)
    rows = []
    for lang, templates in TEMPLATES.items():
        for template in templates:
            for number in HUGE:
                rows.append({"query": template.format(n=number), "lang": lang})
    if full:
        for _ in range(2000):
            lang = rng.choice(list(TEMPLATES))
            digits = "".join(rng.choice("0123456789") for _ in range(rng.randrange(15, 400))).lstrip("0") or "1"
            number = rng.choice([digits, f"{digits[:1]}.{digits[1:20]}e{rng.randrange(19, 400)}", f"-{digits}", f"{digits},{digits[:3]}"])
            rows.append({"query": rng.choice(TEMPLATES[lang]).format(n=number), "lang": lang})
    for n, row in enumerate(rows):
        row["id"] = f"g{n}"
    for lang, query in CONTROLS.items():
        rows.append({"query": query, "lang": lang, "id": f"control-{lang}"})
    return rows


def d1_durations():
    folder, catalog = workspace()
    try:
        result = run("resolve", catalog, TRAP)
        ended(f"D1: resolve {TRAP!r} (before: SIGILL, exit 132)", result)

        rows = [{"query": "add a note called milk", "id": "before"}, {"query": TRAP, "id": "trap"},
                {"query": "remind me about the milk note in 5 minutes", "id": "after"}]
        path = os.path.join(folder, "requests.jsonl")
        write_rows(path, rows)
        result = run("resolve", catalog, "--requests", path)
        lines = output_rows(result.out)
        ids = [line.get("id") if isinstance(line, dict) else line for line in lines]
        ended("D1: resolve --requests with the trap row between two normal rows: 3 rows, one JSON line each",
              result, extra=ids == ["before", "trap", "after"], extra_detail=f"ids {ids}")

        dataset = os.path.join(folder, "dataset.jsonl")
        write_rows(dataset, [{"query": "add a note called milk", "intent": "AddNoteIntent"},
                             {"query": TRAP, "intent": "SetReminderIntent"},
                             {"query": "remind me about the milk note in 2562047788015216 hours", "intent": "SetReminderIntent"}])
        result = run("eval", catalog, dataset)
        ended("D1: eval with labelled trap rows exits 0 or 2", result, allowed=(0, 2))

        server = suite.Server(catalog, "--mode", "compact")
        suite.initialize(server)
        reply, seconds = server.request(suite.resolve_call("trap", TRAP))
        check(f"D1: serve --mode compact: resolve_request {TRAP!r} is answered ({ms(seconds or 0)})", answered(reply), json.dumps(reply)[:300])
        server_alive(server, "D1: serve", 0)
        server_end(server, "D1: serve")

        rows = generated_rows(suite.FULL)
        path = os.path.join(folder, "generated.jsonl")
        write_rows(path, rows)
        multi = os.path.join(folder, "multi.json")
        multilingual_catalog(multi)
        result = run("resolve", multi, "--requests", path)
        lines = {line.get("id"): line for line in output_rows(result.out) if isinstance(line, dict)}
        missing = [row["id"] for row in rows if row["id"] not in lines]
        huge = [lines[row["id"]] for row in rows if row["id"] in lines and not row["id"].startswith("control")]
        reminders = sum(line.get("intent") == "SetReminderIntent" for line in huge)
        delays = sum("delay" in (line.get("arguments") or {}) for line in huge)
        ended(f"D1: {len(rows)} generated rows (2^63, 2^64, 10^40, 1e308, 100 digits; en/de/fi/sk/zh-CN) in one resolve "
              f"--requests: {len(lines)} answered ({reminders} as SetReminderIntent, {delays} with a delay read)",
              result, extra=not missing and len(lines) == len(rows), extra_detail=f"missing {missing[:10]}")
        beyond = [line.get("arguments", {}).get("delay") for line in huge
                  if not isinstance(line.get("arguments", {}).get("delay", 0), (int, float)) or line["arguments"].get("delay", 0) > CENTURY]
        check(f"D1: no delay beyond 100 years was read from them ({len(beyond)})", not beyond, beyond[:5])
        controls = {lang: (lines.get(f"control-{lang}") or {}).get("arguments", {}).get("delay") for lang in CONTROLS}
        check(f"D1: the control row of each language reads 3 hours (so its duration reader ran): {controls}",
              all(value == 10800 for value in controls.values()), controls)
    finally:
        shutil.rmtree(folder, ignore_errors=True)


# ---------------------------------------------------------------- D2: huge index count

HUGE_COUNT = 1152921504606846976  # 2^60


def crafted_index(data):
    """`data` with HEAD's count set to 2^60, the sections laid out again, the checksum resealed."""
    version, _, _, sections = read_index(data)
    crafted = []
    for sid, payload in sections:
        if sid == "HEAD":
            payload, n = re.subn(rb'"count":\s*\d+', b'"count":%d' % HUGE_COUNT, payload)
            assert n == 1, payload
        crafted.append((sid, payload))
    return write_index(version, crafted)


def d2_index_count():
    folder, catalog = workspace()
    index = os.path.join(folder, "notes.en.index")
    try:
        result = run("index", catalog)
        ended("D2: index CATALOG writes notes.en.index", result, extra=os.path.exists(index))
        if not os.path.exists(index):
            return
        data = open(index, "rb").read()
        version, stored, length, sections = read_index(data)
        start = time.monotonic()
        computed = content_hash(data[16:])
        check(f"D2: ContentHash in Python equals the stored checksum of a real index file "
              f"({len(data)} bytes, sections {' '.join(s for s, _ in sections)}; {ms(time.monotonic() - start)})",
              computed == stored and length == len(data), f"computed {computed:016x}, stored {stored:016x}, length {length}")
        relaid = write_index(version, sections)
        check("D2: the file laid out again from its sections reseals to a valid checksum",
              content_hash(relaid[16:]) == struct.unpack_from("<Q", relaid, 8)[0] and read_index(relaid)[3] == sections)
        crafted = crafted_index(data)

        def plant():
            with open(index, "wb") as f:
                f.write(crafted)

        plant()
        result = run("rank", catalog, "add a note", "--no-rebuild")
        ended("D2: HEAD count 2^60 (checksum resealed): rank --no-rebuild exits 65 naming the index file as corrupt",
              result, allowed=(65,), extra="notes.en.index" in result.err and "corrupt" in result.err)
        plant()
        result = run("rank", catalog, "add a note")
        ended("D2: rank without --no-rebuild rebuilds it (exit 0, a notice: says so)", result, allowed=(0,),
              extra="notice:" in result.err and open(index, "rb").read() != crafted)
        plant()
        result = run("index", catalog)
        ended("D2: index CATALOG over the crafted file exits 0", result, allowed=(0,),
              extra=open(index, "rb").read() != crafted)

        server = suite.Server(catalog, "--mode", "compact")
        suite.initialize(server)
        reply, _ = server.request(suite.resolve_call("before", "add a note called milk"))
        check("D2: serve CATALOG answers before the index is replaced", answered(reply), json.dumps(reply)[:300])
        time.sleep(1.1)
        replacement = index + ".crafted"
        with open(replacement, "wb") as f:
            f.write(crafted)
        os.replace(replacement, index)
        with open(catalog, "a") as f:
            f.write(" ")
        seen = len(server.stderr)
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline and not any("notes.en" in line for line in server.stderr[seen:]):
            time.sleep(0.1)
        said = " | ".join(line.strip() for line in server.stderr[seen:])[:300]
        reply, _ = server.request(suite.resolve_call("after", "add a note called milk"))
        check(f"D2: after the index is replaced by the crafted file and the catalog touched, resolve_request is answered "
              f"(server said: {said or 'nothing'})", answered(reply), json.dumps(reply)[:300])
        server_alive(server, "D2: serve after the hot reload", 0)
        server_end(server, "D2: serve")
    finally:
        shutil.rmtree(folder, ignore_errors=True)


# ---------------------------------------------------------------- D3: --set

SET_NAMES = ["candidates", "bound-candidates", "templates-per-intent", "free-text-candidates", "int8-scan-rows",
             "keyword", "template-power", "no-match", "bm25-b", "near-duplicate"]
SET_VALUES = ["nan", "inf", "-inf", "1e19", "-1", "1e308", "2.5"]


def d3_set():
    folder, catalog = workspace()
    try:
        run("index", catalog, "--no-embeddings")
        start = time.monotonic()
        for name in SET_NAMES:
            outcomes, bad = [], []
            for value in SET_VALUES:
                result = run("rank", catalog, "x", "--set", f"{name}={value}", "--no-embeddings")
                outcomes.append(f"{value}→{result.status}")
                problems = result.problems((0, 64))
                if result.status == 64 and "expected a" not in result.err:
                    problems.append("exit 64 without 'expected a'")
                if value in ("nan", "inf", "-inf") and result.status != 64:
                    problems.append("a non-finite value was accepted")
                if problems:
                    bad.append((value, problems, result.err[-200:]))
            check(f"D3: rank x --set {name}=…: {' '.join(outcomes)}", not bad, bad)
        print(f"  D3: {len(SET_NAMES) * len(SET_VALUES)} rank runs in {ms(time.monotonic() - start)}", flush=True)
        result = run("serve", catalog, "--set", "candidates=nan", stdin=subprocess.DEVNULL)
        ended("D3: serve CATALOG --set candidates=nan exits 64", result, allowed=(64,), extra="expected a" in result.err)
    finally:
        shutil.rmtree(folder, ignore_errors=True)


# ---------------------------------------------------------------- D11: files rewritten in place


class InPlaceWriter(threading.Thread):
    """Rewrites `paths` in place in a loop, as `cp` does: open 'r+b', truncate to 0 or to half,
    write the original bytes back; one file a round, then a pause with every file whole (so
    processes also map whole files that are truncated under them). A file replaced by rename
    meanwhile (a process rebuilt it) is rewritten the same way."""

    def __init__(self, paths, seed=11):
        super().__init__(daemon=True)
        self.originals = {path: open(path, "rb").read() for path in paths}
        self.stop = threading.Event()
        self.rounds = 0
        self.rng = random.Random(seed)
        self.errors = Counter()

    def run(self):
        paths = list(self.originals)
        while not self.stop.is_set():
            path = self.rng.choice(paths)
            original = self.originals[path]
            try:
                with open(path, "r+b") as f:
                    f.truncate(0 if self.rng.random() < 0.5 else len(original) // 2)
                    f.flush()
                    time.sleep(self.rng.random() * 0.005)
                    f.seek(0)
                    f.write(original)
            except OSError as error:
                self.errors[type(error).__name__] += 1
            self.rounds += 1
            self.stop.wait(self.rng.random() * 0.03)

    def finish(self):
        self.stop.set()
        self.join()
        for path, original in self.originals.items():
            with open(path, "wb") as f:
                f.write(original)


def d11_in_place():
    models = sorted(glob.glob(os.path.join(suite.ROOT, "Models", "*", "model.safetensors")))
    if len(models) != 1:
        check(f"D11: one static model folder under Models/ (found {len(models)})", False)
        return
    models = [os.path.dirname(models[0])]
    folder, catalog = workspace()
    model = os.path.join(folder, "model")
    try:
        shutil.copytree(models[0], model)
        index = os.path.join(folder, "notes.en.index")
        tokenizer = os.path.join(model, "tokenizer.ibtok")
        weights = os.path.join(model, "model.safetensors")
        result = run("rank", catalog, "add a note called milk", "--model", model)
        ended("D11: rank --model COPY creates the index and tokenizer.ibtok in the copies", result, allowed=(0,),
              extra=os.path.exists(index) and os.path.exists(tokenizer))
        if not (os.path.exists(index) and os.path.exists(tokenizer)):
            return
        count = 2000 if suite.FULL else 200
        writer = InPlaceWriter([index, tokenizer, weights])
        statuses, warned, bad = Counter(), 0, []
        lock = threading.Lock()
        remaining = iter(range(count))

        def worker():
            nonlocal warned
            while True:
                with lock:
                    n = next(remaining, None)
                if n is None:
                    return
                result = run("rank", catalog, "add a note called milk", "--model", model)
                with lock:
                    statuses[signal_name(-result.status) if result.status is not None and result.status < 0 else result.status] += 1
                    warned += WARNING in result.err
                    if result.problems():
                        bad.append(result)

        start = time.monotonic()
        writer.start()
        workers = [threading.Thread(target=worker) for _ in range(2)]
        for thread in workers:
            thread.start()
        for thread in workers:
            thread.join()
        writer.finish()
        elapsed = time.monotonic() - start
        killed = sum(n for status, n in statuses.items() if isinstance(status, str))
        histogram = ", ".join(f"{status}: {n}" for status, n in sorted(statuses.items(), key=lambda item: str(item[0])))
        check(f"D11: {count} rank processes while the index, tokenizer.ibtok and model.safetensors were rewritten in place "
              f"{writer.rounds} times: {killed} killed by a signal (exit statuses {histogram}; {warned} printed "
              f"'{WARNING}'; {elapsed:.1f} s)", killed == 0, [r.detail() for r in bad if r.status is not None and r.status < 0][:3])
        # Exit 1 is the README's "model or endpoint failure": a start that finds the model file
        # truncated at that moment says so ("cannot load the embedding model … truncated").
        model_failures = [r for r in bad if r.status == 1 and "cannot load the embedding model" in r.err]
        odd = [r for r in bad if r.status is not None and r.status >= 0 and r.status not in ALLOWED and r not in model_failures]
        kinds = Counter((r.status, re.sub(r"\d+", "N", (r.err.strip().splitlines() or ["(no message)"])[-1].replace(folder, "TMP"))[-160:])
                        for r in odd)
        check(f"D11: every one ended with exit 0, 64 or 65, or 1 naming the model it could not load "
              f"({len(model_failures)} exit 1 for the model; {len(odd)} other)", not odd,
              [f"{n}× exit {status}: {message}" for (status, message), n in kinds.most_common(5)])
        unclear = [r for r in bad if any(p == "no message" or p.startswith("a Foundation") for p in r.problems())]
        check(f"D11: every one ended with a message, no Foundation dump ({len(unclear)} did not)", not unclear,
              [r.detail() for r in unclear][:3])
        if writer.errors:
            print(f"  D11: writer errors {dict(writer.errors)}", flush=True)

        server = suite.Server(catalog, "--model", model, "--mode", "compact")
        suite.initialize(server)
        request = "remind me about the quarterly budget spreadsheet in 3 days"
        reply, _ = server.request(suite.resolve_call("before", request))
        check("D11: serve --model COPY answers", answered(reply), json.dumps(reply)[:300])
        before = intent_of(reply)
        with open(tokenizer, "r+b") as f:
            f.truncate(0)
        reply, seconds = server.request(suite.resolve_call("truncated", request))
        check(f"D11: after tokenizer.ibtok is truncated to 0 bytes in place under the server, resolve_request is answered "
              f"({ms(seconds or 0)}; intent {intent_of(reply)}, before {before})", answered(reply), json.dumps(reply)[:300])
        server_alive(server, "D11: serve with a truncated tokenizer.ibtok", 0)
        deadline = time.monotonic() + 15
        while time.monotonic() < deadline and not any("reloaded" in line for line in server.stderr):
            time.sleep(0.1)
        said = [line.strip()[:60] + "…" for line in server.stderr]
        check(f"D11: the server says the file was rewritten and reloads ({len(said)} lines: {said})",
              any(WARNING in line for line in server.stderr) and any("reloaded" in line for line in server.stderr))
        reply, _ = server.request(suite.resolve_call("reloaded", request))
        check(f"D11: after the reload resolve_request is answered as before the truncation (intent {intent_of(reply)})",
              answered(reply) and intent_of(reply) == before, json.dumps(reply)[:300])
        server_alive(server, "D11: serve after the reload", 1)
        server_end(server, "D11: serve")
    finally:
        shutil.rmtree(folder, ignore_errors=True)


# ---------------------------------------------------------------- D13 and long requests


def d13_urandom():
    folder, catalog = workspace()
    try:
        run("index", catalog, "--no-embeddings")
        for command in ("rank", "resolve"):
            result = run(command, catalog, "--requests", "/dev/urandom", "--no-embeddings", timeout=120)
            ended(f"D13: {command} --requests /dev/urandom stops with exit 65 'after 100 bad rows'", result, allowed=(65,),
                  extra="after 100 bad rows" in result.err)
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def long_request_row():
    folder, catalog = workspace()
    try:
        text = "add a note called milk " + "the quick brown fox jumps over the lazy dog. " * 400
        path = os.path.join(folder, "long.jsonl")
        write_rows(path, [{"query": text, "id": "long"}])
        result = run("rank", catalog, "--requests", path)
        lines = output_rows(result.out)
        notice = lines[0].get("notice", "") if len(lines) == 1 and isinstance(lines[0], dict) else ""
        ended(f"long request: rank --requests with a {len(text.encode()) // 1000} KB row is answered with a notice "
              f"that it was read on a window", result, allowed=(0,), extra="it was read on its first" in notice,
              extra_detail=f"notice {notice!r}")
    finally:
        shutil.rmtree(folder, ignore_errors=True)


# ---------------------------------------------------------------- the transformer encoder's file


def encoder_file():
    """A damaged encoder file (Schemas/encoder-file.md) is a model failure (exit 1) whose message
    names the file and what is wrong, never a crash: a flipped byte (checksum), a file cut in
    half (truncated), and a section count of 2^31 with a checksum that fits (section count)."""
    encoders = sorted(glob.glob(os.path.join(suite.ROOT, "Models", "*", "encoder.bin")))
    if len(encoders) != 1:
        check(f"encoder: one encoder folder under Models/ (found {len(encoders)})", False)
        return
    folder, catalog = workspace()
    try:
        original = open(encoders[0], "rb").read()
        model = os.path.join(folder, "encoder")
        shutil.copytree(os.path.dirname(encoders[0]), model)
        target = os.path.join(model, "encoder.bin")
        counted = bytearray(original)
        struct.pack_into("<I", counted, 24, 1 << 31)
        struct.pack_into("<Q", counted, 8, content_hash(bytes(counted[16:])))
        flipped = bytearray(original)
        flipped[len(flipped) // 2] ^= 0x40
        for label, data, expected in [("a flipped byte", flipped, "checksum"), ("cut in half", original[:len(original) // 2], "truncated"),
                                      ("a section count of 2^31", counted, "section count")]:
            with open(target, "wb") as f:
                f.write(data)
            result = run("rank", catalog, "add a note called milk", "--encoder", "transformer", "--model", model)
            ended(f"encoder: rank --encoder transformer with {label} in encoder.bin exits 1 naming the file and '{expected}'", result,
                  allowed=(1,), extra=expected in result.err and "encoder.bin" in result.err, extra_detail=result.err[-300:])
    finally:
        shutil.rmtree(folder, ignore_errors=True)


CASES = [("d1", d1_durations), ("d2", d2_index_count), ("d3", d3_set), ("d11", d11_in_place),
         ("d13", d13_urandom), ("long", long_request_row), ("encoder", encoder_file)]


def run_all(stress, only=()):
    """Runs the cases with stress.py's `Checks`, `Server` and settings; `only`: case names."""
    global suite, check
    suite, check = stress, stress.check
    for name, case in CASES:
        if only and name not in only:
            continue
        start = time.monotonic()
        case()
        print(f"  -- hostile_files.{name}: {time.monotonic() - start:.1f} s", flush=True)
