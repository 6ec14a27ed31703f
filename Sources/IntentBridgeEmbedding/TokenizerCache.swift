import IntentBridgeBinary

/// Where a model's compiled tokenizer (`tokenizer.ibtok`, `CompiledTokenizerFile`) is looked
/// for and written, so that a normal start maps it instead of parsing `tokenizer.json`.
///
///     try StaticEmbeddingModel(directory: dir)                           // .automatic
///     try StaticEmbeddingModel(directory: dir, tokenizerCache: .disabled) // always the JSON
package enum TokenizerCache: Sendable, Equatable {
  /// Beside the model (`<model>/tokenizer.ibtok`) when the model folder is writable by its
  /// permission bits (`FolderPermissions.isReadOnly`), else in the user's cache folder
  /// (`$XDG_CACHE_HOME/intentbridge/models/`, or `~/.cache/intentbridge/models/`) as
  /// `<model identity>-<folder hash>.ibtok`. A file beside the model is read even when the
  /// folder is read-only (a shipped file); when nothing can be written the tokenizer is built
  /// from `tokenizer.json` on every start, without an error.
  case automatic
  /// Only in this folder (created when missing), as `<model identity>-<folder hash>.ibtok`.
  case folder(String)
  /// Never: `tokenizer.json` is parsed on every start.
  case disabled

  /// The user's cache folder for compiled models in `environment`: `$XDG_CACHE_HOME` when it
  /// is an absolute path, else `$HOME/.cache`, plus `/intentbridge/models`; nil without either.
  package static func userCacheFolder(environment: [String: String]) -> String? {
    if let xdg = environment["XDG_CACHE_HOME"], xdg.hasPrefix("/") { return xdg + "/intentbridge/models" }
    if let home = environment["HOME"], home.hasPrefix("/") { return home + "/.cache/intentbridge/models" }
    return nil
  }

  /// The two variables `userCacheFolder(environment:)` reads, from this process.
  static var processEnvironment: [String: String] {
    ModelFile.environment(["XDG_CACHE_HOME", "HOME"])
  }

  /// The file name of a model's compiled tokenizer in a shared cache folder: the model
  /// identity plus a hash of the model folder's absolute path, so two copies of a model with
  /// different `tokenizer.json` files do not overwrite each other's cache.
  static func cacheFileName(modelIdentity: String, folder: String) -> String {
    let absolute = ModelFile.absolutePath(folder) ?? folder
    var hash = ContentHash()
    hash.combine(Array(absolute.utf8))
    let text = String(hash.finish(), radix: 16)
    let key = String(repeating: "0", count: 16 - text.count) + text
    let safeIdentity = String(modelIdentity.map { $0 == "/" ? "_" : $0 })
    return safeIdentity + "-" + key.prefix(8) + ".ibtok"
  }

  /// Where to look for a compiled tokenizer, in order, and where to write a new one.
  package struct Plan: Sendable, Equatable {
    package var candidates: [String]
    package var writeTargets: [String]
  }

  /// The files a model in `folder` (of identity `modelIdentity`) may keep its compiled
  /// tokenizer in (`SidecarFiles.compiledTokenizer` names them for the engine).
  package func plan(folder: String, modelIdentity: String, environment: [String: String] = processEnvironment) -> Plan {
    let name = Self.cacheFileName(modelIdentity: modelIdentity, folder: folder)
    switch self {
    case .disabled:
      return Plan(candidates: [], writeTargets: [])
    case .folder(let cache):
      let path = cache + "/" + name
      return Plan(candidates: [path], writeTargets: [path])
    case .automatic:
      let beside = folder + "/" + CompiledTokenizerFile.fileName
      let user = Self.userCacheFolder(environment: environment).map { $0 + "/" + name }
      let candidates = [beside] + (user.map { [$0] } ?? [])
      let besideWritable = !FolderPermissions.isReadOnly(folder)
      let targets = (besideWritable ? [beside] : []) + (user.map { [$0] } ?? [])
      return Plan(candidates: candidates, writeTargets: targets)
    }
  }

  /// Whether this host stores integers little-endian (the compiled layout is used in place).
  static var hostIsLittleEndian: Bool { 1.littleEndian == 1 }

  /// The tokenizer of the model in `folder`: read in place from the first candidate file that
  /// is whole, current and built from `sources`, else built by `buildFromJSON` and written to
  /// the first target that can be written (atomically). A rejected file is never used.
  /// - Throws: only what `buildFromJSON` throws.
  func load(
    folder: String, sources: CompiledTokenizerSources, environment: [String: String] = processEnvironment,
    buildFromJSON: () throws(EmbeddingError) -> Tokenizer
  ) throws(EmbeddingError) -> (Tokenizer, TokenizerOrigin) {
    guard Self.hostIsLittleEndian else { return (try buildFromJSON(), .json(cachedAt: nil)) }
    let plan = plan(folder: folder, modelIdentity: sources.modelIdentity, environment: environment)
    for candidate in plan.candidates where ModelFile.exists(candidate) {
      guard let store = try? ByteStore(mapping: candidate) else { continue }
      if let tokenizer = try? CompiledTokenizerFile.decode(store, expecting: sources) {
        return (tokenizer, .compiled(path: candidate))
      }
    }
    let tokenizer = try buildFromJSON()
    guard !plan.writeTargets.isEmpty else { return (tokenizer, .json(cachedAt: nil)) }
    let bytes = CompiledTokenizerFile.encode(tokenizer, sources: sources)
    for target in plan.writeTargets {
      let parent = String(target[..<(target.lastIndex(of: "/") ?? target.startIndex)])
      guard parent.isEmpty || ModelFile.makeFolder(parent) else { continue }
      if ModelFile.writeAtomically(bytes, to: target) { return (tokenizer, .json(cachedAt: target)) }
    }
    return (tokenizer, .json(cachedAt: nil))
  }
}

/// Where a loaded model's tokenizer came from.
package enum TokenizerOrigin: Sendable, Equatable {
  /// Read in place from this compiled file.
  case compiled(path: String)
  /// Built from `tokenizer.json`; the compiled form was written to `cachedAt` (nil: not
  /// written — caching disabled, or no folder could be written).
  case json(cachedAt: String?)
}
