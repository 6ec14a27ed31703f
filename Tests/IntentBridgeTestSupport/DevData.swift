import Foundation

/// The development data sets: third-party catalogs and labelled requests (Home Assistant
/// intents, the Xcode Weather sample, …) that the repository never contains. They are read in
/// place from the folder `INTENTBRIDGE_DEV_DATA` names, or from `<checkout>/../shared/data`
/// when it is unset. Tests that need them are enabled only when their folder exists
/// (`.enabled(if: DevData.has("ha"), DevData.skipNote("ha"))` in Swift Testing), so a fresh
/// clone without the data runs every other test and says which were skipped and why.
public enum DevData {
  /// The name of the environment variable that points at the data folder.
  public static let variable = "INTENTBRIDGE_DEV_DATA"

  /// The data folder: `$INTENTBRIDGE_DEV_DATA`, or `<checkout>/../shared/data`, standardised.
  public static let root: String = {
    if let chosen = ProcessInfo.processInfo.environment[variable], !chosen.isEmpty {
      return URL(fileURLWithPath: chosen).standardizedFileURL.path
    }
    return URL(fileURLWithPath: Repository.root).appendingPathComponent("../shared/data").standardizedFileURL.path
  }()

  /// `relative` inside the data folder (it may not exist).
  public static func path(_ relative: String) -> String { root + "/" + relative }

  /// Whether `relative` (a file or folder of the data, e.g. `"ha"`) exists.
  public static func has(_ relative: String) -> Bool {
    FileManager.default.fileExists(atPath: path(relative))
  }

  /// The message a skipped test carries: what is missing, where it was looked for, and the
  /// variable that chooses another place.
  public static func skipNote(_ relative: String) -> String {
    "development data '\(relative)' not found at \(path(relative)); set \(variable) to the folder holding it (default <checkout>/../shared/data)"
  }

  /// A Home Assistant catalog of the data: `variant` is `templates`, `examples` or `none`.
  public static func homeAssistantCatalog(_ variant: String, _ language: String) -> String {
    path("ha/catalog/\(variant)/\(language).json")
  }

  /// A Home Assistant development request set: `<language>.dev.jsonl`, or its perturbed
  /// variant when `perturbed` is true.
  public static func homeAssistantRequests(_ language: String, perturbed: Bool = false) -> String {
    path("ha/\(language).dev\(perturbed ? ".perturbed" : "").jsonl")
  }
}
