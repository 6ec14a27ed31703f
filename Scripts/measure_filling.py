#!/usr/bin/env python3
"""Exact-frame accuracy and argument precision/recall/F1 of `intentbridge resolve --requests`
on the Home Assistant development sets (EVAL.md semantics: `$anyOf`, `ignore`, numbers equal
numerically; an argument equal to its parameter's default and not expected is not "extra").
Until `intentbridge eval` lands this is where the filling figures come from.

Usage: python3 Scripts/measure_filling.py [--bin .build/release/intentbridge] [--variants templates]
       [--langs en,de,fi,sk,zh-CN] [--sets dev,perturbed] [--errors N]
"""
import argparse, json, subprocess, sys
from pathlib import Path

root = Path(__file__).resolve().parents[1]
ha = root / "Examples" / "home-assistant"

def same(a, b):
    if isinstance(b, dict) and "$anyOf" in b: return any(same(a, x) for x in b["$anyOf"])
    if isinstance(a, (int, float)) and isinstance(b, (int, float)) and not isinstance(a, bool) and not isinstance(b, bool):
        return float(a) == float(b)
    if isinstance(a, str) and isinstance(b, str): return a.casefold() == b.casefold()
    return a == b

def main():
    p = argparse.ArgumentParser()
    p.add_argument("--bin", default=str(root / ".build/release/intentbridge"))
    p.add_argument("--variants", default="templates")
    p.add_argument("--langs", default="en,de,fi,sk,zh-CN")
    p.add_argument("--sets", default="dev,perturbed")
    p.add_argument("--errors", type=int, default=0)
    a = p.parse_args()
    print(f"{'variant':10} {'lang':6} {'set':10} {'intent':>7} {'frame':>7} {'argP':>6} {'argR':>6} {'argF1':>6} {'n':>6} {'ms/req':>7}")
    for variant in a.variants.split(","):
        for lang in a.langs.split(","):
            catalog_path = ha / "catalog" / variant / f"{lang}.json"
            catalog = json.load(open(catalog_path))
            defaults = {(i["id"], q["name"]): q["default"] for i in catalog["intents"] for q in i.get("parameters", []) if "default" in q}
            for s in a.sets.split(","):
                data = ha / (f"{lang}.dev.jsonl" if s == "dev" else f"{lang}.dev.perturbed.jsonl")
                rows = [json.loads(l) for l in data.read_text().splitlines() if l.strip()]
                out = subprocess.run([a.bin, "resolve", str(catalog_path), "--requests", str(data), "--now", "2026-11-29T10:00", "--tz", "+01:00"],
                                     capture_output=True, text=True)
                if out.returncode != 0: print(out.stderr[:2000]); sys.exit(1)
                results = [json.loads(l) for l in out.stdout.splitlines()]
                intent_ok = frame_ok = tp = fp = fn = 0; lat = []; errors = []
                for row, r in zip(rows, results):
                    lat.append(r["latency_ms"])
                    gold_intent = row.get("intent")
                    ok = (r["intent"] in gold_intent) if isinstance(gold_intent, list) else (r["intent"] == gold_intent)
                    intent_ok += ok
                    ignore = set(row.get("ignore", []))
                    gold = {k: v for k, v in row.get("arguments", {}).items() if k not in ignore}
                    pred = {k: v for k, v in r.get("arguments", {}).items() if k not in ignore
                            and not (k not in gold and (r["intent"], k) in defaults and defaults[(r["intent"], k)] == v)}
                    good = sum(1 for k, v in pred.items() if k in gold and same(v, gold[k]))
                    tp += good; fp += len(pred) - good; fn += len(gold) - good
                    frame = ok and good == len(gold) == len(pred)
                    frame_ok += frame
                    if not frame and ok: errors.append((row["query"], gold, pred))
                n = len(rows); P = tp / max(1, tp + fp); R = tp / max(1, tp + fn); F = 2 * P * R / max(1e-9, P + R)
                lat.sort()
                print(f"{variant:10} {lang:6} {s:10} {100*intent_ok/n:6.1f}% {100*frame_ok/n:6.1f}% {P:6.3f} {R:6.3f} {F:6.3f} {n:6} {lat[n//2]:7.3f}")
                for e in errors[:a.errors]: print("   ", e)

main()
