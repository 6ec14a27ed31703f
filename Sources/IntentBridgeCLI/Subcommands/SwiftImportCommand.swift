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
  static let options: [CommandSpec.Option] = [
    .init(name: "strings", valueName: "path", help: "swift: more .xcstrings/.strings files or folders.", repeatable: true),
    .init(
      name: "lang", valueName: "language", help: "swift: import only these languages of the String Catalogs (e.g. de,zh-Hans).", repeatable: true),
  ]

  static func run(_ arguments: ParsedArguments, console: Console) throws(UsageError) -> ExitCode {
    let paths = Array(arguments.positionals.dropFirst())
    let strings = arguments.options["strings"] ?? []
    let languages = (arguments.options["lang"] ?? []).flatMap { $0.split(separator: ",").map { String($0.filter { !$0.isWhitespace }) } }
      .filter { !$0.isEmpty }
    let input: SwiftImportInput
    do {
      input = try SwiftImportInput.collect(paths: paths, stringPaths: strings)
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
    let result = SwiftSourceImporter.importCatalog(input, languages: languages)
    return ImportCommand.write(result, input: paths.joined(separator: ", "), arguments: arguments, console: console)
  }

  /// `actionsdata` and `tools` take exactly one file and none of the Swift options.
  static func rejectSwiftOptions(_ arguments: ParsedArguments, kind: String) throws(UsageError) {
    if arguments.positionals.count > 2 {
      throw UsageError(
        message: "'import \(kind)' takes one file; unexpected argument '\(arguments.positionals[2])'", command: ImportCommand.spec.name)
    }
    for option in options where arguments.options[option.name] != nil {
      throw UsageError(message: "'--\(option.name)' applies to 'import swift' only", command: ImportCommand.spec.name)
    }
  }
}
