import IntentBridgeJSON

/// The translations of an app: String Catalogs (`.xcstrings`) and strings files
/// (`xx.lproj/Table.strings`), by table (the file name without extension: `Localizable`,
/// `AppShortcuts`, `InfoPlist`), key and catalog language tag.
///
///     var strings = LocalizedStrings()
///     strings.add(file: "Localizable.xcstrings", bytes: bytes, recorder: &recorder)
///     strings.entry(table: "Localizable", key: "Start Hike")?.values   // [("en", "Start Hike", …), ("de", "Wanderung starten", …)]
///
/// Apple's language tags become the catalog's BCP 47 tags (`zh-Hans` → `zh-CN`, `zh-Hant` →
/// `zh-TW`, `pt_BR` → `pt-BR`, `German.lproj` → `de`; `Base.lproj` is the source language).
/// Of a plural or device variation the `other` form is used, and the entry says so.
struct LocalizedStrings {
  struct Value {
    var language: String
    var text: String
    var location: FileLocation
  }

  struct Entry {
    var values: [Value] = []
    /// `plural`, `device`, … when a value came from a variation.
    var variations: [String] = []
    /// `"shouldTranslate": false`: the key is not translated; only the source text counts.
    var shouldTranslate = true

    func value(for language: String) -> Value? { values.first { $0.language == language } }
  }

  /// The development language: the first String Catalog's `sourceLanguage` (catalog tag).
  private(set) var sourceLanguage: String?
  private(set) var tables: [String: [String: Entry]] = [:]
  /// Every language with at least one value, in the order first seen.
  private(set) var languages: [String] = []

  func entry(table: String, key: String) -> Entry? { tables[table]?[key] }

  // MARK: Reading

  /// Reads a `.xcstrings` or `.strings` file; problems become warnings on `recorder`.
  mutating func add(file name: String, bytes: [UInt8], recorder: inout ImportRecorder) {
    let table = Self.tableName(of: name)
    if name.hasSuffix(".xcstrings") {
      addStringCatalog(name: name, table: table, bytes: bytes, recorder: &recorder)
    } else {
      addStringsFile(name: name, table: table, bytes: bytes, recorder: &recorder)
    }
  }

  /// `Resources/AppShortcuts.xcstrings` → `AppShortcuts`.
  static func tableName(of file: String) -> String {
    var stem = Substring(file.split(separator: "/").last ?? "")
    if let dot = stem.lastIndex(of: ".") { stem = stem[..<dot] }
    return String(stem)
  }

  private mutating func addStringCatalog(name: String, table: String, bytes: [UInt8], recorder: inout ImportRecorder) {
    let document: JSONValue
    let locations: [JSONPath: SourceLocation]
    do {
      (document, locations) = try JSONParser.parseWithLocations(bytes: bytes)
    } catch {
      recorder.warn(
        FileLocation(file: name, line: error.location.line, column: error.location.column),
        "the String Catalog is not valid JSON (\(error.message)); its translations were not imported")
      return
    }
    func location(_ path: JSONPath) -> FileLocation {
      var path = path
      while true {
        if let found = locations[path] { return FileLocation(file: name, line: found.line, column: found.column) }
        guard !path.components.isEmpty else { return FileLocation(file: name, line: 1, column: 1) }
        path.components.removeLast()
      }
    }
    guard case .object(let root) = document else {
      recorder.warn(
        location(.root),
        "expected a String Catalog object {\"sourceLanguage\", \"strings\"}, \(document.foundDescription); its translations were not imported")
      return
    }
    if case .string(let tag)? = root["sourceLanguage"], let mapped = Self.catalogTag(tag) {
      if let existing = sourceLanguage, existing != mapped {
        recorder.warn(
          location(.root / "sourceLanguage"),
          "sourceLanguage '\(tag)' differs from '\(existing)' of an earlier String Catalog; the earlier one stays the catalog's default language")
      }
      if sourceLanguage == nil { sourceLanguage = mapped }
    }
    guard case .object(let strings)? = root["strings"] else {
      if root["strings"] != nil {
        recorder.warn(location(.root / "strings"), "expected \"strings\" to be an object of keys; its translations were not imported")
      }
      return
    }
    for (key, value) in strings {
      let keyPath = JSONPath.root / "strings" / key
      guard case .object(let object) = value else { continue }
      var entry = tables[table]?[key] ?? Entry()
      if object["shouldTranslate"] == .bool(false) { entry.shouldTranslate = false }
      if case .object(let localizations)? = object["localizations"] {
        for (tag, localization) in localizations {
          guard let language = Self.catalogTag(tag) else {
            recorder.warn(
              location(keyPath / "localizations" / tag),
              "the language '\(tag)' is not a BCP 47 tag; its translation of \(JSONWriter.quoted(key)) was not imported")
            continue
          }
          let localizationPath = keyPath / "localizations" / tag
          if case .string(let text)? = localization["stringUnit"]?["value"] {
            entry.values.append(Value(language: language, text: text, location: location(localizationPath / "stringUnit" / "value")))
          } else if case .object(let variations)? = localization["variations"] {
            for (kind, forms) in variations {
              guard case .object(let formObject) = forms else { continue }
              let form = formObject["other"] != nil ? "other" : formObject.keys.first
              if let form, case .string(let text)? = formObject[form]?["stringUnit"]?["value"] {
                if !entry.variations.contains(kind) { entry.variations.append(kind) }
                entry.values.append(
                  Value(language: language, text: text, location: location(localizationPath / "variations" / kind / form / "stringUnit" / "value")))
                break
              }
            }
          }
          noteLanguage(language)
        }
      }
      tables[table, default: [:]][key] = entry
    }
  }

