import Foundation
import IntentBridgeCatalog
import IntentBridgeEngine
import IntentBridgeJSON
import IntentBridgeTestSupport
import IntentBridgeText
import IntentBridgeTools
import Testing

@testable import IntentBridgeFilling

/// Issue #31: no arithmetic trap on numbers that come from input. Requests full of extreme
/// numbers (±2^63, 2^64, 1e309, nan, 10^40, 100- and 400-digit literals, grouped digits,
/// number words, Chinese numerals, fullwidth digits) in every language and in number,
/// duration, date and time contexts go through every extractor, parameter filling and
/// argument validation. A trap kills the test process, so a passing run means none trapped;
/// the values that come out are also checked to be in range (never a wrapped value).
///
/// Inputs that trapped in `DurationExtractor`/`DurationValue` before durations were bounded
/// (100 years) are listed in `pendingOnDurationFix` and run with the rest; set
/// `INTENTBRIDGE_EXTREME_INPUT="<language>\t<request>"` to run one input through everything
/// (`probeOneInput`).
@Suite struct ExtremeNumberTests {
  static let languages = ["en", "de", "fi", "sk", "zh-CN"]

  // MARK: Number forms

  /// Spellings every language's requests may carry (digits are the same in all of them).
  static let commonForms: [String] = [
    "9223372036854775807", "9223372036854775808", "-9223372036854775808", "-9223372036854775809",
    "18446744073709551615", "18446744073709551616", "2562047788015215", "2562047788015216", "153722867280912930",
    "4294967296", "2147483648", "-2147483649", "1e308", "1e309", "-1e309", "1.7976931348623157e308", "nan", "NaN", "inf",
    "-inf", "infinity", "-0", "-0.0", "0.0000000000000000000000001", "10000000000000000000000000000000000000000",
    String(repeating: "9", count: 100), String(repeating: "1", count: 400), "0." + String(repeating: "3", count: 120),
    "3.14159265358979323846264338327950288419716939937510582097494459", "99999999999999999999.5",
    "1,000,000,000,000,000,000", "1.000.000.000.000.000.000", "1 000 000 000 000 000 000",
    "999,999,999,999,999,999,999,999", "１２３", "９２２３３７２０３６８５４７７５８０８", "１e３０９", "٩٢٢٣٣٧٢٠٣٦٨٥٤٧٧٥٨٠٨",
    "१२३", "0x7fffffffffffffff", "1_000_000", "00000000000000000000000000007", "4500000000000000.5",
    "3000000000000000.5", "9007199254740993", "1e-400", "2e19", "12345678901234567890123456789", "-",
    "−9223372036854775808", "+9223372036854775807",
  ]

  /// Number words, per language (NumberWords' vocabularies), up to what they can spell.
  static let wordForms: [String: [String]] = [
    "en": [
      "nine quintillion", "nine hundred ninety nine thousand million", "a million million million",
      "twenty point five", "nine hundred ninety nine thousand nine hundred ninety nine million point nine nine",
      "minus nine hundred million", "negative nine thousand million point five", "ninety nine thousand thousand thousand",
      "one million million million million point one", "twelve hundred", "zero point zero zero zero one",
      Array(repeating: "nine hundred ninety nine thousand million", count: 8).joined(separator: " "),
    ],
    "de": [
      "neunhundertneunundneunzigtausend Millionen", "eine Million Millionen", "zwanzig Komma fünf",
      "neunhundertneunundneunzigtausendneunhundertneunundneunzig Millionen Komma neun",
      "minus neunhundert Millionen", "dreitausendste", "millionenmillionenmillionste",
      "tausendmillionenmillionen", "neunundneunzig Komma neun neun",
      Array(repeating: "neunhundertneunundneunzigtausend Millionen", count: 8).joined(separator: " "),
    ],
    "fi": [
      "yhdeksänsataa tuhatta miljoonaa", "kaksikymmentä pilkku viisi", "miinus yhdeksänsataa miljoonaa",
      "yhdeksänsataayhdeksänkymmentäyhdeksän tuhatta miljoonaa pilkku yhdeksän", "tuhat tuhatta miljoonaa",
      "viisitoista", "puolitoista",
      Array(repeating: "yhdeksänsataa tuhatta miljoonaa", count: 8).joined(separator: " "),
    ],
    "sk": [
      "deväťsto tisíc miliónov", "dvadsať celá päť", "mínus deväťsto miliónov", "tisíc tisíc milión",
      "deväťdesiatdeväť čiarka deväť", "pätnásť", "sto tisíc milión celá jedna",
      Array(repeating: "deväťsto tisíc milión", count: 8).joined(separator: " "),
    ],
    "zh-CN": [
      "九千万亿", "九千九百九十九万九千九百九十九亿", "一亿亿亿", "负九千万亿", "九千二百二十三万三千七百二十亿",
      "一百零五", "两千万亿零一", "〇", "十十十十", "万万亿", String(repeating: "九千万亿", count: 30),
      String(repeating: "九", count: 60),
    ],
  ]

