/// BCP 47 tags as catalogs, request sets and reports use them: a well-formedness check, and
/// comparisons that ignore case and match a tag with another of the same primary language
/// (`de` for `de-AT`).
public enum LanguageTag {
  /// A pragmatic BCP 47 check: 2–3 letter primary subtag, then 1–8 alphanumeric subtags.
  static func isWellFormed(_ tag: String) -> Bool {
    let parts = tag.split(separator: "-", omittingEmptySubsequences: false)
    guard let first = parts.first, (2...3).contains(first.count), first.unicodeScalars.allSatisfy(isASCIILetter) else {
      return false
    }
    return parts.dropFirst().allSatisfy { part in
      (1...8).contains(part.count) && part.unicodeScalars.allSatisfy { isASCIILetter($0) || ($0 >= "0" && $0 <= "9") }
    }
  }

  private static func isASCIILetter(_ s: Unicode.Scalar) -> Bool { (s >= "a" && s <= "z") || (s >= "A" && s <= "Z") }

  /// The primary subtag, lowercased (`zh` for `zh-CN`; empty for an empty tag).
  public static func primary(_ tag: String) -> String {
    tag.split(separator: "-").first.map { $0.lowercased() } ?? ""
  }

  /// The same tag, ignoring case.
  public static func equal(_ a: String, _ b: String) -> Bool { a.caseInsensitiveEquals(b) }

  /// The same tag, or the same primary language.
  public static func sameLanguage(_ a: String, _ b: String) -> Bool { equal(a, b) || primary(a) == primary(b) }
}

extension LocalizedText {
  /// Whether a text is written for `language`: exactly, or for its primary language, as
  /// `resolved(for:)` would pick it before falling back to the default language.
  public func hasTranslation(for language: String) -> Bool {
    entries.contains { LanguageTag.sameLanguage($0.language, language) }
  }
}

extension LocalizedTextList {
  /// Whether items are written for `language` (exactly, or for its primary language).
  public func hasTranslation(for language: String) -> Bool {
    entries.contains { LanguageTag.sameLanguage($0.language, language) }
  }
}
