#!/usr/bin/env python3
"""Baseline: Home Assistant's template matcher `hassil` with the `home-assistant-intents`
sentence templates, on our Home Assistant request sets (ha/<lang>.dev.jsonl of the development data, Scripts/devdata.py
and <lang>.dev.perturbed.jsonl).

For each language the intents come from the `home_assistant_intents` package (offline; no
network). hassil needs the slot lists that Home Assistant builds at run time from its registry:
`name` (devices/entities), `area` and `floor`. They are built from the entity instances of our
catalog (catalog/templates/<lang>.json), the same names as the HA test fixtures they came from:
title, id and synonyms (synonyms may be hassil templates such as "kuchyn(i|a|e)"). A `name`
value carries the context {"domain", "area"} like the HA intents test harness, so that
templates restricted to a domain (`requires_context: domain`) can match; a name used in
several domains gives one value per domain. All other lists (enums, ranges and the wildcard
lists such as timer_name, search_query) are defined in the intents data itself.

Satellite area: Home Assistant passes the area of the voice satellite as intent context, and the
HA tests give it for the sentences that need it ("turn on the lights", "what is the temperature
in here?"). Our rows mark these with the tag "context-area" (and sometimes a "context" object).
With `--satellite-context tagged` (default) those rows get intent_context area = row context
area, or the first area of the catalog when the row names none; `none` passes no context.

Per request, the timed part is one `hassil.recognize_best(..., best_slot_name="name")` call
(time.perf_counter_ns). Top-1 is correct when the recognised intent name equals the row's
intent (or is in it, if a list / {"$anyOf": [...]}); no recognition counts as wrong.

Prints one JSON line per (lang, set): {"lang","set","n","top1","median_ms","p99_ms"}
(median = sorted[n//2], p99 = sorted[min(n-1, int(0.99 n))], as in our Swift benchmarks).
Progress and notes go to stderr.

Usage: hassil_baseline.py [--langs en,de,fi,sk,zh-CN] [--sets dev,perturbed] [--limit N]
                          [--data DIR] [--json-out FILE] [--satellite-context tagged|none]
                          [--warmup N] [--errors FILE]
"""
import argparse
import json
import sys
import time
from pathlib import Path

import home_assistant_intents
from hassil import Intents, TextSlotList, TextSlotValue, recognize_best

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "Scripts"))
from devdata import dev_data  # noqa: E402

DEFAULT_DATA = dev_data("ha")
SET_FILES = {"dev": "{lang}.dev.jsonl", "perturbed": "{lang}.dev.perturbed.jsonl"}


def log(*args):
    print(*args, file=sys.stderr, flush=True)


def package_language(lang):
    """Our language code -> the code of home_assistant_intents' data file."""
    available = set(home_assistant_intents.get_languages())
    candidates = [lang, lang.replace("_", "-"), lang.lower()]
    base = lang.split("-")[0].lower()
    if base == "zh":
        candidates += ["zh-CN", "zh-Hans", "zh"]
    candidates.append(base)
    for code in candidates:
        if code in available and home_assistant_intents.get_intents(code) is not None:
            return code
    return None


def surface_forms(instance):
    """Texts under which an entity instance can be said: title, id, synonyms (deduplicated)."""
    forms = []
    for text in [instance.get("title"), instance.get("id")] + list(instance.get("synonyms") or []):
        if isinstance(text, dict):  # localised title
            text = next(iter(text.values()), None)
        if isinstance(text, str) and text.strip() and text.strip() not in forms:
            forms.append(text.strip())
    return forms


def slot_value(text, value_out, context=None):
    # Synonyms of the catalog use the hassil template syntax ("(a|b)", "[opt]"); from_tuple
    # parses a text as a template when it is one.
    return TextSlotValue.from_tuple((text, value_out, context), allow_template=True)


def build_slot_lists(catalog):
    """`name`, `area` and `floor` TextSlotLists from the catalog's entity instances."""
    entities = {e["id"]: e for e in catalog.get("entities", [])}
    lists = {}
    for list_name, entity_id in (("area", "area"), ("floor", "floor")):
        values = []
        for inst in entities.get(entity_id, {}).get("instances", []):
            values += [slot_value(text, inst["id"]) for text in surface_forms(inst)]
        lists[list_name] = TextSlotList(name=list_name, values=values)
    values = []
    for inst in entities.get("device", {}).get("instances", []):
        props = inst.get("properties") or {}
        domains = [d.strip() for d in str(props.get("domain") or "").split(",") if d.strip()]
        for domain in domains or [None]:
            context = {}
            if domain:
                context["domain"] = domain
            if props.get("area"):
                context["area"] = props["area"]
            values += [slot_value(text, inst["id"], context or None) for text in surface_forms(inst)]
    lists["name"] = TextSlotList(name="name", values=values)
    return lists


def default_area(catalog):
    for e in catalog.get("entities", []):
        if e["id"] == "area" and e.get("instances"):
            return e["instances"][0]["id"]
    return None


