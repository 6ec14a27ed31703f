/// Where a command writes: standard output for results, standard error for diagnostics.
/// Tests pass closures that collect the text; the executable writes to the file descriptors.
public struct Console: Sendable {
  public var out: @Sendable (String) -> Void
  public var err: @Sendable (String) -> Void
  /// Whether standard error is a terminal (diagnostics are coloured only then).
  public var errIsTerminal: Bool

  public init(out: @escaping @Sendable (String) -> Void, err: @escaping @Sendable (String) -> Void, errIsTerminal: Bool = false) {
    self.out = out
    self.err = err
    self.errIsTerminal = errIsTerminal
  }
}

/// Process exit codes (sysexits.h where it has one).
public enum ExitCode: Int32, Sendable, Error {
  case success = 0
  /// A runtime failure that is not the input's fault (I/O, internal).
  case failure = 1
  /// EX_USAGE: the command line is wrong.
  case usage = 64
  /// EX_DATAERR: the input data (catalog, tool list, arguments) is invalid.
  case dataError = 65
  /// An evaluation figure is below its `--fail-under` floor.
  case belowThreshold = 2
}
