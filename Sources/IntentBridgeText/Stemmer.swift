/// Applies a profile's ``StemPass``es to folded words. Rules are prepared once (longest
/// suffix first) so stemming a word is a few byte comparisons.
struct Stemmer: Sendable {
  private enum Pass: Sendable {
    case suffixes([SuffixRule])
    case trailingVowels(Int)
    case undouble(Int)
  }

  private let passes: [Pass]
  private let vowelMask: (UInt64, UInt64)
  private let minimumLength: Int
  private let invariant: Set<String>

  init(profile: LanguageProfile) {
    passes = profile.stemPasses.map { pass in
      switch pass {
      case .suffixes(let rules):
        // Longest suffix first; among equal lengths the profile's order decides.
        let ordered = rules.enumerated().sorted {
          $0.element.suffix.count != $1.element.suffix.count
            ? $0.element.suffix.count > $1.element.suffix.count : $0.offset < $1.offset
        }
        return .suffixes(ordered.map(\.element))
      case .trailingVowels(let keeping): return .trailingVowels(keeping)
      case .undoubleConsonant(let keeping): return .undouble(keeping)
      }
    }
    var mask: (UInt64, UInt64) = (0, 0)
    for v in profile.vowels where v < 128 {
      if v < 64 { mask.0 |= 1 << UInt64(v) } else { mask.1 |= 1 << UInt64(v - 64) }
    }
    vowelMask = mask
    minimumLength = profile.minimumStemmableLength
    invariant = profile.invariantWords
  }

  var isIdentity: Bool { passes.isEmpty }

  @inline(__always)
  private func isVowel(_ b: UInt8) -> Bool {
    b < 64 ? (vowelMask.0 >> UInt64(b)) & 1 == 1 : b < 128 && (vowelMask.1 >> UInt64(b - 64)) & 1 == 1
  }

  /// The stem of a folded word; words with digits, short words, words over 64 bytes and
  /// invariant words come back unchanged.
  ///
  /// - Complexity: O(r + n): r suffix rules, n bytes of `word`; no heap allocation.
  func stem(_ word: String) -> String {
    if passes.isEmpty { return word }
    let utf8 = word.utf8
    let count = utf8.count
    if count < minimumLength || count > 64 { return word }
    for b in utf8 where b &- 0x30 < 10 { return word }
    if !invariant.isEmpty, invariant.contains(word) { return word }
    return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: count + 64) { buffer in
      var length = 0
      for b in utf8 {
        buffer[length] = b
        length += 1
      }
      var changed = false
      for pass in passes {
        switch pass {
        case .suffixes(let rules):
          for rule in rules where apply(rule, to: buffer, length: &length) {
            changed = true
            break
          }
        case .trailingVowels(let keeping):
          while length > keeping, isVowel(buffer[length - 1]) {
            length -= 1
            changed = true
          }
        case .undouble(let keeping):
          if length > keeping, buffer[length - 1] == buffer[length - 2], buffer[length - 1] < 128,
            !isVowel(buffer[length - 1])
          {
            length -= 1
            changed = true
          }
        }
      }
      return changed ? String(decoding: UnsafeBufferPointer(rebasing: buffer[0..<length]), as: UTF8.self) : word
    }
  }

  @inline(__always)
  private func apply(_ rule: SuffixRule, to bytes: UnsafeMutableBufferPointer<UInt8>, length: inout Int) -> Bool {
    let k = rule.suffix.count
    let stemLength = length - k
    guard stemLength >= rule.minimumStem, stemLength > 0 else { return false }
    for i in 0..<k where bytes[stemLength + i] != rule.suffix[i] { return false }
    let before = bytes[stemLength - 1]
    switch rule.preceding {
    case .any: break
    case .vowel: if !isVowel(before) { return false }
    case .consonant: if isVowel(before) || before >= 128 { return false }
    case .oneOf(let letters): if !letters.utf8.contains(before) { return false }
    }
    if rule.stemNeedsVowel {
      var found = false
      for i in 0..<stemLength where isVowel(bytes[i]) {
        found = true
        break
      }
      if !found { return false }
    }
    // The buffer has 64 bytes of room beyond the word; replacements are shorter than that.
    guard stemLength + rule.replacement.count <= bytes.count else { return false }
    for (i, b) in rule.replacement.enumerated() { bytes[stemLength + i] = b }
    length = stemLength + rule.replacement.count
    return true
  }
}
