import IntentBridgeCatalog
import Synchronization

/// What `DescribedValueFinder` reads about each intent — its parameters' cues and the stems
/// of its own words — worked out on first use and kept: a tool list of thousands of tools
/// fills only those its requests reach, and each of them once.
///
/// Shared by copies of one filler (a class); safe across threads (a mutex guards the table;
/// two threads that miss at once both compute, and the same entry is stored).
final class DescribedIntents: Sendable {
  struct Entry: Sendable {
    /// By parameter name.
    var cues: [String: ParameterCues]
    var intentWords: Set<String>
  }

  private let table = Mutex<[Int: Entry]>([:])

  /// The entry of intent `index`, computed by `make` when it is not known yet.
  /// - Complexity: O(1) when known; `make` otherwise.
  func entry(_ index: Int, make: () -> Entry) -> Entry {
    if let known = table.withLock({ $0[index] }) { return known }
    let made = make()
    table.withLock { $0[index] = made }
    return made
  }
}
