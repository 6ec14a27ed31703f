/// A glob pattern over tool names, as `include` and `exclude` of an `mcpServers` entry give
/// them: `*` matches any run of characters (also none), `?` exactly one, every other
/// character itself (case-sensitive, as tool names are).
///
///     ToolNamePattern("git_*").matches("git_status")   // true
///     ToolNamePattern("get_?").matches("get_time")     // false
///
/// - Complexity: O(pattern length × name length) per match.
package struct ToolNamePattern: Sendable, Hashable, CustomStringConvertible {
  package let text: String
  private let characters: [Character]

  package init(_ text: String) {
    self.text = text
    characters = Array(text)
  }

  package var description: String { text }

  /// Whether the whole of `name` matches.
  package func matches(_ name: String) -> Bool {
    let name = Array(name)
    // The positions of the pattern reachable after each character of the name.
    var reachable = [Bool](repeating: false, count: characters.count + 1)
    reachable[0] = true
    func closeOverStars(_ states: inout [Bool]) {
      for i in characters.indices where states[i] && characters[i] == "*" { states[i + 1] = true }
    }
    closeOverStars(&reachable)
    for character in name {
      var next = [Bool](repeating: false, count: characters.count + 1)
      for i in characters.indices where reachable[i] {
        switch characters[i] {
        case "*": next[i] = true
        case "?": next[i + 1] = true
        case character: next[i + 1] = true
        default: break
        }
      }
      closeOverStars(&next)
      reachable = next
      if !reachable.contains(true) { return false }
    }
    return reachable[characters.count]
  }
}
