import IntentBridgeText

/// Finds durations: a number and a unit, chained with smaller units (`1 hour and 20
/// minutes`, `5 minutes 30 seconds`), and the half forms (`half an hour`, `1 and a half
/// hours`, `anderthalb Stunden`, `puoli tuntia`, `pol hodiny`, `2 hodiny a pol`, `一个半小时`).
///
///     DurationExtractor(language: "en").extract("set a timer for 1 hour and 20 minutes")
///     // duration hours 1, minutes 20 (4800 s), span 16..<37
///     DurationExtractor(language: "sk").extract("časovač na 2 hodiny 5 minút")
///     // duration hours 2, minutes 5
///
/// The value keeps the components as said (`90 minutes` → minutes 90); fractions spill
/// into the smaller units (`1.5 hours` → hours 1, minutes 30). A duration longer than
/// ``DurationValue/maximumSeconds`` (100 years) is not read as one.
///
/// - Complexity: O(n) in the scalars of the request.
package struct DurationExtractor: Sendable {
  /// The kinds of value it finds.
  package static let kinds: Set<ExtractedValue.Kind> = [.duration]

  package let language: String
  let numbers: NumberExtractor
  let units: DurationUnits

  package init(language: String) {
    self.language = language
    self.numbers = NumberExtractor(language: language)
    self.units = DurationUnits.forLanguage(language)
  }

  /// All durations of `text`, in order.
  package func extract(_ text: String) -> [ExtractedValue] { extract(lexed: SurfaceLexer.tokens(text)) }

  /// The same on an already tokenised request (``Extractors`` tokenises once for all).
  func extract(lexed: SurfaceTokens) -> [ExtractedValue] {
    let (tokens, scalars) = (lexed.tokens, lexed.scalars)
    var out: [ExtractedValue] = []
    var i = 0
    while i < tokens.count {
      if let d = duration(tokens, i) {
        let span = tokens[i].start..<tokens[d.end - 1].end
        out.append(
          ExtractedValue(
            kind: .duration, value: .duration(d.value), span: span, confidence: d.confidence,
            text: SurfaceLexer.text(scalars, span)))
        i = d.end
      } else {
        i += 1
      }
    }
    return out
  }

  struct Found {
    var value: DurationValue
    var end: Int
    var confidence: Double
  }

  /// A chained duration starting at token `i`.
  func duration(_ t: [SurfaceToken], _ i: Int) -> Found? {
    guard var first = component(t, i) else { return nil }
    var value = DurationValue()
    guard add(first.amount, first.unit, to: &value) else { return nil }
    var confidence = first.confidence
    var end = first.end
    while end < t.count {
      var j = end
      if units.connectors.contains(t[j].text) { j += 1 }
      // Chained units get smaller (`1 hour 20 minutes`); `1 tunti 2 tunnin` is two values.
      guard j < t.count, let next = component(t, j), next.unit < first.unit else { break }
      guard add(next.amount, next.unit, to: &value) else { return nil }
      confidence = min(confidence, next.confidence)
      end = next.end
      first = next
    }
    return Found(value: value, end: end, confidence: confidence)
  }

  /// Adds `amount` units of `unit` seconds to `value`; false, leaving the duration unread,
  /// when the amount is not a finite non-negative number or the sum would pass
  /// ``DurationValue/maximumSeconds`` (so no conversion or sum below can overflow).
  private func add(_ amount: Double, _ unit: Int, to value: inout DurationValue) -> Bool {
    let limit = Double(DurationValue.maximumSeconds)
    guard amount.isFinite, amount >= 0, amount * Double(unit) <= limit,
      Double(value.totalSeconds) + amount * Double(unit) <= limit
    else { return false }
    if amount == amount.rounded() {
      let whole = Int(amount)
      switch unit {
      case 3600: value.hours += whole
      case 60: value.minutes += whole
      default: value.seconds += whole
      }
      return true
    }
    let secs = Int((amount * Double(unit)).rounded())
    let part = DurationValue(totalSeconds: secs)
    value.hours += part.hours
    value.minutes += part.minutes
    value.seconds += part.seconds
    return true
  }

  struct Component {
    var amount: Double
    var unit: Int
    var end: Int
    var confidence: Double
  }

  /// One `number unit` (or half form) at token `i`.
  func component(_ t: [SurfaceToken], _ i: Int) -> Component? {
    let n = t.count
    var j = i
    var amount: Double
    var confidence = 1.0
    if let half = units.halves[t[j].text] {
      amount = half
      j += 1
      if j < n, units.articles.contains(t[j].text) { j += 1 }  // half an hour
      if j < n, t[j].text == "个" { j += 1 }
    } else if units.articles.contains(t[j].text), j + 1 < n, units.unit(t[j + 1].text) != nil {
      amount = 1
      j += 1
      confidence = 0.9
    } else if let m = numbers.number(t, j), !m.ordinal {
      amount = m.value
      confidence = m.confidence < 1 ? 0.9 : 1
      j = m.end
      if j < n, t[j].text == "个" { j += 1 }
      if j < n, let half = units.halves[t[j].text], half == 0.5 {
        // `一个半小时` (1 + ½), `eine halbe Stunde` (½)
        amount = units.halfReplacesOne && amount == 1 ? 0.5 : amount + 0.5
        j += 1
      }
    } else {
      return nil
    }
    // `1 and a half hours`, `2 a pol hodiny`
    for tail in units.halfTails where j + tail.count < n && units.unitAt(t, j + tail.count) != nil {
      if (0..<tail.count).allSatisfy({ t[j + $0].text == tail[$0] }) {
        amount += 0.5
        j += tail.count
        break
      }
    }
    guard j < n else { return nil }
    var unitSeconds: Int
    if let (u, len) = units.unitAt(t, j) {
      unitSeconds = u
      j += len
    } else {
      return nil
    }
    // `an hour and a half`, `hodinu a pol`
    for tail in units.halfTails {
      if j + tail.count <= n, (0..<tail.count).allSatisfy({ t[j + $0].text == tail[$0] }) {
        amount += 0.5
        j += tail.count
        break
      }
    }
    return Component(amount: amount, unit: unitSeconds, end: j, confidence: confidence)
  }
}

