#!/usr/bin/env python3
"""Prints, in one run, IntentBridge's routing figures beside plain Python baselines on every
development data set (Scripts/devdata.py) and on the repository's own examples: one Markdown
table per set, then the time each set took.

Sets: CLINC150 (catalogs none, examples5, examples20; out-of-scope rows), xSID (examples5, nine
request languages), MetaTool and Seal-Tools (tool lists imported with `import tools`), Home
Assistant (templates, examples, none × en de fi sk zh-CN; clean and perturbed), Examples/tools
and Examples/smart-home. Ours is `intentbridge rank CATALOG --requests FILE --top 5` on a copy
of the catalog in a temporary folder (the vector file is written beside the catalog); the
baselines (BM25, the default static model through model2vec, their min-max and
reciprocal-rank fusions) are Scripts/plain_baselines.py. docs/EVAL.md ("Figures beside the
baselines") says what each column means.

The baselines' packages (Scripts/requirements-figures.txt) are installed into
.build/venv-figures/ on the first run; the script then runs itself with that interpreter.

Usage: python3 Scripts/dev_figures.py [--bin .build/release/intentbridge] [--model DIR]
       [--encoder auto|static|transformer [--encoder-model DIR]] [--only clinc150,xsid,metatool,seal-tools,ha,tools,smart-home] [--jobs 2] [--keep DIR]
Exit status: 0 done, 1 data, binary or model missing (named on standard error), or a failed run.
"""
import argparse, json, os, shutil, subprocess, sys, tempfile, threading, time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

sys.dont_write_bytecode = True  # importing the modules beside it must not leave __pycache__ in the checkout
root = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(root / "Scripts"))
from devdata import dev_data, missing_note
from filling_figures import pct

VENV = root / ".build" / "venv-figures"
REQUIREMENTS = root / "Scripts" / "requirements-figures.txt"
SETS = ["clinc150", "xsid", "metatool", "seal-tools", "ha", "tools", "smart-home"]
DATA = {"clinc150": "clinc150", "xsid": "xsid", "metatool": "metatool", "seal-tools": "seal-tools", "ha": "ha"}
HA_LANGS = ["en", "de", "fi", "sk", "zh-CN"]
XSID_LANGS = ["en", "de", "zh-CN", "ja", "it", "nl", "da", "tr", "id"]
OFF_DOMAIN = root / "Examples" / "off-domain" / "requests.jsonl"
DEPTH = 5  # the ranking depth asked of every method (R@5)
plain_baselines = None  # imported in main(), once the baselines' packages are there


def read_rows(path):
    return [json.loads(line) for line in open(path, encoding="utf-8") if line.strip()]


def gold_set(row):
    gold = row.get("intent")
    return None if gold is None else set(gold if isinstance(gold, list) else [gold])


# --- the engine ---------------------------------------------------------------------------

