#if !os(Linux)
  import Dispatch
  import Foundation
  import Synchronization

  #if canImport(FoundationNetworking)
    import FoundationNetworking
  #endif

  /// Sends an `EndpointPost` with `URLSession` (Apple platforms and other non-Linux systems;
  /// Linux uses `CurlTransport` so that the binary does not link FoundationNetworking).
  enum URLSessionTransport {
    /// Blocks until the answer arrives or `post.timeoutSeconds` (+ 1 s of grace) have passed.
    /// Failures: `.timeout` when the request timed out, `.transport` with the system's message
    /// for any other failure to exchange the request.
    static func send(_ post: EndpointPost) throws(EndpointEmbedder.Failure) -> EndpointPost.Answer {
      let url = post.url.absoluteString
      var request = URLRequest(url: post.url, timeoutInterval: post.timeoutSeconds)
      request.httpMethod = "POST"
      for header in post.headers { request.setValue(header.value, forHTTPHeaderField: header.name) }
      request.httpBody = Data(post.body)

      let result = Mutex<Result<EndpointPost.Answer, EndpointEmbedder.Failure>?>(nil)
      let done = DispatchSemaphore(value: 0)
      let task = URLSession.shared.dataTask(with: request) { data, response, error in
        let outcome: Result<EndpointPost.Answer, EndpointEmbedder.Failure>
        if let error {
          let nsError = error as NSError
          outcome =
            nsError.code == NSURLErrorTimedOut
            ? .failure(.timeout(url: url, seconds: post.timeoutSeconds))
            : .failure(.transport(url: url, reason: error.localizedDescription))
        } else {
          outcome = .success(.init(status: (response as? HTTPURLResponse)?.statusCode ?? 0, body: [UInt8](data ?? Data())))
        }
        result.withLock { $0 = outcome }
        done.signal()
      }
      task.resume()
      if done.wait(timeout: .now() + post.timeoutSeconds + 1) == .timedOut {
        task.cancel()
        throw .timeout(url: url, seconds: post.timeoutSeconds)
      }
      guard let outcome = result.withLock({ $0 }) else { throw .transport(url: url, reason: "no answer") }
      return try outcome.get()
    }
  }
#endif
