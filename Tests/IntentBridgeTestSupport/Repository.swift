import Foundation

/// Paths inside the repository, found from this file's location (`#filePath`), so tests
/// never depend on the working directory and never read outside the checkout.
public enum Repository {
  /// The checkout root (the folder holding Package.swift).
  public static let root: String = {
    var url = URL(fileURLWithPath: #filePath)
    for _ in 0..<3 { url = url.deletingLastPathComponent() }
    return url.path
  }()

  public static func path(_ relative: String) -> String { root + "/" + relative }

  /// Files under `directory` (relative to the root) whose names end with `suffix`, sorted.
  public static func files(in directory: String, suffix: String) -> [String] {
    let base = path(directory)
    guard let enumerator = FileManager.default.enumerator(atPath: base) else { return [] }
    var out: [String] = []
    while let item = enumerator.nextObject() as? String {
      if item.hasSuffix(suffix) { out.append(base + "/" + item) }
    }
    return out.sorted()
  }

  public static func read(_ absolutePath: String) throws -> [UInt8] {
    [UInt8](try Data(contentsOf: URL(fileURLWithPath: absolutePath)))
  }

  public static func readText(_ absolutePath: String) throws -> String {
    String(decoding: try read(absolutePath), as: UTF8.self)
  }

  /// Golden files: compares `actual` with the file; with `INTENTBRIDGE_RECORD_GOLDEN=1`
  /// in the environment, (re)writes the file instead. Returns a diff summary or nil.
  public static func compareGolden(_ actual: String, file relative: String) -> String? {
    let full = path(relative)
    if ProcessInfo.processInfo.environment["INTENTBRIDGE_RECORD_GOLDEN"] == "1" {
      let directory = URL(fileURLWithPath: full).deletingLastPathComponent()
      try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
      try? Data(actual.utf8).write(to: URL(fileURLWithPath: full))
      return nil
    }
    guard let expected = try? readText(full) else {
      return "golden file \(relative) is missing; run the tests with INTENTBRIDGE_RECORD_GOLDEN=1 to record it"
    }
    if expected == actual { return nil }
    let a = expected.split(separator: "\n", omittingEmptySubsequences: false)
    let b = actual.split(separator: "\n", omittingEmptySubsequences: false)
    for i in 0..<max(a.count, b.count) {
      let x = i < a.count ? String(a[i]) : "<end of file>"
      let y = i < b.count ? String(b[i]) : "<end of output>"
      if x != y {
        return
          "\(relative) differs at line \(i + 1):\n  expected: \(x)\n  actual:   \(y)\n(re-record with INTENTBRIDGE_RECORD_GOLDEN=1 if the change is intended)"
      }
    }
    return "\(relative) differs"
  }
}
