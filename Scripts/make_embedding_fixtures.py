#!/usr/bin/env python3
"""Writes the parity fixtures the Swift embedding tests compare against.

Reference implementations (PyPI): `tokenizers` (HuggingFace's Rust tokenizer) and
`model2vec` (the static-model library). For the default model in Models/ it writes, into
Tests/IntentBridgeEmbeddingTests/Fixtures/:

  tokenizer_parity.jsonl   {"text", "ids"}     ids from tokenizers, no special tokens, no truncation
  vector_parity.jsonl      {"text", "vector"}  sentence vectors from model2vec's StaticModel.encode
  wordpiece/tokenizer.json                     a small hand-made BERT WordPiece tokenizer
  wordpiece_parity.jsonl   {"text", "ids"}     its ids from tokenizers (no WordPiece model is shipped)
  README.md                                    versions and the command that made the files

If model2vec cannot load the model folder, the vectors are computed with numpy exactly as
Model2Vec does (cut to max_length × median token length characters, tokenize without special
tokens, keep max_length ids, drop the unknown id, mean of rows, L2-normalise) and README.md
says so. The script also checks that both computations agree when model2vec is available.

Usage (from the repository root):
  python3 -m venv /tmp/fixtures-venv
  /tmp/fixtures-venv/bin/pip install tokenizers model2vec numpy
  /tmp/fixtures-venv/bin/python Scripts/make_embedding_fixtures.py [--model Models/e5small-m2v-256-latcjk-int8]
"""
import argparse
import glob
import json
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DEFAULT_MODEL = os.path.join(ROOT, "Models", "e5small-m2v-256-latcjk-int8")
FIXTURES = os.path.join(ROOT, "Tests", "IntentBridgeEmbeddingTests", "Fixtures")

try:
    import numpy as np
    import tokenizers
    from tokenizers import Tokenizer
except ImportError as error:  # pragma: no cover - set-up hint
    sys.exit(f"missing package ({error}); run: pip install tokenizers model2vec numpy (in a venv), see the docstring")


# ---------------------------------------------------------------------------------------------
# The corpus: every string is deterministic (no randomness), so re-running gives the same files.

