import Foundation
import Synchronization

#if canImport(Glibc)
  @preconcurrency import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A minimal HTTP/1.1 server on 127.0.0.1 (a free port) for the endpoint tests: it serves one
/// connection at a time on a thread of its own, answers each request with `respond` and
/// records what it received. Only loopback traffic; `stop()` ends it (call it in a `defer`).
final class LoopbackHTTPServer: Sendable {
  struct Request: Sendable {
    var method: String
    var path: String
    /// Header fields by lower-cased name.
    var headers: [String: String]
    var body: [UInt8]
  }

  struct Response: Sendable {
    var status: Int
    var body: [UInt8]
    /// Seconds to wait before answering (a slow endpoint).
    var delaySeconds: Double = 0
    /// The body is written in pieces of this many bytes, each with its own `send`.
    var pieceSize = 4096

    init(status: Int, body: String, delaySeconds: Double = 0) {
      self.status = status
      self.body = Array(body.utf8)
      self.delaySeconds = delaySeconds
    }
  }

  let port: Int
  private let listener: Int32
  private let received = Mutex<[Request]>([])

  /// The embeddings URL on this server.
  var url: URL { URL(string: "http://127.0.0.1:\(port)/v1/embeddings")! }
  /// The requests received so far, in order.
  var requests: [Request] { received.withLock { $0 } }

  /// Binds, listens and starts serving; nil when no socket could be opened.
  init?(respond: @escaping @Sendable (Request) -> Response) {
    guard let (socket, port) = Self.boundLoopbackSocket() else { return nil }
    guard listen(socket, 8) == 0 else {
      close(socket)
      return nil
    }
    (listener, self.port) = (socket, port)
    let thread = Thread { [self] in
      while true {
        let connection = accept(listener, nil, nil)
        if connection < 0 { break }
        serve(connection, respond: respond)
        close(connection)
      }
    }
    thread.start()
  }

  /// Stops accepting; a request being answered finishes on its own.
  func stop() {
    shutdown(listener, Int32(SHUT_RDWR))
    close(listener)
  }

  /// A TCP socket bound to 127.0.0.1 on a port the system chose, and that port. Not listening:
  /// connections to it are refused for as long as it stays open.
  static func boundLoopbackSocket() -> (socket: Int32, port: Int)? {
    #if canImport(Glibc)
      let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    #else
      let socket = Darwin.socket(AF_INET, SOCK_STREAM, 0)
    #endif
    guard socket >= 0 else { return nil }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = 0
    address.sin_addr = in_addr(s_addr: UInt32(0x7F00_0001).bigEndian)
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    let bound = withUnsafeMutablePointer(to: &address) { pointer in
      pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { generic in
        bind(socket, generic, length) == 0 && getsockname(socket, generic, &length) == 0
      }
    }
    guard bound else {
      close(socket)
      return nil
    }
    return (socket, Int(UInt16(bigEndian: address.sin_port)))
  }

  private func serve(_ connection: Int32, respond: @Sendable (Request) -> Response) {
    var timeout = timeval(tv_sec: 10, tv_usec: 0)
    setsockopt(connection, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
    #if !os(Linux)
      var on: Int32 = 1
      setsockopt(connection, SOL_SOCKET, SO_NOSIGPIPE, &on, socklen_t(MemoryLayout<Int32>.size))
    #endif
    guard let request = readRequest(connection) else { return }
    received.withLock { $0.append(request) }
    let response = respond(request)
    if response.delaySeconds > 0 { usleep(UInt32(response.delaySeconds * 1_000_000)) }
    let head =
      "HTTP/1.1 \(response.status) Status\r\nContent-Type: application/json\r\nContent-Length: \(response.body.count)\r\nConnection: close\r\n\r\n"
    guard write(connection, Array(head.utf8)) else { return }
    var offset = 0
    while offset < response.body.count {
      let end = min(offset + response.pieceSize, response.body.count)
      guard write(connection, Array(response.body[offset..<end])) else { return }
      offset = end
    }
  }

  /// Reads the request line, the header fields and a `Content-Length` body; nil on a broken
  /// or timed-out connection.
  private func readRequest(_ connection: Int32) -> Request? {
    var bytes: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 65_536)
    let separator: [UInt8] = Array("\r\n\r\n".utf8)
    func readMore() -> Bool {
      let count = buffer.withUnsafeMutableBytes { recv(connection, $0.baseAddress, $0.count, 0) }
      guard count > 0 else { return false }
      bytes.append(contentsOf: buffer[0..<count])
      return true
    }
    var headEnd: Int?
    while headEnd == nil {
      guard readMore() else { return nil }
      headEnd = bytes.indices.dropLast(3).first { Array(bytes[$0..<$0 + 4]) == separator }
    }
    let lines = String(decoding: bytes[0..<headEnd!], as: UTF8.self).components(separatedBy: "\r\n")
    let requestLine = lines[0].split(separator: " ").map(String.init)
    var headers: [String: String] = [:]
    for line in lines.dropFirst() {
      guard let colon = line.firstIndex(of: ":") else { continue }
      headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
    }
    let bodyStart = headEnd! + 4
    let length = Int(headers["content-length"] ?? "0") ?? 0
    while bytes.count < bodyStart + length {
      guard readMore() else { return nil }
    }
    return Request(
      method: requestLine.first ?? "", path: requestLine.count > 1 ? requestLine[1] : "", headers: headers,
      body: Array(bytes[bodyStart..<bodyStart + length]))
  }

  #if os(Linux)
    private static let noSignal = Int32(MSG_NOSIGNAL)
  #else
    private static let noSignal: Int32 = 0  // Darwin: SO_NOSIGPIPE, set per connection
  #endif

  /// Writes all of `bytes`; false when the peer has gone (no SIGPIPE).
  private func write(_ connection: Int32, _ bytes: [UInt8]) -> Bool {
    var offset = 0
    while offset < bytes.count {
      let sent = bytes[offset...].withUnsafeBytes { send(connection, $0.baseAddress, $0.count, Self.noSignal) }
      guard sent > 0 else { return false }
      offset += sent
    }
    return true
  }
}