class Engine:
    """`intentbridge rank` runs, at most `slots` processes at a time (shared with the baselines)."""

    def __init__(self, binary, model, work, slots, encoder_arguments=()):
        self.binary, self.model, self.work, self.slots = binary, model, Path(work), slots
        # `--encoder auto` or `--encoder transformer [--model DIR]`, or nothing for the static
        # model given as `model`.
        self.model_arguments = list(encoder_arguments) or ["--model", model]
        self.pool = ThreadPoolExecutor(max_workers=2)
        self.catalogs, self.lock = {}, threading.Lock()
        self.seconds, self.runs = {}, 0

    def run(self, arguments):
        result = subprocess.run([self.binary, *map(str, arguments)], capture_output=True, text=True)
        if result.returncode != 0:
            raise RuntimeError(f"intentbridge {' '.join(map(str, arguments[:2]))} failed ({result.returncode}): {result.stderr.strip()[-2000:]}")
        return result.stdout

    def catalog(self, name, source, tools=False):
        """The catalog to rank: a copy of `source` (or `source` imported with `import tools`) in
        a folder of its own under the work folder, indexed in each of its languages; made once
        (so concurrent runs on it never build its vector files at the same time)."""
        with self.lock:
            entry = self.catalogs.setdefault(name, [threading.Lock(), None])
        with entry[0]:
            if entry[1] is None:
                folder = self.work / name.replace("/", "_")
                folder.mkdir(parents=True, exist_ok=True)
                target = folder / (Path(source).stem + ".json")
                if tools:
                    self.run(["import", "tools", source, "--out", target, "--quiet"])
                else:
                    shutil.copyfile(source, target)
                app = json.load(open(target, encoding="utf-8")).get("app", {})
                for lang in app.get("languages") or [app.get("defaultLanguage", "en")]:
                    self.run(["index", target, "--lang", lang, *self.model_arguments])
                entry[1] = target
            return entry[1]

    def rank(self, set_name, name, source, rows, keep_lang=True, tools=False):
        """A future of one answer per row: {"id", "answer", "ranking", "confidence", "lang"}."""
        def job():
            with self.slots:
                started = time.perf_counter()
                catalog = self.catalog(name, source, tools)
                with self.lock:
                    self.runs += 1
                    requests = self.work / f"requests-{self.runs}.jsonl"
                with open(requests, "w", encoding="utf-8") as f:
                    for i, row in enumerate(rows):
                        line = {"id": str(i), "query": row["query"]}
                        if keep_lang and row.get("lang"):
                            line["lang"] = row["lang"]
                        f.write(json.dumps(line, ensure_ascii=False) + "\n")
                out = self.run(["rank", catalog, "--requests", requests, "--top", DEPTH, *self.model_arguments])
                answers = [answer(json.loads(line)) for line in out.splitlines() if line.strip()]
                if [a["id"] for a in answers] != [str(i) for i in range(len(rows))]:
                    raise RuntimeError(f"rank {catalog}: {len(answers)} answers for {len(rows)} requests, or out of order")
                with self.lock:
                    self.seconds[set_name] = self.seconds.get(set_name, 0.0) + time.perf_counter() - started
                return answers
        return self.pool.submit(job)


def answer(line):
    """One line of `rank --requests` output: the answer (None for "no match") and the ranking
    (the answer first, then the alternatives; for "no match" the alternatives are the ranking)."""
    ranking = ([{"intent": line["intent"], "confidence": line["confidence"]}] if line.get("intent") else []) + line.get("alternatives", [])
    return {"id": line.get("id"), "answer": line.get("intent"), "ranking": [c["intent"] for c in ranking],
            "confidence": ranking[0]["confidence"] if ranking else 0.0, "lang": line.get("lang") or line.get("language")}


# --- figures ------------------------------------------------------------------------------

def share(flags):
    flags = list(flags)
    return sum(flags) / len(flags) if flags else None


def ece(pairs, bins=10):
    """Expected calibration error: 10 equal-width bins of confidence, |mean confidence − share
    right| weighted by the bin's share of rows."""
    if not pairs:
        return None
    total = 0.0
    for b in range(bins):
        inside = [(c, ok) for c, ok in pairs if min(int(c * bins), bins - 1) == b]
        if inside:
            total += abs(sum(c for c, _ in inside) - sum(ok for _, ok in inside)) / len(pairs)
    return total


def figures(rows, ours, baselines):
    """The figures of one group of rows: in-scope counts, each baseline's R@1 / R@5, ours'
    first place, R@5, answered, ECE; "no match" share on the `null` rows."""
    gold = [gold_set(r) for r in rows]
    inside = [i for i, g in enumerate(gold) if g is not None]
    outside = [i for i, g in enumerate(gold) if g is None]
    f = {"rows": len(inside), "null": len(outside)}
    for method, rankings in (baselines or {}).items():
        f[method] = share(bool(rankings[i][:1]) and rankings[i][0] in gold[i] for i in inside)
        f[method + "@5"] = share(bool(set(rankings[i]) & gold[i]) for i in inside)
    if ours is not None:
        f["first"] = share(bool(ours[i]["ranking"]) and ours[i]["ranking"][0] in gold[i] for i in inside)
        f["r5"] = share(bool(set(ours[i]["ranking"]) & gold[i]) for i in inside)
        f["answered"] = share(ours[i]["answer"] in gold[i] for i in inside)
        f["nomatch"] = share(ours[i]["answer"] is None for i in outside)
        f["ece"] = ece([(ours[i]["confidence"], bool(ours[i]["ranking"]) and ours[i]["ranking"][0] in gold[i]) for i in inside])
    return f


def cell(*values, digits=pct):
    return " / ".join(digits(v) for v in values)


