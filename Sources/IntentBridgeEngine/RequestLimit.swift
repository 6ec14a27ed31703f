/// The longest request the engine ranks and resolves: 8 KiB of UTF-8 (about 8,000 Latin
/// letters or 2,700 Chinese characters), far above any spoken or typed request.
///
/// Analysis and matching are linear or bounded per request word, but a request's work still
/// grows with its length; the limit keeps one request from stalling a server for everyone
/// else (within it, a request is answered in about 0.1 s at most). The CLI and the MCP
/// server check it before ranking and answer a longer request with `RequestTooLong`'s
/// message.
///
///     if let problem = RequestLimit.check(request) { print(problem) }
///     // the request is 1048576 bytes of UTF-8; requests may be at most 8192 bytes …
public enum RequestLimit {
  public static let maximumBytes = 8192

  /// Why `request` cannot be answered, or nil when it is within the limit.
  /// - Complexity: O(1) for native strings (their UTF-8 length is stored).
  public static func check(_ request: String) -> RequestTooLong? {
    let bytes = request.utf8.count
    return bytes > maximumBytes ? RequestTooLong(bytes: bytes) : nil
  }
}

/// A request longer than `RequestLimit.maximumBytes`.
public struct RequestTooLong: Error, Sendable, Hashable, CustomStringConvertible {
  /// The request's length in bytes of UTF-8.
  public var bytes: Int

  public init(bytes: Int) {
    self.bytes = bytes
  }

  public var description: String {
    "the request is \(bytes) bytes of UTF-8; requests may be at most \(RequestLimit.maximumBytes) bytes (send the user's request itself, not a document)"
  }
}
