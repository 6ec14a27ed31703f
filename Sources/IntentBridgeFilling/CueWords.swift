import IntentBridgeText

/// The words around a value that say which parameter it is for, per language (folded forms),
/// for parameters no phrase template covers (`DescribedValueFinder`).
///
/// - **linkers** may stand between a parameter's cue and its value without breaking the link
///   ("the mass *of* 37.5 kg", "the ID *is* 42", "a cocktail *called* "Mai Tai"");
/// - **naming** words introduce a name or title ("called", "named", "titled"): the value
///   after them is a name even when no parameter word stands before it;
/// - **place** words introduce a place ("in Berlin", "near the station") for parameters whose
///   name says location, city, country …;
/// - **negations** turn a boolean parameter's word into `false` ("without ice", "don't notify");
/// - **boundaries** end a free-text value ("for 3 people *in* Berlin *with* a view");
/// - **saying** words introduce a message, which runs to the end of the sentence ("reply to
///   Maria *saying* I'll be there").
///
/// Written from general usage; English is the fullest (tool lists are mostly English).
/// Languages without a table get the English one's punctuation rules only.
package struct CueWords: Sendable {
  package var linkers: Set<String>
  package var naming: Set<String>
  package var place: Set<String>
  package var negations: Set<String>
  package var boundaries: Set<String>
  package var saying: Set<String> = []
  /// Words before what a text is about ("about the invoice").
  package var topic: Set<String> = []
  /// Unit words and symbols of the request → the words a parameter's description uses for
  /// them ("kg" → "kilogram", "$" → "usd").
  package var units: [String: [String]]

  /// The table of a BCP 47 language (by primary subtag); English words for others.
  package static func forLanguage(_ language: String) -> CueWords {
    table[LanguageTag.primary(language)] ?? empty
  }

  static let empty = CueWords(linkers: [], naming: [], place: [], negations: [], boundaries: [], units: commonUnits)

  /// Unit symbols written the same in every language.
  static let commonUnits: [String: [String]] = [
    "$": ["usd", "dollar", "price", "cost", "budget", "amount"], "€": ["eur", "euro", "price", "cost", "budget", "amount"],
    "£": ["gbp", "pound", "price", "cost", "budget"], "%": ["percent", "percentage", "rate"], "°": ["degree", "temperature"],
    "kg": ["kilogram", "weight", "mass"], "g": ["gram", "weight"], "km": ["kilometer", "kilometre", "distance"],
    "m": ["meter", "metre"], "cm": ["centimeter", "centimetre"], "mm": ["millimeter", "millimetre"], "gb": ["gb", "size"],
    "mb": ["mb", "size"], "kb": ["kb"], "mw": ["megawatt", "mw"], "kw": ["kilowatt", "kw"], "px": ["pixel"],
  ]

  static let table: [String: CueWords] = [
    "en": CueWords(
      linkers: [
        "a", "an", "the", "of", "with", "is", "are", "as", "to", "be", "for", "at", "on", "in", "by", "from", "about", "its",
        "their", "his", "her", "my", "your", "our", "this", "that", "which", "set", "equal", "equals", "value", ":", "=",
        "called", "named", "titled", "entitled", "labeled", "labelled", "saying", "says", "reading", "number", "no", "using",
        "type", "specified", "given", "following", "new", "level", "someone", "something", "anyone", "anything", "everyone",
        "everything", "certain", "particular", "some", "any",
      ],
      naming: ["called", "named", "titled", "entitled", "labeled", "labelled", "saying", "says", "reading"],
      place: ["in", "at", "near", "around", "from", "to", "for", "of"],
      negations: ["no", "not", "without", "dont", "never", "disable", "disabled", "off", "none", "false", "exclude", "excluding"],
      boundaries: [
        "for", "in", "at", "on", "with", "from", "to", "by", "and", "or", "using", "about", "within", "into", "between",
        "during", "after", "before", "until", "via", "that", "which", "who", "where", "when", "please", "then", "but", "so",
        "if", "because", "while", "including", "targeting", "based",
      ],
      saying: ["saying", "says", "reading", "telling"], topic: ["about", "regarding", "concerning"],
      units: commonUnits.merging(
        [
          "kilograms": ["kilogram", "weight", "mass"], "kilogram": ["kilogram", "weight", "mass"], "grams": ["gram"],
          "meters": ["meter", "metre", "length", "height", "width", "depth", "distance"],
          "metres": ["meter", "metre", "length", "height", "width", "depth", "distance"], "meter": ["meter", "metre"],
          "kilometers": ["kilometer", "distance"], "miles": ["mile", "distance"], "feet": ["feet", "foot"],
          "seconds": ["second", "duration", "time"], "minutes": ["minute", "duration", "time"], "hours": ["hour", "duration"],
          "days": ["day", "duration"], "weeks": ["week"], "months": ["month"], "years": ["year", "age"],
          "dollars": ["usd", "dollar", "price", "cost", "budget", "amount"], "euros": ["eur", "euro", "price", "cost"],
          "percent": ["percent", "percentage", "rate"], "degrees": ["degree", "temperature", "angle"],
          "units": ["unit"], "people": ["people", "guest", "person", "size"], "guests": ["guest", "people"],
          "pixels": ["pixel", "width", "height"], "servings": ["serving"],
        ], uniquingKeysWith: { a, _ in a }),
    ),
    "de": CueWords(
      linkers: [
        "der", "die", "das", "den", "dem", "des", "ein", "eine", "einen", "einem", "von", "vom", "mit", "ist", "als", "auf",
        "fur", "namens", "genannt", "titel", ":", "=", "nummer",
      ],
      naming: ["namens", "genannt", "heisst", "titel"],
      place: ["in", "im", "bei", "nach", "aus", "am"],
      negations: ["nicht", "kein", "keine", "ohne", "nie"],
      boundaries: ["fur", "in", "im", "am", "mit", "von", "nach", "bis", "und", "oder", "bitte", "uber", "zwischen"],
      units: commonUnits),
    "fi": CueWords(
      linkers: [":", "="], naming: ["nimelta", "nimeltaan", "nimella"], place: [], negations: ["ei", "ilman", "ala"],
      boundaries: ["ja", "tai", "kiitos"], units: commonUnits),
    "sk": CueWords(
      linkers: ["s", "so", "na", "pre", "je", ":", "="], naming: ["menom", "nazvom", "nazvany", "nazvanu"],
      place: ["v", "vo", "na", "pri"], negations: ["nie", "bez", "ziadny", "ziadne"],
      boundaries: ["a", "alebo", "pre", "v", "vo", "na", "s", "so", "prosim"], units: commonUnits),
    "zh": CueWords(
      linkers: ["的", "是", "为", "叫", ":", "：", "="], naming: ["叫", "名为", "名叫", "称为"], place: ["在"],
      negations: ["不", "没", "无", "别"], boundaries: ["和", "或", "在", "请"], units: commonUnits),
  ]
}
