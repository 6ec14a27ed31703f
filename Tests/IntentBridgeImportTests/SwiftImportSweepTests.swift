import Foundation
import IntentBridgeJSON
import IntentBridgeTestSupport
import Testing

@testable import IntentBridgeImport

/// The robustness sweep of `import swift`: every `.swiftinterface` of the installed
/// toolchain, every `.swift` file of this repository, mutations of the fixtures (cut at
/// every token, each bracket and quote deleted or doubled) and hostile inputs (deep
/// nesting, unterminated everything, megabyte lines). Each input is lexed, read for
/// declarations, has every initial value and attribute argument parsed as an expression,
/// and is imported; the test passing is the evidence of no crash and no hang. The counts
/// and the time are printed.
///
/// `INTENTBRIDGE_SWIFT_SWEEP=full` imports at every cut, doubles every bracket and quote
/// too, and adds 2,000 seeded random edits per fixture file and the cuts of whole fixture
/// apps with their String Catalogs.
@Suite(.serialized) struct SwiftImportSweepTests {
  static let full = ProcessInfo.processInfo.environment["INTENTBRIDGE_SWIFT_SWEEP"] == "full"

  /// Runs the CPU-bound sweep on a thread of its own and awaits it, so that it never holds a
  /// thread of the cooperative pool (two on a 2-core machine) for seconds: tests elsewhere in
  /// the suite wait on timers there (MCP cancellation) and were starved into failing. Issues
  /// are recorded by the caller from the returned failures.
  static func onOwnThread<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
    try await withCheckedThrowingContinuation { continuation in
      Thread.detachNewThread { continuation.resume(with: Result { try work() }) }
    }
  }

  /// Everything a Swift import does with one file, beyond `importCatalog`: declarations and
  /// the expressions of every initial value, body and attribute, so the expression reader
  /// meets real code too.
  static func exercise(_ name: String, _ bytes: [UInt8]) -> (tokens: Int, expressions: Int, failure: String?) {
    let source = SwiftSource(name: name, bytes: bytes)
    let declarations = SwiftDeclarationReader.read(source, file: 0)
    var expressions = 0
    func parse(_ range: Range<Int>?) {
      guard let range, !range.isEmpty else { return }
      _ = SwiftExpressionParser.parse(source, range)
      expressions += 1
    }
    for member in declarations.topLevel + declarations.types.flatMap(\.members) {
      parse(member.initializer)
      parse(member.body)
      if let type = member.type { _ = SwiftTypeReference.parse(source, type) }
      for attribute in member.attributes {
        if let arguments = attribute.arguments { _ = SwiftExpressionParser.arguments(source, arguments) }
      }
      for token in (member.initializer ?? 0..<0) where source.tokens[token].kind == .string {
        _ = SwiftStringLiteral(source: source, token: token)
      }
    }
    let result = SwiftSourceImporter.importCatalog(lexed: [source], strings: [], options: SwiftSourceImporter.Options())
    let failure = result.catalog["intents"]?.arrayValue == nil ? "\(name): no intents array" : nil
    return (source.tokens.count, expressions, failure)
  }

  /// Where the toolchain running the tests lives: the folder above `usr/bin/swift`.
  static func toolchainRoot() -> String? {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
    for directory in path.split(separator: ":") {
      let candidate = URL(fileURLWithPath: String(directory)).appendingPathComponent("swift")
      guard FileManager.default.isExecutableFile(atPath: candidate.path) else { continue }
      let resolved = candidate.resolvingSymlinksInPath()
      let root = resolved.deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
      if FileManager.default.fileExists(atPath: root.appendingPathComponent("usr/lib/swift").path) { return root.path }
    }
    return FileManager.default.fileExists(atPath: "/opt/swift/usr/lib/swift") ? "/opt/swift" : nil
  }

  static func files(under root: String, suffix: String, skipping: Set<String> = []) -> [String] {
    guard let enumerator = FileManager.default.enumerator(atPath: root) else { return [] }
    var found: [String] = []
    while let item = enumerator.nextObject() as? String {
      let components = item.split(separator: "/")
      if components.contains(where: { $0.hasPrefix(".") || skipping.contains(String($0)) }) {
        enumerator.skipDescendants()
        continue
      }
      if item.hasSuffix(suffix) { found.append(root + "/" + item) }
    }
    return found.sorted()
  }

  static func report(_ what: String, files: Int, bytes: Int, tokens: Int, expressions: Int, since start: Date) {
    let seconds = Date().timeIntervalSince(start)
    print("sweep: \(what): \(files) inputs, \(bytes / 1024) KiB, \(tokens) tokens, \(expressions) expressions, \(String(format: "%.2f", seconds)) s")
  }

  /// Exercises every file of `paths`; returns the byte and token counts.
  static func sweep(_ what: String, _ paths: [String]) async throws -> (bytes: Int, tokens: Int, failures: [String]) {
    try await onOwnThread {
      let start = Date()
      var bytes = 0
      var tokens = 0
      var expressions = 0
      var failures: [String] = []
      for path in paths {
        let data = try Repository.read(path)
        bytes += data.count
        let counts = exercise(path, data)
        tokens += counts.tokens
        expressions += counts.expressions
        if let failure = counts.failure { failures.append(failure) }
      }
      report(what, files: paths.count, bytes: bytes, tokens: tokens, expressions: expressions, since: start)
      return (bytes, tokens, failures)
    }
  }

  @Test func toolchainInterfaces() async throws {
    let root = try #require(Self.toolchainRoot(), "no Swift toolchain found on PATH")
    let interfaces = Self.files(under: root, suffix: ".swiftinterface")
    #expect(interfaces.count > 0, "no .swiftinterface under \(root)")
    let (bytes, tokens, failures) = try await Self.sweep("toolchain .swiftinterface files under \(root)", interfaces)
    #expect(tokens > bytes / 20, "the interfaces were really tokenized")
    #expect(failures.isEmpty, "\(failures.prefix(5))")
  }

  @Test func repositorySources() async throws {
    let sources = Self.files(under: Repository.root, suffix: ".swift", skipping: [".build", "node_modules"])
    #expect(sources.count > 100)
    let (_, _, failures) = try await Self.sweep("the repository's .swift files", sources)
    #expect(failures.isEmpty, "\(failures.prefix(5))")
  }

  static func fixtureFiles() throws -> [(name: String, bytes: [UInt8])] {
    try SwiftFixture.apps.flatMap { try SwiftFixture.input($0).sources }.map { ($0.name, $0.bytes) }
  }

  /// Every fixture file cut at every token (before it, and one byte into each string and
  /// regex literal): lexed, bracket-matched and read for declarations and expressions at
  /// every cut; imported whole at every fourth token. `INTENTBRIDGE_SWIFT_SWEEP=full` also
  /// cuts after every token and imports at every cut.
  @Test func fixturesCutAtEveryToken() async throws {
    let files = try Self.fixtureFiles()
    let (inputs, imports, failures) = try await Self.onOwnThread {
      let start = Date()
      var inputs = 0
      var imports = 0
      var bytes = 0
      var tokens = 0
      var failures: [String] = []
      for file in files {
        let source = SwiftSource(name: file.name, bytes: file.bytes)
        var cuts = Set<Int>()
        var importCuts = Set<Int>()
        for (index, token) in source.tokens.enumerated() {
          cuts.insert(Int(token.start))
          if Self.full { cuts.insert(Int(token.end)) }
          if token.end - token.start > 1, token.kind == .string || token.kind == .regex { cuts.insert(Int(token.start) + 1) }
          if index % 4 == 0 { importCuts.insert(Int(token.start)) }
        }
        if Self.full { importCuts = cuts }
        for cut in cuts.sorted() {
          let prefix = Array(file.bytes[..<cut])
          if importCuts.contains(cut) {
            if let failure = Self.exercise(file.name, prefix).failure { failures.append("cut at \(cut): \(failure)") }
            imports += 1
          } else {
            Self.read(file.name, prefix)
          }
          inputs += 1
          bytes += prefix.count
        }
        tokens += source.tokens.count
      }
      Self.report(
        "fixtures cut at every token (\(imports) imported whole)", files: inputs, bytes: bytes, tokens: tokens, expressions: 0, since: start)
      return (inputs, imports, failures)
    }
    #expect(inputs > 5_000 && imports > 1_000)
    #expect(failures.isEmpty, "\(failures.prefix(5))")
  }

  /// The structural readers alone: tokens, brackets, declarations, expressions, strings.
  static func read(_ name: String, _ bytes: [UInt8]) {
    let source = SwiftSource(name: name, bytes: bytes)
    let declarations = SwiftDeclarationReader.read(source, file: 0)
    for member in declarations.topLevel + declarations.types.flatMap(\.members) {
      if let range = member.initializer ?? member.body, !range.isEmpty { _ = SwiftExpressionParser.parse(source, range) }
      for attribute in member.attributes {
        if let arguments = attribute.arguments { _ = SwiftExpressionParser.arguments(source, arguments) }
      }
    }
    for index in source.tokens.indices where source.tokens[index].kind == .string { _ = SwiftStringLiteral(source: source, token: index) }
  }

  @Test func fixturesWithBracketsAndQuotesUnbalanced() async throws {
    let files = try Self.fixtureFiles()
    let (inputs, failures) = try await Self.onOwnThread {
      let start = Date()
      var inputs = 0
      var bytes = 0
      var failures: [String] = []
      // Braces and quotes; parentheses and brackets too in the full sweep.
      let special: Set<UInt8> = Set((Self.full ? "{}()[]\"" : "{}\"").utf8)
      for file in files {
        for (offset, byte) in file.bytes.enumerated() where special.contains(byte) {
          var deleted = file.bytes
          deleted.remove(at: offset)
          var doubled = file.bytes
          doubled.insert(byte, at: offset)
          // Doubling each one too is part of the full sweep.
          for mutated in Self.full ? [deleted, doubled] : [deleted] {
            let counts = Self.exercise(file.name, mutated)
            if counts.tokens == 0 { failures.append("\(file.name) at \(offset): no tokens") }
            if let failure = counts.failure { failures.append("\(file.name) at \(offset): \(failure)") }
            inputs += 1
            bytes += mutated.count
          }
        }
      }
      Self.report(
        Self.full ? "fixtures with one bracket or quote deleted or doubled" : "fixtures with one brace or quote deleted", files: inputs, bytes: bytes,
        tokens: 0, expressions: 0, since: start)
      return (inputs, failures)
    }
    #expect(inputs > 1_000)
    #expect(failures.isEmpty, "\(failures.prefix(5))")
  }

  /// Inputs built to find quadratic paths and stack overflows.
  static let hostile: [(String, [UInt8])] = {
    func repeated(_ text: String, _ count: Int) -> [UInt8] { Array(String(repeating: text, count: count).utf8) }
    return [
      ("parens", repeated("(", 200_000)),
      ("closers", repeated(")]}", 100_000)),
      ("braces", repeated("struct A: AppIntent {", 20_000)),
      ("brackets in braces", repeated("{[(", 50_000)),
      ("quotes", repeated("\"", 100_001)),
      ("nested interpolation", repeated("\"\\(", 50_000)),
      ("multi-line strings", repeated("\"\"\"\n\\(", 20_000)),
      ("raw hashes", repeated("#", 100_000) + Array("\"x\"".utf8)),
      ("nested comments", repeated("/*", 100_000)),
      ("if directives", repeated("#if X\n", 20_000) + repeated("#else\n", 100)),
      ("attributes", repeated("@Parameter(", 20_000)),
      ("long line", Array(("static let title = \"" + String(repeating: "x", count: 1 << 20) + "\"").utf8)),
      ("long dictionary", Array(("static let caseDisplayRepresentations = [" + String(repeating: ".a: \"A\", ", count: 50_000) + "]").utf8)),
      ("deep generics", Array(("var x: " + String(repeating: "Array<", count: 10_000) + "Int" + String(repeating: ">", count: 10_000)).utf8)),
      ("deep members", Array(("static let title = a" + String(repeating: ".b(c: [d: (", count: 5_000)).utf8)),
      ("invalid UTF-8", (0..<100_000).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) }),
      (
        "one summary",
        Array(
          ("struct I: AppIntent { static var parameterSummary: some ParameterSummary { "
            + String(repeating: "When(\\.$a, .equalTo, 1) { ", count: 2_000) + "} }").utf8)
      ),
    ]
  }()

  @Test func hostileInputs() async throws {
    let failures = try await Self.onOwnThread {
      let start = Date()
      var bytes = 0
      var tokens = 0
      var failures: [String] = []
      for (name, input) in Self.hostile {
        let began = Date()
        let counts = Self.exercise(name, input)
        print("sweep: hostile input '\(name)': \(input.count / 1024) KiB, \(String(format: "%.2f", Date().timeIntervalSince(began))) s")
        tokens += counts.tokens
        bytes += input.count
        if let failure = counts.failure { failures.append(failure) }
      }
      Self.report("hostile inputs", files: Self.hostile.count, bytes: bytes, tokens: tokens, expressions: 0, since: start)
      return failures
    }
    #expect(failures.isEmpty, "\(failures)")
  }

  /// Behind `INTENTBRIDGE_SWIFT_SWEEP=full`: seeded random edits, and whole apps cut
  /// with their String Catalogs.
  @Test(.enabled(if: full)) func randomEditsAndWholeApps() async throws {
    let files = try Self.fixtureFiles()
    let apps = try SwiftFixture.apps.map { try SwiftFixture.input($0) }
    let failures = try await Self.onOwnThread { () -> [String] in
      let start = Date()
      var inputs = 0
      var failures: [String] = []
      var generator = SeededGenerator(seed: 18)
      let alphabet = Array("{}()[]\"#\\/*@$`.:,;=<>?! \nabcAppIntent\\(".utf8)
      for file in files {
        for _ in 0..<2_000 {
          var mutated = file.bytes
          for _ in 0..<Int.random(in: 1...4, using: &generator) where !mutated.isEmpty {
            let offset = Int.random(in: 0..<mutated.count, using: &generator)
            switch Int.random(in: 0..<3, using: &generator) {
            case 0: mutated.remove(at: offset)
            case 1: mutated.insert(alphabet.randomElement(using: &generator)!, at: offset)
            default: mutated.swapAt(offset, Int.random(in: 0..<mutated.count, using: &generator))
            }
          }
          if let failure = Self.exercise(file.name, mutated).failure { failures.append(failure) }
          inputs += 1
        }
      }
      for input in apps {
        for file in input.sources + input.strings {
          for cut in stride(from: 0, through: file.bytes.count, by: max(1, file.bytes.count / 200)) {
            var sources = input.sources
            var strings = input.strings
            let prefix = Array(file.bytes[..<cut])
            if let i = sources.firstIndex(where: { $0.name == file.name }) { sources[i].bytes = prefix }
            if let i = strings.firstIndex(where: { $0.name == file.name }) { strings[i].bytes = prefix }
            let result = SwiftSourceImporter.importCatalog(sources: sources, strings: strings, options: SwiftSourceImporter.Options(appName: "App"))
            if result.catalog["intents"]?.arrayValue == nil { failures.append("\(file.name) cut at \(cut): no intents array") }
            inputs += 1
          }
        }
      }
      Self.report("random edits and whole apps", files: inputs, bytes: 0, tokens: 0, expressions: 0, since: start)
      return failures
    }
    #expect(failures.isEmpty, "\(failures.prefix(5))")
  }
}
