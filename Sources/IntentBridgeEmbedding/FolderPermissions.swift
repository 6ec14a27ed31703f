/// The rule for where derived files (index files, compiled tokenizers) may be written.
package enum FolderPermissions {
  /// Whether `folder` is read-only by its permission bits (no write bit for anyone): a shared,
  /// read-only data or model folder gets no derived file even when the process could write
  /// there (as root can). A folder whose status cannot be read counts as writable (the write
  /// itself then fails and is handled).
  ///
  ///     FolderPermissions.isReadOnly("/usr/share/models/e5")   // true for mode 0555
  package static func isReadOnly(_ folder: String) -> Bool {
    guard let mode = ModelFile.permissionBits(of: folder.isEmpty ? "." : folder) else { return false }
    return mode & 0o222 == 0
  }
}
