"""Plain Python baselines for intent ranking, to print beside IntentBridge's own figures
(Scripts/dev_figures.py). Needs the packages of Scripts/requirements-figures.txt.

Each method gives every intent one score per request; ties go to catalog order, and a row in
which every intent scores the same (no signal at all) ranks nothing (it counts as wrong):

  bm25    rank_bm25.BM25Okapi (its defaults: k1 1.5, b 0.75, epsilon 0.25) over one document
          per intent: title, description, search keywords and phrases (tool lists: the name's
          words, description, parameter names and descriptions). Tokens are case-folded runs of
          letters and digits; every CJK character (Han, kana, Hangul) is a token of its own.
  static  the static embedding model through model2vec (StaticModel.from_pretrained on the
          model folder): an intent's score is the best cosine between the request and the
          intent's texts ("title. description", its keywords, each phrase; tool lists:
          "name words: description").
  minmax  0.5 · bm25 + 0.5 · static, each min-max normalised over the intents of the row (a
          method that scores every intent the same contributes 0).
  rrf     reciprocal-rank fusion of bm25 and static, k = 60; bm25 ranks only the intents it
          scores above 0, static ranks nothing for a request with a zero vector.

Phrase templates are read as their words: `<rule>` references are written out, `${slot}`s,
brackets and bars are dropped, `\\x` is the literal x. Localised texts are read in the
request set's language (exact tag, then primary subtag, then the catalog's default).

Complexity: scoring R requests against I intents with T texts costs O(R·(I·q + T·d)) for q
query tokens and d model dimensions; memory O(R·max(I, T)).
"""
import re
from collections import OrderedDict

import numpy as np

CJK = re.compile(r"([\u1100-\u11ff\u2e80-\u2fdf\u3040-\u30ff\u3100-\u312f\u3130-\u318f\u31f0-\u31ff"
                 r"\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af\uf900-\ufaff\U00020000-\U0002fa1f])")
WORD = re.compile(r"[^\W_]+")
RRF_K = 60
METHODS = ("bm25", "static", "minmax", "rrf")


def tokenize(text):
    """Case-folded letter/digit runs; each CJK character a token."""
    return WORD.findall(CJK.sub(r" \1 ", text.casefold()))


def name_words(name):
    """A tool name as words: camelCase split between a lower-case and an upper-case letter,
    `_`, `.`, `-` and `/` made spaces (acronyms and digits stay as written: the plain rule)."""
    name = re.sub(r"([a-z])([A-Z])", r"\1 \2", name)
    return re.sub(r"[._\-/]+", " ", name).strip()


def localized(value, lang, default):
    """A Text or TextList value (plain, or an object from language tag to value) in `lang`."""
    if not isinstance(value, dict):
        return value
    for tag in (lang, lang.split("-")[0], default):
        if tag in value:
            return value[tag]
    return next(iter(value.values()), None)


def template_words(template, rules, depth=0):
    """The words of a phrase template: rules written out, slots and syntax dropped."""
    out, i = [], 0
    while i < len(template):
        c = template[i]
        if c == "\\" and i + 1 < len(template):
            out.append(template[i + 1]); i += 2
        elif c == "$" and template.startswith("${", i) and "}" in template[i:]:
            out.append(" "); i = template.index("}", i) + 1
        elif c == "<" and ">" in template[i:]:
            end = template.index(">", i)
            rule = rules.get(template[i + 1:end])
            out.append(" " + (template_words(rule, rules, depth + 1) if rule and depth < 8 else "") + " ")
            i = end + 1
        elif c in "()[]|":
            out.append(" "); i += 1
        else:
            out.append(c); i += 1
    return re.sub(r"\s+", " ", "".join(out)).strip()


def catalog_intents(catalog, lang):
    """[(id, bm25 text, [static texts])] of a catalog (our JSON format) read in `lang`."""
    default = catalog.get("app", {}).get("defaultLanguage", "en")
    rules = {k: localized(v, lang, default) for k, v in (catalog.get("phraseRules") or {}).items()}
    rules = {k: v for k, v in rules.items() if isinstance(v, str)}
    intents = []
    for it in catalog["intents"]:
        if it.get("isDiscoverable") is False:
            continue
        title = localized(it.get("title"), lang, default) or it["id"]
        description = localized(it.get("description"), lang, default)
        keywords = localized(it.get("searchKeywords"), lang, default) or []
        phrases = [template_words(p, rules) for p in localized(it.get("phrases"), lang, default) or []]
        head = title + (". " + description if description else "")
        texts = [head] + ([", ".join(keywords)] if keywords else []) + [p for p in phrases if p]
        bm25 = " ".join([title] + ([description] if description else []) + keywords + phrases)
        intents.append((it["id"], bm25, texts))
    return intents