  // MARK: Contexts

  enum Context: String, CaseIterable { case number, duration, date, time }

  /// Request templates: `N` marks a number slot. Duration templates also cover relative
  /// times (`in N hours`), which read a duration.
  static let templates: [String: [(Context, String)]] = [
    "en": [
      (.number, "N"), (.number, "set the brightness to N"), (.number, "N%"), (.number, "N percent"),
      (.number, "set the heating to N degrees"), (.number, "the Nth item"), (.number, "add N notes"),
      (.number, "move it up by N"), (.duration, "set a timer for N hours"), (.duration, "for N minutes"),
      (.duration, "N hours and N minutes"), (.duration, "remind me in N seconds"), (.duration, "in N hours"),
      (.duration, "N and a half hours"), (.duration, "N.5 hours"), (.duration, "N hours N minutes N seconds"),
      (.date, "in N days"), (.date, "on day N"), (.date, "on December N, N"), (.date, "in the year N"),
      (.date, "on N-12-01"), (.date, "on 2026-N-N"), (.date, "on the Nst of March"), (.time, "at N:N"),
      (.time, "at N pm"), (.time, "at N"), (.time, "tomorrow at N:N am"), (.time, "at N.N"),
    ],
    "de": [
      (.number, "N"), (.number, "Stell die Helligkeit auf N"), (.number, "N Prozent"), (.number, "N Grad"),
      (.number, "der N. Timer"), (.duration, "Timer für N Stunden"), (.duration, "in N Minuten"),
      (.duration, "N Stunden und N Minuten"), (.duration, "N Sekunden"), (.duration, "N und eine halbe Stunden"),
      (.date, "am N. Dezember N"), (.date, "am N.12.2026"), (.date, "in N Tagen"), (.date, "im Jahr N"),
      (.time, "um N:N Uhr"), (.time, "um N Uhr"), (.time, "morgen um N Uhr N"), (.time, "halb N"),
    ],
    "fi": [
      (.number, "N"), (.number, "aseta kirkkaus N"), (.number, "N prosenttia"), (.number, "N astetta"),
      (.duration, "ajastin N tuntia"), (.duration, "N minuutin päästä"), (.duration, "N tuntia ja N minuuttia"),
      (.duration, "N sekuntia"), (.date, "N. joulukuuta N"), (.date, "N.12.2026"), (.date, "vuonna N"),
      (.time, "kello N:N"), (.time, "kello N"), (.time, "huomenna kello N.N"), (.time, "puoli N"),
    ],
    "sk": [
      (.number, "N"), (.number, "nastav jas na N"), (.number, "N percent"), (.number, "N stupňov"),
      (.duration, "časovač na N hodín"), (.duration, "za N minút"), (.duration, "N hodiny a N minút"),
      (.duration, "N a pol hodiny"), (.duration, "o N sekúnd"), (.date, "N. decembra N"), (.date, "N.12.2026"),
      (.date, "v roku N"), (.time, "o N:N"), (.time, "zajtra o N hodine"), (.time, "o N"),
    ],
    "zh-CN": [
      (.number, "N"), (.number, "把亮度调到N"), (.number, "百分之N"), (.number, "N度"), (.number, "第N个"),
      (.number, "零下N度"), (.duration, "定时N小时"), (.duration, "N分钟后"), (.duration, "N小时N分钟"),
      (.duration, "N个半小时"), (.duration, "N秒钟"), (.duration, "N点N分"), (.date, "N月N日"), (.date, "N年N月N号"),
      (.date, "N天后"), (.time, "N点"), (.time, "下午N点半"), (.time, "N:N"),
    ],
  ]

  /// One generated request.
  struct Input {
    var language: String
    var context: Context
    var text: String
  }

