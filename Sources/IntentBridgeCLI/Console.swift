/// Where a command writes: standard output for results, standard error for diagnostics.
/// Tests pass closures that collect the text; the executable writes to the file descriptors.
public struct Console: Sendable {
  public var out: @Sendable (String) -> Void
  public var err: @Sendable (String) -> Void
  /// Whether standard error is a terminal (diagnostics are coloured only then).
  public var errIsTerminal: Bool
  /// Takes what a command loaded (an engine) that the process may keep until it exits
  /// instead of freeing it when the command returns: the executable skips that teardown
  /// (tens of thousands of small arrays; 15–35 ms a run, like clang's `-disable-free`).
  /// Nil (tests) frees as usual.
  public var keepUntilExit: (@Sendable (any Sendable) -> Void)?

  public init(
    out: @escaping @Sendable (String) -> Void, err: @escaping @Sendable (String) -> Void, errIsTerminal: Bool = false,
    keepUntilExit: (@Sendable (any Sendable) -> Void)? = nil
  ) {
    self.out = out
    self.err = err
    self.errIsTerminal = errIsTerminal
    self.keepUntilExit = keepUntilExit
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
