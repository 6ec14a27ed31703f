#!/usr/bin/env python3
"""Runs `intentbridge eval` on every Home Assistant catalog of the development data (Scripts/devdata.py) (all three variants, five
languages, three modes) with the clean and perturbed development sets and the off-domain
requests, and prints the Markdown tables of docs/EVAL.md.

Usage: python3 Scripts/eval_figures.py [--bin .build/release/intentbridge] [--reports DIR]
(--reports keeps the JSON reports there; existing ones are reused.)
"""
import argparse, json, subprocess, sys, tempfile
from pathlib import Path

root = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(root / "Scripts"))
from devdata import require

ha = require("ha")
LANGS = ["en", "de", "fi", "sk", "zh-CN"]

def pct(x): return "–" if x is None else f"{100 * x:.1f}"
def f3(x): return "–" if x is None else f"{x:.3f}"

def main():
    p = argparse.ArgumentParser()
    p.add_argument("--bin", default=str(root / ".build/release/intentbridge"))
    p.add_argument("--reports", default=tempfile.mkdtemp())
    a = p.parse_args()
    out = Path(a.reports); out.mkdir(parents=True, exist_ok=True)
    print("| catalog | lang | mode | top-1 clean / perturbed | R@3 | MRR | nDCG@10 | exact frame clean / perturbed | arg F1 clean | off-domain no match | p50 / p99 ms |")
    print("|---|---|---|---|---|---|---|---|---|---|---|")
    for variant in ["templates", "examples", "none"]:
        for lang in LANGS:
            path = out / f"{variant}.{lang}.json"
            if not path.exists():
                subprocess.run([a.bin, "eval", str(ha / "catalog" / variant / f"{lang}.json"), str(ha / f"{lang}.dev.jsonl"),
                                str(ha / f"{lang}.dev.perturbed.jsonl"), str(root / "Examples/off-domain/requests.jsonl"),
                                "--signals", "keyword,embedding,hybrid", "--by", "dataset,tag", "--now", "2026-11-29T10:00", "--tz", "+01:00",
                                "--format", "json", "--out", str(path)], check=True)
            report = json.load(open(path))
            for mode in report["modes"]:
                g = {x["value"]: x["metrics"] for x in mode["breakdowns"]["dataset"]}
                d, q, o = g[f"{lang}.dev.jsonl"], g[f"{lang}.dev.perturbed.jsonl"], g["requests.jsonl"]
                print(f"| {variant} | {lang} | {mode['mode']} | {pct(d['top1'])} / {pct(q['top1'])} | {pct(d['recall']['3'])} | {pct(d['mrr'])} | "
                      f"{pct(d['ndcg@10'])} | {pct(d['exactFrame'])} / {pct(q['exactFrame'])} | {f3(d['arguments']['f1'])} | "
                      f"{pct(o['noMatch']['recall'])} | {d['latencyMs']['p50']:.3f} / {d['latencyMs']['p99']:.3f} |")
    print()
    print("Per perturbation tag (hybrid, top-1 / exact frame):")
    print()
    tags = ["perturbed:drop", "perturbed:swap", "perturbed:typo", "perturbed:filler_skip", "perturbed:filler_other"]
    print("| catalog | lang | " + " | ".join(t.split(":")[1] for t in tags) + " |")
    print("|---|---|" + "---|" * len(tags))
    for variant in ["templates", "examples", "none"]:
        for lang in LANGS:
            report = json.load(open(out / f"{variant}.{lang}.json"))
            mode = next(m for m in report["modes"] if m["mode"] == "hybrid")
            g = {x["value"]: x["metrics"] for x in mode["breakdowns"]["tag"]}
            cells = [f"{pct(g[t]['top1'])} / {pct(g[t]['exactFrame'])}" if t in g else "–" for t in tags]
            print(f"| {variant} | {lang} | " + " | ".join(cells) + " |")

main()
