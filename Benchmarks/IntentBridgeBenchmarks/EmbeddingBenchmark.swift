import Foundation
import IntentBridgeEmbedding
import IntentBridgeJSON
import IntentBridgeTestSupport

// embedding: µs per sentence vector with the default static model over the Home Assistant
//            development requests (target ≤ 20 µs), model load time from tokenizer.json (the
//            baseline) and from the compiled tokenizer, and a baseline measured in the same run:
//            a straightforward String-keyed Viterbi (a Dictionary lookup of a new String for
//            every candidate piece) feeding the same pooling.

/// The repository root, from this file's location.
private let repositoryRoot: String = {
  var url = URL(fileURLWithPath: #filePath)
  for _ in 0..<3 { url = url.deletingLastPathComponent() }
  return url.path
}()

/// The `query` of every request in the development data's ha/*.dev.jsonl (`DevData`).
private func homeAssistantRequests() -> [String] {
  let folder = DevData.path("ha")
  let names = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).filter { $0.hasSuffix(".dev.jsonl") }.sorted()
  var queries: [String] = []
  for name in names {
    guard let data = FileManager.default.contents(atPath: folder + "/" + name) else { continue }
    for line in String(decoding: data, as: UTF8.self).split(separator: "\n") {
      if let query = (try? JSONParser.parse(String(line)))?["query"]?.stringValue { queries.append(query) }
    }
  }
  return queries
}

/// The baseline: Unigram Viterbi keyed by `String` (one allocation and hash per candidate),
/// the way a first implementation reads the algorithm. Same normaliser, same pooling.
private struct NaiveStaticModel {
  let vocabulary: [String: Int]
  let scores: [Double]
  let unknownID: Int
  let unknownScore: Double
  let normalizer: Normalizer
  let table: [Int8]
  let dimensions: Int

  init(directory: String, tokenizer: Tokenizer) throws {
    guard case .unigram(let unigram) = tokenizer.model else {
      throw EmbeddingError.unsupported(file: directory, field: "model.type", value: "WordPiece", supported: ["Unigram"])
    }
    var vocabulary: [String: Int] = [:]
    for (id, piece) in unigram.pieces.enumerated() { vocabulary[piece] = id }
    self.vocabulary = vocabulary
    scores = unigram.scores
    unknownID = unigram.unknownID
    unknownScore = unigram.unknownScore
    normalizer = tokenizer.normalizer
    let file = try SafeTensors(contentsOf: directory + "/model.safetensors")
    let tensor = try file.tensor(named: "embeddings")
    table = try file.int8Values(of: tensor)
    dimensions = tensor.shape[1]
  }

  func tokenIDs(_ text: String) -> [Int] {
    var normalized = normalizer.normalized(text)
    guard !normalized.isEmpty else { return [] }
    normalized = normalized.replacingOccurrences(of: " ", with: "▁")
    if !normalized.hasPrefix("▁") { normalized = "▁" + normalized }
    var ids: [Int] = []
    for word in normalized.split(separator: "▁", omittingEmptySubsequences: true) {
      ids += viterbi(Array(("▁" + word).unicodeScalars))
    }
    return ids
  }

  private func viterbi(_ scalars: [Unicode.Scalar]) -> [Int] {
    let n = scalars.count
    var best = [Double](repeating: -.infinity, count: n + 1)
    var start = [Int](repeating: -1, count: n + 1)
    var ids = [Int](repeating: -1, count: n + 1)
    best[0] = 0
    for i in 0..<n {
      var single = false
      for length in 1...min(16, n - i) {
        var piece = String.UnicodeScalarView()
        piece.append(contentsOf: scalars[i..<(i + length)])
        guard let id = vocabulary[String(piece)] else { continue }
        if length == 1 { single = true }
        let score = best[i] + scores[id]
        if start[i + length] < 0 || score > best[i + length] { (best[i + length], start[i + length], ids[i + length]) = (score, i, id) }
      }
      if !single, start[i + 1] < 0 || best[i] + unknownScore > best[i + 1] {
        (best[i + 1], start[i + 1], ids[i + 1]) = (best[i] + unknownScore, i, unknownID)
      }
    }
    var out: [Int] = []
    var end = n
    while end > 0 {
      if !(ids[end] == unknownID && out.last == unknownID) { out.append(ids[end]) }
      end = start[end]
    }
    return out.reversed()
  }

  func embed(_ text: String) -> [Float] {
    var sums = [Float](repeating: 0, count: dimensions)
    var count = 0
    for id in tokenIDs(text).prefix(512) where id != unknownID {
      count += 1
      for d in 0..<dimensions { sums[d] += Float(table[id * dimensions + d]) }
    }
    guard count > 0 else { return sums }
    let norm = sums.reduce(0) { $0 + $1 * $1 }.squareRoot()
    return sums.map { $0 / norm }
  }
}

/// Per-request microseconds: each request is run `repeats` times, its mean taken.
private func microsecondsPerRequest(_ requests: [String], repeats: Int, _ body: (String) -> Void) -> [Double] {
  requests.map { request in
    let start = DispatchTime.now().uptimeNanoseconds
    for _ in 0..<repeats { body(request) }
    return Double(DispatchTime.now().uptimeNanoseconds - start) / 1000 / Double(repeats)
  }
}

private func percentile(_ values: [Double], _ p: Double) -> Double {
  let sorted = values.sorted()
  return sorted[min(sorted.count - 1, Int(Double(sorted.count) * p))]
}