  /// `"key" = "value";` pairs with `/* */` and `//` comments, UTF-8 or UTF-16 with a BOM.
  private mutating func addStringsFile(name: String, table: String, bytes: [UInt8], recorder: inout ImportRecorder) {
    guard let folder = Self.lprojLanguage(of: name) else {
      recorder.warn(
        FileLocation(file: name, line: 1, column: 1),
        "a strings file outside an xx.lproj folder names no language; its translations were not imported")
      return
    }
    let language = folder.isEmpty ? (sourceLanguage ?? "en") : folder
    let text = Self.decodeText(bytes)
    var scanner = StringsFileScanner(bytes: Array(text.utf8), file: name)
    for pair in scanner.pairs() {
      var entry = tables[table]?[pair.key] ?? Entry()
      entry.values.removeAll { $0.language == language }
      entry.values.append(Value(language: language, text: pair.value, location: pair.location))
      tables[table, default: [:]][pair.key] = entry
    }
    for problem in scanner.problems { recorder.warn(problem.location, problem.message) }
    noteLanguage(language)
  }

  private mutating func noteLanguage(_ language: String) {
    if !languages.contains(language) { languages.append(language) }
  }

  /// The language of `…/de.lproj/X.strings` (`""` for `Base.lproj`), nil outside an `.lproj`.
  static func lprojLanguage(of file: String) -> String? {
    let parts = file.split(separator: "/")
    guard parts.count >= 2, parts[parts.count - 2].hasSuffix(".lproj") else { return nil }
    let folder = String(parts[parts.count - 2].dropLast(".lproj".count))
    if folder == "Base" { return "" }
    return catalogTag(folder)
  }

  /// UTF-16 (with a byte order mark) or UTF-8 text.
  static func decodeText(_ bytes: [UInt8]) -> String {
    if bytes.count >= 2, (bytes[0] == 0xFF && bytes[1] == 0xFE) || (bytes[0] == 0xFE && bytes[1] == 0xFF) {
      let littleEndian = bytes[0] == 0xFF
      var units: [UInt16] = []
      units.reserveCapacity(bytes.count / 2)
      var i = 2
      while i + 1 < bytes.count {
        units.append(littleEndian ? UInt16(bytes[i]) | UInt16(bytes[i + 1]) << 8 : UInt16(bytes[i]) << 8 | UInt16(bytes[i + 1]))
        i += 2
      }
      return String(decoding: units, as: UTF16.self)
    }
    return String(decoding: bytes, as: UTF8.self)
  }

  // MARK: Language tags

  static let legacyNames: [String: String] = [
    "English": "en", "German": "de", "French": "fr", "Japanese": "ja", "Spanish": "es", "Italian": "it", "Dutch": "nl",
  ]

  /// Apple's language tag → the catalog's BCP 47 tag; nil when it is not well formed.
  ///
  ///     catalogTag("zh-Hans")      // "zh-CN"
  ///     catalogTag("zh-Hant-HK")   // "zh-HK"
  ///     catalogTag("pt_BR")        // "pt-BR"
  static func catalogTag(_ tag: String) -> String? {
    if let legacy = legacyNames[tag] { return legacy }
    var parts = tag.split(separator: "_", omittingEmptySubsequences: false).joined(separator: "-")
      .split(separator: "-", omittingEmptySubsequences: false).map(String.init)
    guard let first = parts.first, (2...3).contains(first.count), first.allSatisfy({ $0.isASCII && $0.isLetter }) else { return nil }
    guard parts.dropFirst().allSatisfy({ (1...8).contains($0.count) && $0.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) } }) else {
      return nil
    }
    parts[0] = first.lowercased()
    if parts[0] == "zh", parts.count >= 2 {
      let script = parts[1].lowercased()
      let region = parts.count >= 3 ? parts[2].uppercased() : nil
      if script == "hans" { return "zh-" + (region ?? "CN") }
      if script == "hant" { return "zh-" + (region ?? "TW") }
    }
    return parts.joined(separator: "-")
  }
}

/// Reads the pairs of a `.strings` file (old-style property list of strings).
private struct StringsFileScanner {
  struct Pair {
    var key: String
    var value: String
    var location: FileLocation
  }