def f3(x): return "–" if x is None else f"{x:.3f}"


def table(header, lines):
    print("| " + " | ".join(header) + " |")
    print("|" + "---|" * len(header))
    for line in lines:
        print("| " + " | ".join(str(c) for c in line) + " |")
    print()


# --- the sets -----------------------------------------------------------------------------

class Context:
    """What the sets share: the engine, the static model for the baselines, the process slots."""

    def __init__(self, engine, model, slots):
        self.engine, self.model, self.slots = engine, model, slots
        self.baseline_seconds = {}

    def baselines(self, set_name, intents, rows):
        """method → the first DEPTH intent ids per row, from plain_baselines."""
        with self.slots:
            started = time.perf_counter()
            b = plain_baselines.Baselines(intents, self.model)
            queries = [r["query"] for r in rows]
            out = {}
            for start in range(0, len(queries), 2000):  # bounded memory on large catalogs
                for method, s in b.scores(queries[start:start + 2000]).items():
                    out.setdefault(method, []).extend(b.rankings(s, DEPTH))
            self.baseline_seconds[set_name] = self.baseline_seconds.get(set_name, 0.0) + time.perf_counter() - started
        return out

    def catalog_intents(self, path, lang=None):
        catalog = json.load(open(path, encoding="utf-8"))
        return plain_baselines.catalog_intents(catalog, lang or catalog.get("app", {}).get("defaultLanguage", "en"))

    def tool_intents(self, path):
        return plain_baselines.tool_intents(json.load(open(path, encoding="utf-8")))


BASELINE_HEAD = ["BM25", "static", "min-max", "RRF"]


def baseline_cells(fs):
    return [cell(*(f.get(m) for f in fs)) for m in ("bm25", "static", "minmax", "rrf")]


def clinc150(ctx):
    data = dev_data("clinc150")
    rows = read_rows(data / "dev.jsonl")
    inside = [r for r in rows if r.get("intent") is not None]
    runs = []
    for variant in ["none", "examples5", "examples20"]:
        catalog = data / "catalog" / f"{variant}.json"
        runs.append((variant, ctx.engine.rank("clinc150", f"clinc150/{variant}", catalog, rows),
                     ctx.baselines("clinc150", ctx.catalog_intents(catalog), inside)))
    return lambda: show_clinc150(rows, inside, runs)


def show_clinc150(rows, inside, runs):
    print(f"### CLINC150 (dev.jsonl: {len(inside)} in-scope rows, {len(rows) - len(inside)} out-of-scope)\n")
    lines = []
    for variant, ours, base in runs:
        f = figures(rows, ours.result(), {m: _spread(rows, v) for m, v in base.items()})
        lines.append([variant, f["rows"], *baseline_cells([f]), pct(f["first"]), pct(f["answered"]), pct(f["nomatch"]), f3(f["ece"])])
    table(["catalog", "rows", *BASELINE_HEAD, "ours ranking", "ours answered", "out-of-scope no match", "ECE"], lines)


def _spread(rows, rankings):
    """Baseline rankings computed on the in-scope rows only, aligned back to all rows."""
    it = iter(rankings)
    return [next(it) if r.get("intent") is not None else [] for r in rows]


def xsid(ctx):
    data = dev_data("xsid")
    catalog = data / "catalog" / "examples5.json"
    intents = ctx.catalog_intents(catalog)
    runs = []
    for lang in XSID_LANGS:
        rows = read_rows(data / f"{lang}.dev.jsonl")
        runs.append((lang, rows, ctx.engine.rank("xsid", "xsid/examples5", catalog, rows, keep_lang=False),
                     ctx.engine.rank("xsid", "xsid/examples5", catalog, rows, keep_lang=True),
                     ctx.baselines("xsid", intents, rows)))
    return lambda: show_xsid(runs)


