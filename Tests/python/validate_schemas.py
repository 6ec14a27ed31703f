#!/usr/bin/env python3
"""Validate IntentBridge's JSON Schemas and the documents they describe.

Checks, in this order:
  1. every ``Schemas/*.json`` of the repository is a valid JSON Schema 2020-12
     (always);
  2. catalogs against ``Schemas/catalog.schema.json``: the files named as
     arguments, plus, with ``--catalogs DIR...``, every ``*.json`` under those
     folders (recursively) whose top level has a ``formatVersion`` key;
  3. with ``--dataset FILE.jsonl...``, every line of those labelled request
     sets against ``Schemas/eval-dataset.schema.json``;
  4. with ``--tool-defs FILE...``, every ``inputSchema`` / ``input_schema`` /
     ``parameters`` object found in MCP, OpenAI, Anthropic or Gemini tool
     definition files (JSON, or JSON Lines such as a recorded MCP session) is
     a valid JSON Schema 2020-12.

Each failure is printed on one line as ``FILE[:LINE]: JSON-PATH: message``.
The last line is ``schemas: N passed, M failed`` (one count per schema file,
catalog, dataset row and tool schema); the exit code is 1 when M > 0, 2 on a
usage error. Schemas are always read from the repository this script belongs
to, never from anywhere else.

Examples (catalog files go before the options, which take several files each):
  python3 Tests/python/validate_schemas.py --catalogs Examples Tests --exclude '*/invalid/*'
  python3 Tests/python/validate_schemas.py app.json --dataset en.dev.jsonl de.dev.jsonl
  python3 Tests/python/validate_schemas.py --tool-defs tools-mcp.json tools-openai.json

Needs the `jsonschema` package (Tests/python/requirements.txt).
"""

from __future__ import annotations

import argparse
import difflib
import fnmatch
import json
import re
import sys
from pathlib import Path
from typing import Any, Iterable, Iterator

try:
    from jsonschema import Draft202012Validator
    from jsonschema.exceptions import SchemaError, ValidationError, best_match
except ImportError:  # pragma: no cover - depends on the machine
    sys.stderr.write(
        "validate_schemas.py needs the 'jsonschema' package (4.18 or later): "
        "pip install -r Tests/python/requirements.txt\n"
    )
    sys.exit(2)

SCHEMAS_DIR = Path(__file__).resolve().parents[2] / "Schemas"
CATALOG_SCHEMA = SCHEMAS_DIR / "catalog.schema.json"
DATASET_SCHEMA = SCHEMAS_DIR / "eval-dataset.schema.json"
DRAFT_2020_12 = "https://json-schema.org/draft/2020-12/schema"

# Keys under which tool definition formats carry a tool's argument schema:
# MCP `inputSchema`, Anthropic `input_schema`, OpenAI / Gemini `parameters`.
TOOL_SCHEMA_KEYS = ("inputSchema", "input_schema", "parameters")

MAX_MESSAGE = 300


class JSONLoadError(Exception):
    """A file or line that is not strict JSON (syntax, duplicate key, NaN)."""


