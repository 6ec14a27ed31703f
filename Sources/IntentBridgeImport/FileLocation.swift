/// `file:line:column` in an imported text file (Swift source, String Catalog, strings file).
public struct FileLocation: Sendable, Hashable, Comparable, CustomStringConvertible {
  /// The file's name as the import records it.
  public var file: String
  /// 1-based line.
  public var line: Int
  /// 1-based column, in Unicode scalars.
  public var column: Int

  /// The place at `line` and `column` (both 1-based) of `file`.
  public init(file: String, line: Int, column: Int) {
    self.file = file
    self.line = line
    self.column = column
  }

  public var description: String { "\(file):\(line):\(column)" }

  public static func < (lhs: FileLocation, rhs: FileLocation) -> Bool {
    (lhs.file, lhs.line, lhs.column) < (rhs.file, rhs.line, rhs.column)
  }
}
