import Foundation
import IntentBridgeEmbedding
import IntentBridgeJSON
import IntentBridgeTestSupport
import Testing

/// The default model, loaded once for the whole test run.
enum DefaultModel {
  static let directory = Repository.path("Models/e5small-m2v-256-latcjk-int8")

  static let loaded: Result<StaticEmbeddingModel, EmbeddingError> = Result { () throws(EmbeddingError) in
    try StaticEmbeddingModel(directory: directory)
  }

  static func model() throws -> StaticEmbeddingModel { try loaded.get() }
}

/// Fixtures next to the tests (`Fixtures/`), written by Scripts/make_embedding_fixtures.py.
enum Fixtures {
  static func path(_ name: String) -> String { Repository.path("Tests/IntentBridgeEmbeddingTests/Fixtures/" + name) }

  /// The objects of a JSON Lines fixture.
  static func lines(_ name: String) throws -> [JSONValue] {
    let text = try Repository.readText(path(name))
    return try text.split(separator: "\n").map { try JSONParser.parse(String($0)) }
  }

  /// `{"text", "ids"}` lines.
  static func tokenCases(_ name: String) throws -> [(text: String, ids: [Int])] {
    try lines(name).map { line in
      let text = try #require(line["text"]?.stringValue, "fixture line without text: \(line)")
      let ids = try #require(line["ids"]?.arrayValue?.compactMap { $0.integerValue.map(Int.init) })
      return (text, ids)
    }
  }
}

/// Builds safetensors files byte by byte, so tests can damage them precisely.
struct SafeTensorsBuilder {
  struct Entry {
    var name: String
    var dtype: String
    var shape: [Int]
    var data: [UInt8]
  }

  var entries: [Entry] = []
  var metadata: [String: String]? = nil

  /// The header JSON (tensors in order, offsets consecutive).
  func header() -> String {
    var parts: [String] = []
    if let metadata {
      parts.append("\"__metadata__\":{" + metadata.sorted { $0.key < $1.key }.map { "\"\($0.key)\":\"\($0.value)\"" }.joined(separator: ",") + "}")
    }
    var offset = 0
    for entry in entries {
      parts.append(
        "\"\(entry.name)\":{\"dtype\":\"\(entry.dtype)\",\"shape\":\(entry.shape),\"data_offsets\":[\(offset),\(offset + entry.data.count)]}")
      offset += entry.data.count
    }
    return "{" + parts.joined(separator: ",") + "}"
  }

  func bytes(header override: String? = nil) -> [UInt8] {
    let header = Array((override ?? header()).utf8)
    var out: [UInt8] = []
    var length = UInt64(header.count)
    for _ in 0..<8 {
      out.append(UInt8(length & 0xFF))
      length >>= 8
    }
    out += header
    for entry in entries { out += entry.data }
    return out
  }

  static func littleEndian(_ values: [Float]) -> [UInt8] {
    values.flatMap { v in (0..<4).map { UInt8((v.bitPattern >> (8 * UInt32($0))) & 0xFF) } }
  }
}

/// A throwaway folder under the system temporary directory, removed by `remove()`.
struct TemporaryFolder {
  let path: String

  init() throws {
    path = NSTemporaryDirectory() + "intentbridge-embedding-" + UUID().uuidString
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
  }

  func write(_ name: String, _ bytes: [UInt8]) throws {
    try Data(bytes).write(to: URL(fileURLWithPath: path + "/" + name))
  }

  func write(_ name: String, _ text: String) throws {
    try write(name, Array(text.utf8))
  }

  func remove() {
    try? FileManager.default.removeItem(atPath: path)
  }
}

/// A tiny Unigram model folder: pieces with scores, an int8 or float table of `dimensions`.
enum TinyModel {
  static let pieces: [(String, Double)] = [
    ("<pad>", 0), ("<unk>", 0), ("▁", -2), ("▁turn", -3), ("▁on", -3), ("▁the", -2.5), ("▁light", -4), ("s", -3),
    ("▁lights", -5), ("l", -6), ("i", -6), ("g", -6), ("h", -6), ("t", -6), ("▁l", -7),
  ]

