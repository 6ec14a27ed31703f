#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Finds the default embedding model folder (the static model) and the default transformer
/// encoder folder.
///
/// Order: an explicit path; `$INTENTBRIDGE_MODEL` (the static model only); `Models/<default>` next to the
/// executable's package checkout (`<repo>/.build/<config>/intentbridge` → `<repo>/Models`);
/// `Models/<default>` of the IntentBridge checkout this library was built from (so a package
/// that depends on IntentBridge, by path or URL, finds the shipped model with no set-up);
/// `./Models/<default>`.
package enum ModelLocator {
  package static let defaultModelName = "e5small-m2v-256-latcjk-int8"
  /// The transformer encoder's folder in `Models/` (`--encoder transformer`).
  package static let defaultEncoderName = "e5small-q4-latcjk"

  /// The static model's folder `$INTENTBRIDGE_MODEL` names (nil when unset or empty).
  package static var modelFromEnvironment: String? {
    guard let value = ProcessInfo.processInfo.environment["INTENTBRIDGE_MODEL"], !value.isEmpty else { return nil }
    return value
  }

  /// The static model's folder.
  package static func locate(explicit: String? = nil, executablePath: String = CommandLine.arguments.first ?? "") -> String? {
    if let explicit { return explicit }
    if let fromEnvironment = modelFromEnvironment { return fromEnvironment }
    return locate(defaultModelName, holding: "model.safetensors", executablePath: executablePath)
  }

  /// The transformer encoder's folder.
  package static func locateEncoder(explicit: String? = nil, executablePath: String = CommandLine.arguments.first ?? "") -> String? {
    if let explicit { return explicit }
    return locate(defaultEncoderName, holding: "encoder.bin", executablePath: executablePath)
  }

  private static func locate(_ defaultModelName: String, holding file: String, executablePath: String) -> String? {
    var candidates: [String] = []
    var url = URL(fileURLWithPath: executablePath).resolvingSymlinksInPath().deletingLastPathComponent()
    for _ in 0..<5 {
      candidates.append(url.appendingPathComponent("Models/\(defaultModelName)").path)
      url = url.deletingLastPathComponent()
    }
    candidates.append(libraryCheckout + "/Models/\(defaultModelName)")
    candidates.append(FileManager.default.currentDirectoryPath + "/Models/\(defaultModelName)")
    return candidates.first { FileManager.default.fileExists(atPath: $0 + "/" + file) }
  }

  /// The IntentBridge checkout this library was compiled from (the folder holding
  /// `Package.swift`, `Models/` and `Prompts/`), found from this file's compile-time path.
  package static var libraryCheckout: String {
    var url = URL(fileURLWithPath: #filePath)
    for _ in 0..<3 { url = url.deletingLastPathComponent() }
    return url.path
  }
}
