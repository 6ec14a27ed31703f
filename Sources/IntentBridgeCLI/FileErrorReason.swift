import IntentBridgeSystem

/// Why writing or reading a file failed, in the system's words: the message of the POSIX
/// error underneath (`strerror`, e.g. "No such file or directory", "Permission denied"),
/// else the error's own description. FoundationEssentials has no `localizedDescription`.
enum FileErrorReason {
  static func describe(_ error: any Error) -> String {
    Errno(underlying: error)?.description ?? "\(error)"
  }
}
