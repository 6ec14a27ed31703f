/// Tool names as MCP, OpenAI, Anthropic and Gemini accept them: `^[a-zA-Z0-9_-]{1,64}$`.
package enum ToolName {
  /// Derives a `snake_case` tool name from an intent id.
  ///
  ///     ToolName.derive(fromIdentifier: "AddNoteIntent")     // "add_note_intent"
  ///     ToolName.derive(fromIdentifier: "HassTurnOn")        // "hass_turn_on"
  ///     ToolName.derive(fromIdentifier: "mail.sendDraft")    // "mail_send_draft"
  ///     ToolName.derive(fromIdentifier: "URLOpener")         // "url_opener"
  ///
  /// Characters outside `[A-Za-z0-9]` become `_` (runs collapse); the result is cut to 64
  /// characters; an empty result becomes `"tool"`.
  package static func derive(fromIdentifier id: String) -> String {
    let scalars = Array(id.unicodeScalars)
    var out = ""
    func isUpper(_ s: Unicode.Scalar) -> Bool { s >= "A" && s <= "Z" }
    func isLower(_ s: Unicode.Scalar) -> Bool { s >= "a" && s <= "z" }
    func isDigit(_ s: Unicode.Scalar) -> Bool { s >= "0" && s <= "9" }
    for (i, s) in scalars.enumerated() {
      if isUpper(s) {
        let previous = i > 0 ? scalars[i - 1] : nil
        let next = i + 1 < scalars.count ? scalars[i + 1] : nil
        let boundary =
          previous.map { isLower($0) || isDigit($0) } == true
          || (previous.map(isUpper) == true && next.map(isLower) == true)
        if boundary && !out.hasSuffix("_") && !out.isEmpty { out += "_" }
        out.unicodeScalars.append(Unicode.Scalar(s.value + 32) ?? s)
      } else if isLower(s) || isDigit(s) || s == "-" {
        out.unicodeScalars.append(s)
      } else if !out.isEmpty && !out.hasSuffix("_") {
        out += "_"
      }
    }
    while out.hasSuffix("_") { out.removeLast() }
    if out.count > 64 { out = String(out.prefix(64)) }
    return out.isEmpty ? "tool" : out
  }

  /// Whether `name` matches `^[a-zA-Z0-9_-]{1,64}$`.
  package static func isValid(_ name: String) -> Bool {
    !name.isEmpty && name.utf8.count <= 64
      && name.unicodeScalars.allSatisfy {
        ($0 >= "a" && $0 <= "z") || ($0 >= "A" && $0 <= "Z") || ($0 >= "0" && $0 <= "9") || $0 == "_" || $0 == "-"
      }
  }

  /// Replaces every character outside the allowed set with `_` and cuts to 64 characters.
  package static func sanitize(_ name: String) -> String {
    var out = ""
    for s in name.unicodeScalars {
      let ok = (s >= "a" && s <= "z") || (s >= "A" && s <= "Z") || (s >= "0" && s <= "9") || s == "_" || s == "-"
      out.unicodeScalars.append(ok ? s : "_")
    }
    if out.count > 64 { out = String(out.prefix(64)) }
    return out.isEmpty ? "tool" : out
  }
}
