#!/usr/bin/env python3
"""Fits the logistic confidence calibration of one ranking mode (RankingConfiguration).

Data: the perturbed Home Assistant development sets of every catalog variant and language,
plus the off-domain requests of that language (label 0). Each row contributes its best
candidate's signals (`rank --explain`); the label is whether that candidate is right.
Features per mode: hybrid = cosine, template, ln(1+bm25), coverage; keyword = template,
ln(1+bm25), coverage; embedding = cosine. Prints the coefficients to paste into
Sources/IntentBridgeRanking/RankingConfiguration.swift. Pure Python (Newton's method).

Usage: python3 Scripts/fit_calibration.py --mode embedding [--bin .build/release/intentbridge]
"""
import argparse, json, math, subprocess, tempfile
from pathlib import Path

root = Path(__file__).resolve().parents[1]
ha = root / "Examples" / "home-assistant"
FEATURES = {"hybrid": ["cosine", "template", "keyword", "coverage"], "keyword": ["template", "keyword", "coverage"], "embedding": ["cosine"]}

def features(candidate, names):
    values = {"cosine": (candidate.get("embedding") or {}).get("cosine", 0.0), "template": candidate["template"]["quality"],
              "keyword": math.log(1 + candidate["keyword"]["bm25"]), "coverage": candidate["coverage"]}
    return [1.0] + [values[n] for n in names]

def solve(a, b):
    n = len(b); m = [row[:] + [b[i]] for i, row in enumerate(a)]
    for c in range(n):
        p = max(range(c, n), key=lambda r: abs(m[r][c])); m[c], m[p] = m[p], m[c]
        for r in range(n):
            if r != c and m[c][c] != 0:
                f = m[r][c] / m[c][c]; m[r] = [x - f * y for x, y in zip(m[r], m[c])]
    return [m[i][n] / m[i][i] if m[i][i] else 0.0 for i in range(n)]

def fit(x, y, ridge=1e-3, steps=50):
    w = [0.0] * len(x[0])
    for _ in range(steps):
        grad = [0.0] * len(w); hess = [[0.0] * len(w) for _ in w]
        for xi, yi in zip(x, y):
            p = 1 / (1 + math.exp(-sum(a * b for a, b in zip(w, xi))))
            for j in range(len(w)):
                grad[j] += (yi - p) * xi[j]
                for k in range(len(w)): hess[j][k] += p * (1 - p) * xi[j] * xi[k]
        for j in range(len(w)): grad[j] -= ridge * w[j]; hess[j][j] += ridge
        step = solve(hess, grad); w = [a + b for a, b in zip(w, step)]
        if max(abs(s) for s in step) < 1e-7: break
    return w

def main():
    p = argparse.ArgumentParser()
    p.add_argument("--mode", required=True, choices=FEATURES)
    p.add_argument("--bin", default=str(root / ".build/release/intentbridge"))
    p.add_argument("--langs", default="en,de,fi,sk,zh-CN")
    a = p.parse_args()
    names = FEATURES[a.mode]; x = []; y = []
    offdomain = [json.loads(l) for l in (root / "Examples/off-domain/requests.jsonl").read_text().splitlines() if l.strip()]
    for variant in ["templates", "examples", "none"]:
        for lang in a.langs.split(","):
            rows = [json.loads(l) for l in (ha / f"{lang}.dev.perturbed.jsonl").read_text().splitlines() if l.strip()]
            rows += [r for r in offdomain if r["lang"] == lang]
            with tempfile.NamedTemporaryFile("w", suffix=".jsonl", delete=False) as f:
                f.write("\n".join(json.dumps(r) for r in rows)); path = f.name
            out = subprocess.run([a.bin, "rank", str(ha / "catalog" / variant / f"{lang}.json"), "--requests", path, "--explain", "--mode", a.mode],
                                 capture_output=True, text=True, check=True)
            for row, line in zip(rows, out.stdout.splitlines()):
                candidates = json.loads(line)["explain"]["candidates"]
                if not candidates: continue
                gold = row.get("intent"); best = candidates[0]["intent"]
                x.append(features(candidates[0], names))
                y.append(1.0 if (best in gold if isinstance(gold, list) else best == gold) else 0.0)
    w = fit(x, y)
    print(f"mode {a.mode}: {len(y)} rows, {sum(y):.0f} positive")
    print("bias", round(w[0], 3), *(f"{n} {round(v, 3)}" for n, v in zip(names, w[1:])))

main()