  /// `count` requests drawn with `seed`: a language, a template of it and, for every slot, a
  /// number form (common, or a word form of the language), sometimes decorated.
  static func generate(count: Int, seed: UInt64) -> [Input] {
    var random = SeededRandom(seed: seed)
    var out: [Input] = []
    out.reserveCapacity(count)
    for i in 0..<count {
      let language = languages[i % languages.count]
      let list = templates[language]!
      let (context, template) = list[Int(random.next() % UInt64(list.count))]
      let words = wordForms[language]!
      var text = ""
      for piece in template.split(separator: "N", omittingEmptySubsequences: false).enumerated() {
        if piece.offset > 0 {
          let r = random.next()
          var form = r % 3 == 0 ? words[Int(r / 3 % UInt64(words.count))] : commonForms[Int(r / 3 % UInt64(commonForms.count))]
          // Occasionally a sign, a fullwidth rewrite or a second number in the slot.
          switch r >> 40 % 16 {
          case 0: form = "-" + form
          case 1:
            form = String(
              String.UnicodeScalarView(
                form.unicodeScalars.map { s in
                  (0x30...0x39).contains(s.value) ? Unicode.Scalar(s.value - 0x30 + 0xFF10)! : s
                }))
          case 2: form += " " + commonForms[Int(r >> 20 % UInt64(commonForms.count))]
          default: break
          }
          text += form
        }
        text += piece.element
      }
      out.append(Input(language: language, context: context, text: text))
    }
    return out
  }

  /// A few very long numbers: Chinese numerals past 2^63 (`九千万亿` × 1100 ≈ 9.9 × 10^18),
  /// thousands of digits, number words that never end.
  static let longInputs: [Input] = [
    Input(language: "zh-CN", context: .number, text: "把亮度调到" + String(repeating: "九千万亿", count: 1100)),
    Input(language: "zh-CN", context: .date, text: String(repeating: "九千万亿", count: 1100) + "月1日"),
    Input(language: "zh-CN", context: .date, text: "1月" + String(repeating: "九千万亿", count: 1100) + "日"),
    Input(language: "en", context: .number, text: "set it to " + String(repeating: "9", count: 5000)),
    Input(language: "en", context: .number, text: "set it to " + String(repeating: "999,", count: 2000) + "999"),
    Input(language: "fi", context: .number, text: String(repeating: "999 ", count: 2000) + "euroa"),
    Input(
      language: "en", context: .number,
      text: Array(repeating: "nine hundred ninety nine thousand million", count: 300).joined(separator: " ") + " point five"),
    Input(language: "de", context: .number, text: String(repeating: "neunhundertneunundneunzigtausendmillionen", count: 100) + "ste"),
  ]

  // MARK: Pending on the duration fix

  /// Requests that still trap in `DurationExtractor.add` (`Int(amount)`,
  /// `Int((amount * Double(unit)).rounded())`) or, read by the caller, in
  /// `DurationValue.totalSeconds`/`iso8601` (`ExtractedValue.swift`; the last six, whose
  /// extracted hours are unbounded), files fixed apart for issue #31.
  /// Enable `pendingDurationInputsDoNotTrap` once those files are fixed.
  static let pendingOnDurationFix: [(language: String, text: String)] = [
    // Int(amount) with amount ≥ 2^63 (DurationExtractor.swift:81)
    ("en", "set a timer for 9223372036854775808 hours"),
    ("en", "set a timer for 18446744073709551616 seconds"),
    ("en", "remind me in 10000000000000000000000000000000000000000 minutes"),
    ("en", "for 1,000,000,000,000,000,000,000 hours"),
    ("en", "set a timer for " + String(repeating: "9", count: 100) + " hours"),
    ("de", "Timer für 9223372036854775808 Stunden"),
    ("de", "in 1.000.000.000.000.000.000.000 Minuten"),
    ("fi", "ajastin 9223372036854775808 tuntia"),
    ("fi", "1 000 000 000 000 000 000 000 minuutin päästä"),
    ("sk", "časovač na 9223372036854775808 hodín"),
    ("sk", "za 1 000 000 000 000 000 000 000 minút"),
    ("zh-CN", "定时９２２３３７２０３６８５４７７５８０８小时"),
    ("zh-CN", "99999999999999999999分钟后"),
    // Int((amount * 3600).rounded()) overflows for a fraction of 2.6e15 … 4.5e15 hours
    // (DurationExtractor.swift:89)
    ("en", "set a timer for 3000000000000000.5 hours"),
    ("en", "3000000000000000 and a half hours"),
    ("de", "3000000000000000 und eine halbe Stunden"),
    ("sk", "3000000000000000 a pol hodiny"),
    ("zh-CN", "3000000000000000个半小时"),
    // DurationValue.totalSeconds overflows (ExtractedValue.swift:75) wherever it is read;
    // the extractor itself returns hours 2562047788015216 (not bounded).
    ("en", "set a timer for 2562047788015216 hours"),
    ("en", "set a timer for 9223372036854775807 minutes"),
    ("en", "remind me in 9223372036854775807 seconds"),
    ("de", "Timer für 2562047788015216 Stunden"),
    ("fi", "ajastin 2562047788015216 tuntia"),
    ("sk", "časovač na 2562047788015216 hodín"),
    ("zh-CN", "定时2562047788015216小时"),
  ]

