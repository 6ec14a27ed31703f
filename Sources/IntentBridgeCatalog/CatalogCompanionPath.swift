/// Where the files derived from a catalog live: beside it, named after it. The catalog's
/// name loses `.json`, gains the language unless it already ends with it, then the file's
/// suffix: `notes.en.json` → `notes.en.index`, `larder.json` in German → `larder.de.index`,
/// `notes.en.json` in German → `notes.en.de.index`.
package enum CatalogCompanionPath {
  package static func path(forCatalog catalogPath: String, language: String, suffix: String) -> String {
    let base = catalogPath.hasSuffix(".json") ? String(catalogPath.dropLast(5)) : catalogPath
    let name = base.split(separator: "/", omittingEmptySubsequences: false).last.map(String.init) ?? base
    let ownLanguage = name.lowercased().hasSuffix("." + language.lowercased())
    return base + (ownLanguage ? "" : ".\(language)") + suffix
  }
}
