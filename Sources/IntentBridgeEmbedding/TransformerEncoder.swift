import IntentBridgeBinary
import IntentBridgeConcurrency
import IntentBridgeSystem

/// A transformer sentence encoder (XLM-R/BERT family: token, position and type embeddings,
/// post-norm layers of multi-head self-attention and a GELU feed-forward, mean pooling, L2
/// normalisation) run in process from an encoder file (`EncoderFile`) with 4-bit weights.
///
///     let encoder = try TransformerEncoder(directory: "Models/e5small-q4-latcjk")
///     let request = encoder.embed("turn on the kitchen lights", as: .query)
///     let intents = encoder.embed(["Turn on a light", "Set a timer"], as: .passage)
///
/// A model folder holds `encoder.bin` and the `tokenizer.json` whose vocabulary its rows
/// follow (a compiled copy is cached as the static model's is, `TokenizerCache`). Texts get
/// the model's role prefix (`query: ` or `passage: `), then `<s>` … `</s>`; a text longer
/// than the model's positions is cut into windows whose pooled vectors are averaged, weighted
/// by their token counts.
///
/// Each matrix product runs on `MatrixKernel.fastest` (int8 dot-product instructions where the
/// processor has them); activations are quantized to int8 per block of 32 before each product,
/// as in the reference engine the weights come from.
///
/// Immutable after loading and `Sendable`: share one instance across threads.
package final class TransformerEncoder: Sendable {
  /// Which prefix a text gets: requests are queries, catalog texts passages.
  package enum Role: Sendable {
    case query
    case passage
  }

  package let tokenizer: Tokenizer
  /// Vector length (the model's hidden size).
  package let dimensions: Int
  /// `<folder name>@<12 hex digits of the file's checksum>`: stored next to vectors built
  /// with this encoder.
  package let identity: String
  /// The matrix kernel every product uses.
  package let kernel: MatrixKernel
  private let file: EncoderFile

  /// Loads the encoder in `directory` (`encoder.bin`, `tokenizer.json`).
  /// - Throws: `EmbeddingError` naming the file and field at fault (a missing file, a damaged
  ///   encoder file, a tokenizer whose vocabulary does not match its rows).
  package init(directory: String, tokenizerCache: TokenizerCache = .automatic, kernel: MatrixKernel = .fastest) throws(EmbeddingError) {
    let folder = directory.hasSuffix("/") && directory.count > 1 ? String(directory.dropLast()) : directory
    let file = try EncoderFile(path: folder + "/encoder.bin")
    let name = folder.split(separator: "/").last.map(String.init) ?? folder
    let checksum = String(file.checksum, radix: 16)
    let identity = name + "@" + String((String(repeating: "0", count: max(0, 16 - checksum.count)) + checksum).prefix(12))
    let tokenizerFile = folder + "/tokenizer.json"
    let sources = CompiledTokenizerSources(
      modelIdentity: identity, files: [.init(name: "tokenizer.json", fingerprint: try ModelFile.fingerprint(of: tokenizerFile))])
    let (tokenizer, _) = try tokenizerCache.load(folder: folder, sources: sources) { () throws(EmbeddingError) in
      try Tokenizer(contentsOf: tokenizerFile)
    }
    guard tokenizer.vocabularySize + 2 == file.rows, file.beginRow == tokenizer.vocabularySize, file.endRow == file.beginRow + 1 else {
      throw .invalidField(
        file: file.path, field: "rows", value: "\(file.rows)",
        expected: "\(tokenizer.vocabularySize + 2): the vocabulary of \(tokenizerFile), then <s> and </s>")
    }
    self.file = file
    self.tokenizer = tokenizer
    self.identity = identity
    self.kernel = kernel
    dimensions = file.hidden
  }

  /// The row ids `text` is encoded with in `role`: the prefix and the text's tokens, without
  /// `<s>` and `</s>`.
  package func tokenIDs(_ text: String, as role: Role) -> [Int] {
    tokenizer.encode((role == .query ? file.queryPrefix : file.passagePrefix) + text)
  }

  /// For each row id, the token's id in the source model's full vocabulary.
  package func sourceID(ofRow row: Int) -> Int? {
    row >= 0 && row < file.rows ? Int(file.sourceIDs[row]) : nil
  }

  /// The unit-length vector of `text` in `role`.
  /// - Complexity: O(layers × (t × (hidden² + hidden × ffn) + t² × hidden)) for t tokens per
  ///   window; ≈ 340 M multiply-adds for a 16-token text.
  package func embed(_ text: String, as role: Role) -> [Float] {
    embed([text], as: role, concurrently: false)[0]
  }

  /// The vectors of `texts` in order: their windows packed into forward passes of up to
  /// `batchTokens` tokens (each weight matrix is read once per pass, not once per text; every
  /// text attends only to itself, so a vector is the same bits whichever texts share its
  /// pass), the passes on every core.
  package func embed(_ texts: [String], as role: Role) -> [[Float]] {
    embed(texts, as: role, concurrently: true)
  }

  /// Tokens per forward pass when texts are embedded together.
  static let batchTokens = 256

  /// One window of one text: its ids (`<s>` … `</s>`) and its weight in the text's mean.
  private struct Window: Sendable {
    let text: Int
    let ids: [Int]
    let weight: Float
  }

  private func embed(_ texts: [String], as role: Role, concurrently: Bool) -> [[Float]] {
    let length = file.positions - 2
    var windows: [Window] = []
    for (index, text) in texts.enumerated() {
      let content = tokenIDs(text, as: role)
      var start = 0
      repeat {
        let end = min(content.count, start + length)
        windows.append(Window(text: index, ids: [file.beginRow] + content[start..<end] + [file.endRow], weight: Float(max(1, end - start))))
        start = end
      } while start < content.count
    }
    // Consecutive windows in passes of at most `batchTokens` tokens (a longer window alone).
    var passes: [[Window]] = []
    var tokens = 0
    for window in windows {
      if passes.isEmpty || tokens + window.ids.count > Self.batchTokens {
        passes.append([])
        tokens = 0
      }
      passes[passes.count - 1].append(window)
      tokens += window.ids.count
    }
    let pooled: [[[Float]]] =
      concurrently
      ? concurrentMap(passes, chunkSize: 1) { chunk in
        let work = Work()
        return chunk.map { meanOfLastLayer($0.map(\.ids), work: work) }
      } : passes.map { meanOfLastLayer($0.map(\.ids), work: Work()) }
    var totals = [[Float]](repeating: [Float](repeating: 0, count: dimensions), count: texts.count)
    var weights = [Float](repeating: 0, count: texts.count)
    for (window, vector) in zip(windows, pooled.joined()) {
      for i in 0..<dimensions { totals[window.text][i] += window.weight * vector[i] }
      weights[window.text] += window.weight
    }
    return zip(totals, weights).map { total, weight in
      var norm: Float = 0
      var mean = total
      for i in 0..<dimensions {
        mean[i] /= weight
        norm += mean[i] * mean[i]
      }
      let scale = 1 / max(norm, 1e-12).squareRoot()
      return mean.map { $0 * scale }
    }
  }

  /// Reusable storage of one forward pass (one per thread; grows to the longest window).
  private final class Work {
    private(set) var capacity = 0
    private(set) var x = UnsafeMutableBufferPointer<Float>(start: nil, count: 0)
    private(set) var query = UnsafeMutableBufferPointer<Float>(start: nil, count: 0)
    private(set) var key = UnsafeMutableBufferPointer<Float>(start: nil, count: 0)
    private(set) var value = UnsafeMutableBufferPointer<Float>(start: nil, count: 0)
    private(set) var context = UnsafeMutableBufferPointer<Float>(start: nil, count: 0)
    private(set) var projected = UnsafeMutableBufferPointer<Float>(start: nil, count: 0)
    private(set) var middle = UnsafeMutableBufferPointer<Float>(start: nil, count: 0)
    private(set) var probabilities = UnsafeMutableBufferPointer<Float>(start: nil, count: 0)
    /// The keys by column: element i of token t's key at [i × columnStride + t].
    private(set) var keyColumns = UnsafeMutableBufferPointer<Float>(start: nil, count: 0)
    /// Tokens plus the lanes a last, partial group of keys reads past them.
    private(set) var columnStride = 0
    var activations = QuantizedActivations()

    private var all: [UnsafeMutableBufferPointer<Float>] { [x, query, key, value, context, projected, middle, probabilities, keyColumns] }

    func reserve(tokens: Int, hidden: Int, feedForward: Int) {
      guard tokens > capacity else { return }
      for buffer in all { buffer.deallocate() }
      func allocate(_ count: Int) -> UnsafeMutableBufferPointer<Float> {
        let buffer = UnsafeMutableBufferPointer<Float>.allocate(capacity: count)
        buffer.initialize(repeating: 0)
        return buffer
      }
      x = allocate(tokens * hidden)
      query = allocate(tokens * hidden)
      key = allocate(tokens * hidden)
      value = allocate(tokens * hidden)
      context = allocate(tokens * hidden)
      projected = allocate(tokens * hidden)
      middle = allocate(tokens * feedForward)
      columnStride = tokens + TransformerEncoder.keyLanes
      probabilities = allocate(columnStride)
      keyColumns = allocate(columnStride * hidden)
      capacity = tokens
    }

    deinit {
      for buffer in all { buffer.deallocate() }
    }
  }

  /// For each segment (the ids of one window, at most `positions`), the mean over its tokens
  /// of the last layer's outputs; the segments run as one pass, each token attending only to
  /// its own segment.
  private func meanOfLastLayer(_ segments: [[Int]], work: Work) -> [[Float]] {
    let ids = Array(segments.joined())
    let tokens = ids.count
    // Each token's position in its segment and its segment's token range.
    var positionOf: [Int] = []
    var rangeOf: [Range<Int>] = []
    positionOf.reserveCapacity(tokens)
    rangeOf.reserveCapacity(tokens)
    var offset = 0
    for segment in segments {
      for position in 0..<segment.count {
        positionOf.append(position)
        rangeOf.append(offset..<(offset + segment.count))
      }
      offset += segment.count
    }
    let hidden = dimensions
    let heads = file.heads
    let headSize = hidden / heads
    let feedForward = file.feedForward
    work.reserve(tokens: tokens, hidden: hidden, feedForward: feedForward)
    let x = work.x
    let (query, key, value, context, projected, middle) = (work.query, work.key, work.value, work.context, work.projected, work.middle)

    // Embeddings: token row (4-bit) + (position + type), then layer norm.
    let blocksPerRow = hidden / QuantizedMatrix.blockSize
    file.wordNibbles.withUnsafeBufferPointer { nibbles in
      file.positionTable.withUnsafeBufferPointer { positions in
        file.tokenType.withUnsafeBufferPointer { type in
          for (t, id) in ids.enumerated() {
            for block in 0..<blocksPerRow {
              let scale = Self.float(fromHalf: file.wordScales[id * blocksPerRow + block])
              let first = id * hidden / 2 + block * 16
              for j in 0..<16 {
                let byte = nibbles[first + j]
                let i = block * QuantizedMatrix.blockSize + j
                let p = positionOf[t] * hidden + i
                x[t * hidden + i] = Float(Int(byte & 0x0F) - 8) * scale + (positions[p] + type[i])
                x[t * hidden + i + 16] = Float(Int(byte >> 4) - 8) * scale + (positions[p + 16] + type[i + 16])
              }
            }
          }
        }
      }
    }
    layerNorm(x, adding: nil, file.embeddingNorm, tokens: tokens)

    let attentionScale = 1 / Float(headSize).squareRoot()
    for layer in file.layers {
      work.activations.quantize(UnsafeBufferPointer(x), tokens: tokens, depth: hidden)
      kernel.multiply(layer.query, work.activations, into: query.baseAddress!)
      kernel.multiply(layer.key, work.activations, into: key.baseAddress!)
      kernel.multiply(layer.value, work.activations, into: value.baseAddress!)
      attend(work: work, tokens: tokens, rangeOf: rangeOf, scale: attentionScale)
      work.activations.quantize(UnsafeBufferPointer(context), tokens: tokens, depth: hidden)
      kernel.multiply(layer.attentionOutput, work.activations, into: projected.baseAddress!)
      layerNorm(x, adding: projected, layer.attentionNorm, tokens: tokens)

      work.activations.quantize(UnsafeBufferPointer(x), tokens: tokens, depth: hidden)
      kernel.multiply(layer.feedForwardIn, work.activations, into: middle.baseAddress!)
      VectorMath.gelu(middle.baseAddress!, count: tokens * feedForward)
      work.activations.quantize(UnsafeBufferPointer(middle), tokens: tokens, depth: feedForward)
      kernel.multiply(layer.feedForwardOut, work.activations, into: projected.baseAddress!)
      layerNorm(x, adding: projected, layer.outputNorm, tokens: tokens)
    }

    var start = 0
    return segments.map { segment in
      var mean = [Float](repeating: 0, count: hidden)
      for t in start..<(start + segment.count) {
        for i in 0..<hidden { mean[i] += x[t * hidden + i] }
      }
      start += segment.count
      let inverse = 1 / Float(segment.count)
      return mean.map { $0 * inverse }
    }
  }

  /// Keys scored at once by `attend`.
  fileprivate static let keyLanes = 8

  /// Multi-head self-attention of `tokens` tokens from `work.query`, `work.key` and
  /// `work.value` into `work.context`, each token attending to the tokens of its segment
  /// (`rangeOf`). The score of token t against token s in a head is
  /// (Σ_e q_e × k_e, summed in order of e) × `scale`; the softmax subtracts the largest score
  /// and uses the C library's `exp`; the context is Σ_s (p_s × (1 / Σ p)) × v_s in order of s.
  /// Eight keys are scored at once (the keys transposed first, one lane a key), and a head's
  /// context eight elements at once: each lane adds in the order above, so the result is the
  /// same bits as one value at a time.
  /// - Complexity: O(tokens × segment length × hidden).
  private func attend(work: Work, tokens: Int, rangeOf: [Range<Int>], scale: Float) {
    typealias Lanes = SIMD8<Float>
    let hidden = dimensions
    let heads = file.heads
    let headSize = hidden / heads
    let stride = work.columnStride
    let (query, key, value, context) = (work.query.baseAddress!, work.key.baseAddress!, work.value.baseAddress!, work.context.baseAddress!)
    let columns = work.keyColumns.baseAddress!
    let probabilities = work.probabilities.baseAddress!
    for t in 0..<tokens {
      for i in 0..<hidden { columns[i * stride + t] = key[t * hidden + i] }
    }
    let lanes = Lanes.scalarCount
    for t in 0..<tokens {
      let range = rangeOf[t]
      for head in 0..<heads {
        let q = query + t * hidden + head * headSize
        var s = range.lowerBound
        while s < range.upperBound {
          // Keys s…s+7 (lanes past the segment are computed and not used; the columns have room).
          var dot = Lanes()
          for e in 0..<headSize {
            dot += q[e] * UnsafeRawPointer(columns + (head * headSize + e) * stride + s).loadUnaligned(as: Lanes.self)
          }
          UnsafeMutableRawPointer(probabilities + s).storeBytes(of: dot * scale, as: Lanes.self)
          s += lanes
        }
        var largest = -Float.infinity
        for s in range { largest = max(largest, probabilities[s]) }
        var sum: Float = 0
        for s in range {
          let e = exp(probabilities[s] - largest)
          probabilities[s] = e
          sum += e
        }
        let inverse = 1 / sum
        for s in range { probabilities[s] *= inverse }
        let c = context + t * hidden + head * headSize
        var e = 0
        while e + lanes <= headSize {
          var sum = Lanes()
          for s in range { sum += probabilities[s] * UnsafeRawPointer(value + s * hidden + head * headSize + e).loadUnaligned(as: Lanes.self) }
          UnsafeMutableRawPointer(c + e).storeBytes(of: sum, as: Lanes.self)
          e += lanes
        }
        for e in e..<headSize {
          var sum: Float = 0
          for s in range { sum += probabilities[s] * value[s * hidden + head * headSize + e] }
          c[e] = sum
        }
      }
    }
  }

  /// x = layerNorm(x + y) per token (x alone when `y` is nil): with the mean and the variance
  /// of a row each summed in order of the elements, x_i = (x_i − mean) × (1 / √(variance + ε))
  /// × weight_i + bias_i. Four tokens are summed at once, one lane each (each lane adds in
  /// order, so the bits are those of one token at a time).
  /// - Complexity: O(tokens × hidden).
  private func layerNorm(
    _ x: UnsafeMutableBufferPointer<Float>, adding y: UnsafeMutableBufferPointer<Float>?,
    _ norm: (weight: FlatArray<Float>, bias: FlatArray<Float>), tokens: Int
  ) {
    typealias Lanes = SIMD4<Float>
    let hidden = dimensions
    let x = x.baseAddress!
    if let y = y?.baseAddress {
      for i in 0..<(tokens * hidden) { x[i] += y[i] }
    }
    norm.weight.withUnsafeBufferPointer { weight in
      norm.bias.withUnsafeBufferPointer { bias in
        var t = 0
        while t < tokens {
          // Tokens t…t+3; past the last token a lane repeats it (computed, not written).
          let (r0, r1, r2, r3) = (
            x + t * hidden, x + min(t + 1, tokens - 1) * hidden, x + min(t + 2, tokens - 1) * hidden, x + min(t + 3, tokens - 1) * hidden
          )
          var mean = Lanes()
          for i in 0..<hidden { mean += Lanes(r0[i], r1[i], r2[i], r3[i]) }
          mean /= Float(hidden)
          var variance = Lanes()
          for i in 0..<hidden {
            let d = Lanes(r0[i], r1[i], r2[i], r3[i]) - mean
            variance += d * d
          }
          variance /= Float(hidden)
          for lane in 0..<min(Lanes.scalarCount, tokens - t) {
            let row = x + (t + lane) * hidden
            let (mean, inverse) = (mean[lane], 1 / (variance[lane] + file.layerNormEpsilon).squareRoot())
            for i in 0..<hidden { row[i] = (row[i] - mean) * inverse * weight[i] + bias[i] }
          }
          t += Lanes.scalarCount
        }
      }
    }
  }

  /// An IEEE 754 half-precision value's float (exact).
  static func float(fromHalf bits: UInt16) -> Float {
    let sign: UInt32 = UInt32(bits & 0x8000) << 16
    let exponent = UInt32(bits >> 10) & 0x1F
    let mantissa = UInt32(bits & 0x3FF)
    if exponent == 0 {
      // Zero or subnormal: mantissa × 2^−24.
      let magnitude = Float(mantissa) * 0x1p-24
      return sign == 0 ? magnitude : -magnitude
    }
    if exponent == 31 { return Float(bitPattern: sign | 0x7F80_0000 | (mantissa << 13)) }
    return Float(bitPattern: sign | ((exponent + 112) << 23) | (mantissa << 13))
  }
}
