#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif
#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  @preconcurrency import Glibc
#elseif canImport(Musl)
  @preconcurrency import Musl
#endif

extension Errno {
  /// The POSIX error underneath an error Foundation threw (a `POSIXError`, or a `CocoaError`
  /// whose underlying error is one), e.g. from `Data.write(to:)`; nil for any other error.
  package init?(underlying error: any Error) {
    guard let posix = error as? POSIXError ?? (error as? CocoaError)?.underlying as? POSIXError else { return nil }
    self.init(rawValue: posix.code.rawValue)
  }

  /// Why a file operation failed, in the system's words (`strerror` of the POSIX error
  /// underneath, e.g. "Is a directory"), else the error's own description; never
  /// Foundation's error dump. FoundationEssentials has no `localizedDescription`.
  package static func describe(_ error: any Error) -> String {
    Errno(underlying: error)?.description ?? "\(error)"
  }
}
