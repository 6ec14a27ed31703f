/// The near-duplicate search of `near-duplicate-intents`: pairs of discoverable intents with
/// the same title or near-identical titles and descriptions, found without comparing all pairs.
extension CatalogLinter {
  /// Two token sets are near-duplicates at this Jaccard similarity or above (as a fraction
  /// `numerator / denominator`, compared in integers).
  static let similarityNumerator = 4
  static let similarityDenominator = 5
  /// Jaccard similarity applies only when both intents have at least this many tokens.
  static let minimumTokens = 3
  /// At most this many earlier intents are compared with each intent.
  static let candidateCap = 128
  /// At most this many posting-list entries are scanned for each intent.
  static let postingScanCap = 8192
  /// At most this many near-duplicates are reported for one intent.
  static let reportCap = 5

  struct NearDuplicate: Equatable {
    enum Reason: Equatable {
      case sameTitle(String)
      case similar(percent: Int)
    }
    var earlier: Int
    var reason: Reason
  }

  /// Near-duplicate pairs among discoverable intents, keyed by the later intent's index.
  ///
  /// Equal titles (case-insensitive, per language) are found by hashing. Similar token sets
  /// (Jaccard ≥ 0.8 over title + description in the default language) are found with prefix
  /// filtering: each token set is ordered rarest token first, and two sets with Jaccard ≥ t
  /// always share a token among their first |x| − ⌈t·|x|⌉ + 1 tokens, so only those
  /// prefixes go into the inverted index. Candidates are verified exactly: at most
  /// `candidateCap` per intent, and at most `reportCap` pairs are reported per intent
  /// (the earliest intents first).
  ///
  /// - Complexity: O(n · (t + p)) for n intents of t tokens, p ≤ `postingScanCap`.
  func findNearDuplicates() -> [Int: [NearDuplicate]] {
    var comparisons = 0
    return findNearDuplicates(comparisons: &comparisons)
  }

  /// `findNearDuplicates()`, also counting the candidate pairs compared (at most
  /// `candidateCap` per intent), so a test can show the search is not all-pairs.
  func findNearDuplicates(comparisons: inout Int) -> [Int: [NearDuplicate]] {
    let intents = catalog.intents
    let (num, den) = (Self.similarityNumerator, Self.similarityDenominator)

    // Per intent: normalised titles ("lang\0title") and the token set as sorted interned ids.
    var titles: [[(key: String, title: String)]] = Array(repeating: [], count: intents.count)
    var sets: [[Int]] = Array(repeating: [], count: intents.count)
    var tokenIDs: [String: Int] = [:]
    var frequency: [Int] = []
    for (i, intent) in intents.enumerated() where intent.isDiscoverable {
      for entry in intent.title.entries {
        let title = String(entry.text.trimmingSpaces)
        guard !title.isEmpty else { continue }
        let key = entry.language.lowercased() + "\u{0}" + title.lowercased()
        if !titles[i].contains(where: { $0.key == key }) { titles[i].append((key, title)) }
      }
      var text = intent.title.resolved(for: catalog.defaultLanguage)
      if let description = intent.description { text += " " + description.resolved(for: catalog.defaultLanguage) }
      var ids = Set<Int>()
      for token in Self.tokens(text) {
        if let id = tokenIDs[token] {
          ids.insert(id)
        } else {
          tokenIDs[token] = frequency.count
          ids.insert(frequency.count)
          frequency.append(0)
        }
      }
      guard ids.count >= Self.minimumTokens else { continue }
      for id in ids { frequency[id] += 1 }
      sets[i] = ids.sorted()
    }

    var titleOwners: [String: [Int]] = [:]
    var postings: [[Int]] = Array(repeating: [], count: frequency.count)
    var seen = [Int](repeating: -1, count: intents.count)
    var result: [Int: [NearDuplicate]] = [:]

    for (i, intent) in intents.enumerated() where intent.isDiscoverable {
      var candidates: [Int] = []
      // Equal titles, per language.
      collect: for (key, _) in titles[i] {
        for j in titleOwners[key] ?? [] where seen[j] != i {
          guard candidates.count < Self.candidateCap else { break collect }
          seen[j] = i
          candidates.append(j)
        }
      }
      // Similar token sets: probe the prefix, rarest tokens first.
      let set = sets[i]
      var prefix: [Int] = []
      if !set.isEmpty {
        let ordered = set.sorted { (frequency[$0], $0) < (frequency[$1], $1) }
        let required = (num * ordered.count + den - 1) / den  // ⌈t·|x|⌉
        prefix = Array(ordered.prefix(ordered.count - required + 1))
        var scanned = 0
        probe: for token in prefix {
          for j in postings[token] where seen[j] != i {
            scanned += 1
            guard scanned <= Self.postingScanCap, candidates.count < Self.candidateCap else { break probe }
            // Size filter: Jaccard ≤ min/max.
            let other = sets[j].count
            if den * min(other, set.count) < num * max(other, set.count) { continue }
            seen[j] = i
            candidates.append(j)
          }
        }
      }
      // Verify, earliest first.
      var found: [NearDuplicate] = []
      comparisons += candidates.count
      for j in candidates.sorted() {
        if let title = titles[i].first(where: { mine in titles[j].contains { $0.key == mine.key } })?.title {
          found.append(NearDuplicate(earlier: j, reason: .sameTitle(title)))
        } else if !set.isEmpty, !sets[j].isEmpty {
          let shared = Self.intersectionCount(set, sets[j])
          let union = set.count + sets[j].count - shared
          if den * shared >= num * union {
            found.append(NearDuplicate(earlier: j, reason: .similar(percent: shared * 100 / union)))
          }
        }
        if found.count == Self.reportCap { break }
      }
      if !found.isEmpty { result[i] = found }
      // Index this intent for the later ones.
      for (key, _) in titles[i] { titleOwners[key, default: []].append(i) }
      for token in prefix { postings[token].append(i) }
    }
    return result
  }

  private static func intersectionCount(_ a: [Int], _ b: [Int]) -> Int {
    var (i, j, count) = (0, 0, 0)
    while i < a.count && j < b.count {
      if a[i] == b[j] {
        count += 1
        i += 1
        j += 1
      } else if a[i] < b[j] {
        i += 1
      } else {
        j += 1
      }
    }
    return count
  }

  /// Lowercased runs of letters and digits longer than two characters.
  static func tokens(_ text: String) -> [String] {
    var out: [String] = []
    var current = String.UnicodeScalarView()
    func flush() {
      if current.count > 2 { out.append(String(current)) }
      current = String.UnicodeScalarView()
    }
    for s in text.lowercased().unicodeScalars {
      let isWordScalar: Bool
      if s.isASCII {
        isWordScalar = (s >= "a" && s <= "z") || (s >= "0" && s <= "9") || (s >= "A" && s <= "Z")
      } else {
        let p = s.properties
        isWordScalar =
          p.isAlphabetic || p.numericType != nil || p.generalCategory == .nonspacingMark || p.generalCategory == .spacingMark
      }
      if isWordScalar {
        current.append(s)
      } else if !current.isEmpty {
        flush()
      }
    }
    flush()
    return out
  }
}
