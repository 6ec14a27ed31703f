#!/usr/bin/env python3
"""Tunes the confidence model of one ranking mode (RankingConfiguration's calibrations).

Confidence is σ(bias + cosine·c + template·t + ln(1+bm25)·k + coverage·v + exact·e) of the
best candidate, and "no match" is confidence < 0.5. The fused order does not depend on these
coefficients, so one `rank --explain` pass over the data gives everything needed:

- data: the Home Assistant development sets (development data, Scripts/devdata.py) (clean and perturbed) of every catalog variant
  and language, and the off-domain requests of the catalog's language (`requests.jsonl`, and
  the one- and two-word non-requests of `short.jsonl`, reported and, with `--short-floor`,
  constrained too);
- objective: top-1 with "no match" counted as wrong, summed over variants, languages and
  sets (templates catalogs weighted ×5: their targets are the strictest), subject to ≥ 91 % of
  the off-domain requests getting "no match" in every variant (a penalty below that);
- search: seeded random local search from the shipped coefficients (4,000 steps);
- check: the same search on the even rows only, reported on the odd rows (held out).

Usage: python3 Scripts/tune_confidence.py --mode hybrid|keyword|embedding [--bin …] [--features F.jsonl]
Needs numpy (pip install numpy). Prints the coefficients for RankingConfiguration.swift.
"""
import argparse, json, subprocess, sys, tempfile
from pathlib import Path
import numpy as np

root = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(root / "Scripts"))
from devdata import require

ha = require("ha")
LANGS = ["en", "de", "fi", "sk", "zh-CN"]
VARIANTS = ["templates", "examples", "none"]
USED = {"hybrid": [1, 1, 1, 1, 1, 1], "keyword": [1, 0, 1, 1, 1, 1], "embedding": [1, 1, 0, 0, 0, 0]}
START = {"hybrid": [-2.976, 0.677, 1.278, -0.227, 6.271, 2.138], "keyword": [-2.124, 0, 0.581, -0.088, 5.581, 1.874],
         "embedding": [-5.574, 7.115, 0, 0, 0, 0]}

def dump(binary, mode, path):
    offdomain = [json.loads(l) for l in (root / "Examples/off-domain/requests.jsonl").read_text().splitlines() if l.strip()]
    short = [json.loads(l) for l in (root / "Examples/off-domain/short.jsonl").read_text().splitlines() if l.strip()]
    with open(path, "w") as out:
        for variant in VARIANTS:
            for lang in LANGS:
                sets = [("dev", [json.loads(l) for l in open(ha / f"{lang}.dev.jsonl") if l.strip()]),
                        ("perturbed", [json.loads(l) for l in open(ha / f"{lang}.dev.perturbed.jsonl") if l.strip()]),
                        ("off", [r for r in offdomain if r["lang"] == lang]),
                        ("short", [r for r in short if r["lang"] == lang])]
                for name, rows in sets:
                    with tempfile.NamedTemporaryFile("w", suffix=".jsonl", delete=False) as f:
                        f.write("\n".join(json.dumps(r) for r in rows)); requests = f.name
                    answers = subprocess.run([binary, "rank", str(ha / "catalog" / variant / f"{lang}.json"), "--requests", requests,
                                              "--explain", "--signals", mode], capture_output=True, text=True, check=True).stdout.splitlines()
                    for row, line in zip(rows, answers):
                        candidates = json.loads(line)["explain"]["candidates"]
                        if not candidates: continue
                        c = candidates[0]; gold = row.get("intent")
                        ok = (c["intent"] in gold) if isinstance(gold, list) else (c["intent"] == gold)
                        out.write(json.dumps({"v": variant, "l": lang, "s": name, "ok": ok, "cos": (c.get("embedding") or {}).get("cosine", 0.0),
                                              "t": c["template"]["quality"], "kw": c["keyword"]["bm25"], "cov": c["coverage"]}) + "\n")

def main():
    p = argparse.ArgumentParser()
    p.add_argument("--mode", required=True, choices=USED)
    p.add_argument("--bin", default=str(root / ".build/release/intentbridge"))
    p.add_argument("--features", help="reuse (or write) the dumped features here")
    p.add_argument("--short-floor", type=float, default=0.0, help="least share of the short off-domain requests (Examples/off-domain/short.jsonl) that must get no match (default 0: reported only)")
    a = p.parse_args()
    path = Path(a.features or tempfile.mktemp(suffix=".jsonl"))
    if not path.exists(): dump(a.bin, a.mode, path)
    rows = [json.loads(l) for l in open(path)]
    X = np.array([[1, r["cos"], r["t"], np.log1p(r["kw"]), r["cov"], 1.0 if r["t"] >= 0.999 else 0.0] for r in rows])
    ok = np.array([r["ok"] for r in rows])
    keys = [(r["v"], r["l"], r["s"]) for r in rows]
    groups = {}
    for i, k in enumerate(keys): groups.setdefault(k, []).append(i)
    groups = {k: np.array(v) for k, v in groups.items()}
    used = np.array(USED[a.mode], dtype=float)

    def score(w, mask):
        confident = (X @ w) > 0; total = 0.0; penalty = 0.0; report = {}
        for variant in VARIANTS:
            off = np.concatenate([groups[(variant, l, "off")] for l in LANGS]); off = off[mask[off]]
            report[(variant, "off-domain no match")] = no_match = float(np.mean(~confident[off]))
            penalty += max(0.0, 0.91 - no_match) * 100
            short = np.concatenate([groups[(variant, l, "short")] for l in LANGS]); short = short[mask[short]]
            report[(variant, "short off-domain no match")] = short_no_match = float(np.mean(~confident[short]))
            penalty += max(0.0, a.short_floor - short_no_match) * 100
            for lang in LANGS:
                for name in ["dev", "perturbed"]:
                    g = groups[(variant, lang, name)]; g = g[mask[g]]
                    report[(variant, lang, name)] = top1 = float(np.mean(ok[g] & confident[g]))
                    total += top1 * (5.0 if variant == "templates" else 1.0)
        return total - penalty, report

    def search(mask):
        rng = np.random.default_rng(0); best = np.array(START[a.mode], dtype=float); best_score = score(best, mask)[0]
        for step in range(4000):
            candidate = best + rng.normal(0, [0.2, 0.1, 0.2, 0.05, 0.2, 0.2]) * used * (0.3 if step > 2000 else 1)
            s = score(candidate, mask)[0]
            if s > best_score: best, best_score = candidate, s
        return best

    everything = np.ones(len(rows), dtype=bool); even = np.arange(len(rows)) % 2 == 0
    w = search(everything); half = search(even)
    _, full = score(w, everything); _, held = score(half, ~even)
    names = ["bias", "cosine", "template", "keyword", "coverage", "exactTemplate"]
    print(f"mode {a.mode}: " + ", ".join(f"{n} {round(float(x), 3)}" for n, x, u in zip(names, w, used) if u))
    print("figure                                   all rows   held-out half (tuned on the other)")
    for k in sorted(full, key=str): print(f"{' '.join(k):40} {100 * full[k]:7.1f}   {100 * held[k]:7.1f}")

main()
