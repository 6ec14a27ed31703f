import IntentBridgeEngine
import IntentBridgeSystem
import IntentBridgeText

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// A prompt template from `Prompts/`: a small header, a `---` line, then the message text
/// with `{{argument}}` placeholders.
///
///     name: find-intent
///     title: Find the intent for a request
///     description: Which of the app's intents fits a request.
///     argument: request | The user's request, verbatim. | required
///     ---
///     Find the intent for: {{request}}
public struct MCPPrompt: Sendable, Hashable {
  public struct Argument: Sendable, Hashable {
    public var name: String
    public var description: String
    public var required: Bool

    public init(name: String, description: String, required: Bool) {
      self.name = name
      self.description = description
      self.required = required
    }
  }

  public var name: String
  public var title: String?
  public var description: String
  public var arguments: [Argument]
  public var text: String

  public init(name: String, title: String?, description: String, arguments: [Argument], text: String) {
    self.name = name
    self.title = title
    self.description = description
    self.arguments = arguments
    self.text = text
  }

  public struct ParseError: Error, Sendable, CustomStringConvertible {
    public var file: String
    public var line: Int
    public var message: String
    public var description: String { line > 0 ? "\(file):\(line): error: \(message)" : "\(file): \(message)" }
  }

  /// Parses a prompt file's text; `file` names it in errors.
  public static func parse(_ source: String, file: String = "<prompt>") throws(ParseError) -> MCPPrompt {
    var name: String?
    var title: String?
    var description = ""
    var arguments: [Argument] = []
    let lines = source.split(separator: "\n", omittingEmptySubsequences: false).map { String($0.hasSuffix("\r") ? $0.dropLast() : $0[...]) }
    var bodyStart: Int?
    for (index, line) in lines.enumerated() {
      let trimmed = line.trimmingWhitespace()
      if trimmed == "---" {
        bodyStart = index + 1
        break
      }
      if trimmed.isEmpty || trimmed.hasPrefix("#") { continue }
      guard let colon = trimmed.firstIndex(of: ":") else {
        throw ParseError(file: file, line: index + 1, message: "expected 'key: value' (name, title, description, argument) or '---'")
      }
      let key = trimmed[..<colon].trimmingWhitespace().lowercased()
      let value = trimmed[trimmed.index(after: colon)...].trimmingWhitespace()
      switch key {
      case "name": name = value
      case "title": title = value
      case "description": description = value
      case "argument":
        let parts = value.split(separator: "|", omittingEmptySubsequences: false).map { $0.trimmingWhitespace() }
        guard let argumentName = parts.first, !argumentName.isEmpty else {
          throw ParseError(file: file, line: index + 1, message: "argument needs 'name | description | required'")
        }
        let required = parts.count > 2 && parts[2].lowercased() == "required"
        arguments.append(Argument(name: argumentName, description: parts.count > 1 ? parts[1] : "", required: required))
      default:
        throw ParseError(file: file, line: index + 1, message: "unknown header key '\(key)'; expected name, title, description or argument")
      }
    }
    guard let bodyStart else { throw ParseError(file: file, line: lines.count, message: "missing the '---' line before the prompt text") }
    guard let name, !name.isEmpty else { throw ParseError(file: file, line: 1, message: "missing 'name:'") }
    let text = lines[bodyStart...].joined(separator: "\n").trimmingWhitespaceAndNewlines()
    return MCPPrompt(name: name, title: title, description: description, arguments: arguments, text: text)
  }

  /// The largest prompt file read.
  public static let maximumFileBytes = 1 << 20

  /// Every `*.md` prompt in `directory` (except README.md), sorted by name.
  public static func load(directory: String) throws -> [MCPPrompt] {
    let names: [String]
    do {
      names = try FileManager.default.contentsOfDirectory(atPath: directory)
    } catch {
      let system = Errno.describe(error)
      let reason =
        (try? FileStatus(path: directory)).map { $0.kind == .directory ? "cannot be read (\(system))" : "is not a folder" } ?? "no such folder"
      throw ParseError(file: directory, line: 0, message: reason)
    }
    let files = names.filter { $0.hasSuffix(".md") && $0.lowercased() != "readme.md" }.sorted()
    var prompts: [MCPPrompt] = []
    for file in files {
      let path = directory + "/" + file
      let data: [UInt8]
      do {
        data = try FileReader.read(path, what: "a prompt file", limit: maximumFileBytes)
      } catch {
        throw ParseError(file: path, line: 0, message: error.reason)
      }
      prompts.append(try parse(String(decoding: data, as: UTF8.self), file: path))
    }
    return prompts.sorted { $0.name < $1.name }
  }

  /// Whether `directory` exists and holds at least one prompt file.
  public static func hasPrompts(directory: String) -> Bool {
    let files = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
    return files.contains { $0.hasSuffix(".md") && $0.lowercased() != "readme.md" }
  }

  /// The text with `{{name}}` replaced by the values (missing optional ones by "").
  public func render(_ values: [String: String]) -> String {
    var out = ""
    var rest = text[...]
    while let open = rest.firstRange(of: "{{") {
      out += rest[..<open.lowerBound]
      guard let close = rest[open.upperBound...].firstRange(of: "}}") else {
        rest = rest[open.lowerBound...]
        break
      }
      let key = rest[open.upperBound..<close.lowerBound].trimmingWhitespace()
      if arguments.contains(where: { $0.name == key }) {
        out += values[key] ?? ""
      } else {
        out += rest[open.lowerBound..<close.upperBound]
      }
      rest = rest[close.upperBound...]
    }
    out += rest
    return out
  }

  var listEntry: JSONValue {
    var object = JSONObject()
    object["name"] = .string(name)
    if let title { object["title"] = .string(title) }
    object["description"] = .string(description)
    object["arguments"] = .array(
      arguments.map { ["name": .string($0.name), "description": .string($0.description), "required": .bool($0.required)] })
    return .object(object)
  }
}
