#!/usr/bin/env python3
"""System-level comparison of the `intentbridge` CLI with Python baselines on the Home Assistant
catalogs (ha/catalog/templates/<lang>.json of the development data, Scripts/devdata.py) and
request sets (ha/<lang>.dev.jsonl). Run it with the venv of requirements.txt
(.build/venv-bench/bin/python); everything is offline.

Per language it measures:

1. Index build.
   - ours: wall time of the process `intentbridge index <copy>/<lang>.json` (median of
     --index-runs). `index` has no output option and writes the index file (<lang>.<lang>.index
     for <lang>.json) next to the catalog, so the catalog is copied to a temporary directory and
     the copy is indexed (the index file is deleted before each run so every run rebuilds it).
     This includes process start, catalog parsing and the load of the static embedding model, so
     "ours start+load" is also reported: wall time of `intentbridge rank <copy> x --no-rebuild`
     with the index file present (start, model + index load, one trivial ranking), median of
     --index-runs.
   - BM25: in-process time (perf_counter) of reading + parsing the catalog JSON, building the
     per-intent documents with bm25_baseline.documents (the same as its benchmark) and
     `rank_bm25.BM25Okapi(docs)`; median of --build-runs.
   - hassil: in-process time of loading the home-assistant-intents data for the language
     (`home_assistant_intents.get_intents`) + `hassil.Intents.from_dict` + reading the catalog
     and building the `name` / `area` / `floor` slot lists with hassil_baseline.build_slot_lists;
     median of --build-runs.
   Ratios are baseline / ours-index (< 1: the baseline builds faster than `intentbridge index`).
2. CLI cold start: wall time of one whole process answering the first request of
   <lang>.dev.jsonl, median of --cold-runs, the two systems run alternately.
   - ours: `intentbridge rank <copy> "<request>" --json --no-rebuild` (index file present;
     --no-rebuild only guarantees that it is not silently rebuilt); also `resolve` (rank + fill)
     the same way ("ours cold resolve").
   - hassil: `<venv python> -B system_baselines.py --child hassil <lang> "<request>"`: a fresh
     interpreter that imports hassil (via hassil_baseline.py), loads the intents + slot lists
     for the language and runs `recognize_best(..., best_slot_name="name")` once (with the
     satellite area as intent context when the row is tagged "context-area", as
     hassil_baseline.py does). The child's code path imports only the standard library
     besides hassil / home_assistant_intents (no numpy / rank_bm25).
   Ratio baseline / ours.
3. Memory: peak RSS (the child's ru_maxrss, KiB -> MiB) of the two cold-start processes,
   maximum over the runs. Ratio baseline / ours.

Every measured child is started through `intentbridge-bench measure-process` (--launcher; the
benchmark executable beside --binary), a small process that spawns it, reaps it with wait4 and
writes its exit status, spawn-to-reap wall time and ru_maxrss to a file. The launcher is there
because on Linux ru_maxrss also counts the peak of the address space a process replaced at exec:
a child spawned directly by this harness (hassil loaded, ~37 MiB) never reports less than the
harness's own peak, which had made both columns read the same figure. The launcher's own peak
is the new floor and is reported ("rss_floor_mib"); a figure at the floor means "at most".
The launcher's stdout/stderr are temporary files (no pipe can block). Each measurement is
preceded by --warmup untimed runs (file cache, lazily compiled code). Medians are
statistics.median.

Output (stdout): machine (CPU model, cores, memory), date and versions as Markdown, a Markdown
table with one row per language, then one JSON line per row (also written to --json-out FILE).
Progress goes to stderr. Python bytecode is not written (no __pycache__ in the repo).

Usage: system_baselines.py [--langs en,de,fi,sk,zh-CN] [--binary PATH] [--launcher PATH] [--json-out FILE]
                           [--index-runs 5] [--build-runs 5] [--cold-runs 10] [--warmup 1]
       system_baselines.py --child hassil LANG QUERY [--intents-lang CODE] [--area AREA]
"""
import json
import os
import sys
import time
from pathlib import Path

sys.dont_write_bytecode = True  # importing hassil_baseline.py must not create __pycache__

HERE = Path(__file__).resolve().parent
REPO = HERE.parents[1]
sys.path.insert(0, str(REPO / "Scripts"))
from devdata import require  # noqa: E402

DATA = require("ha")
HASSIL_SCRIPT = HERE / "hassil_baseline.py"
BM25_SCRIPT = HERE / "bm25_baseline.py"
DEFAULT_BINARY = REPO / ".build" / "release" / "intentbridge"
ALL_LANGS = "en,de,fi,sk,zh-CN"


