import IntentBridgeEngine
import IntentBridgeImport
import IntentBridgeSystem

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// `intentbridge import actionsdata|tools FILE [--out FILE]`, `intentbridge import swift PATH…
/// [--strings PATH…] [--lang L…] [--out FILE]`, `intentbridge import mcp [--config FILE] [-- COMMAND
/// ARGS…]` (`MCPImportCommand`): foreign formats, and running MCP servers, → catalog v1.
///
/// Lenient by design: what cannot be mapped becomes a warning on standard error and is kept
/// under `source.raw` in the output. The produced catalog is then loaded like any other,
/// and its errors (if any) are reported too.
enum ImportCommand: Subcommand {
  static let spec = CommandSpec(
    name: "import", abstract: "Convert Swift App Intents sources, Xcode actionsdata, a tool list or MCP servers' tools into a catalog.",
    positionals: [
      .init(
        name: "kind",
        help:
          "swift (App Intents sources and String Catalogs), actionsdata (Xcode extract.actionsdata), tools (MCP tools/list, OpenAI or Anthropic tools) or mcp (the tools of running MCP servers)."
      ),
      .init(
        name: "file", help: "The file to import (swift: .swift files and folders, read recursively; mcp: the server command after '--').",
        repeating: true,
        optional: true),
    ],
    options: [ImportOptions.out] + SwiftImportOptions.all + MCPImportOptions.all,
    flags: [ImportOptions.quiet])

  static func run(_ options: ImportOptions, console: Console) -> ExitCode {
    let kind: ImportOptions.FileKind
    let path: String
    switch options.source {
    case .mcp(let mcp): return MCPImportCommand.run(mcp, options: options, console: console)
    case .swift(let swift): return SwiftImportCommand.run(swift, options: options, console: console)
    case .file(let fileKind, let filePath): (kind, path) = (fileKind, filePath)
    }
    let bytes: [UInt8]
    do {
      // At most what a catalog may be: a larger input would import into a catalog that no
      // other command loads.
      bytes = try FileReader.read(path, what: "an import input", limit: CatalogLoader.maximumFileSize, streams: true)
    } catch {
      console.err("\(path): error: \(error.reason)\n")
      return .dataError
    }
    let document: JSONValue
    do {
      document = try JSONParser.parse(bytes: bytes)
    } catch {
      console.err("\(path):\(error.location.line):\(error.location.column): error: \(error.message) [json-syntax]\n")
      return .dataError
    }
    let fileName = URL(fileURLWithPath: path).lastPathComponent
    let result =
      kind == .actionsdata
      ? ActionsDataImporter.importCatalog(document, fileName: fileName)
      : ToolListImporter.importCatalog(document, fileName: fileName)
    return write(result, input: path, options: options, console: console)
  }

  /// Prints the warnings, loads the imported catalog (its errors are printed too) and writes it;
  /// `locate` says where a warning's path points when the importer's input was made by us.
  static func write(
    _ result: ImportResult, input path: String, options: ImportOptions, console: Console, locate: ((ImportWarning) -> String)? = nil
  ) -> ExitCode {
    if let problem = result.notRecognized {
      console.err("\(path): error: \(problem.message) [import]\n  at \(problem.path)\n")
      return .dataError
    }
    if !options.quiet {
      for warning in result.warnings {
        if let location = warning.location {
          console.err("\(location): warning: \(warning.message) [import]\n")
        } else {
          console.err("\(path): warning: \(warning.message) [import]\n  at \(locate?(warning) ?? warning.path.description)\n")
        }
      }
    }
    let loaded = CatalogLoader.load(document: result.catalog, file: options.out ?? "<imported catalog>")
    DiagnosticPrinter.print(loaded.diagnostics.errors, console: console)
    let text = JSONWriter.pretty(result.catalog)
    guard text.utf8.count <= CatalogLoader.maximumFileSize else {
      console.err(
        "\(path): error: the imported catalog would be \(text.utf8.count) bytes, more than the \(CatalogLoader.maximumFileSize) bytes a catalog may have (no command would load it); import fewer tools\n"
      )
      return .dataError
    }
    if let out = options.out {
      do {
        try Data(text.utf8).write(to: URL(fileURLWithPath: out))
      } catch {
        console.err("\(out): error: cannot write the catalog: \(Errno.describe(error))\n")
        return .failure
      }
    } else {
      console.out(text)
    }
    return loaded.diagnostics.hasErrors ? .dataError : .success
  }
}
