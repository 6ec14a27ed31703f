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
public final class StaticEmbeddingModel: Sendable {
  public let config: Model2VecConfig
  public let tokenizer: Tokenizer
  /// Vector length.
  public let dimensions: Int
  /// Rows in the embedding table (= the tokenizer's vocabulary size).
  public let rows: Int
  /// The folder name plus a fingerprint of the weights and vocabulary, e.g.
  /// `e5small-m2v-256-latcjk-int8@1f3a5c7e9b2d`; stored next to precomputed vectors to tell
  /// when they were built with another model.
  public let identity: String
  /// Scalars kept before tokenizing (nil: all), as Model2Vec's `encode` does.
  public let maximumScalars: Int?

  private let table: Table
  private let unknownID: Int32

  private enum Table: Sendable {
    /// The int8 values as stored: a slice of the file's bytes (read once, not copied).
    case int8(ArraySlice<UInt8>)
    case float([Float])
  }

  /// Loads the model in `directory`.
  /// - Throws: `EmbeddingError` naming the file and field at fault.
  public init(directory: String) throws(EmbeddingError) {
    let folder = directory.hasSuffix("/") && directory.count > 1 ? String(directory.dropLast()) : directory
    let config = try Model2VecConfig(contentsOf: folder + "/config.json")
    let tokenizer = try Tokenizer(contentsOf: folder + "/tokenizer.json")
    let weightsFile = folder + "/model.safetensors"
    let file = try SafeTensors(contentsOf: weightsFile)
    let tensor = try file.tensor(named: "embeddings")
    guard tensor.shape.count == 2, tensor.shape[1] > 0 else {
      throw .invalidField(
        file: weightsFile, field: "embeddings.shape", value: "\(tensor.shape)", expected: "[rows, dimensions] with dimensions > 0")
    }
    let rows = tensor.shape[0], dimensions = tensor.shape[1]
    guard rows == tokenizer.vocabularySize else {
      throw .invalidField(
        file: weightsFile, field: "embeddings.shape[0]", value: "\(rows)",
        expected: "\(tokenizer.vocabularySize), the vocabulary size of \(folder)/tokenizer.json (one row per token)")
    }
    if let hidden = config.hiddenDimensions, hidden != dimensions {
      throw .invalidField(
        file: folder + "/config.json", field: "hidden_dim", value: "\(hidden)",
        expected: "\(dimensions), the width of the embeddings tensor in \(weightsFile)")
    }
    switch tensor.dtype {
    case .int8: table = .int8(file.rawBytes(of: tensor))
    default: table = .float(try file.floatValues(of: tensor))
    }
    self.config = config
    self.tokenizer = tokenizer
    self.rows = rows
    self.dimensions = dimensions
    unknownID = Int32(tokenizer.unknownID)

    // Model2Vec cuts text to max_length × median token length (in scalars, integer part).
    if let maxLength = config.maxLength {
      let lengths = tokenizer.allPieces.map { $0.unicodeScalars.count }.sorted()
      let middle = lengths.count / 2
      let median = lengths.isEmpty ? 0 : (lengths.count % 2 == 1 ? Double(lengths[middle]) : Double(lengths[middle - 1] + lengths[middle]) / 2)
      maximumScalars = maxLength * Int(median)
    } else {
      maximumScalars = nil
    }

    // Identity: FNV-1a over the safetensors header, the table shape, the vocabulary size
    // and 64 rows spread over the table (so a re-distilled model of the same shape differs).
    var hash = FNV1a()
    hash.combine(file.headerBytes)
    hash.combine(Array("\(rows)x\(dimensions):\(tokenizer.vocabularySize)".utf8))
    let raw = file.rawBytes(of: tensor)
    let rowBytes = raw.count / max(rows, 1)
    for sample in 0..<min(64, rows) {
      let row = sample * rows / min(64, rows)
      hash.combine(raw[(raw.startIndex + row * rowBytes)..<(raw.startIndex + (row + 1) * rowBytes)])
    }
    let name = folder.split(separator: "/").last.map(String.init) ?? folder
    identity = name + "@" + hash.hex(digits: 12)
  }

  /// The token ids of `text` exactly as the reference tokenizer gives them (no special
  /// tokens, no truncation, unknown tokens included).
  public func tokenIDs(_ text: String) -> [Int] {
    tokenizer.encode(text)
  }

  /// The sentence vector of `text` (`dimensions` floats; unit length, or all zero when no
  /// token of the text is known).
  ///
  /// - Complexity: O(n · L) for tokenizing n bytes plus O(t · dimensions) for t tokens.
  public func embed(_ text: String) -> [Float] {
    var work = Work()
    return embed(text, work: &work)
  }

  /// The vectors of `texts`, in order (reuses working storage across texts).
  public func embed(_ texts: [String]) -> [[Float]] {
    var work = Work()
    return texts.map { embed($0, work: &work) }
  }

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
