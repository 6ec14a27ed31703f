#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// One HTTP `POST` of a JSON body as `EndpointEmbedder` sends it, independent of the transport
/// that carries it (`CurlTransport` on Linux, `URLSessionTransport` elsewhere).
struct EndpointPost: Sendable {
  var url: URL
  /// Header fields in the order they are sent (`Content-Type`, then `Authorization` if any).
  var headers: [(name: String, value: String)]
  var body: [UInt8]
  /// The whole exchange (connecting, sending, receiving) must end within this many seconds.
  var timeoutSeconds: Double

  /// What the server answered: the HTTP status and the full response body.
  struct Answer: Sendable {
    var status: Int
    var body: [UInt8]
  }
}
