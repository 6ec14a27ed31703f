import IntentBridgeCatalog
import IntentBridgeFilling
import Testing

/// `ParameterQuestions`: what is asked for a missing or ambiguous parameter, in the catalog's words.
@Suite struct ParameterQuestionsTests {
  static func catalog(_ language: String) -> Catalog {
    let german = language == "de"
    let json = """
      {"formatVersion": 1, "app": {"name": "Q", "defaultLanguage": "\(language)"},
       "intents": [{"id": "Q", "title": "Q"}],
       "enums": [{"id": "calendar", "cases": [
         {"value": "work"\(german ? ", \"title\": \"Arbeit\"" : "")},
         {"value": "personal"\(german ? ", \"title\": \"Privat\"" : "")},
         {"value": "family"\(german ? ", \"title\": \"Familie\"" : "")}]}],
       "entities": [{"id": "area", "instances": [{"id": "kitchen", "title": "Kitchen"}, {"id": "kitchenette", "title": "Kitchenette"}]}]}
      """
    // A fixture written here: it loads, or the test is wrong.
    return CatalogLoader.load(bytes: Array(json.utf8)).catalog!
  }

  static func parameter(_ name: String, _ type: ValueType, title: String? = nil, description: String? = nil, language: String = "en")
    -> Parameter
  {
    var p = Parameter(name: name, type: type)
    p.title = title.map { LocalizedText($0, language: language) }
    p.description = description.map { LocalizedText($0, language: language) }
    return p
  }

  @Test(arguments: [
    ("duration_minutes", "duration in minutes"), ("post_id", "post ID"), ("checkInDate", "check in date"), ("url", "URL"),
    ("minutes_from_now", "minutes from now"),
  ])
  func namesAreMadeReadable(_ name: String, _ readable: String) {
    #expect(ParameterQuestions.readableName(name) == readable)
  }

  @Test func theDialogWinsThenTheTitleThenTheNameWithTheDescription() {
    let questions = ParameterQuestions(catalog: Self.catalog("en"), language: "en")
    var dialog = Self.parameter("when", .date, title: "Start")
    dialog.requestValueDialog = LocalizedText("When should it start?", language: "en")
    #expect(questions.missing(dialog) == "When should it start?")
    #expect(questions.missing(Self.parameter("due", .date, title: "Due date")) == "What is the due date?")
    #expect(questions.missing(Self.parameter("url", .url, title: "URL")) == "What is the URL?")
    #expect(
      questions.missing(Self.parameter("duration_minutes", .integer, description: "How long the event lasts, in minutes."))
        == "What is the duration in minutes? How long the event lasts, in minutes.")
    #expect(
      questions.missing(Self.parameter("notify_guests", .boolean, description: "Tell the guests")) == "Notify guests: yes or no? Tell the guests.")
  }

  @Test func enumChoicesAndAmbiguousCandidatesAreListedByTitle() {
    let en = ParameterQuestions(catalog: Self.catalog("en"), language: "en")
    #expect(en.missing(Self.parameter("calendar", .enumeration("calendar"), title: "Calendar")) == "Which calendar: work, personal or family?")
    #expect(en.missing(Self.parameter("area", .entity("area"), title: "Area")) == "Which area do you mean?")
    #expect(
      en.ambiguous(Self.parameter("area", .entity("area"), title: "Area"), candidates: ["kitchen", "kitchenette"])
        == "Which area do you mean: Kitchen or Kitchenette?")
    let de = ParameterQuestions(catalog: Self.catalog("de"), language: "de")
    #expect(
      de.missing(Self.parameter("calendar", .enumeration("calendar"), title: "Kalender", language: "de"))
        == "Welcher Wert für „Kalender“: Arbeit, Privat oder Familie?")
  }

  @Test(arguments: [
    ("de", "Wie lautet „Startzeit“?"), ("fi", "Mikä on Startzeit?"), ("sk", "Aká je hodnota „Startzeit“?"), ("zh-CN", "Startzeit是什么？"),
    ("fr", "What is the startzeit?"),
  ])
  func eachLanguageHasItsPhrasing(_ language: String, _ question: String) {
    let questions = ParameterQuestions(catalog: Self.catalog(language), language: language)
    #expect(questions.missing(Self.parameter("start", .date, title: "Startzeit", language: language)) == question)
  }
}
