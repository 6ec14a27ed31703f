/// Which way a quantity should change.
package enum ChangeDirection: String, Sendable, Hashable, CaseIterable {
  case increase
  case decrease
}

/// Words that say which way to change a quantity ("up", "louder", "leiser", "vähennä",
/// "zníž", "调低"), per language, folded, words separated by spaces.
///
/// They give meaning to a parameter that takes either a direction or a signed amount, the
/// shape of Home Assistant's `volume_step` (`"up"`, `"down"`, or −100…100): the strings a
/// JSON Schema lists are read as directions through these lists (English ones and the
/// catalog language's), the language's words then name those strings ("leiser" → `"down"`),
/// and an amount said with a decrease word is negative ("20 % leiser" → −20).
///
/// Written from general usage: comparatives of loudness, brightness and amount, verbs of
/// raising and lowering, and "too loud"-type complaints. The lists were checked against the
/// Home Assistant development sets' volume requests after they were written (docs/FILLING.md).
package struct DirectionWords: Sendable, Hashable {
  package var increase: [String]
  package var decrease: [String]

  package init(increase: [String] = [], decrease: [String] = []) {
    self.increase = increase
    self.decrease = decrease
  }

  /// The words of one direction.
  package func words(_ direction: ChangeDirection) -> [String] {
    direction == .increase ? increase : decrease
  }

  /// The direction a folded word or phrase names, if it is one of these words.
  package func direction(of folded: String) -> ChangeDirection? {
    if increase.contains(folded) { return .increase }
    if decrease.contains(folded) { return .decrease }
    return nil
  }

  static let table: [String: DirectionWords] = [
    "en": DirectionWords(
      increase: [
        "up", "increase", "raise", "louder", "higher", "brighter", "warmer", "more", "boost", "turn up", "pump up",
        "too quiet", "too soft", "too low",
      ],
      decrease: [
        "down", "decrease", "lower", "reduce", "quieter", "softer", "dimmer", "cooler", "less", "turn down", "too loud",
        "too high",
      ]),
    "de": DirectionWords(
      increase: [
        "lauter", "erhohe", "erhohen", "erhoh", "hoher", "heller", "warmer", "mehr", "rauf", "herauf", "hoch", "aufdrehen",
        "heraufdrehen", "hochdrehen", "verstarke", "verstarken", "steigere", "steigern", "zu leise",
      ],
      decrease: [
        "leiser", "verringere", "verringern", "reduziere", "reduzieren", "senke", "senken", "absenken", "runter", "herunter",
        "niedriger", "dunkler", "kalter", "weniger", "runterdrehen", "herunterdrehen", "dampfe", "dampfen", "zu laut",
      ]),
    "fi": DirectionWords(
      increase: [
        "lisaa", "nosta", "kovemmalle", "kovempaa", "kovemmaksi", "isommalle", "suuremmaksi", "korkeammalle", "ylos",
        "voimakkaammalle", "kirkkaammaksi", "liian hiljaa", "liian hiljainen",
      ],
      decrease: [
        "vahenna", "laske", "hiljemmalle", "hiljempaa", "hiljaisemmaksi", "pienemmalle", "pienemmaksi", "matalammalle",
        "alas", "pienenna", "himmeammaksi", "liian kovaa", "liian lujaa", "liian kova",
      ]),
    "sk": DirectionWords(
      increase: [
        "zvys", "zvysit", "zvyste", "pridaj", "pridat", "pridajte", "hlasnejsie", "viac", "hore", "zosilni", "zosilnit",
        "vyssie", "jasnejsie", "prilis potichu", "prilis ticho",
      ],
      decrease: [
        "zniz", "znizit", "znizte", "uber", "ubrat", "uberte", "tichsie", "stis", "stisit", "menej", "dole", "zoslab",
        "zoslabit", "nizsie", "tmavsie", "prilis nahlas", "prilis hlasno",
      ]),
    "zh": DirectionWords(
      increase: ["调高", "提高", "调大", "大一点", "大点", "大声", "大声点", "增大", "加大", "升高", "调亮", "太小声", "太小了"],
      decrease: ["调低", "降低", "调小", "小一点", "小点", "小声", "小声点", "减小", "减少", "调暗", "太吵", "太吵了", "太大声", "太响"]
    ),
  ]

  /// The words for a BCP 47 tag's primary subtag (none for other languages).
  package static func words(for language: String) -> DirectionWords {
    let primary = language.split(whereSeparator: { $0 == "-" || $0 == "_" }).first.map { $0.lowercased() } ?? ""
    return table[primary] ?? DirectionWords()
  }
}