def log(*args):
    print(*args, file=sys.stderr, flush=True)


def catalog_path(lang):
    return DATA / "catalog" / "templates" / f"{lang}.json"


def load_script(path, name):
    """Import a script of Benchmarks/python from its path (they are not a package)."""
    import importlib.util
    spec = importlib.util.spec_from_file_location(name, path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def load_hassil_baseline():
    return load_script(HASSIL_SCRIPT, "hassil_baseline")


# --------------------------------------------------------------------------- child process

def hassil_child(argv):
    """`--child hassil LANG QUERY [--intents-lang CODE] [--area AREA]`: one cold recognition.

    Prints {"intent": name or null} on stdout. CODE is the home-assistant-intents language (the
    parent resolves it with hassil_baseline.package_language, which would otherwise load the
    intents file a second time); AREA is the satellite area passed as intent context.
    """
    if len(argv) < 2:
        sys.exit("usage: --child hassil LANG QUERY [--intents-lang CODE] [--area AREA]")
    lang, query, rest = argv[0], argv[1], argv[2:]
    options = dict(zip(rest[::2], rest[1::2]))
    hb = load_hassil_baseline()  # imports hassil + home_assistant_intents
    code = options.get("--intents-lang") or hb.package_language(lang)
    intents = hb.Intents.from_dict(hb.home_assistant_intents.get_intents(code))
    catalog = json.loads(catalog_path(lang).read_text(encoding="utf-8"))
    slot_lists = hb.build_slot_lists(catalog)
    area = options.get("--area")
    context = {"area": {"value": area, "text": area}} if area else None
    result = hb.recognize_best(query, intents, slot_lists=slot_lists, intent_context=context,
                               best_slot_name="name")
    print(json.dumps({"intent": result.intent.name if result is not None else None}))


# --------------------------------------------------------------------------- measurement helpers

LAUNCHER = None  # intentbridge-bench, set by main(); run_process spawns children through it
RSS_FLOOR_KIB = [0]  # the launcher's largest own peak RSS seen, reported as rss_floor_mib


def run_process(argv, cwd):
    """Run argv to completion through the launcher; returns (wall seconds, peak RSS MiB, stdout).

    The launcher (`intentbridge-bench measure-process RESULT argv...`) measures the child's
    spawn-to-reap wall time and ru_maxrss; its stdout/stderr are the child's, here temporary
    files. Raises on a non-zero exit.
    """
    import subprocess
    import tempfile
    with tempfile.TemporaryFile() as out, tempfile.TemporaryFile() as err, \
            tempfile.NamedTemporaryFile(suffix=".json") as result:
        proc = subprocess.run([str(LAUNCHER), "measure-process", result.name, *map(str, argv)], cwd=cwd,
                              stdin=subprocess.DEVNULL, stdout=out, stderr=err)
        out.seek(0)
        err.seek(0)
        stdout, stderr = out.read().decode("utf-8", "replace"), err.read().decode("utf-8", "replace")
        measured = json.loads(Path(result.name).read_text() or "null")
    if proc.returncode != 0 or not measured:
        raise RuntimeError(f"{argv} exited with {proc.returncode}: {stderr.strip()[:500]}")
    RSS_FLOOR_KIB[0] = max(RSS_FLOOR_KIB[0], measured["launcher_rss_kib"])
    return measured["wall_ms"] / 1000.0, measured["peak_rss_kib"] / 1024.0, stdout  # KiB on Linux


def time_in_process(fn, runs, warmup):
    """Median wall seconds (perf_counter) of fn() over runs, after warmup untimed calls."""
    import statistics
    for _ in range(warmup):
        fn()
    times = []
    for _ in range(runs):
        t0 = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t0)
    return statistics.median(times), times


def load_bm25_doc_builder():
    """`documents(catalog, lang)` of bm25_baseline.py: the same per-intent documents."""
    return load_script(BM25_SCRIPT, "bm25_baseline").documents


# --------------------------------------------------------------------------- machine info

def machine_info():
    import datetime
    import platform
    cpu = platform.processor() or platform.machine()
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    mem_gib = None
    try:
        for line in Path("/proc/meminfo").read_text().splitlines():
            if line.startswith("MemTotal:"):
                mem_gib = int(line.split()[1]) / 1024 / 1024
                break
    except OSError:
        pass
    usable = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count()
    return {
        "date": datetime.datetime.now().astimezone().isoformat(timespec="seconds"),
        "cpu": cpu,
        "cores": os.cpu_count(),
        "usable_cores": usable,
        "memory_gib": round(mem_gib, 1) if mem_gib else None,
        "os": f"{platform.system()} {platform.release()}",
        "python": sys.version.split()[0],
    }


