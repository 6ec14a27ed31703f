import IntentBridgeJSON

/// The pre-tokenisation stage, built from the `pre_tokenizer` of `tokenizer.json`: cuts the
/// normalised text into the pieces the model tokenizes one by one.
///
/// Supported: `Metaspace` (SentencePiece models), `BertPreTokenizer` and `WhitespaceSplit`;
/// `null` keeps the whole segment as one piece. Anything else is an
/// `EmbeddingError.unsupported` naming the field.
package struct PreTokenizer: Sendable {
  enum Kind: Sendable {
    case none
    case metaspace(MetaspacePreTokenizer)
    case bert(BertPreTokenizer)
  }

  let kind: Kind

  static let supportedTypes = ["Metaspace", "BertPreTokenizer", "WhitespaceSplit"]

  init(kind: Kind) {
    self.kind = kind
  }

  init(json: JSONValue?, path: String, fields: JSONFields) throws(EmbeddingError) {
    guard let json, !json.isNull else {
      self.init(kind: .none)
      return
    }
    let object = try fields.object(json, path)
    let type = try fields.string(object["type"], path + ".type")
    switch type {
    case "Metaspace":
      let replacementText = try fields.optionalString(object["replacement"], path + ".replacement") ?? "▁"
      guard replacementText.count == 1, let replacement = replacementText.first, replacementText.unicodeScalars.first?.value != 32 else {
        throw fields.invalid(.string(replacementText), path + ".replacement", "a single character other than a space")
      }
      var scheme = MetaspacePreTokenizer.PrependScheme.always
      if let name = try fields.optionalString(object["prepend_scheme"], path + ".prepend_scheme") {
        guard let parsed = MetaspacePreTokenizer.PrependScheme(rawValue: name) else {
          throw fields.unsupported(name, path + ".prepend_scheme", ["always", "first", "never"])
        }
        scheme = parsed
      } else if let addPrefix = try fields.optionalBool(object["add_prefix_space"], path + ".add_prefix_space") {
        scheme = addPrefix ? .always : .never  // older files
      }
      let split = try fields.optionalBool(object["split"], path + ".split") ?? true
      self.init(kind: .metaspace(MetaspacePreTokenizer(replacement: replacement, prependScheme: scheme, split: split)))
    case "BertPreTokenizer":
      self.init(kind: .bert(BertPreTokenizer(isolatePunctuation: true)))
    case "WhitespaceSplit":
      self.init(kind: .bert(BertPreTokenizer(isolatePunctuation: false)))
    default:
      throw fields.unsupported(type, path + ".type", Self.supportedTypes)
    }
  }

  /// Writes the bytes the model sees to `out` and the byte ranges of the pieces to `pieces`.
  func preTokenize(_ input: [UInt8], isFirstSegment: Bool, into out: inout [UInt8], pieces: inout [Range<Int>]) {
    switch kind {
    case .none:
      out.removeAll(keepingCapacity: true)
      pieces.removeAll(keepingCapacity: true)
      out.append(contentsOf: input)
      if !input.isEmpty { pieces.append(0..<input.count) }
    case .metaspace(let metaspace):
      metaspace.preTokenize(input, isFirstSegment: isFirstSegment, into: &out, pieces: &pieces)
    case .bert(let bert):
      bert.preTokenize(input, into: &out, pieces: &pieces)
    }
  }
}
