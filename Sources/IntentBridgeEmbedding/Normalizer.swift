import IntentBridgeJSON

/// The normalisation stage of a tokenizer, built from the `normalizer` of `tokenizer.json`:
/// a sequence of steps, each rewriting the text.
///
/// Supported steps: `Precompiled` (SentencePiece charsmap, see `PrecompiledCharsmap`),
/// `Replace` with a string pattern or the regex `" {2,}"` (collapse runs of spaces),
/// `BertNormalizer`, `Lowercase`, `Strip` and `Sequence`. Anything else is an
/// `EmbeddingError.unsupported` naming the field, never a silent approximation.
///
/// For XLM-R's tokenizer (`Precompiled` + collapse spaces):
///
///     "Ｃａｆe\u{301}  ﬁx" → "Café fix"     (full-width folded, e + ◌́ composed, ﬁ → fi, spaces collapsed)
package struct Normalizer: Sendable {
  enum Step: Sendable {
    case precompiled(PrecompiledCharsmap)
    case collapseSpaces
    case replace(pattern: [UInt8], content: [UInt8])
    case bert(BertNormalizer)
    case lowercase
    case strip(left: Bool, right: Bool)
  }

  let steps: [Step]

  static let supportedTypes = ["Sequence", "Precompiled", "Replace", "BertNormalizer", "Lowercase", "Strip"]

  /// A normaliser that leaves text unchanged.
  package static let identity = Normalizer(steps: [])

  init(steps: [Step]) {
    self.steps = steps
  }

  /// Builds the stage from the `normalizer` value (`null` → identity); `path` names it in errors.
  init(json: JSONValue?, path: String, fields: JSONFields) throws(EmbeddingError) {
    guard let json, !json.isNull else {
      self.init(steps: [])
      return
    }
    var steps: [Step] = []
    try Self.appendSteps(json, path: path, fields: fields, to: &steps)
    self.init(steps: steps)
  }

  private static func appendSteps(_ json: JSONValue, path: String, fields: JSONFields, to steps: inout [Step]) throws(EmbeddingError) {
    let object = try fields.object(json, path)
    let type = try fields.string(object["type"], path + ".type")
    switch type {
    case "Sequence":
      let list = try fields.array(object["normalizers"], path + ".normalizers")
      for (i, item) in list.enumerated() {
        try appendSteps(item, path: "\(path).normalizers[\(i)]", fields: fields, to: &steps)
      }
    case "Precompiled":
      let field = path + ".precompiled_charsmap"
      if let value = object["precompiled_charsmap"], value.isNull { return }  // no map: identity
      steps.append(
        .precompiled(try PrecompiledCharsmap(base64: fields.string(object["precompiled_charsmap"], field), file: fields.file, field: field)))
    case "Replace":
      let content = try fields.string(object["content"], path + ".content")
      let pattern = try fields.object(object["pattern"], path + ".pattern")
      if let literal = pattern["String"] {
        let text = try fields.string(literal, path + ".pattern.String")
        guard !text.isEmpty else { throw fields.invalid(literal, path + ".pattern.String", "a non-empty string") }
        steps.append(.replace(pattern: Array(text.utf8), content: Array(content.utf8)))
      } else if let regex = pattern["Regex"] {
        let text = try fields.string(regex, path + ".pattern.Regex")
        guard text == " {2,}", content == " " else {
          throw fields.unsupported(text, path + ".pattern.Regex", ["' {2,}' with content ' ' (collapse spaces)"])
        }
        steps.append(.collapseSpaces)
      } else {
        throw fields.invalid(.object(pattern), path + ".pattern", #"{"String": …} or {"Regex": " {2,}"}"#)
      }
    case "BertNormalizer":
      let lowercase = try fields.optionalBool(object["lowercase"], path + ".lowercase") ?? true
      steps.append(
        .bert(
          BertNormalizer(
            cleanText: try fields.optionalBool(object["clean_text"], path + ".clean_text") ?? true,
            handleChineseCharacters: try fields.optionalBool(object["handle_chinese_chars"], path + ".handle_chinese_chars") ?? true,
            stripAccents: try fields.optionalBool(object["strip_accents"], path + ".strip_accents"),
            lowercase: lowercase)))
    case "Lowercase":
      steps.append(.lowercase)
    case "Strip":
      steps.append(
        .strip(
          left: try fields.optionalBool(object["strip_left"], path + ".strip_left") ?? true,
          right: try fields.optionalBool(object["strip_right"], path + ".strip_right") ?? true))
    default:
      throw fields.unsupported(type, path + ".type", supportedTypes)
    }
  }

  /// The normalised form of `text`.
  package func normalized(_ text: String) -> String {
    var out: [UInt8] = []
    var scratch: [UInt8] = []
    normalize(text[...], into: &out, scratch: &scratch)
    return String(decoding: out, as: UTF8.self)
  }

  /// Writes the normalised UTF-8 of `text` into `out` (replacing its contents); `scratch`
  /// is working space, kept by callers so repeated calls do not allocate.
  func normalize(_ text: Substring, into out: inout [UInt8], scratch: inout [UInt8]) {
    out.removeAll(keepingCapacity: true)
    guard let first = steps.first else {
      out.append(contentsOf: text.utf8)
      return
    }
    apply(first, to: text, into: &out)
    for step in steps.dropFirst() {
      swap(&out, &scratch)
      out.removeAll(keepingCapacity: true)
      apply(step, to: scratch, into: &out)
    }
  }

  private func apply(_ step: Step, to text: Substring, into out: inout [UInt8]) {
    switch step {
    case .precompiled(let map): map.normalize(text, into: &out)
    case .bert(let bert): bert.normalize(text, into: &out)
    case .lowercase:
      BertNormalizer(cleanText: false, handleChineseCharacters: false, stripAccents: false, lowercase: true).normalize(text, into: &out)
    default:
      var bytes = Array(text.utf8)
      apply(step, to: bytes, into: &out)
      bytes.removeAll()
    }
  }

  private func apply(_ step: Step, to input: [UInt8], into out: inout [UInt8]) {
    switch step {
    case .precompiled, .bert, .lowercase:
      let text = String(decoding: input, as: UTF8.self)
      apply(step, to: text[...], into: &out)
    case .collapseSpaces:
      var previousWasSpace = false
      for byte in input {
        if byte == 32 {
          if previousWasSpace { continue }
          previousWasSpace = true
        } else {
          previousWasSpace = false
        }
        out.append(byte)
      }
    case .replace(let pattern, let content):
      var i = 0
      while i < input.count {
        if input[i] == pattern[0], i + pattern.count <= input.count, input[i..<(i + pattern.count)].elementsEqual(pattern) {
          out.append(contentsOf: content)
          i += pattern.count
        } else {
          out.append(input[i])
          i += 1
        }
      }
    case .strip(let left, let right):
      let text = String(decoding: input, as: UTF8.self)
      var scalars = text.unicodeScalars[...]
      if left { while let s = scalars.first, s.properties.isWhitespace { scalars.removeFirst() } }
      if right { while let s = scalars.last, s.properties.isWhitespace { scalars.removeLast() } }
      out.append(contentsOf: Substring(scalars).utf8)
    }
  }
}
