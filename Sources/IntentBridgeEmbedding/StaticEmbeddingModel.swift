import IntentBridgeBinary
import IntentBridgeConcurrency
import IntentBridgeJSON

/// A static (Model2Vec) sentence-embedding model: a table with one vector per vocabulary
/// piece; a sentence's vector is the mean of its pieces' rows, L2-normalised.
///
/// A model folder holds `config.json` (`Model2VecConfig`), `tokenizer.json` (`Tokenizer`) and
/// `model.safetensors` with one 2-D tensor `embeddings` [vocabulary, dimensions] in I8, F16,
/// BF16 or F32. An int8 table's global scale is not stored: it cancels under normalisation.
///
///     let model = try StaticEmbeddingModel(directory: "Models/e5small-m2v-256-latcjk-int8")
///     model.dimensions                               // 256
///     let v = model.embed("turn on the kitchen lights")
///     let w = model.embed("zapni svetlo v kuchyni")
///     zip(v, w).map(*).reduce(0, +)                  // cosine similarity (both unit length)
///
/// Embedding follows Model2Vec's `encode` exactly: the text is cut to its first
/// `max_length × median piece length` scalars, tokenized without special tokens, cut to its
/// first `max_length` tokens, unknown tokens are dropped, the remaining rows are averaged and
/// (with `normalize: true`) scaled to unit length. Text with no known token gives the all-zero
/// vector: no embedding signal.
///
/// Immutable after loading and `Sendable`: share one instance across threads.
package final class StaticEmbeddingModel: Sendable {
  package let config: Model2VecConfig
  package let tokenizer: Tokenizer
  /// Vector length.
  package let dimensions: Int
  /// Rows in the embedding table (= the tokenizer's vocabulary size).
  package let rows: Int
  /// The folder name plus a fingerprint of the weights and vocabulary, e.g.
  /// `e5small-m2v-256-latcjk-int8@1f3a5c7e9b2d`; stored next to precomputed vectors to tell
  /// when they were built with another model.
  package let identity: String
  /// Scalars kept before tokenizing (nil: all), as Model2Vec's `encode` does.
  package let maximumScalars: Int?
  /// Where the tokenizer came from: a compiled file read in place, or `tokenizer.json`.
  package let tokenizerOrigin: TokenizerOrigin

  private let table: Table
  private let unknownID: Int32

  private enum Table: Sendable {
    /// The int8 values as stored, in place in the memory-mapped safetensors file.
    case int8(FlatArray<UInt8>)
    case float([Float])
  }

  /// Loads the model in `directory`.
  ///
  /// The tokenizer is read in place from its compiled form when `tokenizerCache` holds one
  /// built from this folder's current `config.json`, `tokenizer.json` and
  /// `normalizer_table.json` and this model (checked on every load by size and full-content
  /// hash, ≈ 2 ms); otherwise it is built from `tokenizer.json` and its compiled form written
  /// for the next start (`TokenizerCache`). `model.safetensors` is memory-mapped and an int8
  /// table used in place.
  /// - Throws: `EmbeddingError` naming the file and field at fault.
  package init(directory: String, tokenizerCache: TokenizerCache = .automatic) throws(EmbeddingError) {
    let folder = directory.hasSuffix("/") && directory.count > 1 ? String(directory.dropLast()) : directory
    let configFile = folder + "/config.json"
    let configBytes = try ModelFile.contents(of: configFile)
    let config = try Model2VecConfig(json: JSONFields(file: configFile).parse(configBytes), file: configFile)
    let tokenizerFile = folder + "/tokenizer.json"
    let tokenizerFingerprint = try ModelFile.fingerprint(of: tokenizerFile)
    let weightsFile = folder + "/model.safetensors"
    let file = try SafeTensors(contentsOf: weightsFile)
    let tensor = try file.tensor(named: "embeddings")
    guard tensor.shape.count == 2, tensor.shape[1] > 0 else {
      throw .invalidField(
        file: weightsFile, field: "embeddings.shape", value: "\(tensor.shape)", expected: "[rows, dimensions] with dimensions > 0")
    }
    let rows = tensor.shape[0]
    let dimensions = tensor.shape[1]
    let raw = file.rawView(of: tensor)
    let name = folder.split(separator: "/").last.map(String.init) ?? folder
    let identity = Self.identity(name: name, header: file.headerBytes, raw: raw, rows: rows, dimensions: dimensions)

    let normalizerTable = folder + "/normalizer_table.json"
    let sources = CompiledTokenizerSources(
      modelIdentity: identity,
      files: [
        .init(name: "config.json", fingerprint: SourceFingerprint(size: UInt64(configBytes.count), hash: ContentHash.of(configBytes))),
        .init(name: "tokenizer.json", fingerprint: tokenizerFingerprint),
        .init(
          name: "normalizer_table.json",
          fingerprint: ModelFile.exists(normalizerTable) ? try ModelFile.fingerprint(of: normalizerTable) : .absent),
      ])
    let (tokenizer, origin) = try tokenizerCache.load(folder: folder, sources: sources) { () throws(EmbeddingError) in
      try Tokenizer(contentsOf: tokenizerFile)
    }
    guard rows == tokenizer.vocabularySize else {
      throw .invalidField(
        file: weightsFile, field: "embeddings.shape[0]", value: "\(rows)",
        expected: "\(tokenizer.vocabularySize), the vocabulary size of \(folder)/tokenizer.json (one row per token)")
    }
    if let hidden = config.hiddenDimensions, hidden != dimensions {
      throw .invalidField(
        file: configFile, field: "hidden_dim", value: "\(hidden)",
        expected: "\(dimensions), the width of the embeddings tensor in \(weightsFile)")
    }
    switch tensor.dtype {
    case .int8: table = .int8(raw)
    default: table = .float(try file.floatValues(of: tensor))
    }
    self.config = config
    self.identity = identity
    self.tokenizer = tokenizer
    self.rows = rows
    self.dimensions = dimensions
    tokenizerOrigin = origin
    unknownID = Int32(tokenizer.unknownID)
    // Model2Vec cuts text to max_length × median token length (in scalars, integer part).
    // Both factors are below 2^31 (`Model2VecConfig`, `CompiledTokenizerFile`); checked all
    // the same for a tokenizer built in memory: an overflow cuts nothing.
    maximumScalars = config.maxLength.map { length in
      let median = tokenizer.medianPieceLength
      guard median.isFinite, median >= 0, median < 0x1p62, case (let product, false) = length.multipliedReportingOverflow(by: Int(median))
      else { return Int.max }
      return product
    }
  }

  /// `<folder name>@<FNV-1a>` over the safetensors header, the table shape, the vocabulary
  /// size (= rows, checked after loading) and 64 rows spread over the table, so a re-distilled
  /// model of the same shape differs.
  private static func identity(name: String, header: [UInt8], raw: FlatArray<UInt8>, rows: Int, dimensions: Int) -> String {
    var hash = FNV1a()
    hash.combine(header)
    hash.combine(Array("\(rows)x\(dimensions):\(rows)".utf8))
    let rowBytes = raw.count / max(rows, 1)
    raw.withUnsafeBufferPointer { bytes in
      for sample in 0..<min(64, rows) {
        let row = sample * rows / min(64, rows)
        hash.combine(UnsafeBufferPointer(rebasing: bytes[(row * rowBytes)..<((row + 1) * rowBytes)]))
      }
    }
    return name + "@" + hash.hex(digits: 12)
  }

  /// The token ids of `text` exactly as the reference tokenizer gives them (no special
  /// tokens, no truncation, unknown tokens included).
  package func tokenIDs(_ text: String) -> [Int] {
    tokenizer.encode(text)
  }

  /// The sentence vector of `text` (`dimensions` floats; unit length, or all zero when no
  /// token of the text is known).
  ///
  /// - Complexity: O(n · L) for tokenizing n bytes plus O(t · dimensions) for t tokens.
  package func embed(_ text: String) -> [Float] {
    var work = Work()
    return embed(text, work: &work)
  }

  /// The vectors of `texts`, in order: chunks of `concurrentChunk` texts on every core, each
  /// chunk reusing one working storage (the vectors are those of `embed(_:)` one by one).
  package func embed(_ texts: [String]) -> [[Float]] {
    concurrentMap(texts, chunkSize: Self.concurrentChunk) { chunk in
      var work = Work()
      return chunk.map { embed($0, work: &work) }
    }
  }

  /// Texts per chunk of a batch: about 0.1 ms of work, well above a thread hand-off.
  static let concurrentChunk = 16

  /// Working storage reused across the texts of a batch.
  private struct Work {
    var ids: [Int32] = []
    var scratch = Tokenizer.Scratch()
    var intSums: [Int32] = []
    var floatSums: [Float] = []

    init() { ids.reserveCapacity(64) }
  }

  private func embed(_ text: String, work: inout Work) -> [Float] {
    work.ids.removeAll(keepingCapacity: true)
    if let maximumScalars, text.utf8.count > maximumScalars, text.unicodeScalars.count > maximumScalars {
      let end = text.unicodeScalars.index(text.unicodeScalars.startIndex, offsetBy: maximumScalars)
      tokenizer.encode(String(text.unicodeScalars[..<end]), into: &work.ids, scratch: &work.scratch)
    } else {
      tokenizer.encode(text, into: &work.ids, scratch: &work.scratch)
    }
    let kept = min(work.ids.count, config.maxLength ?? Int.max)
    let dimensions = dimensions
    var count = 0
    switch table {
    case .int8(let values):
      if work.intSums.count != dimensions { work.intSums = [Int32](repeating: 0, count: dimensions) }
      return work.intSums.withUnsafeMutableBufferPointer { sums in
        for d in 0..<dimensions { sums[d] = 0 }
        values.withUnsafeBufferPointer { table in
          for i in 0..<kept {
            let id = Int(work.ids[i])
            guard id != Int(unknownID), id >= 0, id < rows else { continue }
            count += 1
            let row = UnsafeBufferPointer(rebasing: table[(id * dimensions)..<((id + 1) * dimensions)])
            for d in 0..<dimensions { sums[d] &+= Int32(Int8(bitPattern: row[d])) }
          }
        }
        return finish(count: count) { Float(sums[$0]) }
      }
    case .float(let values):
      if work.floatSums.count != dimensions { work.floatSums = [Float](repeating: 0, count: dimensions) }
      return work.floatSums.withUnsafeMutableBufferPointer { sums in
        for d in 0..<dimensions { sums[d] = 0 }
        values.withUnsafeBufferPointer { table in
          for i in 0..<kept {
            let id = Int(work.ids[i])
            guard id != Int(unknownID), id >= 0, id < rows else { continue }
            count += 1
            let row = UnsafeBufferPointer(rebasing: table[(id * dimensions)..<((id + 1) * dimensions)])
            for d in 0..<dimensions { sums[d] += row[d] }
          }
        }
        return finish(count: count) { sums[$0] }
      }
    }
  }

  /// The mean of `count` summed rows (`sum(d)` gives dimension d), L2-normalised when the
  /// config says so; all zero when `count` is 0.
  @inline(__always)
  private func finish(count: Int, sum: (Int) -> Float) -> [Float] {
    guard count > 0 else { return [Float](repeating: 0, count: dimensions) }
    let scale = 1 / Float(count)
    let normalize = config.normalize
    return [Float](unsafeUninitializedCapacity: dimensions) { out, initialized in
      var norm: Float = 0
      for d in 0..<dimensions {
        let mean = sum(d) * scale
        out[d] = mean
        norm += mean * mean
      }
      if normalize {
        let inverse = 1 / (norm.squareRoot() + 1e-32)
        for d in 0..<dimensions { out[d] *= inverse }
      }
      initialized = dimensions
    }
  }
}
