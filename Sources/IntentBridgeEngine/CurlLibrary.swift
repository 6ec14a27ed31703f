#if os(Linux)
  import IntentBridgeSystem

  /// The few libcurl functions `CurlTransport` needs, resolved with `dlopen`/`dlsym`
  /// (`DynamicLibrary`) from the system's libcurl the first time they are asked for (`shared`), never linked: a process
  /// that does not use the embeddings endpoint does not load libcurl at all.
  ///
  /// **Variadic functions.** `curl_easy_setopt(CURL *, CURLoption, ...)` and
  /// `curl_easy_getinfo(CURL *, CURLINFO, ...)` are variadic C functions, which Swift cannot
  /// call directly. They are called here through non-variadic `@convention(c)` function
  /// pointers whose third parameter is a `long` or a pointer, one type per use — exactly what
  /// FFI libraries such as Python's ctypes do with them on x86_64 and arm64 Linux. It is sound
  /// there because the calling conventions (System V AMD64, AAPCS64) pass the fixed and the
  /// variadic integer and pointer arguments in the same registers; on x86_64 a variadic
  /// callee also reads `%al` (how many vector registers carry arguments) only to decide whether
  /// to spill them, and no argument here is a floating-point number. It is *not* sound on
  /// Apple arm64 (variadic arguments go on the stack), which is one reason Apple platforms
  /// use `URLSessionTransport`. Never pass a value other than a `long` or a pointer this way.
  ///
  /// Immutable function pointers into a library that is never unloaded, hence Sendable.
  struct CurlLibrary: @unchecked Sendable {
    typealias Handle = UnsafeMutableRawPointer
    /// `size_t write_callback(char *data, size_t size, size_t count, void *context)`.
    typealias WriteFunction = @convention(c) (UnsafeMutablePointer<CChar>?, Int, Int, UnsafeMutableRawPointer?) -> Int

    let easyInit: @convention(c) () -> Handle?
    /// `curl_easy_setopt` with a `long` argument.
    let setLong: @convention(c) (Handle, Int32, Int) -> Int32
    /// `curl_easy_setopt` with a data pointer argument (`char *`, `void *`, `struct curl_slist *`).
    let setPointer: @convention(c) (Handle, Int32, UnsafeRawPointer?) -> Int32
    /// `curl_easy_setopt` with a function pointer argument (`CURLOPT_WRITEFUNCTION`).
    let setWriteFunction: @convention(c) (Handle, Int32, WriteFunction) -> Int32
    let easyPerform: @convention(c) (Handle) -> Int32
    /// `curl_easy_getinfo` with a `long *` argument.
    let getLong: @convention(c) (Handle, Int32, UnsafeMutablePointer<Int>) -> Int32
    let easyCleanup: @convention(c) (Handle) -> Void
    let easyStrerror: @convention(c) (Int32) -> UnsafePointer<CChar>?
    /// Copies the string; returns the new list head, nil on failure (the old list is kept).
    let slistAppend: @convention(c) (UnsafeMutableRawPointer?, UnsafePointer<CChar>) -> UnsafeMutableRawPointer?
    let slistFreeAll: @convention(c) (UnsafeMutableRawPointer?) -> Void

    /// Why libcurl could not be used, as a sentence for the user.
    struct LoadProblem: Error, Sendable {
      var message: String
    }

    /// The library names tried in order: the ABI-versioned name every distribution installs
    /// with the runtime package (Debian/Ubuntu `libcurl4`, Fedora `libcurl`), then the
    /// development symlink.
    static let candidateNames = ["libcurl.so.4", "libcurl.so"]

    /// Loaded, resolved and globally initialised once per process, on first use.
    static let shared: Result<CurlLibrary, LoadProblem> = load(candidates: candidateNames)

    /// Opens the first of `candidates` that loads, resolves the functions and calls
    /// `curl_global_init`. Not thread-safe by itself (curl_global_init is not): use `shared`.
    static func load(candidates: [String]) -> Result<CurlLibrary, LoadProblem> {
      var reasons: [String] = []
      var opened: DynamicLibrary?
      var openedName = ""
      for name in candidates {
        do {
          (opened, openedName) = (try DynamicLibrary.open(name), name)
          break
        } catch {
          reasons.append(error.description)
        }
      }
      guard let opened else {
        return .failure(
          .init(
            message:
              "the embeddings endpoint needs libcurl (libcurl.so.4) to be installed, e.g. `apt-get install libcurl4` on Debian or Ubuntu (\(reasons.joined(separator: "; ")))"
          ))
      }
      var missing: [String] = []
      func resolve<Function>(_ symbol: String, as _: Function.Type) -> Function? {
        guard let address = opened.symbol(symbol) else {
          missing.append(symbol)
          return nil
        }
        return unsafeBitCast(address, to: Function.self)
      }
      let globalInit = resolve("curl_global_init", as: (@convention(c) (Int) -> Int32).self)
      let easyInit = resolve("curl_easy_init", as: (@convention(c) () -> Handle?).self)
      let setopt = resolve("curl_easy_setopt", as: (@convention(c) (Handle, Int32, Int) -> Int32).self)
      let perform = resolve("curl_easy_perform", as: (@convention(c) (Handle) -> Int32).self)
      let getinfo = resolve("curl_easy_getinfo", as: (@convention(c) (Handle, Int32, UnsafeMutablePointer<Int>) -> Int32).self)
      let cleanup = resolve("curl_easy_cleanup", as: (@convention(c) (Handle) -> Void).self)
      let strerror = resolve("curl_easy_strerror", as: (@convention(c) (Int32) -> UnsafePointer<CChar>?).self)
      let slistAppend = resolve(
        "curl_slist_append", as: (@convention(c) (UnsafeMutableRawPointer?, UnsafePointer<CChar>) -> UnsafeMutableRawPointer?).self)
      let slistFreeAll = resolve("curl_slist_free_all", as: (@convention(c) (UnsafeMutableRawPointer?) -> Void).self)
      guard let globalInit, let easyInit, let setopt, let perform, let getinfo, let cleanup, let strerror, let slistAppend, let slistFreeAll
      else {
        return .failure(.init(message: "\(openedName) lacks \(missing.joined(separator: ", ")); the embeddings endpoint needs libcurl 7.x or later"))
      }
      let initialised = globalInit(globalInitAll)
      guard initialised == codeOK else {
        return .failure(.init(message: "curl_global_init failed: \(strerror(initialised).map { String(cString: $0) } ?? "error \(initialised)")"))
      }
      return .success(
        CurlLibrary(
          easyInit: easyInit, setLong: setopt,
          setPointer: unsafeBitCast(setopt, to: (@convention(c) (Handle, Int32, UnsafeRawPointer?) -> Int32).self),
          setWriteFunction: unsafeBitCast(setopt, to: (@convention(c) (Handle, Int32, WriteFunction) -> Int32).self), easyPerform: perform,
          getLong: getinfo, easyCleanup: cleanup, easyStrerror: strerror, slistAppend: slistAppend, slistFreeAll: slistFreeAll))
    }

    /// curl's text for an error code (`curl_easy_strerror`).
    func message(_ code: Int32) -> String {
      easyStrerror(code).map { String(cString: $0) } ?? "curl error \(code)"
    }

    /// A timeout in seconds as curl's milliseconds: at least 1 (0 would mean "no timeout"),
    /// at most `Int32.max` (~24 days; also for infinity and NaN).
    static func milliseconds(_ seconds: Double) -> Int {
      let value = (seconds * 1000).rounded(.up)
      guard value.isFinite, value < Double(Int32.max) else { return Int(Int32.max) }
      return max(1, Int(value))
    }

    // Constants from curl/curl.h (stable ABI values).
    static let codeOK: Int32 = 0  // CURLE_OK
    static let codeOperationTimedOut: Int32 = 28  // CURLE_OPERATION_TIMEDOUT
    static let globalInitAll = 3  // CURL_GLOBAL_ALL (SSL | WIN32)
    static let errorBufferSize = 256  // CURL_ERROR_SIZE
    static let optionWriteData: Int32 = 10_001  // CURLOPT_WRITEDATA (pointer)
    static let optionURL: Int32 = 10_002  // CURLOPT_URL (char *)
    static let optionErrorBuffer: Int32 = 10_010  // CURLOPT_ERRORBUFFER (char *)
    static let optionPostFields: Int32 = 10_015  // CURLOPT_POSTFIELDS (pointer, not copied)
    static let optionUserAgent: Int32 = 10_018  // CURLOPT_USERAGENT (char *)
    static let optionHTTPHeader: Int32 = 10_023  // CURLOPT_HTTPHEADER (struct curl_slist *)
    static let optionAcceptEncoding: Int32 = 10_102  // CURLOPT_ACCEPT_ENCODING (char *)
    static let optionWriteFunction: Int32 = 20_011  // CURLOPT_WRITEFUNCTION (function pointer)
    static let optionPost: Int32 = 47  // CURLOPT_POST (long)
    static let optionFollowLocation: Int32 = 52  // CURLOPT_FOLLOWLOCATION (long)
    static let optionPostFieldSize: Int32 = 60  // CURLOPT_POSTFIELDSIZE (long)
    static let optionMaxRedirects: Int32 = 68  // CURLOPT_MAXREDIRS (long)
    static let optionNoSignal: Int32 = 99  // CURLOPT_NOSIGNAL (long): no SIGALRM, required with threads
    static let optionTimeoutMilliseconds: Int32 = 155  // CURLOPT_TIMEOUT_MS (long)
    static let optionConnectTimeoutMilliseconds: Int32 = 156  // CURLOPT_CONNECTTIMEOUT_MS (long)
    static let optionProtocols: Int32 = 181  // CURLOPT_PROTOCOLS (long bit mask)
    static let optionRedirectProtocols: Int32 = 182  // CURLOPT_REDIR_PROTOCOLS (long bit mask)
    static let protocolsHTTPAndHTTPS = 1 | 2  // CURLPROTO_HTTP | CURLPROTO_HTTPS
    static let infoResponseCode: Int32 = 0x20_0002  // CURLINFO_RESPONSE_CODE (CURLINFO_LONG + 2)
  }
#endif
