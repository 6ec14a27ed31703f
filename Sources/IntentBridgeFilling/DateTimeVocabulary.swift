import IntentBridgeText

/// Per-language words of the ``DateTimeExtractor`` (folded, token sequences).
struct DateTimeVocabulary: Sendable {
  /// Day words and their offset from today (`tomorrow` +1, `übermorgen` +2); some carry a
  /// part of day (`tonight`, `今晚`).
  var days: [([String], Int, PartOfDay?)]
  /// Weekday name prefixes → ISO weekday (1 = Monday).
  var weekdayPrefixes: [(String, Int)]
  /// Multi-token weekday names (`周一`, `星期一`) → ISO weekday.
  var weekdaySequences: [([String], Int)] = []
  /// Words before a weekday meaning "the next one" (`next`, `nächsten`, `ensi`, `budúci`).
  var nextWords: Set<String>
  /// `下周`/`下星期`: the weekday of next week (zh).
  var nextWeekSequences: [[String]] = []
  var partsOfDay: [([String], PartOfDay)]
  /// Words before a time that are left out of the span (`at`, `um`, `o`).
  var timePrepositions: Set<String>
  /// Prepositions that take a time only in a strict form (Slovak `na siedmu`, `na 7:00`;
  /// not `na prvom poschodí`, `na 20`): an accusative ordinal (`-u`) or `H:MM`.
  var strictTimePrepositions: Set<String> = []
  /// `halb acht` (de), `puoli kahdeksan` (fi): 7:30.
  var halfBeforeHour: Set<String> = []
  /// Words before a time that belong to it (`kello`, `klo`).
  var timeWords: Set<String>
  /// Words after an hour (`uhr`, `o'clock` parts); `am`/`pm` markers.
  var hourSuffixes: Set<String>
  var amWords: Set<String>
  var pmWords: Set<String>
  /// Words before a duration meaning "from now" (`in`, `za`) and after it (`päästä`, `后`).
  var relativePrefixes: Set<String>
  var relativeSuffixes: [[String]]
  /// Relative prefixes that also mean "by" (`o` in Slovak): lower confidence.
  var ambiguousRelativePrefixes: Set<String> = []
  /// Words before a weekday or date that are left out of the span (`on`, `am`, `v`).
  var datePrepositions: Set<String>
  var noon: [String] = []
  var midnight: [String] = []
  /// Month names: exact folded words, then prefixes for inflected forms (`joulukuuta`, `decembra`).
  var months: [String: Int] = [:]
  var monthPrefixes: [(String, Int)] = []
  /// Hours said with words are ordinals (Slovak `o ôsmej`), not cardinals (`at five`,
  /// `um acht`, `kello kahdeksan`); so `Balada o štyroch koňoch` holds no time.
  var ordinalWordHours = false

  static func forLanguage(_ language: String) -> DateTimeVocabulary {
    switch LanguageTag.primary(language) {
    case "de": return german
    case "fi": return finnish
    case "sk": return slovak
    case "zh": return chinese
    default: return english
    }
  }

  static let english = DateTimeVocabulary(
    days: [
      (["day", "after", "tomorrow"], 2, nil), (["today"], 0, nil),
      (["tonight"], 0, .evening), (["tomorrow"], 1, nil), (["yesterday"], -1, nil),
    ],
    weekdayPrefixes: [
      ("monday", 1), ("tuesday", 2), ("wednesday", 3), ("thursday", 4), ("friday", 5), ("saturday", 6), ("sunday", 7),
    ],
    nextWords: ["next", "coming"],
    partsOfDay: [
      (["in", "the", "morning"], .morning), (["in", "the", "afternoon"], .afternoon),
      (["in", "the", "evening"], .evening), (["at", "night"], .night), (["morning"], .morning),
      (["afternoon"], .afternoon), (["evening"], .evening), (["night"], .night),
    ],
    timePrepositions: ["at", "by"], timeWords: [], hourSuffixes: ["oclock"], amWords: ["am", "a"],
    pmWords: ["pm", "p"], relativePrefixes: ["in"], relativeSuffixes: [["from", "now"]], datePrepositions: ["on"],
    noon: ["noon"], midnight: ["midnight"],
    months: [
      "january": 1, "jan": 1, "february": 2, "feb": 2, "march": 3, "mar": 3, "april": 4, "apr": 4, "may": 5,
      "june": 6, "jun": 6, "july": 7, "jul": 7, "august": 8, "aug": 8, "september": 9, "sep": 9, "sept": 9,
      "october": 10, "oct": 10, "november": 11, "nov": 11, "december": 12, "dec": 12,
    ])

  static let german = DateTimeVocabulary(
    days: [
      (["heute"], 0, nil), (["morgen"], 1, nil), (["ubermorgen"], 2, nil), (["gestern"], -1, nil),
      (["vorgestern"], -2, nil),
    ],
    weekdayPrefixes: [
      ("montag", 1), ("dienstag", 2), ("mittwoch", 3), ("donnerstag", 4), ("freitag", 5), ("samstag", 6),
      ("sonnabend", 6), ("sonntag", 7),
    ],
    nextWords: ["nachsten", "nachster", "nachste", "kommenden", "kommender"],
    partsOfDay: [
      (["fruh"], .morning), (["morgens"], .morning), (["morgen"], .morning), (["vormittag"], .forenoon),
      (["vormittags"], .forenoon), (["mittag"], .noon), (["mittags"], .noon), (["nachmittag"], .afternoon),
      (["nachmittags"], .afternoon), (["abend"], .evening), (["abends"], .evening), (["nacht"], .night),
      (["nachts"], .night),
    ],
    timePrepositions: ["um", "gegen", "ab"], halfBeforeHour: ["halb"], timeWords: [], hourSuffixes: ["uhr"], amWords: [], pmWords: [],
    relativePrefixes: ["in"], relativeSuffixes: [], datePrepositions: ["am"], noon: ["mittag"],
    midnight: ["mitternacht"],
    months: [
      "januar": 1, "janner": 1, "februar": 2, "marz": 3, "april": 4, "mai": 5, "juni": 6, "juli": 7, "august": 8,
      "september": 9, "oktober": 10, "november": 11, "dezember": 12,
    ])

