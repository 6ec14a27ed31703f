import IntentBridgeCatalog
import IntentBridgeFilling
import IntentBridgeText
import Testing

/// `ParameterCues`: what a parameter's name, title and description give to look for.
@Suite struct ParameterCuesTests {
  static let analyzer = TextAnalyzer(language: "en")

  static func cues(_ name: String, _ description: String, type: ValueType = .string, title: String? = nil) -> ParameterCues {
    var parameter = Parameter(name: name, type: type)
    parameter.description = LocalizedText(description, language: "en")
    if let title { parameter.title = LocalizedText(title, language: "en") }
    return ParameterCues(parameter, language: "en", analyzer: analyzer)
  }

  @Test(arguments: [
    ("patient_weight", ["patient", "weight"]), ("patientWeight", ["patient", "weight"]), ("check-in.date", ["check", "in", "date"]),
    ("getPM2_5Level", ["get", "pm", "2", "5", "level"]), ("URL", ["url"]),
  ])
  func nameParts(_ name: String, _ parts: [String]) {
    #expect(ParameterCues.nameParts(name) == parts)
  }

  @Test func namesAreStrongDescriptionsWeakUnitsAfterIn() {
    let c = Self.cues("patient_weight", "The weight of the patient in kilograms")
    #expect(c.strong.isSuperset(of: ["patient", "weight"].map(Self.analyzer.stem)))
    #expect(c.weak.contains(Self.analyzer.stem("weight")))
    #expect(c.units.contains(Self.analyzer.stem("kilograms")))
    #expect(c.examples.isEmpty)
  }

  @Test func functionWordsOfANameAreNoCues() {
    // "in" of check_in_date would otherwise tie every "in Berlin" to a date.
    #expect(!Self.cues("check_in_date", "The check-in date").strong.contains("in"))
    #expect(Self.cues("post_id", "The ID of the post").strong.contains(Self.analyzer.stem("identifier")))
  }

  @Test(arguments: [
    ("The platform (e.g., PC, console, mobile)", [["pc"], ["console"], ["mobile"]]),
    ("Short name of the event, e.g. 'Dentist'.", [["dentist"]]),
    ("The method (e.g., 'Wrapper', 'Filter')", [["wrapper"], ["filter"]]),
    ("Cities such as New York or London", [["new", "york"], ["london"]]),
    ("The date (e.g., 2022-10-15)", [["2022", "-", "10", "-", "15"]]),
    ("Nothing listed here", []),
  ])
  func examplesAfterEgSuchAsForExample(_ description: String, _ examples: [[String]]) {
    #expect(Self.cues("x", description).examples == examples)
  }

  @Test func isoDatesAndRolesFromNamesAndDescriptions() {
    #expect(Self.cues("start_date", "The start date (e.g., 2022-01-01)").wantsISODate)
    #expect(Self.cues("due", "The due date (YYYY-MM-DD)").wantsISODate)
    #expect(!Self.cues("due", "When it is due").wantsISODate)
    #expect(Self.cues("due_date", "When").isDateLike)
    #expect(Self.cues("order_id", "The order").isIdentifier)
    #expect(Self.cues("city", "Where").isPlace)
    #expect(Self.cues("campaign_name", "The name").isName)
    #expect(Self.cues("server", "The host").isAddress)
    #expect(Self.cues("image_path", "The image").isFile)
    #expect(Self.cues("recipient", "Who gets it").isEmail)
  }

  @Test(arguments: [("dataset", "data", true), ("weigh", "weight", true), ("rice", "price", false), ("id", "identifier", false)])
  func stemsMatchAsPrefixesOfFourLettersOrMore(_ word: String, _ cue: String, _ expected: Bool) {
    #expect(ParameterCues.matches(word, [cue]) == expected)
  }
}
