import IntentBridgeCatalog
import IntentBridgeJSON
import IntentBridgeText

/// What a parameter's name, title and description say that a request may echo next to the
/// parameter's value, for filling without a phrase template (`DescribedValueFinder`).
///
///     // {"name": "patient_weight", "description": "The weight of the patient in kilograms"}
///     // strong: weight, patient · weak: weight, patient · units: kilogram
///     // {"name": "platform", "description": "… (e.g., PC, console, mobile)"}
///     // strong: platform · examples: [pc], [console], [mobile]
///
/// - **strong** cues are the words of the name (split at `_`, `-`, `.`, camel case and
///   digits) and of the title, stemmed; a few abbreviations are spelled out (`id` also
///   reads as "identifier", `qty` as "quantity");
/// - **weak** cues are the content words of the description's head, the part before a
///   relative clause ("for which you want …"), a bracket or "e.g.";
/// - **examples** are the values the description lists after "e.g." / "such as" / "for
///   example" / "like": a request that contains one is naming this parameter's value;
/// - **units** are the words after "in" ("in kilograms", "in USD", "in minutes").
///
/// - Complexity: O(words of the name, title and description) to build.
package struct ParameterCues: Sendable {
  package var strong: Set<String>
  package var weak: Set<String>
  /// Example values, each as folded words.
  package var examples: [[String]]
  package var units: Set<String>
  /// The description (or an example) shows dates as ISO 8601 (`2022-10-15`, `YYYY-MM-DD`).
  package var wantsISODate: Bool
  /// The name or description says the value is a date or day.
  package var isDateLike: Bool
  /// The name or description says the value is a time of day.
  package var isTimeLike: Bool
  /// The name says identifier, code, key or number.
  package var isIdentifier: Bool
  /// The name says location, city, country, place …
  package var isPlace: Bool
  /// The name says name or title.
  package var isName: Bool
  /// The name says URL, link, server, IP …
  package var isAddress: Bool
  /// The name says path, file, image …
  package var isFile: Bool
  /// The name says email, recipient …
  package var isEmail: Bool
  /// The name says text, message, body, note …: a sentence of its own.
  package var isMessage: Bool

  /// Words of a name too general to point at one parameter.
  static let generic: Set<String> = [
    "is", "has", "use", "enable", "include", "allow", "should", "flag", "only", "the", "of", "to", "for", "a", "an", "and", "or",
    "specify", "specific", "desired", "optional", "value", "data", "info", "information", "type", "list", "new", "current",
    "given", "target",
  ]
  static let abbreviations: [String: [String]] = [
    "id": ["identifier", "ids"], "qty": ["quantity"], "num": ["number"], "no": ["number"], "desc": ["description"],
    "loc": ["location"], "addr": ["address"], "msg": ["message"], "img": ["image"], "pic": ["picture", "photo"],
    "dob": ["birth"], "temp": ["temperature"], "lang": ["language"], "max": ["maximum"], "min": ["minimum"], "dest": ["destination"],
  ]
  static let identifierWords: Set<String> = ["id", "ids", "identifier", "code", "key", "uuid", "sku", "isbn", "number", "serial", "token"]
  static let placeWords: Set<String> = [
    "location", "city", "country", "region", "place", "address", "destination", "origin", "area", "state", "town", "venue",
    "continent", "province", "zip", "where",
  ]
  static let nameWords: Set<String> = ["name", "title", "label", "called", "username", "nickname"]
  static let addressWords: Set<String> = [
    "url", "link", "uri", "website", "site", "endpoint", "repository", "repo", "ip", "server", "host", "hostname",
  ]
  static let fileWords: Set<String> = ["path", "file", "filename", "image", "photo", "picture", "document", "folder", "directory"]
  static let emailWords: Set<String> = ["email", "mail", "recipient", "recipients", "sender", "address"]
  static let messageWords: Set<String> = ["text", "message", "body", "content", "note", "comment", "caption", "status", "reply", "say", "words"]
  static let dateWords: Set<String> = ["date", "day", "birthday", "deadline", "due", "dob"]
  static let timeWords: Set<String> = ["time", "hour", "clock"]

  /// `functionWords`: the language's stop and function words (no cues); by default the
  /// analyser's profile's.
  package init(_ parameter: Parameter, language: String, analyzer: TextAnalyzer, functionWords given: Set<String>? = nil) {
    func stems(_ words: [String]) -> [String] { words.map(analyzer.stem) }
    let nameParts = Self.nameParts(parameter.name)
    let functionWords = given ?? analyzer.profile.functionWords.union(analyzer.profile.stopWords)
    var strongWords = nameParts.filter { !Self.generic.contains($0) && !functionWords.contains($0) }
    if strongWords.isEmpty { strongWords = nameParts }
    for part in nameParts { strongWords += Self.abbreviations[part] ?? [] }
    if let title = parameter.title?.resolved(for: language) {
      strongWords += Self.words(title, analyzer).filter { !Self.generic.contains($0) && !functionWords.contains($0) }
    }
    strong = Set(stems(strongWords))
    let description = parameter.description?.resolved(for: language) ?? ""
    let (head, examples, units) = Self.readDescription(description, analyzer)
    weak = Set(stems(head.filter { !Self.generic.contains($0) && !functionWords.contains($0) }))
    self.examples = examples
    self.units = Set(stems(units))
    let all = Set(nameParts)
    wantsISODate =
      description.contains("YYYY-MM-DD") || description.contains("ISO 8601")
      || examples.contains { $0.count == 5 && $0[0].count == 4 && $0[0].allSatisfy(\.isNumber) && $0[1] == "-" }
    isDateLike = !all.isDisjoint(with: Self.dateWords) || parameter.type == .date
    isTimeLike = !all.isDisjoint(with: Self.timeWords)
    isIdentifier = !all.isDisjoint(with: Self.identifierWords)
    isPlace = !all.isDisjoint(with: Self.placeWords)
    isName = !all.isDisjoint(with: Self.nameWords)
    isAddress = !all.isDisjoint(with: Self.addressWords) || parameter.type == .url
    isFile = !all.isDisjoint(with: Self.fileWords)
    isEmail = !all.isDisjoint(with: Self.emailWords) && !isAddress || parameter.type == .email
    isMessage = !all.isDisjoint(with: Self.messageWords)
  }

  /// Whether a request word (folded, and its stem) is one of `cues`: the same stem, or one
  /// a prefix of the other with at least four letters ("data" / "dataset", "weigh" / "weight").
  package static func matches(_ stem: String, _ cues: Set<String>) -> Bool {
    if cues.contains(stem) { return true }
    guard stem.count >= 4 else { return false }
    return cues.contains { cue in cue.count >= 4 && (stem.hasPrefix(cue) || cue.hasPrefix(stem)) }
  }

  /// The lowercased words of a parameter name: `patient_weight`, `patientWeight`,
  /// `patient-weight` → patient, weight; `getPM2_5Level` → get, pm, 2, 5, level.
  package static func nameParts(_ name: String) -> [String] {
    var parts: [String] = []
    var current = ""
    var previous: Character?
    for c in name {
      let boundary =
        c == "_" || c == "-" || c == "." || c == " " || c == "/"
        || (c.isUppercase && (previous?.isLowercase ?? false))
        || (c.isNumber != (previous?.isNumber ?? c.isNumber))
      if boundary, !current.isEmpty {
        parts.append(current.lowercased())
        current = ""
      }
      if c.isLetter || c.isNumber { current.append(c) }
      previous = c
    }
    if !current.isEmpty { parts.append(current.lowercased()) }
    return parts
  }

  /// Folded words of a text (no punctuation).
  static func words(_ text: String, _ analyzer: TextAnalyzer) -> [String] {
    SurfaceLexer.tokens(text).tokens.filter { $0.kind == .word || $0.kind == .digits || $0.kind == .cjk }.map(\.text)
  }

  /// The description's head words, its examples and its units.
  static func readDescription(_ text: String, _ analyzer: TextAnalyzer) -> (head: [String], examples: [[String]], units: [String]) {
    let tokens = SurfaceLexer.tokens(text).tokens
    var head: [String] = []
    var headDone = false
    var units: [String] = []
    var examples: [[String]] = []
    let headStops: Set<String> = ["for", "which", "that", "to", "you", "who", "whose", "where", "when", "if", "whether", "used", "being"]
    var i = 0
    while i < tokens.count {
      let t = tokens[i]
      if let end = exampleStart(tokens, i) {
        // The list runs to the closing bracket or the end of the sentence.
        var j = end
        var item: [String] = []
        while j < tokens.count {
          let u = tokens[j]
          if u.kind == .punct && (u.text == ")" || u.text == "]" || (u.text == "." && (j + 1 == tokens.count || tokens[j + 1].spaceBefore))) { break }
          if u.kind == .punct && (u.text == "," || u.text == ";" || u.text == "/") || u.text == "or" || u.text == "and" || u.text == "etc" {
            if !item.isEmpty { examples.append(item) }
            item = []
          } else if u.kind == .punct && (u.text == "'" || u.text == "\"" || u.text == "“" || u.text == "”") {
            // quotes around an example
          } else {
            item.append(u.text)
          }
          j += 1
        }
        if !item.isEmpty { examples.append(item) }
        headDone = true
        i = j + 1
        continue
      }
      if t.kind == .word, t.text == "in", i + 1 < tokens.count, tokens[i + 1].kind == .word {
        var j = i + 1
        while j < tokens.count, tokens[j].kind == .word, ["the", "a", "an"].contains(tokens[j].text) { j += 1 }
        if j < tokens.count, tokens[j].kind == .word { units.append(tokens[j].text) }
      }
      if t.kind == .punct, t.text == "(", i + 1 < tokens.count, tokens[i + 1].kind == .word, i + 2 < tokens.count, tokens[i + 2].text == ")" {
        units.append(tokens[i + 1].text)  // "(MW)", "(kg)"
      }
      if !headDone {
        if t.kind == .punct && t.text != "-" && t.text != "'" || t.kind == .word && headStops.contains(t.text) {
          headDone = !head.isEmpty
        } else if t.kind == .word || t.kind == .cjk {
          head.append(t.text)
        }
      }
      i += 1
    }
    return (head, examples.filter { !$0.isEmpty && $0.count <= 6 }, units)
  }

  /// Where an example list starts after "e.g." / "eg" / "such as" / "for example" / "like" /
  /// "i.e." at token `i` (the index after the marker and its comma or colon); nil otherwise.
  static func exampleStart(_ t: [SurfaceToken], _ i: Int) -> Int? {
    func skipComma(_ k: Int) -> Int { k < t.count && (t[k].text == "," || t[k].text == ":") ? k + 1 : k }
    if t[i].text == "e" || t[i].text == "i", i + 3 < t.count, t[i + 1].text == ".", t[i + 2].text == (t[i].text == "e" ? "g" : "e"),
      t[i + 3].text == "."
    {
      return skipComma(i + 4)
    }
    if t[i].text == "eg" || t[i].text == "ex" { return skipComma(i + 1 + (i + 1 < t.count && t[i + 1].text == "." ? 1 : 0)) }
    if t[i].text == "such", i + 1 < t.count, t[i + 1].text == "as" { return skipComma(i + 2) }
    if t[i].text == "for", i + 1 < t.count, t[i + 1].text == "example" || t[i + 1].text == "instance" { return skipComma(i + 2) }
    return nil
  }
}