def tool_intents(tools):
    """[(name, bm25 text, [static text])] of an OpenAI (or bare) function list."""
    def parameter_texts(schema, depth=0):
        out = []
        for key, value in ((schema or {}).get("properties") or {}).items():
            out.append(name_words(key))
            if isinstance(value, dict):
                if isinstance(value.get("description"), str):
                    out.append(value["description"])
                if depth < 1:
                    out += parameter_texts(value, depth + 1)
        return out
    intents = []
    for tool in tools:
        f = tool.get("function", tool)
        words, description = name_words(f["name"]), f.get("description") or ""
        bm25 = " ".join([words, description] + parameter_texts(f.get("parameters") or f.get("input_schema")))
        intents.append((f["name"], bm25, [words + ": " + description]))
    return intents


def minmax(s):
    lo, hi = s.min(axis=1, keepdims=True), s.max(axis=1, keepdims=True)
    span = hi - lo
    return np.where(span > 0, (s - lo) / np.where(span > 0, span, 1.0), 0.0)


def reciprocal_ranks(s, valid):
    """1 / (k + rank) of each intent within its row, 0 where not `valid`; ties by catalog order.
    `valid` intents must outscore the others (so ranks count valid intents only)."""
    order = np.argsort(-s, axis=1, kind="stable")
    ranks = np.empty_like(order)
    np.put_along_axis(ranks, order, np.arange(1, s.shape[1] + 1)[None, :].repeat(s.shape[0], 0), axis=1)
    return np.where(valid, 1.0 / (RRF_K + ranks), 0.0)


class Baselines:
    """The four methods over one catalog's intents (from catalog_intents or tool_intents)."""

    def __init__(self, intents, model):
        from rank_bm25 import BM25Okapi
        self.ids = [i for i, _, _ in intents]
        self.bm25 = BM25Okapi([tokenize(text) or [""] for _, text, _ in intents])
        self.terms = {}
        texts = [t for _, _, ts in intents for t in ts]
        self.starts = np.cumsum([0] + [len(ts) for _, _, ts in intents])[:-1]
        self.model = model
        self.vectors = self.normalized(model.encode(texts))

    @staticmethod
    def normalized(v):
        v = np.asarray(v, dtype=np.float32)
        n = np.linalg.norm(v, axis=1, keepdims=True)
        return v / np.where(n > 0, n, 1.0)

    def bm25_scores(self, tokens):
        """BM25Okapi.get_scores(tokens), summed from its one-token scores in the same order (so
        the same floating-point result), each token's scores computed once per catalog."""
        total = np.zeros(len(self.ids))
        for token in tokens:
            term = self.terms.get(token)
            if term is None:
                term = self.terms[token] = self.bm25.get_scores([token])
            total += term
        return total

    def scores(self, queries):
        """method → array [requests, intents] of scores."""
        bm = np.zeros((len(queries), len(self.ids)))
        for r, q in enumerate(queries):
            bm[r] = self.bm25_scores(tokenize(q))
        q = self.normalized(self.model.encode(list(queries)))
        zero = ~np.any(q != 0, axis=1)
        static = np.maximum.reduceat(q @ self.vectors.T, self.starts, axis=1).astype(np.float64)
        static[zero] = 0.0
        rrf = reciprocal_ranks(bm, bm > 0) + reciprocal_ranks(static, ~zero[:, None])
        mm = 0.5 * minmax(bm) + 0.5 * minmax(static)
        return OrderedDict([("bm25", bm), ("static", static), ("minmax", mm), ("rrf", rrf)])

    def rankings(self, s, depth=5):
        """The first `depth` intent ids of each row ([] for a row without any signal)."""
        order = np.argsort(-s, axis=1, kind="stable")[:, :depth]
        flat = np.all(s == s[:, :1], axis=1)
        return [[] if f else [self.ids[k] for k in row] for row, f in zip(order, flat)]
