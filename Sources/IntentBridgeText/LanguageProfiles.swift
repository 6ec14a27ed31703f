/// The built-in language profiles. The suffix lists were tuned on the Home Assistant and
/// notes example catalogs and their dev request sets: stems must merge the inflected forms
/// users type with the forms catalogs list, and must not merge words that tell intents or
/// values apart. Measured when they were written (folded only → stemmed), the share of
/// entity-argument words (area, device, floor names) whose term appears among the request's
/// terms: fi 82.7% → 100% (196), sk 77.3% → 100% (299), de 96.2% → 98.0% (1,126),
/// en 100% → 100% (545); no two values of one enum or entity type got the same terms,
/// apart from Slovak aliases of one area (`Spálňa`/`spálni`, `kuchyňa`/`kuchyni`).
extension LanguageProfile {
  /// English: plurals (`-s`, `-ies`, `-es` after `x ch sh`), `-ed`, a final `-e` (so `close`, `closes`,
  /// `closed` meet) and a final doubled consonant (`dimmed` → `dim`). No `-ing`: the Home
  /// Assistant state enum has both `open`/`opening` and `closed`/`closing` as cases.
  package static let english = LanguageProfile(
    language: "en",
    stopWords: ["a", "an", "the", "my", "our", "your"],
    stemPasses: [
      .suffixes(
        SuffixRule.list("sses>ss ss>ss us>us is>is eed>eed", minimumStem: 1)  // protected endings
          + SuffixRule.list("ies>y xes>x ches>ch shes>sh", minimumStem: 2)
          + SuffixRule.list("s", minimumStem: 3)
          + SuffixRule.list("ed", minimumStem: 3, stemNeedsVowel: true)),
      .suffixes(SuffixRule.list("e", minimumStem: 4)),
      .undoubleConsonant(keeping: 3),
    ])

  /// German: the case/plural endings `-ern -em -en -er -es -e` and `-s` after a consonant
  /// that can end a stem (as in the Snowball German stemmer's first step) or after `o`/`y`
  /// (`Rollos`, `Handys`), then `-er`/`-en`
  /// once more so genitives meet their base (`Zimmers` → `zimmer` → `zimm` = `Zimmer`,
  /// `Rolladens` = `Rolladen`, `leiseren` = `leise`); compounds are
  /// split against the catalog's vocabulary with the linking elements `s`, `es`, `n`, `en`.
  /// `ein` is not a stop word: "schalte das Licht ein" means *on*.
  package static let german = LanguageProfile(
    language: "de",
    stopWords: ["der", "die", "das", "den", "dem", "des", "eine", "einen", "einem", "einer", "eines"],
    stemPasses: [
      .suffixes(
        SuffixRule.list("ern em en er es e", minimumStem: 3)
          + [SuffixRule("s", minimumStem: 3, preceding: .oneOf("bdfghklmnrtoy"))]),
      .suffixes(SuffixRule.list("er en", minimumStem: 3)),
    ],
    decompounds: true, linkingElements: ["s", "es", "n", "en"])

  /// Finnish: possessive suffixes, then one case ending (locatives `-ssa -sta -lla -lta
  /// -lle`, translative `-ksi`, illatives `-seen -hin -han …`, abessive/comitative, genitive
  /// `-n`/`-den`/`-jen`, partitive `-a -ta -tta -ja`, plural `-t`; not the essive `-na`,
  /// which would cut `ikkuna`; `lista`/`pasta` are protected from `-sta`), then the stem's final
  /// vowels (`olohuone`, `olohuoneessa` → `olohuon`) and a doubled consonant
  /// (`minuutti`, `minuutilla` → `minuut`). Stems keep at least 4 letters. Adverbs of
  /// place that look inflected but differ in meaning stay whole: `paalle` (on) and
  /// `paalta` (off) would otherwise both become `paal`.
  package static let finnish = LanguageProfile(
    language: "fi",
    stopWords: ["ja"],
    invariantWords: [
      "paalla", "paalle", "paalta", "pois", "kiinni", "auki", "ylos", "alas", "sisaan", "ulos", "ulkona",
      "sisalla", "kanssa",
    ],
    stemPasses: [
      .suffixes(SuffixRule.list("ni si mme nne nsa", minimumStem: 4)),
      .suffixes(
        SuffixRule.list(
          "ssa sta lla lta lle ksi seen siin hin han hen hon hun hyn tta ineen den jen ten tten", minimumStem: 4)
          + SuffixRule.list("lista>lista pasta>pasta", minimumStem: 0)  // nominatives ending like -sta
          + SuffixRule.list("ta", minimumStem: 4, preceding: .consonant)
          + SuffixRule.list("ja n t", minimumStem: 4, preceding: .vowel)
          + SuffixRule.list("a", minimumStem: 4)),
      .trailingVowels(keeping: 4),
      .undoubleConsonant(keeping: 4),
    ],
    decompounds: true)

  /// Slovak: one noun/adjective case ending (`-iach -ami -ach -ych -ymi -ovi -och -eho
  /// -emu -om -ov -ym -ej -ou -ia -ie -iu` and the single vowels), folded: `v obývačke`,
  /// `obývačka` → `obyvack`; `nočnej lampy`, `nočná lampa` → `nocn lamp`.
  package static let slovak = LanguageProfile(
    language: "sk",
    stopWords: ["a", "aj", "v", "vo"],
    stemPasses: [
      .suffixes(
        SuffixRule.list(
          "iach iami ami ach ych ymi ovi och eho emu ieho iemu ich imi om ov ym im ej ou ia ie iu ii am iam a e i o u y",
          minimumStem: 3))
    ])

  /// Chinese (also used for Japanese and Korean): no stemming; Han/kana/Hangul runs become
  /// characters and bigrams (the same for every profile); particles are stop words.
  package static let chinese = LanguageProfile(
    language: "zh", stopWords: ["的", "了", "吗", "呢", "吧", "啊", "呀"])

  /// French: no stemming; elided articles and pronouns are split off (`l'heure` → `l`,
  /// `heure`) and are stop words.
  package static let french = LanguageProfile(
    language: "fr",
    stopWords: ["l", "d", "j", "m", "n", "s", "t", "c", "qu", "le", "la", "les", "un", "une", "des", "du", "de"],
    elisions: ["l", "d", "j", "m", "n", "s", "t", "c", "qu", "jusqu", "lorsqu", "puisqu"])

  /// Any other language: folding and tokenisation only.
  package static let generic = LanguageProfile(language: "generic")
}
