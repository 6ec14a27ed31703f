import Dispatch
import IntentBridgeConcurrency
import Synchronization
import Testing

/// `concurrentMap` is the serial map, in order, whatever the length and chunking;
/// `concurrentIterations` calls its body once per index, on more than one thread when asked,
/// also when nested inside `sideBySide` (where a nested `concurrentPerform` would run its
/// iterations one after the other).
@Suite struct ConcurrentMapTests {
  @Test(arguments: [0, 1, 2, 7, 64, 1000, 4097])
  func mapsInOrder(count: Int) {
    let elements = (0..<count).map { "e\($0)" }
    let serial = elements.map { $0.uppercased() + String($0.count) }
    for minimumChunk in [1, 16, 5000] {
      #expect(concurrentMap(elements, minimumChunk: minimumChunk) { $0.uppercased() + String($0.count) } == serial)
    }
  }

  /// The chunked form hands `transform` consecutive slices of the asked size (the last one
  /// shorter) and joins their results in order.
  @Test(arguments: [0, 1, 15, 16, 17, 100])
  func mapsChunksInOrder(count: Int) {
    let elements = Array(0..<count)
    let chunks = Mutex<[[Int]]>([])
    let mapped = concurrentMap(elements, chunkSize: 16) { chunk -> [Int] in
      chunks.withLock { $0.append(Array(chunk)) }
      return chunk.map { $0 * 3 }
    }
    #expect(mapped == elements.map { $0 * 3 })
    let seen = chunks.withLock { $0 }.sorted { ($0.first ?? 0) < ($1.first ?? 0) }
    #expect(seen == stride(from: 0, to: count, by: 16).map { Array($0..<min($0 + 16, count)) })
  }

  @Test func everyIterationRunsOnce() {
    let counts = Mutex<[Int]>([Int](repeating: 0, count: 500))
    concurrentIterations(500, threads: 4) { i in counts.withLock { $0[i] += 1 } }
    #expect(counts.withLock { $0 } == [Int](repeating: 1, count: 500))
  }

  /// The two iterations meet: each signals that it has started and waits for the other.
  /// On one thread the first would wait for ever; the wait is bounded (30 s, against a
  /// rendezvous that takes microseconds) so that such a failure ends the test.
  @Sendable static func iterationsMeet() -> Bool {
    let started = [DispatchSemaphore(value: 0), DispatchSemaphore(value: 0)]
    let met = Atomic<Int>(0)
    concurrentIterations(2, threads: 2) { i in
      started[i].signal()
      if started[1 - i].wait(timeout: .now() + 30) == .success {
        started[1 - i].signal()
        met.add(1, ordering: .sequentiallyConsistent)
      }
    }
    return met.load(ordering: .sequentiallyConsistent) == 2
  }

  @Test func iterationsRunOnSeveralThreadsAlsoInsideSideBySide() {
    #expect(Self.iterationsMeet())
    let (outer, inner) = sideBySide {
      Self.iterationsMeet()
    } _: {
      Self.iterationsMeet()
    }
    #expect(outer && inner)
  }

  @Test func sideBySideReturnsBoth() {
    let (a, b) = sideBySide {
      (0..<1000).reduce(0, +)
    } _: {
      String(repeating: "x", count: 3)
    }
    #expect(a == 499_500)
    #expect(b == "xxx")
  }
}
