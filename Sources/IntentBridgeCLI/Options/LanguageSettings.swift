/// The language option group: `--lang`, the catalog language a command uses.
struct LanguageSettings: Sendable {
  static let lang = CommandSpec.Option(
    name: "lang", valueName: "tag", help: "Catalog language to use (BCP 47; one the catalog declares); default: the catalog's default.")
  static let group = OptionGroup(name: "language", options: [lang])

  /// The tag `--lang` gives (checked against the languages the catalog declares once it is
  /// read); nil: the catalog's default language.
  var tag: String?

  init(_ arguments: ParsedArguments) {
    tag = arguments.value(Self.lang)
  }
}
