import Foundation
import Testing

@testable import IntentBridgeImport

@Suite struct LocalizedStringsTests {
  @Test(arguments: [
    ("en", "en"), ("de", "de"), ("zh-Hans", "zh-CN"), ("zh-Hant", "zh-TW"), ("zh-Hant-HK", "zh-HK"), ("zh-Hans-SG", "zh-SG"),
    ("pt_BR", "pt-BR"), ("es-419", "es-419"), ("sr-Latn", "sr-Latn"), ("German", "de"), ("EN", "en"),
  ])
  func appleTagsBecomeCatalogTags(_ apple: String, _ catalog: String) {
    #expect(LocalizedStrings.catalogTag(apple) == catalog)
  }

  @Test(arguments: ["", "e", "toolong-x", "en-", "en-thisistoolong", "x1"])
  func malformedTagsAreRejected(_ tag: String) {
    #expect(LocalizedStrings.catalogTag(tag) == nil)
  }

  static func read(_ name: String, _ bytes: [UInt8]) -> (LocalizedStrings, [ImportWarning]) {
    var strings = LocalizedStrings()
    var recorder = ImportRecorder()
    strings.add(file: name, bytes: bytes, recorder: &recorder)
    return (strings, recorder.warnings)
  }

  @Test func stringsFilesInUTF8AndUTF16() {
    let text = "/* c */ \"a\" = \"x\\ty \\\"q\\\" \\U00E9\";\n// line\nbare = \"B\";\n\"c\" = \"unterminated\n"
    let (utf8, warnings8) = Self.read("R/de.lproj/T.strings", Array(text.utf8))
    #expect(utf8.entry(table: "T", key: "a")?.value(for: "de")?.text == "x\ty \"q\" é")
    #expect(utf8.entry(table: "T", key: "bare")?.value(for: "de")?.text == "B")
    #expect(utf8.entry(table: "T", key: "a")?.value(for: "de")?.location == FileLocation(file: "R/de.lproj/T.strings", line: 1, column: 15))
    #expect(warnings8.contains { $0.message.contains("unterminated quoted string") })
    var utf16: [UInt8] = [0xFF, 0xFE]
    for unit in "\"k\" = \"工具\";".utf16 { utf16 += [UInt8(unit & 0xFF), UInt8(unit >> 8)] }
    let (wide, _) = Self.read("zh-Hans.lproj/T.strings", utf16)
    #expect(wide.entry(table: "T", key: "k")?.value(for: "zh-CN")?.text == "工具")
  }

  @Test func stringCatalogsWithVariationsAndBrokenFiles() {
    let catalog = """
      {"sourceLanguage": "en", "version": "1.0", "strings": {
        "k": {"localizations": {"de": {"variations": {"plural": {"one": {"stringUnit": {"state": "translated", "value": "ein"}},
                                                                  "other": {"stringUnit": {"state": "translated", "value": "viele"}}}}},
                                "xx_bad_tag_": {"stringUnit": {"value": "?"}}}},
        "n": {"shouldTranslate": false}
      }}
      """
    let (strings, warnings) = Self.read("Localizable.xcstrings", Array(catalog.utf8))
    #expect(strings.entry(table: "Localizable", key: "k")?.value(for: "de")?.text == "viele")
    #expect(strings.entry(table: "Localizable", key: "k")?.variations == ["plural"])
    #expect(strings.entry(table: "Localizable", key: "n")?.shouldTranslate == false)
    #expect(warnings.contains { $0.message.contains("'xx_bad_tag_' is not a BCP 47 tag") })
    let (_, broken) = Self.read("Broken.xcstrings", Array("{\"strings\": {".utf8))
    #expect(broken.count == 1 && broken[0].location?.file == "Broken.xcstrings" && broken[0].message.contains("not valid JSON"))
  }
}
