import IntentBridgeJSON

/// The `added_tokens` of `tokenizer.json` (`<pad>`, `<unk>`, `[CLS]`, …): literal strings that
/// are cut out of the text before normalisation and map straight to their ids, as the
/// tokenizers library does even when special tokens are not added around the text.
///
///     "hello<pad>world" → segments "hello", <pad> (id 0), "world"
///
/// Matching is leftmost-longest over the raw text. Tokens marked `normalized: true` are
/// matched against the raw text too (an approximation that is exact when normalisation leaves
/// the token's text unchanged, as it does for the usual `[CLS]`-style tokens). `lstrip` and
/// `rstrip` swallow adjacent whitespace; `single_word: true` is reported as unsupported.
struct AddedTokens: Sendable {
  struct Token: Sendable, Equatable {
    let content: [UInt8]
    let id: Int32
    let leftStrip: Bool
    let rightStrip: Bool
  }

  /// A piece of text between added tokens, or an added token.
  enum Segment: Equatable {
    case text(Range<String.Index>)
    case token(Int32)
  }

  let tokens: [Token]
  /// Whether some token starts with this byte (a fast reject for the common case).
  private let isFirstByte: [Bool]

  static let none = AddedTokens(tokens: [])

  init(tokens: [Token]) {
    self.init(ordered: tokens.sorted { $0.content.count > $1.content.count })  // longest first
  }

  /// Tokens already in matching order (longest first), as a compiled file stores them.
  init(ordered tokens: [Token]) {
    self.tokens = tokens
    var isFirstByte = [Bool](repeating: false, count: 256)
    for token in tokens { if let first = token.content.first { isFirstByte[Int(first)] = true } }
    self.isFirstByte = isFirstByte
  }

  init(json: JSONValue?, path: String, fields: JSONFields) throws(EmbeddingError) {
    guard let json, !json.isNull else {
      self.init(tokens: [])
      return
    }
    var tokens: [Token] = []
    for (i, entry) in try fields.array(json, path).enumerated() {
      let item = try fields.object(entry, "\(path)[\(i)]")
      let content = try fields.string(item["content"], "\(path)[\(i)].content")
      let id = try fields.integer(item["id"], "\(path)[\(i)].id")
      if try fields.optionalBool(item["single_word"], "\(path)[\(i)].single_word") == true {
        throw fields.unsupported("true", "\(path)[\(i)].single_word", ["false"])
      }
      guard !content.isEmpty else { continue }
      tokens.append(
        Token(
          content: Array(content.utf8), id: Int32(id),
          leftStrip: try fields.optionalBool(item["lstrip"], "\(path)[\(i)].lstrip") ?? false,
          rightStrip: try fields.optionalBool(item["rstrip"], "\(path)[\(i)].rstrip") ?? false))
    }
    self.init(tokens: tokens)
  }

  /// Calls `body` with each segment of `text` in order. Text segments may be empty only
  /// when the text is.
  func split(_ text: String, _ body: (Segment) -> Void) {
    let utf8 = text.utf8
    guard !tokens.isEmpty, utf8.contains(where: { isFirstByte[Int($0)] }) else {
      body(.text(text.startIndex..<text.endIndex))
      return
    }
    let bytes = Array(utf8)
    var segmentStart = 0
    var i = 0
    while i < bytes.count {
      guard isFirstByte[Int(bytes[i])], let token = match(bytes, at: i) else {
        i += 1
        continue
      }
      var textEnd = i
      var next = i + token.content.count
      if token.leftStrip {
        while textEnd > segmentStart, Self.isASCIIWhitespace(bytes[textEnd - 1]) { textEnd -= 1 }
      }
      if token.rightStrip {
        while next < bytes.count, Self.isASCIIWhitespace(bytes[next]) { next += 1 }
      }
      if textEnd > segmentStart { body(.text(index(text, segmentStart)..<index(text, textEnd))) }
      body(.token(token.id))
      segmentStart = next
      i = next
    }
    if segmentStart < bytes.count { body(.text(index(text, segmentStart)..<text.endIndex)) }
  }

  /// The longest token at `offset`.
  private func match(_ bytes: [UInt8], at offset: Int) -> Token? {
    for token in tokens where offset + token.content.count <= bytes.count {
      var equal = true
      for (j, byte) in token.content.enumerated() where bytes[offset + j] != byte {
        equal = false
        break
      }
      if equal { return token }
    }
    return nil
  }

  private func index(_ text: String, _ offset: Int) -> String.Index {
    text.utf8.index(text.utf8.startIndex, offsetBy: offset)
  }

  private static func isASCIIWhitespace(_ byte: UInt8) -> Bool {
    byte == 32 || (byte >= 9 && byte <= 13)
  }
}
