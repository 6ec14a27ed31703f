#!/usr/bin/env python3
"""Writes the perturbed variant of a clean labelled request set (JSON Lines, docs/EVAL.md).

Every clean row gives four rows, each with one perturbation and the clean row's gold intent
and arguments (the request still means the same thing to a person):

  drop    one word left out (never a word holding a digit, never the only word)
  swap    two neighbouring words exchanged
  typo    one word of 4+ letters misspelt: a letter left out, two letters exchanged, or one
          doubled (Chinese: a character replaced by a common homophone, as a pinyin keyboard
          does; a doubled character where none of the table's characters occur)
  filler  a spoken filler of the language put in ("um", "äh", "öö", "ehm", "嗯")

Words are split on spaces; Chinese requests, written without spaces, are split into
characters. The choices come from a generator seeded with `--seed` and the row's id, so the
output is the same on every run and a row's variants do not change when other rows are added.
Ids are `<clean id>:<kind>`; tags are `perturbed` and `perturbed:<kind>`, and the clean row's
tags other than `clean` are kept.

Usage (from the repository root):
  python3 Scripts/perturb_requests.py Examples/smart-home/requests.en.jsonl \
      --out Examples/smart-home/requests.en.perturbed.jsonl [--seed 14]
"""
import argparse
import hashlib
import json
import random
import sys

FILLERS = {
    "en": ["um", "uh", "like", "you know"],
    "de": ["äh", "ähm", "also", "na ja"],
    "fi": ["öö", "tota", "niinku", "siis"],
    "sk": ["ehm", "no", "vlastne", "teda"],
    "zh": ["嗯", "那个", "呃", "就是"],
}

# Characters that a pinyin keyboard offers in place of one another (same or near sound).
HOMOPHONES = {
    "的": "得", "在": "再", "灯": "登", "开": "凯", "关": "观", "调": "掉", "度": "渡", "把": "吧",
    "放": "方", "音": "因", "设": "社", "到": "道", "门": "们", "锁": "所", "厅": "听", "房": "防",
    "钟": "中", "时": "是", "器": "气", "乐": "勒", "机": "鸡", "帘": "连", "量": "亮", "清": "青",
}

KINDS = ["drop", "swap", "typo", "filler"]


def is_chinese(lang):
    return lang.split("-")[0] == "zh"


def split(query, lang):
    return list(query) if is_chinese(lang) else query.split()


def join(words, lang):
    return "".join(words) if is_chinese(lang) else " ".join(words)


def generator(seed, row_id, kind):
    digest = hashlib.sha256(f"{seed}:{row_id}:{kind}".encode("utf-8")).digest()
    return random.Random(int.from_bytes(digest[:8], "big"))


def drop(words, rng, lang):
    candidates = [i for i, w in enumerate(words) if not any(c.isdigit() for c in w) and w.strip()]
    if len(words) < 2 or not candidates:
        return None
    i = rng.choice(candidates)
    return words[:i] + words[i + 1:]


def swap(words, rng, lang):
    pairs = [i for i in range(len(words) - 1) if words[i] != words[i + 1]]
    if not pairs:
        return None
    i = rng.choice(pairs)
    out = list(words)
    out[i], out[i + 1] = out[i + 1], out[i]
    return out


def typo(words, rng, lang):
    out = list(words)
    if is_chinese(lang):
        replaceable = [i for i, c in enumerate(words) if c in HOMOPHONES]
        if replaceable:
            i = rng.choice(replaceable)
            out[i] = HOMOPHONES[words[i]]
        else:
            i = rng.randrange(len(words))
            out.insert(i, words[i])
        return out
    candidates = [i for i, w in enumerate(words) if len(w) >= 4 and w.isalpha()]
    if not candidates:
        return None
    i = rng.choice(candidates)
    w = words[i]
    j = rng.randrange(1, len(w) - 1)
    operation = rng.choice(["delete", "transpose", "double"])
    if operation == "delete":
        w = w[:j] + w[j + 1:]
    elif operation == "transpose" and w[j] != w[j + 1]:
        w = w[:j] + w[j + 1] + w[j] + w[j + 2:]
    else:
        w = w[:j] + w[j] + w[j:]
    out[i] = w
    return out


def filler(words, rng, lang):
    choices = FILLERS.get(lang) or FILLERS.get(lang.split("-")[0]) or FILLERS["en"]
    word = rng.choice(choices)
    i = rng.randrange(len(words) + 1)
    return words[:i] + ([word] if is_chinese(lang) else word.split()) + words[i:]


OPERATIONS = {"drop": drop, "swap": swap, "typo": typo, "filler": filler}


def perturb(row, seed):
    lang = row.get("lang", "en")
    words = split(row["query"], lang)
    kept_tags = [t for t in row.get("tags", []) if t != "clean"]
    for kind in KINDS:
        changed = OPERATIONS[kind](words, generator(seed, row["id"], kind), lang)
        if changed is None or join(changed, lang) == row["query"]:
            continue
        out = {"id": f"{row['id']}:{kind}", "query": join(changed, lang)}
        for key in ("lang", "intent", "arguments", "ignore", "context"):
            if key in row:
                out[key] = row[key]
        out["tags"] = ["perturbed", f"perturbed:{kind}"] + kept_tags
        yield out


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("clean", help="clean request set (JSON Lines)")
    parser.add_argument("--out", required=True, help="where to write the perturbed set")
    parser.add_argument("--seed", type=int, default=14)
    args = parser.parse_args()
    rows = []
    with open(args.clean, encoding="utf-8") as f:
        for number, line in enumerate(f, 1):
            if not line.strip():
                continue
            row = json.loads(line)
            if "id" not in row or "query" not in row:
                sys.exit(f"{args.clean}:{number}: error: a row needs an \"id\" and a \"query\" to be perturbed")
            rows.append(row)
    written = 0
    with open(args.out, "w", encoding="utf-8") as f:
        for row in rows:
            for out in perturb(row, args.seed):
                f.write(json.dumps(out, ensure_ascii=False) + "\n")
                written += 1
    print(f"{args.out}: {written} perturbed rows from {len(rows)} clean rows (seed {args.seed})")


if __name__ == "__main__":
    main()
