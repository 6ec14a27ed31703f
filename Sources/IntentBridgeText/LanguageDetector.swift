/// Which language a request is written in: the script first (kana → Japanese, Hangul →
/// Korean, Han → Chinese, Cyrillic, Greek, Arabic, …), then, for Latin script, the words and
/// letters typical of each of the languages in `LanguageDetector.latinLanguages`.
///
///     let detector = LanguageDetector()
///     detector.detect("wie spät ist es in Berlin")?.language   // "de"
///     detector.detect("hvad er klokken")?.language              // "da"
///     detector.detect("设置一个闹钟")?.language                    // "zh"
///
/// Requests are short, so the evidence is counted, not modelled: each function word of a
/// language counts 1 (shared by several languages: 1 / their number), each letter only some
/// languages use (ß, ä, š, å, ı, ñ, …) counts 0.5 for each of them. A guess is *confident* when
/// it has at least one point and leads the runner-up by half a point; short or mixed requests
/// often are not, and callers then keep the catalog's language.
/// - Complexity: O(n) in the request's scalars.
package struct LanguageDetector: Sendable {
  package struct Guess: Sendable, Hashable {
    /// A primary language subtag (`de`, `zh`, `ja`, …), or a script name for scripts whose
    /// language is not told apart (`cyrillic`, `arabic`, …).
    package var language: String
    /// The evidence for it, and for the runner-up.
    package var score: Double
    package var runnerUp: Double
    /// At least one point and half a point ahead of the runner-up (always true for a script
    /// that settles the language by itself, such as kana or Hangul).
    package var isConfident: Bool
  }

  package init() {}

  /// What `detect` reads of a text, read once, so that choosing a catalog language and
  /// analysing the request in it do not read it twice (`CatalogEngines`): the guess its
  /// script settles alone, or its Latin-script evidence.
  package struct Reading: Sendable {
    /// The guess of a script that settles the language by itself (kana, Hangul, Han,
    /// Cyrillic, …); nil for Latin script and for a text without letters.
    let settled: Guess?
    /// Per `LanguageEvidence.latin` entry, the evidence of a text mostly in Latin script.
    let latin: [Double]?

    /// `detect`'s guess, with `bonus` added to the Latin-script evidence.
    package func guess(bonus: [String: Double] = [:]) -> Guess? {
      if let settled { return settled }
      return latin.map { LanguageDetector.latinGuess(scores: $0, bonus: bonus) }
    }

    /// The evidence of a text mostly in Latin script for each Latin-script language
    /// (`latinLanguages`, by primary subtag): its function words and typical letters, counted
    /// as `detect` counts them; a language with none is left out, and a text in a script that
    /// settles the language has none.
    ///
    ///     LanguageDetector().read("sytytä olohuoneen valot").latinScores   // ["fi": 1.5, "de": 0.5, "sv": 0.5, …]
    package var latinScores: [String: Double] {
      var scores: [String: Double] = [:]
      for (index, score) in (latin ?? []).enumerated() where score > 0 { scores[LanguageEvidence.latin[index].language] = score }
      return scores
    }
  }

  /// The language of `text`, nil when it has no letters. `bonus` adds evidence for a
  /// language known otherwise (a catalog counts the request's words it knows for its own).
  public func detect(_ text: String, bonus: [String: Double] = [:]) -> Guess? { read(text).guess(bonus: bonus) }

  /// What `detect` weighs of `text`: its dominant script, and for Latin script the evidence
  /// of each language. - Complexity: O(n), one pass over the scalars, one over the words.
  package func read(_ text: String) -> Reading {
    // Counted per script case (no hashing per scalar); the most frequent script wins, ties
    // going to the alphabetically first name.
    var counts = [Int](repeating: 0, count: Script.allCases.count)
    for scalar in text.unicodeScalars {
      if let script = Self.script(of: scalar) { counts[script.index] += 1 }
    }
    var found: Script?
    for script in Script.allCases where counts[script.index] > 0 {
      guard let best = found else {
        found = script
        continue
      }
      let (count, bestCount) = (counts[script.index], counts[best.index])
      if count > bestCount || (count == bestCount && script.rawValue < best.rawValue) { found = script }
    }
    guard let dominant = found else { return Reading(settled: nil, latin: nil) }
    func settled(_ language: String, _ script: Script) -> Reading {
      Reading(settled: Guess(language: language, score: Double(counts[script.index]), runnerUp: 0, isConfident: true), latin: nil)
    }
    switch dominant {
    case .kana: return settled("ja", .kana)
    case .han:
      // Han with any kana is Japanese; Han alone is read as Chinese.
      if counts[Script.kana.index] > 0 { return settled("ja", .kana) }
      return settled("zh", .han)
    case .hangul: return settled("ko", .hangul)
    case .latin: return Reading(settled: nil, latin: latinEvidence(text))
    default: return settled(dominant.rawValue, dominant)
    }
  }

  /// Whether two tags are the same language or close relatives that read each other's
  /// requests (Slovak and Czech; Danish, Norwegian and Swedish; Indonesian and Malay).
  package static func sameFamily(_ a: String, _ b: String) -> Bool {
    let x = LanguageTag.primary(a)
    let y = LanguageTag.primary(b)
    if x == y { return true }
    for family in [["sk", "cs"], ["da", "nb", "no", "nn", "sv"], ["id", "ms"]] where family.contains(x) && family.contains(y) { return true }
    return false
  }

  /// The Latin-script languages told apart, by primary subtag.
  package static var latinLanguages: [String] { LanguageEvidence.latin.map(\.language) }

  /// Per `LanguageEvidence.latin` entry, the evidence of `text` for it.
  func latinEvidence(_ text: String) -> [Double] {
    var scores = [Double](repeating: 0, count: LanguageEvidence.latin.count)
    Self.forEachWord(text) { lower, folded in
      if let owners = LanguageEvidence.wordOwners[folded] {
        for owner in owners { scores[owner] += 1 / Double(owners.count) }
      }
      // Only letters beyond ASCII are typical of some languages (`LanguageEvidence.letters`).
      for scalar in lower where scalar.value >= 0x80 {
        if let owners = LanguageEvidence.letterOwners[scalar] {
          for owner in owners { scores[owner] += 0.5 }
        }
      }
    }
    return scores
  }

  /// The guess of Latin-script `scores` (`latinEvidence`) with `bonus` added.
  static func latinGuess(scores evidence: [Double], bonus: [String: Double]) -> Guess {
    var scores = evidence
    for (language, points) in bonus {
      if let index = LanguageEvidence.latin.firstIndex(where: { $0.language == LanguageTag.primary(language) }) { scores[index] += points }
    }
    var order = Array(scores.indices)
    order.sort { scores[$0] != scores[$1] ? scores[$0] > scores[$1] : $0 < $1 }
    let best = order[0]
    let second = order.count > 1 ? scores[order[1]] : 0
    guard scores[best] > 0 else {
      return Guess(language: LanguageEvidence.latin[0].language, score: 0, runnerUp: 0, isConfident: false)
    }
    return Guess(
      language: LanguageEvidence.latin[best].language, score: scores[best], runnerUp: second,
      isConfident: scores[best] >= 1 && scores[best] - second >= 0.5)
  }

  /// Lower-cased words of letters (apostrophes inside kept out), with their diacritics and
  /// folded (no diacritics, `ß` → `ss`).
  static func words(_ text: String) -> [(lower: String, folded: String)] {
    var out: [(String, String)] = []
    forEachWord(text) { lower, folded in
      var word = String.UnicodeScalarView()
      word.append(contentsOf: lower)
      out.append((String(word), folded))
    }
    return out
  }

  /// Calls `body` with each word of `words(text)`: its lower-cased scalars (a buffer reused
  /// from word to word) and its folded text. ASCII letters are lower-cased and folded
  /// directly (their folding is their lower case); other letters through the Unicode
  /// properties and `Folding`.
  /// - Complexity: O(n) in the text's scalars.
  static func forEachWord(_ text: String, _ body: (_ lower: [Unicode.Scalar], _ folded: String) -> Void) {
    var lower: [Unicode.Scalar] = []
    var isASCII = true
    func flush() {
      guard !lower.isEmpty else { return }
      var folded = ""
      if isASCII {
        folded = String(decoding: lower.map { UInt8(truncatingIfNeeded: $0.value) }, as: UTF8.self)
      } else {
        for scalar in lower {
          Folding.fold(scalar.value) { if let s = Unicode.Scalar($0) { folded.unicodeScalars.append(s) } }
        }
      }
      body(lower, folded)
      lower.removeAll(keepingCapacity: true)
      isASCII = true
    }
    for scalar in text.unicodeScalars {
      let value = scalar.value
      if value < 0x80 {
        if value &- 0x41 < 26 || value &- 0x61 < 26 {
          lower.append(Unicode.Scalar(UInt8(value | 0x20)))
        } else if value == 0x27 {
          continue
        } else {
          flush()
        }
      } else if scalar.properties.isAlphabetic {
        for mapped in scalar.properties.lowercaseMapping.unicodeScalars {
          lower.append(mapped)
          if mapped.value >= 0x80 { isASCII = false }
        }
      } else if scalar == "’" {
        continue
      } else {
        flush()
      }
    }
    flush()
  }

  enum Script: String, Sendable, Hashable, CaseIterable {
    case latin, han, kana, hangul, cyrillic, greek, arabic, hebrew, thai, devanagari

    /// The case's position in `allCases`.
    var index: Int {
      switch self {
      case .latin: 0
      case .han: 1
      case .kana: 2
      case .hangul: 3
      case .cyrillic: 4
      case .greek: 5
      case .arabic: 6
      case .hebrew: 7
      case .thai: 8
      case .devanagari: 9
      }
    }
  }

  static func script(of scalar: Unicode.Scalar) -> Script? {
    let v = scalar.value
    switch v {
    case 0x41...0x5A, 0x61...0x7A, 0xC0...0x24F, 0x1E00...0x1EFF: return .latin
    case 0x3040...0x30FF, 0x31F0...0x31FF, 0xFF66...0xFF9D: return .kana
    case 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xF900...0xFAFF, 0x20000...0x2FA1F: return .han
    case 0x1100...0x11FF, 0x3130...0x318F, 0xAC00...0xD7AF: return .hangul
    case 0x400...0x52F: return .cyrillic
    case 0x370...0x3FF: return .greek
    case 0x600...0x6FF, 0x750...0x77F: return .arabic
    case 0x590...0x5FF: return .hebrew
    case 0xE00...0xE7F: return .thai
    case 0x900...0x97F: return .devanagari
    default: return nil
    }
  }
}
