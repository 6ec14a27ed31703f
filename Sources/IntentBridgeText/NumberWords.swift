/// Per-language number-word data: the tables the ``NumberExtractor`` reads. Words are
/// stored folded (lowercase, no diacritics, `ß` → `ss`), as `AnalyzedToken.folded` has them.
///
/// A written number is a sequence of ``Role``s, read left to right with one accumulator:
/// a unit adds its value, a multiplier `m` scales the part of the accumulator below `m`
/// (at least 1), a teen marker adds 10. So `kaksi|kymmentä|viisi` = (2 × 10) + 5,
/// `fünf|und|zwanzig` = 5 + 20, `一|百|零|五` = 100 + 0 + 5, `two|thousand|twenty` = 2020.
///
/// - Complexity: lookups are O(1); segmenting a compound word of length w is O(w²) worst case.
package struct NumberWords: Sendable {
  package enum Role: Sendable, Hashable {
    case unit(Double)
    case multiplier(Double)
    /// Finnish `toista` (`viisitoista` = 15).
    case teen
    /// `und` inside German compounds, `and` between English words.
    case connector
  }

  package var cardinals: [String: Role]
  package var ordinals: [String: Int]
  /// German: ordinal suffixes after a cardinal stem (`zwei|te`, `zwanzig|ste`).
  package var ordinalSuffixes: [String] = []
  /// Stems that take ordinal endings (`tret` + `í`/`ia`/`ieho`; `drit` + `te`).
  package var ordinalStems: [String: Int] = [:]
  package var ordinalStemEndings: [String] = []
  /// Ordinal suffixes after digits (`3rd`).
  package var digitOrdinalSuffixes: Set<String> = []
  package var percentPrefixes: [String]
  package var degreePrefixes: [String]
  package var negativeWords: Set<String>
  /// The decimal separator of digits (`,` or `.`); the other mark groups thousands.
  package var decimalSeparator: String
  /// Words that read a decimal point between number words ("twenty point five" = 20.5,
  /// "zwanzig Komma fünf"); the digits after it are read one word (or digit group) each.
  /// None for Chinese, where 点 is as often "o'clock" (三点五十 is 3:50).
  package var decimalWords: Set<String> = []
  /// Number words that are as often something else — German `ein`/`eine`/`einen` (an
  /// article, or the particle of `schalte … ein`): never a written number for a template's
  /// number slot (`AnalyzedToken.writtenNumberLength`); the extractors still read them.
  package var alsoArticles: Set<String> = []
  /// Words after a number that make it a denominator, not a number of its own: Chinese
  /// 分之 (百分之五十 = 50 %, 千分之 ‰), as characters.
  package var denominatorMarkers: [[String]] = []
  /// Space-grouped thousands (`1 000`) are read as one number.
  package var spaceGroupsThousands: Bool
  /// Compounds are single words (de, fi, sk) and may be segmented.
  package var segmentsCompounds: Bool
  /// Every prefix of every cardinal word: segmenting stops at the first scalar that
  /// leaves this set, so ordinary words cost one or two lookups.
  private var prefixes: Set<String>

  package init(
    cardinals: [String: Role], ordinals: [String: Int], percentPrefixes: [String], degreePrefixes: [String],
    negativeWords: Set<String>, decimalSeparator: String, spaceGroupsThousands: Bool, segmentsCompounds: Bool
  ) {
    self.cardinals = cardinals
    self.ordinals = ordinals
    self.percentPrefixes = percentPrefixes
    self.degreePrefixes = degreePrefixes
    self.negativeWords = negativeWords
    self.decimalSeparator = decimalSeparator
    self.spaceGroupsThousands = spaceGroupsThousands
    self.segmentsCompounds = segmentsCompounds
    var prefixes = Set<String>()
    for key in cardinals.keys {
      var p = ""
      for c in key.unicodeScalars {
        p.unicodeScalars.append(c)
        prefixes.insert(p)
      }
    }
    self.prefixes = prefixes
  }

  /// The roles of a folded word, or `nil` when it is not (entirely) a number word.
  package func segment(_ word: String) -> [Role]? {
    if let r = cardinals[word] { return [r] }
    guard segmentsCompounds else { return nil }
    let scalars = Array(word.unicodeScalars)
    var out: [Role] = []
    return segment(scalars, 0, &out) ? out : nil
  }

  private func segment(_ s: [Unicode.Scalar], _ from: Int, _ out: inout [Role]) -> Bool {
    if from == s.count { return !out.isEmpty && out.last != .connector }
    var candidates: [(Int, Role)] = []
    var key = ""
    var end = from
    while end < s.count {
      key.unicodeScalars.append(s[end])
      end += 1
      guard prefixes.contains(key) else { break }
      if let r = cardinals[key] { candidates.append((end, r)) }
    }
    for (next, r) in candidates.reversed() where !((r == .connector || r == .teen) && out.isEmpty) {
      out.append(r)
      if segment(s, next, &out) { return true }
      out.removeLast()
    }
    return false
  }

  /// The value of an ordinal word (`third`, `dritte`, `kolmas`, `tretí`, `zwanzigste`).
  package func ordinal(_ word: String) -> Int? {
    if let v = ordinals[word] { return v }
    for suffix in ordinalSuffixes where word.hasSuffix(suffix) && word.count > suffix.count {
      let stem = String(word.dropLast(suffix.count))
      if let v = ordinalStems[stem] { return v }
      if let roles = segment(stem), let v = NumberWords.evaluate(roles), v >= 1, let whole = Int(exactly: v) { return whole }
    }
    for ending in ordinalStemEndings where word.hasSuffix(ending) && word.count > ending.count {
      if let v = ordinalStems[String(word.dropLast(ending.count))] { return v }
    }
    return nil
  }

  /// Reads roles left to right (see the type's documentation).
  package static func evaluate(_ roles: [Role]) -> Double? {
    var acc = State()
    for r in roles where !acc.apply(r, checkOrder: false) { return nil }
    return acc.started ? acc.value : nil
  }

  /// The accumulator for reading roles; `checkOrder` rejects unit sequences that do not
  /// form one number across word boundaries (`two three`).
  package struct State {
    package var value: Double = 0
    package var started = false

    package init() {}

    package mutating func apply(_ role: Role, checkOrder: Bool) -> Bool {
      switch role {
      case .unit(let v):
        if checkOrder, started {
          let place = v < 10 ? 10.0 : v < 100 ? 100.0 : v < 1000 ? 1000.0 : 1e9
          if v != 0, value.truncatingRemainder(dividingBy: place) != 0 { return false }
          if value == 0 { return false }
        }
        value += v
      case .multiplier(let m):
        let low = value.truncatingRemainder(dividingBy: m)
        value = value - low + max(low, 1) * m
      case .teen:
        value += 10
      case .connector:
        return started
      }
      started = true
      return true
    }
  }

  /// The table for a language (primary subtag); `nil` when there is none.
  package static func forLanguage(_ language: String) -> NumberWords? {
    switch language.split(separator: "-").first.map({ $0.lowercased() }) ?? "" {
    case "en": return english
    case "de": return german
    case "fi": return finnish
    case "sk": return slovak
    case "zh": return chinese
    default: return nil
    }
  }

  private static func units(_ list: [(String, Double)]) -> [String: Role] {
    var m: [String: Role] = [:]
    for (w, v) in list { m[w] = .unit(v) }
    return m
  }

  package static let english: NumberWords = {
    var c = units([
      ("zero", 0), ("one", 1), ("two", 2), ("three", 3), ("four", 4), ("five", 5), ("six", 6), ("seven", 7),
      ("eight", 8), ("nine", 9), ("ten", 10), ("eleven", 11), ("twelve", 12), ("thirteen", 13), ("fourteen", 14),
      ("fifteen", 15), ("sixteen", 16), ("seventeen", 17), ("eighteen", 18), ("nineteen", 19), ("twenty", 20),
      ("thirty", 30), ("forty", 40), ("fifty", 50), ("sixty", 60), ("seventy", 70), ("eighty", 80), ("ninety", 90),
    ])
    c["hundred"] = .multiplier(100)
    c["thousand"] = .multiplier(1000)
    c["million"] = .multiplier(1_000_000)
    c["and"] = .connector
    var w = NumberWords(
      cardinals: c,
      ordinals: [
        "first": 1, "third": 3, "fourth": 4, "fifth": 5, "sixth": 6, "seventh": 7, "eighth": 8, "ninth": 9,
        "tenth": 10, "eleventh": 11, "twelfth": 12, "thirteenth": 13, "fifteenth": 15, "twentieth": 20,
        "thirtieth": 30,
      ],
      percentPrefixes: ["percent", "pct"], degreePrefixes: ["degree"], negativeWords: ["minus", "negative"],
      decimalSeparator: ".", spaceGroupsThousands: false, segmentsCompounds: false)
    w.digitOrdinalSuffixes = ["st", "nd", "rd", "th"]
    w.decimalWords = ["point"]
    return w
  }()

  package static let german: NumberWords = {
    var c = units([
      ("null", 0), ("ein", 1), ("eins", 1), ("eine", 1), ("einen", 1), ("einem", 1), ("einer", 1), ("zwei", 2),
      ("zwo", 2), ("drei", 3), ("vier", 4), ("funf", 5), ("sechs", 6), ("sieben", 7), ("acht", 8), ("neun", 9),
      ("zehn", 10), ("elf", 11), ("zwolf", 12), ("sechzehn", 16), ("siebzehn", 17), ("zwanzig", 20),
      ("dreissig", 30), ("vierzig", 40), ("funfzig", 50), ("sechzig", 60), ("siebzig", 70), ("achtzig", 80),
      ("neunzig", 90), ("anderthalb", 1.5), ("eineinhalb", 1.5),
    ])
    c["hundert"] = .multiplier(100)
    c["tausend"] = .multiplier(1000)
    c["million"] = .multiplier(1_000_000)
    c["millionen"] = .multiplier(1_000_000)
    c["und"] = .connector
    var w = NumberWords(
      cardinals: c, ordinals: [:], percentPrefixes: ["prozent"], degreePrefixes: ["grad"], negativeWords: ["minus"],
      decimalSeparator: ",", spaceGroupsThousands: false, segmentsCompounds: true)
    w.ordinalSuffixes = ["sten", "ster", "stes", "stem", "ste", "ten", "ter", "tes", "tem", "te"]
    w.ordinalStems = ["ers": 1, "drit": 3, "sieb": 7, "ach": 8]
    w.decimalWords = ["komma"]
    w.alsoArticles = ["ein", "eine", "einen", "einem", "einer"]
    return w
  }()

  package static let finnish: NumberWords = {
    var c = units([
      ("nolla", 0), ("yksi", 1), ("yhden", 1), ("yhta", 1), ("kaksi", 2), ("kahden", 2), ("kahta", 2),
      ("kolme", 3), ("kolmen", 3), ("kolmea", 3), ("nelja", 4), ("neljan", 4), ("neljaa", 4), ("viisi", 5),
      ("viiden", 5), ("viitta", 5), ("kuusi", 6), ("kuuden", 6), ("kuutta", 6), ("seitseman", 7),
      ("seitsemaa", 7), ("kahdeksan", 8), ("kahdeksaa", 8), ("yhdeksan", 9), ("yhdeksaa", 9),
    ])
    for (w, m) in [
      ("kymmenen", 10.0), ("kymmenta", 10), ("sata", 100), ("sataa", 100), ("sadan", 100), ("tuhat", 1000),
      ("tuhatta", 1000), ("tuhannen", 1000), ("miljoona", 1e6), ("miljoonaa", 1e6),
    ] {
      c[w] = .multiplier(m)
    }
    c["toista"] = .teen
    var w = NumberWords(
      cardinals: c,
      ordinals: [
        "ensimmainen": 1, "ensimmaisen": 1, "ensimmaisessa": 1, "toinen": 2, "toisen": 2, "toisessa": 2,
        "kolmas": 3, "kolmannen": 3, "kolmannessa": 3, "neljas": 4, "neljannen": 4, "neljannessa": 4, "viides": 5,
        "viidennen": 5, "viidennessa": 5, "kuudes": 6, "kuudennen": 6, "seitsemas": 7, "kahdeksas": 8,
        "yhdeksas": 9, "kymmenes": 10, "kymmenennen": 10,
      ],
      percentPrefixes: ["prosent"], degreePrefixes: ["astee", "astetta", "aste"], negativeWords: ["miinus"],
      decimalSeparator: ",", spaceGroupsThousands: true, segmentsCompounds: true)
    w.decimalWords = ["pilkku"]
    return w
  }()

  package static let slovak: NumberWords = {
    var c = units([
      ("nula", 0), ("jeden", 1), ("jedna", 1), ("jedno", 1), ("jednu", 1), ("jednej", 1), ("jedneho", 1),
      ("dva", 2), ("dve", 2), ("dvoch", 2), ("dvom", 2), ("dvoma", 2), ("tri", 3), ("troch", 3), ("trom", 3),
      ("styri", 4), ("styroch", 4), ("pat", 5), ("piatich", 5), ("piatim", 5), ("sest", 6), ("siestich", 6),
      ("sedem", 7), ("siedmich", 7), ("osem", 8), ("osmich", 8), ("devat", 9), ("deviatich", 9), ("desat", 10),
      ("desiatich", 10), ("jedenast", 11), ("dvanast", 12), ("trinast", 13), ("strnast", 14), ("patnast", 15),
      ("sestnast", 16), ("sedemnast", 17), ("osemnast", 18), ("devatnast", 19), ("dvadsat", 20),
      ("dvadsiatich", 20), ("tridsat", 30), ("tridsiatich", 30), ("styridsat", 40), ("patdesiat", 50),
      ("patdesiatich", 50), ("sestdesiat", 60), ("sedemdesiat", 70), ("osemdesiat", 80), ("devatdesiat", 90),
    ])
    c["sto"] = .multiplier(100)
    c["tisic"] = .multiplier(1000)
    c["tisice"] = .multiplier(1000)
    c["milion"] = .multiplier(1e6)
    var w = NumberWords(
      cardinals: c, ordinals: [:], percentPrefixes: ["percent"], degreePrefixes: ["stup"], negativeWords: ["minus"],
      decimalSeparator: ",", spaceGroupsThousands: true, segmentsCompounds: true)
    w.ordinalStems = [
      "prv": 1, "druh": 2, "tret": 3, "stvrt": 4, "piat": 5, "siest": 6, "siedm": 7, "osm": 8, "deviat": 9,
      "desiat": 10, "jedenast": 11, "dvanast": 12,
    ]
    w.ordinalStemEndings = ["ieho", "eho", "iu", "ia", "ie", "ej", "om", "ym", "y", "a", "e", "i", "u"]
    w.decimalWords = ["cela", "ciarka"]
    return w
  }()

  package static let chinese: NumberWords = {
    var c = units([
      ("零", 0), ("〇", 0), ("一", 1), ("二", 2), ("两", 2), ("三", 3), ("四", 4), ("五", 5), ("六", 6), ("七", 7),
      ("八", 8), ("九", 9),
    ])
    c["十"] = .multiplier(10)
    c["百"] = .multiplier(100)
    c["千"] = .multiplier(1000)
    c["万"] = .multiplier(10000)
    c["亿"] = .multiplier(1e8)
    var w = NumberWords(
      cardinals: c, ordinals: [:], percentPrefixes: [], degreePrefixes: [], negativeWords: ["负"],
      decimalSeparator: ".", spaceGroupsThousands: false, segmentsCompounds: false)
    w.denominatorMarkers = [["分", "之"]]
    return w
  }()
}
