/// One token of an analysed text: the key it is matched by and where it came from.
///
///     let a = TextAnalyzer(language: "fi")
///     a.tokens("Sammuta valot olohuoneessa")[2]
///     // term "olohuon", folded "olohuoneessa", range 14..<26, position 2
package struct AnalyzedToken: Sendable, Hashable {
  /// What produced the token.
  package enum Kind: Sendable, Hashable {
    /// A run of letters (and digits after the first letter, as in `mp3`, `obl2`).
    case word
    /// Digits, with `,` or `.` between digits normalised to `.` (`21,5` → `21.5`).
    case number
    /// A symbol that carries meaning next to numbers: `%`, `‰`, `°`, currency signs.
    case symbol
    /// One Han, kana or Hangul character.
    case cjkCharacter
    /// Two adjacent Han, kana or Hangul characters of the same run.
    case cjkBigram
  }

  /// The matching key: the folded word after light stemming (words), or the folded text
  /// (numbers, symbols, CJK characters and bigrams). Indexing and querying compare these.
  package var term: String
  /// The case- and diacritic-folded surface form, without stemming (`"Päälle"` → `"paalle"`).
  package var folded: String
  /// Offsets in Unicode scalars of the original text, for reporting spans.
  package var range: Range<Int>
  /// Index of the token's word slot: every word, number, symbol and CJK character takes one
  /// slot, counted **before** stop and skip words are set aside (they keep their slots, so
  /// positions stay comparable with the text). A CJK bigram shares the slot of its first
  /// character.
  package var position: Int
  /// The token is a language stop word or part of one of the catalog's skip phrases;
  /// ``TextAnalyzer/terms(_:)`` leaves such tokens out.
  package var isStopWord: Bool
  /// The token is part of one of the catalog's skip phrases (filler such as "please").
  package var isSkipWord: Bool
  /// The token is part of one of the language's conversational fillers ("thanks", "right
  /// away", "um"; ``LanguageProfile/fillers``). It stays among the terms; template matching
  /// inserts it cheaply and free-text slots do not keep it at their edges.
  package var isFiller: Bool = false
  /// On the first token of a number written out in words, the number of word slots it
  /// takes: 1 for "five", "fünfundzwanzig", "päť" or "三" in "三分钟", 2 for "twenty five" or
  /// "dvadsať päť", 3 for "二十五"; 0 elsewhere (``NumberWords``). Not for a word next to
  /// digits or a decimal word ("twenty point five"), a fraction word ("anderthalb"), a
  /// denominator (百 of 百分之) or a German article form (`ein`, `einen`): the filling
  /// extractors read those. Template number slots take such a number whole, as they take
  /// digits, when its value lies in the parameter's range.
  package var writtenNumberLength: Int = 0
  /// The value of that written number (when `writtenNumberLength` > 0).
  package var writtenNumberValue: Double = 0
  package var kind: Kind

  package init(
    term: String, folded: String, range: Range<Int>, position: Int, isStopWord: Bool = false,
    isSkipWord: Bool = false, kind: Kind = .word
  ) {
    self.term = term
    self.folded = folded
    self.range = range
    self.position = position
    self.isStopWord = isStopWord
    self.isSkipWord = isSkipWord
    self.kind = kind
  }
}
