import IntentBridgeText

/// Finds numbers, ordinals, percentages and temperatures, written with digits or words.
///
///     let x = NumberExtractor(language: "de")
///     x.extract("Stell die Heizung auf 21,5 Grad")   // temperature 21.5, span 22..<31
///     x.extract("fünfundzwanzig Prozent")            // percentage 25
///     x.extract("der dritte Timer")                  // ordinal 3
///     NumberExtractor(language: "fi").extract("1 000 euroa")  // number 1000
///     NumberExtractor(language: "zh-CN").extract("一百零五")  // number 105
///
/// Digits follow the language's separators (`1,5` in de/fi/sk, `1.5` in en and zh; `1.000`
/// de, `1,000` en, `1 000` fi/sk); the other mark is still read, with confidence 0.8.
/// Values never overlap; the longest reading at each position wins.
///
/// - Complexity: O(n) in the scalars of the request (compound words: O(w²) per word).
package struct NumberExtractor: Sendable {
  /// The kinds of value it finds.
  package static let kinds: Set<ExtractedValue.Kind> = [.number, .ordinal, .percentage, .temperature]

  package let language: String
  let words: NumberWords?
  let isChinese: Bool

  package init(language: String) {
    self.language = language
    self.words = NumberWords.forLanguage(language)
    self.isChinese = LanguageTag.primary(language) == "zh"
  }

  /// A number read at a token position.
  struct Match {
    var value: Double
    /// Token range of the number itself.
    var first: Int
    var end: Int
    var ordinal: Bool
    var confidence: Double
  }

  /// All numbers, ordinals, percentages and temperatures of `text`, in order.
  package func extract(_ text: String) -> [ExtractedValue] { extract(lexed: SurfaceLexer.tokens(text)) }

  /// The same on an already tokenised request (``Extractors`` tokenises once for all).
  func extract(lexed: SurfaceTokens) -> [ExtractedValue] {
    let (tokens, scalars) = (lexed.tokens, lexed.scalars)
    var out: [ExtractedValue] = []
    var i = 0
    while i < tokens.count {
      guard let (value, end) = quantity(tokens, i) else {
        i += 1
        continue
      }
      let span = tokens[i].start..<tokens[end - 1].end
      out.append(
        ExtractedValue(
          kind: value.kind, value: .number(value.number), span: span, confidence: value.confidence,
          text: SurfaceLexer.text(scalars, span)))
      i = end
    }
    return out
  }

  struct Quantity {
    var kind: ExtractedValue.Kind
    var number: Double
    var confidence: Double
  }

  /// A number with its prefix (`minus`, `百分之`, `第`) and suffix (`%`, `Grad`, `度`) starting
  /// at token `i`, and the token index after it.
  func quantity(_ t: [SurfaceToken], _ i: Int) -> (Quantity, Int)? {
    let n = t.count
    // Prefixes.
    if isChinese, t[i].kind == .cjk {
      if t[i].text == "百", i + 2 < n, t[i + 1].text == "分", t[i + 2].text == "之", let m = number(t, i + 3) {
        return (Quantity(kind: .percentage, number: m.value, confidence: m.confidence), m.end)
      }
      if t[i].text == "第", i + 1 < n, let m = number(t, i + 1), !m.ordinal {
        return (Quantity(kind: .ordinal, number: m.value, confidence: m.confidence), m.end)
      }
      if t[i].text == "零", i + 2 < n, t[i + 1].text == "下", let m = number(t, i + 2) {
        return suffixed(t, Match(value: -m.value, first: i, end: m.end, ordinal: false, confidence: m.confidence))
      }
    }
    if t[i].kind == .punct, t[i].text == "-" || t[i].text == "−", i + 1 < n, t[i + 1].kind == .digits,
      !t[i + 1].spaceBefore, i == 0 || t[i].spaceBefore || t[i - 1].kind == .punct || t[i - 1].kind == .cjk,
      let m = number(t, i + 1), !m.ordinal
    {
      return suffixed(t, Match(value: -m.value, first: i, end: m.end, ordinal: false, confidence: m.confidence))
    }
    if let w = words, w.negativeWords.contains(t[i].text), i + 1 < n, let m = number(t, i + 1), !m.ordinal {
      return suffixed(t, Match(value: -m.value, first: i, end: m.end, ordinal: false, confidence: m.confidence))
    }
    guard let m = number(t, i) else { return nil }
    return suffixed(t, m)
  }

  private func suffixed(_ t: [SurfaceToken], _ m: Match) -> (Quantity, Int) {
    if m.ordinal { return (Quantity(kind: .ordinal, number: m.value, confidence: m.confidence), m.end) }
    let e = m.end
    let n = t.count
    var q = Quantity(kind: .number, number: m.value, confidence: m.confidence)
    guard e < n else { return (q, e) }
    let next = t[e]
    if next.text == "%" {
      q.kind = .percentage
      return (q, e + 1)
    }
    if next.text == "°" || next.text == "℃" || next.text == "度" {
      q.kind = .temperature
      if next.text == "°", e + 1 < n, t[e + 1].kind == .word, !t[e + 1].spaceBefore, t[e + 1].text == "c" || t[e + 1].text == "f" {
        return (q, e + 2)
      }
      return (q, e + 1)
    }
    if next.kind == .word, let w = words {
      if w.percentPrefixes.contains(where: { next.text.hasPrefix($0) }) {
        q.kind = .percentage
        return (q, e + 1)
      }
      if w.degreePrefixes.contains(where: { next.text.hasPrefix($0) }) {
        q.kind = .temperature
        if e + 1 < n, ["c", "celsius", "f", "fahrenheit", "celsiusta", "celzia"].contains(t[e + 1].text) {
          return (q, e + 2)
        }
        return (q, e + 1)
      }
    }
    return (q, e)
  }

  /// A bare number (digits or words) at token `i`.
  func number(_ t: [SurfaceToken], _ i: Int) -> Match? {
    guard i < t.count else { return nil }
    switch t[i].kind {
    case .digits: return digits(t, i)
    case .word where !isChinese: return wordNumber(t, i)
    case .cjk where isChinese: return wordNumber(t, i)
    default: return nil
    }
  }

  private func digits(_ t: [SurfaceToken], _ i: Int) -> Match? {
    let n = t.count
    let decimal = words?.decimalSeparator ?? "."
    let thousands = decimal == "." ? "," : "."
    var integer = t[i].text
    var fraction: String?
    var confidence = 1.0
    var j = i + 1
    var grouped = false
    while j < n {
      if j + 1 < n, t[j].kind == .punct, !t[j].spaceBefore, t[j].text == "." || t[j].text == ",",
        t[j + 1].kind == .digits, !t[j + 1].spaceBefore
      {
        let sep = t[j].text
        let next = t[j + 1].text
        if sep == thousands, next.count == 3, integer.count <= 3 || grouped {
          integer += next
          grouped = true
          if decimal == "," && sep == "." && !grouped { confidence = 0.9 }
          j += 2
          continue
        }
        if sep == decimal {
          fraction = next
          j += 2
          break
        }
        // The other mark as a decimal separator (`21.5` in German).
        fraction = next
        confidence = 0.8
        j += 2
        break
      }
      if let w = words, w.spaceGroupsThousands, t[j].kind == .digits, t[j].spaceBefore, t[j].text.count == 3,
        integer.count <= 3 || grouped, !(j + 1 < n && t[j + 1].kind == .punct && t[j + 1].text == ":")
      {
        integer += t[j].text
        grouped = true
        j += 1
        continue
      }
      break
    }
    // 309 digits and more read as infinity: too large to be any value (not a number).
    guard let v = Double(fraction.map { integer + "." + $0 } ?? integer), v.isFinite else { return nil }
    // Ordinal suffixes: `3rd`; `3.` before a word (de, fi, sk).
    if fraction == nil, j < n {
      if let w = words, t[j].kind == .word, !t[j].spaceBefore, w.digitOrdinalSuffixes.contains(t[j].text) {
        return Match(value: v, first: i, end: j + 1, ordinal: true, confidence: 1)
      }
      let lang = LanguageTag.primary(language)
      if lang == "de" || lang == "fi" || lang == "sk", t[j].text == ".", !t[j].spaceBefore, j + 1 < n,
        t[j + 1].kind == .word, t[j + 1].spaceBefore
      {
        return Match(value: v, first: i, end: j + 1, ordinal: true, confidence: 0.6)
      }
    }
    return Match(value: v, first: i, end: j, ordinal: false, confidence: confidence)
  }

  /// Chinese characters that make a word with a preceding 一 in which it is no number.
  static let wordsWithOne: Set<String> = ["点", "些", "下", "会", "样", "起", "直", "定", "切", "般"]

  private func wordNumber(_ t: [SurfaceToken], _ i: Int) -> Match? {
    guard let table = words else { return nil }
    let n = t.count
    let kind = t[i].kind
    var state = NumberWords.State()
    var j = i
    var last = i
    var count = 0
    var ordinal = false
    while j < n, t[j].kind == kind {
      if isChinese, j > i, t[j].spaceBefore { break }
      if let roles = table.segment(t[j].text) {
        var s = state
        var ok = true
        for (k, r) in roles.enumerated() where !s.apply(r, checkOrder: k == 0) {
          ok = false
          break
        }
        if !ok { break }
        state = s
        if roles != [.connector] {
          last = j + 1
          count += 1
        }
      } else if let o = table.ordinal(t[j].text) {
        var s = state
        if !s.apply(.unit(Double(o)), checkOrder: true) { break }
        state = s
        last = j + 1
        count += 1
        ordinal = true
        break
      } else {
        break
      }
      j += 1
      if !isChinese, j + 1 < n, t[j].kind == .punct, t[j].text == "-", !t[j].spaceBefore, !t[j + 1].spaceBefore {
        j += 1
      }
    }
    guard count > 0 else { return nil }
    // 一 inside a word ("大一点" a little more, "一些" some, "一下" a moment, "一起" together) is
    // not the number 1; "一点钟", "一点半" (one o'clock) stay numbers for the clock readers.
    if isChinese, count == 1, state.value == 1, last < n, !t[last].spaceBefore, Self.wordsWithOne.contains(t[last].text) {
      let clock = t[last].text == "点" && last + 1 < n && ["钟", "半", "分"].contains(t[last + 1].text)
      if !clock { return nil }
    }
    // "twenty point five": the digits after a decimal word, one word or digit group each.
    if !ordinal, last + 1 < n, table.decimalWords.contains(t[last].text) {
      var fraction = ""
      var k = last + 1
      while k < n {
        if t[k].kind == .digits, fraction.isEmpty {
          fraction = t[k].text
          k += 1
          break
        }
        guard t[k].kind == .word, let roles = table.segment(t[k].text), roles.count == 1, case .unit(let digit) = roles[0],
          digit >= 0, digit <= 9, digit == digit.rounded()
        else { break }
        fraction += String(Int(digit))
        k += 1
      }
      if !fraction.isEmpty, let whole = Int(exactly: state.value), let value = Double("\(whole).\(fraction)") {
        return Match(value: value, first: i, end: k, ordinal: false, confidence: 0.9)
      }
    }
    // A lone `one`/`ein`/`一` is often an article or part of a word: lower confidence.
    var confidence = 0.9
    if count == 1, state.value <= 1 { confidence = 0.6 }
    if isChinese, count == 1 { confidence = min(confidence, 0.7) }
    return Match(value: state.value, first: i, end: last, ordinal: ordinal, confidence: confidence)
  }
}
