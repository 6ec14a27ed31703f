import IntentBridgeText

/// The sentence heuristics of `description-not-sentence` (and the verb list behind the example
/// descriptions of `missing-description`): does a description start with a capital letter and
/// a verb, and end like a sentence.
extension CatalogLinter {
  struct SentenceProblem: Equatable {
    var message: String
    var fix: String
  }

  /// What keeps `text` (in `language`) from being a sentence that starts with a verb.
  static func sentenceProblems(_ text: String, language: String) -> [SentenceProblem] {
    let trimmed = text.trimmingSpaces
    guard let first = trimmed.unicodeScalars.first else { return [] }
    let primary = LanguageTag.primary(language)
    // CJK scripts have no letter case and end sentences with "。" or nothing at all.
    if ["zh", "ja", "ko", "yue"].contains(primary) || isCJK(first) { return [] }
    var problems: [SentenceProblem] = []
    if let character = trimmed.first, character.isLetter, character.isLowercase {
      problems.append(SentenceProblem(message: "does not start with a capital letter", fix: "start with a capital letter"))
    }
    if !endsLikeSentence(trimmed) {
      problems.append(SentenceProblem(message: "does not end with \".\", \"!\" or \"?\"", fix: "end it with a full stop"))
    }
    if primary == "en", let word = firstWord(of: trimmed), !isVerbLike(word) {
      let lower = word.lowercased()
      let fix =
        ["a", "an", "the", "this", "that", "these", "those"].contains(lower)
        ? "start with what the intent does, e.g. \"Creates …\" rather than \"\(word) …\""
        : "start with a verb in the third person or the imperative, e.g. \"Creates …\", \"Opens …\" or \"Show …\""
      problems.append(SentenceProblem(message: "does not start with a verb (\"\(word)\")", fix: fix))
    }
    return problems
  }

  private static func endsLikeSentence(_ text: Substring) -> Bool {
    var rest = text
    // Closing quotes and brackets may follow the end punctuation: `Says "Hi."`.
    while let last = rest.last, "\"'”’»)]".contains(last) { rest = rest.dropLast() }
    guard let last = rest.last else { return false }
    return ".!?。！？…".contains(last)
  }

  private static func isCJK(_ s: Unicode.Scalar) -> Bool {
    switch s.value {
    case 0x1100...0x11FF, 0x2E80...0x2FDF, 0x3000...0x30FF, 0x3130...0x318F, 0x3400...0x4DBF, 0x4E00...0x9FFF,
      0xAC00...0xD7AF, 0xF900...0xFAFF, 0xFF00...0xFFEF, 0x20000...0x2FA1F:
      true
    default: false
    }
  }

  /// The first word with surrounding quotes and punctuation removed; nil when it contains
  /// digits or no letters (no verb check then).
  private static func firstWord(of text: Substring) -> String? {
    var word = text.drop { $0.isWhitespace }.prefix { !$0.isWhitespace }
    while let f = word.first, !f.isLetter { word = word.dropFirst() }
    while let l = word.last, !l.isLetter { word = word.dropLast() }
    guard !word.isEmpty, !word.contains(where: \.isNumber) else { return nil }
    return String(word)
  }

  /// Heuristic: a third-person verb ("Creates"), or a common imperative ("Create"), or a word
  /// with a verb suffix ("Summarize", "Simplify", "Activate").
  static func isVerbLike(_ word: String) -> Bool {
    var lower = word.lowercased()
    lower.removeAll { $0 == "’" || $0 == "'" }
    // "Re-opens", "Pre-fill": judge the last part.
    if let last = lower.split(separator: "-").last, last.count < lower.count { lower = String(last) }
    if nonVerbs.contains(lower) { return false }
    if lower.hasSuffix("s") && lower.count > 2 { return true }
    if imperativeVerbs.contains(lower) { return true }
    return lower.count > 4 && ["ize", "ise", "ify", "ate"].contains { lower.hasSuffix($0) }
  }

  /// Words ending in "s" (or with a verb suffix) that do not start a verb-led sentence.
  private static let nonVerbs: Set<String> = [
    "a", "an", "the", "this", "that", "these", "those", "its", "his", "hers", "ours", "yours", "theirs", "is", "was",
    "as", "us", "thus", "plus", "various", "previous", "always", "perhaps", "less", "unless", "whereas", "yes",
    "private", "ultimate", "intermediate", "appropriate", "immediate", "accurate", "adequate",
  ]

  /// Common imperative verbs that start descriptions ("Add a note.", "Turn on the light.").
  static let imperativeVerbs: Set<String> = [
    "accept", "access", "activate", "add", "adjust", "allow", "append", "apply", "archive", "arm", "ask", "assign",
    "attach", "book", "bookmark", "boost", "broadcast", "browse", "build", "buy", "calculate", "call", "cancel",
    "capture", "change", "charge", "check", "choose", "clean", "clear", "click", "close", "collect", "compare",
    "compose", "compute", "configure", "confirm", "connect", "continue", "convert", "copy", "count", "create", "crop",
    "cut", "decline", "decrease", "delete", "describe", "deselect", "detect", "dial", "dim", "disable", "disarm",
    "disconnect", "dismiss", "display", "do", "download", "draft", "draw", "drop", "duplicate", "edit", "eject",
    "email", "empty", "enable", "end", "enter", "erase", "estimate", "evaluate", "exit", "expand", "explain", "export",
    "extract", "favorite", "favourite", "fetch", "fill", "filter", "find", "finish", "fix", "flag", "flip", "follow",
    "forward", "generate", "get", "give", "go", "hang", "help", "hide", "highlight", "identify", "ignore", "import",
    "increase", "insert", "install", "invite", "join", "jump", "keep", "launch", "leave", "like", "list", "load",
    "locate", "lock", "log", "look", "lookup", "lower", "make", "manage", "map", "mark", "merge", "message", "minimize",
    "move", "mute", "name", "navigate", "note", "notify", "open", "order", "organize", "organise", "pair", "paste",
    "pause", "pay", "pick", "pin", "ping", "place", "play", "post", "predict", "prepare", "present", "preview", "print",
    "provide", "publish", "pull", "push", "put", "query", "queue", "raise", "rate", "read", "reboot", "receive",
    "record", "redo", "refresh", "register", "reject", "reload", "remind", "remove", "rename", "reorder", "repeat",
    "reply", "report", "request", "reserve", "reset", "resize", "restart", "restore", "resume", "retrieve", "return",
    "reverse", "review", "rewind", "rotate", "run", "save", "scan", "schedule", "scroll", "search", "see", "seek",
    "select", "send", "set", "share", "show", "shuffle", "shut", "sign", "skip", "sleep", "snooze", "sort", "speak",
    "split", "start", "stop", "store", "stream", "submit", "subscribe", "suggest", "summarize", "summarise", "switch",
    "sync", "take", "tell", "test", "text", "track", "transfer", "translate", "trigger", "trim", "turn", "undo",
    "unfollow", "uninstall", "unlock", "unmute", "unpin", "unsubscribe", "update", "upload", "use", "validate",
    "verify", "view", "visit", "wake", "watch", "write", "zoom",
  ]
}
