#if os(Linux)
  @testable import IntentBridgeEngine
  import Testing

  /// Loading libcurl at run time (`CurlLibrary`): the system's library resolves, a missing one
  /// is explained, timeouts become curl's milliseconds.
  @Suite struct CurlLibraryTests {
    @Test func theSystemLibcurlLoads() throws {
      guard case .success = CurlLibrary.shared else {
        Issue.record("libcurl.so.4 did not load: \(CurlLibrary.shared)")
        return
      }
    }

    @Test func aMissingLibcurlIsExplained() {
      guard case .failure(let problem) = CurlLibrary.load(candidates: ["libintentbridge-test-no-such-curl.so.4"]) else {
        Issue.record("expected a failure")
        return
      }
      #expect(problem.message.contains("needs libcurl (libcurl.so.4) to be installed"))
      #expect(problem.message.contains("libintentbridge-test-no-such-curl.so.4"), "dlopen's reason is kept")
    }

    @Test func timeoutsBecomePositiveMilliseconds() {
      #expect(CurlLibrary.milliseconds(30) == 30_000)
      #expect(CurlLibrary.milliseconds(0.0001) == 1, "0 would mean no timeout")
      #expect(CurlLibrary.milliseconds(.infinity) == Int(Int32.max))
      #expect(CurlLibrary.milliseconds(.nan) == Int(Int32.max))
    }
  }
#endif