  let bytes: [UInt8]
  let file: String
  var p = 0
  var line = 1
  var columns = ColumnCounter()
  var problems: [(location: FileLocation, message: String)] = []

  init(bytes: [UInt8], file: String) {
    self.bytes = bytes
    self.file = file
    if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { p = 3 }
  }

  var location: FileLocation {
    mutating get {
      let offset = p
      let column = bytes.withUnsafeBufferPointer { columns.column(at: offset, in: $0) }
      return FileLocation(file: file, line: line, column: column)
    }
  }

  mutating func pairs() -> [Pair] {
    var result: [Pair] = []
    while true {
      skipSpaceAndComments()
      guard p < bytes.count else { break }
      let at = location
      guard let key = readToken() else {
        problems.append(
          (at, "unexpected '\(Character(Unicode.Scalar(bytes[p])))' in a strings file; expected \"key\" = \"value\"; skipped to the next line"))
        skipLine()
        continue
      }
      skipSpaceAndComments()
      guard p < bytes.count, bytes[p] == UInt8(ascii: "=") else {
        problems.append((location, "expected '=' after the key \(JSONWriter.quoted(key)); the pair was skipped"))
        skipLine()
        continue
      }
      p += 1
      skipSpaceAndComments()
      let valueLocation = location
      guard let value = readToken() else {
        problems.append((location, "expected a quoted value for the key \(JSONWriter.quoted(key)); the pair was skipped"))
        skipLine()
        continue
      }
      skipSpaceAndComments()
      if p < bytes.count, bytes[p] == UInt8(ascii: ";") { p += 1 }
      result.append(Pair(key: key, value: value, location: valueLocation))
    }
    return result
  }

  private mutating func skipLine() {
    while p < bytes.count, bytes[p] != 0x0A { p += 1 }
  }

  private mutating func skipSpaceAndComments() {
    while p < bytes.count {
      let c = bytes[p]
      if c == 0x0A {
        p += 1
        line += 1
        columns.startLine(at: p)
      } else if c == 0x20 || c == 0x09 || c == 0x0D {
        p += 1
      } else if c == UInt8(ascii: "/"), p + 1 < bytes.count, bytes[p + 1] == UInt8(ascii: "/") {
        skipLine()
      } else if c == UInt8(ascii: "/"), p + 1 < bytes.count, bytes[p + 1] == UInt8(ascii: "*") {
        p += 2
        while p < bytes.count, !(bytes[p] == UInt8(ascii: "*") && p + 1 < bytes.count && bytes[p + 1] == UInt8(ascii: "/")) {
          if bytes[p] == 0x0A {
            line += 1
            columns.startLine(at: p + 1)
          }
          p += 1
        }
        p = min(p + 2, bytes.count)
      } else {
        return
      }
    }
  }

  /// A quoted string with escapes, or an unquoted word.
  private mutating func readToken() -> String? {
    guard p < bytes.count else { return nil }
    if bytes[p] != UInt8(ascii: "\"") {
      let start = p
      while p < bytes.count, Self.isWordByte(bytes[p]) { p += 1 }
      return p > start ? String(decoding: bytes[start..<p], as: UTF8.self) : nil
    }
    p += 1
    var out: [UInt8] = []
    while p < bytes.count, bytes[p] != UInt8(ascii: "\"") {
      var c = bytes[p]
      if c == 0x0A {
        line += 1
        columns.startLine(at: p + 1)
      }
      if c == UInt8(ascii: "\\"), p + 1 < bytes.count {
        p += 1
        c = bytes[p]
        switch c {
        case UInt8(ascii: "n"): out.append(0x0A)
        case UInt8(ascii: "t"): out.append(0x09)
        case UInt8(ascii: "r"): out.append(0x0D)
        case UInt8(ascii: "U"), UInt8(ascii: "u"):
          var value: UInt32 = 0
          var digits = 0
          while digits < 4, p + 1 < bytes.count, let digit = SwiftStringLiteral.hexValue(bytes[p + 1]) {
            value = value * 16 + UInt32(digit)
            p += 1
            digits += 1
          }
          if let scalar = Unicode.Scalar(value), digits == 4 { out.append(contentsOf: Array(String(Character(scalar)).utf8)) }
        default: out.append(c)
        }
        p += 1
        continue
      }
      out.append(c)
      p += 1
    }
    if p >= bytes.count {
      problems.append((location, "unterminated quoted string in a strings file"))
      return nil
    }
    p += 1
    return String(decoding: out, as: UTF8.self)
  }

  private static func isWordByte(_ c: UInt8) -> Bool {
    (c >= 0x30 && c <= 0x39) || (c >= 0x41 && c <= 0x5A) || (c >= 0x61 && c <= 0x7A) || c == 0x5F || c == 0x2E || c == 0x2D || c >= 0x80
  }
}
