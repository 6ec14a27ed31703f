import IntentBridgeBinary

/// Stored in the index file: the descriptor names, per intent its descriptors and its
/// lexicons (counts, then flat ascending indexes), and per lexicon the instances'
/// descriptors. `lexiconsInUse` and `isEmpty` are rebuilt from them.
extension EntityAffinity {
  package func encode(to writer: inout BinaryWriter) {
    descriptorNames.encode(to: &writer)
    writer.array(intentDescriptors.map { UInt32($0.count) })
    writer.array(intentDescriptors.flatMap { $0.sorted().map { UInt32($0) } })
    writer.array(intentLexicons.map { UInt32($0.count) })
    writer.array(intentLexicons.flatMap { $0.sorted().map { UInt32($0) } })
    instanceDescriptors.encode(to: &writer)
  }

  /// Reads what `encode` wrote, for a catalog of `intentCount` intents whose templates hold
  /// `lexiconCount` value lexicons (`IntentTemplates.matcher.lexicons.count`).
  ///
  /// Checks, throwing otherwise: descriptors and lexicons for exactly `intentCount` intents,
  /// the per-intent counts adding up to the flat arrays, each intent's indexes strictly
  /// ascending; every descriptor index below the number of descriptor names, every lexicon
  /// index below `lexiconCount`.
  package init(from reader: inout BinaryReader, intentCount: Int, lexiconCount: Int)
    throws(BinaryReader.Failure)
  {
    typealias Failure = BinaryReader.Failure
    let names = try [String](from: &reader)
    let descriptorCounts = try reader.array(of: UInt32.self, "affinity descriptor counts")
    let descriptors = try reader.array(of: UInt32.self, "affinity descriptors")
    let lexiconCounts = try reader.array(of: UInt32.self, "affinity lexicon counts")
    let lexicons = try reader.array(of: UInt32.self, "affinity lexicons")
    let instances = try [Int: [String: Set<Int>]](from: &reader)

    func groups(
      _ counts: FlatArray<UInt32>, _ flat: FlatArray<UInt32>, below bound: Int, _ what: String
    ) throws(Failure) -> [Set<Int>] {
      guard counts.count == intentCount else {
        throw Failure(
          message: "affinity has \(what) for \(counts.count) intents, not \(intentCount)")
      }
      var out: [Set<Int>] = []
      out.reserveCapacity(intentCount)
      var start = 0
      for count in counts {
        let end = start + Int(count)
        guard end <= flat.count else {
          throw Failure(message: "affinity \(what) counts exceed the \(flat.count) stored")
        }
        let group = flat[start..<end]
        guard zip(group, group.dropFirst()).allSatisfy({ $0 < $1 }),
          group.allSatisfy({ Int($0) < bound })
        else {
          throw Failure(
            message: "affinity \(what) of an intent are not ascending, or not below \(bound)")
        }
        out.append(Set(group.map { Int($0) }))
        start = end
      }
      guard start == flat.count else {
        throw Failure(message: "affinity holds more \(what) than its counts")
      }
      return out
    }
    let perIntent = try groups(descriptorCounts, descriptors, below: names.count, "descriptors")
    let intentLexicons = try groups(lexiconCounts, lexicons, below: lexiconCount, "lexicons")
    for (lexicon, byInstance) in instances {
      guard lexicon >= 0, lexicon < lexiconCount else {
        throw Failure(message: "affinity instance lexicon \(lexicon) is not below \(lexiconCount)")
      }
      for set in byInstance.values where !set.allSatisfy({ $0 >= 0 && $0 < names.count }) {
        throw Failure(message: "affinity instance descriptor is not below \(names.count)")
      }
    }
    descriptorNames = names
    intentDescriptors = perIntent
    isEmpty = perIntent.allSatisfy(\.isEmpty)
    self.intentLexicons = intentLexicons
    instanceDescriptors = instances
    lexiconsInUse = Array(Set(intentLexicons.flatMap { $0 })).sorted()
  }
}
