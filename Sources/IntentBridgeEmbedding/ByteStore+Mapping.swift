import IntentBridgeBinary

extension ByteStore {
  /// Maps the file at `path` read-only; falls back to reading it when mapping fails (an
  /// empty file, a file system without mmap).
  /// - Throws: `EmbeddingError.fileNotFound` / `.unreadable` naming the file.
  convenience init(mapping path: String) throws(EmbeddingError) {
    if let mapped = try ModelFile.map(path) {
      self.init(mapping: mapped, path: path)
    } else {
      self.init(copying: try ModelFile.contents(of: path))
    }
  }
}