  /// Whether `input` may reach the duration arithmetic of `DurationExtractor`/`DurationValue`
  /// with an amount that overflows it: a number of magnitude ≥ 10^15 (or not finite) read at
  /// any token of a request whose words the duration extractor reads.
  static func needsDurationFix(_ input: Input) -> Bool {
    let lexed = SurfaceLexer.tokens(input.text)
    let numbers = NumberExtractor(language: input.language)
    let durations = DurationExtractor(language: input.language)
    for j in lexed.tokens.indices {
      guard let m = numbers.number(lexed.tokens, j), !(m.value.magnitude < 1e15) else { continue }
      // The component holding the number starts where it does (chained ones start at theirs).
      if durations.component(lexed.tokens, j) != nil { return true }
    }
    return false
  }

  // MARK: Checks

  /// What is wrong with `values` extracted from `text` (nothing when all are in range).
  static func problems(_ values: [ExtractedValue], in text: String) -> [String] {
    var out: [String] = []
    let count = text.unicodeScalars.count
    for v in values {
      if v.span.lowerBound < 0 || v.span.upperBound > count || v.span.isEmpty { out.append("span \(v.span)") }
      if !(v.confidence > 0 && v.confidence <= 1) { out.append("confidence \(v.confidence)") }
      switch v.value {
      case .number(let x): if !x.isFinite { out.append("number \(x)") }
      case .duration(let d):
        if d.hours < 0 || d.minutes < 0 || d.seconds < 0 { out.append("wrapped duration \(d)") }
        if ExtractionContext.seconds(of: d) == nil { out.append("unbounded duration \(d)") }
      case .date(let d): out += dateProblems(d)
      case .time(let t): out += timeProblems(t)
      case .dateTime(let d, let t, _): out += dateProblems(d) + timeProblems(t)
      default: break
      }
    }
    return out
  }

  static func dateProblems(_ d: CivilDate) -> [String] {
    (0...9999).contains(d.year) && (1...12).contains(d.month) && (1...31).contains(d.day) ? [] : ["date \(d)"]
  }

  static func isValidTime(_ t: TimeOfDay) -> Bool { (0..<24).contains(t.hour) && (0..<60).contains(t.minute) && (0..<60).contains(t.second) }
  static func timeProblems(_ t: TimeOfDay) -> [String] { isValidTime(t) ? [] : ["time \(t)"] }

  /// Every extractor over `input`: all at once, then (`alone`) number, duration and date-time
  /// one by one.
  static func runExtractors(
    _ input: Input, _ all: Extractors, _ pieces: (NumberExtractor, DurationExtractor, DateTimeExtractor), alone: Bool = true
  ) -> [String] {
    var found = problems(all.extract(input.text), in: input.text)
    guard alone else { return found }
    found += problems(pieces.0.extract(input.text), in: input.text)
    found += problems(pieces.1.extract(input.text), in: input.text)
    found += problems(pieces.2.extract(input.text), in: input.text)
    return found
  }

  // MARK: Engines

  static let catalogPaths: [String: [String]] = [
    "en": ["Examples/notes/notes.en.json", "Examples/smart-home/smart-home.en.json"],
    "de": ["Examples/smart-home/smart-home.de.json"],
    "fi": ["Examples/notes/notes.fi.json", "Examples/smart-home/smart-home.fi.json"],
    "sk": ["Examples/notes/notes.sk.json", "Examples/smart-home/smart-home.sk.json"],
    "zh-CN": ["Examples/smart-home/smart-home.zh-CN.json"],
  ]

  /// Keyword-only engines over the example catalogs (no model: ranking and filling as shipped,
  /// fast enough for thousands of requests).
  static let engines: [String: [IntentEngine]] = {
    var out: [String: [IntentEngine]] = [:]
    for (language, paths) in catalogPaths {
      out[language] = paths.compactMap { path in
        CatalogLoader.load(path: Repository.path(path)).validCatalog.map { IntentEngine(catalog: $0) }
      }
    }
    return out
  }()

