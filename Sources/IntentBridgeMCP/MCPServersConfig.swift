import IntentBridgeCatalog
import IntentBridgeJSON
import IntentBridgeSystem

/// The `mcpServers` configuration that Claude Desktop, Claude Code and Cursor read, as the
/// list of upstream stdio servers it starts (`Schemas/mcp-servers.schema.json`):
///
///     {"mcpServers": {
///        "time": {"command": "uvx", "args": ["mcp-server-time"], "env": {"TZ": "UTC"}, "cwd": "/srv",
///                 "include": ["get_*"], "exclude": ["*_debug"], "namespace": "clock"}}}
///
/// Servers keep the file's order. Entries for remote servers (`url`, or a `type` other than
/// `stdio`) and disabled ones (`"disabled": true`) are skipped with a note; members we do not
/// use are ignored (hosts add their own). A relative `cwd` is taken from the configuration
/// file's folder. Every problem names the file, its line:column and the JSON path, and says
/// what was expected.
package struct MCPServersConfig: Sendable {
  /// A mistake in the file: where, and what was expected there.
  package struct Problem: Error, Sendable, Equatable, CustomStringConvertible {
    package var file: String
    package var location: SourceLocation?
    package var path: JSONPath
    package var message: String

    /// `servers.json:4:15: error: $.mcpServers.time.args must be an array of strings, found string`
    package var description: String {
      "\(file)\(location.map { ":\($0)" } ?? ""): error: \(message)" + (path == .root ? "" : "\n  at \(path)")
    }
  }

  /// The stdio servers, in the file's order.
  package var servers: [UpstreamServer]
  /// Entries that were left out, and why (remote or disabled servers), in the file's order.
  package var skipped: [(server: String, reason: String)]

  /// Configuration files are small; anything larger is refused unread.
  package static let maximumFileSize = 4 << 20
  /// Namespaces: tool-name characters, at most 32 of them (a tool name may have 64).
  package static let maximumNamespaceLength = 32

  /// Whether `namespace` is empty (none) or at most `maximumNamespaceLength` tool-name characters.
  package static func isValidNamespace(_ namespace: String) -> Bool {
    namespace.isEmpty || (namespace.count <= maximumNamespaceLength && ToolName.isValid(namespace))
  }

  /// Reads and checks the file at `path`.
  package static func load(path: String) throws(Problem) -> MCPServersConfig {
    let bytes: [UInt8]
    do {
      bytes = try FileReader.read(path, what: "an mcpServers configuration", limit: maximumFileSize, streams: true)
    } catch {
      throw Problem(file: path, location: nil, path: .root, message: error.reason)
    }
    let folder = path.contains("/") ? String(path[..<(path.lastIndex(of: "/") ?? path.endIndex)]) : "."
    return try parse(bytes: bytes, file: path, folder: folder.isEmpty ? "/" : folder)
  }

  /// Checks a configuration document; `folder` is where relative `cwd`s start.
  package static func parse(bytes: [UInt8], file: String, folder: String) throws(Problem) -> MCPServersConfig {
    let document: JSONValue
    let locations: [JSONPath: SourceLocation]
    do {
      (document, locations) = try JSONParser.parseWithLocations(bytes: bytes)
    } catch {
      throw Problem(file: file, location: error.location, path: .root, message: "\(error.message) [json-syntax]")
    }
    func problem(_ path: JSONPath, _ message: String) -> Problem {
      Problem(file: file, location: locations[path], path: path, message: message)
    }
    guard case .object(let root) = document else {
      throw problem(.root, "expected an object {\"mcpServers\": {…}}, found \(document.typeName)")
    }
    guard let serversValue = root["mcpServers"] else {
      let hint = root["servers"] != nil ? " (this looks like VS Code's \"servers\"; rename it to \"mcpServers\")" : ""
      throw problem(
        .root,
        "missing \"mcpServers\": an object of servers by name, e.g. {\"mcpServers\": {\"time\": {\"command\": \"uvx\", \"args\": [\"mcp-server-time\"]}}}\(hint)"
      )
    }
    let serversPath = JSONPath.root / "mcpServers"
    guard case .object(let entries) = serversValue else {
      throw problem(serversPath, "\"mcpServers\" must be an object of servers by name, found \(serversValue.typeName)")
    }
    guard !entries.isEmpty else { throw problem(serversPath, "\"mcpServers\" names no server") }
    var config = MCPServersConfig(servers: [], skipped: [])
    for (name, value) in entries {
      let path = serversPath / name
      guard !name.allSatisfy(\.isWhitespace) else { throw problem(path, "a server needs a name: the key is empty") }
      guard case .object(let entry) = value else {
        throw problem(path, "server \(JSONWriter.quoted(name)) must be an object with \"command\", found \(value.typeName)")
      }
      if entry["disabled"] == .bool(true) {
        config.skipped.append((name, "disabled (\"disabled\": true)"))
        continue
      }
      if let type = entry["type"], type != "stdio" {
        config.skipped.append((name, "a remote server (\"type\": \(type.compactText)); only stdio servers (\"command\") are started"))
        continue
      }
      if entry["command"] == nil, entry["url"] != nil || entry["serverUrl"] != nil {
        config.skipped.append((name, "a remote server (\"url\"); only stdio servers (\"command\") are started"))
        continue
      }
      func string(_ key: String) throws(Problem) -> String? {
        guard let member = entry[key] else { return nil }
        guard case .string(let text) = member else { throw problem(path / key, "\"\(key)\" must be a string, found \(member.typeName)") }
        return text
      }
      func strings(_ key: String) throws(Problem) -> [String] {
        guard let member = entry[key] else { return [] }
        guard case .array(let list) = member else { throw problem(path / key, "\"\(key)\" must be an array of strings, found \(member.typeName)") }
        var out: [String] = []
        for (i, element) in list.enumerated() {
          guard case .string(let text) = element else {
            throw problem(path / key / i, "\"\(key)\" must be an array of strings; element \(i) is \(element.typeName)")
          }
          out.append(text)
        }
        return out
      }
      guard let command = try string("command") else {
        throw problem(path, "server \(JSONWriter.quoted(name)) has no \"command\" (the program to start, e.g. \"uvx\" or \"/usr/bin/python3\")")
      }
      guard !command.allSatisfy(\.isWhitespace) else { throw problem(path / "command", "\"command\" is empty; name the program to start") }
      var environment: [(name: String, value: String)] = []
      if let member = entry["env"] {
        guard case .object(let variables) = member else {
          throw problem(path / "env", "\"env\" must be an object of strings (variable → value), found \(member.typeName)")
        }
        for (variable, value) in variables {
          guard case .string(let text) = value else {
            throw problem(
              path / "env" / variable, "the value of environment variable \(JSONWriter.quoted(variable)) must be a string, found \(value.typeName)")
          }
          guard !variable.isEmpty, !variable.contains("="), !variable.contains("\0"), !text.contains("\0") else {
            throw problem(path / "env" / variable, "\(JSONWriter.quoted(variable)) is no environment variable name (empty, or with '=' or NUL)")
          }
          environment.append((variable, text))
        }
      }
      var workingDirectory = try string("cwd")
      if let cwd = workingDirectory {
        guard !cwd.isEmpty else { throw problem(path / "cwd", "\"cwd\" is empty; name a folder or leave it out") }
        if !cwd.hasPrefix("/") { workingDirectory = folder + "/" + cwd }
      }
      let include = try strings("include").map(ToolNamePattern.init)
      let exclude = try strings("exclude").map(ToolNamePattern.init)
      let namespace = try string("namespace")
      if let namespace {
        // Empty: the server's tools keep their own names, even among several servers.
        guard isValidNamespace(namespace) else {
          throw problem(
            path / "namespace",
            "\"namespace\" must be at most \(maximumNamespaceLength) of the characters a tool name allows (a-z, A-Z, 0-9, _ and -), "
              + "or empty for none, found \(JSONWriter.quoted(namespace))")
        }
      }
      config.servers.append(
        UpstreamServer(
          name: name, command: command, arguments: try strings("args"), environment: environment, workingDirectory: workingDirectory,
          include: include, exclude: exclude, namespace: namespace))
    }
    guard !config.servers.isEmpty else {
      throw problem(serversPath, "no stdio server to start: every entry is remote or disabled")
    }
    return config
  }
}