def example_requests():
    """Natural requests: every k-th `query` of each smart-home request set (clean and perturbed)."""
    out = []
    for path in sorted(glob.glob(os.path.join(ROOT, "Examples", "smart-home", "requests.*.jsonl"))):
        with open(path, encoding="utf-8") as f:
            queries = [json.loads(line)["query"] for line in f if line.strip()]
        want = 12 if "perturbed" in path else 30
        step = max(1, len(queries) // want)
        out += queries[::step][:want]
    return out


LATIN = [
    # French, Polish, Spanish, Portuguese, Italian, Czech, Slovak, Hungarian, Romanian, Turkish,
    # Vietnamese, Icelandic, Nordic, Baltic, South Slavic, German, Finnish, Estonian.
    "Allume la lumière de la cuisine, s'il te plaît", "Baisse le chauffage à dix-neuf degrés",
    "Où est mon téléphone ? Fais-le sonner", "Œuvre d'art, cœur, naïve, Noël, garçon",
    "Włącz światło w łazience", "Zgaś wszystkie światła na piętrze", "Źdźbło, żółć, gęślą jaźń",
    "Enciende las luces del salón, por favor", "¿Qué tiempo hará mañana en Barcelona?", "Añade leche a la lista de la compra",
    "Liga o ar condicionado na sala de estar", "Não esqueças a reunião às três horas", "Ação, coração, pão e maçã",
    "Accendi la luce della camera da letto", "Perché la temperatura è così alta?",
    "Rozsviť světlo v obýváku", "Příliš žluťoučký kůň úpěl ďábelské ódy",
    "Zapni svetlo v kuchyni", "Vypni všetky svetlá v spálni", "Ľúbostná báseň o ďatelinovom poli",
    "Kapcsold fel a nappali lámpáját", "Árvíztűrő tükörfúrógép", "Aprinde lumina în bucătărie", "Pornește încălzirea în dormitor",
    "Mutfaktaki ışıkları aç", "Şarkıyı değiştir ve sesi yükselt", "İstanbul'da hava nasıl?",
    "Bật đèn phòng khách", "Tắt quạt trong phòng ngủ", "Hôm nay thời tiết thế nào?",
    "Kveiktu á ljósunum í eldhúsinu", "Þetta er ðæmi", "Tänd lampan i köket", "Sluk lyset i stuen", "Slå på varmen på badet",
    "Ieslēdz gaismu virtuvē", "Įjunk šviesą svetainėje", "Uključi svjetlo u dnevnoj sobi", "Prižgi luč v kopalnici",
    "Schalte das Licht im Wohnzimmer aus", "Wie warm ist es draußen? Größe, Maß, Straße",
    "Sytytä olohuoneen valot", "Mikä on lämpötila makuuhuoneessa?", "Lülita köögis tuled sisse", "Pöö, jää, õun, ümber, šokolaad",
]

CJK = [
    "打开厨房的灯", "把客厅的温度调到二十二度", "明天北京的天气怎么样？", "关闭所有的灯，谢谢！", "播放周杰伦的歌",
    "開啟臥室的電燈", "請把冷氣關掉", "今天臺北會下雨嗎", "提醒我下午三点开会", "设置一个十分钟的计时器",
    "キッチンの電気をつけて", "リビングのエアコンを消してください", "明日の天気は？", "音楽を再生して", "タイマーを5分にセット",
    "ｶﾀｶﾅのﾃｷｽﾄ", "ガ ギ グ ゲ ゴ", "ひらがなとカタカナと漢字", "東京都渋谷区", "「こんにちは」と言って",
    "中文，English，日本語。", "第１２３号", "㍿ ㌔ ㌢ ㍻", "〜～ー－", "\u3000全角スペース\u3000",
]

EMOJI = [
    "😀", "turn on the lights 💡", "👍🏽 ok", "❤️ love it", "👨‍👩‍👧‍👦 family", "🇫🇮🇸🇰🇩🇪", "#️⃣ 1️⃣ 2️⃣",
    "🏠 home 🔥 hot ❄️ cold", "☕️ coffee time", "🎉🎉🎉", "☀️🌧️⛈️", "x😀y", "😀😀 ok 😀", "🤖 robot ✨", "🧑‍💻 coding",
]

MIXED = [
    "Привет мир", "Включи свет на кухне", "Γεια σου κόσμε", "مرحبا بالعالم", "שלום עולם", "हिन्दी में बोलो",
    "สวัสดีครับ", "안녕하세요 불 켜줘", "Hello 世界 and Welt", "Play Beyoncé on Spotify 音楽", "café 咖啡 カフェ кафе",
    "iPhone 15 Pro Max 256GB", "ΑΒΓ abc ΔΕΖ", "Москва Moscow 莫斯科", "naïve résumé — über 東京",
]

NUMBERS_PUNCTUATION = [
    "Set the thermostat to 21.5 °C", "Wake me up at 6:45 am", "It costs $19.99 (or €18,50)", "100% done!!!",
    "Call +1 (555) 123-4567", "2024-03-15T14:30:00Z", "1,234,567.89", "3 × 4 = 12; 10 ÷ 2 = 5", "½ cup of sugar, ¾ done",
    "https://example.com/path?q=1&x=y", "mail me at someone@example.org", "C:\\Users\\name\\file.txt", "x = f(a, b) + g[3] * {k: v}",
    "Hello... what?! (yes) [no] {maybe}", "“quoted” ‘single’ «guillemets» „German“", "— en–dash — em—dash ‐ hyphen",
    "#hashtag @mention $TICKER", "~!@#$%^&*()_+-=`", "<tag> & </tag>", "...", "?!", "№ 5, § 3, ¶ 2, © 2024 ™ ®",
    "0", "007", "١٢٣ ٤٥٦", "Ⅻ ⅷ ① ⑳ ⒜", "ﬁnance ﬂow ﬀ", "ＡＢＣ１２３ｘｙｚ", "µs ms Ω Å K",
]

WHITESPACE = [
    "", " ", "   ", "\t", "\n", "\r\n", "  leading spaces", "trailing spaces   ", "many     inner      spaces",
    "tab\tseparated\tvalues", "line\nbreaks\nhere", "windows\r\nline\r\nends", "nbsp\u00a0between", "thin\u2009space",
    "ideographic\u3000space", "zero\u200bwidth\u200bspace", "soft\u00adhyphen", "zwj\u200dzwnj\u200c", "\ufeffbyte order mark",
    "control\x01\x02chars\x7f", "null\x00byte", "vertical\x0btab\x0cfeed", "line\u2028separator\u2029para", "next\u0085line",
    "word\u2581with\u2581metaspace", "\u2581\u2581", " \t \n ", "mixed \t\n\r  whitespace \u00a0\u3000 end",
]

NORMALISATION = [
    "Cafe\u0301 cre\u0300me bru\u0302le\u0301e", "A\u030angstro\u0308m", "Z\u030capni svetla\u0301", "e\u0301\u0323 stacked",
    "q\u0307\u0323 reorder", "n\u0303 and \u00f1", "\u1100\u1161 jamo", "\u0344 alone", "x\u0340 y", "Å vs A\u030a vs \u212b",
    "hello<pad>world<unk>x", "<pad>", "<unk>", " <pad> ", "<<pad>>", "ab<pa", "<s> </s> <mask>", "[CLS] [SEP]",
    "ǅemal ǈubljana", "ĳssel ŉ", "ﬃ ﬄ ﬅ", "𝐁𝐨𝐥𝐝 𝑖𝑡𝑎𝑙𝑖𝑐 𝔘𝔫𝔦", "Ⓐⓑⓒ", "㎏ ㎞ ㏄", "ｶﾞｷﾞ", "\uf900\uf901 compat ideographs",
]


def long_inputs(short):
    """Inputs of 1,000+ characters, including one past Model2Vec's 2,560-character cut and one
    past 512 tokens."""
    english = " ".join(s for s in short if s and s.isascii())
    german = " ".join(s for s in LATIN + short if any(c in s for c in "äöüß"))
    chinese = "".join(CJK[:10])
    out = [
        (english + " ") * 2,
        (german + " ") * 3,
        chinese * 12,
        ("Zapni svetlo v kuchyni, prosím. " * 40).strip(),
        ("turn on the lights\n\t" * 80).strip(),
        "a" * 1200,
        ("😀 " * 400).strip(),
        "".join(LATIN)[:1500],
        ("Привет " * 200).strip(),
        ("The quick brown fox jumps over the lazy dog. " * 70).strip(),
    ]
    return [s for s in out if len(s) >= 1000]


def corpus():
    short = example_requests() + LATIN + CJK + EMOJI + MIXED + NUMBERS_PUNCTUATION + WHITESPACE + NORMALISATION
    texts = short + long_inputs(short)
    seen, out = set(), []
    for t in texts:
        if t not in seen:
            seen.add(t)
            out.append(t)
    return out


# ---------------------------------------------------------------------------------------------

def reference_vectors_numpy(model_dir, texts):
    """Model2Vec's StaticModel.encode, computed directly (used when model2vec cannot load)."""
    from safetensors.numpy import load_file  # installed with model2vec; fallback below

    config = json.load(open(os.path.join(model_dir, "config.json"), encoding="utf-8"))
    tok = Tokenizer.from_file(os.path.join(model_dir, "tokenizer.json"))
    table = load_file(os.path.join(model_dir, "model.safetensors"))["embeddings"].astype(np.float32)
    vocab = tok.get_vocab()
    tokens = [t for t, _ in sorted(vocab.items(), key=lambda x: x[1])]
    median = int(np.median([len(t) for t in tokens]))
    max_length = config.get("max_length", 512)
    unk = json.load(open(os.path.join(model_dir, "tokenizer.json"), encoding="utf-8"))["model"].get("unk_id")
    tok.no_padding()
    if max_length is not None:
        tok.enable_truncation(max_length)
    out = []
    for text in texts:
        cut = text[: max_length * median] if max_length is not None else text
        ids = [i for i in tok.encode(cut, add_special_tokens=False).ids if i != unk]
        v = table[ids].mean(axis=0) if ids else np.zeros(table.shape[1], dtype=np.float32)
        if config.get("normalize", False):
            v = v / (np.linalg.norm(v) + 1e-32)
        out.append(v.astype(np.float32))
    return np.stack(out)


def wordpiece_fixture(texts):
    """A small hand-made BERT tokenizer (BertNormalizer, BertPreTokenizer, WordPiece)."""
    from tokenizers import models, normalizers, pre_tokenizers

    specials = ["[PAD]", "[UNK]", "[CLS]", "[SEP]", "[MASK]"]
    words = ("the a an on off turn light lights kitchen living room bed bedroom set to of in at is it "
             "what how warm weather tomorrow play music please timer minutes cafe creme brulee uber "
             "hello world un ##aff ##able ##ing ##ed ##s ##er ##ly run jump ##n ##t i ' s").split()
    letters = [chr(c) for c in range(ord("a"), ord("z") + 1)] + [str(d) for d in range(10)]
    cjk = list("打开厨房的灯明天气怎么样中文日本語東京")
    punctuation = list(".,!?;:'\"()[]{}-_/\\@#$%^&*+=<>|~`")
    vocab = specials + []
    for piece in words + letters + ["##" + l for l in letters] + cjk + punctuation:
        if piece not in vocab:
            vocab.append(piece)
    tok = Tokenizer(models.WordPiece(vocab={p: i for i, p in enumerate(vocab)}, unk_token="[UNK]", max_input_chars_per_word=20))
    tok.normalizer = normalizers.BertNormalizer(clean_text=True, handle_chinese_chars=True, strip_accents=None, lowercase=True)
    tok.pre_tokenizer = pre_tokenizers.BertPreTokenizer()
    tok.add_special_tokens(specials)
    directory = os.path.join(FIXTURES, "wordpiece")
    os.makedirs(directory, exist_ok=True)
    tok.save(os.path.join(directory, "tokenizer.json"), pretty=True)
    extra = ["unaffable", "Unaffable RUNNING jumped", "Crème Brûlée at the CAFÉ", "ÜBER cool", "hello,world!",
             "a" * 25, "x" * 20, "打开厨房的灯", "東京 tokyo", "[CLS] hello [SEP]", "[MASK]", "don't", "İstanbul",
             "ΣΊΣΥΦΟΣ", "ﬁne", "Ǆ", "\u00a0x\u3000y", "tab\tand\nnewline", "1,000.5", "e\u0301\u0301",
             "a\ue000b", "a\u0378b", "a\u200bb", "a\x85b", "a\u2028b", "a\U000f0000b", "a\ufeffb", "🫠 🪿 x"]
    items = []
    for text in texts[::3] + extra:
        items.append({"text": text, "ids": tok.encode(text, add_special_tokens=False).ids})
    return items


def write_jsonl(path, items):
    with open(path, "w", encoding="utf-8") as f:
        for item in items:
            f.write(json.dumps(item, ensure_ascii=False) + "\n")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--model", default=DEFAULT_MODEL, help="model folder (default: %(default)s)")
    parser.add_argument("--vectors", type=int, default=80, help="strings in vector_parity.jsonl (default: %(default)s)")
    args = parser.parse_args()
    os.makedirs(FIXTURES, exist_ok=True)

    texts = corpus()
    tok = Tokenizer.from_file(os.path.join(args.model, "tokenizer.json"))
    tok.no_truncation()
    tok.no_padding()
    token_items = [{"text": t, "ids": tok.encode(t, add_special_tokens=False).ids} for t in texts]
    write_jsonl(os.path.join(FIXTURES, "tokenizer_parity.jsonl"), token_items)

    # Vector strings: every k-th string plus all long ones (they exercise truncation).
    step = max(1, len(texts) // args.vectors)
    vector_texts = texts[::step][: args.vectors]
    vector_texts += [t for t in texts if len(t) >= 1000 and t not in vector_texts]
    method = "model2vec"
    try:
        from model2vec import StaticModel

        model = StaticModel.from_pretrained(args.model)
        vectors = model.encode(vector_texts)
        direct = reference_vectors_numpy(args.model, vector_texts)
        worst = float(np.max(np.abs(vectors - direct)))
        print(f"model2vec vs direct numpy computation: max |difference| = {worst:.2e}")
        if worst > 1e-5:
            sys.exit("model2vec and the direct computation disagree; inspect before writing fixtures")
        import model2vec

        method = f"model2vec {model2vec.__version__} StaticModel.encode"
    except Exception as error:  # model2vec missing or unable to read the folder
        print(f"model2vec unavailable ({error}); computing vectors with numpy as Model2Vec does")
        vectors = reference_vectors_numpy(args.model, vector_texts)
        method = "numpy, exactly as Model2Vec's encode (model2vec could not load the folder)"
    vector_items = [{"text": t, "vector": [round(float(x), 6) for x in v]} for t, v in zip(vector_texts, vectors)]
    write_jsonl(os.path.join(FIXTURES, "vector_parity.jsonl"), vector_items)

    wordpiece_items = wordpiece_fixture(texts)
    write_jsonl(os.path.join(FIXTURES, "wordpiece_parity.jsonl"), wordpiece_items)

    long_count = sum(1 for t in texts if len(t) >= 1000)
    zero = sum(1 for v in vectors if not np.any(v))
    with open(os.path.join(FIXTURES, "README.md"), "w", encoding="utf-8") as f:
        f.write(f"""# Embedding parity fixtures

Generated by `Scripts/make_embedding_fixtures.py` (see its docstring for the command); do not
edit by hand. Model: `{os.path.relpath(args.model, ROOT)}`.

| file | contents | reference |
|---|---|---|
| `tokenizer_parity.jsonl` | {len(token_items)} strings ({long_count} of 1,000+ characters) → token ids | tokenizers {tokenizers.__version__}, `encode(text, add_special_tokens=False)`, no truncation |
| `vector_parity.jsonl` | {len(vector_items)} strings → sentence vectors, rounded to 6 decimals ({zero} all-zero) | {method} |
| `wordpiece/tokenizer.json` | a hand-made {len(json.load(open(os.path.join(FIXTURES, 'wordpiece', 'tokenizer.json'), encoding='utf-8'))['model']['vocab'])}-piece BERT WordPiece tokenizer | tokenizers {tokenizers.__version__} |
| `wordpiece_parity.jsonl` | {len(wordpiece_items)} strings → its token ids | tokenizers {tokenizers.__version__} |

Strings: our smart-home example requests (Examples/smart-home, en, de, fi, sk, zh-CN, clean and perturbed),
hand-written Latin-script requests with diacritics (fr, pl, es, pt, it, cs, sk, hu, ro, tr, vi,
is, nordic, baltic, south Slavic, de, fi, et), Chinese and Japanese (incl. half-width kana and
compatibility characters), emoji sequences, mixed and unsupported scripts, numbers and
punctuation, whitespace and control-character oddities, decomposed accents, added tokens,
and long inputs.
""")
    print(f"wrote {len(token_items)} tokenizer, {len(vector_items)} vector ({method}), {len(wordpiece_items)} wordpiece fixtures")


if __name__ == "__main__":
    main()
