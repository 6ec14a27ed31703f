/// A JSON object whose members keep their insertion order.
///
/// Lookup by key is O(1) through an index; assigning an existing key replaces the value
/// in place (its position stays), assigning a new key appends it, assigning `nil` removes it.
public struct JSONObject: Sendable, Hashable, RandomAccessCollection {
  public typealias Element = (key: String, value: JSONValue)

  /// The member keys in insertion order.
  public private(set) var keys: [String] = []
  private var storage: [String: JSONValue] = [:]

  /// An empty object.
  public init() {}

  /// Creates an object from key-value pairs; a later duplicate key replaces the earlier value.
  public init(_ pairs: [(String, JSONValue)]) {
    for (key, value) in pairs { self[key] = value }
  }

  public var startIndex: Int { 0 }
  public var endIndex: Int { keys.count }

  public subscript(position: Int) -> Element {
    let key = keys[position]
    // The index and the key list are updated together, so the key is always present.
    return (key, storage[key] ?? .null)
  }

  /// The value of `key`, nil when absent; setting a new key appends it, an existing one keeps its
  /// place, nil removes it.
  public subscript(key: String) -> JSONValue? {
    get { storage[key] }
    set {
      if let newValue {
        if storage.updateValue(newValue, forKey: key) == nil { keys.append(key) }
      } else if storage.removeValue(forKey: key) != nil {
        keys.removeAll { $0 == key }
      }
    }
  }

  /// Whether the object has a member `key`.
  public func contains(key: String) -> Bool { storage[key] != nil }

  public static func == (lhs: JSONObject, rhs: JSONObject) -> Bool {
    lhs.keys == rhs.keys && lhs.storage == rhs.storage
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(keys)
    for key in keys { hasher.combine(storage[key]) }
  }
}

extension JSONObject: ExpressibleByDictionaryLiteral {
  public init(dictionaryLiteral elements: (String, JSONValue)...) {
    self.init(elements)
  }
}
