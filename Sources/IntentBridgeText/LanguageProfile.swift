/// Everything language-specific about text analysis, as data: stop words, words never
/// stemmed, the stemming passes, compound splitting and apostrophe elisions.
///
/// The built-in profiles (``english``, ``german``, ``finnish``, ``slovak``, ``chinese``,
/// ``french``, ``generic``) are chosen by ``profile(for:)``; a catalog can also build its own.
/// All word lists are written in **folded** form (lower case, no diacritics: `"paalle"`).
package struct LanguageProfile: Sendable, Hashable {
  /// BCP 47 primary language subtag the profile is for (`"generic"` for the fallback).
  package var language: String
  /// Words marked ``AnalyzedToken/isStopWord``: function words that carry no intent
  /// (articles, possessives). Kept short on purpose: "on"/"off", "päälle"/"päältä" decide
  /// between intents, so they are never stop words.
  package var stopWords: Set<String>
  /// Words left unstemmed (adverbs and postpositions that look inflected but are fixed
  /// forms with distinct meanings, e.g. Finnish `paalle` "on" vs `paalta` "off").
  package var invariantWords: Set<String>
  /// Words shorter than this (in UTF-8 bytes of the folded form) are not stemmed.
  package var minimumStemmableLength: Int
  /// The stemming passes, applied in order (see ``StemPass``); empty = no stemming.
  package var stemPasses: [StemPass]
  /// Letters counted as vowels by ``SuffixRule/Preceding`` and ``StemPass/trailingVowels(keeping:)``.
  package var vowels: Set<UInt8>
  /// Whether the index should split unknown compound words into known parts
  /// (``TextAnalyzer/decompound(_:vocabulary:)``); the split itself is always available.
  package var decompounds: Bool
  /// Linking elements allowed between compound parts (German `s` in "Arbeit·s·zimmer").
  package var linkingElements: [String]
  /// Words before an apostrophe that are split off instead of joined (French `l'`, `qu'`).
  package var elisions: Set<String>
  /// Conversational fillers ("thanks", "right away", "um"), folded, words separated by
  /// spaces: marked ``AnalyzedToken/isFiller`` (see `ConversationalFillers`).
  package var fillers: [String]
  /// Words that say which way to change a quantity ("louder", "leiser"; ``DirectionWords``).
  package var directions: DirectionWords

  package init(
    language: String, stopWords: Set<String> = [], invariantWords: Set<String> = [],
    minimumStemmableLength: Int = 4, stemPasses: [StemPass] = [], vowels: String = "aeiouy",
    decompounds: Bool = false, linkingElements: [String] = [], elisions: Set<String> = [], fillers: [String]? = nil,
    directions: DirectionWords? = nil
  ) {
    self.language = language
    self.stopWords = stopWords
    self.invariantWords = invariantWords
    self.minimumStemmableLength = minimumStemmableLength
    self.stemPasses = stemPasses
    self.vowels = Set(vowels.utf8)
    self.decompounds = decompounds
    self.linkingElements = linkingElements
    self.elisions = elisions
    self.fillers = fillers ?? ConversationalFillers.phrases(for: language)
    self.directions = directions ?? DirectionWords.words(for: language)
  }

  /// The profile for a BCP 47 tag, by its primary subtag (`de-AT` → German, `zh-TW` →
  /// Chinese); unknown languages get ``generic``.
  package static func profile(for language: String) -> LanguageProfile {
    switch LanguageTag.primary(language) {
    case "en": return .english
    case "de": return .german
    case "fi": return .finnish
    case "sk": return .slovak
    case "zh", "ja", "ko": return .chinese
    case "fr": return .french
    default: return .generic
    }
  }
}

/// One step of light stemming.
package enum StemPass: Sendable, Hashable {
  /// Removes (or replaces) at most one suffix: the longest rule that applies wins.
  case suffixes([SuffixRule])
  /// Removes trailing vowels while the word stays at least `keeping` bytes long
  /// (Finnish stems: `olohuone`/`olohuonee-ssa` → `olohuon`).
  case trailingVowels(keeping: Int)
  /// Turns a final doubled consonant into one if the word stays at least `keeping` bytes
  /// long (`minuutt-ia` → `minuut`, `dimm-ed` → `dim`).
  case undoubleConsonant(keeping: Int)
}

/// A suffix rule of a ``StemPass/suffixes(_:)`` pass, on folded (ASCII for the built-in
/// languages) words.
package struct SuffixRule: Sendable, Hashable {
  /// What must come before the suffix.
  package enum Preceding: Sendable, Hashable {
    case any
    case vowel
    case consonant
    /// One of these letters (German `s` only after `b d f g h k l m n r t`).
    case oneOf(String)
  }

  package var suffix: [UInt8]
  package var replacement: [UInt8]
  /// The word must keep at least this many bytes before the suffix.
  package var minimumStem: Int
  package var preceding: Preceding
  /// The remaining stem must contain a vowel (English `-ed`: not `bed` → `b`).
  package var stemNeedsVowel: Bool

  package init(
    _ suffix: String, replacement: String = "", minimumStem: Int, preceding: Preceding = .any,
    stemNeedsVowel: Bool = false
  ) {
    self.suffix = Array(suffix.utf8)
    self.replacement = Array(replacement.utf8)
    self.minimumStem = minimumStem
    self.preceding = preceding
    self.stemNeedsVowel = stemNeedsVowel
  }

  /// Rules from a compact list: `"ies>y sses>ss s"` is `ies`→`y`, `sses`→`ss`, `s`→``.
  /// A rule whose replacement equals its suffix (`"ss>ss"`) protects that ending.
  package static func list(
    _ spec: String, minimumStem: Int, preceding: Preceding = .any, stemNeedsVowel: Bool = false
  ) -> [SuffixRule] {
    spec.split(separator: " ").map { item in
      let parts = item.split(separator: ">", maxSplits: 1, omittingEmptySubsequences: false)
      return SuffixRule(
        String(parts[0]), replacement: parts.count > 1 ? String(parts[1]) : "", minimumStem: minimumStem,
        preceding: preceding, stemNeedsVowel: stemNeedsVowel)
    }
  }
}
