/// One token of Swift source, as `SwiftLexer` produces it: a kind, the bytes it covers and
/// where it starts. Comments and whitespace are not tokens; `newlineBefore` records whether
/// a line break (or a comment containing one) separates the token from the previous one,
/// which is what ends a statement in Swift.
struct SwiftToken: Sendable, Hashable {
  enum Kind: UInt8, Sendable {
    /// A name or keyword: `struct`, `title`, `` `default` `` (backticks kept in the bytes),
    /// `$0`, `$trail`.
    case identifier
    case integer
    case float
    /// A string literal of any form (`"…"`, `"""…"""`, `#"…"#`), delimiters included.
    case string
    /// A regular expression literal (`#/…/#`, or `/…/` where a regex can start).
    case regex
    /// `#if`, `#else`, `#available`, `#Preview`, … (the `#` and the name).
    case pound
    /// `@`
    case at
    /// `(` `)` `[` `]` `{` `}`
    case leftParen, rightParen, leftBracket, rightBracket, leftBrace, rightBrace
    case comma, colon, semicolon
    /// `.` (also each dot of `...` and `..<`).
    case period
    /// `\` (key paths; escapes inside strings belong to the string token).
    case backslash
    /// `->`
    case arrow
    /// One operator character: `=`, `<`, `>`, `?`, `!`, `&`, `+`, `-`, `*`, `/`, `%`, `|`,
    /// `^`, `~` (runs are not joined: `==` is two tokens; nothing here evaluates them).
    case `operator`
    /// A byte that starts no token (a stray backtick, a control character).
    case unknown
  }

  var kind: Kind
  /// Byte range in the file.
  var start: Int32
  var end: Int32
  /// 1-based line and column (columns count Unicode scalars, as the JSON parser's do).
  var line: Int32
  var column: Int32
  /// A line break separates this token from the previous one.
  var newlineBefore: Bool
  /// Whitespace or a comment separates this token from the previous one.
  var spaceBefore: Bool
  /// A string, comment or regex that ran to the end of its line or of the file.
  var unterminated: Bool = false

  var range: Range<Int> { Int(start)..<Int(end) }
  var isOpener: Bool { kind == .leftParen || kind == .leftBracket || kind == .leftBrace }
  var isCloser: Bool { kind == .rightParen || kind == .rightBracket || kind == .rightBrace }
}