# --------------------------------------------------------------------------- per language

def index_path(catalog, language):
    """The index file `intentbridge` writes beside `catalog` (Schemas/index-file.md)."""
    stem = catalog.stem
    own = stem.lower().endswith("." + language.lower())
    return catalog.parent / (f"{stem}.index" if own else f"{stem}.{language}.index")


def first_request(lang):
    with open(DATA / f"{lang}.dev.jsonl", encoding="utf-8") as f:
        for line in f:
            if line.strip():
                return json.loads(line)
    raise RuntimeError(f"{lang}.dev.jsonl is empty")


def measure_language(lang, args, hb, build_docs, workdir):
    import shutil
    import statistics
    from rank_bm25 import BM25Okapi

    src = catalog_path(lang)
    code = hb.package_language(lang)
    if code is None:
        raise RuntimeError(f"{lang}: not in home-assistant-intents")
    catalog = json.loads(src.read_text(encoding="utf-8"))
    catalog_lang = catalog.get("app", {}).get("defaultLanguage", lang)

    # Work on a copy: `index` writes the index file next to the catalog it is given.
    tmp = Path(workdir) / lang
    tmp.mkdir(parents=True, exist_ok=True)
    copy = tmp / src.name
    shutil.copyfile(src, copy)
    vectors = index_path(copy, catalog_lang)
    binary = str(args.binary)

    # 1. Index build -------------------------------------------------------------------
    log(f"# {lang}: ours index x{args.index_runs}")
    index_times, index_rss = [], []
    for i in range(args.warmup + args.index_runs):
        vectors.unlink(missing_ok=True)
        wall, rss, _ = run_process([binary, "index", str(copy)], cwd=tmp)
        if i >= args.warmup:
            index_times.append(wall)
            index_rss.append(rss)
    if not vectors.exists():
        raise RuntimeError(f"index did not write {vectors}")

    log(f"# {lang}: ours start+load (rank x --no-rebuild) x{args.index_runs}")
    load_times = []
    for i in range(args.warmup + args.index_runs):
        wall, _, _ = run_process([binary, "rank", str(copy), "x", "--no-rebuild"], cwd=tmp)
        if i >= args.warmup:
            load_times.append(wall)

    def bm25_build():
        cat = json.loads(src.read_text(encoding="utf-8"))
        return BM25Okapi(build_docs(cat, catalog_lang))

    def hassil_build():
        intents = hb.Intents.from_dict(hb.home_assistant_intents.get_intents(code))
        slot_lists = hb.build_slot_lists(json.loads(src.read_text(encoding="utf-8")))
        return intents, slot_lists

    log(f"# {lang}: BM25 / hassil in-process build x{args.build_runs}")
    bm25_med, bm25_times = time_in_process(bm25_build, args.build_runs, args.warmup)
    hassil_med, hassil_times = time_in_process(hassil_build, args.build_runs, args.warmup)

    # 2. + 3. Cold start and peak RSS --------------------------------------------------
    row = first_request(lang)
    query = row["query"]
    ours_argv = [binary, "rank", str(copy), query, "--json", "--no-rebuild"]
    resolve_argv = [binary, "resolve", str(copy), query, "--json", "--no-rebuild"]
    child_argv = [sys.executable, "-B", str(Path(__file__).resolve()), "--child", "hassil", lang, query,
                  "--intents-lang", code]
    if "context-area" in (row.get("tags") or []):
        area = (row.get("context") or {}).get("area") or hb.default_area(catalog)
        if area:
            child_argv += ["--area", area]

    log(f"# {lang}: cold start x{args.cold_runs} each, alternating: {query!r}")
    ours_cold, ours_rss, hassil_cold, hassil_rss, resolve_cold = [], [], [], [], []
    ours_intent = hassil_intent = None
    for i in range(args.warmup + args.cold_runs):
        wall, rss, out = run_process(ours_argv, cwd=tmp)
        ours_intent = json.loads(out).get("intent")
        if i >= args.warmup:
            ours_cold.append(wall)
            ours_rss.append(rss)
        wall, _, _ = run_process(resolve_argv, cwd=tmp)
        if i >= args.warmup:
            resolve_cold.append(wall)
        wall, rss, out = run_process(child_argv, cwd=tmp)
        hassil_intent = json.loads(out.strip().splitlines()[-1]).get("intent")
        if i >= args.warmup:
            hassil_cold.append(wall)
            hassil_rss.append(rss)

    ms = lambda seconds: round(seconds * 1000, 1)
    med = statistics.median
    result = {
        "lang": lang,
        "intents_lang": code,
        "intents": len(catalog.get("intents", [])),
        "index_file_bytes": vectors.stat().st_size,
        "ours_index_ms": ms(med(index_times)),
        "ours_start_load_ms": ms(med(load_times)),
        "ours_index_rss_mib": round(max(index_rss), 1),
        "bm25_build_ms": ms(bm25_med),
        "hassil_build_ms": ms(hassil_med),
        "ratio_bm25_vs_ours_index": round(bm25_med / med(index_times), 3),
        "ratio_hassil_vs_ours_index": round(hassil_med / med(index_times), 3),
        "query": query,
        "gold_intent": row.get("intent"),
        "ours_intent": ours_intent,
        "hassil_intent": hassil_intent,
        "ours_cold_ms": ms(med(ours_cold)),
        "ours_cold_resolve_ms": ms(med(resolve_cold)),
        "hassil_cold_ms": ms(med(hassil_cold)),
        "ratio_cold": round(med(hassil_cold) / med(ours_cold), 2),
        "ours_rss_mib": round(max(ours_rss), 1),
        "hassil_rss_mib": round(max(hassil_rss), 1),
        "ratio_rss": round(max(hassil_rss) / max(ours_rss), 2),
        "rss_floor_mib": round(RSS_FLOOR_KIB[0] / 1024.0, 1),
        "runs_ms": {
            "ours_index": [ms(t) for t in index_times],
            "ours_start_load": [ms(t) for t in load_times],
            "bm25_build": [ms(t) for t in bm25_times],
            "hassil_build": [ms(t) for t in hassil_times],
            "ours_cold": [ms(t) for t in ours_cold],
            "ours_cold_resolve": [ms(t) for t in resolve_cold],
            "hassil_cold": [ms(t) for t in hassil_cold],
        },
    }
    log(f"# {lang}: done")
    return result