def show_xsid(runs):
    print("### xSID (catalog examples5: English titles, descriptions and 5 examples; requests in each language)\n")
    lines, others = [], []
    for lang, rows, detected, given, base in runs:
        ours = detected.result()
        f = figures(rows, ours, base)
        g = figures(rows, given.result(), None)
        used = {}
        for a in ours:
            if a["lang"]:
                used[a["lang"]] = used.get(a["lang"], 0) + 1
        languages = ", ".join(f"{k} {v}" for k, v in sorted(used.items(), key=lambda kv: -kv[1])[:3]) or "–"
        cells = [f["bm25"], f["static"], f["minmax"], f["rrf"], f["first"], f["answered"], g["answered"], f["ece"]]
        if lang != "en":
            others.append(cells)
        lines.append([lang, f["rows"], *map(pct, cells[:-1]), f3(cells[-1]), languages])
    mean = [sum(c[k] for c in others) / len(others) for k in range(len(others[0]))]
    lines.append([f"mean of the {len(others)} non-English", "", *map(pct, mean[:-1]), f3(mean[-1]), ""])
    header = ["lang", "rows", *BASELINE_HEAD, "ours ranking", "ours answered", "answered, row's lang given", "ECE", "language used"]
    if all(line[-1] in ("–", "") for line in lines):  # the engine does not say which language it used
        header, lines = header[:-1], [line[:-1] for line in lines]
    table(header, lines)


def tool_list(ctx, set_name, title, tools, requests, groups):
    """A tool list imported with `import tools`; `groups`: (label, predicate on a row); only
    the rows of some group are ranked."""
    rows = [r for r in read_rows(requests) if any(keep(r) for _, keep in groups)]
    ours = ctx.engine.rank(set_name, set_name, tools, rows, tools=True)
    inside = [r for r in rows if r.get("intent") is not None]
    base = {m: _spread(rows, v) for m, v in ctx.baselines(set_name, ctx.tool_intents(tools), inside).items()}
    return lambda: show_tool_list(title, rows, ours.result(), base, groups)


def show_tool_list(title, rows, ours, base, groups):
    print(f"### {title}\n")
    lines = []
    for label, keep in groups:
        picked = [i for i, r in enumerate(rows) if keep(r)]
        f = figures([rows[i] for i in picked], [ours[i] for i in picked], {m: [v[i] for i in picked] for m, v in base.items()})
        if f["rows"]:
            lines.append([label, f["rows"], *[cell(f[m], f[m + "@5"]) for m in ("bm25", "static", "minmax", "rrf")],
                          cell(f["first"], f["r5"]), pct(f["answered"]), pct(f["nomatch"]), f3(f["ece"])])
        else:
            lines.append([label, f["null"], *["–"] * 4, "–", "–", pct(f["nomatch"]), "–"])
    table(["rows", "n", *(h + " R@1 / R@5" for h in BASELINE_HEAD), "ours R@1 / R@5", "ours answered", "no match", "ECE"], lines)


def tagged(*tags):
    return lambda r: any(t in r.get("tags", []) for t in tags)


def metatool(ctx):
    data = dev_data("metatool")
    return tool_list(ctx, "metatool", "MetaTool (199 tools, descriptions only; two-tool rows: either tool counts)",
              data / "tools.openai.json", data / "dev.jsonl",
              [("single-tool", tagged("kind:single", "kind:single-ambiguous")), ("two-tool", tagged("kind:multi")),
               ("no tool (null)", tagged("kind:no-tool"))])


def seal_tools(ctx):
    data = dev_data("seal-tools")
    return tool_list(ctx, "seal-tools", "Seal-Tools (4,076 typed tools; single-call rows)",
              data / "tools.openai.json", data / "dev.jsonl", [("single-call", tagged("kind:single"))])


def example_tools(ctx):
    folder = root / "Examples" / "tools"
    return tool_list(ctx, "tools", "Examples/tools (the repository's tool list and requests)",
              folder / "tools.openai.json", folder / "requests.jsonl",
              [("in scope", lambda r: r.get("intent") is not None), ("out of scope (null)", lambda r: r.get("intent") is None)])


def languages_table(ctx, set_name, title, catalogs):
    """catalogs: (variant, lang, catalog path, clean rows file, perturbed rows file); each
    catalog is ranked once on its clean, perturbed and the off-domain rows together."""
    off = read_rows(OFF_DOMAIN)
    runs = []
    for variant, lang, catalog, clean_file, perturbed_file in catalogs:
        clean, perturbed = read_rows(clean_file), read_rows(perturbed_file)
        ours = ctx.engine.rank(set_name, f"{set_name}/{variant}/{lang}", catalog, clean + perturbed + off)
        intents = ctx.catalog_intents(catalog, lang)
        base = [{m: _spread(rs, v) for m, v in ctx.baselines(set_name, intents, [r for r in rs if r.get("intent") is not None]).items()}
                for rs in (clean, perturbed)]
        runs.append((variant, lang, clean, perturbed, off, ours, base))
    return lambda: show_languages_table(title, runs)


