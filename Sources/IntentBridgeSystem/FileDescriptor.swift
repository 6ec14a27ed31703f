#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  @preconcurrency import Glibc
#elseif canImport(Musl)
  @preconcurrency import Musl
#endif

/// An open file descriptor and the calls made on it: open, read, write, close, poll, dup.
///
///     let file = try FileDescriptor.open(forReading: "requests.jsonl")
///     defer { file.closeIgnoringErrors() }
///     let count = try buffer.withUnsafeMutableBytes { try file.read(into: $0) }   // 0 at the end
///
/// Every call retries itself when a signal interrupts it (`EINTR`) and reports any other
/// failure as the `Errno` read right after it. Descriptors this type opens are close-on-exec:
/// no child process inherits them. A value does not own the descriptor: whoever opened it
/// closes it, once.
package struct FileDescriptor: Hashable, Sendable {
  package let rawValue: Int32

  package init(rawValue: Int32) {
    self.rawValue = rawValue
  }

  package static let standardInput = FileDescriptor(rawValue: 0)
  package static let standardOutput = FileDescriptor(rawValue: 1)
  package static let standardError = FileDescriptor(rawValue: 2)

  /// Opens `path` read-only (`open(2)` with `O_RDONLY | O_CLOEXEC`). Opening a FIFO waits for
  /// a writer: check `FileStatus` first where that matters.
  package static func open(forReading path: String) throws(Errno) -> FileDescriptor {
    while true {
      let descriptor = Self.systemOpen(path, O_RDONLY | O_CLOEXEC, 0)
      if descriptor >= 0 { return FileDescriptor(rawValue: descriptor) }
      let error = Errno.current
      if error != .interrupted { throw error }
    }
  }

  /// Creates a new file at `path` with `permissions` (before the umask) and opens it
  /// write-only (`O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC`); fails when anything exists there.
  package static func create(newFile path: String, permissions: UInt16) throws(Errno) -> FileDescriptor {
    while true {
      let descriptor = Self.systemOpen(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode_t(permissions))
      if descriptor >= 0 { return FileDescriptor(rawValue: descriptor) }
      let error = Errno.current
      if error != .interrupted { throw error }
    }
  }

  /// A new pipe, both ends close-on-exec (`pipe(2)`, then `FD_CLOEXEC` on each: `pipe2` is not
  /// in Swift's Glibc module and does not exist on Apple platforms).
  package static func pipe() throws(Errno) -> (readEnd: FileDescriptor, writeEnd: FileDescriptor) {
    var ends: [Int32] = [-1, -1]
    guard Self.systemPipe(&ends) == 0 else { throw .current }
    for end in ends where fcntl(end, F_SETFD, FD_CLOEXEC) != 0 {
      let error = Errno.current
      for end in ends { _ = Self.systemClose(end) }
      throw error
    }
    return (FileDescriptor(rawValue: ends[0]), FileDescriptor(rawValue: ends[1]))
  }

  /// Reads at most `buffer.count` bytes (one `read(2)`, retried when interrupted); returns
  /// how many, 0 at the end of the file.
  package func read(into buffer: UnsafeMutableRawBufferPointer) throws(Errno) -> Int {
    while true {
      let count = Self.systemRead(rawValue, buffer.baseAddress, buffer.count)
      if count >= 0 { return count }
      let error = Errno.current
      if error != .interrupted { throw error }
    }
  }

  /// `read(into:)` into `bytes[offset...]` (which must not be empty).
  package func read(into bytes: inout [UInt8], at offset: Int = 0) throws(Errno) -> Int {
    let result = bytes.withUnsafeMutableBytes { raw in
      Result { () throws(Errno) in try read(into: UnsafeMutableRawBufferPointer(rebasing: raw[offset...])) }
    }
    return try result.get()
  }

  /// Writes all of `bytes` (as many `write(2)` calls as it takes). With `retryingWhenBusy`,
  /// `EAGAIN` is retried too (a descriptor someone else made non-blocking); otherwise it
  /// fails like any other error, with the bytes before it written.
  package func writeAll(_ bytes: UnsafeRawBufferPointer, retryingWhenBusy: Bool = false) throws(Errno) {
    guard let base = bytes.baseAddress else { return }
    var offset = 0
    while offset < bytes.count {
      let written = Self.systemWrite(rawValue, base + offset, bytes.count - offset)
      if written < 0 {
        let error = Errno.current
        if error == .interrupted || (retryingWhenBusy && error == .wouldBlock) { continue }
        throw error
      }
      offset += written
    }
  }

  /// `writeAll` for an array of bytes.
  package func writeAll(_ bytes: [UInt8], retryingWhenBusy: Bool = false) throws(Errno) {
    let result = bytes.withUnsafeBytes { raw in
      Result { () throws(Errno) in try writeAll(raw, retryingWhenBusy: retryingWhenBusy) }
    }
    try result.get()
  }

  /// Closes the descriptor (`close(2)`, not retried: after `EINTR` its state is unspecified).
  package func close() throws(Errno) {
    guard Self.systemClose(rawValue) == 0 else { throw .current }
  }

  /// Closes the descriptor where nothing can be done about a failure.
  package func closeIgnoringErrors() {
    _ = Self.systemClose(rawValue)
  }

  /// Waits at most `milliseconds` for data (or the end) to read (`poll(2)` for `POLLIN`);
  /// false when the time ran out or a signal interrupted the wait.
  package func waitUntilReadable(milliseconds: Int32) throws(Errno) -> Bool {
    var request = pollfd(fd: rawValue, events: Int16(POLLIN), revents: 0)
    let ready = poll(&request, 1, milliseconds)
    if ready < 0 {
      let error = Errno.current
      if error == .interrupted { return false }
      throw error
    }
    return ready > 0
  }

  /// A new descriptor for the same open file, close-on-exec (`fcntl(F_DUPFD_CLOEXEC)`).
  package func duplicate() throws(Errno) -> FileDescriptor {
    let copy = fcntl(rawValue, F_DUPFD_CLOEXEC, 0)
    guard copy >= 0 else { throw .current }
    return FileDescriptor(rawValue: copy)
  }

  /// Makes `target` another descriptor for this open file, closing what it was (`dup2(2)`).
  package func duplicate(as target: FileDescriptor) throws(Errno) {
    guard dup2(rawValue, target.rawValue) >= 0 else { throw .current }
  }

  /// Whether the descriptor is a terminal (`isatty`).
  package var isTerminal: Bool { isatty(rawValue) == 1 }

  // The C functions under names the methods above do not shadow.
  private static func systemOpen(_ path: String, _ flags: Int32, _ mode: mode_t) -> Int32 {
    #if canImport(Darwin)
      Darwin.open(path, flags, mode)
    #elseif canImport(Glibc)
      Glibc.open(path, flags, mode)
    #elseif canImport(Musl)
      Musl.open(path, flags, mode)
    #endif
  }

  private static func systemRead(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
    #if canImport(Darwin)
      Darwin.read(descriptor, buffer, count)
    #elseif canImport(Glibc)
      Glibc.read(descriptor, buffer, count)
    #elseif canImport(Musl)
      Musl.read(descriptor, buffer, count)
    #endif
  }

  private static func systemWrite(_ descriptor: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int {
    #if canImport(Darwin)
      Darwin.write(descriptor, buffer, count)
    #elseif canImport(Glibc)
      Glibc.write(descriptor, buffer, count)
    #elseif canImport(Musl)
      Musl.write(descriptor, buffer, count)
    #endif
  }

  private static func systemClose(_ descriptor: Int32) -> Int32 {
    #if canImport(Darwin)
      Darwin.close(descriptor)
    #elseif canImport(Glibc)
      Glibc.close(descriptor)
    #elseif canImport(Musl)
      Musl.close(descriptor)
    #endif
  }

  private static func systemPipe(_ ends: UnsafeMutablePointer<Int32>) -> Int32 {
    #if canImport(Darwin)
      Darwin.pipe(ends)
    #elseif canImport(Glibc)
      Glibc.pipe(ends)
    #elseif canImport(Musl)
      Musl.pipe(ends)
    #endif
  }
}
