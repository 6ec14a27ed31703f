#!/usr/bin/env python3
"""Checks `intentbridge eval` against the schema and against an independent computation.

1. Every JSON report given validates against Schemas/eval-report.schema.json, and every
   tuning file given (`--tunings`, written by `intentbridge tune`) against
   Schemas/tuning.schema.json.
2. For each (catalog, dataset) pair given with --cross-check, the report's top-1, exact-frame
   and argument counts per dataset equal those computed here, in Python, from
   `intentbridge resolve --requests` output with EVAL.md's rules (the figures docs/RANKING.md
   and docs/FILLING.md report), and its expected calibration error within 0.002 (the resolve
   output rounds confidences to 4 decimals). Prints "eval reports: N passed, M failed".

Usage: check_eval_reports.py --bin BIN --reports R.json… [--tunings T.json…] [--cross-check CATALOG DATASET…]
"""
import argparse, json, subprocess, sys, tempfile
from pathlib import Path
import jsonschema

root = Path(__file__).resolve().parents[2]

def same(a, b):
    if isinstance(b, dict) and set(b) == {"$anyOf"}: return any(same(a, x) for x in b["$anyOf"])
    if isinstance(a, bool) or isinstance(b, bool): return a == b
    if isinstance(a, (int, float)) and isinstance(b, (int, float)): return float(a) == float(b)
    if isinstance(a, str) and isinstance(b, str): return a.lower() == b.lower()
    if isinstance(a, list) and isinstance(b, list): return len(a) == len(b) and all(same(x, y) for x, y in zip(a, b))
    if isinstance(a, dict) and isinstance(b, dict): return a.keys() == b.keys() and all(same(a[k], b[k]) for k in a)
    return a == b

def independent(binary, catalog, dataset):
    spec = json.load(open(catalog))
    defaults = {(i["id"], p["name"]): p["default"] for i in spec["intents"] for p in i.get("parameters", []) if "default" in p}
    rows = [json.loads(l) for l in Path(dataset).read_text().splitlines() if l.strip()]
    out = subprocess.run([binary, "resolve", catalog, "--requests", dataset, "--now", "2026-11-29T10:00", "--tz", "+01:00"],
                         capture_output=True, text=True, check=True)
    answers = [json.loads(l) for l in out.stdout.splitlines()]
    correct = frames = tp = fp = fn = 0
    bins = [[0, 0.0, 0] for _ in range(10)]  # rows, confidence sum, first-ranked right
    for row, answer in zip(rows, answers):
        gold = row.get("intent"); got = answer["intent"]
        ok = (got in gold) if isinstance(gold, list) else (got == gold)
        first = got if got is not None else (answer["alternatives"][0]["intent"] if answer["alternatives"] else None)
        if first is not None:
            c = min(1.0, max(0.0, answer["confidence"])); b = bins[min(9, int(c * 10))]
            b[0] += 1; b[1] += c; b[2] += gold is not None and ((first in gold) if isinstance(gold, list) else first == gold)
        ignore = set(row.get("ignore", []))
        expected = {k: v for k, v in row.get("arguments", {}).items() if k not in ignore}
        t = f = 0
        for k, v in answer["arguments"].items():
            if k in ignore: continue
            if k in expected:
                if same(v, expected[k]): t += 1
                else: f += 1
            elif (got, k) in defaults and same(v, defaults[(got, k)]): continue
            else: f += 1
        n = len(expected) - t
        correct += ok; frames += ok and f == 0 and n == 0; tp += t; fp += f; fn += n
    counted = sum(b[0] for b in bins)
    ece = sum(abs(b[2] - b[1]) for b in bins) / counted if counted else None
    return {"requests": len(rows), "correct": correct, "frames": frames, "tp": tp, "fp": fp, "fn": fn}, ece

def main():
    p = argparse.ArgumentParser()
    p.add_argument("--bin", required=True)
    p.add_argument("--reports", nargs="*", default=[])
    p.add_argument("--tunings", nargs="*", default=[])
    p.add_argument("--cross-check", nargs="*", default=[], metavar="CATALOG_OR_DATASET")
    a = p.parse_args()
    schema = json.load(open(root / "Schemas/eval-report.schema.json"))
    jsonschema.Draft202012Validator.check_schema(schema)
    validator = jsonschema.Draft202012Validator(schema)
    passed = failed = 0
    for report in a.reports:
        errors = sorted(validator.iter_errors(json.load(open(report))), key=lambda e: list(e.path))
        if errors:
            failed += 1
            for e in errors[:5]: print(f"{report}: {'/'.join(map(str, e.path))}: {e.message}")
        else:
            passed += 1
    tuning_schema = json.load(open(root / "Schemas/tuning.schema.json"))
    jsonschema.Draft202012Validator.check_schema(tuning_schema)
    for tuning in a.tunings:
        errors = sorted(jsonschema.Draft202012Validator(tuning_schema).iter_errors(json.load(open(tuning))), key=lambda e: list(e.path))
        if errors:
            failed += 1
            for e in errors[:5]: print(f"{tuning}: {'/'.join(map(str, e.path))}: {e.message}")
        else:
            passed += 1
    if a.cross_check:
        catalog, datasets = a.cross_check[0], a.cross_check[1:]
        with tempfile.NamedTemporaryFile(suffix=".json", delete=False) as f: path = f.name
        subprocess.run([a.bin, "eval", catalog, *datasets, "--by", "dataset", "--format", "json", "--out", path,
                        "--now", "2026-11-29T10:00", "--tz", "+01:00"], check=True)
        report = json.load(open(path))
        validator.validate(report)
        groups = {g["value"]: g["metrics"] for g in report["modes"][0]["breakdowns"]["dataset"]}
        for dataset in datasets:
            mine, ece = independent(a.bin, catalog, dataset)
            theirs = groups[Path(dataset).name]
            args = theirs["arguments"]
            got = {"requests": theirs["requests"], "correct": round(theirs["top1"] * theirs["requests"]),
                   "frames": round(theirs["exactFrame"] * theirs["requests"]), "tp": args["truePositives"], "fp": args["falsePositives"], "fn": args["falseNegatives"]}
            their_ece = theirs["calibration"]["ece"]
            same_ece = (ece is None and their_ece is None) or (ece is not None and their_ece is not None and abs(ece - their_ece) <= 0.002)
            if got == mine and same_ece:
                passed += 1
                print(f"cross-check {Path(catalog).name} {Path(dataset).name}: top-1 {mine['correct']}/{mine['requests']}, exact frames {mine['frames']}, args tp/fp/fn {mine['tp']}/{mine['fp']}/{mine['fn']}, ECE {their_ece} — equal")
            else:
                failed += 1
                print(f"cross-check {catalog} {dataset}: eval {got}, ECE {their_ece} != independent {mine}, ECE {ece}")
    print(f"eval reports: {passed} passed, {failed} failed")
    sys.exit(1 if failed else 0)

main()
