import Foundation
import IntentBridgeBinary
import IntentBridgeSystem
import Testing

@testable import IntentBridgeEmbedding

/// A mapped file that another process truncates or rewrites in place (`cp` over the model
/// or the compiled tokenizer while processes start) no longer kills the process with SIGBUS:
/// the rest of the mapping reads as zeros and the file is reported as rewritten.
@Suite(.serialized) struct MappedFileGuardTests {
  @Test func aTruncatedMappingReadsZerosInsteadOfFaulting() throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("ib-guard-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let path = directory.appendingPathComponent("table.bin").path
    try Data(repeating: 7, count: 1 << 20).write(to: URL(fileURLWithPath: path))
    let store = try ByteStore(mapping: path)
    #expect(store.isMapped)
    #expect(store.bytes[500_000] == 7 && !store.wasRewritten)
    // Truncate in place, as `cp` over the file does before it writes.
    let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
    try handle.truncate(atOffset: 4096)
    try handle.close()
    #expect(store.bytes[10] == 7, "pages before the new end keep their bytes")
    #expect(store.bytes[500_000] == 0, "a page past the new end reads as zeros, without a fault")
    #expect(store.bytes[(1 << 20) - 1] == 0)
    #expect(store.wasRewritten)
    #expect(MappedFileGuard.rewrittenFiles.contains(path))
    #expect(MappedFileGuard.warning(for: path).contains("was truncated or rewritten in place"))
  }

  @Test func anUntouchedMappingIsNotReported() throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("ib-guard-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let path = directory.appendingPathComponent("table.bin").path
    try Data(repeating: 3, count: 1 << 16).write(to: URL(fileURLWithPath: path))
    do {
      let store = try ByteStore(mapping: path)
      #expect(store.bytes[(1 << 16) - 1] == 3 && !store.wasRewritten)
      #expect(!MappedFileGuard.rewrittenFiles.contains(path))
    }
    // Released with the store: its slot is free again.
    #expect(!MappedFileGuard.rewrittenFiles.contains(path))
  }
}
