#!/usr/bin/env python3
"""Merges one-language catalogs of one app into one catalog that declares every language.

    python3 Scripts/merge_languages.py --out Examples/smart-home/smart-home.json \\
        Examples/smart-home/smart-home.{en,de,fi,sk,zh-CN}.json

The catalogs must describe the same intents, parameters, enums and entities in the same order
(as translations do). Text and TextList fields (docs/CATALOG.md: titles, descriptions, phrases,
synonyms, dialogs, skip words, negative phrases, phrase rules, …) become language maps
(`{"en": …, "de": …}`); every other value must be equal in all the catalogs, else the script
stops naming the JSON path and the files that differ. The first catalog's language is the
merged catalog's default; `source` is left out. The output is deterministic (the first
catalog's key order, two-space indentation, a final newline).
"""
import argparse
import json
import sys

# Fields whose value is Text or TextList (docs/CATALOG.md), in any object.
TEXT_FIELDS = {"title", "description", "categoryName", "searchKeywords", "phrases", "alternativeNames", "negativePhrases",
               "skipWords", "parameterSummary", "requestValueDialog", "requestDisambiguationDialog", "subtitle", "synonyms",
               "resultValueName", "shortTitle", "message"}


class Mismatch(Exception):
    pass


def is_text(key, parent_key, path):
    return key in TEXT_FIELDS or parent_key == "phraseRules" or path == "$.app.name"


def merge(values, path, key=None, parent_key=None):
    """values: language → the value at `path` in that language's catalog."""
    items = list(values.values())
    if is_text(key, parent_key, path):
        return dict(values)
    if all(isinstance(x, dict) for x in items):
        keys = []
        for x in items:
            keys += [k for k in x if k not in keys]
        return {k: merge({lang: x[k] for lang, x in values.items() if k in x}, f"{path}.{k}", k, key) for k in keys}
    if all(isinstance(x, list) for x in items) and len({len(x) for x in items}) == 1 and any(
            isinstance(e, dict) for x in items for e in x):
        return [merge({lang: x[i] for lang, x in values.items()}, f"{path}[{i}]", None, key) for i in range(len(items[0]))]
    if all(x == items[0] for x in items):
        return items[0]
    raise Mismatch(f"{path}: the catalogs differ (" + "; ".join(f"{lang}: {json.dumps(v, ensure_ascii=False)[:60]}"
                                                               for lang, v in values.items()) + ")")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("catalogs", nargs="+", help="one-language catalogs, the default language's first")
    parser.add_argument("--out", required=True)
    args = parser.parse_args()
    catalogs = {}
    for path in args.catalogs:
        with open(path, encoding="utf-8") as file:
            catalog = json.load(file)
        app = catalog.get("app", {})
        language = app.get("defaultLanguage", "en")
        if app.get("languages", [language]) != [language]:
            sys.exit(f"{path}: error: $.app.languages: expected one language, found {app.get('languages')}")
        if language in catalogs:
            sys.exit(f"{path}: error: $.app.defaultLanguage: '{language}' is already the language of another catalog")
        catalog.pop("source", None)
        app.pop("languages", None)
        app.pop("defaultLanguage", None)
        catalogs[language] = catalog
    try:
        merged = merge(catalogs, "$")
    except Mismatch as error:
        sys.exit(f"error: {error}")
    languages = list(catalogs)
    merged["app"]["defaultLanguage"] = languages[0]
    merged["app"]["languages"] = languages
    with open(args.out, "w", encoding="utf-8") as file:
        file.write(json.dumps(merged, ensure_ascii=False, indent=2) + "\n")


if __name__ == "__main__":
    main()
