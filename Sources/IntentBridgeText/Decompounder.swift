extension TextAnalyzer {
  /// Splits a folded compound word into parts the vocabulary knows, with the fewest parts.
  ///
  ///     let de = TextAnalyzer(language: "de")
  ///     de.decompound("wohnzimmerlampe", vocabulary: ["wohnzimmer", "lampe"])  // ["wohnzimmer", "lampe"]
  ///     de.decompound("arbeitszimmerlicht", vocabulary: ["arbeit", "zimmer", "licht"])
  ///     // ["arbeit", "zimmer", "licht"]  (linking "s")
  ///
  /// A part is known when it or its stem is in `vocabulary` (so an index can pass its term
  /// set: `wohnzimmer` is found through `wohnzimm`, `lampen` through `lamp`); every returned
  /// part is the matching vocabulary entry. Parts have at least 3 scalars; the profile's linking elements
  /// (German `s`, `es`, `n`, `en`) may stand between parts. Ties between splits with as many
  /// parts go to the one with fewer linking elements, then to the longer first part.
  ///
  /// - Parameters:
  ///   - word: a folded word (``AnalyzedToken/folded``).
  ///   - vocabulary: known words or terms.
  /// - Returns: the parts; `[entry]` when the word itself is known; `[]` when no split exists.
  /// - Complexity: O(r × p × h): r positions where a known part ends, p =
  ///   ``maximumPartLength``, h the cost of a stem and two set lookups of a part — linear in
  ///   the word's length (every part length up to the word's was tried before: a one-word
  ///   request of 64k letters took 2 s, of 1 MB about 7 minutes).
  package func decompound(_ word: String, vocabulary: Set<String>) -> [String] {
    decompoundParts(word, vocabulary: vocabulary).map(\.entry)
  }

  /// `decompound` with where each part stands in `word`, in Unicode scalars. A linking
  /// element falls between parts (`"kuchenlampe"` with `kuche`, `lampe` → 0..<5 and 6..<11)
  /// unless the longer part is known through its stem (`"haushaltsliste"` with `haushalt`,
  /// `liste` → `haushalt` 0..<9, `liste` 9..<14).
  /// Parts are at most this many scalars long (the word itself may be longer): no
  /// vocabulary word of any catalog comes near it.
  package static let maximumPartLength = 48

  package func decompoundParts(_ word: String, vocabulary: Set<String>) -> [(entry: String, scalars: Range<Int>)] {
    let bytes = Array(word.utf8)
    // Byte offset of each scalar boundary, so parts are cut on scalars but built from UTF-8.
    var boundaries: [Int] = []
    boundaries.reserveCapacity(bytes.count + 1)
    for (offset, byte) in bytes.enumerated() where byte & 0xC0 != 0x80 { boundaries.append(offset) }
    boundaries.append(bytes.count)
    let n = boundaries.count - 1
    let minimumPart = 3
    guard n >= minimumPart else { return [] }
    func known(_ i: Int, _ j: Int) -> String? {
      let part = String(decoding: bytes[boundaries[i]..<boundaries[j]], as: UTF8.self)
      if vocabulary.contains(part) { return part }
      let stemmed = stem(part)
      return vocabulary.contains(stemmed) ? stemmed : nil
    }
    struct Cost: Comparable {
      var parts: Int
      var links: Int
      var negativeFirstPart: Int
      static func < (a: Cost, b: Cost) -> Bool {
        (a.parts, a.links, a.negativeFirstPart) < (b.parts, b.links, b.negativeFirstPart)
      }
    }
    struct Step {
      var start: Int
      var viaLink: Bool
      var entry: String
    }
    // boundary[i]: best split of word[0..<i] ending with a part; linked[i]: … ending with a
    // linking element (a part must follow).
    var boundary = [Cost?](repeating: nil, count: n + 1)
    var linked = [Cost?](repeating: nil, count: n + 1)
    var boundaryFrom = [Step?](repeating: nil, count: n + 1)
    var linkedFrom = [Int](repeating: -1, count: n + 1)
    boundary[0] = Cost(parts: 0, links: 0, negativeFirstPart: 0)
    let links = profile.linkingElements.map { (bytes: Array($0.utf8), scalars: $0.unicodeScalars.count) }
    for i in 0..<n {
      if i > 0, let cost = boundary[i] {
        for link in links {
          let from = boundaries[i]
          let end = i + link.scalars
          guard from + link.bytes.count < bytes.count, bytes[from..<(from + link.bytes.count)].elementsEqual(link.bytes) else { continue }
          let next = Cost(parts: cost.parts, links: cost.links + 1, negativeFirstPart: cost.negativeFirstPart)
          if linked[end].map({ next < $0 }) ?? true {
            linked[end] = next
            linkedFrom[end] = i
          }
        }
      }
      guard boundary[i] != nil || linked[i] != nil, i + minimumPart <= n else { continue }
      // A part word[i..<j]: the best split up to j may end with it.
      func extend(to j: Int) {
        guard let entry = known(i, j) else { return }
        for (state, viaLink) in [(boundary[i], false), (linked[i], true)] {
          guard let cost = state else { continue }
          let next = Cost(
            parts: cost.parts + 1, links: cost.links, negativeFirstPart: i == 0 ? -(j - i) : cost.negativeFirstPart)
          if boundary[j].map({ next < $0 }) ?? true {
            boundary[j] = next
            boundaryFrom[j] = Step(start: i, viaLink: viaLink, entry: entry)
          }
        }
      }
      let longest = min(n, i + Self.maximumPartLength)
      for j in (i + minimumPart)...longest { extend(to: j) }
      if i == 0, n > longest { extend(to: n) }  // the whole word, however long
    }
    guard boundary[n] != nil else { return [] }
    var parts: [(entry: String, scalars: Range<Int>)] = []
    var position = n
    while position > 0, let step = boundaryFrom[position] {
      parts.append((step.entry, step.start..<position))
      position = step.viaLink ? linkedFrom[step.start] : step.start
    }
    return parts.reversed()
  }
}
