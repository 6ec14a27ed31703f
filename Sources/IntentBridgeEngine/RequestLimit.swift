/// How much of a request the engine reads: a request of up to 8 KiB of UTF-8 (about 8,000
/// Latin letters or 2,700 Chinese characters) is ranked and filled whole; a longer one — a
/// user's request that carries pasted text, a document, a log — is ranked and filled on a
/// window of its first 4 KiB and its last 4 KiB (where the instruction usually is), and the
/// answer says so; only beyond 16 MiB (the line limit of the server and of request files) is
/// it refused.
///
/// Analysis and matching are linear or bounded per request word, but a request's work still
/// grows with its length; the window keeps one request from stalling a server for everyone
/// else (within it, a request is answered in about 0.1 s at most). The CLI, the MCP server and
/// request files call `window` before ranking and show its `notice`.
///
///     let window = RequestLimit.window(request)
///     if let notice = window.notice { print(notice) }
///     // the request is 18034 bytes of UTF-8; it was read on its first 4096 and last 4096 bytes …
///     engine.rank(window.text)
package enum RequestLimit {
  /// The bytes of UTF-8 read of a longer request: half from its start, half from its end.
  package static let windowBytes = 8192
  /// Requests longer than this are refused (`RequestTooLong`): 16 MiB.
  package static let maximumBytes = 16 << 20

  /// Why `request` cannot be answered at all, or nil when it is within `maximumBytes`.
  /// - Complexity: O(1) for native strings (their UTF-8 length is stored).
  package static func check(_ request: String) -> RequestTooLong? {
    let bytes = request.utf8.count
    return bytes > maximumBytes ? RequestTooLong(bytes: bytes) : nil
  }

  /// The part of `request` that is ranked and filled: the request itself up to
  /// `windowBytes`; else its first and last `windowBytes / 2` bytes, each cut at a character
  /// boundary and, where one is near, at a space, joined by a space.
  /// - Complexity: O(`windowBytes`) beyond the UTF-8 length.
  package static func window(_ request: String) -> RequestWindow {
    let bytes = request.utf8.count
    guard bytes > windowBytes else { return RequestWindow(text: request, requestBytes: bytes) }
    let utf8 = Array(request.utf8)
    let half = windowBytes / 2
    let headEnd = boundary(in: utf8, near: half, towardStart: true)
    let tailStart = boundary(in: utf8, near: bytes - half, towardStart: false)
    let text = String(decoding: utf8[..<headEnd], as: UTF8.self) + " " + String(decoding: utf8[tailStart...], as: UTF8.self)
    return RequestWindow(text: text, requestBytes: bytes, headBytes: headEnd, tailBytes: bytes - tailStart)
  }

  /// A cut at or within `windowBytes / 2` of `position` that starts no character in the middle:
  /// the last space within 64 bytes before it (after it for the tail), else the character
  /// boundary itself.
  private static func boundary(in utf8: [UInt8], near position: Int, towardStart: Bool) -> Int {
    var cut = position
    // Not inside a character: continuation bytes are 10xxxxxx.
    while cut > 0, cut < utf8.count, utf8[cut] & 0xC0 == 0x80 { cut += towardStart ? -1 : 1 }
    let reach = 64
    if towardStart {
      var i = cut
      while i > max(0, cut - reach) {
        if utf8[i - 1] == 0x20 || utf8[i - 1] == 0x0A { return i - 1 }
        i -= 1
      }
    } else {
      var i = cut
      while i < min(utf8.count, cut + reach) {
        if utf8[i] == 0x20 || utf8[i] == 0x0A { return i + 1 }
        i += 1
      }
    }
    return cut
  }
}

/// The part of a request that is read (`RequestLimit.window`).
package struct RequestWindow: Sendable, Hashable {
  /// What is ranked and filled: the request, or its first and last part joined by a space.
  package var text: String
  /// The whole request's length in bytes of UTF-8.
  package var requestBytes: Int
  /// Bytes read from the start and the end; nil when the whole request is read.
  package var headBytes: Int?
  package var tailBytes: Int?

  package init(text: String, requestBytes: Int, headBytes: Int? = nil, tailBytes: Int? = nil) {
    self.text = text
    self.requestBytes = requestBytes
    self.headBytes = headBytes
    self.tailBytes = tailBytes
  }

  /// Whether only a window of the request is read.
  package var isWindowed: Bool { headBytes != nil }

  /// What to tell the user when only a window is read; nil otherwise.
  package var notice: String? {
    guard let headBytes, let tailBytes else { return nil }
    return "the request is \(requestBytes) bytes of UTF-8; it was read on its first \(headBytes) and last \(tailBytes) bytes "
      + "(requests longer than \(RequestLimit.windowBytes) bytes are read on a window)"
  }
}

/// A request longer than `RequestLimit.maximumBytes`.
package struct RequestTooLong: Error, Sendable, Hashable, CustomStringConvertible {
  /// The request's length in bytes of UTF-8.
  package var bytes: Int

  package init(bytes: Int) {
    self.bytes = bytes
  }

  package var description: String {
    "the request is \(bytes) bytes of UTF-8; requests may be at most \(RequestLimit.maximumBytes) bytes (\(RequestLimit.windowBytes) of them are read: send the user's request itself, not a document)"
  }
}
