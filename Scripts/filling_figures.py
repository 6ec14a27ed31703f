#!/usr/bin/env python3
"""Prints the parameter-filling figures of docs/FILLING.md, per data set, in one run.

- Home Assistant (development data, Scripts/devdata.py): every catalog shape (templates,
  examples, none) in en, de, fi, sk and zh-CN, clean and perturbed; per perturbation tag.
- Seal-Tools single-call rows (development data): the tool list imported with `import tools`;
  filled for the engine's answer, for the first-ranked tool and for the labelled tool
  (`eval --fill-intent answer|first|gold`).
- Examples/tools (the repository's own tool list and requests), the same three ways.

Hybrid signals, the clock docs/EVAL.md fixes (--now 2026-11-29T10:00 --tz +01:00).
Usage: python3 Scripts/filling_figures.py [--bin .build/release/intentbridge] [--reports DIR]
       [--only ha,seal,tools]
(--reports keeps the JSON reports and imported catalogs there; existing reports are reused.)
Other scripts call `figures(bin, reports)` to print these tables beside their own.
"""
import argparse, json, subprocess, sys, tempfile
from pathlib import Path

root = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(root / "Scripts"))
from devdata import dev_data

LANGS = ["en", "de", "fi", "sk", "zh-CN"]
VARIANTS = ["templates", "examples", "none"]
TAGS = ["perturbed:drop", "perturbed:swap", "perturbed:typo", "perturbed:filler_skip", "perturbed:filler_other"]
CLOCK = ["--now", "2026-11-29T10:00", "--tz", "+01:00"]
CHOICES = ["answer", "first", "gold"]


def pct(x): return "–" if x is None else f"{100 * x:.1f}"
def f3(x): return "–" if x is None else f"{x:.3f}"


def evaluate(bin, catalog, datasets, out, extra=()):
    """The hybrid mode of `eval`'s JSON report (run once, then reused from `out`)."""
    if not out.exists():
        subprocess.run([bin, "eval", str(catalog), *map(str, datasets), "--by", "dataset,tag", *CLOCK, *extra,
                        "--format", "json", "--out", str(out)], check=True, stderr=subprocess.DEVNULL)
    report = json.load(open(out))
    return next(m for m in report["modes"] if m["mode"] == "hybrid")


def group(mode, key, value):
    return next((g["metrics"] for g in mode["breakdowns"][key] if g["value"] == value), None)


def arguments(m):
    a = m["arguments"]
    return f"{pct(a['precision'])} / {pct(a['recall'])} / {f3(a['f1'])}"


def home_assistant(bin, out):
    ha = dev_data("ha")
    if not ha.exists():
        print(f"(Home Assistant skipped: {ha} not found; set INTENTBRIDGE_DEV_DATA)\n")
        return
    print("Home Assistant, hybrid: exact frame and argument precision / recall / F1, clean and perturbed.\n")
    print("| catalog | lang | top-1 clean / perturbed | exact frame clean / perturbed | args P / R / F1 clean | args P / R / F1 perturbed |")
    print("|---|---|---|---|---|---|")
    modes = {}
    for variant in VARIANTS:
        for lang in LANGS:
            mode = evaluate(bin, ha / "catalog" / variant / f"{lang}.json",
                            [ha / f"{lang}.dev.jsonl", ha / f"{lang}.dev.perturbed.jsonl"], out / f"ha.{variant}.{lang}.json")
            modes[variant, lang] = mode
            d, q = group(mode, "dataset", f"{lang}.dev.jsonl"), group(mode, "dataset", f"{lang}.dev.perturbed.jsonl")
            print(f"| {variant} | {lang} | {pct(d['top1'])} / {pct(q['top1'])} | {pct(d['exactFrame'])} / {pct(q['exactFrame'])} | "
                  f"{arguments(d)} | {arguments(q)} |")
    print("\nPer perturbation tag (hybrid, exact frame):\n")
    print("| catalog | lang | " + " | ".join(t.split(":")[1] for t in TAGS) + " |")
    print("|---|---|" + "---|" * len(TAGS))
    for (variant, lang), mode in modes.items():
        cells = [pct(m["exactFrame"]) if (m := group(mode, "tag", t)) else "–" for t in TAGS]
        print(f"| {variant} | {lang} | " + " | ".join(cells) + " |")
    print()


def tool_list(bin, out, name, tools, requests, tag):
    """One tool list, imported, filled the three ways; `tag` selects the rows (None: all)."""
    catalog = out / f"{name}.catalog.json"
    if not catalog.exists():
        subprocess.run([bin, "import", "tools", str(tools), "--out", str(catalog)], check=True, stderr=subprocess.DEVNULL)
    for choice in CHOICES:
        mode = evaluate(bin, catalog, [requests], out / f"{name}.{choice}.json", ["--fill-intent", choice])
        m = group(mode, "tag", tag) if tag else mode["overall"]
        print(f"| {name} | {choice} | {m['requests']} | {pct(m['top1'])} | {pct(m['exactFrame'])} | {arguments(m)} |")


def tools(bin, out, only):
    print("Tool lists (imported, descriptions only), hybrid; filled for the answer, the first-ranked tool, the labelled tool.\n")
    print("| set | filled for | rows | top-1 | exact frame | args P / R / F1 |")
    print("|---|---|---|---|---|---|")
    seal = dev_data("seal-tools")
    if "seal" in only:
        if seal.exists():
            tool_list(bin, out, "seal-tools", seal / "tools.openai.json", seal / "dev.jsonl", "kind:single")
        else:
            print(f"| seal-tools | (skipped: {seal} not found; set INTENTBRIDGE_DEV_DATA) | | | | |")
    if "tools" in only:
        tool_list(bin, out, "Examples/tools", root / "Examples/tools/tools.openai.json", root / "Examples/tools/requests.jsonl", None)
    print()


def figures(bin, reports, only=("ha", "seal", "tools")):
    out = Path(reports)
    (out / "Examples").mkdir(parents=True, exist_ok=True)
    if "ha" in only:
        home_assistant(bin, out)
    if "seal" in only or "tools" in only:
        tools(bin, out, only)


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--bin", default=str(root / ".build/release/intentbridge"))
    p.add_argument("--reports", default=tempfile.mkdtemp())
    p.add_argument("--only", default="ha,seal,tools")
    a = p.parse_args()
    figures(a.bin, a.reports, a.only.split(","))


if __name__ == "__main__":
    main()