  static let clock = IntentEngine.Clock(now: Date(timeIntervalSince1970: 1_796_000_000), utcOffsetSeconds: 3600)

  /// Resolves `input` with the engine's answer and with each of a few intents forced (so
  /// numeric, duration and date parameters are all filled), checking the arguments' numbers.
  static func runResolve(_ input: Input, _ engine: IntentEngine, forcing intents: [String]) -> [String] {
    var found: [String] = []
    for forced in [nil] + intents.map(Optional.some) {
      let resolution = engine.resolve(input.text, clock: clock, intent: forced)
      for (name, value) in resolution.arguments {
        if case .number(let x) = value, !x.isFinite { found.append("\(name) = \(x)") }
        if case .integer(let x) = value,
          engine.catalog.intents.first(where: { $0.id == resolution.intentID })?
            .parameter(named: name)?.type == .duration, x < 0
        {
          found.append("\(name) = \(x) (wrapped duration)")
        }
      }
    }
    return found
  }

  // MARK: The property test

  @Test func extremeNumbersNeverTrap() throws {
    let started = Date()
    var ran = 0
    var skipped = 0
    var failures: [String] = []
    func record(_ input: Input, _ found: [String]) {
      if !found.isEmpty, failures.count < 20 { failures.append("[\(input.language)] \(input.text.prefix(120)): \(found)") }
    }

    // 1. Extractors: every input through Extractors and the three extractors alone.
    // 25,000 requests by default: every extractor costs ~1.5 ms a request in a debug build
    // (100,000 would take 150 s); INTENTBRIDGE_EXTREME_COUNT=100000 runs more.
    let count = Int(ProcessInfo.processInfo.environment["INTENTBRIDGE_EXTREME_COUNT"] ?? "") ?? 25_000
    let inputs = Self.generate(count: count, seed: 31)
    var extractors: [String: (Extractors, (NumberExtractor, DurationExtractor, DateTimeExtractor))] = [:]
    for language in Self.languages {
      let context = pinnedContext(language)
      extractors[language] = (
        Extractors(context: context),
        (NumberExtractor(language: language), DurationExtractor(language: language), DateTimeExtractor(context: context))
      )
    }
    var resolvable: [Input] = []
    for input in inputs {
      if Self.needsDurationFix(input) { skipped += 1 }  // counted: they reach the duration bound
      let (all, pieces) = extractors[input.language]!
      // `Extractors` runs the number, duration and date-time extractors (and the others) on
      // every input; each of them alone on every fourth (the debug build's time budget).
      record(input, Self.runExtractors(input, all, pieces, alone: ran % 4 == 0))
      ran += 1
      if resolvable.count < 100, ran % 37 == 0 { resolvable.append(input) }
    }

    print("ExtremeNumberTests: extractors \(ran) inputs after \(String(format: "%.1f", Date().timeIntervalSince(started))) s")
    // 2. Parameter filling: the engine's answer and forced intents with numeric, duration and
    // date parameters, on every example catalog of the language.
    for input in resolvable {
      for engine in Self.engines[input.language] ?? [] {
        let forced = engine.catalog.intents.filter { intent in
          intent.parameters.contains { [.integer, .number, .duration, .date].contains($0.type) }
        }.map(\.id)
        let pick = forced.isEmpty ? [] : [forced[ran % forced.count]]
        record(input, Self.runResolve(input, engine, forcing: pick))
        ran += 1
      }
    }

    print("ExtremeNumberTests: resolve done \(ran) inputs after \(String(format: "%.1f", Date().timeIntervalSince(started))) s")
    // 3. JSON parsing and argument validation of extreme numeric literals.
    ran += try Self.validateExtremeArguments(&failures)

    let seconds = Date().timeIntervalSince(started)
    print("ExtremeNumberTests: \(ran) inputs in \(String(format: "%.1f", seconds)) s, \(skipped) of them reach the duration bound")
    #expect(failures.isEmpty, "\(failures.joined(separator: "\n"))")
    #expect(ran >= 100_000)
  }

