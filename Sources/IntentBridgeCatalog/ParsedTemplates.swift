import Synchronization

/// The phrase templates parsed so far in this process, by source text, with their syntax
/// errors: `PhraseTemplate.parse` asks here first. Bounded: past `capacity` texts (a server
/// that loaded many catalogs) it starts afresh, so memory stays linear in the catalogs in use.
/// Thread-safe (a mutex; the two threads that compile a catalog parse at the same time).
final class ParsedTemplates: Sendable {
  static let shared = ParsedTemplates()
  static let capacity = 200_000

  private let results = Mutex<[String: Result<PhraseTemplate, TemplateSyntaxError>]>([:])

  /// The stored result for `source`, or `parse`'s, stored. `parse` runs outside the lock.
  func parse(_ source: String, _ parse: () throws(TemplateSyntaxError) -> PhraseTemplate) -> Result<PhraseTemplate, TemplateSyntaxError> {
    if let known = results.withLock({ $0[source] }) { return known }
    let result: Result<PhraseTemplate, TemplateSyntaxError>
    do throws(TemplateSyntaxError) { result = .success(try parse()) } catch { result = .failure(error) }
    results.withLock { results in
      if results.count >= Self.capacity { results.removeAll(keepingCapacity: true) }
      results[source] = result
    }
    return result
  }
}
