#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  @preconcurrency import Glibc
#elseif canImport(Musl)
  @preconcurrency import Musl
#endif

/// Read-only memory maps of whole files (`mmap`, `munmap`, `madvise`).
///
///     let bytes = try MemoryMap.mapReadOnly(file, size: 4096)   // pages read on first touch
///     defer { MemoryMap.unmap(bytes) }
///
/// A map is `PROT_READ` and `MAP_PRIVATE`, and outlives the descriptor it was made from. If
/// the file is truncated by another process while mapped, touching a page past its new end
/// faults (SIGBUS): replace such files by rename, never rewrite them in place.
package enum MemoryMap {
  /// Maps the first `size` bytes of `file` (`size` > 0).
  package static func mapReadOnly(_ file: FileDescriptor, size: Int) throws(Errno) -> UnsafeRawBufferPointer {
    // MAP_FAILED is ((void *) -1), a macro not every C module imports.
    guard let address = mmap(nil, size, PROT_READ, MAP_PRIVATE, file.rawValue, 0), address != UnsafeMutableRawPointer(bitPattern: -1) else {
      throw .current
    }
    return UnsafeRawBufferPointer(start: address, count: size)
  }

  /// Releases a map made by `mapReadOnly`; the bytes must not be used afterwards.
  package static func unmap(_ bytes: UnsafeRawBufferPointer) {
    guard let base = bytes.baseAddress else { return }
    _ = munmap(UnsafeMutableRawPointer(mutating: base), bytes.count)
  }

  /// Lets the system drop the map's pages from the resident set now (`MADV_DONTNEED`); they
  /// come back from the page cache when touched again, with the same contents.
  package static func releaseResidentPages(_ bytes: UnsafeRawBufferPointer) {
    guard let base = bytes.baseAddress else { return }
    _ = madvise(UnsafeMutableRawPointer(mutating: base), bytes.count, MADV_DONTNEED)
  }
}
