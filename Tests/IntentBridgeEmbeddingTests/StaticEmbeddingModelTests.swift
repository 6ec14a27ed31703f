import Foundation
import IntentBridgeJSON
import IntentBridgeTestSupport
import Testing

@testable import IntentBridgeEmbedding

@Suite struct StaticEmbeddingModelTests {
  // MARK: The default model

  @Test func defaultModelShapeAndIdentity() throws {
    let model = try DefaultModel.model()
    #expect(model.dimensions == 256)
    #expect(model.rows == 142_073)
    #expect(model.tokenizer.vocabularySize == 142_073)
    #expect(model.maximumScalars == 2560)  // max_length 512 × median piece length 5
    #expect(model.identity.hasPrefix("e5small-m2v-256-latcjk-int8@"))
    #expect(model.identity.count == "e5small-m2v-256-latcjk-int8@".count + 12)
    // Stable across loads (no per-process hash seed).
    let again = try StaticEmbeddingModel(directory: DefaultModel.directory + "/")
    #expect(again.identity == model.identity)
  }

  @Test func vectorsAreUnitLengthAndDeterministic() throws {
    let model = try DefaultModel.model()
    let texts = ["turn on the kitchen lights", "zapni svetlo v kuchyni", "打开厨房的灯", "Wie warm ist es?"]
    for text in texts {
      let v = model.embed(text)
      #expect(v.count == 256)
      let norm = v.reduce(0) { $0 + Double($1) * Double($1) }.squareRoot()
      #expect(abs(norm - 1) < 1e-5, "\(text): norm \(norm)")
      #expect(model.embed(text) == v)
    }
    #expect(model.embed(texts) == texts.map { model.embed($0) })
  }

  @Test func sameMeaningIsCloserThanDifferentMeaning() throws {
    let model = try DefaultModel.model()
    // Reference cosines (model2vec): paraphrase 0.85 vs 0.43; German vs English 0.32 vs 0.15.
    let lights = model.embed("turn on the kitchen lights")
    let paraphrase = model.embed("switch on the lights in the kitchen")
    let german = model.embed("Schalte das Licht in der Küche ein")
    let weather = model.embed("what is the weather tomorrow")
    #expect(try #require(cosine(lights, paraphrase)) > #require(cosine(lights, weather)) + 0.3)
    #expect(try #require(cosine(german, lights)) > #require(cosine(german, weather)) + 0.1)
  }

  @Test func noKnownTokenGivesTheZeroVector() throws {
    let model = try DefaultModel.model()
    for text in ["", "   ", "Привет", "\u{0001}"] {
      #expect(model.embed(text) == [Float](repeating: 0, count: 256), "\(visible(text))")
    }
  }