  static func tokenizerJSON(
    pieces: [(String, Double)] = pieces, normalizer: String = #"{"type": "Replace", "pattern": {"Regex": " {2,}"}, "content": " "}"#
  ) -> String {
    let vocab = pieces.map { "[\(JSONWriter.quoted($0.0)), \($0.1)]" }.joined(separator: ", ")
    return """
      {"version": "1.0",
       "added_tokens": [{"id": 0, "content": "<pad>", "special": true, "normalized": false, "lstrip": false, "rstrip": false, "single_word": false},
                        {"id": 1, "content": "<unk>", "special": true, "normalized": false, "lstrip": false, "rstrip": false, "single_word": false}],
       "normalizer": \(normalizer),
       "pre_tokenizer": {"type": "Metaspace", "replacement": "▁", "prepend_scheme": "always", "split": true},
       "post_processor": null, "decoder": null,
       "model": {"type": "Unigram", "unk_id": 1, "vocab": [\(vocab)], "byte_fallback": false}}
      """
  }

  static let config = #"{"model_type": "model2vec", "normalize": true, "pooling": "mean", "hidden_dim": 4, "max_length": 512}"#

  /// Row r of the table: [r, -r, 1, 0] (row 0 all zero apart from the constant).
  static func rows(count: Int = pieces.count) -> [[Float]] {
    (0..<count).map { r in [Float(r), -Float(r), 1, 0] }
  }

  /// Writes config.json, tokenizer.json and model.safetensors with `dtype` I8, F16, BF16 or F32.
  static func write(to folder: TemporaryFolder, dtype: String = "I8", rows: [[Float]] = rows(), config: String = config) throws {
    try folder.write("config.json", config)
    try folder.write("tokenizer.json", tokenizerJSON())
    let flat = rows.flatMap { $0 }
    let data: [UInt8]
    switch dtype {
    case "I8": data = flat.map { UInt8(bitPattern: Int8($0)) }
    case "F32": data = SafeTensorsBuilder.littleEndian(flat)
    case "BF16": data = flat.flatMap { v in [UInt8((v.bitPattern >> 16) & 0xFF), UInt8(v.bitPattern >> 24)] }
    case "F16":
      data = flat.flatMap { v in
        let h = Float16(v).bitPattern
        return [UInt8(h & 0xFF), UInt8(h >> 8)]
      }
    default: data = flat.map { UInt8(bitPattern: Int8($0)) }
    }
    let builder = SafeTensorsBuilder(entries: [.init(name: "embeddings", dtype: dtype, shape: [rows.count, rows.first?.count ?? 0], data: data)])
    try folder.write("model.safetensors", builder.bytes())
  }
}

/// Cosine similarity; nil when either vector is all zero.
func cosine(_ a: [Float], _ b: [Float]) -> Double? {
  var dot = 0.0
  var na = 0.0
  var nb = 0.0
  for (x, y) in zip(a, b) {
    dot += Double(x) * Double(y)
    na += Double(x) * Double(x)
    nb += Double(y) * Double(y)
  }
  guard na > 0, nb > 0 else { return nil }
  return dot / (na.squareRoot() * nb.squareRoot())
}

/// A printable form of a string for failure messages (escapes controls and invisible scalars).
func visible(_ text: String) -> String {
  let limit = 120
  var out = ""
  for scalar in text.unicodeScalars {
    if scalar.value < 0x20 || (scalar.value >= 0x7F && scalar.value < 0xA0) || scalar.properties.generalCategory == .format
      || scalar.properties.isWhitespace && scalar != " "
    {
      out += "\\u{\(String(scalar.value, radix: 16))}"
    } else {
      out.unicodeScalars.append(scalar)
    }
  }
  return out.count > limit ? String(out.prefix(limit)) + "… (\(text.unicodeScalars.count) scalars)" : out
}