  /// Extreme JSON numbers: parsed (or refused) by `JSONParser`, and validated against every
  /// integer, number and duration parameter of the example catalogs by `ArgumentValidator`.
  /// Returns how many inputs it ran.
  static func validateExtremeArguments(_ failures: inout [String]) throws -> Int {
    var random = SeededRandom(seed: 63)
    var literals = [
      "9223372036854775807", "9223372036854775808", "-9223372036854775808", "-9223372036854775809", "18446744073709551616",
      "1e308", "1e309", "-1e309", "1.7976931348623157e308", "1.7976931348623159e308", "4.9e-324", "1e-400", "-0", "-0.0",
      "0e0", "1e99999999999999999999", "1e-99999999999999999999", "9223372036854775807.0", "9.223372036854775807e18",
      String(repeating: "9", count: 100), String(repeating: "1", count: 400), "0." + String(repeating: "0", count: 400) + "1",
      "NaN", "Infinity", "-Infinity", "nan", "inf", "0x10", "1_000", "+1", "01", "1.", ".5", "1e", "1e+", "--1",
    ]
    // Random literals: sign, up to 400 digits, a fraction, an exponent of up to 25 digits.
    for _ in 0..<4_500 {
      var s = random.next() % 2 == 0 ? "-" : ""
      let digits = Int(random.next() % 400) + 1
      s += String((0..<digits).map { k in Character(String(k == 0 ? random.next() % 9 + 1 : random.next() % 10)) })
      if random.next() % 2 == 0 { s += "." + String(random.next()) }
      if random.next() % 2 == 0 { s += "e" + (random.next() % 2 == 0 ? "-" : "") + String(random.next() % 10_000_000_000) }
      literals.append(s)
    }
    var values: [JSONValue] = [
      .number(.nan), .number(.infinity), .number(-.infinity), .number(-0.0), .number(.greatestFiniteMagnitude),
      .number(-.greatestFiniteMagnitude), .number(.leastNonzeroMagnitude), .number(9.223372036854775807e18), .number(-9.223372036854775808e18),
      .integer(.max), .integer(.min), .integer(-1), .integer(0),
    ]
    var ran = 0
    for literal in literals {
      ran += 1
      if let value = try? JSONParser.parse("{\"x\": \(literal)}")["x"] {
        if case .number(let d) = value, !d.isFinite { failures.append("JSONParser gave \(d) for \(literal.prefix(60))") }
        values.append(value)
      }
      _ = try? JSONParser.parseWithSpans(bytes: Array("{\"id\": \(literal), \"x\": [\(literal)]}".utf8), depth: 2)
    }
    for (_, paths) in catalogPaths {
      for path in paths {
        let catalog = try #require(CatalogLoader.load(path: Repository.path(path)).validCatalog)
        let validator = ArgumentValidator(catalog: catalog)
        for intent in catalog.intents {
          for parameter in intent.parameters where [.integer, .number, .duration, .measurement, .currency, .json].contains(parameter.type) {
            for value in values {
              var arguments = JSONObject()
              arguments[parameter.name] = value
              let errors = validator.validate(.object(arguments), for: intent)
              for error in errors { _ = error.description + error.jsonValue.compactText }
              ran += 1
            }
          }
        }
      }
    }
    return ran
  }

  // MARK: Sane values, per language

  /// What one request must give.
  enum Expectation: Sendable, CustomStringConvertible {
    /// No value of this kind (a number too large to be one).
    case none(ExtractedValue.Kind)
    /// The first value of the kind is this number.
    case number(Double)
    /// The first value of the kind has this ISO 8601 form.
    case iso(ExtractedValue.Kind, String)

    var description: String {
      switch self {
      case .none(let kind): "no \(kind)"
      case .number(let x): "number \(x)"
      case .iso(let kind, let text): "\(kind) \(text)"
      }
    }
  }