def measure_seal(args, build_docs, workdir):
    """Index build of the 4,076 Seal-Tools tools (imported with `intentbridge import tools`):
    ours (`intentbridge index`, the index file deleted before each run) against rank_bm25's
    BM25Okapi construction over the same catalog's documents, in-process. None when the
    seal-tools data set is absent."""
    import statistics
    from rank_bm25 import BM25Okapi
    from devdata import dev_data, missing_note
    source = dev_data("seal-tools")
    if not source.exists():
        log("# " + missing_note("seal-tools") + "; skipped")
        return None
    tmp = Path(workdir) / "seal"
    tmp.mkdir(parents=True, exist_ok=True)
    copy = tmp / "seal.json"
    run_process([str(args.binary), "import", "tools", str(source / "tools.openai.json"), "--out", str(copy)], cwd=tmp)
    index = index_path(copy, "en")
    log(f"# seal-tools: ours index x{args.index_runs}")
    times = []
    for i in range(args.warmup + args.index_runs):
        index.unlink(missing_ok=True)
        wall, _, _ = run_process([str(args.binary), "index", str(copy)], cwd=tmp)
        if i >= args.warmup:
            times.append(wall)
    catalog = json.loads(copy.read_text(encoding="utf-8"))
    bm25, _ = time_in_process(lambda: BM25Okapi(build_docs(catalog, "en")), args.build_runs, args.warmup)
    ours = statistics.median(times)
    return {"set": "seal-tools", "intents": len(catalog.get("intents", [])), "ours_index_ms": round(ours * 1000, 1),
            "bm25_build_ms": round(bm25 * 1000, 1), "ratio_bm25_vs_ours_index": round(bm25 / ours, 3),
            "runs_ms": [round(t * 1000, 1) for t in times]}


# --------------------------------------------------------------------------- report

COLUMNS = [
    ("lang", "lang", "{}"),
    ("ours index ms", "ours_index_ms", "{:.1f}"),
    ("ours start+load ms", "ours_start_load_ms", "{:.1f}"),
    ("BM25 build ms", "bm25_build_ms", "{:.2f}"),
    ("BM25/ours", "ratio_bm25_vs_ours_index", "{:.3f}"),
    ("hassil load ms", "hassil_build_ms", "{:.1f}"),
    ("hassil/ours", "ratio_hassil_vs_ours_index", "{:.2f}"),
    ("ours cold rank ms", "ours_cold_ms", "{:.1f}"),
    ("ours cold resolve ms", "ours_cold_resolve_ms", "{:.1f}"),
    ("hassil cold ms", "hassil_cold_ms", "{:.1f}"),
    ("cold hassil/ours rank", "ratio_cold", "{:.2f}"),
    ("ours RSS MiB", "ours_rss_mib", "{:.1f}"),
    ("hassil RSS MiB", "hassil_rss_mib", "{:.1f}"),
    ("RSS hassil/ours", "ratio_rss", "{:.2f}"),
]


