import Foundation
import IntentBridgeEngine
import IntentBridgeIndex
import IntentBridgeJSON
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `EndpointEmbedder` against `LoopbackHTTPServer`: what goes over the wire (method, headers,
/// JSON body) and how each kind of answer or failure comes back (the transport is libcurl
/// loaded at run time on Linux, URLSession elsewhere).
@Suite(.serialized) struct EndpointExchangeTests {
  /// An OpenAI-style answer for the request's `input`, `dimensions` numbers per text, the
  /// items in reverse order with their `index` (the embedder must put them back in order).
  static func embeddingsAnswer(for request: LoopbackHTTPServer.Request, dimensions: Int) -> LoopbackHTTPServer.Response {
    guard let document = try? JSONParser.parse(bytes: request.body), let inputs = document["input"]?.arrayValue else {
      return .init(status: 400, body: "bad request")
    }
    let items = inputs.indices.reversed().map { index in
      let numbers = (0..<dimensions).map { component in String(Double((component * 31 + index * 7) % 97 + 1) / 7) }
      return "{\"index\":\(index),\"embedding\":[\(numbers.joined(separator: ","))]}"
    }
    return .init(status: 200, body: "{\"object\":\"list\",\"data\":[\(items.joined(separator: ","))]}")
  }

  @Test func postsTheJSONBodyWithContentTypeAndBearerKey() throws {
    let server = try #require(LoopbackHTTPServer { Self.embeddingsAnswer(for: $0, dimensions: 8) })
    defer { server.stop() }
    let variable = "IB_TEST_ENDPOINT_KEY_\(getpid())"
    setenv(variable, "sk-test-123", 1)
    defer { unsetenv(variable) }

    let embedder = try EndpointEmbedder(configuration: .init(url: server.url, model: "e5-small", apiKeyVariable: variable))
    #expect(embedder.dimensions == 8)
    let vectors = try embedder.embed(["first text", "second text"], kind: .passage)
    #expect(vectors.count == 2)
    #expect(vectors.allSatisfy { abs($0.reduce(0) { $0 + $1 * $1 } - 1) < 1e-4 }, "vectors are normalised")
    #expect(vectors[0] != vectors[1], "each text keeps its own vector (answers came in reverse order)")

    let requests = server.requests
    #expect(requests.count == 2, "the probe, then the texts")
    for request in requests {
      #expect(request.method == "POST")
      #expect(request.path == "/v1/embeddings")
      #expect(request.headers["authorization"] == "Bearer sk-test-123")
      #expect(request.headers["content-type"] == "application/json")
      #expect(request.headers["expect"] == nil, "no Expect: 100-continue round trip")
    }
    let probe = try JSONParser.parse(bytes: try #require(requests.first).body)
    #expect(probe["model"]?.stringValue == "e5-small")
    #expect(probe["input_type"]?.stringValue == "query")
    #expect(probe["input"]?.arrayValue?.count == 1)
    let texts = try JSONParser.parse(bytes: try #require(requests.last).body)
    #expect(texts["input_type"]?.stringValue == "passage")
    #expect(texts["input"]?.arrayValue?.compactMap(\.stringValue) == ["first text", "second text"])
  }

  @Test func collectsLargeAnswersWrittenInManyPieces() throws {
    // 3 × 4096 numbers of ~18 characters: ≈ 220 KB, far above curl's 16 KiB per write
    // callback and above 64 KiB, written by the server in 4 KiB pieces.
    let dimensions = 4096
    let server = try #require(LoopbackHTTPServer { Self.embeddingsAnswer(for: $0, dimensions: dimensions) })
    defer { server.stop() }
    let embedder = try EndpointEmbedder(configuration: .init(url: server.url, model: "m"))
    let vectors = try embedder.embed(["a", "b", "c"], kind: .query)
    #expect(vectors.map(\.count) == [dimensions, dimensions, dimensions])
    // Component k of text i is ((31k + 7i) mod 97 + 1) / 7 before normalising: check the ratios.
    for (index, vector) in vectors.enumerated() {
      let expected = (0..<dimensions).map { Float(($0 * 31 + index * 7) % 97 + 1) }
      let scale = vector[0] / expected[0]
      #expect(zip(vector, expected).allSatisfy { abs($0 - $1 * scale) < 1e-5 }, "text \(index) arrived whole and in order")
    }
  }

  /// The failure of connecting an embedder to a loopback server answering with `respond`,
  /// and the server's URL; nil (recorded as an issue) when there is no loopback socket or the
  /// connection did not fail.
  static func connectionFailure(
    timeoutSeconds: Double = 30, respond: @escaping @Sendable (LoopbackHTTPServer.Request) -> LoopbackHTTPServer.Response
  ) -> (url: String, failure: EndpointEmbedder.Failure)? {
    guard let server = LoopbackHTTPServer(respond: respond) else {
      Issue.record("no loopback socket")
      return nil
    }
    defer { server.stop() }
    do {
      _ = try EndpointEmbedder(configuration: .init(url: server.url, model: "m", timeoutSeconds: timeoutSeconds))
      Issue.record("expected a failure")
      return nil
    } catch {
      return (server.url.absoluteString, error)
    }
  }

  @Test func anHTTPErrorStatusIsReportedWithTheBody() {
    guard let (serverURL, error) = Self.connectionFailure(respond: { _ in .init(status: 503, body: "model is loading") }) else { return }
    guard case .http(let url, let status, let body) = error else {
      Issue.record("expected .http, got \(error)")
      return
    }
    #expect(url == serverURL)
    #expect(status == 503)
    #expect(body == "model is loading")
    #expect(error.description.contains("answered HTTP 503: model is loading"))
  }

  @Test func aSlowEndpointTimesOut() {
    guard
      let (serverURL, error) = Self.connectionFailure(
        timeoutSeconds: 0.5, respond: { Self.embeddingsAnswer(for: $0, dimensions: 4).delayed(by: 3) })
    else { return }
    guard case .timeout(let url, let seconds) = error else {
      Issue.record("expected .timeout, got \(error)")
      return
    }
    #expect(url == serverURL)
    #expect(seconds == 0.5)
    #expect(error.description.contains("did not answer within 0.5 s"))
  }

  @Test func aRefusedConnectionIsATransportFailure() {
    // A bound socket that does not listen: the port refuses connections while it is open.
    guard let (socket, port) = LoopbackHTTPServer.boundLoopbackSocket() else {
      Issue.record("no loopback socket")
      return
    }
    defer { close(socket) }
    let url = "http://127.0.0.1:\(port)/v1/embeddings"
    do {
      _ = try EndpointEmbedder(configuration: .init(url: URL(string: url)!, model: "m", timeoutSeconds: 5))
      Issue.record("expected a failure")
    } catch {
      guard case .transport(let failedURL, let reason) = error else {
        Issue.record("expected .transport, got \(error)")
        return
      }
      #expect(failedURL == url)
      #expect(!reason.isEmpty)
      #expect(error.description.hasPrefix("cannot reach \(url): "))
    }
  }

  @Test func anAnswerThatIsNotJSONIsMalformed() {
    guard let (_, error) = Self.connectionFailure(respond: { _ in .init(status: 200, body: "<html>hello</html>") }) else { return }
    guard case .malformed(_, let reason) = error else {
      Issue.record("expected .malformed, got \(error)")
      return
    }
    #expect(reason.hasPrefix("not JSON"))
  }
}

extension LoopbackHTTPServer.Response {
  /// The same answer, sent after `seconds`.
  func delayed(by seconds: Double) -> Self {
    var copy = self
    copy.delaySeconds = seconds
    return copy
  }
}
