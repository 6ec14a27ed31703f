import IntentBridgeCatalog
import IntentBridgeJSON

/// The tools of several upstream servers as one MCP `tools/list` document, ready for the
/// tool-list importer: each server's tools filtered by its `include`/`exclude` patterns,
/// named into its namespace, and made unique.
///
///     let list = UpstreamToolList.merge([time, git], namespaced: true)
///     list.document     // {"tools": [{"name": "time__get_current_time", "title": "Get current time", …}, …]}
///     list.notices      // what was renamed or left out, for standard error
///
/// Names: with `namespaced`, a tool `get_current_time` of a server whose namespace is `time`
/// becomes `time__get_current_time` (a server with an empty namespace keeps its names), and a
/// tool without a `title` gets one from its own name ("Get current time"), not from the
/// namespaced one. A name already taken — by an earlier server, or earlier in the same list —
/// gets the first free suffix `_2`, `_3`, … (cut to stay within 64 characters), and a notice
/// says so: servers are taken in the configuration's order and tools in the server's, so the
/// same servers always give the same names. Entries without a string `name` are passed on
/// as they are (the importer reports them).
package struct UpstreamToolList: Sendable {
  /// One server's answer: who it is, how the session went and what it listed.
  package struct Listing: Sendable {
    package var server: UpstreamServer
    package var session: MCPClient.Session
    package var tools: [JSONValue]

    package init(server: UpstreamServer, session: MCPClient.Session, tools: [JSONValue]) {
      self.server = server
      self.session = session
      self.tools = tools
    }
  }

  /// Where an entry of `document` came from.
  package struct Origin: Sendable, Equatable {
    package var server: String
    /// Its position in the server's own `tools/list` (all pages together).
    package var index: Int
    /// The name the server gave it (nil: it had none) and the name in `document`.
    package var upstreamName: String?
    package var name: String?
  }

  /// `{"tools": [...]}`, in the servers' order, then each server's.
  package var document: JSONValue
  /// One per entry of `document`.
  package var origins: [Origin]
  /// Renamed tools, tools left out by the patterns, patterns that matched nothing: one line
  /// each, naming the server.
  package var notices: [String]
  /// Whether names carry namespaces.
  package var namespaced: Bool
  package var listings: [Listing]

  /// The separator between namespace and tool name.
  package static let separator = "__"

  package static func merge(_ listings: [Listing], namespaced: Bool) -> UpstreamToolList {
    var tools: [JSONValue] = []
    var origins: [Origin] = []
    var notices: [String] = []
    var taken: [String: String] = [:]  // name → the server that has it
    for listing in listings {
      let server = listing.server
      let namespace = namespaced ? server.effectiveNamespace : ""
      var kept = 0
      var named = 0
      var patternHits = [Int](repeating: 0, count: server.include.count)
      for (index, entry) in listing.tools.enumerated() {
        guard case .object(var tool) = entry, case .string(let upstreamName)? = tool["name"] else {
          tools.append(entry)
          origins.append(Origin(server: server.name, index: index, upstreamName: nil, name: nil))
          continue
        }
        named += 1
        for (i, pattern) in server.include.enumerated() where pattern.matches(upstreamName) { patternHits[i] += 1 }
        guard server.keeps(toolNamed: upstreamName) else { continue }
        kept += 1
        let proposed = namespace.isEmpty ? upstreamName : namespace + separator + upstreamName
        var name = proposed
        var n = 2
        while taken[name] != nil {
          let suffix = "_\(n)"
          name = (proposed.count + suffix.count > 64 && proposed.count <= 64 ? String(proposed.prefix(64 - suffix.count)) : proposed) + suffix
          n += 1
        }
        if name != proposed, let owner = taken[proposed] {
          let whose = owner == server.name ? "an earlier tool of the same server" : "a tool of MCP server '\(owner)'"
          notices.append(
            "MCP server '\(server.name)': tool \(JSONWriter.quoted(upstreamName)) would be named \(JSONWriter.quoted(proposed)), "
              + "which \(whose) has; imported as \(JSONWriter.quoted(name))"
              + (namespaced ? "" : " (give the servers namespaces to keep their names apart)"))
        }
        taken[name] = server.name
        if name != upstreamName {
          tool["name"] = .string(name)
          if namespaced, tool["title"]?.stringValue.map({ $0.isEmpty }) ?? true, tool["annotations"]?["title"]?.stringValue == nil {
            tool["title"] = .string(title(fromName: upstreamName))
          }
        }
        tools.append(.object(tool))
        origins.append(Origin(server: server.name, index: index, upstreamName: upstreamName, name: name))
      }
      for (i, pattern) in server.include.enumerated() where patternHits[i] == 0 {
        notices.append("MCP server '\(server.name)': include pattern \(JSONWriter.quoted(pattern.text)) matches none of its \(named) tools")
      }
      if kept < named {
        notices.append("MCP server '\(server.name)': \(kept) of its \(named) tools imported (include/exclude patterns)")
      }
    }
    return UpstreamToolList(
      document: ["tools": .array(tools)], origins: origins, notices: notices, namespaced: namespaced, listings: listings)
  }

  /// A title from a tool's own name, as the importer derives one: `get_current_time` → "Get current time".
  static func title(fromName name: String) -> String {
    let words = ToolName.derive(fromIdentifier: name).split(whereSeparator: { $0 == "_" || $0 == "-" })
    guard let first = words.first else { return name }
    return ([first.prefix(1).uppercased() + first.dropFirst()] + words.dropFirst().map(String.init)).joined(separator: " ")
  }

  /// Where an importer warning's path (`$.tools[7].inputSchema…`) points in the servers'
  /// answers: "tool "x" of MCP server 's' (its tools/list entry 7), at $.inputSchema…".
  package func describe(_ path: JSONPath) -> String {
    let components = path.components
    guard components.count >= 2, components[0] == .key("tools"), case .index(let i) = components[1], origins.indices.contains(i) else {
      return "\(path)"
    }
    let origin = origins[i]
    let tool = origin.upstreamName.map { "tool \(JSONWriter.quoted($0)) of " } ?? ""
    let rest = JSONPath(Array(components.dropFirst(2)))
    return "\(tool)MCP server '\(origin.server)' (its tools/list entry \(origin.index))" + (rest == .root ? "" : ", at \(rest)")
  }

  /// The catalog's `source` for an imported document: `kind` "mcp", the generator, the
  /// servers by name, and per server its namespace, protocol version, `serverInfo` and the
  /// upstream name of each tool (catalog name → server's name), for a gateway to call them.
  package func source(replacing source: JSONObject) -> JSONObject {
    var out = JSONObject()
    out["kind"] = "mcp"
    out["generator"] = "intentbridge import mcp"
    out["upstream"] = .string("MCP servers: " + listings.map(\.server.name).joined(separator: ", "))
    if let dialect = source["dialect"] { out["dialect"] = dialect }
    var servers: [JSONValue] = []
    for listing in listings {
      var entry = JSONObject()
      entry["name"] = .string(listing.server.name)
      entry["namespace"] = namespaced ? .string(listing.server.effectiveNamespace) : .null
      entry["protocolVersion"] = .string(listing.session.protocolVersion)
      if !listing.session.serverInfo.isEmpty { entry["serverInfo"] = .object(listing.session.serverInfo) }
      var names = JSONObject()
      for origin in origins where origin.server == listing.server.name {
        if let name = origin.name, let upstream = origin.upstreamName { names[name] = .string(upstream) }
      }
      entry["tools"] = .object(names)
      servers.append(.object(entry))
    }
    out["servers"] = .array(servers)
    for (key, value) in source where !out.contains(key: key) && key != "upstream" && key != "generator" { out[key] = value }
    return out
  }
}