func benchmarkEmbedding() {
  let directory = repositoryRoot + "/Models/e5small-m2v-256-latcjk-int8"
  // Model load, in-process cold loads (a new model each time, files in the page cache):
  // the baseline parses tokenizer.json (no compiled tokenizer); ours maps the compiled
  // tokenizer (built once into a throwaway cache folder first) and model.safetensors.
  var loadTimes: [Double] = []
  var compiledLoadTimes: [Double] = []
  var loaded: StaticEmbeddingModel?
  for _ in 0..<10 {
    loadTimes.append(
      time {
        do { loaded = try StaticEmbeddingModel(directory: directory, tokenizerCache: .disabled) } catch {
          FileHandle.standardError.write(Data("\(error)\n".utf8))
        }
      })
  }
  guard let model = loaded else { exit(1) }
  let cacheFolder = NSTemporaryDirectory() + "intentbridge-bench-" + UUID().uuidString
  defer { try? FileManager.default.removeItem(atPath: cacheFolder) }
  let buildTime = time { _ = try? StaticEmbeddingModel(directory: directory, tokenizerCache: .folder(cacheFolder)) }
  var compiledOrigin = "none"
  for _ in 0..<10 {
    compiledLoadTimes.append(
      time {
        if let compiled = try? StaticEmbeddingModel(directory: directory, tokenizerCache: .folder(cacheFolder)) {
          compiledOrigin = "\(compiled.tokenizerOrigin)"
        }
      })
  }
  guard compiledOrigin.hasPrefix("compiled") else {
    FileHandle.standardError.write(Data("the compiled tokenizer was not used: \(compiledOrigin)\n".utf8))
    exit(1)
  }
  // Where load time goes (each step alone, median of 3).
  var parseTimes: [Double] = []
  var tokenizerTimes: [Double] = []
  var weightTimes: [Double] = []
  let tokenizerBytes = FileManager.default.contents(atPath: directory + "/tokenizer.json").map { [UInt8]($0) } ?? []
  for _ in 0..<3 {
    parseTimes.append(time { _ = try? JSONParser.parse(bytes: tokenizerBytes) })
    tokenizerTimes.append(time { _ = try? Tokenizer(contentsOf: directory + "/tokenizer.json") })
    weightTimes.append(
      time {
        if let file = try? SafeTensors(contentsOf: directory + "/model.safetensors"), let table = try? file.tensor(named: "embeddings") {
          _ = try? file.int8Values(of: table)
        }
      })
  }
  let requests = homeAssistantRequests()
  guard !requests.isEmpty else {
    FileHandle.standardError.write(Data("no requests found in \(DevData.path("ha"))/*.dev.jsonl: \(DevData.skipNote("ha"))\n".utf8))
    exit(1)
  }
  let naive: NaiveStaticModel
  do { naive = try NaiveStaticModel(directory: directory, tokenizer: model.tokenizer) } catch {
    FileHandle.standardError.write(Data("baseline: \(error)\n".utf8))
    exit(1)
  }

  // Warm up (page in the table, fill caches), and check the baseline computes the same thing.
  var sameIDs = 0
  var checksum: Float = 0
  for request in requests {
    checksum += model.embed(request)[0]
    if naive.tokenIDs(request) == model.tokenIDs(request) { sameIDs += 1 }
  }
  let words = requests.map { $0.split(separator: " ").count }

  let embed = microsecondsPerRequest(requests, repeats: 20) { checksum += model.embed($0)[0] }
  let tokenize = microsecondsPerRequest(requests, repeats: 20) { checksum += Float(model.tokenIDs($0).count) }
  let baseline = microsecondsPerRequest(requests, repeats: 5) { checksum += naive.embed($0)[0] }
  var batchTime = 0.0
  batchTime = time { checksum += model.embed(requests).count > 0 ? 1 : 0 } * 1000 / Double(requests.count)

  let embedMedian = percentile(embed, 0.5)
  let baseMedian = percentile(baseline, 0.5)
  print("embedding benchmark: \(model.identity), \(model.dimensions) dimensions (release build)")
  print("  \(requests.count) Home Assistant requests (development data ha/*.dev.jsonl), median \(percentile(words.map(Double.init), 0.5)) words")
  print(String(format: "  model load from tokenizer.json (baseline)           %8.1f ms   (median of 10 in-process loads)", median(loadTimes)))
  print(
    String(
      format: "  model load from the compiled tokenizer (mapped)     %8.1f ms   (median of 10; %.1fx faster; first build + write %.1f ms)",
      median(compiledLoadTimes), median(loadTimes) / median(compiledLoadTimes), buildTime))
  print(
    String(
      format: "    baseline steps: tokenizer.json %.1f ms (of which JSON parse %.1f ms), model.safetensors map + int8 copy %.1f ms",
      median(tokenizerTimes), median(parseTimes), median(weightTimes)))
  print(
    String(
      format: "  embed, µs per request: median %6.2f  p90 %6.2f  p99 %6.2f   (target ≤ 20 µs: %@)",
      embedMedian, percentile(embed, 0.9), percentile(embed, 0.99), embedMedian <= 20 ? "met" : "NOT met"))
  print(String(format: "    of which tokenIDs: median %6.2f µs", percentile(tokenize, 0.5)))
  print(String(format: "  batch embed(_: [String]) of all requests: %6.2f µs per request (wall; chunks on every core)", batchTime))
  print(String(format: "  baseline: String-keyed Viterbi + same pooling: median %6.2f µs  p90 %6.2f µs", baseMedian, percentile(baseline, 0.9)))
  print(
    String(
      format: "  ratio: baseline / ours = %.1fx   (baseline ids equal ours on %d of %d requests; checksum %.3f)",
      baseMedian / embedMedian, sameIDs, requests.count, checksum))
}