def gold_intents(value):
    if isinstance(value, dict):
        value = value.get("$anyOf", [])
    if isinstance(value, str):
        return {value}
    return set(value or [])


def percentile_ms(sorted_ns, p):
    if not sorted_ns:
        return None
    return sorted_ns[min(len(sorted_ns) - 1, int(len(sorted_ns) * p))] / 1e6


def run_set(rows, intents, slot_lists, satellite_context, fallback_area, warmup, errors):
    contexts = []
    for row in rows:
        ctx = None
        if satellite_context == "tagged" and "context-area" in (row.get("tags") or []):
            area = (row.get("context") or {}).get("area") or fallback_area
            if area:
                ctx = {"area": {"value": area, "text": area}}
        contexts.append(ctx)

    # Untimed warm-up on the first rows (hassil compiles templates lazily).
    for row, ctx in list(zip(rows, contexts))[:warmup]:
        recognize_best(row["query"], intents, slot_lists=slot_lists, intent_context=ctx,
                       best_slot_name="name")

    times, correct = [], 0
    for row, ctx in zip(rows, contexts):
        query = row["query"]
        t0 = time.perf_counter_ns()
        result = recognize_best(query, intents, slot_lists=slot_lists, intent_context=ctx,
                                best_slot_name="name")
        times.append(time.perf_counter_ns() - t0)
        predicted = result.intent.name if result is not None else None
        if predicted is not None and predicted in gold_intents(row["intent"]):
            correct += 1
        elif errors is not None:
            errors.write(json.dumps({"id": row["id"], "query": query, "gold": row["intent"],
                                     "predicted": predicted}, ensure_ascii=False) + "\n")
    times.sort()
    return correct, times


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--langs", default="en,de,fi,sk,zh-CN")
    ap.add_argument("--sets", default="dev,perturbed")
    ap.add_argument("--limit", type=int, default=0, help="first N rows of each set (0 = all)")
    ap.add_argument("--data", default=str(DEFAULT_DATA))
    ap.add_argument("--json-out", default=None)
    ap.add_argument("--satellite-context", choices=("tagged", "none"), default="tagged")
    ap.add_argument("--warmup", type=int, default=20, help="untimed recognitions before each set")
    ap.add_argument("--errors", default=None, help="write misrecognised rows as JSON lines here")
    args = ap.parse_args()

    data = Path(args.data)
    langs = [l.strip() for l in args.langs.split(",") if l.strip()]
    sets = [s.strip() for s in args.sets.split(",") if s.strip()]
    for s in sets:
        if s not in SET_FILES:
            ap.error(f"unknown set {s!r} (dev, perturbed)")

    try:
        from importlib.metadata import version
        versions = {p: version(p) for p in ("hassil", "home-assistant-intents")}
    except Exception:  # pragma: no cover
        versions = {}
    log(f"# python {sys.version.split()[0]}, {versions}")

    errors = open(args.errors, "w", encoding="utf-8") if args.errors else None
    out_rows = []
    start_all = time.perf_counter()
    for lang in langs:
        code = package_language(lang)
        if code is None:
            log(f"# {lang}: not in home-assistant-intents, skipped")
            continue
        if code != lang:
            log(f"# {lang}: using home-assistant-intents language {code}")
        t0 = time.perf_counter()
        intents = Intents.from_dict(home_assistant_intents.get_intents(code))
        catalog = json.loads((data / "catalog" / "templates" / f"{lang}.json").read_text(encoding="utf-8"))
        slot_lists = build_slot_lists(catalog)
        log(f"# {lang}: loaded {len(intents.intents)} intents, {len(slot_lists['name'].values)} name / "
            f"{len(slot_lists['area'].values)} area / {len(slot_lists['floor'].values)} floor values "
            f"in {(time.perf_counter() - t0) * 1000:.0f} ms")
        for set_name in sets:
            path = data / SET_FILES[set_name].format(lang=lang)
            rows = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]
            if args.limit > 0:
                rows = rows[: args.limit]
            t1 = time.perf_counter()
            correct, times = run_set(rows, intents, slot_lists, args.satellite_context,
                                     default_area(catalog), args.warmup, errors)
            n = len(rows)
            record = {"lang": lang, "set": set_name, "n": n,
                      "top1": round(correct / n, 4) if n else None,
                      "median_ms": round(percentile_ms(times, 0.5), 4) if n else None,
                      "p99_ms": round(percentile_ms(times, 0.99), 4) if n else None}
            print(json.dumps(record), flush=True)
            log(f"#   {lang}/{set_name}: {correct}/{n} correct, {time.perf_counter() - t1:.1f} s")
            out_rows.append(record)
    log(f"# total {time.perf_counter() - start_all:.1f} s")
    if errors:
        errors.close()
    if args.json_out:
        Path(args.json_out).write_text("".join(json.dumps(r) + "\n" for r in out_rows), encoding="utf-8")


if __name__ == "__main__":
    main()