  static let sane: [(language: String, text: String, expected: Expectation)] = [
    // English
    ("en", "remind me in 2562047788015215 hours", .none(.dateTime)),
    ("en", "remind me in 153722867280912930 minutes", .none(.dateTime)),
    ("en", "in 10 minutes", .iso(.dateTime, "2026-11-29T10:10:00+01:00")),
    ("en", "in 876000 hours", .iso(.dateTime, "2126-11-05T10:00:00+01:00")),  // 36,500 days, within 100 years: still a duration
    ("en", "in 8760000 hours", .none(.dateTime)),  // 1,000 years: past DurationValue.maximumSeconds, not a duration
    ("en", "in 87600000 hours", .none(.dateTime)),
    ("en", "on 2026-01-9223372036854775807", .none(.date)),
    ("en", "on 2026-9223372036854775807-01", .none(.date)),
    ("en", "on 2026-12-01", .iso(.date, "2026-12-01")),
    ("en", "set it to " + String(repeating: "1", count: 400), .none(.number)),
    ("en", "set it to 9223372036854775808", .number(9_223_372_036_854_775_808)),
    ("en", "set it to 1,000,000,000,000,000,000,000", .number(1e21)),
    ("en", "set it to twenty point five", .number(20.5)),
    ("en", "set it to -0", .number(0)),
    // German
    ("de", "in 2562047788015215 Stunden", .none(.dateTime)),
    ("de", "am 2026-01-9223372036854775807", .none(.date)),
    ("de", "am 9223372036854775807.12.2026", .none(.date)),
    ("de", "am 1.12.2026", .iso(.date, "2026-12-01")),
    ("de", "stell es auf zwanzig Komma fünf", .number(20.5)),
    ("de", "stell es auf 1.000.000.000.000.000.000.000", .number(1e21)),
    // Finnish
    ("fi", "2562047788015215 tunnin päästä", .none(.dateTime)),
    ("fi", "10 minuutin päästä", .iso(.dateTime, "2026-11-29T10:10:00+01:00")),
    ("fi", "1 000 000 000 000 000 000 000 euroa", .number(1e21)),
    ("fi", "kaksikymmentä pilkku viisi", .number(20.5)),
    // Slovak
    ("sk", "za 2562047788015215 hodín", .none(.dateTime)),
    ("sk", "za 10 minút", .iso(.dateTime, "2026-11-29T10:10:00+01:00")),
    ("sk", "dvadsať celá päť", .number(20.5)),
    ("sk", "1 000 000 000 000 000 000 000 eur", .number(1e21)),
    // Chinese
    ("zh-CN", "2562047788015215小时后", .none(.dateTime)),
    ("zh-CN", "99999999999999999999月1日", .none(.date)),
    ("zh-CN", "1月９２２３３７２０３６８５４７７５８０８日", .none(.date)),
    ("zh-CN", "12月1日", .iso(.date, "2026-12-01")),
    ("zh-CN", "九千万亿", .number(9e15)),
    ("zh-CN", "１２３", .number(123)),
  ]

  @Test(arguments: sane.indices)
  func extremeNumbersGiveSaneValues(_ index: Int) {
    let (language, text, expected) = Self.sane[index]
    let values = Extractors(context: pinnedContext(language)).extract(text)
    #expect(Self.problems(values, in: text).isEmpty, "\(text): \(values)")
    switch expected {
    case .none(let kind):
      #expect(!values.contains { $0.kind == kind }, "\(text): \(values)")
    case .number(let x):
      let first = values.first { $0.kind == .number }
      #expect(first?.value == .number(x), "\(text): \(values)")
    case .iso(let kind, let iso):
      #expect(values.first { $0.kind == kind }?.value.iso8601 == iso, "\(text): \(values)")
    }
  }

  /// `set a timer for 2562047788015216 hours` (issue #31): the duration's seconds do not fit,
  /// so the parameter stays empty (it was a trap), in every language with a duration intent.
  @Test(arguments: [
    ("en", "Examples/notes/notes.en.json", "remind me about groceries in 2562047788015216 hours"),
    ("en", "Examples/smart-home/smart-home.en.json", "set a timer for 2562047788015216 hours"),
    ("de", "Examples/smart-home/smart-home.de.json", "Timer für 2562047788015216 Stunden"),
    ("fi", "Examples/smart-home/smart-home.fi.json", "ajastin 2562047788015216 tuntia"),
    ("sk", "Examples/smart-home/smart-home.sk.json", "časovač na 2562047788015216 hodín"),
    ("zh-CN", "Examples/smart-home/smart-home.zh-CN.json", "定时2562047788015216小时"),
  ])
  func overflowingDurationFillsNothing(_ language: String, _ path: String, _ request: String) throws {
    let catalog = try #require(CatalogLoader.load(path: Repository.path(path)).validCatalog)
    let engine = IntentEngine(catalog: catalog)
    let intents = catalog.intents.filter { $0.parameters.contains { $0.type == .duration } }
    #expect(!intents.isEmpty)
    for intent in intents {
      let resolution = engine.resolve(request, clock: Self.clock, intent: intent.id)
      for parameter in intent.parameters where parameter.type == .duration {
        #expect(resolution.arguments[parameter.name] == nil, "\(intent.id).\(parameter.name): \(resolution.arguments)")
      }
    }
    // A bounded one still fills.
    let small = request.replacingOccurrences(of: "2562047788015216", with: "2")
    let filled = intents.contains { intent in
      intent.parameters.contains { engine.resolve(small, clock: Self.clock, intent: intent.id).arguments[$0.name] == .integer(7200) }
    }
    #expect(filled, "\(small)")
  }

