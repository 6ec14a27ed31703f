#!/usr/bin/env python3
"""Top-1 intent accuracy of `intentbridge rank --requests` on the Home Assistant sets.

`top-1` counts "no match" as wrong; `ranked` scores the best-ranked candidate even when its
confidence was below the no-match threshold.

Until `intentbridge eval` lands (issue: offline evaluation) this is the measurement the
ranking figures in docs/RANKING.md come from. Usage:
  python3 Scripts/measure_ranking.py [--bin .build/release/intentbridge] [--variants templates,examples,none]
      [--langs en,de,fi,sk,zh-CN] [--sets dev,perturbed] [--extra ARG ...]
"""
import argparse, collections, json, subprocess, sys, time
from pathlib import Path

root = Path(__file__).resolve().parents[1]
ha = root / "Examples" / "home-assistant"

def main():
    p = argparse.ArgumentParser()
    p.add_argument("--bin", default=str(root / ".build/release/intentbridge"))
    p.add_argument("--variants", default="templates,examples,none")
    p.add_argument("--langs", default="en,de,fi,sk,zh-CN")
    p.add_argument("--sets", default="dev,perturbed")
    p.add_argument("--by-tag", action="store_true")
    p.add_argument("--errors", type=int, default=0, help="print up to N misrouted requests per run")
    p.add_argument("--extra", default="", help="extra arguments for `rank`, one string, e.g. \"--set template=2\"")
    a = p.parse_args()
    print(f"{'variant':10} {'lang':6} {'set':10} {'top-1':>7} {'ranked':>7} {'n':>6} {'no-match':>8} {'ms/req':>7}")
    for variant in a.variants.split(","):
        for lang in a.langs.split(","):
            catalog = ha / "catalog" / variant / f"{lang}.json"
            for s in a.sets.split(","):
                data = ha / (f"{lang}.dev.jsonl" if s == "dev" else f"{lang}.dev.perturbed.jsonl")
                rows = [json.loads(l) for l in data.read_text().splitlines() if l.strip()]
                t = time.time()
                out = subprocess.run([a.bin, "rank", str(catalog), "--requests", str(data), "--top", "5", *a.extra.split()],
                                     capture_output=True, text=True)
                if out.returncode != 0:
                    print(out.stderr[:2000]); sys.exit(1)
                results = [json.loads(l) for l in out.stdout.splitlines()]
                assert len(results) == len(rows), (len(results), len(rows))
                correct = 0; ranked = 0; nomatch = 0; lat = []
                tags = collections.defaultdict(lambda: [0, 0]); errors = []
                for row, r in zip(rows, results):
                    gold = row.get("intent")
                    ok = (r["intent"] in gold) if isinstance(gold, list) else (r["intent"] == gold)
                    correct += ok; nomatch += r["intent"] is None; lat.append(r["latency_ms"])
                    top = r["intent"] if r["intent"] is not None else (r["alternatives"][0]["intent"] if r["alternatives"] else None)
                    ranked += (top in gold) if isinstance(gold, list) else (top == gold)
                    for tag in row.get("tags", []):
                        tags[tag][0] += ok; tags[tag][1] += 1
                    if not ok: errors.append((row["query"], gold, r["intent"], [x["intent"] for x in r["alternatives"][:2]]))
                lat.sort()
                print(f"{variant:10} {lang:6} {s:10} {100*correct/len(rows):6.1f}% {100*ranked/len(rows):6.1f}% {len(rows):6} {nomatch:8} {lat[len(lat)//2]:7.3f}")
                if a.by_tag:
                    for tag, (c, n) in sorted(tags.items()):
                        print(f"{'':29}{tag:22} {100*c/n:6.1f}% {n:6}")
                for e in errors[:a.errors]:
                    print("   ", e)

main()
