import IntentBridgeText

/// The seeded generator of property and fuzz tests (`SeededRandom`), so failures reproduce.
public struct SeededGenerator: RandomNumberGenerator, Sendable {
  private var base: SeededRandom

  public init(seed: UInt64) { base = SeededRandom(seed: seed) }

  public mutating func next() -> UInt64 { base.next() }
}