  static let finnish = DateTimeVocabulary(
    days: [
      (["tanaan"], 0, nil), (["tanailtana"], 0, .evening), (["huomenna"], 1, nil), (["ylihuomenna"], 2, nil),
      (["eilen"], -1, nil),
    ],
    weekdayPrefixes: [
      ("maanantai", 1), ("tiistai", 2), ("keskiviik", 3), ("torstai", 4), ("perjantai", 5), ("lauantai", 6),
      ("sunnuntai", 7),
    ],
    nextWords: ["ensi", "tulevana", "seuraavana"],
    partsOfDay: [
      (["aamulla"], .morning), (["aamupaivalla"], .forenoon), (["keskipaivalla"], .noon),
      (["iltapaivalla"], .afternoon), (["illalla"], .evening), (["yolla"], .night),
    ],
    timePrepositions: [], halfBeforeHour: ["puoli"], timeWords: ["kello", "klo"], hourSuffixes: [], amWords: [], pmWords: [],
    relativePrefixes: [],
    relativeSuffixes: [["paasta"], ["kuluttua"], ["paahan"]], datePrepositions: [], noon: ["keskipaivalla"],
    midnight: ["keskiyolla"],
    monthPrefixes: [
      ("tammikuu", 1), ("helmikuu", 2), ("maaliskuu", 3), ("huhtikuu", 4), ("toukokuu", 5), ("kesakuu", 6),
      ("heinakuu", 7), ("elokuu", 8), ("syyskuu", 9), ("lokakuu", 10), ("marraskuu", 11), ("joulukuu", 12),
    ])

  static let slovak = DateTimeVocabulary(
    days: [
      (["dnes"], 0, nil), (["dnes", "vecer"], 0, .evening), (["zajtra"], 1, nil), (["pozajtra"], 2, nil),
      (["vcera"], -1, nil),
    ],
    weekdayPrefixes: [
      ("pondel", 1), ("utor", 2), ("stred", 3), ("stvrtok", 4), ("piatok", 5), ("sobot", 6), ("nedel", 7),
    ],
    nextWords: ["buduci", "buducu", "buduca", "buduceho", "najblizsi", "najblizsiu"],
    partsOfDay: [
      (["rano"], .morning), (["dopoludnia"], .forenoon), (["napoludnie"], .noon), (["poobede"], .afternoon),
      (["popoludni"], .afternoon), (["vecer"], .evening), (["v", "noci"], .night),
    ],
    timePrepositions: ["o", "na"], strictTimePrepositions: ["na"], timeWords: [],
    hourSuffixes: ["hod", "hodine"], amWords: [], pmWords: [],
    relativePrefixes: ["o", "za"], relativeSuffixes: [], ambiguousRelativePrefixes: ["o"],
    datePrepositions: ["v", "vo", "na"],
    monthPrefixes: [
      ("januar", 1), ("februar", 2), ("marec", 3), ("marca", 3), ("april", 4), ("maj", 5), ("jun", 6), ("jul", 7),
      ("august", 8), ("septemb", 9), ("oktob", 10), ("novemb", 11), ("decemb", 12),
    ], ordinalWordHours: true)

  static let chinese = DateTimeVocabulary(
    days: [
      (["今", "天"], 0, nil), (["今", "晚"], 0, .evening), (["明", "天"], 1, nil), (["明", "早"], 1, .morning),
      (["明", "晚"], 1, .evening), (["后", "天"], 2, nil), (["昨", "天"], -1, nil),
    ],
    weekdayPrefixes: [],
    weekdaySequences: [
      (["周", "一"], 1), (["周", "二"], 2), (["周", "三"], 3), (["周", "四"], 4), (["周", "五"], 5), (["周", "六"], 6),
      (["周", "日"], 7), (["周", "天"], 7), (["星", "期", "一"], 1), (["星", "期", "二"], 2), (["星", "期", "三"], 3),
      (["星", "期", "四"], 4), (["星", "期", "五"], 5), (["星", "期", "六"], 6), (["星", "期", "日"], 7),
      (["星", "期", "天"], 7),
    ],
    nextWords: [], nextWeekSequences: [["下"], ["下", "个"]],
    partsOfDay: [
      (["早", "上"], .morning), (["上", "午"], .forenoon), (["中", "午"], .noon), (["下", "午"], .afternoon),
      (["晚", "上"], .evening), (["夜", "里"], .night),
    ],
    timePrepositions: ["在"], timeWords: [], hourSuffixes: [], amWords: [], pmWords: [], relativePrefixes: [],
    relativeSuffixes: [["以", "后"], ["之", "后"], ["后"]], datePrepositions: ["在"])
}

/// A part of the day: the hour it stands for alone and whether it moves 1–11 o'clock to
/// the afternoon (`下午三点` = 15:00, `at 7 in the evening` = 19:00).
enum PartOfDay: Sendable, Hashable {
  case morning, forenoon, noon, afternoon, evening, night

  var defaultHour: Int {
    switch self {
    case .morning: return 8
    case .forenoon: return 10
    case .noon: return 12
    case .afternoon: return 15
    case .evening: return 19
    case .night: return 22
    }
  }

  var isAfternoon: Bool { self == .afternoon || self == .evening || self == .night }
}
