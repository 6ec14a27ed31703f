/// Typo-tolerant lookup in a fixed set of terms, by a deletion neighbourhood (SymSpell):
/// every term is indexed under the strings its first ``prefixLength`` scalars become
/// after up to 1 or 2 deletions; a lookup generates the same for the query, so candidates
/// come from a few binary searches instead of a scan, and each is verified with
/// ``editDistance(_:_:limit:)``.
///
///     let vocabulary = FuzzyVocabulary(["timer", "timers", "kitchen", "thermostat"])
///     vocabulary.matches("tmier", maxDistance: 1)        // ["timer"]
///     vocabulary.matches("thermosatt", maxDistance: 2)   // ["thermostat"]
///
/// Only terms of at least 4 scalars take part; distance 1 is allowed from 4 scalars on and
/// distance 2 from 8 (for both the query and the candidate), so short words never match
/// something else.
package struct FuzzyVocabulary: Sendable {
  /// A match and its distance.
  package struct Match: Sendable, Hashable {
    package var term: String
    package var distance: Int

    package init(term: String, distance: Int) {
      self.term = term
      self.distance = distance
    }
  }

  /// Scalars of a term's beginning that are indexed (SymSpell's prefix trick: keeps the
  /// neighbourhood small; matches are still verified on the whole term).
  package static let prefixLength = 7

  /// The distinct terms, sorted.
  package let terms: [String]
  let keys: [UInt64]
  let ids: [UInt32]

  /// The largest distance allowed for a word of `length` scalars: 0 below 4, 1 below 8, else 2.
  package static func allowedDistance(forLength length: Int) -> Int {
    length >= 8 ? 2 : length >= 4 ? 1 : 0
  }

  /// - Complexity: O(t × p²) for t terms (p = ``prefixLength``), then a sort of the entries.
  package init<S: Sequence>(_ terms: S) where S.Element == String {
    let sorted = Array(Set(terms)).sorted()
    var pairs: [(UInt64, UInt32)] = []
    for (id, term) in sorted.enumerated() {
      let scalars = term.unicodeScalars.map(\.value)
      let allowed = Self.allowedDistance(forLength: scalars.count)
      guard allowed > 0 else { continue }
      Self.neighbourhood(Array(scalars.prefix(Self.prefixLength)), deletions: allowed) { key in
        pairs.append((key, UInt32(id)))
      }
    }
    pairs.sort { $0.0 != $1.0 ? $0.0 < $1.0 : $0.1 < $1.1 }
    var keys: [UInt64] = []
    var ids: [UInt32] = []
    keys.reserveCapacity(pairs.count)
    ids.reserveCapacity(pairs.count)
    for (key, id) in pairs where !(keys.last == key && ids.last == id) {
      keys.append(key)
      ids.append(id)
    }
    self.init(terms: sorted, keys: keys, ids: ids)
  }

  /// The parts as built (or as read back by `init(from:)`, which checks them).
  init(terms: [String], keys: [UInt64], ids: [UInt32]) {
    self.terms = terms
    self.keys = keys
    self.ids = ids
  }

  /// Terms within `maxDistance` of `term` (itself included when present), nearest first,
  /// then in term order.
  ///
  /// - Complexity: O(p² × log e + c × |term| × d): e index entries, c candidates.
  package func matches(_ term: String, maxDistance: Int) -> [String] {
    match(term, maxDistance: maxDistance).map(\.term)
  }

  /// Like ``matches(_:maxDistance:)``, with distances.
  package func match(_ term: String, maxDistance: Int) -> [Match] {
    let scalars = term.unicodeScalars.map(\.value)
    let allowed = min(maxDistance, Self.allowedDistance(forLength: scalars.count))
    guard allowed > 0 else {
      return terms.binarySearchContains(term) ? [Match(term: term, distance: 0)] : []
    }
    var candidates = Set<UInt32>()
    Self.neighbourhood(Array(scalars.prefix(Self.prefixLength)), deletions: allowed) { key in
      var low = 0
      var high = keys.count
      while low < high {
        let mid = (low + high) >> 1
        if keys[mid] < key { low = mid + 1 } else { high = mid }
      }
      while low < keys.count, keys[low] == key {
        candidates.insert(ids[low])
        low += 1
      }
    }
    var found: [Match] = []
    for id in candidates {
      let candidate = terms[Int(id)]
      let limit = min(allowed, Self.allowedDistance(forLength: candidate.unicodeScalars.count))
      let distance = editDistance(term, candidate, limit: limit)
      if distance <= limit { found.append(Match(term: candidate, distance: distance)) }
    }
    found.sort { $0.distance != $1.distance ? $0.distance < $1.distance : $0.term < $1.term }
    return found
  }

  /// Calls `body` with the hash of `scalars` and of every string made from it by deleting
  /// up to `deletions` scalars (duplicates possible).
  private static func neighbourhood(_ scalars: [UInt32], deletions: Int, _ body: (UInt64) -> Void) {
    body(hash(scalars, skipping: -1, -1))
    let n = scalars.count
    guard deletions >= 1, n > 0 else { return }
    for i in 0..<n {
      body(hash(scalars, skipping: i, -1))
      if deletions >= 2 {
        for j in (i + 1)..<max(i + 1, n) { body(hash(scalars, skipping: i, j)) }
      }
    }
  }

  /// FNV-1a over the scalars, leaving out positions `i` and `j`.
  @inline(__always)
  private static func hash(_ scalars: [UInt32], skipping i: Int, _ j: Int) -> UInt64 {
    var h: UInt64 = 0xcbf2_9ce4_8422_2325
    for (k, s) in scalars.enumerated() where k != i && k != j {
      h = (h ^ UInt64(s)) &* 0x100_0000_01b3
    }
    return (h ^ UInt64(scalars.count - (i >= 0 ? 1 : 0) - (j >= 0 ? 1 : 0))) &* 0x100_0000_01b3
  }
}

extension Array where Element == String {
  fileprivate func binarySearchContains(_ value: String) -> Bool {
    var low = 0
    var high = count
    while low < high {
      let mid = (low + high) >> 1
      if self[mid] < value { low = mid + 1 } else { high = mid }
    }
    return low < count && self[low] == value
  }
}
