/// Conversational fillers per language (folded, words separated by spaces): thanks,
/// hesitation, greeting and urgency words that people put around a request ("um", "thanks",
/// "right away", "hey", "okay so") and that never carry an intent's meaning. Unlike a
/// catalog's skip words they are not removed from the text: template matching inserts them
/// cheaply (cheaper than stop words), and a free-text slot does not keep them at its edges
/// ("timer named pizza right away" → "pizza"). Written from general usage; the Chinese tag
/// questions and greetings ("我说", "嗨", "好吗", "行吗") were added after reading errors on the
/// Home Assistant development sets (docs/FILLING.md).
enum ConversationalFillers {
  static let table: [String: [String]] = [
    "en": [
      "thanks", "thank you", "thanks a lot", "thank you very much", "many thanks", "cheers", "thx", "ty", "please", "pls",
      "plz", "right away", "right now", "asap", "quickly", "immediately", "now", "okay", "ok", "okay so", "ok so", "so",
      "alright", "all right", "well", "um", "umm", "uh", "uhm", "er", "erm", "hmm", "hm", "hey", "hi", "hello", "yo", "oh",
      "like", "actually", "just", "you know", "i mean", "kindly", "for me",
    ],
    "de": [
      "danke", "danke schon", "vielen dank", "besten dank", "dankeschon", "bitte", "bitte schon", "bitteschon", "sofort",
      "jetzt", "gleich", "schnell", "mal", "doch", "halt", "eben", "ok", "okay", "also", "na", "naja", "na ja", "nun", "so",
      "ah", "ah ja", "ahm", "ahem", "ach", "hm", "hmm", "hey", "hallo", "hi", "he", "eigentlich", "einfach", "bitte mal",
      "ganz schnell", "jetzt gleich",
    ],
    "fi": [
      "kiitos", "kiitti", "kiitoksia", "kiitos paljon", "ole hyva", "olkaa hyva", "heti", "heti paikalla", "nyt", "nopeasti",
      "pian", "okei", "ok", "no", "niin", "noh", "oo", "hmm", "hm", "hei", "moi", "terve", "siis", "vaan", "sitten",
      "tota", "tuota", "kai", "vain", "ihan", "nyt heti",
    ],
    "sk": [
      "dakujem", "dakujem pekne", "vdaka", "vdaka moc", "prosim", "prosim ta", "prosim vas", "hned", "hned teraz", "teraz",
      "rychlo", "okamzite", "ok", "okej", "tak", "no", "no tak", "nuz", "ehm", "hm", "hmm", "hej", "ahoj", "cau", "teda",
      "vlastne", "proste", "len", "iba", "uz",
    ],
    "zh": [
      "谢谢", "谢了", "多谢", "谢谢你", "请", "马上", "立刻", "立即", "赶紧", "快点", "现在", "好的", "好吧", "那个", "这个",
      "嗯", "呃", "额", "哎", "诶", "嘿", "嗨", "喂", "吧", "呀", "啊", "哦", "哈", "就是", "然后", "我说", "好吗", "好不好", "行吗",
      "行不行", "可以吗", "麻烦你",
    ],
  ]

  /// The fillers for a BCP 47 tag's primary subtag (none for other languages).
  static func phrases(for language: String) -> [String] {
    table[language] ?? []
  }
}
