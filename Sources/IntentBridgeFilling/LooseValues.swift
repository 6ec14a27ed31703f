import IntentBridgeText

/// Values a request writes without a template to mark them, found by their form alone:
///
/// - **quoted** text, also in ASCII single quotes (`the 'SHAP' method`) and with the closing
///   mark missing at the end of the request (`with the ID "rOBhSVKGVKe.`: everything after the
///   mark, a final full stop dropped when the text is one word);
/// - **opaque** tokens: a run without spaces that mixes letters and digits or carries inner
///   dots, dashes, slashes, `@`, `_` or `#` (`Wj6ea0AFaEv`, `192.168.77.71`, `555-123-4567`,
///   `1.0.0`, `app.py`), trailing punctuation left out; ordinary numbers, units and ordinals
///   (`5pm`, `3rd`, `10kg`, `2.5`) are not opaque;
/// - **capitalised** runs of words inside a sentence (`New York`, `American Red Cross`,
///   `Bank of America`), not the sentence's first word.
///
///     LooseValues.find(SurfaceLexer.tokens("Set the speed of robot Wj6ea0AFaEv in New York"))
///     // opaque "Wj6ea0AFaEv", capitalised "New York"
///
/// - Complexity: O(n) in the scalars of the request.
package enum LooseValues {
  package enum Form: Sendable, Hashable { case quoted, opaque, capitalized }

  package struct Value: Sendable, Hashable {
    package var form: Form
    /// Scalar range of the value (inside the marks for quoted text).
    package var span: Range<Int>
    package var text: String
  }

  static let openers: [Unicode.Scalar: Set<Unicode.Scalar>] = QuotedTextExtractor.pairs.merging(["'": ["'"]]) { a, _ in a }

  package static func find(_ lexed: SurfaceTokens) -> [Value] {
    let s = lexed.scalars
    var out = quoted(s)
    func insideQuote(_ range: Range<Int>) -> Bool { out.contains { $0.form == .quoted && $0.span.overlaps(range) } }
    for value in opaque(s) where !insideQuote(value.span) { out.append(value) }
    for value in capitalized(lexed) where !insideQuote(value.span) && !out.contains(where: { $0.span.overlaps(value.span) }) {
      out.append(value)
    }
    return out.sorted { ($0.span.lowerBound, $0.span.upperBound) < ($1.span.lowerBound, $1.span.upperBound) }
  }

  /// Quoted spans: the pairs `QuotedTextExtractor` knows plus ASCII single quotes that open
  /// at a word start and close before a non-letter; a double quote left open runs to the end.
  static func quoted(_ s: [Unicode.Scalar]) -> [Value] {
    var out: [Value] = []
    var i = 0
    func isLetterOrDigit(_ k: Int) -> Bool { k >= 0 && k < s.count && (SurfaceLexer.isLetter(s[k]) || SurfaceLexer.isDigit(s[k])) }
    while i < s.count {
      guard let closers = openers[s[i]] else {
        i += 1
        continue
      }
      let single = s[i] == "'" || s[i] == "‘"
      // An apostrophe inside or after a word ("don't", "users'") opens nothing.
      if single, isLetterOrDigit(i - 1) {
        i += 1
        continue
      }
      var j = i + 1
      while j < s.count {
        if closers.contains(s[j]), !single || !isLetterOrDigit(j + 1) { break }
        j += 1
      }
      if j >= s.count {
        // Left open: only a double quote, to the end of the request.
        guard !single, i + 1 < s.count else {
          i += 1
          continue
        }
        var end = s.count
        while end > i + 1, SurfaceLexer.isSpace(s[end - 1]) { end -= 1 }
        let inner = SurfaceLexer.text(s, (i + 1)..<end)
        // A final full stop ends the sentence unless the quote is a sentence itself
        // (`the message "Don't forget to feed the cat.` keeps it; `named "Cypress Point Club.` not).
        if end > i + 1, s[end - 1] == ".", inner.split(separator: " ").count <= 3 { end -= 1 }
        if end > i + 1 { out.append(Value(form: .quoted, span: (i + 1)..<end, text: SurfaceLexer.text(s, (i + 1)..<end))) }
        break
      }
      if j > i + 1 {
        let text = SurfaceLexer.text(s, (i + 1)..<j)
        if !text.allSatisfy(\.isWhitespace) { out.append(Value(form: .quoted, span: (i + 1)..<j, text: text)) }
      }
      i = j + 1
    }
    return out
  }

  static let trailing: Set<Unicode.Scalar> = [".", ",", ";", ":", "!", "?", ")", "]", "}", "\"", "'", "”", "’", "»"]
  static let leading: Set<Unicode.Scalar> = ["(", "[", "{", "\"", "'", "“", "‘", "«", "„"]
  static let unitSuffixes: Set<String> = [
    "st", "nd", "rd", "th", "am", "pm", "h", "m", "s", "ms", "kg", "km", "cm", "mm", "g", "gb", "mb", "kb", "tb", "k", "x", "d",
    "min", "mins", "hr", "hrs", "l", "ml", "px", "mph", "kph", "w", "kw", "mw", "v", "hz", "ghz", "mhz", "c", "f",
  ]

  /// Runs between spaces that look like identifiers, addresses or codes.
  static func opaque(_ s: [Unicode.Scalar]) -> [Value] {
    var out: [Value] = []
    var i = 0
    while i < s.count {
      guard !SurfaceLexer.isSpace(s[i]) else {
        i += 1
        continue
      }
      var start = i
      var end = i
      while end < s.count, !SurfaceLexer.isSpace(s[end]) { end += 1 }
      i = end
      while start < end, leading.contains(s[start]) { start += 1 }
      while end > start, trailing.contains(s[end - 1]) { end -= 1 }
      guard end - start >= 3 else { continue }
      let run = Array(s[start..<end])
      if run.contains(where: SurfaceLexer.isHan) { continue }
      let letters = run.filter(SurfaceLexer.isLetter).count
      let digits = run.filter(SurfaceLexer.isDigit).count
      let marks = run.filter { "._-/@#:+".unicodeScalars.contains($0) }.count
      let text = SurfaceLexer.text(run, 0..<run.count)
      let opaque: Bool
      if letters > 0 && digits > 0 {
        // "5pm", "3rd", "10kg", "2.4GHz": a number with a unit or ordinal suffix.
        let lower = text.lowercased()
        let suffix = String(lower.drop { $0.isNumber || $0 == "." || $0 == "," })
        let prefixNumber = lower.first?.isNumber ?? false
        opaque = !(prefixNumber && unitSuffixes.contains(suffix))
      } else if digits > 0 {
        // Digits with marks: dotted quads, versions, phone numbers (not "2.5", "1,000", "10:30").
        let dots = run.filter { $0 == "." }.count
        let dashes = run.filter { $0 == "-" }.count
        opaque = dots >= 2 || dashes >= 2 || run.contains("/") && run.count > 5 || run.contains("#")
      } else {
        // Letters only: inner capitals after a lowercase one ("rOBhSVKGVKe", "iPhone"), or
        // marks joining words ("app.py", "user_name", "my-file", "a/b").
        var innerCapital = false
        for k in 1..<run.count
        where SurfaceLexer.isLetter(run[k]) && run[k].properties.isUppercase && SurfaceLexer.isLetter(run[k - 1])
          && run[k - 1].properties.isLowercase
        {
          innerCapital = true
        }
        opaque =
          innerCapital && letters >= 6 || marks > 0 && letters >= 2 && !run.contains("'") && !run.contains("-")
          || run.contains("_") || run.contains(".") && letters >= 3 && !text.hasSuffix(".")
      }
      // (An email address is opaque too, for string parameters that take one.)
      if opaque { out.append(Value(form: .opaque, span: start..<end, text: text)) }
    }
    return out
  }

  static let abbreviations: Set<String> = ["inc", "ltd", "corp", "co", "jr", "sr", "llc", "plc", "st", "dr"]
  static let joiners: Set<String> = ["of", "and", "de", "la", "le", "von", "van", "der", "del", "da", "du", "&", "the"]

  /// Runs of capitalised words that do not start a sentence.
  static func capitalized(_ lexed: SurfaceTokens) -> [Value] {
    let t = lexed.tokens
    let s = lexed.scalars
    var out: [Value] = []
    func isCapital(_ k: Int) -> Bool { t[k].kind == .word && s[t[k].start].properties.isUppercase }
    func startsSentence(_ k: Int) -> Bool {
      var j = k - 1
      while j >= 0, t[j].kind == .punct, !".!?:".contains(t[j].text) { j -= 1 }
      return j < 0 || t[j].kind == .punct
    }
    var k = 0
    while k < t.count {
      guard isCapital(k), !startsSentence(k) else {
        k += 1
        continue
      }
      var end = k + 1
      while end < t.count {
        if isCapital(end), t[end].spaceBefore {
          end += 1
        } else if end + 1 < t.count, joiners.contains(t[end].text), t[end].kind == .word, isCapital(end + 1), t[end].spaceBefore {
          end += 2
        } else {
          break
        }
      }
      // "Wi-Fi", "Coca-Cola": a hyphenated word stays whole.
      while end + 1 < t.count, t[end].text == "-", !t[end].spaceBefore, t[end + 1].kind == .word, !t[end + 1].spaceBefore { end += 2 }
      var span = t[k].start..<t[end - 1].end
      // A company's "Inc." keeps its stop. (A final "'s" stays: "Luigi's" may be the name,
      // "John Smith's traits" a possessive; `DescribedValueFinder` tells them apart.)
      if end < t.count, t[end].text == ".", !t[end].spaceBefore, abbreviations.contains(t[end - 1].text) {
        span = span.lowerBound..<t[end].end
      }
      out.append(Value(form: .capitalized, span: span, text: SurfaceLexer.text(s, span)))
      k = end
    }
    return out
  }
}
