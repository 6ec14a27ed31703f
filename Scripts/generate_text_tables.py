#!/usr/bin/env python3
"""Generates Sources/IntentBridgeText/UnicodeTables.swift: the Unicode data the text
analyser needs, as compact Swift arrays, so the module needs neither Foundation nor ICU.

Tables:
  * fold table: for every scalar (outside the script blocks listed in KEEP) whose folded
    form differs from itself: full case folding (str.casefold: ß→ss, ς→σ), compatibility
    decomposition (NFKD: ﬁ→fi, ２→2, ℃→°c), removal of combining diacritical marks
    (é→e, č→c, ô→o, ľ→l), plus letters that carry their diacritic in the base letter and
    so have no decomposition (ø→o, æ→ae, đ→d, ł→l, …) and apostrophe look-alikes (’ → ').
    Applied until stable, so folding is idempotent. ASCII is folded in code (A-Z → a-z).
  * CJK ranges: Han, Hiragana, Katakana, Bopomofo and Hangul blocks, whose runs are split
    into characters and bigrams because they are written without spaces.

Run from the repository root:  python3 Scripts/generate_text_tables.py
The output is deterministic for a given Python (its `unicodedata` version is recorded).
"""
import sys
import unicodedata
from pathlib import Path

OUT = Path(__file__).resolve().parent.parent / "Sources/IntentBridgeText/UnicodeTables.swift"

# Letters whose diacritic is part of the base letter (no canonical decomposition).
SPECIAL = {
    "ø": "o", "æ": "ae", "œ": "oe", "đ": "d", "ð": "d", "ł": "l", "ŀ": "l", "ħ": "h",
    "ı": "i", "þ": "th", "ŧ": "t", "ƀ": "b", "ƈ": "c", "ɗ": "d", "ƒ": "f", "ɠ": "g",
    "ɦ": "h", "ɨ": "i", "ƙ": "k", "ƚ": "l", "ɲ": "n", "ŋ": "n", "ɵ": "o", "ʉ": "u",
    "ƴ": "y", "ȥ": "z", "ʒ": "z", "ĸ": "k", "ſ": "s",
    # apostrophe look-alikes fold to the ASCII apostrophe
    "\u2019": "'", "\u2018": "'", "\u02bc": "'", "\u02b9": "'", "\u00b4": "'", "\u2032": "'",
    "\uff07": "'",
}
# Combining diacritical marks that are removed (other scripts' marks are kept: they are
# vowel signs and the like, not decoration).
DIACRITIC_BLOCKS = [(0x0300, 0x036F), (0x1AB0, 0x1AFF), (0x1DC0, 0x1DFF), (0x20D0, 0x20FF), (0xFE20, 0xFE2F)]
# Blocks left untouched: decomposing them would change the text (Hangul syllables into
# jamo, kana voicing marks), or they are huge and never need folding.
KEEP = [(0x1100, 0x11FF), (0x3040, 0x30FF), (0x3130, 0x318F), (0xAC00, 0xD7A3),
        (0x3400, 0x4DBF), (0x4E00, 0x9FFF), (0xD800, 0xDFFF), (0xE000, 0xF8FF),
        (0x3200, 0x33FF),    # enclosed CJK letters, squared words
        (0xFB50, 0xFDFF), (0xFE70, 0xFEFF), (0x1EE00, 0x1EEFF),  # Arabic presentation forms
        (0x2F800, 0x2FA1F),  # CJK compatibility ideographs supplement
        (0x1D400, 0x1D7FF)]  # mathematical alphanumerics: rare, 1,000 entries
