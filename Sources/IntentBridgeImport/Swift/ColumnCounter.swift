/// The 1-based columns (in Unicode scalars, as the JSON parser counts them) of increasing
/// offsets on the current line, in O(1) amortised per query: the lexer and the strings-file
/// reader ask for the column of every token or pair, and a rescan from the line start each
/// time would be quadratic on a long line.
struct ColumnCounter {
  private var lineStart = 0
  private var offset = 0
  private var column = 1

  /// A new line starts at `offset`.
  mutating func startLine(at offset: Int) {
    lineStart = offset
    self.offset = offset
    column = 1
  }

  /// The column of `target` (on the current line; earlier offsets rescan from its start).
  mutating func column(at target: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Int {
    if offset > target {
      offset = lineStart
      column = 1
    }
    let end = min(target, bytes.count)
    while offset < end {
      if bytes[offset] & 0xC0 != 0x80 { column += 1 }
      offset += 1
    }
    return column
  }
}