def markdown_table(rows):
    lines = ["| " + " | ".join(title for title, _, _ in COLUMNS) + " |",
             "|" + "|".join("---" if i == 0 else "---:" for i in range(len(COLUMNS))) + "|"]
    for row in rows:
        lines.append("| " + " | ".join(fmt.format(row[key]) for _, key, fmt in COLUMNS) + " |")
    return "\n".join(lines)


def main():
    import argparse
    import subprocess
    import tempfile

    ap = argparse.ArgumentParser(description="intentbridge vs. Python baselines: index build, "
                                             "CLI cold start and peak memory (see module docstring).")
    ap.add_argument("--langs", default=ALL_LANGS)
    ap.add_argument("--binary", type=Path, default=DEFAULT_BINARY)
    ap.add_argument("--launcher", type=Path, default=None,
                    help="intentbridge-bench (measure-process); default: beside --binary")
    ap.add_argument("--json-out", default=None, help="also write the JSON lines to this file")
    ap.add_argument("--index-runs", type=int, default=5)
    ap.add_argument("--build-runs", type=int, default=5)
    ap.add_argument("--cold-runs", type=int, default=10)
    ap.add_argument("--warmup", type=int, default=1, help="untimed runs before each measurement")
    args = ap.parse_args()
    args.binary = args.binary.resolve()  # children run in temporary directories
    if not args.binary.exists():
        ap.error(f"{args.binary} is missing: swift build -c release --static-swift-stdlib --product intentbridge")
    global LAUNCHER
    LAUNCHER = (args.launcher or args.binary.parent / "intentbridge-bench").resolve()
    if not LAUNCHER.exists():
        ap.error(f"{LAUNCHER} is missing: swift build -c release --static-swift-stdlib --product intentbridge-bench")
    langs = [l.strip() for l in args.langs.split(",") if l.strip()]

    started = time.perf_counter()
    hb = load_hassil_baseline()
    build_docs = load_bm25_doc_builder()
    info = machine_info()
    try:
        from importlib.metadata import version
        versions = {p: version(p) for p in ("hassil", "home-assistant-intents", "rank-bm25")}
    except Exception:  # pragma: no cover
        versions = {}
    try:
        head = subprocess.run([str(args.binary), "help"], capture_output=True, text=True).stdout.splitlines()
        binary_desc = f"{args.binary} ({head[0].strip() if head else ''})"
    except OSError:
        binary_desc = str(args.binary)

    rows = []
    with tempfile.TemporaryDirectory(prefix="intentbridge-sysbench-") as workdir:
        for lang in langs:
            rows.append(measure_language(lang, args, hb, build_docs, workdir))
        seal = measure_seal(args, build_docs, workdir)
    total = time.perf_counter() - started

    print(f"# System baselines: intentbridge vs. Python (rank_bm25, hassil)\n")
    print(f"- date: {info['date']}")
    print(f"- machine: {info['cpu']}, {info['cores']} cores ({info['usable_cores']} usable), "
          f"{info['memory_gib']} GiB RAM, {info['os']}")
    print(f"- python {info['python']} ({sys.executable}); " + ", ".join(f"{k} {v}" for k, v in versions.items()))
    print(f"- binary: {binary_desc}")
    print(f"- runs: index/start+load {args.index_runs}, in-process builds {args.build_runs}, "
          f"cold start {args.cold_runs} (medians; warm-up {args.warmup}); RSS = max ru_maxrss over the cold runs, "
          f"spawned by {LAUNCHER.name} measure-process (floor {RSS_FLOOR_KIB[0] / 1024.0:.1f} MiB)")
    print(f"- total run time: {total:.1f} s\n")
    print(markdown_table(rows))
    print()
    if seal:
        print(f"Seal-Tools ({seal['intents']} tools): ours index {seal['ours_index_ms']:.1f} ms, "
              f"rank_bm25 build {seal['bm25_build_ms']:.1f} ms (BM25/ours {seal['ratio_bm25_vs_ours_index']:.3f})\n")
        rows.append(seal)
    lines = [json.dumps(row, ensure_ascii=False) for row in rows]
    print("\n".join(lines))
    if args.json_out:
        Path(args.json_out).write_text("".join(line + "\n" for line in lines), encoding="utf-8")


if __name__ == "__main__":
    if len(sys.argv) > 2 and sys.argv[1] == "--child":
        if sys.argv[2] != "hassil":
            sys.exit(f"unknown child {sys.argv[2]!r} (hassil)")
        hassil_child(sys.argv[3:])
    else:
        main()
