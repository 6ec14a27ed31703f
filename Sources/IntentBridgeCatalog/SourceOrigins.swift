import IntentBridgeJSON

/// Attaches to diagnostics where their value came from in an imported input, from the
/// catalog's `source.locations` (JSON path → `file:line:column`, written by `import swift`):
/// the location of the longest prefix of the diagnostic's path that has one.
///
///     Larder.json:120:9: warning: parameter "name" of intent "CheckStock" is required but has no requestValueDialog [missing-request-value-dialog]
///       at $.intents[3].parameters[0]
///       from Larder/Intents/PantryIntents.swift:88:7
enum SourceOrigins {
  /// - Complexity: O(d · p) for d diagnostics with paths of p components.
  static func attach(to diagnostics: inout [Diagnostic], source: JSONValue?) {
    guard case .object(let locations)? = source?["locations"], !locations.isEmpty else { return }
    for i in diagnostics.indices where diagnostics[i].origin == nil {
      guard var path = diagnostics[i].path else { continue }
      while !path.components.isEmpty {
        if case .string(let origin)? = locations[path.description] {
          diagnostics[i].origin = origin
          break
        }
        path.components.removeLast()
      }
    }
  }
}
