#!/usr/bin/env python3
"""Baseline for `intentbridge-bench rank`: Python `rank_bm25` (BM25Okapi) on the same
catalog and requests. Each intent's document is its title, description, search keywords and
phrase words (lowercased, split on non-word characters; CJK text split into characters).
Prints one JSON line: {"median_ms", "p99_ms", "n"} of `get_scores` per request.

Usage: bm25_baseline.py CATALOG.json REQUESTS.jsonl [LANG]
"""
import json, re, sys, time
from rank_bm25 import BM25Okapi

def texts(value, lang):
    if value is None: return []
    if isinstance(value, str): return [value]
    if isinstance(value, list): return value
    if isinstance(value, dict):
        v = value.get(lang) or next(iter(value.values()), [])
        return v if isinstance(v, list) else [v]
    return []

def tokens(text):
    out = []
    for word in re.findall(r"\w+", text.lower()):
        if re.search(r"[\u3040-\u30ff\u3400-\u9fff]", word): out.extend(word)
        else: out.append(word)
    return out

def documents(catalog, lang):
    """One token list per intent: title, description, search keywords and phrase words."""
    docs = []
    for intent in catalog["intents"]:
        parts = texts(intent.get("title"), lang) + texts(intent.get("description"), lang) + texts(intent.get("searchKeywords"), lang)
        parts += [re.sub(r"[\[\]()<>|{}$]", " ", p) for p in texts(intent.get("phrases"), lang)]
        docs.append(tokens(" ".join(parts)) or ["_"])
    return docs

def main():
    catalog = json.load(open(sys.argv[1]))
    lang = sys.argv[3] if len(sys.argv) > 3 else catalog.get("app", {}).get("defaultLanguage", "en")
    bm25 = BM25Okapi(documents(catalog, lang))
    queries = [json.loads(l)["query"] for l in open(sys.argv[2]) if l.strip()]
    times = []
    for q in queries:
        t = time.perf_counter()
        scores = bm25.get_scores(tokens(q))
        best = max(range(len(scores)), key=scores.__getitem__)
        times.append((time.perf_counter() - t) * 1000)
    times.sort()
    print(json.dumps({"median_ms": times[len(times) // 2], "p99_ms": times[min(len(times) - 1, int(len(times) * 0.99))], "n": len(times)}))

if __name__ == "__main__":
    main()
