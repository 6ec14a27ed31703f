import IntentBridgeJSON
import IntentBridgeTestSupport
import Testing

@testable import IntentBridgeEmbedding

@Suite struct NormalizerTests {
  static func defaultTokenizer() throws -> Tokenizer { try DefaultModel.model().tokenizer }

  /// `normalizer_table.json` lists the single-scalar replacements of XLM-R's charsmap; the
  /// decoded charsmap must agree with every entry.
  @Test func precompiledCharsmapAgreesWithNormalizerTable() throws {
    let tokenizer = try Self.defaultTokenizer()
    guard case .precompiled(let map)? = tokenizer.normalizer.steps.first else {
      Issue.record("the default tokenizer's first normaliser step is not Precompiled")
      return
    }
    let table = try JSONParser.parse(bytes: Repository.read(DefaultModel.directory + "/normalizer_table.json"))
    let entries = try #require(table.arrayValue)
    #expect(entries.count == 4837)
    var disagreements: [String] = []
    for entry in entries {
      guard let code = entry[0]?.integerValue, let replacement = entry[1]?.stringValue, let scalar = Unicode.Scalar(UInt32(code)) else {
        Issue.record("bad table entry \(entry)")
        continue
      }
      let ours = map.replacement(for: scalar)
      if ours != replacement {
        disagreements.append("U+\(String(code, radix: 16)): table \(replacement.debugDescription), charsmap \(ours.debugDescription)")
      }
    }
    #expect(disagreements.isEmpty, "\(disagreements.count) disagreements, e.g. \(disagreements.prefix(3))")
  }

  @Test(arguments: [
    ("Ｃａｆé  ﬁx", "Café fix"),
    ("Cafe\u{301}", "Café"),  // composition is in the charsmap
    ("e\u{301}\u{323}", "é"),  // reference quirk: a short cluster maps by its first key, dropping the rest
    ("a\r\nb", "a b"),
    ("tab\there", "tab here"),
    ("zero\u{200B}width", "zero width"),  // values checked against tokenizers
    ("①②", "12"),
    ("ｶﾞ", "ガ"),
    ("  many   spaces  ", " many spaces "),
    ("", ""),
  ])
  func xlmrNormalisation(input: String, expected: String) throws {
    #expect(try Self.defaultTokenizer().normalizer.normalized(input) == expected)
  }

  @Test func bertNormaliser() {
    let bert = Normalizer(steps: [.bert(BertNormalizer(lowercase: true))])
    #expect(bert.normalized("Héllo\tWÖRLD 中文") == "hello world  中  文 ")
    #expect(bert.normalized("ÀÉÎÕÜ çñ ß Σ İ") == "aeiou cn ß σ i")
    #expect(bert.normalized("a\u{0}b\u{FFFD}c\u{200B}d") == "abcd")
    #expect(bert.normalized("한") == "\u{1112}\u{1161}\u{11AB}")
    let cased = Normalizer(steps: [.bert(BertNormalizer(handleChineseCharacters: false, lowercase: false))])
    #expect(cased.normalized("Héllo 中文") == "Héllo 中文")
  }

  @Test func stripAccentsTableParses() {
    #expect(BertNormalizer.strippedDecompositions.count == 2061)
    #expect(BertNormalizer.strippedDecompositions[0xE9] == ["e"])
    #expect(BertNormalizer.strippedDecompositions[0x0344] == [])
  }

  @Test func replaceAndStripSteps() throws {
    let json = try JSONParser.parse(
      #"""
      {"type": "Sequence", "normalizers": [
        {"type": "Strip", "strip_left": true, "strip_right": true},
        {"type": "Replace", "pattern": {"String": "ab"}, "content": "X"},
        {"type": "Lowercase"}]}
      """#)
    let normalizer = try Normalizer(json: json, path: "normalizer", fields: JSONFields(file: "t.json"))
    #expect(normalizer.normalized("  ABab aab  ") == "abx ax")
  }
}