def show_languages_table(title, runs):
    print(f"### {title}\n")
    lines = []
    for variant, lang, clean, perturbed, off, ours, base in runs:
        ours = ours.result()
        a, b = len(clean), len(clean) + len(perturbed)
        fc, fp = figures(clean, ours[:a], base[0]), figures(perturbed, ours[a:b], base[1])
        fo = figures(off, ours[b:], None)
        lines.append([variant, lang, cell(fc["rows"], fp["rows"], digits=str), *baseline_cells([fc, fp]),
                      cell(fc["first"], fp["first"]), cell(fc["answered"], fp["answered"]), cell(fc["ece"], fp["ece"], digits=f3),
                      cell(fc["nomatch"], fp["nomatch"]) if fc["null"] else "–", pct(fo["nomatch"])])
    table(["catalog", "lang", "rows", *BASELINE_HEAD, "ours ranking", "ours answered", "ECE", "out-of-scope no match", "off-domain no match"], lines)


def home_assistant(ctx):
    ha = dev_data("ha")
    return languages_table(ctx, "ha", "Home Assistant (clean / perturbed development rows)",
                    [(v, l, ha / "catalog" / v / f"{l}.json", ha / f"{l}.dev.jsonl", ha / f"{l}.dev.perturbed.jsonl")
                     for v in ["templates", "examples", "none"] for l in HA_LANGS])


def smart_home(ctx):
    sh = root / "Examples" / "smart-home"
    one_language = languages_table(ctx, "smart-home", "Examples/smart-home (clean / perturbed requests)",
                    [("smart-home", l, sh / f"smart-home.{l}.json", sh / f"requests.{l}.jsonl", sh / f"requests.{l}.perturbed.jsonl")
                     for l in HA_LANGS])
    merged = []
    for lang in HA_LANGS:
        rows = read_rows(sh / f"requests.{lang}.jsonl") + read_rows(sh / f"requests.{lang}.perturbed.jsonl")
        merged.append((lang, rows, *(ctx.engine.rank("smart-home", "smart-home/merged", sh / "smart-home.json", rows, keep_lang=keep)
                                     for keep in (True, False))))

    def show():
        one_language()
        print("### Examples/smart-home/smart-home.json (the five merged): each language with its `lang` given / detected\n")
        lines = []
        for lang, rows, given, detected in merged:
            g, d = figures(rows, given.result(), None), figures(rows, detected.result(), None)
            right = [sum(a["answer"] == r.get("intent") for a, r in zip(run.result(), rows)) / len(rows) for run in (given, detected)]
            lines.append([lang, len(rows), cell(g["first"], d["first"]), cell(g["answered"], d["answered"]), cell(*right),
                          pct(right[1] - right[0])])
        table(["lang", "rows", "ranking", "answered", "right (no match scored)", "detected − given"], lines)
    return show


RUNNERS = {"clinc150": clinc150, "xsid": xsid, "metatool": metatool, "seal-tools": seal_tools,
           "ha": home_assistant, "tools": example_tools, "smart-home": smart_home}


# --- set-up -------------------------------------------------------------------------------

def in_venv():
    return Path(sys.prefix).resolve() == VENV.resolve()