# Han, kana, bopomofo and Hangul: written without spaces.
CJK_RANGES = [
    (0x1100, 0x11FF),    # Hangul Jamo
    (0x2E80, 0x2FDF),    # CJK radicals, Kangxi radicals
    (0x3005, 0x3007),    # 々 〆 〇
    (0x3021, 0x3029),    # Hangzhou numerals
    (0x3031, 0x3035),    # kana repeat marks
    (0x3038, 0x303C),
    (0x3041, 0x3096),    # Hiragana
    (0x309D, 0x309F),
    (0x30A1, 0x30FA),    # Katakana
    (0x30FC, 0x30FF),
    (0x3105, 0x312F),    # Bopomofo
    (0x3131, 0x318E),    # Hangul compatibility jamo
    (0x31A0, 0x31BF),    # Bopomofo extended
    (0x31F0, 0x31FF),    # Katakana phonetic extensions
    (0x3400, 0x4DBF),    # CJK Extension A
    (0x4E00, 0x9FFF),    # CJK Unified Ideographs
    (0xA960, 0xA97F),    # Hangul Jamo Extended-A
    (0xAC00, 0xD7A3),    # Hangul syllables
    (0xD7B0, 0xD7FF),    # Hangul Jamo Extended-B
    (0xF900, 0xFAFF),    # CJK compatibility ideographs
    (0xFF66, 0xFF9D),    # halfwidth katakana
    (0xFFA0, 0xFFDC),    # halfwidth Hangul
    (0x1B000, 0x1B16F),  # kana supplement/extended
    (0x20000, 0x323AF),  # CJK Extensions B–H
]


def in_ranges(cp, ranges):
    return any(lo <= cp <= hi for lo, hi in ranges)


def fold_once(s):
    s = "".join(SPECIAL.get(c, c) for c in s)
    s = unicodedata.normalize("NFKD", s.casefold())
    s = "".join(c for c in s if not in_ranges(ord(c), DIACRITIC_BLOCKS))
    s = "".join(SPECIAL.get(c, c) for c in s)
    # ASCII is lowered in code as well; keep the table consistent with it
    return "".join(c.lower() if c < "\x80" else c for c in s)


def fold(s):
    for _ in range(8):
        t = fold_once(s)
        if t == s:
            return s
        s = t
    raise SystemExit(f"folding does not settle for {s!r}")


def main():
    keys, values, pool = [], [], []
    for cp in range(0x80, 0x30000):
        if in_ranges(cp, KEEP):
            continue
        c = chr(cp)
        if unicodedata.category(c) == "Cn":
            continue
        f = fold(c)
        if f == c:
            continue
        keys.append(cp)
        if len(f) > 15:
            continue  # a few Arabic ligatures spelling whole phrases: left as they are
        if len(f) == 1:
            values.append(ord(f))
        else:
            values.append(0x8000_0000 | (len(pool) << 4) | len(f))
            pool.extend(ord(x) for x in f)
    assert len(pool) < (1 << 27)

    def rows(nums, per=12):
        return "\n".join("    " + ", ".join(f"0x{n:X}" for n in nums[i:i + per]) + ","
                         for i in range(0, len(nums), per))

    cjk_flat = [n for r in CJK_RANGES for n in r]
    text = f"""// GENERATED by Scripts/generate_text_tables.py (Python {sys.version.split()[0]}, Unicode {unicodedata.unidata_version}).
// Do not edit by hand: change the script and run it again from the repository root.

/// Unicode data for folding and CJK detection, generated so the module needs no ICU.
enum UnicodeTables {{
  /// Scalars (above ASCII) whose folded form differs from themselves, ascending.
  /// {len(keys)} entries.
  static let foldKeys: [UInt32] = [
{rows(keys)}
  ]

  /// Folded form of `foldKeys[i]`: a scalar value, or, with the high bit set,
  /// `offset << 4 | length` into `foldPool` (length 0 = the scalar is removed).
  static let foldValues: [UInt32] = [
{rows(values)}
  ]

  /// Scalars of multi-scalar (and empty) folded forms.
  static let foldPool: [UInt32] = [
{rows(pool)}
  ]

  /// Inclusive ranges (lower, upper, lower, upper, …) of Han, kana, bopomofo and Hangul.
  static let cjkRanges: [UInt32] = [
{rows(cjk_flat, 8)}
  ]
}}
"""
    OUT.write_text(text)
    print(f"wrote {OUT}: {len(keys)} fold entries, pool {len(pool)}, {len(CJK_RANGES)} CJK ranges")


if __name__ == "__main__":
    main()
