import IntentBridgeJSON

/// Imports an app's App Intents from its Swift sources and String Catalogs into a catalog
/// v1 document, without Xcode, a compiler or swift-syntax.
///
///     let input = try SwiftImportInput.collect(paths: ["Examples/swift/Larder"])
///     let result = SwiftSourceImporter.importCatalog(input)
///     print(JSONWriter.pretty(result.catalog))      // {"formatVersion": 1, "app": {"name": "Larder", …}, "intents": […], …}
///     for warning in result.warnings { print(warning) }   // Larder/Intents/Timers.swift:41:18: …
///
/// What maps where (docs/IMPORT.md has the full table):
/// - types conforming to `AppIntent` or a refinement (`OpenIntent`, `DeleteIntent`, …, and
///   protocols of the same sources that refine them) → `intents`, id = type name: `title`,
///   `IntentDescription` (description, category, search keywords, result name), `@Parameter`s,
///   `parameterSummary`, `supportedModes`/`openAppWhenRun`, `isDiscoverable`,
///   `isAssistantOnly`, `authenticationPolicy`, `requestConfirmation` in `perform()`,
///   `ReturnsValue<T>` / `ProvidesDialog` / `ShowsSnippetView`, `@AppIntent(schema:)`;
/// - `AppEnum` → `enums` (cases, `caseDisplayRepresentations` with titles, subtitles,
///   images and synonyms); `AppEntity` → `entities` (`@Property`s, `defaultQuery` kind);
/// - `AppShortcutsProvider` → `appShortcuts` and `negativePhrases`;
/// - texts are resolved through the String Catalogs in every language they hold.
///
/// The import never fails: what cannot be read statically (a computed title, a value from a
/// function, an option with no catalog field) is kept as source text under `source.raw`
/// and reported as an ``ImportWarning`` with its file:line:column. `source.locations` maps
/// the JSON path of every intent, parameter, enum, case, entity, App Shortcut, phrase and
/// text to the place in the sources it came from.
///
/// - Complexity: O(n) in the size of the sources and string files.
public enum SwiftSourceImporter {
  /// What the import takes besides the sources and string files.
  public struct Options: Sendable {
    /// Languages to import from the String Catalogs (catalog or Apple tags); empty: all.
    public var languages: [String] = []
    /// The app's name when `Info.plist` and the `InfoPlist` strings give none.
    public var appName: String?
    /// The paths that were imported, for `source.upstream`.
    public var upstream: [String] = []
    /// The app's `Info.plist`, for its name and bundle identifier; nil: none.
    public var infoPlist: SwiftImportInput.File?

    /// Options; the defaults import every language, with no fallback app name, no upstream paths
    /// and no `Info.plist`.
    public init(languages: [String] = [], appName: String? = nil, upstream: [String] = [], infoPlist: SwiftImportInput.File? = nil) {
      self.languages = languages
      self.appName = appName
      self.upstream = upstream
      self.infoPlist = infoPlist
    }
  }

  /// Imports collected input files.
  public static func importCatalog(_ input: SwiftImportInput, languages: [String] = []) -> ImportResult {
    var recorder = ImportRecorder()
    for skipped in input.skipped {
      recorder.warn(FileLocation(file: skipped.name, line: 1, column: 1), skipped.reason)
    }
    let options = Options(languages: languages, appName: input.appName, upstream: input.upstream, infoPlist: input.infoPlist)
    return importCatalog(sources: input.sources, strings: input.strings, options: options, recorder: recorder)
  }

  /// Imports Swift sources and strings files given as bytes (tests, embedders).
  public static func importCatalog(sources: [SwiftImportInput.File], strings: [SwiftImportInput.File], options: Options) -> ImportResult {
    importCatalog(sources: sources, strings: strings, options: options, recorder: ImportRecorder())
  }

  private static func importCatalog(
    sources: [SwiftImportInput.File], strings stringFiles: [SwiftImportInput.File], options: Options, recorder: ImportRecorder
  ) -> ImportResult {
    importCatalog(lexed: sources.map { SwiftSource(name: $0.name, bytes: $0.bytes) }, strings: stringFiles, options: options, recorder: recorder)
  }

  /// Imports already lexed sources (the test sweep reads each file once for all its checks).
  static func importCatalog(
    lexed: [SwiftSource], strings stringFiles: [SwiftImportInput.File], options: Options, recorder: ImportRecorder = ImportRecorder()
  ) -> ImportResult {
    var recorder = recorder
    var strings = LocalizedStrings()
    // String Catalogs first: their source language names the language of Base.lproj.
    let ordered = stringFiles.filter { $0.name.hasSuffix(".xcstrings") } + stringFiles.filter { !$0.name.hasSuffix(".xcstrings") }
    for file in ordered { strings.add(file: file.name, bytes: file.bytes, recorder: &recorder) }
    var builder = SwiftCatalogBuilder(sources: lexed, strings: strings, options: options, recorder: recorder)
    let catalog = builder.build()
    return ImportResult(catalog: catalog, warnings: builder.recorder.warnings)
  }
}