def enter_venv():
    """Installs Scripts/requirements-figures.txt into .build/venv-figures and runs this script
    again with its interpreter (does not return)."""
    python = VENV / "bin" / "python"
    try:
        if not python.exists():
            VENV.parent.mkdir(parents=True, exist_ok=True)
            subprocess.run([sys.executable, "-m", "venv", str(VENV)], check=True)
        subprocess.run([str(python), "-m", "pip", "install", "--quiet", "--disable-pip-version-check", "-r", str(REQUIREMENTS)], check=True)
    except (OSError, subprocess.CalledProcessError) as error:
        sys.exit(f"dev_figures: could not set up {VENV} with {REQUIREMENTS}: {error}")
    os.execv(str(python), [str(python), str(Path(__file__).resolve()), *sys.argv[1:]])


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0], formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--bin", default=str(root / ".build/release/intentbridge"), help="the intentbridge binary (default: the release build)")
    p.add_argument("--model", default=os.environ.get("INTENTBRIDGE_MODEL") or str(root / "Models/e5small-m2v-256-latcjk-int8"),
                   help="static model folder, for the engine and the model2vec baseline (default: $INTENTBRIDGE_MODEL or the shipped model)")
    p.add_argument("--encoder", choices=["auto", "static", "transformer"], default="auto",
                   help="the engine's embeddings: as the command line chooses them per catalog (auto, the default: the shipped "
                        "models), the static model (--model) or the transformer encoder (--encoder-model)")
    p.add_argument("--encoder-model", help="the transformer encoder's folder (default: the shipped one)")
    p.add_argument("--only", default=",".join(SETS), help=f"comma-separated sets (default all: {','.join(SETS)})")
    p.add_argument("--jobs", type=int, default=2, choices=[1, 2], help="processes at a time (default 2)")
    p.add_argument("--keep", help="keep the copied and imported catalogs and their vector files in this folder")
    p.add_argument("--no-venv", action="store_true", help="use this interpreter as it is (rank_bm25, model2vec and numpy installed)")
    a = p.parse_args()
    asked = [s.strip() for s in a.only.split(",") if s.strip()]
    unknown = [s for s in asked if s not in RUNNERS]
    chosen = [s for s in SETS if s in asked]  # always in the order of SETS
    if unknown:
        p.error(f"unknown set(s) {', '.join(unknown)}; known: {', '.join(SETS)}")
    missing = [missing_note(DATA[s]) for s in chosen if s in DATA and not dev_data(DATA[s]).exists()]
    if missing:
        sys.exit("dev_figures: " + "\n".join(missing) + "\n(--only chooses sets; tools,smart-home need no development data)")
    if not os.access(a.bin, os.X_OK):
        sys.exit(f"dev_figures: no intentbridge binary at {a.bin} (swift build -c release --static-swift-stdlib, or --bin PATH)")
    if not (Path(a.model) / "model.safetensors").exists():
        sys.exit(f"dev_figures: no static model at {a.model} (model.safetensors expected; --model DIR or INTENTBRIDGE_MODEL)")
    if not a.no_venv and not in_venv():
        enter_venv()
    global plain_baselines
    import plain_baselines
    from model2vec import StaticModel

    work = Path(a.keep) if a.keep else Path(tempfile.mkdtemp(prefix="dev-figures-"))
    work.mkdir(parents=True, exist_ok=True)
    slots = threading.BoundedSemaphore(a.jobs)
    started = time.perf_counter()
    encoder_arguments = []
    if a.encoder == "transformer":
        encoder_arguments = ["--encoder", "transformer"] + (["--model", a.encoder_model] if a.encoder_model else [])
    elif a.encoder == "auto":
        encoder_arguments = ["--encoder", "auto"]
    ctx = Context(Engine(a.bin, a.model, work, slots, encoder_arguments), StaticModel.from_pretrained(a.model), slots)
    engine_model = {"auto": "the model each catalog ranks best with (--encoder auto)", "transformer": "the transformer encoder"}.get(
        a.encoder, f"model {Path(a.model).name}")
    print(f"Routing figures beside plain baselines: {a.bin}, {engine_model}. "
          "Percent of in-scope rows unless said otherwise; \"ours ranking\" is the first place whatever the "
          "confidence, \"ours answered\" counts \"no match\" as wrong.\n")
    try:
        shows = [RUNNERS[name](ctx) for name in chosen]  # the engine runs in the background meanwhile
        for show in shows:
            show()
    finally:
        ctx.engine.pool.shutdown(wait=True, cancel_futures=True)
        if not a.keep:
            shutil.rmtree(work, ignore_errors=True)
    print("### Time (seconds; the engine's runs overlap the baselines, at most --jobs processes at a time)\n")
    table(["set", "engine", "baselines"],
          [[n, f"{ctx.engine.seconds.get(n, 0):.1f}", f"{ctx.baseline_seconds.get(n, 0):.1f}"] for n in chosen]
          + [["total (wall clock)", f"{time.perf_counter() - started:.1f}", ""]])


if __name__ == "__main__":
    main()
