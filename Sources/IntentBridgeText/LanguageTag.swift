/// BCP 47 tags as catalogs, request sets, reports and language profiles use them: a
/// well-formedness check, the primary subtag, and comparisons that ignore case and match a
/// tag with another of the same primary language (`de` for `de-AT`). The one place that
/// reads language tags.
package enum LanguageTag {
  /// A pragmatic BCP 47 check: 2–3 letter primary subtag, then 1–8 alphanumeric subtags.
  package static func isWellFormed(_ tag: String) -> Bool {
    let parts = tag.split(separator: "-", omittingEmptySubsequences: false)
    guard let first = parts.first, (2...3).contains(first.count), first.unicodeScalars.allSatisfy(isASCIILetter) else {
      return false
    }
    return parts.dropFirst().allSatisfy { part in
      (1...8).contains(part.count) && part.unicodeScalars.allSatisfy { isASCIILetter($0) || ($0 >= "0" && $0 <= "9") }
    }
  }

  private static func isASCIILetter(_ s: Unicode.Scalar) -> Bool { (s >= "a" && s <= "z") || (s >= "A" && s <= "Z") }

  /// The primary subtag, lowercased: `zh` for `zh-CN` (or the POSIX-style `zh_CN`); empty
  /// for an empty tag.
  package static func primary(_ tag: String) -> String {
    tag.split(whereSeparator: { $0 == "-" || $0 == "_" }).first.map { $0.lowercased() } ?? ""
  }

  /// The same tag, ignoring case.
  package static func equal(_ a: String, _ b: String) -> Bool { a.count == b.count && a.lowercased() == b.lowercased() }

  /// The same tag, or the same primary language.
  package static func sameLanguage(_ a: String, _ b: String) -> Bool { equal(a, b) || primary(a) == primary(b) }
}