  @Test func concurrentUseGivesTheSameVectors() async throws {
    let model = try DefaultModel.model()
    let texts = (0..<50).map { "set a timer for \($0) minutes in the kitchen" }
    let expected = model.embed(texts)
    await withTaskGroup(of: [[Float]].self) { group in
      for _ in 0..<4 { group.addTask { texts.map { model.embed($0) } } }
      for await result in group { #expect(result == expected) }
    }
  }

  @Test func longTextIsCutLikeModel2Vec() throws {
    let model = try DefaultModel.model()
    // 1,200 tokens ("▁light", "s" × 600): only the first 512 count, so appending more
    // changes nothing.
    let long = Array(repeating: "lights", count: 600).joined(separator: " ")
    let longer = long + " weather weather weather"
    #expect(model.tokenIDs(long).count > 512)
    #expect(model.embed(long) == model.embed(longer))
  }

  // MARK: Tiny synthetic models (every dtype, and broken folders)

  @Test(arguments: ["I8", "F16", "BF16", "F32"])
  func tinyModelMeanOfRows(dtype: String) throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    try TinyModel.write(to: folder, dtype: dtype)
    let model = try StaticEmbeddingModel(directory: folder.path)
    #expect(model.dimensions == 4)
    // "turn on" → ▁turn (3), ▁on (4): mean of [3,-3,1,0] and [4,-4,1,0] = [3.5,-3.5,1,0].
    #expect(model.tokenIDs("turn on") == [3, 4])
    let v = model.embed("turn on")
    let n = (3.5 * 3.5 * 2 + 1).squareRoot()
    let expected: [Float] = [Float(3.5 / n), Float(-3.5 / n), Float(1 / n), 0]
    for (a, b) in zip(v, expected) { #expect(abs(a - b) < 1e-6) }
    // Unknown scalars are dropped before averaging; all-unknown → zero.
    #expect(model.tokenIDs("turn onxyz") == [3, 4, 1])
    #expect(model.embed("turn onxyz") == model.embed("turn on"))
    #expect(model.embed("") == [0, 0, 0, 0])
  }

  @Test func normaliseFalseKeepsTheMean() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    try TinyModel.write(to: folder, dtype: "F32", config: #"{"model_type": "model2vec", "normalize": false}"#)
    let model = try StaticEmbeddingModel(directory: folder.path)
    #expect(model.embed("turn on") == [3.5, -3.5, 1, 0])
  }

  @Test func identityChangesWithTheWeights() throws {
    let a = try TemporaryFolder()
    let b = try TemporaryFolder()
    defer {
      a.remove()
      b.remove()
    }
    try TinyModel.write(to: a)
    var rows = TinyModel.rows()
    rows[7][3] = 5
    try TinyModel.write(to: b, rows: rows)
    let first = try StaticEmbeddingModel(directory: a.path)
    let second = try StaticEmbeddingModel(directory: b.path)
    #expect(first.identity != second.identity)
    #expect(first.identity.split(separator: "@").first == a.path.split(separator: "/").last)
  }

  struct BrokenFolder: Sendable, CustomStringConvertible {
    var name: String
    var file: String
    var fragment: String
    var damage: @Sendable (TemporaryFolder) throws -> Void
    var description: String { name }
  }

  static let brokenFolders: [BrokenFolder] = [
    BrokenFolder(name: "missing config.json", file: "config.json", fragment: "file not found") { try removeFile($0, "config.json") },
    BrokenFolder(name: "missing tokenizer.json", file: "tokenizer.json", fragment: "file not found") { try removeFile($0, "tokenizer.json") },
    BrokenFolder(name: "missing model.safetensors", file: "model.safetensors", fragment: "file not found") {
      try removeFile($0, "model.safetensors")
    },
    BrokenFolder(name: "malformed tokenizer.json", file: "tokenizer.json", fragment: "invalid JSON") {
      try $0.write("tokenizer.json", #"{"model": {"type": "Unigram",]}"#)
    },
    BrokenFolder(name: "wrong model type", file: "config.json", fragment: "'model_type'") { try $0.write("config.json", #"{"model_type": "bert"}"#) },
    BrokenFolder(name: "max pooling", file: "config.json", fragment: "'pooling'") { try $0.write("config.json", #"{"pooling": "max"}"#) },
    BrokenFolder(name: "hidden_dim mismatch", file: "config.json", fragment: "'hidden_dim'") { try $0.write("config.json", #"{"hidden_dim": 8}"#) },
    BrokenFolder(name: "fewer rows than tokens", file: "model.safetensors", fragment: "'embeddings.shape[0]'") {
      try TinyModel.write(to: $0, rows: Array(TinyModel.rows().dropLast()))
    },
    BrokenFolder(name: "no embeddings tensor", file: "model.safetensors", fragment: "'embeddings'") {
      try $0.write("model.safetensors", SafeTensorsBuilder(entries: [.init(name: "weights", dtype: "I8", shape: [1], data: [0])]).bytes())
    },
    BrokenFolder(name: "1-D table", file: "model.safetensors", fragment: "'embeddings.shape'") {
      try $0.write(
        "model.safetensors", SafeTensorsBuilder(entries: [.init(name: "embeddings", dtype: "I8", shape: [4], data: [0, 0, 0, 0])]).bytes())
    },
    BrokenFolder(name: "integer table", file: "model.safetensors", fragment: "supported: I8, F16, BF16, F32") {
      try $0.write(
        "model.safetensors",
        SafeTensorsBuilder(entries: [.init(name: "embeddings", dtype: "I32", shape: [15, 4], data: [UInt8](repeating: 0, count: 240))]).bytes())
    },
    BrokenFolder(name: "truncated weights", file: "model.safetensors", fragment: "truncated") {
      let bytes = try Repository.read($0.path + "/model.safetensors")
      try $0.write("model.safetensors", Array(bytes.dropLast(10)))
    },
  ]

  static func removeFile(_ folder: TemporaryFolder, _ name: String) throws {
    try FileManager.default.removeItem(atPath: folder.path + "/" + name)
  }

  @Test(arguments: brokenFolders)
  func brokenFoldersAreTypedErrorsNamingTheFile(_ c: BrokenFolder) throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    try TinyModel.write(to: folder)
    try c.damage(folder)
    do {
      _ = try StaticEmbeddingModel(directory: folder.path)
      Issue.record("\(c.name): expected an error")
    } catch {
      let message = error.description
      #expect(message.hasPrefix(folder.path + "/" + c.file), "\(c.name): \(message)")
      #expect(message.contains(c.fragment), "\(c.name): \(message)")
    }
  }
}