def _reject_duplicates(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    result: dict[str, Any] = {}
    for key, value in pairs:
        if key in result:
            raise JSONLoadError(f"duplicate key {key!r}")
        result[key] = value
    return result


def _reject_constant(name: str) -> Any:
    raise JSONLoadError(f"{name} is not valid JSON")


def loads_strict(text: str) -> Any:
    """Parse JSON the way IntentBridge does: no duplicate keys, no NaN/Infinity."""
    try:
        return json.loads(
            text, object_pairs_hook=_reject_duplicates, parse_constant=_reject_constant
        )
    except json.JSONDecodeError as error:
        raise JSONLoadError(f"line {error.lineno} column {error.colno}: {error.msg}") from None


def load_file(path: Path) -> Any:
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as error:
        raise JSONLoadError(f"cannot read: {error}") from None
    return loads_strict(text)


def json_path(parts: Iterable[Any]) -> str:
    """Render a location as a JSONPath, e.g. `$.intents[2].parameters[0].type`."""
    out = "$"
    for part in parts:
        if isinstance(part, int):
            out += f"[{part}]"
        elif isinstance(part, str) and part.isidentifier():
            out += f".{part}"
        else:
            out += "[" + json.dumps(part, ensure_ascii=False) + "]"
    return out


def shorten(message: str) -> str:
    message = " ".join(message.split())
    return message if len(message) <= MAX_MESSAGE else message[: MAX_MESSAGE - 1] + "…"


def _json_type_matches(schema: Any, instance: Any) -> bool:
    """Whether `instance` has a type `schema` declares (True when it declares none)."""
    if not isinstance(schema, dict) or "type" not in schema:
        return True
    declared = schema["type"]
    names = declared if isinstance(declared, list) else [declared]
    for name in names:
        if name == "object" and isinstance(instance, dict):
            return True
        if name == "array" and isinstance(instance, list):
            return True
        if name == "string" and isinstance(instance, str):
            return True
        if name == "boolean" and isinstance(instance, bool):
            return True
        if name == "null" and instance is None:
            return True
        if name == "integer" and isinstance(instance, int) and not isinstance(instance, bool):
            return True
        if name == "integer" and isinstance(instance, float) and instance.is_integer():
            return True
        if name == "number" and isinstance(instance, (int, float)) and not isinstance(instance, bool):
            return True
    return False


def _render(value: Any) -> str:
    return shorten(json.dumps(value, ensure_ascii=False))


def explain(error: ValidationError) -> list[tuple[list[Any], str]]:
    """Turn a validation error into (location, message) pairs a person can act on.

    oneOf/anyOf failures descend into the alternative whose type fits the value
    (e.g. the enum of primitive type names when a ValueType is a string);
    unknown keys are named one by one with a spelling suggestion.
    """
    while error.context and error.validator in ("oneOf", "anyOf"):
        branches = error.validator_value
        by_branch: dict[int, list[ValidationError]] = {}
        for sub in error.context:
            by_branch.setdefault(sub.relative_schema_path[0], []).append(sub)
        fitting = [i for i in sorted(by_branch) if _json_type_matches(branches[i], error.instance)]
        if len(fitting) == 1:
            error = best_match(by_branch[fitting[0]]) or error
            continue
        titles = [b.get("title") if isinstance(b, dict) else None for b in branches]
        if titles and all(titles):
            expected = "; ".join(titles)
            return [(list(error.absolute_path), f"{_render(error.instance)} is not valid: expected one of: {expected}")]
        candidates = [sub for i in (fitting or sorted(by_branch)) for sub in by_branch[i]]
        deeper = best_match(candidates)
        if deeper is None:
            break
        error = deeper

    path = list(error.absolute_path)
    if error.validator == "additionalProperties" and isinstance(error.instance, dict):
        schema = error.schema if isinstance(error.schema, dict) else {}
        known = list(schema.get("properties", {}))
        patterns = list(schema.get("patternProperties", {}))
        unknown = [
            key for key in error.instance
            if key not in known and not any(re.search(pattern, key) for pattern in patterns)
        ]
        if unknown:
            results = []
            for key in unknown:
                message = f"unknown key {key!r}"
                close = difflib.get_close_matches(key, known, n=1)
                if close:
                    message += f" (did you mean {close[0]!r}?)"
                if "^x-" in patterns:
                    message += "; extension keys must start with 'x-'"
                results.append((path + [key], message))
            return results

    message = shorten(error.message)
    schema_path = list(error.schema_path)
    title = error.schema.get("title") if isinstance(error.schema, dict) else None
    if error.validator in ("pattern", "format") and title:
        message = f"{_render(error.instance)} is not a valid {title}"
    if "propertyNames" in schema_path:
        message = "key " + message
    if "dependentSchemas" in schema_path:
        trigger = schema_path[schema_path.index("dependentSchemas") + 1]
        message += f" (because {trigger!r} is present)"
    return [(path, message)]


class Report:
    def __init__(self) -> None:
        self.passed = 0
        self.failed = 0

    def ok(self) -> None:
        self.passed += 1

    def fail(self, where: str, lines: list[str]) -> None:
        self.failed += 1
        for line in lines:
            print(f"{where}: {line}", flush=True)

    def validate(self, validator: Draft202012Validator, instance: Any, where: str) -> None:
        errors = sorted(
            validator.iter_errors(instance),
            key=lambda e: (list(map(str, e.absolute_path)), e.message),
        )
        if not errors:
            self.ok()
            return
        lines = []
        for error in errors:
            for location, message in explain(error):
                line = f"{json_path(location)}: {message}"
                if line not in lines:
                    lines.append(line)
        self.fail(where, lines)


def make_validator(path: Path) -> Draft202012Validator:
    schema = load_file(path)
    return Draft202012Validator(schema, format_checker=Draft202012Validator.FORMAT_CHECKER)


META_VALIDATOR = Draft202012Validator(
    Draft202012Validator.META_SCHEMA, format_checker=Draft202012Validator.FORMAT_CHECKER
)  # lists every problem where check_schema stops at the first


def check_schema_document(schema: Any) -> list[str]:
    """Why `schema` is not a valid JSON Schema 2020-12 (empty when it is).

    `Draft202012Validator.check_schema` decides; when it fails, every problem
    is listed instead of only the first.
    """
    try:
        Draft202012Validator.check_schema(schema)
        return []
    except SchemaError as first:
        errors = sorted(
            META_VALIDATOR.iter_errors(schema), key=lambda e: list(map(str, e.absolute_path))
        ) or [first]
    problems: list[str] = []
    for error in errors:
        for location, message in explain(error):
            line = f"{json_path(location)}: {message}"
            if line not in problems:
                problems.append(line)
    return problems


# --- 1. our own schemas -------------------------------------------------------


def check_own_schemas(report: Report) -> bool:
    files = sorted(SCHEMAS_DIR.glob("*.json"))
    if not files:
        report.fail(str(SCHEMAS_DIR), ["$: no *.json schema files found"])
        return False
    all_ok = True
    for path in files:
        try:
            schema = load_file(path)
        except JSONLoadError as error:
            report.fail(str(path), [f"$: {error}"])
            all_ok = False
            continue
        problems = []
        if isinstance(schema, dict) and schema.get("$schema") not in (None, DRAFT_2020_12):
            problems.append(
                f"{json_path(['$schema'])}: expected {DRAFT_2020_12!r}, found {schema['$schema']!r}"
            )
        problems += check_schema_document(schema)
        if problems:
            report.fail(str(path), problems)
            all_ok = False
        else:
            report.ok()
    return all_ok


# --- 2. catalogs ---------------------------------------------------------------


def excluded(path: Path, patterns: list[str]) -> bool:
    text = path.as_posix()
    return any(fnmatch.fnmatch(text, pattern) or fnmatch.fnmatch(path.name, pattern) for pattern in patterns)


def find_catalogs(dirs: list[Path], exclude: list[str], report: Report) -> Iterator[tuple[Path, Any]]:
    """Yield (path, document) for *.json files under `dirs` with a top-level formatVersion.

    Files that are not JSON are skipped silently: test fixtures for the parser
    live next to catalogs on purpose.
    """
    for directory in dirs:
        if not directory.is_dir():
            report.fail(str(directory), ["$: --catalogs expects a folder"])
            continue
        for path in sorted(directory.rglob("*.json")):
            if not path.is_file() or excluded(path, exclude):
                continue
            try:
                document = load_file(path)
            except JSONLoadError:
                continue
            if isinstance(document, dict) and "formatVersion" in document:
                yield path, document


def check_catalogs(files: list[Path], dirs: list[Path], exclude: list[str], report: Report) -> None:
    if not CATALOG_SCHEMA.is_file():
        report.fail(str(CATALOG_SCHEMA), ["$: missing; catalogs not checked"])
        return
    validator = make_validator(CATALOG_SCHEMA)
    seen: set[Path] = set()
    for path in files:
        seen.add(path.resolve())
        try:
            document = load_file(path)
        except JSONLoadError as error:
            report.fail(str(path), [f"$: not JSON: {error}"])
            continue
        report.validate(validator, document, str(path))
    for path, document in find_catalogs(dirs, exclude, report):
        if path.resolve() in seen:
            continue
        seen.add(path.resolve())
        report.validate(validator, document, str(path))


# --- 3. labelled request sets --------------------------------------------------


def check_datasets(files: list[Path], report: Report) -> None:
    if not DATASET_SCHEMA.is_file():
        report.fail(str(DATASET_SCHEMA), ["$: missing; datasets not checked"])
        return
    validator = make_validator(DATASET_SCHEMA)
    for path in files:
        try:
            text = path.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as error:
            report.fail(str(path), [f"$: cannot read: {error}"])
            continue
        rows = 0
        for number, line in enumerate(text.splitlines(), start=1):
            if not line.strip():
                continue
            rows += 1
            where = f"{path}:{number}"
            try:
                row = loads_strict(line)
            except JSONLoadError as error:
                report.fail(where, [f"$: not JSON: {error}"])
                continue
            report.validate(validator, row, where)
        if rows == 0:
            report.fail(str(path), ["$: no requests in the file"])


# --- 4. tool definitions ---------------------------------------------------------


def find_tool_schemas(value: Any, path: list[Any]) -> Iterator[tuple[list[Any], Any]]:
    """Yield (path, schema) for every tool argument schema inside `value`.

    A found schema is not searched further: a property called `parameters`
    inside an input schema is part of that schema, not another tool.
    """
    if isinstance(value, dict):
        for key, child in value.items():
            if key in TOOL_SCHEMA_KEYS and (
                isinstance(child, (dict, bool)) or key != "parameters"
            ):
                yield path + [key], child
            else:
                yield from find_tool_schemas(child, path + [key])
    elif isinstance(value, list):
        for index, child in enumerate(value):
            yield from find_tool_schemas(child, path + [index])


def load_tool_documents(path: Path) -> list[tuple[str, Any]]:
    """A JSON file, or JSON Lines (one message per line, e.g. an MCP transcript)."""
    text = path.read_text(encoding="utf-8")
    try:
        return [(str(path), loads_strict(text))]
    except JSONLoadError as whole_error:
        lines = [(n, line) for n, line in enumerate(text.splitlines(), start=1) if line.strip()]
        if len(lines) < 2:
            raise whole_error
        return [(f"{path}:{n}", loads_strict(line)) for n, line in lines]


def check_tool_defs(files: list[Path], report: Report) -> None:
    for path in files:
        try:
            documents = load_tool_documents(path)
        except (OSError, UnicodeDecodeError) as error:
            report.fail(str(path), [f"$: cannot read: {error}"])
            continue
        except JSONLoadError as error:
            report.fail(str(path), [f"$: not JSON: {error}"])
            continue
        found = 0
        for where, document in documents:
            for location, schema in find_tool_schemas(document, []):
                found += 1
                if not isinstance(schema, (dict, bool)):
                    report.fail(where, [f"{json_path(location)}: a JSON Schema must be an object or a boolean"])
                    continue
                problems = check_schema_document(schema)
                if problems:
                    # Paths inside the schema are appended to the schema's location.
                    report.fail(where, [json_path(location) + problem[1:] for problem in problems])
                else:
                    report.ok()
        if found == 0:
            report.fail(str(path), ["$: no inputSchema, input_schema or parameters found"])


# --- main ------------------------------------------------------------------------


def parse_arguments(argv: list[str]) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        description="Validate IntentBridge schemas, catalogs, labelled request sets and tool definitions.",
    )
    parser.add_argument("catalog", nargs="*", type=Path, help="catalog file to validate")
    parser.add_argument(
        "--catalogs", nargs="+", type=Path, default=[], metavar="DIR",
        help="validate every *.json with a top-level formatVersion under these folders",
    )
    parser.add_argument(
        "--exclude", action="append", default=[], metavar="GLOB",
        help="with --catalogs: skip files whose path or name matches (repeatable), e.g. '*/invalid/*'",
    )
    parser.add_argument(
        "--dataset", nargs="+", type=Path, default=[], metavar="FILE",
        help="labelled request set (JSON Lines) to validate row by row",
    )
    parser.add_argument(
        "--tool-defs", nargs="+", type=Path, default=[], metavar="FILE",
        help="tool definition file (MCP/OpenAI/Anthropic/Gemini) whose schemas to check",
    )
    return parser.parse_args(argv)


def main(argv: list[str]) -> int:
    arguments = parse_arguments(argv)
    report = Report()
    if check_own_schemas(report):
        if arguments.catalog or arguments.catalogs:
            check_catalogs(arguments.catalog, arguments.catalogs, arguments.exclude, report)
        if arguments.dataset:
            check_datasets(arguments.dataset, report)
    elif arguments.catalog or arguments.catalogs or arguments.dataset:
        print(f"{SCHEMAS_DIR}: $: schemas are broken; catalogs and datasets not checked", flush=True)
    if arguments.tool_defs:
        check_tool_defs(arguments.tool_defs, report)
    print(f"schemas: {report.passed} passed, {report.failed} failed", flush=True)
    return 1 if report.failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
