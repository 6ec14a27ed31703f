import IntentBridgeImport

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// `intentbridge import swift PATH… [--strings PATH…] [--lang L…] [--out FILE]`: App Intents
/// from Swift sources and their String Catalogs, without Xcode (see docs/IMPORT.md).
///
/// Folders are read recursively for `.swift`, `.xcstrings`, `.strings` and `Info.plist`;
/// `--strings` adds string files or folders from elsewhere; `--lang` keeps only the given
/// languages of the String Catalogs (repeatable or comma-separated; Apple or catalog tags).
enum SwiftImportCommand {
  static func run(_ swift: SwiftImportOptions, options: ImportOptions, console: Console) -> ExitCode {
    let paths = swift.paths
    let input: SwiftImportInput
    do {
      input = try SwiftImportInput.collect(paths: paths, stringPaths: swift.stringPaths)
    } catch {
      console.err("\(error)\n")
      return .dataError
    }
    guard !input.sources.isEmpty else {
      // What was found but not read says why none is left.
      for (name, reason) in input.skipped { console.err("\(name): warning: \(reason) [import]\n") }
      console.err("\(paths.joined(separator: ", ")): error: no .swift files found" + (input.skipped.isEmpty ? "" : " that could be read") + "\n")
      return .dataError
    }
    let result = SwiftSourceImporter.importCatalog(input, languages: swift.languages)
    return ImportCommand.write(result, input: paths.joined(separator: ", "), options: options, console: console)
  }
}