  /// A clock far outside the years 1–9999, or an offset beyond ±18 hours (library callers),
  /// is read inside them; `top` beyond the catalog ranks every intent once.
  @Test func extremeClocksAndTopStayInRange() throws {
    let catalog = try #require(CatalogLoader.load(path: Repository.path("Examples/notes/notes.en.json")).validCatalog)
    let engine = IntentEngine(catalog: catalog)
    for seconds in [1e300, -1e300, .infinity, -.infinity, .nan, 9.3e18, -9.3e18, 0] {
      for offset in [Int.max, Int.min, 0, 3600, -86_400 * 400] {
        let context = IntentEngine.Clock(now: Date(timeIntervalSince1970: seconds), utcOffsetSeconds: offset).extractionContext(language: "en")
        #expect((1...9999).contains(context.today.year) && Self.isValidTime(context.time), "\(seconds) \(offset): \(context)")
        _ = engine.resolve(
          "remind me about groceries in 2 hours", clock: IntentEngine.Clock(now: Date(timeIntervalSince1970: seconds), utcOffsetSeconds: offset))
      }
    }
    for top in [Int.max, Int.max - 1, 1 << 40, Int.min, -1, 0] {
      let ranking = engine.rank("add a note called milk", top: top)
      #expect(ranking.candidates.count <= catalog.intents.count)
      _ = engine.resolve("add a note called milk", top: top)
    }
  }

  // MARK: Durations past Int (trapped before the 100-year bound of DurationValue)

  @Test func durationInputsPastIntDoNotTrap() {
    let inputs = Self.pendingOnDurationFix.map { Input(language: $0.language, context: .duration, text: $0.text) }
    var failures: [String] = []
    for input in inputs {
      let context = pinnedContext(input.language)
      let found = Self.runExtractors(
        input, Extractors(context: context),
        (NumberExtractor(language: input.language), DurationExtractor(language: input.language), DateTimeExtractor(context: context)))
      for value in DurationExtractor(language: input.language).extract(input.text) {
        if case .duration(let d) = value.value {
          _ = d.totalSeconds
          _ = d.iso8601
        }
      }
      if !found.isEmpty, failures.count < 20 { failures.append("[\(input.language)] \(input.text.prefix(120)): \(found)") }
    }
    for input in Self.pendingOnDurationFix.map({ Input(language: $0.language, context: .duration, text: $0.text) }) {
      for engine in Self.engines[input.language] ?? [] {
        let durations = engine.catalog.intents.filter { $0.parameters.contains { $0.type == .duration } }.map(\.id)
        let found = Self.runResolve(input, engine, forcing: durations)
        if !found.isEmpty { failures.append("[\(input.language)] \(input.text): \(found)") }
      }
    }
    #expect(failures.isEmpty, "\(failures.joined(separator: "\n"))")
  }

  /// `INTENTBRIDGE_EXTREME_INPUT="<language>\t<request>"`: one input through every extractor
  /// and every engine of its language (to find which inputs trap, one process each).
  @Test(.enabled(if: ProcessInfo.processInfo.environment["INTENTBRIDGE_EXTREME_INPUT"] != nil))
  func probeOneInput() {
    let raw = ProcessInfo.processInfo.environment["INTENTBRIDGE_EXTREME_INPUT"] ?? ""
    let parts = raw.split(separator: "\t", maxSplits: 1).map(String.init)
    guard parts.count == 2 else { return }
    let input = Input(language: parts[0], context: .number, text: parts[1])
    let context = pinnedContext(input.language)
    let found = Self.runExtractors(
      input, Extractors(context: context),
      (NumberExtractor(language: input.language), DurationExtractor(language: input.language), DateTimeExtractor(context: context)))
    var resolved: [String] = []
    for engine in Self.engines[input.language] ?? [] {
      let forced = engine.catalog.intents.filter { $0.parameters.contains { [.integer, .number, .duration, .date].contains($0.type) } }.map(\.id)
      resolved += Self.runResolve(input, engine, forcing: forced)
    }
    print("probe [\(input.language)] \(input.text): extractors \(found), resolve \(resolved)")
  }
}
