/// A location inside a JSON document, written as `$.intents[3].parameters[0].type`.
///
/// Diagnostics carry a path so that users can find the offending value even when the
/// line and column are unknown (for example in a document built in memory).
public struct JSONPath: Sendable, Hashable, CustomStringConvertible, Comparable {
  /// One step of a path.
  public enum Component: Sendable, Hashable {
    /// An object member, by key.
    case key(String)
    /// An array element, by 0-based index.
    case index(Int)
  }

  /// The steps from the root, outermost first; empty for the root.
  public var components: [Component]

  /// The path of `components` (the root by default).
  public init(_ components: [Component] = []) { self.components = components }

  /// `$`: the document itself.
  public static let root = JSONPath()

  /// This path followed by the member `key`.
  public func appending(_ key: String) -> JSONPath {
    JSONPath(components + [.key(key)])
  }

  /// This path followed by the element at `index`.
  public func appending(_ index: Int) -> JSONPath {
    JSONPath(components + [.index(index)])
  }

  /// `path.appending(key)`.
  public static func / (path: JSONPath, key: String) -> JSONPath { path.appending(key) }
  /// `path.appending(index)`.
  public static func / (path: JSONPath, index: Int) -> JSONPath { path.appending(index) }

  /// `$` for the root; identifier-like keys as `.key`, others as `["key"]`.
  public var description: String {
    var text = "$"
    for component in components {
      switch component {
      case .index(let i): text += "[\(i)]"
      case .key(let k):
        if Self.isIdentifier(k) {
          text += "." + k
        } else {
          text += "[" + JSONWriter.quoted(k) + "]"
        }
      }
    }
    return text
  }

  public static func < (lhs: JSONPath, rhs: JSONPath) -> Bool {
    lhs.description < rhs.description
  }

  private static func isIdentifier(_ key: String) -> Bool {
    guard let first = key.unicodeScalars.first, !key.isEmpty else { return false }
    func isLetter(_ s: Unicode.Scalar) -> Bool {
      (s >= "a" && s <= "z") || (s >= "A" && s <= "Z") || s == "_"
    }
    return isLetter(first)
      && key.unicodeScalars.allSatisfy { isLetter($0) || ($0 >= "0" && $0 <= "9") || $0 == "-" }
  }
}

/// Resolves a value at a path; `nil` when any component is missing.
extension JSONValue {
  /// The value at `path`; nil when a step names a missing key, an index out of range or a value of
  /// another kind.
  public subscript(path: JSONPath) -> JSONValue? {
    var current: JSONValue? = self
    for component in path.components {
      switch component {
      case .key(let k): current = current?[k]
      case .index(let i): current = current?[i]
      }
    }
    return current
  }
}