/// Per-language duration vocabulary (folded words).
struct DurationUnits: Sendable {
  /// Exact unit words and their length in seconds.
  var exact: [String: Int]
  /// Unit word prefixes (inflected forms: `minuuttia`, `minút`, `hodinami`), longest first.
  var prefixes: [(String, Int)]
  /// Multi-token units (`分钟`, `小时`, `钟头`).
  var sequences: [([String], Int)] = []
  var halves: [String: Double]
  /// In de a half word after `eine` replaces it (`eine halbe Stunde` = ½); in zh it adds (`一个半` = 1½).
  var halfReplacesOne: Bool
  var articles: Set<String>
  var connectors: Set<String>
  var halfTails: [[String]]

  func unit(_ word: String) -> Int? {
    if let u = exact[word] { return u }
    for (p, u) in prefixes where word.hasPrefix(p) { return u }
    return nil
  }

  func unitAt(_ t: [SurfaceToken], _ j: Int) -> (Int, Int)? {
    for (seq, u) in sequences where j + seq.count <= t.count {
      if (0..<seq.count).allSatisfy({ t[j + $0].text == seq[$0] }) { return (u, seq.count) }
    }
    guard t[j].kind == .word || t[j].kind == .cjk, let u = unit(t[j].text) else { return nil }
    return (u, 1)
  }

  static func forLanguage(_ language: String) -> DurationUnits {
    switch LanguageTag.primary(language) {
    case "de": return german
    case "fi": return finnish
    case "sk": return slovak
    case "zh": return chinese
    default: return english
    }
  }

  static let english = DurationUnits(
    exact: [
      "second": 1, "seconds": 1, "sec": 1, "secs": 1, "s": 1, "minute": 60, "minutes": 60, "min": 60, "mins": 60,
      "hour": 3600, "hours": 3600, "hr": 3600, "hrs": 3600, "h": 3600,
    ], prefixes: [], halves: ["half": 0.5], halfReplacesOne: false, articles: ["a", "an"],
    connectors: ["and", ","], halfTails: [["and", "a", "half"]])

  static let german = DurationUnits(
    exact: [
      "sekunde": 1, "sekunden": 1, "sek": 1, "s": 1, "minute": 60, "minuten": 60, "min": 60, "stunde": 3600,
      "stunden": 3600, "std": 3600, "h": 3600,
    ], prefixes: [], halves: ["halb": 0.5, "halbe": 0.5, "halben": 0.5, "halber": 0.5], halfReplacesOne: true,
    articles: [], connectors: ["und", ","], halfTails: [["und", "eine", "halbe"]])

  static let finnish = DurationUnits(
    exact: ["s": 1, "min": 60, "h": 3600], prefixes: [("sekun", 1), ("minuut", 60), ("tunti", 3600), ("tunni", 3600)],
    halves: ["puoli": 0.5, "puolen": 0.5, "puolitoista": 1.5, "puolentoista": 1.5], halfReplacesOne: false,
    articles: [], connectors: ["ja", ","], halfTails: [])

  static let slovak = DurationUnits(
    exact: ["s": 1, "sek": 1, "min": 60, "h": 3600, "hod": 3600],
    prefixes: [("sekund", 1), ("minut", 60), ("hodin", 3600)], halves: ["pol": 0.5], halfReplacesOne: false,
    articles: [], connectors: ["a", ","], halfTails: [["a", "pol"]])

  static let chinese = DurationUnits(
    exact: ["秒": 1, "分": 60, "时": 3600], prefixes: [],
    sequences: [(["秒", "钟"], 1), (["分", "钟"], 60), (["小", "时"], 3600), (["钟", "头"], 3600)],
    halves: ["半": 0.5], halfReplacesOne: false, articles: [], connectors: ["和", "，", ",", "零"], halfTails: [])
}
