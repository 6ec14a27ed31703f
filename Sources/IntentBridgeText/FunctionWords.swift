/// Function words per language (folded forms): question words, auxiliaries, pronouns,
/// prepositions, conjunctions. Unlike stop words they stay in the index (they carry meaning
/// for intents such as "what is …" or "turn on …"), but they say little about whether a
/// request is in the catalog's domain, so confidence estimation leaves them out when it
/// measures how much of a request the intent's texts cover.
enum FunctionWords {
  static let table: [String: Set<String>] = [
    "en": [
      "what", "whats", "who", "whos", "whom", "which", "when", "where", "why", "how", "hows", "is", "are", "was", "were", "be",
      "been", "am", "do", "does", "did", "can", "could", "would", "should", "will", "shall", "may", "might", "must", "have",
      "has", "had", "i", "me", "you", "he", "she", "it", "its", "we", "they", "them", "us", "him", "her", "this", "that",
      "these", "those", "there", "here", "of", "in", "on", "at", "to", "for", "from", "with", "by", "about", "into", "and",
      "or", "but", "if", "so", "than", "then", "not", "no", "yes", "many", "much", "some", "any", "all", "please", "tell",
      "give", "get", "make", "good", "new",
    ],
    "de": [
      "was", "wer", "wen", "wem", "wessen", "welche", "welcher", "welches", "wann", "wo", "woher", "wohin", "warum", "wie",
      "wieviel", "viel", "viele", "ist", "sind", "war", "waren", "sein", "bin", "bist", "hat", "haben", "hast", "habe",
      "kann", "kannst", "konnen", "wird", "werden", "wurde", "ich", "du", "er", "sie", "es", "wir", "ihr", "mir", "mich",
      "dir", "dich", "uns", "man", "ein", "eine", "einen", "einem", "einer", "von", "vom", "zu", "zum", "zur", "mit", "fur",
      "auf", "aus", "bei", "nach", "uber", "unter", "und", "oder", "aber", "wenn", "dass", "nicht", "kein", "keine", "bitte",
      "sag", "gib", "mach", "gut", "gute", "guten", "neue", "neuen",
    ],
    "fi": [
      "mika", "mita", "mik", "kuka", "ketka", "kenen", "milloin", "missa", "mista", "mihin", "miksi", "miten", "kuinka",
      "montako", "paljonko", "on", "ovat", "oli", "olla", "ole", "en", "et", "ei", "mina", "sina", "han", "me",
      "te", "he", "se", "ne", "tama", "tuo", "ja", "tai", "mutta", "jos", "kun", "etta", "voi", "voitko", "osaatko",
      "kerro", "anna", "tee", "hyva", "hyvaa", "uusi",
    ],
    "sk": [
      "co", "kto", "koho", "komu", "ktory", "ktora", "ktore", "aky", "aka", "ake", "aki", "akeho", "akej", "aku", "akom",
      "akym", "akych", "kedy", "kde", "kam", "odkial", "preco", "ako", "kolko", "je",
      "su", "bol", "bola", "byt", "som", "si", "sme", "ste", "ma", "mam", "mas", "maju", "moze", "mozes", "ja", "ty", "on",
      "ona", "ono", "my", "vy", "oni", "mi", "ti", "mu", "to", "ten", "tento", "tato", "z", "zo", "na", "do", "od", "o",
      "po", "pre", "pri", "s", "so", "k", "ku", "a", "alebo", "ale", "ak", "ze", "nie", "povedz", "daj", "urob", "dobry",
      "dobru", "nove",
    ],
    "zh": [
      "什", "么", "谁", "哪", "里", "儿", "怎", "样", "为", "多", "少", "是", "有", "在", "我", "你", "他", "她", "它", "们", "这",
      "那", "个", "和", "或", "吗", "呢", "吧", "给", "帮", "请", "一", "下", "能", "会", "可", "以", "要", "想", "好",
    ],
  ]
}

extension LanguageProfile {
  /// See `FunctionWords`; empty for languages without a list.
  package var functionWords: Set<String> {
    FunctionWords.table[language] ?? FunctionWords.table[String(language.prefix(2))] ?? []
  }
}
