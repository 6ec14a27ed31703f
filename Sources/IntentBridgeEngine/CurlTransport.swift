#if os(Linux)
  #if canImport(FoundationEssentials)
    import FoundationEssentials
  #else
    import Foundation
  #endif

  /// Sends an `EndpointPost` with libcurl, loaded at run time with `dlopen` the first time an
  /// endpoint is used, so that the `intentbridge` binary links neither FoundationNetworking nor
  /// libcurl and its ~30 libraries (about 8 ms of every process start on Linux) although only
  /// the optional embeddings endpoint uses the network.
  ///
  /// http and https as libcurl supports them (certificates checked against the system's
  /// store, like FoundationNetworking, which is built on libcurl too); redirects followed.
  enum CurlTransport {
    /// NUL-terminated option strings (curl copies them).
    private static let allEncodings: StaticString = ""
    private static let userAgent: StaticString = "intentbridge"

    /// Blocks until the answer has arrived or `post.timeoutSeconds` have passed (the limit
    /// covers connecting, sending and receiving). Failures: `.timeout` when curl reports
    /// `CURLE_OPERATION_TIMEDOUT`; `.transport` with curl's message for any other curl error,
    /// and when libcurl (libcurl.so.4) cannot be loaded. The answer's body is collected whole
    /// in memory, O(response size).
    static func send(_ post: EndpointPost) throws(EndpointEmbedder.Failure) -> EndpointPost.Answer {
      let url = post.url.absoluteString
      let curl: CurlLibrary
      switch CurlLibrary.shared {
      case .success(let library): curl = library
      case .failure(let problem): throw .transport(url: url, reason: problem.message)
      }
      // Everything the handle points to is released after the handle (defers run in reverse).
      let errors = UnsafeMutablePointer<CChar>.allocate(capacity: CurlLibrary.errorBufferSize)
      errors.initialize(repeating: 0, count: CurlLibrary.errorBufferSize)
      defer { errors.deallocate() }
      var headerList: UnsafeMutableRawPointer?
      defer { curl.slistFreeAll(headerList) }
      // "Expect:" stops curl from sending `Expect: 100-continue` for larger bodies and waiting
      // up to a second for a `100 Continue` that many servers never send.
      for line in post.headers.map({ "\($0.name): \($0.value)" }) + ["Expect:"] {
        guard let extended = curl.slistAppend(headerList, line) else {
          throw .transport(url: url, reason: "curl_slist_append failed")
        }
        headerList = extended
      }
      guard let handle = curl.easyInit() else { throw .transport(url: url, reason: "curl_easy_init failed") }
      defer { curl.easyCleanup(handle) }

      let collector = ResponseCollector()
      let code: Int32 = url.withCString { urlText in
        post.body.withUnsafeBufferPointer { body in
          withExtendedLifetime(collector) {
            let context = Unmanaged.passUnretained(collector).toOpaque()
            let timeout = CurlLibrary.milliseconds(post.timeoutSeconds)
            // An empty body still needs a valid pointer: with NULL curl would read the body
            // from standard input.
            let bodyPointer = UnsafeRawPointer(body.baseAddress) ?? UnsafeRawPointer(errors)
            let setup: [Int32] = [
              curl.setLong(handle, CurlLibrary.optionNoSignal, 1),
              curl.setPointer(handle, CurlLibrary.optionErrorBuffer, UnsafeRawPointer(errors)),
              curl.setPointer(handle, CurlLibrary.optionURL, UnsafeRawPointer(urlText)),
              curl.setLong(handle, CurlLibrary.optionProtocols, CurlLibrary.protocolsHTTPAndHTTPS),
              curl.setLong(handle, CurlLibrary.optionRedirectProtocols, CurlLibrary.protocolsHTTPAndHTTPS),
              curl.setLong(handle, CurlLibrary.optionFollowLocation, 1),
              curl.setLong(handle, CurlLibrary.optionMaxRedirects, 10),
              curl.setLong(handle, CurlLibrary.optionTimeoutMilliseconds, timeout),
              curl.setLong(handle, CurlLibrary.optionConnectTimeoutMilliseconds, timeout),
              curl.setLong(handle, CurlLibrary.optionPost, 1),
              curl.setLong(handle, CurlLibrary.optionPostFieldSize, body.count),
              curl.setPointer(handle, CurlLibrary.optionPostFields, bodyPointer),
              curl.setPointer(handle, CurlLibrary.optionHTTPHeader, UnsafeRawPointer(headerList)),
              // Every encoding this libcurl can decode (gzip, deflate, …), as FoundationNetworking asks.
              curl.setPointer(handle, CurlLibrary.optionAcceptEncoding, UnsafeRawPointer(allEncodings.utf8Start)),
              curl.setPointer(handle, CurlLibrary.optionUserAgent, UnsafeRawPointer(userAgent.utf8Start)),
              curl.setWriteFunction(handle, CurlLibrary.optionWriteFunction, ResponseCollector.append),
              curl.setPointer(handle, CurlLibrary.optionWriteData, UnsafeRawPointer(context)),
            ]
            if let failed = setup.first(where: { $0 != CurlLibrary.codeOK }) { return failed }
            return curl.easyPerform(handle)
          }
        }
      }
      guard code == CurlLibrary.codeOK else {
        if code == CurlLibrary.codeOperationTimedOut { throw .timeout(url: url, seconds: post.timeoutSeconds) }
        let detail = String(cString: errors)
        throw .transport(url: url, reason: detail.isEmpty ? curl.message(code) : detail)
      }
      var status = 0
      guard curl.getLong(handle, CurlLibrary.infoResponseCode, &status) == CurlLibrary.codeOK else {
        throw .transport(url: url, reason: "curl_easy_getinfo(CURLINFO_RESPONSE_CODE) failed")
      }
      return .init(status: status, body: collector.bytes)
    }
  }

  /// The response body as curl hands it over, chunk by chunk (at most `CURL_MAX_WRITE_SIZE`,
  /// 16 KiB, per call). Used by one transfer on one thread.
  private final class ResponseCollector {
    var bytes: [UInt8] = []

    /// curl's `CURLOPT_WRITEFUNCTION`: appends `size × count` bytes to the collector behind
    /// `context` and reports them all consumed (anything else would abort the transfer).
    static let append: CurlLibrary.WriteFunction = { data, size, count, context in
      let length = size * count
      guard length > 0, let data, let context else { return length }
      let collector = Unmanaged<ResponseCollector>.fromOpaque(context).takeUnretainedValue()
      collector.bytes.append(contentsOf: UnsafeRawBufferPointer(start: data, count: length))
      return length
    }
  }
#endif
